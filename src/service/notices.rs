//! The staff's notice to everyone at a tournament ("lunch until 13:30; appeals at table 1"):
//! written or taken down by the staff who run it, shown on its page, the players' pages and the
//! projector.

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::{Actor, Audit, ServiceError, transaction};
use crate::db::notices::{self as queries, StoredNotice};
use crate::tournament::TournamentId;
use crate::tournament::players::plain_text;

/// The longest notice, in characters: a few lines on a phone.
pub const MAX_NOTICE: usize = 500;

/// A notice as pages and the API show it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Notice {
    pub text: String,
    /// When it was written (the service's clock, UTC).
    pub at: chrono::NaiveDateTime,
}

impl From<StoredNotice> for Notice {
    fn from(n: StoredNotice) -> Notice {
        Notice {
            text: n.text,
            at: n.written_at,
        }
    }
}

/// The tournament's notice, if there is one.
pub fn get(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Option<Notice>, ServiceError> {
    Ok(queries::get(conn, tournament_id)?.map(Notice::from))
}

/// The staff who run the tournament write its notice (text with only spaces takes it down).
pub fn set(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    text: &str,
) -> Result<Option<Notice>, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    let text = text.trim();
    // Lines as typed, each plain text: no control character (NUL, ESC) nor one that turns the
    // text round.
    if !text.split(['\n', '\r']).all(plain_text) {
        return Err(ServiceError::Invalid(crate::said!(
            "notice-no-control-characters"
        )));
    }
    if text.chars().count() > MAX_NOTICE {
        return Err(ServiceError::Invalid(crate::said!(
            "notice-holds-at-most-characters",
            max_notice = MAX_NOTICE,
            count = text.chars().count()
        )));
    }
    transaction(conn, |conn| {
        let before = get(conn, tournament_id)?;
        let after = if text.is_empty() {
            queries::clear(conn, tournament_id)?;
            None
        } else {
            let stored = StoredNotice {
                tournament_id,
                text: text.to_string(),
                written_at: Utc::now().naive_utc(),
            };
            queries::put(conn, &stored)?;
            Some(Notice::from(stored))
        };
        if before.as_ref().map(|n| &n.text) != after.as_ref().map(|n| &n.text) {
            Audit {
                actor,
                change: if after.is_some() {
                    Change::NoticeSet {
                        tournament: tournament_id,
                    }
                } else {
                    Change::NoticeCleared {
                        tournament: tournament_id,
                    }
                },
                tournament_id: Some(tournament_id),
            }
            .record(conn, before.as_ref(), after.as_ref())?;
        }
        Ok(after)
    })
}
