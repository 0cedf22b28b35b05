//! Load generator: starts the server (release build) on a temporary database and drives it over
//! HTTP from many concurrent clients, then prints requests per second, p50/p99 latency per kind
//! of request, errors, and the server's peak memory.
//!
//! `cargo bench --bench load` (all phases), or
//! `cargo bench --bench load -- [--clients N] [--seconds S] [--phases sheets,confirm,standings,hot,flood,live,hoard,room,apart,hub,restart,venue,import,circuit]
//! [--events 64,1000] [--slow-sync MS] [--venues 50]`.
//!
//! The hot phase reads a 64-player event's public standings page, and its 304, beside a bare
//! actix-web hello (`examples/hello.rs`, built when missing) with the same clients: the requests
//! a second of each, and the CPU each server spends on one request.
//!
//! The hub phase plays `--venues` venues publishing to the server as their hub, each a
//! 100-player, 5-round event taking a sheet a second: the changes the hub takes a second, and how
//! long from a sheet's acknowledgement at its venue to the hub's public round showing it. The
//! restart phase (not among all phases: name it) does the same with a hub of its own, killed
//! with SIGKILL halfway and started again on its database: what each venue sends to catch up.
//! The venue phase (named too) runs one venue's own service among them, its internet cut a while
//! and then its power: what it sends its hub to catch up once started again
//! (`benches/common/venue_restart.rs`).
//!
//! The circuit phase imports a season of 12 events of 1,000 players (2,000 persons) and a circuit counting them,
//! then times a ruling in one event until the circuit's page shows it
//! (`benches/common/circuit_load.rs`).
//!
//! `OWARE_BENCH_SERVER=path` runs another build's binary instead (a before-and-after
//! comparison).
//!
//! `--slow-sync MS` makes every fsync of the server MS milliseconds slower (as on a small board's
//! SD card): `benches/slow_sync.c`, built with `cc`, in the server's `LD_PRELOAD`.
//!
//! Sheets and confirmations go to an event with two players per client (one game each); the
//! standings page and CSV are read from events of the `--events` sizes, whose first round the
//! controller has filled in.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

#[path = "../tests/api/raw.rs"]
mod raw;

#[path = "common/event_file.rs"]
mod event_file;

#[path = "common/circuit_load.rs"]
mod circuit_load;

#[path = "common/venue_restart.rs"]
mod venue_restart;

struct Options {
    clients: usize,
    seconds: u64,
    phases: Vec<String>,
    /// Sizes of the events whose standings are read.
    events: Vec<usize>,
    /// Milliseconds added to each of the server's syncs to disk.
    slow_sync: Option<u64>,
    /// How many venues publish to the server in the hub phase.
    venues: usize,
}

fn options() -> Options {
    let mut o = Options {
        clients: 64,
        seconds: 10,
        phases: vec![
            "sheets".into(),
            "confirm".into(),
            "standings".into(),
            "hot".into(),
            "flood".into(),
            "live".into(),
            "hoard".into(),
            "room".into(),
            "apart".into(),
            "hub".into(),
            "import".into(),
            "circuit".into(),
        ],
        events: vec![64, 1000],
        slow_sync: None,
        venues: 50,
    };
    let args: Vec<String> = std::env::args().collect();
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--clients" => {
                o.clients = args[i + 1].parse().expect("--clients N");
                i += 1;
            }
            "--seconds" => {
                o.seconds = args[i + 1].parse().expect("--seconds S");
                i += 1;
            }
            "--phases" => {
                o.phases = args[i + 1].split(',').map(str::to_string).collect();
                i += 1;
            }
            "--venues" => {
                o.venues = args[i + 1].parse().expect("--venues N");
                i += 1;
            }
            "--slow-sync" => {
                o.slow_sync = Some(args[i + 1].parse().expect("--slow-sync MS"));
                i += 1;
            }
            "--events" => {
                o.events = args[i + 1]
                    .split(',')
                    .map(|n| n.parse().expect("--events N,M"))
                    .collect();
                i += 1;
            }
            // cargo bench passes --bench; other harness flags are not ours.
            _ => {}
        }
        i += 1;
    }
    o
}

/// A server process (the service, or the hello beside it), stopped when dropped.
struct Server {
    child: Child,
    address: String,
    /// The service's database folder (the hello has none).
    _dir: Option<tempfile::TempDir>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(slow_sync: Option<u64>) -> Server {
        Server::start_in(tempfile::tempdir().unwrap(), "127.0.0.1:0", slow_sync)
    }

    /// The service on the database in `dir`, listening on `bind`.
    fn start_in(dir: tempfile::TempDir, bind: &str, slow_sync: Option<u64>) -> Server {
        // Another build's binary, to measure it in the same way (`OWARE_BENCH_SERVER`).
        let binary = std::env::var("OWARE_BENCH_SERVER")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_oware-tournament").to_string());
        let mut command = Command::new(binary);
        if let Some(ms) = slow_sync {
            let shim = dir.path().join("slow_sync.so");
            let built = Command::new("cc")
                .args(["-shared", "-fPIC", "-O2", "-o"])
                .arg(&shim)
                .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/benches/slow_sync.c"))
                .arg("-ldl")
                .status()
                .expect("cc builds the slow-sync shim");
            assert!(built.success(), "cc builds the slow-sync shim");
            command
                .env("LD_PRELOAD", &shim)
                .env("SLOW_SYNC_MS", ms.to_string());
        }
        let mut child = command
            .arg("serve")
            .env("DATABASE_URL", dir.path().join("load.db"))
            .env("OWARE_BIND", bind)
            .env("OWARE_ADMIN_PASSWORD", "load-test-password")
            // The flood phase plays clients at many addresses, as a proxy would report them.
            .env("OWARE_TRUSTED_PROXIES", "127.0.0.1")
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server binary starts");
        let address = said_address(&mut child, "Serving on ");
        Server {
            child,
            address,
            _dir: Some(dir),
        }
    }

    /// A bare actix-web hello (`examples/hello.rs`) as its own process, built when missing.
    fn hello() -> Server {
        // target/release/deps/load-* → target/release/examples/hello
        let exe = std::env::current_exe().unwrap();
        let release = exe.parent().and_then(|d| d.parent()).unwrap().to_path_buf();
        let binary = release.join("examples").join("hello");
        if !binary.exists() {
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
            let built = Command::new(cargo)
                .args(["build", "--release", "--example", "hello"])
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .status()
                .expect("cargo builds the hello example");
            assert!(built.success(), "cargo builds the hello example");
        }
        let mut child = Command::new(&binary)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the hello example starts");
        let address = said_address(&mut child, "listening on ");
        Server {
            child,
            address,
            _dir: None,
        }
    }

    /// The server's peak resident memory (VmHWM), in MiB.
    fn peak_memory_mib(&self) -> f64 {
        memory_mib(self.child.id(), "VmHWM:")
    }
}

/// The address a server says it listens on, in the first line of its output that starts with
/// `prefix`.
fn said_address(child: &mut Child, prefix: &str) -> String {
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    loop {
        let mut line = String::new();
        assert!(
            reader.read_line(&mut line).unwrap() > 0,
            "the server stopped"
        );
        if let Some(rest) = line.trim().strip_prefix(prefix) {
            return rest.split_whitespace().next().unwrap().to_string();
        }
    }
}

/// A client with its own session cookie.
#[derive(Clone)]
struct Client {
    base: Rc<String>,
    http: awc::Client,
    cookie: Option<String>,
    /// The address the client seems to come from (`X-Forwarded-For`, believed from 127.0.0.1).
    forwarded: Option<String>,
}

impl Client {
    fn new(base: &str) -> Client {
        Client {
            base: Rc::new(base.to_string()),
            http: awc::Client::builder()
                .disable_redirects()
                .timeout(Duration::from_secs(60))
                .finish(),
            cookie: None,
            forwarded: None,
        }
    }

    async fn send(
        &mut self,
        method: Method,
        path: &str,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> (StatusCode, Vec<u8>) {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(c) = &self.cookie {
            req = req.insert_header(("Cookie", c.clone()));
        }
        if let Some(a) = &self.forwarded {
            req = req.insert_header(("X-Forwarded-For", a.clone()));
        }
        if let Some(ct) = content_type {
            req = req.insert_header(("Content-Type", ct));
        }
        match req.send_body(body).await {
            Ok(mut res) => {
                if let Some(c) = res
                    .headers()
                    .get("set-cookie")
                    .and_then(|v| v.to_str().ok())
                {
                    self.cookie = Some(c.split(';').next().unwrap().to_string());
                }
                let body = res
                    .body()
                    .limit(64 << 20)
                    .await
                    .map(|b| b.to_vec())
                    .unwrap_or_default();
                (res.status(), body)
            }
            Err(_) => (StatusCode::SERVICE_UNAVAILABLE, Vec::new()),
        }
    }

    async fn json(&mut self, method: Method, path: &str, body: &Value) -> (StatusCode, Value) {
        let (status, bytes) = self
            .send(
                method,
                path,
                Some("application/json"),
                body.to_string().into_bytes(),
            )
            .await;
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }
}

/// Latencies of one kind of request.
#[derive(Default)]
struct Stats {
    latencies: Vec<Duration>,
    errors: usize,
    elapsed: Duration,
}

impl Stats {
    fn report(&mut self, kind: &str, clients: usize) {
        self.latencies.sort();
        let n = self.latencies.len();
        let pct = |p: f64| {
            self.latencies
                .get(((n as f64 * p) as usize).min(n.saturating_sub(1)))
                .copied()
                .unwrap_or_default()
        };
        println!(
            "{kind:<28} {clients:>3} clients  {n:>7} requests  {:>9.0} req/s  p50 {:>7.2} ms  p99 {:>7.2} ms  errors {}",
            n as f64 / self.elapsed.as_secs_f64(),
            pct(0.50).as_secs_f64() * 1000.0,
            pct(0.99).as_secs_f64() * 1000.0,
            self.errors
        );
    }
}

/// Runs `clients` loops of `request` for `duration` (or until a loop returns `None`).
async fn drive<F, Fut>(clients: Vec<Client>, duration: Duration, request: F) -> Stats
where
    F: Fn(Client, usize, usize) -> Fut + Clone + 'static,
    Fut: std::future::Future<Output = Option<(Client, bool)>> + 'static,
{
    let start = Instant::now();
    let deadline = start + duration;
    let mut tasks = Vec::new();
    for (i, client) in clients.into_iter().enumerate() {
        let request = request.clone();
        tasks.push(actix_web::rt::spawn(async move {
            let mut client = client;
            let mut stats = Stats::default();
            let mut n = 0;
            while Instant::now() < deadline {
                let t = Instant::now();
                match request(client.clone(), i, n).await {
                    Some((c, ok)) => {
                        client = c;
                        stats.latencies.push(t.elapsed());
                        if !ok {
                            stats.errors += 1;
                        }
                    }
                    None => break,
                }
                n += 1;
            }
            stats
        }));
    }
    let mut total = Stats::default();
    for t in tasks {
        let s = t.await.unwrap();
        total.latencies.extend(s.latencies);
        total.errors += s.errors;
    }
    total.elapsed = start.elapsed();
    total
}

/// `clients` reading `path` over and over: an answer counts when it is a 200 with a body.
async fn reads(clients: Vec<Client>, duration: Duration, path: String) -> Stats {
    let path = Rc::new(path);
    drive(clients, duration, move |mut c, _, _| {
        let path = path.clone();
        async move {
            let (s, body) = c.send(Method::GET, &path, None, Vec::new()).await;
            Some((c, s == StatusCode::OK && !body.is_empty()))
        }
    })
    .await
}

/// Two 100-ply fixture games as sheets (different, so that a resubmission is a real change).
fn hundred_ply_sheets() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/abapa-random-games.jsonl"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|g| (98..=102).contains(&g["plies"].as_array().unwrap().len()))
        .take(2)
        .map(|g| {
            json!({
                "result": g["end"]["winner"].as_str().unwrap_or("draw"),
                "seeds": g["end"]["scores"],
                "end": "natural",
                "moves": g["moves"],
            })
        })
        .collect()
}

/// A client signed in as the first organiser.
async fn organiser(address: &str) -> Client {
    let mut organiser = Client::new(address);
    let (s, _) = organiser
        .json(
            Method::POST,
            "/api/session",
            &json!({"username": "admin", "password": "load-test-password"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    organiser
}

/// A tournament of `players` with round 1 generated and published: its id, the PINs by player,
/// and the round's games.
async fn published_round(organiser: &Client, players: usize) -> (i64, HashMap<i64, String>, Value) {
    let mut organiser = organiser.clone();
    let (s, t) = organiser
        .json(
            Method::POST,
            "/api/tournaments",
            &json!({"name": format!("Load {players}"), "rules": "abapa", "rounds": 9, "pairing": "swiss"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    let t = t["id"].as_i64().unwrap();
    let mut csv = String::from("name,club,country,rating\n");
    for i in 0..players {
        csv.push_str(&format!("Player {i},Club {},GH,{}\n", i % 20, 2200 - i));
    }
    let (s, body) = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/players/import"),
            Some("text/csv"),
            csv.into_bytes(),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    let created: Value = serde_json::from_slice(&body).unwrap();
    let pins: HashMap<i64, String> = created["created"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["id"].as_i64().unwrap(),
                c["pin"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // Round 1 as the Dutch system pairs it (the top half against the bottom half, by rating),
    // entered by hand: the service generates Swiss rounds of at most 800 players.
    let ids: Vec<i64> = created["created"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect();
    let half = ids.len() / 2;
    let mut pairings: Vec<Value> = (0..half)
        .map(|k| json!({"board": k + 1, "south": ids[k], "north": ids[k + half]}))
        .collect();
    if ids.len() % 2 == 1 {
        pairings.push(json!({"bye": ids[ids.len() - 1]}));
    }
    let (s, _) = organiser
        .json(
            Method::POST,
            &format!("/api/tournaments/{t}/rounds"),
            &json!({ "pairings": pairings }),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    let (s, round) = organiser
        .json(
            Method::POST,
            &format!("/api/tournaments/{t}/rounds/1/publish"),
            &json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    (t, pins, round)
}

/// A tournament of `players` whose first round the controller has filled in (results set with a
/// reason, as from paper sheets): the standings have something to rank.
async fn finished_round(organiser: &Client, players: usize) -> i64 {
    let (t, _, round) = published_round(organiser, players).await;
    for (i, g) in round["games"].as_array().unwrap().iter().enumerate() {
        if g["north"]["id"].is_null() {
            continue;
        }
        let (result, seeds) = match i % 3 {
            0 => ("south", [26, 22]),
            1 => ("north", [20, 28]),
            _ => ("draw", [24, 24]),
        };
        let (s, _) = organiser
            .clone()
            .json(
                Method::PUT,
                &format!("/api/games/{}/result", g["id"]),
                &json!({"kind": "played", "result": result, "seeds": seeds, "reason": "paper sheet"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK);
    }
    t
}

/// A tournament with `players` players and a published first round; the clients of the South
/// and North players of each game, signed in with their PINs.
async fn tournament(
    organiser: &Client,
    address: &str,
    players: usize,
) -> (i64, Vec<(i64, Client, Client)>) {
    let (t, pins, round) = published_round(organiser, players).await;
    let mut games = Vec::new();
    let mut sign_ins = Vec::new();
    for g in round["games"].as_array().unwrap() {
        let (Some(south), Some(north)) = (g["south"]["id"].as_i64(), g["north"]["id"].as_i64())
        else {
            continue;
        };
        let id = g["id"].as_i64().unwrap();
        let address = address.to_string();
        let pins = (pins[&south].clone(), pins[&north].clone());
        sign_ins.push(actix_web::rt::spawn(async move {
            let mut clients = Vec::new();
            for (player, pin) in [(south, pins.0), (north, pins.1)] {
                let mut c = Client::new(&address);
                let (s, _) = c
                    .json(
                        Method::POST,
                        &format!("/api/tournaments/{t}/players/{player}/session"),
                        &json!({"pin": pin}),
                    )
                    .await;
                assert_eq!(s, StatusCode::OK);
                clients.push(c);
            }
            let north = clients.pop().unwrap();
            let south = clients.pop().unwrap();
            (id, south, north)
        }));
    }
    for s in sign_ins {
        games.push(s.await.unwrap());
    }
    (t, games)
}

/// The import of the most players a tournament takes (1,500, a CSV of the players' details):
/// each player's PIN made and hashed, every row written in one transaction. Three imports into
/// new tournaments, each timed from the request to its answer.
async fn import_phase(organiser: &Client) {
    let mut csv = String::from("name,club,country,rating,birth_year,gender\n");
    for i in 0..1500 {
        csv.push_str(&format!(
            "Kwabena Nana Yaw Boateng Owusu-Ansah Osei {i:04},Accra Oware Club,GH,{},{},{}\n",
            1000 + i % 900,
            1950 + i % 60,
            if i % 3 == 0 { "female" } else { "male" }
        ));
    }
    let mut times = Vec::new();
    let mut last = 0;
    for k in 0..3 {
        let mut staff = organiser.clone();
        let (_, t) = staff
            .json(
                Method::POST,
                "/api/tournaments",
                &json!({"name": format!("Import {k}"), "rules": "abapa", "rounds": 7}),
            )
            .await;
        let t = t["id"].as_i64().unwrap();
        let start = Instant::now();
        let (status, body) = staff
            .send(
                Method::POST,
                &format!("/api/tournaments/{t}/players/import"),
                Some("text/csv"),
                csv.clone().into_bytes(),
            )
            .await;
        let took = start.elapsed();
        assert!(
            status.is_success(),
            "the import answered {status}: {}",
            String::from_utf8_lossy(&body)
        );
        times.push(format!("{:.2} s", took.as_secs_f64()));
        last = t;
    }
    println!(
        "import of 1,500 players (CSV, each PIN hashed): {}",
        times.join(", ")
    );
    register_page(organiser, last).await;
}

/// The register's page with 1,500 players waiting to be linked (the last imported tournament
/// rated, none of its players with a number) among a register of 5,000 persons: the first
/// reading builds the search's index, the next ones reuse it; a search of the register too.
async fn register_page(organiser: &Client, t: i64) {
    let mut staff = organiser.clone();
    let first = [
        "Kwame", "Kofi", "Abɛna", "Ama", "Yaw", "Akosua", "Koffi", "Adjoua",
    ];
    let last = [
        "Mensah-Bonsu",
        "Owusu",
        "N'Dri",
        "Dɔnkɔ",
        "Ogunléye",
        "Boateng",
        "Asante",
    ];
    // Added one by one, as the hub's officer does (an imported register would make this
    // service a venue's copy, which links and rates nothing).
    for i in 1..=5000 {
        let name = format!(
            "{} {} {}",
            first[i % first.len()],
            first[(i / 8) % first.len()],
            last[(i / 64) % last.len()]
        );
        let (status, body) = staff
            .json(
                Method::POST,
                "/api/persons",
                &json!({"name": name, "birth_year": 1940 + i % 70, "federation": "GHA"}),
            )
            .await;
        assert!(
            status.is_success(),
            "adding a person answered {status}: {body}"
        );
    }
    let (status, _) = staff
        .json(
            Method::POST,
            &format!("/api/tournaments/{t}/rated"),
            &json!({"rated": true}),
        )
        .await;
    assert!(status.is_success(), "marking it rated answered {status}");
    let mut times = Vec::new();
    for path in [
        "/register",
        "/register",
        "/register?waiting_page=30",
        "/register?q=Abena+Donko",
    ] {
        let start = Instant::now();
        let (status, body) = staff.send(Method::GET, path, None, Vec::new()).await;
        let took = start.elapsed();
        let page = String::from_utf8_lossy(&body);
        assert!(
            status.is_success() && page.contains("players wait"),
            "{path} answered {status}"
        );
        times.push(format!("{path} {:.0} ms", took.as_secs_f64() * 1000.0));
    }
    println!(
        "register page, 1,500 players waiting, 5,000 persons: {}",
        times.join(", ")
    );
}

/// A game of the load's event: its id, its South player and its North player, signed in.
type Game = (i64, Client, Client);

/// Each South player sends sheets for their own game, alternating two different 100-ply games:
/// every request is replayed, checked and stored.
async fn sheets_phase(games: &[Game], sheets: &Rc<Vec<Value>>, duration: Duration) -> Stats {
    let game_ids: Rc<Vec<i64>> = Rc::new(games.iter().map(|g| g.0).collect());
    let clients: Vec<Client> = games.iter().map(|g| g.1.clone()).collect();
    let sheets = sheets.clone();
    drive(clients, duration, move |mut c, i, n| {
        let (ids, sheets) = (game_ids.clone(), sheets.clone());
        async move {
            let (s, _) = c
                .json(
                    Method::POST,
                    &format!("/api/games/{}/sheets", ids[i]),
                    &sheets[n % 2],
                )
                .await;
            // 200: the sheet is the one already waiting (a phase run again starts where the
            // one before may have ended), taken as it should be.
            Some((c, s == StatusCode::CREATED || s == StatusCode::OK))
        }
    })
    .await
}

/// Live streams of the projector view held open, and read as they come, by a thread of
/// their own (non-blocking sockets, swept every 50 ms); closed when dropped.
struct LiveStreams {
    open: usize,
    refused: usize,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    reader: Option<std::thread::JoinHandle<u64>>,
}

impl LiveStreams {
    /// Opens `count` streams of tournament `t`, from `addresses` addresses in turn (as the
    /// trusted proxy reports them).
    fn open(address: &str, t: i64, count: usize, addresses: usize) -> LiveStreams {
        use std::io::{Read, Write};
        let mut streams = Vec::with_capacity(count);
        let mut refused = 0;
        for k in 0..count {
            let Ok(mut s) = std::net::TcpStream::connect(address) else {
                refused += 1;
                continue;
            };
            let from = format!(
                "198.51.{}.{}",
                (k % addresses) / 250,
                (k % addresses) % 250 + 1
            );
            let _ = write!(
                s,
                "GET /tournaments/{t}/live/events HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\nX-Forwarded-For: {from}\r\n\r\n"
            );
            let mut status = [0u8; 12];
            if s.read_exact(&mut status).is_ok() && status.ends_with(b"200") {
                let _ = s.set_nonblocking(true);
                streams.push(s);
            } else {
                refused += 1;
            }
        }
        let open = streams.len();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopping = stop.clone();
        let reader = std::thread::spawn(move || {
            let mut buffer = vec![0u8; 64 * 1024];
            let mut read = 0u64;
            while !stopping.load(std::sync::atomic::Ordering::Relaxed) {
                for s in &mut streams {
                    while let Ok(n) = s.read(&mut buffer) {
                        if n == 0 {
                            break;
                        }
                        read += n as u64;
                    }
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            read
        });
        LiveStreams {
            open,
            refused,
            stop,
            reader: Some(reader),
        }
    }

    /// Closes the streams; the bytes they brought.
    fn close(mut self) -> u64 {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        self.reader.take().map_or(0, |r| r.join().unwrap_or(0))
    }
}

/// The live pages' draws so far (walls, dashboards, players' boards), as the staff's API says.
async fn draws(staff: &Client) -> [u64; 3] {
    let mut staff = staff.clone();
    let (_, v) = staff
        .json(Method::GET, "/api/live-pages", &Value::Null)
        .await;
    // A build without the count says nothing: 0.
    ["walls", "dashboards", "boards"].map(|k| v[k]["draws"].as_u64().unwrap_or(0))
}

/// Another tournament's public standings page (64 players, round 1 played) read alone, then
/// while the load's event takes sheets at full speed, then at 100 a second (a 100-board round
/// whose results all come in within a second): its throughput each way, and how many times its
/// wall (followed by 50 streams) was drawn again during the sheets.
async fn apart_phase(
    address: &str,
    organiser: &Client,
    (games, sheets): (&[Game], &Rc<Vec<Value>>),
    duration: Duration,
    clients: usize,
) {
    let b = finished_round(organiser, 64).await;
    let walls = LiveStreams::open(address.trim_start_matches("http://"), b, 50, 50);
    actix_web::rt::time::sleep(Duration::from_secs(1)).await;
    let path = format!("/tournaments/{b}/standings");
    let visitors = || (0..clients).map(|_| Client::new(address)).collect();
    let mut alone = reads(visitors(), duration, path.clone()).await;
    alone.report("B's standings page, alone", clients);
    let rate = |s: &Stats| s.latencies.len() as f64 / s.elapsed.as_secs_f64();
    for paced in [None, Some(100u32)] {
        let before = draws(organiser).await;
        let owned: Vec<Game> = games.to_vec();
        let sheets = sheets.clone();
        let writing = actix_web::rt::spawn(async move {
            match paced {
                None => sheets_phase(&owned, &sheets, duration).await,
                Some(per_second) => paced_sheets(&owned, &sheets, duration, per_second).await,
            }
        });
        let mut beside = reads(visitors(), duration, path.clone()).await;
        let mut written = writing.await.unwrap();
        actix_web::rt::time::sleep(Duration::from_secs(1)).await;
        let after = draws(organiser).await;
        let how = paced.map_or("at full speed".to_string(), |n| format!("at {n}/s"));
        beside.report(&format!("B's standings page, A's sheets {how}"), clients);
        written.report(&format!("A's sheets {how}"), clients);
        println!(
            "B's standings page beside A's sheets {how}: {:.2}x its throughput alone; B's wall \
             ({} streams) drawn {} times during {} sheets of A",
            rate(&beside) / rate(&alone),
            walls.open,
            after[0] - before[0],
            written.latencies.len()
        );
    }
    walls.close();
}

/// The CPU time a process has used so far (user and system), from `/proc/PID/stat`.
fn cpu_of(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's name (which may hold spaces) are space-separated; utime
    // and stime are the 14th and 15th of the line, in clock ticks.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i).and_then(|f| f.parse::<u64>().ok()))
        .sum();
    // Linux reports them in USER_HZ, 100 a second whatever the kernel's own tick.
    Duration::from_millis(ticks * 10)
}

/// `clients` reading `path` over and over, each sending `If-None-Match: tag`: an answer counts
/// when it is a 304.
async fn held_reads(clients: Vec<Client>, duration: Duration, path: String, tag: String) -> Stats {
    let (path, tag) = (Rc::new(path), Rc::new(tag));
    drive(clients, duration, move |c, _, _| {
        let (path, tag) = (path.clone(), tag.clone());
        async move {
            let answer = c
                .http
                .get(format!("{}{path}", c.base))
                .insert_header(("If-None-Match", tag.as_str()))
                .send()
                .await;
            let held = answer.is_ok_and(|r| r.status() == StatusCode::NOT_MODIFIED);
            Some((c, held))
        }
    })
    .await
}

/// The hot path beside a bare actix-web hello on the same machine, read by the same clients in
/// turn (twice each way): a 64-player event's public standings page, its 304 (the browser holds
/// the page as it is), and the hello. For each, the requests a second and the CPU its server
/// spent on one request (user and system time over the requests answered).
async fn hot_phase(
    address: &str,
    organiser: &Client,
    server: u32,
    duration: Duration,
    clients: usize,
) {
    let t = finished_round(organiser, 64).await;
    let path = format!("/tournaments/{t}/standings");
    let visitor = Client::new(address);
    let res = visitor
        .http
        .get(format!("{address}{path}"))
        .send()
        .await
        .unwrap();
    let tag = res
        .headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .expect("the public standings page has a tag")
        .to_string();
    let hello = Server::hello();
    let visitors = |base: &str| (0..clients).map(|_| Client::new(base)).collect::<Vec<_>>();
    // (requests, seconds, server CPU) of each kind, summed over the runs.
    let mut totals = [(0usize, 0.0f64, Duration::ZERO); 3];
    let names = ["standings page (64)", "standings 304", "hello"];
    for _ in 0..2 {
        for (kind, name) in names.iter().enumerate() {
            let pid = if kind == 2 { hello.child.id() } else { server };
            let before = cpu_of(pid);
            let mut stats = match kind {
                0 => reads(visitors(address), duration, path.clone()).await,
                1 => held_reads(visitors(address), duration, path.clone(), tag.clone()).await,
                _ => reads(visitors(&hello.address), duration, "/".to_string()).await,
            };
            let cpu = cpu_of(pid) - before;
            stats.report(name, clients);
            let n = stats.latencies.len();
            println!(
                "{name:<28} server CPU {:.1} µs a request",
                cpu.as_secs_f64() * 1e6 / n.max(1) as f64
            );
            let total = &mut totals[kind];
            total.0 += n;
            total.1 += stats.elapsed.as_secs_f64();
            total.2 += cpu;
        }
    }
    let rate = |k: usize| totals[k].0 as f64 / totals[k].1;
    let cpu = |k: usize| totals[k].2.as_secs_f64() * 1e6 / totals[k].0.max(1) as f64;
    println!(
        "beside the hello ({:.0} req/s, {:.1} µs CPU a request): the standings page {:.2}x \
         ({:.1} µs), its 304 {:.2}x ({:.1} µs)",
        rate(2),
        cpu(2),
        rate(0) / rate(2),
        cpu(0),
        rate(1) / rate(2),
        cpu(1),
    );
    // The same with wrk, where the machine has it: a load generator in C that leaves the
    // servers more of the two cores than this one does.
    let urls = [
        (format!("{address}{path}"), None),
        (format!("{address}{path}"), Some(tag.as_str())),
        (format!("{}/", hello.address), None),
    ];
    let mut wrk_rates = [0.0f64; 3];
    for (kind, (url, held)) in urls.iter().enumerate() {
        let pid = if kind == 2 { hello.child.id() } else { server };
        let before = cpu_of(pid);
        let Some((rate, requests)) = wrk(url, *held, clients, duration) else {
            println!("(wrk is not on this machine: no second measure)");
            return;
        };
        let cpu = cpu_of(pid) - before;
        println!(
            "{:<28} wrk, {clients} connections: {rate:>9.0} req/s, server CPU {:.1} µs a request",
            names[kind],
            cpu.as_secs_f64() * 1e6 / requests.max(1.0)
        );
        wrk_rates[kind] = rate;
    }
    println!(
        "with wrk, beside the hello ({:.0} req/s): the standings page {:.2}x, its 304 {:.2}x",
        wrk_rates[2],
        wrk_rates[0] / wrk_rates[2],
        wrk_rates[1] / wrk_rates[2],
    );
}

/// wrk's requests a second and requests in all reading `url` over `connections` connections
/// (with `If-None-Match: held` when given), or nothing when wrk cannot be run.
fn wrk(
    url: &str,
    held: Option<&str>,
    connections: usize,
    duration: Duration,
) -> Option<(f64, f64)> {
    let mut command = Command::new("wrk");
    command.args([
        "-t1".to_string(),
        format!("-c{connections}"),
        format!("-d{}s", duration.as_secs()),
    ]);
    if let Some(tag) = held {
        command.args(["-H".to_string(), format!("If-None-Match: {tag}")]);
    }
    let output = command.arg(url).output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let number = |label: &str| {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(label))
            .and_then(|v| v.trim().parse::<f64>().ok())
    };
    let requests = text
        .lines()
        .find_map(|l| l.trim().split_once(" requests in "))
        .and_then(|(n, _)| n.trim().parse::<f64>().ok())?;
    Some((number("Requests/sec:")?, requests))
}

/// The South players of the load's event sending sheets in turn, `per_second` in all.
async fn paced_sheets(
    games: &[Game],
    sheets: &Rc<Vec<Value>>,
    duration: Duration,
    per_second: u32,
) -> Stats {
    let start = Instant::now();
    let mut stats = Stats::default();
    let mut n = 0usize;
    let every = Duration::from_secs(1) / per_second;
    while start.elapsed() < duration {
        let due = start + every * n as u32;
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            actix_web::rt::time::sleep(wait).await;
        }
        let (id, mut south, _) = games[n % games.len()].clone();
        let t = Instant::now();
        let (s, _) = south
            .json(
                Method::POST,
                &format!("/api/games/{id}/sheets"),
                &sheets[(n / games.len()) % 2],
            )
            .await;
        stats.latencies.push(t.elapsed());
        if s != StatusCode::CREATED && s != StatusCode::OK {
            stats.errors += 1;
        }
        n += 1;
    }
    stats.elapsed = start.elapsed();
    stats
}

/// Sheets sent while 2,000 live streams of the same event are open (from 20 addresses), and
/// ordinary requests while 5,000 are attempted (from 50).
async fn live_phase(
    address: &str,
    t: i64,
    (games, sheets): (&[Game], &Rc<Vec<Value>>),
    duration: Duration,
    clients: usize,
) {
    let open_files = oware_tournament::web::plumbing::limits::raise_open_files();
    let host = address.trim_start_matches("http://");
    sheets_phase(games, sheets, duration)
        .await
        .report("sheet, no live stream", clients);
    let streams = LiveStreams::open(host, t, 2_000, 20);
    println!(
        "live streams: {} open, {} refused (this client's open-file limit {open_files})",
        streams.open, streams.refused
    );
    sheets_phase(games, sheets, duration)
        .await
        .report("sheet, 2,000 live streams", clients);
    let read = streams.close();
    println!("live streams brought {:.1} MB", read as f64 / 1e6);
    let streams = LiveStreams::open(host, t, 5_000, 50);
    println!(
        "live streams: {} open, {} refused of 5,000 attempted",
        streams.open, streams.refused
    );
    let visitors = (0..clients).map(|_| Client::new(address));
    let mut stats = reads(visitors.collect(), duration, "/api/tournaments".to_string()).await;
    stats.report("list, 5,000 streams tried", clients);
    println!(
        "slowest answer with 5,000 streams tried: {:.1} ms",
        stats
            .latencies
            .iter()
            .max()
            .copied()
            .unwrap_or_default()
            .as_secs_f64()
            * 1000.0
    );
    streams.close();
}

/// What one live page's stream saw: for each game, when it first showed it confirmed.
type Seen = HashMap<i64, Instant>;

/// A stream of a live page opened with `cookie` from `from` (as the trusted proxy reports it),
/// read on a thread of its own as its events come: `confirmed` says which games an event shows
/// confirmed, and the first time each is shown is kept.
fn follow_page(
    host: &str,
    path: &str,
    cookie: &str,
    from: &str,
    confirmed: fn(&str) -> Vec<i64>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> Option<std::thread::JoinHandle<Seen>> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(host).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\nCookie: {cookie}\r\nX-Forwarded-For: {from}\r\n\r\n"
    )
    .ok()?;
    let mut status = [0u8; 12];
    s.read_exact(&mut status).ok()?;
    if !status.ends_with(b"200") {
        return None;
    }
    s.set_read_timeout(Some(Duration::from_millis(200))).ok()?;
    Some(std::thread::spawn(move || {
        let mut seen = Seen::new();
        let mut text = String::new();
        let mut buffer = vec![0u8; 64 * 1024];
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            match s.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    let at = Instant::now();
                    text.push_str(&String::from_utf8_lossy(&buffer[..n]));
                    // Whole events only: up to the last blank line.
                    if let Some(end) = text.rfind("\n\n") {
                        for game in confirmed(&text[..end]) {
                            seen.entry(game).or_insert(at);
                        }
                        text.drain(..end + 2);
                    }
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => break,
            }
        }
        seen
    }))
}

/// The games a dashboard's event shows confirmed: each row's state links to its game.
fn confirmed_on_dashboard(events: &str) -> Vec<i64> {
    let mut games = Vec::new();
    for (at, _) in events.match_indices("\">confirmed</a>") {
        let before = &events[..at];
        if let Some(start) = before.rfind("/games/")
            && let Ok(id) = before[start + 7..].parse()
        {
            games.push(id);
        }
    }
    games
}

/// The game a player's board shows confirmed (its link to the game, once it says so).
fn confirmed_on_board(events: &str) -> Vec<i64> {
    let mut games = Vec::new();
    for event in events.split("event: update") {
        if !event.contains("Result confirmed.") {
            continue;
        }
        if let Some(start) = event.find("href=\"/games/") {
            let rest = &event[start + 13..];
            let end = rest.find('"').unwrap_or(rest.len());
            if let Ok(id) = rest[..end].parse() {
                games.push(id);
            }
        }
    }
    games
}

/// p50, p99 and the slowest of some delays, in ms.
fn spread(delays: &mut [Duration]) -> String {
    delays.sort();
    let n = delays.len();
    let at = |p: f64| delays[((n as f64 * p) as usize).min(n - 1)].as_secs_f64() * 1000.0;
    if n == 0 {
        return "no update seen".to_string();
    }
    format!(
        "{n} updates, p50 {:.0} ms, p99 {:.0} ms, slowest {:.0} ms",
        at(0.5),
        at(0.99),
        at(1.0)
    )
}

/// The controller's room: a round of 200 games whose staff dashboard is held open by 500
/// devices and whose players' boards by 500 more (the 400 players, 100 of them on a second
/// device), from 20 addresses, while the 200 sheets come in and are confirmed, spread over
/// `duration`; the time from each confirmation's answer to the update that shows it on every
/// open dashboard and on both players' boards.
async fn room_phase(
    address: &str,
    organiser: &Client,
    sheets: &Rc<Vec<Value>>,
    duration: Duration,
) {
    oware_tournament::web::plumbing::limits::raise_open_files();
    let host = address.trim_start_matches("http://").to_string();
    let setup = Instant::now();
    let (t, games) = tournament(organiser, address, 400).await;
    println!(
        "room: 400 players signed in, round 1 of 200 games published, in {:.1} s",
        setup.elapsed().as_secs_f64()
    );
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let from = |k: usize| format!("198.18.0.{}", k % 20 + 1);
    let staff_cookie = organiser.cookie.clone().unwrap();
    let mut dashboards = Vec::new();
    for k in 0..500 {
        let path = format!("/tournaments/{t}/dashboard/events");
        if let Some(h) = follow_page(
            &host,
            &path,
            &staff_cookie,
            &from(k),
            confirmed_on_dashboard,
            stop.clone(),
        ) {
            dashboards.push(h);
        }
    }
    // Each player's board, by the game it shows.
    let mut boards = Vec::new();
    let players: Vec<(i64, &Client)> = games
        .iter()
        .flat_map(|(g, south, north)| [(*g, south), (*g, north)])
        .collect();
    for k in 0..500 {
        let (game, player) = players[k % players.len()];
        let path = format!("/tournaments/{t}/me/events");
        let cookie = player.cookie.clone().unwrap();
        if let Some(h) = follow_page(
            &host,
            &path,
            &cookie,
            &from(k),
            confirmed_on_board,
            stop.clone(),
        ) {
            boards.push((game, h));
        }
    }
    println!(
        "room: {} dashboards and {} players' boards open",
        dashboards.len(),
        boards.len()
    );
    // The sheets come in over `duration`, in a random order; each is confirmed at once.
    let started = Instant::now();
    let mut tasks = Vec::new();
    for (k, (game, south, north)) in games.iter().enumerate() {
        let (game, mut south, mut north) = (*game, south.clone(), north.clone());
        let sheet = sheets[k % sheets.len()].clone();
        let after = duration.mul_f64(((k * 7919) % games.len()) as f64 / games.len() as f64);
        tasks.push(actix_web::rt::spawn(async move {
            actix_web::rt::time::sleep_until((started + after).into()).await;
            let (s, answer) = south
                .json(Method::POST, &format!("/api/games/{game}/sheets"), &sheet)
                .await;
            if s != StatusCode::CREATED {
                return None;
            }
            let (s, _) = north
                .json(
                    Method::POST,
                    &format!("/api/games/{game}/confirm"),
                    &json!({"sheet_id": answer["sheet_id"]}),
                )
                .await;
            (s == StatusCode::OK).then(|| (game, Instant::now()))
        }));
    }
    let mut confirmed = HashMap::new();
    for task in tasks {
        if let Some((game, at)) = task.await.unwrap() {
            confirmed.insert(game, at);
        }
    }
    println!(
        "room: {} of 200 sheets sent and confirmed in {:.1} s",
        confirmed.len(),
        started.elapsed().as_secs_f64()
    );
    // Time for the last updates, then the streams close.
    actix_web::rt::time::sleep(Duration::from_secs(3)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let (mut on_dashboards, mut missed) = (Vec::new(), 0);
    for h in dashboards {
        let seen = h.join().unwrap_or_default();
        for (game, at) in &confirmed {
            match seen.get(game) {
                Some(shown) => on_dashboards.push(shown.saturating_duration_since(*at)),
                None => missed += 1,
            }
        }
    }
    println!(
        "confirmation to dashboard: {} ({missed} never shown)",
        spread(&mut on_dashboards)
    );
    let (mut on_boards, mut missed) = (Vec::new(), 0);
    for (game, h) in boards {
        let seen = h.join().unwrap_or_default();
        match (confirmed.get(&game), seen.get(&game)) {
            (Some(at), Some(shown)) => on_boards.push(shown.saturating_duration_since(*at)),
            (Some(_), None) => missed += 1,
            _ => {}
        }
    }
    println!(
        "confirmation to player's board: {} ({missed} never shown)",
        spread(&mut on_boards)
    );
}

/// Sheets sent while one laptop tries to hold 10,000 connections (silent, trickling a head or a
/// body a byte at a time, or kept alive; whatever is closed opens again a second later), and a
/// room of 300 phones behind another address signing in at the same moment.
async fn hoard_phase(
    address: &str,
    organiser: &Client,
    (games, sheets): (&[Game], &Rc<Vec<Value>>),
    duration: Duration,
    clients: usize,
) {
    oware_tournament::web::plumbing::limits::raise_open_files();
    let server: std::net::SocketAddr = address.trim_start_matches("http://").parse().unwrap();
    let (room, pins, _) = published_round(organiser, 300).await;
    let players: Vec<(i64, String)> = pins.into_iter().collect();
    let stop = Rc::new(std::cell::Cell::new(false));
    let laptop = raw::hoard("127.0.0.2", server, 10_000, stop.clone());
    let start = Instant::now();
    while laptop.closed.get() < 10_000 {
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "hoarding laptop: 10,000 connections tried, {} closed or refused in {:.1} s",
        laptop.closed.get(),
        start.elapsed().as_secs_f64()
    );
    let mut stats = sheets_phase(games, sheets, duration).await;
    stats.report("sheet, 10,000 hoarded", clients);
    println!(
        "slowest sheet while hoarded: {:.1} ms",
        stats
            .latencies
            .last()
            .copied()
            .unwrap_or_default()
            .as_secs_f64()
            * 1000.0
    );
    let start = Instant::now();
    let (answers, phones) = raw::room_signs_in("127.0.0.3", server, room, &players, 300).await;
    let mut statuses: std::collections::BTreeMap<String, usize> = Default::default();
    for (answer, _) in &answers {
        let status = answer
            .as_ref()
            .map_or("no answer".to_string(), |(s, _)| s.to_string());
        *statuses.entry(status).or_default() += 1;
    }
    let signed_in = statuses.get("200").copied().unwrap_or(0);
    if signed_in < answers.len() {
        println!("room answers: {statuses:?}");
    }
    let slowest = answers
        .iter()
        .map(|(_, took)| *took)
        .max()
        .unwrap_or_default();
    println!(
        "room of 300 phones behind one address, at once, while hoarded: {signed_in} signed in, slowest {:.0} ms, all in {:.1} s",
        slowest.as_secs_f64() * 1000.0,
        start.elapsed().as_secs_f64()
    );
    laptop.reopen.set(false);
    actix_web::rt::time::sleep(Duration::from_secs(2)).await;
    println!(
        "hoarding laptop holds {} connections, {} closed or refused in all",
        laptop.holding.get(),
        laptop.closed.get()
    );
    stop.set(true);
    drop(phones);
    actix_web::rt::time::sleep(Duration::from_secs(1)).await;
}

/// The organiser signing in `times` times, one after another, on `device` (signing out after
/// each): the time each sign-in took.
async fn organiser_sign_ins(device: &mut Client, times: usize) -> Stats {
    let start = Instant::now();
    let mut stats = Stats::default();
    for _ in 0..times {
        let t = Instant::now();
        let (s, _) = device
            .json(
                Method::POST,
                "/api/session",
                &json!({"username": "admin", "password": "load-test-password"}),
            )
            .await;
        stats.latencies.push(t.elapsed());
        if s != StatusCode::OK {
            stats.errors += 1;
        }
        device
            .send(Method::DELETE, "/api/session", None, Vec::new())
            .await;
    }
    stats.elapsed = start.elapsed();
    stats
}

/// `clients` anonymous clients guessing passwords of names that do not exist until `stop`: each
/// at an address of its own, or (`new_address_each_time`) at a new address for every guess, as
/// a client with a whole network of addresses would. Their answers: (401s, 429s).
fn flood(
    address: &str,
    clients: usize,
    new_address_each_time: bool,
    stop: Rc<std::cell::Cell<bool>>,
) -> Vec<actix_web::rt::task::JoinHandle<(usize, usize)>> {
    (0..clients)
        .map(|i| {
            let mut c = Client::new(address);
            let stop = stop.clone();
            actix_web::rt::spawn(async move {
                let (mut wrong, mut throttled) = (0, 0);
                let mut n = 0usize;
                while !stop.get() {
                    let host = if new_address_each_time { n } else { 0 };
                    c.forwarded = Some(format!("10.{}.{}.{}", i, host / 250 % 250, host % 250 + 1));
                    let (s, _) = c
                        .json(
                            Method::POST,
                            "/api/session",
                            &json!({"username": format!("visitor{i}-{n}"), "password": "guess"}),
                        )
                        .await;
                    match s {
                        StatusCode::UNAUTHORIZED => wrong += 1,
                        StatusCode::TOO_MANY_REQUESTS => throttled += 1,
                        _ => {}
                    }
                    n += 1;
                }
                (wrong, throttled)
            })
        })
        .collect()
}

/// The organiser's sign-in, on a device used before and on a new one, alone and while anonymous
/// clients flood the sign-in with guesses (measured after `warm_up`, when the flooders at one
/// address each have used their allowance).
async fn flood_phase(address: &str, clients: usize, warm_up: Duration) {
    let mut laptop = organiser(address).await;
    laptop
        .send(Method::DELETE, "/api/session", None, Vec::new())
        .await;
    organiser_sign_ins(&mut laptop, 20)
        .await
        .report("organiser sign-in, quiet", 1);
    for (kind, new_address_each_time) in [
        ("one address each", false),
        ("a new address per guess", true),
    ] {
        let stop = Rc::new(std::cell::Cell::new(false));
        let flooders = flood(address, clients, new_address_each_time, stop.clone());
        actix_web::rt::time::sleep(warm_up).await;
        organiser_sign_ins(&mut laptop, 20)
            .await
            .report("  known device, flooded", 1);
        let mut new_device = Client::new(address);
        organiser_sign_ins(&mut new_device, 1)
            .await
            .report("  new device, flooded", 1);
        stop.set(true);
        let (mut wrong, mut throttled) = (0, 0);
        for f in flooders {
            let (w, t) = f.await.unwrap();
            wrong += w;
            throttled += t;
        }
        println!(
            "  flood of {clients} clients, {kind}: {wrong} guesses checked (401), {throttled} refused unchecked (429)"
        );
    }
}

fn main() {
    let options = options();
    let server = Server::start(options.slow_sync);
    println!(
        "server {} (release build), {} clients, {} s per phase{}",
        server.address,
        options.clients,
        options.seconds,
        options
            .slow_sync
            .map_or(String::new(), |ms| format!(", every sync {ms} ms slower"))
    );
    let address = server.address.clone();
    let server_pid = server.child.id();
    let duration = Duration::from_secs(options.seconds);
    actix_web::rt::System::new().block_on(async move {
        let sheets = Rc::new(hundred_ply_sheets());
        let setup = Instant::now();
        let organiser = organiser(&address).await;
        let (t, games) = tournament(&organiser, &address, options.clients * 2).await;
        println!(
            "set-up: {} players signed in with their PINs in {:.1} s",
            games.len() * 2,
            setup.elapsed().as_secs_f64()
        );

        if options.phases.iter().any(|p| p == "import") {
            import_phase(&organiser).await;
        }
        if options.phases.iter().any(|p| p == "circuit") {
            circuit_load::circuit_phase(&organiser).await;
        }
        if options.phases.iter().any(|p| p == "sheets") {
            sheets_phase(&games, &sheets, duration)
                .await
                .report("sheet (100 plies, verified)", options.clients);
        }
        if options.phases.iter().any(|p| p == "live") {
            live_phase(&address, t, (&games, &sheets), duration, options.clients).await;
        }
        if options.phases.iter().any(|p| p == "room") {
            room_phase(&address, &organiser, &sheets, duration).await;
        }
        if options.phases.iter().any(|p| p == "apart") {
            apart_phase(
                &address,
                &organiser,
                (&games, &sheets),
                duration,
                options.clients,
            )
            .await;
        }
        if options.phases.iter().any(|p| p == "hoard") {
            hoard_phase(
                &address,
                &organiser,
                (&games, &sheets),
                duration,
                options.clients,
            )
            .await;
        }
        if options.phases.iter().any(|p| p == "confirm") {
            // Each North player confirms their opponent's sheet: once, then again (a repeat that
            // changes nothing, as a double click would).
            let game_ids: Rc<Vec<i64>> = Rc::new(games.iter().map(|g| g.0).collect());
            let mut clients: Vec<Client> = games.iter().map(|g| g.2.clone()).collect();
            // The sheet each North player reads on the game before confirming it.
            let mut sheet_ids = Vec::with_capacity(clients.len());
            for (c, id) in clients.iter_mut().zip(game_ids.iter()) {
                let (_, game) = c
                    .send(Method::GET, &format!("/api/games/{id}"), None, Vec::new())
                    .await;
                let game: Value = serde_json::from_slice(&game).unwrap_or(Value::Null);
                sheet_ids.push(
                    game["sheets"]
                        .as_array()
                        .and_then(|s| s.last())
                        .map(|s| s["id"].clone()),
                );
            }
            let sheet_ids = Rc::new(sheet_ids);
            let mut stats = drive(clients, duration, move |mut c, i, _| {
                let (ids, sheet_ids) = (game_ids.clone(), sheet_ids.clone());
                async move {
                    let (s, _) = c
                        .json(
                            Method::POST,
                            &format!("/api/games/{}/confirm", ids[i]),
                            &json!({"sheet_id": sheet_ids[i]}),
                        )
                        .await;
                    Some((c, s == StatusCode::OK))
                }
            })
            .await;
            stats.report("confirm", options.clients);
        }
        if options.phases.iter().any(|p| p == "standings") {
            for &players in &options.events {
                let setup = Instant::now();
                let t = finished_round(&organiser, players).await;
                println!(
                    "set-up: a {players}-player event with round 1 played, in {:.1} s",
                    setup.elapsed().as_secs_f64()
                );
                // The public standings page (anonymous clients), then the organiser's CSV.
                let visitors = (0..options.clients).map(|_| Client::new(&address));
                reads(
                    visitors.collect(),
                    duration,
                    format!("/tournaments/{t}/standings"),
                )
                .await
                .report(
                    &format!("standings page ({players} players)"),
                    options.clients,
                );
                let staff = (0..options.clients).map(|_| organiser.clone());
                reads(
                    staff.collect(),
                    duration,
                    format!("/tournaments/{t}/standings.csv"),
                )
                .await
                .report(
                    &format!("standings CSV ({players} players)"),
                    options.clients,
                );
            }
        }
        if options.phases.iter().any(|p| p == "hot") {
            hot_phase(&address, &organiser, server_pid, duration, options.clients).await;
        }
        if options.phases.iter().any(|p| p == "flood") {
            flood_phase(&address, 48, duration).await;
        }
        if options.phases.iter().any(|p| p == "hub") {
            hub_phase(&address, server_pid, options.venues, duration).await;
        }
        if options.phases.iter().any(|p| p == "restart") {
            restart_phase(options.venues, duration).await;
        }
        if options.phases.iter().any(|p| p == "venue") {
            venue_restart::venue_phase(options.venues, duration).await;
        }
    });
    println!("server peak memory: {:.1} MiB", server.peak_memory_mib());
}

/// A token made on the hub's page, as its organiser copies it.
async fn hub_token(organiser: &mut Client, label: &str) -> String {
    let (_, page) = organiser.send(Method::GET, "/hub", None, Vec::new()).await;
    let page = String::from_utf8_lossy(&page).to_string();
    let csrf = page
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the hub's page has a form")
        .to_string();
    let form = format!("csrf={}&label={}", urlencode(&csrf), urlencode(label));
    let (status, body) = organiser
        .send(
            Method::POST,
            "/hub/tokens",
            Some("application/x-www-form-urlencoded"),
            form.into_bytes(),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let body = String::from_utf8_lossy(&body).to_string();
    body.split("<code class=\"token\">")
        .nth(1)
        .and_then(|rest| rest.split("</code>").next())
        .expect("the token is shown once")
        .to_string()
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// What one venue saw of its pushes.
#[derive(Default)]
struct Venue {
    /// From a sheet's acknowledgement at the venue to the hub's public round showing it.
    shown: Vec<Duration>,
    /// Pushes the hub did not take as changes.
    errors: usize,
}

/// A push with the venue's token: the hub's status and answer.
async fn hub_push(client: &mut Client, token: &str, body: &Value) -> (StatusCode, Value) {
    let req = client
        .http
        .put(format!("{}/api/hub/publish", client.base))
        .insert_header(("Authorization", format!("Bearer {token}")))
        .insert_header(("Content-Type", "application/json"));
    match req.send_body(body.to_string()).await {
        Ok(mut res) => {
            let bytes = res.body().limit(1 << 20).await.unwrap_or_default();
            (
                res.status(),
                serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            )
        }
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, Value::Null),
    }
}

/// One venue: its event pushed whole, then a sheet every `pace` (started `offset` into it; none:
/// one after the other), each pushed as the changes since the hub's version and followed on the
/// hub's public round.
async fn venue(
    address: String,
    token: String,
    n: usize,
    (offset, pace, whole): (Duration, Option<Duration>, bool),
    duration: Duration,
) -> Venue {
    use oware_tournament::service::hub::digest;
    use oware_tournament::tournament::archive::FileChanges;
    let uid = format!(
        "{:032x}",
        n + usize::from(pace.is_none()) * 1000 + usize::from(whole) * 2000
    );
    let fixtures = event_file::fixtures();
    let mut file = event_file::event_file(100, 5, 4, &uid);
    let mut client = Client::new(&address);
    let mut seen = Venue::default();
    let (status, answer) =
        hub_push(&mut client, &token, &json!({"version": 1, "file": file})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let hub_t = answer["tournament"].as_i64().unwrap();
    let mut held = (1_i64, answer["digest"].as_str().unwrap().to_string());
    // What the venue keeps of the file the hub took, as the service does.
    let first = file.games.iter().position(|g| g.round == 5).unwrap();
    actix_web::rt::time::sleep(offset).await;
    let (start, mut step) = (Instant::now(), 0);
    while start.elapsed() < duration && first + step / 2 < file.games.len() {
        if let Some(pace) = pace {
            let due = start + pace * step as u32;
            if let Some(wait) = due.checked_duration_since(Instant::now()) {
                actix_web::rt::time::sleep(wait).await;
            }
        }
        // The venue acknowledges the sheet; its push follows.
        let acknowledged = Instant::now();
        let (i, k) = (first + step / 2, step % 2);
        let mut next = file.clone();
        event_file::sheet_sent(&mut next, &fixtures, i, k);
        let changes = FileChanges::between(&file, &next).expect("changes");
        let now = digest(&next);
        let body = if whole {
            json!({"version": held.0 + 1, "file": next})
        } else {
            json!({"version": held.0 + 1, "since": {"version": held.0, "digest": held.1},
                   "digest": now, "changes": changes})
        };
        let (status, answer) = hub_push(&mut client, &token, &body).await;
        if status != StatusCode::OK || answer["taken"] != true {
            seen.errors += 1;
            break;
        }
        let (board, wanted) = (
            next.games[i].board.unwrap(),
            if k == 0 { "submitted" } else { "confirmed" },
        );
        loop {
            let (_, round) = client
                .json(
                    Method::GET,
                    &format!("/api/tournaments/{hub_t}/rounds/5"),
                    &Value::Null,
                )
                .await;
            let shown = round["games"].as_array().is_some_and(|games| {
                games
                    .iter()
                    .any(|g| g["board"] == board && g["status"] == wanted)
            });
            if shown {
                break;
            }
        }
        seen.shown.push(acknowledged.elapsed());
        (file, held, step) = (next, (held.0 + 1, now), step + 1);
    }
    seen
}

/// `venues` venues publishing to this server as their hub at once (see the module): a sheet a
/// second each, then as fast as each can.
/// Then, to compare, a sheet a second each pushed as the whole file (as every push was before).
/// After each, the server's resident memory.
async fn hub_phase(address: &str, server_pid: u32, venues: usize, duration: Duration) {
    let second = Some(Duration::from_secs(1));
    for (pace, whole) in [(second, false), (None, false), (second, true)] {
        hub_venues(address, venues, (pace, whole), duration).await;
        println!(
            "  the server's resident memory then: {:.1} MiB",
            memory_mib(server_pid, "VmRSS:")
        );
    }
}

/// A line of a process's `/proc/PID/status` in MiB (`VmRSS:` now, `VmHWM:` at its peak).
fn memory_mib(pid: u32, line: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(line))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

async fn hub_venues(
    address: &str,
    venues: usize,
    (pace, whole): (Option<Duration>, bool),
    duration: Duration,
) {
    let mut organiser = organiser(address).await;
    let mut tokens = Vec::with_capacity(venues);
    for n in 0..venues {
        let label = format!("Venue {n} {pace:?} {whole}");
        tokens.push(hub_token(&mut organiser, &label).await);
    }
    let set_up = Instant::now();
    let mut tasks = Vec::new();
    for (n, token) in tokens.into_iter().enumerate() {
        let offset = pace.unwrap_or_default() * n as u32 / venues as u32;
        let address = address.to_string();
        let task = venue(address, token, n, (offset, pace, whole), duration);
        tasks.push(actix_web::rt::spawn(task));
    }
    let mut shown = Vec::new();
    let mut errors = 0;
    for task in tasks {
        let venue = task.await.unwrap();
        shown.extend(venue.shown);
        errors += venue.errors;
    }
    let elapsed = set_up.elapsed();
    shown.sort();
    let pct = |p: f64| {
        shown
            .get(((shown.len() as f64 * p) as usize).min(shown.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
            .as_secs_f64()
            * 1000.0
    };
    let paced = match (pace, whole) {
        (None, _) => "as fast as each can, as changes",
        (Some(_), false) => "a sheet a second each, as changes",
        (Some(_), true) => "a sheet a second each, each push the whole file (as before)",
    };
    println!(
        "hub, {venues} venues of 100 players, {paced}: {} changes taken in {:.1} s ({:.0}/s, the first whole files included), from a sheet's acknowledgement to the hub's public round showing it p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; not taken {errors}",
        shown.len(),
        elapsed.as_secs_f64(),
        shown.len() as f64 / elapsed.as_secs_f64(),
        pct(0.5),
        pct(0.99),
        pct(1.0),
    );
}

/// What a venue sent to catch up after its hub started again: the bytes and sheets of the push
/// taken, whether the hub wanted the whole file, and when it was taken after the start.
struct CaughtUp {
    bytes: usize,
    sheets: usize,
    whole: bool,
    after: Duration,
}

/// One venue of the restart phase: a sheet every `pace`, each pushed as the changes since the
/// version the hub last took; while the hub cannot be reached the sheets go on, and the first
/// push taken after carries all of them (or the whole file, when the hub asks for it).
async fn restarted_venue(
    (address, token, n): (String, String, usize),
    (offset, pace, duration): (Duration, Duration, Duration),
    started_again: Rc<std::cell::Cell<Option<Instant>>>,
) -> (usize, Option<CaughtUp>, usize) {
    use oware_tournament::service::hub::digest;
    use oware_tournament::tournament::archive::FileChanges;
    let fixtures = event_file::fixtures();
    let mut file = event_file::event_file(100, 5, 4, &format!("{:032x}", 5000 + n));
    let mut client = Client::new(&address);
    let body = json!({"version": 1, "file": file});
    let (status, answer) = hub_push(&mut client, &token, &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let mut held = (1_i64, answer["digest"].as_str().unwrap().to_string());
    let mut acked = file.clone();
    let whole_bytes = body.to_string().len();
    let (mut missed, mut caught, mut refused) = (0, None, 0);
    let first = file.games.iter().position(|g| g.round == 5).unwrap();
    actix_web::rt::time::sleep(offset).await;
    let (start, mut step) = (Instant::now(), 0);
    while start.elapsed() < duration && first + step / 2 < file.games.len() {
        let due = start + pace * step as u32;
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            actix_web::rt::time::sleep(wait).await;
        }
        event_file::sheet_sent(&mut file, &fixtures, first + step / 2, step % 2);
        step += 1;
        let version = 1 + step as i64;
        let now = digest(&file);
        let changes = FileChanges::between(&acked, &file).expect("changes");
        let body = json!({"version": version, "since": {"version": held.0, "digest": held.1},
                          "digest": now, "changes": changes});
        let (status, answer) = hub_push(&mut client, &token, &body).await;
        let mut sent = body.to_string().len();
        let mut whole = false;
        let taken = match (
            status,
            answer["taken"] == true,
            answer["file_wanted"] == true,
        ) {
            (StatusCode::OK, true, _) => true,
            (StatusCode::OK, _, true) => {
                whole = true;
                let body = json!({"version": version, "file": file});
                sent = body.to_string().len();
                let (status, answer) = hub_push(&mut client, &token, &body).await;
                status == StatusCode::OK && answer["taken"] == true
            }
            (StatusCode::OK, _, _) => {
                refused += 1;
                false
            }
            _ => false,
        };
        if !taken {
            missed += 1;
            continue;
        }
        if missed > 0 && caught.is_none() {
            caught = Some(CaughtUp {
                bytes: sent,
                sheets: missed + 1,
                whole,
                after: started_again.get().map_or(Duration::ZERO, |t| t.elapsed()),
            });
        }
        missed = 0;
        (held, acked) = ((version, now), file.clone());
    }
    (whole_bytes, caught, refused)
}

/// `venues` venues publishing to a hub of their own, a sheet a second each; halfway the hub is
/// killed (SIGKILL), and 5 s later started again on its database at the same address, while
/// the venues go on: what each sends to catch up, against the whole file.
async fn restart_phase(venues: usize, duration: Duration) {
    let mut hub = Server::start(None);
    let address = hub.address.clone();
    let mut organiser = organiser(&address).await;
    let mut tokens = Vec::with_capacity(venues);
    for n in 0..venues {
        tokens.push(hub_token(&mut organiser, &format!("Restarted venue {n}")).await);
    }
    let started_again = Rc::new(std::cell::Cell::new(None));
    let pace = Duration::from_secs(1);
    let mut tasks = Vec::new();
    for (n, token) in tokens.into_iter().enumerate() {
        let offset = pace * n as u32 / venues as u32;
        let task = restarted_venue(
            (address.clone(), token, n),
            (offset, pace, duration),
            started_again.clone(),
        );
        tasks.push(actix_web::rt::spawn(task));
    }
    actix_web::rt::time::sleep(duration / 2).await;
    let dir = hub._dir.take().unwrap();
    let pid = hub.child.id();
    let killed = Instant::now();
    drop(hub);
    // Down a while, as a machine started again is.
    actix_web::rt::time::sleep(Duration::from_secs(5)).await;
    let bind = address.trim_start_matches("http://").to_string();
    let hub = actix_web::rt::task::spawn_blocking(move || Server::start_in(dir, &bind, None))
        .await
        .unwrap();
    started_again.set(Some(Instant::now()));
    let down = killed.elapsed();
    let (mut caught, mut whole_bytes, mut refused) = (Vec::new(), 0, 0);
    for task in tasks {
        let (whole, c, r) = task.await.unwrap();
        whole_bytes = whole;
        refused += r;
        caught.extend(c);
    }
    let mut bytes: Vec<usize> = caught.iter().map(|c| c.bytes).collect();
    bytes.sort_unstable();
    let mut after: Vec<Duration> = caught.iter().map(|c| c.after).collect();
    after.sort();
    let sheets: usize = caught.iter().map(|c| c.sheets).sum();
    println!(
        "hub killed (pid {pid}) and started again on its database, down {:.1} s, under {venues} venues of 100 players a sheet a second: {} venues caught up, {} with the whole file, in one push each of {} sheets in all; bytes of that push p50 {}, max {} (the whole file {whole_bytes}); taken {:.2} s (p50), {:.2} s (max) after the start; refused {refused}",
        down.as_secs_f64(),
        caught.len(),
        caught.iter().filter(|c| c.whole).count(),
        sheets,
        bytes.get(bytes.len() / 2).copied().unwrap_or(0),
        bytes.last().copied().unwrap_or(0),
        after
            .get(after.len() / 2)
            .map_or(0.0, Duration::as_secs_f64),
        after.last().map_or(0.0, Duration::as_secs_f64),
    );
    drop(hub);
}
