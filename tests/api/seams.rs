//! Trust at every seam: what is stored, exported, imported and pushed is exactly what was
//! verified, and a result is checked the same way whatever route it takes.

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::publishing::{publishing_when, token, up_to_date};
use crate::swiss::{fixture_game, fixture_records, sheet};

/// Players in the tournament that plays every fixture game, and boards a round.
const PLAYERS: usize = 20;

/// The board and stores after each ply of a game, as its API gives them.
async fn plies_of(client: &Client, game: i64) -> Vec<(Value, Value)> {
    let r = client.get(&format!("/api/games/{game}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let g = r.json();
    assert_eq!(g["verified"], true, "game {game}: {g}");
    assert!(
        g["replay_error"].is_null(),
        "game {game}: {}",
        g["replay_error"]
    );
    g["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["board"].clone(), p["stores"].clone()))
        .collect()
}

/// The board and scores after each ply of a fixture game, as OpenSpiel recorded them.
fn fixture_plies(record: &Value) -> Vec<(Value, Value)> {
    record["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["board"].clone(), p["scores"].clone()))
        .collect()
}

/// The played games of a tournament's file, by round and board.
fn played_games(file: &Value) -> Vec<i64> {
    let mut games: Vec<(i64, i64, i64)> = file["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["kind"] == "played")
        .map(|g| {
            (
                g["round"].as_i64().unwrap(),
                g["board"].as_i64().unwrap(),
                g["id"].as_i64().unwrap(),
            )
        })
        .collect();
    games.sort_unstable();
    games.into_iter().map(|(_, _, id)| id).collect()
}

async fn export(staff: &Client, t: i64) -> Value {
    let r = staff.get(&format!("/tournaments/{t}/export.json")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()
}

/// Every game of `file` replays, ply by ply, as the fixture game it was sent as.
async fn same_plies(staff: &Client, file: &Value, records: &[Value], copy: &str) {
    let games = played_games(file);
    assert_eq!(games.len(), records.len(), "{copy}");
    let mut exact = 0;
    for (k, (id, record)) in games.iter().zip(records).enumerate() {
        assert_eq!(
            plies_of(staff, *id).await,
            fixture_plies(record),
            "{copy}: fixture game {k}"
        );
        exact += 1;
    }
    assert_eq!(exact, records.len(), "{copy}");
}

/// `count` players added to tournament `t` ("Player 0", …), each signed in with their PIN.
async fn signed_in(app: &TestApp, organiser: &Client, t: i64, count: usize) -> Vec<(i64, Client)> {
    let mut players = Vec::new();
    for i in 0..count {
        let (id, pin) = add_player(organiser, t, &format!("Player {i}")).await;
        players.push((id, crate::swiss::sign_in(app, t, id, &pin).await));
    }
    players
}

/// Round `number` of `t` paired by hand, the players two by two in order (the first of each
/// pair South), on boards 1 on, and published: the round.
async fn paired_in_order(
    organiser: &Client,
    t: i64,
    number: i64,
    players: &[(i64, Client)],
) -> Value {
    let pairings: Vec<Value> = players
        .chunks(2)
        .enumerate()
        .map(|(b, pair)| json!({"board": b + 1, "south": pair[0].0, "north": pair[1].0}))
        .collect();
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": pairings}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    crate::sheets::publish(organiser, t, number).await
}

/// Tournament `t` linked to `hub` with the token `secret`.
async fn link(organiser: &Client, t: i64, hub: &TestApp, secret: &str) {
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/publishing"),
            &json!({"hub": hub.address, "token": secret}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[actix_web::test]
async fn every_fixture_game_is_stored_exported_imported_and_pushed_exactly() {
    let records = fixture_records();
    let venue = spawn_app().await;
    let organiser = venue.organiser().await;
    let rounds = records.len().div_ceil(PLAYERS / 2);
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Every game", "rules": "abapa", "rounds": rounds,
                    "pairing": "manual", "require_confirmation": false}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let players = signed_in(&venue, &organiser, t, PLAYERS).await;
    for (n, chunk) in records.chunks(PLAYERS / 2).enumerate() {
        let round = paired_in_order(&organiser, t, n as i64 + 1, &players).await;
        for (b, record) in chunk.iter().enumerate() {
            let game = &round["games"][b];
            assert_eq!(game["board"], json!(b + 1));
            let r = players[2 * b]
                .1
                .post_json(
                    &format!("/api/games/{}/sheets", game["id"]),
                    &sheet(&fixture_game(record)),
                )
                .await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
            assert_eq!(r.json()["replay"]["verified"], true);
        }
    }
    // Stored: every game replays as it was played.
    let file = export(&organiser, t).await;
    same_plies(&organiser, &file, &records, "stored").await;

    // The tournament's own file imports, and its copy replays the same.
    let r = organiser
        .send(
            Method::POST,
            "/api/tournaments/import.json",
            Some("application/json"),
            file.to_string().into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let copy = r.json()["tournament"]["id"].as_i64().unwrap();
    same_plies(
        &organiser,
        &export(&organiser, copy).await,
        &records,
        "imported",
    )
    .await;

    // Pushed to a hub, which replays the push as an import does.
    let hub = spawn_app().await;
    let hub_organiser = hub.organiser().await;
    let secret = token(&hub_organiser, "Every game").await;
    let page = organiser.get(&format!("/tournaments/{t}/publish")).await;
    let r = organiser
        .post_form(
            &format!("/tournaments/{t}/publish"),
            &[
                ("csrf", &csrf_in(&page.body)),
                ("hub", &hub.address),
                ("token", &secret),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let state = publishing_when(&organiser, t, up_to_date).await;
    let on_hub = state["hub_tournament"].as_i64().unwrap();
    same_plies(
        &hub_organiser,
        &export(&hub_organiser, on_hub).await,
        &records,
        "pushed",
    )
    .await;
}

/// A tournament of two players and `rounds` rounds paired by hand, round 1 published: its id,
/// its game, and the players signed in (South, North).
async fn one_game(
    app: &TestApp,
    organiser: &Client,
    settings: Value,
) -> (i64, i64, (i64, Client), (i64, Client)) {
    let mut body = json!({"name": "Seams", "rules": "abapa", "rounds": 3, "pairing": "manual"});
    for (k, v) in settings.as_object().unwrap() {
        body[k] = v.clone();
    }
    let r = organiser.post_json("/api/tournaments", &body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let (s, s_pin) = add_player(organiser, t, "Ama Mensah").await;
    let (n, n_pin) = add_player(organiser, t, "Kofi Boateng").await;
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [{"board": 1, "south": s, "north": n}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let round = crate::sheets::publish(organiser, t, 1).await;
    let game = round["games"][0]["id"].as_i64().unwrap();
    let south = crate::swiss::sign_in(app, t, s, &s_pin).await;
    let north = crate::swiss::sign_in(app, t, n, &n_pin).await;
    (t, game, (s, south), (n, north))
}

#[actix_web::test]
async fn a_forged_result_is_refused_on_import_and_on_the_hub() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south), (_, north)) = one_game(&app, &organiser, json!({})).await;
    let record = &fixture_records()[0];
    let r = south
        .post_json(
            &format!("/api/games/{game}/sheets"),
            &sheet(&fixture_game(record)),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let sheet_id = r.json()["sheet_id"].clone();
    let r = north
        .post_json(
            &format!("/api/games/{game}/confirm"),
            &json!({"sheet_id": sheet_id}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let file = export(&organiser, t).await;
    let winner = file["games"][0]["winner"].as_str().unwrap().to_string();
    let mut forged = file.clone();
    forged["games"][0]["moves"] = json!("");
    forged["games"][0]["winner"] = json!(if winner == "south" { "north" } else { "south" });
    let seeds = forged["games"][0]["seeds"].clone();
    forged["games"][0]["seeds"] = json!([seeds[1], seeds[0]]);
    let tournaments = app.count("tournaments");
    let r = organiser
        .send(
            Method::POST,
            "/api/tournaments/import.json",
            Some("application/json"),
            forged.to_string().into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let message = r.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.contains("the result is confirmed"), "{message}");
    assert!(message.contains("Ama Mensah"), "{message}");
    assert_eq!(app.count("tournaments"), tournaments, "nothing written");

    // The hub refuses the same file pushed with a valid token.
    let hub = spawn_app().await;
    let secret = token(&hub.organiser().await, "Seams").await;
    let r = crate::publishing::push(&hub, &secret, &json!({"version": 1, "file": forged})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert_eq!(hub.count("tournaments"), 0);
    // The true file is taken.
    let r = crate::publishing::push(&hub, &secret, &json!({"version": 1, "file": file})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[actix_web::test]
async fn results_no_game_can_end_with_are_refused_on_every_route() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south), _) =
        one_game(&app, &organiser, json!({"require_moves": false})).await;
    let impossible = [
        (json!("south"), json!([24, 20]), "natural"),
        (json!("draw"), json!([23, 23]), "natural"),
        (json!("north"), json!([26, 3]), "time"),
    ];
    for (result, seeds, end) in &impossible {
        // The controller's ruling.
        let r = organiser
            .put_json(
                &format!("/api/games/{game}/result"),
                &json!({"kind": "played", "result": result, "seeds": seeds, "end": end,
                        "reason": "the players told me"}),
            )
            .await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{seeds}: {}",
            r.body
        );
        assert!(
            r.json()["error"]["message"]
                .as_str()
                .unwrap()
                .contains("seeds"),
            "{}",
            r.body
        );
        // A player's sheet where moves are not required.
        let r = south
            .post_json(
                &format!("/api/games/{game}/sheets"),
                &json!({"result": result, "seeds": seeds, "end": end, "moves": ""}),
            )
            .await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{seeds}: {}",
            r.body
        );
    }
    assert_eq!(app.count("sheets"), 0);
    // Without the majority ending the game, a natural end counts all 48 seeds.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}"),
            &json!({"name": "Seams", "rules": "abapa", "rounds": 3, "pairing": "manual",
                    "require_moves": false}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = organiser
        .put_json(
            &format!("/api/games/{game}/result"),
            &json!({"kind": "played", "result": "south", "seeds": [25, 20],
                    "reason": "the players told me"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // In French too.
    let (t2, game2, (_, south2), _) = one_game(
        &app,
        &organiser,
        json!({"require_moves": false, "rules": "tournament"}),
    )
    .await;
    let _ = t2;
    let r = south2
        .try_send_with(
            Method::POST,
            &format!("/api/games/{game2}/sheets"),
            Some("application/json"),
            &[("Accept-Language", "fr")],
            json!({"result": "south", "seeds": [30, 17], "end": "natural", "moves": ""})
                .to_string()
                .into_bytes(),
        )
        .await
        .unwrap();
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("48 graines"), "{}", r.body);
}

#[actix_web::test]
async fn moves_cut_short_by_an_earlier_version_are_restored_at_start() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south), _) =
        one_game(&app, &organiser, json!({"require_confirmation": false})).await;
    // Fixture game 8 was stored one ply short by the earlier writing of the list.
    let record = &fixture_records()[8];
    let r = south
        .post_json(
            &format!("/api/games/{game}/sheets"),
            &sheet(&fixture_game(record)),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let whole = organiser.get(&format!("/api/games/{game}")).await.json();
    let moves = whole["moves"].as_str().unwrap().to_string();
    // What the earlier version stored: the list without its last ply.
    let (cut, last) = moves.rsplit_once(' ').unwrap();
    assert!(!last.ends_with('.'), "{moves}");
    app.execute_script(&format!(
        "UPDATE sheets SET moves = '{cut}'; UPDATE games SET moves = '{cut}' WHERE id = {game};
         DELETE FROM settings WHERE name = 'repair.cut-moves';"
    ));
    let damaged = organiser.get(&format!("/api/games/{game}")).await.json();
    assert_eq!(
        damaged["plies"].as_array().unwrap().len() + 1,
        record["plies"].as_array().unwrap().len(),
        "{damaged}"
    );

    // The service started again on that database restores it, and says so in the audit log.
    app.handle.stop(true).await;
    let (address, handle) = start(&app.db_path).await;
    let staff = Client::new(&address);
    staff.login("admin", ADMIN_PASSWORD).await;
    let restored = staff.get(&format!("/api/games/{game}")).await.json();
    assert_eq!(restored["verified"], true, "{restored}");
    assert_eq!(restored["moves"], json!(moves));
    assert_eq!(restored["sheets"][0]["moves"], json!(moves));
    assert_eq!(
        restored["plies"].as_array().unwrap().len(),
        record["plies"].as_array().unwrap().len()
    );
    let audit = staff
        .get(&format!("/api/audit?tournament={t}"))
        .await
        .json();
    let entry = audit
        .as_array()
        .or_else(|| audit["entries"].as_array())
        .unwrap()
        .iter()
        .find(|e| e["action"] == "game.moves-restored")
        .unwrap_or_else(|| panic!("no audit entry: {audit}"))
        .clone();
    assert!(entry["after"].as_str().unwrap().contains(last), "{entry}");
    handle.stop(true).await;
}

/// An event stream opened with `cookie`, its connection closed by the service when the stream
/// ends: the receiver hears nothing more once it is closed.
pub(crate) fn closing_stream(
    address: &str,
    path: &str,
    cookie: Option<String>,
) -> std::sync::mpsc::Receiver<()> {
    use std::io::{BufRead, BufReader, Write};
    let host = address.trim_start_matches("http://").to_string();
    let mut stream = std::net::TcpStream::connect(&host).unwrap();
    let cookie = cookie.map_or(String::new(), |c| format!("Cookie: {c}\r\n"));
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\
         Connection: close\r\n{cookie}\r\n"
    )
    .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    reader.read_line(&mut head).unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{path}: {head}");
    std::thread::spawn(move || {
        let mut line = String::new();
        while reader.read_line(&mut line).unwrap_or(0) > 0 {
            line.clear();
            if tx.send(()).is_err() {
                return;
            }
        }
    });
    rx
}

/// Waits until the stream has ended (its connection closed); fails while it goes on.
fn ends(stream: &std::sync::mpsc::Receiver<()>, what: &str) {
    use std::sync::mpsc::RecvTimeoutError;
    let since = std::time::Instant::now();
    loop {
        match stream.recv_timeout(std::time::Duration::from_millis(100)) {
            Ok(()) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
        assert!(
            since.elapsed() < std::time::Duration::from_secs(20),
            "{what}: the stream still sends"
        );
    }
}

/// Whether the stream is still open now (it has not ended).
fn still_open(stream: &std::sync::mpsc::Receiver<()>) -> bool {
    loop {
        match stream.try_recv() {
            Ok(()) => {}
            Err(std::sync::mpsc::TryRecvError::Empty) => return true,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => return false,
        }
    }
}

#[actix_web::test]
async fn live_streams_end_with_the_session_or_the_right_that_opened_them() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _, (s, south), (n, north)) = one_game(&app, &organiser, json!({})).await;
    let (w, w_pin) = add_player(&organiser, t, "Yaw Darko").await;
    let third = crate::swiss::sign_in(&app, t, w, &w_pin).await;
    let kwame = app.controller(&organiser, "kwame").await;
    let esi = app.controller(&organiser, "esi").await;
    for name in ["kwame", "esi"] {
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/controllers"),
                &json!({"username": name, "assign": true}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let dashboard = format!("/tournaments/{t}/dashboard/events");
    let board = format!("/tournaments/{t}/me/events");
    let kwame_stream = closing_stream(&app.address, &dashboard, kwame.cookie());
    let esi_stream = closing_stream(&app.address, &dashboard, esi.cookie());
    let south_stream = closing_stream(&app.address, &board, south.cookie());
    let north_stream = closing_stream(&app.address, &board, north.cookie());
    let third_stream = closing_stream(&app.address, &board, third.cookie());
    // The organiser's own stream goes on through all of it.
    let organiser_stream = closing_stream(&app.address, &dashboard, organiser.cookie());

    // A controller signs out.
    let r = kwame
        .send(Method::DELETE, "/api/session", None, Vec::new())
        .await;
    assert!(r.status.is_success(), "{}", r.body);
    ends(&kwame_stream, "a controller signed out");
    // A controller no longer runs the tournament.
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/controllers"),
            &json!({"username": "esi", "assign": false}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    ends(&esi_stream, "a controller removed");
    // A player signs out; another is given a new PIN; a third withdraws.
    let r = south
        .send(Method::DELETE, "/api/session", None, Vec::new())
        .await;
    assert!(r.status.is_success(), "{}", r.body);
    ends(&south_stream, "a player signed out");
    assert!(still_open(&north_stream), "only the player who signed out");
    let r = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/players/{n}/pin"),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    ends(&north_stream, "a new PIN");
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/players/{w}/withdraw"),
            &json!({"withdrawn": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    ends(&third_stream, "a withdrawal");
    assert!(
        still_open(&organiser_stream),
        "the organiser's stream goes on"
    );
    let _ = s;
}

/// Kwame, a controller who runs tournament `t` only.
async fn controller_of(app: &TestApp, organiser: &Client, t: i64) -> Client {
    let kwame = app.controller(organiser, "kwame").await;
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/controllers"),
            &json!({"username": "kwame", "assign": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    kwame
}

/// `staff` may neither give player `entry` of tournament `t` a new PIN nor rename them: they
/// also play in `other`, which `staff` does not run.
async fn takeover_refused(staff: &Client, t: i64, entry: i64, other: &str) {
    let r = staff
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/players/{entry}/pin"),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert!(
        r.body.contains(&format!("also plays in {other}")),
        "{}",
        r.body
    );
    let r = staff
        .put_json(
            &format!("/api/tournaments/{t}/players/{entry}"),
            &json!({"name": "Someone Else"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
}

#[actix_web::test]
async fn a_controller_of_one_section_cannot_take_over_a_player_of_another() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let r = organiser
        .post_json("/api/events", &json!({"name": "Accra Oware Festival"}))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let e = r.json()["id"].as_i64().unwrap();
    let mut sections = Vec::new();
    for name in ["Open", "Juniors"] {
        let r = organiser
            .post_json(
                "/api/tournaments",
                &json!({"name": name, "rules": "abapa", "rounds": 5, "event_id": e}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        sections.push(r.json()["id"].as_i64().unwrap());
    }
    let (open, juniors) = (sections[0], sections[1]);
    let (ama, ama_pin) = add_player(&organiser, open, "Ama Mensah").await;
    // Kwame runs the juniors only.
    let kwame = controller_of(&app, &organiser, juniors).await;
    // He may enter the Open's player in his section (her PIN comes with her).
    let r = kwame
        .post_json(
            &format!("/api/events/{e}/entries"),
            &json!({"section": juniors, "players": [ama]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let entry = r.json()["entered"][0]["id"].as_i64().unwrap();
    let audit = app.count("audit_log");

    // But not give her a new PIN, nor rename her, from there.
    takeover_refused(&kwame, juniors, entry, "Open").await;
    // Nor through the player's page.
    let page = kwame
        .get(&format!("/tournaments/{juniors}/players/{entry}/edit"))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let csrf = csrf_in(&page.body);
    let r = kwame
        .post_form(
            &format!("/tournaments/{juniors}/players/{entry}/pin"),
            &[("csrf", &csrf)],
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let r = kwame
        .post_form(
            &format!("/tournaments/{juniors}/players/{entry}"),
            &[
                ("csrf", &csrf),
                ("name", "Someone Else"),
                ("club", ""),
                ("country", ""),
                ("rating", ""),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert_eq!(app.count("audit_log"), audit, "nothing changed");
    // Her PIN still signs her in to the Open, under her name.
    let ama_client = crate::swiss::sign_in(&app, open, ama, &ama_pin).await;
    let me = ama_client.get(&format!("/api/tournaments/{open}/me")).await;
    assert_eq!(me.json()["name"], "Ama Mensah", "{}", me.body);
    // An organiser, who runs both, may.
    let r = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{juniors}/players/{entry}/pin"),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

/// A tournament's publishing state once `done` holds for it.
async fn publishing(staff: &Client, t: i64) -> Value {
    staff
        .get(&format!("/api/tournaments/{t}/publishing"))
        .await
        .json()["publishing"]
        .clone()
}

/// The organiser publishes the venue's copy again: the hub takes it, and shows `notice`.
async fn published_again(organiser: &Client, t: i64, hub: &TestApp, on_hub: i64, notice: &str) {
    let r = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/publishing/again"),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    publishing_when(organiser, t, up_to_date).await;
    let shown = hub
        .client()
        .get(&format!("/api/tournaments/{on_hub}/notice"))
        .await
        .json();
    assert_eq!(shown["notice"]["text"], notice);
}

/// A version no venue gives yet: its versions are about the time in microseconds since 1970.
pub const FUTURE: i64 = 9_000_000_000_000_000;

#[actix_web::test]
async fn a_hub_knows_which_tournament_a_push_is_and_both_sides_say_when_histories_part() {
    let hub = spawn_app().await;
    let hub_organiser = hub.organiser().await;
    let venue = spawn_app().await;
    let organiser = venue.organiser().await;
    let (t, _, _, _) = one_game(&venue, &organiser, json!({})).await;
    let other = create_tournament(&organiser, "Another event").await;
    let secret = token(&hub_organiser, "Seams").await;
    link(&organiser, t, &hub, &secret).await;
    let state = publishing_when(&organiser, t, up_to_date).await;
    let on_hub = state["hub_tournament"].as_i64().unwrap();

    // Another tournament's file with this token: refused, the hub's copy stays what it was.
    let file = export(&organiser, other).await;
    let r =
        crate::publishing::push(&hub, &secret, &json!({"version": 1_000_000, "file": file})).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("another tournament"), "{}", r.body);
    let copy = hub_organiser
        .get(&format!("/api/tournaments/{on_hub}"))
        .await
        .json();
    assert_eq!(copy["name"], "Seams");
    // A file without the tournament's identity is refused too.
    let mut anonymous = export(&organiser, t).await;
    anonymous["tournament"]
        .as_object_mut()
        .unwrap()
        .remove("uid");
    let r = crate::publishing::push(
        &hub,
        &secret,
        &json!({"version": 1_000_000, "file": anonymous}),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);

    // A version from the future (this tournament's file, pushed with its token from elsewhere;
    // a venue's versions are about the time in microseconds, this one of the 23rd century):
    // the venue's next push finds the hub ahead of it and says so, as the hub does.
    let file = export(&organiser, t).await;
    let r = crate::publishing::push(&hub, &secret, &json!({"version": FUTURE, "file": file})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/notice"),
            &json!({"text": "Round 2 at 14:00"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let state = publishing_when(&organiser, t, |p| p["disagreed"] == true).await;
    // Said in words, not with the two 16-digit versions (those are the state's fields).
    let problem = state["problem"].as_str().unwrap();
    assert!(
        problem.contains("the hub holds changes this venue does not have"),
        "{state}"
    );
    let longest = problem
        .split(|c: char| !c.is_ascii_digit())
        .map(str::len)
        .max();
    assert!(longest < Some(5), "{state}");
    assert!(!up_to_date(&state));
    let page = organiser.get(&format!("/tournaments/{t}/publish")).await;
    assert!(page.body.contains("id=\"hub-disagrees\""), "{}", page.body);
    assert!(page.body.contains("id=\"again-form\""), "{}", page.body);
    let hub_page = hub_organiser.get("/hub").await;
    assert!(
        hub_page.body.contains("id=\"hub-disagreement-"),
        "{}",
        hub_page.body
    );
    // The hub's copy went further: the venue's last push is behind it.
    assert!(
        hub_page.body.contains("last push was behind this copy"),
        "{}",
        hub_page.body
    );
    // The organiser's way out: the venue's copy published again, audited.
    published_again(&organiser, t, &hub, on_hub, "Round 2 at 14:00").await;
    let hub_page = hub_organiser.get("/hub").await;
    assert!(
        !hub_page.body.contains("id=\"hub-disagreement-"),
        "{}",
        hub_page.body
    );
    let audit = organiser
        .get(&format!("/api/audit?tournament={t}"))
        .await
        .body;
    assert!(audit.contains("publishing.again"), "{audit}");

    // A venue restored from a backup is behind the hub: said on both sides, until published
    // again.
    let backup = tempfile::tempdir().unwrap();
    let copy = backup.path().join("restored.db");
    venue.execute(&format!("VACUUM INTO '{}'", copy.display()));
    for text in ["Lunch until 13:30", "Prize-giving at 18:00"] {
        let r = organiser
            .put_json(
                &format!("/api/tournaments/{t}/notice"),
                &json!({"text": text}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    publishing_when(&organiser, t, up_to_date).await;
    venue.handle.stop(true).await;
    for end in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{end}", venue.db_path.display()));
    }
    std::fs::copy(&copy, &venue.db_path).unwrap();
    let (address, handle) = start(&venue.db_path).await;
    let organiser = Client::new(&address);
    organiser.login("admin", ADMIN_PASSWORD).await;
    // Asked at the start, before any change: the hub holds another history.
    let state = publishing_when(&organiser, t, |p| p["disagreed"] == true).await;
    assert!(!up_to_date(&state), "{state}");
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/notice"),
            &json!({"text": "After the restore"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let version = publishing(&organiser, t).await["version"].clone();
    let state = publishing_when(&organiser, t, |p| {
        p["disagreed"] == true && p["refused_version"] == version
    })
    .await;
    assert!(!up_to_date(&state), "{state}");
    assert_eq!(publishing(&organiser, t).await["disagreed"], true);
    published_again(&organiser, t, &hub, on_hub, "After the restore").await;
    handle.stop(true).await;
}

/// Puts the tournament's notice (one change of the venue's).
async fn notice(organiser: &Client, t: i64, text: &str) {
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/notice"),
            &json!({ "text": text }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

/// How many changes the restored venue makes, as fast as they come.
const QUICK_CHANGES: i64 = 15;

#[actix_web::test]
async fn a_restored_venue_whose_changes_come_quickly_is_never_told_the_hub_is_up_to_date() {
    let hub = spawn_app().await;
    let hub_organiser = hub.organiser().await;
    let venue = spawn_app().await;
    let organiser = venue.organiser().await;
    let (t, _, _, _) = one_game(&venue, &organiser, json!({})).await;
    let secret = token(&hub_organiser, "Quick changes").await;
    link(&organiser, t, &hub, &secret).await;
    let state = publishing_when(&organiser, t, up_to_date).await;
    let on_hub = state["hub_tournament"].as_i64().unwrap();

    // A backup, then changes the hub takes: the hub's copy holds what the backup does not.
    let backup = tempfile::tempdir().unwrap();
    let copy = backup.path().join("restored.db");
    venue.execute(&format!("VACUUM INTO '{}'", copy.display()));
    let before = publishing(&organiser, t).await["version"].as_i64().unwrap();
    for n in 1..=5 {
        notice(&organiser, t, &format!("Before the restore {n}")).await;
    }
    let state = publishing_when(&organiser, t, up_to_date).await;
    let hub_version = state["pushed_version"].as_i64().unwrap();
    assert!(hub_version > before, "{state}");
    venue.handle.stop(true).await;
    for end in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{end}", venue.db_path.display()));
    }
    std::fs::copy(&copy, &venue.db_path).unwrap();
    let (address, handle) = start(&venue.db_path).await;
    let organiser = Client::new(&address);
    organiser.login("admin", ADMIN_PASSWORD).await;

    // Changes as fast as they come, while the venue pushes: at no moment is the hub said to be
    // up to date. (The restored venue's versions go on above every one it gave before, the
    // hub's among them: they are its clock's.)
    let mut passed = false;
    for n in 1..=QUICK_CHANGES {
        notice(&organiser, t, &format!("After the restore {n}")).await;
        let state = publishing(&organiser, t).await;
        assert!(!up_to_date(&state), "change {n}: {state}");
        passed |= state["version"].as_i64().unwrap() > hub_version;
    }
    assert!(
        passed,
        "the venue never passed the hub's version {hub_version}"
    );
    // Once every push has been answered: the parting said, with the way out, on the page, in
    // the API and on the dashboard; the hub kept its own copy and says so too.
    let last = publishing(&organiser, t).await["version"].clone();
    let state = publishing_when(&organiser, t, |p| {
        p["disagreed"] == true && p["refused_version"] == last
    })
    .await;
    assert!(!up_to_date(&state), "{state}");
    assert_eq!(state["up_to_date"], false, "{state}");
    let page = organiser.get(&format!("/tournaments/{t}/publish")).await;
    assert!(page.body.contains("id=\"hub-disagrees\""), "{}", page.body);
    assert!(page.body.contains("id=\"again-form\""), "{}", page.body);
    assert!(
        !page.body.contains("id=\"hub-up-to-date\""),
        "{}",
        page.body
    );
    let dashboard = organiser
        .get(&format!("/api/tournaments/{t}/dashboard"))
        .await
        .json();
    let alerts = dashboard["alerts"].to_string();
    assert!(alerts.contains("Publish this venue"), "{dashboard}");
    let shown = hub
        .client()
        .get(&format!("/api/tournaments/{on_hub}/notice"))
        .await
        .json();
    assert_eq!(shown["notice"]["text"], "Before the restore 5");
    let hub_page = hub_organiser.get("/hub").await;
    assert!(
        hub_page.body.contains("id=\"hub-disagreement-"),
        "{}",
        hub_page.body
    );
    // The way out: the venue's copy published again.
    published_again(
        &organiser,
        t,
        &hub,
        on_hub,
        &format!("After the restore {QUICK_CHANGES}"),
    )
    .await;
    handle.stop(true).await;
}

#[actix_web::test]
async fn an_imported_file_keeps_its_audit_trail_as_the_sender_s() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _, _, _) = one_game(&app, &organiser, json!({})).await;
    let mut file = export(&organiser, t).await;
    // A made-up entry in the file, and entries that say who sent them: another venue's label
    // with markup, an empty one, one of 10,000 characters with a control character.
    file["audit"].as_array_mut().unwrap().push(json!({
        "at": "2026-11-27T10:00:00", "actor": "organiser admin", "action": "game.result",
        "entity": "tournament", "entity_id": null, "before": null,
        "after": {"result": "made up"}
    }));
    let long = format!("Far\u{7}{}", "x".repeat(10_000));
    for (n, said) in ["<b>Other venue</b>", "", long.as_str()]
        .into_iter()
        .enumerate()
    {
        file["audit"].as_array_mut().unwrap().push(json!({
            "at": "2026-11-27T10:00:00", "actor": "organiser admin", "action": "game.result",
            "entity": "tournament", "entity_id": null, "before": null,
            "after": {"result": format!("claimed {n}")}, "sender": said
        }));
    }
    let r = organiser
        .send(
            Method::POST,
            "/api/tournaments/import.json",
            Some("application/json"),
            file.to_string().into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let copy = r.json()["tournament"]["id"].as_i64().unwrap();
    let audit = organiser
        .get(&format!("/api/audit?tournament={copy}"))
        .await
        .json();
    let entries = audit
        .as_array()
        .or_else(|| audit["entries"].as_array())
        .unwrap()
        .clone();
    // Kept as written, marked as the file's; the import's own entry is this copy's.
    let made_up = entries
        .iter()
        .find(|e| e["after"].as_str().is_some_and(|a| a.contains("made up")))
        .unwrap_or_else(|| panic!("{audit}"));
    assert!(
        made_up["sender"]
            .as_str()
            .is_some_and(|s| s.contains("tournament file")),
        "{made_up}"
    );
    let import = entries
        .iter()
        .find(|e| e["action"] == "tournament.import")
        .unwrap();
    assert!(import["sender"].is_null(), "{import}");
    assert!(
        entries
            .iter()
            .filter(|e| e["action"] != "tournament.import")
            .all(|e| !e["sender"].is_null())
    );
    // Whatever an entry says of its sender, it is the import's; what it says is kept apart,
    // one line of at most 200 characters.
    let claimed = |n: usize| {
        entries
            .iter()
            .find(|e| {
                e["after"]
                    .as_str()
                    .is_some_and(|a| a.contains(&format!("claimed {n}")))
            })
            .unwrap_or_else(|| panic!("{audit}"))
            .clone()
    };
    for n in 0..3 {
        assert_eq!(claimed(n)["sender"], made_up["sender"], "{}", claimed(n));
    }
    assert_eq!(claimed(0)["claimed_sender"], "<b>Other venue</b>");
    assert!(claimed(1)["claimed_sender"].is_null(), "{}", claimed(1));
    let long = claimed(2)["claimed_sender"].as_str().unwrap().to_string();
    assert!(
        long.starts_with("Far x") && long.chars().count() <= 200,
        "{long}"
    );
    // The audit page shows them apart, the claim escaped.
    let page = organiser.get(&format!("/audit?tournament={copy}")).await;
    assert!(
        page.body.contains("id=\"audit-sent-title\""),
        "{}",
        page.body
    );
    assert!(page.body.contains("&#60;b&#62;Other venue&#60;/b&#62;"));
    assert!(!page.body.contains("<b>Other venue"));
    // Pushed to a hub, every entry is the token's, whatever it says.
    let hub = spawn_app().await;
    let secret = token(&hub.organiser().await, "Kumasi hall").await;
    let mut pushed = export(&organiser, copy).await;
    pushed["audit"].as_array_mut().unwrap().push(json!({
        "at": "2026-11-27T11:00:00", "actor": "organiser admin", "action": "game.result",
        "entity": "tournament", "entity_id": null, "before": null,
        "after": {"result": "pushed claim"}, "sender": "the venue publishing with the token \"Accra\""
    }));
    let r = crate::publishing::push(&hub, &secret, &json!({"version": 1, "file": pushed})).await;
    assert!(r.status.is_success(), "{}", r.body);
    let hub_audit = hub.organiser().await.get("/api/audit").await.json();
    let hub_entries = hub_audit
        .as_array()
        .or_else(|| hub_audit["entries"].as_array())
        .unwrap();
    let claim = hub_entries
        .iter()
        .find(|e| {
            e["after"]
                .as_str()
                .is_some_and(|a| a.contains("pushed claim"))
        })
        .unwrap_or_else(|| panic!("{hub_audit}"));
    assert!(
        claim["sender"].as_str().unwrap().contains("Kumasi hall"),
        "{claim}"
    );
    assert!(
        claim["claimed_sender"].as_str().unwrap().contains("Accra"),
        "{claim}"
    );
    assert!(
        hub_entries
            .iter()
            .filter(|e| !e["sender"].is_null())
            .all(|e| e["sender"].as_str().unwrap().contains("Kumasi hall")),
        "{hub_audit}"
    );
    // Exported again, they keep their first sender.
    let again = export(&organiser, copy).await;
    let kept = again["audit"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["after"]["result"] == "made up")
        .unwrap()
        .clone();
    assert_eq!(kept["sender"], made_up["sender"]);
}

#[actix_web::test]
async fn notices_and_names_refuse_control_characters_and_the_files_are_private() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Club night").await;
    for text in [
        "Lunch\u{0}until 13:30",
        "Round 2 \u{1b}[31mnow",
        "Prizes at \u{202e}00:81",
        "Line\u{2028}break",
    ] {
        let r = organiser
            .put_json(
                &format!("/api/tournaments/{t}/notice"),
                &json!({"text": text}),
            )
            .await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{text:?}: {}",
            r.body
        );
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": text}),
            )
            .await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{text:?}: {}",
            r.body
        );
    }
    assert_eq!(app.count("notices"), 0);
    assert_eq!(app.count("players"), 0);
    // A notice of several lines is plain text.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/notice"),
            &json!({"text": "Lunch until 13:30\nAppeals at table 1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // No "-0" before any round.
    add_player(&organiser, t, "Ama Mensah").await;
    let r = app
        .client()
        .get(&format!("/api/tournaments/{t}/standings"))
        .await;
    assert!(
        !r.body.contains("-0.0") && !r.body.contains("-0,"),
        "{}",
        r.body
    );
    // The database and its log hold the session key: their owner's only.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for end in ["", "-wal"] {
            let file = format!("{}{end}", app.db_path.display());
            let mode = std::fs::metadata(&file).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{file}");
        }
    }
}

#[actix_web::test]
async fn an_event_ending_every_way_publishes_to_its_end() {
    // Games ending by the majority, a player who cannot be fed, a repetition, a natural draw,
    // a resignation and a loss on time: sent, confirmed, and published to a hub, which holds
    // the same event.
    let records = fixture_records();
    let by_reason = |reason: &str| {
        records
            .iter()
            .position(|r| r["end"]["reason"] == reason && r["end"]["winner"].is_string())
            .unwrap()
    };
    let draw = records
        .iter()
        .position(|r| !r["end"]["winner"].is_string())
        .unwrap();
    let cut = |k: usize, end: &str, winner: &str| {
        let record = &records[1];
        let moves: Vec<&str> = record["moves"]
            .as_str()
            .unwrap()
            .split(' ')
            .take(k)
            .collect();
        json!({"result": winner, "seeds": record["plies"][k - 1]["scores"], "end": end,
               "moves": moves.join(" ")})
    };
    let sheets = [
        sheet(&fixture_game(&records[by_reason("majority")])),
        sheet(&fixture_game(&records[by_reason("no-feed")])),
        sheet(&fixture_game(&records[by_reason("repetition")])),
        sheet(&fixture_game(&records[draw])),
        cut(20, "resignation", "north"),
        cut(31, "time", "south"),
    ];
    let venue = spawn_app().await;
    let organiser = venue.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Every end", "rules": "abapa", "rounds": 1, "pairing": "manual"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let hub = spawn_app().await;
    let hub_organiser = hub.organiser().await;
    let secret = token(&hub_organiser, "Every end").await;
    link(&organiser, t, &hub, &secret).await;
    let players = signed_in(&venue, &organiser, t, 2 * sheets.len()).await;
    let round = paired_in_order(&organiser, t, 1, &players).await;
    for (b, body) in sheets.iter().enumerate() {
        let game = round["games"][b]["id"].as_i64().unwrap();
        let r = players[2 * b]
            .1
            .post_json(&format!("/api/games/{game}/sheets"), body)
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "board {}: {}", b + 1, r.body);
        let r = players[2 * b + 1]
            .1
            .post_json(
                &format!("/api/games/{game}/confirm"),
                &json!({"sheet_id": r.json()["sheet_id"]}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let state = publishing_when(&organiser, t, up_to_date).await;
    let on_hub = state["hub_tournament"].as_i64().unwrap();
    let at_venue = export(&organiser, t).await;
    let at_hub = export(&hub_organiser, on_hub).await;
    assert_eq!(
        crate::archive::by_names(&at_hub),
        crate::archive::by_names(&at_venue)
    );
    let ends: Vec<Value> = at_hub["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["end"].clone())
        .collect();
    assert_eq!(
        ends,
        [
            "natural",
            "natural",
            "natural",
            "natural",
            "resignation",
            "time"
        ]
    );
    for b in 0..sheets.len() {
        let id = at_hub["games"][b]["id"].as_i64().unwrap();
        let g = hub_organiser.get(&format!("/api/games/{id}")).await.json();
        assert_eq!(g["verified"], true, "{g}");
        assert_eq!(g["status"], "confirmed", "{g}");
    }
}

#[actix_web::test]
async fn a_controller_of_a_final_stage_cannot_take_over_a_player_of_the_stage_before() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // A first stage of one round: Ama wins by forfeit.
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Seams", "rules": "abapa", "rounds": 1, "pairing": "manual"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let (winner, winner_pin) = add_player(&organiser, t, "Ama Mensah").await;
    let (other, _) = add_player(&organiser, t, "Kofi Boateng").await;
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [{"board": 1, "south": winner, "north": other}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let round = crate::sheets::publish(&organiser, t, 1).await;
    let r = organiser
        .put_json(
            &format!("/api/games/{}/result", round["games"][0]["id"]),
            &json!({"kind": "forfeit-north", "reason": "absent"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // The final: Kwame runs it, and only it.
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Final", "rules": "abapa", "rounds": 1, "pairing": "knockout"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let last = r.json()["id"].as_i64().unwrap();
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{last}/qualify"),
            &json!({"from": t, "top": 2}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let players = organiser
        .get(&format!("/api/tournaments/{last}/players"))
        .await
        .json();
    let entry = players
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Ama Mensah")
        .unwrap_or_else(|| panic!("{players}"))["id"]
        .as_i64()
        .unwrap();
    let kwame = controller_of(&app, &organiser, last).await;
    takeover_refused(&kwame, last, entry, "Seams").await;
    // Her PIN of the first stage still signs her in there.
    crate::swiss::sign_in(&app, t, winner, &winner_pin).await;
}
