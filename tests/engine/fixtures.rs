//! The 300 random abapa games, the perft table and the single-move positions of `tests/data`.

use oware_tournament::engine::{
    DeclaredEnd, EndReason, Game, Move, Pit, Position, Rules, Side, perft, replay,
};
use serde::Deserialize;

use crate::data;

#[derive(Deserialize)]
struct FixtureGame {
    moves: String,
    plies: Vec<FixturePly>,
    end: FixtureEnd,
}

#[derive(Deserialize)]
struct FixturePly {
    board: [u8; 12],
    scores: [u8; 2],
}

#[derive(Deserialize)]
struct FixtureEnd {
    reason: String,
    scores: [u8; 2],
    winner: Option<Side>,
}

fn fixture_games() -> Vec<FixtureGame> {
    let text = std::fs::read_to_string(data("abapa-random-games.jsonl")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn fixture_games_replay_ply_by_ply() {
    let games = fixture_games();
    assert_eq!(games.len(), 300);
    let mut reasons = std::collections::BTreeMap::new();
    for (i, game) in games.iter().enumerate() {
        let r = replay(
            &game.moves,
            &Rules::abapa(),
            Position::start(),
            None,
            DeclaredEnd::Natural,
        )
        .unwrap_or_else(|e| panic!("game {i}: {e}"));
        assert_eq!(r.plies.len(), game.plies.len(), "game {i}: ply count");
        for (ply, expected) in r.plies.iter().zip(&game.plies) {
            let position = ply.played.position;
            assert_eq!(
                (position.pits(), position.stores()),
                (expected.board, expected.scores),
                "game {i}, ply {}",
                ply.number
            );
            let total: u32 = position.pits().iter().map(|&n| u32::from(n)).sum::<u32>()
                + position.stores().iter().map(|&n| u32::from(n)).sum::<u32>();
            assert_eq!(total, 48, "game {i}, ply {}: seeds conserved", ply.number);
        }
        let outcome = r.outcome.unwrap_or_else(|| panic!("game {i} is over"));
        assert_eq!(
            outcome.reason.name(),
            game.end.reason,
            "game {i}: end reason"
        );
        assert_eq!(outcome.stores, game.end.scores, "game {i}: final stores");
        assert_eq!(outcome.winner, game.end.winner, "game {i}: winner");
        *reasons.entry(outcome.reason).or_insert(0) += 1;
    }
    // The fixtures exercise every natural end of abapa.
    for reason in [
        EndReason::Majority,
        EndReason::NoFeed,
        EndReason::Repetition,
    ] {
        assert!(
            reasons.get(&reason).copied().unwrap_or(0) > 0,
            "{reason} covered"
        );
    }
}

#[test]
fn fixture_games_refuse_one_more_move() {
    for game in fixture_games().iter().take(50) {
        let r = replay(
            &game.moves,
            &Rules::abapa(),
            Position::start(),
            None,
            DeclaredEnd::Natural,
        )
        .unwrap();
        let last = r.final_position();
        let side = last.to_move();
        let pit = (side.first_pit()..side.first_pit() + 6)
            .find(|&p| last.pits()[p] > 0)
            .map_or('A', |p| Pit::new(p).unwrap().letter());
        let longer = format!("{} {pit}", game.moves);
        let err = replay(
            &longer,
            &Rules::abapa(),
            Position::start(),
            None,
            DeclaredEnd::Natural,
        )
        .unwrap_err();
        assert_eq!(err.kind.name(), "after-end");
        assert_eq!(err.ply as usize, game.plies.len() + 1);
    }
}

fn perft_table() -> Vec<(u32, u64)> {
    std::fs::read_to_string(data("perft.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split_whitespace();
            (
                f.next().unwrap().parse().unwrap(),
                f.next().unwrap().parse().unwrap(),
            )
        })
        .collect()
}

/// The whole table, depth 10 (18,137,964 nodes) included: with the test profile's optimisation
/// it takes well under a second.
#[test]
fn perft_from_the_start() {
    let table = perft_table();
    assert_eq!(table.len(), 10);
    for (depth, nodes) in table {
        assert_eq!(
            perft(&Rules::abapa(), &Position::start(), depth),
            nodes,
            "depth {depth}"
        );
    }
}

fn letter_move(position: &Position, letter: char) -> Move {
    let index = if letter.is_ascii_uppercase() {
        letter as usize - 'A' as usize
    } else {
        letter as usize - 'a' as usize + 6
    };
    let _ = position;
    Move::new(Pit::new(index).unwrap(), true)
}

#[test]
fn single_move_positions() {
    let text = std::fs::read_to_string(data("positions.txt")).unwrap();
    let rules = Rules::abapa();
    let (mut moves_checked, mut sets_checked) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let position: Position = fields[0].parse().unwrap();
        match fields.len() {
            4 => {
                let letter = fields[1].chars().next().unwrap();
                let played = rules
                    .play(&position, letter_move(&position, letter))
                    .unwrap();
                assert_eq!(played.position.to_string(), fields[2], "{line}");
                // The note says when the move ends the game at 25.
                assert_eq!(
                    played.end.map(|o| o.reason) == Some(EndReason::Majority),
                    fields[3].contains("game ends"),
                    "{line}"
                );
                moves_checked += 1;
            }
            3 => {
                let mut legal: Vec<char> = rules
                    .legal_moves(&position)
                    .iter()
                    .map(|m| m.pit.letter())
                    .collect();
                legal.sort_unstable();
                let mut expected: Vec<char> = fields[1]
                    .split_whitespace()
                    .filter(|t| *t != "-")
                    .map(|t| t.chars().next().unwrap())
                    .collect();
                expected.sort_unstable();
                assert_eq!(legal, expected, "{line}");
                let game = Game::new(rules.clone(), position);
                assert_eq!(game.outcome().is_some(), expected.is_empty(), "{line}");
                sets_checked += 1;
            }
            _ => panic!("unreadable line {line}"),
        }
    }
    assert_eq!((moves_checked, sets_checked), (6, 3));
    // The last case: South takes the last seed and it is a 24-24 draw.
    let p: Position = "1-0-0-0-0-0-0-0-0-0-0-0-23-24-S".parse().unwrap();
    let end = rules.outcome(&p).unwrap();
    assert_eq!(
        (end.reason, end.stores, end.winner),
        (EndReason::NoFeed, [24, 24], None)
    );
}
