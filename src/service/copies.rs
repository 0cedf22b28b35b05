//! A hub's copies of venues' tournaments, kept up to date change by change
//! (`docs/publishing.md`): after a whole file, a venue pushes only what changed since the
//! version the hub took ([`FileChanges`]). The hub applies them to the file it took, checks the
//! result exactly as it checks a whole file (replaying again only the games and sheets that
//! changed), and writes only the records that changed, in one short transaction. What the hub
//! holds is then the very file a whole push would have sent: the venue gives changes only when
//! applying them gives its file exactly.
//!
//! The file taken is held in memory (without its audit trail) with an index of its records
//! (`tournament::archive::Index`, so that a change is checked at the cost of what it touches)
//! and the copy's ids, which are also written down (`copy_ids`). A hub that started again, or
//! no longer holds the file, reads it again from the copy when the copy is exactly what the
//! token's last push left; a copy changed on the hub since makes it ask for the whole file
//! again (`file_wanted`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::archive::{self, Ids, Lists, NO_PIN};
use super::players::MAX_PLAYERS;
use super::{Connections, ServiceError, blocking, transaction};
use crate::db::archive as stored_copy;
use crate::db::models::NewAuditEntry;
use crate::db::models::{NewPlayer, NewRound};
use crate::db::publishing as stored;
use crate::db::publishing::HubToken;
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::archive::{
    Checked, FileChanges, Index, TournamentFile, check, check_changes,
};
use crate::tournament::said::Said;

pub(super) const WRONG_TOKEN: &str = "hub-wrong-token";

/// The token a push came with, as it is now: refused when it was revoked meanwhile.
pub(super) fn live_token(
    conn: &mut SqliteConnection,
    token: i32,
) -> Result<HubToken, ServiceError> {
    stored::token(conn, token)?
        .filter(|t| t.revoked_at.is_none())
        .ok_or_else(|| ServiceError::WrongCredentials(Said::new(WRONG_TOKEN)))
}

/// Who a copy's audit entries came from: the venue publishing with `token`.
pub(super) fn sender(token: &HubToken) -> String {
    format!("the venue publishing with the token {:?}", token.label)
}

/// What the hub answers a push.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Received {
    /// The hub's tournament.
    pub tournament: i32,
    /// The latest version the hub has.
    pub version: i64,
    /// Whether this push changed the hub (false: it had this version, or a newer one).
    pub taken: bool,
    /// The digest of the file the hub took at `version` ([`digest`]): a venue that sent the
    /// same version with another digest has another history.
    #[serde(default)]
    pub digest: Option<String>,
    /// The hub does not hold the version changes were sent from: it wants the whole file.
    #[serde(default)]
    pub file_wanted: bool,
}

/// The version a venue's changes start from, as the hub took it: its number and the digest of
/// its file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Since {
    pub version: i64,
    pub digest: String,
}

/// The file a hub took for a token, with what its check gave and the copy's ids.
#[derive(Clone)]
pub struct Held {
    pub tournament: TournamentId,
    pub version: i64,
    pub digest: String,
    /// The copy's latest audit entry once written: any other change of the copy since makes
    /// the hub ask for the whole file again.
    pub latest: i32,
    pub file: TournamentFile,
    pub checked: Checked,
    /// Where each record of `file` stands, for the check of the changes that follow.
    pub index: Index,
    pub(super) ids: Ids,
}

/// The most files a hub holds: a venue whose file is no longer held sends the whole file
/// again at its next push (the one pushed the longest ago goes first).
const MOST_HELD: usize = 128;

/// The files taken, by token, each with the count of files taken when it was (the lowest was
/// taken the longest ago).
#[derive(Default)]
pub struct Copies(Mutex<(u64, HeldFiles)>);

type HeldFiles = HashMap<i32, (u64, Arc<Held>)>;

impl Copies {
    /// The file held for a token, taken out, when it is the one `wanted` says.
    fn take_if(&self, token: i32, wanted: impl FnOnce(&Held) -> bool) -> Option<Arc<Held>> {
        let held = &mut self.lock().1;
        if !wanted(&held.get(&token)?.1) {
            return None;
        }
        held.remove(&token).map(|(_, h)| h)
    }

    pub(super) fn keep(&self, token: i32, held: Held) {
        let (taken, all) = &mut *self.lock();
        *taken += 1;
        all.insert(token, (*taken, Arc::new(held)));
        if all.len() > MOST_HELD
            && let Some(oldest) = all.iter().min_by_key(|(_, (at, _))| *at).map(|(t, _)| *t)
        {
            all.remove(&oldest);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (u64, HeldFiles)> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The file as the hub holds it: without its audit trail, which is written in the hub's
/// database and never kept in memory (`Checked::audit` keeps its size, for its bounds).
pub(super) fn held_without_trail(file: &mut TournamentFile) {
    file.audit = Vec::new();
}

/// What a push of changes asks the hub to take.
pub struct Changes {
    pub version: i64,
    pub since: Since,
    /// The digest of the venue's file at `version`.
    pub digest: String,
    pub changes: FileChanges,
}

impl Copies {
    /// A venue's changes since a version the hub took: applied to the file taken, checked,
    /// and written in one short transaction; or, when the hub does not hold that version (a
    /// restart, its copy changed on the hub, another history), a request for the whole file.
    pub(super) async fn take_changes(
        &self,
        db: &Connections,
        token: i32,
        push: Changes,
    ) -> Result<Received, ServiceError> {
        // Taken out while the changes are applied: a copy that fails them is not held again
        // (the venue sends the whole file).
        let held = self.take_if(token, |h| {
            h.version == push.since.version && h.digest == push.since.digest
        });
        let held = match held {
            Some(held) => held,
            // Not held (the hub started again, or held too many): read again from the copy.
            None => match self.held_again(db, token, &push.since).await? {
                Some(held) => Arc::new(held),
                None => return self.file_wanted(db, token).await,
            },
        };
        let held = Arc::try_unwrap(held).unwrap_or_else(|shared| (*shared).clone());
        let Changes {
            version,
            digest,
            changes,
            ..
        } = push;
        let (tournament, since, latest) = (held.tournament, held.version, held.latest);
        let held_digest = held.digest.clone();
        let (file, checked, index, changes, ids) = blocking(move || {
            let Held {
                mut file,
                checked,
                mut index,
                ids,
                ..
            } = held;
            let uid = file.tournament.uid.clone();
            let checked = check_changes(&mut file, checked, &mut index, &changes, MAX_PLAYERS)
                .map_err(|e| {
                    ServiceError::Invalid(crate::said!("file-was-not-imported", problem = e))
                })?;
            if file.tournament.uid != uid {
                return Err(ServiceError::Conflict(Said::new(
                    "push-changes-other-tournament",
                )));
            }
            Ok((file, checked, index, changes, ids))
        })
        .await??;
        let after = Arc::new((file, checked, index, changes));
        let taken = {
            let after = after.clone();
            let digest = digest.clone();
            db.write(move |conn| {
                let (file, checked, index, changes) = &*after;
                transaction(conn, |conn| {
                    let row = live_token(conn, token)?;
                    let current = row.tournament_id == Some(tournament)
                        && row.version == since
                        && row.digest.as_deref() == Some(held_digest.as_str())
                        && version > row.version
                        && stored_copy::latest_entry(conn, tournament)? == latest;
                    if !current {
                        return Ok(None);
                    }
                    let mut ids = ids;
                    let written = (changes, file, checked, index);
                    write_changes(conn, tournament, written, &mut ids, &sender(&row))?;
                    let uid = file.tournament.uid.clone().unwrap_or_default();
                    let now = Utc::now().naive_utc();
                    stored::token_pushed(conn, token, tournament, version, now, &uid, &digest)?;
                    let entry = serde_json::json!({
                        "version": version, "previous_version": row.version,
                        "changes": changes.count(),
                    });
                    record_push(conn, &row, tournament, entry)?;
                    Ok(Some((ids, stored_copy::latest_entry(conn, tournament)?)))
                })
            })
            .await?
        };
        let Some((ids, latest)) = taken else {
            return self.file_wanted(db, token).await;
        };
        let (file, checked, index, _) = Arc::try_unwrap(after).unwrap_or_else(|a| (*a).clone());
        let held = Held {
            tournament,
            version,
            digest: digest.clone(),
            latest,
            file,
            checked,
            index,
            ids,
        };
        self.keep(token, held);
        Ok(Received {
            tournament: tournament.get(),
            version,
            taken: true,
            digest: Some(digest),
            file_wanted: false,
        })
    }

    /// The file of a copy the hub does not hold in memory (it started again since, or held
    /// too many), read again from the copy when the copy is still exactly what the token's last
    /// push left at `since`: the token's version and digest are those, its latest audit entry is
    /// the hub's own for that push, and every row has its venue's id. Checked whole, once.
    async fn held_again(
        &self,
        db: &Connections,
        token: i32,
        since: &Since,
    ) -> Result<Option<Held>, ServiceError> {
        let (version, digest) = (since.version, since.digest.clone());
        let since = since.clone();
        let read = db
            .read(move |conn| {
                let row = live_token(conn, token)?;
                let Some(tournament) = row.tournament_id else {
                    return Ok(None);
                };
                if row.version != since.version || row.digest.as_deref() != Some(&since.digest) {
                    return Ok(None);
                }
                let Some((latest, after)) = stored_copy::latest_push(conn, tournament)? else {
                    return Ok(None);
                };
                let pushed = after
                    .and_then(|a| serde_json::from_str::<serde_json::Value>(&a).ok())
                    .and_then(|a| a["version"].as_i64());
                if pushed != Some(row.version) {
                    return Ok(None);
                }
                let rows = stored_copy::copy_ids_of(conn, tournament)?;
                let file = archive::export_without_trail(conn, tournament)?;
                let trail = stored_copy::trail_size(conn, tournament)?;
                Ok(Some((tournament, latest, rows, file, trail)))
            })
            .await?;
        let Some((tournament, latest, rows, file, trail)) = read else {
            return Ok(None);
        };
        blocking(move || {
            let ids = ids_of_rows(&rows, &file)?;
            let file = as_the_venue_names_it(file, &ids)?;
            let mut checked = check(&file, MAX_PLAYERS).ok()?;
            checked.audit = trail;
            Some(Held {
                tournament,
                version,
                digest,
                latest,
                index: Index::of(&file),
                file,
                checked,
                ids,
            })
        })
        .await
    }

    /// The hub's answer to changes it cannot take: what it has, and that it wants the file.
    async fn file_wanted(&self, db: &Connections, token: i32) -> Result<Received, ServiceError> {
        let row = db.read(move |conn| live_token(conn, token)).await?;
        Ok(Received {
            tournament: row.tournament_id.map_or(0, TournamentId::get),
            version: row.version,
            taken: false,
            digest: row.digest,
            file_wanted: true,
        })
    }
}

/// The ids of a copy's rows as kept (`db::archive::copy_ids_of`), for the copy's file as the
/// hub exports it (its rounds' numbers); none when a row of the file has no venue id.
fn ids_of_rows(rows: &[stored_copy::CopyId], file: &TournamentFile) -> Option<Ids> {
    use crate::tournament::{GameId, PlayerId, RoundId, SheetId};
    let mut ids = Ids::default();
    for (kind, source, row) in rows {
        match kind.as_str() {
            "player" => drop(ids.players.insert(*source, PlayerId(*row))),
            "round" => drop(ids.rounds.insert(*source, *row)),
            "game" => drop(ids.games.insert(*source, GameId(*row))),
            "sheet" => drop(ids.sheets.insert(*source, SheetId(*row))),
            _ => {}
        }
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

/// Writes down every record's row of a copy written whole (`copy_ids`), in the caller's
/// transaction.
pub(super) fn keep_all_rows(
    conn: &mut SqliteConnection,
    id: TournamentId,
    ids: &Ids,
) -> Result<(), ServiceError> {
    let players = ids.players.iter().map(|(s, r)| ("player", *s, r.get()));
    let rounds = ids.rounds.iter().map(|(s, r)| ("round", *s, *r));
    let games = ids.games.iter().map(|(s, r)| ("game", *s, r.get()));
    let sheets = ids.sheets.iter().map(|(s, r)| ("sheet", *s, r.get()));
    let rows: Vec<_> = players.chain(rounds).chain(games).chain(sheets).collect();
    stored_copy::clear_copy_ids(conn, id)?;
    stored_copy::keep_copy_ids(conn, id, &rows, &[])?;
    Ok(())
}

/// A copy's file, exported by the hub, with its venue's ids for every record and every
/// reference (none when a row has none).
fn as_the_venue_names_it(mut file: TournamentFile, ids: &Ids) -> Option<TournamentFile> {
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

/// Writes the changes into the copy (the caller's transaction): the lists given whole emptied,
/// the records gone taken out, those put written (a record the copy has, in its row), the lists
/// written again, the audit entries added. `file`, `checked`: the file after the changes and
/// what its check gave.
fn write_changes(
    conn: &mut SqliteConnection,
    id: TournamentId,
    (changes, file, checked, index): (&FileChanges, &TournamentFile, &Checked, &Index),
    ids: &mut Ids,
    sender: &str,
) -> Result<(), ServiceError> {
    let lists = Lists {
        byes: changes.byes.is_some(),
        pairs: changes.prohibited_pairs.is_some(),
        roll_calls: changes.roll_calls.is_some(),
        check_ins: changes.check_ins.is_some(),
        notice: changes.notice.is_some(),
        schedule: changes.schedule.is_some(),
    };
    let tables: Vec<&str> = [
        (lists.byes, "byes"),
        (lists.pairs, "prohibited_pairs"),
        (lists.roll_calls, "roll_calls"),
        (lists.check_ins, "check_ins"),
        (lists.notice, "notices"),
        (lists.schedule, "schedules"),
    ]
    .into_iter()
    .filter_map(|(changed, table)| changed.then_some(table))
    .collect();
    stored_copy::clear_lists(conn, id, &tables)?;
    gone(conn, id, changes, ids)?;
    put(conn, id, (changes, checked, index), ids)?;
    keep_rows(conn, id, changes, ids)?;
    archive::the_rest(conn, id, file, ids, lists)?;
    archive::audit(conn, id, &changes.audit, ids, sender)?;
    Ok(())
}

/// Writes down which row each record put is, and forgets those gone (`copy_ids`).
fn keep_rows(
    conn: &mut SqliteConnection,
    id: TournamentId,
    changes: &FileChanges,
    ids: &Ids,
) -> Result<(), ServiceError> {
    let mut put = Vec::new();
    put.extend(changes.players.put.iter().filter_map(|p| {
        let row = ids.players.get(&p.id)?;
        Some(("player", p.id, row.get()))
    }));
    put.extend(changes.rounds.put.iter().filter_map(|r| {
        let row = ids.rounds.get(&r.id)?;
        Some(("round", r.id, *row))
    }));
    put.extend(changes.games.put.iter().filter_map(|g| {
        let row = ids.games.get(&g.id)?;
        Some(("game", g.id, row.get()))
    }));
    put.extend(changes.sheets.put.iter().filter_map(|s| {
        let row = ids.sheets.get(&s.id)?;
        Some(("sheet", s.id, row.get()))
    }));
    let gone: Vec<(&str, i64)> = [
        ("player", &changes.players.gone),
        ("round", &changes.rounds.gone),
        ("game", &changes.games.gone),
        ("sheet", &changes.sheets.gone),
    ]
    .into_iter()
    .flat_map(|(kind, gone)| gone.iter().map(move |g| (kind, *g)))
    .collect();
    stored_copy::keep_copy_ids(conn, id, &put, &gone)?;
    Ok(())
}

/// Takes out the sheets, games, rounds and players gone (in that order: each names the next).
fn gone(
    conn: &mut SqliteConnection,
    id: TournamentId,
    changes: &FileChanges,
    ids: &mut Ids,
) -> Result<(), ServiceError> {
    for s in &changes.sheets.gone {
        if let Some(row) = ids.sheets.remove(s) {
            stored_copy::delete_copied(conn, id, "sheet", row.get())?;
        }
    }
    for g in &changes.games.gone {
        if let Some(row) = ids.games.remove(g) {
            stored_copy::delete_copied(conn, id, "game", row.get())?;
        }
    }
    for r in &changes.rounds.gone {
        let Some(row) = ids.rounds.remove(r) else {
            continue;
        };
        let number = ids
            .round_numbers
            .iter()
            .find(|(_, n)| n.get() == row)
            .map(|(number, _)| *number);
        if let Some(number) = number {
            ids.round_numbers.remove(&number);
            stored_copy::delete_round_time(conn, id, number as i32)?;
        }
        stored_copy::delete_copied(conn, id, "round", row)?;
    }
    for p in &changes.players.gone {
        if let Some(row) = ids.players.remove(p) {
            stored_copy::delete_copied(conn, id, "player", row.get())?;
        }
    }
    Ok(())
}

/// Writes the records put: players, the tournament's own part, rounds, games, sheets (each
/// found in the file after the changes by `index`, the file's).
fn put(
    conn: &mut SqliteConnection,
    id: TournamentId,
    (changes, checked, index): (&FileChanges, &Checked, &Index),
    ids: &mut Ids,
) -> Result<(), ServiceError> {
    let missing = || ServiceError::Internal("a record put is not in the file checked".into());
    for p in &changes.players.put {
        let details = &checked.players[index.player(p.id).ok_or_else(missing)?];
        let row = NewPlayer::from_details(id, details, NO_PIN, p.created_at);
        let row = match ids.players.get(&p.id) {
            Some(&existing) => {
                stored_copy::rewrite_player(conn, existing, &row)?;
                existing
            }
            None => queries::insert_player(conn, &row)?.id,
        };
        archive::player_state(conn, p, row)?;
        ids.players.insert(p.id, row);
    }
    if let Some(part) = &changes.tournament {
        let form = super::tournaments::tournament_form(&checked.settings);
        queries::update_tournament(conn, id, &form)?;
        archive::prizes_and_teams(conn, id, part, ids)?;
    }
    for r in &changes.rounds.put {
        let row = match ids.rounds.get(&r.id) {
            Some(&existing) => crate::tournament::RoundId(existing),
            None => {
                let new = NewRound {
                    tournament_id: id,
                    number: r.number as i32,
                    created_at: r.created_at,
                };
                queries::insert_round(conn, &new)?.id
            }
        };
        archive::round_times(conn, id, r, row)?;
        ids.rounds.insert(r.id, row.get());
        ids.round_numbers.insert(r.number, row);
    }
    for g in &changes.games.put {
        let row = archive::new_game(id, g, ids);
        let row = match ids.games.get(&g.id) {
            Some(&existing) => {
                stored_copy::rewrite_game(conn, existing, &row)?;
                existing
            }
            None => queries::insert_game(conn, &row)?.id,
        };
        let result = archive::result(g, &checked.games[index.game(g.id).ok_or_else(missing)?]);
        queries::set_game_result(conn, row, &result)?;
        ids.games.insert(g.id, row);
    }
    for s in &changes.sheets.put {
        let at = index.sheet(s.id).ok_or_else(missing)?;
        let row = archive::new_sheet(s, &checked.sheets[at], ids);
        let row = match ids.sheets.get(&s.id) {
            Some(&existing) => {
                stored_copy::rewrite_sheet(conn, existing, &row)?;
                existing
            }
            None => queries::insert_sheet(conn, &row)?.id,
        };
        ids.sheets.insert(s.id, row);
    }
    Ok(())
}

/// The hub's own entry for a push taken (`after`: what it took).
pub(super) fn record_push(
    conn: &mut SqliteConnection,
    token: &HubToken,
    id: TournamentId,
    after: serde_json::Value,
) -> Result<(), ServiceError> {
    queries::insert_audit(
        conn,
        &NewAuditEntry {
            at: Utc::now().naive_utc(),
            actor: &format!("venue publishing with the token {:?}", token.label),
            action: super::changes::ChangeKind::TournamentPublished.code(),
            tournament_id: Some(id),
            entity: "tournament",
            entity_id: Some(id.get()),
            before: None,
            after: Some(after.to_string()),
            sender: None,
            claimed_sender: None,
        },
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(version: i64) -> Held {
        let file: TournamentFile = serde_json::from_value(serde_json::json!({
            "format": "oware-tournament", "version": 1, "exported_at": "2026-11-28T10:00:00",
            "tournament": {"settings": {"name": "Club night", "rules": "abapa", "rounds": 3},
                           "created_at": "2026-11-28T09:00:00"}
        }))
        .unwrap();
        let checked = crate::tournament::archive::check(&file, 10).unwrap();
        Held {
            tournament: TournamentId(1),
            version,
            digest: format!("{version}"),
            latest: 0,
            index: Index::of(&file),
            file,
            checked,
            ids: Ids::default(),
        }
    }

    #[test]
    fn a_hub_holds_at_most_so_many_files_the_one_pushed_longest_ago_going_first() {
        let copies = Copies::default();
        for token in 0..=MOST_HELD as i32 {
            copies.keep(token, held(1));
        }
        assert!(copies.take_if(0, |_| true).is_none(), "the first went");
        assert!(
            copies.take_if(1, |h| h.version == 2).is_none(),
            "not that version"
        );
        assert!(copies.take_if(1, |h| h.version == 1).is_some());
        assert!(copies.take_if(1, |_| true).is_none(), "taken out");
        assert!(copies.take_if(MOST_HELD as i32, |_| true).is_some());
    }

    /// The hub's copy of a venue's tournament written whole, then change by change: after each
    /// push it holds what applying the changes to the file gives ([`FileChanges::apply`]),
    /// record for record, and the venue's id of every row, as a hub started again reads it.
    #[test]
    fn a_copy_written_change_by_change_is_the_file_the_changes_give() {
        use crate::service::games::{Decision, Ruling, set_result};
        use crate::service::rounds::{RoundRequest, create, delete, publish};
        use crate::service::testing::{database, organiser, settings, tournament};
        use crate::service::{Actor, notices, players};
        use crate::tournament::{PlayerDetails, ResultKind};

        let round_robin = serde_json::json!({"pairing": "round-robin", "require_moves": false});
        let (_venue_dir, mut venue, t) = tournament(&["A", "B", "C", "D"], &settings(round_robin));
        let actor = organiser();
        let export = |conn: &mut SqliteConnection| archive::export(conn, &Actor::CommandLine, t);
        // Round 1 published, round 2 paired.
        let first = create(&mut venue, &actor, t, &RoundRequest::Generate).unwrap();
        publish(&mut venue, &actor, t, 1).unwrap();
        create(&mut venue, &actor, t, &RoundRequest::Generate).unwrap();
        let mut file = export(&mut venue).unwrap();
        // The hub's copy, as a whole push writes it, and the file it holds.
        let (_hub_dir, mut hub) = database("hub.db");
        let (whole, mut checked) = archive::checked(file.clone()).unwrap();
        let (copy, mut ids) = transaction(&mut hub, |conn| {
            let (id, ids) = archive::write_copy(conn, None, &whole, &checked, "the venue")?;
            keep_all_rows(conn, id, &ids)?;
            Ok((id, ids))
        })
        .unwrap();
        let mut held = whole;
        held_without_trail(&mut held);
        let mut index = Index::of(&held);
        let outcome = |ruling| Decision {
            ruling: Ruling::Without(ruling),
            reason: "seen by the controller".to_string(),
            seen: None,
        };
        // Each push: round 2 taken back and paired again (rounds and games gone and put); round
        // 1's results (games put); a player renamed and a notice (a record and a list given
        // whole).
        let steps: [&dyn Fn(&mut SqliteConnection); 3] = [
            &|venue| {
                delete(venue, &actor, t, 2).unwrap();
                let game = first.games[0].id;
                set_result(venue, &actor, game, &outcome(ResultKind::ForfeitNorth)).unwrap();
            },
            &|venue| {
                let game = first.games[1].id;
                set_result(venue, &actor, game, &outcome(ResultKind::DoubleForfeit)).unwrap();
                create(venue, &actor, t, &RoundRequest::Generate).unwrap();
                let renamed = PlayerDetails {
                    name: "Abena Mensah-Owusu".to_string(),
                    ..PlayerDetails::default()
                };
                let id = first.games[0].south.id;
                players::edit(venue, &actor, t, id, (&renamed, None)).unwrap();
            },
            &|venue| {
                notices::set(venue, &actor, t, "Round 2 starts at two").unwrap();
            },
        ];
        // What the pushes carried: rounds and games gone, rounds, games and players put, a list.
        let mut carried = [0; 6];
        for (step, change) in steps.iter().enumerate() {
            change(&mut venue);
            let after = export(&mut venue).unwrap();
            let changes = FileChanges::between(&file, &after).expect("the changes give the file");
            let counts = [
                changes.rounds.gone.len(),
                changes.games.gone.len(),
                changes.rounds.put.len(),
                changes.games.put.len(),
                changes.players.put.len(),
                usize::from(changes.notice.is_some()),
            ];
            for (sum, n) in carried.iter_mut().zip(counts) {
                *sum += n;
            }
            let mut expected = file.clone();
            changes.apply(&mut expected);
            checked = check_changes(&mut held, checked, &mut index, &changes, MAX_PLAYERS)
                .unwrap_or_else(|e| panic!("push {step}: {e}"));
            transaction(&mut hub, |conn| {
                let written = (&changes, &held, &checked, &index);
                write_changes(conn, copy, written, &mut ids, "the venue")
            })
            .unwrap();
            // What the hub wrote, read back as a hub started again reads it.
            let rows = stored_copy::copy_ids_of(&mut hub, copy).unwrap();
            let exported = archive::export_without_trail(&mut hub, copy).unwrap();
            let kept = ids_of_rows(&rows, &exported).expect("every row has its venue id");
            let mut read_again = as_the_venue_names_it(exported, &kept).expect("venue ids");
            read_again.audit = expected.audit.clone();
            assert!(
                crate::tournament::archive::same(&read_again, &expected),
                "push {step}: the copy is not what the changes give"
            );
            assert!(crate::tournament::archive::same(&held, &{
                let mut e = expected.clone();
                e.audit.clear();
                e
            }));
            assert_eq!(
                stored_copy::trail_size(&mut hub, copy).unwrap().entries,
                after.audit.len(),
                "push {step}: every audit entry once"
            );
            file = after;
        }
        assert!(carried.iter().all(|&n| n > 0), "{carried:?}");
    }
}
