//! The engine's judgement of the current position (alive, dead, seki), computed once per
//! position and shared by `final_score`, `final_status_list`, `gogui-rules_final_result`,
//! `kgs-genmove_cleanup` and the end-of-game move filter, so that they all agree.

use crate::game::Game;
use crate::rules::Ruleset;
use crate::score::status::{self, StatusMap};
use crate::tactics::local_search::Allowance;
use std::cell::RefCell;
use std::rc::Rc;

/// What a judgement depends on.
#[derive(Clone, Debug, PartialEq)]
struct Key {
    hash: u64,
    moves: usize,
    to_move: crate::board::Color,
    rules: Ruleset,
    seed: u64,
}

/// A cache of the last judgement.
#[derive(Debug, Default)]
pub struct Judgement {
    last: RefCell<Option<(Key, Rc<StatusMap>)>>,
}

impl Judgement {
    /// The judgement of `game`'s position with random numbers seeded by `seed`, its reading
    /// within `allowance` ([`status::judge_within`]): the cached one when the position,
    /// history length, player to move, rules and seed are unchanged.
    pub fn of(&self, game: &Game, seed: u64, allowance: Allowance) -> Rc<StatusMap> {
        let key = Key {
            hash: game.board().hash(),
            moves: game.moves().len(),
            to_move: game.to_move(),
            rules: *game.rules(),
            seed,
        };
        if let Some((k, map)) = self.last.borrow().as_ref() {
            if *k == key {
                return map.clone();
            }
        }
        let map = Rc::new(status::judge_within(game, seed, allowance));
        *self.last.borrow_mut() = Some((key, map.clone()));
        map
    }
}
