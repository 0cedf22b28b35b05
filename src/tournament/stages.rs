//! Stages: who goes from one stage's final standings into the next (the top `n`), with a tie at
//! the cut (players sharing a place on points and every tie-break) decided by a drawing of lots
//! whose seed is published, so that anyone can draw the same lots again. `docs/pairing.md`
//! ("Stages") states it with the lots' algorithm.

use serde::Serialize;

/// The next number of SplitMix64 (Steele, Lea and Flood, 2014): the lots' random numbers, simple
/// enough to redo by hand in any language.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The order lots give `players` (as listed: by the standings, where tied players are listed by
/// starting number): a Fisher–Yates shuffle from the last place down, each place `i` taking the
/// player at `splitmix64() mod (i + 1)`.
pub fn draw_lots<T: Clone>(players: &[T], seed: u64) -> Vec<T> {
    let mut order = players.to_vec();
    let mut state = seed;
    for i in (1..order.len()).rev() {
        let j = (splitmix64(&mut state) % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

/// Who qualifies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Qualification {
    /// The qualifiers in seeding order: the standings' order, the tied group at the cut in the
    /// lots' order.
    pub qualified: Vec<i32>,
    /// The players sharing the place at the cut, when the cut falls inside it (else empty).
    pub tied: Vec<i32>,
    /// The lots' order of the tied players (empty without a tie at the cut).
    pub lots: Vec<i32>,
    pub seed: u64,
}

/// The top `n` of `ranked` (player ids with their rank, in the standings' order; players equal on
/// points and every tie-break share a rank), a tie at the cut drawn by lots from `seed`.
pub fn qualify(ranked: &[(i32, usize)], n: usize, seed: u64) -> Qualification {
    let n = n.min(ranked.len());
    let mut qualified: Vec<i32> = ranked[..n].iter().map(|&(id, _)| id).collect();
    let (mut tied, mut lots) = (Vec::new(), Vec::new());
    if n > 0 && n < ranked.len() && ranked[n].1 == ranked[n - 1].1 {
        let rank = ranked[n - 1].1;
        tied = ranked
            .iter()
            .filter(|&&(_, r)| r == rank)
            .map(|&(id, _)| id)
            .collect();
        lots = draw_lots(&tied, seed);
        let above = ranked.iter().filter(|&&(_, r)| r < rank).count();
        qualified.truncate(above);
        qualified.extend(lots.iter().take(n - above));
    }
    Qualification {
        qualified,
        tied,
        lots,
        seed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lots_are_splitmix64_and_fisher_yates() {
        // SplitMix64 from 0: its published first outputs.
        let mut state = 0;
        assert_eq!(splitmix64(&mut state), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(&mut state), 0x6E78_9E6A_A1B9_65F4);
        // The same seed draws the same lots; the draw is a permutation.
        let players = [11, 12, 13, 14, 15];
        let a = draw_lots(&players, 2026);
        // As the ten lines of Python in docs/pairing.md draw them.
        assert_eq!(a, [14, 11, 13, 15, 12]);
        assert_eq!(
            draw_lots(&["Esi", "Kofi", "Yaw"], 20261126),
            ["Yaw", "Esi", "Kofi"]
        );
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, players);
        // Some seed draws another order.
        assert!((0..20).any(|seed| draw_lots(&players, seed) != a));
    }

    #[test]
    fn a_tie_at_the_cut_is_drawn_by_lots() {
        // Ranks 1, 2, 3=, 3=, 3=, 6: the top four take 1, 2 and one of the three tied.
        let ranked = [(1, 1), (2, 2), (3, 3), (4, 3), (5, 3), (6, 6)];
        let q = qualify(&ranked, 4, 7);
        assert_eq!(q.tied, [3, 4, 5]);
        assert_eq!(q.lots, draw_lots(&[3, 4, 5], 7));
        assert_eq!(q.qualified, [1, 2, q.lots[0], q.lots[1]]);
        let q = qualify(&ranked, 5, 7);
        assert_eq!(q.qualified, [1, 2, 3, 4, 5]);
        assert!(q.tied.is_empty() && q.lots.is_empty());
        assert_eq!(qualify(&ranked, 9, 7).qualified.len(), 6);
    }
}
