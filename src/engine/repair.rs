//! Repair suggestions for a refused score sheet. A sheet copied from paper usually fails for one
//! slip of the pen: a move misread, two neighbouring moves swapped, a move left out or written
//! twice. This module tries every such single edit at the failing ply and before it (an earlier
//! slip changes everything after it), replays each edited list with every rule, and keeps those
//! that make the whole list legal and agree with the declared result, seeds and end.
//!
//! Suggestions are ranked by how close the edit is to the ply that failed (the slip is most often
//! there), then replacements before swaps, deletions and insertions, then the earlier ply.

use serde::{Deserialize, Serialize};

use super::board::{Pit, Position, Side};
use super::notation::{Body, Claim, Notation, Token, tokenize_into};
use super::replay::{Declared, DeclaredEnd, SheetMove, check, replay};
use super::rules::Rules;

/// What one edit does to the list.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum EditKind {
    /// One move replaced by another.
    Replace,
    /// Two neighbouring moves in the other order.
    Swap,
    /// Two moves of the same player, one after the other, in the other order (plies `ply` and
    /// `ply + 2`).
    #[serde(rename = "swap-own")]
    #[strum(serialize = "swap-own")]
    SwapOwn,
    /// The moves are right; the seeds were written the wrong way round.
    Seeds,
    /// One move too many on the sheet: left out.
    Delete,
    /// One move missing from the sheet: put in.
    Insert,
}

/// One edit: at which ply of the mended list (1-based), what the sheet had and what it now has
/// (moves in letters; the sheet's own tokens as written).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edit {
    pub ply: u32,
    pub kind: EditKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub was: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub now: Option<String>,
}

impl Edit {
    /// The kind as the JSON names it: `replace`, `swap`, `insert`, `delete`.
    pub fn kind_name(&self) -> &'static str {
        self.kind.into()
    }

    /// The edit in words, its moves named as the paper sheet numbers them: `move 3, South: C
    /// instead of c`.
    pub fn words(&self) -> String {
        let was = self.was.as_deref().unwrap_or("");
        let now = self.now.as_deref().unwrap_or("");
        match self.kind {
            EditKind::Replace => format!("{}: {now} instead of {was}", SheetMove::of(self.ply)),
            EditKind::Swap => format!(
                "{} and {} the other way round: {now} instead of {was}",
                SheetMove::of(self.ply),
                SheetMove::of(self.ply + 1)
            ),
            EditKind::SwapOwn => {
                let (first, second) = (SheetMove::of(self.ply), SheetMove::of(self.ply + 2));
                format!(
                    "{}'s moves {} and {} the other way round: {now} instead of {was}",
                    first.side, first.number, second.number
                )
            }
            EditKind::Seeds => format!(
                "the moves are right, but the seeds are the other way round: {now} instead of {was}"
            ),
            EditKind::Delete => format!(
                "{} ({was}) written once too often: left out",
                SheetMove::of(self.ply)
            ),
            EditKind::Insert => format!("a move missing before {}: {now}", SheetMove::of(self.ply)),
        }
    }
}

/// A mended move list: every move in letters (numbered as the paper numbers them when the sheet
/// had move numbers), the edits that made it, and the seeds to declare when they change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    pub moves: String,
    pub edits: Vec<Edit>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seeds: Option<[u8; 2]>,
}

impl Suggestion {
    /// The mended moves with the edited plies marked: each move and whether an edit made it.
    pub fn marked(&self) -> Vec<(String, bool)> {
        let edited: Vec<u32> = self
            .edits
            .iter()
            .flat_map(|e| match e.kind {
                EditKind::Swap => vec![e.ply, e.ply + 1],
                EditKind::SwapOwn => vec![e.ply, e.ply + 2],
                EditKind::Delete | EditKind::Seeds => Vec::new(),
                EditKind::Replace | EditKind::Insert => vec![e.ply],
            })
            .collect();
        let mut ply = 0;
        self.moves
            .split(' ')
            .map(|m| {
                if is_move_number(m) {
                    return (m.to_string(), false);
                }
                ply += 1;
                (m.to_string(), edited.contains(&ply))
            })
            .collect()
    }
}

/// A move number as a sheet writes it: `12.`, `12...`.
fn is_move_number(word: &str) -> bool {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && word.len() > digits && word.bytes().skip(digits).all(|b| b == b'.')
}

/// How many suggestions are given at most.
pub const LIMIT: usize = 5;

const LETTERS: [&str; 12] = ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"];
const LETTERS_TAKING: [&str; 12] = [
    "Ax", "Bx", "Cx", "Dx", "Ex", "Fx", "ax", "bx", "cx", "dx", "ex", "fx",
];
const NUMBERS: [&str; 12] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12",
];
const NUMBERS_TAKING: [&str; 12] = [
    "1x", "2x", "3x", "4x", "5x", "6x", "7x", "8x", "9x", "10x", "11x", "12x",
];

/// The tokens that name each pit of `side` in `notation`: taken as written, and (when captures
/// are optional, so that a move captures only when marked) marked as capturing.
fn pit_tokens(notation: Notation, side: Side, optional_captures: bool) -> Vec<Token<'static>> {
    let mut out = Vec::with_capacity(12);
    for offset in 0..6 {
        let pit = side.first_pit() + offset;
        let (text, taking, body) = match notation {
            Notation::Letters => (LETTERS[pit], LETTERS_TAKING[pit], Body::Letter(pit as u8)),
            Notation::Relative => (
                NUMBERS[offset],
                NUMBERS_TAKING[offset],
                Body::Number(offset as u8 + 1),
            ),
            Notation::Absolute => (
                NUMBERS[pit],
                NUMBERS_TAKING[pit],
                Body::Number(pit as u8 + 1),
            ),
        };
        out.push(Token {
            text,
            body,
            claim: Claim::None,
        });
        if optional_captures {
            out.push(Token {
                text: taking,
                body,
                claim: Claim::Some,
            });
        }
    }
    out
}

/// The side to move at ply `index` (0-based): the sides alternate from the start.
fn side_at(start: Position, index: usize) -> Side {
    if index.is_multiple_of(2) {
        start.to_move()
    } else {
        start.to_move().other()
    }
}

/// A token's pit in letters, when it names one for `side`.
fn letter(notation: Notation, token: &Token<'_>, side: Side) -> String {
    notation
        .resolve(token, side)
        .map(|p: Pit| p.letter().to_string())
        .unwrap_or_else(|_| token.text.to_string())
}

/// Suggestions that mend a sheet refused by the replay, best first (none when the sheet is
/// accepted as it is, or when no single edit mends it).
pub fn suggest(
    text: &str,
    rules: &Rules,
    start: Position,
    notation: Option<Notation>,
    end: DeclaredEnd,
    declared: &Declared,
) -> Vec<Suggestion> {
    let mut all = Vec::new();
    tokenize_into(text, &mut all);
    // The moves as written (a result mark ends the list; what follows it is an error of its
    // own, and left out here).
    let tokens: Vec<Token<'_>> = all
        .iter()
        .copied()
        .take_while(|t| t.body != Body::Result)
        .collect();
    let notation = notation.unwrap_or_else(|| Notation::detect(&tokens));
    let accepts = |candidate: &[Token<'_>]| {
        check(candidate, rules, start, Some(notation), end)
            .is_ok_and(|c| c.verify(declared).is_ok())
    };
    // The sheet's move numbers are kept in what is suggested, so that it reads like the paper.
    let numbered = text.split_whitespace().any(is_move_number);
    let checked = check(&tokens, rules, start, Some(notation), end);
    let failing = match checked.as_ref().map(|c| c.verify(declared)) {
        Ok(Ok(())) => return Vec::new(),
        Ok(Err(e)) => e.ply as usize,
        Err(e) => e.ply as usize,
    };
    let mut out: Vec<Suggestion> = Vec::new();
    // The moves replay, but to the declared seeds the other way round: a slip of the pen on the
    // seeds, not on the moves.
    if let (Ok(c), Some([south, north])) = (&checked, declared.stores)
        && south != north
    {
        let swapped = Declared {
            stores: Some([north, south]),
            ..*declared
        };
        if c.verify(&swapped).is_ok()
            && let Ok(moves) = replay_tokens(&tokens, rules, start, notation, end)
        {
            out.push(Suggestion {
                moves: number_moves(&moves, numbered),
                edits: vec![Edit {
                    ply: tokens.len() as u32,
                    kind: EditKind::Seeds,
                    was: Some(format!("{south}-{north}")),
                    now: Some(format!("{north}-{south}")),
                }],
                seeds: Some([north, south]),
            });
        }
    }
    let n = tokens.len();
    // Edits at the failing ply or before it; a slip past the end of the list (a move left out
    // at the end) is the insertion at `n`.
    let last = failing.min(n);
    let optional = !rules.compulsory_capture;
    let mut found: Vec<(usize, Vec<Token<'_>>, Edit)> = Vec::new();
    for i in 0..=last {
        let choices = pit_tokens(notation, side_at(start, i), optional);
        found.extend(edits_at(&tokens, i, &choices, (notation, start), &accepts));
    }
    // Closest to the failing ply first (a list mended at the ply that failed is the likeliest),
    // then by the kind of edit, then the earlier ply.
    found.sort_by_key(|(i, _, edit)| {
        (
            (failing as isize - 1 - *i as isize).unsigned_abs(),
            edit.kind,
            *i,
        )
    });
    for (_, tokens, edit) in found {
        let Ok(mended) = replay_tokens(&tokens, rules, start, notation, end) else {
            continue;
        };
        let mended = number_moves(&mended, numbered);
        if out.iter().any(|s| s.moves == mended) {
            continue;
        }
        out.push(Suggestion {
            moves: mended,
            edits: vec![edit],
            seeds: None,
        });
        if out.len() == LIMIT {
            break;
        }
    }
    out
}

/// The single edits at ply `i` (0-based) of `tokens` that `accepts` takes: the move there
/// replaced by one of `choices` (the pits the side to move may name), it and the next swapped,
/// it left out, or one of `choices` put in before it; each with the list it makes.
fn edits_at<'a>(
    tokens: &[Token<'a>],
    i: usize,
    choices: &[Token<'a>],
    (notation, start): (Notation, Position),
    accepts: &impl Fn(&[Token<'a>]) -> bool,
) -> Vec<(usize, Vec<Token<'a>>, Edit)> {
    let n = tokens.len();
    let side = side_at(start, i);
    let mut found = Vec::new();
    let mut candidate: Vec<Token<'a>> = Vec::with_capacity(n + 1);
    // Replace the move at i.
    if i < n {
        for t in choices {
            if t.text == tokens[i].text {
                continue;
            }
            candidate.clear();
            candidate.extend_from_slice(&tokens[..i]);
            candidate.push(*t);
            candidate.extend_from_slice(&tokens[i + 1..]);
            if accepts(&candidate) {
                let edit = Edit {
                    ply: i as u32 + 1,
                    kind: EditKind::Replace,
                    was: Some(tokens[i].text.to_string()),
                    now: Some(letter(notation, t, side)),
                };
                found.push((i, candidate.clone(), edit));
            }
        }
    }
    // Swap the moves at i and i + 1, or the move at i with the same player's next one at i + 2
    // (two of one player's moves written in the other order; the opponent's between them stays).
    for (distance, kind) in [(1, EditKind::Swap), (2, EditKind::SwapOwn)] {
        let j = i + distance;
        if j >= n || tokens[i].text == tokens[j].text {
            continue;
        }
        candidate.clear();
        candidate.extend_from_slice(tokens);
        candidate.swap(i, j);
        if accepts(&candidate) {
            let between = if distance == 1 { " " } else { " … " };
            let side_j = if distance == 1 { side.other() } else { side };
            let edit = Edit {
                ply: i as u32 + 1,
                kind,
                was: Some(format!("{}{between}{}", tokens[i].text, tokens[j].text)),
                now: Some(format!(
                    "{}{between}{}",
                    letter(notation, &candidate[i], side),
                    letter(notation, &candidate[j], side_j)
                )),
            };
            found.push((i, candidate.clone(), edit));
        }
    }
    // Leave out the move at i.
    if i < n {
        candidate.clear();
        candidate.extend_from_slice(&tokens[..i]);
        candidate.extend_from_slice(&tokens[i + 1..]);
        if accepts(&candidate) {
            let edit = Edit {
                ply: i as u32 + 1,
                kind: EditKind::Delete,
                was: Some(tokens[i].text.to_string()),
                now: None,
            };
            found.push((i, candidate.clone(), edit));
        }
    }
    // Put a missing move in before the move at i.
    for t in choices {
        candidate.clear();
        candidate.extend_from_slice(&tokens[..i]);
        candidate.push(*t);
        candidate.extend_from_slice(&tokens[i..]);
        if accepts(&candidate) {
            let edit = Edit {
                ply: i as u32 + 1,
                kind: EditKind::Insert,
                was: None,
                now: Some(letter(notation, t, side)),
            };
            found.push((i, candidate.clone(), edit));
        }
    }
    found
}

/// A list of moves in letters, with the paper's move numbers before South's moves when
/// `numbered` (`1. C f 2. B a`).
fn number_moves(moves: &str, numbered: bool) -> String {
    if !numbered {
        return moves.to_string();
    }
    let mut out = String::with_capacity(moves.len() * 2);
    for (i, m) in moves.split(' ').enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        if i % 2 == 0 {
            out.push_str(&format!("{}. ", i / 2 + 1));
        }
        out.push_str(m);
    }
    out
}

/// The moves of an accepted token list in letters.
fn replay_tokens(
    tokens: &[Token<'_>],
    rules: &Rules,
    start: Position,
    notation: Notation,
    end: DeclaredEnd,
) -> Result<String, super::ReplayError> {
    let text: Vec<&str> = tokens.iter().map(|t| t.text).collect();
    let replayed = replay(&text.join(" "), rules, start, Some(notation), end)?;
    Ok(replayed
        .plies
        .iter()
        .map(|p| p.played.mv.pit.letter().to_string())
        .collect::<Vec<_>>()
        .join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Preset;

    /// A whole game of abapa played by taking the first legal move each time, in letters, with
    /// its outcome.
    fn a_game() -> (Vec<String>, Declared) {
        let rules = Preset::Abapa.rules();
        let mut game = crate::engine::Game::new(rules, Position::start());
        let mut moves = Vec::new();
        let mut k = 0usize;
        while game.outcome().is_none() {
            let legal = game.legal_moves();
            let mv = legal[k % legal.len()];
            k += 7;
            game.play(mv).unwrap();
            moves.push(mv.pit.letter().to_string());
        }
        let o = game.outcome().unwrap();
        (
            moves,
            Declared {
                winner: Some(o.winner),
                stores: Some(o.stores),
            },
        )
    }

    fn suggestions(moves: &[String], declared: &Declared) -> Vec<Suggestion> {
        suggest(
            &moves.join(" "),
            &Preset::Abapa.rules(),
            Position::start(),
            None,
            DeclaredEnd::Natural,
            declared,
        )
    }

    #[test]
    fn a_sheet_that_replays_needs_no_mending() {
        let (moves, declared) = a_game();
        assert!(suggestions(&moves, &declared).is_empty());
    }

    #[test]
    fn each_kind_of_slip_is_mended_with_the_true_list_among_the_first() {
        let (moves, declared) = a_game();
        let truth = moves.join(" ");
        let n = moves.len();
        let at = n / 2;
        // A move misread: the first other pit of the same row.
        let mut replaced = moves.clone();
        let row = if at % 2 == 0 { "ABCDEF" } else { "abcdef" };
        let other = row.chars().find(|c| c.to_string() != moves[at]).unwrap();
        replaced[at] = other.to_string();
        // Two moves swapped, one left out, one written twice.
        let mut swapped = moves.clone();
        swapped.swap(at, at + 1);
        let mut missing = moves.clone();
        missing.remove(at);
        let mut extra = moves.clone();
        extra.insert(at, moves[at - 2].clone());
        let mut mended = 0;
        for (what, sheet, kind) in [
            ("replaced", replaced, EditKind::Replace),
            ("swapped", swapped, EditKind::Swap),
            ("missing", missing, EditKind::Insert),
            ("extra", extra, EditKind::Delete),
        ] {
            if check_ok(&sheet, &declared) {
                continue;
            }
            let found = suggestions(&sheet, &declared);
            let place = found.iter().position(|s| s.moves == truth);
            assert!(
                place.is_some_and(|p| p < 3),
                "{what}: the true list is at {place:?} of {found:?}"
            );
            let s = &found[place.unwrap()];
            assert_eq!(s.edits.len(), 1);
            assert!(
                s.edits[0].kind == kind || kind == EditKind::Delete,
                "{what}: {:?}",
                s.edits
            );
            mended += 1;
        }
        assert!(
            mended >= 3,
            "only {mended} of the four slips were refused at all"
        );
    }

    fn check_ok(moves: &[String], declared: &Declared) -> bool {
        let rules = Preset::Abapa.rules();
        crate::engine::replay(
            &moves.join(" "),
            &rules,
            Position::start(),
            None,
            DeclaredEnd::Natural,
        )
        .is_ok_and(|r| r.verify(declared).is_ok())
    }

    #[test]
    fn a_suggestion_marks_its_edit() {
        let s = Suggestion {
            moves: "C f B a".to_string(),
            edits: vec![Edit {
                ply: 2,
                kind: EditKind::Swap,
                was: Some("B f".to_string()),
                now: Some("f B".to_string()),
            }],
            seeds: None,
        };
        let marked: Vec<bool> = s.marked().into_iter().map(|(_, m)| m).collect();
        assert_eq!(marked, [false, true, true, false]);
    }

    /// The game of [`a_game`] with its declaration, numbered as a paper sheet: `1. C f 2. B a`.
    fn numbered(moves: &[String]) -> String {
        number_moves(&moves.join(" "), true)
    }

    #[test]
    fn seeds_written_the_wrong_way_round_are_suggested_the_right_way() {
        let (moves, declared) = a_game();
        let [south, north] = declared.stores.unwrap();
        assert_ne!(south, north, "the test game is not a draw on seeds");
        let wrong = Declared {
            stores: Some([north, south]),
            ..declared
        };
        let found = suggestions(&moves, &wrong);
        let first = found.first().expect("a suggestion");
        assert_eq!(first.seeds, Some([south, north]));
        assert_eq!(first.edits[0].kind, EditKind::Seeds);
        assert_eq!(first.moves, moves.join(" "), "the moves stay as written");
        assert!(first.marked().iter().all(|(_, edited)| !edited));
    }

    #[test]
    fn two_of_one_players_moves_swapped_are_put_back() {
        let (moves, declared) = a_game();
        let truth = moves.join(" ");
        let mut found_any = 0;
        // South's moves at plies at+1 and at+3 written the other way round, at a few places.
        for at in moves.len() / 4..moves.len() - 3 {
            if found_any == 4 {
                break;
            }
            if moves[at] == moves[at + 2] {
                continue;
            }
            let mut sheet = moves.clone();
            sheet.swap(at, at + 2);
            if check_ok(&sheet, &declared) {
                continue;
            }
            let found = suggestions(&sheet, &declared);
            let Some(s) = found.iter().find(|s| s.moves == truth) else {
                panic!(
                    "swap at ply {}: the true list is not among {found:?}",
                    at + 1
                );
            };
            assert_eq!(s.edits[0].kind, EditKind::SwapOwn, "{:?}", s.edits);
            assert_eq!(s.edits[0].ply, at as u32 + 1);
            let marked: Vec<usize> = s
                .marked()
                .iter()
                .enumerate()
                .filter(|(_, (_, edited))| *edited)
                .map(|(i, _)| i)
                .collect();
            assert_eq!(marked, [at, at + 2]);
            found_any += 1;
        }
        assert!(found_any >= 3, "only {found_any} swaps were tried");
    }

    #[test]
    fn a_numbered_sheet_gets_numbered_suggestions() {
        let (moves, declared) = a_game();
        let at = moves.len() / 2;
        let mut swapped = moves.clone();
        swapped.swap(at, at + 1);
        let text = numbered(&swapped);
        assert!(text.starts_with("1. "), "{text}");
        let found = suggest(
            &text,
            &Preset::Abapa.rules(),
            Position::start(),
            None,
            DeclaredEnd::Natural,
            &declared,
        );
        let truth = numbered(&moves);
        let s = found
            .iter()
            .find(|s| s.moves == truth)
            .unwrap_or_else(|| panic!("{truth} not among {found:?}"));
        // The marks fall on the moves, not on the numbers.
        let edited: Vec<String> = s
            .marked()
            .into_iter()
            .filter(|(_, e)| *e)
            .map(|(m, _)| m)
            .collect();
        assert_eq!(edited, [moves[at].clone(), moves[at + 1].clone()]);
    }
}
