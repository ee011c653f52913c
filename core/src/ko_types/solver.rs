//! The virtual-force search: can player Z, moving first in alternating local play, reach
//! uncapturable life of Z on a set of points whatever the opponent does?
//!
//! A local game with local rules of its own, not the game's: it does not ask the game's
//! [`Judge`](crate::rules::judge::Judge); its ko conditions are written in the rules layer's
//! words (below).
//!
//! Plays are board plays on the region's empty points (suicide forbidden) or passes. Within
//! the line: a board play may not repeat a (before, after) transition made earlier in the
//! line (fixed ko); a single-stone recapture of a basic ko right after the opponent's ko
//! capture is banned (basic ko; a pass in between lifts the ban), except that Z may recapture
//! in the classified ko immediately unless Z's own previous move was a ko capture in another
//! ko (the Released Ko Rule, Z only). A line fails for Z when a board play recreates the
//! starting position, when a third pass in a row is made, or when it reaches a *locked seki*
//! without Z having reached the goal: every empty point of the region is a liberty of a
//! Black and of a White string, and a play there by either player is a self-atari the other
//! captures (not a snapback), so the strings on the goal live in seki, not uncapturably,
//! and only a sacrifice could change that (the search does not read it). The goal is checked
//! after every move and at the start.
//!
//! The search is the proof-number driver of the shared local search
//! ([`ProofNumberSearch`] in [`tactics::local_search`](crate::tactics::local_search)), Z
//! being the prover; the fixed-ko and basic-ko conditions are the rule table's
//! ([`ko::transition_bans`], with the board's ko point as the fast path for basic ko). Its
//! table is keyed by position, side to move, pass count, simple-ko ban, Z's released-ko
//! state and the hash of the set of transitions a position to come may repeat: while every
//! capture of the line took only a stone of the classified ko's two points, its stones
//! elsewhere only grow, and only the transitions since its last play off the ko's points
//! count; once another capture is made, those and all since. So lines that reach a
//! position by different orders of the same plays share a value, and a move that could
//! repeat a transition left out (from a position that came back, a snapback say) ends its
//! line unknown ([`VirtualForce::recurred`]); the same key without the transitions
//! is the search's hint ([`LocalGame::hint_key`]): a state not searched yet starts from the
//! proof and disproof numbers the same position had with another history, which steers
//! the search to the refutations found there without trusting them.
//!
//! A pruning keeps "no" answers within reach (sound whatever the line's history): a
//! position where a goal point is held for good by the opponent ([`goal_out_of_reach`]) is
//! a loss for Z at once. A move that decides at once needs no ordering: expanding a node
//! asks every move's position whether it settles the question.

use super::position_values::PositionValues;
use super::walls::{JudgedWalls, RegionIndex};
use super::{
    goal_out_of_reach_counted, goal_out_of_reach_judged, has_uncapturable_life_counted,
    has_uncapturable_life_judged, region_judged, target_points, Answer, BasicKo, Target,
};
use super::{Cutoff, MAX_DEPTH, NODE_BUDGET};
use crate::board::{After, Board, Cell, Color, LineBoard, Point, Stamps, SuicideRule};
use crate::rules::ko;
use crate::tactics::local_search::{
    mix, Allowance, Budget, Hints, LocalGame, Moves, Outcome, Peek, ProofNumberSearch, SearchLimits,
};
use crate::tactics::seki::no_approach_on;
use fxhash::FxHashMap;
use smallvec::SmallVec;

/// One position in a line of play.
struct Node {
    /// A spare node is refilled from its next parent by copying only the cells that differ
    /// (see [`LineBoard`]).
    board: LineBoard,
    to_move: Color,
    /// Passes in a row just made.
    passes: u8,
    /// Z's previous move was a ko capture in a ko other than the classified one.
    z_other_ko: bool,
    /// XOR of the transition keys made so far that a position to come may repeat: while the
    /// line is `free`, those since its last play off the classified ko's two points; once
    /// it is not, those and all since (from the start when the reading shares no
    /// transpositions, see [`VirtualForce::share`]).
    trans_hash: u64,
    /// Every capture of the line took only a stone of the classified ko's two points (and
    /// the reading shares transpositions): the stones elsewhere only grow.
    free: bool,
    /// Black's and White's stones on the board, less those of the start position.
    stones: [i16; 2],
    /// [`Node::stones`] of the line's last free position.
    free_stones: [i16; 2],
    /// The position may be one that a line went through while free
    /// ([`VirtualForce::may_recur`]).
    recurs: bool,
    /// The move that led here may repeat a transition that some line sharing this state
    /// made while free and left out of its key: the line ends with an unknown value.
    doubtful: bool,
    /// The move that led here captured a judged wall: the line ends with an unknown value.
    wall_taken: bool,
    /// Plies from the game's root.
    depth: usize,
}

impl Node {
    /// A copy of `source` (its board refilled from `source`'s, see [`LineBoard`]).
    fn copy_of(source: &Node, stamps: &mut Stamps) -> Node {
        Node {
            board: LineBoard::copy_of(&source.board, stamps),
            to_move: source.to_move,
            passes: source.passes,
            z_other_ko: source.z_other_ko,
            trans_hash: source.trans_hash,
            free: source.free,
            stones: source.stones,
            free_stones: source.free_stones,
            recurs: source.recurs,
            doubtful: source.doubtful,
            wall_taken: source.wall_taken,
            depth: source.depth,
        }
    }

    /// Makes this node a copy of `source`.
    fn refill_from(&mut self, source: &Node, stamps: &mut Stamps) {
        self.board.refill_from(&source.board, stamps);
        self.to_move = source.to_move;
        self.passes = source.passes;
        self.z_other_ko = source.z_other_ko;
        self.trans_hash = source.trans_hash;
        self.free = source.free;
        self.stones = source.stones;
        self.free_stones = source.free_stones;
        self.recurs = source.recurs;
        self.doubtful = source.doubtful;
        self.wall_taken = source.wall_taken;
        self.depth = source.depth;
    }
}

/// The virtual-force game: Z, the prover, plays for uncapturable life on the goal.
struct VirtualForce {
    z: Color,
    ko: BasicKo,
    goal: Vec<Point>,
    region: Vec<Point>,
    /// Each region point's place in `region`.
    region_index: RegionIndex,
    start_hash: u64,
    /// The (before, after) transitions of the board plays on the line.
    transitions: Transitions,
    /// [`VirtualForce::position_value`] per position.
    values: PositionValues,
    /// [`VirtualForce::ordered_moves`] per position and side to move.
    order_cache: FxHashMap<(u64, bool), Moves<Point>>,
    /// Apply the two prunings (off only to cross-check them in tests).
    prune: bool,
    /// Share transpositions: the keys of a line's states leave out the transitions no
    /// position to come can repeat while the line is free (see [`Node::free`],
    /// [`VirtualForce::recurred`]).
    share: bool,
    /// True once some line met a doubtful move ([`Node::doubtful`]): a move from a position
    /// reached once the line is no longer free that may be one some line went through while
    /// free ([`VirtualForce::may_recur`]), which may repeat a transition that line made
    /// there and left out of its key. Lines that share values may differ on whether it is banned, so it ends its
    /// line with an unknown value (as a cut line does); an answer left unknown is then
    /// read again without sharing.
    recurred: bool,
    /// The stones of the start position off the classified ko's two points.
    start_stones: Vec<(Point, Cell)>,
    /// The current line's last free position ([`Node::free`]), once it is no longer free.
    free_board: Option<Box<Board>>,
    /// Where the current line's play that ended its freedom is among its transitions.
    free_at: Option<usize>,
    /// Strings judged alive, treated as uncapturable.
    walls: JudgedWalls,
    /// The region's rim when judged walls bound it ([`JudgedWalls::rim`]): the empty points
    /// just outside it where a string's last liberty may come to lie; empty in an exact
    /// reading. Set with the walls ([`VirtualForce::set_walls`]).
    rim: Vec<Point>,
    /// A stone of the judged wall string each capture took, as it stood then (the point
    /// next to the capturing play; a string taken in several lines may be named again).
    /// Not empty once some line captured a judged wall (the line ends there, its value
    /// unknown).
    walls_taken: Vec<Point>,
    /// Nodes the search is done with, to be reused by [`LocalGame::play`] without
    /// allocating, by depth: a spare node of a depth was last a child of a node of the
    /// line above, mostly the parent of the next child or a sibling of it, so that it is
    /// refilled by copying a few cells only (see [`LineBoard`]).
    spare: Vec<Vec<Node>>,
    /// The stamps of the nodes' boards (see [`LineBoard`]).
    stamps: Stamps,
    /// What each board play of the node last asked for its moves leads to, for
    /// [`LocalGame::peek`] to read instead of working it out again.
    afters: SmallVec<[(Point, After); 24]>,
    /// The stamp of that node's board.
    afters_of: u64,
    /// Where the next move [`LocalGame::peek`] asks about is in `afters`, as it asks them
    /// in order.
    afters_next: usize,
    /// Per string head of that node's mover next to a move asked about: whether a play
    /// beside it might leave it, a judged wall string, in atari
    /// ([`VirtualForce::may_atari_own_wall`]).
    wall_risk: SmallVec<[(Point, bool); 8]>,
    /// Work done since [`LocalGame::take_work`] was last asked: [`POSITION_WORK`] per
    /// position read ([`VirtualForce::position_value`]) and `benson_work` per run of
    /// Benson's test.
    work: usize,
    /// What one run of Benson's test costs ([`benson_work`] of the board's size).
    benson_work: usize,
    /// A board to try moves on ([`VirtualForce::ordered_moves`]), refilled with
    /// [`Board::clone_from`] (which copies only the cells in use).
    scratch: Option<Box<Board>>,
    /// A board to read the positions [`LocalGame::peek`] meets for the first time on
    /// ([`VirtualForce::read_after`]): refilled from the node expanded, whose moves it
    /// tries one after the other, it copies back only the cells the last one wrote.
    peek_board: Option<LineBoard>,
}

/// What reading a new position costs, in nodes of the budget, besides Benson's test
/// ([`benson_work`]): telling whether it settles the question (the goal reached, out of
/// reach, a locked seki) with the cheap tests that come first.
const POSITION_WORK: usize = 1;

/// Nodes of the budget one run of Benson's test on the whole 9x9 board costs (about four
/// times what telling one more move of a position does).
const BENSON_WORK: usize = 4;

/// What one run of Benson's test on the whole board of `size` costs, in nodes of the budget:
/// [`BENSON_WORK`] on 9x9, growing with the board's points (17 on 19x19).
fn benson_work(size: usize) -> usize {
    (BENSON_WORK * size * size / 81).max(1)
}

/// The search's limits: [`MAX_DEPTH`] plies, [`NODE_BUDGET`] nodes or what `allowance` has
/// left if less (the proof-number search reads no repetitions: the keys carry the line's
/// transitions).
fn limits(allowance: &Allowance) -> SearchLimits {
    SearchLimits {
        depth: MAX_DEPTH,
        nodes: NODE_BUDGET.min(allowance.nodes),
        repetition: None,
        memo_after_limits: true,
    }
}

/// Answers whether `z`, moving first on `start`, can virtual-force uncapturable life of `z`
/// on `target` of `ko`.
#[cfg(test)]
pub(super) fn virtual_force(start: &Board, ko: BasicKo, z: Color, target: Target) -> Answer {
    plain_answer(start, ko, z, target, true)
}

/// The answer with no judged walls, no hints shared and a fresh allowance of
/// [`NODE_BUDGET`] nodes, with or without the prunings.
#[cfg(test)]
fn plain_answer(start: &Board, ko: BasicKo, z: Color, target: Target, prune: bool) -> Answer {
    let walls = JudgedWalls::none();
    let mut memory = Memory::default();
    let mut allowance = Allowance::nodes(NODE_BUDGET);
    let reading = Reading {
        prune,
        walls: &walls,
        allowance: &mut allowance,
        memory: &mut memory,
    };
    answer(start, ko, z, target, reading).answer
}

/// [`virtual_force`] without sharing transpositions (see [`VirtualForce::share`]): the
/// reading the shared one must agree with.
#[cfg(test)]
pub(super) fn virtual_force_unshared(
    start: &Board,
    ko: BasicKo,
    z: Color,
    target: Target,
) -> Answer {
    let walls = JudgedWalls::none();
    let mut memory = Memory::default();
    let mut allowance = Allowance::nodes(NODE_BUDGET);
    let reading = Reading {
        prune: true,
        walls: &walls,
        allowance: &mut allowance,
        memory: &mut memory,
    };
    answer_sharing(start, ko, z, target, reading, false)
        .0
        .answer
}

/// One question's answer, what cut it off when unknown, and the judged walls it rests on.
pub(super) struct Verdict {
    /// The answer.
    pub answer: Answer,
    /// Why it is unknown, if it is.
    pub cutoff: Option<Cutoff>,
    /// The judged walls (one stone per string) that bounded the region.
    pub judged_walls: Vec<Point>,
    /// A stone of each judged wall string that some line captured (the strings the local
    /// search shows can die; see [`VirtualForce`]'s `walls_taken`).
    pub walls_taken: Vec<Point>,
    /// True when the answer is unknown because the reading spent all its allowance (not the
    /// question's own bound of [`NODE_BUDGET`] nodes): more nodes might answer it.
    pub allowance_spent: bool,
}

/// What the questions of one player and target in one classification share: the hints
/// (proof and disproof numbers by position, never trusted as values) and what each
/// position settles by itself, which depends only on it, the player, the goal, the walls
/// (goal reached, goal out of reach) and the region (locked seki): kept while the region is
/// the same.
#[derive(Default)]
pub(super) struct Memory {
    /// Proof and disproof numbers from earlier questions.
    hints: Hints,
    /// [`VirtualForce::position_value`] per position.
    values: PositionValues,
    /// The region `values` were found in.
    region: Vec<Point>,
}

/// How one question is read: with the prunings or not, the judged walls bounding the
/// region, the allowance it spends from, and the memory the search starts from and leaves
/// its own in.
pub(super) struct Reading<'a> {
    /// Apply the prunings (off only to cross-check them in tests).
    pub prune: bool,
    /// Strings judged alive, treated as uncapturable.
    pub walls: &'a JudgedWalls,
    /// What the reading may spend (it counts what it spends there).
    pub allowance: &'a mut Allowance,
    /// What earlier questions of the same player and target left.
    pub memory: &'a mut Memory,
}

impl Reading<'_> {
    /// The same reading, for one more question (spending from the same allowance, leaving
    /// its memory in the same place).
    fn again(&mut self) -> Reading<'_> {
        Reading {
            prune: self.prune,
            walls: self.walls,
            allowance: &mut *self.allowance,
            memory: &mut *self.memory,
        }
    }
}

/// [`virtual_force`] read as `reading` says (judged walls bounding the region, an
/// allowance, shared hints).
pub(super) fn virtual_force_judged(
    start: &Board,
    ko: BasicKo,
    z: Color,
    target: Target,
    reading: Reading,
) -> Verdict {
    answer(start, ko, z, target, reading)
}

/// [`virtual_force`] without the prunings: the plain search they must agree with.
#[cfg(test)]
pub(super) fn virtual_force_unpruned(
    start: &Board,
    ko: BasicKo,
    z: Color,
    target: Target,
) -> Answer {
    plain_answer(start, ko, z, target, false)
}

fn answer(start: &Board, ko: BasicKo, z: Color, target: Target, mut reading: Reading) -> Verdict {
    match answer_sharing(start, ko, z, target, reading.again(), true) {
        (verdict, false) => verdict,
        // A position some line went through while free came back: the shared values may
        // rest on the order of its plays.
        (_, true) => {
            tracing::trace!("a position of a free line came back: read again unshared");
            answer_sharing(start, ko, z, target, reading, false).0
        }
    }
}

/// [`answer`], sharing transpositions or not (see [`VirtualForce::share`]);
/// also whether the reading met a position that makes the shared values doubtful
/// ([`VirtualForce::recurred`]).
fn answer_sharing(
    start: &Board,
    ko: BasicKo,
    z: Color,
    target: Target,
    reading: Reading,
    share: bool,
) -> (Verdict, bool) {
    let Reading {
        prune,
        walls,
        allowance,
        memory,
    } = reading;
    let verdict = |answer, cutoff, judged_walls| Verdict {
        answer,
        cutoff,
        judged_walls,
        walls_taken: Vec::new(),
        allowance_spent: false,
    };
    let Some((region, mut judged)) = region_judged(start, ko, walls) else {
        tracing::debug!("ko region too large");
        return (
            verdict(Answer::Unknown, Some(Cutoff::Region), Vec::new()),
            false,
        );
    };
    // A region bounded by unconditionally alive strings alone may still hold strings judged
    // alive that a ko decides, which a line may free: an answer resting on them is judged.
    if judged.is_empty() {
        judged = walls.settled_candidates(start, &region);
    }
    let goal = target_points(start, ko, target);
    if has_uncapturable_life_judged(start, z, &goal, walls) {
        return (verdict(Answer::Yes(Point::PASS), None, judged), false);
    }
    if prune && goal_out_of_reach_judged(start, z, &goal, walls) {
        return (verdict(Answer::No, None, judged), false);
    }
    let mut game = VirtualForce::new(z, ko, goal, region, start);
    game.prune = prune;
    game.share = share;
    game.set_walls(walls, start);
    if memory.region == game.region {
        game.values = std::mem::take(&mut memory.values);
    }
    let verdict = |game: &mut VirtualForce, memory: &mut Memory, answer, cutoff| {
        memory.values = std::mem::take(&mut game.values);
        memory.region.clone_from(&game.region);
        Verdict {
            walls_taken: std::mem::take(&mut game.walls_taken),
            ..verdict(answer, cutoff, judged.clone())
        }
    };
    if game.locked_seki(start) {
        return (verdict(&mut game, memory, Answer::No, None), false);
    }
    let mut search = ProofNumberSearch::new(limits(allowance));
    search.budget = allowance.budget();
    if search.budget.guard_says_stop() {
        allowance.spend(&search.budget);
        return (
            verdict(&mut game, memory, Answer::Unknown, Some(Cutoff::Time)),
            false,
        );
    }
    search.set_hints(std::mem::take(&mut memory.hints));
    // The root's moves one by one in their order (a move that decides at once first), as a
    // forcing line's first move is the first that wins; the searches below share the hints.
    // A move reads with all but a [`ROOT_RESERVE`]th of what is left: one that cannot be
    // settled so is dear to read, and the rest is spent reading the root's moves together
    // (see [`read_together`]).
    let root = game.root(start);
    let limit = search.node_limit();
    let mut unknown = false;
    let mut found = None;
    let mut dear = false;
    for m in game.ordered_moves(&root) {
        let Some(child) = game.play(&root, m) else {
            continue;
        };
        let left = limit - search.budget.nodes.min(limit);
        search.set_node_limit(search.budget.nodes + left - left / ROOT_RESERVE);
        let v = match game.settled(&child) {
            Some(v) => v,
            None => search.solve(&mut game, &child, 1),
        };
        search.set_node_limit(limit);
        game.unplay(&root, m);
        game.recycle(child);
        tracing::trace!(
            mv = m.index(),
            nodes = search.budget.nodes,
            ?v,
            "root move read"
        );
        match v {
            Outcome::Proved => {
                found = Some(m);
                break;
            }
            Outcome::Unknown if cut_by_its_part(&search.budget, limit) => {
                dear = true;
                break;
            }
            Outcome::Unknown => unknown = true,
            Outcome::Disproved => {}
        }
    }
    if dear {
        (found, unknown) = read_together(&mut game, &mut search, &root);
    }
    game.recycle(root);
    tracing::trace!(
        positions = game.values.len(),
        nodes = search.budget.nodes,
        ?found,
        unknown,
        "virtual-force searched"
    );
    memory.hints = search.take_hints();
    let allowance_spent =
        search.budget.budget_hit && allowance.nodes < NODE_BUDGET && found.is_none();
    allowance.spend(&search.budget);
    // A line that captures a judged wall ends there with an unknown value, which the
    // proof-number search counts as lost for Z when it proves and as won when it disproves:
    // a yes or no stands whatever the capture would have led to.
    let disproved = found.is_none() && !unknown && !search.budget.budget_hit;
    let (answer, cutoff) = if let Some(m) = found {
        (Answer::Yes(m), None)
    } else if disproved && !search.budget.guard_stopped {
        (Answer::No, None)
    } else if !game.walls_taken.is_empty() {
        (Answer::Unknown, Some(Cutoff::Wall))
    } else if search.budget.guard_stopped {
        (Answer::Unknown, Some(Cutoff::Time))
    } else {
        (Answer::Unknown, Some(Cutoff::Search))
    };
    // A doubtful line counts as a cut one: a yes or no stands whatever it leads to, and
    // only an unknown answer may be for want of the values it hid.
    let recurred = game.recurred && answer == Answer::Unknown;
    (
        Verdict {
            allowance_spent,
            ..verdict(&mut game, memory, answer, cutoff)
        },
        recurred,
    )
}

/// The part of what is left of a question's reading that a root move may not spend alone:
/// one in [`ROOT_RESERVE`] (see [`read_together`]).
const ROOT_RESERVE: usize = 6;

/// True when the search stopped at the node limit of a part of its reading, short of
/// `limit`, the whole reading's (and not by its guard).
fn cut_by_its_part(budget: &Budget, limit: usize) -> bool {
    budget.budget_hit && budget.nodes < limit && !budget.guard_stopped
}

/// Reads the root's moves together, as one proof-number search from `root`, with what is
/// left of `search`'s limit, after a root move read alone in its order could not be
/// settled with all but a [`ROOT_RESERVE`]th of it. A move dear to refute then no longer
/// spends the whole reading before a winning move after it is tried: the search works on
/// the move that looks cheapest to settle, and the moves read before keep what they found
/// (the table, the hints). The answer's move is the first in the root's order that the
/// search proved; also whether the answer is unknown.
fn read_together(
    game: &mut VirtualForce,
    search: &mut ProofNumberSearch<Point>,
    root: &Node,
) -> (Option<Point>, bool) {
    search.budget.budget_hit = false;
    let v = search.solve_going_on(game, root, 0);
    tracing::trace!(
        nodes = search.budget.nodes,
        ?v,
        "the root's moves read together"
    );
    if v != Outcome::Proved {
        return (None, v == Outcome::Unknown);
    }
    let proved: Moves<Point> = search.winning_moves(game, root).collect();
    let first = game
        .ordered_moves(root)
        .into_iter()
        .find(|m| proved.contains(m));
    (first, false)
}

/// A forcing line for `z` (empty when the answer is not yes, or the search is cut off by
/// what `allowance` has left, or meets a capture of a judged wall): at Z's turns a winning
/// move, at the opponent's turns the reply that costs Z's search the most nodes (a proxy
/// for the most stubborn resistance). `walls` bound the region and are uncapturable, as in
/// [`answer`].
pub(super) fn forcing_line(
    start: &Board,
    ko: BasicKo,
    z: Color,
    target: Target,
    walls: &JudgedWalls,
    allowance: &mut Allowance,
) -> Vec<Point> {
    let Some((region, _)) = region_judged(start, ko, walls) else {
        return Vec::new();
    };
    let goal = target_points(start, ko, target);
    let mut line = Vec::new();
    // Sharing transpositions first; a line that met a doubtful move and
    // found no line is read again without sharing (see [`VirtualForce::recurred`]).
    for share in [true, false] {
        let mut game = VirtualForce::new(z, ko, goal.clone(), region.clone(), start);
        game.set_walls(walls, start);
        game.share = share;
        line = line_of(&mut game, start, allowance);
        if !line.is_empty() || !game.recurred {
            break;
        }
    }
    line
}

/// The forcing line of `game` from `start` (see [`forcing_line`]), spending from
/// `allowance`.
fn line_of(game: &mut VirtualForce, start: &Board, allowance: &mut Allowance) -> Vec<Point> {
    let z = game.z;
    let mut node = game.root(start);
    let mut line = Vec::new();
    let mut depth = 0;
    while !game.goal_reached(&node.board) && depth < MAX_DEPTH {
        let mut chosen: Option<(Point, Node, usize)> = None;
        for m in game.ordered_moves(&node) {
            let Some(child) = game.play(&node, m) else {
                continue;
            };
            let mut search = ProofNumberSearch::new(limits(allowance));
            search.budget = allowance.budget();
            let v = match game.settled(&child) {
                Some(v) => v,
                None => search.solve(game, &child, depth + 1),
            };
            let cost = search.budget.nodes;
            allowance.spend(&search.budget);
            game.unplay(&node, m);
            if v != Outcome::Proved {
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
        // Played again to stay on the line (its transition, and where it stops being free).
        game.recycle(child);
        let Some(child) = game.play(&node, m) else {
            return Vec::new();
        };
        line.push(m);
        node = child;
        depth += 1;
    }
    line
}

/// The (before, after) transitions of the board plays on a line, in order, with a count of
/// those per bucket of the `after` hash: most plays make a transition whose bucket is
/// empty, and need no scan of the line to know it is new.
struct Transitions {
    made: Vec<(u64, u64)>,
    buckets: [u16; 256],
}

impl Default for Transitions {
    fn default() -> Transitions {
        Transitions {
            made: Vec::new(),
            buckets: [0; 256],
        }
    }
}

impl Transitions {
    fn bucket(t: (u64, u64)) -> usize {
        t.1 as usize & 255
    }

    /// True when `t` was made on the line.
    fn contains(&self, t: (u64, u64)) -> bool {
        self.buckets[Self::bucket(t)] != 0 && self.made.contains(&t)
    }

    /// Records `t`, made on the line.
    fn push(&mut self, t: (u64, u64)) {
        self.buckets[Self::bucket(t)] += 1;
        self.made.push(t);
    }

    /// Takes back the last transition made.
    fn pop(&mut self) {
        if let Some(t) = self.made.pop() {
            self.buckets[Self::bucket(t)] -= 1;
        }
    }
}

impl VirtualForce {
    /// A fresh game for `z` towards `goal` in `region`, starting from `start`.
    fn new(
        z: Color,
        ko: BasicKo,
        goal: Vec<Point>,
        region: Vec<Point>,
        start: &Board,
    ) -> VirtualForce {
        VirtualForce {
            z,
            ko,
            goal,
            region_index: RegionIndex::new(&region),
            region,
            start_hash: start.hash(),
            transitions: Transitions::default(),
            values: PositionValues::default(),
            order_cache: FxHashMap::default(),
            prune: true,
            share: true,
            recurred: false,
            start_stones: start
                .points()
                .filter(|&p| !ko.contains(p))
                .filter_map(|p| start.cell(p).color().map(|c| (p, Cell::stone(c))))
                .collect(),
            free_board: None,
            free_at: None,
            walls: JudgedWalls::none(),
            rim: Vec::new(),
            walls_taken: Vec::new(),
            spare: Vec::new(),
            stamps: Stamps::default(),
            afters: SmallVec::new(),
            afters_of: 0,
            afters_next: 0,
            wall_risk: SmallVec::new(),
            work: 0,
            benson_work: benson_work(start.size()),
            scratch: None,
            peek_board: None,
        }
    }

    /// Reads with `walls` judged alive, and the region's rim they make
    /// ([`JudgedWalls::rim`]) from `start`.
    fn set_walls(&mut self, walls: &JudgedWalls, start: &Board) {
        self.walls = walls.clone();
        self.rim = walls.rim(start, &self.region, &self.region_index);
    }

    /// The starting node: Z to move.
    fn root(&mut self, start: &Board) -> Node {
        Node {
            board: LineBoard::new(start, &mut self.stamps),
            to_move: self.z,
            passes: 0,
            z_other_ko: false,
            trans_hash: 0,
            free: self.share,
            stones: [0; 2],
            free_stones: [0; 2],
            recurs: false,
            doubtful: false,
            wall_taken: false,
            depth: 0,
        }
    }

    /// Candidate moves for the side to move: captures first (with those of judged wall
    /// strings in atari just outside the region, whose lines end there unknown), then the
    /// extensions outside the region that save the mover's own walls in atari, then the
    /// points of the rim that are the last liberty of a string in atari (a capture or an
    /// escape, for either side), then the region's other points, pass last.
    fn plain_moves(&self, n: &Node) -> Moves<Point> {
        let b = &n.board;
        let mut caps = Moves::new();
        let mut rest: Moves<Point> = Moves::new();
        let (own, opp) = (Cell::stone(n.to_move), Cell::stone(n.to_move.opponent()));
        for &p in &self.region {
            if b.cell(p) != Cell::Empty {
                continue;
            }
            // One look at the neighbours tells a capture (an opponent string whose only
            // liberty is here) and a suicide (no liberty left and no capture): a string
            // beside the empty point has it for a liberty, its only one when in atari.
            let (mut capture, mut breathes) = (false, false);
            for x in b.neighbours(p) {
                let c = b.cell(x);
                if c == Cell::Empty || (c == own && !b.in_atari(x)) {
                    breathes = true;
                } else if c == opp && b.in_atari(x) {
                    capture = true;
                }
            }
            if capture {
                caps.push(p);
            } else if breathes {
                rest.push(p);
            }
        }
        let (captures, saves) = self.walls.moves_outside(b, &self.region_index, n.to_move);
        caps.extend(captures);
        caps.extend(
            saves
                .into_iter()
                .filter(|&p| b.suicide_allowed(p, n.to_move, SuicideRule::Forbidden)),
        );
        for &p in &self.rim {
            if b.cell(p) == Cell::Empty
                && !caps.contains(&p)
                && b.neighbours(p).into_iter().any(|x| {
                    b.cell(x).color().is_some() && b.in_atari(x) && b.atari_liberty(x) == p
                })
                && b.suicide_allowed(p, n.to_move, SuicideRule::Forbidden)
            {
                caps.push(p);
            }
        }
        caps.extend(rest);
        caps.push(Point::PASS);
        caps
    }

    /// [`VirtualForce::plain_moves`] with a move that decides at once put first: for Z one
    /// that reaches the goal, for the opponent one that puts it out of Z's reach for good.
    fn ordered_moves(&mut self, n: &Node) -> Moves<Point> {
        let mut moves = self.plain_moves(n);
        if !self.prune {
            return moves;
        }
        let z_moves = n.to_move == self.z;
        let key = (n.board.hash(), z_moves);
        if let Some(order) = self.order_cache.get(&key) {
            return order.clone();
        }
        let mut b = self
            .scratch
            .take()
            .unwrap_or_else(|| Box::new((*n.board).clone()));
        let decisive = moves.iter().position(|&m| {
            if m.is_pass() || (z_moves && !self.may_reach_goal(&n.board, m)) {
                return false;
            }
            (*b).clone_from(&n.board);
            b.play(m, n.to_move);
            if z_moves {
                self.goal_reached(&b)
            } else {
                self.goal_lost(&b)
            }
        });
        self.scratch = Some(b);
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

    /// True when `color` playing `m` on `b` captures a string holding a judged wall stone.
    fn captures_wall(&self, b: &Board, m: Point, color: Color) -> bool {
        self.wall_captured_by(b, m, color).is_some()
    }

    /// A stone of a string holding a judged wall stone that `color` playing `m` on `b`
    /// captures, if any.
    fn wall_captured_by(&self, b: &Board, m: Point, color: Color) -> Option<Point> {
        let opp = Cell::stone(color.opponent());
        b.neighbours(m).into_iter().find(|&n| {
            b.cell(n) == opp
                && b.in_atari(n)
                && b.atari_liberty(n) == m
                && self.walls.holds_wall_stone(b, n)
        })
    }

    /// True when `color`'s play on `m` of `b` might leave one of its own judged wall
    /// strings in atari: `m` touches a `color` string of at most two liberties that holds
    /// a wall stone (a string of three or more keeps two after one of them is filled).
    ///
    /// Asked about the node whose moves were last asked for, each string is read once.
    fn may_atari_own_wall(&mut self, b: &LineBoard, m: Point, color: Color) -> bool {
        if self.walls.is_empty() {
            return false;
        }
        let own = Cell::stone(color);
        let same_node = self.afters_of == b.stamp();
        b.neighbours(m).into_iter().any(|n| {
            if b.cell(n) != own {
                return false;
            }
            let head = b.string_head(n);
            if same_node {
                if let Some(&(_, risk)) = self.wall_risk.iter().find(|&&(h, _)| h == head) {
                    return risk;
                }
            }
            // Each liberty counts at most four times among the pseudo-liberties.
            let risk = (b.pseudo_liberties(n) <= 2
                || (b.pseudo_liberties(n) <= 8 && b.liberty_count(n, 3) <= 2))
                && self.walls.holds_wall_stone(b, n);
            if same_node {
                self.wall_risk.push((head, risk));
            }
            risk
        })
    }

    /// True when the play just made on `m` of `b` left the mover's string there, holding a
    /// judged wall stone, in atari. The local search does not play such a move: the wall's
    /// owner filling its own wall's liberties down to one is counted as a loss for the
    /// owner, on the judgement that the wall lives (see [`JudgedWalls`]).
    fn own_wall_left_in_atari(&self, b: &Board, m: Point) -> bool {
        !self.walls.is_empty() && b.in_atari(m) && self.walls.holds_wall_stone(b, m)
    }

    fn goal_reached(&mut self, b: &Board) -> bool {
        let mut runs = 0;
        let reached = has_uncapturable_life_counted(b, self.z, &self.goal, &self.walls, &mut runs);
        self.count_bensons(runs);
        reached
    }

    /// Counts `runs` of Benson's test on the whole board as work done.
    fn count_bensons(&mut self, runs: usize) {
        self.work += runs * self.benson_work;
    }

    /// True when the region is a seki that neither player can approach (see
    /// [`no_approach`](crate::tactics::seki::no_approach)): every empty region point is a liberty of a Black and of a White
    /// string, and a play there by either player only gives stones away (a self-atari the
    /// opponent captures, not a snapback). The goal not being reached, the line ends there
    /// as a loss for Z: Z's strings on the goal live in seki, not uncapturably, and Z could
    /// change that only by a sacrifice, which the search does not read further.
    fn locked_seki(&mut self, b: &Board) -> bool {
        // Usually some empty point does not touch both colours: no seki, said at once.
        let touches = |p: Point, c: Cell| b.neighbours(p).iter().any(|&n| b.cell(n) == c);
        if self.region.iter().any(|&p| {
            b.cell(p) == Cell::Empty && !(touches(p, Cell::Black) && touches(p, Cell::White))
        }) {
            return false;
        }
        let empties: Moves<Point> = self
            .region
            .iter()
            .copied()
            .filter(|&p| b.cell(p) == Cell::Empty)
            .collect();
        let mut scratch = self.scratch.take().unwrap_or_else(|| Box::new(b.clone()));
        let locked = no_approach_on(b, &empties, &mut scratch);
        self.scratch = Some(scratch);
        locked
    }

    /// True when the goal is out of Z's reach for good (see [`goal_out_of_reach`]).
    fn goal_lost(&mut self, b: &Board) -> bool {
        let mut runs = 0;
        let lost = goal_out_of_reach_counted(b, self.z, &self.goal, &self.walls, &mut runs);
        self.count_bensons(runs);
        lost
    }

    /// What the position itself settles, whatever the line: the goal reached (Z wins), or
    /// out of reach or a locked seki (Z loses); kept per position.
    fn position_value(&mut self, b: &Board) -> Option<Outcome> {
        match self.values.get(b.hash()) {
            Some(v) => v,
            None => self.read_position(b),
        }
    }

    /// [`VirtualForce::position_value`] of a position not kept yet: reads it, counts the
    /// work and keeps the value.
    fn read_position(&mut self, b: &Board) -> Option<Outcome> {
        self.work += POSITION_WORK;
        let v = if self.goal_reached(b) {
            Some(Outcome::Proved)
        } else if (self.prune && self.goal_lost(b)) || self.locked_seki(b) {
            Some(Outcome::Disproved)
        } else {
            None
        };
        self.values.insert(b.hash(), v);
        v
    }

    /// [`LocalGame::peek`] for a pass: the same position with the ko ban lifted, the other
    /// side to move and one more pass; [`Peek::Play`] when the position's value is not kept
    /// (playing it then reads the position, and counts that work).
    fn peek_pass(&self, n: &Node) -> Peek {
        let hash = n.board.hash();
        let Some(value) = self.values.get(hash) else {
            return Peek::Play;
        };
        let passes = n.passes + 1;
        let settled = match value {
            None if passes >= 3 => Some(Outcome::Disproved),
            v => v,
        };
        let z_other_ko = n.to_move != self.z && n.z_other_ko;
        let hint = hint_key(hash, None, n.to_move.opponent(), passes, z_other_ko);
        Peek::Known {
            key: mix(hint, n.trans_hash),
            hint,
            settled,
        }
    }

    /// True when `n`'s position, reached once the line is no longer free (see
    /// [`Node::free`]), may be one that a line went through while it was free: off the
    /// classified ko's two points, the start's stones all there, and only stones of the
    /// line's last free position, fewer than there. While a line is free its stones off the
    /// ko's points only grow, so a transition it made before its last play off them can be
    /// made again, and banned, only from such a position; while the reading meets none, the
    /// lines that reach a position with the same transitions since then (see
    /// [`Node::trans_hash`]) have the same futures, whatever their orders before it.
    fn may_recur(&self, n: &Node) -> bool {
        // The counts with the ko's two points, which may hold a stone more or less each.
        let (s, f) = (n.stones, n.free_stones);
        if !self.share
            || n.free
            || s[0] < -2
            || s[1] < -2
            || s[0] > f[0] + 2
            || s[1] > f[1] + 2
            || s[0] + s[1] > f[0] + f[1] + 1
            || !self.start_stones.iter().all(|&(p, c)| n.board.cell(p) == c)
        {
            return false;
        }
        let Some(free) = self.free_board.as_ref().filter(|_| self.free_at.is_some()) else {
            return true;
        };
        let mut fewer = false;
        for p in n.board.points() {
            if self.ko.contains(p) {
                continue;
            }
            let (c, l) = (n.board.cell(p), free.cell(p));
            if c.color().is_some() && c != l {
                return false;
            }
            fewer |= c == Cell::Empty && l.color().is_some();
        }
        fewer
    }

    /// True when the play `m` from `n`, a position that may recur
    /// ([`VirtualForce::may_recur`]), may be one a line made while it was free: a play on
    /// one of the classified ko's points, or one that puts back a stone of the line's last
    /// free position.
    fn may_repeat(&self, n: &Node, m: Point) -> bool {
        self.ko.contains(m)
            || self
                .free_board
                .as_ref()
                .filter(|_| self.free_at.is_some())
                .is_none_or(|free| free.cell(m) == Cell::stone(n.to_move))
    }

    /// What the position after the play `m` from `n` settles by itself
    /// ([`VirtualForce::position_value`]), read on [`VirtualForce::peek_board`] rather than
    /// on a node of the line; `None` when the play leaves the mover's own judged wall in
    /// atari, which [`LocalGame::play`] refuses.
    fn read_after(&mut self, n: &Node, m: Point) -> Option<Option<Outcome>> {
        let mut board = match self.peek_board.take() {
            Some(mut board) => {
                board.refill_from(&n.board, &mut self.stamps);
                board
            }
            None => LineBoard::copy_of(&n.board, &mut self.stamps),
        };
        board.play(m, n.to_move, &mut self.stamps);
        let value = (!self.own_wall_left_in_atari(&board, m)).then(|| self.read_position(&board));
        self.peek_board = Some(board);
        value
    }

    /// [`LocalGame::settled`] for this game (see there).
    fn settled_now(&mut self, n: &Node) -> Option<Outcome> {
        if n.wall_taken || n.doubtful {
            return Some(Outcome::Unknown);
        }
        if n.passes == 0 && n.board.hash() == self.start_hash {
            return Some(Outcome::Disproved);
        }
        match self.position_value(&n.board) {
            None if n.passes >= 3 => Some(Outcome::Disproved),
            v => v,
        }
    }
}

impl LocalGame for VirtualForce {
    type State = Node;
    type Move = Point;
    fn prover_to_move(&self, n: &Node) -> bool {
        n.to_move == self.z
    }

    /// The value for Z of the position just reached by a move, when it is settled: a board
    /// play recreating the start or a third pass in a row loses, the goal reached wins, the
    /// goal out of reach loses, a locked seki ([`VirtualForce::locked_seki`]) loses, and a
    /// capture of a judged wall is unknown (the search then proves only what holds with it
    /// counted lost for Z, and disproves only what holds with it counted won).
    fn settled(&mut self, n: &Node) -> Option<Outcome> {
        self.settled_now(n)
    }
    /// The region's empty points (captures first) and pass. The search asks every move's
    /// state whether it settles the question when it expands a node, so a move that
    /// decides at once is found without putting it first.
    ///
    /// The values of the positions the moves lead to are fetched from memory together
    /// ([`PositionValues::touch`]): [`LocalGame::peek`] asks them one by one next.
    fn moves(&mut self, n: &Node) -> Moves<Point> {
        let moves = self.plain_moves(n);
        let mut words = 0;
        self.afters.clear();
        self.wall_risk.clear();
        self.afters_of = n.board.stamp();
        self.afters_next = 0;
        for &m in &moves {
            if !m.is_pass() {
                let after = n.board.after(m, n.to_move);
                words ^= self.values.touch(after.hash);
                self.afters.push((m, after));
            }
        }
        std::hint::black_box(words);
        moves
    }

    /// Plays `m` if the line's rules allow it, and records the transition.
    fn play(&mut self, n: &Node, m: Point) -> Option<Node> {
        let depth = n.depth + 1;
        if self.spare.len() <= depth {
            self.spare.resize_with(depth + 1, Vec::new);
        }
        let mut child = match self.spare[depth].pop() {
            Some(mut spare) => {
                spare.refill_from(n, &mut self.stamps);
                spare
            }
            None => Node::copy_of(n, &mut self.stamps),
        };
        child.depth = depth;
        child.to_move = n.to_move.opponent();
        child.wall_taken = false;
        child.doubtful = false;
        if m.is_pass() {
            child.passes = n.passes + 1;
            child.board.clear_ko(&mut self.stamps);
            if n.to_move == self.z {
                child.z_other_ko = false;
            }
            return Some(child);
        }
        if let Some((k, banned)) = n.board.ko() {
            if k == m && banned == n.to_move {
                let released = n.to_move == self.z && self.ko.contains(k) && !n.z_other_ko;
                if !released {
                    self.recycle(child);
                    return None;
                }
            }
        }
        let before = n.board.hash();
        let removed = child.board.play(m, n.to_move, &mut self.stamps);
        // Only a play that captures can capture a wall.
        let wall_stone = if removed > 0 {
            self.wall_captured_by(&n.board, m, n.to_move)
        } else {
            None
        };
        let wall_taken = wall_stone.is_some();
        if self.own_wall_left_in_atari(&child.board, m) {
            self.recycle(child);
            return None;
        }
        if let Some(w) = wall_stone {
            if !self.walls_taken.contains(&w) {
                self.walls_taken.push(w);
            }
        }
        let after = child.board.hash();
        // A doubtful move ends its line unknown, whether this line's history bans it or not.
        let doubtful = n.recurs && self.may_repeat(n, m);
        if !doubtful && ko::transition_bans(self.transitions.contains((before, after))) {
            self.recycle(child);
            return None;
        }
        self.transitions.push((before, after));
        child.stones[n.to_move.index()] += 1;
        child.stones[n.to_move.opponent().index()] -= removed as i16;
        // Free while every capture took only a stone of the classified ko's two points: the
        // stones elsewhere then only grow.
        let ko_taken = removed == 1
            && [self.ko.empty, self.ko.stone]
                .into_iter()
                .any(|k| n.board.cell(k) != Cell::Empty && child.board.cell(k) == Cell::Empty);
        child.free = n.free && (removed == 0 || ko_taken);
        if n.free && !child.free {
            child.free_stones = n.stones;
            match &mut self.free_board {
                Some(b) => (**b).clone_from(&n.board),
                None => self.free_board = Some(Box::new((*n.board).clone())),
            }
            self.free_at = Some(self.transitions.made.len() - 1);
        }
        child.trans_hash = if child.free && !self.ko.contains(m) {
            // A stone outside the ko's points: no earlier position of a free line comes back.
            0
        } else {
            n.trans_hash ^ mix(before, after)
        };
        if doubtful {
            child.doubtful = true;
            self.recurred = true;
        }
        child.recurs = self.may_recur(&child);
        child.passes = 0;
        child.wall_taken = wall_taken;
        if n.to_move == self.z {
            child.z_other_ko = matches!(child.board.ko(), Some((k, _)) if !self.ko.contains(k));
        }
        Some(child)
    }

    fn unplay(&mut self, _n: &Node, m: Point) {
        if !m.is_pass() {
            self.transitions.pop();
            if self.free_at == Some(self.transitions.made.len()) {
                self.free_at = None;
            }
        }
    }

    fn recycle(&mut self, n: Node) {
        if let Some(spare) = self.spare.get_mut(n.depth) {
            spare.push(n);
        }
    }

    /// The positions read and the runs of Benson's test since last asked.
    fn take_work(&mut self) -> usize {
        std::mem::take(&mut self.work)
    }

    /// The key without the line's fixed-ko transitions.
    fn hint_key(&self, n: &Node) -> u64 {
        hint_key(
            n.board.hash(),
            n.board.ko(),
            n.to_move,
            n.passes,
            n.z_other_ko,
        )
    }

    /// The keys and the settled value of the move's node from the caches and the board's
    /// hash arithmetic, without making a node (a pass: [`VirtualForce::peek_pass`]); a
    /// position not read yet is read on a spare board ([`VirtualForce::read_after`]).
    /// [`Peek::Play`] when the move would capture a judged wall, might leave the mover's
    /// own wall in atari, or may repeat a transition the keys leave out.
    fn peek(&mut self, n: &Node, m: Point) -> Peek {
        if m.is_pass() {
            return self.peek_pass(n);
        }
        if self.may_atari_own_wall(&n.board, m, n.to_move) || (n.recurs && self.may_repeat(n, m)) {
            return Peek::Play;
        }
        let b = &n.board;
        if let Some((k, banned)) = b.ko() {
            let released = n.to_move == self.z && self.ko.contains(k) && !n.z_other_ko;
            if k == m && banned == n.to_move && !released {
                return Peek::Illegal;
            }
        }
        let told = if self.afters_of == b.stamp() {
            // Asked in the order the moves were told: the next one first.
            match self.afters.get(self.afters_next) {
                Some(&(p, next)) if p == m => {
                    self.afters_next += 1;
                    Some(next)
                }
                _ => self
                    .afters
                    .iter()
                    .find(|&&(p, _)| p == m)
                    .map(|&(_, next)| next),
            }
        } else {
            None
        };
        let next = told.unwrap_or_else(|| b.after(m, n.to_move));
        // Only a play that captures can capture a wall: playing it shows what follows.
        if next.removed > 0 && self.captures_wall(b, m, n.to_move) {
            return Peek::Play;
        }
        let (before, after) = (b.hash(), next.hash);
        if ko::transition_bans(self.transitions.contains((before, after))) {
            return Peek::Illegal;
        }
        let settled = if after == self.start_hash {
            Some(Outcome::Disproved)
        } else {
            match self.values.get(after) {
                Some(v) => v,
                None => match self.read_after(n, m) {
                    Some(v) => v,
                    None => return Peek::Illegal,
                },
            }
        };
        // The ko the play leaves: one stone taken by a lone stone with no other liberty.
        let (removed, taken) = (next.removed, next.last_removed);
        let alone = b.neighbours(m).iter().all(|&x| {
            let c = b.cell(x);
            c != Cell::Empty && c != Cell::stone(n.to_move)
        });
        let ko = (removed == 1 && alone).then_some((taken, n.to_move.opponent()));
        let z_other_ko = if n.to_move == self.z {
            ko.is_some_and(|(k, _)| !self.ko.contains(k))
        } else {
            n.z_other_ko
        };
        let hint = hint_key(after, ko, n.to_move.opponent(), 0, z_other_ko);
        let free = n.free && (removed == 0 || (removed == 1 && self.ko.contains(taken)));
        let trans_hash = if free && !self.ko.contains(m) {
            0
        } else {
            n.trans_hash ^ mix(before, after)
        };
        Peek::Known {
            key: mix(hint, trans_hash),
            hint,
            settled,
        }
    }

    /// The position, the side to move, the pass count, the simple-ko ban, Z's released-ko
    /// state and the fixed-ko transitions made on the line.
    fn key(&self, n: &Node) -> u64 {
        mix(self.hint_key(n), n.trans_hash)
    }
}

/// The key of a node without the line's transitions: the position's hash, the simple-ko
/// ban, the side to move, the pass count and Z's released-ko state.
fn hint_key(
    hash: u64,
    ko: Option<(Point, Color)>,
    to_move: Color,
    passes: u8,
    z_other_ko: bool,
) -> u64 {
    let ko = ko
        .map(|(k, c)| k.0 as u64 * 2 + c.index() as u64 + 1)
        .unwrap_or(0);
    mix(
        mix(hash, ko),
        (to_move.index() as u64) | (passes as u64) << 1 | (z_other_ko as u64) << 4,
    )
}
