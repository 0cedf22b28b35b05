//! Byes asked for before a round: by the player from their page or the API, by the controller;
//! the pairing leaves the player out and the standings count the bye.

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::sheets::{publish, tournament_with_players};
use crate::swiss::sign_in;

fn paired_ids(round: &Value) -> Vec<i64> {
    let mut ids = Vec::new();
    for g in round["games"].as_array().unwrap() {
        for side in ["south", "north"] {
            if let Some(id) = g[side]["id"].as_i64() {
                ids.push(id);
            }
        }
    }
    ids
}

#[actix_web::test]
async fn a_player_asks_for_a_bye_and_the_round_is_paired_without_them() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, players) = tournament_with_players(&app, &organiser, "swiss", 6, json!({})).await;
    let (ama, ama_pin) = players[0].clone();
    let phone = sign_in(&app, t, ama, &ama_pin).await;

    // A full point is the controller's to grant; a half point the player may ask for.
    let r = phone
        .post_json(
            &format!("/api/tournaments/{t}/byes"),
            &json!({"round": 1, "kind": "full"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let r = phone
        .post_json(
            &format!("/api/tournaments/{t}/byes"),
            &json!({"round": 1, "kind": "half"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    // Not for someone else, and not for a round the tournament does not have.
    let r = phone
        .post_json(
            &format!("/api/tournaments/{t}/byes"),
            &json!({"player": players[1].0, "round": 2, "kind": "half"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let r = phone
        .post_json(
            &format!("/api/tournaments/{t}/byes"),
            &json!({"round": 10, "kind": "zero"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);

    // The pairing leaves Ama out: five players, two boards and the pairing's bye.
    let round = crate::sheets::generated(&organiser, t).await;
    let paired = paired_ids(&round);
    assert_eq!(paired.len(), 5, "{round}");
    assert!(!paired.contains(&ama));
    assert_eq!(round["requested_byes"][0]["player_id"], ama, "{round}");
    publish(&organiser, t, 1).await;
    let page = app
        .client()
        .get(&format!("/tournaments/{t}/rounds/1"))
        .await;
    assert!(
        page.body
            .contains("Not paired this round: P0 (half-point bye)"),
        "{}",
        page.body
    );

    // Once the round is paired, the bye stays as it is.
    let r = phone
        .send(
            Method::DELETE,
            &format!("/api/tournaments/{t}/byes/{ama}/1"),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let r = phone
        .post_json(
            &format!("/api/tournaments/{t}/byes"),
            &json!({"round": 1, "kind": "zero"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);

    // The standings count the half point, and the player's page shows it.
    let v = app
        .client()
        .get(&format!("/api/tournaments/{t}/standings"))
        .await
        .json();
    let row = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player_id"] == ama)
        .unwrap()
        .clone();
    assert_eq!(row["points"], 0.5, "{row}");
    let page = app
        .client()
        .get(&format!("/tournaments/{t}/players/{ama}"))
        .await;
    assert!(page.body.contains("half-point bye"), "{}", page.body);

    // The controller grants another player a full-point bye for round 2, then cancels it.
    let bo = players[1].0;
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/byes"),
            &json!({"player": bo, "round": 2, "kind": "full"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let listed = app
        .client()
        .get(&format!("/api/tournaments/{t}/byes"))
        .await
        .json();
    assert_eq!(listed["byes"].as_array().unwrap().len(), 2, "{listed}");
    // A hand-made pairing that seats a player who asked for a bye is refused.
    let others: Vec<i64> = players.iter().map(|p| p.0).filter(|&id| id != bo).collect();
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [
                {"south": bo, "north": others[0]},
                {"south": others[1], "north": others[2]},
                {"south": others[3], "north": others[4]},
            ]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("asked for a bye"), "{}", r.body);
    let r = organiser
        .send(
            Method::DELETE,
            &format!("/api/tournaments/{t}/byes/{bo}/2"),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    let listed = app
        .client()
        .get(&format!("/api/tournaments/{t}/byes"))
        .await
        .json();
    assert_eq!(listed["byes"].as_array().unwrap().len(), 1, "{listed}");
}

#[actix_web::test]
async fn a_player_asks_for_a_bye_from_their_page() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, players) = tournament_with_players(&app, &organiser, "swiss", 4, json!({})).await;
    let (id, pin) = players[2].clone();
    let phone = sign_in(&app, t, id, &pin).await;
    let page = phone.get(&format!("/tournaments/{t}/players/{id}")).await;
    assert!(page.body.contains("Ask for the bye"), "{}", page.body);
    // Only the player (and the staff) get the form.
    let other = app
        .client()
        .get(&format!("/tournaments/{t}/players/{id}"))
        .await;
    assert!(!other.body.contains("Ask for the bye"));
    let csrf = csrf_in(&page.body);
    let r = phone
        .post_form(
            &format!("/tournaments/{t}/players/{id}/byes"),
            &[("round", "3"), ("kind", "zero"), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let page = phone.get(&format!("/tournaments/{t}/players/{id}")).await;
    assert!(
        page.body.contains("Round 3: zero-point bye"),
        "{}",
        page.body
    );
    let r = phone
        .post_form(
            &format!("/tournaments/{t}/players/{id}/byes/3/cancel"),
            &[("csrf", &csrf)],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let listed = app
        .client()
        .get(&format!("/api/tournaments/{t}/byes"))
        .await
        .json();
    assert!(listed["byes"].as_array().unwrap().is_empty());
}
