//! Glicko-2, step by step as Mark Glickman's "Example of the Glicko-2 system" (2022) gives it,
//! without rounding between the steps. The system constant τ is 0.5 and the convergence
//! tolerance ε 0.000001; a new player starts at 1500, RD 350, volatility 0.06.
//!
//! A player without games in a period has only their RD grown (step 6: φ' = √(φ² + σ²)), with no
//! ceiling: the paper sets none.

use std::f64::consts::PI;

/// Glicko-2's scale factor between the Glicko scale and its own (step 2).
const SCALE: f64 = 173.7178;
/// The system constant τ, which constrains the change in volatility over time.
pub const TAU: f64 = 0.5;
/// The convergence tolerance of the volatility's iteration (step 5).
pub const EPSILON: f64 = 0.000_001;
/// Above this RD a rating is provisional.
pub const PROVISIONAL_ABOVE: f64 = 110.0;

/// A player's rating, rating deviation and volatility, on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
}

impl Rating {
    /// A player's rating before their first game.
    pub const START: Rating = Rating {
        rating: 1500.0,
        rd: 350.0,
        volatility: 0.06,
    };

    /// Whether the rating is still provisional (its RD above 110).
    pub fn provisional(&self) -> bool {
        self.rd > PROVISIONAL_ABOVE
    }

    fn mu(&self) -> f64 {
        (self.rating - 1500.0) / SCALE
    }

    fn phi(&self) -> f64 {
        self.rd / SCALE
    }
}

/// One game of the period: the opponent's rating at the period's start and the score (1, ½, 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Played {
    pub opponent: Rating,
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn e(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The score `player` is expected to make against `opponent` in one game.
pub fn expected(player: Rating, opponent: Rating) -> f64 {
    e(player.mu(), opponent.mu(), opponent.phi())
}

/// How far beyond their opponents a performance rating of all or nothing is put: a perfect score
/// has no finite performance, and is taken as this much above the strongest opponent (nothing,
/// as much below the weakest), as FIDE's table of rating differences caps a 100% score at 800.
pub const PERFORMANCE_REACH: f64 = 800.0;

/// A performance rating: the rating whose expected score (as [`expected`] gives it, each
/// opponent's RD counted) against `opponents` is `score`, to a hundredth of a point; a score of
/// all or nothing is bounded by [`PERFORMANCE_REACH`]. None without opponents.
pub fn performance(opponents: &[Rating], score: f64) -> Option<f64> {
    let strongest = opponents.iter().map(|o| o.rating).reduce(f64::max)?;
    let weakest = opponents.iter().map(|o| o.rating).reduce(f64::min)?;
    let (mut low, mut high) = (weakest - PERFORMANCE_REACH, strongest + PERFORMANCE_REACH);
    let at = |rating: f64| -> f64 {
        let me = Rating {
            rating,
            ..Rating::START
        };
        opponents.iter().map(|o| expected(me, *o)).sum()
    };
    if score <= at(low) {
        return Some(low);
    }
    if score >= at(high) {
        return Some(high);
    }
    // The expected score grows with the rating: halve the interval until it is narrow.
    while high - low > 0.01 {
        let mid = (low + high) / 2.0;
        if at(mid) < score {
            low = mid;
        } else {
            high = mid;
        }
    }
    Some((low + high) / 2.0)
}

/// Step 6 alone: the RD of a player who did not play in the period.
pub fn grown(player: Rating) -> Rating {
    let phi = player.phi();
    let phi_star = (phi * phi + player.volatility * player.volatility).sqrt();
    Rating {
        rd: phi_star * SCALE,
        ..player
    }
}

/// The player's rating after a period in which they played `games` (steps 2 to 8); with no
/// games, [`grown`].
pub fn after_period(player: Rating, games: &[Played]) -> Rating {
    if games.is_empty() {
        return grown(player);
    }
    // Step 2.
    let mu = player.mu();
    let phi = player.phi();
    let sigma = player.volatility;
    // Steps 3 and 4: the estimated variance v and the improvement Δ.
    let mut v_inverse = 0.0;
    let mut sum = 0.0;
    for game in games {
        let (mu_j, phi_j) = (game.opponent.mu(), game.opponent.phi());
        let g_j = g(phi_j);
        let e_j = e(mu, mu_j, phi_j);
        v_inverse += g_j * g_j * e_j * (1.0 - e_j);
        sum += g_j * (game.score - e_j);
    }
    let v = 1.0 / v_inverse;
    let delta = v * sum;
    // Step 5: the new volatility, by the Illinois algorithm.
    let sigma_new = volatility(delta, phi, v, sigma);
    // Step 6: the pre-rating-period value.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    // Step 7: the new RD and rating.
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    // Step 8: back to the Glicko scale.
    Rating {
        rating: SCALE * mu_new + 1500.0,
        rd: SCALE * phi_new,
        volatility: sigma_new,
    }
}

/// Step 5 of the paper.
fn volatility(delta: f64, phi: f64, v: f64, sigma: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    while (big_b - big_a).abs() > EPSILON {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_performance_expects_the_score_made() {
        use super::*;
        let opponent = |rating| Rating {
            rating,
            rd: 60.0,
            volatility: 0.06,
        };
        let field = [opponent(1400.0), opponent(1500.0), opponent(1600.0)];
        // Half the points against a field centred on 1500: 1500.
        let even = performance(&field, 1.5).unwrap();
        assert!((even - 1500.0).abs() < 0.1, "{even}");
        // More points, a higher performance, and its expected score is the score.
        let two = performance(&field, 2.0).unwrap();
        assert!(two > even);
        let me = Rating {
            rating: two,
            ..Rating::START
        };
        let expected_score: f64 = field.iter().map(|o| expected(me, *o)).sum();
        assert!((expected_score - 2.0).abs() < 0.001, "{expected_score}");
        assert_eq!(performance(&field, 3.0), Some(2400.0));
        assert_eq!(performance(&field, 0.0), Some(600.0));
        assert_eq!(performance(&[], 0.0), None);
    }

    use super::*;

    fn rating(rating: f64, rd: f64) -> Rating {
        Rating {
            rating,
            rd,
            volatility: 0.06,
        }
    }

    /// The paper's worked example: a player rated 1500 (RD 200) beats a 1400 (RD 30) and loses to
    /// a 1550 (RD 100) and a 1700 (RD 300). The paper rounds at each step, and gives 1464.06,
    /// 151.52 and 0.05999.
    #[test]
    fn glickmans_example_gives_his_figures() {
        let games = [
            Played {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            Played {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            Played {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = after_period(rating(1500.0, 200.0), &games);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.rd - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_grows_the_rd_as_step_6_says() {
        let before = rating(1500.0, 200.0);
        let after = after_period(before, &[]);
        assert_eq!(after.rating, before.rating);
        assert_eq!(after.volatility, before.volatility);
        let phi = 200.0 / SCALE;
        assert!((after.rd - (phi * phi + 0.06 * 0.06).sqrt() * SCALE).abs() < 1e-9);
        // No ceiling: a new player's RD grows past 350 too.
        assert!(grown(Rating::START).rd > 350.0);
    }

    #[test]
    fn the_expected_scores_of_two_players_sum_to_about_one_and_favour_the_stronger() {
        let (strong, weak) = (rating(1700.0, 50.0), rating(1500.0, 50.0));
        let (a, b) = (expected(strong, weak), expected(weak, strong));
        assert!(a > 0.7 && b < 0.3, "{a} {b}");
        assert!((a + b - 1.0).abs() < 1e-12);
        assert_eq!(expected(weak, weak), 0.5);
    }

    #[test]
    fn a_draw_between_equals_moves_neither_rating() {
        let p = rating(1600.0, 120.0);
        let after = after_period(
            p,
            &[Played {
                opponent: p,
                score: 0.5,
            }],
        );
        assert!((after.rating - 1600.0).abs() < 1e-9);
        assert!(after.rd < 120.0);
    }
}
