//! A game with the tournament and round it belongs to, as every workflow on a game loads it:
//! who plays it, whether it takes a sheet or a ruling now, its stored moves replayed.

use diesel::sqlite::SqliteConnection;

use super::{Actor, Found, ServiceError};
use crate::db::models::{Game, Round, Tournament};
use crate::db::queries;
use crate::engine::{DeclaredEnd, Position, Replay, Rules, Side, replay};
use crate::tournament::sheets::EndKind;
use crate::tournament::{GameId, PlayerId, Winner};

/// A game with what it belongs to.
#[derive(Clone, Debug)]
pub struct Context {
    pub game: Game,
    pub tournament: Tournament,
    pub round: Round,
}

impl Context {
    pub fn load(conn: &mut SqliteConnection, game_id: GameId) -> Result<Context, ServiceError> {
        let game = queries::get_game(conn, game_id).or_not_found("game")?;
        let tournament = queries::get_tournament(conn, game.tournament_id)?;
        let round = queries::get_round_by_id(conn, game.round_id)?;
        Ok(Context {
            game,
            tournament,
            round,
        })
    }

    pub fn rules(&self) -> Result<Rules, ServiceError> {
        Ok(super::tournaments::stored_settings(&self.tournament)?.rules)
    }

    /// How the game ended, as the engine replays it.
    pub fn declared_end(&self) -> DeclaredEnd {
        declared_end(self.game.winner, self.game.end_kind)
    }

    /// The side a player has in this game.
    pub fn side_of(&self, player_id: PlayerId) -> Option<Side> {
        if self.game.south_id == player_id {
            Some(Side::South)
        } else if self.game.north_id == Some(player_id) {
            Some(Side::North)
        } else {
            None
        }
    }

    /// The players' names, South's first, from the tournament's `names` (none for a bye's
    /// missing opponent).
    pub fn player_names(&self, names: &std::collections::HashMap<PlayerId, String>) -> [String; 2] {
        let name = |id| names.get(&id).cloned().unwrap_or_default();
        [
            name(self.game.south_id),
            self.game.north_id.map(name).unwrap_or_default(),
        ]
    }

    /// The players of the game (one for a bye).
    pub fn players(&self) -> Vec<PlayerId> {
        std::iter::once(self.game.south_id)
            .chain(self.game.north_id)
            .collect()
    }

    pub fn check_published(&self) -> Result<(), ServiceError> {
        if self.round.published {
            Ok(())
        } else {
            Err(ServiceError::Conflict(crate::said!(
                "round-not-published-yet",
                number = self.round.number
            )))
        }
    }

    /// Why the controller cannot rule on this game: a bye, or a round not yet published.
    pub fn check_ruling(&self) -> Result<(), ServiceError> {
        if self.game.north_id.is_none() {
            return Err(ServiceError::Conflict(crate::said!(
                "bye-has-no-result-set"
            )));
        }
        self.check_published()
    }

    /// Why a sheet cannot be taken now, before any replay.
    pub fn check_open(&self) -> Result<(), ServiceError> {
        if self.game.north_id.is_none() {
            return Err(ServiceError::Conflict(crate::said!(
                "bye-has-no-score-sheet"
            )));
        }
        self.check_published()?;
        self.game.status.on_sheet(None, true).map_err(refused)?;
        Ok(())
    }

    /// The player of this game who acts: a player signed in to the tournament who plays it.
    pub fn acting_player(&self, actor: &Actor) -> Result<PlayerId, ServiceError> {
        match actor.player_in(self.tournament.id) {
            Some(p) if self.side_of(p).is_some() => Ok(p),
            Some(_) => Err(ServiceError::Forbidden(crate::said!("you-not-player-game"))),
            None => match actor {
                Actor::Signed(crate::auth::Identity::Staff { .. }) => Err(ServiceError::Forbidden(
                    crate::said!("score-sheets-come-players-controller"),
                )),
                Actor::Signed(_) => {
                    Err(ServiceError::Forbidden(crate::said!("you-not-player-game")))
                }
                Actor::Visitor | Actor::CommandLine => Err(ServiceError::Unauthenticated),
            },
        }
    }
}

/// How a game ended, as the engine replays it: the loser of a resignation or a loss on time is
/// the side that did not win.
pub fn declared_end(winner: Option<Winner>, end: Option<EndKind>) -> DeclaredEnd {
    let loser = match winner {
        Some(Winner::South) => Some(Side::North),
        Some(Winner::North) => Some(Side::South),
        _ => None,
    };
    match (end, loser) {
        (Some(EndKind::Agreement | EndKind::Adjudication), _) => DeclaredEnd::Agreement,
        (Some(EndKind::Resignation), Some(l)) => DeclaredEnd::Resignation(l),
        (Some(EndKind::Time), Some(l)) => DeclaredEnd::Time(l),
        _ => DeclaredEnd::Natural,
    }
}

pub fn refused(r: crate::tournament::game_state::Refusal) -> ServiceError {
    ServiceError::Conflict(r.said())
}

/// A stored game whose moves no longer replay is an error to show, never a game to skip.
pub fn game_replay(ctx: &Context) -> Result<Option<Replay>, ServiceError> {
    let Some(moves) = ctx.game.moves.as_deref().filter(|m| !m.is_empty()) else {
        return Ok(None);
    };
    let end = ctx.declared_end();
    replay(moves, &ctx.rules()?, Position::start(), None, end)
        .map(Some)
        .map_err(|e| {
            ServiceError::Conflict(crate::said!(
                "stored-moves-no-longer-replay",
                round = ctx.round.number,
                board = ctx.game.board.unwrap_or_default(),
                at = crate::tournament::said::Word::Move(e.ply),
                detail = crate::tournament::said::Word::Detail(Box::new(e.detail))
            ))
        })
}
