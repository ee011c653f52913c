//! Benson's unconditional life: the strings that cannot be captured even if their owner
//! always passes. Used by dead-stone judgement and by the ko classifier.

use crate::board::{Board, Cell, Color, Point, MAX_POINTS};
use smallvec::SmallVec;

/// Benson's unconditional life for `color` on the whole board: `alive[p]` is true for every
/// stone of `color` on `p` whose string cannot be captured even if `color` always passes.
pub fn benson_alive(board: &Board, color: Color) -> Vec<bool> {
    let mut alive = vec![false; MAX_POINTS];
    benson_into(board, color, &mut alive);
    alive
}

/// "None" in the index arrays of [`benson_of`].
const NONE: u16 = u16::MAX;

/// [`benson_alive`] into `alive` (at least [`MAX_POINTS`] long, all false), without
/// allocating: [`benson_of`] asked about every string of `color`.
pub fn benson_into(board: &Board, color: Color, alive: &mut [bool]) {
    LOCAL.with(|s| {
        benson_of_with(
            board,
            color,
            board.points(),
            alive,
            false,
            &mut s.borrow_mut(),
        );
    })
}

/// Benson's test for the strings of `color` holding the stones `asked` (stones of other
/// colours and empty points are ignored): `alive[p]` becomes true for every stone of an asked
/// string that is unconditionally alive, as [`benson_into`] finds it on the whole board, and
/// maybe for stones of other strings; every other entry of `alive` (at least [`MAX_POINTS`]
/// long, all false) stays false.
///
/// Cheaper than [`benson_into`]: a string's life depends only on its vital regions and on
/// the strings bordering them, theirs in turn, and so on, so only the regions holding a
/// liberty of such a string are flooded, and a flood stops at the first empty point that is
/// not a liberty of every string the region's empty points have touched so far (no string
/// can have the region as a vital one then).
pub fn benson_of(board: &Board, color: Color, asked: &[Point], alive: &mut [bool]) {
    LOCAL.with(|s| {
        let asked = asked.iter().copied();
        benson_of_with(board, color, asked, alive, false, &mut s.borrow_mut());
    })
}

/// True when every string of `color` holding a stone of `asked` is unconditionally alive
/// (stones of other colours and empty points are ignored), as [`benson_of`] finds it; the
/// reading stops at the first asked string found dead.
pub fn benson_all_alive(board: &Board, color: Color, asked: &[Point]) -> bool {
    let mut alive = [false; MAX_POINTS];
    LOCAL.with(|s| {
        let asked = asked.iter().copied();
        benson_of_with(board, color, asked, &mut alive, true, &mut s.borrow_mut())
    })
}

/// What [`benson_of`] knows of a region it met.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RegionState {
    /// Flooded whole, with its bordering strings and which of them it is vital to.
    Flooded,
    /// Vital to a string whose life is read: its bordering strings are read too.
    Read,
    /// Vital to no string (its flood stopped short).
    VitalToNone,
}

/// The working arrays of [`benson_of`], kept from call to call (one set per thread).
struct Local {
    /// Per point: `base` plus its region, once a call reached it (below `base`: not yet).
    region_of: Vec<u32>,
    /// The first region number of the current call.
    base: u32,
    /// Per string head: its chain index ([`NONE`] between calls).
    chain_of: Vec<u16>,
    /// Per chain: its head, whether its life is read, the last region that met it, how many
    /// of that region's empty points touch it, the last point that counted it, alive so
    /// far, and its vital regions still alive.
    heads: Vec<u16>,
    read: Vec<bool>,
    asked: Vec<bool>,
    explored: Vec<bool>,
    seen_in: Vec<u16>,
    touching: Vec<u16>,
    last_at: Vec<u16>,
    chain_alive: Vec<bool>,
    vital: Vec<u16>,
    /// The (chain, vital) pairs of the regions, region after region.
    pairs: Vec<(u16, bool)>,
    /// Per chain: its first pair in a region read (an index in `pairs`, or [`NONE`]); per
    /// pair of a region read: the chain's next such pair, and the pair's region.
    first_link: Vec<u16>,
    link: Vec<u16>,
    pair_region: Vec<u16>,
    /// Per region: where its pairs start and end in `pairs`, what is known of it, and
    /// whether it is still alive.
    start: Vec<u16>,
    end: Vec<u16>,
    state: Vec<RegionState>,
    region_alive: Vec<bool>,
    /// The chains whose regions are still to be met.
    work: Vec<u16>,
    stack: Vec<u16>,
}

thread_local! {
    static LOCAL: std::cell::RefCell<Local> = std::cell::RefCell::new(Local {
        region_of: vec![0; MAX_POINTS],
        base: 1,
        chain_of: vec![NONE; MAX_POINTS],
        heads: vec![0; MAX_POINTS],
        read: vec![false; MAX_POINTS],
        asked: vec![false; MAX_POINTS],
        explored: vec![false; MAX_POINTS],
        seen_in: vec![NONE; MAX_POINTS],
        touching: vec![0; MAX_POINTS],
        last_at: vec![NONE; MAX_POINTS],
        chain_alive: vec![false; MAX_POINTS],
        vital: vec![0; MAX_POINTS],
        pairs: Vec::with_capacity(4 * MAX_POINTS),
        first_link: vec![NONE; MAX_POINTS],
        link: vec![NONE; 4 * MAX_POINTS],
        pair_region: vec![0; 4 * MAX_POINTS],
        start: vec![0; MAX_POINTS],
        end: vec![0; MAX_POINTS],
        state: vec![RegionState::VitalToNone; MAX_POINTS],
        region_alive: vec![false; MAX_POINTS],
        work: Vec::with_capacity(MAX_POINTS),
        stack: vec![0; MAX_POINTS],
    });
}

impl Local {
    /// The chain index of the string with head `h`, given one if it has none.
    #[inline]
    fn chain(&mut self, h: usize, chains: &mut usize) -> usize {
        if self.chain_of[h] == NONE {
            let c = *chains;
            self.chain_of[h] = c as u16;
            self.heads[c] = h as u16;
            self.read[c] = false;
            self.asked[c] = false;
            self.explored[c] = false;
            self.chain_alive[c] = true;
            self.vital[c] = 0;
            self.first_link[c] = NONE;
            self.seen_in[c] = NONE;
            self.last_at[c] = NONE;
            *chains += 1;
        }
        self.chain_of[h] as usize
    }

    /// Takes the chain `c` away, and the regions read that border it, and the chains read
    /// whose regions were all met that this leaves with fewer than two vital regions, and
    /// so on; false when one of them was asked about.
    fn take_away(&mut self, c: usize) -> bool {
        let mut none_asked = true;
        let mut dying: SmallVec<[u16; 16]> = SmallVec::new();
        self.chain_alive[c] = false;
        dying.push(c as u16);
        while let Some(d) = dying.pop() {
            none_asked &= !self.asked[d as usize];
            let mut i = self.first_link[d as usize];
            while i != NONE {
                let r = self.pair_region[i as usize] as usize;
                i = self.link[i as usize];
                if !self.region_alive[r] {
                    continue;
                }
                self.region_alive[r] = false;
                for j in self.start[r] as usize..self.end[r] as usize {
                    let (e, vital) = self.pairs[j];
                    let e = e as usize;
                    if vital {
                        self.vital[e] -= 1;
                        if self.vital[e] < 2 && self.explored[e] && self.chain_alive[e] {
                            self.chain_alive[e] = false;
                            dying.push(e as u16);
                        }
                    }
                }
            }
        }
        none_asked
    }

    /// Floods the region of the empty point `l` as region `r` (see [`benson_of`]).
    fn flood(&mut self, board: &Board, own: Cell, l: Point, r: usize, chains: &mut usize) {
        let id = self.base + r as u32;
        let first = self.pairs.len();
        self.start[r] = first as u16;
        self.region_of[l.index()] = id;
        self.stack[0] = l.0;
        let mut top = 1;
        let mut empties = 0u16;
        let mut vital_to_none = false;
        'flood: while top > 0 {
            top -= 1;
            let x = Point(self.stack[top]);
            let empty = board.cell(x) == Cell::Empty;
            empties += empty as u16;
            // The strings touching every empty point so far that touch x.
            let mut candidates = 0;
            for m in board.neighbours(x) {
                match board.cell(m) {
                    Cell::OffBoard => {}
                    c if c == own => {
                        let ci = self.chain(board.string_head(m).index(), chains);
                        // Each chain is counted once for x.
                        if self.last_at[ci] == x.0 {
                            continue;
                        }
                        self.last_at[ci] = x.0;
                        if self.seen_in[ci] != r as u16 {
                            self.seen_in[ci] = r as u16;
                            self.touching[ci] = 0;
                            self.pairs.push((ci as u16, false));
                        }
                        if empty {
                            self.touching[ci] += 1;
                            candidates += (self.touching[ci] == empties) as usize;
                        }
                    }
                    _ => {
                        let mark = self.region_of[m.index()];
                        if mark < self.base {
                            self.region_of[m.index()] = id;
                            self.stack[top] = m.0;
                            top += 1;
                        } else if mark != id {
                            // A region whose flood stopped short: this one.
                            vital_to_none = true;
                            break 'flood;
                        }
                    }
                }
            }
            if empty && candidates == 0 {
                vital_to_none = true;
                break;
            }
        }
        if vital_to_none {
            self.pairs.truncate(first);
            self.state[r] = RegionState::VitalToNone;
        } else {
            let Local {
                pairs, touching, ..
            } = self;
            for pair in &mut pairs[first..] {
                pair.1 = touching[pair.0 as usize] == empties;
            }
            self.state[r] = RegionState::Flooded;
        }
        self.end[r] = self.pairs.len() as u16;
    }
}

/// [`benson_of`] with the working arrays `s`: the regions (maximal connected sets of points
/// without `color` stones) met from the liberties of the strings read, starting with the
/// strings asked about, with the strings bordering each and whether the region is *vital* to
/// the string (every empty point of the region is a liberty of it); a region vital to a
/// string read has its bordering strings read too. Then strings read with fewer than two
/// vital regions left, and the regions read that border such strings, are taken away until
/// nothing changes.
fn benson_of_with(
    board: &Board,
    color: Color,
    asked: impl Iterator<Item = Point>,
    alive: &mut [bool],
    stop_at_first_death: bool,
    s: &mut Local,
) -> bool {
    let own = Cell::stone(color);
    if s.base > u32::MAX - 2 * MAX_POINTS as u32 {
        s.region_of.fill(0);
        s.base = 1;
    }
    let mut chains = 0usize;
    let mut regions = 0usize;
    s.pairs.clear();
    s.work.clear();
    for p in asked {
        if board.cell(p) == own {
            let c = s.chain(board.string_head(p).index(), &mut chains);
            if !s.read[c] {
                s.read[c] = true;
                s.asked[c] = true;
                s.work.push(c as u16);
            }
        }
    }
    // The strings are read in the order they are met (nearest the asked ones first). A
    // string read whose regions were all met, with fewer than two vital regions left, is
    // taken away at once, and so are the regions read that border it (a step of the
    // removal below, made early: the removal ends where it would have).
    let mut next = 0;
    let mut all_alive = true;
    'read: while next < s.work.len() {
        let c = s.work[next] as usize;
        next += 1;
        for stone in board.string_stones(Point(s.heads[c])) {
            for l in board.neighbours(stone) {
                if board.cell(l) != Cell::Empty {
                    continue;
                }
                let mark = s.region_of[l.index()];
                let r = if mark < s.base {
                    regions += 1;
                    s.flood(board, own, l, regions - 1, &mut chains);
                    regions - 1
                } else {
                    (mark - s.base) as usize
                };
                if s.state[r] != RegionState::Flooded {
                    continue;
                }
                let (a, b) = (s.start[r] as usize, s.end[r] as usize);
                if !s.pairs[a..b].contains(&(c as u16, true)) {
                    continue;
                }
                s.state[r] = RegionState::Read;
                for i in a..b {
                    let d = s.pairs[i].0 as usize;
                    s.link[i] = s.first_link[d];
                    s.first_link[d] = i as u16;
                    s.pair_region[i] = r as u16;
                }
                let region_alive = s.pairs[a..b]
                    .iter()
                    .all(|&(d, _)| s.chain_alive[d as usize]);
                s.region_alive[r] = region_alive;
                for i in a..b {
                    let (d, vital) = s.pairs[i];
                    let d = d as usize;
                    if region_alive && vital {
                        s.vital[d] += 1;
                    }
                    if !s.read[d] {
                        s.read[d] = true;
                        s.work.push(d as u16);
                    }
                }
            }
        }
        s.explored[c] = true;
        if s.vital[c] < 2 && !s.take_away(c) && stop_at_first_death {
            all_alive = false;
            break 'read;
        }
    }
    if all_alive {
        // The rest of the removal.
        loop {
            let mut changed = false;
            for c in 0..chains {
                if s.read[c] && s.chain_alive[c] && s.vital[c] < 2 {
                    s.take_away(c);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }
    s.base += regions as u32;
    for c in 0..chains {
        let head = Point(s.heads[c]);
        if s.read[c] && s.chain_alive[c] {
            for stone in board.string_stones(head) {
                alive[stone.index()] = true;
            }
        } else if s.asked[c] {
            all_alive = false;
        }
        s.chain_of[head.index()] = NONE;
    }
    all_alive
}

/// False when the string on `p` (a stone) is certainly not unconditionally alive, read
/// locally: Benson's algorithm keeps a string only with two *vital* regions at least
/// (maximal connected sets of points without its colour's stones, each of whose empty
/// points is a liberty of it), and each such region holds a liberty of the string (every
/// region has an empty point: the opponent stones in it have their liberties there). So a
/// string with fewer than two vital regions among those of its liberties is not alive; with
/// two or more it may be ([`benson_alive`] decides). A region that is not vital shows it at
/// its first empty point that is not a liberty, where the flood stops.
pub fn may_be_alive(board: &Board, p: Point) -> bool {
    let Some(color) = board.cell(p).color() else {
        return false;
    };
    // Two vital regions hold two liberties.
    if board.in_atari(p) {
        return false;
    }
    FILLS.with(|f| may_be_alive_with(board, p, color, &mut f.borrow_mut()))
}

/// The working arrays of [`may_be_alive`], kept from call to call (one set per thread) so
/// that a call clears nothing: a point was reached by this call's fill `f` when its mark is
/// `base + f`.
struct Fills {
    /// Per point: the mark of the fill that reached it.
    mark: Vec<u32>,
    /// The first mark of the current call (one above the last mark of the previous one).
    base: u32,
    stack: Vec<u16>,
}

thread_local! {
    static FILLS: std::cell::RefCell<Fills> = std::cell::RefCell::new(Fills {
        mark: vec![0; MAX_POINTS],
        base: 1,
        stack: vec![0; MAX_POINTS],
    });
}

fn may_be_alive_with(board: &Board, p: Point, color: Color, f: &mut Fills) -> bool {
    let own = Cell::stone(color);
    let head = board.string_head(p);
    let liberty = |x: Point| {
        board
            .neighbours(x)
            .iter()
            .any(|&m| board.cell(m) == own && board.string_head(m) == head)
    };
    if f.base > u32::MAX - 2 * MAX_POINTS as u32 {
        f.mark.fill(0);
        f.base = 1;
    }
    let base = f.base;
    // Per fill (from 1): whether it stopped short.
    let mut stopped: SmallVec<[bool; 32]> = SmallVec::new();
    stopped.push(false);
    let mut fills = 0u32;
    let mut vital = 0;
    let mut alive = false;
    'strings: for s in board.string_stones(head) {
        for l in board.neighbours(s) {
            if board.cell(l) != Cell::Empty || f.mark[l.index()] >= base {
                continue;
            }
            // Flood the region of l until an empty point that is not a liberty, or a point
            // of a flood that stopped so (the same region).
            fills += 1;
            stopped.push(false);
            f.mark[l.index()] = base + fills;
            f.stack[0] = l.0;
            let mut top = 1;
            let mut is_vital = true;
            'flood: while top > 0 {
                top -= 1;
                let x = Point(f.stack[top]);
                if board.cell(x) == Cell::Empty && !liberty(x) {
                    is_vital = false;
                    break;
                }
                for m in board.neighbours(x) {
                    let c = board.cell(m);
                    if c == Cell::OffBoard || c == own {
                        continue;
                    }
                    let mk = f.mark[m.index()];
                    if mk < base {
                        f.mark[m.index()] = base + fills;
                        f.stack[top] = m.0;
                        top += 1;
                    } else if stopped[(mk - base) as usize] {
                        is_vital = false;
                        break 'flood;
                    }
                }
            }
            stopped[fills as usize] = !is_vital;
            if is_vital {
                vital += 1;
                if vital >= 2 {
                    alive = true;
                    break 'strings;
                }
            }
        }
    }
    f.base = base + fills + 1;
    alive
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The straightforward reading of Benson's algorithm the fast one must agree with.
    fn reference(board: &Board, color: Color) -> Vec<bool> {
        let n = MAX_POINTS;
        let own = Cell::stone(color);
        let mut region = vec![usize::MAX; n];
        let mut regions: Vec<Vec<Point>> = Vec::new();
        for p in board.points() {
            if board.cell(p) == own || region[p.index()] != usize::MAX {
                continue;
            }
            let id = regions.len();
            let mut pts = vec![p];
            region[p.index()] = id;
            let mut i = 0;
            while i < pts.len() {
                let x = pts[i];
                i += 1;
                for m in board.neighbours(x) {
                    let c = board.cell(m);
                    if c != Cell::OffBoard && c != own && region[m.index()] == usize::MAX {
                        region[m.index()] = id;
                        pts.push(m);
                    }
                }
            }
            regions.push(pts);
        }
        let chains: Vec<Point> = board
            .points()
            .filter(|&p| board.cell(p) == own && board.string_head(p) == p)
            .collect();
        let mut borders: Vec<Vec<Point>> = Vec::new();
        let mut vital: Vec<Vec<Point>> = Vec::new();
        for pts in &regions {
            let mut b: Vec<Point> = Vec::new();
            for &x in pts {
                for m in board.neighbours(x) {
                    if board.cell(m) == own && !b.contains(&board.string_head(m)) {
                        b.push(board.string_head(m));
                    }
                }
            }
            let v = b
                .iter()
                .copied()
                .filter(|&h| {
                    pts.iter().all(|&x| {
                        board.cell(x) != Cell::Empty
                            || board
                                .neighbours(x)
                                .iter()
                                .any(|&m| board.cell(m) == own && board.string_head(m) == h)
                    })
                })
                .collect();
            borders.push(b);
            vital.push(v);
        }
        let mut chain_alive = vec![true; chains.len()];
        let mut region_alive = vec![true; regions.len()];
        loop {
            let mut changed = false;
            for (ci, &h) in chains.iter().enumerate() {
                let count = (0..regions.len())
                    .filter(|&r| region_alive[r] && vital[r].contains(&h))
                    .count();
                if chain_alive[ci] && count < 2 {
                    chain_alive[ci] = false;
                    changed = true;
                }
            }
            for r in 0..regions.len() {
                if region_alive[r]
                    && borders[r]
                        .iter()
                        .any(|h| !chain_alive[chains.iter().position(|c| c == h).unwrap()])
                {
                    region_alive[r] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut alive = vec![false; n];
        for (ci, &h) in chains.iter().enumerate() {
            if chain_alive[ci] {
                for s in board.string_stones(h) {
                    alive[s.index()] = true;
                }
            }
        }
        alive
    }

    /// On random positions of several sizes and densities (legal plays of both colours),
    /// the fast algorithm and the reference agree for both colours.
    #[test]
    fn agrees_with_the_reference() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut some_alive = false;
        for size in [5, 7, 9, 13] {
            for _ in 0..60 {
                let mut b = Board::new(size);
                let plays = (next() % (size * size * 3) as u64) as usize;
                for i in 0..plays {
                    let color = if (next() >> 5) % 2 == 0 || i % 7 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let k = (next() % b.empty_count() as u64) as usize;
                    let p = b.empty_point(k);
                    if !b.is_suicide(p, color) && b.ko() != Some((p, color)) && !b.is_eye(p, color)
                    {
                        b.play(p, color);
                    }
                }
                for color in Color::BOTH {
                    let fast = benson_alive(&b, color);
                    assert_eq!(fast, reference(&b, color), "{b:?}");
                    // Asked about one string, or about every point at once.
                    for p in b.points() {
                        let mut of = vec![false; MAX_POINTS];
                        benson_of(&b, color, &[p], &mut of);
                        if b.cell(p) == Cell::stone(color) {
                            assert_eq!(of[p.index()], fast[p.index()], "{} {b:?}", b.vertex(p));
                        }
                        for q in b.points() {
                            assert!(!of[q.index()] || fast[q.index()], "{b:?}");
                        }
                    }
                    for p in b.points().filter(|&p| b.cell(p) == Cell::stone(color)) {
                        for q in b.points().filter(|&q| b.cell(q) == Cell::stone(color)) {
                            let both = fast[p.index()] && fast[q.index()];
                            assert_eq!(benson_all_alive(&b, color, &[p, q]), both, "{b:?}");
                        }
                    }
                    let all: Vec<Point> = b.points().collect();
                    let mut of = vec![false; MAX_POINTS];
                    benson_of(&b, color, &all, &mut of);
                    assert_eq!(of, fast, "{b:?}");
                    some_alive |= fast.contains(&true);
                    for p in b.points() {
                        if fast[p.index()] {
                            assert!(may_be_alive(&b, p), "{} {b:?}", b.vertex(p));
                        }
                    }
                }
            }
        }
        assert!(
            some_alive,
            "no position had an unconditionally alive string"
        );
    }
}
