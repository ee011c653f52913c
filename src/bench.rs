//! `koan bench`: speed measurements printed to stdout.
//!
//! - `koan bench board` (also plain `koan bench`): uniformly random games (no filling own
//!   eyes, simple ko, no suicide) from the empty 9x9 and 19x19 boards on one thread, for
//!   `--seconds S` seconds each (default 2). Prints `9x9 random playouts/s/thread: N` and
//!   `19x19 random playouts/s/thread: N` on stdout, and the average game length on stderr.
//!
//! Further benchmarks (e.g. `bench playouts`) go in [`run`]'s match, one function each.

use crate::board::{Board, Color};
use crate::search::playout::Playout;
use crate::search::rng::Rng;
use std::time::{Duration, Instant};

/// Runs `koan bench ARGS...` (`args` are the words after `bench`: an optional benchmark
/// name, default `board`, and `--seconds S`); returns the process exit code (2 on bad
/// arguments, with a message on stderr).
pub fn run(args: &[String]) -> i32 {
    let mut seconds = 2.0;
    let mut what: Option<&str> = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--seconds" => {
                match args.get(i + 1).and_then(|s| s.parse::<f64>().ok()) {
                    Some(s) if s > 0.0 && s.is_finite() => seconds = s,
                    _ => {
                        eprintln!("bench: --seconds needs a positive number");
                        return 2;
                    }
                }
                i += 1;
            }
            w if what.is_none() && !w.starts_with('-') => what = Some(w),
            other => {
                eprintln!("bench: unexpected argument '{other}'");
                return 2;
            }
        }
        i += 1;
    }
    let time = Duration::from_secs_f64(seconds);
    match what.unwrap_or("board") {
        "board" => {
            bench_board(time);
            0
        }
        // "playouts" => bench_playouts(time), // a later issue
        other => {
            eprintln!("bench: unknown benchmark '{other}' (known: board)");
            2
        }
    }
}

/// Random games per second on 9x9 and 19x19, one thread.
fn bench_board(time: Duration) {
    for size in [9, 19] {
        let r = random_games(size, time, 0x6b6f_616e);
        println!(
            "{size}x{size} random playouts/s/thread: {}",
            (r.games as f64 / r.elapsed.as_secs_f64()).round() as u64
        );
        eprintln!(
            "{size}x{size}: {} games, average length {:.1} moves",
            r.games,
            r.moves as f64 / r.games.max(1) as f64
        );
    }
}

/// What [`random_games`] measured.
#[derive(Clone, Copy, Debug)]
pub struct RandomGames {
    /// Games played.
    pub games: u64,
    /// Moves made in all, passes included.
    pub moves: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Plays random games from the empty `size` board for about `time` on this thread.
pub fn random_games(size: usize, time: Duration, seed: u64) -> RandomGames {
    let empty = Board::new(size);
    let mut board = empty.clone();
    let mut playout = Playout::new();
    let mut rng = Rng::new(seed);
    let start = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    loop {
        for _ in 0..64 {
            board.clone_from(&empty);
            moves += playout
                .run(&mut board, Color::Black, 0, &mut rng, None)
                .moves as u64;
            games += 1;
        }
        let elapsed = start.elapsed();
        if elapsed >= time {
            return RandomGames {
                games,
                moves,
                elapsed,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_are_counted() {
        let r = random_games(9, Duration::from_millis(20), 1);
        assert!(r.games >= 64 && r.moves > r.games * 50);
    }

    #[test]
    fn bad_arguments_fail() {
        assert_eq!(run(&["nonsense".to_string()]), 2);
        assert_eq!(run(&["--seconds".to_string()]), 2);
    }

    /// `cargo test --release --lib bench::tests::print_board_bench -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn print_board_bench() {
        assert_eq!(run(&["board".to_string()]), 0);
    }
}
