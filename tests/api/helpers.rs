//! A fresh service per test (port 0, a temporary database) and clients that keep their session
//! cookie and do not follow redirects.

use std::cell::RefCell;
use std::path::PathBuf;

use actix_web::dev::ServerHandle;
use awc::http::{Method, StatusCode, header};
use oware_tournament::config::Config;
use oware_tournament::startup::Application;
pub use oware_tournament::web::plumbing::limits::Capacity;
use serde_json::Value;

pub const ADMIN_PASSWORD: &str = "organiser-pass-1";

pub struct TestApp {
    pub address: String,
    pub db_path: PathBuf,
    pub handle: ServerHandle,
    _dir: tempfile::TempDir,
}

/// Starts the service on a free port with a new database.
pub async fn spawn_app() -> TestApp {
    spawn_app_at(None).await
}

/// Starts the service with a public address set (`OWARE_PUBLIC_URL`), or none.
pub async fn spawn_app_at(public_url: Option<&str>) -> TestApp {
    let public_url = public_url.map(str::to_string);
    spawn_app_tuned(|c| c.public_url = public_url).await
}

/// Starts the service with the connections and event streams it may hold set (instead of sized
/// from the open-file limit).
pub async fn spawn_app_with(capacity: Capacity) -> TestApp {
    spawn_app_tuned(|c| c.capacity = Some(capacity)).await
}

/// Starts the service with its settings changed by `tune`.
pub async fn spawn_app_tuned(tune: impl FnOnce(&mut Config)) -> TestApp {
    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("test.db");
    let (address, handle) = start_with(&db_path, tune).await;
    TestApp {
        address,
        db_path,
        handle,
        _dir: dir,
    }
}

/// Starts a service on an existing database file.
pub async fn start(db_path: &std::path::Path) -> (String, ServerHandle) {
    start_with(db_path, |_| {}).await
}

/// The configuration the tests start a service with, on the database file `db_path`.
pub fn config(db_path: &std::path::Path) -> Config {
    Config {
        bind: "127.0.0.1:0".to_string(),
        database_url: db_path.to_str().unwrap().to_string(),
        admin_password: Some(ADMIN_PASSWORD.to_string()),
        secure_cookies: false,
        workers: Some(2),
        request_timeout: oware_tournament::config::REQUEST_TIMEOUT,
        body_rate: oware_tournament::web::plumbing::limits::BODY_RATE,
        // The tests play clients at many addresses through `X-Forwarded-For` (see
        // [`Client::at`]), as a proxy in front of the service would report them.
        trusted_proxies: vec![std::net::Ipv4Addr::LOCALHOST.into()],
        public_url: None,
        capacity: None,
        backup_folder: None,
        endgame_dir: None,
        litestream: false,
        publish_retry: std::time::Duration::from_millis(500),
        sms: None,
    }
}

pub async fn start_with(
    db_path: &std::path::Path,
    tune: impl FnOnce(&mut Config),
) -> (String, ServerHandle) {
    let mut config = config(db_path);
    tune(&mut config);
    let app = Application::build(&config).expect("the service starts");
    let address = format!("http://127.0.0.1:{}", app.port());
    let handle = app.handle();
    actix_web::rt::spawn(app.run_until_stopped());
    (address, handle)
}

impl TestApp {
    pub fn client(&self) -> Client {
        Client::new(&self.address)
    }

    /// A client at another address.
    pub fn client_at(&self, address: &str) -> Client {
        Client::at(&self.address, address)
    }

    /// A client signed in as the first organiser.
    pub async fn organiser(&self) -> Client {
        let c = self.client();
        c.login("admin", ADMIN_PASSWORD).await;
        c
    }

    /// Creates a controller account and returns a client signed in as it.
    pub async fn controller(&self, organiser: &Client, name: &str) -> Client {
        let r = organiser
            .post_json(
                "/api/accounts",
                &serde_json::json!({"username": name, "role": "controller", "password": "controller-pass"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let c = self.client();
        c.login(name, "controller-pass").await;
        c
    }

    /// The latest sheet of a game, as its page shows it to the two players.
    pub async fn latest_sheet(&self, game: i64) -> i64 {
        let organiser = self.organiser().await;
        let g = organiser.get(&format!("/api/games/{game}")).await.json();
        g["sheets"]
            .as_array()
            .and_then(|s| s.last())
            .and_then(|s| s["id"].as_i64())
            .unwrap_or_else(|| panic!("game {game} has no sheet: {g}"))
    }

    /// Runs a statement straight on the database file (to damage what the service stored).
    pub fn execute(&self, sql: &str) {
        use diesel::prelude::*;
        let mut conn =
            diesel::sqlite::SqliteConnection::establish(self.db_path.to_str().unwrap()).unwrap();
        diesel::sql_query(sql).execute(&mut conn).unwrap();
    }

    /// Runs statements (a migration's, say) straight on the database file.
    pub fn execute_script(&self, sql: &str) {
        use diesel::connection::SimpleConnection;
        use diesel::prelude::*;
        let mut conn =
            diesel::sqlite::SqliteConnection::establish(self.db_path.to_str().unwrap()).unwrap();
        conn.batch_execute(sql).unwrap();
    }

    /// Counts rows of a table straight from the database file.
    /// The audit log's recorded fields that have no words of their own in the message files
    /// (the log shows each field by its words: `audit-field-<name>`).
    pub fn audit_fields_without_words(&self) -> std::collections::BTreeSet<String> {
        use diesel::prelude::*;
        #[derive(QueryableByName)]
        struct Recorded {
            #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
            state: Option<String>,
        }
        fn names(v: &Value, into: &mut std::collections::BTreeSet<String>) {
            match v {
                Value::Object(map) => {
                    for (k, v) in map {
                        into.insert(k.clone());
                        names(v, into);
                    }
                }
                Value::Array(items) => items.iter().for_each(|v| names(v, into)),
                _ => {}
            }
        }
        let mut conn =
            diesel::sqlite::SqliteConnection::establish(self.db_path.to_str().unwrap()).unwrap();
        let recorded = diesel::sql_query(
            "SELECT before AS state FROM audit_log UNION ALL SELECT after FROM audit_log",
        )
        .load::<Recorded>(&mut conn)
        .unwrap();
        let mut fields = std::collections::BTreeSet::new();
        for state in recorded.into_iter().filter_map(|r| r.state) {
            if let Ok(v) = serde_json::from_str::<Value>(&state) {
                names(&v, &mut fields);
            }
        }
        let known = oware_tournament::locale::english_keys();
        fields
            .into_iter()
            .filter(|f| !known.contains(&format!("audit-field-{f}")))
            .collect()
    }

    pub fn count(&self, table: &str) -> i64 {
        use diesel::prelude::*;
        #[derive(QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut conn =
            diesel::sqlite::SqliteConnection::establish(self.db_path.to_str().unwrap()).unwrap();
        diesel::sql_query(format!("SELECT COUNT(*) AS n FROM {table}"))
            .get_result::<Count>(&mut conn)
            .unwrap()
            .n
    }
}

/// A response, read whole.
pub struct Resp {
    pub status: StatusCode,
    pub headers: header::HeaderMap,
    pub body: String,
}

impl Resp {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The API's error code.
    pub fn code(&self) -> String {
        self.json()["error"]["code"]
            .as_str()
            .unwrap_or("")
            .to_string()
    }
}

/// A user agent with its own session cookie.
pub struct Client {
    base: String,
    http: awc::Client,
    cookie: RefCell<Option<String>>,
    /// The address the client seems to come from (`X-Forwarded-For`), if not 127.0.0.1.
    address: Option<String>,
}

impl Client {
    pub fn new(base: &str) -> Client {
        Client {
            base: base.to_string(),
            http: awc::Client::builder()
                .disable_redirects()
                .timeout(std::time::Duration::from_secs(60))
                .finish(),
            cookie: RefCell::new(None),
            address: None,
        }
    }

    /// A client at another address (as the trusted proxy in front of the test service says).
    pub fn at(base: &str, address: &str) -> Client {
        Client {
            address: Some(address.to_string()),
            ..Client::new(base)
        }
    }

    pub fn cookie(&self) -> Option<String> {
        self.cookie.borrow().clone()
    }

    pub fn set_cookie(&self, cookie: Option<String>) {
        *self.cookie.borrow_mut() = cookie;
    }

    /// A request, or `None` when it gets no answer (the server is gone).
    pub async fn try_send(
        &self,
        method: Method,
        path: &str,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> Option<Resp> {
        self.try_send_with(method, path, content_type, &[], body)
            .await
    }

    /// A GET as a reader of `language` sends it (`Accept-Language`).
    pub async fn get_in(&self, language: &str, path: &str) -> Resp {
        self.try_send_with(
            Method::GET,
            path,
            None,
            &[("Accept-Language", language)],
            Vec::new(),
        )
        .await
        .expect("the server answers")
    }

    /// A request with headers of its own (what a browser adds: `Origin`, `Sec-Fetch-Site`).
    pub async fn try_send_with(
        &self,
        method: Method,
        path: &str,
        content_type: Option<&str>,
        headers: &[(&str, &str)],
        body: Vec<u8>,
    ) -> Option<Resp> {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        for (name, value) in headers {
            req = req.insert_header((*name, *value));
        }
        if let Some(a) = &self.address {
            req = req.insert_header(("X-Forwarded-For", a.as_str()));
        }
        if let Some(c) = self.cookie.borrow().as_ref() {
            req = req.insert_header((header::COOKIE, c.clone()));
        }
        if let Some(ct) = content_type {
            req = req.insert_header((header::CONTENT_TYPE, ct));
        }
        let mut res = req.send_body(body).await.ok()?;
        for value in res.headers().get_all(header::SET_COOKIE) {
            let text = value.to_str().unwrap();
            let pair = text.split(';').next().unwrap().to_string();
            if text.contains("Max-Age=0") || pair.ends_with('=') {
                *self.cookie.borrow_mut() = None;
            } else {
                *self.cookie.borrow_mut() = Some(pair);
            }
        }
        let body = res.body().limit(64 << 20).await.ok()?;
        Some(Resp {
            status: res.status(),
            headers: res.headers().clone(),
            body: String::from_utf8_lossy(&body).into_owned(),
        })
    }

    pub async fn send(
        &self,
        method: Method,
        path: &str,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> Resp {
        self.try_send(method, path, content_type, body)
            .await
            .expect("the request is answered")
    }

    pub async fn get(&self, path: &str) -> Resp {
        self.send(Method::GET, path, None, Vec::new()).await
    }

    pub async fn post_json(&self, path: &str, json: &Value) -> Resp {
        self.send(
            Method::POST,
            path,
            Some("application/json"),
            json.to_string().into_bytes(),
        )
        .await
    }

    pub async fn put_json(&self, path: &str, json: &Value) -> Resp {
        self.send(
            Method::PUT,
            path,
            Some("application/json"),
            json.to_string().into_bytes(),
        )
        .await
    }

    pub async fn post_form(&self, path: &str, fields: &[(&str, &str)]) -> Resp {
        let body = serde_urlencoded::to_string(fields).unwrap();
        self.send(
            Method::POST,
            path,
            Some("application/x-www-form-urlencoded"),
            body.into_bytes(),
        )
        .await
    }

    pub async fn post_multipart(&self, path: &str, fields: &[(&str, Option<&str>, &str)]) -> Resp {
        let boundary = "----oware-test-boundary";
        let mut body = String::new();
        for (name, filename, value) in fields {
            body.push_str(&format!("--{boundary}\r\n"));
            match filename {
                Some(f) => body.push_str(&format!(
                    "Content-Disposition: form-data; name=\"{name}\"; filename=\"{f}\"\r\nContent-Type: text/csv\r\n\r\n"
                )),
                None => body.push_str(&format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n")),
            }
            body.push_str(value);
            body.push_str("\r\n");
        }
        body.push_str(&format!("--{boundary}--\r\n"));
        self.send(
            Method::POST,
            path,
            Some(&format!("multipart/form-data; boundary={boundary}")),
            body.into_bytes(),
        )
        .await
    }

    pub async fn login(&self, username: &str, password: &str) {
        let r = self
            .post_json(
                "/api/session",
                &serde_json::json!({"username": username, "password": password}),
            )
            .await;
        assert_eq!(
            r.status,
            StatusCode::OK,
            "sign-in of {username}: {}",
            r.body
        );
    }

    /// The CSRF token of the forms on `page`.
    pub async fn csrf(&self, page: &str) -> String {
        let r = self.get(page).await;
        assert_eq!(r.status, StatusCode::OK, "{page}: {}", r.body);
        csrf_in(&r.body)
    }
}

/// The CSRF token in a page's forms.
pub fn csrf_in(html: &str) -> String {
    let marker = "name=\"csrf\" value=\"";
    let start = html.find(marker).expect("a form with a CSRF token") + marker.len();
    html[start..start + 64].to_string()
}

/// Creates a tournament through the API and returns its id.
pub async fn create_tournament(organiser: &Client, name: &str) -> i64 {
    let r = organiser
        .post_json(
            "/api/tournaments",
            &serde_json::json!({"name": name, "rules": "abapa", "rounds": 5, "pairing": "swiss"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.json()["id"].as_i64().unwrap()
}

/// Adds a player through the API; returns (id, PIN).
pub async fn add_player(staff: &Client, tournament: i64, name: &str) -> (i64, String) {
    let r = staff
        .post_json(
            &format!("/api/tournaments/{tournament}/players"),
            &serde_json::json!({"name": name, "club": "Accra", "country": "GH", "rating": 1500}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let v = r.json();
    (
        v["id"].as_i64().unwrap(),
        v["pin"].as_str().unwrap().to_string(),
    )
}

/// The standings of tournament `t` (after round `after`, or as they are), as `client` reads them.
pub async fn standings_json(client: &Client, t: i64, after: Option<i64>) -> Value {
    let query = after.map_or(String::new(), |n| format!("?after={n}"));
    client
        .get(&format!("/api/tournaments/{t}/standings{query}"))
        .await
        .json()
}

/// Registers `count` players named `{prefix} {i}` from one CSV file: each one's id and PIN.
pub async fn import_players(
    staff: &Client,
    tournament: i64,
    prefix: &str,
    count: usize,
) -> Vec<(i64, String)> {
    let mut csv = String::from("name\n");
    for i in 0..count {
        csv.push_str(&format!("{prefix} {i:03}\n"));
    }
    let r = staff
        .send(
            Method::POST,
            &format!("/api/tournaments/{tournament}/players/import"),
            Some("text/csv"),
            csv.into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.json()["created"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["id"].as_i64().unwrap(), c["pin"].as_str().unwrap().into()))
        .collect()
}

/// Signs a player in with their PIN on the tournament's sign-in page (the form, with its token).
pub async fn page_sign_in(client: &Client, t: i64, player: i64, pin: &str) -> Resp {
    let csrf = client.csrf(&format!("/tournaments/{t}/sign-in")).await;
    client
        .post_form(
            &format!("/tournaments/{t}/sign-in"),
            &[
                ("player_id", &player.to_string()),
                ("pin", pin),
                ("csrf", &csrf),
            ],
        )
        .await
}

/// Where a redirect sends the browser.
pub fn location(r: &Resp) -> String {
    r.headers
        .get("location")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string()
}
