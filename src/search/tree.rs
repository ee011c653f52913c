//! One thread's UCT tree: an arena of nodes, children stored contiguously, one simulation
//! at a time (selection by UCB1, expansion after a few visits, a random playout, backup).

use super::playout::{captures, Playout};
use super::rng::Rng;
use crate::board::{Board, Cell, Color, Point};
use crate::game::Game;
use crate::rules::ko::{self, Candidate, KoRule};
use crate::rules::line::KoLine;
use crate::rules::Ruleset;
use crate::score;
use smallvec::SmallVec;

/// UCB1 exploration constant.
const UCB_C: f32 = 0.7;
/// Urgency of a child never visited: above any UCB1 value, so every child is tried once.
const FIRST_PLAY_URGENCY: f32 = 10.0;
/// A node (other than the root) is expanded when reached with this many visits.
pub(super) const EXPAND_AT: u32 = 3;

/// One position of the tree, reached by the move `point` from its parent.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// The move leading here ([`Point::PASS`] for a pass).
    pub point: Point,
    /// Number of children (0 until expanded).
    pub child_count: u16,
    /// True once the children are in the arena.
    pub expanded: bool,
    /// Simulations through this node.
    pub visits: u32,
    /// Wins for the player who made `point` (a draw counts a half).
    pub wins: f32,
    /// Index of the first child in the arena.
    pub first_child: u32,
}

impl Node {
    fn new(point: Point) -> Node {
        Node {
            point,
            child_count: 0,
            expanded: false,
            visits: 0,
            wins: 0.0,
            first_child: 0,
        }
    }
}

/// A search tree for one thread, with everything a simulation needs.
pub(super) struct Tree<'a> {
    game: &'a Game,
    rules: Ruleset,
    komi: f64,
    /// The player to move at the root.
    color: Color,
    /// Passes in a row that ended the game's history (at most 1: the root is never over).
    root_passes: u32,
    max_nodes: usize,
    pub nodes: Vec<Node>,
    rng: Rng,
    line: KoLine<'a>,
    board: Board,
    playout: Playout,
    path: Vec<u32>,
    moves: Vec<Point>,
}

impl<'a> Tree<'a> {
    /// A tree for `color` to move in `game`, whose root children are `root_moves` (legal
    /// board plays) and a pass.
    pub fn new(
        game: &'a Game,
        color: Color,
        root_moves: &[Point],
        seed: u64,
        max_nodes: usize,
    ) -> Tree<'a> {
        let trailing = game
            .moves()
            .iter()
            .rev()
            .take_while(|s| s.is_pass())
            .count();
        let mut t = Tree {
            game,
            rules: *game.rules(),
            komi: game.komi(),
            color,
            root_passes: trailing.min(1) as u32,
            max_nodes: max_nodes.max(root_moves.len() + 2),
            nodes: Vec::with_capacity(1024),
            rng: Rng::new(seed),
            line: KoLine::new(game.memory()),
            board: game.board().clone(),
            playout: Playout::new(),
            path: Vec::with_capacity(64),
            moves: Vec::with_capacity(game.size() * game.size() + 1),
        };
        t.nodes.push(Node::new(Point::PASS));
        t.moves.extend_from_slice(root_moves);
        t.moves.push(Point::PASS);
        t.add_children(0);
        t
    }

    /// The root's children (root moves in the order given, then the pass).
    pub fn root_children(&self) -> &[Node] {
        let r = &self.nodes[0];
        &self.nodes[r.first_child as usize..(r.first_child + r.child_count as u32) as usize]
    }

    /// Runs one simulation: select down the tree, expand, play out, back up.
    pub fn simulate(&mut self) {
        self.board.clone_from(self.game.board());
        self.line.reset();
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        let mut color = self.color;
        let mut passes = self.root_passes;
        let score = loop {
            if passes >= 2 {
                break score::area_score(&self.board, self.komi);
            }
            if !self.nodes[node].expanded {
                if self.nodes[node].visits < EXPAND_AT || self.nodes.len() >= self.max_nodes {
                    let ko = Some((&self.line, self.rules.ko));
                    self.playout
                        .run(&mut self.board, color, passes, &mut self.rng, ko);
                    break score::playout_score(&self.board, self.komi);
                }
                self.expand(node, color);
            }
            let child = self.select(node);
            let p = self.nodes[child].point;
            self.line.play(&mut self.board, color, p);
            passes = if p.is_pass() { passes + 1 } else { 0 };
            self.path.push(child as u32);
            node = child;
            color = color.opponent();
        };
        let black = if score > 0.0 {
            1.0
        } else if score < 0.0 {
            0.0
        } else {
            0.5
        };
        // Depth 0 is the root, "made" by the root player's opponent.
        for (depth, &i) in self.path.iter().enumerate() {
            let mover = if depth % 2 == 1 {
                self.color
            } else {
                self.color.opponent()
            };
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.wins += if mover == Color::Black {
                black
            } else {
                1.0 - black
            };
        }
    }

    /// The child of `node` with the highest UCB1 value (ties: the first after a random
    /// offset).
    fn select(&mut self, node: usize) -> usize {
        let n = self.nodes[node];
        let count = n.child_count as usize;
        let first = n.first_child as usize;
        let log_n = (n.visits.max(1) as f32).ln();
        let offset = self.rng.below(count);
        let (mut best, mut best_value) = (first, f32::NEG_INFINITY);
        for k in 0..count {
            let mut j = offset + k;
            if j >= count {
                j -= count;
            }
            let c = &self.nodes[first + j];
            let value = if c.visits == 0 {
                FIRST_PLAY_URGENCY
            } else {
                let v = c.visits as f32;
                c.wins / v + UCB_C * (log_n / v).sqrt()
            };
            if value > best_value {
                best_value = value;
                best = first + j;
            }
        }
        best
    }

    /// Gives `node` (where `color` is to move, on `self.board` / `self.line`) a child for
    /// every legal board play that does not fill an own eye, and one for the pass.
    fn expand(&mut self, node: usize, color: Color) {
        self.moves.clear();
        for i in 0..self.board.empty_count() {
            let p = self.board.empty_point(i);
            if !self.board.is_eye(p, color)
                && legal_in_line(&self.board, &self.line, &self.rules, p, color)
            {
                self.moves.push(p);
            }
        }
        self.moves.push(Point::PASS);
        self.add_children(node);
    }

    /// Appends one child per point of `self.moves` to `node`.
    fn add_children(&mut self, node: usize) {
        let first = self.nodes.len() as u32;
        self.nodes.extend(self.moves.iter().map(|&p| Node::new(p)));
        let n = &mut self.nodes[node];
        n.first_child = first;
        n.child_count = self.moves.len() as u16;
        n.expanded = true;
    }
}

/// True when `color` may play the board play `p` on `board`, whose history is `line`, under
/// `rules`: the board's test (empty point, suicide, simple ko; the simple-ko test is left to
/// the history under fixed ko, which allows a first retake, and under natural situational
/// superko, which allows an immediate retake of a position created by the opponent, as after
/// a pass) and then the ko rule.
pub(super) fn legal_in_line(
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
