use chrono::NaiveDate;

use super::files::{ResultRow, publish, read_results, write_results};
use super::points::{Place, Total};
use super::standings::TieBreak;
use super::*;

fn day(s: &str) -> NaiveDate {
    s.parse().unwrap()
}

/// The worked example of `docs/circuits.md`.
const RULES: &str = r#"{
  "name": "Accra Grand Prix 2027",
  "season": {"start": "2027-01-01", "end": "2027-11-30"},
  "events": [
    {"tournament_id": 11},
    {"tournament_id": 12},
    {"tournament_id": 13, "coefficient": 2}
  ],
  "points": {"kind": "by-place", "tables": [
    {"points": [10, 6, 4, 3]},
    {"from_field": 6, "points": [15, 10, 7, 5, 3, 2]}
  ]},
  "best": 2,
  "categories": [
    {"code": "U14", "name": "Under 14", "rule": "under", "age": 14},
    {"code": "W", "name": "Women", "rule": "women"}
  ],
  "qualification": {"top": 2, "per_category": {"U14": 1}, "reserved": {"W": 1}, "min_events": 2},
  "lots_seed": 2027
}"#;

fn rules() -> Rules {
    let rules: Rules = serde_json::from_str(RULES).unwrap();
    rules.check().unwrap();
    rules
}

fn result(t: i64, person: i64, first: usize, last: usize, field: usize) -> ResultRow {
    ResultRow {
        tournament_id: t,
        tournament: format!("Event {t}"),
        date: None,
        person_id: person,
        name: format!("Person {person}"),
        categories: Vec::new(),
        place: Place {
            first,
            last,
            field,
            halves: 0,
        },
        finished: true,
    }
}

fn points(rules: &Rules, first: usize, last: usize, field: usize) -> String {
    rules
        .points
        .points(Place {
            first,
            last,
            field,
            halves: 0,
        })
        .to_string()
}

#[test]
fn a_place_earns_its_tables_points_and_shared_places_their_average() {
    let rules = rules();
    // A field of 4 uses the first table, one of 6 or more the second.
    assert_eq!(points(&rules, 1, 1, 4), "10");
    assert_eq!(points(&rules, 1, 1, 6), "15");
    assert_eq!(points(&rules, 1, 1, 40), "15");
    // Past the table, nothing.
    assert_eq!(points(&rules, 5, 5, 5), "0");
    // 2nd and 3rd shared of 6: (10 + 7) / 2.
    assert_eq!(points(&rules, 2, 3, 6), "8.5");
    // 3rd to 5th shared of 6: (7 + 5 + 3) / 3 = 5.
    assert_eq!(points(&rules, 3, 5, 6), "5");
    // 1st to 3rd of 4: (10 + 6 + 4) / 3 = 6.666..., down to the hundredth.
    assert_eq!(points(&rules, 1, 3, 4), "6.66");
}

#[test]
fn the_other_tables_count_players_beaten_and_game_points() {
    let beaten: PointsTable =
        serde_json::from_str(r#"{"kind": "players-beaten", "per_player": 1.5, "for_playing": 2}"#)
            .unwrap();
    let at = |first, last, halves| {
        beaten.points(Place {
            first,
            last,
            field: 10,
            halves,
        })
    };
    assert_eq!(at(1, 1, 0).to_string(), "15.5");
    assert_eq!(at(10, 10, 0).to_string(), "2");
    assert_eq!(at(4, 5, 0).to_string(), "10.25");
    let games: PointsTable =
        serde_json::from_str(r#"{"kind": "game-points", "per_point": 3}"#).unwrap();
    let p = |halves| {
        games
            .points(Place {
                first: 1,
                last: 1,
                field: 10,
                halves,
            })
            .to_string()
    };
    assert_eq!(p(9), "13.5");
    assert_eq!(p(0), "0");
}

#[test]
fn a_coefficient_multiplies_exactly() {
    let mut rules = rules();
    rules.events[2].coefficient = Hundredths::parse("1.15").unwrap();
    // 8.5 × 1.15 = 9.775, kept whole: no binary fraction, no rounding.
    let s = standings(&rules, &[result(13, 1, 2, 3, 6), result(13, 2, 2, 3, 6)]);
    assert_eq!(s.rows[0].total.to_string(), "9.775");
    assert_eq!(Total::parse("9.775"), Some(s.rows[0].total));
    // 0.1 in JSON is ten hundredths, not the float nearest to it.
    let c: CountingEvent =
        serde_json::from_str(r#"{"tournament_id": 1, "coefficient": 0.1}"#).unwrap();
    assert_eq!(c.coefficient, Hundredths(10));
    assert!(
        serde_json::from_str::<CountingEvent>(r#"{"tournament_id": 1, "coefficient": 0.125}"#)
            .is_err()
    );
}

#[test]
fn the_best_results_count_and_the_rest_are_dropped() {
    let rules = rules();
    // Person 1: 10 (event 11, of 4), 6 (event 12, of 4), 2 × 5 (event 13, 4th of 6) = 10.
    let s = standings(
        &rules,
        &[
            result(11, 1, 1, 1, 4),
            result(12, 1, 2, 2, 4),
            result(13, 1, 4, 4, 6),
        ],
    );
    let line = &s.rows[0];
    assert_eq!(line.total.to_string(), "20");
    assert_eq!((line.events, line.counted), (3, 2));
    let counted: Vec<(i64, bool)> = line
        .results
        .iter()
        .map(|r| (r.tournament_id, r.counted))
        .collect();
    // Of the two 10s the event announced first counts; the 6 is dropped.
    assert_eq!(counted, [(11, true), (12, false), (13, true)]);
    assert_eq!(line.best.to_string(), "10");
}

#[test]
fn equal_totals_go_by_events_then_best_then_head_to_head_then_lots() {
    let mut rules = rules();
    rules.best = None;
    // Person 1: 10 + 0 (two events); person 2: 10 (one event): more events first.
    let s = standings(
        &rules,
        &[
            result(11, 1, 1, 1, 4),
            result(12, 1, 5, 5, 5),
            result(12, 2, 1, 1, 4),
        ],
    );
    assert_eq!(
        s.rows.iter().map(|r| r.person_id).collect::<Vec<_>>(),
        [1, 2]
    );
    assert_eq!(s.rows[0].tie_break, Some(TieBreak::Events));
    // Person 3: 6 + 4 = 10, person 4: 7 + 3 = 10 (of 6): the best single result first.
    let s = standings(
        &rules,
        &[
            result(11, 3, 2, 2, 4),
            result(12, 3, 3, 3, 4),
            result(11, 4, 3, 3, 6),
            result(12, 4, 5, 5, 6),
        ],
    );
    assert_eq!(
        s.rows.iter().map(|r| r.person_id).collect::<Vec<_>>(),
        [4, 3]
    );
    assert_eq!(s.rows[0].tie_break, Some(TieBreak::Best));
    // Persons 5 and 6 both 10 + 6: 6 finished ahead of 5 once more than behind.
    let rows = [
        result(11, 5, 1, 1, 4),
        result(12, 5, 2, 2, 4),
        result(11, 6, 2, 2, 4),
        result(12, 6, 1, 1, 4),
        result(13, 6, 3, 3, 4),
        result(13, 5, 4, 4, 4),
    ];
    let mut by_table = rules.clone();
    by_table.events[2].coefficient = Hundredths(0);
    let s = standings(&by_table, &rows);
    assert_eq!(
        s.rows.iter().map(|r| r.person_id).collect::<Vec<_>>(),
        [6, 5]
    );
    assert_eq!(s.rows[0].tie_break, Some(TieBreak::HeadToHead));
    // Persons who never met and are equal on everything: lots, the same for the same seed.
    let equal: Vec<ResultRow> = (20..30).map(|p| result(11, p, 1, 1, 4)).collect();
    let order = |seed| {
        let mut r = rules.clone();
        r.lots_seed = seed;
        standings(&r, &equal)
            .rows
            .iter()
            .map(|r| r.person_id)
            .collect::<Vec<_>>()
    };
    assert_eq!(order(7), order(7));
    assert!((0..10).any(|seed| order(seed) != order(7)));
    let s = standings(&rules, &equal);
    assert!(s.rows.iter().all(|r| r.tie_break == Some(TieBreak::Lots)));
    assert_eq!(
        s.rows.iter().map(|r| r.rank).collect::<Vec<_>>(),
        (1..=10).collect::<Vec<_>>()
    );
}

#[test]
fn categories_go_by_the_register_on_the_seasons_first_day() {
    let rules = rules();
    let of = |birth_year, gender| {
        rules.categories_of(&Details {
            birth_year,
            gender,
            federation: "",
            club: "",
        })
    };
    // Under 14 in 2027: born in 2013 or later.
    assert_eq!(of(Some(2013), "male"), ["U14"]);
    assert!(of(Some(2012), "male").is_empty());
    assert_eq!(of(Some(2014), "female"), ["U14", "W"]);
    assert_eq!(of(None, "female"), ["W"]);
    let league = CircuitCategory {
        code: "ASH".into(),
        name: "Ashanti league".into(),
        rule: CategoryRule::Federation {
            federation: "Ashanti".into(),
        },
    };
    let d = |federation| Details {
        federation,
        ..Details::default()
    };
    assert!(league.admits(&d(" ashanti "), day("2027-01-01")));
    assert!(!league.admits(&d(""), day("2027-01-01")));
}

/// Persons 1..=8 in that order of the standings, each with two results (7 and 8 with one);
/// 3 and 8 under 14, 6 a woman.
fn field() -> Vec<ResultRow> {
    let mut rows = Vec::new();
    for p in 1..=8i64 {
        let mut a = result(11, p, p as usize, p as usize, 8);
        let mut b = result(12, p, p as usize, p as usize, 8);
        for r in [&mut a, &mut b] {
            r.categories = match p {
                3 | 8 => vec!["U14".into()],
                6 => vec!["W".into()],
                _ => vec![],
            };
        }
        rows.push(a);
        if p < 7 {
            rows.push(b);
        }
    }
    rows
}

fn seeds(q: &Qualification) -> Vec<(i64, Qualifying)> {
    q.qualified
        .iter()
        .map(|q| (q.person_id, q.by.clone()))
        .collect()
}

#[test]
fn the_top_the_categories_and_the_reserved_places_qualify() {
    let rules = rules();
    let s = standings(&rules, &field());
    let q = qualify(&rules, &s);
    // 1 and 2 by the top; U14's first is 3; the women's reserved place goes to 6; 8 (U14, one
    // event) and 7 lack the events.
    assert_eq!(
        seeds(&q),
        [
            (1, Qualifying::Top),
            (2, Qualifying::Top),
            (3, Qualifying::Category("U14".into())),
            (6, Qualifying::Reserved("W".into())),
        ]
    );
    assert_eq!(
        q.qualified.iter().map(|q| q.seed).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    assert_eq!(q.next.iter().map(|n| n.0).collect::<Vec<_>>(), [4, 5]);
    // A category's first who qualified already fills its place: no one more.
    let mut r = rules.clone();
    r.qualification.top = 3;
    let q = qualify(&r, &standings(&r, &field()));
    assert_eq!(
        q.qualified.iter().map(|q| q.person_id).collect::<Vec<_>>(),
        [1, 2, 3, 6]
    );
}

#[test]
fn a_declined_place_goes_to_the_next_by_the_same_rule() {
    let mut rules = rules();
    rules.declined = vec![
        Declined {
            person_id: 2,
            on: day("2027-11-02"),
        },
        Declined {
            person_id: 6,
            on: day("2027-11-03"),
        },
    ];
    let q = qualify(&rules, &standings(&rules, &field()));
    // 2's place by the top goes to 3, the next in line; 3 is then U14's first, which fills the
    // category's place; the women's reserved place has no one else to go to.
    assert_eq!(seeds(&q), [(1, Qualifying::Top), (3, Qualifying::Top)]);
    assert_eq!(q.next.iter().map(|n| n.0).collect::<Vec<_>>(), [4, 5]);
    let declined: Vec<(i64, &Qualifying)> =
        q.declined.iter().map(|d| (d.person_id, &d.by)).collect();
    assert_eq!(
        declined,
        [
            (2, &Qualifying::Top),
            (6, &Qualifying::Reserved("W".into()))
        ]
    );
}

#[test]
fn the_files_read_back_and_recompute_the_same_standings() {
    let rules = rules();
    let mut rows = field();
    rows[0].name = "=Kwame, \"the elder\"".into();
    rows[0].date = Some(day("2027-03-14"));
    rows[1].place.halves = 9;
    rows[3].finished = false;
    let text = write_results(&rows);
    assert_eq!(read_results(&text).unwrap(), rows);
    let published = publish(&rules, &rows);
    let again: Rules = serde_json::from_str(&published[0]).unwrap();
    assert_eq!(again, rules);
    assert_eq!(
        publish(&again, &read_results(&published[1]).unwrap()),
        published
    );
    let s = standings(&rules, &rows);
    assert!(s.provisional);
    assert!(published[2].contains(",yes,"));
}

#[test]
fn a_broken_results_file_is_refused_with_its_line() {
    let good = write_results(&field());
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    lines[3] = lines[3].replacen(",2,2,8,", ",9,9,8,", 1);
    let e = read_results(&(lines.join("\n") + "\n")).unwrap_err();
    assert_eq!(e.line, 4);
    let mut twice = good.clone();
    twice.push_str(good.lines().nth(1).unwrap());
    twice.push('\n');
    assert_eq!(
        read_results(&twice).unwrap_err().what,
        crate::rating::files::Problem::Twice
    );
    let half = good.replacen(",0,yes", ",0.25,yes", 1);
    assert_eq!(read_results(&half).unwrap_err().line, 2);
    assert!(read_results("a,b\n1,2\n").is_err());
}

#[test]
fn rules_that_do_not_hold_together_are_refused() {
    let with = |f: &dyn Fn(&mut Rules)| {
        let mut r = rules();
        f(&mut r);
        r.check()
    };
    assert_eq!(
        with(&|r| r.season.end = day("2026-12-31")),
        Err(RulesProblem::SeasonBackwards)
    );
    assert_eq!(
        with(&|r| r.events.push(r.events[0].clone())),
        Err(RulesProblem::EventTwice(11))
    );
    assert_eq!(
        with(&|r| {
            r.qualification.reserved.insert("X".into(), 1);
        }),
        Err(RulesProblem::NoSuchCategory("X".into()))
    );
    assert_eq!(with(&|r| r.best = Some(0)), Err(RulesProblem::BestZero));
    assert_eq!(
        with(&|r| r.categories[1].code = "U 14".into()),
        Err(RulesProblem::BadCode)
    );
    assert!(serde_json::from_str::<Rules>(&RULES.replace("\"best\"", "\"bets\"")).is_err());
}
