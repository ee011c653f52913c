//! Playouts: moves chosen by the playout policy ([`policy`]: atari answers, 3x3 shapes,
//! random plays that do not fill the player's own eyes) until both players pass, obeying the
//! game's ko rule.
//!
//! Every move the policy proposes must be a point that is not a suicide (playouts never
//! commit one, whatever the ruleset allows) and that the ko rule allows against the history:
//! the root game's memory, the search line on top of it ([`KoLine`]) and the playout's own
//! moves. The rules layer's [`Judge`] hands the playout the fast judge of its rule
//! ([`Judge::fast`]; which fast path serves which rule is written there, once). A playout
//! stops after two passes in a row, after `3 * N * N` moves, or (when set) by the mercy
//! rule. Nothing is allocated once the buffers have grown.
//!
//! The integration test `tests/ko_rules_reference.rs` holds every rule's fast judge to a
//! naive whole-history reference judge on random lines, through [`Playout::replay`].

pub mod patterns;
pub mod policy;
pub mod replies;
pub mod rng;

use crate::board::{Board, Color, Point};
use crate::rules::judge::{BoardKo, FastBuffers, FastJudge, Judge, WithFastJudge};
use crate::rules::line::KoLine;
use replies::Replies;
use rng::Rng;

/// Reusable buffers for playouts.
#[derive(Clone, Debug, Default)]
pub struct Playout {
    /// The fast judges' state.
    judges: FastBuffers,
    /// Mercy rule: stop once one side has captured this many stones more than the other
    /// (counted from the playout's start); `None`: play to the end.
    mercy: Option<u32>,
    /// Uniformly random moves instead of the policy (benchmarks of the bare board).
    uniform: bool,
    /// Last good replies, when the policy uses them (learnt by the caller with
    /// [`Playout::learn_replies`]).
    replies: Option<Box<Replies>>,
}

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutEnd {
    /// Moves made, passes included.
    pub moves: u32,
    /// True when the length cap stopped it before two passes.
    pub capped: bool,
    /// The winner when the mercy rule stopped it (one side had captured far more).
    pub mercy: Option<Color>,
}

impl Playout {
    /// Empty buffers; playouts run to the end (no mercy rule).
    pub fn new() -> Playout {
        Playout::default()
    }

    /// Sets the mercy rule: a playout stops, and counts as won, once one side has captured
    /// `margin` stones more than the other since it started (`None`: never).
    pub fn set_mercy(&mut self, margin: Option<u32>) {
        self.mercy = margin;
    }

    /// Lets the policy replay the last good replies ([`replies`]) learnt from the
    /// simulations passed to [`Playout::learn_replies`] (off: forgets them).
    pub fn set_replies(&mut self, on: bool) {
        self.replies = on.then(|| Box::new(Replies::new()));
    }

    /// Learns the last good replies from one simulation's `moves`, which `winner` won (no
    /// effect unless [`Playout::set_replies`] is on).
    pub fn learn_replies(&mut self, moves: &[(Point, Color)], winner: Color) {
        if let Some(r) = self.replies.as_mut() {
            r.learn(moves, winner);
        }
    }

    /// Plays uniformly random moves (never an own eye) instead of following the policy.
    pub fn set_uniform(&mut self, uniform: bool) {
        self.uniform = uniform;
    }

    /// Plays random moves on `board` from `to_move` until two passes in a row (counting
    /// `passes`, the passes in a row that ended the history so far) or the length cap.
    ///
    /// `ko` is the judge of the rules the playout obeys, on the history: `board` must stand
    /// at the end of its line. With `None`, only the board's simple ko applies.
    pub fn run(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passes: u32,
        rng: &mut Rng,
        ko: Option<Judge<KoLine>>,
    ) -> PlayoutEnd {
        let no_moves = (Point::PASS, Point::PASS);
        self.run_observed(board, to_move, no_moves, passes, rng, ko, |_, _| {})
    }

    /// [`Playout::run`] after the moves `last` (the opponent's) and `last2` (the player's
    /// own, before it), which the policy answers first (a pass or [`Point::PASS`] when
    /// unknown), calling `on_move` with every move made (passes included).
    #[allow(clippy::too_many_arguments)]
    pub fn run_observed(
        &mut self,
        board: &mut Board,
        to_move: Color,
        (last, last2): (Point, Point),
        passes: u32,
        rng: &mut Rng,
        ko: Option<Judge<KoLine>>,
        on_move: impl FnMut(Color, Point),
    ) -> PlayoutEnd {
        let start = (
            board,
            to_move,
            (last, last2),
            passes,
            rng,
            self.mercy,
            self.uniform,
            self.replies.as_deref(),
        );
        let task = PlayOut { start, on_move };
        match ko {
            None => task.with(BoardKo),
            Some(judge) => judge.fast(&mut self.judges, task),
        }
    }

    /// Makes `moves` on `board` (which must stand at the end of the judge's line) as a
    /// playout makes its moves, under the judge's rules, and asks the playout's fast judge
    /// what a playout would ask: before each move and after the last, `visit` gets the board
    /// and a test `accepts(p, color)`, true when a playout would let `color` play on the
    /// empty point `p` (no suicide, the board's ko point where the rule uses it, and the ko
    /// rule). The moves must be ones a playout can make: passes, or board plays the test
    /// accepts. For tests and tools that compare the playouts' legality with the game's; the
    /// playouts themselves go through [`Playout::run`].
    pub fn replay(
        &mut self,
        board: &mut Board,
        judge: Judge<KoLine>,
        moves: &[(Color, Point)],
        visit: impl FnMut(&Board, &dyn Fn(Point, Color) -> bool),
    ) {
        let task = Replay {
            board,
            moves,
            visit,
        };
        judge.fast(&mut self.judges, task)
    }
}

/// A playout, as a task for a fast judge.
struct PlayOut<'s, F> {
    start: PlayoutStart<'s>,
    on_move: F,
}

impl<'a, F: FnMut(Color, Point)> WithFastJudge<'a> for PlayOut<'_, F> {
    type Output = PlayoutEnd;

    fn board(&self) -> &Board {
        self.start.0
    }

    #[inline(always)]
    fn with<J: FastJudge + 'a>(self, mut judge: J) -> PlayoutEnd {
        play_out(self.start, &mut judge, self.on_move)
    }
}

/// [`Playout::replay`], as a task for a fast judge.
struct Replay<'s, F> {
    board: &'s mut Board,
    moves: &'s [(Color, Point)],
    visit: F,
}

impl<'a, F: FnMut(&Board, &dyn Fn(Point, Color) -> bool)> WithFastJudge<'a> for Replay<'_, F> {
    type Output = ();

    fn board(&self) -> &Board {
        self.board
    }

    fn with<J: FastJudge + 'a>(mut self, mut judge: J) {
        let board = self.board;
        for i in 0..=self.moves.len() {
            {
                let (b, j) = (&*board, &judge);
                (self.visit)(b, &|p, color| j.accepts(b, p, color));
            }
            let Some(&(color, p)) = self.moves.get(i) else {
                break;
            };
            let before = board.hash();
            if p.is_pass() {
                board.clear_ko();
            } else {
                board.play_with(p, color, |s| judge.removed(s, color.opponent()));
            }
            judge.record(board, before, p, color);
        }
    }
}

/// Where a playout starts: the board, the player to move, the last two moves, the passes in a
/// row so far, the random generator, the mercy margin, whether moves are uniformly random
/// and the last good replies the policy may play.
type PlayoutStart<'a> = (
    &'a mut Board,
    Color,
    (Point, Point),
    u32,
    &'a mut Rng,
    Option<u32>,
    bool,
    Option<&'a Replies>,
);

/// The playout loop for one kind of fast judge.
#[inline(always)]
fn play_out<K: FastJudge>(
    (board, mut to_move, (mut last, mut last2), mut passes, rng, mercy, uniform, replies): PlayoutStart,
    check: &mut K,
    mut on_move: impl FnMut(Color, Point),
) -> PlayoutEnd {
    let size = board.size() as u32;
    let cap = 3 * size * size;
    let mut moves = 0;
    let lead_at_start = capture_lead(board);
    while passes < 2 {
        if moves >= cap {
            return PlayoutEnd {
                moves,
                capped: true,
                mercy: None,
            };
        }
        if let Some(margin) = mercy {
            let lead = capture_lead(board) - lead_at_start;
            if lead.unsigned_abs() > margin {
                let winner = if lead > 0 { Color::Black } else { Color::White };
                return PlayoutEnd {
                    moves,
                    capped: false,
                    mercy: Some(winner),
                };
            }
        }
        let accept = |b: &Board, p, c| check.accepts(b, p, c);
        let p = if uniform {
            policy::uniform(board, to_move, rng, accept)
        } else {
            let reply = replies.map_or(Point::PASS, |r| r.get(to_move, last2, last));
            policy::choose(board, to_move, (last, last2), reply, rng, accept)
        };
        let before = board.hash();
        if p.is_pass() {
            board.clear_ko();
            passes += 1;
        } else {
            let victim = to_move.opponent();
            board.play_with(p, to_move, |s| check.removed(s, victim));
            passes = 0;
        }
        check.record(board, before, p, to_move);
        on_move(to_move, p);
        last2 = last;
        last = p;
        to_move = to_move.opponent();
        moves += 1;
    }
    PlayoutEnd {
        moves,
        capped: false,
        mercy: None,
    }
}

/// Stones captured by Black minus stones captured by White.
#[inline]
fn capture_lead(board: &Board) -> i32 {
    board.captures(Color::Black) as i32 - board.captures(Color::White) as i32
}

#[cfg(test)]
mod tests;
