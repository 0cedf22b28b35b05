//! The venue's side of publishing (`docs/publishing.md`): an organiser links a tournament to a
//! hub with the token the hub's organiser gave; from then on every committed change is pushed to
//! the hub as soon as it can be reached. The push is the whole tournament as a file with its
//! version (the latest entry of its audit trail): pushing it again changes nothing, an older one
//! never overwrites a newer, and what is still to push is read from the database, so it
//! survives the hub being unreachable and the venue's machine being restarted. A push never
//! holds up the venue: it runs beside the service, and its failures are only written down.

use std::sync::Arc;
use std::time::Duration;

use chrono::{NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::copies::Since;
use super::hub::Received;
use super::sent::{Sent, SentFiles};
use super::{Actor, Audit, Connections, Found, ServiceError, transaction};
use crate::db::publishing::{self as stored, HubLink};
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::archive::{FileChanges, Fingerprint, TournamentFile};
use crate::tournament::said::{Kept, Said, Word};

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

/// What a link needs now.
#[derive(Clone, Copy, PartialEq)]
enum Need {
    /// Changes the hub does not have yet (and has not refused), or the organiser's word.
    Push,
    /// Nothing new, but whether the hub holds this venue's content is not known since this
    /// service started (a venue restored from a backup says it is up to date until asked).
    Probe,
    Nothing,
}

/// Every link, with the tournament's version now and what it needs (`verified`: the links
/// whose hub was seen holding this venue's content since the service started).
fn due(
    conn: &mut SqliteConnection,
    verified: impl Fn(&HubLink) -> bool,
) -> Result<Vec<(HubLink, Need)>, ServiceError> {
    let mut due = Vec::new();
    for link in stored::links(conn)? {
        let version = stored::tournament_version(conn, link.tournament_id)?;
        let refused = link.refused_version == Some(version);
        let need = if (version > link.pushed_version && !refused) || link.again {
            Need::Push
        } else if !refused && !link.disagreed && !verified(&link) {
            Need::Probe
        } else {
            Need::Nothing
        };
        if need != Need::Nothing {
            due.push((link, need));
        }
    }
    Ok(due)
}

/// What the hub answered a push.
enum Answer {
    Received(Received),
    /// The hub answered and will not take this version (with its words).
    Refused(Said),
    /// The hub could not be reached, or failed: tried again later.
    Unreachable(Said),
}

/// How a push ended.
enum Outcome {
    /// The hub holds this venue's file at the version pushed (its digest): taken now, or
    /// before an answer that was lost.
    Holds {
        tournament: i32,
        digest: String,
        /// The fingerprint of the file the hub holds, and the one before it when the hub took
        /// changes from it (only the rows that changed are written again).
        print: Arc<Fingerprint>,
        over: Option<Arc<Fingerprint>>,
    },
    Refused(Said),
    Unreachable(Said),
    /// The hub's copy does not follow from this venue's history: a version ahead of the
    /// venue's, this version with other content, or one the venue never sent. Said, and left to
    /// the organiser.
    Disagreed(Said),
}

/// Whether the hub's answer to a push of `version` (digest `sent`) says it holds that very
/// file: the one thing that lets the venue take a version as pushed. The hub's version alone
/// never does (a venue restored from a backup reaches the hub's number with other content).
fn holds(received: &Received, version: i64, sent: &str) -> bool {
    received.version == version && received.digest.as_deref() == Some(sent) && !received.file_wanted
}

/// The longest a push may take (a big tournament over a slow link).
const PUSH_TIMEOUT: Duration = Duration::from_secs(120);

/// Sends one push (blocking: run off the async threads), asking the hub to answer in the
/// tournament's language.
fn send(hub: &str, token: &str, language: &str, body: &[u8]) -> Answer {
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
            return Answer::Unreachable(crate::said!("hub-unreachable", error = e.to_string()));
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
            Ok(received) => Answer::Received(received),
            Err(_) => Answer::Unreachable(crate::said!("hub-not-a-hub", hub = hub.to_string())),
        },
        400..=499 if status != 408 && status != 429 => {
            Answer::Refused(crate::said!("hub-refused", message))
        }
        _ => Answer::Unreachable(crate::said!("hub-failed", status, message)),
    }
}

/// A venue's pushes to its hubs, with what it keeps of the files they took.
pub struct Publisher {
    db: Connections,
    sent: SentFiles,
    /// When each tournament's circuits were last fetched from its hub.
    fetched: super::held_circuits::Fetched,
}

impl Publisher {
    pub fn new(db: Connections) -> Publisher {
        Publisher {
            db,
            sent: SentFiles::default(),
            fetched: Default::default(),
        }
    }

    /// Pushes each tournament whose hub is behind, once: whether a hub could not be reached,
    /// and how many writes the pushes' outcomes took. What went wrong is kept as facts, worded
    /// for each reader.
    async fn push_due(self: &Arc<Publisher>) -> Tries {
        let mut tries = Tries::default();
        let this = self.clone();
        let due = self
            .db
            .read(move |conn| due(conn, |link| this.sent.verified(link)))
            .await;
        let due = match due {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("publishing: {e}");
                tries.unreachable = true;
                return tries;
            }
        };
        let mut unreachable = false;
        for (link, need) in due {
            let id = link.tournament_id;
            let Some((version, outcome)) = self.push(&link, need, &mut tries).await else {
                continue;
            };
            let now = Utc::now().naive_utc();
            let written = self
                .db
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

    /// Pushes one tournament as it is now (its version and file read together): the changes
    /// since the version the hub took when this venue still holds that file, else (or when
    /// the hub wants it, or refused the changes) the whole file with the history the hub's copy
    /// must belong to, the version and its digest written down before they are sent. A probe
    /// asks first what the hub holds, and sends the file only when the hub wants it. The
    /// version pushed and how it ended (the hub is asked to answer in the tournament's
    /// language, for hubs that send words rather than facts).
    async fn push(
        self: &Arc<Publisher>,
        link: &HubLink,
        need: Need,
        tries: &mut Tries,
    ) -> Option<(i64, Outcome)> {
        let id = link.tournament_id;
        let held = self
            .sent
            .get(id)
            .filter(|s| !link.again && s.version == link.pushed_version);
        // Not held since the start: what was written down with the hub's last push.
        let written_down = held.is_none() && !link.again && link.pushed_digest.is_some();
        let exported = self
            .db
            .read(move |conn| {
                diesel::Connection::transaction(conn, |conn| {
                    let version = stored::tournament_version(conn, id)?;
                    let file = super::archive::export(conn, &Actor::CommandLine, id)?;
                    let language = crate::db::languages::get(conn, id)?;
                    let kept = match written_down {
                        true => super::sent::kept_fingerprint(conn, id, &file)?,
                        false => None,
                    };
                    Ok((version, file, language, stored::sends(conn, id)?, kept))
                })
            })
            .await;
        let (version, file, language, sends, kept) = match exported {
            Ok(exported) => exported,
            Err(e) => {
                tracing::warn!("publishing tournament {id}: {e}");
                return None;
            }
        };
        let earlier = held.or_else(|| Sent::written_down(link, kept?));
        let (file, sent, print, changes, over) = super::blocking(move || {
            let sent = super::hub::digest(&file);
            let print = Arc::new(Fingerprint::of(&file));
            let changes = earlier
                .as_ref()
                .and_then(|earlier| changes_body(earlier, (&print, &file), version, &sent));
            let over = earlier.map(|e| e.print.clone());
            (file, sent, print, changes, over)
        })
        .await
        .ok()?;
        let send_it = |body: Vec<u8>| {
            let (hub, token, asked) = (link.hub_url.clone(), link.token.clone(), language.clone());
            on_its_own_thread(move || send(&hub, &token, &asked, &body))
        };
        let history = history(link, &sends);
        let probed = match need {
            Need::Probe => {
                let probe = Probe {
                    version,
                    digest: &sent,
                    history: &history,
                };
                Some(send_it(serde_json::to_vec(&probe).unwrap_or_default()).await)
            }
            _ => None,
        };
        let answer = match probed {
            Some(Answer::Received(received)) if !received.file_wanted => Answer::Received(received),
            Some(kept @ Answer::Unreachable(_)) => kept,
            // The file, when the hub wants it (or refused the probe: a hub that asks nothing
            // before a file).
            _ => {
                let digest = sent.clone();
                let recorded = self
                    .db
                    .write(move |conn| Ok(stored::record_send(conn, id, version, &digest)?))
                    .await;
                tries.writes += 1;
                if let Err(e) = recorded {
                    tracing::warn!("publishing tournament {id}: {e}");
                    return None;
                }
                let tried = match changes {
                    Some(body) => Some(send_it(body).await),
                    None => None,
                };
                // The whole file when there were no changes to send, the hub wants it, or it
                // refused the changes.
                match tried {
                    Some(Answer::Received(received)) if !received.file_wanted => {
                        Answer::Received(received)
                    }
                    Some(kept @ Answer::Unreachable(_)) => kept,
                    _ => {
                        let mut whole = WholePush {
                            version,
                            file: &file,
                            again: link.again,
                            history: Some(history),
                        };
                        let answer = send_it(serde_json::to_vec(&whole).unwrap_or_default()).await;
                        match answer {
                            // A hub of an earlier release, that reads no history: judged by
                            // version numbers, as it judges every venue.
                            Answer::Refused(said) if unread_history(&said) => {
                                whole.history = None;
                                send_it(serde_json::to_vec(&whole).unwrap_or_default()).await
                            }
                            answer => answer,
                        }
                    }
                }
            }
        };
        drop(file);
        let outcome = judge(&self.sent, (id, version), (sent, print, over), answer);
        Some((version, outcome))
    }

    /// Publishes as long as the service runs: after every committed change, and while a hub
    /// cannot be reached, again after a pause that doubles from a quarter of a second to
    /// `longest`.
    /// It holds the publisher only while it pushes: it ends when the service is dropped.
    pub async fn publish_to_hubs(publisher: std::sync::Weak<Publisher>, longest: Duration) {
        let Some(mut changes) = publisher.upgrade().map(|p| p.db.changes()) else {
            return;
        };
        let shortest = Duration::from_millis(250).min(longest);
        let mut pause = shortest;
        loop {
            let Some(this) = publisher.upgrade() else {
                return;
            };
            let before = *changes.borrow_and_update();
            let mut tries = this.push_due().await;
            let every = super::held_circuits::fetch_every(longest);
            tries.writes += this.fetched.follow(&this.db, every).await;
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

/// How a push ended, from the hub's answer: a version is pushed only when the hub holds this very
/// file (`sent`, its digest), which is then kept for the changes that follow.
fn judge(
    sent_files: &SentFiles,
    (id, version): (TournamentId, i64),
    (sent, print, over): (String, Arc<Fingerprint>, Option<Arc<Fingerprint>>),
    answer: Answer,
) -> Outcome {
    match answer {
        Answer::Received(received) if holds(&received, version, &sent) => {
            let digest = sent.clone();
            sent_files.keep(
                id,
                Sent {
                    version,
                    digest: sent,
                    print: print.clone(),
                },
            );
            Outcome::Holds {
                tournament: received.tournament,
                digest,
                print,
                over,
            }
        }
        Answer::Received(received) => Outcome::Disagreed(crate::said!(
            "hub-history-differs",
            hub_version = received.version,
            version
        )),
        Answer::Refused(said) => Outcome::Refused(said),
        Answer::Unreachable(said) => Outcome::Unreachable(said),
    }
}

/// A whole file pushed (the hub's `Push` with a file), written from the venue's file in place.
#[derive(Serialize)]
struct WholePush<'a> {
    version: i64,
    file: &'a TournamentFile,
    again: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    history: Option<Vec<Since>>,
}

/// Whether a hub's refusal says it does not read a push's `history` (an earlier release's).
fn unread_history(said: &Said) -> bool {
    said.args.iter().any(|(_, word)| match word {
        Word::Text(text) => text.contains("unknown field `history`"),
        Word::Said(said) => unread_history(said),
        Word::Sent { said, words } => {
            words.contains("unknown field `history`") || unread_history(said)
        }
        _ => false,
    })
}

/// A question to the hub (the hub's `Push` with neither file nor changes): does it hold this
/// version with this content, and does its copy belong to this history?
#[derive(Serialize)]
struct Probe<'a> {
    version: i64,
    digest: &'a str,
    history: &'a [Since],
}

/// The versions of this venue's history the hub may hold: the one it last acknowledged and
/// those sent since (their answers may have been lost), oldest first.
fn history(link: &HubLink, sends: &[(i64, String)]) -> Vec<Since> {
    let acknowledged = link.pushed_digest.as_ref().map(|digest| Since {
        version: link.pushed_version,
        digest: digest.clone(),
    });
    acknowledged
        .into_iter()
        .chain(sends.iter().map(|(version, digest)| Since {
            version: *version,
            digest: digest.clone(),
        }))
        .collect()
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
    (print, file): (&Fingerprint, &TournamentFile),
    version: i64,
    digest: &str,
) -> Option<Vec<u8>> {
    let changes = earlier.print.changes(print, file)?;
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
async fn on_its_own_thread(push: impl FnOnce() -> Answer + Send + 'static) -> Answer {
    let (done, outcome) = tokio::sync::oneshot::channel();
    let started = std::thread::Builder::new()
        .name("hub-push".to_string())
        .spawn(move || {
            let _ = done.send(push());
        });
    if let Err(e) = started {
        return Answer::Unreachable(crate::said!("hub-unreachable", error = e.to_string()));
    }
    outcome.await.unwrap_or_else(|e| {
        Answer::Unreachable(crate::said!("hub-unreachable", error = e.to_string()))
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
        Outcome::Holds { .. } => String::new(),
        Outcome::Refused(said) | Outcome::Unreachable(said) | Outcome::Disagreed(said) => {
            said.to_stored()
        }
    };
    // A link removed meanwhile, or that recorded a newer version, keeps what it is (at its
    // own version, a probe's answer is written: the hub seen holding it, or not).
    let Some(link) = stored::link(conn, id)? else {
        return Ok(true);
    };
    if link.pushed_version > version && !link.again {
        return Ok(true);
    }
    Ok(match outcome {
        Outcome::Holds {
            tournament,
            digest,
            print,
            over,
        } => {
            stored::link_pushed(conn, id, (version, &digest), tournament, at)?;
            super::sent::write_down(conn, id, &print, over.as_deref())?;
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

#[cfg(test)]
mod tests {
    use super::{Received, holds, unread_history};
    use crate::tournament::said::Word;

    #[test]
    fn a_hub_that_does_not_read_the_history_is_told_apart_from_a_refused_file() {
        let refusal = |error: &str| {
            let sent = crate::said!("push-cannot-read", error = error.to_string());
            let message = Word::Sent {
                said: Box::new(sent),
                words: format!("the push cannot be read: {error}"),
            };
            crate::said!("hub-refused", message)
        };
        let old = "unknown field `history`, expected one of `version`, `file` at line 1";
        assert!(unread_history(&refusal(old)));
        assert!(!unread_history(&refusal(
            "expected value at line 1 column 1"
        )));
        let replay = crate::said!(
            "file-was-not-imported",
            problem = "game 3: ply 9".to_string()
        );
        let message = Word::Said(Box::new(replay));
        assert!(!unread_history(&crate::said!("hub-refused", message)));
    }

    fn answer(version: i64, digest: &str, taken: bool) -> Received {
        Received {
            tournament: 7,
            version,
            taken,
            digest: Some(digest.to_string()),
            file_wanted: false,
        }
    }

    #[test]
    fn a_version_is_pushed_only_when_the_hub_holds_its_very_content() {
        // Taken now, or held before an answer that was lost.
        assert!(holds(&answer(40, "d40", true), 40, "d40"));
        assert!(holds(&answer(40, "d40", false), 40, "d40"));
        // The hub ahead (its version from another history, whatever this venue's version is by
        // the time the answer comes), or at this version with other content.
        assert!(!holds(&answer(41, "h41", false), 40, "d40"));
        assert!(!holds(&answer(40, "h40", false), 40, "d40"));
        // Behind, keeping its copy (it is not in this venue's history).
        assert!(!holds(&answer(35, "h35", false), 40, "d40"));
        // Changes it could not take.
        let wanted = Received {
            file_wanted: true,
            ..answer(40, "d40", false)
        };
        assert!(!holds(&wanted, 40, "d40"));
    }
}
