//! Area counting.
//!
//! [`area_score`] is Tromp-Taylor counting of the board as it stands: a point counts for a
//! colour when it holds a stone of that colour, or when it is empty and every path of empty
//! points from it reaches stones of that colour only. Nothing is removed as dead. The search
//! scores terminal positions with it and the GTP layer may use it for `final_score`.
//!
//! The cheap count for the end of a playout is the search's
//! ([`crate::search::outcome::playout_end`]); it shares [`eye_owner`] with the ownership
//! estimate here.
//!
//! For the end of a game: [`status::judge`] decides which stones are alive, dead or in
//! seki (Benson, the confirmation search of [`confirmation`], playout [`ownership`] and
//! [`seki`]), [`final_score`] counts by the game's rules with the dead stones removed, and
//! [`format_result`] spells the result as GTP and SGF want it. `docs/scoring.md` has the
//! definitions.

pub mod benson;
pub mod confirmation;
pub mod ownership;
pub mod regions;
pub mod seki;
pub mod status;

use crate::board::{Board, Cell, Color, Point, MAX_POINTS};
use crate::game::Game;
use crate::rules::Scoring;
use status::{Status, StatusMap};

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
pub(crate) fn eye_owner(board: &Board, p: Point) -> i32 {
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

/// The result of `game` by its rules once the stones `status` judges dead are removed,
/// minus komi: positive when Black wins.
///
/// - Area scoring: Tromp-Taylor area of the rest (stones, including stones in seki, plus
///   empty areas reaching one colour only; empty points between both colours, in seki or
///   not, count for nobody).
/// - Territory scoring (Japanese 1989): empty areas surrounded by one colour's live stones,
///   unless one of those stones is in seki, plus prisoners: stones captured during the game
///   and the dead stones.
pub fn final_score(game: &Game, status: &StatusMap) -> f64 {
    let board = game.board();
    let mut alive = Board::new(board.size());
    let mut dead_of = [0u32; 2];
    for p in board.points() {
        if let Some(c) = board.cell(p).color() {
            if status.is_dead(p) {
                dead_of[c.index()] += 1;
            } else {
                alive.place_setup(p, c);
            }
        }
    }
    match game.rules().scoring {
        Scoring::Area => area_score(&alive, game.komi()),
        Scoring::Territory => {
            let mut territory = [0u32; 2];
            for area in regions::EmptyAreas::new(&alive).all() {
                let Some(owner) = area.owner() else {
                    continue;
                };
                let in_seki = area
                    .points
                    .iter()
                    .flat_map(|&e| alive.neighbours(e))
                    .any(|n| status.status(n) == Some(Status::Seki));
                if !in_seki {
                    territory[owner.index()] += area.points.len() as u32;
                }
            }
            let black = territory[0] + board.captures(Color::Black) + dead_of[1];
            let white = territory[1] + board.captures(Color::White) + dead_of[0];
            black as f64 - white as f64 - game.komi()
        }
    }
}

/// A score as GTP's `final_score` and SGF's `RE` spell it: `B+3.5`, `W+0.5`, `0` for jigo.
pub fn format_result(score: f64) -> String {
    if score > 0.0 {
        format!("B+{score}")
    } else if score < 0.0 {
        format!("W+{}", -score)
    } else {
        "0".to_string()
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

    #[test]
    fn results_are_spelled_for_gtp() {
        assert_eq!(format_result(3.5), "B+3.5");
        assert_eq!(format_result(-7.0), "W+7");
        assert_eq!(format_result(0.0), "0");
    }

    #[test]
    fn a_lone_invader_is_dead_and_counted() {
        use crate::rules::Ruleset;
        // Black owns the left three columns, White the right two of a 5x5 board; a white
        // stone sits alone in Black's area.
        let mut g = Game::new(5, Ruleset::default());
        g.set_komi(0.5);
        let mut start = Board::new(5);
        for v in ["C1", "C2", "C3", "C4", "C5"] {
            start.place_setup(at(&start, v), Color::Black);
        }
        for v in ["D1", "D2", "D3", "D4", "D5", "A4"] {
            start.place_setup(at(&start, v), Color::White);
        }
        g.set_start(start, Color::Black, 0);
        let status = status::judge(&g, 1);
        assert_eq!(
            status.list(g.board(), Status::Dead),
            vec![at(g.board(), "A4")]
        );
        assert_eq!(final_score(&g, &status), 15.0 - 10.0 - 0.5);
        assert_eq!(format_result(final_score(&g, &status)), "B+4.5");
        let mut japanese = g.clone();
        japanese.set_rules(Ruleset::preset("japanese").unwrap());
        let status = status::judge(&japanese, 1);
        // Territory: Black 10 points + 1 dead stone, White 5 points.
        assert_eq!(final_score(&japanese, &status), 11.0 - 5.0 - 0.5);
    }
}
