//! A whole Swiss tournament through the HTTP API: 16 players, 5 rounds, every sheet a real move
//! list, confirmations, a dispute settled, a forfeit, a withdrawal with byes, a late entry; then
//! the Swiss properties of what was generated, and the FIDE Dutch system's check of its TRF.

use std::collections::{HashMap, HashSet};

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

/// The fixture games as recorded: moves, the board after every ply, the end.
pub fn fixture_records() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/abapa-random-games.jsonl"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A fixture game as (moves, winner, [south, north] seeds).
pub fn fixture_game(g: &Value) -> (String, String, [i64; 2]) {
    let winner = g["end"]["winner"].as_str().unwrap_or("draw").to_string();
    let scores = &g["end"]["scores"];
    (
        g["moves"].as_str().unwrap().to_string(),
        winner,
        [scores[0].as_i64().unwrap(), scores[1].as_i64().unwrap()],
    )
}

/// The fixture games: (moves, winner, [south, north] seeds).
pub fn fixture_games() -> Vec<(String, String, [i64; 2])> {
    fixture_records().iter().map(fixture_game).collect()
}

pub fn sheet(game: &(String, String, [i64; 2])) -> Value {
    json!({"result": game.1, "seeds": game.2, "end": "natural", "moves": game.0})
}

/// A player signed in with their PIN.
pub async fn sign_in(app: &TestApp, t: i64, id: i64, pin: &str) -> Client {
    let c = app.client();
    let r = c
        .post_json(
            &format!("/api/tournaments/{t}/players/{id}/session"),
            &json!({"pin": pin}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    c
}

#[actix_web::test]
async fn a_swiss_tournament_from_first_pairing_to_last_result() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Winter Swiss", "rules": "abapa", "rounds": 5, "pairing": "swiss"}),
        )
        .await;
    let t = r.json()["id"].as_i64().unwrap();
    let mut csv = String::from("name,club,rating\n");
    for i in 0..16 {
        csv.push_str(&format!("Player {i:02},Club {},{}\n", i % 4, 2000 - i * 25));
    }
    let r = organiser
        .send(
            awc::http::Method::POST,
            &format!("/api/tournaments/{t}/players/import"),
            Some("text/csv"),
            csv.into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let mut pins: HashMap<i64, String> = r.json()["created"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["id"].as_i64().unwrap(),
                c["pin"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut sessions: HashMap<i64, Client> = HashMap::new();
    for (id, pin) in &pins {
        sessions.insert(*id, sign_in(&app, t, *id, pin).await);
    }
    let games = fixture_games();
    let mut next_fixture = 0;
    let mut rounds: Vec<Value> = Vec::new();
    let mut disputed = 0;
    let mut forfeits = 0;
    let mut withdrawn: HashSet<i64> = HashSet::new();

    for number in 1..=5 {
        if number == 3 {
            // A player withdraws before round 3: 15 players, so a bye.
            let leaving = *pins.keys().min().unwrap();
            let r = organiser
                .post_json(
                    &format!("/api/tournaments/{t}/players/{leaving}/withdraw"),
                    &json!({"withdrawn": true}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK);
            withdrawn.insert(leaving);
        }
        if number == 4 {
            // A late entry: 16 again.
            let (id, pin) = add_player(&organiser, t, "Late Entry").await;
            sessions.insert(id, sign_in(&app, t, id, &pin).await);
            pins.insert(id, pin);
        }
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/rounds"),
                &json!({"generate": true}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "round {number}: {}", r.body);
        let round = r.json();
        assert_eq!(round["number"], number);
        assert_eq!(round["published"], false);
        // Nobody sees an unpublished round but its staff.
        let hidden = app
            .client()
            .get(&format!("/api/tournaments/{t}/rounds/{number}"))
            .await;
        assert_eq!(hidden.status, StatusCode::NOT_FOUND);
        let r = organiser
            .send(
                awc::http::Method::POST,
                &format!("/api/tournaments/{t}/rounds/{number}/publish"),
                None,
                Vec::new(),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let round = r.json();
        for g in round["games"].as_array().unwrap() {
            let id = g["id"].as_i64().unwrap();
            let Some(north) = g["north"]["id"].as_i64() else {
                assert_eq!(g["status"], "final");
                assert_eq!(g["kind"], "bye");
                continue;
            };
            let south = g["south"]["id"].as_i64().unwrap();
            if number == 2 && forfeits == 0 {
                // North did not come.
                let r = organiser
                    .put_json(
                        &format!("/api/games/{id}/result"),
                        &json!({"kind": "forfeit-north", "reason": "North absent after 15 minutes"}),
                    )
                    .await;
                assert_eq!(r.status, StatusCode::OK, "{}", r.body);
                assert_eq!(r.json()["status"], "final");
                forfeits += 1;
                continue;
            }
            let game = &games[next_fixture % games.len()];
            next_fixture += 1;
            let r = sessions[&south]
                .post_json(&format!("/api/games/{id}/sheets"), &sheet(game))
                .await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
            assert_eq!(r.json()["status"], "submitted");
            assert_eq!(r.json()["replay"]["verified"], true);
            let sheet_id = r.json()["sheet_id"].clone();
            if number == 3 && disputed == 0 {
                // North remembers another game: a dispute, settled by the controller.
                let other = &games[(next_fixture + 100) % games.len()];
                let r = sessions[&north]
                    .post_json(&format!("/api/games/{id}/sheets"), &sheet(other))
                    .await;
                assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
                assert_eq!(r.json()["status"], "disputed");
                let theirs = r.json()["sheet_id"].clone();
                let r = sessions[&south]
                    .post_json(
                        &format!("/api/games/{id}/confirm"),
                        &json!({"sheet_id": theirs}),
                    )
                    .await;
                assert_eq!(r.status, StatusCode::CONFLICT);
                let r = organiser
                    .put_json(
                        &format!("/api/games/{id}/result"),
                        &json!({"kind": "played", "result": game.1, "seeds": game.2, "moves": game.0,
                                "reason": "both players agreed South's sheet was right"}),
                    )
                    .await;
                assert_eq!(r.status, StatusCode::OK, "{}", r.body);
                let v = r.json();
                assert_eq!(
                    (v["status"].as_str(), v["verified"].as_bool()),
                    (Some("final"), Some(true))
                );
                disputed += 1;
            } else if next_fixture % 2 == 0 {
                let r = sessions[&north]
                    .post_json(
                        &format!("/api/games/{id}/confirm"),
                        &json!({"sheet_id": sheet_id}),
                    )
                    .await;
                assert_eq!(r.status, StatusCode::OK, "{}", r.body);
                assert_eq!(r.json()["status"], "confirmed");
            } else {
                // Confirming by sending the same sheet, with the PIN instead of the session.
                let mut body = sheet(game);
                body["pin"] = json!(pins[&north]);
                let r = app
                    .client()
                    .post_json(&format!("/api/games/{id}/sheets"), &body)
                    .await;
                assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
                assert_eq!(r.json()["status"], "confirmed");
            }
        }
        let r = organiser
            .get(&format!("/api/tournaments/{t}/rounds/{number}"))
            .await;
        let round = r.json();
        for g in round["games"].as_array().unwrap() {
            assert!(
                matches!(g["status"].as_str(), Some("confirmed" | "final")),
                "{g}"
            );
        }
        rounds.push(round);
    }
    assert_eq!((disputed, forfeits), (1, 1));
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"generate": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "a sixth round of five");

    check_swiss(&rounds, &withdrawn);

    // Exported as a TRF, every round is the FIDE Dutch system's, as the command line checks it.
    let exported = organiser.get(&format!("/tournaments/{t}/export.trf")).await;
    assert_eq!(exported.status, StatusCode::OK);
    let trf = oware_tournament::fide::trf::Trf::parse(&exported.body).unwrap();
    assert_eq!(trf.rounds(), 5);
    assert_eq!(
        oware_tournament::fide::check::check(&trf),
        Vec::new(),
        "{}",
        exported.body
    );

    // Every game page shows; a played game replays ply by ply.
    let g = &rounds[0]["games"][0];
    let detail = app
        .client()
        .get(&format!("/api/games/{}", g["id"]))
        .await
        .json();
    assert!(!detail["plies"].as_array().unwrap().is_empty());
    assert_eq!(detail["verified"], true);
    assert!(
        detail.get("sheets").is_none(),
        "the public does not see the sheets"
    );
}

/// The Swiss properties of the generated rounds.
fn check_swiss(rounds: &[Value], withdrawn: &HashSet<i64>) {
    let mut met: HashSet<(i64, i64)> = HashSet::new();
    let mut byes: HashMap<i64, usize> = HashMap::new();
    let mut sides: HashMap<i64, Vec<bool>> = HashMap::new();
    let mut points: HashMap<i64, f64> = HashMap::new();
    for (r, round) in rounds.iter().enumerate() {
        let mut seen = HashSet::new();
        let mut bye_players = Vec::new();
        let mut diffs = Vec::new();
        for g in round["games"].as_array().unwrap() {
            let south = g["south"]["id"].as_i64().unwrap();
            assert!(seen.insert(south), "round {}: a player twice", r + 1);
            assert!(
                !(r >= 2 && withdrawn.contains(&south)),
                "a withdrawn player is paired"
            );
            match g["north"]["id"].as_i64() {
                None => bye_players.push(south),
                Some(north) => {
                    assert!(seen.insert(north));
                    let forfeit = g["kind"].as_str().is_some_and(|k| k.starts_with("forfeit"));
                    if !forfeit {
                        assert!(
                            met.insert((south.min(north), south.max(north))),
                            "round {}: {south} and {north} meet again",
                            r + 1
                        );
                        sides.entry(south).or_default().push(true);
                        sides.entry(north).or_default().push(false);
                    }
                    let (ps, pn) = (
                        points.get(&south).copied().unwrap_or(0.0),
                        points.get(&north).copied().unwrap_or(0.0),
                    );
                    diffs.push((ps - pn).abs());
                }
            }
        }
        // The bye goes to the lowest score among those without one.
        for b in &bye_players {
            *byes.entry(*b).or_default() += 1;
            let eligible_min = seen
                .iter()
                .filter(|p| !byes.contains_key(p) || *p == b)
                .map(|p| points.get(p).copied().unwrap_or(0.0))
                .fold(f64::INFINITY, f64::min);
            assert_eq!(
                points.get(b).copied().unwrap_or(0.0),
                eligible_min,
                "round {}: the bye",
                r + 1
            );
        }
        // Score groups: most pairs meet on equal points, and none more than a point apart.
        let equal = diffs.iter().filter(|d| **d == 0.0).count();
        assert!(equal * 2 >= diffs.len(), "round {}: {diffs:?}", r + 1);
        assert!(
            diffs.iter().all(|d| *d <= 1.0),
            "round {}: {diffs:?}",
            r + 1
        );
        // Scores after the round.
        for g in round["games"].as_array().unwrap() {
            let south = g["south"]["id"].as_i64().unwrap();
            let (s, n) = match (g["kind"].as_str(), g["result"].as_str()) {
                (Some("bye"), _) => (1.0, 0.0),
                (Some("forfeit-north"), _) => (1.0, 0.0),
                (Some("forfeit-south"), _) => (0.0, 1.0),
                (_, Some("south")) => (1.0, 0.0),
                (_, Some("north")) => (0.0, 1.0),
                _ => (0.5, 0.5),
            };
            *points.entry(south).or_default() += s;
            if let Some(north) = g["north"]["id"].as_i64() {
                *points.entry(north).or_default() += n;
            }
        }
    }
    assert!(
        byes.values().all(|&n| n == 1),
        "at most one bye each: {byes:?}"
    );
    assert!(!byes.is_empty(), "the odd rounds had a bye");
    for (player, s) in &sides {
        let south = s.iter().filter(|x| **x).count() as i64;
        let north = s.len() as i64 - south;
        assert!(
            (south - north).abs() <= 1 || (s.len() >= 4 && (south - north).abs() <= 2),
            "{player}: {s:?}"
        );
        assert!(
            !s.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
            "{player}: the same side three times: {s:?}"
        );
    }
}
