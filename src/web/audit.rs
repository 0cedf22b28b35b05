//! The audit log, read in the browser by organisers (everything) and controllers (their
//! tournaments).

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::AppState;
use super::access;
use super::error::{ApiError, PageError};
use super::pages::Nav;
use crate::auth::UserSession;
use crate::db::models::AuditEntry;
use crate::service::audit;
use crate::tournament::TournamentId;

#[derive(Deserialize)]
struct Filter {
    tournament: Option<TournamentId>,
}

#[derive(Template, WebTemplate)]
#[template(path = "audit/list.html")]
struct ListPage {
    nav: Nav,
    tournament: Option<TournamentId>,
    entries: Vec<AuditEntry>,
}

async fn list_page(
    state: web::Data<AppState>,
    session: UserSession,
    filter: web::Query<Filter>,
) -> Result<ListPage, PageError> {
    let actor = access::staff(&session)?;
    let tournament = filter.tournament;
    let entries = state
        .db(move |conn| audit::entries(conn, &actor, tournament))
        .await?;
    Ok(ListPage {
        nav: Nav::new(&session),
        tournament: filter.tournament,
        entries,
    })
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/audit", web::get().to(list_page));
}

async fn api_list(
    state: web::Data<AppState>,
    session: UserSession,
    filter: web::Query<Filter>,
) -> Result<HttpResponse, ApiError> {
    let actor = access::staff(&session)?;
    let tournament = filter.tournament;
    let entries = state
        .db(move |conn| audit::entries(conn, &actor, tournament))
        .await?;
    Ok(HttpResponse::Ok().json(entries))
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/audit", web::get().to(api_list));
}
