//! Text messages (SMS) with players who carry basic phones (`docs/sms.md`): the players'
//! phones, given with their consent and seen by the staff only; a tournament's SMS settings
//! (on or off, the most parts it may send); the messages players send, read, checked as a
//! sheet from the game page is (the same routes: [`super::games::Sheets`]) and answered; the
//! SMS page's view. What goes out is queued and sent by [`super::sms_out`].

use std::sync::Arc;

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::games::{Answer, Sender, Sheets};
use super::sms_out::{self, Kind};
use super::{Actor, Connections, ServiceError, transaction};
use crate::auth::Identity;
use crate::db::models::{Game, Tournament};
use crate::db::queries;
use crate::db::sms::{self as stored, NewMessage, Phone};
use crate::engine::{DeclaredEnd, Position, replay};
use crate::tournament::said::Said;
use crate::tournament::sheets::{EndKind, Sheet};
use crate::tournament::sms::{Command, State, read};
use crate::tournament::{GameId, GameStatus, PlayerId, TournamentId};

/// Refused or unread messages from one number in [`FLOOD_WINDOW`] past which its messages are
/// kept but neither read nor answered (a number guessing, or a phone gone wrong).
pub const FLOOD: i64 = 10;
pub const FLOOD_WINDOW: chrono::Duration = chrono::Duration::minutes(30);

/// Messages from players: read, checked and answered.
pub struct Sms {
    db: Connections,
    sheets: Sheets,
    /// The calling code of a number written for the venue's country (`233`).
    country: Option<String>,
    /// The SHA-256 digest of the token the gateway gives with every message and report; none:
    /// the service takes no message.
    token: Option<[u8; 32]>,
}

/// A message from a phone, as the gateway hands it over.
#[derive(Clone, Debug)]
pub struct Incoming {
    pub from: String,
    pub text: String,
    /// The gateway's id of it: a message handed over twice is taken once.
    pub id: Option<String>,
}

/// What became of a message from a phone.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Taken {
    /// What it was read as (`result`, `moves`, `confirm`, `dispute`, `help`, `unread`, `unknown`,
    /// `flood`, `again`).
    pub kind: String,
    /// `taken`, `refused`, `ignored`.
    pub state: State,
    /// The answer queued, if any.
    pub answer: Option<i32>,
}

impl Sms {
    pub fn new(
        db: Connections,
        sign_in: Arc<super::auth::SignIn>,
        (country, token): (Option<String>, Option<&str>),
    ) -> Sms {
        Sms {
            sheets: Sheets::new(db.clone(), sign_in),
            db,
            country,
            token: token.map(digest),
        }
    }

    /// The calling code numbers written for the venue's country take.
    pub fn country(&self) -> Option<&str> {
        self.country.as_deref()
    }

    /// Whether `given` is the gateway's token (a message or a report from anyone else is
    /// refused, and so is every one when no token is set).
    pub fn check_token(&self, given: &str) -> Result<(), ServiceError> {
        match self.token {
            Some(token) if digest(given) == token => Ok(()),
            _ => Err(ServiceError::Forbidden(crate::said!("sms-not-the-gateway"))),
        }
    }

    /// Takes a message from a phone: kept, read, acted on, and answered (when the number is a
    /// player's with SMS on, and is not flooding).
    pub async fn take(&self, incoming: Incoming) -> Result<Taken, ServiceError> {
        let Some(number) = crate::tournament::sms::number(&incoming.from, self.country.as_deref())
        else {
            return Err(ServiceError::Invalid(crate::said!("sms-no-number")));
        };
        let kept = {
            let (number, incoming) = (number.clone(), incoming.clone());
            self.db
                .write(move |conn| keep(conn, &number, &incoming))
                .await?
        };
        let (id, phone) = match kept {
            Kept::New(id, phone) => (id, phone),
            Kept::Again | Kept::Flood => {
                return Ok(Taken {
                    kind: if kept == Kept::Again {
                        "again"
                    } else {
                        "flood"
                    }
                    .into(),
                    state: State::Ignored,
                    answer: None,
                });
            }
        };
        let Some(phone) = phone else {
            return self.close(id, "unknown", State::Ignored, None, None).await;
        };
        let (kind, outcome) = match read(&incoming.text) {
            Err(said) => ("unread", Err(said)),
            Ok(command) => (command.kind(), self.act(&phone, command).await),
        };
        let (state, said) = match outcome {
            Ok(said) => (State::Taken, said),
            Err(said) => (State::Refused, said),
        };
        self.close(id, kind, state, Some(&phone), Some(said)).await
    }

    /// Writes down what became of message `id` and queues its answer.
    async fn close(
        &self,
        id: i32,
        kind: &'static str,
        state: State,
        phone: Option<&Phone>,
        answer: Option<Said>,
    ) -> Result<Taken, ServiceError> {
        let phone = phone.cloned();
        self.db
            .write(move |conn| {
                transaction(conn, |conn| {
                    let who = phone
                        .as_ref()
                        .map(|p| (Some(p.tournament_id), Some(p.player_id)));
                    let said = answer.as_ref().map(Said::to_stored).unwrap_or_default();
                    stored::set_taken(conn, id, (kind, state, &said), who.unwrap_or((None, None)))?;
                    let answer = match (&phone, &answer) {
                        (Some(phone), Some(answer)) => {
                            let tournament = queries::get_tournament(conn, phone.tournament_id)?;
                            Some(sms_out::queue(
                                conn,
                                (&tournament, phone),
                                Kind::Answer,
                                answer,
                                (None, None),
                            )?)
                        }
                        _ => None,
                    };
                    Ok(Taken {
                        kind: kind.to_string(),
                        state,
                        answer,
                    })
                })
            })
            .await
    }

    /// Does what a read message asks; what it was and the answer, or the refusal to answer.
    async fn act(&self, phone: &Phone, command: Command) -> Result<Said, Said> {
        let actor = Actor::Signed(Identity::Player {
            player_id: phone.player_id,
            tournament_id: phone.tournament_id,
            name: String::new(),
        });
        let player = phone.player_id;
        match command {
            Command::Help => Ok(crate::said!("sms-help")),
            Command::Confirm { code } => self.answer(actor, phone, code, Answer::Confirm).await,
            Command::Dispute { code } => self.answer(actor, phone, code, Answer::Object).await,
            Command::Result {
                round,
                board,
                winner,
                seeds,
                end,
                moves,
            } => {
                let game = self.find_game(phone, round, board).await?;
                let sheet = Sheet {
                    winner,
                    seeds,
                    end,
                    moves,
                };
                self.send(actor, player, game, sheet).await
            }
            Command::Moves {
                round,
                board,
                moves,
            } => {
                let game = self.find_game(phone, round, board).await?;
                let sheet = self
                    .db
                    .read(move |conn| by_replay(conn, game, moves))
                    .await
                    .map_err(|e| said_of(&e))?;
                self.send(actor, player, game, sheet).await
            }
        }
    }

    /// The opponent's sheet that a request to confirm with `code` asked about, confirmed or
    /// disputed through the sheets' own route.
    async fn answer(
        &self,
        actor: Actor,
        phone: &Phone,
        code: String,
        answer: Answer,
    ) -> Result<Said, Said> {
        let (sheet, game) = self.requested(phone, code).await?;
        self.sheets
            .answer(Sender::Signed(actor), (game, sheet), answer)
            .await
            .map_err(|e| said_of(&e))?;
        let (round, board) = self.where_is(game).await?;
        Ok(match answer {
            Answer::Confirm => crate::said!("sms-confirmed", round, board),
            Answer::Object => crate::said!("sms-not-confirmed", round, board),
        })
    }

    /// A sheet sent by SMS, through the sheets' one route.
    async fn send(
        &self,
        actor: Actor,
        player: PlayerId,
        game: GameId,
        sheet: Sheet,
    ) -> Result<Said, Said> {
        let (recorded, _) = self
            .sheets
            .submit(Sender::Signed(actor), game, sheet.clone(), true)
            .await
            .map_err(|e| said_of(&e))?;
        let ((round, board), opponent) = self
            .db
            .read(move |conn| {
                let ctx = super::game_context::Context::load(conn, game)?;
                let opponent = match ctx.players().into_iter().find(|&p| p != player) {
                    Some(p) => queries::get_player(conn, ctx.tournament.id, p)?.name,
                    None => String::new(),
                };
                Ok((
                    (ctx.round.number, ctx.game.board.unwrap_or_default()),
                    opponent,
                ))
            })
            .await
            .map_err(|e| said_of(&e))?;
        let key = match recorded.status {
            GameStatus::Submitted => "sms-recorded-waiting",
            GameStatus::Disputed => "sms-recorded-disputed",
            _ => "sms-recorded",
        };
        let said = crate::tournament::said::Said::new(key)
            .with("round", round)
            .with("board", board)
            .with("winner", sheet.winner.to_string())
            .with("south", sheet.seeds[0])
            .with("north", sheet.seeds[1])
            .with("opponent", opponent);
        Ok(said)
    }

    /// The game of round `round`, board `board` that the phone's player plays (the open game of
    /// a match first).
    async fn find_game(&self, phone: &Phone, round: i32, board: i32) -> Result<GameId, Said> {
        let (tournament, player) = (phone.tournament_id, phone.player_id);
        self.db
            .read(move |conn| find_game(conn, tournament, player, (round, board)))
            .await
            .map_err(|e| said_of(&e))?
    }

    /// The sheet a request to confirm sent to this phone with `code` was about, and its game.
    async fn requested(
        &self,
        phone: &Phone,
        code: String,
    ) -> Result<(crate::tournament::SheetId, GameId), Said> {
        let number = phone.number.clone();
        let asked = code.clone();
        let found = self
            .db
            .read(move |conn| {
                let Some(sheet) = stored::request(conn, &number, &asked)?.and_then(|r| r.sheet_id)
                else {
                    return Ok(None);
                };
                Ok(Some((sheet, stored::game_of_sheet(conn, sheet)?)))
            })
            .await
            .map_err(|e| said_of(&e))?;
        found.ok_or_else(|| crate::said!("sms-no-request", code))
    }

    /// The round and board of a game.
    async fn where_is(&self, game: GameId) -> Result<(i32, i32), Said> {
        self.db
            .read(move |conn| {
                let ctx = super::game_context::Context::load(conn, game)?;
                Ok((ctx.round.number, ctx.game.board.unwrap_or_default()))
            })
            .await
            .map_err(|e| said_of(&e))
    }
}

fn digest(text: &str) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(text.as_bytes()).into()
}

/// What a refusal of the service says, as facts for an answer.
fn said_of(e: &ServiceError) -> Said {
    match e {
        ServiceError::Replay(r) => r.said(),
        e => e
            .said()
            .cloned()
            .unwrap_or_else(|| crate::said!("sms-failed")),
    }
}

/// What keeping a message from a phone found.
#[derive(Debug, PartialEq)]
enum Kept {
    /// Kept under this id, from the player of this phone (none: a number no player with SMS on
    /// gave).
    New(i32, Option<Phone>),
    /// Its gateway handed it over before: taken then.
    Again,
    /// Kept, unread: the number failed too often lately.
    Flood,
}

/// Keeps a message from `number`, with the phone of the player it is from when SMS are on for
/// them, unless it was handed over before or the number is flooding.
fn keep(
    conn: &mut SqliteConnection,
    number: &str,
    incoming: &Incoming,
) -> Result<Kept, ServiceError> {
    transaction(conn, |conn| {
        if let Some(id) = &incoming.id
            && stored::by_gateway_id(conn, id)?.is_some()
        {
            return Ok(Kept::Again);
        }
        let now = Utc::now().naive_utc();
        let flooding = stored::refused_from(conn, number, now - FLOOD_WINDOW)? >= FLOOD;
        let mut phone = None;
        for candidate in stored::players_of(conn, number)? {
            if !candidate.stopped && stored::settings(conn, candidate.tournament_id)?.enabled {
                phone = Some(candidate);
            }
        }
        let text: String = incoming
            .text
            .chars()
            .take(crate::tournament::sms::LONGEST + 1)
            .collect();
        let (state, kind) = if flooding {
            (State::Ignored, "flood")
        } else {
            (State::New, "")
        };
        let id = stored::insert(
            conn,
            &NewMessage {
                tournament_id: phone.as_ref().map(|p| p.tournament_id),
                player_id: phone.as_ref().map(|p| p.player_id),
                number: number.to_string(),
                incoming: true,
                kind: kind.to_string(),
                said: String::new(),
                language: String::new(),
                parts: i32::try_from(crate::tournament::sms::cost(&text).parts).unwrap_or(0),
                text,
                state: state.to_string(),
                gateway_id: incoming.id.clone(),
                due_at: now,
                created_at: now,
                code: None,
                sheet_id: None,
            },
        )?;
        if flooding {
            return Ok(Kept::Flood);
        }
        Ok(Kept::New(id, phone))
    })
}

/// The game of round `round`, board `board` of a tournament that `player` plays: a match's
/// first open game, else its last.
fn find_game(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    player: PlayerId,
    (round, board): (i32, i32),
) -> Result<Result<GameId, Said>, ServiceError> {
    let Some(found) = queries::get_round(conn, tournament, round)
        .map(Some)
        .or_else(|e| match e {
            diesel::result::Error::NotFound => Ok(None),
            e => Err(e),
        })?
        .filter(|r| r.published)
    else {
        return Ok(Err(crate::said!("sms-no-round", round)));
    };
    let mut games: Vec<Game> = queries::round_games(conn, found.id)?
        .into_iter()
        .filter(|g| g.board == Some(board))
        .collect();
    if games.is_empty() {
        return Ok(Err(crate::said!("sms-no-board", round, board)));
    }
    games.retain(|g| g.south_id == player || g.north_id == Some(player));
    games.sort_by_key(|g| g.match_game);
    let open = games
        .iter()
        .find(|g| matches!(g.status, GameStatus::Pending | GameStatus::Submitted));
    match open.or(games.last()) {
        Some(game) => Ok(Ok(game.id)),
        None => Ok(Err(crate::said!("sms-not-your-board", round, board))),
    }
}

/// A sheet from the moves alone: the result their replay ends with (the game must have ended by
/// the rules).
fn by_replay(
    conn: &mut SqliteConnection,
    game: GameId,
    moves: String,
) -> Result<Sheet, ServiceError> {
    let ctx = super::game_context::Context::load(conn, game)?;
    let rules = ctx.rules()?;
    let replayed = replay(
        &moves,
        &rules,
        Position::start(),
        None,
        DeclaredEnd::Natural,
    )
    .map_err(|error| {
        ServiceError::Replay(Box::new(crate::tournament::sheets::RefusedSheet {
            error,
            suggestions: Vec::new(),
        }))
    })?;
    let Some(end) = replayed.outcome else {
        return Err(ServiceError::Invalid(crate::said!("sms-moves-unfinished")));
    };
    let seeds = end.stores;
    let winner = match end.winner {
        Some(crate::engine::Side::South) => crate::tournament::results::Winner::South,
        Some(crate::engine::Side::North) => crate::tournament::results::Winner::North,
        None => crate::tournament::results::Winner::Draw,
    };
    Ok(Sheet {
        winner,
        seeds,
        end: EndKind::Natural,
        moves,
    })
}

pub use super::sms_view::{
    LISTED, MessageRow, ON_DASHBOARD, PhoneRow, SmsSummary, SmsView, summary, view,
};

/// The most parts a tournament may be allowed to send.
pub const MOST_PARTS: i32 = 100_000;

/// The staff who run a tournament turn its SMS on or off and set its cap.
pub fn set_settings(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
    (enabled, cap): (bool, i32),
) -> Result<(), ServiceError> {
    actor.check_runs(conn, tournament)?;
    if !(0..=MOST_PARTS).contains(&cap) {
        return Err(ServiceError::Invalid(crate::said!(
            "sms-cap-range",
            most = MOST_PARTS
        )));
    }
    transaction(conn, |conn| {
        Ok(stored::put_settings(
            conn,
            &stored::Settings {
                tournament_id: tournament,
                enabled,
                cap,
            },
        )
        .map(|_| ())?)
    })
}

/// What the staff set of a player's phone.
#[derive(Clone, Debug)]
pub enum PhoneChange {
    /// The number, given with the player's consent (an empty number forgets the phone).
    Number { number: String, consent: bool },
    /// SMS turned off (or on again) for the player.
    Stopped(bool),
}

/// The staff who run a tournament set a player's phone, or turn SMS off or on for them.
pub fn set_phone(
    conn: &mut SqliteConnection,
    actor: &Actor,
    (tournament, player): (TournamentId, PlayerId),
    change: PhoneChange,
    country: Option<&str>,
) -> Result<(), ServiceError> {
    actor.check_runs(conn, tournament)?;
    let found: Tournament = queries::get_tournament(conn, tournament)?;
    let of_tournament = queries::list_players(conn, found.id)?
        .iter()
        .any(|p| p.id == player);
    if !of_tournament {
        return Err(ServiceError::not_found("player"));
    }
    transaction(conn, |conn| {
        match change {
            PhoneChange::Number { number, .. } if number.trim().is_empty() => {
                stored::remove_phone(conn, player)?;
            }
            PhoneChange::Number { consent: false, .. } => {
                return Err(ServiceError::Invalid(crate::said!("sms-consent-needed")));
            }
            PhoneChange::Number { number, .. } => {
                super::sms_phones::keep_phone(conn, (tournament, player), &number, country)?;
            }
            PhoneChange::Stopped(stopped) => {
                let Some(mut phone) = stored::phone(conn, player)? else {
                    return Err(ServiceError::Invalid(crate::said!("sms-no-phone")));
                };
                phone.stopped = stopped;
                stored::put_phone(conn, &phone)?;
            }
        }
        Ok(())
    })
}

/// A controller sends a message out again (one that failed, was kept back by the cap, or that a
/// player lost).
pub fn resend(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
    message: i32,
) -> Result<(), ServiceError> {
    actor.check_runs(conn, tournament)?;
    let found = stored::get(conn, message)?
        .filter(|m| m.tournament_id == Some(tournament) && !m.incoming)
        .ok_or_else(|| ServiceError::not_found("message"))?;
    transaction(conn, |conn| {
        stored::requeue(conn, found.id, Utc::now().naive_utc())?;
        Ok(())
    })
}

/// The staff send a message to every player of the tournament with SMS on.
pub fn send_to_all(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
    text: &str,
) -> Result<usize, ServiceError> {
    actor.check_runs(conn, tournament)?;
    let text = text.trim();
    if text.is_empty()
        || !text
            .split(['\n', '\r'])
            .all(crate::tournament::players::plain_text)
    {
        return Err(ServiceError::Invalid(crate::said!("sms-notice-empty")));
    }
    if text.chars().count() > crate::tournament::sms::ONE_PART * 3 {
        return Err(ServiceError::Invalid(crate::said!(
            "sms-notice-too-long",
            most = crate::tournament::sms::ONE_PART * 3
        )));
    }
    transaction(conn, |conn| {
        let found = queries::get_tournament(conn, tournament)?;
        let mut phones: Vec<Phone> = sms_out::reachable_phones(conn, &found)?
            .into_values()
            .collect();
        phones.sort_by_key(|p| p.player_id);
        let mut queued = 0;
        for phone in phones {
            sms_out::queue(
                conn,
                (&found, &phone),
                Kind::Notice,
                &crate::said!("sms-notice", text = text.to_string()),
                (None, None),
            )?;
            queued += 1;
        }
        Ok(queued)
    })
}

/// A message's id from the gateway's report, checked as the service's own.
pub fn report(conn: &mut SqliteConnection, id: i32, status: u32) -> Result<bool, ServiceError> {
    sms_out::report(conn, id, status, Utc::now().naive_utc())
}
