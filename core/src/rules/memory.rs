//! The memory of the past that the ko rules judge against.
//!
//! Vocabulary used throughout (the engine's definitions; `docs/ko-rules.md` has the long form):
//! - a *board play* places a stone; a pass is not a board play;
//! - a *position* is the whole board (stones only), compared by Zobrist hash;
//! - the *states* of a game are S0 (the starting position, setup and handicap included) and
//!   S_k, the position after the k-th move (a pass leaves the board as it was);
//! - the starting position counts as created by a board play of the player not to move.
//!
//! A memory keeps, incrementally, everything the rules ask about the past: for every
//! position who created it, with whom to move it stood, and when it last stood; every
//! (before, after) transition made by a board play; the last pass; Spight's pass record;
//! the pass-for-ko bans. [`KoMemory`] is a whole game's memory (with Ing-Spight's hot stones
//! and odd cycles besides); a search line is a memory standing on it
//! ([`KoLine`](super::line::KoLine)), holding only its own moves. Both record a move with
//! the same `Layer::record`. The rules ask either through the [`Past`] trait.

use super::history::{PassForKoBan, PassForKoBans, PositionRecord, Step};
use super::ing_spight::IngMemory;
use crate::board::{Board, Color};
use fxhash::{FxHashMap, FxHashSet};

/// What a ko rule may ask about the past. Implemented by [`KoMemory`] (a whole game) and by
/// search lines standing on one.
pub trait Past {
    /// What is remembered of position `hash`, if it ever stood.
    fn position(&self, hash: u64) -> Option<PositionRecord>;
    /// True when an earlier board play left `before` and created `after`.
    fn has_transition(&self, before: u64, after: u64) -> bool;
    /// The last move, if any.
    fn last_step(&self) -> Option<&Step>;
    /// The state index S_k standing when the last pass was made (k is the pass's own index),
    /// or `None` if nobody has passed.
    fn last_pass_state(&self) -> Option<u32>;
    /// The pass-for-ko bans in force.
    fn pass_for_ko_bans(&self) -> &PassForKoBans;
    /// The Ing-Spight memory (hot stones, odd cycles).
    fn ing(&self) -> &IngMemory;
    /// The board-play steps of the game in order (Ing-Spight's odd cycles need them).
    fn steps(&self) -> &[Step];
}

/// What one stretch of history adds to the memory: the whole game for [`KoMemory`], or the
/// moves of a search line on top of a game. One [`Layer::record`] serves both.
#[derive(Debug, Default)]
pub(super) struct Layer {
    pub(super) positions: FxHashMap<u64, PositionRecord>,
    pub(super) transitions: FxHashSet<(u64, u64)>,
    pub(super) steps: Vec<Step>,
    pub(super) last_pass_state: Option<u32>,
    /// Spight: (position, passer) for every pass made.
    pub(super) passes_in_position: FxHashSet<(u64, Color)>,
    /// The pass-for-ko bans in force after this layer (a line starts with its root's).
    pub(super) bans: PassForKoBans,
    pub(super) over_by_spight: bool,
}

impl Clone for Layer {
    fn clone(&self) -> Layer {
        Layer {
            positions: self.positions.clone(),
            transitions: self.transitions.clone(),
            steps: self.steps.clone(),
            last_pass_state: self.last_pass_state,
            passes_in_position: self.passes_in_position.clone(),
            bans: self.bans.clone(),
            over_by_spight: self.over_by_spight,
        }
    }

    /// Refills this layer's buffers from `source`'s: no allocation once they are as large
    /// (a hash map's own `clone_from` makes a new table whenever the two sizes differ).
    fn clone_from(&mut self, source: &Layer) {
        self.positions.clear();
        self.positions
            .extend(source.positions.iter().map(|(&k, &v)| (k, v)));
        self.transitions.clear();
        self.transitions.extend(source.transitions.iter().copied());
        self.steps.clone_from(&source.steps);
        self.last_pass_state = source.last_pass_state;
        self.passes_in_position.clear();
        self.passes_in_position
            .extend(source.passes_in_position.iter().copied());
        self.bans.copy_from(&source.bans);
        self.over_by_spight = source.over_by_spight;
    }
}

impl Layer {
    /// Forgets every move, keeping the buffers, with `bans` in force.
    pub(super) fn clear(&mut self, bans: &PassForKoBans) {
        self.positions.clear();
        self.transitions.clear();
        self.steps.clear();
        self.last_pass_state = None;
        self.passes_in_position.clear();
        self.bans.copy_from(bans);
        self.over_by_spight = false;
    }

    /// Records `step`, which made state S_`k`, given the board `after` it. `parent`: the
    /// memory this layer stands on, if any (Spight's game end looks at its passes too).
    pub(super) fn record(&mut self, step: Step, k: u32, after: &Board, parent: Option<&Layer>) {
        let mover = step.color;
        let entry = self
            .positions
            .entry(step.hash_after)
            .or_insert(PositionRecord {
                first_stood: k,
                ..PositionRecord::default()
            });
        entry.last_stood = k;
        entry.stood_with_to_move[mover.opponent().index()] = true;
        if step.is_pass() {
            self.last_pass_state = Some(k);
            let key = (step.hash_after, mover);
            let again = !self.passes_in_position.insert(key)
                || parent.is_some_and(|p| p.passes_in_position.contains(&key));
            if again {
                self.over_by_spight = true;
            }
            self.bans.lift(mover);
        } else {
            entry.created_by[mover.index()] = true;
            self.transitions.insert((step.hash_before, step.hash_after));
            if let Some(ban) = PassForKoBan::made_by(&step, after) {
                self.bans.add(ban);
            }
        }
        self.steps.push(step);
    }
}

/// What recording one move changed in a game's memory, so that [`KoMemory::undo`] can take
/// it back without replaying the game.
#[derive(Debug)]
struct Undo {
    /// The record of the position the move made, before the move (`None`: it was new).
    position: Option<PositionRecord>,
    /// The move's (before, after) transition was new.
    transition_new: bool,
    /// The move, a pass, was the first by its player in its position.
    pass_new: bool,
    last_pass_state: Option<u32>,
    bans: PassForKoBans,
    over_by_spight: bool,
}

impl Clone for Undo {
    fn clone(&self) -> Undo {
        Undo {
            position: self.position,
            transition_new: self.transition_new,
            pass_new: self.pass_new,
            last_pass_state: self.last_pass_state,
            bans: self.bans.clone(),
            over_by_spight: self.over_by_spight,
        }
    }

    fn clone_from(&mut self, source: &Undo) {
        self.position = source.position;
        self.transition_new = source.transition_new;
        self.pass_new = source.pass_new;
        self.last_pass_state = source.last_pass_state;
        self.bans.copy_from(&source.bans);
        self.over_by_spight = source.over_by_spight;
    }
}

/// The incremental memory of a game's past that the ko rules judge against. `clone_from`
/// refills its buffers: no allocation once they are as large as the source's.
#[derive(Debug)]
pub struct KoMemory {
    pub(super) layer: Layer,
    /// Ing-Spight's memory, kept only while that rule may be asked (its odd-cycle and
    /// ko-play reading is by far the dearest part of recording a move).
    ing: Option<IngMemory>,
    /// One entry per recorded move, for [`KoMemory::undo`].
    undo: Vec<Undo>,
}

/// The Ing-Spight memory of a game that keeps none: asked only by mistake.
static NO_ING: IngMemory = IngMemory::EMPTY;

impl Clone for KoMemory {
    fn clone(&self) -> KoMemory {
        KoMemory {
            layer: self.layer.clone(),
            ing: self.ing.clone(),
            undo: self.undo.clone(),
        }
    }

    fn clone_from(&mut self, source: &KoMemory) {
        self.layer.clone_from(&source.layer);
        match (&mut self.ing, &source.ing) {
            (Some(mine), Some(theirs)) => mine.clone_from(theirs),
            (mine, theirs) => *mine = theirs.clone(),
        }
        self.undo.clone_from(&source.undo);
    }
}

impl KoMemory {
    /// The memory of a game starting at `start` with `to_move` to play. `with_ing`: keep
    /// Ing-Spight's memory too (needed while the game is under that rule; a game that
    /// switches to it rebuilds its memory).
    pub fn new(start: &Board, to_move: Color, with_ing: bool) -> KoMemory {
        let mut layer = Layer::default();
        let mut rec = PositionRecord::default();
        rec.created_by[to_move.opponent().index()] = true;
        rec.stood_with_to_move[to_move.index()] = true;
        layer.positions.insert(start.hash(), rec);
        KoMemory {
            layer,
            ing: with_ing.then(IngMemory::default),
            undo: Vec::new(),
        }
    }

    /// True when Ing-Spight's memory is kept.
    pub fn has_ing(&self) -> bool {
        self.ing.is_some()
    }

    /// Records a move, given the board before and after it (every rule but Ing-Spight is
    /// kept up to date whichever is in force, so that the rule can change mid-game).
    pub fn record(&mut self, step: Step, before: &Board, after: &Board) {
        let k = self.layer.steps.len() as u32 + 1;
        let layer = &self.layer;
        self.undo.push(Undo {
            position: layer.positions.get(&step.hash_after).copied(),
            transition_new: !step.is_pass()
                && !layer
                    .transitions
                    .contains(&(step.hash_before, step.hash_after)),
            pass_new: step.is_pass()
                && !layer
                    .passes_in_position
                    .contains(&(step.hash_after, step.color)),
            last_pass_state: layer.last_pass_state,
            bans: layer.bans.clone(),
            over_by_spight: layer.over_by_spight,
        });
        if let Some(ing) = &mut self.ing {
            ing.record(&step, &self.layer.steps, before, after);
        }
        self.layer.record(step, k, after, None);
    }

    /// Takes back the last recorded move and returns it (`None` when there is none): the
    /// memory is as it was before that move was recorded.
    pub fn undo(&mut self) -> Option<Step> {
        let undo = self.undo.pop()?;
        let step = self.layer.steps.pop().expect("a step for every undo entry");
        let layer = &mut self.layer;
        match undo.position {
            Some(rec) => layer.positions.insert(step.hash_after, rec),
            None => layer.positions.remove(&step.hash_after),
        };
        if undo.transition_new {
            layer
                .transitions
                .remove(&(step.hash_before, step.hash_after));
        }
        if undo.pass_new {
            layer
                .passes_in_position
                .remove(&(step.hash_after, step.color));
        }
        layer.last_pass_state = undo.last_pass_state;
        layer.bans = undo.bans;
        layer.over_by_spight = undo.over_by_spight;
        if let Some(ing) = &mut self.ing {
            ing.undo(&step, layer.steps.len() as u32 + 1);
        }
        Some(step)
    }

    /// True once the same player has passed a second time in the same board position
    /// (Spight's end of play).
    pub fn ended_by_second_pass(&self) -> bool {
        self.layer.over_by_spight
    }
}

impl Past for KoMemory {
    fn position(&self, hash: u64) -> Option<PositionRecord> {
        self.layer.positions.get(&hash).copied()
    }
    fn has_transition(&self, before: u64, after: u64) -> bool {
        self.layer.transitions.contains(&(before, after))
    }
    fn last_step(&self) -> Option<&Step> {
        self.layer.steps.last()
    }
    fn last_pass_state(&self) -> Option<u32> {
        self.layer.last_pass_state
    }
    fn pass_for_ko_bans(&self) -> &PassForKoBans {
        &self.layer.bans
    }
    fn ing(&self) -> &IngMemory {
        debug_assert!(
            self.ing.is_some(),
            "Ing-Spight asked of a memory that keeps none"
        );
        self.ing.as_ref().unwrap_or(&NO_ING)
    }
    fn steps(&self) -> &[Step] {
        &self.layer.steps
    }
}
