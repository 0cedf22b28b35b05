//! Events through the API and pages: sections with a venue, dates and controllers in common;
//! categories defined by the event and computed from each player's details (birth year,
//! gender, rating), never typed per player; the standings of a category.

use std::collections::HashSet;

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

fn categories() -> Value {
    json!([
        {"name": "Under 12", "rule": "under", "age": 12, "on": "2026-07-01"},
        {"name": "Women", "rule": "gender", "gender": "female"},
        {"name": "Beginners", "rule": "rated-below", "rating": 1200},
        {"name": "Unrated", "rule": "unrated"}
    ])
}

#[actix_web::test]
async fn an_event_groups_sections_and_its_categories_rank_their_players() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // Only organisers create events; bad categories are refused, each said.
    let event = json!({"name": "Accra Oware Festival", "venue": "Accra Sports Stadium",
        "start_date": "2026-07-11", "end_date": "2026-07-12", "categories": categories()});
    let r = app.client().post_json("/api/events", &event).await;
    assert_eq!(r.status.as_u16() / 100, 4);
    let mut bad = event.clone();
    bad["categories"] = json!([{"name": "Under 0", "rule": "under", "age": 0, "on": "2026-07-01"},
        {"name": "Women", "rule": "gender", "gender": "female"},
        {"name": "women", "rule": "unrated"}]);
    let r = organiser.post_json("/api/events", &bad).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.body.contains("an age from 1 to 120") && r.body.contains("named twice"),
        "{}",
        r.body
    );
    let r = organiser.post_json("/api/events", &event).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let e = r.json()["id"].as_i64().unwrap();
    assert_eq!(
        r.json()["categories"][0]["words"],
        "under 12: born in 2014 or later"
    );

    // Two sections: an open Swiss and a junior round robin; an event that does not exist is
    // refused.
    let section = |name: &str, pairing: &str, event: i64| json!({"name": name, "rules": "abapa", "rounds": 3, "pairing": pairing, "event_id": event});
    let r = organiser
        .post_json("/api/tournaments", &section("Nowhere", "swiss", e + 100))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("no event"), "{}", r.body);
    let open = organiser
        .post_json("/api/tournaments", &section("Open", "swiss", e))
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let junior = organiser
        .post_json("/api/tournaments", &section("Junior", "round-robin", e))
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let shown = app.client().get(&format!("/api/events/{e}")).await.json();
    let sections: Vec<&str> = shown["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(sections, ["Open", "Junior"]);
    let page = app.client().get(&format!("/events/{e}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Junior") && page.body.contains("born in 2014 or later"));

    // A controller of the event runs both sections; another controller neither.
    let kojo = app.controller(&organiser, "kojo").await;
    let other = app.controller(&organiser, "esi").await;
    let r = organiser
        .post_json(
            &format!("/api/events/{e}/controllers"),
            &json!({"username": "kojo"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["controllers"], json!(["kojo"]));
    let player = |name: &str, extra: Value| {
        let mut p = json!({"name": name});
        p.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        p
    };
    let r = other
        .post_json(
            &format!("/api/tournaments/{junior}/players"),
            &player("Ama", json!({})),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);

    // The junior section's players, with the details the categories look at; a gender the
    // service does not know is refused.
    let r = kojo
        .post_json(
            &format!("/api/tournaments/{junior}/players"),
            &player("Kwaku", json!({"gender": "x"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let juniors = [
        (
            "Akua",
            json!({"birth_year": 2015, "gender": "female", "rating": 1300}),
        ),
        (
            "Kofi",
            json!({"birth_year": 2013, "gender": "male", "rating": 1100}),
        ),
        ("Abena", json!({"birth_year": 2014, "gender": "f"})),
        (
            "Yaw",
            json!({"birth_year": 2016, "rating": 1500, "title": "Junior champion", "federation": "GHA"}),
        ),
    ];
    let mut id = std::collections::HashMap::new();
    for (name, extra) in &juniors {
        let r = kojo
            .post_json(
                &format!("/api/tournaments/{junior}/players"),
                &player(name, extra.clone()),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        id.insert(*name, r.json()["id"].as_i64().unwrap());
    }
    // Kojo runs the open section too: players come from a file with the same columns.
    let r = kojo
        .send(
            awc::http::Method::POST,
            &format!("/api/tournaments/{open}/players/import"),
            Some("text/csv"),
            "name,birth_year,gender,title,federation,rating\nMensah,1970,m,Master,GHA,1900\nOforiwaa,2014,F,,,\n"
                .as_bytes()
                .to_vec(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let listed = kojo
        .get(&format!("/api/tournaments/{open}/players"))
        .await
        .json();
    let oforiwaa = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Oforiwaa")
        .unwrap()
        .clone();
    assert_eq!(
        (&oforiwaa["birth_year"], &oforiwaa["gender"]),
        (&json!(2014), &json!("female"))
    );

    // Round 1 of the junior round robin: both boards won by North, by forfeit.
    let round = crate::sheets::generated_and_published(&kojo, junior, 1).await;
    for g in round["games"].as_array().unwrap() {
        let r = kojo
            .put_json(
                &format!("/api/games/{}/result", g["id"]),
                &json!({"kind": "forfeit-south", "reason": "late"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let all = standings_json(&app.client(), junior, None).await;
    assert_eq!(
        all["categories"],
        json!(["Under 12", "Women", "Beginners", "Unrated"])
    );
    let winners: HashSet<i64> = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["north"]["id"].as_i64().unwrap())
        .collect();
    // Each category's standings: its members only (worked out from the details above),
    // ranked among themselves, the winners first.
    let members = |c: &str| -> Vec<&str> {
        match c {
            "Under 12" => vec!["Akua", "Abena", "Yaw"],
            "Women" => vec!["Akua", "Abena"],
            "Beginners" => vec!["Kofi", "Abena"],
            _ => vec!["Abena"],
        }
    };
    for c in ["Under 12", "Women", "Beginners", "Unrated"] {
        let query: String = url::form_urlencoded::byte_serialize(c.as_bytes()).collect();
        let r = app
            .client()
            .get(&format!(
                "/api/tournaments/{junior}/standings?category={query}"
            ))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let rows = r.json()["standings"].as_array().unwrap().clone();
        let names: HashSet<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
        assert_eq!(names, members(c).into_iter().collect(), "{c}");
        let won: Vec<bool> = rows
            .iter()
            .map(|r| winners.contains(&r["player_id"].as_i64().unwrap()))
            .collect();
        let winners_here = won.iter().filter(|w| **w).count();
        assert!(won[..winners_here].iter().all(|w| *w), "{c}: {rows:?}");
        for row in &rows {
            let expected = if winners.contains(&row["player_id"].as_i64().unwrap()) {
                1
            } else {
                winners_here + 1
            };
            assert_eq!(row["rank"], expected, "{c}: {row}");
        }
        let page = app
            .client()
            .get(&format!("/tournaments/{junior}/standings?category={query}"))
            .await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.body.contains(&format!("of the category {c}")), "{c}");
    }
    let r = app
        .client()
        .get(&format!(
            "/api/tournaments/{junior}/standings?category=Seniors"
        ))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    // Categories follow the event: a new one applies at once, and a section alone has none.
    let mut more = event.clone();
    more["categories"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "Men", "rule": "gender", "gender": "male"}));
    let r = organiser.put_json(&format!("/api/events/{e}"), &more).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let men = standings_json(&app.client(), junior, None).await;
    assert_eq!(men["categories"].as_array().unwrap().len(), 5);
    let r = app
        .client()
        .get(&format!("/api/tournaments/{junior}/standings?category=Men"))
        .await
        .json();
    assert_eq!(r["standings"][0]["player_id"], id["Kofi"]);
    let alone = create_tournament(&organiser, "Club night").await;
    assert_eq!(
        standings_json(&app.client(), alone, None).await["categories"],
        json!([])
    );
    // The players' details come back as given, in the staff's CSV too.
    let csv = kojo
        .get(&format!("/tournaments/{junior}/players.csv"))
        .await;
    assert!(
        csv.body.contains("birth_year,gender,title,federation"),
        "{}",
        csv.body
    );
    assert!(
        csv.body.contains("Yaw,,,1500,2016,,Junior champion,GHA"),
        "{}",
        csv.body
    );
}
