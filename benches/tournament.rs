//! Tournament work: a PIN check, a sheet's verification, standings. The Dutch pairing has its
//! own benchmark (`benches/fide.rs`).
//!
//! `cargo bench --bench tournament`; figures are in README.md.

use std::collections::{HashMap, HashSet};
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use oware_tournament::auth::{Lane, hash_secret, verify_secret};
use oware_tournament::engine::Rules;
use oware_tournament::tournament::history::GameRecord;
use oware_tournament::tournament::sheets::{EndKind, Sheet, check_sheet};
use oware_tournament::tournament::standings::{Entrant, Format, standings};
use oware_tournament::tournament::{Points, ResultKind, Tiebreak, Winner};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn secrets(c: &mut Criterion) {
    let mut group = c.benchmark_group("secrets");
    group.sample_size(20);
    let hash = hash_secret("042917");
    group.bench_function("PIN check (argon2id verify)", |b| {
        b.iter(|| verify_secret(black_box("042917"), &hash, Lane::Anyone))
    });
    group.finish();
}

fn sheets(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/abapa-random-games.jsonl"
    );
    let game: serde_json::Value = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|g| g["plies"].as_array().unwrap().len() == 100)
        .expect("a 100-ply fixture game");
    let winner = match game["end"]["winner"].as_str() {
        Some("south") => Winner::South,
        Some("north") => Winner::North,
        _ => Winner::Draw,
    };
    let scores = &game["end"]["scores"];
    let sheet = Sheet {
        winner,
        seeds: [
            scores[0].as_u64().unwrap() as u8,
            scores[1].as_u64().unwrap() as u8,
        ],
        end: EndKind::Natural,
        moves: game["moves"].as_str().unwrap().to_string(),
    };
    let rules = Rules::abapa();
    c.bench_function("sheet check, 100 plies", |b| {
        b.iter(|| check_sheet(black_box(&sheet), &rules, true).unwrap().plies)
    });
}

/// A 1,000-player, 9-round Swiss with random results, as the standings see it: each round
/// pairs the players in order of points, each with the next one not met yet.
fn swiss_history() -> (Vec<Entrant>, Vec<GameRecord>) {
    let mut rng = StdRng::seed_from_u64(11);
    let ids: Vec<i32> = (1..=1000).collect();
    let mut points: HashMap<i32, i32> = ids.iter().map(|&id| (id, 0)).collect();
    let mut met: HashSet<(i32, i32)> = HashSet::new();
    let mut records = Vec::new();
    for round in 1..=9 {
        let mut order = ids.clone();
        order.sort_by_key(|id| (-points[id], *id));
        let mut board = 0;
        while let Some(south) = order.first().copied() {
            order.remove(0);
            let Some(at) = order
                .iter()
                .position(|&o| !met.contains(&(south.min(o), south.max(o))))
            else {
                records.push(GameRecord {
                    id: records.len() as i32,
                    round,
                    board: None,
                    south,
                    north: None,
                    result: Some((ResultKind::Bye, None)),
                    seeds: None,
                    match_points: None,
                });
                continue;
            };
            let north = order.remove(at);
            met.insert((south.min(north), south.max(north)));
            let (winner, ps, pn, seeds) = match rng.gen_range(0..10) {
                0 => (Winner::Draw, 1, 1, (24, 24)),
                1..=5 => (Winner::South, 2, 0, (26, 18)),
                _ => (Winner::North, 0, 2, (17, 25)),
            };
            *points.get_mut(&south).unwrap() += ps;
            *points.get_mut(&north).unwrap() += pn;
            board += 1;
            records.push(GameRecord {
                id: records.len() as i32,
                round,
                board: Some(board),
                south,
                north: Some(north),
                result: Some((ResultKind::Played, Some(winner))),
                seeds: Some(seeds),
                match_points: None,
            });
        }
    }
    let entrants = ids
        .iter()
        .map(|&id| Entrant {
            id,
            name: format!("Player {id}"),
            club: String::new(),
            rating: Some(2400 - id),
        })
        .collect();
    (entrants, records)
}

fn standings_bench(c: &mut Criterion) {
    let (entrants, records) = swiss_history();
    // Every tie-break the project knows.
    let codes = Tiebreak::OFFERED;
    let scoring = Points::default();
    let format = Format {
        round_robin: false,
        rounds: Some(9),
        ..Format::default()
    };
    c.bench_function("standings, 1,000 players, 9 rounds, every tie-break", |b| {
        b.iter(|| {
            standings(
                black_box(&entrants),
                &records,
                &[],
                &scoring,
                &codes,
                9,
                format,
            )
            .len()
        })
    });
}

criterion_group!(benches, secrets, sheets, standings_bench);
criterion_main!(benches);
