//! Read models shared by the workflows: a tournament's games as its history and as pages show
//! them, and its players' names.

use std::collections::HashMap;

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::ServiceError;
use crate::db::models::Game;
use crate::db::queries;
use crate::tournament::history::GameRecord;
use crate::tournament::matches::MatchFormat;
use crate::tournament::results::result_text;
use crate::tournament::sheets::EndKind;
use crate::tournament::sheets::Outcome;
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
        match_points: None,
    }
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
    /// The result as facts, for the pages to word in their language.
    #[serde(skip)]
    pub outcome: Option<Outcome>,
    /// The game's number in its match (1 for a single game).
    pub match_game: i32,
    /// The game in its match as sheets and pages name it ("game 2 of 3"); empty for single games.
    pub match_label: String,
    /// On the latest game of a match in a round's list: the match's score so far, first-named
    /// player first ("1½-½"), and whether it is decided; empty otherwise.
    pub match_score: String,
    /// The games of the match the game is in (0 for a single game), for the pages' words.
    #[serde(skip)]
    pub match_of: i32,
    /// `match_score` as facts: each player's game points and whether the match is decided.
    #[serde(skip)]
    pub match_tally: Option<(f64, f64, bool)>,
}

impl GameView {
    pub fn new(
        g: &Game,
        round: i32,
        names: &HashMap<PlayerId, String>,
        format: &MatchFormat,
    ) -> GameView {
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
                    (ResultKind::Played, Some(EndKind::Adjudication)) => {
                        format!("{text}, adjudicated")
                    }
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
            outcome: record.result.map(|(kind, winner)| Outcome {
                kind,
                winner,
                seeds: record.seeds,
                end: g.end_kind,
            }),
            match_game: g.match_game,
            match_label: if g.north_id.is_some() {
                format.label(g.match_game)
            } else {
                String::new()
            },
            match_score: String::new(),
            match_of: if g.north_id.is_some() && !format.single() {
                format.games
            } else {
                0
            },
            match_tally: None,
        }
    }

    pub fn counts(&self) -> bool {
        self.status.counts()
    }

    /// The game's number in its match and the match's games (0 for a single game).
    /// Whether the match has a game point yet: a blank pairings sheet shows no "0-0 so far".
    pub fn match_started(&self) -> bool {
        matches!(self.match_tally, Some((a, b, _)) if a + b > 0.0)
    }

    pub fn in_match(&self) -> (i32, i32) {
        (self.match_game, self.match_of)
    }
}

/// A player's games in published rounds, latest first.
pub fn player_games(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    player_id: PlayerId,
    format: &MatchFormat,
) -> Result<Vec<GameView>, ServiceError> {
    let names = names(conn, tournament_id)?;
    let mut games: Vec<GameView> = queries::games_with_rounds(conn, tournament_id, true)?
        .iter()
        .filter(|(g, _)| g.south_id == player_id || g.north_id == Some(player_id))
        .map(|(g, r)| GameView::new(g, r.number, &names, format))
        .collect();
    games.sort_by_key(|g| (std::cmp::Reverse(g.round), g.match_game));
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
