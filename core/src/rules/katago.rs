//! KataGo's rules vocabulary, read onto koan's rulesets and written back: what
//! `kata-get-rules`, `kata-set-rules`, `kata-set-rule` and the analysis engine's `rules`
//! field speak.
//!
//! KataGo describes rules by a JSON object (`{"ko":"POSITIONAL","scoring":"AREA",
//! "tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0",
//! "friendlyPassOk":true}`) or a preset name (`tromp-taylor`, `chinese`, `japanese`...).
//! The keys map onto koan's [`Ruleset`] so:
//!
//! - `ko`: `SIMPLE`, `POSITIONAL`, `SITUATIONAL` and `SPIGHT` are koan's rules of those
//!   names; koan's other ko rules are written the same way: `NATURAL_SITUATIONAL`, `FIXED`,
//!   `BASIC_FIXED`, `ING_SPIGHT`, `PASS_FOR_KO`.
//! - `scoring`: `AREA` or `TERRITORY`. `tax` follows from it, because koan's area scoring
//!   taxes nothing (`NONE`) and its territory scoring counts no territory in seki (`SEKI`);
//!   any other tax is refused.
//! - `suicide`: `true` allows the suicide of two or more stones (koan's `multi`), `false`
//!   none. koan's extra key `singleStoneSuicide` (`true`: every suicide, Tromp-Taylor's
//!   rule) is written only when it is true.
//! - `hasButton`: only `false` (koan has no button).
//! - `whiteHandicapBonus`: `"0"`, `"N"` or `"N-1"` points for White in a handicap game, kept
//!   here; whoever sets up the game applies it ([`HandicapBonus::points`]).
//! - `friendlyPassOk`: kept and written back; it changes nothing in koan, whose count always
//!   takes dead stones off by judgement.
//! - koan's extra keys `passRule` (`FREE` or `WMSG2008`) and `gameEnd` (`TWO_PASSES` or
//!   `SPIGHT`) are written only when they differ from the first.
//!
//! Preset names mean what KataGo's documentation says they mean (`chinese` is simple ko
//! there, koan's own `chinese` preset positional superko), except `ing` and `goe`, which are
//! koan's Ing rules (KataGo approximates them by positional superko; koan has the real Ing
//! ko rule), and the names only koan has (`spight`, `jasiek`, `wmsg2008`), which are koan's
//! presets.

use super::{GameEnd, KoRule, PassRule, Ruleset, Scoring, SuicideRule};
use serde_json::{Map, Value};

/// `whiteHandicapBonus`: the points White receives in a handicap game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapBonus {
    /// None.
    Zero,
    /// One point per handicap stone.
    N,
    /// One point per handicap stone but the first.
    NMinusOne,
}

impl HandicapBonus {
    /// KataGo's name: `0`, `N` or `N-1`.
    pub fn name(self) -> &'static str {
        match self {
            HandicapBonus::Zero => "0",
            HandicapBonus::N => "N",
            HandicapBonus::NMinusOne => "N-1",
        }
    }

    fn parse(text: &str) -> Result<HandicapBonus, String> {
        match text.trim() {
            "0" => Ok(HandicapBonus::Zero),
            "N" | "n" => Ok(HandicapBonus::N),
            "N-1" | "n-1" => Ok(HandicapBonus::NMinusOne),
            _ => Err(format!(
                "Invalid whiteHandicapBonus rule: {text} (0, N, N-1)"
            )),
        }
    }

    /// White's bonus in a game with `handicap` handicap stones (KataGo counts a game with
    /// one Black stone as an even game).
    pub fn points(self, handicap: u32) -> f64 {
        let n = if handicap <= 1 { 0 } else { handicap };
        match self {
            HandicapBonus::Zero => 0.0,
            HandicapBonus::N => f64::from(n),
            HandicapBonus::NMinusOne => f64::from(n.saturating_sub(1)),
        }
    }
}

/// Rules as KataGo describes them: koan's ruleset (its komi the default komi for these
/// rules) and the two keys koan keeps beside it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KataRules {
    /// koan's ruleset.
    pub rules: Ruleset,
    /// White's points for handicap stones.
    pub white_handicap_bonus: HandicapBonus,
    /// KataGo's `friendlyPassOk` (no effect in koan).
    pub friendly_pass_ok: bool,
}

impl KataRules {
    /// `rules` with no handicap bonus and friendly passes allowed.
    pub fn new(rules: Ruleset) -> KataRules {
        KataRules {
            rules,
            white_handicap_bonus: HandicapBonus::Zero,
            friendly_pass_ok: true,
        }
    }

    /// Reads what `kata-set-rules` takes: a preset name, a JSON object (`komi` refused, as
    /// KataGo refuses it there) or KataGo's compact form (`koPOSITIONALscoreAREA...`).
    pub fn parse(text: &str) -> Result<KataRules, String> {
        let text = text.trim();
        if text.starts_with('{') {
            let value: Value = serde_json::from_str(text)
                .map_err(|e| format!("Could not parse rules: {text} ({e})"))?;
            return KataRules::from_json(&value, false);
        }
        preset(text)
            .or_else(|| compact(text))
            .ok_or_else(|| format!("Could not parse rules: {text}"))?
    }

    /// Reads a JSON value: a preset name (string) or a rules object. `komi` inside the
    /// object is read only when `allow_komi` (the analysis engine), into the ruleset's komi.
    pub fn from_json(value: &Value, allow_komi: bool) -> Result<KataRules, String> {
        let object = match value {
            Value::String(s) => return KataRules::parse(s),
            Value::Object(o) => o,
            _ => return Err("Could not parse rules: not a string or an object".into()),
        };
        // Unspecified keys are as in KataGo: Tromp-Taylor-like, tax by the scoring.
        let mut kata = KataRules {
            friendly_pass_ok: false,
            ..KataRules::new(tromp_taylor_like())
        };
        let mut tax = None;
        let mut komi = None;
        for (key, v) in object {
            let text = match v {
                Value::String(s) => s.clone(),
                Value::Bool(b) => b.to_string(),
                Value::Number(n) => n.to_string(),
                _ => return Err(format!("Could not parse rules: bad value for {key}")),
            };
            match key.as_str() {
                "tax" => tax = Some(text),
                "komi" if allow_komi => {
                    komi = Some(
                        v.as_f64()
                            .filter(|k| super::komi_in_range(*k))
                            .ok_or("Komi value is not a number or is too extreme")?,
                    )
                }
                _ => kata.set_key(key, &text)?,
            }
        }
        if let Some(t) = tax {
            kata.check_tax(&t)?;
        }
        kata.rules.komi = komi.unwrap_or(default_komi(kata.rules.scoring));
        Ok(kata)
    }

    /// `kata-set-rule KEY VALUE`: changes one key (KataGo's keys and koan's extras).
    pub fn set_rule(&mut self, key: &str, value: &str) -> Result<(), String> {
        if key.trim() == "tax" {
            return self.check_tax(value);
        }
        self.set_key(key.trim(), value)
    }

    fn set_key(&mut self, key: &str, value: &str) -> Result<(), String> {
        let upper = value.trim().to_ascii_uppercase();
        let r = &mut self.rules;
        match key {
            "ko" => {
                r.ko = upper
                    .parse::<KoRule>()
                    .map_err(|_| format!("Invalid ko rule: {value} ({})", ko_names()))?
            }
            "score" | "scoring" => {
                r.scoring = match upper.as_str() {
                    "AREA" => Scoring::Area,
                    "TERRITORY" => Scoring::Territory,
                    _ => return Err(format!("Invalid scoring rule: {value} (AREA, TERRITORY)")),
                }
            }
            "suicide" => {
                r.suicide = if boolean(key, value)? {
                    if r.suicide == SuicideRule::All {
                        SuicideRule::All
                    } else {
                        SuicideRule::Multi
                    }
                } else {
                    SuicideRule::Forbidden
                }
            }
            "singleStoneSuicide" => {
                r.suicide = if boolean(key, value)? {
                    SuicideRule::All
                } else if r.suicide == SuicideRule::All {
                    SuicideRule::Multi
                } else {
                    r.suicide
                }
            }
            "hasButton" => {
                if boolean(key, value)? {
                    return Err("koan cannot play button Go: hasButton false only".into());
                }
            }
            "whiteHandicapBonus" => self.white_handicap_bonus = HandicapBonus::parse(value)?,
            "friendlyPassOk" => self.friendly_pass_ok = boolean(key, value)?,
            "passRule" => {
                r.pass = match upper.as_str() {
                    "FREE" => PassRule::Free,
                    "WMSG2008" => PassRule::Wmsg2008,
                    _ => return Err(format!("Invalid passRule: {value} (FREE, WMSG2008)")),
                }
            }
            "gameEnd" => {
                r.end = match upper.as_str() {
                    "TWO_PASSES" => GameEnd::TwoPasses,
                    "SPIGHT" => GameEnd::SecondPassInPosition,
                    _ => return Err(format!("Invalid gameEnd: {value} (TWO_PASSES, SPIGHT)")),
                }
            }
            _ => return Err(format!("Unknown rules option: {key}")),
        }
        Ok(())
    }

    /// Accepts the tax koan's scoring implies, refuses any other.
    fn check_tax(&self, value: &str) -> Result<(), String> {
        let wanted = value.trim().to_ascii_uppercase();
        if !["NONE", "SEKI", "ALL"].contains(&wanted.as_str()) {
            return Err(format!("Invalid tax rule: {value} (NONE, SEKI, ALL)"));
        }
        let have = tax_name(self.rules.scoring);
        if wanted != have {
            return Err(format!(
                "koan cannot score with tax {wanted}: its area scoring taxes nothing (NONE) \
                 and its territory scoring counts no territory in seki (SEKI)"
            ));
        }
        Ok(())
    }

    /// The JSON object `kata-get-rules` answers (komi left out, as KataGo leaves it out).
    pub fn to_json(&self) -> Value {
        let r = &self.rules;
        let mut o = Map::new();
        o.insert("ko".into(), ko_name(r.ko).into());
        o.insert(
            "scoring".into(),
            match r.scoring {
                Scoring::Area => "AREA",
                Scoring::Territory => "TERRITORY",
            }
            .into(),
        );
        o.insert("tax".into(), tax_name(r.scoring).into());
        o.insert(
            "suicide".into(),
            (r.suicide != SuicideRule::Forbidden).into(),
        );
        o.insert("hasButton".into(), false.into());
        o.insert(
            "whiteHandicapBonus".into(),
            self.white_handicap_bonus.name().into(),
        );
        o.insert("friendlyPassOk".into(), self.friendly_pass_ok.into());
        if r.suicide == SuicideRule::All {
            o.insert("singleStoneSuicide".into(), true.into());
        }
        if r.pass == PassRule::Wmsg2008 {
            o.insert("passRule".into(), "WMSG2008".into());
        }
        if r.end == GameEnd::SecondPassInPosition {
            o.insert("gameEnd".into(), "SPIGHT".into());
        }
        Value::Object(o)
    }
}

/// KataGo's name of a ko rule: `SIMPLE`, `POSITIONAL`, ..., koan's own as `FIXED`,
/// `ING_SPIGHT`, `PASS_FOR_KO`...
pub fn ko_name(ko: KoRule) -> String {
    ko.name().to_ascii_uppercase().replace('-', "_")
}

fn ko_names() -> String {
    super::ko::KO_RULES
        .iter()
        .map(|(k, _)| ko_name(*k))
        .collect::<Vec<_>>()
        .join(", ")
}

fn tax_name(scoring: Scoring) -> &'static str {
    match scoring {
        Scoring::Area => "NONE",
        Scoring::Territory => "SEKI",
    }
}

/// KataGo's default komi: 7.5 for area scoring, 6.5 for territory scoring.
fn default_komi(scoring: Scoring) -> f64 {
    match scoring {
        Scoring::Area => 7.5,
        Scoring::Territory => 6.5,
    }
}

fn boolean(key: &str, value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "t" | "y" => Ok(true),
        "false" | "0" | "no" | "f" | "n" => Ok(false),
        _ => Err(format!("{key}: '{value}' is not true or false")),
    }
}

/// KataGo's defaults for anything a rules object does not say: positional superko, area
/// scoring, multi-stone suicide legal.
fn tromp_taylor_like() -> Ruleset {
    Ruleset {
        ko: KoRule::Positional,
        suicide: SuicideRule::Multi,
        scoring: Scoring::Area,
        komi: 7.5,
        end: GameEnd::TwoPasses,
        pass: PassRule::Free,
    }
}

/// A preset name as KataGo defines it (see the module's notes for koan's own names).
fn preset(name: &str) -> Option<Result<KataRules, String>> {
    use HandicapBonus::*;
    use KoRule::*;
    let key: String = name
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .collect::<String>()
        .to_ascii_lowercase();
    // (ko, territory scoring, multi-stone suicide, white handicap bonus, friendly pass ok)
    let (ko, territory, suicide, bonus, friendly) = match key.as_str() {
        "tromptaylor" => (Positional, false, true, Zero, false),
        "chinese" => (Simple, false, false, N, true),
        "chineseogs" | "chinesekgs" => (Positional, false, false, N, true),
        "japanese" | "korean" => (Simple, true, false, Zero, true),
        "aga" | "bga" | "french" => (Situational, false, false, NMinusOne, true),
        "nz" | "newzealand" => (Situational, false, true, Zero, true),
        "stonescoring" | "ancientarea" | "ancientterritory" => {
            return Some(Err(format!(
                "koan cannot score {name}: it taxes every group (tax ALL), which koan's \
                 scoring does not"
            )))
        }
        "agabutton" => {
            return Some(Err(format!(
                "koan cannot play {name}: koan has no button (hasButton false only)"
            )))
        }
        "ing" | "goe" | "spight" | "jasiek" | "wmsg2008" => {
            let koan = if key == "goe" { "ing" } else { key.as_str() };
            return Ruleset::preset(koan).map(|r| Ok(KataRules::new(r)));
        }
        _ => return None,
    };
    let mut rules = tromp_taylor_like();
    rules.ko = ko;
    rules.scoring = if territory {
        Scoring::Territory
    } else {
        Scoring::Area
    };
    rules.suicide = if suicide {
        SuicideRule::Multi
    } else {
        SuicideRule::Forbidden
    };
    rules.komi = if key == "nz" || key == "newzealand" {
        7.0
    } else {
        default_komi(rules.scoring)
    };
    Some(Ok(KataRules {
        rules,
        white_handicap_bonus: bonus,
        friendly_pass_ok: friendly,
    }))
}

/// KataGo's compact form (`koSITUATIONALscoreAREAtaxNONEsui1whbN-1fpok1`), as its game
/// records and logs write it; koan's extra ko rules are read in it too.
fn compact(text: &str) -> Option<Result<KataRules, String>> {
    if !text.starts_with("ko") {
        return None;
    }
    let mut kata = KataRules {
        friendly_pass_ok: false,
        ..KataRules::new(tromp_taylor_like())
    };
    let ko_values: Vec<String> = {
        let mut v: Vec<String> = super::ko::KO_RULES
            .iter()
            .map(|(k, _)| ko_name(*k))
            .collect();
        v.sort_by_key(|n| std::cmp::Reverse(n.len()));
        v
    };
    let values = |key: &str| -> Vec<&str> {
        match key {
            "ko" => ko_values.iter().map(String::as_str).collect(),
            "scoring" => vec!["AREA", "TERRITORY"],
            "tax" => vec!["NONE", "SEKI", "ALL"],
            "whiteHandicapBonus" => vec!["N-1", "N", "0"],
            _ => vec!["1", "0"],
        }
    };
    const KEYS: &[(&str, &str)] = &[
        ("scoring", "scoring"),
        ("score", "scoring"),
        ("komi", "komi"),
        ("ko", "ko"),
        ("tax", "tax"),
        ("sui", "suicide"),
        ("button", "hasButton"),
        ("whb", "whiteHandicapBonus"),
        ("fpok", "friendlyPassOk"),
    ];
    let bad = || format!("Could not parse rules: {text}");
    let mut rest = text;
    let mut tax = None;
    let mut komi = None;
    while !rest.is_empty() {
        let Some(&(prefix, key)) = KEYS.iter().find(|(p, _)| rest.starts_with(p)) else {
            return Some(Err(bad()));
        };
        rest = &rest[prefix.len()..];
        let value = if key == "komi" {
            let end = rest
                .find(|c: char| c.is_ascii_alphabetic())
                .unwrap_or(rest.len());
            &rest[..end]
        } else {
            match values(key).into_iter().find(|v| rest.starts_with(v)) {
                Some(v) => &rest[..v.len()],
                None => return Some(Err(bad())),
            }
        };
        rest = &rest[value.len()..];
        let result = match key {
            "tax" => {
                tax = Some(value);
                Ok(())
            }
            "komi" => match value.parse::<f64>() {
                Ok(k) if super::komi_in_range(k) => {
                    komi = Some(k);
                    Ok(())
                }
                _ => Err(bad()),
            },
            _ => kata.set_key(key, value),
        };
        if let Err(e) = result {
            return Some(Err(e));
        }
    }
    kata.rules.komi = komi.unwrap_or(default_komi(kata.rules.scoring));
    if let Some(t) = tax {
        if let Err(e) = kata.check_tax(t) {
            return Some(Err(e));
        }
    }
    Some(Ok(kata))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn presets_are_katagos() {
        let chinese = KataRules::parse("chinese").unwrap();
        assert_eq!(chinese.rules.ko, KoRule::Simple);
        assert_eq!(chinese.white_handicap_bonus, HandicapBonus::N);
        assert_eq!(
            chinese.to_json(),
            json(
                r#"{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA",
                "suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}"#
            )
        );
        let japanese = KataRules::parse("Japanese").unwrap();
        assert_eq!(
            (japanese.rules.scoring, japanese.rules.komi),
            (Scoring::Territory, 6.5)
        );
        assert_eq!(japanese.to_json()["tax"], "SEKI");
        let tt = KataRules::parse("tromp-taylor").unwrap();
        assert_eq!(
            (tt.rules.ko, tt.rules.suicide, tt.friendly_pass_ok),
            (KoRule::Positional, SuicideRule::Multi, false)
        );
        assert_eq!(KataRules::parse("new zealand").unwrap().rules.komi, 7.0);
        assert_eq!(
            KataRules::parse("aga").unwrap().white_handicap_bonus,
            HandicapBonus::NMinusOne
        );
        // koan's own names: koan's presets.
        assert_eq!(KataRules::parse("ing").unwrap().rules.ko, KoRule::IngSpight);
        assert_eq!(
            KataRules::parse("jasiek").unwrap().rules.ko,
            KoRule::BasicFixed
        );
        for bad in ["stone_scoring", "aga-button", "martian", ""] {
            assert!(KataRules::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn json_objects_map_onto_koans_rules() {
        let k = KataRules::parse(r#"{"ko":"SITUATIONAL","scoring":"TERRITORY","suicide":true}"#)
            .unwrap();
        assert_eq!(
            (k.rules.ko, k.rules.scoring, k.rules.suicide, k.rules.komi),
            (
                KoRule::Situational,
                Scoring::Territory,
                SuicideRule::Multi,
                6.5
            )
        );
        let fixed = KataRules::parse(r#"{"ko":"FIXED"}"#).unwrap();
        assert_eq!(fixed.rules.ko, KoRule::Fixed);
        assert_eq!(fixed.to_json()["ko"], "FIXED");
        assert_eq!(
            KataRules::parse(r#"{"ko":"PASS_FOR_KO"}"#)
                .unwrap()
                .rules
                .ko,
            KoRule::PassForKo
        );
        for bad in [
            r#"{"ko":"TRIPLE"}"#,
            r#"{"tax":"ALL"}"#,
            r#"{"scoring":"AREA","tax":"SEKI"}"#,
            r#"{"hasButton":true}"#,
            r#"{"komi":7.5}"#,
            r#"{"colour":"red"}"#,
            r#"{"ko":"#,
        ] {
            assert!(KataRules::parse(bad).is_err(), "{bad}");
        }
        let with_komi = KataRules::from_json(&json(r#"{"komi":5.5}"#), true).unwrap();
        assert_eq!(with_komi.rules.komi, 5.5);
    }

    #[test]
    fn what_get_rules_writes_reads_back_as_the_same_rules() {
        for preset in crate::rules::PRESETS {
            let mut kata = KataRules::new(Ruleset::preset(preset).unwrap());
            kata.friendly_pass_ok = false;
            let text = kata.to_json().to_string();
            let mut back = KataRules::parse(&text).unwrap();
            back.rules.komi = kata.rules.komi;
            assert_eq!(back, kata, "{preset}: {text}");
        }
    }

    #[test]
    fn single_keys_change_one_thing() {
        let mut k = KataRules::new(Ruleset::default());
        k.set_rule("ko", "simple").unwrap();
        k.set_rule("scoring", "TERRITORY").unwrap();
        k.set_rule("tax", "SEKI").unwrap();
        k.set_rule("suicide", "true").unwrap();
        k.set_rule("whiteHandicapBonus", "N-1").unwrap();
        assert_eq!(
            (k.rules.ko, k.rules.scoring, k.rules.suicide),
            (KoRule::Simple, Scoring::Territory, SuicideRule::Multi)
        );
        assert!(k.set_rule("tax", "NONE").is_err());
        assert!(k.set_rule("hasButton", "true").is_err());
        assert!(k.set_rule("ko", "SENTE").is_err());
        assert!(k.set_rule("komi", "7").is_err());
        k.set_rule("hasButton", "false").unwrap();
        k.set_rule("ko", "ING_SPIGHT").unwrap();
        assert_eq!(k.rules.ko, KoRule::IngSpight);
    }

    #[test]
    fn the_compact_form_is_read() {
        let k = KataRules::parse("koSITUATIONALscoreTERRITORYtaxSEKIsui1whbN-1fpok1").unwrap();
        assert_eq!(
            (k.rules.ko, k.rules.scoring, k.rules.suicide),
            (KoRule::Situational, Scoring::Territory, SuicideRule::Multi)
        );
        assert_eq!(k.white_handicap_bonus, HandicapBonus::NMinusOne);
        assert!(k.friendly_pass_ok);
        assert_eq!(
            KataRules::parse("koPOSITIONALscoreAREAtaxNONEsui0komi6.5")
                .unwrap()
                .rules
                .komi,
            6.5
        );
        assert!(KataRules::parse("koPOSITIONALscoreAREAtaxALLsui0").is_err());
    }

    #[test]
    fn handicap_bonus_counts_as_katago_does() {
        assert_eq!(HandicapBonus::N.points(4), 4.0);
        assert_eq!(HandicapBonus::NMinusOne.points(4), 3.0);
        assert_eq!(HandicapBonus::N.points(1), 0.0);
        assert_eq!(HandicapBonus::Zero.points(9), 0.0);
    }
}
