//! The score at the end of a simulation, by the ruleset's scoring, from Black's side.
//!
//! - **Area:** stones plus the empty points that count for a colour, minus komi.
//! - **Territory** (Japanese counting): empty points that count for a colour plus the
//!   stones it captured, minus komi. At the end of a playout every dead stone has been
//!   captured, so this is the Japanese count of that position (seki aside).
//!
//! [`playout_end`] is the cheap count for a finished playout, where every empty point left is
//! (nearly always) a single-point eye: an empty point counts for a colour when all its
//! on-board neighbours are that colour. It can also note each point's owner. [`terminal`]
//! counts a position where the tree's line ended by two passes, with Tromp-Taylor regions.

use crate::board::{Board, Cell, Color, Point};
use crate::rules::Scoring;
use crate::score;

/// Black's score at the end of a playout under `scoring`; when `owner` is given, adds +1
/// (Black) or -1 (White) to `owner[p.index()]` for every point owned.
#[inline]
pub fn playout_end(
    board: &Board,
    komi: f64,
    scoring: Scoring,
    mut owner: Option<&mut [i32]>,
) -> f64 {
    let n = board.size();
    let stride = n + 1;
    let (mut stones, mut eyes) = (0i32, 0i32);
    for row in 1..=n {
        let start = row * stride + 1;
        for i in start..start + n {
            let p = Point(i as u16);
            let own = match board.cell(p) {
                Cell::Black => {
                    stones += 1;
                    1
                }
                Cell::White => {
                    stones -= 1;
                    -1
                }
                Cell::Empty => {
                    let e = eye_owner(board, p);
                    eyes += e;
                    e
                }
                Cell::OffBoard => 0,
            };
            if let Some(o) = owner.as_deref_mut() {
                o[i] += own;
            }
        }
    }
    match scoring {
        Scoring::Area => (stones + eyes) as f64 - komi,
        Scoring::Territory => (eyes + capture_lead(board)) as f64 - komi,
    }
}

/// Black's score of a position ended by two passes in the tree, under `scoring`, nothing
/// removed as dead.
pub fn terminal(board: &Board, komi: f64, scoring: Scoring) -> f64 {
    match scoring {
        Scoring::Area => score::area_score(board, komi),
        Scoring::Territory => {
            let (black, white) = score::area_counts(board);
            let mut stones = 0i64;
            for p in board.points() {
                match board.cell(p) {
                    Cell::Black => stones += 1,
                    Cell::White => stones -= 1,
                    _ => {}
                }
            }
            (black as i64 - white as i64 - stones + capture_lead(board) as i64) as f64 - komi
        }
    }
}

/// Stones captured by Black minus stones captured by White.
fn capture_lead(board: &Board) -> i32 {
    board.captures(Color::Black) as i32 - board.captures(Color::White) as i32
}

/// +1 when every on-board neighbour of the empty point `p` is black, -1 when all are white,
/// 0 otherwise.
#[inline]
fn eye_owner(board: &Board, p: Point) -> i32 {
    let mut seen = [false; 4];
    for n in board.neighbours(p) {
        seen[board.cell(n) as usize] = true;
    }
    match (seen[0], seen[1], seen[2]) {
        (false, true, false) => 1,
        (false, false, true) => -1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;

    #[test]
    fn area_and_territory_differ_by_stones_and_prisoners() {
        // 3x3: black wall on column A, white on column C, B column: eyes? B2 empty
        // between A2 (X) and C2 (O): neutral.
        let mut b = Board::new(3);
        for r in 0..3 {
            let p = b.point(Coord::new(0, r));
            b.place_setup(p, Color::Black);
        }
        let b1 = b.point(Coord::new(1, 0));
        b.place_setup(b1, Color::Black);
        let c3 = b.point(Coord::new(2, 2));
        b.place_setup(c3, Color::White);
        // Area: black 4 stones; empty B2, B3, C1, C2 mixed.
        let mut owner = vec![0; 32];
        let area = playout_end(&b, 0.5, Scoring::Area, Some(&mut owner));
        assert_eq!(area, 4.0 - 1.0 - 0.5 + eyes_of(&b) as f64);
        let terr = playout_end(&b, 0.5, Scoring::Territory, None);
        assert_eq!(terr, eyes_of(&b) as f64 - 0.5);
        assert_eq!(owner[b.point(Coord::new(0, 0)).index()], 1);
        assert_eq!(owner[c3.index()], -1);
    }

    fn eyes_of(b: &Board) -> i32 {
        b.points()
            .filter(|&p| b.cell(p) == Cell::Empty)
            .map(|p| eye_owner(b, p))
            .sum()
    }
}
