//! Article 1: the players to pair, in the rules' order (score, then pairing number), with what
//! the rules need of each (score, colour preference, floats, eligibility for the bye); and the
//! absolute criteria (article 2.1, C1-C3) that rule a pair out.

use std::collections::HashMap;

use super::{Input, Player, Round};
use crate::fide::trf::Colour;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Float {
    Down,
    Up,
    None,
}

/// What the pairing needs of a player this round.
#[derive(Clone, Debug)]
pub(super) struct Info {
    /// Index in the input.
    pub id: usize,
    pub score: u32,
    /// Effective pairing number, from 0 (players who take part only).
    pub rank: usize,
    /// The colour preference (1.6 / 1.7: absolute, strong or mild; none before any game).
    pub pref: Option<Colour>,
    /// The colour difference, whichever way.
    pub imbalance: u32,
    /// The colour of the last two games played, when they were the same.
    pub repeated: Option<Colour>,
    pub strong: bool,
    /// May take the pairing-allocated bye (no earlier one, no win without playing).
    pub eligible: bool,
    pub played_games: u32,
    /// Floats one and two rounds before (1.4).
    pub floats: [Float; 2],
    /// Sides in games played, newest first.
    pub sides: Vec<Colour>,
}

impl Info {
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    pub fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

pub(super) fn invert(c: Option<Colour>) -> Option<Colour> {
    c.map(Colour::other)
}

pub(super) fn compatible_preferences(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// The bits `x` takes.
pub(super) fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// The round to pair, as the rules see it.
pub(super) struct Context {
    /// The players to pair, by score then pairing number: a player's vertex is its index here.
    pub players: Vec<Info>,
    /// Per player, the players it must not meet (earlier opponents, pairs ruled out).
    pub barred: Vec<Vec<usize>>,
    pub played_rounds: usize,
    pub last_round: bool,
    pub initial: Colour,
    pub win: u32,
}

impl Context {
    pub fn new(input: &Input) -> Context {
        let played_rounds = input
            .players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0);
        let mut players = Vec::new();
        let mut rank = 0;
        for (id, p) in input.players.iter().enumerate() {
            let takes_part = p.available || p.rounds.iter().any(|r| r.paired);
            if !takes_part {
                continue;
            }
            rank += 1;
            if p.available {
                players.push(info(input, played_rounds, id, rank - 1));
            }
        }
        players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
        let barred = barred(input, &players);
        let last_round = input
            .planned_rounds
            .is_some_and(|planned| played_rounds + 1 >= planned);
        Context {
            players,
            barred,
            played_rounds,
            last_round,
            initial: input.initial,
            win: input.win,
        }
    }

    /// C1-C3 (and the pairs ruled out): whether `a` and `b` may meet at all.
    pub fn compatible(&self, a: usize, b: usize) -> bool {
        if self.barred[a].contains(&b) {
            return false;
        }
        let (pa, pb) = (&self.players[a], &self.players[b]);
        let threshold = self.played_rounds as u32 * self.win / 2;
        !pa.absolute()
            || !pb.absolute()
            || pa.pref != pb.pref
            || (self.last_round && (pa.score > threshold || pb.score > threshold))
    }
}

/// The round `r` of `p` (absent when the player has none).
fn round(p: &Player, r: usize) -> Round {
    p.rounds.get(r).copied().unwrap_or(Round::ABSENT)
}

/// `p`'s score before the last `back` rounds.
fn score_before(p: &Player, played_rounds: usize, back: usize) -> u32 {
    (0..played_rounds - back).map(|r| round(p, r).points).sum()
}

/// What the rules need of input player `id` (effective pairing number `rank`).
fn info(input: &Input, played_rounds: usize, id: usize, rank: usize) -> Info {
    let p = &input.players[id];
    let sides: Vec<Colour> = p
        .rounds
        .iter()
        .rev()
        .filter(|r| r.played)
        .filter_map(|r| r.colour)
        .collect();
    let whites = sides.iter().filter(|&&c| c == Colour::White).count() as u32;
    let blacks = sides.len() as u32 - whites;
    let lower = if whites > blacks {
        Colour::Black
    } else {
        Colour::White
    };
    let imbalance = whites.abs_diff(blacks);
    let consecutive = match sides.first() {
        Some(&last) => sides.iter().take_while(|&&c| c == last).count(),
        None => 0,
    };
    let last = sides.first().copied();
    let pref = if imbalance > 1 {
        Some(lower)
    } else if consecutive > 1 {
        invert(last)
    } else if imbalance > 0 {
        Some(lower)
    } else if consecutive > 0 {
        invert(last)
    } else {
        None
    };
    let repeated = if consecutive > 1 { last } else { None };
    let absolute = imbalance > 1 || repeated.is_some();
    let eligible = !p.rounds.iter().any(|r| !r.played && r.points >= input.win);
    Info {
        id,
        score: score_before(p, played_rounds, 0),
        rank,
        pref,
        imbalance,
        repeated,
        strong: !absolute && imbalance > 0,
        eligible,
        played_games: p.rounds.iter().filter(|r| r.played).count() as u32,
        floats: [
            float(input, played_rounds, p, 1),
            float(input, played_rounds, p, 2),
        ],
        sides,
    }
}

/// `p`'s float `back` rounds before (1.4).
fn float(input: &Input, played_rounds: usize, p: &Player, back: usize) -> Float {
    if played_rounds < back {
        return Float::None;
    }
    let r = round(p, played_rounds - back);
    // 1.4.3: a round scored without playing floats down; a game not played (a forfeit lost, a
    // zero-point bye) floats no one.
    if !r.played {
        return if r.points > input.loss {
            Float::Down
        } else {
            Float::None
        };
    }
    let Some(o) = r.opponent else {
        return Float::None;
    };
    let mine = score_before(p, played_rounds, back);
    let theirs = score_before(&input.players[o], played_rounds, back);
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}

/// Per player (by vertex), the players it must not meet: earlier opponents over the board and
/// the pairs ruled out, each once.
fn barred(input: &Input, players: &[Info]) -> Vec<Vec<usize>> {
    let vertex: HashMap<usize, usize> =
        players.iter().enumerate().map(|(v, p)| (p.id, v)).collect();
    let mut barred: Vec<Vec<usize>> = vec![Vec::new(); players.len()];
    for (id, p) in input.players.iter().enumerate() {
        let Some(&v) = vertex.get(&id) else { continue };
        let others = p
            .rounds
            .iter()
            .filter(|r| r.played)
            .filter_map(|r| r.opponent)
            .chain(p.forbidden.iter().copied());
        for o in others {
            if let Some(&u) = vertex.get(&o)
                && !barred[v].contains(&u)
            {
                barred[v].push(u);
                barred[u].push(v);
            }
        }
    }
    barred
}
