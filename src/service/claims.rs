//! Whose person of the register each player is. The hub owns the numbers: a number a player of
//! a venue's tournament arrives with (typed at the venue, carried by its pushes) counts for the
//! person it names here only when that person is the player (the same name, as the register
//! compares names, and no other birth year or federation); otherwise the player waits for the
//! hub's organiser, flagged with the reason ([`Doubt`]). The hub's own tournaments take the
//! numbers its staff chose from its own register (a nickname entered under a number stays that
//! person's); a number no person has is said wherever it comes from. The organiser's link of a
//! player's name comes first.

use std::collections::HashMap;
use std::ops::Deref;

use diesel::sqlite::SqliteConnection;

use super::ServiceError;
use crate::db::register::{self as stored, RatedGame, RegisteredPlayer};
use crate::tournament::register::{Details, Doubt, doubt};

/// A player as the register sees them: whose person they are, and, when the number they came
/// with is not taken, why.
#[derive(Clone, Debug)]
pub struct Registered {
    pub player: RegisteredPlayer,
    pub person: Option<i32>,
    pub doubt: Option<Doubt>,
}

impl Deref for Registered {
    type Target = RegisteredPlayer;
    fn deref(&self) -> &RegisteredPlayer {
        &self.player
    }
}

impl Registered {
    pub fn of(player: RegisteredPlayer) -> Registered {
        let numbered = player.numbered_name.as_deref().map(|name| Details {
            name,
            birth_year: player.numbered_birth_year,
            federation: player.numbered_federation.as_deref().unwrap_or(""),
        });
        let doubt = player.register_id.and_then(|number| {
            let own = Details {
                name: &player.name,
                birth_year: player.birth_year,
                federation: &player.federation,
            };
            doubt(number, own, numbered)
                .filter(|d| player.pushed || matches!(d, Doubt::Unknown { .. }))
        });
        let taken = player.register_id.filter(|_| doubt.is_none());
        Registered {
            person: player.linked.or(taken),
            doubt: if player.linked.is_some() { None } else { doubt },
            player,
        }
    }
}

/// The players of the rated tournaments and of those venues push here, each with their person.
pub fn registered(conn: &mut SqliteConnection) -> Result<Vec<Registered>, ServiceError> {
    Ok(stored::registered_players(conn)?
        .into_iter()
        .map(Registered::of)
        .collect())
}

/// A played game of a rated tournament with the persons its players are (before any merge is
/// followed).
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub game: RatedGame,
    pub south: Option<i32>,
    pub north: Option<i32>,
}

impl Deref for PlayedGame {
    type Target = RatedGame;
    fn deref(&self) -> &RatedGame {
        &self.game
    }
}

/// The played games the rating list counts ([`stored::rated_games`]), with their persons.
pub fn played(conn: &mut SqliteConnection) -> Result<Vec<PlayedGame>, ServiceError> {
    let persons: HashMap<i32, Option<i32>> = registered(conn)?
        .into_iter()
        .map(|r| (r.player.id, r.person))
        .collect();
    let person = |player: i32| persons.get(&player).copied().flatten();
    Ok(stored::rated_games(conn)?
        .into_iter()
        .map(|game| PlayedGame {
            south: person(game.south_player),
            north: person(game.north_player),
            game,
        })
        .collect())
}
