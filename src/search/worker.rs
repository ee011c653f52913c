//! One search thread: runs simulations on the shared [`Tree`], each one a descent by the
//! RAVE-blended value, an expansion, a policy playout and a backup of the result and the
//! AMAF statistics. Everything a simulation needs is owned here and reused, so the loop
//! allocates nothing.

use super::outcome;
use super::playout::Playout;
use super::priors::{self, Prior};
use super::rng::Rng;
use super::tree::{ScoreUtility, Tree};
use crate::board::{Board, Color, Point, MAX_POINTS};
use crate::game::Game;
use crate::rules::judge::Judge;
use crate::rules::line::KoLine;
use crate::rules::Ruleset;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering::Relaxed};

/// A node other than the root gets children once it has been visited this often (while
/// the arena is less than half full; see [`expand_at`]).
pub(super) const EXPAND_AT: u32 = 8;

/// The visits a node needs before expansion when the arena holds `used` of `capacity`
/// nodes: [`EXPAND_AT`], then four times more for each further halving of the free space,
/// so that a long search (analysis) keeps deepening its main lines instead of filling
/// the arena with leaves and stopping.
#[inline]
pub(super) fn expand_at(used: usize, capacity: usize) -> u32 {
    let free = capacity.saturating_sub(used);
    let mut threshold = EXPAND_AT;
    let mut half = capacity / 2;
    while free < half && threshold < 1 << 20 {
        threshold *= 4;
        half /= 2;
    }
    threshold
}
/// The weight of the move model's exploration term in selection
/// ([`Stats::exploration`](super::tree::Stats::exploration)), in win-rate units: a move
/// the model gives probability `p` gains `p * sqrt(parent visits) / (1 + visits)` of it.
pub(super) const EXPLORATION: f32 = 1.0;

/// Playout ownership is added to the shared counts every this many simulations.
const OWNERSHIP_FLUSH: u32 = 32;

/// What all workers of one search share.
pub(super) struct Shared<'a> {
    /// The tree.
    pub tree: &'a Tree,
    /// The game searched.
    pub game: &'a Game,
    /// The player to move at the root (node 0).
    pub color: Color,
    /// Passes in a row that ended the game's history (0 or 1).
    pub root_passes: u32,
    /// The game's last move and the one before ([`Point::PASS`] for a pass or none).
    pub root_last: (Point, Point),
    /// The ruleset.
    pub rules: Ruleset,
    /// The moves the search may not try, by player and depth.
    pub filter: &'a super::MoveFilter,
    /// The komi simulations are scored with (the game's, adjusted in handicap games).
    pub komi: f64,
    /// The mercy margin of playouts.
    pub mercy: Option<u32>,
    /// Simulations started.
    pub started: AtomicU64,
    /// Per point index, the sum over flushed playouts of the owner (+1 Black, -1 White).
    pub ownership: Option<Vec<AtomicI32>>,
    /// Playouts counted in `ownership`.
    pub owned_playouts: AtomicU64,
    /// The score utility's scale and weight; each simulation centres it on the root's
    /// mean margin at its start.
    pub score_utility: ScoreUtility,
    /// Where new nodes' priors come from.
    pub priors: priors::PriorSource,
    /// Whether the playouts replay last good replies.
    pub playout_replies: bool,
}

/// A worker's private state.
pub(super) struct Worker<'a> {
    shared: &'a Shared<'a>,
    board: Board,
    line: KoLine<'a>,
    playout: Playout,
    rng: Rng,
    /// Arena indices of the nodes visited, root first.
    path: Vec<u32>,
    /// Every move of the simulation (tree and playout), in order.
    moves: Vec<(Point, Color)>,
    /// AMAF map: per point, the generation in which it was last stamped and who played it.
    stamp: Vec<u32>,
    stamp_color: Vec<Color>,
    generation: u32,
    /// Children being created.
    children: Vec<(Point, Prior)>,
    /// The move model's strengths of `children` (reused).
    strengths: Vec<f32>,
    /// Ownership counts not yet flushed, and for how many playouts.
    owner: Vec<i32>,
    owner_pending: u32,
}

impl<'a> Worker<'a> {
    /// A worker for `shared` with its own random generator.
    pub fn new(shared: &'a Shared<'a>, seed: u64) -> Worker<'a> {
        let mut playout = Playout::new();
        playout.set_mercy(shared.mercy);
        playout.set_replies(shared.playout_replies);
        Worker {
            shared,
            board: shared.game.board().clone(),
            line: KoLine::new(shared.game.memory()),
            playout,
            rng: Rng::new(seed),
            path: Vec::with_capacity(64),
            moves: Vec::with_capacity(1024),
            stamp: vec![0; MAX_POINTS],
            stamp_color: vec![Color::Black; MAX_POINTS],
            generation: 0,
            children: Vec::with_capacity(MAX_POINTS),
            strengths: Vec::with_capacity(MAX_POINTS),
            owner: vec![0; MAX_POINTS],
            owner_pending: 0,
        }
    }

    /// Runs one simulation.
    pub fn simulate(&mut self) {
        let sh = self.shared;
        let tree = sh.tree;
        self.board.clone_from(sh.game.board());
        self.line.reset();
        self.path.clear();
        self.moves.clear();
        self.path.push(0);
        let mut node = 0usize;
        let mut color = sh.color;
        let mut passes = sh.root_passes;
        let (mut last, mut last2) = sh.root_last;
        // The root node is the root player's opponent's: its mean margin, turned over, is
        // the root player's; the utility of the root's children is centred there.
        let mut utility = sh.score_utility;
        if utility.weight != 0.0 {
            utility.center = -tree.node(0).stats().score_mean() as f32;
        }
        let black_score = loop {
            if passes >= 2 {
                break outcome::terminal(&self.board, sh.komi, sh.rules.scoring);
            }
            let n = tree.node(node);
            if !n.is_expanded() {
                let ripe = node == 0 || n.visits() >= expand_at(tree.len(), tree.capacity());
                if !ripe
                    || tree.is_full()
                    || !n.try_claim()
                    || !self.expand(node, color, (last, last2))
                {
                    break self.play_out(color, (last, last2), passes);
                }
            }
            let child = self.select(node, &utility);
            utility = utility.flipped();
            let c = tree.node(child);
            c.add_visit();
            let p = c.point();
            self.line.play(&mut self.board, color, p);
            self.moves.push((p, color));
            passes = if p.is_pass() { passes + 1 } else { 0 };
            last2 = last;
            last = p;
            self.path.push(child as u32);
            node = child;
            color = color.opponent();
        };
        let black_score2 = (black_score * 2.0).round() as i32;
        let black2 = if black_score > 0.0 {
            2
        } else if black_score < 0.0 {
            0
        } else {
            1
        };
        self.back_up(black2, black_score2);
        if black2 != 1 {
            let winner = if black2 == 2 {
                Color::Black
            } else {
                Color::White
            };
            self.playout.learn_replies(&self.moves, winner);
        }
    }

    /// Plays the simulation out from the current leaf; Black's score.
    fn play_out(&mut self, color: Color, last: (Point, Point), passes: u32) -> f64 {
        let sh = self.shared;
        let moves = &mut self.moves;
        let end = self.playout.run_observed(
            &mut self.board,
            color,
            last,
            passes,
            &mut self.rng,
            Some(Judge::new(&sh.rules, &self.line)),
            |c, p| moves.push((p, c)),
        );
        let owner = sh.ownership.as_ref().map(|_| &mut self.owner[..]);
        let score = outcome::playout_score(&self.board, &end, sh.komi, sh.rules.scoring, owner);
        if end.mercy.is_some() {
            return score;
        }
        if sh.ownership.is_some() {
            self.owner_pending += 1;
            if self.owner_pending >= OWNERSHIP_FLUSH {
                self.flush_ownership();
            }
        }
        score
    }

    /// Adds the ownership of the playouts not yet counted to the shared counts (every
    /// [`OWNERSHIP_FLUSH`] playouts, and when the worker stops, so that a short search
    /// reports the ownership of all its playouts).
    pub fn flush_ownership(&mut self) {
        let sh = self.shared;
        let Some(shared) = &sh.ownership else {
            return;
        };
        for (s, o) in shared.iter().zip(self.owner.iter_mut()) {
            if *o != 0 {
                s.fetch_add(*o, Relaxed);
                *o = 0;
            }
        }
        sh.owned_playouts
            .fetch_add(u64::from(self.owner_pending), Relaxed);
        self.owner_pending = 0;
    }

    /// The child of `node` with the highest value under the score utility `utility`
    /// (centred for the children's player) plus its exploration term ([`EXPLORATION`]);
    /// ties: the first after a random offset.
    fn select(&mut self, node: usize, utility: &ScoreUtility) -> usize {
        let tree = self.shared.tree;
        let kids = tree.children(node);
        let count = kids.len();
        let offset = self.rng.below(count);
        let sqrt_parent = (tree.node(node).visits() as f32).sqrt();
        let (mut best, mut best_value) = (kids.start, f32::NEG_INFINITY);
        for k in 0..count {
            let i = kids.start + (offset + k) % count;
            let stats = tree.node(i).stats();
            let value = stats.value_with(utility) + stats.exploration(EXPLORATION, sqrt_parent);
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        best
    }

    /// Creates the children of the claimed `node`, where `color` is to move on the
    /// worker's board after `last`: every legal board play that does not fill an own eye,
    /// and the pass, each with its prior. False when the arena is full.
    fn expand(&mut self, node: usize, color: Color, last: (Point, Point)) -> bool {
        let sh = self.shared;
        // The ply of the children: the path holds the root and every node down to `node`.
        let depth = self.path.len() as u32 - 1;
        let filtered = !sh.filter.is_empty();
        self.children.clear();
        let judge = Judge::new(&sh.rules, &self.line);
        for i in 0..self.board.empty_count() {
            let p = self.board.empty_point(i);
            if !self.board.is_eye(p, color)
                && (!filtered || sh.filter.permits(depth, color, p))
                && judge.allows(&self.board, p, color)
            {
                self.children.push((p, Prior::default()));
            }
        }
        if !filtered || self.children.is_empty() || sh.filter.permits(depth, color, Point::PASS) {
            self.children.push((Point::PASS, Prior::default()));
        }
        priors::fill(
            sh.priors,
            &self.board,
            color,
            last,
            &mut self.children,
            &mut self.strengths,
        );
        sh.tree.expand(node, &self.children)
    }

    /// Adds the result (Black's wins and final margin, in half points) to every node of the
    /// path, and the AMAF results to the children of every node on it.
    fn back_up(&mut self, black2: u32, black_score2: i32) {
        let sh = self.shared;
        let tree = sh.tree;
        let result_for = |c: Color| {
            if c == Color::Black {
                black2
            } else {
                2 - black2
            }
        };
        let score_for = |c: Color| {
            if c == Color::Black {
                black_score2
            } else {
                -black_score2
            }
        };
        // The root is reached by the root player's opponent; depth d's mover alternates.
        let root = tree.node(0);
        root.add_visit();
        let root_mover = sh.color.opponent();
        root.add_result(result_for(root_mover), score_for(root_mover));
        for (depth, &i) in self.path.iter().enumerate().skip(1) {
            let mover = if depth % 2 == 1 {
                sh.color
            } else {
                sh.color.opponent()
            };
            tree.node(i as usize)
                .add_result(result_for(mover), score_for(mover));
        }
        // AMAF: walking the moves backwards, the map holds each point's first play from
        // move j on; node path[j] (where moves[j] was chosen) credits its children.
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        let g = self.generation;
        for j in (0..self.moves.len()).rev() {
            let (p, c) = self.moves[j];
            if !p.is_pass() {
                self.stamp[p.index()] = g;
                self.stamp_color[p.index()] = c;
            }
            if j >= self.path.len() {
                continue;
            }
            let to_move = if j % 2 == 0 {
                sh.color
            } else {
                sh.color.opponent()
            };
            let won = result_for(to_move);
            for k in tree.children(self.path[j] as usize) {
                let child = tree.node(k);
                let q = child.point();
                if !q.is_pass()
                    && self.stamp[q.index()] == g
                    && self.stamp_color[q.index()] == to_move
                {
                    child.add_rave(won);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansion_gets_harder_as_the_arena_fills() {
        assert_eq!(expand_at(0, 1000), EXPAND_AT);
        assert_eq!(expand_at(499, 1000), EXPAND_AT);
        assert_eq!(expand_at(600, 1000), 4 * EXPAND_AT);
        assert_eq!(expand_at(800, 1000), 16 * EXPAND_AT);
        assert!(expand_at(1000, 1000) > 1000);
    }
}
