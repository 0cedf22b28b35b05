//! What follows from a change, in the change's own transaction: a function of the change alone
//! (its kind and what it is about), so that whatever route made a change (a sheet, a
//! confirmation, a ruling, an adjudication), the same follows, and every guarantee of the
//! change (one transaction, refused whole) holds for what follows from it too.
//!
//! Today: a match's next game laid out, or its later games taken away, after a game's result
//! changed (`super::matches::follow`); a backup made due when a round is published, and when an
//! event's last result is in (once), taken by the backup task after the commit
//! (`super::backups`); the text messages a round's pairing and a sheet to confirm send, queued
//! for the SMS task (`super::sms_told`, `super::sms_out`). A change with nothing to follow says so in [`after`]: its `match` names
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
        Change::SheetSent { game } => {
            // The opponent asked by SMS to confirm, when SMS reach them.
            super::sms_told::ask_to_confirm(conn, game)?;
            let game = queries::get_game(conn, game)?;
            let tournament = queries::get_tournament(conn, game.tournament_id)?;
            super::matches::follow(conn, actor, &tournament, &game)?;
            back_up_at_the_end(conn, &tournament)
        }
        Change::SheetConfirmed { game }
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
            // Each player with SMS told their board, side, opponent and start.
            super::sms_told::round_published(conn, round.id)?;
            back_up_at_the_end(conn, &tournament)
        }
        Change::TournamentImported { tournament } => {
            let tournament = queries::get_tournament(conn, tournament)?;
            back_up_at_the_end(conn, &tournament)
        }
        // Told by SMS from the one workflow that makes each (`super::sms_told`), which the
        // workflows this module uses do not reach.
        Change::RoundCorrected { .. }
        | Change::RoundStarted { .. }
        | Change::MatchGameAdded { .. }
        | Change::PlayerWithdrawn { .. }
        | Change::PlayerReinstated { .. } => Ok(()),
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
        | Change::CircuitCreated { .. }
        | Change::CircuitUpdated { .. }
        | Change::CircuitDeclined { .. }
        | Change::CircuitFinalEntered { .. }
        | Change::CircuitQualificationChanged { .. }
        | Change::PlayerLinked { .. }
        | Change::PersonsMerged { .. }
        | Change::PersonSplit { .. }
        | Change::RegisterImported
        | Change::TournamentRated { .. }
        | Change::TournamentUnrated { .. }
        | Change::RatingsTaken { .. }
        | Change::MatchGameRemoved { .. }
        | Change::NoticeCleared { .. }
        | Change::NoticeSet { .. }
        | Change::PairAllowed { .. }
        | Change::PairProhibited { .. }
        | Change::PlayerAdded { .. }
        | Change::PlayerEntered { .. }
        | Change::PlayerImported { .. }
        | Change::PinReset { .. }
        | Change::PlayerUpdated { .. }
        | Change::PairingOrderSet { .. }
        | Change::PrizesSet { .. }
        | Change::PublishedAgain { .. }
        | Change::PublishingStarted { .. }
        | Change::PublishingStopped { .. }
        | Change::CheckedIn { .. }
        | Change::RollCallClosed { .. }
        | Change::RollCallMarked { .. }
        | Change::RollCallOpened { .. }
        | Change::RoundPaired { .. }
        | Change::RoundDeleted { .. }
        | Change::RoundPairingsReplaced { .. }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::models::Game;
    use crate::service::games::{Decision, Ruling, reset, set_result};
    use crate::service::rounds::{RoundRequest, create, publish};
    use crate::service::testing::{organiser, settings, tournament};
    use crate::tournament::said::Kept;
    use crate::tournament::sheets::{EndKind, Sheet};
    use crate::tournament::{GameId, ResultKind, Winner};

    /// The reasons of the backups due, by their message.
    fn due(conn: &mut SqliteConnection) -> Vec<String> {
        crate::db::backups::due(conn)
            .unwrap()
            .into_iter()
            .map(|(_, reason)| match Kept::read(&reason) {
                Kept::Said(said) => said.key.into_owned(),
                Kept::Text(text) => text,
            })
            .collect()
    }

    fn rule(conn: &mut SqliteConnection, game: GameId, kind: ResultKind) {
        rule_as(conn, game, Ruling::Without(kind));
    }

    /// A game won by `winner` on resignation, its move list not kept.
    fn won(conn: &mut SqliteConnection, game: GameId, winner: Winner) {
        let sheet = Sheet {
            winner,
            seeds: [22, 22],
            end: EndKind::Resignation,
            moves: String::new(),
        };
        rule_as(conn, game, Ruling::Played(sheet));
    }

    fn rule_as(conn: &mut SqliteConnection, game: GameId, ruling: Ruling) {
        let decision = Decision {
            ruling,
            reason: "seen by the controller".to_string(),
            seen: None,
        };
        set_result(conn, &organiser(), game, &decision).unwrap();
    }

    /// Round 1's games on board 1, in the order they are played.
    fn board_one(conn: &mut SqliteConnection, t: TournamentId) -> Vec<Game> {
        let round = queries::get_round(conn, t, 1).unwrap();
        queries::match_games(conn, round.id, 1).unwrap()
    }

    #[test]
    fn a_round_published_and_an_events_last_result_make_a_backup_due_the_last_once() {
        let one_round = settings(serde_json::json!({"rounds": 1, "require_moves": false}));
        let (_dir, mut conn, t) = tournament(&["A", "B", "C", "D"], &one_round);
        let actor = organiser();
        let round = create(&mut conn, &actor, t, &RoundRequest::Generate).unwrap();
        assert!(due(&mut conn).is_empty(), "a pairing makes nothing due");
        publish(&mut conn, &actor, t, 1).unwrap();
        assert_eq!(due(&mut conn), ["backup-round-published"]);
        // Published again: nothing more.
        publish(&mut conn, &actor, t, 1).unwrap();
        let (first, last) = (round.games[0].id, round.games[1].id);
        rule(&mut conn, first, ResultKind::DoubleForfeit);
        assert_eq!(due(&mut conn).len(), 1, "a result is still waiting");
        rule(&mut conn, last, ResultKind::ForfeitNorth);
        let end = ["backup-round-published", "backup-every-result-in"];
        assert_eq!(due(&mut conn), end);
        // The last result taken back and given again: the event's end was backed up once.
        reset(&mut conn, &actor, last, "entered on the wrong board").unwrap();
        rule(&mut conn, last, ResultKind::ForfeitSouth);
        assert_eq!(due(&mut conn), end);
    }

    #[test]
    fn a_matchs_games_follow_its_results_whatever_changes_them() {
        let best_of_three = settings(serde_json::json!({
            "rounds": 1, "require_moves": false, "match_games": 3, "match_length": "best-of"
        }));
        let (_dir, mut conn, t) = tournament(&["A", "B"], &best_of_three);
        let actor = organiser();
        create(&mut conn, &actor, t, &RoundRequest::Generate).unwrap();
        publish(&mut conn, &actor, t, 1).unwrap();
        let games = board_one(&mut conn, t);
        assert_eq!(games.len(), 1, "a best of three starts with its first game");
        // Game 1 to its South; game 2 is laid out, the sides swapped.
        won(&mut conn, games[0].id, Winner::South);
        let games = board_one(&mut conn, t);
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].south_id, games[0].north_id.unwrap());
        // Game 2 to its South: one each, a third game.
        won(&mut conn, games[1].id, Winner::South);
        assert_eq!(board_one(&mut conn, t).len(), 3);
        // Game 2 sent back: the third game goes with the result that called for it.
        reset(&mut conn, &actor, games[1].id, "played again").unwrap();
        assert_eq!(board_one(&mut conn, t).len(), 2);
        // Game 2 to its North (the winner of game 1): the match is decided, 2-0.
        won(&mut conn, games[1].id, Winner::North);
        assert_eq!(board_one(&mut conn, t).len(), 2);
        // And no backup of the end waits on a game that will not be played.
        assert_eq!(
            due(&mut conn),
            ["backup-round-published", "backup-every-result-in"]
        );
    }
}
