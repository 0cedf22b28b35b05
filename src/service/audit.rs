//! The audit log: every change written with who, what, when, before and after, in the change's
//! own transaction; read by organisers (everything) and controllers (their tournaments).

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::{Change, ChangeKind};
use super::{Actor, ServiceError};
use crate::db::models::{AuditEntry, NewAuditEntry};
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::said::Said;

/// One audit entry about to be written.
pub struct Audit<'a> {
    pub actor: &'a Actor,
    /// The change, with what it is about.
    pub change: Change,
    /// The tournament whose trail it belongs to (none: the hub's or the staff's own).
    pub tournament_id: Option<TournamentId>,
}

impl Audit<'_> {
    pub fn record<B: Serialize, A: Serialize>(
        &self,
        conn: &mut SqliteConnection,
        before: Option<&B>,
        after: Option<&A>,
    ) -> Result<(), ServiceError> {
        let subject = self.change.entity();
        queries::insert_audit(
            conn,
            &NewAuditEntry {
                at: Utc::now().naive_utc(),
                actor: &self.actor.name(),
                action: self.change.code(),
                tournament_id: self.tournament_id,
                entity: subject.entity,
                entity_id: subject.id,
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
    match action.parse::<ChangeKind>().ok().and_then(words) {
        Some(key) => Said::new(key),
        None => crate::said!(
            "audit-action-other",
            code = action.replace(['.', '_', '-'], " ")
        ),
    }
}

/// The message of a change's own words, if it has them.
fn words(change: ChangeKind) -> Option<&'static str> {
    match change {
        ChangeKind::AccountCreated => Some("audit-action-account-create"),
        ChangeKind::CircuitCreated => Some("audit-action-circuit-create"),
        ChangeKind::CircuitUpdated => Some("audit-action-circuit-update"),
        ChangeKind::CircuitDeclined => Some("audit-action-circuit-decline"),
        ChangeKind::CircuitFinalEntered => Some("audit-action-circuit-final"),
        ChangeKind::CircuitQualificationChanged => Some("audit-action-circuit-qualification"),
        ChangeKind::ByeCancelled => Some("audit-action-bye-cancel"),
        ChangeKind::ByeRequested => Some("audit-action-bye-request"),
        ChangeKind::ControllerAssigned => Some("audit-action-controller-assign"),
        ChangeKind::ControllerUnassigned => Some("audit-action-controller-unassign"),
        ChangeKind::EventControllerAssigned => None,
        ChangeKind::EventControllerUnassigned => None,
        ChangeKind::EventCreated => None,
        ChangeKind::EventUpdated => None,
        ChangeKind::SheetConfirmed => Some("audit-action-game-confirm"),
        ChangeKind::SheetDisputed => Some("audit-action-game-dispute"),
        ChangeKind::MovesRestored => Some("audit-action-game-moves-restored"),
        ChangeKind::GameReset => Some("audit-action-game-reset"),
        ChangeKind::GameRuled => Some("audit-action-game-result"),
        ChangeKind::SheetSent => Some("audit-action-game-sheet"),
        ChangeKind::HubTokenRevoked => None,
        ChangeKind::HubTokenMade => None,
        ChangeKind::PersonAdded => Some("audit-action-person-create"),
        ChangeKind::PlayerLinked => Some("audit-action-person-link"),
        ChangeKind::PersonsMerged => Some("audit-action-person-merge"),
        ChangeKind::PersonSplit => Some("audit-action-person-split"),
        ChangeKind::RegisterImported => Some("audit-action-register-import"),
        ChangeKind::TournamentRated => Some("audit-action-tournament-rated"),
        ChangeKind::TournamentUnrated => Some("audit-action-tournament-unrated"),
        ChangeKind::RatingsTaken => Some("audit-action-players-ratings"),
        ChangeKind::MatchGameAdded => None,
        ChangeKind::MatchGameRemoved => None,
        ChangeKind::NoticeCleared => None,
        ChangeKind::NoticeSet => None,
        ChangeKind::PairAllowed => Some("audit-action-pairing-allow"),
        ChangeKind::PairProhibited => Some("audit-action-pairing-prohibit"),
        ChangeKind::PlayerAdded => Some("audit-action-player-create"),
        ChangeKind::PlayerEntered => None,
        ChangeKind::PlayerImported => Some("audit-action-player-import"),
        ChangeKind::PinReset => Some("audit-action-player-pin-reset"),
        ChangeKind::PlayerReinstated => Some("audit-action-player-reinstate"),
        ChangeKind::PlayerUpdated => Some("audit-action-player-update"),
        ChangeKind::PlayerWithdrawn => Some("audit-action-player-withdraw"),
        ChangeKind::PairingOrderSet => Some("audit-action-players-pairing-order"),
        ChangeKind::PrizesSet => None,
        ChangeKind::PublishedAgain => None,
        ChangeKind::PublishingStarted => None,
        ChangeKind::PublishingStopped => None,
        ChangeKind::CheckedIn => None,
        ChangeKind::RollCallClosed => None,
        ChangeKind::RollCallMarked => None,
        ChangeKind::RollCallOpened => None,
        ChangeKind::RoundCorrected => Some("audit-action-round-correct"),
        ChangeKind::RoundPaired => Some("audit-action-round-create"),
        ChangeKind::RoundDeleted => Some("audit-action-round-delete"),
        ChangeKind::RoundPairingsReplaced => Some("audit-action-round-pairings"),
        ChangeKind::RoundPublished => Some("audit-action-round-publish"),
        ChangeKind::RoundStarted => None,
        ChangeKind::ScheduleSet => None,
        ChangeKind::PlayoffCreated => None,
        ChangeKind::StageQualified => None,
        ChangeKind::TeamsSet => None,
        ChangeKind::TournamentCreated => Some("audit-action-tournament-create"),
        ChangeKind::TournamentImported => Some("audit-action-tournament-import"),
        ChangeKind::TournamentPublished => None,
        ChangeKind::TournamentUpdated => Some("audit-action-tournament-update"),
    }
}
