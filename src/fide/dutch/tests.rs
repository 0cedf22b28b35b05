//! The Dutch pairing on rounds built by hand and on generated ones.

use std::collections::HashMap;

use super::context::Context;
use super::matcher::NEIGHBOURS;
use super::*;
use crate::fide::check::input_from_trf;
use crate::fide::trf::Trf;

thread_local! {
    /// The edges the last pairing of this thread stored.
    pub(super) static STORED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn fresh(n: usize) -> Input {
    Input {
        players: vec![
            Player {
                available: true,
                ..Player::default()
            };
            n
        ],
        planned_rounds: Some(5),
        initial: Colour::White,
        win: 2,
        loss: 0,
    }
}

fn game(opponent: usize, colour: Colour, points: u32) -> Round {
    Round {
        opponent: Some(opponent),
        colour: Some(colour),
        played: true,
        points,
        paired: true,
    }
}

/// A generated tournament (`oware-tournament generate`, options in the file's name).
fn generated(name: &str) -> Trf {
    let path = format!("{}/tests/data/generated/{name}", env!("CARGO_MANIFEST_DIR"));
    Trf::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn pairing_a_round_stores_a_few_edges_per_player_not_one_per_pair_of_a_score_group() {
    for players in [300, 400] {
        let trf = generated(&format!("swiss-{players}-players-2-rounds.trf"));
        let input = input_from_trf(&trf, 3);
        let ctx = Context::new(&input);
        let mut groups: HashMap<u32, usize> = HashMap::new();
        for p in &ctx.players {
            *groups.entry(p.score).or_default() += 1;
        }
        let largest = groups.values().copied().max().unwrap();
        // Storing every pair of the largest score group alone would take twice the edges
        // allowed below.
        assert!(
            largest * (largest - 1) / 2 > 2 * (NEIGHBOURS + 1) * players,
            "{groups:?}"
        );
        pair(&input).unwrap();
        let stored = STORED.with(|s| s.get());
        assert!(
            stored <= (NEIGHBOURS + 1) * players,
            "{stored} edges for {players} players"
        );
    }
}

#[test]
fn every_matching_of_a_real_pairing_carries_its_proof_of_optimality() {
    // Each of the hundreds of matchings computed while pairing the fifth round of a
    // 120-player event (the bye, the brackets' choices, the pairs left out) is checked: duals
    // that pay for every pair, tight matched pairs, free vertices at zero, full blossoms.
    let trf = generated("swiss-120-players-4-rounds.trf");
    let input = input_from_trf(&trf, 5);
    crate::fide::matching::VERIFY.with(|v| v.set(true));
    let checked = pair(&input);
    crate::fide::matching::VERIFY.with(|v| v.set(false));
    assert!(checked.is_ok(), "{checked:?}");
    assert_eq!(checked, pair(&input));
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_alternating_colours() {
    let p = pair(&fresh(8)).unwrap();
    assert_eq!(p.boards, [(0, 4), (5, 1), (2, 6), (7, 3)]);
    assert_eq!(p.bye, None);
    let mut black_first = fresh(8);
    black_first.initial = Colour::Black;
    assert_eq!(
        pair(&black_first).unwrap().boards,
        [(4, 0), (1, 5), (6, 2), (3, 7)]
    );
}

#[test]
fn the_bye_goes_to_the_lowest_player_who_may_have_it_and_absent_players_are_left_out() {
    let mut input = fresh(6);
    input.players[5].available = false;
    assert_eq!(pair(&input).unwrap().bye, Some(4));
    // Player 5 had the pairing's bye in round 1: the next lowest of the lowest score gets it.
    input.players[4].rounds = vec![Round {
        points: 2,
        paired: true,
        ..Round::ABSENT
    }];
    for (i, o) in [(0, 2), (1, 3)] {
        input.players[i].rounds = vec![game(o, Colour::White, 0)];
        input.players[o].rounds = vec![game(i, Colour::Black, 2)];
    }
    input.players[5].rounds = vec![Round::ABSENT];
    let p = pair(&input).unwrap();
    assert_eq!(p.bye, Some(1), "{p:?}");
    assert!(p.boards.iter().all(|&(w, b)| w != 5 && b != 5));
}

#[test]
fn no_rematch_no_pair_ruled_out_and_a_round_that_cannot_be_paired_says_so() {
    let mut input = fresh(4);
    input.players[0].forbidden = vec![2];
    input.players[1].forbidden = vec![3];
    let p = pair(&input).unwrap();
    let mut met: Vec<(usize, usize)> = p
        .boards
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    met.sort_unstable();
    assert_eq!(met, [(0, 3), (1, 2)]);
    let mut two = fresh(2);
    two.players[0].rounds = vec![game(1, Colour::White, 2)];
    two.players[1].rounds = vec![game(0, Colour::Black, 0)];
    assert_eq!(pair(&two), Err(NoPairing::Impossible));
    // A forfeit is not a game met: the two may be paired again.
    two.players[0].rounds[0].played = false;
    two.players[1].rounds[0].played = false;
    assert!(pair(&two).is_ok());
}

#[test]
fn a_round_too_wide_for_the_weights_is_refused_not_paired_wrong() {
    // 800 players on 800 different scores after two rounds: one score group each, more
    // fields than fit.
    let mut input = fresh(800);
    for (i, p) in input.players.iter_mut().enumerate() {
        p.rounds = vec![
            Round {
                points: i as u32,
                ..Round::ABSENT
            },
            Round::ABSENT,
        ];
    }
    assert!(matches!(pair(&input), Err(NoPairing::TooLarge(bits)) if bits > 4096));
}

#[test]
fn a_player_who_had_the_same_side_twice_gets_the_other() {
    let mut input = fresh(4);
    input.players[0].rounds = vec![game(2, Colour::White, 2), game(3, Colour::White, 2)];
    input.players[1].rounds = vec![game(3, Colour::Black, 2), game(2, Colour::White, 2)];
    input.players[2].rounds = vec![game(0, Colour::Black, 0), game(1, Colour::Black, 0)];
    input.players[3].rounds = vec![game(1, Colour::White, 0), game(0, Colour::Black, 0)];
    let p = pair(&input).unwrap();
    // 1 and 2 lead with 2/2: 1 (white twice) must have black.
    assert!(p.boards.contains(&(1, 0)), "{p:?}");
}
