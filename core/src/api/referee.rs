//! The referee of a game record: replays it under its rules (or rules given) and says
//! whether every move was legal (the first illegal one, with why), how the game ended (by
//! the rules: two passes, or a cycle that ends it without result; else as the record's
//! result says), and the count, with the dead stones the record marks (`TB`/`TW`
//! territory, or `AE` taking stones off after the last move) or, when it marks none, as
//! koan judges them. What `koan referee` prints for each record.

use super::{Error, Game, SgfOptions, Vertex};
use crate::board::{Color, Coord};
use crate::game::CycleEnding;
use crate::sgf::{self, RecordRules, SgfGame};
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
    /// The first cycle that ended the game without result by the rules, with the move
    /// that completed it and what came after, in words.
    pub cycle: Option<String>,
    /// The count, once the game ended by passes or the record marks dead stones or
    /// territory.
    pub count: Option<Count>,
    /// The result the record states (`RE`), if any.
    pub stated: Option<String>,
    /// Why refereeing stopped before the record's end (a setup among the moves), if it did.
    pub stopped: Option<String>,
}

/// A count of the final position.
#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    /// The result (`B+3.5`).
    pub result: String,
    /// The stones taken off as dead, GTP vertices in board order.
    pub dead: Vec<String>,
    /// Where the dead stones come from: `the record's TB/TW`, `the record's AE`, `the
    /// record's AE and TB/TW`, or `koan's judgement` when the record marks none.
    pub dead_from: String,
    /// koan's own count (result and dead stones) when it differs from the record's.
    pub judged: Option<(String, Vec<String>)>,
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
        // The komi played with (the record's KM when it has one), not the rules' default.
        rules: crate::rules::Ruleset {
            komi: game.komi(),
            ..*game.rules()
        }
        .to_string(),
        rules_from,
        moves: 0,
        illegal: None,
        end: String::new(),
        cycle: None,
        count: None,
        stated: record.result.clone(),
        stopped: None,
    };
    let last_move = record.nodes.iter().rposition(|n| n.play.is_some());
    let mut moved = false;
    let mut cycle_ending: Option<CycleEnding> = None;
    // Stones the record takes off with AE after its last move: the dead, as some programs
    // mark them.
    let mut taken_off: Vec<Vertex> = Vec::new();
    for (i, node) in record.nodes.iter().enumerate() {
        if moved && last_move.is_some_and(|l| i > l) && removes_only(node) {
            for &c in &node.add_empty {
                let v = Vertex::At(c);
                if game.stone_at(v).is_some() && !taken_off.contains(&v) {
                    taken_off.push(v);
                }
            }
            continue;
        }
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
        if cycle_ending.is_none() {
            cycle_ending = game.inner().cycle_ending();
        }
    }
    let marked = record_dead(&record, &game, taken_off);
    verdict.end = match cycle_ending {
        // A game the players went on with and ended by passes is counted as it ended.
        Some(c) if !game.is_over() => {
            let after = verdict.moves - c.at;
            let more = match after {
                0 => "the record stops there".to_string(),
                1 => "the record goes on 1 move past it".to_string(),
                n => format!("the record goes on {n} moves past it"),
            };
            format!("no result: {}; {more}", cycle_words(&c, &game))
        }
        _ => end_of(&game, verdict.stated.as_deref()),
    };
    if let Some(c) = cycle_ending.filter(|_| game.is_over()) {
        verdict.cycle = Some(format!(
            "{}, which ends the game without result; the players went on",
            cycle_words(&c, &game)
        ));
    }
    if game.is_over() || marked.is_some() {
        verdict.count = Some(count(&game, marked)?);
    }
    Ok(verdict)
}

/// A cycle ending in words: which move completed it and where the position stood before.
fn cycle_words(c: &CycleEnding, game: &Game) -> String {
    let state = |k: usize| {
        if k == 0 {
            "at the start".to_string()
        } else {
            format!("after move {k}")
        }
    };
    format!(
        "move {} makes the position that stood {} and {} stand a third time with no pass \
         between, a cycle under {}",
        c.at,
        state(c.earlier[0]),
        state(c.earlier[1]),
        cycle_rule(game)
    )
}

/// The rule a cycle ends the game under, as a player names it.
fn cycle_rule(game: &Game) -> &'static str {
    match game.rules().ko {
        crate::rules::KoRule::IngSpight => "the Ing-Spight rule (no result)",
        crate::rules::KoRule::PassForKo => "the Japanese confirmation phase (no result)",
        _ => "simple ko (the Japanese rules' no result)",
    }
}

/// True for a node that only takes stones off (`AE`, no stones added, no player named).
fn removes_only(node: &sgf::SgfNode) -> bool {
    !node.add_empty.is_empty()
        && node.add_black.is_empty()
        && node.add_white.is_empty()
        && node.player_to_move.is_none()
        && node.play.is_none()
}

/// The dead stones the record marks, with where they come from: stones `taken_off` with AE
/// after the last move, and the stones standing in the other player's territory as the
/// last `TB`/`TW` marks it. `None` when the record marks neither.
fn record_dead(
    record: &SgfGame,
    game: &Game,
    taken_off: Vec<Vertex>,
) -> Option<(Vec<Vertex>, &'static str)> {
    let marks = record
        .nodes
        .iter()
        .rev()
        .find(|n| !n.territory_black.is_empty() || !n.territory_white.is_empty());
    let mut dead = Vec::new();
    if let Some(node) = marks {
        let lists = [
            (&node.territory_black, Color::White),
            (&node.territory_white, Color::Black),
        ];
        for (territory, owner_of_dead) in lists {
            for &c in territory {
                let v = Vertex::At(c);
                if game.stone_at(v) == Some(owner_of_dead) {
                    dead.push(v);
                }
            }
        }
    }
    let from = match (taken_off.is_empty(), marks.is_some()) {
        (true, false) => return None,
        (true, true) => "the record's TB/TW",
        (false, false) => "the record's AE",
        (false, true) => "the record's AE and TB/TW",
    };
    // Stones taken off with AE are gone from the board: count them as the dead they were
    // by playing the count on the position before they were taken off (the game's board).
    dead.extend(taken_off);
    Some((dead, from))
}

/// The count with the record's dead stones when it marks them, else koan's judgement; with
/// koan's own count beside the record's when the two differ.
fn count(game: &Game, marked: Option<(Vec<Vertex>, &'static str)>) -> Result<Count, Error> {
    let gtp = |dead: &[Vertex]| dead.iter().map(|v| v.gtp()).collect::<Vec<_>>();
    let judged = game.score(None)?;
    Ok(match marked {
        None => Count {
            result: judged.result,
            dead: gtp(&judged.dead),
            dead_from: "koan's judgement".into(),
            judged: None,
        },
        Some((dead, from)) => {
            let score = game.score(Some(&dead))?;
            let differs = score.dead != judged.dead || score.result != judged.result;
            Count {
                result: score.result,
                dead: gtp(&score.dead),
                dead_from: from.into(),
                judged: differs.then(|| (judged.result, gtp(&judged.dead))),
            }
        }
    })
}

fn on_board(coord: Option<Coord>, size: usize) -> bool {
    coord.is_none_or(|c| (c.col as usize) < size && (c.row as usize) < size)
}

/// How the game ended when no cycle ended it: by the rules (passes), or as the record's
/// result says.
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
            "no result (void) as the record states; the moves hold no cycle that ends the game \
             under these rules"
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
        if let Some(cycle) = &self.cycle {
            writeln!(f, "cycle: {cycle}")?;
        }
        let list = |dead: &[String]| {
            if dead.is_empty() {
                "none".to_string()
            } else {
                dead.join(" ")
            }
        };
        if let Some(c) = &self.count {
            writeln!(
                f,
                "count: {} (dead stones from {}: {})",
                c.result,
                c.dead_from,
                list(&c.dead)
            )?;
            if let Some((result, dead)) = &c.judged {
                writeln!(
                    f,
                    "koan's judgement differs: {result} (dead stones: {})",
                    list(dead)
                )?;
            }
        }
        match &self.stated {
            Some(re) => write!(f, "record states: RE[{re}]"),
            None => write!(f, "record states: nothing (no RE property)"),
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
        assert!(v.rules.contains("komi=0.5"), "{}", v.rules);
        assert_eq!(v.end, "two passes in a row");
        let count = v.count.clone().unwrap();
        assert_eq!((count.result.as_str(), count.dead.len()), ("B+24.5", 0));
        assert_eq!(count.dead_from, "koan's judgement");
        assert!(v
            .to_string()
            .contains("count: B+24.5 (dead stones from koan's judgement: none)"));
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

    /// The triple ko of `engine-tests/ko/triple.sgf` with `extra` moves after its five.
    fn triple_ko(extra: &str, root: &str) -> String {
        let text = include_str!("../../../engine-tests/ko/triple.sgf");
        let open = text.find("PL[B]").unwrap();
        let end = text.rfind(')').unwrap();
        format!("{}{root}{}{extra})", &text[..open], &text[open..end])
    }

    /// The rest of the triple ko's cycle and the whole cycle once more: W D2 completes the
    /// first round (the start stands again after move 6), the second round's W D2 the
    /// third time (after move 12).
    const TWO_ROUNDS: &str = ";W[dh];B[eb];W[de];B[eh];W[db];B[ee];W[dh]";

    #[test]
    fn a_triple_ko_round_twice_ends_without_result_under_japanese_rules() {
        let v = referee(&triple_ko(TWO_ROUNDS, "RU[Japanese]RE[Void]"), None).unwrap();
        assert!(v.is_legal(), "{v}");
        assert_eq!(v.moves, 12);
        assert_eq!(
            v.end,
            "no result: move 12 makes the position that stood at the start and after move 6 \
             stand a third time with no pass between, a cycle under simple ko (the Japanese \
             rules' no result); the record stops there"
        );
        assert_eq!(v.count, None);
        // Found from the moves, not from RE: without it the verdict is the same.
        let bare = referee(&triple_ko(TWO_ROUNDS, "RU[Japanese]"), None).unwrap();
        assert_eq!(bare.end, v.end);
        // Moves after the cycle are said, and two passes after it are a count with a note.
        let on = referee(
            &triple_ko(&format!("{TWO_ROUNDS};B[aa];W[];B[]"), "RU[Japanese]"),
            None,
        )
        .unwrap();
        assert_eq!(on.end, "two passes in a row");
        assert!(
            on.cycle.as_deref().unwrap().starts_with("move 12 makes"),
            "{on}"
        );
        assert!(on.count.is_some());
    }

    #[test]
    fn superko_and_ing_spight_refuse_the_second_round_instead() {
        let v = referee(&triple_ko(TWO_ROUNDS, "RU[Chinese]"), None).unwrap();
        let (n, why) = v.illegal.clone().unwrap();
        assert_eq!(n, 6, "{v}");
        assert!(why.ends_with(": positional superko"), "{why}");
        let v = referee(&triple_ko(TWO_ROUNDS, ""), Some("ing")).unwrap();
        assert!(!v.is_legal(), "{v}");
        assert!(v.illegal.unwrap().1.contains("Ing-Spight"));
        assert_eq!(v.cycle, None);
    }

    #[test]
    fn the_count_takes_the_record_s_dead_stones_and_says_so() {
        // Two black stones, C3 and E1, and White's lone stone in the corner at A1.
        let moves = ";B[cc];W[ae];B[ee];W[];B[]";
        let text = |marks: &str| format!("(;SZ[5]KM[0.5]RU[Chinese]{moves}{marks})");
        // TB marks A1 as Black's: White's stone there is dead.
        let v = referee(&text("TB[ae]"), None).unwrap();
        let count = v.count.clone().unwrap();
        assert_eq!(count.dead_from, "the record's TB/TW");
        assert_eq!(count.dead, ["A1"]);
        assert_eq!(count.result, "B+24.5");
        assert_eq!(count.judged, None, "koan judges A1 dead too");
        let text_v = v.to_string();
        assert!(
            text_v.contains("count: B+24.5 (dead stones from the record's TB/TW: A1)"),
            "{v}"
        );
        // Marked as White's own territory, nothing is dead, and koan's other view is shown.
        let v = referee(&text("TW[ae]"), None).unwrap();
        let count = v.count.clone().unwrap();
        assert_eq!((count.result.as_str(), count.dead.len()), ("B+0.5", 0));
        assert_eq!(
            count.judged,
            Some(("B+24.5".to_string(), vec!["A1".to_string()]))
        );
        assert!(v
            .to_string()
            .contains("koan's judgement differs: B+24.5 (dead stones: A1)"));
        // AE after the last move takes the stone off: the same count, said so.
        let v = referee(&text(";AE[ae]"), None).unwrap();
        let count = v.count.clone().unwrap();
        assert_eq!(
            (count.dead_from.as_str(), count.result.as_str()),
            ("the record's AE", "B+24.5")
        );
        assert_eq!(v.stopped, None);
    }
}
