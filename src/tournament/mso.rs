//! The Mind Sports Olympiad's tie-break rule for two-player games, as a policy of its own, and a
//! drawing of lots for players still level. Players level on points are ordered by:
//!
//! 1. head to head, only where one of them beat every other player of the tie (placed first) or
//!    lost to every other (placed last);
//! 2. with the spread option only (MSO's Oware page: "point spread is not applicable"), the seed
//!    spread of all their rounds (seeds captured less the opponent's), less their best round's;
//! 3. Sonneborn-Berger (the points of the opponents beaten, half those of the opponents drawn).
//!
//! No step is applied again: once head to head has placed a player, the others go by steps 2
//! and 3. Players still level after step 3 share their place (MSO shares the medals), unless the
//! tournament draws lots from a published seed. `docs/standings.md` ("MSO's rule") states it
//! with a worked example.

use std::collections::HashMap;

use super::history::GameRecord;
use super::points::Points;
use super::stages::draw_lots;
use super::standings::Standing;

/// What steps 2 and 3 weigh for one player.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Weights {
    /// Seed spread of every round, less the best round's.
    spread: i32,
    /// Sonneborn-Berger.
    sonneborn_berger: f64,
}

/// A game (or match) against an opponent, from one player's side: the opponent, the points
/// scored (1, ½, 0) and the seed spread.
type Met = (i32, f64, i32);

/// Results counted as the rule counts them: 1 a win, ½ a draw, 0 a loss.
const SCORE: Points = Points {
    win: 1.0,
    draw: 0.5,
    loss: 0.0,
    bye: 0.0,
};

/// Each player's results with an opponent up to round `after` (byes have none).
fn results(games: &[GameRecord], after: i32) -> HashMap<i32, Vec<Met>> {
    let mut by_player: HashMap<i32, Vec<Met>> = HashMap::new();
    for g in games.iter().filter(|g| g.round <= after) {
        let (Some(north), Some((south_score, north_score))) = (g.north, g.points(&SCORE)) else {
            continue;
        };
        let (south_seeds, north_seeds) = g.seeds.unwrap_or((0, 0));
        let spread = south_seeds - north_seeds;
        by_player
            .entry(g.south)
            .or_default()
            .push((north, south_score, spread));
        by_player
            .entry(north)
            .or_default()
            .push((g.south, north_score, -spread));
    }
    by_player
}

/// Each player's steps 2 and 3, from their results and the points in `table`.
fn weights_of(table: &[Standing], results: &HashMap<i32, Vec<Met>>) -> HashMap<i32, Weights> {
    let points: HashMap<i32, f64> = table.iter().map(|s| (s.player_id, s.points)).collect();
    table
        .iter()
        .map(|s| {
            let mine = results.get(&s.player_id).map_or(&[][..], Vec::as_slice);
            let spreads: Vec<i32> = mine.iter().map(|r| r.2).collect();
            let spread = spreads.iter().sum::<i32>() - spreads.iter().copied().max().unwrap_or(0);
            let sonneborn_berger = mine
                .iter()
                .map(|&(opponent, score, _)| score * points.get(&opponent).copied().unwrap_or(0.0))
                .sum();
            (
                s.player_id,
                Weights {
                    spread,
                    sonneborn_berger,
                },
            )
        })
        .collect()
}

/// Orders the players level on points by MSO's rule (with the seed spread as step 2 when
/// `spread`), then (given a seed) by lots; ranks as they come out, shared where they are still
/// level.
pub fn order(
    table: &mut [Standing],
    games: &[GameRecord],
    after: i32,
    lots: Option<u64>,
    spread: bool,
) {
    let results = results(games, after);
    let weights = weights_of(table, &results);
    // Head to head: the net score of `a` against `b`.
    let net = |a: i32, b: i32| -> f64 {
        results.get(&a).map_or(0.0, |rs| {
            rs.iter().filter(|r| r.0 == b).map(|r| r.1 - 0.5).sum()
        })
    };
    let mut start = 0;
    while start < table.len() {
        let points = table[start].points;
        let end = start
            + table[start..]
                .iter()
                .take_while(|s| s.points == points)
                .count();
        let group: Vec<i32> = table[start..end].iter().map(|s| s.player_id).collect();
        // Step 1, once: a player who beat every other of the tie first, one who lost to every
        // other last.
        let beat_all = |p: i32| group.iter().all(|&o| o == p || net(p, o) > 0.0);
        let lost_all = |p: i32| group.iter().all(|&o| o == p || net(p, o) < 0.0);
        let top = (group.len() > 1)
            .then(|| group.iter().copied().find(|&p| beat_all(p)))
            .flatten();
        let bottom = (group.len() > 1)
            .then(|| {
                group
                    .iter()
                    .copied()
                    .find(|&p| lost_all(p) && Some(p) != top)
            })
            .flatten();
        // Steps 2 and 3 for the rest; the level ones keep the standings' order, or draw lots.
        let key = |p: &i32| {
            let w = weights.get(p).copied().unwrap_or_default();
            (if spread { w.spread } else { 0 }, w.sonneborn_berger)
        };
        let mut middle: Vec<i32> = group
            .iter()
            .copied()
            .filter(|&p| Some(p) != top && Some(p) != bottom)
            .collect();
        middle.sort_by(|a, b| {
            key(b)
                .partial_cmp(&key(a))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        if let Some(seed) = lots {
            let mut i = 0;
            while i < middle.len() {
                let level = middle[i..]
                    .iter()
                    .take_while(|p| key(p) == key(&middle[i]))
                    .count();
                let drawn = draw_lots(&middle[i..i + level], seed);
                middle[i..i + level].clone_from_slice(&drawn);
                i += level;
            }
        }
        let ordered: Vec<i32> = top
            .into_iter()
            .chain(middle.iter().copied())
            .chain(bottom)
            .collect();
        let rows: HashMap<i32, Standing> = table[start..end]
            .iter()
            .map(|s| (s.player_id, s.clone()))
            .collect();
        for (k, p) in ordered.iter().enumerate() {
            let mut row = rows[p].clone();
            // Level with a neighbour of the middle: the place is shared (lots part them all).
            let level =
                |o: &i32| o != p && middle.contains(o) && middle.contains(p) && key(o) == key(p);
            let first_level = ordered.iter().position(|o| o == p || level(o)).unwrap_or(k);
            row.rank = start + 1 + if lots.is_some() { k } else { first_level };
            row.shared = lots.is_none() && ordered.iter().any(level);
            table[start + k] = row;
        }
        start = end;
    }
}

/// Parts the players who share a place (level on points and every tie-break) by lots drawn
/// from `seed`: the same seed always gives the same order.
pub fn part_by_lots(table: &mut [Standing], seed: u64) {
    let mut start = 0;
    while start < table.len() {
        let rank = table[start].rank;
        let end = start + table[start..].iter().take_while(|s| s.rank == rank).count();
        if end - start > 1 {
            let drawn = draw_lots(&table[start..end], seed);
            for (k, mut row) in drawn.into_iter().enumerate() {
                row.rank = start + 1 + k;
                row.shared = false;
                table[start + k] = row;
            }
        }
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::results::{ResultKind, Winner};

    fn row(player_id: i32, points: f64) -> Standing {
        Standing {
            rank: 0,
            shared: false,
            player_id,
            name: format!("P{player_id}"),
            club: String::new(),
            points,
            tiebreaks: Vec::new(),
            games_played: 3,
        }
    }

    /// A played game: South's seeds, North's, and who won (draw when equal).
    fn game(round: i32, south: i32, north: i32, seeds: (i32, i32)) -> GameRecord {
        let winner = match seeds.0.cmp(&seeds.1) {
            std::cmp::Ordering::Greater => Some(Winner::South),
            std::cmp::Ordering::Less => Some(Winner::North),
            std::cmp::Ordering::Equal => Some(Winner::Draw),
        };
        GameRecord {
            id: round * 10 + south,
            round,
            board: Some(1),
            south,
            north: Some(north),
            result: Some((ResultKind::Played, winner)),
            seeds: Some(seeds),
            match_points: None,
        }
    }

    /// The rows of `games`' players with the points the games give them, best first.
    fn table_of(games: &[GameRecord]) -> Vec<Standing> {
        let mut points: HashMap<i32, f64> = HashMap::new();
        for (player, rs) in results(games, 99) {
            points.insert(player, rs.iter().map(|r| r.1).sum());
        }
        let mut table: Vec<Standing> = points.into_iter().map(|(p, pts)| row(p, pts)).collect();
        table.sort_by(|a, b| {
            b.points
                .total_cmp(&a.points)
                .then(a.player_id.cmp(&b.player_id))
        });
        table
    }

    fn ranks(table: &[Standing]) -> Vec<(i32, usize, bool)> {
        table
            .iter()
            .map(|s| (s.player_id, s.rank, s.shared))
            .collect()
    }

    /// `docs/standings.md`'s worked example: W, X, Y, Z (1 to 4) on 3 points, E and F (5, 6) on
    /// 1½.
    fn worked_example() -> Vec<GameRecord> {
        let (w, x, y, z, e, f) = (1, 2, 3, 4, 5, 6);
        vec![
            game(1, w, x, (26, 22)),
            game(2, w, y, (25, 23)),
            game(3, w, z, (30, 18)),
            game(4, x, y, (28, 20)),
            game(5, y, z, (27, 21)),
            game(1, z, x, (25, 23)),
            game(4, e, w, (29, 19)),
            game(5, f, w, (27, 21)),
            game(2, x, e, (30, 18)),
            game(3, x, f, (26, 22)),
            game(1, y, e, (25, 23)),
            game(3, y, f, (33, 15)),
            game(5, z, e, (28, 20)),
            game(2, z, f, (26, 22)),
            game(4, e, f, (24, 24)),
        ]
    }

    #[test]
    fn head_to_head_places_once_then_the_spread_less_the_best_round() {
        // `docs/standings.md`'s worked example: W, X, Y, Z on 3 points, E and F on 1½.
        let (w, x, y, z, e, f) = (1, 2, 3, 4, 5, 6);
        let games = worked_example();
        let mut table = table_of(&games);
        let points: Vec<f64> = table.iter().map(|s| s.points).collect();
        assert_eq!(points, [3.0, 3.0, 3.0, 3.0, 1.5, 1.5]);
        let weights = weights_of(&table, &results(&games, 5));
        // X: −4 +8 −2 +12 +4 = 18, less +12: 6. Y: −2 −8 +6 +2 +18 = 16, less 18: −2.
        // Z: −12 −6 +2 +8 +4 = −4, less 8: −12. W: 4 + 2 + 12 − 10 − 6 = 2, less 12: −10.
        let spread: Vec<i32> = [w, x, y, z, e, f]
            .iter()
            .map(|p| weights[p].spread)
            .collect();
        assert_eq!(spread, [-10, 6, -2, -12, -22, -26]);
        order(&mut table, &games, 5, None, true);
        // W beat X, Y and Z: first, whatever its spread; nobody lost to all three others. Then
        // X, Y, Z by spread (head to head not applied again: X, Y, Z beat one another in a
        // circle). E and F drew: the spread puts E ahead.
        assert_eq!(
            ranks(&table),
            [
                (w, 1, false),
                (x, 2, false),
                (y, 3, false),
                (z, 4, false),
                (e, 5, false),
                (f, 6, false)
            ]
        );
    }

    #[test]
    fn the_oware_rule_leaves_the_spread_out() {
        // The worked example without the spread: X, Y and Z beat one another in a circle and
        // each beat E and F, so their Sonneborn-Berger is the same (3 + 1½ + 1½): they share
        // second place; E and F drew and each beat W: level too.
        let (w, x, y, z, e, f) = (1, 2, 3, 4, 5, 6);
        let games = worked_example();
        let mut table = table_of(&games);
        order(&mut table, &games, 5, None, false);
        let mut got = ranks(&table);
        got[1..4].sort_unstable();
        got[4..].sort_unstable();
        assert_eq!(
            got,
            [
                (w, 1, false),
                (x, 2, true),
                (y, 2, true),
                (z, 2, true),
                (e, 5, true),
                (f, 5, true)
            ]
        );
        // With the spread, as the general rule has it, they are parted.
        let mut with_spread = table_of(&games);
        order(&mut with_spread, &games, 5, None, true);
        assert_eq!(ranks(&with_spread)[1], (x, 2, false));
    }

    #[test]
    fn sonneborn_berger_then_shared_places_or_lots() {
        // P beat R (2 points), Q beat S (0 points), each by 4 seeds: level on points and spread,
        // P ahead on Sonneborn-Berger. S and T never met: T's one loss by 4 is also its best
        // round (spread 0), S's two (−8 less −4: −4).
        let (p, q, r, s, t) = (1, 2, 3, 4, 5);
        let games = vec![
            game(1, p, r, (26, 22)),
            game(1, q, s, (26, 22)),
            game(2, r, t, (26, 22)),
            game(3, r, s, (26, 22)),
        ];
        let mut table = table_of(&games);
        order(&mut table, &games, 3, None, true);
        assert_eq!(
            ranks(&table),
            [
                (r, 1, false),
                (p, 2, false),
                (q, 3, false),
                (t, 4, false),
                (s, 5, false)
            ]
        );
        // Level on everything: the place is shared, or lots from a seed anyone can redo part
        // them.
        let games = vec![game(1, p, q, (24, 24))];
        let mut table = table_of(&games);
        order(&mut table, &games, 1, None, true);
        assert_eq!(ranks(&table), [(p, 1, true), (q, 1, true)]);
        let mut drawn = table.clone();
        order(&mut drawn, &games, 1, Some(2026), true);
        let ids: Vec<i32> = drawn.iter().map(|s| s.player_id).collect();
        assert_eq!(ids, draw_lots(&[p, q], 2026));
        assert_eq!(
            drawn.iter().map(|s| (s.rank, s.shared)).collect::<Vec<_>>(),
            [(1, false), (2, false)]
        );
    }
}
