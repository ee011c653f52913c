//! `koan bench`: speed measurements printed to stdout.
//!
//! - `koan bench board` (also plain `koan bench`): uniformly random games (no filling own
//!   eyes, simple ko, no suicide) from the empty 9x9 and 19x19 boards on one thread, for
//!   `--seconds S` seconds each (default 2). Prints `9x9 random playouts/s/thread: N` and
//!   `19x19 random playouts/s/thread: N` on stdout, and the average game length on stderr.
//! - `koan bench playouts`: the search's playouts ([`Playout::run`]: random, no filling own
//!   eyes, the ko rule obeyed against the history), one thread, from the empty 9x9 and 19x19
//!   boards under the default rules, `--seconds S` each. Prints
//!   `9x9 policy playouts/s/thread: N` and `19x19 policy playouts/s/thread: N`.
//!   With `--count N`, exactly `N` seeded playouts per board size instead of `--seconds`:
//!   the same work on every run and every build, for instruction counts (`valgrind
//!   --tool=callgrind`) that a loaded machine does not disturb. It also prints
//!   `SIZExSIZE policy playout moves: M`, the moves of all `N` playouts, which two builds
//!   that play the same moves give alike.
//! - `koan bench playouts --ko-rules`: the same on 9x9 from a position 20 random moves into
//!   a game (so the history is not empty), under each ko rule, `--seconds S` each. Prints
//!   one line per rule, `9x9 policy playouts/s/thread ko=RULE: N` (RULE the GTP name), and
//!   on stderr each rule's difference from `simple`. The rules take turns in slices of 50
//!   ms, so that a slower or faster spell of a busy machine is shared by all.
//!
//! - `koan bench genmove [--threads N]`: whole searches ([`Searcher::search`]) with `N`
//!   threads (default: all cores), `--seconds S` each, from the empty 9x9 and 19x19 boards
//!   and from a position 20 moves into a game. Prints `9x9 search playouts/s: N` and
//!   `19x19 search playouts/s: N` (the sum over both positions divided by the time), and
//!   on stderr the move chosen, its win rate and the tree size.
//!
//! - `koan bench records`: a long game record, as GTP's `loadsgf` and `undo` handle it: a
//!   1,000-move 19x19 game and a 1,246-move 25x25 game of random moves (captures favoured),
//!   under simple ko and under Ing-Spight (the one rule whose memory reads every move).
//!   Prints, for each, `SIZExSIZE load of a N-move record ko=RULE: T ms` (parse the SGF text
//!   and build the game) and `SIZExSIZE undo at move N ko=RULE: T ms` (the mean of the
//!   undos from move N down to move N - 100).
//!
//! - `koan bench network --model FILE [--threads N] [--batch B]`: a KataGo network's
//!   evaluations per second (input planes, forward pass and post-processing) of a position 20
//!   moves into a 9x9 and a 19x19 game, on one thread and on `N` threads (default: all
//!   cores), `--seconds S` each, each thread evaluating one position at a time and, with
//!   `--batch B`, also `B` positions in one pass. Prints
//!   `9x9 network evals/s threads=T: N` (and `... threads=T batch=B: N`) and the same for
//!   19x19.
//!
//! Playouts are measured as the search runs them: the policy, the ko rule against the
//! history, and the mercy rule.
//!
//! Further benchmarks go in [`run`]'s match, one function each.

use crate::board::{Board, Color, Point};
use crate::game::Game;
use crate::ko_types::pass_rule::GameMaker;
use crate::rules::judge::Judge;
use crate::rules::ko::KO_RULES;
use crate::rules::line::KoLine;
use crate::rules::{KoRule, Ruleset};
use crate::search::playout::Playout;
use crate::search::rng::Rng;
use crate::search::{mercy_margin, SearchMove, SearchParams, Searcher};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// `koan bench network`: the network's evaluations per second (input planes, forward pass,
/// post-processing) of a position 20 moves into a 9x9 and a 19x19 game, on one thread and on
/// `threads` threads, each thread evaluating one position at a time and, when `batch` is
/// more than 1, `batch` positions in one pass. Prints `SIZExSIZE network evals/s threads=T: N`
/// (`... threads=T batch=B: N` for batches). Returns the exit code (2 without a readable
/// model, with the reason on stderr).
fn bench_network(
    model: Option<&std::path::Path>,
    time: Duration,
    threads: usize,
    batch: usize,
) -> i32 {
    let Some(path) = model else {
        eprintln!("koan bench network: --model FILE names the network to measure");
        return 2;
    };
    let model = match crate::nn::Model::load(path) {
        Ok(m) => std::sync::Arc::new(m),
        Err(e) => {
            eprintln!("koan bench network: {e}");
            return 2;
        }
    };
    for size in [9, 19] {
        let mut game = GameMaker::default().new_game(size, Ruleset::default());
        for (c, p) in opening(size, HISTORY_MOVES, SEED) {
            game.play(c, p).expect("the opening is legal");
        }
        let mut counts = vec![1];
        if threads > 1 {
            counts.push(threads);
        }
        let mut batches = vec![1];
        if batch > 1 {
            batches.push(batch);
        }
        for &b in &batches {
            for &t in &counts {
                let rate = crate::nn::eval::evals_per_second(&model, &game, t, b, time);
                let batch = if b > 1 {
                    format!(" batch={b}")
                } else {
                    String::new()
                };
                crate::outln!("{size}x{size} network evals/s threads={t}{batch}: {rate:.1}");
            }
        }
    }
    0
}

/// Seed of every benchmark's random numbers.
const SEED: u64 = 0x6b6f_616e;
/// Moves played before the playouts of `bench playouts --ko-rules`.
const HISTORY_MOVES: usize = 20;
/// Length of one rule's turn in `bench playouts --ko-rules` (at least 8 turns each).
const SLICE: Duration = Duration::from_millis(50);

/// The benchmarks of `koan bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Benchmark {
    /// Uniformly random games, one thread
    Board,
    /// The search's playouts, one thread (with --ko-rules: under each ko rule)
    Playouts,
    /// Whole searches with --threads threads
    Genmove,
    /// Loading a long game record and undoing its moves
    Records,
    /// KataGo network evaluations (--model FILE) with 1 and --threads threads
    Network,
}

/// The command line of `koan bench`.
#[derive(Clone, Debug, clap::Args)]
#[command(about = "Prints speed figures")]
pub struct BenchArgs {
    /// What to measure
    #[arg(value_enum, default_value_t = Benchmark::Board)]
    pub what: Benchmark,
    /// Seconds for each measurement
    #[arg(long, value_name = "S", default_value_t = 2.0, value_parser = positive_seconds)]
    pub seconds: f64,
    /// With `playouts`: one line per ko rule, from a position 20 moves into a game
    #[arg(long)]
    pub ko_rules: bool,
    /// With `playouts`: exactly N seeded playouts per board size instead of --seconds (the
    /// same work every run, for instruction counts)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
    /// With `genmove` and `network`: threads [default: all cores]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// With `network`: the KataGo network file (`.bin.gz`)
    #[arg(long, value_name = "FILE")]
    pub model: Option<std::path::PathBuf>,
    /// With `network`: also measure B positions per pass through the network
    #[arg(long, value_name = "B", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=256))]
    pub batch: u64,
}

/// A positive, finite number of seconds.
fn positive_seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0 && s.is_finite())
        .ok_or_else(|| format!("'{text}' is not a positive number"))
}

/// The parser of `koan bench` alone (for [`run`]).
#[derive(clap::Parser)]
#[command(name = "koan bench")]
struct BenchCli {
    #[command(flatten)]
    args: BenchArgs,
}

/// Runs `koan bench ARGS...` (`args` are the words after `bench`); returns the process exit
/// code (2 on bad arguments, with a message on stderr).
pub fn run(args: &[String]) -> i32 {
    use clap::Parser;
    let words = std::iter::once("koan bench".to_string()).chain(args.iter().cloned());
    match BenchCli::try_parse_from(words) {
        Ok(cli) => run_bench(&cli.args),
        Err(e) => {
            let _ = e.print();
            e.exit_code()
        }
    }
}

/// Runs the benchmark `args` asks for; returns the process exit code (2 when `--ko-rules`
/// or `--count` goes with a benchmark other than `playouts`, with a message on stderr).
pub fn run_bench(args: &BenchArgs) -> i32 {
    let time = Duration::from_secs_f64(args.seconds);
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    if args.count.is_some() && (args.what != Benchmark::Playouts || args.ko_rules) {
        eprintln!("koan bench: --count goes with 'playouts' alone");
        return 2;
    }
    match (args.what, args.ko_rules) {
        (Benchmark::Board, false) => bench_board(time),
        (Benchmark::Playouts, false) => match args.count {
            Some(n) => count_playouts(n),
            None => bench_playouts(time),
        },
        (Benchmark::Playouts, true) => bench_ko_rules(time),
        (Benchmark::Genmove, false) => bench_genmove(time, threads),
        (Benchmark::Records, false) => bench_records(time),
        (Benchmark::Network, false) => {
            return bench_network(args.model.as_deref(), time, threads, args.batch as usize)
        }
        (_, true) => {
            eprintln!("koan bench: --ko-rules goes with 'playouts' only");
            return 2;
        }
    }
    0
}

/// Loading long records and undoing their moves (see the module documentation).
fn bench_records(time: Duration) {
    use crate::game::random::{play_random_moves, Odds};
    use crate::sgf;
    const UNDOS: usize = 100;
    for (size, moves) in [(19, 1000), (25, 1246)] {
        let mut rng = Rng::new(SEED);
        let odds = Odds {
            pass: (1, 100),
            capture: (1, 2),
        };
        // Made under Ing-Spight, the strictest rule here, so that it is legal under both.
        let strict = Ruleset {
            ko: KoRule::IngSpight,
            ..Ruleset::default()
        };
        let mut game = GameMaker::default().new_game(size, strict);
        play_random_moves(&mut game, moves, odds, |n| rng.below(n));
        let text = sgf::write(&game.to_sgf("Chinese".into(), None));
        for ko in [KoRule::Simple, KoRule::IngSpight] {
            let rules = Ruleset {
                ko,
                ..Ruleset::default()
            };
            let load = || {
                let record = sgf::parse(&text).expect("the record parses");
                GameMaker::default()
                    .game_from_sgf(&record, rules, 7.5, None)
                    .expect("the record loads")
            };
            let (mut loads, mut load_time) = (0u32, Duration::ZERO);
            let (mut undos, mut undo_time) = (0u32, Duration::ZERO);
            let start = Instant::now();
            while loads == 0 || start.elapsed() < time {
                let t = Instant::now();
                let mut g = load();
                load_time += t.elapsed();
                loads += 1;
                let t = Instant::now();
                for _ in 0..UNDOS {
                    assert!(g.undo(), "the record has moves to undo");
                }
                undo_time += t.elapsed();
                undos += UNDOS as u32;
            }
            let ms = |d: Duration, n: u32| d.as_secs_f64() * 1000.0 / f64::from(n);
            crate::outln!(
                "{size}x{size} load of a {moves}-move record ko={ko}: {:.2} ms",
                ms(load_time, loads)
            );
            crate::outln!(
                "{size}x{size} undo at move {moves} ko={ko}: {:.3} ms",
                ms(undo_time, undos)
            );
        }
    }
}

/// Policy playouts per second from the empty 9x9 and 19x19 boards, default rules.
fn bench_playouts(time: Duration) {
    for size in [9, 19] {
        let game = GameMaker::default().new_game(size, Ruleset::default());
        let r = policy_playouts(&game, time, SEED);
        crate::outln!("{size}x{size} policy playouts/s/thread: {}", r.per_second());
        eprintln!(
            "{size}x{size} ko={}: {} playouts, average length {:.1} moves",
            game.rules().ko,
            r.games,
            r.average_length()
        );
    }
}

/// Exactly `count` seeded policy playouts from the empty 9x9 and 19x19 boards, default
/// rules: the same work on every run, for instruction counts.
fn count_playouts(count: u64) {
    for size in [9, 19] {
        let game = GameMaker::default().new_game(size, Ruleset::default());
        let r = run_playouts(
            game.board(),
            game.to_move(),
            0,
            Some(Judge::new(game.rules(), &KoLine::new(game.memory()))),
            Limit::Games(count),
            SEED,
        );
        crate::outln!("{size}x{size} policy playouts/s/thread: {}", r.per_second());
        crate::outln!("{size}x{size} policy playout moves: {}", r.moves);
    }
}

/// Policy playouts per second on 9x9 after [`HISTORY_MOVES`] moves, under every ko rule.
fn bench_ko_rules(time: Duration) {
    let moves = opening(9, HISTORY_MOVES, SEED);
    let games: Vec<Game> = KO_RULES
        .iter()
        .map(|&(ko, _)| {
            let mut g = GameMaker::default().new_game(
                9,
                Ruleset {
                    ko,
                    ..Ruleset::default()
                },
            );
            for &(c, p) in &moves {
                g.play(c, p).expect("the opening is legal under every rule");
            }
            g
        })
        .collect();
    let mut totals = vec![
        RandomGames {
            games: 0,
            moves: 0,
            elapsed: Duration::ZERO,
        };
        games.len()
    ];
    let slices = (time.as_secs_f64() / SLICE.as_secs_f64()).round().max(8.0) as u32;
    for slice in 0..slices {
        for (g, t) in games.iter().zip(&mut totals) {
            let r = policy_playouts(g, time / slices, SEED ^ slice as u64);
            t.games += r.games;
            t.moves += r.moves;
            t.elapsed += r.elapsed;
        }
    }
    let simple = totals[0].per_second() as f64;
    for (g, t) in games.iter().zip(&totals) {
        let rule = g.rules().ko;
        crate::outln!("9x9 policy playouts/s/thread ko={rule}: {}", t.per_second());
        eprintln!(
            "ko={rule}: {} playouts, average length {:.1} moves, {:+.1}% against simple",
            t.games,
            t.average_length(),
            100.0 * (t.per_second() as f64 / simple - 1.0)
        );
    }
}

/// Whole searches with `threads` threads from two positions per board size.
fn bench_genmove(time: Duration, threads: usize) {
    for size in [9, 19] {
        let mut total = 0u64;
        let mut elapsed = Duration::ZERO;
        for moves in [0, HISTORY_MOVES] {
            let mut game = GameMaker::default().new_game(size, Ruleset::default());
            for (c, p) in opening(size, moves, SEED) {
                game.play(c, p).expect("the opening is legal");
            }
            let params = SearchParams {
                threads,
                max_playouts: None,
                max_time: Some(time / 2),
                time_cap: None,
                seed: SEED,
                always_search: false,
                ..SearchParams::default()
            };
            let mut searcher = Searcher::new();
            let color = game.to_move();
            let r = searcher.search(&game, color, &params, &AtomicBool::new(false), None);
            total += r.playouts;
            elapsed += r.elapsed;
            let best = match r.best {
                SearchMove::Play(p) => game.board().vertex(p),
                SearchMove::Pass => "pass".to_string(),
                SearchMove::Resign => "resign".to_string(),
            };
            eprintln!(
                "{size}x{size} after {moves} moves, {threads} threads: {} playouts in {:.2}s, \
                 best {best}, win rate {:.3}, tree {} nodes",
                r.playouts,
                r.elapsed.as_secs_f64(),
                r.winrate,
                searcher.tree_size()
            );
        }
        let rate = total as f64 / elapsed.as_secs_f64().max(1e-9);
        crate::outln!("{size}x{size} search playouts/s: {}", rate.round() as u64);
    }
}

/// `count` random legal moves from the empty `size` board (no passes, no filling own eyes),
/// with the colours that made them.
pub fn opening(size: usize, count: usize, seed: u64) -> Vec<(Color, Point)> {
    let mut g = GameMaker::default().new_game(size, Ruleset::default());
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let c = g.to_move();
        let legal: Vec<Point> = g
            .legal_plays(c)
            .into_iter()
            .filter(|&p| !g.board().is_eye(p, c))
            .collect();
        let p = legal.get(rng.below(legal.len().max(1))).copied();
        let p = p.unwrap_or(Point::PASS);
        g.play(c, p).expect("a legal move");
        out.push((c, p));
    }
    out
}

/// Plays search playouts (the game's ko rule against its history) from `game`'s position
/// for about `time` on this thread.
pub fn policy_playouts(game: &Game, time: Duration, seed: u64) -> RandomGames {
    let line = KoLine::new(game.memory());
    let passes = game.moves().last().is_some_and(|s| s.is_pass()) as u32;
    let ko = Some(Judge::new(game.rules(), &line));
    run_playouts(
        game.board(),
        game.to_move(),
        passes,
        ko,
        Limit::Time(time),
        seed,
    )
}

/// How long [`run_playouts`] plays.
#[derive(Clone, Copy)]
enum Limit {
    /// About this long (whole batches of 64 playouts).
    Time(Duration),
    /// Exactly this many playouts.
    Games(u64),
}

/// Plays playouts from `start` (`to_move` to play, after `passes` passes in a row, under
/// `ko`) again and again on this thread until `limit`, counting games and moves.
fn run_playouts(
    start: &Board,
    to_move: Color,
    passes: u32,
    ko: Option<Judge<KoLine>>,
    limit: Limit,
    seed: u64,
) -> RandomGames {
    let mut board = start.clone();
    let mut playout = Playout::new();
    if ko.is_some() {
        playout.set_mercy(Some(mercy_margin(start.size(), Ruleset::default().komi)));
    } else {
        playout.set_uniform(true);
    }
    let mut rng = Rng::new(seed);
    let clock = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    loop {
        // Read the clock once per batch: it costs about as much as a short playout.
        let batch = match limit {
            Limit::Time(_) => 64,
            Limit::Games(n) => (n - games).min(64),
        };
        for _ in 0..batch {
            board.clone_from(start);
            moves += playout.run(&mut board, to_move, passes, &mut rng, ko).moves as u64;
            games += 1;
        }
        let elapsed = clock.elapsed();
        let done = match limit {
            Limit::Time(time) => elapsed >= time,
            Limit::Games(n) => games >= n,
        };
        if done {
            return RandomGames {
                games,
                moves,
                elapsed,
            };
        }
    }
}

/// Random games per second on 9x9 and 19x19, one thread.
fn bench_board(time: Duration) {
    for size in [9, 19] {
        let r = random_games(size, time, SEED);
        crate::outln!("{size}x{size} random playouts/s/thread: {}", r.per_second());
        eprintln!(
            "{size}x{size}: {} games, average length {:.1} moves",
            r.games,
            r.average_length()
        );
    }
}

/// What [`random_games`] or [`policy_playouts`] measured.
#[derive(Clone, Copy, Debug)]
pub struct RandomGames {
    /// Games played.
    pub games: u64,
    /// Moves made in all, passes included.
    pub moves: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl RandomGames {
    /// Games per second, rounded.
    pub fn per_second(&self) -> u64 {
        (self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)).round() as u64
    }

    /// Moves per game.
    pub fn average_length(&self) -> f64 {
        self.moves as f64 / self.games.max(1) as f64
    }
}

/// Plays random games from the empty `size` board for about `time` on this thread.
pub fn random_games(size: usize, time: Duration, seed: u64) -> RandomGames {
    run_playouts(
        &Board::new(size),
        Color::Black,
        0,
        None,
        Limit::Time(time),
        seed,
    )
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
        assert_eq!(run(&["board".to_string(), "--ko-rules".to_string()]), 2);
        let words = |w: &str| w.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(run(&words("board --count 5")), 2);
        assert_eq!(run(&words("playouts --ko-rules --count 5")), 2);
        assert_eq!(run(&words("playouts --count 0")), 2);
    }

    #[test]
    fn policy_playouts_run_under_every_rule() {
        let moves = opening(9, HISTORY_MOVES, SEED);
        assert_eq!(moves.len(), HISTORY_MOVES);
        for &(ko, _) in KO_RULES {
            let mut g = GameMaker::default().new_game(
                9,
                Ruleset {
                    ko,
                    ..Ruleset::default()
                },
            );
            for &(c, p) in &moves {
                g.play(c, p).unwrap();
            }
            let r = policy_playouts(&g, Duration::from_millis(5), 1);
            assert!(r.games >= 16 && r.average_length() > 20.0, "{ko}: {r:?}");
        }
    }

    /// `cargo test --release --lib bench::tests::print_playouts_bench -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn print_playouts_bench() {
        assert_eq!(run(&["playouts".to_string()]), 0);
        assert_eq!(run(&["playouts".to_string(), "--ko-rules".to_string()]), 0);
    }

    /// `cargo test --release --lib bench::tests::print_board_bench -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn print_board_bench() {
        assert_eq!(run(&["board".to_string()]), 0);
    }
}
