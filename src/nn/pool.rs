//! The evaluators of a search's threads, kept from one batch to the next: the first
//! evaluates on the caller's thread, each other one on a thread of its own, started once and
//! kept for the pool's life. Evaluating a batch then starts no thread and, once every
//! evaluator has evaluated as many positions of the board's size, allocates nothing: each
//! thread keeps its inputs and evaluations, and hands its evaluations back by swapping them
//! with the caller's.

use super::eval::{Evaluation, Evaluator, GameInputs};
use super::symmetry;
use crate::game::Game;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

/// Evaluators for one search thread each, the first on the caller's thread.
pub struct EvaluatorPool {
    first: Evaluator,
    /// The first evaluator's inputs, read from the games of its share of a batch.
    first_inputs: Vec<GameInputs>,
    helpers: Vec<Helper>,
}

/// An evaluator on its own thread, and the job it shares with the caller.
struct Helper {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

/// A helper's job, and the signal that it changed hands.
struct Shared {
    job: Mutex<Job>,
    changed: Condvar,
}

/// Whose turn it is with a helper's job.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// Nothing to do.
    Idle,
    /// Inputs ready for the helper.
    Ready,
    /// Evaluations ready for the caller.
    Done,
    /// The evaluation failed (a bug): the caller stops.
    Failed,
    /// The pool is being dropped: the thread ends.
    Quit,
}

/// A share of a batch: the positions, where the orientations start, the evaluations.
struct Job {
    state: State,
    inputs: Vec<GameInputs>,
    out: Vec<Evaluation>,
    count: usize,
    first_symmetry: usize,
}

/// Locks a job; a poisoned lock (a helper that failed) still holds a job worth reading.
fn lock(shared: &Shared) -> MutexGuard<'_, Job> {
    shared.job.lock().unwrap_or_else(PoisonError::into_inner)
}

impl EvaluatorPool {
    /// A pool of one evaluator, on the caller's thread.
    pub fn new(first: Evaluator) -> EvaluatorPool {
        EvaluatorPool {
            first,
            first_inputs: Vec::new(),
            helpers: Vec::new(),
        }
    }

    /// A pool of these evaluators (at least one): the first on the caller's thread, each
    /// other on a thread started now.
    pub fn from_evaluators(evaluators: Vec<Evaluator>) -> EvaluatorPool {
        let mut evaluators = evaluators.into_iter();
        let first = evaluators.next().expect("a pool needs an evaluator");
        let mut pool = EvaluatorPool::new(first);
        for evaluator in evaluators {
            pool.add(evaluator);
        }
        pool
    }

    /// How many evaluators, and so threads, the pool has.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// Sets the number of evaluators to `threads` (at least one), starting threads for new
    /// evaluators made by `make`, or ending the last ones' threads.
    pub fn resize_with(&mut self, threads: usize, mut make: impl FnMut() -> Evaluator) {
        let threads = threads.max(1);
        while self.threads() > threads {
            self.helpers.pop();
        }
        while self.threads() < threads {
            if !self.add(make()) {
                break;
            }
        }
    }

    /// Starts a thread for `evaluator`; false (and a warning) when the system refuses one,
    /// and the pool goes on with the threads it has.
    fn add(&mut self, evaluator: Evaluator) -> bool {
        let shared = Arc::new(Shared {
            job: Mutex::new(Job {
                state: State::Idle,
                inputs: Vec::new(),
                out: Vec::new(),
                count: 0,
                first_symmetry: 0,
            }),
            changed: Condvar::new(),
        });
        let theirs = Arc::clone(&shared);
        let started = std::thread::Builder::new()
            .name(format!("koan-network-{}", self.threads()))
            .spawn(move || serve(&theirs, evaluator));
        match started {
            Ok(thread) => {
                self.helpers.push(Helper {
                    shared,
                    thread: Some(thread),
                });
                true
            }
            Err(e) => {
                tracing::warn!(
                    "no new thread for the network ({e}); going on with {}",
                    self.threads()
                );
                false
            }
        }
    }

    /// The evaluator on the caller's thread, for one position at a time.
    pub fn first_mut(&mut self) -> &mut Evaluator {
        &mut self.first
    }

    /// Evaluates the positions of `items`' games (`game` finds each one's) together into
    /// `out[..items.len()]` (grown if short), split among the evaluators in equal shares in
    /// order, each share one batch: the first item in orientation `first_symmetry`, the next
    /// in the next, and so on.
    pub fn evaluate_batch<T>(
        &mut self,
        items: &[T],
        game: impl Fn(&T) -> &Game,
        first_symmetry: usize,
        out: &mut Vec<Evaluation>,
    ) {
        let count = items.len();
        if count == 0 {
            return;
        }
        if out.len() < count {
            out.resize_with(count, Evaluation::default);
        }
        let share = count.div_ceil(self.threads());
        let mut shares = items.chunks(share);
        let own = shares.next().unwrap_or_default();
        for (k, (helper, items)) in self.helpers.iter().zip(shares).enumerate() {
            let mut job = lock(&helper.shared);
            read_into(&mut job.inputs, items, &game);
            if job.out.len() < items.len() {
                job.out.resize_with(items.len(), Evaluation::default);
            }
            job.count = items.len();
            job.first_symmetry = first_symmetry + (k + 1) * share;
            job.state = State::Ready;
            drop(job);
            helper.shared.changed.notify_all();
        }
        read_into(&mut self.first_inputs, own, &game);
        evaluate_share(
            &mut self.first,
            &self.first_inputs[..own.len()],
            first_symmetry,
            &mut out[..own.len()],
        );
        let handed = count.div_ceil(share) - 1;
        for (k, helper) in self.helpers.iter().take(handed).enumerate() {
            let mut job = lock(&helper.shared);
            while job.state == State::Ready {
                job = helper
                    .shared
                    .changed
                    .wait(job)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            assert_eq!(job.state, State::Done, "a network thread failed");
            let start = (k + 1) * share;
            let n = job.count;
            for (mine, theirs) in out[start..start + n].iter_mut().zip(&mut job.out[..n]) {
                std::mem::swap(mine, theirs);
            }
            job.state = State::Idle;
        }
    }
}

impl Drop for Helper {
    /// Ends the helper's thread and waits for it.
    fn drop(&mut self) {
        lock(&self.shared).state = State::Quit;
        self.shared.changed.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A helper thread: evaluates each job handed to it until told to quit.
fn serve(shared: &Shared, mut evaluator: Evaluator) {
    let mut job = lock(shared);
    loop {
        match job.state {
            State::Quit => return,
            State::Ready => {
                let Job {
                    inputs,
                    out,
                    count,
                    first_symmetry,
                    ..
                } = &mut *job;
                let evaluated = catch_unwind(AssertUnwindSafe(|| {
                    evaluate_share(
                        &mut evaluator,
                        &inputs[..*count],
                        *first_symmetry,
                        &mut out[..*count],
                    )
                }));
                job.state = if evaluated.is_ok() {
                    State::Done
                } else {
                    State::Failed
                };
                shared.changed.notify_all();
            }
            State::Idle | State::Done | State::Failed => {
                job = shared
                    .changed
                    .wait(job)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        }
    }
}

/// Reads the games of `items` into `inputs`, reusing the inputs there are.
fn read_into<T>(inputs: &mut Vec<GameInputs>, items: &[T], game: &impl Fn(&T) -> &Game) {
    for (i, item) in items.iter().enumerate() {
        match inputs.get_mut(i) {
            Some(gi) => gi.read(game(item)),
            None => inputs.push(GameInputs::from_game(game(item))),
        }
    }
}

/// Evaluates `inputs` as one batch with `evaluator` into `out`, the first in orientation
/// `first_symmetry`, the next in the next orientation, and so on.
fn evaluate_share(
    evaluator: &mut Evaluator,
    inputs: &[GameInputs],
    first_symmetry: usize,
    out: &mut [Evaluation],
) {
    let positions: smallvec::SmallVec<[(&GameInputs, usize); 16]> = inputs
        .iter()
        .enumerate()
        .map(|(i, gi)| (gi, (first_symmetry + i) % symmetry::COUNT))
        .collect();
    evaluator.evaluate_batch(&positions, 0.0, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;
    use crate::nn::Model;
    use crate::rules::Ruleset;

    fn game(moves: &[&str]) -> Game {
        let mut game = koan_core::testkit::new_game(7, Ruleset::default());
        for v in moves {
            let color = game.to_move();
            let p = game.board().point(Coord::parse_gtp(v, 7).unwrap());
            game.play(color, p).unwrap();
        }
        game
    }

    #[test]
    fn a_batch_split_among_threads_is_each_position_evaluated_alone_in_its_orientation() {
        let text = crate::nn::model::tests::tiny_model_text();
        let model = Arc::new(Model::parse(text.as_bytes(), false).unwrap());
        let evaluator = || Evaluator::new(Arc::clone(&model));
        let games = [
            game(&[]),
            game(&["D4"]),
            game(&["D4", "C3"]),
            game(&["D4", "C3", "E5"]),
            game(&["C5", "E3", "C3"]),
            game(&["B2", "F6"]),
            game(&["G7"]),
        ];
        let mut pool = EvaluatorPool::from_evaluators(vec![evaluator(), evaluator(), evaluator()]);
        assert_eq!(pool.threads(), 3);
        let mut alone = evaluator();
        let mut out = Vec::new();
        // Twice: the second batch reuses the threads' inputs and evaluations; then a batch
        // smaller than the pool, which leaves a thread idle.
        for (count, first) in [(7, 5), (7, 2), (2, 0)] {
            pool.evaluate_batch(&games[..count], |g| g, first, &mut out);
            for (i, g) in games[..count].iter().enumerate() {
                let want = alone.evaluate_game(g, (first + i) % symmetry::COUNT, 0.0);
                let got = &out[i];
                assert!((got.white_win - want.white_win).abs() < 1e-5, "{count} {i}");
                assert!(
                    (got.white_lead - want.white_lead).abs() < 1e-4,
                    "{count} {i}"
                );
                assert_eq!(got.policy.len(), want.policy.len());
                for (a, b) in got.policy.iter().zip(&want.policy) {
                    assert!((a - b).abs() < 1e-5, "{count} {i}: policy {a} against {b}");
                }
            }
        }
        pool.resize_with(1, evaluator);
        assert_eq!(pool.threads(), 1);
        pool.evaluate_batch(&games[..3], |g| g, 0, &mut out);
        let want = alone.evaluate_game(&games[2], 2, 0.0);
        assert!((out[2].white_win - want.white_win).abs() < 1e-5);
    }
}
