//! Double elimination through the API: a player is out after two lost matches; the losers'
//! bracket, the grand final and its second match, the places, the bracket page; and a grand
//! final won by the winners' bracket's winner ending the knockout a round early. Every game a
//! real move list, replayed; pairings and places worked out by hand in the test.

use std::collections::{HashMap, HashSet};

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::matches::{by_winner, pairs_and_byes, play_match, round};

/// A double-elimination knockout of `n` players seeded by rating; their ids by seed and PINs.
async fn double_knockout(
    organiser: &Client,
    n: i64,
    rounds: i64,
) -> (i64, Vec<i64>, HashMap<i64, String>) {
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": format!("Double elimination of {n}"), "rules": "abapa",
                "rounds": rounds, "pairing": "knockout", "double_elimination": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.json()["double_elimination"], true, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let mut seeds = Vec::new();
    let mut pin = HashMap::new();
    for i in 1..=n {
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": format!("Seed {i:02}"), "rating": 2010 - 10 * i}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let id = r.json()["id"].as_i64().unwrap();
        seeds.push(id);
        pin.insert(id, r.json()["pin"].as_str().unwrap().to_string());
    }
    (t, seeds, pin)
}

async fn generate(organiser: &Client, t: i64) -> (StatusCode, String) {
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"generate": true}),
        )
        .await;
    (r.status, r.body)
}

#[actix_web::test]
async fn a_double_elimination_of_six_goes_through_the_losers_bracket_to_a_second_grand_final() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // Double elimination is a knockout's, and decides third place itself.
    for (bad, field) in [
        (
            json!({"pairing": "swiss", "double_elimination": true}),
            "double_elimination",
        ),
        (
            json!({"pairing": "knockout", "double_elimination": true, "third_place": true}),
            "third_place",
        ),
    ] {
        let mut settings = json!({"name": "Bad", "rules": "abapa", "rounds": 7});
        settings
            .as_object_mut()
            .unwrap()
            .extend(bad.as_object().unwrap().clone());
        let r = organiser.post_json("/api/tournaments", &settings).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
        assert!(r.body.contains(field), "{}", r.body);
    }
    // Six players: a winners' bracket of 8 (3 rounds), so up to 2 × 3 + 1 = 7 rounds.
    let (wrong, _, _) = double_knockout(&organiser, 6, 3).await;
    let (status, body) = generate(&organiser, wrong).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body.contains("set its rounds to 7"), "{body}");
    let (t, seed, pin) = double_knockout(&organiser, 6, 7).await;
    let s = |n: usize| seed[n - 1];
    let wins = by_winner();
    let play = |n: i64, b: i64, w: usize| {
        let (app, organiser, pin, wins) = (&app, &organiser, &pin, &wins);
        async move { play_match(app, organiser, (t, n, b), s(w), &[true], pin, wins).await }
    };

    // Round 1: places 1, 8, 4, 5, 2, 7, 3, 6 of a bracket of 8: 1 and 2 have byes.
    let r1 = crate::sheets::generated_and_published(&organiser, t, 1).await;
    assert_eq!(
        pairs_and_byes(&r1),
        (
            vec![(s(4), s(5)), (s(3), s(6))],
            HashSet::from([s(1), s(2)])
        )
    );
    play(1, 1, 5).await;
    play(1, 2, 3).await;
    // Pairings entered by hand follow the bracket: other pairs are refused, saying which; the
    // bracket's pairs on other boards, a player the other side, are taken.
    let by_hand = |pairs: &[(usize, usize)], byes: &[usize]| {
        let mut list: Vec<Value> = (1..)
            .zip(pairs)
            .map(|(b, &(x, y))| json!({"board": b, "south": s(x), "north": s(y)}))
            .collect();
        list.extend(byes.iter().map(|&b| json!({"bye": s(b)})));
        json!({ "pairings": list })
    };
    let rounds = format!("/api/tournaments/{t}/rounds");
    let r = organiser
        .post_json(&rounds, &by_hand(&[(1, 3), (2, 5)], &[4, 6]))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(
        r.body.contains("follow its bracket: round 2 is"),
        "{}",
        r.body
    );
    let r = organiser
        .post_json(&rounds, &by_hand(&[(3, 2), (1, 5)], &[6, 4]))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    // Generated again, as the bracket seats them.
    let r = organiser
        .put_json(&format!("{rounds}/2"), &json!({"generate": true}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // Round 2: the winners' round 2; round 1's losers (4, 6) have byes in the losers' round 1,
    // whose other places are the byes' empty ones.
    let r2 = crate::sheets::publish(&organiser, t, 2).await;
    assert_eq!(
        pairs_and_byes(&r2),
        (
            vec![(s(1), s(5)), (s(2), s(3))],
            HashSet::from([s(4), s(6)])
        )
    );
    play(2, 1, 1).await;
    play(2, 2, 3).await;
    // Round 3: the winners' final 1-3; the losers' round 2: its players meet round 2's losers
    // (5, 2) in reverse order: 4-2, 6-5.
    let r3 = crate::sheets::generated_and_published(&organiser, t, 3).await;
    assert_eq!(
        pairs_and_byes(&r3),
        (
            vec![(s(1), s(3)), (s(2), s(4)), (s(5), s(6))],
            HashSet::new()
        )
    );
    play(3, 1, 3).await;
    play(3, 2, 2).await;
    play(3, 3, 6).await;
    // Round 4: the losers' round 3, 2-6; nobody else plays.
    let r4 = crate::sheets::generated_and_published(&organiser, t, 4).await;
    assert_eq!(pairs_and_byes(&r4), (vec![(s(2), s(6))], HashSet::new()));
    play(4, 1, 2).await;
    // Round 5: the losers' final: 2 meets the winners' final's loser, 1.
    let r5 = crate::sheets::generated_and_published(&organiser, t, 5).await;
    assert_eq!(pairs_and_byes(&r5), (vec![(s(1), s(2))], HashSet::new()));
    play(5, 1, 1).await;
    // Round 6: the grand final, 3 (unbeaten) against 1; 1 wins: both have lost once.
    let r6 = crate::sheets::generated_and_published(&organiser, t, 6).await;
    assert_eq!(pairs_and_byes(&r6), (vec![(s(1), s(3))], HashSet::new()));
    play(6, 1, 1).await;
    let b = app
        .client()
        .get(&format!("/api/tournaments/{t}/bracket"))
        .await
        .json();
    let places: Vec<(String, String)> = serde_json::from_value(b["places"].clone()).unwrap();
    assert_eq!(places.len(), 4, "1 and 3 still in: {places:?}");
    // Round 7: the grand final's second match decides; 3 wins it.
    let r7 = crate::sheets::generated_and_published(&organiser, t, 7).await;
    assert_eq!(pairs_and_byes(&r7), (vec![(s(1), s(3))], HashSet::new()));
    play(7, 1, 3).await;
    let (status, body) = generate(&organiser, t).await;
    assert_eq!(status.as_u16() / 100, 4, "{body}");

    // Places by hand: 3 first, 1 second (out in the second grand final), 2 third (the losers'
    // final), 6 fourth (the losers' round 3), 4 and 5 share fifth (the losers' round 2).
    let expected = [(1, false, 3), (2, false, 1), (3, false, 2), (4, false, 6)];
    let standings = standings_json(&organiser, t, None).await;
    let rows = standings["standings"].as_array().unwrap();
    let by_id: HashMap<i64, &Value> = rows
        .iter()
        .map(|r| (r["player_id"].as_i64().unwrap(), r))
        .collect();
    for (rank, shared, n) in expected.into_iter().chain([(5, true, 4), (5, true, 5)]) {
        let row = by_id[&s(n)];
        assert_eq!(row["rank"], rank, "seed {n}: {row}");
        assert_eq!(row["shared"], shared, "seed {n}: {row}");
    }
    assert_eq!(rows[0]["player_id"], s(3));
    let b = app
        .client()
        .get(&format!("/api/tournaments/{t}/bracket"))
        .await
        .json();
    assert_eq!(b["double_elimination"], true);
    let titles: Vec<&str> = b["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        ["Winners' bracket", "Losers' bracket", "Grand final"]
    );
    let grand = &b["sections"][2]["rounds"];
    assert_eq!(grand[0]["title"], "Grand final");
    assert_eq!(grand[1]["title"], "Grand final, second match");
    assert_eq!(grand[1]["number"], 7);
    let losers: Vec<(i64, &str)> = b["sections"][1]["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["number"].as_i64().unwrap(), r["title"].as_str().unwrap()))
        .collect();
    assert_eq!(
        losers,
        [
            (2, "Losers' round 1"),
            (3, "Losers' round 2"),
            (4, "Losers' round 3"),
            (5, "Losers' final")
        ]
    );
    let places: Vec<(String, String)> = serde_json::from_value(b["places"].clone()).unwrap();
    let names: Vec<(&str, &str)> = places
        .iter()
        .map(|(p, n)| (p.as_str(), n.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("1", "Seed 03"),
            ("2", "Seed 01"),
            ("3", "Seed 02"),
            ("4", "Seed 06"),
            ("5=", "Seed 04"),
            ("5=", "Seed 05")
        ]
    );
    let page = app.client().get(&format!("/tournaments/{t}/bracket")).await;
    assert_eq!(page.status, StatusCode::OK);
    for text in [
        "Losers&#39; bracket",
        "Grand final, second match",
        "Double elimination",
    ] {
        assert!(page.body.contains(text), "{text}");
    }
}

#[actix_web::test]
async fn a_grand_final_won_by_the_unbeaten_player_ends_the_knockout_a_round_early() {
    let stick = tempfile::tempdir().unwrap();
    let folder = stick.path().to_path_buf();
    let app = spawn_app_tuned(move |c| c.backup_folder = Some(folder)).await;
    let organiser = app.organiser().await;
    // Two players: round 1, then the grand final between its winner and its loser.
    let (t, seed, pin) = double_knockout(&organiser, 2, 3).await;
    let wins = by_winner();
    crate::sheets::generated_and_published(&organiser, t, 1).await;
    play_match(&app, &organiser, (t, 1, 1), seed[1], &[true], &pin, &wins).await;
    // Before the grand final's result, the second match waits for it.
    crate::sheets::generated_and_published(&organiser, t, 2).await;
    let (status, body) = generate(&organiser, t).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body.contains("not all decided (board 1)"), "{body}");
    play_match(&app, &organiser, (t, 2, 1), seed[1], &[true], &pin, &wins).await;
    // Seed 2 has won both: the third round is not played, and the rounds page says so.
    let (status, body) = generate(&organiser, t).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body.contains("over after round 2"), "{body}");
    let page = organiser.get(&format!("/tournaments/{t}/rounds")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("The knockout is over"), "{}", page.body);
    assert!(
        !page.body.contains("Generate the pairings"),
        "{}",
        page.body
    );
    let standings = standings_json(&organiser, t, None).await;
    let rows = standings["standings"].as_array().unwrap();
    assert_eq!(
        (rows[0]["player_id"].as_i64(), rows[0]["rank"].as_i64()),
        (Some(seed[1]), Some(1))
    );
    assert_eq!(rows[1]["rank"], 2);
    let round = round(&organiser, t, 2).await;
    assert_eq!(round["games"].as_array().unwrap().len(), 1);
    // The event is at its end: its backup is made, as after a last round.
    crate::backups::backup_for(&organiser, "every result in").await;
}
