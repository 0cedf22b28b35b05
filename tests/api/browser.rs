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

/// The width an A4 page gives the print between 12 mm margins, in CSS pixels (186 mm).
const A4_WIDTH: u32 = 703;

/// A command of Chromium's DevTools protocol, sent through chromedriver.
#[derive(Debug)]
struct DevTools {
    cmd: &'static str,
    params: Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for DevTools {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({"cmd": self.cmd, "params": self.params});
        (http::Method::POST, Some(body.to_string()))
    }
}

mod circuits;
mod dashboard;
mod event;
mod formats;
mod french;
mod room;
mod site;

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
/// What the wall shows now: whether it fits the screen (height, width), the site's header,
/// whether every cell shows all it holds (no name cut), the part shown, the pager's words and the
/// rows shown.
const WALL_PAGE: &str = "var d = document.documentElement;
     var part = document.querySelector('.live-page:not([hidden])');
     var rows = part ? Array.from(part.querySelectorAll('tbody tr'))
       .filter(function (r) { return r.offsetParent !== null; }) : [];
     var cells = Array.from(document.querySelectorAll('.live td'))
       .filter(function (c) { return c.offsetParent !== null; });
     return [d.scrollHeight <= window.innerHeight, d.scrollWidth <= window.innerWidth,
             getComputedStyle(document.querySelector('header.site')).display,
             cells.every(function (c) {
               return c.scrollWidth <= c.clientWidth + 1 && c.scrollHeight <= c.clientHeight + 1;
             }),
             part ? part.id : '',
             document.getElementById('live-pager').textContent,
             rows.length];";

/// Whether `stamp` is a moment as the pages in `lang` write one: `1 December 2026 at 21:37 UTC`,
/// `1er décembre 2026 à 21 h 37 UTC`.
fn printed_as_pages_write(lang: &str, stamp: &str) -> bool {
    let words: Vec<&str> = stamp.split_whitespace().collect();
    let number = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
    let clock = |w: &str| {
        w.split_once(':')
            .is_some_and(|(h, m)| h.len() == 2 && m.len() == 2 && number(h) && number(m))
    };
    match (lang, words.as_slice()) {
        ("en", [day, month, year, "at", time, "UTC"]) => {
            number(day)
                && month.chars().next().is_some_and(char::is_uppercase)
                && year.len() == 4
                && clock(time)
        }
        ("fr", [day, month, year, "à", hour, "h", minute, "UTC"]) => {
            (number(day) || *day == "1er")
                && month.chars().all(char::is_lowercase)
                && year.len() == 4
                && number(hour)
                && minute.len() == 2
                && number(minute)
        }
        _ => false,
    }
}

/// The window and the page `width`×`height`, as a projector's (the window's own bars aside).
async fn wall_size(s: &Session, width: u32, height: u32) -> Step<()> {
    s.browser
        .set_window_size(width, height)
        .await
        .map_err(fail("make the window a projector's"))?;
    s.devtools(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
    )
    .await
}

/// Every page of the wall at `path` on a `width`×`height` screen, as it comes round (a page a
/// second): each within the screen, without the site's header, no cell cut; by the pager's
/// words, the part it shows and its rows.
async fn wall_pages(
    s: &Session,
    path: &str,
    width: u32,
    height: u32,
) -> Step<std::collections::BTreeMap<String, (String, u64)>> {
    wall_size(s, width, height).await?;
    s.browser
        .goto(&format!("{}{path}?every=1", s.base))
        .await
        .map_err(fail("open the projector view"))?;
    let pages = pager_pages(s).await?;
    // Each page as it comes round (measured in one script with the pager's words, so that a
    // page turning meanwhile cannot mix two pages up).
    let mut measured = std::collections::BTreeMap::new();
    let since = Instant::now();
    while measured.len() < pages {
        if since.elapsed() > PATIENCE + Duration::from_secs(3 * pages as u64) {
            return Err(format!("the projector view showed only pages {measured:?}"));
        }
        let fit = s
            .browser
            .execute(WALL_PAGE, vec![])
            .await
            .map_err(fail("measure the projector view"))?;
        let page = fit[5].as_str().unwrap_or_default().to_string();
        if fit[0] != json!(true) || fit[1] != json!(true) {
            return Err(format!(
                "{width}x{height}: {page} of the projector view scrolls: {fit}"
            ));
        }
        if fit[2] != json!("none") || fit[3] != json!(true) {
            return Err(format!(
                "{width}x{height}: {page}: site chrome, or a cell cut: {fit}"
            ));
        }
        // Each page of the wall kept as a picture, when pictures are asked for.
        if !measured.contains_key(&page)
            && let Some(dir) = std::env::var_os("OWARE_SCREENSHOTS")
            && let Ok(png) = s.browser.screenshot().await
        {
            let name = format!(
                "projector-{width}x{height}-{}-{}.png",
                path.replace('/', "-"),
                page.replace(' ', "-").trim_end_matches('.')
            );
            let _ = std::fs::write(Path::new(&dir).join(name), png);
        }
        let part = fit[4].as_str().unwrap_or_default().to_string();
        measured.insert(page, (part, fit[6].as_u64().unwrap_or(0)));
        tokio_sleep(200).await;
    }
    Ok(measured)
}

/// The rows of each page of a part of the wall, in page order.
fn rows_of(measured: &std::collections::BTreeMap<String, (String, u64)>, part: &str) -> Vec<u64> {
    let mut pages: Vec<(usize, u64)> = measured
        .iter()
        .filter(|(_, (p, _))| p == part)
        .map(|(words, &(_, rows))| {
            let at = words
                .split_whitespace()
                .nth(1)
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            (at, rows)
        })
        .collect();
    pages.sort();
    pages.into_iter().map(|(_, rows)| rows).collect()
}

/// Whether a part's pages are of even size: none holds less than half another's.
fn even(rows: &[u64], what: &str) -> Step<()> {
    match (rows.iter().min(), rows.iter().max()) {
        (Some(&least), Some(&most)) if 2 * least < most => {
            Err(format!("{what}: pages of {rows:?} rows, not of even size"))
        }
        _ => Ok(()),
    }
}

/// The number of pages of the projector view open, from its pager's words.
async fn pager_pages(s: &Session) -> Step<usize> {
    // The pager read in one script: the stream's first event replaces the content (pager
    // included) just after the page opens, so an element found a moment before can be gone.
    let since = Instant::now();
    let pager = loop {
        let text = s
            .browser
            .execute(
                "var p = document.getElementById('live-pager'); return p ? p.textContent : '';",
                vec![],
            )
            .await
            .map_err(fail("read the projector's pager"))?;
        let text = text.as_str().unwrap_or_default().to_string();
        if text.starts_with("Page ") {
            break text;
        }
        if since.elapsed() > PATIENCE {
            return Err(format!("the projector's pager says {text:?}"));
        }
        tokio_sleep(50).await;
    };
    pager
        .split_whitespace()
        .nth(3)
        .and_then(|n| n.trim_end_matches('.').parse().ok())
        .ok_or_else(|| format!("the pager says {pager:?}"))
}

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
    /// axe-core's script, run on every page the journey visits.
    axe: String,
    /// The pages checked (at a phone's width, and by axe), by address.
    checked: std::cell::RefCell<Vec<String>>,
}

/// The phone the journey is run on: 390 CSS pixels wide.
const PHONE: (u32, u32) = (390, 844);

/// axe-core's script (`.ci/run` installs it with npm into `tests/browser/`; `AXE_CORE` names
/// another copy).
fn axe_source() -> Result<String, String> {
    let path = std::env::var("AXE_CORE").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/browser/node_modules/axe-core/axe.min.js"
        )
        .to_string()
    });
    std::fs::read_to_string(&path).map_err(|e| {
        format!("axe-core is not installed at {path} ({e}): run `npm ci --prefix tests/browser`")
    })
}

/// The serious and critical violations axe finds on the page, each with a few of its places.
const AXE_RUN: &str = r#"
var done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ["violations"] }).then(function (r) {
  done(r.violations.filter(function (v) {
    return v.impact === "serious" || v.impact === "critical";
  }).map(function (v) {
    return v.id + " (" + v.impact + "): " + v.help + " at " + v.nodes.slice(0, 3).map(function (n) {
      return n.target.join(" ");
    }).join("; ");
  }));
}).catch(function (e) { done(["axe did not run: " + e]); });
"#;

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
        self.loaded().await?;
        self.check_page().await
    }

    /// The page fits the phone's width (a table may scroll in its own box, never the page), and
    /// axe finds nothing serious or critical on it.
    async fn check_page(&self) -> Step<()> {
        let url = self.url().await;
        let widths = self
            .browser
            .execute(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth];",
                vec![],
            )
            .await
            .map_err(fail("measure the page"))?;
        let (page, screen) = (widths[0].as_u64(), widths[1].as_u64());
        match (page, screen) {
            (Some(page), Some(screen)) if page <= screen => {}
            _ => {
                return Err(format!(
                    "{url} is {page:?} px wide on a {screen:?} px screen"
                ));
            }
        }
        // The title is words: no markup ended up in it.
        let title = self.browser.title().await.map_err(fail("read the title"))?;
        if title.contains('<') || title.chars().count() > 200 {
            return Err(format!("{url} has the title {title:?}"));
        }
        self.browser
            .execute(&self.axe, vec![])
            .await
            .map_err(fail("load axe-core"))?;
        let found = self
            .browser
            .execute_async(AXE_RUN, vec![])
            .await
            .map_err(fail("run axe-core"))?;
        let violations: Vec<String> =
            serde_json::from_value(found).map_err(fail("axe's answer"))?;
        if !violations.is_empty() {
            return Err(format!("axe on {url}:\n{}", violations.join("\n")));
        }
        let path = url.strip_prefix(&self.base).unwrap_or(&url).to_string();
        // OWARE_SCREENSHOTS=DIR keeps a picture of every page checked, to look at.
        if let Ok(dir) = std::env::var("OWARE_SCREENSHOTS")
            && let Ok(png) = self.browser.screenshot().await
        {
            let n = self.checked.borrow().len();
            let name: String = path
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            let _ = std::fs::write(Path::new(&dir).join(format!("{n:02}{name}.png")), png);
        }
        self.checked.borrow_mut().push(path);
        Ok(())
    }

    /// Sends a command of the browser's own protocol (Chromium's DevTools, through the driver).
    async fn devtools(&self, cmd: &'static str, params: Value) -> Step<()> {
        self.browser
            .issue_cmd(DevTools { cmd, params })
            .await
            .map(|_| ())
            .map_err(fail(cmd))
    }

    /// The page laid out as it prints on A4 (186 mm between 12 mm margins: 703 CSS pixels, with
    /// the print style sheet): nothing past the right edge, and none of `screen_only` printed
    /// (links and controls that mean nothing on paper).
    async fn fits_a4(&self, screen_only: &[&str]) -> Step<()> {
        let a4 =
            json!({"width": A4_WIDTH, "height": 1000, "deviceScaleFactor": 1, "mobile": false});
        self.devtools("Emulation.setDeviceMetricsOverride", a4)
            .await?;
        self.devtools("Emulation.setEmulatedMedia", json!({"media": "print"}))
            .await?;
        let measured = self
            .browser
            .execute(
                "var w = document.documentElement.clientWidth; var over = [];
                 document.querySelectorAll('body *').forEach(function (e) {
                   var r = e.getBoundingClientRect();
                   if (r.width > 0 && r.right > w + 1) over.push(e.tagName.toLowerCase() + '.' + e.className + ' to ' + Math.round(r.right) + ' px');
                 });
                 var stamps = Array.from(document.querySelectorAll('[data-printed-at]')).map(function (e) { return e.textContent; });
                 return {window: window.innerWidth, width: w, scroll: document.documentElement.scrollWidth, over: over.slice(0, 5), text: document.body.innerText, lang: document.documentElement.lang, stamps: stamps};",
                vec![],
            )
            .await
            .map_err(fail("measure the printed page"));
        self.devtools("Emulation.setEmulatedMedia", json!({"media": ""}))
            .await?;
        self.devtools("Emulation.clearDeviceMetricsOverride", json!({}))
            .await?;
        let measured = measured?;
        let path = self.path().await?;
        if measured["window"] != json!(A4_WIDTH) {
            return Err(format!(
                "{path} was not laid out at A4's width: {} px",
                measured["window"]
            ));
        }
        if measured["over"].as_array().is_none_or(|o| !o.is_empty())
            || measured["scroll"].as_i64() > measured["width"].as_i64()
        {
            return Err(format!(
                "{path} printed on A4 is cut at the right edge ({} px wide on {} px): {}",
                measured["scroll"], measured["width"], measured["over"]
            ));
        }
        // The moment it is printed, written as every page writes a moment, in the page's
        // language: "1 December 2026 at 21:37 UTC", "1er décembre 2026 à 21 h 37 UTC".
        for stamp in measured["stamps"].as_array().into_iter().flatten() {
            let stamp = stamp.as_str().unwrap_or_default();
            if !printed_as_pages_write(measured["lang"].as_str().unwrap_or_default(), stamp) {
                return Err(format!("{path} says it was printed {stamp:?}"));
            }
        }
        let text = measured["text"].as_str().unwrap_or_default();
        for words in screen_only {
            if text.contains(words) {
                return Err(format!(
                    "{path} prints {words:?}, which means nothing on paper"
                ));
            }
        }
        Ok(())
    }

    /// Whether every row of the table `css`, laid out as it prints on A4, gives its game of the
    /// match ("game 1 of 2") in a cell of its own, on one line.
    async fn prints_the_game_on_one_line(&self, css: &str) -> Step<()> {
        let a4 =
            json!({"width": A4_WIDTH, "height": 1000, "deviceScaleFactor": 1, "mobile": false});
        self.devtools("Emulation.setDeviceMetricsOverride", a4)
            .await?;
        self.devtools("Emulation.setEmulatedMedia", json!({"media": "print"}))
            .await?;
        let lines = self
            .browser
            .execute(
                "return Array.from(document.querySelectorAll(arguments[0] + ' tbody tr'))
                   .map(function (r) {
                     var cell = r.querySelector('td.game');
                     if (!cell) return 0;
                     var range = document.createRange();
                     range.selectNodeContents(cell);
                     return range.getClientRects().length;
                   });",
                vec![json!(css)],
            )
            .await
            .map_err(fail("measure the printed rows"));
        self.devtools("Emulation.setEmulatedMedia", json!({"media": ""}))
            .await?;
        self.devtools("Emulation.clearDeviceMetricsOverride", json!({}))
            .await?;
        let lines: Vec<u64> = serde_json::from_value(lines?).map_err(fail("the rows"))?;
        if lines.is_empty() || lines.iter().any(|&n| n != 1) {
            return Err(format!(
                "{css} prints the games of the matches on {lines:?} lines"
            ));
        }
        Ok(())
    }

    /// The page as the browser prints it (PDF): its number of pages.
    async fn printed_pages(&self) -> Step<usize> {
        let pdf = self
            .browser
            .print(fantoccini::wd::PrintConfiguration::default())
            .await
            .map_err(fail(&format!("print {}", self.url().await)))?;
        if !pdf.starts_with(b"%PDF") {
            return Err("the print is not a PDF".to_string());
        }
        if let Ok(dir) = std::env::var("OWARE_SCREENSHOTS") {
            let n = self.checked.borrow().len();
            let _ = std::fs::write(Path::new(&dir).join(format!("{n:02}-print.pdf")), &pdf);
        }
        let text = String::from_utf8_lossy(&pdf);
        // Each page object is `/Type /Page`; the tree above them is `/Type /Pages`.
        Ok(text
            .match_indices("/Type /Page")
            .filter(|(i, m)| !text[i + m.len()..].starts_with('s'))
            .count())
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
        self.loaded().await?;
        self.check_page().await
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

    /// Clicks what `css` finds, on the page as it is (no new page expected).
    async fn click(&self, css: &str) -> Step<()> {
        self.find(css)
            .await?
            .click()
            .await
            .map_err(fail(&format!("click `{css}`")))
    }

    /// Marks the document shown, so that [`Session::same_document`] can tell a reload.
    async fn mark_document(&self) -> Step<()> {
        self.browser
            .execute("window.sameDocument = true; return true;", vec![])
            .await
            .map_err(fail("mark the page"))?;
        Ok(())
    }

    /// Fails, saying `reloaded`, unless the document marked is still the one shown.
    async fn same_document(&self, reloaded: &str) -> Step<()> {
        let same = self
            .browser
            .execute("return window.sameDocument === true;", vec![])
            .await
            .map_err(fail("read the mark"))?;
        if same == Value::Bool(true) {
            Ok(())
        } else {
            Err(reloaded.to_string())
        }
    }

    /// Waits until what `script` returns says `wanted`, without reloading the page (for what
    /// is not shown at the moment, such as a page of the wall not turned to).
    async fn wait_for_script(&self, script: &str, wanted: &str) -> Step<String> {
        let since = Instant::now();
        loop {
            let text = self
                .browser
                .execute(script, vec![])
                .await
                .map_err(fail("run a script"))?;
            let text = text.as_str().unwrap_or_default().to_string();
            if text.contains(wanted) {
                return Ok(text);
            }
            if since.elapsed() > PATIENCE {
                return Err(format!("the page never says “{wanted}”: “{text}”"));
            }
            tokio_sleep(100).await;
        }
    }

    /// Waits until what `css` finds says `wanted`, without reloading the page.
    async fn wait_for_text(&self, css: &str, wanted: &str) -> Step<String> {
        let since = Instant::now();
        loop {
            let text = self.text(css).await.unwrap_or_default();
            if text.contains(wanted) {
                return Ok(text);
            }
            if since.elapsed() > PATIENCE {
                return Err(format!("`{css}` never says “{wanted}”: “{text}”"));
            }
            tokio_sleep(100).await;
        }
    }

    /// Waits for what `css` finds to stop saying `gone` (a status line emptied once read).
    async fn wait_for_text_gone(&self, css: &str, gone: &str) -> Step<()> {
        let since = Instant::now();
        loop {
            let text = self.text(css).await.unwrap_or_default();
            if !text.contains(gone) {
                return Ok(());
            }
            if since.elapsed() > PATIENCE {
                return Err(format!("`{css}` still says “{gone}”: “{text}”"));
            }
            tokio_sleep(100).await;
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
        // The name found by typing part of it, in lower case, as a player would.
        let typed = name
            .split_whitespace()
            .last()
            .unwrap_or(name)
            .to_lowercase();
        self.fill("#find-name", &typed).await?;
        self.wait_for_text("#find-status", "with “").await?;
        let offered = self
            .browser
            .execute(
                "return Array.from(document.querySelectorAll('#player-list option')).map(o => o.textContent);",
                vec![],
            )
            .await
            .map_err(fail("read the list of names"))?;
        let offered: Vec<&str> = offered
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        if !offered.contains(&name) || offered.iter().any(|n| !n.to_lowercase().contains(&typed)) {
            return Err(format!(
                "typing {typed:?} to find {name} leaves {offered:?}"
            ));
        }
        self.choose("select[name=player_id]", name).await?;
        self.fill("input[name=pin]", pin).await?;
        self.click_through("main form[method=post] button[type=submit]")
            .await?;
        self.expect_text("header .who", name).await?;
        Ok(())
    }

    /// Saves what the browser shows, for a failed step.
    async fn keep_evidence(&self, dir: &Path, name: &str) -> Vec<PathBuf> {
        let mut kept = Vec::new();
        if let Ok(png) = self.browser.screenshot().await {
            let path = dir.join(format!("{name}-failure.png"));
            if std::fs::write(&path, png).is_ok() {
                kept.push(path);
            }
        }
        if let Ok(html) = self.browser.source().await {
            let path = dir.join(format!("{name}-failure.html"));
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
/// A ply as the paper score sheet numbers it: each numbered move is South's sowing then
/// North's, so ply 21 is "move 11, South".
fn paper_move(ply: usize) -> String {
    let side = if ply % 2 == 1 { "South" } else { "North" };
    format!("move {}, {side}", ply.div_ceil(2))
}

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
    /// A knockout of matches in play, made through the API.
    knockout: i64,
    /// An empty tournament, the next stage of the journey's own.
    stage: i64,
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

        // The players come from a CSV file chosen in the file picker; one has a 60-character
        // name, as full Ghanaian names are, and plays on board 1: every page stays on screen.
        let csv = self.work.join("players.csv");
        std::fs::write(
            &csv,
            "name,club,country,rating\n\
             Kwame Mensah,Accra,GH,1850\n\
             Ama Owusu,Kumasi,GH,1790\n\
             Kofi Boateng Owusu-Ansah Nana Yaw Asante Twumasi-Ankrah Osei,London,GB,1700\n\
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
        // The page says which address the slips print, and that phones cannot reach this one.
        s.expect_text(".site-address", "Only this computer can open it")
            .await?;
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
        // Each slip gives the whole address of the sign-in page, with the player chosen, and
        // its QR code; the slips print.
        let address = s.text(".slip .slip-address").await?;
        if !address.starts_with(&format!(
            "{}/tournaments/{tournament}/sign-in?player=",
            s.base
        )) {
            return Err(format!("a slip gives the address {address}"));
        }
        s.find(".slip svg.qr").await?;
        if s.printed_pages().await? < 1 {
            return Err("the PIN slips print no page".to_string());
        }
        s.fits_a4(&["Print the slips"]).await?;

        // Round 1: generated, looked over, published.
        s.goto(&format!("/tournaments/{tournament}")).await?;
        s.expect_text("#players", "Efua Asante").await?;
        s.click_through(&format!("a[href='/tournaments/{tournament}/rounds']"))
            .await?;
        s.click_through("button[name=mode][value=generate]").await?;
        s.expect_text("main", "Not published").await?;
        // Publishing asks first: the button is behind "Publish round 1…".
        s.click("#confirm-publish summary").await?;
        s.click_through(&format!(
            "form[action='/tournaments/{tournament}/rounds/1/publish'] button"
        ))
        .await?;
        s.expect_text("main", "Published.").await?;
        let round_page = s.path().await?;
        // The round's score sheets print one page per board; the pairings print too.
        s.goto(&format!("/tournaments/{tournament}/rounds/1/sheets"))
            .await?;
        let sheets = s.printed_pages().await?;
        if sheets != 2 {
            return Err(format!(
                "the score sheets of 2 boards print on {sheets} pages"
            ));
        }
        s.fits_a4(&["Print the score sheets", "Back to round"])
            .await?;
        // A game past move 80 goes on on a continuation sheet, numbered on from the first.
        s.click_through("a[href$='/sheets?part=2']").await?;
        s.expect_text(".score-sheet .continued", "moves 81–160")
            .await?;
        s.expect_text(".score-sheet table.grid tbody tr:first-child th", "81")
            .await?;
        let continued = s.printed_pages().await?;
        if continued != 2 {
            return Err(format!(
                "the continuation sheets of 2 boards print on {continued} pages"
            ));
        }
        s.fits_a4(&["Print the continuation sheets"]).await?;
        s.goto(&format!("/tournaments/{tournament}/rounds/1/print"))
            .await?;
        s.expect_text("#by-name", "Efua Asante").await?;
        s.fits_a4(&["Print the pairings", "Back to round"]).await?;
        s.goto(&round_page).await?;
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

        // Signed in, the player lands on their board now: board, opponent, who starts.
        s.player_sign_in(&tournament, &south, &pin(&south)?).await?;
        s.expect_text("#my-board", &north).await?;
        s.expect_text("#my-board", "you start").await?;
        s.click_through(&format!("#my-board a[href='{game_link}']"))
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
        s.expect_text("#todo", "Send your score sheet").await?;
        s.choose("select[name=end]", "by the rules (natural end)")
            .await?;
        s.fill("textarea[name=moves]", &wrong).await?;
        s.click_through("#sheet button[type=submit]").await?;
        let diagnostic = s
            .expect_text(".diagnostic", &format!("At {}", paper_move(wrong_ply)))
            .await?;
        if !diagnostic.contains("not accepted") {
            return Err(format!("the diagnostic reads “{diagnostic}”"));
        }
        s.find(".diagnostic svg").await?;
        // The slip is found: the list with the right move is among the suggestions.
        s.expect_text("#suggestions", "Did you mean").await?;
        s.expect_text("#suggestions", &format!("{}: ", paper_move(wrong_ply)))
            .await?;
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
        // "Use this list" on the right one puts it in the form, to be checked and sent.
        let used = s
            .browser
            .execute(
                "var right = arguments[0];
                 var f = Array.from(document.querySelectorAll('form.use-suggestion'))
                   .find(function (f) { return f.querySelector('input[name=moves]').value === right; });
                 if (!f) return 'not suggested';
                 f.querySelector('button').click();
                 return document.querySelector('#sheet textarea[name=moves]').value;",
                vec![json!(right)],
            )
            .await
            .map_err(fail("use the suggestion"))?;
        if used != json!(right) {
            return Err(format!(
                "using the right suggestion leaves the form with {used}"
            ));
        }
        s.expect_text("main", "Result: ")
            .await
            .err()
            .ok_or("a refused sheet shows a result")?;

        // Corrected by tapping the board, move after move: the result, the seeds and the end
        // are then filled in from the replay.
        s.fill("#sheet textarea[name=moves]", "").await?;
        s.fill("#sheet input[name=south_seeds]", "").await?;
        s.fill("#sheet input[name=north_seeds]", "").await?;
        s.choose("#sheet select[name=result]", "Draw").await?;
        self.tap_the_game(&right).await?;
        let value = |css: &'static str| async move {
            s.find(css)
                .await?
                .prop("value")
                .await
                .map_err(fail(css))
                .map(Option::unwrap_or_default)
        };
        let filled = (
            value("#sheet select[name=result]").await?,
            value("#sheet input[name=south_seeds]").await?,
            value("#sheet input[name=north_seeds]").await?,
            value("#sheet textarea[name=moves]").await?,
        );
        if filled
            != (
                winner.clone(),
                seeds[0].to_string(),
                seeds[1].to_string(),
                right.clone(),
            )
        {
            return Err(format!("after tapping the game, the form holds {filled:?}"));
        }
        s.check_page().await?;
        s.click_through("#sheet button[type=submit]").await?;
        s.expect_text("main", "counts once your opponent confirms")
            .await?;
        s.sign_out().await?;

        // North reads South's sheet in full, and confirms it, as one initials a paper sheet;
        // the projector view, open in another window, shows the result without a reload.
        s.player_sign_in(&tournament, &north, &pin(&north)?).await?;
        s.expect_text("#my-game-state", "waits for you").await?;
        s.click_through(&format!("#my-board a[href='{game_link}']"))
            .await?;
        s.expect_text("#todo", "Your opponent has sent their sheet")
            .await?;
        let plies = right.split_whitespace().count();
        // Counted as the paper sheet numbers moves (a South and a North sowing each).
        s.expect_text("#opponent-sheet", &format!("({} moves)", plies.div_ceil(2)))
            .await?;
        let phone = s.browser.window().await.map_err(fail("the window"))?;
        let wall = s
            .browser
            .new_window(false)
            .await
            .map_err(fail("open a window"))?;
        s.browser
            .switch_to_window(wall.handle.clone())
            .await
            .map_err(fail("switch to the wall"))?;
        // (Turning no page while the journey watches a result come in.)
        s.goto(&format!("/tournaments/{tournament}/live?every=3600"))
            .await?;
        s.expect_text("#live-boards", "playing").await?;
        s.mark_document().await?;
        s.browser
            .switch_to_window(phone.clone())
            .await
            .map_err(fail("switch to the phone"))?;
        s.click_through(&format!("form[action='{game_link}/confirm'] button"))
            .await?;
        s.browser
            .switch_to_window(wall.handle)
            .await
            .map_err(fail("switch to the wall"))?;
        let score = format!("{}-{}", seeds[0], seeds[1]);
        s.wait_for_text("#live-boards", &score).await?;
        s.same_document("the projector view reloaded to show the result")
            .await?;
        s.check_page().await?;
        self.projector().await?;
        s.browser
            .close_window()
            .await
            .map_err(fail("close the wall"))?;
        s.browser
            .switch_to_window(phone)
            .await
            .map_err(fail("back to the phone"))?;
        s.expect_text(".status", &score).await?;
        s.expect_text(".status", "verified by replay").await?;
        // The replay steps back and forth without reloading the page.
        s.mark_document().await?;
        // Named as the paper sheet numbers it: the last sowing is "move 81, South", not 161.
        s.expect_text("#ply-label", &paper_move(plies)).await?;
        s.click("button#prev").await?;
        s.wait_for_text("#ply-label", &paper_move(plies - 1))
            .await?;
        s.click("#move-list a[data-ply='0']").await?;
        s.wait_for_text("#ply-label", "start").await?;
        s.same_document("stepping through the replay reloaded the page")
            .await?;
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
        self.settle_a_dispute(&tournament, &pins).await?;
        self.every_page_kind(&tournament).await
    }

    /// The projector view of a round of 40 boards of two-game matches between players of
    /// 60-character names, on a 1920×1080 screen: no scrolling, no site chrome, one line a
    /// board and a name, no name cut, and every page of it (boards, players by name, the
    /// standings' leaders) turned to in turn, each within the screen, the whole cycle within
    /// 30 seconds.
    async fn projector(&self) -> Step<()> {
        let s = self.s;
        let staff = Client::new(&s.base);
        staff.login("admin", ADMIN_PASSWORD).await;
        let r = staff
            .post_json(
                "/api/tournaments",
                &json!({"name": "Projector Open", "rules": "abapa", "rounds": 5,
                        "pairing": "swiss", "match_games": 2}),
            )
            .await;
        let big = r.json()["id"].as_i64().ok_or("no tournament")?;
        for i in 0..80 {
            let name = format!("Kwabena Nana Yaw Boateng Owusu-Ansah Twumasi-Ankrah Osei {i:02}");
            let body = json!({"name": name, "club": "", "country": "GH", "rating": 2000 - i});
            let r = staff
                .post_json(&format!("/api/tournaments/{big}/players"), &body)
                .await;
            if r.status != awc::http::StatusCode::CREATED {
                return Err(format!(
                    "a player of the projector's tournament: {}",
                    r.body
                ));
            }
        }
        staff
            .post_json(
                &format!("/api/tournaments/{big}/rounds"),
                &json!({"generate": true}),
            )
            .await;
        staff
            .post_json(
                &format!("/api/tournaments/{big}/rounds/1/publish"),
                &json!({}),
            )
            .await;
        // The wall on a projector of each usual size (1024×768 among them, where two names of
        // 60 characters do not fit one line even in the smallest type: they wrap, never cut).
        for (width, height) in [(1920, 1080), (1366, 768), (1280, 720), (1024, 768)] {
            let measured =
                wall_pages(s, &format!("/tournaments/{big}/live"), width, height).await?;
            let parts: std::collections::BTreeSet<String> =
                measured.values().map(|(part, _)| part.clone()).collect();
            let expected: std::collections::BTreeSet<String> =
                ["live-boards-page", "live-names-page", "live-standings-page"]
                    .map(str::to_string)
                    .into();
            if parts != expected {
                return Err(format!("the projector view turned to {parts:?}"));
            }
            // The boards part: every board once, one row each; the names: every player once;
            // the pages of a part even (16 boards then 3 is not).
            let boards = rows_of(&measured, "live-boards-page");
            let names = rows_of(&measured, "live-names-page");
            if boards.iter().sum::<u64>() != 40 || names.iter().sum::<u64>() != 80 {
                return Err(format!(
                    "{width}x{height}: the wall's boards pages hold {boards:?} boards, its names pages {names:?} players"
                ));
            }
            even(&boards, &format!("{width}x{height}, boards"))?;
            even(&names, &format!("{width}x{height}, names"))?;
            tell(&format!(
                "projector, 40 boards of two-game matches, 60-character names, {width}x{height}: \
                 boards per page {boards:?}, names per page {names:?}"
            ));
        }
        // Nineteen boards and a bye: pages of even size, the bye on its line.
        let r = staff
            .post_json(
                "/api/tournaments",
                &json!({"name": "Nineteen boards", "rules": "abapa", "rounds": 5, "pairing": "swiss"}),
            )
            .await;
        let nineteen = r.json()["id"].as_i64().ok_or("no tournament")?;
        for i in 0..39 {
            let name = format!("Akosua Serwaa Ampofo-Boateng Nkansah-Asamoah Owusu {i:02}");
            staff
                .post_json(
                    &format!("/api/tournaments/{nineteen}/players"),
                    &json!({"name": name, "rating": 1900 - i}),
                )
                .await;
        }
        staff
            .post_json(
                &format!("/api/tournaments/{nineteen}/rounds"),
                &json!({"generate": true}),
            )
            .await;
        staff
            .post_json(
                &format!("/api/tournaments/{nineteen}/rounds/1/publish"),
                &json!({}),
            )
            .await;
        for (width, height) in [(1920, 1080), (1280, 720)] {
            let measured =
                wall_pages(s, &format!("/tournaments/{nineteen}/live"), width, height).await?;
            let boards = rows_of(&measured, "live-boards-page");
            if boards.iter().sum::<u64>() != 20 {
                return Err(format!(
                    "{width}x{height}: 19 boards and a bye shown as {boards:?}"
                ));
            }
            even(&boards, &format!("{width}x{height}, nineteen boards"))?;
            tell(&format!(
                "projector, 19 boards and a bye, {width}x{height}: boards per page {boards:?}"
            ));
        }
        // The cycle at 1920×1080, at the pace the page chooses for itself.
        wall_size(s, 1920, 1080).await?;
        s.browser
            .goto(&format!("{}/tournaments/{big}/live", s.base))
            .await
            .map_err(fail("open the projector view"))?;
        let pages = pager_pages(s).await?;
        let every = s
            .browser
            .execute(
                "return Number(document.getElementById('live-pager').getAttribute('data-every'));",
                vec![],
            )
            .await
            .map_err(fail("read the projector's pace"))?
            .as_u64()
            .unwrap_or(0);
        let cycle = every * pages as u64;
        tell(&format!(
            "projector, 40 boards of two-game matches, 60-character names, 1920x1080: {pages} pages, \
             {every} s a page, a cycle of {cycle} s"
        ));
        if every == 0 || cycle > 30 {
            return Err(format!("the projector's cycle: {pages} pages of {every} s"));
        }
        self.bracket_on_the_wall().await?;
        // The 40-player field's printed pages fit A4 too: pairings, sheets, standings, the
        // table round by round.
        for (path, screen_only) in [
            ("rounds/1/print", "Print the pairings"),
            ("rounds/1/sheets", "Print the score sheets"),
            ("standings", "After round:"),
            ("crosstable", "After round:"),
        ] {
            s.browser
                .goto(&format!("{}/tournaments/{big}/{path}", s.base))
                .await
                .map_err(fail(path))?;
            s.fits_a4(&[screen_only]).await?;
            // The pairings of two-game matches: "game 1 of 2" in a column of its own, a line a
            // game (it wrapped onto three lines under the board's number: 6 pages for 19 boards).
            if path == "rounds/1/print" {
                s.prints_the_game_on_one_line("#by-board").await?;
                tell(&format!(
                    "the pairings of 40 boards of two-game matches print on {} A4 pages",
                    s.printed_pages().await?
                ));
            }
        }
        Ok(())
    }

    /// The knockout's bracket on a 1920×1080 wall: a tree whose rounds are joined by lines, as
    /// tall as the screen allows, every match within its place and within the screen.
    async fn bracket_on_the_wall(&self) -> Step<()> {
        let s = self.s;
        wall_size(s, 1920, 1080).await?;
        s.browser
            .goto(&format!(
                "{}/tournaments/{}/live?every=1",
                s.base, self.knockout
            ))
            .await
            .map_err(fail("open the knockout's wall"))?;
        let since = Instant::now();
        let tree = loop {
            let measured = s
                .browser
                .execute(
                    "var part = document.querySelector('.live-page:not([hidden])');
                     if (!part || part.id !== 'live-bracket-page') return null;
                     var parts = part.querySelector('.tree-parts');
                     var d = document.documentElement;
                     var ties = Array.from(part.querySelectorAll('.tree-tie'));
                     return {fits: d.scrollHeight <= innerHeight && d.scrollWidth <= innerWidth,
                             height: parts.getBoundingClientRect().height, screen: innerHeight,
                             font: parseFloat(getComputedStyle(parts).fontSize),
                             ties: ties.length, lines: part.querySelectorAll('.line-join').length,
                             within: ties.every(function (t) {
                               var b = t.querySelector('.tie-box');
                               return b.offsetHeight <= t.clientHeight + 1 && b.scrollWidth <= b.clientWidth + 1;
                             })};",
                    vec![],
                )
                .await
                .map_err(fail("measure the bracket on the wall"))?;
            if !measured.is_null() {
                break measured;
            }
            if since.elapsed() > PATIENCE {
                return Err("the knockout's wall never showed its bracket".to_string());
            }
            tokio_sleep(100).await;
        };
        let number = |k: &str| tree[k].as_f64().unwrap_or(0.0);
        if tree["fits"] != json!(true) || tree["within"] != json!(true) {
            return Err(format!("the bracket on the wall does not fit: {tree}"));
        }
        if number("height") < 0.7 * number("screen") || number("lines") < 2.0 {
            return Err(format!(
                "the bracket is not a tree filling the wall: {tree}"
            ));
        }
        tell(&format!(
            "the bracket on a 1920x1080 wall: {} matches, {:.0} px tall, type {:.1} px",
            tree["ties"],
            number("height"),
            number("font")
        ));
        Ok(())
    }

    /// The page kinds the journey has not been to yet, each checked at the phone's width and by
    /// axe: the organiser's, a player's, a visitor's, and an error page.
    async fn every_page_kind(&self, tournament: &str) -> Step<()> {
        let s = self.s;
        // A knockout of best-of-3 matches with 60-character names: its bracket (printed too),
        // a round whose boards have several games, their score sheets, the standings by place.
        let ko = self.knockout;
        for path in [
            format!("/tournaments/{ko}/bracket"),
            format!("/tournaments/{ko}/rounds/1"),
            format!("/tournaments/{ko}/rounds/1/print"),
            format!("/tournaments/{ko}/rounds/1/sheets"),
            format!("/tournaments/{ko}/live"),
            format!("/tournaments/{ko}/standings"),
            format!("/tournaments/{ko}"),
        ] {
            s.goto(&path).await?;
        }
        s.goto(&format!("/tournaments/{ko}/rounds/1")).await?;
        s.expect_text("#pairings", "game 3 of 3").await?;
        s.expect_text("#pairings", "match 2-1, decided").await?;
        s.goto(&format!("/tournaments/{ko}/bracket")).await?;
        s.expect_text("main", "Semi-finals").await?;
        s.expect_text("main", "winner of round 1, board 2").await?;
        s.fits_a4(&["Standings"]).await?;
        // The next stage takes the top two of the journey's tournament, as its standings say.
        let stage = self.stage;
        s.goto(&format!(
            "/tournaments/{stage}/qualify?from={tournament}&top=2"
        ))
        .await?;
        s.expect_text("#candidates", "").await?;
        s.click_through("form[method=post][action$='/qualify'] button[type=submit]")
            .await?;
        s.expect_text("main", "qualified from").await?;
        s.expect_text("#players", "").await?;
        for path in [
            "/tournaments".to_string(),
            "/tournaments/new".to_string(),
            "/tournaments/import-trf".to_string(),
            format!("/tournaments/{tournament}/edit"),
            format!("/tournaments/{tournament}/players/new"),
            format!("/tournaments/{tournament}/players/import"),
            format!("/tournaments/{tournament}/rounds"),
            format!("/tournaments/{tournament}/crosstable"),
            format!("/tournaments/{tournament}/standings"),
            "/accounts".to_string(),
            "/audit".to_string(),
        ] {
            s.goto(&path).await?;
            // The standings and the crosstable print without the screen's links.
            if path.ends_with("/standings") || path.ends_with("/crosstable") {
                s.fits_a4(&["After round:", "CSV", "OGN"]).await?;
            }
        }
        // A player's page (where a bye is asked for), from the standings.
        s.goto(&format!("/tournaments/{tournament}/standings"))
            .await?;
        s.click_through("#standings tbody tr:first-child a").await?;
        s.expect_text("h1", "").await?;
        // An error page leads back.
        s.goto(&format!("/tournaments/{tournament}/rounds/9"))
            .await?;
        s.expect_text("h1", "Not found").await?;
        s.expect_text("main", "Back to the tournament").await?;
        self.register(tournament).await?;
        s.sign_out().await?;
        for path in [
            "/login".to_string(),
            format!("/tournaments/{tournament}/sign-in"),
            format!("/tournaments/{tournament}/live"),
            format!("/tournaments/{tournament}"),
        ] {
            s.goto(&path).await?;
        }
        Ok(())
    }

    /// The rating list's register: a person added on its page, found again while a player is
    /// entered under another spelling (the suggestion chosen fills the register number in, and
    /// the person's federation and club into the fields left empty), the list, the person's
    /// page and the event's ratings.
    async fn register(&self, tournament: &str) -> Step<()> {
        let s = self.s;
        s.goto("/register").await?;
        s.fill("#person-form input[name=name]", "Kwame Mensah-Bonsu")
            .await?;
        s.fill("#person-form input[name=federation]", "GHA").await?;
        s.fill("#person-form input[name=club]", "Tema Club").await?;
        s.click_through("#person-form button[type=submit]").await?;
        let row = s.expect_text("#persons", "Kwame Mensah-Bonsu").await?;
        let id: String = row
            .lines()
            .find(|l| l.contains("Kwame Mensah-Bonsu"))
            .and_then(|l| l.split_whitespace().next())
            .unwrap_or_default()
            .to_string();
        s.goto(&format!("/tournaments/{tournament}/players/new"))
            .await?;
        s.fill("input[name=name]", "MENSAH BONSU Kwame").await?;
        s.wait_for_text("#register-suggestions", "Kwame Mensah-Bonsu")
            .await?;
        s.click("#register-suggestions button").await?;
        let chosen = s
            .browser
            .execute(
                "var f = document.getElementById('register-id').form; \
                 return [f.elements.register_id.value, f.elements.federation.value, \
                         f.elements.club.value];",
                vec![],
            )
            .await
            .map_err(fail("read the register number"))?;
        if chosen != json!([id, "GHA", "Tema Club"]) {
            return Err(format!(
                "the suggestion filled in {chosen}, not {id}, GHA, Tema Club"
            ));
        }
        s.check_page().await?;
        for path in [
            "/ratings".to_string(),
            format!("/ratings/persons/{id}"),
            format!("/tournaments/{tournament}/ratings"),
        ] {
            s.goto(&path).await?;
        }
        self.circuit(tournament).await
    }

    /// A season's circuit set up on its form (a long name, the tournament counting ×2, a
    /// category with a place in the final), its standings, print and a person's card.
    async fn circuit(&self, tournament: &str) -> Step<()> {
        let s = self.s;
        s.goto("/circuits/new").await?;
        let name = "Grand Prix des clubs d'awalé de la saison 2027, ligue d'Abidjan";
        s.fill("#circuit-form input[name=name]", name).await?;
        s.browser
            .execute(
                "var f = document.getElementById('circuit-form'); \
                 f.elements.start.value = '2027-01-01'; f.elements.end.value = '2027-12-31'; \
                 f.elements['count_' + arguments[0]].checked = true; \
                 f.elements['coef_' + arguments[0]].value = '2'; \
                 f.elements.cat_rule_0.value = 'women';",
                vec![json!(tournament)],
            )
            .await
            .map_err(fail("fill the circuit's dates"))?;
        s.fill("#circuit-form input[name=cat_code_0]", "F").await?;
        s.fill("#circuit-form input[name=cat_name_0]", "Dames")
            .await?;
        s.fill("#circuit-form input[name=cat_places_0]", "1")
            .await?;
        s.click_through("#circuit-form button[type=submit]").await?;
        s.expect_text("h1", name).await?;
        s.check_page().await?;
        let at = s
            .browser
            .execute(
                "var a = document.querySelector('#circuit-standings a'); \
                 return [location.pathname, a ? a.getAttribute('href') : ''];",
                vec![],
            )
            .await
            .map_err(fail("read the circuit's address"))?;
        let (circuit, card) = (
            at[0].as_str().unwrap_or_default().to_string(),
            at[1].as_str().unwrap_or_default().to_string(),
        );
        let mut paths = vec!["/circuits".to_string(), format!("{circuit}/print")];
        if !card.is_empty() {
            paths.push(card);
        }
        for path in paths {
            s.goto(&path).await?;
        }
        Ok(())
    }

    /// Records `moves` by tapping the pits of the game page's board, checking after each tap
    /// that the move was taken, that an empty pit cannot be tapped, and that undo takes the last
    /// move back.
    async fn tap_the_game(&self, moves: &str) -> Step<()> {
        let s = self.s;
        s.click("#tap-open").await?;
        s.wait_for_text(".recorder-status", "Move 1").await?;
        let count = || async {
            let v = s
                .find("textarea[name=moves]")
                .await?
                .prop("value")
                .await
                .map_err(fail("the moves field"))?
                .unwrap_or_default();
            Ok::<usize, String>(v.split_whitespace().count())
        };
        let tap = |letter: String, expected: usize| async move {
            s.click(&format!(".tapboard button[data-pit='{letter}']"))
                .await?;
            let since = Instant::now();
            while count().await? != expected {
                if since.elapsed() > PATIENCE {
                    return Err(format!("tapping {letter} recorded no move {expected}"));
                }
                tokio_sleep(10).await;
            }
            Ok::<(), String>(())
        };
        let list: Vec<&str> = moves.split_whitespace().collect();
        // The first move, taken back, then played again.
        tap(list[0].to_string(), 1).await?;
        s.click("#tap-undo").await?;
        let since = Instant::now();
        while count().await? != 0 {
            if since.elapsed() > PATIENCE {
                return Err("undo did not take the move back".to_string());
            }
            tokio_sleep(10).await;
        }
        for (k, m) in list.iter().enumerate() {
            tap(m.to_string(), k + 1).await?;
            // The pit tapped is disabled now (the other side moves): the keyboard's focus goes
            // on to a pit that may be played, never back to the top of the page.
            let focus = s
                .browser
                .execute(
                    "var a = document.activeElement; return a ? (a.matches('.tapboard button:not([disabled])') || (a.id === 'tap-undo' && !document.querySelector('.tapboard button:not([disabled])'))) : false;",
                    vec![],
                )
                .await
                .map_err(fail("read the focus"))?;
            if focus != Value::Bool(true) {
                return Err(format!(
                    "after tapping move {}, the keyboard's focus left the board",
                    k + 1
                ));
            }
            if k == 2 {
                // A pit that is empty cannot be tapped.
                let disabled = s
                    .browser
                    .execute(
                        "return Array.from(document.querySelectorAll('.tapboard button')).some(b => b.disabled && b.querySelector('.count').textContent === '0');",
                        vec![],
                    )
                    .await
                    .map_err(fail("read the board"))?;
                if disabled != Value::Bool(true) {
                    return Err("no empty pit is shown as one that cannot be tapped".to_string());
                }
            }
        }
        s.wait_for_text(".recorder-status", "Game over").await?;
        let form = "return [document.querySelector('#sheet [name=result]').value, document.querySelector('#sheet [name=south_seeds]').value, document.querySelector('#sheet [name=north_seeds]').value];";
        let ended = s
            .browser
            .execute(form, vec![])
            .await
            .map_err(fail("read the form"))?;
        if ended[1].as_str().unwrap_or_default().is_empty() {
            return Err(format!("the end of the game filled in nothing: {ended}"));
        }
        // The last move undone: the game is not over, and the form says again what it said
        // before the end (the seeds empty); the move played again ends the game again.
        s.click("#tap-undo").await?;
        s.wait_for_text(".recorder-status", "Tap a pit").await?;
        let undone = s
            .browser
            .execute(form, vec![])
            .await
            .map_err(fail("read the form"))?;
        if undone == ended || undone[1].as_str() != Some("") {
            return Err(format!(
                "after undoing the last move the form still says {undone}"
            ));
        }
        let last = list[list.len() - 1].to_string();
        tap(last, list.len()).await?;
        s.wait_for_text(".recorder-status", "Game over").await?;
        Ok(())
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
        s.expect_text(".status", "the sheets differ").await?;
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
        s.expect_text(".ply-label", &paper_move(plies)).await?;
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

/// A phone's browser for a test: ChromeDriver, Chromium at the phone's width, axe-core, and a
/// folder of the test's own for the profile, the downloads and files to upload.
struct Phone {
    driver: Driver,
    browser: Browser,
    axe: String,
    work: tempfile::TempDir,
    downloads: PathBuf,
}

/// Starts a phone's browser; `None` when it cannot run here (said on the terminal; a failure
/// when `CI` is set). `name` names the driver's log under `target/`.
async fn phone(name: &str) -> Option<Phone> {
    let chromium = env_or("CHROMIUM", "/usr/bin/chromium");
    let chromedriver = env_or("CHROMEDRIVER", "/usr/bin/chromedriver");
    for binary in [&chromium, &chromedriver] {
        if !Path::new(binary).exists() {
            unavailable(&format!("{binary} is not installed"));
            return None;
        }
    }
    let evidence = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let work = tempfile::tempdir().unwrap();
    let (profile, downloads) = (work.path().join("profile"), work.path().join("downloads"));
    std::fs::create_dir_all(&profile).unwrap();
    std::fs::create_dir_all(&downloads).unwrap();
    let driver_log = evidence.join(format!("{name}-chromedriver.log"));
    let driver = match Driver::start(&chromedriver, &driver_log) {
        Ok(d) => d,
        Err(e) => {
            unavailable(&e);
            return None;
        }
    };
    let browser =
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities(&chromium, &profile, &downloads))
            .connect(&driver.url)
            .await
        {
            Ok(b) => b,
            Err(e) => {
                unavailable(&format!(
                    "Chromium does not start under ChromeDriver: {e} (log: {})",
                    driver_log.display()
                ));
                return None;
            }
        };
    let axe = match axe_source() {
        Ok(axe) => axe,
        Err(e) => {
            let _ = browser.close().await;
            unavailable(&e);
            return None;
        }
    };
    // A phone: every page is checked at its width.
    if let Err(e) = browser.set_window_size(PHONE.0, PHONE.1).await {
        let _ = browser.close().await;
        unavailable(&format!("the window cannot be made a phone's size: {e}"));
        return None;
    }
    Some(Phone {
        driver,
        browser,
        axe,
        work,
        downloads,
    })
}

/// Runs `journey` in the phone's browser against `app`; a failed step keeps a screenshot and the
/// page under `target/` and fails the test. The pages checked, by address.
async fn run_in<F>(phone: Phone, app: &TestApp, name: &str, journey: F) -> Vec<String>
where
    F: AsyncFnOnce(&Session, &Path, &Path) -> Step<()>,
{
    run_at(phone, &app.address, name, journey).await
}

/// A journey on the pages at `base` (a service's address, or a folder as `file://`).
async fn run_at<F>(phone: Phone, base: &str, name: &str, journey: F) -> Vec<String>
where
    F: AsyncFnOnce(&Session, &Path, &Path) -> Step<()>,
{
    let session = Session {
        browser: phone.browser,
        base: base.to_string(),
        axe: phone.axe,
        checked: Default::default(),
    };
    let outcome = journey(&session, &phone.downloads, phone.work.path()).await;
    let kept = match &outcome {
        Err(_) => {
            session
                .keep_evidence(&PathBuf::from(env!("CARGO_TARGET_TMPDIR")), name)
                .await
        }
        Ok(()) => Vec::new(),
    };
    let _ = session.browser.close().await;
    drop(phone.driver);
    if let Err(e) = outcome {
        panic!("the browser journey failed: {e}\nkept: {kept:?}");
    }
    let checked = session.checked.into_inner();
    tell(&format!(
        "{name}: {} pages checked at {} px by axe-core",
        checked.len(),
        PHONE.0
    ));
    checked
}

#[actix_web::test]
async fn a_tournament_run_in_a_browser() {
    let Some(phone) = phone("browser-journey").await else {
        return;
    };
    // Backups after each round: the staff's tournament list says so at the phone's width.
    let backups = phone.work.path().join("backups");
    let app = spawn_app_tuned(move |c| c.backup_folder = Some(backups)).await;
    let organiser = app.organiser().await;
    let knockout = crate::matches::knockout_in_play(&app, &organiser).await;
    let stage = create_tournament(&organiser, "Final stage").await;
    let checked = run_in(
        phone,
        &app,
        "browser-journey",
        async |s: &Session, downloads: &Path, work: &Path| {
            Journey {
                s,
                downloads,
                work,
                knockout,
                stage,
            }
            .run()
            .await
        },
    )
    .await;
    // Every kind of page was checked: game, round, printed sheets and pairings, PIN slips,
    // projector view, standings, crosstable, player, lists and forms, error, sign-in.
    for kind in [
        "/games/",
        "/rounds/1",
        "/rounds/1/sheets",
        "/rounds/1/print",
        "/players/import",
        "/live",
        "/standings",
        "/crosstable",
        "/players/",
        "/audit",
        "/accounts",
        "/login",
        "/sign-in",
        "/rounds/9",
        "/edit",
        "/bracket",
        "/qualify",
    ] {
        assert!(
            checked.iter().any(|p| p.contains(kind)),
            "no page like {kind} was checked: {checked:?}"
        );
    }
    // What the browser did is what the database holds: the corrected sheet of board 1, the two
    // sheets of board 2's dispute (and the knockout's 4, sent through the API).
    assert_eq!(app.count("sheets"), 3 + 4);
    // The journey's 4 players, the 80 of the projector's tournament, the 39 of the wall of 19
    // boards and a bye, the knockout's 12, the two who went through to the next stage.
    assert_eq!(app.count("players"), 4 + 80 + 39 + 12 + 2);
}
