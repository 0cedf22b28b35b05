//! Adjudicating a game unfinished when the round's time runs out: the controller enters the
//! position (the seeds in each pit and those each player captured) and the service proposes the
//! result the position gives: each player scores the seeds they captured plus the seeds on their
//! own row, the higher score wins, equal scores draw (`docs/standings.md`, "Adjudication").

use crate::tournament::said::Said;
use serde::{Deserialize, Serialize};

use super::Winner;

/// The seeds in play: the board's twelve pits and the two stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// South's row (pits a to f), then North's (A to F).
    pub pits: [u8; 12],
    /// Seeds captured by South and by North.
    pub captured: [u8; 2],
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

    /// The position for the record: "a–f 3 0 4 1 0 2, A–F 1 1 0 5 2 0, captured 20 and 9" in
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
        format!("{south}/{north}/{} {}", self.captured[0], self.captured[1])
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_scores_their_store_and_their_row() {
        // South: 20 captured + 10 on a–f = 30; North: 9 + 9 = 18.
        let p = Position {
            pits: [3, 0, 4, 1, 0, 2, 1, 1, 0, 5, 2, 0],
            captured: [20, 9],
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
        };
        assert_eq!(level.adjudge().unwrap().winner, Winner::Draw);
        let behind = Position {
            pits: [0, 0, 0, 0, 0, 1, 6, 6, 1, 0, 0, 0],
            captured: [22, 12],
        };
        assert_eq!(behind.adjudge().unwrap().winner, Winner::North);
    }

    #[test]
    fn a_position_without_the_games_48_seeds_is_refused() {
        let p = Position {
            pits: [4; 12],
            captured: [1, 0],
        };
        let e = p.adjudge().unwrap_err();
        assert!(e.has_key("position-holds-seeds-south-s"), "{e}");
        assert_eq!(
            e.arg("total"),
            Some(&crate::tournament::said::Word::from(49))
        );
    }
}
