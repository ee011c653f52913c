//! The virtual-force search: can player Z, moving first in alternating local play, reach
//! uncapturable life of Z on a set of points whatever the opponent does?
//!
//! Plays are board plays on the region's empty points (suicide forbidden) or passes. Within
//! the line: a board play may not repeat a (before, after) transition made earlier in the
//! line (fixed ko); a single-stone recapture of a basic ko right after the opponent's ko
//! capture is banned (basic ko; a pass in between lifts the ban), except that Z may recapture
//! in the classified ko immediately unless Z's own previous move was a ko capture in another
//! ko (the Released Ko Rule, Z only). A line fails for Z when a board play recreates the
//! starting position or when a third pass in a row is made. The goal is checked after every
//! move and at the start. Results are memoised by position, side to move, pass count, simple
//! ko ban, Z's released-ko state and the hash of the set of transitions made.
//!
//! Two prunings keep "no" answers within reach (both sound whatever the line's history):
//! a position where a goal point is held for good by the opponent ([`goal_out_of_reach`])
//! is a loss for Z at once, and at every node a move that decides at once (for Z one that
//! reaches the goal, for the opponent one that puts it out of reach) is tried first.

use super::{
    goal_out_of_reach, has_uncapturable_life, region, target_points, Answer, BasicKo, Target,
};
use super::{MAX_DEPTH, NODE_BUDGET};
use crate::board::{Board, Cell, Color, Point, SuicideRule};
use fxhash::FxHashMap;

/// Outcome of a node for Z.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Val {
    Win,
    Loss,
    Unknown,
}

/// One position in a line of play.
#[derive(Clone)]
struct Node {
    board: Board,
    to_move: Color,
    /// Passes in a row just made.
    passes: u8,
    /// Z's previous move was a ko capture in a ko other than the classified one.
    z_other_ko: bool,
    /// XOR of the transition keys made so far.
    trans_hash: u64,
}

struct Search {
    z: Color,
    ko: BasicKo,
    goal: Vec<Point>,
    region: Vec<Point>,
    start_hash: u64,
    transitions: Vec<(u64, u64)>,
    memo: FxHashMap<u64, Val>,
    goal_cache: FxHashMap<u64, bool>,
    lost_cache: FxHashMap<u64, bool>,
    /// [`Search::ordered_moves`] per position and side to move.
    order_cache: FxHashMap<(u64, bool), Vec<Point>>,
    /// Apply the two prunings (off only to cross-check them in tests).
    prune: bool,
    nodes: usize,
    budget_hit: bool,
    /// Lines are cut off (unknown) at this length.
    depth_limit: usize,
}

fn mix(a: u64, b: u64) -> u64 {
    let x = a.rotate_left(17) ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x.wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ (x >> 31)
}

/// Answers whether `z`, moving first on `start`, can virtual-force uncapturable life of `z`
/// on `target` of `ko`.
pub(super) fn virtual_force(start: &Board, ko: BasicKo, z: Color, target: Target) -> Answer {
    answer(start, ko, z, target, true)
}

/// [`virtual_force`] without the prunings: the plain search they must agree with.
#[cfg(test)]
pub(super) fn virtual_force_unpruned(
    start: &Board,
    ko: BasicKo,
    z: Color,
    target: Target,
) -> Answer {
    answer(start, ko, z, target, false)
}

fn answer(start: &Board, ko: BasicKo, z: Color, target: Target, prune: bool) -> Answer {
    let Some(region) = region(start, ko) else {
        tracing::debug!("ko region too large");
        return Answer::Unknown;
    };
    let goal = target_points(start, ko, target);
    if has_uncapturable_life(start, z, &goal) {
        return Answer::Yes(Point::PASS);
    }
    if prune && goal_out_of_reach(start, z, &goal) {
        return Answer::No;
    }
    let mut s = Search::new(z, ko, goal, region, start);
    s.prune = prune;
    let root = Node {
        board: start.clone(),
        to_move: z,
        passes: 0,
        z_other_ko: false,
        trans_hash: 0,
    };
    let mut unknown = false;
    for m in s.ordered_moves(&root) {
        let Some(child) = s.apply(&root, m) else {
            continue;
        };
        let v = s.solve(&child, 1);
        s.undo_transition(&root, m);
        match v {
            Val::Win => {
                tracing::trace!(nodes = s.nodes, "virtual-force found");
                return Answer::Yes(m);
            }
            Val::Unknown => unknown = true,
            Val::Loss => {}
        }
    }
    if unknown || s.budget_hit {
        Answer::Unknown
    } else {
        Answer::No
    }
}

/// A forcing line for `z` (empty when the answer is not yes): at Z's turns a winning move, at
/// the opponent's turns the reply that costs Z's search the most nodes (a proxy for the most
/// stubborn resistance). Meant for documentation and tests.
pub(super) fn forcing_line(start: &Board, ko: BasicKo, z: Color, target: Target) -> Vec<Point> {
    let Some(region) = region(start, ko) else {
        return Vec::new();
    };
    let mut s = Search::new(z, ko, target_points(start, ko, target), region, start);
    let mut node = Node {
        board: start.clone(),
        to_move: z,
        passes: 0,
        z_other_ko: false,
        trans_hash: 0,
    };
    let mut line = Vec::new();
    let mut depth = 0;
    while !s.goal_reached(&node.board) && depth < MAX_DEPTH {
        let mut chosen: Option<(Point, Node, usize)> = None;
        for m in s.ordered_moves(&node) {
            let Some(child) = s.apply(&node, m) else {
                continue;
            };
            s.memo.clear();
            s.nodes = 0;
            let v = s.solve(&child, depth + 1);
            let cost = s.nodes;
            s.undo_transition(&node, m);
            if v != Val::Win {
                if node.to_move == z {
                    continue;
                }
                return Vec::new();
            }
            if node.to_move == z {
                chosen = Some((m, child, cost));
                break;
            }
            if chosen.as_ref().is_none_or(|c| cost > c.2) {
                chosen = Some((m, child, cost));
            }
        }
        let Some((m, child, _)) = chosen else {
            return Vec::new();
        };
        if !m.is_pass() {
            s.transitions.push((node.board.hash(), child.board.hash()));
        }
        line.push(m);
        node = child;
        depth += 1;
    }
    line
}

impl Search {
    /// A fresh search for `z` towards `goal` in `region`, starting from `start`.
    fn new(z: Color, ko: BasicKo, goal: Vec<Point>, region: Vec<Point>, start: &Board) -> Search {
        Search {
            z,
            ko,
            goal,
            region,
            start_hash: start.hash(),
            transitions: Vec::new(),
            memo: FxHashMap::default(),
            goal_cache: FxHashMap::default(),
            lost_cache: FxHashMap::default(),
            order_cache: FxHashMap::default(),
            prune: true,
            nodes: 0,
            budget_hit: false,
            depth_limit: MAX_DEPTH,
        }
    }

    /// Candidate moves for the side to move, captures first, pass last.
    fn moves(&self, n: &Node) -> Vec<Point> {
        let b = &n.board;
        let mut caps = Vec::new();
        let mut rest = Vec::new();
        for &p in &self.region {
            if b.cell(p) != Cell::Empty || !b.suicide_allowed(p, n.to_move, SuicideRule::Forbidden)
            {
                continue;
            }
            let captures = b
                .neighbours(p)
                .iter()
                .any(|&m| b.cell(m) == Cell::stone(n.to_move.opponent()) && b.in_atari(m));
            if captures {
                caps.push(p);
            } else {
                rest.push(p);
            }
        }
        caps.extend(rest);
        caps.push(Point::PASS);
        caps
    }

    /// [`Search::moves`] with a move that decides at once put first: for Z one that reaches
    /// the goal, for the opponent one that puts it out of Z's reach for good.
    fn ordered_moves(&mut self, n: &Node) -> Vec<Point> {
        let mut moves = self.moves(n);
        if !self.prune {
            return moves;
        }
        let z_moves = n.to_move == self.z;
        let key = (n.board.hash(), z_moves);
        if let Some(order) = self.order_cache.get(&key) {
            return order.clone();
        }
        let decisive = moves.iter().position(|&m| {
            if m.is_pass() || (z_moves && !self.may_reach_goal(&n.board, m)) {
                return false;
            }
            let mut b = n.board.clone();
            b.play(m, n.to_move);
            if z_moves {
                self.goal_reached(&b)
            } else {
                self.goal_lost(&b)
            }
        });
        if let Some(i) = decisive {
            let m = moves.remove(i);
            moves.insert(0, m);
        }
        self.order_cache.insert(key, moves.clone());
        moves
    }

    /// False when Z's play on `m` certainly does not reach the goal at once: some goal point
    /// would still hold an opponent stone (it is not captured by `m`).
    fn may_reach_goal(&self, b: &Board, m: Point) -> bool {
        let opp = Cell::stone(self.z.opponent());
        self.goal
            .iter()
            .all(|&g| b.cell(g) != opp || (b.in_atari(g) && b.atari_liberty(g) == m))
    }

    /// Plays `m` if the line's rules allow it; records the transition (undo with
    /// [`Search::undo_transition`]).
    fn apply(&mut self, n: &Node, m: Point) -> Option<Node> {
        let mut child = n.clone();
        child.to_move = n.to_move.opponent();
        if m.is_pass() {
            child.passes = n.passes + 1;
            child.board.clear_ko();
            if n.to_move == self.z {
                child.z_other_ko = false;
            }
            return Some(child);
        }
        if let Some((k, banned)) = n.board.ko() {
            if k == m && banned == n.to_move {
                let released = n.to_move == self.z && self.ko.contains(k) && !n.z_other_ko;
                if !released {
                    return None;
                }
            }
        }
        let before = n.board.hash();
        child.board.play(m, n.to_move);
        let after = child.board.hash();
        if self.transitions.contains(&(before, after)) {
            return None;
        }
        self.transitions.push((before, after));
        child.trans_hash ^= mix(before, after);
        child.passes = 0;
        if n.to_move == self.z {
            child.z_other_ko = matches!(child.board.ko(), Some((k, _)) if !self.ko.contains(k));
        }
        Some(child)
    }

    fn undo_transition(&mut self, _n: &Node, m: Point) {
        if !m.is_pass() {
            self.transitions.pop();
        }
    }

    fn goal_reached(&mut self, b: &Board) -> bool {
        if let Some(&v) = self.goal_cache.get(&b.hash()) {
            return v;
        }
        let v = has_uncapturable_life(b, self.z, &self.goal);
        self.goal_cache.insert(b.hash(), v);
        v
    }

    /// True when the goal is out of Z's reach for good (see [`goal_out_of_reach`]).
    fn goal_lost(&mut self, b: &Board) -> bool {
        if let Some(&v) = self.lost_cache.get(&b.hash()) {
            return v;
        }
        let v = goal_out_of_reach(b, self.z, &self.goal);
        self.lost_cache.insert(b.hash(), v);
        v
    }

    fn key(&self, n: &Node) -> u64 {
        let ko = n
            .board
            .ko()
            .map(|(k, c)| k.0 as u64 * 2 + c.index() as u64 + 1)
            .unwrap_or(0);
        let mut h = mix(n.board.hash(), n.trans_hash);
        h = mix(h, ko);
        mix(
            h,
            (n.to_move.index() as u64) | (n.passes as u64) << 1 | (n.z_other_ko as u64) << 4,
        )
    }

    /// The value for Z of the position just reached by a move.
    fn solve(&mut self, n: &Node, depth: usize) -> Val {
        if n.passes == 0 && n.board.hash() == self.start_hash {
            return Val::Loss;
        }
        if self.goal_reached(&n.board) {
            return Val::Win;
        }
        if self.prune && self.goal_lost(&n.board) {
            return Val::Loss;
        }
        if n.passes >= 3 {
            return Val::Loss;
        }
        if depth >= self.depth_limit {
            return Val::Unknown;
        }
        if self.nodes >= NODE_BUDGET {
            self.budget_hit = true;
            return Val::Unknown;
        }
        self.nodes += 1;
        let key = self.key(n);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let z_moves = n.to_move == self.z;
        let mut unknown = false;
        let mut result = if z_moves { Val::Loss } else { Val::Win };
        for m in self.ordered_moves(n) {
            let Some(child) = self.apply(n, m) else {
                continue;
            };
            let v = self.solve(&child, depth + 1);
            self.undo_transition(n, m);
            match (z_moves, v) {
                (true, Val::Win) => {
                    result = Val::Win;
                    unknown = false;
                    break;
                }
                (false, Val::Loss) => {
                    result = Val::Loss;
                    unknown = false;
                    break;
                }
                (_, Val::Unknown) => unknown = true,
                _ => {}
            }
        }
        if unknown {
            return Val::Unknown;
        }
        self.memo.insert(key, result);
        result
    }
}
