//! What a pairing plays, as the organiser sets it: one game, `k` games, or best of `k`; who
//! starts each game after the first; what a level match does; what the standings count. The
//! match itself (who starts next, when it is decided) is `matches.rs`.

use crate::tournament::said::Said;
use serde::{Deserialize, Serialize};

/// How many games a match has: each of `k` played, or best of `k` (it stops when decided).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::AsRefStr,
    strum::Display,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum MatchLength {
    /// Every game is played.
    #[default]
    Games,
    /// The match stops as soon as the games left cannot change its winner.
    BestOf,
}

/// Who starts (plays South in) each game after the first; the first is the pairing's.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::AsRefStr,
    strum::Display,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum StartRule {
    /// The players take turns.
    #[default]
    Alternate,
    /// The previous game's winner starts (after a draw, the players take turns).
    Winner,
    /// The previous game's loser starts (after a draw, the players take turns).
    Loser,
}

/// What a player's score in the standings counts.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::AsRefStr,
    strum::Display,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum MatchScore {
    /// The tournament's points for a match won, drawn or lost.
    #[default]
    MatchPoints,
    /// One point for each game won, a half for each drawn.
    GamePoints,
    /// The seeds captured in every game.
    Seeds,
}

/// What a match whose games are level does.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::AsRefStr,
    strum::Display,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum TieRule {
    /// The match is drawn.
    #[default]
    Draw,
    /// Deciding games, one at a time, until one is won.
    Decider,
}

/// What a pairing plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MatchFormat {
    /// `k`: the games of the match before any decider (1 to 15; odd for best of).
    pub games: i32,
    pub length: MatchLength,
    pub start: StartRule,
    pub score: MatchScore,
    pub tie: TieRule,
}

impl Default for MatchFormat {
    fn default() -> Self {
        MatchFormat::SINGLE
    }
}

/// The most games a match may have before its deciders.
pub const MOST_GAMES: i32 = 15;

impl MatchFormat {
    /// One game a pairing, as a round has always been.
    pub const SINGLE: MatchFormat = MatchFormat {
        games: 1,
        length: MatchLength::Games,
        start: StartRule::Alternate,
        score: MatchScore::MatchPoints,
        tie: TieRule::Draw,
    };

    /// Whether a pairing plays one game and nothing more.
    pub fn single(&self) -> bool {
        self.games == 1 && self.tie == TieRule::Draw
    }

    /// Checks a format as an organiser set it; each problem one sentence.
    pub fn problems(&self) -> Vec<Said> {
        let mut problems = Vec::new();
        if !(1..=MOST_GAMES).contains(&self.games) {
            problems.push(crate::said!(
                "match-games-not-between-1",
                games = self.games,
                most_games = MOST_GAMES
            ));
        } else if self.length == MatchLength::BestOf && self.games % 2 == 0 {
            problems.push(crate::said!(
                "match-games-best-match-needs",
                games = self.games,
                value = self.games + 1
            ));
        }
        problems
    }

    /// How a game of a match is named on pages and sheets: "game 2 of 3", "deciding game 1";
    /// empty for a tournament of single games.
    pub fn label(&self, number: i32) -> String {
        if self.single() {
            String::new()
        } else if number <= self.games {
            format!("game {number} of {}", self.games)
        } else {
            format!("deciding game {}", number - self.games)
        }
    }

    /// The game points a match won without play gives (a forfeit): the games it takes to win.
    fn games_to_win(&self) -> f64 {
        match self.length {
            MatchLength::Games => f64::from(self.games),
            MatchLength::BestOf => f64::from(self.games / 2 + 1),
        }
    }

    /// Game points of a result without games (a bye, a forfeit) for the player it gives
    /// `points`, when a win is worth `win`: the share of a win's points, of the games a forfeit
    /// win is worth.
    pub fn game_points_without_play(&self, points: f64, win: f64) -> f64 {
        if win <= 0.0 {
            return 0.0;
        }
        (points / win).clamp(0.0, 1.0) * self.games_to_win()
    }
}
