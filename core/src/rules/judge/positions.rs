//! The fast judge of the superko rules and fixed ko, for playouts.
//!
//! These rules ban a board play only when the position it creates stood before (with a
//! condition on who moved, who was to move, when, or from which position). Not only captures
//! can do that. Stone counts go up by one with a play that removes nothing, stay with a pass
//! and go down with a play removing two stones or more, so every state since the last play
//! that removed stones holds fewer stones than the position a non-removing play creates: such
//! a play cannot recreate a recent position, but it can recreate one older than the last
//! removal, and does in *sending two, returning one* or *eternal life*, whose cycles hold
//! plays that capture nothing (a cycle can be closed by any of its plays).
//!
//! The test that serves instead: a play of colour `c` on `p` creates a position with a stone
//! of `c` on `p`; `p` is empty now, so an earlier state with that stone lost it since, i.e. a
//! stone of `c` was removed from `p` (captured, or lost in a suicide) at some move of the
//! root game, the line or the playout. A play on a point from which no stone of its colour
//! was ever removed, capturing or not, cannot recreate a position; that is one bit test
//! ([`KoLine::root_removed`] for the root game, kept up to date through the line and the
//! playout), and it clears most plays (on 9x9 all but about one in seven). The others are
//! checked exactly: the position they create (its hash and stone count) is compared with the
//! states of the line and the playout holding as many stones (a list per stone count, reset
//! per playout by a generation number, usually a few states), and with the root game's
//! positions, which the line's Bloom filter ([`KoLine::root_may_hold`]) clears before any
//! hash-map lookup. Every state keeps what the rules ask: the player who moved (so who is to
//! move, who created it), whether by a pass, its state index and, under fixed ko, the
//! position before it. A state found holding the position is judged by the rule table's own
//! predicates ([`ko::recreation_bans`], [`ko::transition_bans`]), asked with the state's
//! [`PositionRecord`]; so is a root position, with the root's record.
//!
//! `basic-fixed` is judged as `fixed` here: its basic-ko half is the board's ko point.

use super::FastJudge;
use crate::board::zobrist::KEYS;
use crate::board::{Board, Color, Point};
use crate::rules::history::PositionRecord;
use crate::rules::ko::{self, KoRule};
use crate::rules::line::{KoLine, PointSet};
use crate::rules::memory::{KoMemory, Past};

/// The position hash after `color`'s capturing play on the empty point `p`.
#[inline(never)]
fn hash_after_capture(board: &Board, p: Point, color: Color) -> u64 {
    let keys = &KEYS[color.opponent().index()];
    let mut hash = board.hash() ^ KEYS[color.index()][p.index()];
    board.for_each_removed(p, color, |s| hash ^= keys[s.index()]);
    hash
}

/// No next state in a stone-count list.
const NONE: u32 = u32::MAX;

/// One state of the line or the playout.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State {
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
pub(crate) struct Head {
    gen: u32,
    first: u32,
}

/// The states of the line and the playout, listed by stone count; emptied per playout by
/// bumping the generation.
#[derive(Clone, Debug, Default)]
pub struct States {
    pub(crate) states: Vec<State>,
    /// Fixed ko only: `befores[i]` is the position before the move that made `states[i]`.
    befores: Vec<u64>,
    /// Per stone count, the last state with that many stones.
    pub(crate) heads: Vec<Head>,
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

/// The fast judge of the superko rules and fixed ko (`basic-fixed`: its simple-ko half is
/// the board's). `BOARD_KO`: the board's ko point is in force
/// ([`KoRule::bans_every_retake`]).
pub struct Positions<'a, const BOARD_KO: bool> {
    states: &'a mut States,
    /// Per colour: the points from which a stone of that colour was removed (in the root
    /// game, the line or the playout).
    removed: &'a mut [PointSet; 2],
    root: &'a KoMemory,
    line: &'a KoLine<'a>,
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

impl<'a, const BOARD_KO: bool> Positions<'a, BOARD_KO> {
    /// The check for a playout from `board`, which stands at the end of `line`.
    pub(super) fn new(
        states: &'a mut States,
        removed: &'a mut [PointSet; 2],
        line: &'a KoLine<'a>,
        rule: KoRule,
        board: &Board,
    ) -> Positions<'a, BOARD_KO> {
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
        Positions {
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

    /// [`FastJudge::allows`] for a play on a point from which a stone of `color` was removed:
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

impl<const BOARD_KO: bool> FastJudge for Positions<'_, BOARD_KO> {
    #[inline(always)]
    fn board_ko(&self) -> bool {
        BOARD_KO
    }

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
