//! CSV downloads, UTF-8 with a byte-order mark (so that Excel reads "Abɛna" as written). A cell
//! that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
//! carriage return) is prefixed with `'`, so it stays text; numbers stay numbers.

use crate::locale::Lang;
use actix_web::HttpResponse;

use crate::service::ServiceError;

/// The cell as text a spreadsheet will not evaluate.
pub fn neutralise(cell: &str) -> std::borrow::Cow<'_, str> {
    // A plain decimal number (a negative seed difference, say) is not a formula and stays a
    // number; `-inf`, `+NaN` or `-1e308` are not plain and are neutralised like any text.
    if is_plain_number(cell) {
        return cell.into();
    }
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{cell}").into(),
        _ => cell.into(),
    }
}

/// `-12`, `3.5`, `0.25`: an optional minus, digits, and an optional fraction.
fn is_plain_number(cell: &str) -> bool {
    let digits = cell.strip_prefix('-').unwrap_or(cell);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    !whole.is_empty()
        && !fraction.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

/// Writes `rows` under `header` (its columns' codes, headed in `lang`) as a CSV download named
/// `filename`.
pub fn download<I, R>(
    lang: Lang,
    filename: &str,
    header: &[&str],
    rows: I,
) -> Result<HttpResponse, ServiceError>
where
    I: IntoIterator<Item = R>,
    R: IntoIterator<Item = String>,
{
    Ok(attachment(filename, write(lang, header, rows)?.into()))
}

/// A column's heading in `lang` (`name`, `nom`): its message `csv-CODE`, or the code itself
/// where there is none (a tie-break's, `BH`).
pub fn heading(lang: Lang, code: &str) -> String {
    let key = format!("csv-{code}");
    match lang.t(&key) {
        words if words == key => code.to_string(),
        words => words,
    }
}

/// The column of a file of players a heading names, in any language the service speaks.
pub fn player_column(heading_text: &str) -> Option<&'static str> {
    column_named(heading_text, &crate::tournament::players::COLUMNS)
}

/// The column a heading names in any language the service speaks (`nom`, `Name` and `NAME` are
/// all `name`), by its code, its heading in a file the service writes, or the label of its field
/// on the pages (`Birth year`, `Année de naissance`, `Register number`), or `None`.
pub fn column_named(heading_text: &str, codes: &[&'static str]) -> Option<&'static str> {
    // Case, accents and separators aside: `ÉLO`, `annee_naissance` and `birth-year` are typed
    // too.
    let squashed = |text: &str| -> String {
        let folded = crate::tournament::names::folded(text.trim());
        folded
            .split(|c: char| c.is_whitespace() || matches!(c, '_' | '-' | '.'))
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("_")
    };
    let wanted = squashed(heading_text);
    codes.iter().copied().find(|code| {
        let label = format!("field-{}", code.replace('_', "-"));
        *code == wanted
            || Lang::all().any(|lang| {
                squashed(&heading(lang, code)) == wanted
                    || Some(lang.t(&label))
                        .filter(|l| *l != label)
                        .map(|l| squashed(&l))
                        == Some(wanted.clone())
            })
    })
}

/// A CSV download named `filename` of what [`write()`] wrote.
pub fn attachment(filename: &str, body: actix_web::web::Bytes) -> HttpResponse {
    super::attachment("text/csv; charset=utf-8", filename, body)
}

/// UTF-8's byte-order mark, which spreadsheets take as the sign of UTF-8.
pub const BOM: &str = "\u{feff}";

/// `rows` under `header` (headed in `lang`) as CSV, after the byte-order mark. Numbers keep
/// their dot in every language: a spreadsheet reads them as numbers.
pub fn write<I, R>(lang: Lang, header: &[&str], rows: I) -> Result<Vec<u8>, ServiceError>
where
    I: IntoIterator<Item = R>,
    R: IntoIterator<Item = String>,
{
    let mut writer = csv::Writer::from_writer(BOM.as_bytes().to_vec());
    let header: Vec<String> = header.iter().map(|code| heading(lang, code)).collect();
    writer
        .write_record(&header)
        .map_err(|e| ServiceError::Internal(e.to_string()))?;
    for row in rows {
        let cells: Vec<String> = row
            .into_iter()
            .map(|c| neutralise(&c).into_owned())
            .collect();
        writer
            .write_record(&cells)
            .map_err(|e| ServiceError::Internal(e.to_string()))?;
    }
    writer
        .into_inner()
        .map_err(|e| ServiceError::Internal(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::{neutralise, player_column};

    #[test]
    fn a_players_column_is_named_as_people_head_it() {
        for (heading, code) in [
            ("Birth year", "birth_year"),
            ("birth-year", "birth_year"),
            ("année de naissance", "birth_year"),
            ("ANNEE_NAISSANCE", "birth_year"),
            ("Register number", "register_id"),
            ("Numéro au registre", "register_id"),
            ("register_id", "register_id"),
            ("Nom", "name"),
            ("Fédération", "federation"),
        ] {
            assert_eq!(player_column(heading), Some(code), "{heading}");
        }
        for heading in ["Birth", "year", "register", "Numéro"] {
            assert_eq!(player_column(heading), None, "{heading}");
        }
    }

    #[test]
    fn formulas_become_text() {
        for cell in ["=1+1", "+44 20", "-2+3", "@SUM(A1)", "\tx", "-GH"] {
            assert!(neutralise(cell).starts_with('\''), "{cell}");
        }
        assert_eq!(neutralise("Ama"), "Ama");
        assert_eq!(neutralise("-3"), "-3");
        assert_eq!(neutralise("-2.5"), "-2.5");
        assert_eq!(neutralise(""), "");
        for cell in ["-inf", "+NaN", "-1e308", "+1", "-.5"] {
            assert!(neutralise(cell).starts_with('\''), "{cell}");
        }
        assert_eq!(neutralise("12"), "12");
        assert_eq!(neutralise("0.75"), "0.75");
    }

    #[test]
    fn columns_are_headed_in_the_language_and_read_in_any() {
        use super::{Lang, heading, player_column};
        let fr = Lang::from_code("fr").unwrap();
        assert_eq!(heading(Lang::ENGLISH, "games_played"), "games_played");
        assert_eq!(heading(fr, "games_played"), "parties_jouées");
        // A tie-break's code has no words of its own.
        assert_eq!(heading(fr, "BH"), "BH");
        for (typed, column) in [
            ("Nom", Some("name")),
            ("NAME", Some("name")),
            (" année_naissance ", Some("birth_year")),
            ("ANNEE_NAISSANCE", Some("birth_year")),
            ("ÉLO", Some("rating")),
            ("Fédération", Some("federation")),
            ("colour", None),
            ("rang", None),
        ] {
            assert_eq!(player_column(typed), column, "{typed}");
        }
    }
}
