//! A GTP engine child process, driven line by line with a per-command timeout.

use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How many of the engine's last stderr lines are kept to explain a death.
const STDERR_TAIL: usize = 10;

/// Where a copy of the engine's standard error goes (its last lines are always kept).
pub(crate) enum StderrCopy {
    /// Nowhere.
    Discard,
    /// To our standard error.
    Stderr,
    /// Appended to a file.
    File(std::fs::File),
}

/// Why talking to the engine stopped.
#[derive(Debug)]
pub(crate) enum EngineError {
    /// The process could not be started.
    Spawn(String),
    /// The engine closed its output or could not be written to.
    Died(String),
    /// No complete response within the timeout; the engine was killed.
    Timeout(Duration),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Spawn(m) => write!(f, "cannot start engine: {m}"),
            EngineError::Died(m) => write!(f, "engine died{m}"),
            EngineError::Timeout(t) => {
                write!(f, "no response within {} s, engine killed", t.as_secs_f64())
            }
        }
    }
}

/// A running engine: stdout and stderr are read by helper threads so that no read blocks the
/// runner beyond the timeout.
pub(crate) struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    stderr_done: Arc<AtomicBool>,
    verbose: bool,
}

impl Engine {
    /// Starts `argv` in `dir`. With `verbose`, the GTP stream and the engine's stderr are
    /// copied to our stderr.
    pub(crate) fn start(argv: &[String], dir: &Path, verbose: bool) -> Result<Engine, EngineError> {
        let copy = if verbose {
            StderrCopy::Stderr
        } else {
            StderrCopy::Discard
        };
        Engine::start_with(argv, dir, verbose, copy)
    }

    /// Starts `argv` in `dir`, copying its stderr to `copy`; with `verbose`, the GTP stream
    /// is copied to our stderr.
    pub(crate) fn start_with(
        argv: &[String],
        dir: &Path,
        verbose: bool,
        copy: StderrCopy,
    ) -> Result<Engine, EngineError> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| EngineError::Spawn("empty engine command".to_string()))?;
        let mut child = Command::new(program)
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| EngineError::Spawn(format!("{}: {e}", argv.join(" "))))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");

        let (tx, lines) = mpsc::channel();
        thread::spawn(move || for_each_line(stdout, |line| tx.send(line).is_ok()));

        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let stderr_done = Arc::new(AtomicBool::new(false));
        {
            let tail = Arc::clone(&stderr_tail);
            let done = Arc::clone(&stderr_done);
            thread::spawn(move || {
                drain_stderr(stderr, &tail, copy);
                done.store(true, Ordering::SeqCst);
            });
        }
        Ok(Engine {
            child,
            stdin,
            lines,
            stderr_tail,
            stderr_done,
            verbose,
        })
    }

    /// Sends one command line and returns the full response (status line and following lines,
    /// without the terminating empty line). Lines before the status character are ignored, as
    /// gogui-regress does. On timeout the engine is killed.
    pub(crate) fn send(&mut self, command: &str, timeout: Duration) -> Result<String, EngineError> {
        if self.verbose {
            eprintln!(">> {command}");
        }
        tracing::debug!(target: "regress", ">> {command}");
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(format!("{command}\n").as_bytes())
                .and_then(|()| stdin.flush())
                .is_ok(),
            None => false,
        };
        if !written {
            return Err(self.died());
        }
        let deadline = Instant::now() + timeout;
        let mut response: Option<Vec<String>> = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if self.verbose {
                        eprintln!("<< {line}");
                    }
                    tracing::debug!(target: "regress", "<< {line}");
                    match response.as_mut() {
                        None if line.starts_with('=') || line.starts_with('?') => {
                            response = Some(vec![line]);
                        }
                        None => {
                            tracing::debug!(target: "regress", "ignoring invalid response line: {line:?}");
                        }
                        Some(_) if line.is_empty() => {
                            return Ok(response.take().unwrap_or_default().join("\n"));
                        }
                        Some(lines) => lines.push(line),
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Err(EngineError::Timeout(timeout));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.died()),
            }
        }
    }

    /// Sends `quit`, closes stdin and waits for the process to end (killing it after
    /// `timeout`). Returns a warning if the engine did not exit cleanly.
    pub(crate) fn quit(mut self, timeout: Duration) -> Option<String> {
        let mut warning = match self.send("quit", timeout) {
            Ok(_) | Err(EngineError::Died(_)) => None,
            Err(e) => return Some(format!("on quit: {e}")),
        };
        self.stdin = None;
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    if !status.success() {
                        warning = Some(format!("engine exited with {status} after quit"));
                    }
                    break;
                }
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                Ok(None) => {
                    self.kill();
                    warning = Some(format!(
                        "engine did not exit within {} s after quit, killed",
                        timeout.as_secs_f64()
                    ));
                    break;
                }
                Err(e) => {
                    warning = Some(format!("cannot wait for engine: {e}"));
                    break;
                }
            }
        }
        warning
    }

    /// Kills the process (if still running) and reaps it.
    pub(crate) fn kill(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }

    /// Builds the `Died` error: exit status (waiting briefly for it) and the last stderr lines.
    fn died(&mut self) -> EngineError {
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => {
                    self.kill();
                    break None;
                }
            }
        };
        // Give the stderr reader a moment to collect the last words.
        let deadline = Instant::now() + Duration::from_millis(200);
        while !self.stderr_done.load(Ordering::SeqCst) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        let mut msg = match status {
            Some(status) => format!(" ({status})"),
            None => " (closed its output)".to_string(),
        };
        let tail = self
            .stderr_tail
            .lock()
            .map(|t| t.clone())
            .unwrap_or_default();
        if !tail.is_empty() {
            msg.push_str("; last stderr lines:");
            for line in tail {
                msg.push_str("\n    ");
                msg.push_str(&line);
            }
        }
        EngineError::Died(msg)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

/// Reads `input` line by line (invalid UTF-8 replaced, line ends removed) and hands each
/// line to `each` until the input ends, fails, or `each` returns false.
fn for_each_line(input: impl Read, mut each: impl FnMut(String) -> bool) {
    let mut reader = BufReader::new(input);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf);
                if !each(line.trim_end_matches(['\n', '\r']).to_string()) {
                    break;
                }
            }
        }
    }
}

/// Reads the engine's stderr to its end, keeping the last lines and copying them to `copy`.
fn drain_stderr(stderr: impl Read, tail: &Mutex<VecDeque<String>>, mut copy: StderrCopy) {
    for_each_line(stderr, |line| {
        let line = line.trim_end().to_string();
        match &mut copy {
            StderrCopy::Discard => {}
            StderrCopy::Stderr => eprintln!("{line}"),
            StderrCopy::File(f) => {
                let _ = writeln!(f, "{line}");
            }
        }
        if let Ok(mut t) = tail.lock() {
            if t.len() == STDERR_TAIL {
                t.pop_front();
            }
            t.push_back(line);
        }
        true
    });
}
