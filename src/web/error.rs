//! The service's errors over HTTP: one status per kind, shown as JSON to the API and as a page
//! to browsers; the server's own failures logged with their causes.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, ContentType};
use actix_web::{HttpResponse, ResponseError};
use askama::Template;
use serde::Serialize;

use crate::service::ServiceError;

/// The HTTP status of each kind of error: the one place the service's errors meet HTTP.
pub fn status(e: &ServiceError) -> StatusCode {
    match e {
        ServiceError::BadRequest(_) => StatusCode::BAD_REQUEST,
        ServiceError::Invalid(_) | ServiceError::Replay(_) => StatusCode::UNPROCESSABLE_ENTITY,
        ServiceError::Unauthenticated | ServiceError::WrongCredentials(_) => {
            StatusCode::UNAUTHORIZED
        }
        ServiceError::Forbidden(_) => StatusCode::FORBIDDEN,
        ServiceError::NotFound(_) => StatusCode::NOT_FOUND,
        ServiceError::Conflict(_) => StatusCode::CONFLICT,
        ServiceError::UnsupportedMedia(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ServiceError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
        ServiceError::TooManyAttempts(_) => StatusCode::TOO_MANY_REQUESTS,
        ServiceError::TimedOut(_) => StatusCode::REQUEST_TIMEOUT,
        ServiceError::Database(_)
        | ServiceError::Pool(_)
        | ServiceError::Write(_)
        | ServiceError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The machine-readable code of the JSON error.
pub fn code(e: &ServiceError) -> &'static str {
    match e {
        ServiceError::BadRequest(_) => "bad-request",
        ServiceError::Invalid(_) => "invalid",
        ServiceError::Unauthenticated => "unauthenticated",
        ServiceError::WrongCredentials(_) => "wrong-credentials",
        ServiceError::Forbidden(_) => "forbidden",
        ServiceError::NotFound(_) => "not-found",
        ServiceError::Conflict(_) => "conflict",
        ServiceError::UnsupportedMedia(_) => "unsupported-media-type",
        ServiceError::TooLarge(_) => "too-large",
        ServiceError::TooManyAttempts(_) => "too-many-attempts",
        ServiceError::TimedOut(_) => "timed-out",
        ServiceError::Replay(_) => "replay",
        ServiceError::Database(_)
        | ServiceError::Pool(_)
        | ServiceError::Write(_)
        | ServiceError::Internal(_) => "internal",
    }
}

/// What the client is told: the error itself, or for the server's own failures a sentence that
/// gives nothing away (the cause goes to the log).
fn message(e: &ServiceError) -> String {
    if e.is_server_error() {
        "something went wrong on the server; the change was not made".to_string()
    } else {
        e.to_string()
    }
}

fn log(e: &ServiceError) {
    if e.is_server_error() {
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

/// An error answered as `{"error":{"code","message"}}`.
#[derive(Debug)]
pub struct ApiError(pub ServiceError);

impl<E: Into<ServiceError>> From<E> for ApiError {
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
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        status(&self.0)
    }

    fn error_response(&self) -> HttpResponse {
        log(&self.0);
        let replay = match &self.0 {
            ServiceError::Replay(e) => Some(e),
            _ => None,
        };
        HttpResponse::build(self.status_code()).json(ErrorBody {
            error: ErrorFields {
                code: code(&self.0),
                message: match replay {
                    Some(e) => format!("ply {} ({}, {:?}): {}", e.ply, e.side, e.token, e.message),
                    None => message(&self.0),
                },
                ply: replay.map(|e| e.ply),
                token: replay.map(|e| e.token.as_str()),
                position: replay.map(|e| e.position.to_string()),
                kind: replay.map(|e| e.kind.name()),
                side: replay.map(|e| e.side.name()),
            },
        })
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    status: u16,
    title: &'a str,
    message: String,
    nav: super::pages::Nav,
}

/// An error answered as an HTML page (or, when the visitor is not signed in, a redirect to the
/// sign-in page).
#[derive(Debug)]
pub struct PageError(pub ServiceError);

impl<E: Into<ServiceError>> From<E> for PageError {
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

    fn error_response(&self) -> HttpResponse {
        log(&self.0);
        if let ServiceError::Unauthenticated = self.0 {
            return HttpResponse::SeeOther()
                .insert_header((header::LOCATION, "/login"))
                .finish();
        }
        let status = self.status_code();
        let page = ErrorPage {
            status: status.as_u16(),
            title: status.canonical_reason().unwrap_or("Error"),
            message: message(&self.0),
            nav: super::pages::Nav::default(),
        };
        match page.render() {
            Ok(html) => HttpResponse::build(status)
                .content_type(ContentType::html())
                .body(html),
            Err(_) => HttpResponse::build(status)
                .content_type(ContentType::plaintext())
                .body(message(&self.0)),
        }
    }
}
