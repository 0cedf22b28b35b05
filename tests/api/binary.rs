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
