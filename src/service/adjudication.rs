//! Adjudicating a game left unfinished when the round's time ran out: the staff who run the
//! tournament enter the position, the service proposes the result it gives
//! (`tournament::adjudication`), and once they confirm it the result is final, with the
//! position in its reason and the audit log.

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::endgames::Endgames;
use super::game_context::Context;
use super::games::{Decision, Ruling};
use super::{Actor, Found, ServiceError};
use crate::tournament::Adjudication;
use crate::tournament::adjudication::{Adjudged, Exact, NotExact, Position};
use crate::tournament::said::{Kept, Said, Word};
use crate::tournament::{GameId, GameStatus, Winner};

/// The result a position gives, in numbers and words.
#[derive(Clone, Debug, Serialize)]
pub struct Proposal {
    #[serde(flatten)]
    pub adjudged: Adjudged,
    pub position: Position,
    /// `exact` (the endgame tables gave the result) or `rows`.
    pub method: Adjudication,
    /// The tables' result, when they gave it.
    pub exact: Option<Exact>,
    /// The moves given to the position, written back in letters (kept with the reason).
    #[serde(skip)]
    pub moves: Option<String>,
    /// "Ama 30 (20 captured and 10 on their row), Kofi 18 (9 and 9): Ama wins." (the API
    /// gives it worded in the reader's language).
    #[serde(skip)]
    pub said: Said,
}

/// Refuses anyone but the staff who run the tournament of game `game_id`, before anything they
/// typed is read (another tournament's controller learns nothing of the game from the form).
pub fn check_may_adjudicate(
    conn: &mut SqliteConnection,
    actor: &Actor,
    game_id: GameId,
) -> Result<(), ServiceError> {
    let game = crate::db::queries::get_game(conn, game_id).or_not_found("game")?;
    actor.check_runs(conn, game.tournament_id)?;
    Ok(())
}

/// The game's line as the moves given (a score sheet's, in any notation) play it from the
/// start under `rules`: its positions, start first, and the moves written back in letters.
/// Refused when a move does not replay, or when the moves do not lead to `position` (who is to
/// move taken from them when the position does not say).
pub fn line_to(
    moves: &str,
    rules: &crate::engine::Rules,
    position: &mut Position,
) -> Result<(Vec<crate::engine::Position>, String), ServiceError> {
    let replayed = crate::engine::replay(
        moves,
        rules,
        crate::engine::Position::start(),
        None,
        crate::engine::DeclaredEnd::Natural,
    )
    .map_err(|e| {
        ServiceError::Invalid(crate::said!(
            "adjudication-moves-refused",
            at = Word::Move(e.ply),
            detail = Word::Detail(Box::new(e.detail))
        ))
    })?;
    let last = replayed.final_position();
    let to_move = position.to_move.unwrap_or(last.to_move());
    let reached = Position {
        pits: last.pits(),
        captured: last.stores(),
        to_move: Some(last.to_move()),
    };
    if replayed.outcome.is_some()
        || reached.pits != position.pits
        || reached.captured != position.captured
        || to_move != last.to_move()
    {
        return Err(ServiceError::Invalid(crate::said!(
            "adjudication-moves-elsewhere",
            position = reached.said()
        )));
    }
    position.to_move = Some(to_move);
    let positions = replayed.positions();
    let letters = replayed
        .plies
        .iter()
        .map(|p| p.played.mv.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    Ok((positions, letters))
}

/// The positions since the last capture before the last of `positions` (none without moves).
fn history(
    positions: &Option<(Vec<crate::engine::Position>, String)>,
) -> Option<&[crate::engine::Position]> {
    positions
        .as_ref()
        .map(|(p, _)| crate::engine::endgame::history::since_capture(p, p.len() - 1))
}

/// The result `position` gives in game `game_id`, for the staff who run its tournament; the
/// game must be one that can still be ruled on and is not final. `moves`, where given, are the
/// game's moves to the position (a score sheet's), which the endgame tables take into account.
pub fn propose(
    conn: &mut SqliteConnection,
    actor: &Actor,
    endgames: &Endgames,
    game_id: GameId,
    position: &Position,
    moves: Option<&str>,
) -> Result<Proposal, ServiceError> {
    let ctx = Context::load(conn, game_id)?;
    actor.check_runs(conn, ctx.tournament.id)?;
    ctx.check_ruling()?;
    if ctx.game.status == GameStatus::Final {
        return Err(ServiceError::Conflict(crate::said!(
            "game-has-final-result-there"
        )));
    }
    let names = ctx.player_names(&super::views::names(conn, ctx.tournament.id)?);
    let rules = ctx.rules()?;
    let mut position = *position;
    let line = match moves.map(str::trim).filter(|m| !m.is_empty()) {
        Some(m) => Some(line_to(m, &rules, &mut position)?),
        None => None,
    };
    let moves = line.as_ref().map(|(_, l)| l.clone());
    let Verdicts { rows, tables } = verdicts(&position, &rules, endgames, &names, history(&line))?;
    let chosen = match tables {
        _ if ctx.tournament.settings.adjudication != Adjudication::Exact => rows,
        Ok(exact) => exact,
        Err(NotExact::NeedsToMove) => {
            return Err(ServiceError::Invalid(crate::said!(
                "adjudication-to-move-needed"
            )));
        }
        Err(NotExact::Rows(why)) => Proposal {
            said: crate::said!(
                "adjudication-rows-because",
                why,
                proposal = rows.said.clone()
            ),
            ..rows
        },
    };
    Ok(Proposal { moves, ..chosen })
}

/// What a position gives by the rows, and by the endgame tables or why they give nothing.
struct Verdicts {
    rows: Proposal,
    tables: Result<Proposal, NotExact>,
}

/// The verdicts of `position` in a game of `names` (South's first) under `rules`, `history`
/// the game's positions since its last capture where its moves are known.
fn verdicts(
    position: &Position,
    rules: &crate::engine::Rules,
    endgames: &Endgames,
    names: &[String; 2],
    history: Option<&[crate::engine::Position]>,
) -> Result<Verdicts, ServiceError> {
    let by_rows = position.adjudge().map_err(ServiceError::Invalid)?;
    let [south, north] = names.clone();
    let outcome = |winner: Winner| match winner {
        Winner::South => crate::said!("adjudication-wins", name = names[0].clone()),
        Winner::North => crate::said!("adjudication-wins", name = names[1].clone()),
        Winner::Draw => crate::said!("adjudication-draw"),
    };
    let row_seeds = position.rows();
    let rows = Proposal {
        said: crate::said!(
            "adjudication-proposal",
            south = south.clone(),
            south_score = by_rows.scores[0],
            south_captured = position.captured[0],
            south_row = row_seeds[0],
            north = north.clone(),
            north_score = by_rows.scores[1],
            north_captured = position.captured[1],
            north_row = row_seeds[1],
            outcome = outcome(by_rows.winner)
        ),
        adjudged: by_rows,
        position: *position,
        method: Adjudication::Rows,
        exact: None,
        moves: None,
    };
    let exact = match position.exact(endgames.for_rules(rules), rules, history) {
        Ok(exact) => exact,
        Err(why) => {
            return Ok(Verdicts {
                rows,
                tables: Err(why),
            });
        }
    };
    let side = match position.to_move {
        Some(crate::engine::Side::North) => north.clone(),
        _ => south.clone(),
    };
    let line = if exact.line.is_empty() {
        Word::Said(Box::new(crate::said!("adjudication-line-empty")))
    } else {
        Word::Text(exact.line.join(" "))
    };
    let said = if exact.south_range[0] == exact.south_range[1] {
        crate::said!(
            "adjudication-exact-proposal",
            side,
            south,
            south_score = exact.scores[0],
            north,
            north_score = exact.scores[1],
            outcome = outcome(exact.winner),
            line
        )
    } else {
        crate::said!(
            "adjudication-exact-range",
            side,
            south,
            low = exact.south_range[0],
            high = exact.south_range[1],
            outcome = outcome(exact.winner),
            south_score = exact.scores[0],
            north_score = exact.scores[1],
            line
        )
    };
    Ok(Verdicts {
        rows,
        tables: Ok(Proposal {
            said,
            adjudged: Adjudged {
                scores: exact.scores,
                winner: exact.winner,
            },
            position: *position,
            method: Adjudication::Exact,
            exact: Some(exact),
            moves: None,
        }),
    })
}

/// A confirmed adjudication as the game's page shows it to everyone: the position, what the
/// rows give, what the endgame tables give (or why they give nothing, where the tournament
/// adjudicates by them), and their best line numbered as the paper sheet numbers moves.
#[derive(Clone, Debug, Serialize)]
pub struct Adjudicated {
    pub position: Position,
    pub rows: Proposal,
    pub tables: Option<Proposal>,
    /// Why the tables give nothing, where the tournament adjudicates by them.
    #[serde(skip)]
    pub not_by_tables: Option<Said>,
    /// The tables' best line, numbered: `31. F c 32. a`.
    pub line: Option<String>,
    /// When the result was set.
    pub at: chrono::NaiveDateTime,
    /// The rule set the verdicts follow.
    pub rules: &'static str,
}

/// The adjudication a game's result records (its reason's facts), as its page shows it; `plies`
/// the moves recorded before the position, to number the best line as the sheet goes on.
pub fn adjudicated(
    reason: &Kept,
    at: chrono::NaiveDateTime,
    plies: Option<u32>,
    rules: &crate::engine::Rules,
    exact_wanted: bool,
    endgames: &Endgames,
    names: &[String; 2],
) -> Option<Adjudicated> {
    let Kept::Said(said) = reason else {
        return None;
    };
    if said.key != "adjudication-reason" {
        return None;
    }
    let Some(Word::Text(figures)) = said.arg("at") else {
        return None;
    };
    let mut position = Position::from_figures(figures)?;
    // The moves to the position, where the staff gave them.
    let line = match said.arg("moves") {
        Some(Word::Text(moves)) => line_to(moves, rules, &mut position).ok(),
        _ => None,
    };
    let plies = line
        .as_ref()
        .map_or(plies, |(p, _)| Some(p.len() as u32 - 1));
    let Verdicts { rows, tables } =
        verdicts(&position, rules, endgames, names, history(&line)).ok()?;
    let (tables, not_by_tables) = match tables {
        Ok(p) => (Some(p), None),
        Err(NotExact::Rows(why)) if exact_wanted => (None, Some(why)),
        Err(_) => (None, None),
    };
    // The sheet's ply of the line's first move: after the recorded moves when they bring the
    // same side to move, else the first move of that side.
    let south_first = position.to_move != Some(crate::engine::Side::North);
    let first = match plies {
        Some(p) if p.is_multiple_of(2) == south_first => p + 1,
        _ if south_first => 1,
        _ => 2,
    };
    let line = tables
        .as_ref()
        .and_then(|p| p.exact.as_ref())
        .filter(|x| !x.line.is_empty())
        .map(|x| crate::tournament::adjudication::numbered_line(first, &x.line));
    Some(Adjudicated {
        position,
        rows,
        tables,
        not_by_tables,
        line,
        at,
        rules: rules.name(),
    })
}

/// The staff confirm the adjudication: the result the position gives becomes the game's final
/// result, its seeds the scores (the reason records the adjudication and the position as
/// facts, worded in each reader's language, and the moves to it where given).
pub fn adjudicate(
    conn: &mut SqliteConnection,
    actor: &Actor,
    endgames: &Endgames,
    game_id: GameId,
    position: &Position,
    moves: Option<&str>,
    seen: Option<i64>,
) -> Result<(), ServiceError> {
    let proposal = propose(conn, actor, endgames, game_id, position, moves)?;
    let mut reason = crate::said!(
        "adjudication-reason",
        position = position.said(),
        proposal = proposal.said,
        // The position in figures, from which the game's page draws it.
        at = proposal.position.figures()
    );
    if let Some(letters) = proposal.moves.clone() {
        // The moves to it, from which the page takes the history the tables followed.
        reason = reason.with("moves", Word::Text(letters));
    }
    let decision = Decision {
        ruling: Ruling::Adjudicated(proposal.adjudged),
        reason: reason.to_stored(),
        seen,
    };
    super::games::set_result(conn, actor, game_id, &decision)
}
