//! Byes asked for before a round (FIDE C.04): a player asks for a half-point or zero-point bye
//! from their page, or the controller enters one (a full-point bye too, when the tournament's
//! regulations allow it), until the round is paired. The player is then left out of that round's
//! pairing and scores the bye.

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::db::models::NewBye;
use crate::db::queries;
use crate::tournament::{ByeKind, PlayerId, TournamentId};

/// A bye as pages and the API show it.
#[derive(Clone, Debug, Serialize)]
pub struct ByeView {
    pub player_id: PlayerId,
    pub name: String,
    pub round: i32,
    pub kind: ByeKind,
    pub label: &'static str,
}

/// The rounds a bye can still be asked for in: those not yet paired (none in a round robin).
pub fn open_rounds(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Vec<i32>, ServiceError> {
    let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    if t.settings.format.field_fixed_at_start() {
        return Ok(Vec::new());
    }
    let paired = queries::list_rounds(conn, tournament_id)?
        .last()
        .map_or(0, |r| r.number);
    Ok((paired + 1..=t.settings.rounds).collect())
}

/// The byes of a tournament, by round.
pub fn list(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Vec<ByeView>, ServiceError> {
    queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    let names: std::collections::HashMap<PlayerId, String> =
        queries::list_players(conn, tournament_id)?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect();
    Ok(queries::tournament_byes(conn, tournament_id)?
        .into_iter()
        .map(|b| ByeView {
            player_id: b.player_id,
            name: names.get(&b.player_id).cloned().unwrap_or_default(),
            round: b.round_number,
            kind: b.kind,
            label: b.kind.label(),
        })
        .collect())
}

/// Who may ask for (or cancel) a bye of `player` in round `number`, and whether that round
/// still takes one: the player for themselves (not a full-point bye), or the staff who run the
/// tournament; a round not yet paired, within the tournament's rounds; a Swiss or hand-paired
/// tournament (a round robin's tables are fixed).
fn check(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    player: PlayerId,
    number: i32,
    kind: Option<ByeKind>,
) -> Result<(), ServiceError> {
    let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    if actor.player_in(tournament_id) == Some(player) {
        if kind == Some(ByeKind::Full) {
            return Err(ServiceError::Forbidden(crate::said!(
                "full-point-bye-granted-controller"
            )));
        }
    } else {
        actor.check_runs(conn, tournament_id)?;
    }
    let p = queries::get_player(conn, tournament_id, player).or_not_found("player")?;
    if p.withdrawn {
        return Err(ServiceError::Conflict(crate::said!(
            "has-withdrawn-tournament",
            name = p.name
        )));
    }
    if let Some(why) = t.settings.format.byes_refused() {
        return Err(ServiceError::Conflict(why));
    }
    if !(1..=t.settings.rounds).contains(&number) {
        return Err(ServiceError::Invalid(crate::said!(
            "tournament-has-rounds-1",
            rounds = t.settings.rounds
        )));
    }
    if queries::list_rounds(conn, tournament_id)?
        .iter()
        .any(|r| r.number == number)
    {
        return Err(ServiceError::Conflict(crate::said!(
            "round-paired-already-ask-controller",
            number
        )));
    }
    Ok(())
}

/// Asks for (or changes) a bye in a round not yet paired.
pub fn request(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    player: PlayerId,
    number: i32,
    kind: ByeKind,
) -> Result<ByeView, ServiceError> {
    transaction(conn, |conn| {
        check(conn, actor, tournament_id, player, number, Some(kind))?;
        let bye = queries::put_bye(
            conn,
            &NewBye {
                tournament_id,
                player_id: player,
                round_number: number,
                kind,
                created_at: Utc::now().naive_utc(),
            },
        )?;
        Audit {
            actor,
            change: Change::ByeRequested { player },
            tournament_id: Some(tournament_id),
        }
        .record(conn, None::<&()>, Some(&bye))?;
        let name = queries::get_player(conn, tournament_id, player)
            .or_not_found("player")?
            .name;
        Ok(ByeView {
            player_id: player,
            name,
            round: number,
            kind,
            label: kind.label(),
        })
    })
}

/// Takes back a bye of a round not yet paired.
pub fn cancel(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    player: PlayerId,
    number: i32,
) -> Result<(), ServiceError> {
    transaction(conn, |conn| {
        check(conn, actor, tournament_id, player, number, None)?;
        if queries::delete_bye(conn, player, number)? == 0 {
            return Err(ServiceError::NotFound(crate::said!(
                "there-no-bye-round-cancel",
                number
            )));
        }
        Audit {
            actor,
            change: Change::ByeCancelled { player },
            tournament_id: Some(tournament_id),
        }
        .record(
            conn,
            Some(&serde_json::json!({"round": number})),
            None::<&()>,
        )?;
        Ok(())
    })
}
