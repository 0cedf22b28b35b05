//! Queries of the staff's notices: one per tournament at most.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::schema::notices;
use crate::tournament::TournamentId;

/// A tournament's notice as stored.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = notices, check_for_backend(diesel::sqlite::Sqlite))]
pub struct StoredNotice {
    pub tournament_id: TournamentId,
    pub text: String,
    pub written_at: NaiveDateTime,
}

pub fn get(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Option<StoredNotice>> {
    notices::table
        .find(tournament)
        .select(StoredNotice::as_select())
        .first(conn)
        .optional()
}

/// Writes (or replaces) the notice.
pub fn put(conn: &mut SqliteConnection, notice: &StoredNotice) -> QueryResult<usize> {
    diesel::replace_into(notices::table)
        .values(notice)
        .execute(conn)
}

/// Takes the notice down: whether there was one.
pub fn clear(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<usize> {
    diesel::delete(notices::table.find(tournament)).execute(conn)
}
