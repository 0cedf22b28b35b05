//! The circuit's standings: each result's points (its place's, times its event's coefficient),
//! each person's best `n` counted and the rest dropped, persons ordered by their total, then by
//! more events played, then by their best single result, then head to head in the circuit's
//! events, then by lots from the circuit's seed.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use serde::Serialize;

use super::Rules;
use super::points::{Place, Total};
use super::results::ResultRow;
use crate::tournament::stages::draw_lots;

/// One result of a person, with what it earned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultPoints {
    pub tournament_id: i64,
    pub tournament: String,
    pub date: Option<NaiveDate>,
    pub place: Place,
    pub points: Total,
    pub counted: bool,
    /// The event is over: its place will not change.
    pub finished: bool,
}

/// What ordered a person among those equal on points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum TieBreak {
    Events,
    Best,
    HeadToHead,
    Lots,
}

/// A person's line of the circuit's standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CircuitStanding {
    /// From 1, never shared: the last tie-break is a drawing of lots.
    pub rank: usize,
    pub person_id: i64,
    pub name: String,
    pub categories: Vec<String>,
    pub total: Total,
    /// Every result, in the order the events were announced.
    pub results: Vec<ResultPoints>,
    pub events: usize,
    pub counted: usize,
    pub best: Total,
    /// A result of an unfinished event is among them: the line may still change.
    pub provisional: bool,
    /// What placed the person among those of equal total (none when the total alone did).
    pub tie_break: Option<TieBreak>,
}

/// The whole standings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Standings {
    pub rows: Vec<CircuitStanding>,
    /// A counted event is unfinished.
    pub provisional: bool,
}

impl Standings {
    /// The standings of a category: its members in the circuit's order, ranked from 1.
    pub fn within(&self, code: &str) -> Vec<CircuitStanding> {
        self.rows
            .iter()
            .filter(|r| r.categories.iter().any(|c| c == code))
            .enumerate()
            .map(|(i, r)| CircuitStanding {
                rank: i + 1,
                ..r.clone()
            })
            .collect()
    }

    pub fn of(&self, person_id: i64) -> Option<&CircuitStanding> {
        self.rows.iter().find(|r| r.person_id == person_id)
    }
}

/// The standings of `results` under `rules` (results of tournaments the rules do not count are
/// left out).
pub fn standings(rules: &Rules, results: &[ResultRow]) -> Standings {
    let order: HashMap<i64, usize> = rules
        .events
        .iter()
        .enumerate()
        .map(|(i, e)| (e.tournament_id, i))
        .collect();
    let mut by_person: BTreeMap<i64, Vec<&ResultRow>> = BTreeMap::new();
    for r in results {
        if order.contains_key(&r.tournament_id) {
            by_person.entry(r.person_id).or_default().push(r);
        }
    }
    let provisional = results
        .iter()
        .any(|r| order.contains_key(&r.tournament_id) && !r.finished);
    let mut rows: Vec<CircuitStanding> = by_person
        .into_values()
        .map(|rs| line(rules, &order, &rs))
        .collect();
    rows.sort_by(|a, b| key(b).cmp(&key(a)).then(a.person_id.cmp(&b.person_id)));
    let places: HashMap<(i64, i64), usize> = results
        .iter()
        .map(|r| ((r.person_id, r.tournament_id), r.place.first))
        .collect();
    let mut at = 0;
    while at < rows.len() {
        let end = at
            + rows[at..]
                .iter()
                .take_while(|r| r.total == rows[at].total)
                .count();
        order_equal(&mut rows[at..end], &places, rules.lots_seed);
        at = end;
    }
    for (i, r) in rows.iter_mut().enumerate() {
        r.rank = i + 1;
    }
    Standings { rows, provisional }
}

fn key(r: &CircuitStanding) -> (Total, usize, Total) {
    (r.total, r.events, r.best)
}

/// A person's line: the results' points, the best counted.
fn line(rules: &Rules, order: &HashMap<i64, usize>, rs: &[&ResultRow]) -> CircuitStanding {
    let mut results: Vec<ResultPoints> = rs
        .iter()
        .map(|r| {
            let coefficient = rules.coefficient(r.tournament_id).unwrap_or_default();
            ResultPoints {
                tournament_id: r.tournament_id,
                tournament: r.tournament.clone(),
                date: r.date,
                place: r.place,
                points: rules.points.points(r.place).times(coefficient),
                counted: false,
                finished: r.finished,
            }
        })
        .collect();
    // The best first; of equal points, the event announced first.
    let mut best: Vec<usize> = (0..results.len()).collect();
    best.sort_by(|&a, &b| {
        let at = |i: usize| order[&results[i].tournament_id];
        results[b]
            .points
            .cmp(&results[a].points)
            .then(at(a).cmp(&at(b)))
    });
    let n = rules.best.unwrap_or(usize::MAX);
    for &i in best.iter().take(n) {
        results[i].counted = true;
    }
    results.sort_by_key(|r| order[&r.tournament_id]);
    let last = rs.last().copied();
    CircuitStanding {
        rank: 0,
        person_id: last.map_or(0, |r| r.person_id),
        name: last.map(|r| r.name.clone()).unwrap_or_default(),
        categories: last.map(|r| r.categories.clone()).unwrap_or_default(),
        total: results.iter().filter(|r| r.counted).map(|r| r.points).sum(),
        events: results.len(),
        counted: results.iter().filter(|r| r.counted).count(),
        best: results.iter().map(|r| r.points).max().unwrap_or_default(),
        provisional: results.iter().any(|r| !r.finished),
        tie_break: None,
        results,
    }
}

/// Orders persons of equal total (already sorted by events, then best): within each group
/// equal on those too, head to head (the number of times each finished ahead of another of the
/// group in an event both played), then lots; and says what placed each one.
fn order_equal(rows: &mut [CircuitStanding], places: &HashMap<(i64, i64), usize>, seed: u64) {
    if rows.len() < 2 {
        return;
    }
    let mut with_events: HashMap<usize, usize> = HashMap::new();
    for r in rows.iter() {
        *with_events.entry(r.events).or_default() += 1;
    }
    let mut at = 0;
    while at < rows.len() {
        let end = at
            + rows[at..]
                .iter()
                .take_while(|r| key(r) == key(&rows[at]))
                .count();
        if end - at == 1 {
            let alone_on_events = with_events[&rows[at].events] == 1;
            rows[at].tie_break = Some(if alone_on_events {
                TieBreak::Events
            } else {
                TieBreak::Best
            });
        } else {
            head_to_head(&mut rows[at..end], places, seed);
        }
        at = end;
    }
}

fn head_to_head(group: &mut [CircuitStanding], places: &HashMap<(i64, i64), usize>, seed: u64) {
    // Each event ranks the group's members who played it once: a member's count grows by the
    // number of them placed behind in it.
    let mut by_event: HashMap<i64, Vec<(usize, i64)>> = HashMap::new();
    for r in group.iter() {
        for p in &r.results {
            if let Some(&place) = places.get(&(r.person_id, p.tournament_id)) {
                by_event
                    .entry(p.tournament_id)
                    .or_default()
                    .push((place, r.person_id));
            }
        }
    }
    let mut scores: HashMap<i64, usize> = group.iter().map(|r| (r.person_id, 0)).collect();
    for mut members in by_event.into_values() {
        members.sort_unstable();
        let mut behind = members.len();
        let mut at = 0;
        while at < members.len() {
            let place = members[at].0;
            let equal = members[at..].iter().take_while(|m| m.0 == place).count();
            behind -= equal;
            for (_, person) in &members[at..at + equal] {
                *scores.entry(*person).or_default() += behind;
            }
            at += equal;
        }
    }
    group.sort_by(|a, b| {
        scores[&b.person_id]
            .cmp(&scores[&a.person_id])
            .then(a.person_id.cmp(&b.person_id))
    });
    let mut at = 0;
    while at < group.len() {
        let score = scores[&group[at].person_id];
        let end = at
            + group[at..]
                .iter()
                .take_while(|r| scores[&r.person_id] == score)
                .count();
        if end - at == 1 {
            group[at].tie_break = Some(TieBreak::HeadToHead);
        } else {
            let drawn = draw_lots(&group[at..end], seed);
            for (slot, mut r) in group[at..end].iter_mut().zip(drawn) {
                r.tie_break = Some(TieBreak::Lots);
                *slot = r;
            }
        }
        at = end;
    }
}
