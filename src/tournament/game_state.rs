//! The life of a game's result, as a state machine without a database: which statuses count,
//! and what a sheet, a confirmation or a controller's ruling does to each.
//!
//! ```text
//!            sheet (confirmation needed)         opponent's identical sheet, or confirm
//! pending ───────────────────────────▶ submitted ─────────────────────────────────▶ confirmed
//!    │  ▲                               │   │ sender replaces it: stays submitted
//!    │  └── (no confirmation needed) ───┼───┼──────────────────────────────────────▶ confirmed
//!    │                                  │   └ opponent's different sheet ──────────▶ disputed
//!    └── controller's ruling, from any status ────────────────────────────────────▶ final
//! controller's reset, from any status ──▶ pending (the sheets sent stay on record)
//! ```

use serde::{Deserialize, Serialize};

/// Where a game's result stands.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::Display,
    strum::VariantArray,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum GameStatus {
    /// No sheet yet.
    Pending,
    /// A sheet waits for the opponent.
    Submitted,
    /// Both players stand behind the sheet (or the tournament needs no confirmation).
    Confirmed,
    /// The two players' sheets differ: the controller decides.
    Disputed,
    /// Set by the controller (or a bye).
    Final,
}

impl GameStatus {}

/// The latest sheet of a game, as a new sheet or a confirmation sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaitingSheet {
    /// Sent by the player who acts now.
    pub by_actor: bool,
    /// Says the same as the new sheet (result, seeds, end and moves).
    pub same_as_new: bool,
}

/// What a sheet does to its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetStep {
    /// The sender's own sheet again: nothing changes.
    Unchanged,
    /// The first sheet (or the sender's replacement), waiting for the opponent.
    Submitted,
    /// The sheet counts at once: the tournament needs no confirmation.
    Accepted,
    /// The opponent's sheet agrees with the one waiting.
    Confirmed,
    /// The opponent's sheet differs from the one waiting.
    Disputed,
}

impl SheetStep {
    /// The status after the step (`None`: unchanged).
    pub fn status(self) -> Option<GameStatus> {
        match self {
            SheetStep::Unchanged => None,
            SheetStep::Submitted => Some(GameStatus::Submitted),
            SheetStep::Accepted | SheetStep::Confirmed => Some(GameStatus::Confirmed),
            SheetStep::Disputed => Some(GameStatus::Disputed),
        }
    }
}

/// Why a game refuses a sheet or a confirmation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the result of this game is final; only the controller can change it")]
    Settled,
    #[error("the two sheets of this game differ: the controller decides")]
    Disputed,
    #[error("there is no sheet to confirm yet")]
    NothingToConfirm,
    #[error("you submitted this sheet; your opponent confirms it")]
    OwnSheet,
    #[error("the controller has set the result of this game")]
    Ruled,
}

impl Refusal {
    /// The refusal as a message of the files.
    pub fn said(self) -> crate::tournament::said::Said {
        crate::tournament::said::Said::new(match self {
            Refusal::Settled => "refusal-settled",
            Refusal::Disputed => "refusal-disputed",
            Refusal::NothingToConfirm => "refusal-nothing-to-confirm",
            Refusal::OwnSheet => "refusal-own-sheet",
            Refusal::Ruled => "refusal-ruled",
        })
    }
}

impl GameStatus {
    /// Whether the result counts (in standings and pairings).
    pub fn counts(self) -> bool {
        matches!(self, GameStatus::Confirmed | GameStatus::Final)
    }

    /// Whether a player may still send a sheet.
    pub fn open(self) -> bool {
        matches!(self, GameStatus::Pending | GameStatus::Submitted)
    }

    /// A player sends a sheet. `waiting` is the latest sheet, if one waits for confirmation.
    pub fn on_sheet(
        self,
        waiting: Option<WaitingSheet>,
        needs_confirmation: bool,
    ) -> Result<SheetStep, Refusal> {
        match self {
            GameStatus::Confirmed | GameStatus::Final => return Err(Refusal::Settled),
            GameStatus::Disputed => return Err(Refusal::Disputed),
            GameStatus::Pending | GameStatus::Submitted => {}
        }
        let waiting = waiting.filter(|_| self == GameStatus::Submitted);
        Ok(match waiting {
            Some(w) if w.by_actor && w.same_as_new => SheetStep::Unchanged,
            Some(w) if !w.by_actor && w.same_as_new => SheetStep::Confirmed,
            Some(w) if !w.by_actor => SheetStep::Disputed,
            _ if !needs_confirmation => SheetStep::Accepted,
            _ => SheetStep::Submitted,
        })
    }

    /// A player confirms the sheet waiting; `sheet_by_actor` when they sent it themselves.
    /// `Ok(None)`: confirmed already, nothing changes (a second click counts once).
    pub fn on_confirm(self, sheet_by_actor: bool) -> Result<Option<GameStatus>, Refusal> {
        match self {
            GameStatus::Confirmed => Ok(None),
            GameStatus::Pending => Err(Refusal::NothingToConfirm),
            GameStatus::Disputed => Err(Refusal::Disputed),
            GameStatus::Final => Err(Refusal::Ruled),
            GameStatus::Submitted if sheet_by_actor => Err(Refusal::OwnSheet),
            GameStatus::Submitted => Ok(Some(GameStatus::Confirmed)),
        }
    }

    /// The opponent says the sheet waiting is wrong without sending one of their own (a player
    /// answering `NO` by SMS): the controller decides. `Ok(None)`: disputed already.
    pub fn on_objection(self, sheet_by_actor: bool) -> Result<Option<GameStatus>, Refusal> {
        match self {
            GameStatus::Disputed => Ok(None),
            GameStatus::Pending => Err(Refusal::NothingToConfirm),
            GameStatus::Confirmed => Err(Refusal::Settled),
            GameStatus::Final => Err(Refusal::Ruled),
            GameStatus::Submitted if sheet_by_actor => Err(Refusal::OwnSheet),
            GameStatus::Submitted => Ok(Some(GameStatus::Disputed)),
        }
    }

    /// The controller rules on the game: from any status, the result is final.
    pub fn on_ruling(self) -> GameStatus {
        GameStatus::Final
    }

    /// The controller sends the game back (to be played again, or a sheet entered against the
    /// wrong board): from any status, it waits for sheets again; the sheets sent stay on record.
    pub fn on_reset(self) -> GameStatus {
        GameStatus::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::GameStatus::*;
    use super::*;
    use strum::VariantArray;

    const MINE_SAME: WaitingSheet = WaitingSheet {
        by_actor: true,
        same_as_new: true,
    };
    const MINE_DIFFERENT: WaitingSheet = WaitingSheet {
        by_actor: true,
        same_as_new: false,
    };
    const THEIRS_SAME: WaitingSheet = WaitingSheet {
        by_actor: false,
        same_as_new: true,
    };
    const THEIRS_DIFFERENT: WaitingSheet = WaitingSheet {
        by_actor: false,
        same_as_new: false,
    };

    #[test]
    fn only_confirmed_and_final_results_count() {
        let counting: Vec<GameStatus> = GameStatus::VARIANTS
            .iter()
            .copied()
            .filter(|s| s.counts())
            .collect();
        assert_eq!(counting, [Confirmed, Final]);
        let open: Vec<GameStatus> = GameStatus::VARIANTS
            .iter()
            .copied()
            .filter(|s| s.open())
            .collect();
        assert_eq!(open, [Pending, Submitted]);
    }

    #[test]
    fn statuses_are_stored_as_lowercase_words() {
        for status in GameStatus::VARIANTS {
            let text: &str = status.into();
            assert_eq!(text.parse::<GameStatus>(), Ok(*status));
            assert_eq!(text, text.to_lowercase());
        }
        assert!("Pending".parse::<GameStatus>().is_err());
    }

    #[test]
    fn a_first_sheet_waits_for_the_opponent_or_counts_at_once() {
        assert_eq!(Pending.on_sheet(None, true), Ok(SheetStep::Submitted));
        assert_eq!(Pending.on_sheet(None, false), Ok(SheetStep::Accepted));
        assert_eq!(SheetStep::Submitted.status(), Some(Submitted));
        assert_eq!(SheetStep::Accepted.status(), Some(Confirmed));
        // A sheet left from before a reset does not wait: the game is pending.
        assert_eq!(
            Pending.on_sheet(Some(THEIRS_SAME), true),
            Ok(SheetStep::Submitted)
        );
    }

    #[test]
    fn the_opponents_sheet_confirms_or_disputes() {
        assert_eq!(
            Submitted.on_sheet(Some(THEIRS_SAME), true),
            Ok(SheetStep::Confirmed)
        );
        assert_eq!(
            Submitted.on_sheet(Some(THEIRS_DIFFERENT), true),
            Ok(SheetStep::Disputed)
        );
        assert_eq!(SheetStep::Confirmed.status(), Some(Confirmed));
        assert_eq!(SheetStep::Disputed.status(), Some(Disputed));
    }

    #[test]
    fn the_sender_may_resend_or_replace_their_sheet() {
        assert_eq!(
            Submitted.on_sheet(Some(MINE_SAME), true),
            Ok(SheetStep::Unchanged)
        );
        assert_eq!(SheetStep::Unchanged.status(), None);
        assert_eq!(
            Submitted.on_sheet(Some(MINE_DIFFERENT), true),
            Ok(SheetStep::Submitted)
        );
        assert_eq!(
            Submitted.on_sheet(Some(MINE_DIFFERENT), false),
            Ok(SheetStep::Accepted)
        );
    }

    #[test]
    fn settled_and_disputed_games_refuse_sheets() {
        for waiting in [None, Some(MINE_SAME), Some(THEIRS_SAME)] {
            assert_eq!(Confirmed.on_sheet(waiting, true), Err(Refusal::Settled));
            assert_eq!(Final.on_sheet(waiting, false), Err(Refusal::Settled));
            assert_eq!(Disputed.on_sheet(waiting, true), Err(Refusal::Disputed));
        }
    }

    #[test]
    fn confirmation_transitions_and_refusals() {
        assert_eq!(Submitted.on_confirm(false), Ok(Some(Confirmed)));
        assert_eq!(Confirmed.on_confirm(false), Ok(None));
        assert_eq!(Confirmed.on_confirm(true), Ok(None));
        assert_eq!(Submitted.on_confirm(true), Err(Refusal::OwnSheet));
        assert_eq!(Pending.on_confirm(false), Err(Refusal::NothingToConfirm));
        assert_eq!(Disputed.on_confirm(false), Err(Refusal::Disputed));
        assert_eq!(Final.on_confirm(false), Err(Refusal::Ruled));
    }

    #[test]
    fn an_objection_disputes_only_the_opponents_waiting_sheet() {
        assert_eq!(Submitted.on_objection(false), Ok(Some(Disputed)));
        assert_eq!(Disputed.on_objection(false), Ok(None));
        assert_eq!(Submitted.on_objection(true), Err(Refusal::OwnSheet));
        assert_eq!(Pending.on_objection(false), Err(Refusal::NothingToConfirm));
        assert_eq!(Confirmed.on_objection(false), Err(Refusal::Settled));
        assert_eq!(Final.on_objection(false), Err(Refusal::Ruled));
    }

    #[test]
    fn a_ruling_makes_any_game_final_and_a_reset_makes_it_pending() {
        for status in GameStatus::VARIANTS {
            assert_eq!(status.on_ruling(), Final);
            assert_eq!(status.on_reset(), Pending);
            assert!(status.on_reset().open() && !status.on_reset().counts());
        }
    }
}
