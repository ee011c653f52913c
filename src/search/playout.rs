//! Random playouts: uniformly random board plays that do not fill the player's own eyes,
//! until both players pass.
//!
//! A move is drawn by scanning the board's empty list cyclically from a random index and
//! taking the first point that is not an own eye and is legal on the board (simple ko from
//! the board, suicide never). Under rules that compare whole positions, a play that
//! captures is also refused when it recreates a position of the root game, of the search
//! line, or of the playout so far (plays that capture nothing cannot repeat a position in
//! a playout without suicide, so the check stays cheap). A playout stops after two passes in
//! a row or after `3 * N * N` moves. Nothing is allocated once the buffers have grown.

use super::rng::Rng;
use crate::board::{Board, Cell, Color, Point, SuicideRule};
use crate::rules::line::KoLine;

/// Reusable buffers for playouts.
#[derive(Clone, Debug, Default)]
pub struct Playout {
    /// Position hashes of the current playout (kept only under superko).
    hashes: Vec<u64>,
}

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutEnd {
    /// Moves made, passes included.
    pub moves: u32,
    /// True when the length cap stopped it before two passes.
    pub capped: bool,
}

impl Playout {
    /// Empty buffers.
    pub fn new() -> Playout {
        Playout::default()
    }

    /// Plays random moves on `board` from `to_move` until two passes in a row (counting
    /// `passes`, the passes in a row that ended the history so far) or the length cap.
    /// `superko`, when given, is the history whose positions capturing plays may not
    /// recreate.
    pub fn run(
        &mut self,
        board: &mut Board,
        mut to_move: Color,
        mut passes: u32,
        rng: &mut Rng,
        superko: Option<&KoLine>,
    ) -> PlayoutEnd {
        let size = board.size() as u32;
        let cap = 3 * size * size;
        self.hashes.clear();
        let mut moves = 0;
        while passes < 2 {
            if moves >= cap {
                return PlayoutEnd {
                    moves,
                    capped: true,
                };
            }
            let p = match superko {
                None => choose(board, to_move, rng, |_, _, _| true),
                Some(line) => {
                    let hashes = &self.hashes;
                    choose(board, to_move, rng, |b, p, c| {
                        !captures(b, p, c) || {
                            let h = b.hash_after(p, c);
                            !line.seen(h) && !hashes.contains(&h)
                        }
                    })
                }
            };
            if p.is_pass() {
                board.clear_ko();
                passes += 1;
            } else {
                board.play(p, to_move);
                passes = 0;
                if superko.is_some() {
                    self.hashes.push(board.hash());
                }
            }
            to_move = to_move.opponent();
            moves += 1;
        }
        PlayoutEnd {
            moves,
            capped: false,
        }
    }
}

/// A random point where `color` may play without filling an own eye and that `allow`
/// accepts, or [`Point::PASS`] if there is none.
#[inline]
fn choose(
    board: &Board,
    color: Color,
    rng: &mut Rng,
    allow: impl Fn(&Board, Point, Color) -> bool,
) -> Point {
    let n = board.empty_count();
    if n == 0 {
        return Point::PASS;
    }
    let start = rng.below(n);
    let mut i = start;
    loop {
        let p = board.empty_point(i);
        if !board.is_eye(p, color)
            && board.is_legal_simple(p, color, SuicideRule::Forbidden)
            && allow(board, p, color)
        {
            return p;
        }
        i += 1;
        if i == n {
            i = 0;
        }
        if i == start {
            return Point::PASS;
        }
    }
}

/// True when `color` playing on the empty point `p` captures something.
#[inline]
pub fn captures(board: &Board, p: Point, color: Color) -> bool {
    let opp = Cell::stone(color.opponent());
    board
        .neighbours(p)
        .iter()
        .any(|&n| board.cell(n) == opp && board.in_atari(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::rules::Ruleset;

    #[test]
    fn playouts_end_with_only_eyes_left() {
        let mut rng = Rng::new(3);
        let mut playout = Playout::new();
        for size in [5, 9, 13] {
            for _ in 0..50 {
                let mut b = Board::new(size);
                let end = playout.run(&mut b, Color::Black, 0, &mut rng, None);
                b.check_invariants().unwrap();
                assert!(end.moves > 0);
                if !end.capped {
                    for i in 0..b.empty_count() {
                        let p = b.empty_point(i);
                        for c in Color::BOTH {
                            assert!(
                                b.is_eye(p, c) || !b.is_legal_simple(p, c, SuicideRule::Forbidden),
                                "{b:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn superko_playouts_never_repeat_a_capture_position() {
        let g = Game::new(5, Ruleset::default());
        let line = KoLine::new(g.memory());
        let mut rng = Rng::new(11);
        let mut playout = Playout::new();
        for _ in 0..200 {
            let mut b = g.board().clone();
            playout.run(&mut b, Color::Black, 0, &mut rng, Some(&line));
            let mut seen = playout.hashes.clone();
            seen.sort_unstable();
            let before = seen.len();
            seen.dedup();
            assert_eq!(before, seen.len());
        }
    }
}
