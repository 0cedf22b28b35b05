//! The Oware Rating List: on a hub, the register's page for its organisers (persons added,
//! merged and split back, players pushed without a person confirmed, tournaments marked rated,
//! the register's file), the list and each person's page for everyone, the published files at
//! stable addresses, and the register's suggestions as JSON (`service::register`,
//! `service::ratings`).

use actix_multipart::form::{MultipartForm, bytes::Bytes as UploadBytes, text::Text};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::{Nav, render, see_other};
use super::plumbing::access::{CheckedForm, CheckedUpload, Organiser, Runs, Staff};
use crate::db::register::Person;
use crate::service::ratings::{self, ListEntry, ListFilter, PersonPage};
use crate::service::register::{self as service, PersonInput, RegisterView, Wanted};
use crate::service::{Actor, ServiceError};
use crate::tournament::register::Why;
use crate::tournament::{PlayerId, TournamentId};
use crate::web::language::Visitor;
use crate::web::state::AppState;

crate::csrf_in_field!(
    PersonForm,
    MergeForm,
    LinkForm,
    RatedForm,
    CsrfForm,
    RegisterUpload
);

// --- the register (the hub's organisers) --------------------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "ratings/register.html")]
struct RegisterPage {
    nav: Nav,
    view: RegisterView,
    problem: Option<String>,
    imported: Option<usize>,
}

impl RegisterPage {
    fn why_key(&self, why: &Why) -> &'static str {
        match why {
            Why::Id => "register-why-id",
            Why::Licence => "register-why-licence",
            Why::NameAndBirthYear => "register-why-name-and-birth-year",
            Why::Name => "register-why-name",
            Why::NameWithTypo => "register-why-name-with-typo",
            Why::NameOtherBirthYear => "register-why-name-other-birth-year",
        }
    }
}

async fn register_view(
    state: &AppState,
    session: &Visitor,
    actor: Actor,
    problem: Option<String>,
    imported: Option<usize>,
) -> Result<RegisterPage, ServiceError> {
    let view = state.db(move |conn| service::view(conn, &actor)).await?;
    Ok(RegisterPage {
        nav: Nav::with_form(session),
        view,
        problem,
        imported,
    })
}

async fn register_page(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
) -> Result<RegisterPage, PageError> {
    Ok(register_view(&state, &session, actor, None, None).await?)
}

/// After a form: back to the page, or the page again with the refusal (422, 404 or 409).
async fn after(
    state: &AppState,
    session: &Visitor,
    actor: Actor,
    done: Result<(), ServiceError>,
) -> Result<HttpResponse, PageError> {
    let e = match done {
        Ok(()) => return Ok(see_other("/register")),
        Err(e) => e,
    };
    let status = match &e {
        ServiceError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
        ServiceError::NotFound(_) => StatusCode::NOT_FOUND,
        ServiceError::Conflict(_) => StatusCode::CONFLICT,
        _ => return Err(e.into()),
    };
    let problem = e
        .said()
        .map(|s| crate::wording::refusals::said(session.lang, s));
    let page = register_view(state, session, actor, problem, None).await?;
    Ok(render(status, &page)?)
}

#[derive(Deserialize)]
struct PersonForm {
    csrf: String,
    name: String,
    #[serde(default)]
    birth_year: String,
    #[serde(default)]
    gender: String,
    #[serde(default)]
    federation: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    licence: String,
}

fn whole(text: &str, what: &'static str) -> Result<Option<i64>, ServiceError> {
    match text.trim() {
        "" => Ok(None),
        t => t
            .parse()
            .map(Some)
            .map_err(|_| ServiceError::Invalid(crate::said!("not-whole-number", what, text = t))),
    }
}

async fn add_person(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<PersonForm>,
) -> Result<HttpResponse, PageError> {
    let by = actor.clone();
    let done = match whole(&form.birth_year, "birth year") {
        Ok(birth_year) => {
            let input = PersonInput {
                name: form.name,
                birth_year,
                gender: form.gender,
                federation: form.federation,
                club: form.club,
                licence: form.licence,
            };
            state
                .write(move |conn| service::add(conn, &by, &input).map(|_| ()))
                .await
        }
        Err(e) => Err(e),
    };
    after(&state, &session, actor, done).await
}

#[derive(Deserialize)]
struct MergeForm {
    csrf: String,
    keep: String,
    gone: String,
}

async fn merge(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<MergeForm>,
) -> Result<HttpResponse, PageError> {
    let by = actor.clone();
    let ids = whole(&form.keep, "person").and_then(|k| Ok((k, whole(&form.gone, "person")?)));
    let done = match ids {
        Ok((Some(keep), Some(gone))) => {
            let (keep, gone) = (id_of(keep)?, id_of(gone)?);
            state
                .write(move |conn| service::merge(conn, &by, keep, gone))
                .await
        }
        Ok(_) => Err(ServiceError::not_found("person")),
        Err(e) => Err(e),
    };
    after(&state, &session, actor, done).await
}

fn id_of(id: i64) -> Result<i32, ServiceError> {
    i32::try_from(id).map_err(|_| ServiceError::not_found("person"))
}

#[derive(Deserialize)]
struct CsrfForm {
    csrf: String,
}

async fn split(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<i32>,
    CheckedForm(_): CheckedForm<CsrfForm>,
) -> Result<HttpResponse, PageError> {
    let (by, gone) = (actor.clone(), path.into_inner());
    let done = state
        .write(move |conn| service::split(conn, &by, gone))
        .await;
    after(&state, &session, actor, done).await
}

#[derive(Deserialize)]
struct LinkForm {
    csrf: String,
    player: i32,
    person: String,
}

async fn link(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<LinkForm>,
) -> Result<HttpResponse, PageError> {
    let by = actor.clone();
    let done = match whole(&form.person, "person") {
        Ok(Some(person)) => {
            let (player, person) = (PlayerId(form.player), id_of(person)?);
            state
                .write(move |conn| service::link(conn, &by, player, person))
                .await
        }
        Ok(None) => Err(ServiceError::not_found("person")),
        Err(e) => Err(e),
    };
    after(&state, &session, actor, done).await
}

#[derive(Deserialize)]
struct RatedForm {
    csrf: String,
    rated: bool,
}

async fn set_rated(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<RatedForm>,
) -> Result<HttpResponse, PageError> {
    let (by, id) = (actor.clone(), path.into_inner());
    let done = state
        .write(move |conn| service::set_rated(conn, &by, id, form.rated))
        .await;
    after(&state, &session, actor, done).await
}

#[derive(MultipartForm)]
struct RegisterUpload {
    #[multipart(limit = "8MB")]
    file: UploadBytes,
    csrf: Text<String>,
}

async fn import(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedUpload(upload): CheckedUpload<RegisterUpload>,
) -> Result<HttpResponse, PageError> {
    let by = actor.clone();
    let done = match String::from_utf8(upload.file.data.to_vec()) {
        Ok(text) => {
            state
                .write(move |conn| service::import_register(conn, &by, &text))
                .await
        }
        Err(_) => Err(ServiceError::Invalid(crate::said!(
            "register-file-not-text"
        ))),
    };
    match done {
        Ok(n) => {
            let page = register_view(&state, &session, actor, None, Some(n)).await?;
            Ok(render(StatusCode::OK, &page)?)
        }
        Err(e) => after(&state, &session, actor, Err(e)).await,
    }
}

async fn register_file(
    Staff(actor): Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, PageError> {
    let text = state
        .db(move |conn| service::register_file(conn, &actor))
        .await?;
    Ok(super::attachment(
        "text/csv; charset=utf-8",
        "register.csv",
        text,
    ))
}

// --- the list, a person's page, the files (everyone) ---------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "ratings/list.html")]
struct ListPage {
    nav: Nav,
    entries: Vec<ListEntry>,
    federations: Vec<String>,
    filter: ListFilter,
    last: Option<String>,
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
        last: view.last.map(|p| p.to_string()),
        files: ratings::FILES,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "ratings/person.html")]
struct PersonTemplate {
    nav: Nav,
    page: PersonPage,
    plot: Plot,
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
    Ok(PersonTemplate {
        nav: Nav::new(&session),
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
    cfg.route("/register", web::get().to(register_page))
        .route("/register/persons", web::post().to(add_person))
        .route("/register/merge", web::post().to(merge))
        .route("/register/persons/{id}/split", web::post().to(split))
        .route("/register/link", web::post().to(link))
        .route(
            "/register/tournaments/{id}/rated",
            web::post().to(set_rated),
        )
        .route("/register/import", web::post().to(import))
        .route("/register/register.csv", web::get().to(register_file))
        .route("/ratings", web::get().to(list_page))
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
    let found = state
        .db(move |conn| service::suggest(conn, &actor, &wanted))
        .await?;
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
    row: crate::service::ratings::EventRating,
}

#[derive(Template, WebTemplate)]
#[template(path = "ratings/event.html")]
struct EventPage {
    nav: Nav,
    id: TournamentId,
    name: String,
    lines: Vec<EventLine>,
}

impl EventPage {
    fn signed(&self, v: &f64) -> String {
        let text = self.nav.decimal((v * 10.0).round() / 10.0);
        if *v > 0.05 { format!("+{text}") } else { text }
    }

    fn one(&self, v: &f64) -> String {
        self.nav.decimal((v * 100.0).round() / 100.0)
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
    let d = state.standings(id, None).await?;
    let lines = d
        .within(None)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|s| {
            let row = rows.iter().find(|r| r.player_id == s.player_id)?.clone();
            Some(EventLine {
                rank: s.rank.to_string(),
                name: s.name.clone(),
                row,
            })
        })
        .collect();
    Ok(EventPage {
        nav: Nav::new(&session),
        id,
        name: d.t.name.clone(),
        lines,
    })
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
