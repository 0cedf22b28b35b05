//! Errors of the web layer: one kind, shown as JSON to the API and as a page to browsers.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, ContentType};
use actix_web::{HttpResponse, ResponseError};
use askama::Template;
use serde::Serialize;

/// What went wrong, whatever the client.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Invalid(String),
    #[error("please sign in first")]
    Unauthenticated,
    #[error("{0}")]
    WrongCredentials(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    UnsupportedMedia(String),
    #[error("{0}")]
    TooLarge(String),
    #[error("{0}")]
    TooManyAttempts(String),
    /// A sheet the engine refused: where and why.
    #[error("{}", .0.message)]
    Replay(Box<crate::engine::ReplayError>),
    /// A bug or an outage: the cause is logged, not shown.
    #[error("something went wrong on the server; the change was not made")]
    Internal(String),
}

impl AppError {
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Unauthenticated | AppError::WrongCredentials(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::UnsupportedMedia(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            AppError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::TooManyAttempts(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Replay(_) => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The machine-readable code of the JSON error.
    pub fn code(&self) -> &'static str {
        match self {
            AppError::BadRequest(_) => "bad-request",
            AppError::Invalid(_) => "invalid",
            AppError::Unauthenticated => "unauthenticated",
            AppError::WrongCredentials(_) => "wrong-credentials",
            AppError::Forbidden(_) => "forbidden",
            AppError::NotFound(_) => "not-found",
            AppError::Conflict(_) => "conflict",
            AppError::UnsupportedMedia(_) => "unsupported-media-type",
            AppError::TooLarge(_) => "too-large",
            AppError::TooManyAttempts(_) => "too-many-attempts",
            AppError::Replay(_) => "replay",
            AppError::Internal(_) => "internal",
        }
    }

    pub fn not_found(what: &str) -> AppError {
        AppError::NotFound(format!("no such {what}"))
    }

    pub fn forbidden() -> AppError {
        AppError::Forbidden("your account may not do this".to_string())
    }

    fn log(&self) {
        if let AppError::Internal(cause) = self {
            eprintln!("internal error: {cause}");
        }
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> Self {
        match e {
            diesel::result::Error::NotFound => AppError::NotFound("not found".to_string()),
            other => AppError::Internal(format!("database: {other}")),
        }
    }
}

impl From<diesel::r2d2::PoolError> for AppError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        AppError::Internal(format!("database pool: {e}"))
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        AppError::Internal(format!("blocking task: {e}"))
    }
}

impl From<actix_session::SessionInsertError> for AppError {
    fn from(e: actix_session::SessionInsertError) -> Self {
        AppError::Internal(format!("session: {e}"))
    }
}

impl From<actix_session::SessionGetError> for AppError {
    fn from(_: actix_session::SessionGetError) -> Self {
        // A session that cannot be read is treated as no session.
        AppError::Unauthenticated
    }
}

/// An error answered as `{"error":{"code","message"}}`.
#[derive(Debug)]
pub struct ApiError(pub AppError);

impl<E: Into<AppError>> From<E> for ApiError {
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
        self.0.status()
    }

    fn error_response(&self) -> HttpResponse {
        self.0.log();
        let replay = match &self.0 {
            AppError::Replay(e) => Some(e),
            _ => None,
        };
        HttpResponse::build(self.status_code()).json(ErrorBody {
            error: ErrorFields {
                code: self.0.code(),
                message: match replay {
                    Some(e) => format!("ply {} ({}, {:?}): {}", e.ply, e.side, e.token, e.message),
                    None => self.0.to_string(),
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
pub struct PageError(pub AppError);

impl<E: Into<AppError>> From<E> for PageError {
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
        self.0.status()
    }

    fn error_response(&self) -> HttpResponse {
        self.0.log();
        if let AppError::Unauthenticated = self.0 {
            return HttpResponse::SeeOther()
                .insert_header((header::LOCATION, "/login"))
                .finish();
        }
        let status = self.status_code();
        let page = ErrorPage {
            status: status.as_u16(),
            title: status.canonical_reason().unwrap_or("Error"),
            message: self.0.to_string(),
            nav: super::pages::Nav::default(),
        };
        match page.render() {
            Ok(html) => HttpResponse::build(status)
                .content_type(ContentType::html())
                .body(html),
            Err(_) => HttpResponse::build(status)
                .content_type(ContentType::plaintext())
                .body(self.0.to_string()),
        }
    }
}
