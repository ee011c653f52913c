//! The facade the Python and JavaScript packages wrap: a game built from words (a board size,
//! rules by name, JSON or `key=value`, the ko and suicide rules by their GTP names, komi),
//! moves by colour and vertex, and every refusal explained. In the manner of python-chess and
//! shakmaty: few small types, nothing that panics on bad input, and an [`Error`] that says
//! what was wrong, either as bad input ([`Error::Input`]) or as a move the rules refuse
//! ([`Error::Illegal`], a [`Refusal`] with a short [`Reason`] code and the rules layer's words).
//!
//! Colours are read by [`color`] (`B`, `W`, `black`, `white`); vertices by [`Game::vertex`]
//! (GTP's `D4` and `pass`) or [`Game::vertex_xy`] (`[x, y]` from the top left, as
//! `@sabaki/go-board` numbers points). Boards are given as rows from the top
//! ([`Game::rows`]), as `@sabaki/go-board`'s sign map is.
//!
//! ```
//! use koan_core::api::{color, Error, Game};
//!
//! let mut game = Game::new(5, "chinese", None, None, None).unwrap();
//! let b = color("B").unwrap();
//! let w = color("white").unwrap();
//! // A basic ko: Black takes at D3; White may not retake at C3 at once.
//! for (black, white) in [("B3", "D2"), ("C2", "D4"), ("C4", "E3"), ("A5", "C3")] {
//!     game.play(b, game.vertex(black).unwrap()).unwrap();
//!     game.play(w, game.vertex(white).unwrap()).unwrap();
//! }
//! game.play(b, game.vertex("D3").unwrap()).unwrap();
//! let c3 = game.vertex("C3").unwrap();
//! let refusal = game.why_illegal(w, c3).unwrap();
//! assert_eq!(refusal.reason.code(), "superko");
//! assert!(refusal.message.contains("after move 8"), "{}", refusal.message);
//! assert!(matches!(game.play(w, c3), Err(Error::Illegal(_))));
//! // Under Jasiek's fixed ko the first retake is allowed.
//! let fixed = Game::new(5, "chinese", Some("fixed"), None, None).unwrap();
//! assert_eq!(fixed.rules().ko.to_string(), "fixed");
//! ```

mod error;
mod input;
pub mod referee;

pub use error::{Error, Reason, Refusal};
pub use input::{color, komi, overrides, rules, size, Vertex};

use crate::board::{Color, Point};
use crate::game::Illegal;
use crate::ko_types::{self, KoReport};
use crate::rules::record_name::record_name;
use crate::rules::Ruleset;
use crate::score::status::{self, Status};
use crate::score::{final_score, format_result};
use crate::sgf::RecordRules;
use crate::sgf::{self, SgfGame};

/// The seed of the playouts behind a count with koan's own judgement of the dead stones:
/// fixed, so the same position always gets the same count.
const JUDGEMENT_SEED: u64 = 1;

/// A game: a board, its moves and its rules, judged as koan judges them.
#[derive(Clone, Debug)]
pub struct Game {
    game: crate::game::Game,
    /// The record the game was read from, whose game information `to_sgf` keeps.
    loaded: Option<SgfGame>,
}

/// A count of the position.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// Black's points less White's, komi included: positive when Black wins.
    pub points: f64,
    /// The result as GTP and SGF spell it: `B+3.5`, `W+0.5`, `0`.
    pub result: String,
    /// The stones taken off as dead, in board order.
    pub dead: Vec<Vertex>,
    /// True when koan judged which stones are dead; false when the caller named them.
    pub judged: bool,
}

/// How [`Game::from_sgf_with`] reads a record.
#[derive(Clone, Copy, Debug, Default)]
pub struct SgfOptions<'a> {
    /// The rules (as [`rules`] reads them) when the record's `RU` names none or rules koan
    /// does not know; `chinese` when `None`.
    pub rules: Option<&'a str>,
    /// A ko rule over the record's (see [`overrides`]).
    pub ko: Option<&'a str>,
    /// A suicide rule over the record's (see [`overrides`]).
    pub suicide: Option<&'a str>,
    /// Read the moves before move number `moves` only (as `loadsgf FILE N`: `Some(1)`
    /// stops before the first move).
    pub moves: Option<usize>,
}

/// One basic ko of the position, classified as `ko-classify` does (Jasiek's ko types).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ko {
    /// The ko's two points: the empty point where the capture is played, then the stone
    /// it would capture.
    pub points: [Vertex; 2],
    /// The player for whom the ko is open (who may capture now).
    pub open: Color,
    /// The ko's type: `fighting`, `disturbing-life`, `disturbing-death`, `dead-ko`,
    /// `unknown`... (as `ko-classify` prints it).
    pub ko_type: &'static str,
    /// `internal`, `external` or `unknown`.
    pub location: &'static str,
    /// `exact` (the answers rest only on unconditionally alive walls) or `judged`.
    pub basis: &'static str,
    /// Why the type or location is unknown (`time`, `region`, `wall`, `search`), if so.
    pub reason: Option<&'static str>,
    /// The players who are closed killers, Black first.
    pub closed_killers: Vec<Color>,
    /// The players who are strong killers, Black first.
    pub strong_killers: Vec<Color>,
    /// The whole `ko-classify` line.
    pub line: String,
}

impl Game {
    /// A new game on an empty `size` x `size` board (2 to 25), Black to move, under `rules`
    /// (see [`rules`]: a preset, `key=value` words or a JSON object), with the ko rule `ko`
    /// and the suicide rule `suicide` in their place when given (see [`overrides`]), and
    /// `komi` (else the rules' komi).
    pub fn new(
        size: i64,
        rules: &str,
        ko: Option<&str>,
        suicide: Option<&str>,
        komi: Option<f64>,
    ) -> Result<Game, Error> {
        let size = input::size(size)?;
        let rules = overrides(input::rules(rules)?, ko, suicide)?;
        let komi = komi.map(input::komi).transpose()?.unwrap_or(rules.komi);
        Ok(Game::from_ruleset(size, rules, komi))
    }

    /// A new game with a ruleset already built (its checks done: `size` within 2 to 25).
    pub fn from_ruleset(size: usize, rules: Ruleset, komi: f64) -> Game {
        let mut game = crate::game::Game::new(size, rules);
        game.set_komi(komi);
        ko_types::pass_rule::attach(&mut game);
        Game { game, loaded: None }
    }

    /// The game a record holds, read as GTP `loadsgf` reads it: the rules its `RU` names
    /// (`chinese` when it names none or rules koan does not know), its `KM` (else the
    /// rules' komi), its setup and its main line. Moves the ko rule bans are kept (the game
    /// may have been played under other rules); impossible ones are an error.
    pub fn from_sgf(text: &str) -> Result<Game, Error> {
        Game::from_sgf_with(text, &SgfOptions::default())
    }

    /// [`Game::from_sgf`] with [`SgfOptions`]: the rules when the record names none, the ko
    /// and suicide rules over the record's, the moves to read.
    pub fn from_sgf_with(text: &str, options: &SgfOptions<'_>) -> Result<Game, Error> {
        let record =
            sgf::parse(text).map_err(|e| Error::input(format!("cannot read the SGF: {e}")))?;
        let fallback = match options.rules {
            Some(text) => input::rules(text)?,
            None => Ruleset::default(),
        };
        let named = match record.record_rules() {
            RecordRules::Named(rules) => rules,
            RecordRules::Absent | RecordRules::Unknown(_) => fallback,
        };
        let rules = overrides(named, options.ko, options.suicide)?;
        let mut game = crate::game::Game::from_sgf(&record, rules, rules.komi, options.moves)
            .map_err(|e| Error::input(format!("cannot read the SGF: {e}")))?;
        ko_types::pass_rule::attach(&mut game);
        Ok(Game {
            game,
            loaded: Some(record),
        })
    }

    /// Puts other rules in force (komi stays): `rules` as [`rules`] reads them (the
    /// present ones when `None`), then the ko and suicide rules named. The moves to come
    /// are judged against the whole history under the new rules.
    pub fn set_rules(
        &mut self,
        rules: Option<&str>,
        ko: Option<&str>,
        suicide: Option<&str>,
    ) -> Result<(), Error> {
        let base = match rules {
            Some(text) => input::rules(text)?,
            None => *self.game.rules(),
        };
        let new = overrides(base, ko, suicide)?;
        self.game.set_rules(new);
        Ok(())
    }

    /// Sets komi (see [`komi`]: finite, at most 1000 points either way); on an error the
    /// komi stays.
    pub fn set_komi(&mut self, komi: f64) -> Result<(), Error> {
        self.game.set_komi(input::komi(komi)?);
        Ok(())
    }

    /// The game as an SGF record, written as GTP `printsgf` writes it: the rules' standard
    /// name in `RU` (koan's `key=value` form when no standard name fits), komi, setup,
    /// moves, the result once the game is over (counted with koan's judgement of the dead
    /// stones), and the game information of the record it was read from.
    pub fn to_sgf(&self) -> String {
        let rules = record_name(&Ruleset {
            komi: self.game.komi(),
            ..*self.game.rules()
        });
        let result = self
            .game
            .is_over()
            .then(|| self.score(None).map(|s| s.result).ok())
            .flatten();
        let mut record = self.game.to_sgf(rules, result);
        if let Some(loaded) = &self.loaded {
            record.keep_game_information(loaded);
        }
        sgf::write(&record)
    }

    /// The game of the rules core, for what the facade does not cover.
    pub fn inner(&self) -> &crate::game::Game {
        &self.game
    }

    /// The board size.
    pub fn size(&self) -> usize {
        self.game.size()
    }

    /// The rules in force (komi apart: see [`Game::komi`]).
    pub fn rules(&self) -> &Ruleset {
        self.game.rules()
    }

    /// Komi.
    pub fn komi(&self) -> f64 {
        self.game.komi()
    }

    /// Reads a GTP vertex (`D4`, `pass`) for this board.
    pub fn vertex(&self, text: &str) -> Result<Vertex, Error> {
        Vertex::parse(text, self.size())
    }

    /// The point `[x, y]` of this board as `@sabaki/go-board` numbers it (from the top left,
    /// from 0).
    pub fn vertex_xy(&self, x: i64, y: i64) -> Result<Vertex, Error> {
        Vertex::from_xy(x, y, self.size())
    }

    /// The GTP spelling of `vertex`: `D4` or `pass`.
    pub fn gtp(&self, vertex: Vertex) -> String {
        vertex.gtp()
    }

    fn point(&self, vertex: Vertex) -> Point {
        match vertex {
            Vertex::Pass => Point::PASS,
            Vertex::At(c) => self.game.board().point(c),
        }
    }

    fn vertex_of(&self, p: Point) -> Vertex {
        if p.is_pass() {
            Vertex::Pass
        } else {
            Vertex::At(self.game.board().coord(p))
        }
    }

    /// Why `color` may not play `vertex` now, or `None` when the move is legal.
    pub fn why_illegal(&self, color: Color, vertex: Vertex) -> Option<Refusal> {
        let point = self.point(vertex);
        let why = if point.is_pass() {
            Illegal::Pass(self.game.pass_ban(color)?)
        } else {
            self.game.check(color, point).err()?
        };
        let earlier = |k: u32| {
            let step = self.game.moves().get(k as usize - 1)?;
            Some(format!(
                "{} {}",
                step.color.letter(),
                self.gtp(self.vertex_of(step.point))
            ))
        };
        error::refusal(color, &self.gtp(vertex), &why, earlier)
    }

    /// The points where a play of `color` would be legal but for the ko rule, each with
    /// the ban in the rules layer's words, as GTP `ko-bans` lists them
    /// (`positional: recreates the position after move 12`); then the pass, when the pass
    /// rule forbids it (`wmsg2008: ...`).
    pub fn ko_bans(&self, color: Color) -> Vec<(Vertex, String)> {
        let mut bans: Vec<(Vertex, String)> = self
            .game
            .ko_bans(color)
            .into_iter()
            .map(|(p, ban)| (self.vertex_of(p), ban.to_string()))
            .collect();
        if let Some(why) = self.game.pass_ban(color) {
            bans.push((Vertex::Pass, format!("wmsg2008: {why}")));
        }
        bans
    }

    /// True when `color` may play `vertex` now.
    pub fn is_legal(&self, color: Color, vertex: Vertex) -> bool {
        self.why_illegal(color, vertex).is_none()
    }

    /// Plays `color`'s move `vertex` (out of turn too, as GTP `play` does), or says why it is
    /// illegal.
    pub fn play(&mut self, color: Color, vertex: Vertex) -> Result<(), Error> {
        if let Some(refusal) = self.why_illegal(color, vertex) {
            return Err(Error::Illegal(refusal));
        }
        let point = self.point(vertex);
        self.game.play(color, point).map_err(|why| {
            // Judged legal a moment ago: the game agrees, so this is not reached.
            Error::input(format!("the game refused a move judged legal: {why}"))
        })
    }

    /// The board points where `color` may play now, in GTP spelling, in board order (passes
    /// left out).
    pub fn legal_moves(&self, color: Color) -> Vec<String> {
        let b = self.game.board();
        self.game
            .legal_plays(color)
            .into_iter()
            .map(|p| b.vertex(p))
            .collect()
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Result<(), Error> {
        if self.game.undo() {
            Ok(())
        } else {
            Err(Error::input("nothing to undo: no move has been played"))
        }
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.game.to_move()
    }

    /// The moves since the start (after the setup), oldest first.
    pub fn moves(&self) -> Vec<(Color, Vertex)> {
        self.game
            .moves()
            .iter()
            .map(|s| (s.color, self.vertex_of(s.point)))
            .collect()
    }

    /// The stones each player has captured: Black's captures, then White's.
    pub fn captures(&self) -> [u32; 2] {
        let b = self.game.board();
        [b.captures(Color::Black), b.captures(Color::White)]
    }

    /// The stone on `vertex`, if any (`None` for a pass).
    pub fn stone_at(&self, vertex: Vertex) -> Option<Color> {
        match vertex {
            Vertex::Pass => None,
            Vertex::At(_) => self.game.board().cell(self.point(vertex)).color(),
        }
    }

    /// The board as rows from the top (GTP's row `size` first), each from the left.
    pub fn rows(&self) -> Vec<Vec<Option<Color>>> {
        let n = self.size();
        (0..n)
            .map(|y| {
                (0..n)
                    .map(|x| self.stone_at(Vertex::from_xy(x as i64, y as i64, n).expect("on")))
                    .collect()
            })
            .collect()
    }

    /// True when the game is over by its rules (two passes in a row, or Spight's second
    /// pass in the same position).
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Counts the position by the rules' scoring (area or territory), with the strings of
    /// the stones `dead` names taken off as dead, or, when `dead` is `None`, the stones koan
    /// judges dead. A named point without a stone is bad input.
    pub fn score(&self, dead: Option<&[Vertex]>) -> Result<Score, Error> {
        let board = self.game.board();
        let mut named = Vec::new();
        for &v in dead.unwrap_or(&[]) {
            if self.stone_at(v).is_none() {
                return Err(Error::input(format!(
                    "no stone on {} to count as dead",
                    self.gtp(v)
                )));
            }
            named.extend(board.string_stones(self.point(v)));
        }
        let judged = status::judge(&self.game, JUDGEMENT_SEED);
        let map = match dead {
            Some(_) => judged.with_dead(board, &named),
            None => judged,
        };
        let points = final_score(&self.game, &map);
        Ok(Score {
            points,
            result: format_result(points),
            dead: map
                .list(board, Status::Dead)
                .into_iter()
                .map(|p| self.vertex_of(p))
                .collect(),
            judged: dead.is_none(),
        })
    }

    /// Every basic ko of the position, classified as GTP `ko-classify` does (all of them
    /// within one classification's work).
    pub fn kos(&self) -> Vec<Ko> {
        ko_types::classify_game(&self.game)
            .iter()
            .map(|r| self.ko_of(r))
            .collect()
    }

    /// The basic ko with a point on `vertex`, classified alone as GTP `ko-classify VERTEX`
    /// does; bad input when no basic ko stands there.
    pub fn ko_at(&self, vertex: Vertex) -> Result<Ko, Error> {
        let board = self.game.board();
        let ko = match vertex {
            Vertex::Pass => None,
            Vertex::At(_) => ko_types::ko_at(board, self.point(vertex)),
        }
        .ok_or_else(|| Error::input(format!("no basic ko at {}", self.gtp(vertex))))?;
        let deadline = ko_types::call_deadline(std::time::Instant::now());
        let report = ko_types::classify_in_game(
            &self.game,
            ko,
            deadline,
            &mut None,
            ko_types::Questions::Report,
        );
        Ok(self.ko_of(&report))
    }

    /// A classified ko in the facade's words.
    fn ko_of(&self, r: &KoReport) -> Ko {
        Ko {
            points: [self.vertex_of(r.ko.empty), self.vertex_of(r.ko.stone)],
            open: r.ko.open,
            ko_type: r.ko_type.name(),
            location: r.location.name(),
            basis: r.basis(),
            reason: r.cutoff.map(|c| c.name()),
            closed_killers: r.closed_killers.clone(),
            strong_killers: r.strong_killers.clone(),
            line: ko_types::report::report_line(self.game.board(), r),
        }
    }
}

#[cfg(test)]
mod tests;
