//! Single elimination from seeds: the bracket, each round's pairing, and the places. Seeds are
//! the players in pairing-number order (rating, or a previous stage's final standings); the
//! bracket is the next power of two, laid out by standard seeding so that seeds 1 and 2 meet
//! only in the final (1 and 4, 2 and 3 only in the semi-finals, ...); the places the field
//! lacks are byes, and they fall to the top seeds. Each tie is a match with deciders (a
//! knockout tie needs a winner); the better seed is South in its first game. A third-place
//! match, if asked for, is board 2 of the final round, between the semi-finals' losers.
//! Double elimination (`double.rs`) puts a match's loser into a losers' bracket instead; out
//! after two lost matches. `docs/pairing.md` ("Knockout", "Double elimination") states both
//! with worked examples.

mod double;

use std::collections::HashMap;

use serde::Serialize;

use super::format::Knockout;
use super::history::GameRecord;
use super::pairing::{Pair, RoundPairing};
use super::results::{ResultKind, Winner};

/// The seed numbers (from 1) in the order of the bracket's places, for a bracket of `size` (a
/// power of two): 1, 8, 4, 5, 2, 7, 3, 6 for eight.
pub fn seed_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let next = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, next + 1 - s]).collect();
    }
    order
}

/// The rounds a single-elimination knockout of `players` takes (the final included): the
/// rounds of a double elimination's winners' bracket.
pub fn rounds_needed(players: usize) -> i32 {
    players.max(2).next_power_of_two().trailing_zeros() as i32
}

/// The most rounds a knockout of `players` takes: `⌈log₂ n⌉` for single elimination; for double
/// elimination twice that, and one more for a second grand final, played only if the losers'
/// bracket's winner wins the first.
pub fn rounds_for(players: usize, kind: Knockout) -> i32 {
    let k = rounds_needed(players);
    if kind.double() { 2 * k + 1 } else { k }
}

/// One place of a tie.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Slot {
    /// A player, with their seed.
    Player { id: i32, seed: usize },
    /// Nobody: the opponent goes through without playing (a bye, or both players of the tie
    /// before it out by forfeit).
    Empty,
    /// The winner (or the loser) of a tie not decided yet: its number in the bracket.
    Waiting { tie: usize, loser: bool },
}

/// Which part of the bracket a tie is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    /// Single elimination's bracket, or a double elimination's winners' bracket.
    Winners,
    /// A double elimination's losers' bracket.
    Losers,
    /// A double elimination's grand final.
    GrandFinal,
    /// The second grand final: played only if the losers' bracket's winner won the first.
    Reset,
}

/// One tie of the bracket.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tie {
    /// Its number in the whole bracket (from 1, round by round), by which later ties name it.
    pub number: usize,
    /// The tournament round it is played in.
    pub round: i32,
    pub part: Part,
    /// Its round within its part (from 1).
    pub stage: i32,
    /// Its board in the round (ties with two players; a bye has none).
    pub board: Option<i32>,
    /// The better seed first.
    pub slots: [Slot; 2],
    /// Who goes through, once known.
    pub winner: Option<i32>,
    /// Who is out of this tie's bracket, once known (none for a bye; both players after a
    /// double forfeit; none for a grand final that the losers' bracket's winner wins).
    pub out: Vec<i32>,
    /// Whether the tie is settled (played and decided, a bye, or not needed).
    pub decided: bool,
    /// The match's record (its first game's id, its result and score), once paired.
    pub game: Option<i32>,
    /// The match's score of games from the first slot's side, when played.
    pub score: Option<(f64, f64)>,
    /// Decided by a forfeit (one player or both did not come), not over the board.
    pub forfeit: bool,
    /// The third-place match.
    pub third_place: bool,
}

/// The whole bracket as far as the results go.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bracket {
    pub size: usize,
    pub double: bool,
    /// The ties by tournament round.
    pub rounds: Vec<Vec<Tie>>,
    /// The last round to be played as the results stand (a double elimination ends a round
    /// early when the winners' bracket's winner wins the grand final).
    pub last: i32,
}

impl Bracket {
    /// The tie of this number.
    pub fn tie(&self, number: usize) -> Option<&Tie> {
        self.rounds.iter().flatten().find(|t| t.number == number)
    }

    /// Every tie to be played has its result: the knockout is over.
    pub fn finished(&self) -> bool {
        self.rounds
            .iter()
            .take(usize::try_from(self.last).unwrap_or(0))
            .flatten()
            .all(|t| t.decided)
    }
}

/// Why a knockout round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KnockoutError {
    #[error("a knockout needs at least two players; this one has {0}")]
    TooFew(usize),
    #[error("the knockout is over after round {0}: its final was played")]
    Over(i32),
    #[error(
        "round {round}'s ties are not all decided (board {board}): a knockout round is paired \
         from the winners, once every match of the round before has its result"
    )]
    Undecided { round: i32, board: i32 },
}

impl KnockoutError {
    /// The error as a message of the files.
    pub fn said(&self) -> crate::tournament::said::Said {
        match *self {
            KnockoutError::TooFew(players) => crate::said!("knockout-too-few", players),
            KnockoutError::Over(round) => crate::said!("knockout-over", round),
            KnockoutError::Undecided { round, board } => {
                crate::said!("knockout-undecided", round, board)
            }
        }
    }
}

/// Who won and who lost a decided match record (`None`, `None` for a double forfeit); `None`
/// while undecided.
fn outcome(record: &GameRecord) -> Option<(Option<i32>, Option<i32>)> {
    let north = record.north?;
    let south = record.south;
    Some(match record.result? {
        (ResultKind::Played, Some(Winner::South)) | (ResultKind::ForfeitNorth, _) => {
            (Some(south), Some(north))
        }
        (ResultKind::Played, Some(Winner::North)) | (ResultKind::ForfeitSouth, _) => {
            (Some(north), Some(south))
        }
        (ResultKind::DoubleForfeit, _) => (None, None),
        // A drawn knockout match cannot stand (its deciders go on): not decided.
        _ => return None,
    })
}

/// Builds a bracket tie by tie: numbers, boards round by round, results from the history.
struct Builder<'a> {
    seeds: &'a [i32],
    seed_of: HashMap<i32, usize>,
    history: &'a [GameRecord],
    rounds: Vec<Vec<Tie>>,
    numbered: usize,
}

impl<'a> Builder<'a> {
    fn new(seeds: &'a [i32], history: &'a [GameRecord], rounds: i32) -> Builder<'a> {
        Builder {
            seeds,
            seed_of: seeds.iter().enumerate().map(|(i, &p)| (p, i + 1)).collect(),
            history,
            rounds: vec![Vec::new(); usize::try_from(rounds).unwrap_or(0)],
            numbered: 0,
        }
    }

    /// The bracket's places in standard seeding order (the field's missing seeds empty).
    fn places(&self, size: usize) -> Vec<Slot> {
        seed_order(size)
            .into_iter()
            .map(|seed| match self.seeds.get(seed - 1) {
                Some(&id) => Slot::Player { id, seed },
                None => Slot::Empty,
            })
            .collect()
    }

    fn player(&self, id: i32) -> Slot {
        Slot::Player {
            id,
            seed: self.seed_of.get(&id).copied().unwrap_or(usize::MAX),
        }
    }

    /// Who goes on from a tie: its winner, nobody (a double forfeit), or the tie's winner to be.
    fn winner_slot(&self, tie: &Tie) -> Slot {
        match tie.winner {
            Some(id) => self.player(id),
            None if tie.decided => Slot::Empty,
            None => Slot::Waiting {
                tie: tie.number,
                loser: false,
            },
        }
    }

    /// Who a tie's loss sends on (to a third-place match, or a losers' bracket).
    fn loser_slot(&self, tie: &Tie) -> Slot {
        match tie.out.as_slice() {
            [id] => self.player(*id),
            _ if tie.decided => Slot::Empty,
            _ => Slot::Waiting {
                tie: tie.number,
                loser: true,
            },
        }
    }

    /// Adds the tie of `slots` to round `round`, decided as far as the history goes.
    fn tie(&mut self, round: i32, part: Part, stage: i32, mut slots: [Slot; 2]) -> Tie {
        // The better seed first; a place to be decided before an empty one.
        let seed = |s: &Slot| match s {
            Slot::Player { seed, .. } => *seed,
            Slot::Waiting { .. } => usize::MAX - 1,
            Slot::Empty => usize::MAX,
        };
        if seed(&slots[1]) < seed(&slots[0]) {
            slots.swap(0, 1);
        }
        self.numbered += 1;
        let ties = &mut self.rounds[round as usize - 1];
        let mut tie = Tie {
            number: self.numbered,
            round,
            part,
            stage,
            board: None,
            slots: slots.clone(),
            winner: None,
            out: Vec::new(),
            decided: false,
            game: None,
            score: None,
            forfeit: false,
            third_place: false,
        };
        match &slots {
            [Slot::Player { id: a, .. }, Slot::Player { id: b, .. }] => {
                tie.board = Some(ties.iter().filter(|t| t.board.is_some()).count() as i32 + 1);
                let record = self.history.iter().find(|r| {
                    r.round == round
                        && r.north.is_some()
                        && ((r.south == *a && r.north == Some(*b))
                            || (r.south == *b && r.north == Some(*a)))
                });
                if let Some(record) = record {
                    tie.game = Some(record.id);
                    tie.score = record
                        .match_points
                        .map(|(s, n)| if record.south == *a { (s, n) } else { (n, s) });
                    if let Some((winner, _)) = outcome(record) {
                        tie.forfeit = !record.is_meeting();
                        tie.winner = winner;
                        tie.out = [*a, *b]
                            .into_iter()
                            .filter(|&p| Some(p) != winner)
                            .collect();
                        tie.decided = true;
                    }
                }
            }
            [Slot::Player { id, .. }, Slot::Empty] => {
                tie.winner = Some(*id);
                tie.decided = true;
            }
            [Slot::Empty, Slot::Empty] => tie.decided = true,
            _ => {}
        }
        ties.push(tie.clone());
        tie
    }

    /// The tie last added to round `round`.
    fn last_mut(&mut self, round: i32) -> Option<&mut Tie> {
        self.rounds[round as usize - 1].last_mut()
    }
}

/// The bracket of `seeds` (player ids, best first) after the matches of `history` (the
/// tournament's pairings as records: a match's record is decided once its result counts).
pub fn bracket(seeds: &[i32], kind: Knockout, history: &[GameRecord]) -> Bracket {
    let size = seeds.len().max(2).next_power_of_two();
    let total = rounds_for(seeds.len(), kind);
    let mut b = Builder::new(seeds, history, total);
    let last = if kind.double() {
        double::build(&mut b, size)
    } else {
        single(&mut b, size, kind.third_place())
    };
    Bracket {
        size,
        double: kind.double(),
        rounds: b.rounds,
        last,
    }
}

/// Single elimination's ties; its last round.
fn single(b: &mut Builder, size: usize, third_place: bool) -> i32 {
    let total = rounds_needed(b.seeds.len());
    let mut places = b.places(size);
    let mut semi_losers: Vec<Slot> = Vec::new();
    for round in 1..=total {
        let mut next_places = Vec::new();
        for pair in places.chunks(2) {
            let tie = b.tie(
                round,
                Part::Winners,
                round,
                [pair[0].clone(), pair[1].clone()],
            );
            next_places.push(b.winner_slot(&tie));
            if round == total - 1 {
                semi_losers.push(b.loser_slot(&tie));
            }
        }
        if round == total && third_place && total >= 2 {
            let slots = [semi_losers[0].clone(), semi_losers[1].clone()];
            b.tie(round, Part::Winners, round, slots);
            if let Some(tie) = b.last_mut(round) {
                tie.third_place = true;
            }
        }
        places = next_places;
    }
    total
}

/// The pairing of knockout round `number`: its ties with two players as boards (the better seed
/// South), a player whose opponent's place is empty as a bye.
pub fn pair_round(
    seeds: &[i32],
    kind: Knockout,
    number: i32,
    history: &[GameRecord],
) -> Result<RoundPairing, KnockoutError> {
    if seeds.len() < 2 {
        return Err(KnockoutError::TooFew(seeds.len()));
    }
    let bracket = bracket(seeds, kind, history);
    if number > bracket.last {
        return Err(KnockoutError::Over(bracket.last));
    }
    let mut pairing = RoundPairing::default();
    for tie in &bracket.rounds[number as usize - 1] {
        for slot in &tie.slots {
            if let Slot::Waiting { tie, .. } = slot {
                let before = bracket.tie(*tie);
                return Err(KnockoutError::Undecided {
                    round: before.map_or(0, |t| t.round),
                    board: before.and_then(|t| t.board).unwrap_or_default(),
                });
            }
        }
        match &tie.slots {
            [Slot::Player { id: a, .. }, Slot::Player { id: b, .. }] => pairing.boards.push(Pair {
                south: *a,
                north: *b,
            }),
            [Slot::Player { id, .. }, Slot::Empty] if !tie.third_place => pairing.byes.push(*id),
            _ => {}
        }
    }
    Ok(pairing)
}

/// Each player's place as the bracket stands: `(first, last)` of the places they share (1 to
/// the players still in, for those still in).
pub fn places(bracket: &Bracket, seeds: &[i32]) -> HashMap<i32, (usize, usize)> {
    let mut place = if bracket.double {
        double::places(bracket, seeds.len())
    } else {
        single_places(bracket, seeds.len())
    };
    let still_in: Vec<i32> = seeds
        .iter()
        .copied()
        .filter(|p| !place.contains_key(p))
        .collect();
    let left = still_in.len();
    for p in still_in {
        place.insert(p, (1, left.max(1)));
    }
    place
}

/// The places of a single elimination's players out so far.
fn single_places(bracket: &Bracket, n: usize) -> HashMap<i32, (usize, usize)> {
    let total = bracket.rounds.len();
    let mut place: HashMap<i32, (usize, usize)> = HashMap::new();
    for (r, ties) in bracket.rounds.iter().enumerate() {
        let round = r + 1;
        for tie in ties.iter().filter(|tie| !tie.third_place) {
            for &loser in &tie.out {
                // Out in round r: below the players who reach round r + 1.
                let reach = bracket.size >> round;
                let bottom = (bracket.size >> (round - 1)).min(n);
                place.insert(loser, (reach + 1, bottom));
            }
            if round == total
                && let Some(w) = tie.winner
            {
                place.insert(w, (1, 1));
            }
        }
        if let Some(third) = ties
            .iter()
            .find(|tie| tie.third_place && tie.decided && tie.board.is_some())
        {
            if let Some(w) = third.winner {
                place.insert(w, (3, 3));
            }
            for &l in &third.out {
                place.insert(l, (4, 4));
            }
        }
    }
    place
}

#[cfg(test)]
mod tests;
