//! The match summary: per-engine tallies, endings, and the result table printed at the end.

use super::referee::{End, Fault, GameRecord};
use super::stats::{wilson_interval, Results, Sprt, Tally, Verdict, Z95};
use crate::board::Color;
use std::fmt::Write as _;

/// Ways a game can end, counted for the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Endings {
    /// Counted after two passes.
    pub counted: u32,
    /// Of those, with both engines agreeing on the dead stones.
    pub agreed: u32,
    /// Counted when the move cap stopped play.
    pub capped: u32,
    /// Resignations.
    pub resigned: u32,
    /// Losses on time.
    pub on_time: u32,
    /// Losses by an illegal move.
    pub illegal: u32,
    /// Losses by a protocol error.
    pub protocol: u32,
}

/// Everything the table shows. Engine A (index 0) is `--black`, Black in odd games.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// A line describing the conditions (size, komi, rules, time).
    pub conditions: String,
    /// `name version` of engines A and B.
    pub labels: [String; 2],
    /// Command lines of engines A and B.
    pub commands: [String; 2],
    /// What each engine did.
    pub tallies: [Tally; 2],
    /// Games finished.
    pub games: u32,
    /// Moves played in all games.
    pub moves: u64,
    /// How the games ended.
    pub endings: Endings,
    /// The SPRT that may stop the match.
    pub sprt: Option<Sprt>,
    /// The SPRT's decision and the number of games that made it, once made. The games
    /// still running then are played out and counted in the table, but they do not
    /// unmake the decision (as in fishtest and cutechess).
    pub decided: Option<(Verdict, u32)>,
}

impl Summary {
    /// Adds a finished game in which engine A played `a_color`.
    pub fn add(&mut self, record: &GameRecord, a_color: Color) {
        self.games += 1;
        self.moves += record.moves.len() as u64;
        for (engine, color) in [(0, a_color), (1, a_color.opponent())] {
            let t = &mut self.tallies[engine];
            let g = &record.tallies[color.index()];
            t.games += 1;
            t.illegal += g.illegal;
            t.protocol_errors += g.protocol_errors;
            t.timeouts += g.timeouts;
            t.moves += g.moves;
            t.think_time += g.think_time;
            match record.winner {
                None => t.draws += 1,
                Some(w) if w == color && color == Color::Black => t.wins_black += 1,
                Some(w) if w == color => t.wins_white += 1,
                Some(_) => {}
            }
        }
        let e = &mut self.endings;
        match &record.end {
            End::Score { capped: true, .. } => e.capped += 1,
            End::Score { agreed, .. } => {
                e.counted += 1;
                e.agreed += u32::from(*agreed);
            }
            End::Resignation => e.resigned += 1,
            End::Fault(Fault::Timeout, _) => e.on_time += 1,
            End::Fault(Fault::Illegal, _) => e.illegal += 1,
            End::Fault(Fault::Protocol, _) => e.protocol += 1,
        }
        if self.decided.is_none() {
            if let Some(t) = self.sprt {
                let verdict = t.verdict(&self.results());
                if verdict != Verdict::Continue {
                    self.decided = Some((verdict, self.games));
                }
            }
        }
    }

    /// Engine A's results: wins, draws and losses.
    pub fn results(&self) -> Results {
        let a = &self.tallies[0];
        Results {
            wins: a.wins() as f64,
            draws: a.draws as f64,
            losses: (a.games - a.wins() - a.draws) as f64,
        }
    }

    /// The SPRT's verdict so far (`Continue` without an SPRT): the decision once made,
    /// whatever the games still running then bring.
    pub fn verdict(&self) -> Verdict {
        self.decided.map_or(Verdict::Continue, |(v, _)| v)
    }

    /// Engine A's score so far: wins plus half the draws, and the SPRT's LLR and bounds.
    pub fn score_line(&self) -> String {
        let sprt = self.sprt.map_or(String::new(), |t| {
            format!(", {}", t.describe(&self.results()))
        });
        format!(
            "A {} - B {}{sprt}",
            half(self.tallies[0].points()),
            half(self.tallies[1].points())
        )
    }

    /// The result table.
    pub fn table(&self) -> String {
        let [a, b] = &self.tallies;
        let mut out = String::new();
        let games = if self.games == 1 { "game" } else { "games" };
        let _ = writeln!(
            out,
            "koan match: {} {games}, {}",
            self.games, self.conditions
        );
        for (i, name) in ["A", "B"].iter().enumerate() {
            let first = if i == 0 { "odd" } else { "even" };
            let _ = writeln!(
                out,
                "  {name}: {} ({}), Black in {first} games",
                self.labels[i], self.commands[i]
            );
        }
        let _ = writeln!(out);
        let _ = writeln!(out, "{:<20}{:>10}{:>10}", "", "A", "B");
        let rows: [(&str, Cell); 11] = [
            ("games", |t| t.games.to_string()),
            ("wins", |t| t.wins().to_string()),
            ("  as black", |t| t.wins_black.to_string()),
            ("  as white", |t| t.wins_white.to_string()),
            ("draws", |t| t.draws.to_string()),
            ("illegal moves", |t| t.illegal.to_string()),
            ("protocol errors", |t| t.protocol_errors.to_string()),
            ("timeouts", |t| t.timeouts.to_string()),
            ("restarts", |t| t.restarts.to_string()),
            ("moves", |t| t.moves.to_string()),
            ("seconds per move", |t| {
                format!("{:.3}", t.seconds_per_move())
            }),
        ];
        for (name, cell) in rows {
            let _ = writeln!(out, "{name:<20}{:>10}{:>10}", cell(a), cell(b));
        }
        let _ = writeln!(out);
        let n = self.games as f64;
        let (lo, hi) = wilson_interval(a.points(), n, Z95);
        let rate = if self.games == 0 { 0.0 } else { a.points() / n };
        let _ = writeln!(
            out,
            "win rate of A: {:.1}% ({} of {}; 95% Wilson interval {:.1}% to {:.1}%)",
            100.0 * rate,
            half(a.points()),
            self.games,
            100.0 * lo,
            100.0 * hi
        );
        match self.results().elo() {
            Some((elo, lo, hi)) if elo.is_finite() => {
                let _ = writeln!(
                    out,
                    "Elo of A over B: {elo:+.1} (95% interval {lo:+.1} to {hi:+.1})"
                );
            }
            Some(_) => {
                let _ = writeln!(out, "Elo of A over B: unbounded (every game went one way)");
            }
            None => {}
        }
        if let Some(t) = self.sprt {
            let verdict = match self.decided {
                Some((Verdict::H0, n)) => format!("H0 accepted after {n} games"),
                Some((Verdict::H1, n)) => format!("H1 accepted after {n} games"),
                _ => "no decision".to_string(),
            };
            let _ = writeln!(
                out,
                "SPRT elo0 {}, elo1 {}, alpha {}, beta {}: {}, {verdict}",
                t.elo0,
                t.elo1,
                t.alpha,
                t.beta,
                t.describe(&self.results())
            );
        }
        let average = if self.games == 0 {
            0.0
        } else {
            self.moves as f64 / n
        };
        let _ = writeln!(out, "average game length: {average:.1} moves");
        let e = &self.endings;
        let _ = writeln!(
            out,
            "endings: {} counted ({} with dead stones agreed), {} at the move cap, {} by \
             resignation, {} on time, {} by illegal move, {} by protocol error",
            e.counted, e.agreed, e.capped, e.resigned, e.on_time, e.illegal, e.protocol
        );
        out
    }
}

/// How one row of the table reads a tally.
type Cell = fn(&Tally) -> String;

/// A count that may end in a half, without a needless `.0`.
fn half(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn record(winner: Option<Color>, end: End) -> GameRecord {
        let mut tallies = [Tally::default(), Tally::default()];
        tallies[0].moves = 3;
        tallies[0].think_time = Duration::from_secs(3);
        tallies[1].moves = 2;
        tallies[1].think_time = Duration::from_secs(1);
        GameRecord {
            winner,
            end,
            moves: vec![(Color::Black, None); 5],
            tallies,
        }
    }

    #[test]
    fn games_are_credited_to_the_engine_not_the_colour() {
        let mut s = Summary::default();
        // Game 1: A is Black and wins by resignation.
        s.add(&record(Some(Color::Black), End::Resignation), Color::Black);
        // Game 2: A is White; White (A) loses by an illegal move.
        let mut r = record(Some(Color::Black), End::Fault(Fault::Illegal, "x".into()));
        r.tallies[1].illegal = 1;
        s.add(&r, Color::White);
        // Game 3: A is Black; a draw.
        let drawn = End::Score {
            score: 0.0,
            agreed: true,
            capped: false,
        };
        s.add(&record(None, drawn), Color::Black);
        let [a, b] = &s.tallies;
        assert_eq!(
            (a.wins_black, a.wins_white, a.draws, a.illegal),
            (1, 0, 1, 1)
        );
        assert_eq!(
            (b.wins_black, b.wins_white, b.draws, b.illegal),
            (1, 0, 1, 0)
        );
        // A moved 3 + 2 + 3 times.
        assert_eq!(a.moves, 8);
        assert_eq!(s.score_line(), "A 1.5 - B 1.5");
        let table = s.table();
        assert!(table.contains("win rate of A: 50.0% (1.5 of 3;"), "{table}");
        let row = format!("{:<20}{:>10}{:>10}", "illegal moves", 1, 0);
        assert!(table.contains(&row), "{table}");
        assert!(
            table.contains("1 counted (1 with dead stones agreed)"),
            "{table}"
        );
        assert!(table.contains("1 by resignation"), "{table}");
        assert!(table.contains("average game length: 5.0 moves"), "{table}");
        assert!(
            table.contains("Elo of A over B: +0.0 (95% interval"),
            "{table}"
        );
        s.sprt = Some(Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        });
        assert!(s.score_line().starts_with("A 1.5 - B 1.5, LLR "));
        assert!(s.table().contains("(-2.94, 2.94) [0, 10], no decision"));
    }

    #[test]
    fn the_sprt_decision_stands_whatever_the_running_games_bring() {
        let mut s = Summary {
            sprt: Some(Sprt {
                elo0: 0.0,
                elo1: 200.0,
                alpha: 0.05,
                beta: 0.05,
            }),
            ..Summary::default()
        };
        let won = || record(Some(Color::Black), End::Resignation);
        let lost = || record(Some(Color::White), End::Resignation);
        let mut n = 0;
        while s.verdict() == Verdict::Continue && n < 100 {
            let r = if n % 4 == 3 { lost() } else { won() };
            s.add(&r, Color::Black);
            n += 1;
        }
        assert_eq!(s.verdict(), Verdict::H1, "after {n} games");
        // Two games that were still running when the SPRT decided come in lost: the ratio
        // falls back inside its bounds, the decision stands.
        s.add(&lost(), Color::Black);
        s.add(&lost(), Color::Black);
        let t = s.sprt.unwrap();
        assert_eq!(t.verdict(&s.results()), Verdict::Continue);
        assert_eq!(s.verdict(), Verdict::H1);
        let table = s.table();
        assert!(
            table.contains(&format!("H1 accepted after {n} games")),
            "{table}"
        );
    }
}
