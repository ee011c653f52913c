//! The Ing-Spight ko rule (Bill Spight's clarification of the Ing ko rule): hot stones and
//! odd cycles. The engine's definition:
//!
//! - A play's *identity* is (player, point, the string holding the new stone after captures,
//!   the removed stones).
//! - A *ko play* is a board play that captures, or leaves the new stone's string in atari, and
//!   that starts an *even cycle*: a sequence of at most 12 alternating board plays (legal but
//!   for ko rules), the first being it, that recreates the position P from before it, where
//!   every later play is on an empty point that is, or is next to, a point differing from P
//!   or a stone of a string holding such a point; every later play restores a stone that P
//!   had on that point, captures, or leaves its own string in atari; and no position repeats
//!   on the way except P itself, recreated at the end after an even number of plays.
//! - *Hot stones* are the stones placed by the current unbroken run of ko plays, by either
//!   player. A pass, or any board play that is not a ko play, ends the run and cools every
//!   stone.
//! - **Ko rule:** a ko play that would capture a hot stone is illegal.
//! - **Odd cycle rule:** when a board play recreates a position whose last occurrence was an
//!   odd number of board plays earlier (passes between allowed), the sequence of play
//!   identities since then is an odd cycle and is remembered. A board play that would
//!   complete the same odd cycle again, identity for identity, counting only plays that touch
//!   that cycle's points (a play touches them when it places or removes a stone on one of
//!   them), so that plays elsewhere in between do not hide it, is illegal.
//!
//! Readings chosen where the definition leaves room:
//! - *Legal but for ko rules* is read as "on an empty point and not a suicide": the memory
//!   does not know the ruleset's suicide rule, so a suicide (even one `suicide=multi` allows)
//!   is never a ko play and never a step of a cycle. (A suicide neither captures nor leaves a
//!   string in atari, so only cycles passing through one are missed.)
//! - *The stones placed by the run* are the points where ko plays of the current run put
//!   stones that still stand there in the colour played. A captured hot stone stays cold:
//!   its point can only be refilled by another ko play of the run, which makes it hot again.
//! - *A point differing from P* is judged in the position the cycle has reached, and so is
//!   *a string holding such a point*; a point that changed and changed back no longer
//!   differs.
//! - *That cycle's points* are every point on which one of the cycle's plays places or
//!   removes a stone. The same odd cycle must end with the play being judged: the last plays
//!   touching those points, the judged play included, must be the cycle's plays in order.
//! - The string in a play's identity is compared by the Zobrist fingerprint of its stones
//!   (positions are compared by hash throughout the engine).
//! - Spight's extra clause (a ko is an even cycle *not containing an odd cycle*) is not part
//!   of the engine's definition and is not applied; the odd cycle rule covers the collusion
//!   it guards against.
//!
//! The cycle search is an iterative-deepening depth-first search over cycle lengths 2, 4, ...,
//! 12, pruned by the stones still to be restored (each stone of P that is missing needs a play
//! of its owner). It plays on a scratch position kept as its changes to the board the test
//! starts from, taking each play back when it returns, so it copies no board; strings and
//! liberties are found by walking the stones. It is bounded by [`NODE_BUDGET`] plays made
//! per ko-play test; when the budget runs out before a cycle is found the play is taken to be
//! *not* a ko play, so an unfinished search never bans anything.

use super::history::{Candidate, KoBan, Removed, Step};
use crate::board::zobrist::KEYS;
use crate::board::{Board, Cell, Color, Point, MAX_POINTS};
use smallvec::SmallVec;
use std::sync::Arc;

/// Longest even cycle a ko play may start (in board plays, the ko play included).
pub const MAX_CYCLE: usize = 12;

/// Most plays the cycle search goes on from for one ko-play test (all deepening rounds
/// together); past it the play counts as not a ko play.
pub const NODE_BUDGET: usize = 20_000;

/// What identifies a board play: player, point, the string holding the new stone after
/// captures (its stones' Zobrist fingerprint; 0 after a suicide), and the removed stones.
#[derive(Debug, PartialEq, Eq)]
struct PlayId {
    color: Color,
    point: Point,
    string: u64,
    removed: SmallVec<[Point; 4]>,
}

impl Clone for PlayId {
    fn clone(&self) -> PlayId {
        PlayId {
            color: self.color,
            point: self.point,
            string: self.string,
            removed: self.removed.clone(),
        }
    }

    fn clone_from(&mut self, source: &PlayId) {
        self.color = source.color;
        self.point = source.point;
        self.string = source.string;
        self.removed.clone_from(&source.removed);
    }
}

impl PlayId {
    /// The identity of `color`'s play on `point`, given the board after it and what it removed.
    fn new(color: Color, point: Point, after: &Board, removed: &[Point]) -> PlayId {
        let string = if after.cell(point) == Cell::stone(color) {
            after
                .string_stones(point)
                .fold(0, |h, s| h ^ KEYS[color.index()][s.index()])
        } else {
            0
        };
        PlayId::of_parts(color, point, string, removed)
    }

    /// The identity of `color`'s play on `point`, given the fingerprint of the new stone's
    /// string and what it removed.
    fn of_parts(color: Color, point: Point, string: u64, removed: &[Point]) -> PlayId {
        let mut removed: SmallVec<[Point; 4]> = removed.iter().copied().collect();
        removed.sort_unstable();
        PlayId {
            color,
            point,
            string,
            removed,
        }
    }

    /// True when this is `color`'s play on `point` whose new stone's string has the
    /// fingerprint `string` and which removes the stones `removed` (sorted).
    fn is(&self, color: Color, point: Point, string: u64, removed: &[Point]) -> bool {
        self.color == color
            && self.point == point
            && self.string == string
            && self.removed[..] == *removed
    }

    /// True when the play places or removes a stone on one of `points` (sorted).
    fn touches(&self, points: &[Point]) -> bool {
        points.binary_search(&self.point).is_ok()
            || self.removed.iter().any(|r| points.binary_search(r).is_ok())
    }
}

/// One board play of the game, as remembered for the odd cycle rule.
#[derive(Debug)]
struct PlayRec {
    /// The state index the play created (the move number).
    state: u32,
    id: PlayId,
}

impl Clone for PlayRec {
    fn clone(&self) -> PlayRec {
        PlayRec {
            state: self.state,
            id: self.id.clone(),
        }
    }

    fn clone_from(&mut self, source: &PlayRec) {
        self.state = source.state;
        self.id.clone_from(&source.id);
    }
}

/// An odd cycle seen in the game.
#[derive(Debug)]
struct OddCycle {
    /// The plays of the cycle, in order.
    plays: Vec<PlayId>,
    /// Who played where in the cycle, for the ban's explanation.
    moves: Arc<[(Color, Point)]>,
    /// Every point a play of the cycle placed or removed a stone on, sorted.
    points: Vec<Point>,
    /// The move that completed it.
    completed_at: u32,
}

impl Clone for OddCycle {
    fn clone(&self) -> OddCycle {
        OddCycle {
            plays: self.plays.clone(),
            moves: Arc::clone(&self.moves),
            points: self.points.clone(),
            completed_at: self.completed_at,
        }
    }

    fn clone_from(&mut self, source: &OddCycle) {
        self.plays.clone_from(&source.plays);
        self.moves = Arc::clone(&source.moves);
        self.points.clone_from(&source.points);
        self.completed_at = source.completed_at;
    }
}

/// What the Ing-Spight rule remembers: the hot stones, the board plays made so far (with
/// their identities) and the odd cycles seen. `clone_from` refills its buffers: recording
/// a move on a copy allocates nothing once they are as large (except for a new odd cycle).
#[derive(Debug, Default)]
pub struct IngMemory {
    /// The stones of the current run of ko plays still standing, with their colour.
    run: Vec<(Point, Color)>,
    /// The points of `run`.
    hot: Vec<Point>,
    plays: Vec<PlayRec>,
    cycles: Vec<OddCycle>,
    /// `run` before each recorded move, for [`IngMemory::undo`], one after another: the
    /// i-th move's run is `earlier_runs[earlier_run_starts[i]..]` up to the next start.
    earlier_runs: Vec<(Point, Color)>,
    earlier_run_starts: Vec<u32>,
}

impl Clone for IngMemory {
    fn clone(&self) -> IngMemory {
        IngMemory {
            run: self.run.clone(),
            hot: self.hot.clone(),
            plays: self.plays.clone(),
            cycles: self.cycles.clone(),
            earlier_runs: self.earlier_runs.clone(),
            earlier_run_starts: self.earlier_run_starts.clone(),
        }
    }

    fn clone_from(&mut self, source: &IngMemory) {
        self.run.clone_from(&source.run);
        self.hot.clone_from(&source.hot);
        self.plays.clone_from(&source.plays);
        self.cycles.clone_from(&source.cycles);
        self.earlier_runs.clone_from(&source.earlier_runs);
        self.earlier_run_starts
            .clone_from(&source.earlier_run_starts);
    }
}

impl IngMemory {
    /// The memory of a game with no moves.
    pub const EMPTY: IngMemory = IngMemory {
        run: Vec::new(),
        hot: Vec::new(),
        plays: Vec::new(),
        cycles: Vec::new(),
        earlier_runs: Vec::new(),
        earlier_run_starts: Vec::new(),
    };

    /// Takes back `step`, the last move recorded, which made state `state`.
    pub fn undo(&mut self, step: &Step, state: u32) {
        self.run.clear();
        if let Some(start) = self.earlier_run_starts.pop() {
            self.run
                .extend_from_slice(&self.earlier_runs[start as usize..]);
            self.earlier_runs.truncate(start as usize);
        }
        self.hot.clear();
        self.hot.extend(self.run.iter().map(|&(p, _)| p));
        if !step.is_pass() {
            self.plays.pop();
            self.cycles.retain(|c| c.completed_at != state);
        }
    }

    /// Updates the memory after `step` (with `earlier` the steps before it), given the board
    /// before and after it.
    pub fn record(&mut self, step: &Step, earlier: &[Step], before: &Board, after: &Board) {
        self.earlier_run_starts.push(self.earlier_runs.len() as u32);
        self.earlier_runs.extend_from_slice(&self.run);
        if step.is_pass() {
            self.run.clear();
            self.hot.clear();
            return;
        }
        let (color, point) = (step.color, step.point);
        if ko_play_after(before, after, color, point, &step.removed) {
            self.run.retain(|&(p, c)| after.cell(p) == Cell::stone(c));
            self.run.push((point, color));
        } else {
            self.run.clear();
        }
        self.hot.clear();
        self.hot.extend(self.run.iter().map(|&(p, _)| p));

        let state = earlier.len() as u32 + 1;
        self.plays.push(PlayRec {
            state,
            id: PlayId::new(color, point, after, &step.removed),
        });
        // The last earlier state with this position, if any.
        let start = earlier.first().map_or(step.hash_before, |s| s.hash_before);
        let last = (0..state).rev().find(|&k| {
            let h = if k == 0 {
                start
            } else {
                earlier[k as usize - 1].hash_after
            };
            h == step.hash_after
        });
        if let Some(k) = last {
            let first = self.plays.partition_point(|r| r.state <= k);
            let since = &self.plays[first..];
            if since.len() % 2 == 1 {
                let plays: Vec<PlayId> = since.iter().map(|r| r.id.clone()).collect();
                if !self.cycles.iter().any(|c| c.plays == plays) {
                    let mut points: Vec<Point> = plays
                        .iter()
                        .flat_map(|id| std::iter::once(id.point).chain(id.removed.iter().copied()))
                        .collect();
                    points.sort_unstable();
                    points.dedup();
                    let moves = plays.iter().map(|id| (id.color, id.point)).collect();
                    self.cycles.push(OddCycle {
                        plays,
                        moves,
                        points,
                        completed_at: state,
                    });
                }
            }
        }
    }

    /// The hot stones: stones placed by the current unbroken run of ko plays.
    pub fn hot_stones(&self) -> &[Point] {
        &self.hot
    }

    /// The odd cycle that `color`'s play on `point` would complete a second time, if any:
    /// its new stone's string has the fingerprint `string`, it removes `removed` (sorted).
    fn repeated_cycle(
        &self,
        color: Color,
        point: Point,
        string: u64,
        removed: &[Point],
    ) -> Option<&OddCycle> {
        self.cycles.iter().find(|cycle| {
            let (last, rest) = cycle.plays.split_last().expect("a cycle has plays");
            if !last.is(color, point, string, removed) {
                return false;
            }
            let mut earlier = self
                .plays
                .iter()
                .rev()
                .filter(|r| r.id.touches(&cycle.points))
                .map(|r| &r.id);
            rest.iter().rev().all(|want| earlier.next() == Some(want))
        })
    }
}

/// Why the Ing-Spight rule bans `cand`, given the rule's memory `ing`, if it does: the hot
/// stone clause, then the odd cycle clause.
pub fn judge(ing: &IngMemory, cand: &Candidate) -> Option<KoBan> {
    let board = cand.before;
    let opponent = Cell::stone(cand.color.opponent());
    let captures = cand
        .removed
        .first()
        .is_some_and(|&r| board.cell(r) == opponent);
    let is_hot = |r: &Point| ing.hot_stones().contains(r);
    if captures && cand.removed.iter().any(is_hot) && is_ko_play(board, cand.color, cand.point) {
        let hot = cand.removed.iter().copied().filter(is_hot).collect();
        return Some(KoBan::hot_stones(cand.color, hot, board.size()));
    }
    if ing.cycles.iter().any(|c| {
        c.plays
            .last()
            .is_some_and(|l| l.color == cand.color && l.point == cand.point)
    }) {
        let after = Scratch::after(board, cand.color, cand.point, &cand.removed);
        let string = after.fingerprint(cand.point, cand.color);
        let mut removed = cand.removed.clone();
        removed.sort_unstable();
        if let Some(cycle) = ing.repeated_cycle(cand.color, cand.point, string, &removed) {
            return Some(KoBan::odd_cycle(
                cand.color,
                cycle.moves.clone(),
                cycle.completed_at,
                board.size(),
            ));
        }
    }
    None
}

/// True when `color`'s board play on `point` would be a ko play in the position `before`
/// (see the module documentation). Occupied points and suicides are never ko plays.
pub fn is_ko_play(before: &Board, color: Color, point: Point) -> bool {
    if !before.on_board(point)
        || before.cell(point) != Cell::Empty
        || before.is_suicide(point, color)
    {
        return false;
    }
    let mut removed = Removed::new();
    before.for_each_removed(point, color, |p| removed.push(p));
    starts_even_cycle(before, color, point, &removed)
}

/// [`is_ko_play`] for a play already made: `after` is the board after it, `removed` the
/// stones it removed.
fn ko_play_after(
    before: &Board,
    after: &Board,
    color: Color,
    point: Point,
    removed: &[Point],
) -> bool {
    if after.cell(point) != Cell::stone(color) {
        return false; // a suicide
    }
    starts_even_cycle(before, color, point, removed)
}

/// True when `color`'s board play on `point` in `before`, no suicide, removing `removed`, is
/// a ko play: it captures or leaves its string in atari, and starts an even cycle.
fn starts_even_cycle(before: &Board, color: Color, point: Point, removed: &[Point]) -> bool {
    // Each stone removed must be put back by a play of its owner, who has at most half the
    // plays of the longest cycle.
    if removed.len() > MAX_CYCLE / 2 {
        return false;
    }
    let after = Scratch::after(before, color, point, removed);
    if removed.is_empty() && !after.in_atari(point) {
        return false;
    }
    let mut path = SmallVec::new();
    path.push(after.hash);
    let mut search = CycleSearch {
        p: before,
        limit: 0,
        nodes: 0,
        path,
        q: after,
    };
    (2..=MAX_CYCLE).step_by(2).any(|limit| {
        search.limit = limit;
        search.nodes < NODE_BUDGET && search.dfs(1, color.opponent())
    })
}

/// The points of the largest board, padding included: a bound on the stones of a string,
/// on the points a search lists, and so on. Lists of them are held inline, so that judging
/// a play allocates nothing.
type PointList = SmallVec<[Point; MAX_POINTS]>;

/// Room for the changes of a cycle search's position, held inline: the play judged and the
/// stones it removes (at most half a cycle's plays, see [`starts_even_cycle`]), then each
/// play of the cycle and its captures; a search that captures more than this many stones
/// along one line is still right, but allocates.
const MAX_CHANGES: usize = 2 * MAX_POINTS;

/// A position a few plays away from a board, kept as its changes to that board: the cycle
/// search plays on it and takes its plays back, and copies no board. Strings and liberties
/// are found by walking the stones (the search's positions differ from the board in a few
/// points only).
struct Scratch<'a> {
    base: &'a Board,
    /// Every point changed, with what stands on it now; the last entry for a point wins.
    /// These are the points where some play of the search's line placed or removed a stone
    /// (with repeats).
    changes: SmallVec<[(Point, Cell); MAX_CHANGES]>,
    /// The points that have an entry in `changes`.
    changed: [u64; MAX_POINTS.div_ceil(64)],
    /// The position's hash.
    hash: u64,
}

/// A set of points, one bit each.
type Bits = [u64; MAX_POINTS.div_ceil(64)];

/// True when `p` is in `bits`.
#[inline]
fn has(bits: &Bits, p: Point) -> bool {
    bits[p.index() / 64] & (1 << (p.index() % 64)) != 0
}

/// Puts `p` in `bits`.
#[inline]
fn put(bits: &mut Bits, p: Point) {
    bits[p.index() / 64] |= 1 << (p.index() % 64);
}

impl<'a> Scratch<'a> {
    /// The position after `color`'s play on the empty point `point` of `base`, which
    /// removes the stones `removed` (captures, or on a suicide its own string).
    fn after(base: &'a Board, color: Color, point: Point, removed: &[Point]) -> Scratch<'a> {
        let mut s = Scratch {
            base,
            changes: SmallVec::new(),
            changed: [0; MAX_POINTS.div_ceil(64)],
            hash: base.hash(),
        };
        s.set(point, Cell::stone(color));
        for &r in removed {
            s.set(r, Cell::Empty);
        }
        s
    }

    /// What stands on `p`.
    #[inline]
    fn cell(&self, p: Point) -> Cell {
        if !has(&self.changed, p) {
            return self.base.cell(p);
        }
        self.changes
            .iter()
            .rev()
            .find(|&&(q, _)| q == p)
            .map_or_else(|| self.base.cell(p), |&(_, c)| c)
    }

    /// Puts `cell` on `p` (a stone on an empty point, or an empty point where a stone
    /// stood), keeping the hash.
    fn set(&mut self, p: Point, cell: Cell) {
        let old = self.cell(p);
        for c in [old, cell] {
            if let Some(color) = c.color() {
                self.hash ^= KEYS[color.index()][p.index()];
            }
        }
        self.changes.push((p, cell));
        put(&mut self.changed, p);
    }

    /// Takes back every change after the first `mark`, restoring the hash to `hash`.
    fn undo(&mut self, mark: usize, hash: u64) {
        while self.changes.len() > mark {
            let (p, _) = self.changes.pop().expect("a change past the mark");
            if !self.changes.iter().any(|&(q, _)| q == p) {
                self.changed[p.index() / 64] &= !(1 << (p.index() % 64));
            }
        }
        self.hash = hash;
    }

    /// Walks the string holding the stone on `p`, unless `seen` holds it (`seen` gains its
    /// stones): calls `on_stone` with each stone and `on_empty` with each empty neighbour of
    /// a stone (once per stone beside it). Stops as soon as `on_empty` returns false, and
    /// then returns false.
    fn walk(
        &self,
        p: Point,
        seen: &mut Bits,
        mut on_stone: impl FnMut(Point),
        mut on_empty: impl FnMut(Point) -> bool,
    ) -> bool {
        if has(seen, p) {
            return true;
        }
        let own = self.cell(p);
        put(seen, p);
        let mut stack = PointList::new();
        stack.push(p);
        while let Some(s) = stack.pop() {
            on_stone(s);
            for n in self.base.neighbours(s) {
                let c = self.cell(n);
                if c == own {
                    if !has(seen, n) {
                        put(seen, n);
                        stack.push(n);
                    }
                } else if c == Cell::Empty && !on_empty(n) {
                    return false;
                }
            }
        }
        true
    }

    /// The number of distinct liberties of the string holding the stone on `p`, counted up
    /// to two, and one of them ([`Point::PASS`] when none).
    fn liberties(&self, p: Point) -> (usize, Point) {
        let (mut count, mut first) = (0, Point::PASS);
        self.walk(
            p,
            &mut [0; MAX_POINTS.div_ceil(64)],
            |_| {},
            |n| {
                if count == 0 {
                    (count, first) = (1, n);
                } else if n != first {
                    count = 2;
                }
                count < 2
            },
        );
        (count, first)
    }

    /// True when the string holding the stone on `p` has exactly one liberty.
    fn in_atari(&self, p: Point) -> bool {
        self.liberties(p).0 == 1
    }

    /// True when the string holding the stone on `p` has no liberty but `lib`.
    fn only_liberty_is(&self, p: Point, lib: Point) -> bool {
        self.liberties(p) == (1, lib)
    }

    /// The Zobrist fingerprint of the string of `color` holding `p`; 0 when no stone of
    /// `color` stands there.
    fn fingerprint(&self, p: Point, color: Color) -> u64 {
        let mut h = 0;
        if self.cell(p) == Cell::stone(color) {
            let key = &KEYS[color.index()];
            let mut seen = [0; MAX_POINTS.div_ceil(64)];
            self.walk(p, &mut seen, |s| h ^= key[s.index()], |_| true);
        }
        h
    }

    /// What `color`'s play on the empty point `x` would do, read without playing it: `None`
    /// for a suicide, else the hash after it and an opponent stone of each string it
    /// captures.
    fn read_play(&self, x: Point, color: Color) -> Option<(u64, SmallVec<[Point; 4]>)> {
        let own = Cell::stone(color);
        let mut escapes = false;
        let mut taken: SmallVec<[Point; 4]> = SmallVec::new();
        for n in self.base.neighbours(x) {
            match self.cell(n) {
                Cell::Empty => escapes = true,
                Cell::OffBoard => {}
                c if c == own => escapes = escapes || !self.only_liberty_is(n, x),
                _ if self.only_liberty_is(n, x) => taken.push(n),
                _ => {}
            }
        }
        if !escapes && taken.is_empty() {
            return None;
        }
        let mut hash = self.hash ^ KEYS[color.index()][x.index()];
        let key = &KEYS[color.opponent().index()];
        let mut seen = [0; MAX_POINTS.div_ceil(64)];
        for &n in &taken {
            self.walk(n, &mut seen, |s| hash ^= key[s.index()], |_| true);
        }
        Some((hash, taken))
    }

    /// Plays `color` on the empty point `p` (no suicide), capturing the strings of the
    /// stones `taken` ([`Scratch::read_play`]'s); returns how many stones it captured.
    fn play(&mut self, p: Point, color: Color, taken: &[Point]) -> usize {
        let mut stones = PointList::new();
        let mut seen = [0; MAX_POINTS.div_ceil(64)];
        for &n in taken {
            self.walk(n, &mut seen, |s| stones.push(s), |_| true);
        }
        self.set(p, Cell::stone(color));
        for &s in &stones {
            self.set(s, Cell::Empty);
        }
        stones.len()
    }
}

/// The search for an even cycle back to `p`.
struct CycleSearch<'a> {
    /// The position P the cycle must recreate.
    p: &'a Board,
    /// Length of the cycles sought in this deepening round.
    limit: usize,
    /// Plays made so far (those the search goes on from).
    nodes: usize,
    /// Hashes of the positions after 1, 2, ... plays.
    path: SmallVec<[u64; MAX_CYCLE]>,
    /// The position after the plays of the path.
    q: Scratch<'a>,
}

impl CycleSearch<'_> {
    /// Tries every allowed play of `to_move` after `depth` plays; true when one leads back
    /// to P within `limit` plays.
    fn dfs(&mut self, depth: usize, to_move: Color) -> bool {
        let remaining = self.limit - depth;
        if remaining == 0 {
            return false;
        }
        let q = &self.q;
        let p = self.p;
        let mut differ: PointList = q
            .changes
            .iter()
            .map(|&(t, _)| t)
            .filter(|&t| q.cell(t) != p.cell(t))
            .collect();
        differ.sort_unstable();
        differ.dedup();
        // Each stone of P that is missing needs a play of its owner.
        let mut need = [0usize; 2];
        for &t in &differ {
            if let Some(c) = p.cell(t).color() {
                need[c.index()] += 1;
            }
        }
        if need[to_move.index()] > remaining.div_ceil(2)
            || need[to_move.opponent().index()] > remaining / 2
        {
            return false;
        }
        let mut allowed = PointList::new();
        let mut listed = [0; MAX_POINTS.div_ceil(64)];
        let mut allow = |x: Point| {
            if !has(&listed, x) && q.cell(x) == Cell::Empty {
                put(&mut listed, x);
                allowed.push(x);
            }
        };
        // The strings walked so far (a string holding several such points is walked once).
        let mut seen = [0; MAX_POINTS.div_ceil(64)];
        for &t in &differ {
            allow(t);
            if q.cell(t).color().is_some() {
                q.walk(
                    t,
                    &mut seen,
                    |_| {},
                    |n| {
                        allow(n);
                        true
                    },
                );
            } else {
                p.neighbours(t).into_iter().for_each(&mut allow);
            }
        }
        allowed.sort_unstable();
        let own = Cell::stone(to_move);
        for x in allowed {
            if self.nodes >= NODE_BUDGET {
                return false;
            }
            let Some((h, taken)) = self.q.read_play(x, to_move) else {
                continue; // a suicide
            };
            if h == p.hash() {
                if (depth + 1).is_multiple_of(2) {
                    return true;
                }
                continue;
            }
            if depth + 1 == self.limit || self.path.contains(&h) {
                continue;
            }
            self.nodes += 1;
            let (mark, hash) = (self.q.changes.len(), self.q.hash);
            let captured = self.q.play(x, to_move, &taken);
            let ok = p.cell(x) == own || captured > 0 || self.q.in_atari(x);
            if ok {
                self.path.push(h);
                if self.dfs(depth + 1, to_move.opponent()) {
                    return true;
                }
                self.path.pop();
            }
            self.q.undo(mark, hash);
        }
        false
    }
}

#[cfg(test)]
mod tests;
