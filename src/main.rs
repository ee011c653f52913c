//! The `koan` binary: GTP on standard input/output by default, plus `analysis` (KataGo's
//! JSON analysis engine), `bench`, `regress` and `match`.

use clap::{Args, Parser, Subcommand};
use koan::analysis_engine::AnalysisArgs;
use koan::arena::MatchArgs;
use koan::bench::BenchArgs;
use koan::gtp::{self, Engine};
use koan::nn::Network;
use koan::player::PlayerOptions;
use koan::regress::RegressArgs;
use koan::search::priors::PriorSource;
use koan::search::puct::PlayoutMix;
use koan::train::TrainArgs;
use std::process::ExitCode;

/// koan: a Go engine that speaks GTP and gets ko right
#[derive(Parser)]
#[command(
    name = "koan",
    version = koan::VERSION,
    about = "koan: a Go engine that speaks GTP and gets ko right",
    after_help = "Without a command, koan speaks GTP on standard input and output; logs go to \
standard error.",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    tool: Option<Tool>,
    #[command(flatten)]
    engine: EngineArgs,
}

/// The tools besides the GTP engine.
#[derive(Subcommand)]
enum Tool {
    /// Run KataGo's JSON analysis engine protocol
    Analysis(AnalysisArgs),
    /// Print speed figures
    Bench(BenchArgs),
    /// Run gogui-regress style test files
    Regress(RegressArgs),
    /// Play two GTP engines against each other
    Match(Box<MatchArgs>),
    /// Learn the move model from game records
    Train(TrainArgs),
    /// Referee game records: the first illegal move with why, the end, the count
    Referee(RefereeArgs),
}

/// `koan referee`'s arguments.
#[derive(Args)]
#[command(
    after_help = "Each record is replayed under its RU (or --rules): the first illegal \
move is named with why, then how the game ended (two passes; a cycle that ends it without \
result under simple ko, pass-for-ko or Ing-Spight, found from the moves; else resignation, time \
or no result as RE says) and the count, with the dead stones the record marks (TB/TW, or AE \
after the last move) or else as koan judges them, saying which.\n\nExit code: 0 when every \
record is legal, 1 when one is not, 2 when one cannot be read."
)]
struct RefereeArgs {
    /// SGF records to referee
    #[arg(value_name = "FILE.sgf", required = true)]
    files: Vec<String>,
    /// Judge under these rules (a preset, or key=value words) instead of each record's RU
    #[arg(long, value_name = "PRESET")]
    rules: Option<String>,
}

/// Referees each record: prints its verdict; 0 when every record is legal, 1 when one is
/// not, 2 when one cannot be read.
fn referee(args: &RefereeArgs) -> ExitCode {
    let mut code = 0;
    for file in &args.files {
        let verdict = std::fs::read(file)
            .map_err(|e| format!("cannot read: {e}"))
            .and_then(|bytes| {
                let text = String::from_utf8_lossy(&bytes);
                koan_core::api::referee::referee(&text, args.rules.as_deref())
                    .map_err(|e| e.to_string())
            });
        match verdict {
            Ok(v) => {
                koan::outln!("{file}:");
                for line in v.to_string().lines() {
                    koan::outln!("  {line}");
                }
                if !v.is_legal() {
                    code = code.max(1);
                }
            }
            Err(e) => {
                koan::outln!("{file}:\n  error: {e}");
                code = 2;
            }
        }
    }
    ExitCode::from(code)
}

/// The GTP engine's options.
#[derive(Args)]
struct EngineArgs {
    /// Search threads [default: all cores; 1 with --model]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Playouts per move [default: limited by time only]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=u64::MAX / 2))]
    playouts: Option<u64>,
    /// Seconds per move at most [default: 1 when nothing else limits]
    #[arg(long, value_name = "SECS", value_parser = seconds_per_move)]
    time_per_move: Option<f64>,
    /// With --time-per-move: bank the time easy moves leave unused and spend it on later
    /// ones, up to three times the time per move; the average stays within it
    #[arg(long, requires = "time_per_move")]
    bank_time: bool,
    /// japanese, chinese, aga, new_zealand, tromp-taylor, ing, spight, jasiek, wmsg2008,
    /// optionally followed by key=value words ("chinese ko=fixed") [default: chinese]
    #[arg(long, value_name = "RULES", value_parser = koan::arena::rules_arg)]
    rules: Option<koan::arena::RulesArg>,
    /// Seed of the random numbers [default: fixed]
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Resign below this win rate; 0 never resigns [default: 0.05]
    #[arg(long, value_name = "P", value_parser = win_rate)]
    resign_threshold: Option<f64>,
    /// Where the priors of new search nodes come from: `model` (the learned move model) or
    /// `hand` (hand-made rules) [default: model]
    #[arg(long, value_name = "SOURCE", value_parser = ["hand", "model"])]
    priors: Option<String>,
    /// Whether the playouts replay the last good reply to the opponent's move (learnt over
    /// each search, forgotten when it loses): `on` or `off` [default: off]
    #[arg(long, value_name = "ON|OFF", value_parser = ["on", "off"])]
    playout_replies: Option<String>,
    /// Answer kgs-chat (chat relayed by the kgsGtp bridge)
    #[arg(long)]
    kgs_chat: bool,
    /// List and answer GoGui's rules commands (gogui-rules_*): GoGui then takes the board
    /// size and rules from koan, as from a ruler program
    #[arg(long)]
    gogui_ruler: bool,
    /// Keep searching on the opponent's time, until the next command
    #[arg(long)]
    ponder: bool,
    /// Seconds final_score may read life and death, then playouts judge the rest; 0: no bound
    /// [default: 1]
    #[arg(long, value_name = "SECS", value_parser = score_seconds)]
    score_time: Option<f64>,
    /// Nodes one ko-classify may read, counted in proportion to the work (also the WMSG 2008
    /// pass rule's reading); past them the answers left are unknown [default: 2900000]
    #[arg(long, value_name = "NODES", value_parser = gtp::gogui::ko_classify_nodes)]
    ko_classify_nodes: Option<usize>,
    /// Seconds one ko-classify may take at most, an outer guard above the node budget
    /// [default: 60]
    #[arg(long, value_name = "SECS", value_parser = gtp::gogui::ko_classify_seconds)]
    ko_classify_time: Option<std::time::Duration>,
    /// Search with this KataGo network (.bin.gz; --playouts then counts its evaluations) and
    /// answer kata-raw-nn [default: none, koan's own search]
    #[arg(long, value_name = "FILE")]
    model: Option<std::path::PathBuf>,
    /// With --model: the share of the value of each position the network evaluates that
    /// comes from 16 playouts under the game's ko rule, 0 to 1 [default: 0.5 under fixed ko,
    /// basic-fixed, Ing-Spight and pass-for-ko, which the network was not trained for; 0
    /// under simple ko and the superkos]
    #[arg(long, value_name = "W", value_parser = win_rate, requires = "model")]
    playout_mix: Option<f64>,
    /// Nodes the reading of a small endgame after each search may expand (ten open empty
    /// points or fewer, area scoring, simple ko or a superko); 0: no reading [default: 50000]
    #[arg(long, value_name = "NODES")]
    endgame_nodes: Option<u64>,
    /// Write logs to FILE instead of standard error
    #[arg(long, value_name = "FILE")]
    log: Option<String>,
    /// More logging (RUST_LOG also works)
    #[arg(long, short)]
    verbose: bool,
    /// No line on standard error after each move (warnings only)
    #[arg(long, short)]
    quiet: bool,
}

impl EngineArgs {
    /// The player's options these arguments ask for; `Err` when the network cannot be read.
    fn options(&self) -> Result<PlayerOptions, String> {
        let mut o = PlayerOptions::default();
        if let Some(n) = self.threads {
            o.threads = n as usize;
        }
        o.playouts = self.playouts;
        o.time_per_move = self.time_per_move;
        o.bank_time = self.bank_time;
        if let Some(rules) = &self.rules {
            o.rules = rules.rules;
        }
        if let Some(seed) = self.seed {
            o.seed = seed;
        }
        if let Some(p) = self.resign_threshold {
            o.resign_threshold = p;
        }
        o.kgs_chat = self.kgs_chat;
        o.ponder = self.ponder;
        if let Some(s) = self.score_time {
            o.score_time = (s > 0.0).then_some(s);
        }
        if let Some(n) = self.ko_classify_nodes {
            o.ko_classify_nodes = n;
        }
        if let Some(t) = self.ko_classify_time {
            o.ko_classify_time = t;
        }
        if let Some(n) = self.endgame_nodes {
            o.endgame_nodes = n;
        }
        if self.priors.as_deref() == Some("hand") {
            o.priors = PriorSource::Hand;
        }
        o.playout_replies = self.playout_replies.as_deref() == Some("on");
        o.playout_mix = self.playout_mix.map(|weight| PlayoutMix {
            weight,
            playouts: PlayoutMix::UNTRAINED_RULES.playouts,
        });
        if let Some(path) = &self.model {
            o.network = Some(Network::load(path).map_err(|e| format!("--model: {e}"))?);
            // A second network thread has not been shown to play better at equal time: one
            // unless asked.
            if self.threads.is_none() {
                o.threads = 1;
            }
        }
        Ok(o)
    }
}

fn seconds_per_move(v: &str) -> Result<f64, String> {
    v.parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 1e6)
        .ok_or_else(|| format!("'{v}' is not a positive number"))
}

fn score_seconds(v: &str) -> Result<f64, String> {
    v.parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && (0.0..1e6).contains(s))
        .ok_or_else(|| format!("'{v}' is not a number of seconds"))
}

fn win_rate(v: &str) -> Result<f64, String> {
    v.parse()
        .ok()
        .filter(|p: &f64| (0.0..=1.0).contains(p))
        .ok_or_else(|| format!("'{v}' is not in 0..1"))
}

fn main() -> ExitCode {
    let args = koan::analysis_engine::katago_spellings(std::env::args_os().collect());
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return refuse(e),
    };
    match cli.tool {
        Some(Tool::Analysis(args)) => {
            init_logging(args.log.as_deref(), args.verbose, args.quiet);
            exit(koan::analysis_engine::run(&args))
        }
        Some(Tool::Bench(args)) => {
            init_logging(None, false, true);
            exit(koan::bench::run_bench(&args))
        }
        Some(Tool::Match(args)) => {
            init_logging(None, false, true);
            match args.options() {
                Ok(options) => exit(koan::arena::run(&options)),
                Err(e) => {
                    eprintln!("koan match: {e}\n(koan match --help lists the options)");
                    ExitCode::from(2)
                }
            }
        }
        Some(Tool::Train(args)) => {
            init_logging(None, false, true);
            exit(koan::train::run(&args))
        }
        Some(Tool::Referee(args)) => {
            init_logging(None, false, true);
            referee(&args)
        }
        Some(Tool::Regress(args)) => {
            init_logging(None, false, true);
            match args.options() {
                Ok((paths, opts)) => exit(koan::regress::run(&paths, &opts)),
                Err(e) => {
                    eprintln!("koan regress: {e}");
                    ExitCode::from(2)
                }
            }
        }
        None => serve(&cli.engine),
    }
}

/// Answers a command line clap refused: help and version as asked, otherwise one line
/// saying what is wrong and a pointer to `--help`, with exit code 2.
fn refuse(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
        || matches!(
            e.kind(),
            ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
        )
    {
        e.exit();
    }
    let text = e.to_string();
    let first = text.lines().next().unwrap_or("error: bad arguments");
    eprintln!("{first}\nFor more information, try '--help'.");
    ExitCode::from(2)
}

/// Speaks GTP on standard input and output until `quit` or the end of input.
fn serve(args: &EngineArgs) -> ExitCode {
    init_logging(args.log.as_deref(), args.verbose, args.quiet);
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
    let options = match args.options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("koan: {e}");
            return ExitCode::from(2);
        }
    };
    let mut engine = Engine::new(options);
    engine.set_gogui_ruler(args.gogui_ruler);
    runtime.block_on(gtp::serve(engine, tokio::io::stdin(), std::io::stdout()));
    // Standard input may still be blocked in a read; do not wait for it.
    runtime.shutdown_background();
    ExitCode::SUCCESS
}

fn exit(code: i32) -> ExitCode {
    ExitCode::from(code.clamp(0, 255) as u8)
}

/// Logs go to standard error (or `--log FILE`), never to standard output.
/// Logs to `file` or standard error: warnings, plus one line a move unless `quiet`, or
/// everything from debug up when `verbose` (`RUST_LOG` overrides all three).
fn init_logging(file: Option<&str>, verbose: bool, quiet: bool) {
    use tracing_subscriber::EnvFilter;
    let moves = format!("warn,{}=info", koan::player::MOVE_REPORT);
    let default = match (verbose, quiet) {
        (true, _) => "debug",
        (false, true) => "warn",
        (false, false) => moves.as_str(),
    };
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
