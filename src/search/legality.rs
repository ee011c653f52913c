//! Legality of a board play inside the search tree: the board's test, then the ko rule
//! judged by the rule table ([`ko::judge`]) against the game's memory plus the search line
//! ([`KoLine`]).

use crate::board::{Board, Cell, Color, Point};
use crate::rules::history::Candidate;
use crate::rules::ko::{self, KoRule};
use crate::rules::line::KoLine;
use crate::rules::Ruleset;
use smallvec::SmallVec;

/// True when `color` may play the board play `p` on `board`, whose history is `line`, under
/// `rules`: the board's test (empty point, suicide, and the board's simple-ko point, a fast
/// path for basic ko; it is left to the history under fixed ko, which allows a first
/// retake, and under natural situational superko, which allows an immediate retake of a
/// position created by the opponent, as after a pass) and then the ko rule.
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
    if matches!(rules.ko, KoRule::Simple | KoRule::PassForKo)
        && !board.is_capture(p, color)
        && !board.is_suicide(p, color)
    {
        // These rules only ever ban plays that remove stones.
        return true;
    }
    let mut removed: SmallVec<[Point; 4]> = SmallVec::new();
    board.for_each_removed(p, color, |s| removed.push(s));
    let cand = Candidate {
        color,
        point: p,
        before: board,
        hash_after: board.hash_after(p, color),
        removed: &removed,
    };
    ko::judge(rules.ko, line, &cand).is_none()
}
