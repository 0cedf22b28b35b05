//! Blossoms: an odd cycle of a tree shrunk into one S-vertex, expanded again when its dual
//! reaches zero, and the augmenting paths that run through them.

use std::collections::HashMap;

use super::{Dense, End, Label, Matching, NONE, Wide};

impl<const L: usize, D: Dense<L>> Matching<L, D> {
    /// The base of the first blossom common to the tree paths from the S-vertices `v` and `w`
    /// up to their roots ([`NONE`] when they are in different trees, which a search with one
    /// root never meets). The two paths are walked up in turn, their blossoms marked as
    /// [`Label::Crumb`] until one is met twice.
    pub(super) fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] == Label::Crumb {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = Label::Crumb;
            if self.labelend[b].is_none() {
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
            self.label[b] = Label::S;
        }
        base
    }

    /// Shrinks the cycle closed by edge `k` between two S-vertices, through the blossoms up to
    /// their common `base`, into a new S-blossom; its T-vertices become S and are queued. Its
    /// least-slack edges to the other S-blossoms are gathered from its children's.
    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
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
        endps.push(End::first(k));
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw].opposite());
            w = self.end(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = Label::S;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = Wide::ZERO;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == Label::T {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        self.gather_best_edges(b, &path);
    }

    /// The new S-blossom `b`'s least-slack edge to each other S-blossom, from its children
    /// `path`: each child's list when it has one, else its vertices' edges.
    fn gather_best_edges(&mut self, b: usize, path: &[usize]) {
        let mut bestedgeto: HashMap<usize, (usize, Wide<L>)> = HashMap::new();
        let mut around = Vec::new();
        for &bv in path {
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
                if bj == b || m.label[bj] != Label::S {
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
                    consider(self, p.edge());
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

    /// Undoes blossom `b`: its children become outermost. At the end of a search (`endstage`)
    /// children whose dual is zero are undone too; during a search `b` is a T-blossom whose dual
    /// reached zero, and its children on the path from where it was reached to its base are
    /// labelled T and S in turn, so that the tree goes on through them.
    pub(super) fn expand_blossom(&mut self, b: usize, endstage: bool) {
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
        if !endstage && self.label[b] == Label::T {
            self.relabel_expanded(b, &childs);
        }
        self.free_blossom(b);
    }

    /// The children of the expanded T-blossom `b`: from the child it was entered by to its base,
    /// the even-length way around, labelled T and S in turn; the other children that hold a
    /// vertex reached are labelled T from it.
    fn relabel_expanded(&mut self, b: usize, childs: &[usize]) {
        let entrychild = self.inblossom[self.end(self.labelend[b].opposite())];
        let len = childs.len() as isize;
        let mut j = childs
            .iter()
            .position(|&c| c == entrychild)
            .expect("entry child") as isize;
        // Around the cycle forwards from an odd place, backwards from an even one: the way
        // whose length from the entry to the base is even.
        let (jstep, endptrick): (isize, bool) = if j & 1 == 1 {
            j -= len;
            (1, false)
        } else {
            (-1, true)
        };
        let at = |x: isize| -> usize { x.rem_euclid(len) as usize };
        let endps = self.blossomendps[b].clone();
        let step_end = |j: isize| endps[at(j - isize::from(endptrick))];
        let mut p = self.labelend[b];
        while j != 0 {
            let q = step_end(j).flipped(endptrick).opposite();
            let x = self.end(p.opposite());
            self.label[x] = Label::Free;
            let x = self.end(q);
            self.label[x] = Label::Free;
            self.assign_label(self.end(p.opposite()), Label::T, p);
            self.allow(step_end(j).edge());
            j += jstep;
            p = step_end(j).flipped(endptrick);
            self.allow(p.edge());
            j += jstep;
        }
        let bv = childs[at(j)];
        let e = self.end(p.opposite());
        self.touch(bv);
        self.label[e] = Label::T;
        self.label[bv] = Label::T;
        self.labelend[e] = p;
        self.labelend[bv] = p;
        self.bestedge[bv] = NONE;
        j += jstep;
        while childs[at(j)] != entrychild {
            let bv = childs[at(j)];
            if self.label[bv] == Label::S {
                j += jstep;
                continue;
            }
            let leaves = self.leaves_of(bv);
            if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != Label::Free) {
                self.label[v] = Label::Free;
                let mb = self.mate[self.blossombase[bv]];
                let x = self.end(mb);
                self.label[x] = Label::Free;
                self.assign_label(v, Label::T, self.labelend[v]);
            }
            j += jstep;
        }
    }

    /// Flips the matching around blossom `b` so that its vertex `v` becomes its base: the
    /// even-length way around from `v`'s child to the old base changes matched and unmatched
    /// edges, sub-blossoms on it are flipped in turn, and the cycle is rotated to start at the
    /// new base's child.
    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
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
        let (jstep, endptrick): (isize, bool) = if i & 1 == 1 {
            j -= len;
            (1, false)
        } else {
            (-1, true)
        };
        let at = |x: isize| -> usize { x.rem_euclid(len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - isize::from(endptrick))].flipped(endptrick);
            if t >= self.n {
                self.augment_blossom(t, self.end(p));
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.end(p.opposite()));
            }
            let x = self.end(p);
            self.mate[x] = p.opposite();
            let x = self.end(p.opposite());
            self.mate[x] = p;
        }
        let i = i as usize;
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    /// Flips the alternating path from the S-vertex `s` back to the root, `s` taking the mate
    /// end `p` (none: `s` is left free).
    pub(super) fn augment_path(&mut self, s: usize, p: End) {
        let (mut s, mut p) = (s, p);
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs].is_none() {
                break;
            }
            let t = self.end(self.labelend[bs]);
            let bt = self.inblossom[t];
            s = self.end(self.labelend[bt]);
            let j = self.end(self.labelend[bt].opposite());
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.labelend[bt].opposite();
        }
    }
}
