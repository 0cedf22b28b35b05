//! CSRF tokens, sign-in throttling, sessions, the audit log.

use awc::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;

#[actix_web::test]
async fn forms_without_the_right_csrf_token_are_refused() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Guarded").await;
    let (player, _) = add_player(&organiser, t, "Ama").await;
    let before = (
        app.count("tournaments"),
        app.count("players"),
        app.count("audit_log"),
    );
    let good = organiser.csrf("/tournaments/new").await;
    let forged = "0".repeat(64);
    for token in [None, Some(forged.as_str()), Some("")] {
        let with = |mut fields: Vec<(&'static str, String)>| {
            if let Some(t) = token {
                fields.push(("csrf", t.to_string()));
            }
            fields
        };
        let requests: Vec<(String, Vec<(&str, String)>)> = vec![
            (
                "/tournaments".into(),
                with(vec![
                    ("name", "X".into()),
                    ("venue", "".into()),
                    ("start_date", "".into()),
                    ("end_date", "".into()),
                    ("rules", "abapa".into()),
                    ("rule_options", "".into()),
                    ("rounds", "3".into()),
                    ("pairing", "swiss".into()),
                    ("points_win", "1".into()),
                    ("points_draw", "0.5".into()),
                    ("points_loss", "0".into()),
                    ("points_bye", "1".into()),
                    ("tiebreaks", "BH".into()),
                ]),
            ),
            (
                format!("/tournaments/{t}/players"),
                with(vec![
                    ("name", "X".into()),
                    ("club", "".into()),
                    ("country", "".into()),
                    ("rating", "".into()),
                ]),
            ),
            (
                format!("/tournaments/{t}/players/{player}/withdraw"),
                with(vec![("withdrawn", "true".into())]),
            ),
            (
                format!("/tournaments/{t}/players/{player}/pin"),
                with(vec![]),
            ),
            (
                "/accounts".into(),
                with(vec![
                    ("username", "x".into()),
                    ("role", "controller".into()),
                    ("password", "".into()),
                ]),
            ),
            (
                format!("/tournaments/{t}/controllers"),
                with(vec![("username", "x".into()), ("action", "assign".into())]),
            ),
            ("/logout".into(), with(vec![])),
        ];
        for (path, fields) in requests {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let r = organiser.post_form(&path, &fields).await;
            // A wrong token is forbidden; a missing one may also make the form unreadable.
            let refused = r.status == StatusCode::FORBIDDEN
                || (token.is_none() && r.status == StatusCode::BAD_REQUEST);
            assert!(refused, "{path} with {token:?}: {} {}", r.status, r.body);
        }
    }
    assert_eq!(
        (
            app.count("tournaments"),
            app.count("players"),
            app.count("audit_log")
        ),
        before
    );
    // The token of another session does not work either.
    let other = app.organiser().await;
    let theirs = other.csrf("/tournaments/new").await;
    assert_ne!(theirs, good);
    let r = organiser.post_form("/logout", &[("csrf", &theirs)]).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    // The right one does.
    let r = organiser.post_form("/logout", &[("csrf", &good)]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(
        organiser.get("/api/session").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[actix_web::test]
async fn signing_in_through_the_login_page() {
    let app = spawn_app().await;
    let browser = app.client();
    let csrf = browser.csrf("/login").await;
    let r = browser
        .post_form(
            "/login",
            &[
                ("username", "admin"),
                ("password", "wrong"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert!(r.body.contains("wrong username or password") && r.body.contains("value=\"admin\""));
    let before = browser.cookie();
    let csrf = crate::helpers::csrf_in(&r.body);
    let r = browser
        .post_form(
            "/login",
            &[
                ("username", "admin"),
                ("password", ADMIN_PASSWORD),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(r.header("location"), Some("/tournaments"));
    // A new session at sign-in: the cookie from before does not carry the identity.
    assert_ne!(browser.cookie(), before);
    let cookie = r.header("set-cookie").unwrap().to_string();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    let page = browser.get("/tournaments").await;
    assert!(page.body.contains("admin (organiser)"));
}

#[actix_web::test]
async fn repeated_failures_lock_the_account_and_the_pin() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Locks").await;
    let (player, pin) = add_player(&organiser, t, "Ama").await;
    let attacker = app.client();
    for _ in 0..5 {
        let r = attacker
            .post_json(
                "/api/session",
                &json!({"username": "admin", "password": "guess"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    }
    // Locked now, even with the right password.
    let r = attacker
        .post_json(
            "/api/session",
            &json!({"username": "admin", "password": ADMIN_PASSWORD}),
        )
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    assert_eq!(r.code(), "too-many-attempts");
    // Unknown users answer like wrong passwords.
    let r = attacker
        .post_json(
            "/api/session",
            &json!({"username": "nobody", "password": "guess"}),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::UNAUTHORIZED, "wrong-credentials".to_string())
    );

    let path = format!("/api/tournaments/{t}/players/{player}/session");
    for _ in 0..5 {
        let r = attacker.post_json(&path, &json!({"pin": "000000"})).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    }
    let r = attacker.post_json(&path, &json!({"pin": pin})).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    // The controller gives a new PIN, which lifts the lock.
    let r = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/players/{player}/pin"),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let new_pin = r.json()["pin"].as_str().unwrap().to_string();
    let r = attacker.post_json(&path, &json!({"pin": new_pin})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["kind"], "player");
    // The old PIN no longer works.
    let again = app.client();
    let r = again.post_json(&path, &json!({"pin": pin})).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn every_change_is_in_the_audit_log_with_before_and_after() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Audited").await;
    let (player, _) = add_player(&organiser, t, "Ama").await;
    organiser
        .put_json(
            &format!("/api/tournaments/{t}/players/{player}"),
            &json!({"name": "Ama Mensah"}),
        )
        .await;
    organiser
        .post_json(
            &format!("/api/tournaments/{t}/players/{player}/withdraw"),
            &json!({"withdrawn": true}),
        )
        .await;
    organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/players/{player}/pin"),
            None,
            Vec::new(),
        )
        .await;
    let entries = organiser
        .get(&format!("/api/audit?tournament={t}"))
        .await
        .json();
    let actions: Vec<&str> = entries
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "player.pin-reset",
            "player.withdraw",
            "player.update",
            "player.create",
            "tournament.create"
        ]
    );
    let update = &entries[2];
    assert_eq!(update["actor"], "organiser admin");
    assert!(
        update["before"]
            .as_str()
            .unwrap()
            .contains("\"name\":\"Ama\"")
    );
    assert!(
        update["after"]
            .as_str()
            .unwrap()
            .contains("\"name\":\"Ama Mensah\"")
    );
    // No secret is logged: not the PIN, not its hash.
    for e in entries.as_array().unwrap() {
        let text = e.to_string();
        assert!(
            !text.contains("argon2") && !text.contains("pin_hash"),
            "{text}"
        );
    }
    // The public cannot read it.
    assert_eq!(
        app.client().get("/api/audit").await.status,
        StatusCode::UNAUTHORIZED
    );
}
