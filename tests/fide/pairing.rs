//! The Dutch system against bbpPairings: every round of every fixture re-paired identically.

use oware_tournament::fide::trf::Trf;
use oware_tournament::fide::{check, dutch};

use super::fixtures;

/// The fixtures whose next round cannot be paired (their `142` line says one more is planned).
const UNPAIRABLE: [&str; 6] = ["t0047", "t0059", "t0078", "t0099", "t0112", "t0134"];

#[test]
fn every_round_of_every_fixture_is_paired_as_bbp_pairings_paired_it() {
    let mut failures = Vec::new();
    let mut rounds = 0;
    for (name, text, _) in fixtures() {
        let trf = Trf::parse(&text).unwrap();
        rounds += trf.rounds();
        for d in check::check(&trf) {
            let expected = d.expected.clone().unwrap_or_default();
            let only = |a: &dutch::Pairing, b: &dutch::Pairing| -> Vec<(usize, usize)> {
                a.boards
                    .iter()
                    .filter(|x| !b.boards.contains(x))
                    .map(|&(w, b)| (w + 1, b + 1))
                    .collect()
            };
            failures.push(format!(
                "{name} round {}: ours {:?} bye {:?}; recorded {:?} bye {:?}{}",
                d.round,
                only(&expected, &d.recorded),
                expected.bye.map(|b| b + 1),
                only(&d.recorded, &expected),
                d.recorded.bye.map(|b| b + 1),
                if d.expected.is_none() {
                    " (no pairing found)"
                } else {
                    ""
                }
            ));
        }
    }
    assert!(rounds > 1000, "{rounds} rounds checked");
    assert!(
        failures.is_empty(),
        "{} rounds differ:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_next_round_is_unpairable_exactly_where_the_fixtures_say() {
    for (name, text, _) in fixtures() {
        let trf = Trf::parse(&text).unwrap();
        let next = trf.rounds() + 1;
        let planned = trf.planned_rounds.map(|r| r as usize);
        if planned.is_some_and(|p| p >= next) {
            let result = dutch::pair(&check::input_from_trf(&trf, next));
            let stem = name.trim_end_matches(".trf");
            assert_eq!(result.is_err(), UNPAIRABLE.contains(&stem), "{name}");
        }
    }
}
