//! A knockout's bracket: the page (phone, projector, print) and the API.

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use super::AppState;
use super::error::{ApiError, PageError};
use super::pages::Nav;
use crate::service::brackets::{self as service, BracketView};
use crate::tournament::TournamentId;
use crate::web::language::Visitor;

#[derive(Template, WebTemplate)]
#[template(path = "standings/bracket.html")]
struct BracketPage {
    nav: Nav,
    b: BracketView,
}

async fn page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<BracketPage, PageError> {
    let id = path.into_inner();
    let b = state.db(move |conn| service::view(conn, id)).await?;
    Ok(BracketPage {
        nav: Nav::new(&session),
        b,
    })
}

async fn api(
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let b = state.db(move |conn| service::view(conn, id)).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "tournament_id": b.t.id,
        "published": b.published,
        "double_elimination": b.t.double_elimination,
        "sections": b.sections,
        "places": b.places,
    })))
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/bracket", web::get().to(page));
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/bracket", web::get().to(api));
}
