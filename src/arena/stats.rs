//! Match statistics: per-engine tallies and the Wilson score interval of a win rate.

use std::time::Duration;

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval `(low, high)` for `wins` out of `games` (draws may count as
/// half wins) at normal quantile `z`; `(0, 1)` when there are no games.
pub fn wilson_interval(wins: f64, games: f64, z: f64) -> (f64, f64) {
    if games <= 0.0 {
        return (0.0, 1.0);
    }
    let p = (wins / games).clamp(0.0, 1.0);
    let z2 = z * z;
    let denom = 1.0 + z2 / games;
    let centre = (p + z2 / (2.0 * games)) / denom;
    let half = z / denom * (p * (1.0 - p) / games + z2 / (4.0 * games * games)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// What one engine did over the match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// Games won as Black.
    pub wins_black: u32,
    /// Games won as White.
    pub wins_white: u32,
    /// Drawn games.
    pub draws: u32,
    /// Moves refused by the referee.
    pub illegal: u32,
    /// Error answers, malformed answers and deaths.
    pub protocol_errors: u32,
    /// Answers later than the limit or the clock allowed.
    pub timeouts: u32,
    /// Moves answered by `genmove`.
    pub moves: u32,
    /// Time spent answering `genmove`.
    pub think_time: Duration,
    /// Times the process was started again after it died or was killed.
    pub restarts: u32,
}

impl Tally {
    /// Games won.
    pub fn wins(&self) -> u32 {
        self.wins_black + self.wins_white
    }

    /// Wins plus half the draws.
    pub fn points(&self) -> f64 {
        self.wins() as f64 + 0.5 * self.draws as f64
    }

    /// Average seconds per `genmove` answer (0 without moves).
    pub fn seconds_per_move(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.think_time.as_secs_f64() / self.moves as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn wilson_matches_published_values() {
        // 8 of 10: the 95% Wilson interval is 0.490 to 0.943.
        let (lo, hi) = wilson_interval(8.0, 10.0, Z95);
        assert!(close(lo, 0.4902) && close(hi, 0.9433), "{lo} {hi}");
        // 50 of 100: 0.404 to 0.596.
        let (lo, hi) = wilson_interval(50.0, 100.0, Z95);
        assert!(close(lo, 0.4038) && close(hi, 0.5962), "{lo} {hi}");
    }

    #[test]
    fn wilson_stays_inside_zero_and_one() {
        let (lo, hi) = wilson_interval(0.0, 5.0, Z95);
        assert_eq!(lo, 0.0);
        assert!(close(hi, 0.4345), "{hi}");
        let (lo, hi) = wilson_interval(5.0, 5.0, Z95);
        assert!(close(lo, 0.5655), "{lo}");
        assert!(close(hi, 1.0), "{hi}");
        assert_eq!(wilson_interval(0.0, 0.0, Z95), (0.0, 1.0));
    }

    #[test]
    fn tally_counts_draws_as_half() {
        let t = Tally {
            games: 4,
            wins_black: 1,
            wins_white: 1,
            draws: 1,
            moves: 4,
            think_time: Duration::from_secs(2),
            ..Tally::default()
        };
        assert_eq!(t.wins(), 2);
        assert_eq!(t.points(), 2.5);
        assert_eq!(t.seconds_per_move(), 0.5);
    }
}
