//! Time control: what the controller set (`time_settings`, `kgs-time_settings`), what it
//! reports left (`time_left`), and how long the next move may think.

/// The kind of clock and its settings, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeSystem {
    /// No clock.
    None,
    /// Main time only.
    Absolute {
        /// Main time.
        main: f64,
    },
    /// Main time, then periods of `period` seconds for `stones` moves each (GTP's
    /// `time_settings`, KGS's `canadian`).
    Canadian {
        /// Main time.
        main: f64,
        /// Length of a byo-yomi period.
        period: f64,
        /// Moves to play in each period.
        stones: u32,
    },
    /// Main time, then `periods` periods of `period` seconds, one move each; a period is lost
    /// only when overrun (KGS's `byoyomi`).
    Byoyomi {
        /// Main time.
        main: f64,
        /// Length of one period.
        period: f64,
        /// Number of periods.
        periods: u32,
    },
}

/// Seconds kept in reserve against network and process delays.
const SAFETY: f64 = 0.5;
/// Never think less than this.
const MIN_THINK: f64 = 0.05;

/// A game's clock as the controller describes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    /// The time system.
    pub system: TimeSystem,
    /// Per colour (Black, White): the last `time_left` report, seconds and the count (stones
    /// left in the period for Canadian; periods left for byo-yomi; 0 while in main time).
    pub left: [Option<(f64, u32)>; 2],
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            system: TimeSystem::None,
            left: [None, None],
        }
    }
}

impl TimeSystem {
    /// The system of GTP's `time_settings MAIN PERIOD STONES`: stones 0 with a period means
    /// no limit; period 0 means absolute time.
    pub fn from_gtp(main: f64, period: f64, stones: u32) -> TimeSystem {
        if period > 0.0 && stones == 0 {
            TimeSystem::None
        } else if period <= 0.0 {
            TimeSystem::Absolute { main }
        } else {
            TimeSystem::Canadian {
                main,
                period,
                stones,
            }
        }
    }
}

impl Clock {
    /// A clock from GTP's `time_settings MAIN PERIOD STONES` ([`TimeSystem::from_gtp`]).
    pub fn from_gtp(main: f64, period: f64, stones: u32) -> Clock {
        Clock {
            system: TimeSystem::from_gtp(main, period, stones),
            left: [None, None],
        }
    }

    /// Records a `time_left` report for the colour with `index`.
    pub fn report(&mut self, index: usize, seconds: f64, count: u32) {
        self.left[index] = Some((seconds, count));
    }

    /// Seconds the colour with `index` may spend on its next move, when `moves_left` of its
    /// own moves may remain in the game; `None` without a clock.
    pub fn budget(&self, index: usize, moves_left: f64) -> Option<f64> {
        let moves_left = moves_left.max(1.0);
        let t = match self.system {
            TimeSystem::None => return None,
            TimeSystem::Absolute { main } => {
                let (left, _) = self.left[index].unwrap_or((main, 0));
                (left - SAFETY) / moves_left
            }
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => {
                let (left, count) = self.left[index].unwrap_or((main, 0));
                if count > 0 {
                    (left - SAFETY) / count as f64
                } else {
                    // Spread the main time; byo-yomi follows, so a fair share of a period
                    // is always affordable.
                    (left / moves_left).max((period - SAFETY) / stones.max(1) as f64)
                }
            }
            TimeSystem::Byoyomi { main, period, .. } => {
                let (left, periods) = self.left[index].unwrap_or((main, 0));
                if periods > 0 {
                    // In byo-yomi `left` is the time of the current period.
                    left.min(period) - SAFETY
                } else {
                    (left / moves_left).max(period - SAFETY)
                }
            }
        };
        Some(t.max(MIN_THINK))
    }

    /// The most the colour with `index` may spend on its next move when the position is
    /// unclear: twice [`Clock::budget`] while in main time, at most a quarter of the main
    /// time left (plus, under byo-yomi or Canadian timing, the first period's share); in
    /// byo-yomi periods, the budget itself, which already uses the period.
    pub fn cap(&self, index: usize, moves_left: f64) -> Option<f64> {
        let budget = self.budget(index, moves_left)?;
        let spare = |left: f64, extra: f64| (2.0 * budget).min(left * 0.25 + extra).max(budget);
        Some(match self.system {
            TimeSystem::None => return None,
            TimeSystem::Absolute { main } => {
                let (left, _) = self.left[index].unwrap_or((main, 0));
                spare(left - SAFETY, 0.0)
            }
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => match self.left[index].unwrap_or((main, 0)) {
                (_, count) if count > 0 => budget,
                (left, _) => spare(left, (period - SAFETY) / stones.max(1) as f64),
            },
            TimeSystem::Byoyomi { main, period, .. } => match self.left[index].unwrap_or((main, 0))
            {
                (_, periods) if periods > 0 => budget,
                (left, _) => spare(left, period - SAFETY),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_settings_map_to_systems() {
        assert_eq!(Clock::from_gtp(0.0, 10.0, 0).system, TimeSystem::None);
        assert_eq!(
            Clock::from_gtp(300.0, 0.0, 0).system,
            TimeSystem::Absolute { main: 300.0 }
        );
        assert!(matches!(
            Clock::from_gtp(300.0, 30.0, 5).system,
            TimeSystem::Canadian { stones: 5, .. }
        ));
        assert_eq!(Clock::default().budget(0, 30.0), None);
    }

    #[test]
    fn caps_extend_only_in_main_time() {
        let mut c = Clock::from_gtp(600.0, 0.0, 0);
        let (b, cap) = (c.budget(0, 30.0).unwrap(), c.cap(0, 30.0).unwrap());
        assert!(cap > b * 1.9 && cap <= 600.0 * 0.25);
        c.report(0, 2.0, 0);
        assert!(c.cap(0, 30.0).unwrap() < 1.0);
        let mut byo = Clock::from_gtp(0.0, 10.0, 1);
        byo.system = TimeSystem::Byoyomi {
            main: 0.0,
            period: 10.0,
            periods: 3,
        };
        byo.report(0, 10.0, 3);
        assert_eq!(byo.cap(0, 30.0), byo.budget(0, 30.0));
        assert_eq!(Clock::default().cap(0, 30.0), None);
    }

    #[test]
    fn budgets_never_exceed_what_is_left() {
        let mut c = Clock::from_gtp(60.0, 0.0, 0);
        assert!((c.budget(0, 30.0).unwrap() - 59.5 / 30.0).abs() < 1e-9);
        c.report(0, 2.0, 0);
        assert!(c.budget(0, 30.0).unwrap() < 2.0);
        let mut canadian = Clock::from_gtp(0.0, 30.0, 10);
        canadian.report(1, 12.0, 4);
        assert!((canadian.budget(1, 50.0).unwrap() - 11.5 / 4.0).abs() < 1e-9);
        let mut byo = Clock {
            system: TimeSystem::Byoyomi {
                main: 600.0,
                period: 30.0,
                periods: 5,
            },
            left: [None, None],
        };
        assert!(byo.budget(0, 100.0).unwrap() >= 29.5);
        byo.report(0, 30.0, 3);
        assert!((byo.budget(0, 100.0).unwrap() - 29.5).abs() < 1e-9);
        byo.report(0, 0.2, 1);
        assert_eq!(byo.budget(0, 100.0), Some(MIN_THINK));
    }
}
