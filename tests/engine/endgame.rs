//! The endgame tables against an exhaustive search of the game tree, and against their own
//! construction (`docs/engine.md`, "Endgame tables").

use std::collections::HashMap;
use std::rc::Rc;

use oware_tournament::engine::endgame::{
    Bounds, Score, Step, Table, build, extremes, from_moves, slot, step, table_rules, terminal,
};
use oware_tournament::engine::{Position, Preset, Rules, Side};

/// The pits and side to move: what a repetition compares.
type Key = ([u8; 12], Side);

fn key(pos: &Position) -> Key {
    (pos.pits(), pos.to_move())
}

/// The exhaustive search: every line played out; a line that repeats a position since the last
/// capture (the history kept along the line) ends there under rules with a repetition end;
/// under rules without one it would go on forever, and is scored against `loser` (the board's
/// seeds all to the other player). Alpha-beta with a null window asks one question of a
/// position with no history: is its value above a score? Nothing is remembered but what such
/// questions showed, used only where it holds whatever the history: after a capture (which
/// starts the history afresh), and as [`Search::whatever_came_before`] says. The moves are
/// tried in the order a [`Plan`] gives, which changes what is pruned, not the answer; with no
/// plan, in the order of the table's bounds.
struct Search<'t> {
    rules: Rules,
    table: &'t Table,
    loser: Side,
    /// What searches from a position with no history have shown of its value.
    shown: HashMap<Key, Bounds>,
    /// Each layer's moves, and the games of reaching solved on them, for the plans.
    layers: HashMap<u8, LayerMoves>,
    games: HashMap<(u8, Side, u8), Rc<Vec<u32>>>,
    /// Per seed count, the values a position of that many seeds can have, lowest first.
    values: Vec<Vec<Score>>,
    /// Positions visited by the question asked last, and the most one question may visit.
    nodes: u64,
    budget: u64,
}

/// A question that visited more positions than its budget.
#[derive(Debug)]
struct TooLong;

/// How a search from a position with no history orders its moves: the side expected to prove
/// the answer (`prover`, ending with at least `t`, a score's byte) tries first the moves a
/// game of reaching ([`reaching`], solved on the same layer) says keep it on course: to a
/// position of lower rank, or, when it keeps the other side out of that game's positions
/// (`keeps_out`, under rules without a repetition end), to a position the other cannot make
/// sure of its threshold from. Moves that close a line in the prover's favour come first. There
/// is no plan where neither side can make sure of it.
struct Plan {
    prover: Side,
    t: u8,
    rank: Rc<Vec<u32>>,
    keeps_out: bool,
}

impl Search<'_> {
    fn new(table: &Table, loser: Side) -> Search<'_> {
        let rules = table.rules();
        let values = (0..=table.seeds)
            .map(|n| {
                let e = extremes(&rules, n);
                let m = i32::from(n);
                [Score::LOST]
                    .into_iter()
                    .chain((-m..=m).map(Score::margin))
                    .chain([Score::WON])
                    .filter(|&c| e.low <= c && c <= e.high)
                    .collect()
            })
            .collect();
        Search {
            rules,
            table,
            loser,
            shown: HashMap::new(),
            layers: HashMap::new(),
            games: HashMap::new(),
            values,
            nodes: 0,
            budget: BUDGETS[0],
        }
    }

    /// Whether the value of `pos`, with no history, is above `x` (a score's byte): one
    /// question, with a budget of its own.
    fn ask(&mut self, pos: &Position, x: u8) -> Result<bool, TooLong> {
        self.nodes = 0;
        self.above(pos, x)
    }

    fn above(&mut self, pos: &Position, x: u8) -> Result<bool, TooLong> {
        let k = key(pos);
        let known = self
            .shown
            .get(&k)
            .copied()
            .unwrap_or_else(|| extremes(&self.rules, pos.board_total()));
        if known.low.byte() > x {
            return Ok(true);
        }
        if known.high.byte() <= x {
            return Ok(false);
        }
        let plan = self.plan(pos, x);
        let v = self.line(
            pos,
            &mut vec![k],
            i32::from(x),
            i32::from(x) + 1,
            plan.as_ref(),
        )?;
        let above = v.byte() > x;
        let b = self.shown.entry(k).or_insert(known);
        if above {
            b.low = b.low.max(Score::from_byte(x + 1));
        } else {
            b.high = b.high.min(Score::from_byte(x));
        }
        Ok(above)
    }

    /// The side a line that goes on forever counts against, under rules without a repetition
    /// end.
    fn forever(&self) -> Option<Side> {
        (!self.rules.repetition_ends).then_some(self.loser)
    }

    fn game(&mut self, n: u8, g: Side, t: u8) -> Rc<Vec<u32>> {
        let (table, loser) = (self.table, self.forever());
        let rules = &self.rules;
        let moves = self
            .layers
            .entry(n)
            .or_insert_with(|| layer_moves(rules, table, n, |q| smaller(table, loser, q)));
        self.games
            .entry((n, g, t))
            .or_insert_with(|| Rc::new(reaching(moves, g, t)))
            .clone()
    }

    /// The plan for the question "above `x`?" of `pos`.
    fn plan(&mut self, pos: &Position, x: u8) -> Option<Plan> {
        let (s, n) = (pos.to_move(), pos.board_total());
        let i = slot(&pos.pits(), s);
        if self.rules.repetition_ends {
            // The side to move makes sure of more than `x`, or the other of the rest.
            for (g, t) in [(s, x + 1), (s.other(), 128 - x)] {
                let rank = self.game(n, g, t);
                if rank[i] != u32::MAX {
                    return Some(Plan {
                        prover: g,
                        t,
                        rank,
                        keeps_out: false,
                    });
                }
            }
            None
        } else {
            // `loser` makes sure of its threshold, or the other keeps it out for ever.
            let l = self.loser;
            let t = if s == l { x + 1 } else { 128 - x };
            let rank = self.game(n, l, t);
            let keeps_out = rank[i] == u32::MAX;
            Some(Plan {
                prover: if keeps_out { l.other() } else { l },
                t: if keeps_out { 129 - t } else { t },
                rank,
                keeps_out,
            })
        }
    }

    /// The value of `pos` after `line` if it lies strictly within `alpha..beta` (bytes of
    /// scores, one apart); otherwise a bound beyond the window.
    fn line(
        &mut self,
        pos: &Position,
        line: &mut Vec<Key>,
        mut alpha: i32,
        beta: i32,
        plan: Option<&Plan>,
    ) -> Result<Score, TooLong> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(TooLong);
        }
        if let Some(s) = terminal(&self.rules, pos) {
            return Ok(s);
        }
        // Each move's place in the order, worked out once (a sort asks for it again and again).
        let mut moves: Vec<_> = self
            .rules
            .legal_moves(pos)
            .iter()
            .filter_map(|&mv| step(&self.rules, pos, mv))
            .map(|(played, s)| {
                let at = self.order(plan, pos, line, beta, played.captured, &s);
                (at, played, s)
            })
            .collect();
        moves.sort_by_key(|&(at, ..)| at);
        let mut best: Option<Score> = None;
        for (_, played, s) in moves {
            let score = match s {
                Step::Ends(score) => score,
                Step::GoesOn {
                    position, delta, ..
                } if played.captured != [0, 0] => self.after_capture(&position, delta, beta)?,
                Step::GoesOn {
                    position, repeat, ..
                } => {
                    let k = key(&position);
                    if line.contains(&k) {
                        match repeat {
                            Some(r) => r,
                            // Forever: the board's seeds all to the other of `loser`.
                            None => {
                                let e = extremes(&self.rules, pos.board_total());
                                if pos.to_move() == self.loser {
                                    e.low
                                } else {
                                    e.high
                                }
                            }
                        }
                    } else if let Some(v) = self.whatever_came_before(&position, 128 - beta) {
                        v.other()
                    } else {
                        line.push(k);
                        let child = self.line(&position, line, 128 - beta, 128 - alpha, plan);
                        line.pop();
                        child?.other()
                    }
                }
            };
            best = Some(best.map_or(score, |b| b.max(score)));
            alpha = alpha.max(i32::from(score.byte()));
            if alpha >= beta {
                break;
            }
        }
        Ok(best.expect("a position not over has a move"))
    }

    /// Under rules without a repetition end, what an earlier question showed of `pos` with no
    /// history, when it answers "above `x`?" whatever the history: a line that repeats a
    /// position counts for the side other than `loser`, so every position more in the history
    /// can only help that side (one more way for a line to end in its favour). What that side
    /// made sure of with no history, it makes sure of with any; what `loser` could not, it
    /// cannot.
    fn whatever_came_before(&self, pos: &Position, x: i32) -> Option<Score> {
        if self.rules.repetition_ends {
            return None;
        }
        let b = self.shown.get(&key(pos))?;
        if pos.to_move() == self.loser {
            (i32::from(b.high.byte()) <= x).then_some(b.high)
        } else {
            (i32::from(b.low.byte()) > x).then_some(b.low)
        }
    }

    /// A capture's score for its mover, as far as the window `beta - 1..beta` needs it: the
    /// position after it starts with no history, and the score falls as its value rises.
    fn after_capture(
        &mut self,
        position: &Position,
        delta: i32,
        beta: i32,
    ) -> Result<Score, TooLong> {
        let values = &self.values[usize::from(position.board_total())];
        let score = |c: Score| c.other().plus(delta);
        // The greatest value after it that still gives the mover `beta`.
        match values
            .iter()
            .rposition(|&c| i32::from(score(c).byte()) >= beta)
        {
            None => Ok(score(values[0])),
            Some(j) if j + 1 == values.len() => Ok(score(values[j])),
            Some(j) => {
                let (c, above_c) = (values[j], values[j + 1]);
                Ok(if self.above(position, c.byte())? {
                    score(above_c)
                } else {
                    score(c)
                })
            }
        }
    }

    /// Where a move comes in the plan's order (lowest first).
    fn order(
        &self,
        plan: Option<&Plan>,
        pos: &Position,
        line: &[Key],
        beta: i32,
        captured: [u8; 2],
        s: &Step,
    ) -> (u8, u32) {
        let hint = |b: Bounds| u32::from(128 - b.low.byte()) * 256 + u32::from(128 - b.high.byte());
        let bounds = |s: &Step| {
            s.bounds(|q| Some(smaller(self.table, self.forever(), q)))
                .expect("bounds")
        };
        let Some(plan) = plan else {
            // Quiet moves have no hint but the table's (their layer's) bounds.
            return (0, hint(bounds(s)));
        };
        let g = plan.prover;
        if pos.to_move() != g {
            return (0, 0);
        }
        match s {
            Step::GoesOn {
                position, repeat, ..
            } if captured == [0, 0] => {
                if line.contains(&key(position)) {
                    let good = match repeat {
                        Some(r) => r.byte() >= plan.t,
                        None => g != self.loser,
                    };
                    return if good { (0, 0) } else { (3, 0) };
                }
                // A position shown to give enough whatever the history.
                if self
                    .whatever_came_before(position, 128 - beta)
                    .is_some_and(|v| i32::from(v.other().byte()) >= beta)
                {
                    return (0, 1);
                }
                let r = plan.rank[slot(&position.pits(), position.to_move())];
                match (plan.keeps_out, r == u32::MAX) {
                    (false, false) => (2, r),
                    (true, true) => (2, 0),
                    _ => (3, 0),
                }
            }
            _ if bounds(s).low.byte() >= plan.t => (1, 0),
            _ => (3, 0),
        }
    }
}

/// The most positions one question may visit, pass by pass: a question beyond its budget is
/// asked again after the others of its layer, which may have shown what it needs.
const BUDGETS: [u64; 3] = [1_000, 30_000, 1_000_000];

/// Every position of at most `seeds` seeds: the exhaustive search's value lies within the
/// table's bounds, and equals them where the table is exact. Under rules with no repetition end
/// the two searches (a line that goes on forever against the side to move, then for it) give
/// the two bounds exactly. Returns the positions, those exact, and the most positions one
/// question visited.
fn agrees_with_search(preset: Preset, seeds: u8) -> (u64, u64, u64) {
    let table = build(preset, seeds, &mut ());
    let rules = table.rules();
    let losers: &[Side] = if rules.repetition_ends {
        &[Side::South]
    } else {
        &[Side::South, Side::North]
    };
    let (mut exact, mut all, mut most) = (0, 0, 0);
    for &loser in losers {
        let mut search = Search::new(&table, loser);
        for n in 0..=seeds {
            // The questions: above the lower bound less one, not above the upper (under rules
            // without a repetition end, both at the value of the game with this `loser`).
            let mut questions = Vec::new();
            for (pos, b) in table.layer(n) {
                let (low, high) = if rules.repetition_ends {
                    (b.low, b.high)
                } else if pos.to_move() == loser {
                    (b.low, b.low)
                } else {
                    (b.high, b.high)
                };
                if let Some(x) = low.byte().checked_sub(1) {
                    questions.push((pos, x, true, b));
                }
                if high != Score::WON {
                    questions.push((pos, high.byte(), false, b));
                }
                if loser == losers[0] {
                    all += 1;
                    exact += u64::from(b.is_exact());
                }
            }
            for budget in BUDGETS {
                search.budget = budget;
                let mut before = usize::MAX;
                while !questions.is_empty() && questions.len() < before {
                    before = questions.len();
                    questions.retain(|&(pos, x, expected, b)| match search.ask(&pos, x) {
                        Ok(above) => {
                            assert_eq!(above, expected, "{preset}: {pos}: {b:?}, above {x}?");
                            most = most.max(search.nodes);
                            false
                        }
                        Err(TooLong) => true,
                    });
                }
            }
            assert!(
                questions.is_empty(),
                "{preset}: {} questions beyond the budget",
                questions.len()
            );
        }
    }
    (exact, all, most)
}

#[test]
fn small_positions_agree_with_an_exhaustive_search() {
    for preset in Preset::ALL {
        let (exact, all, most) = agrees_with_search(preset, 6);
        assert!(exact > 0, "{preset}: no exact value");
        println!(
            "{preset}: {all} positions searched, {exact} exact, at most {most} positions a question"
        );
    }
}

/// One layer's moves, read once: per position (by slot), its score if the game is over; the
/// bounds its moves that end the game or capture give its mover (what the smaller layers, checked
/// before it, hold); and where its quiet moves lead, forwards and backwards.
struct LayerMoves {
    mover: Vec<Side>,
    over: Vec<Option<Score>>,
    exits: Vec<Vec<Bounds>>,
    next: Vec<Vec<u32>>,
    back: Vec<Vec<u32>>,
}

/// What a position after a capture is worth to its side to move, as the smaller layers hold it:
/// its bounds; with `forever`, the side that loses a line that goes on forever (under rules
/// without a repetition end), its exact value in that game.
fn smaller(table: &Table, forever: Option<Side>, q: &Position) -> Bounds {
    let b = table.bounds(q).expect("a smaller board is in the table");
    match forever {
        None => b,
        Some(loser) => Bounds::exact(if q.to_move() == loser { b.low } else { b.high }),
    }
}

/// Reads layer `n`'s moves. `smaller` gives what a position after a capture is worth to its
/// side to move.
fn layer_moves(
    rules: &Rules,
    table: &Table,
    n: u8,
    smaller: impl Fn(&Position) -> Bounds,
) -> LayerMoves {
    let positions: Vec<Position> = table.layer(n).map(|(p, _)| p).collect();
    let len = positions.len();
    let mut moves = LayerMoves {
        mover: positions.iter().map(Position::to_move).collect(),
        over: vec![None; len],
        exits: vec![Vec::new(); len],
        next: vec![Vec::new(); len],
        back: vec![Vec::new(); len],
    };
    for (i, pos) in positions.iter().enumerate() {
        if let Some(s) = terminal(rules, pos) {
            moves.over[i] = Some(s);
            continue;
        }
        for &mv in rules.legal_moves(pos).iter() {
            let Some((played, s)) = step(rules, pos, mv) else {
                continue;
            };
            match s {
                Step::GoesOn { position, .. } if played.captured == [0, 0] => {
                    let j = slot(&position.pits(), position.to_move());
                    moves.next[i].push(j as u32);
                    moves.back[j].push(i as u32);
                }
                _ => {
                    let b = s.bounds(|q| Some(smaller(q))).expect("bounds");
                    moves.exits[i].push(b);
                }
            }
        }
    }
    moves
}

/// The positions of a layer from which `g` makes sure of ending with at least `t` (a score's
/// byte) by the moves that leave the layer or end the game, whatever the other side does, with
/// no line repeating a position or going on forever: a game of reaching, solved backwards. Each
/// such position gets a rank, the order it was found in: `g`, to move, has a move out of the
/// layer worth `t` or a quiet move to a position of lower rank; the other side's moves all leave
/// the layer with `t` for `g` or lead to positions of lower rank. Ranks fall along every line so
/// played, so no line repeats a position whatever came before it: what `g` is sure of does not
/// depend on the history, nor on a repetition's score.
fn reaching(moves: &LayerMoves, g: Side, t: u8) -> Vec<u32> {
    let len = moves.over.len();
    let good = |i: usize, b: Bounds| {
        if moves.mover[i] == g {
            b.low.byte() >= t
        } else {
            b.high.other().byte() >= t
        }
    };
    // Per position, how many of its quiet moves must still lead to a position found before it
    // is: none where it is found at once, one for `g`'s, all for the other side's (never, as
    // `usize::MAX`, where a move out of the layer fails `g`).
    let mut missing: Vec<usize> = (0..len)
        .map(|i| {
            let exits = &moves.exits[i];
            if let Some(s) = moves.over[i] {
                if good(i, Bounds::exact(s)) {
                    0
                } else {
                    usize::MAX
                }
            } else if moves.mover[i] == g {
                usize::from(!exits.iter().any(|&b| good(i, b)))
            } else if exits.iter().all(|&b| good(i, b)) {
                moves.next[i].len()
            } else {
                usize::MAX
            }
        })
        .collect();
    let mut found: Vec<u32> = (0..len as u32)
        .filter(|&i| missing[i as usize] == 0)
        .collect();
    let mut rank = vec![u32::MAX; len];
    let mut at = 0;
    while let Some(&j) = found.get(at) {
        rank[j as usize] = at as u32;
        at += 1;
        for &p in &moves.back[j as usize] {
            let m = &mut missing[p as usize];
            if *m != 0 && *m != usize::MAX {
                *m -= 1;
                if *m == 0 {
                    found.push(p);
                }
            }
        }
    }
    rank
}

/// Every position of at most `seeds` seeds: each bound is what a side can make sure of in the
/// game itself, from the position with no history. Under rules with a repetition end, the side
/// to move can make sure of its lower bound, and the other side of the upper, by a strategy
/// that never repeats a position ([`reaching`]), and neither of one seed more so: the bounds are
/// as tight as such strategies allow. Under rules without one, where a line that goes
/// on forever counts against one side (`loser`), the value is exactly what that side can make
/// sure of otherwise (nothing more): the lower bound with the side to move as `loser`, the upper
/// with the other.
fn within_what_each_side_can_force(table: &Table) -> u64 {
    let (preset, rules) = (table.preset, table.rules());
    let mut checked = 0;
    for n in 0..=table.seeds {
        let bottom = extremes(&rules, n).low.byte();
        let bounds: Vec<Bounds> = table.layer(n).map(|(_, b)| b).collect();
        if rules.repetition_ends {
            let moves = layer_moves(&rules, table, n, |q| smaller(table, None, q));
            let mut games: HashMap<(Side, u8), Vec<u32>> = HashMap::new();
            for (i, b) in bounds.iter().enumerate() {
                let mover = moves.mover[i];
                for (g, t) in [(mover, b.low.byte()), (mover.other(), 128 - b.high.byte())] {
                    // Every game gives at least the worst the board allows.
                    let mut sure = |t: u8| {
                        let rank = games
                            .entry((g, t))
                            .or_insert_with(|| reaching(&moves, g, t));
                        rank[i] != u32::MAX
                    };
                    assert!(
                        t <= bottom || sure(t),
                        "{preset}: slot {i} of {n} seeds: {g:?} cannot make sure of {t} ({b:?})"
                    );
                    // Not one seed more: the bound is the game of reaching's value.
                    assert!(
                        !sure(t + 1),
                        "{preset}: slot {i} of {n} seeds: {g:?} makes sure of more than {t} ({b:?})"
                    );
                }
                checked += 1;
            }
        } else {
            for loser in [Side::South, Side::North] {
                let moves = layer_moves(&rules, table, n, |q| smaller(table, Some(loser), q));
                let mut games: HashMap<u8, Vec<u32>> = HashMap::new();
                for (i, b) in bounds.iter().enumerate() {
                    let mover = moves.mover[i];
                    let value = if mover == loser {
                        b.low
                    } else {
                        b.high.other()
                    };
                    let t = value.byte();
                    let mut sure = |t: u8| {
                        let rank = games.entry(t).or_insert_with(|| reaching(&moves, loser, t));
                        rank[i] != u32::MAX
                    };
                    assert!(
                        t <= bottom || sure(t),
                        "{preset}: slot {i} of {n}: below {b:?}"
                    );
                    assert!(!sure(t + 1), "{preset}: slot {i} of {n}: above {b:?}");
                }
                checked += bounds.len() as u64 / 2;
            }
        }
    }
    checked
}

/// Every position of at most 9 seeds: its bounds are what each side can make sure of in the
/// game from that position, played with its rules (see [`within_what_each_side_can_force`]).
#[test]
fn every_bound_is_what_a_side_can_make_sure_of() {
    for preset in Preset::ALL {
        let table = build(preset, 9, &mut ());
        let checked = within_what_each_side_can_force(&table);
        assert_eq!(checked, table.positions(), "{preset}");
        println!("{preset}: {checked} positions, each bound made sure of");
    }
}

/// The least and greatest fixed points of one layer's bounds, by the plain iteration the
/// construction's reasoning starts from (another computation than the build's, which solves the
/// strongly connected parts one by one): every position at the layer's extremes, each worked
/// again from its moves (`from_moves`) until none changes.
fn swept(rules: &Rules, table: &Table, n: u8) -> Vec<Bounds> {
    let positions: Vec<Position> = table.layer(n).map(|(p, _)| p).collect();
    let slot = |p: &Position| slot(&p.pits(), p.to_move());
    let mut values = vec![extremes(rules, n); positions.len()];
    loop {
        let mut changed = false;
        for (i, pos) in positions.iter().enumerate() {
            let b = from_moves(rules, pos, |q| {
                if q.board_total() == n {
                    values[slot(q)]
                } else {
                    table.bounds(q).expect("a smaller board is in the table")
                }
            });
            if b != values[i] {
                values[i] = b;
                changed = true;
            }
        }
        if !changed {
            return values;
        }
    }
}

/// Every position up to the size built here: its two bounds are what the construction gives
/// from the positions one move away, the least lower bounds and greatest upper bounds that do.
/// The sweep takes both sides to move, as the rules state them; the table stores South to move
/// only and gives North to move the board turned round, so this also holds the half turn on
/// every position checked.
#[test]
fn every_bound_follows_from_the_positions_one_move_away() {
    let seeds = 9;
    for preset in Preset::ALL {
        let table = build(preset, seeds, &mut ());
        let rules = table_rules(preset);
        let mut checked = 0u64;
        for n in 0..=seeds {
            let expected = swept(&rules, &table, n);
            for (i, (pos, b)) in table.layer(n).enumerate() {
                assert_eq!(b, expected[i], "{preset}: {pos}");
                let e = extremes(&rules, n);
                assert!(e.low <= b.low && b.low <= b.high && b.high <= e.high);
                checked += 1;
            }
        }
        assert_eq!(checked, table.positions());
    }
}

/// A position no line can come back to once left (every quiet move from it empties a pit that
/// no later quiet move fills again before a capture) is worth one value whatever the history:
/// the table gives it exactly, under every rule set with a repetition end.
#[test]
fn a_position_no_line_comes_back_to_is_exact() {
    for preset in [Preset::Abapa, Preset::Brettspielnetz, Preset::Merkel] {
        let table = build(preset, 3, &mut ());
        let pos: Position = "0-0-1-0-0-1-1-0-0-0-0-0-23-22-S".parse().unwrap();
        let b = table.bounds(&pos).unwrap();
        assert!(b.is_exact(), "{preset}: {b:?}");
    }
}

#[test]
fn small_endings_are_worth_what_the_rules_say() {
    let table = build(Preset::Abapa, 4, &mut ());
    // South to move with one seed in F and North's row empty: F must feed a; North then
    // cannot feed South (a sows into b) and takes the seed on its row. One seed to North.
    let pos: Position = "0-0-0-0-0-1-0-0-0-0-0-0-47-0-S".parse().unwrap();
    assert_eq!(table.bounds(&pos), Some(Bounds::exact(Score::margin(-1))));
    // A player to move with no seeds: the other takes their row (a margin of -1 for the mover).
    let starved: Position = "0-0-0-0-0-0-1-0-0-0-0-0-47-0-S".parse().unwrap();
    assert_eq!(
        table.bounds(&starved),
        Some(Bounds::exact(Score::margin(-1)))
    );
    // Beyond the table: no value.
    assert_eq!(table.bounds(&Position::start()), None);
}
