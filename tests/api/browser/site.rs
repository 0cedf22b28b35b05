//! The static site read from the disk on a phone: from its index to the standings, the round by
//! round table, a round, a player with a 60-character name and a game, whose replay steps back
//! without a server; every page checked at 390 px through axe-core, as the live ones are.

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
