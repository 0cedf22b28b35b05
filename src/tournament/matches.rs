//! Matches of several games: what a pairing plays, who starts each game, when a match is decided
//! and what it scores. A match is the games of one board of one round, numbered from 1; its
//! result follows from its games and is never typed. `docs/standings.md` states the rules with a
//! worked example.

pub use super::match_format::{
    MOST_GAMES, MatchFormat, MatchLength, MatchScore, StartRule, TieRule,
};
use super::points::Points;
use super::results::{ResultKind, Winner};

/// One game of a match as the match sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchGame {
    pub south: i32,
    pub north: i32,
    /// The result, once it counts.
    pub result: Option<(ResultKind, Option<Winner>)>,
    /// Seeds captured by the game's South and North, for a played game.
    pub seeds: Option<(i32, i32)>,
}

/// What a match needs next.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Next {
    /// A game's result does not count yet.
    Waiting,
    /// Another game, with this South (who starts) and North.
    Play { south: i32, north: i32 },
    /// The match is over: its result for the first game's South (South and North as in a game).
    Decided(ResultKind, Option<Winner>),
}

/// The game points of the first game's South and North in the games so far.
pub fn tally(games: &[MatchGame]) -> (f64, f64) {
    let Some(first) = games.first() else {
        return (0.0, 0.0);
    };
    let mut score = (0.0, 0.0);
    for g in games {
        let (s, n) = match g.result {
            Some((ResultKind::Played, Some(Winner::South))) => (1.0, 0.0),
            Some((ResultKind::Played, Some(Winner::North))) => (0.0, 1.0),
            Some((ResultKind::Played, _)) => (0.5, 0.5),
            _ => (0.0, 0.0),
        };
        if g.south == first.south {
            score.0 += s;
            score.1 += n;
        } else {
            score.0 += n;
            score.1 += s;
        }
    }
    score
}

/// What the match of `games` (in order, the first as paired) needs next under `format`.
pub fn next(format: &MatchFormat, games: &[MatchGame]) -> Next {
    let Some(first) = games.first() else {
        return Next::Waiting;
    };
    let Some(last) = games.last() else {
        return Next::Waiting;
    };
    if games.iter().any(|g| g.result.is_none()) {
        return Next::Waiting;
    }
    // A forfeit decides the match: the player who did not come loses it.
    for g in games {
        let Some((kind, _)) = g.result else { continue };
        let forfeit = match kind {
            ResultKind::ForfeitSouth | ResultKind::ForfeitNorth => kind,
            ResultKind::DoubleForfeit => return Next::Decided(kind, None),
            ResultKind::Played | ResultKind::Bye => continue,
        };
        let swapped = g.south != first.south;
        let kind = match (forfeit, swapped) {
            (ResultKind::ForfeitSouth, false) | (ResultKind::ForfeitNorth, true) => {
                ResultKind::ForfeitSouth
            }
            _ => ResultKind::ForfeitNorth,
        };
        return Next::Decided(kind, None);
    }
    let (a, b) = tally(games);
    let played = games.len() as i32;
    let left = f64::from((format.games - played).max(0));
    let decided = if played < format.games {
        format.length == MatchLength::BestOf && (a - b).abs() > left
    } else {
        a != b || format.tie == TieRule::Draw
    };
    if decided {
        let winner = if a > b {
            Winner::South
        } else if b > a {
            Winner::North
        } else {
            Winner::Draw
        };
        return Next::Decided(ResultKind::Played, Some(winner));
    }
    let other = |p: i32| {
        if p == last.south {
            last.north
        } else {
            last.south
        }
    };
    let won_by = match last.result {
        Some((_, Some(Winner::South))) => Some((last.south, last.north)),
        Some((_, Some(Winner::North))) => Some((last.north, last.south)),
        _ => None,
    };
    let south = match (format.start, won_by) {
        (StartRule::Winner, Some((winner, _))) => winner,
        (StartRule::Loser, Some((_, loser))) => loser,
        _ => other(last.south),
    };
    Next::Play {
        south,
        north: other(south),
    }
}

/// Whether the match of `games` is over.
pub fn is_decided(format: &MatchFormat, games: &[MatchGame]) -> bool {
    matches!(next(format, games), Next::Decided(..))
}

/// Whether every game of a match is known when it is paired: each of `k` played, the players
/// in turn. Its games are then laid out (and their sheets printed) with the pairing.
pub fn laid_out_at_pairing(format: &MatchFormat) -> bool {
    !format.single() && format.length == MatchLength::Games && format.start == StartRule::Alternate
}

/// The South of game `number` (from 1) of a match laid out at pairing (`laid_out_at_pairing`):
/// the first game's South in odd games, its North in even ones; `None` past the `k` games.
pub fn planned_south(format: &MatchFormat, first: (i32, i32), number: i32) -> Option<i32> {
    if !laid_out_at_pairing(format) || !(1..=format.games).contains(&number) {
        return None;
    }
    Some(if number % 2 == 1 { first.0 } else { first.1 })
}

/// The game points of (first South, first North) a decided match gives, by how it was decided.
pub fn game_points(
    format: &MatchFormat,
    games: &[MatchGame],
    result: (ResultKind, Option<Winner>),
    scoring: &Points,
) -> (f64, f64) {
    let without_play = |(s, n): (f64, f64)| {
        (
            format.game_points_without_play(s, scoring.win),
            format.game_points_without_play(n, scoring.win),
        )
    };
    match result.0 {
        ResultKind::Played => tally(games),
        kind => without_play(super::results::points(kind, result.1, scoring)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(south: i32, north: i32, winner: Winner) -> MatchGame {
        MatchGame {
            south,
            north,
            result: Some((ResultKind::Played, Some(winner))),
            seeds: Some((25, 23)),
        }
    }

    const BEST_OF_3_WINNER: MatchFormat = MatchFormat {
        games: 3,
        length: MatchLength::BestOf,
        start: StartRule::Winner,
        score: MatchScore::MatchPoints,
        tie: TieRule::Draw,
    };

    #[test]
    fn a_single_game_is_decided_by_its_result() {
        let f = MatchFormat::SINGLE;
        assert!(f.single());
        assert_eq!(f.label(1), "");
        assert_eq!(
            next(&f, &[won(1, 2, Winner::North)]),
            Next::Decided(ResultKind::Played, Some(Winner::North))
        );
        assert_eq!(
            next(&f, &[won(1, 2, Winner::Draw)]),
            Next::Decided(ResultKind::Played, Some(Winner::Draw))
        );
    }

    #[test]
    fn best_of_three_stops_when_decided_and_the_winner_starts() {
        let f = BEST_OF_3_WINNER;
        // Player 2 wins game 1 as North: 2 starts game 2.
        let g1 = won(1, 2, Winner::North);
        assert_eq!(next(&f, &[g1]), Next::Play { south: 2, north: 1 });
        // 2 wins again: 2-0, game 3 cannot change it.
        let g2 = won(2, 1, Winner::South);
        assert_eq!(
            next(&f, &[g1, g2]),
            Next::Decided(ResultKind::Played, Some(Winner::North))
        );
        // 1 wins game 2 instead: 1-1, 1 starts game 3.
        let g2 = won(2, 1, Winner::North);
        assert_eq!(next(&f, &[g1, g2]), Next::Play { south: 1, north: 2 });
        assert_eq!(f.label(3), "game 3 of 3");
    }

    #[test]
    fn a_draw_keeps_the_match_going_and_passes_the_start() {
        let f = BEST_OF_3_WINNER;
        let g1 = won(1, 2, Winner::Draw);
        assert_eq!(next(&f, &[g1]), Next::Play { south: 2, north: 1 });
        let g2 = won(2, 1, Winner::South);
        // 1½-½ for 2 with one game left: 1 could still level it.
        assert_eq!(next(&f, &[g1, g2]), Next::Play { south: 2, north: 1 });
        let g3 = won(2, 1, Winner::North);
        assert_eq!(tally(&[g1, g2, g3]), (1.5, 1.5));
        assert_eq!(
            next(&f, &[g1, g2, g3]),
            Next::Decided(ResultKind::Played, Some(Winner::Draw))
        );
    }

    #[test]
    fn deciders_follow_a_level_match_until_one_is_won() {
        let f = MatchFormat {
            games: 2,
            tie: TieRule::Decider,
            start: StartRule::Loser,
            ..MatchFormat::SINGLE
        };
        let g1 = won(1, 2, Winner::South);
        // The loser (2) starts game 2.
        assert_eq!(next(&f, &[g1]), Next::Play { south: 2, north: 1 });
        let g2 = won(2, 1, Winner::South);
        assert_eq!(next(&f, &[g1, g2]), Next::Play { south: 1, north: 2 });
        assert_eq!(f.label(3), "deciding game 1");
        let g3 = won(1, 2, Winner::Draw);
        assert_eq!(next(&f, &[g1, g2, g3]), Next::Play { south: 2, north: 1 });
        let g4 = won(2, 1, Winner::North);
        assert_eq!(
            next(&f, &[g1, g2, g3, g4]),
            Next::Decided(ResultKind::Played, Some(Winner::South))
        );
    }

    #[test]
    fn every_game_is_played_when_the_match_is_not_best_of() {
        let f = MatchFormat {
            games: 3,
            ..MatchFormat::SINGLE
        };
        let g1 = won(1, 2, Winner::South);
        let g2 = won(2, 1, Winner::North);
        assert_eq!(next(&f, &[g1, g2]), Next::Play { south: 1, north: 2 });
        let pending = MatchGame { result: None, ..g1 };
        assert_eq!(next(&f, &[g1, g2, pending]), Next::Waiting);
    }

    #[test]
    fn a_forfeit_decides_the_match_for_the_player_who_came() {
        let f = MatchFormat {
            games: 3,
            ..BEST_OF_3_WINNER
        };
        let g1 = won(1, 2, Winner::North);
        // Game 2 has 2 as South; 1 does not come (North forfeits): 1 forfeits the match.
        let g2 = MatchGame {
            south: 2,
            north: 1,
            result: Some((ResultKind::ForfeitNorth, None)),
            seeds: None,
        };
        let decided = next(&f, &[g1, g2]);
        assert_eq!(decided, Next::Decided(ResultKind::ForfeitSouth, None));
        let points = Points::default();
        assert_eq!(
            game_points(&f, &[g1, g2], (ResultKind::ForfeitSouth, None), &points),
            (0.0, 2.0)
        );
    }

    #[test]
    fn formats_are_checked() {
        let even = MatchFormat {
            games: 4,
            ..BEST_OF_3_WINNER
        };
        assert_eq!(even.problems().len(), 1);
        assert!(even.problems()[0].has_key("match-games-best-match-needs"));
        let zero = MatchFormat {
            games: 0,
            ..MatchFormat::SINGLE
        };
        assert_eq!(zero.problems().len(), 1);
        assert!(BEST_OF_3_WINNER.problems().is_empty());
        let halves = Points::default();
        assert_eq!(
            BEST_OF_3_WINNER.game_points_without_play(halves.draw, halves.win),
            1.0
        );
        assert_eq!(
            BEST_OF_3_WINNER.game_points_without_play(halves.bye, halves.win),
            2.0
        );
    }
}
