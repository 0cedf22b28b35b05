//! A hub's copies of venues' tournaments, kept up to date change by change
//! (`docs/publishing.md`): after a whole file, a venue pushes only what changed since the
//! version the hub took ([`FileChanges`]). The hub applies them to the file it took, checks the
//! result exactly as it checks a whole file (replaying again only the games and sheets that
//! changed), and writes only the records that changed, in one short transaction. What the hub
//! holds is then the very file a whole push would have sent: the venue gives changes only when
//! applying them gives its file exactly.
//!
//! The file taken is held in memory with the copy's ids; a hub that restarted, or whose copy
//! was changed on the hub since, asks for the whole file again (`file_wanted`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::archive::{self, Ids, Lists, NO_PIN};
use super::players::MAX_PLAYERS;
use super::{Service, ServiceError, blocking, transaction};
use crate::db::archive as stored_copy;
use crate::db::models::NewAuditEntry;
use crate::db::models::{NewPlayer, NewRound};
use crate::db::publishing as stored;
use crate::db::publishing::HubToken;
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::archive::{Checked, FileChanges, TournamentFile, check_after};
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

/// What a push of changes asks the hub to take.
pub struct Changes {
    pub version: i64,
    pub since: Since,
    /// The digest of the venue's file at `version`.
    pub digest: String,
    pub changes: FileChanges,
}

impl Service {
    /// A venue's changes since a version the hub took: applied to the file taken, checked,
    /// and written in one short transaction; or, when the hub does not hold that version (a
    /// restart, its copy changed on the hub, another history), a request for the whole file.
    pub(super) async fn take_changes(
        &self,
        token: i32,
        push: Changes,
    ) -> Result<Received, ServiceError> {
        // Taken out while the changes are applied: a copy that fails them is not held again
        // (the venue sends the whole file).
        let Some(held) = self.copies.take_if(token, |h| {
            h.version == push.since.version && h.digest == push.since.digest
        }) else {
            return self.file_wanted(token).await;
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
        let (file, checked, changes, ids) = blocking(move || {
            let Held {
                mut file,
                checked,
                ids,
                ..
            } = held;
            let uid = file.tournament.uid.clone();
            let unchanged = changes.unchanged(&file, checked);
            changes.apply(&mut file);
            if file.tournament.uid != uid {
                return Err(ServiceError::Conflict(Said::new(
                    "push-changes-other-tournament",
                )));
            }
            let checked = check_after(&file, MAX_PLAYERS, Some(unchanged)).map_err(|e| {
                ServiceError::Invalid(crate::said!("file-was-not-imported", problem = e))
            })?;
            Ok((file, checked, changes, ids))
        })
        .await??;
        let after = Arc::new((file, checked, changes));
        let taken = {
            let after = after.clone();
            let digest = digest.clone();
            self.write(move |conn| {
                let (file, checked, changes) = &*after;
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
                    let written = (changes, file, checked);
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
            return self.file_wanted(token).await;
        };
        let (file, checked, _) = Arc::try_unwrap(after).unwrap_or_else(|a| (*a).clone());
        let held = Held {
            tournament,
            version,
            digest: digest.clone(),
            latest,
            file,
            checked,
            ids,
        };
        self.copies.keep(token, held);
        Ok(Received {
            tournament: tournament.get(),
            version,
            taken: true,
            digest: Some(digest),
            file_wanted: false,
        })
    }

    /// The hub's answer to changes it cannot take: what it has, and that it wants the file.
    async fn file_wanted(&self, token: i32) -> Result<Received, ServiceError> {
        let row = self.read(move |conn| live_token(conn, token)).await?;
        Ok(Received {
            tournament: row.tournament_id.map_or(0, TournamentId::get),
            version: row.version,
            taken: false,
            digest: row.digest,
            file_wanted: true,
        })
    }
}

/// Writes the changes into the copy (the caller's transaction): the lists given whole emptied,
/// the records gone taken out, those put written (a record the copy has, in its row), the lists
/// written again, the audit entries added. `file`, `checked`: the file after the changes and
/// what its check gave.
fn write_changes(
    conn: &mut SqliteConnection,
    id: TournamentId,
    (changes, file, checked): (&FileChanges, &TournamentFile, &Checked),
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
    put(conn, id, (changes, file, checked), ids)?;
    archive::the_rest(conn, id, file, ids, lists)?;
    archive::audit(conn, id, &changes.audit, ids, sender)?;
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

/// Writes the records put: players, the tournament's own part, rounds, games, sheets.
fn put(
    conn: &mut SqliteConnection,
    id: TournamentId,
    (changes, file, checked): (&FileChanges, &TournamentFile, &Checked),
    ids: &mut Ids,
) -> Result<(), ServiceError> {
    let at = |ids: Vec<i64>| -> HashMap<i64, usize> {
        ids.into_iter().enumerate().map(|(i, id)| (id, i)).collect()
    };
    let players = at(file.players.iter().map(|p| p.id).collect());
    for p in &changes.players.put {
        let details = &checked.players[players[&p.id]];
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
        crate::db::languages::set(conn, id, &checked.settings.language)?;
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
    let games = at(file.games.iter().map(|g| g.id).collect());
    for g in &changes.games.put {
        let row = archive::new_game(id, g, ids);
        let row = match ids.games.get(&g.id) {
            Some(&existing) => {
                stored_copy::rewrite_game(conn, existing, &row)?;
                existing
            }
            None => queries::insert_game(conn, &row)?.id,
        };
        let result = archive::result(g, &checked.games[games[&g.id]]);
        queries::set_game_result(conn, row, &result)?;
        ids.games.insert(g.id, row);
    }
    let sheets = at(file.sheets.iter().map(|s| s.id).collect());
    for s in &changes.sheets.put {
        let row = archive::new_sheet(s, &checked.sheets[sheets[&s.id]], ids);
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
            action: super::changes::Change::TournamentPublished.code(),
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
}
