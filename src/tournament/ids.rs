//! Typed ids: a tournament's id can never be passed where a player's is expected.

use serde::{Deserialize, Serialize};

macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub i32);

        impl $name {
            pub fn get(self) -> i32 {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }

        impl From<i32> for $name {
            fn from(id: i32) -> Self {
                $name(id)
            }
        }

        impl From<$name> for crate::tournament::said::Word {
            fn from(id: $name) -> Self {
                crate::tournament::said::Word::Number(f64::from(id.0))
            }
        }

        impl From<&$name> for crate::tournament::said::Word {
            fn from(id: &$name) -> Self {
                crate::tournament::said::Word::Number(f64::from(id.0))
            }
        }

        impl From<$name> for i32 {
            fn from(id: $name) -> Self {
                id.0
            }
        }
    )*};
}

ids! {
    /// A tournament.
    TournamentId,
    /// A round of a tournament (the row, not its number).
    RoundId,
    /// A game (a board of a round, or a bye).
    GameId,
    /// A player of one tournament.
    PlayerId,
    /// A staff account (organiser or controller).
    AccountId,
    /// A score sheet a player sent.
    SheetId,
    /// An event: sections (tournaments) with staff, venue, dates and categories in common.
    EventId,
}
