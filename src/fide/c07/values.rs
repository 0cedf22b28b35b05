//! The value of each tie-break for every player: one `match` over the codes, each computed
//! as its article of C.07 says, from the crosstable's rounds.

use super::*;

/// The crosstable as the computations read it.
pub(super) struct Context<'a> {
    pub players: &'a [Player],
    pub rounds: usize,
    pub total: usize,
    pub round_robin: bool,
    pub win: f64,
    pub draw: f64,
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
    /// The values of a tie-break, by index (see [`Crosstable::column`]).
    pub fn column(&self, code: Code, ranks: &[u32]) -> Vec<f64> {
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
