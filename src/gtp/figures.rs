//! The figures an analysis reports beyond visits, win rates and priors: scores, their
//! spread, utility and ownership, per root move and for the root, from a search
//! [`Snapshot`]. `kata-analyze` and the JSON analysis engine (`koan analysis`) both take
//! them from here, so this is the one place to change when the search keeps more per move.
//!
//! What the search keeps today, and so what these report:
//! - **Score.** The search keeps one mean final margin for the whole search
//!   ([`Snapshot::score_lead`]), not one per move: every move reports the root's score lead
//!   (`scoreLead`, `scoreMean`, `scoreSelfplay` alike).
//! - **Score spread.** `scoreStdev` is estimated from the ownership: the square root of the
//!   sum over the points of `1 - o * o` (each point's own variance when playouts give it to
//!   one side or the other), as if the points were independent. The same for every move.
//! - **Utility.** koan's search maximises the win rate alone, so a move's utility is
//!   `2 * winrate - 1` (KataGo's utility with no score term), and its lower bound
//!   `2 * lcb - 1`.
//! - **Ownership per move** (`movesOwnership`): the root's ownership for every move.
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

/// `m`'s figures in the search `snap` (see the module's notes for what stands in for what
/// the search does not keep per move yet).
pub fn move_figures(snap: &Snapshot, m: &MoveStats) -> MoveFigures {
    MoveFigures {
        score_lead: snap.score_lead,
        score_stdev: score_stdev(&snap.ownership),
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
        score_stdev: score_stdev(&snap.ownership),
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

/// The spread of the final margin estimated from the ownership (see the module's notes).
fn score_stdev(ownership: &[f32]) -> f64 {
    ownership_stdev(ownership)
        .iter()
        .map(|s| s * s)
        .sum::<f64>()
        .sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Point};
    use std::time::Duration;

    fn stats(visits: u64, winrate: f64) -> MoveStats {
        MoveStats {
            point: Point::PASS,
            visits,
            winrate,
            prior: 0.5,
            lcb: winrate / 2.0,
            pv: vec![Point::PASS],
            pv_visits: vec![visits],
        }
    }

    #[test]
    fn figures_come_from_what_the_search_keeps() {
        let snap = Snapshot {
            color: Color::White,
            playouts: 40,
            elapsed: Duration::ZERO,
            moves: vec![stats(30, 0.6), stats(10, 0.2)],
            ownership: vec![1.0, -1.0, 0.0, 0.0],
            score_lead: 3.5,
        };
        let root = root_figures(&snap);
        assert_eq!(root.visits, 40);
        assert!((root.winrate - 0.5).abs() < 1e-9);
        assert!((root.score_stdev - 2f64.sqrt()).abs() < 1e-9);
        let m = move_figures(&snap, &snap.moves[0]);
        assert!((m.utility - 0.2).abs() < 1e-9);
        assert!((m.utility_lcb + 0.4).abs() < 1e-9);
        assert_eq!(m.score_lead, 3.5);
        assert_eq!(ownership_stdev(&[1.0, 0.0]), vec![0.0, 1.0]);
        assert_eq!(move_ownership(&snap, &snap.moves[1]).len(), 4);
    }
}
