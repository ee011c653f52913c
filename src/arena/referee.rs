//! One refereed game between two GTP engines. koan's own [`Game`] is the referee: every move
//! an engine generates is checked with [`Game::play`] before the opponent hears of it. A fault
//! (illegal move, error or malformed answer, death, lateness) loses the game at once.

use super::clock::{Clock, TimeControl};
use super::engine_proc::{EngineProc, Failure};
use super::stats::Tally;
use crate::board::{Color, Coord, Point};
use crate::game::Game;
use crate::ko_types::pass_rule::GameMaker;
use crate::rules::Ruleset;
use crate::score;
use std::time::Duration;

/// Rule names `kgs-rules` accepts.
const KGS_RULES: &[&str] = &["japanese", "chinese", "aga", "new_zealand"];

/// The conditions of every game of a match.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Board size.
    pub size: usize,
    /// Komi.
    pub komi: f64,
    /// Black's fixed handicap stones (none, or 2 to 9 as `fixed_handicap` places them).
    pub handicap: Vec<Coord>,
    /// The referee's rules.
    pub rules: Ruleset,
    /// The preset to tell the engines (with `kgs-rules` or `rules`, when they know it).
    pub rules_preset: Option<String>,
    /// The clock, if any (sent with `time_settings`, then `time_left` before each move).
    pub time: Option<TimeControl>,
    /// The longest any one answer may take.
    pub move_limit: Duration,
    /// Moves after which the game stops and is scored as it stands.
    pub max_moves: usize,
    /// Seed of the referee's dead-stone playouts.
    pub seed: u64,
}

/// What went wrong with an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A move the referee refused.
    Illegal,
    /// An error answer, a malformed answer, or the engine died.
    Protocol,
    /// An answer later than the limit or the clock allowed.
    Timeout,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum End {
    /// Counted after two passes (or when the move cap was reached): Black's score minus
    /// komi, whether the engines agreed on the dead stones, whether the cap stopped play.
    Score {
        /// Positive when Black wins.
        score: f64,
        /// Both engines listed the same dead stones (else the referee judged them).
        agreed: bool,
        /// The move cap, not two passes, stopped the game.
        capped: bool,
    },
    /// The loser resigned.
    Resignation,
    /// The loser's fault, with what happened.
    Fault(Fault, String),
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    /// How it ended.
    pub end: End,
    /// The moves played (`None` = pass), refused ones left out.
    pub moves: Vec<(Color, Option<Coord>)>,
    /// Faults, moves and thinking time of each colour (indexed by [`Color::index`]); the
    /// game and win counts are left to the caller.
    pub tallies: [Tally; 2],
}

impl GameRecord {
    /// The result as SGF's `RE` spells it: `B+3.5`, `W+R`, `B+T`, `W+F`, `0`.
    pub fn result(&self) -> String {
        match (&self.end, self.winner) {
            (End::Score { score, .. }, _) => score::format_result(*score),
            (_, None) => "0".to_string(),
            (End::Resignation, Some(w)) => format!("{}+R", w.letter()),
            (End::Fault(Fault::Timeout, _), Some(w)) => format!("{}+T", w.letter()),
            (End::Fault(_, _), Some(w)) => format!("{}+F", w.letter()),
        }
    }

    /// How the game ended, in words.
    pub fn reason(&self) -> String {
        match &self.end {
            End::Score { agreed, capped, .. } => {
                let how = if *capped {
                    "move cap reached"
                } else {
                    "two passes"
                };
                let dead = if *agreed {
                    "dead stones agreed by both engines"
                } else {
                    "dead stones judged by the referee"
                };
                format!("counted after {how}, {dead}")
            }
            End::Resignation => "resignation".to_string(),
            End::Fault(kind, what) => {
                let kind = match kind {
                    Fault::Illegal => "illegal move",
                    Fault::Protocol => "protocol error",
                    Fault::Timeout => "loss on time",
                };
                format!("{kind}: {what}")
            }
        }
    }
}

/// A game in progress: the referee's game and the bookkeeping.
struct Referee<'a> {
    setup: &'a Setup,
    game: Game,
    moves: Vec<(Color, Option<Coord>)>,
    tallies: [Tally; 2],
    /// How long a command other than `genmove` may take.
    command_limit: Duration,
}

/// Plays one game, `black` against `white`, both already running, from the `opening` moves
/// (already checked legal; both engines hear them with `play`); `on_move` hears the number of
/// moves played after each move.
pub fn play_game(
    setup: &Setup,
    opening: &[(Color, Option<Coord>)],
    black: &mut EngineProc,
    white: &mut EngineProc,
    on_move: &mut dyn FnMut(usize),
) -> GameRecord {
    let mut players = [black, white];
    // The referee's pass judge reads within the classifier's node budget alone: the same
    // verdicts on any machine.
    let mut game = GameMaker::default().new_game(setup.size, setup.rules);
    if !setup.handicap.is_empty() {
        let mut start = game.board().clone();
        for &c in &setup.handicap {
            start.place_setup(start.point(c), Color::Black);
        }
        game.set_start(start, Color::White, setup.handicap.len() as u32);
    }
    game.set_komi(setup.komi);
    let mut referee = Referee {
        setup,
        game,
        moves: Vec::new(),
        tallies: [Tally::default(), Tally::default()],
        command_limit: setup.move_limit.max(Duration::from_secs(10)),
    };
    let (winner, end) = match referee.run(&mut players, opening, on_move) {
        Ok(()) => referee.count(&mut players, false),
        Err(Lost::Capped) => referee.count(&mut players, true),
        Err(Lost::By(loser, end)) => (Some(loser.opponent()), end),
    };
    GameRecord {
        winner,
        end,
        moves: referee.moves,
        tallies: referee.tallies,
    }
}

/// Why play stopped before two passes.
enum Lost {
    /// This colour lost (resignation or fault).
    By(Color, End),
    /// The move cap was reached.
    Capped,
}

impl Referee<'_> {
    /// Sets both engines up and relays moves until two passes (`Ok`), a loss or the cap.
    fn run(
        &mut self,
        players: &mut [&mut EngineProc; 2],
        opening: &[(Color, Option<Coord>)],
        on_move: &mut dyn FnMut(usize),
    ) -> Result<(), Lost> {
        for color in Color::BOTH {
            self.set_up(color, players[color.index()])?;
        }
        for &(color, coord) in opening {
            let point = coord.map_or(Point::PASS, |c| self.game.board().point(c));
            if self.game.play(color, point).is_err() {
                break;
            }
            self.moves.push((color, coord));
            let line = format!(
                "play {color} {}",
                coord.map_or("pass".into(), Coord::to_gtp)
            );
            for c in Color::BOTH {
                self.command(c, players[c.index()], &line)?;
            }
        }
        let mut clocks = self.setup.time.map(|tc| [Clock::new(tc), Clock::new(tc)]);
        while !self.game.is_over() {
            if self.moves.len() >= self.setup.max_moves {
                return Err(Lost::Capped);
            }
            let color = self.game.to_move();
            let me = color.index();
            let mut limit = self.setup.move_limit;
            if let Some(clock) = clocks.as_mut().map(|c| &mut c[me]) {
                let (secs, stones) = clock.time_left();
                self.command(
                    color,
                    players[me],
                    &format!("time_left {color} {secs} {stones}"),
                )?;
                limit = limit.min(clock.allowance());
            }
            let answer = match players[me].send(&format!("genmove {color}"), limit) {
                Ok(answer) => answer,
                Err(failure) => return Err(self.fault_of(color, failure, "genmove", limit)),
            };
            let tally = &mut self.tallies[me];
            tally.moves += 1;
            tally.think_time += answer.elapsed;
            if !answer.ok {
                let what = format!("genmove answered '? {}'", answer.text);
                return Err(self.lose(color, Fault::Protocol, what));
            }
            let on_time = clocks.as_mut().is_none_or(|c| c[me].spend(answer.elapsed));
            if answer.elapsed > limit || !on_time {
                let what = format!(
                    "genmove took {:.2} s, {:.2} s allowed",
                    answer.elapsed.as_secs_f64(),
                    limit.as_secs_f64()
                );
                return Err(self.lose(color, Fault::Timeout, what));
            }
            let vertex = answer.text.as_str();
            if vertex.eq_ignore_ascii_case("resign") {
                return Err(Lost::By(color, End::Resignation));
            }
            let coord = if vertex.eq_ignore_ascii_case("pass") {
                None
            } else {
                match Coord::parse_gtp(vertex, self.setup.size) {
                    Ok(c) => Some(c),
                    Err(e) => {
                        let what = format!("genmove answered '{vertex}': {e}");
                        return Err(self.lose(color, Fault::Protocol, what));
                    }
                }
            };
            let point = coord.map_or(Point::PASS, |c| self.game.board().point(c));
            if let Err(why) = self.game.play(color, point) {
                let what = format!("{color} {vertex}: {why}");
                return Err(self.lose(color, Fault::Illegal, what));
            }
            self.moves.push((color, coord));
            on_move(self.moves.len());
            let opponent = color.opponent();
            let relay = format!(
                "play {color} {}",
                coord.map_or("pass".into(), Coord::to_gtp)
            );
            self.command(opponent, players[opponent.index()], &relay)?;
        }
        Ok(())
    }

    /// Board size, a clear board, komi, the rules if the engine knows how to hear them, and
    /// the clock.
    fn set_up(&mut self, color: Color, player: &mut EngineProc) -> Result<(), Lost> {
        let setup = self.setup;
        self.command(color, player, &format!("boardsize {}", setup.size))?;
        self.command(color, player, "clear_board")?;
        self.command(color, player, &format!("komi {}", setup.komi))?;
        if !setup.handicap.is_empty() {
            self.handicap(color, player)?;
        }
        if let Some(preset) = &setup.rules_preset {
            let kgs = KGS_RULES.contains(&preset.as_str()) && player.knows("kgs-rules");
            if kgs {
                self.command(color, player, &format!("kgs-rules {preset}"))?;
            } else if player.knows("rules") {
                self.command(color, player, &format!("rules {preset}"))?;
            }
        }
        if let Some(tc) = setup.time {
            self.command(color, player, &tc.command())?;
        }
        Ok(())
    }

    /// Sends `fixed_handicap N`: the engine must answer with the stones the referee placed
    /// (in any order), or it loses the game.
    fn handicap(&mut self, color: Color, player: &mut EngineProc) -> Result<(), Lost> {
        let stones = &self.setup.handicap;
        let cmd = format!("fixed_handicap {}", stones.len());
        let answer = match player.send(&cmd, self.command_limit) {
            Ok(a) if a.ok => a.text,
            Ok(a) => {
                let what = format!("'{cmd}' answered '? {}'", a.text);
                return Err(self.lose(color, Fault::Protocol, what));
            }
            Err(failure) => {
                return Err(self.fault_of(color, failure, "fixed_handicap", self.command_limit))
            }
        };
        let mut placed: Vec<Option<Coord>> = answer
            .split_whitespace()
            .map(|v| Coord::parse_gtp(v, self.setup.size).ok())
            .collect();
        let mut expected: Vec<Option<Coord>> = stones.iter().copied().map(Some).collect();
        placed.sort();
        expected.sort();
        if placed != expected {
            let what = format!("'{cmd}' placed '{answer}', not the fixed handicap stones");
            return Err(self.lose(color, Fault::Protocol, what));
        }
        Ok(())
    }

    /// Sends a command that must succeed; anything else loses the game for `color`.
    fn command(&mut self, color: Color, player: &mut EngineProc, cmd: &str) -> Result<(), Lost> {
        match player.send(cmd, self.command_limit) {
            Ok(a) if a.ok => Ok(()),
            Ok(a) => Err(self.lose(
                color,
                Fault::Protocol,
                format!("'{cmd}' answered '? {}'", a.text),
            )),
            Err(failure) => Err(self.fault_of(color, failure, cmd, self.command_limit)),
        }
    }

    /// Counts `fault` against `color` and makes it the loser.
    fn lose(&mut self, color: Color, fault: Fault, what: String) -> Lost {
        count(&mut self.tallies[color.index()], fault);
        Lost::By(color, End::Fault(fault, what))
    }

    /// The loss for a command that got no answer.
    fn fault_of(&mut self, color: Color, failure: Failure, cmd: &str, limit: Duration) -> Lost {
        match failure {
            Failure::Timeout => {
                let what = format!("no answer to '{cmd}' within {:.2} s", limit.as_secs_f64());
                self.lose(color, Fault::Timeout, what)
            }
            Failure::Died(why) => {
                // One line: the engine's last stderr lines are joined.
                let why = why.split_whitespace().collect::<Vec<_>>().join(" ");
                self.lose(color, Fault::Protocol, format!("'{cmd}': {why}"))
            }
        }
    }

    /// Counts the finished game: the engines' dead stones if both list the same ones, else
    /// the referee's.
    fn count(&mut self, players: &mut [&mut EngineProc; 2], capped: bool) -> (Option<Color>, End) {
        let mut lists = Vec::new();
        for color in Color::BOTH {
            lists.push(self.dead_list(color, players[color.index()]));
        }
        let judged = score::status::judge(&self.game, self.setup.seed);
        let (status, agreed) = match (&lists[0], &lists[1]) {
            (Some(a), Some(b)) if a == b => (judged.with_dead(self.game.board(), a), true),
            _ => (judged, false),
        };
        let score = score::final_score(&self.game, &status);
        let winner = if score > 0.0 {
            Some(Color::Black)
        } else if score < 0.0 {
            Some(Color::White)
        } else {
            None
        };
        let end = End::Score {
            score,
            agreed,
            capped,
        };
        (winner, end)
    }

    /// The engine's `final_status_list dead`, sorted, if it knows the command and answers
    /// well; a failed or malformed answer is a protocol error (or a timeout) that does not
    /// change the result.
    fn dead_list(&mut self, color: Color, player: &mut EngineProc) -> Option<Vec<Point>> {
        if !player.knows("final_status_list") {
            return None;
        }
        let fault = match player.send("final_status_list dead", self.command_limit) {
            Ok(a) if a.ok => {
                let board = self.game.board();
                let parsed: Result<Vec<Point>, String> = a
                    .text
                    .split_whitespace()
                    .map(|v| Coord::parse_gtp(v, self.setup.size).map(|c| board.point(c)))
                    .collect();
                match parsed {
                    Ok(mut dead) => {
                        dead.sort_unstable_by_key(|p| p.index());
                        return Some(dead);
                    }
                    Err(_) => Fault::Protocol,
                }
            }
            Ok(_) | Err(Failure::Died(_)) => Fault::Protocol,
            Err(Failure::Timeout) => Fault::Timeout,
        };
        count(&mut self.tallies[color.index()], fault);
        None
    }
}

/// Adds one `fault` to `tally`.
fn count(tally: &mut Tally, fault: Fault) {
    match fault {
        Fault::Illegal => tally.illegal += 1,
        Fault::Protocol => tally.protocol_errors += 1,
        Fault::Timeout => tally.timeouts += 1,
    }
}
