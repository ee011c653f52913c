//! The engine's wall-clock guards over the rules core's readings. The ko classifier and the
//! judgement of life and death are bounded by node budgets, which give the same answers on
//! any machine; the engine adds a time limit on top, only as an outer guard against a
//! reading that would keep a controller waiting (the rules core reads no clock).

use crate::ko_types::Guard;
use crate::tactics::local_search::StopTest;
use std::time::{Duration, Instant};

/// The default outer limit on one ko classification: far above what its default node budget
/// takes, so that only a machine many times slower than usual reaches it.
pub const KO_CLASSIFY_GUARD: Duration = Duration::from_secs(60);

/// A "stop now?" test that says stop once `limit` has passed from now.
pub fn stop_after(limit: Duration) -> StopTest {
    match Instant::now().checked_add(limit) {
        Some(end) => StopTest::new(move || Instant::now() >= end),
        None => StopTest::new(|| false),
    }
}

/// A guard that stops each classification call once the given time has passed since the
/// call started.
#[derive(Clone, Copy, Debug)]
pub struct WallClock(pub Duration);

impl Guard for WallClock {
    fn start(&self) -> StopTest {
        stop_after(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guard_stops_once_its_time_has_passed() {
        assert!(WallClock(Duration::ZERO).start().stop_now());
        assert!(!WallClock(Duration::from_secs(3600)).start().stop_now());
    }
}
