//! The binary as an operator runs it: first start, `user add`, and the service as the default.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};

use awc::http::StatusCode;

use crate::helpers::Client;

/// A server process, killed when dropped (also when a test fails).
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the binary in `dir`; returns the process, the address and every line printed before
/// "Serving".
fn start_server(dir: &std::path::Path, args: &[&str]) -> (Server, String, Vec<String>) {
    let child = Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
        .args(args)
        .current_dir(dir)
        .env("OWARE_BIND", "127.0.0.1:0")
        .env_remove("OWARE_ADMIN_PASSWORD")
        .env_remove("DATABASE_URL")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut server = Server(child);
    let mut lines = Vec::new();
    let mut reader = BufReader::new(server.0.stdout.take().unwrap());
    loop {
        let mut line = String::new();
        assert!(
            reader.read_line(&mut line).unwrap() > 0,
            "the server printed {lines:?} and stopped"
        );
        if let Some(rest) = line.trim().strip_prefix("Serving on ") {
            let address = rest.split_whitespace().next().unwrap().to_string();
            return (server, address, lines);
        }
        lines.push(line.trim().to_string());
    }
}

#[actix_web::test]
async fn first_start_creates_the_database_and_an_organiser_with_a_printed_password() {
    let dir = tempfile::tempdir().unwrap();
    let (server, address, lines) = start_server(dir.path(), &[]);
    assert!(
        dir.path().join("oware.db").exists(),
        "the default database file"
    );
    let password = lines
        .iter()
        .find_map(|l| l.strip_prefix("Created the organiser account \"admin\" with the password "))
        .expect("the generated password is printed")
        .to_string();
    let client = Client::new(&address);
    client.login("admin", &password).await;
    drop(server);

    // A controller added on the command line, the password typed on standard input.
    let mut add = Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
        .args(["user", "add", "--role", "controller", "kwame"])
        .current_dir(dir.path())
        .env_remove("DATABASE_URL")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    add.stdin
        .take()
        .unwrap()
        .write_all(b"kwame-password\n")
        .unwrap();
    let out = add.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    // The second start prints no new password, and both accounts sign in.
    let (server, address, lines) = start_server(dir.path(), &["serve"]);
    assert!(lines.iter().all(|l| !l.contains("password")), "{lines:?}");
    let client = Client::new(&address);
    client.login("admin", &password).await;
    let r = Client::new(&address);
    r.login("kwame", "kwame-password").await;
    assert_eq!(r.get("/api/session").await.json()["role"], "controller");
    assert_eq!(r.get("/api/accounts").await.status, StatusCode::FORBIDDEN);
    drop(server);

    // A duplicate name is refused.
    let mut again = Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
        .args(["user", "add", "--role", "organiser", "kwame"])
        .current_dir(dir.path())
        .env_remove("DATABASE_URL")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    again.stdin.take().unwrap().write_all(b"\n").unwrap();
    let out = again.wait_with_output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("taken"));
}

/// The organiser's password as the first start printed it.
fn printed_password(lines: &[String]) -> String {
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Created the organiser account \"admin\" with the password "))
        .expect("the generated password is printed")
        .to_string()
}

#[actix_web::test]
async fn a_stop_waits_neither_for_a_hung_hub_nor_an_idle_connection() {
    use std::net::{TcpListener, TcpStream};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    // A hub that takes the connection and never answers.
    let hung = TcpListener::bind("127.0.0.1:0").unwrap();
    let hub = format!("http://{}", hung.local_addr().unwrap());
    let accepted = std::sync::Arc::new(AtomicUsize::new(0));
    let count = accepted.clone();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in hung.incoming().flatten() {
            count.fetch_add(1, Ordering::SeqCst);
            held.push(stream);
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let (mut server, address, lines) = start_server(dir.path(), &[]);
    let organiser = Client::new(&address);
    organiser.login("admin", &printed_password(&lines)).await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &serde_json::json!({"name": "Club night", "rules": "abapa", "rounds": 3}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/publishing"),
            &serde_json::json!({"hub": hub, "token": "1.abcdefgh"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // The push is under way, held by the hub.
    while accepted.load(Ordering::SeqCst) == 0 {
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
    // A phone's connection left open between two requests.
    let host = address.trim_start_matches("http://");
    let mut idle = TcpStream::connect(host).unwrap();
    write!(
        idle,
        "GET /api/tournaments HTTP/1.1\r\nHost: {host}\r\nConnection: keep-alive\r\n\r\n"
    )
    .unwrap();
    let mut first = [0u8; 12];
    std::io::Read::read_exact(&mut idle, &mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");

    let asked = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &server.0.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            asked.elapsed() < Duration::from_secs(10),
            "the service still runs {:?} after it was asked to stop",
            asked.elapsed()
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
    drop(idle);
}
