//! Queries of the rating list's register: persons, the links the hub's organiser confirms for
//! players pushed without a person, the tournaments marked rated, and the rated games.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::sql_types::{Bool, Date, Integer, Nullable, Text};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::schema::{persons, rated_tournaments, register_links};
use crate::tournament::TournamentId;

/// A person of the register as stored.
#[derive(Debug, Clone, Queryable, Selectable, Serialize)]
#[diesel(table_name = persons, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Person {
    pub id: i32,
    pub name: String,
    #[serde(skip)]
    pub name_key: String,
    pub birth_year: Option<i32>,
    pub gender: String,
    pub federation: String,
    pub club: String,
    pub licence: String,
    pub merged_into: Option<i32>,
    pub created_at: NaiveDateTime,
    /// At a venue, the rating the hub's register file gave.
    pub rating: Option<f64>,
    pub rd: Option<f64>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = persons)]
pub struct NewPerson<'a> {
    /// Given when the register is imported from a hub (its ids kept); none: the next one.
    pub id: Option<i32>,
    pub name: &'a str,
    pub name_key: &'a str,
    pub birth_year: Option<i32>,
    pub gender: &'a str,
    pub federation: &'a str,
    pub club: &'a str,
    pub licence: &'a str,
    pub merged_into: Option<i32>,
    pub created_at: NaiveDateTime,
    pub rating: Option<f64>,
    pub rd: Option<f64>,
}

pub fn insert(conn: &mut SqliteConnection, person: &NewPerson) -> QueryResult<Person> {
    diesel::insert_into(persons::table)
        .values(person)
        .returning(Person::as_returning())
        .get_result(conn)
}

/// A person imported from a hub's register, written over the one of the same id.
pub fn put(conn: &mut SqliteConnection, person: &NewPerson) -> QueryResult<()> {
    diesel::replace_into(persons::table)
        .values(person)
        .execute(conn)
        .map(|_| ())
}

/// The register's version: moved on by every change of a person (a trigger of the schema).
pub fn version(conn: &mut SqliteConnection) -> QueryResult<i32> {
    use crate::db::schema::register_version;
    register_version::table
        .select(register_version::version)
        .first(conn)
}

/// At a venue: when the hub's register held here was imported, and how many persons it had.
pub fn copy(conn: &mut SqliteConnection) -> QueryResult<Option<(NaiveDateTime, i32)>> {
    use crate::db::schema::register_copy;
    register_copy::table
        .select((register_copy::imported_at, register_copy::persons))
        .first(conn)
        .optional()
}

/// Records the hub's register imported here, at `at`, with `persons`.
pub fn set_copy(conn: &mut SqliteConnection, at: NaiveDateTime, persons: i32) -> QueryResult<()> {
    use crate::db::schema::register_copy;
    diesel::replace_into(register_copy::table)
        .values((
            register_copy::id.eq(1),
            register_copy::imported_at.eq(at),
            register_copy::persons.eq(persons),
        ))
        .execute(conn)?;
    Ok(())
}

/// Whether a tournament here publishes to a hub (this service is a venue).
pub fn publishes_to_a_hub(conn: &mut SqliteConnection) -> QueryResult<bool> {
    use crate::db::schema::hub_links;
    diesel::select(diesel::dsl::exists(
        hub_links::table.select(hub_links::tournament_id),
    ))
    .get_result(conn)
}

pub fn get(conn: &mut SqliteConnection, id: i32) -> QueryResult<Option<Person>> {
    persons::table
        .find(id)
        .select(Person::as_select())
        .first(conn)
        .optional()
}

/// Which of `ids` are persons of the register here.
pub fn existing(
    conn: &mut SqliteConnection,
    ids: &[i32],
) -> QueryResult<std::collections::HashSet<i32>> {
    let mut out = std::collections::HashSet::new();
    for chunk in ids.chunks(500) {
        out.extend(
            persons::table
                .filter(persons::id.eq_any(chunk))
                .select(persons::id)
                .load::<i32>(conn)?,
        );
    }
    Ok(out)
}

/// Every person, by id.
pub fn all(conn: &mut SqliteConnection) -> QueryResult<Vec<Person>> {
    persons::table
        .order(persons::id)
        .select(Person::as_select())
        .load(conn)
}

pub fn set_merged_into(
    conn: &mut SqliteConnection,
    id: i32,
    into: Option<i32>,
) -> QueryResult<usize> {
    diesel::update(persons::table.find(id))
        .set(persons::merged_into.eq(into))
        .execute(conn)
}

/// The persons merged into `id`.
pub fn merged_into(conn: &mut SqliteConnection, id: i32) -> QueryResult<Vec<Person>> {
    persons::table
        .filter(persons::merged_into.eq(id))
        .order(persons::id)
        .select(Person::as_select())
        .load(conn)
}

/// The hub's organiser confirms who a player pushed without a person is.
pub fn link(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    player_name: &str,
    person: i32,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::replace_into(register_links::table)
        .values((
            register_links::tournament_id.eq(tournament.get()),
            register_links::player_name.eq(player_name),
            register_links::person_id.eq(person),
            register_links::linked_at.eq(at),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn is_rated(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<bool> {
    rated_tournaments::table
        .find(tournament.get())
        .count()
        .get_result::<i64>(conn)
        .map(|n| n > 0)
}

/// Marks a tournament rated or not; whether that changed anything.
pub fn set_rated(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    rated: bool,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    let n = if rated {
        diesel::insert_or_ignore_into(rated_tournaments::table)
            .values((
                rated_tournaments::tournament_id.eq(tournament.get()),
                rated_tournaments::marked_at.eq(at),
            ))
            .execute(conn)?
    } else {
        diesel::delete(rated_tournaments::table.find(tournament.get())).execute(conn)?
    };
    Ok(n > 0)
}

/// A player as the register sees them, in which tournament: the register number they came with
/// (entered at the venue, or carried by a push), the details of the person that number names
/// here, and the hub's link of their name, for the service to say whose person they are.
#[derive(Debug, Clone, QueryableByName)]
pub struct RegisteredPlayer {
    #[diesel(sql_type = Integer)]
    pub id: i32,
    #[diesel(sql_type = Integer)]
    pub tournament_id: i32,
    #[diesel(sql_type = Text)]
    pub tournament: String,
    /// The event the tournament is a section of.
    #[diesel(sql_type = Nullable<Text>)]
    pub event: Option<String>,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = Nullable<Integer>)]
    pub birth_year: Option<i32>,
    #[diesel(sql_type = Text)]
    pub federation: String,
    #[diesel(sql_type = Text)]
    pub club: String,
    #[diesel(sql_type = Text)]
    pub gender: String,
    /// The number the player came with.
    #[diesel(sql_type = Nullable<Integer>)]
    pub register_id: Option<i32>,
    /// The person of that number here, as the register writes them (when there is one).
    #[diesel(sql_type = Nullable<Text>)]
    pub numbered_name: Option<String>,
    #[diesel(sql_type = Nullable<Integer>)]
    pub numbered_birth_year: Option<i32>,
    #[diesel(sql_type = Nullable<Text>)]
    pub numbered_federation: Option<String>,
    /// The person the hub's organiser linked the player's name to.
    #[diesel(sql_type = Nullable<Integer>)]
    pub linked: Option<i32>,
    #[diesel(sql_type = Bool)]
    pub rated: bool,
    /// The tournament is a venue's, pushed here.
    #[diesel(sql_type = Bool)]
    pub pushed: bool,
}

/// The players of the rated tournaments and of those a venue pushes here, with the number each
/// came with and the hub's link of their name.
pub fn registered_players(conn: &mut SqliteConnection) -> QueryResult<Vec<RegisteredPlayer>> {
    diesel::sql_query(format!(
        "{PLAYERS} WHERE t.id IN (SELECT tournament_id FROM rated_tournaments) \
            OR t.id IN (SELECT tournament_id FROM hub_tokens WHERE tournament_id IS NOT NULL) \
         ORDER BY t.id, p.id"
    ))
    .load(conn)
}

/// The players of the tournaments `ids`, as [`registered_players`] gives them.
pub fn players_of(conn: &mut SqliteConnection, ids: &[i32]) -> QueryResult<Vec<RegisteredPlayer>> {
    let ids: Vec<String> = ids.iter().map(i32::to_string).collect();
    diesel::sql_query(format!(
        "{PLAYERS} WHERE t.id IN ({}) ORDER BY t.id, p.id",
        ids.join(",")
    ))
    .load(conn)
}

const PLAYERS: &str = "SELECT p.id, p.tournament_id, t.name AS tournament, e.name AS event, \
     p.name, p.birth_year, p.federation, p.club, p.gender, p.register_id, \
     n.name AS numbered_name, n.birth_year AS numbered_birth_year, \
     n.federation AS numbered_federation, \
     (SELECT person_id FROM register_links l WHERE l.tournament_id = p.tournament_id \
      AND l.player_name = p.name) AS linked, \
     EXISTS (SELECT 1 FROM rated_tournaments r WHERE r.tournament_id = t.id) AS rated, \
     EXISTS (SELECT 1 FROM hub_tokens h WHERE h.tournament_id = t.id) AS pushed \
     FROM players p JOIN tournaments t ON t.id = p.tournament_id \
     LEFT JOIN events e ON e.id = t.event_id \
     LEFT JOIN persons n ON n.id = p.register_id";

/// A played game of a rated tournament, with its final result, as the list counts it.
#[derive(Debug, Clone, QueryableByName)]
pub struct RatedGame {
    #[diesel(sql_type = Integer)]
    pub id: i32,
    #[diesel(sql_type = Integer)]
    pub tournament_id: i32,
    #[diesel(sql_type = Date)]
    pub date: NaiveDate,
    #[diesel(sql_type = Integer)]
    pub south_player: i32,
    #[diesel(sql_type = Integer)]
    pub north_player: i32,
    #[diesel(sql_type = Text)]
    pub winner: String,
    #[diesel(sql_type = Bool)]
    pub verified: bool,
}

/// The played games of the rated tournaments whose result is final (confirmed by both players
/// or set by the controller) in a published round: forfeits, byes and games without a final
/// result are not rated. The day is the round's: when it started, else when it was published
/// (within the tournament's dates, when it has them).
pub fn rated_games(conn: &mut SqliteConnection) -> QueryResult<Vec<RatedGame>> {
    diesel::sql_query(
        "SELECT g.id, g.tournament_id, \
         CASE WHEN rt.started_at IS NOT NULL THEN date(rt.started_at) \
              WHEN t.start_date IS NOT NULL THEN min(max(date(COALESCE(r.published_at, \
                   r.created_at)), t.start_date), COALESCE(t.end_date, t.start_date)) \
              ELSE date(COALESCE(r.published_at, r.created_at)) END AS date, \
         g.south_id AS south_player, g.north_id AS north_player, g.winner, g.verified \
         FROM games g \
         JOIN rated_tournaments rated ON rated.tournament_id = g.tournament_id \
         JOIN tournaments t ON t.id = g.tournament_id \
         JOIN rounds r ON r.id = g.round_id \
         LEFT JOIN round_times rt ON rt.tournament_id = r.tournament_id \
              AND rt.round_number = r.number \
         WHERE r.published AND g.kind = 'played' AND g.winner IS NOT NULL \
           AND g.status IN ('confirmed', 'final') \
         ORDER BY date, g.tournament_id, g.id",
    )
    .load(conn)
}

/// A rated tournament, as `tournaments.csv` lists it.
#[derive(Debug, Clone, QueryableByName)]
pub struct RatedTournament {
    #[diesel(sql_type = Integer)]
    pub id: i32,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = Nullable<Date>)]
    pub start_date: Option<NaiveDate>,
    #[diesel(sql_type = Nullable<Date>)]
    pub end_date: Option<NaiveDate>,
    #[diesel(sql_type = Text)]
    pub venue: String,
}

pub fn rated_tournaments(conn: &mut SqliteConnection) -> QueryResult<Vec<RatedTournament>> {
    diesel::sql_query(
        "SELECT t.id, t.name, t.start_date, t.end_date, t.venue FROM tournaments t \
         JOIN rated_tournaments r ON r.tournament_id = t.id ORDER BY t.id",
    )
    .load(conn)
}

/// Every tournament, whether it is rated, and the day of its last round (its start, or its
/// dates, where none was played): the month its games count from.
#[derive(Debug, Clone, QueryableByName, Serialize)]
pub struct TournamentMark {
    #[diesel(sql_type = Integer)]
    pub id: i32,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = Bool)]
    pub rated: bool,
    #[diesel(sql_type = Nullable<Date>)]
    pub last_day: Option<NaiveDate>,
}

pub fn tournament_marks(conn: &mut SqliteConnection) -> QueryResult<Vec<TournamentMark>> {
    diesel::sql_query(
        "SELECT t.id, t.name, EXISTS (SELECT 1 FROM rated_tournaments r \
         WHERE r.tournament_id = t.id) AS rated, \
         COALESCE((SELECT max(date(COALESCE(rt.started_at, r.published_at, r.created_at))) \
                   FROM rounds r LEFT JOIN round_times rt ON rt.tournament_id = r.tournament_id \
                   AND rt.round_number = r.number WHERE r.tournament_id = t.id AND r.published), \
                  t.end_date, t.start_date) AS last_day \
         FROM tournaments t ORDER BY t.id DESC",
    )
    .load(conn)
}
