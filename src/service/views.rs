//! Read models shared by the workflows: a tournament's games as its history and as pages show
//! them, and its players' names.

use std::collections::HashMap;

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::ServiceError;
use crate::db::models::Game;
use crate::db::queries;
use crate::tournament::history::GameRecord;
use crate::tournament::results::result_text;
use crate::tournament::sheets::EndKind;
use crate::tournament::{GameId, GameStatus, PlayerId, ResultKind, TournamentId, Winner};

/// A game as the history of the tournament sees it.
pub fn game_record(game: &Game, round: i32) -> GameRecord {
    let result = if game.status.counts() {
        game.kind.map(|k| (k, game.winner))
    } else {
        None
    };
    GameRecord {
        id: game.id.get(),
        round,
        board: game.board,
        south: game.south_id.get(),
        north: game.north_id.map(PlayerId::get),
        result,
        seeds: game.south_seeds.zip(game.north_seeds),
    }
}

/// Every game of a tournament with its round number (only rounds before `before`, if given).
pub fn records(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    before: Option<i32>,
) -> Result<Vec<GameRecord>, ServiceError> {
    Ok(queries::games_with_rounds(conn, tournament_id, false)?
        .iter()
        .filter(|(_, r)| before.is_none_or(|b| r.number < b))
        .map(|(g, r)| game_record(g, r.number))
        .collect())
}

#[derive(Clone, Debug, Serialize)]
pub struct PlayerRef {
    pub id: PlayerId,
    pub name: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    pub id: GameId,
    pub round: i32,
    pub board: Option<i32>,
    pub south: PlayerRef,
    pub north: Option<PlayerRef>,
    pub status: GameStatus,
    pub kind: Option<ResultKind>,
    pub result: Option<Winner>,
    pub seeds: Option<[i32; 2]>,
    /// The result as a pairing list shows it (`1-0 (25-20)`, `South won by forfeit`, `bye`), or empty.
    pub result_text: String,
}

impl GameView {
    pub fn new(g: &Game, round: i32, names: &HashMap<PlayerId, String>) -> GameView {
        let name = |id: PlayerId| PlayerRef {
            id,
            name: names.get(&id).cloned().unwrap_or_else(|| format!("#{id}")),
        };
        let record = game_record(g, round);
        // A game won on time or by resignation says so: its seeds may favour the loser.
        let result_text = match record.result {
            Some((kind, winner)) => {
                let text = result_text(kind, winner, record.seeds);
                match (kind, g.end_kind) {
                    (ResultKind::Played, Some(EndKind::Time)) => format!("{text}, on time"),
                    (ResultKind::Played, Some(EndKind::Resignation)) => {
                        format!("{text}, by resignation")
                    }
                    _ => text,
                }
            }
            None => String::new(),
        };
        GameView {
            id: g.id,
            round,
            board: g.board,
            south: name(g.south_id),
            north: g.north_id.map(name),
            status: g.status,
            kind: g.kind,
            result: g.winner,
            seeds: g.south_seeds.zip(g.north_seeds).map(|(s, n)| [s, n]),
            result_text,
        }
    }

    pub fn counts(&self) -> bool {
        self.status.counts()
    }
}

/// A player's games in published rounds, latest first.
pub fn player_games(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    player_id: PlayerId,
) -> Result<Vec<GameView>, ServiceError> {
    let names = names(conn, tournament_id)?;
    let mut games: Vec<GameView> = queries::games_with_rounds(conn, tournament_id, true)?
        .iter()
        .filter(|(g, _)| g.south_id == player_id || g.north_id == Some(player_id))
        .map(|(g, r)| GameView::new(g, r.number, &names))
        .collect();
    games.sort_by_key(|g| std::cmp::Reverse(g.round));
    Ok(games)
}

/// The players' names by id.
pub fn names(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<HashMap<PlayerId, String>, ServiceError> {
    Ok(queries::list_players(conn, tournament_id)?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect())
}
