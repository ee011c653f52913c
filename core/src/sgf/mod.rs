//! Reading and writing SGF (Smart Game Format, `FF[4]`) records of Go games.
//!
//! [`parse`] reads the main line of the first game of a collection: the root node and then
//! the first child of every node (other variations and games are checked for syntax and
//! skipped). It never panics and never recurses: any malformed input gives an [`SgfError`].
//! [`write()`] produces an `FF[4]` record that [`parse`] reads back to the same [`SgfGame`].

use crate::board::{Color, Coord};
use std::fmt;
use std::fmt::Write as _;

mod file;
mod game;
pub use game::RecordRules;
#[cfg(test)]
mod tests;

pub use file::{read_file, write_file};

/// Smallest board size accepted in `SZ`.
const MIN_SIZE: usize = 2;
/// Largest board size accepted in `SZ`.
const MAX_SIZE: usize = 25;
/// Board size when the record has no `SZ`.
const DEFAULT_SIZE: usize = 19;
/// Largest board on which `tt` means a pass rather than a point.
const TT_PASS_MAX_SIZE: usize = 19;
/// How many characters of an offending value are quoted in error messages.
const QUOTE_LIMIT: usize = 24;
/// The most nodes a record's main line may have: far more than any game of Go (a long game on
/// 25x25 has a few thousand moves), few enough that a record built to exhaust memory (a
/// main line of millions of nested one-node variations) is refused early.
pub const MAX_MAIN_LINE_NODES: usize = 250_000;

/// The game-information properties kept as they are read (besides `KM`, `HA`, `RU`, `RE`,
/// `PB` and `PW`, which have their own fields): the date, the event, the game's name, the
/// place, the round, the players' ranks and teams, the source, the user, the annotator,
/// the game comment, the time limits, the opening, the copyright.
pub const GAME_INFO: &[&str] = &[
    "DT", "EV", "GN", "PC", "RO", "BR", "WR", "BT", "WT", "SO", "US", "AN", "GC", "TM", "OT", "ON",
    "CP",
];

/// One node of the main line: setup properties and/or a move.
///
/// A node may carry both setup (`AB`/`AW`/`AE`/`PL`) and a move; apply the setup first
/// (`AE`, then `AB`, then `AW`, then `PL`), then the move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgfNode {
    /// `AB`: black stones placed on the board (compressed lists expanded, no duplicates).
    pub add_black: Vec<Coord>,
    /// `AW`: white stones placed on the board.
    pub add_white: Vec<Coord>,
    /// `AE`: points cleared.
    pub add_empty: Vec<Coord>,
    /// `PL`: whose turn it is after this node's setup.
    pub player_to_move: Option<Color>,
    /// `B`/`W`: a move; a `None` coordinate is a pass.
    pub play: Option<(Color, Option<Coord>)>,
    /// `C`: the node's comment.
    pub comment: Option<String>,
    /// `TB`: points marked as Black's territory (at the end of a game: a white stone on one
    /// is dead).
    pub territory_black: Vec<Coord>,
    /// `TW`: points marked as White's territory (a black stone on one is dead).
    pub territory_white: Vec<Coord>,
}

impl SgfNode {
    /// A node holding just one move (`None` = pass).
    pub fn with_move(color: Color, coord: Option<Coord>) -> SgfNode {
        SgfNode {
            play: Some((color, coord)),
            ..SgfNode::default()
        }
    }

    /// Whether the node has any setup property (`AB`, `AW`, `AE` or `PL`).
    pub fn has_setup(&self) -> bool {
        !self.add_black.is_empty()
            || !self.add_white.is_empty()
            || !self.add_empty.is_empty()
            || self.player_to_move.is_some()
    }
}

/// A game record: game information plus the main line of nodes.
#[derive(Clone, Debug, PartialEq)]
pub struct SgfGame {
    /// `SZ`: board size (square boards only, 2 to 25; 19 when absent).
    pub size: usize,
    /// `KM`: komi.
    pub komi: Option<f64>,
    /// `HA`: number of handicap stones.
    pub handicap: Option<u32>,
    /// `RU`: rules, as written in the record.
    pub rules: Option<String>,
    /// `RE`: result, e.g. `B+3.5` or `W+R`.
    pub result: Option<String>,
    /// `PB`: Black's name.
    pub black_name: Option<String>,
    /// `PW`: White's name.
    pub white_name: Option<String>,
    /// The other game-information properties ([`GAME_INFO`]: `DT`, `EV`, `GN`, `PC`, ...),
    /// in the order read, each once.
    pub info: Vec<(String, String)>,
    /// The main line: the root node first, then the first child of each node.
    /// [`parse`] always returns at least the root node.
    pub nodes: Vec<SgfNode>,
}

impl SgfGame {
    /// An empty record for a board of `size`, holding just an empty root node.
    pub fn new(size: usize) -> SgfGame {
        SgfGame {
            size,
            komi: None,
            handicap: None,
            rules: None,
            result: None,
            black_name: None,
            white_name: None,
            info: Vec::new(),
            nodes: vec![SgfNode::default()],
        }
    }

    /// Appends a node holding one move (`None` = pass) to the main line.
    pub fn push_move(&mut self, color: Color, coord: Option<Coord>) {
        self.nodes.push(SgfNode::with_move(color, coord));
    }

    /// The moves of the main line in order, setup nodes left out.
    pub fn moves(&self) -> impl Iterator<Item = (Color, Option<Coord>)> + '_ {
        self.nodes.iter().filter_map(|n| n.play)
    }
}

/// Why an SGF text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// A human-readable explanation, with the line or node where it went wrong.
    pub message: String,
}

impl SgfError {
    /// An error with the given message.
    pub fn new(message: impl Into<String>) -> SgfError {
        SgfError {
            message: message.into(),
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SgfError {}

/// Parses an SGF collection and returns the main line of its first game.
pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
    let raw = Lexer::new(text).main_line()?;
    build_game(&raw)
}

/// Writes `game` as an `FF[4]` record (passes as `[]`). Coordinates must lie on the
/// `game.size` board (off-board setup points are left out and off-board moves become
/// passes, rather than producing a broken record).
pub fn write(game: &SgfGame) -> String {
    let size = game.size;
    let mut out = String::with_capacity(128 + 7 * game.nodes.len());
    out.push_str("(;GM[1]FF[4]CA[UTF-8]AP[koan:");
    out.push_str(env!("CARGO_PKG_VERSION"));
    out.push(']');
    let _ = write!(out, "SZ[{size}]");
    if let Some(komi) = game.komi.filter(|k| k.is_finite()) {
        let _ = write!(out, "KM[{komi}]");
    }
    if let Some(handicap) = game.handicap {
        let _ = write!(out, "HA[{handicap}]");
    }
    let texts = [
        ("RU", &game.rules),
        ("RE", &game.result),
        ("PB", &game.black_name),
        ("PW", &game.white_name),
    ];
    for (ident, value) in texts {
        if let Some(value) = value {
            out.push_str(ident);
            push_text_value(&mut out, value);
        }
    }
    for (ident, value) in &game.info {
        out.push_str(ident);
        push_text_value(&mut out, value);
    }
    for (i, node) in game.nodes.iter().enumerate() {
        if i > 0 {
            if i % 10 == 1 {
                out.push('\n');
            }
            out.push(';');
        }
        write_node(&mut out, node, size);
    }
    out.push_str(")\n");
    out
}

// ---------------------------------------------------------------------------------------
// Writing

/// Appends `[value]`, escaping `]` and `\`: an SGF text or simple-text property value.
pub fn push_text_value(out: &mut String, value: &str) {
    out.push('[');
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(']');
}

/// The SGF spelling of `coord`, or `None` when it is not on a `size` board.
fn point_to_sgf(coord: Coord, size: usize) -> Option<String> {
    let on_board = (MIN_SIZE..=MAX_SIZE).contains(&size)
        && (coord.col as usize) < size
        && (coord.row as usize) < size;
    on_board.then(|| coord.to_sgf(size))
}

/// Appends the properties of one node (without its `;`).
fn write_node(out: &mut String, node: &SgfNode, size: usize) {
    let lists = [
        ("AB", &node.add_black),
        ("AW", &node.add_white),
        ("AE", &node.add_empty),
        ("TB", &node.territory_black),
        ("TW", &node.territory_white),
    ];
    for (ident, list) in lists {
        let mut points = list
            .iter()
            .filter_map(|&c| point_to_sgf(c, size))
            .peekable();
        if points.peek().is_some() {
            out.push_str(ident);
            for p in points {
                out.push('[');
                out.push_str(&p);
                out.push(']');
            }
        }
    }
    if let Some(color) = node.player_to_move {
        out.push_str("PL[");
        out.push(color.letter());
        out.push(']');
    }
    if let Some((color, coord)) = node.play {
        out.push(color.letter());
        out.push('[');
        if let Some(p) = coord.and_then(|c| point_to_sgf(c, size)) {
            out.push_str(&p);
        }
        out.push(']');
    }
    if let Some(comment) = &node.comment {
        out.push('C');
        push_text_value(out, comment);
    }
}

// ---------------------------------------------------------------------------------------
// Syntax: collection -> raw nodes of the main line

/// One property as written: identifier (capitals only) and its values, escapes resolved.
struct RawProp {
    ident: String,
    values: Vec<String>,
}

/// The properties of one node, in order.
type RawNode = Vec<RawProp>;

/// Where the scanner is in the game-tree grammar.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Outside any game tree: expecting `(` or the end.
    Between,
    /// Just after `(`: a node must follow.
    ExpectNode,
    /// After a node: another node, a variation or `)`.
    InSequence,
    /// After a variation: another variation or `)`.
    InChildren,
}

/// An iterative scanner over the SGF text.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        let pos = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Lexer { text, pos }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b) if b.is_ascii_whitespace() || b == 0x0b) {
            self.pos += 1;
        }
    }

    /// An error at byte offset `at`, labelled with its line number.
    fn error_at(&self, at: usize, message: impl fmt::Display) -> SgfError {
        let end = at.min(self.text.len());
        let line = 1 + self.text.as_bytes()[..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        SgfError::new(format!("line {line}: {message}"))
    }

    fn error(&self, message: impl fmt::Display) -> SgfError {
        self.error_at(self.pos, message)
    }

    /// Scans the whole collection and returns the nodes of the first game's main line.
    fn main_line(mut self) -> Result<Vec<RawNode>, SgfError> {
        let mut state = State::Between;
        let mut depth = 0usize;
        // Game trees on the main line that are open: always those at depths 1..=main_open.
        let mut main_open = 0usize;
        let mut games = 0usize;
        let mut nodes = Vec::new();
        loop {
            self.skip_whitespace();
            let Some(byte) = self.peek() else {
                if depth > 0 {
                    return Err(self.error("unexpected end of file (missing ')')"));
                }
                if games == 0 {
                    return Err(self.error("no game found (an SGF record starts with '(;')"));
                }
                return Ok(nodes);
            };
            match byte {
                b'(' => {
                    match state {
                        State::Between => {
                            if games == 0 {
                                main_open = 1;
                            }
                        }
                        State::ExpectNode => return Err(self.error("expected ';' after '('")),
                        State::InSequence => {
                            if main_open == depth {
                                main_open += 1;
                            }
                        }
                        State::InChildren => {}
                    }
                    depth += 1;
                    state = State::ExpectNode;
                    self.pos += 1;
                }
                b';' => {
                    match state {
                        State::Between => return Err(self.error("expected '(' before ';'")),
                        State::InChildren => {
                            return Err(self.error("a node cannot follow variations"))
                        }
                        State::ExpectNode | State::InSequence => {}
                    }
                    self.pos += 1;
                    let keep = main_open == depth;
                    if keep && nodes.len() == MAX_MAIN_LINE_NODES {
                        return Err(self.error(format!(
                            "the main line has more than {MAX_MAIN_LINE_NODES} nodes"
                        )));
                    }
                    let node = self.properties(keep)?;
                    if keep {
                        nodes.push(node);
                    }
                    state = State::InSequence;
                }
                b')' => {
                    match state {
                        State::Between => return Err(self.error("unbalanced ')'")),
                        State::ExpectNode => return Err(self.error("empty game tree '()'")),
                        State::InSequence | State::InChildren => {}
                    }
                    if main_open == depth {
                        main_open -= 1;
                    }
                    depth -= 1;
                    self.pos += 1;
                    if depth == 0 {
                        games += 1;
                        state = State::Between;
                    } else {
                        state = State::InChildren;
                    }
                }
                b'[' => return Err(self.error("property value without a property name")),
                _ => {
                    let shown = self
                        .text
                        .get(self.pos..)
                        .and_then(|s| s.chars().next())
                        .unwrap_or('?');
                    let message = if byte.is_ascii_alphabetic() && state != State::Between {
                        "property outside a node".to_string()
                    } else {
                        format!("unexpected character '{}'", shown.escape_default())
                    };
                    return Err(self.error(message));
                }
            }
        }
    }

    /// Scans the properties of a node (after its `;`); collects them when `keep`.
    fn properties(&mut self, keep: bool) -> Result<RawNode, SgfError> {
        let mut props = Vec::new();
        loop {
            self.skip_whitespace();
            if !matches!(self.peek(), Some(b) if b.is_ascii_alphabetic()) {
                return Ok(props);
            }
            let start = self.pos;
            let mut ident = String::new();
            let mut has_capital = false;
            while let Some(b) = self.peek().filter(u8::is_ascii_alphabetic) {
                if b.is_ascii_uppercase() {
                    has_capital = true;
                    if keep {
                        ident.push(b as char);
                    }
                }
                self.pos += 1;
            }
            let name = &self.text[start..self.pos];
            let quoted = quote(name);
            if !has_capital {
                return Err(self.error_at(
                    start,
                    format!("property name '{quoted}' has no capital letter"),
                ));
            }
            self.skip_whitespace();
            match self.peek() {
                Some(b'[') => {}
                None => return Err(self.error("unexpected end of file after a property name")),
                Some(_) => return Err(self.error(format!("property '{quoted}' has no value"))),
            }
            let mut values = Vec::new();
            while self.peek() == Some(b'[') {
                let value = self.value(keep)?;
                if keep {
                    values.push(value);
                }
                self.skip_whitespace();
            }
            if keep {
                props.push(RawProp { ident, values });
            }
        }
    }

    /// Scans one `[...]` value, resolving escapes; returns it when `keep` (else empty).
    fn value(&mut self, keep: bool) -> Result<String, SgfError> {
        let open = self.pos;
        self.pos += 1;
        let bytes = self.text.as_bytes();
        let mut value = String::new();
        let mut segment = self.pos;
        loop {
            // `]` and `\` are ASCII, so they never occur inside a multi-byte character and
            // every slice below starts and ends on character boundaries.
            match bytes.get(self.pos) {
                None => {
                    return Err(self.error_at(
                        open,
                        "unexpected end of file inside a property value (missing ']')",
                    ))
                }
                Some(b']') => {
                    if keep {
                        value.push_str(&self.text[segment..self.pos]);
                    }
                    self.pos += 1;
                    return Ok(value);
                }
                Some(b'\\') => {
                    if keep {
                        value.push_str(&self.text[segment..self.pos]);
                    }
                    self.pos += 1;
                    match bytes.get(self.pos) {
                        None => continue,
                        Some(&b @ (b'\n' | b'\r')) => {
                            // Soft line break: the backslash and the line break vanish.
                            self.pos += 1;
                            let pair = if b == b'\n' { b'\r' } else { b'\n' };
                            if bytes.get(self.pos) == Some(&pair) {
                                self.pos += 1;
                            }
                            segment = self.pos;
                        }
                        Some(_) => {
                            // The escaped character starts the next segment.
                            segment = self.pos;
                            self.pos += 1;
                        }
                    }
                }
                Some(_) => self.pos += 1,
            }
        }
    }
}

/// At most [`QUOTE_LIMIT`] characters of `text`, for error messages.
fn quote(text: &str) -> String {
    let mut chars = text.chars();
    let mut shown: String = chars.by_ref().take(QUOTE_LIMIT).collect();
    if chars.next().is_some() {
        shown.push_str("...");
    }
    shown.escape_debug().to_string()
}

// ---------------------------------------------------------------------------------------
// Meaning: raw nodes -> SgfGame

/// The single value of `prop`, or an error when it has several.
fn single(prop: &RawProp) -> Result<&str, String> {
    match prop.values.as_slice() {
        [value] => Ok(value),
        values => Err(format!(
            "property {} has {} values, expected one",
            prop.ident,
            values.len()
        )),
    }
}

/// Parses an `SZ` value: `n` or `n:n`, 2 to 25.
fn parse_size(value: &str) -> Result<usize, String> {
    let number = |text: &str| -> Result<usize, String> {
        let text = text.trim();
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("bad SZ value '{}'", quote(value)));
        }
        // Too many digits to fit: certainly too large.
        Ok(text.parse().unwrap_or(usize::MAX))
    };
    let size = match value.split_once(':') {
        Some((cols, rows)) => {
            let (cols, rows) = (number(cols)?, number(rows)?);
            if cols != rows {
                return Err("non-square board sizes are not supported".to_string());
            }
            cols
        }
        None => number(value)?,
    };
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(format!(
            "SZ {} is not supported ({MIN_SIZE} to {MAX_SIZE})",
            quote(value.trim())
        ));
    }
    Ok(size)
}

/// Parses a `KM` value (a comma is accepted as the decimal point); empty means none.
fn parse_komi(value: &str) -> Result<Option<f64>, String> {
    let text = value.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.replace(',', ".").parse::<f64>() {
        Ok(komi) if crate::rules::komi_in_range(komi) => Ok(Some(komi)),
        _ => Err(format!("bad KM value '{}'", quote(value))),
    }
}

/// Parses an `HA` value; empty means none.
fn parse_handicap(value: &str) -> Result<Option<u32>, String> {
    let text = value.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse()
        .map(Some)
        .map_err(|_| format!("bad HA value '{}'", quote(value)))
}

/// Parses a `PL` value: `B` or `W`.
fn parse_color(value: &str) -> Result<Color, String> {
    match value.trim() {
        "B" | "b" => Ok(Color::Black),
        "W" | "w" => Ok(Color::White),
        _ => Err(format!("bad PL value '{}'", quote(value))),
    }
}

/// Parses a two-letter point that must lie on the board.
fn parse_point(text: &str, size: usize) -> Result<Coord, String> {
    let b = text.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return Err(format!("bad point '{}'", quote(text)));
    }
    Coord::from_sgf(text, size)
        .ok_or_else(|| format!("point '{text}' is off the {size}x{size} board"))
}

/// Parses a `B`/`W` value: empty (or `tt` on boards up to 19) is a pass.
fn parse_move(value: &str, size: usize) -> Result<Option<Coord>, String> {
    let text = value.trim();
    if text.is_empty() || (text == "tt" && size <= TT_PASS_MAX_SIZE) {
        return Ok(None);
    }
    parse_point(text, size).map(Some)
}

/// Expands the values of an `AB`/`AW`/`AE`/`TB`/`TW` property (points and `aa:cc` rectangles)
/// into `list`, skipping points already there.
fn parse_point_list(prop: &RawProp, size: usize, list: &mut Vec<Coord>) -> Result<(), String> {
    let mut seen = [false; MAX_SIZE * MAX_SIZE];
    for c in list.iter() {
        seen[c.row as usize * MAX_SIZE + c.col as usize] = true;
    }
    let mut add = |c: Coord| {
        let index = c.row as usize * MAX_SIZE + c.col as usize;
        if !seen[index] {
            seen[index] = true;
            list.push(c);
        }
    };
    for value in &prop.values {
        let text = value.trim();
        if text.is_empty() {
            continue;
        }
        match text.split_once(':') {
            Some((a, b)) => {
                let (a, b) = (parse_point(a.trim(), size)?, parse_point(b.trim(), size)?);
                // Top row first, like the order SGF lists points in.
                for row in (a.row.min(b.row)..=a.row.max(b.row)).rev() {
                    for col in a.col.min(b.col)..=a.col.max(b.col) {
                        add(Coord { col, row });
                    }
                }
            }
            None => add(parse_point(text, size)?),
        }
    }
    Ok(())
}

/// Interprets the raw main line: root properties first (so `SZ` is known), then each node.
fn build_game(raw: &[RawNode]) -> Result<SgfGame, SgfError> {
    let in_node = |i: usize| move |e: String| SgfError::new(format!("node {}: {e}", i + 1));
    let mut game = SgfGame::new(DEFAULT_SIZE);
    game.nodes.clear();
    if let Some(root) = raw.first() {
        for prop in root {
            match prop.ident.as_str() {
                "SZ" => game.size = single(prop).and_then(parse_size).map_err(in_node(0))?,
                "GM" => {
                    let gm = single(prop).map_err(in_node(0))?.trim();
                    if gm != "1" {
                        return Err(in_node(0)(format!("GM[{}] is not a game of Go", quote(gm))));
                    }
                }
                _ => {}
            }
        }
    }
    let size = game.size;
    for (i, props) in raw.iter().enumerate() {
        let mut node = SgfNode::default();
        for prop in props {
            read_property(&mut game, &mut node, prop, size).map_err(in_node(i))?;
        }
        game.nodes.push(node);
    }
    Ok(game)
}

/// Applies one property of a main-line node to `game` (game information, first
/// occurrence wins) or to `node`.
fn read_property(
    game: &mut SgfGame,
    node: &mut SgfNode,
    prop: &RawProp,
    size: usize,
) -> Result<(), String> {
    let text = |slot: &mut Option<String>| -> Result<(), String> {
        let value = single(prop)?;
        if slot.is_none() {
            *slot = Some(value.to_string());
        }
        Ok(())
    };
    match prop.ident.as_str() {
        "B" | "W" => {
            let color = if prop.ident == "B" {
                Color::Black
            } else {
                Color::White
            };
            if node.play.is_some() {
                return Err("more than one move in a node".to_string());
            }
            node.play = Some((color, parse_move(single(prop)?, size)?));
        }
        "AB" => parse_point_list(prop, size, &mut node.add_black)?,
        "AW" => parse_point_list(prop, size, &mut node.add_white)?,
        "AE" => parse_point_list(prop, size, &mut node.add_empty)?,
        "TB" => parse_point_list(prop, size, &mut node.territory_black)?,
        "TW" => parse_point_list(prop, size, &mut node.territory_white)?,
        "PL" => node.player_to_move = Some(parse_color(single(prop)?)?),
        "KM" => {
            let komi = parse_komi(single(prop)?)?;
            game.komi = game.komi.or(komi);
        }
        "HA" => {
            let handicap = parse_handicap(single(prop)?)?;
            game.handicap = game.handicap.or(handicap);
        }
        "RU" => text(&mut game.rules)?,
        "RE" => text(&mut game.result)?,
        "PB" => text(&mut game.black_name)?,
        "PW" => text(&mut game.white_name)?,
        "C" => text(&mut node.comment)?,
        ident if GAME_INFO.contains(&ident) && !game.info.iter().any(|(i, _)| i == ident) => {
            game.info
                .push((ident.to_string(), single(prop)?.to_string()));
        }
        _ => {}
    }
    Ok(())
}
