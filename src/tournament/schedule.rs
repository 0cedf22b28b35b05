//! The round clock: a tournament's time control, the time a round is given, and the venue's
//! offset from UTC, from which each round's planned end follows its start (`docs/api.md`,
//! "Schedule").

use crate::tournament::said::Said;
use chrono::{Duration, NaiveDateTime};
use serde::{Deserialize, Serialize};

/// The moves each player is counted to make when the time a round is given follows from the
/// clock (FIDE's usual estimate for a game's length).
pub const MOVES_COUNTED: u32 = 60;

/// A tournament's clock settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schedule {
    /// Minutes on each player's clock for the game (none: no game clock).
    #[serde(default)]
    pub game_minutes: Option<u32>,
    /// Seconds added to a player's clock after each of their moves.
    #[serde(default)]
    pub increment_seconds: u32,
    /// The most seconds a player may take for one move (none: no such limit).
    #[serde(default)]
    pub move_seconds: Option<u32>,
    /// Minutes a round is given (none: as the clock gives them, see [`Schedule::round_length`]).
    #[serde(default)]
    pub round_minutes: Option<u32>,
    /// The venue's time is UTC plus this many minutes.
    #[serde(default)]
    pub utc_offset_minutes: i32,
}

impl Schedule {
    /// Every problem, one sentence each.
    pub fn problems(&self) -> Vec<Said> {
        let mut problems = Vec::new();
        if self.game_minutes.is_some_and(|m| !(1..=600).contains(&m)) {
            problems.push(crate::said!("game-minutes-1-600"));
        }
        if self.increment_seconds > 600 {
            problems.push(crate::said!("increment-seconds-0-600"));
        }
        if self.move_seconds.is_some_and(|s| !(1..=3600).contains(&s)) {
            problems.push(crate::said!("move-seconds-1-3600"));
        }
        if self.round_minutes.is_some_and(|m| !(1..=1440).contains(&m)) {
            problems.push(crate::said!("round-minutes-1-1440-day"));
        }
        if !(-720..=840).contains(&self.utc_offset_minutes) {
            problems.push(crate::said!("utc-offset-minutes-720-840"));
        }
        problems
    }

    /// Whether there is a time control (a clock, or a limit a move).
    pub fn has_control(&self) -> bool {
        self.game_minutes.is_some() || self.move_seconds.is_some()
    }

    /// The time a round is given: as set, or both clocks run down with the increments of
    /// [`MOVES_COUNTED`] moves each, rounded up to five minutes; or, with only a limit a move,
    /// [`MOVES_COUNTED`] moves each at the limit. None without a clock.
    pub fn round_length(&self) -> Option<Duration> {
        if let Some(m) = self.round_minutes {
            return Some(Duration::minutes(i64::from(m)));
        }
        let seconds = match (self.game_minutes, self.move_seconds) {
            (Some(m), _) => 2 * (m * 60 + MOVES_COUNTED * self.increment_seconds),
            (None, Some(s)) => 2 * MOVES_COUNTED * s,
            (None, None) => return None,
        };
        let minutes = seconds.div_ceil(60).div_ceil(5) * 5;
        Some(Duration::minutes(i64::from(minutes)))
    }

    /// A moment in UTC as the venue's clock shows it.
    pub fn venue_time(&self, utc: NaiveDateTime) -> NaiveDateTime {
        utc + Duration::minutes(i64::from(self.utc_offset_minutes))
    }

    /// "UTC+1", "UTC", "UTC−5:30".
    pub fn zone(&self) -> String {
        let m = self.utc_offset_minutes;
        if m == 0 {
            return "UTC".to_string();
        }
        let sign = if m > 0 { "+" } else { "−" };
        let (h, rest) = (m.abs() / 60, m.abs() % 60);
        if rest == 0 {
            format!("UTC{sign}{h}")
        } else {
            format!("UTC{sign}{h}:{rest:02}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rounds_length_follows_the_clock_unless_set() {
        let rapid = Schedule {
            game_minutes: Some(20),
            increment_seconds: 5,
            ..Schedule::default()
        };
        // 2 × (20 min + 60 × 5 s) = 50 minutes.
        assert_eq!(rapid.round_length(), Some(Duration::minutes(50)));
        assert!(rapid.has_control() && !Schedule::default().has_control());
        let per_move = Schedule {
            move_seconds: Some(20),
            ..Schedule::default()
        };
        // 2 × 60 × 20 s = 40 minutes.
        assert_eq!(per_move.round_length(), Some(Duration::minutes(40)));
        let odd = Schedule {
            game_minutes: Some(7),
            increment_seconds: 2,
            ..Schedule::default()
        };
        // 2 × (420 + 120) s = 18 minutes, rounded up to 20.
        assert_eq!(odd.round_length(), Some(Duration::minutes(20)));
        let set = Schedule {
            round_minutes: Some(90),
            ..rapid
        };
        assert_eq!(set.round_length(), Some(Duration::minutes(90)));
        assert_eq!(Schedule::default().round_length(), None);
    }

    #[test]
    fn the_venues_clock_is_utc_plus_its_offset() {
        let paris = Schedule {
            utc_offset_minutes: 60,
            ..Schedule::default()
        };
        let utc = chrono::NaiveDate::from_ymd_opt(2026, 7, 11)
            .unwrap()
            .and_hms_opt(9, 5, 0)
            .unwrap();
        assert_eq!(paris.venue_time(utc).format("%H:%M").to_string(), "10:05");
        assert_eq!(paris.zone(), "UTC+1");
        let delhi = Schedule {
            utc_offset_minutes: 330,
            ..Schedule::default()
        };
        assert_eq!(delhi.zone(), "UTC+5:30");
        assert!(
            Schedule {
                utc_offset_minutes: 900,
                ..Schedule::default()
            }
            .problems()
            .iter()
            .any(|p| p.has_key("utc-offset-minutes-720-840"))
        );
    }
}
