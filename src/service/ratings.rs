//! The Oware Rating List as the hub computes it from its database: the played games of the
//! rated tournaments between two persons of the register, of complete periods (months before
//! the current one, UTC), rated by `rating::season::rate` exactly as the published `games.csv`
//! is by anyone; the published files, a person's page and the list's page.

use std::collections::HashMap;

use chrono::{NaiveDate, Utc};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::ServiceError;
use super::claims::PlayedGame;
use crate::db::register::{self as stored, Person, RatedTournament};
use crate::rating::files::{self, GameRow, PersonRow, Score, period_of};
use crate::rating::glicko2::Rating;
use crate::rating::period::Period;
use crate::rating::season::{HistoryRow, Season, rate, write_history, write_list};

/// The list as last computed, with the version of the data and the month it was computed at:
/// computed once per write (a push, a merge, a result), not per page.
#[derive(Default)]
struct Cache(std::sync::Mutex<Option<(u64, Period, std::sync::Arc<Rated>)>>);

impl Cache {
    fn get(&self, version: u64, period: Period) -> Option<std::sync::Arc<Rated>> {
        let held = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        held.as_ref()
            .filter(|(v, p, _)| *v == version && *p == period)
            .map(|(_, _, r)| r.clone())
    }

    fn put(&self, version: u64, period: Period, rated: std::sync::Arc<Rated>) {
        *self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some((version, period, rated));
    }
}

/// The rated games and their season, with the register they were resolved with.
pub struct Rated {
    pub games: Vec<GameRow>,
    /// Every played game of the rated tournaments with a final result, the current month's
    /// too (an event's ratings count them), as the database gave them.
    played: Vec<PlayedGame>,
    pub season: Season,
    pub persons: HashMap<i32, Person>,
    pub tournaments: Vec<RatedTournament>,
    /// Per tournament: rated games, and how many of them were not verified by their moves.
    counts: HashMap<i32, (usize, usize)>,
    /// Rated games of the month not ended yet, which count when it ends: per tournament, per
    /// person (merges followed).
    to_come: HashMap<i32, usize>,
    to_come_of: HashMap<i32, usize>,
    /// The day the list was computed: its month's games are still to come.
    pub today: NaiveDate,
}

/// The person whose games `id`'s count as (the one they were merged into, and so on).
pub fn root(persons: &HashMap<i32, Person>, id: i32) -> Option<i32> {
    let mut at = persons.get(&id)?;
    for _ in 0..64 {
        match at.merged_into.and_then(|m| persons.get(&m)) {
            Some(next) => at = next,
            None => return Some(at.id),
        }
    }
    Some(at.id)
}

/// A person as the register's files write them; `private`: with birth year and licence (the
/// staff's file), else without (the published `persons.csv`).
pub fn person_row(p: &Person, private: bool) -> PersonRow {
    PersonRow {
        id: i64::from(p.id),
        name: p.name.clone(),
        birth_year: p.birth_year.filter(|_| private).map(i64::from),
        gender: p.gender.clone(),
        federation: p.federation.clone(),
        club: p.club.clone(),
        licence: if private {
            p.licence.clone()
        } else {
            String::new()
        },
        merged_into: p.merged_into.map(i64::from),
        rating: None,
        rd: None,
    }
}

fn score(winner: &str) -> Option<Score> {
    match winner {
        "south" => Some(Score::Win),
        "north" => Some(Score::Loss),
        "draw" => Some(Score::Draw),
        _ => None,
    }
}

/// The rated games of the periods complete on `today`, and the list they give.
pub fn rated(conn: &mut SqliteConnection, today: NaiveDate) -> Result<Rated, ServiceError> {
    let persons: HashMap<i32, Person> = stored::all(conn)?.into_iter().map(|p| (p.id, p)).collect();
    let played = super::claims::played(conn)?;
    let tournaments = stored::rated_tournaments(conn)?;
    Ok(Rated::of(persons, played, tournaments, today))
}

impl Rated {
    /// The list of the register `persons` from the `played` games of the rated `tournaments`,
    /// on `today`: each game counted as its players' persons' (merges followed to the person
    /// they end at), a game between two entries of one person not at all, the games of the
    /// month not ended yet to come.
    pub fn of(
        persons: HashMap<i32, Person>,
        played: Vec<PlayedGame>,
        tournaments: Vec<RatedTournament>,
        today: NaiveDate,
    ) -> Rated {
        let current = period_of(today);
        let mut counts: HashMap<i32, (usize, usize)> = HashMap::new();
        let mut to_come: HashMap<i32, usize> = HashMap::new();
        let mut to_come_of: HashMap<i32, usize> = HashMap::new();
        let games: Vec<GameRow> = played
            .iter()
            .filter_map(|g: &PlayedGame| {
                let south = root(&persons, g.south?)?;
                let north = root(&persons, g.north?)?;
                let period = period_of(g.date);
                if south == north || score(&g.winner).is_none() {
                    return None;
                }
                if period >= current {
                    *to_come.entry(g.tournament_id).or_default() += 1;
                    *to_come_of.entry(south).or_default() += 1;
                    *to_come_of.entry(north).or_default() += 1;
                    return None;
                }
                let count = counts.entry(g.tournament_id).or_default();
                count.0 += 1;
                count.1 += usize::from(!g.verified);
                Some(GameRow {
                    period,
                    date: g.date,
                    tournament_id: g.tournament_id.into(),
                    game_id: g.id.into(),
                    south_id: south.into(),
                    north_id: north.into(),
                    south_score: score(&g.winner)?,
                })
            })
            .collect();
        let season = rate(&games);
        Rated {
            games,
            played,
            season,
            persons,
            tournaments,
            counts,
            to_come,
            to_come_of,
            today,
        }
    }
}

/// The published files, each as its text.
pub struct Published {
    pub games: String,
    pub list: String,
    pub history: String,
    pub tournaments: String,
    /// The register's public part: who each id is (no birth year, no licence).
    pub persons: String,
}

impl Rated {
    fn person_rows(&self) -> Vec<PersonRow> {
        let mut rows: Vec<PersonRow> = self
            .persons
            .values()
            .map(|p| person_row(p, false))
            .collect();
        rows.sort_by_key(|r| r.id);
        rows
    }

    pub fn files(&self) -> Published {
        let rows = self.person_rows();
        let register: HashMap<i64, PersonRow> = rows.iter().map(|r| (r.id, r.clone())).collect();
        Published {
            games: files::write_games(&self.games),
            list: write_list(&self.season, &register),
            history: write_history(&self.season),
            tournaments: self.tournaments_csv(),
            persons: files::write_persons(&rows),
        }
    }

    fn tournaments_csv(&self) -> String {
        let mut w = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        let date = |d: Option<NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
        let _ = w.write_record([
            "tournament_id",
            "name",
            "start_date",
            "end_date",
            "place",
            "games",
            "verified",
            "not_verified",
            "to_come",
        ]);
        for t in &self.tournaments {
            let (games, not_verified) = self.counts.get(&t.id).copied().unwrap_or_default();
            // "verified" says something of counted games only.
            let verified = match (games, not_verified) {
                (0, _) => "",
                (_, 0) => "yes",
                _ => "no",
            };
            let _ = w.write_record([
                t.id.to_string(),
                files::text_out(&t.name).into_owned(),
                date(t.start_date),
                date(t.end_date),
                files::text_out(&t.venue).into_owned(),
                games.to_string(),
                verified.to_string(),
                not_verified.to_string(),
                self.to_come
                    .get(&t.id)
                    .copied()
                    .unwrap_or_default()
                    .to_string(),
            ]);
        }
        String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
    }
}

/// The published files as of today.
pub fn published(conn: &mut SqliteConnection) -> Result<Published, ServiceError> {
    Ok(rated(conn, Utc::now().date_naive())?.files())
}

/// The rating list as last computed.
pub struct RatingList {
    db: super::Connections,
    cache: Cache,
}

impl RatingList {
    pub fn new(db: super::Connections) -> RatingList {
        RatingList {
            db,
            cache: Cache::default(),
        }
    }

    /// The list as of now: computed again only after a write that changed what it is computed
    /// from, or when a month has ended.
    pub async fn rated(&self) -> Result<std::sync::Arc<Rated>, ServiceError> {
        // The version is read before the data: a write that lands in between makes the entry
        // stale at once, never a stale entry look current.
        let version = self.db.rated_version();
        let today = Utc::now().date_naive();
        let period = period_of(today);
        if let Some(rated) = self.cache.get(version, period) {
            return Ok(rated);
        }
        let rated = std::sync::Arc::new(self.db.read(move |conn| rated(conn, today)).await?);
        self.cache.put(version, period, rated.clone());
        Ok(rated)
    }
}

/// A line of the list's page.
#[derive(Clone, Debug, Serialize)]
pub struct ListEntry {
    pub rank: usize,
    pub id: i32,
    pub name: String,
    pub federation: String,
    pub rating: f64,
    pub rd: f64,
    pub games: u32,
    pub provisional: bool,
}

/// Which part of the list to show.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct ListFilter {
    #[serde(default)]
    pub federation: String,
    /// `women`, `men`, `juniors` (under 20 this year), `seniors` (50 and over), or all.
    #[serde(default)]
    pub category: String,
    /// Only the established ratings.
    #[serde(default)]
    pub established: bool,
}

/// The published files' names, at `/ratings/<name>`.
pub const FILES: [&str; 5] = [
    "games.csv",
    "list.csv",
    "history.csv",
    "tournaments.csv",
    "persons.csv",
];

/// The list's page: the part of the list asked for, ranked, the federations there are and the
/// last period counted.
pub struct ListView {
    pub entries: Vec<ListEntry>,
    pub federations: Vec<String>,
    pub last: Option<Period>,
}

/// The list's page: the whole list ranked, filtered, and the federations there are.
pub fn list(rated: &Rated, filter: &ListFilter) -> ListView {
    let today = Utc::now().date_naive();
    let year = today
        .format("%Y")
        .to_string()
        .parse::<i32>()
        .unwrap_or(2026);
    let mut federations: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for row in &rated.season.list {
        let Some(p) = rated.persons.get(&(row.id as i32)) else {
            continue;
        };
        if !p.federation.is_empty() && !federations.contains(&p.federation) {
            federations.push(p.federation.clone());
        }
        let age = p.birth_year.map(|y| year - y);
        let in_category = match filter.category.as_str() {
            "women" => p.gender == "female",
            "men" => p.gender == "male",
            "juniors" => age.is_some_and(|a| a < 20),
            "seniors" => age.is_some_and(|a| a >= 50),
            _ => true,
        };
        let in_federation =
            filter.federation.is_empty() || p.federation.eq_ignore_ascii_case(&filter.federation);
        if !in_category || !in_federation || (filter.established && row.rating.provisional()) {
            continue;
        }
        out.push(ListEntry {
            rank: out.len() + 1,
            id: p.id,
            name: p.name.clone(),
            federation: p.federation.clone(),
            rating: row.rating.rating,
            rd: row.rating.rd,
            games: row.games,
            provisional: row.rating.provisional(),
        });
    }
    federations.sort();
    ListView {
        entries: out,
        federations,
        last: rated.season.last,
    }
}

/// A rated game of a person, as their page lists it.
#[derive(Clone, Debug, Serialize)]
pub struct PersonGame {
    pub period: String,
    pub date: NaiveDate,
    pub tournament_id: i64,
    pub game_id: i64,
    pub opponent_id: i64,
    pub opponent: String,
    /// `south` or `north`: the side the person played.
    pub side: &'static str,
    /// 1, ½ or 0, as the person scored.
    pub score: f64,
    /// The opponent's rating and RD at the start of the game's month, and the score the person
    /// was expected to make (from their own rating then).
    pub opponent_rating: f64,
    pub opponent_rd: f64,
    pub expected: f64,
}

/// A rated event of a person, as their card lists it: its days, games, score, the score
/// expected, and the performance rating (the rating that expects the score made).
#[derive(Clone, Debug, Serialize)]
pub struct PersonEvent {
    pub tournament_id: i64,
    pub name: String,
    pub first: NaiveDate,
    pub last: NaiveDate,
    pub games: usize,
    pub score: f64,
    pub expected: f64,
    pub performance: Option<f64>,
}

/// A person's page: who they are, who was merged into them, their rating now, after every
/// period they played, and every rated game.
#[derive(Clone, Debug)]
pub struct PersonPage {
    pub person: Person,
    /// The person they were merged into, when they were.
    pub merged_into: Option<Person>,
    pub merged: Vec<Person>,
    pub now: Option<Rating>,
    pub games_count: u32,
    pub history: Vec<HistoryRow>,
    pub games: Vec<PersonGame>,
    /// Their rated events, the latest first.
    pub events: Vec<PersonEvent>,
    /// Rated games of the month not ended yet: they count when it ends.
    pub to_come: usize,
}

/// A person's rated events from their games (see [`PersonEvent`]), the latest first.
fn events_of(rated: &Rated, games: &[PersonGame]) -> Vec<PersonEvent> {
    let mut events: Vec<PersonEvent> = Vec::new();
    for g in games {
        let name = || {
            rated
                .tournaments
                .iter()
                .find(|t| i64::from(t.id) == g.tournament_id)
                .map_or_else(String::new, |t| t.name.clone())
        };
        let at = match events
            .iter()
            .position(|e| e.tournament_id == g.tournament_id)
        {
            Some(at) => at,
            None => {
                events.push(PersonEvent {
                    tournament_id: g.tournament_id,
                    name: name(),
                    first: g.date,
                    last: g.date,
                    games: 0,
                    score: 0.0,
                    expected: 0.0,
                    performance: None,
                });
                events.len() - 1
            }
        };
        let e = &mut events[at];
        e.first = e.first.min(g.date);
        e.last = e.last.max(g.date);
        e.games += 1;
        e.score += g.score;
        e.expected += g.expected;
    }
    for e in &mut events {
        let opponents: Vec<Rating> = games
            .iter()
            .filter(|g| g.tournament_id == e.tournament_id)
            .map(|g| Rating {
                rating: g.opponent_rating,
                rd: g.opponent_rd,
                ..Rating::START
            })
            .collect();
        e.performance = crate::rating::glicko2::performance(&opponents, e.score);
    }
    events.sort_by(|a, b| {
        b.last
            .cmp(&a.last)
            .then(b.tournament_id.cmp(&a.tournament_id))
    });
    events
}

pub fn person_page(rated: &Rated, id: i32) -> Result<PersonPage, ServiceError> {
    let person = rated
        .persons
        .get(&id)
        .cloned()
        .ok_or_else(|| ServiceError::not_found("person"))?;
    let merged_into = person
        .merged_into
        .and_then(|m| root(&rated.persons, m))
        .and_then(|m| rated.persons.get(&m).cloned());
    let me = i64::from(id);
    let mut merged: Vec<Person> = rated
        .persons
        .values()
        .filter(|p| p.id != id && root(&rated.persons, p.id) == Some(id))
        .cloned()
        .collect();
    merged.sort_by_key(|p| p.id);
    let name = |pid: i64| {
        rated
            .persons
            .get(&(pid as i32))
            .map_or_else(String::new, |p| p.name.clone())
    };
    let games: Vec<PersonGame> = rated
        .games
        .iter()
        .filter(|g| g.south_id == me || g.north_id == me)
        .map(|g| {
            let south = g.south_id == me;
            let opponent_id = if south { g.north_id } else { g.south_id };
            let points = g.south_score.points();
            let (mine, theirs) = (
                rated.season.before(g.period, me),
                rated.season.before(g.period, opponent_id),
            );
            PersonGame {
                period: g.period.to_string(),
                date: g.date,
                tournament_id: g.tournament_id,
                game_id: g.game_id,
                opponent_id,
                opponent: name(opponent_id),
                side: if south { "south" } else { "north" },
                score: if south { points } else { 1.0 - points },
                opponent_rating: theirs.rating,
                opponent_rd: theirs.rd,
                expected: crate::rating::glicko2::expected(mine, theirs),
            }
        })
        .collect();
    let events = events_of(rated, &games);
    let row = rated.season.rating(me);
    Ok(PersonPage {
        to_come: rated.to_come_of.get(&id).copied().unwrap_or_default(),
        merged_into,
        merged,
        now: row.map(|r| r.rating),
        games_count: row.map_or(0, |r| r.games),
        history: rated
            .season
            .history
            .iter()
            .filter(|h| h.id == me)
            .cloned()
            .collect(),
        games,
        events,
        person,
    })
}

/// A player of a rated event on the list: their rating when the event began, what they were
/// expected to score and scored in its rated games, and the change those games make.
#[derive(Clone, Debug, Serialize)]
pub struct EventRating {
    pub player_id: i32,
    pub person: i32,
    /// At the start of the event's (first) period.
    pub rating: f64,
    pub rd: f64,
    pub provisional: bool,
    pub games: usize,
    pub expected: f64,
    pub score: f64,
    /// The change the event's rated games make to the rating it began with (Glicko-2 over
    /// these games alone, as if they were the period's only ones).
    pub change: f64,
}

/// The day of a rated tournament's last rated game (none before its first): the list its games
/// count in is the first of the next month's.
pub fn event_last_day(
    rated: &Rated,
    tournament: crate::tournament::TournamentId,
) -> Option<NaiveDate> {
    rated
        .played
        .iter()
        .filter(|g| g.tournament_id == tournament.get())
        .map(|g| g.date)
        .max()
}

/// The rating rows of a rated tournament's players (none for a tournament that is not rated):
/// its played games with a final result between persons of the register, the current month's
/// too.
pub fn event(rated: &Rated, tournament: crate::tournament::TournamentId) -> Vec<EventRating> {
    use crate::rating::glicko2::{Played, after_period, expected};
    // `played` holds the games of rated tournaments only.
    let games: Vec<&PlayedGame> = rated
        .played
        .iter()
        .filter(|g| g.tournament_id == tournament.get())
        .collect();
    let Some(first) = games.iter().map(|g| period_of(g.date)).min() else {
        return Vec::new();
    };
    // Each player's person, as the games name them (merges followed).
    let mut person_of: HashMap<i32, i32> = HashMap::new();
    for g in &games {
        for (player, person) in [(g.south_player, g.south), (g.north_player, g.north)] {
            if let Some(root) = person.and_then(|p| root(&rated.persons, p)) {
                person_of.insert(player, root);
            }
        }
    }
    let mut players: Vec<(i32, i32)> = person_of.iter().map(|(k, v)| (*k, *v)).collect();
    players.sort_unstable();
    let mut rows: Vec<EventRating> = Vec::new();
    for (player, me) in players {
        let before = rated.season.before(first, me.into());
        let mut played = Vec::new();
        for g in &games {
            let Some(points) = score(&g.winner).map(Score::points) else {
                continue;
            };
            let (opponent, points) = if g.south_player == player {
                (g.north_player, points)
            } else if g.north_player == player {
                (g.south_player, 1.0 - points)
            } else {
                continue;
            };
            let Some(&them) = person_of.get(&opponent).filter(|t| **t != me) else {
                continue;
            };
            played.push(Played {
                opponent: rated.season.before(first, them.into()),
                score: points,
            });
        }
        let after = after_period(before, &played);
        rows.push(EventRating {
            player_id: player,
            person: me,
            rating: before.rating,
            rd: before.rd,
            provisional: before.provisional(),
            games: played.len(),
            expected: played.iter().map(|g| expected(before, g.opponent)).sum(),
            score: played.iter().map(|g| g.score).sum(),
            change: if played.is_empty() {
                0.0
            } else {
                after.rating - before.rating
            },
        });
    }
    rows
}

#[cfg(test)]
#[path = "ratings_tests.rs"]
mod tests;
