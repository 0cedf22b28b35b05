//! Ten venues publishing to one hub while their links to it go down and come back, and while
//! venues and the hub are killed (SIGKILL) and started again: at the end every hub copy is its
//! venue's tournament, nothing doubled and nothing lost. Each service is the built binary on a
//! database of its own; the events play on between the blows.

use std::path::{Path, PathBuf};

use awc::http::{Method, StatusCode};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

use crate::archive::{by_names, exported};
use crate::crash::{Server, start};
use crate::helpers::{ADMIN_PASSWORD, Client, import_players};
use crate::publishing::{Switch, publishing_when, token, up_to_date};
use crate::swiss::fixture_games;

const VENUES: usize = 10;
const ROUNDS: i64 = 3;

/// A service started on its database, with its organiser signed in.
struct Running {
    server: Option<Server>,
    organiser: Client,
}

impl Running {
    /// Killed (SIGKILL), as a machine whose power went.
    fn kill(&mut self) {
        self.server.take();
    }
}

async fn run(db: &Path) -> Running {
    let (server, address) = start(db);
    let organiser = Client::new(&address);
    organiser.login("admin", ADMIN_PASSWORD).await;
    Running {
        server: Some(server),
        organiser,
    }
}

/// A venue: its service, its tournament, its way to the hub, and how far its event is.
struct Venue {
    db: PathBuf,
    running: Running,
    t: i64,
    switch: Switch,
    round: i64,
    /// The games of the round without a result yet.
    waiting: Vec<i64>,
}

impl Venue {
    /// The next thing the venue's controller does: a round paired and published, or a game's
    /// result entered from its paper sheet. False once the event is over.
    async fn go_on(&mut self, fixtures: &[(String, String, [i64; 2])], n: usize) -> bool {
        let staff = &self.running.organiser;
        if let Some(game) = self.waiting.pop() {
            let (moves, result, seeds) = &fixtures[n % fixtures.len()];
            let r = staff
                .put_json(
                    &format!("/api/games/{game}/result"),
                    &json!({"kind": "played", "result": result, "seeds": seeds,
                            "moves": moves, "reason": "entered from the paper sheet"}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            return true;
        }
        if self.round == ROUNDS {
            return false;
        }
        let t = self.t;
        let r = staff
            .post_json(
                &format!("/api/tournaments/{t}/rounds"),
                &json!({"generate": true}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        self.round += 1;
        let r = staff
            .send(
                Method::POST,
                &format!("/api/tournaments/{t}/rounds/{}/publish", self.round),
                None,
                Vec::new(),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        self.waiting = r.json()["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["north"]["id"].is_i64())
            .map(|g| g["id"].as_i64().unwrap())
            .collect();
        true
    }

    /// A change of the venue's own (its notice): the publisher pushes at once, whatever pause
    /// it was in.
    async fn poke(&self, text: &str) {
        let r = self
            .running
            .organiser
            .put_json(
                &format!("/api/tournaments/{}/notice", self.t),
                &json!({ "text": text }),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
}

async fn set_up_venue(dir: &Path, n: usize, hub: &Client, hub_address: &str) -> Venue {
    let db = dir.join(format!("venue-{n}.db"));
    let running = run(&db).await;
    let staff = &running.organiser;
    let r = staff
        .post_json(
            "/api/tournaments",
            &json!({"name": "Kumasi Open", "venue": format!("Hall {n}"), "rules": "abapa",
                    "rounds": ROUNDS, "pairing": "swiss"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    import_players(staff, t, &format!("Player {n}."), 6 + n % 3).await;
    let secret = token(hub, &format!("Kumasi Open, hall {n}")).await;
    let switch = Switch::to(hub_address);
    let r = staff
        .put_json(
            &format!("/api/tournaments/{t}/publishing"),
            &json!({"hub": switch.address, "token": secret}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    Venue {
        db,
        running,
        t,
        switch,
        round: 0,
        waiting: Vec::new(),
    }
}

#[actix_web::test]
async fn ten_venues_and_a_hub_through_outages_and_kills_end_with_every_copy_its_venues() {
    let seed: u64 = rand::random();
    println!("chaos seed {seed}");
    let mut rng = StdRng::seed_from_u64(seed);
    let dir = tempfile::tempdir().unwrap();
    let hub_db = dir.path().join("hub.db");
    let (mut hub_server, mut hub_address) = start(&hub_db);
    let mut hub = Client::new(&hub_address);
    hub.login("admin", ADMIN_PASSWORD).await;
    let mut venues = Vec::new();
    for n in 0..VENUES {
        venues.push(set_up_venue(dir.path(), n, &hub, &hub_address).await);
    }
    let fixtures = fixture_games();
    let (mut blows, mut step) = ([0; 3], 0);
    let mut playing: Vec<usize> = (0..VENUES).collect();
    while !playing.is_empty() {
        let k = rng.gen_range(0..playing.len());
        if !venues[playing[k]].go_on(&fixtures, step).await {
            playing.swap_remove(k);
        }
        step += 1;
        // Each kind of blow, some at random and some for sure.
        let blow = match step {
            25 | 75 => 16,
            50 | 100 => 19,
            _ => rng.gen_range(0..100),
        };
        match blow {
            // A venue's link to the hub goes down, or comes back.
            0..15 => {
                let v = rng.gen_range(0..VENUES);
                venues[v].switch.set(rng.gen_bool(0.5));
                blows[0] += 1;
            }
            // A venue's machine killed and started again.
            15..18 => {
                let v = &mut venues[rng.gen_range(0..VENUES)];
                v.running.kill();
                v.running = run(&v.db).await;
                blows[1] += 1;
            }
            // The hub killed and started again (on another port).
            18..20 => {
                drop(hub_server);
                (hub_server, hub_address) = start(&hub_db);
                hub = Client::new(&hub_address);
                hub.login("admin", ADMIN_PASSWORD).await;
                for v in &venues {
                    v.switch.retarget(&hub_address);
                }
                blows[2] += 1;
            }
            _ => {}
        }
    }
    println!(
        "{step} steps; links switched {} times, venues killed {} times, the hub {} times",
        blows[0], blows[1], blows[2]
    );

    // Every link back: each venue's hub catches up.
    for v in &venues {
        v.switch.set(true);
    }
    for (n, v) in venues.iter().enumerate() {
        v.poke(&format!("Results are final ({n})")).await;
    }
    let mut copies = Vec::new();
    for v in &venues {
        let state = publishing_when(&v.running.organiser, v.t, up_to_date).await;
        copies.push(state["hub_tournament"].as_i64().unwrap());
    }
    // Each copy is its venue's tournament: nothing doubled, nothing lost.
    let listed = hub.get("/api/tournaments").await.json();
    assert_eq!(listed.as_array().unwrap().len(), VENUES, "seed {seed}");
    for (v, copy) in venues.iter().zip(&copies) {
        let at_venue = by_names(&exported(&v.running.organiser, v.t).await);
        let at_hub = by_names(&exported(&hub, *copy).await);
        assert!(at_venue == at_hub, "seed {seed}: hall {} differs", v.t);
        let games = at_venue["games"].as_array().unwrap();
        assert!(games.len() >= 9, "seed {seed}: {} games", games.len());
    }
}
