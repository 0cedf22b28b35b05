//! FIDE's algorithms for Swiss events, verified against FIDE's own tools: the Tournament Report
//! File (TRF), the tie-breaks of C.07, the Dutch pairing system of C.04.3 and the maximum-weight
//! matching it is built on.
//!
//! Nothing here knows this service: no Oware, no database, no web. It reads and writes TRF
//! files and pairs and ranks what they hold, so it could be published as a crate of its own;
//! `tests/api/architecture.rs` fails if it ever imports anything else of the project.

pub mod c07;
pub mod check;
pub mod dutch;
pub mod matching;
pub mod trf;
pub mod wide;
