//! Staff accounts, managed by organisers.

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::{Deserialize, Serialize};

use super::error::{ApiError, PageError};
use super::pages::Nav;
use super::plumbing::access::{CheckedForm, Organiser};
use crate::auth::hash_secret;
use crate::service::accounts::{self as service, AccountView, NewAccountRequest};
use crate::service::{Actor, ServiceError};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(AccountForm);

/// Creates an account; with no password given, one is generated and returned (shown once).
async fn create_account(
    state: &AppState,
    actor: Actor,
    username: &str,
    role: &str,
    password: Option<String>,
) -> Result<(AccountView, Option<String>), ServiceError> {
    let request = NewAccountRequest::parse(username, role, password)?;
    let hash = web::block({
        let password = request.password.clone();
        move || hash_secret(&password)
    })
    .await?;
    let (username, role) = (request.username, request.role);
    let account = state
        .write(move |conn| service::create(conn, &actor, &username, &hash, role))
        .await?;
    Ok((account, request.generated.then_some(request.password)))
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/list.html")]
struct ListPage {
    nav: Nav,
    accounts: Vec<AccountView>,
    created: Option<(String, Option<String>)>,
    problem: Option<String>,
    /// What was typed in the form, kept after a refusal (never the password).
    typed: (String, String),
}

async fn list(state: &AppState, actor: Actor) -> Result<Vec<AccountView>, ServiceError> {
    state.db(move |conn| service::list(conn, &actor)).await
}

async fn list_page(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
) -> Result<ListPage, PageError> {
    Ok(ListPage {
        nav: Nav::new(&session),
        accounts: list(&state, actor).await?,
        created: None,
        problem: None,
        typed: (String::new(), "controller".to_string()),
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
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<AccountForm>,
) -> Result<HttpResponse, PageError> {
    let typed = (form.username.clone(), form.role.clone());
    let result = create_account(
        &state,
        actor.clone(),
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
        Err(e @ (ServiceError::Invalid(_) | ServiceError::Conflict(_))) => (
            super::error::service_status(&e),
            None,
            Some(crate::wording::refusals::failure(session.lang, &e)),
        ),
        Err(e) => return Err(e.into()),
    };
    let typed = if problem.is_some() {
        typed
    } else {
        (String::new(), "controller".to_string())
    };
    let page = ListPage {
        nav: Nav::new(&session),
        accounts: list(&state, actor).await?,
        created,
        problem,
        typed,
    };
    Ok(super::pages::render(status, &page)?)
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/accounts", web::get().to(list_page))
        .route("/accounts", web::post().to(create));
}

async fn api_list(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(list(&state, actor).await?))
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
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    body: web::Json<AccountBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let (account, password) =
        create_account(&state, actor, &body.username, &body.role, body.password).await?;
    Ok(HttpResponse::Created().json(CreatedAccount { account, password }))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/accounts", web::get().to(api_list))
        .route("/accounts", web::post().to(api_create));
}
