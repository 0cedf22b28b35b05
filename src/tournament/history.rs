//! A tournament's games as the domain sees them: who met whom, with which side, and what counts.

use std::collections::{HashMap, HashSet};

use super::pairing::SwissPlayer;
use super::results::{ResultKind, Winner, points};
use super::settings::Points;

/// A bye a player asked for (or was granted) in a round, instead of being paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestedBye {
    pub player: i32,
    pub round: i32,
    pub kind: super::results::ByeKind,
}

/// One pairing of a round and its result.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub id: i32,
    pub round: i32,
    pub board: Option<i32>,
    pub south: i32,
    /// `None` for a bye.
    pub north: Option<i32>,
    /// The result, once it counts (confirmed by the players or set by the controller).
    pub result: Option<(ResultKind, Option<Winner>)>,
    /// Seeds captured by South and North, for a played game.
    pub seeds: Option<(i32, i32)>,
}

impl GameRecord {
    /// Points of (South, North) if the result counts.
    pub fn points(&self, scoring: &Points) -> Option<(f64, f64)> {
        self.result
            .map(|(kind, winner)| points(kind, winner, scoring))
    }

    /// Whether the two players sat at the board (not a forfeit or a bye).
    pub fn is_meeting(&self) -> bool {
        self.north.is_some()
            && !matches!(
                self.result,
                Some((
                    ResultKind::ForfeitSouth | ResultKind::ForfeitNorth | ResultKind::DoubleForfeit,
                    _
                ))
            )
    }
}

/// What the pairing of the next round needs to know of each player.
pub fn swiss_players(
    players: &[(i32, Option<i32>)],
    games: &[GameRecord],
    byes: &[RequestedBye],
    scoring: &Points,
) -> Vec<SwissPlayer> {
    let mut by_id: HashMap<i32, SwissPlayer> = players
        .iter()
        .map(|&(id, rating)| {
            (
                id,
                SwissPlayer {
                    id,
                    half_points: 0,
                    rating,
                    opponents: HashSet::new(),
                    had_bye: false,
                    sides: Vec::new(),
                },
            )
        })
        .collect();
    let mut ordered: Vec<&GameRecord> = games.iter().collect();
    ordered.sort_by_key(|g| (g.round, g.board));
    let mut points_of: HashMap<i32, f64> = HashMap::new();
    for g in ordered {
        if let Some((s, n)) = g.points(scoring) {
            *points_of.entry(g.south).or_default() += s;
            if let Some(north) = g.north {
                *points_of.entry(north).or_default() += n;
            }
        }
        match g.north {
            None => {
                if let Some(p) = by_id.get_mut(&g.south) {
                    p.had_bye = true;
                }
            }
            Some(north) if g.is_meeting() => {
                if let Some(p) = by_id.get_mut(&g.south) {
                    p.opponents.insert(north);
                    p.sides.push(true);
                }
                if let Some(p) = by_id.get_mut(&north) {
                    p.opponents.insert(g.south);
                    p.sides.push(false);
                }
            }
            Some(_) => {}
        }
    }
    // A requested bye's points count; it is not the pairing's bye, nor a meeting.
    for b in byes {
        *points_of.entry(b.player).or_default() += b.kind.points(scoring);
    }
    let mut list: Vec<SwissPlayer> = by_id.into_values().collect();
    for p in &mut list {
        p.half_points = (points_of.get(&p.id).copied().unwrap_or(0.0) * 2.0).round() as i32;
    }
    list.sort_by_key(|p| p.id);
    list
}

/// Pairs of players who have met (smaller id first), and the players who had a bye.
pub fn meetings(games: &[GameRecord]) -> (HashSet<(i32, i32)>, HashSet<i32>) {
    let mut met = HashSet::new();
    let mut byes = HashSet::new();
    for g in games {
        match g.north {
            Some(n) if g.is_meeting() => {
                met.insert((g.south.min(n), g.south.max(n)));
            }
            Some(_) => {}
            None => {
                byes.insert(g.south);
            }
        }
    }
    (met, byes)
}
