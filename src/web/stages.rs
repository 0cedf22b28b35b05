//! An event of stages: who qualifies from the stage before, confirmed or adjusted by the staff
//! (the page and the API).

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::{Nav, see_other};
use super::plumbing::access::{CheckedForm, Organiser, Staff};
use crate::service::ServiceError;
use crate::service::stages::{self as service, Proposal, QualifyInput};
use crate::service::tournaments::{self, TournamentView};
use crate::tournament::{PlayerId, TournamentId};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(PlayoffForm);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProposalQuery {
    from: Option<TournamentId>,
    top: Option<usize>,
    seed: Option<u64>,
}

async fn api_proposal(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    query: web::Query<ProposalQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let (Some(from), Some(top)) = (query.from, query.top) else {
        return Err(ServiceError::Invalid(crate::said!("give-tournament-top-how-many")).into());
    };
    let seed = query.seed.unwrap_or_else(service::new_seed);
    let p = state
        .db(move |conn| service::proposal(conn, &actor, id, from, top, seed))
        .await?;
    Ok(HttpResponse::Ok().json(p))
}

async fn api_qualify(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<QualifyInput>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let input = body.into_inner();
    let q = state
        .write(move |conn| service::qualify(conn, &actor, id, &input))
        .await?;
    Ok(HttpResponse::Created().json(q))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayoffBody {
    place: usize,
}

async fn api_playoff(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<PlayoffBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let place = body.place;
    let t = state
        .write(move |conn| service::create_playoff(conn, &actor, id, place))
        .await?;
    Ok(HttpResponse::Created().json(t))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/qualify", web::get().to(api_proposal))
        .route("/tournaments/{id}/qualify", web::post().to(api_qualify))
        .route("/tournaments/{id}/playoffs", web::post().to(api_playoff));
}

#[derive(Deserialize)]
struct PlayoffForm {
    place: String,
    csrf: String,
}

async fn playoff(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<PlayoffForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let place: usize = form.place.trim().parse().map_err(|_| {
        ServiceError::Invalid(crate::said!("place-not-place", place = form.place.clone()))
    })?;
    let t = state
        .write(move |conn| service::create_playoff(conn, &actor, id, place))
        .await?;
    Ok(see_other(&format!("/tournaments/{}", t.id)))
}

#[derive(Template, WebTemplate)]
#[template(path = "tournaments/qualify.html")]
struct QualifyPage {
    nav: Nav,
    t: TournamentView,
    /// The other tournaments, to qualify from.
    sources: Vec<(TournamentId, String)>,
    from: Option<TournamentId>,
    top: usize,
    proposal: Option<Proposal>,
}

async fn page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    query: web::Query<ProposalQuery>,
) -> Result<QualifyPage, PageError> {
    let id = path.into_inner();
    let query = query.into_inner();
    let seed = query.seed.unwrap_or_else(service::new_seed);
    let (t, sources, proposal) = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let sources = tournaments::list(conn)?
                .into_iter()
                .filter(|s| s.id != id)
                .map(|s| (s.id, s.settings.name))
                .collect::<Vec<_>>();
            let proposal = match (query.from, query.top) {
                (Some(from), Some(top)) => {
                    Some(service::proposal(conn, &actor, id, from, top, seed)?)
                }
                _ => None,
            };
            Ok((t, sources, proposal))
        })
        .await?;
    Ok(QualifyPage {
        nav: Nav::new(&session),
        t,
        sources,
        from: query.from,
        top: query.top.unwrap_or(4),
        proposal,
    })
}

/// The confirmation: `from`, `top`, `seed`, `reason`, and `player_{id}` for each player ticked.
async fn confirm(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let number = |name: &str| -> Result<u64, ServiceError> {
        form.get(name)
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| ServiceError::Invalid(crate::said!("whole-number", name)))
    };
    let players: Vec<PlayerId> = form
        .keys()
        .filter_map(|k| k.strip_prefix("player_")?.parse().ok().map(PlayerId))
        .collect();
    let input = QualifyInput {
        from: TournamentId(i32::try_from(number("from")?).unwrap_or(0)),
        top: usize::try_from(number("top")?).unwrap_or(0),
        seed: Some(number("seed")?),
        players: Some(players),
        reason: form.get("reason").cloned(),
    };
    state
        .write(move |conn| service::qualify(conn, &actor, id, &input))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}")))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/qualify", web::get().to(page))
        .route("/tournaments/{id}/qualify", web::post().to(confirm))
        .route("/tournaments/{id}/playoffs", web::post().to(playoff));
}
