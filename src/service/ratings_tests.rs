//! The rating list's merges, from the register and the games alone.

use super::*;
use crate::db::register::RatedGame;

fn person(id: i32, merged_into: Option<i32>) -> Person {
    Person {
        id,
        name: format!("Person {id}"),
        name_key: String::new(),
        birth_year: None,
        gender: String::new(),
        federation: String::new(),
        club: String::new(),
        licence: String::new(),
        merged_into,
        created_at: chrono::DateTime::from_timestamp(1_700_000_000, 0)
            .unwrap()
            .naive_utc(),
        rating: None,
        rd: None,
    }
}

fn day(d: &str) -> NaiveDate {
    d.parse().unwrap()
}

/// Game `id` of tournament 1 on `date`: players `south` and `north` (each entered as the
/// person of the same number), won by `winner`.
fn game(id: i32, date: &str, (south, north): (i32, i32), winner: &str) -> PlayedGame {
    PlayedGame {
        game: RatedGame {
            id,
            tournament_id: 1,
            date: day(date),
            south_player: 100 + south,
            north_player: 100 + north,
            winner: winner.to_string(),
            verified: true,
        },
        south: Some(south),
        north: Some(north),
    }
}

fn tournaments() -> Vec<RatedTournament> {
    vec![RatedTournament {
        id: 1,
        name: "Club Open".to_string(),
        start_date: None,
        end_date: None,
        venue: String::new(),
    }]
}

fn register(merges: &[(i32, i32)]) -> HashMap<i32, Person> {
    (1..=6)
        .map(|id| {
            let into = merges.iter().find(|(from, _)| *from == id).map(|m| m.1);
            (id, person(id, into))
        })
        .collect()
}

/// October's games and one of December, seen on 2026-12-03.
fn season() -> Vec<PlayedGame> {
    vec![
        game(1, "2026-10-03", (1, 3), "south"),
        game(2, "2026-10-03", (2, 4), "draw"),
        game(3, "2026-10-10", (5, 3), "north"),
        game(4, "2026-10-10", (1, 2), "south"),
        game(5, "2026-11-07", (4, 5), "south"),
        game(6, "2026-12-02", (5, 3), "south"),
    ]
}

#[test]
fn a_person_merged_counts_as_the_person_the_merges_end_at() {
    let persons = register(&[(2, 1), (5, 2), (6, 6)]);
    assert_eq!(root(&persons, 5), Some(1), "a merge of a merge followed");
    assert_eq!(root(&persons, 3), Some(3));
    assert_eq!(root(&persons, 9), None, "no such person");
    // A person merged into themselves, or a loop, ends rather than spinning.
    assert_eq!(root(&persons, 6), Some(6));
    let looped = register(&[(2, 3), (3, 2)]);
    assert!(matches!(root(&looped, 2), Some(2 | 3)));
}

#[test]
fn a_merge_gives_the_list_the_list_had_the_games_been_entered_as_one_person() {
    let today = day("2026-12-03");
    let merged = Rated::of(register(&[(2, 1), (5, 2)]), season(), tournaments(), today);
    // The same games with the persons as the merges end at, in a register without merges.
    let as_one: Vec<PlayedGame> = season()
        .into_iter()
        .map(|mut g| {
            let one = |p: Option<i32>| p.map(|p| if p == 2 || p == 5 { 1 } else { p });
            (g.south, g.north) = (one(g.south), one(g.north));
            g
        })
        .collect();
    let entered = Rated::of(register(&[]), as_one, tournaments(), today);
    let (merged_files, entered_files) = (merged.files(), entered.files());
    assert_eq!(merged_files.list, entered_files.list);
    assert_eq!(merged_files.history, entered_files.history);
    assert_eq!(merged_files.games, entered_files.games);
    assert_eq!(merged_files.tournaments, entered_files.tournaments);
    // A game between two entries of the one person is no game of the list.
    assert!(merged.games.iter().all(|g| g.game_id != 4));
    assert_eq!(merged.games.len(), 4, "games 1, 2, 3 and 5; 6 is to come");
    assert!(merged.season.rating(2).is_none() && merged.season.rating(5).is_none());
    // Person 1's games are those of 1, 2 and 5, but the one between them.
    let page = person_page(&merged, 1).unwrap();
    let games: Vec<i64> = page.games.iter().map(|g| g.game_id).collect();
    assert_eq!(games, [1, 2, 3, 5]);
    assert_eq!(page.games_count, 4);
    let merged_ids: Vec<i32> = page.merged.iter().map(|p| p.id).collect();
    assert_eq!(merged_ids, [2, 5]);
    // December's game is to come, for the person 5 was merged into.
    assert_eq!(
        (page.to_come, person_page(&merged, 3).unwrap().to_come),
        (1, 1)
    );
    // The person merged twice names the person the merges end at.
    let five = person_page(&merged, 5).unwrap();
    assert_eq!(five.merged_into.map(|p| p.id), Some(1));
    assert!(five.games.is_empty());
}

#[test]
fn an_events_players_are_rated_as_their_persons() {
    let today = day("2026-12-03");
    let merged = Rated::of(register(&[(2, 1), (5, 2)]), season(), tournaments(), today);
    let rows = event(&merged, crate::tournament::TournamentId(1));
    let person_of: HashMap<i32, i32> = rows.iter().map(|r| (r.player_id, r.person)).collect();
    assert_eq!(person_of[&102], 1);
    assert_eq!(person_of[&105], 1);
    assert_eq!(person_of[&103], 3);
    assert_eq!(
        event_last_day(&merged, crate::tournament::TournamentId(1)),
        Some(day("2026-12-02"))
    );
}
