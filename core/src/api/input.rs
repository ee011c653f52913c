//! Reading what a program hands the facade: colours, vertices (GTP's `D4` and `pass`, or
//! `[x, y]` as `@sabaki/go-board` numbers them), board sizes and rules. Every refusal is an
//! [`Error::Input`] that says what was wrong.

use super::Error;
use crate::board::{Color, Coord, MAX_SIZE, MIN_SIZE};
use crate::rules::katago::KataRules;
use crate::rules::{komi_in_range, Ruleset, PRESETS};
use serde_json::Value;

/// A colour from `B`, `W`, `black` or `white` (any case).
pub fn color(text: &str) -> Result<Color, Error> {
    text.trim().parse::<Color>().map_err(|_| {
        Error::input(format!(
            "invalid color '{text}' (expected B, W, black or white)"
        ))
    })
}

/// A move's place: a point of the board or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vertex {
    /// A pass.
    Pass,
    /// A point of the board.
    At(Coord),
}

impl Vertex {
    /// Reads a GTP vertex (`D4`, `q16`, `pass`, any case) for a board of `size`.
    pub fn parse(text: &str, size: usize) -> Result<Vertex, Error> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Vertex::Pass);
        }
        Coord::parse_gtp(t, size)
            .map(Vertex::At)
            .map_err(|_| Error::input(bad_vertex(text, size)))
    }

    /// The point `[x, y]` as `@sabaki/go-board` numbers it: `x` the column from the left,
    /// `y` the row from the top, both from 0.
    pub fn from_xy(x: i64, y: i64, size: usize) -> Result<Vertex, Error> {
        let n = size as i64;
        if !(0..n).contains(&x) || !(0..n).contains(&y) {
            return Err(Error::input(format!(
                "vertex [{x}, {y}] is off a {size}x{size} board (x and y from 0 to {})",
                n - 1
            )));
        }
        Ok(Vertex::At(Coord::new(x as usize, (n - 1 - y) as usize)))
    }

    /// The GTP spelling: `D4` or `pass`.
    pub fn gtp(self) -> String {
        match self {
            Vertex::Pass => "pass".into(),
            Vertex::At(c) => c.to_gtp(),
        }
    }

    /// `[x, y]` as `@sabaki/go-board` numbers it, `None` for a pass.
    pub fn xy(self, size: usize) -> Option<[usize; 2]> {
        match self {
            Vertex::Pass => None,
            Vertex::At(c) => Some([c.col as usize, size - 1 - c.row as usize]),
        }
    }
}

fn bad_vertex(text: &str, size: usize) -> String {
    let last = Coord::new(size - 1, size - 1).to_gtp();
    format!("invalid vertex '{text}' for a {size}x{size} board (expected A1 to {last}, or pass)")
}

/// A board size koan plays on: 2 to 25.
pub fn size(size: i64) -> Result<usize, Error> {
    if (MIN_SIZE as i64..=MAX_SIZE as i64).contains(&size) {
        Ok(size as usize)
    } else {
        Err(Error::input(format!(
            "board size {size} is out of range ({MIN_SIZE} to {MAX_SIZE})"
        )))
    }
}

/// A komi koan accepts: finite, at most 1000 points either way.
pub fn komi(komi: f64) -> Result<f64, Error> {
    if komi_in_range(komi) {
        Ok(komi)
    } else {
        Err(Error::input(format!(
            "komi {komi} is out of range (a finite number of at most 1000 points)"
        )))
    }
}

/// Reads rules as the packages take them:
///
/// - a preset name as `--rules` takes it (`japanese`, `chinese`, `aga`, `new_zealand`,
///   `tromp-taylor`, `ing`, `spight`, `jasiek`, `wmsg2008`);
/// - `key=value` words as GTP `rules` takes them, after an optional preset
///   (`japanese ko=fixed`, `ko=situational suicide=multi`; from `chinese` when no preset
///   leads);
/// - KataGo's rules JSON object (`{"ko":"POSITIONAL","scoring":"AREA",...}`, `komi`
///   allowed), or a JSON object of koan's keys (`{"ko":"fixed","suicide":"multi"}`);
/// - KataGo's other rules names and its compact form (`chinese-ogs`,
///   `koSIMPLEscoreTERRITORY...`).
///
/// The ruleset's komi is the rules' own (the preset's default, or the one the words or the
/// object set).
pub fn rules(text: &str) -> Result<Ruleset, Error> {
    let t = text.trim();
    if t.starts_with('{') {
        return rules_object(t);
    }
    let mut words = t.split_whitespace().peekable();
    let first = words.peek().copied().unwrap_or("");
    if let Some(preset) = Ruleset::preset(first) {
        words.next();
        return key_values(preset, words);
    }
    if first.contains('=') {
        return key_values(Ruleset::default(), words);
    }
    KataRules::parse(t)
        .map(|k| k.rules)
        .map_err(|_| Error::input(unknown_rules(text)))
}

fn unknown_rules(text: &str) -> String {
    format!(
        "unknown rules '{text}' (a preset: {}; key=value words: ko, suicide, scoring, komi, \
         end, pass; or KataGo's rules JSON)",
        PRESETS.join(", ")
    )
}

/// `words`, each `key=value`, applied to `rules`.
fn key_values<'a>(
    mut rules: Ruleset,
    words: impl Iterator<Item = &'a str>,
) -> Result<Ruleset, Error> {
    for word in words {
        if !word.contains('=') {
            return Err(Error::input(format!(
                "'{word}' in the rules is not key=value (keys: ko, suicide, scoring, komi, end, \
                 pass)"
            )));
        }
        rules
            .set(word)
            .map_err(|e| Error::input(rules_word(word, e)))?;
    }
    Ok(rules)
}

/// The error of `rules.set(word)` said with the word: "unknown ko rule" alone does not say
/// which.
fn rules_word(word: &str, error: String) -> String {
    if error.contains(word) || error.contains(word.split('=').nth(1).unwrap_or(word)) {
        error
    } else {
        format!("{error} '{word}'")
    }
}

/// A JSON object: KataGo's rules, else koan's keys.
fn rules_object(text: &str) -> Result<Ruleset, Error> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| Error::input(format!("rules are not valid JSON: {e}")))?;
    let Value::Object(object) = &value else {
        return Err(Error::input("rules JSON must be an object"));
    };
    let kata = match KataRules::from_json(&value, true) {
        Ok(k) => return Ok(k.rules),
        Err(e) => e,
    };
    let mut words = Vec::new();
    for (key, v) in object {
        let v = match v {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            _ => return Err(Error::input(format!("rules: {kata}"))),
        };
        words.push(format!("{key}={v}"));
    }
    key_values(Ruleset::default(), words.iter().map(String::as_str))
        .map_err(|koan| Error::input(format!("rules: {kata}; as koan's keys: {koan}")))
}

/// `rules` with the ko rule named `ko` (as GTP `ko-rule` takes it: `simple`, `positional`,
/// `situational`, `natural-situational`, `spight`, `fixed`, `basic-fixed`, `pass-for-ko`,
/// `ing-spight`) and the suicide rule named `suicide` (as `rules suicide=` takes it:
/// `forbidden`, `multi`, `all`), each when given.
pub fn overrides(
    mut rules: Ruleset,
    ko: Option<&str>,
    suicide: Option<&str>,
) -> Result<Ruleset, Error> {
    if let Some(ko) = ko {
        rules.ko = ko.trim().parse().map_err(|_| {
            Error::input(format!(
                "unknown ko rule '{ko}' (simple, positional, situational, natural-situational, \
                 spight, fixed, basic-fixed, pass-for-ko, ing-spight)"
            ))
        })?;
    }
    if let Some(s) = suicide {
        rules
            .set(&format!("suicide={}", s.trim()))
            .map_err(Error::input)?;
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::SuicideRule;
    use crate::rules::{KoRule, Scoring};

    fn input_error(r: Result<impl std::fmt::Debug, Error>) -> String {
        match r {
            Err(Error::Input(m)) => m,
            other => panic!("expected an input error, got {other:?}"),
        }
    }

    #[test]
    fn colors_read_letters_and_words() {
        assert_eq!(color("B").unwrap(), Color::Black);
        assert_eq!(color("white").unwrap(), Color::White);
        assert_eq!(color("w").unwrap(), Color::White);
        assert!(input_error(color("red")).contains("'red'"));
        assert!(input_error(color("")).contains("invalid color"));
    }

    #[test]
    fn vertices_read_gtp_and_xy() {
        assert_eq!(Vertex::parse("pass", 9).unwrap(), Vertex::Pass);
        assert_eq!(Vertex::parse("PASS", 9).unwrap(), Vertex::Pass);
        let d4 = Vertex::parse("d4", 19).unwrap();
        assert_eq!(d4.gtp(), "D4");
        // D4 on 19x19 is column 3, row 15 from the top.
        assert_eq!(d4.xy(19), Some([3, 15]));
        assert_eq!(Vertex::from_xy(3, 15, 19).unwrap(), d4);
        assert_eq!(Vertex::from_xy(0, 0, 9).unwrap().gtp(), "A9");
        for bad in ["Z1", "A0", "A10", "I5", "", "D", "4D", "pas"] {
            assert!(
                input_error(Vertex::parse(bad, 9)).contains("invalid vertex"),
                "{bad}"
            );
        }
        assert!(input_error(Vertex::from_xy(9, 0, 9)).contains("off a 9x9 board"));
        assert!(input_error(Vertex::from_xy(-1, 0, 9)).contains("off"));
    }

    #[test]
    fn sizes_are_bounded() {
        assert_eq!(size(19).unwrap(), 19);
        for bad in [0, 1, 26, 1000, -5] {
            assert!(input_error(size(bad)).contains("out of range"));
        }
    }

    #[test]
    fn rules_read_presets_words_and_json() {
        assert_eq!(
            rules("japanese").unwrap(),
            Ruleset::preset("japanese").unwrap()
        );
        let r = rules("japanese ko=fixed").unwrap();
        assert_eq!((r.ko, r.scoring), (KoRule::Fixed, Scoring::Territory));
        let r = rules("ko=situational suicide=multi").unwrap();
        assert_eq!((r.ko, r.suicide), (KoRule::Situational, SuicideRule::Multi));
        let r = rules(r#"{"ko":"SITUATIONAL","scoring":"TERRITORY","suicide":false}"#).unwrap();
        assert_eq!((r.ko, r.scoring), (KoRule::Situational, Scoring::Territory));
        let r = rules(r#"{"ko":"fixed","suicide":"all"}"#).unwrap();
        assert_eq!((r.ko, r.suicide), (KoRule::Fixed, SuicideRule::All));
        assert!(input_error(rules("klingon")).contains("unknown rules 'klingon'"));
        assert!(input_error(rules("ko=nonsense")).contains("nonsense"));
        assert!(input_error(rules("{broken")).contains("not valid JSON"));
        assert!(input_error(rules("[1]")).contains("unknown rules"));
        assert!(input_error(rules(r#"{"ko":"NOPE"}"#)).contains("NOPE"));
    }

    #[test]
    fn overrides_take_gtp_names() {
        let base = Ruleset::default();
        for (name, rule) in [
            ("simple", KoRule::Simple),
            ("positional", KoRule::Positional),
            ("situational", KoRule::Situational),
            ("natural-situational", KoRule::NaturalSituational),
            ("spight", KoRule::Spight),
            ("fixed", KoRule::Fixed),
            ("basic-fixed", KoRule::BasicFixed),
            ("pass-for-ko", KoRule::PassForKo),
            ("ing-spight", KoRule::IngSpight),
        ] {
            assert_eq!(overrides(base, Some(name), None).unwrap().ko, rule);
        }
        for (name, rule) in [
            ("forbidden", SuicideRule::Forbidden),
            ("multi", SuicideRule::Multi),
            ("all", SuicideRule::All),
        ] {
            assert_eq!(overrides(base, None, Some(name)).unwrap().suicide, rule);
        }
        assert!(input_error(overrides(base, Some("bogus"), None)).contains("'bogus'"));
        assert!(input_error(overrides(base, None, Some("some"))).contains("'some'"));
    }
}
