//! `koan match`: plays one GTP engine against another, refereed by koan's own rules code.
//!
//! Engine A (`--black`) takes Black in game 1 and the colours alternate. Each game starts
//! with `boardsize`, `clear_board`, `komi`, the rules (`kgs-rules` or `rules`, only with
//! `--rules` and only when the engine knows the command) and `time_settings` (with
//! `--time-settings`). Then the referee asks the player to move for `genmove`, checks the move
//! with [`Game::play`](crate::game::Game::play) and tells the opponent with `play`. An illegal
//! move, an error or malformed answer, a dead engine, or an answer later than
//! `--time-per-move-limit` (or the clock) loses the game and is counted. Two passes end the
//! game: the dead stones are those both engines list with `final_status_list dead`, or else
//! the referee's judgement ([`score::status::judge`](crate::score::status::judge)). A move cap
//! stops endless games, which are counted as they stand.
//!
//! With `--concurrency N`, N threads each drive their own pair of engine processes. `{seed}`
//! in an engine's command becomes a seed distinct for every game and engine (the engine is
//! started afresh for each game); `--openings` starts every game from the first moves of a
//! record, each opening played twice with the colours swapped. `--sprt` stops the match when
//! the test accepts a hypothesis.
//!
//! One line per finished game goes to standard error, and every `--progress` seconds a line
//! with the move count of each running game; the result table goes to standard output. An
//! engine that died or was killed is restarted for the next game.

pub mod clock;
pub mod engine_proc;
pub mod openings;
pub mod record;
pub mod referee;
pub mod report;
pub mod stats;

use crate::board::Color;
use crate::gtp_client::command_line;
use crate::player::handicap::fixed_handicap;
use crate::rules::{Ruleset, PRESETS};
use clock::TimeControl;
use engine_proc::EngineProc;
use openings::Opening;
use referee::{GameRecord, Setup};
use report::Summary;
use stats::{Sprt, Verdict};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{mpsc, Mutex};
use std::time::Duration;

/// The word in an engine command (`{seed}`) that becomes the game's seed for that engine.
pub const SEED_PLACEHOLDER: &str = "{seed}";

/// The command line of `koan match`.
#[derive(Clone, Debug, clap::Args)]
#[command(
    about = "Plays two GTP engines against each other and prints a result table",
    after_help = "The engine given with --black (engine A) takes Black in game 1; colours \
alternate. The program name `koan` means this koan binary. Commands are split as a shell \
splits them (quotes and \\ work). `{seed}` in a command becomes a seed distinct for every \
game and engine (for koan: `--seed {seed}`); such an engine is started afresh for every \
game.\n\nThe SPRT is fishtest's generalised SPRT on the game scores (wins, draws, losses) \
with the logistic Elo model; the match stops when H0 (Elo <= ELO0) or H1 (Elo >= ELO1) is \
accepted.\n\nExit code: 0 when the games were played (or the SPRT decided), 1 when an engine \
could not be (re)started (a missing program included), 2 on a bad option or a bad opening file.",
    allow_negative_numbers = true
)]
pub struct MatchArgs {
    /// Engine A, Black in odd games
    #[arg(long, value_name = "CMD", value_parser = engine_command)]
    pub black: Option<EngineCommand>,
    /// Engine B, Black in even games
    #[arg(long, value_name = "CMD", value_parser = engine_command)]
    pub white: Option<EngineCommand>,
    /// Games to play
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = whole(1, 1_000_000))]
    pub games: u64,
    /// Board size, 2 to 25
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = whole(2, 25))]
    pub size: u64,
    /// Komi
    #[arg(long, value_name = "K", default_value_t = 7.0, value_parser = komi)]
    pub komi: f64,
    /// Fixed handicap stones for Black (2 to 9, placed as GTP's fixed_handicap places them,
    /// and sent to both engines with that command); White moves first [default: none]
    #[arg(long, value_name = "N", value_parser = whole(2, 9))]
    pub handicap: Option<u64>,
    /// The referee's rules: a preset, then optionally key=value words ("chinese ko=fixed");
    /// told to engines that know kgs-rules (KGS's presets alone) or rules [default: chinese,
    /// not told]
    #[arg(long, value_name = "RULES", value_parser = rules_arg)]
    pub rules: Option<RulesArg>,
    /// Clock: M s main time, then B s per S moves (Canadian); sent as time_settings, with
    /// time_left before each move
    #[arg(long, value_name = "M B S", value_parser = TimeControl::parse)]
    pub time_settings: Option<TimeControl>,
    /// A longer answer loses on time
    #[arg(long, value_name = "SECS", default_value_t = 60.0, value_parser = seconds)]
    pub time_per_move_limit: f64,
    /// Stop and count a game after N moves [default: 3 x size x size]
    #[arg(long, value_name = "N", value_parser = whole(1, 100_000))]
    pub max_moves: Option<u64>,
    /// Seed of the referee's dead-stone judgement
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Write game-NNN.sgf for every game into DIR
    #[arg(long, value_name = "DIR")]
    pub sgf_dir: Option<PathBuf>,
    /// Append each engine's stderr to DIR/engine-a.log, engine-b.log [default: discarded]
    #[arg(long, value_name = "DIR")]
    pub stderr_dir: Option<PathBuf>,
    /// Games played at once, each by its own pair of engine processes
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = whole(1, 64))]
    pub concurrency: u64,
    /// Stop when a sequential probability ratio test of Elo(A - B) <= ELO0 against >= ELO1
    /// decides
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], value_parser = elo)]
    pub sprt: Option<Vec<f64>>,
    /// The SPRT's chance of accepting H1 when H0 holds
    #[arg(long, value_name = "P", default_value_t = 0.05, value_parser = chance)]
    pub sprt_alpha: f64,
    /// The SPRT's chance of accepting H0 when H1 holds
    #[arg(long, value_name = "P", default_value_t = 0.05, value_parser = chance)]
    pub sprt_beta: f64,
    /// Start games from the records in FILE.sgf or DIR (each opening twice, colours swapped)
    #[arg(long, value_name = "FILE.sgf|DIR")]
    pub openings: Option<PathBuf>,
    /// Moves of each opening record to play before the engines take over
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = whole(0, 1000))]
    pub opening_moves: u64,
    /// Print the move count of the running games every SECS seconds
    #[arg(long, value_name = "SECS", default_value_t = 30.0, value_parser = seconds)]
    pub progress: f64,
}

/// Options of `koan match`.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// Command lines of engines A (`--black`) and B (`--white`), split into words.
    pub engines: [Vec<String>; 2],
    /// Games to play.
    pub games: u32,
    /// The conditions of every game.
    pub setup: Setup,
    /// Where SGF files go.
    pub sgf_dir: Option<PathBuf>,
    /// Where the engines' stderr logs go.
    pub stderr_dir: Option<PathBuf>,
    /// Games at once.
    pub concurrency: usize,
    /// The SPRT, if any.
    pub sprt: Option<Sprt>,
    /// The openings (empty: every game from the empty board).
    pub openings: Vec<Opening>,
    /// How often the running games' move counts are printed.
    pub progress: Duration,
    /// The seed from which the games' engine seeds are derived.
    pub seed: u64,
}

/// The parser of `koan match` alone (for [`parse_args`]).
#[derive(clap::Parser)]
#[command(name = "koan match")]
struct MatchCli {
    #[command(flatten)]
    args: MatchArgs,
}

/// Parses the arguments after `match`; `Ok(None)` for `--help`, `Err` with the message
/// otherwise.
pub fn parse_args(args: &[String]) -> Result<Option<MatchOptions>, String> {
    use clap::Parser;
    let words = std::iter::once("koan match".to_string()).chain(args.iter().cloned());
    match MatchCli::try_parse_from(words) {
        Ok(cli) => cli.args.options().map(Some),
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

impl MatchArgs {
    /// The match these arguments ask for; `Err` when an engine is not given or an opening
    /// file is bad.
    pub fn options(self) -> Result<MatchOptions, String> {
        let (Some(a), Some(b)) = (self.black, self.white) else {
            return Err("both --black and --white are needed".to_string());
        };
        let size = self.size as usize;
        let rules_preset = self.rules.as_ref().map(|r| r.text.clone());
        let rules = self.rules.map_or_else(Ruleset::default, |r| r.rules);
        let handicap = match self.handicap {
            None => Vec::new(),
            Some(n) => fixed_handicap(size, n as usize).ok_or_else(|| {
                format!("--handicap: no fixed placement of {n} stones on {size}x{size}")
            })?,
        };
        if !handicap.is_empty() && self.openings.is_some() {
            return Err("--handicap and --openings do not go together".to_string());
        }
        let openings = match &self.openings {
            Some(path) => openings::load(path, self.opening_moves as usize, size, rules)?,
            None => Vec::new(),
        };
        let sprt = self.sprt.map(|e| Sprt {
            elo0: e[0],
            elo1: e[1],
            alpha: self.sprt_alpha,
            beta: self.sprt_beta,
        });
        if let Some(t) = sprt {
            if t.elo0 >= t.elo1 {
                return Err(format!(
                    "--sprt: ELO0 ({}) must be below ELO1 ({})",
                    t.elo0, t.elo1
                ));
            }
        }
        Ok(MatchOptions {
            concurrency: self.concurrency as usize,
            sprt,
            openings,
            progress: Duration::from_secs_f64(self.progress),
            seed: self.seed,
            engines: [a.0, b.0],
            games: self.games as u32,
            setup: Setup {
                size,
                komi: self.komi,
                handicap,
                rules,
                rules_preset,
                time: self.time_settings,
                move_limit: Duration::from_secs_f64(self.time_per_move_limit),
                max_moves: self.max_moves.map_or(3 * size * size, |m| m as usize),
                seed: self.seed,
            },
            sgf_dir: self.sgf_dir,
            stderr_dir: self.stderr_dir,
        })
    }
}

/// An engine's command line, split into program and arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand(pub Vec<String>);

/// An engine command line, split (`koan` as program meaning this binary).
fn engine_command(line: &str) -> Result<EngineCommand, String> {
    command_line::engine_argv(line).map(EngineCommand)
}

/// A parser of whole numbers in `min..=max`.
fn whole(min: u64, max: u64) -> impl Fn(&str) -> Result<u64, String> + Clone {
    move |text| {
        text.parse::<u64>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| format!("'{text}' is not a whole number from {min} to {max}"))
    }
}

/// A komi: a finite number of at most 1,000 points either way.
fn komi(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|k| k.is_finite() && k.abs() <= 1000.0)
        .ok_or_else(|| format!("'{text}' is not a number"))
}

/// A positive number of seconds.
fn seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 1e6)
        .ok_or_else(|| format!("'{text}' is not a positive number of seconds"))
}

/// An Elo difference: a finite number of at most 2,000 either way.
fn elo(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|e| e.is_finite() && e.abs() <= 2000.0)
        .ok_or_else(|| format!("'{text}' is not an Elo difference from -2000 to 2000"))
}

/// A probability strictly between 0 and 0.5.
fn chance(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|p| *p > 0.0 && *p < 0.5)
        .ok_or_else(|| format!("'{text}' is not a probability between 0 and 0.5"))
}

/// `--rules`: the referee's rules and the words that tell them to the engines.
#[derive(Clone, Debug)]
pub struct RulesArg {
    /// The rules the referee applies.
    pub rules: Ruleset,
    /// The preset's canonical name, then the `key=value` words as given.
    pub text: String,
}

/// A preset, then optionally `key=value` words as GTP `rules` takes them
/// (`chinese ko=fixed`).
pub fn rules_arg(text: &str) -> Result<RulesArg, String> {
    let mut words = text.split_whitespace();
    let name = words.next().unwrap_or("");
    let (mut rules, canonical) = Ruleset::preset(name)
        .and_then(|r| r.preset_name().map(|n| (r, n)))
        .ok_or_else(|| {
            format!(
                "unknown preset '{name}' (presets: {}; key=value words may follow one)",
                PRESETS.join(", ")
            )
        })?;
    let mut told = vec![canonical.to_string()];
    for word in words {
        rules.set(word).map_err(|e| format!("'{word}': {e}"))?;
        told.push(word.to_string());
    }
    Ok(RulesArg {
        rules,
        text: told.join(" "),
    })
}

/// What the workers share: the next game to play, the running games, the summary.
struct Shared {
    /// The next game number to hand out.
    next: u32,
    /// Stop handing out games (the SPRT decided or an engine cannot start).
    stop: bool,
    /// Moves played so far in each running game.
    running: BTreeMap<u32, usize>,
    /// The finished games.
    summary: Summary,
    /// The exit code.
    code: i32,
}

/// Plays the match and prints the table; returns the exit code.
pub fn run(options: &MatchOptions) -> i32 {
    for dir in [&options.sgf_dir, &options.stderr_dir]
        .into_iter()
        .flatten()
    {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("koan match: cannot create {}: {e}", dir.display());
            return 2;
        }
    }
    // The first pair starts here, so that a broken engine stops the match at once and the
    // table has the engines' names.
    let first = match start_pair(options, 1) {
        Ok(pair) => pair,
        Err(e) => {
            eprintln!("koan match: {e}");
            return 1;
        }
    };
    let summary = Summary {
        conditions: conditions(options),
        labels: [first[0].label.clone(), first[1].label.clone()],
        commands: options.engines.clone().map(|argv| argv.join(" ")),
        sprt: options.sprt,
        ..Summary::default()
    };
    eprintln!(
        "koan match: A = {} vs B = {}, {} games, {}",
        summary.labels[0], summary.labels[1], options.games, summary.conditions
    );
    let shared = Mutex::new(Shared {
        next: 1,
        stop: false,
        running: BTreeMap::new(),
        summary,
        code: 0,
    });
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let shared = &shared;
        scope.spawn(move || progress(shared, options, &finished));
        let mut workers = Vec::new();
        let mut first = Some(first);
        for _ in 0..options.concurrency.min(options.games as usize) {
            let pair = first.take();
            workers.push(scope.spawn(move || worker(shared, options, pair)));
        }
        for w in workers {
            let _ = w.join();
        }
        drop(done);
    });
    let shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some((_, n)) = shared.summary.decided {
        eprintln!(
            "koan match: the SPRT decided after {n} games ({} played)",
            shared.summary.games
        );
    }
    crate::out!("{}", shared.summary.table());
    shared.code
}

/// Every `options.progress`, one line with the move count of each running game, until
/// `finished` closes.
fn progress(shared: &Mutex<Shared>, options: &MatchOptions, finished: &mpsc::Receiver<()>) {
    while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(options.progress) {
        let s = lock(shared);
        if s.running.is_empty() {
            continue;
        }
        let games: Vec<String> = s
            .running
            .iter()
            .map(|(game, moves)| format!("game {game} at move {moves}"))
            .collect();
        eprintln!("running: {}; {}", games.join(", "), s.summary.score_line());
    }
}

/// Locks the shared state, even after a worker panicked.
fn lock(shared: &Mutex<Shared>) -> std::sync::MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// The command lines of engines A and B for `game`, with `{seed}` replaced.
fn commands_for(options: &MatchOptions, game: u32) -> [Vec<String>; 2] {
    let mut engine = 0;
    options.engines.clone().map(|argv| {
        engine += 1;
        let seed = game_seed(options.seed, game, engine);
        argv.into_iter()
            .map(|w| w.replace(SEED_PLACEHOLDER, &seed.to_string()))
            .collect()
    })
}

/// The seed of `engine` (1 = A, 2 = B) in `game`: distinct for every game and engine.
fn game_seed(base: u64, game: u32, engine: u64) -> u64 {
    base.wrapping_mul(1_000_003)
        .wrapping_add(2 * u64::from(game) + engine)
}

/// Starts engines A and B as `game` wants them.
fn start_pair(options: &MatchOptions, game: u32) -> Result<[EngineProc; 2], String> {
    let [a, b] = commands_for(options, game);
    for (argv, name) in [(&a, "A"), (&b, "B")] {
        command_line::check_program(&argv[0])
            .map_err(|e| format!("engine {name} cannot start: {e}"))?;
    }
    let log = |name: &str| {
        options
            .stderr_dir
            .as_ref()
            .map(|d| d.join(format!("engine-{name}.log")))
    };
    let a = EngineProc::start(a, log("a")).map_err(|e| format!("engine A cannot start: {e}"))?;
    let b = EngineProc::start(b, log("b")).map_err(|e| format!("engine B cannot start: {e}"))?;
    Ok([a, b])
}

/// Plays games until none are left or the match stops, with its own engines.
fn worker(shared: &Mutex<Shared>, options: &MatchOptions, pair: Option<[EngineProc; 2]>) {
    let setup = &options.setup;
    let mut pair = pair;
    loop {
        let game = {
            let mut s = lock(shared);
            if s.stop || s.next > options.games {
                break;
            }
            let game = s.next;
            s.next += 1;
            s.running.insert(game, 0);
            game
        };
        let ready = match pair.as_mut() {
            None => start_pair(options, game).map(|p| pair = Some(p)),
            Some([a, b]) => {
                let [argv_a, argv_b] = commands_for(options, game);
                a.retarget(argv_a);
                b.retarget(argv_b);
                restart(a, "A").and_then(|()| restart(b, "B"))
            }
        };
        let Some([a, b]) = pair.as_mut().filter(|_| ready.is_ok()) else {
            let mut s = lock(shared);
            eprintln!(
                "koan match: {}; stopping after {} games",
                ready.err().unwrap_or_default(),
                s.summary.games
            );
            s.running.remove(&game);
            s.stop = true;
            s.code = 1;
            break;
        };
        let a_color = if game % 2 == 1 {
            Color::Black
        } else {
            Color::White
        };
        let (black, white) = match a_color {
            Color::Black => (a, b),
            Color::White => (b, a),
        };
        let opening: &[_] = if options.openings.is_empty() {
            &[]
        } else {
            &options.openings[((game as usize - 1) / 2) % options.openings.len()]
        };
        let mut on_move = |moves: usize| {
            lock(shared).running.insert(game, moves);
        };
        let record = referee::play_game(setup, opening, black, white, &mut on_move);
        if let Some(dir) = &options.sgf_dir {
            write_sgf(dir, game, &record, setup, &black.label, &white.label);
        }
        let (bn, wn) = match a_color {
            Color::Black => ("A", "B"),
            Color::White => ("B", "A"),
        };
        let mut s = lock(shared);
        s.running.remove(&game);
        s.summary.add(&record, a_color);
        eprintln!(
            "game {game}/{}: black {bn}, white {wn}: {} ({}), moves: {}; {}",
            options.games,
            record.result(),
            record.reason(),
            record.moves.len(),
            s.summary.score_line()
        );
        if s.summary.verdict() != Verdict::Continue {
            s.stop = true;
        }
    }
    if let Some(pair) = pair.as_mut() {
        for (i, (p, name)) in pair.iter_mut().zip(["A", "B"]).enumerate() {
            let restarts = p.starts.saturating_sub(1);
            lock(shared).summary.tallies[i].restarts += restarts;
            if let Some(w) = p.quit() {
                eprintln!("koan match: engine {name}: {w}");
            }
        }
    }
}

/// Starts a new process for an engine that died or was killed.
fn restart(p: &mut EngineProc, name: &str) -> Result<(), String> {
    p.ensure_running()
        .map(|_| ())
        .map_err(|e| format!("engine {name} cannot be restarted: {e}"))
}

/// The conditions, in words, for the table.
fn conditions(options: &MatchOptions) -> String {
    let setup = &options.setup;
    let rules = setup
        .rules_preset
        .clone()
        .unwrap_or_else(|| format!("{} (default)", setup.rules.preset_name().unwrap_or("?")));
    let clock = setup.time.map_or(String::new(), |t| {
        format!(
            ", clock {} s + {} s per {} moves",
            t.main, t.byo_yomi, t.stones
        )
    });
    let openings = if options.openings.is_empty() {
        String::new()
    } else {
        format!(
            ", {} openings of {} moves",
            options.openings.len(),
            options.openings[0].len()
        )
    };
    let handicap = match setup.handicap.len() {
        0 => String::new(),
        n => format!(", handicap {n}"),
    };
    format!(
        "{n}x{n}, komi {}{handicap}, rules {rules}, at most {} s per move{clock}, cap {} moves{openings}",
        setup.komi,
        setup.move_limit.as_secs_f64(),
        setup.max_moves,
        n = setup.size
    )
}

/// Writes `DIR/game-NNN.sgf`; a failure is reported and the match goes on.
fn write_sgf(
    dir: &std::path::Path,
    game: u32,
    record: &GameRecord,
    setup: &Setup,
    black: &str,
    white: &str,
) {
    let path = dir.join(format!("game-{game:03}.sgf"));
    let text = record::sgf_text(record, setup, black, white);
    if let Err(e) = std::fs::write(&path, text) {
        eprintln!("koan match: cannot write {}: {e}", path.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        command_line::split_command(line).unwrap()
    }

    #[test]
    fn defaults_and_options() {
        let o = parse_args(&args("--black 'koan --threads 2' --white gnugo"))
            .unwrap()
            .unwrap();
        assert_eq!(o.games, 10);
        assert_eq!(o.setup.size, 9);
        assert_eq!(o.setup.komi, 7.0);
        assert_eq!(o.setup.max_moves, 243);
        assert_eq!(o.setup.move_limit, Duration::from_secs(60));
        assert_eq!(o.setup.rules_preset, None);
        assert_eq!(&o.engines[0][1..], ["--threads", "2"]);
        let o = parse_args(&args(
            "--black a --white b --size=19 --komi 7.5 --games 20 --rules japanese \
             --time-settings '60 10 5' --time-per-move-limit 0.5 --max-moves 40",
        ))
        .unwrap()
        .unwrap();
        assert_eq!((o.setup.size, o.setup.komi, o.games), (19, 7.5, 20));
        assert_eq!(o.setup.rules_preset.as_deref(), Some("japanese"));
        assert_eq!(o.setup.time.unwrap().byo_yomi, 10);
        assert_eq!(o.setup.move_limit, Duration::from_millis(500));
        assert_eq!(o.setup.max_moves, 40);
        assert!(parse_args(&args("--help")).unwrap().is_none());
        // Words after the preset change the referee's rules and are told as given.
        let o = parse_args(&args("--black a --white b --rules 'NewZealand ko=fixed'"))
            .unwrap()
            .unwrap();
        assert_eq!(o.setup.rules.ko, crate::rules::KoRule::Fixed);
        assert_eq!(o.setup.rules.komi, 7.0);
        assert_eq!(
            o.setup.rules_preset.as_deref(),
            Some("new_zealand ko=fixed")
        );
    }

    #[test]
    fn bad_options_are_explained() {
        for (line, says) in [
            ("--black a", "both --black and --white"),
            ("--black a --white b --size 1", "'1' for '--size"),
            ("--black a --white b --games 0", "--games"),
            ("--black a --white b --komi x", "--komi"),
            ("--black a --white b --rules nope", "unknown preset 'nope'"),
            (
                "--black a --white b --rules 'chinese ko=nope'",
                "'ko=nope': unknown ko rule",
            ),
            (
                "--black a --white b --rules 'ko=fixed'",
                "unknown preset 'ko=fixed'",
            ),
            (
                "--black a --white b --frobnicate",
                "unexpected argument '--frobnicate'",
            ),
            ("--black a --white b --time-per-move-limit -1", "positive"),
            ("--black '' --white b", "--black"),
            ("--black a --white", "a value is required for '--white"),
        ] {
            let e = parse_args(&args(line)).unwrap_err();
            assert!(e.contains(says), "{line}: {e}");
        }
    }
}
