//! Benson's unconditional life: the strings that cannot be captured even if their owner
//! always passes. Used by dead-stone judgement and by the ko classifier.

use crate::board::{Board, Cell, Color, Point};

/// Benson's unconditional life for `color` on the whole board: `alive[p]` is true for every
/// stone of `color` on `p` whose string cannot be captured even if `color` always passes.
pub fn benson_alive(board: &Board, color: Color) -> Vec<bool> {
    let n = crate::board::MAX_POINTS;
    let own = Cell::stone(color);
    // Label the regions: maximal connected sets of points that are not `color` stones.
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
    // Chains bordering each region, and the chains each region is vital to.
    let mut chains: Vec<Point> = Vec::new();
    for p in board.points() {
        if board.cell(p) == own && board.string_head(p) == p {
            chains.push(p);
        }
    }
    let mut borders: Vec<Vec<Point>> = Vec::with_capacity(regions.len());
    let mut vital: Vec<Vec<Point>> = Vec::with_capacity(regions.len());
    for pts in &regions {
        let mut b: Vec<Point> = Vec::new();
        for &x in pts {
            for m in board.neighbours(x) {
                if board.cell(m) == own {
                    let h = board.string_head(m);
                    if !b.contains(&h) {
                        b.push(h);
                    }
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
    let mut chain_alive: Vec<bool> = vec![true; chains.len()];
    let mut region_alive: Vec<bool> = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (ci, &h) in chains.iter().enumerate() {
            if !chain_alive[ci] {
                continue;
            }
            let count = (0..regions.len())
                .filter(|&r| region_alive[r] && vital[r].contains(&h))
                .count();
            if count < 2 {
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
