//! Queries of a tournament's own language (a row only for a tournament not in English).

use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::schema::tournament_languages as table;
use crate::tournament::TournamentId;

/// The tournament's language code; `en` when none is stored.
pub fn get(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<String> {
    Ok(table::table
        .find(tournament)
        .select(table::language)
        .first::<String>(conn)
        .optional()?
        .unwrap_or_else(|| "en".to_string()))
}

/// Sets the tournament's language (English is stored as no row).
pub fn set(conn: &mut SqliteConnection, tournament: TournamentId, code: &str) -> QueryResult<()> {
    diesel::delete(table::table.find(tournament)).execute(conn)?;
    if code != "en" {
        diesel::insert_into(table::table)
            .values((
                table::tournament_id.eq(tournament),
                table::language.eq(code),
            ))
            .execute(conn)?;
    }
    Ok(())
}
