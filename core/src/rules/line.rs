//! A game's ko memory with a short line of moves on top: the history a search path or a
//! playout is judged against, without copying the game's memory.
//!
//! [`KoLine`] is a memory standing on a parent, the root [`KoMemory`]: it records only the
//! line's own moves, with the same `Layer::record` as the game. Its
//! [`Past`] answers merge the two: state indices continue from the root's step count, so
//! [`judge`](super::ko::judge) gives exactly the answers a [`Game`](crate::game::Game) that
//! had played the same moves would give, for every rule but Ing-Spight (see [`KoLine`]).
//! [`KoLine::reset`] empties the line but keeps its buffers: after warm-up, recording a move
//! allocates nothing (except for a play removing more than four stones).
//!
//! For playouts, which ask the history about many plays, a line also keeps, built once when
//! it is made, a Bloom filter of the root's positions ([`KoLine::root_may_hold`]), so that
//! most positions are cleared without a hash-map lookup, and the points from which the root
//! game removed stones of each colour ([`KoLine::root_removed`]).

use super::history::{PassForKoBans, PositionRecord, Step};
use super::ing_spight::IngMemory;
use super::memory::{KoMemory, Layer, Past};
use crate::board::{Board, Color, Point, MAX_POINTS};
use smallvec::SmallVec;

/// A root game's ko memory plus a line of moves played after it.
///
/// Ing-Spight: [`Past::ing`] and [`Past::steps`] return the root's memory and steps, so in a
/// line the Ing-Spight rule is judged against the root's hot stones and cycles only. That is
/// exact at the root (an empty line) and an approximation deeper in a search.
#[derive(Clone, Debug)]
pub struct KoLine<'a> {
    root: &'a KoMemory,
    /// Number of moves in the root game: the line's i-th move (0-based) makes state
    /// `base + i + 1`.
    base: u32,
    /// The line's own moves and what they add to the root's memory.
    layer: Layer,
    filter: RootFilter,
    /// Per colour: the points from which a stone of that colour was removed in the root game.
    root_removed: [PointSet; 2],
}

/// A set of points of a board (any size), as a bitset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointSet([u64; MAX_POINTS.div_ceil(64)]);

impl Default for PointSet {
    fn default() -> PointSet {
        PointSet::EMPTY
    }
}

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet([0; MAX_POINTS.div_ceil(64)]);

    /// Adds `p`.
    #[inline]
    pub fn insert(&mut self, p: Point) {
        self.0[p.index() / 64] |= 1 << (p.index() % 64);
    }

    /// True when `p` is in the set.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.0[p.index() / 64] & (1 << (p.index() % 64)) != 0
    }
}

/// A Bloom filter over a root game's position hashes (two bits in one 64-bit word per
/// position, about 64 bits per position: false positives below 0.2%).
#[derive(Clone, Debug)]
struct RootFilter {
    words: Vec<u64>,
    mask: usize,
}

impl RootFilter {
    /// The filter of every position that stood in `root`: the start (the first move's
    /// `hash_before`) and the position after each move. Empty when `root` has no moves.
    fn new(root: &KoMemory) -> RootFilter {
        let steps = root.steps();
        let words = (steps.len() + 1).next_power_of_two().max(8);
        let mut f = RootFilter {
            words: vec![0; words],
            mask: words - 1,
        };
        if let Some(first) = steps.first() {
            f.insert(first.hash_before);
        }
        for s in steps {
            f.insert(s.hash_after);
        }
        f
    }

    #[inline]
    fn slot(&self, hash: u64) -> (usize, u64) {
        let word = (hash >> 40) as usize & self.mask;
        let bits = (1u64 << (hash & 63)) | (1u64 << ((hash >> 6) & 63));
        (word, bits)
    }

    fn insert(&mut self, hash: u64) {
        let (w, bits) = self.slot(hash);
        self.words[w] |= bits;
    }

    #[inline]
    fn may_hold(&self, hash: u64) -> bool {
        let (w, bits) = self.slot(hash);
        self.words[w] & bits == bits
    }
}

impl<'a> KoLine<'a> {
    /// An empty line on top of `root`.
    pub fn new(root: &'a KoMemory) -> KoLine<'a> {
        let mut layer = Layer::default();
        layer.clear(root.pass_for_ko_bans());
        KoLine {
            root,
            base: root.steps().len() as u32,
            layer,
            filter: RootFilter::new(root),
            root_removed: {
                let mut sets = [PointSet::EMPTY; 2];
                for s in root.steps() {
                    let set = &mut sets[s.removed_color().index()];
                    s.removed.iter().for_each(|&r| set.insert(r));
                }
                sets
            },
        }
    }

    /// Forgets the line's moves (back to the root), keeping the buffers' capacity.
    pub fn reset(&mut self) {
        self.layer.clear(self.root.pass_for_ko_bans());
    }

    /// The root game's memory.
    pub fn root(&self) -> &'a KoMemory {
        self.root
    }

    /// The moves of the line (not the root's).
    pub fn line_steps(&self) -> &[Step] {
        &self.layer.steps
    }

    /// Number of moves in the line.
    pub fn len(&self) -> usize {
        self.layer.steps.len()
    }

    /// True when the line has no moves.
    pub fn is_empty(&self) -> bool {
        self.layer.steps.is_empty()
    }

    /// False when the position `hash` surely never stood in the root game; true when it may
    /// have (then [`Past::position`] on [`KoLine::root`] knows). A Bloom filter built when
    /// the line was made: one memory access, no hashing. The one exception: a root game with
    /// no moves is not covered, and its only position, the one standing at the root, must be
    /// compared by the caller.
    #[inline]
    pub fn root_may_hold(&self, hash: u64) -> bool {
        self.filter.may_hold(hash)
    }

    /// The points from which a stone of `color` was removed (captured, or lost in a
    /// suicide) at some move of the root game.
    #[inline]
    pub fn root_removed(&self, color: Color) -> &PointSet {
        &self.root_removed[color.index()]
    }

    /// True when the position `hash` stood at some state of the root game or of the line.
    #[inline]
    pub fn seen(&self, hash: u64) -> bool {
        self.layer.positions.contains_key(&hash) || self.root.position(hash).is_some()
    }

    /// True once, in the root game or the line, the same player has passed a second time in
    /// the same board position (Spight's end of play). The search does not stop there (its
    /// games end at two passes in a row); the line records it so that it judges like a game.
    pub fn ended_by_second_pass(&self) -> bool {
        self.layer.over_by_spight || self.root.ended_by_second_pass()
    }

    /// Records a move, given the board after it (`step` must describe the move from the
    /// position the line stands at).
    pub fn push(&mut self, step: Step, after: &Board) {
        let k = self.base + self.layer.steps.len() as u32 + 1;
        self.layer.record(step, k, after, Some(&self.root.layer));
    }

    /// Makes the move `point` (or a pass) of `color` on `board`, which must stand at the
    /// line's current position, and records it. The move must be playable on the board.
    /// Returns the number of stones captured.
    pub fn play(&mut self, board: &mut Board, color: Color, point: Point) -> u32 {
        let hash_before = board.hash();
        let mut removed = SmallVec::new();
        let captured = if point.is_pass() {
            board.clear_ko();
            0
        } else {
            board.play_with(point, color, |p| removed.push(p))
        };
        let step = Step {
            color,
            point,
            hash_before,
            hash_after: board.hash(),
            removed,
        };
        self.push(step, board);
        captured
    }
}

impl Past for KoLine<'_> {
    fn position(&self, hash: u64) -> Option<PositionRecord> {
        match (self.root.position(hash), self.layer.positions.get(&hash)) {
            (Some(mut root), Some(line)) => {
                root.merge(line);
                Some(root)
            }
            (root, line) => root.or(line.copied()),
        }
    }

    fn has_transition(&self, before: u64, after: u64) -> bool {
        self.layer.transitions.contains(&(before, after)) || self.root.has_transition(before, after)
    }

    fn last_step(&self) -> Option<&Step> {
        self.layer.steps.last().or_else(|| self.root.last_step())
    }

    fn last_pass_state(&self) -> Option<u32> {
        self.layer
            .last_pass_state
            .or_else(|| self.root.last_pass_state())
    }

    /// The root's bans, less those lifted by passes in the line, plus those made by ko
    /// captures in the line.
    fn pass_for_ko_bans(&self) -> &PassForKoBans {
        &self.layer.bans
    }

    /// The root's Ing-Spight memory (see [`KoLine`]).
    fn ing(&self) -> &IngMemory {
        self.root.ing()
    }

    /// The root's steps (see [`KoLine`]).
    fn steps(&self) -> &[Step] {
        self.root.steps()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::random::Odds;
    use crate::game::Game;
    use crate::rules::history::Candidate;
    use crate::rules::ko::{judge, KoRule, KO_RULES};
    use crate::rules::{Ruleset, SuicideRule};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Every board play's judgement (with physically impossible points skipped), for `rule`,
    /// against `past`, on `board` with `color` to play.
    fn judgements(
        rule: KoRule,
        past: &impl Past,
        board: &Board,
        color: Color,
    ) -> Vec<(Point, Option<String>)> {
        let mut out = Vec::new();
        for p in board.points() {
            if board.cell(p) != crate::board::Cell::Empty
                || !board.suicide_allowed(p, color, SuicideRule::All)
            {
                continue;
            }
            let cand = Candidate::of(board, p, color);
            out.push((p, judge(rule, past, &cand).map(|b| b.to_string())));
        }
        out
    }

    /// Random games on small boards where kos are frequent; moves drawn from the rule's own
    /// legal plays (suicide allowed, so that suicides enter the history too).
    fn random_game(rule: KoRule, size: usize, moves: usize, rng: &mut SmallRng) -> Game {
        let rules = Ruleset {
            ko: rule,
            suicide: SuicideRule::All,
            ..Ruleset::default()
        };
        // Captures are favoured: they make kos and repetitions.
        let odds = Odds {
            pass: (8, 100),
            capture: (7, 10),
        };
        crate::testkit::random_game(rules, size, moves, odds, |n| rng.gen_range(0..n))
    }

    #[test]
    fn a_line_judges_like_the_game_that_played_it() {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut compared = 0;
        let mut pass_for_ko = 0;
        for &(rule, _) in KO_RULES {
            if rule == KoRule::IngSpight {
                continue;
            }
            let mut bans = 0;
            for round in 0..30 {
                let size = [4, 5, 5, 6][round % 4];
                let total = rng.gen_range(10..90);
                let full = random_game(rule, size, total, &mut rng);
                let split = rng.gen_range(0..=total);
                // Replay the first `split` moves as the root game.
                let mut root = crate::testkit::new_game(size, *full.rules());
                for s in &full.moves()[..split] {
                    root.play(s.color, s.point).unwrap();
                }
                let mut line = KoLine::new(root.memory());
                // Exercise reset: a throw-away line first.
                let mut board = root.board().clone();
                for s in &full.moves()[split..(split + 3).min(total)] {
                    line.play(&mut board, s.color, s.point);
                }
                line.reset();
                let mut board = root.board().clone();
                let mut game = root.clone();
                for s in &full.moves()[split..] {
                    line.play(&mut board, s.color, s.point);
                    game.play(s.color, s.point).unwrap();
                    assert_eq!(board, *game.board());
                    // Spight's end of play is recorded on the line as in the game.
                    assert_eq!(
                        line.ended_by_second_pass(),
                        game.memory().ended_by_second_pass()
                    );
                    for color in Color::BOTH {
                        let want = judgements(rule, game.memory(), game.board(), color);
                        let got = judgements(rule, &line, &board, color);
                        bans += want.iter().filter(|(_, b)| b.is_some()).count();
                        pass_for_ko += want
                            .iter()
                            .filter(|(_, b)| {
                                b.as_deref().is_some_and(|b| b.starts_with("pass-for-ko"))
                            })
                            .count();
                        compared += want.len();
                        assert_eq!(got, want, "{rule}, split {split}\n{board:?}");
                    }
                }
                assert_eq!(line.len(), total - split);
            }
            eprintln!("{rule}: {bans} bans");
            assert!(bans > 10, "{rule}: only {bans} bans");
        }
        assert!(compared > 10_000, "{compared}");
        assert!(pass_for_ko > 0);
    }

    #[test]
    fn root_filter_and_removals_cover_the_root() {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut false_positives = 0;
        for round in 0..20 {
            let g = random_game(KoRule::Positional, 5, 10 + 5 * round, &mut rng);
            let line = KoLine::new(g.memory());
            let mut removed = [PointSet::EMPTY; 2];
            for s in g.moves() {
                assert!(line.root_may_hold(s.hash_before) && line.root_may_hold(s.hash_after));
                for &r in &s.removed {
                    removed[s.removed_color().index()].insert(r);
                    assert!(line.root_removed(s.removed_color()).contains(r));
                }
            }
            for c in Color::BOTH {
                assert_eq!(*line.root_removed(c), removed[c.index()]);
            }
            false_positives += (0..1000).filter(|_| line.root_may_hold(rng.gen())).count();
        }
        assert!(false_positives < 100, "{false_positives} in 20,000");
    }

    #[test]
    fn point_sets_hold_what_was_put_in() {
        let b = Board::new(25);
        let mut set = PointSet::EMPTY;
        let points: Vec<Point> = b.points().step_by(7).collect();
        for &p in &points {
            set.insert(p);
        }
        for p in b.points() {
            assert_eq!(set.contains(p), points.contains(&p));
        }
    }

    #[test]
    fn seen_covers_root_and_line() {
        let g = crate::testkit::new_game(5, Ruleset::default());
        let mut line = KoLine::new(g.memory());
        let mut b = g.board().clone();
        assert!(line.seen(b.hash()));
        let p = b.point(crate::board::Coord::new(2, 2));
        assert!(!line.seen(b.hash_after(p, Color::Black)));
        line.play(&mut b, Color::Black, p);
        assert!(line.seen(b.hash()));
        line.reset();
        assert!(!line.seen(b.hash()) && line.is_empty());
    }
}
