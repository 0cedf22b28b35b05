//! The round clock: the time control and planned starts set by the staff, a round started by the
//! controller (its start recorded once, published rounds only), and the start and planned end
//! shown in the venue's time on the pairings, the printed sheets, the projector and the players'
//! game pages.

use awc::http::StatusCode;
use chrono::NaiveDateTime;
use serde_json::json;

use crate::helpers::*;

fn time(v: &serde_json::Value) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(v.as_str().unwrap(), "%Y-%m-%dT%H:%M:%S%.f").unwrap()
}

#[actix_web::test]
async fn a_round_is_started_and_its_times_shown_everywhere() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, players) =
        crate::sheets::tournament_with_players(&app, &organiser, "swiss", 4, json!({"rounds": 3}))
            .await;
    let path = format!("/api/tournaments/{t}/schedule");
    let schedule = json!({"game_minutes": 20, "increment_seconds": 5, "utc_offset_minutes": 60,
        "planned": [{"round": 1, "start": "2026-07-11T10:00:00"}]});

    let r = app.client().put_json(&path, &schedule).await;
    assert_eq!(r.status.as_u16() / 100, 4);
    let r = organiser
        .put_json(
            &path,
            &json!({"game_minutes": 0, "planned": [{"round": 4, "start": null}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("game_minutes"), "{}", r.body);
    let r = organiser.put_json(&path, &schedule).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let v = r.json();
    // 2 × (20 minutes + 60 moves × 5 seconds) = 50 minutes.
    assert_eq!(v["round_length"], 50);
    assert_eq!(v["words"], "20 minutes each, plus 5 seconds a move");
    // In French: the API's words, and the staff's page.
    let fr = organiser.get_in("fr", &path).await.json();
    assert_eq!(
        fr["words"],
        "20 minutes par joueur, plus 5 secondes par coup"
    );
    assert_eq!(fr["game_minutes"], 20);
    let page = organiser
        .get_in("fr", &format!("/tournaments/{t}/schedule"))
        .await
        .body;
    assert!(
        page.contains("20 minutes par joueur, plus 5 secondes par coup")
            && !page.contains("minutes each"),
        "{page}"
    );
    assert_eq!(v["rounds"][0]["planned_end"], "2026-07-11T10:50:00");
    assert_eq!(v["rounds"][1]["planned_start"], json!(null));

    // The pairings show the planned times until the round starts.
    crate::sheets::generated(&organiser, t).await;
    let start = format!("/api/tournaments/{t}/rounds/1/start");
    let r = organiser.post_json(&start, &json!({})).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "not published: {}", r.body);
    let round = crate::sheets::publish(&organiser, t, 1).await;
    assert_eq!(
        round["times"]["planned_end"], "2026-07-11T10:50:00",
        "{round}"
    );
    let page = app
        .client()
        .get(&format!("/tournaments/{t}/rounds/1"))
        .await;
    assert!(
        page.body
            .contains("Planned start 10:00, planned end 10:50 (UTC+1)"),
        "{}",
        page.body
    );

    // Started: now, in the venue's time, the planned end 50 minutes later; once only.
    let before = chrono::Utc::now().naive_utc() + chrono::Duration::minutes(60);
    let r = organiser.post_json(&start, &json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let started = time(&r.json()["started"]);
    let after = chrono::Utc::now().naive_utc() + chrono::Duration::minutes(60);
    assert!(before - chrono::Duration::seconds(1) <= started && started <= after);
    assert_eq!(
        time(&r.json()["planned_end"]),
        started + chrono::Duration::minutes(50)
    );
    let r = organiser.post_json(&start, &json!({})).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let words = format!(
        "Started {}, planned end {} (UTC+1)",
        started.format("%H:%M"),
        (started + chrono::Duration::minutes(50)).format("%H:%M")
    );
    for page in [
        format!("/tournaments/{t}/rounds/1"),
        format!("/tournaments/{t}/rounds/1/sheets"),
        format!("/tournaments/{t}/rounds/1/print"),
        format!("/tournaments/{t}/live"),
    ] {
        let r = organiser.get(&page).await;
        assert!(r.body.contains(&words), "{page}: {}", r.body);
    }
    // A player's game page.
    let game = round["games"][0]["id"].as_i64().unwrap();
    let south = round["games"][0]["south"]["id"].as_i64().unwrap();
    let pin = &players.iter().find(|p| p.0 == south).unwrap().1;
    let phone = app.client();
    page_sign_in(&phone, t, south, pin).await;
    let r = phone.get(&format!("/games/{game}")).await;
    assert!(r.body.contains(&words), "{}", r.body);
    let audit = organiser.get(&format!("/api/audit?tournament={t}")).await;
    assert!(audit.body.contains("round.start") && audit.body.contains("schedule.set"));
}
