//! Monte Carlo tree search with RAVE, priors and a shared tree.
//!
//! A [`Searcher`] keeps one tree ([`tree`]) that all worker threads ([`worker`]) grow
//! together, without a lock: statistics are atomics, a node's children are created by the
//! one thread that claims it, and a visit is counted on the way down (virtual loss) so that
//! threads spread over different lines. Each simulation descends by the value of
//! [`tree::Stats::value`] (the win rate with prior visits blended with the AMAF win rate)
//! plus, with the move model's priors, an exploration term for the moves the model rates
//! ([`tree::Stats::exploration`], AlphaGo's PUCT; the hand-made priors have none and RAVE
//! explores), expands a node visited [`worker::EXPAND_AT`]
//! times (more as the arena fills) giving each child its prior ([`priors`]), plays out with
//! the policy ([`policy`], [`playout`]) and backs the result up with AMAF updates.
//!
//! - **Legality.** Root children are exactly the game's legal board plays for the player
//!   (as judged by [`Game::legal_plays`], the full ko rule) except those filling the
//!   player's own eyes, plus the pass; so the move returned is always legal. Deeper in the
//!   tree a move is legal when the rules layer's judge
//!   ([`Judge::allows`](crate::rules::judge::Judge::allows)) allows it against the game's
//!   memory plus the path ([`KoLine`](crate::rules::line::KoLine)). When the pass rule (WMSG 2008) forbids passing at the root, the pass
//!   is never chosen (the tree still explores it, as a line where the opponent's reply
//!   decides). Under Ing-Spight, plays below the root are judged against the root's hot
//!   stones and odd cycles plus the board's simple ko.
//! - **Scoring.** Two passes in a row end a line; simulations are scored by the ruleset's
//!   scoring ([`outcome`]) with the game's komi, adjusted in handicap games (dynamic komi,
//!   [`dynamic_komi`]). A win counts 1, a draw a half.
//! - **Score.** Every node keeps the mean and spread of the final margins through it;
//!   selection adds to the win rate a bounded score utility of the mean
//!   ([`tree::ScoreUtility`]), centred on the root's mean, so that among moves that win
//!   about equally often the one that wins (or loses) by more is preferred.
//! - **Tree reuse.** The tree is kept between searches; when the game has gone on from the
//!   previous root by moves the tree holds, the subtree below them becomes the new root
//!   (copied into a second arena), provided its children are exactly the legal moves now.
//! - **Time.** A time-limited search stops early when the most visited move cannot be
//!   overtaken in the time left, and goes on past its budget (up to
//!   [`SearchParams::time_cap`]) while the best move is unclear.
//! - With one thread, a fixed seed and a playout limit, the search is deterministic.

pub mod diamond;
pub mod endgame_reading;
pub mod filter;
pub mod model;
pub mod outcome;
pub mod priors;
pub mod puct;
pub mod root;
pub use koan_core::playout::{self, patterns, policy, replies, rng};
pub mod time;
mod tree;
mod worker;

use crate::board::{Board, Color, Point};
use crate::game::Game;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tree::{ScoreUtility, Stats, Tree};
use worker::{Shared, Worker};

pub use filter::MoveFilter;

/// Nodes of the first arena; it doubles (up to [`MAX_NODES`]) after a search fills it.
const INITIAL_NODES: usize = 1 << 20;
/// Nodes of the arena for an unlimited search (analysis), which may run for minutes.
const ANALYSIS_NODES: usize = 1 << 22;
/// The largest arena (48 bytes a node).
const MAX_NODES: usize = 1 << 24;
/// The first thread checks the clock (and reports) every this many simulations.
const CHECK_EVERY: u64 = 32;
/// A time-limited search stops early only after this many simulations.
const EARLY_STOP_MIN: u64 = 500;
/// Playouts stop by the mercy rule when one side has captured this share of the board more.
const MERCY_SHARE: f64 = 0.3;
/// Dynamic komi in handicap games: points per handicap stone at the start.
const KOMI_PER_HANDICAP_STONE: f64 = 7.0;
/// The bound of the score utility selection adds to the win rate ([`ScoreUtility`]), in
/// win-rate units.
const SCORE_UTILITY_WEIGHT: f32 = 0.3;
/// The virtual simulations, beside the prior's, that shrink a node's mean margin towards
/// the root's before the score utility judges it (a margin's spread is some 20 points on
/// 9x9 early on: a few simulations say little).
const SCORE_PRIOR_VISITS: f32 = 150.0;
/// The score utility's scale, in points per side of the board: 0.75 x 9 = 6.75 points on
/// 9x9, 14.25 on 19x19 (KataGo's `dynamicScoreCenterScale`).
const SCORE_UTILITY_SCALE: f32 = 0.75;

/// How long and how to search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchParams {
    /// Worker threads (at least 1 is used).
    pub threads: usize,
    /// Stop after this many playouts in all threads together.
    pub max_playouts: Option<u64>,
    /// The time budget: stop after this much time, unless the best move is unclear.
    pub max_time: Option<Duration>,
    /// Never search longer than this, however unclear (default: `max_time`).
    pub time_cap: Option<Duration>,
    /// Seed of the random generators (thread `i` uses a seed derived from it and `i`).
    pub seed: u64,
    /// Search even when the move is obvious (an analysis wants the figures, not only the
    /// move): no quick pass, except where the only moves left are eye fills and passing is
    /// banned.
    pub always_search: bool,
    /// Where new nodes' priors come from.
    pub priors: priors::PriorSource,
    /// Whether the playouts replay the last good reply to the opponent's move ([`replies`]).
    pub playout_replies: bool,
    /// With a network: how much of each leaf's value comes from playouts under the game's
    /// rules ([`puct::PlayoutMix`]; none by default).
    pub playout_mix: puct::PlayoutMix,
}

impl Default for SearchParams {
    /// One thread, 10,000 playouts, no time limit, seed 0, quick decisions allowed, priors
    /// from the move model, no last good replies, no playouts at a network's leaves.
    fn default() -> SearchParams {
        SearchParams {
            threads: 1,
            max_playouts: Some(10_000),
            max_time: None,
            time_cap: None,
            seed: 0,
            always_search: false,
            priors: priors::PriorSource::Model,
            playout_replies: false,
            playout_mix: puct::PlayoutMix::NONE,
        }
    }
}

impl SearchParams {
    /// True when neither playouts nor time limit the search (analysis: only the stop flag
    /// ends it).
    pub fn is_unlimited(&self) -> bool {
        self.max_playouts.is_none() && self.max_time.is_none()
    }
}

/// A move chosen: the search's (a board play or a pass), or the player's, who may resign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchMove {
    /// A board play (legal in the game).
    Play(Point),
    /// A pass.
    Pass,
    /// Resignation (the player's decision, never the search's).
    Resign,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move chosen: a board play or a pass (whether to resign is the player's call,
    /// from `winrate`).
    pub best: SearchMove,
    /// Playouts (simulations) made.
    pub playouts: u64,
    /// The chosen move's estimated probability of winning for the searching player
    /// (0.5 when no search was needed or made).
    pub winrate: f64,
    /// Time spent.
    pub elapsed: Duration,
    /// The search's final state (`None` when the move was decided without searching).
    pub snapshot: Option<Snapshot>,
}

/// What the search thinks at one moment (for analysis).
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The player to move at the root.
    pub color: Color,
    /// Simulations so far in this search.
    pub playouts: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Root moves with visits (the pass included), most visits first.
    pub moves: Vec<MoveStats>,
    /// `size * size` values, row-major from the top-left point (A19 on 19x19, then B19...):
    /// +1 when Black owns the point at the end of every playout, -1 for White. Empty when
    /// ownership was not asked for.
    pub ownership: Vec<f32>,
    /// The expected final margin for `color` (komi included): the mean over the root's
    /// simulations, the tree's earlier ones included.
    pub score_lead: f64,
    /// The spread (standard deviation) of that margin over the same simulations.
    pub score_stdev: f64,
    /// Where the priors came from (the policy an analysis shows is theirs, unless `policy`
    /// gives it).
    pub priors: priors::PriorSource,
    /// The root's policy when a network searched (each move it may play, the pass among
    /// them, with the network's probability); empty: the priors' ([`Snapshot::root_policy`]).
    pub policy: Vec<(Point, f64)>,
}

impl Snapshot {
    /// The policy an analysis shows for the root of `game`: the network's, or the priors'
    /// ([`root::policy`]).
    pub fn root_policy(&self, game: &Game) -> Vec<(Point, f64)> {
        if self.policy.is_empty() {
            root::policy(self.priors, game, self.color)
        } else {
            self.policy.clone()
        }
    }
}

/// One root move in a [`Snapshot`].
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats {
    /// The move ([`Point::PASS`] for a pass).
    pub point: Point,
    /// Simulations through it.
    pub visits: u64,
    /// Its win rate for the player to move (0..1).
    pub winrate: f64,
    /// The policy's prior for it (0..1; the priors of all root moves sum to 1).
    pub prior: f64,
    /// A lower confidence bound of `winrate` (0..1).
    pub lcb: f64,
    /// The principal variation, starting with `point`.
    pub pv: Vec<Point>,
    /// The visits of the node each move of `pv` leads to.
    pub pv_visits: Vec<u64>,
    /// The expected final margin after the move for the player to move (komi included):
    /// the mean over the simulations through it.
    pub score_lead: f64,
    /// The spread (standard deviation) of that margin over the same simulations.
    pub score_stdev: f64,
}

/// An observer of a running search: how often to call it, and the callback.
pub type Observer<'o> = (Duration, &'o mut (dyn FnMut(&Snapshot) + Send));

/// What the tree's root stands for, to decide whether the next search can reuse it.
#[derive(Clone, Debug, PartialEq)]
struct RootKey {
    start: u64,
    size: usize,
    rules: crate::rules::Ruleset,
    komi: f64,
    moves: Vec<(Color, Point)>,
    color: Color,
}

/// Keeps the search tree between moves and runs searches.
pub struct Searcher {
    tree: Tree,
    spare: Option<Tree>,
    key: Option<RootKey>,
    /// The moves the search may not try ([`Searcher::set_filter`]).
    filter: MoveFilter,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

impl Searcher {
    /// A searcher with an empty tree (the arena is allocated on first use).
    pub fn new() -> Searcher {
        Searcher {
            tree: Tree::with_capacity(0),
            spare: None,
            key: None,
            filter: MoveFilter::default(),
        }
    }

    /// Makes `filter` the moves the next searches may not try (KataGo's `avoid` and
    /// `allow`); a change forgets the tree, which was grown under the old filter.
    pub fn set_filter(&mut self, filter: MoveFilter) {
        if filter != self.filter {
            self.key = None;
            self.filter = filter;
        }
    }

    /// Forgets the tree (new game, rule change).
    pub fn clear(&mut self) {
        self.key = None;
    }

    /// Nodes in the tree now.
    pub fn tree_size(&self) -> usize {
        if self.key.is_some() {
            self.tree.len()
        } else {
            0
        }
    }

    /// Searches `game` for `color` until a limit in `params` or until `stop` is set, and
    /// returns its move. When `observer` is given, calls it every `observer.0` with a
    /// snapshot of the search (from the first search thread). Reuses the tree of the
    /// previous search when the game continues it.
    ///
    /// A limited search decides without searching in two cases: it passes when `color` has
    /// no legal board play that does not fill an own eye, and when the opponent has just
    /// passed and `color` is ahead by [`counting::area_score`](crate::tactics::counting::area_score) of the board as it stands. It
    /// never resigns: the player decides that from the win rate.
    pub fn search(
        &mut self,
        game: &Game,
        color: Color,
        params: &SearchParams,
        stop: &AtomicBool,
        observer: Option<Observer>,
    ) -> SearchResult {
        let start = Instant::now();
        let root_moves = root::root_moves(game, color, &self.filter);
        let pass_allowed = game.is_legal(color, Point::PASS);
        let no_move_to_search = root_moves.is_empty() && !pass_allowed;
        if !params.is_unlimited() && (!params.always_search || no_move_to_search) {
            if let Some(best) = quick_decision(game, color, &root_moves, pass_allowed) {
                return SearchResult {
                    best,
                    playouts: 0,
                    winrate: 0.5,
                    elapsed: start.elapsed(),
                    snapshot: None,
                };
            }
        }
        let key = RootKey {
            start: game.start().hash(),
            size: game.size(),
            rules: *game.rules(),
            komi: game.komi(),
            moves: game.moves().iter().map(|s| (s.color, s.point)).collect(),
            color,
        };
        let reused = self.reuse(&key, &root_moves);
        if !reused {
            // An analysis already told to stop (its stop line came with it) does not pay
            // for the large arena it would have grown into.
            let wanted = if params.is_unlimited() && !stop.load(Ordering::SeqCst) {
                ANALYSIS_NODES
            } else {
                INITIAL_NODES
            };
            let capacity = self.tree.capacity().max(wanted);
            if self.tree.capacity() < capacity {
                self.tree = Tree::with_capacity(capacity);
            }
            let root = self.tree.new_root();
            let mut kids = root::root_priors(params.priors, game, color, &root_moves);
            if !root_moves.is_empty() && !self.filter.permits(0, color, Point::PASS) {
                kids.pop();
            }
            assert!(self.tree.node(root).try_claim());
            assert!(self.tree.expand(root, &kids), "the arena holds the root");
        }
        tracing::debug!(
            "search {color}: tree {} nodes{}",
            self.tree.len(),
            if reused { " (reused)" } else { "" }
        );
        self.key = Some(key);

        let shared = Shared {
            tree: &self.tree,
            game,
            color,
            root_passes: game
                .moves()
                .iter()
                .rev()
                .take_while(|s| s.is_pass())
                .count()
                .min(1) as u32,
            root_last: (last_play(game), {
                let m = game.moves();
                m.len().checked_sub(2).map_or(Point::PASS, |i| m[i].point)
            }),
            rules: *game.rules(),
            filter: &self.filter,
            komi: dynamic_komi(game),
            mercy: Some(mercy_margin(game.size(), game.komi())),
            started: AtomicU64::new(0),
            ownership: observer.is_some().then(|| {
                (0..crate::board::MAX_POINTS)
                    .map(|_| AtomicI32::new(0))
                    .collect()
            }),
            owned_playouts: AtomicU64::new(0),
            score_utility: score_utility(game.size()),
            priors: params.priors,
            playout_replies: params.playout_replies,
        };
        let done = AtomicBool::new(false);
        let threads = params.threads.max(1);
        let mut observer = observer;
        std::thread::scope(|s| {
            for i in 0..threads {
                let seed = params.seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let shared = &shared;
                let done = &done;
                let observer = if i == 0 { observer.take() } else { None };
                s.spawn(move || {
                    let mut worker = Worker::new(shared, seed);
                    let mut control = (i == 0).then(|| Control::new(start, observer));
                    let mut n = 0u64;
                    loop {
                        if stop.load(Ordering::Relaxed) || done.load(Ordering::Relaxed) {
                            break;
                        }
                        if let Some(c) = control.as_mut() {
                            if n.is_multiple_of(CHECK_EVERY) && c.should_stop(shared, params) {
                                done.store(true, Ordering::Relaxed);
                                break;
                            }
                        }
                        if let Some(max) = params.max_playouts {
                            if shared.started.fetch_add(1, Ordering::Relaxed) >= max {
                                break;
                            }
                        } else {
                            shared.started.fetch_add(1, Ordering::Relaxed);
                        }
                        worker.simulate();
                        n += 1;
                    }
                    worker.flush_ownership();
                });
            }
        });
        let playouts = self.tree.node(0).visits() as u64;
        {
            let root = self.tree.node(0).stats();
            tracing::debug!(
                "search: lead {:.1} spread {:.1} over {} simulations",
                -root.score_mean(),
                root.score_stdev(),
                root.visits
            );
        }
        if self.tree.is_full() && self.tree.capacity() < MAX_NODES {
            tracing::debug!("search: the arena of {} nodes filled", self.tree.capacity());
        }
        let snap = snapshot(&shared, start.elapsed());
        drop(shared);
        self.finish(game, pass_allowed, playouts, snap, start)
    }

    /// Picks the move from the root's statistics.
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        game: &Game,
        pass_allowed: bool,
        playouts: u64,
        snap: Snapshot,
        start: Instant,
    ) -> SearchResult {
        let board = game.board();
        let mut ranked: Vec<Stats> = self
            .tree
            .children(0)
            .map(|i| self.tree.node(i).stats())
            .filter(|s| pass_allowed || !s.point.is_pass())
            .collect();
        // Most visits first; ties (no visits at all included) to the better value.
        ranked.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.value().total_cmp(&a.value()))
        });
        for s in ranked.iter().take(100) {
            tracing::debug!(
                "  {} visits {} win {:.3} score {:.1} ({:.1}) rave {}/{:.3}",
                board.vertex(s.point),
                s.visits,
                s.winrate(),
                s.score_mean(),
                s.score_stdev(),
                s.rave_visits,
                s.rave_wins2 as f64 / (2.0 * s.rave_visits.max(1) as f64)
            );
        }
        let top = ranked[0];
        let winrate = if top.visits == 0 { 0.5 } else { top.winrate() };
        let best = if top.point.is_pass() {
            SearchMove::Pass
        } else {
            SearchMove::Play(top.point)
        };
        if self.tree.is_full() && self.tree.capacity() < MAX_NODES {
            // Next time, a bigger arena (the tree is rebuilt).
            self.tree = Tree::with_capacity(self.tree.capacity() * 2);
            self.spare = None;
            self.key = None;
        }
        SearchResult {
            best,
            playouts,
            winrate,
            elapsed: start.elapsed(),
            snapshot: Some(snap),
        }
    }

    /// Makes the node reached from the previous root by the game's new moves the root of
    /// the tree, if the tree holds it and its children are exactly `root_moves` and the
    /// pass. True on success.
    fn reuse(&mut self, key: &RootKey, root_moves: &[Point]) -> bool {
        let Some(old) = self.key.as_ref() else {
            return false;
        };
        // A tree grown where the rule is judged approximately below the root may hold
        // children that the exact judge at the new root refuses.
        if !key.rules.ko.judged_exactly_in_lines()
            || (old.start, old.size, old.rules, old.komi)
                != (key.start, key.size, key.rules, key.komi)
            || key.moves.len() < old.moves.len()
            || key.moves[..old.moves.len()] != old.moves[..]
        {
            return false;
        }
        let mut node = 0usize;
        let mut to_move = old.color;
        for &(c, p) in &key.moves[old.moves.len()..] {
            if c != to_move {
                return false;
            }
            let Some(child) = self
                .tree
                .children(node)
                .find(|&i| self.tree.node(i).point() == p)
            else {
                return false;
            };
            node = child;
            to_move = to_move.opponent();
        }
        if to_move != key.color {
            return false;
        }
        let mut want: Vec<u16> = root_moves.iter().map(|p| p.0).chain([0]).collect();
        let mut have: Vec<u16> = self
            .tree
            .children(node)
            .map(|i| self.tree.node(i).point().0)
            .collect();
        want.sort_unstable();
        have.sort_unstable();
        if want != have {
            return false;
        }
        if node == 0 {
            return true;
        }
        let mut spare = self
            .spare
            .take()
            .filter(|s| s.capacity() == self.tree.capacity())
            .unwrap_or_else(|| Tree::with_capacity(self.tree.capacity()));
        if !spare.copy_subtree(&self.tree, node) {
            self.spare = Some(spare);
            return false;
        }
        let old_tree = std::mem::replace(&mut self.tree, spare);
        self.spare = Some(old_tree);
        true
    }
}

/// The clock and reporting duties of the first search thread.
struct Control<'o> {
    start: Instant,
    observer: Option<Observer<'o>>,
    last_report: Instant,
}

impl<'o> Control<'o> {
    fn new(start: Instant, observer: Option<Observer<'o>>) -> Control<'o> {
        Control {
            start,
            observer,
            last_report: start,
        }
    }

    /// Reports if due; true when the search should end (time up, or the best move cannot
    /// change any more).
    fn should_stop(&mut self, shared: &Shared, params: &SearchParams) -> bool {
        let now = Instant::now();
        let elapsed = now - self.start;
        if let Some((every, report)) = self.observer.as_mut() {
            if now - self.last_report >= *every {
                self.last_report = now;
                report(&snapshot(shared, elapsed));
            }
        }
        let Some(budget) = params.max_time else {
            return false;
        };
        let cap = params.time_cap.unwrap_or(budget).max(budget);
        if elapsed >= cap {
            return true;
        }
        let done = shared.started.load(Ordering::Relaxed);
        if done < EARLY_STOP_MIN {
            return false;
        }
        let (first, second) = top_two(shared.tree);
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-3);
        if elapsed < budget {
            // Stop early when the leader cannot be caught in the time left.
            let left = rate * (budget - elapsed).as_secs_f64();
            return (first.visits - second.visits) as f64 > left;
        }
        // Past the budget: go on while the best move is unclear.
        let unclear = second.visits as f64 > 0.7 * first.visits as f64
            || second.value() > first.value() + 0.02;
        if !unclear {
            return true;
        }
        let left = rate * (cap - elapsed).as_secs_f64();
        (first.visits - second.visits) as f64 > left
    }
}

/// The two most visited root children.
fn top_two(tree: &Tree) -> (Stats, Stats) {
    let (mut a, mut b) = (Stats::default(), Stats::default());
    for i in tree.children(0) {
        let s = tree.node(i).stats();
        if s.visits > a.visits {
            b = a;
            a = s;
        } else if s.visits > b.visits {
            b = s;
        }
    }
    (a, b)
}

/// The snapshot of the search behind `shared` now.
fn snapshot(shared: &Shared, elapsed: Duration) -> Snapshot {
    let tree = shared.tree;
    // Margins are kept with the search's komi; the game's komi shifts Black's by this.
    let komi_shift = shared.komi - shared.game.komi();
    let lead_shift = if shared.color == Color::Black {
        komi_shift
    } else {
        -komi_shift
    };
    let kids: Vec<Stats> = tree.children(0).map(|i| tree.node(i).stats()).collect();
    let prior_sum = priors::Prior::policy_total(shared.priors, kids.iter().map(|s| s.prior));
    let mut moves: Vec<(usize, MoveStats)> = tree
        .children(0)
        .zip(&kids)
        .filter(|(_, s)| s.visits > 0)
        .map(|(i, s)| {
            let n = s.visits as f64;
            let w = s.winrate();
            let lcb = (w - 1.96 * (w * (1.0 - w) / n).sqrt()).clamp(0.0, 1.0);
            (
                i,
                MoveStats {
                    point: s.point,
                    visits: s.visits as u64,
                    winrate: w,
                    prior: s.prior.policy_weight(shared.priors) / prior_sum,
                    lcb,
                    pv: Vec::new(),
                    pv_visits: Vec::new(),
                    score_lead: s.score_mean() + lead_shift,
                    score_stdev: s.score_stdev(),
                },
            )
        })
        .collect();
    moves.sort_by(|a, b| {
        b.1.visits
            .cmp(&a.1.visits)
            .then(b.1.winrate.total_cmp(&a.1.winrate))
    });
    for (i, m) in moves.iter_mut() {
        (m.pv, m.pv_visits) = principal_variation(tree, *i);
    }
    let board = shared.game.board();
    let ownership = match &shared.ownership {
        Some(counts) => {
            let n = shared.owned_playouts.load(Ordering::Relaxed).max(1) as f32;
            top_down_points(board)
                .map(|p| counts[p.index()].load(Ordering::Relaxed) as f32 / n)
                .collect()
        }
        None => Vec::new(),
    };
    // The root node is the opponent's: its margin turned over is the player's.
    let root = tree.node(0).stats();
    Snapshot {
        color: shared.color,
        playouts: tree.node(0).visits() as u64,
        elapsed,
        moves: moves.into_iter().map(|(_, m)| m).collect(),
        ownership,
        score_lead: -root.score_mean() + lead_shift,
        score_stdev: root.score_stdev(),
        priors: shared.priors,
        policy: Vec::new(),
    }
}

/// The board's points row by row from the top-left.
fn top_down_points(board: &Board) -> impl Iterator<Item = Point> + '_ {
    let n = board.size();
    (0..n)
        .rev()
        .flat_map(move |row| (0..n).map(move |col| board.point(crate::board::Coord::new(col, row))))
}

/// The most visited line from the node `i` (its move first), while visits go on, and the
/// visits of each node along it.
fn principal_variation(tree: &Tree, mut i: usize) -> (Vec<Point>, Vec<u64>) {
    let mut pv = vec![tree.node(i).point()];
    let mut visits = vec![u64::from(tree.node(i).visits())];
    while pv.len() < 24 {
        let Some(next) = tree
            .children(i)
            .max_by_key(|&c| tree.node(c).visits())
            .filter(|&c| tree.node(c).visits() > 1)
        else {
            break;
        };
        pv.push(tree.node(next).point());
        visits.push(u64::from(tree.node(next).visits()));
        i = next;
    }
    (pv, visits)
}

/// The game's last move when it was a board play, else [`Point::PASS`].
fn last_play(game: &Game) -> Point {
    game.moves().last().map_or(Point::PASS, |s| s.point)
}

/// Decides without searching when it is obvious: the only legal move when no useful board
/// play is left and passing is banned; a pass when no useful board play is left, or the
/// opponent just passed, and `color` leads by the board as it stands. Behind by the board,
/// the search decides (its playouts judge what is dead), so that a lost game is resigned
/// rather than passed with an unsearched win rate.
fn quick_decision(
    game: &Game,
    color: Color,
    root_moves: &[Point],
    pass_allowed: bool,
) -> Option<SearchMove> {
    if root_moves.is_empty() && !pass_allowed {
        tracing::debug!("genmove {color}: may not pass, only eye fills left");
        return Some(SearchMove::Play(game.legal_plays(color)[0]));
    }
    let opponent_passed = game
        .moves()
        .last()
        .is_some_and(|s| s.is_pass() && s.color == color.opponent());
    if (root_moves.is_empty() || opponent_passed) && pass_allowed {
        let black_lead = outcome::terminal(game.board(), game.komi(), game.rules().scoring);
        let lead = if color == Color::Black {
            black_lead
        } else {
            -black_lead
        };
        if lead > 0.0 {
            tracing::debug!(
                "genmove {color}: {} and we lead by {lead}, passing",
                if root_moves.is_empty() {
                    "no useful board play"
                } else {
                    "opponent passed"
                }
            );
            return Some(SearchMove::Pass);
        }
    }
    None
}

/// The mercy margin of the search's playouts on a `size` board with `komi`: a playout
/// stops once one side has captured this many stones more than the other. It is at least
/// the komi plus a tenth of the board, so that the side ahead in captures has surely won.
pub fn mercy_margin(size: usize, komi: f64) -> u32 {
    let area = (size * size) as f64;
    (area * MERCY_SHARE).max(komi.abs() + area / 10.0) as u32
}

/// The komi simulations are scored with. In a handicap game it starts higher than the
/// game's by [`KOMI_PER_HANDICAP_STONE`] per handicap stone and falls linearly to the
/// game's komi by move `area / 2`: White, behind, plays for a reachable target instead of
/// despairing, and Black, ahead, plays for a margin instead of slackening (Pachi's linear
/// dynamic komi).
pub fn dynamic_komi(game: &Game) -> f64 {
    let h = game.handicap() as f64;
    if h < 2.0 {
        return game.komi();
    }
    let horizon = (game.size() * game.size()) as f64 / 2.0;
    let progress = (game.moves().len() as f64 / horizon).min(1.0);
    game.komi() + KOMI_PER_HANDICAP_STONE * h * (1.0 - progress)
}

/// The score utility of a search on a `size` board: weight [`SCORE_UTILITY_WEIGHT`], scale
/// [`SCORE_UTILITY_SCALE`] points per side of the board, [`SCORE_PRIOR_VISITS`] virtual
/// simulations (the center is set as it searches).
fn score_utility(size: usize) -> ScoreUtility {
    ScoreUtility {
        center: 0.0,
        inv_scale: 1.0 / (SCORE_UTILITY_SCALE * size as f32),
        weight: SCORE_UTILITY_WEIGHT,
        prior_visits: SCORE_PRIOR_VISITS,
    }
}

/// Searches `game` for `color` with a fresh tree and returns its move: [`Searcher::search`]
/// without reuse or observer.
pub fn genmove(
    game: &Game,
    color: Color,
    params: &SearchParams,
    stop: &AtomicBool,
) -> SearchResult {
    Searcher::new().search(game, color, params, stop, None)
}

#[cfg(test)]
mod tests;
