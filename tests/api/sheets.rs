//! Round robin through the API, hand pairings, and every path of a score sheet.

use std::collections::{HashMap, HashSet};

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::swiss::{fixture_games, sheet};

pub async fn tournament_with_players(
    app: &TestApp,
    organiser: &Client,
    pairing: &str,
    players: usize,
    extra: Value,
) -> (i64, Vec<(i64, String)>) {
    let mut body = json!({"name": format!("{pairing} {players}"), "rules": "abapa", "rounds": 9, "pairing": pairing});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let r = organiser.post_json("/api/tournaments", &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let mut list = Vec::new();
    for i in 0..players {
        list.push(add_player(organiser, t, &format!("P{i}")).await);
    }
    let _ = app;
    (t, list)
}

pub async fn publish(organiser: &Client, t: i64, n: i64) -> Value {
    let r = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/rounds/{n}/publish"),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()
}

#[actix_web::test]
async fn round_robin_for_five_to_eight_players() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    for n in 5..=8usize {
        let (t, _) = tournament_with_players(&app, &organiser, "round-robin", n, json!({})).await;
        let rounds = if n % 2 == 0 { n - 1 } else { n };
        let mut met = HashSet::new();
        let mut souths: HashMap<i64, i64> = HashMap::new();
        let mut played: HashMap<i64, i64> = HashMap::new();
        let mut byes: HashMap<i64, i64> = HashMap::new();
        for number in 1..=rounds as i64 {
            let r = organiser
                .post_json(
                    &format!("/api/tournaments/{t}/rounds"),
                    &json!({"generate": true}),
                )
                .await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
            let round = publish(&organiser, t, number).await;
            for g in round["games"].as_array().unwrap() {
                let south = g["south"]["id"].as_i64().unwrap();
                match g["north"]["id"].as_i64() {
                    Some(north) => {
                        assert!(
                            met.insert((south.min(north), south.max(north))),
                            "n={n}: a rematch"
                        );
                        *souths.entry(south).or_default() += 1;
                        *played.entry(south).or_default() += 1;
                        *played.entry(north).or_default() += 1;
                    }
                    None => *byes.entry(south).or_default() += 1,
                }
            }
        }
        assert_eq!(met.len(), n * (n - 1) / 2, "n={n}: everyone meets everyone");
        for (p, games) in &played {
            let s = souths.get(p).copied().unwrap_or(0);
            assert!(
                (2 * s - games).abs() <= 1,
                "n={n}: player {p} moved first {s} times in {games}"
            );
        }
        if n % 2 == 1 {
            assert!(
                byes.values().all(|&b| b == 1) && byes.len() == n,
                "n={n}: one bye each"
            );
        }
    }
}

#[actix_web::test]
async fn hand_pairings_are_checked_and_can_be_changed_until_published() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, players) = tournament_with_players(&app, &organiser, "manual", 5, json!({})).await;
    let id = |i: usize| players[i].0;
    organiser
        .post_json(
            &format!("/api/tournaments/{t}/players/{}/withdraw", id(4)),
            &json!({"withdrawn": true}),
        )
        .await;
    let path = format!("/api/tournaments/{t}/rounds");
    for (body, text) in [
        (
            json!({"pairings": [{"board": 1, "south": id(0), "north": id(1)}, {"board": 2, "south": id(0), "north": id(2)}]}),
            "twice",
        ),
        (
            json!({"pairings": [{"board": 1, "south": id(0), "north": id(4)}]}),
            "withdrawn",
        ),
        (
            json!({"pairings": [{"board": 1, "south": id(0), "north": 9999}]}),
            "not in this tournament",
        ),
        (
            json!({"pairings": [{"board": 1, "south": id(0), "north": id(1)}, {"board": 1, "south": id(2), "north": id(3)}]}),
            "twice",
        ),
        (json!({"pairings": [{"south": id(0)}]}), "pairing 1"),
        (json!({"generate": true}), "by hand"),
    ] {
        let r = organiser.post_json(&path, &body).await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {}",
            r.body
        );
        assert!(
            r.json()["error"]["message"]
                .as_str()
                .unwrap()
                .contains(text),
            "{}",
            r.body
        );
    }
    assert_eq!(app.count("rounds"), 0, "nothing written");
    let r = organiser
        .post_json(
            &path,
            &json!({"pairings": [{"board": 1, "south": id(0), "north": id(1)}, {"bye": id(2)}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let round = r.json();
    assert!(
        round["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w.as_str().unwrap().contains("not paired"))
    );
    let games = round["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| g["id"].is_i64()));
    // Changed before publishing.
    let r = organiser
        .put_json(
            &format!("{path}/1"),
            &json!({"pairings": [{"board": 1, "south": id(1), "north": id(0)}, {"board": 2, "south": id(2), "north": id(3)}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let published = publish(&organiser, t, 1).await;
    assert!(published["corrected_at"].is_null());
    // Published: a board with a result stays as it is; the others can still be corrected.
    let board2 = published["games"][1]["id"].as_i64().unwrap();
    let r = organiser
        .put_json(
            &format!("/api/games/{board2}/result"),
            &json!({"kind": "double-forfeit", "reason": "neither came"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = organiser
        .put_json(
            &format!("{path}/1"),
            &json!({"pairings": [{"board": 1, "south": id(0), "north": id(1)}]}),
        )
        .await;
    assert_eq!(
        r.status,
        StatusCode::CONFLICT,
        "board 2 has a result: {}",
        r.body
    );
    assert!(r.body.contains("board 2 has a result"), "{}", r.body);
    let r = organiser
        .put_json(
            &format!("{path}/1"),
            &json!({"pairings": [{"board": 1, "south": id(0), "north": id(1)}, {"board": 2, "south": id(2), "north": id(3)}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let corrected = r.json();
    assert!(corrected["corrected_at"].is_string(), "{corrected}");
    assert_eq!(
        corrected["games"][1]["id"], board2,
        "the board with a result stays"
    );
    assert_eq!(corrected["games"][1]["kind"], "double-forfeit");
    // A rematch is allowed with a warning.
    let r = organiser
        .post_json(&path, &json!({"pairings": [{"board": 1, "south": id(0), "north": id(1)}, {"board": 2, "south": id(2), "north": id(3)}]}))
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    assert!(
        r.json()["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w.as_str().unwrap().contains("met before"))
    );
    // The public pairing list, printable list and CSV.
    let public = app.client();
    let page = public.get(&format!("/tournaments/{t}/rounds/1")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("P1") && page.body.contains("P0"));
    assert_eq!(
        public
            .get(&format!("/tournaments/{t}/rounds/1/print"))
            .await
            .status,
        StatusCode::OK
    );
    let csv = public.get(&format!("/tournaments/{t}/rounds/1.csv")).await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(
        csv.body
            .starts_with("\u{feff}round,board,south_id,south,north_id,north")
    );
    assert_eq!(csv.body.lines().count(), 3);
    assert_eq!(
        public
            .get(&format!("/tournaments/{t}/rounds/2"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

/// A published one-board round: (tournament, game, south (id, PIN), north (id, PIN)).
pub async fn one_game(
    app: &TestApp,
    organiser: &Client,
    extra: Value,
) -> (i64, i64, (i64, String), (i64, String)) {
    let (t, players) = tournament_with_players(app, organiser, "manual", 3, extra).await;
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [{"board": 1, "south": players[0].0, "north": players[1].0}, {"bye": players[2].0}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let game = r.json()["games"][0]["id"].as_i64().unwrap();
    (t, game, players[0].clone(), players[1].clone())
}

/// A sheet sent with South's PIN and confirmed with North's: its result counts.
pub async fn sent_and_confirmed(
    app: &TestApp,
    game: i64,
    body: Value,
    (south_pin, north_pin): (&str, &str),
) {
    let client = app.client();
    let r = client
        .post_json(
            &format!("/api/games/{game}/sheets"),
            &with_pin(body, south_pin),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let sheet_id = r.json()["sheet_id"].as_i64().unwrap();
    let r = client
        .post_json(
            &format!("/api/games/{game}/confirm"),
            &json!({"pin": north_pin, "sheet_id": sheet_id}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

pub fn with_pin(mut body: Value, pin: &str) -> Value {
    body["pin"] = json!(pin);
    body
}

#[actix_web::test]
async fn every_refusal_of_a_sheet() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), (_, north_pin)) = one_game(&app, &organiser, json!({})).await;
    let fixture = &fixture_games()[0];
    let good = sheet(fixture);
    let url = format!("/api/games/{game}/sheets");
    let client = app.client();

    // Round not published.
    let r = client
        .post_json(&url, &with_pin(good.clone(), &south_pin))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "conflict".to_string()),
        "{}",
        r.body
    );
    publish(&organiser, t, 1).await;

    // An illegal move: the diagnostic names the ply, the token and the position before it.
    let mut tokens: Vec<&str> = fixture.0.split(' ').collect();
    let bad_ply = 7;
    let wrong = if tokens[bad_ply - 1]
        .chars()
        .next()
        .unwrap()
        .is_ascii_uppercase()
    {
        "a"
    } else {
        "A"
    };
    tokens[bad_ply - 1] = wrong;
    let mut body = good.clone();
    body["moves"] = json!(tokens.join(" "));
    let r = client.post_json(&url, &with_pin(body, &south_pin)).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let e = r.json()["error"].clone();
    assert_eq!(e["code"], "replay");
    assert_eq!(e["ply"], bad_ply as i64);
    assert_eq!(e["token"], wrong);
    assert_eq!(e["kind"], "wrong-side");
    assert_eq!(e["position"].as_str().unwrap().split('-').count(), 15);

    // Wrong seeds, wrong result, a wrong capture claim, an unknown token.
    let mut body = good.clone();
    body["seeds"] = json!([fixture.2[0] - 1, fixture.2[1] + 1]);
    let r = client.post_json(&url, &with_pin(body, &south_pin)).await;
    assert_eq!(
        (r.status.as_u16(), r.json()["error"]["kind"].as_str()),
        (422, Some("wrong-seeds")),
        "{}",
        r.body
    );
    let mut body = good.clone();
    body["result"] = json!(if fixture.1 == "south" {
        "north"
    } else {
        "south"
    });
    let r = client.post_json(&url, &with_pin(body, &south_pin)).await;
    assert_eq!(r.status.as_u16(), 422, "{}", r.body);
    assert!(
        matches!(r.json()["error"]["kind"].as_str(), Some("wrong-result")),
        "{}",
        r.body
    );
    let mut body = good.clone();
    body["moves"] = json!(fixture.0.replacen(' ', " Q ", 2).replacen(" Q ", " ", 1));
    let r = client.post_json(&url, &with_pin(body, &south_pin)).await;
    assert_eq!(r.json()["error"]["kind"], "unknown-token", "{}", r.body);
    assert_eq!(r.json()["error"]["ply"], 3, "{}", r.body);
    // A move after the game is over.
    let mut body = good.clone();
    body["moves"] = json!(format!("{} A", fixture.0));
    let r = client.post_json(&url, &with_pin(body, &south_pin)).await;
    assert_eq!(r.json()["error"]["kind"], "after-end", "{}", r.body);
    // Missing moves where the tournament needs them; nonsense values.
    let mut body = good.clone();
    body["moves"] = json!("");
    let r = client.post_json(&url, &with_pin(body, &south_pin)).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::UNPROCESSABLE_ENTITY, "invalid".to_string())
    );
    for (field, value) in [
        ("result", json!("win")),
        ("end", json!("boredom")),
        ("seeds", json!([49, 0])),
    ] {
        let mut body = good.clone();
        body[field] = value;
        let r = client.post_json(&url, &with_pin(body, &south_pin)).await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {}",
            r.body
        );
    }

    // A wrong PIN; a player of another game; staff; nobody.
    let r = client
        .post_json(&url, &with_pin(good.clone(), "000000"))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::UNAUTHORIZED, "wrong-credentials".to_string())
    );
    let (_, players) = (
        0,
        organiser
            .get(&format!("/api/tournaments/{t}/players"))
            .await
            .json(),
    );
    let third = players
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "P2")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let r = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/players/{third}/pin"),
            None,
            Vec::new(),
        )
        .await;
    let third_pin = r.json()["pin"].as_str().unwrap().to_string();
    let third_client = app.client();
    third_client
        .post_json(
            &format!("/api/tournaments/{t}/players/{third}/session"),
            &json!({"pin": third_pin}),
        )
        .await;
    let r = third_client.post_json(&url, &good).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert!(r.body.contains("not a player of this game"));
    assert_eq!(
        organiser.post_json(&url, &good).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.client().post_json(&url, &good).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(app.count("sheets"), 0, "no refused sheet was kept");

    // The good sheet; the same again changes nothing; the submitter cannot confirm it.
    let r = client
        .post_json(&url, &with_pin(good.clone(), &south_pin))
        .await;
    assert_eq!(
        (r.status, r.json()["status"].as_str()),
        (StatusCode::CREATED, Some("submitted")),
        "{}",
        r.body
    );
    let audit = app.count("audit_log");
    let r = client
        .post_json(&url, &with_pin(good.clone(), &south_pin))
        .await;
    assert_eq!(
        (r.status, r.json()["status"].as_str()),
        (StatusCode::OK, Some("submitted"))
    );
    assert_eq!((app.count("sheets"), app.count("audit_log")), (1, audit));
    let sheet_id = r.json()["sheet_id"].as_i64().unwrap();
    assert_eq!(sheet_id, app.latest_sheet(game).await);
    let r = client
        .post_json(
            &format!("/api/games/{game}/confirm"),
            &json!({"pin": south_pin, "sheet_id": sheet_id}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT);

    // Two confirmations at the same moment count once.
    let confirm_url = format!("/api/games/{game}/confirm");
    let (a, b) = (app.client(), app.client());
    let body = json!({"pin": north_pin, "sheet_id": sheet_id});
    let (ra, rb) = futures_join(
        a.post_json(&confirm_url, &body),
        b.post_json(&confirm_url, &body),
    )
    .await;
    assert_eq!(
        (ra.status, rb.status),
        (StatusCode::OK, StatusCode::OK),
        "{} {}",
        ra.body,
        rb.body
    );
    assert_eq!(ra.json()["status"], "confirmed");
    let entries = organiser
        .get(&format!("/api/audit?tournament={t}"))
        .await
        .json();
    let confirms = entries
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "game.confirm")
        .count();
    assert_eq!(confirms, 1);

    // Final now: no more sheets.
    let r = client
        .post_json(&url, &with_pin(good.clone(), &north_pin))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("final"));
    // The controller may still override, with a reason.
    let result_url = format!("/api/games/{game}/result");
    let r = organiser
        .put_json(
            &result_url,
            &json!({"kind": "double-forfeit", "reason": ""}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = organiser
        .put_json(
            &result_url,
            &json!({"kind": "forfeit-south", "result": "north", "reason": "x"}),
        )
        .await;
    assert_eq!(
        r.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a forfeit has no result of its own"
    );
    let r = organiser
        .put_json(
            &result_url,
            &json!({"kind": "double-forfeit", "reason": "both late"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        (r.json()["status"].as_str(), r.json()["kind"].as_str()),
        (Some("final"), Some("double-forfeit"))
    );
    let entry = &organiser
        .get(&format!("/api/audit?tournament={t}"))
        .await
        .json()[0];
    assert_eq!(entry["action"], "game.result");
    assert!(entry["after"].as_str().unwrap().contains("both late"));
    assert!(entry["before"].as_str().unwrap().contains("confirmed"));
}

/// Runs two requests at the same time.
async fn futures_join<A: std::future::Future, B: std::future::Future>(
    a: A,
    b: B,
) -> (A::Output, B::Output) {
    let a = std::pin::pin!(a);
    let b = std::pin::pin!(b);
    let mut a = Some(a);
    let mut b = Some(b);
    let (mut ra, mut rb) = (None, None);
    std::future::poll_fn(|cx| {
        if let Some(f) = a.as_mut()
            && let std::task::Poll::Ready(v) = f.as_mut().poll(cx)
        {
            ra = Some(v);
            a = None;
        }
        if let Some(f) = b.as_mut()
            && let std::task::Poll::Ready(v) = f.as_mut().poll(cx)
        {
            rb = Some(v);
            b = None;
        }
        if a.is_none() && b.is_none() {
            std::task::Poll::Ready(())
        } else {
            std::task::Poll::Pending
        }
    })
    .await;
    (ra.unwrap(), rb.unwrap())
}

#[actix_web::test]
async fn without_confirmation_a_sheet_counts_at_once_and_moves_may_be_left_out() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), _) = one_game(
        &app,
        &organiser,
        json!({"require_confirmation": false, "require_moves": false}),
    )
    .await;
    publish(&organiser, t, 1).await;
    let r = app
        .client()
        .post_json(
            &format!("/api/games/{game}/sheets"),
            &json!({"pin": south_pin, "result": "south", "seeds": [25, 19], "end": "natural"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.json()["status"], "confirmed");
    assert_eq!(r.json()["replay"]["verified"], false);
    let detail = app.client().get(&format!("/api/games/{game}")).await.json();
    assert_eq!(
        (detail["result"].as_str(), detail["seeds"].clone()),
        (Some("south"), json!([25, 19]))
    );
    assert_eq!(detail["verified"], false);
}

#[actix_web::test]
async fn the_sheet_form_shows_the_diagnostic_and_keeps_what_was_typed() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, south_pin), (_, north_pin)) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let player = app.client();
    let r = page_sign_in(&player, t, south, &south_pin).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let page = player.get(&format!("/tournaments/{t}")).await;
    assert!(
        page.body.contains(&format!("/games/{game}")),
        "the player's games are linked"
    );
    let csrf = player.csrf(&format!("/games/{game}")).await;
    let fixture = &fixture_games()[1];
    let typed = fixture.0.replacen(' ', " A ", 1);
    let form = [
        ("result", Some(fixture.1.as_str())),
        ("south_seeds", Some("0")),
        ("north_seeds", Some("0")),
        ("end", Some("natural")),
        ("moves", Some(typed.as_str())),
        ("csrf", Some(csrf.as_str())),
    ];
    let fields: Vec<(&str, Option<&str>, &str)> =
        form.iter().map(|(k, v)| (*k, None, v.unwrap())).collect();
    let r = player
        .post_multipart(&format!("/games/{game}/sheet"), &fields)
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    // North's first move, as the paper sheet numbers it (not "move 2").
    assert!(r.body.contains("At move 1, North"), "the move: {}", r.body);
    assert!(r.body.contains("<svg"), "a diagram of the position");
    assert!(r.body.contains(&typed[..40]), "the typed moves are kept");
    assert_eq!(app.count("sheets"), 0);
    // Corrected, it is accepted.
    let seeds = (fixture.2[0].to_string(), fixture.2[1].to_string());
    let fields = [
        ("result", None, fixture.1.as_str()),
        ("south_seeds", None, seeds.0.as_str()),
        ("north_seeds", None, seeds.1.as_str()),
        ("end", None, "natural"),
        ("moves", None, fixture.0.as_str()),
        ("csrf", None, csrf.as_str()),
    ];
    let r = player
        .post_multipart(&format!("/games/{game}/sheet"), &fields)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.body.contains("counts once your opponent confirms"));
    assert_eq!(app.count("sheets"), 1);
    // Once confirmed, the replay viewer steps ply by ply without JavaScript (and with the arrow
    // keys where it runs), and the game downloads as OGN that replays to the same result.
    let r = app
        .client()
        .post_json(
            &format!("/api/games/{game}/confirm"),
            &json!({"pin": north_pin, "sheet_id": app.latest_sheet(game).await}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let page = app.client().get(&format!("/games/{game}?ply=3")).await;
    assert!(page.body.contains("move 2, South ("), "{}", page.body);
    assert!(page.body.contains("?ply=2#replay") && page.body.contains("?ply=4#replay"));
    assert!(page.body.contains("/static/replay.js") && page.body.contains("<svg"));
    let ogn = app.client().get(&format!("/games/{game}.ogn")).await;
    assert_eq!(ogn.status, StatusCode::OK);
    let records = oware_tournament::engine::ogn::parse(&ogn.body).unwrap();
    assert_eq!(records[0].tag("South"), Some("P0"));
    assert_eq!(
        records[0].tag("Result"),
        Some(format!("{}-{}", fixture.2[0], fixture.2[1]).as_str())
    );
}
