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
