//! Players' phones for SMS: given with the player's consent (the SMS page, the player form, an
//! import, the players API), kept per player of a tournament, read by the staff who run it only.

use chrono::Utc;
use diesel::sqlite::SqliteConnection;

use super::{Actor, ServiceError};
use crate::db::sms::{self as stored, Phone};
use crate::tournament::{PlayerId, TournamentId};

/// Keeps the phone given for a player (with their consent: checked by whoever took it), or
/// forgets it when `number` is empty; SMS stay off for the player if the staff turned them off.
pub fn keep_phone(
    conn: &mut SqliteConnection,
    (tournament, player): (TournamentId, PlayerId),
    number: &str,
    country: Option<&str>,
) -> Result<(), ServiceError> {
    if number.trim().is_empty() {
        stored::remove_phone(conn, player)?;
        return Ok(());
    }
    let Some(digits) = crate::tournament::sms::number(number, country) else {
        return Err(ServiceError::Invalid(crate::said!(
            "sms-not-a-number",
            number = number.to_string()
        )));
    };
    let kept = stored::phone(conn, player)?;
    if kept.as_ref().is_some_and(|k| k.number == digits) {
        return Ok(());
    }
    stored::put_phone(
        conn,
        &Phone {
            player_id: player,
            tournament_id: tournament,
            number: digits,
            consent_at: Utc::now().naive_utc(),
            stopped: kept.is_some_and(|k| k.stopped),
        },
    )?;
    Ok(())
}

/// The phone number kept for a player, written with `+` (the staff who run its tournament only).
pub fn phone_of(
    conn: &mut SqliteConnection,
    actor: &Actor,
    (tournament, player): (TournamentId, PlayerId),
) -> Result<Option<String>, ServiceError> {
    actor.check_runs(conn, tournament)?;
    Ok(stored::phone(conn, player)?
        .filter(|p| p.tournament_id == tournament)
        .map(|p| format!("+{}", p.number)))
}
