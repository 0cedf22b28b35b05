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
