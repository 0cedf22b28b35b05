//! How a tournament is played: its format, and every question the service asks of one. A new
//! format is a variant here; each method's `match` then names what it answers for it, and
//! nothing outside this file compares formats (`tests/api/architecture.rs` holds it).

use serde::{Deserialize, Serialize};

use super::said::Said;

/// How a tournament's rounds are paired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The Dutch system (FIDE's), round by round: a new tournament's.
    #[default]
    Swiss,
    /// Every player meets every other, by Berger tables.
    RoundRobin,
    /// The controller enters every round's pairings.
    ByHand,
    /// Elimination from seeds.
    Knockout(Knockout),
}

/// What kind of knockout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knockout {
    /// Out after one lost match; the semi-finals' losers may play for third place.
    Single { third_place: bool },
    /// Out after two lost matches: a winners' and a losers' bracket and a grand final, which
    /// decides every place (there is no third-place match).
    Double,
}

/// The format's name as the settings and the database spell it (`pairing`): a knockout's kind
/// is given beside it (`third_place`, `double_elimination`).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::AsRefStr,
    strum::Display,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum PairingSystem {
    Manual,
    RoundRobin,
    Swiss,
    Knockout,
}

/// What pairs a format's rounds when the controller asks for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generator {
    /// Berger tables.
    Berger,
    /// FIDE's Dutch system.
    Dutch,
    /// The knockout's bracket.
    Bracket(Knockout),
}

/// The format as the tournament file, the API and the pages' form give it, and as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FormatFields {
    pub pairing: PairingSystem,
    pub third_place: bool,
    pub double_elimination: bool,
}

impl From<Format> for FormatFields {
    fn from(f: Format) -> FormatFields {
        FormatFields {
            pairing: f.pairing(),
            third_place: f.third_place(),
            double_elimination: f.double_elimination(),
        }
    }
}

impl Serialize for Format {
    /// As its fields: a view flattening it shows `pairing`, `third_place` and
    /// `double_elimination` as before formats were a type.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        FormatFields::from(*self).serialize(s)
    }
}

impl Format {
    /// The format of the fields as stored: a kind of knockout given for another format means
    /// nothing and is left out; a double elimination has no third-place match.
    pub fn of(pairing: PairingSystem, third_place: bool, double_elimination: bool) -> Format {
        match pairing {
            PairingSystem::Manual => Format::ByHand,
            PairingSystem::RoundRobin => Format::RoundRobin,
            PairingSystem::Swiss => Format::Swiss,
            PairingSystem::Knockout if double_elimination => Format::Knockout(Knockout::Double),
            PairingSystem::Knockout => Format::Knockout(Knockout::Single { third_place }),
        }
    }

    /// The format as an organiser gave it (the Swiss system when none is named); each problem
    /// one sentence.
    pub fn parse(
        pairing: Option<&str>,
        third_place: bool,
        double_elimination: bool,
        problems: &mut Vec<Said>,
    ) -> Format {
        let pairing = match pairing.map(str::trim) {
            None | Some("") => PairingSystem::Swiss,
            Some(p) => p.parse().unwrap_or_else(|_| {
                problems.push(crate::said!("pairing-not-one-manual-round", p));
                PairingSystem::Manual
            }),
        };
        if double_elimination && pairing != PairingSystem::Knockout {
            problems.push(crate::said!("double-elimination-knockout-only"));
        }
        if double_elimination && third_place {
            problems.push(crate::said!("third-place-double-elimination-decides"));
        }
        Format::of(pairing, third_place, double_elimination)
    }

    /// A play-off for a place of a previous stage: a single-elimination knockout, with a
    /// third-place match when it has semi-finals.
    pub fn playoff(players: usize) -> Format {
        Format::Knockout(Knockout::Single {
            third_place: players >= 4,
        })
    }

    /// Its name as stored and sent.
    pub fn pairing(self) -> PairingSystem {
        match self {
            Format::Swiss => PairingSystem::Swiss,
            Format::RoundRobin => PairingSystem::RoundRobin,
            Format::ByHand => PairingSystem::Manual,
            Format::Knockout(_) => PairingSystem::Knockout,
        }
    }

    /// A knockout whose semi-finals' losers play for third place.
    pub fn third_place(self) -> bool {
        match self {
            Format::Knockout(k) => k.third_place(),
            Format::Swiss | Format::RoundRobin | Format::ByHand => false,
        }
    }

    /// A knockout of double elimination.
    pub fn double_elimination(self) -> bool {
        match self {
            Format::Knockout(k) => k.double(),
            Format::Swiss | Format::RoundRobin | Format::ByHand => false,
        }
    }

    /// The knockout it is: it has a bracket, ranks by it, and its rounds entered by hand must
    /// follow it.
    pub fn knockout(self) -> Option<Knockout> {
        match self {
            Format::Knockout(k) => Some(k),
            Format::Swiss | Format::RoundRobin | Format::ByHand => None,
        }
    }

    /// A knockout: a page of its bracket.
    pub fn has_bracket(self) -> bool {
        self.knockout().is_some()
    }

    /// What pairs its rounds when the controller asks; none when they are entered by hand.
    pub fn generator(self) -> Option<Generator> {
        match self {
            Format::Swiss => Some(Generator::Dutch),
            Format::RoundRobin => Some(Generator::Berger),
            Format::ByHand => None,
            Format::Knockout(k) => Some(Generator::Bracket(k)),
        }
    }

    /// Whether the service can pair its rounds (not entered by hand).
    pub fn generated(self) -> bool {
        self.generator().is_some()
    }

    /// Whether every player meets every other: its table is a crosstable.
    pub fn all_play_all(self) -> bool {
        match self {
            Format::RoundRobin => true,
            Format::Swiss | Format::ByHand | Format::Knockout(_) => false,
        }
    }

    /// Whether the whole field's games are fixed by round 1's: no bye can be asked for later,
    /// no roll call after the first, and an absence is a lost game, never a bye.
    pub fn field_fixed_at_start(self) -> bool {
        self.byes_refused().is_some()
    }

    /// Why a player cannot ask for a bye, if they cannot.
    pub fn byes_refused(self) -> Option<Said> {
        match self {
            Format::RoundRobin => Some(crate::said!("round-robin-s-pairings-fixed")),
            Format::Knockout(_) => Some(crate::said!("knockout-player-who-does-not")),
            Format::Swiss | Format::ByHand => None,
        }
    }

    /// Whether a pairing's tie must have a winner (a level match goes to deciding games).
    pub fn needs_a_winner(self) -> bool {
        self.knockout().is_some()
    }

    /// Whether it may be over before its last planned round.
    pub fn may_end_early(self) -> bool {
        self.knockout().is_some_and(Knockout::double)
    }

    /// Whether, once a round is paired, a change to `other` would change what the pairings
    /// already made are (a knockout's bracket, or its absence).
    pub fn same_play(self, other: Format) -> bool {
        self.knockout() == other.knockout()
    }

    /// How a FIDE tournament report (TRF line 092) names it; a knockout is not one FIDE's
    /// files can carry.
    pub fn trf_system(self) -> Result<&'static str, Said> {
        match self {
            Format::Swiss => Ok("Swiss system"),
            Format::RoundRobin => Ok("Round robin (Berger tables)"),
            Format::ByHand => Ok("Pairings made by hand"),
            Format::Knockout(_) => Err(crate::said!("trf-file-swiss-round-robin")),
        }
    }

    /// The message naming it to readers.
    pub fn word(self) -> &'static str {
        match self {
            Format::Swiss => "system-swiss",
            Format::RoundRobin => "system-round-robin",
            Format::ByHand => "system-manual",
            Format::Knockout(Knockout::Single { .. }) => "system-knockout",
            Format::Knockout(Knockout::Double) => "system-double-elimination",
        }
    }
}

impl Knockout {
    /// The semi-finals' losers play for third place.
    pub fn third_place(self) -> bool {
        match self {
            Knockout::Single { third_place } => third_place,
            Knockout::Double => false,
        }
    }

    /// Out after two lost matches.
    pub fn double(self) -> bool {
        match self {
            Knockout::Single { .. } => false,
            Knockout::Double => true,
        }
    }

    /// The message saying that a knockout of its kind needs another number of rounds.
    pub fn rounds_refused(self) -> &'static str {
        match self {
            Knockout::Single { .. } => "knockout-rounds",
            Knockout::Double => "knockout-rounds-double",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Format; 6] = [
        Format::Swiss,
        Format::RoundRobin,
        Format::ByHand,
        Format::Knockout(Knockout::Single { third_place: false }),
        Format::Knockout(Knockout::Single { third_place: true }),
        Format::Knockout(Knockout::Double),
    ];

    #[test]
    fn every_format_is_given_back_by_its_fields() {
        for format in ALL {
            let f = FormatFields::from(format);
            assert_eq!(
                Format::of(f.pairing, f.third_place, f.double_elimination),
                format
            );
            let mut problems = Vec::new();
            let parsed = Format::parse(
                Some(f.pairing.as_ref()),
                f.third_place,
                f.double_elimination,
                &mut problems,
            );
            assert_eq!((parsed, problems.len()), (format, 0), "{f:?}");
        }
    }

    #[test]
    fn a_combination_that_is_no_format_is_refused() {
        for (pairing, third, double, key) in [
            ("swiss", false, true, "double-elimination-knockout-only"),
            (
                "knockout",
                true,
                true,
                "third-place-double-elimination-decides",
            ),
            ("ladder", false, false, "pairing-not-one-manual-round"),
        ] {
            let mut problems = Vec::new();
            Format::parse(Some(pairing), third, double, &mut problems);
            assert!(problems.iter().any(|p| p.key == key), "{problems:?}");
        }
        // A kind of knockout said of another format means nothing and is not kept.
        let mut problems = Vec::new();
        assert_eq!(
            Format::parse(Some("round-robin"), true, false, &mut problems),
            Format::RoundRobin
        );
        assert!(problems.is_empty());
    }

    #[test]
    fn the_questions_asked_of_each_format() {
        let answers: Vec<_> = ALL
            .iter()
            .map(|f| {
                (
                    f.generated(),
                    f.has_bracket(),
                    f.field_fixed_at_start(),
                    f.may_end_early(),
                    f.trf_system().is_ok(),
                    f.all_play_all(),
                )
            })
            .collect();
        assert_eq!(
            answers,
            [
                (true, false, false, false, true, false),
                (true, false, true, false, true, true),
                (false, false, false, false, true, false),
                (true, true, true, false, false, false),
                (true, true, true, false, false, false),
                (true, true, true, true, false, false),
            ]
        );
        // Changing the kind of knockout, or to or from one, changes what was paired.
        assert!(Format::Swiss.same_play(Format::RoundRobin));
        assert!(!ALL[3].same_play(ALL[4]));
        assert!(!ALL[5].same_play(Format::Swiss));
        assert!(ALL[5].same_play(ALL[5]));
    }

    #[test]
    fn a_format_shows_as_its_fields() {
        let json = serde_json::to_value(Format::Knockout(Knockout::Double)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"pairing": "knockout", "third_place": false, "double_elimination": true})
        );
    }
}
