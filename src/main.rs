//! The `koan` binary: GTP on standard input/output by default, plus `bench`, `regress` and
//! `match`.

use koan::gtp::{self, Engine};
use koan::player::PlayerOptions;
use koan::rules::Ruleset;
use std::process::ExitCode;

const USAGE: &str = "\
koan: a Go engine that speaks GTP and gets ko right

Usage:
  koan [OPTIONS]                 speak GTP on standard input/output
  koan bench [board | playouts [--ko-rules]] [--seconds S]
                                 print speed figures
  koan regress [FILE.tst | @SUITE]...  run gogui-regress style test files
                                 (koan regress --help for its options)
  koan match --black \"CMD\" --white \"CMD\" [--games N] [--size N] [--komi K]
                                 play two GTP engines against each other
                                 (koan match --help for its options)

Options:
  --threads N            search threads (default: all cores)
  --playouts N           playouts per move (default: limited by time only)
  --time-per-move SECS   seconds per move at most (default: 1 when nothing else limits)
  --rules PRESET         japanese, chinese, aga, new_zealand, tromp-taylor, ing, spight,
                         jasiek, wmsg2008 (default: chinese)
  --seed N               seed of the random numbers (default: fixed)
  --resign-threshold P   resign below this win rate (default: 0.05; 0 never resigns)
  --kgs-chat             answer kgs-chat (chat relayed by the kgsGtp bridge)
  --ponder               keep searching on the opponent's time, until the next command
  --log FILE             write logs to FILE instead of standard error
  --verbose              more logging (RUST_LOG also works)
  --help                 this text
  --version              the version
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => {
            init_logging(None, false);
            return exit(koan::bench::run(&args[1..]));
        }
        Some("match") => {
            init_logging(None, false);
            return exit(koan::arena::main(&args[1..]));
        }
        Some("regress") => {
            init_logging(None, false);
            return match koan::regress::parse_args(&args[1..]) {
                Ok((paths, opts)) => exit(koan::regress::run(&paths, &opts)),
                Err(e) if e == koan::regress::USAGE => {
                    print!("{e}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("koan regress: {e}");
                    ExitCode::from(2)
                }
            };
        }
        _ => {}
    }
    let (options, log, verbose) = match parse_options(&args) {
        Ok(Some(parsed)) => parsed,
        Ok(None) => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("koan: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    init_logging(log.as_deref(), verbose);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("koan: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(gtp::serve(
        Engine::new(options),
        tokio::io::stdin(),
        std::io::stdout(),
    ));
    // Standard input may still be blocked in a read; do not wait for it.
    runtime.shutdown_background();
    ExitCode::SUCCESS
}

fn exit(code: i32) -> ExitCode {
    ExitCode::from(code.clamp(0, 255) as u8)
}

type Parsed = (PlayerOptions, Option<String>, bool);

/// Parses the GTP-mode options; `Ok(None)` when `--help` or `--version` was answered.
fn parse_options(args: &[String]) -> Result<Option<Parsed>, String> {
    let mut o = PlayerOptions::default();
    let mut log = None;
    let mut verbose = false;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (flag.as_str(), None),
        };
        let mut value = |what: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| format!("{name} needs {what}"))
        };
        match name {
            "--help" | "-h" => {
                print!("{USAGE}");
                return Ok(None);
            }
            "--version" | "-V" => {
                println!("koan {}", env!("CARGO_PKG_VERSION"));
                return Ok(None);
            }
            "--threads" => o.threads = number(&value("a number")?, 1, 1024)? as usize,
            "--playouts" => o.playouts = Some(number(&value("a number")?, 1, u64::MAX / 2)?),
            "--time-per-move" => {
                let v = value("seconds")?;
                let secs: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 1e6)
                    .ok_or_else(|| format!("--time-per-move: '{v}' is not a positive number"))?;
                o.time_per_move = Some(secs);
            }
            "--rules" => {
                let v = value("a preset")?;
                o.rules = Ruleset::preset(&v).ok_or_else(|| {
                    format!(
                        "--rules: unknown preset '{v}' (presets: {})",
                        koan::rules::PRESETS.join(", ")
                    )
                })?;
            }
            "--seed" => o.seed = number(&value("a number")?, 0, u64::MAX)?,
            "--resign-threshold" => {
                let v = value("a win rate")?;
                o.resign_threshold = v
                    .parse()
                    .ok()
                    .filter(|p: &f64| (0.0..=1.0).contains(p))
                    .ok_or_else(|| format!("--resign-threshold: '{v}' is not in 0..1"))?;
            }
            "--log" => log = Some(value("a file")?),
            "--kgs-chat" => o.kgs_chat = true,
            "--ponder" => o.ponder = true,
            "--verbose" | "-v" => verbose = true,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(Some((o, log, verbose)))
}

fn number(text: &str, min: u64, max: u64) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("'{text}' is not a number from {min} to {max}"))
}

/// Logs go to standard error (or `--log FILE`), never to standard output.
fn init_logging(file: Option<&str>, verbose: bool) {
    use tracing_subscriber::EnvFilter;
    let default = if verbose { "debug" } else { "warn" };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(false)
        .with_target(false);
    match file.map(std::fs::File::create) {
        Some(Ok(f)) => builder.with_writer(std::sync::Mutex::new(f)).init(),
        Some(Err(e)) => {
            builder.with_writer(std::io::stderr).init();
            tracing::error!("cannot open log file: {e}; logging to standard error");
        }
        None => builder.with_writer(std::io::stderr).init(),
    }
}
