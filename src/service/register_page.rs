//! The register's page as its organisers read it: the players waiting for someone to say who
//! they are, a page at a time, each with the register's suggestions (or the persons a search
//! found for them); the persons, a page at a time or as a search finds them; the persons likely
//! entered twice; the tournaments, whether they are rated and the list their games count in;
//! and the persons an action named, for the page to say what it did.

use chrono::{Datelike, NaiveDate};
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::register::{Searchable, SuggestionView, Wanted};
use super::{Actor, ServiceError};
use crate::db::register::{self as stored, Person};
use crate::tournament::names::matches;
use crate::tournament::register::Doubt;

/// The players waiting on one page.
pub const WAITING_A_PAGE: usize = 50;
/// The persons on one page.
pub const PERSONS_A_PAGE: usize = 200;
/// The pairs of likely duplicates shown.
pub const DUPLICATES_SHOWN: usize = 50;

/// What the page was asked for (its address's query).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Asked {
    /// The page of the persons, from 1.
    #[serde(default)]
    pub page: Option<usize>,
    /// A search among the persons (a part of a name, or a number).
    #[serde(default)]
    pub q: String,
    /// The page of the waiting players, from 1.
    #[serde(default)]
    pub waiting_page: Option<usize>,
    /// A waiting player the organiser searched the register for, and what they typed.
    #[serde(default)]
    pub find: Option<i32>,
    #[serde(default)]
    pub find_name: String,
}

/// A person as the page names them.
#[derive(Clone, Debug, Serialize)]
pub struct Brief {
    pub id: i32,
    pub name: String,
    pub birth_year: Option<i32>,
    pub federation: String,
    /// Their games in the rated tournaments.
    pub games: usize,
    pub merged_into: Option<i32>,
}

impl Brief {
    fn of(p: &Person, games: usize) -> Brief {
        Brief {
            id: p.id,
            name: p.name.clone(),
            birth_year: p.birth_year,
            federation: p.federation.clone(),
            games,
            merged_into: p.merged_into,
        }
    }
}

/// A player waiting for the hub's organiser to say who they are.
#[derive(Clone, Debug, Serialize)]
pub struct Waiting {
    pub player_id: i32,
    pub tournament_id: i32,
    pub tournament: String,
    /// The event the tournament is a section of ("Open" of which festival).
    pub event: Option<String>,
    pub name: String,
    pub birth_year: Option<i32>,
    pub federation: String,
    pub club: String,
    /// The register's suggestions, or the persons found for what the organiser typed.
    pub suggestions: Vec<SuggestionView>,
    /// What the organiser typed to search for them, when they did.
    pub searched: Option<String>,
    /// Why the number they came with is not taken, when they came with one, and the name of
    /// the person it names here.
    pub doubt: Option<Doubt>,
    pub numbered: Option<String>,
}

/// A tournament, whether it is rated, and the list its games count in: a month's games count
/// in the list of the first of the next month, once the month has ended.
#[derive(Clone, Debug, Serialize)]
pub struct Mark {
    pub id: i32,
    pub name: String,
    pub rated: bool,
    /// The month of its last games (they count in the list of the first of the next month).
    pub month: Option<NaiveDate>,
}

impl From<stored::TournamentMark> for Mark {
    fn from(t: stored::TournamentMark) -> Mark {
        Mark {
            id: t.id,
            name: t.name,
            rated: t.rated,
            month: t.last_day,
        }
    }
}

/// The first day of the month after `day`'s: the list a game of that day counts in.
pub fn list_of(day: NaiveDate) -> NaiveDate {
    let (y, m) = if day.month() == 12 {
        (day.year() + 1, 1)
    } else {
        (day.year(), day.month() + 1)
    };
    NaiveDate::from_ymd_opt(y, m, 1).expect("the first of a month")
}

/// What the register's page shows its organisers.
#[derive(Clone, Debug, Serialize)]
pub struct RegisterView {
    pub waiting: Vec<Waiting>,
    pub waiting_total: usize,
    /// The page of the waiting players shown, from 1, of `waiting_pages`.
    pub waiting_page: usize,
    pub waiting_pages: usize,
    pub persons: Vec<Brief>,
    /// How many persons the search (or the register) holds, the page shown of `pages`.
    pub persons_total: usize,
    pub page: usize,
    pub pages: usize,
    pub q: String,
    /// Pairs of persons likely to be one person entered twice.
    pub duplicates: Vec<(Brief, Brief)>,
    pub tournaments: Vec<Mark>,
    /// At a venue: the hub's register held here (numbers, merges and ratings are the hub's).
    pub copy: Option<super::register::HeldCopy>,
}

/// How many pages of `each` hold `total`, and the page `asked` as it can be shown (from 1).
fn paged(total: usize, each: usize, asked: Option<usize>) -> (usize, usize) {
    let pages = total.div_ceil(each).max(1);
    (asked.unwrap_or(1).clamp(1, pages), pages)
}

/// The page `asked` of `items`, `each` a page: its items, the page shown and how many there are.
fn one_page<T>(items: Vec<T>, each: usize, asked: Option<usize>) -> (Vec<T>, usize, usize) {
    let (page, pages) = paged(items.len(), each, asked);
    let shown = items
        .into_iter()
        .skip((page - 1) * each)
        .take(each)
        .collect();
    (shown, page, pages)
}

/// The register's page (the hub's organisers).
pub fn view(
    conn: &mut SqliteConnection,
    actor: &Actor,
    register: &Searchable,
    asked: &Asked,
) -> Result<RegisterView, ServiceError> {
    actor.organiser()?;
    let persons = stored::all(conn)?;
    let games = games_of(conn)?;
    let games_of = |id: i32| games.get(&id).copied().unwrap_or(0);
    let by_id: std::collections::HashMap<i32, &Person> =
        persons.iter().map(|p| (p.id, p)).collect();

    let waiting: Vec<super::claims::Registered> = super::claims::registered(conn)?
        .into_iter()
        .filter(|p| p.person.is_none())
        .collect();
    let waiting_total = waiting.len();
    let (waiting, waiting_page, waiting_pages) =
        one_page(waiting, WAITING_A_PAGE, asked.waiting_page);
    let waiting = waiting
        .into_iter()
        .map(
            |super::claims::Registered {
                 player: p, doubt, ..
             }| {
                let searched = (asked.find == Some(p.id) && !asked.find_name.trim().is_empty())
                    .then(|| asked.find_name.trim().to_string());
                let wanted = match &searched {
                    // What the organiser typed: a number, or a name.
                    Some(typed) => Wanted {
                        id: typed.parse().ok(),
                        name: typed.clone(),
                        ..Wanted::default()
                    },
                    // The person of the number they came with first, for the organiser to say
                    // whether it is them after all.
                    None => Wanted {
                        id: p.register_id.filter(|_| doubt.is_some()),
                        name: p.name.clone(),
                        birth_year: p.birth_year,
                        federation: p.federation.clone(),
                        ..Wanted::default()
                    },
                };
                Waiting {
                    suggestions: register.suggest(&wanted, if searched.is_some() { 10 } else { 5 }),
                    searched,
                    player_id: p.id,
                    tournament_id: p.tournament_id,
                    tournament: p.tournament,
                    event: p.event,
                    name: p.name,
                    birth_year: p.birth_year,
                    federation: p.federation,
                    club: p.club,
                    numbered: doubt.is_some().then_some(p.numbered_name).flatten(),
                    doubt,
                }
            },
        )
        .collect();

    let q = asked.q.trim();
    let found: Vec<&Person> = persons
        .iter()
        .filter(|p| q.is_empty() || p.id.to_string() == q || matches(&p.name, q))
        .collect();
    let persons_total = found.len();
    let (found, page, pages) = one_page(found, PERSONS_A_PAGE, asked.page);
    let shown = found
        .into_iter()
        .map(|p| Brief::of(p, games_of(p.id)))
        .collect();

    let duplicates = register
        .duplicates(DUPLICATES_SHOWN)
        .into_iter()
        .filter_map(|(a, b)| {
            let (a, b) = (by_id.get(&a)?, by_id.get(&b)?);
            Some((Brief::of(a, games_of(a.id)), Brief::of(b, games_of(b.id))))
        })
        .collect();
    let tournaments = stored::tournament_marks(conn)?
        .into_iter()
        .map(Mark::from)
        .collect();
    Ok(RegisterView {
        waiting,
        waiting_total,
        waiting_page,
        waiting_pages,
        persons: shown,
        persons_total,
        page,
        pages,
        q: q.to_string(),
        duplicates,
        tournaments,
        copy: super::register::held_copy(conn)?,
    })
}

/// Each person's games in the rated tournaments (as themselves, before any merge).
fn games_of(
    conn: &mut SqliteConnection,
) -> Result<std::collections::HashMap<i32, usize>, ServiceError> {
    let mut games = std::collections::HashMap::new();
    for g in super::claims::played(conn)? {
        for p in [g.south, g.north].into_iter().flatten() {
            *games.entry(p).or_insert(0) += 1;
        }
    }
    Ok(games)
}

/// The persons `ids` as the page names them (those that exist), for a confirmation or for the
/// page to say what an action did (the hub's organisers).
pub fn briefs(
    conn: &mut SqliteConnection,
    actor: &Actor,
    ids: &[i32],
) -> Result<Vec<Brief>, ServiceError> {
    actor.organiser()?;
    let games = games_of(conn)?;
    let mut out = Vec::new();
    for &id in ids {
        if let Some(p) = stored::get(conn, id)? {
            out.push(Brief::of(&p, games.get(&id).copied().unwrap_or(0)));
        }
    }
    Ok(out)
}

/// A tournament as the page names it after marking it rated: its name and the list its games
/// count in.
pub fn mark(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: i32,
) -> Result<Option<Mark>, ServiceError> {
    actor.organiser()?;
    Ok(stored::tournament_marks(conn)?
        .into_iter()
        .find(|t| t.id == id)
        .map(Mark::from))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_months_games_count_in_the_list_of_the_first_of_the_next() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(list_of(day(2026, 12, 13)), day(2027, 1, 1));
        assert_eq!(list_of(day(2026, 11, 30)), day(2026, 12, 1));
        assert_eq!(list_of(day(2027, 1, 1)), day(2027, 2, 1));
    }

    #[test]
    fn pages_hold_what_there_is() {
        assert_eq!(paged(0, 50, None), (1, 1));
        assert_eq!(paged(1500, 50, Some(7)), (7, 30));
        assert_eq!(paged(1500, 50, Some(99)), (30, 30));
        assert_eq!(paged(1500, 50, Some(0)), (1, 30));
    }
}
