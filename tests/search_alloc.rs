//! A network search's simulations allocate nothing once its buffers have grown: a descent
//! plays on a game kept from one simulation to the next (refilled from the root game's
//! buffers, not a new copy), its path is reused, and the evaluation allocates nothing (see
//! nn_alloc.rs). The search with one evaluator is counted here under every preset, and with
//! three, whose threads are kept from batch to batch (the evaluators' own allocations, on
//! their threads, are nn_alloc.rs's). Under the WMSG 2008 pass rule, the pass judge's reading
//! of the kos allocates. The allocations counted are those of the searching thread (tests/common/counting.rs; `KOAN_ALLOC_TRACE=N` prints where the
//! N-th was made).

use koan::board::Coord;
use koan::game::Game;
use koan::nn::{Evaluator, EvaluatorPool, Model};
use koan::rules::{Ruleset, PRESETS};
use koan::search::puct::NetworkSearch;
use koan::search::MoveFilter;
use std::path::Path;
use std::sync::Arc;

#[path = "common/counting.rs"]
mod counting;
use counting::allocations;

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

const TINY_NET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/nn/tiny-net.txt");

/// A 9x9 game under `preset` whose history holds a capture of five stones (a step whose
/// removed stones do not fit in place) and a fresh ko capture, White to move.
fn game(preset: &str) -> Game {
    let mut game = koan_core::testkit::new_game(9, Ruleset::preset(preset).expect("a preset"));
    let moves = [
        "A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "E1", "E2", "G7", "F1", // five taken
        "D5", "E5", "C4", "F4", "D3", "E3", "H8", "D4", "E4", // Black's E4 takes D4: a ko
    ];
    for v in moves {
        let color = game.to_move();
        let p = game.board().point(Coord::parse_gtp(v, 9).unwrap());
        game.play(color, p)
            .unwrap_or_else(|e| panic!("{preset}: {color:?} {v}: {e}"));
    }
    game
}

/// The allocations of 200 simulations of `game`'s position with `pool`, after `warm_up`
/// simulations have grown the search's buffers; at most a dozen, or the test fails under
/// `label`. What may still allocate grows by doubling (the tree's node list, the kept
/// descents' paths, the ladder reader's buffers): a few times, not once per simulation as
/// a copy of the game per descent did (six or seven each).
fn check_200_simulations(label: &str, game: &Game, pool: &mut EvaluatorPool, warm_up: u64) {
    let filter = MoveFilter::default();
    let mut search = NetworkSearch::new(game, game.to_move(), &filter, pool);
    search.simulate_until(warm_up);
    let more = allocations(|| search.simulate_until(warm_up + 200));
    eprintln!("{label}: 200 simulations, {more} allocations");
    assert!(
        more <= 12,
        "{label}: 200 simulations made {more} allocations"
    );
}

#[test]
fn simulations_allocate_nothing_once_the_search_has_grown() {
    let model = Arc::new(Model::load(Path::new(TINY_NET)).expect("the small network loads"));
    let mut evaluator = EvaluatorPool::new(Evaluator::new(Arc::clone(&model)));
    for &preset in PRESETS {
        if preset == "wmsg2008" {
            // Its pass rule's judge reads the position's kos (ko-classify's local searches)
            // whenever a pass is asked about, which allocates (and takes time) by design.
            continue;
        }
        check_200_simulations(preset, &game(preset), &mut evaluator, 60);
    }
    let mut pool = EvaluatorPool::from_evaluators(
        (0..3).map(|_| Evaluator::new(Arc::clone(&model))).collect(),
    );
    // Three threads' kept inputs and descents grow three times over: a longer warm-up.
    check_200_simulations("three threads", &game("chinese"), &mut pool, 200);
}
