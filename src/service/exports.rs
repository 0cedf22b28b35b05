//! Exports of a tournament's games: CSV rows, and OGN records (one game's, or every game's as
//! one file that `oware-tournament validate` reads back).

use std::collections::HashMap;

use diesel::sqlite::SqliteConnection;

use super::game_context::{Context, game_replay};
use super::views::{GameView, names};
use super::{Actor, ServiceError};
use crate::db::queries;
use crate::engine::ogn::{self, OgnGame};
use crate::tournament::{PlayerId, TournamentId};

/// The game as an OGN record, if it has a move list.
pub fn ogn_record(
    ctx: &Context,
    names: &HashMap<PlayerId, String>,
    endgames: &super::endgames::Endgames,
) -> Result<Option<OgnGame>, ServiceError> {
    let Some(replayed) = game_replay(ctx)? else {
        return Ok(None);
    };
    let name = |id: PlayerId| names.get(&id).cloned().unwrap_or_else(|| format!("#{id}"));
    let mut tags = vec![
        ("Event".to_string(), ctx.tournament.name.clone()),
        ("Site".to_string(), ctx.tournament.venue.clone()),
        (
            "Date".to_string(),
            ctx.tournament
                .start_date
                .map(|d| d.format("%Y.%m.%d").to_string())
                .unwrap_or_else(|| "????.??.??".to_string()),
        ),
        ("Round".to_string(), ctx.round.number.to_string()),
        (
            "Board".to_string(),
            ctx.game.board.map(|b| b.to_string()).unwrap_or_default(),
        ),
        ("South".to_string(), name(ctx.game.south_id)),
        (
            "North".to_string(),
            ctx.game.north_id.map(name).unwrap_or_default(),
        ),
    ];
    // A game of a match says which ("game 2 of 3"), and its number in the match.
    let format = super::tournaments::stored_settings(&ctx.tournament)?.matches;
    let label = format.label(ctx.game.match_game);
    if !label.is_empty() {
        tags.push(("Match".to_string(), label));
        tags.push(("Game".to_string(), ctx.game.match_game.to_string()));
    }
    tags.retain(|(_, v)| !v.is_empty());
    // The moves that changed the game's exact value, as comments.
    let comments: Vec<(u32, String)> = super::endgames::lost_marks(&replayed, endgames)
        .iter()
        .map(|m| (m.ply, m.comment()))
        .collect();
    Ok(Some(OgnGame::from_replay_with(
        &replayed,
        &tags,
        ctx.declared_end(),
        &comments,
    )))
}

/// Every game of the published rounds as CSV rows under their header, for the staff who run the
/// tournament; the side without an opponent is `bye`, a result as `result` words it (codes and
/// numbers as they are).
pub fn games_rows(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: TournamentId,
    bye: &str,
    result: &dyn Fn(&GameView) -> String,
) -> Result<(Vec<&'static str>, Vec<Vec<String>>), ServiceError> {
    actor.check_reads_all(conn, id)?;
    let names = names(conn, id)?;
    let format = super::matches::match_format(conn, id)?;
    let mut games: Vec<(i32, GameView, crate::db::models::Game)> =
        queries::games_with_rounds(conn, id, true)?
            .into_iter()
            .map(|(g, r)| (r.number, GameView::new(&g, r.number, &names, &format), g))
            .collect();
    games.sort_by_key(|(number, _, g)| (*number, g.board.unwrap_or(i32::MAX), g.match_game));
    let text = |v: Option<&str>| v.unwrap_or_default().to_string();
    let rows = games
        .into_iter()
        .map(|(number, view, g)| {
            vec![
                number.to_string(),
                g.board.map(|b| b.to_string()).unwrap_or_default(),
                view.south.name.clone(),
                view.north
                    .as_ref()
                    .map_or_else(|| bye.to_string(), |n| n.name.clone()),
                result(&view),
                text(g.kind.map(Into::into)),
                g.status.to_string(),
                g.south_seeds.map(|s| s.to_string()).unwrap_or_default(),
                g.north_seeds.map(|s| s.to_string()).unwrap_or_default(),
                text(g.end_kind.map(Into::into)),
                text(g.end_reason.as_deref()),
                g.verified.to_string(),
                text(g.moves.as_deref()),
                g.match_game.to_string(),
            ]
        })
        .collect();
    let header = vec![
        "round",
        "board",
        "south",
        "north",
        "result",
        "kind",
        "status",
        "south_seeds",
        "north_seeds",
        "end",
        "end_reason",
        "verified",
        "moves",
        "game",
    ];
    Ok((header, rows))
}

/// Every game with a move list whose result counts, as one OGN file that
/// `oware-tournament validate` reads back, for the staff who run the tournament; where
/// `endgames` hold the tournament's rules, each game's moves that changed its exact value are
/// commented as in the game's own record.
pub fn games_ogn(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: TournamentId,
    endgames: &super::endgames::Endgames,
) -> Result<String, ServiceError> {
    actor.check_reads_all(conn, id)?;
    let names = names(conn, id)?;
    let tournament = queries::get_tournament(conn, id)?;
    let mut records = Vec::new();
    for (game, round) in queries::games_with_rounds(conn, id, true)? {
        if !game.status.counts() {
            continue;
        }
        let key = (round.number, game.board, game.match_game);
        let ctx = Context {
            game,
            tournament: tournament.clone(),
            round,
        };
        if let Some(record) = ogn_record(&ctx, &names, endgames)? {
            records.push((key, record));
        }
    }
    records.sort_by_key(|(k, _)| *k);
    Ok(ogn::write_all(
        &records.into_iter().map(|(_, r)| r).collect::<Vec<_>>(),
    ))
}
