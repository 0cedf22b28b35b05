//! Litestream beside the service: the database replicated to a folder while sheets come in, the
//! disk lost, the database restored from the replica and the service started on it, with every
//! sheet acknowledged before the loss (by more than Litestream's intervals) and the same
//! standings. Litestream comes from npm (`npm ci --prefix tests/litestream`, which `.ci/run`
//! does); under CI the test fails without it, elsewhere it says so and passes.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::sheets::{generated_and_published, sent_and_confirmed, tournament_with_players};
use crate::swiss::{fixture_games, sheet};

fn litestream() -> Option<PathBuf> {
    let binary = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/litestream/node_modules/@flydotio/litestream-linux-x64/litestream");
    if binary.exists() {
        return Some(binary);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "Litestream is not installed: npm ci --prefix tests/litestream"
    );
    eprintln!("Litestream is not installed (npm ci --prefix tests/litestream): not tried");
    None
}

/// The repository's configuration, for this database and replica.
fn litestream_command(binary: &Path, database: &Path, replica: &Path) -> Command {
    let mut command = Command::new(binary);
    command
        .env("OWARE_DATABASE", database)
        .env("OWARE_REPLICA", replica)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

const CONFIG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/litestream.yml");

struct Replicating(Child);

impl Drop for Replicating {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[actix_web::test]
async fn a_database_restored_from_its_replica_holds_every_sheet_acknowledged_before_the_loss() {
    let Some(binary) = litestream() else {
        return;
    };
    let app = spawn_app_tuned(|c| c.litestream = true).await;
    let replica = app.db_path.with_file_name("replica");
    let mut litestream = Replicating(
        litestream_command(&binary, &app.db_path, &replica)
            .args(["replicate", "-config", CONFIG])
            .spawn()
            .expect("litestream starts"),
    );

    let organiser = app.organiser().await;
    let (t, players) =
        tournament_with_players(&app, &organiser, "swiss", 16, json!({"rounds": 3})).await;
    let pins: std::collections::HashMap<i64, String> = players.into_iter().collect();
    let round = generated_and_published(&organiser, t, 1).await;
    let games = fixture_games();
    let mut sent = Vec::new();
    for (k, g) in round["games"].as_array().unwrap().iter().enumerate() {
        let (south, north) = (
            g["south"]["id"].as_i64().unwrap(),
            g["north"]["id"].as_i64().unwrap(),
        );
        let id = g["id"].as_i64().unwrap();
        sent_and_confirmed(&app, id, sheet(&games[k]), (&pins[&south], &pins[&north])).await;
        sent.push(id);
    }
    // Well past Litestream's intervals (half a second each; five seconds leave room for a
    // busy machine), the standings as they are.
    actix_web::rt::time::sleep(Duration::from_secs(5)).await;
    let before = standings_json(&app.client(), t, None).await;
    let results: Vec<Value> = {
        let mut r = Vec::new();
        for id in &sent {
            r.push(organiser.get(&format!("/api/games/{id}")).await.json()["result"].clone());
        }
        r
    };

    // The disk is lost: the service and Litestream stop where they are, the files are gone.
    app.handle.stop(false).await;
    litestream.0.kill().unwrap();
    let _ = litestream.0.wait();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", app.db_path.display()));
    }

    // Restored from the replica, the service starts on it as on any database.
    let restored = app.db_path.with_file_name("restored.db");
    let status = litestream_command(&binary, &app.db_path, &replica)
        .args(["restore", "-config", CONFIG, "-o"])
        .arg(&restored)
        .arg(&app.db_path)
        .status()
        .expect("litestream restores");
    assert!(status.success(), "litestream restore: {status}");
    let (address, handle) = start(&restored).await;
    let client = Client::new(&address);
    let organiser = Client::new(&address);
    organiser.login("admin", ADMIN_PASSWORD).await;
    for (id, result) in sent.iter().zip(&results) {
        let game = organiser.get(&format!("/api/games/{id}")).await.json();
        assert_eq!(&game["result"], result, "game {id}");
        assert!(!result.is_null(), "game {id} had its result");
    }
    assert_eq!(standings_json(&client, t, None).await, before);
    // The restored service goes on: the next round is paired and published.
    let r = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/rounds"),
            Some("application/json"),
            json!({"generate": true}).to_string().into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    handle.stop(false).await;
}
