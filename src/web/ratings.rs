//! The Oware Rating List: the list and each person's page for everyone, an event's ratings, the
//! published files at stable addresses, and the register's API (persons added, merged and
//! split back, players linked, tournaments marked rated, suggestions as JSON:
//! `service::register`, `service::ratings`); the register's page is `web/register.rs`.

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::{Nav, see_other};
use super::plumbing::access::{CheckedForm, Organiser, Runs, Staff};
use crate::db::register::Person;
use crate::service::ServiceError;
use crate::service::ratings::{self, ListEntry, ListFilter, PersonPage};
use crate::service::register::{self as service, PersonInput, Wanted};
use crate::tournament::{PlayerId, TournamentId};
use crate::web::language::Visitor;
use crate::web::state::AppState;

// --- the list, a person's page, the files (everyone) ---------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "ratings/list.html")]
struct ListPage {
    nav: Nav,
    entries: Vec<ListEntry>,
    federations: Vec<String>,
    filter: ListFilter,
    /// Which games the list holds, and when the month's count.
    month_rule: String,
    files: [&'static str; 5],
}

impl ListPage {
    fn category_key(&self, category: &str) -> &'static str {
        match category {
            "women" => "ratings-women",
            "men" => "ratings-men",
            "juniors" => "ratings-juniors",
            _ => "ratings-seniors",
        }
    }
}

async fn list_page(
    state: web::Data<AppState>,
    session: Visitor,
    query: web::Query<ListFilter>,
) -> Result<ListPage, PageError> {
    let filter = query.into_inner();
    let f = filter.clone();
    let rated = state.service.rated().await?;
    let view = ratings::list(&rated, &f);
    Ok(ListPage {
        nav: Nav::new(&session),
        entries: view.entries,
        federations: view.federations,
        filter,
        month_rule: crate::wording::months::list_of_today(Nav::new(&session).lang, rated.today),
        files: ratings::FILES,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "ratings/person.html")]
struct PersonTemplate {
    nav: Nav,
    page: PersonPage,
    plot: Plot,
    /// Their rated games of the month not ended yet, and the list they count in.
    to_come: Option<String>,
}

/// The rating after each period as an SVG line, with its range.
struct Plot {
    width: u32,
    height: u32,
    points: String,
    dots: Vec<(f64, f64, String)>,
    low: i64,
    high: i64,
}

fn plot(page: &PersonPage) -> Plot {
    let (width, height, margin) = (640u32, 240u32, 30.0);
    let values: Vec<f64> = page.history.iter().map(|h| h.rating.rating).collect();
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (low, high) = if values.is_empty() {
        (1400.0, 1600.0)
    } else {
        (
            (low / 50.0).floor() * 50.0 - 50.0,
            (high / 50.0).ceil() * 50.0 + 50.0,
        )
    };
    let n = values.len().max(2) - 1;
    let x = |i: usize| margin + (f64::from(width) - 2.0 * margin) * i as f64 / n as f64;
    let y = |v: f64| {
        f64::from(height) - margin - (f64::from(height) - 2.0 * margin) * (v - low) / (high - low)
    };
    let dots: Vec<(f64, f64, String)> = page
        .history
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let (px, py) = (x(i), y(h.rating.rating));
            (
                (px * 10.0).round() / 10.0,
                (py * 10.0).round() / 10.0,
                format!("{}: {:.0}", h.period, h.rating.rating),
            )
        })
        .collect();
    let points = dots
        .iter()
        .map(|(px, py, _)| format!("{px},{py}"))
        .collect::<Vec<_>>()
        .join(" ");
    Plot {
        width,
        height,
        points,
        dots,
        low: low as i64,
        high: high as i64,
    }
}

async fn person_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<i32>,
) -> Result<PersonTemplate, PageError> {
    let id = path.into_inner();
    let rated = state.service.rated().await?;
    let page = ratings::person_page(&rated, id)?;
    let nav = Nav::new(&session);
    let to_come = (page.to_come > 0).then(|| {
        nav.lang.t2(
            "ratings-to-come",
            "count",
            page.to_come,
            "rule",
            crate::wording::months::counts_in(nav.lang, rated.today),
        )
    });
    Ok(PersonTemplate {
        nav,
        to_come,
        plot: plot(&page),
        page,
    })
}

async fn published_file(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, PageError> {
    let name = path.into_inner();
    let files = state.service.rated().await?.files();
    // The files' names are `ratings::FILES`.
    let text = match name.as_str() {
        "games.csv" => files.games,
        "list.csv" => files.list,
        "history.csv" => files.history,
        "tournaments.csv" => files.tournaments,
        "persons.csv" => files.persons,
        _ => return Err(ServiceError::not_found("page").into()),
    };
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .body(text))
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/ratings", web::get().to(list_page))
        .route("/ratings/persons/{id}", web::get().to(person_page))
        .route("/ratings/{file}", web::get().to(published_file));
}

// --- the API -------------------------------------------------------------------------------------

#[derive(Deserialize)]
struct SuggestQuery {
    #[serde(default)]
    id: Option<i32>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    birth_year: Option<i32>,
    #[serde(default)]
    federation: String,
    #[serde(default)]
    licence: String,
}

async fn api_suggest(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    query: web::Query<SuggestQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let wanted = Wanted {
        id: q.id,
        name: q.name,
        birth_year: q.birth_year,
        federation: q.federation,
        licence: q.licence,
    };
    let found = state.service.suggest_persons(actor, wanted).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "suggestions": found })))
}

async fn api_add(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    body: web::Json<PersonInput>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let person: Person = state
        .write(move |conn| service::add(conn, &actor, &input))
        .await?;
    Ok(HttpResponse::Created().json(person))
}

async fn api_person(
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let rated = state.service.rated().await?;
    let page = ratings::person_page(&rated, id)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "id": page.person.id,
        "name": page.person.name,
        "federation": page.person.federation,
        "merged_into": page.merged_into.map(|p| p.id),
        "merged": page.merged.iter().map(|p| p.id).collect::<Vec<_>>(),
        "rating": page.now.map(|r| r.rating),
        "rd": page.now.map(|r| r.rd),
        "volatility": page.now.map(|r| r.volatility),
        "games": page.games_count,
    })))
}

#[derive(Deserialize)]
struct MergeBody {
    keep: i32,
    gone: i32,
}

async fn api_merge(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    body: web::Json<MergeBody>,
) -> Result<HttpResponse, ApiError> {
    let MergeBody { keep, gone } = body.into_inner();
    state
        .write(move |conn| service::merge(conn, &actor, keep, gone))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn api_split(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let gone = path.into_inner();
    state
        .write(move |conn| service::split(conn, &actor, gone))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize)]
struct LinkBody {
    player: i32,
    person: i32,
}

async fn api_link(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    body: web::Json<LinkBody>,
) -> Result<HttpResponse, ApiError> {
    let LinkBody { player, person } = body.into_inner();
    state
        .write(move |conn| service::link(conn, &actor, PlayerId(player), person))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize)]
struct RatedBody {
    rated: bool,
}

async fn api_rated(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<RatedBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, rated) = (path.into_inner(), body.rated);
    state
        .write(move |conn| service::set_rated(conn, &actor, id, rated))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn api_import(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let text = super::plumbing::limits::text_body(payload, 8 << 20, "the register file").await?;
    let n = state
        .write(move |conn| service::import_register(conn, &actor, &text))
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "persons": n })))
}

async fn api_event(
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    state
        .db(move |conn| crate::service::tournaments::get(conn, id))
        .await?;
    let rated = state.service.rated().await?;
    let rows = ratings::event(&rated, id);
    Ok(HttpResponse::Ok().json(serde_json::json!({ "ratings": rows })))
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/persons/suggest", web::get().to(api_suggest))
        .route("/tournaments/{id}/ratings", web::get().to(api_event))
        .route("/persons", web::post().to(api_add))
        .route("/persons/merge", web::post().to(api_merge))
        .route("/persons/{id}", web::get().to(api_person))
        .route("/persons/{id}/split", web::post().to(api_split))
        .route("/register/link", web::post().to(api_link))
        .route("/register/import", web::post().to(api_import))
        .route("/tournaments/{id}/rated", web::post().to(api_rated))
        .route(
            "/tournaments/{id}/players/register-ratings",
            web::post().to(api_take_ratings),
        );
}

// --- an event's ratings ----------------------------------------------------------------------------

/// A line of an event's ratings, in the standings' order.
struct EventLine {
    rank: String,
    name: String,
    /// The person of the register the player's games count for: "#35 Kwadwo Mensah".
    person: String,
    row: crate::service::ratings::EventRating,
}

#[derive(Template, WebTemplate)]
#[template(path = "ratings/event.html")]
struct EventPage {
    nav: Nav,
    id: TournamentId,
    name: String,
    lines: Vec<EventLine>,
    /// The list the event's games count in, and whether that is still to come.
    month_rule: Option<String>,
}

impl EventPage {
    /// A change in whole rating points, as ratings are written: "+317", "−12", "0".
    fn signed(&self, v: &f64) -> String {
        let whole = v.round() as i64;
        match whole {
            1.. => format!("+{whole}"),
            0 => "0".to_string(),
            _ => format!("\u{2212}{}", -whole),
        }
    }

    /// An expected score to one decimal, in the language's way.
    fn one(&self, v: &f64) -> String {
        self.nav.decimal((v * 10.0).round() / 10.0)
    }

    /// A score as the standings write it: 5½.
    fn points(&self, v: &f64) -> String {
        crate::wording::words::points(self.nav.lang, *v)
    }
}

async fn event_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<EventPage, PageError> {
    let id = path.into_inner();
    let rated = state.service.rated().await?;
    let rows = ratings::event(&rated, id);
    let nav = Nav::new(&session);
    let month_rule = ratings::event_last_day(&rated, id).map(|last| {
        let list = crate::service::register_page::list_of(last);
        if list > rated.today {
            nav.lang.t1(
                "ratings-event-to-come",
                "rule",
                crate::wording::months::counts_in(nav.lang, last),
            )
        } else {
            nav.lang
                .t1("ratings-event-counted", "list", nav.lang.date(list))
        }
    });
    let d = state.standings(id, None).await?;
    let lines = d
        .within(None)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|s| {
            let row = rows.iter().find(|r| r.player_id == s.player_id)?.clone();
            let person = rated
                .persons
                .get(&row.person)
                .map_or_else(String::new, |p| format!("#{} {}", p.id, p.name));
            Some(EventLine {
                rank: crate::service::standings::rank_text(&s),
                name: s.name.clone(),
                person,
                row,
            })
        })
        .collect();
    Ok(EventPage {
        nav,
        id,
        name: d.t.name.clone(),
        lines,
        month_rule,
    })
}

crate::csrf_in_field!(CsrfForm);

#[derive(Deserialize)]
struct CsrfForm {
    csrf: String,
}

/// The staff take the players' ratings from the register, before round 1 is paired.
async fn take_ratings(
    Runs(actor): Runs,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    CheckedForm(_): CheckedForm<CsrfForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    state
        .write(move |conn| service::take_ratings(conn, &actor, id))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}")))
}

async fn api_take_ratings(
    Runs(actor): Runs,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let changed = state
        .write(move |conn| service::take_ratings(conn, &actor, id))
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "changed": changed })))
}

pub fn event_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/ratings", web::get().to(event_page))
        .route(
            "/tournaments/{id}/players/register-ratings",
            web::post().to(take_ratings),
        );
}
