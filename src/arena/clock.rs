//! A game clock under GTP's time system: main time, then Canadian byo-yomi (a period of
//! `byo_yomi` seconds for every `stones` moves); no byo-yomi means absolute time.

use std::time::Duration;

/// `time_settings` as GTP gives it, in whole seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Main time.
    pub main: u32,
    /// Length of a byo-yomi period (0: none, the main time is all there is).
    pub byo_yomi: u32,
    /// Moves to make in each period.
    pub stones: u32,
}

impl TimeControl {
    /// Parses `MAIN BYO STONES` (whole seconds, seconds, moves). GTP reads a period without
    /// stones as no time limit at all, which a match cannot enforce, so that is refused.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let numbers: Vec<u32> = text
            .split_whitespace()
            .map(|w| w.parse::<u32>().ok().filter(|&n| n <= 1_000_000))
            .collect::<Option<_>>()
            .ok_or_else(|| format!("'{text}' is not three whole numbers MAIN BYO STONES"))?;
        let [main, byo_yomi, stones] = numbers[..] else {
            return Err(format!("'{text}' is not three numbers MAIN BYO STONES"));
        };
        if byo_yomi > 0 && stones == 0 {
            return Err(format!(
                "'{text}': a byo-yomi period needs at least one stone (GTP reads 0 as no limit)"
            ));
        }
        if main == 0 && byo_yomi == 0 {
            return Err(format!("'{text}' gives no time at all"));
        }
        Ok(TimeControl {
            main,
            byo_yomi,
            stones,
        })
    }

    /// The `time_settings` command for it.
    pub fn command(&self) -> String {
        format!(
            "time_settings {} {} {}",
            self.main, self.byo_yomi, self.stones
        )
    }
}

/// One player's clock.
#[derive(Clone, Debug)]
pub struct Clock {
    control: TimeControl,
    main_left: f64,
    /// Seconds left in the current period (in byo-yomi only).
    period_left: f64,
    /// Moves still to make in the current period (0 while in main time).
    stones_left: u32,
}

impl Clock {
    /// A fresh clock.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            main_left: control.main as f64,
            period_left: 0.0,
            stones_left: 0,
        }
    }

    /// `time_left` arguments: seconds left (whole) and stones (0 while in main time).
    pub fn time_left(&self) -> (u64, u32) {
        if self.stones_left == 0 {
            (self.main_left.floor() as u64, 0)
        } else {
            (self.period_left.floor() as u64, self.stones_left)
        }
    }

    /// The longest the next move may take.
    pub fn allowance(&self) -> Duration {
        let secs = if self.stones_left > 0 {
            self.period_left
        } else {
            self.main_left + self.control.byo_yomi as f64
        };
        Duration::from_secs_f64(secs.max(0.0))
    }

    /// Charges a move that took `used`; false when the flag fell.
    pub fn spend(&mut self, used: Duration) -> bool {
        let mut used = used.as_secs_f64();
        if self.stones_left == 0 {
            if used <= self.main_left {
                self.main_left -= used;
                return true;
            }
            used -= self.main_left;
            self.main_left = 0.0;
            if self.control.byo_yomi == 0 {
                return false;
            }
            self.period_left = self.control.byo_yomi as f64;
            self.stones_left = self.control.stones;
        }
        if used > self.period_left {
            return false;
        }
        self.period_left -= used;
        self.stones_left -= 1;
        if self.stones_left == 0 {
            self.period_left = self.control.byo_yomi as f64;
            self.stones_left = self.control.stones;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn parses_time_settings() {
        let tc = TimeControl::parse("60 10 5").unwrap();
        assert_eq!(tc.command(), "time_settings 60 10 5");
        assert!(TimeControl::parse("60 10").is_err());
        assert!(TimeControl::parse("60 10 0").is_err());
        assert!(TimeControl::parse("0 0 0").is_err());
        assert!(TimeControl::parse("a b c").is_err());
        assert!(TimeControl::parse("60 0 0").is_ok());
    }

    #[test]
    fn absolute_time_runs_out() {
        let mut c = Clock::new(TimeControl::parse("3 0 0").unwrap());
        assert_eq!(c.allowance(), secs(3.0));
        assert!(c.spend(secs(2.5)));
        assert_eq!(c.time_left(), (0, 0));
        assert!(!c.spend(secs(0.6)));
    }

    #[test]
    fn canadian_byo_yomi_resets_after_its_stones() {
        let mut c = Clock::new(TimeControl::parse("2 10 2").unwrap());
        // 3 s: the main time's 2 s, then 1 s of the first period (one stone of two made).
        assert!(c.spend(secs(3.0)));
        assert_eq!(c.time_left(), (9, 1));
        assert_eq!(c.allowance(), secs(9.0));
        // The period's second stone: a new period begins.
        assert!(c.spend(secs(8.0)));
        assert_eq!(c.time_left(), (10, 2));
        assert!(!c.spend(secs(10.5)));
    }
}
