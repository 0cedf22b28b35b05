//! The tournament domain, free of web and database: validated settings, player details and
//! their CSV import, pairings, results and score sheets.

pub mod adjudication;
pub mod alerts;
pub mod archive;
pub mod categories;
pub mod events;
pub mod format;
pub mod game_state;
pub mod generator;
pub mod history;
pub mod ids;
pub mod knockout;
pub mod match_format;
pub mod matches;
pub mod money;
pub mod mso;
pub mod names;
pub mod pairing;
pub mod players;
pub mod points;
pub mod prizes;
pub mod register;
pub mod results;
pub mod said;
pub mod schedule;
pub mod settings;
pub mod sheets;
pub mod sms;
pub mod stages;
pub mod standings;
pub mod teams;
pub mod tiebreak;

pub use format::{Format, Knockout, PairingSystem};
pub use game_state::GameStatus;
pub use ids::{AccountId, EventId, GameId, PlayerId, RoundId, SheetId, TournamentId};
pub use players::{ImportError, PlayerDetails, parse_player_csv};
pub use points::Points;
pub use results::{ByeKind, ResultKind, Winner};
pub use settings::{Adjudication, CheckIn, TiePolicy, TournamentSettings};
pub use tiebreak::Tiebreak;
