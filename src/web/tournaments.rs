//! Tournaments: the public list and page, and the organiser's settings (pages and API).

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{ApiError, Failure, PageError};
use super::pages::{Nav, render, see_other};
use super::plumbing::access::{Anyone, CheckedForm, Organiser, Staff};
use crate::engine::Preset;
use crate::locale::Lang;
use crate::service::ServiceError;
use crate::service::players::PlayerView;
use crate::service::tournaments::{self as service, TournamentView};
use crate::service::views::GameView;
use crate::tournament::said::Said;
use crate::tournament::settings::SettingsInput;
use crate::tournament::{EventId, Tiebreak, TournamentId, TournamentSettings};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::settings_form::SettingsForm;
use crate::web::state::AppState;

crate::csrf_in_field!(ControllerForm);

// --- pages -------------------------------------------------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "tournaments/list.html")]
struct ListPage {
    nav: Nav,
    tournaments: Vec<TournamentView>,
    /// Where backups go and how the last one went (for the staff).
    backups: Option<crate::service::backups::BackupStatus>,
}

async fn list_page(state: web::Data<AppState>, session: Visitor) -> Result<ListPage, PageError> {
    let tournaments = state.db(service::list).await?;
    let nav = Nav::new(&session);
    let backups = nav.staff.then(|| state.service.backups.backup_status());
    Ok(ListPage {
        nav,
        tournaments,
        backups,
    })
}

/// Where backups go and how the last one went (staff only).
async fn api_backups(
    _: Staff,
    state: web::Data<AppState>,
    session: Visitor,
) -> Result<HttpResponse, ApiError> {
    let status = state.service.backups.backup_status();
    let mut json =
        serde_json::to_value(&status).map_err(|e| ServiceError::Internal(e.to_string()))?;
    // The reason worded in the reader's language.
    if let (Some(last), Some(shown)) = (&status.last, json.get_mut("last")) {
        shown["reason"] = crate::wording::refusals::kept(session.lang, &last.reason).into();
    }
    Ok(HttpResponse::Ok().json(json))
}

#[derive(Template, WebTemplate)]
#[template(path = "tournaments/show.html")]
struct ShowPage {
    nav: Nav,
    t: TournamentView,
    players: Vec<PlayerView>,
    /// The register numbers whose person's card is here.
    cards: std::collections::HashSet<i32>,
    controllers: Vec<String>,
    /// The event's controllers, who run it too.
    event_controllers: Vec<String>,
    /// Controller accounts an organiser may assign.
    unassigned: Vec<String>,
    /// What the last change of controllers did, in words.
    notice: Option<String>,
    /// The visitor runs this tournament.
    runs: bool,
    /// The signed-in player's games here (for links to their sheets).
    my_games: Vec<GameView>,
    prohibited: Vec<crate::service::restrictions::PairView>,
    /// The staff may still change the pairing numbers.
    numbers_open: bool,
    /// The roll call open, if one is: its round, and the signed-in player's answer.
    roll_call: Option<(i32, Option<bool>)>,
    /// The staff's notice to everyone.
    notice_board: Option<crate::service::notices::Notice>,
    /// The tournament's own language, in its own words.
    language: String,
    /// Its games count for the rating list.
    rated: bool,
}

/// The change of controllers just made (`?assigned=NAME` or `?unassigned=NAME`), said only
/// when it is what the tournament now has.
#[derive(Deserialize)]
struct ControllerChange {
    assigned: Option<String>,
    unassigned: Option<String>,
}

impl ControllerChange {
    fn words(self, controllers: &[String]) -> Option<String> {
        match (self.assigned, self.unassigned) {
            (Some(name), _) if controllers.contains(&name) => Some(format!(
                "{name} now runs this tournament: they find it under Tournaments once signed in."
            )),
            (_, Some(name)) if !controllers.contains(&name) => {
                Some(format!("{name} no longer runs this tournament."))
            }
            _ => None,
        }
    }
}

async fn show_page(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    change: web::Query<ControllerChange>,
) -> Result<ShowPage, PageError> {
    let id = path.into_inner();
    let page = state
        .db(move |conn| service::page(conn, &actor, id))
        .await?;
    Ok(ShowPage {
        nav: Nav::new(&session),
        t: page.t,
        players: page.players,
        notice: change.into_inner().words(&page.controllers),
        unassigned: page.unassigned,
        controllers: page.controllers,
        event_controllers: page.event_controllers,
        runs: page.runs,
        my_games: page.my_games,
        numbers_open: page.runs && !page.paired,
        prohibited: page.prohibited,
        roll_call: page.roll_call,
        notice_board: page.notice,
        language: Lang::from_code(&page.language).unwrap_or_default().name(),
        rated: page.rated,
        cards: page.cards,
    })
}

/// The settings the form's fields make, or every problem found.
fn form_settings(form: &SettingsForm) -> Result<TournamentSettings, Vec<Said>> {
    let (input, problems) = form.input();
    match input {
        Some(input) => Said::or_problems(problems, parse_settings(&input)),
        None => Err(problems),
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "tournaments/form.html")]
struct FormPage {
    nav: Nav,
    /// `None` for a new tournament.
    id: Option<TournamentId>,
    f: SettingsForm,
    problems: Vec<Said>,
    presets: Vec<&'static str>,
    tiebreak_codes: Vec<(String, String)>,
    /// A round is published: the rules are shown, not offered for change.
    rules_fixed: bool,
    /// A round is paired: what a pairing plays is shown, not offered for change.
    matches_fixed: bool,
    /// The events a tournament may be a section of.
    events: Vec<(EventId, String)>,
}

impl FormPage {
    fn new(
        session: &Visitor,
        id: Option<TournamentId>,
        f: SettingsForm,
        problems: Vec<Said>,
    ) -> FormPage {
        FormPage {
            nav: Nav::new(session),
            id,
            problems,
            presets: Preset::ALL.iter().map(|p| p.name()).collect(),
            rules_fixed: false,
            matches_fixed: false,
            events: Vec::new(),
            tiebreak_codes: {
                // What the list offers, and any tie-break the tournament has beside it.
                let mut offered: Vec<Tiebreak> = Tiebreak::OFFERED.to_vec();
                for code in f.tiebreak_codes() {
                    if let Ok(t) = code.parse::<Tiebreak>()
                        && !offered.contains(&t)
                    {
                        offered.push(t);
                    }
                }
                offered
                    .iter()
                    .map(|t| (t.code(), crate::wording::words::tiebreak(session.lang, t)))
                    .collect()
            },
            f,
        }
    }

    fn invalid(self) -> Result<HttpResponse, PageError> {
        Ok(super::pages::render(
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            &self,
        )?)
    }
}

/// `?event=ID` on the new-tournament page: a new section of that event.
#[derive(Deserialize)]
struct NewQuery {
    event: Option<i32>,
}

/// The events offered on the settings form.
async fn events(state: &AppState) -> Result<Vec<(EventId, String)>, ServiceError> {
    state.db(crate::service::events::names).await
}

async fn new_page(
    _: Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    query: web::Query<NewQuery>,
) -> Result<FormPage, PageError> {
    let fields = SettingsForm::new_tournament(session.lang.code(), query.event);
    Ok(FormPage {
        events: events(&state).await?,
        ..FormPage::new(&session, None, fields, Vec::new())
    })
}

async fn create(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<SettingsForm>,
) -> Result<HttpResponse, PageError> {
    let fields = form;
    let settings = match form_settings(&fields) {
        Ok(s) => s,
        Err(problems) => {
            return FormPage {
                events: events(&state).await?,
                ..FormPage::new(&session, None, fields, problems)
            }
            .invalid();
        }
    };
    let t = state
        .write(move |conn| service::create(conn, &actor, &settings))
        .await?;
    Ok(see_other(&format!("/tournaments/{}", t.id)))
}

async fn edit_page(
    _: Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<FormPage, PageError> {
    let id = path.into_inner();
    let (t, rules_fixed, matches_fixed) = state
        .db(move |conn| {
            Ok((
                service::get(conn, id)?,
                service::rules_fixed(conn, id)?,
                service::matches_fixed(conn, id)?,
            ))
        })
        .await?;
    let fields = SettingsForm::of(&t);
    Ok(FormPage {
        rules_fixed,
        matches_fixed,
        events: events(&state).await?,
        ..FormPage::new(&session, Some(id), fields, Vec::new())
    })
}

/// Whether the tournament's rules, and its matches' format, can no longer change.
async fn fixed(state: &AppState, id: TournamentId) -> Result<(bool, bool), ServiceError> {
    state
        .db(move |conn| {
            Ok((
                service::rules_fixed(conn, id)?,
                service::matches_fixed(conn, id)?,
            ))
        })
        .await
}

async fn update(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<SettingsForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let fields = form;
    let settings = match form_settings(&fields) {
        Ok(s) => s,
        Err(problems) => {
            let (rules_fixed, matches_fixed) = fixed(&state, id).await?;
            return FormPage {
                rules_fixed,
                matches_fixed,
                events: events(&state).await?,
                ..FormPage::new(&session, Some(id), fields, problems)
            }
            .invalid();
        }
    };
    let result = state
        .write(move |conn| service::update(conn, &actor, id, &settings))
        .await;
    match result {
        Ok(_) => Ok(see_other(&format!("/tournaments/{id}"))),
        Err(ServiceError::Conflict(problem)) => {
            // The form again, offering only what may still change.
            let (rules_fixed, matches_fixed) = fixed(&state, id).await?;
            let page = FormPage {
                rules_fixed,
                matches_fixed,
                events: events(&state).await?,
                ..FormPage::new(&session, Some(id), fields, vec![problem])
            };
            Ok(render(actix_web::http::StatusCode::CONFLICT, &page)?)
        }
        Err(e) => Err(e.into()),
    }
}

/// The form that gives a controller a tournament or an event, or takes it back.
#[derive(Deserialize)]
pub(super) struct ControllerForm {
    pub username: String,
    action: String,
    pub csrf: String,
}

impl ControllerForm {
    /// Whether the form gives (`assign`) or takes back (`unassign`).
    pub fn assign(&self) -> Result<bool, Failure> {
        match self.action.as_str() {
            "assign" => Ok(true),
            "unassign" => Ok(false),
            _ => Err(Failure::BadRequest(crate::said!(
                "action-must-assign-unassign"
            ))),
        }
    }
}

async fn controllers(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<ControllerForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let assign = form.assign()?;
    let username = form.username.trim().to_string();
    let name = username.clone();
    state
        .write(move |conn| service::assign_controller(conn, &actor, id, &name, assign))
        .await?;
    let done = if assign { "assigned" } else { "unassigned" };
    let query = serde_urlencoded::to_string([(done, username.as_str())]).unwrap_or_default();
    Ok(see_other(&format!("/tournaments/{id}?{query}#controllers")))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments", web::get().to(list_page))
        .route("/tournaments", web::post().to(create))
        .route("/tournaments/new", web::get().to(new_page))
        .route("/tournaments/{id}", web::get().to(show_page))
        .route("/tournaments/{id}", web::post().to(update))
        .route("/tournaments/{id}/edit", web::get().to(edit_page))
        .route("/tournaments/{id}/controllers", web::post().to(controllers));
}

// --- API ---------------------------------------------------------------------------------------

async fn api_list(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let list = state.db(service::list).await?;
    Ok(HttpResponse::Ok().json(list))
}

async fn api_get(
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let t = state.db(move |conn| service::get(conn, id)).await?;
    Ok(HttpResponse::Ok().json(t))
}

/// The settings, with a language the pages speak; or every problem found.
fn parse_settings(input: &SettingsInput) -> Result<TournamentSettings, Vec<Said>> {
    let settings = TournamentSettings::parse(input)?;
    if Lang::from_code(&settings.language).map(Lang::code) != Some(settings.language.as_str()) {
        let known: Vec<&str> = Lang::all().map(Lang::code).collect();
        return Err(vec![crate::said!(
            "language-not-written",
            language = &settings.language,
            known = known.join(", ")
        )]);
    }
    Ok(settings)
}

fn api_settings(input: &SettingsInput) -> Result<TournamentSettings, ServiceError> {
    parse_settings(input)
        .map_err(|problems| ServiceError::Invalid(crate::tournament::said::Said::all(problems)))
}

async fn api_create(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    body: web::Json<SettingsInput>,
) -> Result<HttpResponse, ApiError> {
    let settings = api_settings(&body)?;
    let t = state
        .write(move |conn| service::create(conn, &actor, &settings))
        .await?;
    Ok(HttpResponse::Created().json(t))
}

async fn api_update(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<SettingsInput>,
) -> Result<HttpResponse, ApiError> {
    let settings = api_settings(&body)?;
    let id = path.into_inner();
    let t = state
        .write(move |conn| service::update(conn, &actor, id, &settings))
        .await?;
    Ok(HttpResponse::Ok().json(t))
}

/// A controller given a tournament or an event (`assign`, the default), or taken off it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ControllerBody {
    pub username: String,
    #[serde(default = "yes")]
    pub assign: bool,
}

fn yes() -> bool {
    true
}

async fn api_controllers(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
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
    cfg.route("/backups", web::get().to(api_backups))
        .route("/tournaments", web::get().to(api_list))
        .route("/tournaments", web::post().to(api_create))
        .route("/tournaments/{id}", web::get().to(api_get))
        .route("/tournaments/{id}", web::put().to(api_update))
        .route(
            "/tournaments/{id}/controllers",
            web::post().to(api_controllers),
        );
}
