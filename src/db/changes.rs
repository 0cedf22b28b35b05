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
//! What counts as a tournament's rows is said table by table in [`super::tables`] (the PIN of a
//! player, its failures, a venue's publishing bookkeeping do not count; an event's row and its
//! controllers count for every section). A stage's or play-off's change counts for the
//! tournament before it too (a play-off decides places of its standings), and a section's for
//! its event. Apart from them, the note says whether the register changed (its persons, which
//! player is which person, which tournaments are rated or pushed): with any tournament's rows,
//! what the rating list is computed from ([`Versions::rated`]).

use std::collections::HashMap;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::tables::{CIRCUITS, Counts, REGISTER, TABLES, Table};

/// The triggers of `table` that note its tournaments (and, for an event's table, its events).
fn triggers_of(table: &Table, sql: &mut String) {
    let (columns, changed) = match table.counts {
        Counts::All => ("", ""),
        Counts::Columns { columns, changed } => (columns, changed),
        Counts::Register | Counts::Never(_) => return,
    };
    for (what, row, suffix) in [
        ("INSERT", "NEW", "i"),
        ("UPDATE", "NEW", "u"),
        ("DELETE", "OLD", "d"),
    ] {
        let (of, when) = match what {
            "UPDATE" if !columns.is_empty() => (
                format!(" OF {columns}"),
                if changed.is_empty() {
                    String::new()
                } else {
                    format!(" WHEN {changed}")
                },
            ),
            _ => (String::new(), String::new()),
        };
        let note = |row: &str| {
            let mut body = format!(
                "INSERT INTO touched_tournaments {};",
                table.names.tournaments().replace("ROW", row)
            );
            if let Some(event) = table.names.event() {
                body.push_str(&format!(
                    " INSERT INTO touched_events VALUES ({});",
                    event.replace("ROW", row)
                ));
            }
            body
        };
        sql.push_str(&format!(
            "\nCREATE TEMP TRIGGER note_{name}_{suffix} AFTER {what}{of} ON main.{name}{when}
             BEGIN {body} END;",
            name = table.name,
            body = note(row),
        ));
        // A row that moved to another tournament counts for the one it left too.
        if what == "UPDATE" {
            sql.push_str(&format!(
                "\nCREATE TEMP TRIGGER note_{name}_o AFTER UPDATE{of} ON main.{name}{when}
                 BEGIN {body} END;",
                name = table.name,
                body = note("OLD"),
            ));
        }
    }
}

/// The note and its triggers, made on the writing connection when it opens (temporary: no
/// other connection sees them, and the database file keeps no trace of them): one for each
/// table of a tournament whose changes count ([`super::tables::TABLES`]), and one for each
/// table of the rating list's data.
pub fn note_changes(conn: &mut SqliteConnection) -> QueryResult<()> {
    let mut sql = String::from(
        "PRAGMA temp_store = MEMORY;
         CREATE TEMP TABLE touched_tournaments (id INTEGER);
         CREATE TEMP TABLE touched_events (id INTEGER);
         CREATE TEMP TABLE touched_register (id INTEGER);",
    );
    let register = TABLES
        .iter()
        .filter(|t| t.counts == Counts::Register)
        .map(|t| t.name)
        .chain(REGISTER.iter().copied());
    // The register notes 1, the circuits 2.
    let noted = register
        .map(|t| (t, 1))
        .chain(CIRCUITS.iter().map(|t| (*t, 2)));
    for (table, note) in noted {
        for (what, suffix) in [("INSERT", "i"), ("UPDATE", "u"), ("DELETE", "d")] {
            sql.push_str(&format!(
                "\nCREATE TEMP TRIGGER note_register_{table}_{suffix} AFTER {what} ON \
                 main.{table} BEGIN INSERT INTO touched_register VALUES ({note}); END;"
            ));
        }
    }
    for table in TABLES {
        triggers_of(table, &mut sql);
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
    /// A circuit changed.
    pub circuits: bool,
    /// The note could not be read: anything may have changed.
    pub anything: bool,
}

impl Touched {
    pub fn is_empty(&self) -> bool {
        self.tournaments.is_empty()
            && self.events.is_empty()
            && !self.register
            && !self.circuits
            && !self.anything
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
    let federation = ids(conn, "touched_register")?;
    let touched = Touched {
        tournaments: ids(conn, "touched_tournaments")?,
        events: ids(conn, "touched_events")?,
        register: federation.contains(&1),
        circuits: federation.contains(&2),
        anything: false,
    };
    conn.batch_execute(
        "DELETE FROM touched_tournaments; DELETE FROM touched_events; \
         DELETE FROM touched_register;",
    )?;
    Ok(touched)
}

/// What a version is of: a tournament's data, or an event's (its own, its controllers', any of
/// its sections').
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    Tournament(i32),
    Event(i32),
}

/// The versions kept with the data of the tournaments a write changed (every tournament's when
/// what it changed could not be read), or none when they could not be read.
pub fn kept_versions(conn: &mut SqliteConnection, touched: &Touched) -> Option<Vec<(i32, u64)>> {
    let read = match touched.anything {
        true => super::tournament_versions::all(conn).map(|all| all.into_iter().collect()),
        false if touched.tournaments.is_empty() => return Some(Vec::new()),
        false => super::tournament_versions::of(conn, &touched.tournaments),
    };
    read.inspect_err(|e| tracing::error!("cannot read the versions of what a write changed: {e}"))
        .ok()
}

/// Each tournament's version, kept with its data ([`super::tournament_versions`]) and read
/// again after each write that changed it; each event's, the writer's count of writes at the
/// last write that changed it (0: none since the service started, and none is kept); and for
/// each subject followed now (a live page's), a watch told when its version moves on, and only
/// then.
#[derive(Debug, Default)]
pub struct Versions {
    tournaments: HashMap<i32, u64>,
    /// The writes after which the tournaments' versions could not be read: each moves every
    /// tournament's version on (by 2^56, above any the clock gives) for the rest of the run.
    unread: u64,
    events: HashMap<i32, u64>,
    /// The last write that may have changed anything.
    all: u64,
    /// The last write that changed what the rating list is computed from: any tournament's
    /// rows or the register.
    rated: u64,
    /// The last write that changed the register.
    register: u64,
    /// The last write that changed a circuit.
    circuits: u64,
    watched: HashMap<Subject, tokio::sync::watch::Sender<u64>>,
}

impl Versions {
    /// The versions as the database keeps them, when the writer opens.
    pub fn kept(tournaments: HashMap<i32, u64>) -> Versions {
        Versions {
            tournaments,
            ..Versions::default()
        }
    }

    /// Notes that the write counted `count` changed `touched`, the tournaments' versions it
    /// left being `kept` (none: they could not be read), and tells whoever follows what it
    /// changed.
    pub fn mark(&mut self, touched: &Touched, count: u64, kept: Option<&[(i32, u64)]>) {
        if touched.anything {
            self.all = count;
        }
        if touched.anything || touched.register || !touched.tournaments.is_empty() {
            self.rated = count;
        }
        if touched.anything || touched.register {
            self.register = count;
        }
        if touched.anything || touched.circuits {
            self.circuits = count;
        }
        match kept {
            Some(kept) => self.tournaments.extend(kept.iter().copied()),
            None => self.unread += 1,
        }
        for e in &touched.events {
            self.events.insert(*e, count);
        }
        if self.watched.is_empty() {
            return;
        }
        if touched.anything || kept.is_none() {
            for (subject, watch) in &self.watched {
                watch.send_replace(self.of(*subject));
            }
            return;
        }
        let subjects = (touched.tournaments.iter().map(|t| Subject::Tournament(*t)))
            .chain(touched.events.iter().map(|e| Subject::Event(*e)));
        for subject in subjects {
            if let Some(watch) = self.watched.get(&subject) {
                watch.send_replace(self.of(subject));
            }
        }
    }

    pub fn of(&self, subject: Subject) -> u64 {
        match subject {
            Subject::Tournament(id) => {
                let kept = self.tournaments.get(&id).copied().unwrap_or(0);
                kept.wrapping_add(self.unread << 56)
            }
            Subject::Event(id) => self.events.get(&id).copied().unwrap_or(0).max(self.all),
        }
    }

    /// How many writes this run were followed by versions that could not be read.
    pub fn unread(&self) -> u64 {
        self.unread
    }

    pub fn tournament(&self, id: i32) -> u64 {
        self.of(Subject::Tournament(id))
    }

    pub fn event(&self, id: i32) -> u64 {
        self.of(Subject::Event(id))
    }

    pub fn rated(&self) -> u64 {
        self.rated
    }

    /// The version of a circuit's data: its record, the register and each of `tournaments`.
    /// Each of them only ever moves on, so their sum moves on with any.
    pub fn circuit(&self, tournaments: &[i32]) -> u64 {
        tournaments
            .iter()
            .map(|t| self.tournament(*t))
            .fold(self.register.wrapping_add(self.circuits), u64::wrapping_add)
    }

    /// A receiver told each time `subject`'s version moves on (holding it). The watches nobody
    /// follows any more are dropped here.
    pub fn watch(&mut self, subject: Subject) -> tokio::sync::watch::Receiver<u64> {
        self.watched.retain(|_, w| w.receiver_count() > 0);
        let version = self.of(subject);
        self.watched
            .entry(subject)
            .or_insert_with(|| tokio::sync::watch::Sender::new(version))
            .subscribe()
    }
}

/// The versions as the service reads them, through its writer.
impl super::Writer {
    /// The version of a tournament's data: it moves on after a write that changed the
    /// tournament (see the module), once the write has committed, as [`super::Writer::version`] does
    /// after every write; it is kept with the data ([`super::tournament_versions`]).
    pub fn tournament_version(&self, id: i32) -> u64 {
        self.versions().tournament(id)
    }

    /// A tag of a tournament's data as it is now, for a page drawn from it: its version, which
    /// names the same data in every run of the service (and the run too in the rare one where a
    /// version could not be read after a write).
    pub fn tournament_tag(&self, id: i32) -> String {
        let versions = self.versions();
        let version = versions.tournament(id);
        match versions.unread() {
            0 => version.to_string(),
            _ => format!("{:x}.{version}", self.run),
        }
    }

    /// The version of an event's data (its own row, its controllers, any of its sections).
    pub fn event_version(&self, id: i32) -> u64 {
        self.versions().event(id)
    }

    /// The version of what the rating list is computed from (any tournament's rows, the
    /// register): a write elsewhere (a sign-in, a setting, a venue's publishing bookkeeping)
    /// leaves it.
    pub fn rated_version(&self) -> u64 {
        self.versions().rated()
    }

    /// The version of what a circuit counting `tournaments` is computed from: the circuits, the
    /// register and those tournaments' rows (a write elsewhere leaves it).
    pub fn circuit_version(&self, tournaments: &[i32]) -> u64 {
        self.versions().circuit(tournaments)
    }

    /// A receiver told each time the version of a tournament's or an event's data moves on
    /// (and not when anything else is written).
    pub fn watch(&self, subject: Subject) -> tokio::sync::watch::Receiver<u64> {
        self.versions().watch(subject)
    }

    fn versions(&self) -> std::sync::MutexGuard<'_, Versions> {
        self.versions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Writer;

    const NOW: &str = "'2026-11-28 10:00:00'";

    fn tournament(name: &str, event: &str, before: &str) -> String {
        format!(
            "INSERT INTO tournaments (settings, created_at, event_id, previous_stage) VALUES \
             ('{{\"name\": \"{name}\", \"rules\": \"abapa\", \"rounds\": 3}}', {NOW}, {event}, \
             {before});"
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
    async fn a_circuit_s_data_moves_on_with_its_record_the_register_and_its_tournaments_only() {
        let (_dir, writer) = opened();
        // What moved on: (the rating list's data, the circuit counting tournament 1).
        let run = |sql: String| {
            let writer = writer.clone();
            async move {
                let before = (writer.rated_version(), writer.circuit_version(&[1]));
                write(&writer, sql).await;
                let after = (writer.rated_version(), writer.circuit_version(&[1]));
                assert!(after.0 >= before.0 && after.1 >= before.1);
                (after.0 != before.0, after.1 != before.1)
            }
        };
        let two = format!(
            "{} {}",
            tournament("Open", "NULL", "NULL"),
            tournament("Club", "NULL", "NULL")
        );
        assert_eq!(run(two).await, (true, true));
        let circuit = format!(
            "INSERT INTO circuits (rules, created_at, updated_at) VALUES ('{{}}', {NOW}, {NOW});"
        );
        // A circuit's record moves the circuits on, not the rating list.
        assert_eq!(run(circuit).await, (false, true));
        // A round of a tournament the circuit does not count: the rating list, not the circuit.
        let round =
            format!("INSERT INTO rounds (tournament_id, number, created_at) VALUES (2, 1, {NOW});");
        assert_eq!(run(round).await, (true, false));
        let round =
            format!("INSERT INTO rounds (tournament_id, number, created_at) VALUES (1, 1, {NOW});");
        assert_eq!(run(round).await, (true, true));
        let person = format!(
            "INSERT INTO persons (name, name_key, created_at) VALUES ('Ama Owusu', 'ama owusu', {NOW});"
        );
        assert_eq!(run(person).await, (true, true));
        assert_eq!(
            run("INSERT INTO settings (name, value) VALUES ('k', 'v');".to_string()).await,
            (false, false)
        );
    }

    #[actix_web::test]
    async fn a_subject_s_watch_is_told_of_its_own_changes_only() {
        let (_dir, writer) = opened();
        let set_up = format!(
            "INSERT INTO events (name, created_at) VALUES ('Festival', {NOW});
             {} {}",
            tournament("Open", "1", "NULL"),
            tournament("Club", "NULL", "NULL"),
        );
        write(&writer, set_up).await;
        let mut club = writer.watch(Subject::Tournament(2));
        let mut festival = writer.watch(Subject::Event(1));
        let club_was = *club.borrow_and_update();
        assert_eq!(club_was, writer.tournament_version(2));
        assert_eq!(*festival.borrow_and_update(), 1);
        let round = |t: i32| {
            format!(
                "INSERT INTO rounds (tournament_id, number, created_at) VALUES ({t}, 1, {NOW});"
            )
        };
        // A round of the event's section, and a setting: the club's watch is not told.
        write(&writer, round(1)).await;
        write(
            &writer,
            "INSERT INTO settings (name, value) VALUES ('k', 'v');".to_string(),
        )
        .await;
        assert!(!club.has_changed().unwrap());
        assert!(festival.has_changed().unwrap());
        assert_eq!(*festival.borrow_and_update(), 2);
        // A round of the club: told, with the club's version.
        write(&writer, round(2)).await;
        assert!(club.has_changed().unwrap());
        let club_is = *club.borrow_and_update();
        assert!(club_is > club_was);
        assert_eq!(writer.tournament_version(2), club_is);
        assert!(!festival.has_changed().unwrap());
        // A watch nobody follows is dropped when the next one is asked for.
        drop(festival);
        let _open = writer.watch(Subject::Tournament(1));
        assert_eq!(writer.versions().watched.len(), 2);
    }

    /// What a write moved on: for tournaments 1 to 4, and events 1 and 2.
    type Moved = (Vec<bool>, Vec<bool>);

    /// Runs `sql` as one write: which versions it moved on (none went back).
    async fn moved(writer: &Writer, sql: String) -> Moved {
        let before = versions_now(writer);
        let after = {
            write(writer, sql).await;
            versions_now(writer)
        };
        let on = |b: &[u64], a: &[u64]| -> Vec<bool> {
            b.iter()
                .zip(a)
                .map(|(b, a)| {
                    assert!(a >= b, "a version went back");
                    a != b
                })
                .collect()
        };
        (on(&before.0, &after.0), on(&before.1, &after.1))
    }

    fn versions_now(writer: &Writer) -> (Vec<u64>, Vec<u64>) {
        (
            (1..=4).map(|t| writer.tournament_version(t)).collect(),
            (1..=2).map(|e| writer.event_version(e)).collect(),
        )
    }

    const Y: bool = true;
    const N: bool = false;

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
        let made = moved(&writer, set_up).await;
        assert_eq!(made, (vec![Y, Y, Y, Y], vec![Y, Y]));
        // A player of tournament 2, and a round with a game in it.
        let players = format!(
            "INSERT INTO players (tournament_id, name, pin_hash, created_at) VALUES \
             (2, 'Ama', 'h', {NOW}), (2, 'Kofi', 'h', {NOW});
             INSERT INTO rounds (tournament_id, number, created_at) VALUES (2, 1, {NOW});
             INSERT INTO games (tournament_id, round_id, board, south_id, north_id, status, \
             updated_at) VALUES (2, 1, 1, 1, 2, 'pending', {NOW});"
        );
        assert_eq!(
            moved(&writer, players).await,
            (vec![N, Y, N, N], vec![Y, N])
        );
        // A failed PIN, its lock and a new session change no page.
        let pin = "UPDATE players SET failed_pins = 3, pin_locked_until = '2026-11-28 10:05:00', \
                   session_generation = session_generation + 1 WHERE id = 1;
                   INSERT INTO settings (name, value) VALUES ('k', 'v');";
        let none = (vec![N, N, N, N], vec![N, N]);
        assert_eq!(moved(&writer, pin.to_string()).await, none);
        // A sheet counts for its game's tournament (and its event); a rolled-back one for none.
        let sheet = format!(
            "INSERT INTO sheets (game_id, player_id, winner, south_seeds, north_seeds, \
             end_kind, moves, plies, verified, created_at) VALUES (1, 1, 'south', 25, 23, \
             'natural', '', 0, 1, {NOW});"
        );
        assert_eq!(moved(&writer, sheet).await, (vec![N, Y, N, N], vec![Y, N]));
        let two = writer.tournament_version(2);
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
        assert_eq!(writer.tournament_version(2), two);
        // The event's row counts for its sections; a play-off's round for the tournament before.
        let event = "UPDATE events SET name = 'Festival 2026' WHERE id = 1;";
        let sections = (vec![Y, Y, N, N], vec![Y, N]);
        assert_eq!(moved(&writer, event.to_string()).await, sections);
        let play_off =
            format!("INSERT INTO rounds (tournament_id, number, created_at) VALUES (4, 1, {NOW});");
        assert_eq!(moved(&writer, play_off).await.0, vec![N, N, Y, Y]);
        // A round deleted with its games counts for its tournament.
        let deleted = "DELETE FROM rounds WHERE id = 1;".to_string();
        assert_eq!(moved(&writer, deleted).await.0, vec![N, Y, N, N]);
        // An upsert (a conflict clause of its own) counts as any write, the first time and the
        // next.
        for _ in 0..2 {
            let upsert = format!(
                "INSERT INTO round_times (tournament_id, round_number, started_at) VALUES \
                 (3, 1, {NOW}) ON CONFLICT (tournament_id, round_number) DO UPDATE SET \
                 started_at = excluded.started_at;"
            );
            assert_eq!(moved(&writer, upsert).await.0, vec![N, N, Y, N]);
        }
    }
}
