//! Players of a tournament: added one by one or imported (each with a PIN, shown once), edited,
//! withdrawn and reinstated, given a new PIN.

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::auth::{generate_pin, hash_pin};
use crate::db::models::{NewPlayer, Player, PlayerChanges};
use crate::db::queries;
use crate::tournament::categories::{AgeGroup, Gender};
use crate::tournament::{PlayerDetails, PlayerId, TournamentId};

/// A player as shown and logged: never the PIN or its hash.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    pub id: PlayerId,
    /// The pairing number (FIDE C.04.2): the place in the pairing order, from 1.
    pub number: usize,
    pub tournament_id: TournamentId,
    pub name: String,
    pub club: String,
    pub country: String,
    pub rating: Option<i32>,
    pub withdrawn: bool,
    /// For the staff who run the tournament only (see [`list_as`]).
    pub birth_year: Option<i32>,
    /// The age group, which anyone may see in the birth year's place.
    pub age_group: Option<AgeGroup>,
    pub gender: Option<Gender>,
    pub title: String,
    pub federation: String,
    /// The person of the rating list's register.
    pub register_id: Option<i32>,
}

impl From<&Player> for PlayerView {
    fn from(p: &Player) -> Self {
        let d = p.details();
        PlayerView {
            id: p.id,
            number: 0,
            tournament_id: p.tournament_id,
            name: d.name,
            club: d.club,
            country: d.country,
            rating: d.rating,
            withdrawn: p.withdrawn,
            birth_year: d.birth_year,
            age_group: None,
            gender: d.gender,
            title: d.title,
            federation: d.federation,
            register_id: d.register_id,
        }
    }
}

/// A player with the PIN just given to them (shown once).
#[derive(Clone, Debug, Serialize)]
pub struct PinSlip {
    pub id: PlayerId,
    pub name: String,
    pub pin: String,
}

/// New PINs with their hashes (argon2id at a PIN's cost, [`crate::auth::pin_params`]): this
/// uses the cores there are, and is run away from the writing connection and the async threads.
pub fn new_pins(count: usize) -> Vec<(String, String)> {
    let pins: Vec<String> = (0..count).map(|_| generate_pin()).collect();
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(4);
    let chunk = pins.len().div_ceil(workers).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = pins
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|p| (p.clone(), hash_pin(p)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("hashing does not panic"))
            .collect()
    })
}

/// A row of an import whose name is registered already.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Duplicate {
    /// The row among the imported players, from 1.
    pub row: usize,
    pub name: String,
    /// The player registered under that name.
    pub registered: PlayerId,
}

/// What the controller decided for each duplicate row: the rows to add as new players; every
/// other row they were shown is skipped.
#[derive(Clone, Debug, Default)]
pub struct Choices {
    pub add: Vec<usize>,
    pub skip: Vec<usize>,
}

/// The players of an import to add: rows whose name is registered already come only where the
/// controller chose to add them, and are left out where they chose to skip them. A duplicate
/// without a choice stops the whole import: the duplicates are the answer.
pub fn screen_import(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    players: Vec<PlayerDetails>,
    choices: &Choices,
) -> Result<Result<Vec<PlayerDetails>, Vec<Duplicate>>, ServiceError> {
    let registered: std::collections::HashMap<String, PlayerId> =
        queries::list_players(conn, tournament_id)?
            .into_iter()
            .map(|p| (p.name.trim().to_lowercase(), p.id))
            .collect();
    let mut undecided = Vec::new();
    let mut kept = Vec::with_capacity(players.len());
    for (i, p) in players.into_iter().enumerate() {
        let row = i + 1;
        match registered.get(&p.name.trim().to_lowercase()) {
            None => kept.push(p),
            Some(_) if choices.add.contains(&row) => kept.push(p),
            Some(_) if choices.skip.contains(&row) => {}
            Some(&id) => undecided.push(Duplicate {
                row,
                name: p.name,
                registered: id,
            }),
        }
    }
    Ok(if undecided.is_empty() {
        Ok(kept)
    } else {
        Err(undecided)
    })
}

/// The most players one tournament takes (a generated Swiss round takes at most
/// `pairings::MAX_SWISS_FIELD` of them).
pub const MAX_PLAYERS: usize = 1500;

/// How players come in: one by one, or a whole import.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    Added,
    Imported,
}

/// Adds players (one, or a whole import) with their PINs, already hashed; all or none.
pub fn add(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    players: &[(PlayerDetails, (String, String))],
    (arrival, country): (Arrival, Option<&str>),
) -> Result<Vec<PinSlip>, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    let change = |player| match arrival {
        Arrival::Added => Change::PlayerAdded { player },
        Arrival::Imported => Change::PlayerImported { player },
    };
    transaction(conn, |conn| {
        let registered = queries::list_players(conn, tournament_id)?.len();
        if registered + players.len() > MAX_PLAYERS {
            return Err(ServiceError::Conflict(crate::said!(
                "tournament-takes-at-most-players",
                max_players = MAX_PLAYERS,
                registered
            )));
        }
        let now = Utc::now().naive_utc();
        let mut created = Vec::with_capacity(players.len());
        for (details, (pin, pin_hash)) in players {
            let new = NewPlayer::from_details(tournament_id, details, pin_hash, now);
            let p = queries::insert_player(conn, &new)?;
            if let Some(phone) = &details.phone {
                super::sms_phones::keep_phone(conn, (tournament_id, p.id), &phone.number, country)?;
            }
            Audit {
                actor,
                change: change(p.id),
                tournament_id: Some(tournament_id),
            }
            .record(conn, None::<&()>, Some(&PlayerView::from(&p)))?;
            created.push(PinSlip {
                id: p.id,
                name: p.name,
                pin: pin.clone(),
            });
        }
        Ok(created)
    })
}

pub fn get(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    player_id: PlayerId,
) -> Result<PlayerView, ServiceError> {
    Ok(PlayerView::from(
        &queries::get_player(conn, tournament_id, player_id).or_not_found("player")?,
    ))
}

/// The players of a tournament, by rating then name.
pub fn list(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Vec<PlayerView>, ServiceError> {
    queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    Ok(numbered(&queries::list_players(conn, tournament_id)?))
}

/// The players as `actor` may see them, each with their age group (in the year the tournament
/// starts, or this year): the staff who run the tournament see birth years too; anyone else
/// does not (a junior's birth year is theirs to give, and beside a register number it would
/// follow them from event to event).
pub fn list_as(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
) -> Result<Vec<PlayerView>, ServiceError> {
    use chrono::Datelike;
    let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    let year = t
        .start_date
        .map_or_else(|| chrono::Utc::now().year(), |d| d.year());
    let staff = actor.runs(conn, tournament_id)?;
    Ok(numbered(&queries::list_players(conn, tournament_id)?)
        .into_iter()
        .map(|mut p| {
            p.age_group = p.birth_year.map(|y| AgeGroup::of(y, year));
            if !staff {
                p.birth_year = None;
            }
            p
        })
        .collect())
}

/// The tournament's name and its players still in the event, by name (accents sorting with
/// their letters): the list a player finds their own name in to sign in.
pub fn sign_in_list(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<(String, Vec<(PlayerId, String)>), ServiceError> {
    let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    Ok((t.name, active_by_name(conn, tournament_id)?))
}

/// The players still in the event, by name (accents sorting with their letters).
pub fn active_by_name(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Vec<(PlayerId, String)>, ServiceError> {
    let mut players: Vec<(PlayerId, String)> = queries::list_players(conn, tournament_id)?
        .into_iter()
        .filter(|p| !p.withdrawn)
        .map(|p| (p.id, p.name))
        .collect();
    let language = crate::db::languages::get(conn, tournament_id)?;
    crate::tournament::names::sort_by_name(&language, &mut players, |p| &p.1);
    Ok(players)
}

/// Players in pairing order, with their pairing numbers.
pub fn numbered(players: &[Player]) -> Vec<PlayerView> {
    players
        .iter()
        .enumerate()
        .map(|(i, p)| PlayerView {
            number: i + 1,
            ..PlayerView::from(p)
        })
        .collect()
}

/// The staff who run the tournament fix the pairing order (every player once, first to last)
/// before round 1 is paired; after that the numbers stay.
pub fn set_pairing_order(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    order: &[PlayerId],
) -> Result<Vec<PlayerView>, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    transaction(conn, |conn| {
        if !queries::list_rounds(conn, tournament_id)?.is_empty() {
            return Err(ServiceError::Conflict(crate::said!(
                "pairing-numbers-fixed-once-round"
            )));
        }
        let players = queries::list_players(conn, tournament_id)?;
        let all: std::collections::HashSet<PlayerId> = players.iter().map(|p| p.id).collect();
        let given: std::collections::HashSet<PlayerId> = order.iter().copied().collect();
        if given.len() != order.len() || given != all {
            return Err(ServiceError::Invalid(crate::said!(
                "give-every-player-tournament-once",
                all_count = all.len()
            )));
        }
        let numbers: Vec<(PlayerId, i32)> = order
            .iter()
            .enumerate()
            .map(|(i, &id)| (id, i as i32 + 1))
            .collect();
        queries::set_pairing_numbers(conn, &numbers)?;
        Audit {
            actor,
            change: Change::PairingOrderSet {
                tournament: tournament_id,
            },
            tournament_id: Some(tournament_id),
        }
        .record(conn, None::<&()>, Some(&order))?;
        Ok(numbered(&queries::list_players(conn, tournament_id)?))
    })
}

/// A player as the staff who run the tournament see them to edit.
pub fn for_staff(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    player_id: PlayerId,
) -> Result<PlayerView, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    get(conn, tournament_id, player_id)
}

/// The players of a tournament for the staff who run it (the players CSV).
pub fn list_for_staff(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
) -> Result<Vec<PlayerView>, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    list(conn, tournament_id)
}

pub fn edit(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    player_id: PlayerId,
    (details, country): (&PlayerDetails, Option<&str>),
) -> Result<PlayerView, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    transaction(conn, |conn| {
        let before = queries::get_player(conn, tournament_id, player_id).or_not_found("player")?;
        if let Some(phone) = &details.phone {
            super::sms_phones::keep_phone(
                conn,
                (tournament_id, player_id),
                &phone.number,
                country,
            )?;
        }
        let changes = PlayerChanges::from(details);
        // The same person's entries in other sections of the event follow.
        let others = other_entries(conn, &before)?;
        check_runs_every(conn, actor, &others)?;
        let mut first = None;
        for p in std::iter::once(before).chain(others) {
            let after = queries::update_player(conn, p.id, &changes)?;
            let (was, now) = (PlayerView::from(&p), PlayerView::from(&after));
            Audit {
                actor,
                change: Change::PlayerUpdated { player: p.id },
                tournament_id: Some(p.tournament_id),
            }
            .record(conn, Some(&was), Some(&now))?;
            first.get_or_insert(now);
        }
        Ok(first.expect("the player edited"))
    })
}

/// Withdraws a player (no more pairings), or reinstates them.
pub fn set_withdrawn(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    player_id: PlayerId,
    withdrawn: bool,
) -> Result<PlayerView, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    transaction(conn, |conn| {
        let before = queries::get_player(conn, tournament_id, player_id).or_not_found("player")?;
        let after = PlayerView::from(&queries::set_withdrawn(conn, player_id, withdrawn)?);
        if withdrawn {
            // A withdrawn player's sessions end.
            queries::end_player_sessions(conn, player_id)?;
        }
        if before.withdrawn != withdrawn {
            Audit {
                actor,
                change: if withdrawn {
                    Change::PlayerWithdrawn { player: player_id }
                } else {
                    Change::PlayerReinstated { player: player_id }
                },
                tournament_id: Some(tournament_id),
            }
            .record(conn, Some(&PlayerView::from(&before)), Some(&after))?;
            // The player told, when SMS reach them.
            super::sms_told::withdrawn(conn, player_id, withdrawn)?;
        }
        Ok(after)
    })
}

/// Gives a player a new PIN (already hashed: see [`new_pins`]), which also lifts a lock.
pub fn reset_pin(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    player_id: PlayerId,
    (pin, pin_hash): (String, String),
) -> Result<PinSlip, ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    transaction(conn, |conn| {
        let player = queries::get_player(conn, tournament_id, player_id).or_not_found("player")?;
        // One PIN for the person in every section of the event.
        let others = other_entries(conn, &player)?;
        check_runs_every(conn, actor, &others)?;
        for p in std::iter::once(&player).chain(&others) {
            queries::set_pin_hash(conn, p.id, &pin_hash)?;
            // Whoever signed in with the old PIN is signed out.
            queries::end_player_sessions(conn, p.id)?;
            Audit {
                actor,
                change: Change::PinReset { player: p.id },
                tournament_id: Some(p.tournament_id),
            }
            .record(
                conn,
                None::<&()>,
                Some(&serde_json::json!({"pin": "reset"})),
            )?;
        }
        Ok(PinSlip {
            id: player.id,
            name: player.name,
            pin,
        })
    })
}

/// Refuses a change to a person who plays in several sections (their PIN, name, details) unless
/// the actor runs every section they play in: a controller of one section cannot take over a
/// player of another.
fn check_runs_every(
    conn: &mut SqliteConnection,
    actor: &Actor,
    entries: &[Player],
) -> Result<(), ServiceError> {
    for p in entries {
        if actor.check_runs(conn, p.tournament_id).is_err() {
            let section =
                queries::get_tournament(conn, p.tournament_id).or_not_found("tournament")?;
            return Err(ServiceError::Forbidden(crate::said!(
                "person-plays-section-not-yours",
                name = p.name.as_str(),
                section = section.name.as_str()
            )));
        }
    }
    Ok(())
}

/// The other entries of the person `p` is an entry of, in other sections of the event or in
/// other stages.
fn other_entries(conn: &mut SqliteConnection, p: &Player) -> Result<Vec<Player>, ServiceError> {
    Ok(crate::db::events::entries_of(conn, p.first_entry())?
        .into_iter()
        .filter(|q| q.id != p.id)
        .collect())
}
