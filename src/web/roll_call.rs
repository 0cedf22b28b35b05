//! The roll call before a round: the staff's phone-sized screen (open it, mark each player
//! present or absent, choose for each absent player a zero-point bye or withdrawal, close it)
//! and the API.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::{CsrfOnly, Nav, see_other};
use super::plumbing::access::{CheckedForm, Staff};
use crate::service::roll_call::{self as service, Answer, Answered, Closed, RollCallView};
use crate::service::{Actor, ServiceError};
use crate::tournament::{PlayerId, TournamentId};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(MarkForm);

#[derive(Template, WebTemplate)]
#[template(path = "rounds/roll_call.html")]
struct RollCallPage {
    nav: Nav,
    v: RollCallView,
    /// What closing it did, in words.
    done: Option<String>,
}

impl RollCallPage {
    fn present(&self) -> usize {
        self.v.count(Answer::Present)
    }

    fn not_present(&self) -> usize {
        self.v.players.len() - self.present()
    }

    /// "present (checked in at 14:05)", "absent (marked at 14:20)", "not yet", in the page's
    /// language.
    fn answer(&self, p: &Answered) -> String {
        let lang = self.nav.lang;
        let at = p.at.map(|at| lang.time(at.time())).unwrap_or_default();
        match (p.answer, p.by_player) {
            (Answer::Present, true) => lang.t1("roll-answer-checked-in", "at", at),
            (Answer::Present, false) => lang.t1("roll-answer-marked-present", "at", at),
            (Answer::Absent, _) => lang.t1("roll-answer-absent", "at", at),
            (Answer::Unanswered, _) => lang.t("roll-answer-none"),
        }
    }

    fn absent(&self) -> Vec<&Answered> {
        self.v
            .players
            .iter()
            .filter(|p| p.answer != Answer::Present)
            .collect()
    }
}

async fn page_of(
    state: &AppState,
    (actor, session): (Actor, &Visitor),
    id: TournamentId,
    done: Option<String>,
) -> Result<RollCallPage, PageError> {
    let v = state
        .db(move |conn| service::view(conn, &actor, id))
        .await?;
    Ok(RollCallPage {
        nav: Nav::new(session),
        v,
        done,
    })
}

async fn page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<RollCallPage, PageError> {
    page_of(&state, (actor, &session), path.into_inner(), None).await
}

async fn open(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    CheckedForm(_): CheckedForm<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    state
        .write(move |conn| service::open(conn, &actor, id))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/roll-call")))
}

#[derive(Deserialize)]
struct MarkForm {
    csrf: String,
    /// `present` or `absent`.
    mark: String,
}

async fn mark(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId)>,
    CheckedForm(form): CheckedForm<MarkForm>,
) -> Result<HttpResponse, PageError> {
    let (id, player) = path.into_inner();
    let present = match form.mark.as_str() {
        "present" => true,
        "absent" => false,
        _ => return Err(ServiceError::Invalid(crate::said!("mark-player-present-absent")).into()),
    };
    state
        .write(move |conn| service::mark(conn, &actor, id, player, present))
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/roll-call#player-{player}"
    )))
}

/// "Round 2: 1 zero-point bye (Kofi); withdrawn: Ama."
fn closed_words(c: &Closed) -> String {
    let mut words = format!("The roll call before round {} is closed.", c.round);
    if !c.byes.is_empty() {
        words.push_str(&format!(" A zero-point bye for: {}.", c.byes.join(", ")));
    }
    if !c.withdrawn.is_empty() {
        words.push_str(&format!(" Withdrawn: {}.", c.withdrawn.join(", ")));
    }
    if c.byes.is_empty() && c.withdrawn.is_empty() {
        words.push_str(" Everyone is present.");
    }
    words
}

/// The close form: for each absent player `absent_ID` = `bye` or `withdraw`.
async fn close(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<HashMap<String, String>>,
) -> Result<RollCallPage, PageError> {
    let id = path.into_inner();
    let withdraw: Vec<PlayerId> = form
        .iter()
        .filter(|(_, choice)| choice.as_str() == "withdraw")
        .filter_map(|(k, _)| k.strip_prefix("absent_")?.parse().ok())
        .collect();
    let closer = actor.clone();
    let closed = state
        .write(move |conn| service::close(conn, &closer, id, &withdraw))
        .await?;
    page_of(&state, (actor, &session), id, Some(closed_words(&closed))).await
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/roll-call", web::get().to(page))
        .route("/tournaments/{id}/roll-call/open", web::post().to(open))
        .route("/tournaments/{id}/roll-call/close", web::post().to(close))
        .route(
            "/tournaments/{id}/roll-call/players/{player}",
            web::post().to(mark),
        );
}

// --- API ---------------------------------------------------------------------------------------

async fn api_get(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let v = state
        .db(move |conn| service::view(conn, &actor, id))
        .await?;
    Ok(HttpResponse::Ok().json(v))
}

async fn api_open(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let v = state
        .write(move |conn| service::open(conn, &actor, id))
        .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MarkBody {
    present: bool,
}

async fn api_mark(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId)>,
    body: web::Json<MarkBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, player) = path.into_inner();
    let present = body.present;
    let v = state
        .write(move |conn| service::mark(conn, &actor, id, player, present))
        .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CloseBody {
    #[serde(default)]
    withdraw: Vec<PlayerId>,
}

async fn api_close(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<CloseBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let withdraw = body.into_inner().withdraw;
    let closed = state
        .write(move |conn| service::close(conn, &actor, id, &withdraw))
        .await?;
    Ok(HttpResponse::Ok().json(closed))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/roll-call", web::get().to(api_get))
        .route("/tournaments/{id}/roll-call", web::post().to(api_open))
        .route(
            "/tournaments/{id}/roll-call/close",
            web::post().to(api_close),
        )
        .route(
            "/tournaments/{id}/roll-call/players/{player}",
            web::put().to(api_mark),
        );
}
