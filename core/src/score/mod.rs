//! The end of a game: which stones are alive, dead or in seki, and the count.
//!
//! [`status::judge`] decides which stones are alive, dead or in seki (Benson, the
//! confirmation search of [`confirmation`], playout [`ownership`] and seki, the last two
//! from [`tactics`](crate::tactics)), [`final_score`] counts by the game's rules with the
//! dead stones removed, and [`format_result`] spells the result as GTP and SGF want it.
//! Counting a board as it stands, with nothing removed, is
//! [`tactics::counting`](crate::tactics::counting). `docs/scoring.md` has the definitions.

pub mod confirmation;
pub mod ownership;
pub mod status;

use crate::board::{Board, Color};
use crate::game::Game;
use crate::rules::Scoring;
use crate::tactics::counting::area_score;
use crate::tactics::regions;
use status::{Status, StatusMap};

/// The result of `game` by its rules once the stones `status` judges dead are removed,
/// minus komi: positive when Black wins.
///
/// - Area scoring: Tromp-Taylor area of the rest (stones, including stones in seki, plus
///   empty areas reaching one colour only; empty points between both colours, in seki or
///   not, count for nobody).
/// - Territory scoring (Japanese 1989): empty areas surrounded by one colour's live stones,
///   unless one of those stones is in seki, plus prisoners: stones captured during the game
///   and the dead stones.
pub fn final_score(game: &Game, status: &StatusMap) -> f64 {
    let board = game.board();
    let mut alive = Board::new(board.size());
    let mut dead_of = [0u32; 2];
    for p in board.points() {
        if let Some(c) = board.cell(p).color() {
            if status.is_dead(p) {
                dead_of[c.index()] += 1;
            } else {
                alive.place_setup(p, c);
            }
        }
    }
    match game.rules().scoring {
        Scoring::Area => area_score(&alive, game.komi()),
        Scoring::Territory => {
            let mut territory = [0u32; 2];
            for area in regions::EmptyAreas::new(&alive).all() {
                let Some(owner) = area.owner() else {
                    continue;
                };
                let in_seki = area
                    .points
                    .iter()
                    .flat_map(|&e| alive.neighbours(e))
                    .any(|n| status.status(n) == Some(Status::Seki));
                if !in_seki {
                    territory[owner.index()] += area.points.len() as u32;
                }
            }
            let black = territory[0] + board.captures(Color::Black) + dead_of[1];
            let white = territory[1] + board.captures(Color::White) + dead_of[0];
            black as f64 - white as f64 - game.komi()
        }
    }
}

/// A score as GTP's `final_score` and SGF's `RE` spell it: `B+3.5`, `W+0.5`, `0` for jigo.
pub fn format_result(score: f64) -> String {
    if score > 0.0 {
        format!("B+{score}")
    } else if score < 0.0 {
        format!("W+{}", -score)
    } else {
        "0".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Coord, Point};

    fn at(b: &Board, v: &str) -> Point {
        b.point(Coord::parse_gtp(v, b.size()).unwrap())
    }

    #[test]
    fn results_are_spelled_for_gtp() {
        assert_eq!(format_result(3.5), "B+3.5");
        assert_eq!(format_result(-7.0), "W+7");
        assert_eq!(format_result(0.0), "0");
    }

    #[test]
    fn a_spent_allowance_leaves_the_unread_strings_to_the_playouts() {
        use crate::rules::Ruleset;
        use crate::tactics::local_search::{Allowance, StopTest};
        // White's corner group has one liberty and no room: the search captures it.
        let mut g = crate::testkit::new_game(5, Ruleset::default());
        let start = Board::from_diagram(".OX..\nOOX..\nXXX..\n.....\n.....");
        g.set_start(start, Color::Black, 0);
        let b5 = at(g.board(), "B5");
        let read = status::judge_within(&g, 1, Allowance::nodes(status::JUDGEMENT_NODES));
        assert_eq!(read.basis(b5), Some(status::Basis::Search));
        assert!(read.is_dead(b5));
        // No node left, or a guard saying stop: the playouts judge.
        let stop = Some(StopTest::new(|| true));
        for allowance in [
            Allowance::nodes(0),
            Allowance::nodes(status::JUDGEMENT_NODES).with_guard(stop),
        ] {
            let hurried = status::judge_within(&g, 1, allowance);
            assert_eq!(hurried.basis(b5), Some(status::Basis::Playouts));
            for p in g.board().points() {
                assert_ne!(hurried.basis(p), Some(status::Basis::Search));
            }
        }
    }

    #[test]
    fn a_lone_invader_is_dead_and_counted() {
        use crate::rules::Ruleset;
        // Black owns the left three columns, White the right two of a 5x5 board; a white
        // stone sits alone in Black's area.
        let mut g = crate::testkit::new_game(5, Ruleset::default());
        g.set_komi(0.5);
        let mut start = Board::new(5);
        for v in ["C1", "C2", "C3", "C4", "C5"] {
            start.place_setup(at(&start, v), Color::Black);
        }
        for v in ["D1", "D2", "D3", "D4", "D5", "A4"] {
            start.place_setup(at(&start, v), Color::White);
        }
        g.set_start(start, Color::Black, 0);
        let status = status::judge(&g, 1);
        assert_eq!(
            status.list(g.board(), Status::Dead),
            vec![at(g.board(), "A4")]
        );
        assert_eq!(final_score(&g, &status), 15.0 - 10.0 - 0.5);
        assert_eq!(format_result(final_score(&g, &status)), "B+4.5");
        let mut japanese = g.clone();
        japanese.set_rules(Ruleset::preset("japanese").unwrap());
        let status = status::judge(&japanese, 1);
        // Territory: Black 10 points + 1 dead stone, White 5 points.
        assert_eq!(final_score(&japanese, &status), 11.0 - 5.0 - 0.5);
    }
}
