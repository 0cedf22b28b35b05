//! Connections cannot be hoarded: one address holds at most its share, a connection that says
//! nothing (or a byte at a time) gives its place to one that has a request, a body must come at
//! a minimum rate, and more than a request's head between two requests closes the connection.
//!
//! The clients here connect from addresses of their own (127.0.0.2 and up: all of 127/8 is this
//! machine), not through the trusted proxy at 127.0.0.1 as the other tests' clients do.

use std::cell::Cell;
use std::net::SocketAddr;
use std::rc::Rc;
use std::time::Duration;

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::*;
use crate::raw::{connect_from, hoard, post, read_answer, room_signs_in};
use crate::sheets::{one_game, publish, sent_and_confirmed};
use crate::swiss::{fixture_games, sheet};

fn server_address(app: &TestApp) -> SocketAddr {
    app.address.trim_start_matches("http://").parse().unwrap()
}

#[actix_web::test]
async fn hoarded_connections_leave_room_for_the_sheets_and_a_room_of_players() {
    let app = spawn_app_with(Capacity {
        connections: 300,
        connections_per_address: 100,
        streams: 40,
        streams_per_address: 6,
    })
    .await;
    let server = server_address(&app);
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), (_, north_pin)) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let players = import_players(&organiser, t, "Venue Player", 300).await;
    assert_eq!(players.len(), 300);

    // A laptop tries to hold a thousand connections: silent, trickling a head or a body a byte
    // at a time, or asking for a page every three seconds; whatever is closed opens again a
    // second later.
    let stop = Rc::new(Cell::new(false));
    let laptop = hoard("127.0.0.2", server, 1_000, stop.clone());
    // Until its connections have been refused or closed a thousand times over.
    while laptop.closed.get() < 1_000 {
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }

    // A sheet is sent and confirmed from another address...
    let games = fixture_games();
    sent_and_confirmed(&app, game, sheet(&games[0]), (&south_pin, &north_pin)).await;

    // ... and a room of 300 phones behind a third one signs in, 30 at a time; each phone keeps
    // its connection open after, as a browser does.
    let (answers, phones) = room_signs_in("127.0.0.3", server, t, &players, 30).await;
    for (answer, _) in answers {
        let (status, body) = answer.expect("the phone gets an answer");
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(phones.len(), 300);

    // The laptop stops opening connections: once the service has taken from its queue every
    // one it opened (and closed those beyond the share), the laptop holds no more than its
    // share. The last of them may wait in the listening queue until the idle sweep frees a
    // place in the full server (seconds, and more while the other tests keep both cores
    // busy: CI saw 101 held after 30 s), then be closed as beyond the share. (At most 120 s:
    // a guard for a busy machine, not a measure of speed; without the share the laptop would
    // keep the whole server's 300 however long it waited.)
    laptop.reopen.set(false);
    let mut held = laptop.holding.get();
    for _ in 0..1_200 {
        if held <= 100 {
            break;
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        held = laptop.holding.get();
    }
    assert!(held <= 100, "the laptop holds {held} connections");
    stop.set(true);
}

#[actix_web::test]
async fn a_body_that_comes_too_slowly_is_refused_before_the_request_time() {
    let app = spawn_app_tuned(|c| {
        c.body_rate = oware_tournament::web::plumbing::limits::BodyRate {
            grace: Duration::from_secs(1),
            bytes_per_second: 100,
        };
    })
    .await;
    let server = server_address(&app);
    // A body a byte every 200 ms: five bytes a second where a hundred are due.
    let mut slow = connect_from("127.0.0.2", server).await.unwrap();
    slow.write_all(
        b"POST /api/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n",
    )
    .await
    .unwrap();
    let (mut reader, mut writer) = slow.split();
    let trickle = async {
        for _ in 0..200 {
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
            if writer.write_all(b" ").await.is_err() {
                break;
            }
        }
    };
    let mut answer = Vec::new();
    tokio::select! {
        () = trickle => {}
        _ = reader.read_to_end(&mut answer) => {}
    }
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        answer.contains("slower than 100 bytes a second"),
        "{answer}"
    );
    // The same request at a normal pace is read (and its wrong password refused).
    let mut quick = connect_from("127.0.0.2", server).await.unwrap();
    let request = post(
        "/api/session",
        &json!({"username": "admin", "password": "not the password"}),
    );
    quick.write_all(request.as_bytes()).await.unwrap();
    let (status, body) = read_answer(&mut quick).await.unwrap();
    assert_eq!(status, 401, "{body}");
}

#[actix_web::test]
async fn a_head_longer_than_the_limit_is_answered_431_and_its_connection_closed() {
    let app = spawn_app().await;
    let server = server_address(&app);
    let mut stream = connect_from("127.0.0.2", server).await.unwrap();
    stream
        .write_all(b"GET /api/tournaments HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let (status, _) = read_answer(&mut stream).await.unwrap();
    assert_eq!(status, 200);
    // The next request's head never ends: 40 KiB of one header, then nothing. The server
    // itself would keep up to 128 KiB of it, with no time limit on a second request's head.
    let mut head = b"GET /api/tournaments HTTP/1.1\r\nHost: x\r\nX-Long: ".to_vec();
    head.resize(40 * 1024, b'a');
    let _ = stream.write_all(&head).await;
    let mut rest = Vec::new();
    // At most 10 s: a guard against a connection held for ever (or until the idle connections
    // are swept, 20 s), not a measure of speed.
    let closed =
        actix_web::rt::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "the connection is still open");
    let answer = String::from_utf8_lossy(&rest);
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
    assert!(
        answer.contains("larger than this service reads"),
        "{answer}"
    );
    // A long body is not a long head.
    let mut stream = connect_from("127.0.0.2", server).await.unwrap();
    let body = format!(
        "{{\"username\": \"admin\", \"password\": \"{}\"}}",
        "x".repeat(50 * 1024)
    );
    let request = format!(
        "POST /api/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let (status, answer) = read_answer(&mut stream).await.unwrap();
    assert_eq!(status, 401, "{answer}");
}
