//! The circuit's files, each UTF-8, comma-separated, with a header line: `circuit.csv` (every
//! result of the counting events: the facts, read back here), and the three the standings give
//! (`standings.csv`, `points.csv`, `qualified.csv`), written here byte for byte as the hub
//! publishes them. `rules.json` is the rules as serde writes them.

use chrono::NaiveDate;

use super::points::{Place, Total};
use super::qualification::{Qualification, Qualifying};
pub use super::results::ResultRow;
use super::standings::Standings;
use crate::rating::files::{FileProblem, Problem, field, records, text_in, text_out};

pub const RESULTS_HEADER: &str =
    "tournament_id,tournament,date,person_id,name,categories,place,last_place,field,score,finished";
pub const STANDINGS_HEADER: &str =
    "rank,person_id,name,categories,points,events,counted,best,provisional,tie_break";
pub const POINTS_HEADER: &str = "tournament_id,person_id,place,last_place,points,counted";
pub const QUALIFIED_HEADER: &str = "seed,person_id,name,rank,status,rule,category,declined_on";

/// The names of the published files, as `/circuits/{id}/<file>` serves them.
pub const FILES: [&str; 5] = [
    "rules.json",
    "circuit.csv",
    "standings.csv",
    "points.csv",
    "qualified.csv",
];

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn writer() -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new())
}

fn text(w: csv::Writer<Vec<u8>>) -> String {
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

fn header(w: &mut csv::Writer<Vec<u8>>, header: &str) {
    let _ = w.write_record(header.split(','));
}

/// A score in half points as a decimal (`4.5`).
fn halves_text(halves: i64) -> String {
    Total(halves * 5_000).decimal(".")
}

pub fn write_results(rows: &[ResultRow]) -> String {
    let mut w = writer();
    header(&mut w, RESULTS_HEADER);
    for r in rows {
        let _ = w.write_record([
            r.tournament_id.to_string(),
            text_out(&r.tournament).into_owned(),
            r.date.map(|d| d.to_string()).unwrap_or_default(),
            r.person_id.to_string(),
            text_out(&r.name).into_owned(),
            r.categories.join(";"),
            r.place.first.to_string(),
            r.place.last.to_string(),
            r.place.field.to_string(),
            halves_text(r.place.halves),
            yes_no(r.finished).to_string(),
        ]);
    }
    text(w)
}

/// Reads `circuit.csv`: a person given twice in one tournament, a place outside its field or
/// a score not in half points is refused with its line.
pub fn read_results(text: &str) -> Result<Vec<ResultRow>, FileProblem> {
    let mut seen = std::collections::HashSet::new();
    let mut rows = Vec::new();
    for (line, record) in records(text, RESULTS_HEADER)? {
        let problem = |what: &'static str| FileProblem {
            line,
            what: Problem::Field(what),
        };
        let date = match &record[2] {
            "" => None,
            d => Some(d.parse::<NaiveDate>().map_err(|_| problem("date"))?),
        };
        let first: usize = field(&record, 6, line, "place")?;
        let last: usize = field(&record, 7, line, "last place")?;
        let size: usize = field(&record, 8, line, "field")?;
        if first == 0 || last < first || last > size {
            return Err(problem("place"));
        }
        let score = Total::parse(&record[9])
            .filter(|t| t.0 % 5_000 == 0)
            .ok_or_else(|| problem("score"))?;
        let finished = match &record[10] {
            "yes" => true,
            "no" => false,
            _ => return Err(problem("finished")),
        };
        let row = ResultRow {
            tournament_id: field(&record, 0, line, "tournament_id")?,
            tournament: text_in(&record[1]).to_string(),
            date,
            person_id: field(&record, 3, line, "person_id")?,
            name: text_in(&record[4]).to_string(),
            categories: record[5]
                .split(';')
                .filter(|c| !c.is_empty())
                .map(str::to_string)
                .collect(),
            place: Place {
                first,
                last,
                field: size,
                halves: score.0 / 5_000,
            },
            finished,
        };
        if !seen.insert((row.tournament_id, row.person_id)) {
            return Err(FileProblem {
                line,
                what: Problem::Twice,
            });
        }
        rows.push(row);
    }
    Ok(rows)
}

pub fn write_standings(s: &Standings) -> String {
    let mut w = writer();
    header(&mut w, STANDINGS_HEADER);
    for r in &s.rows {
        let tie: &str = r.tie_break.map(<&str>::from).unwrap_or_default();
        let _ = w.write_record([
            r.rank.to_string(),
            r.person_id.to_string(),
            text_out(&r.name).into_owned(),
            r.categories.join(";"),
            r.total.to_string(),
            r.events.to_string(),
            r.counted.to_string(),
            r.best.to_string(),
            yes_no(r.provisional).to_string(),
            tie.to_string(),
        ]);
    }
    text(w)
}

/// Every result with its points (the coefficient applied) and whether it counts.
pub fn write_points(s: &Standings) -> String {
    let mut w = writer();
    header(&mut w, POINTS_HEADER);
    for r in &s.rows {
        for p in &r.results {
            let _ = w.write_record([
                p.tournament_id.to_string(),
                r.person_id.to_string(),
                p.place.first.to_string(),
                p.place.last.to_string(),
                p.points.to_string(),
                yes_no(p.counted).to_string(),
            ]);
        }
    }
    text(w)
}

fn rule(by: &Qualifying) -> (&'static str, &str) {
    match by {
        Qualifying::Top => ("top", ""),
        Qualifying::Category(c) => ("category", c),
        Qualifying::Reserved(c) => ("reserved", c),
    }
}

/// The qualified in seeding order, then those who declined, then the next in line.
pub fn write_qualified(q: &Qualification) -> String {
    let mut w = writer();
    header(&mut w, QUALIFIED_HEADER);
    for p in &q.qualified {
        let (rule, category) = rule(&p.by);
        let _ = w.write_record([
            &p.seed.to_string(),
            &p.person_id.to_string(),
            &*text_out(&p.name),
            &p.rank.to_string(),
            "qualified",
            rule,
            category,
            "",
        ]);
    }
    for p in &q.declined {
        let (rule, category) = rule(&p.by);
        let _ = w.write_record([
            "",
            &p.person_id.to_string(),
            &*text_out(&p.name),
            &p.rank.to_string(),
            "declined",
            rule,
            category,
            &p.on.to_string(),
        ]);
    }
    for (id, name, rank) in &q.next {
        let _ = w.write_record([
            "",
            &id.to_string(),
            &*text_out(name),
            &rank.to_string(),
            "next",
            "top",
            "",
            "",
        ]);
    }
    text(w)
}

/// The rules as `rules.json` has them: serde's pretty JSON, with a newline at the end.
pub fn write_rules(rules: &super::Rules) -> String {
    let mut text = serde_json::to_string_pretty(rules).unwrap_or_default();
    text.push('\n');
    text
}

/// What the published files are written from: the rules and results, and what they give.
pub struct Published<'a> {
    pub rules: &'a super::Rules,
    pub results: &'a [ResultRow],
    pub standings: &'a Standings,
    pub qualification: &'a Qualification,
}

impl Published<'_> {
    /// One file by its name in [`FILES`] (`None` for a name that is not one).
    pub fn file(&self, name: &str) -> Option<String> {
        Some(match name {
            "rules.json" => write_rules(self.rules),
            "circuit.csv" => write_results(self.results),
            "standings.csv" => write_standings(self.standings),
            "points.csv" => write_points(self.standings),
            "qualified.csv" => write_qualified(self.qualification),
            _ => return None,
        })
    }
}

/// Every file the circuit publishes from its rules and results, in the order of [`FILES`].
pub fn publish(rules: &super::Rules, results: &[ResultRow]) -> [String; 5] {
    let standings = super::standings(rules, results);
    let qualification = super::qualify(rules, &standings);
    let published = Published {
        rules,
        results,
        standings: &standings,
        qualification: &qualification,
    };
    FILES.map(|name| published.file(name).unwrap_or_default())
}
