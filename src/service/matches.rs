//! The games of a match laid out as its results come in: when a game's result counts, the next
//! game (with the player the match's rule names as South, who starts) is added in the same
//! transaction; when a result changes (a ruling, a game sent back), the later games that no
//! longer follow from it are taken away if nothing was played in them, and the change is
//! refused if something was. Each addition and removal has its audit entry.

use chrono::Utc;
use diesel::sqlite::SqliteConnection;

use super::changes::Change;
use super::views::{GameView, game_record};
use super::{Actor, Audit, ServiceError};
use crate::db::models::{Game, NewGame, Tournament};
use crate::db::queries;
use std::collections::HashMap;

use crate::tournament::history::GameRecord;
use crate::tournament::matches::{self, MatchFormat, MatchGame, Next, next};
use crate::tournament::{GameStatus, PlayerId};
use crate::tournament::{Points, TournamentId};

/// Brings the match of `game` up to date after its result changed (one transaction with the
/// change).
pub fn follow(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: &Tournament,
    game: &Game,
) -> Result<(), ServiceError> {
    let format = super::tournaments::stored_settings(tournament)?.matches;
    let Some(board) = game.board else {
        return Ok(());
    };
    if format.single() {
        return Ok(());
    }
    let games = queries::match_games(conn, game.round_id, board)?;
    let played: Vec<MatchGame> = games.iter().map(match_game).collect();
    // The first game whose players no longer follow from the games before it.
    let first = (played[0].south, played[0].north);
    let stale = (1..games.len()).find(|&i| match next(&format, &played[..i]) {
        Next::Play { south, .. } => games[i].south_id.get() != south,
        // A game laid out with the pairing waits for the games before it.
        Next::Waiting => {
            matches::planned_south(&format, first, i as i32 + 1) != Some(games[i].south_id.get())
        }
        Next::Decided(..) => true,
    });
    let kept = stale.unwrap_or(games.len());
    for later in &games[kept..] {
        take_away(conn, actor, tournament, later, game)?;
    }
    if let Next::Play { south, north } = next(&format, &played[..kept]) {
        let added = queries::insert_game(
            conn,
            &NewGame {
                tournament_id: tournament.id,
                round_id: game.round_id,
                board: Some(board),
                south_id: PlayerId(south),
                north_id: Some(PlayerId(north)),
                status: GameStatus::Pending,
                kind: None,
                updated_at: Utc::now().naive_utc(),
                match_game: kept as i32 + 1,
            },
        )?;
        Audit {
            actor,
            change: Change::MatchGameAdded { game: added.id },
            tournament_id: Some(tournament.id),
        }
        .record(conn, None::<&Game>, Some(&added))?;
        // Both players with SMS told their side.
        super::sms_told::match_game_added(conn, added.id)?;
    }
    Ok(())
}

/// Takes away a game that no longer follows from the match's results, or refuses the change that
/// made it so when the game has a result or a sheet waiting.
fn take_away(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: &Tournament,
    later: &Game,
    changed: &Game,
) -> Result<(), ServiceError> {
    if later.status != GameStatus::Pending {
        return Err(ServiceError::Conflict(crate::said!(
            "game-match-has-sheet-result",
            match_game = later.match_game,
            match_game2 = changed.match_game
        )));
    }
    let sheets = queries::game_sheets(conn, later.id)?;
    queries::delete_game(conn, later.id)?;
    Audit {
        actor,
        change: Change::MatchGameRemoved { game: later.id },
        tournament_id: Some(tournament.id),
    }
    .record(
        conn,
        Some(&serde_json::json!({"game": later, "sheets": sheets})),
        None::<&Game>,
    )?;
    Ok(())
}

/// Every pairing of a tournament with its round number (only rounds before `before`, if given):
/// a game, or in a tournament of matches each match as one record (`tournament::matches::record`).
pub fn records(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    before: Option<i32>,
) -> Result<Vec<GameRecord>, ServiceError> {
    let settings =
        super::tournaments::stored_settings(&queries::get_tournament(conn, tournament_id)?)?;
    let games: Vec<(Game, i32)> = queries::games_with_rounds(conn, tournament_id, false)?
        .into_iter()
        .filter(|(_, r)| before.is_none_or(|b| r.number < b))
        .map(|(g, r)| (g, r.number))
        .collect();
    Ok(as_history(&settings.matches, &settings.points, &games))
}

/// Games (with their round numbers) as the history: each game, or each match of several.
pub fn as_history(
    format: &MatchFormat,
    scoring: &Points,
    games: &[(Game, i32)],
) -> Vec<GameRecord> {
    if format.single() {
        return games.iter().map(|(g, r)| game_record(g, *r)).collect();
    }
    let mut matches: Vec<Vec<&(Game, i32)>> = Vec::new();
    let mut index: HashMap<(i32, i32), usize> = HashMap::new();
    for pair in games {
        let (g, round) = pair;
        match g.board.zip(g.north_id) {
            Some((board, _)) => {
                let at = *index.entry((*round, board)).or_insert_with(|| {
                    matches.push(Vec::new());
                    matches.len() - 1
                });
                matches[at].push(pair);
            }
            None => matches.push(vec![pair]),
        }
    }
    matches
        .into_iter()
        .filter_map(|mut games| {
            games.sort_by_key(|(g, _)| g.match_game);
            let &(first, round) = games.first()?;
            if first.north_id.is_none() {
                return Some(game_record(first, *round));
            }
            let played: Vec<MatchGame> = games.iter().map(|(g, _)| match_game(g)).collect();
            crate::tournament::history::match_record(
                format,
                scoring,
                first.id.get(),
                *round,
                first.board,
                &played,
            )
        })
        .collect()
}

/// A game of a match as the match sees it.
pub fn match_game(g: &Game) -> MatchGame {
    let record = game_record(g, 0);
    MatchGame {
        south: record.south,
        north: record.north.unwrap_or_default(),
        result: record.result,
        seeds: record.seeds,
    }
}

/// What a pairing of the tournament plays.
pub fn match_format(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<MatchFormat, ServiceError> {
    let t = queries::get_tournament(conn, tournament_id)?;
    Ok(super::tournaments::stored_settings(&t)?.matches)
}

/// Sets, on the latest game of each match of a round's games (boards in order, a match's games
/// in order), the match's score so far.
pub fn score_matches(format: &MatchFormat, games: &mut [GameView], rows: &[Game]) {
    if format.single() {
        return;
    }
    let mut start = 0;
    while start < games.len() {
        let board = games[start].board;
        let end = start
            + games[start..]
                .iter()
                .take_while(|g| g.board == board)
                .count();
        if board.is_some() {
            let played: Vec<MatchGame> = rows[start..end].iter().map(match_game).collect();
            let (a, b) = matches::tally(&played);
            let decided = matches::is_decided(format, &played);
            games[end - 1].match_tally = Some((a, b, decided));
            games[end - 1].match_score = format!(
                "match {}-{}{}",
                super::tournaments::points_text(a),
                super::tournaments::points_text(b),
                if decided { ", decided" } else { " so far" }
            );
        }
        start = end.max(start + 1);
    }
}
