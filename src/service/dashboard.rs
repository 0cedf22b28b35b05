//! The staff's live dashboard of a tournament: the latest published round's boards with their
//! state (playing, sheet in, confirmed, disputed, final), the sheets refused on each, and the
//! alerts that call for the controller ([`crate::tournament::alerts`]).

use std::collections::HashMap;

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::round_views::{self, RoundView};
use super::{Actor, ServiceError};
use crate::db::{queries, sheet_refusals};
use crate::tournament::alerts::{self, Alert, Board, Next};
use crate::tournament::said::Kept;
use crate::tournament::{GameId, GameStatus, TournamentId};

/// One game of the round on the dashboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardLine {
    pub game: GameId,
    pub board: i32,
    /// The game's number in its match and the match's games (0 for a single game), for the
    /// page's words.
    #[serde(skip)]
    pub in_match: (i32, i32),
    pub south: String,
    pub north: String,
    pub status: GameStatus,
    /// The result once there is one, for the page (and the API) to word.
    #[serde(skip)]
    pub outcome: Option<crate::tournament::sheets::Outcome>,
    /// Sheets the replay refused since the game's last accepted one, and why the last was.
    pub refused: u32,
    /// Why the last was refused, as facts (the page and the API word it for their reader).
    #[serde(skip)]
    pub last_refusal: Option<Kept>,
}

/// The dashboard as the page draws it and the API gives it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Dashboard {
    pub tournament_id: TournamentId,
    pub name: String,
    /// The latest published round (none yet: `None`).
    pub round: Option<i32>,
    /// Its start and planned end, for the page (and the API) to word.
    #[serde(skip)]
    pub round_times: super::schedule::RoundTimes,
    /// The boards (the API gives each with its words).
    #[serde(skip)]
    pub boards: Vec<BoardLine>,
    /// The players with a bye this round.
    pub byes: Vec<String>,
    /// How many games are in each state, in the states' order (states with none left out).
    #[serde(skip)]
    pub counts: Vec<(GameStatus, usize)>,
    /// What the controller should see to (the API gives each with its words).
    #[serde(skip)]
    pub alerts: Vec<Alert>,
    /// The SMS with players, summed up (none: SMS were never used).
    #[serde(skip)]
    pub sms: Option<super::sms::SmsSummary>,
}

/// The dashboard of the tournament, for the staff who run it.
pub fn get(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
) -> Result<Dashboard, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    read(conn, tournament_id)
}

/// The dashboard as it is now, read once for every staff device that follows it (whoever
/// asks for it has been checked).
pub fn read(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Dashboard, ServiceError> {
    let t = super::tournaments::get(conn, tournament_id)?;
    // A push the hub refused calls for the controller whatever the round.
    let hub: Vec<Alert> = crate::db::publishing::link(conn, tournament_id)?
        .filter(|l| l.refused_version.is_some())
        .and_then(|l| l.problem)
        .map(|problem| Alert::HubRefused {
            problem: Kept::read(&problem),
        })
        .into_iter()
        .collect();
    let rounds = queries::list_rounds(conn, tournament_id)?;
    let Some(number) = rounds
        .iter()
        .filter(|r| r.published)
        .map(|r| r.number)
        .max()
    else {
        return Ok(Dashboard {
            tournament_id,
            name: t.settings.name,
            round: None,
            round_times: Default::default(),
            boards: Vec::new(),
            byes: Vec::new(),
            counts: Vec::new(),
            alerts: hub,
            sms: super::sms::summary(conn, tournament_id)?,
        });
    };
    let round = round_views::view(conn, &Actor::Visitor, tournament_id, number, Vec::new())?;
    let ids: Vec<GameId> = round.games.iter().map(|g| g.id).collect();
    let refusals: HashMap<GameId, sheet_refusals::Refusals> = sheet_refusals::of_games(conn, &ids)?
        .into_iter()
        .map(|r| (r.game_id, r))
        .collect();
    let boards = lines(&round, &refusals);
    let next = if rounds.iter().any(|r| r.number > number) {
        Next::Publish(number + 1)
    } else if number < t.rounds && !super::brackets::ended_early(conn, &t)? {
        Next::Pair(number + 1)
    } else {
        Next::Over
    };
    let past_end = match round.times.planned_end {
        Some(end) => super::schedule::venue_now(conn, tournament_id)? > end,
        None => false,
    };
    let states: Vec<Board> = boards
        .iter()
        .map(|b| Board {
            game: b.game,
            board: b.board,
            status: b.status,
            refused: b.refused,
        })
        .collect();
    let counts = <GameStatus as strum::VariantArray>::VARIANTS
        .iter()
        .map(|&s| {
            let n = boards.iter().filter(|b| b.status == s).count();
            (s, n)
        })
        .filter(|(_, n)| *n > 0)
        .collect();
    Ok(Dashboard {
        tournament_id,
        name: t.settings.name,
        round: Some(number),
        round_times: round.times.clone(),
        byes: round
            .games
            .iter()
            .filter(|g| g.north.is_none())
            .map(|g| g.south.name.clone())
            .collect(),
        counts,
        alerts: hub
            .into_iter()
            .chain(alerts::alerts(number, &states, past_end, next))
            .collect(),
        boards,
        sms: super::sms::summary(conn, tournament_id)?,
    })
}

/// The round's games as the dashboard lists them (byes aside), by board.
fn lines(
    round: &RoundView,
    refusals: &HashMap<GameId, sheet_refusals::Refusals>,
) -> Vec<BoardLine> {
    round
        .games
        .iter()
        .filter_map(|g| {
            let north = g.north.as_ref()?;
            let refused = refusals.get(&g.id);
            Some(BoardLine {
                game: g.id,
                board: g.board.unwrap_or_default(),
                in_match: g.in_match(),
                south: g.south.name.clone(),
                north: north.name.clone(),
                status: g.status,
                outcome: g.outcome,
                refused: refused.map_or(0, |r| u32::try_from(r.refused).unwrap_or(0)),
                last_refusal: refused.map(|r| Kept::read(&r.message)),
            })
        })
        .collect()
}
