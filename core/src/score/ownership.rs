//! Who owns each point at the end of random playouts from a position: the "search
//! ownership" that decides the status of strings nothing better can decide.

use crate::board::{Cell, Color, Point, MAX_POINTS};
use crate::game::Game;
use crate::playout::rng::Rng;
use crate::playout::Playout;
use crate::rules::judge::Judge;
use crate::rules::line::KoLine;
use crate::rules::{KoRule, Ruleset};
use crate::tactics::counting::eye_owner;

/// Per point, how many playouts ended with each colour owning it.
#[derive(Clone, Debug)]
pub struct Ownership {
    /// `owned[c][p]`: playouts where colour `c` owned `p` at the end (a stone of `c` on it,
    /// or an empty point whose neighbours are all `c`).
    owned: [Vec<u16>; 2],
    playouts: u32,
}

impl Ownership {
    /// Runs `playouts` random playouts (seeded by `seed`) from `game`'s position, half with
    /// each player moving first (the status of stones at the end of a game should not depend
    /// on who passed last), obeying `rule` against the game's history, and counts the owners
    /// of every point at their ends.
    pub fn estimate(game: &Game, rule: KoRule, playouts: u32, seed: u64) -> Ownership {
        let start = game.board();
        let line = KoLine::new(game.memory());
        let rules = Ruleset {
            ko: rule,
            ..*game.rules()
        };
        let judge = Judge::new(&rules, &line);
        let mut rng = Rng::new(seed);
        let mut playout = Playout::new();
        let mut board = start.clone();
        let mut owned = [vec![0u16; MAX_POINTS], vec![0u16; MAX_POINTS]];
        for i in 0..playouts {
            board.clone_from(start);
            let first = if i % 2 == 0 {
                game.to_move()
            } else {
                game.to_move().opponent()
            };
            playout.run(&mut board, first, 0, &mut rng, Some(judge));
            for p in start.points() {
                let owner = match board.cell(p) {
                    Cell::Empty => match eye_owner(&board, p) {
                        1 => Some(Color::Black),
                        -1 => Some(Color::White),
                        _ => None,
                    },
                    cell => cell.color(),
                };
                if let Some(c) = owner {
                    owned[c.index()][p.index()] += 1;
                }
            }
        }
        Ownership { owned, playouts }
    }

    /// The share of playouts (0 to 1) that ended with `color` owning `p`.
    pub fn share(&self, p: Point, color: Color) -> f64 {
        if self.playouts == 0 {
            return 0.0;
        }
        self.owned[color.index()][p.index()] as f64 / self.playouts as f64
    }
}
