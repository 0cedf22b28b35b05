//! Backups to the folder the organiser chose: one after each round is published and one when
//! the event has every result, each a whole database that opens to the standings of its moment.

use std::time::Duration;

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::sheets::{generated_and_published, publish, tournament_with_players};

/// Waits for the backup made for `reason` (a guard of 30 s against one never written, not a
/// measure of speed): its file name.
pub async fn backup_for(staff: &Client, reason: &str) -> String {
    for _ in 0..600 {
        let status = staff.get("/api/backups").await.json();
        if let Some(last) = status["last"].as_object()
            && last["reason"].as_str().is_some_and(|r| r.contains(reason))
        {
            assert_eq!(last["error"], Value::Null, "{status}");
            return last["file"].as_str().unwrap().to_string();
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no backup for {reason}");
}

fn integrity(path: &std::path::Path) -> String {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Check {
        #[diesel(sql_type = diesel::sql_types::Text)]
        integrity_check: String,
    }
    let mut conn = diesel::sqlite::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    diesel::sql_query("PRAGMA integrity_check")
        .get_result::<Check>(&mut conn)
        .unwrap()
        .integrity_check
}

#[actix_web::test]
async fn each_round_published_and_the_end_of_the_event_leave_a_backup_that_opens() {
    let stick = tempfile::tempdir().unwrap();
    let folder = stick.path().join("oware backups");
    let set = folder.clone();
    let app = spawn_app_tuned(move |c| c.backup_folder = Some(set)).await;
    let organiser = app.organiser().await;
    let status = organiser.get("/api/backups").await.json();
    assert_eq!(status["folder"], folder.display().to_string());
    assert_eq!(status["last"], Value::Null);
    // Players and visitors are not told where backups go.
    let r = app.client().get("/api/backups").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);

    let (t, _) = tournament_with_players(&app, &organiser, "swiss", 6, json!({"rounds": 2})).await;
    let mut files = Vec::new();
    for n in 1..=2 {
        let round = generated_and_published(&organiser, t, n).await;
        files.push(backup_for(&organiser, &format!("round {n} published")).await);
        // Publishing again writes nothing more.
        publish(&organiser, t, n).await;
        for (k, g) in round["games"].as_array().unwrap().iter().enumerate() {
            if g["north"].is_null() {
                continue;
            }
            let kind = ["forfeit-north", "forfeit-south", "double-forfeit"][k % 3];
            let r = organiser
                .put_json(
                    &format!("/api/games/{}/result", g["id"]),
                    &json!({"kind": kind, "reason": "absent"}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        }
    }
    // The last result is in: the event's end has its backup.
    files.push(backup_for(&organiser, "every result in").await);
    let page = organiser.get("/tournaments").await;
    assert!(page.body.contains(files[2].as_str()), "{}", page.body);

    // Each backup is whole, and opens to the standings of its moment: the results before its
    // round (the round itself has none yet), and at the end every one.
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names, files,
        "three backups in order, nothing half-written beside them"
    );
    let live = app.client();
    for (k, file) in files.iter().enumerate() {
        let path = folder.join(file);
        assert_eq!(integrity(&path), "ok", "{file}");
        let copy = stick.path().join(format!("opened-{k}.db"));
        std::fs::copy(&path, &copy).unwrap();
        let (address, handle) = start(&copy).await;
        let after = (k as i64).min(2);
        let opened = Client::new(&address);
        assert_eq!(
            standings_json(&opened, t, Some(after)).await,
            standings_json(&live, t, Some(after)).await,
            "{file}, after round {after}"
        );
        if k < 2 {
            // Its own round is there, published, waiting for its results.
            let r = opened
                .get(&format!("/api/tournaments/{t}/standings?after={}", k + 1))
                .await;
            assert_eq!(r.status, StatusCode::OK, "{file}: {}", r.body);
            assert_ne!(r.json()["open_games"], json!(0), "{file}");
        }
        handle.stop(false).await;
    }
}

#[actix_web::test]
async fn a_backup_made_due_before_a_stop_is_written_at_the_next_start() {
    let stick = tempfile::tempdir().unwrap();
    let folder = stick.path().join("oware backups");
    let set = folder.clone();
    let app = spawn_app_tuned(move |c| c.backup_folder = Some(set)).await;
    let organiser = app.organiser().await;
    let (t, _) = tournament_with_players(&app, &organiser, "swiss", 6, json!({"rounds": 2})).await;
    generated_and_published(&organiser, t, 1).await;
    backup_for(&organiser, "round 1 published").await;
    app.handle.stop(true).await;
    // What a stop right after the change's commit leaves: the backup due, not yet written.
    app.execute(
        "INSERT INTO backups_due (reason, at) VALUES ('Club Open, round 2 published', '2026-11-28 10:00:00')",
    );
    let set = folder.clone();
    let (address, handle) = start_with(&app.db_path, move |c| c.backup_folder = Some(set)).await;
    let again = Client::new(&address);
    again.login("admin", ADMIN_PASSWORD).await;
    let file = backup_for(&again, "round 2 published").await;
    assert!(folder.join(&file).exists(), "{file}");
    assert_eq!(app.count("backups_due"), 0);
    handle.stop(false).await;
}

#[actix_web::test]
async fn an_event_imported_with_every_result_in_has_its_end_backup_once() {
    let venue = spawn_app().await;
    let organiser = venue.organiser().await;
    let (t, _) =
        tournament_with_players(&venue, &organiser, "swiss", 4, json!({"rounds": 1})).await;
    let round = generated_and_published(&organiser, t, 1).await;
    for g in round["games"].as_array().unwrap() {
        let r = organiser
            .put_json(
                &format!("/api/games/{}/result", g["id"]),
                &json!({"kind": "forfeit-north", "reason": "absent"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let file = organiser
        .get(&format!("/tournaments/{t}/export.json"))
        .await
        .body;
    let stick = tempfile::tempdir().unwrap();
    let folder = stick.path().join("oware backups");
    let set = folder.clone();
    let office = spawn_app_tuned(move |c| c.backup_folder = Some(set)).await;
    let staff = office.organiser().await;
    let r = crate::archive::import(&staff, &file).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    backup_for(&staff, "every result in").await;
    // A later change of the tournament makes no second one.
    let copy = r.json()["tournament"]["id"].as_i64().unwrap();
    let r = staff
        .put_json(
            &format!("/api/tournaments/{copy}/notice"),
            &json!({"text": "Prize-giving at 18:00"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let files = || std::fs::read_dir(&folder).unwrap().count();
    assert_eq!(files(), 1);
    assert_eq!(office.count("backups_due"), 0);
}
