//! Exact endgame values by retrograde analysis (`docs/engine.md`, "Endgame tables").
//!
//! A table holds, for one preset and every board of at most `seeds` seeds with either side to
//! move, two bounds on what the side to move ends with of the board's seeds under best play by
//! both, played to the end of the board, from the position with no history (the game starting
//! there, or a capture just made; [`history`] gives the value within a game) (the stores are not part of a position here: with no
//! majority end, what is already captured changes nothing of the play). The value is taken as a
//! margin (the mover's seeds less the other's), which decides the winner whatever the stores
//! are; where every seed ends in a store (every preset but `merkel`) the mover's seeds are
//! `(n + margin) / 2`.
//!
//! - [`index`]: the numbering of boards;
//! - [`build`]: the construction, layer by layer, with the strongly connected parts of the
//!   moves that capture nothing in evaluation order;
//! - [`file`]: the bytes of a table, with a checksum;
//! - [`history`]: the value of a position given the game's line since its last capture;
//! - [`analysis`]: a position's value, each move's, a best line, and where a game was lost.

pub mod analysis;
pub mod build;
pub mod file;
pub mod history;
pub mod index;

use serde::Serialize;

use super::board::{PITS, Position, Side};
use super::moves::{EndReason, Move, Outcome, Played};
use super::rules::{GrandSlam, NoFeed, Preset, Rules};

pub use analysis::{Analysis, Mark, MoveValue, marks};
pub use build::{Progress, build};

/// A value for the side to move, coded in a byte: 0 a game lost whatever the seeds (a losing
/// grand slam), 128 one won so, and `64 + margin` otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(u8);

impl Score {
    pub const LOST: Score = Score(0);
    pub const WON: Score = Score(128);
    const ZERO: u8 = 64;

    pub fn margin(m: i32) -> Score {
        Score((i32::from(Self::ZERO) + m) as u8)
    }

    pub fn from_byte(b: u8) -> Score {
        Score(b)
    }

    pub fn byte(self) -> u8 {
        self.0
    }

    /// The same outcome for the other player.
    #[inline]
    pub fn other(self) -> Score {
        Score(128 - self.0)
    }

    /// Seeds `delta` more for the mover (a game won or lost outright stays so).
    #[inline]
    pub fn plus(self, delta: i32) -> Score {
        if self == Score::LOST || self == Score::WON {
            self
        } else {
            Score::margin(self.as_margin() + delta)
        }
    }

    /// The margin; a game lost outright is below every margin, one won above.
    pub fn as_margin(self) -> i32 {
        i32::from(self.0) - i32::from(Self::ZERO)
    }

    pub fn is_outright(self) -> bool {
        self == Score::LOST || self == Score::WON
    }
}

/// The two bounds of a position's value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    pub low: Score,
    pub high: Score,
}

impl Bounds {
    pub fn exact(s: Score) -> Bounds {
        Bounds { low: s, high: s }
    }

    pub fn is_exact(&self) -> bool {
        self.low == self.high
    }

    /// The bounds of the position after a move, seen by the player who made it, with `delta`
    /// the seeds the move captured for them less those it captured for the other.
    #[inline]
    pub fn after(child: Bounds, delta: i32) -> Bounds {
        Bounds {
            low: child.high.other().plus(delta),
            high: child.low.other().plus(delta),
        }
    }

    /// The bounds of a position with two moves worth `self` and `other` to its mover: the
    /// better of each.
    #[inline]
    pub fn or(self, other: Bounds) -> Bounds {
        Bounds {
            low: self.low.max(other.low),
            high: self.high.max(other.high),
        }
    }

    fn pack(self) -> u16 {
        u16::from(self.low.0) | (u16::from(self.high.0) << 8)
    }

    fn unpack(v: u16) -> Bounds {
        Bounds {
            low: Score(v as u8),
            high: Score((v >> 8) as u8),
        }
    }
}

/// The rules a table plays: the preset's, without the end at 25 (a store of 25 or more has won
/// already and only grows, so the winner is the same; the tables leave the stores out).
pub fn table_rules(preset: Preset) -> Rules {
    Rules {
        majority_ends: false,
        ..preset.rules()
    }
}

/// Whether every seed of a game ends in a store under these rules (so that a margin gives each
/// player's seeds), and no game is won or lost whatever the seeds.
pub fn scores_every_seed(rules: &Rules) -> bool {
    rules.no_feed != NoFeed::Unscored && rules.grand_slam != GrandSlam::Loses
}

/// A position of the tables: `pits` with `side` to move (the stores hold the rest).
pub fn position(pits: [u8; PITS], side: Side) -> Position {
    let n: u8 = pits.iter().sum();
    Position::new(pits, [48 - n, 0], side).expect("a board of at most 48 seeds")
}

/// What a move is worth to its mover, before the position it leads to is looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The move ends the game with this score.
    Ends(Score),
    /// The game goes on in `position`; the move captured `delta` more for the mover than for
    /// the other; `repeat` is the score should the position be a repetition (it captured
    /// nothing), when the rules end a game so.
    GoesOn {
        position: Position,
        delta: i32,
        repeat: Option<Score>,
    },
}

impl Step {
    /// What the move is worth to its mover should it not be a repetition: its score if it ends
    /// the game, else the bounds `child` gives the position it leads to, seen by the mover.
    pub fn bounds(&self, child: impl FnOnce(&Position) -> Option<Bounds>) -> Option<Bounds> {
        match *self {
            Step::Ends(score) => Some(Bounds::exact(score)),
            Step::GoesOn {
                position, delta, ..
            } => Some(Bounds::after(child(&position)?, delta)),
        }
    }
}

/// The score of a finished game for `mover`, from the stores before the end.
fn final_score(end: &Outcome, before: [u8; 2], mover: Side) -> Score {
    if end.reason == EndReason::GrandSlam {
        return if end.winner == Some(mover) {
            Score::WON
        } else {
            Score::LOST
        };
    }
    let gained = |s: Side| i32::from(end.stores[s.index()]) - i32::from(before[s.index()]);
    Score::margin(gained(mover) - gained(mover.other()))
}

/// The score a position over already gives its side to move.
pub fn terminal(rules: &Rules, pos: &Position) -> Option<Score> {
    rules
        .outcome(pos)
        .map(|end| final_score(&end, pos.stores(), pos.to_move()))
}

/// What playing `mv` in `pos` (not over) does, as the tables see it.
pub fn step(rules: &Rules, pos: &Position, mv: Move) -> Option<(Played, Step)> {
    let played = rules.play_unfinished(pos, mv).ok()?;
    let mover = pos.to_move();
    let step = match played.end {
        Some(end) => Step::Ends(final_score(&end, pos.stores(), mover)),
        None => {
            let delta = i32::from(played.captured[mover.index()])
                - i32::from(played.captured[mover.other().index()]);
            let quiet = played.captured == [0, 0];
            let repeat = (quiet && rules.repetition_ends).then(|| {
                let p = &played.position;
                Score::margin(i32::from(p.row_total(mover)) - i32::from(p.row_total(mover.other())))
            });
            Step::GoesOn {
                position: played.position,
                delta,
                repeat,
            }
        }
    };
    Some((played, step))
}

/// A table: one preset, every board of at most `seeds` seeds. Only South to move is stored:
/// North to move on a board is worth what South to move is worth on the board turned round
/// (each row given to the other side), the rules being the same for both sides.
#[derive(Debug)]
pub struct Table {
    pub preset: Preset,
    pub seeds: u8,
    layers: Layers,
}

/// Where a table's bounds are: built here, or read in place from a file.
#[derive(Debug)]
enum Layers {
    /// Per board count, per rank: the bounds with South to move.
    Built(Vec<Vec<u16>>),
    InPlace(file::InPlace),
}

impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.preset == other.preset
            && self.seeds == other.seeds
            && (0..=self.seeds).all(|n| self.stored(n) == other.stored(n))
    }
}

impl Eq for Table {}

impl Table {
    /// The bounds of `pos` (its stores aside), if its board is within the table (and its
    /// layer, read in place, is whole).
    pub fn bounds(&self, pos: &Position) -> Option<Bounds> {
        let n = pos.board_total();
        if n > self.seeds {
            return None;
        }
        let at = stored_rank(&pos.pits(), pos.to_move());
        match &self.layers {
            Layers::Built(layers) => Some(Bounds::unpack(layers[usize::from(n)][at as usize])),
            Layers::InPlace(file) => file.get(n, at).map(Bounds::unpack),
        }
    }

    /// The positions the table gives a value (both sides to move).
    pub fn positions(&self) -> u64 {
        (0..=self.seeds).map(|n| index::boards(n) * 2).sum()
    }

    /// The rules the table was built with.
    pub fn rules(&self) -> Rules {
        table_rules(self.preset)
    }

    /// The stored bounds of the boards of `n` seeds (South to move), by rank; `None` for a
    /// layer read in place that is not whole.
    pub fn stored(&self, n: u8) -> Option<std::borrow::Cow<'_, [u16]>> {
        match &self.layers {
            Layers::Built(layers) => layers
                .get(usize::from(n))
                .map(|l| std::borrow::Cow::Borrowed(l.as_slice())),
            Layers::InPlace(file) => file.layer(n).map(std::borrow::Cow::Owned),
        }
    }

    /// Whether the layer of `n` seeds, read in place, was found damaged when first read.
    pub fn damaged(&self, n: u8) -> bool {
        match &self.layers {
            Layers::Built(_) => false,
            Layers::InPlace(file) => n <= self.seeds && file.get(n, 0).is_none(),
        }
    }

    /// Every position of `n` seeds with its bounds, in slot order (per rank, South to move
    /// then North).
    pub fn layer(&self, n: u8) -> impl Iterator<Item = (Position, Bounds)> + '_ {
        (0..index::boards(n)).flat_map(move |r| {
            let pits = index::unrank(r, n);
            [Side::South, Side::North].map(|side| {
                let pos = position(pits, side);
                let b = self.bounds(&pos).expect("a board of the table");
                (pos, b)
            })
        })
    }
}

/// The board with each row given to the other side.
#[inline]
pub fn turned(pits: &[u8; PITS]) -> [u8; PITS] {
    let mut t = [0u8; PITS];
    t[..PITS / 2].copy_from_slice(&pits[PITS / 2..]);
    t[PITS / 2..].copy_from_slice(&pits[..PITS / 2]);
    t
}

/// Where the value of a board with `side` to move is stored in its layer: the rank of the board
/// as South to move sees it.
#[inline]
pub fn stored_rank(pits: &[u8; PITS], side: Side) -> u64 {
    match side {
        Side::South => index::rank(pits),
        Side::North => index::rank(&turned(pits)),
    }
}

/// Where a board with `side` to move sits among both sides' positions of its layer (the order
/// of [`Table::layer`]).
#[inline]
pub fn slot(pits: &[u8; PITS], side: Side) -> usize {
    (index::rank(pits) as usize) * 2 + side.index()
}

/// The bounds the construction gives `pos` from the positions one move away (`look` gives the
/// bounds of a position that goes on).
pub fn from_moves(
    rules: &Rules,
    pos: &Position,
    mut look: impl FnMut(&Position) -> Bounds,
) -> Bounds {
    if let Some(score) = terminal(rules, pos) {
        return Bounds::exact(score);
    }
    let mut best: Option<Bounds> = None;
    for &mv in rules.legal_moves(pos).iter() {
        let Some((_, step)) = step(rules, pos, mv) else {
            continue;
        };
        let b = step
            .bounds(|q| Some(look(q)))
            .expect("a position looked up always has bounds");
        best = Some(best.map_or(b, |o| o.or(b)));
    }
    best.expect("a position not over has a legal move")
}

/// The lowest and highest score a board of `n` seeds can give under these rules.
pub fn extremes(rules: &Rules, n: u8) -> Bounds {
    if rules.grand_slam == GrandSlam::Loses {
        Bounds {
            low: Score::LOST,
            high: Score::WON,
        }
    } else {
        Bounds {
            low: Score::margin(-i32::from(n)),
            high: Score::margin(i32::from(n)),
        }
    }
}

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Win,
    Draw,
    Loss,
}

/// Whom a score gives the game, for the side to move with `stores` (its own first).
pub fn verdict(score: Score, stores: [u8; 2]) -> Verdict {
    if score == Score::WON {
        return Verdict::Win;
    }
    if score == Score::LOST {
        return Verdict::Loss;
    }
    let m = i32::from(stores[0]) - i32::from(stores[1]) + score.as_margin();
    match m.cmp(&0) {
        std::cmp::Ordering::Greater => Verdict::Win,
        std::cmp::Ordering::Equal => Verdict::Draw,
        std::cmp::Ordering::Less => Verdict::Loss,
    }
}
