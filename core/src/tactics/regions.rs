//! The empty areas of a board: maximal sets of connected empty points, each with its size
//! and the colours of the stones it touches.

use crate::board::{Board, Cell, Color, Point, MAX_POINTS};

/// One empty area.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// Its points.
    pub points: Vec<Point>,
    /// `touches[c]`: some point of it is next to a stone of colour `c`.
    pub touches: [bool; 2],
}

impl Area {
    /// The one colour it touches, if it touches exactly one.
    pub fn owner(&self) -> Option<Color> {
        match self.touches {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        }
    }
}

/// Every empty area of a board, and which area each empty point is in.
#[derive(Clone, Debug)]
pub struct EmptyAreas {
    /// Per point: index into `areas` (empty points only).
    index: Vec<usize>,
    areas: Vec<Area>,
}

impl EmptyAreas {
    /// The empty areas of `board`.
    pub fn new(board: &Board) -> EmptyAreas {
        let mut index = vec![usize::MAX; MAX_POINTS];
        let mut areas = Vec::new();
        for p in board.points() {
            if board.cell(p) != Cell::Empty || index[p.index()] != usize::MAX {
                continue;
            }
            let id = areas.len();
            index[p.index()] = id;
            let mut area = Area {
                points: vec![p],
                touches: [false; 2],
            };
            let mut i = 0;
            while i < area.points.len() {
                for n in board.neighbours(area.points[i]) {
                    match board.cell(n) {
                        Cell::Empty if index[n.index()] == usize::MAX => {
                            index[n.index()] = id;
                            area.points.push(n);
                        }
                        Cell::Black => area.touches[0] = true,
                        Cell::White => area.touches[1] = true,
                        _ => {}
                    }
                }
                i += 1;
            }
            areas.push(area);
        }
        EmptyAreas { index, areas }
    }

    /// The area holding the empty point `p` and its index, or `None` if `p` is not empty.
    pub fn of(&self, p: Point) -> Option<(usize, &Area)> {
        let i = *self.index.get(p.index())?;
        self.areas.get(i).map(|a| (i, a))
    }

    /// All areas, in order of their first point.
    pub fn all(&self) -> &[Area] {
        &self.areas
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;

    #[test]
    fn areas_know_their_size_and_neighbours() {
        let mut b = Board::new(5);
        for v in ["C1", "C2", "C3", "C4", "C5"] {
            b.place_setup(b.point(Coord::parse_gtp(v, 5).unwrap()), Color::Black);
        }
        b.place_setup(b.point(Coord::parse_gtp("E5", 5).unwrap()), Color::White);
        let areas = EmptyAreas::new(&b);
        assert_eq!(areas.all().len(), 2);
        let (_, left) = areas
            .of(b.point(Coord::parse_gtp("A1", 5).unwrap()))
            .unwrap();
        assert_eq!((left.points.len(), left.owner()), (10, Some(Color::Black)));
        let (_, right) = areas
            .of(b.point(Coord::parse_gtp("E1", 5).unwrap()))
            .unwrap();
        assert_eq!((right.points.len(), right.owner()), (9, None));
        assert!(areas
            .of(b.point(Coord::parse_gtp("C3", 5).unwrap()))
            .is_none());
    }
}
