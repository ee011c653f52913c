//! The player: everything koan does to play a game, whoever asks it to. It owns the game,
//! the search with its tree kept between moves, the clock, pondering, the resignation
//! hysteresis, the end-of-game corrections to the search's move ([`endgame`]), handicap
//! placement ([`handicap`]) and the cached judgement of life and death ([`judgement`]).
//!
//! The player is the one way into the search: a front end asks it to "search this position
//! for this colour within these limits, keeping off these moves, and report to this
//! observer" ([`Request`], [`Player::search`]), or to choose and play a move
//! ([`Player::choose`]), which is where resignation is decided ([`resigns`]). The GTP engine
//! (`gtp`) and the JSON analysis engine (`koan analysis`) are protocol layers over it, and
//! print the figures of [`figures`]; a library user drives the same player and so plays
//! exactly as the GTP engine plays.

pub mod endgame;
pub mod figures;
pub mod handicap;
pub mod judgement;
pub mod wall_clock;

use crate::board::{Board, Color, Coord, Point};
use crate::game::{Game, Illegal};
use crate::ko_types::pass_rule::{GameMaker, PassBasis, Wmsg2008Judge};
use crate::ko_types::Classifier;
use crate::rules::Ruleset;
use crate::score;
use crate::score::status::StatusMap;
use crate::search::endgame_reading;
use crate::search::priors::PriorSource;
use crate::search::puct::PlayoutMix;
use crate::search::time::{Clock, TimeSystem};
use crate::search::{self, MoveFilter, Observer, SearchMove, SearchParams, SearchResult, Searcher};
use crate::tactics::local_search::Allowance;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// How the player plays: the command-line settings.
#[derive(Clone, Debug)]
pub struct PlayerOptions {
    /// Search threads.
    pub threads: usize,
    /// Playouts per move, if limited.
    pub playouts: Option<u64>,
    /// Seconds per move at most, if limited.
    pub time_per_move: Option<f64>,
    /// With `time_per_move`: the time an easy move leaves unused (its search stopped
    /// early) is banked; every move may spend half the bank (up to twice the time per
    /// move), an unclear one all of it (up to three times); over a game the moves never
    /// take more than `time_per_move` on average.
    pub bank_time: bool,
    /// The ruleset at start and after `clear_board` unless changed by `rules`.
    pub rules: Ruleset,
    /// Seed of the search's random numbers.
    pub seed: u64,
    /// Resign when the win rate of the best move is below this.
    pub resign_threshold: f64,
    /// Answer `kgs-chat` (KGS relays chat to engines that list it).
    pub kgs_chat: bool,
    /// Go on searching on the opponent's time after `genmove`, until the next command.
    pub ponder: bool,
    /// How long the judgement of life and death (`final_score`, `final_status_list`) may
    /// read before it settles the strings left by playout ownership; `None`: no bound.
    pub score_time: Option<f64>,
    /// Nodes one ko classification may expand (`ko-classify`, its GoGui view and the WMSG
    /// 2008 pass judge): the limit that decides its answers.
    pub ko_classify_nodes: usize,
    /// Seconds one ko classification may take at most, an outer guard only: the node
    /// budget keeps calls far below it, so answers do not depend on the machine's load.
    pub ko_classify_time: Duration,
    /// Which ko answers may forbid a pass under the WMSG 2008 rule.
    pub pass_basis: PassBasis,
    /// Where the search's new nodes get their priors.
    pub priors: PriorSource,
    /// Whether the search's playouts replay the last good reply to the opponent's move.
    pub playout_replies: bool,
    /// A KataGo network (`--model FILE`); `None`: koan's own search alone.
    pub network: Option<crate::nn::Network>,
    /// With a network, the playouts mixed into its leaves' values; `None`: the network's
    /// values alone under the ko rules it was trained for, [`PlayoutMix::UNTRAINED_RULES`]
    /// under the others ([`crate::nn::eval::trained_for`]).
    pub playout_mix: Option<PlayoutMix>,
    /// Nodes the reading of a small endgame may expand after a search
    /// ([`crate::search::endgame_reading`]); 0: no reading.
    pub endgame_nodes: u64,
}

impl PlayerOptions {
    /// The ko classifier these options ask for: their node budget, with their time as a
    /// wall-clock guard.
    pub fn ko_classifier(&self) -> Classifier {
        Classifier::new(self.ko_classify_nodes)
            .with_guard(Arc::new(wall_clock::WallClock(self.ko_classify_time)))
    }

    /// The maker of this player's games: their WMSG 2008 pass judge reads with
    /// [`PlayerOptions::ko_classifier`] on [`PlayerOptions::pass_basis`].
    pub fn game_maker(&self) -> GameMaker {
        GameMaker::new(Wmsg2008Judge {
            classifier: self.ko_classifier(),
            basis: self.pass_basis,
        })
    }
}

impl Default for PlayerOptions {
    fn default() -> Self {
        PlayerOptions {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            playouts: None,
            time_per_move: None,
            bank_time: false,
            rules: Ruleset::default(),
            seed: 0x6b6f616e,
            resign_threshold: 0.05,
            kgs_chat: false,
            ponder: false,
            score_time: Some(1.0),
            ko_classify_nodes: crate::ko_types::DEFAULT_NODES,
            ko_classify_time: wall_clock::KO_CLASSIFY_GUARD,
            pass_basis: PassBasis::default(),
            priors: PriorSource::Model,
            playout_replies: false,
            endgame_nodes: crate::search::endgame_reading::DEFAULT_NODES,
            network: None,
            playout_mix: None,
        }
    }
}

/// Why the player could not make the move it chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// The search or the cleanup chose a move the game refuses (a bug, never expected).
    IllegalChoice(Illegal),
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::IllegalChoice(e) => {
                write!(f, "internal error: the player chose an illegal move ({e})")
            }
        }
    }
}

/// How long a search the player is asked for may run.
#[derive(Clone, Debug, PartialEq)]
pub enum Limits {
    /// As for a move of the game: the options' playouts and time per move and the clock's
    /// budget.
    Move,
    /// Until the stop flag is set (live analysis, pondering).
    UntilStopped,
    /// At most `playouts` simulations and `time` (an analysis query's `maxVisits` and
    /// `maxTime`), searching even where the move is obvious, for the figures.
    Budget {
        /// Simulations at most.
        playouts: u64,
        /// Time at most.
        time: Option<Duration>,
    },
}

/// What a front end asks the player: search the game for `color` within `limits`, keeping
/// off the moves `filter` forbids, and report to `observer` as it goes.
pub struct Request<'o> {
    /// The player to search for.
    pub color: Color,
    /// How long.
    pub limits: Limits,
    /// The moves the search may not try (KataGo's `avoid` and `allow`).
    pub filter: MoveFilter,
    /// Called every so often with the search's state; given, the search also counts
    /// ownership.
    pub observer: Option<Observer<'o>>,
    /// The seed of the search's random numbers (default: the player's, mixed with the move
    /// number).
    pub seed: Option<u64>,
}

impl Request<'_> {
    /// A search for `color` within `limits`, nothing filtered, observed by nobody.
    pub fn new(color: Color, limits: Limits) -> Request<'static> {
        Request {
            color,
            limits,
            filter: MoveFilter::default(),
            observer: None,
            seed: None,
        }
    }
}

/// Resigning needs at least this many playouts behind the decision (the classical search).
const RESIGN_MIN_PLAYOUTS: u64 = 3000;

/// Resigning by a network's search needs at least this many evaluations behind the
/// decision: one evaluation of a trained network says more about who wins than thousands
/// of random playouts, and a network search often makes only a handful a move (KataGo
/// resigns on its value without any minimum).
const RESIGN_MIN_EVALUATIONS: u64 = 8;

/// The simulations a search must have made before its win rate may resign the game.
pub fn resign_evidence(by_network: bool) -> u64 {
    if by_network {
        RESIGN_MIN_EVALUATIONS
    } else {
        RESIGN_MIN_PLAYOUTS
    }
}

/// True when the win rate `winrate` after `simulations` is low enough to resign `game`
/// under `threshold` (0 never resigns): at least `needed` simulations
/// ([`resign_evidence`]), and the game past its opening (20 moves on 9x9, 40 on 19x19, in
/// proportion to the board's area).
pub fn resigns(game: &Game, threshold: f64, simulations: u64, needed: u64, winrate: f64) -> bool {
    let area = (game.size() * game.size()) as f64;
    // 20 moves on 9x9, 40 on 19x19, linear in the area between and beyond (at least 10).
    let opening = (20.0 + (area - 81.0) / 14.0).max(10.0);
    simulations >= needed && (game.moves().len() as f64) >= opening && winrate < threshold
}

/// A background search on the opponent's time.
struct Pondering {
    handle: std::thread::JoinHandle<Searcher>,
    stop: Arc<AtomicBool>,
}

/// A Go player: a game and what it takes to choose moves in it.
pub struct Player {
    game: Game,
    options: PlayerOptions,
    clock: Clock,
    /// Set to stop a running search.
    stop: Arc<AtomicBool>,
    /// The search, with its tree kept between moves.
    searcher: Searcher,
    /// The search running on the opponent's time (`ponder`), if any.
    pondering: Option<Pondering>,
    /// Whether the previous genmove's win rate was below the resignation threshold: koan
    /// resigns only when the win rate stays low over two of its moves in a row.
    was_losing: bool,
    /// Seconds of `time_per_move` earlier moves of this game left unused
    /// ([`PlayerOptions::bank_time`]).
    banked: f64,
    /// Life and death at the end of the game, cached per position.
    judgement: judgement::Judgement,
    /// Evaluators of the options' network, one per search thread: with them the player
    /// searches by PUCT over the network ([`search::puct`]) instead of the classical search.
    network: Option<crate::nn::EvaluatorPool>,
}

impl Player {
    /// A player on an empty 19x19 board, with the options' rules and their komi.
    pub fn new(options: PlayerOptions) -> Player {
        let mut game = options.game_maker().new_game(19, options.rules);
        game.set_komi(options.rules.komi);
        Player {
            game,
            clock: Clock::default(),
            stop: Arc::new(AtomicBool::new(false)),
            searcher: Searcher::new(),
            pondering: None,
            was_losing: false,
            banked: 0.0,
            judgement: Default::default(),
            network: options
                .network
                .as_ref()
                .map(|n| crate::nn::EvaluatorPool::new(n.evaluator())),
            options,
        }
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game being played, to change it (moves, rules, komi, undo).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// Replaces the game (a loaded record, say); it judges passes with this player's
    /// settings.
    pub fn set_game(&mut self, mut game: Game) {
        self.options.game_maker().rejudge(&mut game);
        self.game = game;
        self.banked = 0.0;
    }

    /// The settings.
    pub fn options(&self) -> &PlayerOptions {
        &self.options
    }

    /// The settings, to change them (GoGui's parameter dialog does).
    pub fn options_mut(&mut self) -> &mut PlayerOptions {
        &mut self.options
    }

    /// The game and the settings together, for commands that change both.
    pub fn game_and_options_mut(&mut self) -> (&mut Game, &mut PlayerOptions) {
        (&mut self.game, &mut self.options)
    }

    /// The flag that stops a running search when set.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Makes `stop` the flag that stops the player's searches.
    pub fn set_stop_flag(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

    /// Puts the controller's time system in force, with nothing reported left yet.
    pub fn set_time_system(&mut self, system: TimeSystem) {
        self.clock = Clock {
            system,
            left: [None, None],
        };
    }

    /// Records the time the controller reports left for `color`: `seconds`, and the count
    /// (stones left in a Canadian period, periods left in byo-yomi, 0 in main time). A
    /// report without time settings is taken as absolute time of `seconds`.
    pub fn time_left(&mut self, color: Color, seconds: f64, count: u32) {
        if self.clock.system == TimeSystem::None {
            self.clock.system = TimeSystem::Absolute { main: seconds };
        }
        self.clock.report(color.index(), seconds, count);
    }

    /// A new empty board of `size`, keeping the rules and komi.
    pub fn resize(&mut self, size: usize) {
        let komi = self.game.komi();
        let rules = *self.game.rules();
        self.game = self.options.game_maker().new_game(size, rules);
        self.game.set_komi(komi);
    }

    /// A new game on the same board size, keeping the rules and komi; the resignation
    /// hysteresis starts afresh.
    pub fn clear_board(&mut self) {
        let komi = self.game.komi();
        let rules = *self.game.rules();
        self.game = self.options.game_maker().new_game(self.game.size(), rules);
        self.was_losing = false;
        self.banked = 0.0;
        self.game.set_komi(komi);
    }

    /// True when nothing has been played or placed.
    pub fn board_is_empty(&self) -> bool {
        self.game.moves().is_empty() && self.game.board().empty_count() == self.game.size().pow(2)
    }

    /// Makes `coords` the Black handicap stones of a new game, White to move.
    pub fn place_handicap(&mut self, coords: &[Coord]) {
        let mut start = Board::new(self.game.size());
        for &c in coords {
            let p = start.point(c);
            start.place_setup(p, Color::Black);
        }
        self.game
            .set_start(start, Color::White, coords.len() as u32);
    }

    /// The ruleset in force with the game's komi (not the preset's default).
    pub fn rules_in_force(&self) -> Ruleset {
        Ruleset {
            komi: self.game.komi(),
            ..*self.game.rules()
        }
    }

    /// How a search for `color` within `limits` runs now: threads, playout and time limits
    /// (for a move, the per-move limit and the clock's budget, whichever is shorter; one
    /// second when nothing limits), the seed (`seed`, or the options' mixed with the move
    /// number), the priors' source and the playouts' replies.
    fn search_params(&self, color: Color, limits: &Limits, seed: Option<u64>) -> SearchParams {
        let seed = seed.unwrap_or_else(|| {
            self.options.seed ^ (self.game.moves().len() as u64).wrapping_mul(0x9E37)
        });
        let mut params = SearchParams {
            threads: self.options.threads.max(1),
            max_playouts: None,
            max_time: None,
            time_cap: None,
            seed,
            always_search: false,
            priors: self.options.priors,
            playout_replies: self.options.playout_replies,
            playout_mix: self.options.playout_mix.unwrap_or_else(|| {
                if crate::nn::eval::trained_for(self.game.rules()) {
                    PlayoutMix::NONE
                } else {
                    PlayoutMix::UNTRAINED_RULES
                }
            }),
        };
        match *limits {
            Limits::Move => {}
            Limits::UntilStopped => return params,
            Limits::Budget { playouts, time } => {
                (params.max_playouts, params.max_time, params.time_cap) =
                    (Some(playouts), time, time);
                params.always_search = true;
                return params;
            }
        }
        let tpm = self.options.time_per_move;
        let (mut budget, mut cap) = (tpm, tpm);
        if self.options.bank_time {
            // Half the bank (at most one time per move more) is spent on every move, and
            // an unclear one may take the rest, up to three times the time per move.
            budget = tpm.map(|t| t + (self.banked / 2.0).min(t));
            cap = tpm.map(|t| t + self.banked.min(2.0 * t));
        }
        if let Some((b, c)) = self.clock_budget(color) {
            budget = Some(budget.map_or(b, |t| t.min(b)));
            cap = Some(cap.map_or(c, |t| t.min(c)));
        }
        if budget.is_none() && self.options.playouts.is_none() {
            (budget, cap) = (Some(1.0), Some(1.0));
        }
        let secs = |s: f64| Duration::from_secs_f64(s.max(0.01));
        params.max_playouts = self.options.playouts;
        params.max_time = budget.map(secs);
        params.time_cap = cap.map(secs);
        params
    }

    /// Seconds to spend on this move under the controller's clock, and the most it may
    /// take when the position is unclear.
    fn clock_budget(&self, color: Color) -> Option<(f64, f64)> {
        let area = (self.game.size() * self.game.size()) as f64;
        let played = self.game.moves().len() as f64;
        // Own moves that may still come: a game lasts about 0.6 x area moves, never assume
        // fewer than area / 20 of ours remain.
        let moves_left = ((area * 0.6 - played) / 2.0).max(area / 20.0).max(5.0);
        let budget = self.clock.budget(color.index(), moves_left)?;
        let cap = self.clock.cap(color.index(), moves_left)?;
        Some((budget, cap))
    }

    /// Whether a search for `color` now is the network's ([`Player::search`]): a network is
    /// loaded and `color` is to move.
    fn searches_by_network(&self, color: Color) -> bool {
        self.network.is_some() && color == self.game.to_move()
    }

    /// Searches the game as `request` asks ([`Request`]): the one way into the search for
    /// every front end. The request's filter holds for this search only; the tree is kept
    /// for the next search, which reuses it when the game continues.
    pub fn search(&mut self, request: Request) -> SearchResult {
        let params = self.search_params(request.color, &request.limits, request.seed);
        // The network evaluates the position for the player to move; a search for the
        // other player (a controller's genmove out of turn) is the classical search's.
        let by_network = self.searches_by_network(request.color);
        if let (true, Some(pool)) = (by_network, self.network.as_mut()) {
            let network = self
                .options
                .network
                .as_ref()
                .expect("the evaluators' network");
            pool.resize_with(params.threads, || network.evaluator());
            let search =
                search::puct::NetworkSearch::new(&self.game, request.color, &request.filter, pool);
            return search.run(&params, &self.stop, request.observer);
        }
        self.searcher.set_filter(request.filter);
        let result = self.searcher.search(
            &self.game,
            request.color,
            &params,
            &self.stop,
            request.observer,
        );
        self.searcher.set_filter(MoveFilter::default());
        result
    }

    /// Chooses a move for `color` by searching as for a move of the game; plays it when
    /// `play` ([`Player::choose`]).
    pub fn genmove(&mut self, color: Color, play: bool) -> Result<SearchMove, PlayerError> {
        self.choose(Request::new(color, Limits::Move), play)
    }

    /// Searches as `request` asks and makes the move: resignation when the win rate stays
    /// below the threshold over two moves in a row, or when the best play is a pass
    /// ([`resigns`]), unless the reading of a small endgame finds a winning move where the
    /// search's does not win ([`endgame_reading::better_move`], played instead); the move
    /// corrected for the end of the game ([`endgame::adjust`]);
    /// played when `play` is set, and pondered on then if asked.
    pub fn choose(&mut self, request: Request, play: bool) -> Result<SearchMove, PlayerError> {
        let color = request.color;
        // The endgame reading knows nothing of `avoid` and `allow`: a filtered search stands.
        let reading = if request.filter.is_empty() {
            self.options.endgame_nodes
        } else {
            0
        };
        let result = self.search(request);
        self.decide(color, &result, play, reading)
    }

    /// The move to make after `result`'s search ([`Player::choose`]), the endgame reading
    /// allowed `reading` nodes.
    fn decide(
        &mut self,
        color: Color,
        result: &SearchResult,
        play: bool,
        reading: u64,
    ) -> Result<SearchMove, PlayerError> {
        tracing::info!(
            "genmove {color}: {} playouts in {:.2}s, win rate {:.3}",
            result.playouts,
            result.elapsed.as_secs_f64(),
            result.winrate
        );
        // A move the reading of a small endgame reads as winning, where it reads the search's
        // as not winning, overrules the search (and any thought of resigning).
        let read = endgame_reading::better_move(&self.game, color, result.best, reading);
        let threshold = self.options.resign_threshold;
        let needed = resign_evidence(self.searches_by_network(color));
        let losing = read.is_none()
            && resigns(
                &self.game,
                threshold,
                result.playouts,
                needed,
                result.winrate,
            );
        // A pass cannot turn a lost game: waiting for a second low win rate only makes
        // sense when the search still has a board play to try.
        let confirmed = losing && (self.was_losing || result.best == SearchMove::Pass);
        self.was_losing = losing;
        if let (true, Some(t)) = (self.options.bank_time, self.options.time_per_move) {
            self.banked = (self.banked + t - result.elapsed.as_secs_f64()).max(0.0);
        }
        let choice = if let Some(p) = read {
            SearchMove::Play(p)
        } else if confirmed {
            SearchMove::Resign
        } else {
            if losing {
                tracing::info!("genmove {color}: losing, but resigning only if it stays so");
            }
            result.best
        };
        let best = endgame::adjust(&self.game, color, choice, || self.status());
        report(&self.game, color, best, result);
        let point = match best {
            SearchMove::Resign => return Ok(best),
            SearchMove::Pass => Point::PASS,
            SearchMove::Play(p) => p,
        };
        if play {
            self.game
                .play(color, point)
                .map_err(PlayerError::IllegalChoice)?;
            if self.options.ponder && !self.game.is_over() {
                self.start_pondering();
            }
        }
        Ok(best)
    }

    /// Forgets the search tree: the next search starts afresh (an analysis that must not
    /// depend on what was searched before).
    pub fn forget_tree(&mut self) {
        self.searcher.clear();
    }

    /// A search for the player to move as `genmove` makes it, with ownership; `None` when
    /// the move was clear without searching.
    pub fn snapshot(&mut self) -> Option<search::Snapshot> {
        // An observer that never reports still makes the search count ownership.
        let mut ignore = |_: &search::Snapshot| {};
        let request = Request {
            observer: Some((Duration::MAX, &mut ignore)),
            ..Request::new(self.game.to_move(), Limits::Move)
        };
        self.search(request).snapshot
    }

    /// Searches the position for the opponent in the background until
    /// [`Player::stop_pondering`], so that the tree the next move reuses has grown meanwhile.
    fn start_pondering(&mut self) {
        let stop = Arc::new(AtomicBool::new(false));
        let mut searcher = std::mem::take(&mut self.searcher);
        let game = self.game.clone();
        let params = self.search_params(game.to_move(), &Limits::UntilStopped, None);
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            let r = searcher.search(&game, game.to_move(), &params, &flag, None);
            tracing::debug!("pondered: {} playouts", r.playouts);
            searcher
        });
        self.pondering = Some(Pondering { handle, stop });
    }

    /// Ends the background search, if any, and takes its tree back.
    pub fn stop_pondering(&mut self) {
        if let Some(p) = self.pondering.take() {
            p.stop.store(true, std::sync::atomic::Ordering::SeqCst);
            match p.handle.join() {
                Ok(searcher) => self.searcher = searcher,
                Err(_) => tracing::error!("the pondering search panicked; starting afresh"),
            }
        }
    }

    /// A play of `color` against the opponent's dead stones, if any remain (KGS's cleanup
    /// phase).
    pub fn cleanup_play(&self, color: Color) -> Option<Point> {
        endgame::cleanup_play(&self.game, color, &self.status())
    }

    /// The player's judgement of the position: alive, dead, seki (cached per position).
    pub fn status(&self) -> std::rc::Rc<StatusMap> {
        let guard = self
            .options
            .score_time
            .map(|s| wall_clock::stop_after(Duration::from_secs_f64(s)));
        let allowance = Allowance::nodes(score::status::JUDGEMENT_NODES).with_guard(guard);
        self.judgement.of(&self.game, self.options.seed, allowance)
    }

    /// The result by the game's rules with the stones judged dead removed, as GTP and SGF
    /// spell it (`B+3.5`, `W+7`, `0`).
    pub fn final_score(&self) -> String {
        score::format_result(score::final_score(&self.game, &self.status()))
    }
}

/// The log target of the one line each move gets ([`report`]); `koan --quiet` silences it.
pub const MOVE_REPORT: &str = "move";

/// Logs one line about the move chosen for `color` after `result`'s search, as Pachi,
/// Leela Zero and KataGo print one: the move, its win rate, the expected score, the
/// playouts, the time and the principal variation.
fn report(game: &Game, color: Color, chosen: SearchMove, result: &SearchResult) {
    let board = game.board();
    let spell = |m: SearchMove| match m {
        SearchMove::Play(p) => board.vertex(p),
        SearchMove::Pass => "pass".to_string(),
        SearchMove::Resign => "resign".to_string(),
    };
    let Some(snap) = &result.snapshot else {
        tracing::info!(target: MOVE_REPORT, "{color} {}: chosen without a search", spell(chosen));
        return;
    };
    let lead = snap.score_lead;
    let leader = match (color, lead >= 0.0) {
        (Color::Black, true) | (Color::White, false) => "B",
        _ => "W",
    };
    let pv: Vec<String> = snap
        .moves
        .first()
        .map(|m| m.pv.iter().map(|&p| board.vertex(p)).collect())
        .unwrap_or_default();
    tracing::info!(
        target: MOVE_REPORT,
        "{color} {}: win rate {:.1}%, score {leader}+{:.1}, {} playouts in {:.2} s, pv {}",
        spell(chosen),
        result.winrate * 100.0,
        lead.abs(),
        result.playouts,
        result.elapsed.as_secs_f64(),
        if pv.is_empty() { "-".to_string() } else { pv.join(" ") }
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result_after(secs: f64) -> SearchResult {
        SearchResult {
            best: SearchMove::Play(Point(30)),
            playouts: 1000,
            winrate: 0.5,
            elapsed: Duration::from_secs_f64(secs),
            snapshot: None,
        }
    }

    #[test]
    fn banked_time_goes_to_later_moves_and_never_raises_the_average() {
        let mut player = Player::new(PlayerOptions {
            time_per_move: Some(1.0),
            bank_time: true,
            ..PlayerOptions::default()
        });
        player.clear_board();
        let secs = |d: Option<Duration>| d.unwrap().as_secs_f64();
        let first = player.search_params(Color::Black, &Limits::Move, None);
        assert_eq!((secs(first.max_time), secs(first.time_cap)), (1.0, 1.0));
        // An easy move took 0.2 s: 0.8 s banked; half of it goes to the next budget.
        player
            .decide(Color::Black, &result_after(0.2), false, 0)
            .unwrap();
        let next = player.search_params(Color::White, &Limits::Move, None);
        assert!((secs(next.max_time) - 1.4).abs() < 1e-6);
        assert!((secs(next.time_cap) - 1.8).abs() < 1e-6);
        // Spending the whole cap empties the bank: the total stays 2 s for two moves.
        player
            .decide(Color::White, &result_after(1.8), false, 0)
            .unwrap();
        let after = player.search_params(Color::Black, &Limits::Move, None);
        assert_eq!((secs(after.max_time), secs(after.time_cap)), (1.0, 1.0));
        // Without the option every move gets the time per move, no more.
        player.options_mut().bank_time = false;
        player
            .decide(Color::Black, &result_after(0.1), false, 0)
            .unwrap();
        let plain = player.search_params(Color::White, &Limits::Move, None);
        assert_eq!((secs(plain.max_time), secs(plain.time_cap)), (1.0, 1.0));
    }

    #[test]
    fn the_endgame_reading_overrules_a_losing_move() {
        use crate::search::endgame_reading::tests::{at, game};
        let mut player = Player::new(PlayerOptions::default());
        player.set_game(game("simple"));
        // The search lives at once at B9, with a win rate near 0.
        let g = player.game().clone();
        let living = SearchResult {
            best: SearchMove::Play(at(&g, "B9")),
            winrate: 0.0,
            ..result_after(0.1)
        };
        player.was_losing = true;
        let read = endgame_reading::DEFAULT_NODES;
        let chosen = player.decide(Color::Black, &living, false, read).unwrap();
        assert_eq!(chosen, SearchMove::Play(at(&g, "J6")));
        assert!(!player.was_losing);
        // Without the reading the search's move stands.
        let chosen = player.decide(Color::Black, &living, false, 0).unwrap();
        assert_eq!(chosen, living.best);
    }

    #[test]
    fn resigns_only_late_and_after_enough_playouts() {
        let mut g = crate::testkit::new_game(9, Ruleset::default());
        let mut moves = g.legal_plays(Color::Black).into_iter();
        for _ in 0..19 {
            let c = g.to_move();
            let m = moves.find(|&m| g.check(c, m).is_ok()).unwrap();
            g.play(c, m).unwrap();
        }
        let playouts = resign_evidence(false);
        assert!(!resigns(&g, 0.1, 10_000, playouts, 0.05));
        g.play(g.to_move(), Point::PASS).unwrap();
        assert!(resigns(&g, 0.1, 10_000, playouts, 0.05));
        assert!(!resigns(&g, 0.1, 1000, playouts, 0.05));
        assert!(!resigns(&g, 0.1, 10_000, playouts, 0.2));
        // A network's search resigns on far fewer simulations, but never on none.
        let evaluations = resign_evidence(true);
        assert!(resigns(&g, 0.1, 16, evaluations, 0.05));
        assert!(!resigns(&g, 0.1, 4, evaluations, 0.05));
        assert!(!resigns(&g, 0.1, 16, evaluations, 0.2));
        assert!(!resigns(&g, 0.0, 16, evaluations, 0.0));
    }
}
