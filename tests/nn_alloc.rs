//! A network evaluation allocates nothing once its evaluator has warmed up: reading the
//! game (the replay for the earlier boards, the ko bans of koan's judge), the input planes
//! (the ladder reader, the area reader), the forward pass with its matrix products and
//! KataGo's post-processing into a reused evaluation. The allocator of this test binary
//! counts every allocation made on the evaluating thread while counting is on, and the
//! count must be zero.
//!
//! The positions are games of every rule preset on 9x9 and 19x19 with random plays, each
//! ending in a fresh ko capture, so that the ko-ban plane, the ladder planes (strings in
//! atari and with two liberties) and the area planes all have work; the player to move can
//! also capture five stones at once (the judge reads a big capture), under Ing-Spight the
//! retake of the ko is a capture of a hot stone (the judge's cycle search runs), and further
//! games under Ing-Spight leave an odd cycle pending (its clause is read).
//! `KOAN_ALLOC_TRACE=1` prints where the first allocation of a count was made. With
//! `KOAN_KATAGO_DIR` naming a folder holding KaTrain's network (`model.bin.gz`), that
//! network is checked too.

use koan::board::{Color, Coord, Point};
use koan::game::Game;
use koan::nn::{Evaluation, Evaluator, Model};
use koan::rules::{Ruleset, PRESETS};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;

#[path = "common/counting.rs"]
mod counting;
use counting::allocations;

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

/// A small network in KataGo's text format (weights from a formula).
const TINY_NET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/nn/tiny-net.txt");

/// The point at column `col`, row `row` (from the lower left corner) of `game`'s board.
fn at(game: &Game, col: usize, row: usize) -> Point {
    game.board().point(Coord::new(col, row))
}

/// Plays `shape`'s stones on `game` in order.
fn play_shape(game: &mut Game, shape: &[(Color, (usize, usize))]) {
    for &(color, (col, row)) in shape {
        let p = at(game, col, row);
        game.play(color, p).expect("the shape is legal");
    }
}

/// A game under `preset` on a `size` board: a ko shape in the lower left corner and five
/// black stones in atari below it, `plays` random plays elsewhere (strings in atari and with
/// two liberties among them), then Black's ko capture, so that White is to move under a ko
/// ban and may capture five stones.
fn game_with_ko(size: usize, preset: &str, plays: usize, seed: u64) -> Game {
    let mut game = koan_core::testkit::new_game(size, Ruleset::preset(preset).expect("a preset"));
    // Black surrounds C4 (col 2, row 3) on three sides, White D4's three sides; White's stone
    // on C4 is in atari, and Black's capture from D4 makes a ko.
    play_shape(
        &mut game,
        &[
            (Color::Black, (1, 3)),
            (Color::White, (4, 3)),
            (Color::Black, (2, 4)),
            (Color::White, (3, 4)),
            (Color::Black, (2, 2)),
            (Color::White, (3, 2)),
        ],
    );
    // White's wall on the second line, Black's five stones under it on the first: F1 takes
    // them.
    for col in 0..5 {
        play_shape(
            &mut game,
            &[(Color::White, (col, 1)), (Color::Black, (col, 0))],
        );
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut color = Color::Black;
    let mut played = 0;
    while played < plays {
        let (col, row) = (rng.gen_range(0..size), rng.gen_range(0..size));
        if col <= 5 && row <= 5 {
            continue;
        }
        let p = at(&game, col, row);
        if game.play(color, p).is_ok() {
            color = color.opponent();
            played += 1;
        }
    }
    if color == Color::Black {
        game.play(Color::Black, Point::PASS).expect("a pass");
    }
    let c4 = at(&game, 2, 3);
    game.play(Color::White, c4).expect("White's stone in atari");
    let d4 = at(&game, 3, 3);
    game.play(Color::Black, d4).expect("Black's ko capture");
    assert!(
        !game.ko_bans(Color::White).is_empty(),
        "{preset}, {plays} plays: White is under a ko ban"
    );
    let (_, removed) = game.check(Color::White, at(&game, 5, 0)).expect("F1");
    assert_eq!(
        removed.len(),
        5,
        "{preset}, {plays} plays: F1 takes five stones"
    );
    game
}

/// A game under Ing-Spight (the `ing` preset) on a `size` board where Black sent two and
/// White returned one twice, in the corner: Black's B1 would complete the odd cycle a
/// second time, which the rule bans.
fn game_with_odd_cycle(size: usize) -> Game {
    let mut game = koan_core::testkit::new_game(size, Ruleset::preset("ing").expect("ing"));
    let far = size - 1;
    play_shape(
        &mut game,
        &[
            // Black C2, D2, B1, D1; White A2, B2 (elsewhere: the far corner).
            (Color::Black, (2, 1)),
            (Color::White, (0, 1)),
            (Color::Black, (3, 1)),
            (Color::White, (1, 1)),
            (Color::Black, (1, 0)),
            (Color::White, (far, far)),
            (Color::Black, (3, 0)),
            // Black sends two at A1, White takes them at C1, Black takes one back at B1.
            (Color::White, (far - 1, far)),
            (Color::Black, (0, 0)),
            (Color::White, (2, 0)),
            (Color::Black, (1, 0)),
            // Once more, with a play elsewhere between.
            (Color::White, (far, far - 1)),
            (Color::Black, (0, 0)),
            (Color::White, (2, 0)),
        ],
    );
    let b1 = at(&game, 1, 0);
    assert!(
        game.ko_bans(Color::Black).iter().any(|(p, _)| *p == b1),
        "B1 completes the odd cycle again"
    );
    game
}

/// Evaluates `games` twice in every orientation with the network `model` (the first round
/// warms the evaluator up) and checks that in the second round nothing was allocated.
fn check_allocations_after_warm_up(model: Model, games: &[Game]) {
    let mut eval = Evaluator::new(model);
    let mut out = Evaluation::default();
    let round = |eval: &mut Evaluator, out: &mut Evaluation| {
        for (i, game) in games.iter().enumerate() {
            for symmetry in 0..8 {
                eval.evaluate_game_into(game, (i + symmetry) % 8, 0.2, out);
            }
        }
    };
    round(&mut eval, &mut out);
    let first = out.clone();
    let count = allocations(|| round(&mut eval, &mut out));
    eprintln!("{} evaluations: {count} allocations", games.len() * 8);
    assert_eq!(count, 0, "an evaluation allocated");
    // The evaluation is the same the second time.
    assert_eq!(first.policy, out.policy);
    assert_eq!(first.white_win, out.white_win);
}

/// The tests' small network.
fn tiny() -> Model {
    Model::load(Path::new(TINY_NET)).expect("the small network loads")
}

/// Positions of every preset on a `size` board, and the odd cycle under Ing-Spight.
fn positions(size: usize) -> Vec<Game> {
    let (first, step) = if size == 9 { (4, 2) } else { (10, 15) };
    (0..20)
        .map(|i| {
            let preset = PRESETS[i % PRESETS.len()];
            game_with_ko(size, preset, first + step * i, (size * 10 + i) as u64)
        })
        .chain([game_with_odd_cycle(size)])
        .collect()
}

#[test]
fn evaluating_9x9_positions_allocates_nothing_after_warm_up() {
    check_allocations_after_warm_up(tiny(), &positions(9));
}

#[test]
fn evaluating_19x19_positions_allocates_nothing_after_warm_up() {
    check_allocations_after_warm_up(tiny(), &positions(19));
}

#[test]
fn katrains_network_allocates_nothing_after_warm_up() {
    let Some(dir) = std::env::var_os("KOAN_KATAGO_DIR") else {
        eprintln!("KOAN_KATAGO_DIR is not set: KaTrain's network not checked");
        return;
    };
    let model = Model::load(&Path::new(&dir).join("model.bin.gz")).expect("KaTrain's network");
    for size in [9, 19] {
        let games: Vec<Game> = positions(size).into_iter().step_by(5).collect();
        check_allocations_after_warm_up(model.clone(), &games);
    }
}

#[test]
fn the_counter_counts() {
    let count = allocations(|| {
        let v: Vec<u64> = Vec::with_capacity(3);
        std::hint::black_box(v);
        let aligned = Layout::from_size_align(64, 32).unwrap();
        // SAFETY: a layout of non-zero size, freed with the same layout.
        unsafe { System.dealloc(std::hint::black_box(ALLOCATOR.alloc(aligned)), aligned) };
    });
    assert_eq!(count, 2);
}
