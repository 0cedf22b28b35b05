//! Games: score sheets from the players (verified by replay), confirmation by the opponent,
//! disputes, results set by the controller; the game as pages and the API show it; OGN records.
//!
//! A game's status moves only as [`crate::tournament::game_state`] allows; each step here is
//! one transaction with its audit entry.

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::auth::Attempt;
use super::auth::SignIn;
use super::changes::Change;
use super::game_context::{Context, refused};
use super::{Actor, Audit, Connections, Found, ServiceError, transaction};
use crate::db::models::{GameResult, NewSheet, SheetRow};
use crate::db::{queries, sheet_refusals};
use crate::engine::{DeclaredEnd, Position, Side, replay};
use crate::tournament::game_state::{SheetStep, WaitingSheet};
use crate::tournament::said::Said;
use crate::tournament::sheets::{Accepted, EndKind, Sheet, SheetError, check_sheet};
use crate::tournament::{GameId, GameStatus, PlayerId, ResultKind, SheetId, TournamentId};

/// Who sends a score sheet or a confirmation: whoever is signed in, or a player of the game by
/// the PIN sent with the request.
pub enum Sender {
    Signed(Actor),
    Pin(String, Attempt),
}

/// Score sheets sent and confirmed, by a player signed in or giving their PIN with the sheet
/// (checked against the address's allowance as a sign-in is).
pub struct Sheets {
    db: Connections,
    sign_in: std::sync::Arc<SignIn>,
}

impl Sheets {
    pub fn new(db: Connections, sign_in: std::sync::Arc<SignIn>) -> Sheets {
        Sheets { db, sign_in }
    }

    /// The actor of a request on a game: the player whose PIN came with it (checked against
    /// both players of the game), or whoever is signed in.
    async fn game_actor(&self, sender: Sender, game_id: GameId) -> Result<Actor, ServiceError> {
        let (pin, attempt) = match sender {
            Sender::Signed(actor) => return Ok(actor),
            Sender::Pin(pin, attempt) => (pin, attempt),
        };
        let (tournament_id, players) = self
            .db
            .read(move |conn| pin_candidates(conn, game_id))
            .await?;
        match self
            .sign_in
            .check_pin_of(&attempt, tournament_id, players, pin)
            .await
        {
            Ok(signed_in) => Ok(Actor::Signed(signed_in.identity)),
            Err(ServiceError::WrongCredentials(_)) => Err(ServiceError::WrongCredentials(
                crate::said!("pin-not-pin-player-game"),
            )),
            Err(e) => Err(e),
        }
    }

    /// Sends a score sheet: checked by replay on a reading connection (a long move list takes
    /// a moment, and the writes of others do not wait for it), then recorded by the writer. A
    /// refusal is kept for the staff's dashboard as facts, worded in each reader's language.
    pub async fn submit(
        &self,
        sender: Sender,
        game_id: GameId,
        sheet: Sheet,
        same_game: bool,
    ) -> Result<(Recorded, Accepted), ServiceError> {
        let actor = self.game_actor(sender, game_id).await?;
        let (checking, checked) = (actor.clone(), sheet.clone());
        let (player_id, checked) = self
            .db
            .read(move |conn| check(conn, &checking, game_id, &checked, same_game))
            .await?;
        let accepted = match checked {
            Ok(accepted) => accepted,
            Err(refused) => {
                // Counted for the staff's dashboard (a player who needs help); the count is no
                // reason to fail the answer the player waits for.
                let message = refused.said().to_stored();
                let counting = self.db.write(move |conn| {
                    let at = Utc::now().naive_utc();
                    Ok(sheet_refusals::add(conn, game_id, player_id, &message, at)?)
                });
                if let Err(e) = counting.await {
                    tracing::error!(cause = %e.cause_chain(), "counting a refused sheet");
                }
                return Err(sheet_error(refused));
            }
        };
        let stored = accepted.clone();
        let recorded = self
            .db
            .write(move |conn| record_sheet(conn, &actor, game_id, &sheet, &stored))
            .await?;
        Ok((recorded, accepted))
    }

    /// Answers the opponent's sheet `sheet_id`, as read: confirms it, or disputes it without a
    /// sheet of one's own.
    pub async fn answer(
        &self,
        sender: Sender,
        (game_id, sheet_id): (GameId, SheetId),
        answer: Answer,
    ) -> Result<GameStatus, ServiceError> {
        let actor = self.game_actor(sender, game_id).await?;
        self.db
            .write(move |conn| self::answer(conn, &actor, (game_id, sheet_id), answer))
            .await
    }
}

/// A refused sheet as the service's error.
pub fn sheet_error(e: SheetError) -> ServiceError {
    match e {
        SheetError::Invalid(m) => ServiceError::Invalid(m),
        SheetError::Replay(r) => ServiceError::Replay(r),
    }
}

/// The tournament and players of a game, for checking a PIN given with a request.
pub fn pin_candidates(
    conn: &mut SqliteConnection,
    game_id: GameId,
) -> Result<(TournamentId, Vec<PlayerId>), ServiceError> {
    let ctx = Context::load(conn, game_id)?;
    Ok((ctx.tournament.id, ctx.players()))
}

/// Checks a sheet before it is written: that the actor plays the game and that the game takes
/// sheets now (or the error), then whether the moves replay to what the sheet declares; with
/// the player who sends it.
/// Who sends the sheet, and what the replay says of the sheet.
pub fn check(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    sheet: &Sheet,
    same_game: bool,
) -> Result<(PlayerId, Result<Accepted, SheetError>), ServiceError> {
    let ctx = Context::load(conn, game_id)?;
    let player_id = ctx.acting_player(actor)?;
    ctx.check_open()?;
    // An OGN record of another game (other players, another event) is not taken silently:
    // the sender is told what differs, and sends it again if it is this game's all the same.
    if !same_game && crate::engine::ogn::is_ogn(&sheet.moves) {
        let [south, north] = ctx.player_names(&super::views::names(conn, ctx.tournament.id)?);
        let game = [
            ("Event", ctx.tournament.name.clone()),
            ("Round", ctx.round.number.to_string()),
            (
                "Board",
                ctx.game.board.map(|b| b.to_string()).unwrap_or_default(),
            ),
            ("South", south),
            ("North", north),
        ];
        if let Some((tag, file, here, more)) =
            crate::tournament::sheets::record_of_another_game(&sheet.moves, &game)
        {
            return Err(ServiceError::Invalid(crate::said!(
                "ogn-another-game",
                tag,
                file,
                here,
                more
            )));
        }
    }
    Ok((
        player_id,
        check_sheet(
            sheet,
            &ctx.rules()?,
            ctx.tournament.settings.switches.require_moves,
        ),
    ))
}

/// A game as recorded so far by tapping the board: the moves replayed under the tournament's
/// rules, the board they reach and the pits that may be played next.
#[derive(Clone, Debug, Serialize)]
pub struct Recording {
    /// The moves in letters (a capture marked `x` where the rules capture only when marked).
    pub moves: Vec<String>,
    pub board: [u8; 12],
    pub stores: [u8; 2],
    pub to_move: Side,
    /// The pits the side to move may play, as letters (empty once the game is over).
    pub legal: Vec<String>,
    /// The end the moves reached: its reason, the final seeds and the winner (`None`: a draw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<RecordedEnd>,
}

#[derive(Clone, Debug, Serialize)]
pub struct RecordedEnd {
    pub reason: String,
    pub stores: [u8; 2],
    pub winner: Option<Side>,
}

/// Replays the moves recorded so far on a game's board: for the players of the game and the
/// staff who run the tournament. Nothing is stored.
pub fn recording(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    moves: &str,
) -> Result<Recording, ServiceError> {
    let ctx = Context::load(conn, game_id)?;
    // A game of a round not yet published is not there for anyone but its staff, its own
    // players included, as on every other view of it (no answer tells that it exists).
    let runs = actor.runs(conn, ctx.tournament.id)?;
    if !ctx.round.published && !runs {
        return Err(ServiceError::not_found("game"));
    }
    if !runs {
        ctx.acting_player(actor)?;
    }
    let rules = ctx.rules()?;
    let replayed =
        replay(moves, &rules, Position::start(), None, DeclaredEnd::Natural).map_err(|error| {
            ServiceError::Replay(Box::new(crate::tournament::sheets::RefusedSheet {
                error,
                suggestions: Vec::new(),
            }))
        })?;
    let position = replayed.final_position();
    let written = |mv: crate::engine::Move, captured: bool| {
        let mark = if captured && !rules.compulsory_capture {
            "x"
        } else {
            ""
        };
        format!("{}{mark}", mv.pit.letter())
    };
    let legal = match replayed.outcome {
        Some(_) => Vec::new(),
        None => {
            // Under optional captures a capturing pit is listed twice (taken, declined): the
            // tap takes the capture.
            let mut pits: Vec<String> = Vec::new();
            for mv in rules.legal_moves(&position).iter() {
                let letter = mv.pit.letter().to_string();
                if !pits.iter().any(|p| p.starts_with(&letter)) {
                    pits.push(written(*mv, mv.capture));
                }
            }
            pits
        }
    };
    Ok(Recording {
        moves: replayed
            .plies
            .iter()
            .map(|p| written(p.played.mv, p.played.captured_by_mover() > 0))
            .collect(),
        board: position.pits(),
        stores: position.stores(),
        to_move: position.to_move(),
        legal,
        over: replayed.outcome.map(|o| RecordedEnd {
            reason: o.reason.describe().to_string(),
            stores: o.stores,
            winner: o.winner,
        }),
    })
}

/// The game's result as an accepted sheet gives it.
fn result_from_sheet(sheet: &SheetRow, status: GameStatus) -> GameResult {
    GameResult {
        status,
        kind: Some(ResultKind::Played),
        winner: Some(sheet.winner),
        south_seeds: Some(sheet.south_seeds),
        north_seeds: Some(sheet.north_seeds),
        end_kind: Some(sheet.end_kind),
        end_reason: sheet.end_reason.clone(),
        moves: (!sheet.moves.is_empty()).then(|| sheet.moves.clone()),
        plies: Some(sheet.plies),
        verified: sheet.verified,
        reason: None,
        updated_at: Utc::now().naive_utc(),
    }
}

fn same_sheet(a: &SheetRow, b: &NewSheet<'_>) -> bool {
    a.winner == b.winner
        && a.south_seeds == b.south_seeds
        && a.north_seeds == b.north_seeds
        && a.end_kind == b.end_kind
        && a.moves == b.moves
}

/// Records a sheet that [`check`] accepted and moves the game on, in one transaction: a first
/// sheet waits for the opponent (or counts at once without confirmation); the opponent's
/// identical sheet confirms it, a different one disputes it. What the sheet did, and the game's
/// status and latest sheet afterwards.
pub fn record_sheet(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    sheet: &Sheet,
    accepted: &Accepted,
) -> Result<Recorded, ServiceError> {
    transaction(conn, |conn| {
        let ctx = Context::load(conn, game_id)?;
        let player_id = ctx.acting_player(actor)?;
        ctx.check_open()?;
        let new = NewSheet {
            game_id,
            player_id,
            winner: sheet.winner,
            south_seeds: i32::from(sheet.seeds[0]),
            north_seeds: i32::from(sheet.seeds[1]),
            end_kind: sheet.end,
            end_reason: accepted.end_reason.as_deref(),
            moves: &accepted.moves,
            plies: accepted.plies as i32,
            verified: accepted.verified,
            created_at: Utc::now().naive_utc(),
        };
        let last = queries::last_sheet(conn, game_id)?;
        let waiting = last.as_ref().map(|s| WaitingSheet {
            by_actor: s.player_id == player_id,
            same_as_new: same_sheet(s, &new),
        });
        let step = ctx
            .game
            .status
            .on_sheet(
                waiting,
                ctx.tournament.settings.switches.require_confirmation,
            )
            .map_err(refused)?;
        let Some(status) = step.status() else {
            let sheet_id = last.map_or(SheetId::default(), |s| s.id);
            return Ok(Recorded {
                step,
                status: ctx.game.status,
                sheet_id,
            });
        };
        let row = queries::insert_sheet(conn, &new)?;
        sheet_refusals::clear(conn, game_id)?;
        let game = if status.counts() {
            queries::set_game_result(conn, game_id, &result_from_sheet(&row, status))?
        } else {
            queries::set_game_status(conn, game_id, status, Utc::now().naive_utc())?
        };
        let change = Audit {
            actor,
            change: match step {
                SheetStep::Confirmed => Change::SheetConfirmed { game: game_id },
                SheetStep::Disputed => Change::SheetDisputed { game: game_id },
                _ => Change::SheetSent { game: game_id },
            },
            tournament_id: Some(ctx.tournament.id),
        };
        super::reactions::record(
            conn,
            &change,
            Some(&serde_json::json!({"status": ctx.game.status})),
            Some(&serde_json::json!({
                "status": game.status, "sheet": row.id, "result": row.winner,
                "seeds": [row.south_seeds, row.north_seeds], "end": row.end_kind, "plies": row.plies,
            })),
        )?;
        Ok(Recorded {
            step,
            status: game.status,
            sheet_id: row.id,
        })
    })
}

/// What a sheet did: the step, the game's status afterwards, and the sheet that stands (the new
/// one, or the same one sent before).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub step: SheetStep,
    pub status: GameStatus,
    pub sheet_id: SheetId,
}

/// What the opponent answers to the sheet waiting for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The sheet is right: its result counts.
    Confirm,
    /// The sheet is wrong, and no sheet of their own is sent (a `NO` by SMS): the controller
    /// decides.
    Object,
}

/// The opponent confirms the sheet waiting for them: the one they read (`sheet_id`), which must
/// still be the latest. Confirming twice (or at the same moment) counts once.
pub fn confirm(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    sheet_id: SheetId,
) -> Result<GameStatus, ServiceError> {
    answer(conn, actor, (game_id, sheet_id), Answer::Confirm)
}

/// The opponent's answer to the sheet waiting for them (`sheet_id`, which must still be the
/// latest), in one transaction with its audit entry. Answering twice the same way counts once.
pub fn answer(
    conn: &mut SqliteConnection,
    actor: &Actor,
    (game_id, sheet_id): (GameId, SheetId),
    answer: Answer,
) -> Result<GameStatus, ServiceError> {
    transaction(conn, |conn| {
        let ctx = Context::load(conn, game_id)?;
        let player_id = ctx.acting_player(actor)?;
        ctx.check_published()?;
        let last = queries::last_sheet(conn, game_id)?;
        let by_actor = last.as_ref().is_some_and(|s| s.player_id == player_id);
        let step = match answer {
            Answer::Confirm => ctx.game.status.on_confirm(by_actor),
            Answer::Object => ctx.game.status.on_objection(by_actor),
        }
        .map_err(refused)?;
        let last = last
            .filter(|s| s.id == sheet_id)
            .ok_or_else(|| ServiceError::Conflict(Said::new(STALE_SHEET)))?;
        let Some(status) = step else {
            return Ok(ctx.game.status);
        };
        let (game, change) = match answer {
            Answer::Confirm => (
                queries::set_game_result(conn, game_id, &result_from_sheet(&last, status))?,
                Change::SheetConfirmed { game: game_id },
            ),
            Answer::Object => (
                queries::set_game_status(conn, game_id, status, Utc::now().naive_utc())?,
                Change::SheetDisputed { game: game_id },
            ),
        };
        let audit = Audit {
            actor,
            change,
            tournament_id: Some(ctx.tournament.id),
        };
        super::reactions::record(
            conn,
            &audit,
            Some(&serde_json::json!({"status": ctx.game.status})),
            Some(&serde_json::json!({
                "status": game.status, "sheet": last.id, "objected": answer == Answer::Object,
            })),
        )?;
        Ok(game.status)
    })
}

/// Why a confirmation naming an older sheet is refused.
pub const STALE_SHEET: &str = "stale-sheet";

/// What the staff rule on a game.
#[derive(Clone, Debug)]
pub enum Ruling {
    /// One player's sheet accepted as it stands.
    Accept(SheetId),
    /// The result as played: the sheet the staff give, its moves (when given) replayed.
    Played(Sheet),
    /// A result without a game: a forfeit (not a bye, which only pairing gives).
    Without(ResultKind),
    /// A game left unfinished, adjudicated: the seeds its position gives each player, and the
    /// winner they make.
    Adjudicated(crate::tournament::adjudication::Adjudged),
}

/// A ruling as the staff give it: what, why (always said), and on which version of the game
/// (refused when the game has changed since, [`super::versions`]).
#[derive(Clone, Debug)]
pub struct Decision {
    pub ruling: Ruling,
    pub reason: String,
    pub seen: Option<i64>,
}

/// The result fields of a played game, from a sheet the engine accepted.
fn played(sheet: &Sheet, accepted: &Accepted, reason: &str) -> GameResult {
    GameResult {
        status: GameStatus::Final,
        kind: Some(ResultKind::Played),
        winner: Some(sheet.winner),
        south_seeds: Some(i32::from(sheet.seeds[0])),
        north_seeds: Some(i32::from(sheet.seeds[1])),
        end_kind: Some(sheet.end),
        end_reason: accepted.end_reason.clone(),
        // Moves only when given (and they replay to this result).
        moves: (!accepted.moves.is_empty()).then(|| accepted.moves.clone()),
        plies: Some(accepted.plies as i32),
        verified: accepted.verified,
        reason: Some(reason.to_string()),
        updated_at: Utc::now().naive_utc(),
    }
}

/// The result fields with no result: a forfeit's, or a game sent back to pending.
pub(super) fn without_game(
    status: GameStatus,
    kind: Option<ResultKind>,
    reason: &str,
) -> GameResult {
    GameResult {
        status,
        kind,
        winner: None,
        south_seeds: None,
        north_seeds: None,
        end_kind: None,
        end_reason: None,
        moves: None,
        plies: None,
        verified: false,
        reason: Some(reason.to_string()),
        updated_at: Utc::now().naive_utc(),
    }
}

/// The result a ruling gives, the moves checked by replay.
fn ruled(
    conn: &mut SqliteConnection,
    ctx: &Context,
    ruling: &Ruling,
    reason: &str,
) -> Result<GameResult, ServiceError> {
    let rules = ctx.rules()?;
    let sheet = match ruling {
        Ruling::Accept(id) => {
            let row = queries::get_sheet(conn, ctx.game.id, *id).or_not_found("sheet")?;
            Sheet {
                winner: row.winner,
                seeds: [row.south_seeds as u8, row.north_seeds as u8],
                end: row.end_kind,
                moves: row.moves,
            }
        }
        Ruling::Played(sheet) => sheet.clone(),
        // The seeds scored as the position gives them; the reason records the position.
        Ruling::Adjudicated(adjudged) => Sheet {
            winner: adjudged.winner,
            seeds: adjudged.scores,
            end: EndKind::Adjudication,
            moves: String::new(),
        },
        Ruling::Without(ResultKind::Played | ResultKind::Bye) => {
            return Err(ServiceError::Invalid(crate::said!(
                "kind-played-forfeit-south-forfeit"
            )));
        }
        Ruling::Without(kind) => return Ok(without_game(GameStatus::Final, Some(*kind), reason)),
    };
    let accepted = check_sheet(&sheet, &rules, false).map_err(sheet_error)?;
    Ok(played(&sheet, &accepted, reason))
}

fn reason(text: &str) -> Result<&str, ServiceError> {
    let reason = text.trim();
    if reason.is_empty() {
        return Err(ServiceError::Invalid(crate::said!(
            "reason-say-why-staff-read"
        )));
    }
    Ok(reason)
}

/// The staff who run the tournament rule on a game, always with a reason, always logged: they
/// accept one of its sheets, or set the result (played, with the moves when given and checked
/// by replay, a forfeit, or an adjudication); the result is final.
pub fn set_result(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    decision: &Decision,
) -> Result<(), ServiceError> {
    let reason = reason(&decision.reason)?;
    let watched = super::versions::Watched::Game(game_id);
    super::versions::unchanged_since(conn, watched, decision.seen, |conn| {
        rule(
            conn,
            actor,
            game_id,
            |game| Change::GameRuled { game },
            |conn, ctx| {
                let mut result = ruled(conn, ctx, &decision.ruling, reason)?;
                result.status = ctx.game.status.on_ruling();
                Ok(result)
            },
        )
    })
}

/// The staff who run the tournament send a game back to pending, with a reason: to be played
/// again, or after a sheet entered against the wrong board. The sheets stay on record.
pub fn reset(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    reason_text: &str,
) -> Result<(), ServiceError> {
    let reason = reason(reason_text)?;
    rule(
        conn,
        actor,
        game_id,
        |game| Change::GameReset { game },
        |_, ctx| Ok(without_game(ctx.game.status.on_reset(), None, reason)),
    )
}

/// A controller's decision on a game, in one transaction: who may make it and on which game,
/// the result fields it sets, its audit entry with the game before and after.
fn rule(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
    change: fn(GameId) -> Change,
    decide: impl FnOnce(&mut SqliteConnection, &Context) -> Result<GameResult, ServiceError>,
) -> Result<(), ServiceError> {
    transaction(conn, |conn| {
        let ctx = Context::load(conn, game_id)?;
        actor.check_runs(conn, ctx.tournament.id)?;
        ctx.check_ruling()?;
        let result = decide(conn, &ctx)?;
        let game = queries::set_game_result(conn, game_id, &result)?;
        let change = Audit {
            actor,
            change: change(game_id),
            tournament_id: Some(ctx.tournament.id),
        };
        super::reactions::record(conn, &change, Some(&ctx.game), Some(&game))?;
        Ok(())
    })
}
