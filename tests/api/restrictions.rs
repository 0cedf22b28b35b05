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
    let mut got = boards(&crate::sheets::generated(&organiser, t).await);
    got.sort();
    let mut want = vec![[a.min(d), a.max(d)], [b.min(c), b.max(c)]];
    want.sort();
    assert_eq!(got, want);
    // The pairing numbers were fixed when round 1 was paired: a new rating moves no one.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/players/{d}"),
            &json!({"name": "Dee", "club": "Kumasi", "rating": 2800}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let v = app
        .client()
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    let dee = v
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == d)
        .unwrap()
        .clone();
    assert_eq!(dee["number"], 4, "{v}");
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

#[actix_web::test]
async fn pairing_numbers_follow_the_ratings_unless_the_controller_fixes_them_before_round_1() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Round robin", "rules": "abapa", "rounds": 3, "pairing": "round-robin"}),
        )
        .await;
    let t = r.json()["id"].as_i64().unwrap();
    let low = player(&organiser, t, "Zed", "", 1200).await;
    let high = player(&organiser, t, "Ama", "", 2100).await;
    let mid_b = player(&organiser, t, "Bo", "", 1600).await;
    let mid_a = player(&organiser, t, "Abe", "", 1600).await;
    let numbers = |v: &Value| -> Vec<(i64, i64)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|p| (p["number"].as_i64().unwrap(), p["id"].as_i64().unwrap()))
            .collect()
    };
    // C.04.2: by rating, then name.
    let v = app
        .client()
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    assert_eq!(numbers(&v), [(1, high), (2, mid_a), (3, mid_b), (4, low)]);
    // The tournament page numbers them too, in a form.
    let page = organiser.get(&format!("/tournaments/{t}")).await;
    assert!(
        page.body.contains("fix the pairing numbers"),
        "{}",
        page.body
    );
    let csrf = csrf_in(&page.body);
    let form = |numbers: [i64; 4]| {
        let mut fields: Vec<(String, String)> = vec![("csrf".into(), csrf.clone())];
        for (id, n) in [high, mid_a, mid_b, low].iter().zip(numbers) {
            fields.push((format!("n{id}"), n.to_string()));
        }
        fields
    };
    let send = |fields: Vec<(String, String)>| {
        let organiser = &organiser;
        async move {
            let refs: Vec<(&str, &str)> = fields
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            organiser
                .post_form(&format!("/tournaments/{t}/pairing-numbers"), &refs)
                .await
        }
    };
    let r = send(form([1, 1, 2, 3])).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let r = send(form([2, 1, 4, 3])).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let v = app
        .client()
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    assert_eq!(numbers(&v), [(1, mid_a), (2, high), (3, low), (4, mid_b)]);
    // The controller fixes another order; every player once, or nothing changes.
    let path = format!("/api/tournaments/{t}/pairing-numbers");
    let r = app
        .client()
        .put_json(&path, &json!({"players": [low, high, mid_a, mid_b]}))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let r = organiser
        .put_json(&path, &json!({"players": [low, high, mid_a]}))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let r = organiser
        .put_json(&path, &json!({"players": [low, high, high, mid_b]}))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let order = [low, mid_b, mid_a, high];
    let r = organiser.put_json(&path, &json!({"players": order})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        numbers(&r.json()),
        [(1, low), (2, mid_b), (3, mid_a), (4, high)]
    );
    // The Berger table seats them by these numbers: round 1 is 1–4 and 2–3.
    let mut got = boards(&crate::sheets::generated(&organiser, t).await);
    got.sort();
    let mut want = vec![
        [low.min(high), low.max(high)],
        [mid_a.min(mid_b), mid_a.max(mid_b)],
    ];
    want.sort();
    assert_eq!(got, want);
    // Once round 1 is paired, the numbers stay.
    let r = organiser
        .put_json(&path, &json!({"players": [high, mid_a, mid_b, low]}))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    // Nor does a rating changed after round 1 move anyone.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/players/{mid_a}"),
            &json!({"name": "Abe", "rating": 2600}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let v = app
        .client()
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    assert_eq!(numbers(&v), [(1, low), (2, mid_b), (3, mid_a), (4, high)]);
}

#[actix_web::test]
async fn a_swiss_field_too_large_to_pair_in_time_is_refused_with_the_way_out() {
    use oware_tournament::service::pairings::MAX_SWISS_FIELD;
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Open").await;
    // Players written straight to the database: hashing this many PINs would only slow the
    // test down.
    let hash = oware_tournament::auth::hash_secret("123456");
    let values: Vec<String> = (0..=MAX_SWISS_FIELD)
        .map(|i| {
            format!(
                "({t}, 'Player {i}', '', '', {}, '{hash}', 0, 0, NULL, CURRENT_TIMESTAMP, 0, NULL)",
                2000 + i
            )
        })
        .collect();
    app.execute(&format!(
        "INSERT INTO players (tournament_id, name, club, country, rating, pin_hash, withdrawn, \
         failed_pins, pin_locked_until, created_at, session_generation, pairing_number) VALUES {}",
        values.join(", ")
    ));
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"generate": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("by hand"), "{}", r.body);
    assert!(
        r.body
            .contains(&format!("{} players to pair", MAX_SWISS_FIELD + 1)),
        "{}",
        r.body
    );
    assert_eq!(app.count("rounds"), 0, "nothing written");
}
