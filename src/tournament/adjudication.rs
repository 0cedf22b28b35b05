//! Adjudicating a game unfinished when the round's time runs out: the controller enters the
//! position (the seeds in each pit and those each player captured) and the service proposes the
//! result the position gives: each player scores the seeds they captured plus the seeds on their
//! own row, the higher score wins, equal scores draw (`docs/standings.md`, "Adjudication").

use crate::engine::endgame::analysis::seeds_of;
use crate::engine::endgame::history::{self, Unknown};
use crate::engine::endgame::{self, Table, Verdict, scores_every_seed, table_rules};
use crate::engine::{Move, Rules, Side};
use crate::tournament::said::Said;
use serde::{Deserialize, Serialize};

use super::Winner;

/// The seeds in play: the board's twelve pits and the two stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// South's row (pits A to F), then North's (a to f).
    pub pits: [u8; 12],
    /// Seeds captured by South and by North.
    pub captured: [u8; 2],
    /// Who is to move (what an exact adjudication needs).
    #[serde(default)]
    pub to_move: Option<Side>,
}

/// The result a position gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Adjudged {
    /// Each player's score: captured plus their row, South first.
    pub scores: [u8; 2],
    pub winner: Winner,
}

/// The seeds of a game in all.
pub const SEEDS: u32 = 48;

impl Position {
    /// Each row's seeds, South first.
    pub fn rows(&self) -> [u32; 2] {
        let row = |r: &[u8]| r.iter().map(|&s| u32::from(s)).sum();
        [row(&self.pits[..6]), row(&self.pits[6..])]
    }

    /// Each row's pits as written on the record, South first: `["3 0 4 1 0 2", "1 1 0 5 2 0"]`.
    pub fn row_texts(&self) -> [String; 2] {
        let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        [row(&self.pits[..6]), row(&self.pits[6..])]
    }

    /// The position for the record: "A–F 3 0 4 1 0 2, a–f 1 1 0 5 2 0, captured 20 and 9" in
    /// the reader's words.
    pub fn said(&self) -> Said {
        let [south_pits, north_pits] = self.row_texts();
        crate::said!(
            "adjudication-position",
            south_pits,
            north_pits,
            south_captured = self.captured[0],
            north_captured = self.captured[1]
        )
    }

    /// The whole position in one line of figures (rows, then captures), to tell whether a
    /// confirmed position is the one proposed: `3 0 4 1 0 2/1 1 0 5 2 0/20 9`.
    pub fn figures(&self) -> String {
        let [south, north] = self.row_texts();
        let to_move = self.to_move.map_or("", |s| match s {
            Side::South => " S",
            Side::North => " N",
        });
        format!(
            "{south}/{north}/{} {}{to_move}",
            self.captured[0], self.captured[1]
        )
    }

    /// The position [`Position::figures`] wrote, read back (`None` for anything else).
    pub fn from_figures(text: &str) -> Option<Position> {
        let mut parts = text.split('/');
        let (south, north, rest) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() {
            return None;
        }
        let numbers =
            |t: &str| -> Option<Vec<u8>> { t.split(' ').map(|x| x.parse().ok()).collect() };
        let (south, north) = (numbers(south)?, numbers(north)?);
        if south.len() != 6 || north.len() != 6 {
            return None;
        }
        let pits: Vec<u8> = [south, north].concat();
        let mut rest = rest.split(' ');
        let captured = [rest.next()?.parse().ok()?, rest.next()?.parse().ok()?];
        let to_move = match rest.next() {
            None => None,
            Some("S") => Some(Side::South),
            Some("N") => Some(Side::North),
            Some(_) => return None,
        };
        if rest.next().is_some() {
            return None;
        }
        Some(Position {
            pits: pits.try_into().ok()?,
            captured,
            to_move,
        })
    }

    /// The result the position gives; refused when its seeds are not the game's 48.
    pub fn adjudge(&self) -> Result<Adjudged, Said> {
        let [south_row, north_row] = self.rows();
        let captured = [u32::from(self.captured[0]), u32::from(self.captured[1])];
        let total = south_row + north_row + captured[0] + captured[1];
        if total != SEEDS {
            return Err(crate::said!(
                "position-holds-seeds-south-s",
                total,
                south_row,
                north_row,
                value = captured[0],
                value2 = captured[1],
                seeds = SEEDS
            ));
        }
        let scores = [captured[0] + south_row, captured[1] + north_row];
        let winner = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Winner::South,
            std::cmp::Ordering::Less => Winner::North,
            std::cmp::Ordering::Equal => Winner::Draw,
        };
        Ok(Adjudged {
            scores: [scores[0] as u8, scores[1] as u8],
            winner,
        })
    }
}

/// What an exact adjudication gives: the result best play by both reaches from the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Exact {
    /// The scores recorded: the stores plus what each ends with of the board's seeds; where the
    /// tables' bounds differ (a repetition could end the game either way), the seeds the winner
    /// is sure of. Under rules that leave seeds unscored, the scores at the end of the best line.
    pub scores: [u8; 2],
    pub winner: Winner,
    /// South's lowest and highest score under best play (equal when the value is exact).
    pub south_range: [u8; 2],
    /// One best line from the position, the pits' letters in order.
    pub line: Vec<String>,
}

/// Why a position is not adjudicated exactly.
#[derive(Clone, Debug, PartialEq)]
pub enum NotExact {
    /// The form lacks who is to move.
    NeedsToMove,
    /// The other rule applies, for this reason.
    Rows(Said),
}

impl Position {
    /// The position for the engine, with `to_move` to move.
    fn engine_position(&self, to_move: Side) -> Option<crate::engine::Position> {
        crate::engine::Position::new(self.pits, self.captured, to_move).ok()
    }

    /// The result the endgame tables give under `rules`, or why they give none. `history` is
    /// the game's positions since its last capture, before this one, where the moves are known:
    /// a line that comes back to one of them ends the game by repetition. Without it, the
    /// tables answer only where no line can come back to the position.
    pub fn exact(
        &self,
        table: Option<&Table>,
        rules: &Rules,
        history: Option<&[crate::engine::Position]>,
    ) -> Result<Exact, NotExact> {
        let rows = |said: Said| Err(NotExact::Rows(said));
        if *rules != rules.preset.rules() {
            return rows(crate::said!("exact-changed-rules"));
        }
        let Some(table) = table else {
            return rows(crate::said!("exact-no-table", rules = rules.name()));
        };
        let to_move = self.to_move.ok_or(NotExact::NeedsToMove)?;
        let Some(pos) = self.engine_position(to_move) else {
            return rows(crate::said!("exact-no-table", rules = rules.name()));
        };
        let n = pos.board_total();
        if n > table.seeds {
            return rows(crate::said!(
                "exact-too-many-seeds",
                seeds = n,
                most = table.seeds
            ));
        }
        // A grand slam loses whatever the stores: with a store able to reach 25 on this board,
        // the game could end by majority before a grand slam the table plays on to.
        if rules.majority_ends
            && rules.grand_slam == crate::engine::rules::GrandSlam::Loses
            && self.captured.iter().any(|&c| c + n >= 25)
        {
            return rows(crate::said!("exact-majority-first"));
        }
        let not_in_table = || {
            // A table read in place checks a layer at its first read: a damaged one gives nothing.
            if let Some(k) = (0..=n).rev().find(|&k| table.damaged(k)) {
                return rows(crate::said!(
                    "exact-damaged-table",
                    rules = rules.name(),
                    seeds = k
                ));
            }
            rows(crate::said!("exact-no-table", rules = rules.name()))
        };
        let mover = to_move.index();
        let stores = [self.captured[mover], self.captured[1 - mover]];
        let decides = |b: endgame::Bounds| {
            endgame::verdict(b.low, stores) == endgame::verdict(b.high, stores)
        };
        // The table's bounds widened by the history's repetitions first; where they do not
        // decide, the search along the lines from the position.
        let searched = match history.and_then(|h| table.bounds_given(&pos, h)) {
            Some(b) if decides(b) => Ok(b),
            _ => table.bounds_with_history(&pos, history, history::MOST),
        };
        let bounds = match searched {
            Ok(b) => b,
            Err(Unknown::NotInTable) => return not_in_table(),
            Err(Unknown::TooMany) => return rows(crate::said!("exact-too-many-lines")),
            Err(Unknown::NeedsHistory) => return rows(crate::said!("exact-needs-moves")),
        };
        let Some(analysis) = table.analyse(&pos) else {
            return not_in_table();
        };
        let (low, high) = (bounds.low, bounds.high);
        let every_seed = scores_every_seed(&table_rules(rules.preset));
        // South's score for a score of the side to move.
        let south = |score| {
            let mine = seeds_of(score, n)?;
            Some(if to_move == Side::South {
                self.captured[0] + mine
            } else {
                self.captured[0] + n - mine
            })
        };
        let (v_low, v_high) = (
            endgame::verdict(low, stores),
            endgame::verdict(high, stores),
        );
        if v_low != v_high {
            return rows(match (every_seed, south(low), south(high)) {
                (true, Some(a), Some(b)) => {
                    crate::said!("exact-undecided", low = a.min(b), high = a.max(b))
                }
                _ => crate::said!("exact-undecided-outright"),
            });
        }
        let winner = match (v_low, to_move) {
            (Verdict::Draw, _) => Winner::Draw,
            (Verdict::Win, Side::South) | (Verdict::Loss, Side::North) => Winner::South,
            _ => Winner::North,
        };
        let line: Vec<String> = analysis.line.iter().map(Move::to_string).collect();
        let (scores, south_range) = match (every_seed, south(low), south(high)) {
            (true, Some(a), Some(b)) => {
                let (lo, hi) = (a.min(b), a.max(b));
                // The seeds the winner is sure of.
                let s = if winner == Winner::North { hi } else { lo };
                ([s, 48 - s], [lo, hi])
            }
            _ => match analysis.line_end {
                Some(end)
                    if match end.winner {
                        Some(Side::South) => Winner::South,
                        Some(Side::North) => Winner::North,
                        None => Winner::Draw,
                    } == winner =>
                {
                    (end.stores, [end.stores[0]; 2])
                }
                _ => return rows(crate::said!("exact-no-line")),
            },
        };
        Ok(Exact {
            scores,
            winner,
            south_range,
            line,
        })
    }
}

/// A line of moves numbered as the paper sheet numbers them, South's move then North's under
/// one number, `first` the sheet's ply of the line's first move: `31. F c 32. a B`, or from
/// North's move `31. … c 32. F a`.
pub fn numbered_line(first: u32, line: &[String]) -> String {
    let mut out = String::new();
    for (i, mv) in line.iter().enumerate() {
        let ply = first + i as u32;
        let m = crate::engine::SheetMove::of(ply);
        if !out.is_empty() {
            out.push(' ');
        }
        if m.side == Side::South {
            out.push_str(&format!("{}. {mv}", m.number));
        } else if i == 0 {
            out.push_str(&format!("{}. … {mv}", m.number));
        } else {
            out.push_str(mv);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_reads_back_from_its_figures_and_a_line_is_numbered_as_the_sheet() {
        let p = Position {
            pits: [3, 0, 4, 1, 0, 2, 1, 1, 0, 5, 2, 0],
            captured: [20, 9],
            to_move: Some(Side::North),
        };
        assert_eq!(p.figures(), "3 0 4 1 0 2/1 1 0 5 2 0/20 9 N");
        assert_eq!(Position::from_figures(&p.figures()), Some(p));
        let unsaid = Position { to_move: None, ..p };
        assert_eq!(Position::from_figures(&unsaid.figures()), Some(unsaid));
        for bad in [
            "",
            "3 0 4 1 0 2/1 1 0 5 2/20 9",
            "3 0 4 1 0/2 1 1 0 5 2 0/20 9",
            "3 0 4 1 0 2/1 1 0 5 2 0/20 9 X",
            "a/b/c",
        ] {
            assert_eq!(Position::from_figures(bad), None, "{bad}");
        }
        let line: Vec<String> = ["F", "c", "a", "B"].map(String::from).to_vec();
        assert_eq!(numbered_line(61, &line), "31. F c 32. a B");
        assert_eq!(numbered_line(62, &line), "31. … F 32. c a 33. B");
        assert_eq!(numbered_line(1, &line[..1]), "1. F");
    }

    #[test]
    fn each_player_scores_their_store_and_their_row() {
        // South: 20 captured + 10 on a–f = 30; North: 9 + 9 = 18.
        let p = Position {
            pits: [3, 0, 4, 1, 0, 2, 1, 1, 0, 5, 2, 0],
            captured: [20, 9],
            to_move: None,
        };
        assert_eq!(
            p.adjudge(),
            Ok(Adjudged {
                scores: [30, 18],
                winner: Winner::South
            })
        );
        assert_eq!(p.row_texts(), ["3 0 4 1 0 2", "1 1 0 5 2 0"]);
        assert_eq!(p.figures(), "3 0 4 1 0 2/1 1 0 5 2 0/20 9");
        let said = p.said();
        assert_eq!(said.arg("north_pits"), Some(&"1 1 0 5 2 0".into()));
        assert_eq!(said.arg("south_captured"), Some(&20.into()));
        // More captured is not enough when the other row holds more: 24 each is a draw.
        let level = Position {
            pits: [0, 0, 0, 0, 0, 1, 6, 6, 0, 0, 0, 0],
            captured: [23, 12],
            to_move: None,
        };
        assert_eq!(level.adjudge().unwrap().winner, Winner::Draw);
        let behind = Position {
            pits: [0, 0, 0, 0, 0, 1, 6, 6, 1, 0, 0, 0],
            captured: [22, 12],
            to_move: None,
        };
        assert_eq!(behind.adjudge().unwrap().winner, Winner::North);
    }

    #[test]
    fn a_position_without_the_games_48_seeds_is_refused() {
        let p = Position {
            pits: [4; 12],
            captured: [1, 0],
            to_move: None,
        };
        let e = p.adjudge().unwrap_err();
        assert!(e.has_key("position-holds-seeds-south-s"), "{e}");
        assert_eq!(
            e.arg("total"),
            Some(&crate::tournament::said::Word::from(49))
        );
    }
}
