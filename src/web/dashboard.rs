//! The staff's live dashboard (`/tournaments/{id}/dashboard`): the round's boards by state and
//! the alerts, updating themselves through server-sent events, on a phone as on a laptop. Its
//! content is drawn once per change for every staff device that follows it (it holds no form),
//! and again every quiet 15 seconds, for the alert of a round past its planned end.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use bytes::Bytes;

use super::AppState;
use super::access;
use super::error::{ApiError, PageError};
use super::feeds::{Feeds, Source};
use super::pages::Nav;
use crate::auth::UserSession;
use crate::service::ServiceError;
use crate::service::dashboard::{self as service, Dashboard};
use crate::tournament::TournamentId;
use crate::tournament::alerts::{Alert, Next};

/// The dashboard of a tournament, as its streams follow it.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub struct Panel(pub TournamentId);

impl Source for Panel {
    type Drawn = Bytes;
    const CLOCKED: bool = true;

    fn feeds(state: &AppState) -> &Feeds<Self> {
        &state.panels
    }

    async fn draw(self, state: &AppState) -> Result<Bytes, ServiceError> {
        let id = self.0;
        let d = state.db(move |conn| service::read(conn, id)).await?;
        Ok(super::feeds::event(&Content::new(d).render()?))
    }
}

/// An alert as the dashboard says it: its words, and where the controller deals with it.
pub struct AlertLine {
    /// `dispute`, `refused`, `overdue` or `all-in`: the style of the line.
    pub kind: &'static str,
    pub text: String,
    pub links: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "live/dashboard_content.html")]
struct Content {
    d: Dashboard,
    alerts: Vec<AlertLine>,
}

impl Content {
    fn new(d: Dashboard) -> Content {
        let alerts = d.alerts.iter().map(|a| line(&d, a)).collect();
        Content { d, alerts }
    }
}

/// The words and links of an alert.
fn line(d: &Dashboard, alert: &Alert) -> AlertLine {
    let t = d.tournament_id;
    let game = |id| format!("/games/{id}");
    match alert {
        Alert::Disputed { game: id, board } => AlertLine {
            kind: "dispute",
            text: format!("Board {board}: the two players' sheets differ. Decide the result."),
            links: vec![(game(id), format!("Board {board}'s game"))],
        },
        Alert::Refused {
            game: id,
            board,
            times,
        } => {
            let why = d
                .boards
                .iter()
                .find(|b| b.game == *id)
                .and_then(|b| b.last_refusal.as_deref())
                .unwrap_or_default()
                .trim_end_matches('.');
            AlertLine {
                kind: "refused",
                text: format!(
                    "Board {board}: {times} score sheets refused, the last because {why}. The players may need help with the move list."
                ),
                links: vec![(game(id), format!("Board {board}'s game"))],
            }
        }
        Alert::Overdue { games } => AlertLine {
            kind: "overdue",
            text: format!(
                "Past the round's planned end, {} still without a result: adjudicate or wait for the sheets.",
                match games.len() {
                    1 => "one game".to_string(),
                    n => format!("{n} games"),
                }
            ),
            links: games
                .iter()
                .map(|(id, board)| (format!("/games/{id}/adjudicate"), format!("Board {board}")))
                .collect(),
        },
        Alert::HubRefused { problem } => AlertLine {
            kind: "hub",
            text: format!(
                "Publishing: {}. The hub keeps what it had until a push it accepts.",
                problem.trim_end_matches('.')
            ),
            links: vec![(
                format!("/tournaments/{t}/publish"),
                "Publishing".to_string(),
            )],
        },
        Alert::AllIn { round, next } => {
            let (text, link) = match next {
                Next::Pair(n) => (
                    format!("All results of round {round} are in: pair round {n}."),
                    (
                        format!("/tournaments/{t}/rounds"),
                        format!("Pair round {n}"),
                    ),
                ),
                Next::Publish(n) => (
                    format!(
                        "All results of round {round} are in. Round {n} is paired: publish it."
                    ),
                    (format!("/tournaments/{t}/rounds/{n}"), format!("Round {n}")),
                ),
                Next::Over => (
                    format!("All results of round {round}, the last, are in."),
                    (
                        format!("/tournaments/{t}/standings"),
                        "Final standings".to_string(),
                    ),
                ),
            };
            AlertLine {
                kind: "all-in",
                text,
                links: vec![link],
            }
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "live/dashboard.html")]
struct Page {
    nav: Nav,
    name: String,
    tournament_id: TournamentId,
    content: String,
}

async fn page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<TournamentId>,
) -> Result<Page, PageError> {
    let id = path.into_inner();
    let actor = access::actor(&session);
    let d = state.db(move |conn| service::get(conn, &actor, id)).await?;
    Ok(Page {
        nav: Nav::new(&session),
        name: d.name.clone(),
        tournament_id: id,
        content: Content::new(d).render().map_err(ServiceError::from)?,
    })
}

async fn events(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let actor = access::actor(&session);
    state
        .db(move |conn| actor.check_runs(conn, id).map(|_| ()))
        .await?;
    super::feeds::stream(&req, &state, Panel(id), |drawn: &Bytes| Some(drawn.clone())).await
}

async fn api_get(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let actor = access::actor(&session);
    let d = state.db(move |conn| service::get(conn, &actor, id)).await?;
    Ok(HttpResponse::Ok().json(d))
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/dashboard", web::get().to(page))
        .route("/tournaments/{id}/dashboard/events", web::get().to(events));
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/dashboard", web::get().to(api_get));
}
