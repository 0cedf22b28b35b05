//! Publishing to a hub: on the hub, its organisers' tokens page and the route venues push to;
//! on the venue, a tournament's publishing page (`service::hub`, `service::publishing`).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::{Deserialize, Serialize};

use super::error::{ApiError, PageError};
use super::pages::{Nav, render, see_other};
use super::plumbing::access::{CheckedForm, Organiser, Staff};
use crate::locale::Lang;
use crate::service::hub::{self, NewToken, TokenView};
use crate::service::publishing::{self as service, LinkView};
use crate::service::{Actor, ServiceError};
use crate::tournament::TournamentId;
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(CsrfForm, LinkForm, TokenForm);

// --- the hub -----------------------------------------------------------------------------------

/// A venue pushes its tournament: the token first (no body is read for a wrong one), then the
/// push, replayed whole before it is taken.
async fn api_push(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let token = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("")
        .to_string();
    let attempt = super::auth::attempt(&req, &state, &session);
    let token = state.service.hub.check_hub_token(&attempt, &token).await?;
    let text =
        super::plumbing::limits::text_body(payload, super::archive::FILE_LIMIT, "the push").await?;
    let received = state.service.hub.take_push(token, text).await?;
    if received.taken {
        // The circuits counting the tournament follow after the answer: a qualification the
        // push changed is logged then, whoever reads the circuit or not.
        let state = state.clone();
        let tournament = received.tournament;
        actix_web::rt::spawn(async move {
            let service = &state.service;
            if let Err(e) = service
                .circuits
                .after_results(tournament, &service.standings)
                .await
            {
                tracing::warn!(tournament, error = ?e, "circuits after a push");
            }
        });
    }
    Ok(HttpResponse::Ok().json(received))
}

#[derive(Template, WebTemplate)]
#[template(path = "hub.html")]
struct HubPage {
    nav: Nav,
    tokens: Vec<TokenView>,
    /// A token just made, shown once.
    made: Option<NewToken>,
    problem: Option<String>,
}

async fn hub_view(
    state: &AppState,
    session: &Visitor,
    actor: Actor,
    made: Option<NewToken>,
    problem: Option<String>,
) -> Result<HubPage, ServiceError> {
    let tokens = state.db(move |conn| hub::tokens(conn, &actor)).await?;
    Ok(HubPage {
        nav: Nav::new(session),
        tokens,
        made,
        problem,
    })
}

async fn hub_page(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
) -> Result<HubPage, PageError> {
    Ok(hub_view(&state, &session, actor, None, None).await?)
}

#[derive(Deserialize)]
struct TokenForm {
    csrf: String,
    #[serde(default)]
    label: String,
}

async fn make_token(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<TokenForm>,
) -> Result<HttpResponse, PageError> {
    let label = form.label;
    let (secret, hash) = web::block(hub::new_secret).await?;
    let by = actor.clone();
    let made = state
        .write(move |conn| hub::create_token(conn, &by, &label, (&secret, &hash)))
        .await;
    let (made, problem) = match made {
        Ok(made) => (Some(made), None),
        Err(ServiceError::Invalid(problem)) => (None, Some(problem)),
        Err(e) => return Err(e.into()),
    };
    let status = if made.is_some() {
        StatusCode::CREATED
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    let problem = problem.map(|p| crate::wording::refusals::said(session.lang, &p));
    let page = hub_view(&state, &session, actor, made, problem).await?;
    Ok(render(status, &page)?)
}

#[derive(Deserialize)]
struct CsrfForm {
    csrf: String,
}

async fn revoke(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    CheckedForm(_): CheckedForm<CsrfForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    state
        .write(move |conn| hub::revoke(conn, &actor, id))
        .await?;
    Ok(see_other("/hub"))
}

// --- the venue ---------------------------------------------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "tournaments/publish.html")]
struct PublishPage {
    nav: Nav,
    id: TournamentId,
    name: String,
    link: Option<LinkView>,
    /// What the form said, drawn again with its problem.
    hub: String,
    problem: Option<String>,
}

impl PublishPage {
    /// What went wrong with the last push, in the reader's words.
    fn hub_problem(&self) -> Option<String> {
        let problem = self.link.as_ref()?.problem.as_ref()?;
        Some(crate::wording::refusals::kept(self.nav.lang, problem))
    }
}

async fn publish_view(
    state: &AppState,
    (actor, session): (Actor, &Visitor),
    id: TournamentId,
    hub: String,
    problem: Option<String>,
) -> Result<PublishPage, ServiceError> {
    let (name, link) = state
        .db(move |conn| {
            let link = service::link(conn, &actor, id)?;
            Ok((
                crate::service::tournaments::get(conn, id)?.settings.name,
                link,
            ))
        })
        .await?;
    Ok(PublishPage {
        nav: Nav::new(session),
        id,
        name,
        link,
        hub,
        problem,
    })
}

async fn publish_page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<PublishPage, PageError> {
    let id = path.into_inner();
    Ok(publish_view(&state, (actor, &session), id, String::new(), None).await?)
}

#[derive(Deserialize)]
struct LinkForm {
    csrf: String,
    #[serde(default)]
    hub: String,
    #[serde(default)]
    token: String,
    /// Present: stop publishing.
    stop: Option<String>,
    /// Present: publish this venue's copy again, whatever the hub has.
    again: Option<String>,
}

async fn publish(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<LinkForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let hub = form.hub.clone();
    let reader = actor.clone();
    let result = if form.stop.is_some() {
        state
            .write(move |conn| service::remove_link(conn, &actor, id))
            .await
    } else if form.again.is_some() {
        state
            .write(move |conn| service::publish_again(conn, &actor, id))
            .await
    } else {
        state
            .write(move |conn| service::set_link(conn, &actor, id, &form.hub, &form.token))
            .await
    };
    match result {
        Ok(()) => Ok(see_other(&format!("/tournaments/{id}/publish"))),
        Err(ServiceError::Invalid(problem)) => {
            let problem = crate::wording::refusals::said(session.lang, &problem);
            let page = publish_view(&state, (reader, &session), id, hub, Some(problem)).await?;
            Ok(render(StatusCode::UNPROCESSABLE_ENTITY, &page)?)
        }
        Err(e) => Err(e.into()),
    }
}

/// Where a tournament is published, as the API gives it: what went wrong in the reader's words.
#[derive(Serialize)]
struct LinkJson {
    #[serde(flatten)]
    link: LinkView,
    problem: Option<String>,
    /// The hub holds every change, with this venue's content.
    up_to_date: bool,
}

impl LinkJson {
    fn new(lang: Lang, link: Option<LinkView>) -> Option<LinkJson> {
        link.map(|link| LinkJson {
            up_to_date: link.up_to_date(),
            problem: link
                .problem
                .as_ref()
                .map(|p| crate::wording::refusals::kept(lang, p)),
            link,
        })
    }
}

async fn api_link(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let link = state
        .db(move |conn| service::link(conn, &actor, id))
        .await?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "publishing": LinkJson::new(session.lang, link) })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LinkBody {
    hub: String,
    token: String,
}

async fn api_set_link(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    body: web::Json<LinkBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let body = body.into_inner();
    let by = actor.clone();
    state
        .write(move |conn| service::set_link(conn, &by, id, &body.hub, &body.token))
        .await?;
    let link = state
        .db(move |conn| service::link(conn, &actor, id))
        .await?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "publishing": LinkJson::new(session.lang, link) })))
}

/// The organiser publishes the venue's copy again, whatever the hub has.
async fn api_again(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let by = actor.clone();
    state
        .write(move |conn| service::publish_again(conn, &by, id))
        .await?;
    let link = state
        .db(move |conn| service::link(conn, &actor, id))
        .await?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({ "publishing": LinkJson::new(session.lang, link) })))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/hub", web::get().to(hub_page))
        .route("/hub/tokens", web::post().to(make_token))
        .route(r"/hub/tokens/{id:\d+}/revoke", web::post().to(revoke))
        .route("/tournaments/{id}/publish", web::get().to(publish_page))
        .route("/tournaments/{id}/publish", web::post().to(publish));
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/hub/publish", web::put().to(api_push))
        .route("/tournaments/{id}/publishing", web::get().to(api_link))
        .route("/tournaments/{id}/publishing", web::put().to(api_set_link))
        .route(
            "/tournaments/{id}/publishing/again",
            web::post().to(api_again),
        );
}
