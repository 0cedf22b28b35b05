//! How often the endgame tables decide an adjudication on positions from real games: every
//! position of the project's recorded games (`tests/data/abapa-random-games.jsonl`, the
//! imported `tests/data/auale-games.ogn`) with at most the table's seeds on the board and the
//! game not over, taken with its line since the last capture. Decided: both bounds give the
//! same winner with the game's stores. Printed: the share decided by the table's bounds alone
//! (those of the position with no history, as if the game started there), and with the game's
//! history as an adjudication takes it (the bounds widened by the history's repetitions, then
//! where they do not decide a search along the lines), and the time a search takes.
//!
//! `OWARE_ENDGAME_DIR=/path/to/tables cargo bench --bench adjudications`; figures in README.md.

use std::time::Instant;

use oware_tournament::engine::endgame::history::{MOST, since_capture};
use oware_tournament::engine::endgame::{Bounds, Table, file, verdict};
use oware_tournament::engine::{DeclaredEnd, Position, Preset, Rules, ogn, replay};

/// Each recorded game's positions, start first.
fn games() -> Vec<Vec<Position>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let rules = Rules::abapa();
    let mut games = Vec::new();
    let jsonl = std::fs::read_to_string(format!("{dir}/abapa-random-games.jsonl")).expect("games");
    for line in jsonl.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let moves = v["moves"].as_str().expect("moves");
        let r = replay(moves, &rules, Position::start(), None, DeclaredEnd::Natural)
            .expect("a recorded game replays");
        games.push(r.positions());
    }
    let text = std::fs::read_to_string(format!("{dir}/auale-games.ogn")).expect("games");
    for game in ogn::parse(&text).expect("OGN games") {
        let start = game.start().expect("a start");
        if let Ok(r) = replay(&game.movetext, &rules, start, None, DeclaredEnd::Natural) {
            games.push(r.positions());
        }
    }
    games
}

fn decided(b: Bounds, pos: &Position) -> bool {
    let mover = pos.to_move();
    let stores = [pos.store(mover), pos.store(mover.other())];
    verdict(b.low, stores) == verdict(b.high, stores)
}

fn main() {
    let Ok(dir) = std::env::var("OWARE_ENDGAME_DIR") else {
        println!("OWARE_ENDGAME_DIR unset: no tables to measure");
        return;
    };
    let seeds: u8 = std::env::var("SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let path = std::path::Path::new(&dir).join(file::file_name(Preset::Abapa, seeds));
    let table = Table::open(&path).expect("the abapa table");
    let games = games();
    // Positions; decided by the bounds of no history (as if the game started there), by those
    // bounds widened by the game's history, and by the adjudication (widened, else searched);
    // searches made, beyond their limit, their time.
    let (mut all, mut alone, mut given, mut adjudged) = (0u32, 0u32, 0u32, 0u32);
    let (mut searches, mut beyond, mut total, mut slowest) = (0u32, 0u32, 0.0f64, 0.0f64);
    let rules = table.rules();
    for positions in &games {
        for (k, pos) in positions.iter().enumerate() {
            if pos.board_total() > seeds || rules.outcome(pos).is_some() {
                continue;
            }
            all += 1;
            let history = since_capture(positions, k);
            alone += u32::from(decided(table.bounds(pos).expect("within the table"), pos));
            let g = table.bounds_given(pos, history).expect("within the table");
            if decided(g, pos) {
                given += 1;
                adjudged += 1;
                continue;
            }
            searches += 1;
            let t = Instant::now();
            let b = table.bounds_with_history(pos, Some(history), MOST);
            let s = t.elapsed().as_secs_f64();
            total += s;
            slowest = slowest.max(s);
            let b = b.expect("within the table");
            adjudged += u32::from(decided(b, pos));
            // Beyond the limit, the widened bounds come back as they were.
            beyond +=
                u32::from(b == g && table.bounds_with_history(pos, Some(history), 1) == Ok(g));
        }
    }
    let pc = |x: u32| 100.0 * f64::from(x) / f64::from(all.max(1));
    println!(
        "{} games, {all} positions of at most {seeds} seeds, not over: decided by the bounds of \
         no history {alone} ({:.1}%); with the game's history, by those bounds widened {given} \
         ({:.1}%), and searched where they did not decide {adjudged} ({:.1}%); {searches} \
         searches (limit {MOST} positions; {beyond} of them nothing tighter: beyond the limit, or as wide), {:.1} ms on average, \
         {:.0} ms at most",
        games.len(),
        pc(alone),
        pc(given),
        pc(adjudged),
        1e3 * total / f64::from(searches.max(1)),
        1e3 * slowest
    );
}
