//! A whole tournament as a file: exported by the staff who run it, imported by an organiser as
//! a new tournament (the API, and the organisers' page) once every sheet and result in it has
//! been replayed (`service::archive`).

use actix_multipart::form::MultipartForm;
use actix_multipart::form::bytes::Bytes as UploadBytes;
use actix_multipart::form::text::Text;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use super::error::{ApiError, Failure, PageError};
use super::pages::Nav;
use super::plumbing::access::{CheckedUpload, Organiser, Staff};
use crate::service::archive::{self as service, Imported};
use crate::service::players::new_pins;
use crate::service::{Actor, ServiceError};
use crate::tournament::TournamentId;
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(FileUpload);

/// The largest tournament file taken: a 400-player Swiss of eleven rounds, every game's moves
/// on two sheets and its audit trail, is about a third of it.
pub const FILE_LIMIT: usize = 32 << 20;

async fn export(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let file = state
        .db(move |conn| service::export(conn, &actor, id))
        .await?;
    let name = file.tournament.settings.name.clone().unwrap_or_default();
    let text = serde_json::to_string_pretty(&file)
        .map_err(|e| ServiceError::Internal(format!("a tournament file: {e}")))?;
    let file = super::file_name(&name, "tournament file", "json");
    Ok(super::attachment(
        "application/json; charset=utf-8",
        &file,
        text,
    ))
}

/// Reads and replays the file and hashes the new PINs (both away from the writer), then imports.
async fn import_text(
    state: &AppState,
    actor: Actor,
    text: String,
) -> Result<Imported, ServiceError> {
    service::may_import(&actor)?;
    let (file, checked) = web::block(move || service::read(&text)).await??;
    let count = file.players.len();
    let pins = web::block(move || new_pins(count)).await?;
    state
        .write(move |conn| service::import(conn, &actor, &file, &checked, &pins))
        .await
}

async fn api_import(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let text =
        super::plumbing::limits::text_body(payload, FILE_LIMIT, "the tournament file").await?;
    let imported = import_text(&state, actor, text).await?;
    Ok(HttpResponse::Created().json(imported))
}

#[derive(Template, WebTemplate)]
#[template(path = "tournaments/import_file.html")]
struct ImportPage {
    nav: Nav,
    error: Option<String>,
}

async fn import_page(_: Organiser, session: Visitor) -> Result<ImportPage, PageError> {
    Ok(ImportPage {
        nav: Nav::with_form(&session),
        error: None,
    })
}

#[derive(MultipartForm)]
struct FileUpload {
    #[multipart(limit = "32MB")]
    file: UploadBytes,
    csrf: Text<String>,
}

async fn import(
    Organiser(actor): Organiser,
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedUpload(upload): CheckedUpload<FileUpload>,
) -> Result<HttpResponse, PageError> {
    let result = match String::from_utf8(upload.file.data.to_vec()) {
        Ok(text) => import_text(&state, actor, text).await,
        Err(_) => Err(ServiceError::Invalid(crate::said!("file-not-utf-8-text-2"))),
    };
    let result = result.map(|imported| (imported.tournament.id, imported.pins));
    super::players::imported_page(&state, &req, &session, result, |error| ImportPage {
        nav: Nav::with_form(&session),
        error: Some(error),
    })
    .await
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/export.json", web::get().to(export))
        .service(
            web::resource("/tournaments/import-file")
                .app_data(
                    actix_multipart::form::MultipartFormConfig::default()
                        .total_limit(FILE_LIMIT + 64 * 1024)
                        .memory_limit(FILE_LIMIT + 64 * 1024)
                        .error_handler(|err, _req| {
                            PageError(Failure::BadRequest(crate::said!(
                                "upload-could-not-read",
                                error = err.to_string()
                            )))
                            .into()
                        }),
                )
                .route(web::get().to(import_page))
                .route(web::post().to(import)),
        );
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/import.json", web::post().to(api_import));
}
