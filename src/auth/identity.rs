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
    /// What every device mark of this owner starts with (`player:12:`).
    pub fn owner_prefix(&self) -> String {
        match self {
            Identity::Staff { account_id, .. } => staff_prefix(*account_id),
            Identity::Player { player_id, .. } => player_prefix(*player_id),
        }
    }
}

/// What a browser remembers of an owner it signed in as (OWASP's device cookie, inside the
/// signed and encrypted session cookie): the owner, a tag of the secret it signed in with (the
/// salt of its argon2 hash: a new PIN or password makes every earlier device a stranger), and a
/// random name for this device, under which its own failures are counted
/// ([`crate::auth::devices`]). Nothing secret: the salt says nothing of the PIN.
pub fn device_mark(owner_prefix: &str, secret_hash: &str) -> String {
    let nonce: u64 = rand::random();
    format!("{}{nonce:016x}", secret_prefix(owner_prefix, secret_hash))
}

/// What the marks of devices that signed in with the current secret start with.
pub fn secret_prefix(owner_prefix: &str, secret_hash: &str) -> String {
    // `$argon2id$v=19$m=...,t=...,p=...$SALT$HASH`: the salt, made anew with every hash.
    let tag = secret_hash.split('$').nth(4).unwrap_or(secret_hash);
    format!("{owner_prefix}{tag}:")
}

/// The owner prefix of a staff account's marks.
pub fn staff_prefix(id: AccountId) -> String {
    format!("staff:{id}:")
}

/// The owner prefix of a player's marks.
pub fn player_prefix(id: PlayerId) -> String {
    format!("player:{id}:")
}
