//! The checks of a whole file, case by case.

use chrono::NaiveDateTime;

use super::super::{
    AuditPart, ByePart, CheckInPart, FileRecords, NoticePart, PlayerPart, RollCallPart, RoundPart,
    SheetPart, TournamentPart,
};
use super::*;
use crate::tournament::Winner;
use crate::tournament::settings::SettingsInput;

fn at() -> NaiveDateTime {
    chrono::DateTime::from_timestamp(1_800_000_000, 0)
        .unwrap()
        .naive_utc()
}

fn player(id: i64, name: &str) -> PlayerPart {
    PlayerPart {
        id,
        name: name.to_string(),
        club: String::new(),
        country: String::new(),
        rating: None,
        birth_year: None,
        gender: String::new(),
        title: String::new(),
        federation: String::new(),
        pairing_number: None,
        withdrawn: false,
        created_at: at(),
        register_id: None,
    }
}

/// Ama (South) resigns after four moves to Kofi; both sent the sheet.
pub(in crate::tournament::archive) fn file() -> TournamentFile {
    let settings: SettingsInput = serde_json::from_value(serde_json::json!({
        "name": "Club night", "rules": "abapa", "rounds": 3
    }))
    .unwrap();
    let game = GamePart {
        id: 30,
        round: 1,
        board: Some(1),
        match_game: 1,
        south: 10,
        north: Some(11),
        status: GameStatus::Confirmed,
        kind: Some(ResultKind::Played),
        winner: Some(Winner::North),
        seeds: Some([0, 0]),
        end: Some(EndKind::Resignation),
        moves: Some("1. C f 2. B a".to_string()),
        reason: None,
        updated_at: at(),
    };
    let sheet = |id, player| SheetPart {
        id,
        game: 30,
        player,
        winner: Winner::North,
        seeds: [0, 0],
        end: EndKind::Resignation,
        moves: "1. C f 2. B a".to_string(),
        created_at: at(),
    };
    let tournament = TournamentPart {
        settings,
        prizes: None,
        teams: Default::default(),
        created_at: at(),
        uid: Some("0123456789abcdef0123456789abcdef".to_string()),
    };
    let records = FileRecords {
        players: vec![player(10, "Ama Mensah"), player(11, "Kofi Boateng")],
        rounds: vec![RoundPart {
            id: 20,
            number: 1,
            created_at: at(),
            published_at: Some(at()),
            corrected_at: None,
            planned_start: None,
            started_at: None,
        }],
        games: vec![game],
        sheets: vec![sheet(40, 11), sheet(41, 10)],
    };
    TournamentFile::of_records(tournament, at(), records)
}

/// The same file with something in every part: a bye asked, a pair kept apart, a roll call
/// answered, the notice, the clock, an audit entry.
pub(crate) fn full_file() -> TournamentFile {
    let mut f = file();
    f.byes.push(ByePart {
        player: 10,
        round: 2,
        kind: crate::tournament::ByeKind::Half,
        created_at: at(),
    });
    f.prohibited_pairs.push([10, 11]);
    f.roll_calls.push(RollCallPart {
        round: 2,
        opened_at: at(),
        closed_at: None,
    });
    f.check_ins.push(CheckInPart {
        round: 2,
        player: 11,
        present: true,
        by_player: true,
        at: at(),
    });
    f.notice = Some(NoticePart {
        text: "Round 2 starts at 14:00".to_string(),
        written_at: at(),
    });
    f.schedule = Some(crate::tournament::schedule::Schedule::default());
    f.audit.push(AuditPart {
        at: at(),
        actor: "Controller".to_string(),
        action: "round.publish".to_string(),
        entity: "round".to_string(),
        entity_id: Some(20),
        before: None,
        after: None,
        sender: None,
    });
    f
}

#[test]
fn a_sound_file_is_replayed_whole() {
    let checked = check(&file(), 10).unwrap();
    assert_eq!(checked.players[1].name, "Kofi Boateng");
    assert!(checked.games[0].verified);
    assert_eq!(checked.games[0].plies, 4);
    assert_eq!(checked.sheets.len(), 2);
    assert!(checked.sheets.iter().all(|s| s.verified && s.plies == 4));
}

#[test]
fn a_move_changed_is_refused_naming_the_game_and_the_ply() {
    let mut f = file();
    // Ply 3 is North's pit where South moves.
    f.sheets[1].moves = "1. C f 2. a a".to_string();
    let e = check(&f, 10).unwrap_err();
    assert!(e.key.starts_with("file-moves-"), "{e}");
    let Some(Word::Said(whose)) = e.arg("whose") else {
        panic!("{e}")
    };
    assert_eq!(whose.key, "file-sheet-of");
    assert_eq!(whose.arg("sender"), Some(&Word::from("Ama Mensah")));
    let Some(Word::Said(game)) = whose.arg("game") else {
        panic!("{e}")
    };
    assert_eq!(
        **game,
        crate::said!(
            "file-game-of",
            round = 1,
            board = 1,
            game = 1,
            south = "Ama Mensah",
            north = "Kofi Boateng"
        )
    );
    assert_eq!(e.arg("at"), Some(&Word::Move(3)));
    let mut f = file();
    f.games[0].moves = Some("1. C f 2. a a".to_string());
    let e = check(&f, 10).unwrap_err();
    assert!(
        e.key.starts_with("file-moves-") && e.has_key("file-result-of"),
        "{e}"
    );
    assert_eq!(e.arg("at"), Some(&Word::Move(3)));
}

#[test]
fn a_result_that_does_not_follow_from_the_moves_is_refused() {
    let mut f = file();
    f.games[0].seeds = Some([0, 2]);
    let e = check(&f, 10).unwrap_err();
    assert!(
        e.has_key("file-result-of") && e.has_key("file-game-of"),
        "{e}"
    );
    assert!(e.to_string().contains("Ama Mensah"), "{e}");
    let mut f = file();
    f.sheets[0].seeds = [2, 0];
    let e = check(&f, 10).unwrap_err();
    assert!(e.has_key("file-sheet-of"), "{e}");
    assert!(e.to_string().contains("sender: \"Kofi Boateng\""), "{e}");
    assert_eq!(e.arg("at"), Some(&Word::Move(4)));
}

#[test]
fn a_confirmed_result_is_its_sheet() {
    // Moves left out and the result turned round: the confirmed sheets say North won.
    let mut f = file();
    f.games[0].moves = Some(String::new());
    f.games[0].winner = Some(Winner::South);
    f.games[0].end = Some(EndKind::Time);
    let e = check(&f, 10).unwrap_err();
    assert_eq!(e.key, "confirmed-result-not-its-sheet", "{e}");
    assert_eq!(e.arg("sender"), Some(&Word::from("Ama Mensah")));
    // The same result without its moves is not the sheet's either.
    let mut f = file();
    f.games[0].moves = None;
    assert_eq!(
        check(&f, 10).unwrap_err().key,
        "confirmed-result-not-its-sheet"
    );
    // A controller's ruling (final) may differ from the sheets, checked as a ruling is.
    let mut f = file();
    f.games[0].status = GameStatus::Final;
    f.games[0].moves = None;
    f.games[0].seeds = Some([20, 28]);
    f.games[0].end = Some(EndKind::Natural);
    assert!(check(&f, 10).is_ok());
    f.games[0].seeds = Some([20, 24]);
    let e = check(&f, 10).unwrap_err();
    assert!(e.has_key("natural-end-seeds-majority"), "{e}");
}

#[test]
fn a_sheet_without_moves_is_refused_where_the_tournament_needs_them() {
    let mut f = file();
    assert!(f.tournament.settings.switches.require_moves);
    for s in &mut f.sheets {
        s.moves = String::new();
    }
    f.games[0].moves = None;
    let e = check(&f, 10).unwrap_err();
    assert!(e.has_key("sheet-moves-required"), "{e}");
    f.tournament.settings.switches.require_moves = false;
    assert!(check(&f, 10).is_ok());
}

#[test]
fn references_and_versions_are_checked() {
    let mut f = file();
    f.version = 2;
    assert!(
        check(&f, 10)
            .unwrap_err()
            .has_key("file-version-service-reads-version")
    );
    let mut f = file();
    f.format = "something else".to_string();
    assert!(
        check(&f, 10)
            .unwrap_err()
            .has_key("not-tournament-file-service-format")
    );
    let mut f = file();
    f.sheets[0].game = 99;
    let e = check(&f, 10).unwrap_err();
    assert!(e.has_key("sheet-file-has-no-game") && e.arg("game") == Some(&Word::from(99)));
    let mut f = file();
    f.sheets[0].player = f.players[0].id;
    f.players[0].id = 12;
    assert!(check(&f, 10).unwrap_err().has_key("file-has-no-player"));
    let mut f = file();
    f.games[0].round = 2;
    let e = check(&f, 10).unwrap_err();
    assert!(e.has_key("file-has-no-round") && e.arg("round") == Some(&Word::from(2)));
    let mut f = file();
    f.players[1].id = 10;
    let e = check(&f, 10).unwrap_err();
    assert!(e.has_key("two-players-have-id") && e.arg("id") == Some(&Word::from(10)));
    let mut f = file();
    f.games[0].kind = Some(ResultKind::ForfeitNorth);
    assert!(
        check(&f, 10)
            .unwrap_err()
            .has_key("forfeit-bye-has-no-winner")
    );
    let mut f = file();
    f.sheets.clear();
    assert!(check(&f, 10).unwrap_err().has_key("game-but-file-has-no"));
    let mut f = file();
    f.rounds[0].published_at = None;
    assert!(
        check(&f, 10)
            .unwrap_err()
            .has_key("round-not-published-yet-game")
    );
    // A round paired, not yet published: its bye is final already, as the pairing made it.
    f.sheets.clear();
    f.games[0] = GamePart {
        north: None,
        board: None,
        status: GameStatus::Final,
        kind: Some(ResultKind::Bye),
        winner: None,
        seeds: None,
        end: None,
        moves: None,
        ..f.games[0].clone()
    };
    assert!(check(&f, 10).is_ok());
    let e = check(&file(), 1).unwrap_err();
    assert!(e.has_key("tournament-takes-at-most-players-4"), "{e}");
    assert_eq!(e.arg("most_players"), Some(&Word::from(1)));
    let mut f = file();
    f.players[0].name = " ".to_string();
    assert!(check(&f, 10).unwrap_err().has_key("name-player-needs-name"));
}

fn entry(after: serde_json::Value) -> AuditPart {
    AuditPart {
        at: at(),
        actor: "controller".to_string(),
        action: "game.rule".to_string(),
        entity: "game".to_string(),
        entity_id: Some(1),
        before: None,
        after: Some(after),
        sender: None,
    }
}

#[test]
fn an_audit_trail_is_bounded_entry_by_entry_and_in_all() {
    // A 1,500-player round's pairing is an entry well within the bound; one past it is refused.
    let pairing: Vec<[i64; 3]> = (0..750).map(|b| [b + 1, 2 * b + 1, 2 * b + 2]).collect();
    let mut f = file();
    f.audit
        .push(entry(serde_json::json!({ "boards": pairing })));
    let checked = check(&f, 10).unwrap();
    assert_eq!(checked.audit.entries, 1);
    assert!(checked.audit.bytes > 10_000);
    f.audit.push(entry(
        serde_json::json!({ "text": "x".repeat(MOST_ENTRY_BYTES) }),
    ));
    let e = check(&f, 10).unwrap_err();
    assert!(e.has_key("audit-entry-too-long"), "{e}");
    // In all: the entries a copy holds already count.
    let one = [entry(serde_json::json!({}))];
    let size = audit_after(AuditSize::default(), &one).unwrap();
    let full = AuditSize {
        entries: MOST_AUDIT_ENTRIES - 1,
        bytes: size.bytes,
    };
    assert_eq!(audit_after(full, &one).unwrap().entries, MOST_AUDIT_ENTRIES);
    let two = [one[0].clone(), one[0].clone()];
    let e = audit_after(full, &two).unwrap_err();
    assert!(e.has_key("audit-trail-too-long"), "{e}");
    let heavy = AuditSize {
        entries: 1,
        bytes: MOST_AUDIT_BYTES,
    };
    assert!(audit_after(heavy, &one).is_err());
    assert_eq!(audit_after(heavy, &[]).unwrap(), heavy);
}
