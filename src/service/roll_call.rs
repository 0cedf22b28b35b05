//! The roll call before a round: the staff open it, players check in by signing in with their
//! PIN (the slip's QR code) or are marked present or absent by the staff, and closing it gives
//! every player not present a zero-point bye for the round or withdraws them, as the staff
//! choose per player (a round robin's or a knockout's absent are withdrawn: their tables have
//! no byes). A pairing of the round never includes a player absent at its roll call; the
//! tournament's setting `check_in` says before which rounds one must be taken.

use std::collections::{HashMap, HashSet};

use chrono::{NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::db::models::{NewBye, Tournament};
use crate::db::queries;
use crate::db::roll_calls::{self as calls, CheckIn, RollCall};
use crate::tournament::{ByeKind, PlayerId, TournamentId};

/// A player's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Answer {
    Present,
    Absent,
    /// Not yet.
    Unanswered,
}

/// A player on the roll call.
#[derive(Clone, Debug, Serialize)]
pub struct Answered {
    pub player_id: PlayerId,
    pub name: String,
    pub answer: Answer,
    /// The player checked in themselves (signing in); otherwise the staff marked them.
    pub by_player: bool,
    /// When they answered (UTC), if they did.
    pub at: Option<NaiveDateTime>,
}

/// Where the roll call of a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum State {
    NotTaken,
    Open,
    Closed,
}

/// The roll call before the next round, as the staff's screen and the API show it.
#[derive(Clone, Debug, Serialize)]
pub struct RollCallView {
    pub tournament_id: TournamentId,
    pub tournament: String,
    /// The round it is before; none when every round is paired.
    pub round: Option<i32>,
    pub state: State,
    /// The tournament pairs this round only after a roll call.
    pub required: bool,
    /// The absent may be given a zero-point bye (a Swiss or hand pairings); otherwise they are
    /// withdrawn.
    pub byes: bool,
    /// The players still in the tournament, by name.
    pub players: Vec<Answered>,
}

impl RollCallView {
    pub fn count(&self, answer: Answer) -> usize {
        self.players.iter().filter(|p| p.answer == answer).count()
    }
}

/// The round the next roll call is before: the next to be paired, if the tournament has one.
fn next_round(conn: &mut SqliteConnection, t: &Tournament) -> Result<Option<i32>, ServiceError> {
    let next = queries::list_rounds(conn, t.id)?
        .last()
        .map_or(1, |r| r.number + 1);
    Ok((next <= t.settings.rounds).then_some(next))
}

fn build(conn: &mut SqliteConnection, t: &Tournament) -> Result<RollCallView, ServiceError> {
    let round = next_round(conn, t)?;
    let call = match round {
        Some(n) => calls::get(conn, t.id, n)?,
        None => None,
    };
    let answers: HashMap<PlayerId, CheckIn> = match round {
        Some(n) => calls::answers(conn, t.id, n)?
            .into_iter()
            .map(|a| (a.player_id, a))
            .collect(),
        None => HashMap::new(),
    };
    let mut players: Vec<Answered> = queries::list_players(conn, t.id)?
        .into_iter()
        .filter(|p| !p.withdrawn || answers.get(&p.id).is_some_and(|a| !a.present))
        .map(|p| {
            let a = answers.get(&p.id);
            Answered {
                player_id: p.id,
                name: p.name,
                answer: match a {
                    Some(a) if a.present => Answer::Present,
                    Some(_) => Answer::Absent,
                    None => Answer::Unanswered,
                },
                by_player: a.is_some_and(|a| a.by_player),
                at: a.map(|a| a.at),
            }
        })
        .collect();
    crate::tournament::names::sort_by_name(&t.settings.language, &mut players, |p| &p.name);
    Ok(RollCallView {
        tournament_id: t.id,
        tournament: t.name.clone(),
        round,
        state: match &call {
            None => State::NotTaken,
            Some(c) if c.closed_at.is_none() => State::Open,
            Some(_) => State::Closed,
        },
        required: round.is_some_and(|n| t.settings.check_in.before(n)),
        byes: !t.settings.format.field_fixed_at_start(),
        players,
    })
}

/// The roll call before the next round, for the staff who run the tournament.
pub fn view(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
) -> Result<RollCallView, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    build(conn, &t)
}

/// The roll call open in the tournament, if one is: its round, and `player`'s answer (present
/// or not, when they answered). What the tournament's page says.
pub fn open_for(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    player: Option<PlayerId>,
) -> Result<Option<(i32, Option<bool>)>, ServiceError> {
    let Some(call) = calls::open_one(conn, tournament_id)? else {
        return Ok(None);
    };
    let answer = match player {
        Some(me) => calls::answers(conn, tournament_id, call.round_number)?
            .into_iter()
            .find(|a| a.player_id == me)
            .map(|a| a.present),
        None => None,
    };
    Ok(Some((call.round_number, answer)))
}

/// The open roll call of the tournament, or 409.
fn the_open_one(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<RollCall, ServiceError> {
    calls::open_one(conn, tournament_id)?
        .ok_or_else(|| ServiceError::Conflict(crate::said!("no-roll-call-open-open")))
}

/// The staff open the roll call before the next round.
pub fn open(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
) -> Result<RollCallView, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    transaction(conn, |conn| {
        let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
        let Some(round) = next_round(conn, &t)? else {
            return Err(ServiceError::Conflict(crate::said!(
                "tournament-has-rounds-all-paired",
                rounds = t.settings.rounds
            )));
        };
        if round > 1 && t.settings.format.field_fixed_at_start() {
            return Err(ServiceError::Conflict(crate::said!(
                "round-robin-s-knockout-s"
            )));
        }
        match calls::get(conn, tournament_id, round)? {
            Some(c) if c.closed_at.is_some() => {
                return Err(ServiceError::Conflict(crate::said!(
                    "roll-call-before-round-closed",
                    round
                )));
            }
            Some(_) => {}
            None => {
                calls::insert(
                    conn,
                    &RollCall {
                        tournament_id,
                        round_number: round,
                        opened_at: Utc::now().naive_utc(),
                        closed_at: None,
                    },
                )?;
                Audit {
                    actor,
                    change: Change::RollCallOpened {
                        tournament: tournament_id,
                    },
                    tournament_id: Some(tournament_id),
                }
                .record(
                    conn,
                    None::<&()>,
                    Some(&serde_json::json!({"round": round})),
                )?;
            }
        }
        build(conn, &t)
    })
}

/// The staff mark a player present or absent while the roll call is open.
pub fn mark(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    player: PlayerId,
    present: bool,
) -> Result<RollCallView, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    transaction(conn, |conn| {
        let call = the_open_one(conn, tournament_id)?;
        let p = queries::get_player(conn, tournament_id, player).or_not_found("player")?;
        if p.withdrawn {
            return Err(ServiceError::Conflict(crate::said!(
                "has-withdrawn-reinstate-them-first",
                name = &p.name
            )));
        }
        let row = CheckIn {
            tournament_id,
            round_number: call.round_number,
            player_id: player,
            present,
            by_player: false,
            at: Utc::now().naive_utc(),
        };
        calls::answer(conn, &row)?;
        Audit {
            actor,
            change: Change::RollCallMarked { player },
            tournament_id: Some(tournament_id),
        }
        .record(conn, None::<&()>, Some(&row))?;
        let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
        build(conn, &t)
    })
}

/// A player who signs in while a roll call is open is present.
pub fn signed_in(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    player: PlayerId,
) -> Result<Option<i32>, ServiceError> {
    transaction(conn, |conn| {
        let Some(call) = calls::open_one(conn, tournament_id)? else {
            return Ok(None);
        };
        let row = CheckIn {
            tournament_id,
            round_number: call.round_number,
            player_id: player,
            present: true,
            by_player: true,
            at: Utc::now().naive_utc(),
        };
        calls::answer(conn, &row)?;
        Audit {
            actor,
            change: Change::CheckedIn { player },
            tournament_id: Some(tournament_id),
        }
        .record(conn, None::<&()>, Some(&row))?;
        Ok(Some(call.round_number))
    })
}

/// What closing a roll call did.
#[derive(Clone, Debug, Serialize)]
pub struct Closed {
    pub round: i32,
    /// The absent given a zero-point bye, by name.
    pub byes: Vec<String>,
    /// The absent withdrawn, by name.
    pub withdrawn: Vec<String>,
}

/// The staff close the roll call: every player not present is marked absent and given a
/// zero-point bye for the round (one they asked for stays), or withdrawn if listed in
/// `withdraw` (always, in a round robin or a knockout).
pub fn close(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    withdraw: &[PlayerId],
) -> Result<Closed, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    transaction(conn, |conn| {
        let call = the_open_one(conn, tournament_id)?;
        let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
        let view = build(conn, &t)?;
        let round = call.round_number;
        let absent: Vec<&Answered> = view
            .players
            .iter()
            .filter(|p| p.answer != Answer::Present)
            .collect();
        let withdraw: HashSet<PlayerId> = withdraw.iter().copied().collect();
        if let Some(p) = view
            .players
            .iter()
            .find(|p| p.answer == Answer::Present && withdraw.contains(&p.player_id))
        {
            return Err(ServiceError::Invalid(crate::said!(
                "present-only-absent-withdrawn-when",
                name = &p.name
            )));
        }
        let now = Utc::now().naive_utc();
        let byes_taken: HashSet<PlayerId> = queries::tournament_byes(conn, tournament_id)?
            .into_iter()
            .filter(|b| b.round_number == round)
            .map(|b| b.player_id)
            .collect();
        let mut closed = Closed {
            round,
            byes: Vec::new(),
            withdrawn: Vec::new(),
        };
        for p in absent {
            calls::answer(
                conn,
                &CheckIn {
                    tournament_id,
                    round_number: round,
                    player_id: p.player_id,
                    present: false,
                    by_player: false,
                    at: now,
                },
            )?;
            if view.byes && !withdraw.contains(&p.player_id) {
                if !byes_taken.contains(&p.player_id) {
                    queries::put_bye(
                        conn,
                        &NewBye {
                            tournament_id,
                            player_id: p.player_id,
                            round_number: round,
                            kind: ByeKind::Zero,
                            created_at: now,
                        },
                    )?;
                }
                closed.byes.push(p.name.clone());
            } else {
                queries::set_withdrawn(conn, p.player_id, true)?;
                queries::end_player_sessions(conn, p.player_id)?;
                closed.withdrawn.push(p.name.clone());
            }
        }
        calls::close(conn, tournament_id, round, now)?;
        Audit {
            actor,
            change: Change::RollCallClosed {
                tournament: tournament_id,
            },
            tournament_id: Some(tournament_id),
        }
        .record(conn, None::<&()>, Some(&closed))?;
        Ok(closed)
    })
}

/// The players absent at the closed roll call before round `number` (none without one).
pub fn absent(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    number: i32,
) -> Result<HashSet<i32>, ServiceError> {
    Ok(match calls::get(conn, tournament_id, number)? {
        Some(c) if c.closed_at.is_some() => calls::answers(conn, tournament_id, number)?
            .into_iter()
            .filter(|a| !a.present)
            .map(|a| a.player_id.get())
            .collect(),
        _ => HashSet::new(),
    })
}

/// Refuses a pairing of round `number` that the roll call forbids: while the roll call before
/// it is open; without one when the tournament asks for it; with a player absent at it.
pub fn check_pairing(
    conn: &mut SqliteConnection,
    t: &Tournament,
    number: i32,
    players: &[i32],
) -> Result<(), ServiceError> {
    match calls::get(conn, t.id, number)? {
        Some(c) if c.closed_at.is_none() => Err(ServiceError::Conflict(crate::said!(
            "roll-call-before-round-still",
            number
        ))),
        None if t.settings.check_in.before(number) => Err(ServiceError::Conflict(crate::said!(
            "take-roll-call-before-round",
            number
        ))),
        None => Ok(()),
        Some(_) => check_seated(conn, t, number, players),
    }
}

/// Refuses to seat in round `number` a player absent at its roll call (a pairing, or a
/// correction of one).
pub fn check_seated(
    conn: &mut SqliteConnection,
    t: &Tournament,
    number: i32,
    players: &[i32],
) -> Result<(), ServiceError> {
    let absent = absent(conn, t.id, number)?;
    let names: Vec<String> = queries::list_players(conn, t.id)?
        .into_iter()
        .filter(|p| absent.contains(&p.id.get()) && players.contains(&p.id.get()))
        .map(|p| p.name)
        .collect();
    if names.is_empty() {
        Ok(())
    } else {
        Err(ServiceError::Conflict(crate::said!(
            "absent-at-roll-call-before",
            number,
            value = names.join(", ")
        )))
    }
}
