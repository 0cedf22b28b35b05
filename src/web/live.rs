//! The projector view of a tournament, or of every section of an event one after another: the
//! current round's pairings by board and by name, the results as they come in and the
//! standings, in large type. Its content comes again as a server-sent event
//! (`text/event-stream`) after every change, drawn once for all the streams of the wall;
//! without JavaScript the page reloads itself every 30 seconds, and so does a page whose stream
//! was refused because the streams' budget ([`super::limits::StreamBudget`], in all and per
//! address) is spent: a crowd on the live view never takes the connections that serve players
//! and staff.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use bytes::Bytes;
use tokio::sync::watch;

use super::AppState;
use super::error::PageError;
use super::limits::{Full, StreamPermit};
use super::pages::Nav;
use crate::auth::UserSession;
use crate::service::round_views::RoundView;
use crate::service::standings::{Report, rank_text, value_text};
use crate::service::{Actor, ServiceError};
use crate::tournament::{EventId, TournamentId};

/// What a wall shows: a tournament's, or every section's of an event, one after another.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum Wall {
    Tournament(TournamentId),
    Event(EventId),
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
}

/// An event's wall: each section's content in turn.
#[derive(Template)]
#[template(path = "live/event.html")]
struct EventContent {
    name: String,
    sections: Vec<String>,
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

    /// The round's players by name: name, board, side, opponent.
    fn by_name(&self) -> Vec<(String, String, &'static str, String)> {
        let Some(round) = &self.round else {
            return Vec::new();
        };
        round
            .places_by_name()
            .into_iter()
            .map(|place| {
                let side = match place.south {
                    Some(true) => "South",
                    Some(false) => "North",
                    None => "",
                };
                let board = place.board.map_or_else(String::new, |b| b.to_string());
                (place.name, board, side, place.opponent)
            })
            .collect()
    }

    fn rank(&self, s: &crate::tournament::standings::Standing) -> String {
        rank_text(s)
    }

    fn value(&self, v: &f64) -> String {
        value_text(*v)
    }
}

/// The content of a wall, from the data as it is now, drawn.
async fn draw(state: &AppState, wall: Wall) -> Result<String, ServiceError> {
    match wall {
        Wall::Tournament(id) => Ok(content(state, id, false).await?.render()?),
        Wall::Event(id) => Ok(event_content(state, id).await?.render()?),
    }
}

/// The content of an event's wall: each section's, from the data as it is now.
async fn event_content(state: &AppState, id: EventId) -> Result<EventContent, ServiceError> {
    let e = state
        .db(move |conn| crate::service::events::get(conn, id))
        .await?;
    let mut sections = Vec::with_capacity(e.sections.len());
    for t in &e.sections {
        sections.push(content(state, t.id, true).await?.render()?);
    }
    Ok(EventContent {
        name: e.name,
        sections,
    })
}

/// The content of a tournament's wall, from the data as it is now.
async fn content(
    state: &AppState,
    id: TournamentId,
    section: bool,
) -> Result<Content, ServiceError> {
    let d = state.standings(id, None).await?;
    let report = d.clone();
    let (teams, notice) = state
        .db(move |conn| {
            Ok((
                crate::service::teams::view(conn, id, &report)?.teams,
                crate::service::notices::get(conn, id)?,
            ))
        })
        .await?;
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
    session: UserSession,
    path: web::Path<TournamentId>,
) -> Result<LivePage, PageError> {
    let id = path.into_inner();
    let content = content(&state, id, false).await?;
    Ok(LivePage {
        nav: Nav::new(&session),
        name: content.d.t.name.clone(),
        events: format!("/tournaments/{id}/live/events"),
        content: content.render().map_err(ServiceError::from)?,
    })
}

async fn event_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<EventId>,
) -> Result<LivePage, PageError> {
    let id = path.into_inner();
    let content = event_content(&state, id).await?;
    Ok(LivePage {
        nav: Nav::new(&session),
        name: content.name.clone(),
        events: format!("/events/{id}/live/events"),
        content: content.render().map_err(ServiceError::from)?,
    })
}

/// How long after a change the content is drawn again: the changes of that time make one event.
const SETTLE: Duration = Duration::from_millis(500);
/// A comment this often keeps proxies from closing a quiet stream.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// A stream ends after this long; the browser opens a new one at once (`retry`), so no
/// connection is held for ever.
const LIFETIME: Duration = Duration::from_secs(600);

/// A server-sent event named `update` whose data is `html`, one `data:` line per line.
pub fn event(html: &str) -> Bytes {
    let mut out = String::with_capacity(html.len() + 64);
    out.push_str("event: update\n");
    for line in html.lines() {
        out.push_str("data: ");
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    Bytes::from(out)
}

/// The body of an event stream: what its relay sends it, with the stream's place in the
/// budget, given back when the body is dropped (the viewer left, or the stream ended).
struct Events {
    next: tokio::sync::mpsc::Receiver<Bytes>,
    _permit: StreamPermit,
}

impl futures_core::Stream for Events {
    type Item = Result<Bytes, actix_web::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.next.poll_recv(cx).map(|next| next.map(Ok))
    }
}

/// The projector view's content of each tournament that has streams open, as the event they
/// are sent: drawn once per change by one task per tournament, whatever the number of streams.
#[derive(Default)]
pub struct Feeds {
    by_wall: std::sync::Mutex<HashMap<Wall, Arc<watch::Sender<Bytes>>>>,
}

impl Feeds {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Wall, Arc<watch::Sender<Bytes>>>> {
        self.by_wall.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ends the feed of `id` if no stream follows it any more (under the lock new streams
    /// subscribe with, so that none subscribes to a feed that is ending).
    fn retire(&self, id: Wall, feed: &watch::Sender<Bytes>) -> bool {
        let mut feeds = self.lock();
        if feed.receiver_count() > 0 {
            return false;
        }
        feeds.remove(&id);
        true
    }
}

/// The content events of wall `id`: its feed, started (from the content as it is now) when
/// none runs.
async fn subscribe(
    state: &web::Data<AppState>,
    id: Wall,
) -> Result<watch::Receiver<Bytes>, ServiceError> {
    if let Some(feed) = state.feeds.lock().get(&id) {
        return Ok(feed.subscribe());
    }
    let first = draw(state, id).await?;
    let mut feeds = state.feeds.lock();
    if let Some(feed) = feeds.get(&id) {
        return Ok(feed.subscribe());
    }
    let (feed, receiver) = watch::channel(event(&first));
    let feed = Arc::new(feed);
    feeds.insert(id, feed.clone());
    actix_web::rt::spawn(follow(state.clone(), id, first, feed));
    Ok(receiver)
}

/// Watches the writes and draws the content again whenever it changed, for every stream of the
/// tournament at once, until no stream is left.
async fn follow(
    state: web::Data<AppState>,
    id: Wall,
    mut last: String,
    feed: Arc<watch::Sender<Bytes>>,
) {
    let mut changes = state.service.changes();
    loop {
        match actix_web::rt::time::timeout(KEEP_ALIVE, changes.changed()).await {
            Ok(Ok(())) => {}
            // The service is stopping.
            Ok(Err(_)) => break,
            Err(_) => {
                if state.feeds.retire(id, &feed) {
                    return;
                }
                continue;
            }
        }
        if state.feeds.retire(id, &feed) {
            return;
        }
        actix_web::rt::time::sleep(SETTLE).await;
        changes.mark_unchanged();
        match draw(&state, id).await {
            Ok(now) if now != last => {
                feed.send_replace(event(&now));
                last = now;
            }
            Ok(_) => {}
            Err(e) => {
                tracing::error!(cause = %e.cause_chain(), "projector view");
                break;
            }
        }
    }
    // The streams end with the feed (they see it closed).
    state.feeds.lock().remove(&id);
}

/// Sends one viewer the feed's events as they come, and a comment when it is quiet, until the
/// viewer goes away or the stream's lifetime ends.
async fn relay(mut feed: watch::Receiver<Bytes>, out: tokio::sync::mpsc::Sender<Bytes>) {
    let started = std::time::Instant::now();
    while started.elapsed() < LIFETIME {
        let next = match actix_web::rt::time::timeout(KEEP_ALIVE, feed.changed()).await {
            Ok(Ok(())) => feed.borrow_and_update().clone(),
            Ok(Err(_)) => return,
            Err(_) => Bytes::from_static(b": still here\n\n"),
        };
        if out.send(next).await.is_err() {
            return;
        }
    }
}

/// The answer to a stream beyond the budget: at once, closing the connection; the page then
/// reloads itself every 30 seconds instead (live.js), as it does without JavaScript.
fn streams_full(full: Full) -> HttpResponse {
    let why = match full {
        Full::Everyone => "the live view's updates are taken by other viewers",
        Full::Address => "your network holds its share of the live view's updates",
    };
    HttpResponse::ServiceUnavailable()
        .insert_header(("Retry-After", "30"))
        .content_type("text/plain; charset=utf-8")
        .force_close()
        .body(format!(
            "Not now: {why}. The page refreshes itself every 30 seconds instead."
        ))
}

async fn tournament_events(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    events(req, state, Wall::Tournament(path.into_inner())).await
}

async fn event_events(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<EventId>,
) -> Result<HttpResponse, PageError> {
    events(req, state, Wall::Event(path.into_inner())).await
}

async fn events(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: Wall,
) -> Result<HttpResponse, PageError> {
    let address = super::client::address(&req, &state.trusted_proxies);
    let permit = match state.streams.open(address) {
        Ok(permit) => permit,
        Err(full) => return Ok(streams_full(full)),
    };
    let mut feed = subscribe(&state, id).await?;
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    // The browser waits two seconds before it opens a stream again, and starts from the
    // content as it is.
    let mut opening = b"retry: 2000\n".to_vec();
    opening.extend_from_slice(&feed.borrow_and_update());
    let _ = tx.try_send(Bytes::from(opening));
    actix_web::rt::spawn(relay(feed, tx));
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(Events {
            next: rx,
            _permit: permit,
        }))
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/live", web::get().to(live_page))
        .route(
            "/tournaments/{id}/live/events",
            web::get().to(tournament_events),
        )
        .route("/events/{id}/live", web::get().to(event_page))
        .route("/events/{id}/live/events", web::get().to(event_events));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_carries_every_line_of_the_content() {
        let e = event("<p>one</p>\n<p>two</p>");
        assert_eq!(
            &e[..],
            b"event: update\ndata: <p>one</p>\ndata: <p>two</p>\n\n"
        );
    }
}
