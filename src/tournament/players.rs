//! Player details and their import from CSV.

use serde::{Deserialize, Serialize};

use super::categories::{Attributes, Gender};
use super::said::Said;

/// Validated details of a player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayerDetails {
    pub name: String,
    pub club: String,
    pub country: String,
    pub rating: Option<i32>,
    /// For age categories.
    pub birth_year: Option<i32>,
    /// Where the event asks for it (women's categories and prizes).
    pub gender: Option<Gender>,
    /// A title the player holds ("GM", "Master"), as the event writes it.
    pub title: String,
    /// The federation the player plays for (a code such as "GHA"), if not the country.
    pub federation: String,
    /// The person of the rating list's register this player is, by the register's id.
    pub register_id: Option<i32>,
    /// The player's phone for SMS, as given with their consent (`None`: not given, the one kept
    /// stays). Private: never written with the player's details.
    #[serde(skip)]
    pub phone: Option<GivenPhone>,
}

/// A phone number as the staff give it with a player's details.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GivenPhone {
    /// As written (`+233 20 111 0001`, `020 111 0001`); empty: the phone kept is forgotten.
    pub number: String,
}

impl PlayerDetails {
    /// What an event's categories look at.
    pub fn attributes(&self) -> Attributes {
        Attributes {
            birth_year: self.birth_year,
            gender: self.gender,
            rating: self.rating,
        }
    }
}

/// Details as received.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerInput {
    pub name: Option<String>,
    pub club: Option<String>,
    pub country: Option<String>,
    pub rating: Option<i64>,
    pub birth_year: Option<i64>,
    /// `female` or `male` (also `f`, `w`, `woman`, `m`, `man`); empty: not given.
    pub gender: Option<String>,
    pub title: Option<String>,
    pub federation: Option<String>,
    /// The person's id in the rating list's register.
    #[serde(default)]
    pub register_id: Option<i64>,
    /// A phone number for SMS (empty: the phone kept is forgotten); taken only with
    /// `sms_consent`.
    #[serde(default)]
    pub phone: Option<String>,
    /// The player agreed to be sent SMS.
    #[serde(default)]
    pub sms_consent: Option<bool>,
}

/// The phone given, checked: a number written with its country's code or for the country, and
/// the player's consent to be sent SMS.
fn given_phone(input: &PlayerInput) -> Result<Option<GivenPhone>, Said> {
    let Some(number) = input.phone.as_deref().map(str::trim) else {
        return Ok(None);
    };
    if number.is_empty() {
        return Ok(Some(GivenPhone::default()));
    }
    if super::sms::number(number, None).is_none() {
        return Err(crate::said!(
            "sms-not-a-number",
            number = number.to_string()
        ));
    }
    if input.sms_consent != Some(true) {
        return Err(crate::said!("sms-consent-needed"));
    }
    Ok(Some(GivenPhone {
        number: number.to_string(),
    }))
}

/// The gender as a form or a file writes it.
fn parse_gender(text: &str) -> Result<Option<Gender>, Said> {
    match text.trim().to_lowercase().as_str() {
        "" => Ok(None),
        "f" | "w" | "female" | "woman" | "women" | "girl" => Ok(Some(Gender::Female)),
        "m" | "male" | "man" | "men" | "boy" => Ok(Some(Gender::Male)),
        other => Err(crate::said!("gender-not-female-male", other)),
    }
}

impl PlayerDetails {
    pub fn parse(input: &PlayerInput) -> Result<PlayerDetails, Said> {
        let name = input.name.as_deref().unwrap_or("").trim().to_string();
        let club = input.club.as_deref().unwrap_or("").trim().to_string();
        let country = input.country.as_deref().unwrap_or("").trim().to_string();
        if name.is_empty() {
            return Err(crate::said!("name-player-needs-name"));
        }
        if name.chars().count() > 100 {
            return Err(crate::said!("name-at-most-100-characters"));
        }
        if club.chars().count() > 100 {
            return Err(crate::said!("club-at-most-100-characters"));
        }
        if country.chars().count() > 60 {
            return Err(crate::said!("country-at-most-60-characters"));
        }
        if !plain_text(&name) || !plain_text(&club) || !plain_text(&country) {
            return Err(crate::said!("names-may-not-hold-control"));
        }
        let rating = match input.rating {
            None => None,
            Some(r) if (0..=4000).contains(&r) => Some(r as i32),
            Some(r) => return Err(crate::said!("rating-not-between-0-4000", r)),
        };
        let birth_year = match input.birth_year {
            None => None,
            Some(y) if (1900..=2100).contains(&y) => Some(y as i32),
            Some(y) => return Err(crate::said!("birth-year-not-year-1900", y)),
        };
        let gender = parse_gender(input.gender.as_deref().unwrap_or(""))?;
        let title = input.title.as_deref().unwrap_or("").trim().to_string();
        let federation = input.federation.as_deref().unwrap_or("").trim().to_string();
        if title.chars().count() > 20 || federation.chars().count() > 20 {
            return Err(crate::said!("title-federation-at-most-20"));
        }
        if !plain_text(&title) || !plain_text(&federation) {
            return Err(crate::said!("title-federation-no-control-characters"));
        }
        let register_id = match input.register_id {
            None => None,
            Some(id) if (1..=i64::from(i32::MAX)).contains(&id) => Some(id as i32),
            Some(id) => return Err(crate::said!("register-id-not-an-id", id)),
        };
        Ok(PlayerDetails {
            name,
            club,
            country,
            rating,
            birth_year,
            gender,
            title,
            federation,
            register_id,
            phone: given_phone(input)?,
        })
    }
}

/// Whether text is plain to show: no control characters (NUL, escapes, line breaks) and none of
/// the invisible characters that change the direction of the text around them (U+202A–U+202E,
/// U+2066–U+2069), with which a name can be made to read as another.
pub fn plain_text(text: &str) -> bool {
    !text.chars().any(|c| c.is_control() || is_hidden_layout(c))
}

/// The characters that change how text around them is laid out without showing themselves:
/// the bidirectional embeddings, overrides, isolates and marks (U+202E turns what follows
/// round), and the line and paragraph separators (U+2028, U+2029).
fn is_hidden_layout(c: char) -> bool {
    matches!(
        c,
        '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{061c}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// A bad row of an import, by line number of the file (the header is line 1).
#[derive(Clone, Debug, PartialEq)]
pub struct ImportError {
    pub line: u64,
    pub message: Said,
}

/// The columns a file of players may have (`name` required), in any order.
pub const COLUMNS: [&str; 11] = [
    "name",
    "club",
    "country",
    "rating",
    "birth_year",
    "gender",
    "title",
    "federation",
    "register_id",
    "phone",
    "sms_consent",
];

/// The columns an import reads that no file the service writes holds (a phone is private).
pub const PRIVATE_COLUMNS: [&str; 2] = ["phone", "sms_consent"];

/// The most rows one import takes.
pub const MAX_IMPORT_ROWS: usize = 5000;

/// The column a heading names by its code (`name`, `Rating`): the headings of one language.
pub fn by_code(heading: &str) -> Option<&'static str> {
    COLUMNS
        .iter()
        .copied()
        .find(|c| c.eq_ignore_ascii_case(heading.trim()))
}

/// Reads players from CSV with a header row naming the columns `name` (required), `club`,
/// `country`, `rating`... in any order, each heading read by `named` (which knows the headings
/// of every language the pages speak: `nom` is `name`). Every bad row is reported; the players
/// are returned only if there is none.
pub fn parse_player_csv(
    text: &str,
    named: impl Fn(&str) -> Option<&'static str> + Copy,
) -> Result<Vec<PlayerDetails>, Vec<ImportError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Lines are numbered as a spreadsheet numbers them, CR LF ends (Excel's) included: the
    // reader's count is one short after a CR LF.
    let text = text.replace("\r\n", "\n");
    // The reader takes a quote never closed as the rest of the file, and text after a closing
    // quote as part of the field: such a file is refused whole, at the line that is wrong, with
    // whatever is wrong in the lines before it.
    let (players, errors) = match check_quotes(&text) {
        Ok(()) => read_rows(&text, named),
        Err(quote) => {
            let before: String = text
                .split_inclusive('\n')
                .take(quote.line.saturating_sub(1) as usize)
                .collect();
            let (_, mut errors) = read_rows(&before, named);
            errors.push(quote);
            (Vec::new(), errors)
        }
    };
    if errors.is_empty() && players.is_empty() {
        return Err(vec![ImportError {
            line: 1,
            message: crate::said!("csv-no-players"),
        }]);
    }
    if errors.is_empty() {
        Ok(players)
    } else {
        Err(errors)
    }
}

/// The players of a CSV text whose quotes are whole, and every bad row.
fn read_rows(
    text: &str,
    named: impl Fn(&str) -> Option<&'static str> + Copy,
) -> (Vec<PlayerDetails>, Vec<ImportError>) {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers = match reader.headers() {
        Ok(h) => h.clone(),
        Err(e) => {
            let error = ImportError {
                line: 1,
                message: crate::said!("csv-header-unreadable", error = e.to_string()),
            };
            return (Vec::new(), vec![error]);
        }
    };
    let column = |name: &str| headers.iter().position(|h| named(h) == Some(name));
    let (name_col, club_col, country_col, rating_col) = (
        column("name"),
        column("club"),
        column("country"),
        column("rating"),
    );
    let (birth_col, gender_col, title_col, federation_col) = (
        column("birth_year"),
        column("gender"),
        column("title"),
        column("federation"),
    );
    let register_col = column("register_id");
    let (phone_col, consent_col) = (column("phone"), column("sms_consent"));
    let mut errors = check_headers(&headers, named);
    if name_col.is_none() {
        return (Vec::new(), errors);
    }
    let mut players = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = 2 + i as u64;
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(line, |p| p.line());
                errors.push(ImportError {
                    line,
                    message: match e.kind() {
                        csv::ErrorKind::UnequalLengths {
                            expected_len, len, ..
                        } => {
                            crate::said!("csv-fields-count", fields = len, header = expected_len)
                        }
                        csv::ErrorKind::Utf8 { .. } => {
                            crate::said!("csv-row-not-utf8")
                        }
                        _ => crate::said!("csv-row-unreadable", error = e.to_string()),
                    },
                });
                continue;
            }
        };
        let line = record.position().map_or(line, |p| p.line());
        if i >= MAX_IMPORT_ROWS {
            errors.push(ImportError {
                line,
                message: crate::said!("csv-too-many-rows", most = MAX_IMPORT_ROWS),
            });
            break;
        }
        let field = |col: Option<usize>| col.and_then(|c| record.get(c)).map(str::to_string);
        let number = |col: Option<usize>, what: &str| match field(col).as_deref() {
            None | Some("") => Ok(None),
            Some(r) => r
                .parse::<i64>()
                .map(Some)
                .map_err(|_| crate::said!("csv-not-whole-number", field = what, text = r)),
        };
        let parsed = number(rating_col, "rating").and_then(|rating| {
            PlayerDetails::parse(&PlayerInput {
                name: field(name_col),
                club: field(club_col),
                country: field(country_col),
                rating,
                birth_year: number(birth_col, "birth_year")?,
                gender: field(gender_col),
                title: field(title_col),
                federation: field(federation_col),
                register_id: number(register_col, "register_id")?,
                phone: field(phone_col),
                sms_consent: field(consent_col).map(|c| yes(&c)),
            })
        });
        match parsed {
            Ok(p) => players.push(p),
            Err(message) => errors.push(ImportError { line, message }),
        }
    }
    (players, errors)
}

/// Whether a cell says yes (`yes`, `oui`, `y`, `o`, `1`, `true`, `x`).
fn yes(cell: &str) -> bool {
    matches!(
        cell.trim().to_lowercase().as_str(),
        "yes" | "y" | "oui" | "o" | "1" | "true" | "x"
    )
}

/// The problems of a header row: a column named twice, no `name` column, a column unknown.
fn check_headers(
    headers: &csv::StringRecord,
    named: impl Fn(&str) -> Option<&'static str>,
) -> Vec<ImportError> {
    let mut errors = Vec::new();
    for (i, h) in headers.iter().enumerate() {
        if headers.iter().take(i).any(|earlier| {
            earlier.eq_ignore_ascii_case(h) || named(earlier).is_some_and(|c| named(h) == Some(c))
        }) {
            errors.push(ImportError {
                line: 1,
                message: crate::said!("csv-column-twice", column = h),
            });
        }
    }
    if !headers.iter().any(|h| named(h) == Some("name")) {
        errors.push(ImportError {
            line: 1,
            message: crate::said!("csv-no-name-column", columns = COLUMNS.join(", ")),
        });
    }
    for unknown in headers.iter().filter(|h| named(h).is_none()) {
        errors.push(ImportError {
            line: 1,
            message: crate::said!(
                "csv-unknown-column",
                column = unknown,
                columns = COLUMNS.join(", ")
            ),
        });
    }
    errors
}

/// Checks the quotes of a CSV text as RFC 4180 writes them: a field in quotes starts with one,
/// doubles those inside it and ends with one before the comma or the line's end (a quote inside
/// a field not in quotes is read as it stands). The first place that breaks this, by its line.
fn check_quotes(text: &str) -> Result<(), ImportError> {
    let mut line = 1u64;
    let mut chars = text.chars().peekable();
    // Where the field being read stands: at its start, inside a field not in quotes, inside
    // quotes (opened on a line), or just after its closing quote.
    enum At {
        Start,
        Plain,
        Quoted(u64),
        Closed,
    }
    let mut at = At::Start;
    while let Some(c) = chars.next() {
        at = match (at, c) {
            (At::Quoted(opened), '"') => {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    At::Quoted(opened)
                } else {
                    At::Closed
                }
            }
            (At::Quoted(opened), c) => {
                if c == '\n' {
                    line += 1;
                }
                At::Quoted(opened)
            }
            (_, '\n') => {
                line += 1;
                At::Start
            }
            (_, ',') => At::Start,
            (At::Start, '"') => At::Quoted(line),
            (At::Closed, ' ' | '\t') => At::Closed,
            (At::Closed, _) => {
                return Err(ImportError {
                    line,
                    message: crate::said!("csv-text-after-quote"),
                });
            }
            // A quote inside a field not in quotes is read as it stands (`=HYPERLINK("…")`).
            (At::Start | At::Plain, _) => At::Plain,
        };
    }
    match at {
        At::Quoted(opened) => Err(ImportError {
            line: opened,
            message: crate::said!("csv-quote-never-closed"),
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_would_read_as_something_else_are_refused() {
        for name in [
            "Ama\u{202e}awO",
            "Kofi\u{2066}x",
            "Ama\0",
            "Ama\nOwusu",
            "Ama\u{1b}[31m",
        ] {
            let input = PlayerInput {
                name: Some(name.to_string()),
                ..PlayerInput::default()
            };
            assert!(PlayerDetails::parse(&input).is_err(), "{name:?}");
        }
        assert!(plain_text("Adjoa Boateng-Mensah (GH) ✓"));
    }

    #[test]
    fn reads_birth_year_gender_title_and_federation() {
        let players = parse_player_csv(
            "name,birth_year,gender,title,federation\nAkua,2015,F,,GHA\nKofi,1960,m,Master,\nYaw,,,,\n", by_code)
        .unwrap();
        assert_eq!(
            (
                players[0].birth_year,
                players[0].gender,
                players[0].federation.as_str()
            ),
            (Some(2015), Some(Gender::Female), "GHA")
        );
        assert_eq!(
            (players[1].gender, players[1].title.as_str()),
            (Some(Gender::Male), "Master")
        );
        assert_eq!((players[2].birth_year, players[2].gender), (None, None));
        let errors = parse_player_csv(
            "name,birth_year,gender\nAma,1850,f\nEsi,2012,x\nAbena,2o12,f\n",
            by_code,
        )
        .unwrap_err();
        let lines: Vec<u64> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 3, 4], "{errors:?}");
    }

    #[test]
    fn reads_columns_in_any_order() {
        let players = parse_player_csv(
            "\u{feff}Rating,name,club,country\n1850,Ama Mensah,Accra Oware Club,GH\n,Kofi,,\n",
            by_code,
        )
        .unwrap();
        assert_eq!(players.len(), 2);
        assert_eq!(players[0].rating, Some(1850));
        assert_eq!(players[0].club, "Accra Oware Club");
        assert_eq!(players[1].rating, None);
    }

    #[test]
    fn every_bad_row_is_reported_by_line() {
        let errors = parse_player_csv(
            "name,club,country,rating\nAma,A,GH,1800\n,B,GH,1700\nKofi,C,GH,strong\nYaw,D\nEsi,E,GH,99999\n", by_code)
        .unwrap_err();
        let lines: Vec<u64> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [3, 4, 5, 6], "{errors:?}");
        assert!(errors[1].message.to_string().contains("strong"));
        assert!(errors[2].message.has_key("csv-fields-count"));
    }

    #[test]
    fn header_problems() {
        assert_eq!(
            parse_player_csv("club,country\nA,GH\n", by_code).unwrap_err()[0].line,
            1
        );
        assert!(
            parse_player_csv("name,colour\nAma,red\n", by_code).unwrap_err()[0]
                .message
                .to_string()
                .contains("colour")
        );
        assert!(parse_player_csv("name\n", by_code).is_err());
        assert!(parse_player_csv("", by_code).is_err());
    }

    #[test]
    fn lines_are_counted_as_a_spreadsheet_numbers_them_with_a_bom_and_crlf() {
        // Excel's "CSV UTF-8": a byte-order mark and CR LF line ends.
        let text = "\u{feff}name,rating\r\nAma Mensah,1800\r\nKofi,strong\r\n";
        let errors = parse_player_csv(text, by_code).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].line, 3, "{:?}", errors[0]);
    }

    #[test]
    fn a_file_that_is_not_the_csv_it_claims_is_refused_whole_at_its_line() {
        let refused = |text: &str| parse_player_csv(text, by_code).unwrap_err();
        for (text, line, words) in [
            (
                "name,club\nAma,\"Accra\nKofi,Kumasi\n",
                2,
                "csv-quote-never-closed",
            ),
            (
                "name,club\nAma,Accra\nKofi,\"Kumasi\n",
                3,
                "csv-quote-never-closed",
            ),
            (
                "name,club\nAma,\"Ac\"cra\"\nKofi,Kumasi\n",
                2,
                "csv-text-after-quote",
            ),
            ("name,name\nAma,Kofi\n", 1, "csv-column-twice"),
            ("Name,club,NAME\nAma,Accra,Kofi\n", 1, "csv-column-twice"),
        ] {
            let errors = refused(text);
            assert!(
                errors
                    .iter()
                    .any(|e| e.line == line && e.message.has_key(words)),
                "{text:?}: {errors:?}"
            );
        }
        // Quotes as spreadsheets write them are read as they mean.
        let players = parse_player_csv(
            "name,club\r\n\"Owusu, Ama\",\"The \"\"Stars\"\"\"\r\n\"Kofi\nBoateng\",Kumasi\r\n",
            by_code,
        );
        let errors = players.clone().err().unwrap_or_default();
        // A line break inside a name is refused as such, on its own line, not as a quote.
        assert!(
            errors.iter().all(|e| !e.message.key.contains("quote")),
            "{errors:?}"
        );
        let players = parse_player_csv(
            "name,club\r\n\"Owusu, Ama\",\"The \"\"Stars\"\"\"\r\n",
            by_code,
        )
        .unwrap();
        assert_eq!(players[0].name, "Owusu, Ama");
        assert_eq!(players[0].club, "The \"Stars\"");
    }
}
