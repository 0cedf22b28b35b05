//! A computation: the duals of the vertices set free are set again, searches run from them, and
//! the pairs left out are priced at the vertices whose duals went down, until nothing changes.

use std::collections::HashMap;

use super::{Dense, Matching, NO_GROUP, NONE, Unset, Wide};

/// The blossoms' nesting at one moment: see [`Matching::nesting`].
#[derive(Default)]
pub(super) struct Nesting<const L: usize> {
    /// Per vertex and blossom, how many blossoms lie above it.
    pub(super) depth: Vec<u32>,
    /// Per vertex and blossom, the duals of the blossoms holding it, itself included.
    pub(super) sum: Vec<Wide<L>>,
    /// `up[k][x]`: the blossom `2^k` levels above `x` (the outermost one at most).
    up: Vec<Vec<usize>>,
    /// Per vertex and blossom, the places of its first and past its last vertex in an order of
    /// the vertices where every blossom's are together.
    span: Vec<(u32, u32)>,
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

    /// Whether the blossom `b` holds the vertex `x`.
    fn holds(&self, b: usize, x: usize) -> bool {
        let (first, past) = self.span[b];
        (first..past).contains(&self.span[x].0)
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

impl<const L: usize, D: Dense<L>> Matching<L, D> {
    /// The heaviest matching, as the partner of each vertex (`v` itself when unmatched); pairs
    /// never set weigh what `unset` says.
    pub fn compute(&mut self, unset: &Unset<'_, L>) -> Vec<usize> {
        loop {
            let roots = std::mem::take(&mut self.roots);
            self.start_duals(&roots);
            self.match_tight_pairs(&roots);
            for &r in &roots {
                if self.removed[r] {
                    continue;
                }
                let base = self.blossombase[self.inblossom[r]];
                if self.mate[base].is_none() && self.dualvar[base] > Wide::ZERO {
                    self.stage(base);
                }
            }
            let underpaid = self.price_left_out(unset);
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
        #[cfg(test)]
        if super::VERIFY.with(std::cell::Cell::get) {
            self.verify(unset).expect("the matching is the heaviest");
        }
        self.mates()
    }

    /// Sets the duals of the vertices set free (free and alone): a dual that pays for every
    /// edge. Vertices set free in a group (`free_in`) start from the heaviest pair inside their
    /// group less one shift per group, the largest that still pays every pair inside it:
    /// weights that are mostly a sum of one part per vertex leave each vertex close to its part,
    /// instead of one vertex paying for all. Then each vertex pays what its other pairs still
    /// need, vertices set free outside any group first, one after the other.
    fn start_duals(&mut self, roots: &[usize]) {
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
                    let doubled = self.doubled_of(p.edge());
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
                let doubled = self.doubled_of(p.edge());
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
                let doubled = self.doubled_of(p.edge());
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
    }

    /// Two free vertices, alone, on a pair their duals pay exactly: matched at once, as a
    /// search would match them.
    fn match_tight_pairs(&mut self, roots: &[usize]) {
        let mut around = Vec::new();
        for &r in roots {
            if self.removed[r] || !self.mate[r].is_none() || self.inblossom[r] != r {
                continue;
            }
            if self.dualvar[r].is_zero() {
                continue;
            }
            self.neighbours(r, &mut around);
            for &p in &around {
                let k = p.edge();
                let w = self.end(p);
                if !self.mate[w].is_none()
                    || self.inblossom[w] != w
                    || self.removed[w]
                    || self.doubled_of(k).is_zero()
                    || !self.slack(k).is_zero()
                {
                    continue;
                }
                self.mate[r] = p;
                self.mate[w] = p.opposite();
                break;
            }
        }
    }

    /// The pairs left out, at the vertices whose duals went down, that the duals no longer pay
    /// for: only those whose bound on the weight the duals do not cover are weighed.
    fn price_left_out(&mut self, unset: &Unset<'_, L>) -> Vec<(usize, usize, Wide<L>)> {
        let lowered = std::mem::take(&mut self.lowered_list);
        let mut underpaid = Vec::new();
        if lowered.is_empty() {
            return underpaid;
        }
        let covered = |v: usize| self.dualvar[v] - unset.own[v] - unset.own[v];
        let mut order: Vec<(Wide<L>, usize)> = (0..self.n)
            .filter(|&v| !self.removed[v])
            .map(|v| (covered(v), v))
            .collect();
        order.sort_unstable();
        // An active vertex's pairs with the other active ones are weighed by the searches
        // themselves: it looks only at the inactive ones.
        let inactive: Vec<(Wide<L>, usize)> = if lowered.iter().any(|&v| self.active[v]) {
            order
                .iter()
                .copied()
                .filter(|&(_, v)| !self.active[v])
                .collect()
        } else {
            Vec::new()
        };
        let mut stored = vec![false; self.n];
        // Without blossoms, no pair is paid by one.
        let blossoms = self.unusedblossoms.len() < self.n;
        let nesting = if blossoms {
            self.nesting()
        } else {
            Nesting::default()
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
            let ends = if self.active[i] { &inactive } else { &order };
            for &(c, j) in ends {
                if c >= limit {
                    break;
                }
                if j == i
                    || stored[j]
                    || (self.inblossom[j] == top
                        && (c >= inside || (kept != NONE && nesting.holds(kept, j))))
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
        underpaid
    }

    /// Notes that `v`'s dual went down while `top` (a blossom, or `v` itself) was its outermost
    /// blossom.
    pub(super) fn lower(&mut self, v: usize, top: usize) {
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

    /// Whether the blossom noted (with its generation) is still the one it was.
    fn intact(&self, (b, generation): (usize, u64)) -> bool {
        b != NONE && self.blossombase[b] != NONE && self.generation[b] == generation
    }

    /// Per vertex and blossom: how deep it lies among the blossoms, and the duals of the
    /// blossoms holding it (itself included), so that a pair's blossoms are summed at the
    /// smallest blossom holding both.
    pub(super) fn nesting(&self) -> Nesting<L> {
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
        Nesting {
            depth,
            sum,
            up,
            span: self.spans(),
        }
    }

    /// Per vertex and blossom, where its vertices lie in an order that keeps every blossom's
    /// together: a walk down each outermost blossom's children.
    fn spans(&self) -> Vec<(u32, u32)> {
        let mut span = vec![(0, 0); 2 * self.n];
        let mut next = 0u32;
        let mut stack: Vec<(usize, bool)> = Vec::new();
        for x in 0..2 * self.n {
            let in_use = x < self.n || self.blossombase[x] != NONE;
            if !in_use || self.blossomparent[x] != NONE {
                continue;
            }
            stack.push((x, false));
            while let Some((y, done)) = stack.pop() {
                if y < self.n {
                    span[y] = (next, next + 1);
                    next += 1;
                } else if done {
                    span[y].1 = next;
                } else {
                    span[y].0 = next;
                    stack.push((y, true));
                    for &child in self.blossomchilds[y].iter().rev() {
                        stack.push((child, false));
                    }
                }
            }
        }
        span
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
}
