//! Life and death by hypothetical play: can the opponent of a string capture it, moving
//! first, whatever its owner does? The Japanese 1989 rules (Article 7) decide life and death
//! this way after the game stops, under the confirmation-phase ko rule (`pass-for-ko`: a
//! recapture in the same ko is banned until the player passes once). `docs/scoring.md` has
//! the engine's definition; in short:
//!
//! - Play is local: board plays on the empty points of a *region* (the string, its
//!   liberties, the strings in contact that are not walls, their liberties, and every small
//!   empty area touching those) and on the string's liberties wherever it runs, or passes.
//!   Suicide is forbidden; nobody fills a true eye of their own.
//! - The attacker moves first. The defender may always pass; the attacker may pass only while
//!   a ko ban binds it (any other pass just hands the defender a free move).
//! - Ko: under [`KoRule::PassForKo`], simple ko plus the pass-for-ko bans; under any other
//!   rule, simple ko alone (a pass is a move elsewhere, so local play has no ko threats).
//!   These are the local game's own rules, not the game's: it does not ask the game's
//!   [`Judge`](crate::rules::judge::Judge), but it speaks the rules layer's words (basic ko
//!   by the board's ko point, bans made by [`PassForKoBan::made_by`] and judged by
//!   [`ko::pass_for_ko_bans`]).
//! - The attacker wins as soon as the string is captured. The defender wins when the string
//!   joins a wall of its colour (walls are taken to be alive), when it captures
//!   [`BIG_CAPTURE`] stones or more in one move, or when a state
//!   (position, player to move, ko bans) repeats in the line: the attacker cannot force
//!   progress. Lines longer than [`MAX_DEPTH`] or searches past the node budget give
//!   [`Verdict::Unknown`].
//!
//! Results are memoised by state, except those that the repetition of a state higher on the
//! line decided (they depend on the line that led there).

use crate::board::{Board, Cell, Color, LineBoard, Point, Stamps, SuicideRule, MAX_POINTS};
use crate::rules::history::{PassForKoBan, PassForKoBans, Step};
use crate::rules::ko::{self, KoRule};
use crate::tactics::local_search::{
    mix, Allowance, LocalGame, LocalSearch, Moves, Outcome, SearchLimits,
};
use crate::tactics::regions::EmptyAreas;
use smallvec::SmallVec;

/// Longest line (moves and passes) the search follows.
pub const MAX_DEPTH: usize = 60;
/// Most empty points a region may hold.
pub const MAX_REGION_EMPTY: usize = 16;
/// A defender's capture of this many stones at once saves the string: no nakade sacrifices
/// that many (the largest killing shapes, flower six and rabbity six, hold six).
pub const BIG_CAPTURE: u32 = 7;
/// Empty areas of at most this many points are taken into a region whole (eye spaces).
pub const EYE_SPACE: usize = 7;

/// The answer for one string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The opponent, moving first, can capture it: dead.
    Captured,
    /// It cannot be captured: alive (perhaps in seki).
    Safe,
    /// The search was cut off.
    Unknown,
}

/// Where the confirmation search plays for one string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The region's points (stones and empty points).
    pub points: Vec<Point>,
    /// One stone of every wall of the target's colour that touches the region: reaching one
    /// of them connects the target to a string taken to be alive.
    pub anchors: Vec<Point>,
}

impl Region {
    /// True when no empty point of the region touches an empty point outside it: local play
    /// then misses no room either side could use.
    pub fn closed(&self, board: &Board) -> bool {
        let mut inside = vec![false; MAX_POINTS];
        for p in &self.points {
            inside[p.index()] = true;
        }
        self.points
            .iter()
            .filter(|&&p| board.cell(p) == Cell::Empty)
            .flat_map(|&p| board.neighbours(p))
            .all(|n| board.cell(n) != Cell::Empty || inside[n.index()])
    }
}

/// The region of the string on `target`: its stones, its liberties, and repeatedly every
/// string in contact with a region point for which `wall` is false, with its liberties;
/// every empty area (connected empty points) of at most [`EYE_SPACE`] points touching a
/// region point is taken whole. `None` when it holds more than [`MAX_REGION_EMPTY`] empty
/// points.
pub fn region(board: &Board, target: Point, wall: impl Fn(Point) -> bool) -> Option<Region> {
    let areas = EmptyAreas::new(board);
    let own = board.cell(target);
    let mut inside = vec![false; MAX_POINTS];
    let mut pts: Vec<Point> = Vec::new();
    let mut anchors: Vec<Point> = Vec::new();
    let mut empties = 0;
    let mut add = |p: Point, pts: &mut Vec<Point>, empties: &mut usize| {
        if !inside[p.index()] {
            inside[p.index()] = true;
            pts.push(p);
            if board.cell(p) == Cell::Empty {
                *empties += 1;
            }
        }
    };
    add(target, &mut pts, &mut empties);
    let mut i = 0;
    while i < pts.len() {
        let x = pts[i];
        i += 1;
        let stone = board.cell(x).color().is_some();
        if stone {
            for s in board.string_stones(x) {
                add(s, &mut pts, &mut empties);
            }
        }
        for n in board.neighbours(x) {
            match board.cell(n) {
                Cell::OffBoard => {}
                Cell::Empty => {
                    if stone {
                        add(n, &mut pts, &mut empties);
                    }
                    if let Some((_, area)) =
                        areas.of(n).filter(|(_, a)| a.points.len() <= EYE_SPACE)
                    {
                        for &e in &area.points {
                            add(e, &mut pts, &mut empties);
                        }
                    }
                }
                c => {
                    if !wall(n) {
                        add(n, &mut pts, &mut empties);
                    } else if c == own
                        && !anchors
                            .iter()
                            .any(|&a| board.string_head(a) == board.string_head(n))
                    {
                        anchors.push(n);
                    }
                }
            }
        }
        if empties > MAX_REGION_EMPTY {
            return None;
        }
    }
    Some(Region {
        points: pts,
        anchors,
    })
}

/// Whether the string on `target` can be captured by its opponent moving first, playing in
/// `region` (from [`region`]) under `rule` (see the module documentation), within the nodes
/// of `allowance` (and its guard), which counts those spent.
pub fn capturable(
    board: &Board,
    target: Point,
    region: &Region,
    rule: KoRule,
    allowance: &mut Allowance,
) -> Verdict {
    let Some(defender) = board.cell(target).color() else {
        return Verdict::Unknown;
    };
    let mut start = board.clone();
    start.clear_ko();
    let anchors = region.anchors.clone();
    let region: Vec<Point> = region
        .points
        .iter()
        .copied()
        .filter(|&p| board.on_board(p))
        .collect();
    let mut in_region = vec![false; MAX_POINTS];
    for p in &region {
        in_region[p.index()] = true;
    }
    let mut game = Confirmation {
        target,
        defender,
        region,
        in_region,
        anchors,
        pass_for_ko: rule == KoRule::PassForKo,
        spare: Vec::new(),
        stamps: Stamps::default(),
    };
    let root = State {
        board: LineBoard::new(&start, &mut game.stamps),
        to_move: defender.opponent(),
        bans: PassForKoBans::default(),
        last: None,
    };
    let mut search = LocalSearch::new(SearchLimits {
        depth: MAX_DEPTH,
        nodes: allowance.nodes,
        // The attacker cannot force progress: a repeated state saves the string.
        repetition: Some(Outcome::Disproved),
        memo_after_limits: false,
    });
    search.budget = allowance.budget();
    let verdict = match search.solve(&mut game, &root, 0) {
        Outcome::Proved => Verdict::Captured,
        Outcome::Disproved => Verdict::Safe,
        Outcome::Unknown => Verdict::Unknown,
    };
    tracing::trace!(
        target = %board.vertex(target),
        ?verdict,
        nodes = search.budget.nodes,
        "confirmation search"
    );
    allowance.spend(&search.budget);
    verdict
}

/// One state of hypothetical play.
struct State {
    /// A spare state is refilled from its next parent by copying only the cells that differ
    /// (see [`LineBoard`]).
    board: LineBoard,
    to_move: Color,
    /// Pass-for-ko bans in force.
    bans: PassForKoBans,
    /// The move that made this state: who played, and the captures that player had made
    /// before it (to tell a big capture).
    last: Option<(Color, u32)>,
}

impl State {
    /// A copy of `source` (its board refilled from `source`'s, see [`LineBoard`]).
    fn copy_of(source: &State, stamps: &mut Stamps) -> State {
        State {
            board: LineBoard::copy_of(&source.board, stamps),
            to_move: source.to_move,
            bans: source.bans.clone(),
            last: source.last,
        }
    }

    /// Makes this state a copy of `source`.
    fn refill_from(&mut self, source: &State, stamps: &mut Stamps) {
        self.board.refill_from(&source.board, stamps);
        self.to_move = source.to_move;
        self.bans.clone_from(&source.bans);
        self.last = source.last;
    }
}

/// The confirmation game for one string: the attacker is the prover.
struct Confirmation {
    target: Point,
    defender: Color,
    region: Vec<Point>,
    /// Membership of `region`, per point.
    in_region: Vec<bool>,
    /// Stones of the defender's walls next to the region.
    anchors: Vec<Point>,
    pass_for_ko: bool,
    /// States the search is done with, reused by [`LocalGame::play`] without allocating.
    spare: Vec<State>,
    /// The stamps of the states' boards (see [`LineBoard`]).
    stamps: Stamps,
}

impl Confirmation {
    fn captured(&self, b: &Board) -> bool {
        b.cell(self.target) != Cell::stone(self.defender)
    }

    /// True when the target has joined one of the defender's walls.
    fn anchored(&self, b: &Board) -> bool {
        let head = b.string_head(self.target);
        self.anchors
            .iter()
            .any(|&a| b.cell(a) == Cell::stone(self.defender) && b.string_head(a) == head)
    }

    /// True when `color` is bound by a ko ban it could lift by passing.
    fn banned(&self, s: &State, color: Color) -> bool {
        s.board.ko().is_some_and(|(_, c)| c == color)
            || s.bans.as_slice().iter().any(|b| b.banned == color)
    }
}

impl LocalGame for Confirmation {
    type State = State;
    type Move = Point;

    fn prover_to_move(&self, s: &State) -> bool {
        s.to_move != self.defender
    }

    /// The attacker wins as soon as the string is captured; the defender when a move of
    /// its joins the string to a wall or takes [`BIG_CAPTURE`] stones or more at once.
    fn settled(&mut self, s: &State) -> Option<Outcome> {
        let (mover, captures_before) = s.last?;
        if mover != self.defender {
            return self.captured(&s.board).then_some(Outcome::Proved);
        }
        let big_capture = s.board.captures(mover) >= captures_before + BIG_CAPTURE;
        (big_capture || self.anchored(&s.board)).then_some(Outcome::Disproved)
    }

    /// Candidate moves: captures, then the target's liberties, then the rest; the
    /// defender's pass first, the attacker's last (and only when a ban binds it).
    fn moves(&mut self, s: &State) -> Moves<Point> {
        let b = &s.board;
        let c = s.to_move;
        let attacker = c != self.defender;
        let mut out: Moves<Point> = SmallVec::new();
        if !attacker {
            out.push(Point::PASS);
        }
        let libs = b.liberties(self.target, 64);
        let mut rest: Moves<Point> = SmallVec::new();
        let mut near: Moves<Point> = SmallVec::new();
        // The region, plus the target's liberties wherever it has run to.
        let outside = libs.iter().copied().filter(|p| !self.in_region[p.index()]);
        for p in self.region.iter().copied().chain(outside) {
            if !b.is_legal_simple(p, c, SuicideRule::Forbidden) || b.is_eye(p, c) {
                continue;
            }
            if b.is_capture(p, c) {
                out.push(p);
            } else if libs.contains(&p) {
                near.push(p);
            } else {
                rest.push(p);
            }
        }
        out.extend(near);
        out.extend(rest);
        if attacker && self.banned(s, c) {
            out.push(Point::PASS);
        }
        out
    }

    /// The state after `m`, or `None` when a pass-for-ko ban forbids it. Basic ko is the
    /// board's own ko point (in [`Confirmation::moves`]); the pass-for-ko bans are judged by
    /// the rule table ([`ko::pass_for_ko_bans`]).
    fn play(&mut self, s: &State, m: Point) -> Option<State> {
        let mut next = match self.spare.pop() {
            Some(mut spare) => {
                spare.refill_from(s, &mut self.stamps);
                spare
            }
            None => State::copy_of(s, &mut self.stamps),
        };
        next.to_move = s.to_move.opponent();
        next.last = Some((s.to_move, s.board.captures(s.to_move)));
        if m.is_pass() {
            next.board.clear_ko(&mut self.stamps);
            next.bans.lift(s.to_move);
            return Some(next);
        }
        let before = s.board.hash();
        let mut removed: SmallVec<[Point; 4]> = SmallVec::new();
        next.board
            .play_with(m, s.to_move, |p| removed.push(p), &mut self.stamps);
        if self.pass_for_ko {
            if ko::pass_for_ko_bans(&s.bans, s.to_move, m, &removed) {
                self.spare.push(next);
                return None;
            }
            let step = Step {
                color: s.to_move,
                point: m,
                hash_before: before,
                hash_after: next.board.hash(),
                removed,
            };
            if let Some(ban) = PassForKoBan::made_by(&step, &next.board) {
                next.bans.add(ban);
            }
        }
        Some(next)
    }

    fn recycle(&mut self, s: State) {
        self.spare.push(s);
    }

    /// The state's identity: position, player to move, simple-ko point, pass-for-ko bans.
    fn key(&self, s: &State) -> u64 {
        let ko = s
            .board
            .ko()
            .map_or(0, |(p, c)| p.0 as u64 * 2 + c.index() as u64 + 1);
        let mut bans: u64 = 0;
        for b in s.bans.as_slice() {
            // Order-independent: the bans are a set.
            bans = bans.wrapping_add(mix(
                b.point.0 as u64 | (b.stone.0 as u64) << 16,
                b.banned.index() as u64,
            ));
        }
        mix(mix(s.board.hash(), ko), bans ^ s.to_move.index() as u64)
    }
}

#[cfg(test)]
pub(crate) mod tests;
