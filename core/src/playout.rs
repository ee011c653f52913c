//! Playouts: moves chosen by the playout policy ([`policy`]: atari answers, 3x3 shapes,
//! random plays that do not fill the player's own eyes) until both players pass, obeying the
//! game's ko rule.
//!
//! Every move the policy proposes must be a point that is not a suicide (playouts never
//! commit one, whatever the ruleset allows) and that the ko rule allows against the history:
//! the root game's [`KoMemory`], the search line on top of it ([`KoLine`]) and the
//! playout's own moves. A playout stops after two passes in a row, after `3 * N * N` moves,
//! or (when set) by the mercy rule. Nothing is allocated once the buffers have grown.
//!
//! # Which plays the ko rule can ban, and how they are checked
//!
//! - **Simple ko** is the board's ko point, exactly: a board play recreates the position from
//!   before the opponent's last board play only if that play captured exactly one stone, on
//!   `q` say, with a stone on `p` left alone with `q` as its only liberty, and the play is on
//!   `q` capturing exactly the stone on `p` (the stones that differ between the two positions
//!   must be put back and taken away again); that is the board's ko shape, a fast path for
//!   the rule table's [`ko::simple_bans`]. Nothing is recorded. The rules that include simple ko (`basic-fixed`, `pass-for-ko`) or imply it
//!   (`positional`, `situational`, `spight`: the retake recreates a position that stood, with
//!   the retaker's opponent to move, after the last pass) use the board's ko point as a free
//!   first filter; `natural-situational` and `fixed` do not (after a pass, or once per
//!   position pair, an immediate retake can be legal under them).
//! - **Superko rules and fixed ko** ban a board play only when the position it creates stood
//!   before (with a condition on who moved, who was to move, when, or from which position).
//!   Not only captures can do that. Stone counts go up by one with a play that removes
//!   nothing, stay with a pass and go down with a play removing two stones or more, so every
//!   state since the last play that removed stones holds fewer stones than the position a
//!   non-removing play creates: such a play cannot recreate a recent position, but it can
//!   recreate one older than the last removal, and does in *sending two, returning one* or
//!   *eternal life*, whose cycles hold plays that capture nothing (a cycle can be closed by
//!   any of its plays). The test that serves instead: a play of colour `c` on `p` creates a
//!   position with a stone of `c` on `p`; `p` is empty now, so an earlier state with that
//!   stone lost it since, i.e. a stone of `c` was removed from `p` (captured, or lost in a
//!   suicide) at some move of the root game, the line or the playout. A play on a point from
//!   which no stone of its colour was ever removed, capturing or not, cannot recreate a
//!   position; that is one bit test ([`KoLine::root_removed`] for the root game, kept up to
//!   date through the line and the playout), and it clears most plays (on 9x9 all but about
//!   one in seven). The others are checked exactly: the position they create (its hash and
//!   stone count) is compared with the states of the line and the playout holding as many
//!   stones (a list per stone count, reset per playout by a generation number, usually a
//!   few states), and with the root game's positions, which the line's Bloom filter
//!   ([`KoLine::root_may_hold`]) clears before any hash-map lookup. Every state keeps what
//!   the rules ask: the player who moved (so who is to move, who created it), whether by a
//!   pass, its state index and, under fixed ko, the position before it. A state found
//!   holding the position is judged by the rule table's own predicates
//!   ([`ko::recreation_bans`], [`ko::transition_bans`]), asked with the state's
//!   [`PositionRecord`]; so is a root position, with the root's record.
//! - **Pass-for-ko** bans only plays capturing exactly one stone: the line's bans are carried
//!   into the playout ([`PassForKoBans`], the set the game and the line keep), ko captures
//!   add bans (the board's ko shape is exactly the rule's ko capture), a pass lifts the
//!   passer's bans; a play a ban binds is decided by [`ko::pass_for_ko_bans`].
//! - **Ing-Spight** is approximated (the exact rule needs a cycle search per capture): a
//!   capture in the board's ko shape always starts an even cycle of two plays, so it is a ko
//!   play; the playout keeps the run of such captures (any other play or a pass ends it) and
//!   bans a ko-shape capture of a stone placed by the run. Seeded with the root's hot stones
//!   when the playout starts at the root, and with the last move of the line when that was a
//!   ko-shape capture, the run is a tail of the rule's run of ko plays, so every ban is one
//!   the exact rule makes too (simple ko included). Missed: ko plays of other shapes and the
//!   odd cycle clause.
//!
//! The integration test `tests/ko_rules_reference.rs` holds every rule's checks to a naive
//! whole-history reference judge on random lines, through [`Playout::replay`].

pub mod patterns;
pub mod policy;
pub mod replies;
pub mod rng;

use crate::board::zobrist::KEYS;
use crate::board::{Board, Cell, Color, Point, SuicideRule};
use crate::rules::history::{PassForKoBan, PassForKoBans, PositionRecord};
use crate::rules::ko::{self, KoRule};
use crate::rules::line::{KoLine, PointSet};
use crate::rules::memory::{KoMemory, Past};
use replies::Replies;
use rng::Rng;

/// Reusable buffers for playouts.
#[derive(Clone, Debug, Default)]
pub struct Playout {
    /// States of the line and the playout (superko rules and fixed ko).
    states: States,
    /// Per colour, the points from which a stone of that colour was removed.
    removed: [PointSet; 2],
    /// Pass-for-ko bans in force.
    bans: PassForKoBans,
    /// Ing-Spight approximation: stones placed by the current run of ko-shape captures.
    hot: Vec<(Point, Color)>,
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

    /// Lets the policy replay the last good replies ([`Replies`]) learnt from the
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
    /// `ko` is the history and the ko rule the playout obeys: `board` must stand at the end
    /// of the line. With `None`, only the board's simple ko applies.
    pub fn run(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passes: u32,
        rng: &mut Rng,
        ko: Option<(&KoLine, KoRule)>,
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
        ko: Option<(&KoLine, KoRule)>,
        on_move: impl FnMut(Color, Point),
    ) -> PlayoutEnd {
        let state = (
            board,
            to_move,
            (last, last2),
            passes,
            rng,
            self.mercy,
            self.uniform,
            self.replies.as_deref(),
        );
        match ko {
            None | Some((_, KoRule::Simple)) => play_out::<_, true>(state, &mut NoCheck, on_move),
            Some((line, KoRule::PassForKo)) => {
                let mut check = PassForKoCheck::new(&mut self.bans, line);
                play_out::<_, true>(state, &mut check, on_move)
            }
            Some((line, KoRule::IngSpight)) => {
                let mut check = IngCheck::new(&mut self.hot, line, state.0);
                play_out::<_, true>(state, &mut check, on_move)
            }
            Some((line, rule)) => {
                let mut check =
                    PositionCheck::new(&mut self.states, &mut self.removed, line, rule, state.0);
                if matches!(rule, KoRule::NaturalSituational | KoRule::Fixed) {
                    play_out::<_, false>(state, &mut check, on_move)
                } else {
                    play_out::<_, true>(state, &mut check, on_move)
                }
            }
        }
    }
}

/// What [`Playout::replay`] shows at each step: the board, and whether a playout would
/// accept a colour's play on an empty point.
type Visit<'v> = dyn FnMut(&Board, &dyn Fn(Point, Color) -> bool) + 'v;

impl Playout {
    /// Makes `moves` on `board` (which must stand at the end of `line`) as a playout makes
    /// its moves, under the ko rule `rule` judged against `line`, and asks the playout's ko
    /// check what a playout would ask: before each move and after the last, `visit` gets the
    /// board and a test `accepts(p, color)`, true when a playout would let `color` play on
    /// the empty point `p` (no suicide, the board's ko point where the rule uses it, and
    /// the ko rule). The moves must be ones a playout can make: passes, or board plays the
    /// test accepts. For tests and tools that compare the playouts' legality with the
    /// game's; the playouts themselves go through [`Playout::run`].
    pub fn replay(
        &mut self,
        board: &mut Board,
        line: &KoLine,
        rule: KoRule,
        moves: &[(Color, Point)],
        mut visit: impl FnMut(&Board, &dyn Fn(Point, Color) -> bool),
    ) {
        fn go<K: KoCheck>(
            check: &mut K,
            board_ko: bool,
            board: &mut Board,
            moves: &[(Color, Point)],
            visit: &mut Visit,
        ) {
            for i in 0..=moves.len() {
                {
                    let (b, c) = (&*board, &*check);
                    visit(b, &|p, color| c.accepts(b, p, color, board_ko));
                }
                let Some(&(color, p)) = moves.get(i) else {
                    break;
                };
                let before = board.hash();
                if p.is_pass() {
                    board.clear_ko();
                } else {
                    board.play_with(p, color, |s| check.removed(s, color.opponent()));
                }
                check.record(board, before, p, color);
            }
        }
        match rule {
            KoRule::Simple => go(&mut NoCheck, true, board, moves, &mut visit),
            KoRule::PassForKo => {
                let mut check = PassForKoCheck::new(&mut self.bans, line);
                go(&mut check, true, board, moves, &mut visit)
            }
            KoRule::IngSpight => {
                let mut check = IngCheck::new(&mut self.hot, line, board);
                go(&mut check, true, board, moves, &mut visit)
            }
            rule => {
                let mut check =
                    PositionCheck::new(&mut self.states, &mut self.removed, line, rule, board);
                let board_ko = !matches!(rule, KoRule::NaturalSituational | KoRule::Fixed);
                go(&mut check, board_ko, board, moves, &mut visit)
            }
        }
    }
}

/// A ko rule as a playout applies it.
trait KoCheck {
    /// True when the rule allows `color`'s board play on `p`, known to be legal on the board
    /// (empty, not a suicide, and not the board's ko point when that is in force).
    fn allows(&self, board: &Board, p: Point, color: Color) -> bool;
    /// True when `color` may play on the empty point `p`: not a suicide, not the board's ko
    /// point when `board_ko`, and [`KoCheck::allows`].
    #[inline(always)]
    fn accepts(&self, board: &Board, p: Point, color: Color, board_ko: bool) -> bool {
        (if board_ko {
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

/// The playout loop for one kind of check. `BOARD_KO`: the board's ko point is in force.
#[inline(always)]
fn play_out<K: KoCheck, const BOARD_KO: bool>(
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
        let accept = |b: &Board, p, c| check.accepts(b, p, c, BOARD_KO);
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

/// The position hash after `color`'s capturing play on the empty point `p`.
#[inline(never)]
fn hash_after_capture(board: &Board, p: Point, color: Color) -> u64 {
    let keys = &KEYS[color.opponent().index()];
    let mut hash = board.hash() ^ KEYS[color.index()][p.index()];
    board.for_each_removed(p, color, |s| hash ^= keys[s.index()]);
    hash
}

/// Simple ko only: the board's ko point does it all.
struct NoCheck;

impl KoCheck for NoCheck {
    #[inline(always)]
    fn allows(&self, _: &Board, _: Point, _: Color) -> bool {
        true
    }
    #[inline(always)]
    fn record(&mut self, _: &Board, _: u64, _: Point, _: Color) {}
}

/// No next state in a stone-count list.
const NONE: u32 = u32::MAX;

/// One state of the line or the playout.
#[derive(Clone, Copy, Debug)]
struct State {
    /// The position.
    hash: u64,
    /// The previous state with as many stones, or [`NONE`].
    next: u32,
    /// The state index (the move number in the whole game) times 4, plus 2 when a pass made
    /// it, plus the mover's colour index.
    meta: u32,
}

/// The first state of one stone count's list, valid in generation `gen` only.
#[derive(Clone, Copy, Debug, Default)]
struct Head {
    gen: u32,
    first: u32,
}

/// The states of the line and the playout, listed by stone count; emptied per playout by
/// bumping the generation.
#[derive(Clone, Debug, Default)]
struct States {
    states: Vec<State>,
    /// Fixed ko only: `befores[i]` is the position before the move that made `states[i]`.
    befores: Vec<u64>,
    /// Per stone count, the last state with that many stones.
    heads: Vec<Head>,
    gen: u32,
}

impl States {
    /// Empties the lists, for a board of `area` points and up to `states` states.
    fn reset(&mut self, area: usize, states: usize) {
        self.states.clear();
        self.befores.clear();
        self.states.reserve(states);
        if self.heads.len() < area + 1 {
            self.heads.resize(area + 1, Head::default());
        }
        if self.gen == u32::MAX {
            self.heads.fill(Head::default());
            self.gen = 0;
        }
        self.gen += 1;
    }

    /// Records a state of `stones` stones, made by `mover` (by a pass with `pass`), with
    /// index `index`; `before` under fixed ko only.
    #[inline(always)]
    fn push(
        &mut self,
        stones: usize,
        hash: u64,
        index: u32,
        mover: Color,
        pass: bool,
        before: Option<u64>,
    ) {
        if let Some(before) = before {
            self.befores.push(before);
        }
        let head = &mut self.heads[stones];
        // A select, not a branch: whether the count has states yet is a coin toss.
        let live = (head.gen == self.gen) as u32;
        let next = head.first & live.wrapping_neg() | NONE & (live ^ 1).wrapping_neg();
        *head = Head {
            gen: self.gen,
            first: self.states.len() as u32,
        };
        self.states.push(State {
            hash,
            next,
            meta: index << 2 | (pass as u32) << 1 | mover.index() as u32,
        });
    }
}

/// The superko rules and fixed ko (`basic-fixed`: its simple-ko half is the board's).
struct PositionCheck<'a, 'l> {
    states: &'a mut States,
    /// Per colour: the points from which a stone of that colour was removed (in the root
    /// game, the line or the playout).
    removed: &'a mut [PointSet; 2],
    root: &'l KoMemory,
    line: &'l KoLine<'l>,
    /// The rule (`fixed` for `basic-fixed`).
    rule: KoRule,
    /// Points of the board.
    area: usize,
    /// The index of the state standing now.
    now: u32,
    /// Spight: the state index of the last pass in the line or the playout (0 if none).
    floor: u32,
    /// False once a pass in the line or the playout has lifted Spight's ban on every root
    /// position (they all last stood before it).
    root_open: bool,
    /// When the root game has no moves, its only position (the line's filter is empty).
    root_start: Option<u64>,
    /// The points of the last move and of the one before ([`Point::PASS`] for a pass or
    /// before the start).
    recent: [Point; 2],
}

impl<'a, 'l> PositionCheck<'a, 'l> {
    /// The check for a playout from `board`, which stands at the end of `line`.
    fn new(
        states: &'a mut States,
        removed: &'a mut [PointSet; 2],
        line: &'l KoLine<'l>,
        rule: KoRule,
        board: &Board,
    ) -> PositionCheck<'a, 'l> {
        let rule = if rule == KoRule::BasicFixed {
            KoRule::Fixed
        } else {
            rule
        };
        let area = board.size() * board.size();
        let root = line.root();
        let steps = line.line_steps();
        let base = root.steps().len() as u32;
        // Room for the line and the longest playout (see `play_out`'s cap).
        states.reset(area, steps.len() + 3 * area);
        for c in Color::BOTH {
            removed[c.index()] = *line.root_removed(c);
        }
        // The line's states, last first, with their stone counts worked back from the board.
        let mut floor = 0;
        let mut stones = area - board.empty_count();
        for (i, s) in steps.iter().enumerate().rev() {
            let index = base + i as u32 + 1;
            if s.is_pass() {
                floor = floor.max(index);
            }
            let before = (rule == KoRule::Fixed).then_some(s.hash_before);
            states.push(stones, s.hash_after, index, s.color, s.is_pass(), before);
            let set = &mut removed[s.removed_color().index()];
            s.removed.iter().for_each(|&r| set.insert(r));
            if !s.is_pass() {
                stones = stones + s.removed.len() - 1;
            }
        }
        let root_start = root.steps().is_empty().then(|| {
            steps
                .first()
                .map_or_else(|| board.hash(), |s| s.hash_before)
        });
        PositionCheck {
            states,
            removed,
            root,
            line,
            rule,
            area,
            now: base + steps.len() as u32,
            floor,
            root_open: rule != KoRule::Spight || floor == 0,
            root_start,
            recent: {
                let mut last = steps.iter().rev().chain(root.steps().iter().rev());
                let mut next = || last.next().map_or(Point::PASS, |s| s.point);
                [next(), next()]
            },
        }
    }

    /// True when the rule bans recreating the position of the `i`-th state by `color`'s
    /// board play from the position `before`: the rule table's predicate, asked with what
    /// the state records.
    #[inline]
    fn state_bans(&self, i: usize, color: Color, before: u64) -> bool {
        let meta = self.states.states[i].meta;
        let pass = meta & 2 != 0;
        if self.rule == KoRule::Fixed {
            return ko::transition_bans(!pass && self.states.befores[i] == before);
        }
        let mover = Color::BOTH[(meta & 1) as usize];
        let rec = PositionRecord::of_state(mover, pass, meta >> 2);
        ko::recreation_bans(self.rule, &rec, color, self.floor).is_some()
    }

    /// True when the rule bans `color`'s board play from `before` to `hash` because of the
    /// root game's history (no line or playout pass has come since, under Spight): the rule
    /// table's predicate, asked with the root's record.
    fn root_bans(&self, hash: u64, color: Color, before: u64) -> bool {
        let root = self.root;
        if self.rule == KoRule::Fixed {
            return ko::transition_bans(root.has_transition(before, hash));
        }
        root.position(hash).is_some_and(|rec| {
            let floor = root.last_pass_state().unwrap_or(0);
            ko::recreation_bans(self.rule, &rec, color, floor).is_some()
        })
    }

    /// True when the stones of the last two moves show that no board play can recreate a
    /// position now. The last move put a stone on `q`, which was empty before it: a play that
    /// does not capture that stone creates a position holding it, which can equal only a
    /// state from before the move, so one where a stone of that colour stood on `q` and was
    /// removed since. Likewise, that far back, for the stone of the move before, on `q2`.
    /// So when the stone on `q` is not in atari (no play captures it) and none of its colour
    /// was ever removed from `q`, or the same holds of `q2` (both moves board plays whose
    /// stones stand), nothing can be recreated.
    fn recent_stones_rule_out(&self, board: &Board) -> bool {
        let untouched = |q: Point| {
            !q.is_pass()
                && board
                    .cell(q)
                    .color()
                    .is_some_and(|c| !board.in_atari(q) && !self.removed[c.index()].contains(q))
        };
        let [q, q2] = self.recent;
        let q_stands_uncapturable =
            !q.is_pass() && board.cell(q).color().is_some() && !board.in_atari(q);
        untouched(q) || (q_stands_uncapturable && untouched(q2))
    }

    /// [`KoCheck::allows`] for a play on a point from which a stone of `color` was removed:
    /// the position it creates is compared with the states of the line and the playout that
    /// hold as many stones, and with the root game's positions.
    #[inline(never)]
    fn allows_slow(&self, board: &Board, p: Point, color: Color) -> bool {
        if self.recent_stones_rule_out(board) {
            return true;
        }
        let before = board.hash();
        let (count, _) = board.capture_count(p, color);
        let hash = if count == 0 {
            before ^ KEYS[color.index()][p.index()]
        } else {
            hash_after_capture(board, p, color)
        };
        let stones = self.area - board.empty_count() + 1 - count;
        let states = &*self.states;
        let head = states.heads[stones];
        if head.gen == states.gen {
            let mut i = head.first;
            while i != NONE {
                let s = &states.states[i as usize];
                if s.hash == hash && self.state_bans(i as usize, color, before) {
                    return false;
                }
                i = s.next;
            }
        }
        !(self.root_open
            && (self.line.root_may_hold(hash) || self.root_start == Some(hash))
            && self.root_bans(hash, color, before))
    }
}

impl KoCheck for PositionCheck<'_, '_> {
    /// Only a play on a point from which a stone of its colour was removed can recreate a
    /// position (see the module documentation); the others are allowed at once.
    #[inline(always)]
    fn allows(&self, board: &Board, p: Point, color: Color) -> bool {
        !self.removed[color.index()].contains(p) || self.allows_slow(board, p, color)
    }

    #[inline(always)]
    fn removed(&mut self, stone: Point, color: Color) {
        self.removed[color.index()].insert(stone);
    }

    #[inline(always)]
    fn record(&mut self, board: &Board, before: u64, p: Point, color: Color) {
        self.now += 1;
        if p.is_pass() {
            self.floor = self.now;
            self.root_open = self.rule != KoRule::Spight;
        }
        self.recent = [p, self.recent[0]];
        let before = (self.rule == KoRule::Fixed).then_some(before);
        let stones = self.area - board.empty_count();
        self.states
            .push(stones, board.hash(), self.now, color, p.is_pass(), before);
    }
}

/// Pass-for-ko: the bans in force, carried from the line and kept up to date.
struct PassForKoCheck<'a> {
    bans: &'a mut PassForKoBans,
}

impl<'a> PassForKoCheck<'a> {
    fn new(bans: &'a mut PassForKoBans, line: &KoLine) -> PassForKoCheck<'a> {
        bans.copy_from(line.pass_for_ko_bans());
        PassForKoCheck { bans }
    }
}

impl KoCheck for PassForKoCheck<'_> {
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
        } else if let Some((captured, banned)) = board.ko() {
            // The board's ko shape is exactly the rule's ko capture.
            self.bans.add(PassForKoBan {
                banned,
                point: captured,
                stone: p,
            });
        }
    }
}

/// The Ing-Spight approximation (see the module documentation): the stones placed by the
/// current run of ko-shape captures, still standing.
struct IngCheck<'a> {
    hot: &'a mut Vec<(Point, Color)>,
}

impl<'a> IngCheck<'a> {
    fn new(hot: &'a mut Vec<(Point, Color)>, line: &KoLine, board: &Board) -> IngCheck<'a> {
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
        IngCheck { hot }
    }
}

impl KoCheck for IngCheck<'_> {
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

#[cfg(test)]
mod tests;
