//! A season's circuit beyond the hub's own pages, on a phone, each page checked at 390 px through
//! axe-core as every page is: at a venue, the "Circuit points" page its standings page links to
//! (a 60-character name among the players); and the circuit's static site read from the disk,
//! from its index to a person's card and back.

use super::{Session, Step, phone, run_at, run_in};
use crate::archive::LONG;
use crate::helpers::*;

async fn venue_pages(s: &Session, t: i64) -> Step<()> {
    s.goto(&format!("/tournaments/{t}/standings")).await?;
    s.click_through(&format!("a[href='/tournaments/{t}/circuits']"))
        .await?;
    s.expect_text("h2", "Western Region Cup").await?;
    s.expect_text("table.held-circuit", LONG).await?;
    Ok(())
}

async fn site_pages(s: &Session) -> Step<()> {
    s.goto("/index.html").await?;
    s.expect_text("h1", "Western Region Cup").await?;
    s.expect_text("#circuit-standings", LONG).await?;
    s.click_through("#circuit-standings a[href^='persons/']")
        .await?;
    s.expect_text("#circuit-results", "Open 9").await?;
    s.click_through("main a[href='../index.html']").await?;
    s.expect_text("#counting", "Open 9").await?;
    Ok(())
}

#[actix_web::test]
async fn a_circuit_at_a_venue_and_on_its_static_site_in_a_browser() {
    let Some(venue_phone) = phone("circuit-venue").await else {
        return;
    };
    let hub = spawn_app().await;
    let venue = spawn_app().await;
    let names = [LONG, "Ama Serwaa", "Yaw Darko", "Esi Nyarko"];
    let (t, id, held) = crate::circuits::venue_counted(&hub, &venue, &names).await;
    assert_eq!(held[0]["id"], serde_json::json!(id), "{held}");
    let checked = run_in(
        venue_phone,
        &venue,
        "circuit-venue",
        async |s: &Session, _, _| venue_pages(s, t).await,
    )
    .await;
    assert!(checked.len() >= 2, "{checked:?}");

    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    crate::circuits::export_circuit(&hub, id, &site, "en");
    let Some(site_phone) = phone("circuit-site").await else {
        return;
    };
    let base = format!("file://{}", site.display());
    let checked = run_at(
        site_phone,
        &base,
        "circuit-site",
        async |s: &Session, _, _| site_pages(s).await,
    )
    .await;
    assert!(checked.len() >= 2, "{checked:?}");
}
