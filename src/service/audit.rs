//! The audit log: every change written with who, what, when, before and after, in the change's
//! own transaction; read by organisers (everything) and controllers (their tournaments).

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::{Actor, ServiceError};
use crate::db::models::{AuditEntry, NewAuditEntry};
use crate::db::queries;
use crate::tournament::TournamentId;

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

/// The audit log's actions in words.
pub fn action_words(action: &str) -> String {
    let words = match action {
        "account.create" => "account created",
        "bye.cancel" => "bye cancelled",
        "bye.request" => "bye asked for",
        "controller.assign" => "controller assigned",
        "controller.unassign" => "controller unassigned",
        "game.confirm" => "result confirmed by the opponent",
        "game.dispute" => "sheets differ: game disputed",
        "game.reset" => "game sent back to waiting for sheets",
        "game.result" => "result set by the controller",
        "game.sheet" => "score sheet sent",
        "pairing.allow" => "pairing allowed again",
        "pairing.prohibit" => "pairing ruled out",
        "player.create" => "player added",
        "player.import" => "players imported",
        "player.pin-reset" => "new PIN given",
        "player.reinstate" => "player reinstated",
        "player.update" => "player changed",
        "player.withdraw" => "player withdrawn",
        "players.pairing-order" => "pairing numbers fixed",
        "round.correct" => "published round corrected",
        "round.create" => "round paired",
        "round.delete" => "round deleted",
        "round.pairings" => "pairings changed",
        "round.publish" => "round published",
        "tournament.create" => "tournament created",
        "tournament.import" => "tournament imported",
        "tournament.update" => "settings changed",
        other => return other.replace(['.', '_', '-'], " "),
    };
    words.to_string()
}
