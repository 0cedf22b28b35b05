//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual variables,
//! in Galil's account ("Efficient algorithms for finding maximum matching in graphs", 1986), laid
//! out as Joris van Rantwijk's public reference implementation lays it out (its names are kept:
//! `mate`, `labelend`, `inblossom`, `blossomchilds`, ...), over weights wide enough for the Dutch
//! system's criteria: fixed-width integers of `L` 64-bit words ([`Wide`]).
//!
//! # The textbook algorithm
//!
//! A matching is proved the heaviest by dual variables: a `u(v) ≥ 0` per vertex and a
//! `z(B) ≥ 0` per blossom (an odd set of vertices), such that
//!
//! - every edge is paid for: `u(i) + u(j) + Σ z(B) ≥ w(i, j)`, the sum over the blossoms holding
//!   both ends (its *slack*, the left side less the right, is never negative);
//! - every matched edge is paid exactly (slack zero, *tight*);
//! - every free vertex has `u = 0`, and every blossom with `z > 0` is *full*: all its vertices
//!   but one (its *base*) are matched inside it.
//!
//! Then no matching weighs more (complementary slackness). The algorithm keeps the first two
//! conditions and works towards the third: a *search* grows alternating trees from free vertices
//! with a positive dual, along tight edges only. Their vertices are labelled S (outer: the roots,
//! and the mates of T-vertices) or T (inner). A tight edge from an S-vertex
//!
//! - to a free vertex outside the trees is an *augmenting path*: flipping the path matches one
//!   more vertex ([`Matching::augment_path`]);
//! - to a matched unlabelled vertex makes it T and its mate S ([`Matching::assign_label`]);
//! - to another S-vertex of the same tree closes an odd cycle, which shrinks into a *blossom*
//!   labelled S ([`Matching::add_blossom`]); a blossom behaves as one vertex until it is expanded
//!   ([`Matching::expand_blossom`]).
//!
//! When no tight edge helps, the duals change by `δ` ([`Matching::change_duals`]): S-vertices go
//! down by `δ`, T-vertices up, outermost S-blossoms up by `2δ` and T-blossoms down; the edges of
//! the trees stay tight and an edge from an S-vertex to outside gets `δ` tighter. `δ` is the
//! least of: an S-vertex's dual (it reaches zero: the path to it is flipped, leaving it free with
//! `u = 0`), an edge's slack to a vertex outside the trees, half an edge's slack between two
//! S-blossoms, a T-blossom's dual (it reaches zero and is expanded).
//!
//! The duals are kept doubled (`dualvar[v] = 2u(v)`, `dualvar[b] = z(b)`), as are the weights
//! ([`Matching::doubled`]), so that every `δ` stays an integer; a slack is `dualvar[i] +
//! dualvar[j] - 2w` (blossoms' duals counted twice, [`Matching::verify`]).
//!
//! # What is added here
//!
//! The Dutch pairing asks for the heaviest matching again after each of its choices, changing
//! the weights of a few vertices' edges in between, so the matching is *kept* instead of being
//! computed afresh:
//!
//! - **Warm start.** Between computations the state is a matching with duals that prove it the
//!   heaviest, except at the vertices whose edges changed: when the duals no longer pay for a
//!   changed edge, or a blossom rests on it, one end is set free ([`Matching::release`]: out of
//!   every blossom, each blossom's dual moved to its vertices, which leaves every edge inside as
//!   it was, and unmatched) and its dual is set again, to the least that pays for its edges. Each
//!   search then grows one tree from one such root (a primal-dual stage with a single root) until
//!   it is matched or its dual reaches zero.
//! - **Pairs left out** ([`Unset`]). A pair never given a weight weighs what `Unset` says; it
//!   stays out of the graph while the duals pay for it and joins when they do not. Only a vertex
//!   whose dual went down can leave such a pair underpaid, so only its pairs are priced again,
//!   and a bound on their weight (one value per vertex) spares weighing most of them.
//! - **Pairs weighed on demand** ([`Dense`]). The pairs of *active* vertices are never stored:
//!   the searches weigh them when they look at them, and name each by its two vertices
//!   ([`IMPLICIT`]), so matched pairs, tree edges and blossom edges need no stored edge either.
//! - **Groups** ([`Matching::free_in`]). Vertices set free together whose pairs weigh mostly one
//!   part per vertex start from duals close to their own part, not one of them paying for all.
//!
//! The warm start, the pairs left out and those weighed on demand are this project's work; the
//! rest is the textbook algorithm. `verify` checks the three conditions above on every pair, and
//! the tests run it after each computation on changing graphs of hundreds of vertices.
//!
//! # Costs
//!
//! With `n` vertices and `m` edges looked at: [`Matching::set`] and [`Matching::reweigh`] cost
//! nothing while the duals still pay for the new weight and no blossom rests on the edge; else
//! the release of one vertex, linear in the blossoms holding it. [`Matching::free_in`] is one
//! release. [`Matching::compute`] is one search per vertex left free, each `O(m)` plus `O(n)`
//! per dual change (at most `O(n)` changes), and the pricing of the pairs left out at the
//! vertices whose duals went down (a sort of the vertices, then their pairs until the bound
//! stops it).
//!
//! The file is split by the algorithm's parts: this one holds the state and its changes from
//! outside; `compute.rs` the computation (dual starts, pricing of the pairs left out);
//! `search.rs` one search and the dual changes; `blossoms.rs` making, expanding and augmenting
//! through blossoms; `verify.rs` the optimality check.

mod blossoms;
mod compute;
mod search;
#[cfg(test)]
mod tests;
mod verify;

use std::collections::HashMap;

pub use super::wide::Wide;

#[cfg(test)]
thread_local! {
    /// Set by tests: every computation of this thread checks its result ([`Matching::verify`]).
    pub(crate) static VERIFY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// No vertex, blossom or edge.
const NONE: usize = usize::MAX;
/// No group: the vertex was not set free by [`Matching::free_in`].
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

/// One end of an edge: edge `k`'s first end is `End(2k)`, its second `End(2k + 1)`. As in the
/// reference implementation, a vertex's lists hold the end at the *other* vertex: its neighbours
/// ([`Matching::neighbend`]), its mate ([`Matching::mate`]), the link that labelled it
/// ([`Matching::labelend`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct End(usize);

impl End {
    /// No end: a free vertex's mate, a root's label link.
    const NONE: End = End(usize::MAX);

    fn first(edge: usize) -> End {
        End(2 * edge)
    }

    fn second(edge: usize) -> End {
        End(2 * edge + 1)
    }

    /// Edge `edge`'s end at its second vertex when `second`, else at its first.
    fn of(edge: usize, second: bool) -> End {
        End(2 * edge + usize::from(second))
    }

    fn is_none(self) -> bool {
        self == End::NONE
    }

    /// The edge it is an end of.
    fn edge(self) -> usize {
        self.0 / 2
    }

    /// The edge's other end.
    fn opposite(self) -> End {
        End(self.0 ^ 1)
    }

    /// The other end when `flip`, else this one (the walks around a blossom's cycle go either
    /// way).
    fn flipped(self, flip: bool) -> End {
        End(self.0 ^ usize::from(flip))
    }
}

/// A vertex's or an outermost blossom's place in the search at hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    /// Not in a tree.
    Free,
    /// Outer: a root, or the mate of a T-vertex; its dual goes down as the duals change.
    S,
    /// Inner: reached from an S-vertex by an unmatched tight edge; its dual goes up.
    T,
    /// An S-blossom marked while [`Matching::scan_blossom`] walks up two paths of a tree to
    /// their first common blossom.
    Crumb,
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

/// A heaviest matching kept up to date while weights change: after edges of a few vertices
/// change, [`Matching::compute`] starts from the matching and duals it had, not from nothing
/// (see the module's documentation).
///
/// Vertices are `0..n`; blossoms are numbered `n..2n` (at most `n / 2` exist at once; a number
/// is used again once its blossom is undone). Per-vertex arrays are `n` long, those that hold
/// blossoms too `2n`.
pub struct Matching<const L: usize, D = NoDense> {
    n: usize,
    /// The weights of the pairs of active vertices.
    pub dense: D,
    /// Vertices whose pairs with each other are weighed by `dense` (see [`Matching::activate`]).
    active: Vec<bool>,
    /// The active vertices in the order they became so (removed ones included until they are
    /// more than half): the neighbours a search walks through for an active vertex.
    active_list: Vec<usize>,
    /// Removed vertices still in `active_list`.
    active_removed: usize,
    /// The two vertices of each stored edge, by edge number.
    ends: Vec<(usize, usize)>,
    /// Each stored edge's weight, doubled (the duals count in halves); zero is no edge.
    doubled: Vec<Wide<L>>,
    /// The number of the stored edge of each pair `(i, j)`, `i < j`.
    index: HashMap<(usize, usize), usize>,
    /// Per vertex, its stored edges, each as the end at the other vertex.
    neighbend: Vec<Vec<End>>,
    /// Per vertex, the end at its partner of its matched edge ([`End::NONE`] when free).
    /// Invariant: `mate[i] = p` exactly when `mate[end(p)]` is `p`'s opposite.
    mate: Vec<End>,
    /// Per vertex and blossom, its label in the search at hand. A vertex inside a blossom keeps
    /// its own label only as the expansion of a T-blossom needs it (which of its vertices were
    /// reached).
    label: Vec<Label>,
    /// Per labelled vertex and blossom, the end through which it was labelled, at the vertex
    /// that labelled it: for an S-blossom the end at its T-vertex's side of its matched edge
    /// ([`End::NONE`] for a root), for a T-blossom the end at the S-vertex that reached it.
    labelend: Vec<End>,
    /// Per vertex, its outermost blossom (itself when in none).
    inblossom: Vec<usize>,
    /// Per vertex and blossom, the blossom right above it ([`NONE`] when outermost).
    blossomparent: Vec<usize>,
    /// Per blossom, its sub-blossoms (vertices or blossoms) around its odd cycle, the one
    /// holding its base first.
    blossomchilds: Vec<Vec<usize>>,
    /// Per vertex and blossom, its base: the one vertex not matched inside it ([`NONE`] for a
    /// blossom number not in use).
    blossombase: Vec<usize>,
    /// Per blossom, the edges of its cycle: `blossomendps[b][i]` is the end at child `i` of the
    /// edge joining it to child `i + 1` (the last to the first).
    blossomendps: Vec<Vec<End>>,
    /// Per vertex and blossom, during a search: the least-slack edge to an S-blossom (for a
    /// free vertex: a candidate to be reached; for an S-blossom: towards another S-blossom),
    /// [`NONE`] when none is known.
    bestedge: Vec<usize>,
    /// The doubled weight of each best edge (a pair of active vertices is weighed once).
    bestweight: Vec<Wide<L>>,
    /// Per S-blossom, the least-slack edge to each other S-blossom, kept so that merging it
    /// into a larger blossom need not look at all its vertices' edges again.
    blossombestedges: Vec<Option<Vec<usize>>>,
    /// Blossom numbers not in use.
    unusedblossoms: Vec<usize>,
    /// Per vertex, twice its dual `u`; per blossom, its dual `z` (see the module's
    /// documentation).
    dualvar: Vec<Wide<L>>,
    /// Per stored edge, whether it was found tight in the search at hand (its slack can only
    /// shrink while the search goes on, so it is not priced again).
    allowedge: Vec<bool>,
    /// S-vertices whose edges the search at hand is still to look at.
    queue: Vec<usize>,
    /// Per vertex set free by `free_in`, its group; else [`NO_GROUP`].
    group: Vec<u32>,
    /// Pairs a dual change made tight, each from its S end, to be looked at before whole
    /// neighbourhoods.
    tight_queue: Vec<(usize, End)>,
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
    /// Unlabelled vertices given a best edge in the search at hand.
    candidates: Vec<usize>,
    /// Stored edges allowed in the search at hand.
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
            mate: vec![End::NONE; n],
            label: vec![Label::Free; 2 * n],
            labelend: vec![End::NONE; 2 * n],
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
                self.neighbend[i].push(End::second(k));
                self.neighbend[j].push(End::first(k));
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
        let matched = !self.mate[i].is_none() && self.mate[i].edge() == k;
        let apart = self.inblossom[i] != self.inblossom[j];
        if !matched && apart && self.dualvar[i] + self.dualvar[j] >= doubled {
            return;
        }
        if !self.loose(i) && !self.loose(j) {
            self.release(i);
        }
    }

    /// Whether `v` is already free, alone and waiting for its dual to be set again.
    fn loose(&self, v: usize) -> bool {
        self.dirty[v] && self.inblossom[v] == v && self.mate[v].is_none()
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
        debug_assert!(self.mate[v].is_none() && self.inblossom[v] == v);
        for idx in 0..self.neighbend[v].len() {
            let p = self.neighbend[v][idx];
            if self.active[self.end(p)] {
                self.doubled[p.edge()] = Wide::ZERO;
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
        if !self.removed[v] && !self.loose(v) {
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
                let k = self.neighbend[v][idx].edge();
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
            if !self.mate[base].is_none() {
                let x = self.end(self.mate[base]);
                self.mate[base] = End::NONE;
                self.mate[x] = End::NONE;
                self.roots.push(x);
            }
            self.augment_blossom(b, v);
            self.mate[v] = End::NONE;
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
        } else if !self.mate[v].is_none() {
            let x = self.end(self.mate[v]);
            self.mate[v] = End::NONE;
            self.mate[x] = End::NONE;
            self.roots.push(x);
        }
        if !self.dirty[v] {
            self.dirty[v] = true;
            self.roots.push(v);
        }
    }

    /// Returns blossom number `b` to the unused ones, its state cleared.
    fn free_blossom(&mut self, b: usize) {
        self.label[b] = Label::Free;
        self.labelend[b] = End::NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.blossomparent[b] = NONE;
        self.dualvar[b] = Wide::ZERO;
        self.unusedblossoms.push(b);
    }

    /// The partner of each vertex (itself when free).
    fn mates(&self) -> Vec<usize> {
        (0..self.n)
            .map(|v| {
                if self.mate[v].is_none() {
                    v
                } else {
                    self.end(self.mate[v])
                }
            })
            .collect()
    }

    fn slack(&self, k: usize) -> Wide<L> {
        self.slack_of(k, self.doubled_of(k))
    }

    /// The slack of edge `k` of doubled weight `doubled` (blossoms' duals not counted: only
    /// edges between outermost blossoms are priced this way).
    fn slack_of(&self, k: usize, doubled: Wide<L>) -> Wide<L> {
        let (i, j) = self.pair(k);
        self.dualvar[i] + self.dualvar[j] - doubled
    }

    /// The slack of `x`'s best edge.
    fn best_slack(&self, x: usize) -> Wide<L> {
        self.slack_of(self.bestedge[x], self.bestweight[x])
    }

    /// The two vertices of edge `k`.
    fn pair(&self, k: usize) -> (usize, usize) {
        if k < IMPLICIT {
            self.ends[k]
        } else {
            let x = k - IMPLICIT;
            (x >> VERTEX_BITS, x & ((1 << VERTEX_BITS) - 1))
        }
    }

    /// The vertex at the end `p`.
    fn end(&self, p: End) -> usize {
        let (i, j) = self.pair(p.edge());
        if p.0 & 1 == 0 { i } else { j }
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

    /// The ends of `v`'s edges at their other vertex: those stored, then its pairs with the
    /// other active vertices.
    fn neighbours(&self, v: usize, out: &mut Vec<End>) {
        out.clear();
        out.extend_from_slice(&self.neighbend[v]);
        if self.active[v] {
            for &u in &self.active_list {
                if u != v && !self.removed[u] {
                    let k = implicit(v.min(u), v.max(u));
                    out.push(End::of(k, u > v));
                }
            }
        }
    }

    /// Whether `x` (a vertex, or a blossom in use) is outermost: in no blossom.
    fn outermost(&self, x: usize) -> bool {
        if x < self.n {
            self.inblossom[x] == x
        } else {
            self.blossomparent[x] == NONE && self.blossombase[x] != NONE
        }
    }

    /// The vertices inside `b` (itself when a vertex), appended to `out`.
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
}
