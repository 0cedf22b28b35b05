//! What a page was read at. The version of a round or a game is the number of the last audit
//! entry that changed it (0 while none has). The staff's forms that change a round (its
//! pairings, publishing it, deleting it) or a game (a ruling, a sheet accepted, sending it back)
//! carry the version they were read at, and so may the API's writes: a write made from a page
//! older than the last change is refused (409), saying what changed, when and by whom, and
//! changes nothing. Writes are made one at a time by the writer, so the check and the write
//! cannot be split by another write.

use diesel::sqlite::SqliteConnection;

use super::ServiceError;
use super::audit::action_said;
use crate::db::queries;
use crate::tournament::{GameId, TournamentId};

/// What a page shows and a form changes.
#[derive(Clone, Copy, Debug)]
pub enum Watched {
    Round(TournamentId, i32),
    Game(GameId),
}

/// The version of what is watched now (0 when nothing has changed it, or it is not there).
pub fn version(conn: &mut SqliteConnection, watched: Watched) -> Result<i64, ServiceError> {
    Ok(latest(conn, watched)?.map_or(0, |e| i64::from(e.id)))
}

fn latest(
    conn: &mut SqliteConnection,
    watched: Watched,
) -> Result<Option<crate::db::models::AuditEntry>, ServiceError> {
    Ok(match watched {
        Watched::Round(tournament_id, number) => {
            match queries::get_round(conn, tournament_id, number) {
                Ok(round) => queries::latest_audit_of(conn, "round", round.id.get())?,
                Err(diesel::result::Error::NotFound) => None,
                Err(e) => return Err(e.into()),
            }
        }
        Watched::Game(game_id) => queries::latest_audit_of(conn, "game", game_id.get())?,
    })
}

/// Runs `command` if what is watched has not changed since the version `seen` (any version when
/// none is given); otherwise refuses, changing nothing.
pub fn unchanged_since<T>(
    conn: &mut SqliteConnection,
    watched: Watched,
    seen: Option<i64>,
    command: impl FnOnce(&mut SqliteConnection) -> Result<T, ServiceError>,
) -> Result<T, ServiceError> {
    if let Some(seen) = seen
        && let Some(entry) = latest(conn, watched)?
        && i64::from(entry.id) != seen
    {
        let round = match watched {
            Watched::Round(_, number) => number,
            Watched::Game(_) => 0,
        };
        return Err(ServiceError::Conflict(crate::said!(
            "changed-after-you-opened-page",
            round,
            action = action_said(&entry.action),
            actor = entry.actor,
            at = entry.at.format("%H:%M:%S").to_string()
        )));
    }
    command(conn)
}
