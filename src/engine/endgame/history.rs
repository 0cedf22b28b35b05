//! The value of a position in a game, given its line since the last capture.
//!
//! A table's bounds are those of a position with no history: the game starting there, or a
//! capture just made. Within a game, a line that comes back to a position seen since the last
//! capture ends the game under rules with a repetition end, each player taking their own row, so
//! the value may differ. The positions a line from `pos` can reach by quiet moves (those that
//! capture nothing) are followed here, each earlier position of the game (and `pos` itself)
//! ending a line with the repetition's score, every capture or end taking the table's value (the
//! history starts afresh after a capture): the least lower bounds and greatest upper bounds of
//! that game of reaching, solved as the build solves a part, are what each side makes sure of
//! with this history, by moves along which no position comes twice.

use rustc_hash::{FxHashMap, FxHashSet};

use super::build::Part;
use super::{Bounds, Step, Table, extremes, slot, step};
use crate::engine::board::Position;

/// Why a value with a history is not given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// The board is beyond the table, or a layer it needs is damaged.
    NotInTable,
    /// The positions a line can reach are more than the search follows.
    TooMany,
    /// The history is not known, and a line can come back to the position: what came before
    /// may change its value.
    NeedsHistory,
}

/// The most positions a search with a history follows (a search of that size takes about a
/// quarter of a second: README).
pub const MOST: usize = 200_000;

impl Table {
    /// The bounds of `pos` for its side to move given `history` (as for
    /// [`Table::bounds_with_history`]) from the table's bounds alone: the side to move makes
    /// sure of its lower bound with no history by moves along which no position comes twice,
    /// so with a history only a return to one of the history's positions can end such a line
    /// otherwise, with that repetition's score (each player's own row); likewise the upper. So
    /// the table's bounds widened to the history's repetition scores hold.
    pub fn bounds_given(&self, pos: &Position, history: &[Position]) -> Option<Bounds> {
        let stored = self.bounds(pos)?;
        let rules = self.rules();
        if !rules.repetition_ends || super::terminal(&rules, pos).is_some() {
            return Some(stored);
        }
        let (n, mover) = (pos.board_total(), pos.to_move());
        let same = |p: &Position| p.pits() == pos.pits() && p.to_move() == mover;
        Some(
            history
                .iter()
                .filter(|p| p.board_total() == n && !same(p))
                .fold(stored, |b, p| {
                    let own = i32::from(p.row_total(mover)) - i32::from(p.row_total(mover.other()));
                    let r = super::Score::margin(own);
                    Bounds {
                        low: b.low.min(r),
                        high: b.high.max(r),
                    }
                }),
        )
    }

    /// The bounds of `pos` for its side to move given `history`, the positions of the game since
    /// its last capture before `pos` (any order; positions of another seed count are ignored,
    /// a capture having come between). With no history known (`None`), the bounds are given
    /// only where no line can come back to `pos`, so that nothing before it could matter.
    /// `most` is the most positions followed: beyond it, with a history, the bounds are
    /// [`Table::bounds_given`]'s.
    pub fn bounds_with_history(
        &self,
        pos: &Position,
        history: Option<&[Position]>,
        most: usize,
    ) -> Result<Bounds, Unknown> {
        let stored = self.bounds(pos).ok_or(Unknown::NotInTable)?;
        let rules = self.rules();
        let n = pos.board_total();
        if stored.is_exact() && history.is_some_and(|h| h.is_empty()) {
            return Ok(stored);
        }
        if super::terminal(&rules, pos).is_some() || !rules.repetition_ends {
            // Without a repetition end, a line that comes back changes nothing.
            return Ok(stored);
        }
        let seen: FxHashSet<u64> = history
            .unwrap_or_default()
            .iter()
            .filter(|p| p.board_total() == n)
            .map(key)
            .chain([key(pos)])
            .collect();
        // The positions followed, by place (`pos` first), and their moves.
        let mut places: FxHashMap<u64, u32> = FxHashMap::default();
        places.insert(key(pos), 0);
        let mut positions = vec![*pos];
        let mut fixed: Vec<Option<Bounds>> = Vec::new();
        let mut starts: Vec<u32> = Vec::new();
        let mut to: Vec<u32> = Vec::new();
        let mut comes_back = false;
        let mut at = 0;
        while let Some(&p) = positions.get(at) {
            at += 1;
            starts.push(to.len() as u32);
            let mut best: Option<Bounds> = None;
            let mut keep = |b: Bounds| best = Some(best.map_or(b, |o| o.or(b)));
            if let Some(score) = super::terminal(&rules, &p) {
                keep(Bounds::exact(score));
                fixed.push(best);
                continue;
            }
            for &mv in rules.legal_moves(&p).iter() {
                let Some((played, s)) = step(&rules, &p, mv) else {
                    continue;
                };
                match s {
                    Step::GoesOn {
                        position, repeat, ..
                    } if played.captured == [0, 0] => {
                        let k = key(&position);
                        if seen.contains(&k) {
                            comes_back |= k == key(pos);
                            keep(Bounds::exact(repeat.expect("rules with a repetition end")));
                            continue;
                        }
                        let next = positions.len() as u32;
                        let place = *places.entry(k).or_insert(next);
                        if place == next {
                            if positions.len() >= most {
                                return match history {
                                    Some(h) => self.bounds_given(pos, h).ok_or(Unknown::NotInTable),
                                    None => Err(Unknown::TooMany),
                                };
                            }
                            positions.push(position);
                        }
                        to.push(place);
                    }
                    _ => keep(s.bounds(|q| self.bounds(q)).ok_or(Unknown::NotInTable)?),
                }
            }
            fixed.push(best);
        }
        starts.push(to.len() as u32);
        if history.is_none() {
            return if comes_back {
                Err(Unknown::NeedsHistory)
            } else {
                Ok(stored)
            };
        }
        let mut first = stored;
        Part::from_moves(fixed, &starts, &to).solve(extremes(&rules, n), |i, b| {
            if i == 0 {
                first = b;
            }
        });
        // Both hold: keep the tighter of each.
        let given = self.bounds_given(pos, history.unwrap_or_default());
        Ok(given.map_or(first, |g| Bounds {
            low: first.low.max(g.low),
            high: first.high.min(g.high),
        }))
    }
}

/// What a repetition compares of a position (its board and side to move), as a number.
fn key(p: &Position) -> u64 {
    slot(&p.pits(), p.to_move()) as u64
}

/// The positions of a game before its `k`-th (its position after `k` moves, `positions[k]`)
/// since the last capture: those just before it with as many seeds on the board.
pub fn since_capture(positions: &[Position], k: usize) -> &[Position] {
    let n = positions[k].board_total();
    let from = positions[..k]
        .iter()
        .rposition(|p| p.board_total() != n)
        .map_or(0, |j| j + 1);
    &positions[from..k]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::endgame::build;
    use crate::engine::rules::Preset;

    /// The most positions one exhaustive search visits.
    const BUDGET: u32 = 2_000;

    /// The value of `pos` with `history` by an exhaustive search of every line (plain minimax,
    /// `None` beyond `left` positions), the history kept along it: a repeated position ends the line with
    /// its repetition's score, a capture or an end takes the table's exact value.
    fn searched(table: &Table, pos: &Position, line: &mut Vec<u64>, left: &mut u32) -> Option<i32> {
        *left = left.checked_sub(1)?;
        let rules = table.rules();
        if let Some(s) = super::super::terminal(&rules, pos) {
            return Some(i32::from(s.byte()));
        }
        let mut best = None;
        for &mv in rules.legal_moves(pos).iter() {
            let (played, s) = step(&rules, pos, mv)?;
            let v = match s {
                Step::GoesOn {
                    position, repeat, ..
                } if played.captured == [0, 0] => {
                    let k = key(&position);
                    if line.contains(&k) {
                        i32::from(repeat?.byte())
                    } else {
                        line.push(k);
                        let child = searched(table, &position, line, left);
                        line.pop();
                        128 - child?
                    }
                }
                _ => {
                    let b = s.bounds(|q| table.bounds(q))?;
                    if !b.is_exact() {
                        return None;
                    }
                    i32::from(b.low.byte())
                }
            };
            best = Some(best.map_or(v, |b: i32| b.max(v)));
        }
        best
    }

    /// The seed count of the positions checked.
    const SEEDS: u8 = 5;

    /// Every position of 5 seeds of `abapa`, with no history, and with each position one quiet
    /// move before it as its history: the bounds hold the value an exhaustive search gives
    /// with that history (wherever the captures it reaches are exact).
    #[test]
    fn the_value_with_a_history_holds_what_every_line_gives() {
        let table = build(Preset::Abapa, SEEDS, &mut ());
        let rules = table.rules();
        let within =
            |b: Bounds, v: i32| i32::from(b.low.byte()) <= v && v <= i32::from(b.high.byte());
        let (mut checked, mut differ, mut tighter) = (0, 0, 0);
        // One position in three (each searched from many histories below).
        for (pos, stored) in table.layer(SEEDS).step_by(3) {
            // With no history: within the table's bounds (a line back to `pos` itself ends
            // there), and holding what every line gives.
            let none = table.bounds_with_history(&pos, Some(&[]), MOST).unwrap();
            assert!(stored.low <= none.low && none.high <= stored.high, "{pos}");
            tighter += usize::from(none != stored);
            if let Some(v) = searched(&table, &pos, &mut vec![key(&pos)], &mut BUDGET.clone()) {
                assert!(within(none, v), "{pos}: {v} outside {none:?}");
            }
            // Each quiet move's position, with `pos` as its history.
            for &mv in rules.legal_moves(&pos).iter() {
                let Some((played, Step::GoesOn { position: next, .. })) = step(&rules, &pos, mv)
                else {
                    continue;
                };
                if played.captured != [0, 0] || rules.outcome(&next).is_some() {
                    continue;
                }
                let b = table
                    .bounds_with_history(&next, Some(&[pos]), MOST)
                    .unwrap();
                let alone = table.bounds_with_history(&next, Some(&[]), MOST).unwrap();
                let given = table.bounds_given(&next, &[pos]).unwrap();
                assert!(
                    given.low <= b.low && b.high <= given.high,
                    "{next} after {pos}"
                );
                differ += usize::from(b != alone);
                if let Some(v) = searched(
                    &table,
                    &next,
                    &mut vec![key(&pos), key(&next)],
                    &mut BUDGET.clone(),
                ) {
                    assert!(within(b, v), "{next} after {pos}: {v} outside {b:?}");
                    assert!(
                        within(given, v),
                        "{next} after {pos}: {v} outside {given:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 300, "{checked}");
        // A history changes some values.
        assert!(differ > 0, "{differ} of {checked}");
        println!("{checked} checked, {differ} changed by a history, {tighter} tighter with none");
    }
}
