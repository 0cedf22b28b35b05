//! The audit log: every change written with who, what, when, before and after, in the change's
//! own transaction; read by organisers (everything) and controllers (their tournaments).

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::{Actor, ServiceError};
use crate::db::models::{AuditEntry, NewAuditEntry};
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::said::Said;

/// One audit entry about to be written.
pub struct Audit<'a> {
    pub actor: &'a Actor,
    pub action: &'a str,
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
                action: self.action,
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
/// no message of its own is its code in words.
pub fn action_said(action: &str) -> Said {
    let key = match action {
        "account.create" => "audit-action-account-create",
        "bye.cancel" => "audit-action-bye-cancel",
        "bye.request" => "audit-action-bye-request",
        "controller.assign" => "audit-action-controller-assign",
        "controller.unassign" => "audit-action-controller-unassign",
        "game.confirm" => "audit-action-game-confirm",
        "game.dispute" => "audit-action-game-dispute",
        "game.moves-restored" => "audit-action-game-moves-restored",
        "game.reset" => "audit-action-game-reset",
        "game.result" => "audit-action-game-result",
        "game.sheet" => "audit-action-game-sheet",
        "pairing.allow" => "audit-action-pairing-allow",
        "pairing.prohibit" => "audit-action-pairing-prohibit",
        "player.create" => "audit-action-player-create",
        "player.import" => "audit-action-player-import",
        "player.pin-reset" => "audit-action-player-pin-reset",
        "player.reinstate" => "audit-action-player-reinstate",
        "player.update" => "audit-action-player-update",
        "player.withdraw" => "audit-action-player-withdraw",
        "players.pairing-order" => "audit-action-players-pairing-order",
        "round.correct" => "audit-action-round-correct",
        "round.create" => "audit-action-round-create",
        "round.delete" => "audit-action-round-delete",
        "round.pairings" => "audit-action-round-pairings",
        "round.publish" => "audit-action-round-publish",
        "tournament.create" => "audit-action-tournament-create",
        "tournament.import" => "audit-action-tournament-import",
        "tournament.update" => "audit-action-tournament-update",
        other => {
            return crate::said!(
                "audit-action-other",
                code = other.replace(['.', '_', '-'], " ")
            );
        }
    };
    Said::new(key)
}
