//! The controller's room in a browser at a phone's width: a notice to everyone; SMS turned on and
//! a player's phone given; the roll call before round 1, with
//! two players absent (one given a zero-point bye, one withdrawn), and before round 2, with one
//! absent; a player checks in by signing in on their own phone. The rounds are paired in the
//! browser and read: the absent are never on them, and the player with the bye is back in round
//! 2. Round 2 is started under a time control, and a game of it unfinished when time runs out
//! is adjudicated from its position.

use serde_json::json;

use super::formats::pair_and_publish;
use super::{Session, Step, phone, run_in};
use crate::helpers::*;
use crate::sheets::tournament_with_players;

/// Takes the roll call before round `n`: `checks_in` signs in on their phone, the controller
/// marks `present` present (a button each), chooses withdrawal for `withdrawn`, and closes it.
/// What the page says once it is closed.
async fn roll_call(
    s: &Session,
    app: &TestApp,
    t: i64,
    n: i64,
    (checks_in, present, withdrawn): ((i64, &str), &[i64], &[i64]),
) -> Step<String> {
    s.goto(&format!("/tournaments/{t}")).await?;
    s.click_through(&format!("a[href='/tournaments/{t}/roll-call']"))
        .await?;
    s.expect_text("main", &format!("Before round {n}")).await?;
    s.click_through(&format!(
        "form[action='/tournaments/{t}/roll-call/open'] button"
    ))
    .await?;
    s.expect_text("#roll-call-state", &format!("Open, before round {n}"))
        .await?;
    let r = page_sign_in(&app.client(), t, checks_in.0, checks_in.1).await;
    if r.status.as_u16() != 303 {
        return Err(format!("the player's sign-in: {} {}", r.status, r.body));
    }
    for id in present {
        s.click_through(&format!("#player-{id} button[value=present]"))
            .await?;
    }
    s.expect_text(&format!("#player-{}", checks_in.0), "checked in at")
        .await?;
    for id in withdrawn {
        s.choose(
            &format!("select[name=absent_{id}]"),
            "withdraw from the tournament",
        )
        .await?;
    }
    s.click_through("#close-roll-call button[type=submit]")
        .await?;
    s.text("#closed").await
}

/// The SMS page on the phone: SMS turned on with a cap on the parts sent, a player's number kept
/// with their consent (refused without it), then SMS turned off for them.
async fn sms_page(s: &Session, t: i64, player: i64) -> Step<()> {
    s.goto(&format!("/tournaments/{t}")).await?;
    s.click_through(&format!("a[href='/tournaments/{t}/sms']"))
        .await?;
    s.expect_text("#sms-state", "SMS are off").await?;
    s.click("#sms-settings input[name=enabled]").await?;
    s.fill("#sms-settings input[name=cap]", "120").await?;
    s.click_through("#sms-settings button[type=submit]").await?;
    s.expect_text("#sms-state", "0 of 120 message parts sent")
        .await?;
    let row = format!("#player-{player}");
    s.fill(&format!("{row} input[name=number]"), "+233 20 111 0001")
        .await?;
    s.click_through(&format!("{row} form.stack button[type=submit]"))
        .await?;
    s.expect_text("main", "Tick that the player agreed").await?;
    s.goto(&format!("/tournaments/{t}/sms")).await?;
    s.fill(&format!("{row} input[name=number]"), "+233 20 111 0001")
        .await?;
    s.click(&format!("{row} input[name=consent]")).await?;
    s.click_through(&format!("{row} form.stack button[type=submit]"))
        .await?;
    s.expect_text(&row, "Turn off").await?;
    s.click_through(&format!("{row} button[value=stop]"))
        .await?;
    s.expect_text(&row, "Turn on").await?;
    Ok(())
}

/// On the phone the proposal reads across its box (each paragraph as wide as the box, not a
/// word a line), and the slip printed from it names the tournament, the round and board, when it
/// was printed and the rules.
async fn proposal_reads_across(s: &Session) -> Step<()> {
    let found = s
        .browser
        .execute(
            "var box = document.getElementById('proposal'); \
             var inner = box.clientWidth; \
             var shown = Array.prototype.filter.call(box.querySelectorAll('p'), \
               function (p) { return p.offsetParent !== null; }); \
             return [shown.map(function (p) { return p.getBoundingClientRect().width / inner; }), \
                     document.getElementById('slip-head').textContent];",
            vec![],
        )
        .await
        .map_err(|e| format!("measure the proposal: {e}"))?;
    let widths: Vec<f64> = found[0]
        .as_array()
        .map(|a| a.iter().filter_map(|w| w.as_f64()).collect())
        .unwrap_or_default();
    if widths.len() < 2 || widths.iter().any(|w| *w < 0.8) {
        return Err(format!(
            "the proposal's paragraphs, as shares of its width at 390 px: {widths:?}"
        ));
    }
    let head = found[1].as_str().unwrap_or_default();
    let year = chrono::Utc::now().format("%Y").to_string();
    for wanted in ["swiss 10", "Round 2, board 2", "Rules: abapa", &year] {
        if !head.contains(wanted) {
            return Err(format!("the slip's heading {head:?} lacks {wanted:?}"));
        }
    }
    Ok(())
}

/// The game's page after the adjudication, at 390 px: the position drawn, both verdicts and the
/// numbered line reading across the section; its button prints the slip alone (the page marked
/// for it), on one A4 page headed with the tournament, round, board, date and rules.
async fn adjudication_told(s: &Session) -> Step<()> {
    s.expect_text("#adjudicated", "By the endgame tables")
        .await?;
    s.expect_text("#by-rows", "24").await?;
    s.expect_text("#adjudicated-line", "F").await?;
    let found = s
        .browser
        .execute(
            "var box = document.getElementById('adjudicated'); \
             var inner = box.clientWidth; \
             var parts = Array.prototype.map.call(box.querySelectorAll('dd, #adjudicated-board'), \
               function (e) { return e.getBoundingClientRect().width / inner; }); \
             window.print = function () { window.printedPart = document.body.getAttribute('data-printing'); }; \
             box.querySelector('button[data-print]').click(); \
             return [parts, window.printedPart || null, document.getElementById('adjudicated-head').textContent];",
            vec![],
        )
        .await
        .map_err(|e| format!("measure the adjudication: {e}"))?;
    let widths: Vec<f64> = found[0]
        .as_array()
        .map(|a| a.iter().filter_map(|w| w.as_f64()).collect())
        .unwrap_or_default();
    if widths.len() < 3 || widths.iter().any(|w| *w < 0.8) {
        return Err(format!(
            "the adjudication's board and verdicts, as shares of its width at 390 px: {widths:?}"
        ));
    }
    if found[1] != json!("adjudicated") {
        return Err(format!("the slip's button marks the page {}", found[1]));
    }
    let head = found[2].as_str().unwrap_or_default();
    let year = chrono::Utc::now().format("%Y").to_string();
    for wanted in [
        "swiss 10",
        "Round 2, board 2",
        "Rules: abapa",
        "adjudicated",
        &year,
    ] {
        if !head.contains(wanted) {
            return Err(format!("the slip's heading {head:?} lacks {wanted:?}"));
        }
    }
    // Printed while marked: the slip alone (not the game's heading or its result line).
    s.fits_a4(&["Print the adjudication slip", "Result:", "Where the game"])
        .await?;
    if s.printed_pages().await? != 1 {
        return Err("the adjudication slip does not print on one page".to_string());
    }
    Ok(())
}

#[actix_web::test]
async fn a_roll_call_in_a_browser() {
    let Some(phone) = phone("room").await else {
        return;
    };
    // Endgame tables of boards of up to 8 seeds: the tournament adjudicates exactly.
    let tables = crate::endgames::tables(8);
    let app = crate::endgames::app_with_tables(&tables).await;
    let organiser = app.organiser().await;
    let (t, players) = tournament_with_players(
        &app,
        &organiser,
        "swiss",
        10,
        json!({"rounds": 3, "check_in": "every", "adjudication": "exact"}),
    )
    .await;
    let id = |i: usize| players[i].0;
    let checked = run_in(
        phone,
        &app,
        "room",
        async |s: &Session, _: &std::path::Path, _: &std::path::Path| {
            s.sign_in("admin", ADMIN_PASSWORD).await?;
            // A notice to everyone, written on the tournament's page.
            s.goto(&format!("/tournaments/{t}")).await?;
            s.click("#notice-form summary").await?;
            s.fill(
                "textarea[name=text]",
                "Round 1 at 10:00; appeals at table 1",
            )
            .await?;
            s.click_through("#notice-form button[type=submit]").await?;
            s.expect_text("#tournament-notice", "appeals at table 1")
                .await?;
            sms_page(s, t, id(0)).await?;
            // Round 1: P0 checks in on their phone, P1 to P7 are marked present; P8 gets the
            // zero-point bye, P9 is withdrawn.
            let present: Vec<i64> = (1..8).map(id).collect();
            let said =
                roll_call(s, &app, t, 1, ((id(0), &players[0].1), &present, &[id(9)])).await?;
            if !(said.contains("A zero-point bye for: P8") && said.contains("Withdrawn: P9")) {
                return Err(format!("closing the roll call said: {said}"));
            }
            let boards = pair_and_publish(s, t, 1).await?;
            let seated: Vec<&String> = boards.iter().flat_map(|(a, b)| [a, b]).collect();
            if seated.len() != 8 || seated.iter().any(|n| *n == "P8" || *n == "P9") {
                return Err(format!("round 1 seats the absent: {boards:?}"));
            }
            for g in crate::matches::round(&organiser, t, 1).await["games"]
                .as_array()
                .unwrap()
            {
                organiser
                    .put_json(
                        &format!("/api/games/{}/result", g["id"]),
                        &json!({"kind": "played", "result": "south", "seeds": [30, 18],
                                "reason": "the sheet"}),
                    )
                    .await;
            }
            // Round 2: P8 is back and checks in; P3 does not come.
            let present: Vec<i64> = [0, 1, 2, 4, 5, 6, 7].map(id).to_vec();
            let said = roll_call(s, &app, t, 2, ((id(8), &players[8].1), &present, &[])).await?;
            if !said.contains("A zero-point bye for: P3") {
                return Err(format!("closing the roll call said: {said}"));
            }
            let boards = pair_and_publish(s, t, 2).await?;
            let seated: Vec<&String> = boards.iter().flat_map(|(a, b)| [a, b]).collect();
            if seated.len() != 8
                || !seated.iter().any(|n| *n == "P8")
                || seated.iter().any(|n| *n == "P3" || *n == "P9")
            {
                return Err(format!("round 2: {boards:?}"));
            }
            // The time control, then round 2 started from its page: its start and planned end.
            s.goto(&format!("/tournaments/{t}/schedule")).await?;
            s.fill("input[name=game_minutes]", "20").await?;
            s.fill("input[name=increment_seconds]", "5").await?;
            s.click_through("#schedule button[type=submit]").await?;
            s.expect_text("main", "20 minutes each, plus 5 seconds a move")
                .await?;
            s.goto(&format!("/tournaments/{t}/rounds/2")).await?;
            s.click_through("#start-round button[type=submit]").await?;
            let times = s.text("#round-times").await?;
            if !(times.contains("Started") && times.contains("planned end")) {
                return Err(format!("round 2's times: {times}"));
            }
            // Time runs out on board 1: the controller enters the position and adjudicates.
            let game = crate::matches::round(&organiser, t, 2).await["games"][0]["id"]
                .as_i64()
                .unwrap();
            s.goto(&format!("/games/{game}")).await?;
            s.click_through("#adjudicate-link").await?;
            // Copied by the letters of the board: South's A to F, North's a to f.
            let position = [3, 0, 4, 1, 0, 2, 1, 1, 0, 5, 2, 0];
            for (pit, seeds) in ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"]
                .iter()
                .zip(position)
            {
                s.fill(&format!("input[name=pit_{pit}]"), &seeds.to_string())
                    .await?;
            }
            s.fill("input[name=captured_south]", "20").await?;
            s.fill("input[name=captured_north]", "9").await?;
            s.click("input[name=to_move][value=north]").await?;
            s.click_through("#adjudicate button[value=propose]").await?;
            // 19 seeds on the board: beyond the tables, the rows decide and the page says why.
            s.expect_text("#proposal", "the board holds 19 seeds")
                .await?;
            s.expect_text("#proposal", "30 (20 captured and 10 on their row)")
                .await?;
            s.click_through("#adjudicate button[value=confirm]").await?;
            s.expect_text("main", "adjudicated when the round's time ran out")
                .await?;
            s.expect_text("main", "1-0 (30-18)").await?;
            // Board 2 stops with one seed left: South to move with it in F, captured 23 and 24.
            // By the rows a draw; the tables play it out: F feeds a, North takes its row, 23-25.
            let game = crate::matches::round(&organiser, t, 2).await["games"][1]["id"]
                .as_i64()
                .unwrap();
            s.goto(&format!("/games/{game}/adjudicate")).await?;
            for pit in ["A", "B", "C", "D", "E", "a", "b", "c", "d", "e", "f"] {
                s.fill(&format!("input[name=pit_{pit}]"), "0").await?;
            }
            s.fill("input[name=pit_F]", "1").await?;
            s.fill("input[name=captured_south]", "23").await?;
            s.fill("input[name=captured_north]", "24").await?;
            s.click("input[name=to_move][value=south]").await?;
            s.click_through("#adjudicate button[value=propose]").await?;
            s.expect_text("#proposal", "the endgame tables").await?;
            s.expect_text("#proposal", "23 and").await?;
            s.expect_text("#best-line", "F").await?;
            proposal_reads_across(s).await?;
            // The slip both players check: printed on A4, without the form's buttons.
            s.fits_a4(&["Confirm: make it the result", "Check the position again"])
                .await?;
            if s.printed_pages().await? < 1 {
                return Err("the adjudication slip prints no page".to_string());
            }
            s.click_through("#adjudicate button[value=confirm]").await?;
            s.expect_text("main", "0-1 (23-25)").await?;
            adjudication_told(s).await?;
            Ok(())
        },
    )
    .await;
    assert!(
        checked.iter().any(|p| p.contains("/roll-call")),
        "{checked:?}"
    );
}
