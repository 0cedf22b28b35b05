//! Games: score sheets from the players (verified by replay), confirmation by the opponent,
//! disputes, results set by the controller; the game as pages and the API show it; OGN records.
//!
//! A game's status moves only as [`crate::tournament::game_state`] allows; each step here is
//! one transaction with its audit entry.

use std::collections::HashMap;

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::views::{GameView, names};
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::db::models::{Game, GameResult, NewSheet, Round, SheetRow, Tournament};
use crate::db::queries;
use crate::engine::ogn::OgnGame;
use crate::engine::{DeclaredEnd, Position, Replay, Rules, Side, replay};
use crate::tournament::game_state::{SheetStep, WaitingSheet};
use crate::tournament::sheets::{Accepted, EndKind, Sheet, SheetError, check_sheet};
use crate::tournament::{GameId, GameStatus, PlayerId, ResultKind, SheetId, TournamentId, Winner};

/// A game with what it belongs to.
#[derive(Clone, Debug)]
pub struct Context {
    pub game: Game,
    pub tournament: Tournament,
    pub round: Round,
}

impl Context {
    pub fn load(conn: &mut SqliteConnection, game_id: GameId) -> Result<Context, ServiceError> {
        let game = queries::get_game(conn, game_id).or_not_found("game")?;
        let tournament = queries::get_tournament(conn, game.tournament_id)?;
        let round = queries::get_round_by_id(conn, game.round_id)?;
        Ok(Context {
            game,
            tournament,
            round,
        })
    }

    pub fn rules(&self) -> Result<Rules, ServiceError> {
        Ok(super::tournaments::stored_settings(&self.tournament)?.rules)
    }

    /// How the game ended, as the engine replays it.
    pub fn declared_end(&self) -> DeclaredEnd {
        declared_end(self.game.winner, self.game.end_kind)
    }

    /// The side a player has in this game.
    pub fn side_of(&self, player_id: PlayerId) -> Option<Side> {
        if self.game.south_id == player_id {
            Some(Side::South)
        } else if self.game.north_id == Some(player_id) {
            Some(Side::North)
        } else {
            None
        }
    }

    /// The players of the game (one for a bye).
    pub fn players(&self) -> Vec<PlayerId> {
        std::iter::once(self.game.south_id)
            .chain(self.game.north_id)
            .collect()
    }

    fn check_published(&self) -> Result<(), ServiceError> {
        if self.round.published {
            Ok(())
        } else {
            Err(ServiceError::Conflict(format!(
                "round {} is not published yet",
                self.round.number
            )))
        }
    }

    /// Why the controller cannot rule on this game: a bye, or a round not yet published.
    fn check_ruling(&self) -> Result<(), ServiceError> {
        if self.game.north_id.is_none() {
            return Err(ServiceError::Conflict(
                "a bye has no result to set".to_string(),
            ));
        }
        self.check_published()
    }

    /// Why a sheet cannot be taken now, before any replay.
    fn check_open(&self) -> Result<(), ServiceError> {
        if self.game.north_id.is_none() {
            return Err(ServiceError::Conflict(
                "a bye has no score sheet".to_string(),
            ));
        }
        self.check_published()?;
        self.game.status.on_sheet(None, true).map_err(refused)?;
        Ok(())
    }

    /// The player of this game who acts: a player signed in to the tournament who plays it.
    pub fn acting_player(&self, actor: &Actor) -> Result<PlayerId, ServiceError> {
        match actor.player_in(self.tournament.id) {
            Some(p) if self.side_of(p).is_some() => Ok(p),
            Some(_) => Err(ServiceError::Forbidden(
                "you are not a player of this game".to_string(),
            )),
            None => match actor {
                Actor::Signed(crate::auth::Identity::Staff { .. }) => Err(ServiceError::Forbidden(
                    "score sheets come from the players; the controller sets results instead"
                        .to_string(),
                )),
                Actor::Signed(_) => Err(ServiceError::Forbidden(
                    "you are not a player of this game".to_string(),
                )),
                Actor::Visitor | Actor::CommandLine => Err(ServiceError::Unauthenticated),
            },
        }
    }
}

/// How a game ended, as the engine replays it: the loser of a resignation or a loss on time is
/// the side that did not win.
fn declared_end(winner: Option<Winner>, end: Option<EndKind>) -> DeclaredEnd {
    let loser = match winner {
        Some(Winner::South) => Some(Side::North),
        Some(Winner::North) => Some(Side::South),
        _ => None,
    };
    match (end, loser) {
        (Some(EndKind::Agreement), _) => DeclaredEnd::Agreement,
        (Some(EndKind::Resignation), Some(l)) => DeclaredEnd::Resignation(l),
        (Some(EndKind::Time), Some(l)) => DeclaredEnd::Time(l),
        _ => DeclaredEnd::Natural,
    }
}

fn refused(r: crate::tournament::game_state::Refusal) -> ServiceError {
    ServiceError::Conflict(r.to_string())
}

/// A refused sheet as the service's error.
pub fn sheet_error(e: SheetError) -> ServiceError {
    match e {
        SheetError::Invalid(m) => ServiceError::Invalid(m),
        SheetError::Replay(r) => ServiceError::Replay(r),
    }
}

/// A sheet as a request gives it (the API's JSON, the page's form).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetBody {
    pub pin: Option<String>,
    pub result: String,
    pub seeds: [i64; 2],
    pub end: String,
    #[serde(default)]
    pub moves: String,
}

impl SheetBody {
    pub fn sheet(&self) -> Result<Sheet, ServiceError> {
        let winner = winner(&self.result)?;
        let end = end_kind(&self.end)?;
        if self.seeds.iter().any(|s| !(0..=48).contains(s)) {
            return Err(ServiceError::Invalid(
                "seeds: each from 0 to 48".to_string(),
            ));
        }
        if self.moves.len() > 64 * 1024 {
            return Err(ServiceError::TooLarge(
                "the move list is over 64 KiB".to_string(),
            ));
        }
        Ok(Sheet {
            winner,
            seeds: [self.seeds[0] as u8, self.seeds[1] as u8],
            end,
            moves: self.moves.clone(),
        })
    }
}

fn winner(text: &str) -> Result<Winner, ServiceError> {
    text.parse()
        .map_err(|_| ServiceError::Invalid("result: south, north or draw".to_string()))
}

fn end_kind(text: &str) -> Result<EndKind, ServiceError> {
    text.parse().map_err(|_| {
        ServiceError::Invalid("end: natural, agreement, resignation or time".to_string())
    })
}

/// The tournament and players of a game, for checking a PIN given with a request.
pub fn pin_candidates(
    conn: &mut SqliteConnection,
    game_id: GameId,
) -> Result<(TournamentId, Vec<PlayerId>), ServiceError> {
    let ctx = Context::load(conn, game_id)?;
    Ok((ctx.tournament.id, ctx.players()))
}

/// Checks a sheet before it is written: that the actor plays the game, that the game takes
/// sheets now, and that the moves replay to what the sheet declares.
pub fn check(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    sheet: &Sheet,
) -> Result<Accepted, ServiceError> {
    let ctx = Context::load(conn, game_id)?;
    ctx.acting_player(actor)?;
    ctx.check_open()?;
    check_sheet(sheet, &ctx.rules()?, ctx.tournament.require_moves).map_err(sheet_error)
}

/// A game as recorded so far by tapping the board: the moves replayed under the tournament's
/// rules, the board they reach and the pits that may be played next.
#[derive(Clone, Debug, Serialize)]
pub struct Recording {
    /// The moves in letters (a capture marked `x` where the rules capture only when marked).
    pub moves: Vec<String>,
    pub board: [u8; 12],
    pub stores: [u8; 2],
    pub to_move: Side,
    /// The pits the side to move may play, as letters (empty once the game is over).
    pub legal: Vec<String>,
    /// The end the moves reached: its reason, the final seeds and the winner (`None`: a draw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<RecordedEnd>,
}

#[derive(Clone, Debug, Serialize)]
pub struct RecordedEnd {
    pub reason: String,
    pub stores: [u8; 2],
    pub winner: Option<Side>,
}

/// Replays the moves recorded so far on a game's board: for the players of the game and the
/// staff who run the tournament. Nothing is stored.
pub fn recording(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    moves: &str,
) -> Result<Recording, ServiceError> {
    let ctx = Context::load(conn, game_id)?;
    if ctx.acting_player(actor).is_err() {
        actor.check_runs(conn, ctx.tournament.id)?;
    }
    let rules = ctx.rules()?;
    let replayed =
        replay(moves, &rules, Position::start(), None, DeclaredEnd::Natural).map_err(|error| {
            ServiceError::Replay(Box::new(crate::tournament::sheets::RefusedSheet {
                error,
                suggestions: Vec::new(),
            }))
        })?;
    let position = replayed.final_position();
    let written = |mv: crate::engine::Move, captured: bool| {
        let mark = if captured && !rules.compulsory_capture {
            "x"
        } else {
            ""
        };
        format!("{}{mark}", mv.pit.letter())
    };
    let legal = match replayed.outcome {
        Some(_) => Vec::new(),
        None => {
            // Under optional captures a capturing pit is listed twice (taken, declined): the
            // tap takes the capture.
            let mut pits: Vec<String> = Vec::new();
            for mv in rules.legal_moves(&position).iter() {
                let letter = mv.pit.letter().to_string();
                if !pits.iter().any(|p| p.starts_with(&letter)) {
                    pits.push(written(*mv, mv.capture));
                }
            }
            pits
        }
    };
    Ok(Recording {
        moves: replayed
            .plies
            .iter()
            .map(|p| written(p.played.mv, p.played.captured_by_mover() > 0))
            .collect(),
        board: position.pits(),
        stores: position.stores(),
        to_move: position.to_move(),
        legal,
        over: replayed.outcome.map(|o| RecordedEnd {
            reason: o.reason.describe().to_string(),
            stores: o.stores,
            winner: o.winner,
        }),
    })
}

/// The game's result as an accepted sheet gives it.
fn result_from_sheet(sheet: &SheetRow, status: GameStatus) -> GameResult {
    GameResult {
        status,
        kind: Some(ResultKind::Played),
        winner: Some(sheet.winner),
        south_seeds: Some(sheet.south_seeds),
        north_seeds: Some(sheet.north_seeds),
        end_kind: Some(sheet.end_kind),
        end_reason: sheet.end_reason.clone(),
        moves: (!sheet.moves.is_empty()).then(|| sheet.moves.clone()),
        plies: Some(sheet.plies),
        verified: sheet.verified,
        reason: None,
        updated_at: Utc::now().naive_utc(),
    }
}

fn same_sheet(a: &SheetRow, b: &NewSheet<'_>) -> bool {
    a.winner == b.winner
        && a.south_seeds == b.south_seeds
        && a.north_seeds == b.north_seeds
        && a.end_kind == b.end_kind
        && a.moves == b.moves
}

/// Records a sheet that [`check`] accepted and moves the game on, in one transaction: a first
/// sheet waits for the opponent (or counts at once without confirmation); the opponent's
/// identical sheet confirms it, a different one disputes it. What the sheet did, and the game's
/// status and latest sheet afterwards.
pub fn record_sheet(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    sheet: &Sheet,
    accepted: &Accepted,
) -> Result<Recorded, ServiceError> {
    transaction(conn, |conn| {
        let ctx = Context::load(conn, game_id)?;
        let player_id = ctx.acting_player(actor)?;
        ctx.check_open()?;
        let new = NewSheet {
            game_id,
            player_id,
            winner: sheet.winner,
            south_seeds: i32::from(sheet.seeds[0]),
            north_seeds: i32::from(sheet.seeds[1]),
            end_kind: sheet.end,
            end_reason: accepted.end_reason.as_deref(),
            moves: &accepted.moves,
            plies: accepted.plies as i32,
            verified: accepted.verified,
            created_at: Utc::now().naive_utc(),
        };
        let last = queries::last_sheet(conn, game_id)?;
        let waiting = last.as_ref().map(|s| WaitingSheet {
            by_actor: s.player_id == player_id,
            same_as_new: same_sheet(s, &new),
        });
        let step = ctx
            .game
            .status
            .on_sheet(waiting, ctx.tournament.require_confirmation)
            .map_err(refused)?;
        let Some(status) = step.status() else {
            let sheet_id = last.map_or(SheetId::default(), |s| s.id);
            return Ok(Recorded {
                step,
                status: ctx.game.status,
                sheet_id,
            });
        };
        let row = queries::insert_sheet(conn, &new)?;
        let game = if status.counts() {
            queries::set_game_result(conn, game_id, &result_from_sheet(&row, status))?
        } else {
            queries::set_game_status(conn, game_id, status, Utc::now().naive_utc())?
        };
        Audit {
            actor,
            action: match step {
                SheetStep::Confirmed => "game.confirm",
                SheetStep::Disputed => "game.dispute",
                _ => "game.sheet",
            },
            tournament_id: Some(ctx.tournament.id),
            entity: "game",
            entity_id: Some(game_id.get()),
        }
        .record(
            conn,
            Some(&serde_json::json!({"status": ctx.game.status})),
            Some(&serde_json::json!({
                "status": game.status, "sheet": row.id, "result": row.winner,
                "seeds": [row.south_seeds, row.north_seeds], "end": row.end_kind, "plies": row.plies,
            })),
        )?;
        Ok(Recorded {
            step,
            status: game.status,
            sheet_id: row.id,
        })
    })
}

/// What a sheet did: the step, the game's status afterwards, and the sheet that stands (the new
/// one, or the same one sent before).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub step: SheetStep,
    pub status: GameStatus,
    pub sheet_id: SheetId,
}

/// The opponent confirms the sheet waiting for them: the one they read (`sheet_id`), which must
/// still be the latest. Confirming twice (or at the same moment) counts once.
pub fn confirm(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    sheet_id: SheetId,
) -> Result<GameStatus, ServiceError> {
    transaction(conn, |conn| {
        let ctx = Context::load(conn, game_id)?;
        let player_id = ctx.acting_player(actor)?;
        ctx.check_published()?;
        let last = queries::last_sheet(conn, game_id)?;
        let by_actor = last.as_ref().is_some_and(|s| s.player_id == player_id);
        let step = ctx.game.status.on_confirm(by_actor).map_err(refused)?;
        let last = last
            .filter(|s| s.id == sheet_id)
            .ok_or_else(|| ServiceError::Conflict(STALE_SHEET.to_string()))?;
        let Some(status) = step else {
            return Ok(ctx.game.status);
        };
        let game = queries::set_game_result(conn, game_id, &result_from_sheet(&last, status))?;
        Audit {
            actor,
            action: "game.confirm",
            tournament_id: Some(ctx.tournament.id),
            entity: "game",
            entity_id: Some(game_id.get()),
        }
        .record(
            conn,
            Some(&serde_json::json!({"status": ctx.game.status})),
            Some(&serde_json::json!({"status": game.status, "sheet": last.id})),
        )?;
        Ok(game.status)
    })
}

/// Why a confirmation naming an older sheet is refused.
pub const STALE_SHEET: &str = "the sheet you confirm is no longer the latest one of this game: \
     read the sheet now on the game's page before you confirm";

/// A result as the controller sets it: one player's sheet accepted, or a result given (played,
/// with the moves when there are some, or a forfeit).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultBody {
    pub accept_sheet: Option<SheetId>,
    pub kind: Option<String>,
    pub result: Option<String>,
    pub seeds: Option<[i64; 2]>,
    pub moves: Option<String>,
    pub end: Option<String>,
    pub reason: String,
}

/// What the controller rules.
enum Ruling {
    Accept(SheetId),
    Set(ResultKind),
}

impl ResultBody {
    fn ruling(&self) -> Result<Ruling, ServiceError> {
        let given = self.kind.is_some()
            || self.result.is_some()
            || self.seeds.is_some()
            || self.moves.is_some()
            || self.end.is_some();
        match (self.accept_sheet, self.kind.as_deref()) {
            (Some(_), _) if given => Err(ServiceError::Invalid(
                "accept_sheet: a sheet accepted brings its own result, seeds, end and moves"
                    .to_string(),
            )),
            (Some(sheet), _) => Ok(Ruling::Accept(sheet)),
            (None, kind) => kind
                .and_then(|k| k.parse::<ResultKind>().ok())
                .filter(|k| *k != ResultKind::Bye)
                .map(Ruling::Set)
                .ok_or_else(|| {
                    ServiceError::Invalid(
                        "kind: played, forfeit-south, forfeit-north or double-forfeit (or \
                         accept_sheet: the sheet to accept)"
                            .to_string(),
                    )
                }),
        }
    }

    /// The sheet the result gives, for a played game.
    fn sheet(&self) -> Result<Sheet, ServiceError> {
        let winner = winner(self.result.as_deref().unwrap_or(""))?;
        let seeds = self
            .seeds
            .filter(|s| s.iter().all(|&n| (0..=48).contains(&n)))
            .ok_or_else(|| {
                ServiceError::Invalid("seeds: [south, north], each 0 to 48".to_string())
            })?;
        let end = self.end.as_deref().map_or(Ok(EndKind::Natural), end_kind)?;
        Ok(Sheet {
            winner,
            seeds: [seeds[0] as u8, seeds[1] as u8],
            end,
            moves: self.moves.clone().unwrap_or_default(),
        })
    }
}

/// The result fields of a played game, from a sheet the engine accepted.
fn played(sheet: &Sheet, accepted: &Accepted, reason: &str) -> GameResult {
    GameResult {
        status: GameStatus::Final,
        kind: Some(ResultKind::Played),
        winner: Some(sheet.winner),
        south_seeds: Some(i32::from(sheet.seeds[0])),
        north_seeds: Some(i32::from(sheet.seeds[1])),
        end_kind: Some(sheet.end),
        end_reason: accepted.end_reason.clone(),
        // Moves only when given (and they replay to this result).
        moves: (!accepted.moves.is_empty()).then(|| accepted.moves.clone()),
        plies: Some(accepted.plies as i32),
        verified: accepted.verified,
        reason: Some(reason.to_string()),
        updated_at: Utc::now().naive_utc(),
    }
}

/// The result fields with no result: a forfeit's, or a game sent back to pending.
pub(super) fn without_game(
    status: GameStatus,
    kind: Option<ResultKind>,
    reason: &str,
) -> GameResult {
    GameResult {
        status,
        kind,
        winner: None,
        south_seeds: None,
        north_seeds: None,
        end_kind: None,
        end_reason: None,
        moves: None,
        plies: None,
        verified: false,
        reason: Some(reason.to_string()),
        updated_at: Utc::now().naive_utc(),
    }
}

/// The result a ruling gives, the moves checked by replay.
fn ruled(
    conn: &mut SqliteConnection,
    ctx: &Context,
    body: &ResultBody,
    reason: &str,
) -> Result<GameResult, ServiceError> {
    let rules = ctx.rules()?;
    match body.ruling()? {
        Ruling::Accept(id) => {
            let row =
                queries::get_sheet(conn, ctx.game.id, id).or_not_found("sheet of this game")?;
            let sheet = Sheet {
                winner: row.winner,
                seeds: [row.south_seeds as u8, row.north_seeds as u8],
                end: row.end_kind,
                moves: row.moves,
            };
            let accepted = check_sheet(&sheet, &rules, false).map_err(sheet_error)?;
            Ok(played(&sheet, &accepted, reason))
        }
        Ruling::Set(ResultKind::Played) => {
            let sheet = body.sheet()?;
            let accepted = check_sheet(&sheet, &rules, false).map_err(sheet_error)?;
            Ok(played(&sheet, &accepted, reason))
        }
        Ruling::Set(kind) => {
            if body.result.is_some() || body.seeds.is_some() || body.moves.is_some() {
                return Err(ServiceError::Invalid(format!(
                    "a {kind} has no result, seeds or moves: it is a result of its own"
                )));
            }
            Ok(without_game(GameStatus::Final, Some(kind), reason))
        }
    }
}

fn reason(text: &str) -> Result<&str, ServiceError> {
    let reason = text.trim();
    if reason.is_empty() {
        return Err(ServiceError::Invalid(
            "reason: say why (the staff read it in the audit log)".to_string(),
        ));
    }
    Ok(reason)
}

/// The staff who run the tournament rule on a game, always with a reason, always logged: they
/// accept one of its sheets, or set the result (played, with the moves when given and checked
/// by replay, or a forfeit); the result is final.
pub fn set_result(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    body: &ResultBody,
) -> Result<GameDetail, ServiceError> {
    let reason = reason(&body.reason)?;
    body.ruling()?;
    rule(conn, actor, game_id, "game.result", |conn, ctx| {
        let mut result = ruled(conn, ctx, body, reason)?;
        result.status = ctx.game.status.on_ruling();
        Ok(result)
    })
}

/// The staff who run the tournament send a game back to pending, with a reason: to be played
/// again, or after a sheet entered against the wrong board. The sheets stay on record.
pub fn reset(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    reason_text: &str,
) -> Result<GameDetail, ServiceError> {
    let reason = reason(reason_text)?;
    rule(conn, actor, game_id, "game.reset", |_, ctx| {
        Ok(without_game(ctx.game.status.on_reset(), None, reason))
    })
}

/// A controller's decision on a game, in one transaction: who may make it and on which game,
/// the result fields it sets, its audit entry with the game before and after.
fn rule(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    action: &str,
    decide: impl FnOnce(&mut SqliteConnection, &Context) -> Result<GameResult, ServiceError>,
) -> Result<GameDetail, ServiceError> {
    transaction(conn, |conn| {
        let ctx = Context::load(conn, game_id)?;
        actor.check_runs(conn, ctx.tournament.id)?;
        ctx.check_ruling()?;
        let result = decide(conn, &ctx)?;
        let game = queries::set_game_result(conn, game_id, &result)?;
        Audit {
            actor,
            action,
            tournament_id: Some(ctx.tournament.id),
            entity: "game",
            entity_id: Some(game_id.get()),
        }
        .record(conn, Some(&ctx.game), Some(&game))?;
        detail(conn, actor, game_id)
    })
}

// --- read models -------------------------------------------------------------------------------

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
    /// Where and why they do not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay_problem: Option<String>,
    pub created_at: chrono::NaiveDateTime,
}

impl SheetView {
    fn new(s: SheetRow, rules: &Rules) -> SheetView {
        let end = declared_end(Some(s.winner), Some(s.end_kind));
        let problem = if s.moves.is_empty() {
            None
        } else {
            replay(&s.moves, rules, Position::start(), None, end)
                .err()
                .map(|e| format!("at ply {} ({}): {}", e.ply, e.token, e.message))
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
    /// Why the controller set the result (for the staff who run the tournament only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The result was set by the controller.
    pub ruled: bool,
    pub moves: Option<String>,
    pub plies: Vec<PlyView>,
    /// The stored moves no longer replay under the tournament's rules: where and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay_error: Option<String>,
    /// The sheets, for the staff who run the tournament and the game's players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheets: Option<Vec<SheetView>>,
    /// Where the players' latest sheets first differ (for the staff).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difference: Option<SheetDifference>,
    /// Who looks: the player signed in (if they play in the tournament), and whether they run
    /// it.
    #[serde(skip)]
    pub viewer: Viewer,
    #[serde(skip)]
    pub tournament_name: String,
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
/// A stored game whose moves no longer replay is an error to show, never a game to skip.
fn game_replay(ctx: &Context) -> Result<Option<Replay>, ServiceError> {
    let Some(moves) = ctx.game.moves.as_deref().filter(|m| !m.is_empty()) else {
        return Ok(None);
    };
    let end = ctx.declared_end();
    replay(moves, &ctx.rules()?, Position::start(), None, end)
        .map(Some)
        .map_err(|e| {
            ServiceError::Conflict(format!(
                "the stored moves of round {} board {} no longer replay under the tournament's \
                 rules (at ply {}, {:?}: {}); the controller should set the result again",
                ctx.round.number,
                ctx.game.board.unwrap_or_default(),
                e.ply,
                e.token,
                e.message
            ))
        })
}

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
    let (ctx, viewer) = load_for(conn, actor, game_id)?;
    let names = names(conn, ctx.tournament.id)?;
    let rules = ctx.rules()?;
    let (replayed, replay_error) = match game_replay(&ctx) {
        Ok(r) => (r, None),
        Err(e) => (None, Some(e.to_string())),
    };
    let plies = replayed
        .map(|r| {
            r.plies
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
        })
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
    Ok(GameDetail {
        game: GameView::new(&ctx.game, ctx.round.number, &names),
        tournament_id: ctx.tournament.id,
        end: ctx.game.end_kind,
        end_reason: ctx.game.end_reason.clone(),
        verified: ctx.game.verified && replay_error.is_none(),
        reason: ctx.game.reason.clone().filter(|_| viewer.runs),
        ruled: ctx.game.reason.is_some() && ctx.game.status == GameStatus::Final,
        moves: ctx.game.moves.clone(),
        plies,
        replay_error,
        sheets,
        difference,
        viewer,
        tournament_name: ctx.tournament.name.clone(),
    })
}

/// The game as an OGN record, if it has a move list.
pub fn ogn_record(
    ctx: &Context,
    names: &HashMap<PlayerId, String>,
) -> Result<Option<OgnGame>, ServiceError> {
    let Some(replayed) = game_replay(ctx)? else {
        return Ok(None);
    };
    let name = |id: PlayerId| names.get(&id).cloned().unwrap_or_else(|| format!("#{id}"));
    let mut tags = vec![
        ("Event".to_string(), ctx.tournament.name.clone()),
        ("Site".to_string(), ctx.tournament.venue.clone()),
        (
            "Date".to_string(),
            ctx.tournament
                .start_date
                .map(|d| d.format("%Y.%m.%d").to_string())
                .unwrap_or_else(|| "????.??.??".to_string()),
        ),
        ("Round".to_string(), ctx.round.number.to_string()),
        (
            "Board".to_string(),
            ctx.game.board.map(|b| b.to_string()).unwrap_or_default(),
        ),
        ("South".to_string(), name(ctx.game.south_id)),
        (
            "North".to_string(),
            ctx.game.north_id.map(name).unwrap_or_default(),
        ),
    ];
    tags.retain(|(_, v)| !v.is_empty());
    Ok(Some(OgnGame::from_replay(
        &replayed,
        &tags,
        ctx.declared_end(),
    )))
}

/// One game's OGN record, as the actor may see it.
pub fn ogn(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
) -> Result<OgnGame, ServiceError> {
    let (ctx, _) = load_for(conn, actor, game_id)?;
    let names = names(conn, ctx.tournament.id)?;
    ogn_record(&ctx, &names)?
        .ok_or_else(|| ServiceError::NotFound("this game has no move list".to_string()))
}
