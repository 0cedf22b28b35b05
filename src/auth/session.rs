//! The typed session: who is signed in, and the CSRF token of their forms.

use actix_session::{Session, SessionExt, SessionGetError, SessionInsertError};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use rand::RngCore;
use rand::rngs::OsRng;
use std::future::{Ready, ready};

use super::identity::Identity;

const IDENTITY: &str = "identity";
const CSRF: &str = "csrf";

/// The session of a request.
pub struct UserSession(Session);

impl UserSession {
    pub fn identity(&self) -> Result<Option<Identity>, SessionGetError> {
        self.0.get(IDENTITY)
    }

    /// Signs in: a new session (so an earlier cookie cannot be fixed on the victim) with a fresh
    /// CSRF token.
    pub fn sign_in(&self, identity: &Identity) -> Result<(), SessionInsertError> {
        self.0.renew();
        self.0.remove(CSRF);
        self.0.insert(IDENTITY, identity)
    }

    pub fn sign_out(&self) {
        self.0.purge();
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

impl FromRequest for UserSession {
    type Error = actix_web::Error;
    type Future = Ready<Result<UserSession, Self::Error>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(Ok(UserSession(req.get_session())))
    }
}
