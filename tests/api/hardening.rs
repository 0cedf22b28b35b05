//! What a hostile visitor tries: changes asked for by pages of other sites.

use awc::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;
use crate::sheets::{one_game, publish};

#[actix_web::test]
async fn a_page_of_another_site_cannot_change_anything_through_the_api() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _, _, _) = one_game(&app, &organiser, json!({})).await;
    let publish_path = format!("/api/tournaments/{t}/rounds/1/publish");
    let host = app.address.trim_start_matches("http://").to_string();
    let sibling = "http://results.example.org".to_string();
    let own = format!("http://{host}");
    for headers in [
        vec![("Sec-Fetch-Site", "same-site")],
        vec![("Sec-Fetch-Site", "cross-site")],
        vec![("Origin", sibling.as_str())],
    ] {
        // A body-less POST, as a form or `fetch` from the other page would send it, with the
        // organiser's cookie.
        let r = organiser
            .try_send_with(Method::POST, &publish_path, None, &headers, Vec::new())
            .await
            .unwrap();
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{headers:?}: {}", r.body);
        let round = organiser
            .get(&format!("/api/tournaments/{t}/rounds/1"))
            .await
            .json();
        assert_eq!(round["published"], false, "{headers:?} changed nothing");
        let r = organiser
            .try_send_with(
                Method::DELETE,
                &format!("/api/tournaments/{t}/rounds/1"),
                None,
                &headers,
                Vec::new(),
            )
            .await
            .unwrap();
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{headers:?}: {}", r.body);
    }
    // The site's own pages, and programs that send no such header, still work.
    for headers in [
        vec![("Sec-Fetch-Site", "same-origin")],
        vec![("Origin", own.as_str())],
    ] {
        let r = organiser
            .try_send_with(
                Method::GET,
                &format!("/api/tournaments/{t}/rounds/1"),
                None,
                &headers,
                Vec::new(),
            )
            .await
            .unwrap();
        assert_eq!(r.status, StatusCode::OK);
    }
    let r = organiser
        .try_send_with(
            Method::POST,
            &publish_path,
            None,
            &[("Sec-Fetch-Site", "same-origin"), ("Origin", own.as_str())],
            Vec::new(),
        )
        .await
        .unwrap();
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    publish(&organiser, t, 1).await;
}

/// Sends `count` sign-ins at the same moment, each from an address of its own (so that the
/// lock of the account, not the throttle of an address, is what answers); their statuses.
async fn at_once(app: &TestApp, count: usize, path: String, body: serde_json::Value) -> Vec<u16> {
    let handles: Vec<_> = (0..count)
        .map(|i| {
            let client = app.client_at(&format!("198.18.{}.{}", i / 200, i % 200 + 1));
            let (path, body) = (path.clone(), body.clone());
            actix_web::rt::spawn(
                async move { client.post_json(&path, &body).await.status.as_u16() },
            )
        })
        .collect();
    let mut statuses = Vec::with_capacity(count);
    for h in handles {
        statuses.push(h.await.unwrap());
    }
    statuses
}

#[actix_web::test]
async fn guesses_sent_at_the_same_moment_are_counted_before_they_are_checked() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Lockout").await;
    let (player, pin) = add_player(&organiser, t, "Ama Owusu").await;
    let wrong = if pin == "000000" { "111111" } else { "000000" };
    let pin_path = format!("/api/tournaments/{t}/players/{player}/session");
    let statuses = at_once(&app, 200, pin_path.clone(), json!({"pin": wrong})).await;
    let checked = statuses.iter().filter(|&&s| s == 401).count();
    let refused = statuses.iter().filter(|&&s| s == 429).count();
    assert!(
        checked <= 5,
        "{checked} wrong PINs were checked in one lock window"
    );
    assert_eq!(checked + refused, 200, "{statuses:?}");
    // The right PIN, now: refused while the lock lasts.
    let r = app
        .client()
        .post_json(&pin_path, &json!({"pin": pin}))
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);

    // The same for a staff password.
    let statuses = at_once(
        &app,
        200,
        "/api/session".to_string(),
        json!({"username": "admin", "password": "not the password"}),
    )
    .await;
    let checked = statuses.iter().filter(|&&s| s == 401).count();
    assert!(
        checked <= 5,
        "{checked} wrong passwords were checked in one lock window"
    );
    let r = app
        .client()
        .post_json(
            "/api/session",
            &json!({"username": "admin", "password": ADMIN_PASSWORD}),
        )
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
}

#[actix_web::test]
async fn a_locked_player_does_not_block_the_opponents_pin() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, _), (_, north_pin)) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    for _ in 0..5 {
        app.client()
            .post_json(
                &format!("/api/tournaments/{t}/players/{south}/session"),
                &json!({"pin": "999999"}),
            )
            .await;
    }
    let moves = crate::swiss::fixture_games()[0].clone();
    let mut body = crate::swiss::sheet(&moves);
    body["pin"] = json!(north_pin);
    let r = app
        .client()
        .post_json(&format!("/api/games/{game}/sheets"), &body)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
}

#[actix_web::test]
async fn text_that_would_mislead_is_refused_or_neutralised() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    for name in ["Club\nnight", "Club\u{0}night", "Club \u{1b}[31mnight"] {
        let r = organiser
            .post_json(
                "/api/tournaments",
                &json!({"name": name, "rules": "abapa", "rounds": 3}),
            )
            .await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{name:?}: {}",
            r.body
        );
    }
    let t = create_tournament(&organiser, "Plain").await;
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/players"),
            &json!({"name": "Ama \u{202e}awO"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert_eq!(app.count("players"), 0);
    // Cells a spreadsheet would read as numbers or formulas stay text.
    for club in ["-inf", "+NaN", "-1e308"] {
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": format!("Player {club}"), "club": club}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    }
    let csv = organiser
        .get(&format!("/tournaments/{t}/players.csv"))
        .await
        .body;
    for club in ["-inf", "+NaN", "-1e308"] {
        assert!(csv.contains(&format!(",'{club},")), "{club} in {csv}");
    }
}

#[actix_web::test]
async fn usernames_are_one_whatever_their_case() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/accounts",
            &json!({"username": "Admin", "role": "controller", "password": "another-pass"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let r = app
        .client()
        .post_json(
            "/api/session",
            &json!({"username": "ADMIN", "password": ADMIN_PASSWORD}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[actix_web::test]
async fn pages_say_what_they_may_load() {
    let app = spawn_app().await;
    let page = app.client().get("/tournaments").await;
    let policy = page.header("content-security-policy").unwrap_or_default();
    assert!(policy.contains("script-src 'self'"), "{policy}");
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
}

#[test]
fn a_backup_of_a_database_that_is_not_there_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.db");
    let copy = dir.path().join("copy.db");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
        .args(["backup", copy.to_str().unwrap(), "--database"])
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no database"));
    assert!(!missing.exists() && !copy.exists(), "nothing was created");
}

/// A service whose requests must arrive within a second.
async fn impatient_app() -> TestApp {
    spawn_app_tuned(|c| c.request_timeout = std::time::Duration::from_secs(1)).await
}

/// Sends `text` and reads what the server answers before it closes the connection (at most 20 s:
/// a guard against a server that never answers, not a measure of speed).
fn answer_to(address: &str, text: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    stream.write_all(text.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

#[actix_web::test]
async fn a_body_trickled_slowly_is_cut_off() {
    let app = impatient_app().await;
    let address = app.address.trim_start_matches("http://").to_string();
    // The head arrives, the body never does.
    let answer = actix_web::rt::task::spawn_blocking(move || {
        answer_to(
            &address,
            "POST /api/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: 100\r\n\r\n{\"user",
        )
    })
    .await
    .unwrap();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("timed-out"), "{answer}");
}

#[actix_web::test]
async fn the_time_limit_is_the_sender_s_not_the_server_s_work() {
    // Requests must arrive within 200 ms; an import of the most players a tournament takes
    // (1,500, each with a PIN to hash) arrives at once and takes the server longer than that:
    // it is answered, not refused with a 408 that asks to "send it again".
    let app = spawn_app_tuned(|c| c.request_timeout = std::time::Duration::from_millis(200)).await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "The biggest open").await;
    let mut csv = String::from("name,club,country,rating\n");
    for i in 0..1500 {
        csv.push_str(&format!("Player {i:04},Club {},GH,{}\n", i % 40, 1000 + i));
    }
    let r = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/players/import"),
            Some("text/csv"),
            csv.into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let added = r.json()["created"].as_array().map_or(0, Vec::len);
    assert_eq!(added, 1500, "{}", r.body);
    // Every PIN works, hashed with argon2id at a PIN's cost: the first and the last.
    let players = r.json()["created"].as_array().unwrap().clone();
    for p in [&players[0], &players[1499]] {
        let r = app
            .client()
            .post_json(
                &format!("/api/tournaments/{t}/players/{}/session", p["id"]),
                &json!({"pin": p["pin"]}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
}

#[actix_web::test]
async fn a_copied_cookie_stops_working_when_its_session_is_ended() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Sessions").await;
    let (ama, ama_pin) = add_player(&organiser, t, "Ama Owusu").await;
    let (kofi, kofi_pin) = add_player(&organiser, t, "Kofi Mensah").await;
    let player = |id: i64, pin: String| {
        let client = app.client();
        async move {
            let r = client
                .post_json(
                    &format!("/api/tournaments/{t}/players/{id}/session"),
                    &json!({"pin": pin}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            client
        }
    };
    let copy_of = |client: &Client| {
        let copy = app.client();
        copy.set_cookie(client.cookie());
        copy
    };
    let signed_in =
        |client: Client| async move { client.get("/api/session").await.status == StatusCode::OK };

    // Signing out ends the session the copy was taken from (and every other of that account).
    let staff = app.controller(&organiser, "kwame").await;
    let copy = copy_of(&staff);
    assert!(signed_in(copy_of(&staff)).await);
    let r = staff
        .send(Method::DELETE, "/api/session", None, Vec::new())
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert!(!signed_in(copy).await, "a cookie copied before signing out");

    // A new PIN ends the player's sessions.
    let ama_session = player(ama, ama_pin).await;
    let copy = copy_of(&ama_session);
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/players/{ama}/pin"),
            &json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(
        !signed_in(copy).await,
        "a cookie from before the PIN was reset"
    );
    let new_pin = r.json()["pin"].as_str().unwrap().to_string();
    assert!(signed_in(player(ama, new_pin).await).await);

    // So does a withdrawal.
    let kofi_session = player(kofi, kofi_pin).await;
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/players/{kofi}/withdraw"),
            &json!({"withdrawn": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(
        !signed_in(kofi_session).await,
        "a withdrawn player's session"
    );
    // The organiser's own session, from before, still holds.
    assert!(signed_in(organiser).await);
}

#[actix_web::test]
async fn a_tournament_takes_at_most_the_players_its_pairing_handles() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Crowded").await;
    let most = oware_tournament::service::players::MAX_PLAYERS;
    app.execute(&format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {most}) \
         INSERT INTO players (tournament_id, name, pin_hash, created_at) \
         SELECT {t}, 'Player ' || i, 'no hash', '2026-11-22 00:00:00' FROM n"
    ));
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/players"),
            &json!({"name": "One too many"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(
        r.body.contains(&format!("at most {most} players")),
        "{}",
        r.body
    );
    assert_eq!(app.count("players"), most as i64);
}

#[actix_web::test]
async fn a_form_that_is_not_utf8_is_refused() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Encodings").await;
    let csrf = organiser
        .csrf(&format!("/tournaments/{t}/players/new"))
        .await;
    let send = |name: &'static str| {
        let body = format!("name={name}&club=&country=&rating=&csrf={csrf}");
        let organiser = &organiser;
        async move {
            organiser
                .send(
                    Method::POST,
                    &format!("/tournaments/{t}/players"),
                    Some("application/x-www-form-urlencoded"),
                    body.into_bytes(),
                )
                .await
        }
    };
    let r = send("Ama%FFOwusu").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.body.contains("not UTF-8"), "{}", r.body);
    assert_eq!(app.count("players"), 0);
    let r = send("K%C3%B6nig").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert!(r.body.contains("König"));
}

#[actix_web::test]
async fn a_name_without_an_account_answers_as_one_with_an_account() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    app.controller(&organiser, "kwame").await;
    let answers = |username: &'static str| {
        let client = app.client();
        async move {
            let mut out = Vec::new();
            for _ in 0..7 {
                let r = client
                    .post_json(
                        "/api/session",
                        &json!({"username": username, "password": "not the password"}),
                    )
                    .await;
                out.push((r.status.as_u16(), r.body));
            }
            out
        }
    };
    let known = answers("kwame").await;
    let unknown = answers("nobody").await;
    assert_eq!(
        known.iter().map(|a| a.0).collect::<Vec<_>>(),
        [401, 401, 401, 401, 401, 429, 429]
    );
    assert_eq!(
        known, unknown,
        "the answers tell nothing of which names exist"
    );
}

async fn pin_sign_in(client: &Client, t: i64, player: i64, pin: &str) -> Resp {
    client
        .post_json(
            &format!("/api/tournaments/{t}/players/{player}/session"),
            &json!({ "pin": pin }),
        )
        .await
}

#[actix_web::test]
async fn a_strangers_failures_do_not_lock_the_owner_out_of_their_own_device() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, south_pin), (north, _)) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    // The player signs in on their phone and out again; the organiser likewise on a laptop.
    let phone = app.client_at("192.0.2.10");
    assert_eq!(
        pin_sign_in(&phone, t, south, &south_pin).await.status,
        StatusCode::OK
    );
    phone
        .send(Method::DELETE, "/api/session", None, Vec::new())
        .await;
    let laptop = app.client_at("192.0.2.20");
    laptop.login("admin", ADMIN_PASSWORD).await;
    laptop
        .send(Method::DELETE, "/api/session", None, Vec::new())
        .await;

    // A stranger locks both: wrong PINs (and sheets sent with a wrong PIN), wrong passwords.
    let stranger = app.client_at("203.0.113.66");
    for _ in 0..3 {
        for player in [south, north] {
            let r = pin_sign_in(&stranger, t, player, "999999").await;
            assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
        }
    }
    let moves = crate::swiss::fixture_games()[0].clone();
    let mut sheet = crate::swiss::sheet(&moves);
    sheet["pin"] = json!("999999");
    for _ in 0..2 {
        let r = stranger
            .post_json(&format!("/api/games/{game}/sheets"), &sheet)
            .await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
    }
    for _ in 0..5 {
        stranger
            .post_json(
                "/api/session",
                &json!({"username": "admin", "password": "guess"}),
            )
            .await;
    }
    // Locked for a device never used before, the right secrets included...
    let new_phone = app.client_at("192.0.2.11");
    let r = pin_sign_in(&new_phone, t, south, &south_pin).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    let r = new_phone
        .post_json(
            "/api/session",
            &json!({"username": "admin", "password": ADMIN_PASSWORD}),
        )
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    // ... but not for the owners' own devices, at the same address as the new one or not.
    let r = pin_sign_in(&phone, t, south, &south_pin).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    laptop.login("admin", ADMIN_PASSWORD).await;
    // A device that signed in as one player is no key to the other: the opponent's lock holds.
    let r = pin_sign_in(&phone, t, north, "999999").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
}

#[actix_web::test]
async fn failures_from_one_address_are_throttled_and_sign_ins_that_succeed_are_not() {
    use oware_tournament::auth::throttle::ADDRESS_ALLOWANCE;
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Venue").await;
    let mut players = Vec::new();
    for i in 0..30 {
        players.push(add_player(&organiser, t, &format!("Player {i:02}")).await);
    }
    // A venue where every phone shares one address: thirty sign-ins, all answered, one after
    // another and all at once (more at once than the address may fail: the attempts under way
    // wait for each other instead of being refused).
    for (id, pin) in &players {
        let phone = app.client_at("192.0.2.1");
        let r = pin_sign_in(&phone, t, *id, pin).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    assert!(players.len() > ADDRESS_ALLOWANCE as usize);
    let at_once: Vec<_> = players
        .iter()
        .map(|(id, pin)| {
            let phone = app.client_at("192.0.2.2");
            let (id, pin) = (*id, pin.clone());
            actix_web::rt::spawn(async move { pin_sign_in(&phone, t, id, &pin).await })
        })
        .collect();
    for signing_in in at_once {
        let r = signing_in.await.unwrap();
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    // A guesser at another address spreads guesses over players, under each player's lock...
    let guesser = app.client_at("203.0.113.7");
    for i in 0..ADDRESS_ALLOWANCE as usize {
        let (id, _) = players[i / 4];
        let r = pin_sign_in(&guesser, t, id, "999999").await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
    }
    // ... and is stopped by the address's throttle, even with a right PIN, unchecked, at the
    // players it guessed at; every other account keeps one try (the venue rule), and a second
    // guess there is refused.
    let (tried, tried_pin) = &players[0];
    let r = pin_sign_in(&guesser, t, *tried, tried_pin).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    assert!(r.body.contains("your network"), "{}", r.body);
    let (id, pin) = &players[20];
    let r = pin_sign_in(&guesser, t, *id, "999999").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
    let r = pin_sign_in(&guesser, t, *id, pin).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    let login = |password: &str| json!({"username": "admin", "password": password});
    let r = guesser.post_json("/api/session", &login("guess")).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
    let r = guesser
        .post_json("/api/session", &login(ADMIN_PASSWORD))
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    // Its failures locked no one: the venue and the players it tried sign in.
    let r = pin_sign_in(&app.client_at("192.0.2.1"), t, *id, pin).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = pin_sign_in(&app.client_at("192.0.2.1"), t, *tried, tried_pin).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // A client cannot escape by writing its own X-Forwarded-For: the proxy appends the address
    // it saw, and that is the one counted.
    let spoofed = app.client_at("192.0.2.99, 203.0.113.7");
    let r = pin_sign_in(&spoofed, t, *tried, tried_pin).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
}

#[actix_web::test]
async fn a_room_behind_one_address_that_mistypes_once_each_all_signs_in() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Venue").await;
    let mut players = Vec::new();
    for i in 0..100 {
        players.push(add_player(&organiser, t, &format!("Player {i:03}")).await);
    }
    // A hundred players behind the venue's one address, each mistyping once, then right.
    let mut signed_in = 0;
    for (id, pin) in &players {
        let phone = app.client_at("192.0.2.30");
        let wrong = if pin == "111111" { "222222" } else { "111111" };
        let r = pin_sign_in(&phone, t, *id, wrong).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
        let r = pin_sign_in(&phone, t, *id, pin).await;
        assert_eq!(r.status, StatusCode::OK, "player {id}: {}", r.body);
        signed_in += 1;
    }
    assert_eq!(signed_in, 100);
    // A stranger on the same Wi-Fi then guesses until the address is refused...
    let stranger = app.client_at("192.0.2.30");
    let mut refused = false;
    'guessing: for (id, _) in players.iter().take(40) {
        for guess in ["000000", "000001"] {
            let r = pin_sign_in(&stranger, t, *id, guess).await;
            if r.status == StatusCode::TOO_MANY_REQUESTS {
                refused = true;
                break 'guessing;
            }
        }
    }
    assert!(refused, "the stranger's guesses are stopped");
    // ... and a late arrival at the venue, on a new phone, still signs in with the right PIN.
    let (late, pin) = add_player(&organiser, t, "Late Arrival").await;
    let r = pin_sign_in(&app.client_at("192.0.2.30"), t, late, &pin).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

/// A sign-in with a PIN from a device that moves between addresses, carrying its cookie.
async fn sign_in_from(devices: &[Client], k: usize, t: i64, player: i64, pin: &str) -> Resp {
    let device = &devices[k % devices.len()];
    let r = pin_sign_in(device, t, player, pin).await;
    let cookie = device.cookie();
    for d in devices {
        d.set_cookie(cookie.clone());
    }
    r
}

#[actix_web::test]
async fn a_browser_that_once_signed_in_is_no_master_key_to_a_new_pin() {
    use oware_tournament::auth::devices::DEVICE_ALLOWANCE;
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _, (south, south_pin), _) = one_game(&app, &organiser, json!({})).await;
    // One browser, at five addresses in turn (twenty guesses each).
    let browser: Vec<Client> = (1..=5)
        .map(|i| app.client_at(&format!("198.51.100.{i}")))
        .collect();
    let r = sign_in_from(&browser, 0, t, south, &south_pin).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // The controller gives the player a new PIN (the old one was seen, say).
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/players/{south}/pin"),
            &json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let new_pin = r.json()["pin"].as_str().unwrap().to_string();
    // A hundred guesses from the browser that knew the old PIN; the right one is the 94th.
    let mut checked = 0;
    for k in 0..100 {
        let guess = if k == 93 {
            new_pin.clone()
        } else {
            format!("{:06}", (k * 7919 + 13) % 1_000_000)
        };
        if guess == new_pin && k != 93 {
            continue;
        }
        let r = sign_in_from(&browser, k / 20, t, south, &guess).await;
        assert_ne!(
            r.status,
            StatusCode::OK,
            "guess {} found the new PIN",
            k + 1
        );
        if r.status == StatusCode::UNAUTHORIZED {
            checked += 1;
        }
    }
    assert!(
        checked <= oware_tournament::auth::MAX_FAILURES as usize,
        "{checked} guesses at the new PIN were checked"
    );

    // Without a new PIN, a device that signed in before keeps an allowance of its own while a
    // stranger holds the lock: its own failures spend it, not the owner's other devices'.
    let (t, _, (south, south_pin), _) = one_game(&app, &organiser, json!({})).await;
    let phone = app.client_at("192.0.2.30");
    let tablet = app.client_at("192.0.2.31");
    for device in [&phone, &tablet] {
        let r = pin_sign_in(device, t, south, &south_pin).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let stranger = app.client_at("203.0.113.70");
    for _ in 0..5 {
        pin_sign_in(&stranger, t, south, "999999").await;
    }
    let r = pin_sign_in(&stranger, t, south, &south_pin).await;
    assert_eq!(
        r.status,
        StatusCode::TOO_MANY_REQUESTS,
        "locked: {}",
        r.body
    );
    for _ in 0..DEVICE_ALLOWANCE {
        let r = pin_sign_in(&phone, t, south, "999999").await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
    }
    let r = pin_sign_in(&phone, t, south, &south_pin).await;
    assert_eq!(
        r.status,
        StatusCode::TOO_MANY_REQUESTS,
        "the phone spent its allowance: {}",
        r.body
    );
    let r = pin_sign_in(&tablet, t, south, &south_pin).await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "the tablet keeps its own: {}",
        r.body
    );
}

#[actix_web::test]
async fn small_protocol_slips_are_answered_as_http_means_them() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // A 100 KB header is refused (431), on a page and on the API, and nothing is read of it.
    let big = "x".repeat(100 * 1024);
    for path in ["/tournaments", "/api/tournaments"] {
        let r = app
            .client()
            .try_send_with(Method::GET, path, None, &[("X-Padding", &big)], Vec::new())
            .await
            .expect("an answer");
        assert_eq!(
            r.status,
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "{path}"
        );
    }
    // A media type written with a space before its parameter is still JSON.
    let r = organiser
        .try_send_with(
            Method::POST,
            "/api/tournaments",
            Some("application/json ; charset=utf-8"),
            &[],
            json!({"name": "Spaced", "rules": "abapa", "rounds": 3, "pairing": "swiss"})
                .to_string()
                .into_bytes(),
        )
        .await
        .unwrap();
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    // A body that does not say what it is, is not read.
    let r = organiser
        .try_send_with(
            Method::POST,
            "/api/tournaments",
            None,
            &[],
            json!({"name": "Unsaid", "rules": "abapa", "rounds": 3})
                .to_string()
                .into_bytes(),
        )
        .await
        .unwrap();
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{}", r.body);

    // What a client writes left of the proxy's entry in X-Forwarded-For is never read: its
    // failures count against its own address, not the proxy's (which every request without the
    // header comes from).
    let stranger = app.client_at("not-an-ip, 203.0.113.50");
    let guess = |name: String| json!({"username": name, "password": "guess"});
    for k in 0..25 {
        stranger
            .post_json("/api/session", &guess(format!("nobody{k}")))
            .await;
    }
    let r = stranger
        .post_json("/api/session", &guess("nobody0".to_string()))
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    // Straight from the proxy's address, the same name is still only a wrong password.
    let r = app
        .client()
        .post_json("/api/session", &guess("nobody0".to_string()))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
    app.client().login("admin", ADMIN_PASSWORD).await;

    // A game of a round not yet published: its recording answers as every other view of it,
    // not found, for its own player, another player and a visitor alike.
    let (t, game, (south, south_pin), _) = one_game(&app, &organiser, json!({})).await;
    let (other, other_pin) = add_player(&organiser, t, "Someone Else").await;
    let recording = format!("/api/games/{game}/recording");
    let missing = "/api/games/999999/recording";
    let player = crate::swiss::sign_in(&app, t, south, &south_pin).await;
    let outsider = crate::swiss::sign_in(&app, t, other, &other_pin).await;
    for (who, client) in [
        ("its player", &player),
        ("another player", &outsider),
        ("a visitor", &app.client()),
    ] {
        let r = client.post_json(&recording, &json!({"moves": ""})).await;
        let none = client.post_json(missing, &json!({"moves": ""})).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{who}: {}", r.body);
        assert_eq!(r.status, none.status, "{who}");
    }
    let r = organiser.post_json(&recording, &json!({"moves": ""})).await;
    assert_eq!(r.status, StatusCode::OK, "the staff who run it: {}", r.body);
}
