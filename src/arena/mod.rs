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

/// Usage text of `koan match`.
pub const USAGE: &str = "\
Usage: koan match --black \"CMD ARGS\" --white \"CMD ARGS\" [OPTIONS]

Plays two GTP engines against each other and prints a result table. The engine given with
--black (engine A) takes Black in game 1; colours alternate. The program name `koan` means
this koan binary. Commands are split like a shell does (quotes and \\ work).

Options:
  --black \"CMD\"              engine A, Black in odd games
  --white \"CMD\"              engine B, Black in even games
  --games N                  games to play (default: 10)
  --size N                   board size, 2 to 25 (default: 9)
  --komi K                   komi (default: 7)
  --rules PRESET             the referee's rules, also told to engines that know
                             kgs-rules or rules (default: chinese, not told)
  --time-settings \"M B S\"    clock: M s main time, then B s per S moves (Canadian);
                             sent as time_settings, with time_left before each move
  --time-per-move-limit SECS a longer answer loses on time (default: 60)
  --max-moves N              stop and count a game after N moves (default: 3 x size x size)
  --seed N                   seed of the referee's dead-stone guess (default: 1)
  --sgf-dir DIR              write game-NNN.sgf for every game into DIR
  --stderr-dir DIR           append each engine's stderr to DIR/engine-a.log, engine-b.log
                             (default: discarded)
  --help                     this text

Exit code: 0 when all games were played, 1 when an engine could not be (re)started,
2 on a bad option.";

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

/// Runs `koan match` with the arguments after `match`; returns the exit code.
pub fn main(args: &[String]) -> i32 {
    match parse_args(args) {
        Ok(Some(options)) => run(&options),
        Ok(None) => {
            println!("{USAGE}");
            0
        }
        Err(e) => {
            eprintln!("koan match: {e}\n(koan match --help lists the options)");
            2
        }
    }
}

/// Parses the arguments after `match`; `Ok(None)` for `--help`.
pub fn parse_args(args: &[String]) -> Result<Option<MatchOptions>, String> {
    let mut engines: [Option<Vec<String>>; 2] = [None, None];
    let mut games = 10;
    let mut size = 9;
    let mut komi = 7.0;
    let mut rules = Ruleset::default();
    let mut rules_preset = None;
    let mut time = None;
    let mut move_limit = Duration::from_secs(60);
    let mut max_moves = None;
    let mut seed = 1;
    let mut sgf_dir = None;
    let mut stderr_dir = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || -> Result<String, String> {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match name {
            "--help" | "-h" => return Ok(None),
            "--black" => engines[0] = Some(engine(name, &value()?)?),
            "--white" => engines[1] = Some(engine(name, &value()?)?),
            "--games" => games = number(name, &value()?, 1, 1_000_000)? as u32,
            "--size" => size = number(name, &value()?, 2, 25)? as usize,
            "--komi" => {
                let v = value()?;
                komi = v
                    .parse::<f64>()
                    .ok()
                    .filter(|k| k.is_finite() && k.abs() <= 1000.0)
                    .ok_or_else(|| format!("--komi: '{v}' is not a number"))?;
            }
            "--rules" => {
                let v = value()?;
                rules = Ruleset::preset(&v).ok_or_else(|| {
                    format!(
                        "--rules: unknown preset '{v}' (presets: {})",
                        PRESETS.join(", ")
                    )
                })?;
                rules_preset = rules.preset_name().map(str::to_string);
            }
            "--time-settings" => {
                time = Some(TimeControl::parse(&value()?).map_err(|e| format!("{name}: {e}"))?)
            }
            "--time-per-move-limit" => {
                let v = value()?;
                let secs = v
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0 && *s <= 1e6)
                    .ok_or_else(|| format!("{name}: '{v}' is not a positive number of seconds"))?;
                move_limit = Duration::from_secs_f64(secs);
            }
            "--max-moves" => max_moves = Some(number(name, &value()?, 1, 100_000)? as usize),
            "--seed" => seed = number(name, &value()?, 0, u64::MAX)?,
            "--sgf-dir" => sgf_dir = Some(PathBuf::from(value()?)),
            "--stderr-dir" => stderr_dir = Some(PathBuf::from(value()?)),
            _ => return Err(format!("unknown option '{arg}'")),
        }
    }
    let [Some(a), Some(b)] = engines else {
        return Err("both --black and --white are needed".to_string());
    };
    Ok(Some(MatchOptions {
        engines: [a, b],
        games,
        setup: Setup {
            size,
            komi,
            rules,
            rules_preset,
            time,
            move_limit,
            max_moves: max_moves.unwrap_or(3 * size * size),
            seed,
        },
        sgf_dir,
        stderr_dir,
    }))
}

/// An engine command line, split.
fn engine(flag: &str, line: &str) -> Result<Vec<String>, String> {
    command_line::engine_argv(line).map_err(|e| format!("{flag}: {e}"))
}

/// A whole number in `min..=max`.
fn number(flag: &str, text: &str, min: u64, max: u64) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("{flag}: '{text}' is not a whole number from {min} to {max}"))
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
            ("--black a --white b --size 1", "--size: '1'"),
            ("--black a --white b --games 0", "--games"),
            ("--black a --white b --komi x", "--komi"),
            ("--black a --white b --rules nope", "unknown preset 'nope'"),
            (
                "--black a --white b --frobnicate",
                "unknown option '--frobnicate'",
            ),
            ("--black a --white b --time-per-move-limit -1", "positive"),
            ("--black '' --white b", "--black"),
            ("--black a --white", "--white needs a value"),
        ] {
            let e = parse_args(&args(line)).unwrap_err();
            assert!(e.contains(says), "{line}: {e}");
        }
    }
}
