//! A whole tournament as one file (`tournament::archive`, `docs/tournament-file.md`): exported
//! by the staff who run it (or the command line on the server), imported as a new tournament by
//! an organiser (or the command line) once every sheet and every played result in it has been
//! replayed under its rules. Nothing is taken on trust, even from another copy of this service:
//! the moves are written again as the replay reads them, and what the replay works out (plies,
//! the end, whether the moves were checked) is worked out again.

use std::collections::HashMap;

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::players::{MAX_PLAYERS, PinSlip};
use super::tournaments::TournamentView;
use super::{Actor, Audit, ServiceError, transaction};
use crate::db::models::{
    GameResult, NewAuditEntry, NewBye, NewGame, NewPlayer, NewRound, NewSheet,
};
use crate::db::roll_calls::{CheckIn, RollCall};
use crate::db::schedules::RoundTime;
use crate::db::{archive as stored, notices, queries, roll_calls, schedules};
use crate::tournament::archive::{
    AuditPart, Checked, GamePart, PlayerPart, RecordKind, RoundPart, SheetPart, TournamentFile,
    TournamentPart, check,
};
use crate::tournament::sheets::Accepted;
use crate::tournament::{PlayerId, ResultKind, TournamentId};

/// The command line on the server's machine, or an organiser.
pub fn may_import(actor: &Actor) -> Result<(), ServiceError> {
    match actor {
        Actor::CommandLine => Ok(()),
        _ => actor.organiser().map(|_| ()),
    }
}

/// The whole tournament as a file.
pub fn export(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: TournamentId,
) -> Result<TournamentFile, ServiceError> {
    actor.check_reads_all(conn, id)?;
    super::file_parts::whole(conn, id, true)
}

pub fn read(text: &str) -> Result<(TournamentFile, Checked), ServiceError> {
    let file: TournamentFile = serde_json::from_str(text.strip_prefix('\u{feff}').unwrap_or(text))
        .map_err(|e| {
            ServiceError::Invalid(crate::said!(
                "file-cannot-read-tournament-file",
                error = e.to_string()
            ))
        })?;
    checked(file)
}

/// Checks a file read (see `tournament::archive::check`): the file and what its replay gave.
pub fn checked(file: TournamentFile) -> Result<(TournamentFile, Checked), ServiceError> {
    let checked = check(&file, MAX_PLAYERS)
        .map_err(|e| ServiceError::Invalid(crate::said!("file-was-not-imported", problem = e)))?;
    Ok((file, checked))
}

/// What an import made: the tournament, each player's new PIN (shown once), and how much came.
#[derive(Debug, Serialize)]
pub struct Imported {
    pub tournament: TournamentView,
    pub pins: Vec<PinSlip>,
    pub rounds: usize,
    pub games: usize,
    pub sheets: usize,
}

/// The file's ids to this copy's.
#[derive(Clone, Debug, Default)]
pub struct Ids {
    pub(super) players: HashMap<i64, PlayerId>,
    pub(super) rounds: HashMap<i64, i32>,
    pub(super) round_numbers: HashMap<i64, crate::tournament::RoundId>,
    pub(super) games: HashMap<i64, crate::tournament::GameId>,
    pub(super) sheets: HashMap<i64, crate::tournament::SheetId>,
}

impl Ids {
    pub(super) fn player(&self, id: i64) -> PlayerId {
        self.players[&id]
    }

    /// The row of the record of `kind` the writer names `source`, if the copy has it.
    pub(super) fn row(&self, kind: RecordKind, source: i64) -> Option<i32> {
        match kind {
            RecordKind::Player => self.players.get(&source).map(|p| p.get()),
            RecordKind::Round => self.rounds.get(&source).copied(),
            RecordKind::Game => self.games.get(&source).map(|g| g.get()),
            RecordKind::Sheet => self.sheets.get(&source).map(|s| s.get()),
        }
    }

    /// Writes down the row of the record of `kind` the writer names `source`.
    pub(super) fn insert(&mut self, kind: RecordKind, source: i64, row: i32) {
        match kind {
            RecordKind::Player => drop(self.players.insert(source, PlayerId(row))),
            RecordKind::Round => drop(self.rounds.insert(source, row)),
            RecordKind::Game => drop(self.games.insert(source, crate::tournament::GameId(row))),
            RecordKind::Sheet => drop(self.sheets.insert(source, crate::tournament::SheetId(row))),
        }
    }

    /// Forgets the record of `kind` the writer names `source`: its row, if the copy had it.
    pub(super) fn remove(&mut self, kind: RecordKind, source: i64) -> Option<i32> {
        match kind {
            RecordKind::Player => self.players.remove(&source).map(|p| p.get()),
            RecordKind::Round => self.rounds.remove(&source),
            RecordKind::Game => self.games.remove(&source).map(|g| g.get()),
            RecordKind::Sheet => self.sheets.remove(&source).map(|s| s.get()),
        }
    }

    /// Every record's row, with its kind and the writer's id.
    pub(super) fn rows(&self) -> impl Iterator<Item = (RecordKind, i64, i32)> + '_ {
        let players = self
            .players
            .iter()
            .map(|(s, r)| (RecordKind::Player, *s, r.get()));
        let rounds = self.rounds.iter().map(|(s, r)| (RecordKind::Round, *s, *r));
        let games = self
            .games
            .iter()
            .map(|(s, r)| (RecordKind::Game, *s, r.get()));
        let sheets = self
            .sheets
            .iter()
            .map(|(s, r)| (RecordKind::Sheet, *s, r.get()));
        players.chain(rounds).chain(games).chain(sheets)
    }
}

/// Makes the new tournament from a file [`read`] accepted, with the players' new PINs (hashed
/// beforehand), in one transaction: its audit trail as the file gives it, and an entry of its
/// own for the import.
pub fn import(
    conn: &mut SqliteConnection,
    actor: &Actor,
    file: &TournamentFile,
    checked: &Checked,
    pins: &[(String, String)],
) -> Result<Imported, ServiceError> {
    may_import(actor)?;
    transaction(conn, |conn| {
        let form = super::tournaments::tournament_form(&checked.settings);
        let t = queries::insert_tournament(conn, &form, file.tournament.created_at)?;
        let id = t.id;
        let sender = format!(
            "a tournament file exported {}, imported by {}",
            file.exported_at.format("%Y-%m-%d %H:%M"),
            actor.name()
        );
        let (pins, _) = write_content(conn, id, file, checked, pins, &sender, &Earlier::default())?;
        keep_identity(conn, id, file)?;
        let audit = Audit {
            actor,
            change: Change::TournamentImported { tournament: id },
            tournament_id: Some(id),
        };
        super::reactions::record(
            conn,
            &audit,
            None::<&()>,
            Some(&serde_json::json!({
                "file": {"exported_at": file.exported_at, "version": file.version},
                "players": file.players.len(), "rounds": file.rounds.len(),
                "games": file.games.len(), "sheets": file.sheets.len(),
            })),
        )?;
        Ok(Imported {
            tournament: TournamentView::new(&queries::get_tournament(conn, id)?)?,
            pins,
            rounds: file.rounds.len(),
            games: file.games.len(),
            sheets: file.sheets.len(),
        })
    })
}

/// A hub's copy of a venue's tournament: made from a checked file (`None`), or tournament `id`
/// written again from it, settings included (the caller's transaction). Its players cannot sign
/// in on the hub: their results come from the venue.
pub fn write_copy(
    conn: &mut SqliteConnection,
    id: Option<TournamentId>,
    file: &TournamentFile,
    checked: &Checked,
    sender: &str,
) -> Result<(TournamentId, Ids), ServiceError> {
    let form = super::tournaments::tournament_form(&checked.settings);
    let mut earlier = Earlier::default();
    let id = match id {
        Some(id) => {
            queries::update_tournament(conn, id, &form)?;
            earlier = Earlier::read(conn, id)?;
            crate::db::publishing::clear_tournament(conn, id)?;
            id
        }
        None => queries::insert_tournament(conn, &form, file.tournament.created_at)?.id,
    };
    let no_pins = vec![(String::new(), NO_PIN.to_string()); file.players.len()];
    let (_, ids) = write_content(conn, id, file, checked, &no_pins, sender, &earlier)?;
    keep_identity(conn, id, file)?;
    Ok((id, ids))
}

/// A copy keeps the identity of the tournament its file came from (a file without one, from
/// an earlier version, leaves the copy its own).
fn keep_identity(
    conn: &mut SqliteConnection,
    id: TournamentId,
    file: &TournamentFile,
) -> Result<(), ServiceError> {
    if let Some(uid) = &file.tournament.uid {
        crate::db::archive::set_identity(conn, id, uid)?;
    }
    Ok(())
}

/// A game as every file of its tournament names it: its round, board, game of the match, and
/// its players' names.
type GameKey = (i64, Option<i32>, i32, String, Option<String>);

/// The ids a hub's copy had before a whole file is written over it, by what names each row in
/// any file of the tournament (a player by their name, a game by [`GameKey`]; a name or key
/// found twice names nothing): kept, so that what anyone cites (a game's id in the rating
/// list's `games.csv`, a player's page) stays from one publication to the next.
#[derive(Default)]
pub(super) struct Earlier {
    players: HashMap<String, PlayerId>,
    games: HashMap<GameKey, crate::tournament::GameId>,
}

impl Earlier {
    fn read(conn: &mut SqliteConnection, id: TournamentId) -> Result<Earlier, ServiceError> {
        fn once<K: std::hash::Hash + Eq, V>(rows: impl Iterator<Item = (K, V)>) -> HashMap<K, V> {
            let mut seen: HashMap<K, Option<V>> = HashMap::new();
            for (k, v) in rows {
                seen.entry(k)
                    .and_modify(|twice| *twice = None)
                    .or_insert(Some(v));
            }
            seen.into_iter()
                .filter_map(|(k, v)| Some((k, v?)))
                .collect()
        }
        let (players, games) = crate::db::publishing::copied_rows(conn, id)?;
        Ok(Earlier {
            players: once(players.into_iter().map(|p| (p.name, PlayerId(p.id)))),
            games: once(games.into_iter().map(|g| {
                let key = (i64::from(g.round), g.board, g.match_game, g.name, g.north);
                (key, crate::tournament::GameId(g.id))
            })),
        })
    }
}

/// What a hub's copy of a player has for a PIN hash: no PIN matches it.
pub(super) const NO_PIN: &str = "no PIN: published from a venue";

/// Writes a checked file into tournament `id` (made, or emptied, by the caller): prizes,
/// players with `pins` (each a PIN and its hash), teams, rounds, games, sheets, the rest and
/// the audit trail. The players' slips.
fn write_content(
    conn: &mut SqliteConnection,
    id: TournamentId,
    file: &TournamentFile,
    checked: &Checked,
    pins: &[(String, String)],
    sender: &str,
    earlier: &Earlier,
) -> Result<(Vec<PinSlip>, Ids), ServiceError> {
    let mut ids = Ids::default();
    let pins = players(conn, id, file, checked, pins, &mut ids, earlier)?;
    prizes_and_teams(conn, id, &file.tournament, &ids)?;
    rounds(conn, id, file, &mut ids)?;
    games(conn, id, file, checked, &mut ids, earlier)?;
    for (s, accepted) in file.sheets.iter().zip(&checked.sheets) {
        let row = queries::insert_sheet(conn, &new_sheet(s, accepted, &ids))?;
        ids.sheets.insert(s.id, row.id);
    }
    the_rest(conn, id, file, &ids, Lists::ALL)?;
    audit(conn, id, &file.audit, &ids, sender)?;
    Ok((pins, ids))
}

/// The prizes, and the team lists naming this copy's players.
pub(super) fn prizes_and_teams(
    conn: &mut SqliteConnection,
    id: TournamentId,
    part: &TournamentPart,
    ids: &Ids,
) -> Result<(), ServiceError> {
    let prizes = part.prizes.clone().unwrap_or_default();
    let json = serde_json::to_string(&prizes).expect("prizes serialise");
    queries::set_prizes(conn, id, &json)?;
    let mut teams = part.teams.clone();
    for list in &mut teams.lists {
        for p in &mut list.players {
            *p = ids.player(i64::from(*p)).get();
        }
    }
    let json = serde_json::to_string(&teams).expect("teams serialise");
    queries::set_teams(conn, id, &json)?;
    Ok(())
}

/// A sheet's row as the replay wrote its moves.
pub(super) fn new_sheet<'a>(s: &SheetPart, accepted: &'a Accepted, ids: &Ids) -> NewSheet<'a> {
    NewSheet {
        game_id: ids.games[&s.game],
        player_id: ids.player(s.player),
        winner: s.winner,
        south_seeds: s.seeds[0] as i32,
        north_seeds: s.seeds[1] as i32,
        end_kind: s.end,
        end_reason: accepted.end_reason.as_deref(),
        moves: &accepted.moves,
        plies: accepted.plies as i32,
        verified: accepted.verified,
        created_at: s.created_at,
    }
}

fn players(
    conn: &mut SqliteConnection,
    id: TournamentId,
    file: &TournamentFile,
    checked: &Checked,
    pins: &[(String, String)],
    ids: &mut Ids,
    earlier: &Earlier,
) -> Result<Vec<PinSlip>, ServiceError> {
    use crate::db::publishing::{Renumbered, renumber};
    let mut slips = Vec::with_capacity(file.players.len());
    for ((p, d), (pin, hash)) in file.players.iter().zip(&checked.players).zip(pins) {
        let new = NewPlayer::from_details(id, d, hash, p.created_at);
        let mut row = queries::insert_player(conn, &new)?;
        if let Some(&kept) = earlier.players.get(&row.name) {
            renumber(conn, Renumbered::Player, row.id.get(), kept.get())?;
            row.id = kept;
        }
        player_state(conn, p, row.id)?;
        ids.players.insert(p.id, row.id);
        slips.push(PinSlip {
            id: row.id,
            name: row.name,
            pin: pin.clone(),
        });
    }
    Ok(slips)
}

/// A player's pairing number and withdrawal as the file gives them.
pub(super) fn player_state(
    conn: &mut SqliteConnection,
    p: &PlayerPart,
    row: PlayerId,
) -> Result<(), ServiceError> {
    let number = p.pairing_number.and_then(|n| i32::try_from(n).ok());
    stored::set_player_state(conn, row, number, p.withdrawn)?;
    Ok(())
}

fn rounds(
    conn: &mut SqliteConnection,
    id: TournamentId,
    file: &TournamentFile,
    ids: &mut Ids,
) -> Result<(), ServiceError> {
    for r in &file.rounds {
        let row = queries::insert_round(
            conn,
            &NewRound {
                tournament_id: id,
                number: r.number as i32,
                created_at: r.created_at,
            },
        )?;
        round_times(conn, id, r, row.id)?;
        ids.rounds.insert(r.id, row.id.get());
        ids.round_numbers.insert(r.number, row.id);
    }
    Ok(())
}

/// A round's publication, correction, planned start and start as the file gives them.
pub(super) fn round_times(
    conn: &mut SqliteConnection,
    id: TournamentId,
    r: &RoundPart,
    row: crate::tournament::RoundId,
) -> Result<(), ServiceError> {
    stored::set_round_times(conn, row, r.published_at, r.corrected_at)?;
    let number = r.number as i32;
    if r.planned_start.is_some() || r.started_at.is_some() {
        stored::put_round_time(
            conn,
            &RoundTime {
                tournament_id: id,
                round_number: number,
                planned_start: r.planned_start,
                started_at: r.started_at,
            },
        )?;
    } else {
        stored::delete_round_time(conn, id, number)?;
    }
    Ok(())
}

fn games(
    conn: &mut SqliteConnection,
    id: TournamentId,
    file: &TournamentFile,
    checked: &Checked,
    ids: &mut Ids,
    earlier: &Earlier,
) -> Result<(), ServiceError> {
    use crate::db::publishing::{Renumbered, renumber};
    let names: HashMap<i64, &str> = file
        .players
        .iter()
        .map(|p| (p.id, p.name.as_str()))
        .collect();
    for (g, accepted) in file.games.iter().zip(&checked.games) {
        let mut row = queries::insert_game(conn, &new_game(id, g, ids))?.id;
        let name = |p: i64| names.get(&p).map(|n| n.to_string());
        let key = (
            g.round,
            g.board.map(|b| b as i32),
            g.match_game as i32,
            name(g.south).unwrap_or_default(),
            g.north.and_then(name),
        );
        if let Some(&kept) = earlier.games.get(&key) {
            renumber(conn, Renumbered::Game, row.get(), kept.get())?;
            row = kept;
        }
        queries::set_game_result(conn, row, &result(g, accepted))?;
        ids.games.insert(g.id, row);
    }
    Ok(())
}

/// A game's row (its result apart) naming this copy's round and players.
pub(super) fn new_game(id: TournamentId, g: &GamePart, ids: &Ids) -> NewGame {
    NewGame {
        tournament_id: id,
        round_id: ids.round_numbers[&g.round],
        board: g.board.map(|b| b as i32),
        south_id: ids.player(g.south),
        north_id: g.north.map(|n| ids.player(n)),
        status: g.status,
        kind: g.kind,
        updated_at: g.updated_at,
        match_game: g.match_game as i32,
    }
}

/// A game's result fields: a played result as the replay gives its moves, plies and end.
pub(super) fn result(g: &GamePart, accepted: &Accepted) -> GameResult {
    let played = g.kind == Some(ResultKind::Played);
    GameResult {
        status: g.status,
        kind: g.kind,
        winner: g.winner,
        south_seeds: g.seeds.map(|s| s[0] as i32),
        north_seeds: g.seeds.map(|s| s[1] as i32),
        end_kind: g.end,
        end_reason: accepted.end_reason.clone(),
        moves: (!accepted.moves.is_empty()).then(|| accepted.moves.clone()),
        plies: played.then_some(accepted.plies as i32),
        verified: accepted.verified,
        reason: g.reason.clone(),
        updated_at: g.updated_at,
    }
}

/// Which of the lists a file gives whole are written.
#[derive(Clone, Copy, Debug)]
pub(super) struct Lists {
    pub(super) byes: bool,
    pub(super) pairs: bool,
    pub(super) roll_calls: bool,
    pub(super) check_ins: bool,
    pub(super) notice: bool,
    pub(super) schedule: bool,
}

impl Lists {
    /// The lists of the file's parts `given` (by the parts' names).
    pub(super) fn of(given: &[&str]) -> Lists {
        let has = |part| given.contains(&part);
        Lists {
            byes: has("byes"),
            pairs: has("prohibited_pairs"),
            roll_calls: has("roll_calls"),
            check_ins: has("check_ins"),
            notice: has("notice"),
            schedule: has("schedule"),
        }
    }

    const ALL: Lists = Lists {
        byes: true,
        pairs: true,
        roll_calls: true,
        check_ins: true,
        notice: true,
        schedule: true,
    };
}

/// Byes asked for, pairs kept apart, roll calls and their answers, the notice and the clock:
/// those `which` names.
pub(super) fn the_rest(
    conn: &mut SqliteConnection,
    id: TournamentId,
    file: &TournamentFile,
    ids: &Ids,
    which: Lists,
) -> Result<(), ServiceError> {
    for b in file.byes.iter().filter(|_| which.byes) {
        queries::put_bye(
            conn,
            &NewBye {
                tournament_id: id,
                player_id: ids.player(b.player),
                round_number: b.round as i32,
                kind: b.kind,
                created_at: b.created_at,
            },
        )?;
    }
    for [a, b] in file.prohibited_pairs.iter().filter(|_| which.pairs) {
        queries::prohibit_pair(conn, id, ids.player(*a), ids.player(*b))?;
    }
    for r in file.roll_calls.iter().filter(|_| which.roll_calls) {
        roll_calls::insert(
            conn,
            &RollCall {
                tournament_id: id,
                round_number: r.round as i32,
                opened_at: r.opened_at,
                closed_at: r.closed_at,
            },
        )?;
    }
    for c in file.check_ins.iter().filter(|_| which.check_ins) {
        roll_calls::answer(
            conn,
            &CheckIn {
                tournament_id: id,
                round_number: c.round as i32,
                player_id: ids.player(c.player),
                present: c.present,
                by_player: c.by_player,
                at: c.at,
            },
        )?;
    }
    if let Some(n) = file.notice.as_ref().filter(|_| which.notice) {
        notices::put(
            conn,
            &notices::StoredNotice {
                tournament_id: id,
                text: n.text.clone(),
                written_at: n.written_at,
            },
        )?;
    }
    if let Some(s) = file.schedule.as_ref().filter(|_| which.schedule) {
        schedules::put(conn, &super::schedule::stored_of(id, s))?;
    }
    Ok(())
}

/// The file's audit trail, each entry naming this copy's tournament, player, round or game, and
/// marked as `sender`'s (the token that pushed it, the import that read it: whatever an entry
/// says of its sender is kept apart as its claim): kept as written, never taken for this copy's
/// own.
/// What an entry says of who sent it on, as a reader may be shown it: one line of at most 200
/// characters, without control characters (none when nothing is left).
fn claimed(said: &str) -> Option<String> {
    let line: String = said
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(200)
        .collect();
    let line = line.split_whitespace().collect::<Vec<_>>().join(" ");
    (!line.is_empty()).then_some(line)
}

pub(super) fn audit(
    conn: &mut SqliteConnection,
    id: TournamentId,
    entries: &[AuditPart],
    ids: &Ids,
    sender: &str,
) -> Result<(), ServiceError> {
    for a in entries {
        let entity_id = a.entity_id.and_then(|e| match a.entity.as_str() {
            "tournament" => Some(id.get()),
            "player" => ids.players.get(&e).map(|p| p.get()),
            "round" => ids.rounds.get(&e).copied(),
            "game" => ids.games.get(&e).map(|g| g.get()),
            _ => None,
        });
        let text = |v: &Option<serde_json::Value>| v.as_ref().map(|v| v.to_string());
        queries::insert_audit(
            conn,
            &NewAuditEntry {
                at: a.at,
                actor: &a.actor,
                action: &a.action,
                tournament_id: Some(id),
                entity: &a.entity,
                entity_id,
                before: text(&a.before),
                after: text(&a.after),
                sender: Some(sender),
                claimed_sender: a.sender.as_deref().and_then(claimed).as_deref(),
            },
        )?;
    }
    Ok(())
}
