//! What the pages and the API show of rounds: a round with its games, the list of rounds, a
//! round's page for the staff.

use std::collections::{HashMap, HashSet};

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::pairings::{open_before, pairing_check};
use super::views::{GameView, names};
use super::{Actor, Found, ServiceError};
use crate::db::models::Round;
use crate::db::queries;
use crate::tournament::pairing::Pair;
use crate::tournament::said::Said;
use crate::tournament::{GameStatus, PlayerId, RoundId, TournamentId};

#[derive(Clone, Debug, Serialize)]
pub struct RoundView {
    pub tournament_id: TournamentId,
    pub number: i32,
    pub published: bool,
    /// When the pairings were last corrected after publishing.
    pub corrected_at: Option<chrono::NaiveDateTime>,
    pub games: Vec<GameView>,
    /// The byes players asked for in this round (they are not paired).
    pub requested_byes: Vec<super::byes::ByeView>,
    /// What the pairing should be warned about (worded by the pages).
    #[serde(skip)]
    pub warnings: Vec<Said>,
    /// Its start and planned end (the round clock).
    pub times: super::schedule::RoundTimes,
    /// The version the round was read at: a form that changes it sends it back
    /// ([`super::versions`]).
    pub version: i64,
}

/// A player's place in a round: their board, side and opponent (a bye: no board, no side).
#[derive(Clone, Debug)]
pub struct Place {
    pub player: PlayerId,
    pub name: String,
    pub board: Option<i32>,
    pub south: Option<bool>,
    /// The opponent's name, or `bye`.
    pub opponent: String,
}

impl RoundView {
    /// Whether the round's pairings are matches of several games.
    pub fn has_matches(&self) -> bool {
        self.games.iter().any(|g| g.match_of > 0)
    }

    /// The round's pairings: each board's first game (a match's later games follow from it),
    /// and the byes.
    pub fn pairings(&self) -> impl Iterator<Item = &GameView> {
        self.games.iter().filter(|g| g.match_game == 1)
    }

    /// Each board's game now, and the byes: of a match, the first game whose result is not in
    /// (neither confirmed nor final), or its last once every result is in.
    pub fn now_playing(&self) -> impl Iterator<Item = &GameView> {
        let mut now: HashMap<i32, &GameView> = HashMap::new();
        for g in self.games.iter() {
            let Some(board) = g.board else { continue };
            let in_ = |g: &GameView| matches!(g.status, GameStatus::Confirmed | GameStatus::Final);
            now.entry(board)
                .and_modify(|held| {
                    let better = match (in_(held), in_(g)) {
                        // The first game still to finish.
                        (false, false) => g.match_game < held.match_game,
                        (true, false) => true,
                        (false, true) => false,
                        // Every result in so far: the last.
                        (true, true) => g.match_game > held.match_game,
                    };
                    if better {
                        *held = g;
                    }
                })
                .or_insert(g);
        }
        self.games.iter().filter(move |g| {
            g.board
                .is_none_or(|b| now.get(&b).is_some_and(|n| n.id == g.id))
        })
    }

    /// Every player of the round's games by name (case aside), as a list to find one's board.
    pub fn places_by_name(&self, language: &str) -> Vec<Place> {
        let mut places = Vec::new();
        // Each board's game now: the side a player has now.
        for g in self.now_playing() {
            let place = |player: &super::views::PlayerRef, south: bool, opponent: &str| Place {
                player: player.id,
                name: player.name.clone(),
                board: g.board,
                south: Some(south),
                opponent: opponent.to_string(),
            };
            match &g.north {
                Some(n) => {
                    places.push(place(&g.south, true, &n.name));
                    places.push(place(n, false, &g.south.name));
                }
                None => places.push(Place {
                    board: None,
                    south: None,
                    ..place(&g.south, true, "bye")
                }),
            }
        }
        crate::tournament::names::sort_by_name(language, &mut places, |s| &s.name);
        places
    }
}

/// A round as shown, if the actor may see it (unpublished rounds: only staff who run it).
pub fn view(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    number: i32,
    warnings: Vec<Said>,
) -> Result<RoundView, ServiceError> {
    let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    let format = super::tournaments::stored_settings(&t)?.matches;
    let round = queries::get_round(conn, tournament_id, number).or_not_found("round")?;
    let runs = actor.runs(conn, tournament_id)?;
    if !round.published && !runs {
        return Err(ServiceError::NotFound(crate::said!(
            "round-not-published-yet",
            number
        )));
    }
    let names = names(conn, tournament_id)?;
    let rows = queries::round_games(conn, round.id)?;
    let mut games: Vec<GameView> = rows
        .iter()
        .map(|g| GameView::new(g, number, &names, &format))
        .collect();
    super::matches::score_matches(&format, &mut games, &rows);
    let requested_byes = super::byes::list(conn, tournament_id)?
        .into_iter()
        .filter(|b| b.round == number)
        .collect();
    let version =
        super::versions::version(conn, super::versions::Watched::Round(tournament_id, number))?;
    Ok(RoundView {
        version,
        tournament_id,
        number,
        published: round.published,
        corrected_at: round.corrected_at,
        games,
        requested_byes,
        warnings,
        times: super::schedule::round(conn, tournament_id, number)?,
    })
}

/// The rounds the actor may see (unpublished ones: only staff who run the tournament), whether
/// they run it, and the number of the round they may pair next.
pub struct RoundList {
    pub t: super::tournaments::TournamentView,
    pub rounds: Vec<Round>,
    pub runs: bool,
    pub next: Option<i32>,
    /// A double elimination over a round early: its grand final's winner had lost no match.
    pub ended_early: bool,
}

pub fn list(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
) -> Result<RoundList, ServiceError> {
    let t = super::tournaments::get(conn, tournament_id)?;
    let runs = actor.runs(conn, tournament_id)?;
    let rounds: Vec<Round> = queries::list_rounds(conn, tournament_id)?
        .into_iter()
        .filter(|r| r.published || runs)
        .collect();
    let next_number = rounds.last().map_or(1, |r| r.number + 1);
    let ended_early = super::brackets::ended_early(conn, &t)?;
    let next = (runs
        && next_number <= t.rounds
        && rounds.last().is_none_or(|r| r.published)
        && !ended_early)
        .then_some(next_number);
    Ok(RoundList {
        t,
        rounds,
        runs,
        next,
        ended_early,
    })
}

/// A round's page: the round; for the staff who run it, the active players by name (for the
/// pairing form), the games of the round by status, and the games still open in the event.
pub struct RoundPage {
    pub t: super::tournaments::TournamentView,
    pub round: RoundView,
    pub runs: bool,
    pub players: Vec<(PlayerId, String)>,
    /// Each status with the round's games in it (boards only, byes are final at once).
    pub by_status: Vec<(GameStatus, Vec<GameView>)>,
    /// Games of published rounds whose result does not count yet.
    pub open_in_event: usize,
}

/// What the pairing of a round warns of, as it stands: rematches, second byes, players left
/// out, and results of the round before that do not count yet.
fn standing_warnings(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    round: &RoundView,
) -> Result<Vec<Said>, ServiceError> {
    let boards: Vec<(i32, Pair)> = round
        .pairings()
        .filter_map(|g| {
            let pair = Pair {
                south: g.south.id.get(),
                north: g.north.as_ref()?.id.get(),
            };
            Some((g.board.unwrap_or_default(), pair))
        })
        .collect();
    let byes: Vec<i32> = round
        .pairings()
        .filter(|g| g.north.is_none())
        .map(|g| g.south.id.get())
        .collect();
    let check = pairing_check(conn, tournament_id, round.number, (&boards, &byes))?;
    let mut warnings: Vec<Said> = check.errors.into_iter().chain(check.warnings).collect();
    warnings.extend(open_before(conn, tournament_id, round.number)?);
    Ok(warnings)
}

pub fn page(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    number: i32,
) -> Result<RoundPage, ServiceError> {
    let mut round = view(conn, actor, tournament_id, number, Vec::new())?;
    let t = super::tournaments::get(conn, tournament_id)?;
    let runs = actor.runs(conn, tournament_id)?;
    if !runs {
        return Ok(RoundPage {
            t,
            round,
            runs,
            players: Vec::new(),
            by_status: Vec::new(),
            open_in_event: 0,
        });
    }
    round.warnings = standing_warnings(conn, tournament_id, &round)?;
    let players = super::players::active_by_name(conn, tournament_id)?;
    let by_status = <GameStatus as strum::VariantArray>::VARIANTS
        .iter()
        .map(|&status| {
            let games = round
                .games
                .iter()
                .filter(|g| g.north.is_some() && g.status == status)
                .cloned()
                .collect();
            (status, games)
        })
        .collect();
    let published: HashSet<RoundId> = queries::list_rounds(conn, tournament_id)?
        .into_iter()
        .filter(|r| r.published)
        .map(|r| r.id)
        .collect();
    let open_in_event = queries::tournament_games(conn, tournament_id)?
        .iter()
        .filter(|g| published.contains(&g.round_id) && g.north_id.is_some() && !g.status.counts())
        .count();
    Ok(RoundPage {
        t,
        round,
        runs,
        players,
        by_status,
        open_in_event,
    })
}
