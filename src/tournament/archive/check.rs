//! What an import checks before it writes anything: the version, the settings and every
//! player's details as the forms would check them, every reference from one record to another,
//! and every sheet and every played result with moves replayed under the tournament's rules. A
//! file that fails any of it is refused whole, with the first problem in words: the game, and
//! for moves that do not give what the sheet says, the ply and the one change that would mend
//! it when there is one.

use crate::tournament::said::{Said, Word};
use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use super::{FORMAT, GamePart, TournamentFile, VERSION};
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
pub fn check(file: &TournamentFile, most_players: usize) -> Result<Checked, Said> {
    if file.format != FORMAT {
        return Err(crate::said!(
            "not-tournament-file-service-format",
            format = &file.format,
            format2 = FORMAT
        ));
    }
    if file.version != VERSION {
        return Err(crate::said!(
            "file-version-service-reads-version",
            version = file.version,
            version2 = VERSION
        ));
    }
    if let Some(uid) = &file.tournament.uid
        && (uid.is_empty()
            || uid.len() > 64
            || !uid.chars().all(|c| c.is_ascii_hexdigit() || c == '-'))
    {
        return Err(crate::said!("file-identity-not-readable"));
    }
    let settings = TournamentSettings::parse(&file.tournament.settings)
        .map_err(|p| crate::said!("file-settings", problems = Said::all(p)))?;
    if settings.event_id.is_some() {
        return Err(crate::said!("tournament-s-settings-event-id"));
    }
    if let Some(schedule) = &file.schedule {
        let problems = schedule.problems();
        if !problems.is_empty() {
            return Err(crate::said!(
                "file-round-clock",
                problems = Said::all(problems)
            ));
        }
    }
    if file.players.len() > most_players {
        return Err(crate::said!(
            "tournament-takes-at-most-players-4",
            most_players,
            players_count = file.players.len()
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
    from_their_sheets(file, &games, &sheets, &names)?;
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
    twice: impl Fn(T) -> Said,
) -> Result<HashSet<T>, Said> {
    let mut seen = HashSet::new();
    for item in items {
        if !seen.insert(item) {
            return Err(twice(item));
        }
    }
    Ok(seen)
}

fn players(file: &TournamentFile) -> Result<Vec<PlayerDetails>, Said> {
    unique(file.players.iter().map(|p| p.id), |id| {
        crate::said!("two-players-have-id", id)
    })?;
    unique(file.players.iter().filter_map(|p| p.pairing_number), |n| {
        crate::said!("two-players-have-pairing-number", number = n)
    })?;
    file.players
        .iter()
        .map(|p| {
            if p.pairing_number.is_some_and(|n| n < 1) {
                return Err(crate::said!(
                    "player-pairing-number-counts-1",
                    name = &p.name
                ));
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
            .map_err(|e| crate::said!("file-player", id = p.id, name = &p.name, problem = e))
        })
        .collect()
}

/// The rounds by number: whether each is published.
fn rounds(file: &TournamentFile) -> Result<HashMap<i64, bool>, Said> {
    unique(file.rounds.iter().map(|r| r.id), |id| {
        crate::said!("two-rounds-have-id", id)
    })?;
    unique(file.rounds.iter().map(|r| r.number), |n| {
        crate::said!("round-file-twice", number = n)
    })?;
    if let Some(r) = file
        .rounds
        .iter()
        .find(|r| !(1..=MOST_ROUNDS).contains(&r.number))
    {
        return Err(crate::said!(
            "round-round-s-number-1",
            number = r.number,
            most_rounds = MOST_ROUNDS
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
fn game_name(g: &GamePart, names: &HashMap<i64, &str>) -> Said {
    let name = |id: i64| names.get(&id).copied().unwrap_or("?");
    let Some(north) = g.north else {
        return crate::said!("file-bye-of", round = g.round, name = name(g.south));
    };
    crate::said!(
        "file-game-of",
        round = g.round,
        board = g.board.unwrap_or(0),
        game = g.match_game,
        south = name(g.south),
        north = name(north)
    )
}

/// Why a sheet or a result was refused, naming where: the ply and the sheet's move, and the
/// one change that would make it agree.
fn refusal(whose: &Said, e: SheetError) -> Said {
    match e {
        SheetError::Invalid(problem) => {
            crate::said!("file-sheet-problem", whose = whose.clone(), problem)
        }
        SheetError::Replay(r) => {
            let at = Word::Move(r.error.ply);
            let detail = Word::Detail(Box::new(r.error.detail.clone()));
            match r.suggestions.first().filter(|s| !s.edits.is_empty()) {
                Some(s) => crate::said!(
                    "file-moves-mended",
                    whose = whose.clone(),
                    ply = r.error.ply,
                    at,
                    detail,
                    edits = Word::Edits(s.edits.clone())
                ),
                None => crate::said!(
                    "file-moves-wrong",
                    whose = whose.clone(),
                    ply = r.error.ply,
                    at,
                    detail
                ),
            }
        }
    }
}

/// Seeds as a sheet holds them, each from 0 to 48.
fn seeds(whose: &Said, s: [i64; 2]) -> Result<[u8; 2], Said> {
    match s.map(u8::try_from) {
        [Ok(a), Ok(b)] if a <= 48 && b <= 48 => Ok([a, b]),
        _ => Err(crate::said!("seeds-0-48-each", whose = whose.clone())),
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
) -> Result<Vec<Accepted>, Said> {
    unique(file.games.iter().map(|g| g.id), |id| {
        crate::said!("two-games-have-id", id)
    })?;
    let mut places = HashSet::new();
    file.games
        .iter()
        .map(|g| {
            let what = game_name(g, names);
            let Some(&is_published) = published.get(&g.round) else {
                return Err(crate::said!(
                    "file-has-no-round",
                    what = what.clone(),
                    round = g.round
                ));
            };
            for id in std::iter::once(g.south).chain(g.north) {
                if !names.contains_key(&id) {
                    return Err(crate::said!("file-has-no-player", what = what.clone(), id));
                }
            }
            if g.north == Some(g.south) {
                return Err(crate::said!(
                    "player-cannot-play-themself",
                    what = what.clone()
                ));
            }
            if g.board.is_some_and(|b| b < 1) || g.match_game < 1 {
                return Err(crate::said!(
                    "boards-match-s-games-count",
                    what = what.clone()
                ));
            }
            if g.board.is_some() && !places.insert((g.round, g.board, g.match_game)) {
                return Err(crate::said!(
                    "another-game-has-same-board",
                    what = what.clone()
                ));
            }
            if !is_published && g.status != GameStatus::Pending {
                return Err(crate::said!(
                    "round-not-published-yet-game",
                    what = what.clone()
                ));
            }
            result(g, settings, &what)
        })
        .collect()
}

/// A game's result: a bye for a game without North, and a played result replayed.
fn result(g: &GamePart, settings: &TournamentSettings, what: &Said) -> Result<Accepted, Said> {
    let bye = g.kind == Some(ResultKind::Bye);
    if bye != g.north.is_none() {
        return Err(crate::said!(
            "bye-only-bye-game-without",
            what = what.clone()
        ));
    }
    if g.status.counts() && g.kind.is_none() {
        return Err(crate::said!(
            "game-but-has-no-result",
            what = what.clone(),
            status = g.status.to_string()
        ));
    }
    if g.kind != Some(ResultKind::Played) {
        if g.winner.is_some() || g.seeds.is_some() || g.end.is_some() || has_moves(&g.moves) {
            return Err(crate::said!(
                "forfeit-bye-has-no-winner",
                what = what.clone()
            ));
        }
        return Ok(nothing_played());
    }
    let (Some(winner), Some(s), Some(end)) = (g.winner, g.seeds, g.end) else {
        return Err(crate::said!(
            "played-result-needs-winner-seeds",
            what = what.clone()
        ));
    };
    let whose = crate::said!("file-result-of", what = what.clone());
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
) -> Result<Vec<Accepted>, Said> {
    unique(file.sheets.iter().map(|s| s.id), |id| {
        crate::said!("two-sheets-have-id", id)
    })?;
    let games: HashMap<i64, &GamePart> = file.games.iter().map(|g| (g.id, g)).collect();
    let checked = file
        .sheets
        .iter()
        .map(|s| {
            let Some(g) = games.get(&s.game).filter(|g| g.north.is_some()) else {
                return Err(crate::said!(
                    "sheet-file-has-no-game",
                    id = s.id,
                    game = s.game
                ));
            };
            let sender = names.get(&s.player).copied().unwrap_or("?");
            let whose = crate::said!("file-sheet-of", game = game_name(g, names), sender);
            if s.player != g.south && Some(s.player) != g.north {
                return Err(crate::said!("they-do-not-play-game", whose = whose.clone()));
            }
            if s.end == EndKind::Adjudication {
                return Err(crate::said!(
                    "only-controller-adjudicates-sheet-cannot",
                    whose = whose.clone()
                ));
            }
            let sheet = Sheet {
                winner: s.winner,
                seeds: seeds(&whose, s.seeds)?,
                end: s.end,
                moves: s.moves.clone(),
            };
            // A player's sheet, checked as the tournament checks one sent to it.
            check_sheet(&sheet, &settings.rules, settings.require_moves)
                .map(kept)
                .map_err(|e| refusal(&whose, e))
        })
        .collect::<Result<Vec<_>, Said>>()?;
    let with_sheets: HashSet<i64> = file.sheets.iter().map(|s| s.game).collect();
    if let Some(g) = file.games.iter().find(|g| {
        matches!(
            g.status,
            GameStatus::Submitted | GameStatus::Confirmed | GameStatus::Disputed
        ) && !with_sheets.contains(&g.id)
    }) {
        return Err(crate::said!(
            "game-but-file-has-no",
            game = game_name(g, names),
            status = g.status.to_string()
        ));
    }
    Ok(checked)
}

/// A confirmed game's result is its latest sheet, as the players sent and confirmed it: the
/// same winner, seeds, end and moves (a result that differs came from somewhere else, and only
/// the controller's ruling, a final result, may set one).
fn from_their_sheets(
    file: &TournamentFile,
    games: &[Accepted],
    sheets: &[Accepted],
    names: &HashMap<i64, &str>,
) -> Result<(), Said> {
    let mut latest: HashMap<i64, usize> = HashMap::new();
    for (i, s) in file.sheets.iter().enumerate() {
        let entry = latest.entry(s.game).or_insert(i);
        if file.sheets[*entry].id < s.id {
            *entry = i;
        }
    }
    for (g, accepted) in file.games.iter().zip(games) {
        if g.status != GameStatus::Confirmed {
            continue;
        }
        let Some(&i) = latest.get(&g.id) else {
            continue;
        };
        let s = &file.sheets[i];
        let same = g.kind == Some(ResultKind::Played)
            && g.winner == Some(s.winner)
            && g.seeds == Some(s.seeds)
            && g.end == Some(s.end)
            && accepted.moves == sheets[i].moves;
        if !same {
            let sender = names.get(&s.player).copied().unwrap_or("?");
            return Err(crate::said!(
                "confirmed-result-not-its-sheet",
                game = game_name(g, names),
                sender
            ));
        }
    }
    Ok(())
}

/// Byes, pairs kept apart, roll calls and answers: each about players and rounds that exist.
fn others(file: &TournamentFile, names: &HashMap<i64, &str>) -> Result<(), Said> {
    let player = |id: i64, what: Said| {
        names
            .get(&id)
            .copied()
            .ok_or_else(|| crate::said!("file-has-no-player", what, id))
    };
    let round = |n: i64, what: Said| {
        if (1..=MOST_ROUNDS).contains(&n) {
            Ok(())
        } else {
            Err(crate::said!(
                "round-not-1",
                what,
                n,
                most_rounds = MOST_ROUNDS
            ))
        }
    };
    for b in &file.byes {
        let name = player(b.player, crate::said!("file-a-bye"))?;
        round(b.round, crate::said!("bye-asked", name))?;
    }
    unique(file.byes.iter().map(|b| (b.player, b.round)), |(p, r)| {
        crate::said!("player-asked-bye-round-twice", player = p, round = r)
    })?;
    for [a, b] in &file.prohibited_pairs {
        player(*a, crate::said!("file-kept-apart"))?;
        player(*b, crate::said!("file-kept-apart"))?;
        if a == b {
            return Err(crate::said!("players-kept-apart-pair-two"));
        }
    }
    for r in &file.roll_calls {
        round(r.round, crate::said!("file-a-roll-call"))?;
    }
    unique(file.roll_calls.iter().map(|r| r.round), |r| {
        crate::said!("roll-call-before-round-file", round = r)
    })?;
    for c in &file.check_ins {
        player(c.player, crate::said!("file-an-answer"))?;
        round(c.round, crate::said!("file-an-answer"))?;
    }
    unique(
        file.check_ins.iter().map(|c| (c.player, c.round)),
        |(p, r)| crate::said!("player-answered-roll-call-before", player = p, round = r),
    )?;
    Ok(())
}

/// The prizes and the team lists as the organiser's forms check them. A prize for an event's
/// category keeps its category (a file stands outside any event, where no one is in it).
fn lists(file: &TournamentFile) -> Result<(), Said> {
    if let Some(prizes) = &file.tournament.prizes {
        let named: Vec<String> = prizes
            .prizes
            .iter()
            .filter_map(|p| p.category.clone())
            .collect();
        let problems = prizes.problems(&named);
        if !problems.is_empty() {
            return Err(crate::said!("file-prizes", problems = Said::all(problems)));
        }
    }
    let ids: Vec<i32> = file
        .players
        .iter()
        .filter_map(|p| i32::try_from(p.id).ok())
        .collect();
    let problems = file.tournament.teams.problems(&ids);
    if !problems.is_empty() {
        return Err(crate::said!("file-teams", problems = Said::all(problems)));
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
                uid: Some("0123456789abcdef0123456789abcdef".to_string()),
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
        assert!(f.tournament.settings.require_moves.unwrap_or(true));
        for s in &mut f.sheets {
            s.moves = String::new();
        }
        f.games[0].moves = None;
        let e = check(&f, 10).unwrap_err();
        assert!(e.has_key("sheet-moves-required"), "{e}");
        f.tournament.settings.require_moves = Some(false);
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
        let e = check(&file(), 1).unwrap_err();
        assert!(e.has_key("tournament-takes-at-most-players-4"), "{e}");
        assert_eq!(e.arg("most_players"), Some(&Word::from(1)));
        let mut f = file();
        f.players[0].name = " ".to_string();
        assert!(check(&f, 10).unwrap_err().has_key("name-player-needs-name"));
    }
}
