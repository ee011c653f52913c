//! The search tree shared by all worker threads: an arena of nodes whose statistics are
//! atomics, so threads read and update them without a lock.
//!
//! - A node is created with its move and its prior; its children are created together, in
//!   one contiguous block of the arena, by the one thread that wins the node's expansion
//!   (a compare-and-swap on its state), and published with a release store.
//! - Statistics are counted in half points (a win 2, a draw 1) from the point of view of the
//!   player who made the node's move. Visits are added on the way down (virtual loss: other
//!   threads see a visit that has not won yet), wins on the way back.
//! - AMAF ("all moves as first", RAVE) statistics sit beside them.
//! - So do the sum and the sum of squares of the final margins of the simulations through
//!   the node, in half points and for the same player, added with the wins: their mean and
//!   spread are the move's expected score ([`Stats::score_mean`], [`Stats::score_stdev`]),
//!   which selection weighs in through a bounded score utility ([`ScoreUtility`]).
//! - When the arena is full, nodes are no longer expanded; the search goes on with
//!   playouts from the leaves.

use super::priors::Prior;
use crate::board::Point;
use std::sync::atomic::{
    AtomicI64, AtomicI8, AtomicU16, AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering::*,
};

/// The node has no children yet.
const LEAF: u8 = 0;
/// A thread is creating the node's children.
const EXPANDING: u8 = 1;
/// The node's children are in the arena.
const EXPANDED: u8 = 2;

/// RAVE's equivalence parameter: the number of visits at which a move's own statistics and
/// its AMAF statistics weigh the same (Silver's schedule, the value Michi uses).
pub(super) const RAVE_EQUIV: f32 = 3500.0;

/// One position of the tree, reached by the move `point` from its parent.
#[derive(Debug, Default)]
pub(super) struct Node {
    /// The move leading here ([`Point::PASS`] for a pass).
    point: AtomicU16,
    /// [`LEAF`], [`EXPANDING`] or [`EXPANDED`].
    state: AtomicU8,
    /// Number of children (valid once expanded).
    child_count: AtomicU16,
    /// Arena index of the first child (valid once expanded).
    first_child: AtomicU32,
    /// Prior visits and wins (half points).
    prior_visits: AtomicU16,
    prior_wins2: AtomicU16,
    /// The prior's margin per virtual visit, in half points.
    prior_score2: AtomicI8,
    /// The move model's probability of the move, in units of 1/65535.
    prior_policy: AtomicU16,
    /// Simulations through this node (including those still running).
    visits: AtomicU32,
    /// Wins of those simulations for the player who made `point`, in half points.
    wins2: AtomicU32,
    /// AMAF simulations and wins (half points) for this move from the parent.
    rave_visits: AtomicU32,
    rave_wins2: AtomicU32,
    /// Sum of the final margins of the simulations through this node for the player who
    /// made `point`, in half points.
    score2: AtomicI64,
    /// Sum of the squares of those margins (in half points, squared).
    score2_sq: AtomicU64,
}

/// A copy of a node's numbers at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Stats {
    pub point: Point,
    pub visits: u32,
    pub wins2: u32,
    pub rave_visits: u32,
    pub rave_wins2: u32,
    pub prior: Prior,
    /// Sum of the final margins for the node's player, in half points.
    pub score2: i64,
    /// Sum of their squares.
    pub score2_sq: u64,
}

impl Stats {
    /// The win rate of the simulations made (0.5 before any).
    pub fn winrate(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins2 as f64 / (2.0 * self.visits as f64)
        }
    }

    /// The mean final margin of the simulations made, for the node's player (0 before any).
    pub fn score_mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.score2 as f64 / (2.0 * self.visits as f64)
        }
    }

    /// The spread (standard deviation) of those margins (0 before any).
    pub fn score_stdev(&self) -> f64 {
        if self.visits == 0 {
            return 0.0;
        }
        let n = self.visits as f64;
        let mean2 = self.score2 as f64 / n;
        let var4 = self.score2_sq as f64 / n - mean2 * mean2;
        var4.max(0.0).sqrt() / 2.0
    }

    /// The value selection maximises without a score utility: [`Stats::value_with`] and
    /// [`ScoreUtility::OFF`].
    #[inline]
    pub fn value(&self) -> f32 {
        self.value_with(&ScoreUtility::OFF)
    }

    /// The value selection maximises: the node's own expectation, the win rate with the
    /// prior's virtual visits plus the score utility `u` of its mean margin, blended with
    /// the AMAF win rate by Silver's schedule
    /// `beta = n_amaf / (n_amaf + n + n * n_amaf / RAVE_EQUIV)`. The score utility thus
    /// weighs in as the node's own statistics take over from AMAF.
    #[inline]
    pub fn value_with(&self, u: &ScoreUtility) -> f32 {
        let v = (self.visits + self.prior.visits) as f32;
        let w = (self.wins2 + self.prior.wins2) as f32 * 0.5;
        let expectation = if v > 0.0 { w / v } else { 0.5 };
        let term = u.term(self);
        if self.rave_visits == 0 {
            return expectation + term;
        }
        let av = self.rave_visits as f32;
        let rave = self.rave_wins2 as f32 * 0.5 / av;
        let beta = av / (av + v + v * av / RAVE_EQUIV);
        beta * rave + (1.0 - beta) * expectation + term
    }

    /// The exploration term selection adds for the move model's policy (AlphaGo's PUCT):
    /// `c * policy * sqrt(parent_visits) / (1 + visits)`, where `sqrt_parent` is the square
    /// root of the parent's visits. It keeps a move the model rates highly in the search
    /// after a few unlucky simulations, as greedy selection by value alone would not; it
    /// fades as the move's own visits grow. Zero with the hand-made priors (no policy).
    #[inline]
    pub fn exploration(&self, c: f32, sqrt_parent: f32) -> f32 {
        c * self.prior.probability() * sqrt_parent / (1.0 + self.visits as f32)
    }
}

/// The score utility selection adds to a node's win rate (KataGo's idea): a bounded,
/// increasing function of how far the node's mean final margin lies above `center`,
/// `weight * (2 / pi) * atan((mean - center) / scale)`, between `-weight` and `weight`.
/// The mean is shrunk by the prior's virtual visits and [`ScoreUtility::prior_visits`]
/// more towards `center` plus the prior's margin ([`Prior::score2`]: captures and saves
/// are worth points), as the win rate is shrunk towards the prior's, so that a move seen a
/// few times does not rise or fall on a few playouts' scores. Among moves that win about equally often, the one that wins (or loses) by more
/// gets more visits: ahead, the search takes the free points; behind, it plays for the
/// moves that narrow the gap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct ScoreUtility {
    /// The margin (for the node's player) that scores 0: the root's mean margin.
    pub center: f32,
    /// `1 / scale`, the scale in points.
    pub inv_scale: f32,
    /// The bound of the utility, in win-rate units (0 turns it off).
    pub weight: f32,
    /// Virtual visits, beside the prior's, that shrink a node's mean margin towards the
    /// center (plus the prior's margin).
    pub prior_visits: f32,
}

impl ScoreUtility {
    /// No score utility: selection by the win rate alone.
    pub const OFF: ScoreUtility = ScoreUtility {
        center: 0.0,
        inv_scale: 1.0,
        weight: 0.0,
        prior_visits: 0.0,
    };

    /// The same utility for the other player: the center's sign turns.
    #[inline]
    pub fn flipped(self) -> ScoreUtility {
        ScoreUtility {
            center: -self.center,
            ..self
        }
    }

    /// The utility of the node with statistics `s` (0 before any visit).
    #[inline]
    pub fn term(&self, s: &Stats) -> f32 {
        if self.weight == 0.0 || (s.visits == 0 && s.prior.score2 == 0) {
            return 0.0;
        }
        let n = s.visits as f32;
        let pv = s.prior.visits as f32 + self.prior_visits;
        let above = (s.score2 as f32 * 0.5 - n * self.center + pv * s.prior.score2 as f32 * 0.5)
            / (n + pv).max(1.0);
        self.weight * atan_unit(above * self.inv_scale)
    }
}

/// `(2 / pi) * atan(x)`, within 0.002 and increasing, without a library call: the
/// selection evaluates it for every visited child of every node it passes.
#[inline]
pub(super) fn atan_unit(x: f32) -> f32 {
    let a = x.abs();
    // atan(t) for t in [0, 1]: pi/4 t + t (1 - t) (0.2447 + 0.0663 t) (within 0.0015 rad).
    let small = |t: f32| std::f32::consts::FRAC_PI_4 * t + t * (1.0 - t) * (0.2447 + 0.0663 * t);
    let angle = if a <= 1.0 {
        small(a)
    } else {
        std::f32::consts::FRAC_PI_2 - small(1.0 / a)
    };
    (angle * std::f32::consts::FRAC_2_PI).copysign(x)
}

impl Node {
    /// The node's numbers now.
    #[inline]
    pub fn stats(&self) -> Stats {
        Stats {
            point: self.point(),
            visits: self.visits.load(Relaxed),
            wins2: self.wins2.load(Relaxed),
            rave_visits: self.rave_visits.load(Relaxed),
            rave_wins2: self.rave_wins2.load(Relaxed),
            prior: Prior {
                visits: self.prior_visits.load(Relaxed) as u32,
                wins2: self.prior_wins2.load(Relaxed) as u32,
                score2: self.prior_score2.load(Relaxed) as i32,
                policy: self.prior_policy.load(Relaxed),
            },
            score2: self.score2.load(Relaxed),
            score2_sq: self.score2_sq.load(Relaxed),
        }
    }

    /// The move leading here.
    #[inline]
    pub fn point(&self) -> Point {
        Point(self.point.load(Relaxed))
    }

    /// Simulations through this node so far.
    #[inline]
    pub fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    /// Adds a visit (on the way down).
    #[inline]
    pub fn add_visit(&self) {
        self.visits.fetch_add(1, Relaxed);
    }

    /// Adds a simulation's result (on the way back): its wins and its final margin for
    /// the node's player, both in half points.
    #[inline]
    pub fn add_result(&self, wins2: u32, score2: i32) {
        if wins2 > 0 {
            self.wins2.fetch_add(wins2, Relaxed);
        }
        if score2 != 0 {
            self.score2.fetch_add(i64::from(score2), Relaxed);
            let sq = i64::from(score2) * i64::from(score2);
            self.score2_sq.fetch_add(sq as u64, Relaxed);
        }
    }

    /// Adds an AMAF result, in half points.
    #[inline]
    pub fn add_rave(&self, wins2: u32) {
        self.rave_visits.fetch_add(1, Relaxed);
        if wins2 > 0 {
            self.rave_wins2.fetch_add(wins2, Relaxed);
        }
    }

    /// True once the children are published.
    #[inline]
    pub fn is_expanded(&self) -> bool {
        self.state.load(Acquire) == EXPANDED
    }

    /// Claims the node's expansion for the calling thread; false if another has it.
    #[inline]
    pub fn try_claim(&self) -> bool {
        self.state
            .compare_exchange(LEAF, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Gives the claim back without children (the arena was full).
    pub fn release_claim(&self) {
        self.state.store(LEAF, Release);
    }

    fn init(&self, point: Point, prior: Prior) {
        self.point.store(point.0, Relaxed);
        self.state.store(LEAF, Relaxed);
        self.child_count.store(0, Relaxed);
        self.first_child.store(0, Relaxed);
        self.prior_visits
            .store(prior.visits.min(u16::MAX as u32) as u16, Relaxed);
        self.prior_wins2
            .store(prior.wins2.min(u16::MAX as u32) as u16, Relaxed);
        self.prior_score2
            .store(prior.score2.clamp(-128, 127) as i8, Relaxed);
        self.prior_policy.store(prior.policy, Relaxed);
        self.visits.store(0, Relaxed);
        self.wins2.store(0, Relaxed);
        self.rave_visits.store(0, Relaxed);
        self.rave_wins2.store(0, Relaxed);
        self.score2.store(0, Relaxed);
        self.score2_sq.store(0, Relaxed);
    }

    fn copy_from(&self, other: &Node) {
        let s = other.stats();
        self.init(s.point, s.prior);
        self.visits.store(s.visits, Relaxed);
        self.wins2.store(s.wins2, Relaxed);
        self.rave_visits.store(s.rave_visits, Relaxed);
        self.rave_wins2.store(s.rave_wins2, Relaxed);
        self.score2.store(s.score2, Relaxed);
        self.score2_sq.store(s.score2_sq, Relaxed);
    }
}

/// The arena.
pub(super) struct Tree {
    nodes: Box<[Node]>,
    /// Nodes handed out (may run past the capacity when an allocation fails).
    used: AtomicUsize,
}

impl Tree {
    /// An empty arena for `capacity` nodes.
    pub fn with_capacity(capacity: usize) -> Tree {
        let mut v = Vec::with_capacity(capacity);
        v.resize_with(capacity, Node::default);
        Tree {
            nodes: v.into_boxed_slice(),
            used: AtomicUsize::new(0),
        }
    }

    /// Nodes the arena can hold.
    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// Nodes in use.
    pub fn len(&self) -> usize {
        self.used.load(Relaxed).min(self.nodes.len())
    }

    /// True when no more children can be created.
    pub fn is_full(&self) -> bool {
        self.used.load(Relaxed) >= self.nodes.len()
    }

    /// Forgets every node.
    pub fn clear(&mut self) {
        *self.used.get_mut() = 0;
    }

    /// The node at `i`.
    #[inline]
    pub fn node(&self, i: usize) -> &Node {
        &self.nodes[i]
    }

    /// Creates a root node (index 0 of an empty arena) for `point` with no prior.
    pub fn new_root(&mut self) -> usize {
        self.clear();
        *self.used.get_mut() = 1;
        self.nodes[0].init(Point::PASS, Prior::default());
        0
    }

    /// Arena indices of the children of `i` (empty unless expanded).
    #[inline]
    pub fn children(&self, i: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[i];
        if !n.is_expanded() {
            return 0..0;
        }
        let first = n.first_child.load(Relaxed) as usize;
        first..first + n.child_count.load(Relaxed) as usize
    }

    /// Gives node `i`, claimed with [`Node::try_claim`], one child per `(move, prior)`, and
    /// publishes them. Returns false (and releases the claim) when the arena is full.
    pub fn expand(&self, i: usize, children: &[(Point, Prior)]) -> bool {
        let n = children.len();
        let start = self.used.fetch_add(n, Relaxed);
        if start + n > self.nodes.len() {
            self.nodes[i].release_claim();
            return false;
        }
        for (k, &(p, prior)) in children.iter().enumerate() {
            self.nodes[start + k].init(p, prior);
        }
        let node = &self.nodes[i];
        node.first_child.store(start as u32, Relaxed);
        node.child_count.store(n as u16, Relaxed);
        node.state.store(EXPANDED, Release);
        true
    }

    /// Replaces this arena's contents with the subtree of `from` below `root`, which
    /// becomes node 0 here. Returns false (leaving an empty arena) if it does not fit.
    pub fn copy_subtree(&mut self, from: &Tree, root: usize) -> bool {
        self.clear();
        if self.nodes.is_empty() {
            return false;
        }
        self.nodes[0].copy_from(from.node(root));
        let mut used = 1usize;
        // (index in `from`, index here), breadth first.
        let mut queue = std::collections::VecDeque::from([(root, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let kids = from.children(old);
            if kids.is_empty() {
                continue;
            }
            if used + kids.len() > self.nodes.len() {
                *self.used.get_mut() = 0;
                return false;
            }
            let first = used;
            for (k, c) in kids.enumerate() {
                self.nodes[first + k].copy_from(from.node(c));
                queue.push_back((c, first + k));
            }
            used += from.children(old).len();
            let node = &self.nodes[new];
            node.first_child.store(first as u32, Relaxed);
            node.child_count.store((used - first) as u16, Relaxed);
            node.state.store(EXPANDED, Release);
        }
        *self.used.get_mut() = used;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansion_publishes_children_and_copy_keeps_the_subtree() {
        let mut t = Tree::with_capacity(16);
        let root = t.new_root();
        assert!(t.node(root).try_claim());
        assert!(!t.node(root).try_claim());
        let kids: Vec<(Point, Prior)> = (1..=3).map(|i| (Point(i), Prior::default())).collect();
        assert!(t.expand(root, &kids));
        assert_eq!(t.children(root).len(), 3);
        let c = t.children(root).start + 1;
        assert!(t.node(c).try_claim());
        assert!(t.expand(c, &kids[..2]));
        t.node(c).add_visit();
        t.node(c).add_result(2, -7);
        let mut u = Tree::with_capacity(8);
        assert!(u.copy_subtree(&t, c));
        assert_eq!(u.len(), 3);
        assert_eq!(u.node(0).stats().wins2, 2);
        assert_eq!(u.node(0).stats().score2, -7);
        assert_eq!(u.node(0).stats().score2_sq, 49);
        assert_eq!(u.children(0).len(), 2);
        // Full arena: the claim is released.
        let mut small = Tree::with_capacity(2);
        let r = small.new_root();
        assert!(small.node(r).try_claim());
        assert!(!small.expand(r, &kids));
        assert!(small.node(r).try_claim());
    }

    #[test]
    fn a_node_is_48_bytes() {
        assert!(
            std::mem::size_of::<Node>() <= 48,
            "{}",
            std::mem::size_of::<Node>()
        );
    }

    #[test]
    fn atan_unit_follows_the_arc_tangent() {
        let mut last = -1.0;
        for i in -400..=400 {
            let x = i as f32 / 20.0;
            let want = x.atan() * std::f32::consts::FRAC_2_PI;
            assert!((atan_unit(x) - want).abs() < 0.002, "{x}: {}", atan_unit(x));
            assert!(atan_unit(x) >= last, "increasing at {x}");
            last = atan_unit(x);
        }
        assert!(atan_unit(1e9) <= 1.0 && atan_unit(-1e9) >= -1.0);
    }

    #[test]
    fn score_statistics_and_utility() {
        let n = Node::default();
        n.init(Point(5), Prior::default());
        for score2 in [10, 30] {
            n.add_visit();
            n.add_result(2, score2);
        }
        let s = n.stats();
        assert_eq!((s.score_mean(), s.score_stdev()), (10.0, 5.0));
        let u = ScoreUtility {
            center: 10.0,
            inv_scale: 0.1,
            weight: 0.2,
            prior_visits: 0.0,
        };
        assert_eq!(u.term(&s), 0.0, "at the center");
        let ahead = ScoreUtility { center: 0.0, ..u };
        let behind = ScoreUtility { center: 20.0, ..u };
        assert!(ahead.term(&s) > 0.09 && ahead.term(&s) < 0.2);
        assert!((behind.term(&s) + ahead.term(&s)).abs() < 1e-6);
        assert_eq!(u.flipped().center, -10.0);
        // Far off, the utility stays within its weight.
        let far = ScoreUtility { center: -1e6, ..u };
        assert!(far.term(&s) <= 0.2);
        // Virtual visits shrink the mean towards the center plus the prior's margin.
        let shrunk = ScoreUtility {
            prior_visits: 2.0,
            ..ahead
        };
        assert!(shrunk.term(&s) < ahead.term(&s) && shrunk.term(&s) > 0.0);
        let capture = Node::default();
        capture.init(
            Point(6),
            Prior {
                visits: 25,
                wins2: 40,
                score2: 4,
                policy: 0,
            },
        );
        assert!(
            ahead.term(&capture.stats()) > 0.0,
            "the prior's margin counts"
        );
        assert_eq!(ScoreUtility::OFF.term(&s), 0.0);
        assert_eq!(s.value(), s.value_with(&ScoreUtility::OFF));
        assert!(s.value_with(&ahead) > s.value());
    }

    #[test]
    fn rave_blend_moves_from_amaf_to_own_statistics() {
        let mut s = Stats {
            rave_visits: 100,
            rave_wins2: 200, // AMAF: always wins
            ..Stats::default()
        };
        assert!(s.value() > 0.99);
        s.visits = 100_000;
        s.wins2 = 0; // own: always loses
        assert!(s.value() < 0.1);
    }
}
