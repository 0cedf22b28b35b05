//! Each tournament has its own version: what was read of one (its standings, their page, its
//! live pages) stays current while another takes sheets, and a sign-in changes no tournament.

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::sheets::{one_game, publish, sent_and_confirmed};
use crate::swiss::{fixture_games, sheet};

/// The public standings page of `t` as a visitor whose browser holds the page tagged `held`.
async fn standings_held(visitor: &Client, t: i64, held: &str) -> Resp {
    visitor
        .try_send_with(
            Method::GET,
            &format!("/tournaments/{t}/standings"),
            None,
            &[("If-None-Match", held)],
            Vec::new(),
        )
        .await
        .expect("the service answers")
}

/// Two tournaments, each with a published one-board round: (tournament, game, South's PIN,
/// North's PIN) of each.
async fn two_tournaments(app: &TestApp, organiser: &Client) -> [(i64, i64, String, String); 2] {
    let mut both = Vec::new();
    for _ in 0..2 {
        let (t, game, (_, south), (_, north)) = one_game(app, organiser, json!({})).await;
        publish(organiser, t, 1).await;
        both.push((t, game, south, north));
    }
    both.try_into().unwrap()
}

fn tag(r: &Resp) -> String {
    r.header("etag")
        .expect("a public page is tagged")
        .to_string()
}

#[actix_web::test]
async fn a_change_in_one_tournament_leaves_what_was_read_of_another_current() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let [(a, a_game, a_south, a_north), (b, b_game, b_south, b_north)] =
        two_tournaments(&app, &organiser).await;
    let visitor = app.client();
    let first_b = visitor.get(&format!("/tournaments/{b}/standings")).await;
    assert_eq!(first_b.status, StatusCode::OK);
    let b_tag = tag(&first_b);
    let first_a = visitor.get(&format!("/tournaments/{a}/standings")).await;
    let a_tag = tag(&first_a);
    // The browser that holds the page as it is gets no page.
    let r = standings_held(&visitor, b, &b_tag).await;
    assert_eq!(r.status, StatusCode::NOT_MODIFIED);
    assert!(r.body.is_empty());

    // Sign-ins, right and wrong, at both tournaments and at the staff's door.
    let wrong = page_sign_in(&app.client(), b, 1, "000000").await;
    assert!(wrong.status.is_client_error() || wrong.status.is_redirection());
    let stranger = app.client();
    let r = stranger
        .post_json(
            "/api/session",
            &json!({"username": "admin", "password": "not-it"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
    // A result in A, sent and confirmed.
    sent_and_confirmed(
        &app,
        a_game,
        sheet(&fixture_games()[0]),
        (&a_south, &a_north),
    )
    .await;
    // B's page is still the one the browser holds; A's is new.
    let r = standings_held(&visitor, b, &b_tag).await;
    assert_eq!(r.status, StatusCode::NOT_MODIFIED, "{}", r.body);
    let r = standings_held(&visitor, a, &a_tag).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_ne!(tag(&r), a_tag);

    // A result in B makes B's page new, with the result in it.
    let game = &fixture_games()[0];
    sent_and_confirmed(&app, b_game, sheet(game), (&b_south, &b_north)).await;
    let r = standings_held(&visitor, b, &b_tag).await;
    assert_eq!(r.status, StatusCode::OK);
    let b_after = tag(&r);
    assert_ne!(b_after, b_tag);
    let points = standings_json(&visitor, b, None).await;
    let winner_points: Vec<f64> = points["standings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["points"].as_f64())
        .collect();
    assert!(winner_points.contains(&1.0), "{points}");
    // A page in another language has a tag of its own.
    let french = visitor
        .try_send_with(
            Method::GET,
            &format!("/tournaments/{b}/standings"),
            None,
            &[("Accept-Language", "fr"), ("If-None-Match", &b_after)],
            Vec::new(),
        )
        .await
        .unwrap();
    assert_eq!(french.status, StatusCode::OK);
    assert_ne!(tag(&french), b_after);
    // Staff see their own page, never a kept one, and no tag.
    let r = organiser.get(&format!("/tournaments/{b}/standings")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.header("etag").is_none());
}

/// A browser's page is still current after the service starts again, as long as its data did
/// not change: the tournament's version is kept with its data. A change after the restart
/// makes that tournament's page new, and leaves the other's.
#[actix_web::test]
async fn a_page_a_browser_holds_stays_current_across_a_restart_until_its_tournament_changes() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let [(a, ..), (b, ..)] = two_tournaments(&app, &organiser).await;
    let visitor = app.client();
    let a_tag = tag(&visitor.get(&format!("/tournaments/{a}/standings")).await);
    let b_tag = tag(&visitor.get(&format!("/tournaments/{b}/standings")).await);
    let cookie = organiser.cookie();
    app.handle.stop(true).await;

    let (address, handle) = start(&app.db_path).await;
    let visitor = Client::new(&address);
    for (t, held) in [(a, &a_tag), (b, &b_tag)] {
        let r = standings_held(&visitor, t, held).await;
        assert_eq!(r.status, StatusCode::NOT_MODIFIED, "{}", r.body);
    }
    let organiser = Client::new(&address);
    organiser.set_cookie(cookie);
    add_player(&organiser, a, "Kwame Mensah").await;
    let r = standings_held(&visitor, a, &a_tag).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_ne!(tag(&r), a_tag);
    assert!(r.body.contains("Kwame Mensah"));
    let r = standings_held(&visitor, b, &b_tag).await;
    assert_eq!(r.status, StatusCode::NOT_MODIFIED, "{}", r.body);
    handle.stop(true).await;
}

/// A count of the walls', dashboards' and boards' feeds so far, as the staff's API says: their
/// `draws`, or the times they were `woken` by a change of their data.
async fn live(staff: &Client, what: &str) -> (u64, u64, u64) {
    let r = staff.get("/api/live-pages").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let v: Value = r.json();
    let count = |kind: &str| v[kind][what].as_u64().unwrap();
    (count("walls"), count("dashboards"), count("boards"))
}

async fn draws(staff: &Client) -> (u64, u64, u64) {
    live(staff, "draws").await
}

async fn woken(staff: &Client) -> (u64, u64, u64) {
    live(staff, "woken").await
}

#[actix_web::test]
async fn the_live_pages_of_one_tournament_are_not_drawn_again_for_another_s_sheets() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let [(a, a_game, a_south, a_north), (b, _, _, _)] = two_tournaments(&app, &organiser).await;
    let _ = a;
    // B's wall, dashboard and players' boards are followed.
    let wall =
        crate::seams::closing_stream(&app.address, &format!("/tournaments/{b}/live/events"), None);
    let panel = crate::seams::closing_stream(
        &app.address,
        &format!("/tournaments/{b}/dashboard/events"),
        organiser.cookie(),
    );
    let r = app.client().get("/api/live-pages").await;
    assert!(r.status.is_client_error(), "only staff: {}", r.status);
    let before = draws(&organiser).await;
    assert!(before.0 >= 1 && before.1 >= 1, "{before:?}");
    let woken_before = woken(&organiser).await;

    // A takes a result and a notice.
    sent_and_confirmed(
        &app,
        a_game,
        sheet(&fixture_games()[0]),
        (&a_south, &a_north),
    )
    .await;
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{a}/notice"),
            &json!({"text": "Round 2 at 14:00"}),
        )
        .await;
    assert!(r.status.is_success(), "{}", r.body);
    // Long enough for a feed to settle and draw (half a second) several times over.
    actix_web::rt::time::sleep(std::time::Duration::from_millis(2000)).await;
    assert_eq!(
        draws(&organiser).await,
        before,
        "B's pages were drawn again"
    );
    // Nor were their feeds woken: they wait on B's version, not on every write.
    assert_eq!(
        woken(&organiser).await,
        woken_before,
        "B's feeds were woken"
    );

    // A notice in B: its wall and dashboard are drawn again.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{b}/notice"),
            &json!({"text": "Lunch until 14:00"}),
        )
        .await;
    assert!(r.status.is_success(), "{}", r.body);
    let since = std::time::Instant::now();
    loop {
        let now = draws(&organiser).await;
        let woke = woken(&organiser).await;
        if now.0 > before.0
            && now.1 > before.1
            && woke.0 > woken_before.0
            && woke.1 > woken_before.1
        {
            break;
        }
        assert!(
            since.elapsed() < std::time::Duration::from_secs(20),
            "B's pages were never drawn again: {now:?}"
        );
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    drop((wall, panel));
}
