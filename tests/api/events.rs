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
    // Its dates and its categories' rules as the reader's language writes them, on its page
    // and in the API.
    for (language, words, rule) in [
        (
            "fr",
            "juillet 2026",
            "moins de 12 ans\u{202f}: né(e)s en 2014 ou après",
        ),
        ("en", "July 2026", "under 12: born in 2014 or later"),
    ] {
        let page = app
            .client()
            .get_in(language, &format!("/events/{e}"))
            .await
            .body;
        assert!(
            page.contains(words) && page.contains(rule) && !page.contains("2026-07-11"),
            "{page}"
        );
        let api = app
            .client()
            .get_in(language, &format!("/api/events/{e}"))
            .await;
        assert_eq!(api.json()["categories"][0]["words"], rule);
        assert_eq!(api.json()["categories"][0]["rule"], "under");
    }

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
    // The section's page says who runs it: the event's controller (not "none assigned").
    let page = organiser.get(&format!("/tournaments/{junior}")).await.body;
    assert!(
        page.contains("by the event&#39;s controllers: kojo.") && !page.contains("None assigned"),
        "{page}"
    );
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

/// The prize list of the worked example in `docs/standings.md` ("Prizes").
fn prize_list(ties: &str) -> Value {
    json!({"currency": "GH₵", "one_each": true, "ties": ties, "prizes": [
        {"name": "1st", "amount": 100, "award": "trophy"},
        {"name": "2nd", "amount": 60},
        {"name": "3rd", "amount": 40},
        {"name": "Best under 12", "category": "Under 12", "amount": 20},
        {"name": "Best woman", "category": "Women", "award": "medal"}]})
}

#[actix_web::test]
async fn prizes_are_given_from_the_final_standings_with_ties_as_the_list_says() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let e = organiser
        .post_json(
            "/api/events",
            &json!({"name": "Festival", "categories": categories()}),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let t = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Open", "rules": "abapa", "rounds": 1, "pairing": "manual",
                    "event_id": e, "tiebreaks": ["SC"]}),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    // Eight players: after one round (forfeits, hand pairings), the points are A 1, B 1, C 1,
    // D 1 (C a woman, D a girl under 12), the others 0 (E a girl under 12).
    let details = [
        ("A", json!({"rating": 1900})),
        ("B", json!({"rating": 1800})),
        ("C", json!({"rating": 1700, "gender": "female"})),
        (
            "D",
            json!({"rating": 1300, "birth_year": 2015, "gender": "female"}),
        ),
        ("E", json!({"birth_year": 2016, "gender": "female"})),
        ("F", json!({"rating": 1500})),
        ("G", json!({"rating": 1400})),
        ("H", json!({"rating": 1450})),
    ];
    let mut id = std::collections::HashMap::new();
    for (name, extra) in &details {
        let mut p = json!({"name": name});
        p.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let r = organiser
            .post_json(&format!("/api/tournaments/{t}/players"), &p)
            .await;
        id.insert(*name, r.json()["id"].as_i64().unwrap());
    }
    // A bad list is refused, saying why: a category the event lacks, a prize of nothing.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/prizes"),
            &json!({"prizes": [{"name": "Best senior", "category": "Seniors", "amount": 5},
                               {"name": "Nothing"}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.body.contains("Seniors") && r.body.contains("an amount, an award"),
        "{}",
        r.body
    );
    let controller = app.controller(&organiser, "kojo").await;
    let r = controller
        .put_json(
            &format!("/api/tournaments/{t}/prizes"),
            &prize_list("tiebreak"),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/prizes"),
            &prize_list("tiebreak"),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["final"], false, "no round yet");
    // Round 1 by hand: A, B, C and D win by forfeit.
    let board = |b: i64, s: &str, n: &str| json!({"board": b, "south": id[s], "north": id[n]});
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [board(1, "A", "E"), board(2, "B", "F"), board(3, "C", "G"),
                                 board(4, "D", "H")]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let round = crate::sheets::publish(&organiser, t, 1).await;
    for g in round["games"].as_array().unwrap() {
        let r = organiser
            .put_json(
                &format!("/api/games/{}/result", g["id"]),
                &json!({"kind": "forfeit-north", "reason": "absent"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let given = |v: &Value| -> Vec<Vec<(String, Option<f64>)>> {
        v["given"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                g["winners"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|w| {
                        (
                            w["name"].as_str().unwrap().to_string(),
                            w["amount"].as_f64(),
                        )
                    })
                    .collect()
            })
            .collect()
    };
    let won = |name: &str, amount: Option<f64>| vec![(name.to_string(), amount)];
    // By the tie-breaks: A, B, C and D are tied on 1 point and on seeds (forfeits), so the
    // standings keep them in pairing order, A to D; D takes the best under 12, and the women's
    // medal goes to the best-placed woman without a prize: E (C and D hold one).
    let p = app
        .client()
        .get(&format!("/api/tournaments/{t}/prizes"))
        .await
        .json();
    assert_eq!(p["final"], true);
    let order: Vec<String> = standings_json(&app.client(), t, None).await["standings"]
        .as_array()
        .unwrap()
        .iter()
        .take(4)
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        given(&p),
        [
            won(&order[0], Some(100.0)),
            won(&order[1], Some(60.0)),
            won(&order[2], Some(40.0)),
            won("D", Some(20.0)),
            won("E", None)
        ],
        "{p}"
    );
    // Shared (US Chess 32B3): were their tie broken, A, B and C would take the 1st, 2nd and
    // 3rd prizes and D the best under 12; the four pool them: 25 + 15 + 10 + 5 = 55 each. Each
    // holds a prize, so the women's medal goes to E.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/prizes"),
            &prize_list("split"),
        )
        .await;
    let p = r.json();
    let four: std::collections::HashSet<String> =
        given(&p)[0].iter().map(|w| w.0.clone()).collect();
    assert_eq!(four, ["A", "B", "C", "D"].map(String::from).into());
    // One pool of the four prizes, 220 divided once: 55 each; the best under 12 is named with
    // D alone, the tie's only player under 12.
    for i in 0..4 {
        assert_eq!(p["given"][i]["pool"], 0, "{p}");
    }
    assert_eq!(given(&p)[3], won("D", None), "{p}");
    let pool = &p["pools"][0];
    assert_eq!(pool["total"], 220, "{p}");
    let parts: Vec<(String, f64)> = pool["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["name"].as_str().unwrap().to_string(),
                w["amount"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(parts.len(), 4, "{p}");
    assert!(parts.iter().all(|(_, a)| *a == 55.0), "{p}");
    assert_eq!(p["paid"], 220, "{p}");
    assert_eq!(given(&p)[4], won("E", None), "{p}");
    // A play-off: the 1st, 2nd and 3rd prizes wait for it.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/prizes"),
            &prize_list("playoff"),
        )
        .await;
    let p = r.json();
    for i in 0..3 {
        assert!(given(&p)[i].is_empty(), "{p}");
        assert_eq!(p["given"][i]["playoff"].as_array().unwrap().len(), 4, "{p}");
    }
    // The page and its print.
    let page = app.client().get(&format!("/tournaments/{t}/prizes")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("a play-off decides between"),
        "{}",
        page.body
    );
}

#[actix_web::test]
async fn the_mso_rule_orders_players_level_on_points_by_head_to_head_then_spread() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // A round robin of six played by hand (`docs/standings.md`'s worked example for MSO's
    // rule): W, X, Y and Z end on 3 points, E and F on 1½.
    let settings = json!({"name": "MSO rules", "rules": "abapa", "rounds": 5, "pairing": "manual",
        "require_moves": false, "tiebreaks": ["SC"], "tie_policy": "mso-spread", "lots_seed": 2026});
    let r = organiser.post_json("/api/tournaments", &settings).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let mut bad = settings.clone();
    bad["tie_policy"] = json!("coin");
    let r = organiser.post_json("/api/tournaments", &bad).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let mut id = std::collections::HashMap::new();
    for name in ["W", "X", "Y", "Z", "E", "F"] {
        id.insert(name, add_player(&organiser, t, name).await.0);
    }
    // South, North, seeds: W beat X, Y and Z; X beat Y, Y beat Z, Z beat X; E and F beat W,
    // lost to X, Y and Z, and drew with each other.
    let games = [
        ("W", "X", [26, 22]),
        ("W", "Y", [25, 23]),
        ("W", "Z", [30, 18]),
        ("X", "Y", [28, 20]),
        ("Y", "Z", [27, 21]),
        ("Z", "X", [25, 23]),
        ("E", "W", [29, 19]),
        ("F", "W", [27, 21]),
        ("X", "E", [30, 18]),
        ("X", "F", [26, 22]),
        ("Y", "E", [25, 23]),
        ("Y", "F", [33, 15]),
        ("Z", "E", [28, 20]),
        ("Z", "F", [26, 22]),
        ("E", "F", [24, 24]),
    ];
    let rounds: [[(&str, &str); 3]; 5] = [
        [("F", "W"), ("X", "E"), ("Y", "Z")],
        [("F", "X"), ("W", "Y"), ("Z", "E")],
        [("F", "Y"), ("Z", "X"), ("E", "W")],
        [("F", "Z"), ("Y", "E"), ("W", "X")],
        [("E", "F"), ("W", "Z"), ("X", "Y")],
    ];
    for (n, round) in (1..).zip(rounds) {
        let boards: Vec<Value> = (1..)
            .zip(round)
            .map(|(b, (p, q))| {
                let (s, no, _) = games
                    .iter()
                    .find(|g| (g.0, g.1) == (p, q) || (g.0, g.1) == (q, p))
                    .unwrap();
                json!({"board": b, "south": id[s], "north": id[no]})
            })
            .collect();
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/rounds"),
                &json!({"pairings": boards}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let published = crate::sheets::publish(&organiser, t, n).await;
        for g in published["games"].as_array().unwrap() {
            let south = g["south"]["name"].as_str().unwrap();
            let north = g["north"]["name"].as_str().unwrap();
            let (_, _, seeds) = games.iter().find(|x| (x.0, x.1) == (south, north)).unwrap();
            let result = match seeds[0].cmp(&seeds[1]) {
                std::cmp::Ordering::Greater => "south",
                std::cmp::Ordering::Less => "north",
                std::cmp::Ordering::Equal => "draw",
            };
            let r = organiser
                .put_json(
                    &format!("/api/games/{}/result", g["id"]),
                    &json!({"kind": "played", "result": result, "seeds": seeds,
                            "reason": "from the paper sheet"}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        }
    }
    // By hand: W beat the three others on 3 points, so first; no one lost to all three; then
    // the spread less the best round: X 18 − 12 = 6, Y 16 − 18 = −2, Z −4 − 8 = −12. E and F
    // drew: E −12 − 10 = −22, F −20 − 6 = −26. Seeds captured alone (the tie-break listed)
    // would have put X (129) and Y (128) ahead of W (121).
    let s = standings_json(&app.client(), t, None).await;
    let order: Vec<(&str, i64, bool)> = s["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap(),
                r["rank"].as_i64().unwrap(),
                r["shared"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        order,
        [
            ("W", 1, false),
            ("X", 2, false),
            ("Y", 3, false),
            ("Z", 4, false),
            ("E", 5, false),
            ("F", 6, false)
        ],
        "{s}"
    );
    let page = app
        .client()
        .get(&format!("/tournaments/{t}/standings"))
        .await;
    assert!(page.body.contains("Mind Sports Olympiad"), "{}", page.body);
    assert!(
        page.body.contains("2026"),
        "the seed of the lots is printed"
    );
}

#[actix_web::test]
async fn team_standings_count_the_best_members_of_each_country() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Nations", "rules": "abapa", "rounds": 1, "pairing": "manual"}),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let mut id = std::collections::HashMap::new();
    for (name, country) in [
        ("GH1", "GH"),
        ("GH2", "GH"),
        ("GH3", "GH"),
        ("NG1", "NG"),
        ("NG2", "NG"),
        ("TG1", "TG"),
    ] {
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": name, "country": country}),
            )
            .await;
        id.insert(name, r.json()["id"].as_i64().unwrap());
    }
    // Bad settings are refused: a listed player of another tournament, a player in two teams.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/teams"),
            &json!({"by": "list", "lists": [{"name": "A", "players": [id["GH1"], 9999]},
                                            {"name": "B", "players": [id["GH1"]]}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.body.contains("two teams") && r.body.contains("9999"),
        "{}",
        r.body
    );
    let r = app
        .client()
        .put_json(
            &format!("/api/tournaments/{t}/teams"),
            &json!({"by": "country"}),
        )
        .await;
    assert_eq!(r.status.as_u16() / 100, 4);
    // Round 1: GH1 beats NG1, GH2 beats TG1, NG2 beats GH3 (forfeits).
    let boards = json!({"pairings": [
        {"board": 1, "south": id["GH1"], "north": id["NG1"]},
        {"board": 2, "south": id["GH2"], "north": id["TG1"]},
        {"board": 3, "south": id["NG2"], "north": id["GH3"]}]});
    let r = organiser
        .post_json(&format!("/api/tournaments/{t}/rounds"), &boards)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let round = crate::sheets::publish(&organiser, t, 1).await;
    for g in round["games"].as_array().unwrap() {
        organiser
            .put_json(
                &format!("/api/games/{}/result", g["id"]),
                &json!({"kind": "forfeit-north", "reason": "absent"}),
            )
            .await;
    }
    let teams = |v: &Value| -> Vec<(String, i64, f64, f64)> {
        v["teams"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                (
                    t["name"].as_str().unwrap().to_string(),
                    t["rank"].as_i64().unwrap(),
                    t["points"].as_f64().unwrap(),
                    t["all_points"].as_f64().unwrap(),
                )
            })
            .collect()
    };
    let team = |n: &str, r: i64, p: f64, a: f64| (n.to_string(), r, p, a);
    // The best two by hand: Ghana 1 + 1 (GH3 not counted), Nigeria 1 + 0, Togo 0.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/teams"),
            &json!({"by": "country", "best": 2}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        teams(&r.json()),
        [
            team("GH", 1, 2.0, 2.0),
            team("NG", 2, 1.0, 1.0),
            team("TG", 3, 0.0, 0.0)
        ]
    );
    // The best one: Ghana and Nigeria level on 1; Ghana's members have 2 to Nigeria's 1.
    organiser
        .put_json(
            &format!("/api/tournaments/{t}/teams"),
            &json!({"by": "country", "best": 1}),
        )
        .await;
    let v = app
        .client()
        .get(&format!("/api/tournaments/{t}/teams"))
        .await
        .json();
    assert_eq!(
        teams(&v),
        [
            team("GH", 1, 1.0, 2.0),
            team("NG", 2, 1.0, 1.0),
            team("TG", 3, 0.0, 0.0)
        ]
    );
    // Listed teams: a school team of GH3 and TG1.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/teams"),
            &json!({"by": "list", "lists": [{"name": "Accra Academy",
                    "players": [id["GH3"], id["TG1"]]}]}),
        )
        .await;
    assert_eq!(teams(&r.json()), [team("Accra Academy", 1, 0.0, 0.0)]);
    // The wall shows the teams beside the standings.
    let wall = app.client().get(&format!("/tournaments/{t}/live")).await;
    assert!(
        wall.body.contains("live-teams") && wall.body.contains("Accra Academy"),
        "{}",
        wall.body
    );
    // The page (public) and the CSV (staff only).
    let page = app.client().get(&format!("/tournaments/{t}/teams")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Accra Academy"), "{}", page.body);
    let csv = app
        .client()
        .get(&format!("/tournaments/{t}/teams.csv"))
        .await;
    // A visitor is sent to sign in, and gets no file.
    assert_eq!(csv.status.as_u16() / 100, 3, "{}", csv.body);
    assert!(!csv.body.contains("Accra"));
    let csv = organiser.get(&format!("/tournaments/{t}/teams.csv")).await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(
        csv.body
            .contains("rank,team,gender,points,all_points,member"),
        "{}",
        csv.body
    );
    assert!(
        csv.body.contains("1,Accra Academy,,0,0,GH3,0,"),
        "{}",
        csv.body
    );
}
