//! The npm package `koan-go`'s WebAssembly side: koan's rules facade ([`koan_core::api`])
//! through wasm-bindgen, in the plainest types (strings, numbers, JSON text). The
//! JavaScript API (`api.js`) is written over these raw calls: it turns a refusal into an
//! `IllegalMoveError`, parses the JSON and takes `[x, y]` vertices.
//!
//! Bad input comes back as a thrown JavaScript `Error` with the facade's message. A panic
//! cannot unwind on `wasm32-unknown-unknown`; it traps, which JavaScript sees as a
//! `WebAssembly.RuntimeError`, and the panic hook set at start keeps its message for
//! [`last_panic`] so that `api.js` can say what happened. Node goes on either way.

use koan_core::api::{self, Error, Refusal, SgfOptions, Vertex};
use koan_core::board::Color;
use koan_core::rules::ko::KO_RULES;
use koan_core::rules::{Ruleset, PRESETS};
use serde_json::{json, Value};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The message of the last panic, kept by the hook for `lastPanic`.
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Sets the panic hook when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        let message = match info.location() {
            Some(at) => format!("{what} (at {}:{})", at.file(), at.line()),
            None => what,
        };
        LAST_PANIC.with(|p| *p.borrow_mut() = message);
    }));
}

/// The message of the last panic inside the module (empty if none).
#[wasm_bindgen(js_name = lastPanic)]
pub fn last_panic() -> String {
    LAST_PANIC.with(|p| p.borrow().clone())
}

/// Panics with `message`: for the test that a panic becomes a JavaScript error.
#[wasm_bindgen(js_name = testPanic)]
pub fn test_panic(message: String) {
    panic!("{message}");
}

/// The nine ko rules' names as a JSON list, in the order `ko-rule` documents them.
#[wasm_bindgen(js_name = koRulesJson)]
pub fn ko_rules_json() -> String {
    json!(KO_RULES.iter().map(|(_, name)| *name).collect::<Vec<_>>()).to_string()
}

/// The rules presets' names as a JSON list.
#[wasm_bindgen(js_name = presetsJson)]
pub fn presets_json() -> String {
    json!(PRESETS).to_string()
}

fn js(e: Error) -> JsError {
    JsError::new(e.message())
}

/// A whole number from JavaScript (sizes, coordinates): NaN, infinities and fractions are
/// refused with `what` named; the range checks are the facade's.
fn whole(value: f64, what: &str) -> Result<i64, JsError> {
    if value.is_finite() && value.fract() == 0.0 {
        // Saturates far outside any board; the facade says what the range is.
        Ok(value as i64)
    } else {
        Err(JsError::new(&format!(
            "{what} must be a whole number, not {value}"
        )))
    }
}

fn refusal_json(r: &Refusal, color: Color, vertex: &str) -> String {
    json!({
        "reason": r.reason.code(),
        "message": r.message,
        "color": color.letter().to_string(),
        "vertex": vertex,
    })
    .to_string()
}

/// A game as the JavaScript `Game` holds it.
#[wasm_bindgen]
pub struct RawGame {
    game: api::Game,
}

#[wasm_bindgen]
impl RawGame {
    /// A new game: `size` (default 19), rules as text (a preset, `key=value` words or JSON;
    /// default `chinese`), the ko and suicide rules' overrides, and komi.
    #[wasm_bindgen(constructor)]
    pub fn new(
        size: Option<f64>,
        rules: Option<String>,
        ko: Option<String>,
        suicide: Option<String>,
        komi: Option<f64>,
    ) -> Result<RawGame, JsError> {
        let size = whole(size.unwrap_or(19.0), "the board size")?;
        let game = api::Game::new(
            size,
            rules.as_deref().unwrap_or("chinese"),
            ko.as_deref(),
            suicide.as_deref(),
            komi,
        )
        .map_err(js)?;
        Ok(RawGame { game })
    }

    /// The game an SGF record holds, read as `loadsgf` reads it: `rules` when its `RU` names
    /// none (or rules koan does not know), the ko and suicide rules over the record's, and
    /// komi over its `KM`.
    #[wasm_bindgen(js_name = fromSgf)]
    pub fn from_sgf(
        text: &str,
        rules: Option<String>,
        ko: Option<String>,
        suicide: Option<String>,
        komi: Option<f64>,
    ) -> Result<RawGame, JsError> {
        let options = SgfOptions {
            rules: rules.as_deref(),
            ko: ko.as_deref(),
            suicide: suicide.as_deref(),
            ..SgfOptions::default()
        };
        let mut game = api::Game::from_sgf_with(text, &options).map_err(js)?;
        if let Some(k) = komi {
            game.set_komi(k).map_err(js)?;
        }
        Ok(RawGame { game })
    }

    /// Changes the rules from the next move on (the history is kept and judged under them):
    /// `rules` replaces the ruleset, `ko` and `suicide` override it; komi changes only when
    /// given.
    #[wasm_bindgen(js_name = setRules)]
    pub fn set_rules(
        &mut self,
        rules: Option<String>,
        ko: Option<String>,
        suicide: Option<String>,
        komi: Option<f64>,
    ) -> Result<(), JsError> {
        // Komi first: checked before anything changes.
        let before = self.game.komi();
        if let Some(k) = komi {
            self.game.set_komi(k).map_err(js)?;
        }
        self.game
            .set_rules(rules.as_deref(), ko.as_deref(), suicide.as_deref())
            .map_err(|e| {
                let _ = self.game.set_komi(before);
                js(e)
            })
    }

    /// An independent copy of the game.
    pub fn copy(&self) -> RawGame {
        RawGame {
            game: self.game.clone(),
        }
    }

    fn vertex(&self, text: Option<String>, x: f64, y: f64) -> Result<Vertex, JsError> {
        match text {
            Some(t) => self.game.vertex(&t).map_err(js),
            None => self
                .game
                .vertex_xy(whole(x, "x")?, whole(y, "y")?)
                .map_err(js),
        }
    }

    /// The board size.
    pub fn size(&self) -> u32 {
        self.game.size() as u32
    }

    /// The player to move, `B` or `W`.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self) -> String {
        self.game.to_move().letter().to_string()
    }

    /// Plays a move; the refusal as JSON when the rules refuse it, nothing when it is made.
    pub fn play(
        &mut self,
        color: &str,
        vertex: Option<String>,
        x: f64,
        y: f64,
    ) -> Result<Option<String>, JsError> {
        let c = api::color(color).map_err(js)?;
        let v = self.vertex(vertex, x, y)?;
        match self.game.play(c, v) {
            Ok(()) => Ok(None),
            Err(Error::Illegal(r)) => Ok(Some(refusal_json(&r, c, &self.game.gtp(v)))),
            Err(e) => Err(js(e)),
        }
    }

    /// Why a move is illegal as JSON (`reason`, `message`, `color`, `vertex`), or nothing.
    #[wasm_bindgen(js_name = whyIllegal)]
    pub fn why_illegal(
        &self,
        color: &str,
        vertex: Option<String>,
        x: f64,
        y: f64,
    ) -> Result<Option<String>, JsError> {
        let c = api::color(color).map_err(js)?;
        let v = self.vertex(vertex, x, y)?;
        Ok(self
            .game
            .why_illegal(c, v)
            .map(|r| refusal_json(&r, c, &self.game.gtp(v))))
    }

    /// The legal board plays of `color`, GTP vertices in board order.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self, color: &str) -> Result<Vec<String>, JsError> {
        let c = api::color(color).map_err(js)?;
        Ok(self.game.legal_moves(c))
    }

    /// Takes back the last move; an error when there is none.
    pub fn undo(&mut self) -> Result<(), JsError> {
        self.game.undo().map_err(js)
    }

    /// The stone on a vertex: `B`, `W`, or empty text.
    #[wasm_bindgen(js_name = stoneAt)]
    pub fn stone_at(&self, vertex: Option<String>, x: f64, y: f64) -> Result<String, JsError> {
        let v = self.vertex(vertex, x, y)?;
        Ok(self
            .game
            .stone_at(v)
            .map_or(String::new(), |c| c.letter().to_string()))
    }

    /// The GTP spelling of `[x, y]`.
    #[wasm_bindgen(js_name = gtpOf)]
    pub fn gtp_of(&self, x: f64, y: f64) -> Result<String, JsError> {
        let v = self.vertex(None, x, y)?;
        Ok(self.game.gtp(v))
    }

    /// The board as one line of `size * size` characters, rows from the top: `B`, `W`, `.`.
    #[wasm_bindgen(js_name = boardText)]
    pub fn board_text(&self) -> String {
        self.game
            .rows()
            .iter()
            .flatten()
            .map(|s| s.map_or('.', Color::letter))
            .collect()
    }

    /// The moves as JSON: `[{"color":"B","vertex":"D4"}, ...]`.
    #[wasm_bindgen(js_name = movesJson)]
    pub fn moves_json(&self) -> String {
        let moves: Vec<Value> = self
            .game
            .moves()
            .into_iter()
            .map(|(c, v)| json!({"color": c.letter().to_string(), "vertex": self.game.gtp(v)}))
            .collect();
        Value::Array(moves).to_string()
    }

    /// The captures as JSON: `{"B": stones Black took, "W": stones White took}`.
    #[wasm_bindgen(js_name = capturesJson)]
    pub fn captures_json(&self) -> String {
        let [b, w] = self.game.captures();
        json!({"B": b, "W": w}).to_string()
    }

    /// The rules in force as JSON (`ko`, `suicide`, `scoring`, `komi`, `end`, `pass`,
    /// `preset`), in the words GTP `rules` prints.
    #[wasm_bindgen(js_name = rulesJson)]
    pub fn rules_json(&self) -> String {
        Value::Object(self.rules_object()).to_string()
    }

    /// True when the game is over by its rules.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The record as SGF.
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(&self) -> String {
        self.game.to_sgf()
    }

    /// The count as JSON, with the stones of the GTP vertices in `dead` (a JSON list) taken
    /// off; `null` for koan's own judgement of the dead stones.
    #[wasm_bindgen(js_name = scoreJson)]
    pub fn score_json(&self, dead: Option<String>) -> Result<String, JsError> {
        let dead = match dead {
            None => None,
            Some(text) => {
                let names: Vec<String> = serde_json::from_str(&text)
                    .map_err(|e| JsError::new(&format!("dead must be a list of vertices: {e}")))?;
                let vertices = names
                    .iter()
                    .map(|n| self.game.vertex(n))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(js)?;
                Some(vertices)
            }
        };
        let s = self.game.score(dead.as_deref()).map_err(js)?;
        let winner = if s.points > 0.0 {
            json!("B")
        } else if s.points < 0.0 {
            json!("W")
        } else {
            Value::Null
        };
        Ok(json!({
            "points": s.points,
            "winner": winner,
            "margin": s.points.abs(),
            "result": s.result,
            "dead": s.dead.iter().map(|&v| self.game.gtp(v)).collect::<Vec<_>>(),
            "judged": s.judged,
            "scoring": self.rules_object().get("scoring"),
            "komi": self.game.komi(),
        })
        .to_string())
    }

    /// The rules in force as an object of GTP `rules`' words, komi a number.
    fn rules_object(&self) -> serde_json::Map<String, Value> {
        let rules = Ruleset {
            komi: self.game.komi(),
            ..*self.game.rules()
        };
        let mut object = serde_json::Map::new();
        for (key, value) in rules
            .to_string()
            .split_whitespace()
            .filter_map(|w| w.split_once('='))
        {
            let v = if key == "komi" {
                json!(rules.komi)
            } else {
                json!(value)
            };
            object.insert(key.to_string(), v);
        }
        object.insert("preset".into(), json!(self.game.rules().preset_name()));
        object
    }

    /// The basic kos of the position, classified as `ko-classify` does, as JSON.
    #[wasm_bindgen(js_name = kosJson)]
    pub fn kos_json(&self) -> String {
        let letters = |cs: &[Color]| {
            cs.iter()
                .map(|c| c.letter().to_string())
                .collect::<Vec<_>>()
        };
        let kos: Vec<Value> = self
            .game
            .kos()
            .iter()
            .map(|k| {
                json!({
                    "points": k.points.iter().map(|&v| self.game.gtp(v)).collect::<Vec<_>>(),
                    "open": k.open.letter().to_string(),
                    "type": k.ko_type,
                    "location": k.location,
                    "basis": k.basis,
                    "reason": k.reason,
                    "closedKillers": letters(&k.closed_killers),
                    "strongKillers": letters(&k.strong_killers),
                    "line": k.line,
                })
            })
            .collect();
        Value::Array(kos).to_string()
    }
}
