//! The application layer: every workflow of the service, one command per step. A command takes a
//! connection, the [`Actor`] and what to do; it checks that the actor may do it, does it in one
//! transaction with its audit entry, and answers with a [`ServiceError`] when it cannot. The read
//! models (what a page or the API shows) are built here too. Nothing here knows HTTP: the web
//! layer parses requests, calls one command and renders its answer.

pub mod accounts;
pub mod actor;
pub mod audit;
pub mod auth;
pub mod byes;
pub mod error;
pub mod games;
pub mod players;
pub mod restrictions;
pub mod rounds;
pub mod standings;
pub mod tournaments;
pub mod trf;
pub mod views;

use diesel::sqlite::SqliteConnection;

pub use actor::{Actor, Staff};
pub use audit::Audit;
pub use error::{Found, ServiceError};

/// Runs `f` in an immediate (writing) transaction. Every write of the service goes through here,
/// on the writing connection ([`crate::db::Writer`]), one at a time in the order they came.
/// A command called from inside another's transaction joins it (as a savepoint).
pub fn transaction<T>(
    conn: &mut SqliteConnection,
    f: impl FnOnce(&mut SqliteConnection) -> Result<T, ServiceError>,
) -> Result<T, ServiceError> {
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let depth = AnsiTransactionManager::transaction_manager_status_mut(conn).transaction_depth()?;
    if depth.is_some() {
        diesel::Connection::transaction(conn, f)
    } else {
        conn.immediate_transaction(f)
    }
}
