//! The tournament domain, free of web and database: validated settings, player details and
//! their CSV import.

pub mod players;
pub mod settings;

pub use players::{ImportError, PlayerDetails, parse_player_csv};
pub use settings::{Pairing, Points, TIEBREAKS, TournamentSettings};
