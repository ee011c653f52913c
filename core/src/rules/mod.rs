//! Rulesets as data: which ko rule, which suicides, how to score, the default komi and how a
//! game ends. Presets name the common combinations.
//!
//! The ko rules, in reading order: [`history`] (the words: a move, a candidate play, a ban
//! and its clause), [`memory`] (a game's memory of its past) and [`line`](mod@line) (a search line's
//! memory standing on the game's), [`ko`] (the rule table: each rule's condition once, and
//! [`ko::judge`]), [`ing_spight`] (the Ing-Spight rule's hot stones and odd cycles), and
//! [`judge`](mod@judge): the one judge of a play's legality that the game, the search tree
//! and the playouts ask, with every fast path.

pub mod history;
pub mod ing_spight;
pub mod judge;
pub mod katago;
pub mod ko;
pub mod line;
pub mod memory;
pub mod record_name;

pub use crate::board::SuicideRule;
pub use ko::KoRule;

use std::fmt;

/// How the result is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones plus surrounded empty points (Chinese, AGA, Tromp-Taylor...).
    Area,
    /// Surrounded empty points plus prisoners (Japanese).
    Territory,
}

/// When play stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// Two passes in a row end the game.
    TwoPasses,
    /// Spight's rule: play stops when the same player passes a second time in the same board
    /// position.
    SecondPassInPosition,
}

/// When a player may pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PassRule {
    /// Passing is always legal.
    Free,
    /// The World Mind Sports Games 2008 supplementary ko rule, in Jasiek's formulation: a
    /// player may not pass if some basic ko on the board is open for him and is neither a
    /// disturbing life nor an internal disturbing death (dead ko included), and he has a legal
    /// play that is not on a two-eye-formation of his. See `docs/ko-types.md`.
    Wmsg2008,
}

/// The largest komi, either way, koan accepts: far beyond any board's points.
pub const MAX_KOMI: f64 = 1000.0;

/// True for a komi koan accepts: a finite number of at most [`MAX_KOMI`] points either way.
pub fn komi_in_range(komi: f64) -> bool {
    komi.is_finite() && komi.abs() <= MAX_KOMI
}

/// A complete ruleset.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ruleset {
    /// The rule against repetition.
    pub ko: KoRule,
    /// Which suicides are legal.
    pub suicide: SuicideRule,
    /// How the result is counted.
    pub scoring: Scoring,
    /// Komi used when the controller sets none.
    pub komi: f64,
    /// When the game is over.
    pub end: GameEnd,
    /// When a player may pass.
    pub pass: PassRule,
}

/// The presets `rules PRESET` accepts, in the order `rules` lists them.
pub const PRESETS: &[&str] = &[
    "japanese",
    "chinese",
    "aga",
    "new_zealand",
    "tromp-taylor",
    "ing",
    "spight",
    "jasiek",
    "wmsg2008",
];

impl Default for Ruleset {
    /// The default ruleset: `chinese`.
    fn default() -> Ruleset {
        Ruleset::preset("chinese").expect("chinese preset")
    }
}

impl Ruleset {
    /// The named preset, if there is one (`newzealand` is accepted for `new_zealand`).
    pub fn preset(name: &str) -> Option<Ruleset> {
        use KoRule::*;
        use Scoring::*;
        use SuicideRule::*;
        let (ko, suicide, scoring, komi) = match name.to_ascii_lowercase().as_str() {
            "japanese" => (Simple, Forbidden, Territory, 6.5),
            "chinese" => (Positional, Forbidden, Area, 7.5),
            "aga" => (Situational, Forbidden, Area, 7.5),
            "new_zealand" | "newzealand" | "new-zealand" => (Situational, Multi, Area, 7.0),
            "tromp-taylor" | "tromp_taylor" => (Positional, All, Area, 7.5),
            "ing" => (IngSpight, Multi, Area, 8.0),
            "spight" => (Spight, Forbidden, Area, 7.5),
            "jasiek" => (BasicFixed, Forbidden, Area, 7.0),
            "wmsg2008" => (Positional, Forbidden, Area, 7.5),
            _ => return None,
        };
        let end = if ko == Spight {
            GameEnd::SecondPassInPosition
        } else {
            GameEnd::TwoPasses
        };
        let pass = if name.eq_ignore_ascii_case("wmsg2008") {
            PassRule::Wmsg2008
        } else {
            PassRule::Free
        };
        Some(Ruleset {
            ko,
            suicide,
            scoring,
            komi,
            end,
            pass,
        })
    }

    /// The name of the preset this ruleset equals, if any.
    pub fn preset_name(&self) -> Option<&'static str> {
        PRESETS
            .iter()
            .copied()
            .find(|name| Ruleset::preset(name).as_ref() == Some(self))
    }

    /// Sets one `key=value` word: `ko`, `suicide`, `scoring`, `komi`, `end`.
    pub fn set(&mut self, word: &str) -> Result<(), String> {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("expected key=value, got '{word}'"))?;
        match key {
            "ko" => self.ko = value.parse().map_err(|_| "unknown ko rule".to_string())?,
            "suicide" => {
                self.suicide = match value {
                    "forbidden" | "no" => SuicideRule::Forbidden,
                    "multi" => SuicideRule::Multi,
                    "all" | "yes" => SuicideRule::All,
                    _ => {
                        return Err(format!(
                            "unknown suicide rule '{value}' (forbidden, multi, all)"
                        ))
                    }
                }
            }
            "scoring" => {
                self.scoring = match value {
                    "area" => Scoring::Area,
                    "territory" => Scoring::Territory,
                    _ => return Err(format!("unknown scoring '{value}' (area, territory)")),
                }
            }
            "komi" => {
                self.komi = value
                    .parse::<f64>()
                    .ok()
                    .filter(|k| komi_in_range(*k))
                    .ok_or_else(|| format!("bad komi '{value}'"))?
            }
            "pass" => {
                self.pass = match value {
                    "free" => PassRule::Free,
                    "wmsg2008" => PassRule::Wmsg2008,
                    _ => return Err(format!("unknown pass rule '{value}' (free, wmsg2008)")),
                }
            }
            "end" => {
                self.end = match value {
                    "two-passes" => GameEnd::TwoPasses,
                    "spight" => GameEnd::SecondPassInPosition,
                    _ => return Err(format!("unknown game end '{value}' (two-passes, spight)")),
                }
            }
            _ => {
                return Err(format!(
                    "unknown rules key '{key}' (ko, suicide, scoring, komi, end, pass)"
                ))
            }
        }
        Ok(())
    }
}

impl fmt::Display for Ruleset {
    /// `key=value` words, as `rules` prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suicide = match self.suicide {
            SuicideRule::Forbidden => "forbidden",
            SuicideRule::Multi => "multi",
            SuicideRule::All => "all",
        };
        let scoring = match self.scoring {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        };
        let end = match self.end {
            GameEnd::TwoPasses => "two-passes",
            GameEnd::SecondPassInPosition => "spight",
        };
        let pass = match self.pass {
            PassRule::Free => "free",
            PassRule::Wmsg2008 => "wmsg2008",
        };
        write!(
            f,
            "ko={} suicide={suicide} scoring={scoring} komi={} end={end} pass={pass}",
            self.ko, self.komi
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_as_documented() {
        let j = Ruleset::preset("japanese").unwrap();
        assert_eq!(
            (j.ko, j.scoring, j.suicide),
            (KoRule::Simple, Scoring::Territory, SuicideRule::Forbidden)
        );
        assert_eq!(Ruleset::default().ko, KoRule::Positional);
        assert_eq!(
            Ruleset::preset("newzealand").unwrap().suicide,
            SuicideRule::Multi
        );
        assert_eq!(
            Ruleset::preset("tromp-taylor").unwrap().suicide,
            SuicideRule::All
        );
        assert_eq!(Ruleset::preset("ing").unwrap().ko, KoRule::IngSpight);
        assert_eq!(Ruleset::preset("jasiek").unwrap().ko, KoRule::BasicFixed);
        assert_eq!(
            Ruleset::preset("spight").unwrap().end,
            GameEnd::SecondPassInPosition
        );
        for name in PRESETS {
            assert_eq!(Ruleset::preset(name).unwrap().preset_name(), Some(*name));
        }
    }

    #[test]
    fn key_value_words_set_and_print() {
        let mut r = Ruleset::default();
        r.set("ko=fixed").unwrap();
        r.set("suicide=multi").unwrap();
        r.set("scoring=territory").unwrap();
        assert!(r.set("ko=nonsense").is_err());
        assert!(r.set("colour=red").is_err());
        assert!(r.set("komi=nan").is_err());
        assert_eq!(
            r.to_string(),
            "ko=fixed suicide=multi scoring=territory komi=7.5 end=two-passes pass=free"
        );
    }
}
