//! A tournament's prizes: the organiser's list, and who wins each from the final standings (a
//! category's prizes by the event's categories; ties as the list says).

use std::collections::{HashMap, HashSet};

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::standings::Report;
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::db::models::Tournament;
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::money::Money;
use crate::tournament::prizes::{self, Prize, PrizeList};

/// The prize list stored with a tournament. A list stored before money was counted in
/// hundredths may hold an amount of more decimals (typed as `33.333`): it is read to the
/// nearest hundredth, so that the list still shows and can be saved again.
pub fn stored(t: &Tournament) -> Result<PrizeList, ServiceError> {
    let unreadable = |e: serde_json::Error| {
        ServiceError::Internal(format!("tournament {}: its prizes: {e}", t.id))
    };
    let mut value: serde_json::Value = serde_json::from_str(&t.prizes).map_err(unreadable)?;
    if let Some(prizes) = value.get_mut("prizes").and_then(|p| p.as_array_mut()) {
        for amount in prizes.iter_mut().filter_map(|p| p.get_mut("amount")) {
            if let Some(a) = amount.as_f64().filter(|a| a.fract() != 0.0) {
                *amount = serde_json::json!(format!("{:.2}", a));
            }
        }
    }
    serde_json::from_value(value).map_err(unreadable)
}

/// A player as the prizes name them.
#[derive(Clone, Debug, Serialize)]
pub struct WinnerView {
    pub player_id: i32,
    pub name: String,
    /// The prize's money, when they take it alone (a pooled prize's money is the pool's).
    pub amount: Option<Money>,
}

/// A prize as given, as pages and the API show it.
#[derive(Clone, Debug, Serialize)]
pub struct GivenView {
    #[serde(flatten)]
    pub prize: Prize,
    /// Who receives it: the one who takes it alone, or the players of a tie it is awarded to
    /// (those in its category).
    pub winners: Vec<WinnerView>,
    /// The players a play-off is to separate for it.
    pub playoff: Vec<String>,
    /// Pooled by a tie: its money is the pool's (`pools[pool]`).
    pub shared: bool,
    pub pool: Option<usize>,
    /// Why nobody takes it.
    pub unawarded: Option<prizes::Unawarded>,
}

/// A tied player's part of a pool, as shown.
#[derive(Clone, Debug, Serialize)]
pub struct PartView {
    pub player_id: i32,
    pub name: String,
    pub amount: Money,
    /// Held to the largest pooled prize they may take.
    pub capped: bool,
}

/// Prizes pooled by a tie, as shown.
#[derive(Clone, Debug, Serialize)]
pub struct PoolView {
    /// The pooled prizes' names, in the list's order.
    pub prizes: Vec<String>,
    pub points: f64,
    pub total: Money,
    pub parts: Vec<PartView>,
}

impl PoolView {
    /// The one part every player takes, when the parts are equal.
    pub fn each(&self) -> Option<Money> {
        let first = self.parts.first()?.amount;
        self.parts
            .iter()
            .all(|p| p.amount == first)
            .then_some(first)
    }
}

/// A player's money in all.
#[derive(Clone, Debug, Serialize)]
pub struct TotalView {
    pub player_id: i32,
    pub name: String,
    pub amount: Money,
}

/// The prizes of a tournament and who wins them.
#[derive(Clone, Debug, Serialize)]
pub struct PrizesView {
    pub list: PrizeList,
    pub given: Vec<GivenView>,
    /// The pools of tied players, each divided once to the cent.
    pub pools: Vec<PoolView>,
    /// Each player's money in all, in the order they first take some.
    pub totals: Vec<TotalView>,
    /// The money the list names, and what is paid of it (less where a prize goes to nobody or
    /// waits for a play-off).
    pub fund: Money,
    pub paid: Money,
    /// Every round is published and every result counts: the prizes are final.
    #[serde(rename = "final")]
    pub settled: bool,
    /// The event's categories, for the form.
    pub categories: Vec<String>,
}

/// The prizes as the standings `d` (the last published round's) give them.
pub fn view(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    d: &Report,
) -> Result<PrizesView, ServiceError> {
    let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    let list = stored(&t)?;
    let members: HashMap<String, HashSet<i32>> = d.categories.iter().cloned().collect();
    let name = |id: i32| {
        d.names
            .get(&crate::tournament::PlayerId(id))
            .cloned()
            .unwrap_or_default()
    };
    let given = prizes::award(&list, &d.table, &members, &d.settled);
    let totals = given
        .totals()
        .into_iter()
        .map(|(player_id, amount)| TotalView {
            player_id,
            name: name(player_id),
            amount,
        })
        .collect();
    let paid = given.paid();
    let pools = given
        .pools
        .iter()
        .map(|pool| PoolView {
            prizes: pool
                .prizes
                .iter()
                .map(|&j| list.prizes[j].name.clone())
                .collect(),
            points: pool.points,
            total: pool.total,
            parts: pool
                .parts
                .iter()
                .map(|p| PartView {
                    player_id: p.player_id,
                    name: name(p.player_id),
                    amount: p.amount,
                    capped: p.capped,
                })
                .collect(),
        })
        .collect();
    let given = given
        .prizes
        .into_iter()
        .map(|a| GivenView {
            winners: a
                .winners
                .iter()
                .map(|w| WinnerView {
                    player_id: w.player_id,
                    name: name(w.player_id),
                    amount: w.amount,
                })
                .collect(),
            playoff: a.playoff.iter().map(|&p| name(p)).collect(),
            shared: a.pool.is_some(),
            pool: a.pool,
            unawarded: a.unawarded,
            prize: a.prize,
        })
        .collect();
    Ok(PrizesView {
        fund: list.fund(),
        paid,
        list,
        given,
        pools,
        totals,
        settled: d.published == t.settings.rounds && d.after == d.published && d.open.is_empty(),
        categories: d.categories.iter().map(|(n, _)| n.clone()).collect(),
    })
}

/// An organiser sets a tournament's prizes (checked against its event's categories).
pub fn set(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    list: &PrizeList,
) -> Result<PrizeList, ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
        let view = super::tournaments::TournamentView::new(&t)?;
        let categories: Vec<String> = super::events::categories_of(conn, &view)?
            .into_iter()
            .map(|c| c.name)
            .collect();
        let problems = list.problems(&categories);
        if !problems.is_empty() {
            return Err(ServiceError::Invalid(crate::tournament::said::Said::all(
                problems,
            )));
        }
        let before = stored(&t)?;
        let json = serde_json::to_string(list).expect("prizes serialise");
        queries::set_prizes(conn, tournament_id, &json)?;
        Audit {
            actor,
            change: Change::PrizesSet {
                tournament: tournament_id,
            },
            tournament_id: Some(tournament_id),
        }
        .record(conn, Some(&before), Some(list))?;
        Ok(list.clone())
    })
}
