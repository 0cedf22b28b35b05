//! Games: pages and API for sending a score sheet (a PIN with the request, or the player's
//! session), confirming it, setting a result (staff); the game page with its replay viewer; OGN.

use actix_multipart::form::MultipartForm;
use actix_multipart::form::bytes::Bytes as UploadBytes;
use actix_multipart::form::text::Text;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::{Deserialize, Serialize};

use super::AppState;
use super::access;
use super::board_svg::{Marks, board_svg, named_board_svg, pit_colours, ply_marks};
use super::error::{ApiError, PageError, service_status};
use super::pages::{Nav, check_csrf, render, see_other};
use crate::auth::UserSession;
use crate::engine::SheetMove;
use crate::engine::{Position, Side};
use crate::service::ServiceError;
use crate::service::game_views::{self as views, GameDetail};
use crate::service::games::{self as service, ResultBody, Sender, SheetBody};
use crate::service::versions::{Watched, unchanged_since};
use crate::tournament::game_state::SheetStep;
use crate::tournament::sheets::{Accepted, Sheet};
use crate::tournament::{GameId, GameStatus, ResultKind, SheetId, Winner};

/// Who sends a sheet or a confirmation: the player whose PIN came with the request, or
/// whoever is signed in.
fn sender(
    req: &HttpRequest,
    state: &AppState,
    session: &UserSession,
    pin: Option<String>,
) -> Sender {
    match pin {
        Some(pin) => Sender::Pin(pin, super::auth::attempt(req, state, session)),
        None => Sender::Signed(access::actor(session)),
    }
}

// --- API ---------------------------------------------------------------------------------------

#[derive(Serialize)]
struct SheetAnswer {
    game_id: GameId,
    /// The sheet that stands: the opponent names it to confirm it.
    sheet_id: SheetId,
    status: GameStatus,
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
    req: HttpRequest,
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
    body: web::Json<SheetBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let body = body.into_inner();
    let sheet = body.sheet()?;
    let sender = sender(&req, &state, &session, body.pin);
    let (recorded, accepted) = state.service.submit_sheet(sender, game_id, sheet).await?;
    let answer = SheetAnswer {
        game_id,
        sheet_id: recorded.sheet_id,
        status: recorded.status,
        replay: ReplaySummary::from(&accepted),
    };
    Ok(match recorded.step {
        SheetStep::Unchanged => HttpResponse::Ok().json(answer),
        _ => HttpResponse::Created().json(answer),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfirmBody {
    pin: Option<String>,
    /// The sheet the player read and confirms.
    sheet_id: SheetId,
}

async fn api_confirm(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
    body: web::Json<ConfirmBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let ConfirmBody { pin, sheet_id } = body.into_inner();
    let sender = sender(&req, &state, &session, pin);
    let status = state
        .service
        .confirm_sheet(sender, game_id, sheet_id)
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({"game_id": game_id, "status": status})))
}

async fn api_result(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
    body: web::Json<ResultBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let actor = access::staff(&session)?;
    let body = body.into_inner();
    let detail = state
        .write(move |conn| service::set_result(conn, &actor, game_id, &body))
        .await?;
    Ok(HttpResponse::Ok().json(detail))
}

async fn api_get(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let actor = access::actor(&session);
    let detail = state
        .db(move |conn| views::detail(conn, &actor, game_id))
        .await?;
    Ok(HttpResponse::Ok().json(detail))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordingBody {
    moves: String,
}

/// The moves tapped so far on the game page's board, replayed: the board they reach and the
/// pits that may be tapped next (nothing is stored).
async fn api_recording(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
    body: web::Json<RecordingBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let actor = access::actor(&session);
    let moves = body.into_inner().moves;
    let recording = state
        .db(move |conn| service::recording(conn, &actor, game_id, &moves))
        .await?;
    Ok(HttpResponse::Ok().json(recording))
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/games/{id}", web::get().to(api_get))
        .route("/games/{id}/recording", web::post().to(api_recording))
        .route("/games/{id}/sheets", web::post().to(api_submit))
        .route("/games/{id}/confirm", web::post().to(api_confirm))
        .route("/games/{id}/result", web::put().to(api_result))
        .route("/games/{id}/reset", web::post().to(api_reset));
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

/// A refused sheet, shown with the board where it went wrong.
#[derive(Default)]
pub struct Diagnostic {
    pub message: String,
    pub ply: Option<u32>,
    pub token: Option<String>,
    pub diagram: Option<String>,
    /// Single edits that mend the list, best first.
    pub suggestions: Vec<crate::engine::repair::Suggestion>,
}

impl Diagnostic {
    /// Where the replay failed, as the paper sheet numbers it: `move 11, South`.
    fn at(&self) -> Option<String> {
        self.ply.map(|p| SheetMove::of(p).to_string())
    }

    /// What the page shows of a refused sheet: where the replay failed, or the refusal.
    fn of(e: &ServiceError) -> Diagnostic {
        match e {
            ServiceError::Replay(refused) => {
                let r = &refused.error;
                Diagnostic {
                    message: r.message.clone(),
                    ply: Some(r.ply),
                    token: Some(r.token.clone()),
                    diagram: Some(board_svg(&r.position, &Marks::default())),
                    suggestions: refused.suggestions.clone(),
                }
            }
            other => Diagnostic {
                message: other.to_string(),
                ..Diagnostic::default()
            },
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "games/show.html")]
struct GamePage {
    nav: Nav,
    detail: GameDetail,
    /// The ply shown (0: the start).
    shown: u32,
    board: String,
    /// The board where the players' sheets first differ.
    difference_board: Option<String>,
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

    /// What the player looking at their own game has to do now.
    fn next_step(&self) -> Option<&'static str> {
        let d = &self.detail;
        if !d.playing() || d.game.north.is_none() {
            return None;
        }
        let mine = d
            .latest_sheet()
            .is_some_and(|s| Some(s.player_id) == d.viewer.player);
        Some(match d.game.status {
            GameStatus::Pending => {
                "Send your score sheet: the result, the seeds each of you captured, how the game ended and the moves, in the form below."
            }
            GameStatus::Submitted if mine => {
                "Nothing for now: your sheet is waiting for your opponent to confirm it. If you made a mistake, send a corrected sheet below."
            }
            GameStatus::Submitted => {
                "Your opponent has sent their sheet. Read it below: confirm it if it is right, or send your own sheet if it is not."
            }
            GameStatus::Disputed => {
                "Your sheet and your opponent's differ: the controller will decide. You may still send a corrected sheet below."
            }
            GameStatus::Confirmed | GameStatus::Final => "Nothing: this game's result is settled.",
        })
    }

    /// A repair suggestion's edit in words.
    fn edit_words(&self, e: &crate::engine::repair::Edit) -> String {
        use crate::engine::repair::EditKind;
        let was = e.was.as_deref().unwrap_or("");
        let now = e.now.as_deref().unwrap_or("");
        match e.kind {
            EditKind::Replace => format!("{}: {now} instead of {was}", SheetMove::of(e.ply)),
            EditKind::Swap => format!(
                "{} and {} the other way round: {now} instead of {was}",
                SheetMove::of(e.ply),
                SheetMove::of(e.ply + 1)
            ),
            EditKind::Delete => format!(
                "{} ({was}) written once too often: left out",
                SheetMove::of(e.ply)
            ),
            EditKind::Insert => format!("a move missing before {}: {now}", SheetMove::of(e.ply)),
        }
    }

    /// A sheet's result in words, with the players' names.
    fn winner_words(&self, winner: &Winner) -> String {
        let north = self
            .detail
            .game
            .north
            .as_ref()
            .map_or("", |n| n.name.as_str());
        match winner {
            Winner::South => format!("{} (South) won", self.detail.game.south.name),
            Winner::North => format!("{north} (North) won"),
            Winner::Draw => "draw".to_string(),
        }
    }

    /// The replay's place after `shown` plies, as the paper sheet numbers it:
    /// `move 42, South (E)`, or the start.
    fn label_at(&self, shown: u32) -> String {
        match shown
            .checked_sub(1)
            .and_then(|i| self.detail.plies.get(i as usize))
        {
            Some(p) => format!("{} ({})", SheetMove::of(p.ply), p.mv),
            None => "start".to_string(),
        }
    }

    /// How the replayed game ended, in words (`a player captured 25 or more`), not the
    /// engine's name for it.
    fn end_words(&self) -> Option<String> {
        let stored = self.detail.end_reason.as_deref()?;
        Some(match stored.parse::<crate::engine::EndReason>() {
            Ok(reason) => reason.describe().to_string(),
            Err(_) => stored.replace('-', " "),
        })
    }

    /// A ply as the paper sheet numbers it: `move 21, North`.
    fn sheet_move(&self, ply: &u32) -> String {
        SheetMove::of(*ply).to_string()
    }

    /// Every board of the replay, for the script that steps through it without reloading:
    /// seeds, stores, the pit sown from, the pits captured, and the colours to draw them in.
    fn replay_json(&self) -> String {
        let total = self.detail.plies.len();
        let boards: Vec<serde_json::Value> = (0..=total)
            .map(|shown| {
                let (position, marks) = position_after(&self.detail, shown as u32);
                let colours: Vec<[&str; 2]> = (0..12)
                    .map(|i| {
                        let (fill, ink) = pit_colours(&marks, i);
                        [fill, ink]
                    })
                    .collect();
                serde_json::json!({
                    "pits": position.pits(),
                    "stores": [position.store(Side::South), position.store(Side::North)],
                    "origin": marks.origin,
                    "colours": colours,
                    "label": self.label_at(shown as u32),
                })
            })
            .collect();
        // Only numbers and fixed words: nothing here can close the script element.
        serde_json::Value::Array(boards).to_string()
    }

    fn next(&self) -> Option<u32> {
        (self.shown < self.detail.plies.len() as u32).then_some(self.shown + 1)
    }
}

/// The position after ply `shown` (0: the start), with the last move's marks.
fn position_after(detail: &GameDetail, shown: u32) -> (Position, Marks) {
    let position = |i: usize| {
        let q = &detail.plies[i];
        Position::new(q.board, q.stores, q.side.other()).unwrap_or_default()
    };
    if shown == 0 {
        return (Position::start(), Marks::default());
    }
    let p = &detail.plies[shown as usize - 1];
    let after = position(shown as usize - 1);
    let before = if shown >= 2 {
        position(shown as usize - 2)
    } else {
        Position::start()
    };
    let marks = ply_marks(&before, &after, p.pit, p.captured > 0);
    (after, marks)
}

/// The players' names, South's first (a bye's missing opponent as "North").
fn names(detail: &GameDetail) -> [&str; 2] {
    [
        detail.game.south.name.as_str(),
        detail
            .game
            .north
            .as_ref()
            .map_or("North", |n| n.name.as_str()),
    ]
}

/// The board after ply `shown` (0: the start), with the last move marked and the stores named.
fn board_after(detail: &GameDetail, shown: u32) -> String {
    let (position, marks) = position_after(detail, shown);
    named_board_svg(&position, &marks, names(detail))
}

#[derive(Deserialize)]
struct PlyQuery {
    ply: Option<u32>,
}

/// What the game page shows besides the game: the ply chosen, the sheet form as typed, a
/// diagnostic or a notice.
#[derive(Default)]
struct PageState {
    ply: Option<u32>,
    fields: Option<SheetFields>,
    diagnostic: Option<Diagnostic>,
    notice: Option<String>,
}

async fn game_page(
    state: &AppState,
    session: &UserSession,
    game_id: GameId,
    page: PageState,
) -> Result<GamePage, ServiceError> {
    let actor = access::actor(session);
    let detail = state
        .db(move |conn| views::detail(conn, &actor, game_id))
        .await?;
    let total = detail.plies.len() as u32;
    let shown = page.ply.unwrap_or(total).min(total);
    Ok(GamePage {
        nav: Nav::new(session),
        board: board_after(&detail, shown),
        difference_board: detail
            .difference
            .as_ref()
            .map(|d| named_board_svg(&d.board, &Marks::default(), names(&detail))),
        detail,
        shown,
        fields: page.fields.unwrap_or_else(|| SheetFields {
            end: crate::tournament::sheets::EndKind::Natural.to_string(),
            ..SheetFields::default()
        }),
        diagnostic: page.diagnostic,
        notice: page.notice,
    })
}

async fn show_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
    query: web::Query<PlyQuery>,
) -> Result<GamePage, PageError> {
    let page = PageState {
        ply: query.ply,
        ..PageState::default()
    };
    Ok(game_page(&state, &session, path.into_inner(), page).await?)
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

impl SheetUpload {
    /// The fields as typed (an uploaded OGN file standing in for the typed moves), and the
    /// sheet they make.
    fn read(self) -> (SheetFields, Result<Sheet, ServiceError>) {
        let mut fields = SheetFields {
            result: self.result.into_inner(),
            south_seeds: self.south_seeds.into_inner(),
            north_seeds: self.north_seeds.into_inner(),
            end: self.end.into_inner(),
            moves: self.moves.map(Text::into_inner).unwrap_or_default(),
        };
        let upload = match self.ogn.filter(|f| !f.data.is_empty()) {
            Some(file) => String::from_utf8(file.data.to_vec())
                .map(|text| fields.moves = text)
                .map_err(|_| ServiceError::Invalid("the uploaded file is not text".to_string())),
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
        (fields, upload.and_then(|()| body.sheet()))
    }
}

impl PageState {
    fn notice(text: &str) -> PageState {
        PageState {
            notice: Some(text.to_string()),
            ..PageState::default()
        }
    }

    /// The sheet form again as typed, with why the sheet was refused.
    fn refused(fields: SheetFields, e: &ServiceError) -> PageState {
        PageState {
            fields: Some(fields),
            diagnostic: Some(Diagnostic::of(e)),
            ..PageState::default()
        }
    }
}

/// What the page says after a sheet was taken.
fn sheet_notice(status: GameStatus, step: SheetStep) -> &'static str {
    match (step, status) {
        (SheetStep::Unchanged, _) => "You had sent this sheet already: nothing changed.",
        (_, GameStatus::Submitted) => {
            "Your sheet is recorded; it counts once your opponent confirms it."
        }
        (_, GameStatus::Confirmed) => "The result is confirmed.",
        (_, GameStatus::Disputed) => {
            "Your sheet differs from your opponent's: the controller will decide."
        }
        _ => "Your sheet is recorded.",
    }
}

async fn submit_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
    MultipartForm(form): MultipartForm<SheetUpload>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    let fresh = check_csrf(&session, &form.csrf);
    let (fields, sheet) = form.read();
    if let Err(e) = fresh {
        // A form from before the player signed in again (in another tab, say): nothing is
        // sent, and the page comes back with a fresh token and the sheet as typed.
        let page = PageState {
            fields: Some(fields),
            notice: Some(
                "This page was out of date (you signed in again since it was opened), so the sheet was not sent. It is below as you typed it: check it and send it again."
                    .to_string(),
            ),
            ..PageState::default()
        };
        let page = game_page(&state, &session, game_id, page).await?;
        return Ok(render(service_status(&e), &page)?);
    }
    let result = match sheet {
        Ok(sheet) => {
            let sender = Sender::Signed(access::actor(&session));
            state.service.submit_sheet(sender, game_id, sheet).await
        }
        Err(e) => Err(e),
    };
    let (code, page) = match result {
        Ok((r, _)) => (
            StatusCode::OK,
            PageState::notice(sheet_notice(r.status, r.step)),
        ),
        Err(e) if e.is_refused_sheet() => (service_status(&e), PageState::refused(fields, &e)),
        Err(e) => return Err(e.into()),
    };
    let page = game_page(&state, &session, game_id, page).await?;
    Ok(render(code, &page)?)
}

#[derive(Deserialize)]
struct ConfirmForm {
    sheet_id: SheetId,
    csrf: String,
}

async fn confirm_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
    form: web::Form<ConfirmForm>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    check_csrf(&session, &form.csrf)?;
    let actor = access::actor(&session);
    let sheet_id = form.sheet_id;
    state
        .write(move |conn| service::confirm(conn, &actor, game_id, sheet_id))
        .await?;
    Ok(see_other(&format!("/games/{game_id}")))
}

/// The controller's forms on a game: accept a sheet (`accept_sheet`), set a result (`kind` and
/// what it needs), or send the game back (`reset`).
#[derive(Deserialize)]
struct RulingForm {
    accept_sheet: Option<SheetId>,
    kind: Option<String>,
    result: Option<String>,
    south_seeds: Option<String>,
    north_seeds: Option<String>,
    end: Option<String>,
    moves: Option<String>,
    reason: String,
    csrf: String,
    /// The game's version as the page showed it.
    seen: Option<i64>,
}

impl RulingForm {
    fn body(self) -> ResultBody {
        let played = self.kind.as_deref() == Some(ResultKind::Played.as_ref());
        let number = |s: Option<String>| s.and_then(|s| s.trim().parse::<i64>().ok());
        let seeds = number(self.south_seeds)
            .zip(number(self.north_seeds))
            .map(|(s, n)| [s, n]);
        let moves = self.moves.filter(|m| !m.trim().is_empty());
        ResultBody {
            accept_sheet: self.accept_sheet,
            result: self.result.filter(|_| played),
            seeds: seeds.filter(|_| played),
            moves: moves.filter(|_| played),
            end: self.end.filter(|_| played),
            kind: self.kind,
            reason: self.reason,
            seen: self.seen,
        }
    }
}

/// The game page after a ruling: back to the game, or the page again with why it was refused.
async fn after_ruling(
    state: &AppState,
    session: &UserSession,
    game_id: GameId,
    result: Result<GameDetail, ServiceError>,
) -> Result<HttpResponse, PageError> {
    match result {
        Ok(_) => Ok(see_other(&format!("/games/{game_id}"))),
        Err(e) if e.is_refused_sheet() => {
            let page = PageState::notice(&format!("Nothing was changed: {e}"));
            let page = game_page(state, session, game_id, page).await?;
            Ok(render(service_status(&e), &page)?)
        }
        Err(e) => Err(e.into()),
    }
}

async fn result_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
    form: web::Form<RulingForm>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    let actor = access::staff(&session)?;
    check_csrf(&session, &form.csrf)?;
    let body = form.into_inner().body();
    let result = state
        .write(move |conn| service::set_result(conn, &actor, game_id, &body))
        .await;
    after_ruling(&state, &session, game_id, result).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResetBody {
    reason: String,
    /// The game's version as read: refused when it has changed since.
    seen: Option<i64>,
}

#[derive(Deserialize)]
struct ResetForm {
    reason: String,
    csrf: String,
    seen: Option<i64>,
}

async fn reset_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
    form: web::Form<ResetForm>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    let actor = access::staff(&session)?;
    check_csrf(&session, &form.csrf)?;
    let ResetForm { reason, seen, .. } = form.into_inner();
    let watched = Watched::Game(game_id);
    let result = state
        .write(move |conn| {
            unchanged_since(conn, watched, seen, |c| {
                service::reset(c, &actor, game_id, &reason)
            })
        })
        .await;
    after_ruling(&state, &session, game_id, result).await
}

async fn api_reset(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
    body: web::Json<ResetBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let actor = access::staff(&session)?;
    let ResetBody { reason, seen } = body.into_inner();
    let watched = Watched::Game(game_id);
    let detail = state
        .write(move |conn| {
            unchanged_since(conn, watched, seen, |c| {
                service::reset(c, &actor, game_id, &reason)
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(detail))
}

async fn ogn_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<GameId>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    let actor = access::actor(&session);
    let record = state
        .db(move |conn| views::ogn(conn, &actor, game_id))
        .await?;
    Ok(super::attachment(
        "application/x-ogn; charset=utf-8",
        &format!("game-{game_id}.ogn"),
        record.to_string(),
    ))
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route(r"/games/{id:\d+}.ogn", web::get().to(ogn_page))
        .route(r"/games/{id:\d+}", web::get().to(show_page))
        .route("/games/{id}/sheet", web::post().to(submit_page))
        .route("/games/{id}/confirm", web::post().to(confirm_page))
        .route("/games/{id}/result", web::post().to(result_page))
        .route("/games/{id}/reset", web::post().to(reset_page));
}
