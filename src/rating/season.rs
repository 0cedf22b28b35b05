//! A season of rated games rated period by period: every month from the first game's to the
//! last game's counts, games or not; a person enters at their first game (nobody's RD grows
//! before it); in a month without games a person's RD only grows. Each game is rated against
//! the opponent's rating at the start of its period, as Glicko-2 rates a period.

use std::collections::{BTreeMap, HashMap};

use super::files::{self, GameRow, HISTORY_HEADER, LIST_HEADER, PersonRow, finish, line, writer};
use super::glicko2::{Played, Rating, after_period, grown};
use super::period::Period;

/// A person's values after a period in which they played.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    pub period: Period,
    pub id: i64,
    pub rating: Rating,
    /// Their rated games in that period.
    pub games: u32,
}

/// A person on the list.
#[derive(Clone, Debug, PartialEq)]
pub struct ListRow {
    pub id: i64,
    /// After the season's last period.
    pub rating: Rating,
    /// Their rated games in all.
    pub games: u32,
}

/// The season rated: the history by period then id, the list by rating (highest first) then id.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Season {
    pub first: Option<Period>,
    pub last: Option<Period>,
    pub history: Vec<HistoryRow>,
    pub list: Vec<ListRow>,
}

impl Season {
    /// A person's rating after the last period, if they are on the list.
    pub fn rating(&self, id: i64) -> Option<&ListRow> {
        self.list.iter().find(|r| r.id == id)
    }
}

/// Rates the games, period by period.
pub fn rate(games: &[GameRow]) -> Season {
    let mut by_period: BTreeMap<Period, Vec<&GameRow>> = BTreeMap::new();
    for game in games {
        by_period.entry(game.period).or_default().push(game);
    }
    let (Some(&first), Some(&last)) = (by_period.keys().next(), by_period.keys().next_back())
    else {
        return Season::default();
    };
    // Each person's rating and games so far; a person is here from their first game on.
    let mut now: HashMap<i64, (Rating, u32)> = HashMap::new();
    let mut history = Vec::new();
    let mut period = first;
    loop {
        let games = by_period.get(&period).map_or(&[][..], Vec::as_slice);
        let mut played: HashMap<i64, Vec<Played>> = HashMap::new();
        {
            let start = |id| now.get(&id).map_or(Rating::START, |(r, _)| *r);
            for game in games {
                let (south, north) = (start(game.south_id), start(game.north_id));
                let score = game.south_score.points();
                played.entry(game.south_id).or_default().push(Played {
                    opponent: north,
                    score,
                });
                played.entry(game.north_id).or_default().push(Played {
                    opponent: south,
                    score: 1.0 - score,
                });
            }
        }
        for (id, (rating, _)) in now.iter_mut() {
            if !played.contains_key(id) {
                *rating = grown(*rating);
            }
        }
        for (id, games) in played {
            let entry = now.entry(id).or_insert((Rating::START, 0));
            entry.0 = after_period(entry.0, &games);
            entry.1 += games.len() as u32;
            history.push(HistoryRow {
                period,
                id,
                rating: entry.0,
                games: games.len() as u32,
            });
        }
        if period == last {
            break;
        }
        period = period.next();
    }
    history.sort_by_key(|h| (h.period, h.id));
    let mut list: Vec<ListRow> = now
        .into_iter()
        .map(|(id, (rating, games))| ListRow { id, rating, games })
        .collect();
    list.sort_by(|a, b| {
        b.rating
            .rating
            .total_cmp(&a.rating.rating)
            .then(a.id.cmp(&b.id))
    });
    Season {
        first: Some(first),
        last: Some(last),
        history,
        list,
    }
}

fn values(r: &Rating) -> [String; 3] {
    [
        format!("{:.2}", r.rating),
        format!("{:.2}", r.rd),
        format!("{:.6}", r.volatility),
    ]
}

/// Writes `list.csv`: the season's list, with each id's name and federation from `persons`
/// (empty for an id the register does not hold).
pub fn write_list(season: &Season, persons: &HashMap<i64, PersonRow>) -> String {
    let mut w = writer();
    line(&mut w, &LIST_HEADER.split(',').collect::<Vec<_>>());
    for row in &season.list {
        let [rating, rd, volatility] = values(&row.rating);
        let person = persons.get(&row.id);
        line(
            &mut w,
            &[
                &row.id.to_string(),
                &files::text_out(person.map_or("", |p| p.name.as_str())),
                &files::text_out(person.map_or("", |p| p.federation.as_str())),
                &rating,
                &rd,
                &volatility,
                &row.games.to_string(),
                if row.rating.provisional() {
                    "provisional"
                } else {
                    "established"
                },
            ],
        );
    }
    finish(w)
}

/// Writes `history.csv`.
pub fn write_history(season: &Season) -> String {
    let mut w = writer();
    line(&mut w, &HISTORY_HEADER.split(',').collect::<Vec<_>>());
    for row in &season.history {
        let [rating, rd, volatility] = values(&row.rating);
        line(
            &mut w,
            &[
                &row.period.to_string(),
                &row.id.to_string(),
                &rating,
                &rd,
                &volatility,
                &row.games.to_string(),
            ],
        );
    }
    finish(w)
}

impl Season {
    /// A person's rating at the start of `period`, as the season rates that period: after the
    /// last period before it in which they played, their RD grown once for every month between;
    /// a person who had not played yet starts at 1500/350/0.06.
    pub fn before(&self, period: Period, id: i64) -> Rating {
        let Some(last) = self
            .history
            .iter()
            .filter(|h| h.id == id && h.period < period)
            .max_by_key(|h| h.period)
        else {
            return Rating::START;
        };
        let mut rating = last.rating;
        let mut month = last.period.next();
        while month < period {
            rating = grown(rating);
            month = month.next();
        }
        rating
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::files::{Score, period_of};
    use chrono::NaiveDate;

    #[test]
    fn the_rating_before_a_period_is_the_one_the_season_rated_it_from() {
        let day = |m, d| NaiveDate::from_ymd_opt(2026, m, d).unwrap();
        let game = |id, date: NaiveDate, s, n, score| GameRow {
            period: period_of(date),
            date,
            tournament_id: 1,
            game_id: id,
            south_id: s,
            north_id: n,
            south_score: score,
        };
        let games = [
            game(1, day(1, 5), 1, 2, Score::Win),
            game(2, day(4, 5), 1, 3, Score::Draw),
        ];
        let season = rate(&games);
        let april: Period = "2026-04".parse().unwrap();
        // 1 played in January; by April their RD grew in February and March.
        let january = season.history.iter().find(|h| h.id == 1).unwrap().rating;
        let before = season.before(april, 1);
        assert_eq!(before.rating, january.rating);
        assert_eq!(before.rd, grown(grown(january)).rd);
        // Rated from that in April, exactly as the season did.
        let april_row = season
            .history
            .iter()
            .find(|h| h.id == 1 && h.period == april);
        let played = [Played {
            opponent: season.before(april, 3),
            score: 0.5,
        }];
        assert_eq!(april_row.unwrap().rating, after_period(before, &played));
        assert_eq!(season.before(april, 3), Rating::START);
    }
}
