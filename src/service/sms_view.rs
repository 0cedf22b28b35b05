//! A tournament's SMS as the staff read them: the SMS page (its settings, the players' phones,
//! every message in and out) and the live dashboard's sum of them. Numbers are private: only the
//! staff who run the tournament read them.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::{Actor, ServiceError};
use crate::db::queries;
use crate::db::sms::{self as stored, Message, Phone};
use crate::tournament::sms::State;
use crate::tournament::{PlayerId, TournamentId};

/// A player's phone as the SMS page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct PhoneRow {
    pub player_id: PlayerId,
    pub name: String,
    pub number: Option<String>,
    pub consent_at: Option<NaiveDateTime>,
    pub stopped: bool,
}

/// A tournament's SMS as the staff's page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct SmsView {
    pub tournament_id: TournamentId,
    pub enabled: bool,
    pub cap: i32,
    /// The parts handed to the gateway so far.
    pub parts_sent: i64,
    pub phones: Vec<PhoneRow>,
    /// Newest first.
    pub messages: Vec<MessageRow>,
}

/// A message as the SMS page shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MessageRow {
    pub id: i32,
    pub incoming: bool,
    pub player: Option<String>,
    pub number: String,
    pub kind: String,
    pub state: String,
    /// In: as received; out: as sent (empty until it is).
    pub text: String,
    /// Out, not yet sent: its facts, for the page to word.
    #[serde(skip)]
    pub said: String,
    pub language: String,
    pub parts: i32,
    pub report: String,
    pub at: NaiveDateTime,
}

/// A message as the pages list it.
fn row(m: Message, names: &HashMap<PlayerId, String>) -> MessageRow {
    MessageRow {
        id: m.id,
        incoming: m.incoming,
        player: m.player_id.and_then(|p| names.get(&p).cloned()),
        number: m.number,
        kind: m.kind,
        state: m.state,
        text: m.text,
        said: m.said,
        language: m.language,
        parts: m.parts,
        report: m.report,
        at: m.sent_at.unwrap_or(m.created_at),
    }
}

/// A tournament's SMS as the live dashboard sums them up.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SmsSummary {
    pub enabled: bool,
    pub cap: i32,
    pub parts_sent: i64,
    /// Messages out waiting to be sent, not delivered, kept back by the cap.
    pub waiting: i64,
    pub failed: i64,
    pub capped: i64,
    /// The latest messages in and out, newest first.
    pub latest: Vec<MessageRow>,
}

/// The messages the dashboard lists.
pub const ON_DASHBOARD: i64 = 6;

/// The dashboard's sum of a tournament's SMS (`None`: SMS off and none ever sent or taken).
pub fn summary(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> Result<Option<SmsSummary>, ServiceError> {
    let settings = stored::settings(conn, tournament)?;
    let latest = stored::of_tournament(conn, tournament, ON_DASHBOARD)?;
    if !settings.enabled && latest.is_empty() {
        return Ok(None);
    }
    let counts = stored::out_by_state(conn, tournament)?;
    let count = |state: State| {
        counts
            .iter()
            .find(|(s, _)| s == state.word())
            .map_or(0, |(_, n)| *n)
    };
    let names = super::views::names(conn, tournament)?;
    Ok(Some(SmsSummary {
        enabled: settings.enabled,
        cap: settings.cap,
        parts_sent: stored::parts_sent(conn, tournament)?,
        waiting: count(State::Queued),
        failed: count(State::Failed),
        capped: count(State::Capped),
        latest: latest.into_iter().map(|m| row(m, &names)).collect(),
    }))
}

/// The most messages the page lists.
pub const LISTED: i64 = 500;

/// The SMS page of a tournament: its settings, its players' phones and its messages (staff who
/// run it only: numbers are private).
pub fn view(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
) -> Result<SmsView, ServiceError> {
    actor.check_runs(conn, tournament)?;
    let settings = stored::settings(conn, tournament)?;
    let players = queries::list_players(conn, tournament)?;
    let phones: HashMap<PlayerId, Phone> = stored::phones(conn, tournament)?
        .into_iter()
        .map(|p| (p.player_id, p))
        .collect();
    let names: HashMap<PlayerId, String> = players.iter().map(|p| (p.id, p.name.clone())).collect();
    let messages = stored::of_tournament(conn, tournament, LISTED)?
        .into_iter()
        .map(|m| row(m, &names))
        .collect();
    Ok(SmsView {
        tournament_id: tournament,
        enabled: settings.enabled,
        cap: settings.cap,
        parts_sent: stored::parts_sent(conn, tournament)?,
        phones: players
            .into_iter()
            .map(|p| {
                let phone = phones.get(&p.id);
                PhoneRow {
                    player_id: p.id,
                    name: p.name,
                    number: phone.map(|ph| ph.number.clone()),
                    consent_at: phone.map(|ph| ph.consent_at),
                    stopped: phone.is_some_and(|ph| ph.stopped),
                }
            })
            .collect(),
        messages,
    })
}
