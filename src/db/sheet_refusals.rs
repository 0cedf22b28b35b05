//! Queries of the refused score sheets: per game, how many since its last accepted sheet and the
//! last diagnostic.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::schema::sheet_refusals;
use crate::tournament::{GameId, PlayerId};

/// A game's refused sheets as stored.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = sheet_refusals, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Refusals {
    pub game_id: GameId,
    /// The player whose sheet was refused last.
    pub player_id: PlayerId,
    pub refused: i32,
    /// Why the last one was refused, as the player was told.
    pub message: String,
    pub refused_at: NaiveDateTime,
}

/// Counts one more refused sheet of the game.
pub fn add(
    conn: &mut SqliteConnection,
    game_id: GameId,
    player_id: PlayerId,
    message: &str,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::insert_into(sheet_refusals::table)
        .values(&Refusals {
            game_id,
            player_id,
            refused: 1,
            message: message.to_string(),
            refused_at: at,
        })
        .on_conflict(sheet_refusals::game_id)
        .do_update()
        .set((
            sheet_refusals::refused.eq(sheet_refusals::refused + 1),
            sheet_refusals::player_id.eq(player_id),
            sheet_refusals::message.eq(message),
            sheet_refusals::refused_at.eq(at),
        ))
        .execute(conn)
}

/// Forgets the game's refused sheets (a sheet of it was accepted).
pub fn clear(conn: &mut SqliteConnection, game_id: GameId) -> QueryResult<usize> {
    diesel::delete(sheet_refusals::table.find(game_id)).execute(conn)
}

/// The refused sheets of the given games.
pub fn of_games(conn: &mut SqliteConnection, games: &[GameId]) -> QueryResult<Vec<Refusals>> {
    sheet_refusals::table
        .filter(sheet_refusals::game_id.eq_any(games))
        .select(Refusals::as_select())
        .load(conn)
}
