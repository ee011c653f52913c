//! Boards for the lines of a local search, refilled cheaply from their parent position.
//!
//! A local search plays a move on a copy of the position, reads the line below, and then
//! plays the parent's next move on the same copy, refilled from the parent. A play writes a
//! few dozen array cells of the board at most, while a copy writes them all (some 9 KB on
//! 19x19): a [`LineBoard`] remembers which position it was copied from and which cells its
//! plays wrote since, and when it is refilled from that same position it copies back only
//! those cells. It also remembers what that position had been copied from and which cells
//! differed there, so that it is refilled as cheaply from a *sibling* of that position (a
//! board copied from the same grandparent), as the boards of a line are when the search
//! moves on to the next move one level up. The result is the same board as a full copy,
//! cell for cell.

use super::{Board, Color, Note, Point};
use std::ops::Deref;

/// Hands out the stamps that tell a game's boards apart: every refill or play gives a
/// [`LineBoard`] a stamp never given before, so an equal stamp means the same position.
#[derive(Debug, Default)]
pub struct Stamps(u64);

impl Stamps {
    /// A stamp not given before.
    fn fresh(&mut self) -> u64 {
        self.0 += 1;
        self.0
    }
}

/// Per-point array cells a refill copies at most; past that it copies the whole board.
const POINTS: usize = 64;
/// Empty-list cells a refill copies at most; past that it copies the whole board.
const SLOTS: usize = 16;

/// The array cells written since a board was last a copy of its origin.
#[derive(Clone, Debug)]
struct Touched {
    points: [u16; POINTS],
    slots: [u16; SLOTS],
    n_points: u8,
    n_slots: u8,
    /// More than fits: a refill copies everything.
    all: bool,
}

impl Touched {
    const NONE: Touched = Touched {
        points: [0; POINTS],
        slots: [0; SLOTS],
        n_points: 0,
        n_slots: 0,
        all: false,
    };

    fn clear(&mut self) {
        self.n_points = 0;
        self.n_slots = 0;
        self.all = false;
    }

    /// Becomes a copy of `other` (only the entries in use are copied).
    fn copy_from(&mut self, other: &Touched) {
        let (np, ns) = (other.n_points as usize, other.n_slots as usize);
        self.points[..np].copy_from_slice(&other.points[..np]);
        self.slots[..ns].copy_from_slice(&other.slots[..ns]);
        self.n_points = other.n_points;
        self.n_slots = other.n_slots;
        self.all = other.all;
    }

    /// Copies the cells listed here from `from` to `to`.
    fn copy_cells(&self, to: &mut Board, from: &Board) {
        for &i in &self.points[..self.n_points as usize] {
            let i = i as usize;
            to.cells[i] = from.cells[i];
            to.head[i] = from.head[i];
            to.next[i] = from.next[i];
            to.libs[i] = from.libs[i];
            to.lib_sum[i] = from.lib_sum[i];
            to.lib_sum_sq[i] = from.lib_sum_sq[i];
            to.stones[i] = from.stones[i];
            to.empty_pos[i] = from.empty_pos[i];
        }
        for &i in &self.slots[..self.n_slots as usize] {
            to.empty[i as usize] = from.empty[i as usize];
        }
    }
}

/// Appends `i` to the first `*n` entries of `list`; false when the list is full.
#[inline]
fn push(list: &mut [u16], n: &mut u8, i: usize) -> bool {
    let k = *n as usize;
    if k < list.len() {
        list[k] = i as u16;
        *n += 1;
        true
    } else {
        false
    }
}

impl Note for Touched {
    #[inline]
    fn point(&mut self, i: usize) {
        if !push(&mut self.points, &mut self.n_points, i) {
            self.all = true;
        }
    }

    #[inline]
    fn slot(&mut self, i: usize) {
        if !push(&mut self.slots, &mut self.n_slots, i) {
            self.all = true;
        }
    }
}

/// A board of a line of play (see the module documentation): read it as a [`Board`]; it
/// changes only through [`LineBoard::refill_from`], [`LineBoard::play_with`] and
/// [`LineBoard::clear_ko`], so it always knows what it wrote since its last refill.
///
/// Boxed whole, so that it moves cheaply with the state holding it.
#[derive(Debug)]
pub struct LineBoard(Box<Lined>);

/// What a [`LineBoard`] holds.
#[derive(Debug)]
struct Lined {
    board: Board,
    /// This board's stamp: changed by every refill and every change.
    stamp: u64,
    /// The stamp of the board it was last refilled from (0: none).
    origin: u64,
    /// What changed since that refill.
    touched: Touched,
    /// The origin's own origin at that refill (0: none).
    grand: u64,
    /// What the origin had changed since its own refill, at that refill.
    origin_touched: Touched,
}

impl Deref for LineBoard {
    type Target = Board;
    #[inline]
    fn deref(&self) -> &Board {
        &self.0.board
    }
}

impl LineBoard {
    /// This board's stamp: two line boards of one game with the same stamp hold the same
    /// position, as does one board whose stamp has not changed.
    pub fn stamp(&self) -> u64 {
        self.0.stamp
    }

    /// A line board holding a copy of `board`.
    pub fn new(board: &Board, stamps: &mut Stamps) -> LineBoard {
        LineBoard(Box::new(Lined {
            board: board.clone(),
            stamp: stamps.fresh(),
            origin: 0,
            touched: Touched::NONE,
            grand: 0,
            origin_touched: Touched::NONE,
        }))
    }

    /// A new line board holding a copy of `parent`, refillable from it.
    pub fn copy_of(parent: &LineBoard, stamps: &mut Stamps) -> LineBoard {
        let parent = &parent.0;
        LineBoard(Box::new(Lined {
            board: parent.board.clone(),
            stamp: stamps.fresh(),
            origin: parent.stamp,
            touched: Touched::NONE,
            grand: parent.origin,
            origin_touched: parent.touched.clone(),
        }))
    }

    /// Makes this board a copy of `parent`: when it was last refilled from `parent` as it
    /// stands now, by copying back only the cells its plays wrote since; when it was last
    /// refilled from a sibling of `parent` (a board refilled from the same board as
    /// `parent`), by copying the cells that it, that sibling and `parent` changed; otherwise
    /// whole ([`Board::clone_from`]).
    pub fn refill_from(&mut self, parent: &LineBoard, stamps: &mut Stamps) {
        let (this, parent) = (&mut *self.0, &*parent.0);
        this.refill_from(parent, stamps);
    }

    /// [`Board::play_with`], noting the cells the play writes.
    pub fn play_with(
        &mut self,
        p: Point,
        color: Color,
        on_remove: impl FnMut(Point),
        stamps: &mut Stamps,
    ) -> u32 {
        let this = &mut *self.0;
        this.stamp = stamps.fresh();
        this.board
            .play_noting(p, color, on_remove, &mut this.touched)
    }

    /// [`Board::play`], noting the cells the play writes.
    pub fn play(&mut self, p: Point, color: Color, stamps: &mut Stamps) -> u32 {
        self.play_with(p, color, |_| {}, stamps)
    }

    /// [`Board::clear_ko`].
    pub fn clear_ko(&mut self, stamps: &mut Stamps) {
        self.0.stamp = stamps.fresh();
        self.0.board.clear_ko();
    }
}

impl Lined {
    /// See [`LineBoard::refill_from`].
    fn refill_from(&mut self, parent: &Lined, stamps: &mut Stamps) {
        let from_parent = self.origin == parent.stamp;
        let from_sibling = !from_parent
            && parent.origin != 0
            && self.grand == parent.origin
            && !self.origin_touched.all
            && !parent.touched.all;
        if (from_parent || from_sibling)
            && !self.touched.all
            && self.board.size == parent.board.size
        {
            let (to, from) = (&mut self.board, &parent.board);
            self.touched.copy_cells(to, from);
            if from_sibling {
                self.origin_touched.copy_cells(to, from);
                parent.touched.copy_cells(to, from);
            }
            to.empty_count = from.empty_count;
            to.hash = from.hash;
            to.captures = from.captures;
            to.ko = from.ko;
            to.ko_banned = from.ko_banned;
            #[cfg(debug_assertions)]
            to.assert_same_arrays(from);
        } else {
            self.board.clone_from(&parent.board);
        }
        self.stamp = stamps.fresh();
        self.origin = parent.stamp;
        self.touched.clear();
        self.grand = parent.origin;
        self.origin_touched.copy_from(&parent.touched);
    }
}

impl Board {
    /// Panics unless every array cell this board's size uses, and every other field, equals
    /// `other`'s (a check of [`LineBoard::refill_from`] in debug builds).
    #[cfg(debug_assertions)]
    fn assert_same_arrays(&self, other: &Board) {
        let n = self.array_len();
        assert!(
            self.size == other.size
                && self.cells[..n] == other.cells[..n]
                && self.head[..n] == other.head[..n]
                && self.next[..n] == other.next[..n]
                && self.libs[..n] == other.libs[..n]
                && self.lib_sum[..n] == other.lib_sum[..n]
                && self.lib_sum_sq[..n] == other.lib_sum_sq[..n]
                && self.stones[..n] == other.stones[..n]
                && self.empty[..n] == other.empty[..n]
                && self.empty_pos[..n] == other.empty_pos[..n]
                && self.empty_count == other.empty_count
                && self.hash == other.hash
                && self.captures == other.captures
                && self.ko == other.ko
                && self.ko_banned == other.ko_banned,
            "a refilled line board differs from its parent"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Random trees of play on 9x9 and 19x19 from random middle-game positions, walked
    /// depth first with one pool of spare boards per depth, as a local search walks them: a
    /// board refilled from its parent (after a play from that parent, a sibling of it or
    /// elsewhere) is, array for array, the parent (the debug check in `refill_from` compares
    /// them; this test also compares what a reader sees).
    #[test]
    fn a_refill_equals_a_full_copy() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for size in [9, 19] {
            for _ in 0..10 {
                let mut stamps = Stamps::default();
                let mut start = Board::new(size);
                let mut color = Color::Black;
                for _ in 0..size * size / 2 {
                    if let Some(p) = random_legal(&start, color, &mut rng) {
                        start.play(p, color);
                    }
                    color = color.opponent();
                }
                let root = LineBoard::new(&start, &mut stamps);
                let mut spares: Vec<Vec<LineBoard>> = (0..8).map(|_| Vec::new()).collect();
                walk(&root, 1, color, &mut spares, &mut stamps, &mut rng);
            }
        }
    }

    fn walk(
        parent: &LineBoard,
        depth: usize,
        color: Color,
        spares: &mut Vec<Vec<LineBoard>>,
        stamps: &mut Stamps,
        rng: &mut impl Rng,
    ) {
        if depth >= spares.len() {
            return;
        }
        for _ in 0..3 {
            let mut child = match spares[depth].pop() {
                Some(mut spare) => {
                    spare.refill_from(parent, stamps);
                    spare
                }
                None => LineBoard::copy_of(parent, stamps),
            };
            assert!(*child == **parent && child.hash() == parent.hash());
            if rng.gen_bool(0.1) {
                child.clear_ko(stamps);
            } else if let Some(p) = random_legal(parent, color, rng) {
                child.play(p, color, stamps);
            }
            walk(&child, depth + 1, color.opponent(), spares, stamps, rng);
            spares[depth].push(child);
        }
    }

    fn random_legal(b: &Board, color: Color, rng: &mut impl Rng) -> Option<Point> {
        let n = b.empty_count();
        (0..8).find_map(|_| {
            let p = b.empty_point(rng.gen_range(0..n));
            b.is_legal_simple(p, color, super::super::SuicideRule::Forbidden)
                .then_some(p)
        })
    }
}
