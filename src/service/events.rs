//! Events: sections (tournaments) grouped with a venue, dates, staff and categories in common;
//! the event's public page; who is in which category.

use chrono::{NaiveDate, Utc};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::tournaments::TournamentView;
use super::{Actor, Audit, ServiceError, transaction};
use crate::auth::Role;
use crate::db::events as queries;
use crate::db::models::{Event, EventForm, NewEventController};
use crate::tournament::EventId;
use crate::tournament::categories::Category;
use crate::tournament::events::EventSettings;

/// An event as the API and pages show it.
#[derive(Clone, Debug, Serialize)]
pub struct EventView {
    pub id: EventId,
    pub name: String,
    pub venue: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    /// Its categories (the API gives each with its rule in the reader's words).
    #[serde(skip)]
    pub categories: Vec<Category>,
    /// Its sections, in the order they were created.
    pub sections: Vec<TournamentView>,
    /// The controllers who run every section.
    pub controllers: Vec<String>,
}

impl EventView {
    /// "2026-07-12 – 2026-07-14", one date, or nothing.
    pub fn dates(&self) -> String {
        super::tournaments::dates_text(self.start_date, self.end_date)
    }
}

/// The categories stored with an event.
pub fn stored_categories(e: &Event) -> Result<Vec<Category>, ServiceError> {
    serde_json::from_str(&e.categories)
        .map_err(|err| ServiceError::Internal(format!("event {}: its categories: {err}", e.id)))
}

fn view(conn: &mut SqliteConnection, e: &Event) -> Result<EventView, ServiceError> {
    let sections = queries::sections(conn, e.id)?
        .iter()
        .map(TournamentView::new)
        .collect::<Result<_, _>>()?;
    Ok(EventView {
        id: e.id,
        name: e.name.clone(),
        venue: e.venue.clone(),
        start_date: e.start_date,
        end_date: e.end_date,
        categories: stored_categories(e)?,
        sections,
        controllers: queries::controllers(conn, e.id)?
            .into_iter()
            .map(|a| a.username)
            .collect(),
    })
}

fn form(settings: &EventSettings) -> EventForm {
    EventForm {
        name: settings.name.clone(),
        venue: settings.venue.clone(),
        start_date: settings.start_date,
        end_date: settings.end_date,
        categories: serde_json::to_string(&settings.categories).expect("categories serialise"),
    }
}

fn found(conn: &mut SqliteConnection, id: EventId) -> Result<Event, ServiceError> {
    queries::get_event(conn, id)?.ok_or_else(|| ServiceError::not_found("event"))
}

/// Every event's id and name, the latest first (what a tournament's form offers).
pub fn names(conn: &mut SqliteConnection) -> Result<Vec<(EventId, String)>, ServiceError> {
    Ok(queries::list_events(conn)?
        .into_iter()
        .map(|e| (e.id, e.name))
        .collect())
}

/// Every event, the latest first.
pub fn list(conn: &mut SqliteConnection) -> Result<Vec<EventView>, ServiceError> {
    queries::list_events(conn)?
        .iter()
        .map(|e| view(conn, e))
        .collect()
}

pub fn get(conn: &mut SqliteConnection, id: EventId) -> Result<EventView, ServiceError> {
    let e = found(conn, id)?;
    view(conn, &e)
}

/// An event, and for an organiser the controllers' accounts that do not run it yet (to choose
/// from; none for anyone else).
pub fn with_controllers_to_choose(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: EventId,
) -> Result<(EventView, Vec<String>), ServiceError> {
    let e = get(conn, id)?;
    if actor.organiser().is_err() {
        return Ok((e, Vec::new()));
    }
    let accounts = super::accounts::list(conn, actor)?
        .into_iter()
        .filter(|a| a.role == crate::auth::Role::Controller && !e.controllers.contains(&a.username))
        .map(|a| a.username)
        .collect();
    Ok((e, accounts))
}

/// An organiser creates an event.
pub fn create(
    conn: &mut SqliteConnection,
    actor: &Actor,
    settings: &EventSettings,
) -> Result<EventView, ServiceError> {
    actor.organiser()?;
    let form = form(settings);
    transaction(conn, |conn| {
        let e = queries::insert_event(conn, &form, Utc::now().naive_utc())?;
        Audit {
            actor,
            change: Change::EventCreated { event: e.id },
            tournament_id: None,
        }
        .record(conn, None::<&()>, Some(&form))?;
        view(conn, &e)
    })
}

/// An organiser changes an event's settings; its sections' categories follow at once.
pub fn update(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: EventId,
    settings: &EventSettings,
) -> Result<EventView, ServiceError> {
    actor.organiser()?;
    let form = form(settings);
    transaction(conn, |conn| {
        let before = found(conn, id)?;
        let e = queries::update_event(conn, id, &form)?;
        Audit {
            actor,
            change: Change::EventUpdated { event: id },
            tournament_id: None,
        }
        .record(conn, Some(&before), Some(&form))?;
        view(conn, &e)
    })
}

/// An organiser gives a controller every section of the event (or takes them back): the
/// controllers afterwards.
pub fn assign_controller(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: EventId,
    username: &str,
    assign: bool,
) -> Result<Vec<String>, ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        found(conn, id)?;
        let account = crate::db::queries::find_account_by_username(conn, username)?
            .ok_or_else(|| ServiceError::Invalid(crate::said!("there-no-account", username)))?;
        if account.role != Role::Controller {
            return Err(ServiceError::Invalid(crate::said!(
                "organiser-organisers-run-every-tournament",
                username
            )));
        }
        let changed = if assign {
            queries::assign(
                conn,
                &NewEventController {
                    event_id: id,
                    account_id: account.id,
                },
            )?
        } else {
            queries::unassign(conn, id, account.id)?
        };
        if changed > 0 {
            Audit {
                actor,
                change: if assign {
                    Change::EventControllerAssigned { event: id }
                } else {
                    Change::EventControllerUnassigned { event: id }
                },
                tournament_id: None,
            }
            .record(
                conn,
                None::<&()>,
                Some(&serde_json::json!({"controller": username})),
            )?;
        }
        Ok(queries::controllers(conn, id)?
            .into_iter()
            .map(|a| a.username)
            .collect())
    })
}

/// The categories of a tournament's event (none for a tournament that stands alone).
pub fn categories_of(
    conn: &mut SqliteConnection,
    t: &TournamentView,
) -> Result<Vec<Category>, ServiceError> {
    match t.event_id {
        Some(id) => stored_categories(&found(conn, id)?),
        None => Ok(Vec::new()),
    }
}
