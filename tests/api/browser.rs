//! A tournament run in a real browser (headless Chromium over WebDriver), clicking and typing as
//! people do: the organiser signs in, creates a tournament, imports the players from a CSV file,
//! generates and publishes round 1; a player sends a sheet with a wrong move, reads the
//! diagnostic, corrects it and sends it again; the opponent confirms; the public standings show
//! the result; the organiser downloads the standings as CSV.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them); `CHROMIUM` and
//! `CHROMEDRIVER` name other binaries. Where they cannot be started the test says so on the
//! terminal, and fails when `CI` (or `OWARE_REQUIRE_BROWSER`) is set. A failing step saves a
//! screenshot and the page's HTML under `target/`.

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::{Client as Browser, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::swiss::{fixture_game, fixture_records};

/// How long a step may wait for the page it expects before the journey counts as failed.
const PATIENCE: Duration = Duration::from_secs(30);

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

fn browser_required() -> bool {
    ["CI", "OWARE_REQUIRE_BROWSER"]
        .iter()
        .any(|v| std::env::var(v).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false"))
}

/// Written straight to the terminal: the test harness keeps `println!` of a passing test to itself.
fn tell(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "\n{message}\n");
}

/// The browser cannot run here: a failure in CI, a plain notice elsewhere.
fn unavailable(why: &str) {
    let message = format!(
        "BROWSER JOURNEY NOT RUN: {why}.\n\
         Install Debian's chromium and chromium-driver (`apt-get install chromium chromium-driver`, \
         as .ci/run does) or set CHROMIUM and CHROMEDRIVER."
    );
    if browser_required() {
        panic!("{message}\n(CI or OWARE_REQUIRE_BROWSER is set: the journey must run)");
    }
    tell(&message);
}

/// ChromeDriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    fn start(binary: &str, log: &Path) -> Result<Driver, String> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| format!("no free port: {e}"))?
            .port();
        let log_file = std::fs::File::create(log).map_err(|e| e.to_string())?;
        let child = Command::new(binary)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(log_file)
            .spawn()
            .map_err(|e| format!("{binary} does not start: {e}"))?;
        let mut driver = Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let since = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = driver.child.try_wait() {
                return Err(format!("{binary} exited at once ({status})"));
            }
            if since.elapsed() > PATIENCE {
                return Err(format!("{binary} does not listen on port {port}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(driver)
    }
}

/// The browser session, with the steps of the journey.
struct Session {
    browser: Browser,
    base: String,
}

type Step<T> = Result<T, String>;

fn fail<E: std::fmt::Display>(what: &str) -> impl FnOnce(E) -> String + '_ {
    move |e| format!("{what}: {e}")
}

impl Session {
    async fn goto(&self, path: &str) -> Step<()> {
        self.browser
            .goto(&format!("{}{path}", self.base))
            .await
            .map_err(fail(&format!("open {path}")))?;
        self.loaded().await
    }

    async fn find(&self, css: &str) -> Step<Element> {
        self.browser
            .find(Locator::Css(css))
            .await
            .map_err(fail(&format!("find `{css}` on {}", self.url().await)))
    }

    async fn url(&self) -> String {
        self.browser
            .current_url()
            .await
            .map(|u| u.to_string())
            .unwrap_or_else(|e| format!("(no address: {e})"))
    }

    async fn path(&self) -> Step<String> {
        let url = self.browser.current_url().await.map_err(fail("address"))?;
        Ok(url.path().to_string())
    }

    async fn text(&self, css: &str) -> Step<String> {
        self.find(css)
            .await?
            .text()
            .await
            .map_err(fail(&format!("text of `{css}`")))
    }

    /// Types into a field, replacing what it held.
    async fn fill(&self, css: &str, value: &str) -> Step<()> {
        let field = self.find(css).await?;
        field
            .clear()
            .await
            .map_err(fail(&format!("clear `{css}`")))?;
        field
            .send_keys(value)
            .await
            .map_err(fail(&format!("type into `{css}`")))
    }

    async fn choose(&self, css: &str, label: &str) -> Step<()> {
        self.find(css)
            .await?
            .select_by_label(label)
            .await
            .map_err(fail(&format!("choose “{label}” in `{css}`")))
    }

    /// Waits until the document has loaded.
    async fn loaded(&self) -> Step<()> {
        let since = Instant::now();
        loop {
            let state = self
                .browser
                .execute("return document.readyState", vec![])
                .await
                .map_err(fail("read the document's state"))?;
            if state == "complete" {
                return Ok(());
            }
            if since.elapsed() > PATIENCE {
                return Err(format!("{} does not finish loading", self.url().await));
            }
            tokio_sleep(50).await;
        }
    }

    /// Clicks what `css` finds and waits for the next page to replace this one.
    async fn click_through(&self, css: &str) -> Step<()> {
        let old = self.find("html").await?;
        self.find(css)
            .await?
            .click()
            .await
            .map_err(fail(&format!("click `{css}`")))?;
        let since = Instant::now();
        // The old document's element goes stale once the next page has replaced it.
        while old.tag_name().await.is_ok() {
            if since.elapsed() > PATIENCE {
                return Err(format!(
                    "clicking `{css}` on {} leads nowhere",
                    self.url().await
                ));
            }
            tokio_sleep(50).await;
        }
        self.loaded().await
    }

    async fn expect_text(&self, css: &str, wanted: &str) -> Step<String> {
        let text = self.text(css).await?;
        if text.contains(wanted) {
            Ok(text)
        } else {
            Err(format!(
                "`{css}` on {} says “{text}”, not “{wanted}”",
                self.url().await
            ))
        }
    }

    async fn sign_in(&self, username: &str, password: &str) -> Step<()> {
        self.goto("/login").await?;
        self.fill("input[name=username]", username).await?;
        self.fill("input[name=password]", password).await?;
        self.click_through("form[action='/login'] button[type=submit]")
            .await?;
        self.expect_text("header .who", username).await?;
        Ok(())
    }

    async fn sign_out(&self) -> Step<()> {
        self.click_through("form[action='/logout'] button").await?;
        self.expect_text("header", "Sign in").await?;
        Ok(())
    }

    async fn player_sign_in(&self, tournament: &str, name: &str, pin: &str) -> Step<()> {
        self.goto(&format!("/tournaments/{tournament}")).await?;
        self.click_through(&format!("a[href='/tournaments/{tournament}/sign-in']"))
            .await?;
        self.choose("select[name=player_id]", name).await?;
        self.fill("input[name=pin]", pin).await?;
        self.click_through("main form button[type=submit]").await?;
        self.expect_text("header .who", name).await?;
        Ok(())
    }

    /// Saves what the browser shows, for a failed step.
    async fn keep_evidence(&self, dir: &Path) -> Vec<PathBuf> {
        let mut kept = Vec::new();
        if let Ok(png) = self.browser.screenshot().await {
            let path = dir.join("browser-journey-failure.png");
            if std::fs::write(&path, png).is_ok() {
                kept.push(path);
            }
        }
        if let Ok(html) = self.browser.source().await {
            let path = dir.join("browser-journey-failure.html");
            if std::fs::write(&path, html).is_ok() {
                kept.push(path);
            }
        }
        kept
    }
}

async fn tokio_sleep(ms: u64) {
    actix_web::rt::time::sleep(Duration::from_millis(ms)).await;
}

fn capabilities(
    chromium: &str,
    profile: &Path,
    downloads: &Path,
) -> serde_json::Map<String, Value> {
    let caps = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-quic",
                "--window-size=1280,1024",
                format!("--user-data-dir={}", profile.display()),
            ],
            "prefs": {
                "download.default_directory": downloads.display().to_string(),
                "download.prompt_for_download": false,
                "download.directory_upgrade": true,
            },
        },
    });
    match caps {
        Value::Object(map) => map,
        _ => unreachable!("an object literal"),
    }
}

/// A move list with one wrong move: at the first ply where the player to move has an empty
/// pit, that pit is written instead. Returns the text and the ply (counted from 1).
fn with_wrong_move(game: &Value) -> (String, usize) {
    let moves: Vec<&str> = game["moves"].as_str().unwrap().split_whitespace().collect();
    let plies = game["plies"].as_array().unwrap();
    for ply in 2..=moves.len() {
        // The board before this ply is the board after the one before.
        let board = &plies[ply - 2]["board"];
        let south_to_move = ply % 2 == 1;
        let (first, letters) = if south_to_move {
            (0, "ABCDEF")
        } else {
            (6, "abcdef")
        };
        if let Some(empty) = (0..6).find(|i| board[first + i] == 0) {
            let mut wrong = moves.clone();
            let letter = &letters[empty..=empty];
            wrong[ply - 1] = letter;
            return (wrong.join(" "), ply);
        }
    }
    panic!("the fixture game never leaves a pit empty")
}

struct Journey<'a> {
    s: &'a Session,
    downloads: &'a Path,
    work: &'a Path,
}

impl Journey<'_> {
    async fn run(&self) -> Step<()> {
        let s = self.s;

        // The organiser signs in and creates the tournament.
        s.sign_in("admin", ADMIN_PASSWORD).await?;
        s.click_through("a[href='/tournaments/new']").await?;
        s.fill("input[name=name]", "Browser Open").await?;
        s.fill("input[name=venue]", "Club room").await?;
        s.choose("select[name=rules]", "abapa").await?;
        s.fill("input[name=rounds]", "3").await?;
        s.choose("select[name=pairing]", "Swiss").await?;
        s.click_through("main form button[type=submit]").await?;
        s.expect_text("h1", "Browser Open").await?;
        let path = s.path().await?;
        let tournament = path
            .strip_prefix("/tournaments/")
            .filter(|id| id.chars().all(|c| c.is_ascii_digit()))
            .ok_or_else(|| format!("after saving, the browser is at {path}"))?
            .to_string();

        // The players come from a CSV file chosen in the file picker.
        let csv = self.work.join("players.csv");
        std::fs::write(
            &csv,
            "name,club,country,rating\n\
             Kwame Mensah,Accra,GH,1850\n\
             Ama Owusu,Kumasi,GH,1790\n\
             Kofi Boateng,London,GB,1700\n\
             Efua Asante,Paris,FR,1650\n",
        )
        .map_err(fail("write the CSV"))?;
        s.click_through(&format!(
            "a[href='/tournaments/{tournament}/players/import']"
        ))
        .await?;
        s.find("input[type=file][name=file]")
            .await?
            .send_keys(&csv.display().to_string())
            .await
            .map_err(fail("choose the CSV file"))?;
        s.click_through("main form button[type=submit]").await?;
        s.expect_text("h1", "PIN slips").await?;
        let mut pins = std::collections::HashMap::new();
        for slip in s
            .browser
            .find_all(Locator::Css(".slip"))
            .await
            .map_err(fail("find the PIN slips"))?
        {
            let name = slip
                .find(Locator::Css(".slip-name"))
                .await
                .map_err(fail("a slip's name"))?
                .text()
                .await
                .map_err(fail("a slip's name"))?;
            let pin = slip
                .find(Locator::Css(".pin"))
                .await
                .map_err(fail("a slip's PIN"))?
                .text()
                .await
                .map_err(fail("a slip's PIN"))?;
            pins.insert(name, pin);
        }
        if pins.len() != 4 {
            return Err(format!("{} PIN slips for 4 players", pins.len()));
        }

        // Round 1: generated, looked over, published.
        s.goto(&format!("/tournaments/{tournament}")).await?;
        s.expect_text("#players", "Efua Asante").await?;
        s.click_through(&format!("a[href='/tournaments/{tournament}/rounds']"))
            .await?;
        s.click_through("button[name=mode][value=generate]").await?;
        s.expect_text("main", "Not published").await?;
        s.click_through(&format!(
            "form[action='/tournaments/{tournament}/rounds/1/publish'] button"
        ))
        .await?;
        s.expect_text("main", "Published.").await?;
        let south = s
            .text("#pairings tbody tr:first-child td:nth-child(2)")
            .await?;
        let north = s
            .text("#pairings tbody tr:first-child td:nth-child(3)")
            .await?;
        let game_link = s
            .find("#pairings tbody tr:first-child a[href^='/games/']")
            .await?
            .attr("href")
            .await
            .map_err(fail("the game's address"))?
            .ok_or("the game link has no address")?;
        s.sign_out().await?;

        // South sends the sheet: first with a wrong move.
        let fixture = fixture_records().swap_remove(0);
        let (right, winner, seeds) = fixture_game(&fixture);
        let (wrong, wrong_ply) = with_wrong_move(&fixture);
        let pin = |name: &str| {
            pins.get(name)
                .cloned()
                .ok_or_else(|| format!("no PIN slip for {name}"))
        };

        s.player_sign_in(&tournament, &south, &pin(&south)?).await?;
        s.expect_text(".my-games", &north).await?;
        s.click_through(&format!(".my-games a[href='{game_link}']"))
            .await?;
        let result_label = match winner.as_str() {
            "south" => format!("{south} (South) won"),
            "north" => format!("{north} (North) won"),
            _ => "Draw".to_string(),
        };
        s.choose("select[name=result]", &result_label).await?;
        s.fill("input[name=south_seeds]", &seeds[0].to_string())
            .await?;
        s.fill("input[name=north_seeds]", &seeds[1].to_string())
            .await?;
        s.choose("select[name=end]", "the rules (natural end)")
            .await?;
        s.fill("textarea[name=moves]", &wrong).await?;
        s.click_through("#sheet button[type=submit]").await?;
        let diagnostic = s
            .expect_text(".diagnostic", &format!("At move {wrong_ply}"))
            .await?;
        if !diagnostic.contains("not accepted") {
            return Err(format!("the diagnostic reads “{diagnostic}”"));
        }
        s.find(".diagnostic svg").await?;
        let kept = s
            .find("textarea[name=moves]")
            .await?
            .prop("value")
            .await
            .map_err(fail("the moves field"))?
            .unwrap_or_default();
        if kept.trim() != wrong {
            return Err("the refused sheet's moves are not kept in the form".to_string());
        }
        s.expect_text("main", "Result: ")
            .await
            .err()
            .ok_or("a refused sheet shows a result")?;

        // Corrected and sent again.
        s.fill("textarea[name=moves]", &right).await?;
        s.click_through("#sheet button[type=submit]").await?;
        s.expect_text("main", "counts once your opponent confirms")
            .await?;
        s.sign_out().await?;

        // North confirms, as one initials a paper sheet.
        s.player_sign_in(&tournament, &north, &pin(&north)?).await?;
        s.click_through(&format!(".my-games a[href='{game_link}']"))
            .await?;
        s.click_through(&format!("form[action='{game_link}/confirm'] button"))
            .await?;
        let score = format!("{}-{}", seeds[0], seeds[1]);
        s.expect_text(".status", &score).await?;
        s.expect_text(".status", "verified by replay").await?;
        s.sign_out().await?;

        // Anyone sees the standings.
        s.goto(&format!("/tournaments/{tournament}")).await?;
        s.click_through(&format!("a[href='/tournaments/{tournament}/standings']"))
            .await?;
        let (first, second) = match winner.as_str() {
            "south" => (south.clone(), north.clone()),
            "north" => (north.clone(), south.clone()),
            _ => return Err("the fixture game is a draw".to_string()),
        };
        let row = |name: String| async move {
            let rows = s
                .browser
                .find_all(Locator::Css("#standings tbody tr"))
                .await
                .map_err(fail("the standings rows"))?;
            for r in rows {
                let text = r.text().await.map_err(fail("a standings row"))?;
                if text.contains(&name) {
                    let cells = r
                        .find_all(Locator::Css("td"))
                        .await
                        .map_err(fail("the standings cells"))?;
                    let mut out = Vec::new();
                    for c in cells {
                        out.push(c.text().await.map_err(fail("a standings cell"))?);
                    }
                    return Ok(out);
                }
            }
            Err(format!("{name} is not in the standings"))
        };
        let winner_row = row(first.clone()).await?;
        let loser_row = row(second.clone()).await?;
        // Rank, name, club, points, tie-breaks..., games.
        if winner_row[0] != "1" || winner_row[3] != "1" || loser_row[3] != "0" {
            return Err(format!(
                "standings rows: {winner_row:?} for the winner, {loser_row:?} for the loser"
            ));
        }
        if winner_row.last().map(String::as_str) != Some("1") {
            return Err(format!("the winner's games: {winner_row:?}"));
        }

        // The organiser downloads the standings as CSV.
        s.sign_in("admin", ADMIN_PASSWORD).await?;
        s.goto(&format!("/tournaments/{tournament}/standings"))
            .await?;
        s.find(&format!(
            "a[href^='/tournaments/{tournament}/standings.csv']"
        ))
        .await?
        .click()
        .await
        .map_err(fail("click the CSV link"))?;
        let csv = self.downloaded().await?;
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let headers = reader.headers().map_err(fail("the CSV header"))?.clone();
        let column = |name: &str| {
            headers
                .iter()
                .position(|h| h == name)
                .ok_or_else(|| format!("the CSV has no `{name}` column: {headers:?}"))
        };
        let (name_col, points_col, rank_col) =
            (column("name")?, column("points")?, column("rank")?);
        let records: Vec<csv::StringRecord> = reader
            .records()
            .collect::<Result<_, _>>()
            .map_err(fail("the CSV rows"))?;
        if records.len() != 4 {
            return Err(format!("{} rows in the standings CSV", records.len()));
        }
        let top = &records[0];
        if top[name_col] != first || top[points_col] != *"1" || top[rank_col] != *"1" {
            return Err(format!("the CSV's first row is {top:?}"));
        }
        self.settle_a_dispute(&tournament, &pins).await
    }

    /// Board 2's players send sheets of two different games; the controller (signed in) reads
    /// them side by side on the game's page, accepts North's, and the page replays that game.
    async fn settle_a_dispute(
        &self,
        tournament: &str,
        pins: &std::collections::HashMap<String, String>,
    ) -> Step<()> {
        let s = self.s;
        s.goto(&format!("/tournaments/{tournament}/rounds/1"))
            .await?;
        let row = "#pairings tbody tr:nth-child(2)";
        let south = s.text(&format!("{row} td:nth-child(2)")).await?;
        let north = s.text(&format!("{row} td:nth-child(3)")).await?;
        let game_link = s
            .find(&format!("{row} a[href^='/games/']"))
            .await?
            .attr("href")
            .await
            .map_err(fail("board 2's address"))?
            .ok_or("board 2 has no game link")?;
        let records = fixture_records();
        let api = Client::new(&s.base);
        for (name, record) in [(&south, &records[1]), (&north, &records[2])] {
            let (moves, winner, seeds) = fixture_game(record);
            let pin = pins
                .get(name)
                .ok_or_else(|| format!("no PIN slip for {name}"))?;
            let r = api
                .post_json(
                    &format!("/api{game_link}/sheets"),
                    &json!({"pin": pin, "result": winner, "seeds": seeds, "end": "natural", "moves": moves}),
                )
                .await;
            if r.status != awc::http::StatusCode::CREATED {
                return Err(format!("{name}'s sheet: {} {}", r.status, r.body));
            }
        }
        let (accepted_moves, _, accepted_seeds) = fixture_game(&records[2]);
        s.goto(&game_link).await?;
        s.expect_text(".status", "disputed").await?;
        s.expect_text("#difference", "first differ at move").await?;
        s.find("#difference svg").await?;
        let north_column = "#sheets tbody tr:last-child td:nth-child(3)";
        s.fill(
            &format!("{north_column} input[name=reason]"),
            "North's sheet matches the board",
        )
        .await?;
        s.click_through(&format!("{north_column} button")).await?;
        let score = format!("{}-{}", accepted_seeds[0], accepted_seeds[1]);
        s.expect_text(".status", &score).await?;
        s.expect_text(".status", "verified by replay").await?;
        s.expect_text(".status", "set by the controller").await?;
        s.find("#replay svg").await?;
        let plies = accepted_moves.split_whitespace().count();
        s.expect_text(".ply-label", &format!("of {plies}")).await?;
        Ok(())
    }

    /// The file the browser saved in the download folder, once complete.
    async fn downloaded(&self) -> Step<String> {
        let since = Instant::now();
        loop {
            let done: Vec<PathBuf> = std::fs::read_dir(self.downloads)
                .map_err(fail("read the download folder"))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "csv"))
                .collect();
            if let [file] = done.as_slice() {
                return std::fs::read_to_string(file).map_err(fail("read the download"));
            }
            if since.elapsed() > PATIENCE {
                return Err(format!("no CSV downloaded (found {done:?})"));
            }
            tokio_sleep(100).await;
        }
    }
}

#[actix_web::test]
async fn a_tournament_run_in_a_browser() {
    let chromium = env_or("CHROMIUM", "/usr/bin/chromium");
    let chromedriver = env_or("CHROMEDRIVER", "/usr/bin/chromedriver");
    for binary in [&chromium, &chromedriver] {
        if !Path::new(binary).exists() {
            return unavailable(&format!("{binary} is not installed"));
        }
    }
    let evidence = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let work = tempfile::tempdir().unwrap();
    let (profile, downloads) = (work.path().join("profile"), work.path().join("downloads"));
    std::fs::create_dir_all(&profile).unwrap();
    std::fs::create_dir_all(&downloads).unwrap();
    let driver_log = evidence.join("chromedriver.log");
    let driver = match Driver::start(&chromedriver, &driver_log) {
        Ok(d) => d,
        Err(e) => return unavailable(&e),
    };
    let browser =
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities(&chromium, &profile, &downloads))
            .connect(&driver.url)
            .await
        {
            Ok(b) => b,
            Err(e) => {
                return unavailable(&format!(
                    "Chromium does not start under ChromeDriver: {e} (log: {})",
                    driver_log.display()
                ));
            }
        };

    let app = spawn_app().await;
    let session = Session {
        browser,
        base: app.address.clone(),
    };
    let journey = Journey {
        s: &session,
        downloads: &downloads,
        work: work.path(),
    };
    let outcome = journey.run().await;
    let kept = match &outcome {
        Err(_) => session.keep_evidence(&evidence).await,
        Ok(()) => Vec::new(),
    };
    let _ = session.browser.close().await;
    drop(driver);
    if let Err(e) = outcome {
        panic!("the browser journey failed: {e}\nkept: {kept:?}");
    }
    // What the browser did is what the database holds: the corrected sheet of board 1, the two
    // sheets of board 2's dispute.
    assert_eq!(app.count("sheets"), 3);
    assert_eq!(app.count("players"), 4);
}
