//! One bounded AND-OR search for local questions: can the *prover*, against any defence,
//! reach its goal by alternating play in a small region? The end-of-game confirmation search
//! (can this string be captured?) and the ko classifier's virtual-force search (can this
//! player force uncapturable life here?) are both such questions, and both run on this
//! skeleton; each supplies only its own game through [`LocalGame`]: the moves it allows,
//! how a move changes the state (its ko rules included, judged with the rule table of
//! [`rules::ko`](crate::rules::ko)), when a state settles the question, and a key.
//!
//! The search is a depth-first minimax over three values ([`Outcome`]), with a memo of
//! settled states, a node budget and a depth limit; past either limit the answer is
//! [`Outcome::Unknown`], so a "yes" or "no" is always exact. A game may also say what a state
//! repeated on the line means ([`SearchLimits::repetition`]); values that such a repetition
//! helped decide depend on the line and are not memoised. A search may also be given a
//! deadline ([`LocalSearch::set_deadline`]): past it every open line is [`Outcome::Unknown`].

use fxhash::FxHashMap;
use smallvec::SmallVec;
use std::time::Instant;

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

    /// The state's identity for the memo and for repetitions on the line.
    fn key(&self, s: &Self::State) -> u64;
}

/// The bounds of a search and its reading of repetitions.
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    /// Longest line followed; deeper is [`Outcome::Unknown`].
    pub depth: usize,
    /// Most states expanded; beyond is [`Outcome::Unknown`].
    pub nodes: usize,
    /// What a state repeated on the current line is worth, or `None` not to look.
    pub repetition: Option<Outcome>,
    /// Look the memo up only once a state is within the limits and counted as a node
    /// (`true`), or before the limits (`false`, and memo hits cost nothing).
    pub memo_after_limits: bool,
}

/// "No repetition took part" as a line index.
const NO_REPETITION: usize = usize::MAX;

/// The clock is read once per this many expanded states (a power of two).
const CLOCK_EVERY: usize = 64;

/// The search's memory and counters; one per question (or cleared between questions).
#[derive(Debug)]
pub struct LocalSearch {
    limits: SearchLimits,
    memo: FxHashMap<u64, Outcome>,
    /// Keys of the states on the current line (only when repetitions are read).
    path: Vec<u64>,
    /// States expanded so far.
    pub nodes: usize,
    /// True once the node budget stopped some line.
    pub budget_hit: bool,
    /// The time after which no state is expanded, if any.
    deadline: Option<Instant>,
    /// True once the deadline stopped some line.
    pub timed_out: bool,
}

impl LocalSearch {
    /// A fresh search within `limits`.
    pub fn new(limits: SearchLimits) -> LocalSearch {
        LocalSearch {
            limits,
            memo: FxHashMap::default(),
            path: Vec::new(),
            nodes: 0,
            budget_hit: false,
            deadline: None,
            timed_out: false,
        }
    }

    /// Stops expanding states at `deadline` (`None`: no deadline); lines cut there are
    /// [`Outcome::Unknown`] and [`LocalSearch::timed_out`] says so.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// True when the deadline has passed (read now, whatever the node count).
    pub fn past_deadline(&mut self) -> bool {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// Forgets the memo and the node count (the limits stay).
    pub fn reset(&mut self) {
        self.memo.clear();
        self.path.clear();
        self.nodes = 0;
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
        if self.nodes >= self.limits.nodes {
            self.budget_hit = true;
            return (Outcome::Unknown, NO_REPETITION);
        }
        if self.timed_out || (self.nodes.is_multiple_of(CLOCK_EVERY) && self.past_deadline()) {
            return (Outcome::Unknown, NO_REPETITION);
        }
        self.nodes += 1;
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

    #[test]
    fn nim_is_solved_exactly() {
        for heap in 1..30 {
            let mut search = LocalSearch::new(limits(100, 10_000));
            let want = if heap % 3 == 0 {
                Outcome::Disproved
            } else {
                Outcome::Proved
            };
            assert_eq!(
                search.solve(&mut Nim, &(heap, true), 0),
                want,
                "heap {heap}"
            );
        }
    }

    #[test]
    fn limits_give_unknown_never_a_wrong_answer() {
        let mut search = LocalSearch::new(limits(3, 10_000));
        assert_eq!(search.solve(&mut Nim, &(20, true), 0), Outcome::Unknown);
        let mut search = LocalSearch::new(limits(100, 2));
        assert_eq!(search.solve(&mut Nim, &(20, true), 0), Outcome::Unknown);
        assert!(search.budget_hit);
    }

    #[test]
    fn a_passed_deadline_gives_unknown() {
        let mut search = LocalSearch::new(limits(100, 10_000));
        search.set_deadline(Some(Instant::now()));
        assert_eq!(search.solve(&mut Nim, &(20, true), 0), Outcome::Unknown);
        assert!(search.timed_out);
        assert!(!search.budget_hit);
        // Without a deadline the same search answers.
        let mut search = LocalSearch::new(limits(100, 10_000));
        search.set_deadline(None);
        assert_eq!(search.solve(&mut Nim, &(20, true), 0), Outcome::Proved);
        assert!(!search.timed_out);
    }
}
