//! A learned model of good moves, in the spirit of Coulom's Minorization-Maximization
//! (generalised Bradley-Terry) patterns: every candidate move is described by a few
//! features (its 3x3 shape, the largest known shape of up to five lines around it, a
//! capture, an escape from atari, an atari, a self-atari, its distance to the last two moves
//! and to the edge), each feature value has a strength
//! (a *gamma*), and a move's strength is the product of its features' gammas. The chance
//! that a strong player picks a move is its strength over the sum of all candidates'.
//!
//! The gammas are learned from game records by `koan train` (see `src/train.rs`) and
//! embedded in the binary from `model-weights.txt` beside this file. The search uses the
//! model for the priors of new nodes ([`super::priors`]).
//!
//! Feature extraction allocates nothing; the shape lookup is one table read.

use super::diamond;
use super::patterns::ORDER;
use super::policy;
use crate::board::{Board, Cell, Color, Point};
use crate::tactics::ladder;
use crate::tactics::self_atari::is_self_atari;
use fxhash::FxHashMap;
use std::sync::OnceLock;

/// The embedded weights, as `koan train` writes them.
const WEIGHTS: &str = include_str!("model-weights.txt");

/// The kinds of feature. A move has at most one value of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// The pass (value 0).
    Pass,
    /// Captures: 1 for one stone, 2 for two or three, 3 for more.
    Capture,
    /// Extends an own string out of atari: 1 when the ladder fails for the attacker, 2
    /// when the string is caught in a ladder anyway.
    Escape,
    /// Puts an opponent string in atari: 1 when its ladder works, 2 otherwise.
    Atari,
    /// A self-atari that captures nothing: 1 for a string of one or two stones, 2 for more.
    SelfAtari,
    /// Distance to the opponent's last move, `dx + dy + max(dx, dy)` (2 to 16, 17 beyond).
    DistLast,
    /// The same distance to the player's own previous move.
    DistLast2,
    /// The line, counted from the edge (1 to 4, 5 for the fifth and beyond).
    Line,
    /// The 3x3 shape around the move with the atari status of its four direct neighbours,
    /// seen from the mover (own and opponent stones), reduced over the eight symmetries.
    Shape,
    /// The largest shape around the move the model knows, of size 4 (the 3x3 square and
    /// the four points two away) up to 10 (see [`diamond`]), by its name.
    Pattern,
}

/// Every group, in the order of their numbers.
pub const GROUPS: [Group; 10] = [
    Group::Pass,
    Group::Capture,
    Group::Escape,
    Group::Atari,
    Group::SelfAtari,
    Group::DistLast,
    Group::DistLast2,
    Group::Line,
    Group::Shape,
    Group::Pattern,
];

impl Group {
    /// The group's name in the weights file.
    pub fn name(self) -> &'static str {
        match self {
            Group::Pass => "pass",
            Group::Capture => "capture",
            Group::Escape => "escape",
            Group::Atari => "atari",
            Group::SelfAtari => "self-atari",
            Group::DistLast => "dist-last",
            Group::DistLast2 => "dist-last2",
            Group::Line => "line",
            Group::Shape => "shape",
            Group::Pattern => "pattern",
        }
    }

    /// The group named `name` in the weights file.
    pub fn from_name(name: &str) -> Option<Group> {
        GROUPS.iter().copied().find(|g| g.name() == name)
    }
}

/// One feature: a group and its value (values start at 1; the shape's value is its
/// canonical key, the pattern's its name).
pub type Feature = (Group, u32);

/// A move's features; unused slots are `None`.
pub type Features = [Option<Feature>; GROUPS.len()];

/// The features of `color`'s legal move `p` on `board` ([`Point::PASS`] for the pass),
/// `last` being the opponent's last move and `last2` the player's own move before it
/// ([`Point::PASS`] when none or a pass). The pattern is the largest shape `known` knows.
pub fn features(
    board: &Board,
    color: Color,
    p: Point,
    (last, last2): (Point, Point),
    mut known: impl FnMut(u32) -> bool,
) -> Features {
    let mut f = features_but_shapes(board, color, p, last, last2);
    if !p.is_pass() {
        f[8] = Some((Group::Shape, canonical_shape(shape_key(board, p, color))));
        f[9] = diamond::largest_known(board, p, color, |name| known(name).then_some(()))
            .map(|(name, ())| (Group::Pattern, name));
    }
    f
}

/// [`features`] without the shapes, which [`Model::move_strength`] looks up itself.
fn features_but_shapes(
    board: &Board,
    color: Color,
    p: Point,
    last: Point,
    last2: Point,
) -> Features {
    let mut f: Features = [None; GROUPS.len()];
    if p.is_pass() {
        f[0] = Some((Group::Pass, 0));
        return f;
    }
    let captured = policy::capture_size(board, p, color);
    if captured > 0 {
        let v = match captured {
            1 => 1,
            2 | 3 => 2,
            _ => 3,
        };
        f[1] = Some((Group::Capture, v));
    } else if policy::saves_atari(board, p, color) {
        let v = if ladder::escape_fails(board, p, color) {
            2
        } else {
            1
        };
        f[2] = Some((Group::Escape, v));
    }
    if captured == 0 && is_self_atari(board, p, color) {
        let own: usize = board
            .neighbours(p)
            .iter()
            .filter(|&&q| board.cell(q) == Cell::stone(color))
            .map(|&q| board.string_size(q))
            .sum();
        f[4] = Some((Group::SelfAtari, if own < 2 { 1 } else { 2 }));
    } else if gives_atari(board, p, color) {
        let v = if ladder::atari_works(board, p, color) {
            1
        } else {
            2
        };
        f[3] = Some((Group::Atari, v));
    }
    if let Some(d) = distance(board, p, last) {
        f[5] = Some((Group::DistLast, d));
    }
    if let Some(d) = distance(board, p, last2) {
        f[6] = Some((Group::DistLast2, d));
    }
    let c = board.coord(p);
    let n = board.size();
    let (col, row) = (c.col as usize, c.row as usize);
    let line = col.min(row).min(n - 1 - col).min(n - 1 - row) + 1;
    f[7] = Some((Group::Line, line.min(5) as u32));
    f
}

/// True when playing `p` leaves an opponent string next to it with one liberty.
fn gives_atari(board: &Board, p: Point, color: Color) -> bool {
    let opp = Cell::stone(color.opponent());
    board.neighbours(p).iter().any(|&q| {
        board.cell(q) == opp && {
            let libs = board.liberties(q, 3);
            libs.len() == 2 && libs.contains(&p)
        }
    })
}

/// Pachi's distance `dx + dy + max(dx, dy)` from `p` to `q`, capped at 17; `None` when `q`
/// is the pass.
fn distance(board: &Board, p: Point, q: Point) -> Option<u32> {
    if q.is_pass() {
        return None;
    }
    let (a, b) = (board.coord(p), board.coord(q));
    let (dx, dy) = (a.col.abs_diff(b.col) as u32, a.row.abs_diff(b.row) as u32);
    Some((dx + dy + dx.max(dy)).min(17))
}

/// Cell codes of a shape key, seen from the mover.
const EMPTY: u32 = 0;
const OWN: u32 = 1;
const OPP: u32 = 2;
const EDGE: u32 = 3;

/// The shape key of `p` for `color`: the eight neighbours' cells (empty, own, opponent, off
/// the board; two bits each, top-left to bottom-right by rows) and four bits for the direct
/// neighbours (top, left, right, bottom) holding a string in atari.
pub fn shape_key(board: &Board, p: Point, color: Color) -> u32 {
    let n = board.neighbours(p); // below, left, right, above
    let d = board.diagonals(p); // below-left, below-right, above-left, above-right
    let cells = [d[2], n[3], d[3], n[1], n[2], d[0], n[0], d[1]];
    let mut k = 0u32;
    for (i, &q) in cells.iter().enumerate() {
        let code = match board.cell(q) {
            Cell::Empty => EMPTY,
            Cell::OffBoard => EDGE,
            c if c == Cell::stone(color) => OWN,
            _ => OPP,
        };
        k |= code << (2 * i);
    }
    for (bit, &q) in [n[3], n[1], n[2], n[0]].iter().enumerate() {
        if board.cell(q).color().is_some() && board.in_atari(q) {
            k |= 1 << (16 + bit);
        }
    }
    k
}

/// The number of distinct shape keys.
const SHAPE_KEYS: usize = 1 << 20;

/// The key order's index of the direct neighbour in atari bit `b` (top, left, right, bottom).
const ATARI_SLOT: [usize; 4] = [1, 3, 4, 6];

/// The shape key seen under symmetry `sym` (four rotations, each optionally mirrored).
fn transform(key: u32, sym: usize) -> u32 {
    let mut cells = [0u32; 9];
    let mut atari = [false; 9];
    for (i, &(r, c)) in ORDER.iter().enumerate() {
        cells[r * 3 + c] = (key >> (2 * i)) & 3;
    }
    for (b, &slot) in ATARI_SLOT.iter().enumerate() {
        let (r, c) = ORDER[slot];
        atari[r * 3 + c] = key & (1 << (16 + b)) != 0;
    }
    let mut out = 0u32;
    for (i, &(r, c)) in ORDER.iter().enumerate() {
        let (mut rr, mut cc) = (r, c);
        if sym & 4 != 0 {
            cc = 2 - cc;
        }
        for _ in 0..(sym & 3) {
            (rr, cc) = (cc, 2 - rr);
        }
        out |= cells[rr * 3 + cc] << (2 * i);
        if let Some(b) = ATARI_SLOT.iter().position(|&s| s == i) {
            if atari[rr * 3 + cc] {
                out |= 1 << (16 + b);
            }
        }
    }
    out
}

/// The smallest of a shape key's eight symmetric forms: the shape's name in the model.
pub fn canonical_shape(key: u32) -> u32 {
    canonical_table()[key as usize]
}

fn canonical_table() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..SHAPE_KEYS as u32)
            .map(|k| (0..8).map(|s| transform(k, s)).min().unwrap_or(k))
            .collect()
    })
}

/// Learned strengths of feature values. Values the model does not know have strength 1.
#[derive(Clone, Debug)]
pub struct Model {
    /// Gammas of the small groups, by group number and value (values up to 17).
    small: [[f32; 18]; GROUPS.len()],
    /// Gamma by canonical shape key.
    shapes: Vec<f32>,
    /// Gamma by the name of a large shape ([`Group::Pattern`]).
    patterns: FxHashMap<u32, f32>,
}

impl Model {
    /// A model in which every feature has strength 1.
    pub fn uniform() -> Model {
        Model {
            small: [[1.0; 18]; GROUPS.len()],
            shapes: vec![1.0; SHAPE_KEYS],
            patterns: FxHashMap::default(),
        }
    }

    /// Reads weights in the format `koan train` writes: lines `GROUP VALUE GAMMA`, `#`
    /// comments and blank lines ignored.
    pub fn parse(text: &str) -> Result<Model, String> {
        let mut m = Model::uniform();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || format!("line {}: expected GROUP VALUE GAMMA, got {line:?}", n + 1);
            let mut words = line.split_whitespace();
            let (Some(g), Some(v), Some(gamma), None) =
                (words.next(), words.next(), words.next(), words.next())
            else {
                return Err(bad());
            };
            let group = Group::from_name(g).ok_or_else(bad)?;
            let value: u32 = v.parse().map_err(|_| bad())?;
            let gamma: f32 = gamma.parse().map_err(|_| bad())?;
            if !(gamma.is_finite() && gamma > 0.0) {
                return Err(bad());
            }
            if !m.set((group, value), gamma) {
                return Err(bad());
            }
        }
        Ok(m)
    }

    /// Sets one feature's gamma; false (and nothing set) when the value is out of its
    /// group's range.
    pub fn set(&mut self, (group, value): Feature, gamma: f32) -> bool {
        match group {
            Group::Shape if (value as usize) < SHAPE_KEYS => {
                // Every symmetric form of the shape gets the gamma, so that lookups need
                // no reduction.
                for s in 0..8 {
                    self.shapes[transform(value, s) as usize] = gamma;
                }
                true
            }
            Group::Shape => false,
            Group::Pattern => {
                self.patterns.insert(value, gamma);
                true
            }
            _ if value < 18 => {
                self.small[group as usize][value as usize] = gamma;
                true
            }
            _ => false,
        }
    }

    /// The gamma of one feature.
    pub fn gamma(&self, (group, value): Feature) -> f32 {
        match group {
            Group::Shape => self.shapes[value as usize],
            Group::Pattern => self.patterns.get(&value).copied().unwrap_or(1.0),
            _ => self.small[group as usize][value as usize],
        }
    }

    /// The strength of a move with features `f`: the product of its gammas.
    pub fn strength(&self, f: &Features) -> f32 {
        f.iter().flatten().map(|&x| self.gamma(x)).product()
    }

    /// The strength of `color`'s legal move `p` (see [`features`]).
    pub fn move_strength(
        &self,
        board: &Board,
        color: Color,
        p: Point,
        (last, last2): (Point, Point),
    ) -> f32 {
        if p.is_pass() {
            return self.small[Group::Pass as usize][0];
        }
        let f = features_but_shapes(board, color, p, last, last2);
        // The shape is looked up by its raw key: every symmetric form holds the gamma.
        let mut s = self.strength(&f) * self.shapes[shape_key(board, p, color) as usize];
        if !self.patterns.is_empty() {
            if let Some((_, gamma)) =
                diamond::largest_known(board, p, color, |name| self.patterns.get(&name).copied())
            {
                s *= gamma;
            }
        }
        s
    }
}

/// The model embedded in the binary.
pub fn embedded() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| Model::parse(WEIGHTS).expect("the embedded weights parse"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;

    #[test]
    fn canonical_shapes_are_the_same_under_every_symmetry() {
        let mut b = Board::new(9);
        let at = |b: &Board, c, r| b.point(Coord::new(c, r));
        for (c, r, color) in [
            (3, 3, Color::Black),
            (4, 3, Color::White),
            (3, 4, Color::White),
        ] {
            let p = at(&b, c, r);
            b.place_setup(p, color);
        }
        let key = shape_key(&b, at(&b, 4, 4), Color::Black);
        let canon = canonical_shape(key);
        for s in 0..8 {
            assert_eq!(canonical_shape(transform(key, s)), canon);
        }
        // The transforms form a group: the identity is among them, and each is a
        // permutation of the keys.
        assert_eq!(transform(key, 0), key);
    }

    #[test]
    fn a_capture_and_an_atari_are_recognised() {
        let b = Board::from_diagram(
            "
            . . . . .
            . X O X .
            . . X . .
            . . . . .
            . . . . .",
        );
        let at = |c, r| b.point(Coord::new(c, r));
        // The White stone at C4 has one liberty, C5: Black captures there.
        let none = (Point::PASS, Point::PASS);
        let f = features(&b, Color::Black, at(2, 4), none, |_| false);
        assert_eq!(f[1], Some((Group::Capture, 1)));
        assert_eq!(f[9], None);
        let pass = features(&b, Color::Black, Point::PASS, none, |_| true);
        assert_eq!(pass[0], Some((Group::Pass, 0)));
    }

    #[test]
    fn weights_round_trip_and_bad_lines_are_refused() {
        let m = Model::parse("# comment\ncapture 1 12.5\nshape 5 2\n\n").unwrap();
        assert_eq!(m.gamma((Group::Capture, 1)), 12.5);
        assert_eq!(m.gamma((Group::Shape, canonical_shape(5))), 2.0);
        assert!(Model::parse("capture one 2").is_err());
        assert!(Model::parse("colour 1 2").is_err());
        assert!(Model::parse("capture 1 -2").is_err());
        assert!(Model::parse("capture 99 2").is_err());
    }

    #[test]
    fn a_known_large_shape_is_a_feature_and_weighs_the_move() {
        let b = Board::from_diagram(
            "
            . . . . .
            . X O X .
            . . X . .
            . . . . .
            . . . . .",
        );
        let p = b.point(Coord::new(3, 1));
        let names = diamond::names(&b, p, Color::White);
        let f = features(&b, Color::White, p, (Point::PASS, Point::PASS), |n| {
            names[..2].contains(&n)
        });
        assert_eq!(f[9], Some((Group::Pattern, names[1])));
        let plain = Model::parse("line 2 1.5\n").unwrap();
        let with = Model::parse(&format!("line 2 1.5\npattern {} 4\n", names[0])).unwrap();
        let none = (Point::PASS, Point::PASS);
        let ratio = with.move_strength(&b, Color::White, p, none)
            / plain.move_strength(&b, Color::White, p, none);
        assert!((ratio - 4.0).abs() < 1e-4, "{ratio}");
        assert_eq!(with.gamma((Group::Pattern, names[0])), 4.0);
        assert_eq!(with.gamma((Group::Pattern, names[0] ^ 1)), 1.0);
    }

    #[test]
    fn the_embedded_weights_parse() {
        let _ = embedded();
    }
}
