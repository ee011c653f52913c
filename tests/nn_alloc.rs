//! A network evaluation allocates nothing once its evaluator has warmed up: reading the
//! game (the replay for the earlier boards, the ko bans of koan's judge), the input planes
//! (the ladder reader, the area reader), the forward pass and KataGo's post-processing into
//! a reused evaluation. The allocator of this test binary counts the allocations made on the
//! evaluating thread while counting is on.
//!
//! One kind of allocation is left, and counted apart: the matrix library (`matrixmultiply`)
//! allocates a packing buffer inside each matrix product and offers no way to hand it one.
//! Those are the only allocations aligned to 16 bytes or more (its kernels' alignment;
//! koan's own buffers hold `f32`s, points and boards, aligned to 8 at most), so the test
//! tells them apart by their alignment. The rules layer's judge, asked for the ko bans,
//! allocates when it reads an Ing-Spight cycle or a play that would remove more than four
//! stones; those are counted by asking it alone and must be all koan allocates.
//! `KOAN_ALLOC_TRACE=1` prints where the first allocation of a count was made.
//!
//! The positions are games of every rule preset on 9x9 and 19x19 with random plays, each
//! ending in a fresh ko capture, so that the ko-ban plane, the ladder planes (strings in
//! atari and with two liberties) and the area planes all have work.

use koan::board::{Color, Coord, Point};
use koan::game::Game;
use koan::nn::{Evaluation, Evaluator, Model};
use koan::rules::{Ruleset, PRESETS};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;

/// The system allocator, counting the allocations (and reallocations) of a thread that has
/// switched counting on: koan's own, and apart the matrix library's packing buffers.
struct Counting;

/// The smallest alignment of the matrix library's packing buffers.
const PACKING_ALIGNMENT: usize = 16;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static OWN: Cell<usize> = const { Cell::new(0) };
    static PACKING: Cell<usize> = const { Cell::new(0) };
    static TRACE: Cell<bool> = const { Cell::new(false) };
}

fn note(layout: Layout) {
    // `try_with`: a thread being torn down has no thread-locals left, and counts nothing.
    let _ = COUNTING.try_with(|on| {
        if !on.get() {
            return;
        }
        if layout.align() >= PACKING_ALIGNMENT {
            let _ = PACKING.try_with(|c| c.set(c.get() + 1));
            return;
        }
        let count = OWN.try_with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        if count == Ok(1) && TRACE.try_with(Cell::get) == Ok(true) {
            // Where the first one was made, to find an allocation (counting off meanwhile:
            // the trace allocates).
            on.set(false);
            eprintln!(
                "the first allocation:\n{}",
                std::backtrace::Backtrace::force_capture()
            );
            on.set(true);
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout);
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout);
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(layout);
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The allocations `f` makes on this thread: koan's own, and the matrix library's packing
/// buffers.
fn allocations(f: impl FnOnce()) -> (usize, usize) {
    OWN.with(|c| c.set(0));
    PACKING.with(|c| c.set(0));
    TRACE.with(|t| t.set(std::env::var_os("KOAN_ALLOC_TRACE").is_some()));
    COUNTING.with(|on| on.set(true));
    f();
    COUNTING.with(|on| on.set(false));
    (OWN.with(|c| c.get()), PACKING.with(|c| c.get()))
}

/// A small network in KataGo's text format (weights from a formula).
const TINY_NET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/nn/tiny-net.txt");

/// A game under `preset` on a `size` board: a ko shape in the lower left corner, `plays`
/// random plays elsewhere (strings in atari and with two liberties among them), then Black's
/// ko capture, so that White is to move under a ko ban.
fn game_with_ko(size: usize, preset: &str, plays: usize, seed: u64) -> Game {
    let mut game = koan_core::testkit::new_game(size, Ruleset::preset(preset).expect("a preset"));
    let at = |game: &Game, col: usize, row: usize| game.board().point(Coord::new(col, row));
    // Black surrounds C4 (col 2, row 3) on three sides, White D4's three sides; White's stone
    // on C4 is in atari, and Black's capture from D4 makes a ko.
    let shape = [
        (Color::Black, (1, 3)),
        (Color::White, (4, 3)),
        (Color::Black, (2, 4)),
        (Color::White, (3, 4)),
        (Color::Black, (2, 2)),
        (Color::White, (3, 2)),
    ];
    for (color, (col, row)) in shape {
        let p = at(&game, col, row);
        game.play(color, p).expect("the ko shape is legal");
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
    game
}

/// The allocations of koan's judge reading `game`'s ko bans (every point judged for the
/// player to move, as the inputs read them): the rules layer allocates when it reads an
/// Ing-Spight cycle or a play that would remove more than four stones.
fn judge_allocations(game: &Game) -> usize {
    let (board, color) = (game.board(), game.to_move());
    let judge = game.judge();
    let (own, _) = allocations(|| {
        for p in board.points() {
            std::hint::black_box(judge.judge(board, p, color).is_err());
        }
    });
    own
}

/// Evaluates `games` twice in every orientation (the first round warms the evaluator up)
/// and checks that in the second round koan made no allocation but its judge's (the matrix
/// library's packing buffers are printed).
fn check_allocations_after_warm_up(games: &[Game]) {
    let model = Model::load(Path::new(TINY_NET)).expect("the small network loads");
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
    let (own, packing) = allocations(|| round(&mut eval, &mut out));
    let judge: usize = games.iter().map(|g| 8 * judge_allocations(g)).sum();
    eprintln!(
        "{} evaluations: {own} allocations of koan's ({judge} of them its judge's), {packing} \
         packing buffers of the matrix library's",
        games.len() * 8
    );
    assert_eq!(own, judge, "koan allocated besides its judge");
    // The evaluation is the same the second time.
    assert_eq!(first.policy, out.policy);
    assert_eq!(first.white_win, out.white_win);
}

#[test]
fn evaluating_9x9_positions_allocates_nothing_after_warm_up() {
    let games: Vec<Game> = (0..20)
        .map(|i| game_with_ko(9, PRESETS[i % PRESETS.len()], 4 + 2 * i, i as u64))
        .collect();
    check_allocations_after_warm_up(&games);
}

#[test]
fn evaluating_19x19_positions_allocates_nothing_after_warm_up() {
    let games: Vec<Game> = (0..20)
        .map(|i| game_with_ko(19, PRESETS[i % PRESETS.len()], 10 + 15 * i, 100 + i as u64))
        .collect();
    check_allocations_after_warm_up(&games);
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
    assert_eq!(count, (1, 1));
}
