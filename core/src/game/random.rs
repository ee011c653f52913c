//! Random games for tests: small boards, captures favoured, so that kos and repetitions come
//! up often. Unit tests and the integration tests (the ko rules' reference judge) share it.

use super::Game;
use crate::board::Point;

/// How [`play_random_moves`] picks moves: each chance is `(n, d)`, n in d.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    /// The chance of passing (when some board play is legal; with none, the player passes).
    pub pass: (usize, usize),
    /// The chance of playing a capture when some legal board play captures.
    pub capture: (usize, usize),
}

/// Plays `moves` more moves in `game`, each a legal board play of the player to move, or a
/// pass, drawn with `odds`. `below(n)` must return a uniformly random number in `0..n` (any
/// generator will do; the library draws nothing by itself). The game's pass rule must allow
/// every pass (`pass=free`).
pub fn play_random_moves(
    g: &mut Game,
    moves: usize,
    odds: Odds,
    mut below: impl FnMut(usize) -> usize,
) {
    for _ in 0..moves {
        let c = g.to_move();
        let legal = g.legal_plays(c);
        let b = g.board();
        let capturing: Vec<Point> = legal
            .iter()
            .copied()
            .filter(|&p| b.is_capture(p, c))
            .collect();
        let p = if legal.is_empty() || below(odds.pass.1) < odds.pass.0 {
            Point::PASS
        } else if !capturing.is_empty() && below(odds.capture.1) < odds.capture.0 {
            capturing[below(capturing.len())]
        } else {
            legal[below(legal.len())]
        };
        g.play(c, p).expect("a legal move");
    }
}
