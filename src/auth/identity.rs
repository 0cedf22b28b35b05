//! Who is acting: the roles of staff accounts, and the identity a session carries.

use serde::{Deserialize, Serialize};

use crate::tournament::{AccountId, PlayerId, TournamentId};

/// The roles of staff accounts.
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
    strum::VariantNames,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Role {
    Organiser,
    Controller,
}

/// Who a session belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Identity {
    Staff {
        account_id: AccountId,
        username: String,
        role: Role,
    },
    Player {
        player_id: PlayerId,
        tournament_id: TournamentId,
        name: String,
    },
}

impl Identity {
    /// What a browser remembers of an owner it signed in as: the kind and id, nothing secret.
    pub fn device_mark(&self) -> String {
        match self {
            Identity::Staff { account_id, .. } => staff_mark(*account_id),
            Identity::Player { player_id, .. } => player_mark(*player_id),
        }
    }
}

/// The [`Identity::device_mark`] of a staff account.
pub fn staff_mark(id: AccountId) -> String {
    format!("staff:{id}")
}

/// The [`Identity::device_mark`] of a player.
pub fn player_mark(id: PlayerId) -> String {
    format!("player:{id}")
}
