//! A player's "my board now": after signing in, the player sees their board in the latest
//! published round, their opponent, who starts, the round's times, the sheet waiting for their
//! confirmation, the staff's notice and an open roll call. Every player's is read at once
//! ([`all`]), so that a room of live pages costs one reading per change, not one per phone.

use std::collections::HashMap;

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::notices::Notice;
use super::round_views::{self, RoundView};
use super::{Actor, ServiceError};
use crate::db::{queries, roll_calls};
use crate::tournament::{GameId, GameStatus, PlayerId, TournamentId};

/// Whose sheet a game waits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Waiting {
    /// No sheet waits (none sent yet, or the result counts, or the controller decides).
    Nothing,
    /// The player's own sheet waits for the opponent.
    ForOpponent,
    /// The opponent's sheet waits for the player's confirmation.
    ForYou,
}

/// A game of a player's match, as their board lists the match's plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlannedGame {
    /// Its number in the match, from 1.
    pub game: i32,
    /// The player plays South in it, and so starts.
    pub south: bool,
}

/// Where the player sits in the round.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Seat {
    /// Not in the round's pairings (no round published yet, withdrawn, absent at the roll call).
    NotPaired,
    /// A bye they asked for: its kind in words.
    AskedBye {
        label: String,
        #[serde(skip)]
        kind: crate::tournament::ByeKind,
    },
    /// The pairing's bye: the result it gives.
    Bye {
        /// The result the bye gives, for the page (and the API) to word.
        #[serde(skip)]
        outcome: Option<crate::tournament::sheets::Outcome>,
    },
    /// A board: the player's game on it now (of a match, the first whose result is not in).
    Board {
        game: GameId,
        board: i32,
        /// The game's number in its match and the match's games (0 for a single game), for
        /// the page's (and the API's) words.
        #[serde(skip)]
        in_match: (i32, i32),
        /// Plays South, and so moves first.
        south: bool,
        /// Of a match, its games laid out so far: each one's number and whether the player plays
        /// South in it (and so starts).
        plan: Vec<PlannedGame>,
        opponent: String,
        status: GameStatus,
        waiting: Waiting,
        /// The result once there is one, for the page (and the API) to word.
        #[serde(skip)]
        outcome: Option<crate::tournament::sheets::Outcome>,
    },
}

/// One player's board now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MyBoard {
    pub tournament_id: TournamentId,
    pub tournament: String,
    pub player: PlayerId,
    pub name: String,
    pub withdrawn: bool,
    /// The latest published round.
    pub round: Option<i32>,
    pub seat: Seat,
    /// The round's start and planned end, for the page (and the API) to word.
    #[serde(skip)]
    pub round_times: super::schedule::RoundTimes,
    pub notice: Option<Notice>,
    /// An open roll call: its round, and the player's answer so far.
    pub roll_call: Option<(i32, Option<bool>)>,
}

/// Every player's board now, by player.
pub type Boards = HashMap<PlayerId, MyBoard>;

/// Every player's board now, read once for the tournament.
pub fn all(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Boards, ServiceError> {
    let t = super::tournaments::get(conn, tournament_id)?;
    let players = queries::list_players(conn, tournament_id)?;
    let latest = queries::list_rounds(conn, tournament_id)?
        .into_iter()
        .filter(|r| r.published)
        .map(|r| r.number)
        .max();
    let round = match latest {
        Some(n) => Some(round_views::view(
            conn,
            &Actor::Visitor,
            tournament_id,
            n,
            Vec::new(),
        )?),
        None => None,
    };
    let senders = match &round {
        Some(r) => {
            let ids: Vec<GameId> = r.games.iter().map(|g| g.id).collect();
            queries::last_senders(conn, &ids)?
        }
        None => HashMap::new(),
    };
    let roll_call = match roll_calls::open_one(conn, tournament_id)? {
        Some(call) => {
            let answers: HashMap<PlayerId, bool> =
                roll_calls::answers(conn, tournament_id, call.round_number)?
                    .into_iter()
                    .map(|a| (a.player_id, a.present))
                    .collect();
            Some((call.round_number, answers))
        }
        None => None,
    };
    let notice = super::notices::get(conn, tournament_id)?;
    let round_times = round.as_ref().map(|r| r.times.clone()).unwrap_or_default();
    Ok(players
        .into_iter()
        .map(|p| {
            let board = MyBoard {
                tournament_id,
                tournament: t.name.clone(),
                player: p.id,
                seat: round
                    .as_ref()
                    .map_or(Seat::NotPaired, |r| seat(r, &senders, p.id)),
                name: p.name,
                withdrawn: p.withdrawn,
                round: latest,
                round_times: round_times.clone(),
                notice: notice.clone(),
                roll_call: roll_call
                    .as_ref()
                    .map(|(n, answers)| (*n, answers.get(&p.id).copied())),
            };
            (p.id, board)
        })
        .collect())
}

/// Where `me` sits in `round`: their board's game now (of a match, the first whose result is
/// not in), the bye, or nowhere.
fn seat(round: &RoundView, senders: &HashMap<GameId, PlayerId>, me: PlayerId) -> Seat {
    let mine = round
        .now_playing()
        .find(|g| g.south.id == me || g.north.as_ref().is_some_and(|n| n.id == me));
    let Some(g) = mine else {
        return match round.requested_byes.iter().find(|b| b.player_id == me) {
            Some(b) => Seat::AskedBye {
                label: b.label.to_string(),
                kind: b.kind,
            },
            None => Seat::NotPaired,
        };
    };
    let Some(north) = &g.north else {
        return Seat::Bye { outcome: g.outcome };
    };
    let south = g.south.id == me;
    let mut plan: Vec<PlannedGame> = round
        .games
        .iter()
        .filter(|x| g.in_match().1 > 0 && x.board == g.board)
        .map(|x| PlannedGame {
            game: x.match_game,
            south: x.south.id == me,
        })
        .collect();
    plan.sort_by_key(|p| p.game);
    let waiting = match (g.status, senders.get(&g.id)) {
        (GameStatus::Submitted, Some(&sender)) if sender == me => Waiting::ForOpponent,
        (GameStatus::Submitted, Some(_)) => Waiting::ForYou,
        _ => Waiting::Nothing,
    };
    Seat::Board {
        game: g.id,
        board: g.board.unwrap_or_default(),
        in_match: g.in_match(),
        south,
        plan,
        opponent: if south {
            north.name.clone()
        } else {
            g.south.name.clone()
        },
        status: g.status,
        waiting,
        outcome: g.outcome,
    }
}

/// The signed-in player's own board now (the API's answer; others are refused).
pub fn mine(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
) -> Result<MyBoard, ServiceError> {
    let me = player(actor, tournament_id)?;
    all(conn, tournament_id)?
        .remove(&me)
        .ok_or_else(|| ServiceError::not_found("player"))
}

/// The player of the tournament the actor is signed in as, or why not.
pub fn player(actor: &Actor, tournament_id: TournamentId) -> Result<PlayerId, ServiceError> {
    match (actor, actor.player_in(tournament_id)) {
        (_, Some(me)) => Ok(me),
        (Actor::Visitor, None) => Err(ServiceError::Unauthenticated),
        _ => Err(ServiceError::Forbidden(crate::said!(
            "page-player-s-own-sign"
        ))),
    }
}
