//! The ko rules: what each one forbids, and the memory of the past that judges them.
//!
//! Vocabulary used throughout (the engine's definitions; `docs/ko-rules.md` has the long form):
//! - a *board play* places a stone; a pass is not a board play;
//! - a *position* is the whole board (stones only), compared by Zobrist hash;
//! - the *states* of a game are S0 (the starting position, setup and handicap included) and
//!   S_k, the position after the k-th move (a pass leaves the board as it was);
//! - the starting position counts as created by a board play of the player not to move.
//!
//! [`KoMemory`] keeps, incrementally, everything the rules ask about the past: for every
//! position who created it, with whom to move it stood, and when it last stood; every
//! (before, after) transition made by a board play; the last pass; Spight's pass record;
//! the pass-for-ko bans; Ing-Spight's hot stones and odd cycles. [`judge`] asks it whether a
//! board play is banned, through the [`Past`] trait so that a search can put a short line of
//! moves on top of a game's memory without copying it.

use super::ing_spight::{self, IngMemory};
use crate::board::{Board, Color, Point};
use fxhash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::fmt;
use std::str::FromStr;

/// A rule against repetition. See each variant for the engine's definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Basic ko: a board play may not recreate the position from before the opponent's last
    /// move when that move was a board play.
    Simple,
    /// Positional superko: a board play may not recreate any earlier position.
    Positional,
    /// Situational superko: a board play may not recreate an earlier position with the same
    /// player to move.
    Situational,
    /// Natural situational superko: a player may not use a board play to recreate a position
    /// that the same player created with a board play.
    NaturalSituational,
    /// Spight's pass-lifted superko: a board play may not recreate an earlier position unless
    /// a pass has occurred since that position last stood on the board.
    Spight,
    /// Jasiek's fixed-ko rule: a board play may not leave position A and create position B if
    /// an earlier board play left A and created B.
    Fixed,
    /// Both [`KoRule::Simple`] and [`KoRule::Fixed`].
    BasicFixed,
    /// The Ing-Spight ko rule (hot stones and odd cycles); see [`super::ing_spight`].
    IngSpight,
    /// Japanese 1989 Article 7-2 (confirmation phase): a ko capture bans the opponent from
    /// recapturing in that ko until the opponent passes; basic ko applies as well.
    PassForKo,
}

/// Every ko rule with its GTP name, in the order `ko-rule` documents them.
pub const KO_RULES: &[(KoRule, &str)] = &[
    (KoRule::Simple, "simple"),
    (KoRule::Positional, "positional"),
    (KoRule::Situational, "situational"),
    (KoRule::NaturalSituational, "natural-situational"),
    (KoRule::Spight, "spight"),
    (KoRule::Fixed, "fixed"),
    (KoRule::BasicFixed, "basic-fixed"),
    (KoRule::IngSpight, "ing-spight"),
    (KoRule::PassForKo, "pass-for-ko"),
];

impl KoRule {
    /// The GTP name of the rule.
    pub fn name(self) -> &'static str {
        KO_RULES.iter().find(|(r, _)| *r == self).unwrap().1
    }

    /// True for the rules that may ban a play that captures nothing (the superko family and
    /// fixed ko compare whole positions; the others only ever ban captures).
    pub fn compares_positions(self) -> bool {
        !matches!(self, KoRule::Simple | KoRule::PassForKo | KoRule::IngSpight)
    }
}

impl fmt::Display for KoRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for KoRule {
    type Err = ();
    /// Parses a GTP name (case-insensitive; `_` and `-` alike).
    fn from_str(s: &str) -> Result<KoRule, ()> {
        let s = s.to_ascii_lowercase().replace('_', "-");
        let s = match s.as_str() {
            "basic" | "ko" => "simple",
            "psk" | "superko" => "positional",
            "ssk" => "situational",
            "nssk" => "natural-situational",
            "ing" => "ing-spight",
            other => other,
        };
        KO_RULES
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(r, _)| *r)
            .ok_or(())
    }
}

/// Why a board play is banned by the ko rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KoBan {
    /// The clause of the rule that bans it, e.g. `positional`, `simple`, `fixed`,
    /// `pass-for-ko`, `ing-spight hot stone`, `ing-spight odd cycle`.
    pub clause: &'static str,
    /// A short explanation naming the earlier state, e.g. `recreates the position after move 12`.
    pub detail: String,
}

impl fmt::Display for KoBan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.clause, self.detail)
    }
}

/// One move of a game as the ko rules see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Who moved.
    pub color: Color,
    /// Where the stone went; [`Point::PASS`] for a pass.
    pub point: Point,
    /// Hash of the position before the move.
    pub hash_before: u64,
    /// Hash of the position after the move (the same for a pass).
    pub hash_after: u64,
    /// The stones that left the board (opponent captures, or an own suicided string).
    pub removed: SmallVec<[Point; 4]>,
}

impl Step {
    /// True for a pass.
    pub fn is_pass(&self) -> bool {
        self.point.is_pass()
    }
}

/// What the ko rules remember of one position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PositionRecord {
    /// `created_by[c]`: a board play of colour `c` created it (the start counts as created by
    /// the player not to move).
    pub created_by: [bool; 2],
    /// `stood_with_to_move[c]`: it stood on the board with `c` to move.
    pub stood_with_to_move: [bool; 2],
    /// The last state index k at which S_k was this position.
    pub last_stood: u32,
    /// The first state index at which it stood.
    pub first_stood: u32,
}

impl PositionRecord {
    /// Folds `other` (the same position's record from another part of the history) into
    /// this one.
    pub fn merge(&mut self, other: &PositionRecord) {
        for c in 0..2 {
            self.created_by[c] |= other.created_by[c];
            self.stood_with_to_move[c] |= other.stood_with_to_move[c];
        }
        self.last_stood = self.last_stood.max(other.last_stood);
        self.first_stood = self.first_stood.min(other.first_stood);
    }
}

/// A pass-for-ko ban: `banned` may not play on `point` capturing exactly the stone on
/// `stone` until `banned` passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassForKoBan {
    /// The player who may not recapture.
    pub banned: Color,
    /// Where the recapture would be played.
    pub point: Point,
    /// The single stone the recapture would take.
    pub stone: Point,
}

/// What a ko rule may ask about the past. Implemented by [`KoMemory`] (a whole game) and by
/// search lines layered on top of one.
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
    /// True when a pass-for-ko ban forbids `color` to play `point` capturing exactly `stone`.
    fn pass_for_ko_banned(&self, color: Color, point: Point, stone: Point) -> bool;
    /// The Ing-Spight memory (hot stones, odd cycles).
    fn ing(&self) -> &IngMemory;
    /// The board-play steps of the game in order (Ing-Spight's odd cycles need them).
    fn steps(&self) -> &[Step];
}

/// The incremental memory of a game's past that the ko rules judge against.
#[derive(Clone, Debug)]
pub struct KoMemory {
    positions: FxHashMap<u64, PositionRecord>,
    transitions: FxHashSet<(u64, u64)>,
    steps: Vec<Step>,
    last_pass_state: Option<u32>,
    /// Spight: (position, passer) for every pass made.
    passes_in_position: FxHashSet<(u64, Color)>,
    pass_for_ko: SmallVec<[PassForKoBan; 4]>,
    ing: IngMemory,
    over_by_spight: bool,
}

impl KoMemory {
    /// The memory of a game starting at `start` with `to_move` to play.
    pub fn new(start: &Board, to_move: Color) -> KoMemory {
        let mut positions = FxHashMap::default();
        let mut rec = PositionRecord::default();
        rec.created_by[to_move.opponent().index()] = true;
        rec.stood_with_to_move[to_move.index()] = true;
        positions.insert(start.hash(), rec);
        KoMemory {
            positions,
            transitions: FxHashSet::default(),
            steps: Vec::new(),
            last_pass_state: None,
            passes_in_position: FxHashSet::default(),
            pass_for_ko: SmallVec::new(),
            ing: IngMemory::default(),
            over_by_spight: false,
        }
    }

    /// Records a move, given the board before and after it (every rule is kept up to date,
    /// whichever is in force, so that the rule can change mid-game).
    pub fn record(&mut self, step: Step, before: &Board, after: &Board) {
        let k = self.steps.len() as u32 + 1;
        let mover = step.color;
        record_state(&mut self.positions, &step, k);
        if step.is_pass() {
            self.last_pass_state = Some(k);
            if !self.passes_in_position.insert((step.hash_after, mover)) {
                self.over_by_spight = true;
            }
            self.pass_for_ko.retain(|b| b.banned != mover);
        } else {
            self.transitions.insert((step.hash_before, step.hash_after));
            if let Some(ban) = ko_capture_ban(&step, after) {
                self.pass_for_ko.push(ban);
            }
        }
        self.ing.record(&step, &self.steps, before, after);
        self.steps.push(step);
    }

    /// True once the same player has passed a second time in the same board position
    /// (Spight's end of play).
    pub fn ended_by_second_pass(&self) -> bool {
        self.over_by_spight
    }

    /// The pass-for-ko bans in force.
    pub fn pass_for_ko_bans(&self) -> &[PassForKoBan] {
        &self.pass_for_ko
    }
}

/// Updates `positions` for the state S_k that `step` produced: when it (last) stood, with
/// whom to move, and who created it with a board play. Shared by a game's memory and the
/// search's lines so both keep the same record.
pub(crate) fn record_state(positions: &mut FxHashMap<u64, PositionRecord>, step: &Step, k: u32) {
    let entry = positions.entry(step.hash_after).or_insert(PositionRecord {
        first_stood: k,
        ..PositionRecord::default()
    });
    entry.last_stood = k;
    entry.stood_with_to_move[step.color.opponent().index()] = true;
    if !step.is_pass() {
        entry.created_by[step.color.index()] = true;
    }
}

/// If `step` was a ko capture (it took exactly one stone and its stone stands alone with
/// that point as its only liberty), the ban it puts on the opponent under pass-for-ko.
pub(crate) fn ko_capture_ban(step: &Step, after: &Board) -> Option<PassForKoBan> {
    if step.removed.len() != 1 || step.is_pass() {
        return None;
    }
    let captured = step.removed[0];
    if after.cell(captured).color().is_some() {
        return None; // a suicide, not a capture
    }
    let alone = after.string_size(step.point) == 1;
    let libs = after.liberties(step.point, 2);
    if alone && libs.len() == 1 && libs[0] == captured {
        Some(PassForKoBan {
            banned: step.color.opponent(),
            point: captured,
            stone: step.point,
        })
    } else {
        None
    }
}

impl Past for KoMemory {
    fn position(&self, hash: u64) -> Option<PositionRecord> {
        self.positions.get(&hash).copied()
    }
    fn has_transition(&self, before: u64, after: u64) -> bool {
        self.transitions.contains(&(before, after))
    }
    fn last_step(&self) -> Option<&Step> {
        self.steps.last()
    }
    fn last_pass_state(&self) -> Option<u32> {
        self.last_pass_state
    }
    fn pass_for_ko_banned(&self, color: Color, point: Point, stone: Point) -> bool {
        self.pass_for_ko
            .iter()
            .any(|b| b.banned == color && b.point == point && b.stone == stone)
    }
    fn ing(&self) -> &IngMemory {
        &self.ing
    }
    fn steps(&self) -> &[Step] {
        &self.steps
    }
}

/// A board play about to be made, as [`judge`] needs to see it.
#[derive(Clone, Copy, Debug)]
pub struct Candidate<'a> {
    /// Who plays.
    pub color: Color,
    /// Where.
    pub point: Point,
    /// The board before the play.
    pub before: &'a Board,
    /// The position hash after the play.
    pub hash_after: u64,
    /// The stones the play removes (captures, or its own string on suicide).
    pub removed: &'a [Point],
}

/// Why `rule` bans the board play `cand` given `past`, or `None` if it allows it.
/// Occupied points and forbidden suicides are the board's business, not this function's.
pub fn judge(rule: KoRule, past: &impl Past, cand: &Candidate) -> Option<KoBan> {
    match rule {
        KoRule::Simple => simple(past, cand),
        KoRule::Positional => {
            let rec = past.position(cand.hash_after)?;
            Some(ban("positional", rec.last_stood, "recreates the position"))
        }
        KoRule::Situational => {
            let rec = past.position(cand.hash_after)?;
            let next = cand.color.opponent();
            rec.stood_with_to_move[next.index()].then(|| {
                ban(
                    "situational",
                    rec.last_stood,
                    &format!("recreates, with {next} to move, the position"),
                )
            })
        }
        KoRule::NaturalSituational => {
            let rec = past.position(cand.hash_after)?;
            rec.created_by[cand.color.index()].then(|| {
                ban(
                    "natural-situational",
                    rec.last_stood,
                    &format!("recreates the position {} created", cand.color),
                )
            })
        }
        KoRule::Spight => {
            let rec = past.position(cand.hash_after)?;
            let lifted = past
                .last_pass_state()
                .is_some_and(|pass| rec.last_stood < pass);
            (!lifted).then(|| {
                ban(
                    "spight",
                    rec.last_stood,
                    "recreates, with no pass since, the position",
                )
            })
        }
        KoRule::Fixed => fixed(past, cand),
        KoRule::BasicFixed => simple(past, cand).or_else(|| fixed(past, cand)),
        KoRule::PassForKo => simple(past, cand).or_else(|| {
            if cand.removed.len() == 1
                && past.pass_for_ko_banned(cand.color, cand.point, cand.removed[0])
            {
                Some(KoBan {
                    clause: "pass-for-ko",
                    detail: format!(
                        "recaptures in a ko {} took; {} must pass first",
                        cand.color.opponent(),
                        cand.color
                    ),
                })
            } else {
                None
            }
        }),
        KoRule::IngSpight => ing_spight::judge(past, cand),
    }
}

fn ban(clause: &'static str, state: u32, what: &str) -> KoBan {
    let when = if state == 0 {
        "at the start".to_string()
    } else {
        format!("after move {state}")
    };
    KoBan {
        clause,
        detail: format!("{what} {when}"),
    }
}

fn simple(past: &impl Past, cand: &Candidate) -> Option<KoBan> {
    let last = past.last_step()?;
    (!last.is_pass() && last.color == cand.color.opponent() && last.hash_before == cand.hash_after)
        .then(|| KoBan {
            clause: "simple",
            detail: "retakes the ko at once".to_string(),
        })
}

fn fixed(past: &impl Past, cand: &Candidate) -> Option<KoBan> {
    past.has_transition(cand.before.hash(), cand.hash_after)
        .then(|| KoBan {
            clause: "fixed",
            detail: "repeats an earlier play from the same position to the same position"
                .to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for (rule, name) in KO_RULES {
            assert_eq!(name.parse::<KoRule>(), Ok(*rule));
            assert_eq!(rule.to_string(), *name);
        }
        assert_eq!(
            "Natural_Situational".parse::<KoRule>(),
            Ok(KoRule::NaturalSituational)
        );
        assert!("nonsense".parse::<KoRule>().is_err());
    }
}
