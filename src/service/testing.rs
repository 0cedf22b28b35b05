//! What the service's unit tests start from: a new database, its organiser, and a tournament of
//! a few players made through the workflows themselves.

use diesel::Connection;
use diesel::sqlite::SqliteConnection;

use super::Actor;
use super::players::{Arrival, add};
use crate::auth::{Identity, Role};
use crate::tournament::settings::SettingsInput;
use crate::tournament::{AccountId, PlayerDetails, TournamentId, TournamentSettings};

/// The organiser of a new database (the account made first).
pub fn organiser() -> Actor {
    Actor::Signed(Identity::Staff {
        account_id: AccountId(1),
        username: "admin".to_string(),
        role: Role::Organiser,
    })
}

/// A three-round Swiss under abapa, with the fields of `extra` in place of its own.
pub fn settings(extra: serde_json::Value) -> TournamentSettings {
    let mut input = serde_json::json!({
        "name": "Prepared", "rules": "abapa", "rounds": 3, "pairing": "swiss"
    });
    input
        .as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let input: SettingsInput = serde_json::from_value(input).unwrap();
    TournamentSettings::parse(&input).unwrap()
}

/// A new, migrated database in a folder of its own (kept while the folder is).
pub fn database(name: &str) -> (tempfile::TempDir, SqliteConnection) {
    let dir = tempfile::tempdir().unwrap();
    let url = dir.path().join(name).to_str().unwrap().to_string();
    crate::db::open(&url, 1).unwrap();
    let conn = SqliteConnection::establish(&url).unwrap();
    (dir, conn)
}

/// A tournament with `settings` and the players `names`, in a new database.
pub fn tournament(
    names: &[&str],
    settings: &TournamentSettings,
) -> (tempfile::TempDir, SqliteConnection, TournamentId) {
    let (dir, mut conn) = database("venue.db");
    let t = super::tournaments::create(&mut conn, &organiser(), settings)
        .unwrap()
        .id;
    let players: Vec<(PlayerDetails, (String, String))> = names
        .iter()
        .map(|n| {
            let details = PlayerDetails {
                name: n.to_string(),
                ..PlayerDetails::default()
            };
            (details, ("0000".to_string(), "no hash".to_string()))
        })
        .collect();
    add(&mut conn, &organiser(), t, &players, (Arrival::Added, None)).unwrap();
    (dir, conn, t)
}
