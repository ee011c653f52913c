//! Walls judged alive: the strings that bound a ko's region when Benson's unconditional life
//! leaves the region the whole board, as in a game before its end. They are the strings the
//! engine's own judgement of life and death ([`score::status`](crate::score::status)) calls
//! alive beyond reasonable doubt: alive by its confirmation search, or by playout ownership
//! when their colour owned their points in at least [`WALL_CONFIDENCE`] of the playouts.
//! The local search treats them as uncapturable; an answer resting on them says
//! `basis=judged`, and one whose search finds a way to capture a wall becomes unknown.

use crate::board::{Board, Point, MAX_POINTS};
use crate::game::Game;
use crate::score::status::{judge_within, Basis, Status};
use std::time::Duration;

/// The least share of playouts in which a string's colour must own its points for playout
/// ownership alone to make it a wall.
pub const WALL_CONFIDENCE: f64 = 0.8;

/// Seed of the judgement's playouts (fixed, so a position always gets the same walls).
const SEED: u64 = 0x6b6f_7761_6c6c;

/// The stones judged alive that may bound a region (Benson-alive stones are not listed:
/// they are walls anyway, and exact).
#[derive(Clone, Debug)]
pub struct JudgedWalls {
    stones: Vec<bool>,
}

impl JudgedWalls {
    /// No judged walls: regions end only at unconditionally alive strings.
    pub fn none() -> JudgedWalls {
        JudgedWalls {
            stones: vec![false; MAX_POINTS],
        }
    }

    /// The walls of `game`'s position, from a judgement that reads for about `bound` at most.
    pub fn judge(game: &Game, bound: Duration) -> JudgedWalls {
        let board = game.board();
        let status = judge_within(game, SEED, Some(bound));
        let mut walls = JudgedWalls::none();
        for p in board.points() {
            let Some(color) = board.cell(p).color() else {
                continue;
            };
            if board.string_head(p) != p || status.status(p) != Some(Status::Alive) {
                continue;
            }
            let sure = match status.basis(p) {
                Some(Basis::Search) => true,
                Some(Basis::Playouts) => {
                    let stones: Vec<Point> = board.string_stones(p).collect();
                    let share: f64 = stones
                        .iter()
                        .map(|&s| status.ownership().share(s, color))
                        .sum::<f64>()
                        / stones.len() as f64;
                    share >= WALL_CONFIDENCE
                }
                _ => false,
            };
            if sure {
                for s in board.string_stones(p) {
                    walls.stones[s.index()] = true;
                }
            }
        }
        walls
    }

    /// Walls on the given stones' strings of `board` (for tests and for callers with their
    /// own judgement).
    pub fn from_strings(board: &Board, stones: &[Point]) -> JudgedWalls {
        let mut walls = JudgedWalls::none();
        for &p in stones {
            for s in board.string_stones(p) {
                walls.stones[s.index()] = true;
            }
        }
        walls
    }

    /// True when the stone on `p` (when the walls were judged) is part of a judged wall.
    pub fn contains(&self, p: Point) -> bool {
        self.stones[p.index()]
    }

    /// True when the string on `p` of `board` holds a judged wall stone.
    pub fn string_holds_wall(&self, board: &Board, p: Point) -> bool {
        board.string_stones(p).any(|s| self.contains(s))
    }

    /// True when there are no judged walls.
    pub fn is_empty(&self) -> bool {
        !self.stones.iter().any(|&w| w)
    }
}
