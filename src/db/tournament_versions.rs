//! Each tournament's version, kept with its data: triggers of the database itself, made at every
//! start from the list of a tournament's tables ([`super::tables`]), move it on in the
//! transaction of every change of its rows, whatever connection writes (the service's, the
//! command line's), so it is as durable as the change and survives a restart. One number is
//! what publishing sends, what a page's tag names and what a cache is keyed on.
//!
//! Two columns of one clock: `version` moves with every change that counts for the tournament's
//! pages ([`super::tables::Counts`]), `carried` with every change of what its file carries
//! ([`super::tables::Carried`]): what a venue pushes, so that its own bookkeeping of a push (the
//! link's problem, shown on its dashboard) is never a change to push again. A change takes the
//! next value of the clock: one more than the tournament's last, or the time since 1970 in
//! microseconds (to the millisecond) when that is larger. So a database restored from a backup,
//! or a tournament's number taken again after it was deleted, never gives again a number that
//! named other data: a thousand rows a millisecond would have to change for the count to run
//! ahead of the clock by one millisecond (while the machine's clock goes forward; when it goes
//! back the versions still move on by one).

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::schema::tournament_versions as versions;
use super::tables::{Carried, Counts, Names, TABLES, Table};

/// The clock's next value for a row of `tournament_versions`.
const NEXT: &str = "MAX(MAX(version, carried) + 1, \
                    CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER) * 1000)";

/// The statements by which a change of `row` (`NEW` or `OLD`) moves on the versions it changes:
/// its tournament's (`set`: [`Names::tournament`], or each section of an event's row), and,
/// when it counts (`before`), the page version of the tournament before it (a stage or a
/// play-off decides places of that tournament's standings), kept beside the version as
/// `before_id` so that each is one keyed statement. `unless_same` (an update's `OLD` row) runs
/// them only when the row names other tournaments than its `NEW` one.
fn moves_of(names: Names, row: &str, set: &str, before: bool, unless_same: bool) -> String {
    let swap = |s: &str| s.replace("ROW", row);
    // What an update's OLD row names that its NEW row may not.
    let other = |column: &str| match unless_same {
        true => format!(" AND OLD.{column} IS NOT NEW.{column}"),
        false => String::new(),
    };
    let mut sql = String::new();
    let own_other = other(names.key());
    let own = match names.tournament() {
        Some(own) => format!("= {}", swap(own)),
        None => format!(
            "IN (SELECT id FROM tournaments WHERE event_id = {})",
            swap(names.event().unwrap_or("NULL"))
        ),
    };
    sql.push_str(&format!(
        "UPDATE tournament_versions SET {set} WHERE tournament_id {own}{own_other}; "
    ));
    if before {
        let (of, before_other) = match names {
            Names::Itself => (
                format!("= {row}.previous_stage"),
                match unless_same {
                    true => " AND (OLD.previous_stage IS NOT NEW.previous_stage \
                              OR OLD.id IS NOT NEW.id)"
                        .to_string(),
                    false => String::new(),
                },
            ),
            Names::Event | Names::ByEvent => (
                format!(
                    "IN (SELECT previous_stage FROM tournaments WHERE event_id = {})",
                    swap(names.event().unwrap_or("NULL"))
                ),
                own_other.clone(),
            ),
            _ => (
                format!("= (SELECT before_id FROM tournament_versions WHERE tournament_id {own})"),
                own_other.clone(),
            ),
        };
        sql.push_str(&format!(
            "UPDATE tournament_versions SET version = {NEXT} WHERE tournament_id {of}{before_other}; "
        ));
    }
    sql
}

/// The versions' triggers of one table of a tournament (none when its changes neither count nor
/// are carried): one keyed statement for each version a row moves.
fn triggers_of(table: &Table, sql: &mut String) {
    let counts = matches!(table.counts, Counts::All | Counts::Columns { .. });
    let carried = matches!(table.carried, Carried::Rows(_) | Carried::Within(_));
    if !counts && !carried {
        return;
    }
    let (columns, changed) = match table.counts {
        Counts::Columns { columns, changed } => (columns, changed),
        _ => ("", ""),
    };
    // Its own tournaments' pages and file; the page of the one before a stage or a play-off,
    // not its file.
    let set = match (counts, carried) {
        (true, true) => format!("version = {NEXT}, carried = {NEXT}"),
        (true, false) => format!("version = {NEXT}"),
        _ => format!("carried = {NEXT}"),
    };
    for (what, suffix) in [("INSERT", "i"), ("UPDATE", "u"), ("DELETE", "d")] {
        let rows: &[&str] = match what {
            "INSERT" => &["NEW"],
            "UPDATE" => &["NEW", "OLD"],
            _ => &["OLD"],
        };
        let (of, when) = match what {
            "UPDATE" if !columns.is_empty() => (
                format!(" OF {columns}"),
                match changed {
                    "" => String::new(),
                    changed => format!(" WHEN {changed}"),
                },
            ),
            _ => (String::new(), String::new()),
        };
        let mut body = String::new();
        if table.names == Names::Itself && what == "INSERT" {
            body.push_str(
                "INSERT INTO tournament_versions (tournament_id, version, carried, before_id) \
                 VALUES (NEW.id, 0, 0, NEW.previous_stage) \
                 ON CONFLICT (tournament_id) DO UPDATE SET before_id = excluded.before_id; ",
            );
        }
        for row in rows {
            body.push_str(&moves_of(
                table.names,
                row,
                &set,
                counts,
                what == "UPDATE" && *row == "OLD",
            ));
        }
        sql.push_str(&format!(
            "\nCREATE TRIGGER version_{name}_{suffix} AFTER {what}{of} ON {name}{when}
             BEGIN {body} END;",
            name = table.name,
        ));
    }
}

/// The versions' triggers, made again (an earlier release's dropped first), a version for
/// every tournament that has none yet (its latest audit entry), and the tournament before each
/// (kept by a trigger of its own from then on): run when the database is opened, in one
/// transaction.
pub fn make_triggers(conn: &mut SqliteConnection) -> QueryResult<()> {
    let mut sql = String::new();
    for table in TABLES {
        triggers_of(table, &mut sql);
    }
    sql.push_str(
        "\nINSERT INTO tournament_versions (tournament_id, version, carried, before_id)
           SELECT t.id, COALESCE(MAX(a.id), 0), COALESCE(MAX(a.id), 0), t.previous_stage
           FROM tournaments t LEFT JOIN audit_log a ON a.tournament_id = t.id
           WHERE t.id NOT IN (SELECT tournament_id FROM tournament_versions)
           GROUP BY t.id;
         UPDATE tournament_versions
           SET before_id = (SELECT previous_stage FROM tournaments WHERE id = tournament_id)
           WHERE before_id IS NOT
             (SELECT previous_stage FROM tournaments WHERE id = tournament_id);
         CREATE TRIGGER version_tournaments_before AFTER UPDATE OF previous_stage ON tournaments
           BEGIN UPDATE tournament_versions SET before_id = NEW.previous_stage
           WHERE tournament_id = NEW.id; END;",
    );
    super::tables::remake_triggers(conn, "version_", &sql)
}

/// The version of every tournament.
pub fn all(conn: &mut SqliteConnection) -> QueryResult<HashMap<i32, u64>> {
    let rows: Vec<(i32, i64)> = versions::table
        .select((versions::tournament_id, versions::version))
        .load(conn)?;
    Ok(unsigned(rows).collect())
}

/// The versions of `tournaments` (those that have one).
pub fn of(conn: &mut SqliteConnection, tournaments: &[i32]) -> QueryResult<Vec<(i32, u64)>> {
    let rows: Vec<(i32, i64)> = versions::table
        .filter(versions::tournament_id.eq_any(tournaments))
        .select((versions::tournament_id, versions::version))
        .load(conn)?;
    Ok(unsigned(rows).collect())
}

fn unsigned(rows: Vec<(i32, i64)>) -> impl Iterator<Item = (i32, u64)> {
    rows.into_iter()
        .map(|(t, v)| (t, u64::try_from(v).unwrap_or(0)))
}

/// The version of what a tournament's file carries: what a venue sends its hub (0 for a
/// tournament that is not there).
pub fn carried(conn: &mut SqliteConnection, tournament: i32) -> QueryResult<i64> {
    Ok(versions::table
        .find(tournament)
        .select(versions::carried)
        .first::<i64>(conn)
        .optional()?
        .unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use diesel::connection::SimpleConnection;

    use super::*;

    const NOW: &str = "'2026-12-06 10:00:00'";

    /// Each tournament's (version, carried), by id.
    fn kept(conn: &mut SqliteConnection) -> Vec<(i32, i64, i64)> {
        versions::table
            .order(versions::tournament_id)
            .select((
                versions::tournament_id,
                versions::version,
                versions::carried,
            ))
            .load(conn)
            .unwrap()
    }

    /// Runs `sql` in one transaction: which of tournaments 1 to 3 it moved on, (version,
    /// carried) each; none ever goes back.
    fn moved(conn: &mut SqliteConnection, sql: &str) -> Vec<(bool, bool)> {
        let before = kept(conn);
        conn.transaction(|conn| conn.batch_execute(sql)).unwrap();
        let after = kept(conn);
        (1..=3)
            .map(|t| {
                let of = |all: &[(i32, i64, i64)]| {
                    all.iter().find(|k| k.0 == t).map_or((0, 0), |k| (k.1, k.2))
                };
                let (b, a) = (of(&before), of(&after));
                assert!(a.0 >= b.0 && a.1 >= b.1, "tournament {t} went back");
                (a.0 != b.0, a.1 != b.1)
            })
            .collect()
    }

    fn opened(dir: &tempfile::TempDir) -> (String, crate::db::DbPool) {
        let url = dir.path().join("v.db").to_str().unwrap().to_string();
        let pool = crate::db::open(&url, 2).unwrap();
        (url, pool)
    }

    const SET_UP: &str = "INSERT INTO tournaments (settings, created_at, previous_stage) VALUES
        ('{\"name\": \"Open\", \"rules\": \"abapa\", \"rounds\": 3}', '2026-12-06 10:00:00', NULL),
        ('{\"name\": \"Club\", \"rules\": \"abapa\", \"rounds\": 3}', '2026-12-06 10:00:00', NULL),
        ('{\"name\": \"Final\", \"rules\": \"abapa\", \"rounds\": 3}', '2026-12-06 10:00:00', 2);";

    #[test]
    fn a_change_moves_on_the_version_of_what_it_changes_in_its_own_transaction() {
        let dir = tempfile::tempdir().unwrap();
        let (_, pool) = opened(&dir);
        let conn = &mut pool.get().unwrap();
        let (yes, no) = ((true, true), (false, false));
        assert_eq!(moved(conn, SET_UP), vec![yes, yes, yes]);
        let players = format!(
            "INSERT INTO players (tournament_id, name, pin_hash, created_at) VALUES \
             (1, 'Ama', 'h', {NOW}), (1, 'Kofi', 'h', {NOW});
             INSERT INTO rounds (tournament_id, number, created_at) VALUES (1, 1, {NOW});
             INSERT INTO games (tournament_id, round_id, board, south_id, north_id, status, \
             updated_at) VALUES (1, 1, 1, 1, 2, 'pending', {NOW});"
        );
        assert_eq!(moved(conn, &players), vec![yes, no, no]);
        // A sheet, through its game.
        let sheet = format!(
            "INSERT INTO sheets (game_id, player_id, winner, south_seeds, north_seeds, \
             end_kind, moves, plies, verified, created_at) VALUES (1, 1, 'south', 25, 23, \
             'natural', '', 0, 1, {NOW});"
        );
        assert_eq!(moved(conn, &sheet), vec![yes, no, no]);
        // A failed PIN and a new session: no page, no file.
        let pin = "UPDATE players SET failed_pins = 3, session_generation = 2 WHERE id = 1;";
        assert_eq!(moved(conn, pin), vec![no, no, no]);
        // The link's problem shows on the dashboard, and is no change to push; its bookkeeping
        // of pushes is neither.
        conn.batch_execute(
            "INSERT INTO hub_links (tournament_id, hub_url, token, pushed_version) \
             VALUES (1, 'http://hub', 't', 0);",
        )
        .unwrap();
        let problem = "UPDATE hub_links SET problem = 'unreachable' WHERE tournament_id = 1;";
        assert_eq!(moved(conn, problem), vec![(true, false), no, no]);
        let pushed = "UPDATE hub_links SET pushed_version = 9 WHERE tournament_id = 1;";
        assert_eq!(moved(conn, pushed), vec![no, no, no]);
        // An audit entry alone is in the file, not on a page.
        let audit = format!(
            "INSERT INTO audit_log (at, actor, action, tournament_id, entity, after) VALUES \
             ({NOW}, 'organiser', 'tournament.note', 1, 'tournament', '{{}}');"
        );
        assert_eq!(moved(conn, &audit), vec![(false, true), no, no]);
        // A final's round: its own version and file, and the club's page.
        let round =
            format!("INSERT INTO rounds (tournament_id, number, created_at) VALUES (3, 1, {NOW});");
        assert_eq!(moved(conn, &round), vec![no, (true, false), yes]);
        // The final made to follow the open instead: all three pages; its next round the
        // open's page, no longer the club's.
        assert_eq!(
            moved(
                conn,
                "UPDATE tournaments SET previous_stage = 1 WHERE id = 3;"
            ),
            vec![(true, false), (true, false), yes]
        );
        let round =
            format!("INSERT INTO rounds (tournament_id, number, created_at) VALUES (3, 2, {NOW});");
        assert_eq!(moved(conn, &round), vec![(true, false), no, yes]);
        // A game moved to another tournament counts for both.
        assert_eq!(
            moved(conn, "UPDATE games SET tournament_id = 2 WHERE id = 1;"),
            vec![yes, yes, no]
        );
        // What is rolled back moves nothing.
        let before = kept(conn);
        let failed = conn.transaction(|conn| {
            conn.batch_execute("UPDATE rounds SET number = 2 WHERE id = 1;")?;
            conn.batch_execute("INSERT INTO nowhere VALUES (1);")
        });
        assert!(failed.is_err());
        assert_eq!(kept(conn), before);
    }

    #[test]
    fn versions_are_kept_across_a_restart_and_never_named_again_after_a_restore() {
        let dir = tempfile::tempdir().unwrap();
        let (url, pool) = opened(&dir);
        pool.get().unwrap().batch_execute(SET_UP).unwrap();
        let backup = dir.path().join("backup.db");
        pool.get()
            .unwrap()
            .batch_execute(&format!("VACUUM INTO '{}';", backup.display()))
            .unwrap();
        let round =
            format!("INSERT INTO rounds (tournament_id, number, created_at) VALUES (1, 1, {NOW});");
        pool.get().unwrap().batch_execute(&round).unwrap();
        let seen = kept(&mut pool.get().unwrap());
        drop(pool);
        // Opened again (its triggers made again): the same versions, read by the writer too.
        let (_, pool) = opened(&dir);
        assert_eq!(kept(&mut pool.get().unwrap()), seen);
        let writer = crate::db::Writer::open(&url).unwrap();
        for (t, version, _) in &seen {
            assert_eq!(writer.tournament_version(*t), *version as u64);
        }
        drop((writer, pool));
        // The backup put back: the round is gone, and the same change made again gets a
        // version above every one given before the restore.
        for ext in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{url}{ext}"));
        }
        std::fs::copy(&backup, &url).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let (_, pool) = opened(&dir);
        pool.get().unwrap().batch_execute(&round).unwrap();
        let after = kept(&mut pool.get().unwrap());
        let highest = seen.iter().map(|k| k.1.max(k.2)).max().unwrap();
        assert!(after[0].1 > highest && after[0].2 > highest);
        assert_eq!(after[1..], seen[1..]);
    }

    #[test]
    fn a_database_of_an_earlier_release_starts_from_each_tournament_s_latest_audit_entry() {
        let dir = tempfile::tempdir().unwrap();
        let (url, pool) = opened(&dir);
        let conn = &mut pool.get().unwrap();
        conn.batch_execute(SET_UP).unwrap();
        let audit = |t: i32| {
            format!(
                "INSERT INTO audit_log (at, actor, action, tournament_id, entity, after) VALUES \
                 ({NOW}, 'organiser', 'tournament.note', {t}, 'tournament', '{{}}');"
            )
        };
        conn.batch_execute(&format!("{} {} {}", audit(1), audit(2), audit(1)))
            .unwrap();
        // As an earlier release left it: no versions, no triggers.
        super::super::tables::remake_triggers(conn, "version_", "").unwrap();
        conn.batch_execute(
            "DELETE FROM tournament_versions;
             DELETE FROM __diesel_schema_migrations
               WHERE version IN ('20261213000001', '20261214000001');
             DROP TABLE tournament_versions;
             ALTER TABLE hub_tokens DROP COLUMN copy_version;",
        )
        .unwrap();
        drop(pool);
        let pool = crate::db::open(&url, 1).unwrap();
        let conn = &mut pool.get().unwrap();
        assert_eq!(kept(conn), vec![(1, 3, 3), (2, 2, 2), (3, 0, 0)]);
        let before = |conn: &mut SqliteConnection| -> Vec<Option<i32>> {
            versions::table
                .order(versions::tournament_id)
                .select(versions::before_id)
                .load(conn)
                .unwrap()
        };
        assert_eq!(before(conn), vec![None, None, Some(2)]);
        // Put out of step by hand: made true again at the next start.
        conn.batch_execute("UPDATE tournament_versions SET before_id = 1 WHERE tournament_id = 3;")
            .unwrap();
        drop(pool);
        let pool = crate::db::open(&url, 1).unwrap();
        let conn = &mut pool.get().unwrap();
        assert_eq!(before(conn), vec![None, None, Some(2)]);
        assert_eq!(carried(conn, 1).unwrap(), 3);
        assert_eq!(carried(conn, 9).unwrap(), 0);
    }
}
