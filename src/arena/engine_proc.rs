//! One contestant: a GTP engine child process (started, and restarted after it died or was
//! killed on a timeout), its name and the commands it knows.

use crate::gtp_client::process::{Engine, EngineError, StderrCopy};
use crate::gtp_client::Response;
use std::collections::HashMap;
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long the engine may take over `name`, `version`, `known_command` and `quit`: long
/// enough for KataGo to load its network and start OpenCL on a busy machine (over 30 s at a
/// load of 20 on two cores).
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(120);

/// Why a command got no usable answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// No answer in time; the process was killed.
    Timeout,
    /// The process died or closed its output (the message says how).
    Died(String),
}

/// A GTP answer: success flag and text (status character and id removed), plus how long
/// it took.
#[derive(Debug, Clone)]
pub struct Answer {
    /// `=` rather than `?`.
    pub ok: bool,
    /// The answer text, trimmed.
    pub text: String,
    /// Time from sending the command to the end of the answer.
    pub elapsed: Duration,
}

/// A contestant's engine process.
pub struct EngineProc {
    argv: Vec<String>,
    stderr_log: Option<PathBuf>,
    engine: Option<Engine>,
    known: HashMap<String, bool>,
    /// `name` and `version` as the engine gave them at its first start.
    pub label: String,
    /// Times the process was started.
    pub starts: u32,
}

impl EngineProc {
    /// Starts `argv`; the engine's stderr is appended to `stderr_log` or discarded.
    pub fn start(argv: Vec<String>, stderr_log: Option<PathBuf>) -> Result<EngineProc, String> {
        let mut proc = EngineProc {
            label: argv.join(" "),
            argv,
            stderr_log,
            engine: None,
            known: HashMap::new(),
            starts: 0,
        };
        let name = proc.ensure_running()?;
        let version = proc.ask("version");
        if let Some(name) = name {
            proc.label = match version {
                Some(v) if !v.is_empty() => format!("{name} {v}"),
                _ => name,
            };
        }
        Ok(proc)
    }

    /// The command line, as given.
    pub fn command(&self) -> String {
        self.argv.join(" ")
    }

    /// Starts the process if it is not running (at first, or after a death or a timeout),
    /// and checks that it answers `name`; returns the name when it was just started and
    /// gave one. An engine that does not answer is an error.
    pub fn ensure_running(&mut self) -> Result<Option<String>, String> {
        if self.engine.is_some() {
            return Ok(None);
        }
        let copy = match &self.stderr_log {
            Some(path) => OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map(StderrCopy::File)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
            None => StderrCopy::Discard,
        };
        let engine = Engine::start_with(&self.argv, Path::new("."), false, copy)
            .map_err(|e| e.to_string())?;
        self.engine = Some(engine);
        self.known.clear();
        self.starts += 1;
        match self.send("name", HANDSHAKE_TIMEOUT) {
            Ok(a) => Ok(a.ok.then_some(a.text)),
            Err(Failure::Timeout) => Err(format!(
                "no answer to 'name' within {} s",
                HANDSHAKE_TIMEOUT.as_secs()
            )),
            Err(Failure::Died(why)) => Err(format!("'name': {why}")),
        }
    }

    /// Sends `command` and waits at most `timeout` for the answer. On a timeout or a death
    /// the process is gone and [`ensure_running`](Self::ensure_running) starts a new one.
    pub fn send(&mut self, command: &str, timeout: Duration) -> Result<Answer, Failure> {
        let Some(engine) = self.engine.as_mut() else {
            return Err(Failure::Died("not running".to_string()));
        };
        let started = Instant::now();
        let result = engine.send(command, timeout);
        let elapsed = started.elapsed();
        match result {
            Ok(full) => {
                let response = Response::parse(&full);
                Ok(Answer {
                    ok: response.success,
                    text: response.text,
                    elapsed,
                })
            }
            Err(e) => {
                if let Some(mut engine) = self.engine.take() {
                    engine.kill();
                }
                Err(match e {
                    EngineError::Timeout(_) => Failure::Timeout,
                    other => Failure::Died(other.to_string()),
                })
            }
        }
    }

    /// Whether the engine says it knows `command` (asked once per process).
    pub fn knows(&mut self, command: &str) -> bool {
        if let Some(&known) = self.known.get(command) {
            return known;
        }
        let known = self
            .ask(&format!("known_command {command}"))
            .is_some_and(|t| t == "true");
        if self.engine.is_some() {
            self.known.insert(command.to_string(), known);
        }
        known
    }

    /// The text of a successful answer to `command`, or `None`.
    fn ask(&mut self, command: &str) -> Option<String> {
        match self.send(command, HANDSHAKE_TIMEOUT) {
            Ok(a) if a.ok => Some(a.text),
            _ => None,
        }
    }

    /// Uses `argv` from now on; a running engine with another command line is stopped, so
    /// that [`ensure_running`](Self::ensure_running) starts the new one.
    pub fn retarget(&mut self, argv: Vec<String>) {
        if argv != self.argv {
            if self.engine.is_some() {
                // The next start is planned, not a restart after a death.
                self.starts = self.starts.saturating_sub(1);
            }
            self.quit();
            self.argv = argv;
        }
    }

    /// Sends `quit` and waits for the process to end; returns a warning if it did not end
    /// cleanly.
    pub fn quit(&mut self) -> Option<String> {
        self.engine.take().and_then(|e| e.quit(HANDSHAKE_TIMEOUT))
    }
}
