//! Last good reply with forgetting (Drake; Baier and Drake, "The Power of Forgetting",
//! 2010): the playouts remember, per player, the answer that player last made in a won
//! simulation to the opponent's move (and to the opponent's move after one of its own),
//! and play it again when the same move comes up; a reply that appears in a lost simulation
//! is forgotten. The tables are the worker's own, learnt over one search.
//!
//! Off unless asked for (`SearchParams::playout_replies`, `--playout-replies on`): its A/B
//! matches have not shown a gain yet (see `docs/search.md`).
//!
//! Nothing here allocates after [`Replies::new`].

use crate::board::{Color, Point, MAX_POINTS};

/// The remembered replies of both players. An entry of [`Point::PASS`] means none.
#[derive(Clone)]
pub(super) struct Replies {
    /// Per player, indexed by the opponent's last move: the reply.
    one: Vec<Point>,
    /// Per player, indexed by the player's own move before and the opponent's last move.
    two: Vec<Point>,
}

impl std::fmt::Debug for Replies {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Replies { .. }")
    }
}

impl Default for Replies {
    fn default() -> Replies {
        Replies::new()
    }
}

impl Replies {
    /// Empty tables for boards up to the largest size.
    pub fn new() -> Replies {
        Replies {
            one: vec![Point::PASS; 2 * MAX_POINTS],
            two: vec![Point::PASS; 2 * MAX_POINTS * MAX_POINTS],
        }
    }

    #[inline(always)]
    fn index_one(color: Color, last: Point) -> usize {
        color.index() * MAX_POINTS + last.index()
    }

    #[inline(always)]
    fn index_two(color: Color, last2: Point, last: Point) -> usize {
        (color.index() * MAX_POINTS + last2.index()) * MAX_POINTS + last.index()
    }

    /// The reply `color` remembers to the opponent's `last` after its own `last2` (the
    /// two-move reply first, then the one-move reply); [`Point::PASS`] when none, or when
    /// `last` was a pass.
    #[inline]
    pub fn get(&self, color: Color, last2: Point, last: Point) -> Point {
        if last.is_pass() {
            return Point::PASS;
        }
        if !last2.is_pass() {
            let r = self.two[Self::index_two(color, last2, last)];
            if !r.is_pass() {
                return r;
            }
        }
        self.one[Self::index_one(color, last)]
    }

    /// Learns from one simulation's `moves` (in order, passes included), which `winner`
    /// won: the winner's replies are stored, the loser's forgotten where remembered.
    pub fn learn(&mut self, moves: &[(Point, Color)], winner: Color) {
        for j in 1..moves.len() {
            let (p, c) = moves[j];
            let last = moves[j - 1].0;
            if p.is_pass() || last.is_pass() {
                continue;
            }
            let one = Self::index_one(c, last);
            let two = (j >= 2 && !moves[j - 2].0.is_pass())
                .then(|| Self::index_two(c, moves[j - 2].0, last));
            if c == winner {
                self.one[one] = p;
                if let Some(two) = two {
                    self.two[two] = p;
                }
            } else {
                if self.one[one] == p {
                    self.one[one] = Point::PASS;
                }
                if let Some(two) = two {
                    if self.two[two] == p {
                        self.two[two] = Point::PASS;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winners_replies_are_kept_and_losers_forgotten() {
        let (a, b, c, d) = (Point(30), Point(31), Point(40), Point(41));
        let mut r = Replies::new();
        let game = [(a, Color::Black), (b, Color::White), (c, Color::Black)];
        r.learn(&game, Color::White);
        assert_eq!(r.get(Color::White, Point::PASS, a), b);
        assert_eq!(r.get(Color::Black, a, b), Point::PASS);
        r.learn(&game, Color::Black);
        assert_eq!(r.get(Color::Black, a, b), c);
        assert_eq!(r.get(Color::Black, d, b), c, "the one-move reply stands in");
        // White lost with B after A: forgotten.
        assert_eq!(r.get(Color::White, Point::PASS, a), Point::PASS);
        assert_eq!(r.get(Color::White, d, Point::PASS), Point::PASS);
    }
}
