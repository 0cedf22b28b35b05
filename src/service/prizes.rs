//! A tournament's prizes: the organiser's list, and who wins each from the final standings (a
//! category's prizes by the event's categories; ties as the list says).

use std::collections::{HashMap, HashSet};

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::standings::Report;
use super::tournaments::points_text;
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::db::models::Tournament;
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::prizes::{self, Prize, PrizeList};

/// The prize list stored with a tournament.
pub fn stored(t: &Tournament) -> Result<PrizeList, ServiceError> {
    serde_json::from_str(&t.prizes)
        .map_err(|e| ServiceError::Internal(format!("tournament {}: its prizes: {e}", t.id)))
}

/// A winner as shown.
#[derive(Clone, Debug, Serialize)]
pub struct WinnerView {
    pub player_id: i32,
    pub name: String,
    pub amount: Option<f64>,
    /// Whether they receive the prize's award (a tied player outside its category shares only
    /// its money).
    pub award: bool,
}

/// A prize as given, as pages and the API show it.
#[derive(Clone, Debug, Serialize)]
pub struct GivenView {
    #[serde(flatten)]
    pub prize: Prize,
    pub winners: Vec<WinnerView>,
    /// The players a play-off is to separate for it.
    pub playoff: Vec<String>,
    pub shared: bool,
    /// Why nobody takes it.
    pub unawarded: Option<prizes::Unawarded>,
}

/// The prizes of a tournament and who wins them.
#[derive(Clone, Debug, Serialize)]
pub struct PrizesView {
    pub list: PrizeList,
    pub given: Vec<GivenView>,
    /// Every round is published and every result counts: the prizes are final.
    #[serde(rename = "final")]
    pub settled: bool,
    /// The event's categories, for the form.
    pub categories: Vec<String>,
}

impl PrizesView {
    /// Each player's money in all, in the order they first take a prize, when a prize is
    /// shared (a player may take parts of several): name and total.
    pub fn totals(&self) -> Vec<(String, f64)> {
        if !self.given.iter().any(|g| g.shared) {
            return Vec::new();
        }
        let mut totals: Vec<(i32, String, f64)> = Vec::new();
        for w in self.given.iter().flat_map(|g| &g.winners) {
            let Some(amount) = w.amount else { continue };
            match totals.iter_mut().find(|(id, _, _)| *id == w.player_id) {
                Some(line) => line.2 += amount,
                None => totals.push((w.player_id, w.name.clone(), amount)),
            }
        }
        totals
            .into_iter()
            .map(|(_, name, total)| (name, total))
            .collect()
    }

    /// An amount as shown: "GH₵ 33.33", "£50".
    pub fn money(&self, amount: &f64) -> String {
        let number = if amount.fract() == 0.0 {
            points_text(*amount)
        } else {
            format!("{amount:.2}")
        };
        match self.list.currency.as_str() {
            "" => number,
            c => format!("{c} {number}"),
        }
    }
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
    let given = prizes::award(&list, &d.table, &members, &d.settled)
        .into_iter()
        .map(|a| GivenView {
            winners: a
                .winners
                .iter()
                .map(|w| WinnerView {
                    player_id: w.player_id,
                    name: name(w.player_id),
                    amount: w.amount,
                    award: w.award,
                })
                .collect(),
            playoff: a.playoff.iter().map(|&p| name(p)).collect(),
            shared: a.shared,
            unawarded: a.unawarded,
            prize: a.prize,
        })
        .collect();
    Ok(PrizesView {
        list,
        given,
        settled: d.published == t.rounds && d.after == d.published && d.open.is_empty(),
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
            action: Change::PrizesSet,
            tournament_id: Some(tournament_id),
            entity: "tournament",
            entity_id: Some(tournament_id.get()),
        }
        .record(conn, Some(&before), Some(list))?;
        Ok(list.clone())
    })
}
