//! A tournament's games as the domain sees them: who met whom, with which side, and what counts.

use std::collections::{HashMap, HashSet};

use super::pairing::{Pair, RoundPairing};
use super::results::{ResultKind, Winner, points};
use super::settings::Points;

/// A bye a player asked for (or was granted) in a round, instead of being paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestedBye {
    pub player: i32,
    pub round: i32,
    pub kind: super::results::ByeKind,
}

/// One pairing of a round and its result.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub id: i32,
    pub round: i32,
    pub board: Option<i32>,
    pub south: i32,
    /// `None` for a bye.
    pub north: Option<i32>,
    /// The result, once it counts (confirmed by the players or set by the controller).
    pub result: Option<(ResultKind, Option<Winner>)>,
    /// Seeds captured by South and North, for a played game.
    pub seeds: Option<(i32, i32)>,
}

impl GameRecord {
    /// Points of (South, North) if the result counts.
    pub fn points(&self, scoring: &Points) -> Option<(f64, f64)> {
        self.result
            .map(|(kind, winner)| points(kind, winner, scoring))
    }

    /// Whether the two players sat at the board (not a forfeit or a bye).
    pub fn is_meeting(&self) -> bool {
        self.north.is_some()
            && !matches!(
                self.result,
                Some((
                    ResultKind::ForfeitSouth | ResultKind::ForfeitNorth | ResultKind::DoubleForfeit,
                    _
                ))
            )
    }
}

/// Pairs of players who have met (smaller id first), and the players who had a bye.
pub fn meetings(games: &[GameRecord]) -> (HashSet<(i32, i32)>, HashSet<i32>) {
    let mut met = HashSet::new();
    let mut byes = HashSet::new();
    for g in games {
        match g.north {
            Some(n) if g.is_meeting() => {
                met.insert((g.south.min(n), g.south.max(n)));
            }
            Some(_) => {}
            None => {
                byes.insert(g.south);
            }
        }
    }
    (met, byes)
}

/// A player as the Dutch pairing of a round takes them: in pairing-number order, with whether
/// they are to be paired in it (not withdrawn, not on a bye they asked for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub id: i32,
    pub available: bool,
}

/// A Dutch pairing (boards of indices into `entrants`, white first) as the round's boards of
/// player ids, South first, and its bye.
pub fn round_pairing(entrants: &[Entrant], pairing: &crate::fide::dutch::Pairing) -> RoundPairing {
    let id = |i: usize| entrants[i].id;
    RoundPairing {
        boards: pairing
            .boards
            .iter()
            .map(|&(white, black)| Pair {
                south: id(white),
                north: id(black),
            })
            .collect(),
        byes: pairing.bye.map(id).into_iter().collect(),
    }
}

/// Points in tenths, the Dutch pairing's unit for this tournament's scoring.
fn tenths(points: f64) -> u32 {
    (points * 10.0).round().max(0.0) as u32
}

/// The Dutch pairing's input for round `number`: every earlier round of every player (games,
/// forfeits, the pairing's byes and the byes asked for), the pairs that must not meet besides
/// earlier opponents, and South as the colour drawn for the first player.
pub fn dutch_input(
    entrants: &[Entrant],
    games: &[GameRecord],
    byes: &[RequestedBye],
    scoring: &Points,
    number: i32,
    forbidden: &HashSet<(i32, i32)>,
    planned_rounds: Option<usize>,
) -> crate::fide::dutch::Input {
    use crate::fide::dutch::{Input, Player, Round};
    use crate::fide::trf::Colour;
    let index: HashMap<i32, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let rounds = number.max(1) as usize - 1;
    let mut players: Vec<Player> = entrants
        .iter()
        .map(|e| Player {
            rounds: vec![Round::ABSENT; rounds],
            available: e.available,
            forbidden: Vec::new(),
        })
        .collect();
    for g in games {
        let Some(r) = usize::try_from(g.round - 1).ok().filter(|&r| r < rounds) else {
            continue;
        };
        let (south_points, north_points) = g.points(scoring).unwrap_or((0.0, 0.0));
        let played = g.is_meeting();
        let north = g.north.and_then(|n| index.get(&n).copied());
        let Some(&south) = index.get(&g.south) else {
            continue;
        };
        let sides = [
            (Some(south), north, Colour::White, south_points),
            (north, Some(south), Colour::Black, north_points),
        ];
        for (player, opponent, colour, points) in sides {
            if let Some(i) = player {
                players[i].rounds[r] = Round {
                    opponent,
                    colour: played.then_some(colour),
                    played: played && opponent.is_some(),
                    points: tenths(points),
                    paired: true,
                };
            }
        }
    }
    for b in byes {
        let r = b.round - 1;
        if let (Some(&i), Ok(r)) = (index.get(&b.player), usize::try_from(r))
            && r < rounds
        {
            players[i].rounds[r] = Round {
                points: tenths(b.kind.points(scoring)),
                ..Round::ABSENT
            };
        }
    }
    for &(a, b) in forbidden {
        if let (Some(&i), Some(&j)) = (index.get(&a), index.get(&b)) {
            players[i].forbidden.push(j);
            players[j].forbidden.push(i);
        }
    }
    Input {
        players,
        planned_rounds,
        initial: Colour::White,
        win: tenths(scoring.win),
        loss: tenths(scoring.loss),
    }
}
