//! What an import checks before it writes anything: the version, the settings and every
//! player's details as the forms would check them, every reference from one record to another,
//! and every sheet and every played result with moves replayed under the tournament's rules. A
//! file that fails any of it is refused whole, with the first problem in words: the game, and
//! for moves that do not give what the sheet says, the ply and the one change that would mend
//! it when there is one.

use crate::tournament::said::{Said, Word};
use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use super::{AuditPart, FORMAT, GamePart, SheetPart, TournamentFile, VERSION};
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
    /// How much of the audit trail the file holds.
    pub audit: AuditSize,
}

/// The highest round number a tournament has.
pub(super) const MOST_ROUNDS: i64 = 99;

/// The most entries a tournament's audit trail holds in a file or in a hub's copy: far more than
/// the largest event writes (a 1,500-player, 11-round event writes about 40,000), few enough that
/// a venue cannot fill its hub.
pub const MOST_AUDIT_ENTRIES: usize = 250_000;
/// The most text the audit trail holds in all (its entries' actors, actions, entities, and
/// values before and after, as JSON).
pub const MOST_AUDIT_BYTES: usize = 256 << 20;
/// The most text one entry holds (a 1,500-player round's pairing is about 40 KB).
pub const MOST_ENTRY_BYTES: usize = 256 << 10;

/// How much of the audit trail a file or a copy holds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AuditSize {
    pub entries: usize,
    pub bytes: usize,
}

/// The size of an audit trail of `before` with the entries `added` after it, when each entry and
/// the whole stay within their bounds.
pub fn audit_after(before: AuditSize, added: &[AuditPart]) -> Result<AuditSize, Said> {
    let mut size = before;
    for a in added {
        let value = |v: &Option<serde_json::Value>| v.as_ref().map_or(0, |v| v.to_string().len());
        let bytes = a.actor.len()
            + a.action.len()
            + a.entity.len()
            + a.sender.as_ref().map_or(0, String::len)
            + value(&a.before)
            + value(&a.after);
        if bytes > MOST_ENTRY_BYTES {
            return Err(crate::said!(
                "audit-entry-too-long",
                action = &a.action,
                at = a.at.format("%Y-%m-%d %H:%M:%S").to_string(),
                kilobytes = bytes.div_ceil(1 << 10),
                most_kilobytes = MOST_ENTRY_BYTES >> 10
            ));
        }
        size.entries += 1;
        size.bytes += bytes;
    }
    if size.entries > MOST_AUDIT_ENTRIES || size.bytes > MOST_AUDIT_BYTES {
        return Err(crate::said!(
            "audit-trail-too-long",
            entries = size.entries,
            megabytes = size.bytes.div_ceil(1 << 20),
            most_entries = MOST_AUDIT_ENTRIES,
            most_megabytes = MOST_AUDIT_BYTES >> 20
        ));
    }
    Ok(size)
}

/// Checks a whole file (see the module). `most_players`: how many players a tournament takes.
pub fn check(file: &TournamentFile, most_players: usize) -> Result<Checked, Said> {
    check_after(file, most_players, None)
}

/// What an earlier check gave for the games and sheets a file's changes leave as they were
/// (under the rules it was checked by): they need no replay again
/// (`FileChanges::unchanged`).
pub struct Unchanged {
    pub(super) rules: crate::engine::Rules,
    pub(super) require_moves: bool,
    pub(super) games: HashMap<i64, Accepted>,
    pub(super) sheets: HashMap<i64, Accepted>,
}

/// The replays a check may take from an earlier one (none, when the rules differ).
struct Replayed(Option<Unchanged>);

impl Replayed {
    fn of(earlier: Option<Unchanged>, settings: &TournamentSettings) -> Replayed {
        Replayed(earlier.filter(|e| {
            e.rules == settings.rules && e.require_moves == settings.switches.require_moves
        }))
    }

    fn game(&mut self, id: i64) -> Option<Accepted> {
        self.0.as_mut()?.games.remove(&id)
    }

    fn sheet(&mut self, id: i64) -> Option<Accepted> {
        self.0.as_mut()?.sheets.remove(&id)
    }
}

/// Checks a whole file as [`check`] does, every check made again but the replay of a game or
/// sheet the `earlier` file had the same (a hub taking a venue's changes: only what changed is
/// replayed).
pub fn check_after(
    file: &TournamentFile,
    most_players: usize,
    earlier: Option<Unchanged>,
) -> Result<Checked, Said> {
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
    let mut replayed = Replayed::of(earlier, &settings);
    let games = games(file, &settings, &names, &published, &mut replayed)?;
    let sheets = sheets(file, &settings, &names, &mut replayed)?;
    from_their_sheets(file, &games, &sheets, &names)?;
    others(file, &names)?;
    lists(file)?;
    let audit = audit_after(AuditSize::default(), &file.audit)?;
    Ok(Checked {
        settings,
        players,
        games,
        sheets,
        audit,
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

pub(super) fn players(file: &TournamentFile) -> Result<Vec<PlayerDetails>, Said> {
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
                register_id: p.register_id,
                ..PlayerInput::default()
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
pub(super) fn game_name(g: &GamePart, names: &HashMap<i64, &str>) -> Said {
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
    replayed: &mut Replayed,
) -> Result<Vec<Accepted>, Said> {
    unique(file.games.iter().map(|g| g.id), |id| {
        crate::said!("two-games-have-id", id)
    })?;
    let mut places = HashSet::new();
    file.games
        .iter()
        .map(|g| {
            let what = || game_name(g, names);
            let Some(&is_published) = published.get(&g.round) else {
                return Err(crate::said!(
                    "file-has-no-round",
                    what = what(),
                    round = g.round
                ));
            };
            for id in std::iter::once(g.south).chain(g.north) {
                if !names.contains_key(&id) {
                    return Err(crate::said!("file-has-no-player", what = what(), id));
                }
            }
            if g.north == Some(g.south) {
                return Err(crate::said!("player-cannot-play-themself", what = what()));
            }
            if g.board.is_some_and(|b| b < 1) || g.match_game < 1 {
                return Err(crate::said!("boards-match-s-games-count", what = what()));
            }
            if g.board.is_some() && !places.insert((g.round, g.board, g.match_game)) {
                return Err(crate::said!("another-game-has-same-board", what = what()));
            }
            // A pairing's bye is final as soon as the round is paired, published or not.
            let bye = g.north.is_none() && g.kind == Some(ResultKind::Bye);
            if !is_published && g.status != GameStatus::Pending && !bye {
                return Err(crate::said!("round-not-published-yet-game", what = what()));
            }
            match replayed.game(g.id) {
                Some(accepted) => Ok(accepted),
                None => result(g, settings, &what()),
            }
        })
        .collect()
}

/// A game's result: a bye for a game without North, and a played result replayed.
pub(super) fn result(
    g: &GamePart,
    settings: &TournamentSettings,
    what: &Said,
) -> Result<Accepted, Said> {
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
    replayed: &mut Replayed,
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
            let whose = || crate::said!("file-sheet-of", game = game_name(g, names), sender);
            if s.player != g.south && Some(s.player) != g.north {
                return Err(crate::said!("they-do-not-play-game", whose = whose()));
            }
            if s.end == EndKind::Adjudication {
                return Err(crate::said!(
                    "only-controller-adjudicates-sheet-cannot",
                    whose = whose()
                ));
            }
            match replayed.sheet(s.id) {
                Some(accepted) => Ok(accepted),
                None => replay_sheet(s, settings, &whose()),
            }
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

/// A player's sheet, checked as the tournament checks one sent to it.
pub(super) fn replay_sheet(
    s: &SheetPart,
    settings: &TournamentSettings,
    whose: &Said,
) -> Result<Accepted, Said> {
    let sheet = Sheet {
        winner: s.winner,
        seeds: seeds(whose, s.seeds)?,
        end: s.end,
        moves: s.moves.clone(),
    };
    check_sheet(&sheet, &settings.rules, settings.switches.require_moves)
        .map(kept)
        .map_err(|e| refusal(whose, e))
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
pub(super) fn others(file: &TournamentFile, names: &HashMap<i64, &str>) -> Result<(), Said> {
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
#[path = "check_tests.rs"]
pub(super) mod tests;
