//! FIDE's tie-breaks (Handbook C.07, the regulations in force from 2023/2024), computed from a
//! tournament's crosstable as a [`Trf`]: the values of every player and the ranking they give.
//! `docs/standings.md` states each rule with the article it comes from.
//!
//! Points follow a [`Scoring`]: the file's (line `162`), by default C.07's, a win (played, by
//! forfeit, or a bye worth a win) 1, a draw or half-point bye ½, anything else 0.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

mod values;

pub use super::trf::Scoring;
use super::trf::{Colour, Outcome, Trf};
use values::Context;

/// The tie-breaks, by their C.07 acronyms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// Points (article 5).
    Pts,
    /// Rounds won, played or not (7.1).
    Win,
    /// Games won over the board (7.2).
    Won,
    /// Games played with black: as North, the second mover (7.3).
    Bpg,
    /// Games won with black (7.4).
    Bwg,
    /// Games elected to play (7.5).
    Ge,
    /// Buchholz (8.1).
    Bh,
    /// Fore-Buchholz (8.3).
    Fb,
    /// Average of opponents' Buchholz (8.4).
    Aob,
    /// Sonneborn-Berger (9.1).
    Sb,
    /// Average rating of opponents (10.1).
    Aro,
    /// Direct encounter (6).
    De,
    /// Progressive score (7.6).
    Ps,
    /// Koya system, for round robins (9.2).
    Ks,
}

impl Base {
    const ALL: [(Base, &'static str); 14] = [
        (Base::Pts, "PTS"),
        (Base::Win, "WIN"),
        (Base::Won, "WON"),
        (Base::Bpg, "BPG"),
        (Base::Bwg, "BWG"),
        (Base::Ge, "GE"),
        (Base::Bh, "BH"),
        (Base::Fb, "FB"),
        (Base::Aob, "AOB"),
        (Base::Sb, "SB"),
        (Base::Aro, "ARO"),
        (Base::De, "DE"),
        (Base::Ps, "PS"),
        (Base::Ks, "KS"),
    ];

    pub fn acronym(self) -> &'static str {
        Base::ALL
            .iter()
            .find(|(b, _)| *b == self)
            .map_or("", |(_, a)| a)
    }

    /// Whether cuts (C1, C2) apply; and medians (M1, M2).
    fn takes_cuts(self) -> bool {
        matches!(self, Base::Bh | Base::Fb | Base::Sb | Base::Aro | Base::Ps)
    }

    fn takes_medians(self) -> bool {
        matches!(self, Base::Bh | Base::Fb | Base::Sb | Base::Aro)
    }
}

/// A tie-break with its modifiers: `BH`, `BH/C1` (the lowest value cut), `BH/M1` (the lowest
/// and the highest cut).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    pub base: Base,
    /// Lowest values cut.
    pub low: usize,
    /// Highest values cut.
    pub high: usize,
}

impl Code {
    /// A tie-break with `low` lowest and `high` highest values cut.
    pub const fn new(base: Base, low: usize, high: usize) -> Code {
        Code { base, low, high }
    }

    /// A tie-break without modifiers.
    pub const fn plain(base: Base) -> Code {
        Code::new(base, 0, 0)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.base.acronym())?;
        match (self.low, self.high) {
            (0, 0) => Ok(()),
            (n, 0) => write!(f, "/C{n}"),
            (n, m) if n == m => write!(f, "/M{n}"),
            (n, m) => write!(f, "/C{n}/H{m}"),
        }
    }
}

impl FromStr for Code {
    type Err = String;

    /// `BH-C1` and `BH/C1` alike, in any case.
    fn from_str(text: &str) -> Result<Code, String> {
        let upper = text.trim().to_ascii_uppercase();
        let mut parts = upper.split(['/', '-']);
        let name = parts.next().unwrap_or_default();
        let base = Base::ALL
            .iter()
            .find(|(_, a)| *a == name)
            .map(|(b, _)| *b)
            .ok_or_else(|| format!("{text:?} is not a tie-break this program knows"))?;
        let mut code = Code {
            base,
            low: 0,
            high: 0,
        };
        for modifier in parts {
            let (kind, n) = modifier.split_at(modifier.len().min(1));
            let n: usize = n
                .parse()
                .ok()
                .filter(|&n| (1..=9).contains(&n))
                .ok_or_else(|| format!("{text:?}: {modifier:?} is not a modifier"))?;
            match kind {
                "C" if base.takes_cuts() => code.low = n,
                "M" if base.takes_medians() => {
                    code.low = n;
                    code.high = n;
                }
                _ => return Err(format!("{text:?}: {modifier:?} does not apply to {name}")),
            }
        }
        Ok(code)
    }
}

/// A player's line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The starting number.
    pub number: u32,
    /// The place, shared by players tied on every tie-break.
    pub rank: u32,
    /// The value of each tie-break asked for, in order.
    pub values: Vec<f64>,
}

/// One round of one player, as the tie-breaks see it.
#[derive(Clone, Copy)]
struct Round {
    points: f64,
    /// The opponent (by index), for a game or a forfeit.
    opponent: Option<usize>,
    /// Played over the board (a pairing-allocated bye counts as played, without an opponent).
    played: bool,
    black: bool,
    /// A voluntarily unplayed round (16.2): not played and not worth a win.
    vur: bool,
}

struct Player {
    number: u32,
    rating: u32,
    rounds: Vec<Round>,
}

impl Player {
    fn points(&self) -> f64 {
        // From +0.0: a sum of nothing is 0, never the -0.0 `Sum` starts from.
        self.rounds.iter().map(|r| r.points).fold(0.0, |a, b| a + b)
    }

    fn game(&self, r: usize, forfeits_count: bool) -> Option<usize> {
        let round = &self.rounds[r];
        round.opponent.filter(|_| forfeits_count || round.played)
    }
}

/// The tie-break values of every player of `trf` after round `after`, ranked by `codes` in
/// order; rows in starting-number order. Results are worth what the file's line `162` says. In
/// a round robin (`round_robin`) a forfeit counts as the game it replaced (C.07 16.1).
pub fn standings(trf: &Trf, after: usize, codes: &[Code], round_robin: bool) -> Vec<Row> {
    let table = Crosstable::new(trf, after, round_robin, trf.scoring);
    let mut ranking = Ranking::new(&table.numbers());
    let mut values: Vec<Vec<f64>> = vec![Vec::with_capacity(codes.len()); table.len()];
    for code in codes {
        let column = table.column(*code, ranking.ranks());
        ranking.add(&column, code.base == Base::De);
        for (p, v) in column.into_iter().enumerate() {
            values[p].push(v);
        }
    }
    let mut rows: Vec<Row> = table
        .numbers()
        .into_iter()
        .zip(values)
        .zip(ranking.ranks())
        .map(|((number, values), &rank)| Row {
            number,
            rank,
            values,
        })
        .collect();
    rows.sort_by_key(|r| r.number);
    rows
}

/// Players ranked by one tie-break after another (C.07 4.1): those tied so far are ordered by
/// the next; players tied on all share a place (competition ranking: 1, 1, 3).
pub struct Ranking {
    numbers: Vec<u32>,
    ranks: Vec<u32>,
    order: Vec<usize>,
}

impl Ranking {
    /// All tied, before any tie-break; `numbers` are the starting numbers, which order players
    /// tied on every tie-break.
    pub fn new(numbers: &[u32]) -> Ranking {
        let mut order: Vec<usize> = (0..numbers.len()).collect();
        order.sort_by_key(|&p| numbers[p]);
        Ranking {
            numbers: numbers.to_vec(),
            ranks: vec![1; numbers.len()],
            order,
        }
    }

    /// Each player's place so far (by index).
    pub fn ranks(&self) -> &[u32] {
        &self.ranks
    }

    /// Indices in standings order.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// Orders the players tied so far by `values` (highest first, or lowest with `ascending`).
    pub fn add(&mut self, values: &[f64], ascending: bool) {
        let (ranks, numbers) = (&self.ranks, &self.numbers);
        self.order.sort_by(|&a, &b| {
            let by_value = values[a].total_cmp(&values[b]);
            ranks[a]
                .cmp(&ranks[b])
                .then(if ascending {
                    by_value
                } else {
                    by_value.reverse()
                })
                .then(numbers[a].cmp(&numbers[b]))
        });
        let Some(&first) = self.order.first() else {
            return;
        };
        // A player keeps the place of the one before when both were tied and still are.
        let mut value = values[first];
        for i in 1..self.order.len() {
            let (p, previous) = (self.order[i], self.order[i - 1]);
            let position = i as u32 + 1;
            if self.ranks[p] == position || values[p] != value {
                self.ranks[p] = position;
                value = values[p];
            } else {
                self.ranks[p] = self.ranks[previous];
            }
        }
    }
}

/// A tournament's crosstable as the tie-breaks read it, cut after a round.
pub struct Crosstable {
    players: Vec<Player>,
    /// The rounds counted (the standings are after this one).
    rounds: usize,
    /// The rounds the tournament has in all.
    total: usize,
    round_robin: bool,
    scoring: Scoring,
}

impl Crosstable {
    /// Rounds 1 to `after` of `trf`; `round_robin` when forfeits count as games (C.07 16.1).
    pub fn new(trf: &Trf, after: usize, round_robin: bool, scoring: Scoring) -> Crosstable {
        let total = trf
            .planned_rounds
            .map_or(trf.rounds(), |n| n as usize)
            .max(after);
        Crosstable {
            players: players(trf, after, &scoring),
            rounds: after,
            total,
            round_robin,
            scoring,
        }
    }

    pub fn len(&self) -> usize {
        self.players.len()
    }

    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// The starting numbers, by index.
    pub fn numbers(&self) -> Vec<u32> {
        self.players.iter().map(|p| p.number).collect()
    }

    /// The values of a tie-break, by index; `ranks` are the places so far (direct encounter
    /// works within the groups they tie).
    pub fn column(&self, code: Code, ranks: &[u32]) -> Vec<f64> {
        let ctx = Context {
            players: &self.players,
            rounds: self.rounds,
            total: self.total,
            round_robin: self.round_robin,
            win: self.scoring.win,
            draw: self.scoring.draw,
        };
        ctx.column(code, ranks)
    }
}

fn players(trf: &Trf, after: usize, scoring: &Scoring) -> Vec<Player> {
    let index: HashMap<u32, usize> = trf
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    trf.players
        .iter()
        .map(|p| Player {
            number: p.number,
            rating: p.rating,
            rounds: (1..=after)
                .map(|r| {
                    let cell = trf.cell(p.number, r);
                    let outcome = cell.outcome;
                    let played = outcome.played() || outcome == Outcome::PairingBye;
                    let won = matches!(
                        outcome,
                        Outcome::Win | Outcome::UnratedWin | Outcome::ForfeitWin | Outcome::FullBye
                    );
                    Round {
                        points: scoring.points(outcome),
                        opponent: cell
                            .opponent
                            .filter(|_| outcome.has_opponent())
                            .and_then(|o| index.get(&o).copied()),
                        played,
                        black: cell.colour == Some(Colour::Black),
                        vur: !played && !won,
                    }
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_with_either_separator_and_write_with_a_slash() {
        let code: Code = "bh-c1".parse().unwrap();
        assert_eq!(
            code,
            Code {
                base: Base::Bh,
                low: 1,
                high: 0
            }
        );
        assert_eq!(code.to_string(), "BH/C1");
        assert_eq!("SB/M1".parse::<Code>().unwrap().to_string(), "SB/M1");
        assert!("XYZ".parse::<Code>().is_err());
        assert!("WIN/C1".parse::<Code>().is_err());
        assert!("BH/C".parse::<Code>().is_err());
    }
}
