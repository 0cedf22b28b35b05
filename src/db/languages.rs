//! A tournament's own language, read from its settings (`en` when none was set).

use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::schema::tournaments;
use crate::tournament::TournamentId;

/// The tournament's language code; `en` for a tournament that is not there.
pub fn get(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<String> {
    Ok(tournaments::table
        .find(tournament)
        .select(tournaments::language)
        .first::<String>(conn)
        .optional()?
        .unwrap_or_else(|| "en".to_string()))
}
