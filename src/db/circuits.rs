//! The circuits' rows: each circuit's rules as one JSON record.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::schema::circuits;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = circuits)]
pub struct CircuitRow {
    pub id: i32,
    pub rules: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// The qualification list as last seen: its persons by seed, JSON.
    pub qualified: Option<String>,
    pub qualified_at: Option<NaiveDateTime>,
}

pub fn insert(conn: &mut SqliteConnection, rules: &str, at: NaiveDateTime) -> QueryResult<i32> {
    diesel::insert_into(circuits::table)
        .values((
            circuits::rules.eq(rules),
            circuits::created_at.eq(at),
            circuits::updated_at.eq(at),
        ))
        .returning(circuits::id)
        .get_result(conn)
}

pub fn update(
    conn: &mut SqliteConnection,
    id: i32,
    rules: &str,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(circuits::table.find(id))
        .set((circuits::rules.eq(rules), circuits::updated_at.eq(at)))
        .execute(conn)
}

pub fn get(conn: &mut SqliteConnection, id: i32) -> QueryResult<Option<CircuitRow>> {
    circuits::table
        .find(id)
        .select(CircuitRow::as_select())
        .first(conn)
        .optional()
}

pub fn all(conn: &mut SqliteConnection) -> QueryResult<Vec<CircuitRow>> {
    circuits::table
        .select(CircuitRow::as_select())
        .order(circuits::id.desc())
        .load(conn)
}

/// Keeps the qualification list as seen at `at`.
pub fn set_qualified(
    conn: &mut SqliteConnection,
    id: i32,
    qualified: &str,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(circuits::table.find(id))
        .set((
            circuits::qualified.eq(qualified),
            circuits::qualified_at.eq(at),
        ))
        .execute(conn)
}
