//! Monte Carlo tree search: UCT with UCB1 over random playouts.
//!
//! [`genmove`] searches the position of a [`Game`] for one player and returns a legal move,
//! a pass or a resignation. Parallelism is by root: each thread grows its own tree with its
//! own seeded random generator, and the root children's visits are summed at the end.
//!
//! - Root children are exactly the game's legal board plays for the player (as judged by
//!   [`Game::legal_plays`], the full ko rule) except those filling the player's own eyes,
//!   plus the pass; so the move returned is always legal.
//! - Deeper in the tree a move is legal when the board allows it and the ko rule, judged
//!   against the game's memory plus the path ([`KoLine`](crate::rules::line::KoLine)),
//!   does not ban it.
//! - When the pass rule (WMSG 2008) forbids passing at the root, the pass is never chosen
//!   (the trees still explore it, as a line where the opponent's reply decides).
//! - Two passes in a row end a line (under every end rule: an approximation for Spight's);
//!   such a position is scored by [`score::area_score`].
//! - Playouts are described in [`playout`]. Results are counted by area with the game's
//!   komi whatever the ruleset's scoring; a win counts 1, a draw a half.
//! - Under Ing-Spight, plays below the root are judged against the root's hot stones and
//!   odd cycles plus the board's simple ko (see [`KoLine`](crate::rules::line::KoLine)).
//! - The tree keeps at most a few million nodes; past that, leaves are played out without
//!   being expanded.
//! - With one thread, a fixed seed and a playout limit, the search is deterministic.

pub mod playout;
pub mod rng;
pub mod time;
mod tree;

use crate::board::{Color, Point};
use crate::game::Game;
use crate::score;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tree::Tree;

/// Largest number of tree nodes kept across all threads (about 20 bytes each); beyond it
/// leaves are played out without expanding.
const MAX_NODES: usize = 8_000_000;
/// Resigning needs at least this many playouts behind the decision.
const RESIGN_MIN_PLAYOUTS: u64 = 3000;
/// The clock is read every this many simulations.
const TIME_CHECK_EVERY: u64 = 16;

/// How long and how to search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchParams {
    /// Worker threads (at least 1 is used).
    pub threads: usize,
    /// Stop after this many playouts in all threads together.
    pub max_playouts: Option<u64>,
    /// Stop after this much time.
    pub max_time: Option<Duration>,
    /// Seed of the random generators (thread `i` uses a seed derived from it and `i`).
    pub seed: u64,
    /// Resign when the best move wins less often than this (e.g. 0.1); 0 never resigns.
    pub resign_threshold: f64,
}

impl Default for SearchParams {
    /// One thread, 10,000 playouts, no time limit, seed 0, resign below 10%.
    fn default() -> SearchParams {
        SearchParams {
            threads: 1,
            max_playouts: Some(10_000),
            max_time: None,
            seed: 0,
            resign_threshold: 0.1,
        }
    }
}

/// The move the search chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchMove {
    /// A board play (legal in the game).
    Play(Point),
    /// A pass.
    Pass,
    /// Resignation.
    Resign,
}

/// What [`genmove`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move chosen.
    pub best: SearchMove,
    /// Playouts (simulations) made.
    pub playouts: u64,
    /// The chosen move's estimated probability of winning for the searching player
    /// (0.5 when no search was needed or made).
    pub winrate: f64,
    /// Time spent.
    pub elapsed: Duration,
}

/// Searches `game` for `color` and returns its move. Stops at `params.max_playouts`, at
/// `params.max_time`, or as soon as `stop` is set (with neither limit, only `stop` ends the
/// search: limits are the caller's business).
///
/// Passes without searching when `color` has no legal board play that does not fill an own
/// eye, and when the opponent has just passed and `color` is ahead by
/// [`score::area_score`] of the board as it stands. Resigns when the best move's win rate is
/// below `params.resign_threshold` after enough playouts, once the game is past its opening
/// (20 moves on 9x9, 40 on 19x19, in proportion to the board's area).
pub fn genmove(
    game: &Game,
    color: Color,
    params: &SearchParams,
    stop: &AtomicBool,
) -> SearchResult {
    let start = Instant::now();
    let board = game.board();
    let root_moves: Vec<Point> = game
        .legal_plays(color)
        .into_iter()
        .filter(|&p| !board.is_eye(p, color))
        .collect();
    let quick = |best| SearchResult {
        best,
        playouts: 0,
        winrate: 0.5,
        elapsed: start.elapsed(),
    };
    // The ruleset's pass rule (WMSG 2008) may forbid passing here.
    let pass_allowed = game.is_legal(color, Point::PASS);
    if root_moves.is_empty() {
        if !pass_allowed {
            let forced = game.legal_plays(color)[0];
            tracing::debug!("genmove {color}: may not pass, only eye fills left");
            return quick(SearchMove::Play(forced));
        }
        tracing::debug!("genmove {color}: no useful board play, passing");
        return quick(SearchMove::Pass);
    }
    let opponent_passed = game
        .moves()
        .last()
        .is_some_and(|s| s.is_pass() && s.color == color.opponent());
    if opponent_passed && pass_allowed {
        let black_lead = score::area_score(board, game.komi());
        let lead = if color == Color::Black {
            black_lead
        } else {
            -black_lead
        };
        if lead > 0.0 {
            tracing::debug!("genmove {color}: opponent passed and we lead by {lead}, passing");
            return quick(SearchMove::Pass);
        }
    }

    let threads = params.threads.max(1);
    let counter = AtomicU64::new(0);
    let per_thread_nodes = MAX_NODES / threads;
    let trees: Vec<(Vec<(u32, f32)>, u64)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let seed = params.seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let root_moves = &root_moves;
                let counter = &counter;
                s.spawn(move || {
                    let mut tree = Tree::new(game, color, root_moves, seed, per_thread_nodes);
                    let done = run(&mut tree, params, counter, stop, start);
                    let stats = tree
                        .root_children()
                        .iter()
                        .map(|n| (n.visits, n.wins))
                        .collect::<Vec<_>>();
                    (stats, done)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("search thread panicked"))
            .collect()
    });

    // Sum the root children over the trees: children are in the same order in every tree.
    let mut total = vec![(0u64, 0f64); root_moves.len() + 1];
    let mut playouts = 0;
    for (stats, done) in &trees {
        playouts += done;
        for (t, &(v, w)) in total.iter_mut().zip(stats) {
            t.0 += v as u64;
            t.1 += w as f64;
        }
    }
    let moves = root_moves.iter().copied().chain([Point::PASS]);
    let ranked = {
        let mut r: Vec<(Point, u64, f64)> = moves
            .zip(&total)
            .map(|(p, &(v, w))| (p, v, if v > 0 { w / v as f64 } else { 0.5 }))
            .filter(|(p, _, _)| pass_allowed || !p.is_pass())
            .collect();
        // Most visits first; ties to the better win rate, then to board order.
        r.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        r
    };
    let (point, visits, winrate) = ranked[0];
    for (p, v, w) in ranked.iter().take(5) {
        tracing::debug!("  {} visits {v} win {w:.3}", board.vertex(*p));
    }
    let best = if visits == 0 {
        // Nothing searched: any legal board play.
        SearchMove::Play(root_moves[0])
    } else if should_resign(game, params, playouts, winrate) {
        SearchMove::Resign
    } else if point.is_pass() {
        SearchMove::Pass
    } else {
        SearchMove::Play(point)
    };
    SearchResult {
        best,
        playouts,
        winrate: if visits == 0 { 0.5 } else { winrate },
        elapsed: start.elapsed(),
    }
}

/// Runs simulations on `tree` until a limit or `stop`; returns how many it made.
fn run(
    tree: &mut Tree,
    params: &SearchParams,
    counter: &AtomicU64,
    stop: &AtomicBool,
    start: Instant,
) -> u64 {
    let mut done = 0u64;
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        if let Some(max) = params.max_playouts {
            if counter.fetch_add(1, Ordering::Relaxed) >= max {
                break;
            }
        }
        if let Some(limit) = params.max_time {
            if done.is_multiple_of(TIME_CHECK_EVERY) && start.elapsed() >= limit {
                break;
            }
        }
        tree.simulate();
        done += 1;
    }
    done
}

/// True when the search should resign with `winrate` after `playouts`.
fn should_resign(game: &Game, params: &SearchParams, playouts: u64, winrate: f64) -> bool {
    let area = (game.size() * game.size()) as f64;
    // 20 moves on 9x9, 40 on 19x19, linear in the area between and beyond (at least 10).
    let opening = (20.0 + (area - 81.0) / 14.0).max(10.0);
    playouts >= RESIGN_MIN_PLAYOUTS
        && (game.moves().len() as f64) >= opening
        && winrate < params.resign_threshold
}

#[cfg(test)]
mod tests;
