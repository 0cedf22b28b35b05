//! The hub's side of publishing (`docs/publishing.md`): its organisers make a token for each
//! tournament a venue publishes to it (the secret shown once, kept as a SHA-256 digest,
//! revocable);
//! a venue's push, with its token, is checked as an import is (every sheet and result replayed)
//! and then makes, or writes again, that tournament. Pushes carry the venue's version of the
//! tournament: one the hub has already taken, or an older one, changes nothing.

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::auth::Attempt;
use super::auth::SignIn;
use super::changes::Change;
use super::{Actor, Audit, Connections, ServiceError, blocking, transaction};
use crate::auth::throttle::Target;
use crate::auth::{Lane, generate_password, token, verify_secret};
use crate::db::publishing::{self as stored, HubToken};
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::archive::{FileChanges, TournamentFile};
use std::sync::Arc;

pub use super::copies::Received;
use super::copies::{Since, WRONG_TOKEN, live_token, record_push, sender};
use crate::tournament::said::Said;

/// A token as the organisers' page lists it.
#[derive(Clone, Debug, Serialize)]
pub struct TokenView {
    #[serde(flatten)]
    pub token: HubToken,
    /// The tournament its pushes made, by name.
    pub tournament: Option<String>,
}

/// A new token: its row, and the whole token to give the venue (shown once).
#[derive(Clone, Debug, Serialize)]
pub struct NewToken {
    #[serde(flatten)]
    pub token: HubToken,
    pub secret: String,
}

/// A new secret: what the venue is given (32 characters of 57: about 187 random bits), and its
/// digest.
pub fn new_secret() -> (String, String) {
    let secret = format!("{}{}", generate_password(), generate_password());
    let digest = crate::auth::token::digest(&secret);
    (secret, digest)
}

/// An organiser makes a token (its secret hashed beforehand) for a venue to publish with.
pub fn create_token(
    conn: &mut SqliteConnection,
    actor: &Actor,
    label: &str,
    (secret, hash): (&str, &str),
) -> Result<NewToken, ServiceError> {
    actor.organiser()?;
    let label = label.trim();
    if label.is_empty() || label.chars().count() > 100 {
        return Err(ServiceError::Invalid(crate::said!(
            "label-say-which-venue-event"
        )));
    }
    transaction(conn, |conn| {
        let token = stored::insert_token(conn, label, hash, Utc::now().naive_utc())?;
        Audit {
            actor,
            change: Change::HubTokenMade { token: token.id },
            tournament_id: None,
        }
        .record(
            conn,
            None::<&()>,
            Some(&serde_json::json!({"label": label})),
        )?;
        Ok(NewToken {
            secret: format!("{}.{secret}", token.id),
            token,
        })
    })
}

/// The hub's tokens, for its organisers.
pub fn tokens(conn: &mut SqliteConnection, actor: &Actor) -> Result<Vec<TokenView>, ServiceError> {
    actor.organiser()?;
    stored::tokens(conn)?
        .into_iter()
        .map(|token| {
            let tournament = match token.tournament_id {
                Some(id) => queries::get_tournament(conn, id).ok().map(|t| t.name),
                None => None,
            };
            Ok(TokenView { token, tournament })
        })
        .collect()
}

/// An organiser revokes a token: the venue's next push is refused.
pub fn revoke(conn: &mut SqliteConnection, actor: &Actor, id: i32) -> Result<(), ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let Some(token) = stored::token(conn, id)? else {
            return Err(ServiceError::NotFound(crate::said!("no-such-token")));
        };
        if stored::revoke_token(conn, id, Utc::now().naive_utc())? == 0 {
            return Ok(());
        }
        Audit {
            actor,
            change: Change::HubTokenRevoked { token: id },
            tournament_id: token.tournament_id,
        }
        .record(
            conn,
            None::<&()>,
            Some(&serde_json::json!({"label": token.label})),
        )
    })
}

/// What a venue pushes: its version of the tournament (of what its file carries), and
/// either the whole tournament as a file, or the changes since a version the hub took (`since`)
/// with the digest of the venue's file they give, or neither: a probe, asking whether the hub
/// holds the version with that digest and its copy belongs to the `history`.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Push {
    pub version: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<TournamentFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<Since>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changes: Option<FileChanges>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// The venue's organiser publishes the venue's copy again, whatever version the hub has
    /// (their way out when the two disagree about the history).
    #[serde(default)]
    pub again: bool,
    /// With a whole file: the versions of the venue's history the hub may hold (the one it last
    /// acknowledged and those sent since, with their digests). A venue that sends none is
    /// judged by version numbers alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<Since>>,
}

/// What a hub does with a venue's whole file.
#[derive(Debug, PartialEq)]
pub enum Taking {
    Take,
    /// The hub keeps its copy; whether that copy does not follow from the venue's history.
    Keep {
        disagrees: bool,
    },
}

/// What the hub does with a whole file at `version` (digest `digest`) when it holds `held`
/// (its version and digest; none: no copy yet) and the venue says its history is `history`.
/// A copy at the venue's version with the same content is kept as it is; a newer version is
/// taken when the hub's copy is in the venue's history (or older than all of it: a hub restored
/// from a backup); anything else keeps the hub's copy and says the histories part. The
/// organiser's "publish again" takes the file whatever the hub holds.
pub fn taking(
    held: Option<(i64, Option<&str>)>,
    (version, digest): (i64, &str),
    again: bool,
    history: Option<&[Since]>,
) -> Taking {
    let Some((hub_version, hub_digest)) = held.filter(|_| !again) else {
        return Taking::Take;
    };
    if version == hub_version && hub_digest == Some(digest) {
        return Taking::Keep { disagrees: false };
    }
    let known = history.is_none_or(|history| {
        history
            .iter()
            .any(|s| s.version == hub_version && hub_digest == Some(s.digest.as_str()))
            || (!history.is_empty() && history.iter().all(|s| s.version > hub_version))
    });
    if known && version > hub_version {
        Taking::Take
    } else {
        Taking::Keep {
            disagrees: !known || version < hub_version || hub_digest != Some(digest),
        }
    }
}

/// The digest of a tournament file (its fingerprint's,
/// [`crate::tournament::archive::Fingerprint::digest`]): two copies at one version with different
/// digests hold different histories. The hub takes it of a whole file the venue sends with its
/// own digest (the hub's is still its own); of one sent without, it takes [`json_digest`].
pub fn digest(file: &TournamentFile) -> String {
    crate::tournament::archive::Fingerprint::of(file).digest()
}

/// A tournament file's digest as venues and hubs of earlier releases take it (SHA-256 of its
/// JSON, the moment of its export left out).
pub fn json_digest(file: &TournamentFile) -> String {
    let mut value = serde_json::to_value(file).unwrap_or_default();
    if let Some(map) = value.as_object_mut() {
        map.remove("exported_at");
    }
    token::sha256_hex(&serde_json::to_vec(&value).unwrap_or_default())
}

/// A whole file's push, but the file.
struct Whole {
    version: i64,
    again: bool,
    history: Option<Vec<Since>>,
    /// The venue digests files by their fingerprints (it sends its digest with the file; a
    /// venue of an earlier release sends none, and digests the file's JSON).
    fingerprinted: bool,
}

/// The hub's side of pushes: the tokens checked as sign-ins are, and the copies venues' pushes
/// make (`service::copies`; nothing of them held between pushes).
pub struct Hub {
    db: Connections,
    sign_in: Arc<SignIn>,
}

impl Hub {
    pub fn new(db: Connections, sign_in: Arc<SignIn>) -> Hub {
        Hub { db, sign_in }
    }

    /// The token of a push (`id.secret`), checked as a sign-in is (the address's allowance),
    /// against its SHA-256 digest: the token's id. A token kept as an argon2 hash by an earlier
    /// version is checked as one (off the async threads) and kept as a digest from then on.
    pub async fn check_hub_token(
        &self,
        attempt: &Attempt,
        token: &str,
    ) -> Result<i32, ServiceError> {
        let wrong = || ServiceError::WrongCredentials(Said::new(WRONG_TOKEN));
        let (id, secret) = token.trim().split_once('.').ok_or_else(wrong)?;
        let id: i32 = id.parse().map_err(|_| wrong())?;
        let claimed = self
            .sign_in
            .claim(attempt, Target::username(&format!("hub token {id}")))
            .await?;
        let row = self
            .db
            .read(move |conn| Ok(stored::token(conn, id)?))
            .await?;
        let stored_as = row
            .as_ref()
            .map_or_else(|| token::digest(""), |t| t.secret_hash.clone());
        let right = match token::matches(secret, &stored_as) {
            Some(right) => right,
            None => {
                let digest = token::digest(secret);
                let (secret, hash) = (secret.to_string(), stored_as.clone());
                let right = blocking(move || verify_secret(&secret, &hash, Lane::Anyone)).await?;
                if right {
                    self.db
                        .write(move |conn| Ok(stored::set_token_digest(conn, id, &digest)?))
                        .await?;
                }
                right
            }
        };
        let row = row.filter(|_| right).ok_or_else(wrong)?;
        claimed.succeeded();
        if row.revoked_at.is_some() {
            return Err(ServiceError::WrongCredentials(crate::said!(
                "token-was-revoked-hub-ask"
            )));
        }
        Ok(row.id)
    }

    /// A push with a checked token: a whole file, or changes since a version the hub took
    /// (`service::copies`).
    pub async fn take_push(&self, token: i32, text: String) -> Result<Received, ServiceError> {
        let push: Push = blocking(move || {
            serde_json::from_str(&text).map_err(|e| {
                ServiceError::Invalid(crate::said!("push-cannot-read", error = e.to_string()))
            })
        })
        .await??;
        match push {
            Push {
                file: Some(file),
                since: None,
                changes: None,
                version,
                again,
                history,
                digest,
            } => {
                let whole = Whole {
                    version,
                    again,
                    history,
                    fingerprinted: digest.is_some(),
                };
                self.take_file(token, whole, file).await
            }
            Push {
                file: None,
                since: Some(since),
                changes: Some(changes),
                digest: Some(digest),
                again: false,
                history: None,
                version,
            } => {
                let push = super::copies::Changes {
                    version,
                    since,
                    digest,
                    changes,
                };
                super::copies::take_changes(&self.db, token, push).await
            }
            Push {
                file: None,
                since: None,
                changes: None,
                digest: Some(digest),
                again: false,
                history: Some(history),
                version,
            } => self.probe(token, (version, digest), history).await,
            _ => Err(ServiceError::Invalid(Said::new("push-file-or-changes"))),
        }
    }

    /// A venue asks what the hub holds, sending no file (after its restart, when it has no
    /// change to push): the hub's version and digest, the file wanted when the hub would take
    /// it, and a parted history written down as a push's is.
    async fn probe(
        &self,
        token: i32,
        (version, digest): (i64, String),
        history: Vec<Since>,
    ) -> Result<Received, ServiceError> {
        self.db
            .write(move |conn| {
                transaction(conn, |conn| {
                    let row = live_token(conn, token)?;
                    let held = row
                        .tournament_id
                        .map(|_| (row.version, row.digest.as_deref()));
                    let taking = taking(held, (version, &digest), false, Some(&history));
                    if let Taking::Keep { disagrees } = taking {
                        let now = Utc::now().naive_utc();
                        stored::token_disagreement(conn, token, disagrees.then_some(version), now)?;
                    }
                    Ok(Received {
                        tournament: row.tournament_id.map_or(0, TournamentId::get),
                        version: row.version,
                        taken: false,
                        digest: row.digest.clone(),
                        file_wanted: taking == Taking::Take,
                    })
                })
            })
            .await
    }

    /// A whole file: replayed whole off the writer, then taken in one transaction unless the
    /// hub has this version or a newer one.
    async fn take_file(
        &self,
        token: i32,
        whole: Whole,
        file: TournamentFile,
    ) -> Result<Received, ServiceError> {
        let Whole {
            version,
            again,
            history,
            fingerprinted,
        } = whole;
        let (file, checked, digest) = blocking(move || {
            let digest = match fingerprinted {
                true => digest(&file),
                false => json_digest(&file),
            };
            let (file, checked) = super::archive::checked(file)?;
            Ok::<_, ServiceError>((file, checked, digest))
        })
        .await??;
        self.db
            .write(move |conn| {
                transaction(conn, |conn| {
                    let row = live_token(conn, token)?;
                    // A token publishes one tournament: the one its first push named.
                    let uid =
                        file.tournament.uid.clone().ok_or_else(|| {
                            ServiceError::Invalid(Said::new("push-without-identity"))
                        })?;
                    if let Some(bound) = &row.tournament_uid
                        && *bound != uid
                    {
                        let name = row
                            .tournament_id
                            .and_then(|id| queries::get_tournament(conn, id).ok())
                            .map_or_else(String::new, |t| t.name);
                        return Err(ServiceError::Conflict(crate::said!(
                            "push-other-tournament",
                            label = row.label.as_str(),
                            name
                        )));
                    }
                    let held = row
                        .tournament_id
                        .map(|_| (row.version, row.digest.as_deref()));
                    let taking = taking(held, (version, &digest), again, history.as_deref());
                    if let (Some(id), Taking::Keep { disagrees }) = (row.tournament_id, taking) {
                        // The venue's history and the hub's part: said on both sides.
                        stored::token_disagreement(
                            conn,
                            token,
                            disagrees.then_some(version),
                            Utc::now().naive_utc(),
                        )?;
                        let received = Received {
                            tournament: id.get(),
                            version: row.version,
                            taken: false,
                            digest: row.digest.clone(),
                            file_wanted: false,
                        };
                        return Ok(received);
                    }
                    let sender = sender(&row);
                    let (id, ids) = super::archive::write_copy(
                        conn,
                        row.tournament_id,
                        &file,
                        &checked,
                        &sender,
                    )?;
                    super::copies::keep_all_rows(conn, id, &ids)?;
                    let now = Utc::now().naive_utc();
                    stored::token_pushed(conn, token, id, version, now, &uid, &digest)?;
                    let entry = serde_json::json!({
                        "version": version, "players": file.players.len(),
                        "games": file.games.len(), "sheets": file.sheets.len(),
                        "again": again, "previous_version": row.version,
                        "trail_entries": checked.audit.entries, "trail_bytes": checked.audit.bytes,
                    });
                    record_push(conn, &row, id, entry)?;
                    Ok(Received {
                        tournament: id.get(),
                        version,
                        taken: true,
                        digest: Some(digest.clone()),
                        file_wanted: false,
                    })
                })
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::{Since, Taking, taking};

    fn history(versions: &[(i64, &str)]) -> Vec<Since> {
        versions
            .iter()
            .map(|(version, digest)| Since {
                version: *version,
                digest: digest.to_string(),
            })
            .collect()
    }

    const DISAGREES: Taking = Taking::Keep { disagrees: true };
    const SAME: Taking = Taking::Keep { disagrees: false };

    #[test]
    fn a_first_file_or_one_published_again_is_taken_whatever_the_hub_holds() {
        let told = history(&[(30, "d30")]);
        assert_eq!(taking(None, (45, "d45"), false, Some(&told)), Taking::Take);
        let held = Some((60, Some("other")));
        assert_eq!(taking(held, (45, "d45"), true, Some(&told)), Taking::Take);
        assert_eq!(taking(held, (45, "d45"), false, Some(&told)), DISAGREES);
    }

    #[test]
    fn the_hub_s_copy_must_be_in_the_venue_s_history() {
        let hub = Some((40, Some("d40")));
        // The venue's own version 40, its answer lost: the next version is taken.
        let lost = history(&[(30, "d30"), (40, "d40")]);
        assert_eq!(taking(hub, (45, "d45"), false, Some(&lost)), Taking::Take);
        // Acknowledged: taken.
        let acknowledged = history(&[(40, "d40")]);
        assert_eq!(
            taking(hub, (45, "d45"), false, Some(&acknowledged)),
            Taking::Take
        );
        // A venue restored from a backup taken at 30, whose changes since reach 45, or exactly
        // the hub's number 40 with other content: the hub keeps its copy and says so.
        let restored = history(&[(30, "d30"), (33, "d33")]);
        assert_eq!(taking(hub, (45, "r45"), false, Some(&restored)), DISAGREES);
        assert_eq!(taking(hub, (40, "r40"), false, Some(&restored)), DISAGREES);
        // The same version 40 with another content, even with 40 in the history.
        assert_eq!(taking(hub, (40, "r40"), false, Some(&lost)), DISAGREES);
        // A venue that knows of no copy on the hub (its link made again after the hub took one).
        assert_eq!(taking(hub, (45, "d45"), false, Some(&[])), DISAGREES);
        // The same file again: nothing to take, nothing wrong.
        assert_eq!(taking(hub, (40, "d40"), false, Some(&restored)), SAME);
    }

    #[test]
    fn a_hub_behind_everything_the_venue_knows_takes_the_file() {
        // A hub restored from a backup holds 20; the venue's history starts at 30.
        let told = history(&[(30, "d30"), (35, "d35")]);
        assert_eq!(
            taking(Some((20, Some("d20"))), (45, "d45"), false, Some(&told)),
            Taking::Take
        );
    }

    #[test]
    fn a_venue_that_sends_no_history_is_judged_by_version_numbers() {
        let hub = Some((40, Some("d40")));
        assert_eq!(taking(hub, (45, "x45"), false, None), Taking::Take);
        assert_eq!(taking(hub, (39, "x39"), false, None), DISAGREES);
        assert_eq!(taking(hub, (40, "x40"), false, None), DISAGREES);
        assert_eq!(taking(hub, (40, "d40"), false, None), SAME);
    }
}
