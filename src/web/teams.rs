//! Team standings: the page (public, printable, with the organiser's settings form), the CSV
//! and the API.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use super::error::{ApiError, PageError};
use super::pages::{Nav, render, see_other};
use super::plumbing::access::{self, CheckedForm, Organiser, Runs};
use crate::service::ServiceError;
use crate::service::standings::value_text;
use crate::service::teams::{self as service, TeamsView};
use crate::service::tournaments::TournamentView;
use crate::tournament::TournamentId;
use crate::tournament::teams::{TeamSettings, TeamsBy};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

/// The tournament, and its teams as its standings after the last published round give them.
async fn teams(
    state: &AppState,
    id: TournamentId,
) -> Result<(TournamentView, TeamsView), ServiceError> {
    state.from_standings(id, service::view).await
}

#[derive(Template, WebTemplate)]
#[template(path = "standings/teams.html")]
struct TeamsPage {
    nav: Nav,
    t: TournamentView,
    v: TeamsView,
    problems: Vec<String>,
    /// For the organiser's lists: each player's id, name and listed team.
    players: Vec<(i32, String, String)>,
}

/// Each player with the team the settings list them in (the organiser's form).
async fn players(
    state: &AppState,
    session: &Visitor,
    id: TournamentId,
    settings: &TeamSettings,
) -> Result<Vec<(i32, String, String)>, ServiceError> {
    if access::organiser(session).is_err() {
        return Ok(Vec::new());
    }
    let players = state
        .db(move |conn| crate::service::players::list(conn, id))
        .await?;
    Ok(players
        .into_iter()
        .map(|p| {
            let team = settings.team_of(p.id.get()).unwrap_or_default().to_string();
            (p.id.get(), p.name, team)
        })
        .collect())
}

impl TeamsPage {
    fn value(&self, v: &f64) -> String {
        crate::wording::words::value(self.nav.lang, *v)
    }
}

async fn page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<TeamsPage, PageError> {
    let id = path.into_inner();
    let (t, v) = teams(&state, id).await?;
    let players = players(&state, &session, id, &v.settings).await?;
    Ok(TeamsPage {
        nav: Nav::new(&session),
        t,
        v,
        problems: Vec::new(),
        players,
    })
}

/// The settings form: how teams are made (`by`), the members counted (`best`), women and men
/// apart (`genders_apart`), and for listed teams each player's team (`team_ID`).
async fn save(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let (t, v) = teams(&state, id).await?;
    let mut problems = Vec::new();
    let by: TeamsBy = form
        .get("by")
        .and_then(|b| b.parse().ok())
        .unwrap_or_else(|| {
            problems.push(crate::said!("choose-how-teams-made"));
            TeamsBy::None
        });
    let best = match form.get("best").map(|b| b.trim()).unwrap_or("") {
        "" => None,
        n => n.parse::<usize>().ok().or_else(|| {
            problems.push(crate::said!("members-counted-not-whole-number", n));
            None
        }),
    };
    let settings = TeamSettings {
        by,
        best,
        genders_apart: form.contains_key("genders_apart"),
        lists: if by == TeamsBy::List {
            let mut names: Vec<(i32, String)> = form
                .iter()
                .filter_map(|(k, name)| {
                    Some((k.strip_prefix("team_")?.parse().ok()?, name.clone()))
                })
                .collect();
            names.sort_by_key(|(player, _)| *player);
            crate::tournament::teams::lists_from_names(&names)
        } else {
            Vec::new()
        },
    };
    let result = if problems.is_empty() {
        state
            .write(move |conn| service::set(conn, &actor, id, &settings))
            .await
    } else {
        Err(ServiceError::Invalid(crate::tournament::said::Said::all(
            problems,
        )))
    };
    match result {
        Ok(_) => Ok(see_other(&format!("/tournaments/{id}/teams"))),
        Err(ServiceError::Invalid(problems)) => {
            let players = players(&state, &session, id, &v.settings).await?;
            let page = TeamsPage {
                nav: Nav::new(&session),
                t,
                v,
                problems: vec![crate::wording::refusals::said(session.lang, &problems)],
                players,
            };
            Ok(render(
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                &page,
            )?)
        }
        Err(e) => Err(e.into()),
    }
}

/// The team standings as CSV (staff who run the tournament): one row per member.
async fn csv(
    _: Runs,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let (_, v) = teams(&state, id).await?;
    let rows = v.teams.iter().flat_map(|team| {
        team.members.iter().map(move |m| {
            [
                team.rank.to_string(),
                team.name.clone(),
                team.gender.map(|g| g.to_string()).unwrap_or_default(),
                value_text(team.points),
                value_text(team.all_points),
                m.name.clone(),
                value_text(m.points),
                m.rank.to_string(),
                m.counted.to_string(),
            ]
        })
    });
    Ok(super::csv_export::download(
        session.lang,
        &format!("tournament-{id}-teams-after-round-{}.csv", v.after_round),
        &[
            "rank",
            "team",
            "gender",
            "points",
            "all_points",
            "member",
            "member_points",
            "member_rank",
            "counted",
        ],
        rows,
    )?)
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/teams", web::get().to(page))
        .route("/tournaments/{id}/teams", web::post().to(save))
        .route("/tournaments/{id}/teams.csv", web::get().to(csv));
}

async fn api_get(
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let (_, v) = teams(&state, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(v))
}

async fn api_set(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<TeamSettings>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let settings = body.into_inner();
    state
        .write(move |conn| service::set(conn, &actor, id, &settings))
        .await?;
    let (_, v) = teams(&state, id).await?;
    Ok(HttpResponse::Ok().json(v))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/teams", web::get().to(api_get))
        .route("/tournaments/{id}/teams", web::put().to(api_set));
}
