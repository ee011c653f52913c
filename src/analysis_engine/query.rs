//! The protocol's input: one JSON object a line, read into an action or into the positions
//! of a game to analyse, or refused with KataGo's error object.
//!
//! Every message follows KataGo's analysis engine (`docs/Analysis_Engine.md` in KataGo's
//! repository): a line that is not JSON, not an object or has no string `id` gets
//! `{"error":...}`; a bad field gets `{"id":...,"field":...,"error":...}` and the query is
//! dropped; a field koan does not know, or knows but cannot honour, gets
//! `{"id":...,"field":...,"warning":...}` and the query goes on.

use super::settings::{Perspective, Settings};
use crate::board::{Board, Color, Coord, Point, MAX_SIZE, MIN_SIZE};
use crate::game::Game;
use crate::rules::katago::KataRules;
use crate::search::MoveFilter;
use serde_json::{json, Map, Value};
use std::time::Duration;

/// The fields of a query KataGo reads; any other gets a warning.
const KNOWN_FIELDS: &[&str] = &[
    "id",
    "action",
    "terminateId",
    "turnNumbers",
    "boardXSize",
    "boardYSize",
    "initialStones",
    "moves",
    "initialPlayer",
    "analyzeTurns",
    "priorities",
    "rules",
    "komi",
    "whiteHandicapBonus",
    "overrideSettings",
    "maxVisits",
    "analysisPVLen",
    "rootFpuReductionMax",
    "rootPolicyTemperature",
    "includeMovesOwnership",
    "includeMovesOwnershipStdev",
    "includeOwnership",
    "includeOwnershipStdev",
    "includePolicy",
    "includePVVisits",
    "includeNoResultValue",
    "reportDuringSearchEvery",
    "firstReportDuringSearchAfter",
    "priority",
    "allowMoves",
    "avoidMoves",
];

/// The largest priority KataGo takes, either way (2^62).
const MAX_PRIORITY: i64 = 0x3FFF_FFFF_FFFF_FFFF;

/// One input line, read.
#[derive(Debug)]
pub enum Line {
    /// A blank line: nothing to do.
    Blank,
    /// A line refused as a whole, or a query refused for a bad field: the error object to
    /// write.
    Refused(Value),
    /// A special action.
    Action(Action),
    /// Positions to analyse.
    Analyze(Box<Analysis>),
}

/// A special action query, with the query object itself, which the answer echoes.
#[derive(Debug)]
pub enum Action {
    /// `query_version`: echo with `version` and `git_hash`.
    Version(Map<String, Value>),
    /// `query_models`: echo with an empty `models` (koan has no neural network).
    Models(Map<String, Value>),
    /// `clear_cache`: echo (koan keeps no cache between positions).
    ClearCache(Map<String, Value>),
    /// `terminate` (with `id` the `terminateId`) or `terminate_all` (`id` `None`), for all
    /// turns or those listed: stop those positions, then echo.
    Terminate {
        /// The action query.
        echo: Map<String, Value>,
        /// The id whose positions to stop; `None`: every id.
        id: Option<String>,
        /// The turns to stop; `None`: every turn.
        turns: Option<Vec<i64>>,
    },
}

/// How the positions of one query are searched and reported.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Playouts per position.
    pub max_visits: u64,
    /// Seconds per position at most.
    pub max_time: Option<Duration>,
    /// Whose win rates, scores and ownership are written.
    pub perspective: Perspective,
    /// Moves of a principal variation after its first.
    pub pv_len: usize,
    /// Write `ownership`.
    pub ownership: bool,
    /// Write `ownershipStdev`.
    pub ownership_stdev: bool,
    /// Write each move's `ownership`.
    pub moves_ownership: bool,
    /// Write each move's `ownershipStdev`.
    pub moves_ownership_stdev: bool,
    /// Write `policy`.
    pub policy: bool,
    /// Write each move's `pvVisits` and `pvEdgeVisits`.
    pub pv_visits: bool,
    /// Reports during the search: the first after `.0`, then every `.1`.
    pub report_during: Option<(Duration, Duration)>,
    /// The moves the search may not try (`avoidMoves`, `allowMoves`).
    pub filter: MoveFilter,
}

/// One position of a query: its turn, its priority and the game up to it.
#[derive(Clone, Debug)]
pub struct Position {
    /// The turn: 0 before the first move of `moves`, 1 after it...
    pub turn: usize,
    /// Higher first; among equals, the earlier query first.
    pub priority: i64,
    /// The game at that turn, its player to move the one analysed.
    pub game: Game,
}

/// A query for analysis, read.
#[derive(Debug)]
pub struct Analysis {
    /// The query's id.
    pub id: String,
    /// Warnings to write before the answers.
    pub warnings: Vec<Value>,
    /// How its positions are searched and reported.
    pub spec: Spec,
    /// The positions, by turn.
    pub positions: Vec<Position>,
}

/// KataGo's error for the whole line: `{"error":...}`.
pub fn general_error(message: &str) -> Value {
    json!({ "error": message })
}

/// KataGo's error for one field of query `id`.
pub fn field_error(id: &str, field: &str, message: &str) -> Value {
    json!({ "id": id, "field": field, "error": message })
}

/// KataGo's warning about one field of query `id`.
pub fn field_warning(id: &str, field: &str, message: &str) -> Value {
    json!({ "id": id, "field": field, "warning": message })
}

/// Reads one input line with `defaults` for what the query does not say.
pub fn read_line(line: &str, defaults: &Settings) -> Line {
    let line = line.trim();
    if line.is_empty() {
        return Line::Blank;
    }
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return Line::Refused(general_error(&format!(
                "{e} - could not parse input line as json request: {line}"
            )))
        }
    };
    let Value::Object(object) = value else {
        return Line::Refused(general_error(&format!(
            "Request line was valid json but was not an object, ignoring: {value}"
        )));
    };
    let Some(id) = object.get("id").and_then(Value::as_str).map(str::to_string) else {
        return Line::Refused(general_error("Request must have a string \"id\" field"));
    };
    if let Some(action) = object.get("action").and_then(Value::as_str) {
        return match read_action(action, &id, object.clone()) {
            Ok(a) => Line::Action(a),
            Err(e) => Line::Refused(e),
        };
    }
    let query = Query {
        id: &id,
        fields: &object,
    };
    match query.read(defaults) {
        Ok(analysis) => Line::Analyze(Box::new(analysis)),
        Err(e) => Line::Refused(e),
    }
}

fn read_action(action: &str, id: &str, echo: Map<String, Value>) -> Result<Action, Value> {
    let turns = |echo: &Map<String, Value>| -> Result<Option<Vec<i64>>, Value> {
        let Some(v) = echo.get("turnNumbers") else {
            return Ok(None);
        };
        integers(v).map(Some).ok_or_else(|| {
            field_error(
                id,
                "turnNumbers",
                "If provided, must be an array of integers indicating turns to terminate",
            )
        })
    };
    Ok(match action {
        "query_version" => Action::Version(echo),
        "query_models" => Action::Models(echo),
        "clear_cache" => Action::ClearCache(echo),
        "terminate" => {
            let Some(target) = echo.get("terminateId").and_then(Value::as_str) else {
                return Err(field_error(
                    id,
                    "terminateId",
                    "Requests for a terminate action must have a string \"terminateId\" field",
                ));
            };
            Action::Terminate {
                id: Some(target.to_string()),
                turns: turns(&echo)?,
                echo,
            }
        }
        "terminate_all" => Action::Terminate {
            id: None,
            turns: turns(&echo)?,
            echo,
        },
        _ => {
            return Err(general_error(
                "'action' field must be 'query_version' or 'query_models' or 'clear_cache' \
                 or 'terminate' or 'terminate_all'",
            ))
        }
    })
}

/// An array of integers, or `None`.
fn integers(v: &Value) -> Option<Vec<i64>> {
    v.as_array()?.iter().map(Value::as_i64).collect()
}

/// A query's fields, read one by one in KataGo's order (the first bad one is reported).
struct Query<'a> {
    id: &'a str,
    fields: &'a Map<String, Value>,
}

impl Query<'_> {
    fn error(&self, field: &str, message: &str) -> Value {
        field_error(self.id, field, message)
    }

    fn get(&self, field: &str) -> Option<&Value> {
        self.fields.get(field)
    }

    /// An integer field in `min..=max`, or `None` when absent.
    fn integer(
        &self,
        field: &str,
        min: i64,
        max: i64,
        message: &str,
    ) -> Result<Option<i64>, Value> {
        self.get(field)
            .map(|v| {
                v.as_i64()
                    .filter(|x| (min..=max).contains(x))
                    .ok_or_else(|| self.error(field, message))
            })
            .transpose()
    }

    /// A number field in `min..=max`, or `None` when absent.
    fn number(&self, field: &str, min: f64, max: f64, message: &str) -> Result<Option<f64>, Value> {
        self.get(field)
            .map(|v| {
                v.as_f64()
                    .filter(|x| x.is_finite() && (min..=max).contains(x))
                    .ok_or_else(|| self.error(field, message))
            })
            .transpose()
    }

    /// A boolean field, false when absent.
    fn flag(&self, field: &str) -> Result<bool, Value> {
        match self.get(field) {
            None => Ok(false),
            Some(v) => v
                .as_bool()
                .ok_or_else(|| self.error(field, "Must be a boolean")),
        }
    }

    fn player(&self, value: Option<&Value>, field: &str) -> Result<Color, Value> {
        value
            .and_then(Value::as_str)
            .and_then(|s| s.parse::<Color>().ok())
            .ok_or_else(|| self.error(field, "Must be \"b\" or \"w\""))
    }

    fn read(&self, defaults: &Settings) -> Result<Analysis, Value> {
        let size = self.board_size()?;
        // The board points are read on.
        let empty = Board::new(size);
        let stones = match self.get("initialStones") {
            Some(v) => self.moves(v, "initialStones", &empty, false)?,
            None => Vec::new(),
        };
        let moves = match self.get("moves") {
            Some(v) => self.moves(v, "moves", &empty, true)?,
            None => {
                return Err(self.error("moves", "Must specify an array of [player,location] pairs"))
            }
        };
        let initial_player = match self.get("initialPlayer") {
            Some(v) => Some(self.player(Some(v), "initialPlayer")?),
            None => None,
        };
        let turns = self.turns(moves.len())?;
        let mut kata = self.rules()?;
        if let Some(komi) = self.number(
            "komi",
            -400.0,
            400.0,
            "Must be a integer or half-integer from -400.0 to 400.0",
        )? {
            if (komi * 2.0).fract() != 0.0 {
                return Err(self.error(
                    "komi",
                    "Must be a integer or half-integer from -400.0 to 400.0",
                ));
            }
            kata.rules.komi = komi;
        }
        if let Some(v) = self.get("whiteHandicapBonus") {
            let text = v
                .as_str()
                .ok_or_else(|| self.error("whiteHandicapBonus", "Must be a string"))?;
            kata.set_rule("whiteHandicapBonus", text)
                .map_err(|e| self.error("whiteHandicapBonus", &e))?;
        }
        let mut warnings = Vec::new();
        let mut settings = defaults.clone();
        self.override_settings(&mut settings, &mut warnings)?;
        if let Some(n) =
            self.integer("maxVisits", 1, 1 << 50, "Must be an integer from 1 to 2^50")?
        {
            settings.max_visits = n as u64;
        }
        if let Some(n) = self.integer(
            "analysisPVLen",
            1,
            1000,
            "Must be an integer from 1 to 1000",
        )? {
            settings.pv_len = n as usize;
        }
        for (field, min, max, message) in [
            (
                "rootFpuReductionMax",
                0.0,
                2.0,
                "Must be a number from 0.0 to 2.0",
            ),
            (
                "rootPolicyTemperature",
                0.01,
                100.0,
                "Must be a number from 0.01 to 100.0",
            ),
        ] {
            if self.number(field, min, max, message)?.is_some() {
                warnings.push(field_warning(
                    self.id,
                    field,
                    "koan's search has no such parameter; ignored",
                ));
            }
        }
        let mut spec = Spec {
            max_visits: settings.max_visits,
            max_time: settings.max_time.map(Duration::from_secs_f64),
            perspective: settings.perspective,
            pv_len: settings.pv_len,
            moves_ownership: self.flag("includeMovesOwnership")?,
            moves_ownership_stdev: self.flag("includeMovesOwnershipStdev")?,
            ownership: self.flag("includeOwnership")?,
            ownership_stdev: self.flag("includeOwnershipStdev")?,
            policy: self.flag("includePolicy")?,
            pv_visits: self.flag("includePVVisits")?,
            report_during: None,
            filter: MoveFilter::default(),
        };
        if self.flag("includeNoResultValue")? {
            warnings.push(field_warning(
                self.id,
                "includeNoResultValue",
                "koan's search does not predict no-result games: noResultValue is left out",
            ));
        }
        spec.report_during = self.report_during()?;
        let priorities = self.priorities(&turns)?;
        spec.filter = self.filter(&empty)?;
        for key in self.fields.keys() {
            if !KNOWN_FIELDS.contains(&key.as_str()) {
                warnings.push(field_warning(
                    self.id,
                    key,
                    "Unexpected or unused field, do you have a typo?",
                ));
            }
        }
        let start = start_game(size, kata, &stones, initial_player, &moves);
        let positions = self.positions(start, &moves, &turns, &priorities)?;
        Ok(Analysis {
            id: self.id.to_string(),
            warnings,
            spec,
            positions,
        })
    }

    /// `boardXSize` and `boardYSize`: equal (koan plays on square boards), 2 to 25.
    fn board_size(&self) -> Result<usize, Value> {
        let message = format!("Must provide an integer from {MIN_SIZE} to {MAX_SIZE}");
        let (min, max) = (MIN_SIZE as i64, MAX_SIZE as i64);
        let mut sizes = [0usize; 2];
        for (i, field) in ["boardXSize", "boardYSize"].into_iter().enumerate() {
            match self.integer(field, min, max, &message)? {
                Some(n) => sizes[i] = n as usize,
                None => return Err(self.error(field, &message)),
            }
        }
        if sizes[0] != sizes[1] {
            return Err(self.error(
                "boardYSize",
                &format!(
                    "koan plays on square boards only: boardXSize {} and boardYSize {} differ",
                    sizes[0], sizes[1]
                ),
            ));
        }
        Ok(sizes[0])
    }

    /// `[["B","D4"],...]`: the players and points (passes only when `allow_pass`).
    fn moves(
        &self,
        value: &Value,
        field: &str,
        board: &Board,
        allow_pass: bool,
    ) -> Result<Vec<(Color, Point)>, Value> {
        let shape = "Must be an array of pairs of the form: [\"b\" or \"w\", GTP board vertex]";
        let list = value.as_array().ok_or_else(|| self.error(field, shape))?;
        let mut out = Vec::with_capacity(list.len());
        for item in list {
            let pair = item
                .as_array()
                .filter(|p| p.len() == 2)
                .ok_or_else(|| self.error(field, shape))?;
            let (Some(who), Some(at)) = (pair[0].as_str(), pair[1].as_str()) else {
                return Err(self.error(field, shape));
            };
            let color = who
                .parse::<Color>()
                .map_err(|_| self.error(field, &format!("Could not parse player: {who}")))?;
            let point = location(at, board)
                .filter(|p| allow_pass || !p.is_pass())
                .ok_or_else(|| {
                    self.error(field, &format!("Could not parse board location: {at}"))
                })?;
            out.push((color, point));
        }
        Ok(out)
    }

    /// `analyzeTurns` (default: the last), sorted, each once.
    fn turns(&self, moves: usize) -> Result<Vec<usize>, Value> {
        let Some(v) = self.get("analyzeTurns") else {
            return Ok(vec![moves]);
        };
        let list = integers(v).ok_or_else(|| {
            self.error(
                "analyzeTurns",
                "Must specify an array of integers indicating turns to analyze",
            )
        })?;
        let mut turns = Vec::with_capacity(list.len());
        for t in list {
            if t < 0 || t as u64 > moves as u64 {
                return Err(self.error("analyzeTurns", &format!("Invalid turn number: {t}")));
            }
            turns.push(t as usize);
        }
        turns.sort_unstable();
        turns.dedup();
        Ok(turns)
    }

    /// The priority of each of `turns`: `priorities` (one per entry of `analyzeTurns`) or
    /// `priority`.
    fn priorities(&self, turns: &[usize]) -> Result<Vec<i64>, Value> {
        let single = if self.get("priorities").is_some() && self.get("priority").is_some() {
            return Err(self.error("priority", "Cannot specify both priority and priorities"));
        } else {
            self.integer(
                "priority",
                -MAX_PRIORITY,
                MAX_PRIORITY,
                "Must be a number between -2^62 and 2^62",
            )?
            .unwrap_or(0)
        };
        let Some(v) = self.get("priorities") else {
            return Ok(vec![single; turns.len()]);
        };
        let list = integers(v).ok_or_else(|| {
            self.error(
                "priorities",
                "Must specify an array of integers indicating priorities",
            )
        })?;
        let Some(asked) = self.get("analyzeTurns").and_then(integers) else {
            return Err(self.error(
                "priorities",
                "Can only specify when also specifying analyzeTurns",
            ));
        };
        if list.len() != asked.len() {
            return Err(self.error("priorities", "Must be of matching length to analyzeTurns"));
        }
        if let Some(bad) = list.iter().find(|p| p.abs() > MAX_PRIORITY) {
            return Err(self.error("priorities", &format!("Invalid priority: {bad}")));
        }
        // A turn listed twice takes its last priority, as in KataGo.
        Ok(turns
            .iter()
            .map(|&t| {
                asked
                    .iter()
                    .zip(&list)
                    .filter(|(a, _)| **a == t as i64)
                    .map(|(_, p)| *p)
                    .next_back()
                    .unwrap_or(single)
            })
            .collect())
    }

    /// `rules`: a preset or KataGo's rules object, read by [`KataRules`].
    fn rules(&self) -> Result<KataRules, Value> {
        let missing = "Must specify rules string, such as \"chinese\" or \"tromp-taylor\", or a \
                       JSON object with detailed rules parameters.";
        let value = self
            .get("rules")
            .filter(|v| v.is_string() || v.is_object())
            .ok_or_else(|| self.error("rules", missing))?;
        KataRules::from_json(value, true).map_err(|reason| {
            let shown = match value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let message = if reason.starts_with("Could not parse rules") {
                format!("Could not parse rules: {shown}")
            } else {
                format!("Could not parse rules: {shown} ({reason})")
            };
            self.error("rules", &message)
        })
    }

    /// `overrideSettings`: the settings koan has are applied, the others warned about.
    fn override_settings(
        &self,
        settings: &mut Settings,
        warnings: &mut Vec<Value>,
    ) -> Result<(), Value> {
        let Some(v) = self.get("overrideSettings") else {
            return Ok(());
        };
        let object = v
            .as_object()
            .ok_or_else(|| self.error("overrideSettings", "Must be an object"))?;
        let mut unused = Vec::new();
        for (key, value) in object {
            let text = match value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            match settings.set(key, &text) {
                Ok(true) => {}
                Ok(false) => unused.push(key.as_str()),
                Err(e) => {
                    return Err(
                        self.error("overrideSettings", &format!("Could not set settings: {e}"))
                    )
                }
            }
        }
        if !unused.is_empty() {
            warnings.push(field_warning(
                self.id,
                "overrideSettings",
                &format!("Settings koan's search does not have: {}", unused.join(",")),
            ));
        }
        Ok(())
    }

    /// `reportDuringSearchEvery` and `firstReportDuringSearchAfter`.
    fn report_during(&self) -> Result<Option<(Duration, Duration)>, Value> {
        let message = "Must be number of seconds from 0.001 to 1000000.0";
        let every = self.number("reportDuringSearchEvery", 0.001, 1e6, message)?;
        let first = self.number("firstReportDuringSearchAfter", 0.001, 1e6, message)?;
        Ok(match (first, every) {
            (None, None) => None,
            (first, every) => {
                let every = every.unwrap_or(1e6);
                Some((
                    Duration::from_secs_f64(first.unwrap_or(every)),
                    Duration::from_secs_f64(every),
                ))
            }
        })
    }

    /// `avoidMoves` or `allowMoves`: `[{"player":"B","moves":["D4"],"untilDepth":1},...]`.
    fn filter(&self, board: &Board) -> Result<MoveFilter, Value> {
        let mut filter = MoveFilter::default();
        let (allow, avoid) = (self.get("allowMoves"), self.get("avoidMoves"));
        if allow.is_some() && avoid.is_some() {
            return Err(self.error(
                "allowMoves",
                "Cannot specify both allowMoves and avoidMoves",
            ));
        }
        let (field, list, is_allow) = match (allow, avoid) {
            (Some(v), _) => ("allowMoves", v, true),
            (None, Some(v)) => ("avoidMoves", v, false),
            (None, None) => return Ok(filter),
        };
        let shape = "Must be a list of dicts with subfields 'player', 'moves', 'untilDepth'";
        let list = list.as_array().ok_or_else(|| self.error(field, shape))?;
        if is_allow && list.len() > 2 {
            return Err(self.error(
                field,
                "Currently allowMoves only allows at most one entry per player",
            ));
        }
        for entry in list {
            let entry = entry
                .as_object()
                .filter(|e| {
                    ["moves", "untilDepth", "player"]
                        .iter()
                        .all(|k| e.contains_key(*k))
                })
                .ok_or_else(|| self.error(field, shape))?;
            let color = self.player(entry.get("player"), "player")?;
            let vertices = "Must be an array of GTP board vertices";
            let names = entry["moves"]
                .as_array()
                .ok_or_else(|| self.error("moves", vertices))?;
            let mut points = Vec::with_capacity(names.len());
            for name in names {
                let text = name.as_str().ok_or_else(|| self.error("moves", vertices))?;
                let point = location(text, board).ok_or_else(|| {
                    self.error("moves", &format!("Could not parse board location: {text}"))
                })?;
                points.push(point);
            }
            let depth = entry["untilDepth"]
                .as_i64()
                .filter(|d| (1..=1_000_000_000).contains(d))
                .ok_or_else(|| self.error("untilDepth", "Must be a positive integer"))?
                as u32;
            if is_allow {
                if filter.has_allow(color) {
                    return Err(self.error(
                        field,
                        "Cannot specify allowMoves more than once for the same player",
                    ));
                }
                filter.allow(color, points, depth);
            } else {
                filter.avoid(color, points, depth);
            }
        }
        Ok(filter)
    }

    /// Plays `moves` from `start`, keeping the game at each of `turns`; the first illegal
    /// move refuses the query.
    fn positions(
        &self,
        start: Result<Game, String>,
        moves: &[(Color, Point)],
        turns: &[usize],
        priorities: &[i64],
    ) -> Result<Vec<Position>, Value> {
        let mut game = start.map_err(|e| self.error("initialStones", &e))?;
        let mut positions = Vec::with_capacity(turns.len());
        let mut wanted = turns.iter().zip(priorities).peekable();
        for turn in 0..=moves.len() {
            while let Some((_, &priority)) = wanted.next_if(|(t, _)| **t == turn) {
                positions.push(Position {
                    turn,
                    priority,
                    game: game.clone(),
                });
            }
            let Some(&(color, point)) = moves.get(turn) else {
                break;
            };
            if let Err(why) = game.play(color, point) {
                return Err(self.error(
                    "moves",
                    &format!(
                        "Illegal move {turn}: {} ({why})",
                        game.board().vertex(point)
                    ),
                ));
            }
        }
        Ok(positions)
    }
}

/// A location on `board` as KataGo reads one: a GTP vertex (`D4`, `pass`) or `(x,y)` with
/// `(0,0)` the top-left point.
pub fn location(text: &str, board: &Board) -> Option<Point> {
    let size = board.size();
    let text = text.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Some(Point::PASS);
    }
    let coord = match text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        Some(inner) => {
            let (x, y) = inner.split_once(',')?;
            let (x, y): (usize, usize) = (x.trim().parse().ok()?, y.trim().parse().ok()?);
            if x >= size || y >= size {
                return None;
            }
            Coord::new(x, size - 1 - y)
        }
        None => Coord::parse_gtp(text, size).ok()?,
    };
    Some(board.point(coord))
}

/// The game before the first move: `stones` on an empty board, the rules and komi (White's
/// handicap bonus added to it), the player to move (`initial`, else the first mover, else
/// White when Black has handicap stones).
fn start_game(
    size: usize,
    kata: KataRules,
    stones: &[(Color, Point)],
    initial: Option<Color>,
    moves: &[(Color, Point)],
) -> Result<Game, String> {
    let mut board = Board::new(size);
    for &(color, point) in stones {
        if board.cell(point) != crate::board::Cell::Empty {
            return Err(format!("Two stones on one point: {}", board.vertex(point)));
        }
        board.place_setup(point, color);
    }
    let blacks = stones.iter().filter(|s| s.0 == Color::Black).count() as u32;
    let handicap = if blacks >= 2 && blacks as usize == stones.len() {
        blacks
    } else {
        0
    };
    let to_move = initial
        .or(moves.first().map(|m| m.0))
        .unwrap_or(if handicap > 0 {
            Color::White
        } else {
            Color::Black
        });
    // The WMSG 2008 pass judge reads as the GTP engine's does by default.
    let maker = crate::player::PlayerOptions::default().game_maker();
    let mut game = maker.game_from(board, to_move, handicap, kata.rules);
    game.set_komi(kata.rules.komi + kata.white_handicap_bonus.points(handicap));
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Line {
        read_line(line, &Settings::default())
    }

    fn refused(line: &str) -> Value {
        match read(line) {
            Line::Refused(v) => v,
            other => panic!("{line}: not refused: {other:?}"),
        }
    }

    fn analysis(line: &str) -> Analysis {
        match read(line) {
            Line::Analyze(a) => *a,
            other => panic!("{line}: {other:?}"),
        }
    }

    const BASE: &str = r#""id":"q","rules":"tromp-taylor","boardXSize":9,"boardYSize":9"#;

    #[test]
    fn a_query_becomes_its_positions() {
        let a = analysis(&format!(
            r#"{{{BASE},"moves":[["B","E5"],["W","C3"],["b","pass"]],"komi":6.5,"analyzeTurns":[3,0,1,1],"priority":4}}"#
        ));
        assert_eq!(a.id, "q");
        assert!(a.warnings.is_empty(), "{:?}", a.warnings);
        let turns: Vec<usize> = a.positions.iter().map(|p| p.turn).collect();
        assert_eq!(turns, [0, 1, 3]);
        assert!(a.positions.iter().all(|p| p.priority == 4));
        assert_eq!(a.positions[0].game.to_move(), Color::Black);
        assert_eq!(a.positions[1].game.to_move(), Color::White);
        assert_eq!(a.positions[2].game.moves().len(), 3);
        assert_eq!(a.positions[2].game.komi(), 6.5);
        assert_eq!(a.spec.max_visits, Settings::default().max_visits);
        // Without analyzeTurns, the last turn only.
        let a = analysis(&format!(r#"{{{BASE},"moves":[["B","E5"]]}}"#));
        assert_eq!(a.positions.len(), 1);
        assert_eq!(a.positions[0].turn, 1);
    }

    #[test]
    fn initial_stones_handicap_and_the_first_player() {
        let a = analysis(&format!(
            r#"{{{BASE},"rules":"chinese","initialStones":[["B","C3"],["B","G7"]],"moves":[]}}"#
        ));
        let game = &a.positions[0].game;
        assert_eq!(game.to_move(), Color::White);
        assert_eq!(game.handicap(), 2);
        // Chinese rules give White a point per handicap stone.
        assert_eq!(game.komi(), 7.5 + 2.0);
        let a = analysis(&format!(
            r#"{{{BASE},"initialStones":[["W","C3"]],"initialPlayer":"W","moves":[["B","D4"]],"analyzeTurns":[0]}}"#
        ));
        assert_eq!(a.positions[0].game.to_move(), Color::White);
        let a = analysis(&format!(
            r#"{{{BASE},"moves":[],"allowMoves":[{{"player":"B","moves":["(4,4)","A1"],"untilDepth":1}}]}}"#
        ));
        let e5 = location("E5", &Board::new(9)).unwrap();
        assert!(a.spec.filter.permits(0, Color::Black, e5));
        assert!(!a
            .spec
            .filter
            .permits(0, Color::Black, location("B2", &Board::new(9)).unwrap()));
    }

    #[test]
    fn locations_are_gtp_vertices_or_katagos_pairs() {
        let b = Board::new(19);
        assert_eq!(location("(0,0)", &b), Some(b.point(Coord::new(0, 18))));
        assert_eq!(location("q16", &b), location("Q16", &b));
        assert_eq!(location("PASS", &b), Some(Point::PASS));
        for bad in ["(19,0)", "Z1", "I5", "(1)", "", "D0"] {
            assert_eq!(location(bad, &b), None, "{bad}");
        }
    }

    #[test]
    fn bad_lines_and_fields_get_katagos_errors() {
        assert!(matches!(read("   "), Line::Blank));
        assert!(refused("{nope").get("id").is_none());
        assert!(refused("[1,2]")["error"]
            .as_str()
            .unwrap()
            .contains("not an object"));
        assert_eq!(
            refused(r#"{"moves":[]}"#)["error"],
            "Request must have a string \"id\" field"
        );
        for (line, field) in [
            (r#"{"id":"q","rules":"chinese","moves":[]}"#, "boardXSize"),
            (
                r#"{"id":"q","rules":"chinese","boardXSize":19,"boardYSize":13,"moves":[]}"#,
                "boardYSize",
            ),
            (
                r#"{"id":"q","rules":"chinese","boardXSize":30,"boardYSize":30,"moves":[]}"#,
                "boardXSize",
            ),
            (&format!(r#"{{{BASE}}}"#), "moves"),
            (&format!(r#"{{{BASE},"moves":[["B","Z9"]]}}"#), "moves"),
            (&format!(r#"{{{BASE},"moves":[["X","A1"]]}}"#), "moves"),
            (&format!(r#"{{{BASE},"moves":[["B","A1","x"]]}}"#), "moves"),
            (
                &format!(r#"{{{BASE},"moves":[["B","A1"],["W","A1"]]}}"#),
                "moves",
            ),
            (
                &format!(r#"{{{BASE},"moves":[],"initialStones":[["B","pass"]]}}"#),
                "initialStones",
            ),
            (
                &format!(r#"{{{BASE},"moves":[],"analyzeTurns":[2]}}"#),
                "analyzeTurns",
            ),
            (
                r#"{"id":"q","boardXSize":9,"boardYSize":9,"moves":[]}"#,
                "rules",
            ),
            (
                r#"{"id":"q","rules":"stone_scoring","boardXSize":9,"boardYSize":9,"moves":[]}"#,
                "rules",
            ),
            (
                r#"{"id":"q","rules":{"ko":"TRIPLE"},"boardXSize":9,"boardYSize":9,"moves":[]}"#,
                "rules",
            ),
            (&format!(r#"{{{BASE},"moves":[],"komi":7.2}}"#), "komi"),
            (
                &format!(r#"{{{BASE},"moves":[],"maxVisits":0}}"#),
                "maxVisits",
            ),
            (
                &format!(r#"{{{BASE},"moves":[],"includeOwnership":1}}"#),
                "includeOwnership",
            ),
            (
                &format!(r#"{{{BASE},"moves":[],"priority":1,"priorities":[1]}}"#),
                "priority",
            ),
            (
                &format!(r#"{{{BASE},"moves":[],"priorities":[1]}}"#),
                "priorities",
            ),
            (
                &format!(r#"{{{BASE},"moves":[],"overrideSettings":[]}}"#),
                "overrideSettings",
            ),
            (
                &format!(
                    r#"{{{BASE},"moves":[],"overrideSettings":{{"reportAnalysisWinratesAs":"GREEN"}}}}"#
                ),
                "overrideSettings",
            ),
            (
                &format!(r#"{{{BASE},"moves":[],"avoidMoves":[],"allowMoves":[]}}"#),
                "allowMoves",
            ),
            (
                &format!(r#"{{{BASE},"moves":[],"avoidMoves":[{{"player":"B"}}]}}"#),
                "avoidMoves",
            ),
        ] {
            let e = refused(line);
            assert_eq!(e["id"], "q", "{line}: {e}");
            assert_eq!(e["field"], field, "{line}: {e}");
            assert!(e["error"].as_str().is_some_and(|s| !s.is_empty()), "{e}");
        }
        let e = refused(&format!(r#"{{{BASE},"moves":[["B","A1"],["W","A1"]]}}"#));
        assert!(
            e["error"]
                .as_str()
                .unwrap()
                .starts_with("Illegal move 1: A1"),
            "{e}"
        );
    }

    #[test]
    fn unknown_fields_and_settings_are_warned_about() {
        let a = analysis(&format!(
            r#"{{{BASE},"moves":[],"colour":"red","overrideSettings":{{"reportAnalysisWinratesAs":"BLACK","maxTime":2,"wideRootNoise":0.04}}}}"#
        ));
        let fields: Vec<&str> = a
            .warnings
            .iter()
            .map(|w| w["field"].as_str().unwrap())
            .collect();
        assert_eq!(fields, ["overrideSettings", "colour"]);
        assert!(a.warnings[0]["warning"]
            .as_str()
            .unwrap()
            .contains("wideRootNoise"));
        assert_eq!(a.spec.perspective, Perspective::Black);
        assert_eq!(a.spec.max_time, Some(Duration::from_secs(2)));
    }

    #[test]
    fn actions_are_read() {
        assert!(matches!(
            read(r#"{"id":"v","action":"query_version"}"#),
            Line::Action(Action::Version(_))
        ));
        match read(r#"{"id":"t","action":"terminate","terminateId":"q","turnNumbers":[1,2]}"#) {
            Line::Action(Action::Terminate { id, turns, .. }) => {
                assert_eq!(id.as_deref(), Some("q"));
                assert_eq!(turns, Some(vec![1, 2]));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            refused(r#"{"id":"t","action":"terminate"}"#)["field"],
            "terminateId"
        );
        assert!(refused(r#"{"id":"t","action":"dance"}"#)
            .get("id")
            .is_none());
    }
}
