//! Signing in and out: staff with username and password, players with their PIN.

use std::net::IpAddr;

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use chrono::Utc;
use serde::{Deserialize, Serialize};

use super::AppState;
use super::error::{ApiError, PageError};
use super::pages::{CsrfOnly, Nav, check_csrf, see_other};
use crate::auth::identity::{player_mark, staff_mark};
use crate::auth::password::DUMMY_HASH;
use crate::auth::throttle::Claimed;
use crate::auth::{Identity, Lane, Role, UserSession, verify_secret};
use crate::service::ServiceError;
use crate::service::auth::{self as service, Owner, WRONG_LOGIN, WRONG_PIN};
use crate::tournament::{PlayerId, TournamentId};

/// Verifies a secret off the async threads, holding no database connection while argon2 works
/// (or waits for its turn in `lane`).
pub async fn verify_off_thread(
    secret: String,
    hash: String,
    lane: Lane,
) -> Result<bool, ServiceError> {
    Ok(web::block(move || verify_secret(secret.trim(), &hash, lane)).await?)
}

/// Someone trying a secret: from which address, and as whom their browser has signed in before.
pub struct Attempt {
    address: IpAddr,
    known: Vec<String>,
}

impl Attempt {
    pub fn of(req: &HttpRequest, state: &AppState, session: &UserSession) -> Attempt {
        Attempt {
            address: super::client::address(req, &state.trusted_proxies),
            known: session.known_owners(),
        }
    }

    fn knows(&self, mark: &str) -> bool {
        self.known.iter().any(|m| m == mark)
    }

    /// Takes one failure of the address's allowance before anything is checked (waiting while
    /// the address's attempts under way fill it); it is given back if the secret is right
    /// ([`Claimed::succeeded`]).
    async fn claim(&self, state: &AppState) -> Result<Claimed, ServiceError> {
        state.throttle.claim(self.address).await.map_err(|wait| {
            ServiceError::TooManyAttempts(format!(
                "too many failed sign-ins from your network: try again in {} seconds",
                wait.as_secs().max(1)
            ))
        })
    }
}

fn lane(known: bool) -> Lane {
    if known { Lane::Known } else { Lane::Anyone }
}

/// Who signed in, and the generation of their sessions the new session belongs to.
pub struct SignedIn {
    pub identity: Identity,
    pub generation: i32,
}

impl SignedIn {
    /// Starts the session.
    fn start(&self, session: &UserSession) -> Result<(), ServiceError> {
        Ok(session.sign_in(&self.identity, self.generation)?)
    }
}

/// Checks a username and password (argon2, off the async threads; a dummy hash for unknown
/// names so that the time taken reveals nothing). Failures are counted against the address they
/// come from and against the account, which they lock a while for new devices.
pub async fn check_login(
    state: &AppState,
    attempt: &Attempt,
    username: String,
    password: String,
) -> Result<SignedIn, ServiceError> {
    let claimed = attempt.claim(state).await?;
    let username_again = username.clone();
    let account = state
        .db(move |conn| service::account(conn, &username))
        .await?;
    let now = Utc::now().naive_utc();
    let Some(account) = account else {
        // Answered as an account would be: counted, locked after as many failures, a write and
        // an argon2 check in the time.
        state.unknown_names.claim(&username_again, now)?;
        state.write(service::claim_nothing).await?;
        verify_off_thread(password, DUMMY_HASH.clone(), Lane::Anyone).await?;
        return Err(ServiceError::WrongCredentials(WRONG_LOGIN.to_string()));
    };
    let id = account.id;
    let known = attempt.knows(&staff_mark(id));
    // Counted before the check: a burst of guesses cannot all be checked inside one lock window.
    state
        .write(move |conn| service::claim_login(conn, id, now, known))
        .await?;
    if !verify_off_thread(password, account.password_hash.clone(), lane(known)).await? {
        return Err(ServiceError::WrongCredentials(WRONG_LOGIN.to_string()));
    }
    state
        .write(move |conn| service::login_succeeded(conn, id))
        .await?;
    claimed.succeeded();
    Ok(SignedIn {
        identity: Identity::Staff {
            account_id: account.id,
            username: account.username,
            role: account.role,
        },
        generation: account.session_generation,
    })
}

/// Checks the PIN of one of `candidates` (players of a tournament): the player whose PIN it is.
/// A wrong PIN counts against the address and every candidate; repeated failures lock a PIN a
/// while for new devices.
pub async fn check_pin_of(
    state: &AppState,
    attempt: &Attempt,
    tournament_id: TournamentId,
    candidates: Vec<PlayerId>,
    pin: String,
) -> Result<SignedIn, ServiceError> {
    let claimed = attempt.claim(state).await?;
    let players = state
        .db(move |conn| service::pin_candidates(conn, tournament_id, &candidates))
        .await?;
    let now = Utc::now().naive_utc();
    if players.is_empty() {
        verify_off_thread(pin, DUMMY_HASH.clone(), Lane::Anyone).await?;
        return Err(ServiceError::WrongCredentials(WRONG_PIN.to_string()));
    }
    // Each attempt is counted against a player before the PIN is checked against them; a
    // player whose PIN is locked is not tried (the other player of a game still may be).
    let mut tried: Vec<PlayerId> = Vec::new();
    for player in players {
        let id = player.id;
        let known = attempt.knows(&player_mark(id));
        if !state
            .write(move |conn| service::claim_pin(conn, id, now, known))
            .await?
        {
            continue;
        }
        if verify_off_thread(pin.clone(), player.pin_hash.clone(), lane(known)).await? {
            state
                .write(move |conn| service::pin_succeeded(conn, id, &tried))
                .await?;
            claimed.succeeded();
            return Ok(SignedIn {
                identity: Identity::Player {
                    player_id: player.id,
                    tournament_id,
                    name: player.name,
                },
                generation: player.session_generation,
            });
        }
        tried.push(id);
    }
    if tried.is_empty() {
        return Err(service::pin_locked());
    }
    Err(ServiceError::WrongCredentials(WRONG_PIN.to_string()))
}

/// Checks a player's PIN for a tournament.
pub async fn check_pin(
    state: &AppState,
    attempt: &Attempt,
    tournament_id: TournamentId,
    player_id: PlayerId,
    pin: String,
) -> Result<SignedIn, ServiceError> {
    check_pin_of(state, attempt, tournament_id, vec![player_id], pin).await
}

/// Signs out: every session of the same owner ends, copies of the cookie included.
async fn sign_out(state: &AppState, session: &UserSession) -> Result<(), ServiceError> {
    if let Ok(Some(identity)) = session.identity() {
        let owner = Owner::of(&identity);
        state
            .write(move |conn| service::end_sessions(conn, owner))
            .await?;
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

async fn login_page(session: UserSession) -> LoginPage {
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
    session: UserSession,
    form: web::Form<LoginForm>,
) -> Result<HttpResponse, PageError> {
    let form = form.into_inner();
    check_csrf(&session, &form.csrf)?;
    let attempt = Attempt::of(&req, &state, &session);
    match check_login(&state, &attempt, form.username.clone(), form.password).await {
        Ok(signed_in) => {
            signed_in.start(&session)?;
            Ok(see_other("/tournaments"))
        }
        Err(e @ (ServiceError::WrongCredentials(_) | ServiceError::TooManyAttempts(_))) => {
            let status = super::error::status(&e);
            let page = LoginPage {
                nav: Nav::with_form(&session),
                username: form.username,
                error: Some(e.to_string()),
            };
            Ok(super::pages::render(status, &page)?)
        }
        Err(e) => Err(e.into()),
    }
}

async fn logout(
    state: web::Data<AppState>,
    session: UserSession,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    check_csrf(&session, &form.csrf)?;
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
}

/// The player a sign-in link (the QR code of a PIN slip) chooses.
#[derive(Deserialize)]
struct Chosen {
    player: Option<PlayerId>,
}

fn no_choice() -> web::Query<Chosen> {
    web::Query(Chosen { player: None })
}

async fn player_sign_in_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<TournamentId>,
    chosen: web::Query<Chosen>,
) -> Result<PlayerSignInPage, PageError> {
    let tournament_id = path.into_inner();
    let (name, players) = state
        .db(move |conn| {
            let t = crate::service::tournaments::get(conn, tournament_id)?;
            let players = crate::service::players::list(conn, tournament_id)?;
            Ok((
                t.name,
                players.into_iter().map(|p| (p.id, p.name)).collect(),
            ))
        })
        .await?;
    Ok(PlayerSignInPage {
        nav: Nav::with_form(&session),
        tournament_id,
        tournament_name: name,
        players,
        selected: chosen.player.unwrap_or_default(),
        error: None,
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
    session: UserSession,
    path: web::Path<TournamentId>,
    form: web::Form<PinForm>,
) -> Result<HttpResponse, PageError> {
    let tournament_id = path.into_inner();
    let form = form.into_inner();
    check_csrf(&session, &form.csrf)?;
    let attempt = Attempt::of(&req, &state, &session);
    match check_pin(&state, &attempt, tournament_id, form.player_id, form.pin).await {
        Ok(signed_in) => {
            signed_in.start(&session)?;
            Ok(see_other(&format!("/tournaments/{tournament_id}")))
        }
        Err(e @ (ServiceError::WrongCredentials(_) | ServiceError::TooManyAttempts(_))) => {
            let status = super::error::status(&e);
            let mut page =
                player_sign_in_page(state, session, web::Path::from(tournament_id), no_choice())
                    .await?;
            page.selected = form.player_id;
            page.error = Some(e.to_string());
            Ok(super::pages::render(status, &page)?)
        }
        Err(e) => Err(e.into()),
    }
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
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
    session: UserSession,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let attempt = Attempt::of(&req, &state, &session);
    let signed_in = check_login(&state, &attempt, body.username, body.password).await?;
    signed_in.start(&session)?;
    Ok(HttpResponse::Ok().json(SessionView::from(&signed_in.identity)))
}

async fn api_session(session: UserSession) -> Result<HttpResponse, ApiError> {
    match session.identity()? {
        Some(identity) => Ok(HttpResponse::Ok().json(SessionView::from(&identity))),
        None => Err(ServiceError::Unauthenticated.into()),
    }
}

async fn api_logout(
    state: web::Data<AppState>,
    session: UserSession,
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
    session: UserSession,
    path: web::Path<(TournamentId, PlayerId)>,
    body: web::Json<PinBody>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, player_id) = path.into_inner();
    let attempt = Attempt::of(&req, &state, &session);
    let pin = body.into_inner().pin;
    let signed_in = check_pin(&state, &attempt, tournament_id, player_id, pin).await?;
    signed_in.start(&session)?;
    Ok(HttpResponse::Ok().json(SessionView::from(&signed_in.identity)))
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/session", web::post().to(api_login))
        .route("/session", web::get().to(api_session))
        .route("/session", web::delete().to(api_logout))
        .route(
            "/tournaments/{id}/players/{player}/session",
            web::post().to(api_player_sign_in),
        );
}
