//! The matching against every matching of small graphs, and its optimality check on large ones.

use super::*;
use rand::{Rng, SeedableRng};

type W = Wide<2>;

fn weight(edges: &[(usize, usize, W)], mate: &[usize]) -> W {
    edges
        .iter()
        .filter(|&&(i, j, _)| mate[i] == j && mate[j] == i)
        .fold(W::ZERO, |s, e| s + e.2)
}

/// The best matching by trying every one (small graphs only).
fn brute(n: usize, edges: &[(usize, usize, W)]) -> W {
    fn go(v: usize, n: usize, used: &mut Vec<bool>, w: &[Vec<Option<W>>]) -> W {
        if v == n {
            return W::ZERO;
        }
        if used[v] {
            return go(v + 1, n, used, w);
        }
        used[v] = true;
        let mut best = go(v + 1, n, used, w);
        for u in v + 1..n {
            if let (false, Some(x)) = (used[u], w[v][u]) {
                used[u] = true;
                best = best.max(x + go(v + 1, n, used, w));
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }
    let mut w = vec![vec![None; n]; n];
    for &(i, j, x) in edges {
        w[i][j] = Some(x);
        w[j][i] = Some(x);
    }
    go(0, n, &mut vec![false; n], &w)
}

#[test]
fn pairs_left_out_join_when_the_duals_do_not_pay_for_them() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    for _ in 0..300 {
        let n = rng.gen_range(2..10);
        let mut all = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if rng.gen_bool(0.7) {
                    all.push((i, j, W::from_u64(rng.gen_range(1..30))));
                }
            }
        }
        let mut m = Matching::new(n);
        let mut left_out = HashMap::new();
        for &(i, j, w) in &all {
            if rng.gen_bool(0.6) {
                m.set(i, j, w);
            } else {
                left_out.insert((i, j), w);
            }
        }
        let unset = Unset {
            base: left_out.values().copied().max().unwrap_or(W::ZERO),
            own: vec![W::ZERO; n],
            weight: Box::new(|i, j| left_out.get(&(i, j)).copied().unwrap_or(W::ZERO)),
        };
        let mate = m.compute(&unset);
        m.verify(&unset).unwrap();
        assert_eq!(weight(&all, &mate), brute(n, &all), "{all:?}");
    }
}

/// Weights of the pairs of active vertices, as a table.
struct Table(Vec<Vec<W>>);

impl Dense<2> for Table {
    fn weight(&self, i: usize, j: usize) -> W {
        self.0[i][j]
    }
}

#[test]
fn stays_the_heaviest_while_weights_change_and_pairs_leave() {
    changing_graphs(11, false);
}

#[test]
fn stays_the_heaviest_when_active_vertices_pairs_are_weighed_on_demand() {
    changing_graphs(13, true);
}

/// 300 random graphs whose weights change, pairs leave and vertices are set free in groups
/// (some of them made active when `activate`), each matching checked against every one.
fn changing_graphs(seed: u64, activate: bool) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for graph in 0..300 {
        let n = rng.gen_range(2..12);
        let mut w = vec![vec![W::ZERO; n]; n];
        let mut m = Matching::with_dense(n, Table(vec![vec![W::ZERO; n]; n]));
        let mut gone = vec![false; n];
        let mut active = vec![false; n];
        let draw = |rng: &mut rand::rngs::StdRng| {
            if rng.gen_bool(0.3) {
                W::ZERO
            } else {
                W::from_u64(rng.gen_range(1..6) * 4).shifted(if graph % 2 == 0 { 0 } else { 70 })
            }
        };
        // A pair's weight changes: in the table for active pairs (which the matching is
        // then told of), else stored.
        let change = |m: &mut Matching<2, Table>,
                      w: &mut Vec<Vec<W>>,
                      active: &[bool],
                      a: usize,
                      b: usize,
                      x: W| {
            w[a][b] = x;
            w[b][a] = x;
            if active[a] && active[b] {
                let old = m.dense.0[a.min(b)][a.max(b)];
                m.dense.0[a.min(b)][a.max(b)] = x;
                m.reweigh(a, b, old, x);
            } else {
                m.set(a, b, x);
            }
        };
        // Some vertices are active from the start.
        for (v, a) in active.iter_mut().enumerate() {
            if activate && rng.gen_bool(0.5) {
                *a = true;
                m.activate(v);
            }
        }
        for (i, j) in (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))) {
            let x = draw(&mut rng);
            change(&mut m, &mut w, &active, i, j, x);
        }
        for step in 0..12 {
            let mate = m.compute(&Unset::none(n));
            m.verify(&Unset::none(n))
                .unwrap_or_else(|e| panic!("graph {graph} step {step}: {e}"));
            let live: Vec<usize> = (0..n).filter(|&v| !gone[v]).collect();
            if live.is_empty() {
                break;
            }
            let edges: Vec<(usize, usize, W)> = live
                .iter()
                .flat_map(|&i| live.iter().map(move |&j| (i, j)))
                .filter(|&(i, j)| i < j && !w[i][j].is_zero())
                .map(|(i, j)| (i, j, w[i][j]))
                .collect();
            for &v in &live {
                assert!(mate[v] == v || !gone[mate[v]], "graph {graph} step {step}");
                assert_eq!(mate[mate[v]], v, "graph {graph} step {step}");
            }
            assert_eq!(
                weight(&edges, &mate),
                brute(n, &edges),
                "graph {graph} step {step}"
            );
            let v = live[rng.gen_range(0..live.len())];
            if mate[v] != v && rng.gen_bool(0.3) {
                gone[v] = true;
                gone[mate[v]] = true;
                m.remove_pair(v, mate[v]);
            } else if rng.gen_bool(0.3) {
                // Vertices set free in groups, some of them made active, and the pairs
                // between them change.
                let freed: Vec<usize> =
                    live.iter().copied().filter(|_| rng.gen_bool(0.6)).collect();
                for &u in &freed {
                    m.free_in(u, rng.gen_range(0..3));
                }
                for &u in &freed {
                    if activate && !active[u] && rng.gen_bool(0.5) {
                        // Its pairs with active vertices now come from the table.
                        for &a in &live {
                            if active[a] {
                                m.dense.0[a.min(u)][a.max(u)] = w[a][u];
                            }
                        }
                        active[u] = true;
                        m.activate(u);
                    }
                }
                for &a in &freed {
                    for &b in &freed {
                        if a < b && rng.gen_bool(0.7) {
                            let x = draw(&mut rng);
                            change(&mut m, &mut w, &active, a, b, x);
                        }
                    }
                }
            } else {
                for &u in &live {
                    if u != v && rng.gen_bool(0.5) {
                        let x = draw(&mut rng);
                        change(&mut m, &mut w, &active, v, u, x);
                    }
                }
            }
        }
    }
}

#[test]
fn a_graph_of_active_vertices_stores_none_of_its_pairs_and_matches_as_the_stored_graph() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    for graph in 0..4 {
        let n = 150 + graph;
        let mut table = vec![vec![W::ZERO; n]; n];
        let mut edges = Vec::new();
        for (i, row) in table.iter_mut().enumerate() {
            for (j, x) in row.iter_mut().enumerate().skip(i + 1) {
                if rng.gen_bool(0.8) {
                    // Mostly one part per vertex, a little per pair, as the pairing's
                    // weights are.
                    let w = W::from_u64(1000 + 10 * (i + j) as u64 + rng.gen_range(0..4));
                    *x = w;
                    edges.push((i, j, w));
                }
            }
        }
        let mut m = Matching::with_dense(n, Table(table));
        for v in 0..n {
            m.activate(v);
        }
        let mate = m.compute(&Unset::none(n));
        assert_eq!(m.stored_edges(), 0);
        for v in 0..n {
            assert_eq!(mate[mate[v]], v);
        }
        let stored = max_weight_matching(n, &edges);
        assert_eq!(
            weight(&edges, &mate),
            weight(&edges, &stored),
            "graph {graph}"
        );
    }
}

#[test]
fn finds_the_heaviest_matching_of_random_graphs() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for round in 0..400 {
        let n = rng.gen_range(1..11);
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if rng.gen_bool(0.6) {
                    // Weights past 64 bits in half the graphs.
                    let w = W::from_u64(rng.gen_range(1..40)).shifted(if round % 2 == 0 {
                        0
                    } else {
                        70
                    });
                    edges.push((i, j, w));
                }
            }
        }
        let mate = max_weight_matching(n, &edges);
        for v in 0..n {
            assert_eq!(mate[mate[v]], v, "a matching");
        }
        assert_eq!(
            weight(&edges, &mate),
            brute(n, &edges),
            "graph {round}: {edges:?}"
        );
    }
}

/// A graph of `n` vertices as the Dutch pairing makes them: about half active (every pair
/// weighed on demand from a table), each vertex's eight nearest others stored, the other pairs
/// left out and weighed by a rule bounded by one part per vertex. Weights are mostly one part
/// per vertex plus a little per pair, many of them equal; some pairs have no edge.
struct Large {
    part: Vec<u64>,
    active: Vec<bool>,
}

impl Large {
    fn new(rng: &mut rand::rngs::StdRng, n: usize) -> Large {
        Large {
            part: (0..n).map(|_| rng.gen_range(0..8) * 1000).collect(),
            active: (0..n).map(|_| rng.gen_bool(0.5)).collect(),
        }
    }

    /// The weight of `i < j` at generation `g` (weights change from one generation to the
    /// next for the vertices told so).
    fn weight(&self, i: usize, j: usize, g: u64) -> W {
        let mix = (i as u64 * 7919 + j as u64 * 104_729 + g * 15_485_863) % 97;
        if mix < 10 {
            return W::ZERO;
        }
        let w = 1 << 20;
        W::from_u64(w + self.part[i] + self.part[j] + mix % 4).shifted(70)
    }

    /// The pairs left out keep their first weights (as the pairing's do).
    fn unset(&self) -> Unset<'_, 2> {
        Unset {
            weight: Box::new(move |i, j| self.weight(i, j, 0)),
            base: W::from_u64((1 << 20) + 3).shifted(70),
            own: self
                .part
                .iter()
                .map(|&p| W::from_u64(p).shifted(70))
                .collect(),
        }
    }
}

#[test]
fn graphs_of_hundreds_of_vertices_keep_a_proof_that_their_matching_is_the_heaviest() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(23);
    for graph in 0..3 {
        let n = 200 + 100 * graph;
        let large = Large::new(&mut rng, n);
        let mut generation = vec![0u64; n];
        let table = |generation: &[u64]| {
            let mut t = vec![vec![W::ZERO; n]; n];
            for i in 0..n {
                for j in i + 1..n {
                    t[i][j] = large.weight(i, j, generation[i].max(generation[j]));
                }
            }
            Table(t)
        };
        let mut m = Matching::with_dense(n, table(&generation));
        for v in 0..n {
            if large.active[v] {
                m.activate(v);
            }
        }
        for i in 0..n {
            for j in i + 1..(i + 9).min(n) {
                if !(large.active[i] && large.active[j]) {
                    m.set(i, j, large.weight(i, j, 0));
                }
            }
        }
        let mut gone = vec![false; n];
        for step in 0..8 {
            let unset = large.unset();
            let mate = m.compute(&unset);
            m.verify(&unset)
                .unwrap_or_else(|e| panic!("graph {graph} step {step}: {e}"));
            // Some matched pairs leave; some vertices are set free in groups and their pairs
            // change weight.
            let live: Vec<usize> = (0..n).filter(|&v| !gone[v]).collect();
            for _ in 0..n / 40 {
                let v = live[rng.gen_range(0..live.len())];
                if !gone[v] && mate[v] != v && !gone[mate[v]] {
                    gone[v] = true;
                    gone[mate[v]] = true;
                    m.remove_pair(v, mate[v]);
                }
            }
            let freed: Vec<usize> = (0..n).filter(|&v| !gone[v] && rng.gen_bool(0.2)).collect();
            for &v in &freed {
                m.free_in(v, u32::from(large.part[v] >= 4000));
                generation[v] += 1;
            }
            let before = std::mem::replace(&mut m.dense, table(&generation));
            for &v in &freed {
                for u in (0..n).filter(|&u| u != v && !gone[u]) {
                    let (i, j) = (u.min(v), u.max(v));
                    let new = m.dense.0[i][j];
                    if large.active[i] && large.active[j] {
                        m.reweigh(i, j, before.0[i][j], new);
                    } else if m.index.contains_key(&(i, j)) {
                        m.set(i, j, new);
                    }
                }
            }
        }
    }
}

#[test]
fn the_check_refuses_duals_that_do_not_prove_the_matching_the_heaviest() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(29);
    let large = Large::new(&mut rng, 60);
    let mut m = Matching::new(60);
    for i in 0..60 {
        for j in i + 1..60 {
            m.set(i, j, large.weight(i, j, 0));
        }
    }
    let unset = Unset::none(60);
    let mate = m.compute(&unset);
    m.verify(&unset).unwrap();
    let matched = (0..60).find(|&v| mate[v] != v).unwrap();
    // A matched vertex's dual lowered: its matched pair is no longer paid for.
    let mut lowered = m.dualvar.clone();
    lowered[matched] = lowered[matched] - W::from_u64(2);
    let saved = std::mem::replace(&mut m.dualvar, lowered);
    assert!(m.verify(&unset).is_err());
    m.dualvar = saved;
    // Raised instead: the matched pair is paid more than its weight.
    m.dualvar[matched] = m.dualvar[matched] + W::from_u64(2);
    assert!(m.verify(&unset).is_err());
    m.dualvar[matched] = m.dualvar[matched] - W::from_u64(2);
    // A matched pair left unmatched: both free, at least one with a positive dual.
    let other = mate[matched];
    m.mate[matched] = End::NONE;
    m.mate[other] = End::NONE;
    assert!(m.verify(&unset).is_err());
}
