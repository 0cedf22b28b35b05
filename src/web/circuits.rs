//! A season's circuits: the list, a circuit's standings (overall or of a category, with the
//! tournaments that count and the qualification), a person's circuit card, the print for the
//! ceremony and the published files, for everyone; the organiser's form and the declines; the
//! API (`service::circuits`).

use std::collections::HashMap;
use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::circuit_form::CircuitForm;
use super::error::{ApiError, PageError};
use super::pages::{Nav, render, see_other};
use super::plumbing::access::{CheckedForm, Organiser};
use crate::circuit::files::FILES;
use crate::circuit::standings::{CircuitStanding, TieBreak};
use crate::circuit::{Qualifying, Rules, Total};
use crate::db::register::TournamentMark;
use crate::service::circuit_final::{self, FinalChanges};
use crate::service::circuits::{self as service, Circuit, Computed, HeldReports};
use crate::service::{Actor, ServiceError};
use crate::tournament::TournamentId;
use crate::tournament::said::Said;
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

/// Words a circuit's pages share.
pub(super) trait Words {
    fn nav(&self) -> &Nav;

    /// On the static site: the way back to its root from the page (its links are files).
    fn site_root(&self) -> Option<&'static str> {
        None
    }

    /// Where a person's card in `circuit` is.
    fn person_href(&self, circuit: &i32, person: &i64) -> String {
        match self.site_root() {
            Some(root) => format!("{root}persons/{person}.html"),
            None => format!("/circuits/{circuit}/persons/{person}"),
        }
    }

    /// Where a counting tournament's standings are: nowhere on the static site, which holds the
    /// circuit alone.
    fn event_href(&self, tournament: &dyn std::fmt::Display) -> Option<String> {
        match self.site_root() {
            Some(_) => None,
            None => Some(format!("/tournaments/{tournament}/standings")),
        }
    }

    /// Circuit points as the reader's language writes a decimal.
    fn points(&self, t: &Total) -> String {
        t.decimal(if self.nav().lang.code() == "fr" {
            ","
        } else {
            "."
        })
    }

    fn season(&self, c: &Circuit) -> String {
        crate::wording::words::dates(
            self.nav().lang,
            Some(c.rules.season.start),
            Some(c.rules.season.end),
        )
    }

    fn by(&self, by: &Qualifying, computed: &Computed) -> String {
        let name = |code: &str| {
            computed
                .circuit
                .rules
                .categories
                .iter()
                .find(|c| c.code == code)
                .map_or(code.to_string(), |c| c.name.clone())
        };
        let nav = self.nav();
        match by {
            Qualifying::Top => nav.t("circuit-by-top"),
            Qualifying::Category(c) => nav.t1("circuit-by-category", "category", name(c)),
            Qualifying::Reserved(c) => nav.t1("circuit-by-reserved", "category", name(c)),
        }
    }

    fn tie(&self, r: &CircuitStanding) -> String {
        let key = match r.tie_break {
            None => return String::new(),
            Some(TieBreak::Events) => "circuit-tie-events",
            Some(TieBreak::Best) => "circuit-tie-best",
            Some(TieBreak::HeadToHead) => "circuit-tie-head-to-head",
            Some(TieBreak::Lots) => "circuit-tie-lots",
        };
        self.nav().t(key)
    }
}

// --- the list, a circuit, a person's card, the print, the files (everyone) ---------------------

#[derive(Template, WebTemplate)]
#[template(path = "circuits/list.html")]
struct ListPage {
    nav: Nav,
    circuits: Vec<Circuit>,
}

impl Words for ListPage {
    fn nav(&self) -> &Nav {
        &self.nav
    }
}

async fn list_page(state: web::Data<AppState>, session: Visitor) -> Result<ListPage, PageError> {
    let circuits = state.db(service::all).await?;
    Ok(ListPage {
        nav: Nav::new(&session),
        circuits,
    })
}

#[derive(Deserialize)]
struct Within {
    #[serde(default)]
    category: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "circuits/circuit.html")]
struct CircuitPage {
    nav: Nav,
    c: Arc<Computed>,
    /// The standings shown: the circuit's, or a category's.
    rows: Vec<CircuitStanding>,
    category: String,
    files: [&'static str; 5],
    /// The day the organiser's decline form fills in.
    today: String,
    /// The print for the ceremony.
    print: bool,
    /// The final's name, once the qualified are entered in one.
    final_name: Option<String>,
    /// For the organiser: the tournaments the qualified may be entered in (not counted).
    finals: Vec<TournamentMark>,
}

impl Words for CircuitPage {
    fn nav(&self) -> &Nav {
        &self.nav
    }
}

async fn circuit_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<i32>,
    query: web::Query<Within>,
    print: bool,
) -> Result<CircuitPage, PageError> {
    let c = state
        .service
        .circuits
        .computed(path.into_inner(), &state.service.standings)
        .await?;
    let category = query.into_inner().category;
    let rows = if category.is_empty() {
        c.standings.rows.clone()
    } else if c
        .circuit
        .rules
        .categories
        .iter()
        .any(|k| k.code == category)
    {
        c.standings.within(&category)
    } else {
        return Err(ServiceError::not_found("page").into());
    };
    let nav = if print {
        Nav::new(&session)
    } else {
        Nav::with_form(&session)
    };
    let marks = state.db(service::choices).await?;
    let final_id = c
        .circuit
        .rules
        .final_tournament
        .as_ref()
        .map(|f| f.tournament_id);
    let final_name = final_id.map(|id| {
        marks
            .iter()
            .find(|m| i64::from(m.id) == id)
            .map_or_else(|| format!("#{id}"), |m| m.name.clone())
    });
    let finals = if nav.organiser && !print {
        marks
            .into_iter()
            .filter(|m| c.circuit.rules.coefficient(i64::from(m.id)).is_none())
            .collect()
    } else {
        Vec::new()
    };
    Ok(CircuitPage {
        nav,
        rows,
        category,
        files: FILES,
        today: chrono::Utc::now().date_naive().to_string(),
        print,
        final_name,
        finals,
        c,
    })
}

async fn circuit(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<i32>,
    query: web::Query<Within>,
) -> Result<CircuitPage, PageError> {
    circuit_page(state, session, path, query, false).await
}

async fn print(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<i32>,
    query: web::Query<Within>,
) -> Result<CircuitPage, PageError> {
    circuit_page(state, session, path, query, true).await
}

#[derive(Template, WebTemplate)]
#[template(path = "circuits/person.html")]
struct PersonPage {
    nav: Nav,
    c: Arc<Computed>,
    line: CircuitStanding,
}

impl Words for PersonPage {
    fn nav(&self) -> &Nav {
        &self.nav
    }
}

async fn person_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(i32, i64)>,
) -> Result<PersonPage, PageError> {
    let (id, person) = path.into_inner();
    let c = state
        .service
        .circuits
        .computed(id, &state.service.standings)
        .await?;
    let line = c
        .standings
        .of(person)
        .cloned()
        .ok_or_else(|| ServiceError::not_found("person"))?;
    Ok(PersonPage {
        nav: Nav::new(&session),
        c,
        line,
    })
}

async fn published_file(
    state: web::Data<AppState>,
    path: web::Path<(i32, String)>,
) -> Result<HttpResponse, PageError> {
    let (id, name) = path.into_inner();
    if !FILES.contains(&name.as_str()) {
        return Err(ServiceError::not_found("page").into());
    }
    let c = state
        .service
        .circuits
        .computed(id, &state.service.standings)
        .await?;
    let text = c.file(&name).unwrap_or_default();
    let kind = if name.ends_with(".json") {
        "application/json"
    } else {
        "text/csv; charset=utf-8"
    };
    Ok(HttpResponse::Ok().content_type(kind).body(text))
}

// --- the organiser's form and declines -----------------------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "circuits/form.html")]
struct FormPage {
    nav: Nav,
    /// The circuit changed, or none for a new one.
    id: Option<i32>,
    form: CircuitForm,
    problems: Vec<String>,
}

async fn choices(state: &AppState) -> Result<Vec<TournamentMark>, ServiceError> {
    state.db(service::choices).await
}

async fn new_form(
    Organiser(_): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
) -> Result<FormPage, PageError> {
    Ok(FormPage {
        nav: Nav::with_form(&session),
        id: None,
        form: CircuitForm::of(None, &choices(&state).await?),
        problems: Vec::new(),
    })
}

async fn edit_form(
    Organiser(_): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<i32>,
) -> Result<FormPage, PageError> {
    let id = path.into_inner();
    let circuit = state.db(move |conn| service::get(conn, id)).await?;
    Ok(FormPage {
        nav: Nav::with_form(&session),
        id: Some(id),
        form: CircuitForm::of(Some(&circuit.rules), &choices(&state).await?),
        problems: Vec::new(),
    })
}

/// Saves the form's rules (a new circuit's when `id` is `None`), or draws the form again with
/// what is wrong.
async fn save(
    actor: Actor,
    state: &AppState,
    session: &Visitor,
    id: Option<i32>,
    fields: &HashMap<String, String>,
) -> Result<HttpResponse, PageError> {
    let tournaments = choices(state).await?;
    let form = CircuitForm::sent(fields, &tournaments);
    let saved: Result<i32, Vec<Said>> = match form.read() {
        Err(problems) => Err(problems),
        Ok(rules) => {
            let done = state
                .write(move |conn| match id {
                    None => service::create(conn, &actor, &rules),
                    Some(id) => service::update(conn, &actor, id, &rules).map(|()| id),
                })
                .await;
            match done {
                Ok(id) => Ok(id),
                Err(e) => match e.said() {
                    Some(s) if matches!(e, ServiceError::Invalid(_)) => Err(vec![s.clone()]),
                    _ => return Err(e.into()),
                },
            }
        }
    };
    match saved {
        Ok(id) => Ok(see_other(&format!("/circuits/{id}"))),
        Err(problems) => {
            let page = FormPage {
                nav: Nav::with_form(session),
                id,
                form,
                problems: problems
                    .iter()
                    .map(|s| crate::wording::refusals::said(session.lang, s))
                    .collect(),
            };
            Ok(render(StatusCode::UNPROCESSABLE_ENTITY, &page)?)
        }
    }
}

async fn create(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(fields): CheckedForm<HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    save(actor, &state, &session, None, &fields).await
}

async fn update(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<i32>,
    CheckedForm(fields): CheckedForm<HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    save(actor, &state, &session, Some(path.into_inner()), &fields).await
}

#[derive(Deserialize)]
struct DeclineForm {
    csrf: String,
    person: i64,
    #[serde(default)]
    on: String,
    /// "no" takes a decline back.
    #[serde(default)]
    declined: String,
}
crate::csrf_in_field!(DeclineForm);

async fn decline(
    Organiser(actor): Organiser,
    req: HttpRequest,
    session: Visitor,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    CheckedForm(form): CheckedForm<DeclineForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let on = match form.on.trim() {
        "" => chrono::Utc::now().date_naive(),
        day => day.parse().map_err(|_| {
            ServiceError::Invalid(crate::said!(
                "circuit-field-not-date",
                field = "declined-on"
            ))
        })?,
    };
    let declined = form.declined != "no";
    let (pins, held) = final_pins(&state, id, false).await?;
    let decline = circuit_final::Decline {
        person: form.person,
        on,
        declined,
    };
    let changes = state
        .write(move |conn| circuit_final::decline(conn, &actor, id, decline, &pins, held))
        .await?;
    final_answer(&state, &req, &session, id, changes).await
}

/// PINs, already hashed, for the players entering the final of circuit `id` may add: one per
/// place in the final when the qualified are entered; when a decline may move them, one for
/// each rule by which a place may pass on (none without a final).
async fn final_pins(
    state: &AppState,
    id: i32,
    entering: bool,
) -> Result<(Vec<(String, String)>, HeldReports), ServiceError> {
    let circuits = &state.service.circuits;
    let c = circuits.computed(id, &state.service.standings).await?;
    let held = circuits.held_reports(&c, &state.service.standings).await?;
    let count = if entering {
        circuit_final::places(&c)
    } else if c.circuit.rules.final_tournament.is_some() {
        (1 + 2 * c.circuit.rules.categories.len()).min(circuit_final::places(&c).max(1))
    } else {
        0
    };
    if count == 0 {
        return Ok((Vec::new(), held));
    }
    let pins = web::block(move || crate::service::players::new_pins(count)).await?;
    Ok((pins, held))
}

/// After the final was entered or followed a decline: the new players' PIN slips to print, or
/// back to the circuit's qualification.
async fn final_answer(
    state: &AppState,
    req: &HttpRequest,
    session: &Visitor,
    id: i32,
    changes: FinalChanges,
) -> Result<HttpResponse, PageError> {
    match changes.tournament {
        Some(t) if !changes.slips.is_empty() => {
            let page = super::players::pins_page(state, req, session, t, changes.slips).await?;
            Ok(render(StatusCode::CREATED, &page)?)
        }
        _ => Ok(see_other(&format!("/circuits/{id}#qualification"))),
    }
}

#[derive(Deserialize)]
struct FinalForm {
    csrf: String,
    tournament: i32,
}
crate::csrf_in_field!(FinalForm);

async fn enter_final(
    Organiser(actor): Organiser,
    req: HttpRequest,
    session: Visitor,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    CheckedForm(form): CheckedForm<FinalForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let (pins, held) = final_pins(&state, id, true).await?;
    let tournament = TournamentId(form.tournament);
    let changes = state
        .write(move |conn| circuit_final::enter(conn, &actor, id, tournament, &pins, held))
        .await?;
    final_answer(&state, &req, &session, id, changes).await
}

#[derive(Template, WebTemplate)]
#[template(path = "circuits/held.html")]
struct HeldPage {
    nav: Nav,
    t: crate::service::tournaments::TournamentView,
    held: Vec<crate::service::held_circuits::HeldView>,
}

impl Words for HeldPage {
    fn nav(&self) -> &Nav {
        &self.nav
    }
}

/// At a venue: the hub's circuits counting this tournament, with its players' provisional
/// points.
async fn held_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HeldPage, PageError> {
    let id = path.into_inner();
    let (t, held) = state
        .db(move |conn| {
            Ok((
                crate::service::tournaments::get(conn, id)?,
                crate::service::held_circuits::views(conn, id)?,
            ))
        })
        .await?;
    Ok(HeldPage {
        nav: Nav::new(&session),
        t,
        held,
    })
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/circuits", web::get().to(held_page))
        .route("/circuits", web::get().to(list_page))
        .route("/circuits/new", web::get().to(new_form))
        .route("/circuits/new", web::post().to(create))
        .route("/circuits/{id}", web::get().to(circuit))
        .route("/circuits/{id}/print", web::get().to(print))
        .route("/circuits/{id}/edit", web::get().to(edit_form))
        .route("/circuits/{id}/edit", web::post().to(update))
        .route("/circuits/{id}/declined", web::post().to(decline))
        .route("/circuits/{id}/final", web::post().to(enter_final))
        .route(
            "/circuits/{id}/persons/{person}",
            web::get().to(person_page),
        )
        .route("/circuits/{id}/{file}", web::get().to(published_file));
}

// --- the API -------------------------------------------------------------------------------------

async fn api_create(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    body: web::Json<Rules>,
) -> Result<HttpResponse, ApiError> {
    let rules = body.into_inner();
    let id = state
        .write(move |conn| service::create(conn, &actor, &rules))
        .await?;
    Ok(HttpResponse::Created().json(serde_json::json!({ "id": id })))
}

async fn api_update(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    body: web::Json<Rules>,
) -> Result<HttpResponse, ApiError> {
    let (id, rules) = (path.into_inner(), body.into_inner());
    state
        .write(move |conn| service::update(conn, &actor, id, &rules))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn api_circuit(
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let c = state
        .service
        .circuits
        .computed(path.into_inner(), &state.service.standings)
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "circuit": c.circuit,
        "tournaments": c.tournaments,
        "standings": c.standings,
        "qualification": c.qualification,
    })))
}

#[derive(Deserialize)]
struct DeclineBody {
    person_id: i64,
    on: chrono::NaiveDate,
    #[serde(default = "yes")]
    declined: bool,
}

fn yes() -> bool {
    true
}

async fn api_decline(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    body: web::Json<DeclineBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, b) = (path.into_inner(), body.into_inner());
    let (pins, held) = final_pins(&state, id, false).await?;
    let decline = circuit_final::Decline {
        person: b.person_id,
        on: b.on,
        declined: b.declined,
    };
    let changes = state
        .write(move |conn| circuit_final::decline(conn, &actor, id, decline, &pins, held))
        .await?;
    Ok(HttpResponse::Ok().json(changes))
}

#[derive(Deserialize)]
struct FinalBody {
    tournament: i32,
}

async fn api_final(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    body: web::Json<FinalBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, tournament) = (path.into_inner(), TournamentId(body.tournament));
    let (pins, held) = final_pins(&state, id, true).await?;
    let changes = state
        .write(move |conn| circuit_final::enter(conn, &actor, id, tournament, &pins, held))
        .await?;
    Ok(HttpResponse::Created().json(changes))
}

#[derive(Deserialize)]
struct Counting {
    tournament: i32,
}

/// The circuits counting a tournament, with their rules and results: what a venue keeps.
async fn api_counting(
    state: web::Data<AppState>,
    query: web::Query<Counting>,
) -> Result<HttpResponse, ApiError> {
    let service = &state.service;
    let counting = service
        .circuits
        .counting(query.tournament, &service.standings)
        .await?;
    Ok(HttpResponse::Ok().json(counting))
}

/// At a venue: the hub's circuits held for a tournament, with its players' provisional points.
async fn api_held(
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let held = state
        .db(move |conn| {
            crate::service::tournaments::get(conn, id)?;
            crate::service::held_circuits::views(conn, id)
        })
        .await?;
    Ok(HttpResponse::Ok().json(held))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/circuits", web::get().to(api_held))
        .route("/circuits", web::get().to(api_counting))
        .route("/circuits", web::post().to(api_create))
        .route("/circuits/{id}", web::get().to(api_circuit))
        .route("/circuits/{id}", web::put().to(api_update))
        .route("/circuits/{id}/declined", web::post().to(api_decline))
        .route("/circuits/{id}/final", web::post().to(api_final));
}
