//! 3x3 shape patterns: the classic MoGo hand-made set (hane, cut, side patterns), as Michi
//! and Pachi use it, compiled into a table of all 65,536 neighbourhoods.
//!
//! A neighbourhood is the contents of the eight points around an empty point, two bits each
//! (empty, black, white, off the board), read in [`key`]'s fixed order. The set is closed
//! under the eight symmetries of the square and under swapping the colours, so one table
//! serves both players: a match says "a play here is a good shape", whoever plays.

use crate::board::{Board, Point};
use std::sync::OnceLock;

/// The source patterns. Rows top to bottom, the centre is the candidate point (always `.`).
/// `X`, `O`: stones of the two colours; `.`: empty; ` `: off the board; `x`: not `X` (empty,
/// `O` or off the board); `o`: not `O`; `?`: anything.
const SOURCE: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane: enclosing hane
    ["XO.", "...", "?.?"], // hane: non-cutting hane
    ["XO?", "X..", "x.?"], // hane: magari
    [".O.", "X..", "..."], // generic: katatsuke or diagonal attachment
    ["XO?", "O.o", "?o?"], // cut1: unprotected cut
    ["XO?", "O.X", "???"], // cut1: peeped cut
    ["?X?", "O.O", "ooo"], // cut2: de
    ["OX?", "o.O", "???"], // cut keima
    ["X.?", "O.?", "   "], // side: chase
    ["OX?", "X.O", "   "], // side: block side cut
    ["?X?", "x.O", "   "], // side: block side connection
    ["?XO", "x.x", "   "], // side: sagari
    ["?OX", "X.O", "   "], // side: cut
];

/// Cell codes, as [`crate::board::Cell`] numbers them.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

/// Grid positions (row, column) of the eight neighbours, in key order.
pub const ORDER: [(usize, usize); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 0),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
];

/// The neighbourhood key of the point `p`: its eight neighbours' cells, two bits each, in
/// the order top-left, top, top-right, left, right, bottom-left, bottom, bottom-right (top
/// being the row above on the board).
#[inline]
pub fn key(board: &Board, p: Point) -> u16 {
    let [top, middle, bottom] = board.square(p);
    let cells = [
        top[0], top[1], top[2], middle[0], middle[2], bottom[0], bottom[1], bottom[2],
    ];
    let mut k = 0u16;
    for (i, c) in cells.into_iter().enumerate() {
        k |= (c as u16) << (2 * i);
    }
    k
}

/// True when the empty point `p` matches one of the patterns.
#[inline]
pub fn matches(board: &Board, p: Point) -> bool {
    let k = key(board, p) as usize;
    table()[k >> 6] & (1 << (k & 63)) != 0
}

/// The compiled table: bit `k` is set when neighbourhood `k` matches.
fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<[u64; 1024]> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Expands every source pattern over symmetries, colours and wildcards.
fn build() -> [u64; 1024] {
    let mut bits = [0u64; 1024];
    for src in SOURCE {
        let grid: Vec<Vec<char>> = src.iter().map(|r| r.chars().collect()).collect();
        for sym in 0..8 {
            let g = transform(&grid, sym);
            for swap in [false, true] {
                let mut keys = vec![0u16];
                for (i, &(r, c)) in ORDER.iter().enumerate() {
                    let options = cells_for(g[r][c], swap);
                    keys = keys
                        .iter()
                        .flat_map(|k| options.iter().map(move |&o| k | (o as u16) << (2 * i)))
                        .collect();
                }
                for k in keys {
                    bits[k as usize >> 6] |= 1 << (k & 63);
                }
            }
        }
    }
    bits
}

/// The cells a pattern character stands for (`swap`: `X` is white).
fn cells_for(ch: char, swap: bool) -> Vec<u8> {
    let (x, o) = if swap { (WHITE, BLACK) } else { (BLACK, WHITE) };
    match ch {
        'X' => vec![x],
        'O' => vec![o],
        '.' => vec![EMPTY],
        ' ' => vec![EDGE],
        'x' => vec![EMPTY, o, EDGE],
        'o' => vec![EMPTY, x, EDGE],
        '?' => vec![EMPTY, BLACK, WHITE, EDGE],
        other => panic!("bad pattern character {other:?}"),
    }
}

/// The 3x3 grid under symmetry `sym` (0..8: four rotations, each optionally mirrored).
fn transform(g: &[Vec<char>], sym: usize) -> Vec<Vec<char>> {
    let mut out = vec![vec![' '; 3]; 3];
    for (r, row) in out.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let (mut rr, mut cc) = (r, c);
            if sym & 4 != 0 {
                cc = 2 - cc;
            }
            for _ in 0..(sym & 3) {
                (rr, cc) = (cc, 2 - rr);
            }
            *cell = g[rr][cc];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Coord};

    fn board_with(size: usize, stones: &[(usize, usize, Color)]) -> Board {
        let mut b = Board::new(size);
        for &(col, row, c) in stones {
            b.place_setup(b.point(Coord::new(col, row)), c);
        }
        b
    }

    #[test]
    fn table_is_colour_symmetric_and_nonempty() {
        let t = build();
        let count: u32 = t.iter().map(|w| w.count_ones()).sum();
        assert!(count > 100, "{count} neighbourhoods");
        for k in 0..65536u32 {
            let mut swapped = 0u32;
            for i in 0..8 {
                let c = (k >> (2 * i)) & 3;
                let s = match c {
                    1 => 2,
                    2 => 1,
                    x => x,
                };
                swapped |= s << (2 * i);
            }
            let bit = |k: u32| t[k as usize >> 6] & (1 << (k & 63)) != 0;
            assert_eq!(bit(k), bit(swapped));
        }
    }

    #[test]
    fn hane_matches_and_empty_does_not() {
        use Color::*;
        // Black stone at (4,5), white at (5,5): the point (5,4) below the white stone, next
        // to the black one diagonally, is the "non-cutting hane" shape XO. / ... / ?.?
        let b = board_with(9, &[(4, 5, Black), (5, 5, White)]);
        assert!(matches(&b, b.point(Coord::new(5, 4))));
        let empty = Board::new(9);
        assert!(!matches(&empty, empty.point(Coord::new(4, 4))));
    }

    #[test]
    fn cut_matches_in_every_orientation() {
        use Color::*;
        // Unprotected cut: X at top-left, O at top and left, the centre empty, rest empty.
        for sym in 0..8 {
            let g = transform(
                &[
                    "XO.".chars().collect(),
                    "O..".chars().collect(),
                    "...".chars().collect(),
                ],
                sym,
            );
            let mut stones = Vec::new();
            for (r, row) in g.iter().enumerate() {
                for (c, ch) in row.iter().enumerate() {
                    let (col, rw) = (3 + c, 5 - r);
                    match ch {
                        'X' => stones.push((col, rw, Black)),
                        'O' => stones.push((col, rw, White)),
                        _ => {}
                    }
                }
            }
            let b = board_with(9, &stones);
            assert!(matches(&b, b.point(Coord::new(4, 4))), "symmetry {sym}");
        }
    }
}
