//! The tournament domain, free of web and database: validated settings, player details and
//! their CSV import, pairings, results and score sheets.

pub mod history;
pub mod pairing;
pub mod players;
pub mod results;
pub mod settings;
pub mod sheets;
pub mod standings;

pub use players::{ImportError, PlayerDetails, parse_player_csv};
pub use results::{ResultKind, Winner};
pub use settings::{Pairing, Points, TIEBREAKS, TournamentSettings};
