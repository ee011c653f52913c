//! Counting a board as it stands: Tromp-Taylor area (a point counts for a colour when it
//! holds a stone of that colour, or when it is empty and every path of empty points from it
//! reaches stones of that colour only; nothing is removed as dead), and the one-point eye
//! test that the playouts' count and the ownership estimate share.

use crate::board::{Board, Cell, Point, MAX_POINTS};

/// Tromp-Taylor area score of `board`: Black's area minus White's area minus `komi`
/// (positive when Black is ahead). Allocates nothing.
pub fn area_score(board: &Board, komi: f64) -> f64 {
    let (black, white) = area_counts(board);
    black as f64 - white as f64 - komi
}

/// Tromp-Taylor areas of Black and White (stones plus empty regions reaching only that
/// colour), without komi.
pub fn area_counts(board: &Board) -> (u32, u32) {
    let mut seen = [false; MAX_POINTS];
    let mut stack = [0u16; MAX_POINTS];
    let mut area = [0u32; 2];
    for p in board.points() {
        match board.cell(p) {
            Cell::Black => area[0] += 1,
            Cell::White => area[1] += 1,
            Cell::Empty if !seen[p.index()] => {
                // Flood the empty region, noting which colours it touches.
                let (mut size, mut reach) = (0u32, [false; 2]);
                let mut top = 0;
                stack[top] = p.0;
                top += 1;
                seen[p.index()] = true;
                while top > 0 {
                    top -= 1;
                    let q = Point(stack[top]);
                    size += 1;
                    for n in board.neighbours(q) {
                        match board.cell(n) {
                            Cell::Empty if !seen[n.index()] => {
                                seen[n.index()] = true;
                                stack[top] = n.0;
                                top += 1;
                            }
                            Cell::Black => reach[0] = true,
                            Cell::White => reach[1] = true,
                            _ => {}
                        }
                    }
                }
                match reach {
                    [true, false] => area[0] += size,
                    [false, true] => area[1] += size,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    (area[0], area[1])
}

/// +1 when every on-board neighbour of the empty point `p` is black, -1 when all are white,
/// 0 otherwise.
#[inline]
pub fn eye_owner(board: &Board, p: Point) -> i32 {
    let mut seen = [false; 4];
    for n in board.neighbours(p) {
        seen[board.cell(n) as usize] = true;
    }
    // Indices: Empty 0, Black 1, White 2, OffBoard 3.
    match (seen[0], seen[1], seen[2]) {
        (false, true, false) => 1,
        (false, false, true) => -1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Coord};

    fn at(b: &Board, v: &str) -> Point {
        b.point(Coord::parse_gtp(v, b.size()).unwrap())
    }

    fn put(b: &mut Board, color: Color, vs: &[&str]) {
        for v in vs {
            let p = at(b, v);
            b.play(p, color);
        }
    }

    #[test]
    fn empty_board_is_nobodys() {
        let b = Board::new(9);
        assert_eq!(area_counts(&b), (0, 0));
        assert_eq!(area_score(&b, 7.5), -7.5);
    }

    #[test]
    fn a_single_stone_owns_the_board() {
        let mut b = Board::new(5);
        put(&mut b, Color::Black, &["C3"]);
        assert_eq!(area_counts(&b), (25, 0));
        assert_eq!(area_score(&b, 0.5), 24.5);
    }

    #[test]
    fn split_board_counts_walls_and_territory() {
        // Black wall on column B, White wall on column D of a 5x5 board: A is Black's,
        // E is White's, C touches both and is neutral.
        let mut b = Board::new(5);
        put(&mut b, Color::Black, &["B1", "B2", "B3", "B4", "B5"]);
        put(&mut b, Color::White, &["D1", "D2", "D3", "D4", "D5"]);
        assert_eq!(area_counts(&b), (10, 10));
        assert_eq!(area_score(&b, 2.0), -2.0);
    }
}
