//! The optimality check: the matching and the duals meet every condition that proves the
//! matching the heaviest (see the module's documentation), on every pair of the graph, stored,
//! weighed on demand or left out.

use super::{Dense, End, Matching, NONE, Unset, Wide};

impl<const L: usize, D: Dense<L>> Matching<L, D> {
    /// Checks, after a computation, that the duals prove the matching the heaviest: every dual
    /// is at least zero; every pair of vertices still in the graph (`unset` weighs those never
    /// given a weight) is paid for, blossoms' duals counted; every matched pair is paid exactly;
    /// every free vertex's dual is zero; every blossom whose dual is positive is full (every
    /// second edge of its cycle matched). Weighs every pair: for tests and debugging, not for
    /// large graphs. The error names the first condition broken.
    pub fn verify(&self, unset: &Unset<'_, L>) -> Result<(), String> {
        let live: Vec<usize> = (0..self.n).filter(|&v| !self.removed[v]).collect();
        for &v in &live {
            if self.dualvar[v].is_negative() {
                return Err(format!("vertex {v} has a negative dual"));
            }
            let m = self.mate[v];
            if m.is_none() {
                if !self.dualvar[v].is_zero() {
                    return Err(format!("vertex {v} is free with a positive dual"));
                }
                continue;
            }
            let u = self.end(m);
            if self.mate[u] != m.opposite() || self.end(m.opposite()) != v {
                return Err(format!("vertex {v}'s mate {u} is not matched back"));
            }
            if self.doubled_of(m.edge()).is_zero() {
                return Err(format!("vertex {v} is matched to {u} by no edge"));
            }
        }
        for b in self.n..2 * self.n {
            if self.blossombase[b] == NONE {
                continue;
            }
            if self.dualvar[b].is_negative() {
                return Err(format!("blossom {b} has a negative dual"));
            }
            if self.dualvar[b] > Wide::ZERO && !self.full(b) {
                return Err(format!("blossom {b} has a positive dual and is not full"));
            }
        }
        for (x, &i) in live.iter().enumerate() {
            for &j in &live[x + 1..] {
                let w = self.weight_between(i, j, unset);
                if w.is_zero() {
                    continue;
                }
                let shared = self.shared_dual(i, j);
                let slack = self.dualvar[i] + self.dualvar[j] - w - w + shared + shared;
                if slack.is_negative() {
                    return Err(format!("the pair {i}, {j} is not paid for"));
                }
                let matched = !self.mate[i].is_none() && self.end(self.mate[i]) == j;
                if matched && !slack.is_zero() {
                    return Err(format!("the matched pair {i}, {j} is not tight"));
                }
            }
        }
        Ok(())
    }

    /// The weight of the pair `i`, `j`: weighed on demand when both are active, else stored,
    /// else as `unset` says.
    fn weight_between(&self, i: usize, j: usize, unset: &Unset<'_, L>) -> Wide<L> {
        let (i, j) = (i.min(j), i.max(j));
        if self.active[i] && self.active[j] {
            return self.dense.weight(i, j);
        }
        match self.index.get(&(i, j)) {
            Some(&k) => self.doubled[k].half(),
            None => (unset.weight)(i, j),
        }
    }

    /// The duals of the blossoms holding both `i` and `j`.
    fn shared_dual(&self, i: usize, j: usize) -> Wide<L> {
        let mut above_i = Vec::new();
        let mut b = self.blossomparent[i];
        while b != NONE {
            above_i.push(b);
            b = self.blossomparent[b];
        }
        let mut b = self.blossomparent[j];
        while b != NONE && !above_i.contains(&b) {
            b = self.blossomparent[b];
        }
        let mut sum = Wide::ZERO;
        while b != NONE {
            sum = sum + self.dualvar[b];
            b = self.blossomparent[b];
        }
        sum
    }

    /// Whether every second edge of blossom `b`'s cycle, from its base's child on, is matched:
    /// all its vertices but the base are matched inside it.
    fn full(&self, b: usize) -> bool {
        let endps = &self.blossomendps[b];
        endps.len() % 2 == 1
            && endps.iter().skip(1).step_by(2).all(|&p: &End| {
                self.mate[self.end(p)] == p.opposite() && self.mate[self.end(p.opposite())] == p
            })
    }
}
