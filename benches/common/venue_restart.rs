//! The venue phase of the load generator: a venue's own service (the release binary, its event
//! imported: 100 players, 5 rounds, the last one being played) publishes to a hub that takes a
//! sheet a second from as many other venues (played by the load generator, as in the hub phase).
//! The venue's results go to the hub a third of the time, then its internet goes for a third
//! (the hub misses those results), then its power: killed with SIGKILL and started again on its
//! database with its internet back. What it sends its hub to catch up is counted on the wire.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use super::{Client, Server, event_file, hub_token, organiser, venue};

/// The venue's way to its hub: passes connections while on and cuts them at once while off,
/// counting the bytes the venue sends.
struct Link {
    address: String,
    on: Arc<AtomicBool>,
    sent: Arc<AtomicUsize>,
}

fn pipe(mut from: TcpStream, mut to: TcpStream, counted: Option<Arc<AtomicUsize>>) {
    let mut buffer = [0u8; 16 * 1024];
    while let Ok(n) = from.read(&mut buffer) {
        if n == 0 || to.write_all(&buffer[..n]).is_err() {
            break;
        }
        if let Some(counted) = &counted {
            counted.fetch_add(n, Ordering::SeqCst);
        }
    }
    let _ = to.shutdown(Shutdown::Write);
}

impl Link {
    fn to(hub: &str) -> Link {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let on = Arc::new(AtomicBool::new(true));
        let sent = Arc::new(AtomicUsize::new(0));
        let target = hub.trim_start_matches("http://").to_string();
        let (open, counted) = (on.clone(), sent.clone());
        std::thread::spawn(move || {
            for venue in listener.incoming().flatten() {
                if !open.load(Ordering::SeqCst) {
                    drop(venue);
                    continue;
                }
                let Ok(hub) = TcpStream::connect(&target) else {
                    continue;
                };
                let (v2, h2) = (venue.try_clone().unwrap(), hub.try_clone().unwrap());
                let counted = counted.clone();
                std::thread::spawn(move || pipe(venue, hub, Some(counted)));
                std::thread::spawn(move || pipe(h2, v2, None));
            }
        });
        Link { address, on, sent }
    }
}

/// The venue's publishing state, once it says its hub has every change (at most two minutes).
async fn up_to_date(organiser: &mut Client, t: i64) -> Value {
    let mut last = Value::Null;
    for _ in 0..2400 {
        let (_, state) = organiser
            .json(
                Method::GET,
                &format!("/api/tournaments/{t}/publishing"),
                &Value::Null,
            )
            .await;
        last = state["publishing"].clone();
        if last["up_to_date"] == true {
            return last;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the venue never caught up with its hub: {last}");
}

/// The controller's results of `games`, one a second for `duration` (from paper sheets); the
/// results entered.
async fn results(organiser: &mut Client, games: &mut Vec<i64>, duration: Duration) -> usize {
    let (start, mut entered) = (Instant::now(), 0);
    while start.elapsed() < duration {
        let Some(game) = games.pop() else {
            break;
        };
        let (s, answer) = organiser
            .json(
                Method::PUT,
                &format!("/api/games/{game}/result"),
                &json!({"kind": "played", "result": "south", "seeds": [26, 22],
                        "reason": "paper sheet"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{answer}");
        entered += 1;
        let due = start + Duration::from_secs(entered as u64);
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            actix_web::rt::time::sleep(wait).await;
        }
    }
    entered
}

/// See the module: `venues` venues in all, over `duration`.
pub async fn venue_phase(venues: usize, duration: Duration) {
    let hub = Server::start(None);
    let mut hub_organiser = organiser(&hub.address).await;
    let second = Some(Duration::from_secs(1));
    let mut others = Vec::new();
    for n in 0..venues.saturating_sub(1) {
        let token = hub_token(&mut hub_organiser, &format!("Venue {n}")).await;
        let offset = Duration::from_secs(1) * n as u32 / venues as u32;
        let task = venue(
            hub.address.clone(),
            token,
            n,
            (offset, second, false),
            duration,
        );
        others.push(actix_web::rt::spawn(task));
    }
    let token = hub_token(&mut hub_organiser, "The venue started again").await;
    let link = Link::to(&hub.address);
    let mut place = Server::start(None);
    let mut staff = organiser(&place.address).await;
    let file = event_file::event_file(100, 5, 4, &format!("{:032x}", 9999));
    let (s, imported) = staff
        .json(
            Method::POST,
            "/api/tournaments/import.json",
            &serde_json::to_value(&file).unwrap(),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{imported}");
    let t = imported["tournament"]["id"].as_i64().unwrap();
    let (s, linked) = staff
        .json(
            Method::PUT,
            &format!("/api/tournaments/{t}/publishing"),
            &json!({"hub": link.address, "token": token}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{linked}");
    up_to_date(&mut staff, t).await;
    let (_, round) = staff
        .json(
            Method::GET,
            &format!("/api/tournaments/{t}/rounds/5"),
            &Value::Null,
        )
        .await;
    let mut games: Vec<i64> = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["status"] == "pending" && !g["north"]["id"].is_null())
        .filter_map(|g| g["id"].as_i64())
        .collect();
    let third = duration / 3;
    let reached = results(&mut staff, &mut games, third).await;
    link.on.store(false, Ordering::SeqCst);
    let missed = results(&mut staff, &mut games, third).await;
    // The power goes: killed (SIGKILL), its database kept; back 2 s later, its internet with it.
    let dir = place._dir.take().unwrap();
    drop(place);
    actix_web::rt::time::sleep(Duration::from_secs(2)).await;
    link.sent.store(0, Ordering::SeqCst);
    link.on.store(true, Ordering::SeqCst);
    let started = Instant::now();
    let place =
        actix_web::rt::task::spawn_blocking(move || Server::start_in(dir, "127.0.0.1:0", None))
            .await
            .unwrap();
    let mut staff = organiser(&place.address).await;
    up_to_date(&mut staff, t).await;
    let caught_up = started.elapsed();
    let sent = link.sent.load(Ordering::SeqCst);
    let whole = serde_json::to_string(&file).unwrap().len();
    let (mut shown, mut errors) = (Vec::new(), 0);
    for task in others {
        let seen = task.await.unwrap();
        shown.extend(seen.shown);
        errors += seen.errors;
    }
    shown.sort();
    let p50 = shown.get(shown.len() / 2).copied().unwrap_or_default();
    println!(
        "a venue started again (SIGKILL, 2 s down) under {} other venues of 100 players a sheet a second: {reached} results pushed as entered, {missed} missed by the hub while its internet was gone; started again, it sent {sent} bytes to its hub to catch up (the whole file as imported: {whole} bytes), up to date {:.2} s after its start; the other venues: {} sheets shown on the hub, p50 {:.1} ms, not taken {errors}",
        venues.saturating_sub(1),
        caught_up.as_secs_f64(),
        shown.len(),
        p50.as_secs_f64() * 1000.0,
    );
    drop((place, hub));
}
