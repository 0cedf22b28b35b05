//! FIDE's algorithms: the Dutch pairing of generated Swiss events.
//!
//! `cargo bench --bench fide`; figures are in README.md. `-- dutch` pairs round 6 of events of
//! 100 to 2,000 players; `-- worst` the rounds whose score groups are largest (the second to
//! fourth of a large event, each the event's last, so that C3 is relaxed for the leaders), of
//! 800 to 1,500 players; `-- seeds` the slowest such rounds found among other seeds, which keep
//! the service's generated rounds to `service::pairings::MAX_SWISS_FIELD` players.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use oware_tournament::fide::check::input_from_trf;
use oware_tournament::fide::dutch;
use oware_tournament::tournament::generator::{Params, generate};

fn event(players: usize, rounds: usize) -> oware_tournament::fide::trf::Trf {
    event_of(players, rounds, 7)
}

fn event_of(players: usize, rounds: usize, seed: u64) -> oware_tournament::fide::trf::Trf {
    generate(&Params {
        players,
        rounds: rounds.max(1),
        seed,
        draws: 0.3,
        forfeits: 0.02,
        byes: 0.02,
    })
    .expect("a tournament")
}

/// A Swiss round of a random tournament of `players` players after `rounds` rounds (draws,
/// forfeits and byes asked for included), each round paired by the Dutch system.
fn dutch_round(players: usize, rounds: usize) -> dutch::Input {
    let mut trf = event(players, rounds);
    trf.planned_rounds = None;
    input_from_trf(&trf, rounds + 1)
}

fn pairing(c: &mut Criterion) {
    let mut group = c.benchmark_group("dutch");
    group.sample_size(10);
    // 1,000 and 2,000 players: the targets (under 2 s and 8 s); generating their five rounds
    // takes about 10 s and under 2 minutes.
    for (players, rounds) in [(100, 0), (100, 5), (200, 5), (1000, 5), (2000, 5)] {
        let input = dutch_round(players, rounds);
        group.bench_function(format!("{players} players, round {}", rounds + 1), |b| {
            b.iter(|| dutch::pair(black_box(&input)).unwrap().boards.len())
        });
    }
    group.finish();
}

fn worst(c: &mut Criterion) {
    let mut group = c.benchmark_group("worst");
    group.sample_size(10);
    for players in [800, 1000, 1500] {
        for round in 2..=4 {
            // The event's last round, paired again from the rounds before it, as the service
            // pairs it.
            let input = input_from_trf(&event(players, round), round);
            group.bench_function(
                format!("{players} players, round {round} of {round}"),
                |b| b.iter(|| dutch::pair(black_box(&input)).unwrap().boards.len()),
            );
        }
    }
    group.finish();
}

fn seeds(c: &mut Criterion) {
    let mut group = c.benchmark_group("seeds");
    group.sample_size(10);
    for (players, round, seed) in [(1000, 2, 1), (1500, 2, 2), (1500, 3, 3)] {
        let input = input_from_trf(&event_of(players, round, seed), round);
        let name = format!("{players} players, round {round} of {round}, seed {seed}");
        group.bench_function(name, |b| {
            b.iter(|| dutch::pair(black_box(&input)).unwrap().boards.len())
        });
    }
    group.finish();
}

criterion_group!(benches, pairing, worst, seeds);
criterion_main!(benches);
