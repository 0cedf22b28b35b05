//! A tournament as a static site (`export-site`): every page and file written, every link
//! relative and leading to a file of the site, the downloads equal to the service's own, and
//! nothing loaded from elsewhere. The browser test (`browser::site`) reads it from the disk at a
//! phone's width through axe-core.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::archive::played_event;
use crate::helpers::*;

/// Runs `export-site` on the app's database: its exit status and what it printed.
pub fn export_site(app: &TestApp, t: i64, dir: &Path) -> std::process::Output {
    export_site_with(app, t, dir, None)
}

/// [`export_site`] with the endgame tables of `tables` (`OWARE_ENDGAME_DIR`), if any.
pub fn export_site_with(
    app: &TestApp,
    t: i64,
    dir: &Path,
    tables: Option<&Path>,
) -> std::process::Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_oware-tournament"));
    command
        .args(["export-site", &t.to_string(), dir.to_str().unwrap()])
        .arg("--database")
        .arg(&app.db_path)
        .env_remove("DATABASE_URL")
        .env_remove("OWARE_ENDGAME_DIR");
    if let Some(tables) = tables {
        command.env("OWARE_ENDGAME_DIR", tables);
    }
    command.output().unwrap()
}

/// Every file under `dir`, by its path from it.
pub(crate) fn files(dir: &Path) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path: PathBuf = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                found.insert(
                    path.strip_prefix(dir)
                        .unwrap()
                        .to_string_lossy()
                        .to_string(),
                );
            }
        }
    }
    found
}

/// The addresses a page links to or loads (`href` and `src`).
pub(crate) fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attribute in ["href=\"", "src=\""] {
        let mut rest = html;
        while let Some(i) = rest.find(attribute) {
            rest = &rest[i + attribute.len()..];
            let end = rest.find('"').unwrap();
            out.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    out
}

#[actix_web::test]
async fn a_tournament_written_as_a_static_site() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = played_event(&app, &organiser).await;
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("kumasi");
    let out = export_site(&app, t, &site);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("index.html"));

    let written = files(&site);
    for file in [
        "index.html",
        "standings.html",
        "crosstable.html",
        "rounds/1.html",
        "rounds/3.html",
        "style.css",
        "replay.js",
        "words.js",
        "standings.csv",
        "games.csv",
        "games.ogn",
    ] {
        assert!(written.contains(file), "{file} in {written:?}");
    }
    let players = written.iter().filter(|f| f.starts_with("players/")).count();
    let games = written.iter().filter(|f| f.starts_with("games/")).count();
    assert_eq!(players, 7);
    assert_eq!(games, 9, "every board of the three rounds: {written:?}");
    // Every link leads to a file of the site (or a place on the page); nothing from elsewhere.
    for page in written.iter().filter(|f| f.ends_with(".html")) {
        let html = std::fs::read_to_string(site.join(page)).unwrap();
        assert!(
            !html.contains("<form method=\"post\""),
            "{page} has a form to send"
        );
        let folder = Path::new(page).parent().unwrap();
        for link in links(&html) {
            if link.starts_with('#') {
                continue;
            }
            assert!(
                !link.starts_with('/') && !link.contains("://"),
                "{page} links to {link}"
            );
            let target = link.split('#').next().unwrap();
            let resolved = site.join(folder).join(target);
            assert!(resolved.is_file(), "{page}: {link} leads nowhere");
        }
    }
    // The standings, the crosstable and a round read as the service's own pages.
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(
        index.contains(crate::archive::LONG),
        "the long name on the index"
    );
    let standings = std::fs::read_to_string(site.join("standings.html")).unwrap();
    let live = app
        .client()
        .get(&format!("/tournaments/{t}/standings"))
        .await
        .body;
    let table = |html: &str| {
        let start = html.find("<tbody>").unwrap();
        let end = html.find("</tbody>").unwrap();
        html[start..end]
            .replace(&format!("/tournaments/{t}/players/"), "players/")
            .replace("\">", ".html\">")
            .split_whitespace()
            .collect::<String>()
    };
    assert_eq!(
        table(&standings).replace(".html.html", ".html"),
        table(&live).replace(".html.html", ".html")
    );
    // A game carries its whole replay; the downloads are the service's own.
    let game = written.iter().find(|f| f.starts_with("games/")).unwrap();
    let html = std::fs::read_to_string(site.join(game)).unwrap();
    assert!(html.contains("id=\"replay-data\""), "{html}");
    assert!(html.contains("verified by replay"), "{html}");
    let ogn = std::fs::read_to_string(site.join("games.ogn")).unwrap();
    let live = organiser
        .get(&format!("/tournaments/{t}/games.ogn"))
        .await
        .body;
    assert_eq!(ogn, live);
    let csv = std::fs::read_to_string(site.join("games.csv")).unwrap();
    let live = organiser
        .get(&format!("/tournaments/{t}/games.csv"))
        .await
        .body;
    assert_eq!(csv, live);

    // Never over a folder with something in it; an unknown tournament is said so.
    let again = export_site(&app, t, &site);
    assert_eq!(again.status.code(), Some(2));
    let none = export_site(&app, 9999, &dir.path().join("none"));
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("tournament"));

    // A French tournament's site is in French unless asked otherwise.
    let (fr, _, _, _) =
        crate::sheets::one_game(&app, &organiser, serde_json::json!({"language": "fr"})).await;
    let french = dir.path().join("french");
    let out = export_site(&app, fr, &french);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let index = std::fs::read_to_string(french.join("index.html")).unwrap();
    assert!(index.contains("<html lang=\"fr\">"), "{index}");
}
