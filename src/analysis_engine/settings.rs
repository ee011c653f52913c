//! The settings a query may override (`overrideSettings`), with their defaults from the
//! command line and from a KataGo analysis config file (`--config`, `--override-config`).
//!
//! koan reads KataGo's names: `reportAnalysisWinratesAs`, `maxVisits` (and `maxPlayouts`,
//! the same thing in koan, whose visits are playouts), `maxTime` and `analysisPVLen`. A
//! KataGo config has many more keys (the neural network's, the search's constants); koan has
//! nothing to set with them, and says so.

use std::fmt;
use std::str::FromStr;

/// Whose win rates, scores and ownership the answers give: KataGo's
/// `reportAnalysisWinratesAs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perspective {
    /// Black's: a win rate of 0.9 means Black wins, a positive score lead is Black's.
    Black,
    /// White's.
    White,
    /// The player to move's (KataGo's default when its config does not say).
    SideToMove,
}

impl FromStr for Perspective {
    type Err = String;

    /// `b`, `black`, `w`, `white` or `sidetomove`, in any case.
    fn from_str(text: &str) -> Result<Perspective, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Perspective::Black),
            "w" | "white" => Ok(Perspective::White),
            "sidetomove" => Ok(Perspective::SideToMove),
            _ => Err(format!(
                "Could not parse config value for reportAnalysisWinratesAs: {text}"
            )),
        }
    }
}

impl fmt::Display for Perspective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Perspective::Black => "BLACK",
            Perspective::White => "WHITE",
            Perspective::SideToMove => "SIDETOMOVE",
        })
    }
}

/// What a query does not say itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Playouts per position.
    pub max_visits: u64,
    /// Seconds per position at most.
    pub max_time: Option<f64>,
    /// Whose figures are written.
    pub perspective: Perspective,
    /// Moves of a principal variation after its first (KataGo's `analysisPVLen`).
    pub pv_len: usize,
}

impl Default for Settings {
    /// 500 visits (KataGo's example config), no time limit, the player to move's figures
    /// (KataGo's default), principal variations of 15 moves after the first.
    fn default() -> Settings {
        Settings {
            max_visits: 500,
            max_time: None,
            perspective: Perspective::SideToMove,
            pv_len: 15,
        }
    }
}

impl Settings {
    /// Sets KataGo's setting `key` to `value`: `Ok(true)` when koan has the setting,
    /// `Ok(false)` when it has not (nothing changes), `Err` for a bad value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<bool, String> {
        let value = value.trim();
        let whole = |min: u64, max: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| {
                    format!("{key}: '{value}' is not a whole number from {min} to {max}")
                })
        };
        match key {
            "reportAnalysisWinratesAs" => self.perspective = value.parse()?,
            "maxVisits" | "maxPlayouts" => self.max_visits = whole(1, 1 << 50)?,
            "analysisPVLen" => self.pv_len = whole(1, 1000)? as usize,
            "maxTime" => {
                let secs: f64 = value
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0)
                    .ok_or_else(|| format!("maxTime: '{value}' is not a number of seconds"))?;
                // KataGo's configs write 1e20 for "no limit".
                self.max_time = (secs < 1e9).then_some(secs);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Applies a KataGo config file's text (`key = value` lines, `#` comments); keys koan
    /// does not have are skipped. `Err` names the line of a bad value.
    pub fn apply_config(&mut self, text: &str) -> Result<(), String> {
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() || line.starts_with('@') {
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                return Err(format!("line {}: expected KEY = VALUE: {line}", n + 1));
            };
            self.set(key.trim(), value)
                .map_err(|e| format!("line {}: {e}", n + 1))?;
        }
        Ok(())
    }

    /// Applies KataGo's `-override-config` text: `key=value` pairs separated by commas.
    pub fn apply_overrides(&mut self, text: &str) -> Result<(), String> {
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((key, value)) = pair.split_once('=') else {
                return Err(format!("expected KEY=VALUE: {pair}"));
            };
            self.set(key.trim(), value)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn katagos_settings_are_read_and_others_skipped() {
        let mut s = Settings::default();
        assert_eq!(s.set("reportAnalysisWinratesAs", "BLACK"), Ok(true));
        assert_eq!(s.perspective, Perspective::Black);
        assert_eq!(s.set("maxVisits", "80"), Ok(true));
        assert_eq!(s.set("maxTime", "1e20"), Ok(true));
        assert_eq!(s.max_time, None);
        assert_eq!(s.set("maxTime", "2.5"), Ok(true));
        assert_eq!(s.max_time, Some(2.5));
        assert_eq!(s.set("wideRootNoise", "0.04"), Ok(false));
        assert!(s.set("maxVisits", "0").is_err());
        assert!(s.set("reportAnalysisWinratesAs", "green").is_err());
        assert_eq!(s.max_visits, 80);
        s.apply_config(
            "# KaTrain's config, in part\nlogDir = analysis_logs\nreportAnalysisWinratesAs = \
             WHITE # comment\n\nmaxVisits = 500\nnumSearchThreads = 8\n",
        )
        .unwrap();
        assert_eq!((s.perspective, s.max_visits), (Perspective::White, 500));
        assert!(s.apply_config("maxVisits\n").is_err());
        s.apply_overrides("homeDataDir=/tmp/x, analysisPVLen=3")
            .unwrap();
        assert_eq!(s.pv_len, 3);
        assert!(s.apply_overrides("maxVisits").is_err());
    }
}
