//! What the facade answers when it cannot do what it was asked: bad input ([`Error::Input`])
//! or a move the rules refuse ([`Error::Illegal`], a [`Refusal`] with its [`Reason`]).

use crate::board::Color;
use crate::game::Illegal;
use crate::rules::history::Clause;
use std::fmt;

/// Why a call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The input was not understood or is out of range (a board size, a rules name, a vertex,
    /// a colour, an SGF record, an undo with no move to take back): what was wrong, in words.
    Input(String),
    /// The move is well formed but the rules do not allow it.
    Illegal(Refusal),
}

impl Error {
    /// A bad-input error with `message`.
    pub fn input(message: impl Into<String>) -> Error {
        Error::Input(message.into())
    }

    /// The message, whichever the kind.
    pub fn message(&self) -> &str {
        match self {
            Error::Input(m) => m,
            Error::Illegal(r) => &r.message,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

/// A move the rules refuse: a short code saying which rule, and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Which rule refuses the move.
    pub reason: Reason,
    /// The refusal in words, for a player: the move, then the rules layer's explanation
    /// (naming the earlier move whose position the play would repeat, where there is one).
    pub message: String,
}

/// Which rule refuses a move. [`Reason::code`] gives the short code the packages expose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A stone already stands on the point.
    Occupied,
    /// The play would be a suicide the ruleset forbids.
    Suicide,
    /// Basic ko: an immediate retake.
    Ko,
    /// A superko rule (positional, situational, natural situational, Spight's): the play
    /// would recreate an earlier position.
    Superko,
    /// Jasiek's fixed ko (or basic-fixed): the play repeats an earlier transition.
    FixedKo,
    /// The Ing-Spight rule: a hot stone or an odd cycle.
    IngSpight,
    /// Japanese pass-for-ko: a recapture before the required pass.
    PassForKo,
    /// The pass rule (WMSG 2008) forbids passing now.
    PassRule,
}

impl Reason {
    /// Every reason, in the order of [`Reason::code`]'s documentation.
    pub const ALL: [Reason; 8] = [
        Reason::Occupied,
        Reason::Suicide,
        Reason::Ko,
        Reason::Superko,
        Reason::FixedKo,
        Reason::IngSpight,
        Reason::PassForKo,
        Reason::PassRule,
    ];

    /// The short code: `occupied`, `suicide`, `ko`, `superko`, `fixed-ko`, `ing-spight`,
    /// `pass-for-ko`, `pass-rule`.
    pub fn code(self) -> &'static str {
        match self {
            Reason::Occupied => "occupied",
            Reason::Suicide => "suicide",
            Reason::Ko => "ko",
            Reason::Superko => "superko",
            Reason::FixedKo => "fixed-ko",
            Reason::IngSpight => "ing-spight",
            Reason::PassForKo => "pass-for-ko",
            Reason::PassRule => "pass-rule",
        }
    }

    /// The reason of a ko ban's clause.
    pub fn of_clause(clause: Clause) -> Reason {
        match clause {
            Clause::Simple => Reason::Ko,
            Clause::Positional
            | Clause::Situational
            | Clause::NaturalSituational
            | Clause::Spight => Reason::Superko,
            Clause::Fixed => Reason::FixedKo,
            Clause::PassForKo => Reason::PassForKo,
            Clause::IngSpightHotStone | Clause::IngSpightOddCycle => Reason::IngSpight,
        }
    }

    /// The reason of the game's judgement; `None` for a point off the board, which the
    /// facade refuses as bad input before asking.
    pub fn of_illegal(why: &Illegal) -> Option<Reason> {
        match why {
            Illegal::OffBoard => None,
            Illegal::Occupied => Some(Reason::Occupied),
            Illegal::Suicide => Some(Reason::Suicide),
            Illegal::Ko(ban) => Some(Reason::of_clause(ban.clause)),
            Illegal::Pass(_) => Some(Reason::PassRule),
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// `color`'s move `vertex` refused for `why`: the message is the move, then what it does and
/// the rule that forbids it in the rules layer's words, naming the earlier move when the ban
/// names one by number (`earlier`: the colour and vertex of the move with that number), e.g.
/// `W C3 is illegal: recreates the position after move 8 (W C3): positional superko`.
pub(super) fn refusal(
    color: Color,
    vertex: &str,
    why: &Illegal,
    earlier: impl Fn(u32) -> Option<String>,
) -> Option<Refusal> {
    let reason = Reason::of_illegal(why)?;
    let named = match why {
        Illegal::Ko(ban) => ban.state.filter(|&k| k > 0).and_then(earlier),
        _ => None,
    };
    let message = format!(
        "{} {vertex} is illegal: {}",
        color.letter(),
        why.explain(named.as_deref())
    );
    Some(Refusal { reason, message })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_stable() {
        let codes: Vec<&str> = Reason::ALL.iter().map(|r| r.code()).collect();
        assert_eq!(
            codes,
            [
                "occupied",
                "suicide",
                "ko",
                "superko",
                "fixed-ko",
                "ing-spight",
                "pass-for-ko",
                "pass-rule"
            ]
        );
        for clause in Clause::ALL {
            // Every clause maps onto a ko reason, never onto the board's.
            assert!(!matches!(
                Reason::of_clause(clause),
                Reason::Occupied | Reason::Suicide | Reason::PassRule
            ));
        }
    }
}
