//! The Oware Rating List on a hub: the register (suggestions, merges and splits, its file), the
//! events of two venues pushed to it under variant spellings, merged and split back, and the
//! published files recomputed by the `ratings` command byte for byte.

use std::process::Command;

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::publishing::{push, token};
use crate::swiss::fixture_games;

/// Runs the command line with `args`, which must succeed.
pub(crate) fn command(args: &[&std::ffi::OsStr]) {
    let out = Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A person added to the hub's register: their id.
pub(crate) async fn person(hub: &Client, details: Value) -> i64 {
    let r = hub.post_json("/api/persons", &details).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.json()["id"].as_i64().unwrap()
}

/// A round robin of `names` at a venue, played on 12-13 September 2026, its results entered
/// from the paper sheets (with their moves); game `forfeit` of round 1, if any, a forfeit. The
/// tournament's file.
async fn venue_event(
    venue: &TestApp,
    names: &[(&str, Option<i64>)],
    forfeit: Option<usize>,
    seed: usize,
) -> Value {
    let dates = json!({"start_date": "2026-09-12", "end_date": "2026-09-13"});
    event_on(venue, names, forfeit, seed, dates).await.1
}

/// [`venue_event`] on the dates given (none: played the day its rounds are published): the
/// tournament's id and its file.
pub(crate) async fn event_on(
    venue: &TestApp,
    names: &[(&str, Option<i64>)],
    forfeit: Option<usize>,
    seed: usize,
    dates: Value,
) -> (i64, Value) {
    let staff = venue.organiser().await;
    let rounds = names.len() as i64 - 1;
    let mut settings = json!({"name": format!("Open {seed}"), "rules": "abapa",
                              "rounds": rounds, "pairing": "round-robin"});
    for (key, value) in dates.as_object().unwrap() {
        settings[key] = value.clone();
    }
    let r = staff.post_json("/api/tournaments", &settings).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    for (name, register) in names {
        let r = staff
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": name, "register_id": register}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    }
    let fixtures = fixture_games();
    let mut n = seed;
    for round in 1..=rounds {
        let games = crate::sheets::generated_and_published(&staff, t, round).await;
        for (k, g) in games["games"].as_array().unwrap().iter().enumerate() {
            if !g["north"]["id"].is_i64() {
                continue;
            }
            let id = g["id"].as_i64().unwrap();
            let body = if round == 1 && Some(k) == forfeit {
                json!({"kind": "forfeit-north", "reason": "North did not come"})
            } else {
                n += 1;
                let (moves, result, seeds) = &fixtures[n % fixtures.len()];
                json!({"kind": "played", "result": result, "seeds": seeds, "moves": moves,
                       "reason": "entered from the paper sheet"})
            };
            let r = staff
                .put_json(&format!("/api/games/{id}/result"), &body)
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        }
    }
    let r = staff.get(&format!("/tournaments/{t}/export.json")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    (t, r.json())
}

/// Pushes a venue's file to the hub with a new token, and rates it there: its id on the hub.
async fn pushed_and_rated(hub: &TestApp, staff: &Client, file: &Value, label: &str) -> i64 {
    let secret = token(staff, label).await;
    let r = push(hub, &secret, &json!({"version": 1, "file": file})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let t = r.json()["tournament"].as_i64().unwrap();
    let r = staff
        .post_json(
            &format!("/api/tournaments/{t}/rated"),
            &json!({"rated": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    t
}

/// The hub's players waiting for a person, by name: their ids.
pub(crate) fn waiting(hub: &TestApp, t: i64) -> Vec<(String, i64)> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name: String,
        #[diesel(sql_type = diesel::sql_types::Integer)]
        id: i32,
    }
    let mut conn =
        diesel::sqlite::SqliteConnection::establish(hub.db_path.to_str().unwrap()).unwrap();
    diesel::sql_query(format!(
        "SELECT name, id FROM players WHERE tournament_id = {t} ORDER BY id"
    ))
    .load::<Row>(&mut conn)
    .unwrap()
    .into_iter()
    .map(|r| (r.name, i64::from(r.id)))
    .collect()
}

pub(crate) async fn link(hub: &Client, player: i64, person: i64) {
    let r = hub
        .post_json(
            "/api/register/link",
            &json!({"player": player, "person": person}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
}

async fn file(client: &Client, name: &str) -> String {
    let r = client.get(&format!("/ratings/{name}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

const VENUE_A: [&str; 4] = [
    "Kwame Mensah-Bonsu",
    "Ama Owusu",
    "Yaw Boateng",
    "Esi Quaye",
];
const VENUE_B: [&str; 4] = [
    "MENSAH BONSU, Kwame",
    "Owusu Ama",
    "Yaw Boatenq",
    "ESI QUAYÉ",
];

/// The two venues' events pushed to a fresh hub, the players of venue A linked to four persons;
/// venue B's players linked to `b_persons(a_persons)`. The hub, its organiser and A's persons.
async fn hub_with_both(
    a: &Value,
    b: &Value,
    b_persons: impl Fn(
        &Client,
        Vec<i64>,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Vec<i64>> + '_>>,
) -> (TestApp, Client, Vec<i64>) {
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let ta = pushed_and_rated(&hub, &staff, a, "Venue A").await;
    let tb = pushed_and_rated(&hub, &staff, b, "Venue B").await;
    let mut persons = Vec::new();
    for name in VENUE_A {
        persons.push(person(&staff, json!({"name": name, "federation": "GHA"})).await);
    }
    for ((_, player), p) in waiting(&hub, ta).into_iter().zip(&persons) {
        link(&staff, player, *p).await;
    }
    let for_b = b_persons(&staff, persons.clone()).await;
    for ((_, player), p) in waiting(&hub, tb).into_iter().zip(&for_b) {
        link(&staff, player, *p).await;
    }
    (hub, staff, persons)
}

#[actix_web::test]
async fn two_venues_spelling_the_same_people_differently_rate_as_one_once_merged() {
    let (venue_a, venue_b) = (spawn_app().await, spawn_app().await);
    let a = venue_event(&venue_a, &VENUE_A.map(|n| (n, None)), Some(0), 0).await;
    let b = venue_event(&venue_b, &VENUE_B.map(|n| (n, None)), None, 7).await;

    // Entered under one person each: venue B's players linked straight to A's persons.
    let (one, one_staff, _) =
        hub_with_both(&a, &b, |_, persons| Box::pin(async move { persons })).await;
    let as_one = file(&one_staff, "list.csv").await;

    // Entered as other persons, as a hub whose organiser did not see they were the same.
    let (hub, staff, persons) = hub_with_both(&a, &b, |staff, _| {
        Box::pin(async move {
            let mut more = Vec::new();
            for name in VENUE_B {
                more.push(person(staff, json!({"name": name, "federation": "GHA"})).await);
            }
            more
        })
    })
    .await;
    let apart = file(&staff, "list.csv").await;
    assert_ne!(apart, as_one);
    assert_eq!(apart.lines().count(), 9, "{apart}");

    // The register suggests A's person first for every variant spelling of venue B.
    for (variant, expected) in VENUE_B.iter().zip(&persons) {
        let r = staff
            .get(&format!(
                "/api/persons/suggest?name={}&federation=GHA",
                url::form_urlencoded::byte_serialize(variant.as_bytes()).collect::<String>()
            ))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let ids: Vec<i64> = r.json()["suggestions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].as_i64().unwrap())
            .collect();
        assert!(ids.contains(expected), "{variant}: {}", r.body);
    }

    // The event's ratings beside its standings: everyone began at 1500 (nobody had played),
    // so each game was expected to bring half a point; the points scored are the games'.
    let r = staff.get(&format!("/api/tournaments/{}/ratings", 1)).await;
    let rows = r.json()["ratings"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 4, "{}", r.body);
    let mut points = 0.0;
    for row in &rows {
        let (games, expected, score) = (
            row["games"].as_f64().unwrap(),
            row["expected"].as_f64().unwrap(),
            row["score"].as_f64().unwrap(),
        );
        assert_eq!(row["rating"], 1500.0);
        assert!((expected - games / 2.0).abs() < 1e-9, "{row}");
        let change = row["change"].as_f64().unwrap();
        assert_eq!(change > 0.0, score > expected, "{row}");
        points += score;
    }
    assert_eq!(points, 5.0);
    let page = staff.get("/tournaments/1/ratings").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Ama Owusu"), "{}", page.body);

    // Merged: the list is the one of the same games under one person each.
    let b_persons: Vec<i64> = (persons[3] + 1..=persons[3] + 4).collect();
    for (keep, gone) in persons.iter().zip(&b_persons) {
        let r = staff
            .post_json("/api/persons/merge", &json!({"keep": keep, "gone": gone}))
            .await;
        assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    }
    assert_eq!(file(&staff, "list.csv").await, as_one);
    assert_eq!(
        file(&staff, "history.csv").await,
        file(&one_staff, "history.csv").await
    );
    assert_eq!(
        file(&staff, "games.csv").await,
        file(&one_staff, "games.csv").await
    );
    let page = staff.get(&format!("/ratings/persons/{}", persons[0])).await;
    assert!(
        page.body.contains("MENSAH BONSU, Kwame"),
        "the merged spelling is shown"
    );
    // Their card across events: both events with games, score, expected score and
    // performance; each game with the opponent's rating and the score expected; the rating's
    // path on a dated axis with its grid, one month played and plotted.
    let card = &page.body;
    let events = &card[card.find("id=\"events\"").expect("events")..];
    let events = &events[..events.find("</table>").unwrap()];
    assert_eq!(events.matches("<tr>").count(), 3, "{events}");
    for t in [1, 2] {
        assert!(
            events.contains(&format!("href=\"/tournaments/{t}/ratings\"")),
            "{events}"
        );
    }
    let games = &card[card.find("id=\"games\"").expect("games")..];
    let games = &games[..games.find("</table>").unwrap()];
    assert!(games.contains("Their rating"), "{games}");
    assert!(games.contains("<td class=\"num\">1500</td>"), "{games}");
    assert!(games.contains("<td class=\"num\">0.5</td>"), "{games}");
    let plot = &card[card
        .find("id=\"rating-plot\"")
        .expect("a plot for one month")..];
    let plot = &plot[..plot.find("</svg>").unwrap()];
    assert_eq!(plot.matches("<circle").count(), 1, "{plot}");
    assert!(plot.contains(">Sep 2026</text>"), "{plot}");
    assert!(plot.matches("class=\"grid\"").count() >= 3, "{plot}");
    let french = staff
        .get_in("fr", &format!("/ratings/persons/{}", persons[0]))
        .await
        .body;
    assert!(french.contains(">sept. 2026</text>"), "{french}");
    assert!(french.contains("Sa cote"), "{french}");

    // Split back: as before the merge.
    for gone in &b_persons {
        let r = staff
            .send(
                Method::POST,
                &format!("/api/persons/{gone}/split"),
                None,
                Vec::new(),
            )
            .await;
        assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    }
    assert_eq!(file(&staff, "list.csv").await, apart);

    // What is rated: 11 games (one of venue A's 6 a forfeit), all verified by their moves.
    let games = file(&staff, "games.csv").await;
    assert_eq!(games.lines().count(), 1 + 11, "{games}");
    assert!(
        games
            .lines()
            .skip(1)
            .all(|l| l.starts_with("2026-09,2026-09-13,")),
        "{games}"
    );
    let tournaments = file(&staff, "tournaments.csv").await;
    assert!(
        tournaments.contains(",5,yes,0,0\n") && tournaments.contains(",6,yes,0,0\n"),
        "{tournaments}"
    );

    // Anyone recomputes the published list from games.csv (and the names of persons.csv).
    let dir = tempfile::tempdir().unwrap();
    for name in ["games.csv", "persons.csv"] {
        std::fs::write(dir.path().join(name), file(&staff, name).await).unwrap();
    }
    command(&[
        "ratings".as_ref(),
        dir.path().join("games.csv").as_os_str(),
        dir.path().join("out").as_os_str(),
    ]);
    for name in ["list.csv", "history.csv"] {
        let again = std::fs::read_to_string(dir.path().join("out").join(name)).unwrap();
        assert_eq!(again, file(&staff, name).await, "{name}");
    }
    // The command line writes the same files from the hub's database, and its whole register.
    command(&[
        "publish-ratings".as_ref(),
        dir.path().join("published").as_os_str(),
        "--database".as_ref(),
        hub.db_path.as_os_str(),
    ]);
    for name in [
        "games.csv",
        "list.csv",
        "history.csv",
        "tournaments.csv",
        "persons.csv",
    ] {
        let written = std::fs::read_to_string(dir.path().join("published").join(name)).unwrap();
        assert_eq!(written, file(&staff, name).await, "{name}");
    }
    command(&[
        "export-register".as_ref(),
        dir.path().join("register.csv").as_os_str(),
        "--database".as_ref(),
        hub.db_path.as_os_str(),
    ]);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("register.csv")).unwrap(),
        staff.get("/register/register.csv").await.body
    );

    // A venue imports the register with its ratings and seeds its next event by them.
    let venue = spawn_app().await;
    let venue_staff = venue.organiser().await;
    let register = staff.get("/register/register.csv").await.body;
    let r = venue_staff
        .send(
            Method::POST,
            "/api/register/import",
            Some("text/csv"),
            register.into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let t = create_tournament(&venue_staff, "Kumasi Open").await;
    for (k, (name, id)) in VENUE_A.iter().zip(&persons).enumerate() {
        // One has the rating the venue knew them by.
        let rating = (k == 0).then_some(1620);
        let r = venue_staff
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": name, "register_id": id, "rating": rating}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    }
    // The staff see what would change, each player's rating here and the list's, before
    // anything does.
    let take = format!("/tournaments/{t}/players/register-ratings");
    let page = venue_staff.get(&take).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let table = &page.body[page.body.find("id=\"ratings-to-take\"").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    assert_eq!(table.matches("<tr>").count(), 5, "{table}");
    assert!(table.contains("<td class=\"num\">1620</td>"), "{table}");
    assert!(page.body.contains("Take these 4 ratings"), "{}", page.body);
    let r = venue_staff
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    assert_eq!(r[0]["rating"], 1620, "nothing changed yet: {r}");
    let r = venue_staff
        .post_form(&take, &[("csrf", &csrf_in(&page.body))])
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let done = venue_staff.get(&location(&r)).await.body;
    assert!(
        done.contains("4 ratings taken from the register."),
        "{done}"
    );
    assert!(done.contains("id=\"nothing-to-take\""), "{done}");
    let list = file(&staff, "list.csv").await;
    let listed: std::collections::HashMap<i64, f64> = csv::Reader::from_reader(list.as_bytes())
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[0].parse().unwrap(), r[3].parse().unwrap())
        })
        .collect();
    let players = venue_staff
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    let players = players.as_array().unwrap();
    for p in players {
        let name = p["name"].as_str().unwrap();
        let person = persons[VENUE_A.iter().position(|n| *n == name).unwrap()];
        assert_eq!(
            p["rating"].as_f64().unwrap(),
            listed[&person].round(),
            "{p}"
        );
    }
    let by_number: Vec<f64> = {
        let mut v: Vec<(i64, f64)> = players
            .iter()
            .map(|p| (p["number"].as_i64().unwrap(), p["rating"].as_f64().unwrap()))
            .collect();
        v.sort_by_key(|(n, _)| *n);
        v.into_iter().map(|(_, r)| r).collect()
    };
    assert!(
        by_number.windows(2).all(|w| w[0] >= w[1]),
        "pairing numbers by rating: {by_number:?}"
    );
    crate::sheets::generated(&venue_staff, t).await;
    let r = venue_staff
        .post_json(
            &format!("/api/tournaments/{t}/players/register-ratings"),
            &json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);

    // Every change was audited, in words.
    let unworded = venue.audit_fields_without_words();
    assert!(unworded.is_empty(), "{unworded:?}");
    let unworded = hub.audit_fields_without_words();
    assert!(unworded.is_empty(), "{unworded:?}");
    drop(one);
}

#[actix_web::test]
async fn the_register_refuses_what_makes_no_sense_and_changes_nothing() {
    let app = spawn_app().await;
    let staff = app.organiser().await;
    let kwame = person(
        &staff,
        json!({"name": "Kwame Mensah", "birth_year": 1990, "licence": "GHA-7"}),
    )
    .await;
    let ama = person(&staff, json!({"name": "Ama Owusu"})).await;
    let audit = app.count("audit_log");
    let refused = [
        (
            "/api/persons/merge",
            json!({"keep": kwame, "gone": kwame}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/persons/merge",
            json!({"keep": kwame, "gone": 999}),
            StatusCode::NOT_FOUND,
        ),
        (
            "/api/persons",
            json!({"name": "  "}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/persons",
            json!({"name": "X", "birth_year": 1700}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ];
    for (path, body, status) in refused {
        let r = staff.post_json(path, &body).await;
        assert_eq!(r.status, status, "{path} {body}: {}", r.body);
        assert!(r.json()["error"]["message"].is_string(), "{}", r.body);
    }
    let r = staff
        .send(
            Method::POST,
            &format!("/api/persons/{ama}/split"),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("never merged"),
        "{}",
        r.body
    );
    let r = staff.get("/api/persons/424242").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    assert_eq!(app.count("audit_log"), audit);
    assert_eq!(app.count("persons"), 2);

    // Merged twice: refused, the first merge stands; undone by a split.
    let r = staff
        .post_json("/api/persons/merge", &json!({"keep": kwame, "gone": ama}))
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    let r = staff
        .post_json("/api/persons/merge", &json!({"keep": ama, "gone": kwame}))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert_eq!(
        staff.get(&format!("/api/persons/{ama}")).await.json()["merged_into"],
        kwame
    );
    assert_eq!(app.count("audit_log"), audit + 1);

    // Suggestions: by licence before the name; staff only.
    let r = staff
        .get("/api/persons/suggest?name=Kwame%20Mensah&licence=gha-7")
        .await;
    assert_eq!(r.json()["suggestions"][0]["why"], "licence", "{}", r.body);
    let r = app.client().get("/api/persons/suggest?name=Kwame").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);

    // The register's file, imported at a venue: the same ids, entries linked by them.
    let register = staff.get("/register/register.csv").await;
    assert_eq!(register.status, StatusCode::OK);
    let venue = spawn_app().await;
    let venue_staff = venue.organiser().await;
    for bad in [
        "name,club\nAma,Accra\n",
        "id,name,birth_year,gender,federation,club,licence,merged_into\n1,Ama,,,,,,9\n",
    ] {
        let r = venue_staff
            .send(
                Method::POST,
                "/api/register/import",
                Some("text/csv"),
                bad.as_bytes().to_vec(),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
        assert!(
            r.json()["error"]["message"]
                .as_str()
                .unwrap()
                .contains("register file"),
            "{}",
            r.body
        );
    }
    assert_eq!(venue.count("persons"), 0);
    let r = venue_staff
        .send(
            Method::POST,
            "/api/register/import",
            Some("text/csv"),
            register.body.into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["persons"], 2);
    let t = create_tournament(&venue_staff, "Kumasi Open").await;
    let r = venue_staff
        .post_json(
            &format!("/api/tournaments/{t}/players"),
            &json!({"name": "Kwame Mensah", "register_id": kwame}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let file = venue_staff
        .get(&format!("/tournaments/{t}/export.json"))
        .await
        .json();
    assert_eq!(file["players"][0]["register_id"], kwame);
    let r = venue_staff
        .post_json(
            &format!("/api/tournaments/{t}/players"),
            &json!({"name": "Nobody", "register_id": -3}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    for service in [&app, &venue] {
        let unworded = service.audit_fields_without_words();
        assert!(unworded.is_empty(), "{unworded:?}");
    }
}

#[actix_web::test]
async fn the_register_and_the_list_are_pages_for_people_in_both_languages() {
    let app = spawn_app().await;
    let staff = app.organiser().await;
    let id = person(
        &staff,
        json!({"name": "Abena Ntim-Agyeman", "federation": "GHA"}),
    )
    .await;
    let page = staff.get("/register").await;
    assert_eq!(page.status, StatusCode::OK);
    let csrf = csrf_in(&page.body);
    let r = staff
        .post_form(
            "/register/merge",
            &[
                ("csrf", &csrf),
                ("keep", &id.to_string()),
                ("gone", &id.to_string()),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        r.body.contains("cannot be merged with themselves"),
        "{}",
        r.body
    );
    let r = staff
        .post_form(
            "/register/persons",
            &[
                ("csrf", &csrf),
                ("name", "Kofi Ansah"),
                ("birth_year", "1988"),
                ("federation", "GHA"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let page = staff.get("/register").await;
    assert!(page.body.contains("Kofi Ansah"));
    assert_eq!(
        app.client().get("/register").await.status,
        StatusCode::SEE_OTHER
    );
    for lang in ["en", "fr"] {
        let list = app.client().get_in(lang, "/ratings").await;
        assert_eq!(list.status, StatusCode::OK);
        let person = app
            .client()
            .get_in(lang, &format!("/ratings/persons/{id}"))
            .await;
        assert_eq!(person.status, StatusCode::OK);
        assert!(person.body.contains("Abena Ntim-Agyeman"));
        // A rating is a "cote" in French: "classement" is the standings'.
        if lang == "fr" {
            assert!(list.body.contains("<h1>Cotes d"), "{}", list.body);
            assert!(!list.body.contains("Classement"), "{}", list.body);
        }
        let words = if lang == "fr" {
            "Aucune partie cotée"
        } else {
            "No rated game yet"
        };
        assert!(person.body.contains(words), "{lang}");
    }
    assert_eq!(
        app.client().get("/ratings/persons/999").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.client().get("/ratings/nothing.csv").await.status,
        StatusCode::NOT_FOUND
    );
    let header = app.client().get("/ratings/list.csv").await.body;
    assert_eq!(
        header,
        "id,name,federation,rating,rd,volatility,games,status\n"
    );
}

#[actix_web::test]
async fn a_rated_events_games_count_when_their_month_ends_and_every_page_says_so() {
    use chrono::Datelike;
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let names = ["Kwadwo Mensah", "Ama Owusu", "Yaw Boateng", "Esi Quaye"];
    let mut ids = Vec::new();
    for name in names {
        ids.push(person(&staff, json!({"name": name, "federation": "GHA"})).await);
    }
    // The players are entered as the register spells them but one, entered by a nickname.
    let entered: Vec<(&str, Option<i64>)> = vec![
        ("Kwadwo Mensah", Some(ids[0])),
        ("Ama Owusu", Some(ids[1])),
        ("Yaw Boateng", Some(ids[2])),
        ("Esi Q.", Some(ids[3])),
    ];
    // Played today, on the hub itself.
    let (t, _) = event_on(&hub, &entered, None, 3, json!({})).await;
    let r = staff
        .post_json(
            &format!("/api/tournaments/{t}/rated"),
            &json!({"rated": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);

    let today = chrono::Utc::now().date_naive();
    let first = today.with_day(1).unwrap();
    let next = if today.month() == 12 {
        chrono::NaiveDate::from_ymd_opt(today.year() + 1, 1, 1)
    } else {
        chrono::NaiveDate::from_ymd_opt(today.year(), today.month() + 1, 1)
    }
    .unwrap();
    let rule = format!(
        "Games of {} count in the list of {}.",
        today.format("%B %Y"),
        next.format("%-d %B %Y")
    );
    // The list says which games it holds and when this month's count.
    let list = hub.client().get("/ratings").await.body;
    assert!(
        list.contains(&format!(
            "The list of {}, from the games played up to the end of {}.",
            first.format("%-d %B %Y"),
            first.pred_opt().unwrap().format("%B %Y")
        )),
        "{list}"
    );
    assert!(list.contains(&rule), "{list}");
    let french = hub.client().get_in("fr", "/ratings").await.body;
    assert!(
        french.contains("Les parties jouées en ") && french.contains(" comptent dans la liste du "),
        "{french}"
    );
    // Each player's page says their games are to come, not that they have none.
    let person = hub
        .client()
        .get(&format!("/ratings/persons/{}", ids[0]))
        .await
        .body;
    assert!(
        person.contains("3 rated games of theirs wait for their month to end.")
            && person.contains(&rule),
        "{person}"
    );
    // tournaments.csv: nothing counted yet (so nothing said verified), six games to come.
    let csv = file(&staff, "tournaments.csv").await;
    let row = csv
        .lines()
        .find(|l| l.starts_with(&format!("{t},")))
        .unwrap_or_else(|| panic!("{csv}"));
    assert!(row.ends_with(",0,,0,6"), "{csv}");
    assert_eq!(
        csv.lines().next().unwrap(),
        "tournament_id,name,start_date,end_date,place,games,verified,not_verified,to_come"
    );
    // The tournament's page links its ratings; they say when they count, name the person each
    // player counts for, and write scores as the standings do and changes in whole points.
    let page = hub.client().get(&format!("/tournaments/{t}")).await.body;
    assert!(
        page.contains(&format!("href=\"/tournaments/{t}/ratings\"")),
        "{page}"
    );
    let event = hub
        .client()
        .get(&format!("/tournaments/{t}/ratings"))
        .await
        .body;
    assert!(event.contains("id=\"event-month-rule\""), "{event}");
    assert!(event.contains(&rule), "{event}");
    assert!(
        event.contains(&format!("#{} Esi Quaye", ids[3])) && event.contains("Esi Q."),
        "{event}"
    );
    let changes: Vec<&str> = event
        .split("<td class=\"num\">")
        .skip(1)
        .map(|cell| cell.split('<').next().unwrap())
        .collect();
    assert!(!changes.is_empty(), "{event}");
    for cell in changes {
        // Expected scores to one decimal, changes in whole points.
        let decimals = cell.split('.').nth(1).map_or(0, |d| d.trim().len());
        assert!(decimals <= 1, "{cell:?} in {event}");
    }
    assert!(
        !a_change_with_decimals(&event),
        "a change written with decimals: {event}"
    );
    // The pages a rated player or a spectator reads hold for a phone and both languages.
    for lang in ["en", "fr"] {
        let r = hub
            .client()
            .get_in(lang, &format!("/tournaments/{t}/ratings"))
            .await;
        assert_eq!(r.status, StatusCode::OK);
    }
}

/// Whether a "+316.7"-like change is written on the page.
fn a_change_with_decimals(page: &str) -> bool {
    page.match_indices('+').any(|(at, _)| {
        let rest = &page[at + 1..];
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        digits > 0 && rest[digits..].starts_with('.')
    })
}

#[actix_web::test]
async fn a_games_id_stays_when_a_venue_sends_its_whole_file_again() {
    let venue = spawn_app().await;
    let a = venue_event(&venue, &VENUE_A.map(|n| (n, None)), None, 3).await;
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let secret = token(&staff, "Kumasi").await;
    let r = push(&hub, &secret, &json!({"version": 1, "file": a})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let t = r.json()["tournament"].as_i64().unwrap();
    let r = staff
        .post_json(
            &format!("/api/tournaments/{t}/rated"),
            &json!({"rated": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    for (name, player) in waiting(&hub, t) {
        let p = person(&staff, json!({"name": name})).await;
        link(&staff, player, p).await;
    }
    let games = file(&staff, "games.csv").await;
    assert_eq!(games.lines().count(), 7, "{games}");
    let players = waiting(&hub, t);

    // The venue sends its whole file again (a restart, "publish again"), and again with
    // its games in another order: every id anyone cites stays.
    let r = push(&hub, &secret, &json!({"version": 2, "file": a})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["taken"], true, "{}", r.body);
    assert_eq!(file(&staff, "games.csv").await, games);
    assert_eq!(waiting(&hub, t), players);
    let mut reordered = a.clone();
    reordered["games"].as_array_mut().unwrap().reverse();
    let r = push(&hub, &secret, &json!({"version": 3, "file": reordered})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(file(&staff, "games.csv").await, games);
    assert_eq!(waiting(&hub, t), players);
}
