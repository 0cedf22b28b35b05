//! Maximum-weight matching in a general graph (Edmonds' blossom algorithm with dual variables,
//! after Galil's account, as Joris van Rantwijk's public reference implementation lays it out),
//! over weights wide enough for the Dutch system's criteria: fixed-width integers of `L` 64-bit
//! words ([`Wide`]).
//!
//! The Dutch pairing states each of its criteria as a field of an edge's weight, the most
//! important in the highest bits, so that the heaviest matching is the best pairing; the fields
//! together need hundreds of bits. It asks for the heaviest matching again after each choice,
//! changing the weights of a few vertices' edges in between: [`Matching`] keeps its matching,
//! duals and blossoms between those computations and searches again only from the vertices the
//! changes set free. The pairs of the bracket being paired, every player joined to every other,
//! are not stored: their weights are asked for when needed ([`Dense`]).

use std::cmp::Ordering;
use std::collections::HashMap;
use std::ops::{Add, Sub};

/// A signed integer of `L` 64-bit words, two's complement, least significant word first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide<const L: usize>([u64; L]);

impl<const L: usize> Wide<L> {
    pub const ZERO: Self = Wide([0; L]);
    /// The most bits a value may use (one is the sign).
    pub const BITS: u32 = 64 * L as u32 - 1;

    pub fn from_u64(x: u64) -> Self {
        let mut w = [0; L];
        w[0] = x;
        Wide(w)
    }

    #[inline(always)]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }

    /// Shifts left by `bits` (the bits past the top are lost).
    pub fn shifted(self, bits: u32) -> Self {
        let words = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0u64; L];
        for i in (words..L).rev() {
            let mut v = self.0[i - words] << rest;
            if rest > 0 && i > words {
                v |= self.0[i - words - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        Wide(out)
    }

    /// Sets the low bits of `x`.
    pub fn or(self, x: u64) -> Self {
        let mut w = self.0;
        w[0] |= x;
        Wide(w)
    }

    /// `1 << bit`.
    pub fn bit(bit: u32) -> Self {
        Self::from_u64(1).shifted(bit)
    }

    /// Halves (rounding towards minus infinity).
    fn half(self) -> Self {
        let mut out = [0u64; L];
        for (i, o) in out.iter_mut().enumerate() {
            let high = if i + 1 < L {
                self.0[i + 1] << 63
            } else {
                // The sign bit stays.
                self.0[L - 1] & (1 << 63)
            };
            *o = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }

    #[inline(always)]
    fn is_negative(&self) -> bool {
        self.0[L - 1] >> 63 == 1
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        let mut out = [0u64; L];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(rhs.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *o = s;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        let mut out = [0u64; L];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, b1) = self.0[i].overflowing_sub(rhs.0[i]);
            let (s, b2) = s.overflowing_sub(u64::from(borrow));
            *o = s;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..L).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

const NONE: usize = usize::MAX;
const NO_GROUP: u32 = u32::MAX;
/// Edges from this number on are pairs of active vertices (see [`Matching::activate`]),
/// `IMPLICIT + (i << VERTEX_BITS) + j` for `i < j`: never stored, their weight asked of the
/// [`Dense`] weights when needed.
const IMPLICIT: usize = 1 << 40;
const VERTEX_BITS: u32 = 20;

/// The edge number of the pair of active vertices `i < j`.
fn implicit(i: usize, j: usize) -> usize {
    IMPLICIT + (i << VERTEX_BITS) + j
}

/// The weights of the pairs of active vertices: no such pair is stored, so a graph whose active
/// vertices are all joined takes memory in proportion to its vertices, not its pairs.
pub trait Dense<const L: usize> {
    /// The weight of the pair `i < j` of active vertices (zero: no edge).
    fn weight(&self, i: usize, j: usize) -> Wide<L>;
}

/// No vertex is ever active.
pub struct NoDense;

impl<const L: usize> Dense<L> for NoDense {
    fn weight(&self, _: usize, _: usize) -> Wide<L> {
        Wide::ZERO
    }
}

/// The heaviest matching of the graph whose edges are `(i, j, weight)` with positive weights, on
/// `n` vertices: `mate[v]` is `v`'s partner, or `v` itself when unmatched.
pub fn max_weight_matching<const L: usize>(
    n: usize,
    edges: &[(usize, usize, Wide<L>)],
) -> Vec<usize> {
    let mut m = Matching::new(n);
    for &(i, j, w) in edges {
        m.set(i, j, w);
    }
    m.compute(&Unset::none(n))
}

/// The weight of the pairs never given one: `weight(i, j)` (`i < j`; zero: no edge), never more
/// than `base + own[i] + own[j]`. The bound spares weighing most pairs: the duals of a pair's
/// ends cover it or not.
pub struct Unset<'a, const L: usize> {
    pub weight: Box<dyn Fn(usize, usize) -> Wide<L> + 'a>,
    pub base: Wide<L>,
    pub own: Vec<Wide<L>>,
}

impl<const L: usize> Unset<'_, L> {
    /// No edge but those set.
    pub fn none(n: usize) -> Self {
        Unset {
            weight: Box::new(|_, _| Wide::ZERO),
            base: Wide::ZERO,
            own: vec![Wide::ZERO; n],
        }
    }
}

/// The blossoms' nesting at one moment: see [`Matching::nesting`].
#[derive(Default)]
struct Nesting<const L: usize> {
    depth: Vec<u32>,
    sum: Vec<Wide<L>>,
    up: Vec<Vec<usize>>,
}

impl<const L: usize> Nesting<L> {
    /// The blossom `rise` levels above `x`.
    fn lift(&self, mut x: usize, mut rise: u32) -> usize {
        let mut k = 0;
        while rise > 0 {
            if rise & 1 == 1 {
                x = self.up[k][x];
            }
            rise >>= 1;
            k += 1;
        }
        x
    }

    /// Whether the blossom `b` holds `x` (a vertex or blossom).
    fn holds(&self, b: usize, x: usize) -> bool {
        self.depth[x] > self.depth[b] && self.lift(x, self.depth[x] - self.depth[b]) == b
    }

    /// The smallest blossom holding both blossoms `a` and `b` (of one outermost blossom).
    fn common(&self, mut a: usize, mut b: usize) -> usize {
        if self.depth[a] < self.depth[b] {
            std::mem::swap(&mut a, &mut b);
        }
        a = self.lift(a, self.depth[a] - self.depth[b]);
        if a == b {
            return a;
        }
        for level in self.up.iter().rev() {
            if level[a] != level[b] {
                a = level[a];
                b = level[b];
            }
        }
        self.up[0][a]
    }
}

/// A heaviest matching kept up to date while weights change: after edges of a few vertices
/// change, [`Matching::compute`] starts from the matching and duals it had, not from nothing.
///
/// Between computations the state is a matching with duals that prove it the heaviest, except
/// at the vertices whose edges changed (and the partners they leave): those are set free, out of
/// every blossom, and each search grows one alternating tree from one of them (a primal-dual
/// stage with a single root), until it is matched or its dual reaches zero. A vertex's dual going
/// down is what can leave an edge underpaid, so only edges at such vertices are priced again.
///
/// Pairs never given a weight weigh what the [`Unset`] of [`Matching::compute`] says: they are
/// left out of the graph while the duals pay for them, and join it when they do not. Pairs of
/// active vertices weigh what `D` says ([`Matching::activate`]) and are never stored: the
/// searches look at each of them, so the duals always pay for them.
pub struct Matching<const L: usize, D = NoDense> {
    n: usize,
    /// The weights of the pairs of active vertices.
    pub dense: D,
    /// Vertices whose pairs with each other are weighed by `dense` (see [`Matching::activate`]),
    /// and a list of them in the order they became so (removed ones included).
    active: Vec<bool>,
    active_list: Vec<usize>,
    /// Removed vertices still in `active_list`.
    active_removed: usize,
    ends: Vec<(usize, usize)>,
    /// Each edge's weight, doubled (the duals count in halves); zero is no edge.
    doubled: Vec<Wide<L>>,
    index: HashMap<(usize, usize), usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    /// The doubled weight of each best edge (a pair of active vertices is weighed once).
    bestweight: Vec<Wide<L>>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<Wide<L>>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
    /// Per vertex set free by `free_in`, its group; else `NO_GROUP`.
    group: Vec<u32>,
    /// Pairs a dual change made tight, each from its S end, to be looked at.
    tight_queue: Vec<(usize, usize)>,
    /// Vertices whose dual is to be set again from their edges (free, out of every blossom).
    dirty: Vec<bool>,
    /// Vertices that may be free with a positive dual: the roots of the next searches.
    roots: Vec<usize>,
    /// Vertices taken out of the graph.
    removed: Vec<bool>,
    /// Vertices whose dual went down since the edges left out were last priced.
    lowered: Vec<bool>,
    lowered_list: Vec<usize>,
    /// Per vertex lowered: a blossom that held it, as its outermost, each time its dual went
    /// down (with that blossom's generation), or none. Pairs inside that blossom kept their
    /// slack: the blossom's dual rose as much as its vertices' fell.
    lowered_in: Vec<(usize, u64)>,
    /// Per blossom, how many times it was made: a blossom number is used again.
    generation: Vec<u64>,
    /// What the search at hand labelled, to be reset after it: vertices and blossoms.
    touched: Vec<usize>,
    seen: Vec<bool>,
    /// Unlabelled vertices given a best edge, and edges allowed, in the search at hand.
    candidates: Vec<usize>,
    allowed: Vec<usize>,
}

impl<const L: usize> Matching<L> {
    /// A graph of `n` vertices without edges.
    pub fn new(n: usize) -> Self {
        Matching::with_dense(n, NoDense)
    }
}

impl<const L: usize, D: Dense<L>> Matching<L, D> {
    /// A graph of `n` vertices without edges, the pairs of vertices made active weighed by
    /// `dense`.
    pub fn with_dense(n: usize, dense: D) -> Self {
        assert!(n < 1 << VERTEX_BITS, "at most about a million vertices");
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        Matching {
            n,
            dense,
            active: vec![false; n],
            active_list: Vec::new(),
            active_removed: 0,
            ends: Vec::new(),
            doubled: Vec::new(),
            index: HashMap::new(),
            neighbend: vec![Vec::new(); n],
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            bestweight: vec![Wide::ZERO; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar: vec![Wide::ZERO; 2 * n],
            allowedge: Vec::new(),
            queue: Vec::new(),
            group: vec![NO_GROUP; n],
            tight_queue: Vec::new(),
            dirty: vec![false; n],
            roots: Vec::new(),
            removed: vec![false; n],
            // Every pair left out is priced at the first computation.
            lowered: vec![true; n],
            lowered_list: (0..n).collect(),
            lowered_in: vec![(NONE, 0); n],
            generation: vec![0; 2 * n],
            touched: Vec::new(),
            seen: vec![false; 2 * n],
            candidates: Vec::new(),
            allowed: Vec::new(),
        }
    }

    /// Gives the pair `i`, `j` the weight `w` (zero: no edge). When the duals cannot pay for the
    /// new weight, `i` is set free to be matched again by the next computation.
    pub fn set(&mut self, i: usize, j: usize, w: Wide<L>) {
        debug_assert!(i != j && !self.removed[i] && !self.removed[j]);
        debug_assert!(
            !(self.active[i] && self.active[j]),
            "an active pair: see `reweigh`"
        );
        let doubled = w + w;
        let k = match self.index.get(&(i.min(j), i.max(j))) {
            Some(&k) => k,
            None => {
                let k = self.ends.len();
                self.index.insert((i.min(j), i.max(j)), k);
                self.ends.push((i, j));
                self.doubled.push(Wide::ZERO);
                self.neighbend[i].push(2 * k + 1);
                self.neighbend[j].push(2 * k);
                self.allowedge.push(false);
                k
            }
        };
        if self.doubled[k] == doubled {
            return;
        }
        self.reweighed(i, j, k, doubled);
        self.doubled[k] = doubled;
    }

    /// The weight of edge `k` (`i`, `j`) is to become `doubled` (doubled): unless the duals
    /// still pay for it and no blossom rests on it, `i` is set free (when neither end is yet).
    fn reweighed(&mut self, i: usize, j: usize, k: usize, doubled: Wide<L>) {
        let matched = self.mate[i] != NONE && self.mate[i] / 2 == k;
        let apart = self.inblossom[i] != self.inblossom[j];
        if !matched && apart && self.dualvar[i] + self.dualvar[j] >= doubled {
            return;
        }
        let loose = |v: usize| self.dirty[v] && self.inblossom[v] == v && self.mate[v] == NONE;
        if !loose(i) && !loose(j) {
            self.release(i);
        }
    }

    /// Notes that the weight of the pair `i`, `j` of active vertices went from `old` to `new`
    /// (what [`Dense`] says after the change): as [`Matching::set`] does for a stored pair,
    /// `i` is set free when the duals cannot pay for the new weight.
    pub fn reweigh(&mut self, i: usize, j: usize, old: Wide<L>, new: Wide<L>) {
        debug_assert!(self.active[i] && self.active[j] && !self.removed[i] && !self.removed[j]);
        debug_assert_eq!(new, self.dense.weight(i.min(j), i.max(j)));
        if old == new {
            return;
        }
        self.reweighed(i, j, implicit(i.min(j), i.max(j)), new + new);
    }

    /// Makes `v` (free, in no blossom) active: from now on its pairs with the other active
    /// vertices weigh what [`Dense`] says; those it had stored are dropped. Its dual is set
    /// again from its pairs (as [`Matching::free_in`] leaves it).
    pub fn activate(&mut self, v: usize) {
        if self.active[v] || self.removed[v] {
            return;
        }
        debug_assert!(self.mate[v] == NONE && self.inblossom[v] == v);
        for idx in 0..self.neighbend[v].len() {
            let p = self.neighbend[v][idx];
            if self.active[self.end(p)] {
                self.doubled[p / 2] = Wide::ZERO;
            }
        }
        self.active[v] = true;
        self.active_list.push(v);
        // Its dual is set again from its pairs at the next computation.
        self.release(v);
    }

    /// Sets `v` free, out of every blossom, its dual to be set again from its edges, before
    /// the weights of many of its pairs change: `group` gathers vertices whose pairs weigh
    /// mostly one part per vertex (see [`Matching::compute`]).
    pub fn free_in(&mut self, v: usize, group: u32) {
        let loose = self.dirty[v] && self.inblossom[v] == v && self.mate[v] == NONE;
        if !self.removed[v] && !loose {
            self.release(v);
        }
        if !self.removed[v] {
            self.group[v] = group;
        }
    }

    /// How many edges are stored (pairs of active vertices are not).
    pub fn stored_edges(&self) -> usize {
        self.ends.len()
    }

    /// Takes the matched pair `a`, `b` out of the graph for good.
    pub fn remove_pair(&mut self, a: usize, b: usize) {
        for v in [a, b] {
            self.release(v);
        }
        for v in [a, b] {
            for idx in 0..self.neighbend[v].len() {
                let k = self.neighbend[v][idx] / 2;
                self.doubled[k] = Wide::ZERO;
            }
            self.dirty[v] = false;
            self.removed[v] = true;
            self.dualvar[v] = Wide::ZERO;
            if self.active[v] {
                self.active_removed += 1;
            }
        }
        if 2 * self.active_removed > self.active_list.len() {
            let removed = &self.removed;
            self.active_list.retain(|&v| !removed[v]);
            self.active_removed = 0;
        }
    }

    /// Sets `v` free and out of every blossom, with the duals still paying for every edge; the
    /// partner it leaves becomes a root of the next search.
    fn release(&mut self, v: usize) {
        let b = self.inblossom[v];
        if b >= self.n {
            let base = self.blossombase[b];
            if self.mate[base] != NONE {
                let x = self.end(self.mate[base]);
                self.mate[base] = NONE;
                self.mate[x] = NONE;
                self.roots.push(x);
            }
            self.augment_blossom(b, v);
            self.mate[v] = NONE;
            // Each blossom holding `v` (now its base, free) is undone: its dual moves to its
            // vertices, which leaves every edge inside as it was and pays edges leaving it more.
            while self.inblossom[v] != v {
                let top = self.inblossom[v];
                let z = self.dualvar[top];
                let leaves = self.leaves_of(top);
                for &leaf in &leaves {
                    self.dualvar[leaf] = self.dualvar[leaf] + z;
                }
                let childs = std::mem::take(&mut self.blossomchilds[top]);
                for &s in &childs {
                    self.blossomparent[s] = NONE;
                    if s < self.n {
                        self.inblossom[s] = s;
                    } else {
                        for leaf in self.leaves_of(s) {
                            self.inblossom[leaf] = s;
                        }
                    }
                }
                self.free_blossom(top);
            }
        } else if self.mate[v] != NONE {
            let x = self.end(self.mate[v]);
            self.mate[v] = NONE;
            self.mate[x] = NONE;
            self.roots.push(x);
        }
        if !self.dirty[v] {
            self.dirty[v] = true;
            self.roots.push(v);
        }
    }

    fn free_blossom(&mut self, b: usize) {
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.blossomparent[b] = NONE;
        self.dualvar[b] = Wide::ZERO;
        self.unusedblossoms.push(b);
    }

    /// The heaviest matching, as `mate` (`v` itself when unmatched); pairs never set weigh what
    /// `unset` says.
    pub fn compute(&mut self, unset: &Unset<'_, L>) -> Vec<usize> {
        loop {
            let roots = std::mem::take(&mut self.roots);
            // Free and alone: a dual that pays for every edge. Vertices set free in a group
            // (`free_in`) start from the heaviest pair inside their group less one shift per
            // group, the largest that still pays every pair inside it: weights that are mostly
            // a sum of one part per vertex leave each vertex close to its part, instead of one
            // vertex paying for all. Then each vertex pays what its other pairs still need,
            // vertices set free outside any group first, one after the other.
            let (grouped, ungrouped): (Vec<usize>, Vec<usize>) = roots
                .iter()
                .copied()
                .filter(|&v| self.dirty[v])
                .partition(|&v| self.group[v] != NO_GROUP);
            let mut heaviest = vec![Wide::ZERO; self.n];
            let mut around = Vec::new();
            for &v in &grouped {
                self.neighbours(v, &mut around);
                for &p in &around {
                    let u = self.end(p);
                    if self.dirty[u] && self.group[u] == self.group[v] {
                        let doubled = self.doubled_of(p / 2);
                        if doubled > heaviest[v] {
                            heaviest[v] = doubled;
                        }
                    }
                }
            }
            let mut shifts: HashMap<u32, Wide<L>> = HashMap::new();
            for &v in &grouped {
                self.neighbours(v, &mut around);
                for &p in &around {
                    let u = self.end(p);
                    if !self.dirty[u] || self.group[u] != self.group[v] {
                        continue;
                    }
                    let doubled = self.doubled_of(p / 2);
                    if !doubled.is_zero() {
                        let s = heaviest[v] + heaviest[u] - doubled;
                        let t = shifts.entry(self.group[v]).or_insert(s);
                        if s < *t {
                            *t = s;
                        }
                    }
                }
            }
            // A grouped vertex's start is its dual until its turn comes, so the vertices before
            // it count on that much (an ungrouped one keeps the dual it had until then).
            for &v in &grouped {
                self.dualvar[v] = match shifts.get(&self.group[v]) {
                    Some(&s) if heaviest[v] - s.half() > Wide::ZERO => heaviest[v] - s.half(),
                    _ => Wide::ZERO,
                };
            }
            // Only once every start is set: a vertex may be among the roots twice.
            for &v in &grouped {
                self.group[v] = NO_GROUP;
            }
            let starts = ungrouped.iter().map(|&v| (v, Wide::ZERO));
            let starts: Vec<(usize, Wide<L>)> = starts
                .chain(grouped.iter().map(|&v| (v, self.dualvar[v])))
                .collect();
            for (v, start) in starts {
                let mut d = start;
                self.neighbours(v, &mut around);
                for &p in &around {
                    let doubled = self.doubled_of(p / 2);
                    if doubled.is_zero() {
                        continue;
                    }
                    let need = doubled - self.dualvar[self.end(p)];
                    if need > d {
                        d = need;
                    }
                }
                self.dirty[v] = false;
                self.dualvar[v] = d;
                self.lower(v, NONE);
            }
            // Two free vertices, alone, on a pair their duals pay exactly: matched at once, as
            // a search would match them.
            for &r in &roots {
                if self.removed[r] || self.mate[r] != NONE || self.inblossom[r] != r {
                    continue;
                }
                if self.dualvar[r].is_zero() {
                    continue;
                }
                self.neighbours(r, &mut around);
                for &p in &around {
                    let k = p / 2;
                    let w = self.end(p);
                    if self.mate[w] != NONE
                        || self.inblossom[w] != w
                        || self.removed[w]
                        || self.doubled_of(k).is_zero()
                        || !self.slack(k).is_zero()
                    {
                        continue;
                    }
                    self.mate[r] = p;
                    self.mate[w] = p ^ 1;
                    break;
                }
            }
            for &r in &roots {
                if self.removed[r] {
                    continue;
                }
                let base = self.blossombase[self.inblossom[r]];
                if self.mate[base] == NONE && self.dualvar[base] > Wide::ZERO {
                    self.stage(base);
                }
            }
            // The pairs left out, at the vertices whose duals went down: only those whose
            // bound on the weight the duals do not cover are weighed.
            let lowered = std::mem::take(&mut self.lowered_list);
            let mut underpaid = Vec::new();
            let covered = |v: usize| self.dualvar[v] - unset.own[v] - unset.own[v];
            let mut order: Vec<(Wide<L>, usize)> = Vec::new();
            if !lowered.is_empty() {
                order = (0..self.n)
                    .filter(|&v| !self.removed[v])
                    .map(|v| (covered(v), v))
                    .collect();
                order.sort_unstable();
            }
            let mut stored = vec![false; self.n];
            let nesting = if lowered.is_empty() {
                Nesting::default()
            } else {
                self.nesting()
            };
            for &i in &lowered {
                self.lowered[i] = false;
                if self.removed[i] {
                    continue;
                }
                for &p in &self.neighbend[i] {
                    stored[self.end(p)] = true;
                }
                let limit = unset.base + unset.base - covered(i);
                let top = self.inblossom[i];
                // Pairs inside the blossom that held `i` each time its dual went down (still
                // whole: then every later lowering found `i` inside it too) were priced before
                // and kept their slack.
                let kept = if self.intact(self.lowered_in[i]) {
                    self.lowered_in[i].0
                } else {
                    NONE
                };
                // Pairs inside one blossom are also paid by its dual.
                let inside = if top >= self.n {
                    limit - self.dualvar[top] - self.dualvar[top]
                } else {
                    limit
                };
                for &(c, j) in &order {
                    if c >= limit {
                        break;
                    }
                    // Pairs of active vertices are weighed by the searches themselves.
                    if j == i
                        || stored[j]
                        || (self.active[i] && self.active[j])
                        || (self.inblossom[j] == top && c >= inside)
                        || (kept != NONE && self.inblossom[j] == top && nesting.holds(kept, j))
                    {
                        continue;
                    }
                    let w = (unset.weight)(i.min(j), i.max(j));
                    debug_assert!(w <= unset.base + unset.own[i] + unset.own[j]);
                    if !w.is_zero() && self.underpaid(i, j, w + w, &nesting) {
                        underpaid.push((i, j, w));
                    }
                }
                for &p in &self.neighbend[i] {
                    stored[self.end(p)] = false;
                }
            }
            if underpaid.is_empty() && self.roots.is_empty() {
                break;
            }
            for (i, j, w) in underpaid {
                if self.index.contains_key(&(i.min(j), i.max(j))) {
                    // Both ends went down: the first one stored it.
                    continue;
                }
                self.set(i, j, w);
            }
        }
        (0..self.n)
            .map(|v| {
                if self.mate[v] == NONE {
                    v
                } else {
                    self.end(self.mate[v])
                }
            })
            .collect()
    }

    /// Notes that `v`'s dual went down while `top` (a blossom, or `v` itself) was its outermost
    /// blossom.
    fn lower(&mut self, v: usize, top: usize) {
        let top = if top >= self.n { top } else { NONE };
        if !self.lowered[v] {
            self.lowered[v] = true;
            self.lowered_list.push(v);
            self.lowered_in[v] = (top, if top == NONE { 0 } else { self.generation[top] });
        } else if self.lowered_in[v].0 != NONE && !self.intact(self.lowered_in[v]) {
            // Blossoms only grow while a search goes on: the one noted still holds `v`, unless
            // it was undone.
            self.lowered_in[v] = (NONE, 0);
        }
        if top == NONE {
            self.lowered_in[v] = (NONE, 0);
        }
    }

    fn intact(&self, (b, generation): (usize, u64)) -> bool {
        b != NONE && self.blossombase[b] != NONE && self.generation[b] == generation
    }

    /// Per vertex and blossom: how deep it lies among the blossoms, and the duals of the
    /// blossoms holding it (itself included), so that a pair's blossoms are summed at the
    /// smallest blossom holding both.
    fn nesting(&self) -> Nesting<L> {
        let mut depth = vec![u32::MAX; 2 * self.n];
        let mut sum = vec![Wide::ZERO; 2 * self.n];
        let mut path = Vec::new();
        let mut deepest = 0;
        for x in 0..2 * self.n {
            if x >= self.n && self.blossombase[x] == NONE {
                continue;
            }
            let mut y = x;
            while y != NONE && depth[y] == u32::MAX {
                path.push(y);
                y = self.blossomparent[y];
            }
            let (mut d, mut s) = if y == NONE {
                (0, Wide::ZERO)
            } else {
                (depth[y] + 1, sum[y])
            };
            while let Some(z) = path.pop() {
                s = if z >= self.n { s + self.dualvar[z] } else { s };
                depth[z] = d;
                sum[z] = s;
                deepest = deepest.max(d);
                d += 1;
            }
        }
        // up[k][x]: the blossom 2^k levels above `x` (the outermost one at most).
        let parent: Vec<usize> = (0..2 * self.n)
            .map(|x| match self.blossomparent[x] {
                NONE => x,
                p => p,
            })
            .collect();
        let mut up = vec![parent];
        while 1u64 << up.len() <= u64::from(deepest) {
            let last = up.last().expect("one level");
            let next = (0..2 * self.n).map(|x| last[last[x]]).collect();
            up.push(next);
        }
        Nesting { depth, sum, up }
    }

    /// Whether the duals (blossoms' included) pay less than `doubled` for the pair `i`, `j`.
    fn underpaid(&self, i: usize, j: usize, doubled: Wide<L>, nesting: &Nesting<L>) -> bool {
        let s = self.dualvar[i] + self.dualvar[j] - doubled;
        if !s.is_negative() {
            // Blossom duals are never negative.
            return false;
        }
        let top = self.inblossom[i];
        if top != self.inblossom[j] {
            return true;
        }
        let sum = &nesting.sum;
        // The smallest blossom holding both lies between the outermost one and each one's
        // parent; its sum of duals too.
        if !(s + sum[top] + sum[top]).is_negative() {
            return false;
        }
        let (a, b) = (self.blossomparent[i], self.blossomparent[j]);
        let most = sum[a].min(sum[b]);
        if (s + most + most).is_negative() {
            return true;
        }
        let c = nesting.common(a, b);
        (s + sum[c] + sum[c]).is_negative()
    }

    fn slack(&self, k: usize) -> Wide<L> {
        self.slack_of(k, self.doubled_of(k))
    }

    /// The slack of edge `k` of doubled weight `doubled`.
    fn slack_of(&self, k: usize, doubled: Wide<L>) -> Wide<L> {
        let (i, j) = self.pair(k);
        self.dualvar[i] + self.dualvar[j] - doubled
    }

    /// The slack of `x`'s best edge.
    fn best_slack(&self, x: usize) -> Wide<L> {
        self.slack_of(self.bestedge[x], self.bestweight[x])
    }

    /// The ends of edge `k`.
    fn pair(&self, k: usize) -> (usize, usize) {
        if k < IMPLICIT {
            self.ends[k]
        } else {
            let x = k - IMPLICIT;
            (x >> VERTEX_BITS, x & ((1 << VERTEX_BITS) - 1))
        }
    }

    /// The vertex at the endpoint `p`: `2k` is edge `k`'s first end, `2k + 1` its second.
    fn end(&self, p: usize) -> usize {
        let (i, j) = self.pair(p / 2);
        if p & 1 == 0 { i } else { j }
    }

    /// Edge `k`'s weight, doubled.
    fn doubled_of(&self, k: usize) -> Wide<L> {
        if k < IMPLICIT {
            self.doubled[k]
        } else {
            let (i, j) = self.pair(k);
            let w = self.dense.weight(i, j);
            w + w
        }
    }

    /// The endpoints of `v`'s edges at their other end: those stored, then its pairs with the
    /// other active vertices.
    fn neighbours(&self, v: usize, out: &mut Vec<usize>) {
        out.clear();
        out.extend_from_slice(&self.neighbend[v]);
        if self.active[v] {
            for &u in &self.active_list {
                if u != v && !self.removed[u] {
                    let k = implicit(v.min(u), v.max(u));
                    out.push(2 * k + usize::from(u > v));
                }
            }
        }
    }

    /// Whether edge `k` was found tight in the search at hand (a pair of active vertices is
    /// looked at again: its slack only goes down while it leaves an S-vertex).
    fn allowed(&self, k: usize) -> bool {
        k < IMPLICIT && self.allowedge[k]
    }

    /// Whether `x` (a vertex, or a blossom in use) is outermost: in no blossom.
    fn outermost(&self, x: usize) -> bool {
        if x < self.n {
            self.inblossom[x] == x
        } else {
            self.blossomparent[x] == NONE && self.blossombase[x] != NONE
        }
    }

    fn touch(&mut self, x: usize) {
        if !self.seen[x] {
            self.seen[x] = true;
            self.touched.push(x);
        }
    }

    fn allow(&mut self, k: usize) {
        if k < IMPLICIT && !self.allowedge[k] {
            self.allowedge[k] = true;
            self.allowed.push(k);
        }
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.touch(w);
        self.touch(b);
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        let leaves = self.leaves_of(b);
        for &v in &leaves {
            self.touch(v);
        }
        if t == 1 {
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.end(mb), 1, mb ^ 1);
        }
    }

    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.end(self.labelend[b]);
                b = self.inblossom[v];
                v = self.end(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.pair(k);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom");
        self.generation[b] += 1;
        self.touch(b);
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.end(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.end(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = Wide::ZERO;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto: HashMap<usize, (usize, Wide<L>)> = HashMap::new();
        let mut around = Vec::new();
        for &bv in &path {
            // The edges leaving `bv`: its list of best ones, else those of each of its vertices
            // (one vertex at a time, each weighed once).
            let (list, leaves) = match self.blossombestedges[bv].take() {
                Some(list) => (list, Vec::new()),
                None => (Vec::new(), self.leaves_of(bv)),
            };
            // Only edges to other S-blossoms count: the others are not weighed.
            let mut consider = |m: &Self, k: usize| {
                // The end outside the new blossom.
                let (i, j) = m.pair(k);
                let j = if m.inblossom[j] == b { i } else { j };
                let bj = m.inblossom[j];
                if bj == b || m.label[bj] != 1 {
                    return;
                }
                let doubled = m.doubled_of(k);
                if !doubled.is_zero() {
                    let better = match bestedgeto.get(&bj) {
                        None => true,
                        Some(&(e, w)) => m.slack_of(k, doubled) < m.slack_of(e, w),
                    };
                    if better {
                        bestedgeto.insert(bj, (k, doubled));
                    }
                }
            };
            for k in list {
                consider(self, k);
            }
            for v in leaves {
                self.neighbours(v, &mut around);
                for &p in &around {
                    consider(self, p / 2);
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<(usize, Wide<L>)> = bestedgeto.into_values().collect();
        self.bestedge[b] = NONE;
        for &(k, doubled) in &best {
            if self.bestedge[b] == NONE || self.slack_of(k, doubled) < self.best_slack(b) {
                self.bestedge[b] = k;
                self.bestweight[b] = doubled;
            }
        }
        self.blossombestedges[b] = Some(best.into_iter().map(|(k, _)| k).collect());
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.end(self.labelend[b] ^ 1)];
            let len = childs.len() as isize;
            let mut j = childs
                .iter()
                .position(|&c| c == entrychild)
                .expect("entry child") as isize;
            let (jstep, endptrick): (isize, isize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let at = |x: isize| -> usize { x.rem_euclid(len) as usize };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let q = endps[at(j - endptrick)] ^ (endptrick as usize) ^ 1;
                let x = self.end(p ^ 1);
                self.label[x] = 0;
                let x = self.end(q);
                self.label[x] = 0;
                self.assign_label(self.end(p ^ 1), 2, p);
                self.allow(endps[at(j - endptrick)] / 2);
                j += jstep;
                p = endps[at(j - endptrick)] ^ (endptrick as usize);
                self.allow(p / 2);
                j += jstep;
            }
            let bv = childs[at(j)];
            let e = self.end(p ^ 1);
            self.touch(bv);
            self.label[e] = 2;
            self.label[bv] = 2;
            self.labelend[e] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let leaves = self.leaves_of(bv);
                if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let mb = self.mate[self.blossombase[bv]];
                    let x = self.end(mb);
                    self.label[x] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.free_blossom(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .expect("child") as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, isize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let at = |x: isize| -> usize { x.rem_euclid(len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick)] ^ (endptrick as usize);
            if t >= self.n {
                self.augment_blossom(t, self.end(p));
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.end(p ^ 1));
            }
            let x = self.end(p);
            self.mate[x] = p ^ 1;
            let x = self.end(p ^ 1);
            self.mate[x] = p;
        }
        let i = i as usize;
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    /// Flips the alternating path from the S-vertex `s` back to the root, `s` taking the mate
    /// endpoint `p` (none: `s` is left free).
    fn augment_path(&mut self, s: usize, p: usize) {
        let (mut s, mut p) = (s, p);
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break;
            }
            let t = self.end(self.labelend[bs]);
            let bt = self.inblossom[t];
            s = self.end(self.labelend[bt]);
            let j = self.end(self.labelend[bt] ^ 1);
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.labelend[bt] ^ 1;
        }
    }

    /// Looks at the pair `p` leaving the S-vertex `v` in the search at hand: labels, a new
    /// blossom, or the augmenting path (true) when the pair is tight; else the least slack noted.
    fn scan_edge(&mut self, v: usize, p: usize) -> bool {
        let k = p / 2;
        let w = self.end(p);
        let bw = self.inblossom[w];
        if self.inblossom[v] == bw {
            return false;
        }
        if self.label[bw] == 2 && self.label[w] != 0 {
            // An edge to a labelled vertex of a T-blossom changes nothing, tight or not (its
            // slack cannot rise while it leaves an S-vertex, so it is not noted either).
            return false;
        }
        let doubled = self.doubled_of(k);
        if doubled.is_zero() {
            return false;
        }
        let mut kslack = Wide::ZERO;
        let mut allowed = self.allowed(k);
        if !allowed {
            kslack = self.dualvar[v] + self.dualvar[w] - doubled;
            if kslack <= Wide::ZERO {
                self.allow(k);
                allowed = true;
            }
        }
        if allowed {
            if self.label[bw] == 0 {
                if self.mate[self.blossombase[bw]] == NONE {
                    // A free vertex: the path to it augments.
                    self.labelend[bw] = NONE;
                    self.augment_path(v, p);
                    self.augment_path(w, p ^ 1);
                    return true;
                }
                self.assign_label(w, 2, p ^ 1);
            } else if self.label[bw] == 1 {
                let base = self.scan_blossom(v, w);
                if base != NONE {
                    self.add_blossom(base, k);
                } else {
                    unreachable!("one tree: two of its S-vertices meet at a base");
                }
            } else if self.label[w] == 0 {
                self.touch(w);
                self.label[w] = 2;
                self.labelend[w] = p ^ 1;
            }
        } else if self.label[bw] == 1 {
            let b = self.inblossom[v];
            if self.bestedge[b] == NONE || kslack < self.best_slack(b) {
                self.bestedge[b] = k;
                self.bestweight[b] = doubled;
            }
        } else if self.label[w] == 0 && (self.bestedge[w] == NONE || kslack < self.best_slack(w)) {
            if self.bestedge[w] == NONE {
                self.candidates.push(w);
            }
            self.bestedge[w] = k;
            self.bestweight[w] = doubled;
        }
        false
    }

    /// One search from the free vertex `root` (the base of its blossom), its dual positive:
    /// ends when the root is matched along an augmenting path, or when the duals reach zero at a
    /// vertex of its tree, which the path from the root then leaves free.
    fn stage(&mut self, root: usize) {
        self.queue.clear();
        self.assign_label(root, 1, NONE);
        let mut around = Vec::new();
        'search: loop {
            loop {
                // The pairs a dual change made tight first: one of them may reach a free
                // vertex at once, before whole neighbourhoods are scanned.
                if let Some((v, p)) = self.tight_queue.pop() {
                    if self.scan_edge(v, p) {
                        break 'search;
                    }
                } else if let Some(v) = self.queue.pop() {
                    self.neighbours(v, &mut around);
                    for &p in &around {
                        if self.scan_edge(v, p) {
                            break 'search;
                        }
                    }
                } else {
                    break;
                }
            }
            // No augmenting path yet: change the duals. `tight`: the edges the change makes tight
            // at once (equal weights are common), the first one chosen.
            let mut deltatype = 1;
            let mut delta = Wide::ZERO;
            let mut deltavertex = NONE;
            let mut deltablossom = NONE;
            let mut tight = Vec::new();
            for &x in &self.touched {
                if x < self.n && self.label[self.inblossom[x]] == 1 {
                    let d = self.dualvar[x];
                    if deltavertex == NONE || d < delta {
                        delta = d;
                        deltavertex = x;
                    }
                }
            }
            for &v in &self.candidates {
                let k = self.bestedge[v];
                if self.label[self.inblossom[v]] == 0 && k != NONE {
                    let d = self.best_slack(v);
                    if d < delta {
                        delta = d;
                        deltatype = 2;
                        tight.clear();
                        tight.push(k);
                    } else if deltatype == 2 && d == delta {
                        tight.push(k);
                    }
                }
            }
            for &b in &self.touched {
                if !self.outermost(b) {
                    continue;
                }
                let k = self.bestedge[b];
                if self.label[b] == 1 && k != NONE {
                    let s = self.best_slack(b);
                    let d = s.half();
                    if d < delta {
                        delta = d;
                        deltatype = 3;
                        tight.clear();
                        tight.push(k);
                    } else if deltatype == 3 && s == delta + delta {
                        tight.push(k);
                    }
                }
                if b >= self.n && self.label[b] == 2 && self.dualvar[b] < delta {
                    delta = self.dualvar[b];
                    deltatype = 4;
                    deltablossom = b;
                }
            }
            let moved = delta > Wide::ZERO;
            for idx in 0..self.touched.len() {
                let x = self.touched[idx];
                if x < self.n {
                    match self.label[self.inblossom[x]] {
                        1 => {
                            self.dualvar[x] = self.dualvar[x] - delta;
                            if moved {
                                self.lower(x, self.inblossom[x]);
                            }
                        }
                        2 => self.dualvar[x] = self.dualvar[x] + delta,
                        _ => {}
                    }
                } else if self.outermost(x) {
                    match self.label[x] {
                        1 => self.dualvar[x] = self.dualvar[x] + delta,
                        2 => self.dualvar[x] = self.dualvar[x] - delta,
                        _ => {}
                    }
                }
            }
            match deltatype {
                1 => {
                    // The duals reached zero at an S-vertex: the root takes the path to it,
                    // which is left free.
                    self.augment_path(deltavertex, NONE);
                    break 'search;
                }
                2 | 3 => {
                    for k in tight {
                        self.allow(k);
                        // From its S end: `p` is the other end's.
                        let (i, j) = self.pair(k);
                        if self.label[self.inblossom[i]] == 1 {
                            self.tight_queue.push((i, 2 * k + 1));
                        } else {
                            self.tight_queue.push((j, 2 * k));
                        }
                    }
                }
                _ => self.expand_blossom(deltablossom, false),
            }
        }
        // S-blossoms whose dual is zero are undone; then the labels go.
        let touched = std::mem::take(&mut self.touched);
        for &b in &touched {
            if b >= self.n && self.outermost(b) && self.label[b] == 1 && self.dualvar[b].is_zero() {
                self.expand_blossom(b, true);
            }
        }
        for &x in touched.iter().chain(&self.touched) {
            self.seen[x] = false;
            self.label[x] = 0;
            self.bestedge[x] = NONE;
            if x >= self.n {
                self.blossombestedges[x] = None;
            }
        }
        self.touched.clear();
        for v in std::mem::take(&mut self.candidates) {
            self.bestedge[v] = NONE;
        }
        for k in std::mem::take(&mut self.allowed) {
            self.allowedge[k] = false;
        }
        self.queue.clear();
        self.tight_queue.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    type W = Wide<2>;

    fn weight(edges: &[(usize, usize, W)], mate: &[usize]) -> W {
        edges
            .iter()
            .filter(|&&(i, j, _)| mate[i] == j && mate[j] == i)
            .fold(W::ZERO, |s, e| s + e.2)
    }

    /// The best matching by trying every one (small graphs only).
    fn brute(n: usize, edges: &[(usize, usize, W)]) -> W {
        fn go(v: usize, n: usize, used: &mut Vec<bool>, w: &[Vec<Option<W>>]) -> W {
            if v == n {
                return W::ZERO;
            }
            if used[v] {
                return go(v + 1, n, used, w);
            }
            used[v] = true;
            let mut best = go(v + 1, n, used, w);
            for u in v + 1..n {
                if let (false, Some(x)) = (used[u], w[v][u]) {
                    used[u] = true;
                    best = best.max(x + go(v + 1, n, used, w));
                    used[u] = false;
                }
            }
            used[v] = false;
            best
        }
        let mut w = vec![vec![None; n]; n];
        for &(i, j, x) in edges {
            w[i][j] = Some(x);
            w[j][i] = Some(x);
        }
        go(0, n, &mut vec![false; n], &w)
    }

    #[test]
    fn pairs_left_out_join_when_the_duals_do_not_pay_for_them() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        for _ in 0..300 {
            let n = rng.gen_range(2..10);
            let mut all = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if rng.gen_bool(0.7) {
                        all.push((i, j, W::from_u64(rng.gen_range(1..30))));
                    }
                }
            }
            let mut m = Matching::new(n);
            let mut left_out = HashMap::new();
            for &(i, j, w) in &all {
                if rng.gen_bool(0.6) {
                    m.set(i, j, w);
                } else {
                    left_out.insert((i, j), w);
                }
            }
            let unset = Unset {
                base: left_out.values().copied().max().unwrap_or(W::ZERO),
                own: vec![W::ZERO; n],
                weight: Box::new(|i, j| left_out.get(&(i, j)).copied().unwrap_or(W::ZERO)),
            };
            let mate = m.compute(&unset);
            assert_eq!(weight(&all, &mate), brute(n, &all), "{all:?}");
        }
    }

    /// Weights of the pairs of active vertices, as a table.
    struct Table(Vec<Vec<W>>);

    impl Dense<2> for Table {
        fn weight(&self, i: usize, j: usize) -> W {
            self.0[i][j]
        }
    }

    #[test]
    fn stays_the_heaviest_while_weights_change_and_pairs_leave() {
        changing_graphs(11, false);
    }

    #[test]
    fn stays_the_heaviest_when_active_vertices_pairs_are_weighed_on_demand() {
        changing_graphs(13, true);
    }

    /// 300 random graphs whose weights change, pairs leave and vertices are set free in groups
    /// (some of them made active when `activate`), each matching checked against every one.
    fn changing_graphs(seed: u64, activate: bool) {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        for graph in 0..300 {
            let n = rng.gen_range(2..12);
            let mut w = vec![vec![W::ZERO; n]; n];
            let mut m = Matching::with_dense(n, Table(vec![vec![W::ZERO; n]; n]));
            let mut gone = vec![false; n];
            let mut active = vec![false; n];
            let draw = |rng: &mut rand::rngs::StdRng| {
                if rng.gen_bool(0.3) {
                    W::ZERO
                } else {
                    W::from_u64(rng.gen_range(1..6) * 4).shifted(if graph % 2 == 0 {
                        0
                    } else {
                        70
                    })
                }
            };
            // A pair's weight changes: in the table for active pairs (which the matching is
            // then told of), else stored.
            let change = |m: &mut Matching<2, Table>,
                          w: &mut Vec<Vec<W>>,
                          active: &[bool],
                          a: usize,
                          b: usize,
                          x: W| {
                w[a][b] = x;
                w[b][a] = x;
                if active[a] && active[b] {
                    let old = m.dense.0[a.min(b)][a.max(b)];
                    m.dense.0[a.min(b)][a.max(b)] = x;
                    m.reweigh(a, b, old, x);
                } else {
                    m.set(a, b, x);
                }
            };
            // Some vertices are active from the start.
            for (v, a) in active.iter_mut().enumerate() {
                if activate && rng.gen_bool(0.5) {
                    *a = true;
                    m.activate(v);
                }
            }
            for (i, j) in (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))) {
                let x = draw(&mut rng);
                change(&mut m, &mut w, &active, i, j, x);
            }
            for step in 0..12 {
                let mate = m.compute(&Unset::none(n));
                let live: Vec<usize> = (0..n).filter(|&v| !gone[v]).collect();
                if live.is_empty() {
                    break;
                }
                let edges: Vec<(usize, usize, W)> = live
                    .iter()
                    .flat_map(|&i| live.iter().map(move |&j| (i, j)))
                    .filter(|&(i, j)| i < j && !w[i][j].is_zero())
                    .map(|(i, j)| (i, j, w[i][j]))
                    .collect();
                for &v in &live {
                    assert!(mate[v] == v || !gone[mate[v]], "graph {graph} step {step}");
                    assert_eq!(mate[mate[v]], v, "graph {graph} step {step}");
                }
                assert_eq!(
                    weight(&edges, &mate),
                    brute(n, &edges),
                    "graph {graph} step {step}"
                );
                let v = live[rng.gen_range(0..live.len())];
                if mate[v] != v && rng.gen_bool(0.3) {
                    gone[v] = true;
                    gone[mate[v]] = true;
                    m.remove_pair(v, mate[v]);
                } else if rng.gen_bool(0.3) {
                    // Vertices set free in groups, some of them made active, and the pairs
                    // between them change.
                    let freed: Vec<usize> =
                        live.iter().copied().filter(|_| rng.gen_bool(0.6)).collect();
                    for &u in &freed {
                        m.free_in(u, rng.gen_range(0..3));
                    }
                    for &u in &freed {
                        if activate && !active[u] && rng.gen_bool(0.5) {
                            // Its pairs with active vertices now come from the table.
                            for &a in &live {
                                if active[a] {
                                    m.dense.0[a.min(u)][a.max(u)] = w[a][u];
                                }
                            }
                            active[u] = true;
                            m.activate(u);
                        }
                    }
                    for &a in &freed {
                        for &b in &freed {
                            if a < b && rng.gen_bool(0.7) {
                                let x = draw(&mut rng);
                                change(&mut m, &mut w, &active, a, b, x);
                            }
                        }
                    }
                } else {
                    for &u in &live {
                        if u != v && rng.gen_bool(0.5) {
                            let x = draw(&mut rng);
                            change(&mut m, &mut w, &active, v, u, x);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_graph_of_active_vertices_stores_none_of_its_pairs_and_matches_as_the_stored_graph() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(17);
        for graph in 0..4 {
            let n = 150 + graph;
            let mut table = vec![vec![W::ZERO; n]; n];
            let mut edges = Vec::new();
            for (i, row) in table.iter_mut().enumerate() {
                for (j, x) in row.iter_mut().enumerate().skip(i + 1) {
                    if rng.gen_bool(0.8) {
                        // Mostly one part per vertex, a little per pair, as the pairing's
                        // weights are.
                        let w = W::from_u64(1000 + 10 * (i + j) as u64 + rng.gen_range(0..4));
                        *x = w;
                        edges.push((i, j, w));
                    }
                }
            }
            let mut m = Matching::with_dense(n, Table(table));
            for v in 0..n {
                m.activate(v);
            }
            let mate = m.compute(&Unset::none(n));
            assert_eq!(m.stored_edges(), 0);
            for v in 0..n {
                assert_eq!(mate[mate[v]], v);
            }
            let stored = max_weight_matching(n, &edges);
            assert_eq!(
                weight(&edges, &mate),
                weight(&edges, &stored),
                "graph {graph}"
            );
        }
    }

    #[test]
    fn wide_arithmetic_carries_across_words_and_orders_signed_values() {
        let a = W::bit(70) + W::from_u64(u64::MAX);
        let b = a - W::from_u64(u64::MAX) - W::from_u64(u64::MAX);
        assert!(b < W::bit(70) && b > W::bit(69));
        assert!(W::ZERO - W::from_u64(1) < W::ZERO);
        assert_eq!((W::bit(80) + W::bit(80)).half(), W::bit(80));
        assert_eq!((W::ZERO - W::from_u64(4)).half(), W::ZERO - W::from_u64(2));
        assert_eq!(W::from_u64(3).shifted(64), W::bit(64) + W::bit(65));
    }

    #[test]
    fn finds_the_heaviest_matching_of_random_graphs() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for round in 0..400 {
            let n = rng.gen_range(1..11);
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if rng.gen_bool(0.6) {
                        // Weights past 64 bits in half the graphs.
                        let w = W::from_u64(rng.gen_range(1..40)).shifted(if round % 2 == 0 {
                            0
                        } else {
                            70
                        });
                        edges.push((i, j, w));
                    }
                }
            }
            let mate = max_weight_matching(n, &edges);
            for v in 0..n {
                assert_eq!(mate[mate[v]], v, "a matching");
            }
            assert_eq!(
                weight(&edges, &mate),
                brute(n, &edges),
                "graph {round}: {edges:?}"
            );
        }
    }
}
