//! Moves a search may not try, by player and depth: KataGo's `avoid` and `allow` (GTP) and
//! `avoidMoves` / `allowMoves` (the analysis engine), which Lizzie, Sabaki and KaTrain send
//! to find alternatives or to keep the search in a region.
//!
//! A rule names a player, a set of moves (the pass included) and a depth: it holds for that
//! player's moves at plies `0..until_depth` of the search (ply 0 is the move at the root).
//! `avoid` forbids its moves; `allow` forbids every move but its own. Where every move of a
//! position would be forbidden, the pass stays allowed, so that a search always has a move.

use crate::board::{Color, Point};

/// One `avoid` or `allow` rule.
#[derive(Clone, Debug, PartialEq)]
struct Rule {
    color: Color,
    moves: Vec<Point>,
    allow: bool,
    until_depth: u32,
}

/// A set of `avoid` / `allow` rules; the default forbids nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveFilter {
    rules: Vec<Rule>,
}

impl MoveFilter {
    /// True when it forbids nothing.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Forbids `color`'s `moves` at plies below `until_depth`.
    pub fn avoid(&mut self, color: Color, moves: Vec<Point>, until_depth: u32) {
        self.rules.push(Rule {
            color,
            moves,
            allow: false,
            until_depth,
        });
    }

    /// Forbids every move of `color` but `moves` at plies below `until_depth`.
    pub fn allow(&mut self, color: Color, moves: Vec<Point>, until_depth: u32) {
        self.rules.push(Rule {
            color,
            moves,
            allow: true,
            until_depth,
        });
    }

    /// True when an `allow` rule for `color` is already there (KataGo takes one a player).
    pub fn has_allow(&self, color: Color) -> bool {
        self.rules.iter().any(|r| r.allow && r.color == color)
    }

    /// True when an `avoid` rule for `color` is already there.
    pub fn has_avoid(&self, color: Color) -> bool {
        self.rules.iter().any(|r| !r.allow && r.color == color)
    }

    /// True when `color` may play `point` at ply `depth` (0: the root's move).
    #[inline]
    pub fn permits(&self, depth: u32, color: Color, point: Point) -> bool {
        self.rules.iter().all(|r| {
            r.color != color || depth >= r.until_depth || r.moves.contains(&point) == r.allow
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_hold_for_their_player_and_depth() {
        let (a, b) = (Point(50), Point(60));
        let mut f = MoveFilter::default();
        assert!(f.is_empty() && f.permits(0, Color::Black, a));
        f.avoid(Color::Black, vec![a, Point::PASS], 1);
        assert!(!f.permits(0, Color::Black, a));
        assert!(!f.permits(0, Color::Black, Point::PASS));
        assert!(f.permits(0, Color::Black, b));
        assert!(f.permits(1, Color::Black, a), "past its depth");
        assert!(f.permits(0, Color::White, a), "another player");
        f.allow(Color::White, vec![b], 3);
        assert!(f.permits(2, Color::White, b));
        assert!(!f.permits(2, Color::White, a));
        assert!(f.permits(3, Color::White, a));
        assert!(f.has_allow(Color::White) && !f.has_allow(Color::Black));
        assert!(f.has_avoid(Color::Black));
    }

    #[test]
    fn the_search_keeps_to_the_filter() {
        use crate::board::Coord;
        use crate::rules::Ruleset;
        use crate::search::{SearchParams, Searcher};
        use std::sync::atomic::AtomicBool;
        let game = crate::testkit::new_game(9, Ruleset::default());
        let p = |v: &str| game.board().point(Coord::parse_gtp(v, 9).unwrap());
        let mut filter = MoveFilter::default();
        filter.allow(Color::Black, vec![p("E5"), p("C3")], 1);
        filter.avoid(Color::White, vec![p("D4"), p("F6")], 2);
        let mut searcher = Searcher::new();
        searcher.set_filter(filter);
        let params = SearchParams {
            max_playouts: Some(2000),
            ..SearchParams::default()
        };
        let mut ignore = |_: &crate::search::Snapshot| {};
        let result = searcher.search(
            &game,
            Color::Black,
            &params,
            &AtomicBool::new(false),
            Some((std::time::Duration::MAX, &mut ignore)),
        );
        let snap = result.snapshot.unwrap();
        assert!(snap.moves.len() <= 2);
        for m in &snap.moves {
            assert!([p("E5"), p("C3")].contains(&m.point), "{:?}", m.point);
            if let Some(reply) = m.pv.get(1) {
                assert!(![p("D4"), p("F6")].contains(reply), "{reply:?}");
            }
            assert_eq!(m.pv.len(), m.pv_visits.len());
            assert_eq!(m.pv_visits[0], m.visits);
        }
    }
}
