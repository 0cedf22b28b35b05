//! Data and sessions survive a restart on the same database file.

use awc::http::StatusCode;
use serde_json::json;

use crate::helpers::*;

#[actix_web::test]
async fn data_and_sessions_survive_a_restart() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Survivor").await;
    let (player, pin) = add_player(&organiser, t, "Ama").await;
    let cookie = organiser.cookie();
    app.handle.stop(true).await;

    let (address, handle) = start(&app.db_path).await;
    let again = Client::new(&address);
    again.set_cookie(cookie);
    // Still signed in: the cookie key was kept.
    let r = again.get("/api/session").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["username"], "admin");
    let r = again.get(&format!("/api/tournaments/{t}")).await;
    assert_eq!(r.json()["name"], "Survivor");
    let players = again
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    assert_eq!(players[0]["name"], "Ama");
    // The PIN still works, and the first organiser was not created twice.
    let player_client = Client::new(&address);
    let r = player_client
        .post_json(
            &format!("/api/tournaments/{t}/players/{player}/session"),
            &json!({"pin": pin}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let accounts = again.get("/api/accounts").await.json();
    assert_eq!(accounts.as_array().unwrap().len(), 1);
    handle.stop(true).await;
}
