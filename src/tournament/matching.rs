//! Maximum-weight matching in a general graph (Edmonds' blossom algorithm with dual variables,
//! after Galil's account, as Joris van Rantwijk's public reference implementation lays it out),
//! over weights wide enough for the Dutch system's criteria: fixed-width integers of `L` 64-bit
//! words ([`Wide`]).
//!
//! The Dutch pairing states each of its criteria as a field of an edge's weight, the most
//! important in the highest bits, so that the heaviest matching is the best pairing; the fields
//! together need hundreds of bits.

use std::cmp::Ordering;
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

    fn is_negative(&self) -> bool {
        self.0[L - 1] >> 63 == 1
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;
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

/// The heaviest matching of the graph whose edges are `(i, j, weight)` with positive weights, on
/// `n` vertices: `mate[v]` is `v`'s partner, or `v` itself when unmatched.
pub fn max_weight_matching<const L: usize>(
    n: usize,
    edges: &[(usize, usize, Wide<L>)],
) -> Vec<usize> {
    solve(n, edges).mate
}

/// A heaviest matching with the dual solution that proves it: `mate` as
/// [`max_weight_matching`] gives it, and the duals, with which any edge left out of the graph can
/// be priced ([`Solution::slack`]).
pub struct Solution<const L: usize> {
    pub mate: Vec<usize>,
    dual: Vec<Wide<L>>,
    /// Per vertex, the blossoms holding it, outermost first.
    blossoms: Vec<Vec<usize>>,
}

impl<const L: usize> Solution<L> {
    /// How far the duals are from paying for an edge of weight `w` between `i` and `j` (twice
    /// the reduced cost). The matching is also the heaviest of the graph with that edge added
    /// when this is not negative.
    pub fn slack(&self, i: usize, j: usize, w: Wide<L>) -> Wide<L> {
        let mut s = self.dual[i] + self.dual[j] - w - w;
        for (a, b) in self.blossoms[i].iter().zip(&self.blossoms[j]) {
            if a != b {
                break;
            }
            s = s + self.dual[*a] + self.dual[*a];
        }
        s
    }
}

/// Solves the matching and keeps its duals.
pub fn solve<const L: usize>(n: usize, edges: &[(usize, usize, Wide<L>)]) -> Solution<L> {
    let mut m = Blossom::new(n, edges);
    m.solve();
    let mate = (0..n)
        .map(|v| {
            if m.mate[v] == NONE {
                v
            } else {
                m.endpoint[m.mate[v]]
            }
        })
        .collect();
    let blossoms = (0..n)
        .map(|v| {
            let mut chain = Vec::new();
            let mut b = m.blossomparent[v];
            while b != NONE {
                chain.push(b);
                b = m.blossomparent[b];
            }
            chain.reverse();
            chain
        })
        .collect();
    Solution {
        mate,
        dual: m.dualvar,
        blossoms,
    }
}

struct Blossom<'a, const L: usize> {
    n: usize,
    edges: &'a [(usize, usize, Wide<L>)],
    /// Each edge's weight, doubled (the duals count in halves).
    doubled: Vec<Wide<L>>,
    endpoint: Vec<usize>,
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
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<Wide<L>>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<'a, const L: usize> Blossom<'a, L> {
    fn new(n: usize, edges: &'a [(usize, usize, Wide<L>)]) -> Self {
        let maxweight = edges
            .iter()
            .map(|e| e.2)
            .max()
            .unwrap_or(Wide::ZERO)
            .max(Wide::ZERO);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(Wide::ZERO, n));
        Blossom {
            n,
            edges,
            doubled: edges.iter().map(|e| e.2 + e.2).collect(),
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> Wide<L> {
        let (i, j, _) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - self.doubled[k]
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
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint[mb], 1, mb ^ 1);
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
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
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
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
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
            w = self.endpoint[self.labelend[bw]];
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
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    // The end outside the new blossom.
                    let (i, j, _) = self.edges[k];
                    let j = if self.inblossom[j] == b { i } else { j };
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &best {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = Some(best);
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
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
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
                self.label[self.endpoint[p ^ 1]] = 0;
                self.label[self.endpoint[q]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowedge[endps[at(j - endptrick)] / 2] = true;
                j += jstep;
                p = endps[at(j - endptrick)] ^ (endptrick as usize);
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let e = self.endpoint[p ^ 1];
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
                    self.label[self.endpoint[mb]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = u8::MAX;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
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
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        let i = i as usize;
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (s0, p0) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (s0, p0);
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        let n = self.n;
        for _ in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = Wide::ZERO;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= Wide::ZERO {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                    if augmented {
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path yet: change the duals.
                let mut deltatype = 1;
                let mut delta = self.dualvar[..n]
                    .iter()
                    .copied()
                    .min()
                    .unwrap_or(Wide::ZERO);
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]).half();
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v] - delta,
                        2 => self.dualvar[v] = self.dualvar[v] + delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b] + delta,
                            2 => self.dualvar[b] = self.dualvar[b] - delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
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
    fn edges_left_out_are_priced_by_the_duals() {
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
            let kept: Vec<_> = all.iter().copied().filter(|_| rng.gen_bool(0.6)).collect();
            let sol = solve(n, &kept);
            let priced = all.iter().all(|&(i, j, w)| sol.slack(i, j, w) >= W::ZERO);
            // Every edge priced: the matching is the heaviest of the whole graph.
            if priced {
                assert_eq!(weight(&all, &sol.mate), brute(n, &all));
            }
            // And the duals of the whole graph price every edge.
            let whole = solve(n, &all);
            assert!(all.iter().all(|&(i, j, w)| whole.slack(i, j, w) >= W::ZERO));
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
