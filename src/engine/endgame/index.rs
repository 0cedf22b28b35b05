//! Numbering the boards of `n` seeds: a board (twelve pit counts adding up to `n`) is a
//! combination of 11 "bars" among `n + 11` places, and the combinatorial number system ranks
//! those combinations `0..C(n + 11, 11)` with no gaps, so a table is a plain array.

use crate::engine::board::PITS;

/// The most seeds a board holds.
const MAX_SEEDS: usize = 48;

/// `C(a, b)` for `a <= MAX_SEEDS + 11`, `b <= 11`.
static BINOMIAL: [[u64; 12]; MAX_SEEDS + 12] = binomials();

const fn binomials() -> [[u64; 12]; MAX_SEEDS + 12] {
    let mut t = [[0u64; 12]; MAX_SEEDS + 12];
    let mut a = 0;
    while a < MAX_SEEDS + 12 {
        t[a][0] = 1;
        let mut b = 1;
        while b < 12 && b <= a {
            t[a][b] = t[a - 1][b - 1] + if b < a { t[a - 1][b] } else { 0 };
            b += 1;
        }
        a += 1;
    }
    t
}

/// How many boards hold exactly `n` seeds.
pub fn boards(n: u8) -> u64 {
    BINOMIAL[usize::from(n) + 11][11]
}

/// The rank of a board among those of its seeds.
#[inline]
pub fn rank(pits: &[u8; PITS]) -> u64 {
    let mut rank = 0;
    let mut place = 0usize;
    for (i, &seeds) in pits[..PITS - 1].iter().enumerate() {
        place += usize::from(seeds);
        rank += BINOMIAL[place + i][i + 1];
    }
    rank
}

/// The board of `n` seeds with rank `rank`.
pub fn unrank(mut rank: u64, n: u8) -> [u8; PITS] {
    let mut bars = [0usize; PITS - 1];
    let mut top = usize::from(n) + PITS - 1;
    for i in (0..PITS - 1).rev() {
        // The largest place below `top` whose count does not exceed what is left.
        let mut c = top - 1;
        while BINOMIAL[c][i + 1] > rank {
            c -= 1;
        }
        bars[i] = c;
        rank -= BINOMIAL[c][i + 1];
        top = c;
    }
    let mut pits = [0u8; PITS];
    let mut previous = 0usize;
    for (i, &bar) in bars.iter().enumerate() {
        let start = if i == 0 { 0 } else { previous + 1 };
        pits[i] = (bar - start) as u8;
        previous = bar;
    }
    pits[PITS - 1] = (usize::from(n) + PITS - 2 - previous) as u8;
    pits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_every_board_once() {
        for n in [0u8, 1, 2, 5] {
            let count = boards(n);
            let mut seen = vec![false; count as usize];
            for r in 0..count {
                let pits = unrank(r, n);
                assert_eq!(
                    pits.iter().map(|&s| u32::from(s)).sum::<u32>(),
                    u32::from(n)
                );
                assert_eq!(rank(&pits), r, "{pits:?}");
                seen[r as usize] = true;
            }
            assert!(seen.iter().all(|&s| s));
        }
        assert_eq!(boards(0), 1);
        assert_eq!(boards(1), 12);
        assert_eq!(boards(2), 78);
        assert_eq!(boards(48), 279_871_768_995);
        let full = [4u8; PITS];
        assert_eq!(unrank(rank(&full), 48), full);
    }
}
