//! Engine speed: replay with full checking, perft, and `validate` over a large archive.
//!
//! `cargo bench --bench engine`; figures are in README.md.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oware_tournament::cli::validate_text;
use oware_tournament::engine::notation::tokenize_into;
use oware_tournament::engine::replay::check;
use oware_tournament::engine::{DeclaredEnd, Game, Move, Position, Rules, Side, perft, replay};

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

/// A lookup in an endgame table (12 seeds), and a position's whole analysis (its value, every
/// move's, a best line).
fn endgame_benches(c: &mut Criterion) {
    use oware_tournament::engine::endgame;
    let mut group = c.benchmark_group("endgame");
    let table = endgame::build(oware_tournament::engine::Preset::Abapa, 12, &mut ());
    let positions: Vec<Position> = (0..1000u64)
        .map(|i| {
            let n = (i % 13) as u8;
            let count = endgame::index::boards(n);
            let pits = endgame::index::unrank((i * 7919) % count, n);
            endgame::position(pits, if i % 2 == 0 { Side::South } else { Side::North })
        })
        .collect();
    // The same table written out and read in place, as the service reads it (every layer
    // checked once before the timing: the first reading of a layer checks its checksum).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("abapa-12.endgame");
    table
        .write_to(std::io::BufWriter::new(
            std::fs::File::create(&path).unwrap(),
        ))
        .unwrap();
    let in_place = endgame::Table::open(&path).unwrap();
    assert!((0..=12).all(|n| !in_place.damaged(n)));
    let twelve = positions.iter().find(|p| p.board_total() == 12).unwrap();
    for (held, table) in [("", &table), (" in place", &in_place)] {
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("lookup{held}, 1000 positions"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .filter(|p| table.bounds(black_box(p)).is_some_and(|b| b.is_exact()))
                    .count()
            })
        });
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("analysis of a 12-seed position{held}"), |b| {
            b.iter(|| table.analyse(black_box(twelve)))
        });
    }
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

/// One slip of the pen in a move list (letters): a move misread, two neighbours swapped, a move
/// left out, a move written twice.
#[derive(Clone, Copy, Debug)]
enum Slip {
    Replace,
    Swap,
    Missing,
    Extra,
}

fn slip(moves: &[&str], kind: Slip, rng: &mut impl rand::Rng) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let n = out.len();
    let i = rng.gen_range(0..n - 1);
    match kind {
        Slip::Replace => {
            let row = if out[i].chars().all(|c| c.is_ascii_uppercase()) {
                "ABCDEF"
            } else {
                "abcdef"
            };
            let others: Vec<char> = row.chars().filter(|c| c.to_string() != out[i]).collect();
            out[i] = others[rng.gen_range(0..others.len())].to_string();
        }
        Slip::Swap => out.swap(i, i + 1),
        Slip::Missing => {
            out.remove(i);
        }
        Slip::Extra => {
            let again = out[i].clone();
            out.insert(i, again);
        }
    }
    out
}

/// Every fixture game with one random slip of each kind, its true result declared: how often
/// the true list is among the first three suggestions, and how long the searches take.
fn repair_accuracy() {
    use oware_tournament::engine::Declared;
    use oware_tournament::engine::repair::suggest;
    use rand::SeedableRng;
    let lists = fixture_move_lists();
    let rules = Rules::abapa();
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let (mut refused, mut top3, mut first, mut accepted) = (0, 0, 0, 0);
    let mut slowest = std::time::Duration::ZERO;
    let mut per_ply = Vec::new();
    for text in &lists {
        let truth =
            replay(text, &rules, Position::start(), None, DeclaredEnd::Natural).expect("fixture");
        let outcome = truth.outcome.expect("the fixture games end");
        let declared = Declared {
            winner: Some(outcome.winner),
            stores: Some(outcome.stores),
        };
        let moves: Vec<&str> = text.split_whitespace().collect();
        for kind in [Slip::Replace, Slip::Swap, Slip::Missing, Slip::Extra] {
            let sheet = slip(&moves, kind, &mut rng).join(" ");
            let started = std::time::Instant::now();
            let found = suggest(
                &sheet,
                &rules,
                Position::start(),
                None,
                DeclaredEnd::Natural,
                &declared,
            );
            let took = started.elapsed();
            let refused_as_is = replay(
                &sheet,
                &rules,
                Position::start(),
                None,
                DeclaredEnd::Natural,
            )
            .and_then(|r| r.verify(&declared))
            .is_err();
            if !refused_as_is {
                accepted += 1;
                continue;
            }
            refused += 1;
            slowest = slowest.max(took);
            per_ply.push(took.as_secs_f64() * 1e3 / moves.len() as f64 * 100.0);
            match found.iter().position(|s| s.moves == *text) {
                Some(0) => {
                    first += 1;
                    top3 += 1;
                }
                Some(p) if p < 3 => top3 += 1,
                _ => {}
            }
        }
    }
    per_ply.sort_by(f64::total_cmp);
    println!(
        "repair: {refused} refused sheets ({accepted} slips still replayed as written): the true list first in {first} ({:.1}%), in the first three in {top3} ({:.1}%); search per 100 plies: median {:.2} ms, slowest sheet {:.1} ms",
        100.0 * first as f64 / refused as f64,
        100.0 * top3 as f64 / refused as f64,
        per_ply[per_ply.len() / 2],
        slowest.as_secs_f64() * 1e3,
    );
}

fn repair_benches(c: &mut Criterion) {
    use oware_tournament::engine::Declared;
    use oware_tournament::engine::repair::suggest;
    repair_accuracy();
    // The fixture game closest to 100 plies, one move misread in its middle.
    let lists = fixture_move_lists();
    let rules = Rules::abapa();
    let text = lists
        .iter()
        .min_by_key(|t| t.split_whitespace().count().abs_diff(100))
        .expect("fixture games");
    let truth =
        replay(text, &rules, Position::start(), None, DeclaredEnd::Natural).expect("fixture");
    let outcome = truth.outcome.expect("ends");
    let declared = Declared {
        winner: Some(outcome.winner),
        stores: Some(outcome.stores),
    };
    let mut moves: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let mid = moves.len() / 2;
    let row = if mid.is_multiple_of(2) {
        "ABCDEF"
    } else {
        "abcdef"
    };
    moves[mid] = row
        .chars()
        .find(|c| c.to_string() != moves[mid])
        .unwrap()
        .to_string();
    let sheet = moves.join(" ");
    let mut group = c.benchmark_group("repair");
    group.bench_function(
        format!("suggestions for a {}-ply sheet", moves.len()),
        |b| {
            b.iter(|| {
                suggest(
                    black_box(&sheet),
                    &rules,
                    Position::start(),
                    None,
                    DeclaredEnd::Natural,
                    &declared,
                )
                .len()
            })
        },
    );
    group.finish();
}

criterion_group!(
    benches,
    replay_benches,
    perft_benches,
    endgame_benches,
    validate_benches,
    repair_benches
);
criterion_main!(benches);
