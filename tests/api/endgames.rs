//! Exact adjudication and the moves that lost a game, with endgame tables built here and given
//! to the service as `OWARE_ENDGAME_DIR` gives them.

use awc::http::StatusCode;
use serde_json::{Value, json};

use oware_tournament::engine::endgame::{self, file::file_name};
use oware_tournament::engine::{DeclaredEnd, Position, Preset, Replay, Rules};

use crate::helpers::*;

/// A folder with the abapa table of boards of at most `seeds` seeds.
pub fn tables(seeds: u8) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let table = endgame::build(Preset::Abapa, seeds, &mut ());
    let file = std::fs::File::create(dir.path().join(file_name(Preset::Abapa, seeds))).unwrap();
    table.write_to(std::io::BufWriter::new(file)).unwrap();
    dir
}

/// The app with the tables of `dir`.
pub async fn app_with_tables(dir: &tempfile::TempDir) -> TestApp {
    let path = dir.path().to_path_buf();
    spawn_app_tuned(move |c| c.endgame_dir = Some(path)).await
}

/// The app with the tables of `dir`, its organiser, and a published game of a tournament that
/// adjudicates exactly: the tournament, the game and the game's adjudication path.
async fn exact_game(dir: &tempfile::TempDir) -> (TestApp, Client, i64, i64, String) {
    let app = app_with_tables(dir).await;
    let organiser = app.organiser().await;
    let (t, game, _, _) =
        crate::sheets::one_game(&app, &organiser, json!({"adjudication": "exact"})).await;
    crate::sheets::publish(&organiser, t, 1).await;
    let path = format!("/api/games/{game}/adjudication");
    (app, organiser, t, game, path)
}

/// The start with `dir` as `OWARE_ENDGAME_DIR`, on a database file not made yet: what stopped
/// it, and whether the database was made.
fn start_refused(dir: &std::path::Path) -> (String, bool) {
    let db = tempfile::tempdir().unwrap();
    let db_path = db.path().join("venue.db");
    let mut config = config(&db_path);
    config.endgame_dir = Some(dir.to_path_buf());
    let refused = oware_tournament::startup::Application::build(&config)
        .err()
        .expect("the start refused");
    (refused.to_string(), db_path.exists())
}

#[test]
fn a_damaged_table_stops_the_start_naming_it_before_anything_is_made() {
    let dir = tables(4);
    let name = file_name(Preset::Abapa, 4);
    let path = dir.path().join(&name);
    let whole = std::fs::read(&path).unwrap();
    std::fs::write(&path, &whole[..whole.len() / 2]).unwrap();
    let (said, made) = start_refused(dir.path());
    assert!(said.starts_with("OWARE_ENDGAME_DIR: "), "{said}");
    assert!(said.contains(&name) && !said.contains("listen"), "{said}");
    assert!(!made, "no database made, no account in it");
    // A pipe named like a table (nothing ever written to it) is refused, not waited on: the
    // start is tried on a thread, so that a start that waits fails the test instead of holding it.
    std::fs::remove_file(&path).unwrap();
    let made_fifo = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .unwrap();
    assert!(made_fifo.success());
    let folder = dir.path().to_path_buf();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(start_refused(&folder)));
    let (said, made) = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the start answered");
    assert!(
        said.contains(&name) && said.contains("not a file"),
        "{said}"
    );
    assert!(!made);
}

/// Read in place, a table is checked layer by layer at each layer's first read: a layer damaged
/// on the disk does not stop the start (a head damaged does, above), the positions of its size
/// are adjudicated by the rows with the reason said, and the other layers still answer.
#[actix_web::test]
async fn a_damaged_layer_is_found_at_its_first_read_and_said() {
    let dir = tables(8);
    let path = dir.path().join(file_name(Preset::Abapa, 8));
    let mut bytes = std::fs::read(&path).unwrap();
    // The last bytes are the layer of 8 seeds'.
    let last = bytes.len() - 1;
    bytes[last] ^= 0x21;
    std::fs::write(&path, &bytes).unwrap();
    let (_app, organiser, _, _, path) = exact_game(&dir).await;
    let eight = json!({"pits": [1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0], "captured": [20, 20], "to_move": "south"});
    let r = organiser.post_json(&path, &eight).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["method"], "rows", "{}", r.body);
    let words = r.json()["words"].as_str().unwrap().to_string();
    assert!(
        words.contains("the endgame table of abapa is damaged on the disk for boards of 8 seeds"),
        "{words}"
    );
    let one = json!({"pits": [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], "captured": [23, 24], "to_move": "south"});
    let r = organiser.post_json(&path, &one).await;
    assert_eq!(r.json()["method"], "exact", "{}", r.body);
    assert_eq!(r.json()["scores"], json!([23, 25]), "{}", r.body);
}

#[actix_web::test]
async fn exact_adjudication_gives_what_best_play_reaches_and_says_why_when_it_cannot() {
    let dir = tables(8);
    let (app, organiser, t, game, path) = exact_game(&dir).await;
    // South to move with one seed in F, North's row empty, captured 23 and 24. By the rows it is
    // a draw (24 each). Played out: F must feed a; North cannot feed South and takes its row:
    // North 25, South 23.
    let position = json!({"pits": [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], "captured": [23, 24], "to_move": "south"});

    let mut without = position.clone();
    without.as_object_mut().unwrap().remove("to_move");
    let r = organiser.post_json(&path, &without).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("who is to move"), "{}", r.body);

    let r = organiser.post_json(&path, &position).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let p = r.json();
    assert_eq!(p["method"], "exact", "{p}");
    assert_eq!(p["winner"], "north", "{p}");
    assert_eq!(p["scores"], json!([23, 25]), "{p}");
    assert_eq!(p["exact"]["line"], json!(["F"]), "{p}");
    assert!(
        p["words"].as_str().unwrap().contains("endgame tables"),
        "{p}"
    );

    // More seeds than the tables hold: the rows decide, and the proposal says why.
    let big = json!({"pits": [3, 0, 4, 1, 0, 2, 1, 1, 0, 5, 2, 0], "captured": [20, 9], "to_move": "north"});
    let r = organiser.post_json(&path, &big).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["method"], "rows");
    assert_eq!(r.json()["scores"], json!([30, 18]));
    let words = r.json()["words"].as_str().unwrap().to_string();
    assert!(
        words.contains("the board holds 19 seeds and the endgame tables hold boards of 8 or fewer"),
        "{words}"
    );

    // Confirmed: North wins 25–23, the line in the reason.
    let mut confirm = position.clone();
    confirm["confirm"] = json!(true);
    let r = organiser.post_json(&path, &confirm).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let g = r.json();
    assert_eq!(
        (g["status"].clone(), g["result"].clone()),
        (json!("final"), json!("north"))
    );
    assert_eq!(g["seeds"], json!([23, 25]));
    assert!(
        g["reason"].as_str().unwrap().contains("a best line: F"),
        "{g}"
    );
    told_to_everyone(&app, &dir, t, game).await;

    // The choice is fixed once a round is paired.
    let settings = json!({"name": "manual 3", "rules": "abapa", "rounds": 9, "pairing": "manual"});
    let mut rows = settings.clone();
    rows["adjudication"] = json!("rows");
    let r = organiser
        .put_json(&format!("/api/tournaments/{t}"), &rows)
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(
        r.body.contains("fixed once a round is paired"),
        "{}",
        r.body
    );
    let mut exact = settings.clone();
    exact["adjudication"] = json!("exact");
    let r = organiser
        .put_json(&format!("/api/tournaments/{t}"), &exact)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["adjudication"], "exact", "{}", r.body);
}

#[actix_web::test]
async fn a_tournament_adjudicating_by_rows_ignores_the_tables() {
    let dir = tables(4);
    let app = app_with_tables(&dir).await;
    let organiser = app.organiser().await;
    let (t, game, _, _) = crate::sheets::one_game(&app, &organiser, json!({})).await;
    crate::sheets::publish(&organiser, t, 1).await;
    let position = json!({"pits": [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], "captured": [23, 24], "to_move": "south"});
    let r = organiser
        .post_json(&format!("/api/games/{game}/adjudication"), &position)
        .await;
    assert_eq!(r.json()["method"], "rows", "{}", r.body);
    assert_eq!(r.json()["winner"], "draw", "{}", r.body);
}

/// The fixture games that replay under abapa, each with its replay.
fn fixture_replays() -> impl Iterator<Item = ((String, String, [i64; 2]), Replay)> {
    crate::swiss::fixture_games().into_iter().filter_map(|g| {
        let replay = oware_tournament::engine::replay(
            &g.0,
            &Rules::abapa(),
            Position::start(),
            None,
            DeclaredEnd::Natural,
        )
        .ok()?;
        Some((g, replay))
    })
}

/// A position of a fixture game within `table`, not over, to which a line can come back
/// without a capture and which the table decides with the game's moves since its last capture:
/// the moves to it as the sheet wrote them, the moves one short of it, and the position.
fn position_needing_its_moves(table: &endgame::Table) -> (String, String, Position) {
    use endgame::history::{MOST, Unknown, since_capture};
    fixture_replays()
        .find_map(|(_, replay)| {
            let positions = replay.positions();
            (1..positions.len()).find_map(|k| {
                let pos = positions[k];
                if table.bounds(&pos).is_none() || Rules::abapa().outcome(&pos).is_some() {
                    return None;
                }
                if table.bounds_with_history(&pos, None, MOST) != Err(Unknown::NeedsHistory) {
                    return None;
                }
                let b = table
                    .bounds_with_history(&pos, Some(since_capture(&positions, k)), MOST)
                    .ok()?;
                let mover = pos.to_move();
                let stores = [pos.store(mover), pos.store(mover.other())];
                if endgame::verdict(b.low, stores) != endgame::verdict(b.high, stores) {
                    return None;
                }
                let moves = |n: usize| {
                    replay.plies[..n]
                        .iter()
                        .map(|p| p.token.clone())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                Some((moves(k), moves(k - 1), pos))
            })
        })
        .expect("a fixture position whose value needs its moves")
}

/// A position a line can come back to: without the game's moves the tables do not answer (what
/// came before could change its value) and the proposal says so; with them, they decide. Moves
/// that do not replay, or lead elsewhere, are refused and change nothing; confirmed, the moves
/// stay with the reason and the game's page gives the tables' verdict with them.
#[actix_web::test]
async fn exact_adjudication_takes_the_moves_since_the_last_capture() {
    let seeds = 10;
    let dir = tables(seeds);
    let table = endgame::build(Preset::Abapa, seeds, &mut ());
    let (moves, short, pos) = position_needing_its_moves(&table);
    let (app, organiser, _, game, path) = exact_game(&dir).await;
    let side = if pos.to_move() == oware_tournament::engine::Side::South {
        "south"
    } else {
        "north"
    };
    let position = json!({"pits": pos.pits(), "captured": pos.stores(), "to_move": side});

    let r = organiser.post_json(&path, &position).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["method"], "rows", "{}", r.body);
    assert!(
        r.body.contains("can come back to it without a capture"),
        "{}",
        r.body
    );

    let mut with = position.clone();
    with["moves"] = json!(moves);
    let r = organiser.post_json(&path, &with).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["method"], "exact", "{}", r.body);

    // Who is to move is taken from the moves where the position does not say.
    let mut unsaid = with.clone();
    unsaid.as_object_mut().unwrap().remove("to_move");
    let r = organiser.post_json(&path, &unsaid).await;
    assert_eq!(r.json()["method"], "exact", "{}", r.body);
    assert_eq!(r.json()["position"]["to_move"], side, "{}", r.body);

    for (bad, words) in [
        (short.as_str(), "lead to another position"),
        ("A b Z", "refused at move"),
    ] {
        let mut wrong = with.clone();
        wrong["moves"] = json!(bad);
        wrong["confirm"] = json!(true);
        let r = organiser.post_json(&path, &wrong).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
        assert!(r.body.contains(words), "{words}: {}", r.body);
    }
    let g: Value = app.client().get(&format!("/api/games/{game}")).await.json();
    assert_ne!(g["status"], "final", "{g}");

    let mut confirm = with.clone();
    confirm["confirm"] = json!(true);
    let r = organiser.post_json(&path, &confirm).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["status"], "final", "{}", r.body);
    // The page, with the moves kept, gives the tables' verdict again.
    let page = app.client().get(&format!("/games/{game}")).await;
    assert!(page.body.contains("By the endgame tables"), "{}", page.body);
    assert!(
        !page.body.contains("can come back to it without a capture"),
        "{}",
        page.body
    );
}

/// The first fixture game with a move that changed its exact value under `table`.
fn game_with_a_lost_move(table: &endgame::Table) -> ((String, String, [i64; 2]), endgame::Mark) {
    fixture_replays()
        .find_map(|(g, replay)| {
            let mark = *endgame::marks(table, &replay).first()?;
            Some((g, mark))
        })
        .expect("a fixture game with a move that lost seeds within the table")
}

#[actix_web::test]
async fn a_finished_game_shows_where_it_was_lost_on_its_page_and_in_its_record() {
    let seeds = 10;
    let dir = tables(seeds);
    let table = endgame::build(Preset::Abapa, seeds, &mut ());
    let (fixture, mark) = game_with_a_lost_move(&table);
    let app = app_with_tables(&dir).await;
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), (_, north_pin)) =
        crate::sheets::one_game(&app, &organiser, json!({})).await;
    crate::sheets::publish(&organiser, t, 1).await;
    crate::sheets::sent_and_confirmed(
        &app,
        game,
        crate::swiss::sheet(&fixture),
        (&south_pin, &north_pin),
    )
    .await;

    let g: Value = app.client().get(&format!("/api/games/{game}")).await.json();
    let lost = g["lost"].as_array().unwrap();
    assert_eq!(lost[0]["ply"], json!(mark.ply), "{g}");
    assert_eq!(lost[0]["best"], mark.best.pit.letter().to_string(), "{g}");
    // Headed by what the moves did: the result lost, or seeds only.
    let heading = if lost.iter().any(|m| m["change"] != "gives-seeds") {
        "Where the game was lost"
    } else {
        "Where seeds were given away"
    };
    let side = if mark.ply % 2 == 1 { "South" } else { "North" };
    let words = format!(
        "move {}, {side} ({}) {}",
        mark.ply.div_ceil(2),
        mark.mv.pit.letter(),
        match (mark.change, mark.seeds) {
            (endgame::analysis::Change::GivesSeeds, Some(s)) => format!("gave away {s} seed"),
            (endgame::analysis::Change::DropsTheWin, _) => "gave away the win".to_string(),
            (endgame::analysis::Change::ThrowsAwayTheWin, _) =>
                "lost a game that was won".to_string(),
            (endgame::analysis::Change::DropsTheDraw, _) =>
                "lost a game that was drawn".to_string(),
            (endgame::analysis::Change::GivesSeeds, None) => "gave away seeds".to_string(),
        }
    );
    let preferred = format!("the tables preferred {}", mark.best.pit.letter());
    let page = app.client().get(&format!("/games/{game}")).await;
    for wanted in [heading, &words, &preferred] {
        assert!(page.body.contains(wanted), "{wanted}: {}", page.body);
    }
    let ogn = app.client().get(&format!("/games/{game}.ogn")).await;
    assert!(ogn.body.contains(&format!("{preferred}}}")), "{}", ogn.body);
    // The tournament's games.ogn carries the same comments.
    let all = organiser.get(&format!("/tournaments/{t}/games.ogn")).await;
    assert_eq!(all.status, StatusCode::OK);
    assert!(all.body.contains(&format!("{preferred}}}")), "{}", all.body);
    // So does the static site, written with the tables the service reads: the game's page
    // and its games.ogn.
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let written = crate::site::export_site_with(&app, t, &site, Some(dir.path()));
    assert!(
        written.status.success(),
        "{}",
        String::from_utf8_lossy(&written.stderr)
    );
    let page = std::fs::read_to_string(site.join(format!("games/{game}.html"))).unwrap();
    for wanted in [heading, &words, &preferred] {
        assert!(page.contains(wanted), "{wanted}: {page}");
    }
    let records = std::fs::read_to_string(site.join("games.ogn")).unwrap();
    assert!(records.contains(&format!("{preferred}}}")), "{records}");
    let without = crate::site::export_site(&app, t, &out.path().join("plain"));
    assert!(without.status.success());
    let plain = std::fs::read_to_string(out.path().join(format!("plain/games/{game}.html")));
    assert!(!plain.unwrap().contains(&preferred));
    // The record with its comments still replays to the same game.
    let record = oware_tournament::engine::ogn::parse(&ogn.body).unwrap();
    assert_eq!(record.len(), 1);
}

/// The confirmed adjudication as everyone sees it, on the game's page (a visitor, not signed
/// in), in the API and on the static site: the position drawn with who was to move, both
/// verdicts (by the rows a draw at 24 each; by the tables North 25-23) and the tables' line
/// numbered as the sheet numbers moves, with the slip's heading to print.
async fn told_to_everyone(app: &TestApp, dir: &tempfile::TempDir, t: i64, game: i64) {
    let visitor = app.client();
    let api = visitor.get(&format!("/api/games/{game}")).await.json();
    let a = &api["adjudicated"];
    assert_eq!(
        a["position"],
        json!({"pits": [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], "captured": [23, 24], "to_move": "south"}),
        "{api}"
    );
    assert_eq!(
        (a["rows"]["scores"].clone(), a["rows"]["winner"].clone()),
        (json!([24, 24]), json!("draw")),
        "{a}"
    );
    assert_eq!(
        (a["tables"]["scores"].clone(), a["tables"]["winner"].clone()),
        (json!([23, 25]), json!("north")),
        "{a}"
    );
    assert_eq!(a["line"], "1. F", "{a}");
    let page = visitor.get(&format!("/games/{game}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let section = between(&page.body, "id=\"adjudicated\"", "</section>");
    for wanted in [
        "The adjudicated position",
        "P0 (South) was to move.",
        "By the rows",
        "draw",
        "By the endgame tables",
        "1. F",
        "data-print=\"adjudicated\"",
        "manual 3 · Round 1",
        "<svg class=\"board\"",
    ] {
        assert!(section.contains(wanted), "{wanted}: {section}");
    }
    // The drawing says the board in words: South's single seed in F, the stores, who moves.
    assert!(
        section.contains("pits A to F: 0, 0, 0, 0, 0, 1; store 23"),
        "{section}"
    );

    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let written = crate::site::export_site_with(app, t, &site, Some(dir.path()));
    assert!(written.status.success());
    let page = std::fs::read_to_string(site.join(format!("games/{game}.html"))).unwrap();
    let section = between(&page, "id=\"adjudicated\"", "</section>");
    for wanted in [
        "By the rows",
        "By the endgame tables",
        "1. F",
        "../print.js",
    ] {
        assert!(
            section.contains(wanted) || page.contains(wanted),
            "{wanted}: {section}"
        );
    }
    assert!(site.join("print.js").exists());
}

/// The text of `page` from `from` to the next `to`.
fn between<'a>(page: &'a str, from: &str, to: &str) -> &'a str {
    let start = page.find(from).unwrap_or_else(|| panic!("{from}: {page}"));
    let end = page[start..].find(to).map_or(page.len(), |e| start + e);
    &page[start..end]
}
