//! The endgame tables the service holds (`OWARE_ENDGAME_DIR`): read once at start, each file's
//! checksum checked; a preset's table with the most seeds is kept.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;

use crate::engine::endgame::Table;
use crate::engine::endgame::analysis::Change;
use crate::engine::{Preset, Replay, Rules, Side};
use crate::tournament::said::Said;

/// The tables, by preset.
#[derive(Clone, Debug, Default)]
pub struct Endgames {
    tables: HashMap<Preset, Arc<Table>>,
}

impl Endgames {
    /// None at all.
    pub fn none() -> Endgames {
        Endgames::default()
    }

    /// Holds `table` (replacing the preset's).
    pub fn with(mut self, table: Table) -> Endgames {
        self.tables.insert(table.preset, Arc::new(table));
        self
    }

    /// Every preset's table with the most seeds in `dir` (files `<preset>-<seeds>.endgame`).
    /// The tables of the folder the service is given (`OWARE_ENDGAME_DIR`), none without one.
    pub fn configured(dir: Option<&Path>) -> Result<Endgames, String> {
        dir.map_or_else(|| Ok(Endgames::none()), Endgames::load)
    }

    pub fn load(dir: &Path) -> Result<Endgames, String> {
        let mut endgames = Endgames::none();
        for preset in Preset::ALL {
            if let Some(table) = load(dir, preset)? {
                endgames = endgames.with(table);
            }
        }
        Ok(endgames)
    }

    /// The table for `rules`: only a preset's own rules (a tournament that changes an option
    /// of its preset plays another game than the table's).
    pub fn for_rules(&self, rules: &Rules) -> Option<&Table> {
        if *rules != rules.preset.rules() {
            return None;
        }
        self.tables.get(&rules.preset).map(|t| &**t)
    }

    /// The presets held, with the most seeds of each.
    pub fn held(&self) -> Vec<(Preset, u8)> {
        let mut held: Vec<_> = self.tables.values().map(|t| (t.preset, t.seeds)).collect();
        held.sort_by_key(|(p, _)| p.name());
        held
    }
}

/// The table of `preset` in `dir` holding the most seeds, if any.
pub fn load(dir: &Path, preset: Preset) -> Result<Option<Table>, String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let prefix = format!("{}-", preset.name());
    let mut best: Option<(u8, PathBuf)> = None;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let seeds = name
            .strip_prefix(&prefix)
            .and_then(|r| r.strip_suffix(".endgame"))
            .and_then(|s| s.parse::<u8>().ok());
        if let Some(seeds) = seeds
            && best.as_ref().is_none_or(|(s, _)| seeds > *s)
        {
            best = Some((seeds, entry.path()));
        }
    }
    let Some((_, path)) = best else {
        return Ok(None);
    };
    // Only a file is opened: a pipe or a device named like a table would hold the start.
    let kind = fs::metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !kind.is_file() {
        return Err(format!("{}: not a file", path.display()));
    }
    // Read in place: the head now, each layer's checksum at its first read.
    let table = Table::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    if table.preset != preset {
        return Err(format!(
            "{}: the file holds the table of {}",
            path.display(),
            table.preset
        ));
    }
    Ok(Some(table))
}

/// A move that changed its game's exact value: "move 31, North (c): drops the draw, best was e".
#[derive(Clone, Debug, Serialize)]
pub struct LostMark {
    pub ply: u32,
    pub side: Side,
    #[serde(rename = "move")]
    pub mv: String,
    pub best: String,
    /// Seeds given away at least (none when a game won or lost outright is involved).
    pub seeds: Option<u8>,
    pub change: Change,
}

impl LostMark {
    /// Whether the move changed the game's result (not only its seeds).
    pub fn changes_result(&self) -> bool {
        self.change != Change::GivesSeeds
    }

    /// The mark in words for a record's comment (records are read by programs: English):
    /// "gave away the draw, giving away 2 seeds; the tables preferred e".
    pub fn comment(&self) -> String {
        let change = match self.change {
            Change::DropsTheWin => "gave away the win (a draw at best after it)",
            Change::ThrowsAwayTheWin => "lost a game that was won",
            Change::DropsTheDraw => "lost a game that was drawn",
            Change::GivesSeeds => "gave away seeds",
        };
        let seeds = self
            .seeds
            .map(|s| format!("{s} seed{}", if s == 1 { "" } else { "s" }));
        let change = match (self.change, seeds) {
            (Change::GivesSeeds, Some(seeds)) => format!("gave away {seeds}"),
            (_, Some(seeds)) => format!("{change}, giving away {seeds}"),
            (_, None) => change.to_string(),
        };
        format!("{change}; the tables preferred {}", self.best)
    }

    /// The mark said for a page: "move 31, North (c) lost a game that was drawn, giving away 2
    /// seeds; the tables preferred e".
    pub fn said(&self) -> Said {
        let (alone, with_seeds) = match self.change {
            Change::DropsTheWin => ("lost-drops-the-win", "lost-drops-the-win-seeds"),
            Change::ThrowsAwayTheWin => {
                ("lost-throws-away-the-win", "lost-throws-away-the-win-seeds")
            }
            Change::DropsTheDraw => ("lost-drops-the-draw", "lost-drops-the-draw-seeds"),
            Change::GivesSeeds => ("lost-gives-seeds", "lost-gives-seeds-seeds"),
        };
        let change = match self.seeds {
            Some(seeds) => Said::new(with_seeds).with("seeds", u32::from(seeds)),
            None => Said::new(alone),
        };
        crate::said!(
            "lost-mark",
            at = crate::tournament::said::Word::Move(self.ply),
            played = self.mv.clone(),
            change,
            best = self.best.clone()
        )
    }
}

/// The heading of a game's marks, by what its moves did: the result lost, or seeds only.
pub fn lost_heading(marks: &[LostMark]) -> &'static str {
    if marks.iter().any(LostMark::changes_result) {
        "game-lost-title"
    } else {
        "game-seeds-title"
    }
}

/// The moves of a finished game that changed its exact value, where `endgames` hold its rules.
pub fn lost_marks(replayed: &Replay, endgames: &Endgames) -> Vec<LostMark> {
    let Some(table) = endgames.for_rules(&replayed.rules) else {
        return Vec::new();
    };
    if replayed.outcome.is_none() {
        return Vec::new();
    }
    crate::engine::endgame::marks(table, replayed)
        .into_iter()
        .map(|m| LostMark {
            ply: m.ply,
            side: m.side,
            mv: m.mv.pit.letter().to_string(),
            best: m.best.pit.letter().to_string(),
            seeds: m.seeds,
            change: m.change,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mark(change: Change, seeds: Option<u8>) -> LostMark {
        LostMark {
            ply: 31,
            side: Side::South,
            mv: "c".to_string(),
            best: "e".to_string(),
            seeds,
            change,
        }
    }

    #[test]
    fn marks_are_headed_and_worded_by_what_their_moves_did() {
        let seeds = mark(Change::GivesSeeds, Some(1));
        let draw = mark(Change::DropsTheDraw, Some(2));
        assert_eq!(
            lost_heading(std::slice::from_ref(&seeds)),
            "game-seeds-title"
        );
        assert_eq!(
            lost_heading(&[seeds.clone(), draw.clone()]),
            "game-lost-title"
        );
        assert_eq!(seeds.comment(), "gave away 1 seed; the tables preferred e");
        assert_eq!(
            draw.comment(),
            "lost a game that was drawn, giving away 2 seeds; the tables preferred e"
        );
        assert_eq!(
            mark(Change::ThrowsAwayTheWin, None).comment(),
            "lost a game that was won; the tables preferred e"
        );
        let en = crate::locale::Lang::ENGLISH;
        assert_eq!(
            crate::wording::refusals::said(en, &draw.said()),
            "move 16, South (c) lost a game that was drawn, giving away 2 seeds; the tables \
             preferred e"
        );
    }
}
