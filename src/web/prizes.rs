//! A tournament's prizes: the page (public, printable) with who wins each, the organiser's form,
//! and the API.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use super::error::{ApiError, PageError};
use super::pages::{Nav, render, see_other};
use super::plumbing::access::{CheckedForm, Organiser};
use crate::service::ServiceError;
use crate::service::prizes::{self as service, PrizesView};
use crate::service::tournaments::TournamentView;
use crate::tournament::TournamentId;
use crate::tournament::money::Money;
use crate::tournament::prizes::{MAX_PRIZES, Prize, PrizeList, Ties};
use crate::tournament::said::Said;
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

/// The tournament, and its prizes as its standings after the last published round give them.
async fn prizes(
    state: &AppState,
    id: TournamentId,
) -> Result<(TournamentView, PrizesView), ServiceError> {
    state.from_standings(id, service::view).await
}

#[derive(Template, WebTemplate)]
#[template(path = "standings/prizes.html")]
struct PrizesPage {
    nav: Nav,
    t: TournamentView,
    p: PrizesView,
}

async fn page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<PrizesPage, PageError> {
    let (t, p) = prizes(&state, path.into_inner()).await?;
    Ok(PrizesPage {
        nav: Nav::new(&session),
        t,
        p,
    })
}

/// One row of the prize form, as typed.
#[derive(Clone, Debug, Default)]
struct PrizeRow {
    name: String,
    category: String,
    amount: String,
    award: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "standings/prizes_form.html")]
struct FormPage {
    nav: Nav,
    t: TournamentView,
    rows: Vec<PrizeRow>,
    categories: Vec<String>,
    currency: String,
    one_each: bool,
    ties: String,
    problems: Vec<Said>,
}

impl FormPage {
    fn new(nav: Nav, t: TournamentView, p: &PrizesView) -> FormPage {
        let mut rows: Vec<PrizeRow> = p
            .list
            .prizes
            .iter()
            .map(|prize| PrizeRow {
                name: prize.name.clone(),
                category: prize.category.clone().unwrap_or_default(),
                amount: prize.amount.map(|a| a.to_string()).unwrap_or_default(),
                award: prize.award.clone(),
            })
            .collect();
        rows.resize((rows.len() + 5).min(MAX_PRIZES), PrizeRow::default());
        FormPage {
            nav,
            t,
            rows,
            categories: p.categories.clone(),
            currency: p.list.currency.clone(),
            one_each: p.list.one_each,
            ties: p.list.ties.to_string(),
            problems: Vec::new(),
        }
    }

    /// The list the form gives, or what is wrong with it.
    fn read(&mut self, form: &HashMap<String, String>) -> Result<PrizeList, Vec<Said>> {
        let field = |name: &str| form.get(name).cloned().unwrap_or_default();
        self.rows = (0..MAX_PRIZES)
            .take_while(|i| form.contains_key(&format!("prize_{i}_name")))
            .map(|i| PrizeRow {
                name: field(&format!("prize_{i}_name")),
                category: field(&format!("prize_{i}_category")),
                amount: field(&format!("prize_{i}_amount")),
                award: field(&format!("prize_{i}_award")),
            })
            .collect();
        self.currency = field("currency");
        self.one_each = form.contains_key("one_each");
        self.ties = field("ties");
        let mut problems = Vec::new();
        let ties: Ties = self.ties.parse().unwrap_or_else(|_| {
            problems.push(crate::said!("ties-not-way-settle-ties", ties = &self.ties));
            Ties::default()
        });
        let mut prizes = Vec::new();
        for row in self.rows.iter().filter(|r| !r.name.trim().is_empty()) {
            let amount = match row.amount.trim() {
                "" => None,
                a => match Money::parse(a) {
                    Ok(a) => Some(a),
                    Err(_) => {
                        problems.push(crate::said!("not-amount", name = row.name.trim(), a));
                        None
                    }
                },
            };
            prizes.push(Prize {
                name: row.name.trim().to_string(),
                category: Some(row.category.clone()).filter(|c| !c.is_empty()),
                amount,
                award: row.award.trim().to_string(),
            });
        }
        let list = PrizeList {
            prizes,
            one_each: self.one_each,
            ties,
            currency: self.currency.trim().to_string(),
        };
        problems.extend(list.problems(&self.categories));
        if problems.is_empty() {
            Ok(list)
        } else {
            Err(problems)
        }
    }
}

async fn edit_page(
    _: Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<FormPage, PageError> {
    let (t, p) = prizes(&state, path.into_inner()).await?;
    Ok(FormPage::new(Nav::new(&session), t, &p))
}

async fn save(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let (t, p) = prizes(&state, id).await?;
    let mut page = FormPage::new(Nav::new(&session), t, &p);
    let list = match page.read(&form) {
        Ok(list) => list,
        Err(problems) => {
            page.problems = problems;
            return Ok(render(
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                &page,
            )?);
        }
    };
    state
        .write(move |conn| service::set(conn, &actor, id, &list))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/prizes")))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/prizes", web::get().to(page))
        .route("/tournaments/{id}/prizes", web::post().to(save))
        .route("/tournaments/{id}/prizes/edit", web::get().to(edit_page));
}

async fn api_get(
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let (_, p) = prizes(&state, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(p))
}

async fn api_set(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<PrizeList>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let list = body.into_inner();
    state
        .write(move |conn| service::set(conn, &actor, id, &list))
        .await?;
    let (_, p) = prizes(&state, id).await?;
    Ok(HttpResponse::Ok().json(p))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/prizes", web::get().to(api_get))
        .route("/tournaments/{id}/prizes", web::put().to(api_set));
}
