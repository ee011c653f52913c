//! The cycle ending: under the rules that let a cycle of board plays go on for ever (basic
//! ko, pass-for-ko, Ing-Spight: [`KoRule::ends_cycles_without_result`]), a game caught in one
//! ends without result. The engine's definition, the one every caller (the referee, the
//! packages) asks: the game ends without result at the board play that makes a position
//! stand for the third time since the last pass (the position standing when that pass was
//! made counts, and so does the start when nobody has passed). A pass breaks the count: a
//! long cycle with passes in it is no cycle ending, as the players could have stopped it
//! by passing twice.
//!
//! [`KoRule::ends_cycles_without_result`]: crate::rules::KoRule::ends_cycles_without_result

use super::Game;
use crate::rules::memory::Past;

/// A cycle that ends the game without result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CycleEnding {
    /// The move (numbered from 1 since the start) that made the position stand a third time.
    pub at: usize,
    /// The two states at which the same position stood before since the last pass (0: the
    /// start; k: after move k), oldest first.
    pub earlier: [usize; 2],
}

impl Game {
    /// The cycle ending the last move brought, if it brought one under the game's ko rule
    /// (see the module documentation). Only the last move is looked at: a caller replaying a
    /// game asks after each move.
    pub fn cycle_ending(&self) -> Option<CycleEnding> {
        if !self.rules.ko.ends_cycles_without_result() {
            return None;
        }
        let steps = self.memory.steps();
        let (last, before) = steps.split_last()?;
        if last.is_pass() {
            return None;
        }
        let target = last.hash_after;
        // The state the count starts from: the one standing at the last pass, else the start.
        let (first, from_hash) = match before.iter().rposition(|s| s.is_pass()) {
            Some(i) => (i + 1, before[i].hash_after),
            None => (0, steps[0].hash_before),
        };
        let mut stood = Vec::new();
        if from_hash == target {
            stood.push(first);
        }
        for (i, s) in before.iter().enumerate().skip(first) {
            if s.hash_after == target {
                stood.push(i + 1);
            }
        }
        match stood[..] {
            [.., a, b] => Some(CycleEnding {
                at: steps.len(),
                earlier: [a, b],
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Point};
    use crate::rules::Ruleset;
    use crate::testkit::{game_from, point};

    /// The triple ko of `engine-tests/ko/triple.sgf` with its five captures (of the cycle's
    /// six), then `extra` moves, under the ko rule `ko`, each move judged as played and play
    /// stopping at the first illegal one. Returns the game and the cycle endings met.
    fn triple_ko(ko: &str, extra: &[&str]) -> (Game, Vec<CycleEnding>) {
        let rows = [
            ". . . X O . . . .",
            ". . X O . O . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . X . X O . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . X O . O . . .",
            ". . . X O . . . .",
        ];
        let mut rules = Ruleset::preset("chinese").unwrap();
        rules.set(&format!("ko={ko}")).unwrap();
        let mut game = game_from(&rows, Color::Black, rules);
        let mut endings = Vec::new();
        let record = ["B E8", "W D5", "B E2", "W D8", "B E5"];
        for m in record.iter().chain(extra) {
            let (c, v) = m.split_once(' ').unwrap();
            let color: Color = c.parse().unwrap();
            let p = if v == "pass" {
                Point::PASS
            } else {
                point(game.board(), v)
            };
            if game.play(color, p).is_err() {
                break;
            }
            endings.extend(game.cycle_ending());
        }
        (game, endings)
    }

    const CYCLE: [&str; 7] = ["W D2", "B E8", "W D5", "B E2", "W D8", "B E5", "W D2"];

    #[test]
    fn a_triple_ko_under_simple_ko_ends_without_result_at_the_third_time_round() {
        let (game, endings) = triple_ko("simple", &CYCLE);
        assert_eq!(game.moves().len(), 12);
        // The start stood again after move 6 and a third time after move 12.
        assert_eq!(
            endings,
            [CycleEnding {
                at: 12,
                earlier: [0, 6]
            }]
        );
    }

    #[test]
    fn a_pass_restarts_the_count() {
        let (_, endings) = triple_ko("simple", &["W D2", "B pass", "W pass", "B E8", "W D5"]);
        assert!(endings.is_empty());
        let (_, endings) = triple_ko(
            "simple",
            &[
                "W pass", "B pass", "W D2", "B E8", "W D5", "B E2", "W D8", "B E5", "W D2",
            ],
        );
        assert!(endings.is_empty(), "{endings:?}");
    }

    #[test]
    fn rules_that_break_the_cycle_have_no_cycle_ending() {
        // Pass-for-ko and Ing-Spight can end a game by a cycle, but they break this one
        // (a recapture needs a pass first; the capture of a hot stone needs a threat).
        for ko in [
            "positional",
            "situational",
            "fixed",
            "basic-fixed",
            "ing-spight",
            "pass-for-ko",
        ] {
            let (game, endings) = triple_ko(ko, &CYCLE);
            assert!(endings.is_empty(), "{ko}");
            assert!(game.moves().len() < 12, "{ko} let the cycle round twice");
        }
    }
}
