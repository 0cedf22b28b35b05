//! What follows from a change, in the change's own transaction: a function of the change alone
//! (its kind and what it is about), so that whatever route made a change (a sheet, a
//! confirmation, a ruling, an adjudication), the same follows, and every guarantee of the
//! change (one transaction, refused whole) holds for what follows from it too.
//!
//! Today: a match's next game laid out, or its later games taken away, after a game's result
//! changed (`super::matches::follow`). A change with nothing to follow says so in [`after`]:
//! its `match` names every change, so a new one needs a decision.

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::{Actor, Audit, ServiceError};
use crate::db::queries;
use crate::tournament::GameId;

/// Records `audit` (the change, with what it changed before and after), then what follows
/// from it.
pub fn record<B: Serialize, A: Serialize>(
    conn: &mut SqliteConnection,
    audit: &Audit<'_>,
    before: Option<&B>,
    after_change: Option<&A>,
) -> Result<(), ServiceError> {
    audit.record(conn, before, after_change)?;
    after(conn, audit.actor, audit.action, audit.entity_id)
}

/// What follows from `change`, made by `actor`, about the row `subject` (a game's id for a
/// game's change).
fn after(
    conn: &mut SqliteConnection,
    actor: &Actor,
    change: Change,
    subject: Option<i32>,
) -> Result<(), ServiceError> {
    match change {
        Change::SheetSent
        | Change::SheetConfirmed
        | Change::SheetDisputed
        | Change::GameRuled
        | Change::GameReset => {
            let Some(id) = subject else {
                return Ok(());
            };
            let game = queries::get_game(conn, GameId(id))?;
            let tournament = queries::get_tournament(conn, game.tournament_id)?;
            super::matches::follow(conn, actor, &tournament, &game)
        }
        Change::AccountCreated
        | Change::ByeCancelled
        | Change::ByeRequested
        | Change::ControllerAssigned
        | Change::ControllerUnassigned
        | Change::EventControllerAssigned
        | Change::EventControllerUnassigned
        | Change::EventCreated
        | Change::EventUpdated
        | Change::MovesRestored
        | Change::HubTokenRevoked
        | Change::HubTokenMade
        | Change::MatchGameAdded
        | Change::MatchGameRemoved
        | Change::NoticeCleared
        | Change::NoticeSet
        | Change::PairAllowed
        | Change::PairProhibited
        | Change::PlayerAdded
        | Change::PlayerEntered
        | Change::PlayerImported
        | Change::PinReset
        | Change::PlayerReinstated
        | Change::PlayerUpdated
        | Change::PlayerWithdrawn
        | Change::PairingOrderSet
        | Change::PrizesSet
        | Change::PublishedAgain
        | Change::PublishingStarted
        | Change::PublishingStopped
        | Change::CheckedIn
        | Change::RollCallClosed
        | Change::RollCallMarked
        | Change::RollCallOpened
        | Change::RoundCorrected
        | Change::RoundPaired
        | Change::RoundDeleted
        | Change::RoundPairingsReplaced
        | Change::RoundPublished
        | Change::RoundStarted
        | Change::ScheduleSet
        | Change::PlayoffCreated
        | Change::StageQualified
        | Change::TeamsSet
        | Change::TournamentCreated
        | Change::TournamentImported
        | Change::TournamentPublished
        | Change::TournamentUpdated => Ok(()),
    }
}
