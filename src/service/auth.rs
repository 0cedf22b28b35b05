//! The database steps of signing in: the account or players a secret is checked against, and the
//! failures counted against them. The secret itself is verified (argon2) by the caller, away
//! from the database connections.

use chrono::{Duration, NaiveDateTime};
use diesel::sqlite::SqliteConnection;

use super::{ServiceError, transaction};
use crate::auth::{LOCK_MINUTES, MAX_FAILURES};
use crate::db::models::{Account, Player};
use crate::db::queries;
use crate::tournament::{AccountId, PlayerId, TournamentId};

pub const WRONG_LOGIN: &str = "wrong username or password";
pub const WRONG_PIN: &str = "wrong player or PIN";

pub fn account(
    conn: &mut SqliteConnection,
    username: &str,
) -> Result<Option<Account>, ServiceError> {
    Ok(queries::find_account_by_username(conn, username.trim())?)
}

/// Refuses while the account is locked.
pub fn check_account_lock(account: &Account, now: NaiveDateTime) -> Result<(), ServiceError> {
    if account.locked_until.is_some_and(|until| until > now) {
        return Err(ServiceError::TooManyAttempts(format!(
            "too many failed sign-ins: the account is locked for up to {LOCK_MINUTES} minutes"
        )));
    }
    Ok(())
}

pub fn login_failed(
    conn: &mut SqliteConnection,
    id: AccountId,
    now: NaiveDateTime,
) -> Result<(), ServiceError> {
    transaction(conn, |conn| {
        Ok(queries::record_login_failure(
            conn,
            id,
            MAX_FAILURES,
            now + Duration::minutes(LOCK_MINUTES),
        )?)
    })
}

pub fn login_succeeded(conn: &mut SqliteConnection, id: AccountId) -> Result<(), ServiceError> {
    transaction(conn, |conn| Ok(queries::clear_login_failures(conn, id)?))
}

/// The players of `candidates` that belong to the tournament.
pub fn pin_candidates(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    candidates: &[PlayerId],
) -> Result<Vec<Player>, ServiceError> {
    let mut found = Vec::with_capacity(candidates.len());
    for &id in candidates {
        match queries::get_player(conn, tournament_id, id) {
            Ok(p) => found.push(p),
            Err(diesel::result::Error::NotFound) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(found)
}

/// Refuses while any of the players' PINs is locked.
pub fn check_pin_lock(players: &[Player], now: NaiveDateTime) -> Result<(), ServiceError> {
    if players
        .iter()
        .any(|p| p.pin_locked_until.is_some_and(|until| until > now))
    {
        return Err(ServiceError::TooManyAttempts(format!(
            "too many wrong PINs: ask the controller, or wait up to {LOCK_MINUTES} minutes"
        )));
    }
    Ok(())
}

/// A wrong PIN counts against every player it was checked against.
pub fn pin_failed(
    conn: &mut SqliteConnection,
    players: &[PlayerId],
    now: NaiveDateTime,
) -> Result<(), ServiceError> {
    transaction(conn, |conn| {
        for &id in players {
            queries::record_pin_failure(
                conn,
                id,
                MAX_FAILURES,
                now + Duration::minutes(LOCK_MINUTES),
            )?;
        }
        Ok(())
    })
}

pub fn pin_succeeded(conn: &mut SqliteConnection, id: PlayerId) -> Result<(), ServiceError> {
    transaction(conn, |conn| Ok(queries::clear_pin_failures(conn, id)?))
}
