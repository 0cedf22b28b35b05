//! A random tournament, paired round after round by the FIDE Dutch system: players with
//! random ratings, byes asked for, draws, forfeits and results drawn by the ratings' expected
//! scores. Written as a TRF file, it is what `oware-tournament generate` prints (FIDE asks
//! pairing programs for a random tournament generator, to test them against others).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use std::collections::HashSet;

use super::history::{Entrant, GameRecord, RequestedBye, dutch_input, round_pairing};
use super::points::Points;
use super::results::{ByeKind, ResultKind, Winner};
use super::standings::{Format, crosstable};
use crate::fide::dutch::pair;
use crate::fide::trf::Trf;

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    pub players: usize,
    pub rounds: usize,
    pub seed: u64,
    /// The chance that a game is drawn.
    pub draws: f64,
    /// The chance that a game is forfeited (one player, or rarely both, absent).
    pub forfeits: f64,
    /// The chance that a player asks for a bye in a round (a half-point bye, or a zero-point
    /// one a third of the time).
    pub byes: f64,
}

/// The most players generated: the largest field the pairing is measured on (README, "Performance").
pub const MAX_PLAYERS: usize = 2000;

/// Generates the tournament, or says why it cannot (too few players, or a round the pairing
/// cannot pair: more rounds than the field allows without rematches).
pub fn generate(p: &Params) -> Result<Trf, String> {
    if !(2..=MAX_PLAYERS).contains(&p.players) {
        return Err(format!("--players: from 2 to {MAX_PLAYERS}"));
    }
    if !(1..=99).contains(&p.rounds) {
        return Err("--rounds: from 1 to 99".to_string());
    }
    for (name, v) in [
        ("--draws", p.draws),
        ("--forfeits", p.forfeits),
        ("--byes", p.byes),
    ] {
        if !(0.0..=1.0).contains(&v) {
            return Err(format!("{name}: a chance from 0 to 1"));
        }
    }
    let mut rng = StdRng::seed_from_u64(p.seed);
    // Pairing numbers follow the ratings (C.04.2), so the ids are given in that order.
    let mut ratings: Vec<i32> = (0..p.players).map(|_| rng.gen_range(1000..2700)).collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let entrants: Vec<Entrant> = ratings
        .iter()
        .enumerate()
        .map(|(i, &r)| Entrant {
            id: i as i32 + 1,
            name: format!("Player {:04}", i + 1),
            club: String::new(),
            rating: Some(r),
        })
        .collect();
    let scoring = Points::default();
    let mut games: Vec<GameRecord> = Vec::new();
    let mut byes: Vec<RequestedBye> = Vec::new();
    for round in 1..=p.rounds as i32 {
        let mut away = HashSet::new();
        for e in &entrants {
            if rng.gen_bool(p.byes) {
                let kind = if rng.gen_bool(1.0 / 3.0) {
                    ByeKind::Zero
                } else {
                    ByeKind::Half
                };
                byes.push(RequestedBye {
                    player: e.id,
                    round,
                    kind,
                });
                away.insert(e.id);
            }
        }
        let input = dutch_input(
            &entrants,
            &away,
            &games,
            &byes,
            &scoring,
            round,
            &HashSet::new(),
            Some(p.rounds),
        );
        let dutch = pair(&input).map_err(|e| format!("round {round} cannot be paired: {e}"))?;
        let ids: Vec<i32> = entrants.iter().map(|e| e.id).collect();
        let pairing = round_pairing(&ids, &dutch);
        for (i, pair) in pairing.boards.iter().enumerate() {
            let expected = |a: i32, b: i32| {
                let (ra, rb) = (ratings[a as usize - 1], ratings[b as usize - 1]);
                1.0 / (1.0 + 10f64.powf(f64::from(rb - ra) / 400.0))
            };
            let result = if rng.gen_bool(p.forfeits) {
                match rng.gen_range(0..10) {
                    0 => (ResultKind::DoubleForfeit, None),
                    1..=4 => (ResultKind::ForfeitSouth, None),
                    _ => (ResultKind::ForfeitNorth, None),
                }
            } else if rng.gen_bool(p.draws) {
                (ResultKind::Played, Some(Winner::Draw))
            } else if rng.gen_bool(expected(pair.south, pair.north)) {
                (ResultKind::Played, Some(Winner::South))
            } else {
                (ResultKind::Played, Some(Winner::North))
            };
            games.push(GameRecord {
                id: games.len() as i32 + 1,
                round,
                board: Some(i as i32 + 1),
                south: pair.south,
                north: Some(pair.north),
                result: Some(result),
                seeds: None,
                match_points: None,
            });
        }
        for &bye in &pairing.byes {
            games.push(GameRecord {
                id: games.len() as i32 + 1,
                round,
                board: None,
                south: bye,
                north: None,
                result: Some((ResultKind::Bye, None)),
                seeds: None,
                match_points: None,
            });
        }
    }
    let format = Format {
        round_robin: false,
        rounds: Some(p.rounds as i32),
        ..Format::default()
    };
    let mut trf = crosstable(&entrants, &games, &byes, p.rounds as i32, format);
    trf.name = format!("Random tournament {}", p.seed);
    trf.pairing_system = "FIDE_DUTCH_2025".to_string();
    Ok(trf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_tournament_and_every_round_seats_everyone_once() {
        let params = Params {
            players: 21,
            rounds: 6,
            seed: 42,
            draws: 0.3,
            forfeits: 0.05,
            byes: 0.05,
        };
        let trf = generate(&params).unwrap();
        assert_eq!(trf, generate(&params).unwrap());
        assert_ne!(trf, generate(&Params { seed: 43, ..params }).unwrap());
        assert_eq!(trf.players.len(), 21);
        assert_eq!(trf.rounds(), 6);
        // Read back whole: every game agrees on both lines (the reader checks it), no game
        // played is played again, and every round is the Dutch system's.
        let again = Trf::parse(&trf.write()).unwrap();
        for p in &again.players {
            let mut met = std::collections::HashSet::new();
            for c in p.rounds.iter().filter(|c| c.outcome.played()) {
                let o = c.opponent.unwrap();
                assert!(met.insert(o), "player {} plays {o} twice", p.number);
            }
        }
        assert_eq!(crate::fide::check::check(&again), Vec::new());
        assert!(
            generate(&Params {
                players: 1,
                ..params
            })
            .is_err()
        );
        assert!(
            generate(&Params {
                draws: 1.5,
                ..params
            })
            .is_err()
        );
        // Four players cannot play five rounds without a rematch.
        let err = generate(&Params {
            players: 4,
            rounds: 5,
            forfeits: 0.0,
            byes: 0.0,
            ..params
        })
        .unwrap_err();
        assert!(err.contains("cannot be paired"), "{err}");
    }
}
