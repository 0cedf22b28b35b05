//! Text messages out: queued as facts in the transaction of what they tell (a round published, a
//! sheet to confirm, an answer), worded in the tournament's language when they are sent, handed
//! to the gateway at a bounded rate within the tournament's cap, tried again when the gateway
//! does not take them, and followed by the gateway's delivery reports (`docs/sms.md`).
//!
//! The gateway is one small interface ([`Gateway`]): Kannel's `sendsms` ([`Kannel`]) today; an
//! Android phone's SMS gateway app or an operator's HTTP interface would be one adapter more.

use std::sync::Arc;
use std::time::Duration;

use chrono::{NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;

use super::{Connections, ServiceError};
use crate::db::models::Tournament;
use crate::db::queries;
use crate::db::sms::{self as stored, Message, NewMessage};
use crate::tournament::said::Said;
use crate::tournament::sms::{cost, one_part};
use crate::tournament::{GameId, PlayerId, RoundId, SheetId};

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
}

/// Queues a message out to a player (or to a number, for an answer), due now.
pub fn queue(
    conn: &mut SqliteConnection,
    (tournament, player, number): (Option<&Tournament>, Option<PlayerId>, &str),
    kind: Kind,
    said: &Said,
    (code, sheet): (Option<String>, Option<SheetId>),
) -> Result<i32, ServiceError> {
    let now = Utc::now().naive_utc();
    Ok(stored::insert(
        conn,
        &NewMessage {
            tournament_id: tournament.map(|t| t.id),
            player_id: player,
            number: number.to_string(),
            incoming: false,
            kind: kind.to_string(),
            said: said.to_stored(),
            language: tournament.map_or_else(|| "en".to_string(), |t| t.settings.language.clone()),
            text: String::new(),
            parts: 0,
            state: "queued".to_string(),
            gateway_id: None,
            due_at: now,
            created_at: now,
            code,
            sheet_id: sheet,
        },
    )?)
}

/// The phone of a player to whom SMS go: their tournament sends SMS and the staff have not
/// turned them off for the player.
pub fn reachable(
    conn: &mut SqliteConnection,
    player: PlayerId,
) -> Result<Option<stored::Phone>, ServiceError> {
    let Some(phone) = stored::phone(conn, player)? else {
        return Ok(None);
    };
    let on = stored::settings(conn, phone.tournament_id)?.enabled;
    Ok((on && !phone.stopped).then_some(phone))
}

/// A round published: each of its players with SMS gets their board, side, opponent and start,
/// or their bye.
pub fn round_published(conn: &mut SqliteConnection, round: RoundId) -> Result<(), ServiceError> {
    let round = queries::get_round_by_id(conn, round)?;
    let tournament = queries::get_tournament(conn, round.tournament_id)?;
    if !stored::settings(conn, tournament.id)?.enabled {
        return Ok(());
    }
    let names = super::views::names(conn, tournament.id)?;
    let name = |id: PlayerId| names.get(&id).cloned().unwrap_or_default();
    let start = super::schedule::round(conn, tournament.id, round.number)?
        .planned_start
        .map(|at| at.format("%H:%M").to_string())
        .unwrap_or_default();
    for game in queries::round_games(conn, round.id)? {
        // A match's later games are laid out as it goes: its first game tells the pairing.
        if game.match_game > 1 {
            continue;
        }
        let mut seats = vec![(game.south_id, "south", game.north_id)];
        if let Some(north) = game.north_id {
            seats.push((north, "north", Some(game.south_id)));
        }
        for (player, side, opponent) in seats {
            let Some(phone) = reachable(conn, player)? else {
                continue;
            };
            let (kind, said) = match opponent {
                Some(opponent) => {
                    let mut said = crate::said!(
                        "sms-pairing",
                        round = round.number,
                        board = game.board.unwrap_or_default(),
                        side,
                        opponent = name(opponent)
                    );
                    if !start.is_empty() {
                        said = crate::said!(
                            "sms-pairing-at",
                            round = round.number,
                            board = game.board.unwrap_or_default(),
                            side,
                            opponent = name(opponent),
                            start = start.clone()
                        );
                    }
                    (Kind::Pairing, said)
                }
                None => (Kind::Bye, crate::said!("sms-bye", round = round.number)),
            };
            queue(
                conn,
                (Some(&tournament), Some(player), &phone.number),
                kind,
                &said,
                (None, None),
            )?;
        }
    }
    Ok(())
}

/// A sheet sent that waits for the opponent: the opponent, when SMS reach them, is asked to
/// confirm it with a code (`OK 4821`) or to dispute it (`NO 4821`).
pub fn ask_to_confirm(conn: &mut SqliteConnection, game: GameId) -> Result<(), ServiceError> {
    let ctx = super::game_context::Context::load(conn, game)?;
    if ctx.game.status != crate::tournament::GameStatus::Submitted {
        return Ok(());
    }
    let Some(sheet) = queries::last_sheet(conn, game)? else {
        return Ok(());
    };
    let Some(opponent) = ctx.players().into_iter().find(|&p| p != sheet.player_id) else {
        return Ok(());
    };
    let Some(phone) = reachable(conn, opponent)? else {
        return Ok(());
    };
    let names = super::views::names(conn, ctx.tournament.id)?;
    let code = format!("{:04}", rand::random::<u16>() % 10_000);
    let said = crate::said!(
        "sms-confirm",
        round = ctx.round.number,
        board = ctx.game.board.unwrap_or_default(),
        sender = names.get(&sheet.player_id).cloned().unwrap_or_default(),
        winner = sheet.winner.to_string(),
        south = sheet.south_seeds,
        north = sheet.north_seeds,
        code = code.clone()
    );
    queue(
        conn,
        (Some(&ctx.tournament), Some(opponent), &phone.number),
        Kind::Confirm,
        &said,
        (Some(code), Some(sheet.id)),
    )?;
    Ok(())
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
    /// Not sent, for this state (`capped`, `off`).
    Kept(&'static str, String, i32),
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
            return Ok(Sending::Kept("off", text, parts));
        }
        if stored::parts_sent(conn, tournament)? + i64::from(parts) > i64::from(settings.cap) {
            return Ok(Sending::Kept("capped", text, parts));
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
                        Ok(()) => stored::set_sent(conn, id, ("sent", &outgoing.text, parts), now)?,
                        Err(why) if tries + 1 >= TRIES => {
                            tracing::warn!(message = id, "a text message given up: {why}");
                            stored::set_retry(conn, id, ("failed", now, &why))?
                        }
                        Err(why) => {
                            stored::set_retry(conn, id, ("queued", next_try(tries, now), &why))?
                        }
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
        1 => ("delivered", "delivered"),
        2 => ("failed", "not delivered"),
        4 => ("sent", "waiting at the network"),
        8 => ("sent", "taken by the network"),
        16 => ("failed", "refused by the network"),
        _ => return Ok(false),
    };
    // A late "taken" after "delivered" leaves it delivered.
    if let Some(message) = stored::get(conn, id)?
        && message.state == "delivered"
        && state == "sent"
    {
        return Ok(true);
    }
    Ok(stored::set_report(conn, id, (state, report), at)? == 1)
}
