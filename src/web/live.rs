//! The projector view of a tournament: the current round's pairings by board and by name, the
//! results as they come in and the standings, in large type. Its content comes again as a
//! server-sent event (`text/event-stream`) after every change; without JavaScript the page
//! reloads itself every 30 seconds.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use bytes::Bytes;

use super::AppState;
use super::error::PageError;
use super::pages::Nav;
use crate::auth::UserSession;
use crate::service::round_views::RoundView;
use crate::service::standings::{Report, rank_text, value_text};
use crate::service::{Actor, ServiceError};
use crate::tournament::TournamentId;

/// What the wall shows: the standings report and the last published round.
#[derive(Template)]
#[template(path = "live/content.html")]
struct Content {
    d: Arc<Report>,
    round: Option<RoundView>,
}

impl Content {
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

/// The content of the wall, from the data as it is now.
async fn content(state: &AppState, id: TournamentId) -> Result<Content, ServiceError> {
    let d = state.standings(id, None).await?;
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
    Ok(Content { d, round })
}

#[derive(Template, WebTemplate)]
#[template(path = "live/page.html")]
struct LivePage {
    nav: Nav,
    id: TournamentId,
    name: String,
    content: String,
}

async fn live_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<TournamentId>,
) -> Result<LivePage, PageError> {
    let id = path.into_inner();
    let content = content(&state, id).await?;
    Ok(LivePage {
        nav: Nav::new(&session),
        id,
        name: content.d.t.name.clone(),
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

/// The body of the event stream: what the task that watches the writes sends it.
struct Events(tokio::sync::mpsc::Receiver<Bytes>);

impl futures_core::Stream for Events {
    type Item = Result<Bytes, actix_web::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_recv(cx).map(|next| next.map(Ok))
    }
}

/// Watches the writes and sends the content again whenever it changed, until the viewer goes
/// away or the stream's lifetime ends.
async fn watch(
    state: web::Data<AppState>,
    id: TournamentId,
    mut last: String,
    out: tokio::sync::mpsc::Sender<Bytes>,
) {
    let mut changes = state.service.changes();
    let started = std::time::Instant::now();
    while started.elapsed() < LIFETIME {
        match actix_web::rt::time::timeout(KEEP_ALIVE, changes.changed()).await {
            Ok(Ok(())) => {}
            // The service is stopping.
            Ok(Err(_)) => return,
            Err(_) => {
                if out
                    .send(Bytes::from_static(b": still here\n\n"))
                    .await
                    .is_err()
                {
                    return;
                }
                continue;
            }
        }
        actix_web::rt::time::sleep(SETTLE).await;
        changes.mark_unchanged();
        let now = match content(&state, id).await.and_then(|c| Ok(c.render()?)) {
            Ok(html) => html,
            Err(e) => {
                tracing::error!(cause = %e.cause_chain(), "projector view");
                return;
            }
        };
        if now != last {
            if out.send(event(&now)).await.is_err() {
                return;
            }
            last = now;
        }
    }
}

async fn events(
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let first = content(&state, id)
        .await?
        .render()
        .map_err(ServiceError::from)?;
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    // The browser waits two seconds before it opens a stream again, and starts from the
    // content as it is.
    let mut opening = b"retry: 2000\n".to_vec();
    opening.extend_from_slice(&event(&first));
    let _ = tx.try_send(Bytes::from(opening));
    actix_web::rt::spawn(watch(state, id, first, tx));
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(Events(rx)))
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/live", web::get().to(live_page))
        .route("/tournaments/{id}/live/events", web::get().to(events));
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
