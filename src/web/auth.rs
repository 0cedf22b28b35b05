//! Signing in and out: staff with username and password, players with their PIN.

use super::plumbing::access::CheckedForm;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::{Deserialize, Serialize};

use super::error::{ApiError, PageError};
use super::pages::{CsrfOnly, Nav, see_other};
use crate::auth::{Identity, Role, UserSession};
use crate::service::ServiceError;
use crate::service::auth::{Attempt, Owner, SignedIn};
use crate::tournament::{PlayerId, TournamentId};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(LoginForm, PinForm);

/// Someone trying a secret: the address the request comes from (the client's, behind a trusted
/// proxy), and as whom this browser has signed in before.
pub fn attempt(req: &HttpRequest, state: &AppState, session: &UserSession) -> Attempt {
    Attempt {
        address: super::plumbing::client::address(req, &state.trusted_proxies),
        known: session.known_owners(),
    }
}

/// Starts the session of whoever signed in.
fn start(signed_in: &SignedIn, session: &UserSession) -> Result<(), ServiceError> {
    Ok(session.sign_in(
        &signed_in.identity,
        signed_in.generation,
        signed_in.device_mark.clone(),
    )?)
}

/// Signs out: every session of the same owner ends, copies of the cookie included.
async fn sign_out(state: &AppState, session: &UserSession) -> Result<(), ServiceError> {
    if let Ok(Some(identity)) = session.identity() {
        let owner = Owner::of(&identity);
        state.service.sign_in.sign_out(owner).await?;
        state.sessions.forget(owner);
    }
    session.sign_out();
    Ok(())
}

// --- pages -------------------------------------------------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "auth/login.html")]
struct LoginPage {
    nav: Nav,
    username: String,
    error: Option<String>,
}

async fn login_page(session: Visitor) -> LoginPage {
    LoginPage {
        nav: Nav::with_form(&session),
        username: String::new(),
        error: None,
    }
}

#[derive(Deserialize)]
struct LoginForm {
    username: String,
    password: String,
    csrf: String,
}

async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<LoginForm>,
) -> Result<HttpResponse, PageError> {
    let attempt = attempt(&req, &state, &session);
    let signing_in =
        state
            .service
            .sign_in
            .sign_in_staff(&attempt, form.username.clone(), form.password);
    match signing_in.await {
        Ok(signed_in) => {
            start(&signed_in, &session)?;
            Ok(see_other("/tournaments"))
        }
        Err(e @ (ServiceError::WrongCredentials(_) | ServiceError::TooManyAttempts(_))) => {
            let status = super::error::service_status(&e);
            let page = LoginPage {
                nav: Nav::with_form(&session),
                username: form.username,
                error: Some(crate::wording::refusals::failure(session.lang, &e)),
            };
            Ok(super::pages::render(status, &page)?)
        }
        Err(e) => Err(e.into()),
    }
}

async fn logout(
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(_): CheckedForm<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    sign_out(&state, &session).await?;
    Ok(see_other("/tournaments"))
}

#[derive(Template, WebTemplate)]
#[template(path = "auth/player_sign_in.html")]
struct PlayerSignInPage {
    nav: Nav,
    tournament_id: TournamentId,
    tournament_name: String,
    players: Vec<(PlayerId, String)>,
    selected: PlayerId,
    error: Option<String>,
    /// What was typed to find a name, and whether no name holds it (the whole list is shown).
    search: String,
    none_found: bool,
}

/// The player a sign-in link (the QR code of a PIN slip) chooses, or what was typed to find
/// one's name.
#[derive(Deserialize)]
struct Chosen {
    player: Option<PlayerId>,
    q: Option<String>,
}

fn no_choice() -> web::Query<Chosen> {
    web::Query(Chosen {
        player: None,
        q: None,
    })
}

async fn player_sign_in_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    chosen: web::Query<Chosen>,
) -> Result<PlayerSignInPage, PageError> {
    let tournament_id = path.into_inner();
    let (name, everyone) = state
        .db(move |conn| crate::service::players::sign_in_list(conn, tournament_id))
        .await?;
    let Chosen { player, q } = chosen.into_inner();
    let search = q
        .unwrap_or_default()
        .trim()
        .chars()
        .take(100)
        .collect::<String>();
    let found: Vec<(PlayerId, String)> = everyone
        .iter()
        .filter(|(_, n)| crate::tournament::names::matches(n, &search))
        .cloned()
        .collect();
    let none_found = found.is_empty() && !search.is_empty();
    let players = if none_found { everyone } else { found };
    // One name found is the one chosen.
    let selected = match (player, players.as_slice()) {
        (Some(p), _) => p,
        (None, [(only, _)]) => *only,
        _ => PlayerId::default(),
    };
    Ok(PlayerSignInPage {
        nav: Nav::with_form(&session),
        tournament_id,
        tournament_name: name,
        players,
        selected,
        error: None,
        search,
        none_found,
    })
}

#[derive(Deserialize)]
struct PinForm {
    player_id: PlayerId,
    pin: String,
    csrf: String,
}

async fn player_sign_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<PinForm>,
) -> Result<HttpResponse, PageError> {
    let tournament_id = path.into_inner();
    let attempt = attempt(&req, &state, &session);
    let signing_in =
        state
            .service
            .sign_in
            .sign_in_player(&attempt, tournament_id, form.player_id, form.pin);
    match signing_in.await {
        Ok(signed_in) => {
            start(&signed_in, &session)?;
            // The player lands on their board now: where to sit, whom against, what waits.
            Ok(see_other(&format!("/tournaments/{tournament_id}/me")))
        }
        Err(e @ (ServiceError::WrongCredentials(_) | ServiceError::TooManyAttempts(_))) => {
            let status = super::error::service_status(&e);
            let error = crate::wording::refusals::failure(session.lang, &e);
            let mut page =
                player_sign_in_page(state, session, web::Path::from(tournament_id), no_choice())
                    .await?;
            page.selected = form.player_id;
            page.error = Some(error);
            Ok(super::pages::render(status, &page)?)
        }
        Err(e) => Err(e.into()),
    }
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/login", web::get().to(login_page))
        .route("/login", web::post().to(login))
        .route("/logout", web::post().to(logout))
        .route(
            "/tournaments/{id}/sign-in",
            web::get().to(player_sign_in_page),
        )
        .route("/tournaments/{id}/sign-in", web::post().to(player_sign_in));
}

// --- API ---------------------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    username: String,
    password: String,
}

#[derive(Serialize)]
struct SessionView {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    username: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    role: Option<Role>,
    #[serde(skip_serializing_if = "Option::is_none")]
    player_id: Option<PlayerId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tournament_id: Option<TournamentId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
}

impl From<&Identity> for SessionView {
    fn from(identity: &Identity) -> Self {
        match identity {
            Identity::Staff { username, role, .. } => SessionView {
                kind: "staff",
                username: Some(username.clone()),
                role: Some(*role),
                player_id: None,
                tournament_id: None,
                name: None,
            },
            Identity::Player {
                player_id,
                tournament_id,
                name,
            } => SessionView {
                kind: "player",
                username: None,
                role: None,
                player_id: Some(*player_id),
                tournament_id: Some(*tournament_id),
                name: Some(name.clone()),
            },
        }
    }
}

async fn api_login(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let attempt = attempt(&req, &state, &session);
    let signed_in = state
        .service
        .sign_in
        .sign_in_staff(&attempt, body.username, body.password)
        .await?;
    start(&signed_in, &session)?;
    Ok(HttpResponse::Ok().json(SessionView::from(&signed_in.identity)))
}

async fn api_session(session: Visitor) -> Result<HttpResponse, ApiError> {
    match session.identity()? {
        Some(identity) => Ok(HttpResponse::Ok().json(SessionView::from(&identity))),
        None => Err(ServiceError::Unauthenticated.into()),
    }
}

async fn api_logout(
    state: web::Data<AppState>,
    session: Visitor,
) -> Result<HttpResponse, ApiError> {
    sign_out(&state, &session).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PinBody {
    pin: String,
}

async fn api_player_sign_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, PlayerId)>,
    body: web::Json<PinBody>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, player_id) = path.into_inner();
    let attempt = attempt(&req, &state, &session);
    let pin = body.into_inner().pin;
    let signed_in = state
        .service
        .sign_in
        .sign_in_player(&attempt, tournament_id, player_id, pin)
        .await?;
    start(&signed_in, &session)?;
    Ok(HttpResponse::Ok().json(SessionView::from(&signed_in.identity)))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/session", web::post().to(api_login))
        .route("/session", web::get().to(api_session))
        .route("/session", web::delete().to(api_logout))
        .route(
            "/tournaments/{id}/players/{player}/session",
            web::post().to(api_player_sign_in),
        );
}
