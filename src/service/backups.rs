//! Backups to a folder the organiser chose (`OWARE_BACKUP_DIR`: a USB stick, a second disk): one
//! each time a round is published, and one when an event's last round has every result, as
//! arbiters save their desktop tools' files. Each is a consistent copy (SQLite's `VACUUM INTO`),
//! checked for integrity, synced to the medium, and given its name only then; the last
//! [`KEEP`] are kept.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use chrono::{NaiveDateTime, Utc};
use serde::Serialize;

use super::ServiceError;
use crate::tournament::said::{Kept, Word};

/// Backups kept in the folder; older ones written by the service are removed.
pub const KEEP: usize = 10;

/// What the backups are: where they go, and how the last one went.
pub struct Backups {
    folder: PathBuf,
    database: String,
    last: Mutex<Option<Backup>>,
    /// One backup at a time.
    writing: Mutex<()>,
}

/// One backup, written or failed.
#[derive(Clone, Debug, Serialize)]
pub struct Backup {
    pub at: NaiveDateTime,
    /// What it was made for, as facts ("Club Open, round 3 published" in each reader's
    /// language; the API words it).
    #[serde(skip)]
    pub reason: Kept,
    /// The file written, in the folder.
    pub file: String,
    /// Why it failed, if it did.
    pub error: Option<String>,
}

/// The backups' state, as the staff's pages show it.
#[derive(Clone, Debug, Serialize)]
pub struct BackupStatus {
    /// The folder set, if any.
    pub folder: Option<String>,
    pub last: Option<Backup>,
}

impl Backups {
    /// The backups to `folder` (made at start when it does not exist yet; never after).
    pub fn new(folder: PathBuf, database: &str) -> Arc<Backups> {
        if let Err(e) = std::fs::create_dir_all(&folder) {
            tracing::error!("cannot create the backup folder {}: {e}", folder.display());
        }
        Arc::new(Backups {
            folder,
            database: database.to_string(),
            last: Mutex::new(None),
            writing: Mutex::new(()),
        })
    }

    pub fn status(&self) -> BackupStatus {
        BackupStatus {
            folder: Some(self.folder.display().to_string()),
            last: self.last.lock().unwrap_or_else(|e| e.into_inner()).clone(),
        }
    }

    /// Writes a backup for `reason` (as stored: facts, or a sentence written before they were
    /// kept; blocking: run it off the async threads), keeps the last [`KEEP`], and remembers
    /// how it went.
    pub fn write(&self, reason: &str) -> Backup {
        let _one = self.writing.lock().unwrap_or_else(|e| e.into_inner());
        let at = Utc::now().naive_utc();
        let reason = Kept::read(reason);
        // Names sort as the backups were written.
        let file = format!(
            "oware-{}-{}.db",
            at.format("%Y%m%d-%H%M%S%.3f"),
            slug(&named(&reason))
        );
        let reason_text = named(&reason);
        let error = self.write_file(&file).err();
        match &error {
            None => tracing::info!(file, reason = reason_text, "backup written"),
            Some(e) => tracing::error!(file, reason = reason_text, "backup failed: {e}"),
        }
        let backup = Backup {
            at,
            reason,
            file,
            error,
        };
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some(backup.clone());
        backup
    }

    fn write_file(&self, file: &str) -> Result<(), String> {
        let folder = &self.folder;
        // A folder gone (a stick pulled out) is said, never made again where the stick was.
        if !folder.is_dir() {
            return Err(format!(
                "the backup folder {} is missing (is the stick or disk plugged in?)",
                folder.display()
            ));
        }
        let part = folder.join(format!(".{file}.part"));
        let _ = std::fs::remove_file(&part);
        // Synced to the medium before it has its name: a stick pulled out leaves a whole backup
        // or none.
        let written = crate::db::backup(&self.database, &part).and_then(|()| {
            std::fs::rename(&part, folder.join(file)).map_err(|e| e.to_string())?;
            crate::db::sync_to_disk(folder)
                .map_err(|e| format!("cannot sync {}: {e}", folder.display()))
        });
        if written.is_err() {
            let _ = std::fs::remove_file(&part);
        }
        written?;
        self.prune();
        Ok(())
    }

    /// Removes the service's backups beyond the last [`KEEP`] (their names sort by time).
    fn prune(&self) {
        let Ok(entries) = std::fs::read_dir(&self.folder) else {
            return;
        };
        let mut ours: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| is_backup(p))
            .collect();
        ours.sort();
        let excess = ours.len().saturating_sub(KEEP);
        for old in &ours[..excess] {
            if let Err(e) = std::fs::remove_file(old) {
                tracing::warn!("cannot remove the old backup {}: {e}", old.display());
            }
        }
    }
}

/// Whether `path` names a backup the service wrote.
fn is_backup(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("oware-") && n.ends_with(".db"))
}

/// `text` as a file name's part: letters and digits, the rest as single dashes, at most 60.
/// A backup's reason in the words of its file's name and of the log: the facts' own (the
/// tournament's name, the round) after what happened.
fn named(reason: &Kept) -> String {
    match reason {
        Kept::Text(text) => text.clone(),
        Kept::Said(said) => {
            let mut words: Vec<String> = said
                .args
                .iter()
                .filter_map(|(_, word)| match word {
                    Word::Text(t) => Some(t.clone()),
                    Word::Number(n) => Some(n.to_string()),
                    _ => None,
                })
                .collect();
            words.push(said.key.trim_start_matches("backup-").to_string());
            words.join(" ")
        }
    }
}

fn slug(text: &str) -> String {
    let mut slug = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').chars().take(60).collect()
}

/// The backups changes make due, and the folder they are written to when one is set.
#[derive(Clone)]
pub struct Keeper {
    db: super::Connections,
    folder: Option<Arc<Backups>>,
}

impl Keeper {
    pub fn new(db: super::Connections, folder: Option<Arc<Backups>>) -> Keeper {
        Keeper { db, folder }
    }

    /// The backups' folder and how the last one went (no folder: none set).
    pub fn backup_status(&self) -> BackupStatus {
        match &self.folder {
            Some(b) => b.status(),
            None => BackupStatus {
                folder: None,
                last: None,
            },
        }
    }

    /// Writes the backups changes made due (a round published, an event's last result in:
    /// `reactions`), in the order they were, as long as the service runs: at the start (those
    /// a stop left), then after every write. Without a folder, they are let go.
    pub async fn back_up_as_due(self) {
        let mut changes = self.db.changes();
        loop {
            if let Err(e) = self.take_backups_due().await {
                tracing::warn!("backups due: {e}");
            }
            if changes.changed().await.is_err() {
                return;
            }
            changes.borrow_and_update();
        }
    }

    async fn take_backups_due(&self) -> Result<(), ServiceError> {
        let due = self
            .db
            .read(|conn| Ok(crate::db::backups::due(conn)?))
            .await?;
        let Some(&(last, _)) = due.last() else {
            return Ok(());
        };
        self.db
            .write(move |conn| Ok(crate::db::backups::taken(conn, last)?))
            .await?;
        if let Some(backups) = self.folder.clone() {
            let written = tokio::task::spawn_blocking(move || {
                for (_, reason) in due {
                    backups.write(&reason);
                }
            });
            if let Err(e) = written.await {
                tracing::error!("backups: {e}");
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backup_is_named_after_its_reason() {
        assert_eq!(
            slug("Ayo Open 2026, round 3 published"),
            "ayo-open-2026-round-3-published"
        );
        assert_eq!(slug("Tournoi d'Abidjan — fin"), "tournoi-d-abidjan-fin");
        assert!(slug(&"x".repeat(100)).len() <= 60);
        // A reason kept as facts names its file by them, whatever the reader's language.
        let facts = crate::said!(
            "backup-round-published",
            tournament = "Club Open",
            round = 3
        );
        let kept = Kept::read(&facts.to_stored());
        assert_eq!(kept, Kept::Said(facts));
        assert_eq!(slug(&named(&kept)), "club-open-3-round-published");
        // One written before the facts were kept, as it was.
        assert_eq!(
            named(&Kept::read("Club Open, round 2 published")),
            "Club Open, round 2 published"
        );
    }

    #[test]
    fn the_last_backups_are_kept_and_a_failure_is_remembered() {
        let dir = tempfile::tempdir().unwrap();
        let url = dir.path().join("o.db").to_str().unwrap().to_string();
        crate::db::open(&url, 1).unwrap();
        let folder = dir.path().join("stick");
        std::fs::create_dir_all(&folder).unwrap();
        // Someone else's file in the folder stays.
        std::fs::write(folder.join("notes.txt"), "mine").unwrap();
        let backups = Backups::new(folder.clone(), &url);
        for k in 0..KEEP + 3 {
            // Names a second apart, as rounds are.
            let name = format!("oware-2026010{}-0000{k:02}-old.db", k / 10);
            std::fs::write(folder.join(name), "old").unwrap();
        }
        let written = backups.write("Club Open, round 1 published");
        assert_eq!(written.error, None);
        let mut names: Vec<String> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names.len(), KEEP + 1, "{names:?}");
        assert!(names.contains(&"notes.txt".to_string()));
        assert!(names.contains(&written.file), "{names:?}");
        assert!(written.file.ends_with("-club-open-round-1-published.db"));
        // A folder that cannot be written: the failure is what the staff see.
        let blocked = dir.path().join("file-not-folder");
        std::fs::write(&blocked, "x").unwrap();
        let backups = Backups::new(blocked, &url);
        let failed = backups.write("Club Open, round 2 published");
        assert!(failed.error.is_some());
        assert_eq!(backups.status().last.and_then(|b| b.error), failed.error);
        // The backup is readable by its owner only, as the database is.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            for file in [folder.join(&written.file), dir.path().join("o.db")] {
                let mode = std::fs::metadata(&file).unwrap().permissions().mode();
                assert_eq!(mode & 0o777, 0o600, "{}", file.display());
            }
        }
        // The stick pulled out: said, and the folder is not made again.
        let backups = Backups::new(folder.clone(), &url);
        std::fs::remove_dir_all(&folder).unwrap();
        let missing = backups.write("Club Open, round 3 published");
        assert!(
            missing
                .error
                .as_deref()
                .is_some_and(|e| e.contains("missing")),
            "{missing:?}"
        );
        assert!(!folder.exists());
    }
}
