//! The referee of a game record: replays it under its rules (or rules given) and says
//! whether every move was legal (the first illegal one, with why), how the game ended, and
//! the count. What `koan referee` prints for each record.

use super::{Error, Game, SgfOptions, Vertex};
use crate::board::Color;
use crate::sgf::{self, RecordRules};
use std::fmt;

/// What the referee found in one record.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The rules the record was judged under, as `key=value` words.
    pub rules: String,
    /// Where the rules came from: `given`, `the record's RU[...]`, or `the default: ...`
    /// when the record names none or rules koan does not know.
    pub rules_from: String,
    /// The moves replayed.
    pub moves: usize,
    /// The first illegal move: its number, and the refusal in words.
    pub illegal: Option<(usize, String)>,
    /// How the game ended, in words.
    pub end: String,
    /// The count once the game ended by passes: the result and the dead stones taken off.
    pub count: Option<(String, Vec<String>)>,
    /// The result the record states (`RE`), if any.
    pub stated: Option<String>,
    /// Why refereeing stopped before the record's end (a setup among the moves), if it did.
    pub stopped: Option<String>,
}

impl Verdict {
    /// True when no move of the record broke the rules.
    pub fn is_legal(&self) -> bool {
        self.illegal.is_none()
    }
}

/// Referees the record `text` under `rules` (as [`super::rules`] reads them) when given,
/// else under the rules its `RU` names (`chinese` when none or unknown).
pub fn referee(text: &str, rules: Option<&str>) -> Result<Verdict, Error> {
    let record = sgf::parse(text).map_err(|e| Error::input(format!("cannot read the SGF: {e}")))?;
    let rules_from = match (rules, record.record_rules()) {
        (Some(_), _) => "given".to_string(),
        (None, RecordRules::Named(_)) => {
            format!("the record's RU[{}]", record.rules.as_deref().unwrap_or(""))
        }
        (None, RecordRules::Absent) => "the default: the record names no rules".to_string(),
        (None, RecordRules::Unknown(name)) => {
            format!("the default: koan does not know RU[{name}]")
        }
    };
    // The start: the setup before the first move.
    let options = SgfOptions {
        rules,
        moves: Some(1),
        ..SgfOptions::default()
    };
    let mut game = Game::from_sgf_with(text, &options)?;
    if rules.is_some() {
        // Given rules stand over the record's own.
        game.set_rules(rules, None, None)?;
    }
    let mut verdict = Verdict {
        rules: game.rules().to_string(),
        rules_from,
        moves: 0,
        illegal: None,
        end: String::new(),
        count: None,
        stated: record.result.clone(),
        stopped: None,
    };
    let mut moved = false;
    for node in &record.nodes {
        if node.has_setup() && moved {
            verdict.stopped = Some(format!(
                "a setup after move {} changes the position; not refereed past it",
                verdict.moves
            ));
            break;
        }
        let Some((color, coord)) = node.play else {
            continue;
        };
        moved = true;
        let vertex = coord.map_or(Vertex::Pass, Vertex::At);
        if !on_board(coord, game.size()) {
            return Err(Error::input(format!(
                "move {} is off the board",
                verdict.moves + 1
            )));
        }
        verdict.moves += 1;
        if let Err(e) = game.play(color, vertex) {
            verdict.illegal = Some((verdict.moves, e.to_string()));
            verdict.end = "not reached: the record breaks the rules".into();
            return Ok(verdict);
        }
    }
    verdict.end = end_of(&game, verdict.stated.as_deref());
    if game.is_over() {
        let score = game.score(None)?;
        let dead = score.dead.iter().map(|v| v.gtp()).collect();
        verdict.count = Some((score.result, dead));
    }
    Ok(verdict)
}

fn on_board(coord: Option<crate::board::Coord>, size: usize) -> bool {
    coord.is_none_or(|c| (c.col as usize) < size && (c.row as usize) < size)
}

/// How the game ended: by the rules (passes), or as the record's result says.
fn end_of(game: &Game, stated: Option<&str>) -> String {
    if game.is_over() {
        return match game.rules().end {
            crate::rules::GameEnd::TwoPasses => "two passes in a row".into(),
            crate::rules::GameEnd::SecondPassInPosition => {
                "a second pass by the same player in the same position".into()
            }
        };
    }
    let Some(re) = stated else {
        return "not over: no two passes and no result".into();
    };
    let upper = re.to_ascii_uppercase();
    let winner = match upper.chars().next() {
        Some('B') => Some(Color::Black),
        Some('W') => Some(Color::White),
        _ => None,
    };
    let how = upper.split_once('+').map(|(_, how)| how.to_string());
    match (winner, how.as_deref()) {
        (Some(w), Some("R" | "RESIGN")) => format!("{} resigned", w.opponent()),
        (Some(w), Some("T" | "TIME")) => format!("{} lost on time", w.opponent()),
        (Some(w), Some("F" | "FORFEIT")) => format!("{} forfeited", w.opponent()),
        _ if upper.starts_with("VOID") => {
            "no result (void): the game was stopped without a winner, as a cycle under Japanese \
             rules or Ing-Spight's no-result ending"
                .into()
        }
        _ => format!("not over by the rules; the record states RE[{re}]"),
    }
}

impl fmt::Display for Verdict {
    /// Lines for a tournament director: the verdict, the rules and why, the end, the count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.illegal {
            Some((n, why)) => writeln!(f, "illegal: move {n}: {why}")?,
            None => writeln!(f, "legal: {} moves", self.moves)?,
        }
        writeln!(f, "rules: {} ({})", self.rules, self.rules_from)?;
        if let Some(why) = &self.stopped {
            writeln!(f, "stopped: {why}")?;
        }
        writeln!(f, "end: {}", self.end)?;
        if let Some((result, dead)) = &self.count {
            let dead = if dead.is_empty() {
                "none".to_string()
            } else {
                dead.join(" ")
            };
            writeln!(
                f,
                "count: {result} (dead stones by koan's judgement: {dead}; the record's TB/TW \
                 are not read)"
            )?;
        }
        match &self.stated {
            Some(re) => write!(f, "record states: RE[{re}]"),
            None => write!(f, "record states: no result"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_legal_game_ended_by_passes_is_counted() {
        let v = referee("(;SZ[5]KM[0.5]RU[Chinese];B[cc];W[];B[])", None).unwrap();
        assert!(v.is_legal());
        assert_eq!(v.moves, 3);
        assert_eq!(v.rules_from, "the record's RU[Chinese]");
        assert_eq!(v.end, "two passes in a row");
        assert_eq!(v.count, Some(("B+24.5".to_string(), vec![])));
        assert!(v.to_string().starts_with("legal: 3 moves\n"));
    }

    #[test]
    fn the_first_illegal_move_is_named_with_why() {
        // The basic ko of the facade's tests, then White retakes at once.
        let moves = ";B[bc];W[db];B[cb];W[dd];B[cd];W[ec];B[aa];W[cc];B[dc];W[cc]";
        let v = referee(&format!("(;SZ[5]RU[Japanese]{moves})"), None).unwrap();
        let (n, why) = v.illegal.clone().unwrap();
        assert_eq!(n, 10);
        assert!(
            why.ends_with("W C3 is illegal: retakes the ko at once: simple ko"),
            "{why}"
        );
        // Under fixed ko, given on the command line, the same record is legal.
        let fixed = referee(
            &format!("(;SZ[5]RU[Japanese]{moves})"),
            Some("chinese ko=fixed"),
        )
        .unwrap();
        assert!(fixed.is_legal(), "{fixed}");
        assert_eq!(fixed.rules_from, "given");
    }

    #[test]
    fn ends_are_read_from_the_result() {
        for (re, end) in [
            ("B+R", "white resigned"),
            ("W+Resign", "black resigned"),
            ("W+T", "black lost on time"),
            ("Void", "no result (void)"),
        ] {
            let v = referee(&format!("(;SZ[9]RE[{re}];B[ee])"), None).unwrap();
            assert!(v.end.starts_with(end), "{re}: {}", v.end);
            assert_eq!(v.count, None);
        }
        assert!(referee("(;SZ[9]", None).is_err());
    }
}
