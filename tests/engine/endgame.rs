//! The endgame tables against an exhaustive search of the game tree, and against their own
//! construction (`docs/engine.md`, "Endgame tables").

use std::collections::HashMap;

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
/// capture (the history kept along the line, nothing else remembered but the values after a
/// capture, which start with no history) ends there under rules with a repetition end; under
/// rules without one it would go on forever, and is scored against `loser` (the board's seeds
/// all to the other player). Alpha-beta prunes lines that cannot change the value within the
/// window asked (the table orders the moves, which changes what is pruned, not the value).
struct Search<'t> {
    rules: Rules,
    table: &'t Table,
    loser: Side,
    after_capture: HashMap<Key, Score>,
    /// Positions visited, and the most this search may visit.
    nodes: u64,
    budget: u64,
}

/// A search that visited more positions than its budget.
struct TooLong;

impl Search<'_> {
    /// The exact value of a position with no history.
    fn value(&mut self, pos: &Position) -> Result<Score, TooLong> {
        let k = key(pos);
        if let Some(&s) = self.after_capture.get(&k) {
            return Ok(s);
        }
        let mut line = vec![k];
        let s = self.line(pos, &mut line, -1, 129)?;
        self.after_capture.insert(k, s);
        Ok(s)
    }

    /// The value of `pos` after `line` if it lies strictly within `alpha..beta` (bytes of
    /// scores); otherwise a bound beyond the window.
    fn line(
        &mut self,
        pos: &Position,
        line: &mut Vec<Key>,
        mut alpha: i32,
        beta: i32,
    ) -> Result<Score, TooLong> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(TooLong);
        }
        if let Some(s) = terminal(&self.rules, pos) {
            return Ok(s);
        }
        let mut moves: Vec<_> = self
            .rules
            .legal_moves(pos)
            .iter()
            .filter_map(|&mv| step(&self.rules, pos, mv))
            .collect();
        let hint = |s: &Step| s.bounds(|q| self.table.bounds(q)).unwrap();
        moves.sort_by_key(|(_, s)| {
            let b = hint(s);
            std::cmp::Reverse((b.low, b.high))
        });
        let mut best: Option<Score> = None;
        for (played, s) in moves {
            let score = match s {
                Step::Ends(score) => score,
                Step::GoesOn {
                    position, delta, ..
                } if played.captured != [0, 0] => self.value(&position)?.other().plus(delta),
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
                    } else {
                        line.push(k);
                        let child = self.line(&position, line, 128 - beta, 128 - alpha);
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
}

/// The search's answer from `pos` with no history, within `alpha..beta`.
fn searched(
    rules: &Rules,
    table: &Table,
    memo: &mut HashMap<Key, Score>,
    loser: Side,
    pos: &Position,
    alpha: i32,
    beta: i32,
) -> Result<Score, TooLong> {
    let mut search = Search {
        rules: rules.clone(),
        table,
        loser,
        after_capture: std::mem::take(memo),
        nodes: 0,
        budget: BUDGET,
    };
    let v = search.line(pos, &mut vec![key(pos)], alpha, beta);
    *memo = search.after_capture;
    v
}

/// The most positions one search visits: beyond, the position is counted as not searched.
const BUDGET: u64 = 20_000;

/// Every position of at most `seeds` seeds: the exhaustive search's value lies within the
/// table's bounds, and equals them where the table is exact. Under rules with no repetition end
/// the two searches (a line that goes on forever against the side to move, then for it) give
/// the two bounds exactly.
fn agrees_with_search(preset: Preset, seeds: u8) -> (u64, u64, u64) {
    let table = build(preset, seeds, &mut ());
    let rules = table_rules(preset);
    let mut exact = 0;
    let mut all = 0;
    let mut too_long = 0;
    // The values after a capture, by the side a line that goes on forever counts against.
    let mut memo: [HashMap<Key, Score>; 2] = [HashMap::new(), HashMap::new()];
    for n in 0..=seeds {
        for (i, (pos, b)) in table.layer(n).enumerate() {
            // Every position of 3 seeds or fewer; from 4 seeds, every 29th (under a repetition
            // rule the lines through a large strongly connected part are too many to search
            // them all: those beyond the budget are counted).
            if n > 3 && i % 29 != 0 {
                continue;
            }
            all += 1;
            exact += u64::from(b.is_exact());
            let mover = pos.to_move();
            // Searches with a null window: the value is at least the lower bound and at most
            // the upper (under rules without a repetition end: each bound is the value of its
            // game, a line forever against the side to move, then for it).
            let checks: Vec<(Side, Score, Score)> = if rules.repetition_ends {
                vec![(mover, b.low, b.high)]
            } else {
                vec![(mover, b.low, b.low), (mover.other(), b.high, b.high)]
            };
            let mut searched_whole = true;
            for (loser, low, high) in checks {
                let m = &mut memo[loser.index()];
                let l = i32::from(low.byte());
                match searched(&rules, &table, m, loser, &pos, l - 1, l) {
                    Ok(v) => assert!(v >= low, "{preset}: {pos}: {v:?} below {low:?} ({b:?})"),
                    Err(TooLong) => searched_whole = false,
                }
                let h = i32::from(high.byte());
                match searched(&rules, &table, m, loser, &pos, h, h + 1) {
                    Ok(v) => assert!(v <= high, "{preset}: {pos}: {v:?} above {high:?} ({b:?})"),
                    Err(TooLong) => searched_whole = false,
                }
            }
            if !searched_whole {
                assert!(
                    n > 3,
                    "{preset}: {pos}: a search of 3 seeds or fewer is too long"
                );
                too_long += 1;
            }
        }
    }
    (exact, all, too_long)
}

#[test]
fn small_positions_agree_with_an_exhaustive_search() {
    for preset in Preset::ALL {
        let (exact, all, too_long) = agrees_with_search(preset, 6);
        assert!(exact > 0, "{preset}: no exact value");
        assert!(too_long < all, "{preset}: no search within its budget");
        println!("{preset}: {all} positions searched, {exact} exact, {too_long} beyond {BUDGET}");
    }
}

/// One layer's moves, read once: per position (by slot), its score if the game is over; the
/// bounds its moves that end the game or capture give its mover (what the smaller layers, checked
/// before it, hold); and where its quiet moves lead, forwards and backwards.
struct LayerMoves {
    over: Vec<Option<Score>>,
    exits: Vec<Vec<Bounds>>,
    next: Vec<Vec<u32>>,
    back: Vec<Vec<u32>>,
}

/// The side to move in a layer's slot.
fn mover_at(i: usize) -> Side {
    if i.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
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
        if mover_at(i) == g {
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
            } else if mover_at(i) == g {
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
/// that never repeats a position ([`reaching`]). Under rules without one, where a line that goes
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
            let moves = layer_moves(&rules, table, n, |q| table.bounds(q).expect("smaller"));
            let mut games: HashMap<(Side, u8), Vec<u32>> = HashMap::new();
            for (i, b) in bounds.iter().enumerate() {
                let mover = mover_at(i);
                for (g, t) in [(mover, b.low.byte()), (mover.other(), 128 - b.high.byte())] {
                    // Every game gives at least the worst the board allows.
                    if t <= bottom {
                        continue;
                    }
                    let rank = games
                        .entry((g, t))
                        .or_insert_with(|| reaching(&moves, g, t));
                    assert!(
                        rank[i] != u32::MAX,
                        "{preset}: slot {i} of {n} seeds: {g:?} cannot make sure of {t} ({b:?})"
                    );
                }
                checked += 1;
            }
        } else {
            for loser in [Side::South, Side::North] {
                // The value after a capture with `loser` losing a line that goes on forever.
                let moves = layer_moves(&rules, table, n, |q| {
                    let b = table.bounds(q).expect("smaller");
                    Bounds::exact(if q.to_move() == loser { b.low } else { b.high })
                });
                let mut games: HashMap<u8, Vec<u32>> = HashMap::new();
                for (i, b) in bounds.iter().enumerate() {
                    let mover = mover_at(i);
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

/// The strongly connected parts of the quiet moves' graph of one layer, by Kosaraju's
/// algorithm (another algorithm than the build's), as a part number per position.
fn parts(rules: &Rules, table: &Table, n: u8) -> Vec<u32> {
    let positions: Vec<Position> = table.layer(n).map(|(p, _)| p).collect();
    let slot = |p: &Position| slot(&p.pits(), p.to_move());
    let mut next: Vec<Vec<u32>> = vec![Vec::new(); positions.len()];
    let mut back: Vec<Vec<u32>> = vec![Vec::new(); positions.len()];
    for (i, pos) in positions.iter().enumerate() {
        if terminal(rules, pos).is_some() {
            continue;
        }
        for &mv in rules.legal_moves(pos).iter() {
            if let Some((played, Step::GoesOn { position, .. })) = step(rules, pos, mv)
                && played.captured == [0, 0]
            {
                let j = slot(&position);
                next[i].push(j as u32);
                back[j].push(i as u32);
            }
        }
    }
    // First pass: the order in which the positions are finished.
    let mut order = Vec::with_capacity(positions.len());
    let mut seen = vec![false; positions.len()];
    for root in 0..positions.len() {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut at)) = stack.last_mut() {
            if let Some(&w) = next[v].get(*at) {
                *at += 1;
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push((w as usize, 0));
                }
            } else {
                order.push(v);
                stack.pop();
            }
        }
    }
    // Second pass, on the reversed graph in reverse finishing order.
    let mut part = vec![u32::MAX; positions.len()];
    let mut count = 0;
    for &root in order.iter().rev() {
        if part[root] != u32::MAX {
            continue;
        }
        part[root] = count;
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            for &w in &back[v] {
                if part[w as usize] == u32::MAX {
                    part[w as usize] = count;
                    stack.push(w as usize);
                }
            }
        }
        count += 1;
    }
    part
}

/// The least and greatest fixed points of one layer's bounds, by the plain iteration the
/// construction's reasoning starts from (another computation than the build's): every position
/// at the layer's extremes, each worked again from its moves (`from_moves`, positions of the
/// same part as possible repetitions) until none changes.
fn swept(rules: &Rules, table: &Table, n: u8, part: &[u32]) -> Vec<Bounds> {
    let positions: Vec<Position> = table.layer(n).map(|(p, _)| p).collect();
    let slot = |p: &Position| slot(&p.pits(), p.to_move());
    let mut values = vec![extremes(rules, n); positions.len()];
    loop {
        let mut changed = false;
        for (i, pos) in positions.iter().enumerate() {
            let b = from_moves(
                rules,
                pos,
                |q| {
                    if q.board_total() == n {
                        values[slot(q)]
                    } else {
                        table.bounds(q).expect("a smaller board is in the table")
                    }
                },
                |q| q.board_total() == n && part[slot(q)] == part[i],
            );
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
/// from the positions one move away (a quiet move within the position's strongly connected part
/// may be a repetition, under rules that end a game so), the least lower bounds and greatest
/// upper bounds that do.
#[test]
fn every_bound_follows_from_the_positions_one_move_away() {
    let seeds = 9;
    for preset in Preset::ALL {
        let table = build(preset, seeds, &mut ());
        let rules = table_rules(preset);
        let mut checked = 0u64;
        for n in 0..=seeds {
            let part = parts(&rules, &table, n);
            let expected = swept(&rules, &table, n, &part);
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
