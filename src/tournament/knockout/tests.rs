use super::*;

const THIRD: Knockout = Knockout::Single { third_place: true };
const DOUBLE: Knockout = Knockout::Double;

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
    let one = pair_round(&seeds, THIRD, 1, &[]).unwrap();
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
        pair_round(&seeds, THIRD, 2, &[]),
        Err(KnockoutError::Undecided { round: 1, board: 1 })
    );
    // The lower seeds win every match of round 1.
    let history = vec![
        won(1, 1, 108, 109, false),
        won(2, 1, 105, 112, false),
        won(3, 1, 107, 110, false),
        won(4, 1, 106, 111, false),
    ];
    let two = pair_round(&seeds, THIRD, 2, &history).unwrap();
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
    let bracket = bracket(&seeds, THIRD, &history);
    let places = places(&bracket, &seeds);
    assert_eq!(places[&108], (9, 12));
    assert_eq!(places[&101], (1, 8));
    assert_eq!(
        pair_round(&seeds, THIRD, 5, &history),
        Err(KnockoutError::Over(4))
    );
}

#[test]
fn the_final_and_the_third_place_match_decide_the_first_four_places() {
    let seeds = [1, 2, 3, 4];
    let semis = vec![won(1, 1, 1, 4, true), won(2, 1, 2, 3, false)];
    let last = pair_round(&seeds, THIRD, 2, &semis).unwrap();
    assert_eq!(
        last.boards,
        [Pair { south: 1, north: 3 }, Pair { south: 2, north: 4 }]
    );
    let mut history = semis.clone();
    history.push(won(3, 2, 1, 3, false));
    history.push(won(4, 2, 2, 4, true));
    let b = bracket(&seeds, THIRD, &history);
    let p = places(&b, &seeds);
    assert_eq!(
        (p[&3], p[&1], p[&2], p[&4]),
        ((1, 1), (2, 2), (3, 3), (4, 4))
    );
    // Without a third-place match, the semi-finals' losers share third.
    let b = bracket(
        &seeds,
        Knockout::Single { third_place: false },
        &history[..3],
    );
    let p = places(&b, &seeds);
    assert_eq!((p[&2], p[&4]), ((3, 4), (3, 4)));
}

/// Plays a knockout round by round, `south_wins` deciding each match: the history, and the
/// rounds paired.
fn play_out(
    seeds: &[i32],
    shape: Knockout,
    south_wins: impl Fn(i32, i32, i32) -> bool,
) -> (Vec<GameRecord>, Vec<RoundPairing>) {
    let mut history = Vec::new();
    let mut paired = Vec::new();
    for round in 1..=rounds_for(seeds.len(), shape) {
        let pairing = match pair_round(seeds, shape, round, &history) {
            Ok(p) => p,
            Err(KnockoutError::Over(_)) => break,
            Err(e) => panic!("round {round}: {e}"),
        };
        for pair in &pairing.boards {
            let id = history.len() as i32 + 1;
            let wins = south_wins(round, pair.south, pair.north);
            history.push(won(id, round, pair.south, pair.north, wins));
        }
        paired.push(pairing);
    }
    (history, paired)
}

/// The matches each player lost.
fn losses(history: &[GameRecord]) -> HashMap<i32, usize> {
    let mut lost = HashMap::new();
    for r in history {
        let loser = match r.result {
            Some((_, Some(Winner::South))) => r.north.unwrap(),
            _ => r.south,
        };
        *lost.entry(loser).or_insert(0) += 1;
    }
    lost
}

#[test]
fn double_elimination_of_four_ends_with_the_grand_final_or_its_second_match() {
    let seeds = [1, 2, 3, 4];
    assert_eq!(rounds_for(4, DOUBLE), 5);
    // 3 beats 2 and then 1 in the winners' bracket; 4 beats 2 (out) in the losers' round 1; 1
    // beats 4 (out) in the losers' final; 3 wins the grand final: over after round 4.
    let upsets = |round: i32, south: i32, north: i32| {
        !matches!(
            (round, south, north),
            (1, 2, 3) | (2, 1, 3) | (2, 2, 4) | (4, 1, 3)
        )
    };
    let (history, paired) = play_out(&seeds, DOUBLE, upsets);
    let boards: Vec<Vec<(i32, i32)>> = paired
        .iter()
        .map(|p| p.boards.iter().map(|b| (b.south, b.north)).collect())
        .collect();
    assert_eq!(
        boards,
        [
            vec![(1, 4), (2, 3)],
            vec![(1, 3), (2, 4)],
            vec![(1, 4)],
            vec![(1, 3)],
        ]
    );
    assert_eq!(
        pair_round(&seeds, DOUBLE, 5, &history),
        Err(KnockoutError::Over(4))
    );
    let b = bracket(&seeds, DOUBLE, &history);
    assert!(b.finished());
    let p = places(&b, &seeds);
    assert_eq!(
        (p[&3], p[&1], p[&4], p[&2]),
        ((1, 1), (2, 2), (3, 3), (4, 4))
    );
    // 1 wins the grand final: both have lost once, the second grand final decides.
    let mut first_final = history[..5].to_vec();
    first_final.push(won(6, 4, 1, 3, true));
    let b = bracket(&seeds, DOUBLE, &first_final);
    assert_eq!(b.last, 5);
    assert!(!b.finished());
    let p = places(&b, &seeds);
    assert_eq!((p[&1], p[&3]), ((1, 2), (1, 2)));
    let reset = pair_round(&seeds, DOUBLE, 5, &first_final).unwrap();
    assert_eq!(reset.boards, [Pair { south: 1, north: 3 }]);
    first_final.push(won(7, 5, 1, 3, false));
    let p = places(&bracket(&seeds, DOUBLE, &first_final), &seeds);
    assert_eq!((p[&3], p[&1]), ((1, 1), (2, 2)));
    // Before the grand final's result, its second match waits for it.
    assert_eq!(
        pair_round(&seeds, DOUBLE, 5, &history[..5]),
        Err(KnockoutError::Undecided { round: 4, board: 1 })
    );
}

#[test]
fn double_elimination_puts_out_only_after_two_losses_and_ranks_by_the_round_out() {
    for n in [2, 3, 5, 8, 12, 16] {
        let seeds: Vec<i32> = (1..=n).collect();
        // An upset in every third match.
        let (history, _) = play_out(&seeds, DOUBLE, |round, south, north| {
            (round + south + north) % 3 != 0
        });
        let b = bracket(&seeds, DOUBLE, &history);
        assert!(b.finished(), "{n} players");
        let lost = losses(&history);
        let p = places(&b, &seeds);
        let champion: Vec<i32> = seeds.iter().copied().filter(|s| p[s] == (1, 1)).collect();
        assert_eq!(champion.len(), 1, "{n} players: {p:?}");
        for s in &seeds {
            if *s == champion[0] {
                assert!(lost.get(s).copied().unwrap_or(0) <= 1, "{n}: champion {s}");
            } else {
                assert_eq!(lost.get(s).copied(), Some(2), "{n}: player {s} out");
            }
        }
        // The places are 1 to n: players sharing places are as many as the places they share.
        let mut groups: Vec<(usize, usize)> = p.values().copied().collect();
        groups.sort_unstable();
        groups.dedup();
        let mut next = 1;
        for (first, last) in groups {
            assert_eq!(first, next, "{n} players: {p:?}");
            let sharing = p.values().filter(|&&g| g == (first, last)).count();
            assert_eq!(sharing, last - first + 1, "{n} players: {p:?}");
            next = last + 1;
        }
        assert_eq!(next, n as usize + 1);
    }
}

#[test]
fn twelve_in_double_elimination_drop_into_the_losers_bracket_without_rematches() {
    let seeds: Vec<i32> = (101..=112).collect();
    let (history, paired) = play_out(&seeds, DOUBLE, |_, _, _| true);
    // Round 1 as single elimination; round 2 the winners' quarter-finals and byes for the four
    // losers of round 1 (their losers' round 1 opponents are the byes' empty places).
    assert_eq!(paired[0].byes, [101, 104, 102, 103]);
    assert_eq!(paired[1].boards.len(), 4);
    assert_eq!(paired[1].byes, [109, 112, 110, 111]);
    // Round 3: the winners' semi-finals (boards 1 and 2), then the losers' round 2, where each
    // of them meets a quarter-final's loser from the other half of the bracket, never someone
    // met before.
    assert_eq!(paired[2].boards.len(), 6);
    let round3: Vec<(i32, i32)> = paired[2].boards[2..]
        .iter()
        .map(|b| (b.south, b.north))
        .collect();
    assert_eq!(round3, [(106, 109), (107, 112), (105, 110), (108, 111)]);
    for (a, b) in &round3 {
        let met = history
            .iter()
            .filter(|r| r.round < 3)
            .any(|r| (r.south, r.north) == (*a, Some(*b)) || (r.south, r.north) == (*b, Some(*a)));
        assert!(!met, "{a} and {b} met before");
    }
    // The better seed wins everything: 1 first, 2 second (the grand final ends it), then 3, 4.
    assert_eq!(paired.len(), 8);
    let p = places(&bracket(&seeds, DOUBLE, &history), &seeds);
    assert_eq!(
        [p[&101], p[&102], p[&103], p[&104], p[&105], p[&107]],
        [(1, 1), (2, 2), (3, 3), (4, 4), (5, 6), (7, 8)]
    );
    assert_eq!(p[&112], (9, 12));
}
