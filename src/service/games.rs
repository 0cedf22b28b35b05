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

    /// How the game ended, as the engine replays it: the loser of a resignation or a loss on
    /// time is the side that did not win.
    pub fn declared_end(&self) -> DeclaredEnd {
        let loser = match self.game.winner {
            Some(Winner::South) => Some(Side::North),
            Some(Winner::North) => Some(Side::South),
            _ => None,
        };
        match (self.game.end_kind, loser) {
            (Some(EndKind::Agreement), _) => DeclaredEnd::Agreement,
            (Some(EndKind::Resignation), Some(l)) => DeclaredEnd::Resignation(l),
            (Some(EndKind::Time), Some(l)) => DeclaredEnd::Time(l),
            _ => DeclaredEnd::Natural,
        }
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

fn refused(r: crate::tournament::game_state::Refusal) -> ServiceError {
    ServiceError::Conflict(r.to_string())
}

/// A refused sheet as the service's error.
pub fn sheet_error(e: SheetError) -> ServiceError {
    match e {
        SheetError::Invalid(m) => ServiceError::Invalid(m),
        SheetError::Replay(r) => ServiceError::Replay(Box::new(r)),
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
/// identical sheet confirms it, a different one disputes it. The game's status afterwards, and
/// whether anything changed.
pub fn record_sheet(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    sheet: &Sheet,
    accepted: &Accepted,
) -> Result<(GameStatus, SheetStep), ServiceError> {
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
            return Ok((ctx.game.status, step));
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
        Ok((game.status, step))
    })
}

/// The opponent confirms the sheet waiting for them. Confirming twice (or at the same moment)
/// counts once.
pub fn confirm(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
) -> Result<GameStatus, ServiceError> {
    transaction(conn, |conn| {
        let ctx = Context::load(conn, game_id)?;
        let player_id = ctx.acting_player(actor)?;
        ctx.check_published()?;
        let last = queries::last_sheet(conn, game_id)?;
        let by_actor = last.as_ref().is_some_and(|s| s.player_id == player_id);
        let Some(status) = ctx.game.status.on_confirm(by_actor).map_err(refused)? else {
            return Ok(ctx.game.status);
        };
        let last = last.ok_or_else(|| {
            ServiceError::Conflict("there is no sheet to confirm yet".to_string())
        })?;
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

/// A result as the controller sets it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultBody {
    pub result: Option<String>,
    pub seeds: Option<[i64; 2]>,
    pub kind: String,
    pub reason: String,
    pub moves: Option<String>,
    pub end: Option<String>,
}

/// The result fields a ruling sets, checked against the moves when given.
fn ruling(
    body: &ResultBody,
    kind: ResultKind,
    rules: &Rules,
    reason: &str,
) -> Result<GameResult, ServiceError> {
    let now = Utc::now().naive_utc();
    if kind != ResultKind::Played {
        if body.result.is_some() || body.seeds.is_some() || body.moves.is_some() {
            return Err(ServiceError::Invalid(format!(
                "a {kind} has no result, seeds or moves: it is a result of its own"
            )));
        }
        return Ok(GameResult {
            status: GameStatus::Final,
            kind: Some(kind),
            winner: None,
            south_seeds: None,
            north_seeds: None,
            end_kind: None,
            end_reason: None,
            moves: None,
            plies: None,
            verified: false,
            reason: Some(reason.to_string()),
            updated_at: now,
        });
    }
    let winner = winner(body.result.as_deref().unwrap_or(""))?;
    let seeds = body
        .seeds
        .filter(|s| s.iter().all(|&n| (0..=48).contains(&n)))
        .ok_or_else(|| ServiceError::Invalid("seeds: [south, north], each 0 to 48".to_string()))?;
    let end = body.end.as_deref().map_or(Ok(EndKind::Natural), end_kind)?;
    let sheet = Sheet {
        winner,
        seeds: [seeds[0] as u8, seeds[1] as u8],
        end,
        moves: body.moves.clone().unwrap_or_default(),
    };
    let accepted = check_sheet(&sheet, rules, false).map_err(sheet_error)?;
    Ok(GameResult {
        status: GameStatus::Final,
        kind: Some(kind),
        winner: Some(winner),
        south_seeds: Some(seeds[0] as i32),
        north_seeds: Some(seeds[1] as i32),
        end_kind: Some(end),
        end_reason: accepted.end_reason.clone(),
        // Moves only when the controller gives them (and they replay to this result).
        moves: (!accepted.moves.is_empty()).then(|| accepted.moves.clone()),
        plies: Some(accepted.plies as i32),
        verified: accepted.verified,
        reason: Some(reason.to_string()),
        updated_at: now,
    })
}

/// The staff who run the tournament set (or override) a result: played with a winner and seeds
/// (checked against the moves when given), or a forfeit. Always with a reason, always logged.
pub fn set_result(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    body: &ResultBody,
) -> Result<GameDetail, ServiceError> {
    let reason = body.reason.trim();
    if reason.is_empty() {
        return Err(ServiceError::Invalid(
            "reason: say why the result is set".to_string(),
        ));
    }
    let kind = body
        .kind
        .parse::<ResultKind>()
        .ok()
        .filter(|k| *k != ResultKind::Bye)
        .ok_or_else(|| {
            ServiceError::Invalid(
                "kind: played, forfeit-south, forfeit-north or double-forfeit".to_string(),
            )
        })?;
    transaction(conn, |conn| {
        let ctx = Context::load(conn, game_id)?;
        actor.check_runs(conn, ctx.tournament.id)?;
        if ctx.game.north_id.is_none() {
            return Err(ServiceError::Conflict(
                "a bye has no result to set".to_string(),
            ));
        }
        ctx.check_published()?;
        let mut result = ruling(body, kind, &ctx.rules()?, reason)?;
        result.status = ctx.game.status.on_ruling();
        let before = ctx.game.clone();
        let game = queries::set_game_result(conn, game_id, &result)?;
        Audit {
            actor,
            action: "game.result",
            tournament_id: Some(ctx.tournament.id),
            entity: "game",
            entity_id: Some(game_id.get()),
        }
        .record(conn, Some(&before), Some(&game))?;
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

#[derive(Clone, Debug, Serialize)]
pub struct SheetView {
    pub id: SheetId,
    pub player_id: PlayerId,
    pub result: Winner,
    pub seeds: [i32; 2],
    pub end: EndKind,
    pub plies: i32,
    pub verified: bool,
    pub created_at: chrono::NaiveDateTime,
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
    pub reason: Option<String>,
    pub moves: Option<String>,
    pub plies: Vec<PlyView>,
    /// The sheets, for the staff who run the tournament and the game's players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheets: Option<Vec<SheetView>>,
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

    /// A sheet waits for the viewer's confirmation.
    pub fn can_confirm(&self) -> bool {
        let last = self.sheets.as_ref().and_then(|s| s.last());
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
fn game_replay(ctx: &Context) -> Result<Option<Replay>, ServiceError> {
    let Some(moves) = ctx.game.moves.as_deref().filter(|m| !m.is_empty()) else {
        return Ok(None);
    };
    let end = ctx.declared_end();
    Ok(replay(moves, &ctx.rules()?, Position::start(), None, end).ok())
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
    let plies = game_replay(&ctx)?
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
    let sheets = if viewer.runs || viewer.player.is_some_and(|p| ctx.side_of(p).is_some()) {
        Some(
            queries::game_sheets(conn, ctx.game.id)?
                .into_iter()
                .map(|s| SheetView {
                    id: s.id,
                    player_id: s.player_id,
                    result: s.winner,
                    seeds: [s.south_seeds, s.north_seeds],
                    end: s.end_kind,
                    plies: s.plies,
                    verified: s.verified,
                    created_at: s.created_at,
                })
                .collect(),
        )
    } else {
        None
    };
    Ok(GameDetail {
        game: GameView::new(&ctx.game, ctx.round.number, &names),
        tournament_id: ctx.tournament.id,
        end: ctx.game.end_kind,
        end_reason: ctx.game.end_reason.clone(),
        verified: ctx.game.verified,
        reason: ctx.game.reason.clone(),
        moves: ctx.game.moves.clone(),
        plies,
        sheets,
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
