//! A game: the starting position, the moves played since, and the ruleset. [`Game::check`]
//! asks the rules layer's [`Judge`] about a play, against the game's memory of its past
//! ([`KoMemory`]).

use crate::board::{Board, Color, Point};
use crate::rules::history::{KoBan, Step};
use crate::rules::judge::Judge;
use crate::rules::memory::{KoMemory, Past};
use crate::rules::{GameEnd, KoRule, PassRule, Ruleset};
use smallvec::SmallVec;
use std::fmt;
use std::sync::Arc;

pub use crate::rules::judge::Illegal;

/// The judge of a pass rule whose bans need reading the game does not do (the WMSG 2008
/// rule asks the ko classifier): it carries its own settings, and the layer that can read
/// makes the games that hold it (`ko_types::pass_rule::GameMaker`). The game knows the free
/// pass only.
pub trait PassJudge: Send + Sync + fmt::Debug {
    /// Why `color` may not pass now in `game`, or `None` if it may.
    fn pass_ban(&self, game: &Game, color: Color) -> Option<String>;
}

/// A part of a record before a setup made among its moves gave the game a new start. The
/// rules judge only what follows the new start; the part is kept so that the record can be
/// written whole, and a save and reload gives the same prisoners.
#[derive(Debug)]
pub struct EarlierPart {
    /// The position the part started from.
    pub start: Board,
    /// Who was to move at that start.
    pub to_move: Color,
    /// The moves played in it.
    pub moves: Vec<(Color, Point)>,
    /// The position after those moves, before the setup.
    pub end: Board,
}

impl Clone for EarlierPart {
    fn clone(&self) -> EarlierPart {
        EarlierPart {
            start: self.start.clone(),
            to_move: self.to_move,
            moves: self.moves.clone(),
            end: self.end.clone(),
        }
    }

    fn clone_from(&mut self, source: &EarlierPart) {
        self.start.clone_from(&source.start);
        self.to_move = source.to_move;
        self.moves.clone_from(&source.moves);
        self.end.clone_from(&source.end);
    }
}

/// A game in progress: board, history, rules.
#[derive(Debug)]
pub struct Game {
    rules: Ruleset,
    komi: f64,
    start: Board,
    /// Who the controller or record said is to move at the start.
    declared_to_move: Color,
    handicap: u32,
    board: Board,
    to_move: Color,
    memory: KoMemory,
    /// The judge the game asks about every pass its ruleset's pass rule does not leave free.
    pass_judge: Arc<dyn PassJudge>,
    /// The parts of the record before the start, oldest first (see [`EarlierPart`]).
    earlier: Vec<EarlierPart>,
}

/// `clone_from` refills a game's buffers from another's instead of making new ones: a
/// search that replays its lines on a copy of the game allocates nothing once the copy's
/// buffers have grown.
impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            rules: self.rules,
            komi: self.komi,
            start: self.start.clone(),
            declared_to_move: self.declared_to_move,
            handicap: self.handicap,
            board: self.board.clone(),
            to_move: self.to_move,
            memory: self.memory.clone(),
            pass_judge: Arc::clone(&self.pass_judge),
            earlier: self.earlier.clone(),
        }
    }

    fn clone_from(&mut self, source: &Game) {
        self.rules = source.rules;
        self.komi = source.komi;
        self.start.clone_from(&source.start);
        self.declared_to_move = source.declared_to_move;
        self.handicap = source.handicap;
        self.board.clone_from(&source.board);
        self.to_move = source.to_move;
        self.memory.clone_from(&source.memory);
        self.pass_judge = Arc::clone(&source.pass_judge);
        self.earlier.clone_from(&source.earlier);
    }
}

impl Game {
    /// A new game on an empty `size` x `size` board, Black to move, komi from the rules,
    /// asking `pass_judge` about passes whenever its ruleset's pass rule is not the free
    /// pass. Every game has its judge from the start, whatever its ruleset: the rules can
    /// change during a game. The judge of the WMSG 2008 rule reads kos, which this layer
    /// cannot, so games are usually made by `ko_types::pass_rule::GameMaker`, which holds it.
    pub fn new(size: usize, rules: Ruleset, pass_judge: Arc<dyn PassJudge>) -> Game {
        let start = Board::new(size);
        Game {
            komi: rules.komi,
            memory: KoMemory::new(&start, Color::Black, rules.ko.needs_ing_memory()),
            rules,
            board: start.clone(),
            start,
            declared_to_move: Color::Black,
            handicap: 0,
            to_move: Color::Black,
            pass_judge,
            earlier: Vec::new(),
        }
    }

    /// Gives the game another judge of passes (see [`PassJudge`]): a game an engine keeps
    /// when its settings change.
    pub(crate) fn set_pass_judge(&mut self, judge: Arc<dyn PassJudge>) {
        self.pass_judge = judge;
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The starting position (setup stones and handicap included).
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The player to move at the start: whoever made the first move, else the declared one.
    pub fn start_to_move(&self) -> Color {
        self.moves()
            .first()
            .map_or(self.declared_to_move, |first| first.color)
    }

    /// Board size.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The ruleset in force.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Komi.
    pub fn komi(&self) -> f64 {
        self.komi
    }

    /// Sets komi.
    pub fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }

    /// Handicap stones placed at the start (0 if none).
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// Changes the ruleset; the moves to come are judged against the whole history.
    /// Komi is left alone.
    pub fn set_rules(&mut self, rules: Ruleset) {
        self.rules = rules;
        if rules.ko.needs_ing_memory() && !self.memory.has_ing() {
            // The game's memory kept no Ing-Spight reading: record the game again with it.
            let moves: Vec<(Color, Point)> =
                self.moves().iter().map(|s| (s.color, s.point)).collect();
            self.board = self.start.clone();
            self.memory = self.fresh_memory(&self.start, self.declared_to_move);
            self.to_move = self.declared_to_move;
            for (c, p) in moves {
                self.apply(c, p);
            }
        }
    }

    /// The stones the Ing-Spight rule counts as hot now (placed by the current unbroken run
    /// of ko plays). Under another rule the game keeps no such reading, and this replays
    /// the game to find them.
    pub fn hot_stones(&self) -> Vec<Point> {
        use crate::rules::memory::Past;
        if self.memory.has_ing() {
            return self.memory.ing().hot_stones().to_vec();
        }
        let mut replay = self.clone();
        replay.set_rules(Ruleset {
            ko: KoRule::IngSpight,
            ..self.rules
        });
        replay.memory.ing().hot_stones().to_vec()
    }

    /// A memory for a game starting at `start` with `to_move` to play, keeping Ing-Spight's
    /// reading only under that rule (a switch to it rebuilds the memory, see
    /// [`Game::set_rules`]).
    fn fresh_memory(&self, start: &Board, to_move: Color) -> KoMemory {
        KoMemory::new(start, to_move, self.rules.ko.needs_ing_memory())
    }

    /// The moves played since the start.
    pub fn moves(&self) -> &[Step] {
        self.memory.steps()
    }

    /// The ko rules' memory of this game.
    pub fn memory(&self) -> &KoMemory {
        &self.memory
    }

    /// Makes `start` (the present position changed by a setup) the new start, with `to_move`
    /// to move; the moves so far become an [`EarlierPart`] of the record, no longer judged by
    /// the ko rules. Prisoners carry over with `start`'s board.
    pub fn restart_from(&mut self, start: Board, to_move: Color) {
        self.earlier.push(EarlierPart {
            start: self.start.clone(),
            to_move: self.start_to_move(),
            moves: self.moves().iter().map(|s| (s.color, s.point)).collect(),
            end: self.board.clone(),
        });
        let handicap = self.handicap;
        self.set_start(start, to_move, handicap);
    }

    /// The parts of the record before the start, oldest first: empty unless a setup was
    /// made among the moves ([`Game::restart_from`]).
    pub fn earlier_parts(&self) -> &[EarlierPart] {
        &self.earlier
    }

    /// Replaces the starting position (setup or handicap) and clears the moves; earlier parts
    /// of the record stay.
    pub fn set_start(&mut self, start: Board, to_move: Color, handicap: u32) {
        self.board = start.clone();
        self.memory = self.fresh_memory(&start, to_move);
        self.start = start;
        self.declared_to_move = to_move;
        self.to_move = to_move;
        self.handicap = handicap;
    }

    /// Sets who moves next without playing (SGF `PL`, or GTP playing out of turn).
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
        if self.memory.steps().is_empty() {
            self.declared_to_move = color;
            self.memory = self.fresh_memory(&self.start, color);
        }
    }

    /// True when the game is over by the ruleset's end rule (two passes in a row, or
    /// Spight's second pass in the same position).
    pub fn is_over(&self) -> bool {
        match self.rules.end {
            GameEnd::TwoPasses => {
                let m = self.memory.steps();
                m.len() >= 2 && m[m.len() - 1].is_pass() && m[m.len() - 2].is_pass()
            }
            GameEnd::SecondPassInPosition => self.memory.ended_by_second_pass(),
        }
    }

    /// The judge of board plays under the game's rules, against its past.
    pub fn judge(&self) -> Judge<'_, KoMemory> {
        Judge::new(&self.rules, &self.memory)
    }

    /// Checks a board play (not a pass) without making it; on success returns the hash
    /// after it and the stones it removes.
    pub fn check(
        &self,
        color: Color,
        point: Point,
    ) -> Result<(u64, SmallVec<[Point; 4]>), Illegal> {
        self.judge()
            .judge(&self.board, point, color)
            .map(|cand| (cand.hash_after, SmallVec::from_slice(&cand.removed)))
    }

    /// True when `color` may make the move `point` (a board play or a pass).
    pub fn is_legal(&self, color: Color, point: Point) -> bool {
        if point.is_pass() {
            self.pass_ban(color).is_none()
        } else {
            self.check(color, point).is_ok()
        }
    }

    /// Why `color` may not pass now under the ruleset's pass rule, if it may not.
    pub fn pass_ban(&self, color: Color) -> Option<String> {
        match self.rules.pass {
            PassRule::Free => None,
            PassRule::Wmsg2008 => self.pass_judge.pass_ban(self, color),
        }
    }

    /// The legal board plays of `color`, in board order.
    pub fn legal_plays(&self, color: Color) -> Vec<Point> {
        self.board
            .points()
            .filter(|&p| self.check(color, p).is_ok())
            .collect()
    }

    /// The points where a board play of `color` would be legal but for the ko rule, each
    /// with the ban.
    pub fn ko_bans(&self, color: Color) -> Vec<(Point, KoBan)> {
        self.board
            .points()
            .filter_map(|p| match self.check(color, p) {
                Err(Illegal::Ko(ban)) => Some((p, ban)),
                _ => None,
            })
            .collect()
    }

    /// Plays a move (a board play or [`Point::PASS`]) after checking it.
    pub fn play(&mut self, color: Color, point: Point) -> Result<(), Illegal> {
        if point.is_pass() {
            if let Some(why) = self.pass_ban(color) {
                return Err(Illegal::Pass(why));
            }
        } else {
            self.check(color, point)?;
        }
        self.apply(color, point);
        Ok(())
    }

    /// Plays a move from a game record: the ko rule is not applied (the game may have been
    /// played under other rules) and any suicide is carried out; returns the ban the
    /// current ko rule would have given, so the caller can report it. Occupied or off-board
    /// points are still refused.
    pub fn play_from_record(
        &mut self,
        color: Color,
        point: Point,
    ) -> Result<Option<Illegal>, Illegal> {
        if point.is_pass() {
            self.apply(color, point);
            return Ok(None);
        }
        let complaint = self.judge().why_not(&self.board, point, color);
        if let Some(refused @ (Illegal::OffBoard | Illegal::Occupied)) = complaint {
            return Err(refused);
        }
        self.apply(color, point);
        Ok(complaint)
    }

    /// Makes a move known to be playable.
    fn apply(&mut self, color: Color, point: Point) {
        if self.memory.steps().is_empty() && color != self.declared_to_move {
            // Whoever makes the first move was the player to move at the start (a record
            // without PL whose first move is White's, or GTP play out of turn): the start
            // stood with them to move and counts as created by the other player. Undoing
            // that move returns to the declared player.
            self.memory = self.fresh_memory(&self.start, color);
        }
        let before = self.board.clone();
        let mut removed = SmallVec::new();
        if point.is_pass() {
            self.board.clear_ko();
        } else {
            self.board.play_with(point, color, |p| removed.push(p));
        }
        let step = Step {
            color,
            point,
            hash_before: before.hash(),
            hash_after: self.board.hash(),
            removed,
        };
        self.memory.record(step, &before, &self.board);
        self.to_move = color.opponent();
    }

    /// Takes back the last move; false if there is none. The ko rules' memory takes the move
    /// back from what recording it kept; the board is replayed from the start (plain board
    /// plays, nothing judged again).
    pub fn undo(&mut self) -> bool {
        if self.memory.undo().is_none() {
            return false;
        }
        if self.memory.steps().is_empty() {
            // The first move may have named who was to move at the start (see `apply`).
            self.memory = self.fresh_memory(&self.start, self.declared_to_move);
        }
        let mut board = self.start.clone();
        for s in self.memory.steps() {
            if s.is_pass() {
                board.clear_ko();
            } else {
                board.play_with(s.point, s.color, |_| {});
            }
        }
        self.board = board;
        self.to_move = self
            .memory
            .steps()
            .last()
            .map_or(self.declared_to_move, |s| s.color.opponent());
        true
    }
}

mod cycle;
pub mod random;

pub use cycle::CycleEnding;

#[cfg(test)]
mod tests;
