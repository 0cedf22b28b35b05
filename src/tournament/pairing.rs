//! Pairings: round robin by Berger tables, Swiss by maximum-weight matching, and the checks a
//! hand-entered pairing must pass.

use crate::tournament::said::Said;
use std::collections::{HashMap, HashSet};

use serde::Serialize;

/// One board of a round: South moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Pair {
    pub south: i32,
    pub north: i32,
}

/// A round's pairings: the boards in order, and the players with a bye.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RoundPairing {
    pub boards: Vec<Pair>,
    pub byes: Vec<i32>,
}

/// Berger-table round robin for `players` (in seeding order): round `round` (1-based). With an
/// odd number of players, the one drawn against the missing opponent has a bye. After `n - 1`
/// rounds (a full cycle) the cycle repeats with the first moves swapped.
pub fn round_robin(players: &[i32], round: usize) -> RoundPairing {
    let mut seats: Vec<Option<i32>> = players.iter().copied().map(Some).collect();
    if seats.len() % 2 == 1 {
        seats.push(None);
    }
    let n = seats.len();
    if n < 2 || round == 0 {
        return RoundPairing::default();
    }
    let cycle_len = n - 1;
    let r = (round - 1) % cycle_len;
    let swapped = ((round - 1) / cycle_len) % 2 == 1;
    let mut table: Vec<(usize, usize)> = Vec::with_capacity(n / 2);
    // The last seat stays; the others turn around it. Alternating the fixed seat's side and
    // taking (r + k) against (r - k) gives every player as many first moves as second moves
    // (one more of one kind when they play an odd number of games).
    let fixed = n - 1;
    table.push(if r.is_multiple_of(2) {
        (r, fixed)
    } else {
        (fixed, r)
    });
    for k in 1..n / 2 {
        table.push(((r + k) % cycle_len, (r + cycle_len - k) % cycle_len));
    }
    let mut pairing = RoundPairing::default();
    for (a, b) in table {
        let (a, b) = if swapped { (b, a) } else { (a, b) };
        match (seats[a], seats[b]) {
            (Some(south), Some(north)) => pairing.boards.push(Pair { south, north }),
            (Some(p), None) | (None, Some(p)) => pairing.byes.push(p),
            (None, None) => {}
        }
    }
    pairing
}

/// What a hand-entered pairing must not do, and what it should be warned about.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PairingCheck {
    pub errors: Vec<Said>,
    pub warnings: Vec<Said>,
}

/// What round `round`'s pairing must respect besides the rounds before it (pairs of ids, the
/// smaller first).
#[derive(Clone, Debug, Default)]
pub struct Restrictions {
    pub round: i32,
    /// Pairs the controller ruled out: never seated.
    pub ruled_out: HashSet<(i32, i32)>,
    /// Clubmates kept apart this round: a generated round avoids them, one by hand is warned.
    pub clubmates: HashSet<(i32, i32)>,
    /// Players who asked for a bye this round: not paired.
    pub away: HashSet<i32>,
}

/// Checks a round's pairing (its boards, each with the number it is played at, and its byes)
/// against the tournament's players (id → (name, withdrawn)), the games already played (pairs
/// of ids), the byes already given and the round's restrictions. Every message names the board
/// it is about, as the controller numbered it.
pub fn check_pairing(
    boards: &[(i32, Pair)],
    byes: &[i32],
    players: &HashMap<i32, (String, bool)>,
    met: &HashSet<(i32, i32)>,
    had_bye: &HashSet<i32>,
    restrictions: &Restrictions,
) -> PairingCheck {
    let mut check = PairingCheck::default();
    // Where each player was seated first: "board 3", "a bye".
    let mut seen: HashMap<i32, Said> = HashMap::new();
    let name = |id: i32| {
        players
            .get(&id)
            .map_or(format!("#{id}"), |(n, _)| n.clone())
    };
    let mut use_player = |id: i32, place: &Said, check: &mut PairingCheck| match players.get(&id) {
        None => check.errors.push(crate::said!(
            "pairing-unknown-player",
            place = place.clone(),
            id
        )),
        Some((n, withdrawn)) => {
            if *withdrawn {
                check
                    .errors
                    .push(crate::said!("has-withdrawn", place = place.clone(), n));
            }
            match seen.get(&id) {
                Some(first) => check.errors.push(crate::said!(
                    "paired-twice-round-also",
                    place = place.clone(),
                    n,
                    first = first.clone()
                )),
                None => {
                    seen.insert(id, place.clone());
                }
            }
            if restrictions.away.contains(&id) {
                check.errors.push(crate::said!(
                    "asked-bye-round-cancel-bye",
                    place = place.clone(),
                    n,
                    round = restrictions.round
                ));
            }
        }
    };
    for (board, pair) in boards {
        let place = crate::said!("pairing-board", board = *board);
        if pair.south == pair.north {
            check.errors.push(crate::said!("pairing-themselves", place));
            continue;
        }
        use_player(pair.south, &place, &mut check);
        use_player(pair.north, &place, &mut check);
        let key = (pair.south.min(pair.north), pair.south.max(pair.north));
        if met.contains(&key) {
            check.warnings.push(crate::said!(
                "have-met-before",
                place = place.clone(),
                south = name(pair.south),
                north = name(pair.north)
            ));
        }
        if restrictions.ruled_out.contains(&key) {
            check.errors.push(crate::said!(
                "must-not-paired-ruled-out",
                place = place.clone(),
                south = name(pair.south),
                north = name(pair.north)
            ));
        } else if restrictions.clubmates.contains(&key) {
            check.warnings.push(crate::said!(
                "same-club-clubmates-not-paired",
                place = place.clone(),
                south = name(pair.south),
                north = name(pair.north),
                round = restrictions.round
            ));
        }
    }
    for &bye in byes {
        use_player(bye, &crate::said!("pairing-bye"), &mut check);
        if had_bye.contains(&bye) {
            check
                .warnings
                .push(crate::said!("pairing-had-bye", name = name(bye)));
        }
    }
    let missing: Vec<String> = players
        .iter()
        .filter(|(id, (_, withdrawn))| !withdrawn && !seen.contains_key(id))
        .map(|(_, (n, _))| n.clone())
        .collect();
    if !missing.is_empty() && !boards.is_empty() {
        let mut missing = missing;
        missing.sort();
        check
            .warnings
            .push(crate::said!("pairing-missing", names = missing.join(", ")));
    }
    check
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::said::Word;

    fn ids(n: i32) -> Vec<i32> {
        (1..=n).collect()
    }

    #[test]
    fn round_robin_meets_everyone_once_with_balanced_first_moves() {
        for n in 3..=12 {
            let players = ids(n);
            let rounds = if n % 2 == 0 { n - 1 } else { n } as usize;
            let mut met = HashSet::new();
            let mut souths: HashMap<i32, i32> = HashMap::new();
            let mut games: HashMap<i32, i32> = HashMap::new();
            let mut byes: HashMap<i32, i32> = HashMap::new();
            for r in 1..=rounds {
                let p = round_robin(&players, r);
                let mut in_round = HashSet::new();
                for pair in &p.boards {
                    assert!(met.insert((pair.south.min(pair.north), pair.south.max(pair.north))));
                    assert!(in_round.insert(pair.south) && in_round.insert(pair.north));
                    *souths.entry(pair.south).or_default() += 1;
                    *games.entry(pair.south).or_default() += 1;
                    *games.entry(pair.north).or_default() += 1;
                }
                for b in &p.byes {
                    assert!(in_round.insert(*b));
                    *byes.entry(*b).or_default() += 1;
                }
                assert_eq!(in_round.len(), n as usize, "everyone is in every round");
            }
            assert_eq!(met.len(), (n * (n - 1) / 2) as usize, "n = {n}");
            for p in &players {
                let played = games[p];
                let south = souths.get(p).copied().unwrap_or(0);
                assert!(
                    (2 * south - played).abs() <= 1,
                    "n = {n}, player {p}: {south} of {played}"
                );
                if n % 2 == 1 {
                    assert_eq!(byes[p], 1);
                }
            }
        }
    }

    #[test]
    fn restrictions_keep_pairs_apart_and_players_away() {
        let restrictions = Restrictions {
            round: 2,
            ruled_out: [(1, 2)].into_iter().collect(),
            clubmates: [(3, 4)].into_iter().collect(),
            away: [5].into_iter().collect(),
        };
        // By hand: the pair ruled out is an error, clubmates a warning, a player away an error.
        let players: HashMap<i32, (String, bool)> =
            (1..=5).map(|id| (id, (format!("P{id}"), false))).collect();
        let boards = [
            (1, Pair { south: 1, north: 2 }),
            (2, Pair { south: 3, north: 4 }),
        ];
        let check = check_pairing(
            &boards,
            &[5],
            &players,
            &HashSet::new(),
            &HashSet::new(),
            &restrictions,
        );
        assert_eq!(check.errors.len(), 2, "{check:?}");
        assert!(
            check
                .errors
                .iter()
                .any(|e| e.has_key("must-not-paired-ruled-out")
                    && e.arg("south") == Some(&Word::from("P1")))
        );
        assert!(
            check
                .errors
                .iter()
                .any(|e| e.has_key("asked-bye-round-cancel-bye")
                    && e.arg("n") == Some(&Word::from("P5"))
                    && e.arg("round") == Some(&Word::from(2)))
        );
        assert!(
            check
                .warnings
                .iter()
                .any(|w| w.has_key("same-club-clubmates-not-paired")
                    && w.arg("south") == Some(&Word::from("P3")))
        );
    }

    #[test]
    fn hand_pairings_are_checked() {
        let players: HashMap<i32, (String, bool)> = [
            (1, ("Ama".to_string(), false)),
            (2, ("Kofi".to_string(), false)),
            (3, ("Yaw".to_string(), true)),
            (4, ("Esi".to_string(), false)),
        ]
        .into_iter()
        .collect();
        let met: HashSet<(i32, i32)> = [(1, 2)].into_iter().collect();
        // Boards numbered as the controller typed them, not in order.
        let boards = [
            (4, Pair { south: 1, north: 2 }),
            (7, Pair { south: 3, north: 1 }),
        ];
        let check = check_pairing(
            &boards,
            &[9],
            &players,
            &met,
            &HashSet::new(),
            &Restrictions::default(),
        );
        assert_eq!(check.errors.len(), 3, "{check:?}"); // Yaw withdrawn, Ama twice, #9 unknown
        // Each names the board it is about.
        let board = |b: i32| crate::said!("pairing-board", board = b);
        assert!(
            check
                .errors
                .contains(&crate::said!("has-withdrawn", place = board(7), n = "Yaw"))
        );
        assert!(
            check.errors.contains(&crate::said!(
                "paired-twice-round-also",
                place = board(7),
                n = "Ama",
                first = board(4)
            )),
            "{check:?}"
        );
        assert!(check.errors.contains(&crate::said!(
            "pairing-unknown-player",
            place = crate::said!("pairing-bye"),
            id = 9
        )));
        assert!(check.warnings.contains(&crate::said!(
            "have-met-before",
            place = board(4),
            south = "Ama",
            north = "Kofi"
        )));
        assert!(
            check
                .warnings
                .contains(&crate::said!("pairing-missing", names = "Esi"))
        );
    }
}
