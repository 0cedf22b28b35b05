//! A whole tournament as a file: exported from one copy, imported into another (the API, the
//! organiser's page, the command line), with the same standings, crosstable and games; a file
//! tampered with is refused whole, naming the game and the ply.

use std::collections::HashMap;

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::swiss::{fixture_games, sheet, sign_in};

/// A 60-character name, as phones and pages must carry it.
pub const LONG: &str = "Nana Akosua Serwaa Ampofo-Twumasi of the Kumasi Abapa Society";

/// A Swiss of seven players over three rounds, with results of every kind: sheets confirmed by
/// the opponent, a dispute the controller settled by accepting one sheet, a forfeit, an
/// adjudication, a half-point bye asked for, the pairing's byes, a sheet still waiting for
/// confirmation in round 3; the round clock and a notice. The tournament's id and the players'
/// sessions by id.
pub async fn played_event(app: &TestApp, organiser: &Client) -> (i64, HashMap<i64, Client>) {
    let (t, sessions) = event_set_up(app, organiser).await;
    for number in 1..=3 {
        play_round(organiser, t, &sessions, number).await;
    }
    (t, sessions)
}

/// The event of [`played_event`] before its first round.
pub async fn event_set_up(app: &TestApp, organiser: &Client) -> (i64, HashMap<i64, Client>) {
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Kumasi Open", "venue": "Kumasi", "rules": "abapa", "rounds": 3,
                    "pairing": "swiss", "tiebreaks": ["BH", "SB", "SC"]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let mut sessions = HashMap::new();
    for i in 0..7 {
        let name = if i == 3 {
            LONG.to_string()
        } else {
            format!("Player {i}")
        };
        let (id, pin) = add_player(organiser, t, &name).await;
        sessions.insert(id, sign_in(app, t, id, &pin).await);
    }
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/schedule"),
            &json!({"game_minutes": 20, "increment_seconds": 5, "utc_offset_minutes": 0,
                    "planned": [{"round": 1, "start": "2026-12-05T10:00:00"}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/notice"),
            &json!({"text": "Lunch until 13:30 <b>sharp</b>"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let first = *sessions.keys().min().unwrap();
    let r = sessions[&first]
        .post_json(
            &format!("/api/tournaments/{t}/byes"),
            &json!({"round": 2, "kind": "half"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    (t, sessions)
}

/// Round `number` of [`played_event`], paired, published and played.
pub async fn play_round(organiser: &Client, t: i64, sessions: &HashMap<i64, Client>, number: i64) {
    let games = fixture_games();
    let round = crate::sheets::generated_and_published(organiser, t, number).await;
    let boards: Vec<&Value> = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["north"]["id"].is_i64())
        .collect();
    for (k, g) in boards.into_iter().enumerate() {
        let id = g["id"].as_i64().unwrap();
        let south = &sessions[&g["south"]["id"].as_i64().unwrap()];
        let north = &sessions[&g["north"]["id"].as_i64().unwrap()];
        match (number, k) {
            (2, 1) => {
                let r = organiser
                    .put_json(
                        &format!("/api/games/{id}/result"),
                        &json!({"kind": "forfeit-north", "reason": "North did not come"}),
                    )
                    .await;
                assert_eq!(r.status, StatusCode::OK, "{}", r.body);
                continue;
            }
            (3, 0) => {
                let r = organiser
                    .post_json(
                        &format!("/api/games/{id}/adjudication"),
                        &json!({"pits": [3, 0, 4, 1, 0, 2, 1, 1, 0, 5, 2, 0],
                                "captured": [20, 9], "confirm": true}),
                    )
                    .await;
                assert_eq!(r.status, StatusCode::OK, "{}", r.body);
                continue;
            }
            _ => {}
        }
        let game = &games[number as usize * 10 + k];
        let r = south
            .post_json(&format!("/api/games/{id}/sheets"), &sheet(game))
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let sent = r.json()["sheet_id"].clone();
        match (number, k) {
            (2, 0) => {
                // North remembers another game; the controller accepts South's sheet.
                let other = &games[number as usize * 10 + 50];
                let r = north
                    .post_json(&format!("/api/games/{id}/sheets"), &sheet(other))
                    .await;
                assert_eq!(r.json()["status"], "disputed", "{}", r.body);
                let r = organiser
                    .put_json(
                        &format!("/api/games/{id}/result"),
                        &json!({"accept_sheet": sent, "reason": "the moves on South's sheet are right"}),
                    )
                    .await;
                assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            }
            (3, 1) => {} // waits for North
            _ => {
                let r = north
                    .post_json(
                        &format!("/api/games/{id}/confirm"),
                        &json!({"sheet_id": sent}),
                    )
                    .await;
                assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            }
        }
    }
}

/// The whole tournament as its page exports it.
pub async fn exported(staff: &Client, t: i64) -> Value {
    let r = staff.get(&format!("/tournaments/{t}/export.json")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(
        r.header("content-disposition")
            .is_some_and(|d| d.contains("Kumasi Open - tournament file.json")),
        "{:?}",
        r.header("content-disposition")
    );
    r.json()
}

pub async fn import(client: &Client, file: &str) -> Resp {
    client
        .send(
            Method::POST,
            "/api/tournaments/import.json",
            Some("application/json"),
            file.as_bytes().to_vec(),
        )
        .await
}

/// A page's text with the ids in its addresses blanked (`/players/#`), so that two copies of
/// one tournament read the same.
pub fn without_ids(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'outer: while !rest.is_empty() {
        for prefix in [
            "/tournaments/",
            "/players/",
            "/games/",
            "player=",
            "tournament=",
        ] {
            if let Some(after) = rest.strip_prefix(prefix) {
                let digits =
                    after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                out.push_str(prefix);
                if digits > 0 {
                    out.push('#');
                }
                rest = &after[digits..];
                continue 'outer;
            }
        }
        let c = rest.chars().next().unwrap();
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// A file with every id replaced by what it names (a player's name, a game's round, board and
/// match game), the sheets in order without their ids, the audit entries without the import's
/// own and without who sent them: what must not change from one copy to the next.
pub fn by_names(file: &Value) -> Value {
    let mut f = file.clone();
    let names: HashMap<i64, String> = f["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["id"].as_i64().unwrap(),
                p["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let name = |v: &Value| v.as_i64().map_or(Value::Null, |id| json!(names[&id]));
    let places: HashMap<i64, Value> = f["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["id"].as_i64().unwrap(),
                json!([g["round"], g["board"], g["match_game"], name(&g["south"])]),
            )
        })
        .collect();
    f.as_object_mut().unwrap().remove("exported_at");
    for p in f["players"].as_array_mut().unwrap() {
        p.as_object_mut().unwrap().remove("id");
    }
    for r in f["rounds"].as_array_mut().unwrap() {
        r.as_object_mut().unwrap().remove("id");
    }
    for g in f["games"].as_array_mut().unwrap() {
        g["south"] = name(&g["south"]);
        g["north"] = name(&g["north"]);
        g.as_object_mut().unwrap().remove("id");
    }
    for s in f["sheets"].as_array_mut().unwrap() {
        s["game"] = places[&s["game"].as_i64().unwrap()].clone();
        s["player"] = name(&s["player"]);
        s.as_object_mut().unwrap().remove("id");
    }
    for b in f["byes"].as_array_mut().unwrap() {
        b["player"] = name(&b["player"]);
    }
    for c in f["check_ins"].as_array_mut().unwrap() {
        c["player"] = name(&c["player"]);
    }
    let audit = f["audit"].as_array_mut().unwrap();
    audit.retain(|a| a["action"] != "tournament.import" && a["action"] != "tournament.publish");
    for a in audit {
        // A copy marks the entries it received as the sender's: the entries are the same.
        a.as_object_mut().unwrap().remove("entity_id");
        a.as_object_mut().unwrap().remove("sender");
    }
    f
}

/// One copy of a tournament: a visitor, a member of its staff, and its id.
pub type Copy<'a> = (&'a Client, &'a Client, i64);

/// The two copies read the same on every public page that shows results (the standings,
/// crosstable and rounds), and give the staff the same OGN and CSV of their games and standings.
pub async fn same_event(one: Copy<'_>, two: Copy<'_>) {
    let pages = [
        "standings",
        "crosstable",
        "rounds/1",
        "rounds/2",
        "rounds/3",
    ];
    let files = ["games.ogn", "games.csv", "standings.csv"];
    let visits = pages
        .iter()
        .map(|p| (false, p))
        .chain(files.iter().map(|p| (true, p)));
    for (staff, path) in visits {
        let (a, b) = if staff {
            (one.1, two.1)
        } else {
            (one.0, two.0)
        };
        let a = a.get(&format!("/tournaments/{}/{path}", one.2)).await;
        let b = b.get(&format!("/tournaments/{}/{path}", two.2)).await;
        assert_eq!(a.status, StatusCode::OK, "{path}: {}", a.body);
        assert_eq!(without_ids(&a.body), without_ids(&b.body), "{path} differs");
    }
    let standings = standings_json(one.0, one.2, None).await;
    assert_eq!(standings["standings"].as_array().unwrap().len(), 7);
}

#[actix_web::test]
async fn a_tournament_exported_and_imported_is_the_same_tournament() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = played_event(&app, &organiser).await;
    let file = exported(&organiser, t).await;
    assert_eq!(
        (file["format"].as_str(), file["version"].as_i64()),
        (Some("oware-tournament"), Some(1))
    );
    let statuses: Vec<&str> = file["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["status"].as_str().unwrap())
        .collect();
    for status in ["confirmed", "final", "submitted"] {
        assert!(statuses.contains(&status), "{status} in {statuses:?}");
    }
    assert!(file["sheets"].as_array().unwrap().len() >= 8);
    assert!(
        file["audit"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["action"] == "game.dispute")
    );

    let r = import(&organiser, &file.to_string()).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let imported = r.json();
    let copy = imported["tournament"]["id"].as_i64().unwrap();
    assert_ne!(copy, t);
    assert_eq!(imported["pins"].as_array().unwrap().len(), 7);
    assert_eq!(
        imported["sheets"],
        json!(file["sheets"].as_array().unwrap().len())
    );
    let visitor = app.client();
    same_event((&visitor, &organiser, t), (&visitor, &organiser, copy)).await;
    // Exported again, the copy is the file it came from, its audit trail with one entry more.
    let again = exported(&organiser, copy).await;
    assert_eq!(by_names(&again), by_names(&file));
    let last = again["audit"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["action"], "tournament.import");
    assert_eq!(last["actor"], "organiser admin");
    // The copy goes on: its sheet waiting for confirmation is confirmed there.
    let waiting: Vec<i64> = again["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["status"] == "submitted")
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    assert_eq!(waiting.len(), 1);
    let r = organiser
        .put_json(
            &format!("/api/games/{}/result", waiting[0]),
            &json!({"accept_sheet": app.latest_sheet(waiting[0]).await, "reason": "North agreed at the desk"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["verified"], true);
}

/// The sheet's moves with ply `ply` (1-based) played from the other side's row: a move changed.
pub fn changed_move(moves: &str, ply: usize) -> String {
    let mut k = 0;
    moves
        .split(' ')
        .map(|token| {
            if token.ends_with('.') {
                return token.to_string();
            }
            k += 1;
            if k != ply {
                return token.to_string();
            }
            let first = token.chars().next().unwrap();
            let other = if first.is_ascii_uppercase() {
                first.to_ascii_lowercase()
            } else {
                first.to_ascii_uppercase()
            };
            other.to_string()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[actix_web::test]
async fn a_file_tampered_with_is_refused_whole_naming_the_game_and_the_ply() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = played_event(&app, &organiser).await;
    let file = exported(&organiser, t).await;
    let tournaments = app.count("tournaments");
    let (players, sheets, audit) = (
        app.count("players"),
        app.count("sheets"),
        app.count("audit_log"),
    );
    let unchanged = |app: &TestApp| {
        assert_eq!(app.count("tournaments"), tournaments);
        assert_eq!(
            (
                app.count("players"),
                app.count("sheets"),
                app.count("audit_log")
            ),
            (players, sheets, audit)
        );
    };
    // One move of the last sheet changed: the fifth ply.
    let mut tampered = file.clone();
    let last = tampered["sheets"].as_array().unwrap().len() - 1;
    let sheet = tampered["sheets"][last].clone();
    let moves = sheet["moves"].as_str().unwrap();
    tampered["sheets"][last]["moves"] = json!(changed_move(moves, 5));
    let game = tampered["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == sheet["game"])
        .unwrap()
        .clone();
    let r = import(&organiser, &tampered.to_string()).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let message = r.json()["error"]["message"].as_str().unwrap().to_string();
    let place = format!("round {}, board {} (", game["round"], game["board"]);
    assert!(message.contains(&place), "{place} in {message}");
    assert!(message.contains("at ply 5, move 3, South"), "{message}");
    unchanged(&app);

    // A result changed, its moves left: the seeds do not follow from them.
    let mut tampered = file.clone();
    let k = tampered["games"]
        .as_array()
        .unwrap()
        .iter()
        .position(|g| g["status"] == "confirmed")
        .unwrap();
    let seeds = tampered["games"][k]["seeds"].clone();
    tampered["games"][k]["seeds"] = json!([seeds[1], seeds[0]]);
    if seeds[0] == seeds[1] {
        tampered["games"][k]["seeds"] = json!([seeds[0].as_i64().unwrap() + 1, seeds[1]]);
    }
    let r = import(&organiser, &tampered.to_string()).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("its result"), "{}", r.body);
    unchanged(&app);

    // Not a tournament file, a newer version, a sheet of no game, too big.
    for (body, says) in [
        (
            "{\"name\": \"Kumasi\"}".to_string(),
            "cannot be read as a tournament file",
        ),
        ("not json".to_string(), "cannot be read"),
        (
            {
                let mut f = file.clone();
                f["version"] = json!(2);
                f.to_string()
            },
            "version 2",
        ),
        (
            {
                let mut f = file.clone();
                f["sheets"][0]["game"] = json!(999_999);
                f.to_string()
            },
            "no game 999999",
        ),
    ] {
        let r = import(&organiser, &body).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
        assert!(r.body.contains(says), "{says} in {}", r.body);
    }
    let r = import(&organiser, &" ".repeat((32 << 20) + 1)).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", r.body);
    unchanged(&app);
}

#[actix_web::test]
async fn only_the_staff_export_and_only_organisers_import() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, sessions) = played_event(&app, &organiser).await;
    let file = exported(&organiser, t).await.to_string();
    let player = sessions.values().next().unwrap();
    for client in [&app.client(), player] {
        let r = client.get(&format!("/tournaments/{t}/export.json")).await;
        assert_ne!(r.status, StatusCode::OK);
        assert!(!r.body.contains("oware-tournament"));
        assert_eq!(import(client, &file).await.status.as_u16() / 100, 4);
    }
    let stranger = app.controller(&organiser, "esi").await;
    let r = stranger.get(&format!("/tournaments/{t}/export.json")).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/controllers"),
            &json!({"username": "esi"}),
        )
        .await;
    assert_eq!(r.status.as_u16() / 100, 2, "{}", r.body);
    exported(&stranger, t).await;
    assert_eq!(import(&stranger, &file).await.status, StatusCode::FORBIDDEN);

    // The organisers' page: the link, the form, the PINs once, and a refusal in words.
    let list = organiser.get("/tournaments").await;
    assert!(list.body.contains("href=\"/tournaments/import-file\""));
    let show = organiser.get(&format!("/tournaments/{t}")).await;
    assert!(
        show.body
            .contains(&format!("href=\"/tournaments/{t}/export.json\""))
    );
    let page = organiser.get("/tournaments/import-file").await;
    assert_eq!(page.status, StatusCode::OK);
    let csrf = csrf_in(&page.body);
    let upload = |file: &str| {
        let boundary = "----file-boundary";
        (
            format!("multipart/form-data; boundary={boundary}"),
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"Kumasi Open.json\"\r\nContent-Type: application/json\r\n\r\n{file}\r\n--{boundary}--\r\n"
            ),
        )
    };
    let (kind, body) = upload(&file);
    let r = organiser
        .send(
            Method::POST,
            "/tournaments/import-file",
            Some(&kind),
            body.into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert!(r.body.contains(LONG), "{}", r.body);
    let mut tampered: Value = serde_json::from_str(&file).unwrap();
    tampered["players"][0]["name"] = json!("<script>alert(1)</script>");
    tampered["games"][0]["south"] = json!(424_242);
    let (kind, body) = upload(&tampered.to_string());
    let before = app.count("tournaments");
    let r = organiser
        .send(
            Method::POST,
            "/tournaments/import-file",
            Some(&kind),
            body.into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("no player 424242"), "{}", r.body);
    assert!(!r.body.contains("<script>alert"), "escaped");
    assert_eq!(app.count("tournaments"), before);
}

#[actix_web::test]
async fn the_command_line_exports_and_imports_a_tournament() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = played_event(&app, &organiser).await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kumasi.json");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
            .args(args)
            .arg("--database")
            .arg(&app.db_path)
            .env_remove("DATABASE_URL")
            .output()
            .unwrap()
    };
    let out = run(&["export-tournament", &t.to_string(), path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("7 players, 3 rounds"));
    // Never over a file that is there.
    let out = run(&["export-tournament", &t.to_string(), path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&[
        "export-tournament",
        "9999",
        dir.path().join("none.json").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "no tournament 9999");
    // A changed move: refused, nothing made.
    let text = std::fs::read_to_string(&path).unwrap();
    let mut tampered: Value = serde_json::from_str(&text).unwrap();
    let moves = tampered["sheets"][0]["moves"].as_str().unwrap().to_string();
    tampered["sheets"][0]["moves"] = json!(changed_move(&moves, 3));
    let bad = dir.path().join("tampered.json");
    std::fs::write(&bad, tampered.to_string()).unwrap();
    let before = app.count("tournaments");
    let out = run(&["import-tournament", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("round 1, board") && said.contains("at ply 3"),
        "{said}"
    );
    assert_eq!(app.count("tournaments"), before);
    let out = run(&["import-tournament", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(said.contains("every one replayed"), "{said}");
    assert_eq!(
        said.lines().filter(|l| l.contains('\t')).count(),
        7,
        "a PIN each: {said}"
    );
    let copy: i64 = said
        .split_whitespace()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    let visitor = app.client();
    same_event((&visitor, &organiser, t), (&visitor, &organiser, copy)).await;
}

#[actix_web::test]
async fn a_round_paired_with_a_bye_and_not_yet_published_is_exported_and_imported() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = event_set_up(&app, &organiser).await;
    let round = crate::sheets::generated(&organiser, t).await;
    // Seven players: the pairing's bye is final at once, before the round is published.
    let bye = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["north"].is_null())
        .unwrap_or_else(|| panic!("no bye in {round}"))
        .clone();
    assert_eq!(bye["status"], "final", "{bye}");
    let file = exported(&organiser, t).await;
    assert!(file["rounds"][0]["published_at"].is_null());
    let r = import(&organiser, &file.to_string()).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
}
