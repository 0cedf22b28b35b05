//! Article 3.2 (the moved-down players of a heterogeneous bracket): as many of them are paired
//! as the criteria allow, the highest first, each with the highest resident possible.

use super::bracket::Mover;
use super::brackets::{Pairer, Span};

impl<const L: usize> Pairer<'_, L> {
    /// Which moved-down players are paired (by place in the bracket): in each score group of
    /// them, as many as the matching at hand pairs with residents, the highest first. A player
    /// chosen has its pairs with the residents raised above any other choice.
    pub fn moved_down(&mut self, span: &Span) -> Vec<bool> {
        let (movers, size) = (span.movers, span.size);
        let bracket = &span.players;
        let mut paired = vec![false; movers];
        let mut group_score = 0;
        let mut left = 0;
        let mut left_paired = 0;
        for i in 0..movers {
            let v = bracket[i];
            let score = |v: usize| self.ctx.players[v].score;
            if i == 0 || score(v) < group_score {
                group_score = score(v);
                left = 0;
                left_paired = 0;
                let mut j = i;
                while j < bracket.len() && score(bracket[j]) >= group_score {
                    left += 1;
                    if span.resident(self.stable[bracket[j]]) {
                        left_paired += 1;
                    }
                    j += 1;
                }
            }
            if left_paired == 0 {
                continue;
            }
            if left <= left_paired {
                paired[i] = true;
                continue;
            }
            left -= 1;
            let residents = (movers..size).map(|o| (v, bracket[o]));
            if !span.resident(self.stable[v]) {
                self.change(residents.clone(), |modes| modes.mover[i] = Mover::Plus(1));
                self.stable = self.compute();
            }
            if span.resident(self.stable[v]) {
                paired[i] = true;
                left_paired -= 1;
                let units = (size - movers) as u64 + 1;
                self.change(residents, |modes| modes.mover[i] = Mover::Plus(units));
            }
        }
        paired
    }

    /// The opponents of the moved-down players `paired`: each, from the highest, with the
    /// highest resident possible, paired for good.
    pub fn moved_down_opponents(&mut self, span: &Span, paired: &[bool]) {
        let (movers, size) = (span.movers, span.size);
        let bracket = &span.players;
        if self.stale() && paired.iter().any(|&p| p) {
            self.stable = self.compute();
        }
        for i in 0..movers {
            let v = bracket[i];
            if !paired[i] {
                continue;
            }
            // The matching at hand stays the heaviest when it already gives `v` the opponent
            // the order raises most: no other can gain as much.
            let best = (movers..size)
                .find(|&o| !self.m.is_fixed(bracket[o]) && !self.m.criteria(i, o).is_zero())
                .map(|o| bracket[o]);
            if best != Some(self.stable[v]) {
                let mut rank = vec![0; bracket.len()];
                let mut addend = bracket.len() as u64;
                let mut pairs = Vec::new();
                for o in (movers..size).rev() {
                    if self.m.is_fixed(bracket[o]) || self.m.criteria(i, o).is_zero() {
                        continue;
                    }
                    rank[o] = addend;
                    addend += 1;
                    pairs.push((v, bracket[o]));
                }
                self.change(pairs, |modes| {
                    modes.mover[i] = Mover::Ranked;
                    modes.rank = rank;
                });
                self.stable = self.compute();
            }
            let u = self.stable[v];
            self.m.finalize(v, u);
        }
    }
}
