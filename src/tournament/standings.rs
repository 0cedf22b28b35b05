//! Standings: points from the tournament's scoring and the ordered tie-breaks, after any round.
//! FIDE's tie-breaks are computed as C.07 defines them ([`crate::fide::c07`]) from the tournament's
//! crosstable; the seed counts are Oware's own. `docs/standings.md` states every rule.

use std::collections::HashMap;

use serde::Serialize;

use super::history::GameRecord;
pub use super::history::{Entrant, RequestedBye};
use super::matches::{MatchFormat, MatchScore};
use super::points::Points;
use super::results::{ByeKind, ResultKind, Winner};
use super::tiebreak::Tiebreak;
use crate::engine::Side;
use crate::fide::c07::{Base, Code, Crosstable, Ranking};
use crate::fide::trf::{self, Cell, Outcome, Trf};

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

/// How the tournament is played, as the tie-breaks need it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Format {
    /// A round robin: a forfeit counts as the game it replaced (C.07 16.1).
    pub round_robin: bool,
    /// The rounds the tournament will have, when known (fore-Buchholz counts the last one as a
    /// draw).
    pub rounds: Option<i32>,
    /// What a player's score counts (match points, game points or seeds; for single games,
    /// match points are the game's points).
    pub score: MatchScore,
    /// What a pairing plays, for the game points of requested byes.
    pub matches: MatchFormat,
}

/// The crosstable of rounds 1 to `after` as FIDE's Tournament Report File: the entrants, by
/// their order, get starting numbers 1, 2, ...; South is white. A game whose result does not
/// count yet keeps its pairing with no result.
pub fn crosstable(
    entrants: &[Entrant],
    games: &[GameRecord],
    byes: &[RequestedBye],
    after: i32,
    format: Format,
) -> Trf {
    let number: HashMap<i32, u32> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i as u32 + 1))
        .collect();
    let rounds = after.max(0) as usize;
    let mut cells: Vec<Vec<Cell>> = vec![vec![Cell::ABSENT; rounds]; entrants.len()];
    for g in games.iter().filter(|g| (1..=after).contains(&g.round)) {
        let r = g.round as usize - 1;
        let Some(&south) = number.get(&g.south) else {
            continue;
        };
        let north = g.north.and_then(|n| number.get(&n).copied());
        let (south_outcome, north_outcome) = match g.result {
            None => (Outcome::Absent, Outcome::Absent),
            Some((ResultKind::Played, Some(Winner::South))) => (Outcome::Win, Outcome::Loss),
            Some((ResultKind::Played, Some(Winner::North))) => (Outcome::Loss, Outcome::Win),
            Some((ResultKind::Played, _)) => (Outcome::Draw, Outcome::Draw),
            Some((ResultKind::ForfeitSouth, _)) => (Outcome::ForfeitLoss, Outcome::ForfeitWin),
            Some((ResultKind::ForfeitNorth, _)) => (Outcome::ForfeitWin, Outcome::ForfeitLoss),
            Some((ResultKind::DoubleForfeit, _)) => (Outcome::ForfeitLoss, Outcome::ForfeitLoss),
            Some((ResultKind::Bye, _)) => (Outcome::PairingBye, Outcome::Absent),
        };
        match north {
            Some(north) => {
                cells[south as usize - 1][r] = Cell {
                    opponent: Some(north),
                    colour: Some(Side::South.into()),
                    outcome: south_outcome,
                };
                cells[north as usize - 1][r] = Cell {
                    opponent: Some(south),
                    colour: Some(Side::North.into()),
                    outcome: north_outcome,
                };
            }
            None => {
                cells[south as usize - 1][r] = Cell {
                    opponent: None,
                    colour: None,
                    outcome: south_outcome,
                };
            }
        }
    }
    for b in byes.iter().filter(|b| (1..=after).contains(&b.round)) {
        if let Some(&n) = number.get(&b.player) {
            cells[n as usize - 1][b.round as usize - 1] = Cell {
                opponent: None,
                colour: None,
                outcome: match b.kind {
                    ByeKind::Half => Outcome::HalfBye,
                    ByeKind::Zero => Outcome::ZeroBye,
                    ByeKind::Full => Outcome::FullBye,
                },
            };
        }
    }
    let players = entrants
        .iter()
        .zip(cells)
        .enumerate()
        .map(|(i, (e, rounds))| trf::Player {
            number: i as u32 + 1,
            sex: String::new(),
            title: String::new(),
            name: e.name.clone(),
            rating: e.rating.and_then(|r| u32::try_from(r).ok()).unwrap_or(0),
            federation: String::new(),
            fide_id: String::new(),
            birth: String::new(),
            half_points: rounds.iter().map(|c| c.outcome.half_points()).sum(),
            rank: 0,
            rounds,
        })
        .collect();
    Trf {
        planned_rounds: format.rounds.and_then(|n| u32::try_from(n).ok()),
        pairing_system: if format.round_robin {
            "Round robin (Berger tables)".to_string()
        } else {
            String::new()
        },
        players,
        ..Trf::default()
    }
}

/// The standings after round `after` (only results that count), ranked by points and then the
/// tie-breaks in order.
pub fn standings(
    entrants: &[Entrant],
    games: &[GameRecord],
    byes: &[RequestedBye],
    scoring: &Points,
    tiebreaks: &[Tiebreak],
    after: i32,
    format: Format,
) -> Vec<Standing> {
    let trf = crosstable(entrants, games, byes, after, format);
    let table = Crosstable::new(
        &trf,
        after.max(0) as usize,
        format.round_robin,
        (*scoring).into(),
    );
    let mut ranking = Ranking::new(&table.numbers());
    let seeds = seed_counts(entrants, games, after);
    let game_points = game_points(entrants, games, byes, scoring, after, &format.matches);
    let points = match format.score {
        MatchScore::MatchPoints => table.column(Code::plain(Base::Pts), ranking.ranks()),
        MatchScore::GamePoints => game_points.clone(),
        MatchScore::Seeds => seeds.iter().map(|s| f64::from(s.0)).collect(),
    };
    ranking.add(&points, false);
    let mut values: Vec<Vec<f64>> = vec![Vec::with_capacity(tiebreaks.len()); entrants.len()];
    for &tiebreak in tiebreaks {
        let column = match tiebreak {
            Tiebreak::SeedsCaptured => seeds.iter().map(|s| f64::from(s.0)).collect(),
            Tiebreak::SeedDifference => seeds.iter().map(|s| f64::from(s.0 - s.1)).collect(),
            Tiebreak::GamePoints => game_points.clone(),
            Tiebreak::Fide(code) => table.column(code, ranking.ranks()),
        };
        ranking.add(&column, tiebreak == Tiebreak::DIRECT_ENCOUNTER);
        for (p, v) in column.into_iter().enumerate() {
            values[p].push(v);
        }
    }
    let ranks = ranking.ranks();
    let mut shared: HashMap<u32, usize> = HashMap::new();
    for &r in ranks {
        *shared.entry(r).or_default() += 1;
    }
    ranking
        .order()
        .iter()
        .map(|&p| {
            let e = &entrants[p];
            Standing {
                rank: ranks[p] as usize,
                shared: shared[&ranks[p]] > 1,
                player_id: e.id,
                name: e.name.clone(),
                club: e.club.clone(),
                // + 0.0: no -0.0 (a sum of nothing) reaches a page or the API.
                points: points[p] + 0.0,
                tiebreaks: tiebreaks
                    .iter()
                    .copied()
                    .zip(values[p].iter().map(|v| v + 0.0))
                    .collect(),
                games_played: trf.players[p]
                    .rounds
                    .iter()
                    .filter(|c| c.outcome.played())
                    .count(),
            }
        })
        .collect()
}

/// Seeds captured and conceded in the games played up to round `after`, by entrant.
fn seed_counts(entrants: &[Entrant], games: &[GameRecord], after: i32) -> Vec<(i32, i32)> {
    let index: HashMap<i32, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let mut seeds = vec![(0, 0); entrants.len()];
    for g in games.iter().filter(|g| g.round <= after) {
        let (Some((ResultKind::Played, _)), Some((s, n)), Some(north)) =
            (g.result, g.seeds, g.north)
        else {
            continue;
        };
        if let (Some(&si), Some(&ni)) = (index.get(&g.south), index.get(&north)) {
            seeds[si].0 += s;
            seeds[si].1 += n;
            seeds[ni].0 += n;
            seeds[ni].1 += s;
        }
    }
    seeds
}

/// Game points up to round `after` (games won, a half for each drawn; results without play and
/// requested byes as `MatchFormat::game_points_without_play` says), by entrant.
fn game_points(
    entrants: &[Entrant],
    games: &[GameRecord],
    byes: &[RequestedBye],
    scoring: &Points,
    after: i32,
    format: &MatchFormat,
) -> Vec<f64> {
    let index: HashMap<i32, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let mut total = vec![0.0; entrants.len()];
    for g in games.iter().filter(|g| g.round <= after) {
        for (player, south) in [(Some(g.south), true), (g.north, false)] {
            if let (Some(&i), Some(v)) = (
                player.and_then(|p| index.get(&p)),
                score_of(g, south, scoring, format, MatchScore::GamePoints),
            ) {
                total[i] += v;
            }
        }
    }
    for b in byes.iter().filter(|b| (1..=after).contains(&b.round)) {
        if let Some(&i) = index.get(&b.player) {
            total[i] += bye_score(b.kind, scoring, format, MatchScore::GamePoints);
        }
    }
    total
}

/// What a pairing's result (once it counts) scores for its South (`south`) or North under
/// `score`: the tournament's points, game points, or the seeds captured.
pub fn score_of(
    g: &GameRecord,
    south: bool,
    scoring: &Points,
    format: &MatchFormat,
    score: MatchScore,
) -> Option<f64> {
    let (kind, winner) = g.result?;
    let pick = |(s, n): (f64, f64)| if south { s } else { n };
    Some(match score {
        MatchScore::MatchPoints => pick(super::results::points(kind, winner, scoring)),
        MatchScore::GamePoints => match (g.match_points, kind) {
            (Some(points), _) => pick(points),
            // A bye or a forfeit counts as such a result of a match.
            (None, ResultKind::Played) => match winner {
                Some(Winner::South) => pick((1.0, 0.0)),
                Some(Winner::North) => pick((0.0, 1.0)),
                _ => 0.5,
            },
            (None, _) => format.game_points_without_play(
                pick(super::results::points(kind, winner, scoring)),
                scoring.win,
            ),
        },
        MatchScore::Seeds => match (kind, g.seeds) {
            (ResultKind::Played, Some((s, n))) => f64::from(if south { s } else { n }),
            _ => 0.0,
        },
    })
}

/// What a requested bye scores under `score`.
pub fn bye_score(kind: ByeKind, scoring: &Points, format: &MatchFormat, score: MatchScore) -> f64 {
    match score {
        MatchScore::MatchPoints => kind.points(scoring),
        MatchScore::GamePoints => {
            format.game_points_without_play(kind.points(scoring), scoring.win)
        }
        MatchScore::Seeds => 0.0,
    }
}

/// The games of round `round` and earlier whose result does not count yet.
pub fn open_games(games: &[GameRecord], round: i32) -> Vec<&GameRecord> {
    games
        .iter()
        .filter(|g| g.round <= round && g.result.is_none() && g.north.is_some())
        .collect()
}

/// The standings of a category: its members in the overall order, each ranked among them (1
/// and the number of members ahead of them overall), places shared where the overall standings
/// share them.
pub fn within(table: &[Standing], members: &std::collections::HashSet<i32>) -> Vec<Standing> {
    let within: Vec<&Standing> = table
        .iter()
        .filter(|s| members.contains(&s.player_id))
        .collect();
    within
        .iter()
        .map(|s| {
            let mut row = (*s).clone();
            row.rank = 1 + within.iter().filter(|o| o.rank < s.rank).count();
            row.shared = within
                .iter()
                .any(|o| o.player_id != s.player_id && o.rank == s.rank);
            row
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
            match_points: None,
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
            match_points: None,
        }
    }

    const SWISS: Format = Format {
        round_robin: false,
        rounds: Some(3),
        score: MatchScore::MatchPoints,
        matches: MatchFormat::SINGLE,
    };

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
        let table = standings(
            &entrants,
            &games,
            &[],
            &Points::default(),
            &codes(&ALL),
            3,
            SWISS,
        );
        // Worked out by hand in docs/standings.md.
        let expected = [
            // name, points, BH, SB, BH-C1, BH-M1, WIN, PS, SC, SD
            ("A", 2.0, 5.0, 3.5, 3.5, 1.5, 2.0, 4.0, 61.0, -2.0),
            ("B", 2.0, 5.0, 3.0, 3.5, 1.5, 2.0, 3.0, 45.0, -3.0),
            ("C", 1.5, 5.5, 2.75, 4.0, 2.0, 1.0, 3.5, 72.0, 13.0),
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
        assert_eq!(order, ["A", "B", "C", "D", "E"]);
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
            &[],
            &Points::default(),
            &codes(&["BH", "DE"]),
            3,
            SWISS,
        );
        assert!(
            tied.iter()
                .all(|s| s.rank == 1 && s.shared && s.points == 2.0),
            "{tied:?}"
        );
        // Each met both others and scored 1 against them: direct encounter separates no one.
        assert!(
            tied.iter()
                .all(|s| tb(s, "BH") == 5.5 && tb(s, "DE") == 0.0),
            "{tied:?}"
        );
        let split = standings(
            &entrants,
            &games,
            &[],
            &Points::default(),
            &codes(&["BH", "DE", "SC"]),
            3,
            SWISS,
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
        codes.push(Tiebreak::DIRECT_ENCOUNTER);
        for n in 0..=3 {
            let cut: Vec<GameRecord> = games.iter().filter(|g| g.round <= n).cloned().collect();
            assert_eq!(
                standings(&entrants, &games, &[], &Points::default(), &codes, n, SWISS),
                standings(&entrants, &cut, &[], &Points::default(), &codes, n, SWISS),
                "after round {n}"
            );
        }
        // An open game counts for nothing, and shows as open.
        let mut open = games.clone();
        open[6].result = None;
        let table = standings(&entrants, &open, &[], &Points::default(), &codes, 3, SWISS);
        assert_eq!(row(&table, "A").points, 1.0);
        assert_eq!(open_games(&open, 3).len(), 1);
    }

    #[test]
    fn a_requested_bye_counts_its_points_and_is_a_round_the_player_chose() {
        let (entrants, games) = five();
        let half = [RequestedBye {
            player: 5,
            round: 3,
            kind: ByeKind::Half,
        }];
        let all = codes(&["WIN", "GE", "BH", "BH-C1"]);
        let table = standings(&entrants, &games, &half, &Points::default(), &all, 3, SWISS);
        let e = row(&table, "E");
        assert_eq!(e.points, 1.5);
        // Only the pairing's bye of round 1 was worth a win, and E elected to play only then.
        assert_eq!((tb(e, "WIN"), tb(e, "GE")), (1.0, 1.0));
        // Own unplayed rounds count E's score (1.5), capped by the opponent's (B: 2) or by a
        // draw a round (1.5); the voluntarily unplayed rounds are cut first.
        assert_eq!(tb(e, "BH"), 4.5);
        assert_eq!(tb(e, "BH-C1"), 3.0);
        // B's forfeit win against E counts E's score with its last round as a draw (16.3).
        assert_eq!(tb(row(&table, "B"), "BH"), 5.0);
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
        let wins = codes(&["WIN"]);
        let table = standings(&entrants, &games, &[], &scoring, &wins, 3, SWISS);
        assert_eq!(row(&table, "A").points, 6.0);
        assert_eq!(row(&table, "C").points, 4.0);
        assert_eq!(row(&table, "E").points, 3.0);
    }

    /// A match record of round 1: its result for South, its seeds and game points.
    fn match_of(
        id: i32,
        south: i32,
        north: i32,
        winner: Winner,
        seeds: (i32, i32),
        games: (f64, f64),
    ) -> GameRecord {
        GameRecord {
            match_points: Some(games),
            ..played(id, 1, south, north, winner, seeds)
        }
    }

    #[test]
    fn matches_score_match_points_game_points_or_seeds() {
        let entrants = vec![
            entrant(1, "A"),
            entrant(2, "B"),
            entrant(3, "C"),
            entrant(4, "D"),
            entrant(5, "E"),
        ];
        // Best of 3: A beats B 2-1 (70-74 in seeds over three games); C and D draw 1½-1½
        // (75-69); E has the pairing's bye, worth the two games a match takes to win.
        let best_of_3 = MatchFormat {
            games: 3,
            length: crate::tournament::match_format::MatchLength::BestOf,
            ..MatchFormat::SINGLE
        };
        let games = vec![
            match_of(1, 1, 2, Winner::South, (70, 74), (2.0, 1.0)),
            match_of(2, 3, 4, Winner::Draw, (75, 69), (1.5, 1.5)),
            other(3, 1, 5, None, ResultKind::Bye),
        ];
        let gp = codes(&["GP", "SC"]);
        let format = |score| Format {
            score,
            matches: best_of_3,
            ..SWISS
        };
        let by = |table: &[Standing]| -> Vec<(String, f64)> {
            table.iter().map(|s| (s.name.clone(), s.points)).collect()
        };
        let scoring = Points::default();
        let table = standings(
            &entrants,
            &games,
            &[],
            &scoring,
            &gp,
            1,
            format(MatchScore::MatchPoints),
        );
        assert_eq!(row(&table, "A").points, 1.0);
        assert_eq!(row(&table, "C").points, 0.5);
        assert_eq!(
            (tb(row(&table, "A"), "GP"), tb(row(&table, "B"), "GP")),
            (2.0, 1.0)
        );
        assert_eq!(tb(row(&table, "E"), "GP"), 2.0);
        assert_eq!(tb(row(&table, "B"), "SC"), 74.0);
        let table = standings(
            &entrants,
            &games,
            &[],
            &scoring,
            &gp,
            1,
            format(MatchScore::GamePoints),
        );
        assert_eq!(
            by(&table),
            [("A", 2.0), ("E", 2.0), ("C", 1.5), ("D", 1.5), ("B", 1.0)]
                .map(|(n, p)| (n.to_string(), p))
        );
        let table = standings(
            &entrants,
            &games,
            &[],
            &scoring,
            &gp,
            1,
            format(MatchScore::Seeds),
        );
        assert_eq!(
            by(&table),
            [
                ("C", 75.0),
                ("B", 74.0),
                ("A", 70.0),
                ("D", 69.0),
                ("E", 0.0)
            ]
            .map(|(n, p)| (n.to_string(), p))
        );
        // A half-point bye asked for is worth half the games of a won match: one.
        let half = [RequestedBye {
            player: 5,
            round: 1,
            kind: ByeKind::Half,
        }];
        let table = standings(
            &entrants,
            &games[..2],
            &half,
            &scoring,
            &gp,
            1,
            format(MatchScore::GamePoints),
        );
        assert_eq!(row(&table, "E").points, 1.0);
    }
}
