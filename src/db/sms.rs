//! Queries of text messages (SMS): players' phones, a tournament's SMS settings, and every
//! message in and out (`docs/sms.md`).

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::schema::{player_phones, sms_messages, sms_settings};
use crate::tournament::sms::State;
use crate::tournament::{GameId, PlayerId, SheetId, TournamentId};

/// A player's phone as stored.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = player_phones, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Phone {
    pub player_id: PlayerId,
    pub tournament_id: TournamentId,
    /// Digits with the country's code (`233201234567`).
    pub number: String,
    /// When the player agreed to be sent messages.
    pub consent_at: NaiveDateTime,
    /// The staff turned SMS off for the player.
    pub stopped: bool,
}

/// A tournament's SMS settings as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = sms_settings, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Settings {
    pub tournament_id: TournamentId,
    pub enabled: bool,
    /// The most message parts it may send.
    pub cap: i32,
}

/// A message as stored.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = sms_messages, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Message {
    pub id: i32,
    pub tournament_id: Option<TournamentId>,
    pub player_id: Option<PlayerId>,
    pub number: String,
    pub incoming: bool,
    pub kind: String,
    pub said: String,
    pub language: String,
    pub text: String,
    pub parts: i32,
    pub state: String,
    pub gateway_id: Option<String>,
    pub tries: i32,
    pub due_at: NaiveDateTime,
    pub created_at: NaiveDateTime,
    pub sent_at: Option<NaiveDateTime>,
    pub report: String,
    pub reported_at: Option<NaiveDateTime>,
    pub code: Option<String>,
    pub sheet_id: Option<SheetId>,
}

/// A message to store.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = sms_messages)]
pub struct NewMessage {
    pub tournament_id: Option<TournamentId>,
    pub player_id: Option<PlayerId>,
    pub number: String,
    pub incoming: bool,
    pub kind: String,
    pub said: String,
    pub language: String,
    pub text: String,
    pub parts: i32,
    pub state: String,
    pub gateway_id: Option<String>,
    pub due_at: NaiveDateTime,
    pub created_at: NaiveDateTime,
    pub code: Option<String>,
    pub sheet_id: Option<SheetId>,
}

/// The phone of a player.
pub fn phone(conn: &mut SqliteConnection, player: PlayerId) -> QueryResult<Option<Phone>> {
    player_phones::table
        .find(player)
        .select(Phone::as_select())
        .first(conn)
        .optional()
}

/// Every phone of a tournament.
pub fn phones(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<Vec<Phone>> {
    player_phones::table
        .filter(player_phones::tournament_id.eq(tournament))
        .select(Phone::as_select())
        .load(conn)
}

/// The players a number is the phone of, SMS on for them or not.
pub fn players_of(conn: &mut SqliteConnection, number: &str) -> QueryResult<Vec<Phone>> {
    player_phones::table
        .filter(player_phones::number.eq(number))
        .select(Phone::as_select())
        .order(player_phones::player_id)
        .load(conn)
}

/// Writes a player's phone (or replaces it).
pub fn put_phone(conn: &mut SqliteConnection, phone: &Phone) -> QueryResult<usize> {
    diesel::replace_into(player_phones::table)
        .values(phone)
        .execute(conn)
}

/// Forgets a player's phone.
pub fn remove_phone(conn: &mut SqliteConnection, player: PlayerId) -> QueryResult<usize> {
    diesel::delete(player_phones::table.find(player)).execute(conn)
}

/// A tournament's SMS settings (off, with no part allowed, until set).
pub fn settings(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<Settings> {
    Ok(sms_settings::table
        .find(tournament)
        .select(Settings::as_select())
        .first(conn)
        .optional()?
        .unwrap_or(Settings {
            tournament_id: tournament,
            enabled: false,
            cap: 0,
        }))
}

pub fn put_settings(conn: &mut SqliteConnection, settings: &Settings) -> QueryResult<usize> {
    diesel::replace_into(sms_settings::table)
        .values(settings)
        .execute(conn)
}

/// Stores a message; its id.
pub fn insert(conn: &mut SqliteConnection, message: &NewMessage) -> QueryResult<i32> {
    diesel::insert_into(sms_messages::table)
        .values(message)
        .returning(sms_messages::id)
        .get_result(conn)
}

pub fn get(conn: &mut SqliteConnection, id: i32) -> QueryResult<Option<Message>> {
    sms_messages::table
        .find(id)
        .select(Message::as_select())
        .first(conn)
        .optional()
}

/// An incoming message by its gateway's id.
pub fn by_gateway_id(conn: &mut SqliteConnection, id: &str) -> QueryResult<Option<Message>> {
    sms_messages::table
        .filter(sms_messages::gateway_id.eq(id))
        .select(Message::as_select())
        .first(conn)
        .optional()
}

/// The messages out waiting to be sent at `now`, answers to players first, then oldest first.
pub fn due(
    conn: &mut SqliteConnection,
    now: NaiveDateTime,
    most: i64,
) -> QueryResult<Vec<Message>> {
    sms_messages::table
        .filter(sms_messages::state.eq(State::Queued.word()))
        .filter(sms_messages::due_at.le(now))
        .order((
            sms_messages::kind.ne("answer"),
            sms_messages::due_at,
            sms_messages::id,
        ))
        .limit(most)
        .select(Message::as_select())
        .load(conn)
}

/// When the next message out waiting falls due.
pub fn next_due(conn: &mut SqliteConnection) -> QueryResult<Option<NaiveDateTime>> {
    sms_messages::table
        .filter(sms_messages::state.eq(State::Queued.word()))
        .select(diesel::dsl::min(sms_messages::due_at))
        .first(conn)
}

/// A message out worded and handed to the gateway (`state` sent), or not sent (`capped`, `off`,
/// `failed`), with its text and parts.
pub fn set_sent(
    conn: &mut SqliteConnection,
    id: i32,
    (state, text, parts): (State, &str, i32),
    at: NaiveDateTime,
) -> QueryResult<usize> {
    let written = diesel::update(sms_messages::table.find(id))
        .set((
            sms_messages::text.eq(text),
            sms_messages::parts.eq(parts),
            sms_messages::sent_at.eq(at),
            sms_messages::tries.eq(sms_messages::tries + 1),
        ))
        .execute(conn)?;
    // A delivery report can come before the gateway's own answer: the state it gave stays.
    diesel::update(
        sms_messages::table
            .find(id)
            .filter(sms_messages::state.eq(State::Queued.word())),
    )
    .set(sms_messages::state.eq(state.word()))
    .execute(conn)?;
    Ok(written)
}

/// A try that the gateway did not take: tried again at `due_at`, or given up (`failed`).
pub fn set_retry(
    conn: &mut SqliteConnection,
    id: i32,
    (state, due_at, report): (State, NaiveDateTime, &str),
) -> QueryResult<usize> {
    diesel::update(sms_messages::table.find(id))
        .set((
            sms_messages::state.eq(state.word()),
            sms_messages::due_at.eq(due_at),
            sms_messages::report.eq(report),
            sms_messages::tries.eq(sms_messages::tries + 1),
        ))
        .execute(conn)
}

/// A delivery report for a message out: one handed to the gateway (`queued` while the gateway's
/// answer has not come back yet, `sent`, or reported on before). A late "taken by the network"
/// (`sent`) leaves a message delivered or failed as it was.
pub fn set_report(
    conn: &mut SqliteConnection,
    id: i32,
    (state, report): (State, &str),
    at: NaiveDateTime,
) -> QueryResult<usize> {
    let from: &[State] = match state {
        State::Sent => &[State::Queued, State::Sent],
        _ => &[State::Queued, State::Sent, State::Delivered, State::Failed],
    };
    diesel::update(
        sms_messages::table
            .find(id)
            .filter(sms_messages::incoming.eq(false))
            .filter(sms_messages::state.eq_any(from.iter().map(|s| s.word()))),
    )
    .set((
        sms_messages::state.eq(state.word()),
        sms_messages::report.eq(report),
        sms_messages::reported_at.eq(at),
    ))
    .execute(conn)
}

/// A message out to send again (a controller's resend): queued now.
pub fn requeue(conn: &mut SqliteConnection, id: i32, now: NaiveDateTime) -> QueryResult<usize> {
    diesel::update(
        sms_messages::table
            .find(id)
            .filter(sms_messages::incoming.eq(false)),
    )
    .set((
        sms_messages::state.eq(State::Queued.word()),
        sms_messages::due_at.eq(now),
        sms_messages::tries.eq(0),
        sms_messages::report.eq(""),
    ))
    .execute(conn)
}

/// An incoming message's state and the kind it was read as.
pub fn set_taken(
    conn: &mut SqliteConnection,
    id: i32,
    (kind, state, said): (&str, State, &str),
    (tournament, player): (Option<TournamentId>, Option<PlayerId>),
) -> QueryResult<usize> {
    diesel::update(sms_messages::table.find(id))
        .set((
            sms_messages::kind.eq(kind),
            sms_messages::state.eq(state.word()),
            sms_messages::said.eq(said),
            sms_messages::tournament_id.eq(tournament),
            sms_messages::player_id.eq(player),
        ))
        .execute(conn)
}

/// A tournament's messages, and those from numbers no player with SMS on gave, newest first.
pub fn of_tournament(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    most: i64,
) -> QueryResult<Vec<Message>> {
    sms_messages::table
        .filter(
            sms_messages::tournament_id
                .eq(tournament)
                .or(sms_messages::tournament_id.is_null()),
        )
        .order(sms_messages::id.desc())
        .limit(most)
        .select(Message::as_select())
        .load(conn)
}

/// How many of a tournament's messages out are in each state.
pub fn out_by_state(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Vec<(String, i64)>> {
    sms_messages::table
        .filter(sms_messages::tournament_id.eq(tournament))
        .filter(sms_messages::incoming.eq(false))
        .group_by(sms_messages::state)
        .select((sms_messages::state, diesel::dsl::count_star()))
        .load(conn)
}

/// The message parts a tournament has handed to its gateway.
pub fn parts_sent(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<i64> {
    sms_messages::table
        .filter(sms_messages::tournament_id.eq(tournament))
        .filter(sms_messages::incoming.eq(false))
        .filter(
            sms_messages::state
                .eq_any([State::Sent, State::Delivered, State::Failed].map(State::word)),
        )
        .filter(sms_messages::sent_at.is_not_null())
        .select(diesel::dsl::sum(sms_messages::parts))
        .first::<Option<i64>>(conn)
        .map(Option::unwrap_or_default)
}

/// The messages from a number since `since` that were refused or ignored (guesses, garbage).
pub fn refused_from(
    conn: &mut SqliteConnection,
    number: &str,
    since: NaiveDateTime,
) -> QueryResult<i64> {
    sms_messages::table
        .filter(sms_messages::number.eq(number))
        .filter(sms_messages::incoming.eq(true))
        .filter(sms_messages::created_at.ge(since))
        .filter(sms_messages::state.eq_any([State::Refused, State::Ignored].map(State::word)))
        .count()
        .get_result(conn)
}

/// The request to confirm a sheet that was sent to `number` with `code`, newest first.
pub fn request(
    conn: &mut SqliteConnection,
    number: &str,
    code: &str,
) -> QueryResult<Option<Message>> {
    sms_messages::table
        .filter(sms_messages::number.eq(number))
        .filter(sms_messages::incoming.eq(false))
        .filter(sms_messages::code.eq(code))
        .order(sms_messages::id.desc())
        .select(Message::as_select())
        .first(conn)
        .optional()
}

/// The messages out to a player of these kinds, newest first.
pub fn told(
    conn: &mut SqliteConnection,
    player: PlayerId,
    kinds: &[String],
) -> QueryResult<Vec<Message>> {
    sms_messages::table
        .filter(sms_messages::player_id.eq(player))
        .filter(sms_messages::incoming.eq(false))
        .filter(sms_messages::kind.eq_any(kinds))
        .order(sms_messages::id.desc())
        .select(Message::as_select())
        .load(conn)
}

/// The game a sheet is of.
pub fn game_of_sheet(conn: &mut SqliteConnection, sheet: SheetId) -> QueryResult<GameId> {
    use super::schema::sheets;
    sheets::table
        .find(sheet)
        .select(sheets::game_id)
        .first(conn)
}
