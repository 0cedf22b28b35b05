//! A tournament's games as the domain sees them: who met whom, with which side, and what counts.

use std::collections::{HashMap, HashSet};

use super::matches;
use super::pairing::{Pair, RoundPairing};
use super::points::Points;
use super::results::{ResultKind, Winner, points};
use crate::engine::Side;
use crate::fide::trf::Colour;

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
    /// Seeds captured by South and North, for a played game (in every game, for a match).
    pub seeds: Option<(i32, i32)>,
    /// For a match of several games, the game points of South and North once it is decided
    /// (`None`: a single game, whose game points follow from its result).
    pub match_points: Option<(f64, f64)>,
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

/// A match as the tournament's history sees it (standings, pairings, files): the pairing of its
/// first game (who starts it is the pairing's South: the colour the Dutch system allocates), its
/// result once decided, the seeds of all its games and its game points. `id` is the first game's.
pub fn match_record(
    format: &matches::MatchFormat,
    scoring: &Points,
    id: i32,
    round: i32,
    board: Option<i32>,
    games: &[matches::MatchGame],
) -> Option<GameRecord> {
    let first = games.first()?;
    let result = match matches::next(format, games) {
        matches::Next::Decided(kind, winner) => Some((kind, winner)),
        matches::Next::Waiting | matches::Next::Play { .. } => None,
    };
    let mut seeds: Option<(i32, i32)> = None;
    for g in games {
        let (Some((ResultKind::Played, _)), Some((s, n))) = (g.result, g.seeds) else {
            continue;
        };
        let (s, n) = if g.south == first.south {
            (s, n)
        } else {
            (n, s)
        };
        let total = seeds.get_or_insert((0, 0));
        total.0 += s;
        total.1 += n;
    }
    Some(GameRecord {
        id,
        round,
        board,
        south: first.south,
        north: Some(first.north),
        result,
        seeds,
        match_points: result.map(|r| matches::game_points(format, games, r, scoring)),
    })
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

/// A player of the event as the domain's algorithms take them (pairing, standings, TRF), in
/// pairing-number order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub id: i32,
    pub name: String,
    pub club: String,
    pub rating: Option<i32>,
}

/// South moves first: white in FIDE's rules and files.
impl From<Side> for Colour {
    fn from(side: Side) -> Colour {
        match side {
            Side::South => Colour::White,
            Side::North => Colour::Black,
        }
    }
}

impl From<Colour> for Side {
    fn from(colour: Colour) -> Side {
        match colour {
            Colour::White => Side::South,
            Colour::Black => Side::North,
        }
    }
}

/// A Dutch pairing (boards of indices into `ids`, white first) as the round's boards of player
/// ids, South first, and its bye.
pub fn round_pairing(ids: &[i32], pairing: &crate::fide::dutch::Pairing) -> RoundPairing {
    let id = |i: usize| ids[i];
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
/// forfeits, the pairing's byes and the byes asked for), who is not to be paired (`away`:
/// withdrawn, absent, on a bye they asked for), the pairs that must not meet besides earlier
/// opponents, and South as the colour drawn for the first player.
#[allow(clippy::too_many_arguments)]
pub fn dutch_input(
    entrants: &[Entrant],
    away: &HashSet<i32>,
    games: &[GameRecord],
    byes: &[RequestedBye],
    scoring: &Points,
    number: i32,
    forbidden: &HashSet<(i32, i32)>,
    planned_rounds: Option<usize>,
) -> crate::fide::dutch::Input {
    use crate::fide::dutch::{Input, Player, Round};
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
            available: !away.contains(&e.id),
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
            (Some(south), north, Side::South, south_points),
            (north, Some(south), Side::North, north_points),
        ];
        for (player, opponent, colour, points) in sides {
            if let Some(i) = player {
                players[i].rounds[r] = Round {
                    opponent,
                    colour: played.then_some(colour.into()),
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
    // In a fixed order: the same pairs ruled out give the same input.
    let mut forbidden: Vec<(i32, i32)> = forbidden.iter().copied().collect();
    forbidden.sort_unstable();
    for (a, b) in forbidden {
        if let (Some(&i), Some(&j)) = (index.get(&a), index.get(&b)) {
            players[i].forbidden.push(j);
            players[j].forbidden.push(i);
        }
    }
    Input {
        players,
        planned_rounds,
        initial: Side::South.into(),
        win: tenths(scoring.win),
        loss: tenths(scoring.loss),
    }
}
