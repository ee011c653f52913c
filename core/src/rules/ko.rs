//! The ko rules and the rule table: what each rule forbids, written once.
//!
//! Each rule's condition is a pure predicate over the facts the history keeps (see
//! [`history`](super::history) for the words and [`memory`](super::memory) for the memory):
//! - [`simple_bans`]: basic ko, against the last move;
//! - [`recreation_bans`]: the superko family (positional, situational, natural situational,
//!   Spight), against what is remembered of the position the play would create;
//! - [`transition_bans`]: Jasiek's fixed ko, against the (before, after) pairs already made;
//! - [`pass_for_ko_bans`]: Japanese pass-for-ko, against the bans in force;
//! - Ing-Spight, against its hot stones and odd cycles: [`ing_spight::judge`].
//!
//! [`judge`] puts them together for a game's memory or a search line (any [`Past`]); the
//! game ([`Game::check`](crate::game::Game::check)) and the search tree
//! (`search::legality`) ask it. The playouts (`search::playout`) keep their own compact
//! record of the states they make and clear most plays with cheap tests of their own
//! (the board's ko point, the points stones were removed from, a Bloom filter of the root
//! game's positions, the stones of the last two moves), but every play they cannot clear is
//! decided by the same predicates. The board's own ko point ([`Board::ko`](crate::board::Board::ko)) is such a fast
//! path for [`simple_bans`]: it marks exactly the retakes basic ko forbids.

use super::history::{Candidate, Clause, KoBan, PassForKoBans, PositionRecord, Step};
use super::ing_spight;
use super::memory::Past;
use crate::board::{Color, Point};
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

    /// True for the rules that ban every immediate ko retake, so that the board's own ko
    /// point ([`Board::ko`](crate::board::Board::ko)) may refuse it before the past is
    /// asked: basic ko itself, the rules that include it (`basic-fixed`, `pass-for-ko`,
    /// `ing-spight`, whose retake captures a hot stone) and those that imply it (`positional`,
    /// `situational`, `spight`: the retake recreates the position that stood, with the
    /// retaker's opponent to move, just before the last move). Not `fixed` (a first retake
    /// is a new transition) nor `natural-situational` (after a pass, the retake may recreate
    /// a position the retaker's opponent created).
    #[inline]
    pub fn bans_every_retake(self) -> bool {
        !matches!(self, KoRule::Fixed | KoRule::NaturalSituational)
    }

    /// True for the rules that ban only plays removing stones (basic ko bans a retake,
    /// pass-for-ko a recapture): under them a play that captures nothing and is no suicide
    /// is allowed without asking the past. Every other rule can ban a play that captures
    /// nothing: the superko rules and fixed ko when it closes a cycle of *sending two,
    /// returning one* or *eternal life*, Ing-Spight when it completes an odd cycle again.
    #[inline]
    pub fn bans_only_removals(self) -> bool {
        matches!(self, KoRule::Simple | KoRule::PassForKo)
    }

    /// True for the rules under which a cycle of board plays can go on for ever, so that a
    /// game caught in one ends without result: basic ko (the Japanese rules' Article 12: a
    /// triple ko, eternal life), the confirmation phase's pass-for-ko, and Ing-Spight (a
    /// cycle neither its ko rule nor its odd cycle rule breaks). The superko rules forbid
    /// every repetition between passes and fixed ko every repeated transition, so no cycle
    /// lasts under them. The game's [`cycle_ending`](crate::game::Game::cycle_ending) says
    /// when a cycle has come.
    #[inline]
    pub fn ends_cycles_without_result(self) -> bool {
        matches!(self, KoRule::Simple | KoRule::PassForKo | KoRule::IngSpight)
    }

    /// True for the rules whose bans depend only on the positions that stood before: the
    /// simple-ko point under basic ko, the earlier positions (with who was to move) under
    /// positional, situational and natural situational superko. Not Spight's superko (a
    /// pass lifts its bans, and a second pass in the same position ends the game), fixed ko
    /// (transitions), Ing-Spight (hot stones, odd cycles) nor pass-for-ko (its bans after a
    /// pass). Under these rules a reading that meets a position again may take the answer
    /// it found there, up to the history of the line (exactly, under basic ko).
    #[inline]
    pub fn bans_by_positions_alone(self) -> bool {
        matches!(
            self,
            KoRule::Simple | KoRule::Positional | KoRule::Situational | KoRule::NaturalSituational
        )
    }

    /// True when a game must keep Ing-Spight's memory (hot stones, odd cycles): under that
    /// rule only, as it is by far the dearest part of recording a move.
    #[inline]
    pub fn needs_ing_memory(self) -> bool {
        self == KoRule::IngSpight
    }

    /// True when a search line judges the rule exactly, as the game that played the line's
    /// moves would. Every rule but Ing-Spight, whose hot stones and odd cycles a line takes
    /// from its root game only (see [`KoLine`](super::line::KoLine)): below the root of a
    /// search it is judged approximately, and the answers depend on where the root stands.
    #[inline]
    pub fn judged_exactly_in_lines(self) -> bool {
        self != KoRule::IngSpight
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

/// Basic ko: true when `color`'s board play creating `hash_after` retakes at once, i.e.
/// recreates the position from before the opponent's last move, `last`, a board play.
#[inline]
pub fn simple_bans(last: Option<&Step>, color: Color, hash_after: u64) -> bool {
    last.is_some_and(|last| {
        !last.is_pass() && last.color == color.opponent() && last.hash_before == hash_after
    })
}

/// The superko rules: the clause of `rule` that bans `color`'s board play recreating a
/// position with record `rec`, if any. `pass_floor`: the state index of the last pass
/// (0 if nobody has passed), which lifts Spight's ban on positions that last stood before
/// it. `None` for the rules that do not compare positions this way (simple, fixed,
/// basic-fixed, pass-for-ko, Ing-Spight).
#[inline(always)]
pub fn recreation_bans(
    rule: KoRule,
    rec: &PositionRecord,
    color: Color,
    pass_floor: u32,
) -> Option<Clause> {
    match rule {
        KoRule::Positional => Some(Clause::Positional),
        KoRule::Situational => {
            rec.stood_with_to_move[color.opponent().index()].then_some(Clause::Situational)
        }
        KoRule::NaturalSituational => {
            rec.created_by[color.index()].then_some(Clause::NaturalSituational)
        }
        KoRule::Spight => (rec.last_stood >= pass_floor).then_some(Clause::Spight),
        _ => None,
    }
}

/// Fixed ko: true when the board play repeats a transition, i.e. `made_before`: an earlier
/// board play left the same position and created the same one.
#[inline(always)]
pub fn transition_bans(made_before: bool) -> bool {
    made_before
}

/// Pass-for-ko: true when `color`'s board play on `point`, removing the stones `removed`,
/// recaptures against a ban in `bans`.
#[inline]
pub fn pass_for_ko_bans(
    bans: &PassForKoBans,
    color: Color,
    point: Point,
    removed: &[Point],
) -> bool {
    removed.len() == 1 && bans.banned(color, point, removed[0])
}

/// Why `rule` bans the board play `cand` given `past`, or `None` if it allows it.
/// Occupied points and forbidden suicides are the board's business, not this function's.
/// Nothing is put into words here: a [`KoBan`] explains itself when displayed.
pub fn judge(rule: KoRule, past: &impl Past, cand: &Candidate) -> Option<KoBan> {
    let color = cand.color;
    let simple = || {
        simple_bans(past.last_step(), color, cand.hash_after)
            .then(|| KoBan::new(Clause::Simple, color, None))
    };
    let fixed = || {
        transition_bans(past.has_transition(cand.before.hash(), cand.hash_after))
            .then(|| KoBan::new(Clause::Fixed, color, None))
    };
    match rule {
        KoRule::Simple => simple(),
        KoRule::Positional | KoRule::Situational | KoRule::NaturalSituational | KoRule::Spight => {
            let rec = past.position(cand.hash_after)?;
            let floor = past.last_pass_state().unwrap_or(0);
            recreation_bans(rule, &rec, color, floor)
                .map(|clause| KoBan::new(clause, color, Some(rec.last_stood)))
        }
        KoRule::Fixed => fixed(),
        KoRule::BasicFixed => simple().or_else(fixed),
        KoRule::PassForKo => simple().or_else(|| {
            pass_for_ko_bans(past.pass_for_ko_bans(), color, cand.point, &cand.removed)
                .then(|| KoBan::new(Clause::PassForKo, color, None))
        }),
        KoRule::IngSpight => ing_spight::judge(past.ing(), cand),
    }
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

    #[test]
    fn the_rules_banning_by_positions_alone() {
        let by_positions: Vec<&str> = KO_RULES
            .iter()
            .filter(|(rule, _)| rule.bans_by_positions_alone())
            .map(|(_, name)| *name)
            .collect();
        assert_eq!(
            by_positions,
            ["simple", "positional", "situational", "natural-situational"]
        );
    }
}
