//! The audit log, read in the browser by organisers (everything) and controllers (their
//! tournaments).

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::AppState;
use super::access::{self, Staff};
use super::error::{ApiError, AppError, PageError};
use super::pages::Nav;
use crate::auth::UserSession;
use crate::db::models::AuditEntry;
use crate::db::queries;

#[derive(Deserialize)]
struct Filter {
    tournament: Option<i32>,
}

/// The entries this staff member may read, newest first.
async fn entries(
    state: &AppState,
    staff: Staff,
    tournament: Option<i32>,
) -> Result<Vec<AuditEntry>, AppError> {
    state
        .db(move |conn| {
            let allowed: Option<Vec<i32>> = match tournament {
                Some(id) => {
                    staff.check_runs(conn, id)?;
                    Some(vec![id])
                }
                None if staff.is_organiser() => None,
                None => Some(queries::tournaments_controlled_by(conn, staff.account_id)?),
            };
            Ok(queries::list_audit(conn, allowed.as_deref(), 500)?)
        })
        .await
}

#[derive(Template, WebTemplate)]
#[template(path = "audit/list.html")]
struct ListPage {
    nav: Nav,
    tournament: Option<i32>,
    entries: Vec<AuditEntry>,
}

async fn list_page(
    state: web::Data<AppState>,
    session: UserSession,
    filter: web::Query<Filter>,
) -> Result<ListPage, PageError> {
    let staff = access::staff(&session)?;
    let entries = entries(&state, staff, filter.tournament).await?;
    Ok(ListPage {
        nav: Nav::new(&session),
        tournament: filter.tournament,
        entries,
    })
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/audit", web::get().to(list_page));
}

async fn api_list(
    state: web::Data<AppState>,
    session: UserSession,
    filter: web::Query<Filter>,
) -> Result<HttpResponse, ApiError> {
    let staff = access::staff(&session)?;
    Ok(HttpResponse::Ok().json(entries(&state, staff, filter.tournament).await?))
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/audit", web::get().to(api_list));
}
