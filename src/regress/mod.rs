//! `koan regress`: a regression-test runner with the semantics of GoGui's `gogui-regress`
//! (GoGui `src/net/sf/gogui/tools/regress/Regress.java`, `RegressUtil.java`).
//!
//! Usage: `koan regress [--engine "CMD ARGS"] [--timeout SECONDS] [--verbose]
//! [FILE.tst | @SUITE]...`
//!
//! # Test files
//! Every line is trimmed. Blank lines and lines starting with `#` are skipped. Any other line
//! is a GTP command, sent verbatim (tabs turned into spaces). A line starting with a number
//! and a space (`10 genmove b`) is a *test* whose GTP id is that number. A `#? [PATTERN]`
//! line directly after a command gives the expected response: a regular expression that must
//! match the whole response text (the text after `=id`, trimmed; `.` matches newlines, `^`
//! and `$` match at line breaks). `[!PATTERN]` negates it; a `*` after the closing bracket
//! marks an expected failure. An error response (`?`) always fails the test. A numbered
//! command without a pattern passes unless its response is an error. A pattern after an
//! unnumbered command also makes a test (shown with id `-`). A `#?` not directly after a
//! command, a pattern without brackets or an invalid regex is a file error (exit 2), checked
//! for all files before anything runs.
//!
//! Unnumbered commands are setup: an error response is printed as a warning and counted as
//! a setup error, which (as gogui-regress's "Error" column) does not change the exit code.
//!
//! # Suites
//! `@SUITE` names a file listing test files and further `@suites`, one per line; blank lines
//! and `#` lines are ignored. Relative entries are resolved against the suite file's folder
//! (gogui-regress resolves them against the current directory; this runner does not).
//!
//! # Engine
//! Each test file gets a fresh engine process, started in the file's folder. The default
//! engine is the running binary itself, with the arguments of the file's `# engine-args:
//! ARGS` line (among its first five lines; gogui-regress reads it as a comment), or
//! [`DEFAULT_ENGINE_ARGS`] when it has none. An engine given with `--engine` runs every file
//! as it is given. Every command has a timeout
//! (default 60 s); on timeout, or if the engine dies, it is killed, the command in flight (if
//! a test) counts as an unexpected failure, the rest of the file is skipped, and the run
//! goes on with the next file but exits 2. `quit` is sent at the end of each file.
//!
//! # Output and exit code
//! Unexpected failures and unexpected passes are printed as gogui-regress prints them, with
//! the file name in front and the command at the end. Then a line of totals, and last the
//! summary `N passed, N failed`, where *passed* counts tests whose outcome was the expected
//! one (expected failures included) and *failed* counts unexpected FAILs and unexpected
//! PASSes; the totals line gives each kind separately. Exit code: 0 without unexpected failures,
//! 1 with some, 2 when a file cannot be read or parsed, or the engine cannot be started,
//! dies or times out.

pub(crate) mod parse;
#[cfg(test)]
mod tests;

pub use parse::{
    engine_args, judge, parse_suite, parse_test_file, Line, Outcome, ParseError, Pattern,
};

use crate::gtp_client::command_line::split_command;
use crate::gtp_client::process::{Engine, EngineError};
use crate::gtp_client::Response;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Options of `koan regress`.
#[derive(Debug, Clone)]
pub struct RegressOptions {
    /// Engine command line: program and arguments.
    pub engine: Vec<String>,
    /// Whether each file's `# engine-args:` line (or [`DEFAULT_ENGINE_ARGS`]) is added to
    /// `engine` for that file: so for this koan binary, not for an engine given by the user.
    pub file_engine_args: bool,
    /// Time allowed for each command's response before the engine is killed.
    pub timeout: Duration,
    /// Print every test result, and copy the GTP stream and engine stderr to stderr.
    pub verbose: bool,
}

/// Default per-command timeout.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// The arguments of this koan binary for a test file without an `# engine-args:` line: one
/// thread and a playout limit, so that the answers are the same on every machine.
pub const DEFAULT_ENGINE_ARGS: &str = "--threads 1 --playouts 300";

/// The command line of `koan regress`.
#[derive(Clone, Debug, clap::Args)]
#[command(
    about = "Runs GTP regression tests in gogui-regress format, one fresh engine per test file",
    after_help = "Without --engine, each file runs on this koan binary with the arguments of its \
`# engine-args: ARGS` line (among its first five lines), or --threads 1 --playouts 300 when it \
has none.\n\nExit code: 0 no unexpected failure, 1 unexpected failures, 2 engine or file error."
)]
pub struct RegressArgs {
    /// Test files (FILE.tst) and suites (@SUITE)
    #[arg(value_name = "FILE.tst | @SUITE", required = true)]
    pub paths: Vec<String>,
    /// Engine command line for every file [default: this koan binary, see below]
    #[arg(long, value_name = "CMD ARGS", value_parser = engine_command)]
    pub engine: Option<EngineCommand>,
    /// Per-command timeout in seconds; the engine is killed after it
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = timeout)]
    pub timeout: f64,
    /// Print every test result; copy the GTP stream and the engine's stderr to stderr
    #[arg(long, short)]
    pub verbose: bool,
}

/// An engine's command line, split into program and arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand(pub Vec<String>);

/// An engine command line, split as a shell would.
fn engine_command(cmd: &str) -> Result<EngineCommand, String> {
    let argv = split_command(cmd)?;
    if argv.is_empty() || argv[0].is_empty() {
        return Err(format!("empty engine command: {cmd:?}"));
    }
    Ok(EngineCommand(argv))
}

/// A positive number of seconds.
fn timeout(v: &str) -> Result<f64, String> {
    let secs: f64 = v
        .parse()
        .map_err(|_| format!("invalid timeout {v:?}: expected seconds"))?;
    if !(secs.is_finite() && secs > 0.0) {
        return Err(format!("invalid timeout {v:?}: must be positive"));
    }
    Ok(secs)
}

/// The parser of `koan regress` alone (for [`parse_args`]).
#[derive(clap::Parser)]
#[command(name = "koan regress")]
struct RegressCli {
    #[command(flatten)]
    args: RegressArgs,
}

/// Parses the arguments after `regress` into test paths and options. `--help` and errors
/// return `Err` with the message to print.
pub fn parse_args(args: &[String]) -> Result<(Vec<String>, RegressOptions), String> {
    use clap::Parser;
    let words = std::iter::once("koan regress".to_string()).chain(args.iter().cloned());
    let cli = RegressCli::try_parse_from(words).map_err(|e| e.to_string())?;
    cli.args.options()
}

impl RegressArgs {
    /// The test paths and the options these arguments ask for.
    pub fn options(self) -> Result<(Vec<String>, RegressOptions), String> {
        let file_engine_args = self.engine.is_none();
        let engine = match self.engine {
            Some(e) => e.0,
            None => {
                let exe = std::env::current_exe()
                    .map_err(|e| format!("cannot find the koan binary for --engine: {e}"))?;
                vec![exe.to_string_lossy().into_owned()]
            }
        };
        Ok((
            self.paths,
            RegressOptions {
                engine,
                file_engine_args,
                timeout: Duration::from_secs_f64(self.timeout),
                verbose: self.verbose,
            },
        ))
    }
}

/// Runs the tests and prints the report to stdout; returns the exit code (0, 1 or 2).
pub fn run(paths: &[String], opts: &RegressOptions) -> i32 {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    run_to(paths, opts, &mut out)
}

/// Like [`run`], writing the report to `out`.
pub fn run_to(paths: &[String], opts: &RegressOptions, out: &mut dyn Write) -> i32 {
    let files = match expand_paths(paths) {
        Ok(files) => files,
        Err(e) => {
            say(out, format_args!("error: {e}"));
            return 2;
        }
    };
    let mut loaded = Vec::new();
    let mut file_errors = 0;
    for file in files {
        match std::fs::read_to_string(&file) {
            Ok(text) => match file_argv(&text, opts).and_then(|argv| {
                let lines = parse_test_file(&text)?;
                Ok((argv, lines))
            }) {
                Ok((argv, lines)) => loaded.push((file, argv, lines)),
                Err(e) => {
                    say(
                        out,
                        format_args!("error: {}:{}: {}", file.display(), e.line_no, e.message),
                    );
                    file_errors += 1;
                }
            },
            Err(e) => {
                say(
                    out,
                    format_args!("error: cannot read test file {}: {e}", file.display()),
                );
                file_errors += 1;
            }
        }
    }
    if file_errors > 0 {
        return 2;
    }
    if loaded.is_empty() {
        say(out, format_args!("error: no test file given"));
        return 2;
    }

    let mut totals = Totals::default();
    let mut cannot_start = false;
    for (file, argv, lines) in &loaded {
        let stats = match run_file(file, lines, argv, opts, out) {
            Ok(stats) => stats,
            Err(e) => {
                say(out, format_args!("error: {}: {e}", file.display()));
                cannot_start = true;
                break;
            }
        };
        if opts.verbose {
            say(
                out,
                format_args!("{}: {}", file.display(), stats.describe()),
            );
        }
        totals.add(&stats);
    }
    say(out, format_args!("Totals: {}", totals.describe()));
    say(
        out,
        format_args!("{} passed, {} failed", totals.passed(), totals.failed()),
    );
    let _ = out.flush();
    if cannot_start || totals.engine_failures > 0 {
        2
    } else if totals.unexpected_fail > 0 {
        1
    } else {
        0
    }
}

/// Test counts, per file and in total.
#[derive(Debug, Default, Clone)]
struct Totals {
    pass: usize,
    expected_fail: usize,
    unexpected_fail: usize,
    unexpected_pass: usize,
    setup_errors: usize,
    engine_failures: usize,
}

impl Totals {
    fn record(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Pass => self.pass += 1,
            Outcome::ExpectedFail => self.expected_fail += 1,
            Outcome::UnexpectedFail => self.unexpected_fail += 1,
            Outcome::UnexpectedPass => self.unexpected_pass += 1,
        }
    }

    fn add(&mut self, o: &Totals) {
        self.pass += o.pass;
        self.expected_fail += o.expected_fail;
        self.unexpected_fail += o.unexpected_fail;
        self.unexpected_pass += o.unexpected_pass;
        self.setup_errors += o.setup_errors;
        self.engine_failures += o.engine_failures;
    }

    /// Tests whose outcome was the expected one (expected failures included).
    fn passed(&self) -> usize {
        self.pass + self.expected_fail
    }

    /// Tests whose outcome was not the expected one (unexpected FAILs and PASSes).
    fn failed(&self) -> usize {
        self.unexpected_fail + self.unexpected_pass
    }

    fn describe(&self) -> String {
        format!(
            "{} tests, {} unexpected FAIL, {} unexpected PASS, {} expected fail, \
             {} setup errors, {} engine failures",
            self.passed() + self.failed(),
            self.unexpected_fail,
            self.unexpected_pass,
            self.expected_fail,
            self.setup_errors,
            self.engine_failures
        )
    }
}

/// Runs one test file with a fresh engine. `Err` only when the engine cannot be started.
fn run_file(
    file: &Path,
    lines: &[Line],
    argv: &[String],
    opts: &RegressOptions,
    out: &mut dyn Write,
) -> Result<Totals, EngineError> {
    let name = file.display();
    let dir = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    tracing::debug!(target: "regress", "running {name} in {}", dir.display());
    let mut engine = Engine::start(argv, dir, opts.verbose)?;
    let mut stats = Totals::default();
    for line in lines {
        let id = line.id.map_or_else(|| "-".to_string(), |i| i.to_string());
        let full = match engine.send(&line.text, opts.timeout) {
            Ok(full) => full,
            Err(e) => {
                stats.engine_failures += 1;
                if line.is_test() {
                    stats.record(Outcome::UnexpectedFail);
                    say(
                        out,
                        format_args!(
                            "{name} {id} unexpected FAIL: engine failure (command: {})",
                            line.command
                        ),
                    );
                }
                say(
                    out,
                    format_args!("error: {name}:{}: '{}': {e}", line.line_no, line.text),
                );
                return Ok(stats);
            }
        };
        let response = Response::parse(&full);
        let got = &response.text;
        if !line.is_test() {
            if !response.success {
                stats.setup_errors += 1;
                say(
                    out,
                    format_args!(
                        "warning: {name}:{}: command '{}' failed: '{got}'",
                        line.line_no, line.text
                    ),
                );
            }
            continue;
        }
        let outcome = judge(line.pattern.as_ref(), &response);
        stats.record(outcome);
        let cmd = &line.command;
        let got_desc = if response.success {
            format!("'{got}'")
        } else {
            format!("error '{got}'")
        };
        let correct = match &line.pattern {
            Some(p) => format!("Correct '{}', got {got_desc}", p.source),
            None => format!("got {got_desc}"),
        };
        match outcome {
            Outcome::UnexpectedFail => say(
                out,
                format_args!("{name} {id} unexpected FAIL: {correct} (command: {cmd})"),
            ),
            Outcome::UnexpectedPass => say(
                out,
                format_args!("{name} {id} unexpected PASS! (command: {cmd})"),
            ),
            Outcome::ExpectedFail if opts.verbose => say(
                out,
                format_args!("{name} {id} failed (expected): {correct} (command: {cmd})"),
            ),
            Outcome::Pass if opts.verbose => {
                say(out, format_args!("{name} {id} passed (command: {cmd})"))
            }
            _ => {}
        }
    }
    if let Some(w) = engine.quit(opts.timeout) {
        say(out, format_args!("warning: {name}: {w}"));
    }
    Ok(stats)
}

/// The engine command line for a test file with this text: `--engine` as given, or this
/// koan binary with the file's `# engine-args:` (see [`RegressOptions::file_engine_args`]).
fn file_argv(text: &str, opts: &RegressOptions) -> Result<Vec<String>, ParseError> {
    let mut argv = resolve_program(&opts.engine);
    if opts.file_engine_args {
        let args = engine_args(text).unwrap_or(DEFAULT_ENGINE_ARGS);
        let words = split_command(args).map_err(|e| ParseError {
            line_no: text
                .lines()
                .position(|l| l.trim().starts_with("# engine-args:"))
                .map_or(1, |i| i + 1),
            message: format!("bad # engine-args: {e}"),
        })?;
        argv.extend(words);
    }
    Ok(argv)
}

/// Expands `@suite` arguments recursively into the list of test files.
fn expand_paths(args: &[String]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let mut stack = Vec::new();
    for arg in args {
        expand_entry(arg, Path::new(""), &mut stack, &mut files)?;
    }
    Ok(files)
}

fn expand_entry(
    entry: &str,
    base: &Path,
    stack: &mut Vec<PathBuf>,
    files: &mut Vec<PathBuf>,
) -> Result<(), String> {
    let Some(suite) = entry.strip_prefix('@') else {
        files.push(base.join(entry));
        return Ok(());
    };
    let path = base.join(suite);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read test suite {}: {e}", path.display()))?;
    let key = path.canonicalize().unwrap_or_else(|_| path.clone());
    if stack.contains(&key) {
        return Err(format!("test suite {} includes itself", path.display()));
    }
    stack.push(key);
    let dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
    for e in parse_suite(&text) {
        expand_entry(&e, &dir, stack, files)?;
    }
    stack.pop();
    Ok(())
}

/// Makes a relative program path containing a separator absolute, since the engine runs in
/// the test file's folder.
fn resolve_program(argv: &[String]) -> Vec<String> {
    let mut argv = argv.to_vec();
    if let Some(prog) = argv.first_mut() {
        let p = Path::new(prog.as_str());
        if p.is_relative() && p.components().count() > 1 {
            if let Ok(abs) = std::env::current_dir().map(|d| d.join(p)) {
                *prog = abs.to_string_lossy().into_owned();
            }
        }
    }
    argv
}

/// Writes one report line, ignoring I/O errors (a closed stdout must not abort the run).
fn say(out: &mut dyn Write, args: std::fmt::Arguments<'_>) {
    let _ = writeln!(out, "{args}");
}
