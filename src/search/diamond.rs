//! Large shapes around a move: the contents of every point within a "diamond" of the move,
//! in Pachi's and Coulom's sense, hashed so that the same shape gets the same name in every
//! corner, in every orientation and for either colour.
//!
//! A point at `(dx, dy)` from the move is at distance `dx + dy + max(dx, dy)` (the distance
//! the move model's `dist-last` uses): 2 for the four direct neighbours, 3 for the
//! diagonals, 4 for the points two lines away in a straight line, and so on. The shape of
//! size `d` holds every point at distance `d` or less, each seen from the player: empty,
//! own stone, opponent stone, or off the board. Sizes [`MIN_SIZE`] to [`MAX_SIZE`] are
//! hashed; a size-4 shape is the 3x3 square plus the four points two away, a size-10 shape
//! reaches five lines away along the lines.
//!
//! Each size's name is the smallest of the shape's eight symmetric hashes (four rotations,
//! each mirrored), so a shape and its mirror image are one shape. The names are 32 bits; a
//! collision between two shapes costs only a slightly wrong prior.
//!
//! Reading the shapes allocates nothing: one pass over the points, eight running hashes.

use crate::board::zobrist::splitmix;
use crate::board::{Board, Cell, Color, Coord, Point};
use std::sync::OnceLock;

/// The smallest shape size hashed (smaller shapes are the model's 3x3 `shape` group).
pub const MIN_SIZE: u32 = 4;
/// The largest shape size hashed.
pub const MAX_SIZE: u32 = 10;
/// The number of shape sizes hashed.
pub const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;

/// The offsets of a shape, ordered by distance, and each offset's key under every symmetry.
struct Table {
    /// `(dx, dy)` of every point within distance [`MAX_SIZE`], the move itself excluded,
    /// nearest first.
    offsets: Vec<(i32, i32)>,
    /// `ends[k]`: the number of offsets within distance `MIN_SIZE + k`.
    ends: [usize; SIZES],
    /// `keys[s][i][c]`: the random key of content `c` on offset `i` seen under symmetry `s`.
    keys: [Vec<[u64; 4]>; 8],
}

/// Content codes, seen from the player.
const EMPTY: usize = 0;
const OWN: usize = 1;
const OPP: usize = 2;
const EDGE: usize = 3;

fn distance(dx: i32, dy: i32) -> u32 {
    let (x, y) = (dx.unsigned_abs(), dy.unsigned_abs());
    x + y + x.max(y)
}

/// `(dx, dy)` under symmetry `s`: mirrored when `s & 4`, then turned a quarter `s & 3` times.
fn turn((mut dx, mut dy): (i32, i32), s: usize) -> (i32, i32) {
    if s & 4 != 0 {
        dx = -dx;
    }
    for _ in 0..(s & 3) {
        (dx, dy) = (-dy, dx);
    }
    (dx, dy)
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let r = MAX_SIZE as i32;
        let mut offsets: Vec<(i32, i32)> = (-r..=r)
            .flat_map(|dx| (-r..=r).map(move |dy| (dx, dy)))
            .filter(|&(dx, dy)| (dx, dy) != (0, 0) && distance(dx, dy) <= MAX_SIZE)
            .collect();
        offsets.sort_by_key(|&(dx, dy)| (distance(dx, dy), dx, dy));
        let mut ends = [0; SIZES];
        for (k, end) in ends.iter_mut().enumerate() {
            let size = MIN_SIZE + k as u32;
            *end = offsets
                .iter()
                .filter(|&&(dx, dy)| distance(dx, dy) <= size)
                .count();
        }
        // Fixed keys, the same in every run: the names are stored in the weights file.
        let mut state = 0x6B6F_616E_4469_616Du64; // "koanDiam"
        let base: Vec<[u64; 4]> = offsets
            .iter()
            .map(|_| {
                std::array::from_fn(|_| {
                    let (next, key) = splitmix(state);
                    state = next;
                    key
                })
            })
            .collect();
        let index = |o: (i32, i32)| offsets.iter().position(|&x| x == o).expect("closed");
        let keys =
            std::array::from_fn(|s| offsets.iter().map(|&o| base[index(turn(o, s))]).collect());
        Table {
            offsets,
            ends,
            keys,
        }
    })
}

/// The names of the shapes of every size around `color`'s move on the empty point `p`,
/// smallest first, handed one by one to `visit(size_index, name)` until it returns false.
/// Stopping early skips the larger sizes' work.
pub fn walk(board: &Board, p: Point, color: Color, mut visit: impl FnMut(usize, u32) -> bool) {
    let t = table();
    let n = board.size() as i32;
    let c = board.coord(p);
    let (col, row) = (c.col as i32, c.row as i32);
    let own = Cell::stone(color);
    let mut h = [0u64; 8];
    let mut i = 0;
    for (k, &end) in t.ends.iter().enumerate() {
        while i < end {
            let (dx, dy) = t.offsets[i];
            let (x, y) = (col + dx, row + dy);
            let content = if x < 0 || y < 0 || x >= n || y >= n {
                EDGE
            } else {
                match board.cell(board.point(Coord::new(x as usize, y as usize))) {
                    Cell::Empty => EMPTY,
                    cell if cell == own => OWN,
                    _ => OPP,
                }
            };
            for (s, hs) in h.iter_mut().enumerate() {
                *hs ^= t.keys[s][i][content];
            }
            i += 1;
        }
        let least = h.iter().copied().min().unwrap_or(0);
        // Fold to 32 bits; the size is part of the name.
        let name = ((least >> 32) ^ least ^ (k as u64).wrapping_mul(0x9E37_79B9)) as u32;
        if !visit(k, name) {
            return;
        }
    }
}

/// The names of the shapes of every size around `color`'s move on `p`, smallest first.
pub fn names(board: &Board, p: Point, color: Color) -> [u32; SIZES] {
    let mut out = [0; SIZES];
    walk(board, p, color, |k, name| {
        out[k] = name;
        true
    });
    out
}

/// The largest shape around `color`'s move on `p` that `known` knows, with what it says,
/// walking up from the smallest size and stopping at the first size it does not know.
pub fn largest_known<T>(
    board: &Board,
    p: Point,
    color: Color,
    mut known: impl FnMut(u32) -> Option<T>,
) -> Option<(u32, T)> {
    let mut best = None;
    walk(board, p, color, |_, name| match known(name) {
        Some(v) => {
            best = Some((name, v));
            true
        }
        None => false,
    });
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(b: &Board, v: &str) -> Point {
        b.point(Coord::parse_gtp(v, b.size()).unwrap())
    }

    /// A board and its image under symmetry `s` (turned and mirrored about the centre).
    fn image(b: &Board, s: usize) -> Board {
        let n = b.size() as i32;
        let mut out = Board::new(b.size());
        for col in 0..n {
            for row in 0..n {
                let cell = b.cell(b.point(Coord::new(col as usize, row as usize)));
                let (x, y) = turn((2 * col - (n - 1), 2 * row - (n - 1)), s);
                let q = out.point(Coord::new(
                    ((x + n - 1) / 2) as usize,
                    ((y + n - 1) / 2) as usize,
                ));
                if let Some(c) = cell.color() {
                    out.place_setup(q, c);
                }
            }
        }
        out
    }

    fn mapped(b: &Board, p: Point, s: usize) -> Point {
        let n = b.size() as i32;
        let c = b.coord(p);
        let (x, y) = turn((2 * c.col as i32 - (n - 1), 2 * c.row as i32 - (n - 1)), s);
        b.point(Coord::new(
            ((x + n - 1) / 2) as usize,
            ((y + n - 1) / 2) as usize,
        ))
    }

    const DIAGRAM: &str = "
        . . . . . . . . .
        . . . X O . . . .
        . . X . O . . . .
        . . X O . . . . .
        . . . X O . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn every_symmetry_gives_the_same_names() {
        let b = Board::from_diagram(DIAGRAM);
        for v in ["F5", "B8", "E3", "A1", "D6"] {
            let p = at(&b, v);
            let want = names(&b, p, Color::Black);
            for s in 0..8 {
                let img = image(&b, s);
                assert_eq!(names(&img, mapped(&b, p, s), Color::Black), want, "{v} {s}");
            }
        }
    }

    #[test]
    fn names_are_seen_from_the_player() {
        let b = Board::from_diagram(DIAGRAM);
        let swapped = Board::from_diagram(
            &DIAGRAM
                .replace('X', "x")
                .replace('O', "X")
                .replace('x', "O"),
        );
        for v in ["F5", "B8", "E3"] {
            let p = at(&b, v);
            assert_eq!(names(&b, p, Color::Black), names(&swapped, p, Color::White));
            assert_ne!(names(&b, p, Color::Black), names(&b, p, Color::White));
        }
    }

    #[test]
    fn sizes_differ_and_a_far_stone_changes_only_the_large_ones() {
        let b = Board::from_diagram(DIAGRAM);
        let p = at(&b, "G2");
        let before = names(&b, p, Color::Black);
        let mut distinct = before.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), SIZES);
        // G5 is three lines above G2: distance 6.
        let mut after = b.clone();
        after.place_setup(at(&b, "G5"), Color::White);
        let changed = names(&after, p, Color::Black);
        assert_eq!(changed[..2], before[..2]);
        assert!(changed[2..].iter().zip(&before[2..]).all(|(a, b)| a != b));
    }

    #[test]
    fn the_walk_stops_at_the_first_unknown_size() {
        let b = Board::from_diagram(DIAGRAM);
        let p = at(&b, "F5");
        let all = names(&b, p, Color::Black);
        let known = [all[0], all[1], all[3]];
        let found = largest_known(&b, p, Color::Black, |n| known.contains(&n).then_some(n));
        assert_eq!(found.map(|(n, _)| n), Some(all[1]));
        assert_eq!(largest_known(&b, p, Color::Black, |_| None::<()>), None);
    }
}
