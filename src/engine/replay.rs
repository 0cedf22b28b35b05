//! Replaying a recorded game: every ply checked, the declared end applied, the declared result
//! compared, and a diagnostic that points at the ply that is wrong.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::board::{Pit, Position, Side};
use super::diagnostic::Detail;
use super::moves::{EndReason, IllegalMove, Move, Outcome, Played};
use super::notation::{Body, Claim, Notation, Token, TokenError, tokenize_into};
use super::play::Game;
use super::rules::Rules;

/// How a score sheet says the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DeclaredEnd {
    /// The moves reach a position where the game is over by the rules.
    #[default]
    Natural,
    /// The players stopped; the rules' agreement end scores the seeds left.
    Agreement,
    /// The named player resigned.
    Resignation(Side),
    /// The named player lost on time.
    Time(Side),
}

impl DeclaredEnd {
    /// The short kind, as score sheets name it: `natural`, `agreement`, `resignation`, `time`.
    pub fn kind(self) -> &'static str {
        match self {
            DeclaredEnd::Natural => "natural",
            DeclaredEnd::Agreement => "agreement",
            DeclaredEnd::Resignation(_) => "resignation",
            DeclaredEnd::Time(_) => "time",
        }
    }
}

impl fmt::Display for DeclaredEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeclaredEnd::Resignation(side) | DeclaredEnd::Time(side) => {
                write!(f, "{}:{}", self.kind(), side.name())
            }
            _ => f.write_str(self.kind()),
        }
    }
}

impl FromStr for DeclaredEnd {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim().to_ascii_lowercase();
        let (kind, loser) = match s.split_once(':') {
            Some((kind, loser)) => (kind, Some(loser)),
            None => (s.as_str(), None),
        };
        let with_loser = |make: fn(Side) -> DeclaredEnd| match loser {
            Some(l) => l.parse::<Side>().map(make),
            None => Err(format!(
                "{kind} needs the losing side: {kind}:south or {kind}:north"
            )),
        };
        match kind {
            "natural" if loser.is_none() => Ok(DeclaredEnd::Natural),
            "agreement" if loser.is_none() => Ok(DeclaredEnd::Agreement),
            "resignation" => with_loser(DeclaredEnd::Resignation),
            "time" => with_loser(DeclaredEnd::Time),
            _ => Err(format!(
                "unknown end {s:?}: expected natural, agreement, resignation:south|north or time:south|north"
            )),
        }
    }
}

/// What is wrong with a recorded game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    UnknownToken,
    WrongSide,
    EmptyPit,
    MustFeed,
    AfterEnd,
    WrongClaim,
    Endless,
    NoAgreement,
    EndMismatch,
    NotOver,
    WrongSeeds,
    WrongResult,
    /// A record's tags (rules, start position, end, result) cannot be read.
    BadRecord,
}

impl ErrorKind {
    /// The error is about the sheet as a whole (its result, seeds or how it ended), found once
    /// every move was played: its position is the board after the last move.
    pub fn about_the_end(self) -> bool {
        matches!(
            self,
            ErrorKind::NotOver
                | ErrorKind::WrongSeeds
                | ErrorKind::WrongResult
                | ErrorKind::EndMismatch
                | ErrorKind::NoAgreement
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::UnknownToken => "unknown-token",
            ErrorKind::WrongSide => "wrong-side",
            ErrorKind::EmptyPit => "empty-pit",
            ErrorKind::MustFeed => "must-feed",
            ErrorKind::AfterEnd => "after-end",
            ErrorKind::WrongClaim => "wrong-claim",
            ErrorKind::Endless => "endless",
            ErrorKind::NoAgreement => "no-agreement",
            ErrorKind::EndMismatch => "end-mismatch",
            ErrorKind::NotOver => "not-over",
            ErrorKind::WrongSeeds => "wrong-seeds",
            ErrorKind::WrongResult => "wrong-result",
            ErrorKind::BadRecord => "bad-record",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a ply is written on a paper score sheet: each numbered move is a row holding South's
/// sowing, then North's (South moves first), so ply 21 is `11.` South's and ply 22 its North's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetMove {
    pub number: u32,
    pub side: Side,
}

impl SheetMove {
    /// The sheet's move of `ply` (1-based).
    pub fn of(ply: u32) -> SheetMove {
        SheetMove {
            number: ply.div_ceil(2).max(1),
            side: if ply.is_multiple_of(2) {
                Side::North
            } else {
                Side::South
            },
        }
    }
}

/// `move 11, South`.
impl fmt::Display for SheetMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}, {}", self.number, self.side)
    }
}

/// A diagnostic: the ply (1-based), the side to move there, the token, the position before it
/// and what is wrong. Errors about the whole sheet (end, result, seeds) name the last ply and
/// the final position. Shown to people, it names the sheet's move (`move 11, South ("E")`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} ({token:?}): {detail}", SheetMove::of(*ply))]
pub struct ReplayError {
    pub ply: u32,
    pub side: Side,
    pub token: String,
    pub position: Position,
    pub kind: ErrorKind,
    pub detail: Detail,
}

impl ReplayError {
    /// What is wrong, in English.
    pub fn message(&self) -> String {
        self.detail.to_string()
    }
}

/// What a sheet declares about the result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    /// `Some(None)` declares a draw.
    pub winner: Option<Option<Side>>,
    /// Seeds captured by South and North.
    pub stores: Option<[u8; 2]>,
}

/// One replayed ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// 1-based.
    pub number: u32,
    /// The token as written on the sheet.
    pub token: String,
    pub played: Played,
}

/// A replayed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub rules: Rules,
    pub notation: Notation,
    pub start: Position,
    pub plies: Vec<Ply>,
    /// `None` while the game is in progress (a natural end that the moves do not reach).
    pub outcome: Option<Outcome>,
}

impl Replay {
    /// The position after the last ply.
    pub fn final_position(&self) -> Position {
        self.plies.last().map_or(self.start, |p| p.played.position)
    }

    /// Every position of the game, the start first, then the position after each ply.
    pub fn positions(&self) -> Vec<Position> {
        std::iter::once(self.start)
            .chain(self.plies.iter().map(|p| p.played.position))
            .collect()
    }

    /// The final stores: the outcome's, or the current ones in an unfinished game.
    pub fn stores(&self) -> [u8; 2] {
        self.outcome
            .map_or_else(|| self.final_position().stores(), |o| o.stores)
    }

    /// The moves as pits (and capture marks), for writing back.
    pub fn moves(&self) -> impl Iterator<Item = (&Ply, Move)> {
        self.plies.iter().map(|p| (p, p.played.mv))
    }

    /// Compares the sheet's declared result and seeds with the replay.
    pub fn verify(&self, declared: &Declared) -> Result<(), ReplayError> {
        let last_token = self.plies.last().map_or("", |p| p.token.as_str());
        compare(self.outcome, declared).map_err(|(kind, detail)| {
            sheet_error(
                self.plies.len() as u32,
                last_token,
                self.final_position(),
                kind,
                detail,
            )
        })
    }
}

/// The error about a whole sheet, placed at its last ply and final position.
fn sheet_error(
    ply: u32,
    token: &str,
    position: Position,
    kind: ErrorKind,
    detail: Detail,
) -> ReplayError {
    // The side that played the last ply (the one to move if no ply was played).
    let side = if ply > 0 {
        position.to_move().other()
    } else {
        position.to_move()
    };
    ReplayError {
        ply,
        side,
        token: token.to_string(),
        position,
        kind,
        detail,
    }
}

/// Compares a declared result with the replay's outcome.
fn compare(outcome: Option<Outcome>, declared: &Declared) -> Result<(), (ErrorKind, Detail)> {
    if declared.winner.is_none() && declared.stores.is_none() {
        return Ok(());
    }
    let Some(outcome) = outcome else {
        return Err((ErrorKind::NotOver, Detail::NotOver));
    };
    if let Some(stores) = declared.stores
        && stores != outcome.stores
    {
        return Err((
            ErrorKind::WrongSeeds,
            Detail::WrongSeeds {
                declared: stores,
                actual: outcome.stores,
                reason: outcome.reason,
            },
        ));
    }
    if let Some(winner) = declared.winner
        && winner != outcome.winner
    {
        return Err((
            ErrorKind::WrongResult,
            Detail::WrongResult {
                declared: winner,
                actual: outcome.winner,
                stores: outcome.stores,
                reason: outcome.reason,
            },
        ));
    }
    Ok(())
}

/// Replays `text` (a move list in any notation) under `rules` from `start`. `notation` `None`
/// detects it.
pub fn replay(
    text: &str,
    rules: &Rules,
    start: Position,
    notation: Option<Notation>,
    end: DeclaredEnd,
) -> Result<Replay, ReplayError> {
    let mut tokens = Vec::new();
    tokenize_into(text, &mut tokens);
    let notation = notation.unwrap_or_else(|| Notation::detect(&tokens));
    let mut plies = Vec::with_capacity(tokens.len());
    let outcome = run(
        &tokens,
        rules,
        start,
        notation,
        end,
        |number, token, played| {
            plies.push(Ply {
                number,
                token: token.text.to_string(),
                played: *played,
            })
        },
    )?;
    Ok(Replay {
        rules: rules.clone(),
        notation,
        start,
        plies,
        outcome,
    })
}

/// What a check without a record of the plies finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked<'a> {
    pub plies: u32,
    pub outcome: Option<Outcome>,
    pub final_position: Position,
    pub last_token: &'a str,
}

impl Checked<'_> {
    /// Compares a declared result and seeds with the checked game.
    pub fn verify(&self, declared: &Declared) -> Result<(), ReplayError> {
        compare(self.outcome, declared).map_err(|(kind, detail)| {
            sheet_error(
                self.plies,
                self.last_token,
                self.final_position,
                kind,
                detail,
            )
        })
    }
}

/// Checks a tokenized move list with every rule, recording nothing: the fast path for archives.
pub fn check<'a>(
    tokens: &[Token<'a>],
    rules: &Rules,
    start: Position,
    notation: Option<Notation>,
    end: DeclaredEnd,
) -> Result<Checked<'a>, ReplayError> {
    let notation = notation.unwrap_or_else(|| Notation::detect(tokens));
    let mut plies = 0;
    let mut final_position = start;
    let mut last_token = "";
    let outcome = run(tokens, rules, start, notation, end, |_, token, played| {
        plies += 1;
        final_position = played.position;
        last_token = token.text;
    })?;
    Ok(Checked {
        plies,
        outcome,
        final_position,
        last_token,
    })
}

fn run<'a>(
    tokens: &[Token<'a>],
    rules: &Rules,
    start: Position,
    notation: Notation,
    end: DeclaredEnd,
    mut record: impl FnMut(u32, &Token<'a>, &Played),
) -> Result<Option<Outcome>, ReplayError> {
    let mut game = Game::new(rules.clone(), start);
    let mut ply = 0u32;
    let mut last_token = "";
    let mut ended_at = None;
    let mut tokens = tokens.iter().peekable();
    while let Some(token) = tokens.next() {
        let position = *game.position();
        let side = position.to_move();
        let error = |kind: ErrorKind, detail: Detail| ReplayError {
            ply: ply + 1,
            side,
            token: token.text.to_string(),
            position,
            kind,
            detail,
        };
        if token.body == Body::Result {
            if let Some(after) = tokens.find(|t| t.is_move() || t.body == Body::Unknown) {
                return Err(ReplayError {
                    token: after.text.to_string(),
                    ..error(
                        ErrorKind::UnknownToken,
                        Detail::AfterResultMark {
                            after: after.text.to_string(),
                            mark: token.text.to_string(),
                        },
                    )
                });
            }
            break;
        }
        if let Some(reason) = game.outcome().map(|o| o.reason) {
            return Err(error(
                ErrorKind::AfterEnd,
                Detail::AfterEnd {
                    ply: ended_at.unwrap_or(ply),
                    reason,
                },
            ));
        }
        let pit = notation.resolve(token, side).map_err(|e| match e {
            TokenError::Unknown(notation) => error(
                ErrorKind::UnknownToken,
                Detail::NotAMove {
                    token: token.text.to_string(),
                    notation,
                },
            ),
            TokenError::WrongSide { pit, side } => {
                error(ErrorKind::WrongSide, Detail::NotYourPit { pit, side })
            }
        })?;
        let capture = rules.compulsory_capture || token.claim.is_marked();
        let played = game.play(Move::new(pit, capture)).map_err(|e| match e {
            IllegalMove::WrongSide { pit, side } => {
                error(ErrorKind::WrongSide, Detail::NotYourPit { pit, side })
            }
            IllegalMove::EmptyPit { pit } => error(ErrorKind::EmptyPit, Detail::EmptyPit { pit }),
            IllegalMove::DoesNotFeed { pit } => {
                error(ErrorKind::MustFeed, Detail::MustFeed { pit })
            }
            IllegalMove::GameOver(reason) => error(
                ErrorKind::AfterEnd,
                Detail::AfterEnd {
                    ply: ended_at.unwrap_or(ply),
                    reason,
                },
            ),
            IllegalMove::Endless { pit, limit } => {
                error(ErrorKind::Endless, Detail::Endless { pit, limit })
            }
        })?;
        if let Some(detail) = wrong_claim(token, &played, pit) {
            return Err(error(ErrorKind::WrongClaim, detail));
        }
        ply += 1;
        last_token = token.text;
        if played.end.is_some() {
            ended_at = Some(ply);
        }
        record(ply, token, &played);
    }

    declared_outcome(&mut game, rules, end, (ply, last_token), ended_at)
}

/// What the sheet claims of a move's captures, when the move does not do it.
fn wrong_claim(token: &Token<'_>, played: &Played, pit: Pit) -> Option<Detail> {
    let captured = played.captured_by_mover();
    // A move that ends the game may claim, as Aualé writes it, the seeds the mover gathers at
    // the end too (after a repetition, or when the opponent cannot be fed).
    let gathered = played.end.map_or(0, |o| {
        o.stores[played.side.index()].saturating_sub(played.position.store(played.side))
    });
    let with_gathered = gathered > 0 && token.claim == Claim::Seeds(captured + gathered);
    if token.claim.agrees(captured) || with_gathered {
        return None;
    }
    Some(Detail::WrongClaim {
        claimed: match token.claim {
            Claim::Seeds(n) => Some(n),
            _ => None,
        },
        pit,
        captured,
        grand_slam: played.grand_slam,
    })
}

/// How the game ended once every move is played, as the sheet declares it: naturally (as the
/// moves end it, or not yet), or by agreement, resignation or time, which must come before the
/// moves end it. `last` is the last ply and its token.
fn declared_outcome(
    game: &mut Game,
    rules: &Rules,
    end: DeclaredEnd,
    (ply, last_token): (u32, &str),
    ended_at: Option<u32>,
) -> Result<Option<Outcome>, ReplayError> {
    let position = *game.position();
    let sheet_error =
        |kind: ErrorKind, detail: Detail| sheet_error(ply, last_token, position, kind, detail);
    match (end, game.outcome()) {
        (DeclaredEnd::Natural, outcome) => Ok(outcome),
        (declared, Some(outcome)) => Err(sheet_error(
            ErrorKind::EndMismatch,
            Detail::EndMismatch {
                declared: declared.kind().into(),
                ply: ended_at.unwrap_or(ply),
                reason: outcome.reason,
            },
        )),
        (DeclaredEnd::Agreement, None) => game.agree().map(Some).ok_or_else(|| {
            sheet_error(
                ErrorKind::NoAgreement,
                Detail::NoAgreement {
                    rules: rules.name().to_string(),
                },
            )
        }),
        (DeclaredEnd::Resignation(loser), None) => Ok(Some(Outcome {
            reason: EndReason::Resignation,
            stores: position.stores(),
            winner: Some(loser.other()),
        })),
        (DeclaredEnd::Time(loser), None) => Ok(Some(Outcome {
            reason: EndReason::Time,
            stores: position.stores(),
            winner: Some(loser.other()),
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn abapa(text: &str) -> Result<Replay, ReplayError> {
        replay(
            text,
            &Rules::abapa(),
            Position::start(),
            None,
            DeclaredEnd::Natural,
        )
    }

    #[test]
    fn notations_give_the_same_game() {
        let letters = abapa("C f B a").unwrap();
        let relative = abapa("3 6 2 1").unwrap();
        let absolute = abapa("3 12 2 7").unwrap();
        assert_eq!(letters.notation, Notation::Letters);
        assert_eq!(relative.notation, Notation::Relative);
        assert_eq!(absolute.notation, Notation::Absolute);
        assert_eq!(letters.final_position(), relative.final_position());
        assert_eq!(letters.final_position(), absolute.final_position());
        assert_eq!(letters.outcome, None);
    }

    #[test]
    fn a_ply_is_named_as_the_paper_sheet_numbers_it() {
        let named: Vec<String> = [1, 2, 21, 22, 83]
            .map(|ply| SheetMove::of(ply).to_string())
            .to_vec();
        assert_eq!(
            named,
            [
                "move 1, South",
                "move 1, North",
                "move 11, South",
                "move 11, North",
                "move 42, South"
            ]
        );
    }

    #[test]
    fn errors_point_at_the_ply() {
        let err = abapa("1. C f 2. B G").unwrap_err();
        assert_eq!(
            (err.ply, err.kind, err.token.as_str()),
            (4, ErrorKind::UnknownToken, "G")
        );
        assert_eq!(err.side, Side::North);
        let err = abapa("C C").unwrap_err();
        assert_eq!((err.ply, err.kind), (2, ErrorKind::WrongSide));
        let err = abapa("A b A").unwrap_err();
        assert_eq!((err.ply, err.kind), (3, ErrorKind::EmptyPit));
        assert_eq!(err.position.to_string(), "0-5-5-5-5-4-4-0-5-5-5-5-0-0-S");
        let err = abapa("Cx").unwrap_err();
        assert_eq!((err.ply, err.kind), (1, ErrorKind::WrongClaim));
        let err = abapa("C f 25-20 B").unwrap_err();
        assert_eq!(
            (err.ply, err.kind, err.token.as_str()),
            (3, ErrorKind::UnknownToken, "B")
        );
    }

    #[test]
    fn declared_ends() {
        assert_eq!("time:north".parse(), Ok(DeclaredEnd::Time(Side::North)));
        assert_eq!("natural".parse(), Ok(DeclaredEnd::Natural));
        assert!("resignation".parse::<DeclaredEnd>().is_err());
        assert!("natural:south".parse::<DeclaredEnd>().is_err());
        let r = replay(
            "C f",
            &Rules::abapa(),
            Position::start(),
            None,
            DeclaredEnd::Resignation(Side::South),
        )
        .unwrap();
        let outcome = r.outcome.unwrap();
        assert_eq!(
            (outcome.reason, outcome.winner),
            (EndReason::Resignation, Some(Side::North))
        );
        let err = replay(
            "C f",
            &Rules::abapa(),
            Position::start(),
            None,
            DeclaredEnd::Agreement,
        )
        .unwrap_err();
        assert_eq!(err.kind, ErrorKind::NoAgreement);
    }

    #[test]
    fn declared_result_is_compared() {
        let r = abapa("C f").unwrap();
        let err = r
            .verify(&Declared {
                winner: Some(Some(Side::South)),
                stores: Some([25, 20]),
            })
            .unwrap_err();
        assert_eq!(err.kind, ErrorKind::NotOver);
        assert!(r.verify(&Declared::default()).is_ok());
    }
}
