//! Pairings: round robin by Berger tables, Swiss by maximum-weight matching, and the checks a
//! hand-entered pairing must pass.

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

/// A player as the Swiss pairing sees them.
#[derive(Clone, Debug, PartialEq)]
pub struct SwissPlayer {
    pub id: i32,
    /// Points so far, in half points (a win with 1-½-0 scoring is 2).
    pub half_points: i32,
    pub rating: Option<i32>,
    /// Opponents already met (forfeits included: they are not paired again).
    pub opponents: HashSet<i32>,
    pub had_bye: bool,
    /// Sides in the games played, oldest first: `true` for South (the first move).
    pub sides: Vec<bool>,
}

impl SwissPlayer {
    /// South games minus North games.
    fn side_balance(&self) -> i32 {
        self.sides.iter().map(|&s| if s { 1 } else { -1 }).sum()
    }

    /// How much this player should have South next: positive wants South, negative North.
    fn wants_south(&self) -> i32 {
        let balance = self.side_balance();
        if balance != 0 {
            // A player two or more behind must get the other side: weigh that heavily.
            -balance * 2
        } else {
            match self.sides.last() {
                Some(true) => -1,
                Some(false) => 1,
                None => 0,
            }
        }
    }
}

/// Why no Swiss pairing was made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    #[error("no pairing exists without a rematch (or a second bye) for: {0:?}")]
    Impossible(Vec<i32>),
    #[error("fewer than two players to pair")]
    TooFewPlayers,
}

const BASE: i64 = 1_000_000_000_000_000;

/// Pairs a Swiss round: players within their score group where possible, no rematch, at most
/// one bye each (to the lowest-ranked player without one), first moves alternated and balanced.
///
/// A maximum-weight matching over every allowed pair: each edge weighs a large constant (so the
/// matching pairs as many players as possible: a complete pairing whenever one exists) less
/// penalties for the score difference, for giving both players the side they should not have,
/// and for departing from top-half-against-bottom-half in a score group.
pub fn swiss(players: &[SwissPlayer]) -> Result<RoundPairing, PairingError> {
    if players.len() < 2 {
        return Err(PairingError::TooFewPlayers);
    }
    // The ranking: points, then rating, then registration.
    let mut order: Vec<&SwissPlayer> = players.iter().collect();
    order.sort_by(|a, b| {
        b.half_points
            .cmp(&a.half_points)
            .then(b.rating.unwrap_or(0).cmp(&a.rating.unwrap_or(0)))
            .then(a.id.cmp(&b.id))
    });
    let n = order.len();
    let with_bye = n % 2 == 1;
    let vertices = n + usize::from(with_bye);
    // Position of each player within their score group, and the group's size.
    let mut group_pos = vec![0usize; n];
    let mut group_size: HashMap<i32, usize> = HashMap::new();
    for (i, p) in order.iter().enumerate() {
        let size = group_size.entry(p.half_points).or_insert(0);
        group_pos[i] = *size;
        *size += 1;
    }
    let mut weight = vec![0i64; vertices * vertices];
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (order[i], order[j]);
            if a.opponents.contains(&b.id) || b.opponents.contains(&a.id) {
                continue;
            }
            let diff = i64::from((a.half_points - b.half_points).abs());
            let mut penalty = diff * diff * 1_000_000;
            let (wa, wb) = (a.wants_south(), b.wants_south());
            if wa != 0 && wb != 0 && wa.signum() == wb.signum() {
                // Both want the same side: one of them will not get it.
                penalty += 10_000 * i64::from(wa.abs().min(wb.abs()));
            }
            if diff == 0 {
                let size = group_size[&a.half_points] as i64;
                let distance = (group_pos[j] as i64 - group_pos[i] as i64).abs();
                penalty += 10 * (distance - size / 2).abs();
            } else {
                // Floaters: the lowest of the higher group meets the highest of the lower one.
                let above = (group_size[&a.half_points] - 1 - group_pos[i]) as i64;
                let below = group_pos[j] as i64;
                penalty += 10 * (above + below);
            }
            let w = BASE - penalty;
            weight[i * vertices + j] = w;
            weight[j * vertices + i] = w;
        }
    }
    if with_bye {
        let bye = n;
        for (i, p) in order.iter().enumerate() {
            if p.had_bye {
                continue;
            }
            // The lowest-ranked player without a bye is strongly preferred.
            let from_bottom = (n - 1 - i) as i64;
            let w = BASE - from_bottom * 100_000_000_000;
            weight[i * vertices + bye] = w;
            weight[bye * vertices + i] = w;
        }
    }
    let mates = integer_blossom::max_weight_matching(&weight, vertices);
    let unpaired: Vec<i32> = (0..n)
        .filter(|&i| mates[i].is_none())
        .map(|i| order[i].id)
        .collect();
    if !unpaired.is_empty() {
        return Err(PairingError::Impossible(unpaired));
    }
    let mut pairing = RoundPairing::default();
    let mut boards: Vec<(usize, usize)> = Vec::new();
    for i in 0..n {
        match mates[i] {
            Some(j) if j == n && with_bye => pairing.byes.push(order[i].id),
            Some(j) if i < j => boards.push((i, j)),
            _ => {}
        }
    }
    // Top boards first: by the better player's rank.
    boards.sort_by_key(|&(i, j)| i.min(j));
    for (i, j) in boards {
        let (a, b) = (order[i], order[j]);
        let (wa, wb) = (a.wants_south(), b.wants_south());
        // The stronger wish wins; on equal wishes the higher-ranked player (a) gets theirs.
        let a_south = match wa.cmp(&wb) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal if wa != 0 => wa > 0,
            // Nobody minds: alternate down the boards.
            std::cmp::Ordering::Equal => pairing.boards.len() % 2 == 0,
        };
        pairing.boards.push(if a_south {
            Pair {
                south: a.id,
                north: b.id,
            }
        } else {
            Pair {
                south: b.id,
                north: a.id,
            }
        });
    }
    Ok(pairing)
}

/// What a hand-entered pairing must not do, and what it should be warned about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairingCheck {
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
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

impl Restrictions {
    /// Marks the pairs that may not be seated as met already, for the Swiss pairing.
    pub fn forbid_in(&self, pool: &mut [SwissPlayer]) {
        let index: HashMap<i32, usize> = pool.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        for &(a, b) in self.ruled_out.iter().chain(&self.clubmates) {
            if let (Some(&i), Some(&j)) = (index.get(&a), index.get(&b)) {
                pool[i].opponents.insert(b);
                pool[j].opponents.insert(a);
            }
        }
    }
}

/// Checks a round's pairing against the tournament's players (id → (name, withdrawn)), the
/// games already played (pairs of ids), the byes already given and the round's restrictions.
pub fn check_pairing(
    pairing: &RoundPairing,
    players: &HashMap<i32, (String, bool)>,
    met: &HashSet<(i32, i32)>,
    had_bye: &HashSet<i32>,
    restrictions: &Restrictions,
) -> PairingCheck {
    let mut check = PairingCheck::default();
    let mut seen: HashSet<i32> = HashSet::new();
    let name = |id: i32| {
        players
            .get(&id)
            .map_or(format!("#{id}"), |(n, _)| n.clone())
    };
    let mut use_player = |id: i32, check: &mut PairingCheck| match players.get(&id) {
        None => check
            .errors
            .push(format!("player #{id} is not in this tournament")),
        Some((n, withdrawn)) => {
            if *withdrawn {
                check.errors.push(format!("{n} has withdrawn"));
            }
            if !seen.insert(id) {
                check
                    .errors
                    .push(format!("{n} is paired twice in this round"));
            }
            if restrictions.away.contains(&id) {
                check.errors.push(format!(
                    "{n} asked for a bye in round {}: cancel the bye to pair them",
                    restrictions.round
                ));
            }
        }
    };
    for (i, pair) in pairing.boards.iter().enumerate() {
        if pair.south == pair.north {
            check
                .errors
                .push(format!("board {}: a player cannot play themselves", i + 1));
            continue;
        }
        use_player(pair.south, &mut check);
        use_player(pair.north, &mut check);
        let key = (pair.south.min(pair.north), pair.south.max(pair.north));
        if met.contains(&key) {
            check.warnings.push(format!(
                "board {}: {} and {} have met before",
                i + 1,
                name(pair.south),
                name(pair.north)
            ));
        }
        if restrictions.ruled_out.contains(&key) {
            check.errors.push(format!(
                "board {}: {} and {} must not be paired (ruled out by the controller)",
                i + 1,
                name(pair.south),
                name(pair.north)
            ));
        } else if restrictions.clubmates.contains(&key) {
            check.warnings.push(format!(
                "board {}: {} and {} are of the same club, and clubmates are not paired together \
                 in round {}",
                i + 1,
                name(pair.south),
                name(pair.north),
                restrictions.round
            ));
        }
    }
    for &bye in &pairing.byes {
        use_player(bye, &mut check);
        if had_bye.contains(&bye) {
            check
                .warnings
                .push(format!("{} already had a bye", name(bye)));
        }
    }
    let missing: Vec<String> = players
        .iter()
        .filter(|(id, (_, withdrawn))| !withdrawn && !seen.contains(id))
        .map(|(_, (n, _))| n.clone())
        .collect();
    if !missing.is_empty() && !pairing.boards.is_empty() {
        let mut missing = missing;
        missing.sort();
        check
            .warnings
            .push(format!("not paired this round: {}", missing.join(", ")));
    }
    check
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn swiss_player(id: i32, half_points: i32) -> SwissPlayer {
        SwissPlayer {
            id,
            half_points,
            rating: Some(2000 - id),
            opponents: HashSet::new(),
            had_bye: false,
            sides: Vec::new(),
        }
    }

    #[test]
    fn swiss_pairs_within_score_groups_top_half_against_bottom_half() {
        let players: Vec<SwissPlayer> = (1..=8)
            .map(|id| swiss_player(id, if id <= 4 { 2 } else { 0 }))
            .collect();
        let p = swiss(&players).unwrap();
        let mut pairs: Vec<(i32, i32)> = p
            .boards
            .iter()
            .map(|b| (b.south.min(b.north), b.south.max(b.north)))
            .collect();
        pairs.sort();
        assert_eq!(pairs, [(1, 3), (2, 4), (5, 7), (6, 8)]);
    }

    #[test]
    fn swiss_avoids_rematches_and_gives_the_bye_to_the_lowest_without_one() {
        let mut players: Vec<SwissPlayer> = (1..=5).map(|id| swiss_player(id, 0)).collect();
        players[4].had_bye = true; // the lowest has had one: the next lowest gets it
        players[0].opponents.insert(3);
        players[2].opponents.insert(1);
        let p = swiss(&players).unwrap();
        assert_eq!(p.byes, [4]);
        assert!(
            p.boards
                .iter()
                .all(|b| !((b.south == 1 && b.north == 3) || (b.south == 3 && b.north == 1)))
        );
    }

    #[test]
    fn swiss_reports_an_impossible_round() {
        let mut players = vec![swiss_player(1, 0), swiss_player(2, 0)];
        players[0].opponents.insert(2);
        players[1].opponents.insert(1);
        assert!(matches!(swiss(&players), Err(PairingError::Impossible(_))));
    }

    #[test]
    fn swiss_gives_the_side_a_player_is_due() {
        let mut a = swiss_player(1, 2);
        let mut b = swiss_player(2, 2);
        a.sides = vec![true, true];
        b.sides = vec![false];
        let p = swiss(&[a, b]).unwrap();
        assert_eq!(p.boards, [Pair { south: 2, north: 1 }]);
    }

    #[test]
    fn restrictions_keep_pairs_apart_and_players_away() {
        let restrictions = Restrictions {
            round: 2,
            ruled_out: [(1, 2)].into_iter().collect(),
            clubmates: [(3, 4)].into_iter().collect(),
            away: [5].into_iter().collect(),
        };
        // A generated round seats neither pair: 1–3 and 2–4, or 1–4 and 2–3.
        let mut pool: Vec<SwissPlayer> = (1..=4).map(|id| swiss_player(id, 0)).collect();
        restrictions.forbid_in(&mut pool);
        let p = swiss(&pool).unwrap();
        for b in &p.boards {
            let key = (b.south.min(b.north), b.south.max(b.north));
            assert!(key != (1, 2) && key != (3, 4), "{p:?}");
        }
        // By hand: the pair ruled out is an error, clubmates a warning, a player away an error.
        let players: HashMap<i32, (String, bool)> =
            (1..=5).map(|id| (id, (format!("P{id}"), false))).collect();
        let pairing = RoundPairing {
            boards: vec![Pair { south: 1, north: 2 }, Pair { south: 3, north: 4 }],
            byes: vec![5],
        };
        let check = check_pairing(
            &pairing,
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
                .any(|e| e.contains("P1 and P2 must not be paired"))
        );
        assert!(
            check
                .errors
                .iter()
                .any(|e| e.contains("P5 asked for a bye in round 2"))
        );
        assert!(
            check
                .warnings
                .iter()
                .any(|w| w.contains("P3 and P4 are of the same club"))
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
        let pairing = RoundPairing {
            boards: vec![Pair { south: 1, north: 2 }, Pair { south: 3, north: 1 }],
            byes: vec![9],
        };
        let check = check_pairing(
            &pairing,
            &players,
            &met,
            &HashSet::new(),
            &Restrictions::default(),
        );
        assert_eq!(check.errors.len(), 3, "{check:?}"); // Yaw withdrawn, Ama twice, #9 unknown
        assert!(check.warnings.iter().any(|w| w.contains("met before")));
        assert!(check.warnings.iter().any(|w| w.contains("Esi")));
    }
}
