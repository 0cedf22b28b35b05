//! Results and pairings by SMS through a real gateway: Kannel's `bearerbox` and `smsbox`, started
//! as a venue starts them, with Kannel's fake SMSC (`fakesmsc`, from `kannel-extras`) playing the
//! players' phones. Nothing inside the service is mocked.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::sheets::publish;
use crate::swiss::fixture_games;

pub(crate) const TOKEN: &str = "test-gateway-token-0123456789";
const BEARERBOX: &str = "/usr/sbin/bearerbox";
const SMSBOX: &str = "/usr/sbin/smsbox";
const FAKESMSC: &str = "/usr/lib/kannel/test/fakesmsc";
/// The venue's number, which messages come from and go to.
pub(crate) const VENUE: &str = "1234";

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Kannel's two boxes and the phones on its fake SMSC.
pub struct Gateway {
    dir: tempfile::TempDir,
    config: PathBuf,
    bearerbox: RefCell<Option<Child>>,
    smsbox: Child,
    fake_port: u16,
    /// bearerbox's port for smsbox, and smsbox's for the service.
    boxes: u16,
    sendsms: u16,
    /// The phone connected now (one `fakesmsc` at a time: the fake SMSC serves one client), and
    /// what every one before it received.
    phone: RefCell<Option<(Child, PathBuf)>>,
    received: RefCell<Vec<PathBuf>>,
}

impl Gateway {
    /// Starts Kannel handing players' messages to the service at `service`, taking messages to
    /// send on `sendsms_port`.
    pub fn start(service: &str, sendsms_port: u16) -> Gateway {
        for program in [BEARERBOX, SMSBOX, FAKESMSC] {
            assert!(
                Path::new(program).exists(),
                "{program} is missing: install Debian's kannel and kannel-extras (.ci/run does)"
            );
        }
        let dir = tempfile::tempdir().unwrap();
        let (admin, boxes, fake_port) = (free_port(), free_port(), free_port());
        let store = dir.path().join("store");
        let config = dir.path().join("kannel.conf");
        // The venue's configuration (deploy/kannel/kannel.conf), with the fake SMSC for the modem
        // and this run's ports and folders.
        let text = std::fs::read_to_string("deploy/kannel/kannel.conf")
            .unwrap()
            .replace("admin-port = 13000", &format!("admin-port = {admin}"))
            .replace("smsbox-port = 13001", &format!("smsbox-port = {boxes}"))
            .replace("sendsms-port = 13013", &format!("sendsms-port = {sendsms_port}"))
            .replace("/var/log/kannel", dir.path().to_str().unwrap())
            .replace("/var/spool/kannel/store", store.to_str().unwrap())
            .replace("include = \"/etc/kannel/modems.conf\"\n", "")
            .replace(
                "include = \"deploy/kannel/modem.conf\"",
                &format!(
                    "group = smsc\nsmsc = fake\nsmsc-id = fake\nport = {fake_port}\nconnect-allow-ip = 127.0.0.1"
                ),
            )
            .replace("CHANGE-ME-password", "sendsms-pass")
            .replace("CHANGE-ME-token-of-16-characters", TOKEN)
            .replace("http://127.0.0.1:8080", service)
            .replace("http-queue-delay = 10", "http-queue-delay = 1");
        assert!(text.contains(&format!("port = {fake_port}")), "{text}");
        std::fs::write(&config, text).unwrap();
        let bearerbox = start_box(BEARERBOX, &config, dir.path());
        // smsbox gives up at once when bearerbox does not answer yet.
        assert!(wait_for_port(boxes), "bearerbox does not listen on {boxes}");
        let gateway = Gateway {
            bearerbox: RefCell::new(Some(bearerbox)),
            smsbox: start_box(SMSBOX, &config, dir.path()),
            config,
            dir,
            fake_port,
            boxes,
            sendsms: sendsms_port,
            phone: RefCell::new(None),
            received: RefCell::new(Vec::new()),
        };
        if !wait_for_port(sendsms_port) {
            let logs: Vec<String> = ["bearerbox.err", "smsbox.err", "bearerbox.log", "smsbox.log"]
                .iter()
                .map(|f| std::fs::read_to_string(gateway.dir.path().join(f)).unwrap_or_default())
                .collect();
            panic!("smsbox does not listen on {sendsms_port}: {logs:#?}");
        }
        gateway
    }

    /// A phone sends `text` from `number`: the phone connected before hangs up (what it received
    /// is kept), and this one stays connected, receiving what the service sends, until the next.
    pub fn send(&self, number: &str, text: &str) {
        self.hang_up();
        let out = self
            .dir
            .path()
            .join(format!("phone-{}.log", self.received.borrow().len()));
        let child = Command::new(FAKESMSC)
            .args(["-H", "127.0.0.1", "-r", &self.fake_port.to_string()])
            .args(["-i", "0.1", "-m", "1"])
            .arg(format!("{number} {VENUE} text {text}"))
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&out).unwrap())
            .spawn()
            .expect("fakesmsc starts");
        *self.phone.borrow_mut() = Some((child, out.clone()));
        self.received.borrow_mut().push(out);
    }

    /// The port of the fake SMSC, where a phone (or a switchboard of them) connects.
    pub fn fake_port(&self) -> u16 {
        self.fake_port
    }

    pub fn hang_up(&self) {
        if let Some((mut child, _)) = self.phone.borrow_mut().take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// A phone that only listens (nothing sent), for messages that come without a question.
    pub fn listen(&self) {
        self.hang_up();
        let out = self
            .dir
            .path()
            .join(format!("phone-{}.log", self.received.borrow().len()));
        let child = Command::new(FAKESMSC)
            .args(["-H", "127.0.0.1", "-r", &self.fake_port.to_string()])
            .args(["-m", "0", "x y text nothing"])
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&out).unwrap())
            .spawn()
            .expect("fakesmsc starts");
        *self.phone.borrow_mut() = Some((child, out.clone()));
        self.received.borrow_mut().push(out);
    }

    /// Every message the phones received so far, as (to, text), in order.
    pub fn received(&self) -> Vec<(String, String)> {
        let mut all = Vec::new();
        for path in self.received.borrow().iter() {
            let log = std::fs::read_to_string(path).unwrap_or_default();
            for line in log.lines() {
                let Some(rest) = line.split_once("Got message ").map(|(_, r)| r) else {
                    continue;
                };
                let Some(body) = rest.split_once(": <").map(|(_, b)| b.trim_end_matches('>'))
                else {
                    continue;
                };
                // `<from> <to> <type> <text>`
                let mut parts = body.splitn(4, ' ');
                let (_from, to, kind, text) = (
                    parts.next().unwrap_or(""),
                    parts.next().unwrap_or("").to_string(),
                    parts.next().unwrap_or(""),
                    parts.next().unwrap_or("").to_string(),
                );
                let text = if kind == "ucs2" || kind == "data" {
                    url::form_urlencoded::parse(format!("t={text}").as_bytes())
                        .next()
                        .map(|(_, v)| v.into_owned())
                        .unwrap_or_default()
                } else {
                    text
                };
                all.push((to, text));
            }
        }
        all
    }

    /// Waits for the `n`th message (counting from 1) to `number`, and gives its text.
    pub async fn message_to(&self, number: &str, n: usize) -> String {
        let started = Instant::now();
        loop {
            let to: Vec<String> = self
                .received()
                .into_iter()
                .filter(|(to, _)| to == number)
                .map(|(_, text)| text)
                .collect();
            if let Some(text) = to.get(n - 1) {
                return text.clone();
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no message {n} to {number} came; all: {:?}",
                self.received()
            );
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Stops bearerbox as a power cut would (SIGKILL), and starts it again on its store; smsbox,
    /// which ends with bearerbox, is started again after it (as `run_kannel_box` does at a venue).
    pub fn restart_bearerbox(&mut self) {
        if let Some(mut child) = self.bearerbox.borrow_mut().take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = self.smsbox.kill();
        let _ = self.smsbox.wait();
        let bearerbox = start_box(BEARERBOX, &self.config, self.dir.path());
        assert!(wait_for_port(self.boxes), "bearerbox does not listen again");
        *self.bearerbox.borrow_mut() = Some(bearerbox);
        self.smsbox = start_box(SMSBOX, &self.config, self.dir.path());
        assert!(wait_for_port(self.sendsms), "smsbox does not listen again");
    }
}

impl Drop for Gateway {
    fn drop(&mut self) {
        self.hang_up();
        let _ = self.smsbox.kill();
        let _ = self.smsbox.wait();
        if let Some(mut child) = self.bearerbox.borrow_mut().take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn start_box(program: &str, config: &Path, dir: &Path) -> Child {
    let name = Path::new(program).file_name().unwrap().to_str().unwrap();
    Command::new(program)
        .arg(config)
        .stdout(std::fs::File::create(dir.join(format!("{name}.out"))).unwrap())
        .stderr(std::fs::File::create(dir.join(format!("{name}.err"))).unwrap())
        .spawn()
        .expect("the box starts")
}

/// Whether something listens on `port` within 30 s.
fn wait_for_port(port: u16) -> bool {
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if started.elapsed() > Duration::from_secs(30) {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

/// A service that sends and takes SMS through Kannel at `sendsms_port`.
pub(crate) async fn sms_app(sendsms_port: u16) -> TestApp {
    spawn_app_tuned(|c| c.sms = Some(sms_config(sendsms_port))).await
}

pub(crate) fn sms_config(sendsms_port: u16) -> oware_tournament::config::SmsConfig {
    oware_tournament::config::SmsConfig {
        token: TOKEN.to_string(),
        sendsms: Some(format!("http://127.0.0.1:{sendsms_port}/cgi-bin/sendsms")),
        username: "oware".to_string(),
        password: "sendsms-pass".to_string(),
        from: VENUE.to_string(),
        country: Some("233".to_string()),
        rate: 50,
        reports_url: None,
    }
}

/// The SMS log of a tournament, newest first.
pub(crate) async fn log(staff: &Client, t: i64) -> Vec<Value> {
    let r = staff.get(&format!("/api/tournaments/{t}/sms")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()["messages"].as_array().unwrap().clone()
}

/// Waits until every message out of tournament `t` is delivered and read by a phone: one phone
/// at a time is connected, and a phone hung up would lose what the fake SMSC was writing to it.
async fn settle(gateway: &Gateway, staff: &Client, t: i64) {
    let started = Instant::now();
    loop {
        let messages = log(staff, t).await;
        let out = messages.iter().filter(|m| m["incoming"] == false).count();
        let delivered = messages
            .iter()
            .filter(|m| m["incoming"] == false && m["state"] == "delivered")
            .count();
        if delivered == out && gateway.received().len() >= delivered {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "messages out not delivered: {messages:?}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A phone texts the service, once what went out before is read.
async fn phone_texts(gateway: &Gateway, staff: &Client, t: i64, (from, text): (&str, &str)) {
    settle(gateway, staff, t).await;
    gateway.send(from, text);
}

/// Gives `player` the phone `number` with their consent.
pub(crate) async fn give_phone(staff: &Client, t: i64, player: i64, number: &str) {
    let r = staff
        .put_json(
            &format!("/api/tournaments/{t}/sms/phones/{player}"),
            &json!({"number": number, "consent": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
}

/// The game at board `board` of round 1.
async fn game_at(staff: &Client, t: i64, board: i64) -> Value {
    let r = staff.get(&format!("/api/tournaments/{t}/rounds/1")).await;
    r.json()["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["board"].as_i64() == Some(board))
        .cloned()
        .unwrap()
}

#[actix_web::test]
async fn results_and_pairings_by_sms_through_kannel() {
    let sendsms_port = free_port();
    let app = sms_app(sendsms_port).await;
    let mut gateway = Gateway::start(&app.address, sendsms_port);
    gateway.listen();
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Awalé de Kumasi", "rules": "abapa", "rounds": 3, "pairing": "round-robin", "require_moves": false, "language": "en"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let names = ["Kofi Mensah", "Ama Owusu", "Yaw Boateng", "Akosua Darko"];
    let mut players = Vec::new();
    for name in names {
        players.push(add_player(&organiser, t, name).await.0);
    }
    // Written as people write them: with the country's code, or for the country.
    let numbers = [
        "233201110001",
        "233201110002",
        "233201110003",
        "233201110004",
    ];
    give_phone(&organiser, t, players[0], "+233 20 111 0001").await;
    give_phone(&organiser, t, players[1], "020 111 0002").await;
    give_phone(&organiser, t, players[2], "00233-20-111-0003").await;
    give_phone(&organiser, t, players[3], "+233201110004").await;
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/sms"),
            &json!({"enabled": true, "cap": 200}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);

    // Numbers are the staff's only: neither the public player list nor the tournament's file
    // holds one, and a visitor cannot read the SMS page.
    let visitor = app.client();
    let public = visitor.get(&format!("/api/tournaments/{t}/players")).await;
    assert!(!public.body.contains("111000"), "{}", public.body);
    let file = organiser
        .get(&format!("/tournaments/{t}/export.json"))
        .await;
    assert!(
        !file.body.contains("111000"),
        "a tournament file holds a phone number"
    );
    let page = visitor.get(&format!("/tournaments/{t}/sms")).await;
    assert_ne!(page.status, StatusCode::OK);
    assert!(!page.body.contains("111000"));

    // A round published: each player is told board, side and opponent.
    organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"generate": true}),
        )
        .await;
    publish(&organiser, t, 1).await;
    let board1 = game_at(&organiser, t, 1).await;
    let south = board1["south"]["id"].as_i64().unwrap();
    let north = board1["north"]["id"].as_i64().unwrap();
    let number_of = |id: i64| numbers[players.iter().position(|&p| p == id).unwrap()];
    let name_of = |id: i64| names[players.iter().position(|&p| p == id).unwrap()];
    let pairing = gateway.message_to(number_of(south), 1).await;
    assert_eq!(
        pairing,
        format!(
            "Round 1, board 1: you play South against {}.",
            name_of(north)
        )
    );
    let pairing = gateway.message_to(number_of(north), 1).await;
    assert!(pairing.contains("you play North against"), "{pairing}");

    // South texts the result; the answer says who must confirm, and North is asked with a code.
    phone_texts(&gateway, &organiser, t, (number_of(south), "R1 B1 S 25-23")).await;
    let answer = gateway.message_to(number_of(south), 2).await;
    assert_eq!(
        answer,
        format!(
            "Round 1 board 1: 25-23 South recorded; waiting for {} to confirm.",
            name_of(north)
        )
    );
    let request = gateway.message_to(number_of(north), 2).await;
    assert!(
        request.starts_with(&format!("R1 B1: {} sent South won 25-23.", name_of(south))),
        "{request}"
    );
    let code = request
        .split("Reply OK ")
        .nth(1)
        .and_then(|rest| rest.get(..4))
        .unwrap()
        .to_string();
    // A wrong code changes nothing.
    let wrong = if code == "0000" { "1111" } else { "0000" };
    phone_texts(
        &gateway,
        &organiser,
        t,
        (number_of(north), &format!("OK {wrong}")),
    )
    .await;
    let answer = gateway.message_to(number_of(north), 3).await;
    assert_eq!(
        answer,
        format!("no result waits for your confirmation with code {wrong}")
    );
    phone_texts(
        &gateway,
        &organiser,
        t,
        (number_of(north), &format!("ok {code}")),
    )
    .await;
    let answer = gateway.message_to(number_of(north), 4).await;
    assert_eq!(answer, "Round 1 board 1: result confirmed. Thank you.");
    let game = organiser
        .get(&format!("/api/games/{}", board1["id"]))
        .await
        .json();
    assert_eq!(game["status"], "confirmed", "{game}");

    // Board 2 by its moves: a wrong move is answered with the move the paper numbers, and
    // nothing is recorded; the list put right is taken, its result from the replay.
    let board2 = game_at(&organiser, t, 2).await;
    let south2 = board2["south"]["id"].as_i64().unwrap();
    let (moves, result, seeds) = fixture_games()
        .into_iter()
        .find(|(moves, _, _)| moves.len() < 700)
        .unwrap();
    let mut wrong_moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    // The third ply (South's second move) played from a pit of North's.
    wrong_moves[2] = if wrong_moves[2].chars().all(|c| c.is_ascii_uppercase()) {
        wrong_moves[2].to_lowercase()
    } else {
        wrong_moves[2].to_uppercase()
    };
    phone_texts(
        &gateway,
        &organiser,
        t,
        (
            number_of(south2),
            &format!("R1 B2 {}", wrong_moves.join(" ")),
        ),
    )
    .await;
    let answer = gateway.message_to(number_of(south2), 2).await;
    assert!(answer.contains("move 2"), "{answer}");
    assert!(answer.chars().count() <= 160, "{answer}");
    let game2 = organiser
        .get(&format!("/api/games/{}", board2["id"]))
        .await
        .json();
    assert_eq!(game2["status"], "pending", "{game2}");
    phone_texts(
        &gateway,
        &organiser,
        t,
        (number_of(south2), &format!("R1 B2 {moves}")),
    )
    .await;
    let answer = gateway.message_to(number_of(south2), 3).await;
    let winner = match result.as_str() {
        "south" => "South",
        "north" => "North",
        _ => "draw",
    };
    assert!(
        answer.starts_with(&format!(
            "Round 1 board 2: {}-{} {winner} recorded",
            seeds[0], seeds[1]
        )),
        "{answer}"
    );

    // A text that cannot be read is answered; a number nobody gave is not.
    phone_texts(&gateway, &organiser, t, (number_of(south), "hello?")).await;
    let answer = gateway.message_to(number_of(south), 3).await;
    assert_eq!(answer, "not understood. Send e.g. R3 B5 S 25-23, or HELP");
    phone_texts(&gateway, &organiser, t, ("233209999999", "R1 B1 S 25-23")).await;
    // Nothing answers it: wait until the service has it before the next phone hangs this one up.
    let started = Instant::now();
    while !log(&organiser, t)
        .await
        .iter()
        .any(|m| m["number"] == "233209999999")
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the gateway never handed it over"
        );
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    phone_texts(&gateway, &organiser, t, (number_of(south), "HELP")).await;
    let help = gateway.message_to(number_of(south), 4).await;
    assert!(help.starts_with("Send: R3 B5 S 25-23"), "{help}");
    assert!(
        gateway
            .received()
            .iter()
            .all(|(to, _)| to != "233209999999"),
        "an unknown number was answered"
    );

    // The staff see every message in and out, each delivered, with its player and outcome.
    let started = Instant::now();
    loop {
        let messages = log(&organiser, t).await;
        let out: Vec<&Value> = messages.iter().filter(|m| m["incoming"] == false).collect();
        if out.iter().all(|m| m["state"] == "delivered") {
            let incoming: Vec<&Value> = messages.iter().filter(|m| m["incoming"] == true).collect();
            // A number nobody gave is shown too, unanswered.
            assert_eq!(incoming.len(), 8, "{messages:?}");
            assert!(incoming.iter().any(|m| m["kind"] == "unknown"
                && m["number"] == "233209999999"
                && m["state"] == "ignored"));
            assert!(
                incoming
                    .iter()
                    .any(|m| m["kind"] == "confirm" && m["state"] == "taken")
            );
            // A wrong code is a confirmation refused.
            assert!(
                incoming
                    .iter()
                    .any(|m| m["kind"] == "confirm" && m["state"] == "refused")
            );
            assert!(
                incoming
                    .iter()
                    .any(|m| m["kind"] == "unread" && m["state"] == "refused")
            );
            assert!(
                out.iter()
                    .all(|m| m["player"].is_string() && m["parts"] == 1),
                "{out:?}"
            );
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "not every message was delivered: {messages:?}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    }
    let page = organiser.get(&format!("/tournaments/{t}/sms")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("result confirmed"),
        "the page shows the messages"
    );

    // Messages out wait in bearerbox's store across a power cut of it.
    settle(&gateway, &organiser, t).await;
    gateway.hang_up();
    gateway.restart_bearerbox();
    let r = organiser
        .post_form(
            &format!("/tournaments/{t}/sms/notice"),
            &[
                (
                    "csrf",
                    &organiser.csrf(&format!("/tournaments/{t}/sms")).await,
                ),
                ("text", "Lunch until 13:30; round 2 at 14:00."),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    gateway.listen();
    for number in numbers {
        let started = Instant::now();
        while !gateway
            .received()
            .iter()
            .any(|(to, text)| to == number && text == "Lunch until 13:30; round 2 at 14:00.")
        {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the notice did not reach {number}: {:?}",
                gateway.received()
            );
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
        }
    }

    // The service stops (a restart, a power cut of the laptop) while a player texts: the
    // gateway keeps the message and hands it over again once the service is back, which
    // answers it.
    settle(&gateway, &organiser, t).await;
    app.handle.stop(true).await;
    gateway.send(number_of(north), "HELP");
    actix_web::rt::time::sleep(Duration::from_secs(3)).await;
    let before = gateway
        .received()
        .iter()
        .filter(|(to, _)| to == number_of(north))
        .count();
    let bind = app.address.trim_start_matches("http://").to_string();
    let (_, handle) = start_with(&app.db_path, |c| {
        c.bind = bind;
        c.sms = Some(sms_config(sendsms_port));
    })
    .await;
    let help = gateway.message_to(number_of(north), before + 1).await;
    assert!(help.starts_with("Send: R3 B5 S 25-23"), "{help}");
    handle.stop(true).await;
}

#[actix_web::test]
async fn the_gateway_s_door_takes_only_the_gateway_and_a_message_once() {
    let app = sms_app(free_port()).await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "SMS door").await;
    let (player, _) = add_player(&organiser, t, "Kofi Mensah").await;
    give_phone(&organiser, t, player, "+233201110001").await;
    organiser
        .put_json(
            &format!("/api/tournaments/{t}/sms"),
            &json!({"enabled": true, "cap": 5}),
        )
        .await;
    let client = app.client();
    let incoming = |token: &str, id: &str, text: &str| {
        format!(
            "/api/sms/incoming?token={token}&from=%2B233201110001&text={}&id={id}",
            url::form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>()
        )
    };
    // Anyone but the gateway is refused, and nothing is kept.
    let r = client
        .get(&incoming("not-the-token-at-all", "x1", "HELP"))
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert_eq!(app.count("sms_messages"), 0);
    // A message handed over twice (the gateway tried again) is taken once.
    let r = client.get(&incoming(TOKEN, "x1", "HELP")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["kind"], "help");
    let r = client.get(&incoming(TOKEN, "x1", "HELP")).await;
    assert_eq!(r.json()["kind"], "again", "{}", r.body);
    assert_eq!(app.count("sms_messages"), 2, "one in, one answer");
    // A number sending garbage is answered until it has failed too often, then kept unanswered.
    for i in 0..12 {
        let r = client.get(&incoming(TOKEN, &format!("g{i}"), "zzz")).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let v = r.json();
        if i < 10 {
            assert_eq!(v["state"], "refused", "{v}");
            assert!(v["answer"].is_i64(), "{v}");
        } else {
            assert_eq!(v["kind"], "flood", "{v}");
            assert!(v["answer"].is_null(), "{v}");
        }
    }
    // Past the cap, messages are kept back, not sent: no gateway here took any, and the answers
    // wait (nothing listens at the gateway's port, so each is tried again later).
    let messages = log(&organiser, t).await;
    assert!(
        messages
            .iter()
            .filter(|m| m["incoming"] == false)
            .all(|m| m["state"] == "queued" || m["state"] == "capped"),
        "{messages:?}"
    );
    // A player's own session, or a controller of another tournament, do not see the numbers.
    let other = app.controller(&organiser, "other-controller").await;
    let r = other.get(&format!("/api/tournaments/{t}/sms")).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    // A number without consent is not kept.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/sms/phones/{player}"),
            &json!({"number": "+233201110009", "consent": false}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/sms/phones/{player}"),
            &json!({"number": "call me", "consent": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
}
