//! An event as Oware's are run, at full size: an open (40 players, Swiss, 7 rounds) and a junior
//! round robin of 12, four of the juniors entered in the open from the event's player list;
//! categories (under 12, women), place and category prizes with ties, team standings by country
//! and by the organiser's lists (schools), and the event's projector view. Every value checked
//! is worked out in the test: the junior results follow a strength table, so its points, prizes
//! and teams are written out by hand below; the open's results follow the ratings, and its
//! points are tallied from the pairings as they come.

use std::collections::HashMap;
use std::time::Duration;

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

/// The event's date: who is under 12 is counted on it (born in 2014 or later).
pub const DAY: &str = "2026-07-11";

/// A 60-character name, as a phone must show it.
pub const LONG_NAME: &str = "Oheneba Kwadwo Agyemang-Badu Asante Dark Boakye-Yiadom Owusu";

/// A junior: name, strength (a game goes to the stronger; equal strengths draw), birth year, a
/// girl, rating, and their school.
pub type Junior = (&'static str, i32, i32, bool, Option<i32>, &'static str);

pub const JUNIORS: [Junior; 12] = [
    ("Kofi Boateng", 5, 2013, false, Some(1500), "Achimota"),
    ("Ama Serwaa", 4, 2014, true, Some(1450), "Wesley Girls"),
    ("Yaw Darko", 4, 2015, false, Some(1450), "Mfantsipim"),
    ("Esi Mensah", 3, 2013, true, Some(1350), "Achimota"),
    ("Kwame Asante", 3, 2016, false, Some(1300), "Mfantsipim"),
    ("Abena Owusu", 3, 2015, true, Some(1250), "Wesley Girls"),
    ("Kojo Antwi", 2, 2013, false, Some(1200), "Achimota"),
    ("Adjoa Quaye", 2, 2014, true, Some(1150), "Wesley Girls"),
    ("Kwesi Appiah", 1, 2016, false, Some(1100), "Mfantsipim"),
    ("Efua Sarpong", 1, 2017, true, None, "Mfantsipim"),
    ("Kwaku Addo", 0, 2013, false, Some(1000), "Achimota"),
    ("Akua Frimpong", 0, 2015, true, None, "Wesley Girls"),
];

/// The juniors who also play the open.
pub const IN_THE_OPEN: [&str; 4] = ["Kofi Boateng", "Ama Serwaa", "Yaw Darko", "Kwame Asante"];

/// The junior round robin's points by hand: each junior beats every weaker one and draws with
/// the others of their strength. Strength 5: 11 wins. 4: 9 wins and a draw, 9½. 3: 6 wins and
/// two draws, 7. 2: 4 wins and a draw, 4½. 1: 2 wins and a draw, 2½. 0: a draw, ½. In all 66,
/// the 66 games' points.
pub const JUNIOR_POINTS: [(&str, f64); 12] = [
    ("Kofi Boateng", 11.0),
    ("Ama Serwaa", 9.5),
    ("Yaw Darko", 9.5),
    ("Esi Mensah", 7.0),
    ("Kwame Asante", 7.0),
    ("Abena Owusu", 7.0),
    ("Kojo Antwi", 4.5),
    ("Adjoa Quaye", 4.5),
    ("Kwesi Appiah", 2.5),
    ("Efua Sarpong", 2.5),
    ("Kwaku Addo", 0.5),
    ("Akua Frimpong", 0.5),
];

/// The junior prizes (shared on ties, one each, US Chess 32B3: a tie pools what its whole score
/// group would take), and by hand who receives each: Kofi the 1st alone; Ama and Yaw, level on
/// 9½, pool the 2nd and 3rd (100): 50 each; Esi, Kwame and Abena, level on 7, pool the best girl
/// (Esi's or Abena's) and the best under 12 (Kwame's or Abena's): 50 divided once by three,
/// 16.67 to the first two of them in the standings and 16.66 to the third (the cent left over
/// goes one each in the standings' order). Each pooled prize is named with those of the tie it
/// is awarded to: the best girl with the two girls, the best under 12 with the two under 12.
pub const JUNIOR_PRIZES: [(&str, &[&str]); 5] = [
    ("1st", &["Kofi Boateng"]),
    ("2nd", &["Ama Serwaa", "Yaw Darko"]),
    ("3rd", &["Ama Serwaa", "Yaw Darko"]),
    ("Best girl", &["Abena Owusu", "Esi Mensah"]),
    ("Best under 12", &["Abena Owusu", "Kwame Asante"]),
];

/// Each junior's money by hand, given the three on 7 points in the standings' order.
pub fn junior_money(on_seven: &[String]) -> Vec<(String, f64)> {
    let mut money = vec![
        ("Kofi Boateng".to_string(), 100.0),
        ("Ama Serwaa".to_string(), 50.0),
        ("Yaw Darko".to_string(), 50.0),
    ];
    for (k, name) in on_seven.iter().enumerate() {
        money.push((name.clone(), if k < 2 { 16.67 } else { 16.66 }));
    }
    money.sort_by(|a, b| a.0.cmp(&b.0));
    money
}

/// Each player's money in all, from the prizes' answer: (name, amount), by name.
pub fn money_paid(v: &Value) -> Vec<(String, f64)> {
    let mut paid: Vec<(String, f64)> = v["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["amount"].as_f64().unwrap(),
            )
        })
        .collect();
    paid.sort_by(|a, b| a.0.cmp(&b.0));
    paid
}

/// The schools' team standings by hand, the best three counted: Achimota 11 + 7 + 4½ = 22½;
/// Wesley Girls 9½ + 7 + 4½ = 21; Mfantsipim 9½ + 7 + 2½ = 19.
pub const SCHOOLS: [(&str, f64); 3] = [
    ("Achimota", 22.5),
    ("Wesley Girls", 21.0),
    ("Mfantsipim", 19.0),
];

/// The open's own players: name, rating, country, a woman. Ratings come in threes (equal
/// ratings draw), every fourth player is a woman, countries in turn.
pub fn adults() -> Vec<(String, i32, &'static str, bool)> {
    let first = [
        "Kwabena", "Nii", "Folake", "Chinedu", "Afi", "Komlan", "Adwoa", "Yao", "Bola", "Sena",
        "Koffi", "Emeka",
    ];
    let last = ["Adjei", "Okafor", "Agbeko"];
    (0..36)
        .map(|i| {
            let name = if i == 0 {
                LONG_NAME.to_string()
            } else {
                format!("{} {}", first[i % 12], last[i / 12])
            };
            let country = ["GH", "NG", "TG", "CI", "BJ"][i % 5];
            (name, 1200 + 50 * (i as i32 % 12), country, i % 4 == 1)
        })
        .collect()
}

/// The event as registered: its sections and every player's id in each.
pub struct Festival {
    pub event: i64,
    pub open: i64,
    pub junior: i64,
    /// Players of the open and of the junior section by name.
    pub in_open: HashMap<String, i64>,
    pub in_junior: HashMap<String, i64>,
    /// The juniors' PINs.
    pub pins: HashMap<String, String>,
    /// The controller of the whole event.
    pub controller: Client,
}

impl Festival {
    /// The event, its two sections and their own players; the juniors are not in the open yet.
    pub async fn registered(app: &TestApp, organiser: &Client) -> Festival {
        let r = organiser
            .post_json(
                "/api/events",
                &json!({"name": "Accra Oware Festival", "venue": "Accra Sports Stadium",
                        "start_date": DAY, "end_date": "2026-07-12", "categories": [
                    {"name": "Under 12", "rule": "under", "age": 12, "on": DAY},
                    {"name": "Women", "rule": "gender", "gender": "female"}]}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let event = r.json()["id"].as_i64().unwrap();
        let controller = app.controller(organiser, "kojo").await;
        let r = organiser
            .post_json(
                &format!("/api/events/{event}/controllers"),
                &json!({"username": "kojo"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let section = |name: &str, pairing: &str, rounds: i64| {
            json!({"name": name, "rules": "abapa", "rounds": rounds, "pairing": pairing,
                   "event_id": event})
        };
        let mut ids = Vec::new();
        for (name, pairing, rounds) in [("Open", "swiss", 7), ("Junior", "round-robin", 11)] {
            let r = organiser
                .post_json("/api/tournaments", &section(name, pairing, rounds))
                .await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
            ids.push(r.json()["id"].as_i64().unwrap());
        }
        let (open, junior) = (ids[0], ids[1]);
        let mut in_open = HashMap::new();
        for (name, rating, country, woman) in adults() {
            let gender = if woman { "female" } else { "male" };
            let r = controller
                .post_json(
                    &format!("/api/tournaments/{open}/players"),
                    &json!({"name": name, "rating": rating, "country": country,
                            "gender": gender, "birth_year": 1980}),
                )
                .await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
            in_open.insert(name, r.json()["id"].as_i64().unwrap());
        }
        let (mut in_junior, mut pins) = (HashMap::new(), HashMap::new());
        for (name, _, born, girl, rating, _) in JUNIORS {
            let r = controller
                .post_json(
                    &format!("/api/tournaments/{junior}/players"),
                    &json!({"name": name, "rating": rating, "country": "GH", "birth_year": born,
                            "gender": if girl { "female" } else { "male" }}),
                )
                .await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
            let v = r.json();
            in_junior.insert(name.to_string(), v["id"].as_i64().unwrap());
            pins.insert(name.to_string(), v["pin"].as_str().unwrap().to_string());
        }
        Festival {
            event,
            open,
            junior,
            in_open,
            in_junior,
            pins,
            controller,
        }
    }

    /// The juniors' ids in the open, once entered there (read from the open's players).
    pub async fn entered(&mut self, app: &TestApp) {
        let players = app
            .client()
            .get(&format!("/api/tournaments/{}/players", self.open))
            .await
            .json();
        for p in players.as_array().unwrap() {
            self.in_open.insert(
                p["name"].as_str().unwrap().into(),
                p["id"].as_i64().unwrap(),
            );
        }
        assert_eq!(self.in_open.len(), 40);
    }

    /// The prizes of both sections and the teams: by country in the open (the best three
    /// counted), by school in the junior section when `schools` (else left to the caller).
    pub async fn prizes(&self, organiser: &Client) {
        let r = organiser
            .put_json(
                &format!("/api/tournaments/{}/prizes", self.open),
                &json!({"currency": "GH₵", "one_each": true, "ties": "tiebreak", "prizes": [
                    {"name": "1st", "amount": 300, "award": "trophy"},
                    {"name": "2nd", "amount": 200},
                    {"name": "3rd", "amount": 100},
                    {"name": "Best woman", "category": "Women", "amount": 50},
                    {"name": "Best under 12", "category": "Under 12", "amount": 50}]}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let r = organiser
            .put_json(
                &format!("/api/tournaments/{}/prizes", self.junior),
                &json!({"currency": "GH₵", "one_each": true, "ties": "split", "prizes": [
                    {"name": "1st", "amount": 100, "award": "trophy"},
                    {"name": "2nd", "amount": 60},
                    {"name": "3rd", "amount": 40},
                    {"name": "Best girl", "category": "Women", "amount": 30},
                    {"name": "Best under 12", "category": "Under 12", "amount": 20}]}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let r = organiser
            .put_json(
                &format!("/api/tournaments/{}/teams", self.open),
                &json!({"by": "country", "best": 3}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }

    /// The school lists through the API.
    pub async fn schools(&self, organiser: &Client) {
        let mut lists: Vec<Value> = Vec::new();
        for school in ["Achimota", "Wesley Girls", "Mfantsipim"] {
            let players: Vec<i64> = JUNIORS
                .iter()
                .filter(|j| j.5 == school)
                .map(|j| self.in_junior[j.0])
                .collect();
            lists.push(json!({"name": school, "players": players}));
        }
        let r = organiser
            .put_json(
                &format!("/api/tournaments/{}/teams", self.junior),
                &json!({"by": "list", "best": 3, "lists": lists}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }

    /// Plays every round of both sections through the API, generated and published by the
    /// controller: the open's games go to the higher rating (equal ratings draw), the juniors'
    /// to the stronger. Returns the open's points as tallied from its pairings.
    pub async fn play(&self) -> HashMap<i64, f64> {
        let rating: HashMap<i64, i32> = adults()
            .into_iter()
            .map(|(name, rating, ..)| (self.in_open[&name], rating))
            .chain(
                JUNIORS
                    .iter()
                    .filter(|j| IN_THE_OPEN.contains(&j.0))
                    .map(|j| (self.in_open[j.0], j.4.unwrap())),
            )
            .collect();
        let mut points: HashMap<i64, f64> = HashMap::new();
        for n in 1..=7 {
            let round =
                crate::sheets::generated_and_published(&self.controller, self.open, n).await;
            for g in round["games"].as_array().unwrap() {
                let south = g["south"]["id"].as_i64().unwrap();
                let north = g["north"]["id"].as_i64().expect("40 players: no bye");
                let (s, n) = (rating[&south], rating[&north]);
                let (ps, pn) = self.result(g, s.cmp(&n)).await;
                *points.entry(south).or_default() += ps;
                *points.entry(north).or_default() += pn;
            }
        }
        let strength: HashMap<i64, i32> =
            JUNIORS.iter().map(|j| (self.in_junior[j.0], j.1)).collect();
        for n in 1..=11 {
            let round =
                crate::sheets::generated_and_published(&self.controller, self.junior, n).await;
            for g in round["games"].as_array().unwrap() {
                let south = g["south"]["id"].as_i64().unwrap();
                let north = g["north"]["id"].as_i64().expect("12 players: no bye");
                self.result(g, strength[&south].cmp(&strength[&north]))
                    .await;
            }
        }
        points
    }

    /// Enters game `g`'s result as `order` (South against North) says: its points.
    async fn result(&self, g: &Value, order: std::cmp::Ordering) -> (f64, f64) {
        let (result, seeds, points) = match order {
            std::cmp::Ordering::Greater => ("south", [30, 18], (1.0, 0.0)),
            std::cmp::Ordering::Less => ("north", [18, 30], (0.0, 1.0)),
            std::cmp::Ordering::Equal => ("draw", [24, 24], (0.5, 0.5)),
        };
        let r = self
            .controller
            .put_json(
                &format!("/api/games/{}/result", g["id"]),
                &json!({"kind": "played", "result": result, "seeds": seeds,
                        "reason": "the sheet, read by the controller"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        points
    }
}

/// Each prize's winners: (prize, [(name, amount)]).
pub fn given(v: &Value) -> Vec<(String, Vec<(String, f64)>)> {
    v["given"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let mut winners: Vec<(String, f64)> = g["winners"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| {
                    (
                        w["name"].as_str().unwrap().to_string(),
                        w["amount"].as_f64().unwrap_or(0.0),
                    )
                })
                .collect();
            winners.sort_by(|a, b| a.0.cmp(&b.0));
            (g["name"].as_str().unwrap().to_string(), winners)
        })
        .collect()
}

/// The open's prizes by hand from its final table (names in order, with their details): each
/// prize, best first, to the first player in the table who may take it and holds none yet.
pub fn open_prizes(table: &[String]) -> Vec<(String, Vec<(String, f64)>)> {
    let woman: Vec<String> = adults()
        .into_iter()
        .filter(|a| a.3)
        .map(|a| a.0)
        .chain(["Ama Serwaa".to_string()])
        .collect();
    let under_12 = ["Ama Serwaa", "Yaw Darko", "Kwame Asante"];
    type May<'a> = &'a dyn Fn(&str) -> bool;
    let prizes: [(&str, f64, May); 5] = [
        ("1st", 300.0, &|_| true),
        ("2nd", 200.0, &|_| true),
        ("3rd", 100.0, &|_| true),
        ("Best woman", 50.0, &|n| woman.iter().any(|w| w == n)),
        ("Best under 12", 50.0, &|n| under_12.contains(&n)),
    ];
    let mut holders: Vec<&String> = Vec::new();
    prizes
        .iter()
        .map(|(prize, amount, may)| {
            let winner = table
                .iter()
                .find(|n| may(n) && !holders.contains(n))
                .expect("someone may take it");
            holders.push(winner);
            (prize.to_string(), vec![(winner.clone(), *amount)])
        })
        .collect()
}

#[actix_web::test]
async fn an_open_and_a_junior_section_run_as_one_event() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let mut f = Festival::registered(&app, &organiser).await;
    let (open, junior, event) = (f.open, f.junior, f.event);

    // The juniors who play the open too are entered there from the event's list, keeping
    // their PINs. Only the staff who run the open may; a player of another event, or a
    // tournament outside the event, is refused.
    let juniors: Vec<i64> = IN_THE_OPEN.iter().map(|n| f.in_junior[*n]).collect();
    let entries = format!("/api/events/{event}/entries");
    let body = json!({"section": open, "players": juniors});
    let r = app.client().post_json(&entries, &body).await;
    assert_eq!(r.status.as_u16() / 100, 4, "{}", r.body);
    let stranger = app.controller(&organiser, "esi").await;
    let r = stranger.post_json(&entries, &body).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let elsewhere = create_tournament(&organiser, "Club night").await;
    let (outsider, _) = add_player(&organiser, elsewhere, "Outsider").await;
    let r = f
        .controller
        .post_json(&entries, &json!({"section": open, "players": [outsider]}))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("does not play in this event"), "{}", r.body);
    let r = organiser
        .post_json(&entries, &json!({"section": elsewhere, "players": juniors}))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("not a section of this event"), "{}", r.body);
    let r = f.controller.post_json(&entries, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["entered"].as_array().unwrap().len(), 4);
    // Again: nobody is entered twice.
    let r = f.controller.post_json(&entries, &body).await;
    assert_eq!(r.json()["entered"], json!([]));
    assert_eq!(r.json()["already"].as_array().unwrap().len(), 4);
    f.entered(&app).await;

    // One list for the event: 48 people, the four in both sections.
    let list = app
        .client()
        .get(&format!("/api/events/{event}/players"))
        .await
        .json();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 48);
    let ama = list.iter().find(|p| p["name"] == "Ama Serwaa").unwrap();
    let sections: Vec<&str> = ama["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["section"].as_str().unwrap())
        .collect();
    assert_eq!(sections, ["Open", "Junior"]);
    assert_eq!(ama["categories"], json!(["Under 12", "Women"]));
    let kofi = list.iter().find(|p| p["name"] == "Kofi Boateng").unwrap();
    assert_eq!(kofi["categories"], json!([]), "born in 2013");

    // Ama signs in to the open with her junior PIN; her details, changed in the open, change in
    // the junior section; a new PIN from the junior section opens the open too.
    let phone = app.client();
    let r = page_sign_in(&phone, open, f.in_open["Ama Serwaa"], &f.pins["Ama Serwaa"]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let r = f
        .controller
        .put_json(
            &format!(
                "/api/tournaments/{open}/players/{}",
                f.in_open["Ama Serwaa"]
            ),
            &json!({"name": "Ama Serwaa", "club": "Cape Coast", "country": "GH",
                    "rating": 1450, "birth_year": 2014, "gender": "female"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let players = app
        .client()
        .get(&format!("/api/tournaments/{junior}/players"))
        .await
        .json();
    let in_junior = players
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Ama Serwaa")
        .unwrap()
        .clone();
    assert_eq!(in_junior["club"], "Cape Coast");
    let r = f
        .controller
        .post_json(
            &format!(
                "/api/tournaments/{junior}/players/{}/pin",
                f.in_junior["Ama Serwaa"]
            ),
            &json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let pin = r.json()["pin"].as_str().unwrap().to_string();
    let r = page_sign_in(
        &app.client(),
        open,
        f.in_open["Ama Serwaa"],
        &f.pins["Ama Serwaa"],
    )
    .await;
    assert_ne!(r.status, StatusCode::SEE_OTHER, "the old PIN is gone");
    let r = page_sign_in(&app.client(), open, f.in_open["Ama Serwaa"], &pin).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);

    f.prizes(&organiser).await;
    f.schools(&organiser).await;
    // The event's projector view follows both sections as they play.
    let wall = crate::pages::event_stream(&app.address, &format!("/events/{event}/live/events"));
    let first = crate::pages::event_with(&wall, "Junior: Standings", Duration::from_secs(30));
    assert!(first.contains("Open: Standings"), "{first}");
    let points = f.play().await;
    let last =
        crate::pages::event_with(&wall, "Junior: Round 11 by board", Duration::from_secs(30));
    assert!(last.contains("Open: Round 7 by board"), "{last}");
    assert!(last.contains("Open: Teams"), "{last}");

    // The open: every player's points as tallied, and the category tables.
    let standings = standings_json(&app.client(), open, None).await;
    let table = standings["standings"].as_array().unwrap();
    assert_eq!(table.len(), 40);
    let names: Vec<String> = table
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    for s in table {
        let id = s["player_id"].as_i64().unwrap();
        assert_eq!(s["points"].as_f64().unwrap(), points[&id], "{}", s["name"]);
    }
    let under_12 = app
        .client()
        .get(&format!(
            "/api/tournaments/{open}/standings?category=Under%2012"
        ))
        .await
        .json();
    let in_category: Vec<&str> = under_12["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    let expected: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|n| ["Ama Serwaa", "Yaw Darko", "Kwame Asante"].contains(n))
        .collect();
    assert_eq!(in_category, expected);

    // The open's prizes, by the tie-breaks, one each.
    let prizes = app
        .client()
        .get(&format!("/api/tournaments/{open}/prizes"))
        .await
        .json();
    assert_eq!(prizes["final"], true);
    assert_eq!(given(&prizes), open_prizes(&names), "{prizes}");

    // The open's teams by country, the best three counted: sums from the tallies, ties by all
    // members' points, then the best member's place.
    let country: HashMap<String, &str> = adults()
        .into_iter()
        .map(|a| (a.0, a.2))
        .chain(IN_THE_OPEN.iter().map(|n| (n.to_string(), "GH")))
        .collect();
    let mut teams: HashMap<&str, Vec<(f64, usize)>> = HashMap::new();
    for (place, s) in table.iter().enumerate() {
        let name = s["name"].as_str().unwrap();
        teams
            .entry(country[name])
            .or_default()
            .push((points[&s["player_id"].as_i64().unwrap()], place + 1));
    }
    let mut expected: Vec<(String, f64, f64)> = teams
        .iter()
        .map(|(c, members)| {
            let mut best: Vec<f64> = members.iter().map(|m| m.0).collect();
            best.sort_by(|a, b| b.total_cmp(a));
            (c.to_string(), best.iter().take(3).sum(), best.iter().sum())
        })
        .collect();
    expected.sort_by(|a, b| {
        b.1.total_cmp(&a.1)
            .then(b.2.total_cmp(&a.2))
            .then(teams[a.0.as_str()][0].1.cmp(&teams[b.0.as_str()][0].1))
    });
    let shown = app
        .client()
        .get(&format!("/api/tournaments/{open}/teams"))
        .await
        .json();
    let shown: Vec<(String, f64, f64)> = shown["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["points"].as_f64().unwrap(),
                t["all_points"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(shown, expected);

    // The junior section, by hand.
    let standings = standings_json(&app.client(), junior, None).await;
    let mut table: Vec<(String, f64)> = standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().into(),
                s["points"].as_f64().unwrap(),
            )
        })
        .collect();
    table.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut by_hand: Vec<(String, f64)> = JUNIOR_POINTS
        .iter()
        .map(|(n, p)| (n.to_string(), *p))
        .collect();
    by_hand.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    assert_eq!(table, by_hand);
    let prizes = app
        .client()
        .get(&format!("/api/tournaments/{junior}/prizes"))
        .await
        .json();
    assert_eq!(prizes["final"], true);
    let named: Vec<(String, Vec<String>)> = given(&prizes)
        .into_iter()
        .map(|(p, w)| (p, w.into_iter().map(|(n, _)| n).collect()))
        .collect();
    let by_hand: Vec<(String, Vec<String>)> = JUNIOR_PRIZES
        .iter()
        .map(|(p, w)| (p.to_string(), w.iter().map(|n| n.to_string()).collect()))
        .collect();
    assert_eq!(named, by_hand, "{prizes}");
    let on_seven: Vec<String> = standings_json(&app.client(), junior, None).await["standings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["points"] == 7.0)
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(money_paid(&prizes), junior_money(&on_seven), "{prizes}");
    assert_eq!(prizes["paid"], 250, "the fund, paid to the cent: {prizes}");
    let schools = app
        .client()
        .get(&format!("/api/tournaments/{junior}/teams"))
        .await
        .json();
    let schools: Vec<(String, f64)> = schools["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().into(),
                t["points"].as_f64().unwrap(),
            )
        })
        .collect();
    let by_hand: Vec<(String, f64)> = SCHOOLS.iter().map(|(n, p)| (n.to_string(), *p)).collect();
    assert_eq!(schools, by_hand);

    // The event's pages: its players with both sections, its projector view with every one.
    let page = app.client().get(&format!("/events/{event}/players")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(LONG_NAME) && page.body.contains("48 players"));
    let page = app.client().get(&format!("/events/{event}/live")).await;
    assert_eq!(page.status, StatusCode::OK);
    for part in [
        "Open: Round 7 by board",
        "Junior: Round 11 by board",
        "Junior: Teams",
        "Achimota",
        &format!("/events/{event}/live/events"),
    ] {
        assert!(page.body.contains(part), "{part}");
    }
    // Every field the audit log recorded on the way is shown in the reader's words.
    let unworded = app.audit_fields_without_words();
    assert!(unworded.is_empty(), "{unworded:?}");
}
