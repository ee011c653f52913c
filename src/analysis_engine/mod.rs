//! `koan analysis`: KataGo's JSON analysis engine protocol, for tools that drive KataGo's
//! `katago analysis` (KaTrain among them).
//!
//! Queries come on standard input, one JSON object a line ([`query`]); each asks for some
//! turns of a game (`moves`, `initialStones`, `rules`, `komi`, `analyzeTurns`, ...) or for a
//! special action (`query_version`, `query_models`, `clear_cache`, `terminate`,
//! `terminate_all`). The answers go to standard output, one JSON object a line, each as its
//! search ends ([`serve`], [`report`]); several positions are searched at once, the highest
//! `priority` first. Nothing but these JSON lines is written to standard output; logs go to
//! standard error.
//!
//! Where koan differs from KataGo:
//! - Boards are square, 2x2 to 25x25: a query with `boardXSize` unlike `boardYSize` is
//!   refused with an error on `boardYSize`.
//! - Rules are read by [`crate::rules::katago`]: KataGo's presets and rules objects, and
//!   koan's own ko rules. Rules koan cannot play (a button, taxing every group) are refused
//!   with an error on `rules`. Moves are judged under those rules: an illegal move (a
//!   superko violation included) refuses the query, with KataGo's `Illegal move N: V` and
//!   koan's reason.
//! - Figures come from koan's search, with what stands in for what it does not keep per move
//!   explained in [`crate::player::figures`]; `policy` is the search's root priors.
//! - Settings (`overrideSettings`, `--config`): koan has `reportAnalysisWinratesAs`,
//!   `maxVisits`, `maxPlayouts`, `maxTime` and `analysisPVLen` ([`settings`]); other
//!   settings in a query get a warning.
//! - koan keeps no cache between positions (each search starts with a fresh tree), so
//!   `clear_cache` has nothing to clear; it is answered as KataGo answers it.

pub mod query;
pub mod report;
pub mod serve;
pub mod settings;

use crate::nn::Network;
use settings::{Perspective, Settings};
use std::ffi::OsString;
use std::path::PathBuf;

/// The options of `koan analysis`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Reads KataGo analysis queries (one JSON object a line) on standard \
input and writes each answer as one JSON line on standard output when its search ends; logs go \
to standard error. KataGo's own spellings -config, -override-config, -model, -human-model, \
-analysis-threads and -quit-without-waiting work too, so that koan can stand where a program \
expects KataGo's analysis engine."
)]
pub struct AnalysisArgs {
    /// Positions searched at once [default: all cores]
    #[arg(long, visible_alias = "analysis-threads", value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// Search threads for each position
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub search_threads: u64,
    /// Playouts per position when a query gives no maxVisits [default: 500]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1 << 50))]
    pub max_visits: Option<u64>,
    /// Whose win rates, scores and ownership: black, white or sidetomove (KataGo's
    /// reportAnalysisWinratesAs) [default: sidetomove]
    #[arg(long, value_name = "PLAYER", value_parser = perspective)]
    pub report_as: Option<Perspective>,
    /// Seed of the random numbers [default: fixed]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// At the end of input, stop at once instead of finishing the queued positions
    #[arg(long)]
    pub quit_without_waiting: bool,
    /// A KataGo analysis config: koan takes reportAnalysisWinratesAs, maxVisits, maxTime and
    /// analysisPVLen from it
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// KEY=VALUE,... : the same settings, over the config's
    #[arg(long, value_name = "SETTINGS")]
    pub override_config: Option<String>,
    /// Search with this KataGo network (.bin.gz; visits count its evaluations); a file that
    /// cannot be read is refused
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,
    /// Accepted and ignored: KaTrain's human-style network
    #[arg(long, value_name = "FILE")]
    pub human_model: Option<String>,
    /// Write logs to FILE instead of standard error
    #[arg(long, value_name = "FILE")]
    pub log: Option<String>,
    /// More logging (RUST_LOG also works)
    #[arg(long, short)]
    pub verbose: bool,
    /// Warnings only on standard error
    #[arg(long, short)]
    pub quiet: bool,
}

fn perspective(text: &str) -> Result<Perspective, String> {
    text.parse()
}

impl AnalysisArgs {
    /// The engine's options: the config file's settings, then `--override-config`'s, then
    /// koan's own options. `Err` when the config or the network cannot be read.
    pub fn options(&self) -> Result<serve::Options, String> {
        let mut settings = Settings::default();
        if let Some(path) = &self.config {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            settings
                .apply_config(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        if let Some(text) = &self.override_config {
            settings
                .apply_overrides(text)
                .map_err(|e| format!("--override-config: {e}"))?;
        }
        if let Some(n) = self.max_visits {
            settings.max_visits = n;
        }
        if let Some(p) = self.report_as {
            settings.perspective = p;
        }
        if let Some(file) = &self.human_model {
            tracing::info!("--human-model {file}: ignored, koan reads no human-style network");
        }
        let network = match &self.model {
            Some(path) => Some(Network::load(path).map_err(|e| format!("--model: {e}"))?),
            None => None,
        };
        Ok(serve::Options {
            workers: self.threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                |n| n as usize,
            ),
            search_threads: self.search_threads as usize,
            seed: self.seed.unwrap_or(0),
            settings,
            quit_without_waiting: self.quit_without_waiting,
            network,
        })
    }
}

/// KataGo's single-dash options of `katago analysis` (`-config FILE`), which programs that
/// start KataGo pass.
const KATAGO_FLAGS: &[&str] = &[
    "-config",
    "-override-config",
    "-model",
    "-human-model",
    "-analysis-threads",
    "-quit-without-waiting",
];

/// The command line with KataGo's single-dash options after `analysis` spelled as koan's
/// (`-config` becomes `--config`); anything else unchanged.
pub fn katago_spellings(args: Vec<OsString>) -> Vec<OsString> {
    if args.get(1).is_none_or(|a| a != "analysis") {
        return args;
    }
    args.into_iter()
        .map(|a| match a.to_str() {
            Some(s) if KATAGO_FLAGS.contains(&s) => OsString::from(format!("-{s}")),
            _ => a,
        })
        .collect()
}

/// Runs `koan analysis` on standard input and output; the exit code (2 for a bad config).
pub fn run(args: &AnalysisArgs) -> i32 {
    let options = match args.options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("koan analysis: {e}");
            return 2;
        }
    };
    let stdin = std::io::stdin();
    serve::serve(&options, stdin.lock(), Box::new(std::io::stdout()));
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn katagos_spellings_become_koans() {
        let words = |s: &str| s.split(' ').map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            katago_spellings(words(
                "koan analysis -model m.bin.gz -config a.cfg -analysis-threads 2"
            )),
            words("koan analysis --model m.bin.gz --config a.cfg --analysis-threads 2")
        );
        assert_eq!(
            katago_spellings(words("koan -config x")),
            words("koan -config x")
        );
    }
}
