//! The rating list's files: a random season rated and published after every period, and
//! recomputed from its `games.csv` alone by the `ratings` command, byte for byte.

use std::collections::HashMap;
use std::process::Command;

use chrono::NaiveDate;
use oware_tournament::rating::files::{
    GameRow, PersonRow, Score, period_of, read_games, write_games, write_persons,
};
use oware_tournament::rating::season::{rate, write_history, write_list};
use proptest::prelude::*;

/// A season of `months` months from January 2025: each month, some of the persons play a few
/// games each (some months none at all), persons joining as the season goes.
fn season(seed: u64, persons: i64, months: u32) -> Vec<GameRow> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut games = Vec::new();
    let mut game_id = 0;
    for m in 0..months {
        if rng.gen_bool(0.2) {
            continue;
        }
        let (year, month) = (2025 + (m / 12) as i32, m % 12 + 1);
        let present = (persons * i64::from(m + 1) / i64::from(months)).max(2);
        for _ in 0..rng.gen_range(1..12) {
            let south = rng.gen_range(1..=present);
            let mut north = rng.gen_range(1..=present);
            if north == south {
                north = if south == 1 { 2 } else { south - 1 };
            }
            game_id += 1;
            let date = NaiveDate::from_ymd_opt(year, month, rng.gen_range(1..=28)).unwrap();
            games.push(GameRow {
                period: period_of(date),
                date,
                tournament_id: i64::from(m) + 1,
                game_id,
                south_id: south,
                north_id: north,
                south_score: [Score::Win, Score::Draw, Score::Loss][rng.gen_range(0..3)],
            });
        }
    }
    games
}

fn names(persons: i64) -> (Vec<PersonRow>, HashMap<i64, PersonRow>) {
    let rows: Vec<PersonRow> = (1..=persons)
        .map(|id| PersonRow {
            id,
            name: format!("Player {id}, of \"the club\""),
            federation: "GHA".into(),
            ..PersonRow::default()
        })
        .collect();
    let map = rows.iter().map(|p| (p.id, p.clone())).collect();
    (rows, map)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// After every period of a random season, the files published then are what `games.csv`
    /// alone gives again, and the values of earlier periods never change.
    #[test]
    fn a_recomputation_from_games_csv_equals_the_published_files_after_every_period(
        seed in any::<u64>(), persons in 2i64..40, months in 1u32..30,
    ) {
        let games = season(seed, persons, months);
        let (_, register) = names(persons);
        let mut periods: Vec<_> = games.iter().map(|g| g.period).collect();
        periods.dedup();
        let mut earlier = String::new();
        for upto in periods {
            let published: Vec<GameRow> =
                games.iter().filter(|g| g.period <= upto).cloned().collect();
            let file = write_games(&published);
            let season = rate(&published);
            let (list, history) = (write_list(&season, &register), write_history(&season));
            let again = rate(&read_games(&file).unwrap());
            prop_assert_eq!(&write_list(&again, &register), &list);
            prop_assert_eq!(&write_history(&again), &history);
            prop_assert!(history.starts_with(&earlier));
            earlier = history;
            // `games` counts: each period's in the history, all in the list.
            for row in &season.list {
                let all: u32 = season.history.iter().filter(|h| h.id == row.id).map(|h| h.games).sum();
                let own = published.iter().filter(|g| g.south_id == row.id || g.north_id == row.id).count();
                prop_assert_eq!(all as usize, own);
                prop_assert_eq!(row.games, all);
            }
        }
    }
}

#[test]
fn the_ratings_command_writes_the_published_files_byte_for_byte() {
    let games = season(7, 30, 24);
    let (rows, register) = names(30);
    let season = rate(&games);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("games.csv"), write_games(&games)).unwrap();
    std::fs::write(dir.path().join("persons.csv"), write_persons(&rows)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
        .arg("ratings")
        .arg(dir.path().join("games.csv"))
        .arg(dir.path().join("out"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read = |f: &str| std::fs::read_to_string(dir.path().join("out").join(f)).unwrap();
    assert_eq!(read("list.csv"), write_list(&season, &register));
    assert_eq!(read("history.csv"), write_history(&season));
    // The names came from persons.csv beside the games, quoted where they need it.
    assert!(read("list.csv").contains("\"Player 1, of \"\"the club\"\"\",GHA,"));
    // Every person who played is on the list, nobody else.
    let mut played: Vec<i64> = games
        .iter()
        .flat_map(|g| [g.south_id, g.north_id])
        .collect();
    played.sort();
    played.dedup();
    let mut listed: Vec<i64> = season.list.iter().map(|r| r.id).collect();
    listed.sort();
    assert_eq!(listed, played);
}

#[test]
fn a_games_file_that_is_not_one_is_refused_with_its_line_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("a,b\n", "line 1"),
        (
            "period,date,tournament_id,game_id,south_id,north_id,south_score\n2026-01,2026-02-03,1,1,1,2,1\n",
            "line 2: the date is not in the period",
        ),
        (
            "period,date,tournament_id,game_id,south_id,north_id,south_score\n2026-01,2026-01-03,1,1,1,2,2\n",
            "south_score",
        ),
        (
            "period,date,tournament_id,game_id,south_id,north_id,south_score\n2026-01,2026-01-03,1,1,4,4,1\n",
            "themselves",
        ),
    ];
    for (text, said) in cases {
        std::fs::write(dir.path().join("games.csv"), text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
            .arg("ratings")
            .arg(dir.path().join("games.csv"))
            .arg(dir.path().join("out"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(said),
            "{text}"
        );
        assert!(!dir.path().join("out").exists());
    }
}

#[test]
fn months_without_games_grow_the_rd_of_those_already_rated_and_nobody_elses() {
    let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
    let game = |id, date: NaiveDate, s, n| GameRow {
        period: period_of(date),
        date,
        tournament_id: 1,
        game_id: id,
        south_id: s,
        north_id: n,
        south_score: Score::Win,
    };
    // 1 and 2 play in January, 3 and 4 first in April; February and March have no games.
    let games = [
        game(1, day(2026, 1, 10), 1, 2),
        game(2, day(2026, 4, 10), 3, 4),
    ];
    let season = rate(&games);
    let one = season.rating(1).unwrap();
    let three = season.rating(3).unwrap();
    let january = &season.history.iter().find(|h| h.id == 1).unwrap().rating;
    // Three months of growth after January (February, March, April) for 1; none for 3 before
    // its first game: 3 and 4 start from 1500/350 in April exactly as 1 and 2 did in January.
    assert!(one.rating.rd > january.rd);
    assert_eq!(three.rating.rating, january.rating);
    assert_eq!(three.rating.rd, january.rd);
    assert_eq!(season.history.len(), 4);
    assert!(one.rating.provisional());
}
