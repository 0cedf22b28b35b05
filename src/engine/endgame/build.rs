//! The construction of a table, layer by layer (boards of 0 seeds, then 1, ...).
//!
//! A move that captures leads to a smaller layer, already done; a quiet move (one that captures
//! nothing and does not end the game) stays in the layer. The quiet moves' graph is cut into its
//! strongly connected parts (Tarjan's algorithm), which come out in the order they can be
//! evaluated: every part a quiet move leads to is done before the part it leaves. A part of one
//! position takes its bounds from its moves at once. A larger part (a set of positions that can
//! follow one another forever) starts from the layer's extremes (the lower bound at the worst the
//! board allows, the upper at the best) and is swept until nothing changes: the lower bound rises
//! and the upper falls to the least and greatest fixed points, so a line that never ends counts
//! against the side to move in the lower bound and for it in the upper. Where the rules end a
//! game on a repeated position, a quiet move within the part may be that repetition (whatever
//! the history: a position seen since the last capture leads back to this one, so it is in the
//! same part), and its score (each player takes their own row) widens that move's bounds.

use super::index::{boards, unrank};
use super::{Bounds, Table, extremes, from_moves, position, slot, step};
use crate::engine::board::Side;
use crate::engine::endgame::Step;
use crate::engine::rules::Preset;

/// What a build reports as it goes.
pub trait Progress {
    /// A layer of `positions` positions (both sides to move) is started.
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
    let mut table = Table {
        preset,
        seeds,
        layers: Vec::with_capacity(usize::from(seeds) + 1),
    };
    for n in 0..=seeds {
        let layer = build_layer(&table, n, progress);
        table.layers.push(layer);
    }
    table
}

/// One node of the depth-first walk: a position and its quiet successors.
struct Frame {
    node: u32,
    next: u8,
    len: u8,
    successors: [u32; 12],
}

struct Layer<'t> {
    table: &'t Table,
    n: u8,
    rules: crate::engine::Rules,
    values: Vec<u16>,
    index: Vec<u32>,
    low: Vec<u32>,
}

impl Layer<'_> {
    fn position_of(&self, node: u32) -> crate::engine::Position {
        let side = if node.is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        };
        position(unrank(u64::from(node / 2), self.n), side)
    }

    /// The quiet moves' positions from `node`.
    fn frame(&self, node: u32) -> Frame {
        let mut frame = Frame {
            node,
            next: 0,
            len: 0,
            successors: [0; 12],
        };
        let pos = self.position_of(node);
        if super::terminal(&self.rules, &pos).is_some() {
            return frame;
        }
        for &mv in self.rules.legal_moves(&pos).iter() {
            if let Some((played, Step::GoesOn { position, .. })) = step(&self.rules, &pos, mv)
                && played.captured == [0, 0]
            {
                frame.successors[usize::from(frame.len)] =
                    slot(&position.pits(), position.to_move()) as u32;
                frame.len += 1;
            }
        }
        frame
    }

    fn bounds_of(&self, node: u32) -> Bounds {
        let pos = self.position_of(node);
        let n = self.n;
        from_moves(
            &self.rules,
            &pos,
            |q| {
                let at = slot(&q.pits(), q.to_move());
                let k = q.board_total();
                let v = if k == n {
                    self.values[at]
                } else {
                    self.table.layers[usize::from(k)][at]
                };
                Bounds::unpack(v)
            },
            |q| q.board_total() == n && self.index[slot(&q.pits(), q.to_move())] == IN_PART,
        )
    }

    /// Gives a strongly connected part its bounds.
    fn settle(&mut self, part: &[u32]) {
        for &v in part {
            self.index[v as usize] = IN_PART;
        }
        if part.len() == 1 {
            let v = part[0];
            self.values[v as usize] = self.bounds_of(v).pack();
        } else {
            let start = extremes(&self.rules, self.n).pack();
            for &v in part {
                self.values[v as usize] = start;
            }
            loop {
                let mut changed = false;
                for &v in part {
                    let b = self.bounds_of(v).pack();
                    if b != self.values[v as usize] {
                        self.values[v as usize] = b;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        for &v in part {
            self.index[v as usize] = DONE;
        }
    }
}

fn build_layer(table: &Table, n: u8, progress: &mut dyn Progress) -> Vec<u16> {
    let count = boards(n) * 2;
    progress.layer(n, count);
    let count = usize::try_from(count).expect("a layer that fits in memory");
    let mut layer = Layer {
        table,
        n,
        rules: super::table_rules(table.preset),
        values: vec![0; count],
        index: vec![UNSEEN; count],
        low: vec![0; count],
    };
    let mut counter: u32 = 0;
    let mut stack: Vec<u32> = Vec::new();
    let mut calls: Vec<Frame> = Vec::new();
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
        calls.push(layer.frame(root));
        while let Some(frame) = calls.last_mut() {
            let v = frame.node as usize;
            if frame.next < frame.len {
                let w = frame.successors[usize::from(frame.next)];
                frame.next += 1;
                let iw = layer.index[w as usize];
                if iw == UNSEEN {
                    counter += 1;
                    layer.index[w as usize] = counter;
                    layer.low[w as usize] = counter;
                    stack.push(w);
                    let f = layer.frame(w);
                    calls.push(f);
                } else if iw != DONE {
                    layer.low[v] = layer.low[v].min(iw);
                }
                continue;
            }
            calls.pop();
            if layer.low[v] == layer.index[v] {
                let from = stack
                    .iter()
                    .rposition(|&x| x as usize == v)
                    .expect("the part's root is on the stack");
                let part: Vec<u32> = stack.drain(from..).collect();
                settled += part.len() as u64;
                layer.settle(&part);
            }
            if let Some(parent) = calls.last() {
                let p = parent.node as usize;
                layer.low[p] = layer.low[p].min(layer.low[v]);
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
