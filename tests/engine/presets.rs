//! Games for every preset that end by each of its end rules, built from the source documents'
//! text, and the cases where the presets differ. Expected positions are worked out by hand from
//! the rules, not taken from the engine.

use oware_tournament::engine::ogn::OgnGame;
use oware_tournament::engine::{
    DeclaredEnd, EndReason, ErrorKind, Notation, Position, Replay, ReplayError, Rules, Side, replay,
};

fn play(rules: &Rules, start: &str, moves: &str) -> Result<Replay, ReplayError> {
    replay(
        moves,
        rules,
        start.parse().unwrap(),
        None,
        DeclaredEnd::Natural,
    )
}

fn end(rules: &Rules, start: &str, moves: &str) -> (EndReason, [u8; 2], Option<Side>) {
    let r = play(rules, start, moves).unwrap_or_else(|e| panic!("{e}"));
    let o = r
        .outcome
        .unwrap_or_else(|| panic!("{moves} from {start} ends the game"));
    (o.reason, o.stores, o.winner)
}

fn final_position(rules: &Rules, start: &str, moves: &str) -> String {
    play(rules, start, moves)
        .unwrap_or_else(|e| panic!("{e}"))
        .final_position()
        .to_string()
}

fn error(rules: &Rules, start: &str, moves: &str) -> (u32, ErrorKind) {
    let e = play(rules, start, moves).unwrap_err();
    (e.ply, e.kind)
}

fn agreement(rules: &Rules, start: &str) -> Result<(EndReason, [u8; 2], Option<Side>), ErrorKind> {
    replay(
        "",
        rules,
        start.parse().unwrap(),
        None,
        DeclaredEnd::Agreement,
    )
    .map(|r| {
        let o = r.outcome.unwrap();
        (o.reason, o.stores, o.winner)
    })
    .map_err(|e| e.kind)
}

// --- abapa (seed 000) ---------------------------------------------------------------------------

/// "If the previous to last seed also brought an opponent's pit to two or three, these are
/// captured as well": E sows F, a, b, c; c and b reach 2, a reaches 1 and stops the chain.
#[test]
fn abapa_capture_chain() {
    let start = "3-3-3-3-4-3-0-1-1-5-5-5-6-6-S";
    assert_eq!(
        final_position(&Rules::abapa(), start, "E"),
        "3-3-3-3-0-4-1-0-0-5-5-5-10-6-N"
    );
    // The claim on the sheet is checked.
    assert!(play(&Rules::abapa(), start, "E+4").is_ok());
    assert!(play(&Rules::abapa(), start, "Ex").is_ok());
    assert_eq!(
        error(&Rules::abapa(), start, "E+2"),
        (1, ErrorKind::WrongClaim)
    );
}

/// "If a move would capture all an opponent's seeds, the seeds are not captured."
#[test]
fn abapa_grand_slam_captures_nothing() {
    let start = "0-0-0-0-0-17-0-1-0-1-1-1-13-14-S";
    assert_eq!(
        final_position(&Rules::abapa(), start, "F"),
        "1-1-1-1-1-0-2-3-2-3-3-3-13-14-N"
    );
    assert_eq!(
        error(&Rules::abapa(), start, "Fx"),
        (1, ErrorKind::WrongClaim)
    );
}

/// "If a player captures 25 or more, the board game ends."
#[test]
fn abapa_majority() {
    let start = "0-0-0-0-0-17-5-1-0-1-1-1-11-11-S";
    assert_eq!(
        end(&Rules::abapa(), start, "F"),
        (EndReason::Majority, [25, 11], Some(Side::South))
    );
    assert_eq!(
        error(&Rules::abapa(), start, "F a"),
        (2, ErrorKind::AfterEnd)
    );
}

/// "If an opponent's pits are all empty, the current player must make a move that gives the
/// opponent seeds."
#[test]
fn abapa_must_feed() {
    let start = "1-0-0-0-0-1-0-0-0-0-0-0-23-23-S";
    assert_eq!(error(&Rules::abapa(), start, "A"), (1, ErrorKind::MustFeed));
    assert_eq!(
        final_position(&Rules::abapa(), start, "F"),
        "1-0-0-0-0-0-1-0-0-0-0-0-23-23-N"
    );
    // Brettspielnetz has the same duty ("Pflichtzüge").
    assert_eq!(
        error(&Rules::brettspielnetz(), start, "A"),
        (1, ErrorKind::MustFeed)
    );
}

/// North empties its own row; South cannot feed: "If no such move is possible, the current
/// player captures all seeds in their own territory, ending the board game."
const STARVED: &str = "0-1-0-0-0-0-0-0-0-0-0-1-22-24-N";

#[test]
fn abapa_no_feeding_move() {
    assert_eq!(
        end(&Rules::abapa(), STARVED, "f"),
        (EndReason::NoFeed, [24, 24], None)
    );
    assert_eq!(
        error(&Rules::abapa(), STARVED, "f B"),
        (2, ErrorKind::AfterEnd)
    );
}

/// The shortest fixture game that ends by repetition, under each preset that ends on it.
fn repetition_game() -> String {
    let text = std::fs::read_to_string(crate::data("abapa-random-games.jsonl")).unwrap();
    text.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|g| g["end"]["reason"] == "repetition")
        .map(|g| g["moves"].as_str().unwrap().to_string())
        .min_by_key(String::len)
        .unwrap()
}

#[test]
fn repetition_ends_abapa_brettspielnetz_and_merkel_but_not_tournament() {
    let moves = repetition_game();
    let start = Position::start().to_string();
    let abapa = play(&Rules::abapa(), &start, &moves).unwrap();
    let outcome = abapa.outcome.unwrap();
    assert_eq!(outcome.reason, EndReason::Repetition);
    // Each player captures the seeds on their own row.
    let last = abapa.final_position();
    assert_eq!(
        outcome.stores,
        [
            last.store(Side::South) + last.row_total(Side::South),
            last.store(Side::North) + last.row_total(Side::North)
        ]
    );
    for rules in [Rules::brettspielnetz(), Rules::merkel()] {
        assert_eq!(play(&rules, &start, &moves).unwrap().outcome, Some(outcome));
    }
    // The tournament rules need every capture marked; with the marks the game is the same, and a
    // repetition does not end it.
    let marked = OgnGame::from_replay(&abapa, &[], DeclaredEnd::Natural).movetext;
    let tournament = play(&Rules::tournament(), &start, &marked).unwrap();
    assert_eq!(tournament.final_position(), last);
    assert_eq!(tournament.outcome, None);
    // The players may then agree to stop.
    let agreed = replay(
        &marked,
        &Rules::tournament(),
        Position::start(),
        None,
        DeclaredEnd::Agreement,
    )
    .unwrap();
    assert_eq!(agreed.outcome.unwrap().reason, EndReason::Agreement);
}

#[test]
fn abapa_and_brettspielnetz_have_no_agreement() {
    let start = "4-0-0-0-0-0-0-0-1-0-0-0-21-22-S";
    assert_eq!(
        agreement(&Rules::abapa(), start),
        Err(ErrorKind::NoAgreement)
    );
    assert_eq!(
        agreement(&Rules::brettspielnetz(), start),
        Err(ErrorKind::NoAgreement)
    );
}

// --- brettspielnetz (seed 001) ------------------------------------------------------------------

/// "Das Spiel endet, wenn ein Spieler an die Reihe kommt und keine Bohnen mehr zu verteilen hat.
/// Der Gegenspieler erhält noch alle Bohnen aus seinen Mulden": South cannot feed but moves on;
/// North, to move with nothing, ends the game. Same score as abapa, one more ply.
#[test]
fn brettspielnetz_starved_player_ends_it() {
    let rules = Rules::brettspielnetz();
    let after_f = play(&rules, STARVED, "f").unwrap();
    assert_eq!(after_f.outcome, None);
    let legal: Vec<char> = rules
        .legal_moves(&after_f.final_position())
        .iter()
        .map(|m| m.pit.letter())
        .collect();
    assert_eq!(legal, ['A', 'B']);
    assert_eq!(
        end(&rules, STARVED, "f B"),
        (EndReason::NoFeed, [24, 24], None)
    );
    assert_eq!(
        end(&rules, STARVED, "f A"),
        (EndReason::NoFeed, [24, 24], None)
    );
}

/// "Er leert seine Mulde links oben, erhöht unten in der ersten bis vierten Mulde um jeweils eine
/// Bohne und darf die dritte und vierte Mulde leeren, da dort dann jeweils zwei Bohnen waren."
#[test]
fn brettspielnetz_capture_example() {
    // North's f (top left as South sees it) holds 4: A, B, C, D get one each; C and D had one.
    let start = "3-5-1-1-4-4-4-4-4-4-4-4-3-3-N";
    assert_eq!(
        final_position(&Rules::brettspielnetz(), start, "f"),
        "4-6-0-0-4-4-4-4-4-4-4-0-3-7-S"
    );
}

// --- tournament (seed 003) ----------------------------------------------------------------------

/// "Capturing is not compulsory": only a marked move captures.
#[test]
fn tournament_optional_capture() {
    let rules = Rules::tournament();
    let start = "0-0-0-0-0-17-5-1-0-1-1-1-11-11-S";
    assert_eq!(
        final_position(&rules, start, "F"),
        "1-1-1-1-1-0-7-3-2-3-3-3-11-11-N"
    );
    let taken = play(&rules, start, "Fx").unwrap();
    assert_eq!(
        taken.final_position().to_string(),
        "1-1-1-1-1-0-7-0-0-0-0-0-25-11-N"
    );
    // No automatic end at 25.
    assert_eq!(taken.outcome, None);
    assert!(play(&rules, start, "F+14").is_ok());
    assert_eq!(error(&rules, start, "F+13"), (1, ErrorKind::WrongClaim));
    // Both moves are in the legal list, the capture taken and declined.
    let moves = rules.legal_moves(&start.parse().unwrap());
    assert_eq!(moves.len(), 2);
    assert!(moves.iter().any(|m| m.capture) && moves.iter().any(|m| !m.capture));
}

/// "A player must sow, if possible, to allow his opponent to continue to play. If he can, but
/// fails to do so, he forfeits all seeds remaining in play."
#[test]
fn tournament_must_feed_forfeit() {
    let start = "1-0-0-0-0-1-0-0-0-0-0-0-23-23-S";
    let r = play(&Rules::tournament(), start, "A").unwrap();
    assert!(r.plies[0].played.forfeit);
    let o = r.outcome.unwrap();
    assert_eq!(
        (o.reason, o.stores, o.winner),
        (EndReason::Forfeit, [23, 25], Some(Side::North))
    );
}

/// "If it is not possible for the player to sow into that opponent's side, then the game ends
/// with the player capturing the seeds remaining on his side."
#[test]
fn tournament_no_feeding_move() {
    assert_eq!(
        end(&Rules::tournament(), STARVED, "f"),
        (EndReason::NoFeed, [24, 24], None)
    );
}

/// "One player has captured 25 or more seeds and both players agree to stop. Each player takes
/// any remaining seeds in his pits."; "An impasse ... will split the seeds left evenly, with the
/// player having the most seeds on his side keeping the odd one."
#[test]
fn tournament_agreement() {
    let rules = Rules::tournament();
    assert_eq!(
        agreement(&rules, "4-0-0-0-0-0-0-0-1-0-0-0-25-18-S"),
        Ok((EndReason::Agreement, [29, 19], Some(Side::South)))
    );
    // Impasse: 5 seeds left, 2 each and the odd one to South (4 on its row against 1).
    assert_eq!(
        agreement(&rules, "4-0-0-0-0-0-0-0-1-0-0-0-21-22-S"),
        Ok((EndReason::Agreement, [24, 24], None))
    );
    assert_eq!(
        agreement(&rules, "0-1-0-0-0-0-0-3-0-0-1-0-21-22-N"),
        Ok((EndReason::Agreement, [23, 25], Some(Side::North)))
    );
}

// --- merkel (seed 004) --------------------------------------------------------------------------

/// "Taking and scoring all remaining seeds of the opponent's row completely at once is strictly
/// forbidden and the player will lose immediately. Even if the player gets the majority."
#[test]
fn merkel_grand_slam_loses() {
    assert_eq!(
        end(&Rules::merkel(), "0-0-0-0-0-17-0-1-0-1-1-1-13-14-S", "F"),
        (EndReason::GrandSlam, [13, 14], Some(Side::North))
    );
    // Even from 24-7 ahead.
    assert_eq!(
        end(&Rules::merkel(), "0-0-0-0-0-17-0-1-0-1-1-1-24-3-S", "F").2,
        Some(Side::North)
    );
}

/// "In case this is not possible the game ends, the remaining seeds on board will not be scored."
#[test]
fn merkel_no_feed_unscored() {
    assert_eq!(
        end(&Rules::merkel(), STARVED, "f"),
        (EndReason::NoFeed, [22, 24], Some(Side::North))
    );
}

/// "By mutual agreement players can end the game, too, at any time. In that case each player
/// scores the remaining seeds on the own row."
#[test]
fn merkel_agreement_own_rows() {
    assert_eq!(
        agreement(&Rules::merkel(), "4-0-0-0-0-0-0-0-1-0-0-0-21-22-S"),
        Ok((EndReason::Agreement, [25, 23], Some(Side::South)))
    );
}

// --- anan-anan (seed 002) -----------------------------------------------------------------------

/// "When the seeds collected for distribution run out, the player picks up the seeds in the last
/// pit into which the last seed was dropped and continues distributing. This continues until the
/// last seed is put into an empty pit."
#[test]
fn anan_anan_relay_sowing() {
    let r = play(&Rules::anan_anan(), "1-2-0-0-0-0-2-2-2-2-2-2-16-17-S", "A").unwrap();
    assert_eq!(
        r.final_position().to_string(),
        "0-0-1-1-1-0-2-2-2-2-2-2-16-17-N"
    );
    assert_eq!(r.plies[0].played.sown, 4);
    // The origin is not skipped and abapa does not relay.
    assert_eq!(
        final_position(&Rules::abapa(), "1-2-0-0-0-0-2-2-2-2-2-2-16-17-S", "A"),
        "0-3-0-0-0-0-2-2-2-2-2-2-16-17-N"
    );
}

/// "The only exception to this rule occurs when the last seed is dropped into a pit which
/// contains three seeds to make it four. In such a case the player who's turn it is captures."
#[test]
fn anan_anan_last_seed_four_is_the_movers() {
    let r = play(
        &Rules::anan_anan(),
        "2-0-3-0-0-0-2-2-2-2-2-2-15-16-S",
        "A+4",
    )
    .unwrap();
    assert_eq!(
        r.final_position().to_string(),
        "0-1-0-0-0-0-2-2-2-2-2-2-19-16-N"
    );
}

/// "Players can capture seeds from their side of the board when the number of seeds in any given
/// pit increases to four during a distribution. This rule applies no matter who's turn it is."
#[test]
fn anan_anan_owner_takes_fours() {
    let r = play(&Rules::anan_anan(), "0-0-0-0-1-3-3-2-0-2-2-2-16-17-S", "F").unwrap();
    assert_eq!(
        r.final_position().to_string(),
        "0-0-0-0-1-0-0-3-1-2-2-2-16-21-N"
    );
    assert_eq!(r.plies[0].played.captured, [0, 4]);
}

/// "When there are eight seeds left on the board, the last player to capture seeds of the board
/// takes all eight seeds and the game ends."
#[test]
fn anan_anan_last_seeds() {
    assert_eq!(
        end(&Rules::anan_anan(), "2-0-3-0-0-0-2-2-0-0-0-0-20-19-S", "A"),
        (EndReason::LastSeeds, [29, 19], Some(Side::South))
    );
    // The last capturer may be the player who did not move: North takes a's four during South's
    // E, leaving six seeds, which North then takes.
    assert_eq!(
        end(&Rules::anan_anan(), "1-0-0-0-5-1-3-0-0-0-0-0-19-19-S", "E"),
        (EndReason::LastSeeds, [19, 29], Some(Side::North))
    );
}

/// Must feed, fitted to captures by either player: F would take North's last seeds (a's four), so
/// it is illegal while A or E leave North something.
#[test]
fn anan_anan_must_leave_the_opponent_seeds() {
    let rules = Rules::anan_anan();
    let start = "1-0-0-0-5-1-3-0-0-0-0-0-19-19-S";
    let legal: Vec<char> = rules
        .legal_moves(&start.parse().unwrap())
        .iter()
        .map(|m| m.pit.letter())
        .collect();
    assert_eq!(legal, ['A', 'E']);
    assert_eq!(error(&rules, start, "F"), (1, ErrorKind::MustFeed));
    assert_eq!(agreement(&rules, start), Err(ErrorKind::NoAgreement));
}

/// A move that sows without end is rejected (here with a small limit, to reach it quickly).
#[test]
fn anan_anan_endless_moves_are_rejected() {
    let rules = Rules {
        max_sown: 3,
        ..Rules::anan_anan()
    };
    assert_eq!(
        error(&rules, "1-2-0-0-0-0-2-2-2-2-2-2-16-17-S", "A"),
        (1, ErrorKind::Endless)
    );
}

// --- notations ----------------------------------------------------------------------------------

/// The three notations of a score sheet give the same game; explicit notation overrides the guess.
#[test]
fn notations_agree_on_a_fixture_game() {
    let moves = repetition_game();
    let rules = Rules::abapa();
    let letters = play(&rules, &Position::start().to_string(), &moves).unwrap();
    let relative: Vec<String> = letters
        .plies
        .iter()
        .map(|p| p.played.mv.pit.relative().to_string())
        .collect();
    let absolute: Vec<String> = letters
        .plies
        .iter()
        .map(|p| p.played.mv.pit.absolute().to_string())
        .collect();
    let by_relative = play(&rules, &Position::start().to_string(), &relative.join(" ")).unwrap();
    let by_absolute = play(&rules, &Position::start().to_string(), &absolute.join(", ")).unwrap();
    assert_eq!(by_relative.notation, Notation::Relative);
    assert_eq!(by_absolute.notation, Notation::Absolute);
    assert_eq!(by_relative.outcome, letters.outcome);
    assert_eq!(by_absolute.outcome, letters.outcome);
    // A short list of digits 1-6 is relative unless the sheet says otherwise.
    let forced = replay(
        "3 6",
        &rules,
        Position::start(),
        Some(Notation::Absolute),
        DeclaredEnd::Natural,
    )
    .unwrap_err();
    assert_eq!((forced.ply, forced.kind), (2, ErrorKind::WrongSide));
}
