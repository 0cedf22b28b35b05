//! The application layer: every workflow of the service. A command takes a connection, the
//! [`Actor`] and what to do; it checks that the actor may do it, does it in one transaction with
//! its audit entry, and answers with a [`ServiceError`] when it cannot. The read models (what a
//! page or the API shows) are built here too, apart from the commands. Nothing here knows HTTP:
//! the web layer parses requests, calls the service once and renders its answer.
//!
//! [`Service`] runs them: on a reading connection or on the one writing connection
//! ([`Connections`]), and whole for the workflows of several steps (signing in, sending a score
//! sheet, generating a round), each one call. What it keeps between requests belongs to its
//! parts (the sign-in, the hub, the publisher, the caches), each with the workflows that use it.

pub mod accounts;
pub mod actor;
pub mod adjudication;
pub mod archive;
pub mod audit;
pub mod auth;
pub mod backups;
pub mod brackets;
pub mod byes;
pub mod changes;
pub mod circuit_final;
pub mod circuits;
pub mod claims;
pub mod connections;
pub mod copies;
mod copy_parts;
pub mod dashboard;
pub mod endgames;
pub mod entries;
pub mod error;
pub mod events;
pub mod exports;
mod file_parts;
pub mod game_context;
pub mod game_views;
pub mod games;
pub mod held_circuits;
pub mod hub;
mod hub_wire;
pub mod lane;
pub mod matches;
pub mod my_board;
pub mod notices;
pub mod pairings;
pub mod players;
pub mod prizes;
pub mod publishing;
pub mod pushes;
pub mod ratings;
pub mod reactions;
pub mod register;
pub mod register_page;
pub mod repairs;
pub mod restrictions;
pub mod roll_call;
pub mod round_views;
pub mod rounds;
mod running;
pub mod schedule;
pub mod sent;
pub mod sms;
pub mod sms_out;
pub mod sms_phones;
pub mod sms_told;
pub mod sms_view;
pub mod stages;
pub mod standings;
pub mod teams;
#[cfg(test)]
mod testing;
pub mod tournaments;
pub mod transaction;
pub mod trf;
#[cfg(test)]
mod trf_roundtrip;
pub mod venue;
pub mod versions;
pub mod views;

pub use actor::{Actor, Staff};
pub use audit::Audit;
pub use connections::{Connections, Subject};
pub use error::{Found, ServiceError};
pub use running::Service;
pub use transaction::{blocking, transaction};
