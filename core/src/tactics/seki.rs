//! Seki: live strings that owe their life to shared liberties rather than to eyes.
//!
//! The engine's definition, on the board with the dead stones removed:
//! - a *group* is a set of strings of one colour linked by the empty areas that touch that
//!   colour only (its *eye areas*); its *eye space* is the number of points in those areas;
//! - a group is *short of eyes* when none of its strings is unconditionally alive (Benson)
//!   and its eye space is at most [`SEKI_EYE_SPACE`] points: one eye, perhaps of two points,
//!   or none;
//! - two groups of opposite colours are *in contact* when a stone of one is next to a stone
//!   of the other or they share a liberty;
//! - the stones of every group that is short of eyes and in contact with a group of the other
//!   colour that is short of eyes too are **in seki**.
//!
//! A live group short of eyes next to only strong opponents is not in seki (it lives by
//! some other means, e.g. a connection). Double-ko seki fits the definition: each side's
//! group has one ko point as its only eye area.

use super::benson::benson_alive;
use super::regions::EmptyAreas;
use crate::board::{Board, Cell, Color, Point, MAX_POINTS};

/// Largest eye space of a group in seki.
pub const SEKI_EYE_SPACE: usize = 2;

/// Per point, true for the stones in seki on `board`, which must hold only live stones.
pub fn seki_stones(board: &Board) -> Vec<bool> {
    let areas = EmptyAreas::new(board);
    let benson = [
        benson_alive(board, Color::Black),
        benson_alive(board, Color::White),
    ];
    let groups = Groups::new(board, &areas);
    let short: Vec<bool> = (0..groups.count)
        .map(|g| {
            groups.eye_space[g] <= SEKI_EYE_SPACE
                && !groups.stones[g]
                    .iter()
                    .any(|p| benson[board.cell(*p).color().unwrap().index()][p.index()])
        })
        .collect();
    let mut seki = vec![false; MAX_POINTS];
    for g in 0..groups.count {
        if !short[g] {
            continue;
        }
        let in_seki = groups
            .contacts(board, g)
            .into_iter()
            .any(|h| short[h] && groups.color[h] != groups.color[g]);
        if in_seki {
            for p in &groups.stones[g] {
                seki[p.index()] = true;
            }
        }
    }
    seki
}

/// True when neither player can approach the other at any of `points` (empty points): a
/// seki that no play there changes except by giving stones away. Each point must be a
/// liberty of a Black string and of a White string (no eye of either colour), and a play on
/// it by either colour, where legal (suicide is not), must capture nothing and leave the
/// played string a single liberty, on which the opponent's capture leaves the capturing
/// string at least two liberties (it is no snapback).
pub fn no_approach(board: &Board, points: &[Point]) -> bool {
    no_approach_on(board, points, &mut board.clone())
}

/// [`no_approach`], trying the plays on `scratch` (any board, refilled from `board` with
/// [`Board::clone_from`], which copies only the cells in use): a caller that asks often
/// keeps one scratch board instead of copying a whole board per question.
pub fn no_approach_on(board: &Board, points: &[Point], scratch: &mut Board) -> bool {
    if points.is_empty() {
        return false;
    }
    points.iter().all(|&p| {
        if board.cell(p) != Cell::Empty {
            return false;
        }
        let touches = |c: Cell| board.neighbours(p).iter().any(|&n| board.cell(n) == c);
        if !touches(Cell::Black) || !touches(Cell::White) {
            return false;
        }
        Color::BOTH.into_iter().all(|color| {
            if board.is_suicide(p, color) {
                return true;
            }
            if board.is_capture(p, color) {
                return false;
            }
            let b = &mut *scratch;
            b.clone_from(board);
            b.clear_ko();
            b.play(p, color);
            if !b.in_atari(p) {
                return false;
            }
            let last = b.atari_liberty(p);
            b.play(last, color.opponent());
            b.cell(p) == Cell::Empty && b.liberties(last, 2).len() >= 2
        })
    })
}

/// The groups of a board (see the module documentation).
struct Groups {
    count: usize,
    /// Per point: the group of the stone on it.
    of: Vec<usize>,
    stones: Vec<Vec<Point>>,
    color: Vec<Color>,
    eye_space: Vec<usize>,
}

impl Groups {
    fn new(board: &Board, areas: &EmptyAreas) -> Groups {
        // Union-find over string heads, joined through eye areas.
        let mut parent: Vec<usize> = (0..MAX_POINTS).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for area in areas.all() {
            if area.owner().is_none() {
                continue;
            }
            let mut first: Option<usize> = None;
            for &e in &area.points {
                for n in board.neighbours(e) {
                    if board.cell(n).color().is_none() {
                        continue;
                    }
                    let h = find(&mut parent, board.string_head(n).index());
                    match first {
                        None => first = Some(h),
                        Some(f) if f != h => parent[h] = f,
                        _ => {}
                    }
                }
            }
        }
        let mut id = vec![usize::MAX; MAX_POINTS];
        let mut of = vec![usize::MAX; MAX_POINTS];
        let mut stones: Vec<Vec<Point>> = Vec::new();
        let mut color = Vec::new();
        for p in board.points() {
            let Some(c) = board.cell(p).color() else {
                continue;
            };
            let root = find(&mut parent, board.string_head(p).index());
            if id[root] == usize::MAX {
                id[root] = stones.len();
                stones.push(Vec::new());
                color.push(c);
            }
            of[p.index()] = id[root];
            stones[id[root]].push(p);
        }
        let mut eye_space = vec![0; stones.len()];
        for area in areas.all() {
            if area.owner().is_none() {
                continue;
            }
            let touching = area.points.iter().flat_map(|&e| board.neighbours(e));
            if let Some(g) = touching
                .filter(|n| board.cell(*n).color().is_some())
                .map(|n| of[n.index()])
                .next()
            {
                eye_space[g] += area.points.len();
            }
        }
        Groups {
            count: stones.len(),
            of,
            stones,
            color,
            eye_space,
        }
    }

    /// The groups in contact with group `g`.
    fn contacts(&self, board: &Board, g: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut add = |h: usize| {
            if h != g && !out.contains(&h) {
                out.push(h);
            }
        };
        for &s in &self.stones[g] {
            for n in board.neighbours(s) {
                match board.cell(n) {
                    Cell::Black | Cell::White => add(self.of[n.index()]),
                    Cell::Empty => {
                        for m in board.neighbours(n) {
                            if board.cell(m).color().is_some() {
                                add(self.of[m.index()]);
                            }
                        }
                    }
                    Cell::OffBoard => {}
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::confirmation::tests::{DOUBLE_KO_SEKI, SEKI};
    use crate::testkit::diagram;

    fn listed(b: &Board) -> Vec<String> {
        let seki = seki_stones(b);
        b.points()
            .filter(|p| seki[p.index()])
            .map(|p| b.vertex(p))
            .collect()
    }

    #[test]
    fn seki_without_eyes() {
        let b = diagram(&SEKI);
        assert_eq!(listed(&b), ["B7", "C7", "D7", "B8", "D8", "B9", "D9"]);
    }

    #[test]
    fn double_ko_seki_is_seki_on_both_sides() {
        let b = diagram(&DOUBLE_KO_SEKI);
        let got = listed(&b);
        for v in ["C1", "D2", "C6", "D6", "D3", "E1", "F1", "E6", "E5"] {
            assert!(got.contains(&v.to_string()), "{v} in {got:?}");
        }
        assert!(!got.contains(&"B1".to_string()) && !got.contains(&"G1".to_string()));
    }

    #[test]
    fn no_approach_in_a_seki_without_eyes() {
        // Black B1-B5 and White A2-A4 share their only liberties A5 and A1; White's wall
        // on the right has the eyes D3 and D1.
        let b = diagram(&[
            ". X O O O",
            "O X O O O",
            "O X O . O",
            "O X O O O",
            ". X O . O",
        ]);
        let pt = |v: &str| b.point(crate::board::Coord::parse_gtp(v, 5).unwrap());
        assert!(no_approach(&b, &[pt("A5"), pt("A1")]));
        // D3 is an eye of White's wall, no shared liberty.
        assert!(!no_approach(&b, &[pt("A5"), pt("D3")]));
        assert!(!no_approach(&b, &[]));
        // With a liberty of its own (C5) Black can fill a shared one: not locked.
        let b2 = diagram(&[
            ". X . O O",
            "O X O O O",
            "O X O . O",
            "O X O O O",
            ". X O . O",
        ]);
        assert!(!no_approach(&b2, &[pt("A5"), pt("A1")]));
    }

    #[test]
    fn live_groups_with_dame_between_them_are_not_seki() {
        let b = diagram(&[
            ". X . O .",
            "X X . O O",
            ". X . O .",
            "X X . O O",
            ". X . O .",
        ]);
        assert!(listed(&b).is_empty());
    }
}
