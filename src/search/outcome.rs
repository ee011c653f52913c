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
use crate::search::playout::PlayoutEnd;
use crate::tactics::counting::{self, eye_owner};

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

/// Black's score of a playout that ended as `end` on `board`: the count of the board
/// ([`playout_end`], noting the owners in `owner`), or, when the mercy rule stopped it, at
/// least a point to the winner (the count of the board as it stands says by how much more:
/// the captures it made are stones the loser lacks), the owners then not noted.
pub fn playout_score(
    board: &Board,
    end: &PlayoutEnd,
    komi: f64,
    scoring: Scoring,
    owner: Option<&mut [i32]>,
) -> f64 {
    match end.mercy {
        Some(winner) => {
            let count = playout_end(board, komi, scoring, None);
            if winner == Color::Black {
                count.max(1.0)
            } else {
                count.min(-1.0)
            }
        }
        None => playout_end(board, komi, scoring, owner),
    }
}

/// Black's score of a position ended by two passes in the tree, under `scoring`, nothing
/// removed as dead.
pub fn terminal(board: &Board, komi: f64, scoring: Scoring) -> f64 {
    match scoring {
        Scoring::Area => counting::area_score(board, komi),
        Scoring::Territory => {
            let (black, white) = counting::area_counts(board);
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

    #[test]
    fn playout_count_equals_area_count_when_only_eyes_are_left() {
        // Columns A-C black with eyes at A2 and A4, D-E white with an eye at E3.
        let mut b = Board::new(5);
        let put = |b: &mut Board, c: Color, vs: &[&str]| {
            for v in vs {
                let p = b.point(Coord::parse_gtp(v, 5).unwrap());
                b.place_setup(p, c);
            }
        };
        put(
            &mut b,
            Color::Black,
            &["A1", "B1", "B2", "A3", "B3", "B4", "A5", "B5"],
        );
        put(&mut b, Color::Black, &["C1", "C2", "C3", "C4", "C5"]);
        put(
            &mut b,
            Color::White,
            &["D1", "D2", "D3", "D4", "D5", "E1", "E2", "E4", "E5"],
        );
        assert_eq!(b.empty_count(), 3);
        let count = playout_end(&b, 0.0, Scoring::Area, None);
        assert_eq!(count, counting::area_score(&b, 0.0));
        assert_eq!(count, (13 + 2) as f64 - (9 + 1) as f64);
        // A region reaching both colours counts for nobody.
        let mut b = Board::new(5);
        put(&mut b, Color::Black, &["A1"]);
        put(&mut b, Color::White, &["E5"]);
        assert_eq!(playout_end(&b, 0.0, Scoring::Area, None), 0.0);
    }

    fn eyes_of(b: &Board) -> i32 {
        b.points()
            .filter(|&p| b.cell(p) == Cell::Empty)
            .map(|p| eye_owner(b, p))
            .sum()
    }
}
