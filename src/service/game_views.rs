//! What the pages and the API show of a game: its replay ply by ply, its sheets (for its
//! players and the staff), where two sheets first differ, and its OGN record.

use std::collections::HashMap;

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::endgames::{Endgames, LostMark, lost_marks};
use super::exports::ogn_record;
use super::game_context::{Context, declared_end, game_replay};
use super::views::{GameView, names};
use super::{Actor, ServiceError};
use crate::db::models::SheetRow;
use crate::db::queries;
use crate::engine::ogn::OgnGame;
use crate::engine::{DeclaredEnd, Position, Replay, Rules, Side, replay};
use crate::tournament::matches::MatchFormat;
use crate::tournament::said::{Kept, Said, Word};
use crate::tournament::sheets::EndKind;
use crate::tournament::{GameId, GameStatus, PlayerId, SheetId, TournamentId, Winner};

#[derive(Clone, Debug, Serialize)]
pub struct PlyView {
    pub ply: u32,
    pub side: Side,
    #[serde(rename = "move")]
    pub mv: String,
    pub pit: usize,
    pub sown: u32,
    pub captured: u8,
    pub board: [u8; 12],
    pub stores: [u8; 2],
}

/// A sheet a player sent, with whether its moves replay under the tournament's rules now.
#[derive(Clone, Debug, Serialize)]
pub struct SheetView {
    pub id: SheetId,
    pub player_id: PlayerId,
    pub result: Winner,
    pub seeds: [i32; 2],
    pub end: EndKind,
    /// The moves in letters, every capture marked (empty when the sheet has none).
    pub moves: String,
    pub plies: i32,
    pub verified: bool,
    /// The moves replay to what the sheet declares (a sheet without moves: true).
    pub replays: bool,
    /// Where and why they do not (the API words it: `web::games`).
    #[serde(skip)]
    pub replay_problem: Option<Said>,
    pub created_at: chrono::NaiveDateTime,
}

impl SheetView {
    /// The moves as the paper sheet numbers them: South's and North's sowing make one move.
    pub fn sheet_moves(&self) -> u32 {
        (self.plies.max(0) as u32).div_ceil(2)
    }

    fn new(s: SheetRow, rules: &Rules) -> SheetView {
        let end = declared_end(Some(s.winner), Some(s.end_kind));
        let problem = if s.moves.is_empty() {
            None
        } else {
            replay(&s.moves, rules, Position::start(), None, end)
                .err()
                .map(|e| {
                    crate::said!(
                        "sheet-replay-problem",
                        at = Word::Move(e.ply),
                        detail = Word::Detail(Box::new(e.detail))
                    )
                })
        };
        SheetView {
            id: s.id,
            player_id: s.player_id,
            result: s.winner,
            seeds: [s.south_seeds, s.north_seeds],
            end: s.end_kind,
            moves: s.moves,
            plies: s.plies,
            verified: s.verified,
            replays: problem.is_none(),
            replay_problem: problem,
            created_at: s.created_at,
        }
    }
}

/// Where the latest sheets of the two players first part: the ply, each sheet's move there
/// (none where a list has ended), and the position before it.
#[derive(Clone, Debug, Serialize)]
pub struct SheetDifference {
    pub ply: u32,
    pub south_sheet: SheetId,
    pub north_sheet: SheetId,
    pub in_south_sheet: Option<String>,
    pub in_north_sheet: Option<String>,
    /// The position before that ply, as a position string.
    pub position: String,
    #[serde(skip)]
    pub board: Position,
}

/// The pits moved, in order, of a stored move list (`1. C f+2 2. B` gives C, f, B).
fn pits_of(moves: &str) -> Vec<String> {
    moves
        .split_whitespace()
        .map(|t| {
            t.chars()
                .take_while(|c| c.is_ascii_alphabetic())
                .collect::<String>()
        })
        .filter(|pit| !pit.is_empty())
        .collect()
}

/// Where the latest sheet of South and the latest of North first differ in their moves, if both
/// sent one with moves and the lists are not the same.
fn first_difference(sheets: &[SheetView], ctx: &Context, rules: &Rules) -> Option<SheetDifference> {
    let latest = |p: PlayerId| sheets.iter().rev().find(|s| s.player_id == p);
    let (south, north) = (latest(ctx.game.south_id)?, latest(ctx.game.north_id?)?);
    let (a, b) = (pits_of(&south.moves), pits_of(&north.moves));
    let at = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))?;
    let before = a[..at].join(" ");
    let board = replay(
        &before,
        rules,
        Position::start(),
        None,
        DeclaredEnd::Natural,
    )
    .ok()?
    .final_position();
    Some(SheetDifference {
        ply: at as u32 + 1,
        south_sheet: south.id,
        north_sheet: north.id,
        in_south_sheet: a.get(at).cloned(),
        in_north_sheet: b.get(at).cloned(),
        position: board.to_string(),
        board,
    })
}

/// A game as its page and the API show it.
#[derive(Clone, Debug, Serialize)]
pub struct GameDetail {
    #[serde(flatten)]
    pub game: GameView,
    pub tournament_id: TournamentId,
    pub end: Option<EndKind>,
    pub end_reason: Option<String>,
    pub verified: bool,
    /// Why the controller set the result (for the staff who run the tournament only): typed,
    /// or an adjudication's facts (a page or the API words them for its reader).
    #[serde(skip)]
    pub reason: Option<Kept>,
    /// The result was set by the controller.
    pub ruled: bool,
    pub moves: Option<String>,
    pub plies: Vec<PlyView>,
    /// The position a confirmed adjudication gave the result from, with both verdicts (shown to
    /// everyone: the facts of the board, not a typed reason).
    pub adjudicated: Option<super::adjudication::Adjudicated>,
    /// The moves that changed the game's exact value (where the service holds endgame tables
    /// of its rules), from the first position within them.
    pub lost: Vec<LostMark>,
    /// The stored moves no longer replay under the tournament's rules: where and why (the API
    /// words it: `web::games`).
    #[serde(skip)]
    pub replay_error: Option<Said>,
    /// The sheets, for the staff who run the tournament and the game's players.
    #[serde(skip)]
    pub sheets: Option<Vec<SheetView>>,
    /// Where the players' latest sheets first differ (for the staff).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difference: Option<SheetDifference>,
    /// The version the game was read at: a ruling on it sends it back ([`super::versions`]).
    pub version: i64,
    /// Whose sheet `plies` replays when the game has no accepted moves yet: the latest sheet
    /// sent, shown to the game's players and staff before it is confirmed (its sender's name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay_of_sheet: Option<String>,
    /// Who looks: the player signed in (if they play in the tournament), and whether they run
    /// it.
    #[serde(skip)]
    pub viewer: Viewer,
    /// For a player of the tournament looking at someone else's game: their own in this round.
    #[serde(skip)]
    pub elsewhere: Option<Elsewhere>,
    #[serde(skip)]
    pub tournament_name: String,
    /// The staff's notice to everyone at the tournament.
    #[serde(skip)]
    pub notice: Option<super::notices::Notice>,
    /// The round's start and planned end.
    #[serde(skip)]
    pub round_times: super::schedule::RoundTimes,
    /// For a game of a match: the match's format and its score so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_note: Option<MatchNote>,
}

/// A match's format and its score so far, for a page to word: "This board plays a match: best
/// of 3 games, …. Ama 1, Kofi 0 so far."
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchNote {
    pub format: MatchFormat,
    /// The match's first South and North, with their points in it.
    pub south: String,
    pub south_points: f64,
    pub north: String,
    pub north_points: f64,
    pub decided: bool,
}

/// A signed-in player's own game in the round of the game they look at: `None` when they are
/// not paired in it; a bye has no board.
#[derive(Clone, Debug)]
pub struct Elsewhere {
    pub round: i32,
    pub game: Option<(GameId, Option<i32>)>,
}

/// Who is looking at a game.
#[derive(Clone, Debug, Default)]
pub struct Viewer {
    pub player: Option<PlayerId>,
    pub runs: bool,
}

impl GameDetail {
    /// The viewer plays this game.
    pub fn playing(&self) -> bool {
        self.viewer.player.is_some_and(|p| {
            p == self.game.south.id || self.game.north.as_ref().is_some_and(|n| n.id == p)
        })
    }

    /// The latest sheet, as far as the viewer may see the sheets.
    pub fn latest_sheet(&self) -> Option<&SheetView> {
        self.sheets.as_ref().and_then(|s| s.last())
    }

    /// A sheet waits for the viewer's confirmation.
    pub fn can_confirm(&self) -> bool {
        let last = self.latest_sheet();
        self.playing()
            && self.game.status == GameStatus::Submitted
            && last.is_some_and(|s| Some(s.player_id) != self.viewer.player)
    }

    /// The viewer may send a sheet now.
    pub fn can_submit(&self) -> bool {
        self.playing() && self.game.status.open()
    }
}

/// The replay of a game's accepted moves.
/// Loads a game for an actor: games of unpublished rounds only for the staff who run them.
fn load_for(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
) -> Result<(Context, Viewer), ServiceError> {
    let ctx = Context::load(conn, game_id)?;
    let viewer = Viewer {
        player: actor.player_in(ctx.tournament.id),
        runs: actor.runs(conn, ctx.tournament.id)?,
    };
    if !ctx.round.published && !viewer.runs {
        return Err(ServiceError::not_found("game"));
    }
    Ok((ctx, viewer))
}

/// A game as the actor may see it.
pub fn detail(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
) -> Result<GameDetail, ServiceError> {
    detail_with(conn, actor, &Endgames::none(), game_id)
}

/// [`detail`], with the moves that changed the game's exact value where `endgames` hold its
/// rules.
pub fn detail_with(
    conn: &mut SqliteConnection,
    actor: &Actor,
    endgames: &Endgames,
    game_id: GameId,
) -> Result<GameDetail, ServiceError> {
    let (ctx, viewer) = load_for(conn, actor, game_id)?;
    let names = names(conn, ctx.tournament.id)?;
    let rules = ctx.rules()?;
    let (replayed, replay_error) = match game_replay(&ctx) {
        Ok(r) => (r, None),
        Err(e) => (
            None,
            Some(
                e.said()
                    .cloned()
                    .unwrap_or_else(|| Said::new("error-server")),
            ),
        ),
    };
    let mut plies = replayed.as_ref().map(plies_of).unwrap_or_default();
    let lost = replayed
        .as_ref()
        .map(|r| lost_marks(r, endgames))
        .unwrap_or_default();
    let sheets: Option<Vec<SheetView>> =
        if viewer.runs || viewer.player.is_some_and(|p| ctx.side_of(p).is_some()) {
            Some(
                queries::game_sheets(conn, ctx.game.id)?
                    .into_iter()
                    .map(|s| SheetView::new(s, &rules))
                    .collect(),
            )
        } else {
            None
        };
    let difference = sheets
        .as_deref()
        .filter(|_| viewer.runs)
        .and_then(|s| first_difference(s, &ctx, &rules));
    // Before a result counts, the latest sheet's moves are what its players check: replayed.
    let mut replay_of_sheet = None;
    // A result that counts without moves (the controller's ruling) shows no sheet's replay.
    if ctx.game.moves.is_none()
        && !ctx.game.status.counts()
        && let Some(latest) = sheets.as_deref().and_then(<[SheetView]>::last)
        && let Some(replayed) = sheet_replay(latest, &rules)
    {
        plies = plies_of(&replayed);
        replay_of_sheet = names.get(&latest.player_id).cloned();
    }
    let elsewhere = match viewer.player {
        Some(p) if ctx.side_of(p).is_none() => Some(Elsewhere {
            round: ctx.round.number,
            game: queries::round_games(conn, ctx.round.id)?
                .into_iter()
                .filter(|g| g.south_id == p || g.north_id == Some(p))
                .max_by_key(|g| g.match_game)
                .map(|g| (g.id, g.board)),
        }),
        _ => None,
    };
    let version = super::versions::version(conn, super::versions::Watched::Game(ctx.game.id))?;
    let format = super::tournaments::stored_settings(&ctx.tournament)?.matches;
    let adjudicated = ctx
        .game
        .reason
        .as_deref()
        .filter(|_| ctx.game.status == GameStatus::Final)
        .and_then(|reason| {
            super::adjudication::adjudicated(
                &Kept::read(reason),
                ctx.game.updated_at,
                ctx.game.plies.and_then(|p| u32::try_from(p).ok()),
                &rules,
                ctx.tournament.settings.adjudication == crate::tournament::Adjudication::Exact,
                endgames,
                &ctx.player_names(&names),
            )
        });
    let match_note = match_note(conn, &ctx, &names, &format)?;
    Ok(GameDetail {
        replay_of_sheet,
        elsewhere,
        version,
        game: GameView::new(&ctx.game, ctx.round.number, &names, &format),
        tournament_id: ctx.tournament.id,
        end: ctx.game.end_kind,
        end_reason: ctx.game.end_reason.clone(),
        verified: ctx.game.verified && replay_error.is_none(),
        reason: ctx
            .game
            .reason
            .as_deref()
            .filter(|_| viewer.runs)
            .map(Kept::read),
        ruled: ctx.game.reason.is_some() && ctx.game.status == GameStatus::Final,
        moves: ctx.game.moves.clone(),
        plies,
        adjudicated,
        lost,
        replay_error,
        sheets,
        difference,
        viewer,
        tournament_name: ctx.tournament.name.clone(),
        notice: super::notices::get(conn, ctx.tournament.id)?,
        round_times: super::schedule::round(conn, ctx.tournament.id, ctx.round.number)?,
        match_note,
    })
}

/// The plies of a replay as the pages, the API and `replay --json` show them.
pub fn plies_of(replayed: &Replay) -> Vec<PlyView> {
    replayed
        .plies
        .iter()
        .map(|p| PlyView {
            ply: p.number,
            side: p.played.side,
            mv: p.played.mv.pit.letter().to_string(),
            pit: p.played.mv.pit.index(),
            sown: p.played.sown,
            captured: p.played.captured_by_mover(),
            board: p.played.position.pits(),
            stores: p.played.position.stores(),
        })
        .collect()
}

/// A sheet's moves replayed as it declares them, when it has moves that replay.
fn sheet_replay(sheet: &SheetView, rules: &Rules) -> Option<Replay> {
    if sheet.moves.is_empty() || !sheet.replays {
        return None;
    }
    let end = declared_end(Some(sheet.result), Some(sheet.end));
    replay(&sheet.moves, rules, Position::start(), None, end).ok()
}

/// One game's OGN record, as the actor may see it.
pub fn ogn(
    conn: &mut SqliteConnection,
    actor: &Actor,
    endgames: &Endgames,
    game_id: GameId,
) -> Result<OgnGame, ServiceError> {
    let (ctx, _) = load_for(conn, actor, game_id)?;
    let names = names(conn, ctx.tournament.id)?;
    ogn_record(&ctx, &names, endgames)?
        .ok_or_else(|| ServiceError::NotFound(crate::said!("game-has-no-move-list")))
}

/// For a game of a match: the match's format and its score so far.
fn match_note(
    conn: &mut SqliteConnection,
    ctx: &Context,
    names: &HashMap<PlayerId, String>,
    format: &MatchFormat,
) -> Result<Option<MatchNote>, ServiceError> {
    Ok(match (ctx.game.board, ctx.game.north_id) {
        (Some(board), Some(_)) if !format.single() => {
            let games = queries::match_games(conn, ctx.round.id, board)?;
            let played: Vec<_> = games.iter().map(super::matches::match_game).collect();
            let (south_points, north_points) = crate::tournament::matches::tally(&played);
            let first = games.first().unwrap_or(&ctx.game);
            let name = |id: PlayerId| names.get(&id).cloned().unwrap_or_default();
            Some(MatchNote {
                format: *format,
                south: name(first.south_id),
                south_points,
                north: first.north_id.map(name).unwrap_or_default(),
                north_points,
                decided: crate::tournament::matches::is_decided(format, &played),
            })
        }
        _ => None,
    })
}
