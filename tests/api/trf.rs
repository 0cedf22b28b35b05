//! TRF, FIDE's tournament file: imported into a new tournament and exported again; the
//! standings of an imported tournament agree with FIDE's reference tie-break code.

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

fn fixture(name: &str) -> (String, Value) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fide");
    let trf = std::fs::read_to_string(dir.join(format!("{name}.trf"))).unwrap();
    let json = std::fs::read_to_string(dir.join(format!("{name}.tiebreaks.json"))).unwrap();
    (trf, serde_json::from_str(&json).unwrap())
}

async fn import(client: &Client, trf: &str) -> Resp {
    client
        .send(
            Method::POST,
            "/api/tournaments/import.trf",
            Some("text/plain"),
            trf.as_bytes().to_vec(),
        )
        .await
}

/// The cells of the players' lines (from the round columns on), by starting number.
fn rounds_of(trf: &str) -> Vec<String> {
    trf.split(['\r', '\n'])
        .filter(|l| l.starts_with("001"))
        .map(|l| {
            let name: String = l.chars().skip(14).take(33).collect();
            let rating: String = l.chars().skip(48).take(4).collect();
            let cells: String = l.chars().skip(89).collect();
            format!("{} {} {}", name.trim(), rating.trim(), cells.trim_end())
        })
        .collect()
}

#[actix_web::test]
async fn imported_tournaments_rank_as_fides_reference_code_ranks_them() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // Byes asked for, forfeits both ways, double forfeits, pairing byes, withdrawals.
    for name in [
        "t0000", "t0016", "t0047", "t0091", "t0121", "t0170", "t0195",
    ] {
        let (trf, expected) = fixture(name);
        let r = import(&organiser, &trf).await;
        assert_eq!(r.status, StatusCode::CREATED, "{name}: {}", r.body);
        let imported = r.json();
        let t = imported["tournament"]["id"].as_i64().unwrap();
        let ids: std::collections::HashMap<String, i64> = imported["pins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["name"].as_str().unwrap().to_string(),
                    p["id"].as_i64().unwrap(),
                )
            })
            .collect();
        // The file's tie-breaks, in its order.
        let codes: Vec<String> = expected["codes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().replace('/', "-"))
            .filter(|c| c != "PTS")
            .collect();
        let settings = organiser.get(&format!("/api/tournaments/{t}")).await.json();
        let r = organiser
            .put_json(
                &format!("/api/tournaments/{t}"),
                &json!({"name": settings["name"], "rules": "abapa", "rounds": settings["rounds"],
                        "pairing": settings["pairing"], "tiebreaks": codes}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{name}: {}", r.body);
        for (after, players) in expected["after"].as_object().unwrap() {
            let v = app
                .client()
                .get(&format!("/api/tournaments/{t}/standings?after={after}"))
                .await
                .json();
            let rows = v["standings"].as_array().unwrap();
            assert_eq!(rows.len(), players.as_object().unwrap().len(), "{name}");
            for (number, want) in players.as_object().unwrap() {
                let player_name = format!(
                    "Test{:04} Player{:04}",
                    number.parse::<u32>().unwrap(),
                    number.parse::<u32>().unwrap()
                );
                let id = ids[&player_name];
                let row = rows.iter().find(|s| s["player_id"] == id).unwrap();
                assert_eq!(
                    row["rank"], want["rank"],
                    "{name} after {after}: {player_name} {row}"
                );
                assert_eq!(
                    row["points"].as_f64(),
                    want["PTS"].as_f64(),
                    "{name} after {after}: {player_name}"
                );
                for code in &codes {
                    let got = row["tiebreaks"][code].as_f64().unwrap();
                    let w = want[code.replace('-', "/")].as_f64().unwrap();
                    assert!(
                        (got - w).abs() < 1e-9,
                        "{name} after {after}: {player_name} {code} is {got}, FIDE's code says {w}"
                    );
                }
            }
        }
        // Exported again, every player's rounds are the file's.
        let exported = organiser.get(&format!("/tournaments/{t}/export.trf")).await;
        assert_eq!(exported.status, StatusCode::OK);
        assert!(
            exported
                .header("content-type")
                .unwrap()
                .starts_with("text/plain")
        );
        assert_eq!(rounds_of(&exported.body), rounds_of(&trf), "{name}");
    }
}

#[actix_web::test]
async fn only_organisers_import_and_only_staff_export() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (trf, _) = fixture("t0003");
    // Not signed in; a controller; the wrong kind of body.
    assert_eq!(
        import(&app.client(), &trf).await.status,
        StatusCode::UNAUTHORIZED
    );
    let controller = app.controller(&organiser, "kwame").await;
    assert_eq!(
        import(&controller, &trf).await.status,
        StatusCode::FORBIDDEN
    );
    let r = organiser
        .post_json("/api/tournaments/import.trf", &json!({"trf": trf}))
        .await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{}", r.body);
    // A broken file changes nothing and says where it breaks.
    let tournaments = app.count("tournaments");
    let broken = trf.replacen(" w 1", " w 9", 1);
    let r = import(&organiser, &broken).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let line = broken
        .split(['\r', '\n'])
        .position(|l| l.contains(" w 9"))
        .unwrap()
        + 1;
    let message = r.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(
        message.starts_with(&format!("the TRF file, line {line}: round "))
            && message.contains("is not a TRF result code"),
        "{message}"
    );
    // In French, the same facts in French words.
    let r = organiser
        .try_send_with(
            Method::POST,
            "/api/tournaments/import.trf",
            Some("text/plain"),
            &[("Accept-Language", "fr")],
            broken.as_bytes().to_vec(),
        )
        .await
        .unwrap();
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let message = r.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(
        message.starts_with(&format!("le fichier TRF, ligne {line}\u{202f}: ronde "))
            && message.contains("n'est pas un code de résultat TRF"),
        "{message}"
    );
    assert_eq!(app.count("tournaments"), tournaments);
    let r = import(&organiser, "012 Nobody came\n").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let r = import(&organiser, &trf).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["tournament"]["id"].as_i64().unwrap();
    // The export is for the staff.
    let r = app
        .client()
        .get(&format!("/tournaments/{t}/export.trf"))
        .await;
    assert_ne!(r.status, StatusCode::OK);
    assert!(!r.body.contains("001    1"));
    let r = controller
        .get(&format!("/tournaments/{t}/export.trf"))
        .await;
    assert_eq!(
        r.status,
        StatusCode::FORBIDDEN,
        "not assigned to this tournament"
    );
    // The organisers' page imports a file too, and shows the PINs once.
    let page = organiser.get("/tournaments/import-trf").await;
    assert_eq!(page.status, StatusCode::OK);
    let csrf = csrf_in(&page.body);
    let boundary = "----trf-boundary";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"rules\"\r\n\r\nabapa\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"t.trf\"\r\nContent-Type: text/plain\r\n\r\n{trf}\r\n--{boundary}--\r\n"
    );
    let r = organiser
        .send(
            Method::POST,
            "/tournaments/import-trf",
            Some(&format!("multipart/form-data; boundary={boundary}")),
            body.into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert!(r.body.contains("Test0001 Player0001"), "{}", r.body);
}

#[actix_web::test]
async fn a_file_whose_last_round_is_paired_but_not_played_imports_it_open() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (trf, _) = fixture("t0000");
    // Round 3's games lose their results (byes keep theirs): columns 99 on the players' lines.
    let open: String = trf
        .split_inclusive(['\r', '\n'])
        .map(|line| {
            if !line.starts_with("001") {
                return line.to_string();
            }
            let mut chars: Vec<char> = line.chars().collect();
            let at = 91 + 2 * 10 + 7;
            if at < chars.len() && "10=+-".contains(chars[at]) {
                chars[at] = ' ';
            }
            chars.into_iter().collect()
        })
        .collect();
    let r = import(&organiser, &open).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["tournament"]["id"].as_i64().unwrap();
    let v = app
        .client()
        .get(&format!("/api/tournaments/{t}/standings"))
        .await
        .json();
    assert_eq!(v["after_round"], 3);
    assert!(
        v["open_games"].as_i64().unwrap() > 20,
        "{}",
        v["open_games"]
    );
    // A round before the last with a game and no result is refused.
    let (earlier, _) = fixture("t0001");
    let broken: String = earlier
        .split_inclusive(['\r', '\n'])
        .map(|line| {
            if !line.starts_with("001") {
                return line.to_string();
            }
            let mut chars: Vec<char> = line.chars().collect();
            if chars.len() > 98 && "10=+-".contains(chars[98]) {
                chars[98] = ' ';
            }
            chars.into_iter().collect()
        })
        .collect();
    let r = import(&organiser, &broken).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.body.contains("only the last round may be unplayed"),
        "{}",
        r.body
    );
}

#[actix_web::test]
async fn an_export_carries_the_points_and_tie_breaks_and_says_what_it_cannot() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (trf, _) = fixture("t0016");
    let r = import(&organiser, &trf).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["tournament"]["id"].as_i64().unwrap();
    let settings = organiser.get(&format!("/api/tournaments/{t}")).await.json();
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}"),
            &json!({"name": settings["name"], "rules": "abapa", "rounds": settings["rounds"],
                    "pairing": settings["pairing"], "tiebreaks": ["SC", "BH-C1", "DE"],
                    "points": {"win": 3, "draw": 1, "loss": 0, "bye": 3}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let exported = organiser.get(&format!("/tournaments/{t}/export.trf")).await;
    assert_eq!(exported.status, StatusCode::OK);
    let text = exported.body;
    assert!(
        text.contains("\r\n162  W 3.0    D 1.0    L 0.0    P 3.0\r\n"),
        "{text}"
    );
    assert!(text.contains("\r\n202 BH-C1,DE\r\n"), "{text}");
    // Oware's seed counts have no code: a comment says so, naming the order.
    assert!(
        text.contains("### Tie-breaks in order: SC, BH-C1, DE."),
        "{text}"
    );
    // Read back into a new tournament: the same points for everyone, the points and FIDE's
    // tie-breaks of the file.
    let r = import(&organiser, &text).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let again = r.json()["tournament"]["id"].as_i64().unwrap();
    let settings = organiser
        .get(&format!("/api/tournaments/{again}"))
        .await
        .json();
    assert_eq!(settings["points"]["win"], 3.0, "{settings}");
    assert_eq!(settings["points"]["bye"], 3.0, "{settings}");
    assert_eq!(settings["tiebreaks"], json!(["BH-C1", "DE"]), "{settings}");
    let points = |v: Value| -> Vec<(String, f64)> {
        let mut rows: Vec<(String, f64)> = v["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["name"].as_str().unwrap().to_string(),
                    s["points"].as_f64().unwrap(),
                )
            })
            .collect();
        rows.sort_by(|a, b| a.0.cmp(&b.0));
        rows
    };
    let before = points(
        organiser
            .get(&format!("/api/tournaments/{t}/standings"))
            .await
            .json(),
    );
    let after = points(
        organiser
            .get(&format!("/api/tournaments/{again}/standings"))
            .await
            .json(),
    );
    assert_eq!(before, after);
    assert!(before.iter().any(|(_, p)| *p >= 6.0), "{before:?}");
}
