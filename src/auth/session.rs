//! The typed session: who is signed in, and the CSRF token of their forms.

use actix_session::{Session, SessionExt, SessionGetError, SessionInsertError};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use rand::RngCore;
use rand::rngs::OsRng;
use std::future::{Ready, ready};

use super::identity::Identity;

const IDENTITY: &str = "identity";
const STAMP: &str = "stamp";
const CSRF: &str = "csrf";
const KNOWN: &str = "known";

/// The most owners a browser is remembered to have signed in as.
const KNOWN_OWNERS: usize = 8;

/// When a session began, when it was last used, and the generation of its owner's sessions it
/// belongs to (see [`super::identity`]): what decides whether it still holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stamp {
    pub generation: i32,
    /// Seconds since 1970.
    pub since: i64,
    pub seen: i64,
}

/// A session ends after this long without a request.
pub const IDLE_LIMIT: i64 = 12 * 60 * 60;
/// And after this long in any case.
pub const ABSOLUTE_LIMIT: i64 = 7 * 24 * 60 * 60;

impl Stamp {
    /// Whether the session has run out at `now`.
    pub fn expired(&self, now: i64) -> bool {
        now - self.seen > IDLE_LIMIT || now - self.since > ABSOLUTE_LIMIT
    }
}

/// The session of a request.
pub struct UserSession(Session);

impl UserSession {
    pub fn identity(&self) -> Result<Option<Identity>, SessionGetError> {
        self.0.get(IDENTITY)
    }

    /// Signs in: a new session (so an earlier cookie cannot be fixed on the victim) with a fresh
    /// CSRF token, stamped with the generation of the owner's sessions.
    pub fn sign_in(
        &self,
        identity: &Identity,
        generation: i32,
        mark: String,
    ) -> Result<(), SessionInsertError> {
        self.0.renew();
        self.0.remove(CSRF);
        let now = chrono::Utc::now().timestamp();
        self.0.insert(
            STAMP,
            Stamp {
                generation,
                since: now,
                seen: now,
            },
        )?;
        // One mark per owner: the one of this sign-in, with the secret it used.
        let owner = identity.owner_prefix();
        let mut known = self.known_owners();
        known.retain(|m| !m.starts_with(&owner));
        known.insert(0, mark);
        known.truncate(KNOWN_OWNERS);
        self.0.insert(KNOWN, known)?;
        self.0.insert(IDENTITY, identity)
    }

    /// The owners this browser has signed in as (see [`super::identity::device_mark`]), most recent
    /// first: kept through signing out, so that a lock of the account (made by someone else's
    /// failures) does not keep its owner out of their own device.
    pub fn known_owners(&self) -> Vec<String> {
        self.0.get(KNOWN).ok().flatten().unwrap_or_default()
    }

    /// The session's stamp (none on a session from before stamps).
    pub fn stamp(&self) -> Option<Stamp> {
        self.0.get(STAMP).ok().flatten()
    }

    /// Notes that the session was used now.
    pub fn touch(&self, stamp: Stamp, now: i64) {
        let _ = self.0.insert(STAMP, Stamp { seen: now, ..stamp });
    }

    /// Ends the session: who was signed in and the CSRF token are gone (the cookie carries a new
    /// session); only the owners this browser is known to have signed in as remain.
    pub fn sign_out(&self) {
        let known = self.known_owners();
        self.0.clear();
        self.0.renew();
        if !known.is_empty() {
            let _ = self.0.insert(KNOWN, known);
        }
    }

    /// The session's CSRF token, created on first use.
    pub fn csrf_token(&self) -> String {
        if let Ok(Some(token)) = self.0.get::<String>(CSRF) {
            return token;
        }
        let mut bytes = [0u8; 32];
        OsRng.fill_bytes(&mut bytes);
        let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        // If the session cannot store it, the form will be refused on submit, which is safe.
        let _ = self.0.insert(CSRF, &token);
        token
    }

    /// Whether a submitted token is this session's.
    pub fn csrf_matches(&self, submitted: &str) -> bool {
        match self.0.get::<String>(CSRF) {
            Ok(Some(token)) => super::constant_time_eq(&token, submitted),
            _ => false,
        }
    }
}

impl UserSession {
    /// The session of a request, outside an extractor (a middleware).
    pub fn of(req: &HttpRequest) -> UserSession {
        UserSession(req.get_session())
    }
}

impl FromRequest for UserSession {
    type Error = actix_web::Error;
    type Future = Ready<Result<UserSession, Self::Error>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(Ok(UserSession(req.get_session())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_runs_out_when_left_idle_or_when_old() {
        let fresh = Stamp {
            generation: 0,
            since: 0,
            seen: 0,
        };
        assert!(!fresh.expired(IDLE_LIMIT));
        assert!(fresh.expired(IDLE_LIMIT + 1), "idle too long");
        let busy = Stamp {
            seen: ABSOLUTE_LIMIT,
            ..fresh
        };
        assert!(!busy.expired(ABSOLUTE_LIMIT));
        assert!(busy.expired(ABSOLUTE_LIMIT + 1), "in use, but too old");
    }
}
