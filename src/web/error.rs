//! The service's errors over HTTP: one status per kind, shown as JSON to the API and as a page
//! to browsers; the server's own failures logged with their causes.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, ContentType};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError};
use askama::Template;
use serde::Serialize;

use crate::locale::Lang;
use crate::service::ServiceError;
use crate::tournament::said::Said;

/// What a request fails with: what the service refuses, or what HTTP itself refuses before the
/// service hears of the request.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    #[error(transparent)]
    Service(ServiceError),
    /// The request cannot be read (not a form, not the fields asked for).
    #[error("{0}")]
    BadRequest(Said),
    #[error("{0}")]
    UnsupportedMedia(Said),
    /// The request did not arrive in time.
    #[error("{0}")]
    TimedOut(Said),
    /// The request's headers are larger than the server reads.
    #[error("{0}")]
    HeadersTooLarge(Said),
}

impl<E: Into<ServiceError>> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure::Service(e.into())
    }
}

impl Failure {
    fn service(&self) -> Option<&ServiceError> {
        match self {
            Failure::Service(e) => Some(e),
            _ => None,
        }
    }
}

/// The HTTP status of each kind of failure: the one place the service's errors meet HTTP.
pub fn status(e: &Failure) -> StatusCode {
    match e {
        Failure::Service(e) => service_status(e),
        Failure::BadRequest(_) => StatusCode::BAD_REQUEST,
        Failure::UnsupportedMedia(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        Failure::TimedOut(_) => StatusCode::REQUEST_TIMEOUT,
        Failure::HeadersTooLarge(_) => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
    }
}

/// The HTTP status of each kind of the service's errors.
pub fn service_status(e: &ServiceError) -> StatusCode {
    match e {
        ServiceError::Invalid(_) | ServiceError::Replay(_) => StatusCode::UNPROCESSABLE_ENTITY,
        ServiceError::Unauthenticated | ServiceError::WrongCredentials(_) => {
            StatusCode::UNAUTHORIZED
        }
        ServiceError::Forbidden(_) => StatusCode::FORBIDDEN,
        ServiceError::NotFound(_) => StatusCode::NOT_FOUND,
        ServiceError::Conflict(_) => StatusCode::CONFLICT,
        ServiceError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
        ServiceError::TooManyAttempts(_) => StatusCode::TOO_MANY_REQUESTS,
        ServiceError::Database(_)
        | ServiceError::Pool(_)
        | ServiceError::Write(_)
        | ServiceError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The machine-readable code of the JSON error.
pub fn code(e: &Failure) -> &'static str {
    let e = match e {
        Failure::Service(e) => e,
        Failure::BadRequest(_) => return "bad-request",
        Failure::UnsupportedMedia(_) => return "unsupported-media-type",
        Failure::TimedOut(_) => return "timed-out",
        Failure::HeadersTooLarge(_) => return "headers-too-large",
    };
    match e {
        ServiceError::Invalid(_) => "invalid",
        ServiceError::Unauthenticated => "unauthenticated",
        ServiceError::WrongCredentials(_) => "wrong-credentials",
        ServiceError::Forbidden(_) => "forbidden",
        ServiceError::NotFound(_) => "not-found",
        ServiceError::Conflict(_) => "conflict",
        ServiceError::TooLarge(_) => "too-large",
        ServiceError::TooManyAttempts(_) => "too-many-attempts",
        ServiceError::Replay(_) => "replay",
        ServiceError::Database(_)
        | ServiceError::Pool(_)
        | ServiceError::Write(_)
        | ServiceError::Internal(_) => "internal",
    }
}

/// What the client is told, in `lang`: the error itself, or for the server's own failures a
/// sentence that gives nothing away (the cause goes to the log).
pub fn message(lang: Lang, e: &Failure) -> String {
    match e {
        Failure::Service(e) => crate::wording::refusals::failure(lang, e),
        Failure::BadRequest(s)
        | Failure::UnsupportedMedia(s)
        | Failure::TimedOut(s)
        | Failure::HeadersTooLarge(s) => crate::wording::refusals::said(lang, s),
    }
}

/// The facts of what the client is told, when it is a refusal (the server's own failures give
/// none).
fn facts(e: &Failure) -> Option<Said> {
    match e {
        Failure::Service(e) => crate::wording::refusals::facts(e),
        Failure::BadRequest(s)
        | Failure::UnsupportedMedia(s)
        | Failure::TimedOut(s)
        | Failure::HeadersTooLarge(s) => Some(s.clone()),
    }
}

fn log(e: &Failure) {
    if let Some(e) = e.service().filter(|e| e.is_server_error()) {
        tracing::error!(cause = %e.cause_chain(), "request failed");
    }
}

impl From<actix_web::error::BlockingError> for ServiceError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        ServiceError::Internal(format!("blocking task: {e}"))
    }
}

impl From<actix_session::SessionInsertError> for ServiceError {
    fn from(e: actix_session::SessionInsertError) -> Self {
        ServiceError::Internal(format!("session: {e}"))
    }
}

impl From<actix_session::SessionGetError> for ServiceError {
    fn from(_: actix_session::SessionGetError) -> Self {
        // A session that cannot be read is treated as no session.
        ServiceError::Unauthenticated
    }
}

impl From<askama::Error> for ServiceError {
    fn from(e: askama::Error) -> Self {
        ServiceError::Internal(format!("template: {e}"))
    }
}

/// `e` answered as the request's path calls for: JSON to the API (`/api/...`), a page to
/// browsers; for what answers before a handler has said which it is.
pub fn answered_for(path: &str, e: impl Into<Failure>) -> actix_web::Error {
    if path.starts_with("/api/") {
        ApiError(e.into()).into()
    } else {
        PageError(e.into()).into()
    }
}

/// An error answered as `{"error":{"code","message"}}`.
#[derive(Debug)]
pub struct ApiError(pub Failure);

impl<E: Into<Failure>> From<E> for ApiError {
    fn from(e: E) -> Self {
        ApiError(e.into())
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: ErrorFields<'a>,
}

#[derive(Serialize)]
struct ErrorFields<'a> {
    code: &'a str,
    message: String,
    /// The message's facts (its key and arguments), for a client that words it for its own
    /// reader: a venue keeps a hub's refusal this way.
    #[serde(skip_serializing_if = "Option::is_none")]
    said: Option<Said>,
    /// For `replay` errors: the ply (1-based), the token, the position before it (as a position
    /// string), the kind of fault and the side to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<&'a str>,
    /// For `replay` errors: the single edits that mend the list, best first (may be empty).
    #[serde(skip_serializing_if = "Option::is_none")]
    suggestions: Option<&'a [crate::engine::repair::Suggestion]>,
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        status(&self.0)
    }

    fn error_response(&self) -> HttpResponse {
        log(&self.0);
        self.in_lang(Lang::ENGLISH)
    }
}

impl ApiError {
    /// The error as JSON: its code as it always is, its message in `lang`.
    fn in_lang(&self, lang: Lang) -> HttpResponse {
        let (replay, suggestions) = match self.0.service() {
            Some(ServiceError::Replay(e)) => (Some(&e.error), Some(e.suggestions.as_slice())),
            _ => (None, None),
        };
        HttpResponse::build(status(&self.0)).json(ErrorBody {
            error: ErrorFields {
                code: code(&self.0),
                message: message(lang, &self.0),
                said: facts(&self.0),
                ply: replay.map(|e| e.ply),
                token: replay.map(|e| e.token.as_str()),
                position: replay.map(|e| e.position.to_string()),
                kind: replay.map(|e| e.kind.name()),
                side: replay.map(|e| e.side.name()),
                suggestions,
            },
        })
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    /// The key of its title.
    title: &'static str,
    message: String,
    /// Where to go from here: address and the key of its words.
    ways: Vec<(String, &'static str)>,
    nav: super::pages::Nav,
}

/// The message key of an error page's title.
fn title(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "error-title-400",
        401 => "error-title-401",
        403 => "error-title-403",
        404 => "error-title-404",
        408 => "error-title-408",
        409 => "error-title-409",
        413 => "error-title-413",
        415 => "error-title-415",
        422 => "error-title-422",
        429 => "error-title-429",
        431 => "error-title-431",
        _ => "error-title-500",
    }
}

/// A message as a sentence: its first letter a capital, a full stop at the end.
fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// The number after `prefix` in `path` (`/games/12/confirm` → 12), and whether the path goes on
/// after it.
fn id_after(path: &str, prefix: &str) -> Option<(u64, bool)> {
    let rest = path.strip_prefix(prefix)?;
    let (id, more) = match rest.find(['/', '.']) {
        Some(i) => (&rest[..i], !rest[i..].trim_end_matches('/').is_empty()),
        None => (rest, false),
    };
    id.parse().ok().map(|id| (id, more))
}

/// The ways back from an error at `path`: the game or tournament it was about (unless that is
/// what was not found), the list of tournaments, and the sign-in pages only for visitors who are
/// not signed in.
fn ways_back(path: &str, status: StatusCode, signed_in: bool) -> Vec<(String, &'static str)> {
    let gone = status == StatusCode::NOT_FOUND;
    let mut ways = Vec::new();
    if let Some((id, more)) = id_after(path, "/games/")
        && (more || !gone)
    {
        ways.push((format!("/games/{id}"), "error-back-to-game"));
    }
    let tournament = id_after(path, "/tournaments/");
    if let Some((id, more)) = tournament
        && (more || !gone)
    {
        ways.push((format!("/tournaments/{id}"), "error-back-to-tournament"));
    }
    ways.push(("/tournaments".to_string(), "error-all-tournaments"));
    let refused = matches!(status.as_u16(), 401 | 403);
    if !signed_in && refused {
        if let Some((id, _)) = tournament {
            ways.push((format!("/tournaments/{id}/sign-in"), "error-sign-in-player"));
        }
        ways.push(("/login".to_string(), "error-sign-in-staff"));
    }
    ways
}

impl ErrorPage {
    fn new(e: &Failure, nav: super::pages::Nav, path: &str) -> ErrorPage {
        let status = status(e);
        ErrorPage {
            title: title(status),
            message: sentence(&message(nav.lang, e)),
            ways: ways_back(path, status, nav.user.is_some()),
            nav,
        }
    }

    fn response(&self, e: &Failure) -> HttpResponse {
        let status = status(e);
        match self.render() {
            Ok(html) => HttpResponse::build(status)
                .content_type(ContentType::html())
                .body(html),
            Err(_) => HttpResponse::build(status)
                .content_type(ContentType::plaintext())
                .body(message(self.nav.lang, e)),
        }
    }
}

/// An error answered as an HTML page (or, when the visitor is not signed in, a redirect to the
/// sign-in page).
#[derive(Debug)]
pub struct PageError(pub Failure);

impl<E: Into<Failure>> From<E> for PageError {
    fn from(e: E) -> Self {
        PageError(e.into())
    }
}

impl std::fmt::Display for PageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl ResponseError for PageError {
    fn status_code(&self) -> StatusCode {
        status(&self.0)
    }

    /// The page without knowing who asked: [`with_way_back`] draws it again for the request.
    fn error_response(&self) -> HttpResponse {
        log(&self.0);
        if let Some(ServiceError::Unauthenticated) = self.0.service() {
            return HttpResponse::SeeOther()
                .insert_header((header::LOCATION, "/login"))
                .finish();
        }
        ErrorPage::new(&self.0, super::pages::Nav::default(), "/").response(&self.0)
    }
}

/// Draws an error page again for the request that met it: the navigation of whoever is signed
/// in, and the way back to the game or tournament the request was about; an API error's message
/// in the language its `Accept-Language` asks for.
pub async fn with_way_back(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let res = next.call(req).await?;
    let api = res
        .response()
        .error()
        .and_then(|e| e.as_error::<ApiError>())
        .map(|e| e.in_lang(super::language::language_of(res.request()).0));
    if let Some(answer) = api {
        return Ok(res.into_response(answer));
    }
    let redrawn = res
        .response()
        .error()
        .and_then(|e| e.as_error::<PageError>())
        .filter(|e| !matches!(e.0.service(), Some(ServiceError::Unauthenticated)))
        .map(|e| {
            let nav = super::pages::Nav::new(&super::language::Visitor::of(res.request()));
            ErrorPage::new(&e.0, nav, res.request().path()).response(&e.0)
        });
    Ok(match redrawn {
        Some(page) => res.into_response(page),
        None => res.map_into_boxed_body(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hrefs(path: &str, status: StatusCode, signed_in: bool) -> Vec<String> {
        ways_back(path, status, signed_in)
            .into_iter()
            .map(|(href, _)| href)
            .collect()
    }

    #[test]
    fn the_way_back_leads_to_what_the_request_was_about() {
        assert_eq!(
            hrefs("/games/12/sheet", StatusCode::FORBIDDEN, true),
            ["/games/12", "/tournaments"]
        );
        assert_eq!(
            hrefs("/tournaments/3/rounds/9", StatusCode::NOT_FOUND, true),
            ["/tournaments/3", "/tournaments"]
        );
        // What was not found is not offered as the way back.
        assert_eq!(
            hrefs("/tournaments/3", StatusCode::NOT_FOUND, false),
            ["/tournaments"]
        );
        assert_eq!(
            hrefs("/games/12", StatusCode::NOT_FOUND, true),
            ["/tournaments"]
        );
        // Sign-in pages only for visitors who are not signed in.
        assert_eq!(
            hrefs("/tournaments/3/players/new", StatusCode::FORBIDDEN, false),
            [
                "/tournaments/3",
                "/tournaments",
                "/tournaments/3/sign-in",
                "/login"
            ]
        );
        assert!(!hrefs("/accounts", StatusCode::FORBIDDEN, true).contains(&"/login".to_string()));
    }
}
