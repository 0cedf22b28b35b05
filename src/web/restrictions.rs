//! Pairings ruled out by the controller: the API, and the form of the tournament page.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::AppState;
use super::access;
use super::error::{ApiError, PageError};
use super::pages::{check_csrf, see_other};
use crate::service::restrictions as service;
use crate::tournament::{PlayerId, TournamentId};
use crate::web::language::Visitor;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PairBody {
    players: [PlayerId; 2],
}

async fn api_list(
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let pairs = state.db(move |conn| service::list(conn, id)).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "prohibited": pairs })))
}

async fn api_prohibit(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    body: web::Json<PairBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let actor = access::staff(&session)?;
    let players = body.into_inner().players;
    let pairs = state
        .write(move |conn| service::prohibit(conn, &actor, id, players))
        .await?;
    Ok(HttpResponse::Created().json(serde_json::json!({ "prohibited": pairs })))
}

async fn api_allow(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, PlayerId, PlayerId)>,
) -> Result<HttpResponse, ApiError> {
    let (id, a, b) = path.into_inner();
    let actor = access::staff(&session)?;
    let pairs = state
        .write(move |conn| service::allow(conn, &actor, id, [a, b]))
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "prohibited": pairs })))
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/tournaments/{id}/prohibited-pairs",
        web::get().to(api_list),
    )
    .route(
        "/tournaments/{id}/prohibited-pairs",
        web::post().to(api_prohibit),
    )
    .route(
        "/tournaments/{id}/prohibited-pairs/{a}/{b}",
        web::delete().to(api_allow),
    );
}

#[derive(Deserialize)]
struct PairForm {
    first: PlayerId,
    second: PlayerId,
    #[serde(default)]
    allow: Option<String>,
    csrf: String,
}

async fn change(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    form: web::Form<PairForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let form = form.into_inner();
    check_csrf(&session, &form.csrf)?;
    let actor = access::staff(&session)?;
    let players = [form.first, form.second];
    let allow = form.allow.is_some();
    state
        .write(move |conn| {
            if allow {
                service::allow(conn, &actor, id, players)
            } else {
                service::prohibit(conn, &actor, id, players)
            }
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}#prohibited")))
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/prohibited-pairs", web::post().to(change));
}
