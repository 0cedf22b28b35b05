//! The changes the pages and the API share: each writes its rows and its audit entry in one
//! transaction.

use chrono::Utc;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::error::AppError;
use crate::auth::Role;
use crate::db::models::*;
use crate::db::queries;
use crate::tournament::{PlayerDetails, TournamentSettings};

/// A player as shown and logged: never the PIN or its hash.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    pub id: i32,
    pub tournament_id: i32,
    pub name: String,
    pub club: String,
    pub country: String,
    pub rating: Option<i32>,
    pub withdrawn: bool,
}

impl From<&Player> for PlayerView {
    fn from(p: &Player) -> Self {
        PlayerView {
            id: p.id,
            tournament_id: p.tournament_id,
            name: p.name.clone(),
            club: p.club.clone(),
            country: p.country.clone(),
            rating: p.rating,
            withdrawn: p.withdrawn,
        }
    }
}

/// One audit entry.
pub struct Audit<'a> {
    pub actor: &'a str,
    pub action: &'a str,
    pub tournament_id: Option<i32>,
    pub entity: &'a str,
    pub entity_id: Option<i32>,
}

impl Audit<'_> {
    pub fn record<B: Serialize, A: Serialize>(
        &self,
        conn: &mut SqliteConnection,
        before: Option<&B>,
        after: Option<&A>,
    ) -> Result<(), AppError> {
        queries::insert_audit(
            conn,
            &NewAuditEntry {
                at: Utc::now().naive_utc(),
                actor: self.actor,
                action: self.action,
                tournament_id: self.tournament_id,
                entity: self.entity,
                entity_id: self.entity_id,
                before: before.map(to_json),
                after: after.map(to_json),
            },
        )?;
        Ok(())
    }
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("\"unserialisable: {e}\""))
}

/// Runs `f` in an immediate (writing) transaction, with the application's error type. Every
/// write of the service goes through here, on the connection [`super::AppState::write`] gives,
/// one at a time in the order they came.
pub fn transaction<T>(
    conn: &mut SqliteConnection,
    f: impl FnOnce(&mut SqliteConnection) -> Result<T, AppError>,
) -> Result<T, AppError> {
    let result = conn.immediate_transaction(|conn| f(conn));
    if result.is_ok() {
        DATA_VERSION.fetch_add(1, std::sync::atomic::Ordering::Release);
    }
    result
}

/// Counts the committed writes: what was computed at one version is still true while it stays.
static DATA_VERSION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The version of the data (see [`transaction`]).
pub fn data_version() -> u64 {
    DATA_VERSION.load(std::sync::atomic::Ordering::Acquire)
}

impl From<AppError> for DieselError {
    fn from(_: AppError) -> Self {
        DieselError::RollbackTransaction
    }
}

pub fn tournament_form(settings: &TournamentSettings) -> TournamentForm {
    TournamentForm {
        name: settings.name.clone(),
        venue: settings.venue.clone(),
        start_date: settings.start_date,
        end_date: settings.end_date,
        rules: serde_json::to_string(&settings.rules).expect("rules serialise"),
        rounds: settings.rounds,
        pairing: settings.pairing.name().to_string(),
        points_win: settings.points.win,
        points_draw: settings.points.draw,
        points_loss: settings.points.loss,
        points_bye: settings.points.bye,
        tiebreaks: settings.tiebreaks.join(","),
        require_moves: settings.require_moves,
        require_confirmation: settings.require_confirmation,
    }
}

pub fn create_tournament(
    conn: &mut SqliteConnection,
    actor: &str,
    settings: &TournamentSettings,
) -> Result<Tournament, AppError> {
    let form = tournament_form(settings);
    transaction(conn, |conn| {
        let t = queries::insert_tournament(conn, &form, Utc::now().naive_utc())?;
        Audit {
            actor,
            action: "tournament.create",
            tournament_id: Some(t.id),
            entity: "tournament",
            entity_id: Some(t.id),
        }
        .record(conn, None::<&()>, Some(&form))?;
        Ok(t)
    })
}

pub fn update_tournament(
    conn: &mut SqliteConnection,
    actor: &str,
    id: i32,
    settings: &TournamentSettings,
) -> Result<Tournament, AppError> {
    let form = tournament_form(settings);
    transaction(conn, |conn| {
        let before =
            queries::get_tournament(conn, id).map_err(|_| AppError::not_found("tournament"))?;
        let t = queries::update_tournament(conn, id, &form)?;
        Audit {
            actor,
            action: "tournament.update",
            tournament_id: Some(id),
            entity: "tournament",
            entity_id: Some(id),
        }
        .record(conn, Some(&before), Some(&form))?;
        Ok(t)
    })
}

/// Adds players (one, or a whole import) to a tournament; all or none.
pub fn add_players(
    conn: &mut SqliteConnection,
    actor: &str,
    tournament_id: i32,
    players: &[(PlayerDetails, String)],
    action: &str,
) -> Result<Vec<Player>, AppError> {
    transaction(conn, |conn| {
        queries::get_tournament(conn, tournament_id)
            .map_err(|_| AppError::not_found("tournament"))?;
        let now = Utc::now().naive_utc();
        let mut created = Vec::with_capacity(players.len());
        for (details, pin_hash) in players {
            let p = queries::insert_player(
                conn,
                &NewPlayer {
                    tournament_id,
                    name: &details.name,
                    club: &details.club,
                    country: &details.country,
                    rating: details.rating,
                    pin_hash,
                    created_at: now,
                },
            )?;
            Audit {
                actor,
                action,
                tournament_id: Some(tournament_id),
                entity: "player",
                entity_id: Some(p.id),
            }
            .record(conn, None::<&()>, Some(&PlayerView::from(&p)))?;
            created.push(p);
        }
        Ok(created)
    })
}

pub fn edit_player(
    conn: &mut SqliteConnection,
    actor: &str,
    tournament_id: i32,
    player_id: i32,
    details: &PlayerDetails,
) -> Result<Player, AppError> {
    transaction(conn, |conn| {
        let before = queries::get_player(conn, tournament_id, player_id)
            .map_err(|_| AppError::not_found("player"))?;
        let after = queries::update_player(
            conn,
            player_id,
            &PlayerChanges {
                name: details.name.clone(),
                club: details.club.clone(),
                country: details.country.clone(),
                rating: details.rating,
            },
        )?;
        Audit {
            actor,
            action: "player.update",
            tournament_id: Some(tournament_id),
            entity: "player",
            entity_id: Some(player_id),
        }
        .record(
            conn,
            Some(&PlayerView::from(&before)),
            Some(&PlayerView::from(&after)),
        )?;
        Ok(after)
    })
}

pub fn set_withdrawn(
    conn: &mut SqliteConnection,
    actor: &str,
    tournament_id: i32,
    player_id: i32,
    withdrawn: bool,
) -> Result<Player, AppError> {
    transaction(conn, |conn| {
        let before = queries::get_player(conn, tournament_id, player_id)
            .map_err(|_| AppError::not_found("player"))?;
        let after = queries::set_withdrawn(conn, player_id, withdrawn)?;
        if before.withdrawn != withdrawn {
            Audit {
                actor,
                action: if withdrawn {
                    "player.withdraw"
                } else {
                    "player.reinstate"
                },
                tournament_id: Some(tournament_id),
                entity: "player",
                entity_id: Some(player_id),
            }
            .record(
                conn,
                Some(&PlayerView::from(&before)),
                Some(&PlayerView::from(&after)),
            )?;
        }
        Ok(after)
    })
}

pub fn reset_pin(
    conn: &mut SqliteConnection,
    actor: &str,
    tournament_id: i32,
    player_id: i32,
    pin_hash: &str,
) -> Result<Player, AppError> {
    transaction(conn, |conn| {
        let player = queries::get_player(conn, tournament_id, player_id)
            .map_err(|_| AppError::not_found("player"))?;
        queries::set_pin_hash(conn, player_id, pin_hash)?;
        Audit {
            actor,
            action: "player.pin-reset",
            tournament_id: Some(tournament_id),
            entity: "player",
            entity_id: Some(player_id),
        }
        .record(
            conn,
            None::<&()>,
            Some(&serde_json::json!({"pin": "reset"})),
        )?;
        Ok(player)
    })
}

pub fn create_account(
    conn: &mut SqliteConnection,
    actor: &str,
    username: &str,
    password_hash: &str,
    role: Role,
) -> Result<Account, AppError> {
    transaction(conn, |conn| {
        let account = queries::insert_account(
            conn,
            &NewAccount {
                username,
                password_hash,
                role: role.name(),
                created_at: Utc::now().naive_utc(),
            },
        )
        .map_err(|e| match e {
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
                AppError::Conflict(format!("the username {username:?} is taken"))
            }
            other => other.into(),
        })?;
        Audit {
            actor,
            action: "account.create",
            tournament_id: None,
            entity: "account",
            entity_id: Some(account.id),
        }
        .record(
            conn,
            None::<&()>,
            Some(&serde_json::json!({"username": username, "role": role.name()})),
        )?;
        Ok(account)
    })
}

/// Assigns (or with `assign` false, unassigns) a controller to a tournament.
pub fn assign_controller(
    conn: &mut SqliteConnection,
    actor: &str,
    tournament_id: i32,
    username: &str,
    assign: bool,
) -> Result<Account, AppError> {
    transaction(conn, |conn| {
        queries::get_tournament(conn, tournament_id)
            .map_err(|_| AppError::not_found("tournament"))?;
        let account = queries::find_account_by_username(conn, username)?
            .ok_or_else(|| AppError::Invalid(format!("there is no account {username:?}")))?;
        if account.role != Role::Controller.name() {
            return Err(AppError::Invalid(format!(
                "{username:?} is an organiser; organisers run every tournament already"
            )));
        }
        let changed = if assign {
            queries::assign_controller(
                conn,
                &NewAssignment {
                    tournament_id,
                    account_id: account.id,
                },
            )?
        } else {
            queries::unassign_controller(conn, tournament_id, account.id)?
        };
        if changed > 0 {
            Audit {
                actor,
                action: if assign {
                    "controller.assign"
                } else {
                    "controller.unassign"
                },
                tournament_id: Some(tournament_id),
                entity: "account",
                entity_id: Some(account.id),
            }
            .record(
                conn,
                None::<&()>,
                Some(&serde_json::json!({"controller": username})),
            )?;
        }
        Ok(account)
    })
}
