//! An event's players: one list across its sections. A person who plays an open and a junior
//! side event is entered in the second from the first, keeping their PIN; their details then
//! follow one another (see `players::edit` and `players::reset_pin`), while
//! withdrawing stays a matter of each section.

use std::collections::{HashMap, HashSet};

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::players::{MAX_PLAYERS, PlayerView};
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::db::events as event_queries;
use crate::db::models::{NewPlayer, Player};
use crate::db::queries;
use crate::tournament::{EventId, PlayerId, TournamentId};

/// One of a person's entries: a section they play in.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    pub tournament_id: TournamentId,
    pub section: String,
    /// Their id as a player of that section.
    pub player_id: PlayerId,
    pub withdrawn: bool,
}

/// A person on an event's player list.
#[derive(Clone, Debug, Serialize)]
pub struct EventPlayer {
    /// The person's first entry: how the staff name them to enter them in another section.
    pub id: PlayerId,
    pub name: String,
    pub club: String,
    pub country: String,
    pub rating: Option<i32>,
    pub title: String,
    pub federation: String,
    /// The event's categories they are in, by name.
    pub categories: Vec<String>,
    /// The sections they play in, in the order the sections were created.
    pub entries: Vec<Entry>,
}

/// Everyone who plays in the event, once each, by name (accents sorting with their letters).
pub fn list(conn: &mut SqliteConnection, id: EventId) -> Result<Vec<EventPlayer>, ServiceError> {
    let event =
        event_queries::get_event(conn, id)?.ok_or_else(|| ServiceError::not_found("event"))?;
    let categories = super::events::stored_categories(&event)?;
    let mut people: Vec<EventPlayer> = Vec::new();
    let mut at: HashMap<PlayerId, usize> = HashMap::new();
    for (p, section) in event_queries::players(conn, id)? {
        let entry = Entry {
            tournament_id: p.tournament_id,
            section,
            player_id: p.id,
            withdrawn: p.withdrawn,
        };
        if let Some(&i) = at.get(&p.first_entry()) {
            people[i].entries.push(entry);
            continue;
        }
        let d = p.details();
        at.insert(p.first_entry(), people.len());
        people.push(EventPlayer {
            id: p.first_entry(),
            categories: categories
                .iter()
                .filter(|c| c.admits(&d.attributes()))
                .map(|c| c.name.clone())
                .collect(),
            name: d.name,
            club: d.club,
            country: d.country,
            rating: d.rating,
            title: d.title,
            federation: d.federation,
            entries: vec![entry],
        });
    }
    // An event has no language of its own: the root order, which English and French share.
    crate::tournament::names::sort_by_name("und", &mut people, |p| &p.name);
    Ok(people)
}

/// What entering players in a section did.
#[derive(Clone, Debug, Serialize)]
pub struct Entered {
    /// The section's name.
    pub section: String,
    /// The new entries, as players of the section.
    pub entered: Vec<PlayerView>,
    /// The names of those who already played in it (left as they were).
    pub already: Vec<String>,
}

/// The staff who run `section` enter in it people who play in another section of the same
/// event (named by any of their entries' ids): each comes with their details and PIN; all or
/// none.
pub fn enter(
    conn: &mut SqliteConnection,
    actor: &Actor,
    event: EventId,
    section: TournamentId,
    people: &[PlayerId],
) -> Result<Entered, ServiceError> {
    actor.check_runs(conn, section)?;
    if people.is_empty() {
        return Err(ServiceError::Invalid(crate::said!("choose-players-enter")));
    }
    transaction(conn, |conn| {
        event_queries::get_event(conn, event)?.ok_or_else(|| ServiceError::not_found("event"))?;
        let t = queries::get_tournament(conn, section).or_not_found("tournament")?;
        if t.event_id != Some(event) {
            return Err(ServiceError::Invalid(crate::said!(
                "not-section-event",
                name = t.name
            )));
        }
        let rows: Vec<Player> = event_queries::players(conn, event)?
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        let by_id: HashMap<PlayerId, &Player> = rows.iter().map(|p| (p.id, p)).collect();
        let mut inside: HashSet<PlayerId> = rows
            .iter()
            .filter(|p| p.tournament_id == section)
            .map(Player::first_entry)
            .collect();
        let now = Utc::now().naive_utc();
        let mut done = Entered {
            section: t.name.clone(),
            entered: Vec::new(),
            already: Vec::new(),
        };
        for id in people {
            let Some(p) = by_id.get(id) else {
                return Err(ServiceError::Invalid(crate::said!(
                    "player-does-not-play-event",
                    id
                )));
            };
            if !inside.insert(p.first_entry()) {
                if !done.already.contains(&p.name) {
                    done.already.push(p.name.clone());
                }
                continue;
            }
            let new = queries::insert_player(conn, &NewPlayer::entry_of(p, section, now))?;
            let view = PlayerView::from(&new);
            Audit {
                actor,
                change: Change::PlayerEntered { player: new.id },
                tournament_id: Some(section),
            }
            .record(
                conn,
                None::<&()>,
                Some(&serde_json::json!({"player": view, "from": p.tournament_id})),
            )?;
            done.entered.push(view);
        }
        let registered = inside.len();
        if registered > MAX_PLAYERS {
            return Err(ServiceError::Conflict(crate::said!(
                "tournament-takes-at-most-players-2",
                max_players = MAX_PLAYERS,
                name = t.name,
                registered
            )));
        }
        Ok(done)
    })
}
