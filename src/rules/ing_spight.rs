//! The Ing-Spight ko rule: hot stones and odd cycles. (Being written: see issue 3.)

use super::ko::{Candidate, KoBan, Past, Step};
use crate::board::{Board, Point};

/// What the Ing-Spight rule remembers: the hot stones and the odd cycles seen so far.
#[derive(Clone, Debug, Default)]
pub struct IngMemory {
    hot: Vec<Point>,
}

impl IngMemory {
    /// Updates the memory after `step` (with `earlier` the steps before it).
    pub fn record(&mut self, step: &Step, earlier: &[Step], before: &Board, after: &Board) {
        let _ = (step, earlier, before, after);
        self.hot.clear();
    }

    /// The hot stones: stones placed by the current unbroken run of ko plays.
    pub fn hot_stones(&self) -> &[Point] {
        &self.hot
    }
}

/// Why the Ing-Spight rule bans `cand`, if it does.
pub fn judge(past: &impl Past, cand: &Candidate) -> Option<KoBan> {
    let _ = (past, cand);
    None
}
