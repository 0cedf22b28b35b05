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
}

/// The prizes as the final standings give them. `table` is the standings in order; `members`
/// the players of each category by name; `settled` the players whose order a decided play-off
/// fixed (their tie needs no other).
///
/// The prizes are taken in the order listed. Each goes to the best-placed player who may take
/// it: in its category, if it has one, and without a prize yet (without one of the same
/// category, when a player may take more than one). When that player is tied on points with
/// others who may take it, the list's rule settles it: the tie-breaks (the standings' order), a
/// share (the tied players pool this prize and the next ones of its category, one per player,
/// and each takes an equal part of every pooled prize's money), or a play-off (the pooled
/// prizes wait for it, unless a decided play-off ordered these players already).
pub fn award(
    list: &PrizeList,
    table: &[Standing],
    members: &HashMap<String, HashSet<i32>>,
    settled: &HashSet<i32>,
) -> Vec<Awarded> {
    let mut awarded: Vec<Awarded> = list
        .prizes
        .iter()
        .map(|prize| Awarded {
            prize: prize.clone(),
            winners: Vec::new(),
            playoff: Vec::new(),
            shared: false,
        })
        .collect();
    // The categories of the prizes each player holds (or waits for).
    let mut held: HashMap<i32, Vec<Option<String>>> = HashMap::new();
    let mut handled = vec![false; list.prizes.len()];
    for i in 0..list.prizes.len() {
        if handled[i] {
            continue;
        }
        handled[i] = true;
        let prize = &list.prizes[i];
        let may = |player: i32, held: &HashMap<i32, Vec<Option<String>>>| {
            let member = prize
                .category
                .as_ref()
                .is_none_or(|c| members.get(c).is_some_and(|m| m.contains(&player)));
            let free = held.get(&player).is_none_or(|h| {
                h.is_empty() || (!list.one_each && h.iter().all(|c| *c != prize.category))
            });
            member && free
        };
        let candidates: Vec<&Standing> = table.iter().filter(|s| may(s.player_id, &held)).collect();
        let Some(first) = candidates.first() else {
            continue;
        };
        let group: Vec<i32> = match list.ties {
            Ties::Tiebreak => vec![first.player_id],
            _ => candidates
                .iter()
                .filter(|s| s.points == first.points)
                .map(|s| s.player_id)
                .collect(),
        };
        // This prize and the next ones of its category, one per player of the group.
        let pooled: Vec<usize> = std::iter::once(i)
            .chain(
                (i + 1..list.prizes.len())
                    .filter(|&j| !handled[j] && list.prizes[j].category == prize.category),
            )
            .take(group.len())
            .collect();
        for &j in &pooled {
            handled[j] = true;
        }
        let in_order = group.len() == 1
            || (list.ties == Ties::Playoff && group.iter().all(|p| settled.contains(p)));
        if in_order {
            for (&j, &p) in pooled.iter().zip(&group) {
                awarded[j].winners = vec![Share {
                    player_id: p,
                    amount: list.prizes[j].amount,
                }];
                held.entry(p).or_default().push(prize.category.clone());
            }
            continue;
        }
        // Sharing, or waiting for the play-off: the whole group holds a prize of this list.
        for &p in &group {
            held.entry(p).or_default().push(prize.category.clone());
        }
        for &j in &pooled {
            if list.ties == Ties::Split {
                let each = list.prizes[j]
                    .amount
                    .map(|a| (a * 100.0 / group.len() as f64).floor() / 100.0);
                awarded[j].shared = true;
                awarded[j].winners = group
                    .iter()
                    .map(|&player_id| Share {
                        player_id,
                        amount: each,
                    })
                    .collect();
            } else {
                awarded[j].playoff = group.clone();
            }
        }
    }
    awarded
}

#[cfg(test)]
mod tests;
