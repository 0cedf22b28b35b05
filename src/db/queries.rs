//! Plain query functions: `fn(&mut SqliteConnection, ...) -> QueryResult<T>`.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::models::*;
use super::schema::{
    accounts, audit_log, event_controllers, players, settings, tournament_controllers, tournaments,
};
use crate::auth::Role;
use crate::tournament::{AccountId, GameId, GameStatus, PlayerId, RoundId, TournamentId};

// --- settings ----------------------------------------------------------------------------------

pub fn get_setting(conn: &mut SqliteConnection, name: &str) -> QueryResult<Option<String>> {
    settings::table
        .filter(settings::name.eq(name))
        .select(settings::value)
        .first(conn)
        .optional()
}

pub fn put_setting(conn: &mut SqliteConnection, name: &str, value: &str) -> QueryResult<()> {
    diesel::insert_into(settings::table)
        .values((settings::name.eq(name), settings::value.eq(value)))
        .on_conflict(settings::name)
        .do_update()
        .set(settings::value.eq(value))
        .execute(conn)
        .map(|_| ())
}

diesel::define_sql_function!(fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text);

// --- accounts ----------------------------------------------------------------------------------

pub fn count_accounts_with_role(conn: &mut SqliteConnection, role: Role) -> QueryResult<i64> {
    accounts::table
        .filter(accounts::role.eq(role))
        .count()
        .get_result(conn)
}

pub fn insert_account(conn: &mut SqliteConnection, new: &NewAccount<'_>) -> QueryResult<Account> {
    diesel::insert_into(accounts::table)
        .values(new)
        .returning(Account::as_returning())
        .get_result(conn)
}

pub fn find_account_by_username(
    conn: &mut SqliteConnection,
    username: &str,
) -> QueryResult<Option<Account>> {
    // Usernames are one whatever their case (a unique index says so too).
    accounts::table
        .filter(lower(accounts::username).eq(username.to_ascii_lowercase()))
        .select(Account::as_select())
        .first(conn)
        .optional()
}

pub fn get_account(conn: &mut SqliteConnection, id: AccountId) -> QueryResult<Account> {
    accounts::table
        .find(id)
        .select(Account::as_select())
        .first(conn)
}

pub fn list_accounts(conn: &mut SqliteConnection) -> QueryResult<Vec<Account>> {
    accounts::table
        .order(accounts::username)
        .select(Account::as_select())
        .load(conn)
}

/// Sets an account's count of sign-in attempts and its lock.
pub fn set_login_attempts(
    conn: &mut SqliteConnection,
    id: AccountId,
    failures: i32,
    locked_until: Option<NaiveDateTime>,
) -> QueryResult<()> {
    diesel::update(accounts::table.find(id))
        .set((
            accounts::failed_logins.eq(failures),
            accounts::locked_until.eq(locked_until),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Sets a player's count of PIN attempts and the PIN's lock.
pub fn set_pin_attempts(
    conn: &mut SqliteConnection,
    id: PlayerId,
    failures: i32,
    locked_until: Option<NaiveDateTime>,
) -> QueryResult<()> {
    diesel::update(players::table.find(id))
        .set((
            players::failed_pins.eq(failures),
            players::pin_locked_until.eq(locked_until),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn clear_login_failures(conn: &mut SqliteConnection, id: AccountId) -> QueryResult<()> {
    diesel::update(accounts::table.find(id))
        .set((
            accounts::failed_logins.eq(0),
            accounts::locked_until.eq(None::<NaiveDateTime>),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Ends every session of an account: the generation its sessions must carry moves on.
pub fn end_account_sessions(conn: &mut SqliteConnection, id: AccountId) -> QueryResult<i32> {
    diesel::update(accounts::table.find(id))
        .set(accounts::session_generation.eq(accounts::session_generation + 1))
        .returning(accounts::session_generation)
        .get_result(conn)
}

/// Ends every session of a player (see [`end_account_sessions`]).
pub fn end_player_sessions(conn: &mut SqliteConnection, id: PlayerId) -> QueryResult<i32> {
    diesel::update(players::table.find(id))
        .set(players::session_generation.eq(players::session_generation + 1))
        .returning(players::session_generation)
        .get_result(conn)
}

// --- tournaments -------------------------------------------------------------------------------

pub fn list_tournaments(conn: &mut SqliteConnection) -> QueryResult<Vec<Tournament>> {
    tournaments::table
        .order((tournaments::start_date.desc(), tournaments::id.desc()))
        .select(Tournament::as_select())
        .load(conn)
}

pub fn get_tournament(conn: &mut SqliteConnection, id: TournamentId) -> QueryResult<Tournament> {
    tournaments::table
        .find(id)
        .select(Tournament::as_select())
        .first(conn)
}

pub fn insert_tournament(
    conn: &mut SqliteConnection,
    form: &TournamentForm,
    now: NaiveDateTime,
) -> QueryResult<Tournament> {
    diesel::insert_into(tournaments::table)
        .values((form, tournaments::created_at.eq(now)))
        .returning(Tournament::as_returning())
        .get_result(conn)
}

pub fn update_tournament(
    conn: &mut SqliteConnection,
    id: TournamentId,
    form: &TournamentForm,
) -> QueryResult<Tournament> {
    diesel::update(tournaments::table.find(id))
        .set(form)
        .returning(Tournament::as_returning())
        .get_result(conn)
}

/// Stores a tournament's team standings settings (JSON).
pub fn set_teams(conn: &mut SqliteConnection, id: TournamentId, teams: &str) -> QueryResult<usize> {
    diesel::update(tournaments::table.find(id))
        .set(tournaments::teams.eq(teams))
        .execute(conn)
}

/// Stores a tournament's prizes (JSON).
pub fn set_prizes(
    conn: &mut SqliteConnection,
    id: TournamentId,
    prizes: &str,
) -> QueryResult<usize> {
    diesel::update(tournaments::table.find(id))
        .set(tournaments::prizes.eq(prizes))
        .execute(conn)
}

/// Records the tournament whose standings gave `id` its players, and the place it decides if it
/// is a play-off.
pub fn set_previous_stage(
    conn: &mut SqliteConnection,
    id: TournamentId,
    previous: TournamentId,
    playoff_place: Option<i32>,
) -> QueryResult<usize> {
    diesel::update(tournaments::table.find(id))
        .set((
            tournaments::previous_stage.eq(Some(previous)),
            tournaments::playoff_place.eq(playoff_place),
        ))
        .execute(conn)
}

/// The play-offs of a tournament's standings.
pub fn playoffs_of(conn: &mut SqliteConnection, id: TournamentId) -> QueryResult<Vec<Tournament>> {
    tournaments::table
        .filter(tournaments::previous_stage.eq(Some(id)))
        .filter(tournaments::playoff_place.is_not_null())
        .order(tournaments::id)
        .select(Tournament::as_select())
        .load(conn)
}

/// Records who a stage's player was in the stage before.
pub fn set_previous_player(
    conn: &mut SqliteConnection,
    id: PlayerId,
    previous: PlayerId,
) -> QueryResult<usize> {
    diesel::update(players::table.find(id))
        .set(players::previous_player.eq(Some(previous)))
        .execute(conn)
}

/// Whether the account controls the tournament: assigned to it, or to its event.
pub fn is_controller_of(
    conn: &mut SqliteConnection,
    account_id: AccountId,
    tournament_id: TournamentId,
) -> QueryResult<bool> {
    let assigned: bool = diesel::select(diesel::dsl::exists(
        tournament_controllers::table
            .filter(tournament_controllers::account_id.eq(account_id))
            .filter(tournament_controllers::tournament_id.eq(tournament_id)),
    ))
    .get_result(conn)?;
    if assigned {
        return Ok(true);
    }
    diesel::select(diesel::dsl::exists(
        event_controllers::table
            .inner_join(
                tournaments::table
                    .on(tournaments::event_id.eq(event_controllers::event_id.nullable())),
            )
            .filter(event_controllers::account_id.eq(account_id))
            .filter(tournaments::id.eq(tournament_id)),
    ))
    .get_result(conn)
}

pub fn assign_controller(
    conn: &mut SqliteConnection,
    assignment: &NewAssignment,
) -> QueryResult<usize> {
    diesel::insert_or_ignore_into(tournament_controllers::table)
        .values(assignment)
        .execute(conn)
}

pub fn unassign_controller(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    account_id: AccountId,
) -> QueryResult<usize> {
    diesel::delete(
        tournament_controllers::table
            .filter(tournament_controllers::tournament_id.eq(tournament_id))
            .filter(tournament_controllers::account_id.eq(account_id)),
    )
    .execute(conn)
}

pub fn controllers_of(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> QueryResult<Vec<Account>> {
    tournament_controllers::table
        .inner_join(accounts::table)
        .filter(tournament_controllers::tournament_id.eq(tournament_id))
        .order(accounts::username)
        .select(Account::as_select())
        .load(conn)
}

pub fn tournaments_controlled_by(
    conn: &mut SqliteConnection,
    account_id: AccountId,
) -> QueryResult<Vec<TournamentId>> {
    tournament_controllers::table
        .filter(tournament_controllers::account_id.eq(account_id))
        .select(tournament_controllers::tournament_id)
        .load(conn)
}

// --- players -----------------------------------------------------------------------------------

pub fn list_players(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> QueryResult<Vec<Player>> {
    // Pairing order (FIDE C.04.2): numbers fixed by the controller first, then by rating
    // (unrated last) and name.
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .order((
            players::pairing_number.is_null(),
            players::pairing_number,
            players::rating.is_null(),
            players::rating.desc(),
            players::name,
            players::id,
        ))
        .select(Player::as_select())
        .load(conn)
}

/// Fixes the pairing numbers of a tournament's players.
pub fn set_pairing_numbers(
    conn: &mut SqliteConnection,
    numbers: &[(PlayerId, i32)],
) -> QueryResult<()> {
    for &(id, n) in numbers {
        diesel::update(players::table.find(id))
            .set(players::pairing_number.eq(Some(n)))
            .execute(conn)?;
    }
    Ok(())
}

/// A player of the given tournament (not found if it belongs to another).
pub fn get_player(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    id: PlayerId,
) -> QueryResult<Player> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .filter(players::id.eq(id))
        .select(Player::as_select())
        .first(conn)
}

pub fn get_player_by_id(conn: &mut SqliteConnection, id: PlayerId) -> QueryResult<Player> {
    players::table
        .find(id)
        .select(Player::as_select())
        .first(conn)
}

pub fn insert_player(conn: &mut SqliteConnection, new: &NewPlayer<'_>) -> QueryResult<Player> {
    diesel::insert_into(players::table)
        .values(new)
        .returning(Player::as_returning())
        .get_result(conn)
}

pub fn update_player(
    conn: &mut SqliteConnection,
    id: PlayerId,
    changes: &PlayerChanges,
) -> QueryResult<Player> {
    diesel::update(players::table.find(id))
        .set(changes)
        .returning(Player::as_returning())
        .get_result(conn)
}

pub fn set_withdrawn(
    conn: &mut SqliteConnection,
    id: PlayerId,
    withdrawn: bool,
) -> QueryResult<Player> {
    diesel::update(players::table.find(id))
        .set(players::withdrawn.eq(withdrawn))
        .returning(Player::as_returning())
        .get_result(conn)
}

/// Sets a new PIN hash and lifts any lock.
pub fn set_pin_hash(conn: &mut SqliteConnection, id: PlayerId, pin_hash: &str) -> QueryResult<()> {
    diesel::update(players::table.find(id))
        .set((
            players::pin_hash.eq(pin_hash),
            players::failed_pins.eq(0),
            players::pin_locked_until.eq(None::<NaiveDateTime>),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn clear_pin_failures(conn: &mut SqliteConnection, id: PlayerId) -> QueryResult<()> {
    diesel::update(players::table.find(id))
        .set((
            players::failed_pins.eq(0),
            players::pin_locked_until.eq(None::<NaiveDateTime>),
        ))
        .execute(conn)
        .map(|_| ())
}

// --- audit log ---------------------------------------------------------------------------------

pub fn insert_audit(conn: &mut SqliteConnection, entry: &NewAuditEntry<'_>) -> QueryResult<()> {
    diesel::insert_into(audit_log::table)
        .values(entry)
        .execute(conn)
        .map(|_| ())
}

/// The newest entry about one entity (`round` 12, `game` 40), if any.
pub fn latest_audit_of(
    conn: &mut SqliteConnection,
    entity: &str,
    entity_id: i32,
) -> QueryResult<Option<AuditEntry>> {
    audit_log::table
        .filter(audit_log::entity.eq(entity))
        .filter(audit_log::entity_id.eq(entity_id))
        .order(audit_log::id.desc())
        .first(conn)
        .optional()
}

/// The newest entries first; only those of `tournaments` when given.
// --- rounds and games --------------------------------------------------------------------------
use super::schema::{games, rounds, sheets};

/// The number of a tournament's last published round (0 before any).
pub fn last_published_round(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> QueryResult<i32> {
    rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .filter(rounds::published.eq(true))
        .select(diesel::dsl::max(rounds::number))
        .first::<Option<i32>>(conn)
        .map(|n| n.unwrap_or(0))
}

pub fn list_rounds(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> QueryResult<Vec<Round>> {
    rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .order(rounds::number)
        .select(Round::as_select())
        .load(conn)
}

pub fn get_round(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    number: i32,
) -> QueryResult<Round> {
    rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .filter(rounds::number.eq(number))
        .select(Round::as_select())
        .first(conn)
}

pub fn get_round_by_id(conn: &mut SqliteConnection, id: RoundId) -> QueryResult<Round> {
    rounds::table
        .find(id)
        .select(Round::as_select())
        .first(conn)
}

pub fn insert_round(conn: &mut SqliteConnection, new: &NewRound) -> QueryResult<Round> {
    diesel::insert_into(rounds::table)
        .values(new)
        .returning(Round::as_returning())
        .get_result(conn)
}

pub fn publish_round(
    conn: &mut SqliteConnection,
    id: RoundId,
    at: NaiveDateTime,
) -> QueryResult<Round> {
    diesel::update(rounds::table.find(id))
        .set((
            rounds::published.eq(true),
            rounds::published_at.eq(Some(at)),
        ))
        .returning(Round::as_returning())
        .get_result(conn)
}

pub fn delete_round(conn: &mut SqliteConnection, id: RoundId) -> QueryResult<usize> {
    diesel::delete(rounds::table.find(id)).execute(conn)
}

/// The games of a round: boards in order, then the byes.
pub fn round_games(conn: &mut SqliteConnection, round_id: RoundId) -> QueryResult<Vec<Game>> {
    let mut list: Vec<Game> = games::table
        .filter(games::round_id.eq(round_id))
        .select(Game::as_select())
        .load(conn)?;
    list.sort_by_key(|g| (g.board.is_none(), g.board, g.id));
    Ok(list)
}

/// The games of one board of a round (a match), in the match's order.
pub fn match_games(
    conn: &mut SqliteConnection,
    round_id: RoundId,
    board: i32,
) -> QueryResult<Vec<Game>> {
    games::table
        .filter(games::round_id.eq(round_id))
        .filter(games::board.eq(board))
        .order(games::match_game)
        .select(Game::as_select())
        .load(conn)
}

pub fn delete_game(conn: &mut SqliteConnection, id: GameId) -> QueryResult<usize> {
    diesel::delete(games::table.find(id)).execute(conn)
}

pub fn mark_round_corrected(
    conn: &mut SqliteConnection,
    id: RoundId,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(rounds::table.find(id))
        .set(rounds::corrected_at.eq(Some(at)))
        .execute(conn)
}

/// Every game of a tournament.
pub fn tournament_games(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> QueryResult<Vec<Game>> {
    games::table
        .filter(games::tournament_id.eq(tournament_id))
        .order(games::id)
        .select(Game::as_select())
        .load(conn)
}

/// Every game of a tournament with its round, in the order they were made (published rounds
/// only when `published`).
pub fn games_with_rounds(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    published: bool,
) -> QueryResult<Vec<(Game, Round)>> {
    let mut query = games::table
        .inner_join(rounds::table)
        .filter(games::tournament_id.eq(tournament_id))
        .into_boxed();
    if published {
        query = query.filter(rounds::published.eq(true));
    }
    query
        .order(games::id)
        .select((Game::as_select(), Round::as_select()))
        .load(conn)
}

pub fn get_game(conn: &mut SqliteConnection, id: GameId) -> QueryResult<Game> {
    games::table.find(id).select(Game::as_select()).first(conn)
}

pub fn insert_game(conn: &mut SqliteConnection, new: &NewGame) -> QueryResult<Game> {
    diesel::insert_into(games::table)
        .values(new)
        .returning(Game::as_returning())
        .get_result(conn)
}

pub fn set_game_result(
    conn: &mut SqliteConnection,
    id: GameId,
    result: &GameResult,
) -> QueryResult<Game> {
    diesel::update(games::table.find(id))
        .set(result)
        .returning(Game::as_returning())
        .get_result(conn)
}

pub fn set_game_status(
    conn: &mut SqliteConnection,
    id: GameId,
    status: GameStatus,
    at: NaiveDateTime,
) -> QueryResult<Game> {
    diesel::update(games::table.find(id))
        .set((games::status.eq(status), games::updated_at.eq(at)))
        .returning(Game::as_returning())
        .get_result(conn)
}

pub fn insert_sheet(conn: &mut SqliteConnection, new: &NewSheet<'_>) -> QueryResult<SheetRow> {
    diesel::insert_into(sheets::table)
        .values(new)
        .returning(SheetRow::as_returning())
        .get_result(conn)
}

/// The sheets of a game, oldest first.
pub fn game_sheets(conn: &mut SqliteConnection, game_id: GameId) -> QueryResult<Vec<SheetRow>> {
    sheets::table
        .filter(sheets::game_id.eq(game_id))
        .order(sheets::id)
        .select(SheetRow::as_select())
        .load(conn)
}

/// A sheet of the given game (not found if it belongs to another).
pub fn get_sheet(
    conn: &mut SqliteConnection,
    game_id: GameId,
    id: crate::tournament::SheetId,
) -> QueryResult<SheetRow> {
    sheets::table
        .filter(sheets::game_id.eq(game_id))
        .filter(sheets::id.eq(id))
        .select(SheetRow::as_select())
        .first(conn)
}

/// The latest sheet of a game.
pub fn last_sheet(conn: &mut SqliteConnection, game_id: GameId) -> QueryResult<Option<SheetRow>> {
    sheets::table
        .filter(sheets::game_id.eq(game_id))
        .order(sheets::id.desc())
        .select(SheetRow::as_select())
        .first(conn)
        .optional()
}

/// Writes a sheet's moves again (a repair of what was stored wrong).
pub fn set_sheet_moves(
    conn: &mut SqliteConnection,
    id: crate::tournament::SheetId,
    moves: &str,
) -> QueryResult<usize> {
    diesel::update(sheets::table.find(id))
        .set(sheets::moves.eq(moves))
        .execute(conn)
}

/// Writes a game's moves again (a repair of what was stored wrong).
pub fn set_game_moves(conn: &mut SqliteConnection, id: GameId, moves: &str) -> QueryResult<usize> {
    diesel::update(games::table.find(id))
        .set(games::moves.eq(moves))
        .execute(conn)
}

/// How many sheets of a tournament were sent without moves.
pub fn count_sheets_without_moves(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> QueryResult<i64> {
    sheets::table
        .inner_join(games::table)
        .filter(games::tournament_id.eq(tournament_id))
        .filter(sheets::moves.eq(""))
        .count()
        .get_result(conn)
}

/// Who sent the latest sheet of each of `games` that has one.
pub fn last_senders(
    conn: &mut SqliteConnection,
    games: &[GameId],
) -> QueryResult<HashMap<GameId, PlayerId>> {
    let sent: Vec<(GameId, PlayerId)> = sheets::table
        .filter(sheets::game_id.eq_any(games))
        .order(sheets::id.asc())
        .select((sheets::game_id, sheets::player_id))
        .load(conn)?;
    // In the sheets' order: each game's last one stays.
    Ok(sent.into_iter().collect())
}

// --- requested byes ---------------------------------------------------------------------------

use super::schema::byes;

/// The byes of a tournament, by round then player.
pub fn tournament_byes(conn: &mut SqliteConnection, id: TournamentId) -> QueryResult<Vec<Bye>> {
    byes::table
        .filter(byes::tournament_id.eq(id))
        .order((byes::round_number, byes::player_id))
        .select(Bye::as_select())
        .load(conn)
}

/// Records a bye, or changes the kind of one already there.
pub fn put_bye(conn: &mut SqliteConnection, new: &NewBye) -> QueryResult<Bye> {
    diesel::insert_into(byes::table)
        .values(new)
        .on_conflict((byes::player_id, byes::round_number))
        .do_update()
        .set(byes::kind.eq(new.kind))
        .returning(Bye::as_returning())
        .get_result(conn)
}

pub fn delete_bye(
    conn: &mut SqliteConnection,
    player: PlayerId,
    round_number: i32,
) -> QueryResult<usize> {
    diesel::delete(
        byes::table
            .filter(byes::player_id.eq(player))
            .filter(byes::round_number.eq(round_number)),
    )
    .execute(conn)
}

// --- pairings ruled out -------------------------------------------------------------------------

use super::schema::prohibited_pairs;

pub fn prohibited_pairs(
    conn: &mut SqliteConnection,
    id: TournamentId,
) -> QueryResult<Vec<ProhibitedPair>> {
    prohibited_pairs::table
        .filter(prohibited_pairs::tournament_id.eq(id))
        .order((prohibited_pairs::first_id, prohibited_pairs::second_id))
        .select(ProhibitedPair::as_select())
        .load(conn)
}

/// Rules out a pairing (again, harmlessly); the ids in either order.
pub fn prohibit_pair(
    conn: &mut SqliteConnection,
    id: TournamentId,
    a: PlayerId,
    b: PlayerId,
) -> QueryResult<usize> {
    let (first, second) = if a.get() < b.get() { (a, b) } else { (b, a) };
    diesel::insert_into(prohibited_pairs::table)
        .values((
            prohibited_pairs::tournament_id.eq(id),
            prohibited_pairs::first_id.eq(first),
            prohibited_pairs::second_id.eq(second),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
}

pub fn allow_pair(conn: &mut SqliteConnection, a: PlayerId, b: PlayerId) -> QueryResult<usize> {
    let (first, second) = if a.get() < b.get() { (a, b) } else { (b, a) };
    diesel::delete(
        prohibited_pairs::table
            .filter(prohibited_pairs::first_id.eq(first))
            .filter(prohibited_pairs::second_id.eq(second)),
    )
    .execute(conn)
}
