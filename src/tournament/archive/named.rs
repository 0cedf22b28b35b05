//! A push's changes from a venue's log (`src/db/venue_log.rs`), without the whole file: the
//! records the log names since the file the hub took, read as they are now ([`Named`]), and the
//! fingerprint of that file ([`Fingerprint`]) give the changes and the later file's fingerprint
//! ([`Fingerprint::advance`]), exactly as the later file itself would (a record named but not
//! changed is no change; one named and no longer there is gone; a new one comes last, as
//! [`super::Records`] are applied).
//!
//! The digest of a file ([`Fingerprint::digest`]) is taken from its fingerprint, so the venue
//! has it without the file: the records' hashes by id, each whole part's hash and the trail's.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use serde::Serialize;
use sha2::Digest;

use super::changes::{FileChanges, Keyed, Records, Whole};
use super::fingerprint::{Entry, RECORD_PARTS, WHOLE_PARTS, chain, hash, tournament_hash};
use super::{
    AuditPart, ByePart, CheckInPart, Fingerprint, GamePart, NoticePart, PlayerPart, RollCallPart,
    RoundPart, SheetPart, TournamentPart,
};
use crate::tournament::schedule::Schedule;

/// The records of one kind a log names, as they are now.
#[derive(Clone, Debug, PartialEq)]
pub enum Found<T> {
    /// Those of these ids (the ids named; `now`: those still there).
    Ids { ids: Vec<i64>, now: Vec<T> },
    /// Every record of the kind (the part named whole).
    Whole(Vec<T>),
}

impl<T> Default for Found<T> {
    fn default() -> Self {
        Found::Ids {
            ids: Vec::new(),
            now: Vec::new(),
        }
    }
}

/// What a venue's log names since the file the hub took, read now (a list given whole: `None`
/// when not named).
#[derive(Clone, Debug, Default)]
pub struct Named {
    pub exported_at: NaiveDateTime,
    pub tournament: Option<TournamentPart>,
    pub players: Found<PlayerPart>,
    pub rounds: Found<RoundPart>,
    pub games: Found<GamePart>,
    pub sheets: Found<SheetPart>,
    pub byes: Option<Vec<ByePart>>,
    pub prohibited_pairs: Option<Vec<[i64; 2]>>,
    pub roll_calls: Option<Vec<RollCallPart>>,
    pub check_ins: Option<Vec<CheckInPart>>,
    pub notice: Option<Option<NoticePart>>,
    pub schedule: Option<Option<Schedule>>,
    /// The audit entries after those the fingerprint counts, oldest first.
    pub audit: Vec<AuditPart>,
}

/// The entries of a record part after `found`, and its changes.
fn advanced<T: Keyed + Serialize + Clone>(
    old: &[Entry],
    found: Found<T>,
) -> (Vec<Entry>, Records<T>) {
    let before: HashMap<i64, i64> = old.iter().copied().collect();
    let (named, now): (Option<HashSet<i64>>, Vec<T>) = match found {
        Found::Ids { ids, now } => (Some(ids.into_iter().collect()), now),
        Found::Whole(now) => (None, now),
    };
    let mut buffer = Vec::with_capacity(512);
    let hashed: Vec<(i64, i64)> = now
        .iter()
        .map(|r| (r.key(), super::fingerprint::hash_in(r, &mut buffer)))
        .collect();
    let there: HashSet<i64> = hashed.iter().map(|(k, _)| *k).collect();
    let gone: Vec<i64> = old
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| !there.contains(k) && named.as_ref().is_none_or(|n| n.contains(k)))
        .collect();
    let changed: HashMap<i64, i64> = hashed
        .iter()
        .filter(|(k, h)| before.get(k) != Some(h))
        .copied()
        .collect();
    let gone_set: HashSet<i64> = gone.iter().copied().collect();
    let mut entries: Vec<Entry> = old
        .iter()
        .filter(|(k, _)| !gone_set.contains(k))
        .map(|(k, h)| (*k, changed.get(k).copied().unwrap_or(*h)))
        .collect();
    entries.extend(hashed.iter().filter(|(k, _)| !before.contains_key(k)));
    let put = now
        .into_iter()
        .filter(|r| changed.contains_key(&r.key()))
        .collect();
    (entries, Records { put, gone })
}

impl Fingerprint {
    /// The changes from the file this is the fingerprint of to the file whose records the log
    /// names as `named`, and that file's fingerprint.
    pub fn advance(&self, named: Named) -> (Fingerprint, FileChanges) {
        let mut next = self.clone();
        let (players, players_put) = advanced(self.part("players"), named.players);
        let (rounds, rounds_put) = advanced(self.part("rounds"), named.rounds);
        let (games, games_put) = advanced(self.part("games"), named.games);
        let (sheets, sheets_put) = advanced(self.part("sheets"), named.sheets);
        for (part, entries) in [
            ("players", players),
            ("rounds", rounds),
            ("games", games),
            ("sheets", sheets),
        ] {
            next.parts.insert(part, entries);
        }
        // A part given whole: in the changes when its hash is not the one taken.
        let mut whole = |part: &'static str, h: Option<i64>| {
            let h = h?;
            let changed = self.whole(part) != Some(h);
            next.parts.insert(part, vec![(0, h)]);
            changed.then_some(())
        };
        let tournament = named
            .tournament
            .filter(|t| whole("tournament", Some(tournament_hash(t))).is_some());
        let byes = named
            .byes
            .filter(|v| whole("byes", Some(hash(v))).is_some());
        let prohibited_pairs = named
            .prohibited_pairs
            .filter(|v| whole("prohibited_pairs", Some(hash(v))).is_some());
        let roll_calls = named
            .roll_calls
            .filter(|v| whole("roll_calls", Some(hash(v))).is_some());
        let check_ins = named
            .check_ins
            .filter(|v| whole("check_ins", Some(hash(v))).is_some());
        let notice = named
            .notice
            .filter(|v| whole("notice", Some(hash(v))).is_some())
            .map(|value| Whole { value });
        let schedule = named
            .schedule
            .filter(|v| whole("schedule", Some(hash(v))).is_some())
            .map(|value| Whole { value });
        next.audit = (
            self.audit.0 + named.audit.len() as i64,
            chain(self.audit.1, &named.audit),
        );
        let changes = FileChanges {
            exported_at: named.exported_at,
            tournament,
            players: players_put,
            rounds: rounds_put,
            games: games_put,
            sheets: sheets_put,
            byes,
            prohibited_pairs,
            roll_calls,
            check_ins,
            notice,
            schedule,
            audit: named.audit,
        };
        (next, changes)
    }

    /// The digest of the file this is the fingerprint of (hex SHA-256): what the file says of
    /// itself, each record's id and hash by id, each whole part's hash, the trail's length and
    /// hash. Two files with one digest hold the same records, lists and trail (but for the
    /// moment of their export, and the order of their records).
    pub fn digest(&self) -> String {
        let mut h = sha2::Sha256::new();
        h.update(b"oware-tournament fingerprint 1\n");
        h.update(self.format.as_bytes());
        h.update(self.version.to_le_bytes());
        h.update(self.uid.as_deref().unwrap_or("").as_bytes());
        for name in RECORD_PARTS {
            let mut entries = self.part(name).to_vec();
            entries.sort_unstable();
            h.update(name.as_bytes());
            h.update((entries.len() as u64).to_le_bytes());
            for (k, v) in entries {
                h.update(k.to_le_bytes());
                h.update(v.to_le_bytes());
            }
        }
        for name in WHOLE_PARTS {
            h.update(name.as_bytes());
            h.update(self.whole(name).unwrap_or(0).to_le_bytes());
        }
        h.update(self.audit.0.to_le_bytes());
        h.update(self.audit.1.to_le_bytes());
        h.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }
}
