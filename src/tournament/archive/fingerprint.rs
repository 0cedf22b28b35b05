//! What a venue keeps of the file a hub took, instead of the file: each record's id and a hash
//! of it, in the file's order, a hash of each list given whole, and the audit trail's length
//! with a hash of it. With the records its log names since (`Fingerprint::advance`, in
//! `named.rs`) it gives the changes exactly as [`super::FileChanges::between`] gives them from
//! the two files, the next fingerprint and the digest, so the venue keeps a few bytes a record,
//! written down with each push the hub took, and a venue started again pushes changes, not the
//! whole file.
//!
//! The hashes are the first 8 bytes of SHA-256 over a record's JSON: two different records
//! share one by chance once in 2^64.

use std::collections::{HashMap, HashSet};

use serde::Serialize;
use sha2::Digest;

use super::changes::Keyed;
use super::{TournamentFile, TournamentPart};

/// A record's id and hash.
pub type Entry = (i64, i64);

/// The fingerprint of one file (see the module).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fingerprint {
    pub format: String,
    pub version: u32,
    pub uid: Option<String>,
    /// The parts: each record's id and hash in the file's order for those named by id, one
    /// hash for the others (id 0).
    pub parts: HashMap<&'static str, Vec<Entry>>,
    /// The number of audit entries, and a hash of them all.
    pub audit: (i64, i64),
}

/// The parts a fingerprint holds record by record.
pub const RECORD_PARTS: [&str; 4] = ["players", "rounds", "games", "sheets"];
/// The parts a fingerprint holds as one hash.
pub const WHOLE_PARTS: [&str; 7] = [
    "tournament",
    "byes",
    "prohibited_pairs",
    "roll_calls",
    "check_ins",
    "notice",
    "schedule",
];

/// The hash of `value`'s JSON (written whole into `buffer`, then hashed at once: serde writes
/// in small pieces).
pub(super) fn hash_in(value: &impl Serialize, buffer: &mut Vec<u8>) -> i64 {
    buffer.clear();
    // A value that does not serialise hashes as nothing: it never equals a record that does.
    let _ = serde_json::to_writer(&mut *buffer, value);
    first_bytes(&sha2::Sha256::digest(buffer.as_slice()))
}

pub(super) fn hash(value: &impl Serialize) -> i64 {
    hash_in(value, &mut Vec::new())
}

fn first_bytes(digest: &[u8]) -> i64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&digest[..8]);
    i64::from_le_bytes(bytes)
}

/// The tournament's part as it is compared (its settings as they are written).
pub(super) fn tournament_hash(p: &TournamentPart) -> i64 {
    hash(&serde_json::to_value(p).unwrap_or_default())
}

fn entries<T: Keyed + Serialize>(records: &[T]) -> Vec<Entry> {
    let mut buffer = Vec::with_capacity(512);
    records
        .iter()
        .map(|r| (r.key(), hash_in(r, &mut buffer)))
        .collect()
}

/// The hash of a trail whose entries before `entries` hash as `h`: each entry's hash is that
/// of the one before it with the entry, so a trail's hash goes on with its new entries alone.
pub(super) fn chain(mut h: i64, entries: &[super::AuditPart]) -> i64 {
    let mut buffer = Vec::with_capacity(512);
    for entry in entries {
        buffer.clear();
        buffer.extend_from_slice(&h.to_le_bytes());
        let _ = serde_json::to_writer(&mut buffer, entry);
        h = first_bytes(&sha2::Sha256::digest(buffer.as_slice()));
    }
    h
}

/// The length and hash of the first `n` entries of a trail.
fn trail(audit: &[super::AuditPart], n: usize) -> (i64, i64) {
    (n as i64, chain(0, &audit[..n]))
}

/// The whole parts' hashes of a file, by part.
fn wholes(file: &TournamentFile) -> [(&'static str, i64); 7] {
    [
        ("tournament", tournament_hash(&file.tournament)),
        ("byes", hash(&file.byes)),
        ("prohibited_pairs", hash(&file.prohibited_pairs)),
        ("roll_calls", hash(&file.roll_calls)),
        ("check_ins", hash(&file.check_ins)),
        ("notice", hash(&file.notice)),
        ("schedule", hash(&file.schedule)),
    ]
}

/// Whether `now` keeps the records of `old` it still has in their order and puts its new ones
/// after them: the order applying changes to `old` gives.
fn in_applied_order(old: &[Entry], now: &[Entry]) -> bool {
    let keys: HashSet<i64> = now.iter().map(|(k, _)| *k).collect();
    let before: HashSet<i64> = old.iter().map(|(k, _)| *k).collect();
    let kept = old.iter().map(|(k, _)| *k).filter(|k| keys.contains(k));
    let added = now.iter().map(|(k, _)| *k).filter(|k| !before.contains(k));
    kept.chain(added).eq(now.iter().map(|(k, _)| *k))
}

impl Fingerprint {
    /// The fingerprint of `file`.
    pub fn of(file: &TournamentFile) -> Fingerprint {
        let mut parts: HashMap<&'static str, Vec<Entry>> = HashMap::new();
        parts.insert("players", entries(&file.players));
        parts.insert("rounds", entries(&file.rounds));
        parts.insert("games", entries(&file.games));
        parts.insert("sheets", entries(&file.sheets));
        for (part, h) in wholes(file) {
            parts.insert(part, vec![(0, h)]);
        }
        Fingerprint {
            format: file.format.clone(),
            version: file.version,
            uid: file.tournament.uid.clone(),
            parts,
            audit: trail(&file.audit, file.audit.len()),
        }
    }

    pub(super) fn part(&self, name: &str) -> &[Entry] {
        self.parts.get(name).map_or(&[], Vec::as_slice)
    }

    /// The hash of a part held whole (none when the fingerprint has no such part).
    pub(super) fn whole(&self, name: &str) -> Option<i64> {
        self.part(name).first().map(|(_, h)| *h)
    }

    /// Whether `next` keeps the records this one has in their order, and puts its new ones
    /// after them: what changes leave (then only the rows that changed are written again).
    pub fn follows(&self, next: &Fingerprint) -> bool {
        RECORD_PARTS
            .iter()
            .all(|name| in_applied_order(self.part(name), next.part(name)))
    }

    /// Its rows as the venue writes them down: part, position, id, hash.
    pub fn rows(&self) -> Vec<(&'static str, i64, i64, i64)> {
        let mut rows = Vec::new();
        for name in RECORD_PARTS.iter().chain(WHOLE_PARTS.iter()) {
            for (i, (k, h)) in self.part(name).iter().enumerate() {
                rows.push((*name, i as i64, *k, *h));
            }
        }
        rows.push(("audit", 0, self.audit.0, self.audit.1));
        rows
    }

    /// A fingerprint read back from its rows (with what the file says of itself), or none when
    /// a part is missing or unknown.
    pub fn from_rows(
        (format, version, uid): (String, u32, Option<String>),
        rows: &[(String, i64, i64, i64)],
    ) -> Option<Fingerprint> {
        let mut f = Fingerprint {
            format,
            version,
            uid,
            ..Fingerprint::default()
        };
        let mut audit = None;
        let mut sorted: Vec<&(String, i64, i64, i64)> = rows.iter().collect();
        sorted.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        for (part, _, key, h) in sorted {
            if part == "audit" {
                audit = Some((*key, *h));
                continue;
            }
            let name = RECORD_PARTS
                .iter()
                .chain(WHOLE_PARTS.iter())
                .find(|n| **n == part.as_str())?;
            f.parts.entry(name).or_default().push((*key, *h));
        }
        f.audit = audit?;
        for name in RECORD_PARTS {
            f.parts.entry(name).or_default();
        }
        WHOLE_PARTS
            .iter()
            .all(|n| f.parts.get(n).is_some_and(|p| p.len() == 1))
            .then_some(f)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::super::FileChanges;
    use super::super::changes::tests::change;
    use super::super::check::tests::{file, full_file};
    use super::*;

    #[test]
    fn a_fingerprint_read_back_from_its_rows_follows_as_the_changes_do() {
        let mut rng = StdRng::seed_from_u64(68);
        let mut differed = 0;
        for run in 0..300 {
            let mut old = if run % 2 == 0 { file() } else { full_file() };
            for step in 0..rand::Rng::gen_range(&mut rng, 0..4) {
                change(&mut old, &mut rng, step);
            }
            let mut print = Fingerprint::of(&old);
            // Read back from the rows the venue writes down.
            let rows: Vec<(String, i64, i64, i64)> = print
                .rows()
                .into_iter()
                .map(|(p, i, k, h)| (p.to_string(), i, k, h))
                .collect();
            let read = Fingerprint::from_rows(
                (old.format.clone(), old.version, old.tournament.uid.clone()),
                &rows,
            );
            assert_eq!(read.as_ref(), Some(&print), "run {run}");
            let mut new = old.clone();
            for push in 0..3 {
                for step in 0..rand::Rng::gen_range(&mut rng, 1..5) {
                    change(&mut new, &mut rng, 100 * (run * 10 + push) + step);
                }
                // Now and then, records in another order (which only the whole file carries).
                if rand::Rng::gen_bool(&mut rng, 0.1) && new.players.len() > 1 {
                    new.players.swap(0, 1);
                }
                let from_file = FileChanges::between(&old, &new);
                let next = Fingerprint::of(&new);
                // The records kept in their order and the new ones last: what changes give.
                assert_eq!(
                    print.follows(&next),
                    from_file.is_some(),
                    "run {run}, push {push}"
                );
                differed += usize::from(from_file.is_none());
                if from_file.is_none() {
                    break;
                }
                print = next;
                old = new.clone();
            }
        }
        assert!(differed > 0, "no run needed the whole file");
    }
}
