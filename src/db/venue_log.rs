//! A venue's log of what changed of each tournament it publishes, row by row, since its hub
//! last took it (`docs/publishing.md`): the next push sends those rows' records, and the venue
//! never exports the whole tournament to find what changed. Triggers of the database itself
//! write it, made at every start from the list of a tournament's tables ([`super::tables`]), so
//! every connection's writes are logged (the service's, the command line's), and only for a
//! tournament with a hub's link. The log is forgotten up to the entry the hub's copy holds when
//! the hub takes a push (`hub_links.pushed_log`), and whole with the link.
//!
//! An entry names a player, a game or a sheet by id, or a part of the file whole (the rounds
//! with their times, a list given whole, the tournament's own part). A round renumbered names its
//! games whole (a game's record carries its round's number); a game deleted names its sheets
//! first (a sheet's tournament is read through its game).

use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::schema::venue_log as log;
use super::tables::{Carried, Names, TABLES};
use crate::tournament::TournamentId;

/// The parts whose entries name their record by id.
pub const BY_ID: [&str; 3] = ["players", "games", "sheets"];

/// The triggers of one table of a tournament that a file carries (none for another).
fn triggers_of(table: &super::tables::Table, sql: &mut String) {
    let part = match table.carried {
        Carried::Rows("audit") | Carried::Not(_) => return,
        Carried::Rows(part) | Carried::Within(part) => part,
    };
    let tournament = match table.names {
        Names::Column => "ROW.tournament_id",
        Names::Game => "(SELECT tournament_id FROM games WHERE id = ROW.game_id)",
        Names::Itself => "ROW.id",
        // An event's rows are no part of a section's file.
        Names::Event | Names::ByEvent => return,
    };
    let row = match BY_ID.contains(&part) && matches!(table.carried, Carried::Rows(_)) {
        true => "ROW.id",
        false => "NULL",
    };
    let of = match (table.counts, table.name) {
        // What a file says of a player (not the PIN, its failures, the sessions).
        (super::tables::Counts::Columns { columns, .. }, "players") => format!(" OF {columns}"),
        _ => String::new(),
    };
    for (what, at, suffix) in [
        ("INSERT", "NEW", "i"),
        ("UPDATE", "NEW", "u"),
        ("DELETE", "OLD", "d"),
    ] {
        let of = if what == "UPDATE" { of.as_str() } else { "" };
        let t = tournament.replace("ROW", at);
        sql.push_str(&format!(
            "\nCREATE TRIGGER venue_log_{name}_{suffix} AFTER {what}{of} ON {name}
             WHEN EXISTS (SELECT 1 FROM hub_links WHERE tournament_id = {t})
             BEGIN INSERT INTO venue_log (tournament_id, part, row_id)
                   VALUES ({t}, '{part}', {id}); END;",
            name = table.name,
            id = row.replace("ROW", at),
        ));
    }
}

/// The log's triggers, made again (an earlier release's dropped first), and the entries of
/// tournaments no longer linked (deleted with their link) forgotten: run when the database is
/// opened, in one transaction.
pub fn make_triggers(conn: &mut SqliteConnection) -> QueryResult<()> {
    let mut sql = String::new();
    for table in TABLES {
        triggers_of(table, &mut sql);
    }
    // A round renumbered: its games' records carry its number. A game deleted: its sheets go
    // with it, and a sheet's tournament is read through its game.
    sql.push_str(
        "\nCREATE TRIGGER venue_log_rounds_number AFTER UPDATE OF number ON rounds
           WHEN OLD.number <> NEW.number
             AND EXISTS (SELECT 1 FROM hub_links WHERE tournament_id = NEW.tournament_id)
           BEGIN INSERT INTO venue_log (tournament_id, part, row_id)
                 VALUES (NEW.tournament_id, 'games', NULL); END;
         CREATE TRIGGER venue_log_games_sheets BEFORE DELETE ON games
           WHEN EXISTS (SELECT 1 FROM hub_links WHERE tournament_id = OLD.tournament_id)
           BEGIN INSERT INTO venue_log (tournament_id, part, row_id)
                 SELECT OLD.tournament_id, 'sheets', id FROM sheets WHERE game_id = OLD.id; END;
         DELETE FROM venue_log WHERE tournament_id NOT IN (SELECT tournament_id FROM hub_links);",
    );
    super::tables::remake_triggers(conn, "venue_log_", &sql)
}

/// What the log says changed of a tournament after its entry `after`: the last entry, and
/// each part named with the ids named (none in the list: the part whole).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Logged {
    pub until: i64,
    pub parts: std::collections::BTreeMap<String, Option<Vec<i32>>>,
}

impl Logged {
    /// The ids of `part` named, `None` when the part is named whole, empty when not at all.
    pub fn ids(&self, part: &str) -> Option<&[i32]> {
        match self.parts.get(part) {
            None => Some(&[]),
            Some(ids) => ids.as_deref(),
        }
    }

    pub fn names(&self, part: &str) -> bool {
        self.parts.contains_key(part)
    }
}

/// What the log holds of `tournament` after the entry `after`.
pub fn since(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    after: i64,
) -> QueryResult<Logged> {
    let entries: Vec<(i64, String, Option<i32>)> = log::table
        .filter(log::tournament_id.eq(tournament.get()))
        .filter(log::seq.gt(after))
        .order(log::seq)
        .select((log::seq, log::part, log::row_id))
        .load(conn)?;
    let mut logged = Logged {
        until: after,
        ..Logged::default()
    };
    for (seq, part, id) in entries {
        logged.until = seq;
        let ids = logged.parts.entry(part).or_insert_with(|| Some(Vec::new()));
        match (ids.as_mut(), id) {
            (Some(ids), Some(id)) => ids.push(id),
            (_, None) => *ids = None,
            (None, Some(_)) => {}
        }
    }
    for ids in logged.parts.values_mut().flatten() {
        ids.sort_unstable();
        ids.dedup();
    }
    Ok(logged)
}

/// The last entry the log has ever numbered (across tournaments, forgotten or not): a file
/// exported now holds every entry up to it.
pub fn latest(conn: &mut SqliteConnection) -> QueryResult<i64> {
    #[derive(QueryableByName)]
    struct Seq {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        seq: i64,
    }
    let found: Option<Seq> =
        diesel::sql_query("SELECT seq FROM sqlite_sequence WHERE name = 'venue_log'")
            .get_result(conn)
            .optional()?;
    Ok(found.map_or(0, |s| s.seq))
}

/// Forgets the tournament's entries up to `upto` (none: all of them).
pub fn forget(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    upto: Option<i64>,
) -> QueryResult<usize> {
    let of = log::table.filter(log::tournament_id.eq(tournament.get()));
    match upto {
        Some(upto) => diesel::delete(of.filter(log::seq.le(upto))).execute(conn),
        None => diesel::delete(of).execute(conn),
    }
}
