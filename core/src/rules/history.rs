//! The words the ko rules are written in: a move as history keeps it ([`Step`]), a board play
//! about to be judged ([`Candidate`]), what is remembered of a position ([`PositionRecord`]),
//! Japanese pass-for-ko bans ([`PassForKoBan`], [`PassForKoBans`]) and the verdict of a ban
//! ([`KoBan`], naming its [`Clause`]).
//!
//! Where things live, for a reader who wants to see that every ko rule is judged the same
//! way everywhere:
//! - these types: here;
//! - the memory of a game's past ([`KoMemory`](super::memory::KoMemory)) and of a search
//!   line standing on it ([`KoLine`](super::line::KoLine)), both recorded by one `record`,
//!   and the [`Past`](super::memory::Past) trait through which rules ask them: in
//!   [`memory`](super::memory) and [`line`](super::line);
//! - each rule's condition, once, as a pure predicate (the *rule table*), and [`judge`],
//!   which the game asks: in [`ko`](super::ko);
//! - Ing-Spight's hot stones and odd cycles: in [`ing_spight`](super::ing_spight);
//! - the fast paths, which clear most plays without asking the table and ask it for the rest:
//!   the board's own simple-ko point ([`Board::ko`]), the tree's test
//!   (`search::legality`) and the playouts' checks (`search::playout`).
//!
//! [`judge`]: super::ko::judge

use crate::board::{Board, Color, Point, MAX_SIZE};
use smallvec::SmallVec;
use std::fmt;
use std::sync::Arc;

/// One move of a game as the ko rules see it.
#[derive(Debug, PartialEq, Eq)]
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

/// `clone_from` keeps the removed stones' buffer (a capture of more than four stones has one
/// on the heap).
impl Clone for Step {
    fn clone(&self) -> Step {
        Step {
            color: self.color,
            point: self.point,
            hash_before: self.hash_before,
            hash_after: self.hash_after,
            removed: self.removed.clone(),
        }
    }

    fn clone_from(&mut self, source: &Step) {
        self.color = source.color;
        self.point = source.point;
        self.hash_before = source.hash_before;
        self.hash_after = source.hash_after;
        self.removed.clone_from(&source.removed);
    }
}

impl Step {
    /// True for a pass.
    pub fn is_pass(&self) -> bool {
        self.point.is_pass()
    }

    /// The colour of the stones the move removed: the mover's after a suicide, else the
    /// opponent's.
    pub fn removed_color(&self) -> Color {
        if self.removed.contains(&self.point) {
            self.color
        } else {
            self.color.opponent()
        }
    }
}

/// The most stones one board play can remove: every point of the largest board.
pub const MAX_REMOVED: usize = MAX_SIZE * MAX_SIZE;

/// The stones one board play removes, held inline however many there are, so that judging a
/// play allocates nothing, big captures included.
pub type Removed = SmallVec<[Point; MAX_REMOVED]>;

/// A board play about to be made, as [`judge`](super::ko::judge) needs to see it.
#[derive(Clone, Debug)]
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
    pub removed: Removed,
}

impl<'a> Candidate<'a> {
    /// `color`'s board play on the empty point `point` of `before`, read without playing it
    /// (a suicide is carried out: its string is removed). Allocates nothing.
    pub fn of(before: &'a Board, point: Point, color: Color) -> Candidate<'a> {
        let mut removed = SmallVec::new();
        before.for_each_removed(point, color, |s| removed.push(s));
        Candidate {
            color,
            point,
            before,
            hash_after: before.hash_after(point, color),
            removed,
        }
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
    /// The record of a position that stood once, as state `index`, made by `mover`'s move
    /// (a pass when `pass`): what a playout knows of each of its own states.
    #[inline(always)]
    pub fn of_state(mover: Color, pass: bool, index: u32) -> PositionRecord {
        let mut created_by = [false; 2];
        created_by[mover.index()] = !pass;
        let mut stood_with_to_move = [false; 2];
        stood_with_to_move[mover.opponent().index()] = true;
        PositionRecord {
            created_by,
            stood_with_to_move,
            last_stood: index,
            first_stood: index,
        }
    }

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

impl PassForKoBan {
    /// If `step` was a ko capture (it took exactly one stone and its stone stands alone with
    /// that point as its only liberty on `after`, the board after it), the ban it puts on
    /// the opponent under pass-for-ko. It is the board's own ko shape ([`Board::ko`]).
    pub fn made_by(step: &Step, after: &Board) -> Option<PassForKoBan> {
        if step.is_pass() {
            return None;
        }
        PassForKoBan::after_play(step.point, after)
    }

    /// [`PassForKoBan::made_by`] for the board play that has just put a stone on `stone`,
    /// given the board `after` it: the board's ko point ([`Board::ko`]) marks exactly the
    /// ko captures (one stone taken, the new stone alone with the taken stone's point as
    /// its only liberty), and the player it binds.
    #[inline]
    pub fn after_play(stone: Point, after: &Board) -> Option<PassForKoBan> {
        after.ko().map(|(point, banned)| PassForKoBan {
            banned,
            point,
            stone,
        })
    }
}

/// The pass-for-ko bans in force: kept by a game's memory, a search line and a playout
/// alike. A ko capture adds one; a pass lifts the passer's.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PassForKoBans(SmallVec<[PassForKoBan; 4]>);

/// `clone_from` keeps the buffer ([`PassForKoBans::copy_from`]).
impl Clone for PassForKoBans {
    fn clone(&self) -> PassForKoBans {
        PassForKoBans(self.0.clone())
    }

    fn clone_from(&mut self, source: &PassForKoBans) {
        self.copy_from(source);
    }
}

impl PassForKoBans {
    /// The bans, oldest first.
    #[inline]
    pub fn as_slice(&self) -> &[PassForKoBan] {
        &self.0
    }

    /// True when no ban is in force.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds a ban (after a ko capture).
    #[inline]
    pub fn add(&mut self, ban: PassForKoBan) {
        self.0.push(ban);
    }

    /// Lifts the bans on `passer` (who has just passed).
    #[inline]
    pub fn lift(&mut self, passer: Color) {
        if !self.0.is_empty() {
            self.0.retain(|b| b.banned != passer);
        }
    }

    /// Replaces the bans with `other`'s, keeping this set's buffer.
    #[inline]
    pub fn copy_from(&mut self, other: &PassForKoBans) {
        self.0.clear();
        self.0.extend_from_slice(&other.0);
    }

    /// True when some ban binds `color` on `point` (whatever it would capture): a cheap
    /// first test before [`PassForKoBans::banned`].
    #[inline]
    pub fn binds(&self, color: Color, point: Point) -> bool {
        self.0.iter().any(|b| b.banned == color && b.point == point)
    }

    /// True when a ban forbids `color` to play `point` capturing exactly the stone `stone`.
    #[inline]
    pub fn banned(&self, color: Color, point: Point, stone: Point) -> bool {
        self.0
            .iter()
            .any(|b| b.banned == color && b.point == point && b.stone == stone)
    }
}

/// The clause of a ko rule that bans a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clause {
    /// Basic ko: an immediate retake.
    Simple,
    /// Positional superko: the position stood before.
    Positional,
    /// Situational superko: it stood before with the same player to move.
    Situational,
    /// Natural situational superko: the same player created it with a board play.
    NaturalSituational,
    /// Spight's superko: it stood before with no pass since.
    Spight,
    /// Jasiek's fixed ko: the same play from the same position was made before.
    Fixed,
    /// Japanese pass-for-ko: a recapture before passing.
    PassForKo,
    /// Ing-Spight: a ko play capturing a hot stone.
    IngSpightHotStone,
    /// Ing-Spight: completing an odd cycle a second time.
    IngSpightOddCycle,
}

impl Clause {
    /// Every clause, in the order of [`Clause::as_str`]'s documentation.
    pub const ALL: [Clause; 9] = [
        Clause::Simple,
        Clause::Positional,
        Clause::Situational,
        Clause::NaturalSituational,
        Clause::Spight,
        Clause::Fixed,
        Clause::PassForKo,
        Clause::IngSpightHotStone,
        Clause::IngSpightOddCycle,
    ];

    /// The stable name of the clause, as `ko-bans` prints it: `simple`, `positional`,
    /// `situational`, `natural-situational`, `spight`, `fixed`, `pass-for-ko`,
    /// `ing-spight hot stone`, `ing-spight odd cycle`.
    pub fn as_str(self) -> &'static str {
        match self {
            Clause::Simple => "simple",
            Clause::Positional => "positional",
            Clause::Situational => "situational",
            Clause::NaturalSituational => "natural-situational",
            Clause::Spight => "spight",
            Clause::Fixed => "fixed",
            Clause::PassForKo => "pass-for-ko",
            Clause::IngSpightHotStone => "ing-spight hot stone",
            Clause::IngSpightOddCycle => "ing-spight odd cycle",
        }
    }

    /// The rule the clause belongs to, as a player names it: `simple ko`, `positional
    /// superko`, `situational superko`, `natural situational superko`, `Spight's superko`,
    /// `fixed ko`, `Japanese pass-for-ko`, `Ing-Spight ko rule`, `Ing-Spight odd cycle
    /// rule`.
    pub fn rule_name(self) -> &'static str {
        match self {
            Clause::Simple => "simple ko",
            Clause::Positional => "positional superko",
            Clause::Situational => "situational superko",
            Clause::NaturalSituational => "natural situational superko",
            Clause::Spight => "Spight's superko",
            Clause::Fixed => "fixed ko",
            Clause::PassForKo => "Japanese pass-for-ko",
            Clause::IngSpightHotStone => "Ing-Spight ko rule",
            Clause::IngSpightOddCycle => "Ing-Spight odd cycle rule",
        }
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a board play is banned by the ko rule. The facts only: the words are put together
/// when it is displayed (`clause: explanation`, e.g. `positional: recreates the position
/// after move 12`), never while judging.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KoBan {
    /// The clause of the rule that bans the play.
    pub clause: Clause,
    /// The player who may not make the play.
    pub color: Color,
    /// The state S_k the play would recreate (0 is the start), for the superko clauses.
    pub state: Option<u32>,
    detail: Detail,
}

/// What an Ing-Spight ban adds to its explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Detail {
    None,
    /// The hot stones the play would capture, on a board of `size`.
    HotStones {
        stones: SmallVec<[Point; 4]>,
        size: u8,
    },
    /// The odd cycle's plays, and the move that first completed it, on a board of `size`.
    OddCycle {
        plays: Arc<[(Color, Point)]>,
        completed_at: u32,
        size: u8,
    },
}

impl KoBan {
    /// A ban by `clause` on `color`, naming the earlier state `state` when there is one.
    #[inline]
    pub fn new(clause: Clause, color: Color, state: Option<u32>) -> KoBan {
        KoBan {
            clause,
            color,
            state,
            detail: Detail::None,
        }
    }

    /// Ing-Spight's hot stone clause: `color`'s ko play would capture the hot `stones`.
    pub fn hot_stones(color: Color, stones: SmallVec<[Point; 4]>, size: usize) -> KoBan {
        KoBan {
            detail: Detail::HotStones {
                stones,
                size: size as u8,
            },
            ..KoBan::new(Clause::IngSpightHotStone, color, None)
        }
    }

    /// Ing-Spight's odd cycle clause: `color`'s play would complete again the odd cycle
    /// `plays`, first completed at move `completed_at`.
    pub fn odd_cycle(
        color: Color,
        plays: Arc<[(Color, Point)]>,
        completed_at: u32,
        size: usize,
    ) -> KoBan {
        KoBan {
            detail: Detail::OddCycle {
                plays,
                completed_at,
                size: size as u8,
            },
            ..KoBan::new(Clause::IngSpightOddCycle, color, None)
        }
    }
}

impl KoBan {
    /// The ban for a player: what the play does, then the rule that forbids it, e.g.
    /// `recreates the position after move 37 (W C3): positional superko`. `earlier`: the
    /// move with the number the ban names (`W C3`), when the caller knows it.
    pub fn explain(&self, earlier: Option<&str>) -> String {
        format!(
            "{}: {}",
            Explanation(self, earlier),
            self.clause.rule_name()
        )
    }
}

impl fmt::Display for KoBan {
    /// The form `ko-bans` prints: the clause, then what the play does
    /// (`positional: recreates the position after move 12`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.clause, Explanation(self, None))
    }
}

/// What a banned play does, in words, naming the earlier move (`after move 8 (W C3)`) when
/// one is given.
struct Explanation<'a>(&'a KoBan, Option<&'a str>);

impl fmt::Display for Explanation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Explanation(ban, earlier) = *self;
        let color = ban.color;
        let what = match ban.clause {
            Clause::Simple => return f.write_str("retakes the ko at once"),
            Clause::Fixed => {
                return f.write_str(
                    "repeats an earlier play from the same position to the same position",
                )
            }
            Clause::PassForKo => {
                return write!(
                    f,
                    "recaptures in a ko {} took; {color} must pass first",
                    color.opponent()
                )
            }
            Clause::IngSpightHotStone | Clause::IngSpightOddCycle => return ban.detail.fmt_ing(f),
            Clause::Positional => "recreates the position".to_string(),
            Clause::Situational => {
                format!("recreates, with {} to move, the position", color.opponent())
            }
            Clause::NaturalSituational => format!("recreates the position {color} created"),
            Clause::Spight => "recreates, with no pass since, the position".to_string(),
        };
        match ban.state {
            Some(0) | None => write!(f, "{what} at the start"),
            Some(k) => {
                write!(f, "{what} after move {k}")?;
                match earlier {
                    Some(named) => write!(f, " ({named})"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl Detail {
    fn fmt_ing(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Detail::None => Ok(()),
            Detail::HotStones { stones, size } => {
                write!(
                    f,
                    "a ko play capturing the hot stone{}",
                    if stones.len() == 1 { "" } else { "s" }
                )?;
                for &p in stones {
                    write!(f, " {}", p.coord(*size as usize))?;
                }
                f.write_str("; a pass or a play that is not a ko play must come first")
            }
            Detail::OddCycle {
                plays,
                completed_at,
                size,
            } => {
                f.write_str("would complete again the odd cycle ")?;
                for (i, &(c, p)) in plays.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{} {}", c.letter(), p.coord(*size as usize))?;
                }
                write!(f, " first completed at move {completed_at}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;
    use smallvec::smallvec;

    #[test]
    fn bans_explain_themselves_as_ko_bans_prints_them() {
        let b = Board::new(5);
        let pt = |v: &str| b.point(Coord::parse_gtp(v, 5).unwrap());
        let (black, white) = (Color::Black, Color::White);
        let cases = [
            (
                KoBan::new(Clause::Positional, black, Some(12)),
                "positional: recreates the position after move 12",
            ),
            (
                KoBan::new(Clause::Positional, black, Some(0)),
                "positional: recreates the position at the start",
            ),
            (
                KoBan::new(Clause::Situational, black, Some(3)),
                "situational: recreates, with white to move, the position after move 3",
            ),
            (
                KoBan::new(Clause::NaturalSituational, white, Some(7)),
                "natural-situational: recreates the position white created after move 7",
            ),
            (
                KoBan::new(Clause::Spight, white, Some(0)),
                "spight: recreates, with no pass since, the position at the start",
            ),
            (
                KoBan::new(Clause::Simple, white, None),
                "simple: retakes the ko at once",
            ),
            (
                KoBan::new(Clause::Fixed, black, None),
                "fixed: repeats an earlier play from the same position to the same position",
            ),
            (
                KoBan::new(Clause::PassForKo, white, None),
                "pass-for-ko: recaptures in a ko black took; white must pass first",
            ),
            (
                KoBan::hot_stones(black, smallvec![pt("C3")], 5),
                "ing-spight hot stone: a ko play capturing the hot stone C3; a pass or a play \
                 that is not a ko play must come first",
            ),
            (
                KoBan::hot_stones(black, smallvec![pt("C3"), pt("E1")], 5),
                "ing-spight hot stone: a ko play capturing the hot stones C3 E1; a pass or a \
                 play that is not a ko play must come first",
            ),
            (
                KoBan::odd_cycle(
                    white,
                    Arc::from([(white, pt("A1")), (black, pt("B2")), (white, pt("E5"))]),
                    9,
                    5,
                ),
                "ing-spight odd cycle: would complete again the odd cycle W A1, B B2, W E5 \
                 first completed at move 9",
            ),
        ];
        for (ban, text) in cases {
            assert_eq!(ban.to_string(), text);
        }
        for clause in Clause::ALL {
            assert!(KoBan::new(clause, black, Some(1))
                .to_string()
                .starts_with(&format!("{}: ", clause.as_str())));
            // A player's form ends with the rule's name.
            assert!(KoBan::new(clause, black, Some(1))
                .explain(None)
                .ends_with(&format!(": {}", clause.rule_name())));
        }
    }

    #[test]
    fn bans_read_naturally_for_a_player_naming_the_rule_and_the_earlier_move() {
        let (black, white) = (Color::Black, Color::White);
        let cases = [
            (
                KoBan::new(Clause::Positional, white, Some(37)),
                Some("W C3"),
                "recreates the position after move 37 (W C3): positional superko",
            ),
            (
                KoBan::new(Clause::Situational, black, Some(3)),
                None,
                "recreates, with white to move, the position after move 3: situational superko",
            ),
            (
                KoBan::new(Clause::Spight, white, Some(0)),
                Some("B D4"),
                "recreates, with no pass since, the position at the start: Spight's superko",
            ),
            (
                KoBan::new(Clause::Simple, white, None),
                None,
                "retakes the ko at once: simple ko",
            ),
            (
                KoBan::new(Clause::PassForKo, white, None),
                None,
                "recaptures in a ko black took; white must pass first: Japanese pass-for-ko",
            ),
        ];
        for (ban, earlier, text) in cases {
            assert_eq!(ban.explain(earlier), text);
        }
    }
}
