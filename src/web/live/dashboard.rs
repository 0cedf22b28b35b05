//! The staff's live dashboard (`/tournaments/{id}/dashboard`): the round's boards by state and
//! the alerts, updating themselves through server-sent events, on a phone as on a laptop. Its
//! content is drawn once per change for every staff device that follows it (it holds no form),
//! and again every quiet 15 seconds, for the alert of a round past its planned end.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use bytes::Bytes;

use crate::locale::Lang;
use crate::service::dashboard::{self as service, Dashboard};
use crate::service::{ServiceError, Subject};
use crate::tournament::alerts::{Alert, Next};
use crate::tournament::{GameId, TournamentId};
use crate::web::error::{ApiError, PageError};
use crate::web::language::Visitor;
use crate::web::live::feeds::Source;
use crate::web::pages::Nav;
use crate::web::plumbing::access::{Anyone, Runs};
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

/// The dashboard of a tournament, as its streams follow it.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub struct Panel(pub TournamentId, pub Lang);

impl Source for Panel {
    type Drawn = Bytes;
    const CLOCKED: bool = true;

    fn subject(self) -> Subject {
        Subject::Tournament(self.0)
    }

    async fn draw(self, state: &AppState) -> Result<Bytes, ServiceError> {
        let (id, lang) = (self.0, self.1);
        let d = state.db(move |conn| service::read(conn, id)).await?;
        Ok(crate::web::live::feeds::event(
            &Content::new(d, lang).render()?,
        ))
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
    lang: Lang,
}

impl Content {
    /// How many boards are in each state, in the order of the states: `3 confirmed`,
    /// `3 confirmées` (the number agreeing with its word).
    fn counts(&self) -> Vec<String> {
        self.d
            .counts
            .iter()
            .map(|(s, n)| {
                self.lang
                    .t2("state-count", "count", *n, "state", s.to_string())
            })
            .collect()
    }

    /// What calls for the staff in the SMS: messages waiting, not delivered, kept back by the cap.
    fn sms_problems(&self) -> Vec<String> {
        let Some(s) = &self.d.sms else {
            return Vec::new();
        };
        [
            ("sms-summary-waiting", s.waiting),
            ("sms-summary-failed", s.failed),
            ("sms-summary-capped", s.capped),
        ]
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(key, n)| self.lang.t1(key, "count", n))
        .collect()
    }

    fn sms_text(&self, m: &crate::service::sms::MessageRow) -> String {
        crate::web::sms::text_of(self.lang, m)
    }

    fn sms_kind(&self, m: &crate::service::sms::MessageRow) -> String {
        crate::web::sms::kind_of(self.lang, m)
    }

    fn sms_state(&self, m: &crate::service::sms::MessageRow) -> String {
        crate::web::sms::state_of(self.lang, m)
    }

    fn new(d: Dashboard, lang: Lang) -> Content {
        let alerts = d.alerts.iter().map(|a| line(&d, a, lang)).collect();
        Content { d, alerts, lang }
    }
}

/// The games an overdue alert links to, the rest being in the boards' table below it.
const OVERDUE_LINKS: usize = 8;

/// The words and links of an alert, in `lang`.
fn line(d: &Dashboard, alert: &Alert, lang: Lang) -> AlertLine {
    let t = d.tournament_id;
    let game = |id| format!("/games/{id}");
    // "Board 5's game", or of a match "Board 5, game 2 of 2".
    let board_link = |id: &GameId, board: &i32| {
        let in_match = d
            .boards
            .iter()
            .find(|b| b.game == *id)
            .map_or((1, 0), |b| b.in_match);
        if in_match.1 > 0 {
            lang.t2(
                "alert-board-match-game",
                "board",
                *board,
                "game",
                crate::wording::outcomes::match_label(lang, in_match),
            )
        } else {
            lang.t1("alert-board-game", "board", *board)
        }
    };
    match alert {
        Alert::Disputed { game: id, board } => AlertLine {
            kind: "dispute",
            text: lang.t1("alert-disputed", "board", *board),
            links: vec![(game(id), board_link(id, board))],
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
                .and_then(|b| b.last_refusal.as_ref())
                .map(|why| crate::wording::refusals::kept(lang, why))
                .unwrap_or_default();
            let why = why.trim_end_matches('.');
            AlertLine {
                kind: "refused",
                text: lang.t_with(
                    "alert-refused",
                    &[
                        ("board", (*board).into()),
                        ("times", (*times).into()),
                        ("why", why.into()),
                    ],
                ),
                links: vec![(game(id), board_link(id, board))],
            }
        }
        Alert::Overdue { games } => {
            // Each game by its board and, in a match, which game it is; a round of many such
            // games lists the first few and sends to the boards' table for the rest.
            let mut links: Vec<(String, String)> = games
                .iter()
                .take(OVERDUE_LINKS)
                .map(|(id, board)| (format!("/games/{id}/adjudicate"), board_link(id, board)))
                .collect();
            if games.len() > OVERDUE_LINKS {
                links.push((
                    "#dashboard-boards".to_string(),
                    lang.t1("alert-overdue-more", "count", games.len() - OVERDUE_LINKS),
                ));
            }
            AlertLine {
                kind: "overdue",
                text: lang.t1("alert-overdue", "count", games.len()),
                links,
            }
        }
        Alert::HubRefused { problem } => AlertLine {
            kind: "hub",
            text: lang.t1(
                "alert-hub",
                "problem",
                crate::wording::refusals::kept(lang, problem).trim_end_matches('.'),
            ),
            links: vec![(
                format!("/tournaments/{t}/publish"),
                lang.t("alert-publishing"),
            )],
        },
        Alert::AllIn { round, next } => {
            let (text, link) = match next {
                Next::Pair(n) => (
                    lang.t2("alert-all-in-pair", "round", *round, "next", *n),
                    (
                        format!("/tournaments/{t}/rounds"),
                        lang.t1("roll-call-pair", "number", *n),
                    ),
                ),
                Next::Publish(n) => (
                    lang.t2("alert-all-in-publish", "round", *round, "next", *n),
                    (
                        format!("/tournaments/{t}/rounds/{n}"),
                        lang.t1("round-title", "number", *n),
                    ),
                ),
                Next::Over => (
                    lang.t1("alert-all-in-over", "round", *round),
                    (
                        format!("/tournaments/{t}/standings"),
                        lang.t("alert-final-standings"),
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
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<Page, PageError> {
    let id = path.into_inner();
    let d = state.db(move |conn| service::get(conn, &actor, id)).await?;
    Ok(Page {
        nav: Nav::new(&session),
        name: d.name.clone(),
        tournament_id: id,
        content: Content::new(d, session.lang)
            .render()
            .map_err(ServiceError::from)?,
    })
}

async fn events(
    _: Runs,
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let panel = Panel(id, session.lang);
    let still = crate::web::plumbing::sessions::still(&state, &session.session, Some(id));
    crate::web::live::feeds::stream(
        &req,
        &state,
        panel,
        |drawn: &Bytes| Some(drawn.clone()),
        still,
    )
    .await
}

/// The dashboard as the API gives it: its times, states and results in the reader's words.
#[derive(serde::Serialize)]
struct DashboardJson<'a> {
    #[serde(flatten)]
    d: &'a service::Dashboard,
    times: String,
    boards: Vec<BoardJson<'a>>,
    counts: Vec<(String, usize)>,
    alerts: Vec<AlertJson<'a>>,
}

/// An alert as the API gives it: its facts, and a hub's problem in the reader's words.
#[derive(serde::Serialize)]
struct AlertJson<'a> {
    #[serde(flatten)]
    alert: &'a Alert,
    #[serde(skip_serializing_if = "Option::is_none")]
    problem: Option<String>,
}

#[derive(serde::Serialize)]
struct BoardJson<'a> {
    #[serde(flatten)]
    b: &'a service::BoardLine,
    /// "game 2 of 3" in a match; empty for single games.
    match_label: String,
    /// The state in a word: playing, sheet in, confirmed, disputed, final.
    state: String,
    /// The result as the pairings show it, once there is one.
    result: String,
    /// Why the game's last sheet was refused, in the reader's words.
    last_refusal: Option<String>,
}

impl<'a> DashboardJson<'a> {
    fn new(lang: Lang, d: &'a service::Dashboard) -> DashboardJson<'a> {
        let times = if d.round_times.is_empty() {
            String::new()
        } else {
            crate::wording::words::round_times(lang, &d.round_times)
        };
        DashboardJson {
            d,
            times,
            boards: d
                .boards
                .iter()
                .map(|b| BoardJson {
                    b,
                    match_label: crate::wording::outcomes::match_label(lang, b.in_match),
                    state: crate::wording::words::state(lang, &b.status),
                    result: crate::wording::outcomes::outcome(lang, &b.outcome),
                    last_refusal: b
                        .last_refusal
                        .as_ref()
                        .map(|why| crate::wording::refusals::kept(lang, why)),
                })
                .collect(),
            alerts: d
                .alerts
                .iter()
                .map(|alert| AlertJson {
                    alert,
                    problem: match alert {
                        Alert::HubRefused { problem } => {
                            Some(crate::wording::refusals::kept(lang, problem))
                        }
                        _ => None,
                    },
                })
                .collect(),
            counts: d
                .counts
                .iter()
                .map(|(s, n)| (crate::wording::words::state(lang, s), *n))
                .collect(),
        }
    }
}

async fn api_get(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let d = state.db(move |conn| service::get(conn, &actor, id)).await?;
    Ok(HttpResponse::Ok().json(DashboardJson::new(session.lang, &d)))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/dashboard", web::get().to(page))
        .route("/tournaments/{id}/dashboard/events", web::get().to(events));
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/dashboard", web::get().to(api_get));
}
