//! The venue's side of publishing (`docs/publishing.md`): an organiser links a tournament to a
//! hub with the token the hub's organiser gave; from then on every committed change is pushed to
//! the hub as soon as it can be reached. The push is the whole tournament as a file with its
//! version (the latest entry of its audit trail): pushing it again changes nothing, an older one
//! never overwrites a newer, and what is still to push is read from the database, so it
//! survives the hub being unreachable and the venue's machine being restarted. A push never
//! holds up the venue: it runs beside the service, and its failures are only written down.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::copies::Since;
use super::hub::Received;
use super::{Actor, Audit, Found, Service, ServiceError, transaction};
use crate::db::publishing::{self as stored, HubLink};
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::archive::{FileChanges, TournamentFile};
use crate::tournament::said::{Kept, Said, Word};

/// Where a tournament is published, as its page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct LinkView {
    #[serde(flatten)]
    pub link: HubLink,
    /// The tournament's version now: the hub is behind while it is larger than `pushed_version`.
    pub version: i64,
    /// The tournament on the hub.
    pub hub_address: Option<String>,
    /// What went wrong with the last push (a page words it for its reader).
    #[serde(skip)]
    pub problem: Option<Kept>,
}

impl LinkView {
    /// Whether the hub has every change.
    pub fn up_to_date(&self) -> bool {
        self.link.pushed_version >= self.version
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
            action: Change::PublishingStarted,
            tournament_id: Some(tournament),
            entity: "tournament",
            entity_id: Some(tournament.get()),
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
            action: Change::PublishingStopped,
            tournament_id: Some(tournament),
            entity: "tournament",
            entity_id: Some(tournament.get()),
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
            action: Change::PublishedAgain,
            tournament_id: Some(tournament),
            entity: "tournament",
            entity_id: Some(tournament.get()),
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

/// The links with changes the hub does not have yet (and has not refused): each with the
/// tournament's version now.
fn due(conn: &mut SqliteConnection) -> Result<Vec<(HubLink, i64)>, ServiceError> {
    let mut due = Vec::new();
    for link in stored::links(conn)? {
        let version = stored::tournament_version(conn, link.tournament_id)?;
        let behind = version > link.pushed_version && link.refused_version != Some(version);
        if behind || link.again {
            due.push((link, version));
        }
    }
    Ok(due)
}

/// How a push ended.
enum Outcome {
    Taken(Received),
    /// The hub answered and will not take this version (with its words).
    Refused(Said),
    /// The hub could not be reached, or failed: tried again later.
    Unreachable(Said),
    /// The hub's copy does not follow from this venue's history: a version ahead of the
    /// venue's, or this version with other content. Said, and left to the organiser.
    Disagreed(Said),
}

/// The longest a push may take (a big tournament over a slow link).
const PUSH_TIMEOUT: Duration = Duration::from_secs(120);

/// Sends one push (blocking: run off the async threads), asking the hub to answer in the
/// tournament's language.
fn send(hub: &str, token: &str, language: &str, body: &[u8]) -> Outcome {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(PUSH_TIMEOUT))
        .timeout_connect(Some(Duration::from_secs(10)))
        .http_status_as_error(false)
        .build()
        .into();
    let answer = agent
        .put(&format!("{hub}/api/hub/publish"))
        .header("Authorization", &format!("Bearer {token}"))
        .header("Content-Type", "application/json")
        .header("Accept-Language", language)
        .send(body);
    let mut answer = match answer {
        Ok(answer) => answer,
        Err(e) => {
            return Outcome::Unreachable(crate::said!("hub-unreachable", error = e.to_string()));
        }
    };
    let status = answer.status().as_u16();
    let text = answer
        .body_mut()
        .with_config()
        .limit(64 * 1024)
        .read_to_string()
        .unwrap_or_default();
    // The hub's facts (worded for each reader here), else its own words, else what its
    // answer says when it has neither.
    let answer = serde_json::from_str::<serde_json::Value>(&text).ok();
    let error = answer.as_ref().map(|v| &v["error"]);
    let words = error
        .and_then(|e| e["message"].as_str())
        .map(str::to_string);
    let facts = error.and_then(|e| serde_json::from_value::<Said>(e["said"].clone()).ok());
    let message: Word = match (facts, words) {
        (Some(said), Some(words)) => Word::Sent {
            said: Box::new(said),
            words,
        },
        (Some(said), None) => said.into(),
        (None, Some(words)) => words.into(),
        (None, None) => crate::said!("hub-answered", status).into(),
    };
    match status {
        200 => match serde_json::from_str::<Received>(&text) {
            Ok(received) => Outcome::Taken(received),
            Err(_) => Outcome::Unreachable(crate::said!("hub-not-a-hub", hub = hub.to_string())),
        },
        400..=499 if status != 408 && status != 429 => {
            Outcome::Refused(crate::said!("hub-refused", message))
        }
        _ => Outcome::Unreachable(crate::said!("hub-failed", status, message)),
    }
}

impl Service {
    /// Pushes each tournament whose hub is behind, once: whether a hub could not be reached,
    /// and how many writes the pushes' outcomes took. What went wrong is kept as facts, worded
    /// for each reader.
    async fn push_due(self: &Arc<Service>) -> Tries {
        let mut tries = Tries::default();
        let due = match self.read(due).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("publishing: {e}");
                tries.unreachable = true;
                return tries;
            }
        };
        let mut unreachable = false;
        for (link, version) in due {
            let id = link.tournament_id;
            let Some(outcome) = self.push(&link, version).await else {
                continue;
            };
            let now = Utc::now().naive_utc();
            let written = self
                .write(move |conn| record(conn, id, version, outcome, now))
                .await;
            tries.writes += 1;
            match written {
                Ok(reached) => unreachable |= !reached,
                Err(e) => tracing::warn!("publishing tournament {id}: {e}"),
            }
        }
        tries.unreachable = unreachable;
        tries
    }

    /// Pushes one tournament at `version`: the changes since the version the hub took when
    /// this venue still holds that file, else (or when the hub wants it, or refused the
    /// changes) the whole file. How it ended (the hub is asked to answer in the tournament's
    /// language, for hubs that send words rather than facts).
    async fn push(self: &Arc<Service>, link: &HubLink, version: i64) -> Option<Outcome> {
        let id = link.tournament_id;
        let exported = self
            .read(move |conn| {
                let file = super::archive::export(conn, &Actor::CommandLine, id)?;
                Ok((file, crate::db::languages::get(conn, id)?))
            })
            .await;
        let (file, language) = match exported {
            Ok(exported) => exported,
            Err(e) => {
                tracing::warn!("publishing tournament {id}: {e}");
                return None;
            }
        };
        let earlier = self
            .sent
            .get(id)
            .filter(|s| !link.again && s.version == link.pushed_version);
        let (file, sent, changes) = super::blocking(move || {
            let sent = super::hub::digest(&file);
            let changes = earlier.and_then(|earlier| changes_body(&earlier, &file, version, &sent));
            (file, sent, changes)
        })
        .await
        .ok()?;
        let send_it = |body: Vec<u8>| {
            let (hub, token, asked) = (link.hub_url.clone(), link.token.clone(), language.clone());
            on_its_own_thread(move || send(&hub, &token, &asked, &body))
        };
        let tried = match changes {
            Some(body) => Some(send_it(body).await),
            None => None,
        };
        // The whole file when there were no changes to send, the hub wants it, or it refused
        // the changes.
        let mut outcome = match tried {
            Some(Outcome::Taken(received)) if !received.file_wanted => Outcome::Taken(received),
            Some(kept @ (Outcome::Unreachable(_) | Outcome::Disagreed(_))) => kept,
            _ => {
                let whole = WholePush {
                    version,
                    file: &file,
                    again: link.again,
                };
                send_it(serde_json::to_vec(&whole).unwrap_or_default()).await
            }
        };
        if let Outcome::Taken(received) = &outcome {
            let same = received.version == version && received.digest.as_deref() == Some(&sent);
            if received.taken || same {
                // The hub holds this very file (taken now, or before an answer that was lost).
                self.sent.keep(
                    id,
                    Sent {
                        version,
                        digest: sent,
                        file,
                    },
                );
            } else {
                let now = self
                    .read(move |conn| Ok(stored::tournament_version(conn, id)?))
                    .await
                    .unwrap_or(version);
                let other_content = received.version == version
                    && received.digest.as_deref().is_some_and(|d| d != sent);
                if received.version > now || other_content {
                    outcome = Outcome::Disagreed(crate::said!(
                        "hub-history-differs",
                        hub_version = received.version,
                        version
                    ));
                }
            }
        }
        Some(outcome)
    }

    /// Publishes as long as the service runs: after every committed change, and while a hub
    /// cannot be reached, again after a pause that doubles from a quarter of a second to
    /// `longest`.
    /// It holds the service only while it pushes: it ends when the service is dropped.
    pub async fn publish_to_hubs(service: std::sync::Weak<Service>, longest: Duration) {
        let Some(mut changes) = service.upgrade().map(|s| s.changes()) else {
            return;
        };
        let shortest = Duration::from_millis(250).min(longest);
        let mut pause = shortest;
        loop {
            let Some(this) = service.upgrade() else {
                return;
            };
            let before = *changes.borrow_and_update();
            let tries = this.push_due().await;
            drop(this);
            // The pushes' own outcomes, written down, are no change to push: only a write of
            // someone else's ends the pause early.
            if *changes.borrow() <= before + tries.writes {
                changes.borrow_and_update();
            }
            let wait = if tries.unreachable {
                pause = (pause * 2).min(longest);
                pause
            } else {
                pause = shortest;
                longest
            };
            if let Ok(Err(_)) = tokio::time::timeout(wait, changes.changed()).await {
                return; // the service is gone
            }
        }
    }
}

/// A whole file pushed (the hub's `Push` with a file), written from the venue's file in place.
#[derive(Serialize)]
struct WholePush<'a> {
    version: i64,
    file: &'a TournamentFile,
    again: bool,
}

/// Changes pushed since a version the hub took (the hub's `Push` with changes).
#[derive(Serialize)]
struct ChangesPush<'a> {
    version: i64,
    since: Since,
    changes: &'a FileChanges,
    digest: &'a str,
}

/// The body of a push of the changes from the file the hub took to `file` (digest `digest`),
/// when there are such changes.
fn changes_body(
    earlier: &Sent,
    file: &TournamentFile,
    version: i64,
    digest: &str,
) -> Option<Vec<u8>> {
    let changes = FileChanges::between(&earlier.file, file)?;
    let push = ChangesPush {
        version,
        since: Since {
            version: earlier.version,
            digest: earlier.digest.clone(),
        },
        changes: &changes,
        digest,
    };
    serde_json::to_vec(&push).ok()
}

/// The file a hub last took from this venue, by tournament: the changes of the next push are
/// taken from it. Kept in memory: after a restart the first push is the whole file.
pub struct Sent {
    version: i64,
    digest: String,
    file: TournamentFile,
}

/// The files hubs took, by tournament.
#[derive(Default)]
pub struct SentFiles(Mutex<HashMap<TournamentId, Arc<Sent>>>);

impl SentFiles {
    fn get(&self, id: TournamentId) -> Option<Arc<Sent>> {
        self.lock().get(&id).cloned()
    }

    fn keep(&self, id: TournamentId, sent: Sent) {
        self.lock().insert(id, Arc::new(sent));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<TournamentId, Arc<Sent>>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// What one round of pushes did.
#[derive(Default)]
struct Tries {
    /// A hub could not be reached: the next round waits.
    unreachable: bool,
    /// The writes that recorded the outcomes.
    writes: u64,
}

/// Runs a push on a thread of its own and waits for it without holding an async thread: a hub
/// that never answers holds only that thread, and the service stops without waiting for it
/// (the push is sent again from the database at the next start).
async fn on_its_own_thread(push: impl FnOnce() -> Outcome + Send + 'static) -> Outcome {
    let (done, outcome) = tokio::sync::oneshot::channel();
    let started = std::thread::Builder::new()
        .name("hub-push".to_string())
        .spawn(move || {
            let _ = done.send(push());
        });
    if let Err(e) = started {
        return Outcome::Unreachable(crate::said!("hub-unreachable", error = e.to_string()));
    }
    outcome.await.unwrap_or_else(|e| {
        Outcome::Unreachable(crate::said!("hub-unreachable", error = e.to_string()))
    })
}

/// Writes down how a push ended (what went wrong as facts); whether the hub was reached.
fn record(
    conn: &mut SqliteConnection,
    id: TournamentId,
    version: i64,
    outcome: Outcome,
    at: NaiveDateTime,
) -> Result<bool, ServiceError> {
    let problem = match &outcome {
        Outcome::Taken(_) => String::new(),
        Outcome::Refused(said) | Outcome::Unreachable(said) | Outcome::Disagreed(said) => {
            said.to_stored()
        }
    };
    // A link removed or changed meanwhile keeps what it is.
    let Some(link) = stored::link(conn, id)? else {
        return Ok(true);
    };
    if link.pushed_version >= version && !link.again {
        return Ok(true);
    }
    Ok(match outcome {
        Outcome::Taken(received) => {
            let pushed = if received.taken {
                version
            } else {
                received.version.max(version)
            };
            stored::link_pushed(conn, id, pushed, received.tournament, at)?;
            true
        }
        Outcome::Disagreed(_) => {
            stored::link_disagreed(conn, id, &problem, version, at)?;
            true
        }
        Outcome::Refused(_) => {
            stored::link_failed(conn, id, &problem, Some(version), at)?;
            true
        }
        Outcome::Unreachable(_) => {
            stored::link_failed(conn, id, &problem, None, at)?;
            false
        }
    })
}
