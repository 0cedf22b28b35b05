//! Article 5: who has which colour on each board, and the boards in order.

use super::Pairing;
use super::context::{Context, Info, compatible_preferences, invert};
use crate::fide::trf::Colour;

/// Article 5.2: the colour of `a` against `b` when preferences decide it.
fn neutral_colour(a: &Info, b: &Info) -> Option<Colour> {
    if compatible_preferences(a.pref, b.pref) {
        return a.pref.or(invert(b.pref));
    }
    if a.absolute() && (a.imbalance > b.imbalance || !b.absolute()) {
        return a.pref;
    }
    if b.absolute() && (b.imbalance > a.imbalance || !a.absolute()) {
        return invert(b.pref);
    }
    if a.strong && !b.strong {
        return a.pref;
    }
    if b.strong && !a.strong {
        return invert(b.pref);
    }
    // The latest round, going back through the games played, when their sides differed.
    a.sides
        .iter()
        .zip(b.sides.iter())
        .find(|(x, y)| x != y)
        .map(|(_, &y)| y)
}

impl Context {
    /// Article 5: the colour of `p` against `o`.
    fn colour(&self, p: usize, o: usize) -> Colour {
        let (a, b) = (&self.players[p], &self.players[o]);
        if let Some(c) = neutral_colour(a, b) {
            return c;
        }
        // `a` ranks below `b`.
        let below = (a.score, b.rank) < (b.score, a.rank);
        let initial = self.initial;
        match a.pref {
            None => {
                let (higher_rank, higher_gets) = if below {
                    (b.rank, false)
                } else {
                    (a.rank, true)
                };
                // The higher-ranked player gets the initial colour on an odd pairing number.
                let to_higher = if higher_rank % 2 == 0 {
                    initial
                } else {
                    initial.other()
                };
                if higher_gets {
                    to_higher
                } else {
                    to_higher.other()
                }
            }
            Some(pref) => {
                if below {
                    b.pref.map(Colour::other).unwrap_or(pref)
                } else {
                    pref
                }
            }
        }
    }

    /// The pairing of `partner` (each vertex's partner; itself or none for the bye): boards
    /// coloured by article 5, by the higher score in the pair, then the lower, then the higher
    /// player's pairing number.
    pub(super) fn result(&self, partner: &[usize]) -> Pairing {
        let mut out = Pairing::default();
        let mut boards = Vec::new();
        for (v, &u) in partner.iter().enumerate() {
            if u == usize::MAX || u == v {
                out.bye = Some(self.players[v].id);
                continue;
            }
            // Each pair once, coloured from the player first in the input.
            let (x, y) = (self.players[v].id, self.players[u].id);
            if x < y {
                let white = if self.colour(v, u) == Colour::White {
                    v
                } else {
                    u
                };
                boards.push((v, u, white));
            }
        }
        let key = |v: usize| {
            (
                std::cmp::Reverse(self.players[v].score),
                self.players[v].rank,
            )
        };
        boards.sort_by_key(|&(v, u, _)| {
            let (h, l) = if key(v) < key(u) { (v, u) } else { (u, v) };
            (key(h).0, key(l).0, self.players[h].rank)
        });
        out.boards = boards
            .into_iter()
            .map(|(v, u, white)| {
                let black = if white == v { u } else { v };
                (self.players[white].id, self.players[black].id)
            })
            .collect();
        out
    }
}
