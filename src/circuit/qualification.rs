//! Who qualifies for the final from the circuit's standings: the first `top`, then each
//! category's first `n` (counted whether or not they qualified otherwise), then each reserved
//! category's best not qualified otherwise; a person short of the events needed, or who
//! declined, is passed over and the place goes to the next in line by the same rule. The final
//! is seeded by circuit rank.

use chrono::NaiveDate;
use serde::Serialize;

use super::Rules;
use super::standings::{CircuitStanding, Standings};

/// By which rule a person qualified.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "rule", content = "category", rename_all = "kebab-case")]
pub enum Qualifying {
    Top,
    Category(String),
    Reserved(String),
}

/// A qualified person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Qualified {
    /// Their seed in the final: their circuit rank among the qualified.
    pub seed: usize,
    pub person_id: i64,
    pub name: String,
    pub rank: usize,
    pub by: Qualifying,
}

/// A person passed over because they declined, with the rule whose place they declined.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Passed {
    pub person_id: i64,
    pub name: String,
    pub rank: usize,
    pub on: NaiveDate,
    pub by: Qualifying,
}

/// The qualification list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Qualification {
    /// In seeding order.
    pub qualified: Vec<Qualified>,
    pub declined: Vec<Passed>,
    /// The next in line for a place by the first rule (`top`), in order: who takes the next
    /// place declined.
    pub next: Vec<(i64, String, usize)>,
    /// The standings it comes from are provisional.
    pub provisional: bool,
}

/// How many next in line the list names.
pub const NEXT_IN_LINE: usize = 5;

/// The qualification list of `standings` under `rules`.
pub fn qualify(rules: &Rules, standings: &Standings) -> Qualification {
    let q = &rules.qualification;
    let declined_on = |id: i64| {
        rules
            .declined
            .iter()
            .find(|d| d.person_id == id)
            .map(|d| d.on)
    };
    let eligible = |r: &CircuitStanding| r.events >= q.min_events.max(1);
    let mut out = Qualification {
        provisional: standings.provisional,
        ..Qualification::default()
    };
    let mut taken: Vec<(i64, Qualifying)> = Vec::new();
    let is_taken = |taken: &[(i64, Qualifying)], id: i64| taken.iter().any(|(t, _)| *t == id);
    // Goes down `rows` giving `n` places by `by`; `fresh`: only to persons not qualified yet
    // (else one qualified already fills a place of this rule too).
    let mut give = |rows: &[&CircuitStanding],
                    n: usize,
                    by: Qualifying,
                    fresh: bool,
                    out: &mut Qualification| {
        let mut filled = 0;
        for r in rows.iter().filter(|r| eligible(r)) {
            if filled == n {
                break;
            }
            if is_taken(&taken, r.person_id) {
                if !fresh {
                    filled += 1;
                }
                continue;
            }
            if let Some(on) = declined_on(r.person_id) {
                if !out.declined.iter().any(|d| d.person_id == r.person_id) {
                    out.declined.push(Passed {
                        person_id: r.person_id,
                        name: r.name.clone(),
                        rank: r.rank,
                        on,
                        by: by.clone(),
                    });
                }
                continue;
            }
            taken.push((r.person_id, by.clone()));
            filled += 1;
        }
    };
    let all: Vec<&CircuitStanding> = standings.rows.iter().collect();
    give(&all, q.top, Qualifying::Top, true, &mut out);
    let members = |code: &str| -> Vec<&CircuitStanding> {
        standings
            .rows
            .iter()
            .filter(|r| r.categories.iter().any(|c| c == code))
            .collect()
    };
    for (code, &n) in &q.per_category {
        give(
            &members(code),
            n,
            Qualifying::Category(code.clone()),
            false,
            &mut out,
        );
    }
    for (code, &n) in &q.reserved {
        give(
            &members(code),
            n,
            Qualifying::Reserved(code.clone()),
            true,
            &mut out,
        );
    }
    let mut qualified: Vec<Qualified> = standings
        .rows
        .iter()
        .filter_map(|r| {
            let (_, by) = taken.iter().find(|(id, _)| *id == r.person_id)?;
            Some(Qualified {
                seed: 0,
                person_id: r.person_id,
                name: r.name.clone(),
                rank: r.rank,
                by: by.clone(),
            })
        })
        .collect();
    for (i, q) in qualified.iter_mut().enumerate() {
        q.seed = i + 1;
    }
    out.next = standings
        .rows
        .iter()
        .filter(|r| eligible(r) && declined_on(r.person_id).is_none())
        .filter(|r| !qualified.iter().any(|q| q.person_id == r.person_id))
        .take(NEXT_IN_LINE)
        .map(|r| (r.person_id, r.name.clone(), r.rank))
        .collect();
    out.qualified = qualified;
    out
}
