//! Self-atari: a play that leaves its own string with one liberty and captures nothing.
//! The playout policy, the priors and the ladder reader all reject or weigh such plays.

use crate::board::{Board, Cell, Color, Point};

/// Pseudo-liberties enough for an own string to have two liberties besides the new stone's
/// point, whatever their layout: a liberty is counted at most four times, so nine are at
/// least three distinct liberties.
const SURELY_TWO_OTHER_LIBERTIES: usize = 4 * 2 + 1;

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
            // No need to walk a string with that many.
            if board.pseudo_liberties(n) >= SURELY_TWO_OTHER_LIBERTIES {
                return false;
            }
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

    #[test]
    fn joining_a_string_with_many_liberties_is_no_self_atari() {
        // Black's long string has plenty of liberties: B1 between White's stones joins it.
        // For White, B1 joins A1 and C1 into a string with D1 its only liberty.
        let b = Board::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X X X X .
            O . O . . . .",
        );
        let p = at(&b, "B1");
        assert!(b.pseudo_liberties(at(&b, "A2")) >= SURELY_TWO_OTHER_LIBERTIES);
        assert!(!is_self_atari(&b, p, Color::Black));
        assert!(is_self_atari(&b, p, Color::White));
    }
}
