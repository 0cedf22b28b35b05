//! The projector view of a tournament, or of every section of an event one after another: the
//! current round's pairings by board and by name, the results as they come in and the
//! standings, in large type. Its content comes again as a server-sent event after every change,
//! drawn once for all the streams of the wall ([`crate::web::live::feeds`]); without JavaScript the page
//! reloads itself every 30 seconds, and so does a page whose stream was refused because the
//! streams' budget is spent: a crowd on the live view never takes the connections that serve
//! players and staff.

use crate::web::plumbing::access::Staff;
use crate::web::plumbing::routes::Routes;
use std::collections::HashMap;
use std::sync::Arc;

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use bytes::Bytes;

use crate::locale::Lang;
use crate::service::brackets::BracketView;
use crate::service::round_views::RoundView;
use crate::service::standings::{Report, rank_text};
use crate::service::{Actor, ServiceError};
use crate::tournament::{EventId, TournamentId};
use crate::web::error::PageError;
use crate::web::language::Visitor;
use crate::web::pages::Nav;
use crate::web::state::AppState;

/// What a wall shows: a tournament's, or every section's of an event, one after another.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum Wall {
    Tournament(TournamentId, Lang),
    Event(EventId, Lang),
}

/// What the wall shows of a tournament: the standings report and the last published round.
#[derive(Template)]
#[template(path = "live/content.html")]
struct Content {
    d: Arc<Report>,
    round: Option<RoundView>,
    /// The team standings, when the tournament has teams.
    teams: Vec<crate::tournament::teams::TeamStanding>,
    /// The staff's notice to everyone.
    notice: Option<crate::service::notices::Notice>,
    /// Shown as a section of an event's wall: its name heads each part, and the parts' ids
    /// carry the tournament's.
    section: bool,
    /// A knockout's bracket, a page of the wall of its own.
    bracket: Option<BracketView>,
    /// The players' ratings, when the tournament shows them on the wall.
    ratings: Option<HashMap<i32, i32>>,
    lang: Lang,
}

/// One board of the round on the wall, on one line: its game now (of a match, the first whose
/// result is not in), the match's score so far.
struct BoardRow {
    board: String,
    /// "game 1 of 2"; empty for a single game.
    game: String,
    south: String,
    north: String,
    /// The players' ratings, when shown ("" for a player without one).
    south_rating: String,
    north_rating: String,
    /// The game's result, or empty while it is played.
    result: String,
    /// The match's score so far; empty for a single game.
    score: String,
    bye: bool,
}

/// An event's wall: each section's content in turn.
#[derive(Template)]
#[template(path = "live/event.html")]
struct EventContent {
    name: String,
    sections: Vec<String>,
    lang: Lang,
}

impl Content {
    /// The id of a part of the wall, unique on an event's wall too.
    fn id(&self, base: &str) -> String {
        if self.section {
            format!("{base}-{}", self.d.t.id)
        } else {
            base.to_string()
        }
    }

    /// What a part's heading starts with: the section's name on an event's wall.
    fn prefix(&self) -> String {
        if self.section {
            format!("{}: ", self.d.t.name)
        } else {
            String::new()
        }
    }

    /// Whether the round's games are being played: some result is not in yet. The standings
    /// (after the round before) then take one page of the wall, their leaders, so that the
    /// round's own pages come round often.
    fn in_play(&self) -> bool {
        self.round.as_ref().is_some_and(|r| {
            r.games
                .iter()
                .any(|g| g.north.is_some() && !g.status.counts())
        })
    }

    /// The standings' heading: after the last round whose results are in. While the round is
    /// played with none of its results in, that is the round before; with some in, the round
    /// is under way.
    fn standings_heading(&self) -> String {
        let started = self.round.as_ref().is_some_and(|r| {
            r.games
                .iter()
                .any(|g| g.north.is_some() && g.status.counts())
        });
        match (self.in_play(), started, self.d.after) {
            (_, _, 0) => self.lang.t("standings"),
            (true, false, 1) => self.lang.t("standings"),
            (true, false, n) => self.lang.t1("live-standings-after", "number", n - 1),
            (true, true, n) => self.lang.t1("live-standings-during", "number", n),
            (false, _, n) => self.lang.t1("live-standings-after", "number", n),
        }
    }

    /// Whether the round has matches: the wall's board list says which game each board plays.
    fn matches(&self) -> bool {
        self.round
            .as_ref()
            .is_some_and(|r| r.games.iter().any(|g| g.match_of > 0))
    }

    /// The round by board, one line a board (a match's games on its line).
    fn boards(&self) -> Vec<BoardRow> {
        let Some(round) = &self.round else {
            return Vec::new();
        };
        round
            .now_playing()
            .map(|g| {
                // A match's score is on its latest game in the round's list.
                let tally = round
                    .games
                    .iter()
                    .filter(|other| g.board.is_some() && other.board == g.board)
                    .find_map(|other| other.match_tally);
                BoardRow {
                    // A bye has no board: a dash, not an empty cell.
                    board: g.board.map_or_else(|| "–".to_string(), |b| b.to_string()),
                    game: crate::wording::outcomes::match_label(self.lang, g.in_match()),
                    south: g.south.name.clone(),
                    south_rating: self.rating(g.south.id.get()),
                    north_rating: g
                        .north
                        .as_ref()
                        .map_or_else(String::new, |n| self.rating(n.id.get())),
                    north: g
                        .north
                        .as_ref()
                        .map_or_else(|| self.lang.t("bye"), |n| n.name.clone()),
                    // A bye's line says "bye" once, in its opponent's place.
                    result: if g.north.is_some() {
                        crate::wording::outcomes::outcome(self.lang, &g.outcome)
                    } else {
                        String::new()
                    },
                    score: crate::wording::outcomes::match_score(self.lang, &tally),
                    bye: g.north.is_none(),
                }
            })
            .collect()
    }

    /// The round's players by name: name, board, side.
    fn by_name(&self) -> Vec<(String, String, String)> {
        let Some(round) = &self.round else {
            return Vec::new();
        };
        round
            .places_by_name(self.lang.code())
            .into_iter()
            .map(|place| {
                let side = match place.south {
                    Some(true) => self.lang.t("south"),
                    Some(false) => self.lang.t("north"),
                    None => String::new(),
                };
                // A bye has no board and no side: it says so where the board would be.
                let board = place
                    .board
                    .map_or_else(|| self.lang.t("bye"), |b| b.to_string());
                (place.name, board, side)
            })
            .collect()
    }

    /// Whether a part of the bracket is drawn as a tree joined by lines: every round has half
    /// the matches of the one before (a losers' bracket, whose rounds do not halve, is drawn in
    /// columns without them). A third-place match stands apart, below.
    fn tree_joined(&self, section: &crate::service::brackets::BracketSection) -> bool {
        let counts: Vec<usize> = section
            .rounds
            .iter()
            .map(|r| r.ties.iter().filter(|tie| !tie.third_place).count())
            .collect();
        counts.len() > 1 && counts.windows(2).all(|w| w[0] == 2 * w[1])
    }

    /// A part's share of the wall's height: its largest round's matches.
    fn tree_weight(&self, section: &crate::service::brackets::BracketSection) -> usize {
        section
            .rounds
            .iter()
            .map(|r| r.ties.iter().filter(|tie| !tie.third_place).count())
            .max()
            .unwrap_or(1)
            .max(1)
    }

    /// A player's rating as the wall shows it beside their name, when it shows ratings.
    fn rating(&self, player: i32) -> String {
        self.ratings
            .as_ref()
            .and_then(|r| r.get(&player))
            .map_or_else(String::new, |r| r.to_string())
    }

    fn rank(&self, s: &crate::tournament::standings::Standing) -> String {
        rank_text(s)
    }

    fn value(&self, v: &f64) -> String {
        crate::wording::words::value(self.lang, *v)
    }
}

/// The content of a wall, from the data as it is now, drawn.
async fn draw(state: &AppState, wall: Wall) -> Result<String, ServiceError> {
    match wall {
        Wall::Tournament(id, lang) => Ok(content(state, id, false, lang).await?.render()?),
        Wall::Event(id, lang) => Ok(event_content(state, id, lang).await?.render()?),
    }
}

/// The content of an event's wall: each section's, from the data as it is now.
async fn event_content(
    state: &AppState,
    id: EventId,
    lang: Lang,
) -> Result<EventContent, ServiceError> {
    let e = state
        .db(move |conn| crate::service::events::get(conn, id))
        .await?;
    let mut sections = Vec::with_capacity(e.sections.len());
    for t in &e.sections {
        sections.push(content(state, t.id, true, lang).await?.render()?);
    }
    Ok(EventContent {
        name: e.name,
        sections,
        lang,
    })
}

/// The content of a tournament's wall, from the data as it is now.
async fn content(
    state: &AppState,
    id: TournamentId,
    section: bool,
    lang: Lang,
) -> Result<Content, ServiceError> {
    let d = state.standings(id, None).await?;
    let report = d.clone();
    let shows_ratings = d.t.switches.wall_ratings;
    let (teams, notice, ratings) = state
        .db(move |conn| {
            let ratings = if shows_ratings {
                let players = crate::service::players::list(conn, id)?;
                let rated = players.iter().filter_map(|p| Some((p.id.get(), p.rating?)));
                Some(rated.collect())
            } else {
                None
            };
            Ok((
                crate::service::teams::view(conn, id, &report)?.teams,
                crate::service::notices::get(conn, id)?,
                ratings,
            ))
        })
        .await?;
    let bracket = if d.t.format.has_bracket() && d.published > 0 {
        Some(
            state
                .db(move |conn| crate::service::brackets::view(conn, id))
                .await?,
        )
    } else {
        None
    };
    let number = d.published;
    let round = if number > 0 {
        Some(
            state
                .db(move |conn| {
                    crate::service::round_views::view(conn, &Actor::Visitor, id, number, Vec::new())
                })
                .await?,
        )
    } else {
        None
    };
    Ok(Content {
        d,
        round,
        teams,
        notice,
        section,
        bracket,
        ratings,
        lang,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "live/page.html")]
struct LivePage {
    nav: Nav,
    name: String,
    /// Where the page's stream is.
    events: String,
    content: String,
}

async fn live_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<LivePage, PageError> {
    let id = path.into_inner();
    let content = content(&state, id, false, session.lang).await?;
    Ok(LivePage {
        nav: Nav::new(&session),
        name: content.d.t.name.clone(),
        events: format!("/tournaments/{id}/live/events"),
        content: content.render().map_err(ServiceError::from)?,
    })
}

async fn event_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<EventId>,
) -> Result<LivePage, PageError> {
    let id = path.into_inner();
    let content = event_content(&state, id, session.lang).await?;
    Ok(LivePage {
        nav: Nav::new(&session),
        name: content.name.clone(),
        events: format!("/events/{id}/live/events"),
        content: content.render().map_err(ServiceError::from)?,
    })
}

impl crate::web::live::feeds::Source for Wall {
    type Drawn = Bytes;

    fn subject(self) -> crate::service::Subject {
        match self {
            Wall::Tournament(id, _) => crate::service::Subject::Tournament(id),
            Wall::Event(id, _) => crate::service::Subject::Event(id),
        }
    }

    async fn draw(self, state: &AppState) -> Result<Bytes, ServiceError> {
        Ok(crate::web::live::feeds::event(&draw(state, self).await?))
    }
}

async fn tournament_events(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let (lang, _) = crate::web::language::language_of(&req);
    events(req, state, Wall::Tournament(path.into_inner(), lang)).await
}

async fn event_events(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<EventId>,
) -> Result<HttpResponse, PageError> {
    let (lang, _) = crate::web::language::language_of(&req);
    events(req, state, Wall::Event(path.into_inner(), lang)).await
}

async fn events(
    req: HttpRequest,
    state: web::Data<AppState>,
    wall: Wall,
) -> Result<HttpResponse, PageError> {
    crate::web::live::feeds::stream(
        &req,
        &state,
        wall,
        |drawn: &Bytes| Some(drawn.clone()),
        None,
    )
    .await
}

/// What the live pages of each kind cost (staff): the walls, dashboards and players' boards
/// followed now, and how many times one has been drawn since the service started.
async fn api_followed(
    _: Staff,
    walls: web::Data<crate::web::live::feeds::Feeds<Wall>>,
    dashboards: web::Data<crate::web::live::feeds::Feeds<crate::web::live::dashboard::Panel>>,
    boards: web::Data<crate::web::live::feeds::Feeds<crate::web::live::my_board::Room>>,
) -> Result<HttpResponse, crate::web::error::ApiError> {
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "walls": walls.followed(),
        "dashboards": dashboards.followed(),
        "boards": boards.followed(),
    })))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/live-pages", web::get().to(api_followed));
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/live", web::get().to(live_page))
        .route(
            "/tournaments/{id}/live/events",
            web::get().to(tournament_events),
        )
        .route("/events/{id}/live", web::get().to(event_page))
        .route("/events/{id}/live/events", web::get().to(event_events));
}
