//! A crowd on the live view: the projector view's event streams draw from a budget of their
//! own, in all and per address, so that players and staff always get through.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use awc::http::StatusCode;
use serde_json::json;

use crate::helpers::*;
use crate::sheets::{one_game, publish, sent_and_confirmed};
use crate::swiss::{fixture_games, sheet};

/// An event stream opened as a browser would, from `from` (as the trusted proxy reports it):
/// the status line, the head, and the connection (to read the events from, or to close).
fn open_stream(app: &TestApp, t: i64, from: &str) -> (String, String, BufReader<TcpStream>) {
    let host = app.address.trim_start_matches("http://");
    let mut stream = TcpStream::connect(host).expect("the service listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "GET /tournaments/{t}/live/events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\nX-Forwarded-For: {from}\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let status = head.lines().next().unwrap_or_default().to_string();
    (status, head.to_lowercase(), reader)
}

/// Reads events from a stream until one holds `wanted`.
fn wait_for_event(stream: &mut BufReader<TcpStream>, wanted: &str) -> bool {
    let mut line = String::new();
    loop {
        line.clear();
        match stream.read_line(&mut line) {
            Ok(0) | Err(_) => return false,
            Ok(_) if line.starts_with("data: ") && line.contains(wanted) => return true,
            Ok(_) => {}
        }
    }
}

#[actix_web::test]
async fn a_crowd_on_the_live_view_leaves_room_for_the_players() {
    let app = spawn_app_with(Capacity {
        connections: 1_000,
        connections_per_address: 250,
        streams: 12,
        streams_per_address: 5,
    })
    .await;
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), (_, north_pin)) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;

    // One address opens more streams than its share: the rest are refused at once, closing
    // the connection, and the page is told it refreshes itself instead.
    let mut laptop = Vec::new();
    for k in 0..8 {
        let (status, head, mut stream) = open_stream(&app, t, "203.0.113.1");
        if k < 5 {
            assert!(status.starts_with("HTTP/1.1 200"), "stream {k}: {status}");
            assert!(head.contains("text/event-stream"), "{head}");
            laptop.push(stream);
        } else {
            assert!(status.starts_with("HTTP/1.1 503"), "stream {k}: {status}");
            assert!(head.contains("connection: close"), "{head}");
            assert!(head.contains("retry-after: 30"), "{head}");
            let mut body = String::new();
            let _ = stream.read_to_string(&mut body);
            assert!(body.contains("refreshes itself every 30 seconds"), "{body}");
        }
    }
    // Other addresses share what is left, up to the streams of the whole server.
    let mut others = Vec::new();
    for _ in 0..5 {
        let (status, _, stream) = open_stream(&app, t, "203.0.113.2");
        assert!(status.starts_with("HTTP/1.1 200"), "{status}");
        others.push(stream);
    }
    for k in 0..4 {
        let (status, _, stream) = open_stream(&app, t, "203.0.113.3");
        if k < 2 {
            assert!(status.starts_with("HTTP/1.1 200"), "{status}");
            others.push(stream);
        } else {
            assert!(status.starts_with("HTTP/1.1 503"), "{status}");
        }
    }

    // Every stream is taken; a sheet is still sent and confirmed, and every stream open shows
    // the result (one drawing of the content for all of them).
    let games = fixture_games();
    sent_and_confirmed(&app, game, sheet(&games[0]), (&south_pin, &north_pin)).await;
    let seeds = games[0].2;
    let result = format!("({}-{})", seeds[0], seeds[1]);
    for stream in laptop.iter_mut().chain(others.iter_mut()) {
        assert!(
            wait_for_event(stream, &result),
            "a stream never showed {result}"
        );
    }

    // The laptop closes its streams: their places come back, and the address may open one
    // again (the server notices a closed stream when it next writes to it).
    drop(laptop);
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/players"),
            &json!({"name": "Late Arrival", "club": "", "country": "GH", "rating": 1500}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let since = Instant::now();
    loop {
        let (status, _, _stream) = open_stream(&app, t, "203.0.113.1");
        if status.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(
            since.elapsed() < Duration::from_secs(60),
            "the closed streams' places never came back: {status}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    }
}
