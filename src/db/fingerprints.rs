//! A venue's fingerprint of the file its hub last took ([`Fingerprint`]), written down with the
//! push the hub took (in the same transaction as the link's version), read back after a start.
//! A record keeps its position while it stays; a new one takes the next: the rows, in their
//! positions' order, are the file's order.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::schema::hub_fingerprints as rows;
use crate::tournament::TournamentId;
use crate::tournament::archive::Fingerprint;

/// How a fingerprint is written: over the one before, or whole.
pub enum Written<'a> {
    /// `new` follows from `old` by changes (records kept in their order, new ones after them).
    After {
        old: &'a Fingerprint,
        new: &'a Fingerprint,
    },
    Whole(&'a Fingerprint),
}

/// The fingerprint a tournament's venue keeps, as its rows say (what the file says of itself
/// given), or none.
pub fn read(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    own: (String, u32, Option<String>),
) -> QueryResult<Option<Fingerprint>> {
    let found: Vec<(String, i64, i64, i64)> = rows::table
        .filter(rows::tournament_id.eq(tournament.get()))
        .select((rows::part, rows::position, rows::key, rows::hash))
        .load(conn)?;
    if found.is_empty() {
        return Ok(None);
    }
    Ok(Fingerprint::from_rows(own, &found))
}

/// Forgets the fingerprint (a new hub, a link removed).
pub fn forget(conn: &mut SqliteConnection, tournament: TournamentId) -> QueryResult<usize> {
    diesel::delete(rows::table.filter(rows::tournament_id.eq(tournament.get()))).execute(conn)
}

fn insert(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    part: &str,
    (position, key, hash): (i64, i64, i64),
) -> QueryResult<usize> {
    diesel::replace_into(rows::table)
        .values((
            rows::tournament_id.eq(tournament.get()),
            rows::part.eq(part),
            rows::key.eq(key),
            rows::position.eq(position),
            rows::hash.eq(hash),
        ))
        .execute(conn)
}

/// Writes the fingerprint down: whole, or only the rows that changed from the one before.
pub fn write(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    written: Written<'_>,
) -> QueryResult<()> {
    let (old, new) = match written {
        Written::Whole(new) => {
            forget(conn, tournament)?;
            for (part, position, key, hash) in new.rows() {
                insert(conn, tournament, part, (position, key, hash))?;
            }
            return Ok(());
        }
        Written::After { old, new } => (old, new),
    };
    let (old_rows, new_rows) = (old.rows(), new.rows());
    let mut before: HashMap<(&str, i64), i64> = HashMap::with_capacity(old_rows.len());
    for (part, _, key, hash) in &old_rows {
        before.insert((part, *key), *hash);
    }
    let mut now: HashMap<(&str, i64), i64> = HashMap::with_capacity(new_rows.len());
    for (part, _, key, hash) in &new_rows {
        now.insert((part, *key), *hash);
    }
    for (part, _, key, _) in &old_rows {
        if !now.contains_key(&(*part, *key)) {
            diesel::delete(
                rows::table
                    .filter(rows::tournament_id.eq(tournament.get()))
                    .filter(rows::part.eq(*part))
                    .filter(rows::key.eq(*key)),
            )
            .execute(conn)?;
        }
    }
    let mut next: HashMap<&str, i64> = HashMap::new();
    for (part, _, key, hash) in &new_rows {
        match before.get(&(*part, *key)) {
            Some(h) if h == hash => {}
            Some(_) => {
                diesel::update(
                    rows::table
                        .filter(rows::tournament_id.eq(tournament.get()))
                        .filter(rows::part.eq(*part))
                        .filter(rows::key.eq(*key)),
                )
                .set(rows::hash.eq(*hash))
                .execute(conn)?;
            }
            None => {
                // The part's highest position is read once, at its first new record; the
                // others follow it.
                let position = match next.get(part) {
                    Some(&position) => position,
                    None => {
                        let last: Option<i64> = rows::table
                            .filter(rows::tournament_id.eq(tournament.get()))
                            .filter(rows::part.eq(*part))
                            .select(diesel::dsl::max(rows::position))
                            .first(conn)?;
                        last.map_or(0, |p| p + 1)
                    }
                };
                next.insert(part, position + 1);
                insert(conn, tournament, part, (position, *key, *hash))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use diesel::connection::SimpleConnection;

    use super::*;
    use crate::tournament::archive::full_file;

    #[test]
    fn a_fingerprint_written_over_the_one_before_reads_back_as_written_whole() {
        let dir = tempfile::tempdir().unwrap();
        let url = dir.path().join("f.db").to_str().unwrap().to_string();
        crate::db::open(&url, 1).unwrap();
        let mut conn = SqliteConnection::establish(&url).unwrap();
        conn.batch_execute(
            "PRAGMA foreign_keys = ON; INSERT INTO tournaments (settings, created_at) VALUES \
             ('{\"name\": \"Open\", \"rules\": \"abapa\", \"rounds\": 3}', \
             '2026-12-03 10:00:00');",
        )
        .unwrap();
        let t = TournamentId(1);
        let file = full_file();
        let own = |f: &crate::tournament::archive::TournamentFile| {
            (f.format.clone(), f.version, f.tournament.uid.clone())
        };
        assert_eq!(read(&mut conn, t, own(&file)).unwrap(), None);
        let old = Fingerprint::of(&file);
        write(&mut conn, t, Written::Whole(&old)).unwrap();
        assert_eq!(read(&mut conn, t, own(&file)).unwrap().as_ref(), Some(&old));
        // A player gone, a sheet changed, a new sheet and games, the notice, an audit entry.
        let mut later = file.clone();
        later.players.remove(0);
        later.sheets[1].moves = "1. C f".to_string();
        let mut sheet = later.sheets[0].clone();
        sheet.id = 99;
        later.sheets.push(sheet);
        // Two new games: the second's position follows the first's.
        for (id, board) in [(98, 2), (97, 3)] {
            let mut game = later.games[0].clone();
            game.id = id;
            game.board = Some(board);
            later.games.push(game);
        }
        later.notice = None;
        later.audit.push(later.audit[0].clone());
        let new = Fingerprint::of(&later);
        assert!(old.follows(&new));
        write(
            &mut conn,
            t,
            Written::After {
                old: &old,
                new: &new,
            },
        )
        .unwrap();
        assert_eq!(
            read(&mut conn, t, own(&later)).unwrap().as_ref(),
            Some(&new)
        );
        // Records in another order do not follow: written whole.
        let mut turned = later.clone();
        turned.sheets.swap(0, 1);
        let other = Fingerprint::of(&turned);
        assert!(!new.follows(&other));
        write(&mut conn, t, Written::Whole(&other)).unwrap();
        assert_eq!(
            read(&mut conn, t, own(&turned)).unwrap().as_ref(),
            Some(&other)
        );
        forget(&mut conn, t).unwrap();
        assert_eq!(read(&mut conn, t, own(&turned)).unwrap(), None);
    }
}
