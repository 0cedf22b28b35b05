use super::*;

/// Standings in order: (player, points), ranks by points alone.
fn table(rows: &[(i32, f64)]) -> Vec<Standing> {
    rows.iter()
        .map(|&(player_id, points)| Standing {
            rank: 1 + rows.iter().filter(|r| r.1 > points).count(),
            shared: rows.iter().filter(|r| r.1 == points).count() > 1,
            player_id,
            name: format!("P{player_id}"),
            club: String::new(),
            points,
            tiebreaks: Vec::new(),
            games_played: 5,
        })
        .collect()
}

fn prize(name: &str, category: Option<&str>, amount: Option<f64>, award: &str) -> Prize {
    Prize {
        name: name.to_string(),
        category: category.map(str::to_string),
        amount,
        award: award.to_string(),
    }
}

/// The worked example of `docs/standings.md` ("Prizes"): A 5, B 4½, C 4½ (a woman), D 4, E 4
/// (a girl under 12), F 3½ (under 12), G 3 (under 12).
fn example(ties: Ties, one_each: bool) -> Vec<Awarded> {
    let (a, b, c, d, e, f, g) = (1, 2, 3, 4, 5, 6, 7);
    let standings = table(&[
        (a, 5.0),
        (b, 4.5),
        (c, 4.5),
        (d, 4.0),
        (e, 4.0),
        (f, 3.5),
        (g, 3.0),
    ]);
    let members = HashMap::from([
        ("Under 12".to_string(), HashSet::from([e, f, g])),
        ("Women".to_string(), HashSet::from([c, e])),
    ]);
    let list = PrizeList {
        prizes: vec![
            prize("1st", None, Some(100.0), "trophy"),
            prize("2nd", None, Some(60.0), ""),
            prize("3rd", None, Some(40.0), ""),
            prize("Best under 12", Some("Under 12"), Some(20.0), ""),
            prize("Best woman", Some("Women"), None, "medal"),
        ],
        one_each,
        ties,
        currency: "GH₵".to_string(),
    };
    award(&list, &standings, &members, &HashSet::new())
}

fn winners(a: &Awarded) -> Vec<(i32, Option<f64>)> {
    a.winners.iter().map(|s| (s.player_id, s.amount)).collect()
}

#[test]
fn prizes_go_in_the_order_listed_to_the_best_placed_player_who_may_take_them() {
    let given = example(Ties::Tiebreak, true);
    assert_eq!(winners(&given[0]), [(1, Some(100.0))]);
    assert_eq!(winners(&given[1]), [(2, Some(60.0))]);
    assert_eq!(winners(&given[2]), [(3, Some(40.0))]);
    // The best under 12 is E (4 points), ahead of F.
    assert_eq!(winners(&given[3]), [(5, Some(20.0))]);
    // One prize each: both women have one already, so the medal goes to nobody.
    assert!(given[4].winners.is_empty());
    // More than one each: C adds the medal to her 3rd prize.
    let given = example(Ties::Tiebreak, false);
    assert_eq!(winners(&given[4]), [(3, None)]);
}

#[test]
fn a_tie_on_points_shares_the_prizes_it_straddles_or_waits_for_a_play_off() {
    // B and C, tied on 4½, pool the 2nd and 3rd prizes: 50 each (30 + 20).
    let given = example(Ties::Split, true);
    assert_eq!(winners(&given[1]), [(2, Some(30.0)), (3, Some(30.0))]);
    assert_eq!(winners(&given[2]), [(2, Some(20.0)), (3, Some(20.0))]);
    assert!(given[1].shared && given[2].shared && !given[0].shared);
    // E alone under 12 on 4 points: D's 4 points do not count there.
    assert_eq!(winners(&given[3]), [(5, Some(20.0))]);
    // The play-off policy: B and C play off for 2nd and 3rd; A's 1st stands.
    let given = example(Ties::Playoff, true);
    assert_eq!(winners(&given[0]), [(1, Some(100.0))]);
    for p in &given[1..3] {
        assert!(p.winners.is_empty());
        assert_eq!(p.playoff, [2, 3]);
    }
    // Once a play-off has ordered them, the standings' order stands.
    let standings = table(&[(1, 5.0), (2, 4.5), (3, 4.5)]);
    let list = PrizeList {
        prizes: vec![
            prize("1st", None, Some(100.0), ""),
            prize("2nd", None, Some(50.0), ""),
        ],
        ties: Ties::Playoff,
        ..PrizeList::default()
    };
    let given = award(&list, &standings, &HashMap::new(), &HashSet::from([2, 3]));
    assert_eq!(winners(&given[1]), [(2, Some(50.0))]);
    // Three tied for one prize of 100: 33.33 each.
    let standings = table(&[(1, 3.0), (2, 3.0), (3, 3.0)]);
    let list = PrizeList {
        prizes: vec![prize("1st", None, Some(100.0), "cup")],
        ties: Ties::Split,
        ..PrizeList::default()
    };
    let given = award(&list, &standings, &HashMap::new(), &HashSet::new());
    assert_eq!(
        winners(&given[0]),
        [(1, Some(33.33)), (2, Some(33.33)), (3, Some(33.33))]
    );
}

#[test]
fn a_list_names_its_prizes_and_the_event_s_categories() {
    let list = PrizeList {
        prizes: vec![
            prize("", None, Some(10.0), ""),
            prize("Junior", Some("Juniors"), Some(-5.0), ""),
            prize("Nothing", None, None, ""),
        ],
        ..PrizeList::default()
    };
    let problems = list.problems(&["Under 12".to_string()]);
    assert_eq!(problems.len(), 4, "{problems:?}");
    assert!(
        problems
            .iter()
            .any(|p| p.has_key("prize-not-one-event-s") && p.to_string().contains("Juniors"))
    );
}

/// What a list pays in all.
fn paid(given: &[Awarded]) -> f64 {
    given
        .iter()
        .flat_map(|a| &a.winners)
        .filter_map(|w| w.amount)
        .sum()
}

#[test]
fn a_tie_pools_the_category_prizes_its_players_would_take_as_us_chess_32b3_does() {
    // A, B, C and D tie for first; D alone is under 12. Were the tie broken, A and B would take
    // 1st and 2nd and D the best under 12: the 650 are pooled, 162.50 each (C too).
    let standings = table(&[(1, 4.0), (2, 4.0), (3, 4.0), (4, 4.0), (5, 2.0)]);
    let members = HashMap::from([("Under 12".to_string(), HashSet::from([4, 5]))]);
    let list = |youth: f64| PrizeList {
        prizes: vec![
            prize("1st", None, Some(300.0), ""),
            prize("2nd", None, Some(200.0), ""),
            prize("Best under 12", Some("Under 12"), Some(youth), "medal"),
        ],
        ties: Ties::Split,
        ..PrizeList::default()
    };
    let given = award(&list(150.0), &standings, &members, &HashSet::new());
    assert_eq!(paid(&given), 650.0);
    let share = |p: i32| -> f64 {
        given
            .iter()
            .flat_map(|a| &a.winners)
            .filter(|w| w.player_id == p)
            .filter_map(|w| w.amount)
            .sum()
    };
    for p in 1..=4 {
        assert_eq!(share(p), 162.5, "player {p}");
    }
    // The medal goes to the under-12 of the tie only; the others share its money.
    let medal: Vec<(i32, bool)> = given[2]
        .winners
        .iter()
        .map(|w| (w.player_id, w.award))
        .collect();
    assert_eq!(medal, [(1, false), (2, false), (3, false), (4, true)]);
    // Worth more to D alone than a quarter of the pool: D takes it, the others share 500.
    let given = award(&list(400.0), &standings, &members, &HashSet::new());
    assert_eq!(winners(&given[2]), [(4, Some(400.0))]);
    assert_eq!(
        winners(&given[0]),
        [(1, Some(100.0)), (2, Some(100.0)), (3, Some(100.0))]
    );
    assert_eq!(
        winners(&given[1]),
        [(1, Some(66.66)), (2, Some(66.66)), (3, Some(66.66))]
    );
}

#[test]
fn every_prize_is_paid_or_says_why_not() {
    // Random standings, categories and lists: with shared ties, every prize that some player
    // may take is paid in full (to a hundredth a player); one nobody may take says why.
    let mut seed = 0x5eed_u64;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for _ in 0..500 {
        let players = 2 + next(12) as i32;
        let rows: Vec<(i32, f64)> = (1..=players).map(|p| (p, next(5) as f64 / 2.0)).collect();
        let mut rows = rows;
        rows.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap());
        let standings = table(&rows);
        let members = HashMap::from([
            (
                "Under 12".to_string(),
                (1..=players)
                    .filter(|_| next(3) == 0)
                    .collect::<HashSet<i32>>(),
            ),
            (
                "Women".to_string(),
                (1..=players)
                    .filter(|_| next(2) == 0)
                    .collect::<HashSet<i32>>(),
            ),
        ]);
        let mut prizes = Vec::new();
        let mut amount = 1000.0;
        for k in 0..1 + next(4) {
            prizes.push(prize(&format!("{k}"), None, Some(amount), ""));
            amount -= 100.0 + next(200) as f64;
        }
        for c in ["Under 12", "Women"] {
            let mut amount = 50.0 + next(500) as f64;
            for k in 0..next(3) {
                prizes.push(prize(&format!("{c} {k}"), Some(c), Some(amount), ""));
                amount -= 10.0;
            }
        }
        let list = PrizeList {
            prizes,
            ties: Ties::Split,
            one_each: next(4) != 0,
            ..PrizeList::default()
        };
        assert!(
            list.problems(&["Under 12".into(), "Women".into()])
                .is_empty()
        );
        let given = award(&list, &standings, &members, &HashSet::new());
        for a in &given {
            let whole = a.prize.amount.unwrap_or(0.0);
            let parts: f64 = a.winners.iter().filter_map(|w| w.amount).sum();
            if a.winners.is_empty() {
                assert!(a.unawarded.is_some(), "{a:?} in {given:#?}");
            } else {
                assert!(
                    whole - parts < 0.01 * a.winners.len() as f64 + 1e-9,
                    "{a:?} in {given:#?}"
                );
            }
            if a.unawarded == Some(Unawarded::AllHoldPrizes) {
                // Every player of its category holds a prize (of its category, where a player
                // may take more than one).
                let category = a.prize.category.clone();
                for s in &standings {
                    let member = category
                        .as_ref()
                        .is_none_or(|c| members[c].contains(&s.player_id));
                    let holds = given.iter().any(|b| {
                        (list.one_each || b.prize.category == category)
                            && b.winners.iter().any(|w| w.player_id == s.player_id)
                    });
                    assert!(!member || holds, "{a:?} in {given:#?}");
                }
            }
        }
    }
}

#[test]
fn a_list_that_grows_is_a_likely_slip() {
    let list = PrizeList {
        prizes: vec![
            prize("1st", None, Some(50.0), ""),
            prize("2nd", None, Some(60.0), ""),
            prize("Best junior", Some("Juniors"), Some(80.0), ""),
        ],
        ..PrizeList::default()
    };
    let problems = list.problems(&["Juniors".to_string()]);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].has_key("prize-more-than-earlier"));
    assert!(problems[0].to_string().contains("2nd"), "{}", problems[0]);
}
