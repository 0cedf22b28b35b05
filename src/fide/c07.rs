//! FIDE's tie-breaks (Handbook C.07, the regulations in force from 2023/2024), computed from a
//! tournament's crosstable as a [`Trf`]: the values of every player and the ranking they give.
//! `docs/standings.md` states each rule with the article it comes from.
//!
//! Points follow a [`Scoring`]: by default C.07's, a win (played, by forfeit, or a bye worth a
//! win) 1, a draw or half-point bye ½, anything else 0.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use super::trf::{Colour, Outcome, Trf};

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

/// What each outcome is worth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scoring {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
    /// The pairing-allocated bye.
    pub bye: f64,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            win: 1.0,
            draw: 0.5,
            loss: 0.0,
            bye: 1.0,
        }
    }
}

impl Scoring {
    pub fn points(&self, outcome: Outcome) -> f64 {
        match outcome {
            Outcome::Win | Outcome::UnratedWin | Outcome::ForfeitWin | Outcome::FullBye => self.win,
            Outcome::Draw | Outcome::UnratedDraw | Outcome::HalfBye => self.draw,
            Outcome::Loss | Outcome::UnratedLoss | Outcome::ForfeitLoss => self.loss,
            Outcome::PairingBye => self.bye,
            Outcome::ZeroBye | Outcome::Absent => 0.0,
        }
    }
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
        self.rounds.iter().map(|r| r.points).sum()
    }

    fn game(&self, r: usize, forfeits_count: bool) -> Option<usize> {
        let round = &self.rounds[r];
        round.opponent.filter(|_| forfeits_count || round.played)
    }
}

/// The tie-break values of every player of `trf` after round `after`, ranked by `codes` in
/// order; rows in starting-number order. In a round robin (`round_robin`) a forfeit counts as
/// the game it replaced (C.07 16.1).
pub fn standings(trf: &Trf, after: usize, codes: &[Code], round_robin: bool) -> Vec<Row> {
    let table = Crosstable::new(trf, after, round_robin, Scoring::default());
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

struct Context<'a> {
    players: &'a [Player],
    rounds: usize,
    total: usize,
    round_robin: bool,
    win: f64,
    draw: f64,
}

/// What the Buchholz family adds up: each round's value, and whether the round was one the
/// player chose not to play (cut first, 14.6).
#[derive(Clone, Copy)]
struct Contribution {
    score: f64,
    value: f64,
    vur: bool,
}

impl Context<'_> {
    fn column(&self, code: Code, ranks: &[u32]) -> Vec<f64> {
        let each = |f: &dyn Fn(&Player) -> f64| self.players.iter().map(f).collect();
        let count = |f: &dyn Fn(&Round) -> bool| -> Vec<f64> {
            self.players
                .iter()
                .map(|p| p.rounds.iter().filter(|r| f(r)).count() as f64)
                .collect()
        };
        match code.base {
            Base::Pts => each(&|p| p.points()),
            Base::Win => count(&|r| r.points == self.win),
            Base::Won => count(&|r| r.points == self.win && r.played && r.opponent.is_some()),
            Base::Bpg => count(&|r| r.black && r.played),
            Base::Bwg => count(&|r| r.black && r.played && r.points == self.win),
            Base::Ge => count(&|r| r.played || r.points == self.win),
            Base::Bh | Base::Fb | Base::Sb => self.buchholz(
                code.base == Base::Fb,
                code.base == Base::Sb,
                code.low,
                code.high,
            ),
            Base::Aob => {
                let bh = self.buchholz(false, false, 0, 0);
                each(&|p| {
                    let values: Vec<f64> = (0..self.rounds)
                        .filter_map(|r| p.game(r, false))
                        .map(|o| bh[o])
                        .collect();
                    if values.is_empty() {
                        0.0
                    } else {
                        // Two decimals, halves rounded up.
                        let hundredths = values.iter().sum::<f64>() * 100.0 / values.len() as f64;
                        (hundredths + 1e-9).round() / 100.0
                    }
                })
            }
            Base::Aro => each(&|p| self.average_rating(p, code.low, code.high)),
            Base::Ps => each(&|p| {
                let mut so_far = 0.0;
                let mut total = 0.0;
                for (r, round) in p.rounds.iter().enumerate() {
                    so_far += round.points;
                    if r >= code.low {
                        total += so_far;
                    }
                }
                total
            }),
            Base::Ks => {
                let half = self.draw * self.koya_games() as f64;
                each(&|p| {
                    p.rounds
                        .iter()
                        .filter(|r| {
                            r.opponent
                                .is_some_and(|o| self.players[o].points() + 0.000_001 >= half)
                        })
                        .map(|r| r.points)
                        .sum()
                })
            }
            Base::De => self.direct_encounter(ranks),
        }
    }

    /// The games a player can have had, for Koya's limit (9.2): in a round robin with an odd
    /// number of players, one round each is a bye; players never paired do not count.
    fn koya_games(&self) -> usize {
        let mut games = self.rounds;
        let n = self.players.len();
        if self.round_robin && n > 0 {
            if self.rounds.is_multiple_of(n) {
                games -= self.rounds / n;
            }
            let never = self
                .players
                .iter()
                .filter(|p| self.last_paired(p) == 0)
                .count();
            games = games.saturating_sub(never);
        }
        games
    }

    /// The last round that was not voluntarily unplayed (16.2.1–16.2.4), 0 if none.
    fn last_taken(&self, p: &Player) -> usize {
        p.rounds.iter().rposition(|r| !r.vur).map_or(0, |r| r + 1)
    }

    /// The last round the player was paired in (a game, a forfeit or the pairing's bye).
    fn last_paired(&self, p: &Player) -> usize {
        p.rounds
            .iter()
            .rposition(|r| r.opponent.is_some() || r.played)
            .map_or(0, |r| r + 1)
    }

    /// For Fore-Buchholz (8.3): whether the player's last round, the tournament's last, is
    /// counted as a draw.
    fn fore(&self, p: &Player, fore: bool) -> bool {
        fore && self.last_paired(p) == self.total
    }

    /// A player's score as it counts in an opponent's Buchholz (16.3), and their own score as
    /// it counts for their own unplayed rounds (16.4). Unplayed rounds of 16.2.5 (absences from
    /// a round on, with no opponent) count as draws; for Fore-Buchholz, a last round with an
    /// opponent counts as a draw.
    fn scores_for_buchholz(&self, p: &Player, fore: bool) -> (f64, f64) {
        let fore = self.fore(p, fore);
        let last_taken = if fore {
            self.last_paired(p)
        } else {
            self.last_taken(p)
        };
        let mut adjusted: f64 = p
            .rounds
            .iter()
            .enumerate()
            .map(|(r, round)| {
                if r < last_taken || round.opponent.is_some() {
                    round.points
                } else {
                    self.draw
                }
            })
            .sum();
        let mut own = p.points();
        if fore && p.rounds.last().is_some_and(|r| r.opponent.is_some()) {
            let adjust = self.draw - p.rounds.last().map_or(0.0, |r| r.points);
            adjusted += adjust;
            own += adjust;
        }
        (adjusted, own)
    }

    /// Buchholz (or Fore-Buchholz, or Sonneborn-Berger) with `low` lowest and `high` highest
    /// contributions cut.
    fn buchholz(&self, fore: bool, sonneborn: bool, low: usize, high: usize) -> Vec<f64> {
        let scores: Vec<(f64, f64)> = self
            .players
            .iter()
            .map(|p| self.scores_for_buchholz(p, fore))
            .collect();
        let low = low.min(self.rounds);
        let high = high.min(self.rounds - low);
        self.players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let own = scores[i].1;
                let mut contributions: Vec<Contribution> = p
                    .rounds
                    .iter()
                    .enumerate()
                    .filter(|(_, round)| round.opponent.is_some() || !self.round_robin)
                    .map(|(r, round)| {
                        // For Fore-Buchholz the last round is a game whatever happened.
                        let as_game = self.round_robin || fore && r + 1 == self.total;
                        let (score, vur) = match p.game(r, as_game) {
                            Some(o) => (scores[o].0, false),
                            None if self.round_robin => (0.0, round.vur),
                            // An unplayed round counts the player's own score, but never more
                            // than the opponent's (16.4.1) or, with no opponent, than draws
                            // in every round (16.4.2).
                            None => match round.opponent {
                                Some(o) => (own.min(scores[o].0), round.vur),
                                None => (own.min(self.draw * self.rounds as f64), round.vur),
                            },
                        };
                        let value = if sonneborn {
                            score * round.points
                        } else {
                            score
                        };
                        Contribution { score, value, vur }
                    })
                    .collect();
                for _ in 0..low {
                    cut(&mut contributions, false);
                }
                for _ in 0..high {
                    cut(&mut contributions, true);
                }
                contributions.iter().map(|c| c.value).sum()
            })
            .collect()
    }

    fn average_rating(&self, p: &Player, low: usize, high: usize) -> f64 {
        let mut games = 0usize;
        let mut ratings: Vec<u32> = Vec::new();
        for r in 0..self.rounds {
            if let Some(o) = p.game(r, false) {
                games += 1;
                if self.players[o].rating > 0 {
                    ratings.push(self.players[o].rating);
                }
            }
        }
        ratings.sort_unstable();
        let low = low.min(self.rounds);
        let high = high.min(self.rounds - low);
        // A cut removes a rating only when every round was a game with a rated opponent (the
        // unplayed ones are what is cut otherwise).
        for _ in 0..low {
            if games == ratings.len() && !ratings.is_empty() {
                ratings.remove(0);
            }
            games = games.saturating_sub(1);
        }
        for _ in 0..high {
            if games == ratings.len() {
                ratings.pop();
            }
            games = games.saturating_sub(1);
        }
        if ratings.is_empty() {
            return 0.0;
        }
        let mean = ratings.iter().map(|&r| f64::from(r)).sum::<f64>() / ratings.len() as f64;
        (mean + 0.000_001).round()
    }

    /// Direct encounter (article 6), among the players tied on every earlier tie-break: 0 when
    /// it separates none of a tied group, else each player's place within the group (1 first).
    fn direct_encounter(&self, ranks: &[u32]) -> Vec<f64> {
        let n = self.players.len();
        let number = |p: usize| self.players[p].number;
        let mut place: Vec<i64> = ranks.iter().map(|&r| i64::from(r)).collect();
        let mut more = vec![true; n];
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&p| (ranks[p], number(p)));
        let mut again = true;
        while again {
            again = false;
            let mut start = 0;
            while start < n {
                let stop = (start + 1..n)
                    .find(|&i| place[order[i]] != place[order[start]])
                    .unwrap_or(n);
                if more[order[start]] {
                    if stop - start == 1 {
                        more[order[start]] = false;
                    } else {
                        let group: Vec<usize> = order[start..stop].to_vec();
                        let changed = self.separate(&group, &mut place) > 0;
                        for &p in &group {
                            more[p] = changed;
                        }
                        again |= changed;
                    }
                }
                start = stop;
            }
            order.sort_by_key(|&p| (ranks[p], place[p], number(p)));
        }
        // Within each group tied before, the places from 1, or 0 when none was separated.
        let mut out = vec![0.0; n];
        let mut start = 0;
        while start < n {
            let stop = (start + 1..n)
                .find(|&i| ranks[order[i]] != ranks[order[start]])
                .unwrap_or(n);
            let (first, last) = (place[order[start]], place[order[stop - 1]]);
            let offset = if first != last { first - 1 } else { first };
            for &p in &order[start..stop] {
                out[p] = (place[p] - offset) as f64;
            }
            start = stop;
        }
        out
    }

    /// One pass of direct encounter over a group sharing a place: the points each scored
    /// against the others (6.1); if not all have met, a player is placed above the next only when
    /// no result of the games not played could bring the next level (6.2). The number of players
    /// whose place changed.
    fn separate(&self, group: &[usize], place: &mut [i64]) -> usize {
        let current = place[group[0]];
        let others = group.len() - 1;
        let mut scored: HashMap<usize, (f64, f64)> = HashMap::new();
        let mut all_met = true;
        for &p in group {
            let mut against: HashMap<usize, (f64, u32)> = HashMap::new();
            for r in 0..self.rounds {
                let Some(o) = self.players[p].game(r, self.round_robin) else {
                    continue;
                };
                if place[o] != current {
                    continue;
                }
                let points = self.players[p].rounds[r].points;
                let entry = against.entry(o).or_insert((0.0, 0));
                entry.0 += points;
                entry.1 += 1;
            }
            // Two games against the same opponent count as their average.
            let total: f64 = against
                .values()
                .map(|(sum, games)| sum / f64::from(*games))
                .sum();
            let met = against.len();
            let best = if !self.round_robin && met < others {
                all_met = false;
                total + (others - met) as f64 * self.win
            } else {
                total
            };
            scored.insert(p, (total, best));
        }
        let mut sorted = group.to_vec();
        let number = |p: usize| self.players[p].number;
        let mut changes = 0;
        if all_met {
            sorted.sort_by(|&a, &b| {
                scored[&b]
                    .0
                    .total_cmp(&scored[&a].0)
                    .then(number(a).cmp(&number(b)))
            });
            let (mut rank, mut shared) = (current, current);
            let mut value = scored[&sorted[0]].0;
            for &p in &sorted[1..] {
                rank += 1;
                if scored[&p].0 != value {
                    shared = rank;
                    value = scored[&p].0;
                    changes += 1;
                }
                place[p] = shared;
            }
        } else {
            sorted.sort_by(|&a, &b| {
                scored[&b]
                    .0
                    .total_cmp(&scored[&a].0)
                    .then(scored[&b].1.total_cmp(&scored[&a].1))
                    .then(number(a).cmp(&number(b)))
            });
            let (mut rank, mut shared) = (current, current);
            let mut value = scored[&sorted[0]].0;
            let mut unique = true;
            for (i, &p) in sorted.iter().enumerate().skip(1) {
                rank += 1;
                // Placed above the rest only if none of them could still reach its score.
                let best_of_rest = sorted[i..]
                    .iter()
                    .map(|q| scored[q].1)
                    .fold(f64::NEG_INFINITY, f64::max);
                if unique && value > best_of_rest {
                    shared = rank;
                    changes += 1;
                } else {
                    unique = false;
                }
                place[p] = shared;
                value = scored[&p].0;
            }
        }
        changes
    }
}

/// Cuts the least (or, `highest`, the most) significant contribution: among the lowest, a
/// voluntarily unplayed round goes first (14.6), unless a round is worth less than it.
fn cut(contributions: &mut Vec<Contribution>, highest: bool) {
    let by_score = |a: &Contribution, b: &Contribution| {
        a.score
            .total_cmp(&b.score)
            .then(a.value.total_cmp(&b.value))
    };
    let indices = 0..contributions.len();
    let index = if highest {
        indices.min_by(|&a, &b| by_score(&contributions[b], &contributions[a]).then(a.cmp(&b)))
    } else {
        let lowest = indices
            .clone()
            .min_by(|&a, &b| by_score(&contributions[a], &contributions[b]).then(a.cmp(&b)));
        let unplayed = indices.filter(|&i| contributions[i].vur).min_by(|&a, &b| {
            let (x, y) = (&contributions[a], &contributions[b]);
            x.value
                .total_cmp(&y.value)
                .then(x.score.total_cmp(&y.score))
                .then(a.cmp(&b))
        });
        match (lowest, unplayed) {
            (Some(l), Some(u)) if contributions[l].value <= contributions[u].value => Some(u),
            (l, _) => l,
        }
    };
    if let Some(i) = index {
        contributions.remove(i);
    }
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
