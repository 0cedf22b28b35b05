//! Properties: seeds conserved under every preset, parse/print round trips, no panics on any
//! input.

use oware_tournament::engine::ogn::{self, OgnGame};
use oware_tournament::engine::{
    DeclaredEnd, EndReason, Game, Notation, Position, Preset, Rules, Side, replay, tokenize,
};
use proptest::prelude::*;

/// Any position: 48 seeds spread over 12 pits and 2 stores, either side to move.
fn any_position() -> impl Strategy<Value = Position> {
    (prop::collection::vec(0usize..14, 48), any::<bool>()).prop_map(|(buckets, north)| {
        let mut counts = [0u8; 14];
        for b in buckets {
            counts[b] += 1;
        }
        let mut pits = [0u8; 12];
        pits.copy_from_slice(&counts[..12]);
        let side = if north { Side::North } else { Side::South };
        Position::new(pits, [counts[12], counts[13]], side).unwrap()
    })
}

fn any_preset() -> impl Strategy<Value = Preset> {
    prop::sample::select(Preset::ALL.to_vec())
}

fn seeds(position: &Position) -> u32 {
    position.pits().iter().map(|&n| u32::from(n)).sum::<u32>()
        + position.stores().iter().map(|&n| u32::from(n)).sum::<u32>()
}

/// Plays random legal moves (picked by `choices`) until the game ends or the choices run out.
fn random_game(rules: &Rules, start: Position, choices: &[u8]) -> Game {
    let mut game = Game::new(rules.clone(), start);
    for &c in choices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(c) % moves.len()];
        game.play(mv).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn seeds_are_conserved_under_every_preset(
        preset in any_preset(),
        start in prop_oneof![Just(Position::start()), any_position()],
        choices in prop::collection::vec(any::<u8>(), 0..300),
    ) {
        let rules = preset.rules();
        let mut game = Game::new(rules.clone(), start);
        for &c in &choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                // No moves exactly when the game is over.
                prop_assert!(game.outcome().is_some());
                break;
            }
            let mv = moves[usize::from(c) % moves.len()];
            let played = game.play(mv).unwrap();
            prop_assert_eq!(seeds(&played.position), 48);
        }
        if let Some(outcome) = game.outcome() {
            let stored = u32::from(outcome.stores[0]) + u32::from(outcome.stores[1]);
            let board = u32::from(game.position().board_total());
            match outcome.reason {
                // The seeds left on the board are collected by someone.
                EndReason::Repetition | EndReason::LastSeeds | EndReason::Forfeit => {
                    prop_assert_eq!(stored, 48)
                }
                // Or they stay uncounted.
                _ => prop_assert!(stored + board >= 48 && stored <= 48),
            }
            let expected_winner = match outcome.stores[0].cmp(&outcome.stores[1]) {
                std::cmp::Ordering::Greater => Some(Side::South),
                std::cmp::Ordering::Less => Some(Side::North),
                std::cmp::Ordering::Equal => None,
            };
            if outcome.reason != EndReason::GrandSlam {
                prop_assert_eq!(outcome.winner, expected_winner);
            }
        }
    }

    #[test]
    fn every_legal_move_plays_and_every_other_pit_is_refused(
        preset in any_preset(),
        start in any_position(),
    ) {
        let rules = preset.rules();
        let legal = rules.legal_moves(&start);
        for p in 0..12 {
            let pit = oware_tournament::engine::Pit::new(p).unwrap();
            for capture in [false, true] {
                let mv = oware_tournament::engine::Move::new(pit, capture);
                let result = rules.play(&start, mv);
                let listed = legal.iter().any(|m| m.pit == pit);
                if listed {
                    prop_assert!(result.is_ok(), "{} in {}: {:?}", pit, start, result);
                } else {
                    prop_assert!(result.is_err(), "{} in {} is not legal", pit, start);
                }
            }
        }
    }

    /// One move captures at most what the rules' bound says (`Rules::most_one_move_captures`,
    /// which the check of a result given without moves relies on): under the rules of twos
    /// and threes, five pits of three.
    #[test]
    fn no_move_captures_more_than_the_rules_bound(
        preset in any_preset(),
        start in any_position(),
    ) {
        let rules = preset.rules();
        if let Some(most) = rules.most_one_move_captures() {
            for mv in rules.legal_moves(&start).iter() {
                for capture in [false, true] {
                    let mv = oware_tournament::engine::Move::new(mv.pit, capture);
                    if let Ok(played) = rules.play(&start, mv) {
                        let taken = played.captured[0].max(played.captured[1]);
                        prop_assert!(taken <= most, "{} in {} takes {}", mv.pit, start, taken);
                    }
                }
            }
        }
    }

    #[test]
    fn positions_round_trip(position in any_position()) {
        let text = position.to_string();
        prop_assert_eq!(text.parse::<Position>().unwrap(), position);
    }

    #[test]
    fn ogn_round_trip(
        preset in any_preset(),
        choices in prop::collection::vec(any::<u8>(), 0..200),
        event in "[ -~]{0,40}",
        south in "\\PC{0,20}",
        resign in any::<bool>(),
    ) {
        let rules = preset.rules();
        let game = random_game(&rules, Position::start(), &choices);
        // Write the played game as letters with capture marks, replay it, write it as OGN.
        let mut text = String::new();
        let mut replayed = Game::new(rules.clone(), Position::start());
        for &c in &choices {
            let legal = replayed.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[usize::from(c) % legal.len()];
            let played = replayed.play(mv).unwrap();
            text.push(mv.pit.letter());
            if played.captured_by_mover() > 0 {
                text.push_str(&format!("+{}", played.captured_by_mover()));
            }
            text.push(' ');
        }
        prop_assert_eq!(replayed.position(), game.position());
        let end = if resign && game.outcome().is_none() {
            DeclaredEnd::Resignation(Side::North)
        } else {
            DeclaredEnd::Natural
        };
        let first = replay(&text, &rules, Position::start(), Some(Notation::Letters), end).unwrap();
        let tags = vec![("Event".to_string(), event), ("South".to_string(), south)];
        let record = OgnGame::from_replay(&first, &tags, end);
        let written = ogn::write_all(std::slice::from_ref(&record));
        let read = ogn::parse(&written).unwrap();
        prop_assert_eq!(read.len(), 1);
        prop_assert_eq!(&read[0].tags, &record.tags);
        prop_assert_eq!(&read[0].movetext, &record.movetext);
        let again = replay(
            &read[0].movetext,
            &read[0].rules(&Rules::abapa()).unwrap(),
            read[0].start().unwrap(),
            None,
            read[0].end().unwrap(),
        )
        .unwrap();
        prop_assert_eq!(&again.plies, &first.plies);
        prop_assert_eq!(again.outcome, first.outcome);
        prop_assert!(again.verify(&read[0].declared().unwrap()).is_ok());
    }

    #[test]
    fn no_text_makes_the_parsers_panic(text in "\\PC{0,300}") {
        let _ = tokenize(&text);
        let _ = text.parse::<Position>();
        let _ = ogn::parse(&text);
        for preset in Preset::ALL {
            let _ = replay(&text, &preset.rules(), Position::start(), None, DeclaredEnd::Natural);
        }
    }

    #[test]
    fn no_move_list_makes_the_replay_panic(
        text in "([A-Fa-f1-9]|1[0-2]|[0-9]+\\.+|x|\\+[0-9]{1,3}|\\{[a-z ]*\\}?|[ ,\n]|\\*|25-2[0-3]){0,150}",
        preset in any_preset(),
        start in any_position(),
        end in prop::sample::select(vec!["natural", "agreement", "resignation:south", "time:north"]),
    ) {
        let end: DeclaredEnd = end.parse().unwrap();
        for notation in [None, Some(Notation::Letters), Some(Notation::Relative), Some(Notation::Absolute)] {
            if let Err(e) = replay(&text, &preset.rules(), start, notation, end) {
                prop_assert!(!e.message().is_empty());
            }
        }
        let record = format!("[Variant \"{}\"]\n[FEN \"{}\"]\n[Result \"24-24\"]\n\n{}", preset.name(), start, text);
        for game in ogn::parse(&record).unwrap() {
            let _ = game.declared();
        }
    }
}

/// The bound is reached: five of North's pits made three by one sowing are taken, 15 seeds; the
/// sixth made three too would be a grand slam, which takes nothing under abapa.
#[test]
fn one_move_can_take_fifteen_seeds_and_no_more() {
    let rules = Rules::abapa();
    assert_eq!(rules.most_one_move_captures(), Some(15));
    let f = oware_tournament::engine::Pit::new(5).unwrap();
    let five: Position = "0-0-0-0-0-6-0-2-2-2-2-2-16-16-S".parse().unwrap();
    let played = rules
        .play(&five, oware_tournament::engine::Move::new(f, false))
        .unwrap();
    assert_eq!(played.captured, [15, 0]);
    let six: Position = "0-0-0-0-0-6-2-2-2-2-2-2-15-15-S".parse().unwrap();
    let played = rules
        .play(&six, oware_tournament::engine::Move::new(f, false))
        .unwrap();
    assert!(played.grand_slam);
    assert_eq!(played.captured, [0, 0]);
    assert_eq!(Rules::anan_anan().most_one_move_captures(), None);
}
