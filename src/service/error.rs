//! What can go wrong in a workflow: one error type for every service command. The web maps each
//! kind to an HTTP status in one place (`web::error`).

use diesel::result::Error as DieselError;

use crate::tournament::said::Said;
use crate::tournament::sheets::RefusedSheet;

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The request reads but says something the service refuses (a name too long, a date that
    /// is not one).
    #[error("{0}")]
    Invalid(Said),
    #[error("please sign in first")]
    Unauthenticated,
    #[error("{0}")]
    WrongCredentials(Said),
    #[error("{0}")]
    Forbidden(Said),
    #[error("{0}")]
    NotFound(Said),
    /// The request is right but the state of things does not allow it now.
    #[error("{0}")]
    Conflict(Said),
    #[error("{0}")]
    TooLarge(Said),
    #[error("{0}")]
    TooManyAttempts(Said),
    /// A score sheet the engine refused: where and why.
    #[error("{}", .0.error.detail)]
    Replay(Box<RefusedSheet>),
    /// The database failed (busy, corrupt, full): never the client's fault.
    #[error("the database failed")]
    Database(#[source] DieselError),
    #[error("no database connection could be had")]
    Pool(#[source] diesel::r2d2::PoolError),
    #[error("the database write did not complete")]
    Write(#[source] crate::db::WriteFailed),
    /// A bug: what went wrong is logged, not shown.
    #[error("{0}")]
    Internal(String),
}

impl ServiceError {
    /// `what` (a tournament, a player, a round, a game, an event, a page, ...) is not there.
    pub fn not_found(what: &'static str) -> ServiceError {
        ServiceError::NotFound(crate::said!("no-such", what))
    }

    /// What the error says to people, as facts; none for the server's own failures and replay
    /// refusals, which are worded apart.
    pub fn said(&self) -> Option<&Said> {
        match self {
            ServiceError::Invalid(s)
            | ServiceError::WrongCredentials(s)
            | ServiceError::Forbidden(s)
            | ServiceError::NotFound(s)
            | ServiceError::Conflict(s)
            | ServiceError::TooLarge(s)
            | ServiceError::TooManyAttempts(s) => Some(s),
            _ => None,
        }
    }

    /// Whether the error is the server's (logged, answered with a 500), not the request's.
    pub fn is_server_error(&self) -> bool {
        matches!(
            self,
            ServiceError::Database(_)
                | ServiceError::Pool(_)
                | ServiceError::Write(_)
                | ServiceError::Internal(_)
        )
    }

    /// Whether a score sheet was refused for what it says or when it came (shown with the form
    /// as typed), rather than for who sent it.
    pub fn is_refused_sheet(&self) -> bool {
        matches!(
            self,
            ServiceError::Replay(_)
                | ServiceError::Invalid(_)
                | ServiceError::Conflict(_)
                | ServiceError::TooLarge(_)
        )
    }

    /// The error and every cause under it, for the log.
    pub fn cause_chain(&self) -> String {
        let mut text = self.to_string();
        let mut source = std::error::Error::source(self);
        while let Some(cause) = source {
            text.push_str(": ");
            text.push_str(&cause.to_string());
            source = cause.source();
        }
        text
    }
}

impl From<DieselError> for ServiceError {
    fn from(e: DieselError) -> Self {
        match e {
            DieselError::NotFound => ServiceError::NotFound(crate::said!("not-found")),
            other => ServiceError::Database(other),
        }
    }
}

impl From<diesel::r2d2::PoolError> for ServiceError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        ServiceError::Pool(e)
    }
}

impl From<crate::db::WriteFailed> for ServiceError {
    fn from(e: crate::db::WriteFailed) -> Self {
        ServiceError::Write(e)
    }
}

/// A query for something the caller named: "not found" is the caller's 404, any other failure
/// the database's.
pub trait Found<T> {
    fn or_not_found(self, what: &'static str) -> Result<T, ServiceError>;
}

impl<T> Found<T> for diesel::QueryResult<T> {
    fn or_not_found(self, what: &'static str) -> Result<T, ServiceError> {
        self.map_err(|e| match e {
            DieselError::NotFound => ServiceError::not_found(what),
            other => ServiceError::Database(other),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_missing_row_is_not_found() {
        let missing: diesel::QueryResult<()> = Err(DieselError::NotFound);
        assert!(matches!(
            missing.or_not_found("tournament"),
            Err(ServiceError::NotFound(m)) if m == crate::said!("no-such", what = "tournament")
        ));
        let busy: diesel::QueryResult<()> = Err(DieselError::DatabaseError(
            diesel::result::DatabaseErrorKind::Unknown,
            Box::new("database is locked".to_string()),
        ));
        let e = busy.or_not_found("tournament").unwrap_err();
        assert!(e.is_server_error());
        assert!(
            e.cause_chain().contains("database is locked"),
            "{}",
            e.cause_chain()
        );
    }
}
