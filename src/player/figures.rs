//! The figures an analysis reports beyond visits, win rates and priors: scores, their
//! spread, utility and ownership, per root move and for the root, from a search
//! [`Snapshot`]. `kata-analyze` and the JSON analysis engine (`koan analysis`) both take
//! them from here, so this is the one place to change when the search keeps more per move.
//!
//! What the search keeps, and so what these report:
//! - **Score.** Every tree node keeps the mean and the spread of the final margins of the
//!   simulations through it. A move's `scoreLead`, `scoreMean` and `scoreSelfplay` are its
//!   node's mean margin (koan has one score estimate, so the three agree) and `scoreStdev`
//!   its spread; the root's are the root node's, over every simulation of the search (and
//!   of the earlier searches whose tree it reuses).
//! - **Utility.** koan's search maximises the win rate plus a bounded score utility in its
//!   selection; what it reports as a move's utility is KataGo's with no score term,
//!   `2 * winrate - 1`, and its lower bound `2 * lcb - 1`.
//! - **Ownership per move** (`movesOwnership`): the root's ownership for every move (the
//!   playouts' ownership is counted for the whole search, not per move). The spread of
//!   ownership at a point is `sqrt(1 - o * o)` for an ownership `o`.
//!
//! Every figure is for the player to move at the root, as the snapshot's win rates are;
//! ownership is +1 where Black owns the point.

use crate::search::{MoveStats, Snapshot};

/// One root move's figures, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveFigures {
    /// The expected final margin (komi included) after the move.
    pub score_lead: f64,
    /// The spread of the final margin after the move.
    pub score_stdev: f64,
    /// The move's utility, -1..1.
    pub utility: f64,
    /// A lower confidence bound of the utility.
    pub utility_lcb: f64,
}

/// The root's figures, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootFigures {
    /// Simulations of the whole search.
    pub visits: u64,
    /// The win rate over all of them.
    pub winrate: f64,
    /// The expected final margin (komi included).
    pub score_lead: f64,
    /// Its spread.
    pub score_stdev: f64,
    /// The root's utility, -1..1.
    pub utility: f64,
}

/// The figures of the root move `m`: its own score statistics, and its win rate as a
/// utility.
pub fn move_figures(m: &MoveStats) -> MoveFigures {
    MoveFigures {
        score_lead: m.score_lead,
        score_stdev: m.score_stdev,
        utility: 2.0 * m.winrate - 1.0,
        utility_lcb: 2.0 * m.lcb - 1.0,
    }
}

/// The ownership after `m` (+1: Black's), `size * size` values from the top-left point.
pub fn move_ownership<'s>(snap: &'s Snapshot, _m: &MoveStats) -> &'s [f32] {
    &snap.ownership
}

/// The root's figures: its visits, and the visit-weighted win rate of its moves.
pub fn root_figures(snap: &Snapshot) -> RootFigures {
    let visits: u64 = snap.moves.iter().map(|m| m.visits).sum();
    let winrate = if visits == 0 {
        0.5
    } else {
        snap.moves
            .iter()
            .map(|m| m.winrate * m.visits as f64)
            .sum::<f64>()
            / visits as f64
    };
    RootFigures {
        visits: visits.max(snap.playouts),
        winrate,
        score_lead: snap.score_lead,
        score_stdev: snap.score_stdev,
        utility: 2.0 * winrate - 1.0,
    }
}

/// Each point's spread of ownership, `sqrt(1 - o * o)` for an ownership `o` (exact when
/// every playout gives the point to one side; an upper bound when some leave it neutral).
pub fn ownership_stdev(ownership: &[f32]) -> Vec<f64> {
    ownership
        .iter()
        .map(|&o| (1.0 - f64::from(o) * f64::from(o)).max(0.0).sqrt())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Point};
    use std::time::Duration;

    fn stats(visits: u64, winrate: f64, score_lead: f64) -> MoveStats {
        MoveStats {
            point: Point::PASS,
            visits,
            winrate,
            prior: 0.5,
            lcb: winrate / 2.0,
            pv: vec![Point::PASS],
            pv_visits: vec![visits],
            score_lead,
            score_stdev: 2.0 * score_lead.abs(),
        }
    }

    #[test]
    fn figures_come_from_what_the_search_keeps() {
        let snap = Snapshot {
            color: Color::White,
            playouts: 40,
            elapsed: Duration::ZERO,
            moves: vec![stats(30, 0.6, 4.0), stats(10, 0.2, -1.5)],
            ownership: vec![1.0, -1.0, 0.0, 0.0],
            score_lead: 3.5,
            score_stdev: 6.25,
            priors: Default::default(),
            policy: Vec::new(),
        };
        let root = root_figures(&snap);
        assert_eq!(root.visits, 40);
        assert!((root.winrate - 0.5).abs() < 1e-9);
        assert_eq!((root.score_lead, root.score_stdev), (3.5, 6.25));
        let m = move_figures(&snap.moves[0]);
        assert!((m.utility - 0.2).abs() < 1e-9);
        assert!((m.utility_lcb + 0.4).abs() < 1e-9);
        assert_eq!((m.score_lead, m.score_stdev), (4.0, 8.0));
        let m = move_figures(&snap.moves[1]);
        assert_eq!((m.score_lead, m.score_stdev), (-1.5, 3.0));
        assert_eq!(ownership_stdev(&[1.0, 0.0]), vec![0.0, 1.0]);
        assert_eq!(move_ownership(&snap, &snap.moves[1]).len(), 4);
    }
}
