//! A whole tournament as one file (`oware-tournament`, version 1; described field by field in
//! `docs/tournament-file.md`): what one copy of the service exports and another imports, the
//! players, rounds, games, every sheet with its moves, the byes, the roll calls, the notice, the
//! clock and the audit trail. Confirmations, disputes and rulings are where the service keeps
//! them: a game's status, its sheets in the order they came, the ruling's reason and the audit
//! entries. [`check`] is what an import does before it writes anything.
//!
//! Records refer to each other by the ids of the copy that wrote the file; the copy that reads
//! it gives them ids of its own. What the replay works out (the moves written in letters with
//! their captures, the number of plies, how the game ended, whether the moves were checked) is
//! not in the file: the reader replays the moves and works it out again.

mod changes;
mod check;
mod fingerprint;
mod named;
mod touched;

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

pub use changes::{FileChanges, Keyed, Records, Whole, same};
/// A small file with something in every part, for the tests of what carries a file.
#[cfg(test)]
pub(crate) use check::tests::full_file;
pub use check::{
    AuditSize, Checked, MOST_AUDIT_BYTES, MOST_AUDIT_ENTRIES, MOST_ENTRY_BYTES, Unchanged,
    audit_after, check, check_after,
};
pub use fingerprint::Fingerprint;
pub use named::{Found, Named};
/// The part of a file a hub reads for changes ([`Touched`]), as the tests of its reader want it.
#[cfg(test)]
pub(crate) use touched::tests::part_of;
pub use touched::{Index, Touched, check_changes, check_part};

use super::prizes::PrizeList;
use super::schedule::Schedule;
use super::settings::SettingsInput;
use super::sheets::EndKind;
use super::teams::TeamSettings;
use super::{ByeKind, GameStatus, ResultKind, Winner};

/// The kinds of a file's records that name each other by the ids of the copy that wrote the
/// file: how a hub writes down which row of its copy each of a venue's records is
/// (`copy_ids.kind`), and how the audit trail names them (`entity`).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::AsRefStr,
    strum::EnumIter,
)]
#[strum(serialize_all = "lowercase")]
pub enum RecordKind {
    Player,
    Round,
    Game,
    Sheet,
}

impl RecordKind {
    /// The table of its rows.
    pub fn table(self) -> &'static str {
        match self {
            RecordKind::Player => "players",
            RecordKind::Round => "rounds",
            RecordKind::Game => "games",
            RecordKind::Sheet => "sheets",
        }
    }
}

/// What the file's `format` says.
pub const FORMAT: &str = "oware-tournament";
/// The version this service writes and reads.
pub const VERSION: u32 = 1;

/// The whole file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentFile {
    /// Always `oware-tournament`.
    pub format: String,
    pub version: u32,
    /// UTC, as every time in the file unless said otherwise.
    pub exported_at: NaiveDateTime,
    pub tournament: TournamentPart,
    #[serde(default)]
    pub players: Vec<PlayerPart>,
    #[serde(default)]
    pub rounds: Vec<RoundPart>,
    #[serde(default)]
    pub games: Vec<GamePart>,
    /// In the order they were sent.
    #[serde(default)]
    pub sheets: Vec<SheetPart>,
    /// The byes asked for (a pairing's bye is a game without North).
    #[serde(default)]
    pub byes: Vec<ByePart>,
    /// Pairs of players who may not be paired together.
    #[serde(default)]
    pub prohibited_pairs: Vec<[i64; 2]>,
    #[serde(default)]
    pub roll_calls: Vec<RollCallPart>,
    #[serde(default)]
    pub check_ins: Vec<CheckInPart>,
    #[serde(default)]
    pub notice: Option<NoticePart>,
    #[serde(default)]
    pub schedule: Option<Schedule>,
    /// Oldest first.
    #[serde(default)]
    pub audit: Vec<AuditPart>,
}

/// A tournament's records: the file's parts that are each a record by id.
pub struct FileRecords {
    pub players: Vec<PlayerPart>,
    pub rounds: Vec<RoundPart>,
    pub games: Vec<GamePart>,
    pub sheets: Vec<SheetPart>,
}

impl TournamentFile {
    /// A file of this service's format of `tournament` with only these records: its lists and
    /// its audit trail empty (the part of a file a check of changes reads).
    pub fn of_records(
        tournament: TournamentPart,
        exported_at: NaiveDateTime,
        records: FileRecords,
    ) -> TournamentFile {
        TournamentFile {
            format: FORMAT.to_string(),
            version: VERSION,
            exported_at,
            tournament,
            players: records.players,
            rounds: records.rounds,
            games: records.games,
            sheets: records.sheets,
            byes: Vec::new(),
            prohibited_pairs: Vec::new(),
            roll_calls: Vec::new(),
            check_ins: Vec::new(),
            notice: None,
            schedule: None,
            audit: Vec::new(),
        }
    }
}

/// The tournament's settings, as the API's `POST /api/tournaments` takes them.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentPart {
    pub settings: SettingsInput,
    #[serde(default)]
    pub prizes: Option<PrizeList>,
    #[serde(default)]
    pub teams: TeamSettings,
    pub created_at: NaiveDateTime,
    /// The tournament's identity, the same in every copy of it (none in files of earlier
    /// versions of the service).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerPart {
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub rating: Option<i64>,
    #[serde(default)]
    pub birth_year: Option<i64>,
    /// `female`, `male` or empty.
    #[serde(default)]
    pub gender: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub federation: String,
    /// Fixed by the staff (or the file a tournament was imported from); none: by rating.
    #[serde(default)]
    pub pairing_number: Option<i64>,
    #[serde(default)]
    pub withdrawn: bool,
    pub created_at: NaiveDateTime,
    /// The person of the rating list's register (the hub's id), when the venue knows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub register_id: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundPart {
    pub id: i64,
    pub number: i64,
    pub created_at: NaiveDateTime,
    /// None: paired but not published.
    #[serde(default)]
    pub published_at: Option<NaiveDateTime>,
    #[serde(default)]
    pub corrected_at: Option<NaiveDateTime>,
    /// The venue's time.
    #[serde(default)]
    pub planned_start: Option<NaiveDateTime>,
    #[serde(default)]
    pub started_at: Option<NaiveDateTime>,
}

/// A game (or a pairing's bye: no North) and its result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GamePart {
    pub id: i64,
    /// The round's number.
    pub round: i64,
    #[serde(default)]
    pub board: Option<i64>,
    /// A match's game (1 for a single game).
    #[serde(default = "first_game")]
    pub match_game: i64,
    pub south: i64,
    #[serde(default)]
    pub north: Option<i64>,
    pub status: GameStatus,
    #[serde(default)]
    pub kind: Option<ResultKind>,
    #[serde(default)]
    pub winner: Option<Winner>,
    /// Seeds captured by South and North.
    #[serde(default)]
    pub seeds: Option<[i64; 2]>,
    #[serde(default)]
    pub end: Option<EndKind>,
    /// The moves of the result (empty or none: given without moves).
    #[serde(default)]
    pub moves: Option<String>,
    /// Why the staff set (or reset) the result.
    #[serde(default)]
    pub reason: Option<String>,
    pub updated_at: NaiveDateTime,
}

fn first_game() -> i64 {
    1
}

/// A score sheet a player sent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetPart {
    pub id: i64,
    pub game: i64,
    /// Who sent it.
    pub player: i64,
    pub winner: Winner,
    pub seeds: [i64; 2],
    pub end: EndKind,
    #[serde(default)]
    pub moves: String,
    pub created_at: NaiveDateTime,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByePart {
    pub player: i64,
    pub round: i64,
    pub kind: ByeKind,
    pub created_at: NaiveDateTime,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollCallPart {
    pub round: i64,
    pub opened_at: NaiveDateTime,
    #[serde(default)]
    pub closed_at: Option<NaiveDateTime>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckInPart {
    pub round: i64,
    pub player: i64,
    pub present: bool,
    /// Answered by the player (otherwise marked by the staff).
    pub by_player: bool,
    pub at: NaiveDateTime,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoticePart {
    pub text: String,
    pub written_at: NaiveDateTime,
}

/// An entry of the audit trail, as the copy that wrote it recorded it (`before` and `after`
/// name that copy's ids).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditPart {
    pub at: NaiveDateTime,
    pub actor: String,
    pub action: String,
    pub entity: String,
    #[serde(default)]
    pub entity_id: Option<i64>,
    #[serde(default)]
    pub before: Option<serde_json::Value>,
    #[serde(default)]
    pub after: Option<serde_json::Value>,
    /// Who sent the entry to the copy that wrote this file (none: that copy's own entry).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sender: Option<String>,
}
