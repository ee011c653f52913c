//! The one judge of a board play's legality under a ruleset: the game, the search tree and
//! the playouts all ask a [`Judge`], and nothing above the rules layer decides by the name of
//! a ko rule.
//!
//! A [`Judge`] is a ruleset standing on a past: a game's memory
//! ([`KoMemory`](super::memory::KoMemory)) or a search line on top of one ([`KoLine`]). It
//! answers in three ways:
//! - [`Judge::judge`] / [`Judge::why_not`]: the full verdict, with the reason ([`Illegal`]):
//!   what the game asks. The board says whether the point is on the board and empty and the
//!   play no forbidden suicide; the rule table ([`ko::judge`]) judges the ko rule.
//! - [`Judge::allows`]: the same answer, yes or no, through the fast paths below: what the
//!   search tree asks for every child it makes.
//! - [`Judge::fast`]: a [`FastJudge`] that follows a playout's moves as they are made and
//!   answers most questions in a few instructions.
//!
//! # The fast paths, each for the rule it accelerates
//!
//! Each clears plays that the rule table would allow (or refuses plays it would ban) without
//! reading the past; whatever a fast path cannot clear is decided by the table's predicates.
//! - **The board's ko point** ([`Board::ko`]), for basic ko ([`ko::simple_bans`]): a board
//!   play recreates the position from before the opponent's last board play only if that
//!   play captured exactly one stone, on `q` say, with a stone on `p` left alone with `q` as
//!   its only liberty, and the play is on `q` capturing exactly the stone on `p` (the stones
//!   that differ between the two positions must be put back and taken away again): the
//!   board's ko shape. Used under the rules that ban every such retake
//!   ([`KoRule::bans_every_retake`]).
//! - **Only removals matter**, for basic ko and pass-for-ko ([`KoRule::bans_only_removals`]):
//!   a play that captures nothing and is no suicide is allowed at once.
//! - **Points stones were removed from**, for the superko rules and fixed ko
//!   ([`positions`]): a play can recreate an earlier position only on a point from which a
//!   stone of its colour was removed since; most plays are cleared by one bit test.
//! - **The Bloom filter of the root game's positions** ([`KoLine::root_may_hold`]), for the
//!   same rules: a position the root never held needs no hash-map lookup.
//! - **Pass-for-ko bans** ([`PassForKoBans`]), for pass-for-ko: a play no ban binds on its
//!   point is allowed at once; ko captures add bans ([`PassForKoBan::after_play`]), passes
//!   lift the passer's.
//! - **Ing-Spight's approximation below the root** ([`HotStones`]), for Ing-Spight: the
//!   exact rule needs a cycle search per capture; a playout bans only ko-shape retakes of
//!   stones placed by the current run of ko-shape captures, every one a ban the exact rule
//!   makes too.
//!
//! The integration test `tests/ko_rules_reference.rs` holds the game's judge and the fast
//! judges to a naive whole-history reference judge on random lines under every rule.

use super::history::{Candidate, KoBan, PassForKoBan, PassForKoBans};
use super::ko::{self, KoRule};
use super::line::{KoLine, PointSet};
use super::memory::Past;
use super::Ruleset;
use crate::board::{Board, Cell, Color, Point, SuicideRule};
use std::fmt;

pub mod positions;

use positions::{Positions, States};

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The point is not on the board.
    OffBoard,
    /// A stone already stands there.
    Occupied,
    /// The play would be a suicide the ruleset forbids.
    Suicide,
    /// The ko rule forbids it.
    Ko(KoBan),
    /// The pass rule forbids passing now (why, in words).
    Pass(String),
}

impl Illegal {
    /// Why, for a player: what the move does, then the rule that forbids it
    /// (`recreates the position after move 37 (W C3): positional superko`). `earlier`: the
    /// move with the number a ko ban names, when the caller knows it.
    pub fn explain(&self, earlier: Option<&str>) -> String {
        match self {
            Illegal::OffBoard => "the point is off the board".to_string(),
            Illegal::Occupied => "the point is occupied".to_string(),
            Illegal::Suicide => "it would be a suicide, which these rules forbid".to_string(),
            Illegal::Ko(ban) => ban.explain(earlier),
            Illegal::Pass(why) => {
                format!("passing is not allowed while {why}: the WMSG 2008 pass rule")
            }
        }
    }
}

impl fmt::Display for Illegal {
    /// [`Illegal::explain`] without naming the earlier move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.explain(None))
    }
}

/// The judge of board plays under a ruleset's ko and suicide rules, against a past `P` (a
/// game's memory or a search line). Cheap to make: a rule, a suicide rule and a reference.
#[derive(Debug)]
pub struct Judge<'a, P> {
    ko: KoRule,
    suicide: SuicideRule,
    past: &'a P,
}

impl<P> Clone for Judge<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Judge<'_, P> {}

impl<'a, P: Past> Judge<'a, P> {
    /// The judge of `rules` against `past`; the boards it is asked about must stand at the
    /// end of `past`.
    pub fn new(rules: &Ruleset, past: &'a P) -> Judge<'a, P> {
        Judge {
            ko: rules.ko,
            suicide: rules.suicide,
            past,
        }
    }

    /// The past judged against.
    pub fn past(&self) -> &'a P {
        self.past
    }

    /// `color`'s board play on `p` judged in full: the play, read as a [`Candidate`], when it
    /// is legal, else why not (off the board, occupied, a forbidden suicide, then the ko
    /// rule's ban from the rule table).
    pub fn judge<'b>(
        &self,
        board: &'b Board,
        p: Point,
        color: Color,
    ) -> Result<Candidate<'b>, Illegal> {
        if p.is_pass() || !board.on_board(p) {
            return Err(Illegal::OffBoard);
        }
        if board.cell(p) != Cell::Empty {
            return Err(Illegal::Occupied);
        }
        if !board.suicide_allowed(p, color, self.suicide) {
            return Err(Illegal::Suicide);
        }
        let cand = Candidate::of(board, p, color);
        match ko::judge(self.ko, self.past, &cand) {
            Some(ban) => Err(Illegal::Ko(ban)),
            None => Ok(cand),
        }
    }

    /// Why `color` may not make the board play `p`, or `None` when it may.
    pub fn why_not(&self, board: &Board, p: Point, color: Color) -> Option<Illegal> {
        self.judge(board, p, color).err()
    }

    /// True when `color` may make the board play `p` on `board` (a point of the board): the
    /// answer of [`Judge::judge`], cleared first by the board's ko point and by "only
    /// removals matter" where the rule allows (see the module documentation).
    pub fn allows(&self, board: &Board, p: Point, color: Color) -> bool {
        let on_board = if self.ko.bans_every_retake() {
            board.is_legal_simple(p, color, self.suicide)
        } else {
            board.cell(p) == Cell::Empty && board.suicide_allowed(p, color, self.suicide)
        };
        if !on_board {
            return false;
        }
        if self.ko.bans_only_removals()
            && !board.is_capture(p, color)
            && !board.is_suicide(p, color)
        {
            return true;
        }
        ko::judge(self.ko, self.past, &Candidate::of(board, p, color)).is_none()
    }
}

impl<'a, 'l: 'a> Judge<'a, KoLine<'l>> {
    /// Hands `task` the fast judge of the rule, following moves from the task's board (which
    /// stands at the end of the line) and keeping its state in `buffers`. The one place that
    /// says which fast judge serves which rule.
    pub fn fast<W: WithFastJudge<'a>>(&self, buffers: &'a mut FastBuffers, task: W) -> W::Output {
        let line = self.past;
        let board = task.board();
        match self.ko {
            KoRule::Simple => task.with(BoardKo),
            KoRule::PassForKo => {
                let judge = PassForKo::new(&mut buffers.bans, line);
                task.with(judge)
            }
            KoRule::IngSpight => {
                let judge = HotStones::new(&mut buffers.hot, line, board);
                task.with(judge)
            }
            rule => {
                let (states, removed) = (&mut buffers.states, &mut buffers.removed);
                if rule.bans_every_retake() {
                    let judge = Positions::<true>::new(states, removed, line, rule, board);
                    task.with(judge)
                } else {
                    let judge = Positions::<false>::new(states, removed, line, rule, board);
                    task.with(judge)
                }
            }
        }
    }
}

/// What is done with a fast judge, whichever its type (a playout, a replay): the generic
/// function [`Judge::fast`] calls with it.
pub trait WithFastJudge<'a> {
    /// What the task returns.
    type Output;
    /// The board the task's moves start from.
    fn board(&self) -> &Board;
    /// Runs the task with `judge`.
    fn with<J: FastJudge + 'a>(self, judge: J) -> Self::Output;
}

/// The reusable state of the fast judges: after warm-up, following a playout allocates
/// nothing.
#[derive(Clone, Debug, Default)]
pub struct FastBuffers {
    /// States of the line and the playout (superko rules and fixed ko).
    pub(crate) states: States,
    /// Per colour, the points from which a stone of that colour was removed.
    removed: [PointSet; 2],
    /// Pass-for-ko bans in force.
    bans: PassForKoBans,
    /// Ing-Spight approximation: stones placed by the current run of ko-shape captures.
    hot: Vec<(Point, Color)>,
}

/// A judge that follows moves as they are made (a playout's), for many quick questions about
/// empty points that are no suicide. Playouts never commit a suicide, whatever the ruleset.
pub trait FastJudge {
    /// True when the board's ko point is in force (a constant of each judge type).
    fn board_ko(&self) -> bool;
    /// True when the rule allows `color`'s board play on `p`, known to be legal on the board
    /// (empty, not a suicide, and not the board's ko point when that is in force).
    fn allows(&self, board: &Board, p: Point, color: Color) -> bool;
    /// True when `color` may play on the empty point `p`: not a suicide, not the board's ko
    /// point when it is in force, and [`FastJudge::allows`].
    #[inline(always)]
    fn accepts(&self, board: &Board, p: Point, color: Color) -> bool {
        (if self.board_ko() {
            board.is_legal_simple(p, color, SuicideRule::Forbidden)
        } else {
            !board.is_suicide(p, color)
        }) && self.allows(board, p, color)
    }
    /// Takes note of a stone of `color` leaving the board on `stone` (during a move).
    #[inline(always)]
    fn removed(&mut self, _stone: Point, _color: Color) {}
    /// Takes note of the move just made: `board` is the board after it, `before` the hash
    /// of the position before it, `p` the point or [`Point::PASS`].
    fn record(&mut self, board: &Board, before: u64, p: Point, color: Color);
}

/// Basic ko: the board's ko point does it all (and what a playout obeys with no past).
pub struct BoardKo;

impl FastJudge for BoardKo {
    #[inline(always)]
    fn board_ko(&self) -> bool {
        true
    }
    #[inline(always)]
    fn allows(&self, _: &Board, _: Point, _: Color) -> bool {
        true
    }
    #[inline(always)]
    fn record(&mut self, _: &Board, _: u64, _: Point, _: Color) {}
}

/// Pass-for-ko: the bans in force, carried from the line and kept up to date (the board's ko
/// point does basic ko).
pub struct PassForKo<'a> {
    bans: &'a mut PassForKoBans,
}

impl<'a> PassForKo<'a> {
    fn new(bans: &'a mut PassForKoBans, line: &KoLine) -> PassForKo<'a> {
        bans.copy_from(line.pass_for_ko_bans());
        PassForKo { bans }
    }
}

impl FastJudge for PassForKo<'_> {
    #[inline(always)]
    fn board_ko(&self) -> bool {
        true
    }

    /// Cleared at once unless a ban binds the player on `p`; the rule table decides the
    /// rest (a ban forbids only a recapture of exactly one stone).
    #[inline(always)]
    fn allows(&self, board: &Board, p: Point, color: Color) -> bool {
        if !self.bans.binds(color, p) {
            return true;
        }
        let (count, stone) = board.capture_count(p, color);
        count != 1 || !ko::pass_for_ko_bans(self.bans, color, p, &[stone])
    }

    #[inline(always)]
    fn record(&mut self, board: &Board, _: u64, p: Point, color: Color) {
        if p.is_pass() {
            self.bans.lift(color);
        } else if let Some(ban) = PassForKoBan::after_play(p, board) {
            self.bans.add(ban);
        }
    }
}

/// Ing-Spight, approximated: the stones placed by the current run of ko-shape captures,
/// still standing. A capture in the board's ko shape always starts an even cycle of two
/// plays, so it is a ko play; the run of such captures (any other play or a pass ends it)
/// is a tail of the rule's run of ko plays when it is seeded with the root's hot stones (a
/// playout from the root of a search) or with the line's last move when that was a ko-shape
/// capture (below the root), so every ban is one the exact rule makes too (basic ko
/// included). Missed: ko plays of other shapes and the odd cycle clause.
pub struct HotStones<'a> {
    hot: &'a mut Vec<(Point, Color)>,
}

impl<'a> HotStones<'a> {
    fn new(hot: &'a mut Vec<(Point, Color)>, line: &KoLine, board: &Board) -> HotStones<'a> {
        hot.clear();
        match line.line_steps().last() {
            None => hot.extend(
                line.root()
                    .ing()
                    .hot_stones()
                    .iter()
                    .filter_map(|&p| board.cell(p).color().map(|c| (p, c))),
            ),
            Some(last) if board.ko().is_some() => hot.push((last.point, last.color)),
            Some(_) => {}
        }
        HotStones { hot }
    }
}

impl FastJudge for HotStones<'_> {
    #[inline(always)]
    fn board_ko(&self) -> bool {
        true
    }

    #[inline(always)]
    fn allows(&self, board: &Board, p: Point, color: Color) -> bool {
        if self.hot.is_empty() {
            return true;
        }
        // A ko-shape capture: every neighbour is an opponent stone or off the board, and
        // exactly one stone is captured.
        let opp = Cell::stone(color.opponent());
        if board
            .neighbours(p)
            .iter()
            .any(|&n| !matches!(board.cell(n), c if c == opp || c == Cell::OffBoard))
        {
            return true;
        }
        let (count, stone) = board.capture_count(p, color);
        count != 1 || !self.hot.iter().any(|&(h, _)| h == stone)
    }

    #[inline(always)]
    fn record(&mut self, board: &Board, _: u64, p: Point, color: Color) {
        if !p.is_pass() && board.ko().is_some() {
            self.hot.retain(|&(h, c)| board.cell(h) == Cell::stone(c));
            self.hot.push((p, color));
        } else if !self.hot.is_empty() {
            self.hot.clear();
        }
    }
}
