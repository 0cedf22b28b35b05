//! Queries of publishing to a hub: on the hub, its tokens and what a push replaces; on the
//! venue, where each tournament is published and how far.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{Integer, Nullable, Text};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::schema::{hub_links, hub_sends, hub_tokens};
use crate::tournament::TournamentId;

/// A token of the hub.
#[derive(Debug, Clone, Queryable, Selectable, Serialize)]
#[diesel(table_name = hub_tokens, check_for_backend(diesel::sqlite::Sqlite))]
pub struct HubToken {
    pub id: i32,
    pub label: String,
    #[serde(skip)]
    pub secret_hash: String,
    pub tournament_id: Option<TournamentId>,
    pub created_at: NaiveDateTime,
    pub revoked_at: Option<NaiveDateTime>,
    pub version: i64,
    pub pushed_at: Option<NaiveDateTime>,
    /// The identity of the tournament the token publishes (bound by its first push).
    pub tournament_uid: Option<String>,
    /// The digest of the file last taken.
    #[serde(skip)]
    pub digest: Option<String>,
    /// The version of the venue's last push when it disagreed with this copy (behind it, or
    /// this copy's version with other content); none once a push is taken.
    pub disagreed_version: Option<i64>,
    pub disagreed_at: Option<NaiveDateTime>,
    /// The version of the copy when the last push was written (none: by an earlier release).
    #[serde(skip)]
    pub copy_version: Option<i64>,
}

pub fn insert_token(
    conn: &mut SqliteConnection,
    label: &str,
    secret_hash: &str,
    at: NaiveDateTime,
) -> QueryResult<HubToken> {
    diesel::insert_into(hub_tokens::table)
        .values((
            hub_tokens::label.eq(label),
            hub_tokens::secret_hash.eq(secret_hash),
            hub_tokens::created_at.eq(at),
        ))
        .returning(HubToken::as_returning())
        .get_result(conn)
}

/// Keeps a token's secret as its digest (in place of an earlier version's argon2 hash).
pub fn set_token_digest(conn: &mut SqliteConnection, id: i32, digest: &str) -> QueryResult<()> {
    diesel::update(hub_tokens::table.find(id))
        .set(hub_tokens::secret_hash.eq(digest))
        .execute(conn)
        .map(drop)
}

pub fn token(conn: &mut SqliteConnection, id: i32) -> QueryResult<Option<HubToken>> {
    hub_tokens::table
        .find(id)
        .select(HubToken::as_select())
        .first(conn)
        .optional()
}

/// Every token, newest first.
pub fn tokens(conn: &mut SqliteConnection) -> QueryResult<Vec<HubToken>> {
    hub_tokens::table
        .order(hub_tokens::id.desc())
        .select(HubToken::as_select())
        .load(conn)
}

pub fn revoke_token(conn: &mut SqliteConnection, id: i32, at: NaiveDateTime) -> QueryResult<usize> {
    diesel::update(
        hub_tokens::table
            .find(id)
            .filter(hub_tokens::revoked_at.is_null()),
    )
    .set(hub_tokens::revoked_at.eq(at))
    .execute(conn)
}

/// A push taken: the tournament it made or replaced, and its version.
pub fn token_pushed(
    conn: &mut SqliteConnection,
    id: i32,
    tournament: TournamentId,
    version: i64,
    at: NaiveDateTime,
    uid: &str,
    digest: &str,
) -> QueryResult<usize> {
    diesel::update(hub_tokens::table.find(id))
        .set((
            hub_tokens::tournament_id.eq(tournament),
            hub_tokens::version.eq(version),
            hub_tokens::pushed_at.eq(at),
            hub_tokens::tournament_uid.eq(uid),
            hub_tokens::digest.eq(digest),
            hub_tokens::disagreed_version.eq(None::<i64>),
            hub_tokens::disagreed_at.eq(None::<NaiveDateTime>),
        ))
        .execute(conn)
}

/// Writes down the version of the token's copy `tournament` as it is now: once the push it
/// took is written whole (its audit entry included).
pub fn token_copy_version(
    conn: &mut SqliteConnection,
    id: i32,
    tournament: TournamentId,
) -> QueryResult<usize> {
    let version = super::tournament_versions::carried(conn, tournament.get())?;
    diesel::update(hub_tokens::table.find(id))
        .set(hub_tokens::copy_version.eq(version))
        .execute(conn)
}

/// Whether the token's copy is still as its last push left it: at the version written down
/// then (a token whose last push an earlier release wrote has none to compare).
pub fn copy_unchanged(
    conn: &mut SqliteConnection,
    token: &HubToken,
    tournament: TournamentId,
) -> QueryResult<bool> {
    Ok(match token.copy_version {
        Some(version) => super::tournament_versions::carried(conn, tournament.get())? == version,
        None => true,
    })
}

/// The venue's last push disagreed with the hub's copy (`version`, the push's), or (none) not.
pub fn token_disagreement(
    conn: &mut SqliteConnection,
    id: i32,
    version: Option<i64>,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(hub_tokens::table.find(id))
        .set((
            hub_tokens::disagreed_version.eq(version),
            hub_tokens::disagreed_at.eq(version.map(|_| at)),
        ))
        .execute(conn)
}

/// The version of what a tournament's file carries (see [`super::tournament_versions`]): what
/// a venue sends its hub.
pub fn tournament_version(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<i64> {
    super::tournament_versions::carried(conn, tournament.get())
}

/// Everything of a tournament a whole file writes again (its tables cleared on a copy,
/// [`super::tables::TABLES`], in their order), before a push writes it again: not its row, nor
/// the hub's own entries of the pushes it took.
pub fn clear_tournament(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<()> {
    use super::tables::{Names, OnCopy, TABLES};
    for table in TABLES {
        let kept = match table.on_copy {
            OnCopy::Kept => continue,
            OnCopy::Cleared => String::new(),
            OnCopy::ClearedBut(kept) => format!(" AND NOT ({kept})"),
        };
        let of = match table.names {
            Names::Column => "tournament_id = ?",
            Names::Game => "game_id IN (SELECT id FROM games WHERE tournament_id = ?)",
            Names::Itself | Names::Event | Names::ByEvent => {
                return Err(diesel::result::Error::QueryBuilderError(
                    format!("{} is not cleared with a copy", table.name).into(),
                ));
            }
        };
        diesel::sql_query(format!("DELETE FROM {} WHERE {of}{kept}", table.name))
            .bind::<Integer, _>(tournament.get())
            .execute(conn)?;
    }
    Ok(())
}

/// A row of a hub's copy as a whole file written over it names it again: its id, and a
/// player's name, or a game's round, board, game of the match and players' names.
#[derive(Debug, Clone, QueryableByName)]
pub struct CopiedRow {
    #[diesel(sql_type = Integer)]
    pub id: i32,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = Integer)]
    pub round: i32,
    #[diesel(sql_type = Nullable<Integer>)]
    pub board: Option<i32>,
    #[diesel(sql_type = Integer)]
    pub match_game: i32,
    #[diesel(sql_type = Nullable<Text>)]
    pub north: Option<String>,
}

/// The players (`round` 0) and the games of a copy, before a whole file is written over it.
pub fn copied_rows(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<(Vec<CopiedRow>, Vec<CopiedRow>)> {
    let players = diesel::sql_query(
        "SELECT id, name, 0 AS round, NULL AS board, 0 AS match_game, NULL AS north \
         FROM players WHERE tournament_id = ?",
    )
    .bind::<Integer, _>(tournament.get())
    .load(conn)?;
    let games = diesel::sql_query(
        "SELECT g.id, s.name, r.number AS round, g.board, g.match_game, n.name AS north \
         FROM games g JOIN rounds r ON r.id = g.round_id JOIN players s ON s.id = g.south_id \
         LEFT JOIN players n ON n.id = g.north_id WHERE g.tournament_id = ?",
    )
    .bind::<Integer, _>(tournament.get())
    .load(conn)?;
    Ok((players, games))
}

/// Gives a row just written the id it had before (free: its row was deleted).
pub fn renumber(
    conn: &mut SqliteConnection,
    table: Renumbered,
    from: i32,
    to: i32,
) -> QueryResult<()> {
    let sql = match table {
        Renumbered::Player => "UPDATE players SET id = ? WHERE id = ?",
        Renumbered::Game => "UPDATE games SET id = ? WHERE id = ?",
    };
    diesel::sql_query(sql)
        .bind::<Integer, _>(to)
        .bind::<Integer, _>(from)
        .execute(conn)?;
    Ok(())
}

/// The rows [`renumber`] gives their ids back.
#[derive(Debug, Clone, Copy)]
pub enum Renumbered {
    Player,
    Game,
}

/// Where a venue's tournament is published.
#[derive(Debug, Clone, Queryable, Selectable, Serialize)]
#[diesel(table_name = hub_links, check_for_backend(diesel::sqlite::Sqlite))]
pub struct HubLink {
    pub tournament_id: TournamentId,
    pub hub_url: String,
    #[serde(skip)]
    pub token: String,
    pub pushed_version: i64,
    pub pushed_at: Option<NaiveDateTime>,
    pub hub_tournament: Option<i32>,
    pub refused_version: Option<i64>,
    /// What went wrong, as stored (`Kept::read` gives its facts).
    #[serde(skip)]
    pub problem: Option<String>,
    pub tried_at: Option<NaiveDateTime>,
    /// The hub's copy does not follow from this venue's history (`problem` says how).
    pub disagreed: bool,
    /// The organiser asked to publish the venue's copy again, whatever the hub has.
    pub again: bool,
    /// The digest of the file at `pushed_version` (none before the hub acknowledged one).
    #[serde(skip)]
    pub pushed_digest: Option<String>,
    /// The last entry of the venue's log the hub's copy holds ([`super::venue_log`]; none: the
    /// next push is the whole file).
    #[serde(skip)]
    pub pushed_log: Option<i64>,
}

pub fn link(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<Option<HubLink>> {
    hub_links::table
        .find(tournament)
        .select(HubLink::as_select())
        .first(conn)
        .optional()
}

pub fn links(conn: &mut SqliteConnection) -> QueryResult<Vec<HubLink>> {
    hub_links::table
        .order(hub_links::tournament_id)
        .select(HubLink::as_select())
        .load(conn)
}

/// Publishes a tournament to a hub (again from the start: a new hub or token).
pub fn put_link(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    hub_url: &str,
    token: &str,
) -> QueryResult<usize> {
    diesel::replace_into(hub_links::table)
        .values((
            hub_links::tournament_id.eq(tournament),
            hub_links::hub_url.eq(hub_url),
            hub_links::token.eq(token),
        ))
        .execute(conn)?;
    super::fingerprints::forget(conn, tournament)?;
    super::venue_log::forget(conn, tournament, None)?;
    forget_sends(conn, tournament)
}

/// The most versions sent and not acknowledged a venue keeps, a day of changes while the hub
/// cannot be reached (about 80 bytes each in a push; the oldest go first: a hub that holds one
/// of those is taken as holding another history, the safe side).
const MOST_SENDS: i64 = 1000;

/// A version about to be sent, with the digest of what is sent (before it is: the hub may take
/// it and its answer never arrive).
pub fn record_send(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    version: i64,
    digest: &str,
) -> QueryResult<()> {
    diesel::replace_into(hub_sends::table)
        .values((
            hub_sends::tournament_id.eq(tournament),
            hub_sends::version.eq(version),
            hub_sends::digest.eq(digest),
        ))
        .execute(conn)?;
    let oldest_kept: Option<i64> = hub_sends::table
        .filter(hub_sends::tournament_id.eq(tournament))
        .order(hub_sends::version.desc())
        .select(hub_sends::version)
        .offset(MOST_SENDS - 1)
        .first(conn)
        .optional()?;
    if let Some(oldest) = oldest_kept {
        diesel::delete(
            hub_sends::table
                .filter(hub_sends::tournament_id.eq(tournament))
                .filter(hub_sends::version.lt(oldest)),
        )
        .execute(conn)?;
    }
    Ok(())
}

/// The versions sent since the hub last acknowledged one, oldest first, with their digests.
pub fn sends(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> QueryResult<Vec<(i64, String)>> {
    hub_sends::table
        .filter(hub_sends::tournament_id.eq(tournament))
        .order(hub_sends::version)
        .select((hub_sends::version, hub_sends::digest))
        .load(conn)
}

fn forget_sends(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<usize> {
    diesel::delete(hub_sends::table.filter(hub_sends::tournament_id.eq(tournament))).execute(conn)
}

pub fn delete_link(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<usize> {
    super::fingerprints::forget(conn, tournament)?;
    super::venue_log::forget(conn, tournament, None)?;
    diesel::delete(hub_links::table.find(tournament)).execute(conn)
}

/// The hub holds `version`, with this venue's content (`digest`) as it stood at the log's entry
/// `log`: the versions sent before, and the log up to that entry, are forgotten.
pub fn link_pushed(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    (version, digest, log): (i64, &str, i64),
    hub_tournament: i32,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    forget_sends(conn, tournament)?;
    super::venue_log::forget(conn, tournament, Some(log))?;
    diesel::update(hub_links::table.find(tournament))
        .set((
            hub_links::pushed_version.eq(version),
            hub_links::pushed_digest.eq(digest),
            hub_links::pushed_log.eq(log),
            hub_links::hub_tournament.eq(hub_tournament),
            hub_links::pushed_at.eq(at),
            hub_links::tried_at.eq(at),
            hub_links::problem.eq(None::<String>),
            hub_links::refused_version.eq(None::<i64>),
            hub_links::disagreed.eq(false),
            hub_links::again.eq(false),
        ))
        .execute(conn)
}

/// The hub's copy does not follow from this venue's history: `version` is not pushed again
/// (as a refusal) until the next change or the organiser's word.
pub fn link_disagreed(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    problem: &str,
    version: i64,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(hub_links::table.find(tournament))
        .set((
            hub_links::problem.eq(problem),
            hub_links::refused_version.eq(Some(version)),
            hub_links::tried_at.eq(at),
            hub_links::disagreed.eq(true),
            hub_links::again.eq(false),
        ))
        .execute(conn)
}

/// The organiser asks to publish the venue's copy again, whatever the hub has.
pub fn link_again(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<usize> {
    diesel::update(hub_links::table.find(tournament))
        .set((
            hub_links::again.eq(true),
            hub_links::refused_version.eq(None::<i64>),
        ))
        .execute(conn)
}

/// A push failed: the hub could not be reached (`refused`: none), or it refused `version`.
/// A hub that could not be reached leaves a disagreement as it was said (it still holds).
pub fn link_failed(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    problem: &str,
    refused: Option<i64>,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    if refused.is_none() {
        let disagreed = hub_links::table
            .find(tournament)
            .select(hub_links::disagreed)
            .first::<bool>(conn)
            .optional()?;
        if disagreed == Some(true) {
            return diesel::update(hub_links::table.find(tournament))
                .set(hub_links::tried_at.eq(at))
                .execute(conn);
        }
    }
    let changed = diesel::update(hub_links::table.find(tournament))
        .set((
            hub_links::problem.eq(problem),
            hub_links::refused_version.eq(refused),
            hub_links::tried_at.eq(at),
            hub_links::disagreed.eq(false),
        ))
        .execute(conn)?;
    // A refusal ends a request to publish again (it is not sent again); an unreachable hub
    // leaves it for the next try.
    if refused.is_some() {
        diesel::update(hub_links::table.find(tournament))
            .set(hub_links::again.eq(false))
            .execute(conn)?;
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use diesel::connection::SimpleConnection;
    use diesel_migrations::MigrationHarness;

    use super::*;

    #[test]
    fn the_versions_sent_are_kept_until_one_is_acknowledged_and_bounded_meanwhile() {
        let dir = tempfile::tempdir().unwrap();
        let url = dir.path().join("p.db").to_str().unwrap().to_string();
        let mut conn = SqliteConnection::establish(&url).unwrap();
        conn.batch_execute("PRAGMA foreign_keys = ON;").unwrap();
        conn.run_pending_migrations(crate::db::MIGRATIONS).unwrap();
        conn.batch_execute(
            "INSERT INTO tournaments (id, settings, created_at) VALUES (1, \
             '{\"name\": \"Club\", \"rules\": \"abapa\", \"rounds\": 3}', \
             '2026-11-01 10:00:00');",
        )
        .unwrap();
        let t = TournamentId(1);
        put_link(&mut conn, t, "https://hub.example.org", "1.secret").unwrap();
        for version in 1..=MOST_SENDS + 3 {
            record_send(&mut conn, t, version, &format!("d{version}")).unwrap();
        }
        // Sent again at the same version: one row, its digest the latest.
        record_send(&mut conn, t, MOST_SENDS + 3, "again").unwrap();
        let sent = sends(&mut conn, t).unwrap();
        assert_eq!(sent.len() as i64, MOST_SENDS);
        assert_eq!(sent[0], (4, "d4".to_string()));
        assert_eq!(sent.last().unwrap(), &(MOST_SENDS + 3, "again".to_string()));
        let at = chrono::NaiveDate::from_ymd_opt(2026, 12, 4)
            .unwrap()
            .and_hms_opt(10, 0, 0)
            .unwrap();
        link_pushed(&mut conn, t, (MOST_SENDS + 3, "again", 0), 9, at).unwrap();
        assert!(sends(&mut conn, t).unwrap().is_empty());
        let held = link(&mut conn, t).unwrap().unwrap();
        assert_eq!(held.pushed_digest.as_deref(), Some("again"));
        // A link made again forgets what was sent under the one before.
        record_send(&mut conn, t, 2_000, "d2000").unwrap();
        put_link(&mut conn, t, "https://other.example.org", "2.secret").unwrap();
        assert!(sends(&mut conn, t).unwrap().is_empty());
        assert_eq!(link(&mut conn, t).unwrap().unwrap().pushed_digest, None);
    }
}
