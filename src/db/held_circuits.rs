//! A venue's copy of its hub's circuits that count one of its tournaments.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::schema::held_circuits;
use crate::tournament::TournamentId;

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = held_circuits)]
pub struct HeldCircuit {
    pub tournament_id: TournamentId,
    pub circuit_id: i32,
    /// `rules.json`, as the hub publishes it.
    pub rules: String,
    /// `circuit.csv`, as the hub publishes it.
    pub results: String,
    /// When the hub computed them.
    pub computed_at: NaiveDateTime,
    /// When this venue fetched them.
    pub fetched_at: NaiveDateTime,
}

/// Puts `held` in place of what was held for `tournament` (none: the hub counts it in no
/// circuit now).
pub fn replace(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    held: &[HeldCircuit],
) -> QueryResult<()> {
    diesel::delete(held_circuits::table.filter(held_circuits::tournament_id.eq(tournament)))
        .execute(conn)?;
    diesel::insert_into(held_circuits::table)
        .values(held)
        .execute(conn)?;
    Ok(())
}

pub fn of(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<Vec<HeldCircuit>> {
    held_circuits::table
        .filter(held_circuits::tournament_id.eq(tournament))
        .order(held_circuits::circuit_id)
        .select(HeldCircuit::as_select())
        .load(conn)
}
