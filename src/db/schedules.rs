//! Queries of the round clock: a tournament's clock settings, and each round's planned and
//! actual start.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::schema::{round_times, schedules};
use crate::tournament::TournamentId;

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = schedules, check_for_backend(diesel::sqlite::Sqlite))]
pub struct StoredSchedule {
    pub tournament_id: TournamentId,
    pub game_minutes: Option<i32>,
    pub increment_seconds: i32,
    pub move_seconds: Option<i32>,
    pub round_minutes: Option<i32>,
    pub utc_offset_minutes: i32,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = round_times, check_for_backend(diesel::sqlite::Sqlite))]
pub struct RoundTime {
    pub tournament_id: TournamentId,
    pub round_number: i32,
    /// The venue's time.
    pub planned_start: Option<NaiveDateTime>,
    /// UTC.
    pub started_at: Option<NaiveDateTime>,
}

pub fn get(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Option<StoredSchedule>> {
    schedules::table
        .find(tournament)
        .select(StoredSchedule::as_select())
        .first(conn)
        .optional()
}

pub fn put(conn: &mut SqliteConnection, schedule: &StoredSchedule) -> QueryResult<usize> {
    diesel::replace_into(schedules::table)
        .values(schedule)
        .execute(conn)
}

/// Every round's times, by round.
pub fn round_times(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Vec<RoundTime>> {
    round_times::table
        .filter(round_times::tournament_id.eq(tournament))
        .order(round_times::round_number)
        .select(RoundTime::as_select())
        .load(conn)
}

/// Sets a round's planned start, keeping when it started.
pub fn plan(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    number: i32,
    planned: Option<NaiveDateTime>,
) -> QueryResult<usize> {
    diesel::insert_into(round_times::table)
        .values(&RoundTime {
            tournament_id: tournament,
            round_number: number,
            planned_start: planned,
            started_at: None,
        })
        .on_conflict((round_times::tournament_id, round_times::round_number))
        .do_update()
        .set(round_times::planned_start.eq(planned))
        .execute(conn)
}

/// Records when a round started.
pub fn start(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    number: i32,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::insert_into(round_times::table)
        .values(&RoundTime {
            tournament_id: tournament,
            round_number: number,
            planned_start: None,
            started_at: Some(at),
        })
        .on_conflict((round_times::tournament_id, round_times::round_number))
        .do_update()
        .set(round_times::started_at.eq(at))
        .execute(conn)
}
