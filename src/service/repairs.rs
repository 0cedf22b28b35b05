//! Repairs of data an earlier version of the service wrote wrong, run once at start, each in
//! one transaction with its audit entries.
//!
//! Moves cut short: a verified sheet was stored without its last ply when the record's result
//! mark began a new line (the last move went with it). Such a list no longer replays to its
//! result: publishing, the tournament file and a ruling accepting the sheet all fail on it. The
//! stored list is the replayed one less its last ply, and the sheet keeps its ply count and its
//! result, so the last ply is the one move that completes the list to that result; a list for
//! which no move or more than one does is left as it is and counted.

use diesel::sqlite::SqliteConnection;
use serde_json::json;

use super::changes::Change;
use super::tournaments::stored_settings;
use super::{Actor, Audit, ServiceError, transaction};
use crate::db::models::{Game, SheetRow};
use crate::db::queries;
use crate::engine::Rules;
use crate::tournament::ResultKind;
use crate::tournament::sheets::{Accepted, Restoration, Sheet, restore_cut};

/// What the repair of cut move lists did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Restored {
    /// Games whose result's moves were restored.
    pub games: usize,
    /// Sheets whose moves were restored.
    pub sheets: usize,
    /// Lists cut short that no single move completes (left as they were).
    pub left: usize,
}

impl Restored {
    pub fn is_empty(&self) -> bool {
        *self == Restored::default()
    }
}

fn sheet_of_row(row: &SheetRow) -> Sheet {
    Sheet {
        winner: row.winner,
        seeds: [row.south_seeds as u8, row.north_seeds as u8],
        end: row.end_kind,
        moves: row.moves.clone(),
    }
}

fn sheet_of_game(game: &Game) -> Option<Sheet> {
    if game.kind != Some(ResultKind::Played) || !game.verified {
        return None;
    }
    Some(Sheet {
        winner: game.winner?,
        seeds: [
            u8::try_from(game.south_seeds?).ok()?,
            u8::try_from(game.north_seeds?).ok()?,
        ],
        end: game.end_kind?,
        moves: game.moves.clone()?,
    })
}

/// The list restored, when `sheet` is cut short and one move completes it; counts in `left` a
/// list cut short that cannot be.
fn restore(sheet: &Sheet, plies: i32, rules: &Rules, left: &mut usize) -> Option<Accepted> {
    match restore_cut(sheet, u32::try_from(plies).ok()?, rules) {
        Restoration::Restored(accepted) => Some(accepted),
        Restoration::Unresolved => {
            *left += 1;
            None
        }
        Restoration::NotCut => None,
    }
}

/// Finds every verified sheet and game result whose stored moves were cut short and restores
/// them, with an audit entry per game (its moves and its sheets' before and after).
pub fn restore_cut_moves(conn: &mut SqliteConnection) -> Result<Restored, ServiceError> {
    transaction(conn, |conn| {
        let mut done = Restored::default();
        for t in queries::list_tournaments(conn)? {
            let rules = stored_settings(&t)?.rules;
            for game in queries::tournament_games(conn, t.id)? {
                let mut before = Vec::new();
                let mut after = Vec::new();
                for row in queries::game_sheets(conn, game.id)? {
                    if !row.verified {
                        continue;
                    }
                    let sheet = sheet_of_row(&row);
                    if let Some(ok) = restore(&sheet, row.plies, &rules, &mut done.left) {
                        queries::set_sheet_moves(conn, row.id, &ok.moves)?;
                        before.push(json!({"sheet": row.id, "moves": row.moves}));
                        after.push(json!({"sheet": row.id, "moves": ok.moves}));
                        done.sheets += 1;
                    }
                }
                let restored = sheet_of_game(&game).and_then(|sheet| {
                    restore(&sheet, game.plies.unwrap_or(0), &rules, &mut done.left)
                });
                if let Some(ok) = &restored {
                    queries::set_game_moves(conn, game.id, &ok.moves)?;
                    before.push(json!({"game": game.id, "moves": game.moves}));
                    after.push(json!({"game": game.id, "moves": ok.moves}));
                    done.games += 1;
                }
                if before.is_empty() {
                    continue;
                }
                Audit {
                    actor: &Actor::CommandLine,
                    change: Change::MovesRestored { game: game.id },
                    tournament_id: Some(t.id),
                }
                .record(conn, Some(&before), Some(&after))?;
            }
        }
        Ok(done)
    })
}
