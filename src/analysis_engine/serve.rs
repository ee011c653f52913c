//! Serving the protocol: the input is read on one thread while a pool of workers searches
//! the queued positions, each answer written as its search ends.
//!
//! Positions wait in one queue, highest priority first and, among equals, in the order they
//! came. A worker takes the next, searches it with a fresh tree (so a position's answer does
//! not depend on what the worker searched before) and writes its answer. `terminate` takes
//! waiting positions out of the queue, answering each with `noResults`, and stops running
//! searches, which answer with what they found so far. At the end of the input the queued
//! positions are still searched, unless `quit_without_waiting`.

use super::query::{self, Action, Analysis, Line, Position, Spec};
use super::report;
use super::settings::Settings;
use crate::player::{Limits, Player, PlayerOptions, Request};
use crate::search::Snapshot;
use serde_json::Value;
use std::cmp::Ordering as Order;
use std::collections::BinaryHeap;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// How the engine runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Positions searched at once (workers).
    pub workers: usize,
    /// Search threads of each worker.
    pub search_threads: usize,
    /// Seed of the searches (each position's search seeds from it and its turn).
    pub seed: u64,
    /// What queries do not say.
    pub settings: Settings,
    /// At the end of the input, stop at once instead of finishing the queued positions.
    pub quit_without_waiting: bool,
    /// The KataGo network the searches read (`-model FILE`), if any.
    pub network: Option<crate::nn::Network>,
}

/// A position waiting or being searched.
struct Job {
    /// Arrival order, unique.
    seq: u64,
    id: Arc<str>,
    position: Position,
    spec: Arc<Spec>,
    stop: Arc<AtomicBool>,
}

/// True when a `terminate` for `id` (every id when `None`) at `turns` (every turn when
/// `None`) hits the position of `job_id` at `turn`.
fn targeted(id: Option<&str>, turns: Option<&[i64]>, job_id: &str, turn: usize) -> bool {
    id.is_none_or(|id| job_id == id) && turns.is_none_or(|t| t.contains(&(turn as i64)))
}

/// Queue order: higher priority first, then earlier arrival.
impl Ord for Job {
    fn cmp(&self, other: &Job) -> Order {
        self.position
            .priority
            .cmp(&other.position.priority)
            .then(other.seq.cmp(&self.seq))
    }
}

impl PartialOrd for Job {
    fn partial_cmp(&self, other: &Job) -> Option<Order> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Job {
    fn eq(&self, other: &Job) -> bool {
        self.seq == other.seq
    }
}

impl Eq for Job {}

/// A running search: what `terminate` needs to find and stop it.
struct Running {
    seq: u64,
    id: Arc<str>,
    turn: usize,
    stop: Arc<AtomicBool>,
}

#[derive(Default)]
struct State {
    queue: BinaryHeap<Job>,
    running: Vec<Running>,
    /// No more input: workers leave when the queue is empty.
    closed: bool,
    next_seq: u64,
}

/// What the reader and the workers share.
struct Shared {
    state: Mutex<State>,
    ready: Condvar,
    out: Mutex<Box<dyn Write + Send>>,
}

/// A lock that a panicking holder does not make unusable.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shared {
    /// Writes one answer line.
    fn write(&self, value: &Value) {
        let mut out = lock(&self.out);
        if let Err(e) = writeln!(out, "{value}").and_then(|()| out.flush()) {
            tracing::error!("cannot write an answer: {e}");
        }
    }
}

/// Serves queries read from `input` until its end, writing answers to `output`.
pub fn serve(options: &Options, input: impl BufRead, output: Box<dyn Write + Send>) {
    let shared = Shared {
        state: Mutex::new(State::default()),
        ready: Condvar::new(),
        out: Mutex::new(output),
    };
    tracing::info!(
        "analysis engine: {} position(s) at a time, {} search thread(s) each, {} visits, \
         figures for {}",
        options.workers,
        options.search_threads,
        options.settings.max_visits,
        options.settings.perspective
    );
    std::thread::scope(|s| {
        for _ in 0..options.workers.max(1) {
            s.spawn(|| work(&shared, options));
        }
        read_input(&shared, options, input);
        let mut state = lock(&shared.state);
        state.closed = true;
        if options.quit_without_waiting {
            state.queue.clear();
            for r in &state.running {
                r.stop.store(true, Ordering::SeqCst);
            }
        }
        drop(state);
        shared.ready.notify_all();
    });
}

/// Reads and answers lines until the end of `input` (invalid UTF-8 replaced).
fn read_input(shared: &Shared, options: &Options, mut input: impl BufRead) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e) => {
                tracing::error!("reading input: {e}");
                return;
            }
        }
        let line = String::from_utf8_lossy(&buf);
        match query::read_line(&line, &options.settings) {
            Line::Blank => {}
            Line::Refused(error) => {
                tracing::warn!("{error}");
                shared.write(&error);
            }
            Line::Action(action) => act(shared, action),
            Line::Analyze(analysis) => enqueue(shared, *analysis),
        }
    }
}

/// Answers a special action.
fn act(shared: &Shared, action: Action) {
    let (mut echo, extra) = match action {
        Action::Version(echo) => {
            let (version, commit) = crate::VERSION
                .split_once('+')
                .unwrap_or((crate::VERSION, "unknown"));
            (
                echo,
                vec![("version", version.into()), ("git_hash", commit.into())],
            )
        }
        Action::Models(echo) => (echo, vec![("models", Value::Array(Vec::new()))]),
        Action::ClearCache(echo) => (echo, Vec::new()),
        Action::Terminate { echo, id, turns } => {
            terminate(shared, id.as_deref(), turns.as_deref());
            (echo, Vec::new())
        }
    };
    for (key, value) in extra {
        echo.insert(key.to_string(), value);
    }
    shared.write(&Value::Object(echo));
}

/// Stops the positions of `id` (every id when `None`) at `turns` (every turn when `None`):
/// queued ones are answered with `noResults` at once, running ones are told to stop.
fn terminate(shared: &Shared, id: Option<&str>, turns: Option<&[i64]>) {
    let mut state = lock(&shared.state);
    let (gone, kept): (Vec<Job>, Vec<Job>) = std::mem::take(&mut state.queue)
        .into_vec()
        .into_iter()
        .partition(|job| targeted(id, turns, &job.id, job.position.turn));
    state.queue = kept.into();
    for r in &state.running {
        if targeted(id, turns, &r.id, r.turn) {
            r.stop.store(true, Ordering::SeqCst);
        }
    }
    drop(state);
    let mut gone = gone;
    gone.sort_by_key(|j| j.seq);
    for job in gone {
        shared.write(&report::no_results(&job.id, job.position.turn));
    }
}

/// Writes a query's warnings and queues its positions.
fn enqueue(shared: &Shared, analysis: Analysis) {
    for w in &analysis.warnings {
        shared.write(w);
    }
    let id: Arc<str> = analysis.id.into();
    let spec = Arc::new(analysis.spec);
    let mut state = lock(&shared.state);
    for position in analysis.positions {
        let seq = state.next_seq;
        state.next_seq += 1;
        state.queue.push(Job {
            seq,
            id: id.clone(),
            position,
            spec: spec.clone(),
            stop: Arc::new(AtomicBool::new(false)),
        });
    }
    drop(state);
    shared.ready.notify_all();
}

/// A worker: takes the best queued position, searches it, answers; until the input has
/// ended and the queue is empty.
fn work(shared: &Shared, options: &Options) {
    let new_player = || {
        Player::new(PlayerOptions {
            threads: options.search_threads.max(1),
            seed: options.seed,
            network: options.network.clone(),
            ..PlayerOptions::default()
        })
    };
    let mut player = new_player();
    loop {
        let job = {
            let mut state = lock(&shared.state);
            loop {
                if let Some(job) = state.queue.pop() {
                    state.running.push(Running {
                        seq: job.seq,
                        id: job.id.clone(),
                        turn: job.position.turn,
                        stop: job.stop.clone(),
                    });
                    break Some(job);
                }
                if state.closed {
                    break None;
                }
                state = shared.ready.wait(state).unwrap_or_else(|e| e.into_inner());
            }
        };
        let Some(job) = job else {
            return;
        };
        // A failing search (a bug in it) costs its position, not the engine: the position
        // is answered with an error and the worker goes on with a new player.
        let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            search(&mut player, &job, shared, options)
        }));
        let answer = searched.unwrap_or_else(|_| {
            player = new_player();
            serde_json::json!({
                "id": *job.id,
                "turnNumber": job.position.turn,
                "error": "koan's search failed on this position (the log says why)",
            })
        });
        // Off the running list before the answer goes out: a terminate after the answer
        // finds nothing to stop.
        lock(&shared.state).running.retain(|r| r.seq != job.seq);
        shared.write(&answer);
    }
}

/// Searches one position with a fresh tree and returns its final answer (reports during the
/// search, when asked, are written as they come).
fn search(player: &mut Player, job: &Job, shared: &Shared, options: &Options) -> Value {
    let spec = &job.spec;
    let game = &job.position.game;
    let turn = job.position.turn;
    player.set_game(game.clone());
    player.set_stop_flag(job.stop.clone());
    player.forget_tree();
    let (first, every) = spec.report_during.unwrap_or((Duration::MAX, Duration::MAX));
    let mut last: Option<Duration> = None;
    let mut during = |snap: &Snapshot| {
        let due = match last {
            None => snap.elapsed >= first,
            Some(t) => snap.elapsed >= t.saturating_add(every),
        };
        if spec.report_during.is_some() && due {
            last = Some(snap.elapsed);
            if let Some(v) = report::analysis(&job.id, turn, game, snap, spec, true) {
                shared.write(&v);
            }
        }
    };
    // An observer is always given: it makes the search keep ownership, which the score's
    // spread is estimated from.
    let limits = Limits::Budget {
        playouts: spec.max_visits,
        time: spec.max_time,
    };
    let result = player.search(Request {
        filter: spec.filter.clone(),
        observer: Some((first.min(every), &mut during)),
        seed: Some(options.seed ^ (turn as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        ..Request::new(game.to_move(), limits)
    });
    tracing::debug!(
        "{} turn {turn}: {} playouts in {:.2} s",
        job.id,
        result.playouts,
        result.elapsed.as_secs_f64()
    );
    result
        .snapshot
        .and_then(|snap| report::analysis(&job.id, turn, game, &snap, spec, false))
        .unwrap_or_else(|| report::no_results(&job.id, turn))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An output the test can read after the engine has written to it.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            lock(&self.0).extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_position_stopped_before_its_first_playout_answers_no_results() {
        let options = Options {
            workers: 1,
            search_threads: 1,
            seed: 1,
            settings: Settings::default(),
            quit_without_waiting: false,
            network: None,
        };
        let query = r#"{"id":"q","moves":[["B","C3"]],"rules":"chinese","komi":7.5,"boardXSize":9,"boardYSize":9,"maxVisits":1000000}"#;
        let Line::Analyze(analysis) = query::read_line(query, &options.settings) else {
            panic!("a query");
        };
        let position = analysis.positions.into_iter().next().unwrap();
        let job = Job {
            seq: 0,
            id: "q".into(),
            position,
            spec: Arc::new(analysis.spec),
            stop: Arc::new(AtomicBool::new(true)),
        };
        let sink = Sink::default();
        let shared = Shared {
            state: Mutex::new(State::default()),
            ready: Condvar::new(),
            out: Mutex::new(Box::new(sink.clone())),
        };
        let mut player = Player::new(PlayerOptions::default());
        let answer = search(&mut player, &job, &shared, &options);
        assert_eq!(
            answer,
            serde_json::json!({"id": "q", "turnNumber": 1, "isDuringSearch": false, "noResults": true})
        );
        assert!(
            lock(&sink.0).is_empty(),
            "nothing written during the search"
        );
    }
}
