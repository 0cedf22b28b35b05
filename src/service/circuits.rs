//! A season's circuits on a hub (`docs/circuits.md`): the organiser sets one up and changes its
//! rules (one record, `circuit::Rules`), records who declined a place in the final; everyone
//! reads its standings, computed from the counting tournaments' final standings and the
//! register (each player counted as their person, merges followed) by `circuit::standings`,
//! exactly as anyone recomputes them from the published `circuit.csv` and `rules.json`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{NaiveDate, NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::claims::Registered;
use super::{Actor, Audit, ServiceError, transaction};
use crate::circuit::files::{ResultRow, publish};
use crate::circuit::points::Place;
use crate::circuit::{Declined, Details, Qualification, Rules, RulesProblem, Standings};
use crate::db::circuits as stored;
use crate::db::register::{self as persons, Person};
use crate::tournament::TournamentId;
use crate::tournament::said::Said;

/// A circuit as stored.
#[derive(Clone, Debug, Serialize)]
pub struct Circuit {
    pub id: i32,
    pub rules: Rules,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl TryFrom<stored::CircuitRow> for Circuit {
    type Error = ServiceError;
    fn try_from(row: stored::CircuitRow) -> Result<Circuit, ServiceError> {
        let rules = serde_json::from_str(&row.rules).map_err(|_| {
            ServiceError::Conflict(crate::said!("circuit-rules-unreadable", id = row.id))
        })?;
        Ok(Circuit {
            id: row.id,
            rules,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

/// A counting tournament as the circuit's pages show it.
#[derive(Clone, Debug, Serialize)]
pub struct CountingTournament {
    pub id: i32,
    pub name: String,
    pub coefficient: String,
    pub date: Option<NaiveDate>,
    /// Its last round is published and every game has its result.
    pub finished: bool,
    /// It is on this service (a tournament removed since counts nothing).
    pub here: bool,
    pub persons: usize,
}

/// A circuit with everything computed from it.
#[derive(Debug, Serialize)]
pub struct Computed {
    pub circuit: Circuit,
    pub tournaments: Vec<CountingTournament>,
    pub results: Vec<ResultRow>,
    pub standings: Standings,
    pub qualification: Qualification,
    pub computed_at: NaiveDateTime,
}

impl Computed {
    /// The published files, in the order of `circuit::files::FILES`.
    pub fn files(&self) -> [String; 5] {
        publish(&self.circuit.rules, &self.results)
    }
}

fn problem(p: &RulesProblem) -> Said {
    match p {
        RulesProblem::SeasonBackwards => crate::said!("circuit-season-backwards"),
        RulesProblem::NoName => crate::said!("circuit-no-name"),
        RulesProblem::EventTwice(t) => crate::said!("circuit-event-twice", tournament = *t),
        RulesProblem::CategoryTwice(c) => crate::said!("circuit-category-twice", code = c.clone()),
        RulesProblem::NoSuchCategory(c) => {
            crate::said!("circuit-no-such-category", code = c.clone())
        }
        RulesProblem::BestZero => crate::said!("circuit-best-zero"),
        RulesProblem::EmptyTable => crate::said!("circuit-empty-table"),
        RulesProblem::BadCode => crate::said!("circuit-bad-code"),
    }
}

/// The rules' own coherence, and every counting tournament on this service.
fn check(conn: &mut SqliteConnection, rules: &Rules) -> Result<(), ServiceError> {
    rules
        .check()
        .map_err(|p| ServiceError::Invalid(problem(&p)))?;
    for e in &rules.events {
        let id = i32::try_from(e.tournament_id).unwrap_or(0);
        if super::tournaments::get(conn, TournamentId(id)).is_err() {
            return Err(ServiceError::Invalid(crate::said!(
                "circuit-no-such-tournament",
                tournament = e.tournament_id
            )));
        }
    }
    Ok(())
}

fn audit(
    conn: &mut SqliteConnection,
    actor: &Actor,
    change: Change,
    before: Option<&Rules>,
    after: &Rules,
) -> Result<(), ServiceError> {
    Audit {
        actor,
        change,
        tournament_id: None,
    }
    .record(conn, before, Some(after))
}

/// The organiser sets up a circuit.
pub fn create(
    conn: &mut SqliteConnection,
    actor: &Actor,
    rules: &Rules,
) -> Result<i32, ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        check(conn, rules)?;
        let text = serde_json::to_string(rules).unwrap_or_default();
        let id = stored::insert(conn, &text, Utc::now().naive_utc())?;
        audit(
            conn,
            actor,
            Change::CircuitCreated { circuit: id },
            None,
            rules,
        )?;
        Ok(id)
    })
}

pub fn get(conn: &mut SqliteConnection, id: i32) -> Result<Circuit, ServiceError> {
    stored::get(conn, id)?
        .ok_or_else(|| ServiceError::not_found("circuit"))?
        .try_into()
}

/// Every circuit, the newest first (one whose record does not read is left out).
pub fn all(conn: &mut SqliteConnection) -> Result<Vec<Circuit>, ServiceError> {
    Ok(stored::all(conn)?
        .into_iter()
        .filter_map(|row| Circuit::try_from(row).ok())
        .collect())
}

/// The tournaments here a circuit may count, the newest first.
pub fn choices(conn: &mut SqliteConnection) -> Result<Vec<persons::TournamentMark>, ServiceError> {
    Ok(persons::tournament_marks(conn)?)
}

/// The organiser changes a circuit's rules (who declined is kept as it was: it has its own
/// workflow).
pub fn update(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: i32,
    rules: &Rules,
) -> Result<(), ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let before = get(conn, id)?;
        let rules = Rules {
            declined: before.rules.declined.clone(),
            ..rules.clone()
        };
        check(conn, &rules)?;
        let text = serde_json::to_string(&rules).unwrap_or_default();
        stored::update(conn, id, &text, Utc::now().naive_utc())?;
        audit(
            conn,
            actor,
            Change::CircuitUpdated { circuit: id },
            Some(&before.rules),
            &rules,
        )
    })
}

/// The organiser records that `person` declined their place in the final on `on` (or, with
/// `declined` false, that they take it back): the place goes to the next in line.
pub fn decline(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: i32,
    person: i64,
    on: NaiveDate,
    declined: bool,
) -> Result<(), ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let before = get(conn, id)?;
        let mut rules = before.rules.clone();
        let had = rules.declined.iter().any(|d| d.person_id == person);
        if declined == had {
            return Err(ServiceError::Conflict(if declined {
                crate::said!("circuit-declined-already")
            } else {
                crate::said!("circuit-not-declined")
            }));
        }
        if declined {
            let register: HashMap<i32, Person> =
                persons::all(conn)?.into_iter().map(|p| (p.id, p)).collect();
            if !i32::try_from(person).is_ok_and(|p| register.contains_key(&p)) {
                return Err(ServiceError::not_found("person"));
            }
            rules.declined.push(Declined {
                person_id: person,
                on,
            });
        } else {
            rules.declined.retain(|d| d.person_id != person);
        }
        let text = serde_json::to_string(&rules).unwrap_or_default();
        stored::update(conn, id, &text, Utc::now().naive_utc())?;
        audit(
            conn,
            actor,
            Change::CircuitDeclined { circuit: id },
            Some(&before.rules),
            &rules,
        )
    })
}

/// Each result of the counting tournaments: the final standings' places, each player as their
/// person (merges followed; a player of no person counts for no one; a person entered twice in
/// one tournament keeps the better place), with the categories of the register's details.
fn results(
    conn: &mut SqliteConnection,
    rules: &Rules,
) -> Result<(Vec<ResultRow>, Vec<CountingTournament>), ServiceError> {
    let register: HashMap<i32, Person> =
        persons::all(conn)?.into_iter().map(|p| (p.id, p)).collect();
    let ids: Vec<i32> = rules
        .events
        .iter()
        .filter_map(|e| i32::try_from(e.tournament_id).ok())
        .collect();
    let person_of: HashMap<i32, i32> = persons::players_of(conn, &ids)?
        .into_iter()
        .filter_map(|p| {
            let r = Registered::of(p);
            let person = super::ratings::root(&register, r.person?)?;
            Some((r.player.id, person))
        })
        .collect();
    let last_days: HashMap<i32, Option<NaiveDate>> = persons::tournament_marks(conn)?
        .into_iter()
        .map(|m| (m.id, m.last_day))
        .collect();
    let mut rows = Vec::new();
    let mut tournaments = Vec::new();
    for e in &rules.events {
        let id = i32::try_from(e.tournament_id).unwrap_or(0);
        let Ok(report) = super::standings::report(conn, TournamentId(id), None) else {
            tournaments.push(CountingTournament {
                id,
                name: String::new(),
                coefficient: e.coefficient.to_string(),
                date: None,
                finished: false,
                here: false,
                persons: 0,
            });
            continue;
        };
        let finished = report.published >= report.t.rounds && report.open.is_empty();
        let date = last_days.get(&id).copied().flatten();
        let field = report.table.len();
        let mut seen: HashMap<i32, usize> = HashMap::new();
        for s in &report.table {
            let Some(&person) = person_of.get(&s.player_id) else {
                continue;
            };
            if seen.contains_key(&person) {
                continue;
            }
            let last = report.table.iter().filter(|o| o.rank == s.rank).count() + s.rank - 1;
            let p = &register[&person];
            let details = Details {
                birth_year: p.birth_year,
                gender: &p.gender,
                federation: &p.federation,
                club: &p.club,
            };
            seen.insert(person, rows.len());
            rows.push(ResultRow {
                tournament_id: e.tournament_id,
                tournament: report.t.name.clone(),
                date,
                person_id: i64::from(person),
                name: p.name.clone(),
                categories: rules.categories_of(&details),
                place: Place {
                    first: s.rank,
                    last,
                    field,
                    halves: (s.points * 2.0).round() as i64,
                },
                finished,
            });
        }
        tournaments.push(CountingTournament {
            id,
            name: report.t.name.clone(),
            coefficient: e.coefficient.to_string(),
            date,
            finished,
            here: true,
            persons: seen.len(),
        });
    }
    Ok((rows, tournaments))
}

/// A circuit with its standings and qualification as of now.
pub fn compute(conn: &mut SqliteConnection, id: i32) -> Result<Computed, ServiceError> {
    let circuit = get(conn, id)?;
    let (results, tournaments) = results(conn, &circuit.rules)?;
    let mut standings = crate::circuit::standings(&circuit.rules, &results);
    // An event not over counts as such even before any of its players is a person's.
    standings.provisional |= tournaments.iter().any(|t| t.here && !t.finished);
    let qualification = crate::circuit::qualify(&circuit.rules, &standings);
    Ok(Computed {
        circuit,
        tournaments,
        results,
        standings,
        qualification,
        computed_at: Utc::now().naive_utc(),
    })
}

/// The circuits as last computed: each again only after a write to what it is computed from
/// (any tournament's rows, the register, the circuits).
pub struct Circuits {
    db: super::Connections,
    cache: Mutex<HashMap<i32, (u64, Arc<Computed>)>>,
}

impl Circuits {
    pub fn new(db: super::Connections) -> Circuits {
        Circuits {
            db,
            cache: Mutex::default(),
        }
    }

    pub async fn computed(&self, id: i32) -> Result<Arc<Computed>, ServiceError> {
        // The version is read before the data, as the rating list's is.
        let version = self.db.rated_version();
        let held = self
            .cache
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
            .filter(|(v, _)| *v == version)
            .map(|(_, c)| c.clone());
        if let Some(computed) = held {
            return Ok(computed);
        }
        let computed = Arc::new(self.db.read(move |conn| compute(conn, id)).await?);
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        cache.retain(|_, (v, _)| *v == version);
        cache.insert(id, (version, computed.clone()));
        Ok(computed)
    }
}
