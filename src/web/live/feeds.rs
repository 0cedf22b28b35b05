//! Pages that follow the data: a source (the projector view of a tournament, its staff's
//! dashboard, its players' boards) is drawn once per change of the data by one task, whatever
//! the number of its streams, and each stream (`text/event-stream`) sends its viewer what
//! concerns them. Streams count against the server's budget ([`crate::web::plumbing::limits::StreamBudget`],
//! in all and per address): a stream refused is answered at once, and its page reloads itself
//! every 30 seconds instead, as it does without JavaScript.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use tokio::sync::watch;

use crate::service::{ServiceError, Subject};
use crate::web::error::PageError;
use crate::web::plumbing::limits::{Full, StreamBudget, StreamPermit};
use crate::web::state::AppState;

/// What streams follow: drawn from the data as it is now, once for all its streams.
pub trait Source: Copy + Eq + Hash + std::fmt::Debug + 'static {
    /// What is drawn.
    type Drawn: PartialEq + Send + Sync + 'static;
    /// Drawn again when nothing was written for a while too: what it shows depends on the
    /// clock (a round past its planned end).
    const CLOCKED: bool = false;
    /// What it is drawn from (a tournament's data or an event's): it is drawn again only when
    /// that has moved on, and its feed is not woken by what is written elsewhere.
    fn subject(self) -> Subject;
    /// Draws it from the data as it is now.
    fn draw(self, state: &AppState) -> impl Future<Output = Result<Self::Drawn, ServiceError>>;
}

/// How long after a change the source is drawn again: the changes of that time make one event.
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

/// The sources that have streams open, each with its feed (the drawn content, as it changes).
pub struct Feeds<S: Source> {
    by_source: std::sync::Mutex<HashMap<S, Feed<S>>>,
    /// How many times a source of this kind has been drawn.
    draws: std::sync::atomic::AtomicU64,
    /// How many times a feed of this kind was woken by a change of its data.
    woken: std::sync::atomic::AtomicU64,
}

impl<S: Source> Default for Feeds<S> {
    fn default() -> Self {
        Feeds {
            by_source: Default::default(),
            draws: Default::default(),
            woken: Default::default(),
        }
    }
}

/// What the live pages of one kind cost: the sources followed now, and how many times one of
/// them has been drawn since the service started.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct Followed {
    pub sources: usize,
    pub draws: u64,
    /// The times a feed was woken by a change of its data (a write elsewhere wakes none).
    pub woken: u64,
}

type Feed<S> = Arc<watch::Sender<Arc<<S as Source>::Drawn>>>;

impl<S: Source> Feeds<S> {
    /// The sources followed now and the draws so far.
    pub fn followed(&self) -> Followed {
        Followed {
            sources: self.lock().len(),
            draws: self.draws.load(std::sync::atomic::Ordering::Relaxed),
            woken: self.woken.load(std::sync::atomic::Ordering::Relaxed),
        }
    }

    /// Draws `source` from the data as it is now, and the version of the data it was drawn
    /// from (read first: a write in between makes it look older, never newer).
    async fn draw(&self, source: S, state: &AppState) -> Result<(u64, S::Drawn), ServiceError> {
        let version = state.service.db().version_of(source.subject());
        self.draws
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok((version, source.draw(state).await?))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<S, Feed<S>>> {
        self.by_source.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ends the feed of `source` if no stream follows it any more (under the lock new streams
    /// subscribe with, so that none subscribes to a feed that is ending).
    fn retire(&self, source: S, feed: &watch::Sender<Arc<S::Drawn>>) -> bool {
        let mut feeds = self.lock();
        if feed.receiver_count() > 0 {
            return false;
        }
        feeds.remove(&source);
        true
    }
}

/// The feed of `source`, started (from the data as it is now) when none runs.
async fn subscribe<S: Source>(
    state: &web::Data<AppState>,
    all: &web::Data<Feeds<S>>,
    source: S,
) -> Result<watch::Receiver<Arc<S::Drawn>>, ServiceError> {
    if let Some(feed) = all.lock().get(&source) {
        return Ok(feed.subscribe());
    }
    let (version, first) = all.draw(source, state).await?;
    let first = Arc::new(first);
    let mut feeds = all.lock();
    if let Some(feed) = feeds.get(&source) {
        return Ok(feed.subscribe());
    }
    let (feed, receiver) = watch::channel(first);
    let feed = Arc::new(feed);
    feeds.insert(source, feed.clone());
    actix_web::rt::spawn(follow((state.clone(), all.clone()), source, feed, version));
    Ok(receiver)
}

/// Watches the source's data and draws it again whenever it has changed (and, for a clocked
/// source, every [`KEEP_ALIVE`] too), for every stream at once, until no stream is left. A write
/// elsewhere does not wake it.
async fn follow<S: Source>(
    (state, all): (web::Data<AppState>, web::Data<Feeds<S>>),
    source: S,
    feed: Feed<S>,
    drawn: u64,
) {
    let mut changes = state.service.db().watch(source.subject());
    let (mut drawn, mut drawn_at) = (drawn, std::time::Instant::now());
    loop {
        // A change since the last draw (one that came before the watch began, or while the
        // source was drawn) is not waited for.
        let moved = *changes.borrow_and_update() != drawn;
        let wrote = moved
            || match actix_web::rt::time::timeout(KEEP_ALIVE, changes.changed()).await {
                Ok(Ok(())) => true,
                // The service is stopping.
                Ok(Err(_)) => break,
                Err(_) => false,
            };
        all.woken
            .fetch_add(u64::from(wrote), std::sync::atomic::Ordering::Relaxed);
        if all.retire(source, &feed) {
            return;
        }
        // Quiet: only a clocked source has anything new to show.
        let clock = S::CLOCKED && drawn_at.elapsed() >= KEEP_ALIVE;
        if !clock && !wrote {
            continue;
        }
        actix_web::rt::time::sleep(SETTLE).await;
        drawn_at = std::time::Instant::now();
        match all.draw(source, &state).await {
            Ok((version, now)) if now != **feed.borrow() => {
                drawn = version;
                feed.send_replace(Arc::new(now));
            }
            Ok((version, _)) => drawn = version,
            Err(e) => {
                tracing::error!(cause = %e.cause_chain(), source = ?source, "a live page's content");
                break;
            }
        }
    }
    // The streams end with the feed (they see it closed).
    all.lock().remove(&source);
}

/// The body of an event stream: what its relay sends it, with the stream's place in the
/// budget, given back when the body is dropped (the viewer left, or the stream ended).
struct Events {
    next: tokio::sync::mpsc::Receiver<Bytes>,
    /// Told when the session or the right that opened the stream ends: the stream ends.
    ended: Option<tokio::sync::oneshot::Receiver<()>>,
    _permit: StreamPermit,
}

impl futures_core::Stream for Events {
    type Item = Result<Bytes, actix_web::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if let Some(ended) = self.ended.as_mut() {
            match Pin::new(ended).poll(cx) {
                Poll::Ready(Ok(())) => return Poll::Ready(None),
                // The watch is gone without a word (the service stopping): the feed ends it.
                Poll::Ready(Err(_)) => self.ended = None,
                Poll::Pending => {}
            }
        }
        self.next.poll_recv(cx).map(|next| next.map(Ok))
    }
}

/// Whether the session and the right that opened a stream still hold, asked every second
/// (`true`: the data the stream follows changed since it was last asked, so a right read from
/// the database may have: a tournament's controllers, its event's, the tournament itself).
pub type Still = Box<dyn FnMut(bool) -> Pin<Box<dyn Future<Output = bool>>>>;

/// How often a stream's session and right are asked again.
const RIGHT_EVERY: Duration = Duration::from_secs(1);

/// Ends the stream (through `end`) within [`RIGHT_EVERY`] of `still` saying its right has
/// ended; ends itself when the stream does. It wakes once a second whatever the writes, so a
/// room of open streams costs one look a second each (a database read only after a change of
/// the data the stream follows, never for a write elsewhere).
async fn watch_right(
    mut changes: watch::Receiver<u64>,
    mut still: Still,
    end: tokio::sync::oneshot::Sender<()>,
) {
    let mut every = actix_web::rt::time::interval(RIGHT_EVERY);
    every.tick().await;
    loop {
        every.tick().await;
        if end.is_closed() {
            return;
        }
        let wrote = match changes.has_changed() {
            Ok(wrote) => wrote,
            Err(_) => return,
        };
        changes.mark_unchanged();
        if !still(wrote).await {
            let _ = end.send(());
            return;
        }
    }
}

/// Sends one viewer what `view` makes of the feed's content as it changes (nothing when it
/// makes nothing new of it), and a comment when it is quiet, until the viewer goes away or the
/// stream's lifetime ends.
async fn relay<D, V>(
    mut feed: watch::Receiver<Arc<D>>,
    out: tokio::sync::mpsc::Sender<Bytes>,
    mut view: V,
) where
    V: FnMut(&D) -> Option<Bytes>,
{
    let started = std::time::Instant::now();
    while started.elapsed() < LIFETIME {
        let next = match actix_web::rt::time::timeout(KEEP_ALIVE, feed.changed()).await {
            Ok(Ok(())) => {
                let drawn = feed.borrow_and_update().clone();
                match view(&drawn) {
                    Some(event) => event,
                    None => continue,
                }
            }
            Ok(Err(_)) => return,
            Err(_) => Bytes::from_static(b": still here\n\n"),
        };
        if out.send(next).await.is_err() {
            return;
        }
    }
}

/// The answer to a stream beyond the budget: at once, closing the connection; the page then
/// reloads itself every 30 seconds instead (its script), as it does without JavaScript.
fn streams_full(full: Full) -> HttpResponse {
    let why = match full {
        Full::Everyone => "the live updates are taken by other viewers",
        Full::Address => "your network holds its share of the live updates",
    };
    HttpResponse::ServiceUnavailable()
        .insert_header(("Retry-After", "30"))
        .content_type("text/plain; charset=utf-8")
        .force_close()
        .body(format!(
            "Not now: {why}. The page refreshes itself every 30 seconds instead."
        ))
}

/// A stream of `source` for the viewer of `req`: what `view` makes of its content, now and
/// after every change.
pub async fn stream<S, V>(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    source: S,
    mut view: V,
    still: Option<Still>,
) -> Result<HttpResponse, PageError>
where
    S: Source,
    V: FnMut(&S::Drawn) -> Option<Bytes> + 'static,
{
    let (Some(budget), Some(all)) = (
        req.app_data::<web::Data<StreamBudget>>(),
        req.app_data::<web::Data<Feeds<S>>>(),
    ) else {
        return Err(ServiceError::Internal("the live pages' data is not set up".into()).into());
    };
    let address = crate::web::plumbing::client::address(req, &state.trusted_proxies);
    let permit = match budget.open(address) {
        Ok(permit) => permit,
        Err(full) => return Ok(streams_full(full)),
    };
    let mut feed = subscribe(state, all, source).await?;
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    // The browser waits two seconds before it opens a stream again, and starts from the
    // content as it is.
    let mut opening = b"retry: 2000\n".to_vec();
    let now = feed.borrow_and_update().clone();
    if let Some(first) = view(&now) {
        opening.extend_from_slice(&first);
    }
    let _ = tx.try_send(Bytes::from(opening));
    actix_web::rt::spawn(relay(feed, tx, view));
    let ended = still.map(|still| {
        let (end, ended) = tokio::sync::oneshot::channel();
        actix_web::rt::spawn(watch_right(
            state.service.db().watch(source.subject()),
            still,
            end,
        ));
        ended
    });
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(Events {
            next: rx,
            ended,
            _permit: permit,
        }))
}

/// A view that sends what `draw` makes of the content whenever it differs from what it sent
/// last: one viewer's part of a content drawn for many.
pub fn changed<D>(mut draw: impl FnMut(&D) -> Option<String>) -> impl FnMut(&D) -> Option<Bytes> {
    let mut last: Option<String> = None;
    move |content| {
        let html = draw(content)?;
        if last.as_ref() == Some(&html) {
            return None;
        }
        let out = event(&html);
        last = Some(html);
        Some(out)
    }
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

    #[test]
    fn a_viewer_gets_only_what_changed_for_them() {
        let mut view = changed(|n: &i32| Some(format!("<p>{}</p>", n / 10)));
        assert!(view(&1).is_some());
        // Another change of the content that draws the same for this viewer.
        assert!(view(&2).is_none());
        assert_eq!(
            view(&12).as_deref(),
            Some(&b"event: update\ndata: <p>1</p>\n\n"[..])
        );
    }
}
