//! A season's circuit: the events that count (each with its coefficient), the points a result
//! earns, each person's best results, the circuit's standings with their tie-breaks, and who
//! qualifies for the final. Pure computation from two files anyone can read (`rules.json`, the
//! rules as data, and `circuit.csv`, every result of the counting events), so that the hub's
//! published standings can be recomputed byte for byte (`oware-tournament circuit`).
//! `docs/circuits.md` states every rule with a worked example.

pub mod files;
pub mod points;
pub mod qualification;
pub mod results;
pub mod standings;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

pub use points::{Hundredths, PointsTable, Total};
pub use qualification::{Qualification, Qualified, Qualifying, qualify};
pub use standings::{CircuitStanding, ResultPoints, Standings, standings};

/// A circuit's rules, as `rules.json` has them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub name: String,
    /// The season's first and last days.
    pub season: Season,
    /// The tournaments that count, in the order they were announced.
    #[serde(default)]
    pub events: Vec<CountingEvent>,
    pub points: PointsTable,
    /// How many of a person's results count (their best); every one when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<usize>,
    /// The circuit's categories, each with its own standings (and places in the final, if the
    /// qualification gives it some).
    #[serde(default)]
    pub categories: Vec<CircuitCategory>,
    #[serde(default)]
    pub qualification: QualificationRules,
    /// The seed of the lots that order persons still equal after every tie-break (the draw of
    /// `docs/pairing.md`, "Stages").
    #[serde(default)]
    pub lots_seed: u64,
    /// The persons who declined their place in the final, with the day they did: each one's
    /// place goes to the next in line by the same rule.
    #[serde(default)]
    pub declined: Vec<Declined>,
    /// The final the qualified were entered in, once the organiser did.
    #[serde(default, rename = "final", skip_serializing_if = "Option::is_none")]
    pub final_tournament: Option<Final>,
}

/// The final: its tournament, and the persons the circuit entered there (a decliner is
/// withdrawn and the next in line entered while its first round is not paired).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Final {
    pub tournament_id: i64,
    #[serde(default)]
    pub entered: Vec<i64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Season {
    pub start: NaiveDate,
    pub end: NaiveDate,
}

/// A tournament that counts, as the hub numbers it, with its coefficient (the national
/// championship ×2, say).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountingEvent {
    pub tournament_id: i64,
    #[serde(default = "Hundredths::one")]
    pub coefficient: Hundredths,
}

/// Who a circuit's category admits, from the register's details: ages go by birth year, on 1
/// January of the season's first year (as FIDE counts them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum CategoryRule {
    /// Not yet `age` on 1 January: born in that year minus `age` or later.
    Under { age: i32 },
    /// `age` or older in that year: born in that year minus `age` or earlier.
    From { age: i32 },
    /// Women (the register's gender `female`).
    Women,
    /// The members of a federation or league (the register's federation, as written there).
    Federation { federation: String },
    /// The members of a club.
    Club { club: String },
}

/// A category of the circuit: a short code (written in `circuit.csv`), a name people read, its
/// rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CircuitCategory {
    pub code: String,
    pub name: String,
    #[serde(flatten)]
    pub rule: CategoryRule,
}

/// What the register says of a person that a category looks at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Details<'a> {
    pub birth_year: Option<i32>,
    pub gender: &'a str,
    pub federation: &'a str,
    pub club: &'a str,
}

impl CircuitCategory {
    /// Whether a person with these details is in the category in the season starting on
    /// `start` (a person whose birth year is not known is in no age category).
    pub fn admits(&self, p: &Details, start: NaiveDate) -> bool {
        use chrono::Datelike;
        let same =
            |a: &str, b: &str| !a.trim().is_empty() && a.trim().eq_ignore_ascii_case(b.trim());
        match &self.rule {
            CategoryRule::Under { age } => p.birth_year.is_some_and(|b| b >= start.year() - age),
            CategoryRule::From { age } => p.birth_year.is_some_and(|b| b <= start.year() - age),
            CategoryRule::Women => same(p.gender, "female"),
            CategoryRule::Federation { federation } => same(p.federation, federation),
            CategoryRule::Club { club } => same(p.club, club),
        }
    }
}

/// Who goes to the final.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QualificationRules {
    /// The first `top` of the circuit's standings.
    #[serde(default)]
    pub top: usize,
    /// Per category code: the first `n` of the category's standings, whether or not they
    /// qualified otherwise.
    #[serde(default)]
    pub per_category: BTreeMap<String, usize>,
    /// Per category code (a league, say): `n` places more, for the category's best not
    /// qualified otherwise.
    #[serde(default)]
    pub reserved: BTreeMap<String, usize>,
    /// Results needed to qualify at all.
    #[serde(default)]
    pub min_events: usize,
}

/// A person who declined their place, and when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Declined {
    pub person_id: i64,
    pub on: NaiveDate,
}

/// What is wrong with a circuit's rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesProblem {
    #[error("the season ends before it starts")]
    SeasonBackwards,
    #[error("the name is empty")]
    NoName,
    #[error("tournament {0} is counted twice")]
    EventTwice(i64),
    #[error("category {0} is given twice")]
    CategoryTwice(String),
    #[error("the qualification names category {0}, which the circuit does not have")]
    NoSuchCategory(String),
    #[error("the best results counted must be at least 1")]
    BestZero,
    #[error("a points table must give points to at least one place")]
    EmptyTable,
    #[error("the final cannot be one of the tournaments that count")]
    FinalCounts,
    #[error("a category code is empty or has a space, a comma or a semicolon")]
    BadCode,
}

impl Rules {
    /// The rules' own coherence (what serde cannot see).
    pub fn check(&self) -> Result<(), RulesProblem> {
        if self.name.trim().is_empty() {
            return Err(RulesProblem::NoName);
        }
        if self.season.end < self.season.start {
            return Err(RulesProblem::SeasonBackwards);
        }
        if self.best == Some(0) {
            return Err(RulesProblem::BestZero);
        }
        let mut seen = std::collections::HashSet::new();
        for e in &self.events {
            if !seen.insert(e.tournament_id) {
                return Err(RulesProblem::EventTwice(e.tournament_id));
            }
        }
        if let Some(f) = &self.final_tournament
            && seen.contains(&f.tournament_id)
        {
            return Err(RulesProblem::FinalCounts);
        }
        let mut codes = std::collections::HashSet::new();
        for c in &self.categories {
            if c.code.is_empty() || c.code.contains([' ', ',', ';', '"']) {
                return Err(RulesProblem::BadCode);
            }
            if !codes.insert(c.code.as_str()) {
                return Err(RulesProblem::CategoryTwice(c.code.clone()));
            }
        }
        let q = &self.qualification;
        for code in q.per_category.keys().chain(q.reserved.keys()) {
            if !codes.contains(code.as_str()) {
                return Err(RulesProblem::NoSuchCategory(code.clone()));
            }
        }
        self.points.check()
    }

    pub fn coefficient(&self, tournament_id: i64) -> Option<Hundredths> {
        self.events
            .iter()
            .find(|e| e.tournament_id == tournament_id)
            .map(|e| e.coefficient)
    }

    /// The codes of the categories a person with `details` is in.
    pub fn categories_of(&self, details: &Details) -> Vec<String> {
        self.categories
            .iter()
            .filter(|c| c.admits(details, self.season.start))
            .map(|c| c.code.clone())
            .collect()
    }
}
