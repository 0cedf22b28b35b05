//! The tie-breaks a tournament may order: Oware's seed counts, and FIDE's (C.07) by their codes.

use crate::tournament::said::Said;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::fide::c07::{Base, Code};

/// A tie-break, written as its code (`SC`, `BH-C1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// Seeds captured in the games played.
    SeedsCaptured,
    /// Seeds captured less seeds conceded.
    SeedDifference,
    /// Games won, plus a half for each drawn, in every match (`GP`).
    GamePoints,
    /// One of FIDE's, with its modifiers.
    Fide(Code),
}

const fn fide(base: Base, low: usize, high: usize) -> Tiebreak {
    Tiebreak::Fide(Code::new(base, low, high))
}

impl Tiebreak {
    pub const BUCHHOLZ: Tiebreak = fide(Base::Bh, 0, 0);
    pub const SONNEBORN_BERGER: Tiebreak = fide(Base::Sb, 0, 0);
    pub const DIRECT_ENCOUNTER: Tiebreak = fide(Base::De, 0, 0);

    /// The tie-breaks offered, in the order the settings list them.
    pub const OFFERED: [Tiebreak; 21] = [
        Tiebreak::SeedsCaptured,
        Tiebreak::SeedDifference,
        Tiebreak::GamePoints,
        fide(Base::Bh, 0, 0),
        fide(Base::Bh, 1, 0),
        fide(Base::Bh, 2, 0),
        fide(Base::Bh, 1, 1),
        fide(Base::Bh, 2, 2),
        fide(Base::Fb, 0, 0),
        fide(Base::Aob, 0, 0),
        fide(Base::Sb, 0, 0),
        fide(Base::Sb, 1, 0),
        fide(Base::De, 0, 0),
        fide(Base::Win, 0, 0),
        fide(Base::Won, 0, 0),
        fide(Base::Bpg, 0, 0),
        fide(Base::Bwg, 0, 0),
        fide(Base::Ge, 0, 0),
        fide(Base::Ps, 0, 0),
        fide(Base::Aro, 0, 0),
        fide(Base::Ks, 0, 0),
    ];

    /// The code, as written in settings and exports (`BH-C1`).
    pub fn code(self) -> String {
        match self {
            Tiebreak::SeedsCaptured => "SC".to_string(),
            Tiebreak::SeedDifference => "SD".to_string(),
            Tiebreak::GamePoints => "GP".to_string(),
            Tiebreak::Fide(code) => code.to_string().replace('/', "-"),
        }
    }

    /// The known codes, for messages.
    pub fn codes() -> String {
        Tiebreak::OFFERED
            .iter()
            .map(|t| t.code())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

impl FromStr for Tiebreak {
    type Err = Said;

    /// `SC`, `SD`, `GP`, or a FIDE code with `-` or `/` before its modifiers; points (`PTS`) always
    /// come first and are no tie-break.
    fn from_str(text: &str) -> Result<Tiebreak, Said> {
        match text.trim().to_ascii_uppercase().as_str() {
            "SC" => Ok(Tiebreak::SeedsCaptured),
            "SD" => Ok(Tiebreak::SeedDifference),
            "GP" => Ok(Tiebreak::GamePoints),
            other => match other.parse::<Code>() {
                Ok(code) if code.base != Base::Pts => Ok(Tiebreak::Fide(code)),
                _ => Err(crate::said!("unknown-tie-break", text)),
            },
        }
    }
}

impl Serialize for Tiebreak {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.code())
    }
}

impl<'de> Deserialize<'de> for Tiebreak {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tiebreak, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back_and_unknown_codes_are_refused() {
        for t in Tiebreak::OFFERED {
            assert_eq!(t.code().parse::<Tiebreak>(), Ok(t));
            assert_eq!(
                serde_json::to_value(t).unwrap(),
                serde_json::json!(t.code())
            );
        }
        assert_eq!("bh/c1".parse::<Tiebreak>().unwrap().code(), "BH-C1");
        assert!("XX".parse::<Tiebreak>().is_err());
        assert!("PTS".parse::<Tiebreak>().is_err());
    }
}
