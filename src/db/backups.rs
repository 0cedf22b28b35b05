//! Backups made due by a change (`service::reactions`), taken by the backup task after the
//! change's commit.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::schema::backups_due;

/// A backup due for `reason`.
pub fn mark_due(conn: &mut SqliteConnection, reason: &str, at: NaiveDateTime) -> QueryResult<()> {
    diesel::insert_into(backups_due::table)
        .values((backups_due::reason.eq(reason), backups_due::at.eq(at)))
        .execute(conn)
        .map(|_| ())
}

/// The backups due, oldest first: their ids and reasons.
pub fn due(conn: &mut SqliteConnection) -> QueryResult<Vec<(i32, String)>> {
    backups_due::table
        .order(backups_due::id)
        .select((backups_due::id, backups_due::reason))
        .load(conn)
}

/// Backups taken (by id, up to and including `last`).
pub fn taken(conn: &mut SqliteConnection, last: i32) -> QueryResult<usize> {
    diesel::delete(backups_due::table.filter(backups_due::id.le(last))).execute(conn)
}

/// How many games of a tournament's published rounds wait for a result (a bye aside): while
/// one does, the event has not ended.
pub fn games_waiting(
    conn: &mut SqliteConnection,
    tournament: crate::tournament::TournamentId,
) -> QueryResult<i64> {
    use super::schema::{games, rounds};
    games::table
        .inner_join(rounds::table)
        .filter(games::tournament_id.eq(tournament))
        .filter(rounds::published.eq(true))
        .filter(games::north_id.is_not_null())
        .filter(games::status.eq_any(["pending", "submitted", "disputed"]))
        .count()
        .get_result(conn)
}
