//! Pairings the controller rules out (FIDE C.04.1: players who must not meet, such as siblings
//! or clubmates in a junior event), and the rule that players of the same club do not meet in
//! the first rounds (a tournament setting). A generated pairing respects both; a pairing made by
//! hand is refused if it seats a pair ruled out, and warned about clubmates.

use std::collections::{HashMap, HashSet};

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::db::models::{Player, Tournament};
use crate::db::queries;
use crate::tournament::history::RequestedBye;
use crate::tournament::pairing::Restrictions;
use crate::tournament::{PlayerId, TournamentId};

/// A pair ruled out, as pages and the API show it.
#[derive(Clone, Debug, Serialize)]
pub struct PairView {
    pub players: [PlayerId; 2],
    pub names: [String; 2],
}

pub fn list(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Vec<PairView>, ServiceError> {
    queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    let names: HashMap<PlayerId, String> = queries::list_players(conn, tournament_id)?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    let name = |id: &PlayerId| names.get(id).cloned().unwrap_or_default();
    Ok(queries::prohibited_pairs(conn, tournament_id)?
        .into_iter()
        .map(|p| PairView {
            names: [name(&p.first_id), name(&p.second_id)],
            players: [p.first_id, p.second_id],
        })
        .collect())
}

/// What round `number` must respect: the pairs ruled out, clubmates while the club rule lasts,
/// and the players who asked for a bye; from the tournament's players and byes already read.
pub fn for_round(
    conn: &mut SqliteConnection,
    t: &Tournament,
    players: &[Player],
    byes: &[RequestedBye],
    number: i32,
) -> Result<Restrictions, ServiceError> {
    let ruled_out = queries::prohibited_pairs(conn, t.id)?
        .into_iter()
        .map(|p| (p.first_id.get(), p.second_id.get()))
        .collect();
    let mut clubmates = HashSet::new();
    if number <= t.settings.club_rounds {
        let mut by_club: HashMap<String, Vec<i32>> = HashMap::new();
        for p in players {
            let club = p.club.trim().to_lowercase();
            if !club.is_empty() {
                by_club.entry(club).or_default().push(p.id.get());
            }
        }
        for ids in by_club.values() {
            for (i, &a) in ids.iter().enumerate() {
                for &b in &ids[i + 1..] {
                    clubmates.insert((a.min(b), a.max(b)));
                }
            }
        }
    }
    Ok(Restrictions {
        round: number,
        ruled_out,
        clubmates,
        away: byes
            .iter()
            .filter(|b| b.round == number)
            .map(|b| b.player)
            .collect(),
    })
}

fn check_pair(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    players: [PlayerId; 2],
) -> Result<(), ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    if players[0] == players[1] {
        return Err(ServiceError::Invalid(crate::said!(
            "name-two-different-players"
        )));
    }
    for id in players {
        queries::get_player(conn, tournament_id, id).or_not_found("player")?;
    }
    Ok(())
}

/// Rules out a pairing of two players, from the next round paired on.
pub fn prohibit(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    players: [PlayerId; 2],
) -> Result<Vec<PairView>, ServiceError> {
    transaction(conn, |conn| {
        check_pair(conn, actor, tournament_id, players)?;
        queries::prohibit_pair(conn, tournament_id, players[0], players[1])?;
        Audit {
            actor,
            change: Change::PairProhibited {
                tournament: tournament_id,
            },
            tournament_id: Some(tournament_id),
        }
        .record(conn, None::<&()>, Some(&players))?;
        list(conn, tournament_id)
    })
}

/// Allows a pairing ruled out before.
pub fn allow(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    players: [PlayerId; 2],
) -> Result<Vec<PairView>, ServiceError> {
    transaction(conn, |conn| {
        check_pair(conn, actor, tournament_id, players)?;
        if queries::allow_pair(conn, players[0], players[1])? == 0 {
            return Err(ServiceError::NotFound(crate::said!(
                "pairing-was-not-ruled-out"
            )));
        }
        Audit {
            actor,
            change: Change::PairAllowed {
                tournament: tournament_id,
            },
            tournament_id: Some(tournament_id),
        }
        .record(conn, Some(&players), None::<&()>)?;
        list(conn, tournament_id)
    })
}
