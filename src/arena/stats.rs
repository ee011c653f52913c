//! Match statistics: per-engine tallies, the Wilson score interval of a win rate, the Elo
//! difference with its error bar, and the sequential probability ratio test (SPRT) that
//! stops a match once the result is clear.
//!
//! The SPRT is the generalised SPRT of fishtest (Michel Van den Bergh's normal approximation,
//! also used by fastchess and cutechess's `-sprt` in its logistic form): the game results
//! are scores 1, 1/2, 0 (trinomial: wins, draws, losses), the Elo model is the logistic one,
//! `score = 1 / (1 + 10^(-elo / 400))`, with no BayesElo draw model. With `n` games, mean
//! score `m` and per-game variance `v`, and `s0`, `s1` the scores of `elo0`, `elo1`:
//! `LLR = n (s1 - s0) (2m - s0 - s1) / (2v)`. H1 (`elo >= elo1`) is accepted when the LLR
//! reaches `ln((1 - beta) / alpha)`, H0 (`elo <= elo0`) when it falls to `ln(beta / (1 - alpha))`.
//! While the scores have no spread (all wins or all losses) one draw is added to them, so that
//! a one-sided match still ends, after about ten games rather than one; while every game is a
//! draw, one win and one loss are added, so that a first drawn game decides nothing.

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

/// The expected score of an Elo difference (logistic model).
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score in (0, 1); infinite at 0 and 1.
pub fn elo_of_score(score: f64) -> f64 {
    // Adding 0 turns -0 into 0.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// Game results from one engine's side: wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Results {
    /// Games won.
    pub wins: f64,
    /// Games drawn.
    pub draws: f64,
    /// Games lost.
    pub losses: f64,
}

impl Results {
    /// Games played.
    pub fn games(&self) -> f64 {
        self.wins + self.draws + self.losses
    }

    /// Mean score and per-game variance of the scores; `None` without games.
    fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let n = self.games();
        if n <= 0.0 {
            return None;
        }
        let m = (self.wins + 0.5 * self.draws) / n;
        let v =
            (self.wins * (1.0 - m).powi(2) + self.draws * (0.5 - m).powi(2) + self.losses * m * m)
                / n;
        Some((m, v))
    }

    /// The Elo difference and its two-sided 95% interval `(elo, low, high)`, from the mean
    /// score and its standard error; `None` without games. All wins or all losses give
    /// infinite figures.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let (m, v) = self.mean_and_variance()?;
        let half = Z95 * (v / self.games()).sqrt();
        let bound = |s: f64| elo_of_score(s.clamp(0.0, 1.0));
        Some((elo_of_score(m), bound(m - half), bound(m + half)))
    }
}

/// A sequential probability ratio test of `elo0` (H0) against `elo1` (H1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H0 accepted: the engine is not `elo1` stronger.
    H0,
    /// H1 accepted: the engine is at least `elo0` stronger.
    H1,
    /// Play on.
    Continue,
}

impl Sprt {
    /// The lower and upper bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after these results (0 without games; one
    /// draw added while all scores are the same).
    pub fn llr(&self, results: &Results) -> f64 {
        let Some((_, v)) = results.mean_and_variance() else {
            return 0.0;
        };
        let results = if v > 0.0 {
            *results
        } else if results.draws == results.games() {
            // Only draws: a draw more would leave no spread either (and the ratio would be
            // infinite), so a win and a loss are added.
            Results {
                wins: results.wins + 1.0,
                losses: results.losses + 1.0,
                ..*results
            }
        } else {
            Results {
                draws: results.draws + 1.0,
                ..*results
            }
        };
        let Some((m, v)) = results.mean_and_variance() else {
            return 0.0;
        };
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        results.games() * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v)
    }

    /// The verdict after these results.
    pub fn verdict(&self, results: &Results) -> Verdict {
        let llr = self.llr(results);
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// `LLR 1.23 (-2.94, 2.94) [0, 10]`: the ratio, the bounds and the hypotheses.
    pub fn describe(&self, results: &Results) -> String {
        let (low, high) = self.bounds();
        format!(
            "LLR {:.2} ({low:.2}, {high:.2}) [{}, {}]",
            self.llr(results),
            self.elo0,
            self.elo1
        )
    }
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

    fn results(wins: f64, draws: f64, losses: f64) -> Results {
        Results {
            wins,
            draws,
            losses,
        }
    }

    const SPRT: Sprt = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn elo_and_scores_are_inverse() {
        assert!(close(score_of_elo(0.0), 0.5));
        // 75% is 190.8 Elo; 400 Elo is a score of 10/11.
        assert!((elo_of_score(0.75) - 190.85).abs() < 0.01);
        assert!(close(score_of_elo(400.0), 10.0 / 11.0));
    }

    #[test]
    fn elo_interval_matches_the_normal_approximation() {
        // 60 wins, 40 losses: mean 0.6, variance 0.24, standard error 0.049; Elo 70.4,
        // 95% interval 2.8 to 143.9 (computed by hand from the same formula).
        let (elo, lo, hi) = results(60.0, 0.0, 40.0).elo().unwrap();
        assert!((elo - 70.44).abs() < 0.01, "{elo}");
        assert!((lo - 2.77).abs() < 0.01, "{lo}");
        assert!((hi - 143.91).abs() < 0.01, "{hi}");
        assert_eq!(Results::default().elo(), None);
    }

    #[test]
    fn sprt_bounds_and_llr_match_fishtest() {
        let (low, high) = SPRT.bounds();
        assert!((low + 2.9444).abs() < 1e-4 && (high - 2.9444).abs() < 1e-4);
        // n (s1 - s0) (2m - s0 - s1) / 2v with s0 = 0.5, s1 = 0.514387, m = 0.6, v = 0.24.
        let llr = SPRT.llr(&results(60.0, 0.0, 40.0));
        assert!((llr - 0.5563).abs() < 1e-4, "{llr}");
        // With draws: 30 W, 50 D, 20 L against [-5, 5]: m = 0.55, v = 0.1225.
        let sym = Sprt {
            elo0: -5.0,
            elo1: 5.0,
            ..SPRT
        };
        let llr = sym.llr(&results(30.0, 50.0, 20.0));
        assert!((llr - 0.5874).abs() < 1e-4, "{llr}");
        assert_eq!(SPRT.llr(&Results::default()), 0.0);
        // All wins: one draw is added. 20 wins and a draw: m = 20.5/21, v = 0.011338;
        // LLR = 21 x 0.014387 x (2m - 1.014387) / 2v = 12.498.
        let llr = SPRT.llr(&results(20.0, 0.0, 0.0));
        assert!((llr - 12.498).abs() < 1e-3, "{llr}");
        assert_eq!(SPRT.verdict(&results(1.0, 0.0, 0.0)), Verdict::Continue);
    }

    #[test]
    fn sprt_stops_on_clear_results() {
        assert_eq!(SPRT.verdict(&results(60.0, 0.0, 40.0)), Verdict::Continue);
        assert_eq!(SPRT.verdict(&results(160.0, 0.0, 40.0)), Verdict::H1);
        assert_eq!(SPRT.verdict(&results(40.0, 0.0, 160.0)), Verdict::H0);
        // Even results favour H0 (0 Elo) over H1 (10 Elo): LLR -0.041 per 100 games.
        assert_eq!(SPRT.verdict(&results(50.0, 0.0, 50.0)), Verdict::Continue);
        assert_eq!(SPRT.verdict(&results(500.0, 0.0, 500.0)), Verdict::Continue);
        assert_eq!(SPRT.verdict(&results(4000.0, 0.0, 4000.0)), Verdict::H0);
        assert!(SPRT
            .describe(&results(60.0, 0.0, 40.0))
            .starts_with("LLR 0.56 (-2.94, 2.94) [0, 10]"));
    }

    #[test]
    fn drawn_games_alone_decide_nothing() {
        for draws in [1.0, 2.0, 5.0] {
            let r = results(0.0, draws, 0.0);
            assert!(SPRT.llr(&r).is_finite(), "{draws} draws");
            assert_eq!(SPRT.verdict(&r), Verdict::Continue, "{draws} draws");
        }
        // A win and a loss after them: still nothing decided.
        assert_eq!(SPRT.verdict(&results(1.0, 1.0, 1.0)), Verdict::Continue);
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
