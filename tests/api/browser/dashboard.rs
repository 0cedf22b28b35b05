//! The live pages of a round in a browser at a phone's width: a player with a 60-character name
//! signs in and lands on their board, which tells them without a reload when their opponent's
//! sheet waits for them; the controller's dashboard shows a dispute, then "all results in: pair
//! round 2", each without a reload, and leads to the pairing of round 2. On the way, the venue's
//! page makes the card that joins phones to the Wi-Fi, and it prints.

use serde_json::json;

use super::{Session, phone, run_in};
use crate::dashboard::two_boards_and_a_bye;
use crate::event_scenario::LONG_NAME;
use crate::helpers::*;
use crate::sheets::{publish, sent_and_confirmed, tournament_with_players, with_pin};
use crate::swiss::{fixture_games, sheet};

#[actix_web::test]
async fn a_round_followed_live_in_a_browser() {
    let Some(phone) = phone("dashboard").await else {
        return;
    };
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, mut p) =
        tournament_with_players(&app, &organiser, "manual", 3, json!({"rounds": 3})).await;
    p.push(add_player(&organiser, t, LONG_NAME).await);
    p.push(add_player(&organiser, t, "Ama Mensah").await);
    let [g1, g2] =
        two_boards_and_a_bye(&organiser, t, [(p[0].0, p[3].0), (p[1].0, p[4].0)], p[2].0).await;
    publish(&organiser, t, 1).await;
    let fixtures = fixture_games();
    let checked = run_in(
        phone,
        &app,
        "dashboard",
        async |s: &Session, _: &std::path::Path, _: &std::path::Path| {
            // The player signs in and lands on their board: board 1, North, P0 starts.
            s.player_sign_in(&t.to_string(), LONG_NAME, &p[3].1).await?;
            if !s.path().await?.ends_with(&format!("/tournaments/{t}/me")) {
                return Err(format!("signed in, the player is on {}", s.path().await?));
            }
            s.expect_text("#my-board", "Board 1").await?;
            s.expect_text("#my-board", "You play North against P0: P0 starts.")
                .await?;
            s.mark_document().await?;
            // P0's sheet comes in: the page says it waits for them, without a reload.
            let r = app
                .client()
                .post_json(
                    &format!("/api/games/{g1}/sheets"),
                    &with_pin(sheet(&fixtures[0]), &p[0].1),
                )
                .await;
            if r.status.as_u16() != 201 {
                return Err(format!("P0's sheet: {}", r.body));
            }
            s.wait_for_text("#my-game-state", "waits for you").await?;
            s.same_document("the player's board reloaded to show the sheet")
                .await?;
            s.wait_for_text("#follow-said", "waits for you").await?;
            s.check_page().await?;
            s.sign_out().await?;

            // The staff's venue page: a card that joins phones to the Wi-Fi, as it prints.
            s.sign_in("admin", ADMIN_PASSWORD).await?;
            s.click_through("header a[href='/venue']").await?;
            s.fill("input[name=network]", "Oware Club Hall").await?;
            s.fill("input[name=password]", "awale-2026").await?;
            s.click_through("#wifi-form button[type=submit]").await?;
            s.expect_text("#wifi-card", "Oware Club Hall").await?;
            s.find("#wifi-card svg.qr").await?;
            s.fits_a4(&["Print this page", "Make the card"]).await?;
            // The controller's dashboard, from the tournament's page.
            s.goto(&format!("/tournaments/{t}")).await?;
            s.click_through(&format!("a[href='/tournaments/{t}/dashboard']"))
                .await?;
            s.expect_text("h1", "Round 1: live dashboard").await?;
            s.expect_text("#board-counts", "1 playing, 1 sheet in")
                .await?;
            s.expect_text("#dashboard-boards", LONG_NAME).await?;
            s.mark_document().await?;
            // The long-named player sends a different sheet: a dispute.
            let r = app
                .client()
                .post_json(
                    &format!("/api/games/{g1}/sheets"),
                    &with_pin(sheet(&fixtures[1]), &p[3].1),
                )
                .await;
            if r.status.as_u16() != 201 {
                return Err(format!("the second sheet: {}", r.body));
            }
            s.wait_for_text("#alerts", "Board 1: the two players' sheets differ")
                .await?;
            s.same_document("the dashboard reloaded to show the dispute")
                .await?;
            s.wait_for_text("#follow-said", "sheets differ").await?;
            // Said once: the status line is emptied once read, and what stands is not said
            // again at the next change.
            s.wait_for_text_gone("#follow-said", "sheets differ")
                .await?;
            s.check_page().await?;
            // The controller decides board 1; board 2's sheet is sent and confirmed.
            let r = organiser
                .put_json(
                    &format!("/api/games/{g1}/result"),
                    &json!({"kind": "played", "result": fixtures[0].1, "seeds": fixtures[0].2,
                            "reason": "P0's sheet follows the moves played"}),
                )
                .await;
            if r.status.as_u16() != 200 {
                return Err(format!("the ruling: {}", r.body));
            }
            sent_and_confirmed(&app, g2, sheet(&fixtures[2]), (&p[1].1, &p[4].1)).await;
            s.wait_for_text("#alerts", "All results of round 1 are in: pair round 2")
                .await?;
            s.same_document("the dashboard reloaded to show all results in")
                .await?;
            s.expect_text("#board-counts", "1 confirmed, 1 final")
                .await?;
            s.check_page().await?;
            s.click_through(&format!("#alerts a[href='/tournaments/{t}/rounds']"))
                .await?;
            s.expect_text("main", "Round 2").await?;
            Ok(())
        },
    )
    .await;
    for page in ["/me", "/dashboard", "/venue"] {
        assert!(
            checked.iter().any(|c| c.ends_with(page)),
            "{page}: {checked:?}"
        );
    }
}
