//! The search with a KataGo network: PUCT over the network's policy and value, as KataGo
//! searches, under koan's judge.
//!
//! Each simulation descends from the root by KataGo's selection value, `Q + U`: `Q` the
//! child's mean utility for the player choosing, `U = c(N) * policy * sqrt(N) / (1 + n)`
//! with `N` the visits of the parent's children, `n` the child's, and `c(N)` KataGo's
//! exploration weight (`1 + 0.45 ln((N + 500) / 500)`, scaled by the spread of the parent's
//! utility against a prior 0.4). The utility is KataGo's: the win/loss value in -1..1, plus
//! 0.1 of a static score value (an arctangent of the final score over twice the board's
//! side) and 0.3 of a dynamic one (centred on the root's expected score), both averaged
//! over the network's score distribution. An unvisited child takes its parent's utility
//! less `0.2 * sqrt(policy of the visited children)` (0.1 at the root), the parent's being
//! its mean, blended with its own evaluation while little of its policy is visited. The leaf
//! reached is evaluated by the network (no playout), with KataGo's policy optimism (0.2 at
//! the root, 1 below), its children created with the network's move probabilities, and its
//! utility backed up. Two passes in a row end a line, which is counted on the board.
//!
//! The tree is kept between moves ([`NetworkSearcher`]): when the game has gone on down the
//! tree, the subtree of the moves played is the next search's start, and a visit limit
//! counts its visits, as KataGo's `maxVisits` does. The root is evaluated again then, with
//! the root's optimism.
//!
//! The lines are played on a copy of the game, so every move in the tree is legal under
//! the game's own ko rule and pass rule, and the network is shown koan's judge's ko bans
//! ([`crate::nn::eval::GameInputs::from_game`]). With one thread the search evaluates one
//! leaf at a time; with several it gathers as many leaves under virtual losses and
//! evaluates them together, one evaluator a thread. With a fixed visit limit it is
//! deterministic (the orientation of each evaluation follows the visit count).

use super::{MoveFilter, MoveStats, Observer, SearchMove, SearchParams, SearchResult, Snapshot};
use crate::board::{Color, Point};
use crate::game::Game;
use crate::nn::eval::GameInputs;
use crate::nn::{symmetry, Evaluation, Evaluator};
use crate::rules::Ruleset;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// KataGo's `cpuctExploration`: the exploration weight with few visits.
const CPUCT: f64 = 1.0;
/// KataGo's `cpuctExplorationLog` and `cpuctExplorationBase`: the weight grows by this much
/// each time the visits grow by a factor `e` past the base.
const CPUCT_LOG: f64 = 0.45;
const CPUCT_BASE: f64 = 500.0;
/// KataGo's `cpuctUtilityStdevPrior`, its weight in visits, and `cpuctUtilityStdevScale`:
/// the exploration weight grows with the spread of the parent's utility against this prior.
const UTILITY_STDEV_PRIOR: f64 = 0.40;
const UTILITY_STDEV_PRIOR_WEIGHT: f64 = 2.0;
const UTILITY_STDEV_SCALE: f64 = 0.85;
/// KataGo's `fpuReductionMax` and `rootFpuReductionMax`: an unvisited child's utility is its
/// parent's less this times the square root of the policy of the visited children.
const FPU_REDUCTION: f64 = 0.2;
const ROOT_FPU_REDUCTION: f64 = 0.1;
/// KataGo's `staticScoreUtilityFactor` and `dynamicScoreUtilityFactor`: the weights of the
/// score values beside the win/loss value's 1.
const STATIC_SCORE_UTILITY: f64 = 0.1;
const DYNAMIC_SCORE_UTILITY: f64 = 0.3;
/// The scales of the static and dynamic score values, in board sides (KataGo's 2 and
/// `dynamicScoreCenterScale`).
const STATIC_SCORE_SCALE: f64 = 2.0;
const DYNAMIC_SCORE_SCALE: f64 = 0.75;
/// KataGo's `dynamicScoreCenterZeroWeight`: the dynamic score value's centre is the root's
/// expected score pulled this far towards 0.
const DYNAMIC_CENTER_ZERO_WEIGHT: f64 = 0.2;
/// KataGo's `policyOptimism` and `rootPolicyOptimism` for its GTP engine.
const POLICY_OPTIMISM: f32 = 1.0;
const ROOT_POLICY_OPTIMISM: f32 = 0.2;

/// The utility of a virtual loss: the worst a utility can be.
const VIRTUAL_LOSS_UTILITY: f64 = -(1.0 + STATIC_SCORE_UTILITY + DYNAMIC_SCORE_UTILITY);

/// Where a descent ended.
enum Descent {
    /// A line ended by two passes, or with no move: its verdict.
    Finished(LeafValue),
    /// A node not yet evaluated: the game there and the player to move.
    Leaf(Box<Game>, Color),
    /// A move of the tree the game refused (never expected).
    Refused,
}

/// One position of the tree, reached by `point` from its parent. Its sums are for the player
/// who made `point`.
#[derive(Clone, Debug)]
struct Node {
    point: Point,
    /// The network's probability of the move.
    prior: f64,
    /// Evaluations through this node.
    visits: u32,
    /// Sums of the utilities and of their squares.
    utility_sum: f64,
    utility_sq_sum: f64,
    /// Sum of the win chances (0..1, no result as half a win).
    win_sum: f64,
    /// Sums of the leads and of their squares, in points.
    lead_sum: f64,
    lead_sq_sum: f64,
    /// Sum of the expected final scores (the network's self-play score), in points.
    score_sum: f64,
    /// The network's utility of this position, once evaluated.
    nn_utility: f64,
    /// The children, `first..first + count` in the arena, once evaluated.
    first: u32,
    count: u32,
    expanded: bool,
    /// Descents through this node waiting for their leaves' evaluations.
    virtual_losses: u32,
}

impl Node {
    fn new(point: Point, prior: f64) -> Node {
        Node {
            point,
            prior,
            visits: 0,
            utility_sum: 0.0,
            utility_sq_sum: 0.0,
            win_sum: 0.0,
            lead_sum: 0.0,
            lead_sq_sum: 0.0,
            score_sum: 0.0,
            nn_utility: 0.0,
            first: 0,
            count: 0,
            expanded: false,
            virtual_losses: 0,
        }
    }

    fn mean(&self, sum: f64, empty: f64) -> f64 {
        if self.visits == 0 {
            empty
        } else {
            sum / f64::from(self.visits)
        }
    }

    fn value(&self) -> f64 {
        self.mean(self.win_sum, 0.5)
    }

    fn utility(&self) -> f64 {
        self.mean(self.utility_sum, 0.0)
    }

    fn lead(&self) -> f64 {
        self.mean(self.lead_sum, 0.0)
    }

    fn lead_stdev(&self) -> f64 {
        if self.visits == 0 {
            return 0.0;
        }
        let mean = self.lead();
        (self.lead_sq_sum / f64::from(self.visits) - mean * mean)
            .max(0.0)
            .sqrt()
    }

    /// The standard deviation of the utility, with KataGo's prior of
    /// [`UTILITY_STDEV_PRIOR`] over [`UTILITY_STDEV_PRIOR_WEIGHT`] visits.
    fn utility_stdev(&self) -> f64 {
        if self.visits <= 1 {
            return UTILITY_STDEV_PRIOR;
        }
        let n = f64::from(self.visits);
        let mean = self.utility();
        let mean_sq = (self.utility_sq_sum / n).max(mean * mean);
        let prior = UTILITY_STDEV_PRIOR * UTILITY_STDEV_PRIOR;
        let w = UTILITY_STDEV_PRIOR_WEIGHT;
        (((mean * mean + prior) * w + mean_sq * n) / (w + n - 1.0) - mean * mean)
            .max(0.0)
            .sqrt()
    }
}

/// The verdict on a leaf, for the player who moved into it.
#[derive(Clone, Copy, Debug)]
struct LeafValue {
    utility: f64,
    win: f64,
    lead: f64,
    score: f64,
}

impl LeafValue {
    /// The same verdict for the other player.
    fn turned(self) -> LeafValue {
        LeafValue {
            utility: -self.utility,
            win: 1.0 - self.win,
            lead: -self.lead,
            score: -self.score,
        }
    }
}

/// KataGo's score value of a final score `mean` (give or take `stdev`, normally spread):
/// `2/π atan((score - center) / (scale * side))` averaged over the score's distribution
/// (by a fixed quadrature over four standard deviations each way).
fn expected_score_value(mean: f64, stdev: f64, center: f64, scale: f64) -> f64 {
    let value = |x: f64| (2.0 / std::f64::consts::PI) * ((x - center) / scale).atan();
    if stdev < 1e-6 {
        return value(mean);
    }
    const STEPS: i32 = 40;
    let (mut sum, mut weights) = (0.0, 0.0);
    for i in -STEPS..=STEPS {
        let z = f64::from(i) / 10.0;
        let w = (-0.5 * z * z).exp();
        sum += w * value(mean + z * stdev);
        weights += w;
    }
    sum / weights
}

/// The score utility's scales and centre for one search.
#[derive(Clone, Copy, Debug)]
struct ScoreUtility {
    /// The board's side in points.
    side: f64,
    /// The dynamic score value's centre, White's final score.
    white_center: f64,
}

impl ScoreUtility {
    /// Centred on White's expected final score `white_expected`, as KataGo centres it.
    fn new(side: f64, white_expected: f64) -> ScoreUtility {
        let cap = side * DYNAMIC_SCORE_SCALE;
        let center = (white_expected * (1.0 - DYNAMIC_CENTER_ZERO_WEIGHT))
            .clamp(white_expected - cap, white_expected + cap);
        ScoreUtility {
            side,
            white_center: center,
        }
    }

    /// White's utility of a position whose win/loss value for White is `white_wl` (-1..1)
    /// and White's final score is `mean`, give or take `stdev`.
    fn white_utility(&self, white_wl: f64, mean: f64, stdev: f64) -> f64 {
        let s = expected_score_value(mean, stdev, 0.0, STATIC_SCORE_SCALE * self.side);
        let d = expected_score_value(
            mean,
            stdev,
            self.white_center,
            DYNAMIC_SCORE_SCALE * self.side,
        );
        white_wl + STATIC_SCORE_UTILITY * s + DYNAMIC_SCORE_UTILITY * d
    }

    /// The verdict on a position evaluated by the network, for the player who moved into it
    /// (`to_move`'s opponent).
    fn leaf(&self, eval: &Evaluation, to_move: Color) -> LeafValue {
        let mean = f64::from(eval.white_score);
        let stdev = (f64::from(eval.white_score_sq) - mean * mean)
            .max(0.0)
            .sqrt();
        let white_wl = f64::from(eval.white_win) - f64::from(eval.white_loss);
        let white = LeafValue {
            utility: self.white_utility(white_wl, mean, stdev),
            win: f64::from(eval.white_win) + 0.5 * f64::from(eval.no_result),
            lead: f64::from(eval.white_lead),
            score: mean,
        };
        // The mover is Black when White is to move.
        if to_move == Color::White {
            white.turned()
        } else {
            white
        }
    }

    /// The verdict on a finished line where White's final margin is `white_margin`, for the
    /// player who moved last (`to_move`'s opponent).
    fn finished(&self, white_margin: f64, to_move: Color) -> LeafValue {
        let white_wl = if white_margin > 0.0 {
            1.0
        } else if white_margin < 0.0 {
            -1.0
        } else {
            0.0
        };
        let white = LeafValue {
            utility: self.white_utility(white_wl, white_margin, 0.0),
            win: 0.5 * (white_wl + 1.0),
            lead: white_margin,
            score: white_margin,
        };
        if to_move == Color::White {
            white.turned()
        } else {
            white
        }
    }
}

/// A network with the tree of its last search, kept for the next search when the game goes
/// on down the tree.
pub struct NetworkSearcher {
    /// One evaluator per search thread, the first for the root.
    evaluators: Vec<Evaluator>,
    nodes: Vec<Node>,
    /// The buffer the kept subtree is copied into.
    spare: Vec<Node>,
    /// The game the tree's root stands for; `None`: no tree to reuse.
    root: Option<TreeRoot>,
}

/// The game a kept tree's root stands for.
struct TreeRoot {
    /// What else than the moves the tree depends on.
    key: TreeKey,
    /// The player to move at the root.
    to_move: Color,
    /// The moves played.
    moves: Vec<(Color, Point)>,
}

/// What a tree depends on beside the moves: the board, its start, the komi, the rules.
#[derive(Clone, Copy, Debug, PartialEq)]
struct TreeKey {
    size: usize,
    start_hash: u64,
    start_to_move: Color,
    komi: f64,
    rules: Ruleset,
}

impl TreeKey {
    fn of(game: &Game) -> TreeKey {
        TreeKey {
            size: game.size(),
            start_hash: game.start().hash(),
            start_to_move: game.start_to_move(),
            komi: game.komi(),
            rules: *game.rules(),
        }
    }
}

impl NetworkSearcher {
    /// A searcher with `evaluator` and no tree.
    pub fn new(evaluator: Evaluator) -> NetworkSearcher {
        NetworkSearcher {
            evaluators: vec![evaluator],
            nodes: Vec::new(),
            spare: Vec::new(),
            root: None,
        }
    }

    /// Forgets the tree: the next search starts afresh.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.root = None;
    }

    /// Searches `game` for `color` (the player to move) within `params`' limits, as
    /// [`NetworkSearch::run`] does, starting from the kept tree's subtree of the moves played
    /// since when there is one and `filter` forbids nothing; keeps the tree for the next.
    pub fn search(
        &mut self,
        game: &Game,
        color: Color,
        filter: &MoveFilter,
        params: &SearchParams,
        stop: &AtomicBool,
        observer: Option<Observer>,
    ) -> SearchResult {
        let reused = filter.is_empty() && self.reroot(game);
        if !reused {
            self.nodes.clear();
        }
        let threads = params.threads.max(1);
        while self.evaluators.len() < threads {
            let another = self.evaluators[0].another();
            self.evaluators.push(another);
        }
        let nodes = std::mem::take(&mut self.nodes);
        let evaluators = &mut self.evaluators[..threads];
        let mut search = NetworkSearch::with_tree(game, color, filter, evaluators, nodes);
        let result = search.run(params, stop, observer);
        self.nodes = search.nodes;
        self.root = filter.is_empty().then(|| {
            let moves = game.moves().iter().map(|s| (s.color, s.point)).collect();
            TreeRoot {
                key: TreeKey::of(game),
                to_move: color,
                moves,
            }
        });
        result
    }

    /// Makes the node the game's moves since the tree's root lead to the new root, keeping
    /// its subtree alone; false (the tree untouched) when the game did not go on from the
    /// root or left the tree.
    fn reroot(&mut self, game: &Game) -> bool {
        let Some(TreeRoot {
            key,
            to_move,
            moves,
        }) = &self.root
        else {
            return false;
        };
        let played = game.moves();
        if *key != TreeKey::of(game)
            || played.len() < moves.len()
            || self.nodes.is_empty()
            || !moves
                .iter()
                .zip(played)
                .all(|(&(c, p), s)| s.color == c && s.point == p)
        {
            return false;
        }
        // The tree's plies alternate from the player to move at its root.
        let mut color = *to_move;
        let mut at = 0usize;
        for step in &played[moves.len()..] {
            if step.color != color {
                return false;
            }
            color = color.opponent();
            let n = &self.nodes[at];
            let kids = kids_of(n);
            match kids
                .into_iter()
                .find(|&k| self.nodes[k].point == step.point)
            {
                Some(k) if self.nodes[k].expanded => at = k,
                _ => return false,
            }
        }
        if at != 0 {
            // Breadth first, each node's children side by side as the arena wants them.
            let spare = &mut self.spare;
            spare.clear();
            spare.push(self.nodes[at].clone());
            let mut next = 0;
            while next < spare.len() {
                let old = kids_of(&spare[next]);
                let first = spare.len();
                spare.extend_from_slice(&self.nodes[old]);
                spare[next].first = first as u32;
                next += 1;
            }
            std::mem::swap(&mut self.nodes, &mut self.spare);
            self.spare.clear();
        }
        true
    }
}

/// A PUCT search of one position with a network.
pub struct NetworkSearch<'a> {
    game: &'a Game,
    color: Color,
    filter: &'a MoveFilter,
    /// The evaluators, one per thread evaluating a batch's leaves.
    evaluators: &'a mut [Evaluator],
    nodes: Vec<Node>,
    /// The root's evaluation (its ownership is the analysis's).
    root_eval: Option<Evaluation>,
    /// The score utility's scales and centre.
    score_utility: ScoreUtility,
}

impl<'a> NetworkSearch<'a> {
    /// A search of `game` for `color` (the player to move) with `evaluator`, keeping off the
    /// moves `filter` forbids.
    pub fn new(
        game: &'a Game,
        color: Color,
        filter: &'a MoveFilter,
        evaluator: &'a mut Evaluator,
    ) -> NetworkSearch<'a> {
        let evaluators = std::slice::from_mut(evaluator);
        NetworkSearch::with_tree(game, color, filter, evaluators, Vec::new())
    }

    /// [`NetworkSearch::new`] from a tree whose root (`nodes[0]`) stands for the game's
    /// position, or from none (`nodes` empty).
    fn with_tree(
        game: &'a Game,
        color: Color,
        filter: &'a MoveFilter,
        evaluators: &'a mut [Evaluator],
        mut nodes: Vec<Node>,
    ) -> NetworkSearch<'a> {
        if nodes.is_empty() {
            nodes.push(Node::new(Point::PASS, 1.0));
        }
        NetworkSearch {
            game,
            color,
            filter,
            evaluators,
            nodes,
            root_eval: None,
            score_utility: ScoreUtility::new(game.size() as f64, 0.0),
        }
    }

    /// Searches within `params`' visit and time limits (`max_playouts` counts the root's
    /// visits, those of a kept tree included) until `stop` is set, reporting to `observer`;
    /// at least the root is evaluated. With several evaluators the leaves are evaluated in
    /// batches, one leaf per evaluator.
    pub fn run(
        &mut self,
        params: &SearchParams,
        stop: &AtomicBool,
        mut observer: Option<Observer>,
    ) -> SearchResult {
        let start = Instant::now();
        let mut last_report = start;
        let cap = params.time_cap.or(params.max_time);
        self.prepare_root();
        let threads = self.evaluators.len();
        loop {
            let visits = u64::from(self.nodes[0].visits);
            let done = params.max_playouts.is_some_and(|n| visits >= n)
                || cap.is_some_and(|t| start.elapsed() >= t)
                || stop.load(Ordering::Relaxed);
            if done {
                break;
            }
            if threads == 1 {
                self.simulate();
            } else {
                let left = params.max_playouts.map_or(threads as u64, |n| n - visits);
                self.simulate_batch(threads.min(left as usize));
            }
            if let Some((every, report)) = observer.as_mut() {
                if last_report.elapsed() >= *every {
                    last_report = Instant::now();
                    report(&self.snapshot(start));
                }
            }
        }
        let snapshot = self.snapshot(start);
        if let Some((_, report)) = observer.as_mut() {
            report(&snapshot);
        }
        let best = snapshot.moves.first();
        SearchResult {
            best: match best.map(|m| m.point) {
                Some(p) if !p.is_pass() => SearchMove::Play(p),
                _ => SearchMove::Pass,
            },
            playouts: snapshot.playouts,
            winrate: best.map_or(0.5, |m| m.winrate),
            elapsed: start.elapsed(),
            snapshot: Some(snapshot),
        }
    }

    /// Evaluates the root with the root's policy optimism and centres the score utility on
    /// its expected score: a new root gets its children and its first visit; a kept one
    /// keeps its visits and gets the root's policy for its children.
    fn prepare_root(&mut self) {
        let root = &self.nodes[0];
        if root.expanded && root.visits > 0 {
            let white = root.score_sum / f64::from(root.visits);
            // The root's sums are for the player who moved into it.
            let white = if self.color == Color::White {
                -white
            } else {
                white
            };
            self.score_utility = ScoreUtility::new(self.game.size() as f64, white);
            let eval = self.evaluate(self.game, ROOT_POLICY_OPTIMISM);
            let board = self.game.board();
            for k in kids_of(&self.nodes[0]) {
                let p = self.nodes[k].point;
                let prior = if p.is_pass() {
                    eval.policy_pass
                } else {
                    eval.policy[crate::nn::inputs::index_of(board, p)]
                };
                self.nodes[k].prior = f64::from(prior.max(0.0));
            }
            self.root_eval = Some(eval);
        } else {
            self.nodes.truncate(1);
            self.nodes[0] = Node::new(Point::PASS, 1.0);
            let eval = self.evaluate(self.game, ROOT_POLICY_OPTIMISM);
            self.score_utility =
                ScoreUtility::new(self.game.size() as f64, f64::from(eval.white_score));
            let leaf = self.expand(0, self.game, self.color, 0, eval);
            self.back_up(&[0], leaf);
        }
    }

    /// The network's evaluation of `game`'s position for the player to move, in the
    /// orientation the root's visits give.
    fn evaluate(&mut self, game: &Game, optimism: f32) -> Evaluation {
        let visits = self.nodes[0].visits as usize;
        self.evaluators[0].evaluate_game(game, visits % symmetry::COUNT, optimism)
    }

    /// One simulation: a descent by `Q + U` on a copy of the game, the network's
    /// evaluation of the leaf (or the count of a finished line), and the backup.
    fn simulate(&mut self) {
        let mut path = Vec::new();
        match self.descend(&mut path, false) {
            Descent::Finished(leaf) => self.back_up(&path, leaf),
            Descent::Leaf(game, color) => {
                let eval = self.evaluate(&game, POLICY_OPTIMISM);
                let leaf = self.expand(path[path.len() - 1], &game, color, path.len() - 1, eval);
                self.back_up(&path, leaf);
            }
            Descent::Refused => {}
        }
    }

    /// Up to `size` simulations at once, as search threads make them: each descent leaves a
    /// virtual loss on its nodes so that the next goes elsewhere, until a descent reaches a
    /// leaf already waiting; the leaves are evaluated together, split among the evaluators
    /// (one thread each, each its share as one batch), then expanded and backed up.
    fn simulate_batch(&mut self, size: usize) {
        let mut leaves: Vec<(Vec<usize>, Box<Game>, Color)> = Vec::with_capacity(size);
        for _ in 0..size {
            let mut path = Vec::new();
            match self.descend(&mut path, true) {
                Descent::Finished(leaf) => {
                    self.release(&path);
                    self.back_up(&path, leaf);
                }
                Descent::Leaf(game, color) => {
                    let node = path[path.len() - 1];
                    if leaves.iter().any(|(p, _, _)| p[p.len() - 1] == node) {
                        self.release(&path);
                        break;
                    }
                    leaves.push((path, game, color));
                }
                Descent::Refused => self.release(&path),
            }
        }
        let inputs: Vec<GameInputs> = leaves
            .iter()
            .map(|(_, game, _)| GameInputs::from_game(game))
            .collect();
        let mut evals = vec![Evaluation::default(); leaves.len()];
        let share = leaves.len().div_ceil(self.evaluators.len()).max(1);
        let visits = self.nodes[0].visits as usize;
        std::thread::scope(|scope| {
            let jobs = self
                .evaluators
                .iter_mut()
                .zip(inputs.chunks(share))
                .zip(evals.chunks_mut(share))
                .enumerate();
            for (t, ((evaluator, inputs), out)) in jobs {
                scope.spawn(move || {
                    let positions: Vec<(&GameInputs, usize)> = inputs
                        .iter()
                        .enumerate()
                        .map(|(i, gi)| (gi, (visits + t * share + i) % symmetry::COUNT))
                        .collect();
                    evaluator.evaluate_batch(&positions, POLICY_OPTIMISM, out);
                });
            }
        });
        for ((path, game, color), eval) in leaves.into_iter().zip(evals) {
            self.release(&path);
            let leaf = self.expand(path[path.len() - 1], &game, color, path.len() - 1, eval);
            self.back_up(&path, leaf);
        }
    }

    /// A descent from the root by `Q + U` on a copy of the game, its nodes pushed on `path`
    /// (the root first); with `virtual_loss`, a virtual loss left on each node below the
    /// root ([`NetworkSearch::release`] takes them back).
    fn descend(&mut self, path: &mut Vec<usize>, virtual_loss: bool) -> Descent {
        let mut game = self.game.clone();
        path.push(0);
        let mut node = 0;
        let mut color = self.color;
        let mut passes = usize::from(last_was_pass(self.game));
        loop {
            if passes >= 2 {
                return Descent::Finished(self.count(&game, color));
            }
            if !self.nodes[node].expanded {
                return Descent::Leaf(Box::new(game), color);
            }
            if self.nodes[node].count == 0 {
                // No move at all (every play banned and the pass too): the line ends here.
                return Descent::Finished(self.count(&game, color));
            }
            let child = self.select(node);
            let p = self.nodes[child].point;
            if game.play(color, p).is_err() {
                // Never expected: children are the moves the game allowed at expansion.
                tracing::error!("the network search's move {p:?} was refused; line cut");
                return Descent::Refused;
            }
            passes = if p.is_pass() { passes + 1 } else { 0 };
            path.push(child);
            if virtual_loss {
                self.nodes[child].virtual_losses += 1;
            }
            node = child;
            color = color.opponent();
        }
    }

    /// Takes back the virtual losses a descent left on `path`.
    fn release(&mut self, path: &[usize]) {
        for &i in &path[1..] {
            self.nodes[i].virtual_losses -= 1;
        }
    }

    /// Adds `leaf` (for the player who moved into the path's last node) to every node of
    /// `path`, turned for each player.
    fn back_up(&mut self, path: &[usize], mut leaf: LeafValue) {
        for &i in path.iter().rev() {
            let n = &mut self.nodes[i];
            n.visits += 1;
            n.utility_sum += leaf.utility;
            n.utility_sq_sum += leaf.utility * leaf.utility;
            n.win_sum += leaf.win;
            n.lead_sum += leaf.lead;
            n.lead_sq_sum += leaf.lead * leaf.lead;
            n.score_sum += leaf.score;
            leaf = leaf.turned();
        }
    }

    /// The verdict on a line ended by two passes, counted on the board as it stands, for
    /// the player who passed last (`to_move`'s opponent).
    fn count(&self, game: &Game, to_move: Color) -> LeafValue {
        let black = super::outcome::terminal(game.board(), game.komi(), game.rules().scoring);
        self.score_utility.finished(-black, to_move)
    }

    /// Gives the leaf `node` (where `color` is to move in `game`, `depth` plies below the
    /// root, evaluated as `eval`) its children: the moves the game allows that the filter
    /// permits, the pass included when allowed, each with the network's probability.
    /// Returns the verdict for the player who moved into the leaf.
    fn expand(
        &mut self,
        node: usize,
        game: &Game,
        color: Color,
        depth: usize,
        eval: Evaluation,
    ) -> LeafValue {
        let size = game.size();
        let board = game.board();
        let depth32 = depth as u32;
        let first = self.nodes.len();
        for y in 0..size {
            for x in 0..size {
                let prior = eval.policy[y * size + x];
                let p = crate::nn::inputs::point_at(board, x, y);
                if prior >= 0.0
                    && self.filter.permits(depth32, color, p)
                    && game.check(color, p).is_ok()
                {
                    self.nodes.push(Node::new(p, f64::from(prior)));
                }
            }
        }
        let pass_permitted = self.filter.permits(depth32, color, Point::PASS);
        if (pass_permitted || self.nodes.len() == first) && game.is_legal(color, Point::PASS) {
            self.nodes
                .push(Node::new(Point::PASS, f64::from(eval.policy_pass)));
        }
        let leaf = self.score_utility.leaf(&eval, color);
        let count = (self.nodes.len() - first) as u32;
        let n = &mut self.nodes[node];
        n.first = first as u32;
        n.count = count;
        n.expanded = true;
        n.nn_utility = leaf.utility;
        if node == 0 {
            self.root_eval = Some(eval);
        }
        leaf
    }

    /// The child of `node` with the highest selection value, KataGo's `Q + U`.
    fn select(&self, node: usize) -> usize {
        let n = &self.nodes[node];
        let kids = kids_of(n);
        let (mut child_visits, mut visited_policy) = (0.0, 0.0);
        for c in &self.nodes[kids.clone()] {
            if c.visits > 0 {
                child_visits += f64::from(c.visits);
                visited_policy += c.prior;
            }
        }
        // The parent's sums are for the other player: turned for the player choosing.
        let parent_utility = -n.utility();
        let stdev_factor =
            1.0 + UTILITY_STDEV_SCALE * (n.utility_stdev() / UTILITY_STDEV_PRIOR - 1.0);
        let explore = (CPUCT + CPUCT_LOG * ((child_visits + CPUCT_BASE) / CPUCT_BASE).ln())
            * (child_visits + 0.01).sqrt()
            * stdev_factor;
        let known = visited_policy.powi(2).min(1.0);
        let reduction = if node == 0 {
            ROOT_FPU_REDUCTION
        } else {
            FPU_REDUCTION
        };
        let fpu = known * parent_utility + (1.0 - known) * -n.nn_utility
            - reduction * visited_policy.sqrt();
        let mut best = (kids.start, f64::NEG_INFINITY);
        for i in kids {
            let c = &self.nodes[i];
            let mut q = if c.visits == 0 { fpu } else { c.utility() };
            let mut weight = f64::from(c.visits);
            if c.virtual_losses > 0 {
                // KataGo's virtual loss: each pending descent counts as a visit that lost.
                let losses = f64::from(c.virtual_losses);
                q += (VIRTUAL_LOSS_UTILITY - q) * losses / (losses + weight.max(0.25));
                weight += losses;
            }
            let u = explore * c.prior / (1.0 + weight);
            if q + u > best.1 {
                best = (i, q + u);
            }
        }
        best.0
    }

    /// The search's state: the root's moves by visits with their principal variations, the
    /// network's ownership of the root position.
    fn snapshot(&self, start: Instant) -> Snapshot {
        let root = &self.nodes[0];
        let kids = root.first as usize..(root.first + root.count) as usize;
        let mut order: Vec<usize> = kids.filter(|&i| self.nodes[i].visits > 0).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&self.nodes[a], &self.nodes[b]);
            y.visits
                .cmp(&x.visits)
                .then(y.utility().total_cmp(&x.utility()))
                .then(y.prior.total_cmp(&x.prior))
        });
        if order.is_empty() && root.count > 0 {
            // Only the root evaluated: the network's favourite.
            let kids = root.first as usize..(root.first + root.count) as usize;
            order.extend(kids.max_by(|&a, &b| self.nodes[a].prior.total_cmp(&self.nodes[b].prior)));
        }
        let moves = order
            .into_iter()
            .map(|i| {
                let c = &self.nodes[i];
                let (pv, pv_visits) = self.principal_variation(i);
                let n = f64::from(c.visits.max(1));
                let w = c.value();
                MoveStats {
                    point: c.point,
                    visits: u64::from(c.visits),
                    winrate: w,
                    prior: c.prior,
                    lcb: (w - 1.96 * (w * (1.0 - w) / n).sqrt()).clamp(0.0, 1.0),
                    pv,
                    pv_visits,
                    score_lead: c.lead(),
                    score_stdev: c.lead_stdev(),
                }
            })
            .collect();
        let ownership = self
            .root_eval
            .as_ref()
            .map_or_else(Vec::new, |e| e.white_ownership.iter().map(|o| -o).collect());
        Snapshot {
            color: self.color,
            playouts: u64::from(root.visits),
            elapsed: start.elapsed(),
            moves,
            ownership,
            score_lead: -root.lead(),
            score_stdev: root.lead_stdev(),
            priors: super::priors::PriorSource::Model,
            policy: self.nodes[kids_of(root)]
                .iter()
                .map(|k| (k.point, k.prior))
                .collect(),
        }
    }

    /// The line of most visited moves from node `i`, with the visits of each.
    fn principal_variation(&self, mut i: usize) -> (Vec<Point>, Vec<u64>) {
        let (mut pv, mut visits) = (Vec::new(), Vec::new());
        loop {
            let n = &self.nodes[i];
            pv.push(n.point);
            visits.push(u64::from(n.visits));
            let kids = n.first as usize..(n.first + n.count) as usize;
            match kids
                .filter(|&k| self.nodes[k].visits > 0)
                .max_by_key(|&k| self.nodes[k].visits)
            {
                Some(k) => i = k,
                None => return (pv, visits),
            }
        }
    }
}

/// The arena indices of a node's children.
fn kids_of(n: &Node) -> std::ops::Range<usize> {
    n.first as usize..(n.first + n.count) as usize
}

/// True when the game's last move was a pass (a pass now ends it).
fn last_was_pass(game: &Game) -> bool {
    game.moves().last().is_some_and(|s| s.point.is_pass())
}

#[cfg(test)]
mod tests;
