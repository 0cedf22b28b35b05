//! The rating list recomputed from its games: 100,000 games of 5,000 persons over 60 monthly
//! periods, read from `games.csv`, rated and written as `list.csv` and `history.csv` (what
//! `oware-tournament ratings` does). The season is also written to
//! `target/ratings-bench/games.csv`, for timing the command itself.
//!
//! The register's search: a suggestion for a 100-character name among 5,000 and 185,000
//! persons (`cargo bench --bench ratings -- register`), and the building of its index.
//!
//! A season's circuit recomputed from its files: 12 events of 2,000 persons each (every person
//! in each, 3 categories), `circuit.csv` read, the standings and qualification computed and
//! the three files written (what `oware-tournament circuit` does;
//! `cargo bench --bench ratings -- circuit`).
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

/// `n` persons of the register, of names drawn from Ghanaian, Ivorian and Nigerian ones.
fn register(n: usize) -> Vec<oware_tournament::tournament::register::Candidate> {
    let first = [
        "Kwame",
        "Kofi",
        "Abɛna",
        "Ama",
        "Yaw",
        "Akosua",
        "Koffi",
        "Adjoua",
        "Gbèmisọ́la",
        "Chinedu",
        "Aminata",
        "Kɔku",
        "Efua",
        "Kwabena",
        "Nana",
        "Yaa",
    ];
    let last = [
        "Mensah-Bonsu",
        "Owusu",
        "N'Dri",
        "Dɔnkɔ",
        "Ogunléye",
        "Boateng",
        "Asante",
        "Kouassi",
        "Ofori-Atta",
        "Traoré",
        "Okafor",
        "Quaye",
        "Twumasi-Ankrah",
        "Ŋuɖɔ",
    ];
    let mut rng = StdRng::seed_from_u64(185);
    (0..n)
        .map(|i| oware_tournament::tournament::register::Candidate {
            id: i as i32 + 1,
            name: format!(
                "{} {} {}",
                first[rng.gen_range(0..first.len())],
                first[rng.gen_range(0..first.len())],
                last[rng.gen_range(0..last.len())]
            ),
            birth_year: Some(rng.gen_range(1940..2018)),
            federation: ["GHA", "CIV", "NGA"][i % 3].to_string(),
            licence: String::new(),
        })
        .collect()
}

fn register_search(c: &mut Criterion) {
    use oware_tournament::tournament::register::{Index, Wanted};
    let mut group = c.benchmark_group("register");
    group.sample_size(20);
    // The longest name searched: 100 characters.
    let long = "Kwabena Nana Yaw Boateng Owusu-Ansah Twumasi-Ankrah Osei Kofi Mensah-Bonsu Adjoua Gbemisola Ogunleye";
    assert_eq!(long.chars().count(), 100);
    for n in [5_000, 185_000] {
        let index = Index::new(register(n));
        for (what, name) in [
            ("a 100-character name", long),
            ("a name with a typo", "Kwame Kofi Mensah-Bonsuu"),
        ] {
            let wanted = Wanted {
                name: name.to_string(),
                birth_year: Some(1980),
                ..Wanted::default()
            };
            group.bench_function(format!("suggest, {what}, {n} persons"), |b| {
                b.iter(|| black_box(&index).suggest(black_box(&wanted), 10))
            });
        }
    }
    // The spread of single suggestions: the 160 queries of the register's test (West African
    // letters, typos, swaps, hyphens, apostrophes, word order), each padded to 100 characters
    // too, among 185,000 persons: the median and the 99th percentile printed.
    let index = Index::new(register(185_000));
    let queries = std::fs::read_to_string("tests/data/register-queries.csv").unwrap_or_default();
    let mut times = Vec::new();
    for line in queries.lines().skip(1) {
        let typed = line.split(',').next().unwrap_or_default();
        let padded: String = format!("{typed} {long}").chars().take(100).collect();
        for name in [typed.to_string(), padded] {
            let wanted = Wanted {
                name,
                ..Wanted::default()
            };
            let start = std::time::Instant::now();
            black_box(index.suggest(&wanted, 10));
            times.push(start.elapsed());
        }
    }
    times.sort();
    if !times.is_empty() {
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "register/suggest, {} queries among 185,000 persons: median {:.1?}, p99 {:.1?}, worst {:.1?}",
            times.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
    let persons = register(185_000);
    group.sample_size(10);
    group.bench_function("index of 185,000 persons built", |b| {
        b.iter(|| Index::new(black_box(persons.clone())))
    });
    group.finish();
}

/// The season of a circuit: 12 events, each of the 2,000 persons placed at random (ties of two
/// now and then), categories of a third of them each; its rules and `circuit.csv`.
fn circuit_season() -> (oware_tournament::circuit::Rules, String) {
    use oware_tournament::circuit::files::{ResultRow, write_results};
    use oware_tournament::circuit::points::Place;
    let rules: oware_tournament::circuit::Rules = serde_json::from_value(serde_json::json!({
        "name": "National circuit", "season": {"start": "2027-01-01", "end": "2027-12-31"},
        "events": (1..=12).map(|t| serde_json::json!({"tournament_id": t,
            "coefficient": if t == 12 { 2 } else { 1 }})).collect::<Vec<_>>(),
        "points": {"kind": "by-place", "tables": [{"points": (1..=40).rev().collect::<Vec<_>>()}]},
        "best": 8,
        "categories": [{"code": "U14", "name": "Under 14", "rule": "under", "age": 14},
                       {"code": "W", "name": "Women", "rule": "women"},
                       {"code": "S", "name": "Seniors", "rule": "from", "age": 60}],
        "qualification": {"top": 16, "per_category": {"U14": 2, "W": 2, "S": 2},
                          "reserved": {"W": 2}, "min_events": 6},
        "lots_seed": 7
    }))
    .unwrap();
    let mut rng = StdRng::seed_from_u64(12);
    let mut rows = Vec::new();
    for t in 1..=12i64 {
        let mut order: Vec<i64> = (1..=2_000).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.gen_range(0..=i));
        }
        let mut place = 1;
        while place <= order.len() {
            let shared = if rng.gen_range(0..10) == 0 && place < order.len() {
                2
            } else {
                1
            };
            for person in &order[place - 1..place - 1 + shared] {
                let categories = [("U14", 3), ("W", 5), ("S", 7)]
                    .iter()
                    .filter(|(_, k)| person % k == 0)
                    .map(|(c, _)| c.to_string())
                    .collect();
                rows.push(ResultRow {
                    tournament_id: t,
                    tournament: format!("Event {t}"),
                    date: None,
                    person_id: *person,
                    name: format!("Player {person}"),
                    categories,
                    place: Place {
                        first: place,
                        last: place + shared - 1,
                        field: 2_000,
                        halves: rng.gen_range(0..=14),
                    },
                    finished: true,
                });
            }
            place += shared;
        }
    }
    (rules, write_results(&rows))
}

fn circuit(c: &mut Criterion) {
    use oware_tournament::circuit::files::{publish, read_results};
    let (rules, text) = circuit_season();
    let mut g = c.benchmark_group("circuit");
    g.sample_size(10);
    g.bench_function(
        "12 events of 2,000 persons: read, standings, qualification, files",
        |b| {
            b.iter(|| {
                let results = read_results(black_box(&text)).unwrap();
                black_box(publish(&rules, &results))
            })
        },
    );
    g.finish();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/circuit-bench");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("circuit.csv"), &text).unwrap();
    std::fs::write(
        dir.join("rules.json"),
        oware_tournament::circuit::files::write_rules(&rules),
    )
    .unwrap();
}

criterion_group!(benches, ratings, register_search, circuit);
criterion_main!(benches);
