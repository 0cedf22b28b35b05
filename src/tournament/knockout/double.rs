//! Double elimination: a player is out after losing two matches. The winners' bracket is the
//! single-elimination bracket (standard seeding, byes to the top seeds); each of its losers drops
//! into the losers' bracket, whose rounds alternate between its own survivors meeting each other
//! and its survivors meeting the losers of the winners' next round, these in reverse order (so
//! that the losers of two neighbouring ties of the winners' bracket do not meet again at once).
//! The winners' bracket's winner meets the losers' bracket's winner in the grand final; if the
//! latter wins it, both have lost once and a second grand final decides.
//!
//! Rounds: with `k` rounds in the winners' bracket, tournament round `r` plays the winners'
//! round `r` (up to `k`) and the losers' round `r − 1` (from 1 to `2k − 2`); the grand final is
//! round `2k`, the second one round `2k + 1`. Places: players out in the same round share the
//! places below everyone still in.

use std::collections::HashMap;

use super::{Bracket, Builder, Part, Slot, rounds_needed};

/// Adds a double elimination's ties to `b`; its last round as the results stand.
pub(super) fn build(b: &mut Builder, size: usize) -> i32 {
    let k = rounds_needed(b.seeds.len());
    let mut winners = b.places(size);
    // The losers of each winners' round, in bracket order.
    let mut dropped: Vec<Vec<Slot>> = Vec::new();
    // The losers' bracket's survivors.
    let mut losers: Vec<Slot> = Vec::new();
    let mut finalists: Option<[Slot; 2]> = None;
    let mut reset_needed = true;
    for round in 1..=2 * k + 1 {
        if round <= k {
            let mut next = Vec::new();
            let mut out = Vec::new();
            for pair in winners.chunks(2) {
                let tie = b.tie(
                    round,
                    Part::Winners,
                    round,
                    [pair[0].clone(), pair[1].clone()],
                );
                next.push(b.winner_slot(&tie));
                out.push(b.loser_slot(&tie));
            }
            winners = next;
            dropped.push(out);
        }
        let stage = round - 1;
        if (1..=2 * k - 2).contains(&stage) {
            let ties: Vec<[Slot; 2]> = if stage == 1 {
                dropped[0]
                    .chunks(2)
                    .map(|p| [p[0].clone(), p[1].clone()])
                    .collect()
            } else if stage % 2 == 0 {
                // The losers of winners' round stage / 2 + 1, in reverse order.
                let drop = &dropped[stage as usize / 2];
                losers
                    .iter()
                    .zip(drop.iter().rev())
                    .map(|(a, d)| [a.clone(), d.clone()])
                    .collect()
            } else {
                losers
                    .chunks(2)
                    .map(|p| [p[0].clone(), p[1].clone()])
                    .collect()
            };
            losers = ties
                .into_iter()
                .map(|slots| {
                    let tie = b.tie(round, Part::Losers, stage, slots);
                    b.winner_slot(&tie)
                })
                .collect();
        }
        if round == 2 * k {
            let champion = winners[0].clone();
            let challenger = if k == 1 {
                dropped[0][0].clone()
            } else {
                losers[0].clone()
            };
            let tie = b.tie(round, Part::GrandFinal, 1, [champion.clone(), challenger]);
            let champion_id = match champion {
                Slot::Player { id, .. } => Some(id),
                _ => None,
            };
            if tie.decided {
                if tie.winner.is_some() && tie.winner != champion_id {
                    // The winners' bracket's winner has lost once: not out, a second final.
                    if let Some(t) = b.last_mut(round) {
                        t.out.clear();
                    }
                    finalists = Some([b.winner_slot(&tie), b.loser_slot(&tie)]);
                } else {
                    reset_needed = false;
                }
            }
            if !tie.decided {
                finalists = Some([
                    Slot::Waiting {
                        tie: tie.number,
                        loser: false,
                    },
                    Slot::Waiting {
                        tie: tie.number,
                        loser: true,
                    },
                ]);
            }
        }
        if round == 2 * k + 1 {
            let slots = finalists.clone().unwrap_or([Slot::Empty, Slot::Empty]);
            b.tie(round, Part::Reset, 2, slots);
        }
    }
    if reset_needed { 2 * k + 1 } else { 2 * k }
}

/// The places of the players out so far: those out in the same round share the places below
/// everyone still in (the grand final's loser is second).
pub(super) fn places(bracket: &Bracket, n: usize) -> HashMap<i32, (usize, usize)> {
    let mut place = HashMap::new();
    let mut before = 0;
    for ties in &bracket.rounds {
        let mut out = Vec::new();
        let mut expected = 0;
        for tie in ties {
            let both = tie.slots.iter().all(|s| *s != Slot::Empty);
            match tie.part {
                // A winners' tie puts nobody out, but a double forfeit.
                Part::Winners if tie.out.len() == 2 => {
                    out.extend(&tie.out);
                    expected += 2;
                }
                Part::Winners => {}
                _ if tie.decided => {
                    out.extend(&tie.out);
                    expected += tie.out.len();
                }
                _ => expected += usize::from(both),
            }
        }
        let last = n.saturating_sub(before);
        let first = (last + 1).saturating_sub(expected).max(1);
        for p in out {
            place.insert(p, (first, last));
        }
        before += expected;
    }
    place
}
