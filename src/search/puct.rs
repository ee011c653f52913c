//! The search with a KataGo network: PUCT over the network's policy and value, as AlphaGo
//! Zero and KataGo search, under koan's judge.
//!
//! Each simulation descends from the root by `Q + U`: `Q` the child's mean value for the
//! player choosing (its win chance, plus a bounded score utility of its mean lead, centred
//! on the root's, as in the classical search), `U = C_PUCT * policy * sqrt(parent visits) /
//! (1 + child visits)`; an unvisited child takes its parent's value less
//! [`FPU_REDUCTION`]. The leaf reached is evaluated by the network (no playout), its
//! children created with the network's move probabilities, and its value and lead backed
//! up. Two passes in a row end a line, which is counted as the classical search counts it.
//!
//! The lines are played on a copy of the game, so every move in the tree is legal under
//! the game's own ko rule and pass rule, and the network is shown koan's judge's ko bans
//! ([`crate::nn::eval::GameInputs::from_game`]). With one evaluator the search makes one
//! descent and one evaluation at a time. With several (`--threads N`) it makes up to N
//! descents, each leaving a virtual loss on its line (a pending descent counts as a visit
//! that lost) so that the next goes elsewhere, then evaluates their leaves together, each
//! evaluator its share as one batch on a thread of its own (kept from batch to batch:
//! [`crate::nn::pool`]), and backs them up. With a fixed
//! visit limit the search is deterministic either way (the orientation of each evaluation
//! follows the visit count).
//!
//! With a [`PlayoutMix`], each evaluated leaf is also played out a few times by the
//! classical search's playouts under the game's own ko rule, and its value is a mix of the
//! network's and the playouts' (as AlphaGo mixed its value network with rollouts): the
//! network was trained under simple ko and superko, and under fixed ko, for one, the
//! playouts read an open basic ko as the eye it is, which the network's value cannot.
//!
//! Under fixed ko a basic ko's capture may sometimes be taken back at once, which no rule
//! the network knows allows: when the network's favourite reply to one of the root's moves
//! is such a capture, its value of that move assumes a ko the opponent cannot take back, so
//! the descent plays that capture too and takes the value of the position after it
//! (`NetworkSearch::finish_leaf`). Deeper in the tree the network's values go unchanged.

use super::outcome;
use super::playout::Playout;
use super::rng::Rng;
use super::{MoveFilter, MoveStats, Observer, SearchMove, SearchParams, SearchResult, Snapshot};
use crate::board::{Board, Color, Point};
use crate::game::Game;
use crate::nn::pool::EvaluatorPool;
use crate::nn::{symmetry, Evaluation};
use crate::rules::judge::Judge;
use crate::rules::line::KoLine;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The weight of the exploration term, for values in 0..1 (KataGo's `cpuctExploration` of
/// 1 is for values in -1..1).
const C_PUCT: f64 = 0.5;
/// An unvisited child's value: its parent's, less this (KataGo's `fpuReductionMax`, halved
/// for values in 0..1).
const FPU_REDUCTION: f64 = 0.1;

/// How much of a leaf's value comes from playouts: each leaf the network evaluates is also
/// played out `playouts` times by the classical search's playouts, under the game's ko rule
/// and koan's judge, and its value for the search is `(1 - weight) x the network's + weight
/// x the playouts' mean` (a win counting 1, a draw a half), its lead likewise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutMix {
    /// The playouts' share of a leaf's value and lead, 0 to 1.
    pub weight: f64,
    /// Playouts a leaf.
    pub playouts: u32,
}

impl PlayoutMix {
    /// The network's values alone.
    pub const NONE: PlayoutMix = PlayoutMix {
        weight: 0.0,
        playouts: 0,
    };

    /// The mix under the ko rules the network was not trained for (fixed ko, basic-fixed,
    /// Ing-Spight, pass-for-ko): half the value from 16 playouts a leaf, which cost a few
    /// hundredths of an evaluation.
    pub const UNTRAINED_RULES: PlayoutMix = PlayoutMix {
        weight: 0.5,
        playouts: 16,
    };

    /// True when the leaves are played out.
    pub fn is_on(&self) -> bool {
        self.weight > 0.0 && self.playouts > 0
    }

    /// `network`'s verdict mixed with `playouts`'.
    fn mix(&self, network: LeafValue, playouts: LeafValue) -> LeafValue {
        let w = self.weight;
        LeafValue {
            value: (1.0 - w) * network.value + w * playouts.value,
            lead: (1.0 - w) * network.lead + w * playouts.lead,
        }
    }
}

/// The buffers of the playouts at the leaves: the line from the root to the leaf (what the
/// ko rule remembers of it) and the board at its end, the playout's board and buffers, the
/// random numbers.
struct LeafPlayouts<'a> {
    mix: PlayoutMix,
    /// The playouts' verdicts on the root's children, in their order, for the root's player:
    /// an unvisited child's first-play value takes its share from them.
    root_children: Vec<LeafValue>,
    line: KoLine<'a>,
    leaf_board: Board,
    board: Board,
    playout: Playout,
    rng: Rng,
}

impl LeafPlayouts<'_> {
    /// The playouts' verdict on `game` (where `color` is to move), reached from `root`
    /// (where `root_color` was to move) by the moves `line`: the share of playouts won and
    /// the mean lead, for the player who moved into it.
    fn verdict(
        &mut self,
        root: &Game,
        root_color: Color,
        line: impl Iterator<Item = Point>,
        game: &Game,
        color: Color,
    ) -> LeafValue {
        // The line from the root, replayed for the ko rule's memory of it.
        self.leaf_board.clone_from(root.board());
        self.line.reset();
        let mut mover = root_color;
        for p in line {
            self.line.play(&mut self.leaf_board, mover, p);
            mover = mover.opponent();
        }
        let moves = game.moves();
        let back = |k: usize| {
            moves
                .len()
                .checked_sub(k)
                .map_or(Point::PASS, |i| moves[i].point)
        };
        let passes = u32::from(last_was_pass(game));
        let rules = game.rules();
        let (mut wins, mut lead) = (0.0, 0.0);
        for _ in 0..self.mix.playouts {
            self.board.clone_from(&self.leaf_board);
            let end = self.playout.run_observed(
                &mut self.board,
                color,
                (back(1), back(2)),
                passes,
                &mut self.rng,
                Some(Judge::new(rules, &self.line)),
                |_, _| {},
            );
            let black = outcome::playout_score(&self.board, &end, game.komi(), rules.scoring, None);
            // For the player who moved into the leaf.
            let score = if color == Color::White { black } else { -black };
            wins += if score > 0.0 {
                1.0
            } else if score < 0.0 {
                0.0
            } else {
                0.5
            };
            lead += score;
        }
        let n = f64::from(self.mix.playouts.max(1));
        LeafValue {
            value: wins / n,
            lead: lead / n,
        }
    }
}

/// One position of the tree, reached by `point` from its parent.
#[derive(Clone, Debug)]
struct Node {
    point: Point,
    /// The network's probability of the move.
    prior: f64,
    /// Evaluations through this node.
    visits: u32,
    /// Sum of the values, for the player who made `point` (0..1).
    value_sum: f64,
    /// Sum of the leads and of their squares, for that player, in points.
    lead_sum: f64,
    lead_sq_sum: f64,
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
            value_sum: 0.0,
            lead_sum: 0.0,
            lead_sq_sum: 0.0,
            first: 0,
            count: 0,
            expanded: false,
            virtual_losses: 0,
        }
    }

    fn value(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.value_sum / f64::from(self.visits)
        }
    }

    fn lead(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.lead_sum / f64::from(self.visits)
        }
    }

    fn lead_stdev(&self) -> f64 {
        if self.visits == 0 {
            return 0.0;
        }
        let n = f64::from(self.visits);
        let mean = self.lead_sum / n;
        (self.lead_sq_sum / n - mean * mean).max(0.0).sqrt()
    }
}

/// The network's verdict on a leaf, for the player who moved into it.
struct LeafValue {
    value: f64,
    lead: f64,
}

impl LeafValue {
    /// The verdict of a line the game refused (never expected): neither side ahead.
    const REFUSED: LeafValue = LeafValue {
        value: 0.5,
        lead: 0.0,
    };
}

/// Where a descent ended.
enum Descent {
    /// A line ended by two passes, or with no move: its verdict.
    Finished(LeafValue),
    /// A node not yet evaluated, where `color` is to move in the descent's game.
    Leaf(Color),
}

/// A descent waiting in a batch for its leaf's evaluation.
struct Pending {
    /// The nodes from the root to the leaf.
    path: Vec<usize>,
    /// The game at the leaf.
    game: Game,
    /// The player to move there.
    color: Color,
}

/// A PUCT search of one position with a network.
pub struct NetworkSearch<'a> {
    game: &'a Game,
    color: Color,
    filter: &'a MoveFilter,
    /// The evaluators: the first evaluates alone; with more, each evaluates its share of a
    /// batch of leaves on its own thread.
    pool: &'a mut EvaluatorPool,
    nodes: Vec<Node>,
    /// The root's evaluation (its ownership is the analysis's).
    root_eval: Option<Evaluation>,
    /// The last leaf's evaluation, its buffers reused from leaf to leaf.
    leaf_eval: Evaluation,
    /// Games and paths for descents, kept from one descent to the next: a descent refills
    /// a game from the root's instead of copying it anew.
    spare_games: Vec<Game>,
    spare_paths: Vec<Vec<usize>>,
    /// A game for trying a move at a leaf ([`NetworkSearch::retakable_ko_favourite`]),
    /// refilled from the leaf's.
    probe: Option<Game>,
    /// A batch's descents, inputs and evaluations, their buffers reused from batch to batch.
    pending: Vec<Pending>,
    batch_evals: Vec<Evaluation>,
    /// The score utility's scale in points and its bound.
    utility_scale: f64,
    utility_weight: f64,
    /// The playouts mixed into the leaves' values, when the search's parameters ask for them.
    playouts: Option<LeafPlayouts<'a>>,
}

impl<'a> NetworkSearch<'a> {
    /// A search of `game` for `color` (the player to move) with the evaluators of `pool`,
    /// keeping off the moves `filter` forbids. With one evaluator the search evaluates one
    /// leaf at a time; with several, one per thread, the leaves of as many descents together.
    pub fn new(
        game: &'a Game,
        color: Color,
        filter: &'a MoveFilter,
        pool: &'a mut EvaluatorPool,
    ) -> NetworkSearch<'a> {
        NetworkSearch {
            game,
            color,
            filter,
            pool,
            nodes: vec![Node::new(Point::PASS, 1.0)],
            root_eval: None,
            leaf_eval: Evaluation::default(),
            spare_games: Vec::new(),
            spare_paths: Vec::new(),
            probe: None,
            pending: Vec::new(),
            batch_evals: Vec::new(),
            utility_scale: f64::from(super::SCORE_UTILITY_SCALE) * game.size() as f64,
            utility_weight: f64::from(super::SCORE_UTILITY_WEIGHT),
            playouts: None,
        }
    }

    /// Searches within `params`' visit and time limits (`max_playouts` counts the
    /// network's evaluations) until `stop` is set, reporting to `observer`; at least the
    /// root is evaluated.
    pub fn run(
        mut self,
        params: &SearchParams,
        stop: &AtomicBool,
        mut observer: Option<Observer>,
    ) -> SearchResult {
        let start = Instant::now();
        if params.playout_mix.is_on() {
            let mut playout = Playout::new();
            let game = self.game;
            playout.set_mercy(Some(super::mercy_margin(game.size(), game.komi())));
            self.playouts = Some(LeafPlayouts {
                mix: params.playout_mix,
                root_children: Vec::new(),
                line: KoLine::new(game.memory()),
                leaf_board: game.board().clone(),
                board: game.board().clone(),
                playout,
                rng: Rng::new(params.seed),
            });
        }
        let mut last_report = start;
        let cap = params.time_cap.or(params.max_time);
        loop {
            self.step(params.max_playouts);
            let visits = u64::from(self.nodes[0].visits);
            if let Some((every, report)) = observer.as_mut() {
                if last_report.elapsed() >= *every {
                    last_report = Instant::now();
                    report(&self.snapshot(start));
                }
            }
            let done = params.max_playouts.is_some_and(|n| visits >= n)
                || cap.is_some_and(|t| start.elapsed() >= t)
                || stop.load(Ordering::Relaxed);
            if done {
                break;
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

    /// Searches until the root has `visits` visits (network evaluations and finished
    /// lines), as [`NetworkSearch::run`] does under a visit limit but without a clock or an
    /// answer: a search made in steps.
    pub fn simulate_until(&mut self, visits: u64) {
        while u64::from(self.nodes[0].visits) < visits {
            self.step(Some(visits));
        }
    }

    /// One simulation, or with several evaluators one batch of them (the first batch is the
    /// root alone; no batch goes past `max_visits`).
    fn step(&mut self, max_visits: Option<u64>) {
        let threads = self.pool.threads();
        if threads == 1 {
            self.simulate();
        } else {
            let visits = u64::from(self.nodes[0].visits);
            let left = max_visits.map_or(u64::MAX, |n| n.saturating_sub(visits));
            self.simulate_batch((threads as u64).min(left.max(1)) as usize);
        }
    }

    /// One simulation: a descent by `Q + U` on a copy of the game (a kept one, refilled),
    /// the network's evaluation of the leaf (or the count of a finished line), and the backup.
    fn simulate(&mut self) {
        let (mut game, mut path) = self.start_descent();
        let leaf = match self.descend(&mut game, &mut path, false) {
            Some(Descent::Finished(leaf)) => leaf,
            Some(Descent::Leaf(color)) => {
                let visits = self.nodes[0].visits as usize;
                let leaf = self.evaluate_leaf(&path, &game, color, visits % symmetry::COUNT);
                self.finish_leaf(&mut game, &mut path, color, leaf)
            }
            None => LeafValue::REFUSED,
        };
        self.back_up(&path, leaf);
        self.end_descent(game, path);
    }

    /// A game set to the root's position and a path holding the root, for a descent: kept
    /// ones when there are.
    fn start_descent(&mut self) -> (Game, Vec<usize>) {
        let game = match self.spare_games.pop() {
            Some(mut game) => {
                game.clone_from(self.game);
                game
            }
            None => self.game.clone(),
        };
        let mut path = self.spare_paths.pop().unwrap_or_default();
        path.clear();
        path.push(0);
        (game, path)
    }

    /// Keeps a finished descent's game and path for the next ([`NetworkSearch::start_descent`]).
    fn end_descent(&mut self, game: Game, path: Vec<usize>) {
        self.spare_games.push(game);
        self.spare_paths.push(path);
    }

    /// Up to `size` simulations at once, as search threads make them: each descent leaves a
    /// virtual loss on its line so that the next goes elsewhere, until one reaches a leaf
    /// already waiting; the leaves are evaluated together, split among the pool's evaluators
    /// (one thread each, kept for the pool's life, each its share as one batch), then expanded and backed up in the order
    /// of their descents.
    fn simulate_batch(&mut self, size: usize) {
        let mut pending = std::mem::take(&mut self.pending);
        for d in pending.drain(..) {
            self.end_descent(d.game, d.path);
        }
        for _ in 0..size {
            let (mut game, mut path) = self.start_descent();
            match self.descend(&mut game, &mut path, true) {
                Some(Descent::Leaf(color)) => {
                    let node = path[path.len() - 1];
                    if pending.iter().any(|d| d.path[d.path.len() - 1] == node) {
                        self.release(&path);
                        self.end_descent(game, path);
                        break;
                    }
                    pending.push(Pending { path, game, color });
                }
                Some(Descent::Finished(leaf)) => {
                    self.release(&path);
                    self.back_up(&path, leaf);
                    self.end_descent(game, path);
                }
                None => {
                    self.release(&path);
                    self.back_up(&path, LeafValue::REFUSED);
                    self.end_descent(game, path);
                }
            }
        }
        let visits = self.nodes[0].visits as usize;
        let mut evals = std::mem::take(&mut self.batch_evals);
        self.pool
            .evaluate_batch(&pending, |d| &d.game, visits, &mut evals);
        for (d, eval) in pending.iter_mut().zip(&evals) {
            self.release(&d.path);
            let node = d.path[d.path.len() - 1];
            let leaf = self.expand(node, &d.game, d.color, d.path.len() - 1, eval);
            let leaf = self.finish_leaf(&mut d.game, &mut d.path, d.color, leaf);
            self.back_up(&d.path, leaf);
        }
        self.batch_evals = evals;
        self.pending = pending;
    }

    /// A descent from the root by `Q + U`, playing its moves on `game` (the search's game)
    /// and pushing its nodes on `path` (which holds the root); with `virtual_loss`, a
    /// virtual loss left on each node below the root ([`NetworkSearch::release`] takes them
    /// back). `None` when the game refused a move of the tree (never expected).
    fn descend(
        &mut self,
        game: &mut Game,
        path: &mut Vec<usize>,
        virtual_loss: bool,
    ) -> Option<Descent> {
        let mut node = 0;
        let mut color = self.color;
        let mut passes = usize::from(last_was_pass(self.game));
        loop {
            if passes >= 2 {
                return Some(Descent::Finished(self.count(game, color)));
            }
            if !self.nodes[node].expanded {
                return Some(Descent::Leaf(color));
            }
            if self.nodes[node].count == 0 {
                // No move at all (every play banned and the pass too): the line ends here.
                return Some(Descent::Finished(self.count(game, color)));
            }
            let child = self.select(node, path.len() % 2 == 1);
            let p = self.nodes[child].point;
            if game.play(color, p).is_err() {
                // Never expected: children are the moves the game allowed at expansion.
                tracing::error!("the network search's move {p:?} was refused; line cut");
                return None;
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

    /// The verdict on the leaf at the end of `path` (where `color` is to move in `game`),
    /// just expanded with the network's verdict `network`: that verdict mixed with the
    /// leaf's playouts ([`NetworkSearch::mix_playouts`]), or, when the network's favourite
    /// move there is a ko capture the game's rule lets the opponent take back at once
    /// ([`NetworkSearch::retakable_ko_favourite`]), the descent goes on by that move
    /// (`game` and `path` follow it) and the verdict is that of the position after it,
    /// evaluated and expanded in turn. For the root's moves only (a leaf one move below the
    /// root): those are what the search chooses between, and deeper in the tree the
    /// network's values go unchanged.
    fn finish_leaf(
        &mut self,
        game: &mut Game,
        path: &mut Vec<usize>,
        color: Color,
        network: LeafValue,
    ) -> LeafValue {
        let node = path[path.len() - 1];
        let favourite = if path.len() == 2 {
            self.retakable_ko_favourite(node, game, color)
        } else {
            None
        };
        let Some(child) = favourite else {
            return self.mix_playouts(path, game, color, network);
        };
        if game.play(color, self.nodes[child].point).is_err() {
            // Never expected: the child is a move the game allowed at expansion.
            return self.mix_playouts(path, game, color, network);
        }
        path.push(child);
        let visits = self.nodes[0].visits as usize;
        let after = color.opponent();
        let leaf = self.evaluate_leaf(path, game, after, (visits + 1) % symmetry::COUNT);
        self.mix_playouts(path, game, after, leaf)
    }

    /// The network's verdict on the leaf at the end of `path` (where `color` is to move in
    /// `game`), evaluated alone by the first evaluator in orientation `symmetry`, the leaf
    /// expanded with its policy.
    fn evaluate_leaf(
        &mut self,
        path: &[usize],
        game: &Game,
        color: Color,
        symmetry: usize,
    ) -> LeafValue {
        let mut eval = std::mem::take(&mut self.leaf_eval);
        self.pool
            .first_mut()
            .evaluate_game_into(game, symmetry, 0.0, &mut eval);
        let leaf = self.expand(path[path.len() - 1], game, color, path.len() - 1, &eval);
        self.leaf_eval = eval;
        leaf
    }

    /// The child of the just expanded `node` (where `color` is to move in `game`) that the
    /// network likes best, when that move takes a single stone in a basic ko and the
    /// opponent may take back at once under the game's rule (Jasiek's fixed ko, when that
    /// retake is a transition not yet made). The network was trained under simple ko and
    /// the superkos, where such a retake is always banned, so its value of `node` assumes
    /// a ko the opponent cannot take back; one move later its inputs show the retake
    /// allowed. Under the other ko rules the immediate retake of a basic ko is banned and
    /// this is `None`.
    fn retakable_ko_favourite(&mut self, node: usize, game: &Game, color: Color) -> Option<usize> {
        let favourite = kids_of(&self.nodes[node])
            .max_by(|&a, &b| self.nodes[a].prior.total_cmp(&self.nodes[b].prior))?;
        let p = self.nodes[favourite].point;
        if p.is_pass() {
            return None;
        }
        let (_, removed) = game.check(color, p).ok()?;
        let &[taken] = removed.as_slice() else {
            return None;
        };
        let probe = self.probe.get_or_insert_with(|| game.clone());
        probe.clone_from(game);
        probe.play(color, p).ok()?;
        match probe.check(color.opponent(), taken) {
            Ok((_, back)) if back.as_slice() == [p] => Some(favourite),
            _ => None,
        }
    }

    /// The network's verdict `network` on the leaf at the end of `path` (where `color` is to
    /// move in `game`) mixed with its playouts' as the [`PlayoutMix`] says; `network` itself
    /// without one.
    fn mix_playouts(
        &mut self,
        path: &[usize],
        game: &Game,
        color: Color,
        network: LeafValue,
    ) -> LeafValue {
        let Some(lp) = self.playouts.as_mut() else {
            return network;
        };
        let line = path[1..].iter().map(|&i| self.nodes[i].point);
        let playouts = lp.verdict(self.game, self.color, line, game, color);
        if path.len() == 1 {
            // The root: its children played out too, for their first-play values (the
            // network's policy, trained under other ko rules, may rate a move the ko rule
            // makes good too low ever to be tried).
            let root = &self.nodes[0];
            for i in kids_of(root) {
                let p = self.nodes[i].point;
                let mut after = game.clone();
                let verdict = match after.play(color, p) {
                    Ok(_) => lp.verdict(game, color, std::iter::once(p), &after, color.opponent()),
                    Err(_) => LeafValue {
                        value: 0.0,
                        lead: 0.0,
                    },
                };
                lp.root_children.push(verdict);
            }
        }
        lp.mix.mix(network, playouts)
    }

    /// Takes back the virtual losses a descent left on `path`.
    fn release(&mut self, path: &[usize]) {
        for &i in &path[1..] {
            self.nodes[i].virtual_losses -= 1;
        }
    }

    /// Adds `leaf` (for the player who moved into the path's last node) to every node of
    /// `path`, the value turning at each ply.
    fn back_up(&mut self, path: &[usize], leaf: LeafValue) {
        let (mut value, mut lead) = (leaf.value, leaf.lead);
        for &i in path.iter().rev() {
            let n = &mut self.nodes[i];
            n.visits += 1;
            n.value_sum += value;
            n.lead_sum += lead;
            n.lead_sq_sum += lead * lead;
            value = 1.0 - value;
            lead = -lead;
        }
    }

    /// The value of a line ended by two passes, counted on the board as it stands, for the
    /// player who passed last (`to_move`'s opponent).
    fn count(&self, game: &Game, to_move: Color) -> LeafValue {
        let black = super::outcome::terminal(game.board(), game.komi(), game.rules().scoring);
        let lead = if to_move == Color::Black {
            -black
        } else {
            black
        };
        let value = if lead > 0.0 {
            1.0
        } else if lead < 0.0 {
            0.0
        } else {
            0.5
        };
        LeafValue { value, lead }
    }

    /// Gives the leaf `node` (where `color` is to move in `game`, `depth` plies below the
    /// root), evaluated as `eval`, its children: the moves the game allows that the filter
    /// permits, the pass included when allowed, each with the network's probability.
    /// Returns the value for the player who moved into the leaf.
    fn expand(
        &mut self,
        node: usize,
        game: &Game,
        color: Color,
        depth: usize,
        eval: &Evaluation,
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
        let count = (self.nodes.len() - first) as u32;
        let n = &mut self.nodes[node];
        n.first = first as u32;
        n.count = count;
        n.expanded = true;
        let white = color == Color::White;
        let white_value = f64::from(eval.white_win) + 0.5 * f64::from(eval.no_result);
        let to_move_value = if white {
            white_value
        } else {
            1.0 - white_value
        };
        let to_move_lead = f64::from(if white {
            eval.white_lead
        } else {
            -eval.white_lead
        });
        if node == 0 {
            self.root_eval = Some(eval.clone());
        }
        LeafValue {
            value: 1.0 - to_move_value,
            lead: -to_move_lead,
        }
    }

    /// The child of `node` with the highest `Q + U`; `root_player` says whether the player
    /// choosing is the root's (for the score utility's centre).
    fn select(&self, node: usize, root_player: bool) -> usize {
        let n = &self.nodes[node];
        let kids = n.first as usize..(n.first + n.count) as usize;
        let sqrt_parent = f64::from((n.visits + n.virtual_losses).max(1)).sqrt();
        // The parent's value for the player choosing, and the root's lead for that player.
        let parent_value = 1.0 - n.value();
        let root_lead = -self.nodes[0].lead();
        let center = if root_player { root_lead } else { -root_lead };
        let mut best = (kids.start, f64::NEG_INFINITY);
        for i in kids {
            let c = &self.nodes[i];
            let mut q = if c.visits == 0 {
                let first_play = parent_value - FPU_REDUCTION;
                match self.playouts.as_ref() {
                    Some(lp) if node == 0 && !lp.root_children.is_empty() => {
                        let po = &lp.root_children[i - n.first as usize];
                        let po = po.value + self.utility(po.lead - center);
                        (1.0 - lp.mix.weight) * first_play + lp.mix.weight * po
                    }
                    _ => first_play,
                }
            } else {
                c.value() + self.utility(c.lead() - center)
            };
            let mut weight = f64::from(c.visits);
            if c.virtual_losses > 0 {
                // A pending descent counts as a visit that lost, with the worst utility.
                let losses = f64::from(c.virtual_losses);
                q += (-self.utility_weight - q) * losses / (losses + weight.max(0.25));
                weight += losses;
            }
            let u = C_PUCT * c.prior * sqrt_parent / (1.0 + weight);
            if q + u > best.1 {
                best = (i, q + u);
            }
        }
        best.0
    }

    /// The score utility of a lead `above` points over the centre.
    fn utility(&self, above: f64) -> f64 {
        self.utility_weight * (2.0 / std::f64::consts::PI) * (above / self.utility_scale).atan()
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
                .then(y.value().total_cmp(&x.value()))
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
