//! The weights of the bracket being paired: every pair of its players (and of the next score
//! group) weighs its criteria plus what the choices made so far add ([`Modes`]). The matching
//! asks for them ([`Dense`]) instead of storing one weight per pair.

use std::collections::HashMap;

use super::context::Context;
use super::weights::{Layout, Weigher, weight};
use crate::fide::matching::Dense;
use crate::fide::wide::Wide;

/// No place: a vertex not in the bracket, a player not in the remainder.
pub(super) const NONE: usize = usize::MAX;

/// How a moved-down player's pairs with the bracket's residents weigh (their criteria, plus):
/// the first weights' lowest field, `x` units of the order field, or units by the residents'
/// order (see [`Modes::rank`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mover {
    First,
    Plus(u64),
    Ranked,
}

/// The choices made so far in a bracket, as far as they change its pairs' weights: each is a
/// property of one player (by place in the bracket), so the weights of all the bracket's pairs
/// follow from a list as long as the bracket.
#[derive(Clone, Default)]
pub(super) struct Modes {
    pub mover: Vec<Mover>,
    /// For the moved-down player whose pairs are `Ranked`: units per resident.
    pub rank: Vec<u64>,
    /// Whether the remainder's order weighs its pairs (article 3 onwards).
    pub ordered: bool,
    /// Per place: its position in the remainder (`NONE`: not in it); S1 has `pairs` players.
    pub position: Vec<usize>,
    pub pairs: usize,
    /// Pairs ruled out: with the remainder's players after, or before, this one; with the next
    /// score group.
    pub cut_later: Vec<bool>,
    pub cut_earlier: Vec<bool>,
    pub cut_next: Vec<bool>,
    /// Units added to (or taken from) the pairs with the remainder's players after this one,
    /// while a choice is tried.
    pub trial: Vec<i64>,
    /// The S1 player being given its opponent (`NONE`: none), and the units per candidate.
    pub last: usize,
    pub last_units: Vec<u64>,
}

impl Modes {
    /// No choice made yet in a bracket of `len` places.
    pub fn first(len: usize) -> Modes {
        Modes {
            mover: vec![Mover::First; len],
            rank: vec![0; len],
            ordered: false,
            position: vec![NONE; len],
            pairs: 0,
            cut_later: vec![false; len],
            cut_earlier: vec![false; len],
            cut_next: vec![false; len],
            trial: vec![0; len],
            last: NONE,
            last_units: vec![u64::MAX; len],
        }
    }
}

/// The weight of every pair of the bracket being paired, from its players' criteria and the
/// choices made so far.
pub(super) struct Bracket<'c, const L: usize> {
    ctx: &'c Context,
    layout: &'c Layout,
    pub weigher: Option<Weigher<L>>,
    /// The bracket's players, and each vertex's place among them (`NONE`: not in it).
    pub players: Vec<usize>,
    pub place: Vec<usize>,
    /// Moved-down players come first, residents up to `size`, then the next score group.
    pub movers: usize,
    pub size: usize,
    /// Pairs of moved-down players keep the weight they had when the bracket above ended.
    pub kept: HashMap<(usize, usize), Wide<L>>,
    pub modes: Modes,
}

impl<'c, const L: usize> Bracket<'c, L> {
    pub fn new(ctx: &'c Context, layout: &'c Layout) -> Self {
        Bracket {
            ctx,
            layout,
            weigher: None,
            players: Vec::new(),
            place: vec![NONE; ctx.players.len()],
            movers: 0,
            size: 0,
            kept: HashMap::new(),
            modes: Modes::default(),
        }
    }

    /// The lowest field: a pair `distance` away from the one the rules' order would pick first
    /// weighs that much less (never below zero, its sum below the field above).
    fn preferred(&self, distance: usize) -> Wide<L> {
        Layout::at(
            (self.size - distance.min(self.size)) as u64,
            self.layout.preferred,
        )
    }

    fn in_remainder(&self, modes: &Modes, place: usize) -> bool {
        modes.ordered && modes.position[place] != NONE
    }

    /// The criteria of the pair at places `s < l` (zero: ruled out).
    pub fn criteria(&self, modes: &Modes, s: usize, l: usize) -> Wide<L> {
        if l >= self.size && s >= self.movers && s < self.size && modes.cut_next[s] {
            return Wide::ZERO;
        }
        if l < self.size
            && self.in_remainder(modes, s)
            && self.in_remainder(modes, l)
            && (modes.cut_later[s] || modes.cut_earlier[l])
        {
            return Wide::ZERO;
        }
        let weigher = self.weigher.as_ref().expect("a bracket");
        let (h, l, current) = (self.players[s], self.players[l], l < self.size);
        let w = weigher.weigh(self.ctx, h, l, current);
        debug_assert_eq!(
            w,
            weight(
                self.ctx,
                self.layout,
                (h, l),
                (current, !current),
                &weigher.bye
            )
        );
        w
    }

    /// The bracket's first weights: criteria, and among residents (and moved-down players
    /// with residents) the lowest field.
    fn first(&self, modes: &Modes, s: usize, l: usize) -> Wide<L> {
        let w = self.criteria(modes, s, l);
        if l >= self.size || w.is_zero() {
            return w;
        }
        let half = (self.size - self.movers) / 2;
        w + self.preferred(if s < self.movers {
            l - self.movers
        } else {
            (l - s).abs_diff(half)
        })
    }

    /// The remainder's order (see `exchanges.rs`): S1 players paired down, the highest first,
    /// S1's i-th player against S2's i-th preferred.
    fn order(&self, modes: &Modes, s: usize, l: usize) -> Wide<L> {
        let w = self.criteria(modes, s, l);
        if w.is_zero() {
            return w;
        }
        let (pos, lower, pairs) = (modes.position[s], modes.position[l], modes.pairs);
        let b = self.layout.group_bits;
        let addend =
            Wide::<L>::from_u64(u64::from(pos < pairs)).shifted(2 * b) - Wide::from_u64(pos as u64);
        let tie = if pos < pairs && lower >= pairs {
            self.preferred((lower - pairs).abs_diff(pos))
        } else {
            Wide::ZERO
        };
        w + addend.shifted(self.layout.order + 1) + tie
    }

    /// The weight of the pair `i`, `j` of the bracket as `modes` leave it.
    pub fn weight_in(&self, modes: &Modes, i: usize, j: usize) -> Wide<L> {
        let (a, b) = (self.place[i], self.place[j]);
        debug_assert!(a != NONE && b != NONE, "both in the bracket");
        let (s, l) = (a.min(b), a.max(b));
        let unit = |x: u64| self.layout.unit::<L>(x);
        if l < self.movers {
            return self
                .kept
                .get(&(i.min(j), i.max(j)))
                .copied()
                .unwrap_or(Wide::ZERO);
        }
        if s < self.movers {
            if l >= self.size {
                return self.criteria(modes, s, l);
            }
            return match modes.mover[s] {
                Mover::First => self.first(modes, s, l),
                Mover::Plus(x) => self.raised(modes, s, l, unit(x)),
                Mover::Ranked => self.raised(modes, s, l, unit(modes.rank[l])),
            };
        }
        if l >= self.size || !self.in_remainder(modes, s) || !self.in_remainder(modes, l) {
            return self.first(modes, s, l);
        }
        if modes.last == s && modes.last_units[l] != u64::MAX {
            return self.raised(modes, s, l, unit(modes.last_units[l]));
        }
        let w = self.order(modes, s, l);
        match modes.trial[s] {
            t if w.is_zero() || t == 0 => w,
            t if t > 0 => w + unit(t as u64),
            t => w - unit(t.unsigned_abs()),
        }
    }

    /// The criteria of the pair at places `s < l` plus `extra`, or zero.
    fn raised(&self, modes: &Modes, s: usize, l: usize, extra: Wide<L>) -> Wide<L> {
        let w = self.criteria(modes, s, l);
        if w.is_zero() { w } else { w + extra }
    }
}

impl<const L: usize> Dense<L> for Bracket<'_, L> {
    fn weight(&self, i: usize, j: usize) -> Wide<L> {
        self.weight_in(&self.modes, i, j)
    }
}
