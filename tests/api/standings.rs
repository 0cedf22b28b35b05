//! Standings over HTTP: hand-computed tie-breaks, after round N, the CSV against the HTML table,
//! the OGN export read back by `validate`.

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::swiss::{fixture_games, sheet};

const CODES: [&str; 9] = ["BH", "SB", "BH-C1", "BH-M1", "WIN", "PS", "SC", "SD", "DE"];

/// Five players A–E over `rounds` of: R1 A-B 1-0 (25-20), C-D ½-½ (24-24), E bye; R2 A-C 0-1
/// (10-25), B-E forfeit (E absent), D bye; E withdraws; R3 A-D 1-0 (26-18), B-C 1-0 (25-23).
async fn five(organiser: &Client, rounds: i64) -> (i64, Vec<i64>) {
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": format!("Five, {rounds} rounds"), "rules": "abapa", "rounds": 3,
                    "pairing": "manual", "tiebreaks": CODES}),
        )
        .await;
    let t = r.json()["id"].as_i64().unwrap();
    let mut ids = Vec::new();
    for name in ["A", "B", "C", "D", "E"] {
        ids.push(add_player(organiser, t, name).await.0);
    }
    let [a, b, c, d, e] = [ids[0], ids[1], ids[2], ids[3], ids[4]];
    let plan = [
        (
            vec![
                (
                    a,
                    b,
                    json!({"kind": "played", "result": "south", "seeds": [25, 20]}),
                ),
                (
                    c,
                    d,
                    json!({"kind": "played", "result": "draw", "seeds": [24, 24]}),
                ),
            ],
            e,
        ),
        (
            vec![
                (
                    a,
                    c,
                    json!({"kind": "played", "result": "north", "seeds": [10, 25]}),
                ),
                (b, e, json!({"kind": "forfeit-north"})),
            ],
            d,
        ),
    ];
    for (number, (boards, bye)) in plan.iter().enumerate().take(rounds.min(2) as usize) {
        let mut pairings: Vec<Value> = boards
            .iter()
            .map(|(s, n, _)| json!({"south": s, "north": n}))
            .collect();
        pairings.push(json!({"bye": bye}));
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/rounds"),
                &json!({"pairings": pairings}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let games = r.json()["games"].clone();
        organiser
            .send(
                Method::POST,
                &format!("/api/tournaments/{t}/rounds/{}/publish", number + 1),
                None,
                Vec::new(),
            )
            .await;
        for (i, (_, _, result)) in boards.iter().enumerate() {
            let mut result = result.clone();
            result["reason"] = json!("results from the paper sheets");
            let r = organiser
                .put_json(&format!("/api/games/{}/result", games[i]["id"]), &result)
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        }
    }
    if rounds >= 3 {
        organiser
            .post_json(
                &format!("/api/tournaments/{t}/players/{e}/withdraw"),
                &json!({"withdrawn": true}),
            )
            .await;
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/rounds"),
                &json!({"pairings": [{"south": a, "north": d}, {"south": b, "north": c}]}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let games = r.json()["games"].clone();
        organiser
            .send(
                Method::POST,
                &format!("/api/tournaments/{t}/rounds/3/publish"),
                None,
                Vec::new(),
            )
            .await;
        for (i, seeds) in [[26, 18], [25, 23]].iter().enumerate() {
            organiser
                .put_json(
                    &format!("/api/games/{}/result", games[i]["id"]),
                    &json!({"kind": "played", "result": "south", "seeds": seeds, "reason": "paper sheets"}),
                )
                .await;
        }
    }
    (t, ids)
}

/// The standings as (name, rank, shared, points, [tie-breaks in CODES order]).
fn rows(v: &Value) -> Vec<(String, i64, bool, f64, Vec<f64>)> {
    v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["rank"].as_i64().unwrap(),
                s["shared"].as_bool().unwrap(),
                s["points"].as_f64().unwrap(),
                CODES
                    .iter()
                    .map(|c| s["tiebreaks"][c].as_f64().unwrap())
                    .collect(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn hand_computed_standings_with_byes_a_forfeit_and_a_withdrawal() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = five(&organiser, 3).await;
    let v = app
        .client()
        .get(&format!("/api/tournaments/{t}/standings"))
        .await
        .json();
    assert_eq!(v["after_round"], 3);
    assert_eq!(v["open_games"], 0);
    // Worked out by hand in docs/standings.md (DE: nobody is tied when it comes).
    let expected = vec![
        (
            "A",
            1,
            2.0,
            vec![5.0, 3.5, 3.5, 1.5, 2.0, 4.0, 61.0, -2.0, 0.0],
        ),
        (
            "B",
            2,
            2.0,
            vec![5.0, 3.0, 3.5, 1.5, 2.0, 3.0, 45.0, -3.0, 0.0],
        ),
        (
            "C",
            3,
            1.5,
            vec![5.5, 2.75, 4.0, 2.0, 1.0, 3.5, 72.0, 13.0, 0.0],
        ),
        (
            "D",
            4,
            1.5,
            vec![5.0, 2.25, 3.5, 1.5, 1.0, 3.5, 42.0, -8.0, 0.0],
        ),
        (
            "E",
            5,
            1.0,
            vec![3.0, 1.0, 2.0, 1.0, 1.0, 3.0, 0.0, 0.0, 0.0],
        ),
    ];
    let got: Vec<(String, i64, f64, Vec<f64>)> = rows(&v)
        .into_iter()
        .map(|(n, r, _, p, tb)| (n, r, p, tb))
        .collect();
    let expected: Vec<(String, i64, f64, Vec<f64>)> = expected
        .into_iter()
        .map(|(n, r, p, tb)| (n.to_string(), r, p, tb))
        .collect();
    assert_eq!(got, expected);
}

#[actix_web::test]
async fn standings_after_round_n_are_the_tournament_cut_at_round_n() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (full, _) = five(&organiser, 3).await;
    for n in 1..=2 {
        let (cut, _) = five(&organiser, n).await;
        let after = app
            .client()
            .get(&format!("/api/tournaments/{full}/standings?after={n}"))
            .await
            .json();
        let whole = app
            .client()
            .get(&format!("/api/tournaments/{cut}/standings"))
            .await
            .json();
        assert_eq!(after["after_round"], n);
        assert_eq!(rows(&after), rows(&whole), "after round {n}");
    }
    let r = app
        .client()
        .get(&format!("/api/tournaments/{full}/standings?after=4"))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    // The HTML page of round 2 agrees.
    let page = app
        .client()
        .get(&format!("/tournaments/{full}/standings?after=2"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("after round 2"));
}

/// The cells of the rows of a table's body, tags stripped.
fn html_rows(html: &str, table_id: &str) -> Vec<Vec<String>> {
    let start = html.find(&format!("id=\"{table_id}\"")).expect("the table");
    let body = &html[start..];
    let body = &body[body.find("<tbody>").unwrap()..body.find("</tbody>").unwrap()];
    body.split("<tr")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let cell = &cell[cell.find('>').unwrap() + 1..cell.find("</td>").unwrap()];
                    let mut text = String::new();
                    let mut in_tag = false;
                    for ch in cell.chars() {
                        match ch {
                            '<' => in_tag = true,
                            '>' => in_tag = false,
                            c if !in_tag => text.push(c),
                            _ => {}
                        }
                    }
                    text.replace("&#60;", "<")
                        .replace("&#62;", ">")
                        .replace("&#38;", "&")
                        .replace("&#34;", "\"")
                        .replace("&#39;", "'")
                        .trim()
                        .to_string()
                })
                .collect()
        })
        .collect()
}

#[actix_web::test]
async fn the_standings_csv_matches_the_html_table_row_for_row() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, ids) = five(&organiser, 3).await;
    // A club that a spreadsheet would run, and a name with markup.
    organiser
        .put_json(
            &format!("/api/tournaments/{t}/players/{}", ids[0]),
            &json!({"name": "A <b>", "club": "=1+1"}),
        )
        .await;
    let html = app
        .client()
        .get(&format!("/tournaments/{t}/standings"))
        .await
        .body;
    let table = html_rows(&html, "standings");
    assert_eq!(
        app.client()
            .get(&format!("/tournaments/{t}/standings.csv"))
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    let csv = organiser
        .get(&format!("/tournaments/{t}/standings.csv"))
        .await;
    assert_eq!(csv.status, StatusCode::OK);
    let api_csv = organiser
        .get(&format!("/api/tournaments/{t}/standings.csv"))
        .await;
    assert_eq!(api_csv.body, csv.body);
    // UTF-8 with a byte-order mark (spreadsheets read accents right), named after the
    // tournament.
    let body = csv
        .body
        .strip_prefix('\u{feff}')
        .expect("a byte-order mark");
    let disposition = csv.header("content-disposition").unwrap();
    assert!(
        disposition
            .contains("filename*=UTF-8''Five%2C%203%20rounds%20%2D%20standings%20after%20round%20"),
        "{disposition}"
    );
    let mut reader = csv::Reader::from_reader(body.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    let mut expected_header = vec!["rank", "name", "club", "points"];
    expected_header.extend(CODES);
    expected_header.push("games_played");
    assert_eq!(header, expected_header);
    let records: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    assert_eq!(records.len(), table.len());
    for (csv_row, html_row) in records.iter().zip(&table) {
        let mut csv_row = csv_row.clone();
        // The CSV keeps a formula as text with a leading quote; the page shows it as typed.
        if let Some(club) = csv_row.get_mut(2)
            && let Some(rest) = club.strip_prefix('\'')
        {
            *club = rest.to_string();
        }
        // The page marks a withdrawn player beside the name; the CSV has the name alone.
        let mut html_row = html_row.clone();
        if let Some(name) = html_row.get_mut(1)
            && let Some(plain) = name.strip_suffix(" (withdrawn)")
        {
            *name = plain.to_string();
        }
        // Points and tie-breaks are decimal numbers: the page's 2½ is 2.5.
        let html_row: Vec<String> = html_row
            .iter()
            .map(|cell| match cell.strip_suffix('½') {
                Some("") => "0.5".to_string(),
                Some(whole) if whole.bytes().all(|b| b.is_ascii_digit()) => format!("{whole}.5"),
                _ => cell.clone(),
            })
            .collect();
        assert_eq!(csv_row, html_row);
    }
    // E withdrew: still ranked on what they played, and marked.
    assert!(
        table.iter().any(|r| r[1] == "E (withdrawn)"),
        "the withdrawn player marked: {table:?}"
    );
    assert!(
        records.iter().any(|r| r[3].ends_with(".5")),
        "a half point as a number: {records:?}"
    );
    assert!(records.iter().any(|r| r[1] == "A <b>" && r[2] == "'=1+1"));
    assert!(html.contains("A &#60;b&#62;"));
}

#[actix_web::test]
async fn pages_exports_and_the_ogn_file_validate_reads() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Export", "rules": "abapa", "rounds": 3, "pairing": "round-robin"}),
        )
        .await;
    let t = r.json()["id"].as_i64().unwrap();
    let mut pins = std::collections::HashMap::new();
    for name in ["Ama", "Kofi", "Yaw", "Esi"] {
        let (id, pin) = add_player(&organiser, t, name).await;
        pins.insert(id, pin);
    }
    let fixtures = fixture_games();
    let mut f = 0;
    for n in 1..=2 {
        organiser
            .post_json(
                &format!("/api/tournaments/{t}/rounds"),
                &json!({"generate": true}),
            )
            .await;
        let r = organiser
            .send(
                Method::POST,
                &format!("/api/tournaments/{t}/rounds/{n}/publish"),
                None,
                Vec::new(),
            )
            .await;
        for g in r.json()["games"].as_array().unwrap() {
            let (south, north) = (
                g["south"]["id"].as_i64().unwrap(),
                g["north"]["id"].as_i64().unwrap(),
            );
            let mut body = sheet(&fixtures[f]);
            f += 1;
            body["pin"] = json!(pins[&south]);
            let r = app
                .client()
                .post_json(&format!("/api/games/{}/sheets", g["id"]), &body)
                .await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
            let sheet_id = r.json()["sheet_id"].clone();
            let r = app
                .client()
                .post_json(
                    &format!("/api/games/{}/confirm", g["id"]),
                    &json!({"pin": pins[&north], "sheet_id": sheet_id}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK);
        }
    }
    let public = app.client();
    for path in [
        format!("/tournaments/{t}/standings"),
        format!("/tournaments/{t}/crosstable"),
        format!("/tournaments/{t}/players/{}", pins.keys().min().unwrap()),
    ] {
        let r = public.get(&path).await;
        assert_eq!(r.status, StatusCode::OK, "{path}");
    }
    let cross = public
        .get(&format!("/tournaments/{t}/crosstable"))
        .await
        .body;
    let cells = html_rows(&cross, "crosstable");
    assert_eq!(cells.len(), 4);
    assert!(
        cells.iter().all(|row| row
            .iter()
            .filter(|c| c.ends_with('s') || c.ends_with('n'))
            .count()
            == 2),
        "{cells:?}"
    );
    for path in [
        format!("/tournaments/{t}/games.csv"),
        format!("/tournaments/{t}/games.ogn"),
    ] {
        assert_eq!(
            public.get(&path).await.status,
            StatusCode::SEE_OTHER,
            "{path} is for staff"
        );
    }
    let games_csv = organiser
        .get(&format!("/tournaments/{t}/games.csv"))
        .await
        .body;
    let mut reader = csv::Reader::from_reader(games_csv.as_bytes());
    let games: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(games.len(), 4);
    assert!(games.iter().all(|g| &g[11] == "true" && !g[12].is_empty()));
    let ogn = organiser
        .get(&format!("/tournaments/{t}/games.ogn"))
        .await
        .body;
    let path = app_file(&app, "games.ogn", &ogn);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
        .arg("validate")
        .arg(&path)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}");
    assert!(
        report.contains("4 games") && report.contains("4 good, 0 bad"),
        "{report}"
    );
}

fn app_file(app: &TestApp, name: &str, text: &str) -> std::path::PathBuf {
    let path = app.db_path.with_file_name(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The public standings page is rendered once per change of the data and shared by every visitor
/// who is not signed in: a corrected result shows at once, and a signed-in visitor still gets
/// their own page.
#[actix_web::test]
async fn the_public_standings_page_follows_every_change() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = five(&organiser, 1).await;
    let visitor = app.client();
    let points = |html: &str| -> Vec<(String, String)> {
        html_rows(html, "standings")
            .into_iter()
            .map(|row| (row[1].clone(), row[3].clone()))
            .collect()
    };
    let page = visitor.get(&format!("/tournaments/{t}/standings")).await;
    assert_eq!(page.status, StatusCode::OK);
    let before = points(&page.body);
    assert!(
        before.contains(&("A".to_string(), "1".to_string())),
        "{before:?}"
    );
    assert!(
        before.contains(&("B".to_string(), "0".to_string())),
        "{before:?}"
    );
    let again = visitor.get(&format!("/tournaments/{t}/standings")).await;
    assert_eq!(again.body, page.body, "nothing changed in between");

    // The controller corrects round 1, board 1: B won, not A.
    let round = organiser
        .get(&format!("/api/tournaments/{t}/rounds/1"))
        .await
        .json();
    let game = round["games"][0]["id"].as_i64().unwrap();
    let r = organiser
        .put_json(
            &format!("/api/games/{game}/result"),
            &json!({"kind": "played", "result": "north", "seeds": [20, 25], "reason": "sheet misread"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let after = points(
        &visitor
            .get(&format!("/tournaments/{t}/standings"))
            .await
            .body,
    );
    assert!(
        after.contains(&("A".to_string(), "0".to_string())),
        "{after:?}"
    );
    assert!(
        after.contains(&("B".to_string(), "1".to_string())),
        "{after:?}"
    );

    // Signed in, the page is the organiser's own: their name, the staff links.
    let own = organiser.get(&format!("/tournaments/{t}/standings")).await;
    assert!(own.body.contains("admin (organiser)"), "{}", own.body);
    assert!(own.body.contains("standings.csv"));
    let public = visitor.get(&format!("/tournaments/{t}/standings")).await;
    assert!(!public.body.contains("admin") && !public.body.contains("standings.csv"));
    assert!(!public.body.contains("Sign out"));
}

/// Two services in one process, each with its own database and so each with a tournament 1:
/// neither may be served the other's standings, whatever was cached first.
#[actix_web::test]
async fn two_services_side_by_side_keep_their_own_standings() {
    let first = spawn_app().await;
    let second = spawn_app().await;
    let (one, two) = (first.organiser().await, second.organiser().await);
    let (t1, _) = five(&one, 2).await;
    let t2 = create_tournament(&two, "Only one player").await;
    assert_eq!(
        (t1, t2),
        (1, 1),
        "each database numbers its tournaments from 1"
    );
    add_player(&two, t2, "Kwame Mensah").await;
    for _ in 0..2 {
        let (a, b) = (
            first.client().get("/tournaments/1/standings").await,
            second.client().get("/tournaments/1/standings").await,
        );
        assert!(a.body.contains("Five, 2 rounds") && !a.body.contains("Kwame Mensah"));
        assert!(b.body.contains("Only one player") && b.body.contains("Kwame Mensah"));
        let (a, b) = (
            first
                .client()
                .get("/api/tournaments/1/standings")
                .await
                .json(),
            second
                .client()
                .get("/api/tournaments/1/standings")
                .await
                .json(),
        );
        assert_eq!(a["standings"].as_array().unwrap().len(), 5);
        assert_eq!(b["standings"][0]["name"], "Kwame Mensah");
        assert_eq!(b["standings"].as_array().unwrap().len(), 1);
    }
}
