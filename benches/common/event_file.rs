//! An event as a tournament file, for the benchmarks: every game a fixture game with its moves.

use oware_tournament::tournament::archive::*;
use oware_tournament::tournament::sheets::EndKind;
use oware_tournament::tournament::{GameStatus, ResultKind, Winner};

/// A fixture game: its result, seeds and moves.
pub type Fixture = (Winner, [i64; 2], String);

/// The fixture games (`tests/data/abapa-random-games.jsonl`).
pub fn fixtures() -> Vec<Fixture> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/abapa-random-games.jsonl"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let g: serde_json::Value = serde_json::from_str(l).unwrap();
            let scores = &g["end"]["scores"];
            let winner = match g["end"]["winner"].as_str() {
                Some("south") => Winner::South,
                Some("north") => Winner::North,
                _ => Winner::Draw,
            };
            let seeds = [scores[0].as_i64().unwrap(), scores[1].as_i64().unwrap()];
            (winner, seeds, g["moves"].as_str().unwrap().to_string())
        })
        .collect()
}

fn at() -> chrono::NaiveDateTime {
    chrono::DateTime::from_timestamp(1_800_000_000, 0)
        .unwrap()
        .naive_utc()
}

/// An event of `players` (even) over `rounds` published rounds, the first `played` of them
/// confirmed (two sheets and two audit entries a game), the others waiting for their sheets.
/// `uid`: the tournament's identity.
pub fn event_file(players: i64, rounds: i64, played: i64, uid: &str) -> TournamentFile {
    let fixtures = fixtures();
    let settings = serde_json::from_value(serde_json::json!({
        "name": "Accra Open", "rules": "abapa", "rounds": rounds
    }))
    .unwrap();
    let at = at();
    let tournament = TournamentPart {
        settings,
        prizes: None,
        teams: Default::default(),
        created_at: at,
        uid: Some(uid.to_string()),
    };
    let records = FileRecords {
        players: (1..=players)
            .map(|id| PlayerPart {
                id,
                name: format!("Player {id:03}"),
                club: String::new(),
                country: String::new(),
                rating: None,
                birth_year: None,
                gender: String::new(),
                title: String::new(),
                federation: String::new(),
                pairing_number: None,
                withdrawn: false,
                created_at: at,
                register_id: None,
            })
            .collect(),
        rounds: Vec::new(),
        games: Vec::new(),
        sheets: Vec::new(),
    };
    let mut file = TournamentFile::of_records(tournament, at, records);
    for round in 1..=rounds {
        file.rounds.push(RoundPart {
            id: round,
            number: round,
            created_at: at,
            published_at: Some(at),
            corrected_at: None,
            planned_start: None,
            started_at: None,
        });
        for board in 1..=players / 2 {
            let id = round * 1000 + board;
            let (south, north) = (board * 2 - 1, (board * 2 + round * 2) % players + 1);
            let north = if north == south {
                south % players + 1
            } else {
                north
            };
            file.games.push(GamePart {
                id,
                round,
                board: Some(board),
                match_game: 1,
                south,
                north: Some(north),
                status: GameStatus::Pending,
                kind: None,
                winner: None,
                seeds: None,
                end: None,
                moves: None,
                reason: None,
                updated_at: at,
            });
            if round <= played {
                let last = file.games.len() - 1;
                for k in 0..2 {
                    sheet_sent(&mut file, &fixtures, last, k);
                }
            }
        }
    }
    file
}

/// Game `i`'s sheet by its South (`k` 0: the game waits for North's) or its North (1: the game
/// confirmed with that result), with the audit entry of it; the fixture game its id picks.
pub fn sheet_sent(file: &mut TournamentFile, fixtures: &[Fixture], i: usize, k: usize) {
    let game = &mut file.games[i];
    let (winner, seeds, moves) = &fixtures[(game.id as usize) % fixtures.len()];
    let player = if k == 0 {
        game.south
    } else {
        game.north.unwrap()
    };
    let id = game.id * 2 + k as i64;
    let at = file
        .audit
        .last()
        .map_or_else(at, |a| a.at + chrono::Duration::milliseconds(1));
    game.updated_at = at;
    if k == 0 {
        game.status = GameStatus::Submitted;
    } else {
        game.status = GameStatus::Confirmed;
        game.kind = Some(ResultKind::Played);
        game.winner = Some(*winner);
        game.seeds = Some(*seeds);
        game.end = Some(EndKind::Natural);
        game.moves = Some(moves.clone());
    }
    let game = game.id;
    file.sheets.push(SheetPart {
        id,
        game,
        player,
        winner: *winner,
        seeds: *seeds,
        end: EndKind::Natural,
        moves: moves.clone(),
        created_at: at,
    });
    file.audit.push(AuditPart {
        at,
        actor: format!("player Player {player:03} (#{player})"),
        action: if k == 0 { "game.sheet" } else { "game.confirm" }.to_string(),
        entity: "game".to_string(),
        entity_id: Some(game),
        before: None,
        after: Some(serde_json::json!({ "sheet": id })),
        sender: None,
    });
}
