//! Score sheets: what a player declares, checked by replaying the moves under the tournament's
//! rules.

use crate::tournament::said::{Said, Word};
use serde::{Deserialize, Serialize};

use super::results::Winner;
use crate::engine::ogn;
use crate::engine::repair::{Suggestion, suggest};
use crate::engine::{Declared, DeclaredEnd, Position, Replay, ReplayError, Rules, Side, replay};

/// How a sheet says the game ended.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::AsRefStr,
    strum::Display,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum EndKind {
    Natural,
    Agreement,
    Resignation,
    Time,
    /// The controller adjudicated the game when the round's time ran out (never a player's
    /// sheet): its seeds as the position gave them.
    Adjudication,
}

impl EndKind {}

/// A score sheet as a player fills it in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    pub winner: Winner,
    /// Seeds captured by South and North.
    pub seeds: [u8; 2],
    pub end: EndKind,
    /// The move list as typed (any notation), or an OGN record.
    pub moves: String,
}

/// What a sheet declares (result, seeds, end), as an OGN record's tags give it: the seeds of its
/// `Result` tag, the end of its `End` tag, and the winner that follows (the one who did not
/// resign or lose on time; else the more seeds). `None` when `moves` is not an OGN record or
/// its `Result` tag gives no seeds. The replay still checks all of it against the moves.
pub fn declared_by_record(moves: &str) -> Result<Option<(Winner, [u8; 2], EndKind)>, SheetError> {
    if !ogn::is_ogn(moves) {
        return Ok(None);
    }
    let invalid = |e: ogn::OgnProblem| SheetError::Invalid(ogn_said(None, &e));
    let games =
        ogn::parse(moves).map_err(|e| SheetError::Invalid(ogn_said(Some(e.line), &e.problem)))?;
    let Some(game) = games.first() else {
        return Ok(None);
    };
    let Some(seeds) = game.declared().map_err(invalid)?.stores else {
        return Ok(None);
    };
    let by_seeds = match seeds[0].cmp(&seeds[1]) {
        std::cmp::Ordering::Greater => Winner::South,
        std::cmp::Ordering::Less => Winner::North,
        std::cmp::Ordering::Equal => Winner::Draw,
    };
    let winner_against = |loser: Side| match loser {
        Side::South => Winner::North,
        Side::North => Winner::South,
    };
    Ok(Some(match game.end().map_err(invalid)? {
        DeclaredEnd::Natural => (by_seeds, seeds, EndKind::Natural),
        DeclaredEnd::Agreement => (by_seeds, seeds, EndKind::Agreement),
        DeclaredEnd::Resignation(l) => (winner_against(l), seeds, EndKind::Resignation),
        DeclaredEnd::Time(l) => (winner_against(l), seeds, EndKind::Time),
    }))
}

/// A sheet the engine accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// The moves in letters with every capture marked (empty when none were given).
    pub moves: String,
    pub plies: u32,
    /// The end the replay reached (`None` without moves).
    pub end_reason: Option<String>,
    /// Whether the moves were replayed (false when the sheet has none).
    pub verified: bool,
    pub replay: Option<Replay>,
}

impl Accepted {
    /// Whether two accepted sheets say the same thing.
    pub fn same_game(&self, other: &Accepted) -> bool {
        self.moves == other.moves
    }
}

/// A sheet the replay refused: where and why, and the single edits that would mend it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedSheet {
    pub error: ReplayError,
    pub suggestions: Vec<Suggestion>,
}

impl RefusedSheet {
    /// Where the replay failed and why, as facts: `At move 3, North ("d"): pit d is empty`.
    pub fn said(&self) -> Said {
        crate::said!(
            "diagnostic",
            at = Word::Move(self.error.ply),
            token = &self.error.token,
            detail = Word::Detail(Box::new(self.error.detail.clone()))
        )
    }
}

impl SheetError {
    /// Why the sheet was refused, as facts (what the staff's dashboard keeps).
    pub fn said(&self) -> Said {
        match self {
            SheetError::Invalid(s) => s.clone(),
            SheetError::Replay(r) => r.said(),
        }
    }
}

/// A result as facts, for a page to word in its language: how it came, who won, the seeds, and
/// how the game ended (a game won on time or by resignation says so: its seeds may favour the
/// loser).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub kind: super::results::ResultKind,
    pub winner: Option<super::results::Winner>,
    pub seeds: Option<(i32, i32)>,
    pub end: Option<EndKind>,
}

/// Why a sheet is refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SheetError {
    #[error("{0}")]
    Invalid(Said),
    #[error("{}", .0.error)]
    Replay(Box<RefusedSheet>),
}

/// Lists longer than this get no repair suggestions: the search tries about 26 edits a ply, each
/// replayed whole, and a real game is well under 400 plies.
const MOST_PLIES_TO_MEND: usize = 400;

/// What is wrong with an OGN record (at `line` of it, where the problem is a line's), for the
/// reader's words.
pub fn ogn_said(line: Option<usize>, problem: &ogn::OgnProblem) -> Said {
    use crate::engine::PositionError;
    use crate::said;
    use ogn::OgnProblem as P;
    let problem = match problem {
        P::TagEnd(text) => said!("ogn-tag-end", text = text.as_str()),
        P::TagName(text) => said!("ogn-tag-name", text = text.as_str()),
        P::Unquoted(name) => said!("ogn-unquoted", tag = name.as_str()),
        P::BadEscape(name) => said!("ogn-bad-escape", tag = name.as_str()),
        P::NoClosingQuote(name) => said!("ogn-no-closing-quote", tag = name.as_str()),
        P::TextAfter(name) => said!("ogn-text-after", tag = name.as_str()),
        P::End(text) => said!("ogn-end-tag", text = text.as_str()),
        P::Result(text) => said!("ogn-result-tag", text = text.as_str()),
        P::Fen(e) => {
            let fen = match e {
                PositionError::FieldCount(count) => said!("fen-field-count", count = *count),
                PositionError::BadCount { field, value } => {
                    said!("fen-bad-count", field = *field, text = value.as_str())
                }
                PositionError::BadSide(text) => said!("fen-bad-side", text = text.as_str()),
                PositionError::SeedCount(seeds) => said!("fen-seed-count", seeds = *seeds),
            };
            said!("ogn-fen-tag", problem = fen)
        }
    };
    match line {
        Some(line) => said!("ogn-record-line", line, problem),
        None => said!("ogn-record", problem),
    }
}

/// Where an OGN record sent as a sheet names another game than `game` (its tags as this
/// service writes them: `Event`, `Round`, `Board`, `South`, `North`): the first tag that
/// differs, what the record says and what the game is, and how many more differ. Spaces and
/// case aside; a tag the record leaves out differs from nothing. `None` for moves that are not
/// a record (or one that cannot be read: the replay says why).
pub fn record_of_another_game(
    moves: &str,
    game: &[(&str, String)],
) -> Option<(String, String, String, usize)> {
    if !ogn::is_ogn(moves) {
        return None;
    }
    let games = ogn::parse(moves).ok()?;
    let [record] = games.as_slice() else {
        return None;
    };
    let plain = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let differing: Vec<(String, String, String)> = game
        .iter()
        .filter_map(|(tag, here)| {
            let said = record.tag(tag)?;
            (!said.trim().is_empty() && plain(said) != plain(here))
                .then(|| (tag.to_string(), said.trim().to_string(), here.clone()))
        })
        .collect();
    let (tag, said, here) = differing.first()?.clone();
    Some((tag, said, here, differing.len() - 1))
}

/// The moves of a sheet: the movetext of an OGN record, or the text as it is.
fn move_text(moves: &str) -> Result<String, SheetError> {
    if !ogn::is_ogn(moves) {
        return Ok(moves.to_string());
    }
    let games =
        ogn::parse(moves).map_err(|e| SheetError::Invalid(ogn_said(Some(e.line), &e.problem)))?;
    match games.as_slice() {
        [game] => {
            let start = game
                .start()
                .map_err(|e| SheetError::Invalid(ogn_said(None, &e)))?;
            if start != Position::start() {
                return Err(SheetError::Invalid(crate::said!("ogn-set-up-position")));
            }
            Ok(game.movetext.clone())
        }
        _ => Err(SheetError::Invalid(crate::said!(
            "ogn-several-games",
            games = games.len()
        ))),
    }
}

/// Whether a result declared without moves is one an Oware game under `rules` can end with
/// (`docs/standings.md`, "What each end allows"): a natural end accounts for all 48 seeds, or
/// ends with a player on 25 or more where the majority ends the game, or leaves seeds unscored
/// where the rules say so; an agreed or adjudicated game scores every seed; a game lost by
/// resignation or on time stopped before anyone reached a majority that ends it. Where the end
/// is decided by the seeds, they give the declared winner.
fn possible_without_moves(sheet: &Sheet, rules: &Rules) -> Result<(), SheetError> {
    use crate::engine::rules::{Agreement, GrandSlam, NoFeed};
    let [south, north] = sheet.seeds;
    let total = u32::from(south) + u32::from(north);
    let most = south.max(north);
    let majority = rules.majority_ends && most >= 25;
    let end = sheet.end.to_string();
    let refuse = |said: Said| Err(SheetError::Invalid(said));
    match sheet.end {
        EndKind::Natural => {
            if total != 48 && !majority && rules.no_feed != NoFeed::Unscored {
                return refuse(if rules.majority_ends {
                    crate::said!("natural-end-seeds-majority", south, north)
                } else {
                    crate::said!("natural-end-seeds-all", south, north)
                });
            }
            // Seeds left on the board: the game stopped at the capture that passed 24, from 24
            // at most (every other end takes the seeds left, all 48 counted).
            if let Some(most_captured) = rules.most_one_move_captures()
                && majority
                && total != 48
                && most > 24 + most_captured
            {
                return refuse(crate::said!(
                    "natural-end-beyond-capture",
                    south,
                    north,
                    most = 24 + most_captured,
                    capture = most_captured,
                    rules = rules.name()
                ));
            }
        }
        EndKind::Agreement | EndKind::Adjudication => {
            if sheet.end == EndKind::Agreement && rules.agreement == Agreement::NotAllowed {
                return refuse(crate::said!("agreement-not-in-rules", rules = rules.name()));
            }
            if total != 48 {
                return refuse(crate::said!("stopped-end-seeds-all", south, north, end));
            }
        }
        EndKind::Resignation | EndKind::Time => {
            if rules.majority_ends && most >= 25 {
                return refuse(crate::said!("lost-game-after-majority", south, north, end));
            }
        }
    }
    let by_seeds = match south.cmp(&north) {
        std::cmp::Ordering::Greater => Winner::South,
        std::cmp::Ordering::Less => Winner::North,
        std::cmp::Ordering::Equal => Winner::Draw,
    };
    // Where a grand slam loses, a natural end may go to the player with fewer seeds.
    let seeds_decide = match sheet.end {
        EndKind::Natural => rules.grand_slam != GrandSlam::Loses,
        EndKind::Agreement | EndKind::Adjudication => true,
        EndKind::Resignation | EndKind::Time => false,
    };
    if seeds_decide && by_seeds != sheet.winner {
        return refuse(crate::said!(
            "seeds-not-result",
            south,
            north,
            winner = sheet.winner.to_string()
        ));
    }
    Ok(())
}

/// Checks a sheet: the declared result against the seeds, and, with moves, everything against a
/// replay under `rules`. Without moves (where the tournament allows it) only the declaration is
/// checked.
pub fn check_sheet(
    sheet: &Sheet,
    rules: &Rules,
    moves_required: bool,
) -> Result<Accepted, SheetError> {
    check(sheet, rules, moves_required, true)
}

/// [`check_sheet`], looking for the edits that would mend a refused list only when `mend` (the
/// search replays the list about 26 times a ply: worth it for a person, not for a program
/// trying lists).
fn check(
    sheet: &Sheet,
    rules: &Rules,
    moves_required: bool,
    mend: bool,
) -> Result<Accepted, SheetError> {
    let [south, north] = sheet.seeds;
    if u32::from(south) + u32::from(north) > 48 {
        return Err(SheetError::Invalid(crate::said!(
            "seeds-over-48",
            south,
            north
        )));
    }
    let loser = match (sheet.end, sheet.winner) {
        (EndKind::Resignation | EndKind::Time, Winner::Draw) => {
            return Err(SheetError::Invalid(crate::said!(
                "lost-game-not-draw",
                end = sheet.end.to_string()
            )));
        }
        (_, Winner::South) => Some(Side::North),
        (_, Winner::North) => Some(Side::South),
        (_, Winner::Draw) => None,
    };
    let text = move_text(&sheet.moves)?;
    if text.trim().is_empty() {
        if moves_required {
            return Err(SheetError::Invalid(crate::said!("sheet-moves-required")));
        }
        possible_without_moves(sheet, rules)?;
        return Ok(Accepted {
            moves: String::new(),
            plies: 0,
            end_reason: None,
            verified: false,
            replay: None,
        });
    }
    let end = match (sheet.end, loser) {
        (EndKind::Natural, _) => DeclaredEnd::Natural,
        // An adjudicated game stopped where it stood, as an agreed one does.
        (EndKind::Agreement | EndKind::Adjudication, _) => DeclaredEnd::Agreement,
        (EndKind::Resignation, Some(l)) => DeclaredEnd::Resignation(l),
        (EndKind::Time, Some(l)) => DeclaredEnd::Time(l),
        (_, None) => unreachable!("a draw by resignation or time was refused above"),
    };
    let declared = Declared {
        winner: Some(match sheet.winner {
            Winner::South => Some(Side::South),
            Winner::North => Some(Side::North),
            Winner::Draw => None,
        }),
        stores: Some(sheet.seeds),
    };
    let refused = |error: ReplayError| {
        let suggestions = if mend && crate::engine::tokenize(&text).len() <= MOST_PLIES_TO_MEND {
            suggest(&text, rules, Position::start(), None, end, &declared)
        } else {
            Vec::new()
        };
        SheetError::Replay(Box::new(RefusedSheet { error, suggestions }))
    };
    let replayed = replay(&text, rules, Position::start(), None, end).map_err(refused)?;
    replayed.verify(&declared).map_err(refused)?;
    // Exactly the plies replayed, on one line, without the result mark.
    let moves = ogn::moves_of(&replayed);
    Ok(Accepted {
        moves,
        plies: replayed.plies.len() as u32,
        end_reason: replayed.outcome.map(|o| o.reason.name().to_string()),
        verified: true,
        replay: Some(replayed),
    })
}

/// What [`restore_cut`] makes of a stored list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Restoration {
    /// The list is not cut short: it replays as it is, or misses other than its last ply.
    NotCut,
    /// The one list of the stored moves and one more that gives what the sheet declares.
    Restored(Accepted),
    /// Cut short, but no last move, or more than one, gives what the sheet declares: nothing
    /// to say which.
    Unresolved,
}

/// A list stored one ply short by the service's earlier writing of it (the last move was cut
/// with the result mark where that mark began a new line of the record), given the ply count
/// stored with it: completed by the one move that makes it replay to what `sheet` declares.
pub fn restore_cut(sheet: &Sheet, plies: u32, rules: &Rules) -> Restoration {
    let stored = crate::engine::tokenize(&sheet.moves).len();
    if plies == 0 || stored + 1 != plies as usize || check(sheet, rules, false, false).is_ok() {
        return Restoration::NotCut;
    }
    let mut found = None;
    for pit in (0..12).filter_map(crate::engine::Pit::new) {
        let mut candidate = sheet.clone();
        candidate.moves = format!("{} {}", sheet.moves, pit.letter());
        let Ok(accepted) = check(&candidate, rules, false, false) else {
            continue;
        };
        if accepted.plies != plies {
            continue;
        }
        if found.is_some() {
            return Restoration::Unresolved;
        }
        found = Some(accepted);
    }
    found.map_or(Restoration::Unresolved, Restoration::Restored)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(winner: Winner, seeds: [u8; 2], end: EndKind, moves: &str) -> Sheet {
        Sheet {
            winner,
            seeds,
            end,
            moves: moves.to_string(),
        }
    }

    #[test]
    fn resignation_needs_a_winner_and_the_seeds_so_far() {
        let rules = Rules::abapa();
        let ok = check_sheet(
            &sheet(Winner::South, [0, 0], EndKind::Resignation, "C f B a"),
            &rules,
            true,
        )
        .unwrap();
        assert!(ok.verified);
        assert_eq!(ok.plies, 4);
        assert_eq!(ok.moves, "1. C f 2. B a");
        assert_eq!(ok.end_reason.as_deref(), Some("resignation"));
        let err = check_sheet(
            &sheet(Winner::Draw, [0, 0], EndKind::Resignation, "C f"),
            &rules,
            true,
        )
        .unwrap_err();
        assert!(matches!(err, SheetError::Invalid(_)));
        let err = check_sheet(
            &sheet(Winner::South, [3, 0], EndKind::Resignation, "C f"),
            &rules,
            true,
        )
        .unwrap_err();
        assert!(matches!(err, SheetError::Replay(e) if e.error.kind.name() == "wrong-seeds"));
    }

    #[test]
    fn moves_may_be_left_out_only_where_allowed() {
        let rules = Rules::abapa();
        let s = sheet(Winner::South, [25, 20], EndKind::Natural, "  ");
        assert!(matches!(
            check_sheet(&s, &rules, true),
            Err(SheetError::Invalid(_))
        ));
        let ok = check_sheet(&s, &rules, false).unwrap();
        assert!(!ok.verified);
        let wrong = sheet(Winner::North, [25, 20], EndKind::Natural, "");
        assert!(check_sheet(&wrong, &rules, false).is_err());
        let too_many = sheet(Winner::South, [30, 20], EndKind::Natural, "");
        assert!(check_sheet(&too_many, &rules, false).is_err());
    }

    /// The fixture games (OpenSpiel's abapa), as (moves, winner, seeds).
    fn fixture_games() -> Vec<(String, Winner, [u8; 2])> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/abapa-random-games.jsonl"
        );
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|line| {
                let g: serde_json::Value = serde_json::from_str(line).unwrap();
                let winner = match g["end"]["winner"].as_str() {
                    Some("south") => Winner::South,
                    Some("north") => Winner::North,
                    _ => Winner::Draw,
                };
                let s = &g["end"]["scores"];
                let seeds = [s[0].as_u64().unwrap() as u8, s[1].as_u64().unwrap() as u8];
                (g["moves"].as_str().unwrap().to_string(), winner, seeds)
            })
            .collect()
    }

    #[test]
    fn what_is_stored_is_exactly_what_was_replayed() {
        let rules = Rules::abapa();
        let games = fixture_games();
        assert_eq!(games.len(), 300);
        let mut exact = 0;
        for (i, (moves, winner, seeds)) in games.iter().enumerate() {
            let ok = check_sheet(
                &sheet(*winner, *seeds, EndKind::Natural, moves),
                &rules,
                true,
            )
            .unwrap_or_else(|e| panic!("game {i}: {e}"));
            let replayed = ok.replay.as_ref().unwrap();
            // The stored list, sent again, gives the same plies and is stored the same.
            let again = check_sheet(
                &sheet(*winner, *seeds, EndKind::Natural, &ok.moves),
                &rules,
                true,
            )
            .unwrap_or_else(|e| panic!("game {i} as stored: {e}"));
            assert_eq!(again.moves, ok.moves, "game {i}");
            let played = |r: &Replay| r.plies.iter().map(|p| p.played).collect::<Vec<_>>();
            assert_eq!(
                played(again.replay.as_ref().unwrap()),
                played(replayed),
                "game {i}"
            );
            assert_eq!(
                ok.plies as usize,
                crate::engine::tokenize(moves).len(),
                "game {i}"
            );
            assert!(!ok.moves.contains('\n'), "game {i}");
            exact += 1;
        }
        assert_eq!(exact, 300);
    }

    #[test]
    fn a_result_without_moves_must_be_one_a_game_can_end_with() {
        let abapa = Rules::abapa();
        let tournament = Rules::tournament();
        let merkel = Rules::merkel();
        let refused = |s: Sheet, rules: &Rules| match check_sheet(&s, rules, false) {
            Err(SheetError::Invalid(said)) => said.key,
            other => panic!("{s:?} under {}: {other:?}", rules.name()),
        };
        let n = EndKind::Natural;
        // South winning 24-20, a natural draw 23-23: no game ends so.
        assert_eq!(
            refused(sheet(Winner::South, [24, 20], n, ""), &abapa),
            "natural-end-seeds-majority"
        );
        assert_eq!(
            refused(sheet(Winner::Draw, [23, 23], n, ""), &abapa),
            "natural-end-seeds-majority"
        );
        // Where the majority does not end the game, every seed is captured.
        assert_eq!(
            refused(sheet(Winner::South, [30, 17], n, ""), &tournament),
            "natural-end-seeds-all"
        );
        assert_eq!(
            refused(sheet(Winner::South, [25, 22], n, ""), &tournament),
            "natural-end-seeds-all"
        );
        assert!(check_sheet(&sheet(Winner::South, [30, 18], n, ""), &tournament, false).is_ok());
        // The game stops at the capture that passes 24, and one capture takes at most 15
        // seeds (five pits of three: all six would be a grand slam, which takes nothing), so
        // at most 39 are held with seeds left on the board; all 48 taken, any count may be.
        assert_eq!(
            refused(sheet(Winner::South, [44, 3], n, ""), &abapa),
            "natural-end-beyond-capture"
        );
        assert_eq!(
            refused(sheet(Winner::North, [2, 40], n, ""), &merkel),
            "natural-end-beyond-capture"
        );
        assert!(check_sheet(&sheet(Winner::South, [39, 3], n, ""), &abapa, false).is_ok());
        assert!(check_sheet(&sheet(Winner::South, [44, 4], n, ""), &abapa, false).is_ok());
        // A majority ends an abapa game; a draw is 24-24.
        assert!(check_sheet(&sheet(Winner::South, [25, 20], n, ""), &abapa, false).is_ok());
        assert!(check_sheet(&sheet(Winner::Draw, [24, 24], n, ""), &abapa, false).is_ok());
        // Merkel's rules leave an unfed board unscored, and a grand slam loses.
        assert!(check_sheet(&sheet(Winner::South, [20, 12], n, ""), &merkel, false).is_ok());
        assert!(check_sheet(&sheet(Winner::North, [20, 12], n, ""), &merkel, false).is_ok());
        // An agreement scores every seed, where the rules know one at all.
        assert_eq!(
            refused(
                sheet(Winner::Draw, [20, 20], EndKind::Agreement, ""),
                &tournament
            ),
            "stopped-end-seeds-all"
        );
        assert_eq!(
            refused(
                sheet(Winner::Draw, [24, 24], EndKind::Agreement, ""),
                &abapa
            ),
            "agreement-not-in-rules"
        );
        // A game lost on time or by resignation stopped before anyone reached 25 in abapa.
        assert_eq!(
            refused(sheet(Winner::North, [26, 3], EndKind::Time, ""), &abapa),
            "lost-game-after-majority"
        );
        assert!(
            check_sheet(
                &sheet(Winner::North, [20, 3], EndKind::Time, ""),
                &abapa,
                false
            )
            .is_ok()
        );
        assert!(
            check_sheet(
                &sheet(Winner::North, [26, 3], EndKind::Resignation, ""),
                &tournament,
                false
            )
            .is_ok()
        );
    }

    #[test]
    fn an_ogn_record_is_read_for_its_moves() {
        let rules = Rules::abapa();
        let record = "[Event \"Club\"]\n[Result \"*\"]\n\n1. C f 2. B a *\n";
        let ok = check_sheet(
            &sheet(Winner::North, [0, 0], EndKind::Time, record),
            &rules,
            true,
        )
        .unwrap();
        assert_eq!(ok.plies, 4);
        let two = format!("{record}\n{record}");
        assert!(
            check_sheet(
                &sheet(Winner::North, [0, 0], EndKind::Time, &two),
                &rules,
                true
            )
            .is_err()
        );
    }
}
