//! The Oware engine: a pure rules core with no I/O.
//!
//! - [`board`]: sides, pits and [`Position`] with its string form;
//! - [`rules`]: [`Rules`], one struct of named options, and its presets;
//! - [`play`]: legal moves, playing a move, the end of a game, [`Game`] (repetitions), perft;
//! - [`notation`]: move lists in letters, relative digits or absolute numbers;
//! - [`ogn`]: OGN records, read and written;
//! - [`endgame`]: exact values of positions with few seeds, by retrograde analysis;
//! - [`replay`]: a recorded game replayed and checked, with diagnostics ([`diagnostic`]: what
//!   is wrong, with the facts its words need).

pub mod board;
pub mod diagnostic;
pub mod endgame;
pub mod moves;
pub mod notation;
pub mod ogn;
pub mod play;
pub mod repair;
pub mod replay;
pub mod rules;

pub use board::{Pit, Position, PositionError, Side};
pub use diagnostic::Detail;
pub use moves::{EndReason, IllegalMove, Move, MoveList, Outcome, Played};
pub use notation::{Claim, Notation, Token, tokenize};
pub use ogn::OgnGame;
pub use play::{Game, perft};
pub use replay::{Declared, DeclaredEnd, ErrorKind, Ply, Replay, ReplayError, SheetMove, replay};
pub use rules::{Preset, Rules};
