//! The board: stones, strings and liberties. Of the history it keeps one thing only, the
//! simple-ko point ([`Board::ko`]): the point where the last play captured a single stone in
//! a ko shape. That is a fast path for basic ko, which the rules' table
//! (`rules::ko::simple_bans`) decides exactly: a retake on that point recreates the position
//! before the capture. Every other rule of repetition is `rules`' business.
//!
//! What a play would capture or remove is worked out in one place,
//! [`Board::for_each_removed`] (with the quick [`Board::is_capture`] and the playouts'
//! [`Board::capture_count`]).
//!
//! Layout: a padded one-dimensional array. A board of size `n` uses stride `n + 1`; row `r`
//! (1..=n, bottom to top) starts at index `r * stride`, its points are at columns 1..=n, and
//! index `r * stride` (column 0) is an off-board sentinel that also serves as the right-hand
//! border of the row below. Rows 0 and `n + 1` are sentinels too. So every point has four
//! orthogonal and four diagonal neighbours at fixed offsets, with no bounds checks.
//!
//! Strings keep *pseudo-liberties* (an empty point counted once per adjacent stone), their sum
//! and their sum of squares: a string is captured when the count is zero, and it is in atari
//! exactly when all its pseudo-liberties are the same point, i.e. `count * sum_sq == sum^2`
//! (libego's trick). That gives exact capture and atari tests at the cost of three additions.
//!
//! Everything here is fixed-size and `Clone` is a flat copy: playouts allocate nothing.

mod color;
mod coord;
mod line_board;
pub mod zobrist;

pub use color::Color;
pub use coord::{Coord, MAX_SIZE, MIN_SIZE};
pub use line_board::{LineBoard, Stamps};

use std::fmt;

/// The most liberties [`Board::liberty_count`] counts to.
pub const MAX_COUNTED_LIBERTIES: usize = 8;

/// Number of array cells for the largest board: `(25 + 2) * 26 + 1`.
pub const MAX_POINTS: usize = (MAX_SIZE + 2) * (MAX_SIZE + 1) + 1;

/// An index into the board's padded array. Index 0 is always off the board; [`Point::PASS`]
/// uses it to stand for a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Point(pub u16);

impl Point {
    /// The pass "point": never on the board.
    pub const PASS: Point = Point(0);

    /// The array index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// True for [`Point::PASS`].
    #[inline]
    pub fn is_pass(self) -> bool {
        self.0 == 0
    }

    /// The coordinate of this on-board point of a `size` x `size` board (the same as
    /// [`Board::coord`], for callers that keep the size but not the board).
    #[inline]
    pub fn coord(self, size: usize) -> Coord {
        let stride = size as u16 + 1;
        Coord::new(
            (self.0 % stride - 1) as usize,
            (self.0 / stride - 1) as usize,
        )
    }
}

/// What stands on one cell of the padded array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Cell {
    /// An empty point.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// The sentinel border around the board.
    OffBoard = 3,
}

impl Cell {
    /// The cell holding a stone of `color`.
    #[inline]
    pub fn stone(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The stone's colour, if the cell holds one.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// Which suicides a board play may commit (the ruleset's choice; see `rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SuicideRule {
    /// No play may leave its own string without liberties.
    Forbidden,
    /// Suicide of a string of two or more stones is legal; of a single stone it is not.
    Multi,
    /// Every suicide is legal (Tromp-Taylor).
    All,
}

/// A Go board: stones, strings, liberties, hash and capture counts.
pub struct Board {
    size: u8,
    stride: u16,
    cells: [Cell; MAX_POINTS],
    /// For a stone: the point that represents its string (where string data is kept). For
    /// an empty point or the edge: 0, an edge point whose string data stays empty, so that
    /// [`Board::in_atari`] reads false there without a test of the cell.
    head: [u16; MAX_POINTS],
    /// For a stone: the next stone of its string (a circular list).
    next: [u16; MAX_POINTS],
    /// Per string head: number of pseudo-liberties.
    libs: [u16; MAX_POINTS],
    /// Per string head: sum of pseudo-liberty indices.
    lib_sum: [u32; MAX_POINTS],
    /// Per string head: sum of squared pseudo-liberty indices.
    lib_sum_sq: [u32; MAX_POINTS],
    /// Per string head: number of stones.
    stones: [u16; MAX_POINTS],
    /// The empty points, in no particular order.
    empty: [u16; MAX_POINTS],
    /// For an empty point: its position in `empty`.
    empty_pos: [u16; MAX_POINTS],
    empty_count: u16,
    hash: u64,
    /// Stones captured by Black and by White (prisoners taken).
    captures: [u32; 2],
    /// The point where the last play captured a single stone in a ko shape, and the player it
    /// bans from retaking at once; `Point::PASS` if none.
    ko: Point,
    ko_banned: Color,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.render())
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            stride: self.stride,
            cells: self.cells,
            head: self.head,
            next: self.next,
            libs: self.libs,
            lib_sum: self.lib_sum,
            lib_sum_sq: self.lib_sum_sq,
            stones: self.stones,
            empty: self.empty,
            empty_pos: self.empty_pos,
            empty_count: self.empty_count,
            hash: self.hash,
            captures: self.captures,
            ko: self.ko,
            ko_banned: self.ko_banned,
        }
    }

    /// Copies only the cells a board of `source`'s size uses when both boards have that
    /// size (no array is written past them, so the rest is the same in both and the copy
    /// equals a full clone): a small board is copied in a fraction of the time.
    fn clone_from(&mut self, source: &Board) {
        if self.size != source.size {
            *self = source.clone();
            return;
        }
        let n = source.array_len();
        self.cells[..n].copy_from_slice(&source.cells[..n]);
        self.head[..n].copy_from_slice(&source.head[..n]);
        self.next[..n].copy_from_slice(&source.next[..n]);
        self.libs[..n].copy_from_slice(&source.libs[..n]);
        self.lib_sum[..n].copy_from_slice(&source.lib_sum[..n]);
        self.lib_sum_sq[..n].copy_from_slice(&source.lib_sum_sq[..n]);
        self.stones[..n].copy_from_slice(&source.stones[..n]);
        self.empty[..n].copy_from_slice(&source.empty[..n]);
        self.empty_pos[..n].copy_from_slice(&source.empty_pos[..n]);
        self.empty_count = source.empty_count;
        self.hash = source.hash;
        self.captures = source.captures;
        self.ko = source.ko;
        self.ko_banned = source.ko_banned;
    }
}

/// What a play would leave, told without playing it ([`Board::after`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct After {
    /// The position's hash after the play.
    pub hash: u64,
    /// The stones the play removes (captured, or its own in a suicide).
    pub removed: usize,
    /// The last of them ([`Point::PASS`] if none).
    pub last_removed: Point,
}

/// Told of every array cell a play writes (see [`LineBoard`]): `point` for an index of the
/// per-point arrays, `slot` for an index of the list of empty points. `()` notes nothing.
trait Note {
    fn point(&mut self, i: usize);
    fn slot(&mut self, i: usize);
}

impl Note for () {
    #[inline(always)]
    fn point(&mut self, _i: usize) {}
    #[inline(always)]
    fn slot(&mut self, _i: usize) {}
}

impl PartialEq for Board {
    /// Boards are equal when they have the same size and the same stones.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.cells[..self.array_len()] == other.cells[..other.array_len()]
    }
}

impl Board {
    /// An empty board of `size` x `size`; `size` must be within [`MIN_SIZE`]..=[`MAX_SIZE`].
    pub fn new(size: usize) -> Board {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size), "board size {size}");
        let stride = size + 1;
        let mut b = Board {
            size: size as u8,
            stride: stride as u16,
            cells: [Cell::OffBoard; MAX_POINTS],
            head: [0; MAX_POINTS],
            next: [0; MAX_POINTS],
            libs: [0; MAX_POINTS],
            lib_sum: [0; MAX_POINTS],
            lib_sum_sq: [0; MAX_POINTS],
            stones: [0; MAX_POINTS],
            empty: [0; MAX_POINTS],
            empty_pos: [0; MAX_POINTS],
            empty_count: 0,
            hash: 0,
            captures: [0; 2],
            ko: Point::PASS,
            ko_banned: Color::Black,
        };
        for row in 1..=size {
            for col in 1..=size {
                let p = row * stride + col;
                b.cells[p] = Cell::Empty;
                b.empty_pos[p] = b.empty_count;
                b.empty[b.empty_count as usize] = p as u16;
                b.empty_count += 1;
            }
        }
        b
    }

    /// A board from a diagram, for tests and examples: one line per row, the top row first;
    /// `X` is a black stone, `O` a white one, `.` or `+` an empty point; spaces are ignored,
    /// and so are blank lines and a diagram's coordinate lines and margins (a line whose
    /// first character is a letter is taken for the column letters, and digits at either end
    /// of a row for row numbers). The board is as many points wide as there are rows.
    ///
    /// ```
    /// use koan_core::board::{Board, Cell, Coord};
    /// let b = Board::from_diagram(
    ///     "
    ///     . X O
    ///     X O .
    ///     . X O",
    /// );
    /// assert_eq!(b.size(), 3);
    /// assert_eq!(b.cell(b.point(Coord::parse_gtp("B3", 3).unwrap())), Cell::Black);
    /// ```
    ///
    /// # Panics
    ///
    /// When a row is not as wide as the board is high, the size is out of range, or a
    /// character is none of the above.
    pub fn from_diagram(diagram: &str) -> Board {
        let rows: Vec<Vec<char>> = diagram
            .lines()
            .map(|line| {
                line.trim()
                    .trim_matches(|c: char| c.is_ascii_digit() || c.is_whitespace())
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<Vec<char>>()
            })
            .filter(|row| (!row.is_empty() && !row[0].is_ascii_alphabetic()) || is_stone_row(row))
            .collect();
        let n = rows.len();
        let mut b = Board::new(n);
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), n, "diagram row {} is not {n} points wide", i + 1);
            for (col, &ch) in row.iter().enumerate() {
                let p = b.point(Coord::new(col, n - 1 - i));
                match ch {
                    'X' => b.place_setup(p, Color::Black),
                    'O' => b.place_setup(p, Color::White),
                    '.' | '+' => {}
                    _ => panic!("diagram: unexpected {ch:?}"),
                }
            }
        }
        b
    }

    /// Side length of the board.
    #[inline]
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Number of cells of the padded array this size uses.
    #[inline]
    fn array_len(&self) -> usize {
        (self.size as usize + 2) * self.stride as usize + 1
    }

    /// The array index of a coordinate (which must be on this board).
    #[inline]
    pub fn point(&self, c: Coord) -> Point {
        Point(((c.row as u16) + 1) * self.stride + c.col as u16 + 1)
    }

    /// The coordinate of an on-board point.
    #[inline]
    pub fn coord(&self, p: Point) -> Coord {
        p.coord(self.size())
    }

    /// The GTP spelling of a point, or `pass`.
    pub fn vertex(&self, p: Point) -> String {
        if p.is_pass() {
            "pass".to_string()
        } else {
            self.coord(p).to_gtp()
        }
    }

    /// Every on-board point, row by row from the bottom.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let n = self.size as u16;
        let s = self.stride;
        (1..=n).flat_map(move |r| (1..=n).map(move |c| Point(r * s + c)))
    }

    /// True when `p` is a point of the board (not a sentinel, not pass).
    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        p.index() < self.array_len() && self.cells[p.index()] != Cell::OffBoard
    }

    /// What stands on `p`.
    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.index()]
    }

    /// The 3x3 square of cells centred on `p`, row by row from the row above (`p`'s
    /// neighbour [`Board::neighbours`] lists last) to the row below, each from left to
    /// right: three reads of three neighbouring cells.
    #[inline]
    pub fn square(&self, p: Point) -> [[Cell; 3]; 3] {
        let (i, s) = (p.index(), self.stride as usize);
        let row =
            |c: usize| -> [Cell; 3] { self.cells[c - 1..c + 2].try_into().expect("three cells") };
        [row(i + s), row(i), row(i - s)]
    }

    /// The four orthogonal neighbours of `p` (some may be off the board).
    #[inline]
    pub fn neighbours(&self, p: Point) -> [Point; 4] {
        let s = self.stride;
        [
            Point(p.0 - s),
            Point(p.0 - 1),
            Point(p.0 + 1),
            Point(p.0 + s),
        ]
    }

    /// The four diagonal neighbours of `p` (some may be off the board).
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let s = self.stride;
        [
            Point(p.0 - s - 1),
            Point(p.0 - s + 1),
            Point(p.0 + s - 1),
            Point(p.0 + s + 1),
        ]
    }

    /// The Zobrist hash of the stones on the board (the whole-board position; no side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones captured so far by `color`.
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_count as usize
    }

    /// The `i`-th empty point (order changes as stones come and go).
    #[inline]
    pub fn empty_point(&self, i: usize) -> Point {
        Point(self.empty[i])
    }

    /// The point where a simple-ko recapture is banned right now, and the player it binds.
    pub fn ko(&self) -> Option<(Point, Color)> {
        (!self.ko.is_pass()).then_some((self.ko, self.ko_banned))
    }

    /// Clears the simple-ko point (after a pass the ban ends).
    pub fn clear_ko(&mut self) {
        self.ko = Point::PASS;
    }

    /// The point representing the string that holds the stone on `p`.
    #[inline]
    pub fn string_head(&self, p: Point) -> Point {
        Point(self.head[p.index()])
    }

    /// Number of stones in the string holding `p`.
    #[inline]
    pub fn string_size(&self, p: Point) -> usize {
        self.stones[self.head[p.index()] as usize] as usize
    }

    /// The stones of the string holding the stone on `p`.
    pub fn string_stones(&self, p: Point) -> StringStones<'_> {
        StringStones {
            board: self,
            start: p.0,
            cur: p.0,
            done: false,
        }
    }

    /// True when the string holding the stone on `p` has exactly one liberty; false when `p`
    /// is empty or off the board.
    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        let h = self.head[p.index()] as usize;
        let n = self.libs[h] as u64;
        n > 0 && n * self.lib_sum_sq[h] as u64 == (self.lib_sum[h] as u64).pow(2)
    }

    /// The number of pseudo-liberties of the string holding the stone on `p`: its
    /// stone-liberty adjacencies, so an empty point beside several of its stones counts
    /// once for each (at most four times). Free to ask; the string has at least a quarter
    /// as many distinct liberties.
    #[inline]
    pub fn pseudo_liberties(&self, p: Point) -> usize {
        self.libs[self.head[p.index()] as usize] as usize
    }

    /// The only liberty of a string in atari (meaningless for other strings).
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Point {
        let h = self.head[p.index()] as usize;
        Point((self.lib_sum[h] / self.libs[h] as u32) as u16)
    }

    /// True when the string holding `p` has no liberty but `lib` (and has `lib`).
    #[inline]
    fn only_liberty_is(&self, p: Point, lib: Point) -> bool {
        let h = self.head[p.index()] as usize;
        let n = self.libs[h] as u32;
        let l = lib.0 as u32;
        self.lib_sum[h] == n * l && self.lib_sum_sq[h] == n * l * l
    }

    /// When the string holding the stone on `p` has exactly two liberties and `lib` is one
    /// of them: the other. Free to ask (from the pseudo-liberty sums, less `lib`'s share).
    #[inline]
    pub fn other_liberty(&self, p: Point, lib: Point) -> Option<Point> {
        let (own, h) = (self.cells[p.index()], self.head[p.index()]);
        if self.cells[lib.index()] != Cell::Empty {
            return None;
        }
        // The string's stones beside `lib`: each counts `lib` once among the pseudo-liberties.
        let k = self
            .neighbours(lib)
            .iter()
            .filter(|&&n| self.cells[n.index()] == own && self.head[n.index()] == h)
            .count() as u64;
        let (i, l) = (h as usize, lib.0 as u64);
        let n = (self.libs[i] as u64).checked_sub(k)?;
        let sum = self.lib_sum[i] as u64 - k * l;
        let sq = self.lib_sum_sq[i] as u64 - k * l * l;
        // The rest are all one point when n * sq == sum^2 (and then it is sum / n).
        (k > 0 && n > 0 && n * sq == sum * sum).then(|| Point((sum / n) as u16))
    }

    /// The exact liberties of the string holding `p`, up to `max` of them (slow: walks it).
    pub fn liberties(&self, p: Point, max: usize) -> smallvec::SmallVec<[Point; 8]> {
        let mut out = smallvec::SmallVec::new();
        for s in self.string_stones(p) {
            for n in self.neighbours(s) {
                if self.cells[n.index()] == Cell::Empty && !out.contains(&n) {
                    out.push(n);
                    if out.len() >= max {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// The number of distinct liberties of the string holding `p`, counted up to `max`
    /// (at most [`MAX_COUNTED_LIBERTIES`]): `liberties(p, max).len()`, without collecting them.
    pub fn liberty_count(&self, p: Point, max: usize) -> usize {
        debug_assert!(max <= MAX_COUNTED_LIBERTIES);
        let mut seen = [0u16; MAX_COUNTED_LIBERTIES];
        let mut n = 0;
        for s in self.string_stones(p) {
            for x in self.neighbours(s) {
                if self.cells[x.index()] == Cell::Empty && !seen[..n].contains(&x.0) {
                    seen[n] = x.0;
                    n += 1;
                    if n >= max {
                        return n;
                    }
                }
            }
        }
        n
    }

    /// True when a stone of `color` on the empty point `p` would be a suicide (no liberty,
    /// no capture).
    #[inline]
    pub fn is_suicide(&self, p: Point, color: Color) -> bool {
        let own = Cell::stone(color);
        let opp = Cell::stone(color.opponent());
        for n in self.neighbours(p) {
            let c = self.cells[n.index()];
            if c == Cell::Empty {
                return false;
            }
            if c == own {
                if !self.only_liberty_is(n, p) {
                    return false;
                }
            } else if c == opp && self.only_liberty_is(n, p) {
                return false;
            }
        }
        true
    }

    /// True when `color` may place a stone on `p` as far as the board alone can tell: the
    /// point is empty, it is not a suicide the rule forbids, and it does not retake the
    /// simple ko banned on the board. (Superko and other history rules are `game`'s job.)
    #[inline]
    pub fn is_legal_simple(&self, p: Point, color: Color, suicide: SuicideRule) -> bool {
        if self.cells[p.index()] != Cell::Empty {
            return false;
        }
        if p == self.ko && color == self.ko_banned {
            return false;
        }
        self.suicide_allowed(p, color, suicide)
    }

    /// True when placing `color` on the empty point `p` is not a suicide forbidden by `rule`.
    #[inline]
    pub fn suicide_allowed(&self, p: Point, color: Color, rule: SuicideRule) -> bool {
        if !self.is_suicide(p, color) {
            return true;
        }
        match rule {
            SuicideRule::Forbidden => false,
            SuicideRule::All => true,
            SuicideRule::Multi => {
                let own = Cell::stone(color);
                self.neighbours(p)
                    .iter()
                    .any(|n| self.cells[n.index()] == own)
            }
        }
    }

    /// True when `p` is an empty point surrounded by `color` that a playout should not fill:
    /// all orthogonal neighbours are `color` or off the board, and the opponent holds at most
    /// one diagonal (none on the edge).
    #[inline]
    pub fn is_eye(&self, p: Point, color: Color) -> bool {
        let own = Cell::stone(color);
        for n in self.neighbours(p) {
            let c = self.cells[n.index()];
            if c != own && c != Cell::OffBoard {
                return false;
            }
        }
        let opp = Cell::stone(color.opponent());
        let mut bad = 0;
        let mut edge = 0;
        for d in self.diagonals(p) {
            match self.cells[d.index()] {
                c if c == opp => bad += 1,
                Cell::OffBoard => edge = 1,
                _ => {}
            }
        }
        bad + edge < 2
    }

    /// The hash the position would have after `color` plays on the empty point `p` (which
    /// must be legal on the board): accounts for captures and suicide without playing.
    pub fn hash_after(&self, p: Point, color: Color) -> u64 {
        self.after(p, color).hash
    }

    /// What `color`'s play on the empty point `p` (which must be legal on the board) would
    /// leave, without playing it: the hash of the position ([`Board::hash_after`]), the
    /// number of stones it removes and the last of them ([`Board::for_each_removed`]).
    pub fn after(&self, p: Point, color: Color) -> After {
        let mut hash = self.hash ^ zobrist::KEYS[color.index()][p.index()];
        let mut last_removed = Point::PASS;
        let removed = self.for_each_removed(p, color, |s| {
            // The stones removed are standing ones, or the new stone itself (suicide).
            let c = self.cells[s.index()].color().unwrap_or(color);
            hash ^= zobrist::KEYS[c.index()][s.index()];
            last_removed = s;
        });
        After {
            hash,
            removed,
            last_removed,
        }
    }

    /// True when `color` playing on the empty point `p` captures something.
    #[inline]
    pub fn is_capture(&self, p: Point, color: Color) -> bool {
        let opp = Cell::stone(color.opponent());
        self.neighbours(p)
            .iter()
            .any(|&n| self.cells[n.index()] == opp && self.in_atari(n))
    }

    /// The stones `color`'s play on the empty point `p` would remove, without playing it:
    /// calls `on_remove` with each stone of the opponent strings it captures or, when it
    /// captures nothing and is a suicide, with `p` and each stone of the own strings it
    /// joins. Returns the number of stones removed. Allocates nothing.
    pub fn for_each_removed(
        &self,
        p: Point,
        color: Color,
        mut on_remove: impl FnMut(Point),
    ) -> usize {
        let opp = Cell::stone(color.opponent());
        let mut heads = [0u16; 4];
        let mut strings = 0;
        let mut count = 0;
        for n in self.neighbours(p) {
            if self.cells[n.index()] != opp || !self.in_atari(n) {
                continue;
            }
            let head = self.head[n.index()];
            if heads[..strings].contains(&head) {
                continue;
            }
            heads[strings] = head;
            strings += 1;
            for s in self.string_stones(n) {
                on_remove(s);
                count += 1;
            }
        }
        if count > 0 || !self.is_suicide(p, color) {
            return count;
        }
        on_remove(p);
        count += 1;
        let own = Cell::stone(color);
        for n in self.neighbours(p) {
            if self.cells[n.index()] != own {
                continue;
            }
            let head = self.head[n.index()];
            if heads[..strings].contains(&head) {
                continue;
            }
            heads[strings] = head;
            strings += 1;
            for s in self.string_stones(n) {
                on_remove(s);
                count += 1;
            }
        }
        count
    }

    /// The number of stones `color`'s play on the empty point `p` captures, and one of them
    /// ([`Point::PASS`] if none), from the strings' sizes: [`Board::for_each_removed`]'s
    /// count for a play that is no suicide, tuned for the playouts.
    ///
    /// Few branches on the neighbours' contents, which are random in a playout: `in_atari` is
    /// asked about each neighbour that is an opponent stone, and about one of those in place of
    /// the others (their answers are masked), so that its own test is predictable too.
    #[inline(always)]
    pub fn capture_count(&self, p: Point, color: Color) -> (usize, Point) {
        let opp = Cell::stone(color.opponent());
        let ns = self.neighbours(p);
        let mut anchor = Point::PASS;
        for &n in &ns {
            anchor = if self.cell(n) == opp { n } else { anchor };
        }
        if anchor.is_pass() {
            return (0, Point::PASS);
        }
        let mut taken = [false; 4];
        for (t, &n) in taken.iter_mut().zip(&ns) {
            let is_opp = self.cell(n) == opp;
            *t = is_opp & self.in_atari(if is_opp { n } else { anchor });
        }
        if taken == [false; 4] {
            return (0, Point::PASS);
        }
        let mut heads = [Point::PASS; 4];
        let (mut strings, mut count, mut stone) = (0, 0, Point::PASS);
        for (&t, &n) in taken.iter().zip(&ns) {
            let head = self.string_head(n);
            if t && !heads[..strings].contains(&head) {
                heads[strings] = head;
                strings += 1;
                count += self.string_size(n);
                stone = n;
            }
        }
        (count, stone)
    }

    #[inline]
    fn add_lib(&mut self, head: usize, lib: u16) {
        let l = lib as u32;
        self.libs[head] += 1;
        self.lib_sum[head] += l;
        self.lib_sum_sq[head] += l * l;
    }

    #[inline]
    fn remove_lib(&mut self, head: usize, lib: u16) {
        let l = lib as u32;
        self.libs[head] -= 1;
        self.lib_sum[head] -= l;
        self.lib_sum_sq[head] -= l * l;
    }

    #[inline]
    fn remove_empty(&mut self, p: u16, note: &mut impl Note) {
        let i = self.empty_pos[p as usize];
        self.empty_count -= 1;
        let last = self.empty[self.empty_count as usize];
        self.empty[i as usize] = last;
        self.empty_pos[last as usize] = i;
        note.slot(i as usize);
        note.point(last as usize);
    }

    #[inline]
    fn add_empty(&mut self, p: u16, note: &mut impl Note) {
        self.empty_pos[p as usize] = self.empty_count;
        self.empty[self.empty_count as usize] = p;
        note.slot(self.empty_count as usize);
        self.empty_count += 1;
    }

    /// Puts a stone of `color` on the empty point `p` without captures or merging checks of
    /// legality (setup stones, handicap). Captures nothing; a stone left without liberties
    /// is allowed here (setup may be odd) but strings stay consistent.
    pub fn place_setup(&mut self, p: Point, color: Color) {
        debug_assert_eq!(self.cells[p.index()], Cell::Empty);
        self.put_stone(p.0, color, &mut ());
        self.ko = Point::PASS;
    }

    /// Removes whatever stone stands on `p` (setup `AE`). The rest of its string is rebuilt.
    pub fn remove_setup(&mut self, p: Point) {
        if let Some(color) = self.cells[p.index()].color() {
            // Rebuild from scratch: setup edits are rare, correctness beats speed here.
            let mut stones: Vec<(Point, Color)> = Vec::new();
            for q in self.points() {
                if q != p {
                    if let Some(c) = self.cells[q.index()].color() {
                        stones.push((q, c));
                    }
                }
            }
            let captures = self.captures;
            let _ = color;
            *self = Board::new(self.size());
            for (q, c) in stones {
                self.put_stone(q.0, c, &mut ());
            }
            self.captures = captures;
        }
    }

    /// Places a stone and maintains strings, liberties and hash; no captures.
    #[inline]
    fn put_stone(&mut self, p: u16, color: Color, note: &mut impl Note) {
        let pi = p as usize;
        note.point(pi);
        self.remove_empty(p, note);
        self.cells[pi] = Cell::stone(color);
        self.hash ^= zobrist::KEYS[color.index()][pi];
        self.head[pi] = p;
        self.next[pi] = p;
        self.stones[pi] = 1;
        self.libs[pi] = 0;
        self.lib_sum[pi] = 0;
        self.lib_sum_sq[pi] = 0;
        let own = Cell::stone(color);
        for n in self.neighbours(Point(p)) {
            let ni = n.index();
            match self.cells[ni] {
                Cell::Empty => self.add_lib(pi, n.0),
                Cell::OffBoard => {}
                _ => {
                    let h = self.head[ni] as usize;
                    note.point(h);
                    self.remove_lib(h, p);
                }
            }
        }
        for n in self.neighbours(Point(p)) {
            let ni = n.index();
            if self.cells[ni] == own {
                let a = self.head[pi];
                let b = self.head[ni];
                if a != b {
                    self.merge(a, b, note);
                }
            }
        }
    }

    /// Merges the strings with heads `a` and `b`, the smaller into the larger.
    fn merge(&mut self, a: u16, b: u16, note: &mut impl Note) {
        let (big, small) = if self.stones[a as usize] >= self.stones[b as usize] {
            (a as usize, b as usize)
        } else {
            (b as usize, a as usize)
        };
        note.point(big);
        let mut s = small;
        loop {
            note.point(s);
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.stones[big] += self.stones[small];
        self.libs[big] += self.libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_sum_sq[big] += self.lib_sum_sq[small];
    }

    /// Removes the string holding `p` from the board, giving liberties back to its
    /// neighbours; calls `on_remove` for every stone removed. Returns the number of stones.
    fn remove_string(
        &mut self,
        p: u16,
        mut on_remove: impl FnMut(Point),
        note: &mut impl Note,
    ) -> u32 {
        let color = self.cells[p as usize].color().expect("stone");
        let key = &zobrist::KEYS[color.index()];
        let mut count = 0;
        let start = p as usize;
        let mut s = start;
        loop {
            let next = self.next[s] as usize;
            note.point(s);
            self.cells[s] = Cell::Empty;
            self.head[s] = 0;
            self.hash ^= key[s];
            self.add_empty(s as u16, note);
            on_remove(Point(s as u16));
            count += 1;
            for n in self.neighbours(Point(s as u16)) {
                let ni = n.index();
                let c = self.cells[ni];
                if c == Cell::Black || c == Cell::White {
                    let h = self.head[ni] as usize;
                    note.point(h);
                    self.add_lib(h, s as u16);
                }
            }
            s = next;
            if s == start {
                break;
            }
        }
        count
    }

    /// Plays a stone of `color` on the empty point `p`: captures, suicide (when `p` has no
    /// liberties after captures, its string is removed: callers check legality first), simple
    /// ko point, hash and capture counts. Returns the number of opponent stones captured.
    #[inline]
    pub fn play(&mut self, p: Point, color: Color) -> u32 {
        self.play_with(p, color, |_| {})
    }

    /// As [`Board::play`], calling `on_remove` with every stone that leaves the board
    /// (captured opponent stones, or the suicided own string).
    #[inline]
    pub fn play_with(&mut self, p: Point, color: Color, on_remove: impl FnMut(Point)) -> u32 {
        self.play_noting(p, color, on_remove, &mut ())
    }

    /// As [`Board::play_with`], telling `note` every array cell the play writes.
    #[inline]
    fn play_noting(
        &mut self,
        p: Point,
        color: Color,
        mut on_remove: impl FnMut(Point),
        note: &mut impl Note,
    ) -> u32 {
        debug_assert_eq!(self.cells[p.index()], Cell::Empty, "play on {p:?}");
        self.put_stone(p.0, color, note);
        let opp = Cell::stone(color.opponent());
        let mut captured = 0;
        let mut last_captured = 0u16;
        for n in self.neighbours(p) {
            let ni = n.index();
            if self.cells[ni] == opp && self.libs[self.head[ni] as usize] == 0 {
                captured += self.remove_string(n.0, &mut on_remove, note);
                last_captured = n.0;
            }
        }
        self.captures[color.index()] += captured;
        let h = self.head[p.index()] as usize;
        self.ko = Point::PASS;
        if captured == 1 && self.stones[h] == 1 && self.libs[h] == 1 {
            self.ko = Point(last_captured);
            self.ko_banned = color.opponent();
        } else if self.libs[h] == 0 {
            let lost = self.remove_string(p.0, &mut on_remove, note);
            self.captures[color.opponent().index()] += lost;
        }
        captured
    }

    /// The stones and empty points as GTP's `showboard` might print them.
    pub fn render(&self) -> String {
        let n = self.size();
        let letters: Vec<char> = "ABCDEFGHJKLMNOPQRSTUVWXYZ".chars().take(n).collect();
        let header: String = letters.iter().map(|c| format!(" {c}")).collect();
        let mut out = format!("   {header}\n");
        for row in (0..n).rev() {
            out.push_str(&format!("{:>2} ", row + 1));
            for col in 0..n {
                let p = self.point(Coord::new(col, row));
                let ch = match self.cells[p.index()] {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                };
                out.push(' ');
                out.push(ch);
            }
            out.push_str(&format!(" {:>2}\n", row + 1));
        }
        out.push_str(&format!("   {header}"));
        out
    }

    /// Checks every invariant (strings, liberties, hash, empty list); for tests.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut hash = 0;
        let mut empties = 0;
        for p in self.points() {
            match self.cells[p.index()] {
                Cell::Empty => {
                    empties += 1;
                    let i = self.empty_pos[p.index()] as usize;
                    if i >= self.empty_count as usize || self.empty[i] != p.0 {
                        return Err(format!("empty list broken at {}", self.vertex(p)));
                    }
                    if self.head[p.index()] != 0 {
                        return Err(format!("empty point with a string at {}", self.vertex(p)));
                    }
                }
                Cell::Black | Cell::White => {
                    let c = self.cells[p.index()].color().unwrap();
                    hash ^= zobrist::KEYS[c.index()][p.index()];
                    let h = self.head[p.index()] as usize;
                    // Recompute the string's pseudo-liberties from scratch.
                    if h == p.index() {
                        let (mut n, mut sum, mut sq, mut count) = (0u32, 0u32, 0u32, 0u32);
                        for s in self.string_stones(p) {
                            count += 1;
                            if self.head[s.index()] as usize != h {
                                return Err("head mismatch".into());
                            }
                            for q in self.neighbours(s) {
                                if self.cells[q.index()] == Cell::Empty {
                                    n += 1;
                                    sum += q.0 as u32;
                                    sq += (q.0 as u32).pow(2);
                                }
                            }
                        }
                        if n != self.libs[h] as u32
                            || sum != self.lib_sum[h]
                            || sq != self.lib_sum_sq[h]
                            || count != self.stones[h] as u32
                        {
                            return Err(format!("string data wrong at {}", self.vertex(p)));
                        }
                        if n == 0 {
                            return Err(format!("string without liberty at {}", self.vertex(p)));
                        }
                    }
                    for q in self.neighbours(p) {
                        if self.cells[q.index()] == self.cells[p.index()]
                            && self.head[q.index()] != self.head[p.index()]
                        {
                            return Err("adjacent stones in different strings".into());
                        }
                    }
                }
                Cell::OffBoard => return Err("sentinel inside board".into()),
            }
        }
        if self.libs[0] != 0 || self.lib_sum[0] != 0 {
            return Err("string data on the edge".into());
        }
        if empties != self.empty_count as usize {
            return Err("empty count wrong".into());
        }
        if hash != self.hash {
            return Err("hash wrong".into());
        }
        Ok(())
    }
}

/// True when a diagram row holds only stones and empty points (so a row starting with `X`
/// or `O` is not taken for the column letters).
fn is_stone_row(row: &[char]) -> bool {
    !row.is_empty() && row.iter().all(|c| matches!(c, 'X' | 'O' | '.' | '+'))
}

/// Iterator over the stones of one string; see [`Board::string_stones`].
pub struct StringStones<'a> {
    board: &'a Board,
    start: u16,
    cur: u16,
    done: bool,
}

impl Iterator for StringStones<'_> {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.done {
            return None;
        }
        let p = self.cur;
        self.cur = self.board.next[p as usize];
        if self.cur == self.start {
            self.done = true;
        }
        Some(Point(p))
    }
}

#[cfg(test)]
mod tests;
