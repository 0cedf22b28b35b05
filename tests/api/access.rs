//! Every route for each role: allowed or refused as it should be.

use awc::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;

/// The roles, in the order of the expected-status columns.
const ROLES: [&str; 5] = [
    "public",
    "player",
    "other controller",
    "controller",
    "organiser",
];

struct Case {
    method: Method,
    path: String,
    content_type: Option<&'static str>,
    body: String,
    expected: [u16; 5],
}

fn case(method: Method, path: &str, body: Option<serde_json::Value>, expected: [u16; 5]) -> Case {
    Case {
        method,
        path: path.to_string(),
        content_type: body.as_ref().map(|_| "application/json"),
        body: body.map(|b| b.to_string()).unwrap_or_default(),
        expected,
    }
}

#[actix_web::test]
async fn every_route_for_every_role() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Assigned").await;
    let other = create_tournament(&organiser, "Not assigned").await;
    let controller = app.controller(&organiser, "ctrl").await;
    let other_controller = app.controller(&organiser, "other").await;
    for (tournament, name) in [(t, "ctrl"), (other, "other")] {
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{tournament}/controllers"),
                &json!({"username": name}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let (player_id, pin) = add_player(&organiser, t, "Ama").await;
    let player = app.client();
    let r = player
        .post_json(
            &format!("/api/tournaments/{t}/players/{player_id}/session"),
            &json!({"pin": pin}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let public = app.client();
    let clients = [&public, &player, &other_controller, &controller, &organiser];

    let p = format!("/api/tournaments/{t}/players/{player_id}");
    let cases = vec![
        case(Method::GET, "/api/tournaments", None, [200; 5]),
        case(
            Method::GET,
            &format!("/api/tournaments/{t}"),
            None,
            [200; 5],
        ),
        case(
            Method::GET,
            &format!("/api/tournaments/{t}/players"),
            None,
            [200; 5],
        ),
        case(
            Method::POST,
            "/api/tournaments",
            Some(json!({"name": "New", "rules": "abapa", "rounds": 3})),
            [401, 403, 403, 403, 201],
        ),
        case(
            Method::PUT,
            &format!("/api/tournaments/{t}"),
            Some(json!({"name": "Assigned", "rules": "tournament", "rounds": 4})),
            [401, 403, 403, 403, 200],
        ),
        case(
            Method::POST,
            &format!("/api/tournaments/{t}/controllers"),
            Some(json!({"username": "other"})),
            [401, 403, 403, 403, 200],
        ),
        case(
            Method::POST,
            &format!("/api/tournaments/{t}/players"),
            Some(json!({"name": "Kofi"})),
            [401, 403, 201, 201, 201],
        ),
        case(
            Method::PUT,
            &p,
            Some(json!({"name": "Ama Mensah", "club": "Accra"})),
            [401, 403, 200, 200, 200],
        ),
        case(
            Method::POST,
            &format!("{p}/withdraw"),
            Some(json!({"withdrawn": false})),
            [401, 403, 200, 200, 200],
        ),
        case(
            Method::GET,
            "/api/accounts",
            None,
            [401, 403, 403, 403, 200],
        ),
        case(
            Method::POST,
            "/api/accounts",
            Some(json!({"username": "new-ctrl", "role": "controller"})),
            [401, 403, 403, 403, 201],
        ),
        case(Method::GET, "/api/audit", None, [401, 403, 200, 200, 200]),
        case(Method::GET, "/api/session", None, [401, 200, 200, 200, 200]),
    ];
    // The "other controller" was assigned to this tournament above by the controllers case
    // only after it ran in order; run the cases where it is still unassigned first.
    let mut failures = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        for (role, client) in clients.iter().enumerate() {
            // Creating names must stay unique across roles.
            let body = c
                .body
                .replace("\"New\"", &format!("\"New {role}\""))
                .replace("\"Kofi\"", &format!("\"Kofi {role}\""))
                .replace("new-ctrl", &format!("new-ctrl-{role}"));
            let r = client
                .send(c.method.clone(), &c.path, c.content_type, body.into_bytes())
                .await;
            let mut expected = c.expected[role];
            // After the controllers case, "other" runs this tournament too.
            if i > 5 && role == 2 && c.path.contains(&format!("/tournaments/{t}/")) {
                expected = c.expected[3];
            }
            if r.status.as_u16() != expected {
                failures.push(format!(
                    "{} {} as {}: {} (expected {expected}) {}",
                    c.method, c.path, ROLES[role], r.status, r.body
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[actix_web::test]
async fn a_controller_cannot_touch_a_tournament_not_assigned_to_them() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let mine = create_tournament(&organiser, "Mine").await;
    let theirs = create_tournament(&organiser, "Theirs").await;
    let controller = app.controller(&organiser, "ctrl").await;
    organiser
        .post_json(
            &format!("/api/tournaments/{mine}/controllers"),
            &json!({"username": "ctrl"}),
        )
        .await;
    let (their_player, _) = add_player(&organiser, theirs, "Yaw").await;
    let players_before = app.count("players");
    let audit_before = app.count("audit_log");

    let attempts = [
        controller
            .post_json(
                &format!("/api/tournaments/{theirs}/players"),
                &json!({"name": "Intruder"}),
            )
            .await,
        controller
            .put_json(
                &format!("/api/tournaments/{theirs}/players/{their_player}"),
                &json!({"name": "Renamed"}),
            )
            .await,
        controller
            .post_json(
                &format!("/api/tournaments/{theirs}/players/{their_player}/withdraw"),
                &json!({"withdrawn": true}),
            )
            .await,
        controller
            .send(
                Method::POST,
                &format!("/api/tournaments/{theirs}/players/{their_player}/pin"),
                None,
                Vec::new(),
            )
            .await,
        controller
            .send(
                Method::POST,
                &format!("/api/tournaments/{theirs}/players/import"),
                Some("text/csv"),
                b"name\nIntruder\n".to_vec(),
            )
            .await,
        controller
            .get(&format!("/api/audit?tournament={theirs}"))
            .await,
        controller
            .get(&format!("/tournaments/{theirs}/players/new"))
            .await,
        controller
            .get(&format!("/tournaments/{theirs}/players.csv"))
            .await,
    ];
    for r in &attempts {
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    }
    // A player of another tournament is not found through mine.
    let r = controller
        .put_json(
            &format!("/api/tournaments/{mine}/players/{their_player}"),
            &json!({"name": "Renamed"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    assert_eq!(app.count("players"), players_before);
    assert_eq!(app.count("audit_log"), audit_before);
    // The controller's audit view shows only their tournament.
    let audit = controller.get("/api/audit").await.json();
    assert!(
        audit
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["tournament_id"] == mine)
    );
}

#[actix_web::test]
async fn pages_for_every_role() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Club night").await;
    let other = create_tournament(&organiser, "Other").await;
    let controller = app.controller(&organiser, "ctrl").await;
    let other_controller = app.controller(&organiser, "other").await;
    organiser
        .post_json(
            &format!("/api/tournaments/{t}/controllers"),
            &json!({"username": "ctrl"}),
        )
        .await;
    organiser
        .post_json(
            &format!("/api/tournaments/{other}/controllers"),
            &json!({"username": "other"}),
        )
        .await;
    let (player_id, pin) = add_player(&organiser, t, "Ama").await;
    let player = app.client();
    player
        .post_json(
            &format!("/api/tournaments/{t}/players/{player_id}/session"),
            &json!({"pin": pin}),
        )
        .await;
    let public = app.client();
    let clients = [&public, &player, &other_controller, &controller, &organiser];
    let pages: Vec<(String, [u16; 5])> = vec![
        ("/tournaments".into(), [200; 5]),
        (format!("/tournaments/{t}"), [200; 5]),
        (format!("/tournaments/{t}/sign-in"), [200; 5]),
        ("/login".into(), [200; 5]),
        ("/static/style.css".into(), [200; 5]),
        ("/tournaments/new".into(), [303, 403, 403, 403, 200]),
        (format!("/tournaments/{t}/edit"), [303, 403, 403, 403, 200]),
        (
            format!("/tournaments/{t}/players/new"),
            [303, 403, 403, 200, 200],
        ),
        (
            format!("/tournaments/{t}/players/import"),
            [303, 403, 403, 200, 200],
        ),
        (
            format!("/tournaments/{t}/players/{player_id}/edit"),
            [303, 403, 403, 200, 200],
        ),
        (
            format!("/tournaments/{t}/players.csv"),
            [303, 403, 403, 200, 200],
        ),
        ("/accounts".into(), [303, 403, 403, 403, 200]),
        ("/audit".into(), [303, 403, 200, 200, 200]),
        (format!("/audit?tournament={t}"), [303, 403, 403, 200, 200]),
        ("/no/such/page".into(), [404; 5]),
        ("/tournaments/999".into(), [404; 5]),
        ("/tournaments/abc".into(), [404; 5]),
    ];
    let mut failures = Vec::new();
    for (path, expected) in &pages {
        for (role, client) in clients.iter().enumerate() {
            let r = client.get(path).await;
            if r.status.as_u16() != expected[role] {
                failures.push(format!(
                    "GET {path} as {}: {} (expected {})",
                    ROLES[role], r.status, expected[role]
                ));
            }
            if r.status == StatusCode::SEE_OTHER {
                assert_eq!(r.header("location"), Some("/login"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    // Forms, with the right CSRF token, for the roles that may use them.
    let csrf = controller
        .csrf(&format!("/tournaments/{t}/players/new"))
        .await;
    let r = controller
        .post_form(
            &format!("/tournaments/{t}/players"),
            &[
                ("name", "Kofi"),
                ("club", ""),
                ("country", "GH"),
                ("rating", "1600"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert!(r.body.contains("Kofi") && r.body.contains("class=\"pin\""));
    let csrf = other_controller.csrf("/audit").await;
    let r = other_controller
        .post_form(
            &format!("/tournaments/{t}/players"),
            &[
                ("name", "Intruder"),
                ("club", ""),
                ("country", ""),
                ("rating", ""),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn rounds_and_results_are_for_the_staff_who_run_the_tournament() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Guarded rounds").await;
    let other = create_tournament(&organiser, "Elsewhere").await;
    let (a, pin) = add_player(&organiser, t, "Ama").await;
    let (b, _) = add_player(&organiser, t, "Kofi").await;
    let outsider = app.controller(&organiser, "outsider").await;
    organiser
        .post_json(
            &format!("/api/tournaments/{other}/controllers"),
            &json!({"username": "outsider"}),
        )
        .await;
    let player = app.client();
    player
        .post_json(
            &format!("/api/tournaments/{t}/players/{a}/session"),
            &json!({"pin": pin}),
        )
        .await;
    let public = app.client();
    let pairing = json!({"pairings": [{"south": a, "north": b}]});
    for (client, expected) in [(&public, 401), (&player, 403), (&outsider, 403)] {
        let r = client
            .post_json(&format!("/api/tournaments/{t}/rounds"), &pairing)
            .await;
        assert_eq!(r.status.as_u16(), expected, "{}", r.body);
    }
    let r = organiser
        .post_json(&format!("/api/tournaments/{t}/rounds"), &pairing)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let game = r.json()["games"][0]["id"].as_i64().unwrap();
    let publish = format!("/api/tournaments/{t}/rounds/1/publish");
    let result = format!("/api/games/{game}/result");
    let body = json!({"kind": "double-forfeit", "reason": "test"});
    for (client, expected) in [(&public, 401), (&player, 403), (&outsider, 403)] {
        assert_eq!(
            client
                .send(Method::POST, &publish, None, Vec::new())
                .await
                .status
                .as_u16(),
            expected
        );
        assert_eq!(
            client
                .send(
                    Method::DELETE,
                    &format!("/api/tournaments/{t}/rounds/1"),
                    None,
                    Vec::new()
                )
                .await
                .status
                .as_u16(),
            expected
        );
        // Nobody but the staff sees the unpublished round.
        assert_eq!(
            client
                .get(&format!("/api/tournaments/{t}/rounds/1"))
                .await
                .status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            client.get(&format!("/api/games/{game}")).await.status,
            StatusCode::NOT_FOUND
        );
    }
    assert_eq!(
        organiser
            .send(Method::POST, &publish, None, Vec::new())
            .await
            .status,
        StatusCode::OK
    );
    for (client, expected) in [(&public, 401), (&player, 403), (&outsider, 403)] {
        assert_eq!(
            client.put_json(&result, &body).await.status.as_u16(),
            expected
        );
    }
    assert_eq!(
        organiser.put_json(&result, &body).await.status,
        StatusCode::OK
    );
    assert_eq!(
        public.get(&format!("/api/games/{game}")).await.status,
        StatusCode::OK
    );
}
