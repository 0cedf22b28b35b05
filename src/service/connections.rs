//! The connections every part of the service reads and writes through ([`Connections`]): the
//! pool of reading connections, the one writing connection, and the versions the writer counts.
//! A part of the service holds a copy (two handles); nothing here knows a workflow.

use std::sync::Arc;

use diesel::sqlite::SqliteConnection;

use super::{ServiceError, blocking};
use crate::db::{DbPool, Writer};
use crate::tournament::{EventId, TournamentId};

/// The service's connections: cheap to copy, one set per running service.
#[derive(Clone)]
pub struct Connections {
    pool: DbPool,
    /// The one connection that writes (see [`Writer`]).
    writer: Arc<Writer>,
}

/// What a live page follows: a tournament's data, or an event's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    Tournament(TournamentId),
    Event(EventId),
}

impl Connections {
    pub fn new(pool: DbPool, writer: Arc<Writer>) -> Connections {
        Connections { pool, writer }
    }

    /// Runs `f` (a command that reads) with a reading connection, off the async threads.
    pub async fn read<T, F>(&self, f: F) -> Result<T, ServiceError>
    where
        T: Send + 'static,
        F: FnOnce(&mut SqliteConnection) -> Result<T, ServiceError> + Send + 'static,
    {
        let pool = self.pool.clone();
        blocking(move || {
            let mut conn = pool.get()?;
            f(&mut conn)
        })
        .await?
    }

    /// Runs `f` (a command that writes) on the writing connection, after the writes queued
    /// before it.
    pub async fn write<T, F>(&self, f: F) -> Result<T, ServiceError>
    where
        T: Send + 'static,
        F: FnOnce(&mut SqliteConnection) -> Result<T, ServiceError> + Send + 'static,
    {
        self.writer.run(f).await?
    }

    /// A receiver woken after every committed write (the projector view's updates).
    pub fn changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.writer.subscribe()
    }

    /// The version of a tournament's data: what was read of it at one version is current while
    /// it stays, whatever is written elsewhere ([`crate::db::changes`]).
    pub fn tournament_version(&self, id: TournamentId) -> u64 {
        self.writer.tournament_version(id.0)
    }

    /// A tag of the tournament's data as it is now, for a page drawn from it by this release:
    /// it changes with the tournament's version, which is kept with its data, so a page a
    /// browser holds is still current after a restart ([`crate::db::tournament_versions`]).
    pub fn tournament_tag(&self, id: TournamentId) -> String {
        format!(
            "{}-{}",
            env!("CARGO_PKG_VERSION"),
            self.writer.tournament_tag(id.0)
        )
    }

    /// The version of an event's data (its own, its controllers', any of its sections').
    pub fn event_version(&self, id: EventId) -> u64 {
        self.writer.event_version(id.0)
    }

    /// The version of what the rating list is computed from.
    pub fn rated_version(&self) -> u64 {
        self.writer.rated_version()
    }

    /// The version of what a circuit counting `tournaments` is computed from.
    pub fn circuit_version(&self, tournaments: &[i32]) -> u64 {
        self.writer.circuit_version(tournaments)
    }

    /// The version of a tournament's or an event's data.
    pub fn version_of(&self, subject: Subject) -> u64 {
        match subject {
            Subject::Tournament(id) => self.tournament_version(id),
            Subject::Event(id) => self.event_version(id),
        }
    }

    /// A receiver told each time the version of `subject`'s data moves on (holding it), and
    /// never for a write elsewhere: what a live page of it waits on.
    pub fn watch(&self, subject: Subject) -> tokio::sync::watch::Receiver<u64> {
        self.writer.watch(match subject {
            Subject::Tournament(id) => crate::db::changes::Subject::Tournament(id.0),
            Subject::Event(id) => crate::db::changes::Subject::Event(id.0),
        })
    }
}
