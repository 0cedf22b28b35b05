//! A tournament's tables, listed once: for every table whose rows belong to a tournament (or to
//! an event, or to a game), how a row names its tournament, whether and which of its changes
//! count for the tournament's pages ([`super::changes`]), how a tournament file carries it, and
//! what becomes of it when a hub's copy is written again from a whole file
//! ([`super::publishing::clear_tournament`]). The writer's change notes and the clearing of a
//! copy are made from this list; a test holds it to the schema (every table naming a
//! tournament, an event or a game, or holding a key to one, is listed here) and to the file (its
//! parts are those the list names).
//!
//! Adding a table that belongs to a tournament is adding its line here: the test says so.

/// How a row names the tournaments it belongs to (`ROW` stands for `NEW` or `OLD`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    /// The tournament's own row: it, and the tournament before it when it is a stage or a
    /// play-off (which decides places of that tournament's standings).
    Itself,
    /// A `tournament_id` column.
    Column,
    /// Through its game (`game_id`).
    Game,
    /// An event's own row: each of its sections, and the event.
    Event,
    /// Through its event (`event_id`): each of the event's sections, and the event.
    ByEvent,
}

impl Names {
    /// The tournaments of `ROW`, as a `SELECT`.
    pub fn tournaments(self) -> &'static str {
        match self {
            Names::Itself => {
                "SELECT ROW.id UNION ALL SELECT ROW.previous_stage \
                 WHERE ROW.previous_stage IS NOT NULL"
            }
            Names::Column => "SELECT ROW.tournament_id",
            Names::Game => "SELECT tournament_id FROM games WHERE id = ROW.game_id",
            Names::Event => "SELECT id FROM tournaments WHERE event_id = ROW.id",
            Names::ByEvent => "SELECT id FROM tournaments WHERE event_id = ROW.event_id",
        }
    }

    /// The one tournament of `ROW` (itself for a tournament's own row), as a value; none for
    /// an event's row, which names each of its sections.
    pub fn tournament(self) -> Option<&'static str> {
        match self {
            Names::Itself => Some("ROW.id"),
            Names::Column => Some("ROW.tournament_id"),
            Names::Game => Some("(SELECT tournament_id FROM games WHERE id = ROW.game_id)"),
            Names::Event | Names::ByEvent => None,
        }
    }

    /// The column of a row by which it names its tournament, its game or its event.
    pub fn key(self) -> &'static str {
        match self {
            Names::Itself | Names::Event => "id",
            Names::Column => "tournament_id",
            Names::Game => "game_id",
            Names::ByEvent => "event_id",
        }
    }

    /// The event of `ROW`, when the row is an event's.
    pub fn event(self) -> Option<&'static str> {
        match self {
            Names::Event => Some("ROW.id"),
            Names::ByEvent => Some("ROW.event_id"),
            _ => None,
        }
    }
}

/// Whether a change of the table's rows counts for its tournament (its pages, its caches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Every insert, update and delete.
    All,
    /// An insert or a delete, and an update of these columns on this condition (none: any
    /// update of them).
    Columns {
        columns: &'static str,
        changed: &'static str,
    },
    /// Not the tournament's pages: what the rating list is computed from (the register).
    Register,
    /// Never, for the reason given.
    Never(&'static str),
}

/// How a tournament file carries the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carried {
    /// Its rows are the file's part of that name.
    Rows(&'static str),
    /// Within the file's part of that name (the tournament's row, its identity, its language).
    Within(&'static str),
    /// Not carried, for the reason given.
    Not(&'static str),
}

/// What becomes of a tournament's rows of the table when a hub's copy is written again from a
/// whole file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnCopy {
    /// Deleted (the file writes them again, or they no longer hold).
    Cleared,
    /// Deleted but for the rows that meet this condition.
    ClearedBut(&'static str),
    /// Kept (written over in place, or the hub's own).
    Kept,
}

/// One table of a tournament.
#[derive(Clone, Copy, Debug)]
pub struct Table {
    pub name: &'static str,
    pub names: Names,
    pub counts: Counts,
    pub carried: Carried,
    pub on_copy: OnCopy,
}

const fn table(
    name: &'static str,
    names: Names,
    counts: Counts,
    carried: Carried,
    on_copy: OnCopy,
) -> Table {
    Table {
        name,
        names,
        counts,
        carried,
        on_copy,
    }
}

use Carried::{Not, Rows, Within};
use Counts::{All, Never, Register};
use Names::{ByEvent, Column, Event, Game, Itself};
use OnCopy::{Cleared, ClearedBut, Kept};

/// Every table of a tournament, in the order a copy's rows are cleared (a row before the rows
/// it names: a sheet before its game, a game before its round and players).
pub const TABLES: &[Table] = &[
    table(
        "sms_messages",
        Column,
        Never("the SMS log, read when its page is shown; a delivery report is no change to a page"),
        Not("a venue's messages with its players' phones are private"),
        Cleared,
    ),
    table(
        "player_phones",
        Column,
        Never("a phone number is shown to the staff only, read when the SMS page is shown"),
        Not("a phone number is private: staff only, never in a file"),
        Cleared,
    ),
    table(
        "sms_settings",
        Column,
        Never("read when a message is sent or the SMS page is shown"),
        Not("whether a venue sends SMS, and how many, is the venue's own (its gateway, its cost)"),
        Kept,
    ),
    table(
        "sheet_refusals",
        Game,
        All,
        Not("the refused sheets a venue counted are its own; they show on its dashboard"),
        Cleared,
    ),
    table("sheets", Game, All, Rows("sheets"), Cleared),
    table("games", Column, All, Rows("games"), Cleared),
    table("check_ins", Column, All, Rows("check_ins"), Cleared),
    table("roll_calls", Column, All, Rows("roll_calls"), Cleared),
    table("round_times", Column, All, Within("rounds"), Cleared),
    table("rounds", Column, All, Rows("rounds"), Cleared),
    table("byes", Column, All, Rows("byes"), Cleared),
    table(
        "prohibited_pairs",
        Column,
        All,
        Rows("prohibited_pairs"),
        Cleared,
    ),
    table("notices", Column, All, Rows("notice"), Cleared),
    table("schedules", Column, All, Rows("schedule"), Cleared),
    table(
        "players",
        Column,
        Counts::Columns {
            // What pages show of a player and their register numbers: not the PIN, its failures
            // or the sessions' generation.
            columns: "tournament_id, name, club, country, rating, withdrawn, pairing_number, \
                      previous_player, birth_year, gender, title, federation, person, register_id",
            changed: "",
        },
        Rows("players"),
        Cleared,
    ),
    table(
        "audit_log",
        Column,
        Never(
            "an entry is written with the rows of the change it records, in the same \
             transaction: those rows count",
        ),
        Rows("audit"),
        // The hub's own entries of the pushes it took.
        ClearedBut("action = 'tournament.publish'"),
    ),
    table("tournaments", Itself, All, Within("tournament"), Kept),
    table(
        "tournament_identities",
        Column,
        Never("made once with the tournament, never changed"),
        Within("tournament"),
        Kept,
    ),
    table(
        "tournament_controllers",
        Column,
        All,
        Not("staff accounts are each copy's own"),
        Kept,
    ),
    table(
        "events",
        Event,
        All,
        Not("a section's settings name its event; the event's own row is each copy's"),
        Kept,
    ),
    table(
        "event_controllers",
        ByEvent,
        All,
        Not("staff accounts are each copy's own"),
        Kept,
    ),
    table(
        "hub_links",
        Column,
        Counts::Columns {
            // The link's problem shows on the dashboard; its bookkeeping of pushes does not.
            columns: "problem, refused_version, disagreed, again",
            changed: "OLD.problem IS NOT NEW.problem OR OLD.refused_version IS NOT \
                      NEW.refused_version OR OLD.disagreed IS NOT NEW.disagreed OR \
                      OLD.again IS NOT NEW.again",
        },
        Not("a venue's link to its hub is the venue's own"),
        Kept,
    ),
    table(
        "hub_sends",
        Column,
        Never("a venue's bookkeeping of the versions it sent, shown nowhere"),
        Not("a venue's bookkeeping of the versions it sent"),
        Kept,
    ),
    table(
        "held_circuits",
        Column,
        All,
        Not("a venue's copy of its hub's circuits, fetched again as it publishes"),
        Kept,
    ),
    table(
        "hub_fingerprints",
        Column,
        Never("a venue's bookkeeping of the file its hub took, shown nowhere"),
        Not("a venue's bookkeeping of the file its hub took"),
        Kept,
    ),
    table(
        "venue_log",
        Column,
        Never("a venue's bookkeeping of what its hub has not taken yet, shown nowhere"),
        Not("a venue's bookkeeping of what its hub has not taken yet"),
        Kept,
    ),
    table(
        "tournament_versions",
        Column,
        Never("the versions themselves, moved on by the changes of the other tables"),
        Not("each copy's versions are its own: a hub keeps the venue's beside its copy"),
        Kept,
    ),
    table(
        "copy_ids",
        Column,
        Never("a hub's bookkeeping of a venue's row ids, shown nowhere"),
        Not("a hub's bookkeeping of a venue's row ids"),
        Kept,
    ),
    table(
        "hub_tokens",
        Column,
        Register,
        Not("a hub's tokens are the hub's own"),
        Kept,
    ),
    table(
        "register_links",
        Column,
        Register,
        Not("the register is the hub's; a venue imports it"),
        Kept,
    ),
    table(
        "rated_tournaments",
        Column,
        Register,
        Not("whether a tournament is rated is the hub's decision"),
        Kept,
    ),
];

/// The tables of the register that name no tournament: its persons.
pub const REGISTER: &[&str] = &["persons"];

/// The tables of the circuits (whose rules name their tournaments inside the record): their
/// changes move the circuits' version only, not the rating list's.
pub const CIRCUITS: &[&str] = &["circuits"];

/// The parts of a tournament file that no table carries: what the file says of itself, and
/// how it is read.
pub const FILE_OWN_PARTS: &[&str] = &["format", "version", "exported_at"];

/// The table named `name`.
pub fn named(name: &str) -> Option<&'static Table> {
    TABLES.iter().find(|t| t.name == name)
}

/// Drops the triggers whose names begin with `prefix` (an earlier release's) and runs `made`
/// (which makes them again), in one transaction: rolled back whole when any of it fails.
pub fn remake_triggers(
    conn: &mut diesel::sqlite::SqliteConnection,
    prefix: &str,
    made: &str,
) -> diesel::QueryResult<()> {
    use diesel::RunQueryDsl;
    use diesel::connection::SimpleConnection;
    #[derive(diesel::QueryableByName)]
    struct Name {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name: String,
    }
    let mut sql = String::from("BEGIN IMMEDIATE;");
    let old: Vec<Name> = diesel::sql_query(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND substr(name, 1, length(?)) = ?",
    )
    .bind::<diesel::sql_types::Text, _>(prefix)
    .bind::<diesel::sql_types::Text, _>(prefix)
    .load(conn)?;
    for trigger in old {
        sql.push_str(&format!("\nDROP TRIGGER {};", trigger.name));
    }
    sql.push_str(made);
    sql.push_str("\nCOMMIT;");
    conn.batch_execute(&sql).inspect_err(|_| {
        let _ = conn.batch_execute("ROLLBACK;");
    })
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use diesel::prelude::*;
    use diesel::sqlite::SqliteConnection;

    use super::*;

    #[derive(QueryableByName)]
    struct Name {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name: String,
    }

    #[derive(QueryableByName)]
    struct Key {
        #[diesel(sql_type = diesel::sql_types::Text)]
        table: String,
    }

    /// Each table of a migrated database, with its columns and the tables its keys name.
    fn schema() -> BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> {
        let dir = tempfile::tempdir().unwrap();
        let url = dir.path().join("t.db").to_str().unwrap().to_string();
        crate::db::open(&url, 1).unwrap();
        let mut conn = SqliteConnection::establish(&url).unwrap();
        let tables = diesel::sql_query(
            "SELECT name FROM sqlite_schema WHERE type = 'table' \
             AND name NOT LIKE 'sqlite_%' AND name <> '__diesel_schema_migrations'",
        )
        .load::<Name>(&mut conn)
        .unwrap();
        tables
            .into_iter()
            .map(|t| {
                let columns =
                    diesel::sql_query(format!("SELECT name FROM pragma_table_info('{}')", t.name))
                        .load::<Name>(&mut conn)
                        .unwrap()
                        .into_iter()
                        .map(|c| c.name)
                        .collect();
                let keys = diesel::sql_query(format!(
                    "SELECT \"table\" FROM pragma_foreign_key_list('{}')",
                    t.name
                ))
                .load::<Key>(&mut conn)
                .unwrap()
                .into_iter()
                .map(|k| k.table)
                .collect();
                (t.name, (columns, keys))
            })
            .collect()
    }

    #[test]
    fn every_table_of_a_tournament_is_listed_and_every_listed_one_is_in_the_schema() {
        let schema = schema();
        let listed: BTreeSet<&str> = TABLES.iter().map(|t| t.name).collect();
        assert_eq!(listed.len(), TABLES.len(), "a table listed twice");
        for t in TABLES {
            let (columns, _) = schema
                .get(t.name)
                .unwrap_or_else(|| panic!("{} is listed but not in the schema", t.name));
            let needs = t.names.key();
            assert!(columns.contains(needs), "{} has no {needs}", t.name);
            if let Counts::Columns {
                columns: counted, ..
            } = t.counts
            {
                for c in counted.split(',').map(str::trim) {
                    assert!(
                        columns.contains(c),
                        "{}.{c} counts but is not a column",
                        t.name
                    );
                }
            }
        }
        // A table belongs to a tournament when it names one, an event or a game, or holds a key
        // to a table that does (a player's, a round's).
        let mut belongs: BTreeSet<&str> = BTreeSet::new();
        loop {
            let before = belongs.len();
            for (name, (columns, keys)) in &schema {
                let names = ["tournament_id", "event_id", "game_id"]
                    .iter()
                    .any(|c| columns.contains(*c))
                    || ["tournaments", "events"].contains(&name.as_str())
                    || keys.iter().any(|k| belongs.contains(k.as_str()));
                if names && !REGISTER.contains(&name.as_str()) {
                    belongs.insert(name);
                }
            }
            if belongs.len() == before {
                break;
            }
        }
        let missing: Vec<&&str> = belongs.difference(&listed).collect();
        assert!(
            missing.is_empty(),
            "tables of a tournament not listed in db/tables.rs: {missing:?}"
        );
        for name in REGISTER.iter().chain(CIRCUITS) {
            assert!(schema.contains_key(*name), "{name} is not in the schema");
        }
    }

    /// A kind of record a hub writes down the row of is a table whose rows are the file's part
    /// of that name: what a copy's row is deleted from, and what the file's records are.
    #[test]
    fn each_kind_of_record_is_a_table_whose_rows_the_file_carries() {
        use strum::IntoEnumIterator;
        for kind in crate::tournament::archive::RecordKind::iter() {
            let table = named(kind.table()).unwrap_or_else(|| panic!("{kind:?} is no table"));
            assert_eq!(table.carried, Carried::Rows(kind.table()), "{kind:?}");
            assert_eq!(kind.as_ref().parse(), Ok(kind));
        }
    }

    #[test]
    fn a_copy_is_cleared_children_first() {
        let schema = schema();
        let order: BTreeMap<&str, usize> = TABLES
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name, i))
            .collect();
        for t in TABLES.iter().filter(|t| t.on_copy != OnCopy::Kept) {
            assert!(
                matches!(t.names, Names::Column | Names::Game),
                "{} is cleared with a copy but names no one tournament",
                t.name
            );
            for key in &schema[t.name].1 {
                // A row naming another of its table (a player's previous entry) goes with it.
                let Some(parent) = named(key).filter(|p| p.name != t.name) else {
                    continue;
                };
                assert!(
                    parent.on_copy == OnCopy::Kept || order[t.name] < order[parent.name],
                    "{} is cleared after {}, which it names",
                    t.name,
                    parent.name
                );
            }
        }
    }

    /// The top-level fields of `value`'s JSON form.
    fn fields(value: &impl serde::Serialize) -> BTreeSet<String> {
        match serde_json::to_value(value).unwrap() {
            serde_json::Value::Object(map) => map.keys().cloned().collect(),
            other => panic!("not an object: {other}"),
        }
    }

    #[test]
    fn the_file_s_parts_and_its_changes_parts_are_those_the_tables_carry() {
        use crate::tournament::archive::{FileChanges, full_file};
        let carried: BTreeSet<String> = TABLES
            .iter()
            .filter_map(|t| match t.carried {
                Carried::Rows(part) | Carried::Within(part) => Some(part.to_string()),
                Carried::Not(_) => None,
            })
            .chain(FILE_OWN_PARTS.iter().map(|p| p.to_string()))
            .collect();
        let full = full_file();
        assert_eq!(fields(&full), carried, "the file's parts");
        // Every part but what a file says of itself is one of the changes' parts too: the
        // changes from a file with nothing in any part to one with something in each.
        let mut empty = full.clone();
        empty.tournament.created_at -= chrono::Duration::seconds(1);
        empty.players.truncate(1);
        empty.rounds.clear();
        empty.games.clear();
        empty.sheets.clear();
        empty.byes.clear();
        empty.prohibited_pairs.clear();
        empty.roll_calls.clear();
        empty.check_ins.clear();
        empty.notice = None;
        empty.schedule = None;
        empty.audit.clear();
        let changes = FileChanges::between(&empty, &full).expect("the changes");
        let mut expected = carried.clone();
        expected.remove("format");
        expected.remove("version");
        assert_eq!(fields(&changes), expected, "the changes' parts");
    }
}
