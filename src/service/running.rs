//! The service at work ([`Service`]): its connections and its parts, each owning what it keeps
//! between requests and the workflows that use it. A part holds a copy of the connections (and
//! of another part it asks, as the hub asks the sign-in's allowance), never the service: a
//! workflow with no state of its own is a function of the connections in its module.

use std::sync::Arc;

use diesel::sqlite::SqliteConnection;

use super::connections::Connections;
use super::{
    ServiceError, auth, backups, circuits, endgames, games, hub, pushes, ratings, register, sms,
    standings, tournaments,
};
use crate::db::{DbPool, Writer};

/// One per running server; two services in one process share nothing.
pub struct Service {
    db: Connections,
    /// Signing in: the failures of each address, device and unknown name.
    pub sign_in: Arc<auth::SignIn>,
    /// Score sheets sent and confirmed (a player's PIN checked as a sign-in is).
    pub sheets: games::Sheets,
    /// On a hub: venues' pushes, with the files they made held for the changes that follow.
    pub hub: hub::Hub,
    /// At a venue: the pushes to hubs, with the files hubs took.
    pub publisher: Arc<pushes::Publisher>,
    /// The backups changes make due, written to a folder when one is set.
    pub backups: backups::Keeper,
    /// Standings reports, computed once per version of a tournament's data.
    pub standings: standings::Standings,
    /// The rating list as last computed.
    pub ratings: ratings::RatingList,
    /// The circuits as last computed.
    pub circuits: circuits::Circuits,
    /// The register's search as last built.
    pub register: register::Search,
    /// Tournaments' own languages as last read.
    pub languages: tournaments::Languages,
    /// The endgame tables held (exact adjudication, the moves that lost a game).
    endgames: Arc<endgames::Endgames>,
    /// Text messages from players' phones, read and answered.
    pub sms: sms::Sms,
}

impl Service {
    pub fn new(
        pool: DbPool,
        writer: Arc<Writer>,
        backups: Option<Arc<backups::Backups>>,
    ) -> Service {
        let db = Connections::new(pool, writer);
        let sign_in = Arc::new(auth::SignIn::new(db.clone()));
        Service {
            sheets: games::Sheets::new(db.clone(), sign_in.clone()),
            hub: hub::Hub::new(db.clone(), sign_in.clone()),
            publisher: Arc::new(pushes::Publisher::new(db.clone())),
            backups: backups::Keeper::new(db.clone(), backups),
            standings: standings::Standings::new(db.clone()),
            ratings: ratings::RatingList::new(db.clone()),
            circuits: circuits::Circuits::new(db.clone()),
            register: register::Search::new(db.clone()),
            languages: tournaments::Languages::new(db.clone()),
            sms: sms::Sms::new(db.clone(), sign_in.clone(), (None, None)),
            sign_in,
            endgames: Arc::default(),
            db,
        }
    }

    /// The service with these endgame tables.
    pub fn with_endgames(mut self, endgames: endgames::Endgames) -> Service {
        self.endgames = Arc::new(endgames);
        self
    }

    /// The service taking text messages from the gateway that gives `token`, numbers written
    /// for the country of this calling code (`233`).
    pub fn with_sms(mut self, country: Option<String>, token: Option<&str>) -> Service {
        self.sms = sms::Sms::new(self.db.clone(), self.sign_in.clone(), (country, token));
        self
    }

    /// The endgame tables held.
    pub fn endgames(&self) -> Arc<endgames::Endgames> {
        self.endgames.clone()
    }

    /// The connections, for a workflow of several steps that keeps nothing of its own.
    pub fn db(&self) -> &Connections {
        &self.db
    }

    /// Runs `f` (a command that reads) with a reading connection, off the async threads.
    pub async fn read<T, F>(&self, f: F) -> Result<T, ServiceError>
    where
        T: Send + 'static,
        F: FnOnce(&mut SqliteConnection) -> Result<T, ServiceError> + Send + 'static,
    {
        self.db.read(f).await
    }

    /// Runs `f` (a command that writes) on the writing connection, after the writes queued
    /// before it.
    pub async fn write<T, F>(&self, f: F) -> Result<T, ServiceError>
    where
        T: Send + 'static,
        F: FnOnce(&mut SqliteConnection) -> Result<T, ServiceError> + Send + 'static,
    {
        self.db.write(f).await
    }
}
