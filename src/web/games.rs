//! Games: score sheets from the players (verified by replay), confirmation by the opponent,
//! disputes, results set by the controller; the game page with its replay viewer; OGN.

use actix_multipart::form::MultipartForm;
use actix_multipart::form::bytes::Bytes as UploadBytes;
use actix_multipart::form::text::Text;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::AppState;
use super::access::{self, Staff};
use super::actions::{Audit, transaction};
use super::board_svg::{Marks, board_svg, ply_marks};
use super::error::{ApiError, AppError, PageError};
use super::pages::{CsrfOnly, Nav, check_csrf, see_other};
use super::rounds::{GameView, names};
use crate::auth::{Identity, UserSession};
use crate::db::models::{Game, GameResult, NewSheet, Round, SheetRow, Tournament};
use crate::db::queries;
use crate::engine::ogn::OgnGame;
use crate::engine::{DeclaredEnd, Position, Replay, Rules, Side, replay};
use crate::tournament::sheets::{Accepted, EndKind, Sheet, SheetError, check_sheet};
use crate::tournament::{ResultKind, Winner};

/// A game with what it belongs to.
#[derive(Clone, Debug)]
pub struct Context {
    pub game: Game,
    pub tournament: Tournament,
    pub round: Round,
}

impl Context {
    pub fn load(conn: &mut SqliteConnection, game_id: i32) -> Result<Context, AppError> {
        let game = queries::get_game(conn, game_id).map_err(|_| AppError::not_found("game"))?;
        let tournament = queries::get_tournament(conn, game.tournament_id)?;
        let round = queries::get_round_by_id(conn, game.round_id)?;
        Ok(Context {
            game,
            tournament,
            round,
        })
    }

    pub fn rules(&self) -> Rules {
        serde_json::from_str(&self.tournament.rules).unwrap_or_default()
    }

    /// How the game ended, as the engine replays it: the loser of a resignation or a loss on
    /// time is the side that did not win.
    pub fn declared_end(&self) -> DeclaredEnd {
        let loser = match self.game.winner.as_deref() {
            Some("south") => Some(Side::North),
            Some("north") => Some(Side::South),
            _ => None,
        };
        match (self.game.end_kind.as_deref(), loser) {
            (Some("agreement"), _) => DeclaredEnd::Agreement,
            (Some("resignation"), Some(l)) => DeclaredEnd::Resignation(l),
            (Some("time"), Some(l)) => DeclaredEnd::Time(l),
            _ => DeclaredEnd::Natural,
        }
    }

    /// The side a player has in this game.
    pub fn side_of(&self, player_id: i32) -> Option<Side> {
        if self.game.south_id == player_id {
            Some(Side::South)
        } else if self.game.north_id == Some(player_id) {
            Some(Side::North)
        } else {
            None
        }
    }
}

/// Why a sheet cannot be taken now, before any replay.
fn check_open(ctx: &Context) -> Result<(), AppError> {
    if ctx.game.north_id.is_none() {
        return Err(AppError::Conflict("a bye has no score sheet".to_string()));
    }
    if !ctx.round.published {
        return Err(AppError::Conflict(format!(
            "round {} is not published yet",
            ctx.round.number
        )));
    }
    match ctx.game.status.as_str() {
        "confirmed" | "final" => Err(AppError::Conflict(
            "the result of this game is final; only the controller can change it".to_string(),
        )),
        "disputed" => Err(AppError::Conflict(
            "the two sheets of this game differ: the controller decides".to_string(),
        )),
        _ => Ok(()),
    }
}

/// The player acting on a game: from a PIN given with the request (checked against both players
/// of the game), or from the player's session.
async fn acting_player(
    state: &AppState,
    session: &UserSession,
    ctx: &Context,
    pin: Option<String>,
) -> Result<i32, AppError> {
    if let Some(pin) = pin {
        let ids: Vec<i32> = std::iter::once(ctx.game.south_id)
            .chain(ctx.game.north_id)
            .collect();
        return match super::auth::check_pin_of(state, ctx.tournament.id, ids, pin).await {
            Ok(player) => Ok(player.id),
            Err(AppError::WrongCredentials(_)) => Err(AppError::WrongCredentials(
                "that PIN is not the PIN of a player of this game".to_string(),
            )),
            Err(e) => Err(e),
        };
    }
    match session.identity()? {
        Some(Identity::Player {
            player_id,
            tournament_id,
            ..
        }) if tournament_id == ctx.tournament.id && ctx.side_of(player_id).is_some() => {
            Ok(player_id)
        }
        Some(Identity::Player { .. }) => Err(AppError::Forbidden(
            "you are not a player of this game".to_string(),
        )),
        Some(Identity::Staff { .. }) => Err(AppError::Forbidden(
            "score sheets come from the players; the controller sets results instead".to_string(),
        )),
        None => Err(AppError::Unauthenticated),
    }
}

/// The game's result as the players' accepted sheet gives it.
fn result_from_sheet(sheet: &SheetRow, status: &str) -> GameResult {
    GameResult {
        status: status.to_string(),
        kind: Some(ResultKind::Played.name().to_string()),
        winner: Some(sheet.winner.clone()),
        south_seeds: Some(sheet.south_seeds),
        north_seeds: Some(sheet.north_seeds),
        end_kind: Some(sheet.end_kind.clone()),
        end_reason: sheet.end_reason.clone(),
        moves: (!sheet.moves.is_empty()).then(|| sheet.moves.clone()),
        plies: Some(sheet.plies),
        verified: sheet.verified,
        reason: None,
        updated_at: Utc::now().naive_utc(),
    }
}

fn same_sheet(a: &SheetRow, b: &SheetRow) -> bool {
    a.winner == b.winner
        && a.south_seeds == b.south_seeds
        && a.north_seeds == b.north_seeds
        && a.end_kind == b.end_kind
        && a.moves == b.moves
}

/// What a sheet did to its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SheetOutcome {
    /// The same sheet again: nothing changed.
    Unchanged,
    Recorded,
}

/// Records an accepted sheet and moves the game on, in one transaction: a first sheet waits for
/// the opponent (or counts at once without confirmation); the opponent's identical sheet confirms
/// it, a different one disputes it.
pub fn record_sheet(
    conn: &mut SqliteConnection,
    game_id: i32,
    player_id: i32,
    sheet: &Sheet,
    accepted: &Accepted,
) -> Result<(Game, SheetOutcome), AppError> {
    transaction(conn, |conn| {
        let ctx = Context::load(conn, game_id)?;
        check_open(&ctx)?;
        let new = NewSheet {
            game_id,
            player_id,
            winner: sheet.winner.name(),
            south_seeds: i32::from(sheet.seeds[0]),
            north_seeds: i32::from(sheet.seeds[1]),
            end_kind: sheet.end.name(),
            end_reason: accepted.end_reason.as_deref(),
            moves: &accepted.moves,
            plies: accepted.plies as i32,
            verified: accepted.verified,
            created_at: Utc::now().naive_utc(),
        };
        let last = queries::last_sheet(conn, game_id)?;
        let last = last.as_ref().filter(|_| ctx.game.status == "submitted");
        let probe = SheetRow {
            id: 0,
            game_id,
            player_id,
            winner: new.winner.to_string(),
            south_seeds: new.south_seeds,
            north_seeds: new.north_seeds,
            end_kind: new.end_kind.to_string(),
            end_reason: accepted.end_reason.clone(),
            moves: accepted.moves.clone(),
            plies: new.plies,
            verified: new.verified,
            created_at: new.created_at,
        };
        if let Some(last) = last
            && last.player_id == player_id
            && same_sheet(last, &probe)
        {
            return Ok((ctx.game, SheetOutcome::Unchanged));
        }
        let row = queries::insert_sheet(conn, &new)?;
        let now = Utc::now().naive_utc();
        let (game, action) = match last {
            Some(theirs) if theirs.player_id != player_id => {
                if same_sheet(theirs, &row) {
                    (
                        queries::set_game_result(
                            conn,
                            game_id,
                            &result_from_sheet(&row, "confirmed"),
                        )?,
                        "game.confirm",
                    )
                } else {
                    (
                        queries::set_game_status(conn, game_id, "disputed", now)?,
                        "game.dispute",
                    )
                }
            }
            _ if !ctx.tournament.require_confirmation => (
                queries::set_game_result(conn, game_id, &result_from_sheet(&row, "confirmed"))?,
                "game.sheet",
            ),
            _ => (
                queries::set_game_status(conn, game_id, "submitted", now)?,
                "game.sheet",
            ),
        };
        Audit {
            actor: &format!("player #{player_id}"),
            action,
            tournament_id: Some(ctx.tournament.id),
            entity: "game",
            entity_id: Some(game_id),
        }
        .record(
            conn,
            Some(&serde_json::json!({"status": ctx.game.status})),
            Some(&serde_json::json!({
                "status": game.status, "sheet": row.id, "result": row.winner,
                "seeds": [row.south_seeds, row.north_seeds], "end": row.end_kind, "plies": row.plies,
            })),
        )?;
        Ok((game, SheetOutcome::Recorded))
    })
}

/// The opponent confirms the sheet waiting for them. Confirming twice (or at the same moment)
/// counts once.
pub fn confirm(
    conn: &mut SqliteConnection,
    game_id: i32,
    player_id: i32,
) -> Result<Game, AppError> {
    transaction(conn, |conn| {
        let ctx = Context::load(conn, game_id)?;
        if ctx.side_of(player_id).is_none() {
            return Err(AppError::Forbidden(
                "you are not a player of this game".to_string(),
            ));
        }
        if !ctx.round.published {
            return Err(AppError::Conflict(format!(
                "round {} is not published yet",
                ctx.round.number
            )));
        }
        match ctx.game.status.as_str() {
            "confirmed" => return Ok(ctx.game),
            "pending" => {
                return Err(AppError::Conflict(
                    "there is no sheet to confirm yet".to_string(),
                ));
            }
            "disputed" => {
                return Err(AppError::Conflict(
                    "the two sheets of this game differ: the controller decides".to_string(),
                ));
            }
            "final" => {
                return Err(AppError::Conflict(
                    "the controller has set the result of this game".to_string(),
                ));
            }
            _ => {}
        }
        let last = queries::last_sheet(conn, game_id)?;
        let last = last
            .as_ref()
            .ok_or_else(|| AppError::Conflict("there is no sheet to confirm yet".to_string()))?;
        if last.player_id == player_id {
            return Err(AppError::Conflict(
                "you submitted this sheet; your opponent confirms it".to_string(),
            ));
        }
        let game = queries::set_game_result(conn, game_id, &result_from_sheet(last, "confirmed"))?;
        Audit {
            actor: &format!("player #{player_id}"),
            action: "game.confirm",
            tournament_id: Some(ctx.tournament.id),
            entity: "game",
            entity_id: Some(game_id),
        }
        .record(
            conn,
            Some(&serde_json::json!({"status": ctx.game.status})),
            Some(&serde_json::json!({"status": "confirmed", "sheet": last.id})),
        )?;
        Ok(game)
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

/// Sets (or overrides) a result: played with a winner and seeds (checked against the moves when
/// given), or a forfeit. Always with a reason, always logged.
pub fn set_result(
    conn: &mut SqliteConnection,
    staff: &Staff,
    game_id: i32,
    body: &ResultBody,
) -> Result<Game, AppError> {
    let reason = body.reason.trim();
    if reason.is_empty() {
        return Err(AppError::Invalid(
            "reason: say why the result is set".to_string(),
        ));
    }
    let kind = ResultKind::parse(&body.kind)
        .filter(|k| *k != ResultKind::Bye)
        .ok_or_else(|| {
            AppError::Invalid(
                "kind: played, forfeit-south, forfeit-north or double-forfeit".to_string(),
            )
        })?;
    transaction(conn, |conn| {
        let ctx = Context::load(conn, game_id)?;
        staff.check_runs(conn, ctx.tournament.id)?;
        if ctx.game.north_id.is_none() {
            return Err(AppError::Conflict("a bye has no result to set".to_string()));
        }
        if !ctx.round.published {
            return Err(AppError::Conflict(format!(
                "round {} is not published yet",
                ctx.round.number
            )));
        }
        let now = Utc::now().naive_utc();
        let result = if kind == ResultKind::Played {
            let winner = body
                .result
                .as_deref()
                .and_then(Winner::parse)
                .ok_or_else(|| AppError::Invalid("result: south, north or draw".to_string()))?;
            let seeds = body
                .seeds
                .filter(|s| s.iter().all(|&n| (0..=48).contains(&n)))
                .ok_or_else(|| {
                    AppError::Invalid("seeds: [south, north], each 0 to 48".to_string())
                })?;
            let end = match body.end.as_deref() {
                None => EndKind::Natural,
                Some(e) => EndKind::parse(e).ok_or_else(|| {
                    AppError::Invalid("end: natural, agreement, resignation or time".to_string())
                })?,
            };
            let sheet = Sheet {
                winner,
                seeds: [seeds[0] as u8, seeds[1] as u8],
                end,
                moves: body.moves.clone().unwrap_or_default(),
            };
            let accepted = check_sheet(&sheet, &ctx.rules(), false).map_err(sheet_error)?;
            GameResult {
                status: "final".to_string(),
                kind: Some(kind.name().to_string()),
                winner: Some(winner.name().to_string()),
                south_seeds: Some(seeds[0] as i32),
                north_seeds: Some(seeds[1] as i32),
                end_kind: Some(end.name().to_string()),
                end_reason: accepted.end_reason.clone(),
                // Moves only when the controller gives them (and they replay to this result).
                moves: (!accepted.moves.is_empty()).then(|| accepted.moves.clone()),
                plies: Some(accepted.plies as i32),
                verified: accepted.verified,
                reason: Some(reason.to_string()),
                updated_at: now,
            }
        } else {
            if body.result.is_some() || body.seeds.is_some() || body.moves.is_some() {
                return Err(AppError::Invalid(format!(
                    "a {} has no result, seeds or moves: it is a result of its own",
                    kind.name()
                )));
            }
            GameResult {
                status: "final".to_string(),
                kind: Some(kind.name().to_string()),
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
            }
        };
        let before = ctx.game.clone();
        let game = queries::set_game_result(conn, game_id, &result)?;
        Audit {
            actor: &staff.actor(),
            action: "game.result",
            tournament_id: Some(ctx.tournament.id),
            entity: "game",
            entity_id: Some(game_id),
        }
        .record(conn, Some(&before), Some(&game))?;
        Ok(game)
    })
}

/// A refused sheet as the application's error.
pub fn sheet_error(e: SheetError) -> AppError {
    match e {
        SheetError::Invalid(m) => AppError::Invalid(m),
        SheetError::Replay(r) => AppError::Replay(Box::new(r)),
    }
}

/// A sheet as a request gives it.
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
    pub fn sheet(&self) -> Result<Sheet, AppError> {
        let winner = Winner::parse(&self.result)
            .ok_or_else(|| AppError::Invalid("result: south, north or draw".to_string()))?;
        let end = EndKind::parse(&self.end).ok_or_else(|| {
            AppError::Invalid("end: natural, agreement, resignation or time".to_string())
        })?;
        if self.seeds.iter().any(|s| !(0..=48).contains(s)) {
            return Err(AppError::Invalid("seeds: each from 0 to 48".to_string()));
        }
        if self.moves.len() > 64 * 1024 {
            return Err(AppError::TooLarge(
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

/// Checks and records a sheet: the work of the API and the page alike.
pub async fn submit(
    state: &AppState,
    session: &UserSession,
    game_id: i32,
    pin: Option<String>,
    sheet: Sheet,
) -> Result<(Game, SheetOutcome, Accepted), AppError> {
    let ctx = state.db(move |conn| Context::load(conn, game_id)).await?;
    let player_id = acting_player(state, session, &ctx, pin).await?;
    check_open(&ctx)?;
    let accepted =
        check_sheet(&sheet, &ctx.rules(), ctx.tournament.require_moves).map_err(sheet_error)?;
    let stored = accepted.clone();
    let (game, outcome) = state
        .write(move |conn| record_sheet(conn, game_id, player_id, &sheet, &stored))
        .await?;
    Ok((game, outcome, accepted))
}

// --- views -------------------------------------------------------------------------------------

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
    pub id: i32,
    pub player_id: i32,
    pub result: String,
    pub seeds: [i32; 2],
    pub end: String,
    pub plies: i32,
    pub verified: bool,
    pub created_at: chrono::NaiveDateTime,
}

#[derive(Clone, Debug, Serialize)]
pub struct GameDetail {
    #[serde(flatten)]
    pub game: GameView,
    pub tournament_id: i32,
    pub end: Option<String>,
    pub end_reason: Option<String>,
    pub verified: bool,
    pub reason: Option<String>,
    pub moves: Option<String>,
    pub plies: Vec<PlyView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheets: Option<Vec<SheetView>>,
}

/// The replay of a game's accepted moves.
fn game_replay(ctx: &Context) -> Option<Replay> {
    let moves = ctx.game.moves.as_deref().filter(|m| !m.is_empty())?;
    let end = ctx.declared_end();
    replay(moves, &ctx.rules(), Position::start(), None, end).ok()
}

fn detail(
    conn: &mut SqliteConnection,
    ctx: &Context,
    viewer: &Viewer,
) -> Result<GameDetail, AppError> {
    let names = names(conn, ctx.tournament.id)?;
    let plies = game_replay(ctx)
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
        end: ctx.game.end_kind.clone(),
        end_reason: ctx.game.end_reason.clone(),
        verified: ctx.game.verified,
        reason: ctx.game.reason.clone(),
        moves: ctx.game.moves.clone(),
        plies,
        sheets,
    })
}

/// Who is looking at a game.
#[derive(Clone, Debug, Default)]
struct Viewer {
    player: Option<i32>,
    runs: bool,
}

fn viewer(
    conn: &mut SqliteConnection,
    session_identity: Option<Identity>,
    tournament_id: i32,
) -> Result<Viewer, AppError> {
    Ok(match session_identity {
        Some(Identity::Staff {
            account_id,
            username,
            role,
        }) => {
            let staff = Staff {
                account_id,
                username,
                role,
            };
            Viewer {
                player: None,
                runs: staff.may_run(conn, tournament_id)?,
            }
        }
        Some(Identity::Player {
            player_id,
            tournament_id: t,
            ..
        }) if t == tournament_id => Viewer {
            player: Some(player_id),
            ..Viewer::default()
        },
        _ => Viewer::default(),
    })
}

/// Loads a game for a viewer: games of unpublished rounds only for the staff who run them.
fn load_for(
    conn: &mut SqliteConnection,
    game_id: i32,
    identity: Option<Identity>,
) -> Result<(Context, Viewer), AppError> {
    let ctx = Context::load(conn, game_id)?;
    let viewer = viewer(conn, identity, ctx.tournament.id)?;
    if !ctx.round.published && !viewer.runs {
        return Err(AppError::not_found("game"));
    }
    Ok((ctx, viewer))
}

// --- API ---------------------------------------------------------------------------------------

#[derive(Serialize)]
struct SheetAnswer {
    game_id: i32,
    status: String,
    replay: ReplaySummary,
}

#[derive(Serialize)]
struct ReplaySummary {
    verified: bool,
    plies: u32,
    end_reason: Option<String>,
    stores: Option<[u8; 2]>,
    winner: Option<Side>,
}

impl From<&Accepted> for ReplaySummary {
    fn from(a: &Accepted) -> Self {
        let outcome = a.replay.as_ref().and_then(|r| r.outcome);
        ReplaySummary {
            verified: a.verified,
            plies: a.plies,
            end_reason: a.end_reason.clone(),
            stores: outcome.map(|o| o.stores),
            winner: outcome.and_then(|o| o.winner),
        }
    }
}

async fn api_submit(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    body: web::Json<SheetBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let body = body.into_inner();
    let sheet = body.sheet()?;
    let (game, outcome, accepted) = submit(&state, &session, game_id, body.pin, sheet).await?;
    let answer = SheetAnswer {
        game_id,
        status: game.status,
        replay: ReplaySummary::from(&accepted),
    };
    Ok(match outcome {
        SheetOutcome::Recorded => HttpResponse::Created().json(answer),
        SheetOutcome::Unchanged => HttpResponse::Ok().json(answer),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfirmBody {
    pin: Option<String>,
}

async fn api_confirm(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    body: Option<web::Json<ConfirmBody>>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let pin = body.and_then(|b| b.into_inner().pin);
    let ctx = state.db(move |conn| Context::load(conn, game_id)).await?;
    let player_id = acting_player(&state, &session, &ctx, pin).await?;
    let game = state
        .write(move |conn| confirm(conn, game_id, player_id))
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({"game_id": game.id, "status": game.status})))
}

async fn api_result(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    body: web::Json<ResultBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let staff = access::staff(&session)?;
    let body = body.into_inner();
    let detail = state
        .write(move |conn| {
            set_result(conn, &staff, game_id, &body)?;
            let ctx = Context::load(conn, game_id)?;
            detail(
                conn,
                &ctx,
                &Viewer {
                    player: None,
                    runs: true,
                },
            )
        })
        .await?;
    Ok(HttpResponse::Ok().json(detail))
}

async fn api_get(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let identity = session.identity().ok().flatten();
    let detail = state
        .db(move |conn| {
            let (ctx, viewer) = load_for(conn, game_id, identity)?;
            detail(conn, &ctx, &viewer)
        })
        .await?;
    Ok(HttpResponse::Ok().json(detail))
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/games/{id}", web::get().to(api_get))
        .route("/games/{id}/sheets", web::post().to(api_submit))
        .route("/games/{id}/confirm", web::post().to(api_confirm))
        .route("/games/{id}/result", web::put().to(api_result));
}

// --- pages -------------------------------------------------------------------------------------

/// The fields of the sheet form, as typed (kept when a sheet is refused).
#[derive(Clone, Debug, Default)]
pub struct SheetFields {
    pub result: String,
    pub south_seeds: String,
    pub north_seeds: String,
    pub end: String,
    pub moves: String,
}

/// A refused sheet, shown with the position where it went wrong.
pub struct Diagnostic {
    pub message: String,
    pub ply: Option<u32>,
    pub token: Option<String>,
    pub position: Option<String>,
    pub diagram: Option<String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "games/show.html")]
struct GamePage {
    nav: Nav,
    tournament_name: String,
    detail: GameDetail,
    /// The ply shown (0: the start).
    shown: u32,
    board: String,
    /// The player signed in plays this game.
    playing: bool,
    /// A sheet waits for this player's confirmation.
    can_confirm: bool,
    /// The player may send a sheet now.
    can_submit: bool,
    runs: bool,
    fields: SheetFields,
    diagnostic: Option<Diagnostic>,
    notice: Option<String>,
}

impl GamePage {
    /// The moves as links: ply, text (with captures), whether shown now, and the move number
    /// before South's plies.
    fn move_list(&self) -> Vec<(u32, String, bool, Option<u32>)> {
        self.detail
            .plies
            .iter()
            .map(|p| {
                let text = if p.captured > 0 {
                    format!("{}+{}", p.mv, p.captured)
                } else {
                    p.mv.clone()
                };
                let number = (p.ply % 2 == 1).then(|| p.ply.div_ceil(2));
                (p.ply, text, p.ply == self.shown, number)
            })
            .collect()
    }

    fn previous(&self) -> Option<u32> {
        self.shown.checked_sub(1)
    }

    fn next(&self) -> Option<u32> {
        (self.shown < self.detail.plies.len() as u32).then_some(self.shown + 1)
    }
}

#[derive(Deserialize)]
struct PlyQuery {
    ply: Option<u32>,
}

async fn game_page(
    state: &AppState,
    session: &UserSession,
    game_id: i32,
    ply: Option<u32>,
    fields: Option<SheetFields>,
    diagnostic: Option<Diagnostic>,
    notice: Option<String>,
) -> Result<GamePage, AppError> {
    let identity = session.identity().ok().flatten();
    let (detail, viewer, tournament_name, last_sheet) = state
        .db(move |conn| {
            let (ctx, viewer) = load_for(conn, game_id, identity)?;
            let last = queries::last_sheet(conn, game_id)?;
            Ok((
                detail(conn, &ctx, &viewer)?,
                viewer,
                ctx.tournament.name,
                last,
            ))
        })
        .await?;
    let total = detail.plies.len() as u32;
    let shown = ply.unwrap_or(total).min(total);
    let position = if shown == 0 {
        (Position::start(), Marks::default())
    } else {
        let p = &detail.plies[shown as usize - 1];
        let after = Position::new(p.board, p.stores, p.side.other()).unwrap_or_default();
        let before = if shown >= 2 {
            let q = &detail.plies[shown as usize - 2];
            Position::new(q.board, q.stores, q.side.other()).unwrap_or_default()
        } else {
            Position::start()
        };
        let captured = p.captured > 0;
        (after, ply_marks(&before, &after, p.pit, captured))
    };
    let board = board_svg(&position.0, &position.1);
    let playing = viewer.player.is_some_and(|p| {
        p == detail.game.south.id || detail.game.north.as_ref().is_some_and(|n| n.id == p)
    });
    let status = detail.game.status.as_str();
    let can_confirm = playing
        && status == "submitted"
        && last_sheet
            .as_ref()
            .is_some_and(|s| Some(s.player_id) != viewer.player);
    let can_submit = playing && (status == "pending" || status == "submitted");
    Ok(GamePage {
        nav: Nav::new(session),
        tournament_name,
        detail,
        shown,
        board,
        playing,
        can_confirm,
        can_submit,
        runs: viewer.runs,
        fields: fields.unwrap_or_else(|| SheetFields {
            end: "natural".to_string(),
            ..SheetFields::default()
        }),
        diagnostic,
        notice,
    })
}

async fn show_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    query: web::Query<PlyQuery>,
) -> Result<GamePage, PageError> {
    Ok(game_page(
        &state,
        &session,
        path.into_inner(),
        query.ply,
        None,
        None,
        None,
    )
    .await?)
}

#[derive(MultipartForm)]
struct SheetUpload {
    result: Text<String>,
    south_seeds: Text<String>,
    north_seeds: Text<String>,
    end: Text<String>,
    #[multipart(limit = "64KB")]
    moves: Option<Text<String>>,
    #[multipart(limit = "256KB")]
    ogn: Option<UploadBytes>,
    csrf: Text<String>,
}

fn render(page: GamePage, status: actix_web::http::StatusCode) -> Result<HttpResponse, PageError> {
    Ok(super::pages::render(status, &page)?)
}

async fn submit_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    MultipartForm(form): MultipartForm<SheetUpload>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    check_csrf(&session, &form.csrf)?;
    let mut fields = SheetFields {
        result: form.result.into_inner(),
        south_seeds: form.south_seeds.into_inner(),
        north_seeds: form.north_seeds.into_inner(),
        end: form.end.into_inner(),
        moves: form.moves.map(Text::into_inner).unwrap_or_default(),
    };
    // An uploaded OGN file stands in for the typed moves.
    let upload = match form.ogn.filter(|f| !f.data.is_empty()) {
        Some(file) => String::from_utf8(file.data.to_vec())
            .map(|text| fields.moves = text)
            .map_err(|_| AppError::Invalid("the uploaded file is not text".to_string())),
        None => Ok(()),
    };
    let seeds = |s: &str| s.trim().parse::<i64>().unwrap_or(-1);
    let body = SheetBody {
        pin: None,
        result: fields.result.clone(),
        seeds: [seeds(&fields.south_seeds), seeds(&fields.north_seeds)],
        end: fields.end.clone(),
        moves: fields.moves.clone(),
    };
    let result = match upload.and_then(|()| body.sheet()) {
        Ok(sheet) => submit(&state, &session, game_id, None, sheet).await,
        Err(e) => Err(e),
    };
    match result {
        Ok((game, outcome, _)) => {
            let notice = match (outcome, game.status.as_str()) {
                (SheetOutcome::Unchanged, _) => "You had sent this sheet already: nothing changed.",
                (_, "submitted") => {
                    "Your sheet is recorded; it counts once your opponent confirms it."
                }
                (_, "confirmed") => "The result is confirmed.",
                (_, "disputed") => {
                    "Your sheet differs from your opponent's: the controller will decide."
                }
                _ => "Your sheet is recorded.",
            };
            let page = game_page(
                &state,
                &session,
                game_id,
                None,
                None,
                None,
                Some(notice.to_string()),
            )
            .await?;
            render(page, actix_web::http::StatusCode::OK)
        }
        Err(AppError::Replay(e)) => {
            let diagnostic = Diagnostic {
                message: e.message.clone(),
                ply: Some(e.ply),
                token: Some(e.token.clone()),
                position: Some(e.position.to_string()),
                diagram: Some(board_svg(&e.position, &Marks::default())),
            };
            let page = game_page(
                &state,
                &session,
                game_id,
                None,
                Some(fields),
                Some(diagnostic),
                None,
            )
            .await?;
            render(page, actix_web::http::StatusCode::UNPROCESSABLE_ENTITY)
        }
        Err(e @ (AppError::Invalid(_) | AppError::Conflict(_) | AppError::TooLarge(_))) => {
            let status = e.status();
            let diagnostic = Diagnostic {
                message: e.to_string(),
                ply: None,
                token: None,
                position: None,
                diagram: None,
            };
            let page = game_page(
                &state,
                &session,
                game_id,
                None,
                Some(fields),
                Some(diagnostic),
                None,
            )
            .await?;
            render(page, status)
        }
        Err(e) => Err(e.into()),
    }
}

async fn confirm_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    check_csrf(&session, &form.csrf)?;
    let ctx = state.db(move |conn| Context::load(conn, game_id)).await?;
    let player_id = acting_player(&state, &session, &ctx, None).await?;
    state
        .write(move |conn| confirm(conn, game_id, player_id))
        .await?;
    Ok(see_other(&format!("/games/{game_id}")))
}

#[derive(Deserialize)]
struct ResultForm {
    kind: String,
    result: String,
    south_seeds: String,
    north_seeds: String,
    reason: String,
    csrf: String,
}

async fn result_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    form: web::Form<ResultForm>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    let staff = access::staff(&session)?;
    check_csrf(&session, &form.csrf)?;
    let form = form.into_inner();
    let played = form.kind == "played";
    let seeds = |s: &str| s.trim().parse::<i64>().ok();
    let body = ResultBody {
        result: played.then(|| form.result.clone()),
        seeds: if played {
            seeds(&form.south_seeds)
                .zip(seeds(&form.north_seeds))
                .map(|(s, n)| [s, n])
        } else {
            None
        },
        kind: form.kind.clone(),
        reason: form.reason.clone(),
        moves: None,
        end: None,
    };
    let result = state
        .write(move |conn| set_result(conn, &staff, game_id, &body))
        .await;
    match result {
        Ok(_) => Ok(see_other(&format!("/games/{game_id}"))),
        Err(e @ (AppError::Invalid(_) | AppError::Conflict(_) | AppError::Replay(_))) => {
            let status = e.status();
            let page = game_page(
                &state,
                &session,
                game_id,
                None,
                None,
                None,
                Some(format!("The result was not set: {e}")),
            )
            .await?;
            render(page, status)
        }
        Err(e) => Err(e.into()),
    }
}

/// The game as an OGN record.
pub fn ogn_record(
    ctx: &Context,
    names: &std::collections::HashMap<i32, String>,
) -> Option<OgnGame> {
    let replayed = game_replay(ctx)?;
    let name = |id: i32| names.get(&id).cloned().unwrap_or_else(|| format!("#{id}"));
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
    let end = ctx.declared_end();
    Some(OgnGame::from_replay(&replayed, &tags, end))
}

async fn ogn_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    let identity = session.identity().ok().flatten();
    let record = state
        .db(move |conn| {
            let (ctx, _) = load_for(conn, game_id, identity)?;
            let names = names(conn, ctx.tournament.id)?;
            ogn_record(&ctx, &names)
                .ok_or_else(|| AppError::NotFound("this game has no move list".to_string()))
        })
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("application/x-ogn; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"game-{game_id}.ogn\""),
        ))
        .body(record.to_string()))
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route(r"/games/{id:\d+}.ogn", web::get().to(ogn_page))
        .route(r"/games/{id:\d+}", web::get().to(show_page))
        .route("/games/{id}/sheet", web::post().to(submit_page))
        .route("/games/{id}/confirm", web::post().to(confirm_page))
        .route("/games/{id}/result", web::post().to(result_page));
}
