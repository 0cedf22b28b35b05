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
use crate::web::plumbing::routes::Routes;
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
    let rated = state.service.ratings.rated().await?;
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

impl PersonTemplate {
    /// An expected score to one decimal, in the language's way.
    fn one(&self, v: &f64) -> String {
        self.nav.decimal((v * 10.0).round() / 10.0)
    }

    /// A score as the standings write it: 5½.
    fn points(&self, v: &f64) -> String {
        crate::wording::words::points(self.nav.lang, *v)
    }

    fn day(&self, day: &chrono::NaiveDate) -> String {
        self.nav.lang.date(*day)
    }

    /// An event's days: "12 September 2026", or its first and last.
    fn days(&self, first: &chrono::NaiveDate, last: &chrono::NaiveDate) -> String {
        let lang = self.nav.lang;
        if first == last {
            lang.date(*first)
        } else {
            lang.t2(
                "ratings-days",
                "first",
                lang.date(*first),
                "last",
                lang.date(*last),
            )
        }
    }
}

/// The rating after each period as an SVG line on a dated axis: a month's tick and label (at
/// most [`AXIS_LABELS`] labelled), grid lines with their ratings, each month's point named.
struct Plot {
    width: u32,
    height: u32,
    points: String,
    dots: Vec<(f64, f64, String)>,
    /// Horizontal grid lines: their height and rating.
    grid: Vec<(f64, i64)>,
    /// The axis's months: where, and their label (empty where not labelled).
    months: Vec<(f64, String)>,
    /// Where the axis and the plot's left edge are.
    bottom: f64,
    left: f64,
    right: f64,
}

/// The most month labels the axis writes (the others keep their tick).
const AXIS_LABELS: usize = 6;

fn plot(lang: crate::locale::Lang, page: &PersonPage) -> Plot {
    use crate::rating::period::Period;
    let (width, height) = (640u32, 260u32);
    let (left, right, top, bottom) = (
        48.0,
        f64::from(width) - 16.0,
        12.0,
        f64::from(height) - 36.0,
    );
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
    // Months on a time axis: a month not played keeps its place.
    let index = |p: Period| i64::from(p.year()) * 12 + i64::from(p.month());
    let first = page.history.first().map(|h| index(h.period)).unwrap_or(0);
    let last = page.history.last().map(|h| index(h.period)).unwrap_or(0);
    let span = (last - first).max(0);
    let x = |p: Period| {
        if span == 0 {
            (left + right) / 2.0
        } else {
            left + (right - left) * (index(p) - first) as f64 / span as f64
        }
    };
    let y = |v: f64| bottom - (bottom - top) * (v - low) / (high - low);
    let round = |v: f64| (v * 10.0).round() / 10.0;
    let dots: Vec<(f64, f64, String)> = page
        .history
        .iter()
        .map(|h| {
            let day = chrono::NaiveDate::from_ymd_opt(h.period.year(), h.period.month(), 1);
            let month = day.map_or_else(String::new, |d| crate::wording::months::month(lang, d));
            (
                round(x(h.period)),
                round(y(h.rating.rating)),
                format!("{month}: {:.0}", h.rating.rating),
            )
        })
        .collect();
    let points = dots
        .iter()
        .map(|(px, py, _)| format!("{px},{py}"))
        .collect::<Vec<_>>()
        .join(" ");
    let step = if high - low > 400.0 { 100.0 } else { 50.0 };
    let grid = (0..)
        .map(|k| low + step * f64::from(k))
        .take_while(|v| *v <= high)
        .map(|v| (round(y(v)), v as i64))
        .collect();
    let every = (span as usize + 1).div_ceil(AXIS_LABELS).max(1);
    let mut months = Vec::new();
    let mut at = page.history.first().map(|h| h.period);
    let mut k = 0;
    while let Some(p) = at.filter(|p| index(*p) <= last) {
        let label = if k % every == 0 {
            format!(
                "{} {}",
                lang.t(&format!("month-short-{}", p.month())),
                p.year()
            )
        } else {
            String::new()
        };
        months.push((round(x(p)), label));
        at = Some(p.next());
        k += 1;
    }
    Plot {
        width,
        height,
        points,
        dots,
        grid,
        months,
        bottom,
        left,
        right,
    }
}

async fn person_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<i32>,
) -> Result<PersonTemplate, PageError> {
    let id = path.into_inner();
    let rated = state.service.ratings.rated().await?;
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
    let plot = plot(nav.lang, &page);
    Ok(PersonTemplate {
        nav,
        to_come,
        plot,
        page,
    })
}

async fn published_file(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, PageError> {
    let name = path.into_inner();
    let files = state.service.ratings.rated().await?.files();
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

pub fn page_routes(cfg: &mut Routes) {
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
    let found = state.service.register.suggest(actor, wanted).await?;
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
    let rated = state.service.ratings.rated().await?;
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
    let rated = state.service.ratings.rated().await?;
    let rows = ratings::event(&rated, id);
    Ok(HttpResponse::Ok().json(serde_json::json!({ "ratings": rows })))
}

pub fn api_routes(cfg: &mut Routes) {
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
    let rated = state.service.ratings.rated().await?;
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

#[derive(Template, WebTemplate)]
#[template(path = "ratings/take.html")]
struct TakePage {
    nav: Nav,
    id: TournamentId,
    name: String,
    rows: Vec<service::RatingToTake>,
    /// How many were taken, when the page answers the staff's confirmation.
    taken: Option<usize>,
}

#[derive(Deserialize)]
struct TakeQuery {
    taken: Option<usize>,
}

/// What taking the players' ratings from the register would change, each player's rating now
/// and the list's, for the staff to confirm.
async fn take_page(
    Runs(actor): Runs,
    visitor: Visitor,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    query: web::Query<TakeQuery>,
) -> Result<TakePage, PageError> {
    let id = path.into_inner();
    let nav = Nav::new(&visitor);
    let (name, rows) = state
        .db(move |conn| {
            let name = crate::db::queries::get_tournament(conn, id)
                .map_err(|_| ServiceError::not_found("tournament"))?
                .name;
            Ok::<_, ServiceError>((name, service::ratings_to_take(conn, &actor, id)?))
        })
        .await?;
    Ok(TakePage {
        nav,
        id,
        name,
        rows,
        taken: query.taken,
    })
}

/// The staff take the players' ratings from the register, before round 1 is paired, having
/// seen what changes.
async fn take_ratings(
    Runs(actor): Runs,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    CheckedForm(_): CheckedForm<CsrfForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let taken = state
        .write(move |conn| service::take_ratings(conn, &actor, id))
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/players/register-ratings?taken={taken}"
    )))
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

pub fn event_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/ratings", web::get().to(event_page))
        .route(
            "/tournaments/{id}/players/register-ratings",
            web::get().to(take_page),
        )
        .route(
            "/tournaments/{id}/players/register-ratings",
            web::post().to(take_ratings),
        );
}
