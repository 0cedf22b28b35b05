//! The rule sets: one `Rules` value of named options, and a constructor per preset.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How the seeds of a move are sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sowing {
    /// One lap after another; with 12 or more seeds the origin pit is skipped.
    SkipOrigin,
    /// The origin is not skipped; a lap ending in an occupied pit picks those seeds up and sows on.
    Relay,
}

/// What a move captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Capture {
    /// The last seed makes an opponent's pit 2 or 3; the chain runs back clockwise.
    TwoOrThree,
    /// Any pit reaching exactly 4 is taken by its owner; the last seed of a lap making 4 is taken
    /// by the mover and ends the move.
    Fours,
}

/// A move that would capture every seed of the opponent's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GrandSlam {
    /// Legal, but it captures nothing.
    CapturesNothing,
    /// Legal, and the mover loses at once.
    Loses,
}

/// The duty to give a starved opponent seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MustFeed {
    /// With the opponent's row empty, only moves that sow into it are legal.
    Legal,
    /// Any move is legal, but leaving the opponent without seeds when a feeding move existed
    /// forfeits every seed left in play to the opponent and ends the game.
    Forfeit,
    /// A move is legal only if the opponent's row holds a seed when the move ends, if any move
    /// achieves that (for rules where either player may capture during a move).
    AtEndOfMove,
}

/// What happens when the opponent is starved and no move can feed them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoFeed {
    /// The game ends; the player to move captures the seeds on their own row.
    MoverTakesRow,
    /// The player still moves; the game ends when the starved player is to move with no seeds,
    /// and the other player captures the seeds on their row.
    PlayOn,
    /// The game ends; the seeds left on the board are not scored.
    Unscored,
    /// The game ends; each player takes the seeds on their own row.
    OwnRows,
}

/// How an end by agreement scores the seeds left on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Agreement {
    /// The rules know no end by agreement.
    NotAllowed,
    /// Each player scores the seeds on their own row.
    OwnRows,
    /// After a player has 25 or more: own rows. Otherwise (an impasse): the seeds are split
    /// evenly and the player with more seeds on their row keeps the odd one.
    OwnRowsOrSplit,
}

/// The named presets of RULES.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    #[serde(rename = "abapa")]
    Abapa,
    #[serde(rename = "brettspielnetz")]
    Brettspielnetz,
    #[serde(rename = "tournament")]
    Tournament,
    #[serde(rename = "merkel")]
    Merkel,
    #[serde(rename = "anan-anan")]
    AnanAnan,
}

impl Preset {
    pub const ALL: [Preset; 5] = [
        Preset::Abapa,
        Preset::Brettspielnetz,
        Preset::Tournament,
        Preset::Merkel,
        Preset::AnanAnan,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Preset::Abapa => "abapa",
            Preset::Brettspielnetz => "brettspielnetz",
            Preset::Tournament => "tournament",
            Preset::Merkel => "merkel",
            Preset::AnanAnan => "anan-anan",
        }
    }

    pub fn rules(self) -> Rules {
        match self {
            Preset::Abapa => Rules::abapa(),
            Preset::Brettspielnetz => Rules::brettspielnetz(),
            Preset::Tournament => Rules::tournament(),
            Preset::Merkel => Rules::merkel(),
            Preset::AnanAnan => Rules::anan_anan(),
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = UnknownPreset;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase();
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == wanted || (wanted == "anan_anan" && *p == Preset::AnanAnan))
            .ok_or_else(|| UnknownPreset(s.to_string()))
    }
}

/// What common Oware programs write in an OGN record's `Variant` tag, and the preset each
/// means: Aualé writes "Oware Abapa".
const VARIANT_NAMES: [(&str, Preset); 6] = [
    ("oware abapa", Preset::Abapa),
    ("oware", Preset::Abapa),
    ("awale", Preset::Abapa),
    ("awalé", Preset::Abapa),
    ("awele", Preset::Abapa),
    ("abapa oware", Preset::Abapa),
];

impl Preset {
    /// The preset an OGN `Variant` tag names: a preset's own name, or the name a common Oware
    /// program gives the game (case and spaces aside).
    pub fn from_variant(name: &str) -> Result<Preset, UnknownPreset> {
        let wanted = name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        VARIANT_NAMES
            .iter()
            .find(|(n, _)| *n == wanted)
            .map(|&(_, p)| p)
            .map_or_else(|| name.parse(), Ok)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown rule preset {0:?}: expected abapa, brettspielnetz, tournament, merkel or anan-anan (or Oware Abapa, as Aualé writes it)"
)]
pub struct UnknownPreset(pub String);

/// A complete rule set. Every option is a named field so that a tournament can take a preset
/// and override single options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// The preset this rule set started from (its name is what reports show).
    pub preset: Preset,
    pub sowing: Sowing,
    pub capture: Capture,
    /// Whether a possible capture must be taken. When false, a capture is made only when the
    /// move is marked (`x` or `+N`).
    pub compulsory_capture: bool,
    pub grand_slam: GrandSlam,
    pub must_feed: MustFeed,
    pub no_feed: NoFeed,
    /// The game ends as soon as a player has captured 25 or more.
    pub majority_ends: bool,
    /// The game ends when a position (pits and side to move) occurs a second time; each player
    /// captures the seeds on their own row.
    pub repetition_ends: bool,
    pub agreement: Agreement,
    /// When a move leaves this many seeds or fewer on the board, the player who captured last
    /// takes them and the game ends (0: never).
    pub last_seeds: u8,
    /// A move that sows more seeds than this without ending is rejected as endless.
    pub max_sown: u32,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::abapa()
    }
}

impl Rules {
    /// The international rules (Oware Society / MSO, YourTurnMyTurn).
    pub fn abapa() -> Rules {
        Rules {
            preset: Preset::Abapa,
            sowing: Sowing::SkipOrigin,
            capture: Capture::TwoOrThree,
            compulsory_capture: true,
            grand_slam: GrandSlam::CapturesNothing,
            must_feed: MustFeed::Legal,
            no_feed: NoFeed::MoverTakesRow,
            majority_ends: true,
            repetition_ends: true,
            agreement: Agreement::NotAllowed,
            last_seeds: 0,
            max_sown: 10_000,
        }
    }

    /// Brettspielnetz: a player who cannot feed still moves; the starved player then ends it.
    pub fn brettspielnetz() -> Rules {
        Rules {
            preset: Preset::Brettspielnetz,
            no_feed: NoFeed::PlayOn,
            ..Rules::abapa()
        }
    }

    /// Over-the-board tournament rules with score sheets: optional captures, feeding as a duty,
    /// no automatic end at 25, agreement to stop.
    pub fn tournament() -> Rules {
        Rules {
            preset: Preset::Tournament,
            compulsory_capture: false,
            must_feed: MustFeed::Forfeit,
            majority_ends: false,
            repetition_ends: false,
            agreement: Agreement::OwnRowsOrSplit,
            ..Rules::abapa()
        }
    }

    /// Oliver Merkel's program: a grand slam loses, an unfed end leaves the board unscored.
    pub fn merkel() -> Rules {
        Rules {
            preset: Preset::Merkel,
            grand_slam: GrandSlam::Loses,
            no_feed: NoFeed::Unscored,
            agreement: Agreement::OwnRows,
            ..Rules::abapa()
        }
    }

    /// Anan-anan (four-four): relay sowing and captures of fours.
    pub fn anan_anan() -> Rules {
        Rules {
            preset: Preset::AnanAnan,
            sowing: Sowing::Relay,
            capture: Capture::Fours,
            compulsory_capture: true,
            grand_slam: GrandSlam::CapturesNothing,
            must_feed: MustFeed::AtEndOfMove,
            no_feed: NoFeed::OwnRows,
            majority_ends: false,
            repetition_ends: false,
            agreement: Agreement::NotAllowed,
            last_seeds: 8,
            max_sown: 10_000,
        }
    }

    pub fn preset(preset: Preset) -> Rules {
        preset.rules()
    }

    /// The most seeds one move can capture, where the rules bound it below the 48: a capture
    /// of twos and threes takes at most five of the opponent's six pits (taking all six is a
    /// grand slam, which captures nothing or loses), so 15 seeds. Fours taken along a relay
    /// sowing have no such bound.
    pub fn most_one_move_captures(&self) -> Option<u8> {
        match self.capture {
            Capture::TwoOrThree => Some(3 * 5),
            Capture::Fours => None,
        }
    }

    /// The preset's name, as reports show it.
    pub fn name(&self) -> &'static str {
        self.preset.name()
    }

    /// Whether this rule set takes the fast path of the standard game (abapa-like sowing and
    /// capture); the others take the general sowing loop.
    #[inline]
    pub(crate) fn is_standard_sowing(&self) -> bool {
        self.sowing == Sowing::SkipOrigin && self.capture == Capture::TwoOrThree
    }
}

impl FromStr for Rules {
    type Err = UnknownPreset;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse::<Preset>().map(Preset::rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names_of_common_programs() {
        for name in ["Oware Abapa", "oware  abapa", "OWARE", "Awalé", "abapa"] {
            assert_eq!(Preset::from_variant(name), Ok(Preset::Abapa), "{name}");
        }
        assert_eq!(Preset::from_variant("merkel"), Ok(Preset::Merkel));
        assert!(Preset::from_variant("Kalah").is_err());
    }

    #[test]
    fn presets_by_name() {
        for preset in Preset::ALL {
            let rules: Rules = preset.name().parse().unwrap();
            assert_eq!(rules.preset, preset);
            assert_eq!(rules.name(), preset.name());
        }
        assert!("oware".parse::<Rules>().is_err());
        assert_eq!("Anan-Anan".parse::<Preset>().unwrap(), Preset::AnanAnan);
    }

    #[test]
    fn presets_differ_where_the_sources_do() {
        let abapa = Rules::abapa();
        assert_eq!(Rules::brettspielnetz().no_feed, NoFeed::PlayOn);
        assert!(!Rules::tournament().compulsory_capture);
        assert!(!Rules::tournament().majority_ends);
        assert_eq!(Rules::merkel().grand_slam, GrandSlam::Loses);
        assert_eq!(Rules::anan_anan().sowing, Sowing::Relay);
        assert_ne!(abapa, Rules::brettspielnetz());
    }

    #[test]
    fn rules_serialise_with_named_options() {
        let json = serde_json::to_value(Rules::tournament()).unwrap();
        assert_eq!(json["preset"], "tournament");
        assert_eq!(json["must_feed"], "forfeit");
        let back: Rules = serde_json::from_value(json).unwrap();
        assert_eq!(back, Rules::tournament());
    }
}
