//! A tournament's file as the database holds it: whole ([`whole`], what
//! `super::archive::export` gives), or only the records a venue's log names since its hub took
//! the file ([`named`], what a push of changes is worked out from without the whole file). Each
//! record is read the one way, so a record named is the very record the whole file has.

use std::collections::HashMap;

use chrono::Utc;
use diesel::sqlite::SqliteConnection;

use super::{Found as _, ServiceError};
use crate::db::models::{AuditEntry, Game, Player};
use crate::db::venue_log::Logged;
use crate::db::{archive as stored, notices, queries, schedules};
use crate::tournament::TournamentId;
use crate::tournament::archive::{
    AuditPart, ByePart, CheckInPart, FORMAT, Found, GamePart, Named, NoticePart, PlayerPart,
    RollCallPart, RoundPart, SheetPart, TournamentFile, TournamentPart, VERSION,
};
use crate::tournament::schedule::Schedule;

/// The tournament as a file (with its audit trail when `trail`).
pub(super) fn whole(
    conn: &mut SqliteConnection,
    id: TournamentId,
    trail: bool,
) -> Result<TournamentFile, ServiceError> {
    let tournament = tournament_part(conn, id)?;
    let mut players: Vec<PlayerPart> = queries::list_players(conn, id)?
        .into_iter()
        .map(player_part)
        .collect();
    players.sort_by_key(|p| p.id);
    let numbers = round_numbers(conn, id)?;
    let games = queries::tournament_games(conn, id)?
        .into_iter()
        .map(|g| game_part(g, &numbers))
        .collect();
    let sheets = stored::sheets_of(conn, id)?
        .into_iter()
        .map(sheet_part)
        .collect();
    Ok(TournamentFile {
        format: FORMAT.to_string(),
        version: VERSION,
        exported_at: Utc::now().naive_utc(),
        tournament,
        players,
        rounds: rounds(conn, id)?,
        games,
        sheets,
        byes: byes(conn, id)?,
        prohibited_pairs: prohibited_pairs(conn, id)?,
        roll_calls: roll_calls(conn, id)?,
        check_ins: check_ins(conn, id)?,
        notice: notice(conn, id)?,
        schedule: schedule(conn, id)?,
        audit: match trail {
            true => stored::audit_of(conn, id)?,
            false => Vec::new(),
        }
        .into_iter()
        .map(audit_part)
        .collect(),
    })
}

/// The records `logged` names, as they are now, with the audit entries after the first `kept`.
pub(super) fn named(
    conn: &mut SqliteConnection,
    id: TournamentId,
    logged: &Logged,
    kept: i64,
) -> Result<Named, ServiceError> {
    let mut named = Named {
        exported_at: Utc::now().naive_utc(),
        audit: stored::audit_after(conn, id, kept)?
            .into_iter()
            .map(audit_part)
            .collect(),
        ..Named::default()
    };
    if logged.parts.is_empty() {
        return Ok(named);
    }
    if logged.names("tournament") {
        named.tournament = Some(tournament_part(conn, id)?);
    }
    named.players = match logged.ids("players") {
        Some([]) => Found::default(),
        Some(ids) => found(ids, stored::players_among(conn, id, ids)?, player_part),
        None => Found::Whole(by_id(
            queries::list_players(conn, id)?
                .into_iter()
                .map(player_part)
                .collect(),
        )),
    };
    if logged.names("rounds") {
        named.rounds = Found::Whole(rounds(conn, id)?);
    }
    named.games = match logged.ids("games") {
        Some([]) => Found::default(),
        ids => {
            let numbers = round_numbers(conn, id)?;
            let part = |g| game_part(g, &numbers);
            match ids {
                Some(ids) => found(ids, stored::games_among(conn, id, ids)?, part),
                None => Found::Whole(
                    queries::tournament_games(conn, id)?
                        .into_iter()
                        .map(part)
                        .collect(),
                ),
            }
        }
    };
    named.sheets = match logged.ids("sheets") {
        Some([]) => Found::default(),
        Some(ids) => found(ids, stored::sheets_among(conn, id, ids)?, sheet_part),
        None => Found::Whole(
            stored::sheets_of(conn, id)?
                .into_iter()
                .map(sheet_part)
                .collect(),
        ),
    };
    if logged.names("byes") {
        named.byes = Some(byes(conn, id)?);
    }
    if logged.names("prohibited_pairs") {
        named.prohibited_pairs = Some(prohibited_pairs(conn, id)?);
    }
    if logged.names("roll_calls") {
        named.roll_calls = Some(roll_calls(conn, id)?);
    }
    if logged.names("check_ins") {
        named.check_ins = Some(check_ins(conn, id)?);
    }
    if logged.names("notice") {
        named.notice = Some(notice(conn, id)?);
    }
    if logged.names("schedule") {
        named.schedule = Some(schedule(conn, id)?);
    }
    Ok(named)
}

/// The records of `ids` found in `rows`, by id.
fn found<R, T: crate::tournament::archive::Keyed>(
    ids: &[i32],
    rows: Vec<R>,
    part: impl FnMut(R) -> T,
) -> Found<T> {
    Found::Ids {
        ids: ids.iter().map(|i| i64::from(*i)).collect(),
        now: by_id(rows.into_iter().map(part).collect()),
    }
}

fn by_id<T: crate::tournament::archive::Keyed>(mut records: Vec<T>) -> Vec<T> {
    records.sort_by_key(|r| r.key());
    records
}

pub(super) fn tournament_part(
    conn: &mut SqliteConnection,
    id: TournamentId,
) -> Result<TournamentPart, ServiceError> {
    let t = queries::get_tournament(conn, id).or_not_found("tournament")?;
    let settings = super::tournaments::stored_settings(&t)?;
    Ok(TournamentPart {
        settings: settings.input(),
        prizes: Some(super::prizes::stored(&t)?),
        teams: super::teams::stored(&t)?,
        created_at: t.created_at,
        uid: Some(stored::identity(conn, id)?),
    })
}

pub(super) fn player_part(p: Player) -> PlayerPart {
    PlayerPart {
        id: p.id.get().into(),
        name: p.name,
        club: p.club,
        country: p.country,
        rating: p.rating.map(i64::from),
        birth_year: p.birth_year.map(i64::from),
        gender: p.gender,
        title: p.title,
        federation: p.federation,
        pairing_number: p.pairing_number.map(i64::from),
        withdrawn: p.withdrawn,
        created_at: p.created_at,
        register_id: p.register_id.map(i64::from),
    }
}

/// Each round's number, by the round's id.
pub(super) fn round_numbers(
    conn: &mut SqliteConnection,
    id: TournamentId,
) -> Result<HashMap<i32, i64>, ServiceError> {
    Ok(queries::list_rounds(conn, id)?
        .iter()
        .map(|r| (r.id.get(), i64::from(r.number)))
        .collect())
}

/// The rounds with their times.
pub(super) fn rounds(
    conn: &mut SqliteConnection,
    id: TournamentId,
) -> Result<Vec<RoundPart>, ServiceError> {
    let times: HashMap<i32, schedules::RoundTime> = schedules::round_times(conn, id)?
        .into_iter()
        .map(|r| (r.round_number, r))
        .collect();
    Ok(queries::list_rounds(conn, id)?
        .iter()
        .map(|r| RoundPart {
            id: r.id.get().into(),
            number: r.number.into(),
            created_at: r.created_at,
            published_at: r.published_at.filter(|_| r.published),
            corrected_at: r.corrected_at,
            planned_start: times.get(&r.number).and_then(|t| t.planned_start),
            started_at: times.get(&r.number).and_then(|t| t.started_at),
        })
        .collect())
}

pub(super) fn game_part(g: Game, numbers: &HashMap<i32, i64>) -> GamePart {
    GamePart {
        id: g.id.get().into(),
        round: numbers.get(&g.round_id.get()).copied().unwrap_or(0),
        board: g.board.map(i64::from),
        match_game: g.match_game.into(),
        south: g.south_id.get().into(),
        north: g.north_id.map(|n| n.get().into()),
        status: g.status,
        kind: g.kind,
        winner: g.winner,
        seeds: g
            .south_seeds
            .zip(g.north_seeds)
            .map(|(s, n)| [s.into(), n.into()]),
        end: g.end_kind,
        moves: g.moves,
        reason: g.reason,
        updated_at: g.updated_at,
    }
}

pub(super) fn sheet_part(s: crate::db::models::SheetRow) -> SheetPart {
    SheetPart {
        id: s.id.get().into(),
        game: s.game_id.get().into(),
        player: s.player_id.get().into(),
        winner: s.winner,
        seeds: [s.south_seeds.into(), s.north_seeds.into()],
        end: s.end_kind,
        moves: s.moves,
        created_at: s.created_at,
    }
}

fn byes(conn: &mut SqliteConnection, id: TournamentId) -> Result<Vec<ByePart>, ServiceError> {
    Ok(queries::tournament_byes(conn, id)?
        .into_iter()
        .map(|b| ByePart {
            player: b.player_id.get().into(),
            round: b.round_number.into(),
            kind: b.kind,
            created_at: b.created_at,
        })
        .collect())
}

fn prohibited_pairs(
    conn: &mut SqliteConnection,
    id: TournamentId,
) -> Result<Vec<[i64; 2]>, ServiceError> {
    Ok(queries::prohibited_pairs(conn, id)?
        .into_iter()
        .map(|p| [p.first_id.get().into(), p.second_id.get().into()])
        .collect())
}

fn roll_calls(
    conn: &mut SqliteConnection,
    id: TournamentId,
) -> Result<Vec<RollCallPart>, ServiceError> {
    Ok(stored::roll_calls_of(conn, id)?
        .into_iter()
        .map(|r| RollCallPart {
            round: r.round_number.into(),
            opened_at: r.opened_at,
            closed_at: r.closed_at,
        })
        .collect())
}

fn check_ins(
    conn: &mut SqliteConnection,
    id: TournamentId,
) -> Result<Vec<CheckInPart>, ServiceError> {
    Ok(stored::check_ins_of(conn, id)?
        .into_iter()
        .map(|c| CheckInPart {
            round: c.round_number.into(),
            player: c.player_id.get().into(),
            present: c.present,
            by_player: c.by_player,
            at: c.at,
        })
        .collect())
}

fn notice(
    conn: &mut SqliteConnection,
    id: TournamentId,
) -> Result<Option<NoticePart>, ServiceError> {
    Ok(notices::get(conn, id)?.map(|n| NoticePart {
        text: n.text,
        written_at: n.written_at,
    }))
}

fn schedule(
    conn: &mut SqliteConnection,
    id: TournamentId,
) -> Result<Option<Schedule>, ServiceError> {
    Ok(schedules::get(conn, id)?.map(|s| super::schedule::settings_of(Some(s))))
}

fn audit_part(a: AuditEntry) -> AuditPart {
    AuditPart {
        at: a.at,
        actor: a.actor,
        action: a.action,
        entity: a.entity,
        entity_id: a.entity_id.map(i64::from),
        before: a.before.as_deref().map(json),
        after: a.after.as_deref().map(json),
        sender: a.sender,
    }
}

/// An audit entry's JSON as stored (text that is not JSON kept as a string).
fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|_| serde_json::Value::String(text.to_string()))
}

#[cfg(test)]
mod tests {
    use diesel::connection::SimpleConnection;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::db::venue_log;
    use crate::tournament::archive::{FileChanges, Fingerprint, same};

    /// A file with its records in the order of their ids (rounds renumbered keep their place).
    fn by_ids(mut file: TournamentFile) -> TournamentFile {
        file.players.sort_by_key(|r| r.id);
        file.rounds.sort_by_key(|r| r.id);
        file.games.sort_by_key(|r| r.id);
        file.sheets.sort_by_key(|r| r.id);
        file
    }

    const AT: &str = "'2026-12-06 10:00:00'";

    /// One write of a kind a tournament's tables see, at random.
    fn mutation(conn: &mut SqliteConnection, rng: &mut StdRng, t: i32, step: usize) {
        let player = "(SELECT id FROM players WHERE tournament_id = TID ORDER BY random() LIMIT 1)";
        let game = "(SELECT id FROM games WHERE tournament_id = TID ORDER BY random() LIMIT 1)";
        let last_round = "(SELECT max(id) FROM rounds WHERE tournament_id = TID)";
        let sql = match rng.gen_range(0..18) {
            0 => format!(
                "INSERT INTO players (tournament_id, name, pin_hash, created_at) \
                 VALUES (TID, 'New {step}', 'h', {AT});"
            ),
            1 => format!("UPDATE players SET name = 'Renamed {step}' WHERE id = {player};"),
            2 => format!("UPDATE players SET withdrawn = NOT withdrawn WHERE id = {player};"),
            // No page and no file says it: nothing to push.
            3 => format!("UPDATE players SET failed_pins = failed_pins + 1 WHERE id = {player};"),
            4 => format!(
                "INSERT INTO rounds (tournament_id, number, created_at) VALUES \
                 (TID, (SELECT coalesce(max(number), 0) + 1 FROM rounds WHERE tournament_id = TID), \
                 {AT});
                 INSERT INTO games (tournament_id, round_id, board, south_id, north_id, status, \
                 updated_at) SELECT TID, {last_round}, 1, a.id, b.id, 'pending', {AT} FROM \
                 (SELECT id FROM players WHERE tournament_id = TID ORDER BY id LIMIT 1) a, \
                 (SELECT id FROM players WHERE tournament_id = TID ORDER BY id DESC LIMIT 1) b;"
            ),
            5 => format!(
                "UPDATE games SET status = 'final', winner = 'south', south_seeds = 25, \
                 north_seeds = 23, updated_at = {AT} WHERE id = {game};"
            ),
            6 => format!(
                "INSERT INTO sheets (game_id, player_id, winner, south_seeds, north_seeds, \
                 end_kind, moves, plies, verified, created_at) SELECT id, south_id, 'north', 20, \
                 28, 'natural', '', 0, 1, {AT} FROM games WHERE id = {game};"
            ),
            7 => "DELETE FROM sheets WHERE id = (SELECT s.id FROM sheets s JOIN games g ON \
                  g.id = s.game_id WHERE g.tournament_id = TID ORDER BY random() LIMIT 1);"
                .to_string(),
            // A round deleted: its games and their sheets go with it (the keys' cascade).
            8 => format!("DELETE FROM rounds WHERE id = {last_round};"),
            9 => format!("UPDATE rounds SET number = number + 10 WHERE id = {last_round};"),
            10 => format!(
                "UPDATE rounds SET published = 1, published_at = {AT} WHERE id = {last_round};"
            ),
            11 => format!(
                "INSERT OR REPLACE INTO round_times (tournament_id, round_number, planned_start) \
                 SELECT TID, number, '2026-12-06 1{}:00:00' FROM rounds WHERE id = {last_round};",
                step % 10
            ),
            12 => format!(
                "INSERT OR REPLACE INTO notices (tournament_id, text, written_at) VALUES \
                 (TID, 'Notice {step}', {AT});"
            ),
            13 => "DELETE FROM notices WHERE tournament_id = TID;".to_string(),
            14 => format!(
                "INSERT OR IGNORE INTO byes (tournament_id, player_id, round_number, kind, \
                 created_at) VALUES (TID, {player}, {}, 'half', {AT});",
                step + 1
            ),
            15 => format!(
                "INSERT OR REPLACE INTO check_ins (tournament_id, round_number, player_id, \
                 present, by_player, at) VALUES (TID, 1, {player}, 1, 0, {AT});"
            ),
            16 => format!(
                "UPDATE tournaments SET settings = json_set(settings, '$.name', 'Open {step}') \
                 WHERE id = TID;"
            ),
            _ => format!(
                "INSERT INTO audit_log (at, actor, action, tournament_id, entity) VALUES \
                 ({AT}, 'admin', 'notice.set', TID, 'tournament');"
            ),
        };
        conn.batch_execute(&sql.replace("TID", &t.to_string()))
            .unwrap_or_else(|e| panic!("step {step}: {e}"));
    }

    #[test]
    fn the_changes_from_the_log_are_those_of_the_whole_file() {
        let settings = crate::service::testing::settings(serde_json::json!({}));
        let names = ["Ama", "Kofi", "Esi", "Yaw", "Akua", "Kwame"];
        let (_dir, mut conn, t) = crate::service::testing::tournament(&names, &settings);
        conn.batch_execute("PRAGMA foreign_keys = ON;").unwrap();
        crate::db::publishing::put_link(&mut conn, t, "http://hub", "a.b").unwrap();
        let mut rng = StdRng::seed_from_u64(68);
        let mut file = whole(&mut conn, t, true).unwrap();
        let mut print = Fingerprint::of(&file);
        let mut cursor = venue_log::latest(&mut conn).unwrap();
        let (mut changed, mut quiet) = (0, 0);
        for step in 0..400 {
            for _ in 0..rng.gen_range(1..4) {
                mutation(&mut conn, &mut rng, t.get(), step);
            }
            let logged = venue_log::since(&mut conn, t, cursor).unwrap();
            let named = named(&mut conn, t, &logged, print.audit.0).unwrap();
            let (next, changes) = print.advance(named);
            let now = whole(&mut conn, t, true).unwrap();
            // The fingerprint is the whole file's, and so is the digest.
            let of_now = Fingerprint::of(&now);
            assert_eq!(next.digest(), of_now.digest(), "step {step}");
            assert!(print.follows(&next), "step {step}");
            // Applied to the file taken, the changes give the file now.
            let mut applied = file.clone();
            changes.apply(&mut applied);
            assert!(
                same(&by_ids(applied.clone()), &by_ids(now.clone())),
                "step {step}: {:?}",
                serde_json::to_value(&changes).unwrap()
            );
            // Nothing else is sent: what the whole files' comparison gives, no more.
            let between =
                FileChanges::between(&file, &now).map(|c| serde_json::to_value(c).unwrap());
            if let Some(mut between) = between {
                let mut ours = serde_json::to_value(&changes).unwrap();
                for v in [&mut between, &mut ours] {
                    v.as_object_mut().unwrap().remove("exported_at");
                }
                assert_eq!(ours, between, "step {step}");
            }
            match next == print {
                true => quiet += 1,
                false => changed += 1,
            }
            (file, print, cursor) = (applied, next, logged.until);
            // Forgotten as the hub takes it: the log stays short.
            venue_log::forget(&mut conn, t, Some(cursor)).unwrap();
        }
        assert!(
            changed > 300 && quiet > 0,
            "{changed} changed, {quiet} quiet"
        );
    }
}
