//! Games: pages and API for sending a score sheet (a PIN with the request, or the player's
//! session), confirming it, setting a result (staff); the game page with its replay viewer; OGN.

use actix_multipart::form::MultipartForm;
use actix_multipart::form::bytes::Bytes as UploadBytes;
use actix_multipart::form::text::Text;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};

use super::board_svg::{Marks, named_board_svg};
use super::error::{ApiError, PageError, service_status};
use super::game_page::{Diagnostic, GamePage, SheetFields, board_after, names};
use super::pages::{Nav, render, see_other};
use super::plumbing::access::{self, Anyone, CheckedForm, Staff, check_csrf};
use crate::engine::Side;
use crate::locale::Lang;
use crate::service::ServiceError;
use crate::service::game_views::{self as views, GameDetail};
use crate::service::games::{self as service, Answer, Decision, Ruling, Sender};
use crate::service::versions::{Watched, unchanged_since};
use crate::tournament::game_state::SheetStep;
use crate::tournament::sheets::{Accepted, EndKind, Sheet};
use crate::tournament::{GameId, GameStatus, ResultKind, SheetId, Winner};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(ConfirmForm, ResetForm, RulingForm);

/// Who sends a sheet or a confirmation: the player whose PIN came with the request, or
/// whoever is signed in.
fn sender(req: &HttpRequest, state: &AppState, session: &Visitor, pin: Option<String>) -> Sender {
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
    /// The sender says an OGN record that names other players, another event, round or board
    /// is of this game all the same.
    #[serde(default)]
    pub same_game: bool,
}

impl SheetBody {
    pub fn sheet(&self) -> Result<Sheet, ServiceError> {
        let winner = winner(&self.result)?;
        let end = end_kind(&self.end)?;
        if end == EndKind::Adjudication {
            return Err(ServiceError::Invalid(crate::said!(
                "end-only-controller-adjudicates-game"
            )));
        }
        if self.seeds.iter().any(|s| !(0..=48).contains(s)) {
            return Err(ServiceError::Invalid(crate::said!("seeds-each-0-48")));
        }
        if self.moves.len() > 64 * 1024 {
            return Err(ServiceError::TooLarge(crate::said!(
                "move-list-over-64-kib"
            )));
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
        .map_err(|_| ServiceError::Invalid(crate::said!("result-south-north-draw")))
}

fn end_kind(text: &str) -> Result<EndKind, ServiceError> {
    text.parse()
        .map_err(|_| ServiceError::Invalid(crate::said!("end-natural-agreement-resignation-time")))
}

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
    /// The version of the game the ruling was made on, if the ruler says: refused when the
    /// game has changed since.
    pub seen: Option<i64>,
}

impl ResultBody {
    /// The ruling the body gives, with its reason.
    pub fn decision(self) -> Result<Decision, ServiceError> {
        let given = self.kind.is_some()
            || self.result.is_some()
            || self.seeds.is_some()
            || self.moves.is_some()
            || self.end.is_some();
        let kind = self
            .kind
            .as_deref()
            .and_then(|k| k.parse::<ResultKind>().ok());
        let ruling = match (self.accept_sheet, kind) {
            (Some(_), _) if given => {
                return Err(ServiceError::Invalid(crate::said!(
                    "accept-sheet-sheet-accepted-brings"
                )));
            }
            (Some(sheet), _) => Ruling::Accept(sheet),
            (None, Some(ResultKind::Played)) => Ruling::Played(self.sheet()?),
            (None, Some(kind)) if kind != ResultKind::Bye => {
                if self.result.is_some() || self.seeds.is_some() || self.moves.is_some() {
                    return Err(ServiceError::Invalid(crate::said!(
                        "has-no-result-seeds-moves",
                        kind = kind.to_string()
                    )));
                }
                Ruling::Without(kind)
            }
            (None, _) => {
                return Err(ServiceError::Invalid(crate::said!(
                    "kind-played-forfeit-south-forfeit"
                )));
            }
        };
        Ok(Decision {
            ruling,
            reason: self.reason,
            seen: self.seen,
        })
    }

    /// The sheet the result gives, for a played game.
    fn sheet(&self) -> Result<Sheet, ServiceError> {
        let winner = winner(self.result.as_deref().unwrap_or(""))?;
        let seeds = self
            .seeds
            .filter(|s| s.iter().all(|&n| (0..=48).contains(&n)))
            .ok_or_else(|| ServiceError::Invalid(crate::said!("seeds-south-north-each-0")))?;
        let end = self.end.as_deref().map_or(Ok(EndKind::Natural), end_kind)?;
        Ok(Sheet {
            winner,
            seeds: [seeds[0] as u8, seeds[1] as u8],
            end,
            moves: self.moves.clone().unwrap_or_default(),
        })
    }
}

async fn api_submit(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<GameId>,
    body: web::Json<SheetBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let body = body.into_inner();
    let sheet = body.sheet()?;
    let same_game = body.same_game;
    let sender = sender(&req, &state, &session, body.pin);
    let (recorded, accepted) = state
        .service
        .sheets
        .submit(sender, game_id, sheet, same_game)
        .await?;
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
    session: Visitor,
    path: web::Path<GameId>,
    body: web::Json<ConfirmBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let ConfirmBody { pin, sheet_id } = body.into_inner();
    let sender = sender(&req, &state, &session, pin);
    let status = state
        .service
        .sheets
        .answer(sender, (game_id, sheet_id), Answer::Confirm)
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({"game_id": game_id, "status": status})))
}

async fn api_result(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<GameId>,
    body: web::Json<ResultBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let decision = body.into_inner().decision()?;
    let reader = actor.clone();
    state
        .write(move |conn| service::set_result(conn, &actor, game_id, &decision))
        .await?;
    game_json(&state, &session, reader, game_id).await
}

/// A game as the API gives it: where its moves fail to replay worded in the request's language.
#[derive(Serialize)]
pub(crate) struct GameJson<'a> {
    #[serde(flatten)]
    detail: &'a GameDetail,
    #[serde(skip_serializing_if = "Option::is_none")]
    replay_error: Option<String>,
    /// Why the controller set the result, in the reader's words.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sheets: Option<Vec<SheetJson<'a>>>,
}

#[derive(Serialize)]
struct SheetJson<'a> {
    #[serde(flatten)]
    sheet: &'a views::SheetView,
    #[serde(skip_serializing_if = "Option::is_none")]
    replay_problem: Option<String>,
}

impl<'a> GameJson<'a> {
    pub(crate) fn new(lang: crate::locale::Lang, detail: &'a GameDetail) -> GameJson<'a> {
        let worded = |s: &Option<crate::tournament::said::Said>| {
            s.as_ref().map(|s| crate::wording::refusals::said(lang, s))
        };
        GameJson {
            detail,
            replay_error: worded(&detail.replay_error),
            reason: detail
                .reason
                .as_ref()
                .map(|r| crate::wording::refusals::kept(lang, r)),
            sheets: detail.sheets.as_ref().map(|sheets| {
                sheets
                    .iter()
                    .map(|sheet| SheetJson {
                        sheet,
                        replay_problem: worded(&sheet.replay_problem),
                    })
                    .collect()
            }),
        }
    }
}

async fn api_get(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<GameId>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let tables = state.service.endgames();
    let detail = state
        .db(move |conn| views::detail_with(conn, &actor, &tables, game_id))
        .await?;
    Ok(HttpResponse::Ok().json(GameJson::new(session.lang, &detail)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordingBody {
    moves: String,
}

/// The moves tapped so far on the game page's board, replayed: the board they reach and the
/// pits that may be tapped next (nothing is stored).
async fn api_recording(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    path: web::Path<GameId>,
    body: web::Json<RecordingBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let moves = body.into_inner().moves;
    let recording = state
        .db(move |conn| service::recording(conn, &actor, game_id, &moves))
        .await?;
    Ok(HttpResponse::Ok().json(recording))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/games/{id}", web::get().to(api_get))
        .route("/games/{id}/recording", web::post().to(api_recording))
        .route("/games/{id}/sheets", web::post().to(api_submit))
        .route("/games/{id}/confirm", web::post().to(api_confirm))
        .route("/games/{id}/result", web::put().to(api_result))
        .route("/games/{id}/reset", web::post().to(api_reset));
}

// --- pages -------------------------------------------------------------------------------------

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
    session: &Visitor,
    game_id: GameId,
    page: PageState,
) -> Result<GamePage, ServiceError> {
    let actor = access::actor(session);
    let tables = state.service.endgames();
    let detail = state
        .db(move |conn| views::detail_with(conn, &actor, &tables, game_id))
        .await?;
    let total = detail.plies.len() as u32;
    let shown = page.ply.unwrap_or(total).min(total);
    let mut diagnostic = page.diagnostic;
    if let Some(d) = diagnostic.as_mut() {
        d.diagram = d
            .position
            .map(|p| named_board_svg(&p, &Marks::default(), names(&detail), session.lang));
    }
    Ok(GamePage {
        nav: Nav::new(session),
        board: board_after(&detail, shown, session.lang),
        difference_board: detail
            .difference
            .as_ref()
            .map(|d| named_board_svg(&d.board, &Marks::default(), names(&detail), session.lang)),
        detail,
        shown,
        fields: page.fields.unwrap_or_else(|| SheetFields {
            end: crate::tournament::sheets::EndKind::Natural.to_string(),
            ..SheetFields::default()
        }),
        diagnostic,
        notice: page.notice,
    })
}

async fn show_page(
    state: web::Data<AppState>,
    session: Visitor,
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
    /// Ticked after a record of another game was refused: it is this game's all the same.
    same_game: Option<Text<String>>,
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
                .map_err(|_| ServiceError::Invalid(crate::said!("uploaded-file-not-text"))),
            None => Ok(()),
        };
        // Boxes left empty beside an OGN file: its tags say the result, the seeds and the end.
        let blank = fields.result.is_empty()
            || fields.south_seeds.trim().is_empty()
            || fields.north_seeds.trim().is_empty();
        let from_record = match upload.as_ref().map(|()| blank) {
            Ok(true) => match crate::tournament::sheets::declared_by_record(&fields.moves) {
                Ok(Some((winner, seeds, end))) => {
                    fields.result = winner.to_string();
                    fields.south_seeds = seeds[0].to_string();
                    fields.north_seeds = seeds[1].to_string();
                    fields.end = end.to_string();
                    Ok(())
                }
                Ok(None) if crate::engine::ogn::is_ogn(&fields.moves) => Err(
                    ServiceError::Invalid(crate::said!("ogn-file-does-not-give")),
                ),
                Ok(None) => Ok(()),
                Err(e) => Err(service::sheet_error(e)),
            },
            _ => Ok(()),
        };
        let upload = upload.and(from_record).and_then(|()| {
            let missing = if fields.result.is_empty() {
                Some("sheet-choose-result")
            } else if fields.south_seeds.trim().is_empty() || fields.north_seeds.trim().is_empty() {
                Some("sheet-type-seeds")
            } else {
                None
            };
            missing.map_or(Ok(()), |m| {
                Err(ServiceError::Invalid(crate::tournament::said::Said::new(m)))
            })
        });
        let seeds = |s: &str| s.trim().parse::<i64>().unwrap_or(-1);
        let body = SheetBody {
            pin: None,
            same_game: false,
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
    fn refused(fields: SheetFields, e: &ServiceError, lang: Lang) -> PageState {
        PageState {
            fields: Some(fields),
            diagnostic: Some(Diagnostic::of(e, lang)),
            ..PageState::default()
        }
    }
}

/// What the page says after a sheet was taken: the message's key.
fn sheet_notice(status: GameStatus, step: SheetStep) -> &'static str {
    match (step, status) {
        (SheetStep::Unchanged, _) => "sheet-unchanged",
        (_, GameStatus::Submitted) => "sheet-recorded-waiting",
        (_, GameStatus::Confirmed) => "sheet-confirmed",
        (_, GameStatus::Disputed) => "sheet-differs",
        _ => "sheet-recorded",
    }
}

async fn submit_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<GameId>,
    MultipartForm(form): MultipartForm<SheetUpload>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    let fresh = check_csrf(&session, &form.csrf);
    let same_game = form.same_game.is_some();
    let (fields, sheet) = form.read();
    if let Err(e) = fresh {
        // A form from before the player signed in again (in another tab, say): nothing is
        // sent, and the page comes back with a fresh token and the sheet as typed.
        let page = PageState {
            fields: Some(fields),
            notice: Some(session.lang.t("sheet-page-out-of-date")),
            ..PageState::default()
        };
        let page = game_page(&state, &session, game_id, page).await?;
        return Ok(render(service_status(&e), &page)?);
    }
    let result = match sheet {
        Ok(sheet) => {
            let sender = Sender::Signed(access::actor(&session));
            state
                .service
                .sheets
                .submit(sender, game_id, sheet, same_game)
                .await
        }
        Err(e) => Err(e),
    };
    let (code, page) = match result {
        Ok((r, _)) => (
            StatusCode::OK,
            PageState::notice(&session.lang.t(sheet_notice(r.status, r.step))),
        ),
        Err(e) if e.is_refused_sheet() => (
            service_status(&e),
            PageState::refused(fields, &e, session.lang),
        ),
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
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    path: web::Path<GameId>,
    CheckedForm(form): CheckedForm<ConfirmForm>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
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
    session: &Visitor,
    game_id: GameId,
    result: Result<(), ServiceError>,
) -> Result<HttpResponse, PageError> {
    match result {
        Ok(_) => Ok(see_other(&format!("/games/{game_id}"))),
        Err(e) if e.is_refused_sheet() => {
            let page = PageState::notice(&session.lang.t1(
                "nothing-changed",
                "problems",
                crate::wording::refusals::failure(session.lang, &e),
            ));
            let page = game_page(state, session, game_id, page).await?;
            Ok(render(service_status(&e), &page)?)
        }
        Err(e) => Err(e.into()),
    }
}

async fn result_page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<GameId>,
    CheckedForm(form): CheckedForm<RulingForm>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    let result = match form.body().decision() {
        Ok(decision) => {
            state
                .write(move |conn| service::set_result(conn, &actor, game_id, &decision))
                .await
        }
        Err(refused) => Err(refused),
    };
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
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<GameId>,
    CheckedForm(form): CheckedForm<ResetForm>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    let ResetForm { reason, seen, .. } = form;
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

/// A game as the API gives it, after a ruling on it.
pub(super) async fn game_json(
    state: &AppState,
    session: &Visitor,
    reader: crate::service::Actor,
    game_id: GameId,
) -> Result<HttpResponse, ApiError> {
    let detail = state
        .db(move |conn| crate::service::game_views::detail(conn, &reader, game_id))
        .await?;
    Ok(HttpResponse::Ok().json(GameJson::new(session.lang, &detail)))
}

async fn api_reset(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<GameId>,
    body: web::Json<ResetBody>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let ResetBody { reason, seen } = body.into_inner();
    let watched = Watched::Game(game_id);
    let reader = actor.clone();
    state
        .write(move |conn| {
            unchanged_since(conn, watched, seen, |c| {
                service::reset(c, &actor, game_id, &reason)
            })
        })
        .await?;
    game_json(&state, &session, reader, game_id).await
}

async fn ogn_page(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    path: web::Path<GameId>,
) -> Result<HttpResponse, PageError> {
    let game_id = path.into_inner();
    let tables = state.service.endgames();
    let record = state
        .db(move |conn| views::ogn(conn, &actor, &tables, game_id))
        .await?;
    Ok(super::attachment(
        "application/x-ogn; charset=utf-8",
        &format!("game-{game_id}.ogn"),
        record.to_string(),
    ))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route(r"/games/{id:\d+}.ogn", web::get().to(ogn_page))
        .route(r"/games/{id:\d+}", web::get().to(show_page))
        .route("/games/{id}/sheet", web::post().to(submit_page))
        .route("/games/{id}/confirm", web::post().to(confirm_page))
        .route("/games/{id}/result", web::post().to(result_page))
        .route("/games/{id}/reset", web::post().to(reset_page));
}
