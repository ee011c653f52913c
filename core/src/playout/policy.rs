//! The playout policy: which move a playout plays, and the tactical tests it and the tree's
//! priors share.
//!
//! After the opponent's board play the policy tries, in order (as MoGo, Pachi and Michi do):
//! 1. with probability 9/10, **atari answers** around that play: capture an opponent string
//!    in atari (the play itself or a neighbour), or save an own string it put in atari, by
//!    capturing one of the string's attackers in atari or by extending when the extension
//!    has two liberties;
//! 2. with probability 19/20, a **3x3 shape** ([`patterns`]) on one of the
//!    eight points around the play, unless it is a self-atari;
//! 3. otherwise a **random** empty point that is not an own eye, rejecting self-ataris half
//!    of the time.
//!
//! Every candidate must pass the caller's acceptance test (the ko rule and suicide), so the
//! policy never makes an illegal move. Nothing here allocates.

use super::patterns;
use super::rng::Rng;
use crate::board::{Board, Cell, Color, Point};
use crate::tactics::self_atari::is_self_atari;
use smallvec::SmallVec;

/// Candidate moves gathered by one heuristic (never more than a few dozen).
pub(super) type Candidates = SmallVec<[Point; 24]>;

/// Out of 100: how often the atari answers are tried.
const ATARI_PERCENT: usize = 90;
/// Out of 100: how often the 3x3 shapes are tried.
const PATTERN_PERCENT: usize = 95;
/// Out of 100: how often a random self-atari is rejected.
const SELF_ATARI_REJECT_PERCENT: usize = 50;
/// Own strings larger than this are not searched for attackers to capture (cost bound).
const ESCAPE_SCAN_MAX: usize = 24;

/// Chooses `color`'s playout move on `board` after the opponent's move `last` and the
/// player's own move `last2` before it (either [`Point::PASS`] when there is none or it
/// was a pass). Atari answers look around both (so a string left in atari when the
/// opponent played elsewhere is still saved or captured); then `reply`, the last good
/// reply remembered to those moves ([`Point::PASS`]: none), when it is still a sensible
/// play; shapes around `last` only.
/// Returns [`Point::PASS`] when `accept` takes no point that is not an own eye.
#[inline]
pub(super) fn choose(
    board: &Board,
    color: Color,
    (last, last2): (Point, Point),
    reply: Point,
    rng: &mut Rng,
    accept: impl Fn(&Board, Point, Color) -> bool,
) -> Point {
    if !last.is_pass() || !last2.is_pass() {
        let mut cands = Candidates::new();
        if rng.below(100) < ATARI_PERCENT {
            for around in [last, last2] {
                if !around.is_pass() {
                    atari_answers(board, color, around, &mut cands);
                }
            }
            if let Some(p) = pick(&cands, rng, |p| accept(board, p, color)) {
                return p;
            }
        }
        if !reply.is_pass()
            && board.cell(reply) == Cell::Empty
            && !board.is_eye(reply, color)
            && accept(board, reply, color)
            && !is_self_atari(board, reply, color)
        {
            return reply;
        }
        if !last.is_pass() && rng.below(100) < PATTERN_PERCENT {
            cands.clear();
            pattern_points(board, last, &mut cands);
            if let Some(p) = pick(&cands, rng, |p| {
                !board.is_eye(p, color)
                    && accept(board, p, color)
                    && !is_self_atari(board, p, color)
            }) {
                return p;
            }
        }
    }
    random(board, color, rng, accept)
}

/// A random empty point that is not an own eye and that `accept` takes, self-ataris being
/// rejected half of the time (but taken when nothing else is left, so that a playout passes
/// only when no such point exists); [`Point::PASS`] when there is none.
#[inline]
fn random(
    board: &Board,
    color: Color,
    rng: &mut Rng,
    accept: impl Fn(&Board, Point, Color) -> bool,
) -> Point {
    scan::<true>(board, color, rng, accept)
}

/// A uniformly random empty point that is not an own eye and that `accept` takes (no
/// heuristics at all: the board benchmark's random games); [`Point::PASS`] when there is none.
#[inline]
pub(super) fn uniform(
    board: &Board,
    color: Color,
    rng: &mut Rng,
    accept: impl Fn(&Board, Point, Color) -> bool,
) -> Point {
    scan::<false>(board, color, rng, accept)
}

/// Scans the empty points cyclically from a random one for the first that is not an own eye
/// and that `accept` takes; with `REJECT_SELF_ATARI`, self-ataris are skipped half of the
/// time, the first one skipped being the answer when nothing else is found.
#[inline(always)]
fn scan<const REJECT_SELF_ATARI: bool>(
    board: &Board,
    color: Color,
    rng: &mut Rng,
    accept: impl Fn(&Board, Point, Color) -> bool,
) -> Point {
    let n = board.empty_count();
    if n == 0 {
        return Point::PASS;
    }
    let start = rng.below(n);
    let mut i = start;
    let mut rejected = Point::PASS;
    loop {
        let p = board.empty_point(i);
        if !board.is_eye(p, color) && accept(board, p, color) {
            if !REJECT_SELF_ATARI
                || !is_self_atari(board, p, color)
                || rng.below(100) >= SELF_ATARI_REJECT_PERCENT
            {
                return p;
            }
            if rejected.is_pass() {
                rejected = p;
            }
        }
        i += 1;
        if i == n {
            i = 0;
        }
        if i == start {
            return rejected;
        }
    }
}

/// The first candidate, from a random offset, that `ok` takes.
#[inline]
fn pick(cands: &[Point], rng: &mut Rng, ok: impl Fn(Point) -> bool) -> Option<Point> {
    if cands.is_empty() {
        return None;
    }
    let (before, from) = cands.split_at(rng.below(cands.len()));
    from.iter().chain(before).copied().find(|&p| ok(p))
}

/// Answers to ataris around `last`: the liberty of every string in atari among `last` and
/// its neighbours when it is the opponent's (a capture); for `color`'s own strings in atari
/// there, the liberties of attacking strings in atari and the string's liberty when
/// extending there gains a second liberty.
// `#[inline]` here and on `pattern_points`: the playout loop is generic, so it is also
// compiled in the crates that run playouts; without it, its calls to these two reached
// koan-core's exported copies indirectly through the global offset table, on every move.
#[inline]
pub(super) fn atari_answers(board: &Board, color: Color, last: Point, out: &mut Candidates) {
    let opp = Cell::stone(color.opponent());
    let n = board.neighbours(last);
    let around = [last, n[0], n[1], n[2], n[3]];
    // Usually nothing there is in atari: asked of all five points at once, without a branch
    // on their contents (an empty point or the edge reads as not in atari).
    let mut hits = 0u32;
    for (i, &q) in around.iter().enumerate() {
        hits |= (board.in_atari(q) as u32) << i;
    }
    if hits == 0 {
        return;
    }
    let mut seen: SmallVec<[Point; 5]> = SmallVec::new();
    for (i, q) in around.into_iter().enumerate() {
        if hits & (1 << i) == 0 {
            continue;
        }
        let cell = board.cell(q);
        let head = board.string_head(q);
        if seen.contains(&head) {
            continue;
        }
        seen.push(head);
        let lib = board.atari_liberty(q);
        if cell == opp {
            push_unique(out, lib);
            continue;
        }
        // Our string in atari: capture an attacker in atari, or run.
        if board.string_size(q) <= ESCAPE_SCAN_MAX {
            for s in board.string_stones(q) {
                for a in board.neighbours(s) {
                    if board.cell(a) == opp && board.in_atari(a) {
                        push_unique(out, board.atari_liberty(a));
                    }
                }
            }
        }
        if !is_self_atari(board, lib, color) {
            push_unique(out, lib);
        }
    }
}

/// The empty points among the eight around `last` whose 3x3 neighbourhood is a shape.
#[inline]
pub(super) fn pattern_points(board: &Board, last: Point, out: &mut Candidates) {
    let n = board.neighbours(last);
    let d = board.diagonals(last);
    // One array rather than a chain of two: the loop keeps no iterator state on the stack.
    let around = [n[0], n[1], n[2], n[3], d[0], d[1], d[2], d[3]];
    for q in around {
        if board.cell(q) == Cell::Empty && patterns::matches(board, q) {
            push_unique(out, q);
        }
    }
}

/// Adds `p` unless it is there already or the list is full (it never leaves its inline
/// storage, so the policy never allocates).
fn push_unique(out: &mut Candidates, p: Point) {
    if out.len() < out.inline_size() && !out.contains(&p) {
        out.push(p);
    }
}

/// Stones `color`'s play on the empty point `p` captures (the board's
/// [`Board::capture_count`]).
pub fn capture_size(board: &Board, p: Point, color: Color) -> usize {
    board.capture_count(p, color).0
}

/// True when `color`'s play on `p` saves an own string in atari next to it (and is not
/// itself a self-atari).
pub fn saves_atari(board: &Board, p: Point, color: Color) -> bool {
    let own = Cell::stone(color);
    board
        .neighbours(p)
        .iter()
        .any(|&n| board.cell(n) == own && board.in_atari(n))
        && !is_self_atari(board, p, color)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;

    fn setup(size: usize, rows: &[&str]) -> Board {
        let b = Board::from_diagram(&rows.join("\n"));
        assert_eq!(b.size(), size);
        b
    }

    fn at(b: &Board, v: &str) -> Point {
        b.point(Coord::parse_gtp(v, b.size()).unwrap())
    }

    #[test]
    fn capture_and_escape_are_answered() {
        // White C3 in atari after black D3? Build: white stone C3 with black B3, C4, C2;
        // its last liberty D3.
        let b = setup(5, &[".....", "..X..", ".XO..", "..X..", "....."]);
        let mut c = Candidates::new();
        atari_answers(&b, Color::Black, at(&b, "C2"), &mut c);
        assert_eq!(c.as_slice(), &[at(&b, "D3")]);
        assert_eq!(capture_size(&b, at(&b, "D3"), Color::Black), 1);
        // For White, D3 extends to two liberties: saves the stone.
        let mut c = Candidates::new();
        atari_answers(&b, Color::White, at(&b, "C2"), &mut c);
        assert_eq!(c.as_slice(), &[at(&b, "D3")]);
        assert!(saves_atari(&b, at(&b, "D3"), Color::White));
    }

    #[test]
    fn choose_never_returns_a_rejected_point() {
        let b = setup(5, &[".....", "..X..", ".XO..", "..X..", "....."]);
        let mut rng = Rng::new(1);
        for _ in 0..200 {
            let p = choose(
                &b,
                Color::Black,
                (at(&b, "C2"), Point::PASS),
                Point::PASS,
                &mut rng,
                |_, p, _| p != at(&b, "D3"),
            );
            assert_ne!(p, at(&b, "D3"));
        }
    }

    #[test]
    fn a_sensible_last_good_reply_is_played() {
        let b = setup(5, &[".....", ".....", "..X..", ".....", "....."]);
        let mut rng = Rng::new(1);
        let reply = at(&b, "D4");
        for _ in 0..50 {
            let p = choose(
                &b,
                Color::White,
                (at(&b, "C3"), Point::PASS),
                reply,
                &mut rng,
                |_, _, _| true,
            );
            assert_eq!(p, reply);
        }
        // An occupied point is never replayed.
        let p = choose(
            &b,
            Color::White,
            (at(&b, "C3"), Point::PASS),
            at(&b, "C3"),
            &mut rng,
            |_, _, _| true,
        );
        assert_ne!(p, at(&b, "C3"));
    }
}
