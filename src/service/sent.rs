//! What a venue keeps of the files its hubs took: a fingerprint of each
//! ([`Fingerprint`]) with the last entry of the venue's log it holds, held in memory and written
//! down with the push the hub took, from which the next push's changes are worked out with the
//! log's entries since (`super::pushes`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use diesel::sqlite::SqliteConnection;

use crate::db::fingerprints::{self, Written};
use crate::db::publishing::HubLink;
use crate::tournament::TournamentId;
use crate::tournament::archive::{FORMAT, Fingerprint, VERSION};

/// What this venue keeps of the file a hub last took, by tournament: the changes of the next
/// push are worked out from its fingerprint ([`Fingerprint`]) and the venue's log after `log`,
/// kept in memory and written down with the push (read back after a start: the first push
/// after it is changes too).
pub struct Sent {
    pub version: i64,
    pub digest: String,
    pub print: Arc<Fingerprint>,
    /// The last entry of the venue's log the file holds.
    pub log: i64,
}

impl Sent {
    /// What was written down with the hub's last push of `link` (its fingerprint `print`).
    pub fn written_down(link: &HubLink, print: Fingerprint) -> Option<Arc<Sent>> {
        Some(Arc::new(Sent {
            version: link.pushed_version,
            digest: link.pushed_digest.clone()?,
            print: Arc::new(print),
            log: link.pushed_log?,
        }))
    }
}

/// The files hubs took, by tournament.
#[derive(Default)]
pub struct SentFiles(Mutex<HashMap<TournamentId, Arc<Sent>>>);

impl SentFiles {
    /// Whether the hub was seen holding this venue's content at the link's version since the
    /// service started.
    pub fn verified(&self, link: &HubLink) -> bool {
        self.get(link.tournament_id)
            .is_some_and(|s| s.version == link.pushed_version)
    }

    pub fn get(&self, id: TournamentId) -> Option<Arc<Sent>> {
        self.lock().get(&id).cloned()
    }

    pub fn keep(&self, id: TournamentId, sent: Sent) {
        self.lock().insert(id, Arc::new(sent));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<TournamentId, Arc<Sent>>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The fingerprint written down with the hub's last push, for a file of this service's kind.
pub fn kept_fingerprint(
    conn: &mut SqliteConnection,
    id: TournamentId,
) -> diesel::QueryResult<Option<Fingerprint>> {
    let own = (
        FORMAT.to_string(),
        VERSION,
        Some(crate::db::archive::identity(conn, id)?),
    );
    fingerprints::read(conn, id, own)
}

/// Writes down the fingerprint of the file the hub now holds (`print`): only the rows that
/// changed when it follows the one before (`over`), else whole.
pub fn write_down(
    conn: &mut SqliteConnection,
    id: TournamentId,
    print: &Fingerprint,
    over: Option<&Fingerprint>,
) -> diesel::QueryResult<()> {
    let written = match over {
        Some(old) if old.follows(print) => Written::After { old, new: print },
        _ => Written::Whole(print),
    };
    fingerprints::write(conn, id, written)
}
