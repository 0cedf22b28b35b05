//! What an import checks before it writes anything: the version, the settings and every
//! player's details as the forms would check them, every reference from one record to another,
//! and every sheet and every played result with moves replayed under the tournament's rules. A
//! file that fails any of it is refused whole, with the first problem in words: the game, and
//! for moves that do not give what the sheet says, the ply and the one change that would mend
//! it when there is one.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use super::{FORMAT, GamePart, TournamentFile, VERSION};
use crate::engine::repair::Edit;
use crate::tournament::players::PlayerInput;
use crate::tournament::sheets::{Accepted, EndKind, Sheet, SheetError, check_sheet};
use crate::tournament::{GameStatus, PlayerDetails, ResultKind, TournamentSettings};

/// A file that passed: the settings and players as validated, and what the replay made of each
/// game's result and each sheet (in the file's order; a game with no played result has an
/// empty one).
#[derive(Clone, Debug)]
pub struct Checked {
    pub settings: TournamentSettings,
    pub players: Vec<PlayerDetails>,
    pub games: Vec<Accepted>,
    pub sheets: Vec<Accepted>,
}

/// The highest round number a tournament has.
const MOST_ROUNDS: i64 = 99;

/// Checks a whole file (see the module). `most_players`: how many players a tournament takes.
pub fn check(file: &TournamentFile, most_players: usize) -> Result<Checked, String> {
    if file.format != FORMAT {
        return Err(format!(
            "this is not a tournament file of this service (its format says {:?}, not {FORMAT:?})",
            file.format
        ));
    }
    if file.version != VERSION {
        return Err(format!(
            "the file is of version {}; this service reads version {VERSION}",
            file.version
        ));
    }
    let settings = TournamentSettings::parse(&file.tournament.settings)
        .map_err(|p| format!("the tournament's settings: {}", p.join("; ")))?;
    if settings.event_id.is_some() {
        return Err(
            "the tournament's settings: event_id: a tournament file stands alone, \
                    outside any event; leave it out"
                .to_string(),
        );
    }
    if let Some(schedule) = &file.schedule {
        let problems = schedule.problems();
        if !problems.is_empty() {
            return Err(format!("the round clock: {}", problems.join("; ")));
        }
    }
    if file.players.len() > most_players {
        return Err(format!(
            "a tournament takes at most {most_players} players; the file has {}",
            file.players.len()
        ));
    }
    let players = players(file)?;
    let names: HashMap<i64, &str> = file
        .players
        .iter()
        .map(|p| (p.id, p.name.as_str()))
        .collect();
    let published = rounds(file)?;
    let games = games(file, &settings, &names, &published)?;
    let sheets = sheets(file, &settings, &names)?;
    others(file, &names)?;
    lists(file)?;
    Ok(Checked {
        settings,
        players,
        games,
        sheets,
    })
}

/// Each value once, or the first one seen twice.
fn unique<T: Eq + Hash + Copy>(
    items: impl IntoIterator<Item = T>,
    twice: impl Fn(T) -> String,
) -> Result<HashSet<T>, String> {
    let mut seen = HashSet::new();
    for item in items {
        if !seen.insert(item) {
            return Err(twice(item));
        }
    }
    Ok(seen)
}

fn players(file: &TournamentFile) -> Result<Vec<PlayerDetails>, String> {
    unique(file.players.iter().map(|p| p.id), |id| {
        format!("two players have the id {id}")
    })?;
    unique(file.players.iter().filter_map(|p| p.pairing_number), |n| {
        format!("two players have the pairing number {n}")
    })?;
    file.players
        .iter()
        .map(|p| {
            if p.pairing_number.is_some_and(|n| n < 1) {
                return Err(format!("player {}: a pairing number counts from 1", p.name));
            }
            PlayerDetails::parse(&PlayerInput {
                name: Some(p.name.clone()),
                club: Some(p.club.clone()),
                country: Some(p.country.clone()),
                rating: p.rating,
                birth_year: p.birth_year,
                gender: Some(p.gender.clone()),
                title: Some(p.title.clone()),
                federation: Some(p.federation.clone()),
            })
            .map_err(|e| format!("player {} ({}): {e}", p.id, p.name))
        })
        .collect()
}

/// The rounds by number: whether each is published.
fn rounds(file: &TournamentFile) -> Result<HashMap<i64, bool>, String> {
    unique(file.rounds.iter().map(|r| r.id), |id| {
        format!("two rounds have the id {id}")
    })?;
    unique(file.rounds.iter().map(|r| r.number), |n| {
        format!("round {n} is in the file twice")
    })?;
    if let Some(r) = file
        .rounds
        .iter()
        .find(|r| !(1..=MOST_ROUNDS).contains(&r.number))
    {
        return Err(format!(
            "round {}: a round's number is from 1 to {MOST_ROUNDS}",
            r.number
        ));
    }
    Ok(file
        .rounds
        .iter()
        .map(|r| (r.number, r.published_at.is_some()))
        .collect())
}

/// The game in words: `round 2, board 3 (Ama Mensah v Kofi Boateng)`, a match's game named
/// too, or a player's bye.
fn game_name(g: &GamePart, names: &HashMap<i64, &str>) -> String {
    let name = |id: i64| names.get(&id).copied().unwrap_or("?");
    let Some(north) = g.north else {
        return format!("round {}, the bye of {}", g.round, name(g.south));
    };
    let board = g.board.map(|b| format!(", board {b}")).unwrap_or_default();
    let game = if g.match_game > 1 {
        format!(", game {}", g.match_game)
    } else {
        String::new()
    };
    format!(
        "round {}{board}{game} ({} v {})",
        g.round,
        name(g.south),
        name(north)
    )
}

/// Why a sheet or a result was refused, naming where: the ply and the sheet's move, and the
/// one change that would make it agree.
fn refusal(whose: &str, e: SheetError) -> String {
    match e {
        SheetError::Invalid(message) => format!("{whose}: {message}"),
        SheetError::Replay(r) => {
            let mut text = format!(
                "{whose}: its moves do not give what it says, at ply {}, {}",
                r.error.ply, r.error
            );
            if let Some(s) = r.suggestions.first().filter(|s| !s.edits.is_empty()) {
                let edits: Vec<String> = s.edits.iter().map(Edit::words).collect();
                text.push_str(&format!(" (it would agree with {})", edits.join(" and ")));
            }
            text
        }
    }
}

/// Seeds as a sheet holds them, each from 0 to 48.
fn seeds(whose: &str, s: [i64; 2]) -> Result<[u8; 2], String> {
    match s.map(u8::try_from) {
        [Ok(a), Ok(b)] if a <= 48 && b <= 48 => Ok([a, b]),
        _ => Err(format!("{whose}: seeds are from 0 to 48 each")),
    }
}

/// The replay's work without the replay itself (what is stored).
fn kept(mut accepted: Accepted) -> Accepted {
    accepted.replay = None;
    accepted
}

fn nothing_played() -> Accepted {
    Accepted {
        moves: String::new(),
        plies: 0,
        end_reason: None,
        verified: false,
        replay: None,
    }
}

fn games(
    file: &TournamentFile,
    settings: &TournamentSettings,
    names: &HashMap<i64, &str>,
    published: &HashMap<i64, bool>,
) -> Result<Vec<Accepted>, String> {
    unique(file.games.iter().map(|g| g.id), |id| {
        format!("two games have the id {id}")
    })?;
    let mut places = HashSet::new();
    file.games
        .iter()
        .map(|g| {
            let what = game_name(g, names);
            let Some(&is_published) = published.get(&g.round) else {
                return Err(format!("{what}: the file has no round {}", g.round));
            };
            for id in std::iter::once(g.south).chain(g.north) {
                if !names.contains_key(&id) {
                    return Err(format!("{what}: the file has no player {id}"));
                }
            }
            if g.north == Some(g.south) {
                return Err(format!("{what}: a player cannot play themself"));
            }
            if g.board.is_some_and(|b| b < 1) || g.match_game < 1 {
                return Err(format!("{what}: boards and a match's games count from 1"));
            }
            if g.board.is_some() && !places.insert((g.round, g.board, g.match_game)) {
                return Err(format!("{what}: another game has the same board"));
            }
            if !is_published && g.status != GameStatus::Pending {
                return Err(format!(
                    "{what}: its round is not published, yet the game has a sheet or a result"
                ));
            }
            result(g, settings, &what)
        })
        .collect()
}

/// A game's result: a bye for a game without North, and a played result replayed.
fn result(g: &GamePart, settings: &TournamentSettings, what: &str) -> Result<Accepted, String> {
    let bye = g.kind == Some(ResultKind::Bye);
    if bye != g.north.is_none() {
        return Err(format!(
            "{what}: a bye, and only a bye, is a game without an opponent"
        ));
    }
    if g.status.counts() && g.kind.is_none() {
        return Err(format!(
            "{what}: the game is {} but has no result",
            g.status
        ));
    }
    if g.kind != Some(ResultKind::Played) {
        if g.winner.is_some() || g.seeds.is_some() || g.end.is_some() || has_moves(&g.moves) {
            return Err(format!(
                "{what}: a forfeit or a bye has no winner, seeds, end or moves"
            ));
        }
        return Ok(nothing_played());
    }
    let (Some(winner), Some(s), Some(end)) = (g.winner, g.seeds, g.end) else {
        return Err(format!(
            "{what}: a played result needs its winner, seeds and end"
        ));
    };
    let whose = format!("{what}, its result");
    let sheet = Sheet {
        winner,
        seeds: seeds(&whose, s)?,
        end,
        moves: g.moves.clone().unwrap_or_default(),
    };
    check_sheet(&sheet, &settings.rules, false)
        .map(kept)
        .map_err(|e| refusal(&whose, e))
}

fn has_moves(moves: &Option<String>) -> bool {
    moves.as_deref().is_some_and(|m| !m.trim().is_empty())
}

fn sheets(
    file: &TournamentFile,
    settings: &TournamentSettings,
    names: &HashMap<i64, &str>,
) -> Result<Vec<Accepted>, String> {
    unique(file.sheets.iter().map(|s| s.id), |id| {
        format!("two sheets have the id {id}")
    })?;
    let games: HashMap<i64, &GamePart> = file.games.iter().map(|g| (g.id, g)).collect();
    let checked = file
        .sheets
        .iter()
        .map(|s| {
            let Some(g) = games.get(&s.game).filter(|g| g.north.is_some()) else {
                return Err(format!(
                    "sheet {}: the file has no game {} to which it belongs",
                    s.id, s.game
                ));
            };
            let sender = names.get(&s.player).copied().unwrap_or("?");
            let whose = format!("{}, the sheet {sender} sent", game_name(g, names));
            if s.player != g.south && Some(s.player) != g.north {
                return Err(format!("{whose}: they do not play in this game"));
            }
            if s.end == EndKind::Adjudication {
                return Err(format!(
                    "{whose}: only the controller adjudicates; a sheet cannot say so"
                ));
            }
            let sheet = Sheet {
                winner: s.winner,
                seeds: seeds(&whose, s.seeds)?,
                end: s.end,
                moves: s.moves.clone(),
            };
            check_sheet(&sheet, &settings.rules, false)
                .map(kept)
                .map_err(|e| refusal(&whose, e))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let with_sheets: HashSet<i64> = file.sheets.iter().map(|s| s.game).collect();
    if let Some(g) = file.games.iter().find(|g| {
        matches!(
            g.status,
            GameStatus::Submitted | GameStatus::Confirmed | GameStatus::Disputed
        ) && !with_sheets.contains(&g.id)
    }) {
        return Err(format!(
            "{}: the game is {} but the file has no sheet of it",
            game_name(g, names),
            g.status
        ));
    }
    Ok(checked)
}

/// Byes, pairs kept apart, roll calls and answers: each about players and rounds that exist.
fn others(file: &TournamentFile, names: &HashMap<i64, &str>) -> Result<(), String> {
    let player = |id: i64, what: &str| {
        names
            .get(&id)
            .copied()
            .ok_or_else(|| format!("{what}: the file has no player {id}"))
    };
    let round = |n: i64, what: &str| {
        if (1..=MOST_ROUNDS).contains(&n) {
            Ok(())
        } else {
            Err(format!("{what}: round {n} is not from 1 to {MOST_ROUNDS}"))
        }
    };
    for b in &file.byes {
        let name = player(b.player, "a bye asked for")?;
        round(b.round, &format!("the bye {name} asked for"))?;
    }
    unique(file.byes.iter().map(|b| (b.player, b.round)), |(p, r)| {
        format!("player {p} asked for a bye in round {r} twice")
    })?;
    for [a, b] in &file.prohibited_pairs {
        player(*a, "players kept apart")?;
        player(*b, "players kept apart")?;
        if a == b {
            return Err("players kept apart: a pair is two players".to_string());
        }
    }
    for r in &file.roll_calls {
        round(r.round, "a roll call")?;
    }
    unique(file.roll_calls.iter().map(|r| r.round), |r| {
        format!("the roll call before round {r} is in the file twice")
    })?;
    for c in &file.check_ins {
        player(c.player, "an answer to a roll call")?;
        round(c.round, "an answer to a roll call")?;
    }
    unique(
        file.check_ins.iter().map(|c| (c.player, c.round)),
        |(p, r)| format!("player {p} answered the roll call before round {r} twice"),
    )?;
    Ok(())
}

/// The prizes and the team lists as the organiser's forms check them. A prize for an event's
/// category keeps its category (a file stands outside any event, where no one is in it).
fn lists(file: &TournamentFile) -> Result<(), String> {
    if let Some(prizes) = &file.tournament.prizes {
        let named: Vec<String> = prizes
            .prizes
            .iter()
            .filter_map(|p| p.category.clone())
            .collect();
        let problems = prizes.problems(&named);
        if !problems.is_empty() {
            return Err(format!("the prizes: {}", problems.join("; ")));
        }
    }
    let ids: Vec<i32> = file
        .players
        .iter()
        .filter_map(|p| i32::try_from(p.id).ok())
        .collect();
    let problems = file.tournament.teams.problems(&ids);
    if !problems.is_empty() {
        return Err(format!("the teams: {}", problems.join("; ")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDateTime;

    use super::super::{PlayerPart, RoundPart, SheetPart, TournamentPart};
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
        }
    }

    /// Ama (South) resigns after four moves to Kofi; both sent the sheet.
    fn file() -> TournamentFile {
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
        TournamentFile {
            format: FORMAT.to_string(),
            version: VERSION,
            exported_at: at(),
            tournament: TournamentPart {
                settings,
                prizes: None,
                teams: Default::default(),
                created_at: at(),
            },
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
            byes: Vec::new(),
            prohibited_pairs: Vec::new(),
            roll_calls: Vec::new(),
            check_ins: Vec::new(),
            notice: None,
            schedule: None,
            audit: Vec::new(),
        }
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
        assert!(
            e.starts_with(
                "round 1, board 1 (Ama Mensah v Kofi Boateng), the sheet Ama Mensah sent"
            ),
            "{e}"
        );
        assert!(e.contains("at ply 3, move 2, South"), "{e}");
        let mut f = file();
        f.games[0].moves = Some("1. C f 2. a a".to_string());
        let e = check(&f, 10).unwrap_err();
        assert!(e.contains("its result: its moves do not give"), "{e}");
        assert!(e.contains("ply 3"), "{e}");
    }

    #[test]
    fn a_result_that_does_not_follow_from_the_moves_is_refused() {
        let mut f = file();
        f.games[0].seeds = Some([0, 2]);
        let e = check(&f, 10).unwrap_err();
        assert!(
            e.starts_with("round 1, board 1 (Ama Mensah v Kofi Boateng), its result"),
            "{e}"
        );
        let mut f = file();
        f.sheets[0].seeds = [2, 0];
        let e = check(&f, 10).unwrap_err();
        assert!(e.contains("the sheet Kofi Boateng sent"), "{e}");
        assert!(e.contains("at ply 4"), "{e}");
    }

    #[test]
    fn references_and_versions_are_checked() {
        let mut f = file();
        f.version = 2;
        assert!(check(&f, 10).unwrap_err().contains("version 2"));
        let mut f = file();
        f.format = "something else".to_string();
        assert!(check(&f, 10).unwrap_err().contains("not a tournament file"));
        let mut f = file();
        f.sheets[0].game = 99;
        assert!(check(&f, 10).unwrap_err().contains("no game 99"));
        let mut f = file();
        f.sheets[0].player = f.players[0].id;
        f.players[0].id = 12;
        assert!(check(&f, 10).unwrap_err().contains("no player"));
        let mut f = file();
        f.games[0].round = 2;
        assert!(check(&f, 10).unwrap_err().contains("no round 2"));
        let mut f = file();
        f.players[1].id = 10;
        assert!(
            check(&f, 10)
                .unwrap_err()
                .contains("two players have the id 10")
        );
        let mut f = file();
        f.games[0].kind = Some(ResultKind::ForfeitNorth);
        assert!(
            check(&f, 10)
                .unwrap_err()
                .contains("a forfeit or a bye has no winner")
        );
        let mut f = file();
        f.sheets.clear();
        assert!(check(&f, 10).unwrap_err().contains("no sheet of it"));
        let mut f = file();
        f.rounds[0].published_at = None;
        assert!(check(&f, 10).unwrap_err().contains("not published"));
        assert!(check(&file(), 1).unwrap_err().contains("at most 1 players"));
        let mut f = file();
        f.players[0].name = " ".to_string();
        assert!(check(&f, 10).unwrap_err().contains("a player needs a name"));
    }
}
