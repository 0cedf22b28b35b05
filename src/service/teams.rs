//! A tournament's team standings: its settings (organisers), and the teams as the standings
//! give them.

use std::collections::HashMap;

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::standings::Report;
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::db::models::Tournament;
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::teams::{self, Member, TeamSettings, TeamStanding};

/// The team settings stored with a tournament.
pub fn stored(t: &Tournament) -> Result<TeamSettings, ServiceError> {
    serde_json::from_str(&t.teams)
        .map_err(|e| ServiceError::Internal(format!("tournament {}: its teams: {e}", t.id)))
}

/// The team standings of a tournament.
#[derive(Clone, Debug, Serialize)]
pub struct TeamsView {
    pub settings: TeamSettings,
    pub teams: Vec<TeamStanding>,
    /// The round the standings are after.
    pub after_round: i32,
}

impl TeamsView {}

/// The teams as the standings `d` give them.
pub fn view(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    d: &Report,
) -> Result<TeamsView, ServiceError> {
    let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    let settings = stored(&t)?;
    let members: HashMap<i32, Member> = queries::list_players(conn, tournament_id)?
        .iter()
        .map(|p| {
            let d = p.details();
            (
                p.id.get(),
                Member {
                    club: d.club,
                    country: d.country,
                    federation: d.federation,
                    gender: d.gender,
                },
            )
        })
        .collect();
    Ok(TeamsView {
        teams: teams::standings(&settings, &d.table, &members),
        settings,
        after_round: d.after,
    })
}

/// An organiser sets how a tournament's teams are made and counted.
pub fn set(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    settings: &TeamSettings,
) -> Result<TeamSettings, ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
        let players: Vec<i32> = queries::list_players(conn, tournament_id)?
            .iter()
            .map(|p| p.id.get())
            .collect();
        let problems = settings.problems(&players);
        if !problems.is_empty() {
            return Err(ServiceError::Invalid(crate::tournament::said::Said::all(
                problems,
            )));
        }
        let before = stored(&t)?;
        let json = serde_json::to_string(settings).expect("teams serialise");
        queries::set_teams(conn, tournament_id, &json)?;
        Audit {
            actor,
            change: Change::TeamsSet {
                tournament: tournament_id,
            },
            tournament_id: Some(tournament_id),
        }
        .record(conn, Some(&before), Some(settings))?;
        Ok(settings.clone())
    })
}
