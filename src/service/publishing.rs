//! The venue's side of publishing (`docs/publishing.md`): an organiser links a tournament to a
//! hub with the token the hub's organiser gave; from then on every committed change is pushed to
//! the hub as soon as it can be reached (`super::pushes`). Here: the link, as the staff see it,
//! and what the organiser does with it.

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::db::publishing::{self as stored, HubLink};
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::said::{Kept, Said};

/// Where a tournament is published, as its page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct LinkView {
    #[serde(flatten)]
    pub link: HubLink,
    /// The tournament's version now: the hub is behind while it is larger than `pushed_version`
    /// (the last version the hub was seen to hold with this venue's content).
    pub version: i64,
    /// The tournament on the hub.
    pub hub_address: Option<String>,
    /// What went wrong with the last push (a page words it for its reader).
    #[serde(skip)]
    pub problem: Option<Kept>,
}

impl LinkView {
    /// Whether the hub holds every change, with this venue's content, as last seen (a hub
    /// that could not be asked since is not said to).
    pub fn up_to_date(&self) -> bool {
        self.link.pushed_version >= self.version && !self.link.disagreed && self.problem.is_none()
    }

    /// Whether the hub refused the latest version (its message in `problem`).
    pub fn refused(&self) -> bool {
        self.link.refused_version.is_some()
    }
}

/// A hub's address as it is typed: `http://` or `https://`, no spaces.
fn hub_url(text: &str) -> Result<String, ServiceError> {
    let url = text.trim().trim_end_matches('/');
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(host)
            if !host.is_empty() && !url.chars().any(char::is_whitespace) && url.len() <= 200 =>
        {
            Ok(url.to_string())
        }
        _ => Err(ServiceError::Invalid(crate::said!(
            "hub-hub-s-address-https"
        ))),
    }
}

/// Where the tournament is published, for the staff who run it.
pub fn link(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
) -> Result<Option<LinkView>, ServiceError> {
    actor.check_runs(conn, tournament)?;
    let Some(link) = stored::link(conn, tournament)? else {
        return Ok(None);
    };
    let version = stored::tournament_version(conn, tournament)?;
    let hub_address = link
        .hub_tournament
        .map(|id| format!("{}/tournaments/{id}", link.hub_url));
    let problem = link
        .problem
        .as_deref()
        .filter(|p| !p.is_empty())
        .map(Kept::read);
    Ok(Some(LinkView {
        link,
        version,
        hub_address,
        problem,
    }))
}

/// An organiser publishes a tournament to a hub with the hub's token (from the start again
/// when it was published elsewhere). The token is never shown again nor written to the audit
/// log.
pub fn set_link(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
    hub: &str,
    token: &str,
) -> Result<(), ServiceError> {
    actor.organiser()?;
    let hub = hub_url(hub)?;
    let token = token.trim();
    if !token.contains('.') || token.len() > 200 || token.chars().any(char::is_whitespace) {
        return Err(ServiceError::Invalid(crate::said!(
            "token-token-hub-s-organiser"
        )));
    }
    transaction(conn, |conn| {
        queries::get_tournament(conn, tournament).or_not_found("tournament")?;
        stored::put_link(conn, tournament, &hub, token)?;
        Audit {
            actor,
            change: Change::PublishingStarted { tournament },
            tournament_id: Some(tournament),
        }
        .record(conn, None::<&()>, Some(&serde_json::json!({"hub": hub})))
    })
}

/// An organiser stops publishing the tournament (the hub keeps what it has).
pub fn remove_link(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
) -> Result<(), ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let Some(link) = stored::link(conn, tournament)? else {
            return Ok(());
        };
        stored::delete_link(conn, tournament)?;
        Audit {
            actor,
            change: Change::PublishingStopped { tournament },
            tournament_id: Some(tournament),
        }
        .record(
            conn,
            Some(&serde_json::json!({"hub": link.hub_url})),
            None::<&()>,
        )
    })
}

/// An organiser publishes the venue's copy of the tournament again, whatever the hub has: the
/// way out when the hub's copy does not follow from the venue's history (a venue restored from
/// a backup, a version from elsewhere). Audited; the next push replaces the hub's copy.
pub fn publish_again(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
) -> Result<(), ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let link = stored::link(conn, tournament)?
            .ok_or_else(|| ServiceError::Conflict(Said::new("not-published-to-hub")))?;
        stored::link_again(conn, tournament)?;
        Audit {
            actor,
            change: Change::PublishedAgain { tournament },
            tournament_id: Some(tournament),
        }
        .record(
            conn,
            Some(
                &serde_json::json!({"hub": link.hub_url, "problem": link.problem,
                                     "pushed_version": link.pushed_version}),
            ),
            None::<&()>,
        )
    })
}
