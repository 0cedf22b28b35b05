//! The round clock: the tournament's time control and each round's planned start, set by the
//! staff who run it; the controller starts a published round (its start recorded), and the
//! pages show each round's start and planned end in the venue's time.

use std::collections::HashMap;

use chrono::{NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::changes::Change;
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::db::queries;
use crate::db::schedules::{self as stored, StoredSchedule};
use crate::tournament::TournamentId;
use crate::tournament::schedule::Schedule;

/// A round's times as people read them, in the venue's time ("10:00").
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RoundTimes {
    pub number: i32,
    pub planned_start: Option<NaiveDateTime>,
    pub started: Option<NaiveDateTime>,
    /// From the start (or the planned start, before it) and the time a round is given.
    pub planned_end: Option<NaiveDateTime>,
    /// "UTC+1".
    pub zone: String,
}

impl RoundTimes {
    /// Whether nothing is known of the round's times (no start, planned or made).
    pub fn is_empty(&self) -> bool {
        self.started.is_none() && self.planned_start.is_none()
    }
}

/// The schedule as the API and the staff's form show it.
#[derive(Clone, Debug, Serialize)]
pub struct ScheduleView {
    #[serde(flatten)]
    pub settings: Schedule,
    /// Minutes a round is given, as set or as the clock gives them.
    pub round_length: Option<i64>,
    pub rounds: Vec<RoundTimes>,
}

/// What the staff set: the clock, and planned starts by round (the venue's time).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduleInput {
    #[serde(flatten)]
    pub settings: Schedule,
    #[serde(default)]
    pub planned: Vec<PlannedStart>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlannedStart {
    pub round: i32,
    /// None: no planned start.
    pub start: Option<NaiveDateTime>,
}

pub(super) fn settings_of(s: Option<StoredSchedule>) -> Schedule {
    let n = |v: Option<i32>| v.and_then(|v| u32::try_from(v).ok());
    s.map(|s| Schedule {
        game_minutes: n(s.game_minutes),
        increment_seconds: u32::try_from(s.increment_seconds).unwrap_or(0),
        move_seconds: n(s.move_seconds),
        round_minutes: n(s.round_minutes),
        utc_offset_minutes: s.utc_offset_minutes,
    })
    .unwrap_or_default()
}

/// A tournament's clock as stored (what [`settings_of`] reads back).
pub(super) fn stored_of(tournament_id: TournamentId, s: &Schedule) -> StoredSchedule {
    let n = |v: Option<u32>| v.map(|v| v as i32);
    StoredSchedule {
        tournament_id,
        game_minutes: n(s.game_minutes),
        increment_seconds: s.increment_seconds as i32,
        move_seconds: n(s.move_seconds),
        round_minutes: n(s.round_minutes),
        utc_offset_minutes: s.utc_offset_minutes,
    }
}

/// The tournament's schedule: its clock and every round's times.
pub fn get(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<ScheduleView, ServiceError> {
    let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    let settings = settings_of(stored::get(conn, tournament_id)?);
    let times: HashMap<i32, stored::RoundTime> = stored::round_times(conn, tournament_id)?
        .into_iter()
        .map(|r| (r.round_number, r))
        .collect();
    let length = settings.round_length();
    let rounds = (1..=t.settings.rounds)
        .map(|number| {
            let time = times.get(&number);
            let planned_start = time.and_then(|r| r.planned_start);
            let started = time
                .and_then(|r| r.started_at)
                .map(|at| settings.venue_time(at));
            RoundTimes {
                number,
                planned_start,
                started,
                planned_end: started.or(planned_start).zip(length).map(|(s, l)| s + l),
                zone: settings.zone(),
            }
        })
        .collect();
    Ok(ScheduleView {
        round_length: length.map(|l| l.num_minutes()),
        settings,
        rounds,
    })
}

/// The time at the venue now, as the round times are written.
pub fn venue_now(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<NaiveDateTime, ServiceError> {
    let settings = settings_of(stored::get(conn, tournament_id)?);
    Ok(settings.venue_time(Utc::now().naive_utc()))
}

/// A round's times (for its pages).
pub fn round(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    number: i32,
) -> Result<RoundTimes, ServiceError> {
    Ok(get(conn, tournament_id)?
        .rounds
        .into_iter()
        .find(|r| r.number == number)
        .unwrap_or_default())
}

/// The staff who run the tournament set its clock and planned starts.
pub fn set(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    input: &ScheduleInput,
) -> Result<ScheduleView, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    let problems = input.settings.problems();
    if !problems.is_empty() {
        return Err(ServiceError::Invalid(crate::tournament::said::Said::all(
            problems,
        )));
    }
    transaction(conn, |conn| {
        let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
        if let Some(p) = input
            .planned
            .iter()
            .find(|p| !(1..=t.settings.rounds).contains(&p.round))
        {
            return Err(ServiceError::Invalid(crate::said!(
                "planned-round-not-one-tournament",
                round = p.round,
                rounds = t.settings.rounds
            )));
        }
        let before = get(conn, tournament_id)?;
        stored::put(conn, &stored_of(tournament_id, &input.settings))?;
        for p in &input.planned {
            stored::plan(conn, tournament_id, p.round, p.start)?;
        }
        let after = get(conn, tournament_id)?;
        Audit {
            actor,
            change: Change::ScheduleSet {
                tournament: tournament_id,
            },
            tournament_id: Some(tournament_id),
        }
        .record(conn, Some(&before), Some(&after))?;
        Ok(after)
    })
}

/// The controller starts a published round: its start is recorded (once).
pub fn start(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    number: i32,
) -> Result<RoundTimes, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    transaction(conn, |conn| {
        let stored_round = queries::get_round(conn, tournament_id, number).or_not_found("round")?;
        if !stored_round.published {
            return Err(ServiceError::Conflict(crate::said!(
                "round-not-published-yet-publish-2",
                number
            )));
        }
        let before = round(conn, tournament_id, number)?;
        if before.started.is_some() {
            return Err(ServiceError::Conflict(crate::said!(
                "round-started-already",
                number
            )));
        }
        stored::start(conn, tournament_id, number, Utc::now().naive_utc())?;
        let after = round(conn, tournament_id, number)?;
        Audit {
            actor,
            change: Change::RoundStarted {
                round: stored_round.id,
            },
            tournament_id: Some(tournament_id),
        }
        .record(conn, Some(&before), Some(&after))?;
        // Its players with SMS warned before its planned end (the venue's time, and UTC).
        if let Some(end) = after.planned_end {
            let offset = venue_now(conn, tournament_id)? - Utc::now().naive_utc();
            super::sms_told::round_started(conn, stored_round.id, (end - offset, end))?;
        }
        Ok(after)
    })
}
