//! What the festival day's walk found at the seams of the pages: a record of another game sent
//! as a sheet, a ruling without moves under an old sheet's replay, the settings form after a
//! refusal, the audit log's filters and pages, the language switch after a form.

use awc::http::StatusCode;
use serde_json::json;

use crate::helpers::*;
use crate::sheets::{one_game, publish, with_pin};
use crate::swiss::{fixture_games, sheet};

#[actix_web::test]
async fn an_ogn_record_of_another_game_is_not_taken_silently() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), _) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let fixture = &fixture_games()[0];
    // The record of a game between two others, in another event.
    let record = format!(
        "[Event \"Kumasi Open\"]\n[South \"Kofi Boateng\"]\n[North \"P1\"]\n\n{}\n",
        fixture.0
    );
    let mut body = sheet(fixture);
    body["moves"] = json!(record);
    let path = format!("/api/games/{game}/sheets");
    let r = organiser
        .post_json(&path, &with_pin(body.clone(), &south_pin))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let e = &r.json()["error"];
    assert_eq!(e["said"]["key"], "ogn-another-game", "{e}");
    let message = e["message"].as_str().unwrap();
    assert!(
        message.contains("event is \"Kumasi Open\"") && message.contains("one more difference"),
        "what differs is said: {message}"
    );
    assert_eq!(app.count("sheets"), 0, "nothing is written");
    // The sender says it is this game's all the same: it is replayed and taken.
    body["same_game"] = json!(true);
    let r = organiser
        .post_json(&path, &with_pin(body, &south_pin))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(app.count("sheets"), 1);
    // A record whose tags name this game is taken at once.
    let (t2, game2, (_, pin2), _) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t2, 1).await;
    let name = organiser
        .get(&format!("/api/tournaments/{t2}"))
        .await
        .json()["name"]
        .as_str()
        .unwrap()
        .to_string();
    let mut own = sheet(fixture);
    own["moves"] = json!(format!(
        "[Event \"{}\"]\n[Round \"1\"]\n[Board \"1\"]\n[South \" p0 \"]\n\n{}\n",
        name, fixture.0
    ));
    let r = organiser
        .post_json(&format!("/api/games/{game2}/sheets"), &with_pin(own, &pin2))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
}

#[actix_web::test]
async fn a_result_ruled_without_moves_shows_no_sheets_replay() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), _) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let fixture = &fixture_games()[0];
    let r = organiser
        .post_json(
            &format!("/api/games/{game}/sheets"),
            &with_pin(sheet(fixture), &south_pin),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    // Before a result counts, the page replays the sheet waiting for confirmation.
    let before = organiser.get(&format!("/games/{game}")).await.body;
    assert!(before.contains("id=\"replay-title\""), "{before}");
    let r = organiser
        .put_json(
            &format!("/api/games/{game}/result"),
            &json!({"kind": "forfeit-north", "reason": "North left before the end"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let page = organiser.get(&format!("/games/{game}")).await.body;
    assert!(!page.contains("Not a result yet"), "{page}");
    assert!(!page.contains("id=\"replay-title\""), "{page}");
    // "set by the controller" said once, with the reason.
    assert_eq!(page.matches("set by the controller").count(), 1, "{page}");
    assert!(page.contains("North left before the end"));
}

#[actix_web::test]
async fn the_settings_form_refused_offers_only_what_may_still_change() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _, _, _) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let edit = format!("/tournaments/{t}/edit");
    let form = organiser.get(&edit).await.body;
    assert!(
        !form.contains("<select name=\"rules\""),
        "the rules are fixed: {form}"
    );
    let csrf = csrf_in(&form);
    let r = organiser
        .post_form(
            &format!("/tournaments/{t}"),
            &[
                ("csrf", csrf.as_str()),
                ("name", ""),
                ("venue", ""),
                ("start_date", ""),
                ("end_date", ""),
                ("rules", "abapa"),
                ("rule_options", ""),
                ("rounds", "5"),
                ("pairing", "manual"),
                ("points_win", "1"),
                ("points_draw", "0.5"),
                ("points_loss", "0"),
                ("points_bye", "1"),
                ("tiebreaks", ""),
            ],
        )
        .await;
    assert!(r.status.is_client_error(), "{}: {}", r.status, r.body);
    assert!(!r.body.contains("<select name=\"rules\""), "{}", r.body);
}

#[actix_web::test]
async fn the_audit_log_is_filtered_and_read_a_page_at_a_time() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), (_, north_pin)) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    crate::sheets::sent_and_confirmed(
        &app,
        game,
        sheet(&fixture_games()[0]),
        (&south_pin, &north_pin),
    )
    .await;
    // Sixty more entries: players added.
    for i in 0..60 {
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": format!("Late {i}")}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    }
    let all = organiser.get("/api/audit").await.json();
    let all = all.as_array().unwrap();
    assert!(all.len() > 60);
    // By game: its sheet and its confirmation, nothing else.
    let of_game = organiser
        .get(&format!("/api/audit?game={game}"))
        .await
        .json();
    let actions: Vec<&str> = of_game
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert!(!actions.is_empty(), "{of_game}");
    assert!(
        actions.iter().all(|a| a.starts_with("game.")),
        "{actions:?}"
    );
    // By who and by what.
    let by_admin = organiser
        .get("/api/audit?who=organiser%20admin&what=player")
        .await
        .json();
    let by_admin = by_admin.as_array().unwrap();
    assert_eq!(by_admin.len(), 60 + 3, "the players added: {by_admin:?}");
    assert!(by_admin.iter().all(|e| e["actor"] == "organiser admin"));
    // Pages of 50, newest first; the next starts where the last ended.
    let page = organiser.get("/audit").await.body;
    assert_eq!(page.matches("<tr>").count() - 1, 50, "a page of 50 entries");
    let href = page
        .split("id=\"audit-older\"")
        .next()
        .and_then(|head| head.rsplit("href=\"").next())
        .map(|h| h[..h.find('"').unwrap()].replace("&amp;", "&"))
        .unwrap();
    let older = organiser.get(&href).await;
    assert_eq!(older.status, StatusCode::OK, "{href}");
    let rows = older.body.matches("<tr>").count() - 1;
    assert_eq!(rows, all.len() - 50, "the rest on the second page");
    // The filters are on the page, keeping what was chosen.
    let filtered = organiser
        .get("/audit?who=organiser+admin&what=player.create")
        .await
        .body;
    assert!(
        filtered.contains("<option value=\"organiser admin\" selected>")
            && filtered.contains("<option value=\"player.create\" selected>"),
        "{filtered}"
    );
}

#[actix_web::test]
async fn the_language_switch_after_a_form_returns_to_the_page_seen() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, south_pin), _) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let player = app.client();
    let r = page_sign_in(&player, t, south, &south_pin).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let csrf = player.csrf(&format!("/games/{game}")).await;
    // A sheet with a move that cannot be played: the page answers the form at /games/{id}/sheet.
    let r = player
        .post_multipart(
            &format!("/games/{game}/sheet"),
            &[
                ("csrf", None, &csrf),
                ("result", None, "south"),
                ("south_seeds", None, "25"),
                ("north_seeds", None, "23"),
                ("end", None, "natural"),
                ("moves", None, "A a Z"),
            ],
        )
        .await;
    assert!(r.status.is_client_error(), "{}: {}", r.status, r.body);
    // The switch goes back to the game's page, not to the form's address (no page there).
    assert!(
        r.body
            .contains(&format!("/language?to=fr&#38;back=/games/{game}\"")),
        "{}",
        r.body
    );
    let back = player
        .get(&format!("/language?to=fr&back=/games/{game}"))
        .await;
    assert_eq!(back.status, StatusCode::SEE_OTHER);
}

#[actix_web::test]
async fn a_match_rounds_prints_and_table_say_only_what_is_so() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = crate::sheets::tournament_with_players(
        &app,
        &organiser,
        "swiss",
        5,
        json!({"rounds": 2, "match_games": 2}),
    )
    .await;
    crate::sheets::generated_and_published(&organiser, t, 1).await;
    // The blank pairings: no match score before any game (no "0-0 so far"), the bye said once.
    let print = organiser
        .get(&format!("/tournaments/{t}/rounds/1/print"))
        .await
        .body;
    assert!(!print.contains("so far"), "{print}");
    let by_board = &print[print.find("id=\"by-board\"").unwrap()..];
    let by_board = &by_board[..by_board.find("</table>").unwrap()];
    let bye_row = by_board
        .split("<tr>")
        .find(|row| row.contains(">bye<"))
        .unwrap();
    assert_eq!(bye_row.matches("bye").count(), 1, "{bye_row}");
    // The table round by round of a Swiss: one column for the rank, not two.
    let table = organiser
        .get(&format!("/tournaments/{t}/crosstable"))
        .await
        .body;
    assert!(!table.contains("<th class=\"num\">#</th>"), "{table}");
}
