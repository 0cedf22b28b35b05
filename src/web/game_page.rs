//! The game page: the game with its replay step by step, the sheet form as typed, a refused
//! sheet's diagnostic and suggestions, and the controller's forms.

use askama::Template;
use askama_web::WebTemplate;

use super::board_svg::{Marks, named_board_svg, pit_colours, ply_marks};
use super::pages::Nav;
use crate::engine::{Position, Side};
use crate::locale::Lang;
use crate::service::ServiceError;
use crate::service::game_views::GameDetail;
use crate::tournament::{GameStatus, Winner};
use crate::wording::words;

/// The fields of the sheet form, as typed (kept when a sheet is refused).
#[derive(Clone, Debug, Default)]
pub struct SheetFields {
    pub result: String,
    pub south_seeds: String,
    pub north_seeds: String,
    pub end: String,
    pub moves: String,
}

/// A refused sheet, shown with the board where it went wrong.
#[derive(Default)]
pub struct Diagnostic {
    pub message: String,
    /// Where the replay failed, as the paper sheet numbers it, in the page's language.
    pub at: Option<String>,
    pub ply: Option<u32>,
    pub token: Option<String>,
    /// The board the replay stopped at: before the failing move, or after the last one when
    /// what is wrong is the sheet's result, seeds or end (`at_end`).
    pub position: Option<Position>,
    pub at_end: bool,
    /// The board drawn, with the players' names.
    pub diagram: Option<String>,
    /// Single edits that mend the list, best first.
    pub suggestions: Vec<crate::engine::repair::Suggestion>,
    /// The sheet was an OGN record of another game: the form asks whether it is this one's.
    pub another_game: bool,
}

impl Diagnostic {
    /// What the page shows of a refused sheet, in `lang`: where the replay failed (as the
    /// paper sheet numbers it: `move 11, South`), or the refusal.
    pub fn of(e: &ServiceError, lang: Lang) -> Diagnostic {
        match e {
            ServiceError::Replay(refused) => {
                let r = &refused.error;
                Diagnostic {
                    message: words::detail(lang, &r.detail),
                    at: Some(words::sheet_move(lang, r.ply)),
                    ply: Some(r.ply),
                    token: Some(r.token.clone()),
                    position: Some(r.position),
                    at_end: r.kind.about_the_end(),
                    diagram: None,
                    suggestions: refused.suggestions.clone(),
                    another_game: false,
                }
            }
            other => Diagnostic {
                message: crate::wording::refusals::failure(lang, other),
                another_game: matches!(other, ServiceError::Invalid(s) if s.key == "ogn-another-game"),
                ..Diagnostic::default()
            },
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "games/show.html")]
pub struct GamePage {
    pub nav: Nav,
    pub detail: GameDetail,
    /// The ply shown (0: the start).
    pub shown: u32,
    pub board: String,
    /// The board where the players' sheets first differ.
    pub difference_board: Option<String>,
    pub fields: SheetFields,
    pub diagnostic: Option<Diagnostic>,
    pub notice: Option<String>,
}

impl GamePage {
    /// The moves as links: ply, text (with captures), whether shown now, and the move number
    /// before South's plies.
    pub(crate) fn move_list(&self) -> Vec<(u32, String, bool, Option<u32>)> {
        self.detail
            .plies
            .iter()
            .map(|p| {
                let text = if p.captured > 0 {
                    format!("{}+{}", p.mv, p.captured)
                } else {
                    p.mv.clone()
                };
                let number = (p.ply % 2 == 1).then(|| p.ply.div_ceil(2));
                (p.ply, text, p.ply == self.shown, number)
            })
            .collect()
    }

    pub(crate) fn previous(&self) -> Option<u32> {
        self.shown.checked_sub(1)
    }

    /// What the player looking at their own game has to do now: the message's key.
    fn next_step(&self) -> Option<&'static str> {
        let d = &self.detail;
        if !d.playing() || d.game.north.is_none() {
            return None;
        }
        let mine = d
            .latest_sheet()
            .is_some_and(|s| Some(s.player_id) == d.viewer.player);
        Some(match d.game.status {
            GameStatus::Pending => "step-send",
            GameStatus::Submitted if mine => "step-wait",
            GameStatus::Submitted => "step-confirm",
            GameStatus::Disputed => "step-disputed",
            GameStatus::Confirmed | GameStatus::Final => "step-settled",
        })
    }

    /// A sheet's result in words, with the players' names.
    fn winner_words(&self, winner: &Winner) -> String {
        let north = self
            .detail
            .game
            .north
            .as_ref()
            .map_or("", |n| n.name.as_str());
        let lang = self.nav.lang;
        match winner {
            Winner::South => lang.t1("game-south-won", "name", &self.detail.game.south.name),
            Winner::North => lang.t1("game-north-won", "name", north),
            Winner::Draw => lang.t("draw"),
        }
    }

    /// The replay's place after `shown` plies, as the paper sheet numbers it:
    /// `move 42, South (E)`, or the start.
    pub(crate) fn label_at(&self, shown: u32) -> String {
        match shown
            .checked_sub(1)
            .and_then(|i| self.detail.plies.get(i as usize))
        {
            Some(p) => format!("{} ({})", words::sheet_move(self.nav.lang, p.ply), p.mv),
            None => self.nav.t("start"),
        }
    }

    /// How the replayed game ended, in words (`a player captured 25 or more`), not the
    /// engine's name for it.
    pub(crate) fn end_words(&self) -> Option<String> {
        let stored = self.detail.end_reason.as_deref()?;
        Some(match stored.parse::<crate::engine::EndReason>() {
            Ok(reason) => words::end_reason(self.nav.lang, reason),
            Err(_) => stored.replace('-', " "),
        })
    }

    /// Why the controller set the result, in the reader's words (staff who run it only).
    fn reason(&self) -> Option<String> {
        let reason = self.detail.reason.as_ref()?;
        Some(crate::wording::refusals::kept(self.nav.lang, reason))
    }

    /// A ply as the paper sheet numbers it: `move 21, North`.
    fn sheet_move(&self, ply: &u32) -> String {
        words::sheet_move(self.nav.lang, *ply)
    }

    /// A repair's edit in the page's language.
    fn edit_words(&self, e: &crate::engine::repair::Edit) -> String {
        words::edit(self.nav.lang, e)
    }

    /// Every board of the replay, for the script that steps through it without reloading:
    /// seeds, stores, the pit sown from, the pits captured, and the colours to draw them in.
    pub(crate) fn replay_json(&self) -> String {
        let total = self.detail.plies.len();
        let boards: Vec<serde_json::Value> = (0..=total)
            .map(|shown| {
                let (position, marks) = position_after(&self.detail, shown as u32);
                let colours: Vec<[&str; 2]> = (0..12)
                    .map(|i| {
                        let (fill, ink) = pit_colours(&marks, i);
                        [fill, ink]
                    })
                    .collect();
                serde_json::json!({
                    "pits": position.pits(),
                    "stores": [position.store(Side::South), position.store(Side::North)],
                    "origin": marks.origin,
                    "colours": colours,
                    "label": self.label_at(shown as u32),
                })
            })
            .collect();
        // Only numbers and fixed words: nothing here can close the script element.
        serde_json::Value::Array(boards).to_string()
    }

    /// The position a confirmed adjudication gave the result from, drawn with the players'
    /// names (nothing when the result was not adjudicated).
    pub(crate) fn adjudicated_drawing(&self) -> String {
        let Some(p) = self.detail.adjudicated.as_ref().map(|a| a.position) else {
            return String::new();
        };
        Position::new(p.pits, p.captured, p.to_move.unwrap_or(Side::South))
            .map(|drawn| {
                super::board_svg::entered_board_svg(
                    &drawn,
                    p.to_move,
                    names(&self.detail),
                    self.nav.lang,
                )
            })
            .unwrap_or_default()
    }

    pub(crate) fn next(&self) -> Option<u32> {
        (self.shown < self.detail.plies.len() as u32).then_some(self.shown + 1)
    }
}

/// The position after ply `shown` (0: the start), with the last move's marks.
pub fn position_after(detail: &GameDetail, shown: u32) -> (Position, Marks) {
    let position = |i: usize| {
        let q = &detail.plies[i];
        Position::new(q.board, q.stores, q.side.other()).unwrap_or_default()
    };
    if shown == 0 {
        return (Position::start(), Marks::default());
    }
    let p = &detail.plies[shown as usize - 1];
    let after = position(shown as usize - 1);
    let before = if shown >= 2 {
        position(shown as usize - 2)
    } else {
        Position::start()
    };
    let marks = ply_marks(&before, &after, p.pit, p.captured > 0);
    (after, marks)
}

/// The players' names, South's first (a bye's missing opponent as "North").
pub fn names(detail: &GameDetail) -> [&str; 2] {
    [
        detail.game.south.name.as_str(),
        detail
            .game
            .north
            .as_ref()
            .map_or("North", |n| n.name.as_str()),
    ]
}

/// The board after ply `shown` (0: the start), with the last move marked and the stores named.
pub fn board_after(detail: &GameDetail, shown: u32, lang: crate::locale::Lang) -> String {
    let (position, marks) = position_after(detail, shown);
    named_board_svg(&position, &marks, names(detail), lang)
}
