//! Engine speed: replay with full checking, perft, and `validate` over a large archive.
//!
//! `cargo bench --bench engine`; figures are in README.md.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oware_tournament::cli::validate_text;
use oware_tournament::engine::notation::tokenize_into;
use oware_tournament::engine::replay::check;
use oware_tournament::engine::{DeclaredEnd, Game, Move, Position, Rules, perft, replay};

fn fixture_move_lists() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/abapa-random-games.jsonl"
    );
    std::fs::read_to_string(path)
        .expect("fixture games")
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            v["moves"].as_str().expect("moves").to_string()
        })
        .collect()
}

fn replay_benches(c: &mut Criterion) {
    let lists = fixture_move_lists();
    let rules = Rules::abapa();
    let games: Vec<Vec<Move>> = lists
        .iter()
        .map(|text| {
            replay(text, &rules, Position::start(), None, DeclaredEnd::Natural)
                .expect("fixture games replay")
                .plies
                .iter()
                .map(|p| p.played.mv)
                .collect()
        })
        .collect();
    let plies: u64 = games.iter().map(|g| g.len() as u64).sum();

    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(plies));
    // Moves already parsed: legality, must-feed, captures, ends and repetition per ply.
    group.bench_function("fixture games, parsed moves", |b| {
        b.iter(|| {
            let mut ended = 0u32;
            for moves in &games {
                let mut game = Game::new(rules.clone(), Position::start());
                for &mv in moves {
                    black_box(game.play(mv).expect("legal"));
                }
                ended += u32::from(game.outcome().is_some());
            }
            ended
        })
    });
    // From the sheet's text: tokenizing, notation detection, then the same checks.
    group.bench_function("fixture games, from text", |b| {
        let mut tokens = Vec::new();
        b.iter(|| {
            let mut total = 0u32;
            for text in &lists {
                tokens.clear();
                tokenize_into(text, &mut tokens);
                let checked = check(
                    &tokens,
                    &rules,
                    Position::start(),
                    None,
                    DeclaredEnd::Natural,
                )
                .expect("legal");
                total += checked.plies;
            }
            total
        })
    });
    // What the service keeps of a sheet: every ply recorded.
    group.bench_function("fixture games, full replay record", |b| {
        b.iter(|| {
            lists
                .iter()
                .map(|text| {
                    replay(text, &rules, Position::start(), None, DeclaredEnd::Natural)
                        .expect("legal")
                        .plies
                        .len()
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let rules = Rules::abapa();
    group.throughput(Throughput::Elements(18_137_964));
    group.bench_function("depth 10", |b| {
        b.iter(|| perft(&rules, black_box(&Position::start()), 10))
    });
    group.finish();
}

fn validate_benches(c: &mut Criterion) {
    let lists = fixture_move_lists();
    let mut archive = String::new();
    for i in 0..100_000 {
        archive.push_str(&lists[i % lists.len()]);
        archive.push('\n');
    }
    let rules = Rules::abapa();
    let mut group = c.benchmark_group("validate");
    group.sample_size(10);
    group.throughput(Throughput::Elements(100_000));
    group.bench_function("100,000 games", |b| {
        b.iter(|| {
            let report = validate_text(&archive, &rules, &|_| {});
            assert!(report.bad.is_empty());
            report.games
        })
    });
    group.finish();
}

criterion_group!(benches, replay_benches, perft_benches, validate_benches);
criterion_main!(benches);
