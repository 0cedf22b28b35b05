//! The round clock: the staff's schedule form (time control, the time a round is given, the
//! venue's offset from UTC, each round's planned start), starting a round, and the API.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use chrono::NaiveDateTime;

use super::error::{ApiError, PageError};
use super::pages::{CsrfOnly, Nav, render, see_other};
use super::plumbing::access::{CheckedForm, Runs, Staff};
use crate::locale::Lang;
use crate::service::ServiceError;
use crate::service::schedule::{self as service, PlannedStart, ScheduleInput, ScheduleView};
use crate::tournament::TournamentId;
use crate::tournament::said::Said;
use crate::tournament::schedule::Schedule;
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "rounds/schedule.html")]
struct SchedulePage {
    nav: Nav,
    id: TournamentId,
    v: ScheduleView,
    problems: Vec<String>,
}

impl SchedulePage {
    fn num(&self, v: &Option<u32>) -> String {
        v.map(|n| n.to_string()).unwrap_or_default()
    }

    fn planned(&self, round: &service::RoundTimes) -> String {
        round
            .planned_start
            .map(|t| t.format("%Y-%m-%dT%H:%M").to_string())
            .unwrap_or_default()
    }
}

/// The schedule, for a staff member who runs the tournament (a [`Runs`] extractor checked).
async fn view(state: &AppState, id: TournamentId) -> Result<ScheduleView, ServiceError> {
    state.db(move |conn| service::get(conn, id)).await
}

async fn page(
    _: Runs,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<SchedulePage, PageError> {
    let id = path.into_inner();
    let v = view(&state, id).await?;
    Ok(SchedulePage {
        nav: Nav::new(&session),
        id,
        v,
        problems: Vec::new(),
    })
}

/// The form's fields, read: a whole number or nothing, and each round's `planned_N`.
fn read(form: &HashMap<String, String>, rounds: usize) -> Result<ScheduleInput, Vec<Said>> {
    let mut problems = Vec::new();
    let mut number = |name: &str, what: &str| -> Option<i64> {
        let text = form.get(name).map_or("", |t| t.trim());
        if text.is_empty() {
            return None;
        }
        text.parse::<i64>()
            .map_err(|_| problems.push(crate::said!("not-whole-number", what, text)))
            .ok()
    };
    let unsigned = |v: Option<i64>| v.and_then(|v| u32::try_from(v).ok());
    let settings = Schedule {
        game_minutes: unsigned(number("game_minutes", "minutes each")),
        increment_seconds: unsigned(number("increment_seconds", "seconds added a move"))
            .unwrap_or(0),
        move_seconds: unsigned(number("move_seconds", "seconds at most for a move")),
        round_minutes: unsigned(number("round_minutes", "minutes for a round")),
        utc_offset_minutes: number("utc_offset_minutes", "the venue's offset from UTC")
            .map_or(0, |m| m.clamp(-100_000, 100_000) as i32),
    };
    let mut planned = Vec::new();
    for round in 1..=rounds {
        let text = form
            .get(&format!("planned_{round}"))
            .map_or("", |t| t.trim());
        let start = if text.is_empty() {
            None
        } else {
            match NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M") {
                Ok(t) => Some(t),
                Err(_) => {
                    problems.push(crate::said!("round-not-date-time", round, text));
                    None
                }
            }
        };
        planned.push(PlannedStart {
            round: round as i32,
            start,
        });
    }
    if problems.is_empty() {
        Ok(ScheduleInput { settings, planned })
    } else {
        Err(problems)
    }
}

async fn save(
    Runs(actor): Runs,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let v = view(&state, id).await?;
    let result = match read(&form, v.rounds.len()) {
        Ok(input) => {
            state
                .write(move |conn| service::set(conn, &actor, id, &input))
                .await
        }
        Err(problems) => Err(ServiceError::Invalid(crate::tournament::said::Said::all(
            problems,
        ))),
    };
    match result {
        Ok(_) => Ok(see_other(&format!("/tournaments/{id}/schedule"))),
        Err(ServiceError::Invalid(problem)) => {
            let page = SchedulePage {
                nav: Nav::new(&session),
                id,
                v,
                problems: vec![crate::wording::refusals::said(session.lang, &problem)],
            };
            Ok(render(
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                &page,
            )?)
        }
        Err(e) => Err(e.into()),
    }
}

async fn start(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, i32)>,
    CheckedForm(_): CheckedForm<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (id, number) = path.into_inner();
    state
        .write(move |conn| service::start(conn, &actor, id, number))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/rounds/{number}")))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/schedule", web::get().to(page))
        .route("/tournaments/{id}/schedule", web::post().to(save))
        .route(
            "/tournaments/{id}/rounds/{number}/start",
            web::post().to(start),
        );
}

/// The time control in the reader's words: `20 minutes each, plus 5 seconds a move; at most 30
/// seconds for a move`, or nothing.
pub fn clock_words(lang: impl Into<Lang>, s: &Schedule) -> String {
    let lang: Lang = lang.into();
    let mut parts = Vec::new();
    if let Some(minutes) = s.game_minutes {
        parts.push(match s.increment_seconds {
            0 => lang.t1("clock-game", "minutes", minutes),
            seconds => lang.t2(
                "clock-game-increment",
                "minutes",
                minutes,
                "seconds",
                seconds,
            ),
        });
    }
    if let Some(seconds) = s.move_seconds {
        parts.push(lang.t1("clock-move", "seconds", seconds));
    }
    parts.join(&lang.t("problems-separator"))
}

/// The schedule as the API gives it, its time control in the reader's words.
#[derive(serde::Serialize)]
struct ScheduleJson<'a> {
    #[serde(flatten)]
    view: &'a ScheduleView,
    words: String,
}

impl<'a> ScheduleJson<'a> {
    fn new(lang: Lang, view: &'a ScheduleView) -> ScheduleJson<'a> {
        ScheduleJson {
            view,
            words: clock_words(lang, &view.settings),
        }
    }
}

async fn api_get(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let v = state.db(move |conn| service::get(conn, id)).await?;
    Ok(HttpResponse::Ok().json(ScheduleJson::new(session.lang, &v)))
}

async fn api_set(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    body: web::Json<ScheduleInput>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let input = body.into_inner();
    let v = state
        .write(move |conn| service::set(conn, &actor, id, &input))
        .await?;
    Ok(HttpResponse::Ok().json(ScheduleJson::new(session.lang, &v)))
}

async fn api_start(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (id, number) = path.into_inner();
    let times = state
        .write(move |conn| service::start(conn, &actor, id, number))
        .await?;
    Ok(HttpResponse::Ok().json(times))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/schedule", web::get().to(api_get))
        .route("/tournaments/{id}/schedule", web::put().to(api_set))
        .route(
            "/tournaments/{id}/rounds/{number}/start",
            web::post().to(api_start),
        );
}
