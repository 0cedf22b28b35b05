//! A hub's check of a venue's changes that costs what they touch: the file it holds, what the
//! check of that file gave, and an [`Index`] of where each record stands and what the rules
//! between records count (the boards of a round, the sheets of a game). Changes that put sheets,
//! games and rounds, and give the smaller lists whole, the kinds every push of a running event
//! carries, are applied and checked record by record: each game and sheet put replayed, each
//! game they touch held to every rule the whole check holds it to. Any other change (a player,
//! a record gone, the settings, a round renumbered or taken back) is applied and the file checked
//! whole, as before; so is a file whose quick check fails, so that a refusal is worded exactly as
//! the whole check words it.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::check::{
    AuditSize, MOST_ROUNDS, Unchanged, audit_after, check_after, game_name, others, players,
    replay_sheet, result,
};
use super::{Checked, FileChanges, GamePart, Records, SheetPart, TournamentFile};
use crate::tournament::said::Said;
use crate::tournament::sheets::{Accepted, EndKind};
use crate::tournament::{GameStatus, ResultKind, TournamentSettings};

/// Where each record of a file stands (by id, its place in the file's list), the games on each
/// board of each round, and the sheets of each game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Index {
    players: HashMap<i64, usize>,
    rounds: HashMap<i64, usize>,
    /// A round's number, its id.
    numbers: HashMap<i64, i64>,
    games: HashMap<i64, usize>,
    /// How many games sit at each round, board and game of the match.
    places: HashMap<(i64, i64, i64), u32>,
    sheets: HashMap<i64, usize>,
    /// A game's sheets, by id (the latest is the greatest).
    sheets_of: HashMap<i64, BTreeSet<i64>>,
}

fn at<T>(list: &[T], id: impl Fn(&T) -> i64) -> HashMap<i64, usize> {
    list.iter().enumerate().map(|(i, r)| (id(r), i)).collect()
}

impl Index {
    /// The index of a file (in which each id stands once: a file that passed its check).
    pub fn of(file: &TournamentFile) -> Index {
        let mut index = Index {
            players: at(&file.players, |p| p.id),
            rounds: at(&file.rounds, |r| r.id),
            numbers: file.rounds.iter().map(|r| (r.number, r.id)).collect(),
            games: at(&file.games, |g| g.id),
            sheets: at(&file.sheets, |s| s.id),
            ..Index::default()
        };
        for g in &file.games {
            index.seat(g, 1);
        }
        for s in &file.sheets {
            index.sheets_of.entry(s.game).or_default().insert(s.id);
        }
        index
    }

    /// Where a game of the file stands.
    pub fn game(&self, id: i64) -> Option<usize> {
        self.games.get(&id).copied()
    }

    /// Where a player of the file stands.
    pub fn player(&self, id: i64) -> Option<usize> {
        self.players.get(&id).copied()
    }

    /// Where a sheet of the file stands.
    pub fn sheet(&self, id: i64) -> Option<usize> {
        self.sheets.get(&id).copied()
    }

    /// A game on its board taken (`by` 1) or left (`by` 0): whether it is alone there.
    fn seat(&mut self, g: &GamePart, by: u32) -> bool {
        let Some(board) = g.board else {
            return true;
        };
        let place = (g.round, board, g.match_game);
        let count = self.places.entry(place).or_insert(0);
        *count = if by == 1 {
            *count + 1
        } else {
            count.saturating_sub(1)
        };
        let alone = *count <= 1;
        if *count == 0 {
            self.places.remove(&place);
        }
        alone
    }
}

/// Applies the changes to the file the hub holds and checks the result: record by record when
/// the changes are of the kinds a running event pushes, else whole (see the module). `checked`
/// and `index` are those of the file before; they become those of the file after. The file
/// holds no audit trail: the hub writes the changes' entries and keeps only the trail's size
/// (`Checked::audit`), within its bounds. On a refusal, the file and the index are the changes'
/// partly: the hub no longer holds them.
pub fn check_changes(
    file: &mut TournamentFile,
    checked: Checked,
    index: &mut Index,
    changes: &FileChanges,
    most_players: usize,
) -> Result<Checked, Said> {
    let audit = audit_after(checked.audit, &changes.audit)?;
    file.audit = Vec::new();
    let mut checked = if quick(file, index, changes) {
        let mut checked = checked;
        match apply_and_check(file, &mut checked, index, changes) {
            Some(()) => checked,
            // Refused: in the whole check's words (which finds what the quick one found).
            None => whole(file, most_players, index, None)?,
        }
    } else {
        let unchanged = changes.unchanged(file, checked);
        changes.apply(file);
        file.audit = Vec::new();
        whole(file, most_players, index, Some(unchanged))?
    };
    checked.audit = audit;
    Ok(checked)
}

/// The records of a copy a push's changes touch, by the venue's ids, when the changes are of the
/// kinds checked record by record (see the module; none of the settings, the players or a record
/// gone). A hub that holds no file checks them against a part of its copy ([`check_part`]):
/// every round; the games named here, each with every sheet it has, and the games of the sheets
/// named here (as the copy has them), each with every sheet too; every game at one of the
/// `places`; and the players named here or by any game or sheet read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Touched {
    /// The games put, and those the sheets put come to.
    pub games: BTreeSet<i64>,
    /// The sheets put (the games they stood on are touched too).
    pub sheets: BTreeSet<i64>,
    /// Where the games put sit: the round's number, the board, the game of the match.
    pub places: BTreeSet<(i64, i64, i64)>,
    /// The players the games and sheets put and the lists given name.
    pub players: BTreeSet<i64>,
}

impl Touched {
    /// What `changes` touch (none: they are checked against the whole copy).
    pub fn of(changes: &FileChanges) -> Option<Touched> {
        let gone = !changes.rounds.gone.is_empty()
            || !changes.games.gone.is_empty()
            || !changes.sheets.gone.is_empty();
        if changes.tournament.is_some() || !changes.players.is_empty() || gone {
            return None;
        }
        let mut touched = Touched::default();
        for g in &changes.games.put {
            touched.games.insert(g.id);
            touched
                .players
                .extend(std::iter::once(g.south).chain(g.north));
            if let Some(board) = g.board {
                touched.places.insert((g.round, board, g.match_game));
            }
        }
        for s in &changes.sheets.put {
            touched.sheets.insert(s.id);
            touched.games.insert(s.game);
            touched.players.insert(s.player);
        }
        let lists = changes.byes.iter().flatten().map(|b| b.player);
        let pairs = changes.prohibited_pairs.iter().flatten().flatten().copied();
        let answers = changes.check_ins.iter().flatten().map(|c| c.player);
        touched.players.extend(lists.chain(pairs).chain(answers));
        Some(touched)
    }
}

/// Checks changes against the part of a copy they touch ([`Touched`]), read by the hub from its
/// database (its lists empty: those given are checked, the others did not change). `audit`: the
/// copy's trail as it stands. The part becomes the part after the changes, with what its check
/// gave and its index, for the hub to write the records put; none when the check finds any fault
/// or the changes are not of the kinds checked so (the hub then checks the copy whole, which words
/// any refusal). The records the part holds beside those put are replayed again, so that a game
/// touched is held to its sheets as replayed now.
pub fn check_part(
    part: &mut TournamentFile,
    audit: AuditSize,
    changes: &FileChanges,
) -> Option<(Checked, Index)> {
    let audit = audit_after(audit, &changes.audit).ok()?;
    let mut index = Index::of(part);
    if !quick(part, &index, changes) {
        return None;
    }
    let settings = TournamentSettings::parse(&part.tournament.settings).ok()?;
    let names: HashMap<i64, &str> = part
        .players
        .iter()
        .map(|p| (p.id, p.name.as_str()))
        .collect();
    let games = part
        .games
        .iter()
        .map(|g| result(g, &settings, &game_name(g, &names)).ok())
        .collect::<Option<Vec<_>>>()?;
    let sheets = (0..part.sheets.len())
        .map(|i| sheet(part, &index, i, &settings))
        .collect::<Option<Vec<_>>>()?;
    let mut checked = Checked {
        players: players(part).ok()?,
        settings,
        games,
        sheets,
        audit,
    };
    part.audit = Vec::new();
    apply_and_check(part, &mut checked, &mut index, changes)?;
    Some((checked, index))
}

/// The file checked whole, and its index made again.
fn whole(
    file: &TournamentFile,
    most_players: usize,
    index: &mut Index,
    unchanged: Option<Unchanged>,
) -> Result<Checked, Said> {
    let checked = check_after(file, most_players, unchanged)?;
    *index = Index::of(file);
    Ok(checked)
}

/// Whether the changes are of the kinds checked record by record: none of the settings, of the
/// players or of a record gone, and every round put either new or the same round (its number
/// kept, and not taken back from publication).
fn quick(file: &TournamentFile, index: &Index, changes: &FileChanges) -> bool {
    let gone = !changes.rounds.gone.is_empty()
        || !changes.games.gone.is_empty()
        || !changes.sheets.gone.is_empty();
    if changes.tournament.is_some() || !changes.players.is_empty() || gone {
        return false;
    }
    // Each record put once (a list that names one twice is checked whole).
    let once = |ids: Vec<i64>| ids.len() == ids.iter().collect::<HashSet<_>>().len();
    if !once(changes.rounds.put.iter().map(|r| r.id).collect())
        || !once(changes.games.put.iter().map(|g| g.id).collect())
        || !once(changes.sheets.put.iter().map(|s| s.id).collect())
    {
        return false;
    }
    changes
        .rounds
        .put
        .iter()
        .all(|r| match index.rounds.get(&r.id) {
            Some(&i) => {
                let before = &file.rounds[i];
                before.number == r.number
                    && (before.published_at.is_none() || r.published_at.is_some())
            }
            None => !index.numbers.contains_key(&r.number),
        })
}

/// Puts each record where [`Records::apply`] puts it (a changed one in its place, a new one last),
/// keeping the index: the ids put, with the record each replaced.
fn put<T: Clone>(
    list: &mut Vec<T>,
    places: &mut HashMap<i64, usize>,
    records: &Records<T>,
    id: impl Fn(&T) -> i64,
) -> Vec<(usize, Option<T>)> {
    records
        .put
        .iter()
        .map(|r| match places.get(&id(r)) {
            Some(&i) => (i, Some(std::mem::replace(&mut list[i], r.clone()))),
            None => {
                places.insert(id(r), list.len());
                list.push(r.clone());
                (list.len() - 1, None)
            }
        })
        .collect()
}

/// The changes applied, and each rule the whole check holds the records they touch to: `None`
/// at the first that fails.
fn apply_and_check(
    file: &mut TournamentFile,
    checked: &mut Checked,
    index: &mut Index,
    changes: &FileChanges,
) -> Option<()> {
    file.exported_at = changes.exported_at;
    for r in &changes.rounds.put {
        let taken = index.numbers.insert(r.number, r.id);
        if !(1..=MOST_ROUNDS).contains(&r.number) || taken.is_some_and(|id| id != r.id) {
            return None;
        }
    }
    put(&mut file.rounds, &mut index.rounds, &changes.rounds, |r| {
        r.id
    });
    let games = put(&mut file.games, &mut index.games, &changes.games, |g| g.id);
    let sheets = put(&mut file.sheets, &mut index.sheets, &changes.sheets, |s| {
        s.id
    });
    lists(file, changes)?;
    // The games touched: those put, and those a sheet put came to or left.
    let mut touched = BTreeSet::new();
    for (i, before) in &games {
        if let Some(before) = before {
            index.seat(before, 0);
        }
        touched.insert(file.games[*i].id);
    }
    for (i, _) in &games {
        if !index.seat(&file.games[*i], 1) {
            return None;
        }
    }
    for (i, before) in &sheets {
        let s = &file.sheets[*i];
        if let Some(before) = before.as_ref().filter(|b| b.game != s.game) {
            if let Some(of) = index.sheets_of.get_mut(&before.game) {
                of.remove(&before.id);
                if of.is_empty() {
                    index.sheets_of.remove(&before.game);
                }
            }
            touched.insert(before.game);
        }
        index.sheets_of.entry(s.game).or_default().insert(s.id);
        touched.insert(s.game);
    }
    for (i, _) in &games {
        let accepted = game(file, index, *i, &checked.settings)?;
        set(&mut checked.games, *i, accepted)?;
    }
    for (i, _) in &sheets {
        let accepted = sheet(file, index, *i, &checked.settings)?;
        set(&mut checked.sheets, *i, accepted)?;
    }
    for id in touched {
        its_sheets(file, index, checked, id)?;
    }
    Some(())
}

/// What the check gave for a record put, at its place (a new one is last).
fn set<T>(list: &mut Vec<T>, i: usize, value: T) -> Option<()> {
    match i.cmp(&list.len()) {
        std::cmp::Ordering::Less => list[i] = value,
        std::cmp::Ordering::Equal => list.push(value),
        std::cmp::Ordering::Greater => return None,
    }
    Some(())
}

/// The lists given whole, and the clock, checked as the whole check checks them.
fn lists(file: &mut TournamentFile, changes: &FileChanges) -> Option<()> {
    let given = changes.apply_lists(file);
    let clock = changes.schedule.as_ref().and_then(|s| s.value);
    if clock.is_some_and(|s| !s.problems().is_empty()) {
        return None;
    }
    if given {
        let names: HashMap<i64, &str> = file
            .players
            .iter()
            .map(|p| (p.id, p.name.as_str()))
            .collect();
        others(file, &names).ok()?;
    }
    Some(())
}

/// The names of a game's players, by id (none when one is not there).
fn players_of<'a>(
    file: &'a TournamentFile,
    index: &Index,
    g: &GamePart,
) -> Option<HashMap<i64, &'a str>> {
    std::iter::once(g.south)
        .chain(g.north)
        .map(|id| Some((id, file.players[index.player(id)?].name.as_str())))
        .collect()
}

/// A game put: its round and players, its board, and its result replayed.
fn game(
    file: &TournamentFile,
    index: &Index,
    i: usize,
    settings: &TournamentSettings,
) -> Option<Accepted> {
    let g = &file.games[i];
    let round = &file.rounds[*index.rounds.get(index.numbers.get(&g.round)?)?];
    if round.number != g.round {
        return None;
    }
    let names = players_of(file, index, g)?;
    if g.north == Some(g.south) || g.board.is_some_and(|b| b < 1) || g.match_game < 1 {
        return None;
    }
    let bye = g.north.is_none() && g.kind == Some(ResultKind::Bye);
    if round.published_at.is_none() && g.status != GameStatus::Pending && !bye {
        return None;
    }
    result(g, settings, &game_name(g, &names)).ok()
}

/// A sheet put: its game, whose player sent it, and its moves replayed.
fn sheet(
    file: &TournamentFile,
    index: &Index,
    i: usize,
    settings: &TournamentSettings,
) -> Option<Accepted> {
    let s: &SheetPart = &file.sheets[i];
    let g = &file.games[index.game(s.game)?];
    g.north?;
    if (s.player != g.south && Some(s.player) != g.north) || s.end == EndKind::Adjudication {
        return None;
    }
    let names = players_of(file, index, g)?;
    let sender = names.get(&s.player).copied().unwrap_or("?");
    let whose = crate::said!("file-sheet-of", game = game_name(g, &names), sender);
    replay_sheet(s, settings, &whose).ok()
}

/// A game touched and its sheets: each sheet one of its players', a game waiting on sheets has
/// one, and a confirmed result is its latest sheet.
fn its_sheets(file: &TournamentFile, index: &Index, checked: &Checked, id: i64) -> Option<()> {
    let i = index.game(id)?;
    let g = &file.games[i];
    let of = index.sheets_of.get(&id);
    for s in of.into_iter().flatten() {
        let s = &file.sheets[index.sheet(*s)?];
        if g.north.is_none() || (s.player != g.south && Some(s.player) != g.north) {
            return None;
        }
    }
    let latest = of.and_then(|of| of.last());
    let waits = matches!(
        g.status,
        GameStatus::Submitted | GameStatus::Confirmed | GameStatus::Disputed
    );
    if waits && latest.is_none() {
        return None;
    }
    if g.status == GameStatus::Confirmed {
        let at = index.sheet(*latest?)?;
        let s = &file.sheets[at];
        let same = g.kind == Some(ResultKind::Played)
            && g.winner == Some(s.winner)
            && g.seeds == Some(s.seeds)
            && g.end == Some(s.end)
            && checked.games[i].moves == checked.sheets[at].moves;
        if !same {
            return None;
        }
    }
    Some(())
}

#[cfg(test)]
pub(super) mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::super::changes::tests::change;
    use super::super::check::tests::file;
    use super::super::{CheckInPart, check, same};
    use super::*;
    use crate::tournament::Winner;

    /// One change a rule between records forbids (or, for a round taken back, checked whole), at
    /// random.
    fn tamper(file: &mut TournamentFile, rng: &mut StdRng) {
        let g = rng.gen_range(0..file.games.len());
        let s = rng.gen_range(0..file.sheets.len());
        let other = rng.gen_range(0..file.games.len());
        match rng.gen_range(0..12) {
            0 => file.sheets[s].player = 999,
            1 => {
                let (round, board, game) = {
                    let o = &file.games[other];
                    (o.round, o.board, o.match_game)
                };
                let g = &mut file.games[g];
                (g.round, g.board, g.match_game) = (round, board, game);
            }
            2 => {
                file.games[g].status = GameStatus::Confirmed;
                file.games[g].winner = Some(Winner::South);
            }
            3 => file.games[g].south = 888,
            4 => file.sheets[s].moves = "1. C f 2. A a".to_string(),
            5 => {
                let mut new = file.games[0].clone();
                new.id = 5000;
                new.board = Some(5000);
                new.status = GameStatus::Submitted;
                file.games.push(new);
            }
            6 => file.rounds[0].published_at = None,
            7 => file.games[g].north = Some(file.games[g].south),
            // Every sheet of a game moved to another: the game they leave may wait on one.
            8 => {
                let (from, to) = (file.sheets[s].game, file.games[other].id);
                for s in file.sheets.iter_mut().filter(|s| s.game == from) {
                    s.game = to;
                }
            }
            9 => file.games[g].round = 77,
            10 => file.sheets[s].end = EndKind::Adjudication,
            _ => file.check_ins.push(CheckInPart {
                round: 1,
                player: 777,
                present: true,
                by_player: false,
                at: file.exported_at,
            }),
        }
    }

    fn without_trail(file: &TournamentFile) -> TournamentFile {
        TournamentFile {
            audit: Vec::new(),
            ..file.clone()
        }
    }

    /// The random runs the checks of changes are tried on, by seed: a file changed at random that
    /// passes its check, what the check gave, a later file (half of them tampered with) and the
    /// changes between the two.
    fn runs() -> impl Iterator<Item = (u64, TournamentFile, Checked, TournamentFile, FileChanges)> {
        (0..2000).filter_map(|seed| {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut old = file();
            for step in 0..rng.gen_range(0..6) {
                change(&mut old, &mut rng, step);
            }
            let checked = check(&old, 50).ok()?;
            let mut new = old.clone();
            for step in 20..20 + rng.gen_range(1..4) {
                change(&mut new, &mut rng, step);
            }
            if rng.gen_bool(0.5) {
                tamper(&mut new, &mut rng);
            }
            let changes = FileChanges::between(&old, &new)?;
            Some((seed, old, checked, new, changes))
        })
    }

    #[test]
    fn changes_checked_record_by_record_are_taken_exactly_when_the_whole_check_takes_them() {
        let (mut quick_taken, mut quick_refused, mut whole_taken) = (0, 0, 0);
        for (seed, old, checked, new, changes) in runs() {
            let (mut held, mut index) = (without_trail(&old), Index::of(&old));
            let was_quick = quick(&held, &index, &changes);
            let got = check_changes(&mut held, checked, &mut index, &changes, 50);
            let expected = check(&new, 50);
            match (&got, &expected) {
                (Ok(got), Ok(expected)) => {
                    let of = |c: &Checked| format!("{:?}", (&c.players, &c.games, &c.sheets));
                    assert_eq!(of(got), of(expected), "seed {seed}");
                    assert_eq!(got.audit, expected.audit, "seed {seed}");
                    assert!(same(&held, &without_trail(&new)), "seed {seed}");
                    assert_eq!(index, Index::of(&new), "seed {seed}");
                }
                (Err(got), Err(expected)) => assert_eq!(got, expected, "seed {seed}"),
                _ => panic!("seed {seed}: {got:?} against the whole check's {expected:?}"),
            }
            match (was_quick, got.is_ok()) {
                (true, true) => quick_taken += 1,
                (true, false) => quick_refused += 1,
                (false, _) => whole_taken += 1,
            }
        }
        // Every path is taken often.
        let counts = format!("{quick_taken} {quick_refused} {whole_taken}");
        assert!(quick_taken > 100, "{counts}");
        assert!(quick_refused > 100, "{counts}");
        assert!(whole_taken > 100, "{counts}");
    }

    /// The part of a file a hub reads for changes that touch `touched`, as [`Touched`] says.
    pub(crate) fn part_of(file: &TournamentFile, touched: &Touched) -> TournamentFile {
        let mut with_sheets = touched.games.clone();
        let moved = file
            .sheets
            .iter()
            .filter(|s| touched.sheets.contains(&s.id));
        with_sheets.extend(moved.map(|s| s.game));
        let at_place = |g: &GamePart| {
            g.board
                .is_some_and(|b| touched.places.contains(&(g.round, b, g.match_game)))
        };
        let games: Vec<GamePart> = file
            .games
            .iter()
            .filter(|g| with_sheets.contains(&g.id) || at_place(g))
            .cloned()
            .collect();
        let sheets: Vec<SheetPart> = file
            .sheets
            .iter()
            .filter(|s| with_sheets.contains(&s.game))
            .cloned()
            .collect();
        let mut players = touched.players.clone();
        players.extend(
            games
                .iter()
                .flat_map(|g| std::iter::once(g.south).chain(g.north)),
        );
        players.extend(sheets.iter().map(|s| s.player));
        let records = crate::tournament::archive::FileRecords {
            players: file
                .players
                .iter()
                .filter(|p| players.contains(&p.id))
                .cloned()
                .collect(),
            rounds: file.rounds.clone(),
            games,
            sheets,
        };
        TournamentFile::of_records(file.tournament.clone(), file.exported_at, records)
    }

    /// A hub that holds no file: the changes checked against the part of its copy they touch are
    /// taken exactly when the whole file held would take them record by record, and the part
    /// after them is the whole file's after, record for record, with what the whole check gives
    /// of each.
    #[test]
    fn changes_checked_against_the_part_they_touch_are_taken_as_against_the_whole_file() {
        let (mut taken, mut refused) = (0, 0);
        for (seed, old, checked, new, changes) in runs() {
            let Some(touched) = Touched::of(&changes) else {
                continue;
            };
            // The file held whole, checked record by record.
            let (mut held, mut index) = (without_trail(&old), Index::of(&old));
            let mut whole_checked = checked.clone();
            let by_record = audit_after(checked.audit, &changes.audit).is_ok()
                && quick(&held, &index, &changes)
                && apply_and_check(&mut held, &mut whole_checked, &mut index, &changes).is_some();
            let mut part = part_of(&old, &touched);
            let got = check_part(&mut part, checked.audit, &changes);
            assert_eq!(got.is_some(), by_record, "seed {seed}");
            let Some((got, index)) = got else {
                refused += 1;
                continue;
            };
            let expected = check(&new, 50).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            for (i, g) in part.games.iter().enumerate() {
                let at = new.games.iter().position(|n| n.id == g.id).unwrap();
                assert_eq!(g, &new.games[at], "seed {seed}");
                let of = |a: &Accepted| format!("{a:?}");
                assert_eq!(of(&got.games[i]), of(&expected.games[at]), "seed {seed}");
                assert_eq!(index.game(g.id), Some(i), "seed {seed}");
            }
            for (i, s) in part.sheets.iter().enumerate() {
                let at = new.sheets.iter().position(|n| n.id == s.id).unwrap();
                assert_eq!(s, &new.sheets[at], "seed {seed}");
                let of = |a: &Accepted| format!("{a:?}");
                assert_eq!(of(&got.sheets[i]), of(&expected.sheets[at]), "seed {seed}");
                assert_eq!(index.sheet(s.id), Some(i), "seed {seed}");
            }
            let given = |file: &TournamentFile| {
                let c = &changes;
                (
                    c.byes.as_ref().map(|_| file.byes.clone()),
                    c.check_ins.as_ref().map(|_| file.check_ins.clone()),
                    c.notice.as_ref().map(|_| file.notice.clone()),
                )
            };
            assert_eq!(given(&part), given(&new), "seed {seed}");
            assert_eq!(got.audit, expected.audit, "seed {seed}");
            taken += 1;
        }
        assert!(taken > 100 && refused > 100, "{taken} {refused}");
    }

    #[test]
    fn a_game_its_sheets_leave_is_read_with_the_part_and_held_to_them() {
        let mut old = file();
        let other = GamePart {
            id: 31,
            board: Some(2),
            status: GameStatus::Pending,
            kind: None,
            winner: None,
            seeds: None,
            end: None,
            moves: None,
            ..old.games[0].clone()
        };
        old.games.push(other);
        let checked = check(&old, 10).unwrap();
        let mut new = old.clone();
        for s in &mut new.sheets {
            s.game = 31;
        }
        let changes = FileChanges::between(&old, &new).unwrap();
        let touched = Touched::of(&changes).unwrap();
        let mut part = part_of(&old, &touched);
        assert!(
            part.games.iter().any(|g| g.id == 30),
            "the game left is read"
        );
        assert!(check_part(&mut part, checked.audit, &changes).is_none());
        assert!(
            check(&new, 10).is_err(),
            "a confirmed game without its sheets"
        );
    }

    #[test]
    fn a_new_sheet_is_replayed_and_its_game_held_to_its_latest_sheet() {
        let old = file();
        let checked = check(&old, 10).unwrap();
        let mut new = old.clone();
        let mut sheet = new.sheets[1].clone();
        sheet.id = 42;
        new.sheets.push(sheet.clone());
        let changes = FileChanges::between(&old, &new).unwrap();
        let (mut held, mut index) = (old.clone(), Index::of(&old));
        assert!(quick(&held, &index, &changes));
        let got = check_changes(&mut held, checked.clone(), &mut index, &changes, 10).unwrap();
        assert_eq!(got.sheets.len(), 3);
        assert!(got.sheets[2].verified && got.sheets[2].plies == 4);
        // The confirmed game's latest sheet now says South won: refused as the whole check
        // words it.
        let mut tampered = old.clone();
        sheet.winner = Winner::South;
        tampered.sheets.push(sheet);
        let changes = FileChanges::between(&old, &tampered).unwrap();
        let (mut held, mut index) = (old.clone(), Index::of(&old));
        let e = check_changes(&mut held, checked, &mut index, &changes, 10).unwrap_err();
        assert_eq!(e, check(&tampered, 10).unwrap_err());
    }
}
