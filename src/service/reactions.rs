//! What follows from a change, in the change's own transaction: a function of the change alone
//! (its kind and what it is about), so that whatever route made a change (a sheet, a
//! confirmation, a ruling, an adjudication), the same follows, and every guarantee of the
//! change (one transaction, refused whole) holds for what follows from it too.
//!
//! Today: a match's next game laid out, or its later games taken away, after a game's result
//! changed (`super::matches::follow`); a backup made due when a round is published, and when an
//! event's last result is in (once), taken by the backup task after the commit
//! (`super::backups`). A change with nothing to follow says so in [`after`]: its `match` names
//! every change, so a new one needs a decision.

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use chrono::Utc;

use super::changes::Change;
use super::tournaments::TournamentView;
use super::{Actor, Audit, ServiceError};
use crate::db::models::Tournament;
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::standings::open_games;

/// Records `audit` (the change, with what it changed before and after), then what follows
/// from it.
pub fn record<B: Serialize, A: Serialize>(
    conn: &mut SqliteConnection,
    audit: &Audit<'_>,
    before: Option<&B>,
    after_change: Option<&A>,
) -> Result<(), ServiceError> {
    audit.record(conn, before, after_change)?;
    after(conn, audit.actor, audit.change)
}

/// What follows from `change` (made by `actor`), by what it is about.
fn after(conn: &mut SqliteConnection, actor: &Actor, change: Change) -> Result<(), ServiceError> {
    match change {
        Change::SheetSent { game }
        | Change::SheetConfirmed { game }
        | Change::SheetDisputed { game }
        | Change::GameRuled { game }
        | Change::GameReset { game } => {
            let game = queries::get_game(conn, game)?;
            let tournament = queries::get_tournament(conn, game.tournament_id)?;
            super::matches::follow(conn, actor, &tournament, &game)?;
            back_up_at_the_end(conn, &tournament)
        }
        Change::RoundPublished { round } => {
            let round = queries::get_round_by_id(conn, round)?;
            let tournament = queries::get_tournament(conn, round.tournament_id)?;
            let reason = crate::said!(
                "backup-round-published",
                tournament = tournament.name.clone(),
                round = round.number
            );
            crate::db::backups::mark_due(conn, &reason.to_stored(), Utc::now().naive_utc())?;
            back_up_at_the_end(conn, &tournament)
        }
        Change::TournamentImported { tournament } => {
            let tournament = queries::get_tournament(conn, tournament)?;
            back_up_at_the_end(conn, &tournament)
        }
        Change::AccountCreated { .. }
        | Change::ByeCancelled { .. }
        | Change::ByeRequested { .. }
        | Change::ControllerAssigned { .. }
        | Change::ControllerUnassigned { .. }
        | Change::EventControllerAssigned { .. }
        | Change::EventControllerUnassigned { .. }
        | Change::EventCreated { .. }
        | Change::EventUpdated { .. }
        | Change::MovesRestored { .. }
        | Change::HubTokenRevoked { .. }
        | Change::HubTokenMade { .. }
        | Change::PersonAdded { .. }
        | Change::PlayerLinked { .. }
        | Change::PersonsMerged { .. }
        | Change::PersonSplit { .. }
        | Change::RegisterImported
        | Change::TournamentRated { .. }
        | Change::TournamentUnrated { .. }
        | Change::RatingsTaken { .. }
        | Change::MatchGameAdded { .. }
        | Change::MatchGameRemoved { .. }
        | Change::NoticeCleared { .. }
        | Change::NoticeSet { .. }
        | Change::PairAllowed { .. }
        | Change::PairProhibited { .. }
        | Change::PlayerAdded { .. }
        | Change::PlayerEntered { .. }
        | Change::PlayerImported { .. }
        | Change::PinReset { .. }
        | Change::PlayerReinstated { .. }
        | Change::PlayerUpdated { .. }
        | Change::PlayerWithdrawn { .. }
        | Change::PairingOrderSet { .. }
        | Change::PrizesSet { .. }
        | Change::PublishedAgain { .. }
        | Change::PublishingStarted { .. }
        | Change::PublishingStopped { .. }
        | Change::CheckedIn { .. }
        | Change::RollCallClosed { .. }
        | Change::RollCallMarked { .. }
        | Change::RollCallOpened { .. }
        | Change::RoundCorrected { .. }
        | Change::RoundPaired { .. }
        | Change::RoundDeleted { .. }
        | Change::RoundPairingsReplaced { .. }
        | Change::RoundStarted { .. }
        | Change::ScheduleSet { .. }
        | Change::PlayoffCreated { .. }
        | Change::StageQualified { .. }
        | Change::TeamsSet { .. }
        | Change::TournamentCreated { .. }
        | Change::TournamentPublished { .. }
        | Change::TournamentUpdated { .. } => Ok(()),
    }
}

/// The settings row that says the backup of an event's end was made due.
fn end_marker(tournament_id: TournamentId) -> String {
    format!("backup.end.{}", tournament_id.get())
}

/// A backup of the event's end made due, once, when its last round is published (or a double
/// elimination's bracket ended early) and every result is in. It runs with every result sent:
/// the cheap looks first (the marker, the rounds published, the games still waiting), the
/// history and the bracket only once those say the event may have ended.
fn back_up_at_the_end(conn: &mut SqliteConnection, t: &Tournament) -> Result<(), ServiceError> {
    let marker = end_marker(t.id);
    if queries::get_setting(conn, &marker)?.is_some() {
        return Ok(());
    }
    let published = queries::list_rounds(conn, t.id)?
        .iter()
        .filter(|r| r.published)
        .count();
    let every_round = t.settings.rounds > 0 && published == t.settings.rounds as usize;
    // A double elimination may end a round early: only it reads its bracket.
    if !every_round && !t.settings.format.may_end_early()
        || crate::db::backups::games_waiting(conn, t.id)? > 0
        || !every_round && !super::brackets::ended_early(conn, &TournamentView::new(t)?)?
    {
        return Ok(());
    }
    let after = published as i32;
    let games = super::matches::records(conn, t.id, Some(after + 1))?;
    if !open_games(&games, after).is_empty() {
        return Ok(());
    }
    let now = Utc::now().naive_utc();
    queries::put_setting(conn, &marker, &now.to_string())?;
    let reason = crate::said!("backup-every-result-in", tournament = t.name.clone());
    crate::db::backups::mark_due(conn, &reason.to_stored(), now)?;
    Ok(())
}
