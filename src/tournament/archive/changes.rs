//! A tournament file's changes from one export to the next: what a venue pushes to a hub that
//! has the earlier file (`docs/publishing.md`). The records that came, changed or went, by id
//! (players, rounds, games, sheets); the smaller lists whole when they changed (byes, pairs
//! kept apart, roll calls and answers, the notice, the clock); the audit entries written since.
//! [`FileChanges::between`] gives them only when applying them to the earlier file gives the
//! later one exactly: a hub that applies them holds the very file a whole push would have sent.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use super::check::Unchanged;
use super::{
    AuditPart, ByePart, CheckInPart, Checked, GamePart, NoticePart, PlayerPart, RecordKind,
    RollCallPart, RoundPart, SheetPart, TournamentFile, TournamentPart,
};
use crate::tournament::schedule::Schedule;
use crate::tournament::sheets::Accepted;

/// A record the file names by id.
pub trait Keyed {
    fn key(&self) -> i64;
}

macro_rules! keyed {
    ($($t:ty),*) => {$(
        impl Keyed for $t {
            fn key(&self) -> i64 {
                self.id
            }
        }
    )*};
}
keyed!(PlayerPart, RoundPart, GamePart, SheetPart);

/// The records of one kind that changed: each one put (new, or changed: whole), and those
/// gone, by id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "T: Deserialize<'de>"))]
pub struct Records<T> {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub put: Vec<T>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gone: Vec<i64>,
}

impl<T> Default for Records<T> {
    fn default() -> Self {
        Records {
            put: Vec::new(),
            gone: Vec::new(),
        }
    }
}

impl<T: Keyed + PartialEq + Clone> Records<T> {
    fn between(old: &[T], new: &[T]) -> Records<T> {
        let before: HashMap<i64, &T> = old.iter().map(|r| (r.key(), r)).collect();
        let now: HashSet<i64> = new.iter().map(Keyed::key).collect();
        Records {
            put: new
                .iter()
                .filter(|r| before.get(&r.key()) != Some(r))
                .cloned()
                .collect(),
            gone: old
                .iter()
                .map(Keyed::key)
                .filter(|k| !now.contains(k))
                .collect(),
        }
    }

    /// Those gone taken out, a changed one replaced where it stood, a new one added last.
    fn apply(&self, list: &mut Vec<T>) {
        if !self.gone.is_empty() {
            let gone: HashSet<i64> = self.gone.iter().copied().collect();
            list.retain(|r| !gone.contains(&r.key()));
        }
        let mut at: HashMap<i64, usize> =
            list.iter().enumerate().map(|(i, r)| (r.key(), i)).collect();
        for r in &self.put {
            match at.get(&r.key()) {
                Some(&i) => list[i] = r.clone(),
                None => {
                    at.insert(r.key(), list.len());
                    list.push(r.clone());
                }
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.put.is_empty() && self.gone.is_empty()
    }

    /// How many records came, changed or went.
    pub fn len(&self) -> usize {
        self.put.len() + self.gone.len()
    }
}

/// A part given whole (`value` may be nothing: the notice taken down).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Whole<T> {
    pub value: T,
}

/// What changed from one file to the next (see the module).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileChanges {
    /// The later file's moment of export.
    pub exported_at: NaiveDateTime,
    /// The settings, prizes and teams, when any of them changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentPart>,
    #[serde(default, skip_serializing_if = "Records::is_empty")]
    pub players: Records<PlayerPart>,
    #[serde(default, skip_serializing_if = "Records::is_empty")]
    pub rounds: Records<RoundPart>,
    #[serde(default, skip_serializing_if = "Records::is_empty")]
    pub games: Records<GamePart>,
    #[serde(default, skip_serializing_if = "Records::is_empty")]
    pub sheets: Records<SheetPart>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byes: Option<Vec<ByePart>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prohibited_pairs: Option<Vec<[i64; 2]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll_calls: Option<Vec<RollCallPart>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_ins: Option<Vec<CheckInPart>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notice: Option<Whole<Option<NoticePart>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<Whole<Option<Schedule>>>,
    /// The audit entries written since, oldest first (an audit trail only grows).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audit: Vec<AuditPart>,
}

/// A list whole when it differs.
fn whole<T: PartialEq + Clone>(old: &T, new: &T) -> Option<T> {
    (old != new).then(|| new.clone())
}

/// The tournament's part as JSON: its settings are compared as they are written.
fn part(p: &TournamentPart) -> serde_json::Value {
    serde_json::to_value(p).unwrap_or_default()
}

impl FileChanges {
    /// The ids of the records put, by kind.
    pub fn put_by_kind(&self) -> [(RecordKind, Vec<i64>); 4] {
        fn keys<T: Keyed>(records: &Records<T>) -> Vec<i64> {
            records.put.iter().map(Keyed::key).collect()
        }
        [
            (RecordKind::Player, keys(&self.players)),
            (RecordKind::Round, keys(&self.rounds)),
            (RecordKind::Game, keys(&self.games)),
            (RecordKind::Sheet, keys(&self.sheets)),
        ]
    }

    /// The ids of the records gone, by kind, each before the kinds it names (a sheet before its
    /// game, a game before its round and its players).
    pub fn gone_by_kind(&self) -> [(RecordKind, &[i64]); 4] {
        [
            (RecordKind::Sheet, &self.sheets.gone),
            (RecordKind::Game, &self.games.gone),
            (RecordKind::Round, &self.rounds.gone),
            (RecordKind::Player, &self.players.gone),
        ]
    }

    /// The changes from `old` to `new`, when applying them to `old` gives `new` exactly: none
    /// when the files are of other formats or identities, or when the audit trail of `new`
    /// does not go on from `old`'s.
    pub fn between(old: &TournamentFile, new: &TournamentFile) -> Option<FileChanges> {
        if old.format != new.format
            || old.version != new.version
            || old.tournament.uid != new.tournament.uid
            || new.audit.len() < old.audit.len()
            || new.audit[..old.audit.len()] != old.audit[..]
        {
            return None;
        }
        let changes = FileChanges {
            exported_at: new.exported_at,
            tournament: (part(&old.tournament) != part(&new.tournament))
                .then(|| new.tournament.clone()),
            players: Records::between(&old.players, &new.players),
            rounds: Records::between(&old.rounds, &new.rounds),
            games: Records::between(&old.games, &new.games),
            sheets: Records::between(&old.sheets, &new.sheets),
            byes: whole(&old.byes, &new.byes),
            prohibited_pairs: whole(&old.prohibited_pairs, &new.prohibited_pairs),
            roll_calls: whole(&old.roll_calls, &new.roll_calls),
            check_ins: whole(&old.check_ins, &new.check_ins),
            notice: whole(&old.notice, &new.notice).map(|value| Whole { value }),
            schedule: whole(&old.schedule, &new.schedule).map(|value| Whole { value }),
            audit: new.audit[old.audit.len()..].to_vec(),
        };
        let mut applied = old.clone();
        changes.apply(&mut applied);
        same(&applied, new).then_some(changes)
    }

    /// Applies the changes to the file they were taken from.
    pub fn apply(&self, file: &mut TournamentFile) {
        file.exported_at = self.exported_at;
        if let Some(t) = &self.tournament {
            file.tournament = t.clone();
        }
        self.players.apply(&mut file.players);
        self.rounds.apply(&mut file.rounds);
        self.games.apply(&mut file.games);
        self.sheets.apply(&mut file.sheets);
        self.apply_lists(file);
        file.audit.extend(self.audit.iter().cloned());
    }

    /// Gives `file` the lists given whole, the notice and the clock: whether a list the whole
    /// check holds to the players and rounds (byes, pairs kept apart, roll calls and their
    /// answers) was among them.
    pub fn apply_lists(&self, file: &mut TournamentFile) -> bool {
        put(&mut file.byes, &self.byes);
        put(&mut file.prohibited_pairs, &self.prohibited_pairs);
        put(&mut file.roll_calls, &self.roll_calls);
        put(&mut file.check_ins, &self.check_ins);
        if let Some(notice) = &self.notice {
            file.notice.clone_from(&notice.value);
        }
        if let Some(schedule) = &self.schedule {
            file.schedule = schedule.value;
        }
        self.byes.is_some()
            || self.prohibited_pairs.is_some()
            || self.roll_calls.is_some()
            || self.check_ins.is_some()
    }

    /// The names of the file's lists the changes give whole (`byes`, `prohibited_pairs`,
    /// `roll_calls`, `check_ins`, `notice`, `schedule`).
    pub fn lists_given(&self) -> Vec<&'static str> {
        [
            (self.byes.is_some(), "byes"),
            (self.prohibited_pairs.is_some(), "prohibited_pairs"),
            (self.roll_calls.is_some(), "roll_calls"),
            (self.check_ins.is_some(), "check_ins"),
            (self.notice.is_some(), "notice"),
            (self.schedule.is_some(), "schedule"),
        ]
        .into_iter()
        .filter_map(|(given, part)| given.then_some(part))
        .collect()
    }

    /// How many records the changes hold (what a hub's entry for them says).
    pub fn count(&self) -> usize {
        usize::from(self.tournament.is_some())
            + self.players.len()
            + self.rounds.len()
            + self.games.len()
            + self.sheets.len()
            + self.byes.as_ref().map_or(0, Vec::len)
            + self.prohibited_pairs.as_ref().map_or(0, Vec::len)
            + self.roll_calls.as_ref().map_or(0, Vec::len)
            + self.check_ins.as_ref().map_or(0, Vec::len)
            + usize::from(self.notice.is_some())
            + usize::from(self.schedule.is_some())
            + self.audit.len()
    }

    /// What the check of `before` gave for the games and sheets these changes leave as they
    /// were: the check of the file after them need not replay those again.
    pub fn unchanged(&self, before: &TournamentFile, checked: Checked) -> Unchanged {
        let kept = |ids: Vec<i64>, accepted: Vec<Accepted>, changed: HashSet<i64>| {
            ids.into_iter()
                .zip(accepted)
                .filter(|(id, _)| !changed.contains(id))
                .collect()
        };
        let games = before.games.iter().map(|g| g.id).collect();
        let sheets = before.sheets.iter().map(|s| s.id).collect();
        let changed_games = self.games.put.iter().map(|g| g.id).collect();
        let changed_sheets = self.sheets.put.iter().map(|s| s.id).collect();
        Unchanged {
            rules: checked.settings.rules.clone(),
            require_moves: checked.settings.switches.require_moves,
            games: kept(games, checked.games, changed_games),
            sheets: kept(sheets, checked.sheets, changed_sheets),
        }
    }
}

/// A list given whole replaces the one before.
fn put<T: Clone>(list: &mut Vec<T>, new: &Option<Vec<T>>) {
    if let Some(new) = new {
        list.clone_from(new);
    }
}

/// Whether two files hold the same (their moments of export aside).
pub fn same(a: &TournamentFile, b: &TournamentFile) -> bool {
    a.format == b.format
        && a.version == b.version
        && part(&a.tournament) == part(&b.tournament)
        && a.players == b.players
        && a.rounds == b.rounds
        && a.games == b.games
        && a.sheets == b.sheets
        && a.byes == b.byes
        && a.prohibited_pairs == b.prohibited_pairs
        && a.roll_calls == b.roll_calls
        && a.check_ins == b.check_ins
        && a.notice == b.notice
        && a.schedule == b.schedule
        && a.audit == b.audit
}

#[cfg(test)]
pub(super) mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::super::check::tests::file;
    use super::super::check_after;
    use super::*;
    use crate::tournament::{ByeKind, GameStatus};

    fn at(seconds: i64) -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000 + seconds, 0)
            .unwrap()
            .naive_utc()
    }

    /// One change of the kinds a tournament makes, at random.
    pub(in crate::tournament::archive) fn change(
        file: &mut TournamentFile,
        rng: &mut StdRng,
        step: i64,
    ) {
        let next = 1000 + step;
        match rng.gen_range(0..12) {
            0 => {
                let mut p = file.players[0].clone();
                p.id = next;
                p.name = format!("Player {next}");
                file.players.push(p);
            }
            1 => {
                let i = rng.gen_range(0..file.players.len());
                file.players[i].withdrawn ^= true;
                file.players[i].club = format!("Club {step}");
            }
            2 if file.players.len() > 2 => {
                let i = rng.gen_range(2..file.players.len());
                file.players.remove(i);
            }
            3 => {
                let mut r = file.rounds[0].clone();
                r.id = next;
                r.number = file.rounds.iter().map(|r| r.number).max().unwrap_or(0) + 1;
                r.published_at = None;
                file.rounds.push(r);
            }
            4 => {
                let mut g = file.games[0].clone();
                g.id = next;
                g.board = Some(next);
                g.status = GameStatus::Pending;
                file.games.push(g);
            }
            5 => {
                let i = rng.gen_range(0..file.games.len());
                file.games[i].status = GameStatus::Final;
                file.games[i].reason = Some(format!("ruled at step {step}"));
                file.games[i].updated_at = at(step);
            }
            6 if file.games.len() > 1 => {
                let i = rng.gen_range(1..file.games.len());
                file.games.remove(i);
            }
            7 => {
                let mut s = file.sheets[0].clone();
                s.id = next;
                s.created_at = at(step);
                file.sheets.push(s);
            }
            8 => {
                file.notice = rng.gen_bool(0.7).then(|| NoticePart {
                    text: format!("Round {step} at noon"),
                    written_at: at(step),
                });
            }
            9 => file.byes.push(ByePart {
                player: file.players[0].id,
                round: step,
                kind: ByeKind::Half,
                created_at: at(step),
            }),
            10 => file.tournament.settings.venue = Some(format!("Hall {step}")),
            _ => file.check_ins.push(CheckInPart {
                round: 1,
                player: next,
                present: true,
                by_player: rng.gen_bool(0.5),
                at: at(step),
            }),
        }
        file.audit.push(AuditPart {
            at: at(step),
            actor: "controller".to_string(),
            action: "game.rule".to_string(),
            entity: "game".to_string(),
            entity_id: Some(step),
            before: None,
            after: Some(serde_json::json!({ "step": step })),
            sender: None,
        });
        file.exported_at = at(step);
    }

    #[test]
    fn applying_the_changes_between_two_files_gives_the_later_one() {
        for seed in 0..300 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut old = file();
            for step in 0..rng.gen_range(0..20) {
                change(&mut old, &mut rng, step);
            }
            let mut new = old.clone();
            for step in 20..20 + rng.gen_range(1..8) {
                change(&mut new, &mut rng, step);
            }
            let changes = FileChanges::between(&old, &new)
                .unwrap_or_else(|| panic!("seed {seed}: no changes between the two files"));
            // As the hub reads them off the wire.
            let text = serde_json::to_string(&changes).unwrap();
            let read: FileChanges = serde_json::from_str(&text).unwrap();
            let mut applied = old.clone();
            read.apply(&mut applied);
            assert!(same(&applied, &new), "seed {seed}: {text}");
            assert_eq!(applied.exported_at, new.exported_at);
            assert!(changes.count() >= 1);
        }
    }

    #[test]
    fn changes_are_only_what_changed() {
        let old = file();
        let mut new = old.clone();
        new.games[0].reason = Some("the controller's ruling".to_string());
        let changes = FileChanges::between(&old, &new).unwrap();
        assert_eq!(changes.games.put, vec![new.games[0].clone()]);
        assert!(changes.players.is_empty() && changes.sheets.is_empty());
        assert!(changes.tournament.is_none() && changes.notice.is_none());
        assert_eq!(changes.count(), 1);
        let same_again = FileChanges::between(&new, &new).unwrap();
        assert_eq!(same_again.count(), 0);
    }

    #[test]
    fn a_history_that_does_not_go_on_from_the_earlier_file_has_no_changes() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut old = file();
        change(&mut old, &mut rng, 1);
        let mut new = old.clone();
        new.audit[0].actor = "someone else".to_string();
        assert!(FileChanges::between(&old, &new).is_none());
        let mut other = old.clone();
        other.tournament.uid = Some("fedcba9876543210fedcba9876543210".to_string());
        assert!(FileChanges::between(&old, &other).is_none());
        // A game moved before another: the later order cannot be had by applying.
        let mut moved = old.clone();
        let mut g = moved.games[0].clone();
        g.id = 5;
        g.board = Some(9);
        moved.games.insert(0, g);
        assert!(FileChanges::between(&old, &moved).is_none());
    }

    #[test]
    fn only_what_changed_is_replayed_again() {
        let old = file();
        let mut checked = check_after(&old, 10, None).unwrap();
        // What the earlier check gave is taken for a game the same in the later file: marked
        // here so it shows.
        checked.games[0].end_reason = Some("marked".to_string());
        checked.sheets[1].end_reason = Some("marked".to_string());
        let mut new = old.clone();
        new.sheets[0].created_at = at(5);
        let earlier = |new: &TournamentFile| {
            let changes = FileChanges::between(&old, new).unwrap();
            Some(changes.unchanged(&old, checked.clone()))
        };
        let again = check_after(&new, 10, earlier(&new)).unwrap();
        assert_eq!(again.games[0].end_reason.as_deref(), Some("marked"));
        assert_eq!(again.sheets[1].end_reason.as_deref(), Some("marked"));
        assert_ne!(again.sheets[0].end_reason.as_deref(), Some("marked"));
        // Other rules: everything replayed again.
        let mut other_rules = new.clone();
        other_rules.tournament.settings.rules = Some("tournament".to_string());
        let again = check_after(&other_rules, 10, earlier(&other_rules)).unwrap();
        assert_ne!(again.games[0].end_reason.as_deref(), Some("marked"));
        // A changed sheet whose moves no longer give its result is refused as in a whole file.
        let mut tampered = old.clone();
        tampered.sheets[1].moves = "1. C f 2. A a".to_string();
        let whole = crate::tournament::archive::check(&tampered, 10).unwrap_err();
        let after = check_after(&tampered, 10, earlier(&tampered)).unwrap_err();
        assert_eq!(format!("{after:?}"), format!("{whole:?}"));
    }
}
