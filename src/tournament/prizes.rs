//! Prizes: the organiser lists them (place prizes, and prizes of a category, each with an amount
//! of money or an award such as a medal), and who wins each is computed from the final
//! standings. Prizes are given in the order listed, best first: each goes to the best-placed
//! player who may take it (in its category, if it has one; without a prize yet when a player may
//! take only one). Players tied on points are settled as the event says: by the tie-breaks (the
//! standings' order), shared (US Chess's rule 32B3 as amended: the whole score group pools the
//! prizes its players would take, one each, and divides the money once, to the cent), or by a
//! play-off. Money is counted in whole hundredths ([`Money`]), never binary floating point.
//! `docs/standings.md` ("Prizes") states it with worked examples.

use crate::tournament::said::Said;
use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::money::{self, Money};
use super::standings::Standing;

/// A prize as the organiser lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prize {
    /// "1st", "Best Under 12".
    pub name: String,
    /// The category it is for (none: every player).
    #[serde(default)]
    pub category: Option<String>,
    /// Money, which a tie shares.
    #[serde(default)]
    pub amount: Option<Money>,
    /// What else it is ("gold medal", "trophy"): each player sharing it receives it.
    #[serde(default)]
    pub award: String,
}

/// How players tied on points for a prize are settled.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::Display,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Ties {
    /// The tie-breaks decide: the standings' order.
    #[default]
    Tiebreak,
    /// The tied players pool the prizes they would take and share their money.
    Split,
    /// A play-off decides; until it does, the prize waits.
    Playoff,
}

/// The organiser's list of prizes and how they are given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrizeList {
    #[serde(default)]
    pub prizes: Vec<Prize>,
    /// A player takes at most one prize (the first, best, they may take).
    #[serde(default = "yes")]
    pub one_each: bool,
    #[serde(default)]
    pub ties: Ties,
    /// The currency the amounts are in ("GH₵", "£", "FCFA").
    #[serde(default)]
    pub currency: String,
}

impl PrizeList {
    /// The smallest part a share is counted in, in hundredths: a cent, or a whole unit for a
    /// currency without cents (the CFA franc).
    pub fn unit(&self) -> i64 {
        if money::whole_units(&self.currency) {
            100
        } else {
            1
        }
    }

    /// What the list's prizes amount to.
    pub fn fund(&self) -> Money {
        self.prizes.iter().filter_map(|p| p.amount).sum()
    }
}

fn yes() -> bool {
    true
}

impl Default for PrizeList {
    fn default() -> PrizeList {
        PrizeList {
            prizes: Vec::new(),
            one_each: true,
            ties: Ties::Tiebreak,
            currency: String::new(),
        }
    }
}

/// The most prizes a tournament lists.
pub const MAX_PRIZES: usize = 100;

impl PrizeList {
    /// Every problem of a list, one sentence each: names, amounts, categories the event has.
    pub fn problems(&self, categories: &[String]) -> Vec<Said> {
        let mut problems = Vec::new();
        if self.prizes.len() > MAX_PRIZES {
            problems.push(crate::said!("prizes-at-most", max_prizes = MAX_PRIZES));
        }
        if self.currency.chars().count() > 10 {
            problems.push(crate::said!("currency-at-most-10-characters"));
        }
        for (i, p) in self.prizes.iter().enumerate() {
            let n = i + 1;
            if p.name.trim().is_empty() || p.name.chars().count() > 60 {
                problems.push(crate::said!("prize-name-1-60-characters", n));
            }
            if p.award.chars().count() > 60 {
                problems.push(crate::said!("prize-award-at-most-60", n));
            }
            if p.amount.is_some_and(|a| a > money::MOST) {
                problems.push(crate::said!("prize-amount-0-1-000", n));
            }
            if p.amount.is_some_and(|a| a.hundredths() % self.unit() != 0) {
                problems.push(crate::said!(
                    "prize-amount-whole",
                    n,
                    currency = self.currency.as_str()
                ));
            }
            if p.amount.is_none() && p.award.trim().is_empty() {
                problems.push(crate::said!("prize-give-amount-award-both", n));
            }
            if let Some(c) = &p.category
                && !categories.contains(c)
            {
                problems.push(crate::said!("prize-not-one-event-s", n, c));
            }
            // Listed best first: a later prize of the same category worth more is a slip.
            let earlier = self.prizes[..i]
                .iter()
                .enumerate()
                .filter(|(_, q)| q.category == p.category)
                .find(|(_, q)| matches!((q.amount, p.amount), (Some(a), Some(b)) if b > a));
            if let Some((k, q)) = earlier {
                problems.push(crate::said!(
                    "prize-more-than-earlier",
                    n,
                    name = p.name.as_str(),
                    earlier = k + 1,
                    earlier_name = q.name.as_str()
                ));
            }
        }
        problems
    }
}

/// Who receives a prize.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Winner {
    pub player_id: i32,
    /// The prize's money, when they take it alone; none when it went into a pool (each part
    /// is the pool's) or it has no money.
    pub amount: Option<Money>,
}

/// Why a prize goes to nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Unawarded {
    /// No player is in its category.
    NoneInCategory,
    /// Every player who may take it holds a prize already (one prize each).
    AllHoldPrizes,
}

/// A prize as given.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Awarded {
    pub prize: Prize,
    /// Who receives it: the one who takes it alone, or, when a tie pooled it, the players of
    /// the tie it is awarded to (those in its category: the award, a medal, is theirs; its
    /// money is divided in the pool). None when no player may take it, or a play-off is to
    /// decide.
    pub winners: Vec<Winner>,
    /// The pool its money went into (an index into [`Given::pools`]).
    pub pool: Option<usize>,
    /// Players tied on points for it whom a play-off is to separate (the play-off policy).
    pub playoff: Vec<i32>,
    /// Why nobody takes it, when nobody does and no play-off is to decide.
    pub unawarded: Option<Unawarded>,
}

impl Awarded {
    /// `prize`, given to nobody yet.
    fn to_nobody(prize: &Prize) -> Awarded {
        Awarded {
            prize: prize.clone(),
            winners: Vec::new(),
            pool: None,
            playoff: Vec::new(),
            unawarded: None,
        }
    }
}

/// A tied player's part of a pool.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Part {
    pub player_id: i32,
    pub amount: Money,
    /// Held to the largest pooled prize they may take (US Chess's cap): what they could not
    /// take went to the others.
    pub capped: bool,
}

/// Prizes pooled by players tied on points, and each one's part of their money.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pool {
    /// The prizes pooled, as indexes into the list, in its order.
    pub prizes: Vec<usize>,
    /// The points the players are tied on.
    pub points: f64,
    /// Their money in all.
    pub total: Money,
    /// Each player's part, in the standings' order; the parts add up to `total` exactly.
    pub parts: Vec<Part>,
}

/// The prizes as the standings give them.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Given {
    /// Every prize of the list, in its order.
    pub prizes: Vec<Awarded>,
    /// The pools of tied players (the split policy), in the order of their first prize.
    pub pools: Vec<Pool>,
}

impl Given {
    /// Each player's money in all, in the order they first take some: what the treasurer pays.
    pub fn totals(&self) -> Vec<(i32, Money)> {
        let mut totals: Vec<(i32, Money)> = Vec::new();
        let mut add = |player: i32, amount: Money| match totals.iter_mut().find(|t| t.0 == player) {
            Some(t) => t.1 += amount,
            None => totals.push((player, amount)),
        };
        for (j, a) in self.prizes.iter().enumerate() {
            for w in &a.winners {
                if let Some(amount) = w.amount {
                    add(w.player_id, amount);
                }
            }
            for pool in self.pools.iter().filter(|p| p.prizes.first() == Some(&j)) {
                for part in &pool.parts {
                    add(part.player_id, part.amount);
                }
            }
        }
        totals
    }

    /// The money paid in all.
    pub fn paid(&self) -> Money {
        self.totals().into_iter().map(|(_, m)| m).sum()
    }
}

/// Who may take a prize: the event's categories.
struct Rule<'a> {
    list: &'a PrizeList,
    members: &'a HashMap<String, HashSet<i32>>,
}

impl Rule<'_> {
    /// Whether `player` is in prize `j`'s category (every player, for a prize without one).
    fn in_category(&self, j: usize, player: i32) -> bool {
        self.list.prizes[j]
            .category
            .as_ref()
            .is_none_or(|c| self.members.get(c).is_some_and(|m| m.contains(&player)))
    }

    fn amount(&self, j: usize) -> Money {
        self.list.prizes[j].amount.unwrap_or_default()
    }

    /// The prizes of `left` the players of `group` would take were there no tie, one each:
    /// as many as they can take together, and of those the first listed (a prize joins the
    /// pool if the group can still hold it with the ones before it, each player taking one;
    /// the greedy choice of a matroid, found with augmenting paths). Which of the group is
    /// placed first does not change it.
    fn pool_of(&self, group: &[i32], left: &[usize]) -> Vec<usize> {
        let mut holder: Vec<Option<usize>> = vec![None; group.len()];
        let mut pooled = Vec::new();
        for &j in left {
            if pooled.len() == group.len() {
                break;
            }
            let mut seen = vec![false; group.len()];
            let before = holder.clone();
            if self.augment(j, group, &mut holder, &mut seen) {
                pooled.push(j);
            } else {
                holder = before;
            }
        }
        pooled
    }

    /// Kuhn's augmenting path: gives prize `j` to a player of `group`, moving the prizes held
    /// along the way, if it can be done.
    fn augment(
        &self,
        j: usize,
        group: &[i32],
        holder: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for (k, &p) in group.iter().enumerate() {
            if seen[k] || !self.in_category(j, p) {
                continue;
            }
            seen[k] = true;
            let free = match holder[k] {
                None => true,
                Some(other) => self.augment(other, group, holder, seen),
            };
            if free {
                holder[k] = Some(j);
                return true;
            }
        }
        false
    }
}

/// The prizes as the final standings give them. `table` is the standings in order; `members`
/// the players of each category by name; `settled` the players whose order a decided play-off
/// fixed (their tie needs no other).
///
/// One prize each: the score groups are taken from the top; each player of a group alone (or
/// ordered by the tie-breaks, or by a decided play-off) takes the first prize left that they
/// may take. A tie shared follows US Chess's rule 32B3 as amended: the whole score group pools
/// the prizes its players would take were there no tie (one each, category prizes included),
/// unless a prize the others of the tie may not take is worth more to those who may than an
/// equal part of the pool (they take it, alone or dividing it, and the others pool the rest);
/// the pool's money is divided once, each player held to the largest pooled prize they may
/// take (what they cannot take goes to the others), and the cents left over go one each to the
/// tied players in the standings' order. A play-off: the pooled prizes wait for it.
///
/// Several prizes each (`one_each` false: at most one of each category, the prizes for every
/// player being one more): each category's prizes are given among its members as above, apart.
pub fn award(
    list: &PrizeList,
    table: &[Standing],
    members: &HashMap<String, HashSet<i32>>,
    settled: &HashSet<i32>,
) -> Given {
    let rule = Rule { list, members };
    let mut given = Given {
        prizes: list.prizes.iter().map(Awarded::to_nobody).collect(),
        pools: Vec::new(),
    };
    let all: Vec<usize> = (0..list.prizes.len()).collect();
    if list.one_each {
        rule.give(&all, table, settled, &mut given);
    } else {
        let mut categories: Vec<&Option<String>> = Vec::new();
        for p in &list.prizes {
            if !categories.contains(&&p.category) {
                categories.push(&p.category);
            }
        }
        for c in categories {
            let prizes: Vec<usize> = all
                .iter()
                .copied()
                .filter(|&j| list.prizes[j].category == *c)
                .collect();
            let field: Vec<Standing> = table
                .iter()
                .filter(|s| rule.in_category(prizes[0], s.player_id))
                .cloned()
                .collect();
            rule.give(&prizes, &field, settled, &mut given);
        }
        // The pools in the order of their first prize, each prize pointing at its own.
        given.pools.sort_by_key(|p| p.prizes[0]);
        for (k, pool) in given.pools.iter().enumerate() {
            for &j in &pool.prizes {
                given.prizes[j].pool = Some(k);
            }
        }
    }
    for (j, a) in given.prizes.iter_mut().enumerate() {
        if a.winners.is_empty() && a.pool.is_none() && a.playoff.is_empty() {
            a.unawarded = Some(if table.iter().any(|s| rule.in_category(j, s.player_id)) {
                Unawarded::AllHoldPrizes
            } else {
                Unawarded::NoneInCategory
            });
        }
    }
    given
}

impl Rule<'_> {
    /// Gives the prizes `prizes` (indexes, in the list's order) to the players of `table`, one
    /// each, score group by score group.
    fn give(
        &self,
        prizes: &[usize],
        table: &[Standing],
        settled: &HashSet<i32>,
        given: &mut Given,
    ) {
        let mut left: Vec<usize> = prizes.to_vec();
        let mut k = 0;
        while k < table.len() && !left.is_empty() {
            let points = table[k].points;
            let end = k + table[k..].iter().take_while(|s| s.points == points).count();
            let group: Vec<i32> = table[k..end].iter().map(|s| s.player_id).collect();
            k = end;
            let in_order = group.len() == 1
                || self.list.ties == Ties::Tiebreak
                || (self.list.ties == Ties::Playoff && group.iter().all(|p| settled.contains(p)));
            if in_order {
                for p in group {
                    if let Some(at) = left.iter().position(|&j| self.in_category(j, p)) {
                        self.alone(left.remove(at), p, given);
                    }
                }
            } else if self.list.ties == Ties::Playoff {
                let pooled = self.pool_of(&group, &left);
                let waiting: Vec<i32> = group
                    .iter()
                    .copied()
                    .filter(|&p| pooled.iter().any(|&j| self.in_category(j, p)))
                    .collect();
                for &j in &pooled {
                    given.prizes[j].playoff = waiting.clone();
                }
                left.retain(|j| !pooled.contains(j));
            } else {
                self.share(group, points, &mut left, given);
            }
        }
    }

    /// Prize `j` to `player` alone.
    fn alone(&self, j: usize, player: i32, given: &mut Given) {
        given.prizes[j].winners = vec![Winner {
            player_id: player,
            amount: self.list.prizes[j].amount,
        }];
    }

    /// A score group's tie shared (US Chess 32B3): see [`award`].
    fn share(&self, mut group: Vec<i32>, points: f64, left: &mut Vec<usize>, given: &mut Given) {
        loop {
            let pooled = self.pool_of(&group, left);
            // Only those who may take a pooled prize are among its winners.
            group.retain(|&p| pooled.iter().any(|&j| self.in_category(j, p)));
            match group.as_slice() {
                [] => return,
                [p] => {
                    for j in pooled {
                        left.retain(|&l| l != j);
                        self.alone(j, *p, given);
                    }
                    return;
                }
                _ => {}
            }
            let total: Money = pooled.iter().map(|&j| self.amount(j)).sum();
            // A prize the others of the tie may not take, worth more to those who may (alone,
            // or dividing it) than an equal part of the pool: the most a head first.
            let n = group.len() as i64;
            let apart = pooled
                .iter()
                .map(|&j| {
                    let who: Vec<i32> = group
                        .iter()
                        .copied()
                        .filter(|&p| self.in_category(j, p))
                        .collect();
                    (j, who)
                })
                .filter(|(j, who)| {
                    who.len() < group.len()
                        && self.amount(*j).hundredths() * n > total.hundredths() * who.len() as i64
                })
                .reduce(|best, next| {
                    let (b, n) = (self.amount(best.0), self.amount(next.0));
                    if n.hundredths() * (best.1.len() as i64)
                        > b.hundredths() * (next.1.len() as i64)
                    {
                        next
                    } else {
                        best
                    }
                });
            if let Some((j, who)) = apart {
                left.retain(|&l| l != j);
                group.retain(|p| !who.contains(p));
                if let [p] = who.as_slice() {
                    self.alone(j, *p, given);
                } else {
                    self.pool(vec![j], &who, points, given);
                }
                continue;
            }
            left.retain(|j| !pooled.contains(j));
            self.pool(pooled, &group, points, given);
            return;
        }
    }

    /// `prizes` pooled by `group` (in the standings' order): the money divided once, each held
    /// to the largest pooled prize they may take, the units left over one each in order.
    fn pool(&self, prizes: Vec<usize>, group: &[i32], points: f64, given: &mut Given) {
        let unit = self.list.unit();
        let total: Money = prizes.iter().map(|&j| self.amount(j)).sum();
        let caps: Vec<Money> = group
            .iter()
            .map(|&p| {
                prizes
                    .iter()
                    .filter(|&&j| self.in_category(j, p))
                    .map(|&j| self.amount(j))
                    .max()
                    .unwrap_or_default()
            })
            .collect();
        let mut parts: Vec<Option<Money>> = vec![None; group.len()];
        let mut rest = total;
        loop {
            let open = parts.iter().filter(|p| p.is_none()).count() as i64;
            // Below an equal part of what is left: held to the cap (the parts of the others
            // only grow, so these stay held).
            let held: Vec<usize> = (0..group.len())
                .filter(|&k| parts[k].is_none() && caps[k].hundredths() * open < rest.hundredths())
                .collect();
            if held.is_empty() {
                break;
            }
            for k in held {
                parts[k] = Some(caps[k]);
                rest -= caps[k];
            }
        }
        let open = parts.iter().filter(|p| p.is_none()).count();
        let (each, mut over) = rest.divide(open, unit);
        let parts = group
            .iter()
            .zip(parts)
            .map(|(&player_id, part)| match part {
                Some(amount) => Part {
                    player_id,
                    amount,
                    capped: true,
                },
                None => {
                    let one = if over > 0 {
                        Money::from_hundredths(unit)
                    } else {
                        Money::ZERO
                    };
                    over = over.saturating_sub(1);
                    Part {
                        player_id,
                        amount: each + one,
                        capped: false,
                    }
                }
            })
            .collect();
        let k = given.pools.len();
        for &j in &prizes {
            given.prizes[j].pool = Some(k);
            given.prizes[j].winners = group
                .iter()
                .filter(|&&p| self.in_category(j, p))
                .map(|&player_id| Winner {
                    player_id,
                    amount: None,
                })
                .collect();
        }
        given.pools.push(Pool {
            prizes,
            points,
            total,
            parts,
        });
    }
}

#[cfg(test)]
mod tests;
