//! The network search's tests: visit limits and determinism, the judge's moves in the tree,
//! move filters.

use super::*;
use crate::board::Coord;
use crate::nn::Model;
use crate::player::PlayerOptions;
use crate::rules::{KoRule, Ruleset};

fn tiny() -> Evaluator {
    let text = crate::nn::model::tests::tiny_model_text();
    Evaluator::new(Model::parse(text.as_bytes(), false).unwrap())
}

fn game(size: usize, ko: KoRule, moves: &[&str]) -> Game {
    let rules = Ruleset {
        ko,
        ..Ruleset::default()
    };
    let mut g = PlayerOptions::default().game_maker().new_game(size, rules);
    for v in moves {
        let color = g.to_move();
        let p = g.board().point(Coord::parse_gtp(v, size).unwrap());
        g.play(color, p).unwrap();
    }
    g
}

fn params(visits: u64) -> SearchParams {
    SearchParams {
        max_playouts: Some(visits),
        ..SearchParams::default()
    }
}

#[test]
fn a_visit_limit_gives_that_many_evaluations_and_a_legal_move_the_same_each_time() {
    let g = game(7, KoRule::Positional, &["D4", "C3"]);
    let filter = MoveFilter::default();
    let mut eval = tiny();
    let stop = AtomicBool::new(false);
    let a = NetworkSearch::new(&g, Color::Black, &filter, &mut eval).run(&params(30), &stop, None);
    let b = NetworkSearch::new(&g, Color::Black, &filter, &mut eval).run(&params(30), &stop, None);
    assert_eq!(a.playouts, 30);
    assert_eq!(a.best, b.best);
    let snap = a.snapshot.unwrap();
    assert_eq!(snap.moves.iter().map(|m| m.visits).sum::<u64>(), 29);
    assert_eq!(snap.ownership.len(), 49);
    match a.best {
        SearchMove::Play(p) => assert!(g.is_legal(Color::Black, p)),
        other => assert_eq!(other, SearchMove::Pass),
    }
}

#[test]
fn the_tree_holds_the_moves_koans_judge_allows() {
    // A basic ko on 5x5, Black has just taken at D3: White's retake at C3 is banned
    // under simple ko, allowed under fixed ko (a new transition).
    let moves = ["B3", "D2", "C2", "D4", "C4", "E3", "A5", "C3", "D3"];
    for (rule, retake) in [(KoRule::Simple, false), (KoRule::Fixed, true)] {
        let g = game(5, rule, &moves);
        let filter = MoveFilter::default();
        let mut eval = tiny();
        let mut search = NetworkSearch::new(&g, Color::White, &filter, &mut eval);
        search.simulate();
        let root = &search.nodes[0];
        let c3 = g.board().point(Coord::parse_gtp("C3", 5).unwrap());
        let kids = &search.nodes[root.first as usize..(root.first + root.count) as usize];
        assert_eq!(kids.iter().any(|k| k.point == c3), retake, "{rule}");
        assert_eq!(kids.len(), g.legal_plays(Color::White).len() + 1, "{rule}");
    }
}

#[test]
fn a_filter_keeps_the_search_off_its_moves() {
    let g = game(5, KoRule::Positional, &[]);
    let c3 = g.board().point(Coord::parse_gtp("C3", 5).unwrap());
    let mut filter = MoveFilter::default();
    filter.allow(Color::Black, vec![c3], 1);
    let mut eval = tiny();
    let stop = AtomicBool::new(false);
    let r = NetworkSearch::new(&g, Color::Black, &filter, &mut eval).run(&params(5), &stop, None);
    assert_eq!(r.best, SearchMove::Play(c3));
}

/// The game `g` after `more`.
fn and_then(g: &Game, more: &[Point]) -> Game {
    let mut g = g.clone();
    for &p in more {
        g.play(g.to_move(), p).unwrap();
    }
    g
}

/// `searcher`'s search of `g` for the player to move, with `visits` visits and no filter.
fn search(searcher: &mut NetworkSearcher, g: &Game, visits: u64) -> SearchResult {
    let stop = AtomicBool::new(false);
    let filter = MoveFilter::default();
    searcher.search(g, g.to_move(), &filter, &params(visits), &stop, None)
}

/// A 7x7 game after D4 C3, and a searcher that searched it with `visits` visits.
fn searched(visits: u64) -> (Game, NetworkSearcher) {
    let g = game(7, KoRule::Positional, &["D4", "C3"]);
    let mut searcher = NetworkSearcher::new(tiny());
    assert_eq!(search(&mut searcher, &g, visits).playouts, visits);
    (g, searcher)
}

/// The most visited child of the kept tree's node `node`: its index, move and visits.
fn most_visited(searcher: &NetworkSearcher, node: usize) -> (usize, Point, u32) {
    let n = &searcher.nodes[node];
    kids_of(n)
        .map(|k| (k, searcher.nodes[k].point, searcher.nodes[k].visits))
        .max_by_key(|&(_, _, v)| v)
        .unwrap()
}

#[test]
fn the_next_search_starts_from_the_subtree_of_the_moves_played() {
    let (g, mut searcher) = searched(60);
    let (k, mine, _) = most_visited(&searcher, 0);
    let (_, reply, kept) = most_visited(&searcher, k);
    assert!(kept >= 2, "the reply has a subtree ({kept} visits)");
    let g2 = and_then(&g, &[mine, reply]);
    // A limit below the subtree's visits: nothing more is searched, the subtree answers.
    assert_eq!(search(&mut searcher, &g2, 1).playouts, u64::from(kept));
    assert_eq!(searcher.nodes[0].visits, kept);
    // The kept tree's nodes are the subtree's alone, each child block inside the arena.
    for n in &searcher.nodes {
        assert!(kids_of(n).end <= searcher.nodes.len());
    }
    let again = search(&mut searcher, &g2, 40);
    assert_eq!(again.playouts, 40, "a limit counts the kept visits");
    match again.best {
        SearchMove::Play(p) => assert!(g2.is_legal(g2.to_move(), p)),
        other => assert_eq!(other, SearchMove::Pass),
    }
}

#[test]
fn a_game_that_left_the_tree_or_a_filter_starts_afresh() {
    let (_, mut searcher) = searched(30);
    // Another game: the same number of moves, other moves.
    let other = game(7, KoRule::Positional, &["E4", "C3"]);
    assert_eq!(search(&mut searcher, &other, 3).playouts, 3);
    // The same position again, but with a filter: a fresh tree.
    let e5 = other.board().point(Coord::parse_gtp("E5", 7).unwrap());
    let mut only = MoveFilter::default();
    only.allow(Color::Black, vec![e5], 1);
    let stop = AtomicBool::new(false);
    let r = searcher.search(&other, Color::Black, &only, &params(4), &stop, None);
    assert_eq!(r.playouts, 4);
    assert_eq!(r.best, SearchMove::Play(e5));
    // After a filtered search nothing is kept.
    assert_eq!(search(&mut searcher, &other, 2).playouts, 2);
}

#[test]
fn moves_of_the_tree_by_the_other_player_leave_it() {
    // Black plays twice (a controller may say so): the tree's White reply at that point is
    // not the position, and the search starts afresh.
    let (g, mut searcher) = searched(40);
    let (k, mine, _) = most_visited(&searcher, 0);
    let (_, reply, _) = most_visited(&searcher, k);
    let mut g2 = g.clone();
    g2.play(Color::Black, mine).unwrap();
    g2.play(Color::Black, reply).unwrap();
    assert_eq!(g2.to_move(), Color::White);
    assert_eq!(search(&mut searcher, &g2, 3).playouts, 3);
}

#[test]
fn the_score_value_is_katagos_arctangent_averaged_over_the_score() {
    let v = expected_score_value(3.0, 0.0, 1.0, 4.0);
    assert!((v - (2.0 / std::f64::consts::PI) * 0.5f64.atan()).abs() < 1e-12);
    // Odd about the centre, within -1..1, flattened by the spread.
    let a = expected_score_value(5.0, 10.0, 0.0, 9.0);
    let b = expected_score_value(-5.0, 10.0, 0.0, 9.0);
    assert!((a + b).abs() < 1e-12 && a > 0.0 && a < 1.0);
    assert!(a < expected_score_value(5.0, 0.0, 0.0, 9.0));
    // A won finished line is worth more than 1 to the winner, a lost one less than -1.
    let u = ScoreUtility::new(9.0, 0.0);
    let won = u.finished(2.5, Color::Black);
    assert!(won.utility > 1.0 && won.win == 1.0 && won.lead == 2.5);
    assert!(u.finished(2.5, Color::White).utility < -1.0);
}

#[test]
fn threads_evaluate_batches_to_the_same_visit_count_the_same_way_each_time() {
    let g = game(7, KoRule::Positional, &["D4", "C3"]);
    let filter = MoveFilter::default();
    let stop = AtomicBool::new(false);
    let threads = SearchParams {
        threads: 3,
        ..params(31)
    };
    let mut results = Vec::new();
    for _ in 0..2 {
        let mut searcher = NetworkSearcher::new(tiny());
        let r = searcher.search(&g, Color::Black, &filter, &threads, &stop, None);
        assert_eq!(r.playouts, 31);
        assert_eq!(searcher.evaluators.len(), 3);
        assert!(searcher.nodes.iter().all(|n| n.virtual_losses == 0));
        let snap = r.snapshot.unwrap();
        assert_eq!(snap.moves.iter().map(|m| m.visits).sum::<u64>(), 30);
        results.push((r.best, snap.moves.len()));
    }
    assert_eq!(results[0], results[1]);
    match results[0].0 {
        SearchMove::Play(p) => assert!(g.is_legal(Color::Black, p)),
        other => assert_eq!(other, SearchMove::Pass),
    }
}
