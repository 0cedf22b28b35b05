//! Tournaments: their settings (created and changed by organisers), the controllers assigned to
//! them, and the tournament as pages and the API show it.

use chrono::{NaiveDate, Utc};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::players::PlayerView;
use super::views::{GameView, player_games};
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::auth::Role;
use crate::db::models::{NewAssignment, Tournament, TournamentForm};
use crate::db::queries;
use crate::tournament::said::Said;
use crate::tournament::{TournamentId, TournamentSettings};

/// The settings of a stored tournament, its event with them. The record was read and checked
/// when the row was (`db::types`): a record that does not read is an error, never a default.
pub fn stored_settings(t: &Tournament) -> Result<TournamentSettings, ServiceError> {
    Ok(TournamentSettings {
        event_id: t.event_id,
        ..t.settings.clone()
    })
}

/// The tournament's own language code (`en` when none was set).
pub fn language(conn: &mut SqliteConnection, id: TournamentId) -> Result<String, ServiceError> {
    Ok(crate::db::languages::get(conn, id)?)
}

/// Tournaments' own languages as last read, each with the version of its data it was read at
/// (the pages of every visitor whose browser names no language ask for it).
pub struct Languages {
    db: super::Connections,
    kept: std::sync::Mutex<std::collections::HashMap<TournamentId, (u64, String)>>,
}

impl Languages {
    pub fn new(db: super::Connections) -> Languages {
        Languages {
            db,
            kept: Default::default(),
        }
    }

    /// A tournament's own language code, read once per version of its data.
    pub async fn of(&self, id: TournamentId) -> Result<String, ServiceError> {
        let version = self.db.tournament_version(id);
        let lock = || {
            self.kept
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        };
        let kept = lock()
            .get(&id)
            .filter(|(v, _)| *v == version)
            .map(|(_, code)| code.clone());
        if let Some(code) = kept {
            return Ok(code);
        }
        let code = self.db.read(move |conn| language(conn, id)).await?;
        // At most one a tournament (a tournament's version only grows).
        lock().insert(id, (version, code.clone()));
        Ok(code)
    }
}

/// A tournament as the API and pages show it: its settings (read through it, `t.rounds`), and
/// where it stands among stages.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentView {
    pub id: TournamentId,
    #[serde(flatten)]
    pub settings: TournamentSettings,
    /// The tournament whose final standings gave this one its players.
    pub previous_stage: Option<TournamentId>,
    /// A play-off: the place of the previous stage's standings it decides.
    pub playoff_place: Option<i32>,
}

impl std::ops::Deref for TournamentView {
    type Target = TournamentSettings;

    fn deref(&self) -> &TournamentSettings {
        &self.settings
    }
}

impl TournamentView {
    pub fn new(t: &Tournament) -> Result<TournamentView, ServiceError> {
        Ok(TournamentView {
            id: t.id,
            settings: stored_settings(t)?,
            previous_stage: t.previous_stage,
            playoff_place: t.playoff_place,
        })
    }

    pub fn dates(&self) -> String {
        dates_text(self.start_date, self.end_date)
    }

    /// The tie-break codes in order, as a list people read.
    pub fn tiebreak_list(&self) -> String {
        self.tiebreaks
            .iter()
            .map(|t| t.code())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The options that differ from the preset, as `name: value`.
    pub fn overridden_options(&self) -> Vec<String> {
        self.settings
            .overridden()
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect()
    }
}

/// Points as people write them: `1`, `½`, `2½` (never `-0`).
pub fn points_text(p: f64) -> String {
    let p = if p == 0.0 { 0.0 } else { p };
    if p.fract() == 0.5 {
        if p < 1.0 {
            "½".to_string()
        } else {
            format!("{}½", p.trunc())
        }
    } else {
        format!("{p}")
    }
}

/// A tournament's or an event's dates: "2026-07-12 – 2026-07-14", one date, or nothing.
pub fn dates_text(start: Option<NaiveDate>, end: Option<NaiveDate>) -> String {
    match (start, end) {
        (Some(s), Some(e)) if s != e => format!("{s} – {e}"),
        (Some(s), _) => s.to_string(),
        (None, Some(e)) => e.to_string(),
        (None, None) => String::new(),
    }
}

pub(super) fn tournament_form(settings: &TournamentSettings) -> TournamentForm {
    TournamentForm {
        settings: TournamentSettings {
            event_id: None,
            ..settings.clone()
        },
        event_id: settings.event_id,
    }
}

/// The settings as the audit log keeps them: one field each, each worded for its readers
/// (`audit-field-*`), the rule set as one JSON text.
fn audit_state(settings: &TournamentSettings) -> serde_json::Value {
    use serde_json::Value;
    let mut state = serde_json::to_value(settings.input()).unwrap_or_default();
    if let Value::Object(fields) = &mut state {
        fields.remove("rule_options");
        let rules = serde_json::to_string(&settings.rules).unwrap_or_default();
        fields.insert("rules".to_string(), Value::String(rules));
        if let Some(Value::Object(points)) = fields.remove("points") {
            for (result, value) in points {
                fields.insert(format!("points_{result}"), value);
            }
        }
        fields.insert("event_id".to_string(), serde_json::json!(settings.event_id));
    }
    state
}

/// Refuses a section of an event that does not exist.
fn check_event(
    conn: &mut SqliteConnection,
    settings: &TournamentSettings,
) -> Result<(), ServiceError> {
    match settings.event_id {
        Some(id) if crate::db::events::get_event(conn, id)?.is_none() => Err(
            ServiceError::Invalid(crate::said!("event-id-there-no-event", id)),
        ),
        _ => Ok(()),
    }
}

/// Every tournament, newest first.
pub fn list(conn: &mut SqliteConnection) -> Result<Vec<TournamentView>, ServiceError> {
    queries::list_tournaments(conn)?
        .iter()
        .map(TournamentView::new)
        .collect()
}

pub fn get(conn: &mut SqliteConnection, id: TournamentId) -> Result<TournamentView, ServiceError> {
    TournamentView::new(&queries::get_tournament(conn, id).or_not_found("tournament")?)
}

/// An organiser creates a tournament.
pub fn create(
    conn: &mut SqliteConnection,
    actor: &Actor,
    settings: &TournamentSettings,
) -> Result<TournamentView, ServiceError> {
    actor.organiser()?;
    let form = tournament_form(settings);
    transaction(conn, |conn| {
        check_event(conn, settings)?;
        let t = queries::insert_tournament(conn, &form, Utc::now().naive_utc())?;
        Audit {
            actor,
            change: Change::TournamentCreated { tournament: t.id },
            tournament_id: Some(t.id),
        }
        .record(conn, None::<&()>, Some(&audit_state(settings)))?;
        TournamentView::new(&t)
    })
}

/// An organiser changes a tournament's settings.
pub fn update(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: TournamentId,
    settings: &TournamentSettings,
) -> Result<TournamentView, ServiceError> {
    actor.organiser()?;
    let form = tournament_form(settings);
    transaction(conn, |conn| {
        let before = queries::get_tournament(conn, id).or_not_found("tournament")?;
        check_change(conn, &before, settings)?;
        check_event(conn, settings)?;
        let t = queries::update_tournament(conn, id, &form)?;
        Audit {
            actor,
            change: Change::TournamentUpdated { tournament: id },
            tournament_id: Some(id),
        }
        .record(
            conn,
            Some(&audit_state(&stored_settings(&before)?)),
            Some(&audit_state(settings)),
        )?;
        TournamentView::new(&t)
    })
}

/// Refuses a change of settings that would change what was already paired or played: those
/// `tournament::settings::FIXED` declares, move lists required once sheets were sent without
/// them, and a number of rounds below the rounds already paired.
fn check_change(
    conn: &mut SqliteConnection,
    before: &Tournament,
    settings: &TournamentSettings,
) -> Result<(), ServiceError> {
    let rounds = queries::list_rounds(conn, before.id)?;
    let stored = stored_settings(before)?;
    let published = rounds.iter().any(|r| r.published);
    if let Some(why) = stored.fixed_change(settings, !rounds.is_empty(), published) {
        return Err(ServiceError::Conflict(Said::new(why)));
    }
    if settings.switches.require_moves && !stored.switches.require_moves {
        let without = queries::count_sheets_without_moves(conn, before.id)?;
        if without > 0 {
            return Err(ServiceError::Conflict(crate::said!(
                "moves-required-after-sheets-without",
                sheets = without
            )));
        }
    }
    let paired = rounds.iter().map(|r| r.number).max().unwrap_or(0);
    if settings.rounds < paired {
        return Err(ServiceError::Conflict(crate::said!(
            "rounds-rounds-paired-already-tournament",
            paired
        )));
    }
    Ok(())
}

pub use crate::tournament::settings::{MATCHES_FIXED, RULES_FIXED};

/// Whether what a pairing plays is fixed (a round is paired).
pub fn matches_fixed(conn: &mut SqliteConnection, id: TournamentId) -> Result<bool, ServiceError> {
    Ok(!queries::list_rounds(conn, id)?.is_empty())
}

/// Whether the tournament's rules are fixed (a round is published).
pub fn rules_fixed(conn: &mut SqliteConnection, id: TournamentId) -> Result<bool, ServiceError> {
    Ok(queries::list_rounds(conn, id)?.iter().any(|r| r.published))
}

/// An organiser assigns (or with `assign` false, unassigns) a controller to a tournament; the
/// tournament's controllers afterwards.
pub fn assign_controller(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    username: &str,
    assign: bool,
) -> Result<Vec<String>, ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
        let account = queries::find_account_by_username(conn, username)?
            .ok_or_else(|| ServiceError::Invalid(crate::said!("there-no-account", username)))?;
        if account.role != Role::Controller {
            return Err(ServiceError::Invalid(crate::said!(
                "organiser-organisers-run-every-tournament",
                username
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
                change: if assign {
                    Change::ControllerAssigned {
                        account: account.id,
                    }
                } else {
                    Change::ControllerUnassigned {
                        account: account.id,
                    }
                },
                tournament_id: Some(tournament_id),
            }
            .record(
                conn,
                None::<&()>,
                Some(&serde_json::json!({"controller": username})),
            )?;
        }
        controllers(conn, tournament_id)
    })
}

fn controllers(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Vec<String>, ServiceError> {
    Ok(queries::controllers_of(conn, tournament_id)?
        .into_iter()
        .map(|a| a.username)
        .collect())
}

/// A tournament's page: its settings, players and controllers, whether the actor runs it, and
/// the signed-in player's own games.
pub struct TournamentPage {
    pub t: TournamentView,
    pub players: Vec<PlayerView>,
    pub controllers: Vec<String>,
    /// The controllers of its event, who run it too.
    pub event_controllers: Vec<String>,
    /// For organisers: the controller accounts not assigned to it, to choose from.
    pub unassigned: Vec<String>,
    pub runs: bool,
    pub my_games: Vec<GameView>,
    /// Pairings ruled out (shown to the staff).
    pub prohibited: Vec<super::restrictions::PairView>,
    /// A round is paired: the pairing numbers are fixed.
    pub paired: bool,
    /// The roll call open, if one is: its round, and the signed-in player's answer.
    pub roll_call: Option<(i32, Option<bool>)>,
    /// The staff's notice to everyone.
    pub notice: Option<super::notices::Notice>,
    /// The tournament's own language code.
    pub language: String,
    /// Its games count for the rating list (its ratings page is linked).
    pub rated: bool,
    /// The players' register numbers that name a person here: their card across events is
    /// linked.
    pub cards: std::collections::HashSet<i32>,
}

pub fn page(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: TournamentId,
) -> Result<TournamentPage, ServiceError> {
    let t = get(conn, id)?;
    let players = super::players::numbered(&queries::list_players(conn, id)?);
    let my_games = match actor.player_in(id) {
        Some(me) => player_games(conn, id, me, &t.matches)?,
        None => Vec::new(),
    };
    let runs = actor.runs(conn, id)?;
    let prohibited = if runs {
        super::restrictions::list(conn, id)?
    } else {
        Vec::new()
    };
    let controllers = controllers(conn, id)?;
    let event_controllers = match t.event_id {
        Some(event) => crate::db::events::controllers(conn, event)?
            .into_iter()
            .map(|a| a.username)
            .filter(|name| !controllers.contains(name))
            .collect(),
        None => Vec::new(),
    };
    let unassigned = if actor.organiser().is_ok() {
        queries::list_accounts(conn)?
            .into_iter()
            .filter(|a| a.role == Role::Controller && !controllers.contains(&a.username))
            .map(|a| a.username)
            .collect()
    } else {
        Vec::new()
    };
    Ok(TournamentPage {
        t,
        controllers,
        event_controllers,
        unassigned,
        runs,
        my_games,
        prohibited,
        paired: !queries::list_rounds(conn, id)?.is_empty(),
        roll_call: super::roll_call::open_for(conn, id, actor.player_in(id))?,
        notice: super::notices::get(conn, id)?,
        language: language(conn, id)?,
        rated: crate::db::register::is_rated(conn, id)?,
        cards: crate::db::register::existing(
            conn,
            &players
                .iter()
                .filter_map(|p| p.register_id)
                .collect::<Vec<_>>(),
        )?,
        players,
    })
}
