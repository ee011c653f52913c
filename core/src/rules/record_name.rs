//! The rules as game records name them (SGF's `RU`): reading the names other programs
//! write, and writing the standard name where there is one.
//!
//! `FF[4]` names five rulesets: `Japanese`, `Chinese`, `AGA`, `NZ` and `GOE` (Ing). Programs
//! write these in any case and with their own spellings (KGS and CGoban: `Japanese`,
//! `Chinese`, `AGA`, `NZ`; OGS: `japanese`, `chinese`, `aga`, `korean`, `nz`, `ing`; Fox:
//! `Chinese`, `Japanese`; Sabaki: whatever the record had; KataGo: its rule names such as
//! `tromp-taylor`, `chinese-ogs`, `new-zealand`, `bga`, or its compact form
//! `koPOSITIONALscoreAREAtaxNONEsui1`). koan writes a standard name for a standard preset
//! and its own `key=value` form (as `rules` prints it) otherwise, which it reads back.

use super::{KoRule, Ruleset, Scoring, SuicideRule};

/// The ruleset a record's `RU` value names, or `None` when koan does not know it. Case,
/// spaces, `-` and `_` do not matter in names.
pub fn from_record_name(text: &str) -> Option<Ruleset> {
    let text = text.trim();
    if text.contains('=') {
        // koan's own form: `ko=positional suicide=forbidden scoring=area komi=7.5 ...`, from
        // Chinese rules or from a preset named first (`chinese ko=fixed`, as `koan match
        // --rules` writes it).
        let mut words = text.split_whitespace().peekable();
        let first = words.peek().copied().unwrap_or("");
        let mut rules = match Ruleset::preset(first) {
            Some(preset) => {
                words.next();
                preset
            }
            None => Ruleset::preset("chinese").expect("a preset"),
        };
        for word in words {
            rules.set(word).ok()?;
        }
        return Some(rules);
    }
    let key: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .collect::<String>()
        .to_ascii_lowercase();
    let preset = match key.as_str() {
        "japanese" | "jp" | "japan" | "korean" | "kr" | "korea" => "japanese",
        "chinese" | "cn" | "china" | "chineseogs" | "chinesekgs" => "chinese",
        "aga" | "american" | "bga" | "british" | "french" => "aga",
        "nz" | "newzealand" => "new_zealand",
        "goe" | "ing" | "ings" => "ing",
        "tromptaylor" | "tt" => "tromp-taylor",
        "spight" => "spight",
        "jasiek" => "jasiek",
        "wmsg2008" => "wmsg2008",
        _ => return katago_compact(text),
    };
    Ruleset::preset(preset)
}

/// KataGo's compact rules string (`koSIMPLEscoreTERRITORYtaxSEKIsui0`, ...): the ko rule,
/// the scoring and whether suicide is allowed; the rest is left at Chinese rules.
fn katago_compact(text: &str) -> Option<Ruleset> {
    let rest = text.strip_prefix("ko")?;
    let ko_end = rest.find("score")?;
    let ko = match &rest[..ko_end] {
        "SIMPLE" => KoRule::Simple,
        "POSITIONAL" => KoRule::Positional,
        "SITUATIONAL" => KoRule::Situational,
        _ => return None,
    };
    let rest = &rest[ko_end + "score".len()..];
    let scoring = if rest.starts_with("AREA") {
        Scoring::Area
    } else if rest.starts_with("TERRITORY") {
        Scoring::Territory
    } else {
        return None;
    };
    let suicide = match rest.find("sui").map(|i| &rest[i + 3..i + 4]) {
        Some("1") => SuicideRule::Multi,
        _ => SuicideRule::Forbidden,
    };
    let mut rules = Ruleset::preset("chinese").expect("a preset");
    rules.ko = ko;
    rules.scoring = scoring;
    rules.suicide = suicide;
    Some(rules)
}

/// The `RU` value koan writes for `rules`: the `FF[4]` name of a standard preset (komi apart,
/// which `KM` holds), `Tromp-Taylor` for that one, and koan's own form otherwise.
pub fn record_name(rules: &Ruleset) -> String {
    const STANDARD: &[(&str, &str)] = &[
        ("japanese", "Japanese"),
        ("chinese", "Chinese"),
        ("aga", "AGA"),
        ("new_zealand", "NZ"),
        ("ing", "GOE"),
        ("tromp-taylor", "Tromp-Taylor"),
    ];
    STANDARD
        .iter()
        .find(|(preset, _)| {
            Ruleset::preset(preset).is_some_and(|p| {
                Ruleset {
                    komi: rules.komi,
                    ..p
                } == *rules
            })
        })
        .map_or_else(|| rules.to_string(), |(_, name)| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_programs_write_are_read() {
        let named = |t: &str| from_record_name(t).and_then(|r| r.preset_name());
        for (text, preset) in [
            ("Japanese", "japanese"),
            ("japanese", "japanese"),
            ("JAPANESE", "japanese"),
            ("korean", "japanese"),
            ("Chinese", "chinese"),
            ("chinese-ogs", "chinese"),
            ("AGA", "aga"),
            ("NZ", "new_zealand"),
            ("New Zealand", "new_zealand"),
            ("new-zealand", "new_zealand"),
            ("GOE", "ing"),
            ("Ing", "ing"),
            ("tromp-taylor", "tromp-taylor"),
            ("Tromp-Taylor", "tromp-taylor"),
        ] {
            assert_eq!(named(text), Some(preset), "{text}");
        }
        let kata = from_record_name("koSITUATIONALscoreTERRITORYtaxSEKIsui1").unwrap();
        assert_eq!(
            (kata.ko, kata.scoring, kata.suicide),
            (KoRule::Situational, Scoring::Territory, SuicideRule::Multi)
        );
        assert_eq!(from_record_name("Martian"), None);
        assert_eq!(from_record_name("ko=martian"), None);
    }

    #[test]
    fn written_names_read_back_as_the_same_rules() {
        for preset in crate::rules::PRESETS {
            let mut rules = Ruleset::preset(preset).unwrap();
            rules.komi = 0.5;
            let name = record_name(&rules);
            let mut back = from_record_name(&name).unwrap();
            back.komi = 0.5;
            assert_eq!(back, rules, "{preset}: {name}");
        }
        let mut custom = Ruleset::preset("japanese").unwrap();
        custom.ko = KoRule::Fixed;
        let name = record_name(&custom);
        assert!(name.contains("ko=fixed"), "{name}");
        assert_eq!(from_record_name(&name), Some(custom));
        assert_eq!(record_name(&Ruleset::preset("aga").unwrap()), "AGA");
    }

    #[test]
    fn a_preset_then_words_starts_from_the_preset() {
        let rules = from_record_name("ing ko=fixed").unwrap();
        assert_eq!(rules.ko, KoRule::Fixed);
        assert_eq!(rules.suicide, SuicideRule::Multi);
        assert_eq!(rules.komi, 8.0);
        assert_eq!(from_record_name("ing ko=martian"), None);
    }
}
