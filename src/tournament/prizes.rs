//! Prizes: the organiser lists them (place prizes, and prizes of a category, each with an amount
//! of money or an award such as a medal), and who wins each is computed from the final
//! standings. Prizes are given in the order listed, best first: each goes to the best-placed
//! player who may take it (in its category, if it has one; without a prize yet when a player may
//! take only one). Players tied on points for a prize are settled as the event says: by the
//! tie-breaks (the standings' order), shared (they pool the prizes they would take and split the
//! money equally; an award such as a medal goes to each of them), or by a play-off.
//! `docs/standings.md` ("Prizes") states it with a worked example.

use crate::tournament::said::Said;
use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

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
    /// Money, which a tie shares equally.
    #[serde(default)]
    pub amount: Option<f64>,
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
    /// The tied players pool the prizes they would take and share them.
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
    /// The currency the amounts are in ("GH₵", "£").
    #[serde(default)]
    pub currency: String,
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
            if p.amount.is_some_and(|a| !(0.0..=1e9).contains(&a)) {
                problems.push(crate::said!("prize-amount-0-1-000", n));
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

/// Who takes a prize, and what of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Share {
    pub player_id: i32,
    /// Their part of the money (the whole amount, or an equal share of the pooled amounts).
    pub amount: Option<f64>,
    /// Whether they receive the prize's award (a medal): each winner who may take the prize
    /// does; a tied player outside its category shares only its money.
    pub award: bool,
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
    /// Who takes it (more than one when it is shared); none when no player may take it, or a
    /// play-off is to decide.
    pub winners: Vec<Share>,
    /// Players tied on points for it whom a play-off is to separate (the play-off policy).
    pub playoff: Vec<i32>,
    /// Shared by players tied on points (the split policy): each takes an equal part of its
    /// money (rounded down to a hundredth) and receives its award.
    pub shared: bool,
    /// Why nobody takes it, when nobody does and no play-off is to decide.
    pub unawarded: Option<Unawarded>,
}

impl Awarded {
    /// `prize`, given to nobody yet.
    fn to_nobody(prize: &Prize) -> Awarded {
        Awarded {
            prize: prize.clone(),
            winners: Vec::new(),
            playoff: Vec::new(),
            shared: false,
            unawarded: None,
        }
    }
}

/// The prizes held so far: the categories of the prizes each player holds (or waits for).
type Held = HashMap<i32, Vec<Option<String>>>;

/// Who may take a prize: the list's rule and the event's categories.
struct Rule<'a> {
    list: &'a PrizeList,
    members: &'a HashMap<String, HashSet<i32>>,
}

impl Rule<'_> {
    /// Whether `player` is in `prize`'s category (every player, for a prize without one).
    fn in_category(&self, prize: &Prize, player: i32) -> bool {
        prize
            .category
            .as_ref()
            .is_none_or(|c| self.members.get(c).is_some_and(|m| m.contains(&player)))
    }

    /// Whether `player` may take `prize`, holding what `held` says.
    fn may(&self, prize: &Prize, player: i32, held: &Held) -> bool {
        let free = held.get(&player).is_none_or(|h| {
            h.is_empty() || (!self.list.one_each && h.iter().all(|c| *c != prize.category))
        });
        self.in_category(prize, player) && free
    }

    /// The prizes from `from` on that the players of `group` would take were their tie broken
    /// by the standings' order: each prize, in the order listed, to the best-placed player who
    /// may take it, until each of the group has one (at most one each). What goes to others
    /// in between is theirs, not the group's.
    fn would_take(
        &self,
        from: usize,
        handled: &[bool],
        group: &[i32],
        table: &[Standing],
        held: &Held,
    ) -> Vec<(usize, i32)> {
        let mut held = held.clone();
        let mut taken = Vec::new();
        for j in (from..self.list.prizes.len()).filter(|&j| !handled[j]) {
            if taken.len() == group.len() {
                break;
            }
            let prize = &self.list.prizes[j];
            let Some(best) = table
                .iter()
                .map(|s| s.player_id)
                .find(|&p| self.may(prize, p, &held))
            else {
                continue;
            };
            held.entry(best).or_default().push(prize.category.clone());
            if group.contains(&best) {
                taken.push((j, best));
            }
        }
        taken
    }
}

/// The prizes as the final standings give them. `table` is the standings in order; `members`
/// the players of each category by name; `settled` the players whose order a decided play-off
/// fixed (their tie needs no other).
///
/// The prizes are taken in the order listed. Each goes to the best-placed player who may take
/// it: in its category, if it has one, and without a prize yet (without one of the same
/// category, when a player may take more than one). When that player is tied on points with
/// others who may take it, the list's rule settles it: the tie-breaks (the standings' order), a
/// share, or a play-off. A share follows US Chess's rule 32B3: the prizes the tied players
/// would take were the tie broken (one each, category prizes included) are pooled and their
/// money divided equally among all the tied players, unless one of them would take more from
/// a prize the others may not take, who then takes it alone and leaves the pool. A play-off:
/// those pooled prizes wait for it, unless a decided play-off ordered these players already.
pub fn award(
    list: &PrizeList,
    table: &[Standing],
    members: &HashMap<String, HashSet<i32>>,
    settled: &HashSet<i32>,
) -> Vec<Awarded> {
    let rule = Rule { list, members };
    let mut awarded: Vec<Awarded> = list.prizes.iter().map(Awarded::to_nobody).collect();
    let mut held: Held = HashMap::new();
    let mut handled = vec![false; list.prizes.len()];
    let alone = |awarded: &mut Vec<Awarded>, held: &mut Held, j: usize, p: i32| {
        awarded[j].winners = vec![Share {
            player_id: p,
            amount: list.prizes[j].amount,
            award: true,
        }];
        held.entry(p)
            .or_default()
            .push(list.prizes[j].category.clone());
    };
    for i in 0..list.prizes.len() {
        if handled[i] {
            continue;
        }
        let prize = &list.prizes[i];
        let candidates: Vec<&Standing> = table
            .iter()
            .filter(|s| rule.may(prize, s.player_id, &held))
            .collect();
        let Some(first) = candidates.first() else {
            handled[i] = true;
            awarded[i].unawarded = Some(
                if table.iter().any(|s| rule.in_category(prize, s.player_id)) {
                    Unawarded::AllHoldPrizes
                } else {
                    Unawarded::NoneInCategory
                },
            );
            continue;
        };
        let mut group: Vec<i32> = match list.ties {
            Ties::Tiebreak => vec![first.player_id],
            _ => candidates
                .iter()
                .filter(|s| s.points == first.points)
                .map(|s| s.player_id)
                .collect(),
        };
        let in_order = group.len() == 1
            || (list.ties == Ties::Playoff && group.iter().all(|p| settled.contains(p)));
        if in_order {
            // Each of the group takes, in order, the prize the standings give them.
            for (j, p) in rule.would_take(i, &handled, &group, table, &held) {
                handled[j] = true;
                alone(&mut awarded, &mut held, j, p);
            }
            continue;
        }
        let mut pooled = rule.would_take(i, &handled, &group, table, &held);
        if list.ties == Ties::Split {
            // One who would take more from a prize the others of the tie may not take takes it
            // alone, and the rest share what remains.
            while group.len() > 1 {
                let total: f64 = pooled
                    .iter()
                    .filter_map(|&(j, _)| list.prizes[j].amount)
                    .sum();
                let share = total / group.len() as f64;
                let better = pooled.iter().copied().find(|&(j, p)| {
                    list.prizes[j].amount.is_some_and(|a| a > share)
                        && group
                            .iter()
                            .all(|&o| o == p || !rule.in_category(&list.prizes[j], o))
                });
                let Some((j, p)) = better else {
                    break;
                };
                handled[j] = true;
                alone(&mut awarded, &mut held, j, p);
                group.retain(|&o| o != p);
                pooled = rule.would_take(i, &handled, &group, table, &held);
            }
            if group.len() == 1 {
                for (j, p) in pooled {
                    handled[j] = true;
                    alone(&mut awarded, &mut held, j, p);
                }
                continue;
            }
        }
        // Sharing, or waiting for the play-off: the whole group holds a prize of this list.
        for &(j, _) in &pooled {
            handled[j] = true;
        }
        for &p in &group {
            held.entry(p).or_default().push(prize.category.clone());
        }
        for &(j, _) in &pooled {
            awarded[j] = rule.pooled(j, &group);
        }
    }
    awarded
}

impl Rule<'_> {
    /// Prize `j` as a tied `group` takes it together: shared (its money divided equally, its
    /// award to each who may take it), or waiting for their play-off.
    fn pooled(&self, j: usize, group: &[i32]) -> Awarded {
        let prize = &self.list.prizes[j];
        let mut given = Awarded::to_nobody(prize);
        if self.list.ties == Ties::Split {
            let each = prize
                .amount
                .map(|a| (a * 100.0 / group.len() as f64).floor() / 100.0);
            given.shared = true;
            given.winners = group
                .iter()
                .map(|&player_id| Share {
                    player_id,
                    amount: each,
                    award: self.in_category(prize, player_id),
                })
                .collect();
        } else {
            given.playoff = group.to_vec();
        }
        given
    }
}

#[cfg(test)]
mod tests;
