//! The staff's notice to everyone at a tournament: the form on its page, and the API.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::see_other;
use super::plumbing::access::{CheckedForm, Staff};
use crate::service::notices as service;
use crate::tournament::TournamentId;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(NoticeForm);

#[derive(Deserialize)]
struct NoticeForm {
    csrf: String,
    #[serde(default)]
    text: String,
    /// Present: take the notice down.
    clear: Option<String>,
}

async fn save(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<NoticeForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let text = if form.clear.is_some() {
        String::new()
    } else {
        form.text
    };
    state
        .write(move |conn| service::set(conn, &actor, id, &text))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}")))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/notice", web::post().to(save));
}

async fn api_get(
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let notice = state
        .db(move |conn| {
            crate::service::tournaments::get(conn, id)?;
            service::get(conn, id)
        })
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "notice": notice })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoticeBody {
    text: String,
}

async fn api_set(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<NoticeBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let text = body.into_inner().text;
    let notice = state
        .write(move |conn| service::set(conn, &actor, id, &text))
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "notice": notice })))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/notice", web::get().to(api_get))
        .route("/tournaments/{id}/notice", web::put().to(api_set));
}
