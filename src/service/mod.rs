//! The application layer: every workflow of the service. A command takes a connection, the
//! [`Actor`] and what to do; it checks that the actor may do it, does it in one transaction with
//! its audit entry, and answers with a [`ServiceError`] when it cannot. The read models (what a
//! page or the API shows) are built here too, apart from the commands. Nothing here knows HTTP:
//! the web layer parses requests, calls the service once and renders its answer.
//!
//! [`Service`] runs them: on a reading connection or on the one writing connection, and whole
//! for the workflows of several steps (signing in, sending a score sheet, generating a round),
//! each one call.

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
pub mod claims;
pub mod copies;
pub mod dashboard;
pub mod endgames;
pub mod entries;
pub mod error;
pub mod events;
pub mod exports;
pub mod game_context;
pub mod game_views;
pub mod games;
pub mod hub;
pub mod lane;
pub mod matches;
pub mod my_board;
pub mod notices;
pub mod pairings;
pub mod players;
pub mod prizes;
pub mod publishing;
pub mod ratings;
pub mod reactions;
pub mod register;
pub mod register_page;
pub mod repairs;
pub mod restrictions;
pub mod roll_call;
pub mod round_views;
pub mod rounds;
pub mod schedule;
mod sent;
pub mod stages;
pub mod standings;
pub mod teams;
pub mod tournaments;
pub mod transaction;
pub mod trf;
#[cfg(test)]
mod trf_roundtrip;
pub mod venue;
pub mod versions;
pub mod views;

use std::sync::Arc;

use diesel::sqlite::SqliteConnection;

use crate::db::{DbPool, Writer};
use crate::tournament::TournamentId;

pub use actor::{Actor, Staff};
pub use audit::Audit;
pub use error::{Found, ServiceError};
pub use transaction::{blocking, transaction};

/// The service at work: the connections it reads and writes through, and what it keeps between
/// requests (standings reports, the sign-in attempts of each address and of names that have no
/// account). One per running server; two services in one process share nothing.
pub struct Service {
    pool: DbPool,
    /// The one connection that writes (see [`Writer`]).
    writer: Arc<Writer>,
    /// Standings reports, computed once per version of this service's data.
    standings: standings::Cache,
    /// The sign-in's own state: the failures of each address, device and unknown name.
    sign_in: auth::SignIn,
    /// Where backups go, when a folder is set.
    backups: Option<Arc<backups::Backups>>,
    /// Tournaments' own languages as last read, with the version of the data they were read at.
    languages: std::sync::Mutex<std::collections::HashMap<TournamentId, (u64, String)>>,
    /// On a hub: the files venues' pushes made, for the changes that follow.
    hub: copies::Copies,
    /// At a venue: the files hubs took, for the changes of the next push.
    publisher: sent::SentFiles,
    /// The rating list as last computed.
    ratings: ratings::Cache,
    /// The register's search as last built.
    register_search: register::Cache,
    /// The endgame tables held (exact adjudication, the moves that lost a game).
    endgames: Arc<endgames::Endgames>,
}

impl Service {
    pub fn new(
        pool: DbPool,
        writer: Arc<Writer>,
        backups: Option<Arc<backups::Backups>>,
    ) -> Service {
        Service {
            pool,
            writer,
            standings: standings::Cache::default(),
            sign_in: auth::SignIn::default(),
            backups,
            languages: Default::default(),
            hub: Default::default(),
            publisher: Default::default(),
            ratings: Default::default(),
            register_search: Default::default(),
            endgames: Arc::default(),
        }
    }

    /// The service with these endgame tables.
    pub fn with_endgames(mut self, endgames: endgames::Endgames) -> Service {
        self.endgames = Arc::new(endgames);
        self
    }

    /// The endgame tables held.
    pub fn endgames(&self) -> Arc<endgames::Endgames> {
        self.endgames.clone()
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

    /// A tag of the tournament's data as it is now, for a page drawn from it: it changes with
    /// the tournament's version and with every run of the service (versions count from 0 again).
    pub fn tournament_tag(&self, id: TournamentId) -> String {
        format!(
            "{:x}-{}",
            self.writer.run_id(),
            self.writer.tournament_version(id.0)
        )
    }

    /// The version of an event's data (its own, its controllers', any of its sections').
    pub fn event_version(&self, id: crate::tournament::EventId) -> u64 {
        self.writer.event_version(id.0)
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

    /// The standings report after round `after`, computed once per change of the tournament.
    pub async fn standings(
        &self,
        tournament_id: TournamentId,
        after: Option<i32>,
    ) -> Result<Arc<standings::Report>, ServiceError> {
        // The version is read before the data: a write that lands in between makes the entry
        // stale at once, never a stale entry look current.
        let version = self.tournament_version(tournament_id);
        if let Some(report) = self.standings.get(version, tournament_id, after) {
            return Ok(report);
        }
        let report = Arc::new(
            self.read(move |conn| standings::report(conn, tournament_id, after))
                .await?,
        );
        self.standings
            .put(version, tournament_id, after, report.clone());
        Ok(report)
    }
}

impl Service {
    /// A tournament's own language code, read once per version of its data (the pages of every
    /// visitor whose browser names no language ask for it).
    pub async fn tournament_language(&self, id: TournamentId) -> Result<String, ServiceError> {
        let version = self.tournament_version(id);
        let kept = self
            .languages
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&id)
            .filter(|(v, _)| *v == version)
            .map(|(_, code)| code.clone());
        if let Some(code) = kept {
            return Ok(code);
        }
        let code = self
            .read(move |conn| tournaments::language(conn, id))
            .await?;
        let mut languages = self
            .languages
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // At most one a tournament (a tournament's version only grows).
        languages.insert(id, (version, code.clone()));
        Ok(code)
    }
}

/// What a live page follows: a tournament's data, or an event's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    Tournament(TournamentId),
    Event(crate::tournament::EventId),
}
