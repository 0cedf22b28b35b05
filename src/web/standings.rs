//! Standings pages and exports: the standings after any round, the crosstable (round robin) or
//! round-by-round table (Swiss), a page per player, the standings and all-games CSV, all games as
//! one OGN file, and the standings API.

use std::sync::{Arc, PoisonError};

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::{Deserialize, Serialize};

use super::error::{ApiError, PageError};
use super::pages::{Nav, html_response};
use super::plumbing::access::{Anyone, Runs, Staff};
use super::rendered::Renders;
use crate::locale::Lang;
use crate::service::standings::{self as service, Report, rank_text};
use crate::service::tournaments::TournamentView;
use crate::service::{Actor, ServiceError};
use crate::tournament::standings::Standing;
use crate::tournament::{PlayerId, TournamentId};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

/// Whether the request's `If-None-Match` names `tag` (the page the browser holds is current).
fn held(req: &HttpRequest, tag: &str) -> bool {
    req.headers()
        .get_all(actix_web::http::header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim().trim_start_matches("W/") == tag)
}

/// `response` with the page's tag, to be asked again each time (a browser that holds the page
/// as it is now is then told so, without it).
fn tagged(tag: &str, mut response: HttpResponse) -> HttpResponse {
    let headers = response.headers_mut();
    if let Ok(value) = actix_web::http::header::HeaderValue::from_str(tag) {
        headers.insert(actix_web::http::header::ETAG, value);
    }
    headers.insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("no-cache"),
    );
    response
}

#[derive(Deserialize)]
pub struct After {
    after: Option<i32>,
    /// One of the event's categories: its standings only.
    category: Option<String>,
}

/// The rows of the standings for the category asked for (all of them when none is): 404 for a
/// category the event does not have.
fn rows(d: &Report, category: Option<&str>) -> Result<Vec<Standing>, ServiceError> {
    d.within(category.filter(|c| !c.is_empty())).ok_or_else(|| {
        ServiceError::NotFound(crate::said!(
            "not-one-event-s-categories",
            category = category.unwrap_or_default()
        ))
    })
}

// --- pages -------------------------------------------------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "standings/table.html")]
struct TablePage {
    nav: Nav,
    d: Arc<Report>,
    rounds: Vec<i32>,
    runs: bool,
    /// The rows shown: everyone's, or a category's.
    table: Vec<Standing>,
    /// The category shown, if one is.
    category: Option<String>,
    /// The venue holds circuits of its hub that count this tournament.
    circuits: bool,
}

impl TablePage {
    fn rank(&self, s: &Standing) -> String {
        rank_text(s)
    }
    fn value(&self, v: &f64) -> String {
        crate::wording::words::value(self.nav.lang, *v)
    }
}

async fn runs(state: &AppState, actor: Actor, id: TournamentId) -> Result<bool, ServiceError> {
    match actor {
        Actor::Visitor => Ok(false),
        actor => state.db(move |conn| actor.runs(conn, id)).await,
    }
}

async fn table_page(
    Anyone(actor): Anyone,
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    query: web::Query<After>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    // The tag is read before the report: the page is never older than its tag says.
    let tag = format!(
        "\"{}-{}-{}\"",
        state.service.db().tournament_tag(id),
        query.after.map_or(-1, i64::from),
        session.lang.code()
    );
    let category = query.category.clone().filter(|c| !c.is_empty());
    // Rendered once per change of the data for everyone who is not signed in (all players).
    let public = actor == Actor::Visitor && category.is_none();
    // A visitor's browser that holds the page as it is now is told so, before anything is read.
    if public && held(&req, &tag) {
        return Ok(tagged(&tag, HttpResponse::NotModified().finish()));
    }
    let d = state.standings(id, query.after).await?;
    let table = rows(&d, category.as_deref())?;
    let renders = state.rendered.of(&d);
    let kept = |renders: &Renders| {
        renders
            .public_pages
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&session.lang)
            .cloned()
    };
    if public && let Some(page) = kept(&renders) {
        return Ok(tagged(&tag, html_response(StatusCode::OK, page)));
    }
    let page = TablePage {
        nav: Nav::new(&session),
        rounds: (0..=d.published).collect(),
        runs: runs(&state, actor, id).await?,
        d: d.clone(),
        table,
        category,
        circuits: state
            .db(move |conn| Ok(!crate::db::held_circuits::of(conn, id)?.is_empty()))
            .await?,
    };
    let body = web::Bytes::from(page.render().map_err(ServiceError::from)?);
    if public {
        renders
            .public_pages
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(session.lang, body.clone());
        return Ok(tagged(&tag, html_response(StatusCode::OK, body)));
    }
    Ok(html_response(StatusCode::OK, body))
}

#[derive(Template, WebTemplate)]
#[template(path = "standings/crosstable.html")]
struct CrossPage {
    nav: Nav,
    d: Arc<Report>,
    /// Round robin: one column per player (by rank); Swiss: one column per round.
    round_robin: bool,
    headers: Vec<String>,
    rows: Vec<crate::service::standings::CrossRow>,
}

async fn cross_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    query: web::Query<After>,
) -> Result<CrossPage, PageError> {
    let d = state.standings(path.into_inner(), query.after).await?;
    let table = d.crosstable();
    Ok(CrossPage {
        nav: Nav::new(&session),
        d,
        round_robin: table.round_robin,
        headers: table.headers,
        rows: table.rows,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "standings/player.html")]
struct PlayerPage {
    nav: Nav,
    t: TournamentView,
    name: String,
    club: String,
    country: String,
    rating: Option<i32>,
    withdrawn: bool,
    /// Round, side, opponent, result text, game id, running score.
    games: Vec<(i32, String, String, String, Option<i32>, String)>,
    standing: Option<Standing>,
    player_id: PlayerId,
    /// The player's byes asked for.
    byes: Vec<crate::service::byes::ByeView>,
    /// The rounds a bye may still be asked for in, when the viewer may ask (the player
    /// themselves, or the staff): none otherwise.
    open_rounds: Vec<i32>,
    /// The viewer may grant a full-point bye.
    staff: bool,
}

async fn player_page(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, PlayerId)>,
) -> Result<PlayerPage, PageError> {
    let (id, player_id) = path.into_inner();
    let player = state
        .db(move |conn| crate::service::players::get(conn, id, player_id))
        .await?;
    let d = state.standings(id, None).await?;
    let asking = actor.clone();
    let (byes, open_rounds, staff) = state
        .db(move |conn| {
            let byes: Vec<_> = crate::service::byes::list(conn, id)?
                .into_iter()
                .filter(|b| b.player_id == player_id)
                .collect();
            let staff = asking.runs(conn, id)?;
            let may_ask = staff || asking.player_in(id) == Some(player_id);
            let open = crate::service::byes::open_rounds(conn, id)?;
            Ok((byes, if may_ask { open } else { Vec::new() }, staff))
        })
        .await?;
    Ok(PlayerPage {
        nav: Nav::new(&session),
        player_id,
        byes,
        open_rounds: if player.withdrawn {
            Vec::new()
        } else {
            open_rounds
        },
        staff,
        t: d.t.clone(),
        name: player.name,
        club: player.club,
        country: player.country,
        rating: player.rating,
        withdrawn: player.withdrawn,
        games: crate::wording::words::player_rounds(session.lang, &d.player_rounds(player_id)),
        standing: d
            .table
            .iter()
            .find(|s| s.player_id == player_id.get())
            .cloned(),
    })
}

/// The standings CSV (written once per change of the data).
fn standings_csv(
    state: &AppState,
    d: &Arc<Report>,
    lang: Lang,
) -> Result<HttpResponse, ServiceError> {
    let filename = super::file_name(
        &d.t.name,
        &format!("standings after round {}", d.after),
        "csv",
    );
    let renders = state.rendered.of(d);
    let kept = (renders.csvs.lock().unwrap_or_else(PoisonError::into_inner))
        .get(&lang)
        .cloned();
    if let Some(body) = kept {
        return Ok(super::csv_export::attachment(&filename, body));
    }
    // Written outside the lock, so a first request in one language never
    // waits for a first request in another; two racing writers write the same.
    let (header, rows) = service::csv_rows(d);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let body = web::Bytes::from(super::csv_export::write(lang, &header, rows)?);
    (renders.csvs.lock().unwrap_or_else(PoisonError::into_inner)).insert(lang, body.clone());
    Ok(super::csv_export::attachment(&filename, body))
}

/// The standings CSV for the staff who run the tournament (a [`Runs`] extractor checked).
async fn staff_standings_csv(
    state: &AppState,
    id: TournamentId,
    after: Option<i32>,
    lang: Lang,
) -> Result<HttpResponse, ServiceError> {
    standings_csv(state, &state.standings(id, after).await?, lang)
}

async fn standings_csv_page(
    _: Runs,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    query: web::Query<After>,
) -> Result<HttpResponse, PageError> {
    let lang = session.lang;
    Ok(staff_standings_csv(&state, path.into_inner(), query.after, lang).await?)
}

/// Every game of the published rounds, with how it went.
async fn games_csv_page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let session_lang = session.lang;
    let (header, rows) = state
        .db(move |conn| {
            let lang = session_lang;
            let result = |g: &crate::service::views::GameView| {
                crate::wording::outcomes::outcome(lang, &g.outcome)
            };
            crate::service::exports::games_rows(conn, &actor, id, &lang.t("csv-bye"), &result)
        })
        .await?;
    Ok(super::csv_export::download(
        session.lang,
        &format!("tournament-{id}-games.csv"),
        &header,
        rows,
    )?)
}

/// Every game with a move list, as one OGN file that `oware-tournament validate` reads back.
async fn games_ogn_page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let tables = state.service.endgames();
    let text = state
        .db(move |conn| crate::service::exports::games_ogn(conn, &actor, id, &tables))
        .await?;
    Ok(super::attachment(
        "application/x-ogn; charset=utf-8",
        &format!("tournament-{id}-games.ogn"),
        text,
    ))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/standings", web::get().to(table_page))
        .route(
            "/tournaments/{id}/standings.csv",
            web::get().to(standings_csv_page),
        )
        .route("/tournaments/{id}/crosstable", web::get().to(cross_page))
        .route("/tournaments/{id}/games.csv", web::get().to(games_csv_page))
        .route("/tournaments/{id}/games.ogn", web::get().to(games_ogn_page))
        .route(
            r"/tournaments/{id}/players/{player:\d+}",
            web::get().to(player_page),
        );
}

// --- API ---------------------------------------------------------------------------------------

#[derive(Serialize)]
struct StandingsJson {
    after_round: i32,
    standings: Vec<StandingJson>,
    open_games: usize,
    playoffs: Vec<crate::service::brackets::Playoff>,
    /// The category these standings are of (none: every player).
    category: Option<String>,
    /// The event's categories, by name (`?category=NAME`).
    categories: Vec<String>,
}

#[derive(Serialize)]
struct StandingJson {
    rank: usize,
    shared: bool,
    player_id: i32,
    name: String,
    points: f64,
    tiebreaks: serde_json::Map<String, serde_json::Value>,
    games_played: usize,
}

async fn api_standings(
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    query: web::Query<After>,
) -> Result<HttpResponse, ApiError> {
    let d = state.standings(path.into_inner(), query.after).await?;
    let standings = rows(&d, query.category.as_deref())?
        .iter()
        .map(|s| StandingJson {
            rank: s.rank,
            shared: s.shared,
            player_id: s.player_id,
            name: s.name.clone(),
            points: s.points,
            tiebreaks: s
                .tiebreaks
                .iter()
                .map(|(t, v)| (t.code().to_string(), serde_json::json!(v)))
                .collect(),
            games_played: s.games_played,
        })
        .collect();
    Ok(HttpResponse::Ok().json(StandingsJson {
        after_round: d.after,
        open_games: d.open.len(),
        standings,
        playoffs: d.playoffs.clone(),
        category: query.category.clone().filter(|c| !c.is_empty()),
        categories: d.categories.iter().map(|(name, _)| name.clone()).collect(),
    }))
}

async fn api_standings_csv(
    _: Runs,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    query: web::Query<After>,
) -> Result<HttpResponse, ApiError> {
    // The API's columns keep their codes, as its fields do.
    Ok(staff_standings_csv(&state, path.into_inner(), query.after, Lang::ENGLISH).await?)
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/standings", web::get().to(api_standings))
        .route(
            "/tournaments/{id}/standings.csv",
            web::get().to(api_standings_csv),
        );
}
