//! actix handlers, one file per area of pages and their API (the JSON API under `/api`); askama
//! pages; two rooms: the server's plumbing (`plumbing/`) and the pages that follow the data
//! (`live/`). What every handler shares is `state.rs`; this file names the files and assembles
//! the routes.

pub mod accounts;
pub mod adjudication;
pub mod archive;
pub mod audit;
pub mod auth;
pub mod board_svg;
pub mod brackets;
pub mod byes;
pub mod circuit_form;
pub mod circuit_site;
pub mod circuits;
pub mod csv_export;
pub mod entries;
pub mod error;
pub mod events;
pub mod game_page;
pub mod games;
pub mod language;
pub mod live;
pub mod notices;
pub mod pages;
pub mod player_form;
pub mod player_import;
pub mod players;
pub mod plumbing;
pub mod prizes;
pub mod publishing;
pub mod qr;
pub mod ratings;
pub mod register;
pub mod rendered;
pub mod restrictions;
pub mod roll_call;
pub mod round_prints;
pub mod rounds;
pub mod schedule;
pub mod settings_form;
pub mod site;
pub mod sms;
pub mod stages;
pub mod standings;
pub mod state;
pub mod teams;
pub mod tournaments;
pub mod trf;
pub mod venue;

use actix_web::{HttpResponse, web};

use self::error::Failure;
use self::plumbing::routes::Routes;
use crate::service::ServiceError;
pub use error::{ApiError, PageError};

pub(crate) const STYLE: &str = include_str!("../../static/style.css");
pub(crate) const REPLAY_JS: &str = include_str!("../../static/replay.js");
pub(crate) const PRINT_JS: &str = include_str!("../../static/print.js");
const LIVE_JS: &str = include_str!("../../static/live.js");
const FOLLOW_JS: &str = include_str!("../../static/follow.js");
const RECORD_JS: &str = include_str!("../../static/record.js");
const SIGN_IN_JS: &str = include_str!("../../static/sign-in.js");
const REGISTER_JS: &str = include_str!("../../static/register.js");
pub(crate) const WORDS_JS: &str = include_str!("../../static/words.js");
const ICON_SVG: &str = include_str!("../../static/icon.svg");

/// The site's icon (a board of eight pits), also where browsers look for it unasked.
async fn icon() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header(("Cache-Control", "public, max-age=86400"))
        .body(ICON_SVG)
}

fn script(body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(body)
}

async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(STYLE)
}

async fn home() -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("Location", "/tournaments"))
        .finish()
}

async fn not_found_page() -> Result<HttpResponse, PageError> {
    Err(ServiceError::NotFound(crate::said!("there-no-such-page")).into())
}

async fn not_found_api() -> Result<HttpResponse, ApiError> {
    Err(ServiceError::NotFound(crate::said!("there-no-such-api-route")).into())
}

/// The routes of the API (`/api/...`), their media type checked once.
fn api(cfg: &mut web::ServiceConfig) {
    let mut routes = Routes::default();
    routes.configure(auth::api_routes);
    routes.configure(tournaments::api_routes);
    routes.configure(events::api_routes);
    routes.configure(entries::api_routes);
    routes.configure(prizes::api_routes);
    routes.configure(teams::api_routes);
    routes.configure(players::api_routes);
    routes.configure(player_import::api_routes);
    routes.configure(rounds::api_routes);
    routes.configure(games::api_routes);
    routes.configure(standings::api_routes);
    routes.configure(brackets::api_routes);
    routes.configure(stages::api_routes);
    routes.configure(accounts::api_routes);
    routes.configure(audit::api_routes);
    routes.configure(byes::api_routes);
    routes.configure(trf::api_routes);
    routes.configure(archive::api_routes);
    routes.configure(publishing::api_routes);
    routes.configure(restrictions::api_routes);
    routes.configure(roll_call::api_routes);
    routes.configure(notices::api_routes);
    routes.configure(live::dashboard::api_routes);
    routes.configure(live::projector::api_routes);
    routes.configure(live::my_board::api_routes);
    routes.configure(adjudication::api_routes);
    routes.configure(schedule::api_routes);
    routes.configure(ratings::api_routes);
    routes.configure(circuits::api_routes);
    routes.configure(sms::api_routes);
    cfg.service(
        web::scope("/api")
            .wrap(actix_web::middleware::from_fn(
                plumbing::api_guard::check_content_type,
            ))
            .configure(|cfg| routes.register(cfg, || web::to(not_found_api)))
            .default_service(web::to(not_found_api)),
    );
}

/// The routes of the pages.
fn pages(cfg: &mut web::ServiceConfig) {
    let mut routes = Routes::default();
    routes.configure(auth::page_routes);
    routes.configure(trf::page_routes);
    routes.configure(archive::page_routes);
    routes.configure(publishing::page_routes);
    routes.configure(ratings::page_routes);
    routes.configure(circuits::page_routes);
    routes.configure(register::page_routes);
    routes.configure(ratings::event_routes);
    routes.configure(tournaments::page_routes);
    routes.configure(events::page_routes);
    routes.configure(entries::page_routes);
    routes.configure(prizes::page_routes);
    routes.configure(teams::page_routes);
    routes.configure(players::page_routes);
    routes.configure(rounds::page_routes);
    routes.configure(round_prints::page_routes);
    routes.configure(games::page_routes);
    routes.configure(standings::page_routes);
    routes.configure(brackets::page_routes);
    routes.configure(stages::page_routes);
    routes.configure(live::projector::page_routes);
    routes.configure(accounts::page_routes);
    routes.configure(audit::page_routes);
    routes.configure(byes::page_routes);
    routes.configure(restrictions::page_routes);
    routes.configure(roll_call::page_routes);
    routes.configure(notices::page_routes);
    routes.configure(live::dashboard::page_routes);
    routes.configure(live::my_board::page_routes);
    routes.configure(venue::page_routes);
    routes.configure(adjudication::page_routes);
    routes.configure(schedule::page_routes);
    routes.configure(sms::page_routes);
    routes.register(cfg, || web::to(not_found_page));
}

/// Every route of the service.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(
        // The media type is checked once, by `plumbing::api_guard::check_content_type`, which reads it
        // as HTTP writes it (`application/json ; charset=utf-8` included, which the extractor's
        // own check refused).
        web::JsonConfig::default()
            .content_type_required(false)
            .limit(plumbing::limits::JSON_LIMIT)
            .error_handler(|err, _req| plumbing::api_guard::json_error(err).into()),
    )
    .app_data(
        web::FormConfig::default()
            .limit(plumbing::limits::FORM_LIMIT)
            .error_handler(|err, _req| {
                PageError(Failure::BadRequest(crate::said!(
                    "form-could-not-read",
                    error = err.to_string()
                )))
                .into()
            }),
    )
    .app_data(web::PathConfig::default().error_handler(|_err, req| {
        error::answered_for(req.path(), ServiceError::not_found("page"))
    }))
    .route("/", web::get().to(home))
    .route("/language", web::get().to(language::choose))
    .route("/static/style.css", web::get().to(stylesheet))
    .route("/static/icon.svg", web::get().to(icon))
    .route("/favicon.ico", web::get().to(icon))
    .route(
        "/static/replay.js",
        web::get().to(|| async { script(REPLAY_JS) }),
    )
    .route(
        "/static/print.js",
        web::get().to(|| async { script(PRINT_JS) }),
    )
    .route(
        "/static/live.js",
        web::get().to(|| async { script(LIVE_JS) }),
    )
    .route(
        "/static/follow.js",
        web::get().to(|| async { script(FOLLOW_JS) }),
    )
    .route(
        "/static/record.js",
        web::get().to(|| async { script(RECORD_JS) }),
    )
    .route(
        "/static/sign-in.js",
        web::get().to(|| async { script(SIGN_IN_JS) }),
    )
    .route(
        "/static/register.js",
        web::get().to(|| async { script(REGISTER_JS) }),
    )
    .route(
        "/static/words.js",
        web::get().to(|| async { script(WORDS_JS) }),
    )
    .configure(api)
    .configure(pages)
    .default_service(web::to(not_found_page));
}

/// A file download: `body` as `content_type`, saved as `filename` (any text: browsers are given
/// it whole, as UTF-8, and an ASCII stand-in for those that read only that).
pub fn attachment(content_type: &str, filename: &str, body: impl Into<web::Bytes>) -> HttpResponse {
    use actix_web::http::header::{
        Charset, ContentDisposition, DispositionParam, DispositionType, ExtendedValue,
    };
    let ascii: String = filename
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || " -._()".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            parameters: vec![
                DispositionParam::Filename(ascii),
                DispositionParam::FilenameExt(ExtendedValue {
                    charset: Charset::Ext("UTF-8".to_string()),
                    language_tag: None,
                    value: filename.as_bytes().to_vec(),
                }),
            ],
        })
        .body(body.into())
}

/// The name of a file about a tournament: `Kumasi Open - standings after round 4.csv`, with
/// what a file name cannot hold (`/`, `:`, quotes, …) replaced.
pub fn file_name(tournament: &str, what: &str, extension: &str) -> String {
    let name: String = tournament
        .chars()
        .take(80)
        .map(|c| {
            if "/\\:*?\"<>|".contains(c) || c.is_control() {
                '-'
            } else {
                c
            }
        })
        .collect();
    let name = name.trim().trim_start_matches('.');
    let name = if name.is_empty() { "tournament" } else { name };
    if what.is_empty() {
        format!("{name}.{extension}")
    } else {
        format!("{name} - {what}.{extension}")
    }
}
