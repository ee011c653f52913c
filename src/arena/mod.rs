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
//! One line per finished game goes to standard error; the result table goes to standard
//! output. An engine that died or was killed is restarted for the next game.

pub mod clock;
pub mod engine_proc;
pub mod record;
pub mod referee;
pub mod report;
pub mod stats;

use crate::board::Color;
use crate::gtp_client::command_line;
use crate::rules::{Ruleset, PRESETS};
use clock::TimeControl;
use engine_proc::EngineProc;
use referee::{GameRecord, Setup};
use report::Summary;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

/// The command line of `koan match`.
#[derive(Clone, Debug, clap::Args)]
#[command(
    about = "Plays two GTP engines against each other and prints a result table",
    after_help = "The engine given with --black (engine A) takes Black in game 1; colours \
alternate. The program name `koan` means this koan binary. Commands are split as a shell \
splits them (quotes and \\ work).\n\nExit code: 0 when all games were played, 1 when an \
engine could not be (re)started, 2 on a bad option.",
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
    /// The referee's rules, also told to engines that know kgs-rules or rules [default:
    /// chinese, not told]
    #[arg(long, value_name = "PRESET", value_parser = preset)]
    pub rules: Option<Ruleset>,
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
    /// The match these arguments ask for; `Err` when an engine is missing.
    pub fn options(self) -> Result<MatchOptions, String> {
        let (Some(a), Some(b)) = (self.black, self.white) else {
            return Err("both --black and --white are needed".to_string());
        };
        let size = self.size as usize;
        let rules_preset = self.rules.and_then(|r| r.preset_name().map(str::to_string));
        Ok(MatchOptions {
            engines: [a.0, b.0],
            games: self.games as u32,
            setup: Setup {
                size,
                komi: self.komi,
                rules: self.rules.unwrap_or_default(),
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

/// A rules preset by name.
pub fn preset(name: &str) -> Result<Ruleset, String> {
    Ruleset::preset(name)
        .ok_or_else(|| format!("unknown preset '{name}' (presets: {})", PRESETS.join(", ")))
}

/// Plays the match and prints the table; returns the exit code.
pub fn run(options: &MatchOptions) -> i32 {
    let setup = &options.setup;
    for dir in [&options.sgf_dir, &options.stderr_dir]
        .into_iter()
        .flatten()
    {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("koan match: cannot create {}: {e}", dir.display());
            return 2;
        }
    }
    let mut players = Vec::new();
    for (i, argv) in options.engines.iter().enumerate() {
        let log = options
            .stderr_dir
            .as_ref()
            .map(|d| d.join(format!("engine-{}.log", ["a", "b"][i])));
        match EngineProc::start(argv.clone(), log) {
            Ok(p) => players.push(p),
            Err(e) => {
                eprintln!("koan match: engine {} cannot start: {e}", ["A", "B"][i]);
                return 1;
            }
        }
    }
    let [mut a, mut b]: [EngineProc; 2] = match players.try_into() {
        Ok(pair) => pair,
        Err(_) => return 1,
    };
    let mut summary = Summary {
        conditions: conditions(setup),
        labels: [a.label.clone(), b.label.clone()],
        commands: [a.command(), b.command()],
        ..Summary::default()
    };
    eprintln!(
        "koan match: A = {} vs B = {}, {} games, {}",
        summary.labels[0], summary.labels[1], options.games, summary.conditions
    );
    let mut code = 0;
    for game in 1..=options.games {
        if let Err(e) = restart(&mut a, "A").and_then(|()| restart(&mut b, "B")) {
            eprintln!("koan match: {e}; stopping after {} games", game - 1);
            code = 1;
            break;
        }
        let a_color = if game % 2 == 1 {
            Color::Black
        } else {
            Color::White
        };
        let (black, white) = match a_color {
            Color::Black => (&mut a, &mut b),
            Color::White => (&mut b, &mut a),
        };
        // On a terminal, a running move count; the finished game's line overwrites it.
        let live = std::io::stderr().is_terminal();
        let mut on_move = |moves: usize| {
            if live {
                eprint!("\rgame {game}/{}: move {moves}", options.games);
            }
        };
        let record = referee::play_game(setup, black, white, &mut on_move);
        if live {
            eprint!("\r\x1b[K");
        }
        summary.add(&record, a_color);
        if let Some(dir) = &options.sgf_dir {
            write_sgf(dir, game, &record, setup, &black.label, &white.label);
        }
        let (bn, wn) = match a_color {
            Color::Black => ("A", "B"),
            Color::White => ("B", "A"),
        };
        eprintln!(
            "game {game}/{}: black {bn}, white {wn}: {} ({}), moves: {}; {}",
            options.games,
            record.result(),
            record.reason(),
            record.moves.len(),
            summary.score_line()
        );
    }
    for (i, (p, name)) in [(&mut a, "A"), (&mut b, "B")].into_iter().enumerate() {
        summary.tallies[i].restarts = p.starts.saturating_sub(1);
        if let Some(w) = p.quit() {
            eprintln!("koan match: engine {name}: {w}");
        }
    }
    print!("{}", summary.table());
    code
}

/// Starts a new process for an engine that died or was killed.
fn restart(p: &mut EngineProc, name: &str) -> Result<(), String> {
    p.ensure_running()
        .map(|_| ())
        .map_err(|e| format!("engine {name} cannot be restarted: {e}"))
}

/// The conditions, in words, for the table.
fn conditions(setup: &Setup) -> String {
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
    format!(
        "{n}x{n}, komi {}, rules {rules}, at most {} s per move{clock}, cap {} moves",
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
