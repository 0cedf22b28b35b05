//! The FIDE (Dutch) System, C.04.3 as in force from 1 July 2025: the project's Swiss pairing.
//!
//! Players are ranked by score, then pairing number (C.04.3 1.2). Brackets are paired from the
//! top score down, each with the players moved down from the one above (1.3). Every criterion
//! of article 2.4 becomes a field of an edge's weight, the absolute and completion criteria in
//! the highest bits, then (most important first):
//!
//! - the most pairs in the bracket, then the highest scores among them (C5, C6);
//! - the most pairs and highest scores in the next bracket, so that the bracket leaves behind
//!   players the next one can pair (C7, C8);
//! - the fewest unplayed games for the player given the pairing-allocated bye (C9);
//! - colours: fewest absolute imbalances and preferences broken, then preferences, then strong
//!   preferences (C10-C13);
//! - floats: fewest players floating in the same direction as one and two rounds before, and the
//!   lowest scores among them (C14-C21).
//!
//! The heaviest matching (see [`super::matching`]) then meets every criterion in that order.
//! Among equal pairings the rules' own order decides (article 3.2-3.3: the moved-down players
//! paired first, the fewest and smallest exchanges between S1 and S2, then S1's players from the
//! top each with the first possible S2 player); each choice is fixed in turn by raising one
//! weight and matching again. Colours follow article 5.
//!
//! The absolute criteria (C1-C3, article 2.1) are no rematch (a game forfeited is not a game
//! met), no second pairing-allocated bye (nor one for a player who already scored a win without
//! playing), no two players with the same absolute colour preference (except, in the last round,
//! a player above half the possible score), and the pairs the controller ruled out.

use std::collections::HashMap;

use super::matching::{Dense, Matching, Unset, Wide};
use super::trf::{Cell, Colour, Outcome, Trf};

/// One earlier round of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    /// The opponent (an index into [`Input::players`]), for games and forfeits.
    pub opponent: Option<usize>,
    /// The colour of a game played.
    pub colour: Option<Colour>,
    /// A game played over the board (not a forfeit, not a bye).
    pub played: bool,
    /// Points scored, in the units of [`Input::win`].
    pub points: u32,
    /// Whether the player was in that round's pairing (paired, or given the pairing's bye),
    /// rather than absent or on a bye they asked for.
    pub paired: bool,
}

impl Round {
    /// A round the player did not take part in, scoring nothing.
    pub const ABSENT: Round = Round {
        opponent: None,
        colour: None,
        played: false,
        points: 0,
        paired: false,
    };
}

/// A player, in pairing-number order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// Every earlier round, oldest first.
    pub rounds: Vec<Round>,
    /// Whether the player is to be paired in this round (not absent, not on a bye asked for).
    pub available: bool,
    /// Players this one must not meet besides earlier opponents (indices).
    pub forbidden: Vec<usize>,
}

/// A round to pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub players: Vec<Player>,
    /// The rounds the tournament will have, when known (the last round relaxes C3).
    pub planned_rounds: Option<usize>,
    /// The colour drawn by lot for the first player (C.04.3 article 5.2.1): white (South) unless
    /// the tournament says otherwise.
    pub initial: Colour,
    /// The points of a win and of a loss, in the units of [`Round::points`] (a TRF counts half
    /// points: 2 and 0).
    pub win: u32,
    pub loss: u32,
}

/// A round's pairing: boards as (white, black) indices, best first, and the player given the
/// pairing-allocated bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    pub boards: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Why a round was not paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoPairing {
    #[error(
        "no pairing of this round meets the absolute criteria (no rematch, no second bye, no two players who must have the same side)"
    )]
    Impossible,
    #[error(
        "this round has too many players and score groups for the pairing's weights ({0} bits; at most 4,096)"
    )]
    TooLarge(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    None,
}

/// What the pairing needs of a player this round.
#[derive(Clone, Debug)]
struct Info {
    /// Index in the input.
    id: usize,
    score: u32,
    /// Effective pairing number, from 0 (players who take part only).
    rank: usize,
    pref: Option<Colour>,
    imbalance: u32,
    /// The colour of the last two games played, when they were the same.
    repeated: Option<Colour>,
    strong: bool,
    eligible: bool,
    played_games: u32,
    floats: [Float; 2],
    /// Sides in games played, newest first.
    sides: Vec<Colour>,
}

impl Info {
    fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }
    fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

fn invert(c: Option<Colour>) -> Option<Colour> {
    c.map(Colour::other)
}

fn compatible_preferences(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none() || b.is_none()
}

fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// Pairs the round.
pub fn pair(input: &Input) -> Result<Pairing, NoPairing> {
    let ctx = Context::new(input);
    if ctx.players.is_empty() {
        return Ok(Pairing::default());
    }
    if ctx.played_rounds == 0 && ctx.barred.iter().all(Vec::is_empty) {
        // The first round, nothing ruled out: one bracket where no pair differs from another on
        // any criterion, so the first pairing of the rules' order stands (article 3.3): S1, the
        // upper half, against S2 in order, the last player left for the bye.
        let n = ctx.players.len();
        let half = n / 2;
        let mut partner: Vec<usize> = (0..n).collect();
        for i in 0..half {
            partner[i] = i + half;
            partner[i + half] = i;
        }
        return Ok(ctx.result(&partner));
    }
    let needed = ctx.width() + bits(ctx.players.len()) + 8;
    let partner = match needed.div_ceil(64) {
        0..=4 => ctx.run::<4>()?,
        5..=6 => ctx.run::<6>()?,
        7..=8 => ctx.run::<8>()?,
        9..=10 => ctx.run::<10>()?,
        11..=12 => ctx.run::<12>()?,
        13..=16 => ctx.run::<16>()?,
        17..=32 => ctx.run::<32>()?,
        33..=64 => ctx.run::<64>()?,
        _ => return Err(NoPairing::TooLarge(needed)),
    };
    Ok(ctx.result(&partner))
}

struct Context {
    /// The players to pair, by score then pairing number: a player's vertex is its index here.
    players: Vec<Info>,
    /// Per player, the players it must not meet (earlier opponents, pairs ruled out).
    barred: Vec<Vec<usize>>,
    played_rounds: usize,
    last_round: bool,
    initial: Colour,
    win: u32,
    /// Per score: the lowest bit of its field in the fields indexed by score.
    shifts: HashMap<u32, u32>,
    /// Bits of all score-indexed fields.
    scores_width: u32,
    /// Bits of a field counting pairs of one bracket.
    group_bits: u32,
}

impl Context {
    fn new(input: &Input) -> Context {
        let played_rounds = input
            .players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0);
        let round = |p: &Player, r: usize| p.rounds.get(r).copied().unwrap_or(Round::ABSENT);
        let score_before = |p: &Player, back: usize| -> u32 {
            (0..played_rounds - back).map(|r| round(p, r).points).sum()
        };
        let mut players = Vec::new();
        let mut rank = 0;
        for (id, p) in input.players.iter().enumerate() {
            let takes_part = p.available || p.rounds.iter().any(|r| r.paired);
            if !takes_part {
                continue;
            }
            rank += 1;
            if !p.available {
                continue;
            }
            let sides: Vec<Colour> = p
                .rounds
                .iter()
                .rev()
                .filter(|r| r.played)
                .filter_map(|r| r.colour)
                .collect();
            let whites = sides.iter().filter(|&&c| c == Colour::White).count() as u32;
            let blacks = sides.len() as u32 - whites;
            let lower = if whites > blacks {
                Colour::Black
            } else {
                Colour::White
            };
            let imbalance = whites.abs_diff(blacks);
            let consecutive = match sides.first() {
                Some(&last) => sides.iter().take_while(|&&c| c == last).count(),
                None => 0,
            };
            let last = sides.first().copied();
            let pref = if imbalance > 1 {
                Some(lower)
            } else if consecutive > 1 {
                invert(last)
            } else if imbalance > 0 {
                Some(lower)
            } else if consecutive > 0 {
                invert(last)
            } else {
                None
            };
            let repeated = if consecutive > 1 { last } else { None };
            let absolute = imbalance > 1 || repeated.is_some();
            let eligible = !p.rounds.iter().any(|r| !r.played && r.points >= input.win);
            let float = |back: usize| -> Float {
                if played_rounds < back {
                    return Float::None;
                }
                let r = round(p, played_rounds - back);
                // 1.4.3: a round scored without playing floats down; a game not played (a
                // forfeit lost, a zero-point bye) floats no one.
                if !r.played {
                    return if r.points > input.loss {
                        Float::Down
                    } else {
                        Float::None
                    };
                }
                let Some(o) = r.opponent else {
                    return Float::None;
                };
                let (mine, theirs) = (score_before(p, back), score_before(&input.players[o], back));
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            };
            players.push(Info {
                id,
                score: score_before(p, 0),
                rank: rank - 1,
                pref,
                imbalance,
                repeated,
                strong: !absolute && imbalance > 0,
                eligible,
                played_games: p.rounds.iter().filter(|r| r.played).count() as u32,
                floats: [float(1), float(2)],
                sides,
            });
        }
        players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
        let vertex: HashMap<usize, usize> =
            players.iter().enumerate().map(|(v, p)| (p.id, v)).collect();
        let mut barred: Vec<Vec<usize>> = vec![Vec::new(); players.len()];
        for (id, p) in input.players.iter().enumerate() {
            let Some(&v) = vertex.get(&id) else { continue };
            let others = p
                .rounds
                .iter()
                .filter(|r| r.played)
                .filter_map(|r| r.opponent)
                .chain(p.forbidden.iter().copied());
            for o in others {
                if let Some(&u) = vertex.get(&o)
                    && !barred[v].contains(&u)
                {
                    barred[v].push(u);
                    barred[u].push(v);
                }
            }
        }
        // Score-indexed fields: the lowest score in the lowest bits, each as wide as its group.
        let mut shifts = HashMap::new();
        let mut width = 0;
        let mut largest = 0;
        let mut i = players.len();
        while i > 0 {
            let score = players[i - 1].score;
            let mut count = 0;
            while i > 0 && players[i - 1].score == score {
                count += 1;
                i -= 1;
            }
            shifts.insert(score, width);
            width += bits(count);
            largest = largest.max(count);
        }
        let last_round = input
            .planned_rounds
            .is_some_and(|planned| played_rounds + 1 >= planned);
        Context {
            players,
            barred,
            played_rounds,
            last_round,
            initial: input.initial,
            win: input.win,
            shifts,
            scores_width: width,
            group_bits: bits(largest),
        }
    }

    /// The bits below an edge weight's top field.
    fn width(&self) -> u32 {
        let (b, s) = (self.group_bits, self.scores_width);
        let floats = match self.played_rounds {
            0 => 0,
            1 => 2 * b + 2 * s,
            _ => 4 * b + 4 * s,
        };
        b + s + b + s + 2 * b + 4 * b + floats + 3 * b + 1 + self.tie_bits()
    }

    /// The lowest field: among pairings equal on every criterion, one close to the order the
    /// rules pick in is preferred, so that fixing that order mostly confirms the matching at
    /// hand instead of computing another. Its sum never reaches the field above it.
    fn tie_bits(&self) -> u32 {
        3 * bits(self.players.len()) + 1
    }

    /// `x` units of the field just above the lowest.
    fn unit<const L: usize>(&self, x: u64) -> Wide<L> {
        Wide::from_u64(x).shifted(self.tie_bits())
    }

    /// C1-C3 (and the pairs ruled out).
    fn compatible(&self, a: usize, b: usize) -> bool {
        if self.barred[a].contains(&b) {
            return false;
        }
        let (pa, pb) = (&self.players[a], &self.players[b]);
        let threshold = self.played_rounds as u32 * self.win / 2;
        !pa.absolute()
            || !pb.absolute()
            || pa.pref != pb.pref
            || (self.last_round && (pa.score > threshold || pb.score > threshold))
    }

    fn shift<const L: usize>(&self, w: Wide<L>, score: u32) -> Wide<L> {
        w + Wide::bit(self.shifts[&score])
    }

    /// [`Context::weight`] for one bracket's pairs, each player's share of the fields worked
    /// out once: a pair's weight is then a few additions.
    fn weigher<const L: usize>(
        &self,
        bye_score: u32,
        bye_rule: bool,
        played_ranks: &HashMap<u32, usize>,
    ) -> Weigher<L> {
        let (b, s) = (self.group_bits, self.scores_width);
        let backs = self.played_rounds.min(2);
        // Each field's lowest bit, from the shifts that follow it (see `weight`).
        let mut at = 3 * b + 1 + self.tie_bits();
        // Two fields of `width` bits per round looked back at, the last round's highest.
        let mut two_per_round = |width: u32| {
            let mut fields = [(0, 0); 2];
            for back in (0..backs).rev() {
                fields[back].1 = at;
                at += width;
                fields[back].0 = at;
                at += width;
            }
            fields
        };
        let fs = two_per_round(s);
        let fl = two_per_round(b);
        let mut colours = [0; 4];
        for c in colours.iter_mut().rev() {
            *c = at;
            at += b;
        }
        let c9 = at;
        at += 2 * b;
        let c8 = at;
        at += s;
        let c7 = at;
        at += b;
        let c6 = at;
        at += s;
        let c5 = at;
        at += b;
        let top = at;
        let n = self.players.len();
        let bit = |x: u32| Wide::<L>::bit(x);
        let small = |x: u64, at: u32| Wide::<L>::from_u64(x).shifted(at);
        let shift = |p: &Info| self.shifts[&p.score];
        let candidate = |p: &Info| p.eligible && p.score <= bye_score;
        let rank = |p: &Info| -> u64 {
            if bye_rule && p.score == bye_score {
                played_ranks[&p.played_games] as u64
            } else {
                0
            }
        };
        let mut w = Weigher {
            high_next: Vec::with_capacity(n),
            low_current: Vec::with_capacity(n),
            low_next: Vec::with_capacity(n),
            high_floats: Vec::with_capacity(n),
            pair_bits: [Wide::ZERO; 64],
            backs,
            bye_score,
            bye_rule,
            played_ranks: played_ranks.clone(),
        };
        for p in &self.players {
            let common = small(u64::from(!candidate(p)), top) + small(rank(p), c9);
            let mut high = common + bit(c6 + shift(p));
            let mut low = common + small(1, top) + bit(c5);
            let mut back_part = [Wide::ZERO; 2];
            for back in 0..backs {
                if p.floats[back] == Float::Down {
                    high = high + bit(fs[back].0 + shift(p));
                    low = low + bit(fl[back].0) + bit(fs[back].0 + shift(p));
                }
                back_part[back] = bit(fl[back].1) + bit(fs[back].1 + shift(p));
            }
            let mut floats = [high; 4];
            for (set, x) in floats.iter_mut().enumerate() {
                for (back, part) in back_part.iter().enumerate() {
                    if set & (1 << back) != 0 {
                        *x = *x + *part;
                    }
                }
            }
            w.high_floats.push(floats);
            w.high_next.push(common + bit(c8 + shift(p)));
            w.low_current.push(low);
            w.low_next.push(common + small(1, top) + bit(c7));
        }
        for (mask, x) in w.pair_bits.iter_mut().enumerate() {
            for (i, &c) in colours.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    *x = *x + bit(c);
                }
            }
            for (back, f) in fl.iter().enumerate().take(backs) {
                if mask & (1 << (4 + back)) != 0 {
                    *x = *x + bit(f.0);
                }
            }
        }
        w
    }

    /// [`Context::weight`] of `h` with `l` through the bracket's [`Weigher`].
    fn weigh<const L: usize>(&self, w: &Weigher<L>, h: usize, l: usize, current: bool) -> Wide<L> {
        if !self.compatible(h, l) {
            return Wide::ZERO;
        }
        if !current {
            return w.high_next[h] + w.low_next[l];
        }
        let (ph, pl) = (&self.players[h], &self.players[l]);
        let (p, o) = (pl, ph);
        let [c10, c11, c12, c13] = colour_criteria(p, o);
        let mut mask = usize::from(c10)
            | usize::from(c11) << 1
            | usize::from(c12) << 2
            | usize::from(c13) << 3;
        let higher = ph.score > pl.score;
        let mut floats = 0;
        for back in 0..w.backs {
            if ph.score <= pl.score && ph.floats[back] == Float::Down {
                mask |= 1 << (4 + back);
            }
            if !(higher && pl.floats[back] == Float::Up) {
                floats |= 1 << back;
            }
        }
        w.high_floats[h][floats] + w.low_current[l] + w.pair_bits[mask]
    }

    /// The weight of pairing `h` with `l` (`h` ranked higher) while pairing a bracket: the
    /// criteria of the bracket apply when `l` is in it, the next bracket's when `l` is there.
    #[allow(clippy::too_many_arguments)]
    fn weight<const L: usize>(
        &self,
        h: usize,
        l: usize,
        in_current: bool,
        in_next: bool,
        bye_score: u32,
        bye_rule: bool,
        played_ranks: &HashMap<u32, usize>,
    ) -> Wide<L> {
        if !self.compatible(h, l) {
            return Wide::ZERO;
        }
        let (b, s) = (self.group_bits, self.scores_width);
        let (ph, pl) = (&self.players[h], &self.players[l]);
        let candidate = |p: &Info| p.eligible && p.score <= bye_score;
        let mut r = Wide::from_u64(1 + u64::from(!candidate(ph)) + u64::from(!candidate(pl)));
        // C5, C6: pairs and their scores in this bracket.
        r = r.shifted(b).or(u64::from(in_current));
        r = r.shifted(s);
        if in_current {
            r = self.shift(r, ph.score);
        }
        // C7, C8: in the next bracket.
        r = r.shifted(b).or(u64::from(in_next));
        r = r.shifted(s);
        if in_next {
            r = self.shift(r, ph.score);
        }
        // C9: the bye's player with the fewest unplayed games.
        r = r.shifted(2 * b);
        if bye_rule {
            if ph.score == bye_score {
                r = r.or(played_ranks[&ph.played_games] as u64);
            }
            if pl.score == bye_score {
                r = r + Wide::from_u64(played_ranks[&pl.played_games] as u64);
            }
        }
        // C10-C13: colours.
        let (p, o) = (pl, ph);
        let [c10, c11, c12, c13] = colour_criteria(p, o);
        for c in [c10, c11, c12, c13] {
            r = r.shifted(b).or(u64::from(in_current && c));
        }
        // C14-C17: floats repeated from one and two rounds before.
        let higher = ph.score > pl.score;
        for back in 0..self.played_rounds.min(2) {
            r = r.shifted(b);
            if in_current {
                r = r.or(u64::from(pl.floats[back] == Float::Down));
                r = r + Wide::from_u64(u64::from(
                    ph.score <= pl.score && ph.floats[back] == Float::Down,
                ));
            }
            r = r.shifted(b);
            if in_current {
                r = r.or(u64::from(!(higher && pl.floats[back] == Float::Up)));
            }
        }
        // C18-C21: the scores of those floaters.
        for back in 0..self.played_rounds.min(2) {
            r = r.shifted(s);
            if in_current {
                if pl.floats[back] == Float::Down {
                    r = self.shift(r, pl.score);
                }
                if ph.floats[back] == Float::Down {
                    r = self.shift(r, ph.score);
                }
            }
            r = r.shifted(s);
            if in_current && !(pl.floats[back] == Float::Up && higher) {
                r = self.shift(r, ph.score);
            }
        }
        // Room for the order among equal pairings.
        r.shifted(3 * b + 1 + self.tie_bits())
    }

    fn run<const L: usize>(&self) -> Result<Vec<usize>, NoPairing> {
        let n = self.players.len();
        let b = self.group_bits;
        let score = |v: usize| self.players[v].score;
        let no_ranks = HashMap::new();
        let odd = n % 2 == 1;
        let top_score = score(0);
        let mut bye_score = 0;
        let mut bye_rule = false;
        let mut played_ranks = HashMap::new();
        if odd {
            let elig = |v: usize| u64::from(!self.players[v].eligible);
            let unset = Unset {
                weight: Box::new(|o: usize, p: usize| {
                    if self.compatible(o, p) {
                        Wide::from_u64(1 + elig(p) + elig(o))
                            .shifted(self.scores_width)
                            .or(u64::from(self.shifts[&score(p)] + self.shifts[&score(o)]))
                            .shifted(b)
                            .or(u64::from(score(p) >= top_score))
                            .shifted(self.tie_bits())
                    } else {
                        Wide::ZERO
                    }
                }),
                base: Wide::<L>::from_u64(1)
                    .shifted(self.scores_width + b)
                    .or(1)
                    .shifted(self.tie_bits()),
                own: (0..n)
                    .map(|v| {
                        Wide::from_u64(elig(v))
                            .shifted(self.scores_width)
                            .or(u64::from(self.shifts[&score(v)]))
                            .shifted(b + self.tie_bits())
                    })
                    .collect(),
            };
            let mut m = Matcher::<L>::new(self, unset);
            let first = m.compute();
            let left_over: Vec<usize> = (0..n).filter(|&v| first[v] == v).collect();
            if left_over.len() > 1 || left_over.iter().any(|&v| !self.players[v].eligible) {
                return Err(NoPairing::Impossible);
            }
            let unpaired = left_over[0];
            bye_score = score(unpaired);
            if bye_score >= top_score {
                bye_rule = (0..n)
                    .take_while(|&v| score(v) >= top_score)
                    .all(|v| score(first[v]) >= top_score);
            }
            // C9 ranks: the most games played first.
            let mut counts: Vec<u32> = (0..n)
                .filter(|&v| score(v) == bye_score)
                .map(|v| self.players[v].played_games)
                .collect();
            counts.sort_unstable_by(|a, b| b.cmp(a));
            for (rank, c) in counts.into_iter().enumerate() {
                played_ranks.insert(c, rank);
            }
        }
        let ranks = if odd { &played_ranks } else { &no_ranks };
        // Outside the brackets being paired, a pair weighs its top field (a pair, and which
        // players may still take the bye) and its C9 field (games played by the bye's player).
        let (default_score, default_rule) = (bye_score, bye_rule);
        let width = self.width();
        let below_c9 = width - 4 * b - 2 * self.scores_width;
        let own: Vec<Wide<L>> = (0..n)
            .map(|v| {
                let p = &self.players[v];
                let candidate = p.eligible && p.score <= default_score;
                let c9 = if default_rule && p.score == default_score {
                    ranks[&p.played_games] as u64
                } else {
                    0
                };
                Wide::from_u64(u64::from(!candidate)).shifted(width)
                    + Wide::from_u64(c9).shifted(below_c9)
            })
            .collect();
        let base = Wide::bit(width);
        let unset = Unset {
            weight: Box::new({
                let own = own.clone();
                move |o: usize, p: usize| {
                    let w = if self.compatible(o, p) {
                        base + own[o] + own[p]
                    } else {
                        Wide::ZERO
                    };
                    debug_assert_eq!(
                        w,
                        self.weight(o, p, false, false, default_score, default_rule, ranks)
                    );
                    w
                }
            }),
            base,
            own,
        };
        let mut m = Matcher::<L>::new(self, unset);
        if !odd {
            let first = m.compute();
            if (0..n).any(|v| first[v] == v) {
                return Err(NoPairing::Impossible);
            }
        }

        let mut partner = vec![usize::MAX; n];
        let mut matched = vec![false; n];
        // The bracket: moved-down players first, then residents, then the next score group.
        let mut bracket: Vec<usize> = (0..n).take_while(|&v| score(v) >= top_score).collect();
        let mut next = bracket.len();
        // Moved-down players in the bracket, and the vertex of the first resident.
        let mut movers = 0;
        let mut first_resident = 0;
        let mut stable: Vec<usize>;
        while bracket.len() > 1 || next < n {
            let size = bracket.len();
            let next_vertex = first_resident + (size - movers);
            let group_start = next;
            while next < n && score(next) >= score(group_start) {
                bracket.push(next);
                next += 1;
            }
            let in_bracket = |u: usize| u >= first_resident && u < next_vertex;
            // The pairs' weights: see `Bracket`. `crit(s, l)`: the criteria of the pair of the
            // bracket's s-th and l-th players (s < l), zero when ruled out.
            let weigher = self.weigher::<L>(bye_score, bye_rule, &played_ranks);
            m.begin(&bracket, movers, size, weigher, score);
            let crit = |m: &Matcher<'_, L>, s: usize, l: usize| {
                let b = m.bracket();
                b.criteria(&b.modes, s, l)
            };
            stable = m.compute();

            // Whether weights changed since the last matching was computed.
            let mut dirty = false;
            // Which moved-down players are paired (article 3.2: the highest first).
            let mut group_score = 0;
            let mut left = 0;
            let mut left_paired = 0;
            for i in 0..movers {
                let v = bracket[i];
                if i == 0 || score(v) < group_score {
                    group_score = score(v);
                    left = 0;
                    left_paired = 0;
                    let mut j = i;
                    while j < bracket.len() && score(bracket[j]) >= group_score {
                        left += 1;
                        if in_bracket(stable[bracket[j]]) {
                            left_paired += 1;
                        }
                        j += 1;
                    }
                }
                if left_paired == 0 {
                    continue;
                }
                if left <= left_paired {
                    matched[v] = true;
                    continue;
                }
                left -= 1;
                let residents = (movers..size).map(|o| (v, bracket[o]));
                if !in_bracket(stable[v]) {
                    m.change(residents.clone(), |modes| modes.mover[i] = Mover::Plus(1));
                    stable = m.compute();
                    dirty = false;
                }
                if in_bracket(stable[v]) {
                    matched[v] = true;
                    left_paired -= 1;
                    let units = (size - movers) as u64 + 1;
                    m.change(residents, |modes| modes.mover[i] = Mover::Plus(units));
                    dirty = true;
                }
            }
            // Their opponents: the highest resident possible.
            if dirty && (0..movers).any(|i| matched[bracket[i]]) {
                stable = m.compute();
            }
            for i in 0..movers {
                let v = bracket[i];
                if !matched[v] {
                    continue;
                }
                // The matching at hand stays the heaviest when it already gives `v` the
                // opponent the order raises most: no other can gain as much.
                let best = (movers..size)
                    .find(|&o| !matched[bracket[o]] && !crit(&m, i, o).is_zero())
                    .map(|o| bracket[o]);
                if best != Some(stable[v]) {
                    let mut rank = vec![0; bracket.len()];
                    let mut addend = bracket.len() as u64;
                    let mut pairs = Vec::new();
                    for o in (movers..size).rev() {
                        if matched[bracket[o]] || crit(&m, i, o).is_zero() {
                            continue;
                        }
                        rank[o] = addend;
                        addend += 1;
                        pairs.push((v, bracket[o]));
                    }
                    m.change(pairs, |modes| {
                        modes.mover[i] = Mover::Ranked;
                        modes.rank = rank;
                    });
                    stable = m.compute();
                }
                let u = stable[v];
                matched[u] = true;
                m.finalize(v, u);
            }

            // The remainder: S1 (its first `pairs` players) against S2.
            let mut remainder = Vec::new();
            let mut pairs = 0;
            for (i, &v) in bracket.iter().enumerate().take(size).skip(movers) {
                if stable[v] < first_resident {
                    continue;
                }
                remainder.push(i);
                if stable[v] < v {
                    pairs += 1;
                }
            }
            // Its order weighs its pairs from now on.
            let order_pairs = {
                let (bracket, remainder) = (&bracket, &remainder);
                move || {
                    (0..remainder.len()).flat_map(move |lower| {
                        remainder[..lower]
                            .iter()
                            .map(move |&pi| (bracket[pi], bracket[remainder[lower]]))
                    })
                }
            };
            m.change(order_pairs(), |modes| {
                modes.ordered = true;
                modes.pairs = pairs;
                for (pos, &pi) in remainder.iter().enumerate() {
                    modes.position[pi] = pos;
                }
            });
            stable = m.compute();
            // Paired with a lower player of the bracket: an S1 player; the others of the
            // remainder are S2 players, or S1 players exchanged.
            let pairs_down = |stable: &[usize], v: usize| stable[v] > v && stable[v] < next_vertex;
            let exchanged = |stable: &[usize], v: usize| !pairs_down(stable, v);
            let exchanges = remainder[..pairs]
                .iter()
                .filter(|&&pi| exchanged(&stable, bracket[pi]))
                .count();
            // The pairs of the remainder's player at `pos` with those after it.
            let later = |pos: usize| {
                let (bracket, remainder) = (&bracket, &remainder);
                remainder[pos + 1..]
                    .iter()
                    .map(move |&oi| (bracket[remainder[pos]], bracket[oi]))
            };
            // Article 3.3: the S1 players exchanged are the lowest possible...
            let mut remaining = exchanges;
            let mut pos = pairs;
            while pos != 0 && remaining > 0 {
                pos -= 1;
                let pi = remainder[pos];
                let v = bracket[pi];
                if !exchanged(&stable, v) {
                    m.change(later(pos), |modes| modes.trial[pi] = -1);
                    stable = m.compute();
                }
                let exchange = exchanged(&stable, v);
                remaining -= usize::from(exchange);
                m.change(later(pos), |modes| {
                    modes.trial[pi] = 0;
                    modes.cut_later[pi] |= exchange;
                });
            }
            // ...and the S2 players exchanged the highest possible.
            let mut remaining = exchanges;
            for pos in pairs..remainder.len() {
                if remaining <= 1 {
                    break;
                }
                let pi = remainder[pos];
                let v = bracket[pi];
                let already = pairs_down(&stable, v);
                if !already {
                    m.change(later(pos), |modes| modes.trial[pi] = 1);
                    stable = m.compute();
                }
                if pairs_down(&stable, v) {
                    remaining -= 1;
                    let before = remainder[..pos].iter().map(|&oi| (v, bracket[oi]));
                    let below = (size..bracket.len()).map(|o| (v, bracket[o]));
                    m.change(before.chain(below), |modes| {
                        modes.cut_earlier[pi] = true;
                        modes.cut_next[pi] = true;
                    });
                }
                if !already {
                    m.change(later(pos), |modes| modes.trial[pi] = 0);
                }
            }
            // Fix the exchanges found: S1 and S2 as they now are. Only pairs of an S1 player
            // with a lower S2 player remain; each S1 player's pairs keep the order's part of
            // their weight, the same for all of them, which every heaviest matching pays in
            // full (each S1 player is paired down), so it does not tell pairings apart.
            let in_s1 = remainder
                .iter()
                .filter(|&&pi| pairs_down(&stable, bracket[pi]))
                .count();
            let fixed_pairs = (0..remainder.len()).flat_map(later);
            m.change(fixed_pairs, |modes| {
                for &pi in &remainder {
                    let v = bracket[pi];
                    modes.cut_later[pi] |= exchanged(&stable, v);
                    modes.cut_earlier[pi] |= pairs_down(&stable, v);
                }
            });
            // The heaviest matching as the order's choices fix it (computed when there is an S1).
            let mut current = if in_s1 > 0 { m.compute() } else { Vec::new() };
            // Each S1 player, from the top, with the first S2 player possible.
            for &pi in &remainder {
                let v = bracket[pi];
                if !pairs_down(&stable, v) {
                    continue;
                }
                // The candidates, in order: the order raises the first one most. When the
                // matching at hand gives `v` that one (and it is raised at all), it stays the
                // heaviest and `v`'s opponent in every heaviest matching.
                let candidates: Vec<usize> = remainder
                    .iter()
                    .copied()
                    .filter(|&oi| oi > pi && !matched[bracket[oi]])
                    .collect();
                let best = candidates
                    .iter()
                    .position(|&oi| !crit(&m, pi, oi).is_zero())
                    .filter(|&k| k + 1 < candidates.len())
                    .map(|k| bracket[candidates[k]]);
                if best != Some(current[v]) {
                    let mut units = vec![u64::MAX; bracket.len()];
                    for (addend, &oi) in candidates.iter().rev().enumerate() {
                        units[oi] = addend as u64;
                    }
                    let pairs = candidates.iter().rev().map(|&oi| (v, bracket[oi]));
                    m.change(pairs, |modes| {
                        modes.last = pi;
                        modes.last_units = units;
                    });
                    current = m.compute();
                }
                stable = current.clone();
                let u = stable[v];
                matched[v] = true;
                matched[u] = true;
                m.finalize(v, u);
            }

            // The next bracket: who is left, then the next score group.
            let mut following = Vec::new();
            let mut left_over = 0;
            bye_rule = odd && group_start < n && bye_score >= score(group_start);
            for (i, &v) in bracket.iter().enumerate() {
                if i < size && matched[v] {
                    partner[v] = stable[v];
                    partner[stable[v]] = v;
                } else {
                    following.push(v);
                    if i < size {
                        left_over += 1;
                    }
                    if group_start < n && score(stable[v]) < score(group_start) {
                        bye_rule = false;
                    }
                }
            }
            bracket = following;
            movers = left_over;
            first_resident = next_vertex;
        }
        #[cfg(test)]
        STORED.with(|s| s.set(m.m.stored_edges()));
        Ok(partner)
    }

    /// Article 5: the colour of `p` against `o`.
    fn colour(&self, p: usize, o: usize) -> Colour {
        let (a, b) = (&self.players[p], &self.players[o]);
        if let Some(c) = neutral_colour(a, b) {
            return c;
        }
        // `a` ranks below `b`.
        let below = (a.score, b.rank) < (b.score, a.rank);
        let initial = self.initial;
        match a.pref {
            None => {
                let (higher_rank, higher_gets) = if below {
                    (b.rank, false)
                } else {
                    (a.rank, true)
                };
                // The higher-ranked player gets the initial colour on an odd pairing number.
                let to_higher = if higher_rank % 2 == 0 {
                    initial
                } else {
                    initial.other()
                };
                if higher_gets {
                    to_higher
                } else {
                    to_higher.other()
                }
            }
            Some(pref) => {
                if below {
                    b.pref.map(Colour::other).unwrap_or(pref)
                } else {
                    pref
                }
            }
        }
    }

    fn result(&self, partner: &[usize]) -> Pairing {
        let mut out = Pairing::default();
        let mut boards = Vec::new();
        for (v, &u) in partner.iter().enumerate() {
            if u == usize::MAX || u == v {
                out.bye = Some(self.players[v].id);
                continue;
            }
            // Each pair once, coloured from the player first in the input.
            let (x, y) = (self.players[v].id, self.players[u].id);
            if x < y {
                let white = if self.colour(v, u) == Colour::White {
                    v
                } else {
                    u
                };
                boards.push((v, u, white));
            }
        }
        // Boards: by the higher score in the pair, then the lower, then the higher player's
        // pairing number.
        let key = |v: usize| {
            (
                std::cmp::Reverse(self.players[v].score),
                self.players[v].rank,
            )
        };
        boards.sort_by_key(|&(v, u, _)| {
            let (h, l) = if key(v) < key(u) { (v, u) } else { (u, v) };
            (key(h).0, key(l).0, self.players[h].rank)
        });
        out.boards = boards
            .into_iter()
            .map(|(v, u, white)| {
                let black = if white == v { u } else { v };
                (self.players[white].id, self.players[black].id)
            })
            .collect();
        out
    }
}

/// One bracket's share of each player in the fields of a pair's weight (see
/// [`Context::weigher`]): as the higher player and as the lower, with the lower in the bracket
/// or in the next score group; the float fields a pair sets when the lower player did not float
/// up to the higher; and the colour and float bits that depend on both, by mask.
struct Weigher<const L: usize> {
    high_next: Vec<Wide<L>>,
    low_current: Vec<Wide<L>>,
    low_next: Vec<Wide<L>>,
    /// `high_current` with the float fields of the rounds (bits of the index) where the lower
    /// player did not float up to this one.
    high_floats: Vec<[Wide<L>; 4]>,
    pair_bits: [Wide<L>; 64],
    backs: usize,
    /// What the weights were worked out for (checked against `Context::weight` in debug builds).
    bye_score: u32,
    bye_rule: bool,
    played_ranks: HashMap<u32, usize>,
}

/// C10-C13 for the lower player `p` against the higher `o`: whether the pair meets each.
fn colour_criteria(p: &Info, o: &Info) -> [bool; 4] {
    let same = p.pref == o.pref;
    let c10 = !p.absolute_imbalance() || !o.absolute_imbalance() || !same;
    let c11 = !p.absolute()
        || !o.absolute()
        || !same
        || if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let lesser = if p.imbalance > o.imbalance { o } else { p };
            lesser.repeated != invert(p.pref)
        };
    let c12 = compatible_preferences(p.pref, o.pref);
    let c13 = (!p.strong && !p.absolute())
        || (!o.strong && !o.absolute())
        || (p.absolute() && o.absolute())
        || !same;
    [c10, c11, c12, c13]
}

/// Article 5.2: the colour of `a` against `b` when preferences decide it.
fn neutral_colour(a: &Info, b: &Info) -> Option<Colour> {
    if compatible_preferences(a.pref, b.pref) {
        return a.pref.or(invert(b.pref));
    }
    if a.absolute() && (a.imbalance > b.imbalance || !b.absolute()) {
        return a.pref;
    }
    if b.absolute() && (b.imbalance > a.imbalance || !a.absolute()) {
        return invert(b.pref);
    }
    if a.strong && !b.strong {
        return a.pref;
    }
    if b.strong && !a.strong {
        return invert(b.pref);
    }
    // The latest round, going back through the games played, when their sides differed.
    a.sides
        .iter()
        .zip(b.sides.iter())
        .find(|(x, y)| x != y)
        .map(|(_, &y)| y)
}

/// How a moved-down player's pairs with the bracket's residents weigh (their criteria, plus):
/// the first weights' lowest field, `x` units of the field above it, or units by the
/// residents' order (see [`Modes::rank`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mover {
    First,
    Plus(u64),
    Ranked,
}

/// The choices made so far in a bracket, as far as they change its pairs' weights: each is a
/// property of one player (by place in the bracket), so the weights of all the bracket's pairs
/// follow from a list as long as the bracket.
#[derive(Clone, Default)]
struct Modes {
    mover: Vec<Mover>,
    /// For the moved-down player whose pairs are `Ranked`: units per resident.
    rank: Vec<u64>,
    /// Whether the remainder's order weighs its pairs (article 3 onwards).
    ordered: bool,
    /// Per place: its position in the remainder (`NONE`: not in it); S1 has `pairs` players.
    position: Vec<usize>,
    pairs: usize,
    /// Pairs ruled out: with the remainder's players after, or before, this one; with the next
    /// score group.
    cut_later: Vec<bool>,
    cut_earlier: Vec<bool>,
    cut_next: Vec<bool>,
    /// Units added to (or taken from) the pairs with the remainder's players after this one,
    /// while a choice is tried.
    trial: Vec<i64>,
    /// The S1 player being given its opponent (`NONE`: none), and the units per candidate.
    last: usize,
    last_units: Vec<u64>,
}

const NONE: usize = usize::MAX;

/// The weight of every pair of the bracket being paired, from its players' criteria and the
/// choices made so far ([`Modes`]): the matching asks for them ([`Dense`]) instead of storing
/// one weight per pair.
struct Bracket<'c, const L: usize> {
    ctx: &'c Context,
    weigher: Option<Weigher<L>>,
    /// The bracket's players, and each vertex's place among them (`NONE`: not in it).
    players: Vec<usize>,
    place: Vec<usize>,
    /// Moved-down players come first, residents up to `size`, then the next score group.
    movers: usize,
    size: usize,
    /// Pairs of moved-down players keep the weight they had when the bracket above ended.
    kept: HashMap<(usize, usize), Wide<L>>,
    modes: Modes,
}

impl<'c, const L: usize> Bracket<'c, L> {
    fn new(ctx: &'c Context) -> Self {
        Bracket {
            ctx,
            weigher: None,
            players: Vec::new(),
            place: vec![NONE; ctx.players.len()],
            movers: 0,
            size: 0,
            kept: HashMap::new(),
            modes: Modes::default(),
        }
    }

    /// The lowest field: a pair `distance` away from the one the rules' order would pick first
    /// weighs that much less (never below zero, its sum below the field above).
    fn preferred(&self, distance: usize) -> Wide<L> {
        Wide::from_u64((self.size - distance.min(self.size)) as u64)
    }

    fn in_remainder(&self, modes: &Modes, place: usize) -> bool {
        modes.ordered && modes.position[place] != NONE
    }

    /// The criteria of the pair at places `s < l` (zero: ruled out).
    fn criteria(&self, modes: &Modes, s: usize, l: usize) -> Wide<L> {
        if l >= self.size && s >= self.movers && s < self.size && modes.cut_next[s] {
            return Wide::ZERO;
        }
        if l < self.size
            && self.in_remainder(modes, s)
            && self.in_remainder(modes, l)
            && (modes.cut_later[s] || modes.cut_earlier[l])
        {
            return Wide::ZERO;
        }
        let weigher = self.weigher.as_ref().expect("a bracket");
        let (h, l, current) = (self.players[s], self.players[l], l < self.size);
        let w = self.ctx.weigh(weigher, h, l, current);
        debug_assert_eq!(
            w,
            self.ctx.weight(
                h,
                l,
                current,
                !current,
                weigher.bye_score,
                weigher.bye_rule,
                &weigher.played_ranks
            )
        );
        w
    }

    /// The bracket's first weights: criteria, and among residents (and moved-down players
    /// with residents) the lowest field.
    fn first(&self, modes: &Modes, s: usize, l: usize) -> Wide<L> {
        let w = self.criteria(modes, s, l);
        if l >= self.size || w.is_zero() {
            return w;
        }
        let half = (self.size - self.movers) / 2;
        w + self.preferred(if s < self.movers {
            l - self.movers
        } else {
            (l - s).abs_diff(half)
        })
    }

    /// The remainder's order (see `Context::run`): S1 players paired down, the highest first,
    /// S1's i-th player against S2's i-th preferred.
    fn order(&self, modes: &Modes, s: usize, l: usize) -> Wide<L> {
        let w = self.criteria(modes, s, l);
        if w.is_zero() {
            return w;
        }
        let (pos, lower, pairs) = (modes.position[s], modes.position[l], modes.pairs);
        let b = self.ctx.group_bits;
        let addend =
            Wide::<L>::from_u64(u64::from(pos < pairs)).shifted(2 * b) - Wide::from_u64(pos as u64);
        let tie = if pos < pairs && lower >= pairs {
            self.preferred((lower - pairs).abs_diff(pos))
        } else {
            Wide::ZERO
        };
        w + addend.shifted(1 + self.ctx.tie_bits()) + tie
    }

    /// The weight of the pair `i`, `j` of the bracket as `modes` leave it.
    fn weight_in(&self, modes: &Modes, i: usize, j: usize) -> Wide<L> {
        let (a, b) = (self.place[i], self.place[j]);
        debug_assert!(a != NONE && b != NONE, "both in the bracket");
        let (s, l) = (a.min(b), a.max(b));
        let unit = |x: u64| self.ctx.unit::<L>(x);
        if l < self.movers {
            return self
                .kept
                .get(&(i.min(j), i.max(j)))
                .copied()
                .unwrap_or(Wide::ZERO);
        }
        if s < self.movers {
            if l >= self.size {
                return self.criteria(modes, s, l);
            }
            return match modes.mover[s] {
                Mover::First => self.first(modes, s, l),
                Mover::Plus(x) => self.raised(modes, s, l, unit(x)),
                Mover::Ranked => self.raised(modes, s, l, unit(modes.rank[l])),
            };
        }
        if l >= self.size || !self.in_remainder(modes, s) || !self.in_remainder(modes, l) {
            return self.first(modes, s, l);
        }
        if modes.last == s && modes.last_units[l] != u64::MAX {
            return self.raised(modes, s, l, unit(modes.last_units[l]));
        }
        let w = self.order(modes, s, l);
        match modes.trial[s] {
            t if w.is_zero() || t == 0 => w,
            t if t > 0 => w + unit(t as u64),
            t => w - unit(t.unsigned_abs()),
        }
    }

    /// The criteria of the pair at places `s < l` plus `extra`, or zero.
    fn raised(&self, modes: &Modes, s: usize, l: usize, extra: Wide<L>) -> Wide<L> {
        let w = self.criteria(modes, s, l);
        if w.is_zero() { w } else { w + extra }
    }
}

impl<const L: usize> Dense<L> for Bracket<'_, L> {
    fn weight(&self, i: usize, j: usize) -> Wide<L> {
        self.weight_in(&self.modes, i, j)
    }
}

/// The weights of the pairs, and their heaviest matching, kept from one choice to the next.
/// Pairs made for good leave the graph. The pairs of the bracket being paired weigh what
/// [`Bracket`] says; the others weigh what `unset` says, unless given a weight: at first only
/// each player's nearest neighbours in the order are in the graph; the others join when the
/// duals show they might make the matching heavier.
struct Matcher<'c, const L: usize> {
    m: Matching<L, Bracket<'c, L>>,
    fixed: Vec<usize>,
    unset: Unset<'c, L>,
}

/// Each player's edges to this many players after them are in the graph from the start.
const NEIGHBOURS: usize = 4;

#[cfg(test)]
thread_local! {
    /// The edges the last pairing of this thread stored.
    static STORED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl<'c, const L: usize> Matcher<'c, L> {
    fn new(ctx: &'c Context, unset: Unset<'c, L>) -> Self {
        let n = ctx.players.len();
        let mut m = Matching::with_dense(n, Bracket::new(ctx));
        for i in 0..n {
            for j in i + 1..n.min(i + 1 + NEIGHBOURS) {
                m.set(i, j, (unset.weight)(i, j));
            }
        }
        Matcher {
            m,
            fixed: vec![usize::MAX; n],
            unset,
        }
    }

    /// Starts pairing the bracket `players` (moved-down players, residents up to `size`, then
    /// the next score group): each is set free and its pairs with the others weigh the
    /// bracket's first weights. Pairs of moved-down players keep their weights.
    fn begin(
        &mut self,
        players: &[usize],
        movers: usize,
        size: usize,
        weigher: Weigher<L>,
        group: impl Fn(usize) -> u32,
    ) {
        for &v in players {
            self.free_in(v, group(v));
        }
        let bracket = &mut self.m.dense;
        let mut kept = HashMap::new();
        for (a, &x) in players.iter().enumerate().take(movers) {
            for &y in &players[a + 1..movers] {
                let w = bracket.weight(x.min(y), x.max(y));
                if !w.is_zero() {
                    kept.insert((x.min(y), x.max(y)), w);
                }
            }
        }
        for &v in &bracket.players {
            bracket.place[v] = NONE;
        }
        for (i, &v) in players.iter().enumerate() {
            bracket.place[v] = i;
        }
        let len = players.len();
        bracket.players = players.to_vec();
        bracket.movers = movers;
        bracket.size = size;
        bracket.kept = kept;
        bracket.weigher = Some(weigher);
        bracket.modes = Modes {
            mover: vec![Mover::First; len],
            rank: vec![0; len],
            ordered: false,
            position: vec![NONE; len],
            pairs: 0,
            cut_later: vec![false; len],
            cut_earlier: vec![false; len],
            cut_next: vec![false; len],
            trial: vec![0; len],
            last: NONE,
            last_units: vec![u64::MAX; len],
        };
        for &v in players {
            self.m.activate(v);
        }
    }

    /// The bracket's weights as they are.
    fn bracket(&self) -> &Bracket<'c, L> {
        &self.m.dense
    }

    /// Changes the bracket's choices by `update`, then tells the matching of the weights of
    /// `pairs` (each set free at its first vertex when the duals no longer pay for it).
    fn change(
        &mut self,
        pairs: impl IntoIterator<Item = (usize, usize)>,
        update: impl FnOnce(&mut Modes),
    ) {
        let before = self.m.dense.modes.clone();
        update(&mut self.m.dense.modes);
        for (a, b) in pairs {
            if self.fixed[a] != usize::MAX || self.fixed[b] != usize::MAX {
                continue;
            }
            let (i, j) = (a.min(b), a.max(b));
            let old = self.m.dense.weight_in(&before, i, j);
            let new = self.m.dense.weight(i, j);
            self.m.reweigh(a, b, old, new);
        }
    }

    fn free_in(&mut self, v: usize, group: u32) {
        if self.fixed[v] == usize::MAX {
            self.m.free_in(v, group);
        }
    }

    /// The heaviest matching, pairs made for good included.
    fn compute(&mut self) -> Vec<usize> {
        let mut out = self.m.compute(&self.unset);
        for (v, &f) in self.fixed.iter().enumerate() {
            if f != usize::MAX {
                out[v] = f;
            }
        }
        out
    }

    /// Pairs `a` with `b` for good.
    fn finalize(&mut self, a: usize, b: usize) {
        self.fixed[a] = b;
        self.fixed[b] = a;
        self.m.remove_pair(a, b);
    }
}

/// The pairing input for `round` (1-based) of a TRF: the rounds before it, and who is to be
/// paired in it: everyone whose cell in that round is not a bye asked for or a blank, and in
/// the round after the file's last, everyone without a bye asked for.
pub fn input_from_trf(trf: &Trf, round: usize) -> Input {
    input_from_trf_with(trf, round, initial_colour(trf))
}

fn input_from_trf_with(trf: &Trf, round: usize, initial: Colour) -> Input {
    let mut players: Vec<&super::trf::Player> = trf.players.iter().collect();
    players.sort_by_key(|p| p.number);
    let index: HashMap<u32, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    let convert = |c: Cell| -> Round {
        let opponent = c.opponent.and_then(|o| index.get(&o).copied());
        let paired =
            opponent.is_some() || matches!(c.outcome, Outcome::PairingBye | Outcome::ForfeitWin);
        Round {
            opponent,
            colour: if c.outcome.played() { c.colour } else { None },
            played: c.outcome.played() && opponent.is_some(),
            points: c.outcome.half_points(),
            paired,
        }
    };
    let players = players
        .iter()
        .map(|p| {
            let rounds = (1..round)
                .map(|r| convert(p.rounds.get(r - 1).copied().unwrap_or(Cell::ABSENT)))
                .collect();
            let now = p.rounds.get(round - 1).copied().unwrap_or(Cell::ABSENT);
            let available = match now.outcome {
                Outcome::HalfBye | Outcome::ZeroBye | Outcome::FullBye => false,
                // A blank: absent from a round the file has, to be paired in the next one.
                Outcome::Absent => now.opponent.is_some() || round > trf.rounds(),
                _ => true,
            };
            Player {
                rounds,
                available,
                forbidden: Vec::new(),
            }
        })
        .collect();
    Input {
        initial,
        win: 2,
        loss: 0,
        players,
        planned_rounds: trf
            .planned_rounds
            .map(|r| r as usize)
            .or(Some(trf.rounds()).filter(|&r| r >= round)),
    }
}

/// The colour drawn for the first player, as round 1 of a TRF shows it: on its first board the
/// higher-ranked player has it when their effective pairing number is odd, the other colour
/// otherwise. White when the file has no round yet.
pub fn initial_colour(trf: &Trf) -> Colour {
    let round1 = recorded_pairing(trf, 1);
    let input = input_from_trf_with(trf, 1, Colour::White);
    let mut rank = 0;
    let mut ranks = vec![None; input.players.len()];
    for (i, p) in input.players.iter().enumerate() {
        if p.available {
            ranks[i] = Some(rank);
            rank += 1;
        }
    }
    round1
        .boards
        .iter()
        .filter_map(|&(w, b)| {
            let (higher, colour) = if w < b {
                (w, Colour::White)
            } else {
                (b, Colour::Black)
            };
            ranks[higher].map(|r| (higher, if r % 2 == 0 { colour } else { colour.other() }))
        })
        .min_by_key(|&(higher, _)| higher)
        .map_or(Colour::White, |(_, c)| c)
}

/// The pairing a TRF records for `round` (1-based): its boards (forfeits included) and the
/// pairing-allocated bye, as indices in pairing-number order.
pub fn recorded_pairing(trf: &Trf, round: usize) -> Pairing {
    let mut players: Vec<&super::trf::Player> = trf.players.iter().collect();
    players.sort_by_key(|p| p.number);
    let index: HashMap<u32, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    let mut out = Pairing::default();
    for (i, p) in players.iter().enumerate() {
        let Some(cell) = p.rounds.get(round - 1) else {
            continue;
        };
        if cell.outcome == Outcome::PairingBye {
            out.bye = Some(i);
        }
        if let (Some(o), Some(Colour::White)) =
            (cell.opponent.and_then(|o| index.get(&o)), cell.colour)
        {
            out.boards.push((i, *o));
        }
    }
    out
}

/// A round whose recorded pairing is not the Dutch system's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    pub round: usize,
    /// The Dutch system's pairing (or none when it finds no valid pairing).
    pub expected: Option<Pairing>,
    pub recorded: Pairing,
}

/// Re-pairs every round of a TRF from the rounds before it and lists the rounds paired
/// otherwise (boards compared as sets, with their colours).
pub fn check(trf: &Trf) -> Vec<Difference> {
    let mut out = Vec::new();
    for round in 1..=trf.rounds() {
        let recorded = recorded_pairing(trf, round);
        let expected = pair(&input_from_trf(trf, round)).ok();
        let same = expected.as_ref().is_some_and(|e| {
            let mut a = e.boards.clone();
            let mut b = recorded.boards.clone();
            a.sort_unstable();
            b.sort_unstable();
            a == b && e.bye == recorded.bye
        });
        if !same {
            out.push(Difference {
                round,
                expected,
                recorded,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh(n: usize) -> Input {
        Input {
            players: vec![
                Player {
                    available: true,
                    ..Player::default()
                };
                n
            ],
            planned_rounds: Some(5),
            initial: Colour::White,
            win: 2,
            loss: 0,
        }
    }

    fn game(opponent: usize, colour: Colour, points: u32) -> Round {
        Round {
            opponent: Some(opponent),
            colour: Some(colour),
            played: true,
            points,
            paired: true,
        }
    }

    #[test]
    fn pairing_a_round_stores_a_few_edges_per_player_not_one_per_pair_of_a_score_group() {
        use super::super::generator::{Params, generate};
        for players in [300, 400] {
            let trf = generate(&Params {
                players,
                rounds: 2,
                seed: 3,
                draws: 0.3,
                forfeits: 0.02,
                byes: 0.02,
            })
            .unwrap();
            let input = input_from_trf(&trf, 3);
            let ctx = Context::new(&input);
            let mut groups: HashMap<u32, usize> = HashMap::new();
            for p in &ctx.players {
                *groups.entry(p.score).or_default() += 1;
            }
            let largest = groups.values().copied().max().unwrap();
            // Storing every pair of the largest score group alone would take twice the edges
            // allowed below.
            assert!(
                largest * (largest - 1) / 2 > 2 * (NEIGHBOURS + 1) * players,
                "{groups:?}"
            );
            pair(&input).unwrap();
            let stored = STORED.with(|s| s.get());
            assert!(
                stored <= (NEIGHBOURS + 1) * players,
                "{stored} edges for {players} players"
            );
        }
    }

    #[test]
    fn round_one_pairs_the_top_half_against_the_bottom_half_alternating_colours() {
        let p = pair(&fresh(8)).unwrap();
        assert_eq!(p.boards, [(0, 4), (5, 1), (2, 6), (7, 3)]);
        assert_eq!(p.bye, None);
        let mut black_first = fresh(8);
        black_first.initial = Colour::Black;
        assert_eq!(
            pair(&black_first).unwrap().boards,
            [(4, 0), (1, 5), (6, 2), (3, 7)]
        );
    }

    #[test]
    fn the_bye_goes_to_the_lowest_player_who_may_have_it_and_absent_players_are_left_out() {
        let mut input = fresh(6);
        input.players[5].available = false;
        assert_eq!(pair(&input).unwrap().bye, Some(4));
        // Player 5 had the pairing's bye in round 1: the next lowest of the lowest score gets it.
        input.players[4].rounds = vec![Round {
            points: 2,
            paired: true,
            ..Round::ABSENT
        }];
        for (i, o) in [(0, 2), (1, 3)] {
            input.players[i].rounds = vec![game(o, Colour::White, 0)];
            input.players[o].rounds = vec![game(i, Colour::Black, 2)];
        }
        input.players[5].rounds = vec![Round::ABSENT];
        let p = pair(&input).unwrap();
        assert_eq!(p.bye, Some(1), "{p:?}");
        assert!(p.boards.iter().all(|&(w, b)| w != 5 && b != 5));
    }

    #[test]
    fn no_rematch_no_pair_ruled_out_and_a_round_that_cannot_be_paired_says_so() {
        let mut input = fresh(4);
        input.players[0].forbidden = vec![2];
        input.players[1].forbidden = vec![3];
        let p = pair(&input).unwrap();
        let mut met: Vec<(usize, usize)> = p
            .boards
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        met.sort_unstable();
        assert_eq!(met, [(0, 3), (1, 2)]);
        let mut two = fresh(2);
        two.players[0].rounds = vec![game(1, Colour::White, 2)];
        two.players[1].rounds = vec![game(0, Colour::Black, 0)];
        assert_eq!(pair(&two), Err(NoPairing::Impossible));
        // A forfeit is not a game met: the two may be paired again.
        two.players[0].rounds[0].played = false;
        two.players[1].rounds[0].played = false;
        assert!(pair(&two).is_ok());
    }

    #[test]
    fn a_round_too_wide_for_the_weights_is_refused_not_paired_wrong() {
        // 800 players on 800 different scores after two rounds: one score group each, more
        // fields than fit.
        let mut input = fresh(800);
        for (i, p) in input.players.iter_mut().enumerate() {
            p.rounds = vec![
                Round {
                    points: i as u32,
                    ..Round::ABSENT
                },
                Round::ABSENT,
            ];
        }
        assert!(matches!(pair(&input), Err(NoPairing::TooLarge(bits)) if bits > 4096));
    }

    #[test]
    fn a_player_who_had_the_same_side_twice_gets_the_other() {
        let mut input = fresh(4);
        input.players[0].rounds = vec![game(2, Colour::White, 2), game(3, Colour::White, 2)];
        input.players[1].rounds = vec![game(3, Colour::Black, 2), game(2, Colour::White, 2)];
        input.players[2].rounds = vec![game(0, Colour::Black, 0), game(1, Colour::Black, 0)];
        input.players[3].rounds = vec![game(1, Colour::White, 0), game(0, Colour::Black, 0)];
        let p = pair(&input).unwrap();
        // 1 and 2 lead with 2/2: 1 (white twice) must have black.
        assert!(p.boards.contains(&(1, 0)), "{p:?}");
    }
}
