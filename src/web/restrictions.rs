//! Pairings ruled out by the controller: the API, and the form of the tournament page.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::see_other;
use super::plumbing::access::{CheckedForm, Staff};
use crate::service::restrictions as service;
use crate::tournament::{PlayerId, TournamentId};
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(PairForm);

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
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<PairBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let players = body.into_inner().players;
    let pairs = state
        .write(move |conn| service::prohibit(conn, &actor, id, players))
        .await?;
    Ok(HttpResponse::Created().json(serde_json::json!({ "prohibited": pairs })))
}

async fn api_allow(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId, PlayerId)>,
) -> Result<HttpResponse, ApiError> {
    let (id, a, b) = path.into_inner();
    let pairs = state
        .write(move |conn| service::allow(conn, &actor, id, [a, b]))
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "prohibited": pairs })))
}

pub fn api_routes(cfg: &mut Routes) {
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
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<PairForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
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

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/prohibited-pairs", web::post().to(change));
}
