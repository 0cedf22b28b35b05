//! Results of games and the points they give.

use serde::{Deserialize, Serialize};

use super::points::Points;

/// Who won a played game.
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
    strum::AsRefStr,
    strum::Display,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Winner {
    South,
    North,
    Draw,
}

/// What kind of result a game has: played, or one of the results without a game.
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
    strum::AsRefStr,
    strum::Display,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum ResultKind {
    Played,
    /// South did not come: North wins without a game.
    ForfeitSouth,
    /// North did not come: South wins without a game.
    ForfeitNorth,
    /// Neither came: both lose.
    DoubleForfeit,
    /// No opponent this round.
    Bye,
}

/// A bye a player asks for before a round is paired (FIDE C.04): worth a draw, nothing, or (when
/// the controller grants it) a win.
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
    strum::AsRefStr,
    strum::Display,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum ByeKind {
    Half,
    Zero,
    Full,
}

impl ByeKind {
    pub fn points(self, scoring: &Points) -> f64 {
        match self {
            ByeKind::Half => scoring.draw,
            ByeKind::Zero => 0.0,
            ByeKind::Full => scoring.win,
        }
    }

    /// For people: "half-point bye".
    pub fn label(self) -> &'static str {
        match self {
            ByeKind::Half => "half-point bye",
            ByeKind::Zero => "zero-point bye",
            ByeKind::Full => "full-point bye",
        }
    }
}

/// Points of (South, North) for a counted result (North's is 0 for a bye).
pub fn points(kind: ResultKind, winner: Option<Winner>, scoring: &Points) -> (f64, f64) {
    match (kind, winner) {
        (ResultKind::Played, Some(Winner::South)) => (scoring.win, scoring.loss),
        (ResultKind::Played, Some(Winner::North)) => (scoring.loss, scoring.win),
        (ResultKind::Played, _) => (scoring.draw, scoring.draw),
        (ResultKind::ForfeitSouth, _) => (scoring.loss, scoring.win),
        (ResultKind::ForfeitNorth, _) => (scoring.win, scoring.loss),
        (ResultKind::DoubleForfeit, _) => (scoring.loss, scoring.loss),
        (ResultKind::Bye, _) => (scoring.bye, 0.0),
    }
}

/// The result as the short text a pairing list shows, in English (the API's and the CSV's
/// words): `1-0 (25-20)`, `½-½`, `South won by forfeit`, `bye`.
pub fn result_text(kind: ResultKind, winner: Option<Winner>, seeds: Option<(i32, i32)>) -> String {
    match (kind, winner) {
        (ResultKind::Played, Some(w)) => {
            let score = match w {
                Winner::South => "1-0",
                Winner::North => "0-1",
                Winner::Draw => "½-½",
            };
            match seeds {
                Some((s, n)) => format!("{score} ({s}-{n})"),
                None => score.to_string(),
            }
        }
        (ResultKind::Played, None) => "?".to_string(),
        (ResultKind::ForfeitSouth, _) => "North won by forfeit".to_string(),
        (ResultKind::ForfeitNorth, _) => "South won by forfeit".to_string(),
        (ResultKind::DoubleForfeit, _) => "both lost by forfeit".to_string(),
        (ResultKind::Bye, _) => ResultKind::Bye.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_follow_the_scoring() {
        let three = Points {
            win: 3.0,
            draw: 1.0,
            loss: 0.0,
            bye: 3.0,
        };
        assert_eq!(
            points(ResultKind::Played, Some(Winner::North), &three),
            (0.0, 3.0)
        );
        assert_eq!(
            points(ResultKind::Played, Some(Winner::Draw), &three),
            (1.0, 1.0)
        );
        assert_eq!(points(ResultKind::ForfeitNorth, None, &three), (3.0, 0.0));
        assert_eq!(points(ResultKind::DoubleForfeit, None, &three), (0.0, 0.0));
        assert_eq!(
            points(ResultKind::Bye, None, &Points::default()),
            (1.0, 0.0)
        );
        assert_eq!(
            result_text(ResultKind::Played, Some(Winner::Draw), Some((24, 24))),
            "½-½ (24-24)"
        );
    }

    #[test]
    fn kinds_and_winners_read_back_as_written() {
        for kind in [
            ResultKind::Played,
            ResultKind::ForfeitSouth,
            ResultKind::ForfeitNorth,
            ResultKind::DoubleForfeit,
            ResultKind::Bye,
        ] {
            assert_eq!(kind.as_ref().parse::<ResultKind>(), Ok(kind));
        }
        assert_eq!(ResultKind::ForfeitSouth.as_ref(), "forfeit-south");
        assert_eq!("draw".parse::<Winner>(), Ok(Winner::Draw));
        assert!("Draw".parse::<Winner>().is_err());
    }
}
