//! Which tournaments a write changed, as the database itself sees it: triggers of the writing
//! connection (temporary, its own) note every tournament whose rows a write inserts, changes or
//! deletes, and the writer reads and clears the note after each write ([`take`]). A tournament's
//! version ([`Versions`]) moves on only when one of its own rows did, so a sign-in (which writes
//! an account's or a player's failed attempts), a venue's publishing bookkeeping or a write in
//! tournament A leaves what was read of tournament B current.
//!
//! The note is a plain table without constraints (read with `DISTINCT`): a statement's own
//! conflict clause (an upsert's) would override any the triggers' inserts had.
//!
//! What counts as a tournament's rows: its own row, its rounds, games, sheets (through their
//! game), byes, players (what pages show of them and their register numbers: not the PIN, its
//! failures or the session's generation), roll calls and check-ins, schedule, notice, language,
//! controllers, prohibited pairs, refused sheets and its hub link's problem (shown on the
//! dashboard); an event's row and its controllers count for every section. A stage's or
//! play-off's change counts for the tournament before it too (a play-off decides places of its
//! standings), and a section's for its event. Apart from them, the note says whether the
//! register changed (its persons, which player is which person, which tournaments are rated or
//! pushed): with any tournament's rows, what the rating list is computed from
//! ([`Versions::rated`]).

use std::collections::HashMap;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

/// How a table's row names its tournaments (`ROW` stands for `NEW` or `OLD`), the columns whose
/// change counts (all when empty) and, for an update, the condition on which it counts.
#[derive(Clone, Copy)]
struct Noted {
    table: &'static str,
    tournaments: &'static str,
    columns: &'static str,
    changed: &'static str,
}

const DIRECT: &str = "SELECT ROW.tournament_id";
const BY_GAME: &str = "SELECT tournament_id FROM games WHERE id = ROW.game_id";

const NOTED: &[Noted] = &[
    Noted {
        table: "tournaments",
        tournaments: "SELECT ROW.id UNION ALL SELECT ROW.previous_stage \
                      WHERE ROW.previous_stage IS NOT NULL",
        columns: "",
        changed: "",
    },
    Noted {
        table: "events",
        tournaments: "SELECT id FROM tournaments WHERE event_id = ROW.id",
        columns: "",
        changed: "",
    },
    Noted {
        table: "event_controllers",
        tournaments: "SELECT id FROM tournaments WHERE event_id = ROW.event_id",
        columns: "",
        changed: "",
    },
    Noted {
        table: "players",
        tournaments: DIRECT,
        columns: "tournament_id, name, club, country, rating, withdrawn, pairing_number, \
                  previous_player, birth_year, gender, title, federation, person, register_id",
        changed: "",
    },
    Noted {
        table: "hub_links",
        tournaments: DIRECT,
        columns: "problem, refused_version, disagreed, again",
        changed: "OLD.problem IS NOT NEW.problem OR OLD.refused_version IS NOT \
                  NEW.refused_version OR OLD.disagreed IS NOT NEW.disagreed OR OLD.again IS NOT \
                  NEW.again",
    },
    Noted {
        table: "sheets",
        tournaments: BY_GAME,
        columns: "",
        changed: "",
    },
    Noted {
        table: "sheet_refusals",
        tournaments: BY_GAME,
        columns: "",
        changed: "",
    },
];

/// The tables whose rows carry their tournament's id and all count.
const WITH_TOURNAMENT: &[&str] = &[
    "rounds",
    "games",
    "byes",
    "check_ins",
    "roll_calls",
    "round_times",
    "schedules",
    "notices",
    "tournament_languages",
    "tournament_controllers",
    "prohibited_pairs",
];

/// What the rating list is computed from besides the tournaments' own rows: the register's
/// persons, which player is which person, which tournaments are rated and (on a hub) which were
/// pushed by a venue.
const RATED_BESIDE: &[&str] = &[
    "persons",
    "register_links",
    "rated_tournaments",
    "hub_tokens",
];

/// The note and its triggers, made on the writing connection when it opens (temporary: no
/// other connection sees them, and the database file keeps no trace of them).
pub fn note_changes(conn: &mut SqliteConnection) -> QueryResult<()> {
    let mut sql = String::from(
        "PRAGMA temp_store = MEMORY;
         CREATE TEMP TABLE touched_tournaments (id INTEGER);
         CREATE TEMP TABLE touched_events (id INTEGER);
         CREATE TEMP TABLE touched_register (id INTEGER);
         CREATE TEMP TRIGGER note_events_of_i AFTER INSERT ON main.events BEGIN
           INSERT INTO touched_events VALUES (NEW.id); END;
         CREATE TEMP TRIGGER note_events_of_u AFTER UPDATE ON main.events BEGIN
           INSERT INTO touched_events VALUES (NEW.id); END;
         CREATE TEMP TRIGGER note_events_of_d AFTER DELETE ON main.events BEGIN
           INSERT INTO touched_events VALUES (OLD.id); END;
         CREATE TEMP TRIGGER note_events_of_ci AFTER INSERT ON main.event_controllers
           BEGIN INSERT INTO touched_events VALUES (NEW.event_id); END;
         CREATE TEMP TRIGGER note_events_of_cd AFTER DELETE ON main.event_controllers
           BEGIN INSERT INTO touched_events VALUES (OLD.event_id); END;",
    );
    for table in RATED_BESIDE {
        for (what, suffix) in [("INSERT", "i"), ("UPDATE", "u"), ("DELETE", "d")] {
            sql.push_str(&format!(
                "\nCREATE TEMP TRIGGER note_register_{table}_{suffix} AFTER {what} ON \
                 main.{table} BEGIN INSERT INTO touched_register VALUES (1); END;"
            ));
        }
    }
    let direct = WITH_TOURNAMENT.iter().map(|table| Noted {
        table,
        tournaments: DIRECT,
        columns: "",
        changed: "",
    });
    for noted in NOTED.iter().copied().chain(direct) {
        for (what, row, suffix) in [
            ("INSERT", "NEW", "i"),
            ("UPDATE", "NEW", "u"),
            ("DELETE", "OLD", "d"),
        ] {
            let (of, when) = match what {
                "UPDATE" if !noted.columns.is_empty() => (
                    format!(" OF {}", noted.columns),
                    if noted.changed.is_empty() {
                        String::new()
                    } else {
                        format!(" WHEN {}", noted.changed)
                    },
                ),
                _ => (String::new(), String::new()),
            };
            let select = noted.tournaments.replace("ROW", row);
            sql.push_str(&format!(
                "\nCREATE TEMP TRIGGER note_{table}_{suffix} AFTER {what}{of} ON main.{table}{when}
                 BEGIN INSERT INTO touched_tournaments {select}; END;",
                table = noted.table,
            ));
            // A row that moved to another tournament counts for the one it left too.
            if what == "UPDATE" {
                let old = noted.tournaments.replace("ROW", "OLD");
                sql.push_str(&format!(
                    "\nCREATE TEMP TRIGGER note_{table}_o AFTER UPDATE{of} ON main.{table}{when}
                     BEGIN INSERT INTO touched_tournaments {old}; END;",
                    table = noted.table,
                ));
            }
        }
    }
    conn.batch_execute(&sql)
}

/// What a write changed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Touched {
    pub tournaments: Vec<i32>,
    pub events: Vec<i32>,
    /// The register (its persons, their links to players, the rated or pushed tournaments)
    /// changed.
    pub register: bool,
    /// The note could not be read: anything may have changed.
    pub anything: bool,
}

impl Touched {
    pub fn is_empty(&self) -> bool {
        self.tournaments.is_empty() && self.events.is_empty() && !self.register && !self.anything
    }

    /// What a write whose note could not be read may have changed.
    pub fn anything() -> Touched {
        Touched {
            anything: true,
            ..Touched::default()
        }
    }
}

#[derive(QueryableByName)]
struct Id {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    id: i32,
}

#[derive(QueryableByName)]
struct Any {
    #[diesel(sql_type = diesel::sql_types::Bool)]
    any: bool,
}

/// Reads and clears what the writes since the last call changed (committed or rolled back: a
/// rolled-back write's notes went with it). A tournament before a changed stage or play-off
/// counts too, and the event of a changed section.
pub fn take(conn: &mut SqliteConnection) -> QueryResult<Touched> {
    let any = diesel::sql_query(
        "SELECT EXISTS (SELECT 1 FROM touched_tournaments) \
         OR EXISTS (SELECT 1 FROM touched_events) \
         OR EXISTS (SELECT 1 FROM touched_register) AS any",
    )
    .get_result::<Any>(conn)?;
    if !any.any {
        return Ok(Touched::default());
    }
    conn.batch_execute(
        "INSERT INTO touched_tournaments SELECT previous_stage FROM main.tournaments
           WHERE id IN (SELECT id FROM touched_tournaments) AND previous_stage IS NOT NULL;
         INSERT INTO touched_events SELECT event_id FROM main.tournaments
           WHERE id IN (SELECT id FROM touched_tournaments) AND event_id IS NOT NULL;",
    )?;
    let ids = |conn: &mut SqliteConnection, table: &str| -> QueryResult<Vec<i32>> {
        Ok(diesel::sql_query(format!(
            "SELECT DISTINCT id FROM {table} WHERE id IS NOT NULL ORDER BY id"
        ))
        .load::<Id>(conn)?
        .into_iter()
        .map(|i| i.id)
        .collect())
    };
    let touched = Touched {
        tournaments: ids(conn, "touched_tournaments")?,
        events: ids(conn, "touched_events")?,
        register: !ids(conn, "touched_register")?.is_empty(),
        anything: false,
    };
    conn.batch_execute(
        "DELETE FROM touched_tournaments; DELETE FROM touched_events; \
         DELETE FROM touched_register;",
    )?;
    Ok(touched)
}

/// Each tournament's and event's version: the writer's count of writes at the last write that
/// changed it (0: none since the service started, and none is kept).
#[derive(Debug, Default)]
pub struct Versions {
    tournaments: HashMap<i32, u64>,
    events: HashMap<i32, u64>,
    /// The last write that may have changed anything.
    all: u64,
    /// The last write that changed what the rating list is computed from: any tournament's
    /// rows or the register.
    rated: u64,
}

impl Versions {
    /// Notes that the write counted `version` changed `touched`.
    pub fn mark(&mut self, touched: &Touched, version: u64) {
        if touched.anything {
            self.all = version;
        }
        if touched.anything || touched.register || !touched.tournaments.is_empty() {
            self.rated = version;
        }
        for t in &touched.tournaments {
            self.tournaments.insert(*t, version);
        }
        for e in &touched.events {
            self.events.insert(*e, version);
        }
    }

    pub fn tournament(&self, id: i32) -> u64 {
        self.tournaments
            .get(&id)
            .copied()
            .unwrap_or(0)
            .max(self.all)
    }

    pub fn event(&self, id: i32) -> u64 {
        self.events.get(&id).copied().unwrap_or(0).max(self.all)
    }

    pub fn rated(&self) -> u64 {
        self.rated
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Writer;

    const NOW: &str = "'2026-11-28 10:00:00'";

    fn tournament(name: &str, event: &str, before: &str) -> String {
        format!(
            "INSERT INTO tournaments (name, rules, rounds, pairing, points_win, points_draw, \
             points_loss, points_bye, created_at, event_id, previous_stage) VALUES ('{name}', \
             'abapa', 3, 'swiss', 1, 0.5, 0, 1, {NOW}, {event}, {before});"
        )
    }

    /// A new database's writer (and the folder that holds the database).
    fn opened() -> (tempfile::TempDir, std::sync::Arc<Writer>) {
        let dir = tempfile::tempdir().unwrap();
        let url = dir.path().join("v.db").to_str().unwrap().to_string();
        crate::db::open(&url, 2).unwrap();
        let writer = Writer::open(&url).unwrap();
        (dir, writer)
    }

    /// Runs `sql` as one write.
    async fn write(writer: &Writer, sql: String) {
        writer
            .run(move |conn| conn.batch_execute(&sql))
            .await
            .unwrap()
            .unwrap();
    }

    /// Runs `sql` as one write: what it changed.
    async fn wrote(writer: &Writer, sql: String) -> (Vec<u64>, Vec<u64>) {
        write(writer, sql).await;
        (
            (1..=4).map(|t| writer.tournament_version(t)).collect(),
            (1..=2).map(|e| writer.event_version(e)).collect(),
        )
    }

    #[actix_web::test]
    async fn the_rated_data_moves_on_with_a_tournament_or_the_register_only() {
        let (_dir, writer) = opened();
        let run = |sql: String| {
            let writer = writer.clone();
            async move {
                write(&writer, sql).await;
                (writer.version(), writer.rated_version())
            }
        };
        assert_eq!(run(tournament("Open", "NULL", "NULL")).await, (1, 1));
        // A setting, an account's failed sign-in: written, nothing rated changed.
        assert_eq!(
            run("INSERT INTO settings (name, value) VALUES ('k', 'v');".to_string()).await,
            (2, 1)
        );
        // A person of the register, a player linked to them, a tournament marked rated.
        let person = format!(
            "INSERT INTO persons (name, name_key, created_at) VALUES ('Ama Owusu', 'ama owusu', {NOW});"
        );
        assert_eq!(run(person).await, (3, 3));
        let link = format!(
            "INSERT INTO register_links (tournament_id, player_name, person_id, linked_at) \
             VALUES (1, 'Ama', 1, {NOW});"
        );
        assert_eq!(run(link).await, (4, 4));
        let rated =
            format!("INSERT INTO rated_tournaments (tournament_id, marked_at) VALUES (1, {NOW});");
        assert_eq!(run(rated).await, (5, 5));
        assert_eq!(
            run("UPDATE settings SET value = 'w' WHERE name = 'k';".to_string()).await,
            (6, 5)
        );
        // A round of a tournament.
        let round =
            format!("INSERT INTO rounds (tournament_id, number, created_at) VALUES (1, 1, {NOW});");
        assert_eq!(run(round).await, (7, 7));
    }

    #[actix_web::test]
    async fn a_write_moves_on_the_versions_of_what_it_changed_only() {
        let (_dir, writer) = opened();
        // Two events; tournaments 1 and 2 sections of event 1, 3 alone, 4 a play-off of 3.
        let set_up = format!(
            "INSERT INTO events (name, created_at) VALUES ('Festival', {NOW}), ('Other', {NOW});
             {} {} {} {}",
            tournament("Open", "1", "NULL"),
            tournament("Juniors", "1", "NULL"),
            tournament("Club", "NULL", "NULL"),
            tournament("Play-off", "NULL", "3"),
        );
        let (t, e) = wrote(&writer, set_up).await;
        assert_eq!((t, e), (vec![1, 1, 1, 1], vec![1, 1]));
        // A player of tournament 2, and a round with a game in it.
        let (t, e) = wrote(
            &writer,
            format!(
                "INSERT INTO players (tournament_id, name, pin_hash, created_at) VALUES \
                 (2, 'Ama', 'h', {NOW}), (2, 'Kofi', 'h', {NOW});
                 INSERT INTO rounds (tournament_id, number, created_at) VALUES (2, 1, {NOW});
                 INSERT INTO games (tournament_id, round_id, board, south_id, north_id, status, \
                 updated_at) VALUES (2, 1, 1, 1, 2, 'pending', {NOW});"
            ),
        )
        .await;
        assert_eq!((t, e), (vec![1, 2, 1, 1], vec![2, 1]));
        // A failed PIN, its lock and a new session change no page.
        let (t, e) = wrote(
            &writer,
            "UPDATE players SET failed_pins = 3, pin_locked_until = '2026-11-28 10:05:00', \
             session_generation = session_generation + 1 WHERE id = 1;
             INSERT INTO settings (name, value) VALUES ('k', 'v');"
                .to_string(),
        )
        .await;
        assert_eq!((t, e), (vec![1, 2, 1, 1], vec![2, 1]));
        // A sheet counts for its game's tournament (and its event); a rolled-back one for none.
        let (t, e) = wrote(
            &writer,
            format!(
                "INSERT INTO sheets (game_id, player_id, winner, south_seeds, north_seeds, \
                 end_kind, moves, plies, verified, created_at) VALUES (1, 1, 'south', 25, 23, \
                 'natural', '', 0, 1, {NOW});"
            ),
        )
        .await;
        assert_eq!((t, e), (vec![1, 4, 1, 1], vec![4, 1]));
        let failed = writer
            .run(|conn| {
                conn.transaction(|conn| {
                    conn.batch_execute("UPDATE games SET status = 'final' WHERE id = 1;")?;
                    conn.batch_execute("INSERT INTO nowhere VALUES (1);")
                })
            })
            .await
            .unwrap();
        assert!(failed.is_err());
        assert_eq!(writer.tournament_version(2), 4);
        // The event's row counts for its sections; a play-off's game for the tournament before.
        let (t, e) = wrote(
            &writer,
            "UPDATE events SET name = 'Festival 2026' WHERE id = 1;".to_string(),
        )
        .await;
        assert_eq!((t, e), (vec![6, 6, 1, 1], vec![6, 1]));
        let (t, _) = wrote(
            &writer,
            format!("INSERT INTO rounds (tournament_id, number, created_at) VALUES (4, 1, {NOW});"),
        )
        .await;
        assert_eq!(t, vec![6, 6, 7, 7]);
        // A round deleted with its games counts for its tournament.
        let (t, _) = wrote(&writer, "DELETE FROM rounds WHERE id = 1;".to_string()).await;
        assert_eq!(t, vec![6, 8, 7, 7]);
        // An upsert (a conflict clause of its own) counts as any write, the first time and the
        // next.
        for _ in 0..2 {
            wrote(
                &writer,
                format!(
                    "INSERT INTO round_times (tournament_id, round_number, started_at) VALUES \
                     (3, 1, {NOW}) ON CONFLICT (tournament_id, round_number) DO UPDATE SET \
                     started_at = excluded.started_at;"
                ),
            )
            .await;
        }
        assert_eq!(writer.tournament_version(3), 10);
        assert_eq!(writer.tournament_version(4), 7);
    }
}
