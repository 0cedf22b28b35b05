//! The published files of the rating list, each UTF-8, comma-separated, with a header line:
//! `games.csv` (every rated game), `list.csv` (the list after the last period), `history.csv`
//! (every person's values after every period in which they played) and `persons.csv` (the
//! register: who each id is). They are written here, and `games.csv` and `persons.csv` read
//! back (`season.rs` writes the list and the history), so that anyone can recompute the list
//! from them byte for byte.

use std::fmt;

use chrono::NaiveDate;

use super::period::Period;

pub const GAMES_HEADER: &str = "period,date,tournament_id,game_id,south_id,north_id,south_score";
pub const LIST_HEADER: &str = "id,name,federation,rating,rd,volatility,games,status";
pub const HISTORY_HEADER: &str = "period,id,rating,rd,volatility,games";
pub const PERSONS_HEADER: &str = "id,name,birth_year,gender,federation,club,licence,merged_into";
/// The register as a venue imports it: the persons, with their rating and RD on the list.
pub const REGISTER_HEADER: &str =
    "id,name,birth_year,gender,federation,club,licence,merged_into,rating,rd";

/// A text cell (a name, a club, a tournament's name) as the files write it: one a spreadsheet
/// would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) gets a `'`
/// before it, and so does one that starts with `'` before such a character or another `'`, so
/// that [`text_in`] gives back exactly what was written out.
pub fn text_out(cell: &str) -> std::borrow::Cow<'_, str> {
    let escaped = |c: char| matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r');
    let mut chars = cell.chars();
    match (chars.next(), chars.next()) {
        (Some(c), _) if escaped(c) => format!("'{cell}").into(),
        (Some('\''), Some(c)) if escaped(c) || c == '\'' => format!("'{cell}").into(),
        _ => cell.into(),
    }
}

/// A text cell as [`text_out`] wrote it, back to what it holds.
pub fn text_in(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r', '\'']) => rest,
        _ => cell,
    }
}

/// South's score in a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    pub fn points(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    fn text(self) -> &'static str {
        match self {
            Score::Win => "1",
            Score::Draw => "0.5",
            Score::Loss => "0",
        }
    }
}

/// One rated game, as `games.csv` has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub period: Period,
    /// The day the game's round was played.
    pub date: NaiveDate,
    pub tournament_id: i64,
    pub game_id: i64,
    pub south_id: i64,
    pub north_id: i64,
    pub south_score: Score,
}

/// One person of the register, as `persons.csv` has them.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PersonRow {
    pub id: i64,
    pub name: String,
    pub birth_year: Option<i64>,
    pub gender: String,
    pub federation: String,
    pub club: String,
    pub licence: String,
    /// The person this one was merged into (their games count as that person's).
    pub merged_into: Option<i64>,
    /// On the list (in the register a venue imports): the rating and RD.
    pub rating: Option<f64>,
    pub rd: Option<f64>,
}

/// What is wrong with a file, and on which line (the header is line 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileProblem {
    pub line: usize,
    pub what: Problem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The first line is not the file's header (it should be the one given).
    Header(&'static str),
    /// Not as many fields as the header names.
    Fields,
    /// A field that does not read as its column's values do.
    Field(&'static str),
    /// A game's date is not in its period.
    DateOutsidePeriod,
    /// A game of a person against themselves.
    SamePerson,
    /// A game or person given twice.
    Twice,
    /// Not a UTF-8 text file.
    NotText,
}

impl fmt::Display for FileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.what {
            Problem::Header(h) => write!(f, "the first line should be the header \"{h}\""),
            Problem::Fields => f.write_str("not as many fields as the header names"),
            Problem::Field(c) => write!(f, "the {c} does not read"),
            Problem::DateOutsidePeriod => f.write_str("the date is not in the period"),
            Problem::SamePerson => f.write_str("a person cannot play themselves"),
            Problem::Twice => f.write_str("given twice"),
            Problem::NotText => f.write_str("the file is not UTF-8 text"),
        }
    }
}

impl std::error::Error for FileProblem {}

/// The records of a CSV text whose header must be `header`, with their line numbers.
pub fn records(
    text: &str,
    header: &'static str,
) -> Result<Vec<(usize, csv::StringRecord)>, FileProblem> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let columns = header.split(',').count();
    let mut out = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 1;
        let record = record.map_err(|_| FileProblem {
            line,
            what: Problem::NotText,
        })?;
        if i == 0 {
            if record.iter().collect::<Vec<_>>().join(",") != header {
                return Err(FileProblem {
                    line,
                    what: Problem::Header(header),
                });
            }
            continue;
        }
        if record.len() != columns {
            return Err(FileProblem {
                line,
                what: Problem::Fields,
            });
        }
        out.push((line, record));
    }
    if out.is_empty() && !text.starts_with(header) {
        return Err(FileProblem {
            line: 1,
            what: Problem::Header(header),
        });
    }
    Ok(out)
}

pub fn field<T: std::str::FromStr>(
    record: &csv::StringRecord,
    i: usize,
    line: usize,
    name: &'static str,
) -> Result<T, FileProblem> {
    record[i].parse().map_err(|_| FileProblem {
        line,
        what: Problem::Field(name),
    })
}

/// Reads `games.csv`.
pub fn read_games(text: &str) -> Result<Vec<GameRow>, FileProblem> {
    let mut seen = std::collections::HashSet::new();
    let mut games = Vec::new();
    for (line, r) in records(text, GAMES_HEADER)? {
        let period: Period = field(&r, 0, line, "period")?;
        let date: NaiveDate = field(&r, 1, line, "date")?;
        let south_score = match &r[6] {
            "1" => Score::Win,
            "0.5" => Score::Draw,
            "0" => Score::Loss,
            _ => {
                return Err(FileProblem {
                    line,
                    what: Problem::Field("south_score"),
                });
            }
        };
        let row = GameRow {
            period,
            date,
            tournament_id: field(&r, 2, line, "tournament_id")?,
            game_id: field(&r, 3, line, "game_id")?,
            south_id: field(&r, 4, line, "south_id")?,
            north_id: field(&r, 5, line, "north_id")?,
            south_score,
        };
        if period_of(date) != period {
            return Err(FileProblem {
                line,
                what: Problem::DateOutsidePeriod,
            });
        }
        if row.south_id == row.north_id {
            return Err(FileProblem {
                line,
                what: Problem::SamePerson,
            });
        }
        if !seen.insert((row.tournament_id, row.game_id)) {
            return Err(FileProblem {
                line,
                what: Problem::Twice,
            });
        }
        games.push(row);
    }
    Ok(games)
}

/// The period of a day.
pub fn period_of(date: NaiveDate) -> Period {
    use chrono::Datelike;
    Period::new(date.year(), date.month()).expect("a date's month is a period")
}

pub(super) fn writer() -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new())
}

pub(super) fn finish(w: csv::Writer<Vec<u8>>) -> String {
    String::from_utf8(w.into_inner().expect("writing to memory")).expect("UTF-8 fields")
}

pub(super) fn line(w: &mut csv::Writer<Vec<u8>>, fields: &[&str]) {
    w.write_record(fields).expect("writing to memory");
}

/// Writes `games.csv`, in the order given.
pub fn write_games(games: &[GameRow]) -> String {
    let mut w = writer();
    line(&mut w, &GAMES_HEADER.split(',').collect::<Vec<_>>());
    for g in games {
        line(
            &mut w,
            &[
                &g.period.to_string(),
                &g.date.to_string(),
                &g.tournament_id.to_string(),
                &g.game_id.to_string(),
                &g.south_id.to_string(),
                &g.north_id.to_string(),
                g.south_score.text(),
            ],
        );
    }
    finish(w)
}

/// Writes `persons.csv`, in the order given.
pub fn write_persons(persons: &[PersonRow]) -> String {
    write_people(persons, false)
}

/// Writes the register a venue imports: `persons.csv` with each one's rating and RD.
pub fn write_register(persons: &[PersonRow]) -> String {
    write_people(persons, true)
}

fn write_people(persons: &[PersonRow], ratings: bool) -> String {
    let mut w = writer();
    let header = if ratings {
        REGISTER_HEADER
    } else {
        PERSONS_HEADER
    };
    line(&mut w, &header.split(',').collect::<Vec<_>>());
    let number = |v: Option<f64>| v.map(|v| format!("{v:.2}")).unwrap_or_default();
    for p in persons {
        let mut fields = vec![
            p.id.to_string(),
            text_out(&p.name).into_owned(),
            p.birth_year.map(|y| y.to_string()).unwrap_or_default(),
            text_out(&p.gender).into_owned(),
            text_out(&p.federation).into_owned(),
            text_out(&p.club).into_owned(),
            text_out(&p.licence).into_owned(),
            p.merged_into.map(|y| y.to_string()).unwrap_or_default(),
        ];
        if ratings {
            fields.extend([number(p.rating), number(p.rd)]);
        }
        w.write_record(&fields).expect("writing to memory");
    }
    finish(w)
}

/// Reads `persons.csv`, or the register a venue imports (with ratings).
pub fn read_persons(text: &str) -> Result<Vec<PersonRow>, FileProblem> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let optional = |r: &csv::StringRecord, i: usize, line: usize, name| {
        if r[i].is_empty() {
            Ok(None)
        } else {
            field(r, i, line, name).map(Some)
        }
    };
    let header = if text
        .trim_start_matches('\u{feff}')
        .starts_with(REGISTER_HEADER)
    {
        REGISTER_HEADER
    } else {
        PERSONS_HEADER
    };
    let text = text.trim_start_matches('\u{feff}');
    for (line, r) in records(text, header)? {
        let row = PersonRow {
            id: field(&r, 0, line, "id")?,
            name: text_in(r[1].trim()).to_string(),
            birth_year: optional(&r, 2, line, "birth_year")?,
            gender: text_in(&r[3]).to_string(),
            federation: text_in(&r[4]).to_string(),
            club: text_in(&r[5]).to_string(),
            licence: text_in(&r[6]).to_string(),
            merged_into: optional(&r, 7, line, "merged_into")?,
            rating: None,
            rd: None,
        };
        let row = if header == REGISTER_HEADER {
            let real = |i: usize, name| -> Result<Option<f64>, FileProblem> {
                if r[i].is_empty() {
                    return Ok(None);
                }
                match r[i].parse::<f64>() {
                    Ok(v) if v.is_finite() && (0.0..=5000.0).contains(&v) => Ok(Some(v)),
                    _ => Err(FileProblem {
                        line,
                        what: Problem::Field(name),
                    }),
                }
            };
            PersonRow {
                rating: real(8, "rating")?,
                rd: real(9, "rd")?,
                ..row
            }
        } else {
            row
        };
        if row.id <= 0 || row.name.is_empty() {
            return Err(FileProblem {
                line,
                what: Problem::Field(if row.id <= 0 { "id" } else { "name" }),
            });
        }
        if !seen.insert(row.id) {
            return Err(FileProblem {
                line,
                what: Problem::Twice,
            });
        }
        out.push(row);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_a_spreadsheet_would_run_is_written_as_text_and_read_back_as_it_was() {
        for (held, written) in [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
            ("+233 24", "'+233 24"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("-1+2", "'-1+2"),
            ("'=quoted", "''=quoted"),
            ("''", "'''"),
            ("'Ndri", "'Ndri"),
            ("N'Dri", "N'Dri"),
            ("Ama Owusu", "Ama Owusu"),
            ("", ""),
        ] {
            assert_eq!(text_out(held), written, "{held}");
            assert_eq!(text_in(written), held, "{written}");
        }
        let person = PersonRow {
            id: 7,
            name: "=cmd|' /C calc'!A0".to_string(),
            birth_year: None,
            gender: String::new(),
            federation: "+GHA".to_string(),
            club: "@club".to_string(),
            licence: "-7".to_string(),
            merged_into: None,
            rating: None,
            rd: None,
        };
        let file = write_persons(std::slice::from_ref(&person));
        assert!(file.contains("'=cmd"), "{file}");
        assert!(
            !file
                .lines()
                .skip(1)
                .any(|l| l.split(',').any(|c| c.starts_with(['=', '+', '@'])))
        );
        assert_eq!(read_persons(&file).unwrap(), vec![person]);
    }
}
