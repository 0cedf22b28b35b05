//! The audit log: every change written with who, what, when, before and after, in the change's
//! own transaction; read by organisers (everything) and controllers (their tournaments).

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::{Actor, ServiceError};
use crate::db::models::{AuditEntry, NewAuditEntry};
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::said::Said;

/// One audit entry about to be written.
pub struct Audit<'a> {
    pub actor: &'a Actor,
    pub action: Change,
    pub tournament_id: Option<TournamentId>,
    pub entity: &'a str,
    pub entity_id: Option<i32>,
}

impl Audit<'_> {
    pub fn record<B: Serialize, A: Serialize>(
        &self,
        conn: &mut SqliteConnection,
        before: Option<&B>,
        after: Option<&A>,
    ) -> Result<(), ServiceError> {
        queries::insert_audit(
            conn,
            &NewAuditEntry {
                at: Utc::now().naive_utc(),
                actor: &self.actor.name(),
                action: self.action.code(),
                tournament_id: self.tournament_id,
                entity: self.entity,
                entity_id: self.entity_id,
                before: before.map(to_json),
                after: after.map(to_json),
                sender: None,
            },
        )?;
        Ok(())
    }
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("\"unserialisable: {e}\""))
}

/// The entries the actor may read, newest first: one tournament's (staff who run it), or all an
/// organiser may see, or those of a controller's tournaments.
pub fn entries(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: Option<TournamentId>,
) -> Result<Vec<AuditEntry>, ServiceError> {
    let staff = actor.staff()?;
    let allowed: Option<Vec<TournamentId>> = match tournament {
        Some(id) => {
            staff.check_runs(conn, id)?;
            Some(vec![id])
        }
        None if actor.organiser().is_ok() => None,
        None => Some(queries::tournaments_controlled_by(conn, staff.account_id)?),
    };
    Ok(queries::list_audit(conn, allowed.as_deref(), 500)?)
}

/// An action of the audit log as a message (`game.sheet`: "score sheet sent"); an action with
/// no message of its own (or a code no change of this version has, from a file) is its code in
/// words.
pub fn action_said(action: &str) -> Said {
    match action.parse::<Change>().ok().and_then(words) {
        Some(key) => Said::new(key),
        None => crate::said!(
            "audit-action-other",
            code = action.replace(['.', '_', '-'], " ")
        ),
    }
}

/// The message of a change's own words, if it has them.
fn words(change: Change) -> Option<&'static str> {
    match change {
        Change::AccountCreated => Some("audit-action-account-create"),
        Change::ByeCancelled => Some("audit-action-bye-cancel"),
        Change::ByeRequested => Some("audit-action-bye-request"),
        Change::ControllerAssigned => Some("audit-action-controller-assign"),
        Change::ControllerUnassigned => Some("audit-action-controller-unassign"),
        Change::EventControllerAssigned => None,
        Change::EventControllerUnassigned => None,
        Change::EventCreated => None,
        Change::EventUpdated => None,
        Change::SheetConfirmed => Some("audit-action-game-confirm"),
        Change::SheetDisputed => Some("audit-action-game-dispute"),
        Change::MovesRestored => Some("audit-action-game-moves-restored"),
        Change::GameReset => Some("audit-action-game-reset"),
        Change::GameRuled => Some("audit-action-game-result"),
        Change::SheetSent => Some("audit-action-game-sheet"),
        Change::HubTokenRevoked => None,
        Change::HubTokenMade => None,
        Change::PersonAdded => Some("audit-action-person-create"),
        Change::PlayerLinked => Some("audit-action-person-link"),
        Change::PersonsMerged => Some("audit-action-person-merge"),
        Change::PersonSplit => Some("audit-action-person-split"),
        Change::RegisterImported => Some("audit-action-register-import"),
        Change::TournamentRated => Some("audit-action-tournament-rated"),
        Change::TournamentUnrated => Some("audit-action-tournament-unrated"),
        Change::RatingsTaken => Some("audit-action-players-ratings"),
        Change::MatchGameAdded => None,
        Change::MatchGameRemoved => None,
        Change::NoticeCleared => None,
        Change::NoticeSet => None,
        Change::PairAllowed => Some("audit-action-pairing-allow"),
        Change::PairProhibited => Some("audit-action-pairing-prohibit"),
        Change::PlayerAdded => Some("audit-action-player-create"),
        Change::PlayerEntered => None,
        Change::PlayerImported => Some("audit-action-player-import"),
        Change::PinReset => Some("audit-action-player-pin-reset"),
        Change::PlayerReinstated => Some("audit-action-player-reinstate"),
        Change::PlayerUpdated => Some("audit-action-player-update"),
        Change::PlayerWithdrawn => Some("audit-action-player-withdraw"),
        Change::PairingOrderSet => Some("audit-action-players-pairing-order"),
        Change::PrizesSet => None,
        Change::PublishedAgain => None,
        Change::PublishingStarted => None,
        Change::PublishingStopped => None,
        Change::CheckedIn => None,
        Change::RollCallClosed => None,
        Change::RollCallMarked => None,
        Change::RollCallOpened => None,
        Change::RoundCorrected => Some("audit-action-round-correct"),
        Change::RoundPaired => Some("audit-action-round-create"),
        Change::RoundDeleted => Some("audit-action-round-delete"),
        Change::RoundPairingsReplaced => Some("audit-action-round-pairings"),
        Change::RoundPublished => Some("audit-action-round-publish"),
        Change::RoundStarted => None,
        Change::ScheduleSet => None,
        Change::PlayoffCreated => None,
        Change::StageQualified => None,
        Change::TeamsSet => None,
        Change::TournamentCreated => Some("audit-action-tournament-create"),
        Change::TournamentImported => Some("audit-action-tournament-import"),
        Change::TournamentPublished => None,
        Change::TournamentUpdated => Some("audit-action-tournament-update"),
    }
}
