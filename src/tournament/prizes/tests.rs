use super::*;
use proptest::prelude::*;

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

/// An amount of whole units and cents: `m(64, 60)` is 64.60.
fn m(units: i64, cents: i64) -> Money {
    Money::from_hundredths(units * 100 + cents)
}

fn prize(name: &str, category: Option<&str>, amount: Option<f64>, award: &str) -> Prize {
    Prize {
        name: name.to_string(),
        category: category.map(str::to_string),
        amount: amount.map(|a| serde_json::from_value(serde_json::json!(a)).unwrap()),
        award: award.to_string(),
    }
}

fn split(prizes: Vec<Prize>, one_each: bool) -> PrizeList {
    PrizeList {
        prizes,
        one_each,
        ties: Ties::Split,
        currency: "GH₵".to_string(),
    }
}

/// The worked example of `docs/standings.md` ("Prizes"): A 5, B 4½, C 4½ (a woman), D 4, E 4
/// (a girl under 12), F 3½ (under 12), G 3 (under 12).
fn example(ties: Ties, one_each: bool) -> Given {
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

/// Who takes a prize alone, with its money.
fn winners(a: &Awarded) -> Vec<(i32, Option<Money>)> {
    a.winners.iter().map(|s| (s.player_id, s.amount)).collect()
}

/// Each player's money in all, by player.
fn paid_to(given: &Given) -> HashMap<i32, Money> {
    given.totals().into_iter().collect()
}

/// The parts of a pool: (player, amount).
fn parts(pool: &Pool) -> Vec<(i32, Money)> {
    pool.parts.iter().map(|p| (p.player_id, p.amount)).collect()
}

#[test]
fn prizes_go_in_the_order_listed_to_the_best_placed_player_who_may_take_them() {
    let given = example(Ties::Tiebreak, true);
    let p = &given.prizes;
    assert_eq!(winners(&p[0]), [(1, Some(m(100, 0)))]);
    assert_eq!(winners(&p[1]), [(2, Some(m(60, 0)))]);
    assert_eq!(winners(&p[2]), [(3, Some(m(40, 0)))]);
    // The best under 12 is E (4 points), ahead of F.
    assert_eq!(winners(&p[3]), [(5, Some(m(20, 0)))]);
    // One prize each: both women have one already, so the medal goes to nobody.
    assert!(p[4].winners.is_empty());
    assert_eq!(p[4].unawarded, Some(Unawarded::AllHoldPrizes));
    // More than one each: C adds the medal to her 3rd prize.
    let given = example(Ties::Tiebreak, false);
    assert_eq!(winners(&given.prizes[4]), [(3, None)]);
}

#[test]
fn a_tie_on_points_shares_the_prizes_it_straddles_or_waits_for_a_play_off() {
    // B and C, tied on 4½, pool the 2nd and 3rd prizes: 50 each (100 shared once).
    let given = example(Ties::Split, true);
    assert_eq!(given.pools.len(), 1);
    assert_eq!(given.pools[0].prizes, [1, 2]);
    assert_eq!(given.pools[0].total, m(100, 0));
    assert_eq!(parts(&given.pools[0]), [(2, m(50, 0)), (3, m(50, 0))]);
    assert_eq!(given.prizes[1].pool, Some(0));
    assert_eq!(given.prizes[0].pool, None);
    // E alone under 12 on 4 points: D's 4 points do not count there.
    assert_eq!(winners(&given.prizes[3]), [(5, Some(m(20, 0)))]);
    // The play-off policy: B and C play off for 2nd and 3rd; A's 1st stands.
    let given = example(Ties::Playoff, true);
    assert_eq!(winners(&given.prizes[0]), [(1, Some(m(100, 0)))]);
    for p in &given.prizes[1..3] {
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
    assert_eq!(winners(&given.prizes[1]), [(2, Some(m(50, 0)))]);
}

#[test]
fn money_is_divided_once_to_the_cent_and_the_cents_left_over_go_in_the_standings_order() {
    // 64.60 shared by two: 32.30 each (64.6 × 100 is 6459.999… in binary floating point).
    let standings = table(&[(1, 3.0), (2, 3.0)]);
    let given = award(
        &split(vec![prize("1st", None, Some(64.6), "")], true),
        &standings,
        &HashMap::new(),
        &HashSet::new(),
    );
    assert_eq!(parts(&given.pools[0]), [(1, m(32, 30)), (2, m(32, 30))]);
    // 1,240 shared by three: 413.34, 413.33, 413.33; the cent left over goes to the first
    // in the standings' order, and the parts add up to the fund.
    let standings = table(&[(7, 3.0), (3, 3.0), (5, 3.0)]);
    let given = award(
        &split(vec![prize("1st", None, Some(1240.0), "cup")], true),
        &standings,
        &HashMap::new(),
        &HashSet::new(),
    );
    assert_eq!(
        parts(&given.pools[0]),
        [(7, m(413, 34)), (3, m(413, 33)), (5, m(413, 33))]
    );
    assert_eq!(given.paid(), m(1240, 0));
    // Each of the three receives the cup.
    assert_eq!(given.prizes[0].winners.len(), 3);
    // Without cents (francs CFA): 25,000 by three is 8,334, 8,333 and 8,333.
    let mut list = split(vec![prize("1er", None, Some(25_000.0), "")], true);
    list.currency = "FCFA".to_string();
    let given = award(&list, &standings, &HashMap::new(), &HashSet::new());
    assert_eq!(
        parts(&given.pools[0]),
        [(7, m(8334, 0)), (3, m(8333, 0)), (5, m(8333, 0))]
    );
    // A list in francs with centimes is refused.
    let mut list = split(vec![prize("1er", None, Some(100.5), "")], true);
    list.currency = "F CFA".to_string();
    assert!(list.problems(&[])[0].has_key("prize-amount-whole"));
}

#[test]
fn the_tie_is_the_whole_score_group() {
    // Four tied on 3 for the 3rd prize on; three of them beginners. Prizes 3rd 230, 4th 230,
    // 1st beginner 270, 2nd beginner 40: the four pool all four (770), 192.50 each.
    let standings = table(&[(1, 5.0), (2, 4.0), (3, 3.0), (4, 3.0), (5, 3.0), (6, 3.0)]);
    let members = HashMap::from([("Beginners".to_string(), HashSet::from([4, 5, 6]))]);
    let list = split(
        vec![
            prize("1st", None, Some(500.0), ""),
            prize("2nd", None, Some(300.0), ""),
            prize("3rd", None, Some(230.0), ""),
            prize("4th", None, Some(230.0), ""),
            prize("1st beginner", Some("Beginners"), Some(270.0), ""),
            prize("2nd beginner", Some("Beginners"), Some(40.0), ""),
        ],
        true,
    );
    assert!(list.problems(&["Beginners".to_string()]).is_empty());
    let given = award(&list, &standings, &members, &HashSet::new());
    assert_eq!(given.pools.len(), 1);
    assert_eq!(given.pools[0].prizes, [2, 3, 4, 5]);
    assert_eq!(given.pools[0].total, m(770, 0));
    for p in 3..=6 {
        assert_eq!(paid_to(&given)[&p], m(192, 50), "player {p}");
    }
    // The beginners' prizes are awarded to the beginners of the tie only.
    let named: Vec<i32> = given.prizes[4]
        .winners
        .iter()
        .map(|w| w.player_id)
        .collect();
    assert_eq!(named, [4, 5, 6]);
    // The same list with the category prizes listed first: the same tie, the same pool.
    let mut first = list.clone();
    first.prizes.rotate_right(2);
    let given = award(&first, &standings, &members, &HashSet::new());
    for p in 3..=6 {
        assert_eq!(paid_to(&given)[&p], m(192, 50), "player {p}");
    }
}

#[test]
fn a_prize_the_others_may_not_take_is_taken_alone_when_it_is_worth_more() {
    // X and B tied; only B is a beginner. 3rd 270 and 1st beginner 360 would be 315 each;
    // B takes the 360 alone, and X the 270.
    let standings = table(&[(1, 5.0), (2, 4.0), (3, 3.0), (4, 3.0)]);
    let members = HashMap::from([("Beginners".to_string(), HashSet::from([4]))]);
    let list = split(
        vec![
            prize("1st", None, Some(500.0), ""),
            prize("2nd", None, Some(400.0), ""),
            prize("3rd", None, Some(270.0), ""),
            prize("1st beginner", Some("Beginners"), Some(360.0), ""),
        ],
        true,
    );
    let given = award(&list, &standings, &members, &HashSet::new());
    assert!(given.pools.is_empty(), "{given:#?}");
    assert_eq!(winners(&given.prizes[2]), [(3, Some(m(270, 0)))]);
    assert_eq!(winners(&given.prizes[3]), [(4, Some(m(360, 0)))]);
    // The worked example of `docs/standings.md`: A, B, C and D tie for first; D alone is under
    // 12; 1st 300, 2nd 200, best under 12 150 and a medal: 650 pooled, 162.50 each, and the
    // medal to D alone.
    let standings = table(&[(1, 4.0), (2, 4.0), (3, 4.0), (4, 4.0), (5, 2.0)]);
    let members = HashMap::from([("Under 12".to_string(), HashSet::from([4, 5]))]);
    let list = |youth: f64| {
        split(
            vec![
                prize("1st", None, Some(300.0), ""),
                prize("2nd", None, Some(200.0), ""),
                prize("Best under 12", Some("Under 12"), Some(youth), "medal"),
            ],
            true,
        )
    };
    let given = award(&list(150.0), &standings, &members, &HashSet::new());
    assert_eq!(given.paid(), m(650, 0));
    for p in 1..=4 {
        assert_eq!(paid_to(&given)[&p], m(162, 50), "player {p}");
    }
    assert_eq!(winners(&given.prizes[2]), [(4, None)]);
    // Worth more to D alone than a quarter of the pool: D takes it, the others share 500,
    // 166.67, 166.67 and 166.66.
    let given = award(&list(400.0), &standings, &members, &HashSet::new());
    assert_eq!(winners(&given.prizes[2]), [(4, Some(m(400, 0)))]);
    assert_eq!(
        parts(&given.pools[0]),
        [(1, m(166, 67)), (2, m(166, 67)), (3, m(166, 66))]
    );
}

#[test]
fn no_player_takes_more_than_the_largest_prize_they_would_take_were_there_no_tie() {
    // X, B1 and B2 tied; the 3rd and 4th (100 each) and the 1st beginner (300) pooled: 500,
    // 166.67 a head, but X may take 100 at most; the other 400 go to B1 and B2, 200 each.
    let standings = table(&[(1, 5.0), (2, 4.0), (3, 3.0), (4, 3.0), (5, 3.0)]);
    let members = HashMap::from([("Beginners".to_string(), HashSet::from([4, 5]))]);
    let list = split(
        vec![
            prize("1st", None, Some(500.0), ""),
            prize("2nd", None, Some(400.0), ""),
            prize("3rd", None, Some(100.0), ""),
            prize("4th", None, Some(100.0), ""),
            prize("1st beginner", Some("Beginners"), Some(300.0), ""),
        ],
        true,
    );
    let given = award(&list, &standings, &members, &HashSet::new());
    assert_eq!(
        parts(&given.pools[0]),
        [(3, m(100, 0)), (4, m(200, 0)), (5, m(200, 0))]
    );
    assert!(given.pools[0].parts[0].capped && !given.pools[0].parts[1].capped);
}

#[test]
fn with_several_prizes_each_every_category_is_given_apart() {
    // A 1½, B 1, C 1, D ½; B and D under 12. 1st 100, 2nd 50, under 12 30 and 20, several
    // prizes each: A the 1st; B and C share the 2nd (25 each); B the first under-12 prize
    // too, D the second: B 55, C 25, D 20.
    let standings = table(&[(1, 1.5), (2, 1.0), (3, 1.0), (4, 0.5)]);
    let members = HashMap::from([("Under 12".to_string(), HashSet::from([2, 4]))]);
    let list = split(
        vec![
            prize("1st", None, Some(100.0), ""),
            prize("2nd", None, Some(50.0), ""),
            prize("U12 1st", Some("Under 12"), Some(30.0), ""),
            prize("U12 2nd", Some("Under 12"), Some(20.0), ""),
        ],
        false,
    );
    let given = award(&list, &standings, &members, &HashSet::new());
    let paid = paid_to(&given);
    assert_eq!(
        (paid[&1], paid[&2], paid[&3], paid[&4]),
        (m(100, 0), m(55, 0), m(25, 0), m(20, 0))
    );
    // The under-12 money is B's and D's only.
    assert_eq!(winners(&given.prizes[2]), [(2, Some(m(30, 0)))]);
    // A player who may take a place prize keeps their part of the place tie beside a category
    // prize worth more: X (under 12) and Y tied for 2nd; 2nd 100 and 3rd 45 pooled, 72.50
    // each, and X's 350 besides.
    let standings = table(&[(1, 3.0), (2, 2.0), (3, 2.0)]);
    let members = HashMap::from([("Under 12".to_string(), HashSet::from([2]))]);
    let list = split(
        vec![
            prize("1st", None, Some(500.0), ""),
            prize("2nd", None, Some(100.0), ""),
            prize("3rd", None, Some(45.0), ""),
            prize("Best under 12", Some("Under 12"), Some(350.0), ""),
        ],
        false,
    );
    let given = award(&list, &standings, &members, &HashSet::new());
    let paid = paid_to(&given);
    assert_eq!((paid[&2], paid[&3]), (m(422, 50), m(72, 50)));
    assert_eq!(given.paid(), list.fund());
}

#[test]
fn a_list_names_its_prizes_and_the_event_s_categories() {
    let list = PrizeList {
        prizes: vec![
            prize("", None, Some(10.0), ""),
            prize("Junior", Some("Juniors"), Some(5.0), ""),
            prize("Nothing", None, None, ""),
        ],
        ..PrizeList::default()
    };
    let problems = list.problems(&["Under 12".to_string()]);
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(
        problems
            .iter()
            .any(|p| p.has_key("prize-not-one-event-s") && p.to_string().contains("Juniors"))
    );
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

/// A random event: standings in halves, two categories, a list best first in each, amounts
/// with cents.
fn events() -> impl Strategy<Value = (Vec<Standing>, HashMap<String, HashSet<i32>>, PrizeList)> {
    let players = 2..14usize;
    players.prop_flat_map(|n| {
        (
            proptest::collection::vec(0..9u8, n),
            proptest::collection::vec(0..4u8, n),
            proptest::collection::vec((0..3u8, 1..200_000i64, any::<bool>()), 1..9),
            any::<bool>(),
            0..3u8,
            any::<bool>(),
        )
            .prop_map(|(points, cats, prizes, one_each, ties, cfa)| {
                let mut rows: Vec<(i32, f64)> = points
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| (i as i32 + 1, f64::from(p) / 2.0))
                    .collect();
                rows.sort_by(|a, b| b.1.total_cmp(&a.1));
                let standings = table(&rows);
                let mut members = HashMap::from([
                    ("Under 12".to_string(), HashSet::new()),
                    ("Women".to_string(), HashSet::new()),
                ]);
                for (i, &c) in cats.iter().enumerate() {
                    let p = i as i32 + 1;
                    if c & 1 == 1 {
                        members.get_mut("Under 12").unwrap().insert(p);
                    }
                    if c & 2 == 2 {
                        members.get_mut("Women").unwrap().insert(p);
                    }
                }
                let names = [None, Some("Under 12"), Some("Women")];
                let mut list: Vec<Prize> = prizes
                    .iter()
                    .enumerate()
                    .map(|(k, &(c, hundredths, money))| Prize {
                        name: format!("{k}"),
                        category: names[c as usize].map(str::to_string),
                        amount: (money || k == 0).then(|| {
                            let h = if cfa {
                                hundredths / 100 * 100
                            } else {
                                hundredths
                            };
                            Money::from_hundredths(h)
                        }),
                        award: if money { String::new() } else { "medal".into() },
                    })
                    .collect();
                // Best first within each category.
                list.sort_by_key(|p| {
                    (
                        p.category.clone(),
                        std::cmp::Reverse(p.amount.unwrap_or_default()),
                    )
                });
                let list = PrizeList {
                    prizes: list,
                    one_each,
                    ties: [Ties::Tiebreak, Ties::Split, Ties::Playoff][ties as usize],
                    currency: if cfa { "FCFA".into() } else { "GH₵".into() },
                };
                (standings, members, list)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Every tie's parts add up to its pool to the cent; every prize is taken whole by one
    /// player, pooled, waiting for a play-off, or says why not; one prize a player (of each
    /// category with several each); the parts of a pool differ by at most one unit but where
    /// a player is held to their largest prize; what is paid is the fund less what waits or
    /// goes to nobody.
    #[test]
    fn every_tie_s_shares_add_up_to_its_pool(
        (standings, members, list) in events()
    ) {
        prop_assert!(list.problems(&["Under 12".into(), "Women".into()]).is_empty());
        let given = award(&list, &standings, &members, &HashSet::new());
        let unit = list.unit();
        let rule = Rule { list: &list, members: &members };
        for (k, pool) in given.pools.iter().enumerate() {
            let pooled: Money = pool.prizes.iter().filter_map(|&j| list.prizes[j].amount).sum();
            prop_assert_eq!(pool.total, pooled);
            let parts: Money = pool.parts.iter().map(|p| p.amount).sum();
            prop_assert_eq!(parts, pool.total, "{:#?}", given);
            prop_assert!(pool.parts.len() >= 2);
            let open: Vec<Money> = pool.parts.iter().filter(|p| !p.capped).map(|p| p.amount).collect();
            if let (Some(lo), Some(hi)) = (open.iter().min(), open.iter().max()) {
                prop_assert!(hi.hundredths() - lo.hundredths() <= unit);
                for p in pool.parts.iter().filter(|p| p.capped) {
                    prop_assert!(p.amount <= *lo);
                }
            }
            for p in &pool.parts {
                prop_assert_eq!(p.amount.hundredths() % unit, 0);
                let cap = pool.prizes.iter()
                    .filter(|&&j| rule.in_category(j, p.player_id))
                    .map(|&j| rule.amount(j))
                    .max()
                    .unwrap_or_default();
                prop_assert!(p.amount <= cap, "{:#?}", given);
                prop_assert_eq!(
                    standings.iter().find(|s| s.player_id == p.player_id).unwrap().points,
                    pool.points
                );
            }
            for &j in &pool.prizes {
                prop_assert_eq!(given.prizes[j].pool, Some(k));
            }
        }
        let mut waiting = Money::ZERO;
        let mut nobody = Money::ZERO;
        for (j, a) in given.prizes.iter().enumerate() {
            let amount = a.prize.amount.unwrap_or_default();
            let ways = [a.pool.is_some(), !a.playoff.is_empty(), a.unawarded.is_some(),
                        a.pool.is_none() && !a.winners.is_empty()];
            prop_assert_eq!(ways.iter().filter(|w| **w).count(), 1, "prize {}: {:#?}", j, given);
            if !a.playoff.is_empty() {
                waiting += amount;
            }
            if a.unawarded.is_some() {
                nobody += amount;
            }
            for w in &a.winners {
                prop_assert!(rule.in_category(j, w.player_id));
            }
        }
        prop_assert_eq!(given.paid() + waiting + nobody, list.fund());
        // One prize a player (of each category, with several each).
        let mut held: HashMap<(i32, Option<String>), usize> = HashMap::new();
        for (j, a) in given.prizes.iter().enumerate() {
            let key = |p: i32| (p, if list.one_each { None } else { list.prizes[j].category.clone() });
            if a.pool.is_none() {
                for w in &a.winners {
                    *held.entry(key(w.player_id)).or_default() += 1;
                }
            }
        }
        for pool in &given.pools {
            let category = list.prizes[pool.prizes[0]].category.clone();
            for p in &pool.parts {
                let key = (p.player_id, if list.one_each { None } else { category.clone() });
                *held.entry(key).or_default() += 1;
            }
        }
        prop_assert!(held.values().all(|&n| n == 1), "{:?} {:#?}", held, given);
        if list.ties != Ties::Split {
            prop_assert!(given.pools.is_empty());
        }
    }
}
