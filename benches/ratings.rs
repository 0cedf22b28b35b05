//! The rating list recomputed from its games: 100,000 games of 5,000 persons over 60 monthly
//! periods, read from `games.csv`, rated and written as `list.csv` and `history.csv` (what
//! `oware-tournament ratings` does). The season is also written to
//! `target/ratings-bench/games.csv`, for timing the command itself.
//!
//! `cargo bench --bench ratings`; figures are in README.md.

use std::collections::HashMap;
use std::hint::black_box;

use chrono::NaiveDate;
use criterion::{Criterion, criterion_group, criterion_main};
use oware_tournament::rating::files::{
    GameRow, PersonRow, Score, period_of, read_games, write_games, write_persons,
};
use oware_tournament::rating::season::{rate, write_history, write_list};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const PERSONS: i64 = 5_000;
const GAMES: i64 = 100_000;
const MONTHS: i64 = 60;

fn season() -> Vec<GameRow> {
    let mut rng = StdRng::seed_from_u64(52);
    let per_month = GAMES / MONTHS;
    let mut games = Vec::new();
    for id in 0..GAMES {
        let m = (id / per_month).min(MONTHS - 1);
        let (year, month) = (2021 + (m / 12) as i32, (m % 12) as u32 + 1);
        let date = NaiveDate::from_ymd_opt(year, month, rng.gen_range(1..=28)).unwrap();
        let south = rng.gen_range(1..=PERSONS);
        let north = (south + rng.gen_range(1..PERSONS) - 1) % PERSONS + 1;
        games.push(GameRow {
            period: period_of(date),
            date,
            tournament_id: m + 1,
            game_id: id + 1,
            south_id: south,
            north_id: north,
            south_score: [Score::Win, Score::Draw, Score::Loss][rng.gen_range(0..3)],
        });
    }
    games
}

fn ratings(c: &mut Criterion) {
    let games = season();
    let persons: Vec<PersonRow> = (1..=PERSONS)
        .map(|id| PersonRow {
            id,
            name: format!("Player {id}"),
            federation: "GHA".into(),
            ..PersonRow::default()
        })
        .collect();
    let text = write_games(&games);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/ratings-bench");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("games.csv"), &text).unwrap();
    std::fs::write(dir.join("persons.csv"), write_persons(&persons)).unwrap();
    let register: HashMap<i64, PersonRow> = persons.into_iter().map(|p| (p.id, p)).collect();
    let mut group = c.benchmark_group("ratings");
    group.sample_size(10);
    group.bench_function(
        "100,000 games, 5,000 persons, 60 periods: read, rate, write",
        |b| {
            b.iter(|| {
                let games = read_games(black_box(&text)).unwrap();
                let season = rate(&games);
                (write_list(&season, &register), write_history(&season))
            })
        },
    );
    group.bench_function("rate only", |b| b.iter(|| rate(black_box(&games))));
    group.finish();
}

criterion_group!(benches, ratings);
criterion_main!(benches);
