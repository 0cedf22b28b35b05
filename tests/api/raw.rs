//! Clients at the socket: connections from a chosen address of this machine (all of 127/8 is
//! loopback), requests written by hand, and a laptop that hoards connections. Shared by the
//! HTTP tests and the load benchmark (`benches/load.rs` includes this file).

use std::cell::Cell;
use std::net::SocketAddr;
use std::rc::Rc;
use std::time::Duration;

use actix_web::rt::net::{TcpSocket, TcpStream};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A connection to the service from `source`.
pub async fn connect_from(source: &str, server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(source.parse().unwrap(), 0))?;
    socket.connect(server).await
}

/// Reads one answer: its status and body (`None` if the connection closes first).
pub async fn read_answer(stream: &mut TcpStream) -> Option<(u16, String)> {
    let mut data = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(end) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        data.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&data[..head_end]).to_lowercase();
    let status = head.get(9..12)?.parse().ok()?;
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    while data.len() < head_end + length {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        data.extend_from_slice(&chunk[..n]);
    }
    Some((
        status,
        String::from_utf8_lossy(&data[head_end..]).into_owned(),
    ))
}

pub fn post(path: &str, body: &Value) -> String {
    let body = body.to_string();
    format!(
        "POST {path} HTTP/1.1\r\nHost: venue\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// How one hoarding connection behaves.
#[derive(Clone, Copy)]
pub enum Hoard {
    /// Opens and says nothing.
    Silent,
    /// Sends a request's head a byte at a time.
    TrickledHead,
    /// Sends a request's head, then its body a byte at a time.
    TrickledBody,
    /// Sends a request now and then on a kept-alive connection.
    KeepAlive,
}

/// What a hoarding client saw: connections it holds now (a connection it opened is held until
/// it sees it closed), and how often a connection of its was closed or refused; and whether it
/// opens again what was closed.
pub struct Hoarded {
    pub holding: Cell<usize>,
    pub closed: Cell<usize>,
    pub reopen: Cell<bool>,
}

/// `connections` connections from `source`, each reopened whenever the service closes it,
/// until `stop`.
pub fn hoard(
    source: &'static str,
    server: SocketAddr,
    connections: usize,
    stop: Rc<Cell<bool>>,
) -> Rc<Hoarded> {
    let seen = Rc::new(Hoarded {
        holding: Cell::new(0),
        closed: Cell::new(0),
        reopen: Cell::new(true),
    });
    let kinds = [
        Hoard::Silent,
        Hoard::TrickledHead,
        Hoard::TrickledBody,
        Hoard::KeepAlive,
    ];
    for k in 0..connections {
        let (seen, stop, kind) = (seen.clone(), stop.clone(), kinds[k % kinds.len()]);
        actix_web::rt::spawn(async move {
            while !stop.get() {
                if !seen.reopen.get() {
                    actix_web::rt::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
                let Ok(mut stream) = connect_from(source, server).await else {
                    actix_web::rt::time::sleep(Duration::from_millis(100)).await;
                    continue;
                };
                seen.holding.set(seen.holding.get() + 1);
                hold(&mut stream, kind, &stop).await;
                seen.holding.set(seen.holding.get() - 1);
                if !stop.get() {
                    seen.closed.set(seen.closed.get() + 1);
                    actix_web::rt::time::sleep(Duration::from_secs(1)).await;
                }
            }
        });
    }
    seen
}

/// Holds a connection as `kind` says until the service closes it or `stop`.
async fn hold(stream: &mut TcpStream, kind: Hoard, stop: &Cell<bool>) {
    let (mut reader, mut writer) = stream.split();
    let mut unread = [0u8; 4096];
    let sending = async {
        let head = b"GET /api/tournaments HTTP/1.1\r\nHost: venue\r\nX-Slow: ";
        let body_head = b"POST /api/session HTTP/1.1\r\nHost: venue\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n";
        match kind {
            Hoard::Silent => std::future::pending::<()>().await,
            Hoard::TrickledHead => {
                for byte in head.iter().cycle() {
                    if writer.write_all(&[*byte]).await.is_err() {
                        return;
                    }
                    actix_web::rt::time::sleep(Duration::from_millis(500)).await;
                }
            }
            Hoard::TrickledBody => {
                if writer.write_all(body_head).await.is_err() {
                    return;
                }
                loop {
                    actix_web::rt::time::sleep(Duration::from_millis(500)).await;
                    if writer.write_all(b" ").await.is_err() {
                        return;
                    }
                }
            }
            Hoard::KeepAlive => loop {
                let request = b"GET /api/tournaments HTTP/1.1\r\nHost: venue\r\n\r\n";
                if writer.write_all(request).await.is_err() {
                    return;
                }
                actix_web::rt::time::sleep(Duration::from_secs(3)).await;
            },
        }
    };
    // The answers are read (and dropped) until the service closes the connection.
    let reading = async {
        while !stop.get() {
            match reader.read(&mut unread).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    let stopping = async {
        while !stop.get() {
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        }
    };
    tokio::select! {
        () = sending => {}
        () = reading => {}
        () = stopping => {}
    }
}

/// A room of phones behind `source` signing in with their PINs (`players`: id and PIN),
/// `at_once` at a time, each phone keeping its connection open after, as a browser does: each
/// answer (`None` if the connection closed first) with the time it took, and the phones.
pub async fn room_signs_in(
    source: &'static str,
    server: SocketAddr,
    t: i64,
    players: &[(i64, String)],
    at_once: usize,
) -> (Vec<(Option<(u16, String)>, Duration)>, Vec<TcpStream>) {
    let (mut answers, mut phones) = (Vec::new(), Vec::new());
    for group in players.chunks(at_once.max(1)) {
        let signing: Vec<_> = group
            .iter()
            .cloned()
            .map(|(id, pin)| {
                actix_web::rt::spawn(async move {
                    let start = std::time::Instant::now();
                    let mut phone = connect_from(source, server).await.ok()?;
                    let request = post(
                        &format!("/api/tournaments/{t}/players/{id}/session"),
                        &serde_json::json!({ "pin": pin }),
                    );
                    phone.write_all(request.as_bytes()).await.ok()?;
                    let answer = read_answer(&mut phone).await;
                    Some((answer, start.elapsed(), phone))
                })
            })
            .collect();
        for task in signing {
            match task.await.ok().flatten() {
                Some((answer, took, phone)) => {
                    answers.push((answer, took));
                    phones.push(phone);
                }
                None => answers.push((None, Duration::ZERO)),
            }
        }
    }
    (answers, phones)
}
