//! One search (a primal-dual stage with a single root): trees grown along tight edges, and the
//! duals changed when no tight edge helps.

use super::{Dense, End, IMPLICIT, Label, Matching, NONE, Wide};

/// What the next dual change is bounded by (the reference implementation's `deltatype`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    /// An S-vertex's dual reaches zero.
    Vertex(usize),
    /// An edge from an S-vertex to a vertex outside the trees becomes tight.
    ToFree,
    /// An edge between two S-blossoms becomes tight (at half its slack).
    BetweenS,
    /// A T-blossom's dual reaches zero.
    Blossom(usize),
}

impl<const L: usize, D: Dense<L>> Matching<L, D> {
    /// One search from the free vertex `root` (the base of its blossom), its dual positive:
    /// ends when the root is matched along an augmenting path, or when the duals reach zero at a
    /// vertex of its tree, which the path from the root then leaves free.
    pub(super) fn stage(&mut self, root: usize) {
        self.queue.clear();
        self.assign_label(root, Label::S, End::NONE);
        while !self.grow() {
            let (bound, delta, tight) = self.next_delta();
            self.change_duals(delta);
            match bound {
                Bound::Vertex(v) => {
                    // The duals reached zero at an S-vertex: the root takes the path to it,
                    // which is left free.
                    self.augment_path(v, End::NONE);
                    break;
                }
                Bound::ToFree | Bound::BetweenS => {
                    for k in tight {
                        self.allow(k);
                        self.queue_tight(k);
                    }
                }
                Bound::Blossom(b) => self.expand_blossom(b, false),
            }
        }
        self.end_search();
    }

    /// Looks at the tight pairs a dual change found, then at the edges of the S-vertices
    /// queued, until an augmenting path is found (true) or nothing is left to look at.
    fn grow(&mut self) -> bool {
        let mut around = Vec::new();
        loop {
            // The pairs a dual change made tight first: one of them may reach a free vertex at
            // once, before whole neighbourhoods are scanned.
            if let Some((v, p)) = self.tight_queue.pop() {
                if self.scan_edge(v, p) {
                    return true;
                }
            } else if let Some(v) = self.queue.pop() {
                self.neighbours(v, &mut around);
                for &p in &around {
                    if self.scan_edge(v, p) {
                        return true;
                    }
                }
            } else {
                return false;
            }
        }
    }

    /// The least change of the duals that makes progress, what bounds it, and the edges it
    /// makes tight at once (equal weights are common; the first one bounds it).
    fn next_delta(&self) -> (Bound, Wide<L>, Vec<usize>) {
        let mut bound = None;
        let mut delta = Wide::ZERO;
        let mut tight = Vec::new();
        for &x in &self.touched {
            if x < self.n && self.label[self.inblossom[x]] == Label::S {
                let d = self.dualvar[x];
                if bound.is_none() || d < delta {
                    delta = d;
                    bound = Some(Bound::Vertex(x));
                }
            }
        }
        let mut bound = bound.unwrap_or(Bound::Vertex(NONE));
        for &v in &self.candidates {
            let k = self.bestedge[v];
            if self.label[self.inblossom[v]] == Label::Free && k != NONE {
                let d = self.best_slack(v);
                if d < delta {
                    delta = d;
                    bound = Bound::ToFree;
                    tight.clear();
                    tight.push(k);
                } else if bound == Bound::ToFree && d == delta {
                    tight.push(k);
                }
            }
        }
        for &b in &self.touched {
            if !self.outermost(b) {
                continue;
            }
            let k = self.bestedge[b];
            if self.label[b] == Label::S && k != NONE {
                let s = self.best_slack(b);
                let d = s.half();
                if d < delta {
                    delta = d;
                    bound = Bound::BetweenS;
                    tight.clear();
                    tight.push(k);
                } else if bound == Bound::BetweenS && s == delta + delta {
                    tight.push(k);
                }
            }
            if b >= self.n && self.label[b] == Label::T && self.dualvar[b] < delta {
                delta = self.dualvar[b];
                bound = Bound::Blossom(b);
            }
        }
        (bound, delta, tight)
    }

    /// Changes the duals of the trees by `delta`: S-vertices down, T-vertices up, outermost
    /// S-blossoms up, T-blossoms down. The trees' edges stay tight.
    fn change_duals(&mut self, delta: Wide<L>) {
        let moved = delta > Wide::ZERO;
        for idx in 0..self.touched.len() {
            let x = self.touched[idx];
            if x < self.n {
                match self.label[self.inblossom[x]] {
                    Label::S => {
                        self.dualvar[x] = self.dualvar[x] - delta;
                        if moved {
                            self.lower(x, self.inblossom[x]);
                        }
                    }
                    Label::T => self.dualvar[x] = self.dualvar[x] + delta,
                    Label::Free | Label::Crumb => {}
                }
            } else if self.outermost(x) {
                match self.label[x] {
                    Label::S => self.dualvar[x] = self.dualvar[x] + delta,
                    Label::T => self.dualvar[x] = self.dualvar[x] - delta,
                    Label::Free | Label::Crumb => {}
                }
            }
        }
    }

    /// After a search: S-blossoms whose dual is zero are undone; then the labels, best edges
    /// and queues go.
    fn end_search(&mut self) {
        let touched = std::mem::take(&mut self.touched);
        for &b in &touched {
            if b >= self.n
                && self.outermost(b)
                && self.label[b] == Label::S
                && self.dualvar[b].is_zero()
            {
                self.expand_blossom(b, true);
            }
        }
        for &x in touched.iter().chain(&self.touched) {
            self.seen[x] = false;
            self.label[x] = Label::Free;
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

    /// Queues edge `k`, found tight by a dual change, to be looked at from its S end.
    fn queue_tight(&mut self, k: usize) {
        let (i, j) = self.pair(k);
        if self.label[self.inblossom[i]] == Label::S {
            self.tight_queue.push((i, End::second(k)));
        } else {
            self.tight_queue.push((j, End::first(k)));
        }
    }

    /// Looks at the edge whose end `p` leaves the S-vertex `v` in the search at hand: labels,
    /// a new blossom, or the augmenting path (true) when the edge is tight; else the least slack
    /// noted.
    fn scan_edge(&mut self, v: usize, p: End) -> bool {
        let k = p.edge();
        let w = self.end(p);
        let bw = self.inblossom[w];
        if self.inblossom[v] == bw {
            return false;
        }
        if self.label[bw] == Label::T && self.label[w] != Label::Free {
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
            return self.follow_tight(v, w, p);
        }
        if self.label[bw] == Label::S {
            let b = self.inblossom[v];
            if self.bestedge[b] == NONE || kslack < self.best_slack(b) {
                self.bestedge[b] = k;
                self.bestweight[b] = doubled;
            }
        } else if self.label[w] == Label::Free
            && (self.bestedge[w] == NONE || kslack < self.best_slack(w))
        {
            if self.bestedge[w] == NONE {
                self.candidates.push(w);
            }
            self.bestedge[w] = k;
            self.bestweight[w] = doubled;
        }
        false
    }

    /// The tight edge from the S-vertex `v` to `w` (its end `p` at `w`): an augmenting path
    /// (true), a T-label for `w`'s blossom, or a new blossom.
    fn follow_tight(&mut self, v: usize, w: usize, p: End) -> bool {
        let bw = self.inblossom[w];
        match self.label[bw] {
            Label::Free => {
                if self.mate[self.blossombase[bw]].is_none() {
                    // A free vertex: the path to it augments.
                    self.labelend[bw] = End::NONE;
                    self.augment_path(v, p);
                    self.augment_path(w, p.opposite());
                    return true;
                }
                self.assign_label(w, Label::T, p.opposite());
            }
            Label::S => {
                let base = self.scan_blossom(v, w);
                assert!(
                    base != NONE,
                    "one tree: two of its S-vertices meet at a base"
                );
                self.add_blossom(base, p.edge());
            }
            Label::T | Label::Crumb => {
                if self.label[w] == Label::Free {
                    // A vertex inside a T-blossom, reached: noted for its expansion.
                    self.touch(w);
                    self.label[w] = Label::T;
                    self.labelend[w] = p.opposite();
                }
            }
        }
        false
    }

    /// Labels `w`'s outermost blossom `t` (S or T) through the end `p`; a T-blossom's mate
    /// becomes S in turn, and S-vertices are queued to be scanned.
    pub(super) fn assign_label(&mut self, w: usize, t: Label, p: End) {
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
        if t == Label::S {
            self.queue.extend(leaves);
        } else if t == Label::T {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.end(mb), Label::S, mb.opposite());
        }
    }

    /// Whether edge `k` was found tight in the search at hand (a pair of active vertices is
    /// looked at again: its slack only goes down while it leaves an S-vertex).
    fn allowed(&self, k: usize) -> bool {
        k < IMPLICIT && self.allowedge[k]
    }

    pub(super) fn allow(&mut self, k: usize) {
        if k < IMPLICIT && !self.allowedge[k] {
            self.allowedge[k] = true;
            self.allowed.push(k);
        }
    }

    /// Notes that the search at hand labelled `x` (reset at its end).
    pub(super) fn touch(&mut self, x: usize) {
        if !self.seen[x] {
            self.seen[x] = true;
            self.touched.push(x);
        }
    }
}
