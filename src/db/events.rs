//! Queries of events: their details, sections, controllers and players.

use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::models::{Account, Event, EventForm, NewEventController, Player, Tournament};
use super::schema::{accounts, event_controllers, events, players, tournaments};
use crate::tournament::{AccountId, EventId, PlayerId};

pub fn insert_event(
    conn: &mut SqliteConnection,
    form: &EventForm,
    created_at: chrono::NaiveDateTime,
) -> QueryResult<Event> {
    diesel::insert_into(events::table)
        .values((form, events::created_at.eq(created_at)))
        .returning(Event::as_returning())
        .get_result(conn)
}

pub fn update_event(
    conn: &mut SqliteConnection,
    id: EventId,
    form: &EventForm,
) -> QueryResult<Event> {
    diesel::update(events::table.find(id))
        .set(form)
        .returning(Event::as_returning())
        .get_result(conn)
}

pub fn get_event(conn: &mut SqliteConnection, id: EventId) -> QueryResult<Option<Event>> {
    events::table
        .find(id)
        .select(Event::as_select())
        .first(conn)
        .optional()
}

/// Every event, the latest first.
pub fn list_events(conn: &mut SqliteConnection) -> QueryResult<Vec<Event>> {
    events::table
        .order((events::start_date.desc(), events::id.desc()))
        .select(Event::as_select())
        .load(conn)
}

/// An event's sections, in the order they were created.
pub fn sections(conn: &mut SqliteConnection, id: EventId) -> QueryResult<Vec<Tournament>> {
    tournaments::table
        .filter(tournaments::event_id.eq(id))
        .order(tournaments::id)
        .select(Tournament::as_select())
        .load(conn)
}

pub fn controllers(conn: &mut SqliteConnection, id: EventId) -> QueryResult<Vec<Account>> {
    event_controllers::table
        .inner_join(accounts::table)
        .filter(event_controllers::event_id.eq(id))
        .order(accounts::username)
        .select(Account::as_select())
        .load(conn)
}

pub fn assign(conn: &mut SqliteConnection, row: &NewEventController) -> QueryResult<usize> {
    diesel::insert_or_ignore_into(event_controllers::table)
        .values(row)
        .execute(conn)
}

pub fn unassign(
    conn: &mut SqliteConnection,
    id: EventId,
    account_id: AccountId,
) -> QueryResult<usize> {
    diesel::delete(
        event_controllers::table
            .filter(event_controllers::event_id.eq(id))
            .filter(event_controllers::account_id.eq(account_id)),
    )
    .execute(conn)
}

/// The players of every section of an event, with their section's name, section by section.
pub fn players(conn: &mut SqliteConnection, id: EventId) -> QueryResult<Vec<(Player, String)>> {
    players::table
        .inner_join(tournaments::table)
        .filter(tournaments::event_id.eq(id))
        .order((tournaments::id, players::id))
        .select((Player::as_select(), tournaments::name))
        .load(conn)
}

/// Every entry of the person whose first entry is `first` (that entry included).
pub fn entries_of(conn: &mut SqliteConnection, first: PlayerId) -> QueryResult<Vec<Player>> {
    players::table
        .filter(players::id.eq(first).or(players::person.eq(first)))
        .order(players::id)
        .select(Player::as_select())
        .load(conn)
}
