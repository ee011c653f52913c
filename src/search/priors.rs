//! Prior knowledge given to a move when its node is created: virtual visits and wins that
//! the move's statistics start with, as in Gelly and Silver's "even-game" priors and
//! Michi's heuristics.
//!
//! By default they come from the learned move model ([`model`], see [`fill`]), which also
//! gives each move its probability ([`Prior::policy`]) for selection's exploration term.
//! The hand-made rules (`--priors hand`) follow.
//!
//! Every move starts with [`EVEN`] visits at a 50% win rate. Then, as wins (visits that
//! won) or losses (visits that lost):
//! - a capture: [`CAPTURE_ONE`] wins for one stone, [`CAPTURE_MANY`] for more;
//! - saving an own string from atari: [`SAVE_ATARI`] wins, unless the opponent can ladder
//!   it anyway ([`ladder`](crate::tactics::ladder)): then [`LADDER`] losses;
//! - an atari whose ladder works: [`LADDER`] wins;
//! - a self-atari (that captures nothing): [`SELF_ATARI`] losses;
//! - a 3x3 shape next to the last move: [`PATTERN`] wins;
//! - closeness to the last move (Manhattan distance 1, 2, 3): [`NEAR_LAST`] wins;
//! - in an empty area (no stone within distance 3): on the first or second line
//!   [`EMPTY_AREA`] losses, on the third line [`EMPTY_AREA`] wins;
//! - the pass: [`PASS_LOSSES`] losses on top of the even prior, so the search only passes
//!   when nothing else is worth anything.
//!
//! Captures and saves are also worth points: their virtual visits carry a margin
//! [`POINTS_PER_STONE`] points a stone above what the search expects
//! ([`Prior::score2`]), which the score utility weighs in until the move's own simulations
//! take over.

use super::{model, patterns, policy};
use crate::board::{Board, Cell, Color, Point};
use crate::tactics::ladder;
use crate::tactics::self_atari::is_self_atari;

/// Even-game prior: visits at a 50% win rate.
pub const EVEN: u32 = 10;
/// Wins for capturing one stone.
pub const CAPTURE_ONE: u32 = 15;
/// Wins for capturing two stones or more.
pub const CAPTURE_MANY: u32 = 30;
/// Wins for saving an own string in atari.
pub const SAVE_ATARI: u32 = 15;
/// Wins for an atari whose ladder works; losses for running into a working ladder.
pub const LADDER: u32 = 20;
/// Losses for a self-atari.
pub const SELF_ATARI: u32 = 10;
/// Wins for a 3x3 shape around the last move.
pub const PATTERN: u32 = 10;
/// Wins by Manhattan distance 1, 2, 3 to the last move.
pub const NEAR_LAST: [u32; 3] = [24, 22, 8];
/// Wins or losses for a play in an empty area, by line.
pub const EMPTY_AREA: u32 = 10;
/// Losses given to the pass.
pub const PASS_LOSSES: u32 = 10;
/// Points a captured or saved stone is worth to the prior's margin (under area scoring, the
/// stone and the point it stands on).
pub const POINTS_PER_STONE: i32 = 2;

/// Virtual visits the move model spreads over a node's children: the model's favourite
/// gets them all as wins, the others a share that falls with their strength.
pub const MODEL_VISITS: u32 = 20;

/// Where new nodes' priors come from (`--priors`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PriorSource {
    /// The learned move model ([`model`]).
    #[default]
    Model,
    /// The hand-made rules above.
    Hand,
}

/// Sets the prior of each of `children` (`color`'s moves on `board`, the pass included)
/// from `source`. `last` is the opponent's last move and `last2` the player's own before it;
/// `scratch` is reused for the model's strengths, so nothing is allocated once it has grown.
pub fn fill(
    source: PriorSource,
    board: &Board,
    color: Color,
    (last, last2): (Point, Point),
    children: &mut [(Point, Prior)],
    scratch: &mut Vec<f32>,
) {
    if source == PriorSource::Hand {
        for (p, prior) in children.iter_mut() {
            *prior = self::prior(board, color, *p, last);
        }
        return;
    }
    let m = model::embedded();
    scratch.clear();
    scratch.extend(
        children
            .iter()
            .map(|(p, _)| m.move_strength(board, color, *p, (last, last2))),
    );
    let best = scratch.iter().copied().fold(f32::MIN_POSITIVE, f32::max);
    let total: f32 = scratch.iter().sum::<f32>().max(f32::MIN_POSITIVE);
    for ((p, prior), &s) in children.iter_mut().zip(scratch.iter()) {
        let share = (s / best).sqrt();
        let wins = (share * MODEL_VISITS as f32).round() as u32;
        *prior = Prior {
            visits: EVEN + MODEL_VISITS,
            wins2: EVEN + 2 * wins,
            score2: 0,
            policy: (s / total * u16::MAX as f32).round() as u16,
        };
        // Captured and saved stones are worth their points, as with the hand-made priors.
        if !p.is_pass() {
            let captured = policy::capture_size(board, *p, color);
            if captured > 0 {
                prior.add_points(captured);
            } else if policy::saves_atari(board, *p, color) {
                prior.add_points(saved_stones(board, *p, color));
            }
        }
    }
}

/// A move's prior: visits and wins counted in half points (a win is 2, a draw 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Prior {
    /// Virtual visits.
    pub visits: u32,
    /// Virtual wins, in half points.
    pub wins2: u32,
    /// The margin above the search's expectation that each virtual visit carries, in half
    /// points (-128..=127).
    pub score2: i32,
    /// The move model's probability that a strong player picks the move, in units of
    /// 1/65535 (0 with the hand-made priors): the weight of the move's exploration term
    /// in selection (see [`super::tree::Stats::exploration`]).
    pub policy: u16,
}

impl Prior {
    fn add_wins(&mut self, n: u32) {
        self.visits += n;
        self.wins2 += 2 * n;
    }

    fn add_losses(&mut self, n: u32) {
        self.visits += n;
    }

    /// Adds the worth of `stones` captured or saved to the margin.
    fn add_points(&mut self, stones: usize) {
        let points2 = 2 * POINTS_PER_STONE * stones.min(64) as i32;
        self.score2 = (self.score2 + points2).clamp(-128, 127);
    }

    /// The move model's probability of the move (0..1; 0 with the hand-made priors).
    #[inline]
    pub fn probability(self) -> f32 {
        self.policy as f32 / u16::MAX as f32
    }

    /// The move's weight in the policy an analysis shows, before the moves' weights are
    /// scaled to sum to 1: the move model's probability when the priors come from the
    /// model (the same figure the search explores by), else the prior's win rate.
    pub fn policy_weight(self, source: PriorSource) -> f64 {
        if source == PriorSource::Model {
            f64::from(self.probability())
        } else {
            self.rate()
        }
    }

    /// The sum of the [`policy_weight`](Prior::policy_weight)s of `priors` (a node's
    /// children), by which each is divided to make the policy an analysis shows (never 0).
    pub fn policy_total(source: PriorSource, priors: impl IntoIterator<Item = Prior>) -> f64 {
        priors
            .into_iter()
            .map(|p| p.policy_weight(source))
            .sum::<f64>()
            .max(1e-9)
    }

    /// The prior's win rate (0..1).
    pub fn rate(self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins2 as f64 / (2.0 * self.visits as f64)
        }
    }
}

/// The prior of `color`'s legal move `p` on `board` ([`Point::PASS`] for a pass), `last`
/// being the opponent's last move ([`Point::PASS`] if none or a pass).
pub fn prior(board: &Board, color: Color, p: Point, last: Point) -> Prior {
    let mut prior = Prior {
        visits: EVEN,
        wins2: EVEN,
        score2: 0,
        policy: 0,
    };
    if p.is_pass() {
        prior.add_losses(PASS_LOSSES);
        return prior;
    }
    let captured = policy::capture_size(board, p, color);
    if captured == 1 {
        prior.add_wins(CAPTURE_ONE);
    } else if captured > 1 {
        prior.add_wins(CAPTURE_MANY);
    }
    if captured > 0 {
        prior.add_points(captured);
    } else if policy::saves_atari(board, p, color) {
        if ladder::escape_fails(board, p, color) {
            prior.add_losses(LADDER);
        } else {
            prior.add_wins(SAVE_ATARI);
            prior.add_points(saved_stones(board, p, color));
        }
    } else if is_self_atari(board, p, color) {
        prior.add_losses(SELF_ATARI);
    } else if ladder::atari_works(board, p, color) {
        prior.add_wins(LADDER);
    }
    if !last.is_pass() {
        let (a, b) = (board.coord(p), board.coord(last));
        let (dc, dr) = (
            a.col.abs_diff(b.col) as usize,
            a.row.abs_diff(b.row) as usize,
        );
        let d = dc + dr;
        if (1..=3).contains(&d) {
            prior.add_wins(NEAR_LAST[d - 1]);
        }
        if dc <= 1 && dr <= 1 && patterns::matches(board, p) {
            prior.add_wins(PATTERN);
        }
    }
    let c = board.coord(p);
    let n = board.size();
    let (col, row) = (c.col as usize, c.row as usize);
    let line = col.min(row).min(n - 1 - col).min(n - 1 - row);
    if line <= 2 && n >= 7 && empty_area(board, p, 3) {
        if line <= 1 {
            prior.add_losses(EMPTY_AREA);
        } else {
            prior.add_wins(EMPTY_AREA);
        }
    }
    prior
}

/// The stones of `color`'s strings in atari next to `p`.
fn saved_stones(board: &Board, p: Point, color: Color) -> usize {
    let own = Cell::stone(color);
    let mut heads = [Point::PASS; 4];
    let mut stones = 0;
    for (k, n) in board.neighbours(p).into_iter().enumerate() {
        if board.cell(n) == own && board.in_atari(n) {
            let head = board.string_head(n);
            if !heads[..k].contains(&head) {
                stones += board.string_size(n);
            }
            heads[k] = head;
        }
    }
    stones
}

/// True when no stone stands within Manhattan distance `dist` of `p`.
fn empty_area(board: &Board, p: Point, dist: usize) -> bool {
    let c = board.coord(p);
    let n = board.size() as isize;
    let d = dist as isize;
    for dc in -d..=d {
        let rest = d - dc.abs();
        for dr in -rest..=rest {
            let (col, row) = (c.col as isize + dc, c.row as isize + dr);
            if col < 0 || row < 0 || col >= n || row >= n {
                continue;
            }
            let q = board.point(crate::board::Coord::new(col as usize, row as usize));
            if board.cell(q) != Cell::Empty {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;

    #[test]
    fn captures_beat_first_line_in_the_open() {
        let mut b = Board::new(9);
        let at = |b: &Board, c, r| b.point(Coord::new(c, r));
        // White stone at E5 surrounded on three sides by black.
        for (c, r) in [(3, 4), (5, 4), (4, 5)] {
            let p = at(&b, c, r);
            b.place_setup(p, Color::Black);
        }
        let e5 = at(&b, 4, 4);
        b.place_setup(e5, Color::White);
        let capture = prior(&b, Color::Black, at(&b, 4, 3), at(&b, 4, 5));
        let first_line = prior(&b, Color::Black, at(&b, 0, 8), at(&b, 4, 5));
        let pass = prior(&b, Color::Black, Point::PASS, at(&b, 4, 5));
        assert!(capture.rate() > 0.8, "{capture:?}");
        assert_eq!(capture.score2, 2 * POINTS_PER_STONE, "one stone's worth");
        assert_eq!(first_line.score2, 0);
        assert!(first_line.rate() < 0.5, "{first_line:?}");
        assert!(pass.rate() < 0.5);
    }
}
