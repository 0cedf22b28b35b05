//! The SQLite database: a connection pool with the pragmas every connection needs, the embedded
//! migrations, models and plain query functions.
//!
//! Error policy: query functions return `diesel::QueryResult`; the web layer maps "not found" to
//! 404, constraint violations to 409 where a caller can cause them, and anything else to 500.

pub mod models;
pub mod queries;
pub mod schema;

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::r2d2::{ConnectionManager, CustomizeConnection, Pool, PooledConnection};
use diesel::sqlite::SqliteConnection;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

pub type DbPool = Pool<ConnectionManager<SqliteConnection>>;
pub type DbConn = PooledConnection<ConnectionManager<SqliteConnection>>;

/// Sets the pragmas on every connection the pool opens: wait for a busy database rather than fail
/// at once, write-ahead logging, foreign keys enforced.
#[derive(Debug, Clone, Copy)]
struct Pragmas;

impl CustomizeConnection<SqliteConnection, diesel::r2d2::Error> for Pragmas {
    fn on_acquire(&self, conn: &mut SqliteConnection) -> Result<(), diesel::r2d2::Error> {
        conn.batch_execute(
            "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; \
             PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
        )
        .map_err(diesel::r2d2::Error::QueryError)
    }
}

/// Why the database could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("cannot open the database {url}: {source}")]
    Pool {
        url: String,
        source: diesel::r2d2::PoolError,
    },
    #[error("cannot migrate the database: {0}")]
    Migrate(String),
}

/// Opens (creating it if need be) and migrates the database at `url` (a file path).
pub fn open(url: &str, max_connections: u32) -> Result<DbPool, OpenError> {
    let manager = ConnectionManager::<SqliteConnection>::new(url);
    let pool = Pool::builder()
        .max_size(max_connections)
        .connection_timeout(Duration::from_secs(10))
        .connection_customizer(Box::new(Pragmas))
        .build(manager)
        .map_err(|source| OpenError::Pool {
            url: url.to_string(),
            source,
        })?;
    let mut conn = pool.get().map_err(|source| OpenError::Pool {
        url: url.to_string(),
        source,
    })?;
    conn.run_pending_migrations(MIGRATIONS)
        .map_err(|e| OpenError::Migrate(e.to_string()))?;
    Ok(pool)
}

/// Writes a consistent copy of the database at `url` to `target` (SQLite's `VACUUM INTO`, which
/// reads one snapshot while writers go on), then checks the copy's integrity.
pub fn backup(url: &str, target: &std::path::Path) -> Result<(), String> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Check {
        #[diesel(sql_type = diesel::sql_types::Text)]
        integrity_check: String,
    }
    let target = target.to_str().ok_or("the backup's path is not UTF-8")?;
    let mut conn = SqliteConnection::establish(url).map_err(|e| e.to_string())?;
    conn.batch_execute("PRAGMA busy_timeout = 5000;")
        .map_err(|e| e.to_string())?;
    diesel::sql_query("VACUUM INTO ?")
        .bind::<diesel::sql_types::Text, _>(target)
        .execute(&mut conn)
        .map_err(|e| e.to_string())?;
    let mut copy = SqliteConnection::establish(target).map_err(|e| e.to_string())?;
    let check: Vec<Check> = diesel::sql_query("PRAGMA integrity_check")
        .load(&mut copy)
        .map_err(|e| e.to_string())?;
    match check.first().map(|c| c.integrity_check.as_str()) {
        Some("ok") => Ok(()),
        other => Err(format!("the copy fails its integrity check: {other:?}")),
    }
}
