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
use crate::tournament::{EventId, Points, Tiebreak, TournamentId, TournamentSettings};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(ControllerForm, SettingsFields);

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
    let backups = nav.staff.then(|| state.service.backup_status());
    Ok(ListPage {
        nav,
        tournaments,
        backups,
    })
}

/// Where backups go and how the last one went (staff only).
async fn api_backups(_: Staff, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(state.service.backup_status()))
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

/// How many tie-breaks the form offers to choose, in order.
const TIEBREAK_SLOTS: usize = 6;

/// The settings form's fields, as typed.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct SettingsFields {
    name: String,
    venue: String,
    start_date: String,
    end_date: String,
    rules: String,
    rule_options: String,
    rounds: String,
    pairing: String,
    points_win: String,
    points_draw: String,
    points_loss: String,
    points_bye: String,
    /// The tie-breaks as comma-separated codes (the API's way, and a form sent by a program);
    /// the page's form picks them from lists instead, `tiebreak_1` to `tiebreak_6`.
    #[serde(default)]
    tiebreaks: String,
    #[serde(default)]
    tiebreak_1: String,
    #[serde(default)]
    tiebreak_2: String,
    #[serde(default)]
    tiebreak_3: String,
    #[serde(default)]
    tiebreak_4: String,
    #[serde(default)]
    tiebreak_5: String,
    #[serde(default)]
    tiebreak_6: String,
    require_moves: Option<String>,
    require_confirmation: Option<String>,
    #[serde(default)]
    club_rounds: String,
    #[serde(default)]
    match_games: String,
    #[serde(default)]
    match_length: String,
    #[serde(default)]
    match_start: String,
    #[serde(default)]
    match_score: String,
    #[serde(default)]
    match_tie: String,
    third_place: Option<String>,
    double_elimination: Option<String>,
    /// The event it is a section of: its id, or empty.
    #[serde(default)]
    event_id: String,
    #[serde(default)]
    tie_policy: String,
    #[serde(default)]
    lots_seed: String,
    #[serde(default)]
    check_in: String,
    #[serde(default)]
    adjudication: String,
    #[serde(default)]
    language: String,
    #[serde(default)]
    csrf: String,
}

impl SettingsFields {
    fn from_view(t: &TournamentView) -> SettingsFields {
        let overridden = t.overridden();
        let rule_options = if overridden.is_empty() {
            String::new()
        } else {
            serde_json::to_string(&overridden).unwrap_or_default()
        };
        SettingsFields {
            name: t.name.clone(),
            venue: t.venue.clone(),
            start_date: t.start_date.map(|d| d.to_string()).unwrap_or_default(),
            end_date: t.end_date.map(|d| d.to_string()).unwrap_or_default(),
            rules: t.rules.name().to_string(),
            rule_options,
            rounds: t.rounds.to_string(),
            pairing: t.format.pairing().to_string(),
            points_win: t.points.win.to_string(),
            points_draw: t.points.draw.to_string(),
            points_loss: t.points.loss.to_string(),
            points_bye: t.points.bye.to_string(),
            tiebreaks: t.tiebreak_list(),
            require_moves: t.require_moves.then(|| "on".to_string()),
            require_confirmation: t.require_confirmation.then(|| "on".to_string()),
            club_rounds: t.club_rounds.to_string(),
            match_games: t.matches.games.to_string(),
            match_length: t.matches.length.to_string(),
            match_start: t.matches.start.to_string(),
            match_score: t.matches.score.to_string(),
            match_tie: t.matches.tie.to_string(),
            third_place: t.format.third_place().then(|| "on".to_string()),
            double_elimination: t.format.double_elimination().then(|| "on".to_string()),
            event_id: t.event_id.map(|e| e.to_string()).unwrap_or_default(),
            tie_policy: t.tie_policy.to_string(),
            lots_seed: t.lots_seed.map(|s| s.to_string()).unwrap_or_default(),
            check_in: t.check_in.to_string(),
            adjudication: t.adjudication.to_string(),
            language: String::new(),
            csrf: String::new(),
            ..SettingsFields::default()
        }
    }

    fn new_tournament() -> SettingsFields {
        SettingsFields {
            rules: "abapa".to_string(),
            rounds: "5".to_string(),
            pairing: crate::tournament::Format::default().pairing().to_string(),
            points_win: "1".to_string(),
            points_draw: "0.5".to_string(),
            points_loss: "0".to_string(),
            points_bye: "1".to_string(),
            tiebreaks: crate::tournament::settings::DEFAULT_TIEBREAKS
                .map(|t| t.code())
                .join(", "),
            require_moves: Some("on".to_string()),
            require_confirmation: Some("on".to_string()),
            club_rounds: "0".to_string(),
            match_games: "1".to_string(),
            ..SettingsFields::default()
        }
    }

    /// The tie-breaks chosen in the form's lists, in order; or, where none was, the codes typed.
    fn tiebreak_codes(&self) -> Vec<String> {
        let picked: Vec<String> = [
            &self.tiebreak_1,
            &self.tiebreak_2,
            &self.tiebreak_3,
            &self.tiebreak_4,
            &self.tiebreak_5,
            &self.tiebreak_6,
        ]
        .into_iter()
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
        .collect();
        if picked.is_empty() {
            self.tiebreaks
                .split(',')
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty())
                .collect()
        } else {
            picked
        }
    }

    /// The form's six lists of tie-breaks, each with the code it shows chosen ("" for none).
    pub fn tiebreak_slots(&self) -> Vec<String> {
        let mut codes = self.tiebreak_codes();
        codes.resize(TIEBREAK_SLOTS.max(codes.len()), String::new());
        codes
    }

    /// The settings, or every problem found.
    fn parse(&self) -> Result<TournamentSettings, Vec<Said>> {
        let mut problems = Vec::new();
        let number = |field: &str, text: &str, problems: &mut Vec<Said>| -> f64 {
            let t = text.trim().replace('½', ".5");
            let t = if t.starts_with('.') {
                format!("0{t}")
            } else {
                t
            };
            t.parse::<f64>().unwrap_or_else(|_| {
                problems.push(crate::said!("not-number", field, text));
                0.0
            })
        };
        let points = Points {
            win: number("points (win)", &self.points_win, &mut problems),
            draw: number("points (draw)", &self.points_draw, &mut problems),
            loss: number("points (loss)", &self.points_loss, &mut problems),
            bye: number("points (bye)", &self.points_bye, &mut problems),
        };
        let rounds = match self.rounds.trim().parse::<i64>() {
            Ok(n) => Some(n),
            Err(_) if self.rounds.trim().is_empty() => None,
            Err(_) => {
                problems.push(crate::said!(
                    "rounds-not-whole-number",
                    rounds = &self.rounds
                ));
                Some(1)
            }
        };
        let club_rounds = optional_whole(&self.club_rounds, &mut problems, |club_rounds| {
            crate::said!("club-rounds-not-whole-number", club_rounds)
        });
        let match_games = optional_whole(&self.match_games, &mut problems, |match_games| {
            crate::said!("games-match-not-whole-number", match_games)
        });
        let lots_seed = optional_whole(&self.lots_seed, &mut problems, |seed| {
            crate::said!("lots-seed-not-whole-number", seed)
        });
        let rule_options = match self.rule_options.trim() {
            "" => None,
            text => {
                match serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(text) {
                    Ok(map) => Some(map),
                    Err(e) => {
                        problems.push(crate::said!(
                            "rule-options-not-json-object",
                            error = e.to_string()
                        ));
                        None
                    }
                }
            }
        };
        let input = SettingsInput {
            name: Some(self.name.clone()),
            venue: Some(self.venue.clone()),
            start_date: Some(self.start_date.clone()),
            end_date: Some(self.end_date.clone()),
            rules: Some(self.rules.clone()),
            rule_options,
            rounds,
            pairing: Some(self.pairing.clone()),
            points: Some(points),
            tiebreaks: Some(self.tiebreak_codes()),
            require_moves: Some(self.require_moves.is_some()),
            require_confirmation: Some(self.require_confirmation.is_some()),
            club_rounds,
            match_games,
            match_length: Some(self.match_length.clone()),
            match_start: Some(self.match_start.clone()),
            match_score: Some(self.match_score.clone()),
            match_tie: Some(self.match_tie.clone()),
            third_place: Some(self.third_place.is_some()),
            double_elimination: Some(self.double_elimination.is_some()),
            tie_policy: Some(self.tie_policy.clone()),
            check_in: Some(self.check_in.clone()),
            adjudication: Some(self.adjudication.clone()),
            language: Some(self.language.clone()),
            lots_seed,
            event_id: match self.event_id.trim() {
                "" => None,
                id => match id.parse::<i32>() {
                    Ok(id) => Some(id),
                    Err(_) => {
                        problems.push(crate::said!("event-not-event", id));
                        None
                    }
                },
            },
        };
        match parse_settings(&input) {
            Ok(settings) if problems.is_empty() => Ok(settings),
            Ok(_) => Err(problems),
            Err(more) => {
                problems.extend(more);
                Err(problems)
            }
        }
    }
}

/// A whole number typed in a box that may be left empty: none when it is, `problem` (given the
/// text typed) when it holds something else.
fn optional_whole(
    text: &str,
    problems: &mut Vec<Said>,
    problem: impl FnOnce(&str) -> Said,
) -> Option<i64> {
    match text.trim() {
        "" => None,
        typed => typed
            .parse()
            .map_err(|_| problems.push(problem(typed)))
            .ok(),
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "tournaments/form.html")]
struct FormPage {
    nav: Nav,
    /// `None` for a new tournament.
    id: Option<TournamentId>,
    f: SettingsFields,
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
        f: SettingsFields,
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
    let mut fields = SettingsFields::new_tournament();
    fields.language = session.lang.code().to_string();
    if let Some(event) = query.event {
        fields.event_id = event.to_string();
    }
    Ok(FormPage {
        events: events(&state).await?,
        ..FormPage::new(&session, None, fields, Vec::new())
    })
}

async fn create(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<SettingsFields>,
) -> Result<HttpResponse, PageError> {
    let fields = form;
    let settings = match fields.parse() {
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
    let (t, rules_fixed, matches_fixed, language) = state
        .db(move |conn| {
            Ok((
                service::get(conn, id)?,
                service::rules_fixed(conn, id)?,
                service::matches_fixed(conn, id)?,
                service::language(conn, id)?,
            ))
        })
        .await?;
    let fields = SettingsFields {
        language,
        ..SettingsFields::from_view(&t)
    };
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
    CheckedForm(form): CheckedForm<SettingsFields>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let fields = form;
    let settings = match fields.parse() {
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
