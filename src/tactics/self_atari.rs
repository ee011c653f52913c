//! Self-atari: a play that leaves its own string with one liberty and captures nothing.
//! The playout policy, the priors and the ladder reader all reject or weigh such plays.

use crate::board::{Board, Cell, Color, Point};

/// True when `color`'s play on the empty point `p` leaves its string with at most one
/// liberty and captures nothing.
#[inline]
pub fn is_self_atari(board: &Board, p: Point, color: Color) -> bool {
    let own = Cell::stone(color);
    let opp = Cell::stone(color.opponent());
    // One liberty found so far (other than p), if any.
    let mut first = Point::PASS;
    let mut note = |q: Point| -> bool {
        if q == p || q == first {
            return false;
        }
        if first.is_pass() {
            first = q;
            false
        } else {
            true
        }
    };
    let ns = board.neighbours(p);
    for &n in &ns {
        if board.cell(n) == Cell::Empty && note(n) {
            return false;
        }
    }
    for &n in &ns {
        let c = board.cell(n);
        if c == opp && board.in_atari(n) {
            return false; // captures: gains liberties
        }
        if c == own {
            for l in board.liberties(n, 3) {
                if note(l) {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;

    fn at(b: &Board, v: &str) -> Point {
        b.point(Coord::parse_gtp(v, b.size()).unwrap())
    }

    #[test]
    fn self_atari_is_recognised() {
        let b = Board::from_diagram("X....\n.....\n.....\n.O...\n..O..");
        // Black on B1: neighbours A1 (empty), C1 and B2 (white, safe): one liberty.
        assert!(is_self_atari(&b, at(&b, "B1"), Color::Black));
        assert!(!is_self_atari(&b, at(&b, "D2"), Color::Black));
        // Black on A4 joins A5: liberties B5, B4, A3.
        assert!(!is_self_atari(&b, at(&b, "A4"), Color::Black));
    }
}
