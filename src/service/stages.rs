//! An event of stages: the qualifiers of one tournament's final standings become the players of
//! the next (a knockout, a final group), seeded in the order they qualified. The staff who run
//! both see who qualifies (the top `n`, a tie at the cut drawn by lots whose seed is shown) and
//! confirm it, or adjust it with a reason; one transaction with its audit entry.

use std::collections::HashSet;

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::changes::Change;
use super::standings::Report;
use super::tournaments::TournamentView;
use super::{Actor, Audit, ServiceError, transaction};
use crate::db::models::NewPlayer;
use crate::db::queries;
use crate::tournament::knockout;
use crate::tournament::match_format::TieRule;
use crate::tournament::stages;
use crate::tournament::standings::Standing;
use crate::tournament::{Format, PlayerId, TournamentId};

/// What the staff ask: the stage before, how many go through, the lots' seed (a new one when not
/// given), and the players chosen when they differ from the standings (with the reason).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QualifyInput {
    pub from: TournamentId,
    pub top: usize,
    pub seed: Option<u64>,
    pub players: Option<Vec<PlayerId>>,
    pub reason: Option<String>,
}

/// A player of the stage before, as the proposal lists them.
#[derive(Clone, Debug, Serialize)]
pub struct Candidate {
    pub player: PlayerId,
    pub name: String,
    /// "1", "3=".
    pub place: String,
    pub points: f64,
    /// Qualified by the standings (and lots).
    pub proposed: bool,
    /// Shares the place at the cut.
    pub tied: bool,
}

/// Who qualifies from the stage before, as the standings and lots say.
#[derive(Clone, Debug, Serialize)]
pub struct Proposal {
    pub from: TournamentView,
    pub top: usize,
    pub seed: u64,
    /// Every player of the stage before not withdrawn, in the order of its final standings.
    pub candidates: Vec<Candidate>,
    /// The qualifiers in seeding order.
    pub qualified: Vec<PlayerId>,
    /// The lots' order of the players tied at the cut (empty without such a tie).
    pub lots: Vec<PlayerId>,
}

/// A new seed for the lots: a number people can copy.
pub fn new_seed() -> u64 {
    u64::from(rand::random::<u32>())
}

/// Who would qualify into `target` from the final standings of `input.from`.
pub fn proposal(
    conn: &mut SqliteConnection,
    actor: &Actor,
    target: TournamentId,
    from: TournamentId,
    top: usize,
    seed: u64,
) -> Result<Proposal, ServiceError> {
    actor.check_runs(conn, target)?;
    actor.check_runs(conn, from)?;
    if from == target {
        return Err(ServiceError::Invalid(crate::said!(
            "stage-s-qualifiers-come-another"
        )));
    }
    let (report, table) = final_standings(conn, from)?;
    if !(2..=table.len()).contains(&top) {
        return Err(ServiceError::Invalid(crate::said!(
            "top-2-players",
            table_count = table.len(),
            name = report.t.settings.name
        )));
    }
    let ranked: Vec<(i32, usize)> = table.iter().map(|s| (s.player_id, s.rank)).collect();
    let q = stages::qualify(&ranked, top, seed);
    let candidates = table
        .iter()
        .map(|s| Candidate {
            player: PlayerId(s.player_id),
            name: s.name.clone(),
            place: super::standings::rank_text(s),
            points: s.points,
            proposed: q.qualified.contains(&s.player_id),
            tied: q.tied.contains(&s.player_id),
        })
        .collect();
    Ok(Proposal {
        from: report.t.clone(),
        top,
        seed,
        candidates,
        qualified: q.qualified.into_iter().map(PlayerId).collect(),
        lots: q.lots.into_iter().map(PlayerId).collect(),
    })
}

/// The final standings of a stage (every published round with a result that counts), without
/// its withdrawn players.
fn final_standings(
    conn: &mut SqliteConnection,
    from: TournamentId,
) -> Result<(Report, Vec<Standing>), ServiceError> {
    let report = super::standings::report(conn, from, None)?;
    if report.published == 0 {
        return Err(ServiceError::Conflict(crate::said!(
            "has-no-published-round-has",
            name = report.t.settings.name
        )));
    }
    if !report.open.is_empty() {
        return Err(ServiceError::Conflict(crate::said!(
            "stage-source-not-over",
            name = &report.t.name,
            open = report.open.len()
        )));
    }
    let withdrawn: HashSet<i32> = queries::list_players(conn, from)?
        .iter()
        .filter(|p| p.withdrawn)
        .map(|p| p.id.get())
        .collect();
    let table = report
        .table
        .iter()
        .filter(|s| !withdrawn.contains(&s.player_id))
        .cloned()
        .collect();
    Ok((report, table))
}

/// Copies players of `from` into `target` with their details and PINs, seeded 1, 2, ... in the
/// order given, each remembering who they were.
fn copy_players(
    conn: &mut SqliteConnection,
    from: TournamentId,
    target: TournamentId,
    seeded: &[PlayerId],
) -> Result<Vec<(PlayerId, String)>, ServiceError> {
    let now = Utc::now().naive_utc();
    let mut players = Vec::new();
    for (i, id) in seeded.iter().enumerate() {
        let before = queries::get_player(conn, from, *id)?;
        let new = queries::insert_player(conn, &NewPlayer::entry_of(&before, target, now))?;
        queries::set_pairing_numbers(conn, &[(new.id, i as i32 + 1)])?;
        queries::set_previous_player(conn, new.id, *id)?;
        players.push((new.id, new.name));
    }
    Ok(players)
}

/// What a qualification did.
#[derive(Clone, Debug, Serialize)]
pub struct Qualified {
    /// The new stage's players, in seeding order, with the id they have there.
    pub players: Vec<(PlayerId, String)>,
    pub seed: u64,
    pub lots: Vec<PlayerId>,
    /// The players differ from the standings' proposal.
    pub adjusted: bool,
}

/// The qualifiers become `target`'s players (their details and PINs as in the stage before),
/// seeded in the order they qualified: by the standings, the tie at the cut by lots, players
/// the staff chose instead after them in the standings' order. `target` has no players and no
/// round yet.
pub fn qualify(
    conn: &mut SqliteConnection,
    actor: &Actor,
    target: TournamentId,
    input: &QualifyInput,
) -> Result<Qualified, ServiceError> {
    transaction(conn, |conn| {
        let seed = input.seed.unwrap_or_else(new_seed);
        let p = proposal(conn, actor, target, input.from, input.top, seed)?;
        if !queries::list_rounds(conn, target)?.is_empty()
            || !queries::list_players(conn, target)?.is_empty()
        {
            return Err(ServiceError::Conflict(crate::said!(
                "tournament-has-players-rounds-already"
            )));
        }
        let chosen = input.players.clone().unwrap_or_else(|| p.qualified.clone());
        let mut seen = HashSet::new();
        for id in &chosen {
            if !p.candidates.iter().any(|c| c.player == *id) || !seen.insert(*id) {
                return Err(ServiceError::Invalid(crate::said!(
                    "players-not-player-given-twice",
                    id,
                    name = p.from.settings.name
                )));
            }
        }
        if chosen.len() < 2 {
            return Err(ServiceError::Invalid(crate::said!(
                "players-stage-needs-at-least"
            )));
        }
        // The same players in any order are the proposal (a form sends them unordered).
        let adjusted = seen != p.qualified.iter().copied().collect::<HashSet<_>>();
        let reason = input.reason.as_deref().map(str::trim).unwrap_or("");
        if adjusted && reason.is_empty() {
            return Err(ServiceError::Invalid(crate::said!(
                "reason-say-why-qualifiers-differ"
            )));
        }
        // Seeding: the proposal's order, then the others chosen in the standings' order.
        let order: Vec<PlayerId> = p
            .qualified
            .iter()
            .copied()
            .chain(p.candidates.iter().map(|c| c.player))
            .collect();
        let mut seeded = chosen.clone();
        seeded.sort_by_key(|id| order.iter().position(|o| o == id));
        let players = copy_players(conn, input.from, target, &seeded)?;
        queries::set_previous_stage(conn, target, input.from, None)?;
        Audit {
            actor,
            change: Change::StageQualified { tournament: target },
            tournament_id: Some(target),
        }
        .record(
            conn,
            Some(&serde_json::json!({
                "from": input.from, "top": input.top, "seed": seed,
                "proposed": p.qualified, "lots": p.lots,
            })),
            Some(&serde_json::json!({
                "qualified": seeded, "adjusted": adjusted, "reason": reason,
            })),
        )?;
        Ok(Qualified {
            players,
            seed,
            lots: p.lots,
            adjusted,
        })
    })
}

/// A play-off decides the players tied on points at `place` (counted from 1 down the final
/// standings) by matches instead of tie-breaks: a knockout of those players (seeded by the
/// tie-breaks' order), with the tournament's rules and matches and deciding games, a
/// third-place match when there are four or more. Its places, once its final is decided, order
/// those players in the standings. For the organiser; one transaction with its audit entry.
pub fn create_playoff(
    conn: &mut SqliteConnection,
    actor: &Actor,
    source: TournamentId,
    place: usize,
) -> Result<TournamentView, ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let (report, table) = final_standings(conn, source)?;
        let Some(at) = place.checked_sub(1).and_then(|i| table.get(i)) else {
            return Err(ServiceError::Invalid(crate::said!(
                "place-1-players-standings",
                table_count = table.len()
            )));
        };
        let group: Vec<PlayerId> = table
            .iter()
            .filter(|s| s.points == at.points)
            .map(|s| PlayerId(s.player_id))
            .collect();
        if group.len() < 2 {
            return Err(ServiceError::Invalid(crate::said!(
                "place-alone-points-play-off",
                place,
                name = &at.name,
                points = at.points
            )));
        }
        let first = table
            .iter()
            .position(|s| s.points == at.points)
            .unwrap_or(0)
            + 1;
        if queries::playoffs_of(conn, source)?
            .iter()
            .any(|p| p.playoff_place == Some(first as i32))
        {
            return Err(ServiceError::Conflict(crate::said!(
                "place-already-has-play-off",
                first
            )));
        }
        let mut settings =
            super::tournaments::stored_settings(&queries::get_tournament(conn, source)?)?;
        let name = format!("{}: play-off for place {first}", report.t.name);
        settings.name = name.chars().take(200).collect();
        settings.format = Format::playoff(group.len());
        settings.rounds = knockout::rounds_needed(group.len());
        settings.matches.tie = TieRule::Decider;
        settings.club_rounds = 0;
        let t = super::tournaments::create(conn, actor, &settings)?;
        copy_players(conn, source, t.id, &group)?;
        queries::set_previous_stage(conn, t.id, source, Some(first as i32))?;
        Audit {
            actor,
            change: Change::PlayoffCreated { tournament: t.id },
            tournament_id: Some(source),
        }
        .record(
            conn,
            None::<&()>,
            Some(&serde_json::json!({"place": first, "players": group, "playoff": t.id})),
        )?;
        super::tournaments::get(conn, t.id)
    })
}
