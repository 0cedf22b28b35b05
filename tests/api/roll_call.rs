//! The roll call before a round: players check in by signing in with their PIN, the staff mark
//! the others, and closing it gives each absent player the zero-point bye or the withdrawal the
//! controller chose; no pairing of the round, generated or by hand, includes an absent player,
//! and a late arrival plays from the next round.

use std::collections::{HashMap, HashSet};

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

/// Everyone seated in a round (boards and byes), by id.
fn seated(round: &Value) -> HashSet<i64> {
    round["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| [g["south"]["id"].as_i64(), g["north"]["id"].as_i64()])
        .flatten()
        .collect()
}

#[actix_web::test]
async fn the_absent_get_the_bye_or_withdrawal_chosen_and_are_never_paired() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // A round robin's absent can only be withdrawn: a roll call before every round is refused.
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "League", "rules": "abapa", "rounds": 7, "pairing": "round-robin",
                    "check_in": "every"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("check_in"), "{}", r.body);
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Open", "rules": "abapa", "rounds": 3, "pairing": "swiss",
                    "check_in": "every"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    assert_eq!(r.json()["check_in"], "every");
    let controller = app.controller(&organiser, "kojo").await;
    organiser
        .post_json(
            &format!("/api/tournaments/{t}/controllers"),
            &json!({"username": "kojo"}),
        )
        .await;
    let mut id = HashMap::new();
    let mut pin = HashMap::new();
    for name in ["A", "B", "C", "D", "E", "F", "G", "H"] {
        let (player, p) = add_player(&controller, t, name).await;
        id.insert(name, player);
        pin.insert(name, p);
    }
    let rounds = format!("/api/tournaments/{t}/rounds");
    let call = format!("/api/tournaments/{t}/roll-call");
    let generate = json!({"generate": true});

    // The tournament pairs no round before its roll call.
    let r = controller.post_json(&rounds, &generate).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("roll call before round 1"), "{}", r.body);
    // Only the staff take it.
    let r = app.client().post_json(&call, &json!({})).await;
    assert_eq!(r.status.as_u16() / 100, 4);
    let stranger = app.controller(&organiser, "esi").await;
    let r = stranger.post_json(&call, &json!({})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let r = controller.post_json(&call, &json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["state"], "open");
    assert_eq!(r.json()["round"], 1);
    // Open, it holds the pairing back.
    let r = controller.post_json(&rounds, &generate).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("still open"), "{}", r.body);

    // A checks in by signing in with the PIN; the staff mark B to F present, G absent; H never
    // answers. A and G are told on the tournament's page.
    let phone = app.client();
    let r = page_sign_in(&phone, t, id["A"], &pin["A"]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let page = phone.get(&format!("/tournaments/{t}")).await;
    assert!(
        page.body.contains("You are checked in for round 1"),
        "{}",
        page.body
    );
    for name in ["B", "C", "D", "E", "F"] {
        let r = controller
            .put_json(
                &format!("{call}/players/{}", id[name]),
                &json!({"present": true}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let r = controller
        .put_json(
            &format!("{call}/players/{}", id["G"]),
            &json!({"present": false}),
        )
        .await;
    let answers: HashMap<String, (String, bool)> = r.json()["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                (
                    p["answer"].as_str().unwrap().to_string(),
                    p["by_player"].as_bool().unwrap(),
                ),
            )
        })
        .collect();
    assert_eq!(answers["A"], ("present".into(), true));
    assert_eq!(answers["B"], ("present".into(), false));
    assert_eq!(answers["G"], ("absent".into(), false));
    assert_eq!(answers["H"], ("unanswered".into(), false));

    // Closing: the present cannot be withdrawn; G gets the zero-point bye, H is withdrawn.
    let r = controller
        .post_json(&format!("{call}/close"), &json!({"withdraw": [id["A"]]}))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let r = controller
        .post_json(&format!("{call}/close"), &json!({"withdraw": [id["H"]]}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["byes"], json!(["G"]));
    assert_eq!(r.json()["withdrawn"], json!(["H"]));
    let r = controller.post_json(&call, &json!({})).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "closed: {}", r.body);

    // Round 1 pairs the six present; G scores nothing for the round, H is out.
    let round = crate::sheets::generated_and_published(&controller, t, 1).await;
    let six: HashSet<i64> = ["A", "B", "C", "D", "E", "F"].map(|n| id[n]).into();
    assert_eq!(seated(&round), six);
    let players = app
        .client()
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    let withdrawn: Vec<&str> = players
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["withdrawn"] == true)
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(withdrawn, ["H"]);
    let byes = app
        .client()
        .get(&format!("/api/tournaments/{t}/byes"))
        .await
        .json();
    assert!(
        byes.to_string()
            .contains(&format!("\"player_id\":{}", id["G"]))
            && byes.to_string().contains("zero"),
        "{byes}"
    );
    for g in round["games"].as_array().unwrap() {
        let r = controller
            .put_json(
                &format!("/api/games/{}/result", g["id"]),
                &json!({"kind": "played", "result": "draw", "seeds": [24, 24], "reason": "sheet"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }

    // Round 2: G is back and checks in; B does not come and takes the bye.
    let r = controller.post_json(&call, &json!({})).await;
    assert_eq!(r.json()["round"], 2);
    assert_eq!(r.json()["players"].as_array().unwrap().len(), 7, "H is out");
    let r = page_sign_in(&app.client(), t, id["G"], &pin["G"]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    for name in ["A", "C", "D", "E", "F"] {
        controller
            .put_json(
                &format!("{call}/players/{}", id[name]),
                &json!({"present": true}),
            )
            .await;
    }
    let r = controller
        .post_json(&format!("{call}/close"), &json!({}))
        .await;
    assert_eq!(r.json()["byes"], json!(["B"]), "{}", r.body);
    let round = crate::sheets::generated_and_published(&controller, t, 2).await;
    let six: HashSet<i64> = ["A", "C", "D", "E", "F", "G"].map(|n| id[n]).into();
    assert_eq!(seated(&round), six);
    for g in round["games"].as_array().unwrap() {
        controller
            .put_json(
                &format!("/api/games/{}/result", g["id"]),
                &json!({"kind": "played", "result": "south", "seeds": [30, 18], "reason": "sheet"}),
            )
            .await;
    }

    // Round 3: C is absent; pairings by hand that seat C are refused, naming C.
    controller.post_json(&call, &json!({})).await;
    for name in ["A", "B", "D", "E", "F", "G"] {
        controller
            .put_json(
                &format!("{call}/players/{}", id[name]),
                &json!({"present": true}),
            )
            .await;
    }
    controller
        .post_json(&format!("{call}/close"), &json!({}))
        .await;
    let board = |b: i64, s: &str, n: &str| json!({"board": b, "south": id[s], "north": id[n]});
    let by_hand = json!({"pairings": [board(1, "A", "C"), board(2, "B", "D"), board(3, "E", "F")]});
    let r = controller.post_json(&rounds, &by_hand).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("bye in round 3"), "{}", r.body);
    // Even with the bye taken back, C was absent.
    let r = controller
        .send(
            awc::http::Method::DELETE,
            &format!("/api/tournaments/{t}/byes/{}/3", id["C"]),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status.as_u16() / 100, 2, "{}", r.body);
    let r = controller.post_json(&rounds, &by_hand).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(
        r.body.contains("absent at the roll call before round 3") && r.body.contains('C'),
        "{}",
        r.body
    );
    let round = crate::sheets::generated_and_published(&controller, t, 3).await;
    assert!(!seated(&round).contains(&id["C"]));
    // Nor does a correction of the published round seat C (a bye here).
    let mut corrected: Vec<Value> = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["north"]["id"].is_i64())
        .map(|g| json!({"board": g["board"], "south": g["south"]["id"], "north": g["north"]["id"]}))
        .collect();
    corrected.push(json!({"bye": id["C"]}));
    let r = controller
        .put_json(&format!("{rounds}/3"), &json!({"pairings": corrected}))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("absent at the roll call"), "{}", r.body);

    // The staff's screen, and the audit trail of the calls.
    let page = controller.get(&format!("/tournaments/{t}/roll-call")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Every round is paired"), "{}", page.body);
    let r = app
        .client()
        .get(&format!("/tournaments/{t}/roll-call"))
        .await;
    assert_ne!(r.status, StatusCode::OK);
    let audit = organiser.get(&format!("/api/audit?tournament={t}")).await;
    for action in [
        "roll-call.open",
        "roll-call.check-in",
        "roll-call.mark",
        "roll-call.close",
    ] {
        assert!(audit.body.contains(action), "{action}");
    }
}
