//! A circuit's final (`docs/circuits.md`, "The final"): the organiser enters the qualified in a
//! tournament of this service (any format it runs), each as their person of the register,
//! seeded by circuit rank; until the final's first round is paired, a decline (or a decline
//! taken back) withdraws whoever no longer qualifies and enters, or reinstates, whoever now
//! does, with the pairing order following the seeds again.

use chrono::NaiveDate;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::circuits::{
    Circuit, Computed, HeldReports, Reports, audit, computed_from, get, problem,
};
use super::players::{self, Arrival, PinSlip};
use super::{Actor, ServiceError, transaction};

use crate::circuit::{Declined, Final, Qualification};
use crate::db::models::Player;
use crate::db::publishing as published;
use crate::db::queries;
use crate::db::register as persons;
use crate::tournament::categories::Gender;
use crate::tournament::{PlayerDetails, PlayerId, TournamentId};

/// What entering the final, or following a decline there, did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct FinalChanges {
    /// The final, when the circuit has one.
    pub tournament: Option<TournamentId>,
    /// The players entered, with their PINs to hand out.
    pub slips: Vec<PinSlip>,
    /// The players withdrawn (who no longer qualify), by name.
    pub withdrawn: Vec<String>,
    /// The players reinstated (who qualify again), by name.
    pub reinstated: Vec<String>,
    /// Its first round is paired: nothing in it was changed (the controller withdraws a player
    /// who declines as any other).
    pub started: bool,
}

/// A decline recorded, or taken back.
#[derive(Clone, Copy, Debug)]
pub struct Decline {
    pub person: i64,
    pub on: NaiveDate,
    /// false: the person takes their place back.
    pub declined: bool,
}

/// How many new players entering the final of `computed` may take at most: a PIN for each.
pub fn places(computed: &Computed) -> usize {
    computed.qualification.qualified.len()
}

/// The organiser enters the qualified of circuit `id` in `tournament`, its final: each person
/// not yet a player there is added (with one of `pins`, already hashed), the pairing order set
/// by circuit rank (the counting tournaments' standings taken from `held` where still
/// current). Refused while the circuit is provisional, once the final's first round is
/// paired, for a tournament the circuit counts or a venue pushes here, and when the circuit has
/// another final.
pub fn enter(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: i32,
    tournament: TournamentId,
    pins: &[(String, String)],
    held: HeldReports,
) -> Result<FinalChanges, ServiceError> {
    actor.organiser()?;
    let reports = held.current();
    transaction(conn, |conn| {
        let before = get(conn, id)?;
        let wanted = i64::from(tournament.0);
        if let Some(f) = &before.rules.final_tournament
            && f.tournament_id != wanted
        {
            return Err(ServiceError::Conflict(crate::said!(
                "circuit-final-already",
                tournament = f.tournament_id
            )));
        }
        super::tournaments::get(conn, tournament)?;
        let pushed = published::tokens(conn)?
            .iter()
            .any(|t| t.tournament_id == Some(tournament) && t.revoked_at.is_none());
        if pushed {
            return Err(ServiceError::Conflict(crate::said!("circuit-final-pushed")));
        }
        let mut circuit = before.clone();
        let entered = circuit
            .rules
            .final_tournament
            .take()
            .map(|f| f.entered)
            .unwrap_or_default();
        circuit.rules.final_tournament = Some(Final {
            tournament_id: wanted,
            entered,
        });
        circuit
            .rules
            .check()
            .map_err(|p| ServiceError::Invalid(problem(&p)))?;
        let changes = follow(conn, actor, &mut circuit, (pins, &reports), true)?;
        if changes.started {
            return Err(ServiceError::Conflict(crate::said!(
                "circuit-final-started"
            )));
        }
        store(conn, &circuit)?;
        audit(
            conn,
            actor,
            Change::CircuitFinalEntered { circuit: id },
            Some(&before.rules),
            &circuit.rules,
        )?;
        Ok(changes)
    })
}

/// The organiser records that a person declined their place in the final (or takes it back):
/// the place goes to the next in line, and in the final, when it is entered and not started,
/// the decliner is withdrawn and the next in line entered (with one of `pins`, already hashed)
/// or reinstated, the circuit recomputed as [`enter`] does.
pub fn decline(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: i32,
    decline: Decline,
    pins: &[(String, String)],
    held: HeldReports,
) -> Result<FinalChanges, ServiceError> {
    actor.organiser()?;
    let Decline {
        person,
        on,
        declined,
    } = decline;
    let reports = held.current();
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
            let known = match i32::try_from(person) {
                Ok(p) => persons::get(conn, p)?.is_some(),
                Err(_) => false,
            };
            if !known {
                return Err(ServiceError::not_found("person"));
            }
            rules.declined.push(Declined {
                person_id: person,
                on,
            });
        } else {
            rules.declined.retain(|d| d.person_id != person);
        }
        let mut circuit = Circuit {
            rules,
            ..before.clone()
        };
        let changes = follow(conn, actor, &mut circuit, (pins, &reports), false)?;
        store(conn, &circuit)?;
        audit(
            conn,
            actor,
            Change::CircuitDeclined { circuit: id },
            Some(&before.rules),
            &circuit.rules,
        )?;
        Ok(changes)
    })
}

fn store(conn: &mut SqliteConnection, circuit: &Circuit) -> Result<(), ServiceError> {
    let text = serde_json::to_string(&circuit.rules).unwrap_or_default();
    crate::db::circuits::update(conn, circuit.id, &text, chrono::Utc::now().naive_utc())?;
    Ok(())
}

/// Brings the final of `circuit` (its rules as they are about to be stored) in line with its
/// qualification, while the final's first round is not paired; the persons entered are noted
/// in the rules. Nothing when the circuit has no final, nor (unless `entering`, which refuses)
/// while the circuit is provisional. Part of the caller's transaction.
pub(super) fn follow(
    conn: &mut SqliteConnection,
    actor: &Actor,
    circuit: &mut Circuit,
    (pins, reports): (&[(String, String)], &Reports),
    entering: bool,
) -> Result<FinalChanges, ServiceError> {
    let Some(held) = circuit.rules.final_tournament.clone() else {
        return Ok(FinalChanges::default());
    };
    let tournament = TournamentId(i32::try_from(held.tournament_id).unwrap_or(0));
    let mut changes = FinalChanges {
        tournament: Some(tournament),
        ..FinalChanges::default()
    };
    if !queries::list_rounds(conn, tournament)?.is_empty() {
        changes.started = true;
        return Ok(changes);
    }
    let computed = computed_from(conn, circuit.clone(), reports)?;
    if computed.standings.provisional {
        if !entering {
            return Ok(changes);
        }
        return Err(ServiceError::Conflict(crate::said!(
            "circuit-final-provisional"
        )));
    }
    let mut entered = held.entered;
    sync(
        conn,
        actor,
        tournament,
        &computed.qualification,
        &mut entered,
        pins,
        &mut changes,
    )?;
    circuit.rules.final_tournament = Some(Final {
        tournament_id: held.tournament_id,
        entered,
    });
    Ok(changes)
}

fn person_of(p: &Player) -> Option<i64> {
    p.register_id.map(i64::from)
}

/// A person of the register as a player's details.
fn details(conn: &mut SqliteConnection, person: i64) -> Result<PlayerDetails, ServiceError> {
    let p = i32::try_from(person)
        .ok()
        .map(|id| persons::get(conn, id))
        .transpose()?
        .flatten()
        .ok_or_else(|| ServiceError::not_found("person"))?;
    Ok(PlayerDetails {
        name: p.name,
        club: p.club,
        country: String::new(),
        rating: p.rating.map(|r| r.round() as i32),
        birth_year: p.birth_year,
        gender: match p.gender.as_str() {
            "female" => Some(Gender::Female),
            "male" => Some(Gender::Male),
            _ => None,
        },
        title: String::new(),
        federation: p.federation,
        register_id: Some(p.id),
        phone: None,
    })
}

fn sync(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
    qualification: &Qualification,
    entered: &mut Vec<i64>,
    pins: &[(String, String)],
    changes: &mut FinalChanges,
) -> Result<(), ServiceError> {
    let wanted: Vec<i64> = qualification
        .qualified
        .iter()
        .map(|q| q.person_id)
        .collect();
    let players = queries::list_players(conn, tournament)?;
    for p in &players {
        let Some(person) = person_of(p) else { continue };
        let qualifies = wanted.contains(&person);
        if !qualifies && entered.contains(&person) && !p.withdrawn {
            players::set_withdrawn(conn, actor, tournament, p.id, true)?;
            changes.withdrawn.push(p.name.clone());
        } else if qualifies && p.withdrawn && entered.contains(&person) {
            players::set_withdrawn(conn, actor, tournament, p.id, false)?;
            changes.reinstated.push(p.name.clone());
        }
    }
    let mut pins = pins.iter();
    for person in &wanted {
        if !players.iter().any(|p| person_of(p) == Some(*person)) {
            let Some(pin) = pins.next() else {
                return Err(ServiceError::Conflict(crate::said!(
                    "circuit-final-again-error"
                )));
            };
            let entry = details(conn, *person)?;
            let added = players::add(
                conn,
                actor,
                tournament,
                &[(entry, pin.clone())],
                (Arrival::Added, None),
            )?;
            changes.slips.extend(added);
        }
        if !entered.contains(person) {
            entered.push(*person);
        }
    }
    // The qualified by seed, then the others as they were, the withdrawn last.
    let players = queries::list_players(conn, tournament)?;
    let seed = |p: &Player| {
        person_of(p)
            .and_then(|person| wanted.iter().position(|w| *w == person))
            .filter(|_| !p.withdrawn)
    };
    let mut order: Vec<(bool, usize, usize, PlayerId)> = players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let s = seed(p);
            (p.withdrawn, s.unwrap_or(usize::MAX), i, p.id)
        })
        .collect();
    order.sort_unstable();
    let order: Vec<PlayerId> = order.into_iter().map(|(.., id)| id).collect();
    if !order.is_empty() {
        players::set_pairing_order(conn, actor, tournament, &order)?;
    }
    Ok(())
}
