//! The write-ahead log's file as the writer syncs it.

use std::sync::Arc;

use super::sync_to_disk;

/// The write-ahead log's file, synced by the writer after each group of commits: the writes of
/// a group are acknowledged only once it is on disk, as `synchronous = FULL` would have each
/// commit do, with one sync for the group instead of one each.
pub(super) struct Log {
    path: std::path::PathBuf,
    file: Option<(std::fs::File, u64)>,
    /// Whether the folder has been synced since the log's file appeared (its name is on disk).
    folder_synced: bool,
    syncs: Arc<std::sync::atomic::AtomicU64>,
}

impl Log {
    pub(super) fn new(url: &str, syncs: Arc<std::sync::atomic::AtomicU64>) -> Log {
        Log {
            path: format!("{url}-wal").into(),
            file: None,
            folder_synced: false,
            syncs,
        }
    }

    /// Syncs the log's file to disk: false when it cannot be.
    pub(super) fn sync(&mut self) -> bool {
        use std::os::unix::fs::MetadataExt;
        let inode = match std::fs::metadata(&self.path) {
            Ok(m) => m.ino(),
            // No log yet: nothing was committed through it.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return true,
            Err(e) => return self.failed(&e),
        };
        if self.file.as_ref().is_none_or(|(_, i)| *i != inode) {
            match std::fs::File::open(&self.path) {
                Ok(file) => {
                    self.file = Some((file, inode));
                    self.folder_synced = false;
                }
                Err(e) => return self.failed(&e),
            }
        }
        let Some((file, _)) = &self.file else {
            return false;
        };
        if let Err(e) = file.sync_data() {
            self.file = None;
            return self.failed(&e);
        }
        if !self.folder_synced {
            let folder = match self.path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => std::path::Path::new("."),
            };
            match sync_to_disk(folder) {
                Ok(()) => self.folder_synced = true,
                Err(e) => return self.failed(&e),
            }
        }
        self.syncs
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        true
    }

    fn failed(&self, e: &std::io::Error) -> bool {
        tracing::error!(
            "cannot sync the database's log {}: {e}",
            self.path.display()
        );
        false
    }
}
