//! The controller's event day: no result lost or hidden, disputes settled from the sheets, rounds
//! corrected.

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::sheets::{one_game, publish, sent_and_confirmed, with_pin};
use crate::swiss::{fixture_games, sheet};

/// The audit entries of a tournament with this action, newest first.
async fn audit(organiser: &Client, t: i64, action: &str) -> Vec<Value> {
    let entries = organiser
        .get(&format!("/api/audit?tournament={t}"))
        .await
        .json();
    entries
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == action)
        .cloned()
        .collect()
}

#[actix_web::test]
async fn a_confirmation_counts_only_for_the_sheet_the_opponent_read() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), (_, north_pin)) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let games = fixture_games();
    let url = format!("/api/games/{game}/sheets");
    let first = app
        .client()
        .post_json(&url, &with_pin(sheet(&games[0]), &south_pin))
        .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let read = first.json()["sheet_id"].as_i64().unwrap();
    // South replaces the sheet between North's reading it and North's click.
    let second = app
        .client()
        .post_json(&url, &with_pin(sheet(&games[1]), &south_pin))
        .await;
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.body);
    let latest = second.json()["sheet_id"].as_i64().unwrap();
    assert_ne!(read, latest);
    let confirm = format!("/api/games/{game}/confirm");
    let r = app
        .client()
        .post_json(&confirm, &json!({"pin": north_pin, "sheet_id": read}))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("no longer the latest"), "{}", r.body);
    let g = organiser.get(&format!("/api/games/{game}")).await.json();
    assert_eq!(g["status"], "submitted", "nothing changed");
    assert!(audit(&organiser, t, "game.confirm").await.is_empty());
    // Without naming the sheet, nothing is confirmed either.
    let r = app
        .client()
        .post_json(&confirm, &json!({"pin": north_pin}))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    // The sheet North reads now is the one that counts.
    let r = app
        .client()
        .post_json(&confirm, &json!({"pin": north_pin, "sheet_id": latest}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let g = organiser.get(&format!("/api/games/{game}")).await.json();
    assert_eq!(g["status"], "confirmed");
    assert_eq!(g["moves"], g["sheets"][1]["moves"]);
    assert_eq!(g["seeds"], json!(games[1].2));
}

#[actix_web::test]
async fn the_rules_are_fixed_once_a_round_is_published() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _, _, _) = one_game(&app, &organiser, json!({})).await;
    let settings = |rules: &str, rounds: i64, options: Value| {
        json!({"name": "manual 3", "rules": rules, "rounds": rounds, "pairing": "manual",
               "rule_options": options})
    };
    let url = format!("/api/tournaments/{t}");
    // Before publishing, anything may change.
    let r = organiser
        .put_json(&url, &settings("abapa", 9, json!({"grand_slam": "loses"})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    publish(&organiser, t, 1).await;
    let stored = organiser.get(&url).await.json();
    for (change, why) in [
        (
            settings("merkel", 9, json!({"grand_slam": "loses"})),
            "fixed",
        ),
        (settings("abapa", 9, json!({})), "fixed"),
        (
            settings("abapa", 0, json!({"grand_slam": "loses"})),
            "between 1 and 99",
        ),
    ] {
        let r = organiser.put_json(&url, &change).await;
        assert!(r.status.is_client_error(), "{change}: {}", r.body);
        assert!(r.body.contains(why), "{}", r.body);
        assert_eq!(organiser.get(&url).await.json(), stored, "nothing changed");
    }
    let r = organiser
        .put_json(&url, &settings("abapa", 9, json!({})))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    // The rounds cannot go below those already paired; other settings still change.
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"generate": false, "pairings": []}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let r = organiser
        .put_json(&url, &settings("abapa", 1, json!({"grand_slam": "loses"})))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("2 rounds are paired"), "{}", r.body);
    let r = organiser
        .put_json(&url, &settings("abapa", 2, json!({"grand_slam": "loses"})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // The form shows the rules, and offers no way to change them.
    let form = organiser.get(&format!("/tournaments/{t}/edit")).await;
    assert!(
        form.body.contains("Fixed: a round is published"),
        "{}",
        form.body
    );
    assert!(!form.body.contains("<select name=\"rules\">"));
}

#[actix_web::test]
async fn a_stored_game_that_no_longer_replays_is_shown_as_an_error() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), (_, north_pin)) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let fixture = sheet(&fixture_games()[0]);
    sent_and_confirmed(&app, game, fixture, (&south_pin, &north_pin)).await;
    assert_eq!(
        organiser.get(&format!("/games/{game}.ogn")).await.status,
        StatusCode::OK
    );
    // Damage the stored moves: the first move is now from an empty pit of North's.
    app.execute(&format!(
        "UPDATE games SET moves = 'a ' || moves WHERE id = {game}"
    ));
    let g = app.client().get(&format!("/api/games/{game}")).await.json();
    assert!(
        g["replay_error"]
            .as_str()
            .is_some_and(|e| e.contains("no longer replay")),
        "{g}"
    );
    assert_eq!(g["verified"], false);
    let page = app.client().get(&format!("/games/{game}")).await;
    assert!(page.body.contains("no longer replay"), "{}", page.body);
    assert!(!page.body.contains("verified by replay"));
    for path in [
        format!("/games/{game}.ogn"),
        format!("/tournaments/{t}/games.ogn"),
    ] {
        let r = organiser.get(&path).await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{path}: {}", r.body);
        assert!(r.body.contains("no longer replay"), "{path}: {}", r.body);
    }
}

/// A disputed game: South's sheet is one fixture game, North's another.
async fn disputed(app: &TestApp, organiser: &Client) -> (i64, i64, i64, i64) {
    let (t, game, (_, south_pin), (_, north_pin)) = one_game(app, organiser, json!({})).await;
    publish(organiser, t, 1).await;
    let games = fixture_games();
    let url = format!("/api/games/{game}/sheets");
    let south = app
        .client()
        .post_json(&url, &with_pin(sheet(&games[0]), &south_pin))
        .await;
    let north = app
        .client()
        .post_json(&url, &with_pin(sheet(&games[1]), &north_pin))
        .await;
    assert_eq!(north.json()["status"], "disputed", "{}", north.body);
    (
        t,
        game,
        south.json()["sheet_id"].as_i64().unwrap(),
        north.json()["sheet_id"].as_i64().unwrap(),
    )
}

#[actix_web::test]
async fn a_dispute_is_settled_by_accepting_one_sheet_with_its_moves() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, south_sheet, north_sheet) = disputed(&app, &organiser).await;
    let games = fixture_games();
    // The controller sees both sheets, with their moves and verdicts, and where they part.
    let g = organiser.get(&format!("/api/games/{game}")).await.json();
    let sheets = g["sheets"].as_array().unwrap();
    assert_eq!(sheets.len(), 2);
    for s in sheets {
        assert!(s["id"].is_i64() && s["moves"].as_str().is_some_and(|m| !m.is_empty()));
        assert_eq!(s["replays"], true);
    }
    let difference = &g["difference"];
    assert_eq!(difference["south_sheet"], south_sheet);
    assert_eq!(difference["north_sheet"], north_sheet);
    let ply = difference["ply"].as_u64().unwrap() as usize;
    let pits = |moves: &str| -> Vec<String> {
        moves
            .split_whitespace()
            .map(|t| {
                t.chars()
                    .take_while(char::is_ascii_alphabetic)
                    .collect::<String>()
            })
            .filter(|pit| !pit.is_empty())
            .collect()
    };
    let (a, b) = (
        pits(sheets[0]["moves"].as_str().unwrap()),
        pits(sheets[1]["moves"].as_str().unwrap()),
    );
    assert_eq!(
        a[..ply - 1],
        b[..ply - 1],
        "the lists agree before ply {ply}"
    );
    assert_ne!(a.get(ply - 1), b.get(ply - 1), "and part at ply {ply}");
    let page = organiser.get(&format!("/games/{game}")).await;
    assert!(page.body.contains(&format!("first differ at move {ply}")));
    assert_eq!(page.body.matches("Accept this sheet").count(), 2);
    // The players see the sheets, not the comparison; the public sees neither.
    let public = app.client().get(&format!("/api/games/{game}")).await.json();
    assert!(public.get("sheets").is_none() && public.get("difference").is_none());

    // Accepting North's sheet: final, with North's moves, replay and OGN.
    let r = organiser
        .put_json(
            &format!("/api/games/{game}/result"),
            &json!({"accept_sheet": north_sheet, "reason": "North's sheet matches the board"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let g = r.json();
    assert_eq!(g["status"], "final");
    assert_eq!(g["verified"], true);
    assert_eq!(g["moves"], sheets[1]["moves"]);
    assert_eq!(g["seeds"], json!(games[1].2));
    assert_eq!(g["plies"].as_array().unwrap().len(), b.len());
    let ogn = organiser.get(&format!("/games/{game}.ogn")).await;
    assert_eq!(ogn.status, StatusCode::OK);
    let entry = &audit(&organiser, t, "game.result").await[0];
    assert!(entry["before"].as_str().unwrap().contains("disputed"));
    assert!(
        entry["after"]
            .as_str()
            .unwrap()
            .contains("North's sheet matches the board")
    );
    // The reason is the staff's: the public reads that the controller set the result.
    let public = app.client().get(&format!("/api/games/{game}")).await.json();
    assert!(public.get("reason").is_none(), "{public}");
    assert_eq!(public["ruled"], true);
    let page = app.client().get(&format!("/games/{game}")).await;
    assert!(page.body.contains("set by the controller"));
    assert!(!page.body.contains("matches the board"));
    // A sheet of another game cannot be accepted here.
    let r = organiser
        .put_json(
            &format!("/api/games/{game}/result"),
            &json!({"accept_sheet": north_sheet + 100, "reason": "typo"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
}

#[actix_web::test]
async fn a_game_sent_back_to_pending_keeps_its_sheets() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, _, _) = disputed(&app, &organiser).await;
    let r = organiser
        .post_json(&format!("/api/games/{game}/reset"), &json!({"reason": ""}))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let r = organiser
        .post_json(
            &format!("/api/games/{game}/reset"),
            &json!({"reason": "to be replayed at 15:00"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let g = r.json();
    assert_eq!(g["status"], "pending");
    assert!(g["result"].is_null() && g["moves"].is_null());
    assert_eq!(g["sheets"].as_array().unwrap().len(), 2, "the sheets stay");
    assert_eq!(app.count("sheets"), 2);
    let entry = &audit(&organiser, t, "game.reset").await[0];
    assert!(entry["after"].as_str().unwrap().contains("to be replayed"));
    // A player's session cannot reset a game.
    let player = app.client();
    let r = player
        .post_json(&format!("/api/games/{game}/reset"), &json!({"reason": "x"}))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn the_controller_gives_how_a_game_ended_and_its_moves() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, _, _) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let (moves, _, _) = &fixture_games()[0];
    let half: Vec<&str> = moves.split_whitespace().take(12).collect();
    let half = half.join(" ");
    // A win by resignation for the player with fewer seeds, with the moves up to it: the
    // seeds declared must be the board's.
    let stores = half_stores(&half);
    let winner = if stores[0] <= stores[1] {
        "south"
    } else {
        "north"
    };
    let r = organiser
        .put_json(
            &format!("/api/games/{game}/result"),
            &json!({"kind": "played", "result": winner, "seeds": [stores[0] + 1, stores[1]],
                    "end": "resignation", "moves": half, "reason": "the loser resigned"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert_eq!(r.code(), "replay");
    let g = organiser.get(&format!("/api/games/{game}")).await.json();
    assert_eq!(g["status"], "pending", "nothing changed");
    let r = organiser
        .put_json(
            &format!("/api/games/{game}/result"),
            &json!({"kind": "played", "result": winner, "seeds": stores, "end": "resignation",
                    "moves": half, "reason": "the loser resigned"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let g = r.json();
    assert_eq!(
        (g["status"].as_str(), g["end"].as_str()),
        (Some("final"), Some("resignation"))
    );
    assert_eq!(g["verified"], true);
    assert_eq!(g["plies"].as_array().unwrap().len(), 12);
    assert_eq!(g["result"], winner);
    // The form offers the same.
    let page = organiser.get(&format!("/games/{game}")).await;
    assert!(page.body.contains("name=\"end\"") && page.body.contains("name=\"moves\""));
    assert!(page.body.contains("shown to staff only"));
    // The audit log counts the 12 plies as plies, not as 12 moves (the paper's move 6).
    let log = organiser.get("/audit").await.body;
    assert!(log.contains("plies played (one player"), "{log}");
    assert!(!log.contains("moves played"), "{log}");
}

/// The seeds each side holds after the moves, read from the service's replay of them.
fn half_stores(moves: &str) -> [i64; 2] {
    let replay = oware_tournament::engine::replay(
        moves,
        &oware_tournament::engine::Rules::abapa(),
        oware_tournament::engine::Position::start(),
        None,
        oware_tournament::engine::DeclaredEnd::Natural,
    )
    .unwrap();
    let stores = replay.final_position().stores();
    [i64::from(stores[0]), i64::from(stores[1])]
}

/// Four players, round 1 published by hand: board 1 P0–P1, board 2 P2–P3; a fifth, late.
async fn four_and_a_late_arrival(app: &TestApp, organiser: &Client) -> (i64, Vec<i64>, Value) {
    let (t, players) =
        crate::sheets::tournament_with_players(app, organiser, "manual", 5, json!({})).await;
    let id: Vec<i64> = players.iter().map(|p| p.0).collect();
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [{"south": id[0], "north": id[1]}, {"south": id[2], "north": id[3]}, {"bye": id[4]}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let round = publish(organiser, t, 1).await;
    (t, id, round)
}

#[actix_web::test]
async fn a_published_round_is_corrected_on_its_page() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, id, round) = four_and_a_late_arrival(&app, &organiser).await;
    let board1 = round["games"][0]["id"].as_i64().unwrap();
    let r = organiser
        .put_json(
            &format!("/api/games/{board1}/result"),
            &json!({"kind": "forfeit-north", "reason": "P1 did not come"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let page = format!("/tournaments/{t}/rounds/1");
    let html = organiser.get(&page).await.body;
    assert!(html.contains("Correct the pairings"), "{html}");
    let csrf = csrf_in(&html);
    let games_before = app.count("games");
    // Junk in the form: refused whole, nothing changed.
    for junk in [
        vec![("board_0", "1"), ("south_0", "abc"), ("north_0", "2")],
        vec![("mystery", "1")],
        vec![("board_0", "1")],
    ] {
        let mut fields = junk.clone();
        fields.push(("csrf", csrf.as_str()));
        fields.push(("action", "save"));
        let r = organiser
            .post_form(&format!("{page}/pairings"), &fields)
            .await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{junk:?}: {}",
            r.body
        );
        assert_eq!(app.count("games"), games_before, "{junk:?} changed nothing");
    }
    // Moving board 1, which has a result: refused.
    let (s0, s1, s2, s3, s4) = (
        id[0].to_string(),
        id[1].to_string(),
        id[2].to_string(),
        id[3].to_string(),
        id[4].to_string(),
    );
    let r = organiser
        .post_form(
            &format!("{page}/pairings"),
            &[
                ("csrf", &csrf),
                ("action", "save"),
                ("board_0", "1"),
                ("south_0", &s1),
                ("north_0", &s0),
                ("board_1", "2"),
                ("south_1", &s2),
                ("north_1", &s3),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("board 1 has a result"), "{}", r.body);
    // The late arrival plays P3 on board 2; P2 gets the bye instead. Board 1 stays.
    let r = organiser
        .post_form(
            &format!("{page}/pairings"),
            &[
                ("csrf", &csrf),
                ("action", "save"),
                ("board_0", "1"),
                ("south_0", &s0),
                ("north_0", &s1),
                ("board_1", "2"),
                ("south_1", &s4),
                ("north_1", &s3),
                ("bye_0", &s2),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let now = organiser
        .get(&format!("/api/tournaments/{t}/rounds/1"))
        .await
        .json();
    assert_eq!(
        now["games"][0]["id"], board1,
        "the board with a result kept its game"
    );
    assert_eq!(now["games"][0]["kind"], "forfeit-north");
    assert_eq!(now["games"][1]["south"]["id"], id[4]);
    assert_eq!(now["games"][2]["south"]["id"], id[2]);
    assert!(now["games"][2]["north"].is_null());
    let public = app.client().get(&page).await.body;
    // Written as every page writes a moment: "Corrected on 1 December 2026 at 21:24 UTC."
    assert!(public.contains("Corrected on "), "{public}");
    assert!(public.contains(" UTC."), "{public}");
    let entry = &audit(&organiser, t, "round.correct").await[0];
    assert!(entry["before"].as_str().unwrap().contains("removed"));
}

#[actix_web::test]
async fn the_round_page_shows_the_pairings_warnings_and_a_dashboard_for_staff() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _, _) = four_and_a_late_arrival(&app, &organiser).await;
    let page = format!("/tournaments/{t}/rounds/1");
    let html = organiser.get(&page).await.body;
    assert!(html.contains("Results of round 1"), "{html}");
    assert!(
        html.contains("<strong>2</strong> waiting for a score sheet"),
        "{html}"
    );
    assert!(html.contains("2 games of the published rounds still have no result that counts"));
    let public = app.client().get(&page).await.body;
    assert!(!public.contains("Results of round 1") && !public.contains("Correct the pairings"));
    // Round 2 entered by hand on the page: the warnings the API gives are on the page too.
    let csrf = csrf_in(
        &organiser
            .get(&format!("/tournaments/{t}/rounds"))
            .await
            .body,
    );
    let r = organiser
        .post_form(
            &format!("/tournaments/{t}/rounds"),
            &[("csrf", &csrf), ("mode", "by-hand")],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let round2 = format!("/tournaments/{t}/rounds/2");
    assert_eq!(r.header("location"), Some(round2.as_str()));
    let ids: Vec<i64> = organiser
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/rounds/2"),
            &json!({"pairings": [{"south": ids[0], "north": ids[1]}]}),
        )
        .await;
    let api_warnings: Vec<String> = r.json()["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap().to_string())
        .collect();
    assert!(api_warnings.len() >= 2, "{api_warnings:?}");
    let html = organiser.get(&round2).await.body;
    for w in &api_warnings {
        assert!(html.contains(w.as_str()), "{w} on the page: {html}");
    }
    assert!(html.contains("no final result"), "{html}");
}

#[actix_web::test]
async fn a_players_csv_imported_again_asks_about_each_name_registered_already() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Re-import").await;
    let csv = "name,club\nAma Owusu,Accra\nKofi Mensah,Kumasi\n";
    let import = |query: &'static str, body: &'static str| {
        let organiser = &organiser;
        async move {
            organiser
                .send(
                    awc::http::Method::POST,
                    &format!("/api/tournaments/{t}/players/import{query}"),
                    Some("text/csv"),
                    body.as_bytes().to_vec(),
                )
                .await
        }
    };
    let r = import("", csv).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    // The same file again, with one new name: nothing is imported until each name registered
    // already is added or skipped.
    let again = "name,club\nAma Owusu,Accra\nKofi Mensah,Kumasi\nYaa Asantewaa,Ejisu\n";
    let r = import("", again).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let duplicates = r.json()["duplicates"].clone();
    let rows: Vec<(i64, &str)> = duplicates
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["row"].as_i64().unwrap(), d["name"].as_str().unwrap()))
        .collect();
    assert_eq!(rows, [(1, "Ama Owusu"), (2, "Kofi Mensah")]);
    assert_eq!(app.count("players"), 2, "nothing imported");
    let r = import("?add=1", again).await;
    assert_eq!(
        r.status,
        StatusCode::CONFLICT,
        "row 2 is still undecided: {}",
        r.body
    );
    assert_eq!(app.count("players"), 2);
    let r = import("?add=1&skip=2", again).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let names: Vec<String> = r.json()["created"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["Ama Owusu", "Yaa Asantewaa"]);
    assert_eq!(app.count("players"), 4);

    // On the page: the rows are listed with a choice each; unticked rows are skipped.
    let page = format!("/tournaments/{t}/players/import");
    let csrf = organiser.csrf(&page).await;
    let r = organiser
        .post_multipart(
            &page,
            &[
                ("csv", None, "name\nKofi Mensah\nAdjoa Boateng\n"),
                ("csrf", None, &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(
        r.body.contains("Row 1, Kofi Mensah: add as a new player"),
        "{}",
        r.body
    );
    assert_eq!(app.count("players"), 4);
    let r = organiser
        .post_multipart(
            &page,
            &[
                ("csv", None, "name\nKofi Mensah\nAdjoa Boateng\n"),
                ("listed", None, "1"),
                ("csrf", None, &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert!(r.body.contains("Adjoa Boateng") && !r.body.contains("Kofi Mensah"));
    assert_eq!(app.count("players"), 5);
}

#[actix_web::test]
async fn the_result_form_gives_a_win_on_time_to_the_player_with_fewer_seeds() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, _, _) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let page = format!("/games/{game}");
    let csrf = csrf_in(&organiser.get(&page).await.body);
    let r = organiser
        .post_form(
            &format!("{page}/result"),
            &[
                ("csrf", &csrf),
                ("kind", "played"),
                ("result", "north"),
                ("south_seeds", "20"),
                ("north_seeds", "10"),
                ("end", "time"),
                ("moves", ""),
                ("reason", "South's flag fell"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let g = organiser.get(&format!("/api/games/{game}")).await.json();
    assert_eq!(
        (
            g["status"].as_str(),
            g["result"].as_str(),
            g["end"].as_str()
        ),
        (Some("final"), Some("north"), Some("time"))
    );
    assert_eq!(g["seeds"], json!([20, 10]));
    // (South on 25 or more would have ended an abapa game before any loss on time: refused.)
    assert_eq!(g["reason"], "South's flag fell");
    // The result says it was on time: the winner has fewer seeds.
    assert_eq!(g["result_text"], "0-1 (20-10), on time");
    let round = organiser.get(&format!("/tournaments/{t}/rounds/1")).await;
    assert!(
        round.body.contains("0-1 (20-10), on time"),
        "{}",
        round.body
    );
}

/// The value of a page's hidden `seen` field (the version it was read at).
fn seen_in(html: &str) -> String {
    let marker = "name=\"seen\" value=\"";
    let start = html.find(marker).expect("a form with the version read") + marker.len();
    let end = start + html[start..].find('"').unwrap();
    html[start..end].to_string()
}

#[actix_web::test]
async fn a_stale_page_on_a_second_staff_device_changes_nothing_and_says_what_changed() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, _, _) = one_game(&app, &organiser, json!({})).await;
    // Two staff devices open round 1's page, unpublished.
    let laptop = app.organiser().await;
    let tablet = app.controller(&organiser, "kwame").await;
    organiser
        .post_json(
            &format!("/api/tournaments/{t}/controllers"),
            &json!({"username": "kwame", "assign": true}),
        )
        .await;
    let round_page = format!("/tournaments/{t}/rounds/1");
    let on_laptop = laptop.get(&round_page).await.body;
    let on_tablet = tablet.get(&round_page).await.body;
    let (laptop_seen, tablet_seen) = (seen_in(&on_laptop), seen_in(&on_tablet));
    assert_eq!(laptop_seen, tablet_seen);
    // Publishing and deleting ask first: their buttons are behind a disclosure.
    assert!(on_laptop.contains("<details class=\"confirm\" id=\"confirm-publish\">"));
    assert!(on_laptop.contains("<details class=\"confirm\" id=\"confirm-delete\">"));
    // The tablet publishes; the laptop's delete, from its page read before, is refused.
    let csrf = csrf_in(&on_tablet);
    let r = tablet
        .post_form(
            &format!("{round_page}/publish"),
            &[("csrf", &csrf), ("seen", &tablet_seen)],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let csrf = csrf_in(&on_laptop);
    let r = laptop
        .post_form(
            &format!("{round_page}/delete"),
            &[("csrf", &csrf), ("seen", &laptop_seen)],
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(
        r.body.contains("ound 1 changed after you opened the page")
            && r.body.contains("round published by controller kwame"),
        "{}",
        r.body
    );
    let round = organiser
        .get(&format!("/api/tournaments/{t}/rounds/1"))
        .await
        .json();
    assert_eq!(round["published"], true, "the round is still there");
    // The same for a game: the tablet rules, the laptop's ruling from before is refused.
    let game_page = format!("/games/{game}");
    let on_laptop = laptop.get(&game_page).await.body;
    let on_tablet = tablet.get(&game_page).await.body;
    let ruling = |page: &str| {
        (
            csrf_in(page),
            seen_in(&page[page.find("id=\"set-result\"").unwrap()..]),
        )
    };
    let (csrf, seen) = ruling(&on_tablet);
    let r = tablet
        .post_form(
            &format!("/games/{game}/result"),
            &[
                ("csrf", &csrf),
                ("seen", &seen),
                ("kind", "forfeit-north"),
                ("reason", "North did not come"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let (csrf, seen) = ruling(&on_laptop);
    let r = laptop
        .post_form(
            &format!("/games/{game}/result"),
            &[
                ("csrf", &csrf),
                ("seen", &seen),
                ("kind", "forfeit-south"),
                ("reason", "South did not come"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(
        r.body
            .contains("this game changed after you opened the page")
            && r.body.contains("result ruled by controller kwame"),
        "{}",
        r.body
    );
    let detail = organiser.get(&format!("/api/games/{game}")).await.json();
    assert_eq!(detail["kind"], "forfeit-north", "{detail}");
    // The API says the version it read, and is held to it the same way.
    let version = detail["version"].as_i64().unwrap();
    let stale = json!({"kind": "double-forfeit", "reason": "both late", "seen": version - 1});
    let r = laptop
        .put_json(&format!("/api/games/{game}/result"), &stale)
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let fresh = json!({"kind": "double-forfeit", "reason": "both late", "seen": version});
    let r = laptop
        .put_json(&format!("/api/games/{game}/result"), &fresh)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}
