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
                claimed_sender: None,
            },
        )?;
        Ok(())
    }
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("\"unserialisable: {e}\""))
}

/// What a reader of the log asks for: one tournament (or all the actor may read), one game,
/// one actor, one action, the entries older than one.
#[derive(Clone, Debug, Default, serde::Deserialize, serde::Serialize)]
pub struct Asked {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub who: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<i32>,
}

/// A page of the log: its entries, newest first, and where the next (older) page starts.
pub struct LogPage {
    pub entries: Vec<AuditEntry>,
    pub older: Option<i32>,
    /// The actors and actions the filters offer (of the entries the actor may read).
    pub actors: Vec<String>,
    pub actions: Vec<String>,
    /// The tournaments the filters offer: id and name.
    pub tournaments: Vec<(TournamentId, String)>,
}

/// The entries the actor may read that `asked` names, newest first, `size` at most: one
/// tournament's (staff who run it), or all an organiser may see, or those of a controller's
/// tournaments.
pub fn entries(
    conn: &mut SqliteConnection,
    actor: &Actor,
    asked: &Asked,
    size: i64,
) -> Result<LogPage, ServiceError> {
    let staff = actor.staff()?;
    let readable: Option<Vec<TournamentId>> = if actor.organiser().is_ok() {
        None
    } else {
        Some(queries::tournaments_controlled_by(conn, staff.account_id)?)
    };
    let tournaments = match asked.tournament {
        Some(id) => {
            staff.check_runs(conn, id)?;
            Some(vec![id])
        }
        None => readable.clone(),
    };
    let blank = |s: &Option<String>| s.clone().filter(|s| !s.trim().is_empty());
    let filter = crate::db::audit::AuditFilter {
        tournaments,
        game: asked.game,
        actor: blank(&asked.who),
        action: blank(&asked.what),
        before: asked.before,
    };
    // One more than a page: whether an older page follows.
    let mut entries = crate::db::audit::list(conn, &filter, size + 1)?;
    let older = if entries.len() as i64 > size {
        entries.truncate(size as usize);
        entries.last().map(|e| e.id)
    } else {
        None
    };
    let (actors, actions) = crate::db::audit::choices(conn, readable.as_deref())?;
    let tournaments = queries::list_tournaments(conn)?
        .into_iter()
        .filter(|t| readable.as_ref().is_none_or(|ids| ids.contains(&t.id)))
        .map(|t| (t.id, t.name))
        .collect();
    Ok(LogPage {
        entries,
        older,
        actors,
        actions,
        tournaments,
    })
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
