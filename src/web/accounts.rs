//! Staff accounts, managed by organisers.

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::{Deserialize, Serialize};

use super::AppState;
use super::access;
use super::actions;
use super::error::{ApiError, AppError, PageError};
use super::pages::{Nav, check_csrf};
use crate::auth::{Role, UserSession, generate_password, hash_secret};
use crate::db::queries;

#[derive(Clone, Debug, Serialize)]
pub struct AccountView {
    pub id: i32,
    pub username: String,
    pub role: String,
}

/// A username: 1 to 50 letters, digits, `.`, `_` or `-`.
pub fn valid_username(name: &str) -> Result<&str, AppError> {
    let name = name.trim();
    if name.is_empty()
        || name.len() > 50
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-_".contains(c))
    {
        return Err(AppError::Invalid(
            "username: 1 to 50 letters, digits, '.', '_' or '-'".to_string(),
        ));
    }
    Ok(name)
}

/// Creates an account; with no password given, one is generated and returned (shown once).
async fn create_account(
    state: &AppState,
    actor: String,
    username: &str,
    role: &str,
    password: Option<String>,
) -> Result<(AccountView, Option<String>), AppError> {
    let username = valid_username(username)?.to_string();
    let role = Role::parse(role.trim())
        .ok_or_else(|| AppError::Invalid("role: organiser or controller".to_string()))?;
    let (password, generated) = match password.filter(|p| !p.is_empty()) {
        Some(p) if p.chars().count() < 8 => {
            return Err(AppError::Invalid(
                "password: at least 8 characters".to_string(),
            ));
        }
        Some(p) => (p, false),
        None => (generate_password(), true),
    };
    let hash = web::block({
        let password = password.clone();
        move || hash_secret(&password)
    })
    .await?;
    let account = state
        .write(move |conn| actions::create_account(conn, &actor, &username, &hash, role))
        .await?;
    Ok((
        AccountView {
            id: account.id,
            username: account.username,
            role: account.role,
        },
        generated.then_some(password),
    ))
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/list.html")]
struct ListPage {
    nav: Nav,
    accounts: Vec<AccountView>,
    created: Option<(String, Option<String>)>,
    problem: Option<String>,
}

async fn list(state: &AppState) -> Result<Vec<AccountView>, AppError> {
    state
        .db(|conn| {
            Ok(queries::list_accounts(conn)?
                .into_iter()
                .map(|a| AccountView {
                    id: a.id,
                    username: a.username,
                    role: a.role,
                })
                .collect())
        })
        .await
}

async fn list_page(
    state: web::Data<AppState>,
    session: UserSession,
) -> Result<ListPage, PageError> {
    access::organiser(&session)?;
    Ok(ListPage {
        nav: Nav::new(&session),
        accounts: list(&state).await?,
        created: None,
        problem: None,
    })
}

#[derive(Deserialize)]
struct AccountForm {
    username: String,
    role: String,
    password: String,
    csrf: String,
}

async fn create(
    state: web::Data<AppState>,
    session: UserSession,
    form: web::Form<AccountForm>,
) -> Result<HttpResponse, PageError> {
    let staff = access::organiser(&session)?;
    check_csrf(&session, &form.csrf)?;
    let form = form.into_inner();
    let result = create_account(
        &state,
        staff.actor(),
        &form.username,
        &form.role,
        Some(form.password),
    )
    .await;
    let (status, created, problem) = match result {
        Ok((account, password)) => (
            actix_web::http::StatusCode::CREATED,
            Some((account.username, password)),
            None,
        ),
        Err(e @ (AppError::Invalid(_) | AppError::Conflict(_))) => {
            (e.status(), None, Some(e.to_string()))
        }
        Err(e) => return Err(e.into()),
    };
    let page = ListPage {
        nav: Nav::new(&session),
        accounts: list(&state).await?,
        created,
        problem,
    };
    Ok(super::pages::render(status, &page)?)
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/accounts", web::get().to(list_page))
        .route("/accounts", web::post().to(create));
}

async fn api_list(
    state: web::Data<AppState>,
    session: UserSession,
) -> Result<HttpResponse, ApiError> {
    access::organiser(&session)?;
    Ok(HttpResponse::Ok().json(list(&state).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AccountBody {
    username: String,
    role: String,
    password: Option<String>,
}

#[derive(Serialize)]
struct CreatedAccount {
    #[serde(flatten)]
    account: AccountView,
    #[serde(skip_serializing_if = "Option::is_none")]
    password: Option<String>,
}

async fn api_create(
    state: web::Data<AppState>,
    session: UserSession,
    body: web::Json<AccountBody>,
) -> Result<HttpResponse, ApiError> {
    let staff = access::organiser(&session)?;
    let body = body.into_inner();
    let (account, password) = create_account(
        &state,
        staff.actor(),
        &body.username,
        &body.role,
        body.password,
    )
    .await?;
    Ok(HttpResponse::Created().json(CreatedAccount { account, password }))
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/accounts", web::get().to(api_list))
        .route("/accounts", web::post().to(api_create));
}
