//! The server killed (SIGKILL) while sheets come in: every sheet that got its 201 is there after a
//! restart, nothing is half-written, the database passes its integrity check. A backup taken
//! while the server runs is consistent.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use awc::http::{Method, StatusCode};
use diesel::prelude::*;
use serde_json::json;

use crate::helpers::{ADMIN_PASSWORD, Client, import_players};
use crate::swiss::{fixture_games, sheet};

pub struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn start(db: &std::path::Path) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--database",
            db.to_str().unwrap(),
        ])
        .env("OWARE_ADMIN_PASSWORD", ADMIN_PASSWORD)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let server = Server(child);
    loop {
        let mut line = String::new();
        assert!(
            reader.read_line(&mut line).unwrap() > 0,
            "the server stopped"
        );
        if let Some(rest) = line.trim().strip_prefix("Serving on ") {
            return (server, rest.split_whitespace().next().unwrap().to_string());
        }
    }
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct Check {
    #[diesel(sql_type = diesel::sql_types::Text)]
    integrity_check: String,
}

fn count(conn: &mut SqliteConnection, sql: &str) -> i64 {
    diesel::sql_query(sql).get_result::<Count>(conn).unwrap().n
}

fn integrity(path: &std::path::Path) -> String {
    let mut conn = SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    diesel::sql_query("PRAGMA integrity_check")
        .get_result::<Check>(&mut conn)
        .unwrap()
        .integrity_check
}

#[actix_web::test]
async fn nothing_acknowledged_is_lost_when_the_server_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let (mut server, address) = start(&db);
    let organiser = Client::new(&address);
    organiser.login("admin", ADMIN_PASSWORD).await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Crash", "rules": "abapa", "rounds": 3, "pairing": "swiss"}),
        )
        .await;
    let t = r.json()["id"].as_i64().unwrap();
    let pins: std::collections::HashMap<i64, String> = import_players(&organiser, t, "Player", 24)
        .await
        .into_iter()
        .collect();
    organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"generate": true}),
        )
        .await;
    let r = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/rounds/1/publish"),
            None,
            Vec::new(),
        )
        .await;
    let games: Vec<(i64, i64)> = r.json()["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["id"].as_i64().unwrap(),
                g["south"]["id"].as_i64().unwrap(),
            )
        })
        .collect();
    let fixtures = Rc::new(fixture_games());

    // A backup while the server runs is a consistent database.
    let copy = dir.path().join("copy.db");
    let out = Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
        .args([
            "backup",
            copy.to_str().unwrap(),
            "--database",
            db.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(integrity(&copy), "ok");
    {
        let mut conn = SqliteConnection::establish(copy.to_str().unwrap()).unwrap();
        assert_eq!(count(&mut conn, "SELECT COUNT(*) AS n FROM players"), 24);
    }

    // Every South player sends sheets for their game, alternating two different games, and
    // notes each 201; the server is killed in the middle of it.
    let mut tasks = Vec::new();
    for (i, &(game, south)) in games.iter().enumerate() {
        let client = Client::new(&address);
        let r = client
            .post_json(
                &format!("/api/tournaments/{t}/players/{south}/session"),
                &json!({"pin": pins[&south]}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK);
        let fixtures = fixtures.clone();
        tasks.push(actix_web::rt::spawn(async move {
            let mut acknowledged = 0;
            let deadline = Instant::now() + Duration::from_secs(5);
            let mut n = i;
            while Instant::now() < deadline {
                let body = sheet(&fixtures[n % 2]).to_string().into_bytes();
                n += 1;
                let url = format!("/api/games/{game}/sheets");
                match client
                    .try_send(Method::POST, &url, Some("application/json"), body)
                    .await
                {
                    Some(r) if r.status == StatusCode::CREATED => acknowledged += 1,
                    Some(_) => {}
                    None => break,
                }
            }
            (game, acknowledged)
        }));
    }
    actix_web::rt::time::sleep(Duration::from_millis(400)).await;
    server.0.kill().unwrap(); // SIGKILL
    server.0.wait().unwrap();
    let mut acknowledged = std::collections::HashMap::new();
    for task in tasks {
        let (game, n) = task.await.unwrap();
        acknowledged.insert(game, n);
    }
    let total: i64 = acknowledged.values().sum();
    assert!(total > 0, "sheets were acknowledged before the kill");

    // Restarted on the same file.
    let (_server, address) = start(&db);
    assert_eq!(integrity(&db), "ok");
    let mut conn = SqliteConnection::establish(db.to_str().unwrap()).unwrap();
    for (game, n) in &acknowledged {
        let stored = count(
            &mut conn,
            &format!("SELECT COUNT(*) AS n FROM sheets WHERE game_id = {game}"),
        );
        assert!(
            stored >= *n,
            "game {game}: {n} sheets acknowledged, {stored} stored"
        );
    }
    // Nothing half-written: every sheet has its audit entry (same transaction), and every game
    // with a sheet has moved on from pending.
    assert_eq!(
        count(&mut conn, "SELECT COUNT(*) AS n FROM sheets"),
        count(
            &mut conn,
            "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'game.sheet'"
        )
    );
    assert_eq!(
        count(
            &mut conn,
            "SELECT COUNT(*) AS n FROM games g WHERE status = 'pending' AND EXISTS (SELECT 1 FROM sheets s WHERE s.game_id = g.id)"
        ),
        0
    );
    // And the service goes on.
    let organiser = Client::new(&address);
    organiser.login("admin", ADMIN_PASSWORD).await;
    let r = organiser
        .get(&format!("/api/tournaments/{t}/rounds/1"))
        .await;
    assert_eq!(r.status, StatusCode::OK);
}
