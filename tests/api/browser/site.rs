//! Issue 29's pages on a phone, each checked at 390 px through axe-core as every page is: the
//! static site read from the disk (from its index to the standings, the round by round table, a
//! round, a player with a 60-character name and a game, whose replay steps back without a
//! server), and the organiser's pages of publishing and of the tournament file.

use super::{Session, Step, phone, run_at};
use crate::archive::{LONG, played_event};
use crate::helpers::*;

async fn journey(s: &Session) -> Step<()> {
    s.goto("/index.html").await?;
    s.expect_text("h1", "Kumasi Open").await?;
    s.click_through("a[href='standings.html']").await?;
    s.expect_text("#standings", LONG).await?;
    s.click_through("header a[href='crosstable.html']").await?;
    s.click_through("header a[href='index.html']").await?;
    s.click_through("a[href='rounds/1.html']").await?;
    s.expect_text("#pairings", "Player").await?;
    s.click_through("#pairings a[href^='../games/']").await?;
    s.expect_text("#ply-label", "move").await?;
    let last = s.text("#ply-label").await?;
    // The replay steps back by the script alone: the same document, another board.
    s.mark_document().await?;
    s.find("#prev")
        .await?
        .click()
        .await
        .map_err(|e| format!("click previous: {e}"))?;
    let now = s.text("#ply-label").await?;
    if now == last {
        return Err(format!("the replay did not step back from {last}"));
    }
    s.same_document("stepping through the replay").await?;
    s.click_through("header a[href='../index.html']").await?;
    // Players by name: the 60-character one first.
    s.click_through("#player-list a").await?;
    s.expect_text("h1", LONG).await?;
    s.click_through("#player-games a[href^='../games/']")
        .await?;
    s.expect_text("h1", LONG).await?;
    Ok(())
}

#[actix_web::test]
async fn the_static_site_in_a_browser() {
    let Some(phone) = phone("site").await else {
        return;
    };
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = played_event(&app, &organiser).await;
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let out = crate::site::export_site(&app, t, &site);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let base = format!("file://{}", site.display());
    let checked = run_at(phone, &base, "site", async |s: &Session, _, _| {
        journey(s).await
    })
    .await;
    assert!(checked.len() >= 7, "{checked:?}");
}

/// The organiser's pages of publishing, on one service that is both the venue and the hub: a
/// token made on the hub's page, the tournament linked with it on its "Publish to a hub" page
/// (the service publishes to itself), the state read there; then the tournament file, exported
/// through the API, imported from the organisers' page.
async fn publishing(s: &Session, app: &TestApp, t: i64, work: &std::path::Path) -> Step<()> {
    s.sign_in("admin", ADMIN_PASSWORD).await?;
    s.goto("/tournaments").await?;
    s.click_through("a[href='/hub']").await?;
    s.fill("input[name=label]", &format!("{LONG}, venue laptop"))
        .await?;
    s.click_through("#token-form button[type=submit]").await?;
    let token = s.text("code.token").await?;
    s.goto(&format!("/tournaments/{t}")).await?;
    s.click_through(&format!("a[href='/tournaments/{t}/publish']"))
        .await?;
    s.fill("input[name=hub]", &app.address).await?;
    s.fill("input[name=token]", &token).await?;
    s.click_through("#publish-form button[type=submit]").await?;
    let organiser = app.organiser().await;
    crate::publishing::publishing_when(&organiser, t, crate::publishing::up_to_date).await;
    s.goto(&format!("/tournaments/{t}/publish")).await?;
    s.expect_text("#publishing-state", "The hub has every change")
        .await?;
    s.goto("/hub").await?;
    s.expect_text("#tokens", "Kumasi Open").await?;
    // A version from the future pushed with the token: the hub's page and the venue's say that
    // the histories parted, and the venue's organiser publishes the venue's copy again.
    let file = crate::archive::exported(&organiser, t).await;
    let r = crate::publishing::push(
        app,
        &token,
        &serde_json::json!({"version": crate::seams::FUTURE, "file": file}),
    )
    .await;
    if r.status != awc::http::StatusCode::OK {
        return Err(format!("the push from the future: {}", r.body));
    }
    organiser
        .put_json(
            &format!("/api/tournaments/{t}/notice"),
            &serde_json::json!({"text": "Round 2 at 14:00"}),
        )
        .await;
    crate::publishing::publishing_when(&organiser, t, |p| p["disagreed"] == true).await;
    s.goto("/hub").await?;
    s.expect_text("#tokens", "behind this copy").await?;
    s.goto(&format!("/tournaments/{t}/publish")).await?;
    s.expect_text("#hub-disagrees", "does not follow").await?;
    s.click_through("#again-form button[type=submit]").await?;
    crate::publishing::publishing_when(&organiser, t, crate::publishing::up_to_date).await;
    s.goto(&format!("/tournaments/{t}/publish")).await?;
    s.expect_text("#publishing-state", "The hub has every change")
        .await?;
    // The whole tournament as a file, imported again from the organisers' page.
    let file = crate::archive::exported(&organiser, t).await;
    let path = work.join("Kumasi Open - tournament file.json");
    std::fs::write(&path, file.to_string()).map_err(|e| format!("write the file: {e}"))?;
    s.goto("/tournaments").await?;
    s.click_through("a[href='/tournaments/import-file']")
        .await?;
    s.find("input[type=file][name=file]")
        .await?
        .send_keys(&path.display().to_string())
        .await
        .map_err(|e| format!("choose the file: {e}"))?;
    s.click_through("main form button[type=submit]").await?;
    s.expect_text("h1", "PIN slips").await?;
    s.expect_text("main", LONG).await?;
    // The file's audit trail, kept apart as the sender's.
    s.goto("/audit").await?;
    s.expect_text("#audit-sent-title", "files and pushes")
        .await?;
    Ok(())
}

#[actix_web::test]
async fn the_publishing_pages_in_a_browser() {
    let Some(phone) = phone("publishing").await else {
        return;
    };
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = played_event(&app, &organiser).await;
    let checked = super::run_in(phone, &app, "publishing", async |s: &Session, _, work| {
        publishing(s, &app, t, work).await
    })
    .await;
    assert!(checked.len() >= 13, "{checked:?}");
}
