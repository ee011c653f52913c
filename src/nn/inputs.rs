//! What the network sees of a position: KataGo's input version 7 (`NNInputs::fillRowV7`),
//! 22 planes over the board and 19 global numbers, computed the way KataGo computes them.
//!
//! | plane | meaning |
//! | --- | --- |
//! | 0 | on the board |
//! | 1, 2 | own stone, opponent stone (own = the player to move) |
//! | 3, 4, 5 | a stone of a string with 1, 2, 3 liberties |
//! | 6 | a ko ban for the player to move |
//! | 9..=13 | where the last five moves were played (most recent first) |
//! | 14 | a stone that a ladder captures (whoever moves first for a string in atari) |
//! | 15, 16 | the same one and two moves ago |
//! | 17 | the attacker's ladder-capturing moves against an opponent's two-liberty string |
//! | 18, 19 | own / opponent area: pass-alive stones and territory, and all other stones |
//!
//! Global: 0..=4 which of the last five moves were passes, 5 komi for the player to move / 20,
//! 6..=7 the ko rule, 8 multi-stone suicide, 9 territory scoring, 10..=11 the tax, 14 a pass
//! would end the game, 18 the komi's parity wave. Planes 7, 8, 20, 21 and globals 12, 13,
//! 15..=17 are KataGo's Japanese confirmation phase ("encore"), playout-doubling and button,
//! which koan does not use; they stay zero.

use crate::board::{Board, Cell, Color, Coord, Point};

/// Planes per point.
pub const SPATIAL: usize = 22;
/// Global inputs.
pub const GLOBAL: usize = 19;

/// KataGo's ko rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KataKo {
    /// Simple ko.
    Simple,
    /// Positional superko (and Spight's rule, which KataGo encodes the same way).
    Positional,
    /// Situational superko.
    Situational,
}

/// KataGo's tax rules (which stones and eyes a territory count leaves out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KataTax {
    /// Area or territory counted in full.
    None,
    /// Points in seki do not count.
    Seki,
    /// Two points per group do not count.
    All,
}

/// A ruleset in KataGo's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KataRules {
    /// The ko rule.
    pub ko: KataKo,
    /// Area scoring (true) or territory scoring (false).
    pub area_scoring: bool,
    /// The tax rule.
    pub tax: KataTax,
    /// Whether suicide of several stones is legal.
    pub multi_stone_suicide: bool,
}

/// A position as the network is shown it.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    /// The board.
    pub board: &'a Board,
    /// Who is to move.
    pub to_move: Color,
    /// The rules in KataGo's terms.
    pub rules: KataRules,
    /// White's komi (with any handicap compensation the rules give).
    pub white_komi: f32,
    /// The points where the player to move may not play because of the ko rule: the bans
    /// of koan's own judge under the game's rule (the ko-ban plane).
    pub ko_bans: &'a [Point],
    /// The moves of the game so far, oldest first (passes as [`Point::PASS`]).
    pub moves: &'a [(Color, Point)],
    /// The board before the last move and before the one before it, when there were such
    /// moves (for the ladder planes of those positions).
    pub earlier: [Option<&'a Board>; 2],
    /// True when a pass now would end the game or the phase (global input 14).
    pub pass_ends_phase: bool,
    /// True when the last moves are hidden from the network: KataGo does so when a pass
    /// would end the game but friendly passing lets play go on.
    pub hide_history: bool,
}

/// The array index of KataGo's row-major point (`y` from the top) on a koan board.
pub fn point_at(board: &Board, x: usize, y: usize) -> Point {
    let n = board.size();
    board.point(Coord::new(x, n - 1 - y))
}

/// KataGo's row-major index (`y` from the top) of an on-board point.
pub fn index_of(board: &Board, p: Point) -> usize {
    let n = board.size();
    let c = board.coord(p);
    (n - 1 - c.row as usize) * n + c.col as usize
}

/// The readers' buffers the inputs need (the ladder reader's, the area reader's), kept
/// between evaluations so that filling the inputs allocates nothing once they have grown.
#[derive(Default)]
pub struct Scratch {
    ladder: Ladder,
    area: Area,
}

/// Fills `spatial` (`[point][plane]`, row-major points from the top-left) and `global` for
/// `pos`; both are overwritten whole. The readers work in `scratch`.
pub fn fill(pos: &Position<'_>, scratch: &mut Scratch, spatial: &mut [f32], global: &mut [f32]) {
    let board = pos.board;
    let n = board.size();
    let points = n * n;
    spatial[..points * SPATIAL].fill(0.0);
    global[..GLOBAL].fill(0.0);
    let me = pos.to_move;
    let opp = me.opponent();
    let mut set = |p: Point, plane: usize| spatial[index_of(board, p) * SPATIAL + plane] = 1.0;

    for p in board.points() {
        set(p, 0);
        if let Some(c) = board.cell(p).color() {
            set(p, if c == me { 1 } else { 2 });
            match board.liberties(p, 4).len() {
                1 => set(p, 3),
                2 => set(p, 4),
                3 => set(p, 5),
                _ => {}
            }
        }
    }
    for &p in pos.ko_bans {
        if board.on_board(p) {
            set(p, 6);
        }
    }

    // Area: pass-alive stones and territory, big territories, then every other stone.
    let rules = pos.rules;
    if rules.area_scoring && rules.tax == KataTax::None {
        let area = scratch.area.calculate(board, rules.multi_stone_suicide);
        for p in board.points() {
            match area[p.index()] {
                Some(c) if c == me => set(p, 18),
                Some(_) => set(p, 19),
                None => {}
            }
        }
    }

    // The last five moves, as long as they alternate ending with the opponent's.
    let history_len = if pos.hide_history { 0 } else { 5 };
    let mut included = 0;
    for (i, &(color, point)) in pos.moves.iter().rev().take(history_len).enumerate() {
        let expected = if i % 2 == 0 { opp } else { me };
        if color != expected {
            break;
        }
        included = i + 1;
        if point.is_pass() {
            global[i] = 1.0;
        } else {
            set(point, 9 + i);
        }
    }

    // Ladders now, one move ago and two moves ago.
    let ladder = &mut scratch.ladder;
    ladder.mark(board, |p, working| {
        set(p, 14);
        if board.cell(p).color() == Some(opp) && board.liberties(p, 2).len() > 1 {
            for &w in working {
                set(w, 17);
            }
        }
    });
    let prev = if included >= 1 {
        pos.earlier[0].unwrap_or(board)
    } else {
        board
    };
    ladder.mark(prev, |p, _| set(p, 15));
    let prev_prev = if included >= 2 {
        pos.earlier[1].unwrap_or(prev)
    } else {
        prev
    };
    ladder.mark(prev_prev, |p, _| set(p, 16));

    // Komi for the player to move, clipped.
    let area = points as f32;
    let mut self_komi = if me == Color::White {
        pos.white_komi
    } else {
        -pos.white_komi
    };
    self_komi = self_komi.clamp(-area - 20.0, area + 20.0);
    global[5] = self_komi / 20.0;
    match rules.ko {
        KataKo::Simple => {}
        KataKo::Positional => {
            global[6] = 1.0;
            global[7] = 0.5;
        }
        KataKo::Situational => {
            global[6] = 1.0;
            global[7] = -0.5;
        }
    }
    if rules.multi_stone_suicide {
        global[8] = 1.0;
    }
    if !rules.area_scoring {
        global[9] = 1.0;
    }
    match rules.tax {
        KataTax::None => {}
        KataTax::Seki => global[10] = 1.0,
        KataTax::All => {
            global[10] = 1.0;
            global[11] = 1.0;
        }
    }
    if pos.pass_ends_phase {
        global[14] = 1.0;
    }
    if rules.area_scoring {
        let even = points.is_multiple_of(2);
        let floor = if even {
            (self_komi / 2.0).floor() * 2.0
        } else {
            ((self_komi - 1.0) / 2.0).floor() * 2.0 + 1.0
        };
        let delta = (self_komi - floor).clamp(0.0, 2.0);
        global[18] = if delta < 0.5 {
            delta
        } else if delta < 1.5 {
            1.0 - delta
        } else {
            delta - 2.0
        };
    }
}

/// KataGo's `Board::calculateArea` with every option on, with its buffers: for each point,
/// whose area it is (pass-alive stones and territory by Benson's algorithm, empty regions
/// bordered by one colour only, then every remaining stone as its own colour's).
#[derive(Default)]
pub struct Area {
    /// Per array index, whose area the point is.
    result: Vec<Option<Color>>,
    /// Per array index, the region the point belongs to (`usize::MAX`: none).
    region_of: Vec<usize>,
    regions: Vec<Region>,
    /// The regions' points, each region's a run of its own.
    points: Vec<Point>,
    /// The heads of the strings each region is vital for, each region's a run of its own.
    vital: Vec<Point>,
    queue: Vec<Point>,
    heads: Vec<Point>,
    vital_count: Vec<usize>,
    killed: Vec<bool>,
}

/// One region of empty points and the opponent's stones, as Benson's algorithm sees it.
struct Region {
    /// Its points: `Area::points[points]`.
    points: std::ops::Range<usize>,
    /// The strings it is vital for: `Area::vital[vital_for]`.
    vital_for: std::ops::Range<usize>,
    internal: u8,
    contains_opp: bool,
    borders_dead: bool,
}

fn adjacent_to_head(board: &Board, p: Point, head: Point) -> bool {
    board
        .neighbours(p)
        .iter()
        .any(|&q| board.cell(q).color().is_some() && board.string_head(q) == head)
}

impl Area {
    /// Whose area each point of `board` is, by array index (`None`: nobody's).
    pub fn calculate(&mut self, board: &Board, multi_stone_suicide: bool) -> &[Option<Color>] {
        self.result.clear();
        self.result.resize(crate::board::MAX_POINTS, None);
        for pla in Color::BOTH {
            self.area_for(board, pla, multi_stone_suicide);
        }
        for p in board.points() {
            if self.result[p.index()].is_none() {
                self.result[p.index()] = board.cell(p).color();
            }
        }
        &self.result
    }

    fn area_for(&mut self, board: &Board, pla: Color, multi_stone_suicide: bool) {
        let opp = pla.opponent();
        let mine = Cell::stone(pla);
        let theirs = Cell::stone(opp);
        let region_of = &mut self.region_of;
        region_of.clear();
        region_of.resize(crate::board::MAX_POINTS, usize::MAX);
        let regions = &mut self.regions;
        regions.clear();
        let (points, vital, queue) = (&mut self.points, &mut self.vital, &mut self.queue);
        points.clear();
        vital.clear();
        let mut at_least_one_pla = false;
        // Regions in KataGo's scan order (rows from the top), each grown breadth-first.
        for y in 0..board.size() {
            for x in 0..board.size() {
                let start = point_at(board, x, y);
                if region_of[start.index()] != usize::MAX {
                    continue;
                }
                match board.cell(start) {
                    Cell::Empty => {}
                    c => {
                        at_least_one_pla |= c == mine;
                        continue;
                    }
                }
                let idx = regions.len();
                let vital_start = vital.len();
                for q in board.neighbours(start) {
                    if board.cell(q) == mine {
                        let h = board.string_head(q);
                        if !vital[vital_start..].contains(&h) {
                            vital.push(h);
                        }
                    }
                }
                let points_start = points.len();
                let mut internal = 0u8;
                let mut contains_opp = false;
                queue.clear();
                queue.push(start);
                region_of[start.index()] = idx;
                let mut head = 0;
                while head < queue.len() {
                    let p = queue[head];
                    head += 1;
                    if vital.len() > vital_start
                        && (multi_stone_suicide || board.cell(p) == Cell::Empty)
                    {
                        // Keep, in order, the heads the point touches.
                        let mut kept = vital_start;
                        for i in vital_start..vital.len() {
                            if adjacent_to_head(board, p, vital[i]) {
                                vital[kept] = vital[i];
                                kept += 1;
                            }
                        }
                        vital.truncate(kept);
                    }
                    if internal < 2 && !board.neighbours(p).iter().any(|&q| board.cell(q) == mine) {
                        internal += 1;
                    }
                    if board.cell(p) == theirs {
                        contains_opp = true;
                    }
                    points.push(p);
                    for q in board.neighbours(p) {
                        let c = board.cell(q);
                        if (c == Cell::Empty || c == theirs) && region_of[q.index()] == usize::MAX {
                            region_of[q.index()] = idx;
                            queue.push(q);
                        }
                    }
                }
                regions.push(Region {
                    points: points_start..points.len(),
                    vital_for: vital_start..vital.len(),
                    internal,
                    contains_opp,
                    borders_dead: false,
                });
            }
        }
        // Benson: a string needs two vital regions; killing strings takes vitality away.
        let heads = &mut self.heads;
        heads.clear();
        heads.extend(
            board
                .points()
                .filter(|&p| board.cell(p) == mine && board.string_head(p) == p),
        );
        let vital_count = &mut self.vital_count;
        vital_count.clear();
        vital_count.resize(crate::board::MAX_POINTS, 0);
        for r in regions.iter() {
            for &h in &vital[r.vital_for.clone()] {
                vital_count[h.index()] += 1;
            }
        }
        let killed = &mut self.killed;
        killed.clear();
        killed.resize(heads.len(), false);
        loop {
            let mut any = false;
            for (i, &h) in heads.iter().enumerate() {
                if killed[i] || vital_count[h.index()] >= 2 {
                    continue;
                }
                killed[i] = true;
                any = true;
                for s in board.string_stones(h) {
                    for q in board.neighbours(s) {
                        let ri = region_of[q.index()];
                        let c = board.cell(q);
                        if ri != usize::MAX
                            && !regions[ri].borders_dead
                            && (c == Cell::Empty || c == theirs)
                        {
                            regions[ri].borders_dead = true;
                            for &vh in &vital[regions[ri].vital_for.clone()] {
                                vital_count[vh.index()] = vital_count[vh.index()].wrapping_sub(1);
                            }
                        }
                    }
                }
            }
            if !any {
                break;
            }
        }
        let result = &mut self.result;
        for (i, &h) in heads.iter().enumerate() {
            if !killed[i] {
                for s in board.string_stones(h) {
                    result[s.index()] = Some(pla);
                }
            }
        }
        for r in regions.iter() {
            let mark = at_least_one_pla && !r.borders_dead && (r.internal <= 1 || !r.contains_opp);
            if mark {
                for &p in &points[r.points.clone()] {
                    result[p.index()] = Some(pla);
                }
            } else if !r.contains_opp && at_least_one_pla {
                for &p in &points[r.points.clone()] {
                    if result[p.index()].is_none() {
                        result[p.index()] = Some(pla);
                    }
                }
            }
        }
    }
}

/// KataGo's ladder reader (`Board::searchIsLadderCaptured` and its two-liberty variant):
/// which strings a ladder captures, and the attacker's working first moves; it keeps its
/// buffers between positions.
#[derive(Default)]
pub struct Ladder {
    nodes: usize,
    /// The strings read in this position: head, laddered, and their working moves
    /// (`working[range]`).
    solved: Vec<(Point, bool, std::ops::Range<usize>)>,
    /// The attacker's working first moves of the strings read, each string's a run.
    working: Vec<Point>,
    /// The moves of the nodes on the search's current line, each node's a run.
    moves: Vec<Point>,
    /// The heads of the strings next to a string, while its captures are listed.
    seen: Vec<Point>,
}

/// KataGo's budget of nodes for one ladder search; a search that runs out says "no ladder".
const LADDER_NODE_BUDGET: usize = 25000;

fn chain_libs(board: &Board, p: Point) -> usize {
    board.liberties(p, 3).len()
}

impl Ladder {
    /// Calls `f` with every stone of every string a ladder captures (strings with one
    /// liberty: the defender moves first; with two: the attacker does) and, for two-liberty
    /// strings, the attacker's working first moves.
    pub fn mark(&mut self, board: &Board, mut f: impl FnMut(Point, &[Point])) {
        self.solved.clear();
        self.working.clear();
        for y in 0..board.size() {
            for x in 0..board.size() {
                let p = point_at(board, x, y);
                if board.cell(p).color().is_none() {
                    continue;
                }
                let libs = chain_libs(board, p);
                if libs != 1 && libs != 2 {
                    continue;
                }
                let head = board.string_head(p);
                if let Some((_, laddered, _)) = self.solved.iter().find(|(h, _, _)| *h == head) {
                    if *laddered {
                        f(p, &[]);
                    }
                    continue;
                }
                let start = self.working.len();
                let laddered = if libs == 1 {
                    self.captured(board, p, true)
                } else {
                    self.captured_attacker_first(board, p)
                };
                let working = start..self.working.len();
                if laddered {
                    f(p, &self.working[working.clone()]);
                }
                self.solved.push((head, laddered, working));
            }
        }
    }

    /// Whether the two-liberty string on `p` is captured in a ladder with the attacker
    /// moving first; the working first moves are pushed onto `self.working`.
    fn captured_attacker_first(&mut self, board: &Board, p: Point) -> bool {
        let pla = board.cell(p).color().expect("a stone");
        let opp = pla.opponent();
        let mut any = false;
        for lib in board.liberties(p, 2) {
            if !legal(board, lib, opp) {
                continue;
            }
            let mut b = board.clone();
            b.play(lib, opp);
            if self.captured(&b, p, true) {
                self.working.push(lib);
                any = true;
            }
        }
        any
    }

    /// Whether the string on `p` is captured in a ladder, the defender moving first or not.
    fn captured(&mut self, board: &Board, p: Point, defender_first: bool) -> bool {
        let libs = chain_libs(board, p);
        if libs > 2 || (defender_first && libs > 1) {
            return false;
        }
        self.nodes = 0;
        let mut b = board.clone();
        if defender_first {
            b.clear_ko();
        }
        let depth_limit = board.size() * board.size() * 3 / 2 + 1;
        self.search(&b, p, defender_first, 0, depth_limit)
            .unwrap_or_default()
    }

    /// Minimax over the ladder; `None` when the node budget ran out.
    fn search(
        &mut self,
        board: &Board,
        p: Point,
        defender_to_move: bool,
        depth: usize,
        depth_limit: usize,
    ) -> Option<bool> {
        if depth >= depth_limit - 1 {
            return Some(true);
        }
        if self.nodes >= LADDER_NODE_BUDGET {
            return None;
        }
        let pla = board.cell(p).color().expect("a stone");
        let opp = pla.opponent();
        let libs = chain_libs(board, p);
        // This node's moves are `self.moves[base..end]`; deeper nodes push theirs above
        // and take them off again.
        let base = self.moves.len();
        if defender_to_move {
            if libs >= 2 {
                return Some(false);
            }
            if board.ko().is_some() {
                return Some(false);
            }
            self.push_liberty_gaining_captures(board, p);
            for l in board.liberties(p, 1) {
                if !self.moves[base..].contains(&l) {
                    self.moves.push(l);
                }
            }
        } else {
            if libs <= 1 {
                return Some(true);
            }
            if libs >= 3 {
                return Some(false);
            }
            let l = board.liberties(p, 2);
            let imm = |q: Point| {
                board
                    .neighbours(q)
                    .iter()
                    .filter(|&&r| board.cell(r) == Cell::Empty)
                    .count()
            };
            if imm(l[0]) == 0
                && imm(l[1]) == 0
                && would_be_ko_capture(board, l[0], opp)
                && would_be_ko_capture(board, l[1], opp)
                && libs_after_play(board, l[0], pla) <= 2
                && libs_after_play(board, l[1], pla) <= 2
            {
                self.push_liberty_gaining_captures(board, p);
                let none = self.moves.len() == base;
                self.moves.truncate(base);
                if none {
                    return Some(true);
                }
            }
            self.moves.extend_from_slice(&l);
        }
        let end = self.moves.len();
        let mover = if defender_to_move { pla } else { opp };
        let mut result = Some(defender_to_move);
        for i in base..end {
            let m = self.moves[i];
            if !legal(board, m, mover) {
                continue;
            }
            let mut b = board.clone();
            b.play(m, mover);
            self.nodes += 1;
            let captured = self.search(&b, p, !defender_to_move, depth + 1, depth_limit);
            match captured {
                None => {
                    result = None;
                    break;
                }
                Some(false) if defender_to_move => {
                    result = Some(false);
                    break;
                }
                Some(true) if !defender_to_move => {
                    result = Some(true);
                    break;
                }
                Some(_) => {}
            }
        }
        self.moves.truncate(base);
        result
    }

    /// Pushes onto `self.moves` the liberties of the opponents' strings in atari next to
    /// the string on `p` (each once, in KataGo's order).
    fn push_liberty_gaining_captures(&mut self, board: &Board, p: Point) {
        let pla = board.cell(p).color().expect("a stone");
        let theirs = Cell::stone(pla.opponent());
        let base = self.moves.len();
        self.seen.clear();
        for s in board.string_stones(p) {
            for q in board.neighbours(s) {
                if board.cell(q) == theirs {
                    let h = board.string_head(q);
                    if self.seen.contains(&h) {
                        continue;
                    }
                    self.seen.push(h);
                    let libs = board.liberties(q, 2);
                    if libs.len() == 1 && !self.moves[base..].contains(&libs[0]) {
                        self.moves.push(libs[0]);
                    }
                }
            }
        }
    }
}

/// A play KataGo's ladder search allows: an empty point, not the ko point (whoever plays),
/// not a suicide.
fn legal(board: &Board, p: Point, color: Color) -> bool {
    board.cell(p) == Cell::Empty
        && board.ko().map(|(k, _)| k) != Some(p)
        && !board.is_suicide(p, color)
}

/// KataGo's `wouldBeKoCapture`: every neighbour is the opponent's or the edge, and exactly
/// one neighbouring string, a single stone, is in atari.
fn would_be_ko_capture(board: &Board, p: Point, color: Color) -> bool {
    if board.cell(p) != Cell::Empty {
        return false;
    }
    let theirs = Cell::stone(color.opponent());
    let mut capturable = None;
    for q in board.neighbours(p) {
        let c = board.cell(q);
        if c != Cell::OffBoard && c != theirs {
            return false;
        }
        if c == theirs && board.liberties(q, 2).len() == 1 {
            if capturable.is_some() {
                return false;
            }
            capturable = Some(q);
        }
    }
    matches!(capturable, Some(q) if board.string_size(q) == 1)
}

/// The liberties the string of `color` at `p` would have after playing there, capped at 3.
fn libs_after_play(board: &Board, p: Point, color: Color) -> usize {
    if board.is_suicide(p, color) {
        return 0;
    }
    let mut b = board.clone();
    b.play(p, color);
    if b.cell(p).color() != Some(color) {
        return 0;
    }
    chain_libs(&b, p)
}
