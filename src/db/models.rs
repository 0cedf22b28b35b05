//! Rows as read (`Foo`) and as inserted (`NewFoo`).

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use serde::Serialize;

use super::schema::{
    accounts, audit_log, event_controllers, events, players, tournament_controllers, tournaments,
};
use crate::auth::Role;
use crate::tournament::sheets::EndKind;
use crate::tournament::{
    AccountId, EventId, GameId, GameStatus, PlayerId, ResultKind, RoundId, SheetId, TournamentId,
    TournamentSettings, Winner,
};

#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = accounts, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Account {
    pub id: AccountId,
    pub username: String,
    pub password_hash: String,
    pub role: Role,
    pub failed_logins: i32,
    pub locked_until: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub session_generation: i32,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = accounts)]
pub struct NewAccount<'a> {
    pub username: &'a str,
    pub password_hash: &'a str,
    pub role: Role,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = tournaments, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Tournament {
    pub id: TournamentId,
    pub created_at: NaiveDateTime,
    pub previous_stage: Option<TournamentId>,
    pub playoff_place: Option<i32>,
    pub event_id: Option<EventId>,
    /// JSON: the prizes and how they are given (`tournament::prizes::PrizeList`).
    pub prizes: String,
    /// JSON: the team standings settings (`tournament::teams::TeamSettings`).
    pub teams: String,
    /// The settings, stored as one record (`TournamentSettings::stored`). Its event is the
    /// column `event_id`: `service::tournaments::stored_settings` gives both.
    pub settings: TournamentSettings,
    /// Generated from the settings, for what SQL reads of them.
    pub name: String,
    pub venue: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub language: String,
}

/// A tournament's settings as inserted or updated.
#[derive(Debug, Clone, Insertable, AsChangeset, Serialize)]
#[diesel(table_name = tournaments)]
pub struct TournamentForm {
    pub settings: TournamentSettings,
    pub event_id: Option<EventId>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = tournament_controllers)]
pub struct NewAssignment {
    pub tournament_id: TournamentId,
    pub account_id: AccountId,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = players, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Player {
    pub id: PlayerId,
    pub tournament_id: TournamentId,
    pub name: String,
    pub club: String,
    pub country: String,
    pub rating: Option<i32>,
    pub pin_hash: String,
    pub withdrawn: bool,
    pub failed_pins: i32,
    pub pin_locked_until: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub session_generation: i32,
    /// Fixed by the controller before round 1; otherwise the order is by rating, then name.
    pub pairing_number: Option<i32>,
    pub previous_player: Option<PlayerId>,
    pub birth_year: Option<i32>,
    /// `female`, `male`, or empty (not given).
    pub gender: String,
    pub title: String,
    pub federation: String,
    /// The person's first entry in the event, when they play in more than one section.
    pub person: Option<PlayerId>,
    /// The person of the rating list's register this player is.
    pub register_id: Option<i32>,
}

impl Player {
    /// The person this player is: the id of their first entry (in the event, or the stage
    /// they were copied from).
    pub fn first_entry(&self) -> PlayerId {
        self.person.unwrap_or(self.id)
    }

    /// The details as validated when they came in.
    pub fn details(&self) -> crate::tournament::PlayerDetails {
        crate::tournament::PlayerDetails {
            name: self.name.clone(),
            club: self.club.clone(),
            country: self.country.clone(),
            rating: self.rating,
            birth_year: self.birth_year,
            gender: self.gender.parse().ok(),
            title: self.title.clone(),
            federation: self.federation.clone(),
            register_id: self.register_id,
            phone: None,
        }
    }
}

#[derive(Debug, Insertable, AsChangeset)]
#[diesel(table_name = players, treat_none_as_null = true)]
pub struct NewPlayer<'a> {
    pub tournament_id: TournamentId,
    pub name: &'a str,
    pub club: &'a str,
    pub country: &'a str,
    pub rating: Option<i32>,
    pub pin_hash: &'a str,
    pub created_at: NaiveDateTime,
    pub birth_year: Option<i32>,
    pub gender: &'a str,
    pub title: &'a str,
    pub federation: &'a str,
    /// The person's first entry, for a player entered from another section or stage.
    pub person: Option<PlayerId>,
    pub register_id: Option<i32>,
}

impl<'a> NewPlayer<'a> {
    /// A new player of `tournament` with the details the forms (or a file's check) validated,
    /// and their PIN's hash.
    pub fn from_details(
        tournament: TournamentId,
        d: &'a crate::tournament::PlayerDetails,
        pin_hash: &'a str,
        created_at: NaiveDateTime,
    ) -> Self {
        NewPlayer {
            tournament_id: tournament,
            name: &d.name,
            club: &d.club,
            country: &d.country,
            rating: d.rating,
            pin_hash,
            created_at,
            birth_year: d.birth_year,
            gender: gender_text(d.gender),
            title: &d.title,
            federation: &d.federation,
            person: None,
            register_id: d.register_id,
        }
    }

    /// Another entry of the person `p` is: in `tournament` (another section of the event, or
    /// the next stage), with their details and PIN, linked to their first entry.
    pub fn entry_of(p: &'a Player, tournament: TournamentId, created_at: NaiveDateTime) -> Self {
        NewPlayer {
            tournament_id: tournament,
            name: &p.name,
            club: &p.club,
            country: &p.country,
            rating: p.rating,
            pin_hash: &p.pin_hash,
            created_at,
            birth_year: p.birth_year,
            gender: &p.gender,
            title: &p.title,
            federation: &p.federation,
            person: Some(p.first_entry()),
            register_id: p.register_id,
        }
    }
}

/// A player's details as edited.
#[derive(Debug, Clone, AsChangeset, Serialize)]
#[diesel(table_name = players, treat_none_as_null = true)]
pub struct PlayerChanges {
    pub name: String,
    pub club: String,
    pub country: String,
    pub rating: Option<i32>,
    pub birth_year: Option<i32>,
    pub gender: String,
    pub title: String,
    pub federation: String,
    pub register_id: Option<i32>,
}

impl From<&crate::tournament::PlayerDetails> for PlayerChanges {
    fn from(d: &crate::tournament::PlayerDetails) -> Self {
        PlayerChanges {
            name: d.name.clone(),
            club: d.club.clone(),
            country: d.country.clone(),
            rating: d.rating,
            birth_year: d.birth_year,
            gender: gender_text(d.gender).to_string(),
            title: d.title.clone(),
            federation: d.federation.clone(),
            register_id: d.register_id,
        }
    }
}

/// A gender as stored: its name, or empty when not given.
pub fn gender_text(gender: Option<crate::tournament::categories::Gender>) -> &'static str {
    gender.map_or("", Into::into)
}

/// An event as stored.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = events, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Event {
    pub id: EventId,
    pub name: String,
    pub venue: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    /// JSON: the categories (`tournament::categories::Category`).
    pub categories: String,
    pub created_at: NaiveDateTime,
}

/// An event's details as inserted or updated.
#[derive(Debug, Clone, Insertable, AsChangeset, Serialize)]
#[diesel(table_name = events, treat_none_as_null = true)]
pub struct EventForm {
    pub name: String,
    pub venue: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub categories: String,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = event_controllers)]
pub struct NewEventController {
    pub event_id: EventId,
    pub account_id: AccountId,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = audit_log, check_for_backend(diesel::sqlite::Sqlite))]
pub struct AuditEntry {
    pub id: i32,
    pub at: NaiveDateTime,
    pub actor: String,
    pub action: String,
    pub tournament_id: Option<TournamentId>,
    pub entity: String,
    pub entity_id: Option<i32>,
    pub before: Option<String>,
    pub after: Option<String>,
    /// Who sent the entry inside a tournament file or a push (none: this copy's own): the token
    /// that pushed it or the import that read the file, never what the entry says.
    pub sender: Option<String>,
    /// Who the entry itself says sent it on before (as written, unchecked).
    pub claimed_sender: Option<String>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = audit_log)]
pub struct NewAuditEntry<'a> {
    pub at: NaiveDateTime,
    pub actor: &'a str,
    pub action: &'a str,
    pub tournament_id: Option<TournamentId>,
    pub entity: &'a str,
    pub entity_id: Option<i32>,
    pub before: Option<String>,
    pub after: Option<String>,
    pub sender: Option<&'a str>,
    pub claimed_sender: Option<&'a str>,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = super::schema::rounds, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Round {
    pub id: RoundId,
    pub tournament_id: TournamentId,
    pub number: i32,
    pub published: bool,
    pub created_at: NaiveDateTime,
    pub published_at: Option<NaiveDateTime>,
    pub corrected_at: Option<NaiveDateTime>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = super::schema::rounds)]
pub struct NewRound {
    pub tournament_id: TournamentId,
    pub number: i32,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = super::schema::games, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Game {
    pub id: GameId,
    pub tournament_id: TournamentId,
    pub round_id: RoundId,
    pub board: Option<i32>,
    pub south_id: PlayerId,
    pub north_id: Option<PlayerId>,
    pub status: GameStatus,
    pub kind: Option<ResultKind>,
    pub winner: Option<Winner>,
    pub south_seeds: Option<i32>,
    pub north_seeds: Option<i32>,
    pub end_kind: Option<EndKind>,
    pub end_reason: Option<String>,
    pub moves: Option<String>,
    pub plies: Option<i32>,
    pub verified: bool,
    pub reason: Option<String>,
    pub updated_at: NaiveDateTime,
    pub match_game: i32,
}

#[derive(Debug, Insertable, AsChangeset)]
#[diesel(table_name = super::schema::games, treat_none_as_null = true)]
pub struct NewGame {
    pub tournament_id: TournamentId,
    pub round_id: RoundId,
    pub board: Option<i32>,
    pub south_id: PlayerId,
    pub north_id: Option<PlayerId>,
    pub status: GameStatus,
    pub kind: Option<ResultKind>,
    pub updated_at: NaiveDateTime,
    pub match_game: i32,
}

/// The result fields of a game, as set together.
#[derive(Debug, Clone, AsChangeset, Serialize)]
#[diesel(table_name = super::schema::games, treat_none_as_null = true)]
pub struct GameResult {
    pub status: GameStatus,
    pub kind: Option<ResultKind>,
    pub winner: Option<Winner>,
    pub south_seeds: Option<i32>,
    pub north_seeds: Option<i32>,
    pub end_kind: Option<EndKind>,
    pub end_reason: Option<String>,
    pub moves: Option<String>,
    pub plies: Option<i32>,
    pub verified: bool,
    pub reason: Option<String>,
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = super::schema::sheets, check_for_backend(diesel::sqlite::Sqlite))]
pub struct SheetRow {
    pub id: SheetId,
    pub game_id: GameId,
    pub player_id: PlayerId,
    pub winner: Winner,
    pub south_seeds: i32,
    pub north_seeds: i32,
    pub end_kind: EndKind,
    pub end_reason: Option<String>,
    pub moves: String,
    pub plies: i32,
    pub verified: bool,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Insertable, AsChangeset)]
#[diesel(table_name = super::schema::sheets, treat_none_as_null = true)]
pub struct NewSheet<'a> {
    pub game_id: GameId,
    pub player_id: PlayerId,
    pub winner: Winner,
    pub south_seeds: i32,
    pub north_seeds: i32,
    pub end_kind: EndKind,
    pub end_reason: Option<&'a str>,
    pub moves: &'a str,
    pub plies: i32,
    pub verified: bool,
    pub created_at: NaiveDateTime,
}

/// A bye a player asked for (or the controller entered) before a round was paired.
#[derive(Debug, Clone, Queryable, Selectable, Serialize)]
#[diesel(table_name = super::schema::byes, check_for_backend(diesel::sqlite::Sqlite))]
pub struct Bye {
    pub id: i32,
    pub tournament_id: TournamentId,
    pub player_id: PlayerId,
    pub round_number: i32,
    pub kind: crate::tournament::ByeKind,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = super::schema::byes)]
pub struct NewBye {
    pub tournament_id: TournamentId,
    pub player_id: PlayerId,
    pub round_number: i32,
    pub kind: crate::tournament::ByeKind,
    pub created_at: NaiveDateTime,
}

/// Two players the controller ruled out from meeting (`first_id` the smaller id).
#[derive(Debug, Clone, Queryable, Selectable, Serialize)]
#[diesel(table_name = super::schema::prohibited_pairs, check_for_backend(diesel::sqlite::Sqlite))]
pub struct ProhibitedPair {
    pub id: i32,
    pub tournament_id: TournamentId,
    pub first_id: PlayerId,
    pub second_id: PlayerId,
}
