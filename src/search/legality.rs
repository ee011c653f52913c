//! Legality of a board play inside the search tree: the board's own test, then the ko rule
//! judged against the game's memory plus the search line ([`KoLine`]).

use super::playout::captures;
use crate::board::{Board, Cell, Color, Point};
use crate::rules::ko::{self, Candidate, KoRule};
use crate::rules::line::KoLine;
use crate::rules::Ruleset;
use smallvec::SmallVec;

/// True when `color` may play the board play `p` on `board`, whose history is `line`, under
/// `rules`: the board's test (empty point, suicide, simple ko; the simple-ko test is left to
/// the history under fixed ko, which allows a first retake, and under natural situational
/// superko, which allows an immediate retake of a position created by the opponent, as after
/// a pass) and then the ko rule.
pub fn legal_in_line(
    board: &Board,
    line: &KoLine,
    rules: &Ruleset,
    p: Point,
    color: Color,
) -> bool {
    let physical = if matches!(rules.ko, KoRule::Fixed | KoRule::NaturalSituational) {
        board.cell(p) == Cell::Empty && board.suicide_allowed(p, color, rules.suicide)
    } else {
        board.is_legal_simple(p, color, rules.suicide)
    };
    if !physical {
        return false;
    }
    let capture = captures(board, p, color);
    if matches!(rules.ko, KoRule::Simple | KoRule::PassForKo)
        && !capture
        && !board.is_suicide(p, color)
    {
        // These rules only ever ban plays that remove stones.
        return true;
    }
    let mut removed: SmallVec<[Point; 4]> = SmallVec::new();
    removed_by(board, p, color, capture, &mut removed);
    let cand = Candidate {
        color,
        point: p,
        before: board,
        hash_after: board.hash_after(p, color),
        removed: &removed,
    };
    ko::judge(rules.ko, line, &cand).is_none()
}

/// The stones a play of `color` on `p` removes: the opponent strings it captures, or when it
/// captures nothing and is a suicide, its own string (`p` with the strings it joins).
fn removed_by(
    board: &Board,
    p: Point,
    color: Color,
    capture: bool,
    out: &mut SmallVec<[Point; 4]>,
) {
    let (target, own_too) = if capture {
        (Cell::stone(color.opponent()), false)
    } else if board.is_suicide(p, color) {
        out.push(p);
        (Cell::stone(color), true)
    } else {
        return;
    };
    let mut heads: SmallVec<[Point; 4]> = SmallVec::new();
    for n in board.neighbours(p) {
        if board.cell(n) != target || (!own_too && !board.in_atari(n)) {
            continue;
        }
        let h = board.string_head(n);
        if heads.contains(&h) {
            continue;
        }
        heads.push(h);
        out.extend(board.string_stones(n));
    }
}
