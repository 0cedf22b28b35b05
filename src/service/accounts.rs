//! Staff accounts, created by organisers (or on the server's command line).

use chrono::Utc;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::{Actor, Audit, ServiceError, transaction};
use crate::auth::{Role, generate_password};
use crate::db::models::NewAccount;
use crate::db::queries;
use crate::tournament::AccountId;

#[derive(Clone, Debug, Serialize)]
pub struct AccountView {
    pub id: AccountId,
    pub username: String,
    pub role: Role,
}

/// A username: 1 to 50 letters, digits, `.`, `_` or `-`.
pub fn valid_username(name: &str) -> Result<&str, ServiceError> {
    let name = name.trim();
    if name.is_empty()
        || name.len() > 50
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-_".contains(c))
    {
        return Err(ServiceError::Invalid(crate::said!(
            "username-1-50-letters-digits"
        )));
    }
    Ok(name)
}

/// A new account as asked for, checked: the password given (at least 8 characters), or one
/// generated (`generated` true: it is shown once).
pub struct NewAccountRequest {
    pub username: String,
    pub role: Role,
    pub password: String,
    pub generated: bool,
}

impl NewAccountRequest {
    pub fn parse(
        username: &str,
        role: &str,
        password: Option<String>,
    ) -> Result<NewAccountRequest, ServiceError> {
        let username = valid_username(username)?.to_string();
        let role = role
            .trim()
            .parse()
            .map_err(|_| ServiceError::Invalid(crate::said!("role-organiser-controller")))?;
        let (password, generated) = match password.filter(|p| !p.is_empty()) {
            Some(p) if p.chars().count() < 8 => {
                return Err(ServiceError::Invalid(crate::said!(
                    "password-at-least-8-characters"
                )));
            }
            Some(p) => (p, false),
            None => (generate_password(), true),
        };
        Ok(NewAccountRequest {
            username,
            role,
            password,
            generated,
        })
    }
}

/// Creates an account with its password already hashed.
pub fn create(
    conn: &mut SqliteConnection,
    actor: &Actor,
    username: &str,
    password_hash: &str,
    role: Role,
) -> Result<AccountView, ServiceError> {
    if *actor != Actor::CommandLine {
        actor.organiser()?;
    }
    transaction(conn, |conn| {
        let account = queries::insert_account(
            conn,
            &NewAccount {
                username,
                password_hash,
                role,
                created_at: Utc::now().naive_utc(),
            },
        )
        .map_err(|e| match e {
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
                ServiceError::Conflict(crate::said!("username-taken", username))
            }
            other => other.into(),
        })?;
        Audit {
            actor,
            change: Change::AccountCreated {
                account: account.id,
            },
            tournament_id: None,
        }
        .record(
            conn,
            None::<&()>,
            Some(&serde_json::json!({"username": username, "role": role})),
        )?;
        Ok(AccountView {
            id: account.id,
            username: account.username,
            role: account.role,
        })
    })
}

/// Every staff account, for organisers.
pub fn list(conn: &mut SqliteConnection, actor: &Actor) -> Result<Vec<AccountView>, ServiceError> {
    actor.organiser()?;
    Ok(queries::list_accounts(conn)?
        .into_iter()
        .map(|a| AccountView {
            id: a.id,
            username: a.username,
            role: a.role,
        })
        .collect())
}
