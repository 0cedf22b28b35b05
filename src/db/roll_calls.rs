//! Queries of roll calls: who answered before a round, and whether the call is still open.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::schema::{check_ins, roll_calls};
use crate::tournament::{PlayerId, TournamentId};

/// A roll call before a round.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = roll_calls, check_for_backend(diesel::sqlite::Sqlite))]
pub struct RollCall {
    pub tournament_id: TournamentId,
    pub round_number: i32,
    pub opened_at: NaiveDateTime,
    pub closed_at: Option<NaiveDateTime>,
}

/// A player's answer to a roll call.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = check_ins, check_for_backend(diesel::sqlite::Sqlite))]
pub struct CheckIn {
    pub tournament_id: TournamentId,
    pub round_number: i32,
    pub player_id: PlayerId,
    pub present: bool,
    /// Marked by the player signing in (otherwise by the staff).
    pub by_player: bool,
    pub at: NaiveDateTime,
}

/// The roll call before round `number`, if one was taken.
pub fn get(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    number: i32,
) -> QueryResult<Option<RollCall>> {
    roll_calls::table
        .find((tournament, number))
        .select(RollCall::as_select())
        .first(conn)
        .optional()
}

/// The roll call still open in a tournament, if any.
pub fn open_one(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Option<RollCall>> {
    roll_calls::table
        .filter(roll_calls::tournament_id.eq(tournament))
        .filter(roll_calls::closed_at.is_null())
        .select(RollCall::as_select())
        .first(conn)
        .optional()
}

pub fn insert(conn: &mut SqliteConnection, call: &RollCall) -> QueryResult<usize> {
    diesel::insert_into(roll_calls::table)
        .values(call)
        .execute(conn)
}

pub fn close(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    number: i32,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(roll_calls::table.find((tournament, number)))
        .set(roll_calls::closed_at.eq(at))
        .execute(conn)
}

/// The answers to the roll call before round `number`.
pub fn answers(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    number: i32,
) -> QueryResult<Vec<CheckIn>> {
    check_ins::table
        .filter(check_ins::tournament_id.eq(tournament))
        .filter(check_ins::round_number.eq(number))
        .select(CheckIn::as_select())
        .load(conn)
}

/// Records (or changes) a player's answer.
pub fn answer(conn: &mut SqliteConnection, row: &CheckIn) -> QueryResult<usize> {
    diesel::insert_into(check_ins::table)
        .values(row)
        .on_conflict((check_ins::player_id, check_ins::round_number))
        .do_update()
        .set((
            check_ins::present.eq(row.present),
            check_ins::by_player.eq(row.by_player),
            check_ins::at.eq(row.at),
        ))
        .execute(conn)
}
