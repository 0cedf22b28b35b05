//! Moves, what a move did, and how a game ends.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::{Pit, Position, Side};

/// A move: the pit to sow from, and (where captures are optional) whether the mover takes the
/// capture the move allows. Under compulsory captures the flag is always true.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub pit: Pit,
    pub capture: bool,
}

impl Move {
    pub fn new(pit: Pit, capture: bool) -> Move {
        Move { pit, capture }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.pit)
    }
}

/// Up to twelve moves (six pits, each with and without its optional capture), without allocating.
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    moves: [Move; 12],
    len: usize,
}

impl MoveList {
    pub(crate) fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Pit::new(0).expect("pit 0 exists"), true); 12],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }
}

impl Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

/// Why a game ended. `in-progress` is not a reason: a game in progress has no `Outcome`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    Majority,
    NoFeed,
    Repetition,
    Agreement,
    Resignation,
    Time,
    GrandSlam,
    Forfeit,
    LastSeeds,
}

impl EndReason {
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Majority => "majority",
            EndReason::NoFeed => "no-feed",
            EndReason::Repetition => "repetition",
            EndReason::Agreement => "agreement",
            EndReason::Resignation => "resignation",
            EndReason::Time => "time",
            EndReason::GrandSlam => "grand-slam",
            EndReason::Forfeit => "forfeit",
            EndReason::LastSeeds => "last-seeds",
        }
    }

    /// A sentence for people.
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Majority => "a player captured 25 or more",
            EndReason::NoFeed => "a starved player could not be fed",
            EndReason::Repetition => "a position occurred a second time",
            EndReason::Agreement => "the players agreed to stop",
            EndReason::Resignation => "a player resigned",
            EndReason::Time => "a player lost on time",
            EndReason::GrandSlam => "a grand slam lost the game",
            EndReason::Forfeit => {
                "a player left the opponent without seeds when a feeding move existed"
            }
            EndReason::LastSeeds => "few seeds were left and the last capturer took them",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EndReason {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        use EndReason::*;
        [
            Majority,
            NoFeed,
            Repetition,
            Agreement,
            Resignation,
            Time,
            GrandSlam,
            Forfeit,
            LastSeeds,
        ]
        .into_iter()
        .find(|r| r.name() == s)
        .ok_or_else(|| format!("unknown end reason {s:?}"))
    }
}

/// A finished game: why, the final stores, and the winner (`None` for a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub reason: EndReason,
    pub stores: [u8; 2],
    pub winner: Option<Side>,
}

impl Outcome {
    /// The outcome decided by the stores.
    pub(crate) fn by_stores(reason: EndReason, stores: [u8; 2]) -> Outcome {
        let winner = match stores[0].cmp(&stores[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        Outcome {
            reason,
            stores,
            winner,
        }
    }

    /// The outcome after the seeds on the board are collected as `collect` says.
    pub(crate) fn collecting(reason: EndReason, position: &Position, collect: Collect) -> Outcome {
        let mut end = *position;
        match collect {
            Collect::Nothing => {}
            Collect::Row(side) => end.collect_row(side),
            Collect::OwnRows => {
                end.collect_row(Side::South);
                end.collect_row(Side::North);
            }
            Collect::All(side) => end.collect_all(side),
        }
        Outcome::by_stores(reason, end.stores())
    }
}

/// Where the seeds left on the board go when a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Collect {
    Nothing,
    Row(Side),
    OwnRows,
    All(Side),
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("{pit} is not a pit of {side}, who is to move")]
    WrongSide { pit: Pit, side: Side },
    #[error("pit {pit} is empty")]
    EmptyPit { pit: Pit },
    #[error("the opponent's row is empty and {pit} does not sow into it, but another move does")]
    DoesNotFeed { pit: Pit },
    #[error("the game is already over ({0})")]
    GameOver(EndReason),
    #[error("sowing from {pit} never ends (more than {limit} seeds sown)")]
    Endless { pit: Pit, limit: u32 },
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub mv: Move,
    pub side: Side,
    /// The position after the move (before any end-of-game collection).
    pub position: Position,
    /// Seeds dropped during the move (more than the pit held under relay sowing).
    pub sown: u32,
    /// Seeds captured during the move, by South and by North.
    pub captured: [u8; 2],
    /// The move would have captured the whole opposing row.
    pub grand_slam: bool,
    /// The move could have captured but was not marked (optional captures).
    pub capture_declined: bool,
    /// The move left a starved opponent unfed when a feeding move existed.
    pub forfeit: bool,
    /// The game ended with this move.
    pub end: Option<Outcome>,
}

impl Played {
    /// Seeds captured by the player who moved.
    pub fn captured_by_mover(&self) -> u8 {
        self.captured[self.side.index()]
    }
}
