//! The SQLite database: a connection pool with the pragmas every connection needs, the one
//! connection that writes, the checkpointer, the embedded migrations, models and plain query
//! functions.
//!
//! Error policy: query functions return `diesel::QueryResult`. The service layer turns "not
//! found" into its own not-found error where the caller named the thing (`or_not_found`), a
//! constraint a caller can break into a conflict, and anything else into a database error, which
//! the web answers with a logged 500.

pub mod archive;
pub mod audit;
pub mod backups;
pub mod changes;
pub mod circuits;
pub mod events;
pub mod fingerprints;
pub mod held_circuits;
pub mod languages;
mod log;
pub mod models;
pub mod notices;
pub mod publishing;
pub mod queries;
pub mod register;
pub mod roll_calls;
pub mod schedules;
pub mod schema;
#[cfg(test)]
mod settings_migration_tests;
pub mod sheet_refusals;
pub mod sms;
pub mod tables;
pub mod tournament_versions;
mod types;
pub mod venue_log;

use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;

use log::Log;

use diesel::connection::SimpleConnection;
use diesel::r2d2::{ConnectionManager, CustomizeConnection, Pool, PooledConnection};
use diesel::sqlite::SqliteConnection;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

pub type DbPool = Pool<ConnectionManager<SqliteConnection>>;
pub type DbConn = PooledConnection<ConnectionManager<SqliteConnection>>;

/// What every connection sets: wait for a busy database rather than fail at once, write-ahead
/// logging, each commit synced to disk before it returns (`synchronous = FULL`: a power cut
/// loses no committed transaction), foreign keys enforced. Commits do not checkpoint the log
/// themselves (that would stall the write, and every request queued behind it, for the
/// checkpoint's copying and syncing): the [`Writer`] does it when no write is waiting.
const PRAGMAS: &str = "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; \
     PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA wal_autocheckpoint = 0;";

/// The writing connection commits without syncing (`synchronous = NORMAL`) and syncs the log
/// itself once for each group of writes, before it acknowledges any of them (see [`Log`]).
const WRITER_PRAGMAS: &str = "PRAGMA synchronous = NORMAL;";

/// The most writes committed before one sync of the log: a sheet takes about 0.15 ms to write,
/// so the first of a full group waits about 10 ms more than it would alone.
const MOST_GROUPED: usize = 64;

/// Sets the pragmas on every connection the pool opens.
#[derive(Debug, Clone, Copy)]
struct Pragmas;

impl CustomizeConnection<SqliteConnection, diesel::r2d2::Error> for Pragmas {
    fn on_acquire(&self, conn: &mut SqliteConnection) -> Result<(), diesel::r2d2::Error> {
        conn.batch_execute(PRAGMAS)
            .map_err(diesel::r2d2::Error::QueryError)
    }
}

/// The connection the service writes through, on a thread of its own that takes the writes in
/// the order they come. SQLite has one writer at a time anyway; one connection keeps its prepared
/// statements and page cache warm (another connection's write would invalidate them), and a queue
/// serves waiting writes first come, first served, where threads waiting on a lock would be woken
/// in no particular order.
pub struct Writer {
    queue: std::sync::mpsc::Sender<Job>,
    /// Counts the writes done: what was read at one version is still true while it stays. Whoever
    /// watches it (the projector view's event streams) is woken when it moves on.
    version: Arc<tokio::sync::watch::Sender<u64>>,
    /// Each tournament's version (kept with its data, [`tournament_versions`]) and each event's
    /// (the count of writes at the last write that changed it), see [`changes`].
    versions: Arc<std::sync::Mutex<changes::Versions>>,
    /// Drawn at random when the writer opens: an event's version counts from 0 again in every
    /// run of the service, and so would a tournament's whose version could not be read after a
    /// write (a tag that names such a version names the run too).
    run: u64,
    /// Counts the syncs of the log (several writes may share one).
    syncs: Arc<std::sync::atomic::AtomicU64>,
}

/// A write: run on the writing connection, it commits and gives what to do once the log is on
/// disk (`true`) or could not be synced (`false`).
type Job = Box<dyn FnOnce(&mut SqliteConnection) -> Ack + Send>;
type Ack = Box<dyn FnOnce(bool) + Send>;

/// A write that gave no answer: it panicked (and was rolled back), or the writer's thread has
/// stopped because it could not open the database again.
#[derive(Debug, thiserror::Error)]
#[error("the database write did not complete")]
pub struct WriteFailed;

impl Writer {
    /// Opens the writing connection of an opened (migrated) database and starts its thread.
    pub fn open(url: &str) -> Result<Arc<Writer>, OpenError> {
        Writer::open_with(url, true)
    }

    /// The same, the writer checkpointing the log itself or (`checkpoints` false) leaving it to
    /// the replicator beside the service (Litestream copies the log before it checkpoints it;
    /// a checkpoint of the service's own, between two of its looks, would make it start its
    /// replica again from a full copy).
    pub fn open_with(url: &str, checkpoints: bool) -> Result<Arc<Writer>, OpenError> {
        let mut conn = connect_writer(url)?;
        let kept = tournament_versions::all(&mut conn).map_err(|e| OpenError::Writer {
            url: url.to_string(),
            message: e.to_string(),
        })?;
        let (queue, jobs) = std::sync::mpsc::channel::<Job>();
        let (url, reopen) = (url.to_string(), url.to_string());
        let syncs = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let log = Log::new(&reopen, syncs.clone());
        std::thread::Builder::new()
            .name("db-writer".to_string())
            .spawn(move || write_loop(conn, &jobs, &reopen, log, checkpoints))
            .map_err(|e| OpenError::Writer {
                url,
                message: e.to_string(),
            })?;
        Ok(Arc::new(Writer {
            queue,
            version: Arc::new(tokio::sync::watch::Sender::new(0)),
            versions: Arc::new(std::sync::Mutex::new(changes::Versions::kept(kept))),
            run: rand::random(),
            syncs,
        }))
    }

    /// How many times the log has been synced.
    pub fn syncs(&self) -> u64 {
        self.syncs.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The version of this database's data: it moves on after every write, once the write has
    /// committed (or rolled back) and before its caller hears of it, so a result computed from
    /// what was read at one version is current as long as the version stays.
    pub fn version(&self) -> u64 {
        *self.version.borrow()
    }

    /// A receiver that wakes up after each write has committed (several writes may make one
    /// wake-up): it holds the version at that moment.
    pub fn subscribe(&self) -> tokio::sync::watch::Receiver<u64> {
        self.version.subscribe()
    }

    /// Runs `f` on the writing connection once the writes queued before it are done, and
    /// answers once what it committed is on disk.
    pub async fn run<T, F>(&self, f: F) -> Result<T, WriteFailed>
    where
        T: Send + 'static,
        F: FnOnce(&mut SqliteConnection) -> T + Send + 'static,
    {
        let (done, result) = tokio::sync::oneshot::channel();
        let (version, versions) = (self.version.clone(), self.versions.clone());
        self.queue
            .send(Box::new(move |conn: &mut SqliteConnection| {
                let answer = f(conn);
                let touched = changes::take(conn).unwrap_or_else(|e| {
                    tracing::error!("cannot read which tournaments a write changed: {e}");
                    changes::Touched::anything()
                });
                let kept = changes::kept_versions(conn, &touched);
                Box::new(move |synced: bool| {
                    // After the commit and its sync, never before: a reader that sees the new
                    // version sees the new data; and before the answer, so the caller's next
                    // read sees it too. The tournaments' versions first: whoever the count
                    // wakes finds them moved on.
                    version.send_modify(|v| {
                        *v += 1;
                        if !touched.is_empty() {
                            versions
                                .lock()
                                .unwrap_or_else(std::sync::PoisonError::into_inner)
                                .mark(&touched, *v, kept.as_deref());
                        }
                    });
                    // A write whose log could not be synced may be lost: it is not acknowledged.
                    let _ = done.send(synced.then_some(answer));
                }) as Ack
            }))
            .map_err(|_| WriteFailed)?;
        // A job that panicked drops its sender without an answer.
        result.await.ok().flatten().ok_or(WriteFailed)
    }
}

/// Writes since the last checkpoint after which one is run as soon as no write waits (about the
/// 1,000 pages at which SQLite would checkpoint by itself).
const CHECKPOINT_WHEN_IDLE: u32 = 100;
/// Writes after which a checkpoint is run even while writes wait, so that the log cannot grow
/// without bound under a load that never pauses.
const CHECKPOINT_ALWAYS: u32 = 500;

/// The writer's thread: runs the queued writes one after another until the service drops its
/// [`Writer`], syncs the log once for each group of writes that were waiting together (then
/// acknowledges them), and checkpoints the log between them. A checkpoint run here, between two
/// writes, copies the whole log into the database, so the next write starts the log again from
/// its beginning; one running beside a steady stream of writes would never finish, and the log
/// would grow.
fn write_loop(
    mut conn: SqliteConnection,
    jobs: &Receiver<Job>,
    url: &str,
    mut log: Log,
    checkpoints: bool,
) {
    let mut since_checkpoint = 0u32;
    loop {
        let first = match jobs.try_recv() {
            Ok(job) => job,
            Err(TryRecvError::Disconnected) => return,
            Err(TryRecvError::Empty) => {
                if checkpoints && since_checkpoint >= CHECKPOINT_WHEN_IDLE {
                    checkpoint(&mut conn);
                    since_checkpoint = 0;
                }
                match jobs.recv() {
                    Ok(job) => job,
                    Err(_) => return,
                }
            }
        };
        let mut acks = Vec::new();
        let mut next = Some(first);
        while let Some(job) = next.take() {
            let run = std::panic::AssertUnwindSafe(|| job(&mut conn));
            match std::panic::catch_unwind(run) {
                Ok(ack) => acks.push(ack),
                // The panic may have left a transaction open: closing the connection rolls it
                // back; the next write gets a fresh one.
                Err(_) => match connect_writer(url) {
                    Ok(fresh) => conn = fresh,
                    Err(e) => {
                        tracing::error!("the database writer stops: {e}");
                        return;
                    }
                },
            }
            since_checkpoint += 1;
            if acks.len() < MOST_GROUPED {
                next = jobs.try_recv().ok();
            }
        }
        let synced = log.sync();
        for ack in acks {
            ack(synced);
        }
        if checkpoints && since_checkpoint >= CHECKPOINT_ALWAYS {
            checkpoint(&mut conn);
            since_checkpoint = 0;
        }
    }
}

/// Copies the log into the database, as far as readers allow (they are never blocked: a frame a
/// reader still needs waits for the next checkpoint).
fn checkpoint(conn: &mut SqliteConnection) {
    if let Err(e) = conn.batch_execute("PRAGMA wal_checkpoint(PASSIVE);") {
        tracing::warn!("checkpoint: {e}");
    }
}

/// The writing connection: as every other, but committing without a sync of its own.
fn connect_writer(url: &str) -> Result<SqliteConnection, OpenError> {
    connect(url, WRITER_PRAGMAS)
}

/// A connection with the pragmas every connection sets, then `more`.
fn connect(url: &str, more: &str) -> Result<SqliteConnection, OpenError> {
    use diesel::Connection;
    let failed = |e: &dyn std::fmt::Display| OpenError::Writer {
        url: url.to_string(),
        message: e.to_string(),
    };
    let mut conn = SqliteConnection::establish(url).map_err(|e| failed(&e))?;
    conn.batch_execute(PRAGMAS).map_err(|e| failed(&e))?;
    conn.batch_execute(more).map_err(|e| failed(&e))?;
    changes::note_changes(&mut conn).map_err(|e| failed(&e))?;
    Ok(conn)
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
    #[error("cannot create the database {url}: {message}")]
    Create { url: String, message: String },
    #[error("cannot open the database {url} for writing: {message}")]
    Writer { url: String, message: String },
}

/// Sets the pragmas on every connection of the readers' pool, and forbids it to write.
#[derive(Debug, Clone, Copy)]
struct ReadOnly;

impl CustomizeConnection<SqliteConnection, diesel::r2d2::Error> for ReadOnly {
    fn on_acquire(&self, conn: &mut SqliteConnection) -> Result<(), diesel::r2d2::Error> {
        conn.batch_execute(PRAGMAS)
            .and_then(|()| conn.batch_execute("PRAGMA query_only = ON;"))
            .map_err(diesel::r2d2::Error::QueryError)
    }
}

/// The connections a running service reads through, of a database [`open`] made and migrated:
/// none of them can write (`query_only`), so whatever writes goes through the [`Writer`], in
/// its order, with its versions and its sync.
pub fn open_readers(url: &str, max_connections: u32) -> Result<DbPool, OpenError> {
    Pool::builder()
        .max_size(max_connections)
        .connection_timeout(Duration::from_secs(10))
        .connection_customizer(Box::new(ReadOnly))
        .build(ConnectionManager::<SqliteConnection>::new(url))
        .map_err(|source| OpenError::Pool {
            url: url.to_string(),
            source,
        })
}

/// Opens (creating it if need be) and migrates the database at `url` (a file path).
pub fn open(url: &str, max_connections: u32) -> Result<DbPool, OpenError> {
    create_private(url).map_err(|e| OpenError::Create {
        url: url.to_string(),
        message: e.to_string(),
    })?;
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
    venue_log::make_triggers(&mut conn).map_err(|e| OpenError::Migrate(e.to_string()))?;
    tournament_versions::make_triggers(&mut conn).map_err(|e| OpenError::Migrate(e.to_string()))?;
    Ok(pool)
}

/// Creates the database file `url` (a plain path) readable by its owner only, when it does not
/// exist yet: it holds the session key and the PINs' hashes. SQLite gives its log and shared
/// memory files the database file's permissions.
fn create_private(url: &str) -> std::io::Result<()> {
    if url == ":memory:" || url.starts_with("file:") || url.is_empty() {
        return Ok(());
    }
    let path = std::path::Path::new(url);
    if path.exists() {
        return Ok(());
    }
    private_file(path).map(drop)
}

/// A new empty file readable and writable by its owner only (0600).
pub fn private_file(path: &std::path::Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

/// Writes a consistent copy of the database at `url` to `target` (SQLite's `VACUUM INTO`, which
/// reads one snapshot while writers go on), checks the copy's integrity and syncs it to disk.
pub fn backup(url: &str, target: &std::path::Path) -> Result<(), String> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Check {
        #[diesel(sql_type = diesel::sql_types::Text)]
        integrity_check: String,
    }
    // The copy holds what the database holds: readable by its owner only. `VACUUM INTO` fills
    // an empty file it is given.
    private_file(target).map_err(|e| format!("cannot create {}: {e}", target.display()))?;
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
        Some("ok") => {}
        other => return Err(format!("the copy fails its integrity check: {other:?}")),
    }
    // On the disk before it is called a backup (`VACUUM INTO` does not sync its copy).
    sync_to_disk(std::path::Path::new(target))
        .map_err(|e| format!("cannot sync the copy to disk: {e}"))
}

/// Syncs a file, or a folder's list of names, to the disk.
pub fn sync_to_disk(path: &std::path::Path) -> std::io::Result<()> {
    std::fs::File::open(path)?.sync_all()
}

/// A new database (foreign keys on, the file `m.db` of the folder given back) with every
/// migration before the one whose name ends with `name_end`: what a migration's test starts
/// from, rows as they were written then.
#[cfg(test)]
pub(crate) fn migrated_up_to(name_end: &str) -> (tempfile::TempDir, SqliteConnection) {
    use diesel::Connection;
    use diesel::connection::SimpleConnection;
    let dir = tempfile::tempdir().unwrap();
    let url = dir.path().join("m.db").to_str().unwrap().to_string();
    let mut conn = SqliteConnection::establish(&url).unwrap();
    conn.batch_execute("PRAGMA foreign_keys = ON;").unwrap();
    let next = |conn: &mut SqliteConnection| {
        conn.pending_migrations(MIGRATIONS).unwrap()[0]
            .name()
            .to_string()
    };
    while !next(&mut conn).ends_with(name_end) {
        conn.run_next_migration(MIGRATIONS).unwrap();
    }
    (dir, conn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::Connection;

    fn database() -> (tempfile::TempDir, String) {
        let dir = tempfile::tempdir().unwrap();
        let url = dir.path().join("w.db").to_str().unwrap().to_string();
        open(&url, 2).unwrap();
        (dir, url)
    }

    #[derive(diesel::QueryableByName)]
    struct Synchronous {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        synchronous: i32,
    }

    fn synchronous(conn: &mut SqliteConnection) -> i32 {
        use diesel::RunQueryDsl;
        diesel::sql_query("PRAGMA synchronous")
            .get_result::<Synchronous>(conn)
            .unwrap()
            .synchronous
    }

    #[actix_web::test]
    async fn every_commit_is_on_disk_before_it_is_acknowledged() {
        let (_dir, url) = database();
        // Every connection the pool hands out syncs its own commits (FULL is 2).
        let pool = open(&url, 4).unwrap();
        let held: Vec<_> = (0..4).map(|_| pool.get().unwrap()).collect();
        for mut conn in held {
            assert_eq!(synchronous(&mut conn), 2);
        }
        // The writer commits without a sync (NORMAL is 1) and syncs the log itself: once for
        // a write alone...
        let writer = Writer::open(&url).unwrap();
        let mode = writer.run(synchronous).await.unwrap();
        assert_eq!(mode, 1);
        let before = writer.syncs();
        for i in 0..5 {
            writer
                .run(move |conn| {
                    conn.immediate_transaction(|conn| {
                        queries::put_setting(conn, "alone", &i.to_string())
                    })
                })
                .await
                .unwrap()
                .unwrap();
        }
        assert_eq!(writer.syncs() - before, 5, "one sync for each write alone");
        // ... and once for writes that wait together, each answered after it.
        let before = writer.syncs();
        let w = writer.clone();
        // A write that keeps the writer busy while the others are queued behind it.
        let blocker = actix_web::rt::spawn(async move {
            w.run(|_| std::thread::sleep(Duration::from_millis(200)))
                .await
        });
        let together: Vec<_> = (0..50)
            .map(|i| {
                let w = writer.clone();
                actix_web::rt::spawn(async move {
                    w.run(move |conn| {
                        conn.immediate_transaction(|conn| {
                            queries::put_setting(conn, &format!("together {i}"), "v")
                        })
                    })
                    .await
                })
            })
            .collect();
        blocker.await.unwrap().unwrap();
        for write in together {
            write.await.unwrap().unwrap().unwrap();
        }
        let syncs = writer.syncs() - before;
        assert!(
            (1..=2).contains(&syncs),
            "{syncs} syncs for 51 writes queued together"
        );
    }

    #[actix_web::test]
    async fn writes_run_in_the_order_they_were_queued() {
        let (_dir, url) = database();
        let writer = Writer::open(&url).unwrap();
        let order = Arc::new(std::sync::Mutex::new(Vec::new()));
        let runs: Vec<_> = (0..50)
            .map(|i| {
                let order = order.clone();
                writer.run(move |conn| {
                    conn.immediate_transaction(|conn| {
                        queries::put_setting(conn, "last", &i.to_string())
                    })
                    .unwrap();
                    order.lock().unwrap().push(i);
                })
            })
            .collect();
        for run in runs {
            run.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), (0..50).collect::<Vec<_>>());
        let mut reader = SqliteConnection::establish(&url).unwrap();
        assert_eq!(
            queries::get_setting(&mut reader, "last")
                .unwrap()
                .as_deref(),
            Some("49")
        );
    }

    #[test]
    fn a_reader_cannot_write() {
        let (_dir, url) = database();
        let readers = open_readers(&url, 2).unwrap();
        let mut conn = readers.get().unwrap();
        assert!(queries::put_setting(&mut conn, "k", "v").is_err());
        assert_eq!(queries::get_setting(&mut conn, "k").unwrap(), None);
        let mut writer = connect_writer(&url).unwrap();
        queries::put_setting(&mut writer, "k", "v").unwrap();
        assert_eq!(
            queries::get_setting(&mut conn, "k").unwrap().as_deref(),
            Some("v")
        );
    }

    #[actix_web::test]
    async fn the_version_moves_on_before_the_writer_answers() {
        let (_dir, url) = database();
        let writer = Writer::open(&url).unwrap();
        let mut watcher = writer.subscribe();
        for i in 1..=20 {
            writer
                .run(|conn| conn.immediate_transaction(|conn| queries::put_setting(conn, "k", "v")))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(
                writer.version(),
                i,
                "write {i} is counted when its caller hears of it"
            );
            // Whoever watches is woken with the new version.
            assert!(
                watcher.has_changed().unwrap(),
                "write {i} wakes the watchers"
            );
            assert_eq!(
                *watcher.borrow_and_update(),
                i,
                "the watchers see write {i}"
            );
        }
        // Another database's writer counts its own writes.
        let (_other_dir, other) = database();
        assert_eq!(Writer::open(&other).unwrap().version(), 0);
    }

    #[actix_web::test]
    async fn a_write_that_panics_leaves_nothing_and_the_next_one_works() {
        let (_dir, url) = database();
        let writer = Writer::open(&url).unwrap();
        let failed = writer
            .run(|conn| {
                conn.batch_execute("BEGIN IMMEDIATE").unwrap();
                queries::put_setting(conn, "half", "written").unwrap();
                panic!("a bug in the middle of a write");
            })
            .await;
        assert!(failed.is_err(), "no answer from a write that panicked");
        let after = writer
            .run(|conn| {
                conn.immediate_transaction(|conn| queries::put_setting(conn, "next", "ok"))?;
                queries::get_setting(conn, "half")
            })
            .await
            .unwrap()
            .unwrap();
        assert_eq!(after, None, "the half-done write was rolled back");
        let mut reader = SqliteConnection::establish(&url).unwrap();
        assert_eq!(
            queries::get_setting(&mut reader, "next")
                .unwrap()
                .as_deref(),
            Some("ok")
        );
    }

    #[actix_web::test]
    async fn the_writer_checkpoints_the_log_so_it_does_not_grow() {
        let writes = 20 * CHECKPOINT_WHEN_IDLE;
        let write = move |conn: &mut SqliteConnection, i: u32| {
            conn.immediate_transaction(|conn| {
                queries::put_setting(conn, &format!("key {i}"), &"v".repeat(200))
            })
            .unwrap()
        };
        // Commits alone never checkpoint (the pragmas turn that off): the log keeps every page.
        let (_plain_dir, plain) = database();
        let mut conn = connect(&plain, "").unwrap();
        for i in 0..writes {
            write(&mut conn, i);
        }
        let unchecked = std::fs::metadata(format!("{plain}-wal")).unwrap().len();
        // Through the writer, checkpointed between writes, the log starts again from the
        // beginning and its file stays the size of a few checkpoints' worth.
        let (_dir, url) = database();
        let writer = Writer::open(&url).unwrap();
        for i in 0..writes {
            writer.run(move |conn| write(conn, i)).await.unwrap();
        }
        let log = std::fs::metadata(format!("{url}-wal")).unwrap().len();
        assert!(
            log < unchecked / 3,
            "a log of {log} bytes after {writes} writes; {unchecked} without checkpoints"
        );
    }

    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }

    fn count(conn: &mut SqliteConnection, sql: &str) -> i64 {
        use diesel::RunQueryDsl;
        diesel::sql_query(sql).get_result::<Count>(conn).unwrap().n
    }

    #[test]
    fn the_matches_migration_keeps_an_event_and_admits_knockouts() {
        use diesel::RunQueryDsl;
        use diesel::connection::SimpleConnection;
        // Every migration before this one, then an event played under them.
        let (dir, mut conn) = migrated_up_to("_matches");
        let url = dir.path().join("m.db");
        conn.batch_execute(
            "INSERT INTO tournaments (id, name, venue, rules, rounds, pairing, points_win, \
             points_draw, points_loss, points_bye, tiebreaks, require_moves, \
             require_confirmation, created_at) VALUES (1, 'Club', '', '{}', 3, 'swiss', 1, 0.5, \
             0, 1, 'BH', 1, 1, '2026-11-01 10:00:00');
             INSERT INTO players (id, tournament_id, name, club, country, pin_hash, withdrawn, \
             failed_pins, created_at) VALUES (1, 1, 'Ama', '', '', 'x', 0, 0, '2026-11-01'), \
             (2, 1, 'Kofi', '', '', 'x', 0, 0, '2026-11-01');
             INSERT INTO rounds (id, tournament_id, number, published, created_at) \
             VALUES (1, 1, 1, 1, '2026-11-01');
             INSERT INTO games (id, tournament_id, round_id, board, south_id, north_id, status, \
             verified, updated_at) VALUES (1, 1, 1, 1, 1, 2, 'pending', 0, '2026-11-01');",
        )
        .unwrap();
        conn.run_next_migration(MIGRATIONS).unwrap();
        assert_eq!(count(&mut conn, "SELECT count(*) AS n FROM games"), 1);
        assert_eq!(count(&mut conn, "SELECT count(*) AS n FROM players"), 2);
        assert_eq!(
            count(&mut conn, "SELECT match_game AS n FROM games WHERE id = 1"),
            1
        );
        // A knockout is admitted by the same connection and by a new one; another word is not.
        conn.batch_execute("UPDATE tournaments SET pairing = 'knockout' WHERE id = 1")
            .unwrap();
        let mut other = SqliteConnection::establish(url.to_str().unwrap()).unwrap();
        other
            .batch_execute("UPDATE tournaments SET pairing = 'swiss' WHERE id = 1")
            .unwrap();
        assert!(
            other
                .batch_execute("UPDATE tournaments SET pairing = 'ladder' WHERE id = 1")
                .is_err()
        );
        // A second game of board 1 is its match's game 2; a second game 1 is refused.
        let game = |n: i32| {
            format!(
                "INSERT INTO games (tournament_id, round_id, board, south_id, north_id, status, \
                 verified, updated_at, match_game) VALUES (1, 1, 1, 2, 1, 'pending', 0, \
                 '2026-11-01', {n})"
            )
        };
        other.batch_execute(&game(2)).unwrap();
        assert!(other.batch_execute(&game(1)).is_err());
        #[derive(diesel::QueryableByName)]
        struct Check {
            #[diesel(sql_type = diesel::sql_types::Text)]
            integrity_check: String,
        }
        let check: Check = diesel::sql_query("PRAGMA integrity_check")
            .get_result(&mut other)
            .unwrap();
        assert_eq!(check.integrity_check, "ok");
        // And back: the knockout's word is refused again, the event is kept.
        conn.revert_last_migration(MIGRATIONS).unwrap();
        assert_eq!(count(&mut conn, "SELECT count(*) AS n FROM games"), 1);
        assert!(
            conn.batch_execute("UPDATE tournaments SET pairing = 'knockout' WHERE id = 1")
                .is_err()
        );
    }
}
