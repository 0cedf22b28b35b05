//! The pairing-allocated bye (1.5, C2-C4, C9): in an odd field, which score the bye falls to,
//! found by a first matching; and the weights of the pairs outside the brackets being paired,
//! which keep the players who may still take it apart.

use std::collections::HashMap;

use super::NoPairing;
use super::context::Context;
use super::matcher::Matcher;
use super::weights::{ByeState, Layout, weight};
use crate::fide::matching::Unset;
use crate::fide::wide::Wide;

/// Where the bye goes before any bracket is paired: in an even field nowhere; in an odd one the
/// lowest score a player allowed the bye can have when every other player is paired, and the
/// C9 ranks (most games played first) of that score group.
pub(super) fn find<const L: usize>(ctx: &Context, layout: &Layout) -> Result<ByeState, NoPairing> {
    let n = ctx.players.len();
    let mut bye = ByeState {
        score: 0,
        rule: false,
        played_ranks: HashMap::new(),
    };
    if n.is_multiple_of(2) {
        return Ok(bye);
    }
    let score = |v: usize| ctx.players[v].score;
    let top_score = score(0);
    let mut m = Matcher::<L>::new(ctx, layout, first_weights(ctx, layout));
    let first = m.compute();
    let left_over: Vec<usize> = (0..n).filter(|&v| first[v] == v).collect();
    if left_over.len() > 1 || left_over.iter().any(|&v| !ctx.players[v].eligible) {
        return Err(NoPairing::Impossible);
    }
    bye.score = score(left_over[0]);
    if bye.score >= top_score {
        bye.rule = (0..n)
            .take_while(|&v| score(v) >= top_score)
            .all(|v| score(first[v]) >= top_score);
    }
    // C9 ranks: the most games played first.
    let mut counts: Vec<u32> = (0..n)
        .filter(|&v| score(v) == bye.score)
        .map(|v| ctx.players[v].played_games)
        .collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    for (rank, c) in counts.into_iter().enumerate() {
        bye.played_ranks.insert(c, rank);
    }
    Ok(bye)
}

/// The first matching's weights: every player paired but one allowed the bye, the highest
/// scores paired (the sum of a pair's places in the score-indexed fields), the top score
/// group paired inside itself where it can.
fn first_weights<'c, const L: usize>(ctx: &'c Context, layout: &'c Layout) -> Unset<'c, L> {
    let n = ctx.players.len();
    let score = |v: usize| ctx.players[v].score;
    let top_score = score(0);
    let elig = |v: usize| u64::from(!ctx.players[v].eligible);
    let place = move |v: usize| u64::from(layout.shifts[&ctx.players[v].score]);
    Unset {
        weight: Box::new(move |o: usize, p: usize| {
            if ctx.compatible(o, p) {
                Layout::at::<L>(1 + elig(p) + elig(o), layout.bye_top)
                    + Layout::at(place(p) + place(o), layout.bye_scores)
                    + Layout::at(u64::from(score(p) >= top_score), layout.bye_top_group)
            } else {
                Wide::ZERO
            }
        }),
        base: Layout::at(1, layout.bye_top) + Layout::at(1, layout.bye_top_group),
        own: (0..n)
            .map(|v| Layout::at(elig(v), layout.bye_top) + Layout::at(place(v), layout.bye_scores))
            .collect(),
    }
}

/// Outside the brackets being paired, a pair weighs its top field (a pair, and which players
/// may still take the bye) and its C9 field (games played by the bye's player): one part per
/// player above a base, which bounds it.
pub(super) fn outside<'c, const L: usize>(
    ctx: &'c Context,
    layout: &'c Layout,
    bye: &'c ByeState,
) -> Unset<'c, L> {
    let own: Vec<Wide<L>> = ctx
        .players
        .iter()
        .map(|p| {
            let candidate = p.eligible && p.score <= bye.score;
            let c9 = if bye.rule && p.score == bye.score {
                bye.played_ranks[&p.played_games] as u64
            } else {
                0
            };
            Layout::at(u64::from(!candidate), layout.top) + Layout::at(c9, layout.c9)
        })
        .collect();
    let base = Layout::at(1, layout.top);
    Unset {
        weight: Box::new({
            let own = own.clone();
            move |o: usize, p: usize| {
                let w = if ctx.compatible(o, p) {
                    base + own[o] + own[p]
                } else {
                    Wide::ZERO
                };
                debug_assert_eq!(w, weight(ctx, layout, (o, p), (false, false), bye));
                w
            }
        }),
        base,
        own,
    }
}
