//! The one way every write of the service runs ([`transaction`]), and blocking work kept off
//! the async threads ([`blocking`]).

use diesel::sqlite::SqliteConnection;

use super::ServiceError;

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

/// Runs blocking work (argon2, a database connection) off the async threads.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ServiceError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ServiceError::Internal(format!("blocking task: {e}")))
}
