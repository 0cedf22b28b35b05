//! What a table says of a position (its value, each move's, one best line) and of a game (the
//! moves that changed the exact value).

use serde::Serialize;

use super::history::since_capture;
use super::{Bounds, Score, Step, Table, Verdict, step, verdict};
use crate::engine::board::{Position, Side};
use crate::engine::moves::{Move, Outcome};
use crate::engine::play::Game;
use crate::engine::replay::Replay;

/// A move and what it is worth to its mover (should it not repeat a position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    pub mv: Move,
    pub bounds: Bounds,
}

/// A position as the table sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The value for the side to move.
    pub bounds: Bounds,
    /// Every legal move, best first.
    pub moves: Vec<MoveValue>,
    /// One best line, played under the preset's rules from the position (with its stores)
    /// until the game ends (or 200 moves).
    pub line: Vec<Move>,
    /// How the line ends, if it does.
    pub line_end: Option<Outcome>,
}

/// The longest best line given.
const LINE: usize = 200;

impl Table {
    /// Each legal move of `pos` with its bounds, best first (the higher lower bound, then the
    /// higher upper bound; the board's order between equals).
    pub fn move_values(&self, pos: &Position) -> Option<Vec<MoveValue>> {
        let rules = self.rules();
        self.bounds(pos)?;
        let mut moves: Vec<MoveValue> = rules
            .legal_moves(pos)
            .iter()
            .filter_map(|&mv| {
                let (_, s) = step(&rules, pos, mv)?;
                let bounds = s.bounds(|q| self.bounds(q))?;
                Some(MoveValue { mv, bounds })
            })
            .collect();
        moves.sort_by(|a, b| {
            (b.bounds.low, b.bounds.high)
                .cmp(&(a.bounds.low, a.bounds.high))
                .then(a.mv.pit.index().cmp(&b.mv.pit.index()))
        });
        Some(moves)
    }

    /// The value of `pos`, its moves and a best line; `None` when its board is beyond the table
    /// (or the game is over).
    pub fn analyse(&self, pos: &Position) -> Option<Analysis> {
        let bounds = self.bounds(pos)?;
        let moves = self.move_values(pos)?;
        let mut game = Game::new(self.preset.rules(), *pos);
        let mut line = Vec::new();
        while game.outcome().is_none() && line.len() < LINE {
            let Some(best) = self
                .move_values(game.position())
                .and_then(|m| m.first().copied())
            else {
                break;
            };
            if game.play(best.mv).is_err() {
                break;
            }
            line.push(best.mv);
        }
        Some(Analysis {
            bounds,
            moves,
            line,
            line_end: game.outcome(),
        })
    }
}

/// What a move did to the game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Change {
    /// A won game is drawn at best now.
    DropsTheWin,
    /// A won game is lost now.
    ThrowsAwayTheWin,
    /// A drawn game is lost now.
    DropsTheDraw,
    /// The result stays; seeds are given away.
    GivesSeeds,
}

/// A move that changed the exact value of its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// 1-based.
    pub ply: u32,
    pub side: Side,
    pub mv: Move,
    /// The move the table prefers.
    pub best: Move,
    /// Seeds the move gave away at least (`None` when a game won or lost outright is involved).
    pub seeds: Option<u8>,
    pub change: Change,
}

/// The moves of `replay` that lowered their mover's value: from the first position within the
/// table, each move after which the best the mover can hope for is below what was theirs for
/// sure before it, both taken with the game's history since the last capture
/// ([`Table::bounds_given`]: the table's bounds widened by the history's repetitions, quick
/// enough for every move of a game's page).
pub fn marks(table: &Table, replay: &Replay) -> Vec<Mark> {
    if replay.rules != table.preset.rules() {
        return Vec::new();
    }
    let rules = table.rules();
    let positions = replay.positions();
    // The value of the game's `k`-th position, with its history.
    let value = |k: usize| table.bounds_given(&positions[k], since_capture(&positions, k));
    // What `mv` from the game's `k`-th position is worth to its mover, with the history.
    let after_move = |k: usize, mv: Move| -> Option<Bounds> {
        let pos = &positions[k];
        let (played, s) = step(&rules, pos, mv)?;
        match s {
            Step::GoesOn {
                position, repeat, ..
            } if played.captured == [0, 0] => {
                let from = k - since_capture(&positions, k).len();
                let line = &positions[from..=k];
                let same = |p: &&Position| {
                    p.pits() == position.pits() && p.to_move() == position.to_move()
                };
                if let Some(r) = repeat
                    && line.iter().any(|p| same(&p))
                {
                    return Some(Bounds::exact(r));
                }
                Some(Bounds::after(table.bounds_given(&position, line)?, 0))
            }
            _ => s.bounds(|q| table.bounds(q)),
        }
    };
    let mut marks = Vec::new();
    for (k, ply) in replay.plies.iter().enumerate() {
        let pos = positions[k];
        if table.bounds(&pos).is_none() {
            continue;
        }
        if rules.outcome(&pos).is_some() {
            break;
        }
        let mover = pos.to_move();
        let (Some(had), Some(after)) = (value(k), after_move(k, ply.played.mv)) else {
            continue;
        };
        if after.high >= had.low {
            continue;
        }
        // The move the table prefers, with the history.
        let Some(best) = rules
            .legal_moves(&pos)
            .iter()
            .filter_map(|&mv| Some((after_move(k, mv)?, mv)))
            .max_by(|(a, m), (b, n)| {
                (a.low, a.high)
                    .cmp(&(b.low, b.high))
                    .then(n.pit.index().cmp(&m.pit.index()))
            })
            .map(|(_, mv)| mv)
        else {
            continue;
        };
        let stores = [pos.store(mover), pos.store(mover.other())];
        let change = match (verdict(had.low, stores), verdict(after.high, stores)) {
            (Verdict::Win, Verdict::Draw) => Change::DropsTheWin,
            (Verdict::Win, Verdict::Loss) => Change::ThrowsAwayTheWin,
            (Verdict::Draw, Verdict::Loss) => Change::DropsTheDraw,
            _ => Change::GivesSeeds,
        };
        let seeds = (!had.low.is_outright() && !after.high.is_outright())
            .then(|| ((had.low.as_margin() - after.high.as_margin() + 1) / 2) as u8);
        marks.push(Mark {
            ply: ply.number,
            side: mover,
            mv: ply.played.mv,
            best,
            seeds,
            change,
        });
        if ply.played.end.is_some() {
            break;
        }
    }
    marks
}

/// A score for people: the seeds the side to move ends with of the board's `n` (every-seed
/// rules), or the margin.
pub fn seeds_of(score: Score, n: u8) -> Option<u8> {
    if score.is_outright() {
        return None;
    }
    let m = score.as_margin() + i32::from(n);
    (m >= 0 && m % 2 == 0 && m / 2 <= i32::from(n)).then_some((m / 2) as u8)
}
