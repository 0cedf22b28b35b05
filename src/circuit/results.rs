//! A person's result in a counting event: the facts `circuit.csv` carries, from which every
//! point is computed.

use chrono::NaiveDate;

use super::points::Place;

/// A person's result in a counting event, as `circuit.csv` has it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ResultRow {
    pub tournament_id: i64,
    pub tournament: String,
    /// The event's last day (its last round's), when known.
    pub date: Option<NaiveDate>,
    pub person_id: i64,
    pub name: String,
    /// The codes of the circuit's categories the person is in.
    pub categories: Vec<String>,
    pub place: Place,
    /// The event is over.
    pub finished: bool,
}
