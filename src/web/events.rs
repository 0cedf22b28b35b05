//! Events: the public list and page (an event's sections and categories), the organiser's form
//! and the API.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use chrono::NaiveDate;

use super::error::{ApiError, PageError};
use super::pages::{Nav, render, see_other};
use super::plumbing::access::{Anyone, CheckedForm, Organiser};
use super::tournaments::{ControllerBody, ControllerForm};
use crate::locale::Lang;
use crate::service::events::{self as service, EventView};
use crate::service::{Actor, ServiceError};
use crate::tournament::EventId;
use crate::tournament::categories::{Category, Gender, MAX_CATEGORIES, Rule};
use crate::tournament::events::{EventInput, EventSettings};
use crate::tournament::said::Said;
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;
use serde::{Deserialize, Serialize};

// --- pages -------------------------------------------------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "events/list.html")]
struct ListPage {
    nav: Nav,
    events: Vec<EventView>,
}

async fn list_page(state: web::Data<AppState>, session: Visitor) -> Result<ListPage, PageError> {
    let events = state.db(service::list).await?;
    Ok(ListPage {
        nav: Nav::new(&session),
        events,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "events/show.html")]
struct ShowPage {
    nav: Nav,
    e: EventView,
    /// For an organiser: the controllers' accounts not running the event yet, to choose from.
    accounts: Vec<String>,
    /// What the organiser just did with a controller: (`assigned` or `unassigned`, the name).
    done: Option<(String, String)>,
}

/// What a page was just asked to do, said on it (`?done=assigned&name=kojo`).
#[derive(Deserialize)]
struct Done {
    done: Option<String>,
    name: Option<String>,
}

async fn show_page(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<EventId>,
    asked: web::Query<Done>,
) -> Result<ShowPage, PageError> {
    let id = path.into_inner();
    let (e, accounts) = state
        .db(move |conn| service::with_controllers_to_choose(conn, &actor, id))
        .await?;
    let asked = asked.into_inner();
    let done = match (asked.done.as_deref(), asked.name) {
        (Some(what @ ("assigned" | "unassigned")), Some(name)) => Some((what.to_string(), name)),
        _ => None,
    };
    Ok(ShowPage {
        nav: Nav::new(&session),
        e,
        accounts,
        done,
    })
}

/// One row of the categories in the form, as typed.
#[derive(Clone, Debug, Default)]
struct CategoryRow {
    name: String,
    /// `under`, `from`, `women`, `men`, `rated-below`, `unrated`.
    rule: String,
    age: String,
    on: String,
    rating: String,
}

impl CategoryRow {
    fn from(c: &Category) -> CategoryRow {
        let mut row = CategoryRow {
            name: c.name.clone(),
            ..CategoryRow::default()
        };
        match &c.rule {
            Rule::Under { age, on } => {
                (row.rule, row.age, row.on) = ("under".into(), age.to_string(), on.to_string());
            }
            Rule::From { age, on } => {
                (row.rule, row.age, row.on) = ("from".into(), age.to_string(), on.to_string());
            }
            Rule::Gender { gender } => {
                row.rule = match gender {
                    Gender::Female => "women",
                    Gender::Male => "men",
                }
                .to_string();
            }
            Rule::RatedBelow { rating } => {
                row.rule = "rated-below".to_string();
                row.rating = rating.to_string();
            }
            Rule::Unrated => row.rule = "unrated".to_string(),
        }
        row
    }

    /// The category the row describes; `None` for a row left empty.
    fn parse(&self, problems: &mut Vec<Said>) -> Option<Category> {
        let name = self.name.trim();
        if name.is_empty() {
            return None;
        }
        let number = |text: &str, what: &str, problems: &mut Vec<Said>| {
            text.trim().parse::<i32>().map_err(|_| {
                problems.push(crate::said!("give-whole-number", name, what));
            })
        };
        let on = || NaiveDate::parse_from_str(self.on.trim(), "%Y-%m-%d");
        let rule = match self.rule.as_str() {
            "under" | "from" => {
                let age = number(&self.age, "age", problems).ok()?;
                let Ok(on) = on() else {
                    problems.push(crate::said!("give-date-age-counted", name));
                    return None;
                };
                if self.rule == "under" {
                    Rule::Under { age, on }
                } else {
                    Rule::From { age, on }
                }
            }
            "women" => Rule::Gender {
                gender: Gender::Female,
            },
            "men" => Rule::Gender {
                gender: Gender::Male,
            },
            "rated-below" => Rule::RatedBelow {
                rating: number(&self.rating, "rating", problems).ok()?,
            },
            "unrated" => Rule::Unrated,
            other => {
                problems.push(crate::said!("not-kind-category", name, other));
                return None;
            }
        };
        Some(Category {
            name: name.to_string(),
            rule,
        })
    }
}

/// The event form's fields, as typed.
#[derive(Clone, Debug, Default)]
struct EventFields {
    name: String,
    venue: String,
    start_date: String,
    end_date: String,
    categories: Vec<CategoryRow>,
}

impl EventFields {
    /// The form's rows: the event's categories and room for more.
    fn from_view(e: &EventView) -> EventFields {
        let mut categories: Vec<CategoryRow> = e.categories.iter().map(CategoryRow::from).collect();
        categories.resize(
            (categories.len() + 3).min(MAX_CATEGORIES),
            CategoryRow::default(),
        );
        EventFields {
            name: e.name.clone(),
            venue: e.venue.clone(),
            start_date: e.start_date.map(|d| d.to_string()).unwrap_or_default(),
            end_date: e.end_date.map(|d| d.to_string()).unwrap_or_default(),
            categories,
        }
    }

    fn new_event() -> EventFields {
        EventFields {
            categories: vec![CategoryRow::default(); 4],
            ..EventFields::default()
        }
    }

    /// The fields of a posted form (`category_N_name`, `category_N_rule`, ... for each row).
    fn read(form: &HashMap<String, String>) -> EventFields {
        let field = |name: &str| form.get(name).cloned().unwrap_or_default();
        let rows = (0..MAX_CATEGORIES)
            .take_while(|i| form.contains_key(&format!("category_{i}_name")))
            .map(|i| CategoryRow {
                name: field(&format!("category_{i}_name")),
                rule: field(&format!("category_{i}_rule")),
                age: field(&format!("category_{i}_age")),
                on: field(&format!("category_{i}_on")),
                rating: field(&format!("category_{i}_rating")),
            })
            .collect();
        EventFields {
            name: field("name"),
            venue: field("venue"),
            start_date: field("start_date"),
            end_date: field("end_date"),
            categories: rows,
        }
    }

    fn parse(&self) -> Result<EventSettings, Vec<Said>> {
        let mut problems = Vec::new();
        let date = |text: &str, what: &str, problems: &mut Vec<Said>| match text.trim() {
            "" => None,
            d => NaiveDate::parse_from_str(d, "%Y-%m-%d")
                .map_err(|_| problems.push(crate::said!("not-date-yyyy-mm-dd-2", what, d)))
                .ok(),
        };
        let input = EventInput {
            name: Some(self.name.clone()),
            venue: Some(self.venue.clone()),
            start_date: date(&self.start_date, "start_date", &mut problems),
            end_date: date(&self.end_date, "end_date", &mut problems),
            categories: self
                .categories
                .iter()
                .filter_map(|row| row.parse(&mut problems))
                .collect(),
        };
        Said::or_problems(problems, EventSettings::parse(input))
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "events/form.html")]
struct FormPage {
    nav: Nav,
    id: Option<EventId>,
    f: EventFields,
    problems: Vec<Said>,
}

impl FormPage {
    fn invalid(self) -> Result<HttpResponse, PageError> {
        Ok(render(
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            &self,
        )?)
    }
}

async fn new_page(_: Organiser, session: Visitor) -> Result<FormPage, PageError> {
    Ok(FormPage {
        nav: Nav::new(&session),
        id: None,
        f: EventFields::new_event(),
        problems: Vec::new(),
    })
}

async fn edit_page(
    _: Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<EventId>,
) -> Result<FormPage, PageError> {
    let id = path.into_inner();
    let e = state.db(move |conn| service::get(conn, id)).await?;
    Ok(FormPage {
        nav: Nav::new(&session),
        id: Some(id),
        f: EventFields::from_view(&e),
        problems: Vec::new(),
    })
}

/// Creates an event (`id` none) or changes one, from the form.
async fn save(
    actor: Actor,
    state: web::Data<AppState>,
    session: Visitor,
    id: Option<EventId>,
    form: HashMap<String, String>,
) -> Result<HttpResponse, PageError> {
    let fields = EventFields::read(&form);
    let settings = match fields.parse() {
        Ok(s) => s,
        Err(problems) => {
            return FormPage {
                nav: Nav::new(&session),
                id,
                f: fields,
                problems,
            }
            .invalid();
        }
    };
    let e = state
        .write(move |conn| match id {
            Some(id) => service::update(conn, &actor, id, &settings),
            None => service::create(conn, &actor, &settings),
        })
        .await?;
    Ok(see_other(&format!("/events/{}", e.id)))
}

async fn create(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    save(actor, state, session, None, form).await
}

async fn update(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<EventId>,
    CheckedForm(form): CheckedForm<HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    save(actor, state, session, Some(path.into_inner()), form).await
}

async fn controllers(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<EventId>,
    CheckedForm(form): CheckedForm<ControllerForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let assign = form.assign()?;
    let name = form.username.trim().to_string();
    let said = serde_urlencoded::to_string([
        ("done", if assign { "assigned" } else { "unassigned" }),
        ("name", name.as_str()),
    ])
    .unwrap_or_default();
    state
        .write(move |conn| service::assign_controller(conn, &actor, id, &name, assign))
        .await?;
    Ok(see_other(&format!("/events/{id}?{said}#controllers")))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/events", web::get().to(list_page))
        .route("/events", web::post().to(create))
        .route("/events/new", web::get().to(new_page))
        .route("/events/{id}", web::get().to(show_page))
        .route("/events/{id}", web::post().to(update))
        .route("/events/{id}/edit", web::get().to(edit_page))
        .route("/events/{id}/controllers", web::post().to(controllers));
}

/// A category's rule in the reader's words: `under 12: born in 2014 or later`.
pub fn category_words(lang: impl Into<Lang>, c: &Category) -> String {
    let lang: Lang = lang.into();
    // Years and ratings as written on a form, without a thousands separator.
    let year = c.birth_year().map(|y| y.to_string()).unwrap_or_default();
    match &c.rule {
        Rule::Under { age, .. } => lang.t2("category-under", "age", age, "year", year),
        Rule::From { age, .. } => lang.t2("category-from", "age", age, "year", year),
        Rule::Gender {
            gender: Gender::Female,
        } => lang.t("category-women"),
        Rule::Gender {
            gender: Gender::Male,
        } => lang.t("category-men"),
        Rule::RatedBelow { rating } => {
            lang.t1("category-rated-below", "rating", rating.to_string())
        }
        Rule::Unrated => lang.t("category-unrated"),
    }
}

// --- API ---------------------------------------------------------------------------------------

/// An event as the API gives it: each category with its rule in the reader's words.
#[derive(Serialize)]
struct EventJson<'a> {
    #[serde(flatten)]
    view: &'a EventView,
    categories: Vec<CategoryJson<'a>>,
}

#[derive(Serialize)]
struct CategoryJson<'a> {
    #[serde(flatten)]
    category: &'a Category,
    words: String,
}

impl<'a> EventJson<'a> {
    fn new(lang: Lang, view: &'a EventView) -> EventJson<'a> {
        EventJson {
            view,
            categories: view
                .categories
                .iter()
                .map(|category| CategoryJson {
                    category,
                    words: category_words(lang, category),
                })
                .collect(),
        }
    }
}

fn parse(input: EventInput) -> Result<EventSettings, ServiceError> {
    EventSettings::parse(input)
        .map_err(|problems| ServiceError::Invalid(crate::tournament::said::Said::all(problems)))
}

async fn api_list(state: web::Data<AppState>, session: Visitor) -> Result<HttpResponse, ApiError> {
    let events = state.db(service::list).await?;
    let events: Vec<EventJson> = events
        .iter()
        .map(|e| EventJson::new(session.lang, e))
        .collect();
    Ok(HttpResponse::Ok().json(events))
}

async fn api_get(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<EventId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let e = state.db(move |conn| service::get(conn, id)).await?;
    Ok(HttpResponse::Ok().json(EventJson::new(session.lang, &e)))
}

async fn api_create(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    body: web::Json<EventInput>,
) -> Result<HttpResponse, ApiError> {
    let settings = parse(body.into_inner())?;
    let e = state
        .write(move |conn| service::create(conn, &actor, &settings))
        .await?;
    Ok(HttpResponse::Created().json(EventJson::new(session.lang, &e)))
}

async fn api_update(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<EventId>,
    body: web::Json<EventInput>,
) -> Result<HttpResponse, ApiError> {
    let settings = parse(body.into_inner())?;
    let id = path.into_inner();
    let e = state
        .write(move |conn| service::update(conn, &actor, id, &settings))
        .await?;
    Ok(HttpResponse::Ok().json(EventJson::new(session.lang, &e)))
}

async fn api_controllers(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<EventId>,
    body: web::Json<ControllerBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let body = body.into_inner();
    let names = state
        .write(move |conn| {
            service::assign_controller(conn, &actor, id, body.username.trim(), body.assign)
        })
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "controllers": names })))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/events", web::get().to(api_list))
        .route("/events", web::post().to(api_create))
        .route("/events/{id}", web::get().to(api_get))
        .route("/events/{id}", web::put().to(api_update))
        .route("/events/{id}/controllers", web::post().to(api_controllers));
}
