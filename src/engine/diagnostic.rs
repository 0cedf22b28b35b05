//! What is wrong with a recorded game, with the facts its words need: the English sentence is
//! its `Display`; the pages put the same facts in each language's words.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Pit, Side};
use super::moves::EndReason;
use super::notation::Notation;

/// The fault a replay found, each with what a sentence about it names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Detail {
    /// Something follows the result mark (`1-0`, `*`) that ends the move list.
    AfterResultMark {
        after: String,
        mark: String,
    },
    /// A move after the game ended (at `ply`, for `reason`).
    AfterEnd {
        ply: u32,
        reason: EndReason,
    },
    /// A token that is no move in the list's notation.
    NotAMove {
        token: String,
        notation: Notation,
    },
    /// A pit of the side not to move.
    NotYourPit {
        pit: Pit,
        side: Side,
    },
    EmptyPit {
        pit: Pit,
    },
    /// The opponent is starving and this move does not feed them, though another would.
    MustFeed {
        pit: Pit,
    },
    /// A sowing that would never end.
    Endless {
        pit: Pit,
        limit: u32,
    },
    /// The sheet marks a capture (`Some(n)` seeds, `None` any) the move does not make.
    WrongClaim {
        claimed: Option<u8>,
        pit: Pit,
        captured: u8,
        grand_slam: bool,
    },
    /// The sheet declares an end (`agreement`, `resignation`, `time`) after the game ended.
    EndMismatch {
        declared: Cow<'static, str>,
        ply: u32,
        reason: EndReason,
    },
    /// The rules have no end by agreement.
    NoAgreement {
        rules: String,
    },
    /// The moves stop before the game is over and no end is declared.
    NotOver,
    WrongSeeds {
        declared: [u8; 2],
        actual: [u8; 2],
        reason: EndReason,
    },
    /// `None` is a draw.
    WrongResult {
        declared: Option<Side>,
        actual: Option<Side>,
        stores: [u8; 2],
        reason: EndReason,
    },
    /// A record's tags cannot be read: the reader's words.
    Record(String),
}

fn winner(w: Option<Side>) -> String {
    match w {
        Some(side) => format!("a win for {side}"),
        None => "a draw".to_string(),
    }
}

impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Detail::AfterResultMark { after, mark } => {
                write!(f, "{after:?} follows the result mark {mark:?}")
            }
            Detail::AfterEnd { ply, reason } => write!(
                f,
                "the game was already over after ply {ply} ({reason}: {})",
                reason.describe()
            ),
            Detail::NotAMove { token, notation } => {
                write!(f, "{token:?} is not a move in {notation} notation")
            }
            Detail::NotYourPit { pit, side } => {
                write!(f, "{pit} is not a pit of {side}, who is to move")
            }
            Detail::EmptyPit { pit } => write!(f, "pit {pit} is empty"),
            Detail::MustFeed { pit } => write!(
                f,
                "the opponent's row is empty and {pit} does not sow into it, but another move does"
            ),
            Detail::Endless { pit, limit } => write!(
                f,
                "sowing from {pit} never ends (more than {limit} seeds sown)"
            ),
            Detail::WrongClaim {
                claimed,
                pit,
                captured,
                grand_slam,
            } => {
                let claimed = match claimed {
                    Some(n) => format!("a capture of {n}"),
                    None => "a capture".to_string(),
                };
                let actual = if *captured > 0 {
                    format!("captures {captured}")
                } else if *grand_slam {
                    "would take the whole row (a grand slam), so captures nothing".to_string()
                } else {
                    "captures nothing".to_string()
                };
                write!(f, "the sheet claims {claimed} but {pit} {actual}")
            }
            Detail::EndMismatch {
                declared,
                ply,
                reason,
            } => write!(
                f,
                "the sheet declares {declared} but the game was already over after ply {ply} ({reason}: {})",
                reason.describe()
            ),
            Detail::NoAgreement { rules } => {
                write!(f, "the {rules} rules have no end by agreement")
            }
            Detail::NotOver => f.write_str(
                "the moves stop before the game is over; declare how it ended (agreement, resignation or time)",
            ),
            Detail::WrongSeeds {
                declared,
                actual,
                reason,
            } => write!(
                f,
                "the sheet declares {}-{} seeds but the moves give {}-{} ({})",
                declared[0],
                declared[1],
                actual[0],
                actual[1],
                reason.describe()
            ),
            Detail::WrongResult {
                declared,
                actual,
                stores,
                reason,
            } => write!(
                f,
                "the sheet declares {} but the moves give {} ({}-{}, {})",
                winner(*declared),
                winner(*actual),
                stores[0],
                stores[1],
                reason.describe()
            ),
            Detail::Record(words) => f.write_str(words),
        }
    }
}
