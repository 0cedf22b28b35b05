//! The tie-breaks a tournament may order, by their codes (FIDE's where FIDE has one).

use serde::{Deserialize, Serialize};

/// A tie-break, written as its code (`BH-C1`).
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
    strum::VariantArray,
)]
pub enum Tiebreak {
    /// Seeds captured.
    #[strum(serialize = "SC")]
    #[serde(rename = "SC")]
    SeedsCaptured,
    /// Seeds captured less seeds conceded.
    #[strum(serialize = "SD")]
    #[serde(rename = "SD")]
    SeedDifference,
    #[strum(serialize = "BH")]
    #[serde(rename = "BH")]
    Buchholz,
    #[strum(serialize = "BH-C1")]
    #[serde(rename = "BH-C1")]
    BuchholzCut1,
    #[strum(serialize = "BH-M1")]
    #[serde(rename = "BH-M1")]
    MedianBuchholz1,
    #[strum(serialize = "SB")]
    #[serde(rename = "SB")]
    SonnebornBerger,
    #[strum(serialize = "DE")]
    #[serde(rename = "DE")]
    DirectEncounter,
    #[strum(serialize = "WIN")]
    #[serde(rename = "WIN")]
    Wins,
    #[strum(serialize = "PS")]
    #[serde(rename = "PS")]
    ProgressiveScore,
}

impl Tiebreak {
    /// The code, as written in settings and exports.
    pub fn code(self) -> &'static str {
        self.into()
    }

    /// The tie-break's name for people.
    pub fn label(self) -> &'static str {
        match self {
            Tiebreak::SeedsCaptured => "seeds captured",
            Tiebreak::SeedDifference => "seed difference",
            Tiebreak::Buchholz => "Buchholz",
            Tiebreak::BuchholzCut1 => "Buchholz cut 1",
            Tiebreak::MedianBuchholz1 => "median Buchholz",
            Tiebreak::SonnebornBerger => "Sonneborn-Berger",
            Tiebreak::DirectEncounter => "direct encounter",
            Tiebreak::Wins => "number of wins",
            Tiebreak::ProgressiveScore => "progressive score",
        }
    }

    /// The known codes, for messages.
    pub fn codes() -> String {
        <Tiebreak as strum::VariantArray>::VARIANTS
            .iter()
            .map(|t| t.code())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::VariantArray;

    #[test]
    fn every_code_reads_back_and_unknown_codes_are_refused() {
        for t in Tiebreak::VARIANTS {
            assert_eq!(t.code().parse::<Tiebreak>(), Ok(*t));
            assert_eq!(
                serde_json::to_value(t).unwrap(),
                serde_json::json!(t.code())
            );
            assert!(!t.label().is_empty());
        }
        assert!("XX".parse::<Tiebreak>().is_err());
        assert!("bh".parse::<Tiebreak>().is_err());
    }
}
