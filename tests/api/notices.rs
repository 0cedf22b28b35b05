//! The staff's notice to everyone at a tournament: written by the staff who run it, shown on
//! its page, the players' game pages and the projector (which updates without a reload), taken
//! down; refused to others and beyond its length.

use std::time::Duration;

use awc::http::StatusCode;
use serde_json::json;

use crate::helpers::*;

#[actix_web::test]
async fn a_notice_reaches_the_pages_the_players_and_the_wall() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, south_pin), _) =
        crate::sheets::one_game(&app, &organiser, json!({})).await;
    crate::sheets::publish(&organiser, t, 1).await;
    let path = format!("/api/tournaments/{t}/notice");
    let text = "Lunch until 13:30; appeals at table 1 <b>now</b>";

    // Only the staff who run the tournament write it; at most 500 characters.
    let r = app.client().put_json(&path, &json!({"text": text})).await;
    assert_eq!(r.status.as_u16() / 100, 4);
    let stranger = app.controller(&organiser, "esi").await;
    let r = stranger.put_json(&path, &json!({"text": text})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let r = organiser
        .put_json(&path, &json!({"text": "x".repeat(501)}))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert_eq!(app.client().get(&path).await.json()["notice"], json!(null));

    // The wall follows: its stream brings the notice.
    let wall = crate::pages::event_stream(&app.address, &format!("/tournaments/{t}/live/events"));
    crate::pages::event_with(&wall, "live-boards", Duration::from_secs(30));
    let r = organiser.put_json(&path, &json!({"text": text})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["notice"]["text"], text);
    let escaped = "appeals at table 1 &#60;b&#62;now&#60;/b&#62;";
    let update = crate::pages::event_with(&wall, "Lunch until 13:30", Duration::from_secs(30));
    assert!(update.contains(escaped), "{update}");

    // The tournament's page, a player's game page, escaped.
    let page = app.client().get(&format!("/tournaments/{t}")).await;
    assert!(page.body.contains(escaped), "{}", page.body);
    assert!(!page.body.contains("<b>now"));
    let phone = app.client();
    page_sign_in(&phone, t, south, &south_pin).await;
    let page = phone.get(&format!("/games/{game}")).await;
    assert!(page.body.contains(escaped), "{}", page.body);

    // Taken down through the page's form, it is gone everywhere.
    let csrf = organiser.csrf(&format!("/tournaments/{t}")).await;
    let r = organiser
        .post_form(
            &format!("/tournaments/{t}/notice"),
            &[("csrf", csrf.as_str()), ("text", text), ("clear", "1")],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(app.client().get(&path).await.json()["notice"], json!(null));
    let page = app.client().get(&format!("/tournaments/{t}")).await;
    assert!(!page.body.contains("Lunch until"));
    let audit = organiser.get(&format!("/api/audit?tournament={t}")).await;
    assert!(audit.body.contains("notice.set") && audit.body.contains("notice.clear"));
}
