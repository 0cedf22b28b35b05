//! The time, size and connection limits of the server (the largest bodies it reads, and the
//! reading of a text body within them): a client that is slow on purpose (a request
//! head or body trickled a byte at a time, a connection left open) is cut off, and a flood of
//! such clients cannot use up the server's file descriptors.

use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;

use crate::service::ServiceError;
use crate::tournament::said::Said;
use crate::web::error::{Failure, answered_for};

/// The largest JSON body the API reads.
pub const JSON_LIMIT: usize = 64 * 1024;
/// The largest CSV upload (players import).
pub const CSV_LIMIT: usize = 1024 * 1024;
/// The largest HTML form.
pub const FORM_LIMIT: usize = 64 * 1024;

/// A request body of UTF-8 text (`what` names it in the answers): at most `limit` bytes.
pub async fn text_body(
    payload: actix_web::web::Payload,
    limit: usize,
    what: &str,
) -> Result<String, Failure> {
    let body = payload
        .to_bytes_limited(limit)
        .await
        .map_err(|_| ServiceError::TooLarge(crate::said!("over-limit-bytes", what, limit)))?
        .map_err(|e| {
            Failure::BadRequest(crate::said!("body-could-not-read-2", error = e.to_string()))
        })?;
    String::from_utf8(body.to_vec())
        .map_err(|_| ServiceError::Invalid(crate::said!("not-utf-8-text", what)).into())
}

/// The time a client has to send a request's head (its first line and headers).
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(5);
/// The time a closing connection has to finish.
pub const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// How long an idle connection is kept open for the next request.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The most a request's headers may hold, names and values together (a browser's, its session
/// cookie included, is a few KiB); actix itself reads up to 128 KiB of them.
pub const MOST_HEADER_BYTES: usize = 16 * 1024;

/// Answers 431 when a request's headers hold more than [`MOST_HEADER_BYTES`].
pub async fn headers_within(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let size: usize = req
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 4)
        .sum();
    if size > MOST_HEADER_BYTES {
        let e = Failure::HeadersTooLarge(crate::said!(
            "request-s-headers-hold-bytes",
            size,
            most_header_bytes = MOST_HEADER_BYTES
        ));
        return Err(answered_for(req.path(), e));
    }
    next.call(req).await
}

/// How fast a request's body must come: its first bytes within `grace` of its head, then at
/// least `bytes_per_second` on average (the byte `n` is due `grace + n / bytes_per_second` after
/// the head, as Apache's `RequestReadTimeout body=10,MinRate=500`), so that a body trickled a
/// byte at a time does not hold its connection for the whole request time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BodyRate {
    pub grace: Duration,
    pub bytes_per_second: u32,
}

/// The default body rate: a sheet of a few KiB from a phone on a crowded Wi-Fi has ten seconds
/// and more; a 1 MiB player list needs a link of 500 bytes a second.
pub const BODY_RATE: BodyRate = BodyRate {
    grace: Duration::from_secs(10),
    bytes_per_second: 500,
};

impl BodyRate {
    /// How long after the head more than `received` bytes are due.
    fn due(&self, received: u64) -> Duration {
        self.grace
            + Duration::from_secs_f64(received as f64 / f64::from(self.bytes_per_second.max(1)))
    }
}

/// What has come of a request's body.
#[derive(Default)]
struct Progress {
    received: std::cell::Cell<u64>,
    done: std::cell::Cell<bool>,
}

/// A request's body, counted as it is read.
struct Counted {
    body: actix_web::dev::Payload,
    progress: std::rc::Rc<Progress>,
}

impl futures_core::Stream for Counted {
    type Item = Result<actix_web::web::Bytes, actix_web::error::PayloadError>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        let next = std::pin::Pin::new(&mut self.body).poll_next(cx);
        match &next {
            std::task::Poll::Ready(Some(Ok(bytes))) => self
                .progress
                .received
                .set(self.progress.received.get() + bytes.len() as u64),
            std::task::Poll::Ready(_) => self.progress.done.set(true),
            std::task::Poll::Pending => {}
        }
        next
    }
}

/// Ends when the body falls behind `rate`; never, once it has all come.
async fn falls_behind(progress: std::rc::Rc<Progress>, rate: BodyRate) {
    let head = actix_web::rt::time::Instant::now();
    loop {
        if progress.done.get() {
            return std::future::pending().await;
        }
        let due = head + rate.due(progress.received.get());
        if actix_web::rt::time::Instant::now() >= due {
            return;
        }
        actix_web::rt::time::sleep_until(due).await;
    }
}

/// Ends when the body has not all come within `limit` of the request's head; never, once it has
/// (the server's own work after that is not the sender's delay).
async fn arrives_late(progress: std::rc::Rc<Progress>, limit: Duration) {
    actix_web::rt::time::sleep(limit).await;
    if progress.done.get() {
        std::future::pending::<()>().await;
    }
}

/// Answers 408 when a request's body has not all come within `limit` of its head, or comes
/// slower than `rate`. What the server does with it afterwards (an import of 1,500 players, a
/// backup) is not limited here: the 408 says "send it again", which would not help.
pub async fn within(
    limit: Duration,
    rate: BodyRate,
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    use std::task::Poll;
    let path = req.path().to_string();
    let refusal = |message: Said| answered_for(&path, Failure::TimedOut(message));
    let progress = std::rc::Rc::new(Progress::default());
    if crate::web::plumbing::api_guard::has_body(&req) {
        let body = actix_web::HttpMessage::take_payload(&mut req);
        req.set_payload(actix_web::dev::Payload::Stream {
            payload: Box::pin(Counted {
                body,
                progress: progress.clone(),
            }),
        });
    } else {
        progress.done.set(true);
    }
    let answer = next.call(req);
    let late = arrives_late(progress.clone(), limit);
    let behind = falls_behind(progress, rate);
    let mut answer = std::pin::pin!(answer);
    let mut late = std::pin::pin!(late);
    let mut behind = std::pin::pin!(behind);
    let outcome = std::future::poll_fn(|cx| {
        if let Poll::Ready(a) = answer.as_mut().poll(cx) {
            return Poll::Ready(Ok(a));
        }
        if late.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(crate::said!(
                "request-too-slow",
                seconds = limit.as_secs()
            )));
        }
        behind.as_mut().poll(cx).map(|()| {
            Err(crate::said!(
                "request-body-too-slow",
                bytes = rate.bytes_per_second
            ))
        })
    })
    .await;
    match outcome {
        Ok(answer) => answer,
        Err(said) => Err(refusal(said)),
    }
}

/// File descriptors kept for what is not a client's connection: the database, its journal and
/// shared memory, the listening socket, a backup, the logs.
const RESERVED_FILES: u64 = 256;

/// How many connections the server holds, how many one address may hold, and how many of them
/// may be event streams (the projector view's, and any other long-lived answer), sized from the
/// open-file limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capacity {
    /// Connections held at once, by all the workers together.
    pub connections: usize,
    /// Connections held at once from one address (IPv6: its /64), a proxy in front of the
    /// service aside: a quarter of `connections`.
    pub connections_per_address: usize,
    /// Event streams open at once, from everyone: a quarter of the connections.
    pub streams: usize,
    /// Event streams open at once from one address (IPv6: its /64): an eighth of `streams`.
    pub streams_per_address: usize,
}

impl Capacity {
    /// What `open_files` descriptors allow: every descriptor but those reserved may be a
    /// connection, and one address may hold a quarter of them (a room of phones behind one
    /// address needs a place for each request being answered, not for each phone: see
    /// [`crate::web::plumbing::connections`]); a quarter of them may be event streams, so that three quarters
    /// are always left to requests; one address may hold an eighth of the streams, so that one
    /// laptop cannot take them all.
    pub fn from_open_files(open_files: u64) -> Capacity {
        let usable = open_files.saturating_sub(RESERVED_FILES).max(64) as usize;
        let streams = (usable / 4).max(8);
        Capacity {
            connections: usable,
            connections_per_address: (usable / 4).max(16),
            streams,
            streams_per_address: (streams / 8).max(4),
        }
    }
}

/// Raises the process's limit of open files to what its hard limit allows, and gives the limit
/// then in force.
pub fn raise_open_files() -> u64 {
    rlimit::increase_nofile_limit(u64::MAX)
        .or_else(|_| rlimit::getrlimit(rlimit::Resource::NOFILE).map(|(soft, _)| soft))
        .unwrap_or(1024)
}

/// How many of something (connections, event streams) each address holds, by the address's
/// key ([`crate::auth::throttle::address_key`]: an IPv6 address by its /64).
#[derive(Default)]
pub struct PerAddress(std::collections::HashMap<std::net::IpAddr, usize>);

impl PerAddress {
    pub fn get(&self, key: std::net::IpAddr) -> usize {
        self.0.get(&key).copied().unwrap_or(0)
    }

    pub fn add(&mut self, key: std::net::IpAddr) {
        *self.0.entry(key).or_insert(0) += 1;
    }

    /// One fewer for `key`; an address that holds none is forgotten.
    pub fn remove(&mut self, key: std::net::IpAddr) {
        if let Some(n) = self.0.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                self.0.remove(&key);
            }
        }
    }
}

/// Why an event stream is not opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// Every stream of the server is taken.
    Everyone,
    /// This address holds its share.
    Address,
}

/// The event streams open, in all and per address: a stream takes a permit, given back when
/// its answer ends (the viewer left, or the stream's lifetime ran out).
pub struct StreamBudget {
    most: usize,
    most_per_address: usize,
    open: std::sync::Mutex<(usize, PerAddress)>,
}

/// One open event stream's place in the budget.
pub struct StreamPermit {
    budget: std::sync::Arc<StreamBudget>,
    key: std::net::IpAddr,
}

impl StreamBudget {
    pub fn new(capacity: &Capacity) -> std::sync::Arc<StreamBudget> {
        std::sync::Arc::new(StreamBudget {
            most: capacity.streams,
            most_per_address: capacity.streams_per_address,
            open: Default::default(),
        })
    }

    /// A permit for a stream to `address`, if the budget has room.
    pub fn open(
        self: &std::sync::Arc<Self>,
        address: std::net::IpAddr,
    ) -> Result<StreamPermit, Full> {
        let key = crate::auth::throttle::address_key(address);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let (total, by_address) = &mut *open;
        if by_address.get(key) >= self.most_per_address {
            return Err(Full::Address);
        }
        if *total >= self.most {
            return Err(Full::Everyone);
        }
        *total += 1;
        by_address.add(key);
        Ok(StreamPermit {
            budget: self.clone(),
            key,
        })
    }

    /// Streams open now: in all, and from `address`.
    #[cfg(test)]
    fn open_now(&self, address: std::net::IpAddr) -> (usize, usize) {
        let key = crate::auth::throttle::address_key(address);
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        (open.0, open.1.get(key))
    }
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut open = self.budget.open.lock().unwrap_or_else(|e| e.into_inner());
        let (total, by_address) = &mut *open;
        *total = total.saturating_sub(1);
        by_address.remove(self.key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacity_follows_the_open_file_limit() {
        // This machine's limit.
        let c = Capacity::from_open_files(20_000);
        assert_eq!((c.connections, c.connections_per_address), (19_744, 4_936));
        assert_eq!((c.streams, c.streams_per_address), (4_936, 617));
        // Streams never take more than a quarter of the connections, nor one address more
        // than a quarter; an address's streams leave most of its share to requests.
        for files in [1_024, 4_096, 65_536, 1_048_576] {
            let c = Capacity::from_open_files(files);
            assert!(c.streams * 4 <= c.connections, "{files}: {c:?}");
            assert!(
                c.connections_per_address * 4 <= c.connections,
                "{files}: {c:?}"
            );
            assert!(c.streams_per_address * 8 <= c.streams, "{files}: {c:?}");
            assert!(
                c.streams_per_address * 4 <= c.connections_per_address,
                "{files}: {c:?}"
            );
        }
        // The usual default of 1,024 files still serves a room.
        let small = Capacity::from_open_files(1_024);
        assert_eq!(small.connections_per_address, 192);
        assert_eq!((small.streams, small.streams_per_address), (192, 24));
    }

    #[test]
    fn a_body_is_due_at_its_rate_after_its_grace() {
        assert_eq!(BODY_RATE.due(0), Duration::from_secs(10));
        assert_eq!(BODY_RATE.due(1_000), Duration::from_secs(12));
        // A 64 KiB sheet at 500 bytes a second is due in over two minutes (the request's own
        // 30 s limit comes first); a byte a second is behind from the eleventh second.
        assert!(BODY_RATE.due(64 * 1024) > Duration::from_secs(120));
        assert!(BODY_RATE.due(11) < Duration::from_secs(11));
    }

    #[test]
    fn a_stream_takes_a_place_and_gives_it_back() {
        let budget = StreamBudget::new(&Capacity {
            connections: 100,
            connections_per_address: 25,
            streams: 5,
            streams_per_address: 3,
        });
        let a: std::net::IpAddr = "203.0.113.1".parse().unwrap();
        let b: std::net::IpAddr = "203.0.113.2".parse().unwrap();
        // One IPv6 subscriber's addresses are one address.
        let c: std::net::IpAddr = "2001:db8::1".parse().unwrap();
        let c2: std::net::IpAddr = "2001:db8::ffff".parse().unwrap();
        let mut held: Vec<StreamPermit> = (0..3).map(|_| budget.open(a).unwrap()).collect();
        assert_eq!(budget.open(a).err(), Some(Full::Address));
        held.push(budget.open(c).unwrap());
        held.push(budget.open(c2).unwrap());
        assert_eq!(budget.open(b).err(), Some(Full::Everyone));
        assert_eq!(budget.open_now(c), (5, 2));
        held.remove(0);
        assert_eq!(budget.open_now(a), (4, 2));
        let again = budget.open(b).unwrap();
        drop(held);
        drop(again);
        assert_eq!(budget.open_now(a), (0, 0));
        assert_eq!(budget.open_now(b), (0, 0));
    }
}
