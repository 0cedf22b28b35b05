//! An event's players: the list across its sections (public), and the staff's form and API
//! that enter players of one section in another.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::Nav;
use super::plumbing::access::{CheckedForm, Staff};
use crate::service::ServiceError;
use crate::service::entries::{self as service, Entered, EventPlayer};
use crate::service::events::{self as events, EventView};
use crate::tournament::{EventId, PlayerId, TournamentId};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "events/players.html")]
struct PlayersPage {
    nav: Nav,
    e: EventView,
    players: Vec<EventPlayer>,
    /// What the form just did, in words.
    done: Option<String>,
}

async fn page(
    state: &AppState,
    session: &Visitor,
    id: EventId,
    done: Option<String>,
) -> Result<PlayersPage, PageError> {
    let (e, players) = state
        .db(move |conn| Ok((events::get(conn, id)?, service::list(conn, id)?)))
        .await?;
    Ok(PlayersPage {
        nav: Nav::new(session),
        e,
        players,
        done,
    })
}

async fn players_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<EventId>,
) -> Result<PlayersPage, PageError> {
    page(&state, &session, path.into_inner(), None).await
}

/// "2 players entered in Junior; already in it: Ama Owusu."
fn done_words(done: &Entered) -> String {
    let n = done.entered.len();
    let mut words = format!(
        "{n} player{} entered in {}",
        if n == 1 { "" } else { "s" },
        done.section
    );
    if !done.already.is_empty() {
        words.push_str(&format!("; already in it: {}", done.already.join(", ")));
    }
    words.push('.');
    words
}

/// The form: the section (`section`) and a box ticked for each person to enter
/// (`person_ID`).
async fn enter(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<EventId>,
    CheckedForm(form): CheckedForm<HashMap<String, String>>,
) -> Result<PlayersPage, PageError> {
    let id = path.into_inner();
    let section: TournamentId = form
        .get("section")
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| ServiceError::Invalid(crate::said!("choose-section-enter-them")))?;
    let people: Vec<PlayerId> = form
        .keys()
        .filter_map(|k| k.strip_prefix("person_")?.parse().ok())
        .collect();
    let done = state
        .write(move |conn| service::enter(conn, &actor, id, section, &people))
        .await?;
    let done = done_words(&done);
    page(&state, &session, id, Some(done)).await
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/events/{id}/players", web::get().to(players_page))
        .route("/events/{id}/entries", web::post().to(enter));
}

// --- API ---------------------------------------------------------------------------------------

async fn api_players(
    state: web::Data<AppState>,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let players = state.db(move |conn| service::list(conn, id)).await?;
    Ok(HttpResponse::Ok().json(players))
}

#[derive(Deserialize)]
struct EntriesBody {
    section: TournamentId,
    players: Vec<PlayerId>,
}

async fn api_enter(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<EventId>,
    body: web::Json<EntriesBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let body = body.into_inner();
    let done = state
        .write(move |conn| service::enter(conn, &actor, id, body.section, &body.players))
        .await?;
    Ok(HttpResponse::Ok().json(done))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/events/{id}/players", web::get().to(api_players))
        .route("/events/{id}/entries", web::post().to(api_enter));
}
