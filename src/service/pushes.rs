//! The venue's pushes to its hubs (`docs/publishing.md`): every committed change of a linked
//! tournament is pushed to its hub as soon as the hub can be reached, with the tournament's
//! version (of what its file carries, `crate::db::tournament_versions`): the changes since the file the hub took, from
//! the venue's log of what changed (`crate::db::venue_log`), or the whole file when the hub
//! holds nothing of this venue's history. Pushing again changes nothing, an older version never
//! overwrites a newer, and what is still to push is read from the database, so it survives the
//! hub being unreachable and the venue's machine being restarted. A push never holds up the
//! venue: it runs beside the service, and its failures are only written down.

use std::sync::Arc;
use std::time::Duration;

use chrono::{NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::copies::Since;
use super::hub::Received;
use super::hub_wire::{Answer, on_its_own_thread, send};
use super::sent::{Sent, SentFiles};
use super::{Actor, Connections, ServiceError};
use crate::db::publishing::{self as stored, HubLink};
use crate::db::venue_log;
use crate::tournament::TournamentId;
use crate::tournament::archive::{FileChanges, Fingerprint, TournamentFile};
use crate::tournament::said::{Said, Word};

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
        /// The last entry of the venue's log the hub's copy holds.
        log: i64,
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

    /// Pushes one tournament as it is now: the changes since the version the hub took, from
    /// what this venue keeps of that file and its log's entries since (read together with the
    /// version); else (or when the hub wants it, or refused the changes) the whole file with the
    /// history the hub's copy must belong to. The version and digest of what is sent are
    /// written down before it is. A probe asks first what the hub holds, and sends anything
    /// only when the hub wants it. The version pushed and how it ended (the hub is asked to
    /// answer in the tournament's language, for hubs that send words rather than facts).
    async fn push(
        self: &Arc<Publisher>,
        link: &HubLink,
        need: Need,
        tries: &mut Tries,
    ) -> Option<(i64, Outcome)> {
        let id = link.tournament_id;
        let (version, language, sends, changed) = self.changed(link).await?;
        let send_it = |body: Vec<u8>| {
            let (hub, token, asked) = (link.hub_url.clone(), link.token.clone(), language.clone());
            on_its_own_thread(move || send(&hub, &token, &asked, &body))
        };
        let history = history(link, &sends);
        // What is sent first: the changes, or (none to work out) the whole file.
        let mut sending = match changed {
            Some(changed) => Sending::Changes(changed),
            None => Sending::Whole(self.whole(id).await?),
        };
        if need == Need::Probe {
            let probe = Probe {
                version: sending.version(version),
                digest: sending.digest(link.pushed_digest.as_deref()),
                history: &history,
            };
            match send_it(serde_json::to_vec(&probe).unwrap_or_default()).await {
                Answer::Received(received) if !received.file_wanted => {
                    return Some(self.judged(id, version, sending, Answer::Received(received)));
                }
                kept @ Answer::Unreachable(_) => {
                    return Some(self.judged(id, version, sending, kept));
                }
                // The hub wants the file (or refused the probe: a hub that asks nothing before
                // a file).
                _ => {}
            }
        }
        if let Sending::Changes(changed) = &sending {
            self.record_send(id, (version, &changed.digest), tries)
                .await?;
            match send_it(changed.body(version)).await {
                Answer::Received(received) if !received.file_wanted => {
                    return Some(self.judged(id, version, sending, Answer::Received(received)));
                }
                kept @ Answer::Unreachable(_) => {
                    return Some(self.judged(id, version, sending, kept));
                }
                // The hub wants the whole file, or refused the changes.
                _ => sending = Sending::Whole(self.whole(id).await?),
            }
        }
        let Sending::Whole(whole) = &sending else {
            return None;
        };
        self.record_send(id, (whole.version, &whole.digest), tries)
            .await?;
        let mut body = WholePush {
            version: whole.version,
            file: &whole.file,
            digest: &whole.digest,
            again: link.again,
            history: Some(history),
        };
        let answer = match send_it(serde_json::to_vec(&body).unwrap_or_default()).await {
            // A hub of an earlier release, that reads no history: judged by version numbers, as
            // it judges every venue.
            Answer::Refused(said) if unread_history(&said) => {
                body.history = None;
                send_it(serde_json::to_vec(&body).unwrap_or_default()).await
            }
            answer => answer,
        };
        let version = whole.version;
        Some(self.judged(id, version, sending, answer))
    }

    /// The tournament's version now, its language and the versions sent since the hub's last
    /// acknowledged one; with the changes since the file the hub took when this venue keeps
    /// that file's fingerprint (in memory, or written down) and its log since, read together.
    async fn changed(
        self: &Arc<Publisher>,
        link: &HubLink,
    ) -> Option<(i64, String, Vec<(i64, String)>, Option<Changed>)> {
        let id = link.tournament_id;
        let held = self.sent.get(id).filter(|s| {
            !link.again && s.version == link.pushed_version && Some(s.log) == link.pushed_log
        });
        let link = link.clone();
        let read = self
            .db
            .read(move |conn| {
                diesel::Connection::transaction(conn, |conn| {
                    let version = stored::tournament_version(conn, id)?;
                    let language = crate::db::languages::get(conn, id)?;
                    let sends = stored::sends(conn, id)?;
                    let earlier = match held {
                        Some(held) => Some(held),
                        None if !link.again && link.pushed_log.is_some() => {
                            super::sent::kept_fingerprint(conn, id)?
                                .and_then(|print| Sent::written_down(&link, print))
                        }
                        None => None,
                    };
                    let changed = match earlier {
                        Some(earlier) => Some(changes_since(conn, id, earlier)?),
                        None => None,
                    };
                    Ok::<_, ServiceError>((version, language, sends, changed))
                })
            })
            .await;
        match read {
            Ok(read) => Some(read),
            Err(e) => {
                tracing::warn!("publishing tournament {id}: {e}");
                None
            }
        }
    }

    /// The whole file now, with its version, digest and fingerprint, and the log's last entry
    /// (read together).
    async fn whole(self: &Arc<Publisher>, id: TournamentId) -> Option<WholeFile> {
        let over = self.sent.get(id).map(|s| s.print.clone());
        let read = self
            .db
            .read(move |conn| {
                diesel::Connection::transaction(conn, |conn| {
                    let version = stored::tournament_version(conn, id)?;
                    let file = super::archive::export(conn, &Actor::CommandLine, id)?;
                    Ok::<_, ServiceError>((version, file, venue_log::latest(conn)?))
                })
            })
            .await;
        let (version, file, log) = match read {
            Ok(read) => read,
            Err(e) => {
                tracing::warn!("publishing tournament {id}: {e}");
                return None;
            }
        };
        super::blocking(move || {
            let print = Fingerprint::of(&file);
            WholeFile {
                version,
                digest: print.digest(),
                json: std::sync::OnceLock::new(),
                print: Arc::new(print),
                file,
                log,
                over,
            }
        })
        .await
        .ok()
    }

    /// Writes down a version about to be sent, with its digest.
    async fn record_send(
        self: &Arc<Publisher>,
        id: TournamentId,
        (version, digest): (i64, &str),
        tries: &mut Tries,
    ) -> Option<()> {
        let digest = digest.to_string();
        let recorded = self
            .db
            .write(move |conn| Ok(stored::record_send(conn, id, version, &digest)?))
            .await;
        tries.writes += 1;
        match recorded {
            Ok(_) => Some(()),
            Err(e) => {
                tracing::warn!("publishing tournament {id}: {e}");
                None
            }
        }
    }

    /// How a push of `sending` ended, from the hub's answer.
    fn judged(
        &self,
        id: TournamentId,
        version: i64,
        sending: Sending,
        answer: Answer,
    ) -> (i64, Outcome) {
        let version = sending.version(version);
        (version, judge(&self.sent, (id, version), sending, answer))
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

/// The changes since the file the hub took, worked out from the log.
pub struct Changed {
    earlier: Arc<Sent>,
    /// The fingerprint and digest of the file after them.
    print: Arc<Fingerprint>,
    pub changes: FileChanges,
    pub digest: String,
    /// The last entry of the log they hold.
    log: i64,
}

/// The changes of tournament `id` since the file `earlier` is of: the records the venue's log
/// names since, read in the caller's transaction, against the fingerprint kept of that file.
/// The file after them keeps the digest the hub knows when its content is the same.
pub fn changes_since(
    conn: &mut SqliteConnection,
    id: TournamentId,
    earlier: Arc<Sent>,
) -> Result<Changed, ServiceError> {
    let logged = venue_log::since(conn, id, earlier.log)?;
    let named = super::file_parts::named(conn, id, &logged, earlier.print.audit.0)?;
    let (print, changes) = earlier.print.advance(named);
    let digest = match print == *earlier.print {
        true => earlier.digest.clone(),
        false => print.digest(),
    };
    Ok(Changed {
        earlier,
        print: Arc::new(print),
        changes,
        digest,
        log: logged.until,
    })
}

impl Changed {
    /// What the venue keeps once the hub took them as `version`.
    pub fn taken(&self, version: i64) -> Sent {
        Sent {
            version,
            digest: self.digest.clone(),
            print: self.print.clone(),
            log: self.log,
        }
    }

    /// The body of their push (the hub's `Push` with changes), as `version`.
    pub fn body(&self, version: i64) -> Vec<u8> {
        let push = ChangesPush {
            version,
            since: Since {
                version: self.earlier.version,
                digest: self.earlier.digest.clone(),
            },
            changes: &self.changes,
            digest: &self.digest,
        };
        serde_json::to_vec(&push).unwrap_or_default()
    }
}

/// The whole file, with its version, fingerprint and digest, the last entry of the log it
/// holds, and the fingerprint of the file the hub took before (kept since the start).
struct WholeFile {
    version: i64,
    file: TournamentFile,
    print: Arc<Fingerprint>,
    digest: String,
    /// Its digest as venues and hubs of earlier releases take it, worked out only when a name
    /// the hub gave may be that one ([`WholeFile::json`]).
    json: std::sync::OnceLock<String>,
    log: i64,
    over: Option<Arc<Fingerprint>>,
}

impl WholeFile {
    /// Whether `name`, a name the hub gave this file, is its digest as venues and hubs of
    /// earlier releases take it ([`super::hub::json_digest`], the file serialised again: only
    /// for a name that is not its digest).
    fn named_by_json(&self, name: Option<&str>) -> bool {
        name.is_some_and(|name| {
            name != self.digest
                && name
                    == self
                        .json
                        .get_or_init(|| super::hub::json_digest(&self.file))
        })
    }
}

/// What a push sends.
enum Sending {
    Changes(Changed),
    Whole(WholeFile),
}

impl Sending {
    /// The version sent (the changes' is the version read with them).
    fn version(&self, changes: i64) -> i64 {
        match self {
            Sending::Changes(_) => changes,
            Sending::Whole(w) => w.version,
        }
    }

    /// The name of what is sent, as the hub knows it: the changes' digest, or the whole file's
    /// (its JSON's when that is the one last pushed: a hub and venue of an earlier release named
    /// files so).
    fn digest<'a>(&'a self, pushed: Option<&str>) -> &'a str {
        match self {
            Sending::Changes(c) => &c.digest,
            Sending::Whole(w) if w.named_by_json(pushed) => {
                w.json.get().map_or(w.digest.as_str(), String::as_str)
            }
            Sending::Whole(w) => &w.digest,
        }
    }
}

/// How a push ended, from the hub's answer: a version is pushed only when the hub holds this very
/// file (its digest), which is then kept for the changes that follow. A whole file is known by
/// its JSON's digest too (a hub of an earlier release names it so, and so did this venue before
/// it digested fingerprints).
fn judge(
    sent_files: &SentFiles,
    (id, version): (TournamentId, i64),
    sending: Sending,
    answer: Answer,
) -> Outcome {
    let (mut digest, print, over, log) = match &sending {
        Sending::Changes(c) => (
            c.digest.clone(),
            c.print.clone(),
            Some(c.earlier.print.clone()),
            c.log,
        ),
        Sending::Whole(w) => (w.digest.clone(), w.print.clone(), w.over.clone(), w.log),
    };
    if let (Sending::Whole(w), Answer::Received(received)) = (&sending, &answer)
        && w.named_by_json(received.digest.as_deref())
    {
        digest = received.digest.clone().unwrap_or(digest);
    }
    drop(sending);
    match answer {
        Answer::Received(received) if holds(&received, version, &digest) => {
            sent_files.keep(
                id,
                Sent {
                    version,
                    digest: digest.clone(),
                    print: print.clone(),
                    log,
                },
            );
            Outcome::Holds {
                tournament: received.tournament,
                digest,
                print,
                over,
                log,
            }
        }
        // Not the two versions in the words: 16-digit numbers no person compares (the venue's
        // publishing state gives its own, the hub's token record the venue's it disagreed at).
        Answer::Received(_) => Outcome::Disagreed(crate::said!("hub-history-differs")),
        Answer::Refused(said) => Outcome::Refused(said),
        Answer::Unreachable(said) => Outcome::Unreachable(said),
    }
}

/// A whole file pushed (the hub's `Push` with a file), written from the venue's file in place.
#[derive(Serialize)]
struct WholePush<'a> {
    version: i64,
    file: &'a TournamentFile,
    /// Its digest: the hub digests the file as this venue does (by its fingerprint).
    digest: &'a str,
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

/// What one round of pushes did.
#[derive(Default)]
struct Tries {
    /// A hub could not be reached: the next round waits.
    unreachable: bool,
    /// The writes that recorded the outcomes.
    writes: u64,
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
            log,
        } => {
            stored::link_pushed(conn, id, (version, &digest, log), tournament, at)?;
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
