//! Legal moves, playing a move, and the end of the game, for any `Rules`.

use std::collections::HashSet;

use super::board::{PITS, Pit, Position, Side, row_total};
use super::moves::{Collect, EndReason, IllegalMove, Move, MoveList, Outcome, Played};
use super::rules::{Agreement, Capture, GrandSlam, MustFeed, NoFeed, Rules, Sowing};

/// Captures needed for the majority end.
pub const MAJORITY: u8 = 25;

#[inline]
fn next_pit(p: usize) -> usize {
    if p == PITS - 1 { 0 } else { p + 1 }
}

/// Whether a move from `pit` holding `seeds` sows at least one seed into the opponent's row.
#[inline]
fn feeds(pit: usize, seeds: u8) -> bool {
    // The opponent's row starts `6 - pit % 6` pits further on.
    usize::from(seeds) >= 6 - pit % 6
}

/// The result of sowing one move, before the end of the game is looked at.
struct Step {
    position: Position,
    sown: u32,
    captured: [u8; 2],
    grand_slam: bool,
    capture_declined: bool,
    forfeit: bool,
    /// An end decided by the move itself (grand slam lost, forfeit, last seeds).
    end: Option<Outcome>,
}

impl Rules {
    /// The moves the side to move may play; none when the game is over.
    pub fn legal_moves(&self, pos: &Position) -> MoveList {
        self.analyse(pos).0
    }

    /// How the game stands in `pos` by the position alone (majority, a starved player): `None`
    /// while it goes on. Repetition needs the game's history: see [`Game`].
    pub fn outcome(&self, pos: &Position) -> Option<Outcome> {
        self.analyse(pos).1
    }

    /// Plays `mv` in `pos` with every legality check.
    pub fn play(&self, pos: &Position, mv: Move) -> Result<Played, IllegalMove> {
        let pit = mv.pit;
        let side = pos.to_move();
        if pit.owner() != side {
            return Err(IllegalMove::WrongSide { pit, side });
        }
        if pos.seeds_at(pit.index()) == 0 {
            return Err(IllegalMove::EmptyPit { pit });
        }
        if let Some(end) = self.position_end(pos) {
            return Err(IllegalMove::GameOver(end.reason));
        }
        self.play_unfinished(pos, mv)
    }

    /// [`Rules::play`] in a position already known not to be over (a [`Game`] knows that from
    /// its previous move), so the end is not looked for twice.
    pub(crate) fn play_unfinished(&self, pos: &Position, mv: Move) -> Result<Played, IllegalMove> {
        let pit = mv.pit;
        let side = pos.to_move();
        if pit.owner() != side {
            return Err(IllegalMove::WrongSide { pit, side });
        }
        if pos.seeds_at(pit.index()) == 0 {
            return Err(IllegalMove::EmptyPit { pit });
        }
        let opponent = side.other();
        if self.must_feed == MustFeed::Legal
            && pos.row_total(opponent) == 0
            && !feeds(pit.index(), pos.seeds_at(pit.index()))
            && feed_exists(pos)
        {
            return Err(IllegalMove::DoesNotFeed { pit });
        }
        let step = self.step(pos, mv)?;
        if self.must_feed == MustFeed::AtEndOfMove
            && step.position.row_total(opponent) == 0
            && self.some_move_leaves_opponent_seeds(pos)
        {
            return Err(IllegalMove::DoesNotFeed { pit });
        }
        let end = step.end.or_else(|| self.position_end(&step.position));
        Ok(Played {
            mv,
            side,
            position: step.position,
            sown: step.sown,
            captured: step.captured,
            grand_slam: step.grand_slam,
            capture_declined: step.capture_declined,
            forfeit: step.forfeit,
            end,
        })
    }

    /// How an end by agreement scores `pos`, or `None` if these rules know no such end.
    pub fn agreement_outcome(&self, pos: &Position) -> Option<Outcome> {
        let collect = match self.agreement {
            Agreement::NotAllowed => return None,
            Agreement::OwnRows => Collect::OwnRows,
            Agreement::OwnRowsOrSplit => {
                if pos.stores().iter().any(|&s| s >= MAJORITY) {
                    Collect::OwnRows
                } else {
                    // An impasse: split evenly, the player with more seeds on their row keeps
                    // the odd one.
                    let left = pos.board_total();
                    let (south_row, north_row) =
                        (pos.row_total(Side::South), pos.row_total(Side::North));
                    let mut stores = [
                        pos.store(Side::South) + left / 2,
                        pos.store(Side::North) + left / 2,
                    ];
                    if left % 2 == 1 {
                        let keeper = if south_row > north_row {
                            Side::South
                        } else {
                            Side::North
                        };
                        stores[keeper.index()] += 1;
                    }
                    return Some(Outcome::by_stores(EndReason::Agreement, stores));
                }
            }
        };
        Some(Outcome::collecting(EndReason::Agreement, pos, collect))
    }

    /// Legal moves and position-decided end in one pass.
    fn analyse(&self, pos: &Position) -> (MoveList, Option<Outcome>) {
        let mut moves = MoveList::new();
        if let Some(end) = self.early_end(pos) {
            return (moves, Some(end));
        }
        let side = pos.to_move();
        let first = side.first_pit();
        let opponent_starved = pos.row_total(side.other()) == 0;
        match self.must_feed {
            MustFeed::Legal | MustFeed::Forfeit => {
                let feeding = opponent_starved && feed_exists(pos);
                if opponent_starved && !feeding && self.no_feed != NoFeed::PlayOn {
                    return (moves, self.no_feed_end(pos));
                }
                let only_feeding = feeding && self.must_feed == MustFeed::Legal;
                for p in first..first + 6 {
                    let seeds = pos.seeds_at(p);
                    if seeds == 0 || (only_feeding && !feeds(p, seeds)) {
                        continue;
                    }
                    self.push_move(pos, p, &mut moves);
                }
            }
            MustFeed::AtEndOfMove => {
                let mut all = MoveList::new();
                for p in first..first + 6 {
                    if pos.seeds_at(p) == 0 {
                        continue;
                    }
                    let pit = Pit::new(p).expect("pit index below 12");
                    if let Ok(step) = self.step(pos, Move::new(pit, true)) {
                        all.push(Move::new(pit, true));
                        if step.position.row_total(side.other()) > 0 {
                            moves.push(Move::new(pit, true));
                        }
                    }
                }
                if moves.is_empty() {
                    if self.no_feed == NoFeed::PlayOn && !all.is_empty() {
                        return (all, None);
                    }
                    return (moves, self.no_feed_end(pos));
                }
            }
        }
        (moves, None)
    }

    /// Adds the move(s) from pit `p`: with optional captures, a capturing move comes both taken
    /// and declined.
    #[inline]
    fn push_move(&self, pos: &Position, p: usize, moves: &mut MoveList) {
        let pit = Pit::new(p).expect("pit index below 12");
        if self.compulsory_capture {
            moves.push(Move::new(pit, true));
            return;
        }
        moves.push(Move::new(pit, false));
        if let Ok(step) = self.step(pos, Move::new(pit, true))
            && (step.captured.iter().any(|&c| c > 0) || step.end.is_some() && step.grand_slam)
        {
            moves.push(Move::new(pit, true));
        }
    }

    /// The end decided by the position alone.
    #[inline]
    fn position_end(&self, pos: &Position) -> Option<Outcome> {
        self.early_end(pos).or_else(|| {
            let opponent_starved = pos.row_total(pos.to_move().other()) == 0;
            match self.must_feed {
                MustFeed::Legal | MustFeed::Forfeit => {
                    if opponent_starved && !feed_exists(pos) {
                        self.no_feed_end(pos)
                    } else {
                        None
                    }
                }
                MustFeed::AtEndOfMove => self.analyse(pos).1,
            }
        })
    }

    /// Ends that need no look at the moves: majority, few seeds left, a player with no seeds.
    #[inline]
    fn early_end(&self, pos: &Position) -> Option<Outcome> {
        if self.majority_ends
            && (pos.store(Side::South) >= MAJORITY || pos.store(Side::North) >= MAJORITY)
        {
            return Some(Outcome::by_stores(EndReason::Majority, pos.stores()));
        }
        if self.last_seeds > 0 && pos.board_total() <= self.last_seeds {
            // Only a set-up position starts this way: nobody has captured, so each takes their row.
            return Some(Outcome::collecting(
                EndReason::LastSeeds,
                pos,
                Collect::OwnRows,
            ));
        }
        if pos.row_total(pos.to_move()) == 0 {
            // The player to move has nothing to sow: the other player takes their own row.
            let collect = if self.no_feed == NoFeed::Unscored {
                Collect::Nothing
            } else {
                Collect::Row(pos.to_move().other())
            };
            return Some(Outcome::collecting(EndReason::NoFeed, pos, collect));
        }
        None
    }

    /// The end when the opponent is starved and cannot be fed (`None` when play goes on).
    fn no_feed_end(&self, pos: &Position) -> Option<Outcome> {
        let collect = match self.no_feed {
            NoFeed::MoverTakesRow => Collect::Row(pos.to_move()),
            NoFeed::PlayOn => return None,
            NoFeed::Unscored => Collect::Nothing,
            NoFeed::OwnRows => Collect::OwnRows,
        };
        Some(Outcome::collecting(EndReason::NoFeed, pos, collect))
    }

    fn some_move_leaves_opponent_seeds(&self, pos: &Position) -> bool {
        let side = pos.to_move();
        let first = side.first_pit();
        (first..first + 6).any(|p| {
            pos.seeds_at(p) > 0
                && self
                    .step(
                        pos,
                        Move::new(Pit::new(p).expect("pit index below 12"), true),
                    )
                    .is_ok_and(|s| s.position.row_total(side.other()) > 0)
        })
    }

    /// Sows `mv` and makes its captures. The pit must belong to the side to move and hold seeds.
    #[inline]
    fn step(&self, pos: &Position, mv: Move) -> Result<Step, IllegalMove> {
        let side = pos.to_move();
        let opponent = side.other();
        let origin = mv.pit.index();
        let mut captured = [0u8; 2];
        let mut last_capturer = None;
        let mut end = None;
        // The pits are worked on as one integer and written back once.
        let (mut pits, last, sown, ended_by_four) = if self.is_standard_sowing() {
            let (pits, last, sown) = sow_standard(pos.packed_pits(), origin);
            (pits, last, sown, false)
        } else {
            let mut board = pos.pits();
            let (last, sown, ended_by_four) =
                self.sow_general(&mut board, origin, side, &mut captured, &mut last_capturer)?;
            let mut bytes = [0u8; 16];
            bytes[..PITS].copy_from_slice(&board);
            (u128::from_le_bytes(bytes), last, sown, ended_by_four)
        };

        let mut grand_slam = false;
        let mut capture_declined = false;
        if self.capture == Capture::TwoOrThree && !ended_by_four {
            let (chain_start, chain_total) = capture_chain(pits, last, opponent.first_pit());
            if chain_total > 0 {
                let takes = self.compulsory_capture || mv.capture;
                if chain_total == row_total(pits, opponent) {
                    grand_slam = true;
                    if takes && self.grand_slam == GrandSlam::Loses {
                        end = Some(Outcome {
                            reason: EndReason::GrandSlam,
                            stores: pos.stores(),
                            winner: Some(opponent),
                        });
                    }
                } else if takes {
                    pits &= !byte_range_mask(chain_start, last);
                    captured[side.index()] += chain_total;
                    last_capturer = Some(side);
                } else {
                    capture_declined = true;
                }
            }
        }
        let next = pos.with_pits(pits).add_to_stores(captured).pass_turn();

        let mut forfeit = false;
        if end.is_none()
            && self.must_feed == MustFeed::Forfeit
            && pos.row_total(opponent) == 0
            && row_total(pits, opponent) == 0
            && feed_exists(pos)
        {
            forfeit = true;
            end = Some(Outcome::collecting(
                EndReason::Forfeit,
                &next,
                Collect::All(opponent),
            ));
        }
        if end.is_none() && self.last_seeds > 0 && next.board_total() <= self.last_seeds {
            let collect = last_capturer.map_or(Collect::OwnRows, Collect::All);
            end = Some(Outcome::collecting(EndReason::LastSeeds, &next, collect));
        }
        Ok(Step {
            position: next,
            sown,
            captured,
            grand_slam,
            capture_declined,
            forfeit,
            end,
        })
    }

    /// Sowing for relay rules and captures of fours, one seed at a time. Returns the last pit,
    /// the seeds sown, and whether a four made by the last seed ended the move.
    #[inline(never)]
    fn sow_general(
        &self,
        pits: &mut [u8; PITS],
        origin: usize,
        side: Side,
        captured: &mut [u8; 2],
        last_capturer: &mut Option<Side>,
    ) -> Result<(usize, u32, bool), IllegalMove> {
        let skip_origin = self.sowing == Sowing::SkipOrigin;
        let mut hand = pits[origin];
        pits[origin] = 0;
        let mut p = origin;
        let mut sown = 0u32;
        loop {
            while hand > 0 {
                p = next_pit(p);
                if skip_origin && p == origin {
                    continue;
                }
                pits[p] += 1;
                hand -= 1;
                sown += 1;
                if sown > self.max_sown {
                    return Err(IllegalMove::Endless {
                        pit: Pit::new(origin).expect("pit index below 12"),
                        limit: self.max_sown,
                    });
                }
                if self.capture == Capture::Fours && pits[p] == 4 {
                    let taker = if hand == 0 {
                        side
                    } else {
                        Pit::new(p).expect("pit index below 12").owner()
                    };
                    captured[taker.index()] += 4;
                    pits[p] = 0;
                    *last_capturer = Some(taker);
                    if hand == 0 {
                        return Ok((p, sown, true));
                    }
                }
            }
            if self.sowing == Sowing::Relay && pits[p] > 1 {
                hand = pits[p];
                pits[p] = 0;
            } else {
                return Ok((p, sown, false));
            }
        }
    }
}

/// What standard sowing adds to the packed pits, by origin and seed count (a pit never holds
/// more than the 48 seeds of the game), and the pit where the last seed falls.
struct SowTable {
    adds: [[u128; 49]; PITS],
    last: [[u8; 49]; PITS],
}

const fn sow_table() -> SowTable {
    let mut adds = [[0u128; 49]; PITS];
    let mut last = [[0u8; 49]; PITS];
    let mut origin = 0;
    while origin < PITS {
        let mut seeds = 0;
        while seeds <= 48 {
            let mut p = origin;
            let mut k = 0;
            while k < seeds {
                p = (p + 1) % PITS;
                if p == origin {
                    p = (p + 1) % PITS;
                }
                adds[origin][seeds] += 1 << (8 * p);
                k += 1;
            }
            last[origin][seeds] = p as u8;
            seeds += 1;
        }
        origin += 1;
    }
    SowTable { adds, last }
}

static SOW: SowTable = sow_table();

/// Standard sowing on packed pits: one seed a pit, skipping the origin on every lap. Returns the
/// pits, the last pit and the seeds sown.
#[inline]
fn sow_standard(pits: u128, origin: usize) -> (u128, usize, u32) {
    let seeds = usize::from(byte(pits, origin));
    let emptied = pits & !(0xFF << (8 * origin));
    (
        emptied + SOW.adds[origin][seeds],
        usize::from(SOW.last[origin][seeds]),
        seeds as u32,
    )
}

#[inline]
fn byte(pits: u128, p: usize) -> u8 {
    (pits >> (8 * p)) as u8
}

/// The bytes of pits `from..=to`.
#[inline]
fn byte_range_mask(from: usize, to: usize) -> u128 {
    let upto = if to >= 15 {
        u128::MAX
    } else {
        (1u128 << (8 * (to + 1))) - 1
    };
    upto & !((1u128 << (8 * from)) - 1)
}

/// The 2-or-3 capture chain ending at `last`, running back clockwise within the opponent's row:
/// its first pit and its total (0 when nothing is captured).
#[inline]
fn capture_chain(pits: u128, last: usize, opponent_first: usize) -> (usize, u8) {
    if last < opponent_first || last >= opponent_first + 6 {
        return (last, 0);
    }
    let mut total = 0;
    let mut p = last;
    loop {
        let n = byte(pits, p);
        if n != 2 && n != 3 {
            return (p + 1, total);
        }
        total += n;
        if p == opponent_first {
            return (p, total);
        }
        p -= 1;
    }
}

/// Whether the side to move has a move that sows into the opponent's row.
#[inline]
fn feed_exists(pos: &Position) -> bool {
    let first = pos.to_move().first_pit();
    (first..first + 6).any(|p| pos.seeds_at(p) > 0 && feeds(p, pos.seeds_at(p)))
}

/// Positions seen since the last capture (only those can recur: captures never undo).
#[derive(Clone, Debug, Default)]
struct Seen {
    recent: Vec<u128>,
    many: HashSet<u128>,
}

impl Seen {
    /// Records `key`; true if it was already there.
    fn repeat(&mut self, key: u128) -> bool {
        if self.many.is_empty() {
            if self.recent.contains(&key) {
                return true;
            }
            self.recent.push(key);
            if self.recent.len() > 64 {
                self.many.extend(self.recent.drain(..));
            }
            false
        } else {
            !self.many.insert(key)
        }
    }

    fn clear(&mut self) {
        self.recent.clear();
        self.many.clear();
    }
}

/// A game under way: the position plus what the rules need from its history (repetitions).
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    position: Position,
    seen: Seen,
    plies: u32,
    end: Option<Outcome>,
}

impl Game {
    pub fn new(rules: Rules, start: Position) -> Game {
        let mut seen = Seen::default();
        seen.repeat(start.key());
        let end = rules.outcome(&start);
        Game {
            rules,
            position: start,
            seen,
            plies: 0,
            end,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Plies played so far.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The end, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.end
    }

    pub fn legal_moves(&self) -> MoveList {
        if self.end.is_some() {
            MoveList::new()
        } else {
            self.rules.legal_moves(&self.position)
        }
    }

    /// Plays a move; the game's end (including a repetition) is in the answer.
    pub fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        if let Some(end) = self.end {
            return Err(IllegalMove::GameOver(end.reason));
        }
        let mut played = self.rules.play_unfinished(&self.position, mv)?;
        if played.end.is_none() && self.rules.repetition_ends {
            if played.captured != [0, 0] {
                self.seen.clear();
            }
            if self.seen.repeat(played.position.key()) {
                played.end = Some(Outcome::collecting(
                    EndReason::Repetition,
                    &played.position,
                    Collect::OwnRows,
                ));
            }
        }
        self.position = played.position;
        self.plies += 1;
        self.end = played.end;
        Ok(played)
    }

    /// Ends the game by the players' agreement, as the rules score it.
    pub fn agree(&mut self) -> Option<Outcome> {
        if self.end.is_some() {
            return None;
        }
        let end = self.rules.agreement_outcome(&self.position)?;
        self.end = Some(end);
        Some(end)
    }
}

/// The number of move sequences of length `depth` from `pos` (a finished game has no moves).
pub fn perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = rules.legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| match rules.step(pos, mv) {
            Ok(step) if step.end.is_none() => perft(rules, &step.position, depth - 1),
            _ => 0,
        })
        .sum()
}

/// The number of move sequences of length `depth` from `pos` as a game played under `rules`
/// counts them: where the rules end a game on a repeated position, a move that repeats a
/// position since the last capture (`pos` included) ends the game there, as in [`Game`].
pub fn perft_game(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    if !rules.repetition_ends {
        return perft(rules, pos, depth);
    }
    let mut seen = vec![pos.key()];
    perft_seen(rules, pos, depth, &mut seen)
}

/// `seen`: the positions since the last capture, the current one last.
fn perft_seen(rules: &Rules, pos: &Position, depth: u32, seen: &mut Vec<u128>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = rules.legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let Ok(step) = rules.step(pos, mv) else {
            continue;
        };
        if step.end.is_some() {
            continue;
        }
        let key = step.position.key();
        if step.captured != [0, 0] {
            // Captures never undo: no position before this one can come again.
            let mut fresh = vec![key];
            total += perft_seen(rules, &step.position, depth - 1, &mut fresh);
        } else if !seen.contains(&key) {
            seen.push(key);
            total += perft_seen(rules, &step.position, depth - 1, seen);
            seen.pop();
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(pits: [u8; 12]) -> u128 {
        let mut bytes = [0u8; 16];
        bytes[..12].copy_from_slice(&pits);
        u128::from_le_bytes(bytes)
    }

    fn pos(s: &str) -> Position {
        s.parse().unwrap()
    }

    fn mv(letter: char) -> Move {
        let index = if letter.is_ascii_uppercase() {
            letter as usize - 'A' as usize
        } else {
            letter as usize - 'a' as usize + 6
        };
        Move::new(Pit::new(index).unwrap(), true)
    }

    /// Counts as a game does: every sequence played out in a [`Game`], which keeps the history.
    fn perft_by_games(game: &Game, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = game.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&mv| {
                let mut next = game.clone();
                match next.play(mv) {
                    Ok(p) if p.end.is_none() => perft_by_games(&next, depth - 1),
                    _ => 0,
                }
            })
            .sum()
    }

    #[test]
    fn perft_follows_the_repetition_rule() {
        // One seed a side: the seeds go round and the position comes again after 12 plies.
        let start = pos("0-0-0-0-1-0-0-0-0-0-0-1-23-23-S");
        let rules = Rules::abapa();
        assert!(rules.repetition_ends);
        let mut differs = false;
        for depth in 1..=14 {
            let with_history = perft_game(&rules, &start, depth);
            assert_eq!(
                with_history,
                perft_by_games(&Game::new(rules.clone(), start), depth),
                "depth {depth}"
            );
            differs |= with_history != perft(&rules, &start, depth);
        }
        assert!(differs, "a repetition ends some sequences within 14 plies");
        // Rules without the repetition end count as before.
        let tournament = super::super::Preset::Tournament.rules();
        assert!(!tournament.repetition_ends);
        assert_eq!(
            perft_game(&tournament, &Position::start(), 6),
            perft(&tournament, &Position::start(), 6)
        );
    }

    #[test]
    fn first_move_sows_four() {
        let played = Rules::abapa().play(&Position::start(), mv('C')).unwrap();
        assert_eq!(played.position.to_string(), "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N");
        assert_eq!(played.sown, 4);
        assert_eq!(played.end, None);
    }

    #[test]
    fn capture_chain_stops_at_row_start() {
        let pits = pack([0, 0, 0, 0, 0, 0, 2, 3, 1, 0, 0, 0]);
        assert_eq!(capture_chain(pits, 7, 6), (6, 5));
        assert_eq!(capture_chain(pits, 8, 6).1, 0);
        assert_eq!(capture_chain(pits, 3, 6).1, 0);
        assert_eq!(byte_range_mask(6, 7), 0xFFFF << 48);
        assert_eq!(byte_range_mask(0, 11), (1 << 96) - 1);
    }

    #[test]
    fn twelve_seeds_skip_the_origin() {
        let (pits, last, sown) = sow_standard(pack([0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 2);
        assert_eq!(pits, pack([1, 1, 0, 2, 1, 1, 1, 1, 1, 1, 1, 1]));
        assert_eq!((last, sown), (3, 12));
        let (pits, last, _) = sow_standard(pack([0, 0, 22, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 2);
        assert_eq!(pits, pack([2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2]));
        assert_eq!(last, 1);
    }

    #[test]
    fn wrong_side_and_empty_pit_are_illegal() {
        let rules = Rules::abapa();
        assert!(matches!(
            rules.play(&Position::start(), mv('a')),
            Err(IllegalMove::WrongSide { .. })
        ));
        let p = pos("0-4-4-4-4-4-4-4-4-4-4-8-0-0-S");
        assert!(matches!(
            rules.play(&p, mv('A')),
            Err(IllegalMove::EmptyPit { .. })
        ));
    }
}
