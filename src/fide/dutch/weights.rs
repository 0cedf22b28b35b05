//! Article 2.4: every quality criterion as a field of a pair's weight, the most important in the
//! highest bits, so that the heaviest matching meets them in order. [`Layout`] declares where
//! each field lies; every place that builds or sizes a weight reads it.

use std::collections::HashMap;

use super::context::{Context, Float, Info, bits, compatible_preferences, invert};
use crate::fide::wide::Wide;

/// Where each field of a pair's weight lies (its lowest bit), from the lowest up. Built once
/// per round: the fields' widths depend on the field of players (score groups), not on the
/// bracket.
///
/// | field | criterion |
/// | --- | --- |
/// | `top` | a pair at all, and which players may still take the bye (C1-C4) |
/// | `c5`, `c6` | pairs in the bracket, then their scores |
/// | `c7`, `c8` | pairs in the next bracket, then their scores |
/// | `c9` | the bye's player with the most games played |
/// | `colours` | C10-C13: absolute imbalances, absolute preferences, preferences, strong ones |
/// | `float_counts`, `float_scores` | C14-C21: floats repeated from one and two rounds before, then their scores |
/// | `order` | the rules' order among equal pairings (article 3): choices fixed one by one |
/// | `preferred` | the lowest: pairings close to the order the rules pick in first |
///
/// A field that counts pairs is `group_bits` wide (enough for the largest score group); a field
/// indexed by score is `scores_width` wide, one sub-field per score (`shifts`), the lowest score
/// lowest.
pub(super) struct Layout {
    /// Bits of a field counting pairs of one bracket.
    pub group_bits: u32,
    /// Per score: the lowest bit of its sub-field in the fields indexed by score.
    pub shifts: HashMap<u32, u32>,
    /// The rounds looked back at for floats (at most two).
    pub backs: usize,
    pub preferred: u32,
    /// Its lowest bit counts units of a choice being fixed; the remainder's order lies above.
    pub order: u32,
    /// Per round looked back at: the fields of players floating down, and of pairs that do not
    /// float the lower player up (C14-C17).
    pub float_counts: [(u32, u32); 2],
    /// The same, indexed by score (C18-C21).
    pub float_scores: [(u32, u32); 2],
    /// C10, C11, C12, C13.
    pub colours: [u32; 4],
    pub c9: u32,
    pub c8: u32,
    pub c7: u32,
    pub c6: u32,
    pub c5: u32,
    pub top: u32,
    /// The first matching of an odd field (see `bye.rs`): its fields, from the lowest: a pair
    /// in the top score group, then the sum of the pair's scores' places, then a pair at all.
    pub bye_top_group: u32,
    pub bye_scores: u32,
    pub bye_top: u32,
}

impl Layout {
    pub fn new(ctx: &Context) -> Layout {
        // Score-indexed fields: the lowest score in the lowest bits, each as wide as its group.
        let players = &ctx.players;
        let mut shifts = HashMap::new();
        let mut width = 0;
        let mut largest = 0;
        let mut i = players.len();
        while i > 0 {
            let score = players[i - 1].score;
            let mut count = 0;
            while i > 0 && players[i - 1].score == score {
                count += 1;
                i -= 1;
            }
            shifts.insert(score, width);
            width += bits(count);
            largest = largest.max(count);
        }
        let (b, s) = (bits(largest), width);
        let backs = ctx.played_rounds.min(2);
        let preferred = 0;
        // The lowest field's sum over every pair never reaches the field above it.
        let order = 3 * bits(players.len()) + 1;
        let mut at = order + 3 * b + 1;
        // Two fields of `width` bits per round looked back at, the last round's highest.
        let mut two_per_round = |width: u32| {
            let mut fields = [(0, 0); 2];
            for back in (0..backs).rev() {
                fields[back].1 = at;
                at += width;
                fields[back].0 = at;
                at += width;
            }
            fields
        };
        let float_scores = two_per_round(s);
        let float_counts = two_per_round(b);
        let mut colours = [0; 4];
        for c in colours.iter_mut().rev() {
            *c = at;
            at += b;
        }
        let mut next = |width: u32| {
            let field = at;
            at += width;
            field
        };
        let c9 = next(2 * b);
        let c8 = next(s);
        let c7 = next(b);
        let c6 = next(s);
        let c5 = next(b);
        let top = next(0);
        Layout {
            group_bits: b,
            shifts,
            backs,
            preferred,
            order,
            float_counts,
            float_scores,
            colours,
            c9,
            c8,
            c7,
            c6,
            c5,
            top,
            bye_top_group: order,
            bye_scores: order + b,
            bye_top: order + b + s,
        }
    }

    /// `x` at bit `at`.
    pub fn at<const L: usize>(x: u64, at: u32) -> Wide<L> {
        Wide::from_u64(x).shifted(at)
    }

    /// The bit of `score`'s sub-field in the score-indexed field at `field`.
    pub fn score_bit<const L: usize>(&self, field: u32, score: u32) -> Wide<L> {
        Wide::bit(field + self.shifts[&score])
    }

    /// `x` units of a choice being fixed (the order field's lowest bit).
    pub fn unit<const L: usize>(&self, x: u64) -> Wide<L> {
        Layout::at(x, self.order)
    }
}

/// What the weights of a bracket's pairs depend on besides the two players: the bye's score,
/// whether C9 applies to this bracket, and the ranks of games played among the bye's score group.
#[derive(Clone)]
pub(super) struct ByeState {
    pub score: u32,
    pub rule: bool,
    pub played_ranks: HashMap<u32, usize>,
}

impl ByeState {
    /// Whether `p` may still take the bye here.
    fn candidate(&self, p: &Info) -> bool {
        p.eligible && p.score <= self.score
    }

    /// `p`'s C9 rank (most games played first) when C9 applies to it.
    fn rank(&self, p: &Info) -> u64 {
        if self.rule && p.score == self.score {
            self.played_ranks[&p.played_games] as u64
        } else {
            0
        }
    }
}

/// C10-C13 for the lower player `p` against the higher `o`: whether the pair meets each.
pub(super) fn colour_criteria(p: &Info, o: &Info) -> [bool; 4] {
    let same = p.pref == o.pref;
    let c10 = !p.absolute_imbalance() || !o.absolute_imbalance() || !same;
    let c11 = !p.absolute()
        || !o.absolute()
        || !same
        || if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let lesser = if p.imbalance > o.imbalance { o } else { p };
            lesser.repeated != invert(p.pref)
        };
    let c12 = compatible_preferences(p.pref, o.pref);
    let c13 = (!p.strong && !p.absolute())
        || (!o.strong && !o.absolute())
        || (p.absolute() && o.absolute())
        || !same;
    [c10, c11, c12, c13]
}

/// The weight of pairing `h` with `l` (`h` ranked higher) while pairing a bracket, field by
/// field: the criteria of the bracket apply when `l` is in it, the next bracket's when `l` is
/// there. The [`Weigher`] gives the same weights in a few additions; debug builds check it
/// against this.
pub(super) fn weight<const L: usize>(
    ctx: &Context,
    layout: &Layout,
    (h, l): (usize, usize),
    (in_current, in_next): (bool, bool),
    bye: &ByeState,
) -> Wide<L> {
    if !ctx.compatible(h, l) {
        return Wide::ZERO;
    }
    let at = Layout::at::<L>;
    let (ph, pl) = (&ctx.players[h], &ctx.players[l]);
    let not_candidates = u64::from(!bye.candidate(ph)) + u64::from(!bye.candidate(pl));
    // C1-C4: a pair, and how many of its players may still take the bye.
    let mut r = at(1 + not_candidates, layout.top);
    // C5, C6: pairs and their scores in this bracket.
    if in_current {
        r = r + at(1, layout.c5) + layout.score_bit(layout.c6, ph.score);
    }
    // C7, C8: in the next bracket.
    if in_next {
        r = r + at(1, layout.c7) + layout.score_bit(layout.c8, ph.score);
    }
    // C9: the bye's player with the fewest unplayed games.
    r = r + at(bye.rank(ph) + bye.rank(pl), layout.c9);
    if !in_current {
        return r;
    }
    // C10-C13: colours.
    for (c, field) in colour_criteria(pl, ph).into_iter().zip(layout.colours) {
        if c {
            r = r + at(1, field);
        }
    }
    // C14-C21: floats repeated from one and two rounds before, then their scores.
    let higher = ph.score > pl.score;
    for back in 0..layout.backs {
        let h_down = ph.floats[back] == Float::Down;
        let l_down = pl.floats[back] == Float::Down;
        let not_up = !(higher && pl.floats[back] == Float::Up);
        let (counts, scores) = (layout.float_counts[back], layout.float_scores[back]);
        let downs = u64::from(l_down) + u64::from(ph.score <= pl.score && h_down);
        r = r + at(downs, counts.0) + at(u64::from(not_up), counts.1);
        if l_down {
            r = r + layout.score_bit(scores.0, pl.score);
        }
        if h_down {
            r = r + layout.score_bit(scores.0, ph.score);
        }
        if not_up {
            r = r + layout.score_bit(scores.1, ph.score);
        }
    }
    r
}

/// One bracket's share of each player in the fields of a pair's weight: as the higher player
/// and as the lower, with the lower in the bracket or in the next score group; the float
/// fields a pair sets when the lower player did not float up to the higher; and the colour and
/// float bits that depend on both, by mask.
pub(super) struct Weigher<const L: usize> {
    high_next: Vec<Wide<L>>,
    low_current: Vec<Wide<L>>,
    low_next: Vec<Wide<L>>,
    /// `high_current` with the float fields of the rounds (bits of the index) where the lower
    /// player did not float up to this one.
    high_floats: Vec<[Wide<L>; 4]>,
    /// Per mask: bits 0-3 the colour criteria C10-C13 met, bits 4-5 a higher player floating
    /// down again one or two rounds back.
    pair_bits: [Wide<L>; 64],
    backs: usize,
    /// What the weights were worked out for (checked against [`weight`] in debug builds).
    pub bye: ByeState,
}

impl<const L: usize> Weigher<L> {
    /// Each player's share of every field, for a bracket whose bye is as `bye` says.
    pub fn new(ctx: &Context, layout: &Layout, bye: ByeState) -> Weigher<L> {
        let n = ctx.players.len();
        let at = Layout::at::<L>;
        let backs = layout.backs;
        let mut w = Weigher {
            high_next: Vec::with_capacity(n),
            low_current: Vec::with_capacity(n),
            low_next: Vec::with_capacity(n),
            high_floats: Vec::with_capacity(n),
            pair_bits: [Wide::ZERO; 64],
            backs,
            bye,
        };
        for p in &ctx.players {
            let common =
                at(u64::from(!w.bye.candidate(p)), layout.top) + at(w.bye.rank(p), layout.c9);
            let mut high = common + layout.score_bit(layout.c6, p.score);
            let mut low = common + at(1, layout.top) + at(1, layout.c5);
            let mut back_part = [Wide::ZERO; 2];
            for (back, part) in back_part.iter_mut().enumerate().take(backs) {
                let (counts, scores) = (layout.float_counts[back], layout.float_scores[back]);
                if p.floats[back] == Float::Down {
                    high = high + layout.score_bit(scores.0, p.score);
                    low = low + at(1, counts.0) + layout.score_bit(scores.0, p.score);
                }
                *part = at(1, counts.1) + layout.score_bit(scores.1, p.score);
            }
            let mut floats = [high; 4];
            for (set, x) in floats.iter_mut().enumerate() {
                for (back, part) in back_part.iter().enumerate() {
                    if set & (1 << back) != 0 {
                        *x = *x + *part;
                    }
                }
            }
            w.high_floats.push(floats);
            w.high_next
                .push(common + layout.score_bit(layout.c8, p.score));
            w.low_current.push(low);
            w.low_next
                .push(common + at(1, layout.top) + at(1, layout.c7));
        }
        for (mask, x) in w.pair_bits.iter_mut().enumerate() {
            for (i, &c) in layout.colours.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    *x = *x + at(1, c);
                }
            }
            for back in 0..backs {
                if mask & (1 << (4 + back)) != 0 {
                    *x = *x + at(1, layout.float_counts[back].0);
                }
            }
        }
        w
    }

    /// [`weight`] of `h` with `l` (the lower in the bracket when `current`, else in the next
    /// score group).
    pub fn weigh(&self, ctx: &Context, h: usize, l: usize, current: bool) -> Wide<L> {
        if !ctx.compatible(h, l) {
            return Wide::ZERO;
        }
        if !current {
            return self.high_next[h] + self.low_next[l];
        }
        let (ph, pl) = (&ctx.players[h], &ctx.players[l]);
        let [c10, c11, c12, c13] = colour_criteria(pl, ph);
        let mut mask = usize::from(c10)
            | usize::from(c11) << 1
            | usize::from(c12) << 2
            | usize::from(c13) << 3;
        let higher = ph.score > pl.score;
        let mut floats = 0;
        for back in 0..self.backs {
            if ph.score <= pl.score && ph.floats[back] == Float::Down {
                mask |= 1 << (4 + back);
            }
            if !(higher && pl.floats[back] == Float::Up) {
                floats |= 1 << back;
            }
        }
        self.high_floats[h][floats] + self.low_current[l] + self.pair_bits[mask]
    }
}
