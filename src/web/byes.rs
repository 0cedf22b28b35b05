//! Byes asked for before a round: the API, and the forms of a player's page.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::see_other;
use super::plumbing::access::{Anyone, CheckedForm};
use crate::service::byes as service;
use crate::service::{Actor, ServiceError};
use crate::tournament::{ByeKind, PlayerId, TournamentId};
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(ByeForm, CancelForm);

/// The player a request is about: the one named, or the signed-in player themselves.
fn player_of(
    actor: &Actor,
    tournament: TournamentId,
    named: Option<PlayerId>,
) -> Result<PlayerId, ServiceError> {
    named
        .or_else(|| actor.player_in(tournament))
        .ok_or_else(|| ServiceError::Invalid(crate::said!("give-player-whose-bye")))
}

async fn api_list(
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let byes = state.db(move |conn| service::list(conn, id)).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "byes": byes })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ByeBody {
    player: Option<PlayerId>,
    round: i32,
    kind: ByeKind,
}

async fn api_request(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<ByeBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let ByeBody {
        player,
        round,
        kind,
    } = body.into_inner();
    let player = player_of(&actor, id, player)?;
    let bye = state
        .write(move |conn| service::request(conn, &actor, id, player, round, kind))
        .await?;
    Ok(HttpResponse::Created().json(bye))
}

async fn api_cancel(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (id, player, round) = path.into_inner();
    state
        .write(move |conn| service::cancel(conn, &actor, id, player, round))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/byes", web::get().to(api_list))
        .route("/tournaments/{id}/byes", web::post().to(api_request))
        .route(
            "/tournaments/{id}/byes/{player}/{round}",
            web::delete().to(api_cancel),
        );
}

#[derive(Deserialize)]
struct ByeForm {
    round: i32,
    kind: ByeKind,
    csrf: String,
}

async fn request_page(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId)>,
    CheckedForm(form): CheckedForm<ByeForm>,
) -> Result<HttpResponse, PageError> {
    let (id, player) = path.into_inner();
    let ByeForm { round, kind, .. } = form;
    state
        .write(move |conn| service::request(conn, &actor, id, player, round, kind))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/players/{player}")))
}

#[derive(Deserialize)]
struct CancelForm {
    csrf: String,
}

async fn cancel_page(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId, i32)>,
    CheckedForm(_): CheckedForm<CancelForm>,
) -> Result<HttpResponse, PageError> {
    let (id, player, round) = path.into_inner();
    state
        .write(move |conn| service::cancel(conn, &actor, id, player, round))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/players/{player}")))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route(
        "/tournaments/{id}/players/{player}/byes",
        web::post().to(request_page),
    )
    .route(
        "/tournaments/{id}/players/{player}/byes/{round}/cancel",
        web::post().to(cancel_page),
    );
}
