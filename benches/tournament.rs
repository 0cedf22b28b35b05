//! Tournament work: a Swiss round of 1,000 players, a PIN check, a sheet's verification.
//!
//! `cargo bench --bench tournament`; figures are in README.md.

use std::collections::HashSet;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use oware_tournament::auth::{Lane, hash_secret, verify_secret};
use oware_tournament::engine::Rules;
use oware_tournament::tournament::history::GameRecord;
use oware_tournament::tournament::pairing::{SwissPlayer, swiss};
use oware_tournament::tournament::sheets::{EndKind, Sheet, check_sheet};
use oware_tournament::tournament::standings::{Entrant, Format, standings};
use oware_tournament::tournament::{Points, ResultKind, Tiebreak, Winner};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// `size` players after `rounds` rounds of Swiss with random results.
fn field(size: i32, rounds: usize) -> Vec<SwissPlayer> {
    let mut rng = StdRng::seed_from_u64(7);
    let mut players: Vec<SwissPlayer> = (0..size)
        .map(|id| SwissPlayer {
            id,
            half_points: 0,
            rating: Some(2400 - id),
            opponents: HashSet::new(),
            had_bye: false,
            sides: Vec::new(),
        })
        .collect();
    for _ in 0..rounds {
        let pairing = swiss(&players).expect("a pairing");
        for pair in pairing.boards {
            let (s, n) = (pair.south as usize, pair.north as usize);
            let (ps, pn) = match rng.gen_range(0..10) {
                0 => (1, 1),
                1..=5 => (2, 0),
                _ => (0, 2),
            };
            players[s].half_points += ps;
            players[n].half_points += pn;
            players[s].opponents.insert(pair.north);
            players[n].opponents.insert(pair.south);
            players[s].sides.push(true);
            players[n].sides.push(false);
        }
    }
    players
}

fn pairing(c: &mut Criterion) {
    let mut group = c.benchmark_group("swiss");
    group.sample_size(10);
    let first = field(1000, 0);
    group.bench_function("1,000 players, round 1", |b| {
        b.iter(|| swiss(black_box(&first)).unwrap().boards.len())
    });
    let sixth = field(1000, 5);
    group.bench_function("1,000 players, round 6", |b| {
        b.iter(|| swiss(black_box(&sixth)).unwrap().boards.len())
    });
    // The most players a tournament takes (`service::players::MAX_PLAYERS`).
    let largest = field(1500, 5);
    group.bench_function("1,500 players, round 6", |b| {
        b.iter(|| swiss(black_box(&largest)).unwrap().boards.len())
    });
    group.finish();
}

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

/// A 1,000-player, 9-round Swiss with random results, as the standings see it.
fn swiss_history() -> (Vec<Entrant>, Vec<GameRecord>) {
    let mut rng = StdRng::seed_from_u64(11);
    let mut players = field(1000, 0);
    let mut records = Vec::new();
    for round in 1..=9 {
        let pairing = swiss(&players).expect("a pairing");
        for (board, pair) in pairing.boards.iter().enumerate() {
            let (s, n) = (pair.south as usize, pair.north as usize);
            let (winner, ps, pn) = match rng.gen_range(0..10) {
                0 => (Winner::Draw, 1, 1),
                1..=5 => (Winner::South, 2, 0),
                _ => (Winner::North, 0, 2),
            };
            players[s].half_points += ps;
            players[n].half_points += pn;
            players[s].opponents.insert(pair.north);
            players[n].opponents.insert(pair.south);
            players[s].sides.push(true);
            players[n].sides.push(false);
            let seeds = match winner {
                Winner::South => (26, 18),
                Winner::North => (17, 25),
                Winner::Draw => (24, 24),
            };
            records.push(GameRecord {
                id: records.len() as i32,
                round,
                board: Some(board as i32 + 1),
                south: pair.south,
                north: Some(pair.north),
                result: Some((ResultKind::Played, Some(winner))),
                seeds: Some(seeds),
            });
        }
        for bye in pairing.byes {
            records.push(GameRecord {
                id: records.len() as i32,
                round,
                board: None,
                south: bye,
                north: None,
                result: Some((ResultKind::Bye, None)),
                seeds: None,
            });
        }
    }
    let entrants = players
        .iter()
        .map(|p| Entrant {
            id: p.id,
            name: format!("Player {}", p.id),
            club: String::new(),
            rating: p.rating,
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

criterion_group!(benches, pairing, secrets, sheets, standings_bench);
criterion_main!(benches);
