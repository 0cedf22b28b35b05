//! The construction of a table, layer by layer (boards of 0 seeds, then 1, ...).
//!
//! A move that captures leads to a smaller layer, already done; a quiet move (one that captures
//! nothing and does not end the game) stays in the layer. The quiet moves' graph is cut into its
//! strongly connected parts (Tarjan's algorithm), which come out in the order they can be
//! evaluated: every part a quiet move leads to is done before the part it leaves. A part of one
//! position takes its bounds from its moves at once. A larger part (a set of positions that can
//! follow one another forever) takes the least lower bounds and greatest upper bounds its moves'
//! equations allow from the layer's extremes (the lower bound at the worst the board allows, the
//! upper at the best), threshold by threshold ([`Part::solve`]), so a line that never ends counts
//! against the side to move in the lower bound and for it in the upper. Each bound is so what a
//! side makes sure of from the position with no history (the game starting there, or a capture
//! just made), by moves along which no position comes twice: a repetition, whatever its score,
//! never happens on such a line, and the bound holds whatever the rules give a repetition. With
//! a history, a line may come back to a position of it: [`super::history`] takes that into
//! account.

use super::index::{boards, unrank};
use super::{Bounds, Layers, Score, Table, extremes, from_moves, position, step, stored_rank};
use crate::engine::board::Side;
use crate::engine::endgame::Step;
use crate::engine::rules::Preset;

/// What a build reports as it goes.
pub trait Progress {
    /// A layer of `positions` positions (boards with South to move) is started.
    fn layer(&mut self, seeds: u8, positions: u64);
    /// `done` more positions of the layer have their bounds.
    fn advance(&mut self, done: u64);
}

/// No report.
impl Progress for () {
    fn layer(&mut self, _: u8, _: u64) {}
    fn advance(&mut self, _: u64) {}
}

const UNSEEN: u32 = 0;
const IN_PART: u32 = u32::MAX - 1;
const DONE: u32 = u32::MAX;

/// Builds the table of `preset` for every board of at most `seeds` seeds.
pub fn build(preset: Preset, seeds: u8, progress: &mut dyn Progress) -> Table {
    let mut layers: Vec<Vec<u16>> = Vec::with_capacity(usize::from(seeds) + 1);
    for n in 0..=seeds {
        let layer = build_layer(preset, &layers, n, progress);
        layers.push(layer);
    }
    Table {
        preset,
        seeds,
        layers: Layers::Built(layers),
    }
}

/// One node of the depth-first walk: a position and where its quiet successors lie in the
/// walk's list of successors (those from `next` to `end` are still to visit).
struct Frame {
    node: u32,
    start: u32,
    next: u32,
    end: u32,
}

/// One layer under construction. Its nodes are the boards of `n` seeds with South to move, by
/// rank: a quiet move's position, North to move, is its board turned round with South to move.
/// The quiet moves' graph on those nodes has for its strongly connected parts the parts of both
/// sides' graph taken with their turned copies, and a move's position is in its mover's part
/// there exactly when it is in both sides' graph (should `q` reach only the turned `p`, then
/// `p`'s move to `q` turned gives the path back from the turned `p` to `p`), so the bounds are
/// those of both sides' construction.
struct Layer<'t> {
    smaller: &'t [Vec<u16>],
    n: u8,
    rules: crate::engine::Rules,
    values: Vec<u16>,
    index: Vec<u32>,
    low: Vec<u32>,
    /// The nodes with a quiet move to themselves (to the board turned round): a part of one
    /// position that is solved as a larger one.
    loops: std::collections::HashSet<u32>,
}

impl Layer<'_> {
    fn position_of(&self, node: u32) -> crate::engine::Position {
        position(unrank(u64::from(node), self.n), Side::South)
    }

    /// The quiet moves' positions from `node`, put at the end of `successors`.
    fn frame(&self, node: u32, successors: &mut Vec<u32>) -> Frame {
        let start = successors.len() as u32;
        let pos = self.position_of(node);
        if super::terminal(&self.rules, &pos).is_none() {
            for &mv in self.rules.legal_moves(&pos).iter() {
                if let Some((played, Step::GoesOn { position, .. })) = step(&self.rules, &pos, mv)
                    && played.captured == [0, 0]
                {
                    successors.push(stored_rank(&position.pits(), position.to_move()) as u32);
                }
            }
        }
        Frame {
            node,
            start,
            next: start,
            end: successors.len() as u32,
        }
    }

    fn bounds_of(&self, node: u32) -> Bounds {
        from_moves(&self.rules, &self.position_of(node), |q| self.lookup(q))
    }

    /// The bounds of a position already settled (this layer's or a smaller one's).
    fn lookup(&self, q: &crate::engine::Position) -> Bounds {
        let at = stored_rank(&q.pits(), q.to_move()) as usize;
        let k = q.board_total();
        let v = if k == self.n {
            self.values[at]
        } else {
            self.smaller[usize::from(k)][at]
        };
        Bounds::unpack(v)
    }

    /// Gives a strongly connected part its bounds.
    fn settle(&mut self, part: &[u32]) {
        if let [v] = *part
            && !self.loops.contains(&v)
        {
            self.values[v as usize] = self.bounds_of(v).pack();
        } else {
            let start = extremes(&self.rules, self.n);
            let solved = Part::new(self, part);
            solved.solve(start, |i, b| self.values[part[i] as usize] = b.pack());
        }
        for &v in part {
            self.index[v as usize] = DONE;
        }
    }
}

/// A set of positions solved together, its moves read once: per position, the best bounds of
/// the moves that leave the set (already known), and how many of its moves stay within it; and
/// per position, the moves within the set that lead to it (by the place of the position each
/// comes from), so that a change is passed on to the positions it concerns. The build solves its
/// strongly connected parts so; the value of a game with a history ([`super::history`]) the
/// positions a line can reach.
pub(super) struct Part {
    fixed: Vec<Option<Bounds>>,
    inner: Vec<u8>,
    /// Per position, where the moves to it start in `before` (one more at the end).
    before_starts: Vec<u32>,
    before: Vec<u32>,
}

/// What a threshold makes true of itself in [`Part::solve`], in the high bit of a position's
/// place: its lower bound from its moves leaving the part, its other view as far as its own
/// terms go.
const LOW: u32 = 0;
const OTHER: u32 = 1 << 31;
const PLACE: u32 = (1 << 31) - 1;

impl Part {
    fn new(layer: &mut Layer<'_>, part: &[u32]) -> Part {
        // While the part is settled, `low` holds each position's place in it.
        for (i, &v) in part.iter().enumerate() {
            layer.index[v as usize] = IN_PART;
            layer.low[v as usize] = i as u32;
        }
        let mut fixed = Vec::with_capacity(part.len());
        // The moves within the part, forwards: where each position's start, and where they lead.
        let mut starts = Vec::with_capacity(part.len() + 1);
        let mut to = Vec::new();
        for &v in part {
            starts.push(to.len() as u32);
            let pos = layer.position_of(v);
            let mut best: Option<Bounds> = None;
            let mut keep = |b: Bounds| best = Some(best.map_or(b, |o| o.or(b)));
            if let Some(score) = super::terminal(&layer.rules, &pos) {
                keep(Bounds::exact(score));
            } else {
                for &mv in layer.rules.legal_moves(&pos).iter() {
                    let Some((played, s)) = step(&layer.rules, &pos, mv) else {
                        continue;
                    };
                    if let Step::GoesOn { position, .. } = s
                        && played.captured == [0, 0]
                    {
                        let at = stored_rank(&position.pits(), position.to_move()) as usize;
                        if layer.index[at] == IN_PART {
                            to.push(layer.low[at]);
                            continue;
                        }
                    }
                    let b = s.bounds(|q| Some(layer.lookup(q)));
                    keep(b.expect("a position looked up always has bounds"));
                }
            }
            fixed.push(best);
        }
        starts.push(to.len() as u32);
        Part::from_moves(fixed, &starts, &to)
    }

    /// The set of `fixed.len()` positions whose moves within it, from position `i`, lead to the
    /// places `to[starts[i]..starts[i + 1]]`; `fixed` the best bounds of each one's other moves.
    pub(super) fn from_moves(fixed: Vec<Option<Bounds>>, starts: &[u32], to: &[u32]) -> Part {
        let len = fixed.len();
        let inner = (0..len)
            .map(|i| u8::try_from(starts[i + 1] - starts[i]).expect("at most 12 moves"))
            .collect();
        // The same moves backwards.
        let mut before_starts = vec![0u32; len + 1];
        for &t in to {
            before_starts[t as usize + 1] += 1;
        }
        for i in 0..len {
            before_starts[i + 1] += before_starts[i];
        }
        let mut before = vec![0u32; to.len()];
        // Each position's start serves as where its next move goes, and ends at the next's
        // start: shifted back by one, they are the starts again.
        for from in 0..len {
            for &t in &to[starts[from] as usize..starts[from + 1] as usize] {
                let at = &mut before_starts[t as usize];
                before[*at as usize] = from as u32;
                *at += 1;
            }
        }
        before_starts.rotate_right(1);
        before_starts[0] = 0;
        Part {
            fixed,
            inner,
            before_starts,
            before,
        }
    }

    /// The least lower bounds and greatest upper bounds that hold, the extremes of the boards
    /// being `start`: the least fixed point of the lower bounds (and of the other player's view
    /// of the upper, `128 - high`), found threshold by threshold from the highest. At threshold
    /// `t` a position's lower bound reaches `t` when a move leaving the part does, or a move
    /// within it leads to a position whose other view has reached `t`; its other view reaches
    /// `t` when every move leaving the part leaves the other player `t` or more, and every move
    /// within it leads to a position whose lower bound has reached `t`. A line that never
    /// leaves the part so counts against the side to move in its lower bound and for it in its
    /// upper: each is a game of reaching, which a side makes sure of by moves along which no
    /// position comes twice. Each threshold only adds to the last one's, so one pass counts
    /// each move once. Each position's bounds are given to `out`, by place.
    pub(super) fn solve(self, start: Bounds, mut out: impl FnMut(usize, Bounds)) {
        let len = self.fixed.len();
        let (bottom, top) = (start.low.byte(), start.high.byte());
        // The highest threshold each position's other view can reach as far as its moves
        // leaving the part go.
        let other_level: Vec<u8> = self
            .fixed
            .iter()
            .map(|f| f.map_or(128, |f| f.high.other().byte()))
            .collect();
        // What becomes true at a threshold of itself, grouped by threshold (a threshold above
        // the highest counts as the highest).
        let mut events = ByLevel::new(top);
        for pass in 0..2 {
            for (i, &level) in other_level.iter().enumerate() {
                let place = i as u32;
                if let Some(f) = self.fixed[i] {
                    events.add(pass, f.low.byte(), LOW | place);
                }
                events.add(pass, level, OTHER | place);
            }
            events.place(pass);
        }
        let mut low = vec![bottom; len];
        let mut other = vec![128 - top; len];
        let mut reached = vec![false; len];
        let mut other_reached = vec![false; len];
        let mut lows_below = vec![0u8; len];
        let mut queue: Vec<u32> = Vec::new();
        for t in (bottom + 1..=top).rev() {
            for &event in events.at(t) {
                let i = (event & PLACE) as usize;
                if event & !PLACE == LOW || lows_below[i] == self.inner[i] {
                    queue.push(event);
                }
            }
            while let Some(job) = queue.pop() {
                let i = (job & PLACE) as usize;
                let before = &self.before
                    [self.before_starts[i] as usize..self.before_starts[i + 1] as usize];
                if job & !PLACE == LOW {
                    if reached[i] {
                        continue;
                    }
                    reached[i] = true;
                    low[i] = t;
                    for &p in before {
                        let p = p as usize;
                        lows_below[p] += 1;
                        if lows_below[p] == self.inner[p]
                            && other_level[p] >= t
                            && !other_reached[p]
                        {
                            queue.push(OTHER | p as u32);
                        }
                    }
                } else {
                    if other_reached[i] {
                        continue;
                    }
                    other_reached[i] = true;
                    other[i] = t;
                    for &p in before {
                        if !reached[p as usize] {
                            queue.push(LOW | p);
                        }
                    }
                }
            }
        }
        for (i, (l, o)) in low.into_iter().zip(other).enumerate() {
            out(
                i,
                Bounds {
                    low: Score::from_byte(l),
                    high: Score::from_byte(128 - o),
                },
            );
        }
    }
}

/// Entries grouped by threshold, counted in a first pass and placed in a second.
struct ByLevel {
    top: u8,
    starts: Vec<u32>,
    entries: Vec<u32>,
}

impl ByLevel {
    fn new(top: u8) -> ByLevel {
        ByLevel {
            top,
            starts: vec![0; usize::from(top) + 2],
            entries: Vec::new(),
        }
    }

    fn add(&mut self, pass: usize, level: u8, entry: u32) {
        let level = usize::from(level.min(self.top));
        if pass == 0 {
            self.starts[level + 1] += 1;
        } else {
            self.entries[self.starts[level] as usize] = entry;
            self.starts[level] += 1;
        }
    }

    /// After the first pass, makes room; after the second, puts each level's start back.
    fn place(&mut self, pass: usize) {
        if pass == 0 {
            for l in 1..self.starts.len() {
                self.starts[l] += self.starts[l - 1];
            }
            self.entries = vec![0; *self.starts.last().expect("levels") as usize];
        } else {
            self.starts.rotate_right(1);
            self.starts[0] = 0;
        }
    }

    fn at(&self, level: u8) -> &[u32] {
        let l = usize::from(level);
        &self.entries[self.starts[l] as usize..self.starts[l + 1] as usize]
    }
}

fn build_layer(
    preset: Preset,
    smaller: &[Vec<u16>],
    n: u8,
    progress: &mut dyn Progress,
) -> Vec<u16> {
    let count = boards(n);
    progress.layer(n, count);
    let count = usize::try_from(count).expect("a layer that fits in memory");
    let mut layer = Layer {
        smaller,
        n,
        rules: super::table_rules(preset),
        values: vec![0; count],
        index: vec![UNSEEN; count],
        low: vec![0; count],
        loops: std::collections::HashSet::new(),
    };
    let mut counter: u32 = 0;
    let mut stack: Vec<u32> = Vec::new();
    let mut calls: Vec<Frame> = Vec::new();
    let mut successors: Vec<u32> = Vec::new();
    let mut reported = 0u64;
    let mut settled = 0u64;
    for root in 0..count as u32 {
        if layer.index[root as usize] != UNSEEN {
            continue;
        }
        counter += 1;
        layer.index[root as usize] = counter;
        layer.low[root as usize] = counter;
        stack.push(root);
        calls.push(layer.frame(root, &mut successors));
        while let Some(frame) = calls.last_mut() {
            let v = frame.node as usize;
            if frame.next < frame.end {
                let w = successors[frame.next as usize];
                frame.next += 1;
                if w == frame.node {
                    layer.loops.insert(w);
                }
                let iw = layer.index[w as usize];
                if iw == UNSEEN {
                    counter += 1;
                    layer.index[w as usize] = counter;
                    layer.low[w as usize] = counter;
                    stack.push(w);
                    let f = layer.frame(w, &mut successors);
                    calls.push(f);
                } else if iw != DONE {
                    layer.low[v] = layer.low[v].min(iw);
                }
                continue;
            }
            successors.truncate(frame.start as usize);
            calls.pop();
            if layer.low[v] != layer.index[v] {
                let parent = calls
                    .last()
                    .expect("a position not a part's root has a parent");
                let p = parent.node as usize;
                layer.low[p] = layer.low[p].min(layer.low[v]);
            } else {
                let from = stack
                    .iter()
                    .rposition(|&x| x as usize == v)
                    .expect("the part's root is on the stack");
                // A large part is solved with what the walk no longer needs given back.
                if stack.len() - from > 1 << 16 {
                    calls.shrink_to_fit();
                    successors.shrink_to_fit();
                }
                layer.settle(&stack[from..]);
                settled += (stack.len() - from) as u64;
                stack.truncate(from);
            }
            if settled - reported >= 1 << 16 {
                progress.advance(settled - reported);
                reported = settled;
            }
        }
    }
    progress.advance(settled - reported);
    layer.values
}
