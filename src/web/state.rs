//! What every handler shares: the service and what the pages keep between requests.

use diesel::sqlite::SqliteConnection;

use crate::service::ServiceError;

/// What every handler shares (the live pages' feeds and the streams' budget are the app's data
/// of their own: `web::Data<Feeds<S>>`, `web::Data<StreamBudget>`).
#[derive(Clone)]
pub struct AppState {
    /// The service: every workflow and read model.
    pub service: std::sync::Arc<crate::service::Service>,
    /// Pages rendered from the standings reports, kept while their report is current.
    pub rendered: std::sync::Arc<super::rendered::Rendered>,
    /// The generation each owner's sessions must carry, as last read.
    pub sessions: std::sync::Arc<super::plumbing::generations::Generations>,
    /// Proxies whose `X-Forwarded-For` is believed.
    pub trusted_proxies: std::sync::Arc<[std::net::IpAddr]>,
    /// The address printed on slips and score sheets, when set (`OWARE_PUBLIC_URL`).
    pub public_url: Option<std::sync::Arc<str>>,
    /// Where the service listens (the venue page lists the addresses phones reach it at).
    pub listening: std::net::SocketAddr,
}

impl AppState {
    /// Runs `f` (a service command that reads) with a reading connection, off the async
    /// threads.
    pub async fn db<T, F>(&self, f: F) -> Result<T, ServiceError>
    where
        T: Send + 'static,
        F: FnOnce(&mut SqliteConnection) -> Result<T, ServiceError> + Send + 'static,
    {
        self.service.read(f).await
    }

    /// Runs `f` (a service command that writes) on the writing connection.
    pub async fn write<T, F>(&self, f: F) -> Result<T, ServiceError>
    where
        T: Send + 'static,
        F: FnOnce(&mut SqliteConnection) -> Result<T, ServiceError> + Send + 'static,
    {
        self.service.write(f).await
    }

    /// The standings report after round `after`, computed once per change of the data.
    pub async fn standings(
        &self,
        tournament_id: crate::tournament::TournamentId,
        after: Option<i32>,
    ) -> Result<std::sync::Arc<crate::service::standings::Report>, ServiceError> {
        self.service.standings.report(tournament_id, after).await
    }

    /// The tournament, and what `f` (a service view of the standings: prizes, teams) makes of
    /// its standings after the last published round.
    pub async fn from_standings<T: Send + 'static>(
        &self,
        tournament_id: crate::tournament::TournamentId,
        f: fn(
            &mut SqliteConnection,
            crate::tournament::TournamentId,
            &crate::service::standings::Report,
        ) -> Result<T, ServiceError>,
    ) -> Result<(crate::service::tournaments::TournamentView, T), ServiceError> {
        let d = self.standings(tournament_id, None).await?;
        let t = d.t.clone();
        let view = self.db(move |conn| f(conn, tournament_id, &d)).await?;
        Ok((t, view))
    }
}
