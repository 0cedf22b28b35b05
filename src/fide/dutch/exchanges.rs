//! Article 3.3 and 4 (the remainder): its players split into S1 and S2, the fewest and smallest
//! exchanges between them, then each S1 player from the top with the first S2 player possible.

use super::brackets::{Pairer, Span};

/// The residents not paired with moved-down players, by place in the bracket; S1 is its first
/// `pairs` players (those the matching at hand pairs down).
pub(super) struct Remainder {
    pub places: Vec<usize>,
    pub pairs: usize,
}

impl Remainder {
    /// The pairs of the remainder's player at `pos` with those after it.
    fn later<'a>(
        &'a self,
        span: &'a Span,
        pos: usize,
    ) -> impl Iterator<Item = (usize, usize)> + Clone + 'a {
        let bracket = &span.players;
        self.places[pos + 1..]
            .iter()
            .map(move |&oi| (bracket[self.places[pos]], bracket[oi]))
    }
}

/// Paired with a lower player of the bracket: an S1 player; the others of the remainder are
/// S2 players, or S1 players exchanged.
fn pairs_down(stable: &[usize], span: &Span, v: usize) -> bool {
    stable[v] > v && stable[v] < span.next_vertex
}

impl<const L: usize> Pairer<'_, L> {
    /// The remainder, whose order weighs its pairs from now on: S1's players paired down, the
    /// highest first, S1's i-th against S2's i-th preferred.
    pub fn remainder(&mut self, span: &Span) -> Remainder {
        let mut places = Vec::new();
        let mut pairs = 0;
        for (i, &v) in span
            .players
            .iter()
            .enumerate()
            .take(span.size)
            .skip(span.movers)
        {
            if self.stable[v] < span.first_resident {
                continue;
            }
            places.push(i);
            if self.stable[v] < v {
                pairs += 1;
            }
        }
        let (bracket, places_ref) = (&span.players, &places);
        let order_pairs = (0..places.len()).flat_map(move |lower| {
            places_ref[..lower]
                .iter()
                .map(move |&pi| (bracket[pi], bracket[places_ref[lower]]))
        });
        self.change(order_pairs, |modes| {
            modes.ordered = true;
            modes.pairs = pairs;
            for (pos, &pi) in places.iter().enumerate() {
                modes.position[pi] = pos;
            }
        });
        self.stable = self.compute();
        Remainder { places, pairs }
    }

    /// The exchanges between S1 and S2 (as many as the matching at hand makes): the S1 players
    /// exchanged the lowest possible, the S2 players exchanged the highest possible; then S1
    /// and S2 fixed as they are.
    pub fn exchanges(&mut self, span: &Span, rem: &Remainder) {
        let bracket = &span.players;
        let exchanged = |stable: &[usize], v: usize| !pairs_down(stable, span, v);
        let exchanges = rem.places[..rem.pairs]
            .iter()
            .filter(|&&pi| exchanged(&self.stable, bracket[pi]))
            .count();
        // The S1 players exchanged are the lowest possible...
        let mut remaining = exchanges;
        let mut pos = rem.pairs;
        while pos != 0 && remaining > 0 {
            pos -= 1;
            let pi = rem.places[pos];
            let v = bracket[pi];
            if !exchanged(&self.stable, v) {
                self.change(rem.later(span, pos), |modes| modes.trial[pi] = -1);
                self.stable = self.compute();
            }
            let exchange = exchanged(&self.stable, v);
            remaining -= usize::from(exchange);
            self.change(rem.later(span, pos), |modes| {
                modes.trial[pi] = 0;
                modes.cut_later[pi] |= exchange;
            });
        }
        // ...and the S2 players exchanged the highest possible.
        let mut remaining = exchanges;
        for pos in rem.pairs..rem.places.len() {
            if remaining <= 1 {
                break;
            }
            let pi = rem.places[pos];
            let v = bracket[pi];
            let already = pairs_down(&self.stable, span, v);
            if !already {
                self.change(rem.later(span, pos), |modes| modes.trial[pi] = 1);
                self.stable = self.compute();
            }
            if pairs_down(&self.stable, span, v) {
                remaining -= 1;
                let before = rem.places[..pos].iter().map(|&oi| (v, bracket[oi]));
                let below = (span.size..bracket.len()).map(|o| (v, bracket[o]));
                self.change(before.chain(below), |modes| {
                    modes.cut_earlier[pi] = true;
                    modes.cut_next[pi] = true;
                });
            }
            if !already {
                self.change(rem.later(span, pos), |modes| modes.trial[pi] = 0);
            }
        }
        // Fix the exchanges found: S1 and S2 as they now are. Only pairs of an S1 player with
        // a lower S2 player remain; each S1 player's pairs keep the order's part of their
        // weight, the same for all of them, which every heaviest matching pays in full (each
        // S1 player is paired down), so it does not tell pairings apart.
        let fixed_pairs = (0..rem.places.len()).flat_map(|pos| rem.later(span, pos));
        let stable = self.stable.clone();
        self.change(fixed_pairs, |modes| {
            for &pi in &rem.places {
                let v = bracket[pi];
                modes.cut_later[pi] |= exchanged(&stable, v);
                modes.cut_earlier[pi] |= pairs_down(&stable, span, v);
            }
        });
    }

    /// Each S1 player, from the top, with the first S2 player possible, paired for good.
    pub fn s1_opponents(&mut self, span: &Span, rem: &Remainder) {
        let bracket = &span.players;
        let in_s1 = rem
            .places
            .iter()
            .filter(|&&pi| pairs_down(&self.stable, span, bracket[pi]))
            .count();
        // The heaviest matching as the order's choices fix it (computed when there is an S1).
        let mut current = if in_s1 > 0 {
            self.compute()
        } else {
            Vec::new()
        };
        for &pi in &rem.places {
            let v = bracket[pi];
            if !pairs_down(&self.stable, span, v) {
                continue;
            }
            // The candidates, in order: the order raises the first one most. When the matching
            // at hand gives `v` that one (and it is raised at all), it stays the heaviest and
            // `v`'s opponent in every heaviest matching.
            let candidates: Vec<usize> = rem
                .places
                .iter()
                .copied()
                .filter(|&oi| oi > pi && !self.m.is_fixed(bracket[oi]))
                .collect();
            let best = candidates
                .iter()
                .position(|&oi| !self.m.criteria(pi, oi).is_zero())
                .filter(|&k| k + 1 < candidates.len())
                .map(|k| bracket[candidates[k]]);
            if best != Some(current[v]) {
                let mut units = vec![u64::MAX; bracket.len()];
                for (addend, &oi) in candidates.iter().rev().enumerate() {
                    units[oi] = addend as u64;
                }
                let pairs = candidates.iter().rev().map(|&oi| (v, bracket[oi]));
                self.change(pairs, |modes| {
                    modes.last = pi;
                    modes.last_units = units;
                });
                current = self.compute();
            }
            self.stable = current.clone();
            let u = self.stable[v];
            self.m.finalize(v, u);
        }
    }
}
