//! FIDE's Tournament Report File: a tournament exported for the staff, and a new tournament
//! imported from a file (the API, and the organisers' page).

use actix_multipart::form::MultipartForm;
use actix_multipart::form::bytes::Bytes as UploadBytes;
use actix_multipart::form::text::Text;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::Nav;
use super::plumbing::access::{CheckedUpload, Organiser, Staff};
use crate::engine::Preset;
use crate::service::players::new_pins;
use crate::service::trf::{self as service, Imported};
use crate::service::{Actor, ServiceError};
use crate::tournament::TournamentId;
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(TrfUpload);

/// The largest TRF file taken: well above the 1,500 players of eleven rounds a tournament holds.
pub const TRF_LIMIT: usize = 2 << 20;

async fn export(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let (name, text) = state
        .db(move |conn| service::export(conn, &actor, id))
        .await?;
    let file = super::file_name(&name, "", "trf");
    Ok(super::attachment("text/plain; charset=utf-8", &file, text))
}

/// Reads, hashes the new PINs (away from the writer) and imports.
async fn import_text(
    state: &AppState,
    actor: Actor,
    text: String,
    rules: Option<String>,
) -> Result<Imported, ServiceError> {
    actor.organiser()?;
    let (trf, settings, details) = service::read(&text, rules)?;
    let count = details.len();
    let pins = web::block(move || new_pins(count)).await?;
    state
        .write(move |conn| service::import(conn, &actor, &trf, &settings, &details, &pins))
        .await
}

fn utf8(body: Vec<u8>) -> Result<String, ServiceError> {
    String::from_utf8(body).map_err(|_| ServiceError::Invalid(crate::said!("trf-file-not-utf-8")))
}

#[derive(Deserialize)]
struct ImportQuery {
    rules: Option<String>,
}

async fn api_import(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    query: web::Query<ImportQuery>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let text = super::plumbing::limits::text_body(payload, TRF_LIMIT, "the TRF file").await?;
    let imported = import_text(&state, actor, text, query.into_inner().rules).await?;
    Ok(HttpResponse::Created().json(imported))
}

#[derive(Template, WebTemplate)]
#[template(path = "tournaments/import.html")]
struct ImportPage {
    nav: Nav,
    presets: Vec<&'static str>,
    error: Option<String>,
}

async fn import_page(_: Organiser, session: Visitor) -> Result<ImportPage, PageError> {
    Ok(ImportPage {
        nav: Nav::with_form(&session),
        presets: Preset::ALL.iter().map(|p| p.name()).collect(),
        error: None,
    })
}

#[derive(MultipartForm)]
struct TrfUpload {
    #[multipart(limit = "2MB")]
    file: UploadBytes,
    rules: Option<Text<String>>,
    csrf: Text<String>,
}

async fn import(
    Organiser(actor): Organiser,
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedUpload(upload): CheckedUpload<TrfUpload>,
) -> Result<HttpResponse, PageError> {
    let rules = upload.rules.map(|r| r.into_inner());
    let result = match utf8(upload.file.data.to_vec()) {
        Ok(text) => import_text(&state, actor, text, rules).await,
        Err(e) => Err(e),
    };
    let result = result.map(|imported| (imported.tournament.id, imported.pins));
    super::players::imported_page(&state, &req, &session, result, |error| ImportPage {
        nav: Nav::with_form(&session),
        presets: Preset::ALL.iter().map(|p| p.name()).collect(),
        error: Some(error),
    })
    .await
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/export.trf", web::get().to(export))
        .route("/tournaments/import-trf", web::get().to(import_page))
        .route("/tournaments/import-trf", web::post().to(import));
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/import.trf", web::post().to(api_import));
}
