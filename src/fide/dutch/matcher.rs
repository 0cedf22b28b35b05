//! The heaviest matching of the round's players, kept from one choice to the next.

use std::collections::HashMap;

use super::bracket::{Bracket, Modes, NONE};
use super::context::Context;
use super::weights::{Layout, Weigher};
use crate::fide::matching::{Dense, Matching, Unset};
use crate::fide::wide::Wide;

/// The weights of the pairs, and their heaviest matching, kept from one choice to the next.
/// Pairs made for good leave the graph. The pairs of the bracket being paired weigh what
/// [`Bracket`] says; the others weigh what `unset` says, unless given a weight: at first only
/// each player's nearest neighbours in the order are in the graph; the others join when the
/// duals show they might make the matching heavier.
pub(super) struct Matcher<'c, const L: usize> {
    pub m: Matching<L, Bracket<'c, L>>,
    /// Per player, the partner it was paired with for good ([`NONE`]: not yet).
    fixed: Vec<usize>,
    unset: Unset<'c, L>,
}

/// Each player's edges to this many players after them are in the graph from the start.
pub(super) const NEIGHBOURS: usize = 4;

impl<'c, const L: usize> Matcher<'c, L> {
    pub fn new(ctx: &'c Context, layout: &'c Layout, unset: Unset<'c, L>) -> Self {
        let n = ctx.players.len();
        let mut m = Matching::with_dense(n, Bracket::new(ctx, layout));
        for i in 0..n {
            for j in i + 1..n.min(i + 1 + NEIGHBOURS) {
                m.set(i, j, (unset.weight)(i, j));
            }
        }
        Matcher {
            m,
            fixed: vec![NONE; n],
            unset,
        }
    }

    /// Starts pairing the bracket `players` (moved-down players, residents up to `size`, then
    /// the next score group): each is set free and its pairs with the others weigh the
    /// bracket's first weights. Pairs of moved-down players keep their weights.
    pub fn begin(
        &mut self,
        players: &[usize],
        (movers, size): (usize, usize),
        weigher: Weigher<L>,
        group: impl Fn(usize) -> u32,
    ) {
        for &v in players {
            self.free_in(v, group(v));
        }
        let bracket = &mut self.m.dense;
        let mut kept = HashMap::new();
        for (a, &x) in players.iter().enumerate().take(movers) {
            for &y in &players[a + 1..movers] {
                let w = bracket.weight(x.min(y), x.max(y));
                if !w.is_zero() {
                    kept.insert((x.min(y), x.max(y)), w);
                }
            }
        }
        for &v in &bracket.players {
            bracket.place[v] = NONE;
        }
        for (i, &v) in players.iter().enumerate() {
            bracket.place[v] = i;
        }
        bracket.players = players.to_vec();
        bracket.movers = movers;
        bracket.size = size;
        bracket.kept = kept;
        bracket.weigher = Some(weigher);
        bracket.modes = Modes::first(players.len());
        for &v in players {
            self.m.activate(v);
        }
    }

    /// The bracket's weights as they are.
    pub fn bracket(&self) -> &Bracket<'c, L> {
        &self.m.dense
    }

    /// The criteria of the pair at places `s < l` of the bracket, as its choices leave them.
    pub fn criteria(&self, s: usize, l: usize) -> Wide<L> {
        let b = self.bracket();
        b.criteria(&b.modes, s, l)
    }

    /// Changes the bracket's choices by `update`, then tells the matching of the weights of
    /// `pairs` (each set free at its first vertex when the duals no longer pay for it).
    pub fn change(
        &mut self,
        pairs: impl IntoIterator<Item = (usize, usize)>,
        update: impl FnOnce(&mut Modes),
    ) {
        let before = self.m.dense.modes.clone();
        update(&mut self.m.dense.modes);
        for (a, b) in pairs {
            if self.is_fixed(a) || self.is_fixed(b) {
                continue;
            }
            let (i, j) = (a.min(b), a.max(b));
            let old = self.m.dense.weight_in(&before, i, j);
            let new = self.m.dense.weight(i, j);
            self.m.reweigh(a, b, old, new);
        }
    }

    fn free_in(&mut self, v: usize, group: u32) {
        if !self.is_fixed(v) {
            self.m.free_in(v, group);
        }
    }

    /// The heaviest matching, pairs made for good included.
    pub fn compute(&mut self) -> Vec<usize> {
        let mut out = self.m.compute(&self.unset);
        for (v, &f) in self.fixed.iter().enumerate() {
            if f != NONE {
                out[v] = f;
            }
        }
        out
    }

    /// Whether `v` is paired for good.
    pub fn is_fixed(&self, v: usize) -> bool {
        self.fixed[v] != NONE
    }

    /// Each player's partner for good (`usize::MAX`: none).
    pub fn partners(&self) -> Vec<usize> {
        self.fixed.clone()
    }

    /// Pairs `a` with `b` for good.
    pub fn finalize(&mut self, a: usize, b: usize) {
        self.fixed[a] = b;
        self.fixed[b] = a;
        self.m.remove_pair(a, b);
    }
}
