//! The FIDE (Dutch) System, C.04.3 as in force from 1 July 2025: the project's Swiss pairing.
//!
//! Players are ranked by score, then pairing number (C.04.3 1.2). Brackets are paired from the
//! top score down, each with the players moved down from the one above (1.3). Every criterion
//! of article 2.4 becomes a field of an edge's weight, the absolute and completion criteria in
//! the highest bits, then (most important first):
//!
//! - the most pairs in the bracket, then the highest scores among them (C5, C6);
//! - the most pairs and highest scores in the next bracket, so that the bracket leaves behind
//!   players the next one can pair (C7, C8);
//! - the fewest unplayed games for the player given the pairing-allocated bye (C9);
//! - colours: fewest absolute imbalances and preferences broken, then preferences, then strong
//!   preferences (C10-C13);
//! - floats: fewest players floating in the same direction as one and two rounds before, and the
//!   lowest scores among them (C14-C21).
//!
//! The heaviest matching (see [`super::matching`]) then meets every criterion in that order.
//! Among equal pairings the rules' own order decides (article 3.2-3.3: the moved-down players
//! paired first, the fewest and smallest exchanges between S1 and S2, then S1's players from the
//! top each with the first possible S2 player); each choice is fixed in turn by raising one
//! weight and matching again. Colours follow article 5.
//!
//! The absolute criteria (C1-C3, article 2.1) are no rematch (a game forfeited is not a game
//! met), no second pairing-allocated bye (nor one for a player who already scored a win without
//! playing), no two players with the same absolute colour preference (except, in the last round,
//! a player above half the possible score), and the pairs the controller ruled out.
//!
//! The files follow the articles: `context.rs` the players and the absolute criteria (articles
//! 1 and 2.1), `weights.rs` the quality criteria as fields of a weight (2.4), `bye.rs` the
//! pairing-allocated bye, `brackets.rs` the brackets from the top down (3), `moved_down.rs`
//! their moved-down players (3.2), `exchanges.rs` the remainder's S1, S2 and exchanges (3.3,
//! 4), `colours.rs` the colours and the boards' order (5); `bracket.rs` weighs the pairs of the
//! bracket being paired as its choices leave them, `matcher.rs` keeps their heaviest matching.

mod bracket;
mod brackets;
mod bye;
mod colours;
mod context;
mod exchanges;
mod matcher;
mod moved_down;
#[cfg(test)]
mod tests;
mod weights;

use crate::fide::trf::Colour;
use context::{Context, bits};
use weights::Layout;

/// One earlier round of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    /// The opponent (an index into [`Input::players`]), for games and forfeits.
    pub opponent: Option<usize>,
    /// The colour of a game played.
    pub colour: Option<Colour>,
    /// A game played over the board (not a forfeit, not a bye).
    pub played: bool,
    /// Points scored, in the units of [`Input::win`].
    pub points: u32,
    /// Whether the player was in that round's pairing (paired, or given the pairing's bye),
    /// rather than absent or on a bye they asked for.
    pub paired: bool,
}

impl Round {
    /// A round the player did not take part in, scoring nothing.
    pub const ABSENT: Round = Round {
        opponent: None,
        colour: None,
        played: false,
        points: 0,
        paired: false,
    };
}

/// A player, in pairing-number order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// Every earlier round, oldest first.
    pub rounds: Vec<Round>,
    /// Whether the player is to be paired in this round (not absent, not on a bye asked for).
    pub available: bool,
    /// Players this one must not meet besides earlier opponents (indices).
    pub forbidden: Vec<usize>,
}

/// A round to pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub players: Vec<Player>,
    /// The rounds the tournament will have, when known (the last round relaxes C3).
    pub planned_rounds: Option<usize>,
    /// The colour drawn by lot for the first player (C.04.3 article 5.2.1): white (South) unless
    /// the tournament says otherwise.
    pub initial: Colour,
    /// The points of a win and of a loss, in the units of [`Round::points`] (a TRF counts half
    /// points: 2 and 0).
    pub win: u32,
    pub loss: u32,
}

/// A round's pairing: boards as (white, black) indices, best first, and the player given the
/// pairing-allocated bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    pub boards: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Why a round was not paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoPairing {
    #[error(
        "no pairing of this round meets the absolute criteria (no rematch, no second bye, no two players who must have the same side)"
    )]
    Impossible,
    #[error(
        "this round has too many players and score groups for the pairing's weights ({0} bits; at most 4,096)"
    )]
    TooLarge(u32),
}

/// Pairs the round.
pub fn pair(input: &Input) -> Result<Pairing, NoPairing> {
    let ctx = Context::new(input);
    if ctx.players.is_empty() {
        return Ok(Pairing::default());
    }
    if ctx.played_rounds == 0 && ctx.barred.iter().all(Vec::is_empty) {
        // The first round, nothing ruled out: one bracket where no pair differs from another on
        // any criterion, so the first pairing of the rules' order stands (article 3.3): S1, the
        // upper half, against S2 in order, the last player left for the bye.
        let n = ctx.players.len();
        let half = n / 2;
        let mut partner: Vec<usize> = (0..n).collect();
        for i in 0..half {
            partner[i] = i + half;
            partner[i + half] = i;
        }
        return Ok(ctx.result(&partner));
    }
    let layout = Layout::new(&ctx);
    // The top field, the sum of as many of them as there are pairs, and room for the duals.
    let needed = layout.top + bits(ctx.players.len()) + 8;
    let run: fn(&Context, &Layout) -> Result<Vec<usize>, NoPairing> = match needed.div_ceil(64) {
        0..=4 => brackets::run::<4>,
        5..=6 => brackets::run::<6>,
        7..=8 => brackets::run::<8>,
        9..=10 => brackets::run::<10>,
        11..=12 => brackets::run::<12>,
        13..=16 => brackets::run::<16>,
        17..=32 => brackets::run::<32>,
        33..=64 => brackets::run::<64>,
        _ => return Err(NoPairing::TooLarge(needed)),
    };
    Ok(ctx.result(&run(&ctx, &layout)?))
}
