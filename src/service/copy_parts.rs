//! A hub's copy of a venue's tournament read from its database as the venue names it: the part a
//! push's changes touch ([`part`], what the changes are checked against record by record,
//! `tournament::archive::check_part`), or the whole copy ([`whole`], for any other change). The
//! hub holds no file between pushes: each push reads what it needs, and a hub started again
//! takes the next push as it took the last.

use std::collections::{BTreeSet, HashMap};

use chrono::Utc;
use diesel::sqlite::SqliteConnection;

use super::ServiceError;
use super::archive::Ids;
use super::file_parts;
use crate::db::archive as stored;
use crate::tournament::archive::{AuditPart, FileRecords, RecordKind, Touched, TournamentFile};
use crate::tournament::{PlayerId, RoundId, TournamentId};

/// The part of the copy `id` that changes touching `touched` are checked against (see
/// [`Touched`]), as the venue names it, with the copy's rows of its records and of the records
/// the changes' audit `entries` name; none when a row read has no venue's id (the copy is then
/// read whole). Its lists are empty: those the changes give are checked as given.
pub(super) fn part(
    conn: &mut SqliteConnection,
    id: TournamentId,
    touched: &Touched,
    entries: &[AuditPart],
) -> Result<Option<(TournamentFile, Ids)>, ServiceError> {
    let rows_of = |conn: &mut SqliteConnection, kind: RecordKind, sources: &BTreeSet<i64>| {
        let sources: Vec<i64> = sources.iter().copied().collect();
        stored::copy_rows(conn, id, kind, &sources)
    };
    let rounds = file_parts::rounds(conn, id)?;
    // Each round's row and number, from the rounds read (the part's records are the copy's
    // rows: a round's id in the part is its row).
    let numbers: HashMap<i32, i64> = rounds
        .iter()
        .filter_map(|r| Some((i32::try_from(r.id).ok()?, r.number)))
        .collect();
    // The games touched, each read with every sheet: those named, and those the sheets named
    // stand on now.
    let mut with_sheets: BTreeSet<i32> = rows_of(conn, RecordKind::Game, &touched.games)?
        .into_iter()
        .map(|(_, row)| row)
        .collect();
    let sheets_named: Vec<i32> = rows_of(conn, RecordKind::Sheet, &touched.sheets)?
        .into_iter()
        .map(|(_, row)| row)
        .collect();
    let moved = stored::sheets_among(conn, id, &sheets_named)?;
    with_sheets.extend(moved.iter().map(|s| s.game_id.get()));
    // And the games at the places the games put take.
    let round_at: HashMap<i64, i32> = numbers.iter().map(|(row, n)| (*n, *row)).collect();
    let mut games: BTreeSet<i32> = with_sheets.clone();
    for (number, board, game) in &touched.places {
        let (Some(round), Ok(board), Ok(game)) = (
            round_at.get(number),
            i32::try_from(*board),
            i32::try_from(*game),
        ) else {
            continue;
        };
        if let Some(at) = stored::game_at(conn, RoundId(*round), (board, game))? {
            games.insert(at.get());
        }
    }
    let games = stored::games_among(conn, id, &Vec::from_iter(games))?;
    let sheets = stored::sheets_of_games(conn, &Vec::from_iter(with_sheets))?;
    let mut players: BTreeSet<i32> = games
        .iter()
        .flat_map(|g| std::iter::once(g.south_id).chain(g.north_id))
        .chain(sheets.iter().map(|s| s.player_id))
        .map(PlayerId::get)
        .collect();
    players.extend(
        rows_of(conn, RecordKind::Player, &touched.players)?
            .into_iter()
            .map(|(_, r)| r),
    );
    let players = stored::players_among(conn, id, &Vec::from_iter(players))?;
    let rows = (
        players.iter().map(|p| p.id.get()).collect(),
        rounds
            .iter()
            .filter_map(|r| i32::try_from(r.id).ok())
            .collect(),
        games.iter().map(|g| g.id.get()).collect(),
        sheets.iter().map(|s| s.id.get()).collect(),
    );
    let mut ids = venue_ids(conn, id, rows, entries)?;
    for r in &rounds {
        let row = i32::try_from(r.id).map_err(|_| ServiceError::Internal("a round's id".into()))?;
        ids.round_numbers.insert(r.number, RoundId(row));
    }
    let mut tournament = file_parts::tournament_part(conn, id)?;
    // The teams' lists name every member: the changes checked so leave them as they are.
    tournament.teams.lists.clear();
    let records = FileRecords {
        players: players.into_iter().map(file_parts::player_part).collect(),
        rounds,
        games: games
            .into_iter()
            .map(|g| file_parts::game_part(g, &numbers))
            .collect(),
        sheets: sheets.into_iter().map(file_parts::sheet_part).collect(),
    };
    let file = TournamentFile::of_records(tournament, Utc::now().naive_utc(), records);
    Ok(as_the_venue_names_it(file, &ids).map(|file| (file, ids)))
}

/// The venue's ids of the copy's rows read (players, rounds, games, sheets), and of the players,
/// rounds and games the audit `entries` name.
fn venue_ids(
    conn: &mut SqliteConnection,
    id: TournamentId,
    (player_rows, round_rows, game_rows, sheet_rows): (Vec<i32>, Vec<i32>, Vec<i32>, Vec<i32>),
    entries: &[AuditPart],
) -> Result<Ids, ServiceError> {
    let named = |kind: RecordKind| -> Vec<i64> {
        let named: BTreeSet<i64> = entries
            .iter()
            .filter(|a| a.entity == kind.as_ref())
            .filter_map(|a| a.entity_id)
            .collect();
        Vec::from_iter(named)
    };
    let mut ids = Ids::default();
    for (kind, rows) in [
        (RecordKind::Player, player_rows),
        (RecordKind::Round, round_rows),
        (RecordKind::Game, game_rows),
        (RecordKind::Sheet, sheet_rows),
    ] {
        // The sheets are in no audit entry's name.
        let by_entries = match kind {
            RecordKind::Sheet => Vec::new(),
            kind => stored::copy_rows(conn, id, kind, &named(kind))?,
        };
        let by_rows = stored::copy_sources(conn, id, kind, &rows)?;
        for (source, row) in by_rows.into_iter().chain(by_entries) {
            ids.insert(kind, source, row);
        }
    }
    Ok(ids)
}

/// The whole copy `id` as the venue names it (without its audit trail), with the copy's row of
/// each of its records; none when a row has no venue's id.
pub(super) fn whole(
    conn: &mut SqliteConnection,
    id: TournamentId,
) -> Result<Option<(TournamentFile, Ids)>, ServiceError> {
    let rows = stored::copy_ids_of(conn, id)?;
    let file = file_parts::whole(conn, id, false)?;
    let Some(ids) = ids_of_rows(&rows, &file) else {
        return Ok(None);
    };
    Ok(as_the_venue_names_it(file, &ids).map(|file| (file, ids)))
}

/// The ids of a copy's rows as kept (`db::archive::copy_ids_of`), for the copy's file as the
/// hub exports it (its rounds' numbers); none when a row of the file has no venue id.
pub(super) fn ids_of_rows(rows: &[stored::CopyId], file: &TournamentFile) -> Option<Ids> {
    let mut ids = Ids::default();
    for (kind, source, row) in rows {
        ids.insert(*kind, *source, *row);
    }
    let counted = [
        (ids.players.len(), file.players.len()),
        (ids.rounds.len(), file.rounds.len()),
        (ids.games.len(), file.games.len()),
        (ids.sheets.len(), file.sheets.len()),
    ];
    if counted.iter().any(|(kept, rows)| kept != rows) {
        return None;
    }
    for r in &file.rounds {
        let row = i32::try_from(r.id).ok()?;
        ids.round_numbers.insert(r.number, RoundId(row));
    }
    Some(ids)
}

/// A copy's file (or part), read by the hub, with its venue's ids for every record and every
/// reference (none when a row has none).
pub(super) fn as_the_venue_names_it(mut file: TournamentFile, ids: &Ids) -> Option<TournamentFile> {
    fn back<K: Copy>(map: &HashMap<i64, K>, row: impl Fn(K) -> i64) -> HashMap<i64, i64> {
        map.iter().map(|(source, r)| (row(*r), *source)).collect()
    }
    let players = back(&ids.players, |p| p.get().into());
    let rounds = back(&ids.rounds, i64::from);
    let games = back(&ids.games, |g| g.get().into());
    let sheets = back(&ids.sheets, |s| s.get().into());
    let player = |id: i64| players.get(&id).copied();
    for p in &mut file.players {
        p.id = player(p.id)?;
    }
    for r in &mut file.rounds {
        r.id = *rounds.get(&r.id)?;
    }
    for g in &mut file.games {
        g.id = *games.get(&g.id)?;
        g.south = player(g.south)?;
        g.north = match g.north {
            Some(north) => Some(player(north)?),
            None => None,
        };
    }
    for s in &mut file.sheets {
        s.id = *sheets.get(&s.id)?;
        s.game = *games.get(&s.game)?;
        s.player = player(s.player)?;
    }
    for b in &mut file.byes {
        b.player = player(b.player)?;
    }
    for pair in &mut file.prohibited_pairs {
        *pair = [player(pair[0])?, player(pair[1])?];
    }
    for c in &mut file.check_ins {
        c.player = player(c.player)?;
    }
    for list in &mut file.tournament.teams.lists {
        for p in &mut list.players {
            *p = i32::try_from(player(i64::from(*p))?).ok()?;
        }
    }
    Some(file)
}
