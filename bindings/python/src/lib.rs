//! `koan_go._koan`: the Python face of koan's rules core. Everything here translates: Python
//! values in, [`koan_core::api`] asked, Python values or exceptions out. The package
//! `koan_go` (python/koan_go) re-exports it with the type stubs.
//!
//! No Rust panic crosses into Python: every method runs under [`guarded`], which turns a
//! panic into a `RuntimeError`, and a game a panic interrupted while changing it refuses
//! further use rather than answer from a half-changed state.

use koan_core::api::{self, Error, Vertex};
use koan_core::board::Color;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString, PyTuple};
use std::panic::{catch_unwind, AssertUnwindSafe};

pyo3::create_exception!(
    koan_go,
    IllegalMove,
    PyValueError,
    "A move the rules refuse. `str(e)` says why in words; `e.reason` is a short code: \
     'occupied', 'suicide', 'ko', 'superko', 'fixed-ko', 'ing-spight', 'pass-for-ko' or \
     'pass-rule'."
);

/// Runs `f`, turning a panic into a `RuntimeError` (a bug of koan's, never the caller's).
fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        Err(PyRuntimeError::new_err(format!(
            "internal error in koan (please report it): {what}"
        )))
    })
}

/// The Python exception for a facade error: `ValueError` for bad input, `IllegalMove` with
/// its `reason` for a refused move.
fn py_error(py: Python<'_>, error: Error) -> PyErr {
    match error {
        Error::Input(message) => PyValueError::new_err(message),
        Error::Illegal(refusal) => {
            let err = IllegalMove::new_err(refusal.message);
            if let Err(e) = err.value(py).setattr("reason", refusal.reason.code()) {
                return e;
            }
            err
        }
    }
}

fn letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// A board size from a Python int (any int: out of range is a `ValueError`).
fn size_of(size: &Bound<'_, PyAny>) -> PyResult<i64> {
    if !size.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "size must be an int, not {}",
            size.get_type().name()?
        )));
    }
    Ok(size.extract::<i64>().unwrap_or(i64::MAX))
}

/// Rules from a Python str (a preset, `key=value` words, JSON) or dict (KataGo's rules
/// object, or koan's keys).
fn rules_of(py: Python<'_>, rules: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = rules.cast::<PyString>() {
        return Ok(text.to_cow()?.into_owned());
    }
    if rules.is_instance_of::<PyDict>() {
        let json = py.import("json")?;
        return json
            .call_method1("dumps", (rules,))
            .and_then(|t| t.extract::<String>())
            .map_err(|e| PyValueError::new_err(format!("rules dict is not JSON: {e}")));
    }
    Err(PyTypeError::new_err(format!(
        "rules must be a str or a dict, not {}",
        rules.get_type().name()?
    )))
}

/// A game of Go under any of koan's rules: moves judged as koan judges them, every refusal
/// explained.
#[pyclass(module = "koan_go")]
#[derive(Clone)]
struct Game {
    game: api::Game,
    /// Set when a panic interrupted a change of the game: it may be half-changed.
    broken: bool,
}

impl Game {
    fn check(&self) -> PyResult<()> {
        if self.broken {
            Err(PyRuntimeError::new_err(
                "this game was left unusable by an internal error in koan",
            ))
        } else {
            Ok(())
        }
    }

    /// Runs `f` on the game under [`guarded`]; a panic leaves the game marked broken.
    fn change<T>(&mut self, f: impl FnOnce(&mut api::Game) -> PyResult<T>) -> PyResult<T> {
        self.check()?;
        let game = &mut self.game;
        let result = catch_unwind(AssertUnwindSafe(|| f(game)));
        match result {
            Ok(r) => r,
            Err(payload) => {
                self.broken = true;
                guarded(|| std::panic::resume_unwind(payload))
            }
        }
    }

    /// Runs `f` on the game under [`guarded`].
    fn read<T>(&self, f: impl FnOnce(&api::Game) -> PyResult<T>) -> PyResult<T> {
        self.check()?;
        guarded(|| f(&self.game))
    }

    fn color(text: &str) -> PyResult<Color> {
        api::color(text).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    fn vertex(game: &api::Game, v: &Bound<'_, PyAny>) -> PyResult<Vertex> {
        if let Ok(text) = v.cast::<PyString>() {
            return game
                .vertex(&text.to_cow()?)
                .map_err(|e| PyValueError::new_err(e.to_string()));
        }
        if v.is_instance_of::<PyTuple>() || v.is_instance_of::<PyList>() {
            if let Ok([x, y]) = v.extract::<Vec<i64>>().as_deref() {
                return game
                    .vertex_xy(*x, *y)
                    .map_err(|e| PyValueError::new_err(e.to_string()));
            }
            return Err(PyValueError::new_err(
                "a vertex as a sequence must be two ints [x, y]",
            ));
        }
        Err(PyTypeError::new_err(format!(
            "a vertex is a GTP str such as 'D4' or 'pass', or [x, y], not {}",
            v.get_type().name()?
        )))
    }
}

#[pymethods]
impl Game {
    /// Game(size=19, rules="chinese", ko=None, suicide=None, komi=None)
    ///
    /// A new game on an empty board. `rules` is a preset name (japanese, chinese, aga,
    /// new_zealand, tromp-taylor, ing, spight, jasiek, wmsg2008), `key=value` words
    /// ("japanese ko=fixed"), KataGo's rules JSON, or a dict (KataGo's keys or koan's).
    /// `ko` and `suicide` override the rules' with the names GTP's `ko-rule` and
    /// `rules suicide=` take; `komi` overrides the rules' komi.
    #[new]
    #[pyo3(signature = (size = None, rules = None, ko = None, suicide = None, komi = None))]
    fn new(
        py: Python<'_>,
        size: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
        ko: Option<&str>,
        suicide: Option<&str>,
        komi: Option<f64>,
    ) -> PyResult<Game> {
        let size = size.map(size_of).transpose()?.unwrap_or(19);
        let rules = match rules {
            Some(r) => rules_of(py, r)?,
            None => "chinese".to_string(),
        };
        guarded(|| {
            api::Game::new(size, &rules, ko, suicide, komi)
                .map(|game| Game {
                    game,
                    broken: false,
                })
                .map_err(|e| py_error(py, e))
        })
    }

    /// Game.from_sgf(text, rules=None, ko=None, suicide=None, moves=None) -> Game
    ///
    /// The game an SGF record holds, read as GTP `loadsgf` reads it: the rules its RU
    /// names (else `rules`, else chinese), its KM, setup and main line. `ko` and `suicide`
    /// override the record's rules; `moves=N` reads the moves before move N only. Moves the
    /// ko rule bans are kept; an impossible move or a broken record raises ValueError.
    #[staticmethod]
    #[pyo3(signature = (text, rules = None, ko = None, suicide = None, moves = None))]
    fn from_sgf(
        py: Python<'_>,
        text: &str,
        rules: Option<&Bound<'_, PyAny>>,
        ko: Option<&str>,
        suicide: Option<&str>,
        moves: Option<usize>,
    ) -> PyResult<Game> {
        let rules = rules.map(|r| rules_of(py, r)).transpose()?;
        let options = api::SgfOptions {
            rules: rules.as_deref(),
            ko,
            suicide,
            moves,
        };
        guarded(|| {
            api::Game::from_sgf_with(text, &options)
                .map(|game| Game {
                    game,
                    broken: false,
                })
                .map_err(|e| py_error(py, e))
        })
    }

    /// set_rules(rules=None, ko=None, suicide=None) -> None
    ///
    /// Puts other rules in force (komi stays): `rules` as Game() takes them (the present
    /// ones when None), then the ko and suicide rules named. The moves to come are judged
    /// against the whole history under the new rules.
    #[pyo3(signature = (rules = None, ko = None, suicide = None))]
    fn set_rules(
        &mut self,
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        ko: Option<&str>,
        suicide: Option<&str>,
    ) -> PyResult<()> {
        let rules = rules.map(|r| rules_of(py, r)).transpose()?;
        self.change(|g| {
            g.set_rules(rules.as_deref(), ko, suicide)
                .map_err(|e| py_error(py, e))
        })
    }

    /// ko_bans(color=None) -> list[tuple[str, str]]
    ///
    /// The points where `color` (the player to move when None) could play but for the ko
    /// rule, each with the ban in words as GTP `ko-bans` gives it ("C3", "positional:
    /// recreates the position after move 12"); then ("pass", why) when the pass rule
    /// forbids passing.
    #[pyo3(signature = (color = None))]
    fn ko_bans(&self, color: Option<&str>) -> PyResult<Vec<(String, String)>> {
        let color = color.map(Game::color).transpose()?;
        self.read(|g| {
            Ok(g.ko_bans(color.unwrap_or(g.to_move()))
                .into_iter()
                .map(|(v, why)| (v.gtp(), why))
                .collect())
        })
    }

    /// to_sgf() -> str
    ///
    /// The game as an SGF record, as GTP `printsgf` writes it (RU, KM, setup, moves, the
    /// result once the game is over, the loaded record's game information).
    fn to_sgf(&self) -> PyResult<String> {
        self.read(|g| Ok(g.to_sgf()))
    }

    /// play(color, vertex) -> None
    ///
    /// Plays a move: color "B"/"W"/"black"/"white", vertex "D4", "pass" or [x, y] (from the
    /// top left, from 0). Raises IllegalMove (a ValueError) with `.reason` when the rules
    /// refuse it, ValueError/TypeError for bad input.
    fn play(&mut self, py: Python<'_>, color: &str, vertex: &Bound<'_, PyAny>) -> PyResult<()> {
        let color = Game::color(color)?;
        let vertex = Game::vertex(&self.game, vertex)?;
        self.change(|g| g.play(color, vertex).map_err(|e| py_error(py, e)))
    }

    /// is_legal(color, vertex) -> bool
    fn is_legal(&self, color: &str, vertex: &Bound<'_, PyAny>) -> PyResult<bool> {
        let color = Game::color(color)?;
        let vertex = Game::vertex(&self.game, vertex)?;
        self.read(|g| Ok(g.is_legal(color, vertex)))
    }

    /// why_illegal(color, vertex) -> str | None
    ///
    /// Why the move is illegal, in words (naming the earlier move whose position it would
    /// repeat, where there is one), or None when it is legal.
    fn why_illegal(&self, color: &str, vertex: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let color = Game::color(color)?;
        let vertex = Game::vertex(&self.game, vertex)?;
        self.read(|g| Ok(g.why_illegal(color, vertex).map(|r| r.message)))
    }

    /// illegal_reason(color, vertex) -> str | None
    ///
    /// The short code of why the move is illegal ('occupied', 'superko', ...), or None.
    fn illegal_reason(
        &self,
        color: &str,
        vertex: &Bound<'_, PyAny>,
    ) -> PyResult<Option<&'static str>> {
        let color = Game::color(color)?;
        let vertex = Game::vertex(&self.game, vertex)?;
        self.read(|g| Ok(g.why_illegal(color, vertex).map(|r| r.reason.code())))
    }

    /// legal_moves(color=None) -> list[str]
    ///
    /// The points where `color` (the player to move when None) may play, as GTP vertices
    /// in board order; passes are left out.
    #[pyo3(signature = (color = None))]
    fn legal_moves(&self, color: Option<&str>) -> PyResult<Vec<String>> {
        let color = color.map(Game::color).transpose()?;
        self.read(|g| Ok(g.legal_moves(color.unwrap_or(g.to_move()))))
    }

    /// undo() -> None
    ///
    /// Takes back the last move; ValueError when no move has been played.
    fn undo(&mut self, py: Python<'_>) -> PyResult<()> {
        self.change(|g| g.undo().map_err(|e| py_error(py, e)))
    }

    /// The player to move: "B" or "W".
    #[getter]
    fn to_move(&self) -> PyResult<&'static str> {
        self.read(|g| Ok(letter(g.to_move())))
    }

    /// The moves since the start, oldest first, as (color, vertex) pairs: ("B", "D4").
    #[getter]
    fn moves(&self) -> PyResult<Vec<(&'static str, String)>> {
        self.read(|g| {
            Ok(g.moves()
                .into_iter()
                .map(|(c, v)| (letter(c), g.gtp(v)))
                .collect())
        })
    }

    /// The stones each player has captured: {"B": n, "W": n}.
    #[getter]
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let [b, w] = self.read(|g| Ok(g.captures()))?;
        let d = PyDict::new(py);
        d.set_item("B", b)?;
        d.set_item("W", w)?;
        Ok(d)
    }

    /// The board size.
    #[getter]
    fn size(&self) -> PyResult<usize> {
        self.read(|g| Ok(g.size()))
    }

    /// The rules in force as key=value words (komi apart).
    #[getter]
    fn rules(&self) -> PyResult<String> {
        self.read(|g| Ok(g.rules().to_string()))
    }

    /// Komi.
    #[getter]
    fn komi(&self) -> PyResult<f64> {
        self.read(|g| Ok(g.komi()))
    }

    /// stone_at(vertex) -> "B" | "W" | None
    fn stone_at(&self, vertex: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        let vertex = Game::vertex(&self.game, vertex)?;
        self.read(|g| Ok(g.stone_at(vertex).map(letter)))
    }

    /// board() -> list[list[str | None]]
    ///
    /// The board as rows from the top (GTP's highest row first), each from the left:
    /// "B", "W" or None. board()[y][x] is the point [x, y].
    fn board(&self) -> PyResult<Vec<Vec<Option<&'static str>>>> {
        self.read(|g| {
            Ok(g.rows()
                .into_iter()
                .map(|row| row.into_iter().map(|c| c.map(letter)).collect())
                .collect())
        })
    }

    /// is_over() -> bool
    ///
    /// True when the game is over by its rules (two passes in a row, or Spight's second
    /// pass in the same position).
    fn is_over(&self) -> PyResult<bool> {
        self.read(|g| Ok(g.is_over()))
    }

    /// score(dead=None) -> dict
    ///
    /// Counts the position by the rules' scoring (area or territory). `dead` lists stones
    /// (vertices) whose strings are dead; None lets koan judge. Returns {"score": Black's
    /// points less White's with komi, "result": "B+3.5", "dead": [vertices],
    /// "judged": bool}.
    #[pyo3(signature = (dead = None))]
    fn score<'py>(
        &self,
        py: Python<'py>,
        dead: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let dead = match dead {
            None => None,
            Some(list) => {
                if list.is_instance_of::<PyString>() {
                    return Err(PyTypeError::new_err("dead must be a list of vertices"));
                }
                let mut vs = Vec::new();
                for v in list.try_iter()? {
                    vs.push(Game::vertex(&self.game, &v?)?);
                }
                Some(vs)
            }
        };
        let score = self.read(|g| g.score(dead.as_deref()).map_err(|e| py_error(py, e)))?;
        let d = PyDict::new(py);
        d.set_item("score", score.points)?;
        d.set_item("result", score.result)?;
        let dead: Vec<String> = score.dead.iter().map(|v| v.gtp()).collect();
        d.set_item("dead", dead)?;
        d.set_item("judged", score.judged)?;
        Ok(d)
    }

    /// kos(vertex=None) -> list[dict]
    ///
    /// Every basic ko of the position classified as GTP `ko-classify` does (Jasiek's ko
    /// types), or with a vertex the ko there alone (ValueError when there is none):
    /// {"points": [capture point, capturable stone], "open": "B"|"W", "type", "location",
    /// "basis", "reason" (why type or location is unknown, or None), "closed_killers",
    /// "strong_killers", "line" (the ko-classify line)}.
    #[pyo3(signature = (vertex = None))]
    fn kos<'py>(
        &self,
        py: Python<'py>,
        vertex: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let at = vertex.map(|v| Game::vertex(&self.game, v)).transpose()?;
        let kos = self.read(|g| match at {
            None => Ok(g.kos()),
            Some(v) => g.ko_at(v).map(|k| vec![k]).map_err(|e| py_error(py, e)),
        })?;
        kos.into_iter()
            .map(|k| {
                let d = PyDict::new(py);
                d.set_item("points", [k.points[0].gtp(), k.points[1].gtp()])?;
                d.set_item("open", letter(k.open))?;
                d.set_item("type", k.ko_type)?;
                d.set_item("location", k.location)?;
                d.set_item("basis", k.basis)?;
                d.set_item("reason", k.reason)?;
                let names = |cs: &[Color]| cs.iter().map(|&c| letter(c)).collect::<Vec<_>>();
                d.set_item("closed_killers", names(&k.closed_killers))?;
                d.set_item("strong_killers", names(&k.strong_killers))?;
                d.set_item("line", k.line)?;
                Ok(d)
            })
            .collect()
    }

    /// copy() -> Game
    ///
    /// An independent copy of the game.
    fn copy(&self) -> PyResult<Game> {
        self.check()?;
        Ok(self.clone())
    }

    fn __copy__(&self) -> PyResult<Game> {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.copy()
    }

    fn __repr__(&self) -> PyResult<String> {
        self.read(|g| {
            Ok(format!(
                "<koan_go.Game {n}x{n} {} moves={} to_move={}>",
                g.rules(),
                g.moves().len(),
                letter(g.to_move()),
                n = g.size()
            ))
        })
    }
}

/// Panics inside the guard, as a bug of koan's would: the tests check that Python gets a
/// `RuntimeError` and goes on.
#[pyfunction]
fn _panic_for_tests(message: &str) -> PyResult<()> {
    guarded(|| panic!("{message}"))
}

/// koan's rules core: the rules of Go under every ko rule, every refusal explained.
#[pymodule]
fn _koan(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    m.add(
        "PRESETS",
        koan_core::rules::PRESETS
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
    )?;
    m.add(
        "KO_RULES",
        koan_core::rules::ko::KO_RULES
            .iter()
            .map(|(_, name)| name.to_string())
            .collect::<Vec<_>>(),
    )?;
    m.add("SUICIDE_RULES", ["forbidden", "multi", "all"])?;
    Ok(())
}
