//! The queries a whole tournament's file needs beyond those of the workflows: every sheet, roll
//! call, answer and audit entry of one tournament in the order they were made, and the few
//! writes that keep the times a file gives.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::models::{AuditEntry, SheetRow};
use super::roll_calls::{CheckIn, RollCall};
use super::schedules::RoundTime;
use super::schema::{
    audit_log, check_ins, copy_ids, games, players, roll_calls, round_times, rounds, sheets,
    tournament_identities,
};
use crate::tournament::archive::RecordKind;
use crate::tournament::{PlayerId, RoundId, TournamentId};

/// Every sheet sent in a tournament, oldest first.
/// A tournament's identity (made with it).
pub fn identity(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<String> {
    tournament_identities::table
        .find(tournament)
        .select(tournament_identities::uid)
        .first(conn)
}

/// Gives a tournament the identity of the one it is a copy of.
pub fn set_identity(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    uid: &str,
) -> QueryResult<usize> {
    diesel::replace_into(tournament_identities::table)
        .values((
            tournament_identities::tournament_id.eq(tournament),
            tournament_identities::uid.eq(uid),
        ))
        .execute(conn)
}

pub fn sheets_of(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Vec<SheetRow>> {
    sheets::table
        .inner_join(games::table)
        .filter(games::tournament_id.eq(tournament))
        .order(sheets::id)
        .select(SheetRow::as_select())
        .load(conn)
}

/// The tournament's sheets of these ids that are still there.
pub fn sheets_among(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    ids: &[i32],
) -> QueryResult<Vec<SheetRow>> {
    sheets::table
        .inner_join(games::table)
        .filter(games::tournament_id.eq(tournament))
        .filter(sheets::id.eq_any(ids))
        .select(SheetRow::as_select())
        .load(conn)
}

/// The tournament's games of these ids that are still there.
pub fn games_among(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    ids: &[i32],
) -> QueryResult<Vec<crate::db::models::Game>> {
    games::table
        .filter(games::tournament_id.eq(tournament))
        .filter(games::id.eq_any(ids))
        .select(crate::db::models::Game::as_select())
        .load(conn)
}

/// The tournament's players of these ids that are still there.
pub fn players_among(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    ids: &[i32],
) -> QueryResult<Vec<crate::db::models::Player>> {
    use crate::db::schema::players;
    players::table
        .filter(players::tournament_id.eq(tournament))
        .filter(players::id.eq_any(ids))
        .select(crate::db::models::Player::as_select())
        .load(conn)
}

/// Every roll call of a tournament, by round.
pub fn roll_calls_of(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Vec<RollCall>> {
    roll_calls::table
        .filter(roll_calls::tournament_id.eq(tournament))
        .order(roll_calls::round_number)
        .select(RollCall::as_select())
        .load(conn)
}

/// Every answer to a tournament's roll calls, by round then player.
pub fn check_ins_of(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Vec<CheckIn>> {
    check_ins::table
        .filter(check_ins::tournament_id.eq(tournament))
        .order((check_ins::round_number, check_ins::player_id))
        .select(CheckIn::as_select())
        .load(conn)
}

/// A tournament's audit trail, oldest first.
pub fn audit_of(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Vec<AuditEntry>> {
    audit_log::table
        .filter(audit_log::tournament_id.eq(tournament))
        .order(audit_log::id)
        .select(AuditEntry::as_select())
        .load(conn)
}

/// A tournament's audit entries after its first `kept`, oldest first.
pub fn audit_after(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    kept: i64,
) -> QueryResult<Vec<AuditEntry>> {
    audit_log::table
        .filter(audit_log::tournament_id.eq(tournament))
        .order(audit_log::id)
        .offset(kept)
        .limit(i64::MAX)
        .select(AuditEntry::as_select())
        .load(conn)
}

/// A round's times as a file gives them.
pub fn put_round_time(conn: &mut SqliteConnection, time: &RoundTime) -> QueryResult<usize> {
    diesel::replace_into(round_times::table)
        .values(time)
        .execute(conn)
}

/// A round without times of its own.
pub fn delete_round_time(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    number: i32,
) -> QueryResult<usize> {
    diesel::delete(
        round_times::table
            .filter(round_times::tournament_id.eq(tournament))
            .filter(round_times::round_number.eq(number)),
    )
    .execute(conn)
}

/// A round's publication and correction as a file gives them.
pub fn set_round_times(
    conn: &mut SqliteConnection,
    id: RoundId,
    published_at: Option<NaiveDateTime>,
    corrected_at: Option<NaiveDateTime>,
) -> QueryResult<usize> {
    diesel::update(rounds::table.find(id))
        .set((
            rounds::published.eq(published_at.is_some()),
            rounds::published_at.eq(published_at),
            rounds::corrected_at.eq(corrected_at),
        ))
        .execute(conn)
}

/// A player's pairing number and withdrawal as a file gives them.
pub fn set_player_state(
    conn: &mut SqliteConnection,
    id: PlayerId,
    pairing_number: Option<i32>,
    withdrawn: bool,
) -> QueryResult<usize> {
    diesel::update(players::table.find(id))
        .set((
            players::pairing_number.eq(pairing_number),
            players::withdrawn.eq(withdrawn),
        ))
        .execute(conn)
}

/// Empties the lists of a tournament a file gives whole, by the file's parts (`byes`,
/// `prohibited_pairs`, `roll_calls`, `check_ins`, `notice`, `schedule`): the rows of each table
/// that carries one of `parts` ([`super::tables`]), before they are written again.
pub fn clear_lists(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    parts: &[&str],
) -> QueryResult<()> {
    use super::tables::{Carried, Names, TABLES};
    let carrying = |t: &&super::tables::Table| {
        t.names == Names::Column
            && matches!(t.carried, Carried::Rows(part) if parts.contains(&part))
    };
    for table in TABLES.iter().filter(carrying) {
        diesel::sql_query(format!(
            "DELETE FROM {} WHERE tournament_id = ?",
            table.name
        ))
        .bind::<diesel::sql_types::Integer, _>(tournament.get())
        .execute(conn)?;
    }
    Ok(())
}

/// A record of a copy's gone: its row, and its id in the copy's audit entries that came with
/// its file (as a whole file written again would have them: naming nothing).
pub fn delete_copied(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    entity: RecordKind,
    id: i32,
) -> QueryResult<()> {
    diesel::sql_query(format!("DELETE FROM {} WHERE id = ?", entity.table()))
        .bind::<diesel::sql_types::Integer, _>(id)
        .execute(conn)?;
    diesel::sql_query(
        "UPDATE audit_log SET entity_id = NULL WHERE tournament_id = ? AND entity = ? \
         AND entity_id = ? AND sender IS NOT NULL",
    )
    .bind::<diesel::sql_types::Integer, _>(tournament.get())
    .bind::<diesel::sql_types::Text, _>(entity.as_ref())
    .bind::<diesel::sql_types::Integer, _>(id)
    .execute(conn)?;
    Ok(())
}

/// The latest entry of a tournament's audit trail (0 when none): every change of a tournament
/// has one, so a copy whose latest entry is still the one it had has not been changed.
pub fn latest_entry(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<i32> {
    use diesel::dsl::max;
    audit_log::table
        .filter(audit_log::tournament_id.eq(tournament))
        .select(max(audit_log::id))
        .first::<Option<i32>>(conn)
        .map(Option::unwrap_or_default)
}

/// Writes a copy's row again from its file.
pub fn rewrite_player(
    conn: &mut SqliteConnection,
    id: PlayerId,
    row: &super::models::NewPlayer<'_>,
) -> QueryResult<usize> {
    diesel::update(players::table.find(id))
        .set(row)
        .execute(conn)
}

pub fn rewrite_game(
    conn: &mut SqliteConnection,
    id: crate::tournament::GameId,
    row: &super::models::NewGame,
) -> QueryResult<usize> {
    diesel::update(games::table.find(id)).set(row).execute(conn)
}

pub fn rewrite_sheet(
    conn: &mut SqliteConnection,
    id: crate::tournament::SheetId,
    row: &super::models::NewSheet<'_>,
) -> QueryResult<usize> {
    diesel::update(sheets::table.find(id))
        .set(row)
        .execute(conn)
}

/// A copy's rows as its venue's file names them: the kind of record, the venue's id and the
/// copy's row.
pub type CopyId = (RecordKind, i64, i32);

/// Writes which row of a copy each of its venue's records is (`put`, those new or written again)
/// and forgets those gone (by kind and venue id).
pub fn keep_copy_ids(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    put: &[CopyId],
    gone: &[(RecordKind, i64)],
) -> QueryResult<()> {
    for (kind, source) in gone {
        diesel::delete(copy_ids::table.find((tournament.get(), kind.as_ref(), *source)))
            .execute(conn)?;
    }
    for chunk in put.chunks(200) {
        let rows: Vec<_> = chunk
            .iter()
            .map(|(kind, source, row)| {
                (
                    copy_ids::tournament_id.eq(tournament.get()),
                    copy_ids::kind.eq(kind.as_ref()),
                    copy_ids::source.eq(*source),
                    copy_ids::row_id.eq(*row),
                )
            })
            .collect();
        diesel::replace_into(copy_ids::table)
            .values(rows)
            .execute(conn)?;
    }
    Ok(())
}

/// Forgets every row of a copy (its file written again whole).
pub fn clear_copy_ids(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<()> {
    diesel::delete(copy_ids::table.filter(copy_ids::tournament_id.eq(tournament.get())))
        .execute(conn)?;
    Ok(())
}

/// Which row of a copy each of its venue's records is (a kind this release does not know left
/// out).
pub fn copy_ids_of(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Vec<CopyId>> {
    let rows: Vec<(String, i64, i32)> = copy_ids::table
        .filter(copy_ids::tournament_id.eq(tournament.get()))
        .select((copy_ids::kind, copy_ids::source, copy_ids::row_id))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(kind, source, row)| Some((kind.parse().ok()?, source, row)))
        .collect())
}

/// The `after` of a tournament's latest audit entry when it is a hub's own entry for a push
/// (`tournament.publish`): the copy has not changed since that push.
pub fn latest_push(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Option<(i32, Option<String>)>> {
    let latest = audit_log::table
        .filter(audit_log::tournament_id.eq(tournament))
        .order(audit_log::id.desc())
        .select((audit_log::id, audit_log::action, audit_log::after))
        .first::<(i32, String, Option<String>)>(conn)
        .optional()?;
    Ok(latest
        .filter(|(_, action, _)| action == "tournament.publish")
        .map(|(id, _, after)| (id, after)))
}

/// How much of a copy's audit trail came from its venue: entries, and their text.
pub fn trail_size(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<crate::tournament::archive::AuditSize> {
    #[derive(QueryableByName)]
    struct Size {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        entries: i64,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        bytes: i64,
    }
    let size: Size = diesel::sql_query(
        "SELECT COUNT(*) AS entries, COALESCE(SUM(length(actor) + length(action) + \
         length(entity) + COALESCE(length(claimed_sender), 0) + COALESCE(length(before), 0) + \
         COALESCE(length(after), 0)), 0) AS bytes \
         FROM audit_log WHERE tournament_id = ? AND sender IS NOT NULL",
    )
    .bind::<diesel::sql_types::Integer, _>(tournament.get())
    .get_result(conn)?;
    Ok(crate::tournament::archive::AuditSize {
        entries: usize::try_from(size.entries).unwrap_or(usize::MAX),
        bytes: usize::try_from(size.bytes).unwrap_or(usize::MAX),
    })
}

/// The venue's ids and the copy's rows of the records of one kind the venue names `sources`
/// (those the copy has).
pub fn copy_rows(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    kind: RecordKind,
    sources: &[i64],
) -> QueryResult<Vec<(i64, i32)>> {
    copy_ids::table
        .filter(copy_ids::tournament_id.eq(tournament.get()))
        .filter(copy_ids::kind.eq(kind.as_ref()))
        .filter(copy_ids::source.eq_any(sources))
        .select((copy_ids::source, copy_ids::row_id))
        .load(conn)
}

/// The venue's ids and the copy's rows of the copy's rows `rows` of one kind (those with a
/// venue's id).
pub fn copy_sources(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    kind: RecordKind,
    rows: &[i32],
) -> QueryResult<Vec<(i64, i32)>> {
    copy_ids::table
        .filter(copy_ids::tournament_id.eq(tournament.get()))
        .filter(copy_ids::kind.eq(kind.as_ref()))
        .filter(copy_ids::row_id.eq_any(rows))
        .select((copy_ids::source, copy_ids::row_id))
        .load(conn)
}

/// The game at a round's board and game of the match, if any (there is at most one).
pub fn game_at(
    conn: &mut SqliteConnection,
    round: crate::tournament::RoundId,
    (board, match_game): (i32, i32),
) -> QueryResult<Option<crate::tournament::GameId>> {
    games::table
        .filter(games::round_id.eq(round))
        .filter(games::board.eq(board))
        .filter(games::match_game.eq(match_game))
        .select(games::id)
        .first(conn)
        .optional()
}

/// Every sheet of these games, oldest first.
pub fn sheets_of_games(conn: &mut SqliteConnection, ids: &[i32]) -> QueryResult<Vec<SheetRow>> {
    sheets::table
        .filter(sheets::game_id.eq_any(ids))
        .order(sheets::id)
        .select(SheetRow::as_select())
        .load(conn)
}
