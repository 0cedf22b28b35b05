//! Publishing while the event runs: a venue's service pushes its tournament to a hub after
//! every change, keeps the changes while the hub cannot be reached and sends them once it can;
//! the hub replays every push and refuses one whose moves do not give its results, and the
//! venue is told.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::archive::{by_names, event_set_up, exported, play_round, same_event};
use crate::helpers::*;

/// The venue's way to the hub: connections pass while it is on, and are cut at once while it is
/// off (the venue's internet gone). Its hub may move (a hub started again on another port).
pub struct Switch {
    pub address: String,
    on: Arc<AtomicBool>,
    target: Arc<Mutex<String>>,
}

fn pipe(mut from: TcpStream, mut to: TcpStream) {
    let mut buffer = [0u8; 16 * 1024];
    while let Ok(n) = from.read(&mut buffer) {
        if n == 0 || to.write_all(&buffer[..n]).is_err() {
            break;
        }
    }
    let _ = to.shutdown(Shutdown::Write);
}

impl Switch {
    pub fn to(hub: &str) -> Switch {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let on = Arc::new(AtomicBool::new(true));
        let target = Arc::new(Mutex::new(hub.trim_start_matches("http://").to_string()));
        let (open, to) = (on.clone(), target.clone());
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                if !open.load(Ordering::SeqCst) {
                    drop(client);
                    continue;
                }
                let target = to.lock().unwrap().clone();
                let Ok(server) = TcpStream::connect(&target) else {
                    continue;
                };
                let (c2, s2) = (client.try_clone().unwrap(), server.try_clone().unwrap());
                std::thread::spawn(move || pipe(client, server));
                std::thread::spawn(move || pipe(s2, c2));
            }
        });
        Switch {
            address,
            on,
            target,
        }
    }

    pub fn set(&self, on: bool) {
        self.on.store(on, Ordering::SeqCst);
    }

    /// The hub is now at `hub`.
    pub fn retarget(&self, hub: &str) {
        *self.target.lock().unwrap() = hub.trim_start_matches("http://").to_string();
    }
}

/// A token made on the hub's page, as its organiser copies it.
pub async fn token(hub: &Client, label: &str) -> String {
    let page = hub.get("/hub").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let r = hub
        .post_form(
            "/hub/tokens",
            &[("csrf", &csrf_in(&page.body)), ("label", label)],
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let start = r.body.find("<code class=\"token\">").unwrap() + "<code class=\"token\">".len();
    let end = start + r.body[start..].find("</code>").unwrap();
    r.body[start..end].to_string()
}

/// Text columns straight from a service's database file.
pub fn texts(app: &TestApp, sql: &str) -> Vec<String> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Text {
        #[diesel(sql_type = diesel::sql_types::Text)]
        v: String,
    }
    let mut conn =
        diesel::sqlite::SqliteConnection::establish(app.db_path.to_str().unwrap()).unwrap();
    diesel::sql_query(sql)
        .load::<Text>(&mut conn)
        .unwrap()
        .into_iter()
        .map(|t| t.v)
        .collect()
}

/// The venue's publishing state once `done` holds for it (the pushes go beside the service: the
/// test waits for them, as long as they take).
pub async fn publishing_when(venue: &Client, t: i64, done: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..1200 {
        last = venue
            .get(&format!("/api/tournaments/{t}/publishing"))
            .await
            .json()["publishing"]
            .clone();
        if done(&last) {
            return last;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the publishing never got there: {last}");
}

/// Whether the hub has every change of the venue, as the venue says it (and as its fields
/// agree).
pub fn up_to_date(p: &Value) -> bool {
    let said = p["up_to_date"] == true;
    let fields = p["pushed_version"].as_i64() >= p["version"].as_i64() && p["problem"].is_null();
    assert!(!said || fields, "up to date with a problem or behind: {p}");
    said
}

#[actix_web::test]
async fn a_venue_publishes_to_a_hub_through_a_round_without_internet() {
    let hub = spawn_app().await;
    let venue = spawn_app().await;
    let hub_organiser = hub.organiser().await;
    let organiser = venue.organiser().await;
    let secret = token(&hub_organiser, "Kumasi Open, at the school hall").await;
    // Kept on the hub as a SHA-256 digest of the secret, never shown again.
    let hashes = texts(&hub, "SELECT secret_hash AS v FROM hub_tokens");
    let (_, secret_part) = secret.split_once('.').unwrap();
    assert!(secret_part.len() >= 32, "{secret}");
    assert_eq!(
        hashes,
        [oware_tournament::auth::token::digest(secret_part)],
        "{hashes:?}"
    );
    assert!(!hub_organiser.get("/hub").await.body.contains(&secret));
    let way = Switch::to(&hub.address);

    let (t, sessions) = event_set_up(&venue, &organiser).await;
    // Linked from the tournament's page; the token is not shown on it again.
    let page = organiser.get(&format!("/tournaments/{t}/publish")).await;
    assert_eq!(page.status, StatusCode::OK);
    let r = organiser
        .post_form(
            &format!("/tournaments/{t}/publish"),
            &[
                ("csrf", &csrf_in(&page.body)),
                ("hub", "ftp://nowhere"),
                ("token", &secret),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let r = organiser
        .post_form(
            &format!("/tournaments/{t}/publish"),
            &[
                ("csrf", &csrf_in(&page.body)),
                ("hub", &way.address),
                ("token", &secret),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    play_round(&organiser, t, &sessions, 1).await;
    let state = publishing_when(&organiser, t, up_to_date).await;
    let on_hub = state["hub_tournament"].as_i64().unwrap();
    let page = organiser.get(&format!("/tournaments/{t}/publish")).await;
    assert!(page.body.contains("id=\"hub-up-to-date\""), "{}", page.body);
    assert!(!page.body.contains(&secret));
    assert!(
        hub.client()
            .get(&format!("/tournaments/{on_hub}/rounds/1"))
            .await
            .body
            .contains("Player"),
    );

    // Round 2 without internet: the venue goes on, the changes wait.
    way.set(false);
    play_round(&organiser, t, &sessions, 2).await;
    let state = publishing_when(&organiser, t, |p| {
        p["problem"]
            .as_str()
            .is_some_and(|m| m.contains("cannot be reached"))
    })
    .await;
    assert!(state["pushed_version"].as_i64() < state["version"].as_i64());
    let page = organiser.get(&format!("/tournaments/{t}/publish")).await;
    assert!(page.body.contains("id=\"hub-behind\""), "{}", page.body);
    let hub_round = hub
        .client()
        .get(&format!("/tournaments/{on_hub}/rounds/2"))
        .await;
    assert_eq!(
        hub_round.status,
        StatusCode::NOT_FOUND,
        "round 2 is not on the hub yet"
    );

    // Back online for round 3: the hub catches up, then equals the venue.
    way.set(true);
    play_round(&organiser, t, &sessions, 3).await;
    publishing_when(&organiser, t, up_to_date).await;
    let (visitor, hub_visitor) = (venue.client(), hub.client());
    same_event(
        (&visitor, &organiser, t),
        (&hub_visitor, &hub_organiser, on_hub),
    )
    .await;
    let at_venue = exported(&organiser, t).await;
    let at_hub = exported(&hub_organiser, on_hub).await;
    assert_eq!(by_names(&at_hub), by_names(&at_venue));
    // The hub's players cannot sign in there: their results come from the venue.
    let player = at_hub["players"][0]["id"].as_i64().unwrap();
    let r = hub
        .client()
        .post_json(
            &format!("/api/tournaments/{on_hub}/players/{player}/session"),
            &json!({"pin": "000000"}),
        )
        .await;
    assert_eq!(r.status.as_u16() / 100, 4);

    // A sheet whose moves no longer give its result (the venue's database tampered with): the
    // hub refuses the push and keeps what it had; the venue is told, with the game and ply.
    let sheet = &at_venue["sheets"][0];
    let moves = sheet["moves"].as_str().unwrap();
    let changed = crate::archive::changed_move(moves, 3);
    venue.execute(&format!(
        "UPDATE sheets SET moves = '{changed}' WHERE id = {}",
        sheet["id"]
    ));
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/notice"),
            &json!({"text": "Prize-giving at 18:00"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let state = publishing_when(&organiser, t, |p| !p["refused_version"].is_null()).await;
    let problem = state["problem"].as_str().unwrap();
    assert!(problem.starts_with("the hub refused"), "{problem}");
    assert!(problem.contains("at ply 3"), "{problem}");
    let page = organiser.get(&format!("/tournaments/{t}/publish")).await;
    assert!(page.body.contains("id=\"hub-refused\""), "{}", page.body);
    // Kept as the hub's facts: the venue's staff who read French read it in French, the hub's
    // part too, on the API and the page.
    let fr = organiser
        .get_in("fr", &format!("/api/tournaments/{t}/publishing"))
        .await
        .json();
    let probleme = fr["publishing"]["problem"].as_str().unwrap();
    assert!(
        probleme.starts_with("le site central a refusé"),
        "{probleme}"
    );
    assert!(
        !probleme.contains("ply") && probleme.contains('3'),
        "{probleme}"
    );
    let page = organiser
        .get_in("fr", &format!("/tournaments/{t}/publish"))
        .await;
    assert!(
        page.body.contains(&probleme.replace('\'', "&#39;")),
        "{}",
        page.body
    );
    // The staff's dashboard says so too, with the way to the publishing page.
    let dashboard = organiser
        .get(&format!("/api/tournaments/{t}/dashboard"))
        .await
        .json();
    let alert = dashboard["alerts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["kind"] == "hub_refused")
        .unwrap_or_else(|| panic!("no alert of the hub: {dashboard}"))
        .clone();
    assert!(
        alert["problem"].as_str().unwrap().contains("at ply 3"),
        "{alert}"
    );
    let page = organiser.get(&format!("/tournaments/{t}/dashboard")).await;
    assert!(
        page.body
            .contains(&format!("href=\"/tournaments/{t}/publish\"")),
        "{}",
        page.body
    );
    let notice = hub
        .client()
        .get(&format!("/api/tournaments/{on_hub}/notice"))
        .await
        .json();
    assert_eq!(notice["notice"]["text"], "Lunch until 13:30 <b>sharp</b>");

    // Revoked on the hub: the next push is refused, and the venue told so.
    venue.execute(&format!(
        "UPDATE sheets SET moves = '{moves}' WHERE id = {}",
        sheet["id"]
    ));
    let hub_page = hub_organiser.get("/hub").await;
    // The last push written as every page writes a moment ("1 December 2026 at 21:24 UTC"),
    // not as a log does ("2026-12-01 21:24:02 UTC").
    let tokens = &hub_page.body[hub_page.body.find("id=\"tokens\"").unwrap()..];
    let year = chrono::Utc::now().format("%Y").to_string();
    assert!(tokens.contains(&format!(" {year} at ")), "{tokens}");
    assert!(!tokens.contains(&format!("{year}-")), "{tokens}");
    let id = secret.split('.').next().unwrap();
    let r = hub_organiser
        .post_form(
            &format!("/hub/tokens/{id}/revoke"),
            &[("csrf", &csrf_in(&hub_page.body))],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/notice"),
            &json!({"text": "Prize-giving at 18:30"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let state = publishing_when(&organiser, t, |p| {
        p["problem"].as_str().is_some_and(|m| m.contains("revoked"))
    })
    .await;
    assert!(!state["refused_version"].is_null());
}

pub async fn push(hub: &TestApp, token: &str, body: &Value) -> Resp {
    hub.client()
        .try_send_with(
            Method::PUT,
            "/api/hub/publish",
            Some("application/json"),
            &[("Authorization", &format!("Bearer {token}"))],
            body.to_string().into_bytes(),
        )
        .await
        .expect("the hub answers")
}

#[actix_web::test]
async fn a_token_kept_as_an_argon2_hash_still_publishes_and_is_kept_as_a_digest_after() {
    let hub = spawn_app().await;
    let venue = spawn_app().await;
    let hub_organiser = hub.organiser().await;
    let organiser = venue.organiser().await;
    let (t, _) = event_set_up(&venue, &organiser).await;
    let file = exported(&organiser, t).await;
    let secret = token(&hub_organiser, "Kumasi").await;
    let (id, secret_part) = secret.split_once('.').unwrap();
    // As an earlier version kept it.
    let argon = oware_tournament::auth::hash_secret(secret_part);
    hub.execute(&format!(
        "UPDATE hub_tokens SET secret_hash = '{argon}' WHERE id = {id}"
    ));
    let wrong = push(
        &hub,
        &format!("{id}.x{secret_part}"),
        &json!({"version": 1, "file": file}),
    )
    .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED, "{}", wrong.body);
    assert_eq!(
        texts(&hub, "SELECT secret_hash AS v FROM hub_tokens"),
        [argon]
    );
    let r = push(&hub, &secret, &json!({"version": 1, "file": file})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        texts(&hub, "SELECT secret_hash AS v FROM hub_tokens"),
        [oware_tournament::auth::token::digest(secret_part)]
    );
    let r = push(&hub, &secret, &json!({"version": 2, "file": file})).await;
    assert_eq!(r.json()["taken"], true, "{}", r.body);
}

#[actix_web::test]
async fn a_push_again_or_out_of_order_changes_nothing() {
    let hub = spawn_app().await;
    let venue = spawn_app().await;
    let hub_organiser = hub.organiser().await;
    let organiser = venue.organiser().await;
    let (t, sessions) = event_set_up(&venue, &organiser).await;
    play_round(&organiser, t, &sessions, 1).await;
    let file = exported(&organiser, t).await;
    let secret = token(&hub_organiser, "Kumasi").await;

    let r = push(&hub, &secret, &json!({"version": 5, "file": file})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        (r.json()["taken"].as_bool(), r.json()["version"].as_i64()),
        (Some(true), Some(5))
    );
    let on_hub = r.json()["tournament"].as_i64().unwrap();
    let rows = (
        hub.count("tournaments"),
        hub.count("games"),
        hub.count("audit_log"),
    );
    for version in [5, 3] {
        let r = push(&hub, &secret, &json!({"version": version, "file": file})).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        assert_eq!(r.json()["taken"], false);
        assert_eq!(r.json()["version"], 5);
        assert_eq!(r.json()["tournament"], on_hub);
    }
    assert_eq!(
        (
            hub.count("tournaments"),
            hub.count("games"),
            hub.count("audit_log")
        ),
        rows
    );
    // A newer version writes the same tournament again, not a new one.
    let mut newer = file.clone();
    newer["notice"]["text"] = json!("Round 2 at 14:00");
    let r = push(&hub, &secret, &json!({"version": 6, "file": newer})).await;
    assert_eq!(r.json()["taken"], true, "{}", r.body);
    assert_eq!(r.json()["tournament"], on_hub);
    assert_eq!(hub.count("tournaments"), rows.0);
    assert_eq!(hub.count("games"), rows.1);

    // Wrong, missing and other tokens: 401, nothing read.
    let id = secret.split('.').next().unwrap();
    for wrong in [
        format!("{id}.not-the-secret"),
        "7.x".to_string(),
        String::new(),
    ] {
        let r = push(&hub, &wrong, &json!({"version": 9, "file": file})).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{wrong}: {}", r.body);
    }
    // A push that does not read, or whose file is refused: 422, nothing changed.
    let r = push(&hub, &secret, &json!({"version": 9})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let mut bad = file.clone();
    bad["games"][0]["seeds"] = json!([48, 0]);
    let r = push(&hub, &secret, &json!({"version": 9, "file": bad})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("its result"), "{}", r.body);
    // The refusal's facts come with its words, for a venue to word for its own readers.
    let said = &r.json()["error"]["said"];
    assert!(
        said["key"].as_str().is_some_and(|k| k.starts_with("file-")),
        "{}",
        r.body
    );
    // Only organisers see and make tokens; a venue's staff only see their tournament's link.
    let controller = hub.controller(&hub_organiser, "esi").await;
    assert_eq!(controller.get("/hub").await.status, StatusCode::FORBIDDEN);
    assert_ne!(hub.client().get("/hub").await.status, StatusCode::OK);
    let r = hub
        .client()
        .put_json(
            &format!("/api/tournaments/{t}/publishing"),
            &json!({"hub": "https://example.org", "token": secret}),
        )
        .await;
    assert_eq!(r.status.as_u16() / 100, 4);
    let player = sessions.values().next().unwrap();
    let r = player
        .get(&format!("/api/tournaments/{t}/publishing"))
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn a_hub_that_cannot_be_reached_is_tried_again_after_a_growing_pause() {
    use std::sync::atomic::AtomicUsize;
    // A hub that closes every connection at once: each try is one connection.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let hub = format!("http://{}", listener.local_addr().unwrap());
    let tries = Arc::new(AtomicUsize::new(0));
    let count = tries.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            count.fetch_add(1, Ordering::SeqCst);
            drop(stream);
        }
    });
    // The pause doubles from a quarter of a second to `longest`, here one second.
    let venue = spawn_app_tuned(|c| c.publish_retry = std::time::Duration::from_secs(1)).await;
    let organiser = venue.organiser().await;
    let t = create_tournament(&organiser, "Kumasi Open").await;
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/publishing"),
            &json!({"hub": hub, "token": "1.abcdefgh"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    publishing_when(&organiser, t, |p| {
        p["problem"]
            .as_str()
            .is_some_and(|m| m.contains("cannot be reached"))
    })
    .await;
    let first = tries.load(Ordering::SeqCst);
    let watched = std::time::Instant::now();
    actix_web::rt::time::sleep(std::time::Duration::from_secs(4)).await;
    let elapsed = watched.elapsed().as_secs_f64();
    let during = tries.load(Ordering::SeqCst) - first;
    // At most one try a second once the pause has grown, and a try after each pause: about
    // four in four seconds (the pauses 0.5 s, then 1 s), never the hundreds a try woken by
    // its own record would make.
    assert!(
        during >= 2 && during as f64 <= elapsed + 3.0,
        "{during} tries in {elapsed:.1} s"
    );
    // A change of the staff's ends the pause: it is pushed at once.
    let before = tries.load(Ordering::SeqCst);
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/notice"),
            &json!({"text": "Round 1 at 10:00"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    for _ in 0..100 {
        if tries.load(Ordering::SeqCst) > before {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(tries.load(Ordering::SeqCst) > before);
}

/// The hub's own entries for the pushes it took: for each, whether it came as changes.
fn pushes_as_changes(hub: &TestApp) -> Vec<bool> {
    texts(
        hub,
        "SELECT after AS v FROM audit_log WHERE action = 'tournament.publish' ORDER BY id",
    )
    .iter()
    .map(|after| serde_json::from_str::<Value>(after).unwrap()["changes"].is_u64())
    .collect()
}

#[actix_web::test]
async fn a_hub_kept_up_to_date_change_by_change_shows_what_the_whole_file_gives() {
    let (hub, other_hub, venue) = (spawn_app().await, spawn_app().await, spawn_app().await);
    let hub_organiser = hub.organiser().await;
    let organiser = venue.organiser().await;
    let secret = token(&hub_organiser, "Kumasi Open, at the school hall").await;
    let (t, sessions) = event_set_up(&venue, &organiser).await;
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/publishing"),
            &json!({"hub": hub.address, "token": secret}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    play_round(&organiser, t, &sessions, 1).await;
    let state = publishing_when(&organiser, t, up_to_date).await;
    let on_hub = state["hub_tournament"].as_i64().unwrap();
    // A round paired, taken to the hub, then taken away: its games and round go from the hub.
    crate::sheets::generated(&organiser, t).await;
    publishing_when(&organiser, t, up_to_date).await;
    let hub_games = hub.count("games");
    let r = organiser
        .send(
            Method::DELETE,
            &format!("/api/tournaments/{t}/rounds/2"),
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(r.status.as_u16() / 100, 2, "{}", r.body);
    publishing_when(&organiser, t, up_to_date).await;
    assert!(hub.count("games") < hub_games);
    for round in [2, 3] {
        play_round(&organiser, t, &sessions, round).await;
    }
    publishing_when(&organiser, t, up_to_date).await;

    // The first push was the whole file, every later one the changes since.
    let kinds = pushes_as_changes(&hub);
    assert!(!kinds[0] && kinds.len() > 5, "{kinds:?}");
    assert!(kinds[1..].iter().all(|c| *c), "{kinds:?}");

    // Another hub given the whole file at once shows the same.
    let version = publishing_when(&organiser, t, up_to_date).await["version"].clone();
    let file = exported(&organiser, t).await;
    let other_organiser = other_hub.organiser().await;
    let other_secret = token(&other_organiser, "Kumasi Open").await;
    let r = push(
        &other_hub,
        &other_secret,
        &json!({"version": version, "file": file}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let on_other = r.json()["tournament"].as_i64().unwrap();
    same_event(
        (&hub.client(), &hub_organiser, on_hub),
        (&other_hub.client(), &other_organiser, on_other),
    )
    .await;
    let by_changes = by_names(&exported(&hub_organiser, on_hub).await);
    assert_eq!(
        by_changes,
        by_names(&exported(&other_organiser, on_other).await)
    );
    assert_eq!(by_changes, by_names(&file));

    // Changed on the hub's copy: the hub no longer holds what the venue's changes start from,
    // asks for the whole file, and is the venue's copy again.
    changed_on_the_hub_then_taken_whole(&hub, (&hub_organiser, on_hub), (&organiser, t)).await;
    changed_on_the_hub_without_a_trace_then_taken_whole(
        &hub,
        (&hub_organiser, on_hub),
        (&organiser, t),
    )
    .await;
    let notice = hub
        .client()
        .get(&format!("/api/tournaments/{on_hub}/notice"))
        .await
        .json();
    assert_eq!(notice["notice"]["text"], "Prizes at the bar");
}

#[actix_web::test]
async fn changes_from_a_version_the_hub_does_not_hold_ask_for_the_whole_file() {
    let hub = spawn_app().await;
    let venue = spawn_app().await;
    let hub_organiser = hub.organiser().await;
    let organiser = venue.organiser().await;
    let (t, _) = event_set_up(&venue, &organiser).await;
    let file = exported(&organiser, t).await;
    let secret = token(&hub_organiser, "Kumasi").await;
    let changes = json!({"exported_at": file["exported_at"], "notice": {"value": null}});
    let r = push(
        &hub,
        &secret,
        &json!({"version": 2, "since": {"version": 1, "digest": "0"}, "digest": "1",
                "changes": changes}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        (
            r.json()["taken"].as_bool(),
            r.json()["file_wanted"].as_bool()
        ),
        (Some(false), Some(true))
    );
    assert_eq!(hub.count("tournaments"), 0);
    let r = push(&hub, &secret, &json!({"version": 1, "file": file})).await;
    assert_eq!(r.json()["taken"], true, "{}", r.body);
    let digest = r.json()["digest"].as_str().unwrap().to_string();
    // The changes from the version it took: taken, and only they are written.
    let r = push(
        &hub,
        &secret,
        &json!({"version": 2, "since": {"version": 1, "digest": digest}, "digest": "2",
                "changes": changes}),
    )
    .await;
    assert_eq!(
        (
            r.json()["taken"].as_bool(),
            r.json()["file_wanted"].as_bool()
        ),
        (Some(true), Some(false)),
        "{}",
        r.body
    );
    let on_hub = r.json()["tournament"].as_i64().unwrap();
    let notice = hub
        .client()
        .get(&format!("/api/tournaments/{on_hub}/notice"))
        .await
        .json();
    assert!(notice["notice"].is_null(), "{notice}");
    // Both a file and changes, or neither: refused.
    for body in [
        json!({"version": 3, "file": file, "since": {"version": 2, "digest": "2"},
               "digest": "3", "changes": changes}),
        json!({"version": 3, "since": {"version": 2, "digest": "2"}, "changes": changes}),
    ] {
        let r = push(&hub, &secret, &body).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    }
    // Changes that would make the copy another tournament: refused, the copy kept.
    let mut other = file["tournament"].clone();
    other["uid"] = json!("fedcba9876543210fedcba9876543210");
    let r = push(
        &hub,
        &secret,
        &json!({"version": 3, "since": {"version": 2, "digest": "2"}, "digest": "3",
                "changes": {"exported_at": file["exported_at"], "tournament": other}}),
    )
    .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
}

#[actix_web::test]
async fn a_venue_started_again_asks_the_hub_and_goes_on_with_changes() {
    let hub = spawn_app().await;
    let venue = spawn_app().await;
    let hub_organiser = hub.organiser().await;
    let organiser = venue.organiser().await;
    let secret = token(&hub_organiser, "Kumasi Open").await;
    let (t, sessions) = event_set_up(&venue, &organiser).await;
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/publishing"),
            &json!({"hub": hub.address, "token": secret}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    play_round(&organiser, t, &sessions, 1).await;
    let before = publishing_when(&organiser, t, up_to_date).await;
    let pushes = pushes_as_changes(&hub).len();

    // Started again on its database: it asks the hub (no file sent, nothing written there but
    // the question's answer), finds its very content there, and is up to date.
    venue.handle.stop(true).await;
    let (address, handle) = start(&venue.db_path).await;
    let organiser = Client::new(&address);
    organiser.login("admin", ADMIN_PASSWORD).await;
    let after = publishing_when(&organiser, t, |p| {
        up_to_date(p) && p["pushed_at"] != before["pushed_at"]
    })
    .await;
    assert_eq!(after["pushed_version"], before["pushed_version"]);
    assert_eq!(pushes_as_changes(&hub).len(), pushes);
    // Its next change goes as changes: the file the hub holds was kept from the question.
    notice_published(&organiser, t, "Round 2 at 14:00").await;
    assert_eq!(pushes_as_changes(&hub)[pushes..], [true]);
    handle.stop(true).await;
}

/// The venue's notice set to `text`, and published.
async fn notice_published(organiser: &Client, t: i64, text: &str) {
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/notice"),
            &json!({"text": text}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    publishing_when(organiser, t, up_to_date).await;
}

/// The hub's copy `on_hub` holds what the venue's tournament `t` holds.
async fn same_copy((hub_organiser, on_hub): (&Client, i64), (organiser, t): (&Client, i64)) {
    assert_eq!(
        by_names(&exported(hub_organiser, on_hub).await),
        by_names(&exported(organiser, t).await)
    );
}

/// The copy changed on the hub, then the venue's notice: the hub no longer holds what the
/// venue's changes start from, asks for the whole file, and is the venue's copy again.
async fn changed_on_the_hub_then_taken_whole(
    hub: &TestApp,
    (hub_organiser, on_hub): (&Client, i64),
    (organiser, t): (&Client, i64),
) {
    let r = hub_organiser
        .put_json(
            &format!("/api/tournaments/{on_hub}/notice"),
            &json!({"text": "Changed on the hub"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    notice_published(organiser, t, "Prize-giving at 18:00").await;
    assert_eq!(pushes_as_changes(hub).last(), Some(&false));
    same_copy((hub_organiser, on_hub), (organiser, t)).await;
}

/// The copy changed on the hub straight in its database, leaving no audit entry (a repair by
/// hand), then the venue's notice: the copy is no longer at the version its last push left, so
/// the hub asks for the whole file, and is the venue's copy again.
async fn changed_on_the_hub_without_a_trace_then_taken_whole(
    hub: &TestApp,
    (hub_organiser, on_hub): (&Client, i64),
    (organiser, t): (&Client, i64),
) {
    let entries = hub.count("audit_log");
    hub.execute(&format!(
        "UPDATE players SET club = 'Changed on the hub' WHERE id = \
         (SELECT min(id) FROM players WHERE tournament_id = {on_hub})"
    ));
    assert_eq!(hub.count("audit_log"), entries);
    notice_published(organiser, t, "Prizes at the bar").await;
    assert_eq!(pushes_as_changes(hub).last(), Some(&false));
    same_copy((hub_organiser, on_hub), (organiser, t)).await;
}

/// A venue's event published to a hub through a switch, its first round played and taken.
struct Published {
    hub: TestApp,
    venue: TestApp,
    hub_organiser: Client,
    organiser: Client,
    switch: Switch,
    t: i64,
    sessions: std::collections::HashMap<i64, Client>,
    on_hub: i64,
    /// The pushes the hub took so far.
    pushes: usize,
}

async fn published_through_a_switch() -> Published {
    let hub = spawn_app().await;
    let venue = spawn_app().await;
    let hub_organiser = hub.organiser().await;
    let organiser = venue.organiser().await;
    let secret = token(&hub_organiser, "Kumasi Open").await;
    let switch = Switch::to(&hub.address);
    let (t, sessions) = event_set_up(&venue, &organiser).await;
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/publishing"),
            &json!({"hub": switch.address, "token": secret}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    play_round(&organiser, t, &sessions, 1).await;
    let on_hub = publishing_when(&organiser, t, up_to_date).await["hub_tournament"]
        .as_i64()
        .unwrap();
    let pushes = pushes_as_changes(&hub).len();
    Published {
        hub,
        venue,
        hub_organiser,
        organiser,
        switch,
        t,
        sessions,
        on_hub,
        pushes,
    }
}

#[actix_web::test]
async fn a_hub_started_again_takes_the_venue_s_next_changes_without_the_whole_file() {
    // The venue serves on (its database kept) while the hub stops and starts.
    let Published {
        hub,
        venue: _venue,
        hub_organiser: _,
        organiser,
        switch,
        t,
        sessions,
        on_hub,
        pushes,
    } = published_through_a_switch().await;

    // The hub stopped and started again on its database (behind the same address): it holds
    // no file in memory, reads the copy again, and takes the next round as changes.
    hub.handle.stop(true).await;
    let (address, handle) = start(&hub.db_path).await;
    switch.retarget(&address);
    play_round(&organiser, t, &sessions, 2).await;
    publishing_when(&organiser, t, up_to_date).await;
    let kinds = pushes_as_changes(&hub);
    assert!(kinds.len() > pushes, "{kinds:?}");
    assert!(kinds[pushes..].iter().all(|c| *c), "{kinds:?}");
    let hub_organiser = Client::new(&address);
    hub_organiser.login("admin", ADMIN_PASSWORD).await;
    same_copy((&hub_organiser, on_hub), (&organiser, t)).await;

    // Started again once more, and its copy changed on the hub: that copy is not the venue's
    // last push, so the hub asks for the whole file, and is the venue's copy again.
    handle.stop(true).await;
    let (address, handle) = start(&hub.db_path).await;
    switch.retarget(&address);
    let hub_organiser = Client::new(&address);
    hub_organiser.login("admin", ADMIN_PASSWORD).await;
    changed_on_the_hub_then_taken_whole(&hub, (&hub_organiser, on_hub), (&organiser, t)).await;
    handle.stop(true).await;
}

#[actix_web::test]
async fn a_venue_started_again_pushes_what_it_changed_meanwhile_as_changes() {
    let Published {
        hub,
        venue,
        hub_organiser,
        organiser,
        switch,
        t,
        sessions,
        on_hub,
        pushes,
    } = published_through_a_switch().await;

    // The hub cannot be reached while a round is played; the venue stops (a power cut) and
    // starts again on its database. It holds nothing in memory, and pushes what the hub missed
    // as changes from what it wrote down with the hub's last push, not the whole file.
    switch.set(false);
    play_round(&organiser, t, &sessions, 2).await;
    venue.handle.stop(true).await;
    switch.set(true);
    let (address, handle) = start(&venue.db_path).await;
    let organiser = Client::new(&address);
    organiser.login("admin", ADMIN_PASSWORD).await;
    publishing_when(&organiser, t, up_to_date).await;
    let kinds = pushes_as_changes(&hub);
    assert!(kinds.len() > pushes, "{kinds:?}");
    assert!(kinds[pushes..].iter().all(|c| *c), "{kinds:?}");
    same_copy((&hub_organiser, on_hub), (&organiser, t)).await;
    // And goes on with changes.
    notice_published(&organiser, t, "Prize-giving at 18:00").await;
    assert_eq!(pushes_as_changes(&hub).last(), Some(&true));
    same_copy((&hub_organiser, on_hub), (&organiser, t)).await;
    handle.stop(true).await;
}

#[actix_web::test]
async fn a_whole_file_is_digested_as_its_venue_digests_it() {
    use oware_tournament::service::hub;
    use oware_tournament::tournament::archive::TournamentFile;
    let hub_app = spawn_app().await;
    let venue = spawn_app().await;
    let hub_organiser = hub_app.organiser().await;
    let organiser = venue.organiser().await;
    let (t, _) = event_set_up(&venue, &organiser).await;
    let file = exported(&organiser, t).await;
    let read: TournamentFile = serde_json::from_value(file.clone()).unwrap();
    let (by_print, by_json) = (hub::digest(&read), hub::json_digest(&read));
    assert_ne!(by_print, by_json);
    let secret = token(&hub_organiser, "Kumasi").await;
    // A venue of an earlier release sends no digest with its file: the hub names it by its JSON,
    // as that venue does.
    let r = push(&hub_app, &secret, &json!({"version": 1, "file": file})).await;
    assert_eq!(r.json()["taken"], true, "{}", r.body);
    assert_eq!(r.json()["digest"], by_json.as_str());
    // This release's venue sends its own: the hub names the file by its fingerprint, as the
    // venue names its changes (the digest sent is not taken on trust: the hub takes its own).
    let r = push(
        &hub_app,
        &secret,
        &json!({"version": 2, "file": file, "digest": "not this", "history": [
            {"version": 1, "digest": by_json}]}),
    )
    .await;
    assert_eq!(r.json()["taken"], true, "{}", r.body);
    assert_eq!(r.json()["digest"], by_print.as_str());
}
