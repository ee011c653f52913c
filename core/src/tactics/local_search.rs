//! One bounded AND-OR search for local questions: can the *prover*, against any defence,
//! reach its goal by alternating play in a small region? The end-of-game confirmation search
//! (can this string be captured?) and the ko classifier's virtual-force search (can this
//! player force uncapturable life here?) are both such questions, and both run on this
//! skeleton; each supplies only its own game through [`LocalGame`]: the moves it allows,
//! how a move changes the state (its ko rules included, judged with the rule table of
//! [`rules::ko`](crate::rules::ko)), when a state settles the question, and a key.
//!
//! Two drivers search a game. [`LocalSearch`] (the confirmation search's) is a depth-first
//! minimax over three values ([`Outcome`]), with a memo of settled states, a node budget and a
//! depth limit; past either limit the answer is [`Outcome::Unknown`], so a "yes" or "no" is
//! always exact. A game may also say what a state repeated on the line means
//! ([`SearchLimits::repetition`]); values that such a repetition helped decide depend on the
//! line and are not memoised. [`ProofNumberSearch`] (the ko classifier's) is a depth-first
//! proof-number search (df-pn) within the same limits and equally exact, for games whose keys
//! carry what their rules remember of the line. A search may also be given a guard
//! ([`Budget::set_guard`]), a caller's "stop now?" test: once it says stop, every open line
//! is [`Outcome::Unknown`]. The searches read no clock themselves (the node budget is what
//! bounds them, the same on any machine); a guard is the engine's outer limit, say a
//! wall-clock one.

use fxhash::FxHashMap;
use smallvec::SmallVec;
use std::fmt;
use std::sync::Arc;

/// The value of a state for the prover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The prover reaches its goal whatever the opponent does.
    Proved,
    /// The opponent stops it.
    Disproved,
    /// The search was cut off (node budget or depth limit).
    Unknown,
}

/// Candidate moves, best first (inline storage for the usual region sizes).
pub type Moves<M> = SmallVec<[M; 24]>;

/// A local game the search can play.
pub trait LocalGame {
    /// A state: position, player to move and whatever the game's rules remember.
    type State;
    /// A move (a board play or a pass).
    type Move: Copy;

    /// True when the prover is to move in `s`.
    fn prover_to_move(&self, s: &Self::State) -> bool;

    /// The outcome `s` settles by itself, before any move is tried (the goal reached or
    /// out of reach, a line that may not go on), or `None`.
    fn settled(&mut self, s: &Self::State) -> Option<Outcome>;

    /// The candidate moves in `s`, in the order to try them.
    fn moves(&mut self, s: &Self::State) -> Moves<Self::Move>;

    /// The state after `m`, or `None` when the game's rules forbid it there. It may record
    /// what the line remembers (fixed-ko transitions, say) for [`LocalGame::unplay`].
    fn play(&mut self, s: &Self::State, m: Self::Move) -> Option<Self::State>;

    /// Takes back what [`LocalGame::play`] recorded for the line.
    fn unplay(&mut self, _s: &Self::State, _m: Self::Move) {}

    /// Hands back a state the search is done with, which [`LocalGame::play`] may reuse
    /// (by default it is dropped).
    fn recycle(&mut self, _s: Self::State) {}

    /// The state's identity for the memo and for repetitions on the line.
    fn key(&self, s: &Self::State) -> u64;

    /// What `m` leads to in `s`, told without playing it when the game can do so cheaply
    /// (the proof-number search asks it for every move of a state it expands). The default
    /// is [`Peek::Play`]: play the move to see.
    fn peek(&mut self, _s: &Self::State, _m: Self::Move) -> Peek {
        Peek::Play
    }

    /// A coarser identity that the proof-number search uses only as a hint: states with
    /// equal hint keys (the same position with another history of the line, say) probably
    /// have similar values, so a state not searched yet starts from the numbers its hint key
    /// had elsewhere. It never decides a value; by default it is [`LocalGame::key`].
    fn hint_key(&self, s: &Self::State) -> u64 {
        self.key(s)
    }

    /// Work the game did since it was last asked that the search's node count does not see
    /// (positions it read to tell what they settle, say), in nodes, to be counted into the
    /// node budget so that the budget follows what a search costs. None by default.
    fn take_work(&mut self) -> usize {
        0
    }
}

/// What a move leads to, as [`LocalGame::peek`] tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Peek {
    /// The game's rules forbid the move.
    Illegal,
    /// The state after the move: its [`LocalGame::key`], its [`LocalGame::hint_key`] and
    /// what it settles by itself ([`LocalGame::settled`]).
    Known {
        /// The state's key.
        key: u64,
        /// The state's hint key.
        hint: u64,
        /// What the state settles, if anything.
        settled: Option<Outcome>,
    },
    /// Not known without playing the move.
    Play,
}

/// The bounds of a search and its reading of repetitions.
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    /// Longest line followed; deeper is [`Outcome::Unknown`].
    pub depth: usize,
    /// Most nodes counted ([`Budget::nodes`]); beyond is [`Outcome::Unknown`].
    pub nodes: usize,
    /// What a state repeated on the current line is worth, or `None` not to look.
    pub repetition: Option<Outcome>,
    /// Look the memo up only once a state is within the limits and counted as a node
    /// (`true`), or before the limits (`false`, and memo hits cost nothing).
    pub memo_after_limits: bool,
}

/// "No repetition took part" as a line index.
const NO_REPETITION: usize = usize::MAX;

/// The guard is asked once per this many expanded states (a power of two).
const GUARD_EVERY: usize = 64;

/// A caller's "stop now?" test, asked now and then while a search reads (a wall-clock
/// limit of the engine, say). The rules core supplies none: its limits are node budgets.
#[derive(Clone)]
pub struct StopTest(Arc<dyn Fn() -> bool + Send + Sync>);

impl StopTest {
    /// The test `stop`: true means stop reading now.
    pub fn new(stop: impl Fn() -> bool + Send + Sync + 'static) -> StopTest {
        StopTest(Arc::new(stop))
    }

    /// True when the caller wants the reading stopped now.
    pub fn stop_now(&self) -> bool {
        (self.0)()
    }
}

impl fmt::Debug for StopTest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("StopTest")
    }
}

/// The work a caller lets a series of readings do: the nodes they may still expand between
/// them, and the caller's guard, if any. A limit in nodes gives the same answers on any
/// machine and under any load; the guard is only an outer limit (see [`StopTest`]).
#[derive(Clone, Debug)]
pub struct Allowance {
    /// Nodes left.
    pub nodes: usize,
    /// The caller's "stop now?" test.
    pub guard: Option<StopTest>,
    /// True once the guard said stop.
    pub guard_stopped: bool,
}

impl Allowance {
    /// `nodes` nodes, no guard.
    pub fn nodes(nodes: usize) -> Allowance {
        Allowance {
            nodes,
            guard: None,
            guard_stopped: false,
        }
    }

    /// This allowance with `guard` as its outer limit.
    pub fn with_guard(mut self, guard: Option<StopTest>) -> Allowance {
        self.guard = guard;
        self
    }

    /// Lets `read` spend a part of this allowance, `nodes` at most (and the same guard),
    /// and counts here what it spent.
    pub fn with_part<T>(&mut self, nodes: usize, read: impl FnOnce(&mut Allowance) -> T) -> T {
        let mut part = Allowance {
            nodes: nodes.min(self.nodes),
            ..self.clone()
        };
        let given = part.nodes;
        let out = read(&mut part);
        self.nodes -= given - part.nodes.min(given);
        self.guard_stopped |= part.guard_stopped;
        out
    }

    /// Counts the nodes a search spent as spent, and whether its guard stopped it.
    pub fn spend(&mut self, budget: &Budget) {
        self.nodes = self.nodes.saturating_sub(budget.nodes);
        self.guard_stopped |= budget.guard_stopped;
    }

    /// True when nothing is left: no node, or the guard says stop (asked now).
    pub fn exhausted(&mut self) -> bool {
        if !self.guard_stopped && self.guard.as_ref().is_some_and(StopTest::stop_now) {
            self.guard_stopped = true;
        }
        self.nodes == 0 || self.guard_stopped
    }

    /// A search budget spending from this allowance: its guard (the node limit is the
    /// search's own, see [`SearchLimits::nodes`]).
    pub fn budget(&self) -> Budget {
        Budget {
            guard: self.guard.clone(),
            ..Budget::default()
        }
    }
}

/// The search's memory and counters; one per question (or cleared between questions).
#[derive(Debug)]
pub struct LocalSearch {
    limits: SearchLimits,
    memo: FxHashMap<u64, Outcome>,
    /// Keys of the states on the current line (only when repetitions are read).
    path: Vec<u64>,
    /// The node count and the guard.
    pub budget: Budget,
}

/// What a search has spent and may spend besides depth: the states it expanded, whether its
/// node budget stopped it, and its guard, if any, and whether that stopped it.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Nodes counted so far: one per state the depth-first search steps into; the
    /// proof-number search counts [`STEP_NODES`] per step, one more per move of each state
    /// it expands (telling what each move leads to is most of what a step costs when a
    /// state has many moves) and the work its game reports ([`LocalGame::take_work`]).
    pub nodes: usize,
    /// True once the node budget stopped some line.
    pub budget_hit: bool,
    /// The caller's "stop now?" test, if any.
    guard: Option<StopTest>,
    /// True once the guard stopped some line.
    pub guard_stopped: bool,
}

impl Budget {
    /// Stops expanding states once `guard` says stop (`None`: no guard); lines cut there
    /// are [`Outcome::Unknown`] and [`Budget::guard_stopped`] says so.
    pub fn set_guard(&mut self, guard: Option<StopTest>) {
        self.guard = guard;
    }

    /// True when the guard says stop (asked now, whatever the node count), or said so
    /// before.
    pub fn guard_says_stop(&mut self) -> bool {
        if !self.guard_stopped && self.guard.as_ref().is_some_and(StopTest::stop_now) {
            self.guard_stopped = true;
        }
        self.guard_stopped
    }

    /// True when the guard, asked once per [`GUARD_EVERY`] states, says stop (or it said
    /// so before).
    fn stopped_by_guard(&mut self) -> bool {
        self.guard_stopped || (self.nodes.is_multiple_of(GUARD_EVERY) && self.guard_says_stop())
    }
}

impl LocalSearch {
    /// A fresh search within `limits`.
    pub fn new(limits: SearchLimits) -> LocalSearch {
        LocalSearch {
            limits,
            memo: FxHashMap::default(),
            path: Vec::new(),
            budget: Budget::default(),
        }
    }

    /// Forgets the memo and the node count (the limits stay).
    pub fn reset(&mut self) {
        self.memo.clear();
        self.path.clear();
        self.budget.nodes = 0;
    }

    /// The value of `s`, reached at `depth` (its index on the line).
    pub fn solve<G: LocalGame>(&mut self, game: &mut G, s: &G::State, depth: usize) -> Outcome {
        self.solve_line(game, s, depth).0
    }

    /// The value of `s` and the lowest line index of a state whose repetition decided part
    /// of it ([`NO_REPETITION`] if none). A value is memoised only when no repetition of a
    /// state above it took part.
    fn solve_line<G: LocalGame>(
        &mut self,
        game: &mut G,
        s: &G::State,
        depth: usize,
    ) -> (Outcome, usize) {
        if let Some(v) = game.settled(s) {
            return (v, NO_REPETITION);
        }
        let key = game.key(s);
        if let Some(value) = self.limits.repetition {
            if let Some(i) = self.path.iter().position(|&k| k == key) {
                return (value, i);
            }
        }
        if !self.limits.memo_after_limits {
            if let Some(&v) = self.memo.get(&key) {
                return (v, NO_REPETITION);
            }
        }
        if depth >= self.limits.depth {
            return (Outcome::Unknown, NO_REPETITION);
        }
        if self.budget.nodes >= self.limits.nodes {
            self.budget.budget_hit = true;
            return (Outcome::Unknown, NO_REPETITION);
        }
        if self.budget.stopped_by_guard() {
            return (Outcome::Unknown, NO_REPETITION);
        }
        self.budget.nodes += 1;
        if self.limits.memo_after_limits {
            if let Some(&v) = self.memo.get(&key) {
                return (v, NO_REPETITION);
            }
        }
        let prover = game.prover_to_move(s);
        // The value if no move changes it: a player with no good move loses.
        let (mut result, wins) = if prover {
            (Outcome::Disproved, Outcome::Proved)
        } else {
            (Outcome::Proved, Outcome::Disproved)
        };
        let mut unknown = false;
        let mut floor = NO_REPETITION;
        let tracks_line = self.limits.repetition.is_some();
        if tracks_line {
            self.path.push(key);
        }
        for m in game.moves(s) {
            let Some(next) = game.play(s, m) else {
                continue;
            };
            let (v, f) = self.solve_line(game, &next, depth + 1);
            game.unplay(s, m);
            game.recycle(next);
            floor = floor.min(f);
            if v == wins {
                result = v;
                unknown = false;
                break;
            }
            if v == Outcome::Unknown {
                unknown = true;
            }
        }
        if tracks_line {
            self.path.pop();
        }
        if unknown {
            return (Outcome::Unknown, floor);
        }
        if floor >= depth {
            self.memo.insert(key, result);
            floor = NO_REPETITION;
        }
        (result, floor)
    }
}

/// A proof or disproof number that stands for "never" (the state is settled the other way).
const PN_INF: u64 = u64::MAX / 4;

/// Nodes one step of the proof-number search counts (re-entering a state, choosing its most
/// promising move and playing it costs about twice what telling one more move of a state
/// does, which counts one).
const STEP_NODES: usize = 2;

/// The largest number a hint ([`LocalGame::hint_key`]) gives a state not searched yet.
const HINT_CAP: u64 = 1000;

/// A depth-first proof-number search (df-pn) over a [`LocalGame`], the other driver of this
/// skeleton: instead of trying the moves in their given order to the end, it follows at every
/// state the move whose subtree looks cheapest to settle, measured by *proof numbers* (how many
/// more states must be proved for the prover to win) and *disproof numbers* (the same for the
/// opponent), and stops a subtree as soon as a sibling looks cheaper.
///
/// The numbers are kept in a table keyed by [`LocalGame::key`], so the key must carry
/// whatever the game's rules remember of the line (as the ko classifier's keys carry the
/// fixed-ko transitions made): states with equal keys are taken to be the same game, and a
/// line never meets its own key again (a repetition is not read; [`SearchLimits::repetition`]
/// is ignored). The moves of every expanded state, and whether each one settles the question
/// ([`LocalGame::settled`]), are kept too, so a state is expanded once.
///
/// The answer is exact or [`Outcome::Unknown`], as with [`LocalSearch`]: a state at the depth
/// limit is first counted as lost for the prover (so a proof found does not rest on it), and
/// if the search then disproves the start while some such state was met, it runs again with
/// those states counted as won (so the disproof does not rest on them either). The node
/// budget and the guard stop the search with an unknown answer.
pub struct ProofNumberSearch<M> {
    limits: SearchLimits,
    /// The entry of each state key met, in `entries`.
    slots: FxHashMap<u64, u32>,
    /// Per state met: its proof and disproof numbers (the table, see [`PnEntry`]) and its
    /// moves once expanded. The moves in `arena` learn their state's entry once it has one,
    /// so that reading a move's numbers again looks nothing up.
    entries: Vec<PnEntry>,
    /// The table's generation: an entry's numbers are in the table only when they were set
    /// in this generation (forgetting the table is starting a new one).
    generation: u32,
    /// The moves of all expanded states, state after state.
    arena: Vec<PnChild<M>>,
    /// The last numbers per hint key ([`LocalGame::hint_key`]).
    hints: Hints,
    /// What a state at the depth limit counts as in this pass.
    cut_value: Outcome,
    /// True once this pass counted a state at the depth limit.
    cut_met: bool,
    /// True when the table holds only a first pass's numbers that rest on no cut state, so
    /// the next search's first pass may go on from them.
    table_cut_free: bool,
    /// True when the table holds only a first pass's numbers, some of which rest on cut
    /// states (counted lost for the prover): [`ProofNumberSearch::solve_going_on`]'s first
    /// pass may go on from them.
    table_first_pass: bool,
    /// True once the budget or the guard stopped the search.
    stopped: bool,
    /// The node count (all passes) and the guard.
    pub budget: Budget,
}

/// Proof and disproof numbers by hint key ([`LocalGame::hint_key`]): what a proof-number
/// search learnt that another search of a similar game may start from.
pub type Hints = FxHashMap<u64, (u64, u64)>;

/// What the search keeps of one state (by key).
#[derive(Clone, Copy, Debug)]
struct PnEntry {
    /// Proof and disproof numbers, when `generation` is the table's.
    numbers: (u64, u64),
    /// The table generation in which `numbers` were set (0: never).
    generation: u32,
    /// Where the state's moves start in the arena, when it was expanded.
    start: u32,
    /// How many moves it has, or [`NOT_EXPANDED`].
    len: u32,
}

/// [`PnEntry::len`] of a state not expanded yet.
const NOT_EXPANDED: u32 = u32::MAX;

/// [`PnChild::slot`] of a move whose state has no entry yet.
const NO_SLOT: u32 = u32::MAX;

/// One move of an expanded state.
#[derive(Clone, Copy, Debug)]
struct PnChild<M> {
    m: M,
    /// The entry of the state the move leads to, once it has one, or [`NO_SLOT`].
    slot: u32,
    /// The key of the state the move leads to.
    key: u64,
    /// Its hint key.
    hint: u64,
    /// The value that state settles by itself, if any.
    settled: Option<Outcome>,
}

impl<M: Copy> ProofNumberSearch<M> {
    /// A fresh search within `limits`.
    pub fn new(limits: SearchLimits) -> ProofNumberSearch<M> {
        ProofNumberSearch {
            limits,
            slots: FxHashMap::default(),
            entries: Vec::new(),
            generation: 1,
            arena: Vec::new(),
            hints: FxHashMap::default(),
            cut_value: Outcome::Disproved,
            cut_met: false,
            table_cut_free: false,
            table_first_pass: false,
            stopped: false,
            budget: Budget::default(),
        }
    }

    /// The most nodes the search counts (all passes, all solves) before it stops.
    pub fn node_limit(&self) -> usize {
        self.limits.nodes
    }

    /// Sets the most nodes the search counts before it stops (for a reading in parts: once
    /// a part's limit stopped a solve, raise it and clear [`Budget::budget_hit`] to go on).
    pub fn set_node_limit(&mut self, nodes: usize) {
        self.limits.nodes = nodes;
    }

    /// Starts from `hints` (say, another search's of a similar game), in place of its own.
    pub fn set_hints(&mut self, hints: Hints) {
        self.hints = hints;
    }

    /// Gives up the hints learnt so far (for another search to start from).
    pub fn take_hints(&mut self) -> Hints {
        std::mem::take(&mut self.hints)
    }

    /// Forgets the tables and the node count (the limits and the guard stay).
    pub fn reset(&mut self) {
        self.slots.clear();
        self.entries.clear();
        self.generation = 1;
        self.table_cut_free = false;
        self.table_first_pass = false;
        self.arena.clear();
        self.hints.clear();
        self.stopped = false;
        self.budget.nodes = 0;
        self.budget.budget_hit = false;
    }

    /// The value of `s`, reached at `depth` (its index on the line). `s` itself is expanded
    /// without asking [`LocalGame::settled`] (the caller has, or `s` is a start whose own
    /// position the game's rules read differently); the states below it are asked.
    pub fn solve<G: LocalGame<Move = M>>(
        &mut self,
        game: &mut G,
        s: &G::State,
        depth: usize,
    ) -> Outcome {
        self.solve_from(game, s, depth, false)
    }

    /// [`ProofNumberSearch::solve`], its first pass going on from an earlier first pass's
    /// numbers even when some rest on cut states (a solve cut short by the node limit, say):
    /// counted lost for the prover there as in this pass, they leave every proof a proof,
    /// and a disproof is read again with the cut states won, as when this pass meets one.
    pub fn solve_going_on<G: LocalGame<Move = M>>(
        &mut self,
        game: &mut G,
        s: &G::State,
        depth: usize,
    ) -> Outcome {
        self.solve_from(game, s, depth, true)
    }

    /// [`ProofNumberSearch::solve`], or [`ProofNumberSearch::solve_going_on`] when
    /// `going_on`.
    fn solve_from<G: LocalGame<Move = M>>(
        &mut self,
        game: &mut G,
        s: &G::State,
        depth: usize,
        going_on: bool,
    ) -> Outcome {
        self.stopped = false;
        for cut_value in [Outcome::Disproved, Outcome::Proved] {
            // The first pass keeps what an earlier first pass that met no cut state found
            // (nothing there rests on one), or going on, what any earlier first pass found;
            // the second always starts afresh.
            let first = cut_value == Outcome::Disproved;
            let kept_cuts = first && going_on && self.table_first_pass && !self.table_cut_free;
            if !first || !(self.table_cut_free || kept_cuts) {
                self.generation += 1;
            }
            self.cut_value = cut_value;
            self.cut_met = kept_cuts;
            let (pn, dn) = loop {
                let (pn, dn) = self.mid(game, s, depth, PN_INF, PN_INF);
                if pn == 0 || dn == 0 || self.stopped {
                    break (pn, dn);
                }
            };
            self.table_cut_free = cut_value == Outcome::Disproved && !self.cut_met;
            self.table_first_pass = cut_value == Outcome::Disproved;
            if self.stopped {
                return Outcome::Unknown;
            }
            if pn == 0 {
                // A proof with the cut states lost is a proof; one with them won is not.
                return if cut_value == Outcome::Disproved {
                    Outcome::Proved
                } else {
                    Outcome::Unknown
                };
            }
            if dn == 0 && !self.cut_met {
                return Outcome::Disproved;
            }
            if cut_value == Outcome::Proved {
                return Outcome::Disproved;
            }
        }
        Outcome::Unknown
    }

    /// After [`ProofNumberSearch::solve`] proved `s` with the prover to move: the first of
    /// `s`'s moves (in the game's order) that the search proved wins.
    pub fn winning_move<G: LocalGame<Move = M>>(&self, game: &G, s: &G::State) -> Option<M> {
        self.winning_moves(game, s).next()
    }

    /// After [`ProofNumberSearch::solve`] proved `s` with the prover to move: each of `s`'s
    /// moves that the search proved wins, in the game's order.
    pub fn winning_moves<'a, G: LocalGame<Move = M>>(
        &'a self,
        game: &G,
        s: &G::State,
    ) -> impl Iterator<Item = M> + 'a {
        let children = match self.slots.get(&game.key(s)) {
            Some(&slot) if self.entries[slot as usize].len != NOT_EXPANDED => {
                let e = self.entries[slot as usize];
                &self.arena[e.start as usize..(e.start + e.len) as usize]
            }
            _ => &[],
        };
        children
            .iter()
            .filter(|c| match c.settled {
                Some(v) => v == Outcome::Proved,
                None => self.numbers(c.key).is_some_and(|(pn, _)| pn == 0),
            })
            .map(|c| c.m)
    }

    /// The entry of `key`, made if there is none.
    fn slot(&mut self, key: u64) -> usize {
        let entries = &mut self.entries;
        *self.slots.entry(key).or_insert_with(|| {
            entries.push(PnEntry {
                numbers: (1, 1),
                generation: 0,
                start: 0,
                len: NOT_EXPANDED,
            });
            (entries.len() - 1) as u32
        }) as usize
    }

    /// The numbers of the entry `slot`, if the table has them.
    fn numbers_at(&self, slot: usize) -> Option<(u64, u64)> {
        let e = &self.entries[slot];
        (e.generation == self.generation).then_some(e.numbers)
    }

    /// The numbers of `key`, if the table has them.
    fn numbers(&self, key: u64) -> Option<(u64, u64)> {
        self.numbers_at(*self.slots.get(&key)? as usize)
    }

    /// Puts `numbers` in the table for the entry `slot`.
    fn set_numbers(&mut self, slot: usize, numbers: (u64, u64)) {
        let generation = self.generation;
        let e = &mut self.entries[slot];
        e.numbers = numbers;
        e.generation = generation;
    }

    /// The moves of `s` (expanded once): each legal move, the key it leads to and what that
    /// state settles; where they start in the arena and how many.
    fn expand<G: LocalGame<Move = M>>(
        &mut self,
        game: &mut G,
        s: &G::State,
        slot: usize,
    ) -> (usize, usize) {
        let e = self.entries[slot];
        if e.len != NOT_EXPANDED {
            return (e.start as usize, e.len as usize);
        }
        let start = self.arena.len();
        for m in game.moves(s) {
            let peek = game.peek(s, m);
            #[cfg(debug_assertions)]
            if peek != Peek::Play {
                // What the game tells without playing must be what playing shows.
                let played = game.play(s, m).map(|next| {
                    let seen = (game.key(&next), game.hint_key(&next), game.settled(&next));
                    game.unplay(s, m);
                    seen
                });
                let told = match peek {
                    Peek::Known { key, hint, settled } => Some((key, hint, settled)),
                    _ => None,
                };
                debug_assert_eq!(told, played, "peek disagrees with play");
            }
            let (key, hint, settled) = match peek {
                Peek::Illegal => continue,
                Peek::Known { key, hint, settled } => (key, hint, settled),
                Peek::Play => {
                    let Some(next) = game.play(s, m) else {
                        continue;
                    };
                    let seen = (game.key(&next), game.hint_key(&next), game.settled(&next));
                    game.unplay(s, m);
                    game.recycle(next);
                    seen
                }
            };
            self.arena.push(PnChild {
                m,
                slot: NO_SLOT,
                key,
                hint,
                settled,
            });
        }
        let len = self.arena.len() - start;
        // Each move told is counted: a state with many moves costs more to expand.
        self.budget.nodes += len;
        let e = &mut self.entries[slot];
        (e.start, e.len) = (start as u32, len as u32);
        (start, len)
    }

    /// The numbers of the move `i` of the arena, of a state at `depth`.
    fn child_numbers(&mut self, i: usize, depth: usize) -> (u64, u64) {
        let c = self.arena[i];
        let value = match c.settled {
            Some(v) => Some(v),
            None if depth + 1 >= self.limits.depth => {
                self.cut_met = true;
                Some(self.cut_value)
            }
            None => None,
        };
        match value {
            Some(Outcome::Proved) => (0, PN_INF),
            Some(Outcome::Disproved) => (PN_INF, 0),
            // A game's own "unknown" counts as a cut state.
            Some(Outcome::Unknown) => {
                self.cut_met = true;
                if self.cut_value == Outcome::Proved {
                    (0, PN_INF)
                } else {
                    (PN_INF, 0)
                }
            }
            None => match self.child_table_numbers(i, c) {
                Some(v) => v,
                // A settled hint only leans: a hinted win costs 1 and its refutation much.
                None => match self.hints.get(&c.hint) {
                    Some(&(pn, dn)) => (pn.clamp(1, HINT_CAP), dn.clamp(1, HINT_CAP)),
                    None => (1, 1),
                },
            },
        }
    }

    /// The table's numbers of the state the move `i` (`c`) of the arena leads to, if any;
    /// the move learns its state's entry once it has one.
    #[inline]
    fn child_table_numbers(&mut self, i: usize, c: PnChild<M>) -> Option<(u64, u64)> {
        let slot = if c.slot != NO_SLOT {
            c.slot
        } else {
            let slot = *self.slots.get(&c.key)?;
            self.arena[i].slot = slot;
            slot
        };
        self.numbers_at(slot as usize)
    }

    /// Nagai's multiple iterative deepening: works on `s` until its proof number reaches
    /// `th_pn` or its disproof number `th_dn` (or the search is stopped), and returns them.
    fn mid<G: LocalGame<Move = M>>(
        &mut self,
        game: &mut G,
        s: &G::State,
        depth: usize,
        th_pn: u64,
        th_dn: u64,
    ) -> (u64, u64) {
        let key = game.key(s);
        let hint = game.hint_key(s);
        if self.budget.nodes >= self.limits.nodes {
            self.budget.budget_hit = true;
            self.stopped = true;
        } else if self.budget.stopped_by_guard() {
            self.stopped = true;
        }
        let slot = self.slot(key);
        if self.stopped {
            return self.numbers_at(slot).unwrap_or((1, 1));
        }
        self.budget.nodes += STEP_NODES;
        let (start, len) = self.expand(game, s, slot);
        self.budget.nodes += game.take_work();
        let prover = game.prover_to_move(s);
        if len == 0 {
            // A player with no move loses.
            let v = if prover { (PN_INF, 0) } else { (0, PN_INF) };
            self.set_numbers(slot, v);
            return v;
        }
        loop {
            // The best child (least proof number for the prover, least disproof number for
            // the opponent), the runner-up's number, and the sum of the other numbers.
            let mut best = start;
            let (mut first, mut second) = (PN_INF, PN_INF);
            let (mut best_pn, mut best_dn) = (PN_INF, PN_INF);
            let mut sum: u64 = 0;
            for i in start..start + len {
                let (cp, cd) = self.child_numbers(i, depth);
                let (own, other) = if prover { (cp, cd) } else { (cd, cp) };
                // A sum of finite numbers stays finite, however large (the same state may
                // be counted along several paths).
                sum = if other >= PN_INF || sum >= PN_INF {
                    PN_INF
                } else {
                    sum.saturating_add(other).min(PN_INF - 1)
                };
                if own < first {
                    second = first;
                    first = own;
                    best = i;
                    (best_pn, best_dn) = (cp, cd);
                } else if own < second {
                    second = own;
                }
            }
            let (pn, dn) = if prover { (first, sum) } else { (sum, first) };
            if pn >= th_pn || dn >= th_dn || self.stopped {
                self.set_numbers(slot, (pn, dn));
                self.hints.insert(hint, (pn, dn));
                return (pn, dn);
            }
            let (c_th_pn, c_th_dn) = if prover {
                (
                    th_pn.min(widen(second)),
                    (th_dn - dn).saturating_add(best_dn).min(PN_INF - 1),
                )
            } else {
                (
                    (th_pn - pn).saturating_add(best_pn).min(PN_INF - 1),
                    th_dn.min(widen(second)),
                )
            };
            let m = self.arena[best].m;
            match game.play(s, m) {
                Some(next) => {
                    self.mid(game, &next, depth + 1, c_th_pn, c_th_dn);
                    game.unplay(s, m);
                    game.recycle(next);
                }
                // Refused now though allowed when expanded: the game's rules changed their
                // mind (they should not); count the move as lost for its player.
                None => {
                    let lost = if prover { (PN_INF, 0) } else { (0, PN_INF) };
                    let child = self.slot(self.arena[best].key);
                    self.set_numbers(child, lost);
                }
            }
        }
    }
}

/// The threshold a best child gets from its runner-up's number `second`: a little above it
/// (the "1 + epsilon" trick of Pawlewicz and Lew), so that the search does not return to the
/// parent each time the two swap places by one; any threshold keeps the answer exact, this
/// one only saves re-entries.
fn widen(second: u64) -> u64 {
    second.saturating_add(1.max(second / 4)).min(PN_INF - 1)
}

/// Mixes two 64-bit values into one key (for the games' state keys).
#[inline]
pub fn mix(a: u64, b: u64) -> u64 {
    let x = a.rotate_left(23) ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x.wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ (x >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim with one heap: take 1 or 2; whoever takes the last wins. The prover moves first
    /// and wins unless the heap is a multiple of 3.
    struct Nim;

    impl LocalGame for Nim {
        type State = (u32, bool);
        type Move = u32;
        fn prover_to_move(&self, s: &(u32, bool)) -> bool {
            s.1
        }
        fn settled(&mut self, s: &(u32, bool)) -> Option<Outcome> {
            // The player who just took the last stone won.
            (s.0 == 0).then_some(if s.1 {
                Outcome::Disproved
            } else {
                Outcome::Proved
            })
        }
        fn moves(&mut self, s: &(u32, bool)) -> Moves<u32> {
            (1..=2.min(s.0)).collect()
        }
        fn play(&mut self, s: &(u32, bool), m: u32) -> Option<(u32, bool)> {
            Some((s.0 - m, !s.1))
        }
        fn key(&self, s: &(u32, bool)) -> u64 {
            mix(s.0 as u64, s.1 as u64)
        }
    }

    fn limits(depth: usize, nodes: usize) -> SearchLimits {
        SearchLimits {
            depth,
            nodes,
            repetition: None,
            memo_after_limits: false,
        }
    }

    /// Both drivers solve Nim exactly; the proof-number search also names the winning move,
    /// which leaves a multiple of 3.
    #[test]
    fn nim_is_solved_exactly() {
        for heap in 1..30 {
            let want = if heap % 3 == 0 {
                Outcome::Disproved
            } else {
                Outcome::Proved
            };
            let mut search = LocalSearch::new(limits(100, 10_000));
            let plain = search.solve(&mut Nim, &(heap, true), 0);
            let mut search = ProofNumberSearch::new(limits(100, 10_000));
            let pn = search.solve(&mut Nim, &(heap, true), 0);
            assert_eq!((plain, pn), (want, want), "heap {heap}");
            if want == Outcome::Proved {
                assert_eq!(search.winning_move(&Nim, &(heap, true)), Some(heap % 3));
            }
        }
    }

    #[test]
    fn limits_give_unknown_never_a_wrong_answer() {
        let mut search = LocalSearch::new(limits(3, 10_000));
        assert_eq!(search.solve(&mut Nim, &(20, true), 0), Outcome::Unknown);
        let mut search = LocalSearch::new(limits(100, 2));
        assert_eq!(search.solve(&mut Nim, &(20, true), 0), Outcome::Unknown);
        assert!(search.budget.budget_hit);
    }

    #[test]
    fn proof_numbers_within_limits_give_unknown_never_a_wrong_answer() {
        // Lines longer than the depth limit: neither a proof nor a disproof rests on them.
        let mut search = ProofNumberSearch::new(limits(3, 10_000));
        assert_eq!(search.solve(&mut Nim, &(20, true), 0), Outcome::Unknown);
        assert!(!search.budget.budget_hit);
        // Within the depth limit the cut lines do not matter: heap 2 is won at once, heap 3
        // lost within two plies.
        let mut search = ProofNumberSearch::new(limits(3, 10_000));
        assert_eq!(search.solve(&mut Nim, &(2, true), 0), Outcome::Proved);
        assert_eq!(search.solve(&mut Nim, &(3, true), 0), Outcome::Disproved);
        let mut search = ProofNumberSearch::new(limits(100, 2));
        assert_eq!(search.solve(&mut Nim, &(20, true), 0), Outcome::Unknown);
        assert!(search.budget.budget_hit);
        let mut search = ProofNumberSearch::<u32>::new(limits(100, 10_000));
        search.budget.set_guard(Some(StopTest::new(|| true)));
        assert_eq!(search.solve(&mut Nim, &(20, true), 0), Outcome::Unknown);
        assert!(search.budget.guard_stopped);
    }

    #[test]
    fn a_guard_saying_stop_gives_unknown() {
        let mut search = LocalSearch::new(limits(100, 10_000));
        search.budget.set_guard(Some(StopTest::new(|| true)));
        assert_eq!(search.solve(&mut Nim, &(20, true), 0), Outcome::Unknown);
        assert!(search.budget.guard_stopped);
        assert!(!search.budget.budget_hit);
        // A guard that never says stop, or none, lets the same search answer.
        for guard in [Some(StopTest::new(|| false)), None] {
            let mut search = LocalSearch::new(limits(100, 10_000));
            search.budget.set_guard(guard);
            assert_eq!(search.solve(&mut Nim, &(20, true), 0), Outcome::Proved);
            assert!(!search.budget.guard_stopped);
        }
    }
}
