//! The circuit phase of the load generator: a hub holding a season of 12 finished events of
//! 1,000 players each (5 rounds, every game with its moves), its players the persons of a
//! register of 2,000, and a circuit counting the twelve (the first ×2, best 8, three
//! categories). A controller's ruling in the first event's last round, then the circuit's page
//! read at once: how long from the ruling sent to a page that shows it, and what the page costs
//! when nothing changed.

use std::time::{Duration, Instant};

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use super::{Client, event_file};

const PERSONS: usize = 2_000;
const EVENTS: usize = 12;
/// Players in each event (a tournament takes at most 1,500): each person plays about six.
const PLAYERS: usize = 1_000;
const ROUNDS: i64 = 5;

/// The register: 2,000 persons, a third of them born after 2010, half of them women.
fn register() -> String {
    let mut csv = String::from("id,name,birth_year,gender,federation,club,licence,merged_into\n");
    for id in 1..=PERSONS {
        let born = 1950 + (id * 37) % 65;
        let gender = if id % 2 == 0 { "female" } else { "male" };
        csv.push_str(&format!(
            "{id},Person {id:04},{born},{gender},GHA,Club {},,\n",
            id % 40
        ));
    }
    csv
}

/// Event `e`: the fixtures' games, its players linked to the register in an order of its own.
fn event(e: usize) -> Value {
    let mut file = event_file::event_file(
        PLAYERS as i64,
        ROUNDS,
        ROUNDS,
        &format!("{:032x}", 0xc1_2c00 + e),
    );
    file.tournament.settings = serde_json::from_value(json!({
        "name": format!("Circuit event {}", e + 1), "rules": "abapa", "rounds": ROUNDS,
        "start_date": format!("2027-{:02}-06", e + 1), "end_date": format!("2027-{:02}-06", e + 1)
    }))
    .unwrap();
    for p in &mut file.players {
        let i = p.id as usize - 1;
        p.register_id = Some(((i * 7 + e * 131) % PERSONS + 1) as i64);
    }
    serde_json::to_value(&file).unwrap()
}

async fn page(client: &mut Client, id: i64) -> (Duration, Vec<u8>) {
    let start = Instant::now();
    let (s, body) = client
        .send(Method::GET, &format!("/circuits/{id}"), None, Vec::new())
        .await;
    assert_eq!(s, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    (start.elapsed(), body)
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// The season set up, then five rulings, each followed by the circuit's page.
pub async fn circuit_phase(organiser: &Client) {
    let mut staff = organiser.clone();
    let setup = Instant::now();
    let (s, body) = staff
        .send(
            Method::POST,
            "/api/register/import",
            Some("text/csv"),
            register().into_bytes(),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    let mut events = Vec::new();
    for e in 0..EVENTS {
        let (s, v) = staff
            .json(Method::POST, "/api/tournaments/import.json", &event(e))
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        events.push(v["tournament"]["id"].as_i64().unwrap());
    }
    let counted: Vec<Value> = events
        .iter()
        .enumerate()
        .map(|(i, t)| json!({"tournament_id": t, "coefficient": if i == 0 { 2 } else { 1 }}))
        .collect();
    let rules = json!({
        "name": "Grand Prix 2027", "season": {"start": "2027-01-01", "end": "2027-12-31"},
        "events": counted,
        "points": {"kind": "by-place", "tables": [
            {"points": [100, 80, 65, 55, 50, 45, 40, 36, 32, 29, 26, 24, 22, 20, 18, 16, 15,
                        14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]}], "for_playing": 1},
        "best": 8,
        "categories": [
            {"code": "U18", "name": "Under 18", "rule": "under", "age": 18},
            {"code": "W", "name": "Women", "rule": "women"},
            {"code": "S", "name": "Seniors", "rule": "from", "age": 60}
        ],
        "qualification": {"top": 16, "per_category": {"U18": 2, "S": 2}, "reserved": {"W": 2},
                          "min_events": 3},
        "lots_seed": 2027
    });
    let (s, v) = staff.json(Method::POST, "/api/circuits", &rules).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["id"].as_i64().unwrap();
    println!(
        "circuit: {PERSONS} persons, {EVENTS} events of {PLAYERS} players and {ROUNDS} rounds \
         imported in {:.1} s",
        setup.elapsed().as_secs_f64()
    );

    let (first, mut before) = page(&mut staff, id).await;
    let mut quiet = Vec::new();
    for _ in 0..20 {
        quiet.push(page(&mut staff, id).await.0);
    }
    quiet.sort();
    println!(
        "circuit page (2,000 rows): first read {}, then median {} (nothing changed)",
        ms(first),
        ms(quiet[quiet.len() / 2])
    );

    // Each ruling: the first event's leader (×2) forfeits a game of the last round.
    for i in 0..5 {
        let (game, side) = leaders_game(&mut staff, events[0]).await;
        let kind = format!("forfeit-{side}");
        let start = Instant::now();
        let (s, v) = staff
            .json(
                Method::PUT,
                &format!("/api/games/{game}/result"),
                &json!({"kind": kind, "reason": "the sheet was never signed"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let ruled = start.elapsed();
        let (read, after) = page(&mut staff, id).await;
        println!(
            "ruling {}: answered in {}, the circuit's page read after it in {} ({}: {} from the \
             ruling sent)",
            i + 1,
            ms(ruled),
            ms(read),
            if after == before {
                "unchanged"
            } else {
                "changed"
            },
            ms(start.elapsed())
        );
        before = after;
    }
}

/// The game of the last round of tournament `t` its leader played, and the leader's side.
async fn leaders_game(staff: &mut Client, t: i64) -> (i64, &'static str) {
    let path = format!("/api/tournaments/{t}/standings");
    let (s, standings) = staff.json(Method::GET, &path, &Value::Null).await;
    assert_eq!(s, StatusCode::OK);
    let leader = standings["standings"][0]["name"].clone();
    let path = format!("/api/tournaments/{t}/rounds/{ROUNDS}");
    let (s, round) = staff.json(Method::GET, &path, &Value::Null).await;
    assert_eq!(s, StatusCode::OK);
    for g in round["games"].as_array().unwrap() {
        for side in ["south", "north"] {
            if g[side]["name"] == leader && g["result"].as_str() != Some(opposite(side)) {
                return (g["id"].as_i64().unwrap(), side);
            }
        }
    }
    panic!("the leader {leader} won no game of the last round: {round}");
}

fn opposite(side: &str) -> &'static str {
    if side == "south" { "north" } else { "south" }
}
