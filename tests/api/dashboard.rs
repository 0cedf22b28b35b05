//! The controller's live dashboard (the round's boards by state and the alerts, following the
//! results through its event stream) and the player's "my board now".

use std::time::{Duration, Instant};

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::pages::{event_stream_of, event_with};
use crate::sheets::{publish, sent_and_confirmed, tournament_with_players, with_pin};
use crate::swiss::{fixture_games, sheet, sign_in};

/// Time enough for a slow machine; how long an update took is reported, never asserted.
const PATIENCE: Duration = Duration::from_secs(30);

/// The next round paired by hand, not yet published: two boards (South, North) and a bye. Its
/// two games.
pub async fn two_boards_and_a_bye(
    organiser: &Client,
    t: i64,
    boards: [(i64, i64); 2],
    bye: i64,
) -> [i64; 2] {
    let pairings: Vec<Value> = (1..)
        .zip(boards)
        .map(|(board, (south, north))| json!({"board": board, "south": south, "north": north}))
        .chain([json!({"bye": bye})])
        .collect();
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({ "pairings": pairings }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let games = r.json()["games"].clone();
    let game = |k: usize| games[k]["id"].as_i64().unwrap();
    [game(0), game(1)]
}

/// Five players, round 1 by hand (P0–P1 on board 1, P2–P3 on board 2, P4's bye), published:
/// the tournament, the players (id, PIN) and the two games.
async fn round_of_five(app: &TestApp, organiser: &Client) -> (i64, Vec<(i64, String)>, [i64; 2]) {
    let (t, p) = tournament_with_players(app, organiser, "manual", 5, json!({"rounds": 2})).await;
    let games =
        two_boards_and_a_bye(organiser, t, [(p[0].0, p[1].0), (p[2].0, p[3].0)], p[4].0).await;
    publish(organiser, t, 1).await;
    (t, p, games)
}

async fn dashboard(staff: &Client, t: i64) -> Value {
    let r = staff.get(&format!("/api/tournaments/{t}/dashboard")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()
}

fn kinds(d: &Value) -> Vec<String> {
    d["alerts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["kind"].as_str().unwrap().to_string())
        .collect()
}

#[actix_web::test]
async fn the_dashboard_calls_the_controller_as_the_results_come_in() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, p, [g1, g2]) = round_of_five(&app, &organiser).await;

    // For the staff who run the tournament only, page, stream and API alike.
    let path = format!("/api/tournaments/{t}/dashboard");
    assert_eq!(
        app.client().get(&path).await.status,
        StatusCode::UNAUTHORIZED
    );
    let player = sign_in(&app, t, p[0].0, &p[0].1).await;
    assert_eq!(player.get(&path).await.status, StatusCode::FORBIDDEN);
    let outsider = app.controller(&organiser, "outsider").await;
    assert_eq!(outsider.get(&path).await.status, StatusCode::FORBIDDEN);
    let stream = outsider
        .get(&format!("/tournaments/{t}/dashboard/events"))
        .await;
    assert_eq!(stream.status, StatusCode::FORBIDDEN);
    let page = app
        .client()
        .get(&format!("/tournaments/{t}/dashboard"))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);

    // Both boards playing, the bye listed, nothing to do.
    let d = dashboard(&organiser, t).await;
    assert_eq!(d["round"], 1);
    assert_eq!(d["boards"].as_array().unwrap().len(), 2);
    assert!(
        d["boards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["state"] == "playing")
    );
    assert_eq!(d["byes"], json!(["P4"]));
    assert_eq!(d["counts"], json!([["playing", 2]]));
    assert!(kinds(&d).is_empty());
    // In French, the same states in French words, the codes unchanged.
    let fr = organiser
        .get_in("fr", &format!("/api/tournaments/{t}/dashboard"))
        .await
        .json();
    assert_eq!(fr["counts"], json!([["en cours", 2]]));
    assert_eq!(fr["boards"][0]["state"], "en cours");
    assert_eq!(fr["boards"][0]["status"], "pending");
    let page = organiser.get(&format!("/tournaments/{t}/dashboard")).await;
    assert_eq!(page.status, StatusCode::OK);
    for part in [
        "Round 1: live dashboard",
        "Nothing needs you now",
        "/static/follow.js",
        "<noscript>",
    ] {
        assert!(page.body.contains(part), "{part}: {}", page.body);
    }

    let script = app.client().get("/static/follow.js").await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(script.body.contains("EventSource"));

    let events = event_stream_of(
        &app.address,
        &format!("/tournaments/{t}/dashboard/events"),
        organiser.cookie(),
    );
    event_with(&events, "Nothing needs you now", PATIENCE);

    // P0 sends a sheet whose seeds the moves do not give, three times: refused each time, and
    // the third makes an alert with the last diagnostic.
    let fixtures = fixture_games();
    let right = sheet(&fixtures[0]);
    let mut wrong = right.clone();
    let seeds = fixtures[0].2;
    wrong["seeds"] = json!([seeds[1], seeds[0]]);
    if seeds[0] == seeds[1] {
        wrong["result"] = json!("south");
    }
    let client = app.client();
    for times in 1..=3 {
        let r = client
            .post_json(
                &format!("/api/games/{g1}/sheets"),
                &with_pin(wrong.clone(), &p[0].1),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
        let d = dashboard(&organiser, t).await;
        assert_eq!(d["boards"][0]["refused"], times);
        assert_eq!(kinds(&d).len(), usize::from(times == 3), "{d}");
    }
    let d = dashboard(&organiser, t).await;
    assert_eq!(
        d["alerts"][0],
        json!({"kind": "refused", "game": g1, "board": 1, "times": 3})
    );
    let why = d["boards"][0]["last_refusal"].as_str().unwrap().to_string();
    assert!(why.starts_with("move "), "{why}");
    // The refusal is kept as facts: a French reader of this English tournament reads it in
    // French, the same move named.
    let fr = organiser
        .get_in("fr", &format!("/api/tournaments/{t}/dashboard"))
        .await
        .json();
    let pourquoi = fr["boards"][0]["last_refusal"].as_str().unwrap();
    let number = |s: &str| s.split([' ', ',']).nth(1).map(str::to_string);
    assert!(pourquoi.starts_with("coup "), "{pourquoi}");
    assert_eq!(number(pourquoi), number(&why), "{pourquoi} / {why}");
    assert!(
        pourquoi.contains('«') && !pourquoi.contains(" seeds "),
        "{pourquoi}"
    );
    let update = event_with(&events, "3 score sheets refused", PATIENCE);
    assert!(update.contains("Board 1"), "{update}");

    // The right sheet: the count is forgotten, the board has its sheet in.
    let r = client
        .post_json(
            &format!("/api/games/{g1}/sheets"),
            &with_pin(right.clone(), &p[0].1),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let d = dashboard(&organiser, t).await;
    assert_eq!(d["boards"][0]["state"], "sheet in");
    assert_eq!(d["boards"][0]["refused"], 0);
    assert!(kinds(&d).is_empty(), "{d}");

    // P1 sends a different sheet: a dispute, shown on the open stream without a reload.
    let r = client
        .post_json(
            &format!("/api/games/{g1}/sheets"),
            &with_pin(sheet(&fixtures[1]), &p[1].1),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let disputed = Instant::now();
    let update = event_with(&events, "sheets differ", PATIENCE);
    eprintln!(
        "dashboard: the dispute's event came {} ms after the sheet was answered",
        disputed.elapsed().as_millis()
    );
    assert!(update.contains(&format!("/games/{g1}")), "{update}");
    assert_eq!(kinds(&dashboard(&organiser, t).await), ["disputed"]);

    // The controller decides board 1; board 2 is sent and confirmed: all in, pair round 2.
    let r = organiser
        .put_json(
            &format!("/api/games/{g1}/result"),
            &json!({"kind": "played", "result": fixtures[0].1, "seeds": seeds, "reason": "P0's sheet is right"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    sent_and_confirmed(&app, g2, sheet(&fixtures[2]), (&p[2].1, &p[3].1)).await;
    let d = dashboard(&organiser, t).await;
    assert_eq!(
        d["alerts"],
        json!([{"kind": "all_in", "round": 1, "next": {"kind": "pair", "round": 2}}])
    );
    let update = event_with(
        &events,
        "All results of round 1 are in: pair round 2",
        PATIENCE,
    );
    assert!(
        update.contains(&format!("/tournaments/{t}/rounds")),
        "{update}"
    );

    // Round 2 paired, not yet published: the alert says to publish it; published, the
    // dashboard follows round 2.
    two_boards_and_a_bye(&organiser, t, [(p[1].0, p[4].0), (p[3].0, p[0].0)], p[2].0).await;
    let d = dashboard(&organiser, t).await;
    assert_eq!(
        d["alerts"][0]["next"],
        json!({"kind": "publish", "round": 2})
    );
    publish(&organiser, t, 2).await;
    let d = dashboard(&organiser, t).await;
    assert_eq!(d["round"], 2);
    assert!(kinds(&d).is_empty());
    event_with(&events, "Round 2: live dashboard", PATIENCE);
}

#[actix_web::test]
async fn games_open_past_the_planned_end_are_listed_and_the_last_round_says_so() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, p, [g1, g2]) = round_of_five(&app, &organiser).await;
    // A round given 30 minutes and planned to start two hours ago (the venue at UTC).
    let two_hours_ago = (chrono::Utc::now() - chrono::Duration::hours(2))
        .naive_utc()
        .format("%Y-%m-%dT%H:%M:00")
        .to_string();
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/schedule"),
            &json!({"round_minutes": 30, "planned": [{"round": 1, "start": two_hours_ago}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let fixtures = fixture_games();
    let r = app
        .client()
        .post_json(
            &format!("/api/games/{g2}/sheets"),
            &with_pin(sheet(&fixtures[0]), &p[2].1),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    // Both still open: one playing, one with its sheet in.
    let d = dashboard(&organiser, t).await;
    assert_eq!(
        d["alerts"],
        json!([{"kind": "overdue", "games": [[g1, 1], [g2, 2]]}])
    );
    let page = organiser.get(&format!("/tournaments/{t}/dashboard")).await;
    assert!(
        page.body
            .contains("planned end, 2 games still without a result"),
        "{}",
        page.body
    );
    assert!(page.body.contains(&format!("/games/{g1}/adjudicate")));

    // A round planned later than now is not late.
    let in_an_hour = (chrono::Utc::now() + chrono::Duration::hours(1))
        .naive_utc()
        .format("%Y-%m-%dT%H:%M:00")
        .to_string();
    organiser
        .put_json(
            &format!("/api/tournaments/{t}/schedule"),
            &json!({"round_minutes": 30, "planned": [{"round": 1, "start": in_an_hour}]}),
        )
        .await;
    assert!(kinds(&dashboard(&organiser, t).await).is_empty());

    // Round 2 of 2, all in: the tournament is over.
    sent_and_confirmed(&app, g1, sheet(&fixtures[1]), (&p[0].1, &p[1].1)).await;
    let r = app
        .client()
        .post_json(
            &format!("/api/games/{g2}/confirm"),
            &json!({"pin": p[3].1, "sheet_id": app.latest_sheet(g2).await}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [{"board": 1, "south": p[4].0, "north": p[0].0}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let round2 = publish(&organiser, t, 2).await;
    let game = round2["games"][0]["id"].as_i64().unwrap();
    sent_and_confirmed(&app, game, sheet(&fixtures[2]), (&p[4].1, &p[0].1)).await;
    let d = dashboard(&organiser, t).await;
    assert_eq!(
        d["alerts"],
        json!([{"kind": "all_in", "round": 2, "next": {"kind": "over"}}])
    );
    let page = organiser.get(&format!("/tournaments/{t}/dashboard")).await;
    assert!(
        page.body
            .contains("All results of round 2, the last, are in.")
    );
}

#[actix_web::test]
async fn a_player_lands_on_their_board_and_it_follows_the_game() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, p) = tournament_with_players(&app, &organiser, "manual", 5, json!({"rounds": 2})).await;
    let me = format!("/api/tournaments/{t}/me");

    // Nobody but the player: a visitor is sent to sign in, the staff are refused.
    assert_eq!(app.client().get(&me).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(organiser.get(&me).await.status, StatusCode::FORBIDDEN);
    let page = app.client().get(&format!("/tournaments/{t}/me")).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(
        page.header("location"),
        Some(format!("/tournaments/{t}/sign-in").as_str())
    );

    // Signing in on the page lands on the board; nothing is paired yet.
    let north = app.client();
    let r = page_sign_in(&north, t, p[1].0, &p[1].1).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(
        r.header("location"),
        Some(format!("/tournaments/{t}/me").as_str())
    );
    let b = north.get(&me).await.json();
    assert_eq!(b["round"], json!(null));
    assert_eq!(b["seat"]["kind"], "not_paired");
    let events = event_stream_of(
        &app.address,
        &format!("/tournaments/{t}/me/events"),
        north.cookie(),
    );
    event_with(&events, "not published yet", PATIENCE);

    // Published: board 1, North against P0, who starts; the notice and the round's times.
    let [game, _] =
        two_boards_and_a_bye(&organiser, t, [(p[0].0, p[1].0), (p[2].0, p[3].0)], p[4].0).await;
    publish(&organiser, t, 1).await;
    organiser
        .put_json(
            &format!("/api/tournaments/{t}/schedule"),
            &json!({"round_minutes": 50}),
        )
        .await;
    let r = organiser
        .post_json(&format!("/api/tournaments/{t}/rounds/1/start"), &json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/notice"),
            &json!({"text": "Lunch <until> 13:30"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // The writes of a moment make one event: the last one holds them all.
    let update = event_with(&events, "Lunch", PATIENCE);
    assert!(update.contains("Lunch &#60;until&#62; 13:30"), "{update}");
    assert!(update.contains("Board 1"), "{update}");
    assert!(
        update.contains("You play North against P0: P0 starts."),
        "{update}"
    );
    assert!(update.contains("planned end"), "{update}");
    let b = north.get(&me).await.json();
    assert_eq!(b["seat"]["board"], 1);
    assert_eq!(b["seat"]["south"], false);
    assert_eq!(b["seat"]["opponent"], "P0");
    assert_eq!(b["seat"]["waiting"], "nothing");

    // P0's sheet comes in: it waits for North, whose page says so without a reload; P0's own
    // board says it waits for the opponent.
    let fixture = &fixture_games()[0];
    let r = app
        .client()
        .post_json(
            &format!("/api/games/{game}/sheets"),
            &with_pin(sheet(fixture), &p[0].1),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let sent = Instant::now();
    let update = event_with(&events, "waits for you", PATIENCE);
    eprintln!(
        "my board: the sheet's event came {} ms after the sheet was answered",
        sent.elapsed().as_millis()
    );
    assert!(update.contains(&format!("/games/{game}")), "{update}");
    assert_eq!(north.get(&me).await.json()["seat"]["waiting"], "for_you");
    let south = sign_in(&app, t, p[0].0, &p[0].1).await;
    let b = south.get(&me).await.json();
    assert_eq!(b["seat"]["waiting"], "for_opponent");
    assert_eq!(b["seat"]["south"], true);
    // The bye's player sees their bye.
    let bye = sign_in(&app, t, p[4].0, &p[4].1).await;
    assert_eq!(bye.get(&me).await.json()["seat"]["kind"], "bye");

    // Confirmed: the result shows.
    let r = north
        .post_json(
            &format!("/api/games/{game}/confirm"),
            &json!({"sheet_id": app.latest_sheet(game).await}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    event_with(&events, "Result confirmed.", PATIENCE);
}
