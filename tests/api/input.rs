//! Bad input of every kind gets a 4xx with a clear message and writes nothing.

use awc::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;

/// What is sent, its content type and body, the status expected and a text of the message.
type BadRequest<'a> = (&'a str, Option<&'a str>, Vec<u8>, u16, &'a str);

#[actix_web::test]
async fn bad_tournaments_are_refused_and_nothing_is_written() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let before = (app.count("tournaments"), app.count("audit_log"));
    let cases: Vec<BadRequest> = vec![
        // (what, content type, body, status, text the message must contain)
        ("missing name", Some("application/json"), json!({"rules": "abapa", "rounds": 5}).to_string().into_bytes(), 422, "name"),
        ("missing rounds", Some("application/json"), json!({"name": "T", "rules": "abapa"}).to_string().into_bytes(), 422, "rounds"),
        ("unknown preset", Some("application/json"), json!({"name": "T", "rules": "chess", "rounds": 5}).to_string().into_bytes(), 422, "unknown rule preset"),
        ("wrong type", Some("application/json"), json!({"name": "T", "rules": "abapa", "rounds": "five"}).to_string().into_bytes(), 400, "invalid type"),
        ("unknown field", Some("application/json"), json!({"name": "T", "rules": "abapa", "rounds": 5, "colour": "red"}).to_string().into_bytes(), 400, "colour"),
        ("bad points", Some("application/json"), json!({"name": "T", "rules": "abapa", "rounds": 5, "points": {"win": 0, "draw": 1, "loss": 0, "bye": 1}}).to_string().into_bytes(), 422, "points"),
        ("unknown tie-break", Some("application/json"), json!({"name": "T", "rules": "abapa", "rounds": 5, "tiebreaks": ["BH", "ELO"]}).to_string().into_bytes(), 422, "ELO"),
        ("bad rule option", Some("application/json"), json!({"name": "T", "rules": "abapa", "rounds": 5, "rule_options": {"grand_slam": "sometimes"}}).to_string().into_bytes(), 422, "rule_options"),
        ("not JSON", Some("application/json"), b"{\"name\": ".to_vec(), 400, "JSON"),
        ("form body", Some("application/x-www-form-urlencoded"), b"name=T&rules=abapa&rounds=5".to_vec(), 415, "application/json"),
        ("no content type", None, json!({"name": "T"}).to_string().into_bytes(), 415, "application/json"),
        ("huge body", Some("application/json"), format!("{{\"name\": \"{}\", \"rules\": \"abapa\", \"rounds\": 5}}", "x".repeat(200_000)).into_bytes(), 413, "limit"),
        ("bad date", Some("application/json"), json!({"name": "T", "rules": "abapa", "rounds": 5, "start_date": "21/11/2026"}).to_string().into_bytes(), 422, "date"),
    ];
    for (what, content_type, body, status, text) in cases {
        let r = organiser
            .send(Method::POST, "/api/tournaments", content_type, body)
            .await;
        assert_eq!(r.status.as_u16(), status, "{what}: {}", r.body);
        let json = r.json();
        assert!(json["error"]["code"].is_string(), "{what}: {}", r.body);
        assert!(
            json["error"]["message"].as_str().unwrap().contains(text),
            "{what}: {}",
            r.body
        );
    }
    assert_eq!((app.count("tournaments"), app.count("audit_log")), before);
}

#[actix_web::test]
async fn broken_csv_imports_nothing_and_names_every_bad_line() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Import").await;
    let path = format!("/api/tournaments/{t}/players/import");
    let before = (app.count("players"), app.count("audit_log"));

    let csv = "name,club,country,rating\nAma,Accra,GH,1800\n,Kumasi,GH,1700\nKofi,Kumasi,GH,strong\nYaw,Tema\n\"Esi,Tema,GH,1500\n";
    let r = organiser
        .send(
            Method::POST,
            &path,
            Some("text/csv"),
            csv.as_bytes().to_vec(),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let json = r.json();
    assert_eq!(json["created"], json!([]));
    let lines: Vec<i64> = json["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["line"].as_i64().unwrap())
        .collect();
    assert_eq!(&lines[..3], &[3, 4, 5], "{}", r.body);
    assert_eq!(json["error"]["code"], "invalid");

    for (content_type, body, status) in [
        (Some("text/csv"), b"club,country\nAccra,GH\n".to_vec(), 422),
        (Some("text/csv"), vec![0xff, 0xfe, 0x00, b'\n'], 422),
        (Some("text/csv"), Vec::new(), 422),
        (Some("application/json"), b"{}".to_vec(), 415),
        (
            Some("text/csv"),
            format!("name\n{}", "Ama\n".repeat(400_000)).into_bytes(),
            413,
        ),
    ] {
        let r = organiser
            .send(Method::POST, &path, content_type, body)
            .await;
        assert_eq!(r.status.as_u16(), status, "{}", r.body);
    }
    assert_eq!((app.count("players"), app.count("audit_log")), before);

    // A good file imports every player at once, each with a PIN.
    let r = organiser
        .send(
            Method::POST,
            &path,
            Some("text/csv"),
            b"name,rating\nAma,1800\nKofi,\n".to_vec(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let created = r.json()["created"].as_array().unwrap().clone();
    assert_eq!(created.len(), 2);
    assert!(
        created
            .iter()
            .all(|c| c["pin"].as_str().unwrap().len() == 6)
    );
    assert_eq!(app.count("players"), before.0 + 2);
}

#[actix_web::test]
async fn bad_players_are_refused() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Players").await;
    let path = format!("/api/tournaments/{t}/players");
    let before = app.count("players");
    for (body, status) in [
        (json!({}), 422),
        (json!({"name": "  "}), 422),
        (json!({"name": "Ama", "rating": 99999}), 422),
        (json!({"name": "Ama", "rating": "high"}), 400),
        (json!({"name": "A".repeat(101)}), 422),
        (json!({"name": "Ama", "pin": "1234"}), 400),
    ] {
        let r = organiser.post_json(&path, &body).await;
        assert_eq!(r.status.as_u16(), status, "{body}: {}", r.body);
    }
    let r = organiser
        .post_json("/api/tournaments/999/players", &json!({"name": "Ama"}))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    assert_eq!(app.count("players"), before);

    // The HTML form keeps what was typed and says what is wrong.
    let csrf = organiser
        .csrf(&format!("/tournaments/{t}/players/new"))
        .await;
    let r = organiser
        .post_form(
            &format!("/tournaments/{t}/players"),
            &[
                ("name", "Ama"),
                ("club", "Accra"),
                ("country", "GH"),
                ("rating", "strong"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body.contains("is not a whole number") && r.body.contains("value=\"Accra\""));
    assert_eq!(app.count("players"), before);
}

#[actix_web::test]
async fn the_tournament_form_reports_every_problem() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let csrf = organiser.csrf("/tournaments/new").await;
    let fields = [
        ("name", ""),
        ("venue", "Hall"),
        ("start_date", "2026-12-02"),
        ("end_date", "2026-12-01"),
        ("rules", "abapa"),
        ("rule_options", "{not json"),
        ("rounds", "many"),
        ("pairing", "swiss"),
        ("points_win", "1"),
        ("points_draw", "½"),
        ("points_loss", "0"),
        ("points_bye", "one"),
        ("tiebreaks", "BH, XX"),
        ("require_moves", "on"),
        ("csrf", csrf.as_str()),
    ];
    let r = organiser.post_form("/tournaments", &fields).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    for text in [
        "name:",
        "end_date:",
        "rule options",
        "rounds:",
        "points (bye)",
        "XX",
    ] {
        assert!(r.body.contains(text), "{text}");
    }
    assert!(r.body.contains("value=\"Hall\""), "what was typed is kept");
    assert_eq!(app.count("tournaments"), 0);

    // The same form, corrected, creates the tournament (½ read as a half).
    let mut good = fields.to_vec();
    good[0] = ("name", "Winter open");
    good[3] = ("end_date", "2026-12-03");
    good[5] = ("rule_options", "{\"grand_slam\": \"loses\"}");
    good[6] = ("rounds", "7");
    good[11] = ("points_bye", "1");
    good[12] = ("tiebreaks", "BH, SB");
    let r = organiser.post_form("/tournaments", &good).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let t = organiser.get("/api/tournaments/1").await.json();
    assert_eq!(t["points"]["draw"], 0.5);
    assert_eq!(t["rule_options"]["grand_slam"], "loses");
    assert_eq!(t["rules"], "abapa");
    assert_eq!(t["require_confirmation"], false);
}

#[actix_web::test]
async fn the_import_page_takes_an_uploaded_file() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Upload").await;
    let page = format!("/tournaments/{t}/players/import");
    let csrf = organiser.csrf(&page).await;
    let bad = "name,rating\nAma,1800\nKofi,strong\n";
    let r = organiser
        .post_multipart(
            &page,
            &[
                ("file", Some("players.csv"), bad),
                ("csv", None, ""),
                ("csrf", None, &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("line 3: rating"), "{}", r.body);
    assert_eq!(app.count("players"), 0);
    let good = "name,club,country,rating\nAma,Accra,GH,1800\nKofi,Kumasi,GH,1700\n";
    let r = organiser
        .post_multipart(
            &page,
            &[("file", Some("players.csv"), good), ("csrf", None, &csrf)],
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(
        r.body.matches("class=\"slip\"").count(),
        2,
        "a PIN slip each"
    );
    assert_eq!(app.count("players"), 2);
    // Without the token, nothing.
    let r = organiser
        .post_multipart(&page, &[("file", Some("p.csv"), good), ("csrf", None, "x")])
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(app.count("players"), 2);
}

#[actix_web::test]
async fn a_csv_file_that_is_not_what_it_claims_is_refused_whole() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Imports").await;
    for (file, line, words) in [
        // An unbalanced quote: the rest of the file would have been one player's club.
        (
            "name,club\nAma Owusu,\"Accra\nKofi Boateng,Kumasi\nEsi Mensah,Tema\n",
            2,
            "never closed",
        ),
        // Text after a closing quote, glued to the field before (`Kofi Boat"`).
        (
            "name,club\nAma Owusu,Accra\n\"Kofi \"Boat\",Kumasi\n",
            3,
            "after the closing quote",
        ),
        // The name column twice: the second name silently dropped before.
        (
            "name,club,name\nAma Owusu,Accra,Kofi Boateng\n",
            1,
            "named twice",
        ),
    ] {
        let r = organiser
            .send(
                awc::http::Method::POST,
                &format!("/api/tournaments/{t}/players/import"),
                Some("text/csv"),
                file.as_bytes().to_vec(),
            )
            .await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{file:?}: {}",
            r.body
        );
        let errors = r.json()["errors"].clone();
        assert!(
            errors
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["line"] == line && e["message"].as_str().unwrap().contains(words)),
            "{file:?}: {errors}"
        );
        assert_eq!(app.count("players"), 0, "{file:?}: nothing is written");
    }
}
