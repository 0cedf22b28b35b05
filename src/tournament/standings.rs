//! Standings: points from the tournament's scoring and the ordered tie-breaks, after any round.
//! The definitions, adapted from the FIDE tie-break regulations (C.07, 2023), are written out in
//! `docs/standings.md`.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use super::history::GameRecord;
use super::results::ResultKind;
use super::settings::Points;
use super::tiebreak::Tiebreak;

/// A player as the standings know them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub id: i32,
    pub name: String,
    pub club: String,
    pub rating: Option<i32>,
}

/// What happened to a player in one round.
#[derive(Clone, Copy, Debug, PartialEq)]
enum RoundResult {
    /// A game at the board: opponent, points, seeds captured and conceded, first move.
    Played {
        opponent: i32,
        points: f64,
        seeds: Option<(i32, i32)>,
    },
    /// No game: points, and whether the player chose it (forfeit loss, absence) or not (a bye,
    /// a forfeit win).
    Unplayed {
        points: f64,
        voluntary: bool,
        win: bool,
    },
}

/// One row of the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// Equal for players equal on points and every tie-break.
    pub rank: usize,
    pub shared: bool,
    pub player_id: i32,
    pub name: String,
    pub club: String,
    pub points: f64,
    /// The tie-break values, in the tournament's order.
    pub tiebreaks: Vec<(Tiebreak, f64)>,
    pub games_played: usize,
}

/// The standings after round `after` (only results that count), ranked by points and then the
/// tie-breaks in order.
pub fn standings(
    entrants: &[Entrant],
    games: &[GameRecord],
    scoring: &Points,
    tiebreaks: &[Tiebreak],
    after: i32,
) -> Vec<Standing> {
    let table = round_table(entrants, games, scoring, after);
    let scores = Scores::new(&table, scoring);
    let order: Vec<i32> = entrants.iter().map(|e| e.id).collect();
    let (groups, values) = rank(&order, &scores, tiebreaks);
    let by_id: HashMap<i32, &Entrant> = entrants.iter().map(|e| (e.id, e)).collect();
    let mut result = Vec::with_capacity(order.len());
    let mut rank = 1;
    for mut group in groups {
        let shared = group.len() > 1;
        // Within a shared rank, by rating then name, for a stable list.
        group.sort_by(|a, b| {
            let (ea, eb) = (by_id[a], by_id[b]);
            eb.rating.cmp(&ea.rating).then(ea.name.cmp(&eb.name))
        });
        for id in &group {
            let e = by_id[id];
            result.push(Standing {
                rank,
                shared,
                player_id: *id,
                name: e.name.clone(),
                club: e.club.clone(),
                points: scores.points[id],
                tiebreaks: tiebreaks
                    .iter()
                    .copied()
                    .zip(values[id].iter().copied())
                    .collect(),
                games_played: table[id]
                    .iter()
                    .filter(|r| matches!(r, RoundResult::Played { .. }))
                    .count(),
            });
        }
        rank += group.len();
    }
    result
}

/// Each player's result in rounds 1 to `after`, in order; a round without a result that counts
/// is an unplayed round the player chose (an absence).
fn round_table(
    entrants: &[Entrant],
    games: &[GameRecord],
    scoring: &Points,
    after: i32,
) -> HashMap<i32, Vec<RoundResult>> {
    let mut by_round: HashMap<(i32, i32), RoundResult> = HashMap::new();
    for g in games.iter().filter(|g| g.round <= after) {
        let Some((kind, winner)) = g.result else {
            continue;
        };
        let (ps, pn) = super::results::points(kind, winner, scoring);
        match (kind, g.north) {
            (ResultKind::Played, Some(north)) => {
                let seeds = g.seeds;
                by_round.insert(
                    (g.south, g.round),
                    RoundResult::Played {
                        opponent: north,
                        points: ps,
                        seeds,
                    },
                );
                by_round.insert(
                    (north, g.round),
                    RoundResult::Played {
                        opponent: g.south,
                        points: pn,
                        seeds: seeds.map(|(s, n)| (n, s)),
                    },
                );
            }
            (ResultKind::Bye, _) => {
                by_round.insert(
                    (g.south, g.round),
                    RoundResult::Unplayed {
                        points: ps,
                        voluntary: false,
                        win: true,
                    },
                );
            }
            (_, north) => {
                let south_won = kind == ResultKind::ForfeitNorth;
                let north_won = kind == ResultKind::ForfeitSouth;
                by_round.insert(
                    (g.south, g.round),
                    RoundResult::Unplayed {
                        points: ps,
                        voluntary: !south_won,
                        win: south_won,
                    },
                );
                if let Some(n) = north {
                    by_round.insert(
                        (n, g.round),
                        RoundResult::Unplayed {
                            points: pn,
                            voluntary: !north_won,
                            win: north_won,
                        },
                    );
                }
            }
        }
    }
    entrants
        .iter()
        .map(|e| {
            let list = (1..=after)
                .map(|r| {
                    by_round
                        .get(&(e.id, r))
                        .copied()
                        .unwrap_or(RoundResult::Unplayed {
                            points: 0.0,
                            voluntary: true,
                            win: false,
                        })
                })
                .collect();
            (e.id, list)
        })
        .collect()
}

/// What the tie-breaks are computed from: the round table, each player's points, and the
/// points the opponents' tie-breaks use.
struct Scores<'a> {
    table: &'a HashMap<i32, Vec<RoundResult>>,
    scoring: &'a Points,
    points: HashMap<i32, f64>,
    /// For the opponents' scores in Buchholz and Sonneborn-Berger: unplayed rounds as draws.
    adjusted: HashMap<i32, f64>,
}

impl<'a> Scores<'a> {
    fn new(table: &'a HashMap<i32, Vec<RoundResult>>, scoring: &'a Points) -> Scores<'a> {
        let points = table
            .iter()
            .map(|(id, list)| (*id, list.iter().map(round_points).sum()))
            .collect();
        let adjusted = table
            .iter()
            .map(|(id, list)| {
                let total = list
                    .iter()
                    .map(|r| match r {
                        RoundResult::Played { points, .. } => *points,
                        RoundResult::Unplayed { .. } => scoring.draw,
                    })
                    .sum();
                (*id, total)
            })
            .collect();
        Scores {
            table,
            scoring,
            points,
            adjusted,
        }
    }

    fn opponent_score(&self, opponent: &i32) -> f64 {
        self.adjusted.get(opponent).copied().unwrap_or(0.0)
    }

    /// Each round's Buchholz contribution, and whether the player chose not to play it.
    fn contributions(&self, id: i32) -> Vec<(f64, bool)> {
        let own = self.points[&id];
        self.table[&id]
            .iter()
            .map(|r| match r {
                RoundResult::Played { opponent, .. } => (self.opponent_score(opponent), false),
                RoundResult::Unplayed { voluntary, .. } => (own, *voluntary),
            })
            .collect()
    }

    /// A player's value of one tie-break, among the players still tied with them (`group`).
    fn value(&self, tiebreak: Tiebreak, id: i32, group: &[i32]) -> f64 {
        let list = &self.table[&id];
        let own = self.points[&id];
        let win_points = self.scoring.win.max(f64::MIN_POSITIVE);
        let seeds = |f: fn(i32, i32) -> i32| -> f64 {
            list.iter()
                .map(|r| match r {
                    RoundResult::Played {
                        seeds: Some((mine, theirs)),
                        ..
                    } => f64::from(f(*mine, *theirs)),
                    _ => 0.0,
                })
                .sum()
        };
        match tiebreak {
            Tiebreak::SeedsCaptured => seeds(|mine, _| mine),
            Tiebreak::SeedDifference => seeds(|mine, theirs| mine - theirs),
            Tiebreak::Buchholz => self.contributions(id).iter().map(|(v, _)| v).sum(),
            Tiebreak::BuchholzCut1 => cut(self.contributions(id), 1, 0),
            Tiebreak::MedianBuchholz1 => cut(self.contributions(id), 1, 1),
            Tiebreak::SonnebornBerger => list
                .iter()
                .map(|r| match r {
                    RoundResult::Played {
                        opponent, points, ..
                    } => points / win_points * self.opponent_score(opponent),
                    RoundResult::Unplayed { points, .. } => points / win_points * own,
                })
                .sum(),
            Tiebreak::DirectEncounter => direct_encounter(id, group, self.table),
            Tiebreak::Wins => list
                .iter()
                .filter(|r| match r {
                    RoundResult::Played { points, .. } => {
                        *points >= self.scoring.win && self.scoring.win > self.scoring.draw
                    }
                    RoundResult::Unplayed { win, .. } => *win,
                })
                .count() as f64,
            Tiebreak::ProgressiveScore => list
                .iter()
                .scan(0.0, |running, r| {
                    *running += round_points(r);
                    Some(*running)
                })
                .sum(),
        }
    }
}

/// Ranks the players: by points, then each tie-break in turn within the groups still tied (so
/// that direct encounter is computed inside each such group). Returns the groups still tied, in
/// order, and each player's tie-break values.
fn rank(
    order: &[i32],
    scores: &Scores<'_>,
    tiebreaks: &[Tiebreak],
) -> (Vec<Vec<i32>>, HashMap<i32, Vec<f64>>) {
    let mut values: HashMap<i32, Vec<f64>> = order
        .iter()
        .map(|id| (*id, Vec::with_capacity(tiebreaks.len())))
        .collect();
    let by_points: Vec<(i32, f64)> = order.iter().map(|&id| (id, scores.points[&id])).collect();
    let mut groups = split(by_points);
    for &tiebreak in tiebreaks {
        let mut refined = Vec::with_capacity(groups.len());
        for group in groups {
            let keyed: Vec<(i32, f64)> = group
                .iter()
                .map(|&id| (id, scores.value(tiebreak, id, &group)))
                .collect();
            for (id, v) in &keyed {
                values
                    .get_mut(id)
                    .expect("every player has values")
                    .push(*v);
            }
            refined.extend(split(keyed));
        }
        groups = refined;
    }
    (groups, values)
}

/// Players in order of their value, highest first, in groups of equal values.
fn split(mut keyed: Vec<(i32, f64)>) -> Vec<Vec<i32>> {
    keyed.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut groups: Vec<Vec<i32>> = Vec::new();
    let mut last: Option<f64> = None;
    for (id, v) in keyed {
        match groups.last_mut() {
            Some(group) if last.is_some_and(|l| (l - v).abs() <= 1e-9) => group.push(id),
            _ => groups.push(vec![id]),
        }
        last = Some(v);
    }
    groups
}

fn round_points(r: &RoundResult) -> f64 {
    match r {
        RoundResult::Played { points, .. } | RoundResult::Unplayed { points, .. } => *points,
    }
}

/// Buchholz with the `low` lowest and `high` highest contributions cut; the rounds a player chose
/// not to play are cut first among the low ones.
fn cut(mut contributions: Vec<(f64, bool)>, low: usize, high: usize) -> f64 {
    if contributions.len() <= low + high {
        return 0.0;
    }
    // Voluntary unplayed rounds first, then the lowest values.
    contributions.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.total_cmp(&b.0)));
    let mut rest: Vec<f64> = contributions[low..].iter().map(|c| c.0).collect();
    rest.sort_by(f64::total_cmp);
    rest[..rest.len() - high].iter().sum()
}

/// Points scored against the other players of `group` in games between them; 0 for everyone
/// unless every pair of the group has met.
fn direct_encounter(id: i32, group: &[i32], rounds: &HashMap<i32, Vec<RoundResult>>) -> f64 {
    if group.len() < 2 {
        return 0.0;
    }
    let members: HashSet<i32> = group.iter().copied().collect();
    for a in group {
        for b in group {
            if a < b
                && !rounds[a]
                    .iter()
                    .any(|r| matches!(r, RoundResult::Played { opponent, .. } if opponent == b))
            {
                return 0.0;
            }
        }
    }
    rounds[&id]
        .iter()
        .map(|r| match r {
            RoundResult::Played {
                opponent, points, ..
            } if members.contains(opponent) => *points,
            _ => 0.0,
        })
        .sum()
}

/// The games of round `round` and earlier whose result does not count yet.
pub fn open_games(games: &[GameRecord], round: i32) -> Vec<&GameRecord> {
    games
        .iter()
        .filter(|g| g.round <= round && g.result.is_none() && g.north.is_some())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Winner;

    fn entrant(id: i32, name: &str) -> Entrant {
        Entrant {
            id,
            name: name.to_string(),
            club: String::new(),
            rating: None,
        }
    }

    fn played(
        id: i32,
        round: i32,
        south: i32,
        north: i32,
        winner: Winner,
        seeds: (i32, i32),
    ) -> GameRecord {
        GameRecord {
            id,
            round,
            board: Some(1),
            south,
            north: Some(north),
            result: Some((ResultKind::Played, Some(winner))),
            seeds: Some(seeds),
        }
    }

    fn other(id: i32, round: i32, south: i32, north: Option<i32>, kind: ResultKind) -> GameRecord {
        GameRecord {
            id,
            round,
            board: north.map(|_| 2),
            south,
            north,
            result: Some((kind, None)),
            seeds: None,
        }
    }

    const ALL: [&str; 8] = ["BH", "SB", "BH-C1", "BH-M1", "WIN", "PS", "SC", "SD"];

    /// Five players, three rounds: byes, a forfeit, a withdrawal (E is not paired in round 3).
    fn five() -> (Vec<Entrant>, Vec<GameRecord>) {
        let entrants = ["A", "B", "C", "D", "E"]
            .iter()
            .enumerate()
            .map(|(i, n)| entrant(i as i32 + 1, n))
            .collect();
        let games = vec![
            played(1, 1, 1, 2, Winner::South, (25, 20)),
            played(2, 1, 3, 4, Winner::Draw, (24, 24)),
            other(3, 1, 5, None, ResultKind::Bye),
            played(4, 2, 1, 3, Winner::North, (10, 25)),
            other(5, 2, 2, Some(5), ResultKind::ForfeitNorth),
            other(6, 2, 4, None, ResultKind::Bye),
            played(7, 3, 1, 4, Winner::South, (26, 18)),
            played(8, 3, 2, 3, Winner::South, (25, 23)),
        ];
        (entrants, games)
    }

    fn row<'a>(table: &'a [Standing], name: &str) -> &'a Standing {
        table.iter().find(|s| s.name == name).unwrap()
    }

    fn tb(s: &Standing, code: &str) -> f64 {
        s.tiebreaks
            .iter()
            .find(|(c, _)| c.code() == code)
            .unwrap()
            .1
    }

    fn codes(c: &[&str]) -> Vec<Tiebreak> {
        c.iter().map(|s| s.parse().unwrap()).collect()
    }

    #[test]
    fn hand_computed_tiebreaks_with_byes_a_forfeit_and_a_withdrawal() {
        let (entrants, games) = five();
        let table = standings(&entrants, &games, &Points::default(), &codes(&ALL), 3);
        // Worked out by hand in docs/standings.md.
        let expected = [
            // name, points, BH, SB, BH-C1, BH-M1, WIN, PS, SC, SD
            ("A", 2.0, 4.0, 2.5, 3.0, 1.5, 2.0, 4.0, 61.0, -2.0),
            ("B", 2.0, 5.5, 3.5, 4.0, 2.0, 2.0, 3.0, 45.0, -3.0),
            ("C", 1.5, 4.5, 2.5, 3.5, 1.5, 1.0, 3.5, 72.0, 13.0),
            ("D", 1.5, 5.0, 2.25, 3.5, 1.5, 1.0, 3.5, 42.0, -8.0),
            ("E", 1.0, 3.0, 1.0, 2.0, 1.0, 1.0, 3.0, 0.0, 0.0),
        ];
        for (name, points, bh, sb, c1, m1, win, ps, sc, sd) in expected {
            let s = row(&table, name);
            assert_eq!(s.points, points, "{name} points");
            let got: Vec<f64> = ALL.iter().map(|c| tb(s, c)).collect();
            assert_eq!(got, [bh, sb, c1, m1, win, ps, sc, sd], "{name}");
        }
        let order: Vec<&str> = table.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(order, ["B", "A", "D", "C", "E"]);
        assert_eq!(
            table.iter().map(|s| s.rank).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5]
        );
        assert_eq!(row(&table, "E").games_played, 0);
        assert_eq!(row(&table, "A").games_played, 3);
    }

    #[test]
    fn a_three_way_tie_shares_the_rank_until_a_tiebreak_splits_it() {
        let entrants = vec![entrant(1, "A"), entrant(2, "B"), entrant(3, "C")];
        let games = vec![
            played(1, 1, 1, 2, Winner::South, (25, 20)),
            other(2, 1, 3, None, ResultKind::Bye),
            played(3, 2, 2, 3, Winner::South, (25, 15)),
            other(4, 2, 1, None, ResultKind::Bye),
            played(5, 3, 3, 1, Winner::South, (25, 23)),
            other(6, 3, 2, None, ResultKind::Bye),
        ];
        let tied = standings(
            &entrants,
            &games,
            &Points::default(),
            &codes(&["BH", "DE"]),
            3,
        );
        assert!(
            tied.iter()
                .all(|s| s.rank == 1 && s.shared && s.points == 2.0),
            "{tied:?}"
        );
        assert!(
            tied.iter()
                .all(|s| tb(s, "BH") == 5.0 && tb(s, "DE") == 1.0)
        );
        let split = standings(
            &entrants,
            &games,
            &Points::default(),
            &codes(&["BH", "DE", "SC"]),
            3,
        );
        let order: Vec<(&str, usize, f64)> = split
            .iter()
            .map(|s| (s.name.as_str(), s.rank, tb(s, "SC")))
            .collect();
        assert_eq!(order, [("A", 1, 48.0), ("B", 2, 45.0), ("C", 3, 40.0)]);
        assert!(split.iter().all(|s| !s.shared));
    }

    #[test]
    fn after_round_n_is_the_tournament_cut_at_round_n() {
        let (entrants, games) = five();
        let mut codes = codes(&ALL);
        codes.push(Tiebreak::DirectEncounter);
        for n in 0..=3 {
            let cut: Vec<GameRecord> = games.iter().filter(|g| g.round <= n).cloned().collect();
            assert_eq!(
                standings(&entrants, &games, &Points::default(), &codes, n),
                standings(&entrants, &cut, &Points::default(), &codes, n),
                "after round {n}"
            );
        }
        // An open game counts for nothing, and shows as open.
        let mut open = games.clone();
        open[6].result = None;
        let table = standings(&entrants, &open, &Points::default(), &codes, 3);
        assert_eq!(row(&table, "A").points, 1.0);
        assert_eq!(open_games(&open, 3).len(), 1);
    }

    #[test]
    fn three_one_zero_scoring() {
        let (entrants, games) = five();
        let scoring = Points {
            win: 3.0,
            draw: 1.0,
            loss: 0.0,
            bye: 3.0,
        };
        let table = standings(&entrants, &games, &scoring, &[Tiebreak::Wins], 3);
        assert_eq!(row(&table, "A").points, 6.0);
        assert_eq!(row(&table, "C").points, 4.0);
        assert_eq!(row(&table, "E").points, 3.0);
    }
}
