//! Who sent a request and whether the form they sent came from one of our pages, as
//! extractors: a handler names what it needs among its arguments (`Staff(actor): Staff`,
//! `CheckedForm(form): CheckedForm<Fields>`) and never checks it by hand. The service checks what
//! each actor may do in each tournament; these early checks only answer a request that cannot
//! succeed (a visitor, a player on a staff route, a form without this session's token) before
//! its body is read. Their refusals are answered as the path calls for: JSON under `/api/`, a
//! page elsewhere.

use std::collections::HashMap;
use std::future::{Ready, ready};

use actix_multipart::form::{MultipartCollect, MultipartForm};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use serde::de::DeserializeOwned;

use crate::auth::UserSession;
use crate::service::{Actor, ServiceError};
use crate::tournament::TournamentId;
use crate::web::error::answered_for;
use crate::web::state::AppState;

/// What an extractor that reads the body gives back.
type Reading<T> = std::pin::Pin<Box<dyn std::future::Future<Output = Result<T, actix_web::Error>>>>;

/// Whoever sent the request: someone signed in, or a visitor.
pub fn actor(session: &UserSession) -> Actor {
    Actor::from(session.identity().ok().flatten())
}

/// The staff member signed in, or 401 (403 for a player).
pub fn staff(session: &UserSession) -> Result<Actor, ServiceError> {
    let actor = Actor::from(session.identity()?);
    actor.staff()?;
    Ok(actor)
}

/// The organiser signed in, or 401/403.
pub fn organiser(session: &UserSession) -> Result<Actor, ServiceError> {
    let actor = staff(session)?;
    actor.organiser()?;
    Ok(actor)
}

/// Checks a form's CSRF token against the session.
pub fn check_csrf(session: &UserSession, submitted: &str) -> Result<(), ServiceError> {
    if session.csrf_matches(submitted) {
        Ok(())
    } else {
        Err(ServiceError::Forbidden(crate::said!(
            "form-was-out-date-you"
        )))
    }
}

/// The actor of `req` as `check` finds it, or its refusal answered for the path.
fn checked(
    req: &HttpRequest,
    check: fn(&UserSession) -> Result<Actor, ServiceError>,
) -> Result<Actor, actix_web::Error> {
    check(&UserSession::of(req)).map_err(|e| answered_for(req.path(), e))
}

/// Whoever sent the request (someone signed in, or a visitor): the service decides what they
/// may do.
pub struct Anyone(pub Actor);

impl FromRequest for Anyone {
    type Error = actix_web::Error;
    type Future = Ready<Result<Anyone, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Anyone(actor(&UserSession::of(req)))))
    }
}

/// A staff member signed in (the service checks which tournaments they run); else 401, or 403
/// for a player.
pub struct Staff(pub Actor);

impl FromRequest for Staff {
    type Error = actix_web::Error;
    type Future = Ready<Result<Staff, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(checked(req, staff).map(Staff))
    }
}

/// An organiser signed in; else 401, or 403.
pub struct Organiser(pub Actor);

impl FromRequest for Organiser {
    type Error = actix_web::Error;
    type Future = Ready<Result<Organiser, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(checked(req, organiser).map(Organiser))
    }
}

/// A staff member who runs the tournament the path names (`/tournaments/{id}/…`); else 401,
/// 403 (a player, a controller of another tournament) or 404, before the body is read.
pub struct Runs(pub Actor);

impl FromRequest for Runs {
    type Error = actix_web::Error;
    type Future = Reading<Runs>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let actor = checked(req, staff);
        let id = req.match_info().get("id").and_then(|id| id.parse().ok());
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let path = req.path().to_string();
        Box::pin(async move {
            let actor = actor?;
            let (Some(id), Some(state)) = (id, state) else {
                return Err(answered_for(&path, ServiceError::not_found("tournament")));
            };
            let check = actor.clone();
            state
                .db(move |conn| check.check_runs(conn, TournamentId(id)).map(drop))
                .await
                .map_err(|e| answered_for(&path, e))?;
            Ok(Runs(actor))
        })
    }
}

/// A form that carries the CSRF token its page was drawn with.
pub trait HasCsrf {
    fn csrf(&self) -> &str;
}

impl HasCsrf for HashMap<String, String> {
    fn csrf(&self) -> &str {
        self.get("csrf").map_or("", String::as_str)
    }
}

/// Forms whose token is their field `csrf` (a `String`, or a multipart `Text<String>`).
#[macro_export]
macro_rules! csrf_in_field {
    ($($form:ty),+ $(,)?) => {$(
        impl $crate::web::plumbing::access::HasCsrf for $form {
            fn csrf(&self) -> &str {
                &self.csrf
            }
        }
    )+};
}

/// A URL-encoded form read (as `web::Form` reads it: 400 when it does not) whose CSRF token is
/// this session's; else 403 and nothing done.
pub struct CheckedForm<T>(pub T);

impl<T: DeserializeOwned + HasCsrf + 'static> FromRequest for CheckedForm<T> {
    type Error = actix_web::Error;
    type Future = Reading<CheckedForm<T>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let form = web::Form::<T>::from_request(req, payload);
        let (session, path) = (UserSession::of(req), req.path().to_string());
        Box::pin(async move {
            let web::Form(form) = form.await?;
            check_csrf(&session, form.csrf()).map_err(|e| answered_for(&path, e))?;
            Ok(CheckedForm(form))
        })
    }
}

/// A multipart upload (a file with its form) whose CSRF token is this session's; else 403.
pub struct CheckedUpload<T>(pub T);

impl<T: MultipartCollect + HasCsrf + 'static> FromRequest for CheckedUpload<T> {
    type Error = actix_web::Error;
    type Future = Reading<CheckedUpload<T>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let upload = MultipartForm::<T>::from_request(req, payload);
        let (session, path) = (UserSession::of(req), req.path().to_string());
        Box::pin(async move {
            let MultipartForm(upload) = upload.await?;
            check_csrf(&session, upload.csrf()).map_err(|e| answered_for(&path, e))?;
            Ok(CheckedUpload(upload))
        })
    }
}
