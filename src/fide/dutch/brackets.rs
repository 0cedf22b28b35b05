//! Article 3: the brackets, paired from the top score down. Each bracket holds the players
//! moved down from the one above and the residents of its score group, and is paired together
//! with the next score group (whose criteria C7-C8 it must leave pairable); what it leaves
//! unpaired moves down. Within a bracket the steps follow the article: the moved-down players
//! (`moved_down.rs`), then the remainder, its exchanges and its S1 players (`exchanges.rs`).

use super::context::Context;
use super::matcher::Matcher;
use super::weights::{ByeState, Layout, Weigher};
use super::{NoPairing, bye};

/// One bracket being paired.
pub(super) struct Span {
    /// Its players: moved-down players, residents up to `size`, then the next score group.
    pub players: Vec<usize>,
    pub movers: usize,
    pub size: usize,
    /// The vertices of its residents: `first_resident..next_vertex`.
    pub first_resident: usize,
    pub next_vertex: usize,
    /// The first vertex of the next score group.
    pub group_start: usize,
}

impl Span {
    /// Whether `u` is a resident of the bracket.
    pub fn resident(&self, u: usize) -> bool {
        u >= self.first_resident && u < self.next_vertex
    }
}

/// What a bracket leaves to the next: its unpaired players (moved down) and the next score
/// group.
struct Carried {
    players: Vec<usize>,
    movers: usize,
    first_resident: usize,
}

/// The pairing of a round in progress.
pub(super) struct Pairer<'c, const L: usize> {
    pub ctx: &'c Context,
    pub layout: &'c Layout,
    pub m: Matcher<'c, L>,
    /// The heaviest matching as last computed.
    pub stable: Vec<usize>,
    /// Whether weights changed since the last computation (see [`Pairer::change`]).
    stale: bool,
    /// Where the bye goes, as far as the bracket being paired is concerned (C9 applies to it
    /// or not).
    bye: ByeState,
    /// The first vertex of the score groups not yet in a bracket.
    next: usize,
}

/// Pairs the round: each player's partner (`usize::MAX` for the one left for the bye).
pub(super) fn run<const L: usize>(ctx: &Context, layout: &Layout) -> Result<Vec<usize>, NoPairing> {
    let first = bye::find::<L>(ctx, layout)?;
    let mut pairer = Pairer::<L> {
        ctx,
        layout,
        m: Matcher::new(ctx, layout, bye::outside(ctx, layout, &first)),
        stable: Vec::new(),
        stale: false,
        bye: first.clone(),
        next: 0,
    };
    let n = ctx.players.len();
    if n.is_multiple_of(2) {
        let first = pairer.m.compute();
        if (0..n).any(|v| first[v] == v) {
            return Err(NoPairing::Impossible);
        }
    }
    let top_score = ctx.players[0].score;
    let top: Vec<usize> = (0..n)
        .take_while(|&v| ctx.players[v].score >= top_score)
        .collect();
    pairer.next = top.len();
    let mut carried = Carried {
        players: top,
        movers: 0,
        first_resident: 0,
    };
    while carried.players.len() > 1 || pairer.next < n {
        let span = pairer.open(carried);
        let paired = pairer.moved_down(&span);
        pairer.moved_down_opponents(&span, &paired);
        let remainder = pairer.remainder(&span);
        pairer.exchanges(&span, &remainder);
        pairer.s1_opponents(&span, &remainder);
        carried = pairer.close(&span);
    }
    #[cfg(test)]
    super::tests::STORED.with(|s| s.set(pairer.m.m.stored_edges()));
    Ok(pairer.m.partners())
}

impl<const L: usize> Pairer<'_, L> {
    fn score(&self, v: usize) -> u32 {
        self.ctx.players[v].score
    }

    /// The next bracket: what the one above left, with the next score group below it; its
    /// first weights given to the matching, which is computed.
    fn open(&mut self, carried: Carried) -> Span {
        let n = self.ctx.players.len();
        let mut players = carried.players;
        let size = players.len();
        let next_vertex = carried.first_resident + (size - carried.movers);
        let group_start = self.next;
        while self.next < n && self.score(self.next) >= self.score(group_start) {
            players.push(self.next);
            self.next += 1;
        }
        let weigher = Weigher::new(self.ctx, self.layout, self.bye.clone());
        let ctx = self.ctx;
        self.m
            .begin(&players, (carried.movers, size), weigher, |v| {
                ctx.players[v].score
            });
        self.stable = self.compute();
        Span {
            players,
            movers: carried.movers,
            size,
            first_resident: carried.first_resident,
            next_vertex,
            group_start,
        }
    }

    /// The heaviest matching as the weights now are.
    pub fn compute(&mut self) -> Vec<usize> {
        self.stale = false;
        self.m.compute()
    }

    /// Whether the weights changed since the last computation.
    pub fn stale(&self) -> bool {
        self.stale
    }

    /// Changes the bracket's choices and the weights of `pairs` (see [`Matcher::change`]).
    pub fn change(
        &mut self,
        pairs: impl IntoIterator<Item = (usize, usize)>,
        update: impl FnOnce(&mut super::bracket::Modes),
    ) {
        self.stale = true;
        self.m.change(pairs, update);
    }

    /// What the bracket leaves to the next: its players not paired for good, and the next
    /// score group; and whether C9 applies to the next bracket (the bye's score group is the
    /// next one, and none of its players is needed here).
    fn close(&mut self, span: &Span) -> Carried {
        let n = self.ctx.players.len();
        let mut following = Vec::new();
        let mut left_over = 0;
        let group_start = span.group_start;
        let mut rule = n % 2 == 1 && group_start < n && self.bye.score >= self.score(group_start);
        for (i, &v) in span.players.iter().enumerate() {
            if i < span.size && self.m.is_fixed(v) {
                continue;
            }
            following.push(v);
            if i < span.size {
                left_over += 1;
            }
            if group_start < n && self.score(self.stable[v]) < self.score(group_start) {
                rule = false;
            }
        }
        self.bye.rule = rule;
        Carried {
            players: following,
            movers: left_over,
            first_resident: span.next_vertex,
        }
    }
}
