//! Single elimination from seeds: the bracket, each round's pairing, and the places. Seeds are
//! the players in pairing-number order (rating, or a previous stage's final standings); the
//! bracket is the next power of two, laid out by standard seeding so that seeds 1 and 2 meet
//! only in the final (1 and 4, 2 and 3 only in the semi-finals, ...); the places the field
//! lacks are byes, and they fall to the top seeds. Each tie is a match with deciders (a
//! knockout tie needs a winner); the better seed is South in its first game. A third-place
//! match, if asked for, is board 2 of the final round, between the semi-finals' losers.
//! `docs/pairing.md` ("Knockout") states it with a worked example.

use std::collections::HashMap;

use serde::Serialize;

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

/// The rounds a knockout of `players` takes (the final included).
pub fn rounds_needed(players: usize) -> i32 {
    players.max(2).next_power_of_two().trailing_zeros() as i32
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
    /// The winner (or, for the third-place match, the loser) of a tie of the round before, not
    /// decided yet: its board there.
    Waiting { round: i32, board: i32, loser: bool },
}

/// One tie of the bracket.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tie {
    pub round: i32,
    /// Its board in the round (ties with two players; a bye has none).
    pub board: Option<i32>,
    /// The better seed first.
    pub slots: [Slot; 2],
    /// Who goes through, once known.
    pub winner: Option<i32>,
    /// Who is out, once known (none for a bye; both players after a double forfeit).
    pub out: Vec<i32>,
    /// Whether the tie is settled (played and decided, or a bye).
    pub decided: bool,
    /// The match's record (its first game's id, its result and score), once paired.
    pub game: Option<i32>,
    /// The match's score of games from the first slot's side, when played.
    pub score: Option<(f64, f64)>,
    /// The third-place match.
    pub third_place: bool,
}

/// The whole bracket as far as the results go.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bracket {
    pub size: usize,
    pub rounds: Vec<Vec<Tie>>,
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

/// The bracket of `seeds` (player ids, best first) after the matches of `history` (the
/// tournament's pairings as records: a match's record is decided once its result counts).
pub fn bracket(seeds: &[i32], third_place: bool, history: &[GameRecord]) -> Bracket {
    let size = seeds.len().max(2).next_power_of_two();
    let total = rounds_needed(seeds.len());
    let seed_of: HashMap<i32, usize> = seeds.iter().enumerate().map(|(i, &p)| (p, i + 1)).collect();
    let player = |seed: usize| match seeds.get(seed - 1) {
        Some(&id) => Slot::Player { id, seed },
        None => Slot::Empty,
    };
    let mut places: Vec<Slot> = seed_order(size).into_iter().map(player).collect();
    let mut rounds: Vec<Vec<Tie>> = Vec::new();
    let mut semi_losers: Vec<Slot> = Vec::new();
    for round in 1..=total {
        let mut ties = Vec::new();
        let mut next_places = Vec::new();
        let mut board = 0;
        for pair in places.chunks(2) {
            let tie = decide(
                round,
                &mut board,
                [pair[0].clone(), pair[1].clone()],
                history,
            );
            let waiting = |loser: bool| Slot::Waiting {
                round,
                board: tie.board.unwrap_or_default(),
                loser,
            };
            next_places.push(match tie.winner {
                Some(id) => Slot::Player {
                    id,
                    seed: seed_of[&id],
                },
                None if tie.decided => Slot::Empty,
                None => waiting(false),
            });
            if round == total - 1 {
                semi_losers.push(match tie.out.as_slice() {
                    [id] => Slot::Player {
                        id: *id,
                        seed: seed_of[id],
                    },
                    _ if tie.decided => Slot::Empty,
                    _ => waiting(true),
                });
            }
            ties.push(tie);
        }
        if round == total && third_place && total >= 2 {
            let slots = [semi_losers[0].clone(), semi_losers[1].clone()];
            let mut tie = decide(round, &mut board, slots, history);
            tie.third_place = true;
            ties.push(tie);
        }
        rounds.push(ties);
        places = next_places;
    }
    Bracket { size, rounds }
}

/// A tie with its places: its board (if both are players), its match, who goes through.
fn decide(round: i32, board: &mut i32, mut slots: [Slot; 2], history: &[GameRecord]) -> Tie {
    let seed = |s: &Slot| match s {
        Slot::Player { seed, .. } => *seed,
        _ => usize::MAX,
    };
    if seed(&slots[1]) < seed(&slots[0]) {
        slots.swap(0, 1);
    }
    let mut tie = Tie {
        round,
        board: None,
        slots: slots.clone(),
        winner: None,
        out: Vec::new(),
        decided: false,
        game: None,
        score: None,
        third_place: false,
    };
    match &slots {
        [Slot::Player { id: a, .. }, Slot::Player { id: b, .. }] => {
            *board += 1;
            tie.board = Some(*board);
            let record = history.iter().find(|r| {
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
    tie
}

/// The pairing of knockout round `number`: its ties with two players as boards (the better seed
/// South), a player whose opponent's place is empty as a bye.
pub fn pair_round(
    seeds: &[i32],
    third_place: bool,
    number: i32,
    history: &[GameRecord],
) -> Result<RoundPairing, KnockoutError> {
    if seeds.len() < 2 {
        return Err(KnockoutError::TooFew(seeds.len()));
    }
    let total = rounds_needed(seeds.len());
    if number > total {
        return Err(KnockoutError::Over(total));
    }
    let bracket = bracket(seeds, third_place, history);
    let mut pairing = RoundPairing::default();
    for tie in &bracket.rounds[number as usize - 1] {
        for slot in &tie.slots {
            if let Slot::Waiting { round, board, .. } = slot {
                return Err(KnockoutError::Undecided {
                    round: *round,
                    board: *board,
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
    let n = seeds.len();
    let total = bracket.rounds.len();
    let mut place: HashMap<i32, (usize, usize)> = HashMap::new();
    let mut still_in: Vec<i32> = seeds.to_vec();
    for (r, ties) in bracket.rounds.iter().enumerate() {
        let round = r + 1;
        for tie in ties.iter().filter(|t| !t.third_place) {
            for &loser in &tie.out {
                // Out in round r: below the players who reach round r + 1.
                let reach = bracket.size >> round;
                let bottom = (bracket.size >> (round - 1)).min(n);
                place.insert(loser, (reach + 1, bottom));
                still_in.retain(|&p| p != loser);
            }
            if round == total
                && let Some(w) = tie.winner
            {
                place.insert(w, (1, 1));
            }
        }
        if let Some(third) = ties
            .iter()
            .find(|t| t.third_place && t.decided && t.board.is_some())
        {
            if let Some(w) = third.winner {
                place.insert(w, (3, 3));
            }
            for &l in &third.out {
                place.insert(l, (4, 4));
            }
        }
    }
    let left = still_in.iter().filter(|p| !place.contains_key(p)).count();
    for p in still_in {
        place.entry(p).or_insert((1, left.max(1)));
    }
    place
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(id: i32, round: i32, south: i32, north: i32, south_wins: bool) -> GameRecord {
        GameRecord {
            id,
            round,
            board: Some(1),
            south,
            north: Some(north),
            result: Some((
                ResultKind::Played,
                Some(if south_wins {
                    Winner::South
                } else {
                    Winner::North
                }),
            )),
            seeds: Some((25, 23)),
            match_points: None,
        }
    }

    #[test]
    fn standard_seeding_keeps_the_top_seeds_apart() {
        assert_eq!(seed_order(2), [1, 2]);
        assert_eq!(seed_order(4), [1, 4, 2, 3]);
        assert_eq!(seed_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        let sixteen = seed_order(16);
        // 1 and 2 in different halves, 1-4 in different quarters.
        assert!(sixteen[..8].contains(&1) && sixteen[8..].contains(&2));
        for q in 0..4 {
            let quarter = &sixteen[q * 4..q * 4 + 4];
            assert_eq!(quarter.iter().filter(|&&s| s <= 4).count(), 1);
        }
        assert_eq!(rounds_needed(12), 4);
        assert_eq!(rounds_needed(16), 4);
        assert_eq!(rounds_needed(2), 1);
    }

    #[test]
    fn twelve_players_give_byes_to_the_top_four_and_advance_winners() {
        let seeds: Vec<i32> = (101..=112).collect();
        let one = pair_round(&seeds, true, 1, &[]).unwrap();
        // Seeds 1-4 have byes; 5-12 play: 5-12, 6-11, 7-10, 8-9, the better seed South.
        assert_eq!(one.byes, [101, 104, 102, 103]);
        assert_eq!(
            one.boards,
            [
                Pair {
                    south: 108,
                    north: 109
                },
                Pair {
                    south: 105,
                    north: 112
                },
                Pair {
                    south: 107,
                    north: 110
                },
                Pair {
                    south: 106,
                    north: 111
                },
            ]
        );
        // Round 2 waits for round 1's results.
        assert_eq!(
            pair_round(&seeds, true, 2, &[]),
            Err(KnockoutError::Undecided { round: 1, board: 1 })
        );
        // The lower seeds win every match of round 1.
        let history = vec![
            won(1, 1, 108, 109, false),
            won(2, 1, 105, 112, false),
            won(3, 1, 107, 110, false),
            won(4, 1, 106, 111, false),
        ];
        let two = pair_round(&seeds, true, 2, &history).unwrap();
        assert!(two.byes.is_empty());
        assert_eq!(
            two.boards,
            [
                Pair {
                    south: 101,
                    north: 109
                },
                Pair {
                    south: 104,
                    north: 112
                },
                Pair {
                    south: 102,
                    north: 110
                },
                Pair {
                    south: 103,
                    north: 111
                },
            ]
        );
        let bracket = bracket(&seeds, true, &history);
        let places = places(&bracket, &seeds);
        assert_eq!(places[&108], (9, 12));
        assert_eq!(places[&101], (1, 8));
        assert_eq!(
            pair_round(&seeds, true, 5, &history),
            Err(KnockoutError::Over(4))
        );
    }

    #[test]
    fn the_final_and_the_third_place_match_decide_the_first_four_places() {
        let seeds = [1, 2, 3, 4];
        let semis = vec![won(1, 1, 1, 4, true), won(2, 1, 2, 3, false)];
        let last = pair_round(&seeds, true, 2, &semis).unwrap();
        assert_eq!(
            last.boards,
            [Pair { south: 1, north: 3 }, Pair { south: 2, north: 4 }]
        );
        let mut history = semis.clone();
        history.push(won(3, 2, 1, 3, false));
        history.push(won(4, 2, 2, 4, true));
        let b = bracket(&seeds, true, &history);
        let p = places(&b, &seeds);
        assert_eq!(
            (p[&3], p[&1], p[&2], p[&4]),
            ((1, 1), (2, 2), (3, 3), (4, 4))
        );
        // Without a third-place match, the semi-finals' losers share third.
        let b = bracket(&seeds, false, &history[..3]);
        let p = places(&b, &seeds);
        assert_eq!((p[&2], p[&4]), ((3, 4), (3, 4)));
    }
}
