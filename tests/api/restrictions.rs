//! Pairings ruled out by the controller, and clubmates kept apart in the first rounds.

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

async fn player(staff: &Client, t: i64, name: &str, club: &str, rating: i64) -> i64 {
    let r = staff
        .post_json(
            &format!("/api/tournaments/{t}/players"),
            &json!({"name": name, "club": club, "rating": rating}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.json()["id"].as_i64().unwrap()
}

fn boards(round: &Value) -> Vec<[i64; 2]> {
    round["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| {
            let (s, n) = (g["south"]["id"].as_i64()?, g["north"]["id"].as_i64()?);
            Some([s.min(n), s.max(n)])
        })
        .collect()
}

#[actix_web::test]
async fn a_generated_round_keeps_apart_the_pairs_ruled_out_and_clubmates() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Juniors", "rules": "abapa", "rounds": 3, "pairing": "swiss", "club_rounds": 1}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let a = player(&organiser, t, "Ama", "Accra", 1900).await;
    let b = player(&organiser, t, "Bo", "Accra", 1800).await;
    let c = player(&organiser, t, "Cee", "Kumasi", 1700).await;
    let d = player(&organiser, t, "Dee", "Kumasi", 1600).await;
    // Visitors and players cannot rule anything out.
    let r = app
        .client()
        .post_json(
            &format!("/api/tournaments/{t}/prohibited-pairs"),
            &json!({"players": [a, c]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/prohibited-pairs"),
            &json!({"players": [a, a]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/prohibited-pairs"),
            &json!({"players": [c, a]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.json()["prohibited"][0]["names"], json!(["Ama", "Cee"]));
    // Ama may meet neither Bo (same club, round 1) nor Cee (ruled out): only Dee.
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"generate": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let mut got = boards(&r.json());
    got.sort();
    let mut want = vec![[a.min(d), a.max(d)], [b.min(c), b.max(c)]];
    want.sort();
    assert_eq!(got, want);
    // Allowed again, the pair is gone from the list.
    let r = organiser
        .send(
            Method::DELETE,
            &format!("/api/tournaments/{t}/prohibited-pairs/{a}/{c}"),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["prohibited"], json!([]));
}

#[actix_web::test]
async fn a_round_entered_by_hand_may_not_seat_a_pair_ruled_out() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Club night", "rules": "abapa", "rounds": 3, "pairing": "manual", "club_rounds": 2}),
        )
        .await;
    let t = r.json()["id"].as_i64().unwrap();
    let a = player(&organiser, t, "Ama", "Accra", 1900).await;
    let b = player(&organiser, t, "Bo", "Accra", 1800).await;
    let c = player(&organiser, t, "Cee", "Kumasi", 1700).await;
    let d = player(&organiser, t, "Dee", "Kumasi", 1600).await;
    // The tournament page's form rules a pairing out.
    let page = organiser.get(&format!("/tournaments/{t}")).await;
    assert!(page.body.contains("Pairings ruled out"), "{}", page.body);
    let csrf = csrf_in(&page.body);
    let r = organiser
        .post_form(
            &format!("/tournaments/{t}/prohibited-pairs"),
            &[
                ("first", &a.to_string()),
                ("second", &d.to_string()),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let pairings = |x: i64, y: i64, z: i64, w: i64| json!({"pairings": [{"south": x, "north": y}, {"south": z, "north": w}]});
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &pairings(a, d, b, c),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("must not be paired"), "{}", r.body);
    // Clubmates by hand: allowed, with a warning.
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &pairings(a, b, c, d),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert!(r.body.contains("same club"), "{}", r.body);
}
