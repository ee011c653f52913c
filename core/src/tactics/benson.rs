//! Benson's unconditional life: the strings that cannot be captured even if their owner
//! always passes. Used by dead-stone judgement and by the ko classifier.

use crate::board::{Board, Cell, Color, Point, MAX_POINTS};

/// Benson's unconditional life for `color` on the whole board: `alive[p]` is true for every
/// stone of `color` on `p` whose string cannot be captured even if `color` always passes.
pub fn benson_alive(board: &Board, color: Color) -> Vec<bool> {
    let mut alive = vec![false; MAX_POINTS];
    benson_into(board, color, &mut alive);
    alive
}

/// "None" in the index arrays of [`benson_into`].
const NONE: u16 = u16::MAX;

/// The working arrays of [`benson_into`], kept from call to call (one set per thread) so
/// that a call neither allocates nor clears more than the board it reads.
struct Scratch {
    /// Per point: `base` plus its region, once a call reached it (below `base`: not yet).
    region_of: Vec<u32>,
    /// The first region number of the current call.
    base: u32,
    /// Per string head: its chain index ([`NONE`] between calls).
    chain_of: Vec<u16>,
    /// Per chain: its head.
    heads: Vec<u16>,
    /// Per chain: the last region that met it, and how many of that region's empty points
    /// touch it.
    seen_in: Vec<u16>,
    touching: Vec<u16>,
    /// Per chain: the last point that counted it.
    last_at: Vec<u16>,
    /// Per chain: alive so far, and its vital regions still alive.
    chain_alive: Vec<bool>,
    vital: Vec<u16>,
    /// The (chain, vital) pairs of the regions, region after region.
    pairs: Vec<(u16, bool)>,
    /// Per region: where its pairs start in `pairs` (one more entry for the end).
    start: Vec<u16>,
    region_alive: Vec<bool>,
    stack: Vec<u16>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch {
        region_of: vec![0; MAX_POINTS],
        base: 1,
        chain_of: vec![NONE; MAX_POINTS],
        heads: vec![0; MAX_POINTS],
        seen_in: vec![NONE; MAX_POINTS],
        touching: vec![0; MAX_POINTS],
        last_at: vec![NONE; MAX_POINTS],
        chain_alive: vec![false; MAX_POINTS],
        vital: vec![0; MAX_POINTS],
        pairs: Vec::with_capacity(4 * MAX_POINTS),
        start: vec![0; MAX_POINTS + 1],
        region_alive: vec![false; MAX_POINTS],
        stack: vec![0; MAX_POINTS],
    });
}

/// [`benson_alive`] into `alive` (at least [`MAX_POINTS`] long, all false), without
/// allocating: the regions (maximal connected sets of points without `color` stones) and
/// the chains bordering each, with whether the region is *vital* to the chain (every empty
/// point of the region is a liberty of it); then chains with fewer than two vital regions
/// left, and regions bordering such chains, are taken away until nothing changes.
///
/// A region with an empty point that touches no `color` stone is vital to no chain: it
/// gives no chain life, and whether it is taken away changes nothing, so it is flooded
/// only to be told apart from the others, and its chains are not listed for it.
pub fn benson_into(board: &Board, color: Color, alive: &mut [bool]) {
    SCRATCH.with(|s| benson_with(board, color, alive, &mut s.borrow_mut()));
}

fn benson_with(board: &Board, color: Color, alive: &mut [bool], s: &mut Scratch) {
    let own = Cell::stone(color);
    if s.base > u32::MAX - 2 * MAX_POINTS as u32 {
        s.region_of.fill(0);
        s.base = 1;
    }
    let base = s.base;
    let mut chains = 0usize;
    let mut regions = 0usize;
    s.pairs.clear();
    for p in board.points() {
        if board.cell(p) == own || s.region_of[p.index()] >= base {
            continue;
        }
        let r = regions as u16;
        let id = base + regions as u32;
        s.start[regions] = s.pairs.len() as u16;
        regions += 1;
        let first = s.pairs.len();
        let mut empties = 0u16;
        // False once an empty point of the region touches no `color` stone.
        let mut may_be_vital = true;
        s.region_of[p.index()] = id;
        s.stack[0] = p.0;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let x = Point(s.stack[top]);
            let empty = board.cell(x) == Cell::Empty;
            empties += empty as u16;
            let mut touches_own = false;
            for m in board.neighbours(x) {
                match board.cell(m) {
                    Cell::OffBoard => {}
                    c if c == own => {
                        touches_own = true;
                        if !may_be_vital {
                            continue;
                        }
                        let h = board.string_head(m).index();
                        if s.chain_of[h] == NONE {
                            s.chain_of[h] = chains as u16;
                            s.heads[chains] = h as u16;
                            s.seen_in[chains] = NONE;
                            s.last_at[chains] = NONE;
                            chains += 1;
                        }
                        let c = s.chain_of[h];
                        let ci = c as usize;
                        // Each chain is counted once for x.
                        if s.last_at[ci] == x.0 {
                            continue;
                        }
                        s.last_at[ci] = x.0;
                        if s.seen_in[ci] != r {
                            s.seen_in[ci] = r;
                            s.touching[ci] = 0;
                            s.pairs.push((c, false));
                        }
                        s.touching[ci] += empty as u16;
                    }
                    _ => {
                        if s.region_of[m.index()] < base {
                            s.region_of[m.index()] = id;
                            s.stack[top] = m.0;
                            top += 1;
                        }
                    }
                }
            }
            if empty && !touches_own && may_be_vital {
                may_be_vital = false;
                s.pairs.truncate(first);
            }
        }
        let Scratch {
            pairs, touching, ..
        } = s;
        for pair in &mut pairs[first..] {
            pair.1 = touching[pair.0 as usize] == empties;
        }
    }
    s.base = base + regions as u32;
    s.start[regions] = s.pairs.len() as u16;
    s.chain_alive[..chains].fill(true);
    s.region_alive[..regions].fill(true);
    loop {
        s.vital[..chains].fill(0);
        for r in 0..regions {
            if s.region_alive[r] {
                for &(c, v) in &s.pairs[s.start[r] as usize..s.start[r + 1] as usize] {
                    s.vital[c as usize] += v as u16;
                }
            }
        }
        let mut changed = false;
        for c in 0..chains {
            if s.chain_alive[c] && s.vital[c] < 2 {
                s.chain_alive[c] = false;
                changed = true;
            }
        }
        for r in 0..regions {
            if s.region_alive[r]
                && s.pairs[s.start[r] as usize..s.start[r + 1] as usize]
                    .iter()
                    .any(|&(c, _)| !s.chain_alive[c as usize])
            {
                s.region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for c in 0..chains {
        let head = Point(s.heads[c]);
        if s.chain_alive[c] {
            for stone in board.string_stones(head) {
                alive[stone.index()] = true;
            }
        }
        s.chain_of[head.index()] = NONE;
    }
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
    let own = Cell::stone(color);
    let head = board.string_head(p);
    let liberty = |x: Point| {
        board
            .neighbours(x)
            .iter()
            .any(|&m| board.cell(m) == own && board.string_head(m) == head)
    };
    // Per point: the fill that reached it (0: none); per fill: whether it stopped short.
    let mut seen = [0u16; MAX_POINTS];
    let mut stopped = [false; MAX_POINTS];
    let mut stack = [0u16; MAX_POINTS];
    let mut fills = 0u16;
    let mut vital = 0;
    for s in board.string_stones(head) {
        for l in board.neighbours(s) {
            if board.cell(l) != Cell::Empty || seen[l.index()] != 0 {
                continue;
            }
            // Flood the region of l until an empty point that is not a liberty, or a point
            // of a flood that stopped so (the same region).
            fills += 1;
            seen[l.index()] = fills;
            stack[0] = l.0;
            let mut top = 1;
            let mut is_vital = true;
            'flood: while top > 0 {
                top -= 1;
                let x = Point(stack[top]);
                if board.cell(x) == Cell::Empty && !liberty(x) {
                    is_vital = false;
                    break;
                }
                for m in board.neighbours(x) {
                    let c = board.cell(m);
                    if c == Cell::OffBoard || c == own {
                        continue;
                    }
                    match seen[m.index()] {
                        0 => {
                            seen[m.index()] = fills;
                            stack[top] = m.0;
                            top += 1;
                        }
                        f if stopped[f as usize] => {
                            is_vital = false;
                            break 'flood;
                        }
                        _ => {}
                    }
                }
            }
            if is_vital {
                vital += 1;
                if vital >= 2 {
                    return true;
                }
            } else {
                stopped[fills as usize] = true;
            }
        }
    }
    false
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
