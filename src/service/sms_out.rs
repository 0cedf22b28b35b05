//! Text messages out: queued as facts in the transaction of what they tell (a round published, a
//! sheet to confirm, an answer), worded in the tournament's language when they are sent, handed
//! to the gateway at a bounded rate within the tournament's cap, tried again when the gateway
//! does not take them, and followed by the gateway's delivery reports (`docs/sms.md`).
//!
//! The gateway is one small interface ([`Gateway`]): Kannel's `sendsms` ([`Kannel`]) today; an
//! Android phone's SMS gateway app or an operator's HTTP interface would be one adapter more.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use chrono::{NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;

use super::{Connections, ServiceError};
use crate::db::models::Tournament;
use crate::db::queries;
use crate::db::sms::{self as stored, Message, NewMessage, Phone};
use crate::tournament::said::Said;
use crate::tournament::said::Word;
use crate::tournament::sms::{State, cost, one_part};
use crate::tournament::{GameStatus, PlayerId, SheetId, TournamentId};

/// A message as the gateway is handed it.
#[derive(Clone, Debug)]
pub struct Outgoing {
    /// The service's own id of it, which the delivery reports name.
    pub id: i32,
    /// The number to send it to (digits with the country's code).
    pub to: String,
    pub text: String,
    /// In the GSM alphabet (else UCS-2).
    pub gsm: bool,
}

/// Something that sends text messages.
pub trait Gateway: Send + Sync {
    /// Hands `message` to the gateway: `Ok` once it took it (it queues and sends it, and reports
    /// its delivery), else why not.
    fn send(&self, message: &Outgoing) -> Result<(), String>;
}

/// Kannel's `smsbox`, through its `sendsms` HTTP interface.
pub struct Kannel {
    /// `http://127.0.0.1:13013/cgi-bin/sendsms`.
    pub sendsms: String,
    pub username: String,
    pub password: String,
    /// The venue's number (or short code) the messages come from.
    pub from: String,
    /// Where Kannel reaches this service for delivery reports (`http://127.0.0.1:8080`), and the
    /// token it gives with them.
    pub reports: Option<(String, String)>,
}

impl Gateway for Kannel {
    fn send(&self, message: &Outgoing) -> Result<(), String> {
        let mut query: Vec<(&str, String)> = vec![
            ("username", self.username.clone()),
            ("password", self.password.clone()),
            ("from", self.from.clone()),
            ("to", message.to.clone()),
            ("text", message.text.clone()),
            ("charset", "UTF-8".to_string()),
            // 0: the GSM alphabet, 2: UCS-2.
            ("coding", if message.gsm { "0" } else { "2" }.to_string()),
        ];
        if let Some((base, token)) = &self.reports {
            // Every report: delivered, not delivered, waiting, taken or refused by the network.
            query.push(("dlr-mask", "31".to_string()));
            query.push((
                "dlr-url",
                format!(
                    "{base}/api/sms/report?token={}&id={}&status=%d",
                    urlencode(token),
                    message.id
                ),
            ));
        }
        let url = format!(
            "{}?{}",
            self.sendsms,
            serde_urlencoded::to_string(&query).map_err(|e| e.to_string())?
        );
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(10)))
            .http_status_as_error(false)
            .build()
            .new_agent();
        match agent.get(&url).call() {
            // 202: accepted for delivery (queued), 200 with some versions.
            Ok(answer) if answer.status().is_success() => Ok(()),
            Ok(mut answer) => {
                let status = answer.status();
                let body = answer
                    .body_mut()
                    .read_to_string()
                    .unwrap_or_default()
                    .chars()
                    .take(200)
                    .collect::<String>();
                Err(format!("{status}: {}", body.trim()))
            }
            // The gateway's address and credentials are in the URL: only the kind of failure is told.
            Err(e) => Err(match e {
                ureq::Error::Timeout(_) => "the gateway did not answer in time".to_string(),
                ureq::Error::Io(e) => format!("the gateway cannot be reached ({})", e.kind()),
                _ => "the gateway cannot be reached".to_string(),
            }),
        }
    }
}

fn urlencode(text: &str) -> String {
    serde_urlencoded::to_string([("", text)])
        .map(|s| s.trim_start_matches('=').to_string())
        .unwrap_or_default()
}

/// How a message's facts are worded in a language (the service keeps facts; what words them is
/// given by whoever starts it).
pub type Words = Arc<dyn Fn(&str, &Said) -> String + Send + Sync>;

/// What a message out is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::Display, strum::EnumString)]
#[strum(serialize_all = "snake_case")]
pub enum Kind {
    /// An answer to a player's message.
    Answer,
    /// A round's pairing for a player.
    Pairing,
    /// A bye in a round.
    Bye,
    /// The opponent's sheet to confirm.
    Confirm,
    /// The staff's message to every player.
    Notice,
    /// A published round's pairing changed.
    Changed,
    /// The round's end draws near.
    Warning,
    /// The player withdrawn, or back in.
    Withdrawal,
}

/// Queues a message out to the player of `phone` in `tournament` (its language), due now.
pub fn queue(
    conn: &mut SqliteConnection,
    to: (&Tournament, &Phone),
    kind: Kind,
    said: &Said,
    asked: (Option<String>, Option<SheetId>),
) -> Result<i32, ServiceError> {
    insert(conn, to, kind, said, asked, Utc::now().naive_utc())
}

/// Queues a message out to the player of `phone`, due at `due` (UTC).
pub fn queue_at(
    conn: &mut SqliteConnection,
    to: (&Tournament, &Phone),
    kind: Kind,
    said: &Said,
    due: NaiveDateTime,
) -> Result<i32, ServiceError> {
    insert(conn, to, kind, said, (None, None), due)
}

fn insert(
    conn: &mut SqliteConnection,
    (tournament, phone): (&Tournament, &Phone),
    kind: Kind,
    said: &Said,
    (code, sheet): (Option<String>, Option<SheetId>),
    due_at: NaiveDateTime,
) -> Result<i32, ServiceError> {
    let now = Utc::now().naive_utc();
    Ok(stored::insert(
        conn,
        &NewMessage {
            tournament_id: Some(tournament.id),
            player_id: Some(phone.player_id),
            number: phone.number.clone(),
            incoming: false,
            kind: kind.to_string(),
            said: said.to_stored(),
            language: tournament.settings.language.clone(),
            text: String::new(),
            parts: 0,
            state: State::Queued.to_string(),
            gateway_id: None,
            due_at,
            created_at: now,
            code,
            sheet_id: sheet,
        },
    )?)
}

/// The phones of a tournament's players to whom SMS go (none when its SMS are off).
pub fn reachable_phones(
    conn: &mut SqliteConnection,
    tournament: &Tournament,
) -> Result<HashMap<PlayerId, Phone>, ServiceError> {
    if !stored::settings(conn, tournament.id)?.enabled {
        return Ok(HashMap::new());
    }
    Ok(stored::phones(conn, tournament.id)?
        .into_iter()
        .filter(|p| !p.stopped)
        .map(|p| (p.player_id, p))
        .collect())
}

/// Whether a round's end warning is still worth sending: the player's game at its board (a
/// match's, any of them) waits for a result.
pub fn warning_needed(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    player: PlayerId,
    said: &Said,
) -> Result<bool, ServiceError> {
    let number = |name: &str| match said.arg(name) {
        Some(Word::Number(n)) => Some(*n as i32),
        _ => None,
    };
    let (Some(round), Some(board)) = (number("round"), number("board")) else {
        return Ok(false);
    };
    let Ok(round) = queries::get_round(conn, tournament, round) else {
        return Ok(false);
    };
    Ok(queries::round_games(conn, round.id)?.iter().any(|g| {
        g.board == Some(board)
            && (g.south_id == player || g.north_id == Some(player))
            && matches!(g.status, GameStatus::Pending | GameStatus::Submitted)
    }))
}

/// The longest a message out waits between two tries, and the tries before it is given up.
const LONGEST_PAUSE: Duration = Duration::from_secs(300);
const TRIES: i32 = 8;

/// When a message the gateway did not take is tried again: 5 s, doubling, at most 5 minutes.
fn next_try(tries: i32, now: NaiveDateTime) -> NaiveDateTime {
    let pause = Duration::from_secs(5)
        .saturating_mul(1 << tries.clamp(0, 16))
        .min(LONGEST_PAUSE);
    now + chrono::Duration::from_std(pause).unwrap_or_default()
}

/// What one message out became.
enum Sending {
    /// Handed to the gateway.
    Send(Outgoing),
    /// Not sent, for this state (`capped`, `off`, `skipped`).
    Kept(State, String, i32),
}

/// Words a message out and decides whether it may go: its tournament still sends SMS, its
/// player has not been turned off, and its parts fit within the tournament's cap.
fn prepare(
    conn: &mut SqliteConnection,
    message: &Message,
    words: &Words,
) -> Result<Sending, ServiceError> {
    let said = crate::tournament::said::Kept::read(&message.said);
    let said = match said {
        crate::tournament::said::Kept::Said(said) => said,
        crate::tournament::said::Kept::Text(text) => crate::said!("sms-notice", text),
    };
    // The page's typography (a narrow no-break space before `:`) is not in the GSM alphabet: a
    // message takes a plain space, and stays in one part where it can.
    let mut text = words(&message.language, &said).replace(['\u{202f}', '\u{a0}'], " ");
    if message.kind == Kind::Answer.to_string() {
        text = one_part(&text);
    }
    let cost = cost(&text);
    let parts = i32::try_from(cost.parts).unwrap_or(i32::MAX);
    if let Some(tournament) = message.tournament_id {
        let settings = stored::settings(conn, tournament)?;
        let stopped = match message.player_id {
            Some(player) => stored::phone(conn, player)?.is_none_or(|p| p.stopped),
            None => false,
        };
        if !settings.enabled || stopped {
            return Ok(Sending::Kept(State::Off, text, parts));
        }
        if message.kind == Kind::Warning.to_string()
            && let Some(player) = message.player_id
            && !warning_needed(conn, tournament, player, &said)?
        {
            return Ok(Sending::Kept(State::Skipped, text, parts));
        }
        if stored::parts_sent(conn, tournament)? + i64::from(parts) > i64::from(settings.cap) {
            return Ok(Sending::Kept(State::Capped, text, parts));
        }
    }
    Ok(Sending::Send(Outgoing {
        id: message.id,
        to: message.number.clone(),
        text,
        gsm: cost.gsm,
    }))
}

/// Sends the messages out as they fall due, at most `rate` a second, as long as `alive` (the
/// service) is.
pub async fn send_as_due<T: Send + Sync>(
    db: Connections,
    gateway: Arc<dyn Gateway>,
    words: Words,
    rate: u32,
    alive: std::sync::Weak<T>,
) {
    let rate = rate.max(1);
    let mut changes = db.changes();
    loop {
        if alive.upgrade().is_none() {
            return;
        }
        changes.borrow_and_update();
        let started = tokio::time::Instant::now();
        let handed = match send_some(&db, &gateway, &words, rate).await {
            Ok(n) => n,
            Err(e) => {
                tracing::error!(cause = %e.cause_chain(), "sending text messages");
                0
            }
        };
        if handed >= rate {
            // The rate: the next messages wait for the rest of the second.
            tokio::time::sleep_until(started + Duration::from_secs(1)).await;
            continue;
        }
        if let Ok(Err(_)) = tokio::time::timeout(Duration::from_secs(1), changes.changed()).await {
            return;
        }
    }
}

/// Sends up to `most` messages that are due; how many were handed to the gateway or tried.
async fn send_some(
    db: &Connections,
    gateway: &Arc<dyn Gateway>,
    words: &Words,
    most: u32,
) -> Result<u32, ServiceError> {
    let now = Utc::now().naive_utc();
    let due = db
        .read(move |conn| Ok(stored::due(conn, now, i64::from(most))?))
        .await?;
    let mut tried = 0;
    for message in due {
        let words = words.clone();
        let id = message.id;
        let prepared = db
            .read(move |conn| prepare(conn, &message, &words).map(|p| (p, message.tries)))
            .await?;
        match prepared {
            (Sending::Kept(state, text, parts), _) => {
                db.write(move |conn| {
                    Ok(stored::set_sent(
                        conn,
                        id,
                        (state, &text, parts),
                        Utc::now().naive_utc(),
                    )?)
                })
                .await?;
            }
            (Sending::Send(outgoing), tries) => {
                tried += 1;
                let gateway = gateway.clone();
                let sending = outgoing.clone();
                let answer = tokio::task::spawn_blocking(move || gateway.send(&sending))
                    .await
                    .unwrap_or_else(|e| Err(e.to_string()));
                let parts = i32::try_from(cost(&outgoing.text).parts).unwrap_or(i32::MAX);
                db.write(move |conn| {
                    let now = Utc::now().naive_utc();
                    match answer {
                        Ok(()) => {
                            stored::set_sent(conn, id, (State::Sent, &outgoing.text, parts), now)?
                        }
                        Err(why) if tries + 1 >= TRIES => {
                            tracing::warn!(message = id, "a text message given up: {why}");
                            stored::set_retry(conn, id, (State::Failed, now, &why))?
                        }
                        Err(why) => stored::set_retry(
                            conn,
                            id,
                            (State::Queued, next_try(tries, now), &why),
                        )?,
                    };
                    Ok(())
                })
                .await?;
            }
        }
    }
    Ok(tried)
}

/// A delivery report from the gateway (Kannel's `%d`: 1 delivered, 2 not delivered, 4 waiting
/// at the network, 8 taken by the network, 16 refused by it).
pub fn report(
    conn: &mut SqliteConnection,
    id: i32,
    status: u32,
    at: NaiveDateTime,
) -> Result<bool, ServiceError> {
    let (state, report) = match status {
        1 => (State::Delivered, "delivered"),
        2 => (State::Failed, "not delivered"),
        4 => (State::Sent, "waiting at the network"),
        8 => (State::Sent, "taken by the network"),
        16 => (State::Failed, "refused by the network"),
        _ => return Ok(false),
    };
    Ok(stored::set_report(conn, id, (state, report), at)? == 1)
}
