//! A hub's copies of venues' tournaments, kept up to date change by change
//! (`docs/publishing.md`): after a whole file, a venue pushes only what changed since the
//! version the hub took ([`FileChanges`]). The hub holds nothing of a copy between pushes: for
//! each push it reads from its database the part of the copy the changes touch
//! (`service::copy_parts`; the whole copy for a change of the settings, of the players or of a
//! record gone), checks the changes against it exactly as the whole file would be checked
//! (every game and sheet put replayed, each game touched held to its sheets), and writes only
//! the records that changed, in one short transaction. What the hub then has is the very file a
//! whole push would have sent: the venue gives changes only when applying them gives its file
//! exactly.
//!
//! The copy's rows are written down with the venue's id of each (`copy_ids`), and the size of
//! its trail with the hub's entry for each push. A copy changed on the hub since the token's
//! last push makes the hub ask for the whole file again (`file_wanted`).

use std::sync::Arc;

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::archive::{self, Ids, Lists, NO_PIN};
use super::players::MAX_PLAYERS;
use super::{Connections, ServiceError, blocking, copy_parts, transaction};
use crate::db::archive as stored_copy;
use crate::db::models::NewAuditEntry;
use crate::db::models::{NewPlayer, NewRound};
use crate::db::publishing as stored;
use crate::db::publishing::HubToken;
use crate::db::queries;
use crate::tournament::TournamentId;
use crate::tournament::archive::RecordKind;
use crate::tournament::archive::{
    AuditSize, Checked, FileChanges, Index, Touched, TournamentFile, check, check_changes,
    check_part,
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

/// What a push of changes asks the hub to take.
pub struct Changes {
    pub version: i64,
    pub since: Since,
    /// The digest of the venue's file at `version`.
    pub digest: String,
    pub changes: FileChanges,
}

/// The copy a token's last push left, as it stands.
struct Pushed {
    tournament: TournamentId,
    /// The copy's latest audit entry: the hub's own for that push.
    latest: i32,
    /// How much of the copy's audit trail came from its venue.
    trail: AuditSize,
}

/// Whether the token's last push left its copy `tournament` at `since` (its version and
/// digest), and the copy is still at the version written down with that push.
fn still_at(
    conn: &mut SqliteConnection,
    row: &HubToken,
    tournament: TournamentId,
    since: &Since,
) -> Result<bool, ServiceError> {
    Ok(row.version == since.version
        && row.digest.as_deref() == Some(since.digest.as_str())
        && stored::copy_unchanged(conn, row, tournament)?)
}

/// The token's copy when it is exactly what the token's last push left at `since`: the token's
/// version and digest are those, the copy is at the version written down with that push, and
/// its latest audit entry is the hub's own for it (any change of the copy on the hub since, with
/// an entry or not, makes the hub ask for the whole file).
fn as_pushed(
    conn: &mut SqliteConnection,
    token: i32,
    since: &Since,
) -> Result<Option<Pushed>, ServiceError> {
    let row = live_token(conn, token)?;
    let Some(tournament) = row.tournament_id else {
        return Ok(None);
    };
    if !still_at(conn, &row, tournament, since)? {
        return Ok(None);
    }
    let Some((latest, after)) = stored_copy::latest_push(conn, tournament)? else {
        return Ok(None);
    };
    let after: serde_json::Value = after
        .and_then(|a| serde_json::from_str(&a).ok())
        .unwrap_or_default();
    if after["version"].as_i64() != Some(row.version) {
        return Ok(None);
    }
    let counted = |field: &str| after[field].as_u64().and_then(|n| usize::try_from(n).ok());
    let trail = match (counted("trail_entries"), counted("trail_bytes")) {
        (Some(entries), Some(bytes)) => AuditSize { entries, bytes },
        // A push an earlier release recorded: the trail counted.
        _ => stored_copy::trail_size(conn, tournament)?,
    };
    Ok(Some(Pushed {
        tournament,
        latest,
        trail,
    }))
}

/// The copy after a push's changes: the file (or the part of it the changes touch), what its
/// check gave, its index and the copy's rows of its records.
type After = (TournamentFile, Checked, Index, Ids);

/// A venue's changes since a version the hub took: checked against the part of the copy they
/// touch (or, for any other change, the whole copy), and written in one short transaction; or,
/// when the copy is not at that version (another history, a change on the hub since), a request
/// for the whole file. Nothing of the copy is held between pushes.
pub(super) async fn take_changes(
    db: &Connections,
    token: i32,
    push: Changes,
) -> Result<Received, ServiceError> {
    let Changes {
        version,
        since,
        digest,
        changes,
    } = push;
    let changes = Arc::new(changes);
    let read = {
        let (changes, since) = (changes.clone(), since.clone());
        db.read(move |conn| {
            let Some(pushed) = as_pushed(conn, token, &since)? else {
                return Ok(None);
            };
            let part = match Touched::of(&changes) {
                Some(t) => copy_parts::part(conn, pushed.tournament, &t, &changes.audit)?,
                None => None,
            };
            Ok(Some((pushed, part)))
        })
        .await?
    };
    let Some((pushed, part)) = read else {
        return file_wanted(db, token).await;
    };
    let from_part = {
        let (changes, trail) = (changes.clone(), pushed.trail);
        blocking(move || from_part(part, trail, &changes)).await?
    };
    let after = match from_part {
        Some(after) => after,
        None => match checked_whole(db, token, &since, &pushed, changes.clone()).await? {
            Some(after) => after,
            None => return file_wanted(db, token).await,
        },
    };
    let (tournament, latest) = (pushed.tournament, pushed.latest);
    let taken = {
        let digest = digest.clone();
        db.write(move |conn| {
            let (file, checked, index, mut ids) = after;
            transaction(conn, |conn| {
                let row = live_token(conn, token)?;
                let current = row.tournament_id == Some(tournament)
                    && version > row.version
                    && stored_copy::latest_entry(conn, tournament)? == latest
                    && still_at(conn, &row, tournament, &since)?;
                if !current {
                    return Ok(false);
                }
                let written = (&*changes, &file, &checked, &index);
                write_changes(conn, tournament, written, &mut ids, &sender(&row))?;
                let uid = file.tournament.uid.clone().unwrap_or_default();
                let now = Utc::now().naive_utc();
                stored::token_pushed(conn, token, tournament, version, now, &uid, &digest)?;
                let entry = serde_json::json!({
                    "version": version, "previous_version": row.version,
                    "changes": changes.count(),
                    "trail_entries": checked.audit.entries, "trail_bytes": checked.audit.bytes,
                });
                record_push(conn, &row, tournament, entry)?;
                Ok(true)
            })
        })
        .await?
    };
    if !taken {
        return file_wanted(db, token).await;
    }
    Ok(Received {
        tournament: tournament.get(),
        version,
        taken: true,
        digest: Some(digest),
        file_wanted: false,
    })
}

/// The changes checked against the whole copy, read again as it stands (none when it changed
/// since the push was read, or has a row without its venue's id): record by record where they
/// allow it, whole otherwise (the copy's replays kept for what they leave as it was); a refusal
/// worded as the whole check words it.
async fn checked_whole(
    db: &Connections,
    token: i32,
    since: &Since,
    pushed: &Pushed,
    changes: Arc<FileChanges>,
) -> Result<Option<After>, ServiceError> {
    let (since, latest, trail) = (since.clone(), pushed.latest, pushed.trail);
    let read = db
        .read(move |conn| match as_pushed(conn, token, &since)? {
            Some(now) if now.latest == latest => copy_parts::whole(conn, now.tournament),
            _ => Ok(None),
        })
        .await?;
    let Some((file, ids)) = read else {
        return Ok(None);
    };
    blocking(move || whole_after(file, ids, trail, &changes)).await?
}

/// The part of the copy the changes touch, after them (none: checked against the whole copy).
fn from_part(
    part: Option<(TournamentFile, Ids)>,
    trail: AuditSize,
    changes: &FileChanges,
) -> Option<After> {
    let (mut file, ids) = part?;
    let (checked, index) = check_part(&mut file, trail, changes)?;
    Some((file, checked, index, ids))
}

/// The whole copy after the changes (none when the copy fails its own check: the hub asks for
/// the whole file).
fn whole_after(
    mut file: TournamentFile,
    ids: Ids,
    trail: AuditSize,
    changes: &FileChanges,
) -> Result<Option<After>, ServiceError> {
    let Ok(mut checked) = check(&file, MAX_PLAYERS) else {
        return Ok(None);
    };
    checked.audit = trail;
    let mut index = Index::of(&file);
    let uid = file.tournament.uid.clone();
    let checked = check_changes(&mut file, checked, &mut index, changes, MAX_PLAYERS)
        .map_err(|e| ServiceError::Invalid(crate::said!("file-was-not-imported", problem = e)))?;
    if file.tournament.uid != uid {
        return Err(ServiceError::Conflict(Said::new(
            "push-changes-other-tournament",
        )));
    }
    Ok(Some((file, checked, index, ids)))
}

/// The hub's answer to changes it cannot take: what it has, and that it wants the file.
async fn file_wanted(db: &Connections, token: i32) -> Result<Received, ServiceError> {
    let row = db.read(move |conn| live_token(conn, token)).await?;
    Ok(Received {
        tournament: row.tournament_id.map_or(0, TournamentId::get),
        version: row.version,
        taken: false,
        digest: row.digest,
        file_wanted: true,
    })
}

/// Writes down every record's row of a copy written whole (`copy_ids`), in the caller's
/// transaction.
pub(super) fn keep_all_rows(
    conn: &mut SqliteConnection,
    id: TournamentId,
    ids: &Ids,
) -> Result<(), ServiceError> {
    let rows: Vec<_> = ids.rows().collect();
    stored_copy::clear_copy_ids(conn, id)?;
    stored_copy::keep_copy_ids(conn, id, &rows, &[])?;
    Ok(())
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
    let given = changes.lists_given();
    stored_copy::clear_lists(conn, id, &given)?;
    let lists = Lists::of(&given);
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
    let put: Vec<_> = changes
        .put_by_kind()
        .into_iter()
        .flat_map(|(kind, put)| {
            put.into_iter()
                .filter_map(move |source| Some((kind, source, ids.row(kind, source)?)))
        })
        .collect();
    let gone: Vec<(RecordKind, i64)> = changes
        .gone_by_kind()
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
    for (kind, gone) in changes.gone_by_kind() {
        for source in gone {
            let Some(row) = ids.remove(kind, *source) else {
                continue;
            };
            if kind == RecordKind::Round {
                // Its time goes with it.
                let number = ids
                    .round_numbers
                    .iter()
                    .find(|(_, n)| n.get() == row)
                    .map(|(number, _)| *number);
                if let Some(number) = number {
                    ids.round_numbers.remove(&number);
                    stored_copy::delete_round_time(conn, id, number as i32)?;
                }
            }
            stored_copy::delete_copied(conn, id, kind, row)?;
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
    stored::token_copy_version(conn, token.id, id)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hub's copy of `file`, as a whole push writes it, with the size of its trail.
    fn copied(
        file: &TournamentFile,
    ) -> (tempfile::TempDir, SqliteConnection, TournamentId, AuditSize) {
        let (dir, mut hub) = crate::service::testing::database("hub.db");
        let (whole, checked) = archive::checked(file.clone()).unwrap();
        let copy = transaction(&mut hub, |conn| {
            let (id, ids) = archive::write_copy(conn, None, &whole, &checked, "the venue")?;
            keep_all_rows(conn, id, &ids)?;
            Ok(id)
        })
        .unwrap();
        (dir, hub, copy, checked.audit)
    }

    /// A result the controller rules.
    fn ruled(ruling: crate::tournament::ResultKind) -> crate::service::games::Decision {
        crate::service::games::Decision {
            ruling: crate::service::games::Ruling::Without(ruling),
            reason: "seen by the controller".to_string(),
            seen: None,
        }
    }

    /// North resigned, by the sheet of either player of `g`.
    fn north_resigned(
        g: &crate::tournament::archive::GamePart,
        player: crate::tournament::PlayerId,
    ) -> crate::db::models::NewSheet<'static> {
        crate::db::models::NewSheet {
            game_id: crate::tournament::GameId(i32::try_from(g.id).unwrap()),
            player_id: player,
            winner: crate::tournament::Winner::South,
            south_seeds: 20,
            north_seeds: 10,
            end_kind: crate::tournament::sheets::EndKind::Resignation,
            end_reason: None,
            moves: "",
            plies: 0,
            verified: false,
            created_at: chrono::Utc::now().naive_utc(),
        }
    }

    /// A push of `changes` to the venue's `file` taken by the hub into its `copy` as the hub
    /// takes it: the part of the copy they touch read (and held to the part of the venue's file
    /// they touch) and checked, or else the whole copy; then written. The trail's size after,
    /// and whether the part sufficed.
    fn taken_as_the_hub(
        hub: &mut SqliteConnection,
        copy: TournamentId,
        (file, changes): (&TournamentFile, &FileChanges),
        trail: AuditSize,
    ) -> (AuditSize, bool) {
        let touched = Touched::of(changes);
        let part = touched
            .as_ref()
            .and_then(|t| copy_parts::part(hub, copy, t, &changes.audit).expect("read"));
        if let (Some(t), Some((part, _))) = (&touched, &part) {
            let by_id = |f: &TournamentFile| {
                let mut f = f.clone();
                f.players.sort_by_key(|p| p.id);
                f.games.sort_by_key(|g| g.id);
                f.sheets.sort_by_key(|s| s.id);
                (f.players, f.rounds, f.games, f.sheets)
            };
            let wanted = crate::tournament::archive::part_of(file, t);
            assert_eq!(by_id(part), by_id(&wanted), "the part read");
        }
        let (after, by_part) = match from_part(part, trail, changes) {
            Some(after) => (after, true),
            None => {
                let (file, ids) = copy_parts::whole(hub, copy).unwrap().expect("ids");
                let after = whole_after(file, ids, trail, changes)
                    .unwrap()
                    .expect("checked");
                (after, false)
            }
        };
        let (held, checked, index, mut ids) = after;
        transaction(hub, |conn| {
            let written = (changes, &held, &checked, &index);
            write_changes(conn, copy, written, &mut ids, "the venue")
        })
        .unwrap();
        (checked.audit, by_part)
    }

    /// The hub's copy of a venue's tournament written whole, then change by change: after each
    /// push it holds what applying the changes to the file gives ([`FileChanges::apply`]),
    /// record for record, and the venue's id of every row, as a hub started again reads it.
    #[test]
    fn a_copy_written_change_by_change_is_the_file_the_changes_give() {
        use crate::service::games::set_result;
        use crate::service::rounds::{RoundRequest, create, delete, publish};
        use crate::service::testing::{organiser, settings, tournament};
        use crate::service::{Actor, notices, players};
        use crate::tournament::{GameId, GameStatus, PlayerDetails, PlayerId, ResultKind};

        let round_robin = serde_json::json!({"pairing": "round-robin", "require_moves": false});
        let (_venue_dir, mut venue, t) = tournament(&["A", "B", "C", "D"], &settings(round_robin));
        let actor = organiser();
        let export = |conn: &mut SqliteConnection| archive::export(conn, &Actor::CommandLine, t);
        // Round 1 published, round 2 paired.
        let first = create(&mut venue, &actor, t, &RoundRequest::Generate).unwrap();
        publish(&mut venue, &actor, t, 1).unwrap();
        create(&mut venue, &actor, t, &RoundRequest::Generate).unwrap();
        let mut file = export(&mut venue).unwrap();
        let (_hub_dir, mut hub, copy, mut trail) = copied(&file);
        let round_two = |venue: &mut SqliteConnection, board: usize| {
            let file = export(venue).unwrap();
            let mut games = file.games.into_iter().filter(|g| g.round == 2);
            games.nth(board).expect("a game of round 2")
        };
        // Each push: round 2 taken back and paired again (rounds and games gone and put); round
        // 1's results (games put); a player renamed and a notice (a record and a list given
        // whole); round 2 published (a round put), a sheet sent (a sheet and its game put) and a
        // ruling (a game put), each checked against the part of the copy it touches.
        let steps: [&dyn Fn(&mut SqliteConnection); 6] = [
            &|venue| {
                delete(venue, &actor, t, 2).unwrap();
                let game = first.games[0].id;
                set_result(venue, &actor, game, &ruled(ResultKind::ForfeitNorth)).unwrap();
            },
            &|venue| {
                let game = first.games[1].id;
                set_result(venue, &actor, game, &ruled(ResultKind::DoubleForfeit)).unwrap();
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
            &|venue| {
                publish(venue, &actor, t, 2).unwrap();
            },
            &|venue| {
                let g = round_two(venue, 0);
                let game = GameId(i32::try_from(g.id).unwrap());
                let south = PlayerId(i32::try_from(g.south).unwrap());
                queries::insert_sheet(venue, &north_resigned(&g, south)).unwrap();
                let at = chrono::Utc::now().naive_utc();
                queries::set_game_status(venue, game, GameStatus::Submitted, at).unwrap();
            },
            &|venue| {
                let game = GameId(i32::try_from(round_two(venue, 1).id).unwrap());
                set_result(venue, &actor, game, &ruled(ResultKind::ForfeitSouth)).unwrap();
                // North's sheet beside South's: the game is read with the sheet it has.
                let g = round_two(venue, 0);
                let north = PlayerId(i32::try_from(g.north.unwrap()).unwrap());
                queries::insert_sheet(venue, &north_resigned(&g, north)).unwrap();
            },
        ];
        // What the pushes carried: rounds and games gone, rounds, games and players put, a list.
        let (mut carried, mut by_part) = ([0; 6], Vec::new());
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
            let (checked_trail, part) = taken_as_the_hub(&mut hub, copy, (&file, &changes), trail);
            if part {
                by_part.push(step);
            }
            trail = checked_trail;
            // What the hub wrote, read back whole.
            let (mut read_again, _) = copy_parts::whole(&mut hub, copy)
                .unwrap()
                .expect("every row has its venue id");
            read_again.audit = expected.audit.clone();
            assert!(
                crate::tournament::archive::same(&read_again, &expected),
                "push {step}: the copy is not what the changes give"
            );
            assert_eq!(
                stored_copy::trail_size(&mut hub, copy).unwrap(),
                trail,
                "push {step}: the trail counted as written"
            );
            assert_eq!(
                trail.entries,
                after.audit.len(),
                "push {step}: each entry once"
            );
            file = after;
        }
        assert!(carried.iter().all(|&n| n > 0), "{carried:?}");
        assert_eq!(by_part, [2, 3, 4, 5], "the pushes checked against a part");
    }
}
