//! The Oware Rating List's mathematics and its files: Glicko-2 exactly as Mark Glickman's
//! "Example of the Glicko-2 system" defines it (`glicko2.rs`), rating periods of a calendar
//! month (`period.rs`), and the plain files the list is published as (`files.rs`): `games.csv`
//! in, `list.csv` and `history.csv` out, computed by [`season::rate`] the same way on the hub and
//! by anyone who recomputes the list from `games.csv` (`oware-tournament ratings`).
//!
//! Nothing here knows this service: no tournaments, no database, no web; the architecture test
//! allows this wing nothing else of the project.

pub mod files;
pub mod glicko2;
pub mod period;
pub mod season;
