//! The connections the server holds: each address (an IPv6 address by its /64) may hold a share
//! of them, a connection between requests is the first to go when a new one needs its place, and
//! none is held half-spoken for ever, so that one client cannot take every connection by opening
//! them and saying nothing, or a byte at a time.
//!
//! Every accepted connection is admitted here before HTTP reads it ([`Connections::admit`]); its
//! socket is read through [`Guarded`], which the server can cut, and [`track`] marks it busy
//! while a request is answered on it (its answer's body sent to the end included).

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::rt::net::TcpStream;
use actix_web::web::Bytes;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::web::plumbing::limits::{
    Capacity, HEAD_TIMEOUT, KEEP_ALIVE, MOST_HEADER_BYTES, PerAddress,
};

/// The longest a connection may stay without a request being answered on it: the keep-alive
/// wait for a next request, then the time to send its head. (The server itself times the first
/// head only; a later one could otherwise trickle for ever.)
pub const MOST_IDLE: Duration = Duration::from_secs(KEEP_ALIVE.as_secs() + HEAD_TIMEOUT.as_secs());

/// Under pressure (three quarters of the connections taken), a connection between requests for
/// this long is closed.
pub const PRESSED_IDLE: Duration = Duration::from_secs(2);

/// The most a connection may send between two requests (a request's line and headers): the
/// headers' limit and room for a long address line.
pub const MOST_HEAD_READ: usize = MOST_HEADER_BYTES + 16 * 1024;

/// Every connection open, in all and by address.
pub struct Connections {
    most: usize,
    most_per_address: usize,
    /// Proxies in front of the service: their connections carry many clients and have no share
    /// of their own (they count in all).
    proxies: Arc<[IpAddr]>,
    epoch: Instant,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    next: u64,
    by_id: HashMap<u64, Arc<Watch>>,
    by_address: PerAddress,
}

/// One connection as the server sees it: requests being answered on it, since when it has had
/// none, whether it was cut.
pub struct Watch {
    id: u64,
    key: IpAddr,
    epoch: Instant,
    busy: AtomicUsize,
    /// Milliseconds from the epoch to the end of its last answer (or its opening).
    idle_since: AtomicU64,
    /// Bytes of the next request's head read since its last request ended, while the head's
    /// blank line has not come.
    head_read: AtomicUsize,
    /// Where the head reader is: in a line (0), at a line's start (1), after its `\r` (2), past
    /// the head's blank line (3).
    head_state: AtomicU8,
    cut: AtomicBool,
    waker: Mutex<Option<Waker>>,
}

/// Why a connection is cut, or refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Its address holds its share, every one of them answering a request.
    Address,
    /// Every connection is taken and answering a request.
    Everyone,
}

impl Connections {
    pub fn new(capacity: &Capacity, proxies: Arc<[IpAddr]>) -> Arc<Connections> {
        Arc::new(Connections {
            most: capacity.connections,
            most_per_address: capacity.connections_per_address,
            proxies,
            epoch: Instant::now(),
            open: Mutex::default(),
        })
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// Admits a connection from `peer`: within its address's share and the whole, the place of
    /// the connection idle longest (of its address, or of anyone) given to it when there is no
    /// other.
    pub fn admit(&self, peer: IpAddr) -> Result<Arc<Watch>, Refused> {
        let key = crate::auth::throttle::address_key(peer);
        let shared = !self.proxies.contains(&peer);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if shared && open.by_address.get(key) >= self.most_per_address {
            let oldest = open
                .idle_longest(|w| w.key == key)
                .ok_or(Refused::Address)?;
            open.cut(oldest);
        }
        if open.by_id.len() >= self.most {
            let oldest = open.idle_longest(|_| true).ok_or(Refused::Everyone)?;
            open.cut(oldest);
        }
        open.next += 1;
        let watch = Arc::new(Watch {
            id: open.next,
            key,
            epoch: self.epoch,
            busy: AtomicUsize::new(0),
            idle_since: AtomicU64::new(self.now()),
            head_read: AtomicUsize::new(0),
            head_state: AtomicU8::new(0),
            cut: AtomicBool::new(false),
            waker: Mutex::new(None),
        });
        open.by_id.insert(watch.id, watch.clone());
        open.by_address.add(key);
        Ok(watch)
    }

    /// Cuts the connections idle too long: longer than [`MOST_IDLE`], or under pressure longer
    /// than [`PRESSED_IDLE`]. The number cut.
    pub fn reap(&self) -> usize {
        self.reap_at(self.now())
    }

    fn reap_at(&self, now: u64) -> usize {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let pressed = open.by_id.len() * 4 >= self.most * 3;
        let most_idle = if pressed { PRESSED_IDLE } else { MOST_IDLE }.as_millis() as u64;
        let idle: Vec<u64> = open
            .by_id
            .values()
            .filter(|w| {
                w.idle() && now.saturating_sub(w.idle_since.load(Ordering::Relaxed)) >= most_idle
            })
            .map(|w| w.id)
            .collect();
        for id in &idle {
            open.cut(*id);
        }
        idle.len()
    }

    /// Connections open: in all, and from `address`.
    #[cfg(test)]
    fn open_now(&self, address: IpAddr) -> (usize, usize) {
        let key = crate::auth::throttle::address_key(address);
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        (open.by_id.len(), open.by_address.get(key))
    }

    fn forget(&self, watch: &Watch) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.remove(watch.id);
    }
}

impl Open {
    /// The connection between requests the longest among those `which` selects.
    fn idle_longest(&self, which: impl Fn(&Watch) -> bool) -> Option<u64> {
        self.by_id
            .values()
            .filter(|w| w.idle() && which(w))
            .min_by_key(|w| (w.idle_since.load(Ordering::Relaxed), w.id))
            .map(|w| w.id)
    }

    fn remove(&mut self, id: u64) -> Option<Arc<Watch>> {
        let watch = self.by_id.remove(&id)?;
        self.by_address.remove(watch.key);
        Some(watch)
    }

    /// Takes a connection out of the count and tells its socket to stop.
    fn cut(&mut self, id: u64) {
        if let Some(watch) = self.remove(id) {
            watch.cut();
        }
    }
}

impl Watch {
    fn idle(&self) -> bool {
        self.busy.load(Ordering::Relaxed) == 0
    }

    fn cut(&self) {
        self.cut.store(true, Ordering::Release);
        let waker = self.waker.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(w) = waker {
            w.wake();
        }
    }

    fn is_cut(&self) -> bool {
        self.cut.load(Ordering::Acquire)
    }

    /// A request begins on this connection: it is busy until the returned mark is dropped.
    fn begin(self: &Arc<Self>) -> Busy {
        self.busy.fetch_add(1, Ordering::Relaxed);
        Busy(self.clone())
    }

    /// Reads the next request's head from the start.
    fn next_head(&self) {
        self.head_read.store(0, Ordering::Relaxed);
        self.head_state.store(0, Ordering::Relaxed);
    }

    /// Counts `bytes` read: false when, between requests, a head runs past [`MOST_HEAD_READ`]
    /// without its blank line (what follows the blank line is a body, and not counted).
    fn read(&self, bytes: &[u8]) -> bool {
        let mut state = self.head_state.load(Ordering::Relaxed);
        if !self.idle() || state == 3 {
            return true;
        }
        let mut counted = bytes.len();
        for (i, &b) in bytes.iter().enumerate() {
            state = match (state, b) {
                (1 | 2, b'\n') => 3,
                (_, b'\n') => 1,
                (1, b'\r') => 2,
                _ => 0,
            };
            if state == 3 {
                counted = i + 1;
                break;
            }
        }
        self.head_state.store(state, Ordering::Relaxed);
        self.head_read.fetch_add(counted, Ordering::Relaxed) + counted <= MOST_HEAD_READ
    }

    fn remember(&self, waker: &Waker) {
        let mut slot = self.waker.lock().unwrap_or_else(|e| e.into_inner());
        match &*slot {
            Some(w) if w.will_wake(waker) => {}
            _ => *slot = Some(waker.clone()),
        }
    }
}

/// A request being answered on a connection.
struct Busy(Arc<Watch>);

impl Drop for Busy {
    fn drop(&mut self) {
        let watch = &self.0;
        watch
            .idle_since
            .store(watch.epoch.elapsed().as_millis() as u64, Ordering::Relaxed);
        watch.next_head();
        watch.busy.fetch_sub(1, Ordering::Relaxed);
    }
}

/// An admitted connection's socket: reads and writes fail once it is cut. A head longer than
/// [`MOST_HEAD_READ`] is answered 431 here, before it is read further: the connection then only
/// drains what the client still sends (so that closing does not reset the answer away) until
/// the client closes it.
pub struct Guarded {
    io: TcpStream,
    watch: Arc<Watch>,
    connections: Arc<Connections>,
    /// Bytes drained after a 431, when it was answered.
    refused: Option<usize>,
}

/// The answer to a head longer than [`MOST_HEAD_READ`].
const HEAD_TOO_LARGE: &str = "HTTP/1.1 431 Request Header Fields Too Large\r\n\
    Content-Type: text/plain; charset=utf-8\r\nContent-Length: 67\r\nConnection: close\r\n\r\n\
    The request's headers are larger than this service reads (16 KiB).\n";

/// The most drained after a 431 before the connection is closed anyway.
const MOST_DRAINED: usize = 1024 * 1024;

impl Guarded {
    pub fn new(io: TcpStream, watch: Arc<Watch>, connections: Arc<Connections>) -> Guarded {
        Guarded {
            io,
            watch,
            connections,
            refused: None,
        }
    }

    /// Answers 431 on the socket itself and closes its sending side.
    fn refuse(&mut self, cx: &mut Context<'_>) {
        let _ = self.io.try_write(HEAD_TOO_LARGE.as_bytes());
        let _ = Pin::new(&mut self.io).poll_shutdown(cx);
        self.refused = Some(0);
    }

    /// Reads and drops what the client still sends after a 431: ends with an error when the
    /// client closes the connection or sends too much.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let mut scratch = [0u8; 4096];
        loop {
            let mut buf = ReadBuf::new(&mut scratch);
            match Pin::new(&mut self.io).poll_read(cx, &mut buf) {
                Poll::Ready(Ok(())) => {
                    let drained = self.refused.unwrap_or(0) + buf.filled().len();
                    if buf.filled().is_empty() || drained > MOST_DRAINED {
                        return Poll::Ready(Err(Guarded::closed()));
                    }
                    self.refused = Some(drained);
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
    }

    /// What the requests of this connection see of it (see [`track`]).
    pub fn watch(&self) -> Arc<Watch> {
        self.watch.clone()
    }

    fn closed() -> io::Error {
        io::Error::new(io::ErrorKind::ConnectionAborted, "connection cut")
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        self.connections.forget(&self.watch);
    }
}

impl AsyncRead for Guarded {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.watch.is_cut() {
            return Poll::Ready(Err(Guarded::closed()));
        }
        self.watch.remember(cx.waker());
        if self.refused.is_some() {
            return self.drain(cx);
        }
        let before = buf.filled().len();
        let read = Pin::new(&mut self.io).poll_read(cx, buf);
        if !self.watch.read(&buf.filled()[before..]) {
            // What was read of the head is not given to HTTP: the 431 is the only answer.
            buf.set_filled(before);
            self.refuse(cx);
            return self.drain(cx);
        }
        read
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.watch.is_cut() {
            return Poll::Ready(Err(Guarded::closed()));
        }
        if self.refused.is_some() {
            // After the 431, whatever HTTP would say is not sent.
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.refused.is_some() {
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.refused.is_some() {
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// Admits `io` and gives it to HTTP, or closes it at once.
pub fn admitted(
    connections: &Arc<Connections>,
    io: TcpStream,
) -> Option<(Guarded, Option<SocketAddr>)> {
    let peer = io.peer_addr().ok()?;
    match connections.admit(peer.ip()) {
        Ok(watch) => Some((Guarded::new(io, watch, connections.clone()), Some(peer))),
        Err(why) => {
            tracing::debug!(?why, address = %peer.ip(), "connection refused");
            None
        }
    }
}

/// Marks the connection busy from a request's head to the end of its answer's body (an event
/// stream stays busy while it is open).
pub async fn track(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<Tracked>, actix_web::Error> {
    let busy = req.conn_data::<Arc<Watch>>().map(Watch::begin);
    let res = next.call(req).await?;
    Ok(res.map_body(|_, body| Tracked {
        body: body.boxed(),
        _busy: busy,
    }))
}

/// An answer's body, its connection busy until it is sent or dropped.
pub struct Tracked {
    body: BoxBody,
    _busy: Option<Busy>,
}

impl MessageBody for Tracked {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.body).poll_next(cx)
    }
}

/// Cuts the connections idle too long, every second, while the server runs.
pub async fn reap_every_second(connections: Weak<Connections>) {
    let mut tick = actix_web::rt::time::interval(Duration::from_secs(1));
    loop {
        tick.tick().await;
        match connections.upgrade() {
            Some(c) => {
                let cut = c.reap();
                if cut > 0 {
                    tracing::debug!(cut, "idle connections closed");
                }
            }
            None => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn connections(most: usize, per_address: usize) -> Arc<Connections> {
        Connections::new(
            &Capacity {
                connections: most,
                connections_per_address: per_address,
                streams: 1,
                streams_per_address: 1,
            },
            Arc::from(vec!["192.0.2.1".parse::<IpAddr>().unwrap()]),
        )
    }

    #[test]
    fn an_address_at_its_share_gives_its_idlest_place_or_is_refused() {
        let c = connections(10, 3);
        let a: IpAddr = "203.0.113.1".parse().unwrap();
        let b: IpAddr = "203.0.113.2".parse().unwrap();
        let first = c.admit(a).unwrap();
        let second = c.admit(a).unwrap();
        let third = c.admit(a).unwrap();
        let _answering = (second.begin(), third.begin());
        // The fourth takes the place of the first, the only one between requests.
        let fourth = c.admit(a).unwrap();
        assert!(first.is_cut());
        assert_eq!(c.open_now(a), (3, 3));
        // Now all three answer requests: a fifth is refused, another address is not.
        let _also = fourth.begin();
        assert_eq!(c.admit(a).err(), Some(Refused::Address));
        assert!(c.admit(b).is_ok());
        // One IPv6 network is one address.
        let v6: Vec<_> = ["2001:db8::1", "2001:db8::2", "2001:db8::3", "2001:db8::4"]
            .iter()
            .map(|s| c.admit(s.parse().unwrap()).unwrap())
            .collect();
        assert!(v6[0].is_cut() && !v6[3].is_cut());
    }

    #[test]
    fn a_full_server_gives_the_idlest_place_and_a_proxy_has_no_share() {
        let c = connections(4, 2);
        let proxy: IpAddr = "192.0.2.1".parse().unwrap();
        let held: Vec<_> = (0..4).map(|_| c.admit(proxy).unwrap()).collect();
        assert_eq!(c.open_now(proxy), (4, 4));
        let _busy: Vec<_> = held[1..].iter().map(Watch::begin).collect();
        let newcomer = c.admit("203.0.113.9".parse().unwrap()).unwrap();
        assert!(held[0].is_cut() && !newcomer.is_cut());
        let _answering = newcomer.begin();
        assert_eq!(c.admit(proxy).err(), Some(Refused::Everyone));
    }

    #[test]
    fn idle_connections_are_cut_sooner_under_pressure() {
        let c = connections(8, 8);
        let a: IpAddr = "203.0.113.1".parse().unwrap();
        let held: Vec<_> = (0..5).map(|_| c.admit(a).unwrap()).collect();
        let answering = held[0].begin();
        let now = c.now();
        // Five of eight: none is cut before the longest idle time.
        assert_eq!(c.reap_at(now + PRESSED_IDLE.as_millis() as u64), 0);
        assert_eq!(c.reap_at(now + MOST_IDLE.as_millis() as u64), 4);
        assert!(!held[0].is_cut() && held[1..].iter().all(|w| w.is_cut()));
        // Six of eight is pressure: idle for two seconds is enough.
        drop(answering);
        let more: Vec<_> = (0..5).map(|_| c.admit(a).unwrap()).collect();
        assert_eq!(c.open_now(a), (6, 6));
        let now = c.now();
        assert_eq!(c.reap_at(now + 1_000), 0);
        assert_eq!(c.reap_at(now + PRESSED_IDLE.as_millis() as u64), 6);
        assert!(more.iter().all(|w| w.is_cut()));
    }

    #[test]
    fn the_431_says_its_length() {
        let (head, body) = HEAD_TOO_LARGE.split_once("\r\n\r\n").unwrap();
        assert!(head.contains(&format!("Content-Length: {}\r\n", body.len())));
        assert!(body.contains(&format!("({} KiB)", MOST_HEADER_BYTES / 1024)));
    }

    #[test]
    fn a_head_longer_than_the_limit_is_refused_and_a_body_is_not_a_head() {
        let c = connections(8, 8);
        let w = c.admit("203.0.113.1".parse().unwrap()).unwrap();
        let line = b"X-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n";
        let mut head = b"GET / HTTP/1.1\r\n".to_vec();
        while head.len() + line.len() <= MOST_HEAD_READ {
            head.extend_from_slice(line);
        }
        assert!(w.read(&head));
        assert!(!w.read(line), "past the limit without its blank line");
        // A head whose blank line has come, and its body, however long, read at once.
        w.next_head();
        let mut request = b"POST / HTTP/1.1\nContent-Length: 100000\n\n".to_vec();
        request.resize(MOST_HEAD_READ * 3, b'{');
        assert!(w.read(&request[..10]));
        assert!(w.read(&request[10..]));
        // The same while a request is answered (its body), and then the next head counts again.
        let busy = w.begin();
        assert!(w.read(&request));
        drop(busy);
        assert!(w.read(&head) && !w.read(line));
        // A blank line split between two reads ends the head.
        w.next_head();
        assert!(w.read(b"GET / HTTP/1.1\r\nHost: x\r\n\r"));
        assert!(w.read(b"\n"));
        assert!(w.read(&request) && w.read(&request));
    }
}
