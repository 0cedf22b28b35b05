//! The Dutch pairing and a TRF file: the pairing input of any round of a file, the pairing it
//! records, and the check that every round of a file is paired as the Dutch system pairs it.

use std::collections::HashMap;

use super::dutch::{Input, Pairing, Player as Entry, Round, pair};
use super::trf::{Cell, Colour, Outcome, Player, Trf};

/// The pairing input for `round` (1-based) of a TRF: the rounds before it, and who is to be
/// paired in it: everyone whose cell in that round is not a bye asked for or a blank, and in
/// the round after the file's last, everyone without a bye asked for.
pub fn input_from_trf(trf: &Trf, round: usize) -> Input {
    input_from_trf_with(trf, round, initial_colour(trf))
}

fn input_from_trf_with(trf: &Trf, round: usize, initial: Colour) -> Input {
    let mut players: Vec<&Player> = trf.players.iter().collect();
    players.sort_by_key(|p| p.number);
    let index: HashMap<u32, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    let convert = |c: Cell| -> Round {
        let opponent = c.opponent.and_then(|o| index.get(&o).copied());
        let paired =
            opponent.is_some() || matches!(c.outcome, Outcome::PairingBye | Outcome::ForfeitWin);
        Round {
            opponent,
            colour: if c.outcome.played() { c.colour } else { None },
            played: c.outcome.played() && opponent.is_some(),
            points: c.outcome.half_points(),
            paired,
        }
    };
    let players = players
        .iter()
        .map(|p| {
            let rounds = (1..round)
                .map(|r| convert(p.rounds.get(r - 1).copied().unwrap_or(Cell::ABSENT)))
                .collect();
            let now = p.rounds.get(round - 1).copied().unwrap_or(Cell::ABSENT);
            let available = match now.outcome {
                Outcome::HalfBye | Outcome::ZeroBye | Outcome::FullBye => false,
                // A blank: absent from a round the file has, to be paired in the next one.
                Outcome::Absent => now.opponent.is_some() || round > trf.rounds(),
                _ => true,
            };
            Entry {
                rounds,
                available,
                forbidden: Vec::new(),
            }
        })
        .collect();
    Input {
        initial,
        win: 2,
        loss: 0,
        players,
        planned_rounds: trf
            .planned_rounds
            .map(|r| r as usize)
            .or(Some(trf.rounds()).filter(|&r| r >= round)),
    }
}

/// The colour drawn for the first player, as round 1 of a TRF shows it: on its first board the
/// higher-ranked player has it when their effective pairing number is odd, the other colour
/// otherwise. White when the file has no round yet.
pub fn initial_colour(trf: &Trf) -> Colour {
    let round1 = recorded_pairing(trf, 1);
    let input = input_from_trf_with(trf, 1, Colour::White);
    let mut rank = 0;
    let mut ranks = vec![None; input.players.len()];
    for (i, p) in input.players.iter().enumerate() {
        if p.available {
            ranks[i] = Some(rank);
            rank += 1;
        }
    }
    round1
        .boards
        .iter()
        .filter_map(|&(w, b)| {
            let (higher, colour) = if w < b {
                (w, Colour::White)
            } else {
                (b, Colour::Black)
            };
            ranks[higher].map(|r| (higher, if r % 2 == 0 { colour } else { colour.other() }))
        })
        .min_by_key(|&(higher, _)| higher)
        .map_or(Colour::White, |(_, c)| c)
}

/// The pairing a TRF records for `round` (1-based): its boards (forfeits included) and the
/// pairing-allocated bye, as indices in pairing-number order.
pub fn recorded_pairing(trf: &Trf, round: usize) -> Pairing {
    let mut players: Vec<&Player> = trf.players.iter().collect();
    players.sort_by_key(|p| p.number);
    let index: HashMap<u32, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    let mut out = Pairing::default();
    for (i, p) in players.iter().enumerate() {
        let Some(cell) = p.rounds.get(round - 1) else {
            continue;
        };
        if cell.outcome == Outcome::PairingBye {
            out.bye = Some(i);
        }
        if let (Some(o), Some(Colour::White)) =
            (cell.opponent.and_then(|o| index.get(&o)), cell.colour)
        {
            out.boards.push((i, *o));
        }
    }
    out
}

/// A round whose recorded pairing is not the Dutch system's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    pub round: usize,
    /// The Dutch system's pairing (or none when it finds no valid pairing).
    pub expected: Option<Pairing>,
    pub recorded: Pairing,
}

/// Re-pairs every round of a TRF from the rounds before it and lists the rounds paired
/// otherwise (boards compared as sets, with their colours).
pub fn check(trf: &Trf) -> Vec<Difference> {
    let mut out = Vec::new();
    for round in 1..=trf.rounds() {
        let recorded = recorded_pairing(trf, round);
        let expected = pair(&input_from_trf(trf, round)).ok();
        let same = expected.as_ref().is_some_and(|e| {
            let mut a = e.boards.clone();
            let mut b = recorded.boards.clone();
            a.sort_unstable();
            b.sort_unstable();
            a == b && e.bye == recorded.bye
        });
        if !same {
            out.push(Difference {
                round,
                expected,
                recorded,
            });
        }
    }
    out
}
