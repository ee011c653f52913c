//! A deliberately naive reference implementation of the ko rules, for tests only: it uses
//! nothing of koan but its public API.
//!
//! Nothing here is shared with `board` or `ko` beyond the [`Color`], [`KoRule`] and
//! [`SuicideRule`] types. The board is a plain grid of `Option<Color>` played with flood
//! fills; the history is the full list of grids (S0..Sn) and of moves; each ko rule is a
//! literal scan of that history as its definition (see [`KoRule`]) reads. No hashing, no
//! incremental memory: slow on purpose, so that it is obviously right. Ing-Spight (definition
//! in `koan::rules::ing_spight`) is read the same way, with its even-cycle search a plain
//! exhaustive depth-first search (no budget; it gives up, [`Verdict::Undecided`], only past
//! [`SEARCH_CAP`]); the facts it needs of each past move (identity, ko play or not, odd cycle
//! completed) are worked out once per move, from that move's states alone.
//!
//! The property test at the bottom plays thousands of random games with both this and
//! [`Game`] and compares the legal moves of both colours, and the boards, after every move.
//! Run one game alone with `KOAN_REFERENCE_SEED=N cargo test engine_agrees`.
//!
//! [`Game`]: koan::game::Game

use koan::board::{Color, SuicideRule};
use koan::rules::KoRule;
use std::cell::RefCell;

/// A whole-board position: `grid[row * size + col]`, row 0 at the bottom, column 0 at the left.
pub type Grid = Vec<Option<Color>>;

/// One move: who made it and where (`None` for a pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Who moved.
    pub color: Color,
    /// The point (grid index) of a board play, `None` for a pass.
    pub at: Option<usize>,
}

/// What the reference says of a board play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A stone already stands there.
    Occupied,
    /// A suicide the suicide rule forbids.
    Suicide,
    /// The ko rule forbids it; the clause that does.
    Ko(&'static str),
    /// Legal.
    Legal,
    /// The reference gave up: an Ing-Spight even-cycle search went past [`SEARCH_CAP`].
    Undecided,
}

/// A stone placed on a grid: the new grid and the opponent stones it captured.
#[derive(Clone, Debug)]
pub struct Placed {
    /// The position after the play (captures and any suicide carried out).
    pub after: Grid,
    /// The opponent stones removed, in increasing index order.
    pub captured: Vec<usize>,
}

/// The orthogonal neighbours of `p` on a `size` x `size` grid.
pub fn neighbours(size: usize, p: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (p / size, p % size);
    [
        (row > 0).then(|| p - size),
        (col > 0).then(|| p - 1),
        (col + 1 < size).then(|| p + 1),
        (row + 1 < size).then(|| p + size),
    ]
    .into_iter()
    .flatten()
}

/// The string (same-coloured connected stones) holding the stone on `p`, by flood fill.
pub fn string(grid: &Grid, size: usize, p: usize) -> Vec<usize> {
    let color = grid[p];
    assert!(color.is_some(), "string of an empty point");
    let mut seen = vec![false; grid.len()];
    let mut stack = vec![p];
    let mut out = Vec::new();
    seen[p] = true;
    while let Some(q) = stack.pop() {
        out.push(q);
        for n in neighbours(size, q) {
            if !seen[n] && grid[n] == color {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    out.sort_unstable();
    out
}

/// The distinct empty points next to any of `stones`, in increasing order.
pub fn liberties(grid: &Grid, size: usize, stones: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = stones
        .iter()
        .flat_map(|&s| neighbours(size, s))
        .filter(|&n| grid[n].is_none())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// True when one of `stones` has an empty neighbour.
pub fn has_liberty(grid: &Grid, size: usize, stones: &[usize]) -> bool {
    stones
        .iter()
        .any(|&s| neighbours(size, s).any(|n| grid[n].is_none()))
}

/// Plays `color` on `at` of `grid` by the rules of Go: opponent strings left without a
/// liberty are removed; then, if the new stone's string has no liberty, it is a suicide, which
/// `suicide` allows or not (`Multi`: only when the string has two or more stones) and which
/// removes the string when allowed.
pub fn place(
    grid: &Grid,
    size: usize,
    at: usize,
    color: Color,
    suicide: SuicideRule,
) -> Result<Placed, Verdict> {
    if grid[at].is_some() {
        return Err(Verdict::Occupied);
    }
    let mut after = grid.clone();
    after[at] = Some(color);
    let mut captured = Vec::new();
    for n in neighbours(size, at) {
        if after[n] == Some(color.opponent()) {
            let s = string(&after, size, n);
            if !has_liberty(&after, size, &s) {
                for &q in &s {
                    after[q] = None;
                }
                captured.extend(s);
            }
        }
    }
    captured.sort_unstable();
    let own = string(&after, size, at);
    if !has_liberty(&after, size, &own) {
        let allowed = match suicide {
            SuicideRule::Forbidden => false,
            SuicideRule::Multi => own.len() >= 2,
            SuicideRule::All => true,
        };
        if !allowed {
            return Err(Verdict::Suicide);
        }
        for &q in &own {
            after[q] = None;
        }
    }
    Ok(Placed { after, captured })
}

/// A game as the reference sees it: every position S0..Sn and every move.
#[derive(Clone, Debug)]
pub struct RefGame {
    /// Side of the board.
    pub size: usize,
    /// Who was to move at the start.
    pub start_to_move: Color,
    /// `states[k]` is S_k: the start, then the position after each move.
    pub states: Vec<Grid>,
    /// `moves[k - 1]` led from S_{k-1} to S_k.
    pub moves: Vec<Move>,
    /// Ing-Spight, per move, worked out when the move is made (each a function of the move
    /// and the states before and after it): the move's identity (`None` for a pass).
    ids: Vec<Option<PlayId>>,
    /// Whether the move was a ko play (`Some(false)` for a pass; `None` if undecided),
    /// worked out when first asked (the search is slow): `None` until then.
    ko_plays: RefCell<Vec<Option<Option<bool>>>>,
    /// The odd cycle the move completed, if it recreated a position whose last occurrence
    /// was an odd number of board plays earlier: the identities of those plays.
    odd_cycles: Vec<Option<Vec<PlayId>>>,
}

impl RefGame {
    /// A game starting from `start` with `to_move` to play.
    pub fn new(size: usize, start: Grid, to_move: Color) -> RefGame {
        assert_eq!(start.len(), size * size);
        RefGame {
            size,
            start_to_move: to_move,
            states: vec![start],
            moves: Vec::new(),
            ids: Vec::new(),
            ko_plays: RefCell::new(Vec::new()),
            odd_cycles: Vec::new(),
        }
    }

    /// The position on the board now (S_n).
    pub fn current(&self) -> &Grid {
        self.states.last().unwrap()
    }

    /// The player to move at the start: whoever made the first move, or the declared player
    /// while no move has been made (the engine's definition).
    pub fn start_player(&self) -> Color {
        self.moves.first().map_or(self.start_to_move, |m| m.color)
    }

    /// The player to move at state S_j: the one not to have made move j.
    pub fn to_move_at(&self, j: usize) -> Color {
        if j == 0 {
            self.start_player()
        } else {
            self.moves[j - 1].color.opponent()
        }
    }

    /// The player to move now.
    pub fn to_move(&self) -> Color {
        self.to_move_at(self.moves.len())
    }

    /// Who created S_j with a board play: the start counts as created by a board play of the
    /// player not to move; a pass creates nothing.
    pub fn created_by_at(&self, j: usize) -> Option<Color> {
        if j == 0 {
            Some(self.start_player().opponent())
        } else {
            let m = self.moves[j - 1];
            m.at.map(|_| m.color)
        }
    }

    /// Makes a move; a board play must be physically legal under `suicide`.
    pub fn play(&mut self, m: Move, suicide: SuicideRule) {
        let after = match m.at {
            None => self.current().clone(),
            Some(at) => match place(self.current(), self.size, at, m.color, suicide) {
                Ok(placed) => placed.after,
                Err(v) => panic!("reference: {m:?} is {v:?}"),
            },
        };
        let id =
            m.at.map(|at| PlayId::new(self.current(), &after, self.size, m.color, at));
        self.moves.push(m);
        self.states.push(after);
        self.ids.push(id);
        self.ko_plays.get_mut().push(None);
        let cycle = self.completed_odd_cycle();
        self.odd_cycles.push(cycle);
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.states.pop();
        self.ids.pop();
        self.ko_plays.get_mut().pop();
        self.odd_cycles.pop();
        true
    }

    /// The verdict on a board play of `color` on `at` under `ko` and `suicide`.
    pub fn judge(&self, ko: KoRule, suicide: SuicideRule, color: Color, at: usize) -> Verdict {
        match place(self.current(), self.size, at, color, suicide) {
            Err(v) => v,
            Ok(placed) => self.ko_ban(ko, color, at, &placed),
        }
    }

    /// The grid indices where `color` may play now.
    pub fn legal_plays(&self, ko: KoRule, suicide: SuicideRule, color: Color) -> Vec<usize> {
        (0..self.size * self.size)
            .filter(|&p| self.judge(ko, suicide, color, p) == Verdict::Legal)
            .collect()
    }

    /// The verdict of `rule` on the physically legal board play `placed` of `color` on `at`:
    /// `Ko(clause)`, `Legal`, or `Undecided`.
    pub fn ko_ban(&self, rule: KoRule, color: Color, at: usize, placed: &Placed) -> Verdict {
        if rule == KoRule::IngSpight {
            return match self.ing_spight(color, at, placed) {
                Some(Some(clause)) => Verdict::Ko(clause),
                Some(None) => Verdict::Legal,
                None => Verdict::Undecided,
            };
        }
        match self.ko_clause(rule, color, at, placed) {
            Some(clause) => Verdict::Ko(clause),
            None => Verdict::Legal,
        }
    }

    /// The clause of `rule` (any but Ing-Spight) that bans the physically legal board play
    /// `placed` of `color` on `at`, if one does.
    fn ko_clause(
        &self,
        rule: KoRule,
        color: Color,
        at: usize,
        placed: &Placed,
    ) -> Option<&'static str> {
        let after = &placed.after;
        let simple = || self.simple(color, after).then_some("simple");
        match rule {
            KoRule::Simple => simple(),
            KoRule::Positional => self.positional(after).then_some("positional"),
            KoRule::Situational => self.situational(color, after).then_some("situational"),
            KoRule::NaturalSituational => self
                .natural_situational(color, after)
                .then_some("natural-situational"),
            KoRule::Spight => self.spight(after).then_some("spight"),
            KoRule::Fixed => self.fixed(after).then_some("fixed"),
            KoRule::BasicFixed => simple().or_else(|| self.fixed(after).then_some("fixed")),
            KoRule::PassForKo => simple().or_else(|| {
                self.pass_for_ko(color, at, &placed.captured)
                    .then_some("pass-for-ko")
            }),
            KoRule::IngSpight => unreachable!("judged by ing_spight"),
        }
    }

    /// `simple`: a board play may not recreate the position from before the opponent's last
    /// move when that move was a board play. (Read as: the game's last move was a board play
    /// of the opponent, and `after` is the position before it.)
    pub fn simple(&self, color: Color, after: &Grid) -> bool {
        let n = self.moves.len();
        match self.moves.last() {
            Some(last) => {
                last.at.is_some() && last.color == color.opponent() && self.states[n - 1] == *after
            }
            None => false,
        }
    }

    /// `positional`: a board play may not recreate any earlier position.
    pub fn positional(&self, after: &Grid) -> bool {
        self.states.iter().any(|s| s == after)
    }

    /// `situational`: a board play may not recreate an earlier position with the same player
    /// to move (after `color`'s play, its opponent is to move).
    pub fn situational(&self, color: Color, after: &Grid) -> bool {
        (0..self.states.len())
            .any(|j| self.states[j] == *after && self.to_move_at(j) == color.opponent())
    }

    /// `natural-situational`: a player may not use a board play to recreate a position that
    /// the same player created with a board play.
    pub fn natural_situational(&self, color: Color, after: &Grid) -> bool {
        (0..self.states.len())
            .any(|j| self.states[j] == *after && self.created_by_at(j) == Some(color))
    }

    /// `spight`: a board play may not recreate an earlier position unless a pass has occurred
    /// since that position last stood on the board. A pass is move k, from S_{k-1} to S_k,
    /// which are the same position: so a position standing when a pass is made stands after it
    /// too, and only a later pass lifts the ban on it.
    pub fn spight(&self, after: &Grid) -> bool {
        match self.states.iter().rposition(|s| s == after) {
            None => false,
            // S_last is the last time it stood; moves[last..] are the moves made since.
            Some(last) => !self.moves[last..].iter().any(|m| m.at.is_none()),
        }
    }

    /// `fixed`: a board play may not leave position A and create position B if an earlier
    /// board play left A and created B.
    pub fn fixed(&self, after: &Grid) -> bool {
        let before = self.current();
        (1..self.states.len()).any(|k| {
            self.moves[k - 1].at.is_some()
                && self.states[k - 1] == *before
                && self.states[k] == *after
        })
    }

    /// If move k (1-based) was a ko capture, i.e. a board play that captured exactly one
    /// stone and left the capturing stone alone with that point as its only liberty: the
    /// captured point and the capturing stone's point.
    pub fn ko_capture(&self, k: usize) -> Option<(usize, usize)> {
        let m = self.moves[k - 1];
        let at = m.at?;
        let (before, after) = (&self.states[k - 1], &self.states[k]);
        let captured: Vec<usize> = (0..before.len())
            .filter(|&p| before[p] == Some(m.color.opponent()) && after[p].is_none())
            .collect();
        if captured.len() != 1 || after[at] != Some(m.color) {
            return None;
        }
        let s = string(after, self.size, at);
        (s.len() == 1 && liberties(after, self.size, &s) == captured).then_some((captured[0], at))
    }

    /// `pass-for-ko` (the part beyond `simple`): a ko capture bans the opponent from
    /// recapturing in that ko (playing on the captured point and capturing exactly the
    /// capturing stone), at any later time, until the opponent passes; a pass lifts every
    /// ban on the player who passed.
    pub fn pass_for_ko(&self, color: Color, at: usize, captured: &[usize]) -> bool {
        // (banned player, point, stone), replayed from the start of the game.
        let mut bans: Vec<(Color, usize, usize)> = Vec::new();
        for k in 1..self.states.len() {
            let m = self.moves[k - 1];
            if m.at.is_none() {
                bans.retain(|&(banned, _, _)| banned != m.color);
            } else if let Some((point, stone)) = self.ko_capture(k) {
                bans.push((m.color.opponent(), point, stone));
            }
        }
        bans.iter()
            .any(|&(banned, point, stone)| banned == color && point == at && captured == [stone])
    }

    /// Whether move k (1-based) was an Ing-Spight ko play (a pass is not); `None` when
    /// the search was undecided.
    pub fn ko_play(&self, k: usize) -> Option<bool> {
        if let Some(known) = self.ko_plays.borrow()[k - 1] {
            return known;
        }
        let m = self.moves[k - 1];
        let answer = match m.at {
            None => Some(false),
            Some(at) => is_ko_play(&self.states[k - 1], self.size, m.color, at),
        };
        self.ko_plays.borrow_mut()[k - 1] = Some(answer);
        answer
    }

    /// Ing-Spight's hot stones: the points where the ko plays of the current run (the moves
    /// since the last pass or board play that was not a ko play) put stones that still stand
    /// there in the colour played. `None` if a ko play of the run was undecided.
    pub fn hot_stones(&self) -> Option<Vec<usize>> {
        let mut start = self.moves.len();
        while start > 0 && self.ko_play(start)? {
            start -= 1;
        }
        let now = self.current();
        let mut hot: Vec<usize> = self.moves[start..]
            .iter()
            .filter_map(|m| m.at.filter(|&x| now[x] == Some(m.color)))
            .collect();
        hot.sort_unstable();
        hot.dedup();
        Some(hot)
    }

    /// The odd cycle completed by the last move, if it is a board play that recreates a
    /// position whose last occurrence was an odd number of board plays earlier (passes
    /// between allowed): the identities of the board plays since that occurrence.
    fn completed_odd_cycle(&self) -> Option<Vec<PlayId>> {
        let k = self.moves.len();
        self.moves[k - 1].at?;
        let last = (0..k).rev().find(|&j| self.states[j] == self.states[k])?;
        // Moves j+1..=k, i.e. moves[j..k]: the board plays among them.
        let plays: Vec<PlayId> = self.ids[last..k].iter().flatten().cloned().collect();
        (plays.len() % 2 == 1).then_some(plays)
    }

    /// `ing-spight`: the ko rule (a ko play may not capture a hot stone), then the odd cycle
    /// rule (a board play may not complete an odd cycle seen before again, identity for
    /// identity, counting only the plays that touch that cycle's points). `Some(clause)` or
    /// `None` for legal; the outer `None` when the even-cycle search was undecided.
    pub fn ing_spight(
        &self,
        color: Color,
        at: usize,
        placed: &Placed,
    ) -> Option<Option<&'static str>> {
        let now = self.current();
        let hot = self.hot_stones()?;
        if placed.captured.iter().any(|c| hot.contains(c)) && is_ko_play(now, self.size, color, at)?
        {
            return Some(Some("ing-spight hot stone"));
        }
        let id = PlayId::new(now, &placed.after, self.size, color, at);
        let history: Vec<&PlayId> = self.ids.iter().flatten().collect();
        let repeats = self.odd_cycles.iter().flatten().any(|cycle| {
            let (last, rest) = cycle.split_last().expect("a cycle has plays");
            if *last != id {
                return false;
            }
            let mut points: Vec<usize> = cycle
                .iter()
                .flat_map(|p| std::iter::once(p.at).chain(p.removed.iter().copied()))
                .collect();
            points.sort_unstable();
            points.dedup();
            let touching: Vec<&PlayId> = history
                .iter()
                .copied()
                .filter(|p| p.touches(&points))
                .collect();
            touching.len() >= rest.len()
                && touching[touching.len() - rest.len()..]
                    .iter()
                    .zip(rest)
                    .all(|(a, b)| *a == b)
        });
        Some(repeats.then_some("ing-spight odd cycle"))
    }
}

/// A board play's identity under Ing-Spight: player, point, the string holding the new stone
/// after captures (empty after a suicide), and the stones removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayId {
    color: Color,
    at: usize,
    string: Vec<usize>,
    removed: Vec<usize>,
}

impl PlayId {
    /// The identity of `color`'s play on `at`, from the positions before and after it.
    fn new(before: &Grid, after: &Grid, size: usize, color: Color, at: usize) -> PlayId {
        let string = if after[at] == Some(color) {
            string(after, size, at)
        } else {
            Vec::new()
        };
        let removed = (0..before.len())
            .filter(|&p| before[p].is_some() && after[p].is_none())
            .collect();
        PlayId {
            color,
            at,
            string,
            removed,
        }
    }

    /// True when the play places or removes a stone on one of `points`.
    fn touches(&self, points: &[usize]) -> bool {
        points.contains(&self.at) || self.removed.iter().any(|r| points.contains(r))
    }
}

/// Longest even cycle a ko play may start, in board plays.
pub const MAX_CYCLE: usize = 12;

/// Plays the reference's even-cycle search may try before it gives up ([`Verdict::Undecided`]).
pub const SEARCH_CAP: usize = 1_000_000;

/// Whether `color`'s board play on `at` in position `p` is an Ing-Spight *ko play*: on an
/// empty point, not a suicide ("legal but for ko rules"), capturing or leaving the new
/// stone's string in atari, and starting an even cycle: a sequence of at most [`MAX_CYCLE`]
/// alternating board plays, the first being it, that recreates P, where every later play
/// is on an empty point that is, or is next to, a point differing from P or a stone of a
/// string holding such a point; every later play restores a stone that P had on that point,
/// captures, or leaves its own string in atari; and no position repeats on the way except P
/// itself, recreated at the end after an even number of plays. `None` when the search went
/// past [`SEARCH_CAP`].
pub fn is_ko_play(p: &Grid, size: usize, color: Color, at: usize) -> Option<bool> {
    let Ok(placed) = place(p, size, at, color, SuicideRule::Forbidden) else {
        return Some(false);
    };
    let own = string(&placed.after, size, at);
    if placed.captured.is_empty() && liberties(&placed.after, size, &own).len() != 1 {
        return Some(false);
    }
    let mut search = EvenCycle {
        p,
        size,
        path: vec![placed.after.clone()],
        nodes: 0,
    };
    search.dfs(&placed.after, color.opponent(), 1)
}

/// A plain depth-first search for an even cycle back to `p`.
struct EvenCycle<'a> {
    p: &'a Grid,
    size: usize,
    /// The positions after each play so far.
    path: Vec<Grid>,
    nodes: usize,
}

impl EvenCycle<'_> {
    /// From `q`, reached by `made` plays, with `to_move` to play: can the later plays get
    /// back to P after an even number of plays in all, at most [`MAX_CYCLE`]?
    fn dfs(&mut self, q: &Grid, to_move: Color, made: usize) -> Option<bool> {
        let (p, size) = (self.p, self.size);
        if made == MAX_CYCLE {
            return Some(false);
        }
        let differ: Vec<usize> = (0..q.len()).filter(|&t| q[t] != p[t]).collect();
        // Each stone of P missing in q needs a play of its owner to come back.
        let remaining = MAX_CYCLE - made;
        let need = |c: Color| differ.iter().filter(|&&t| p[t] == Some(c)).count();
        if need(to_move) > remaining.div_ceil(2) || need(to_move.opponent()) > remaining / 2 {
            return Some(false);
        }
        let mut near = vec![false; q.len()];
        for &t in &differ {
            near[t] = true;
            let mut stones = vec![t];
            if q[t].is_some() {
                stones = string(q, size, t);
            }
            for s in stones {
                for n in neighbours(size, s) {
                    near[n] = true;
                }
            }
        }
        for x in (0..q.len()).filter(|&x| near[x] && q[x].is_none()) {
            self.nodes += 1;
            if self.nodes > SEARCH_CAP {
                return None;
            }
            let Ok(placed) = place(q, size, x, to_move, SuicideRule::Forbidden) else {
                continue; // a suicide is not legal "but for ko rules"
            };
            let r = placed.after;
            if r == *p {
                if (made + 1).is_multiple_of(2) {
                    return Some(true);
                }
                continue;
            }
            if self.path.contains(&r) {
                continue;
            }
            let own = string(&r, size, x);
            if p[x] != Some(to_move)
                && placed.captured.is_empty()
                && liberties(&r, size, &own).len() != 1
            {
                continue;
            }
            self.path.push(r.clone());
            let found = self.dfs(&r, to_move.opponent(), made + 1);
            self.path.pop();
            if found != Some(false) {
                return found;
            }
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koan::board::{Board, Coord, Point};
    use koan::game::{Game, Illegal};
    use koan::rules::Ruleset;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use std::fmt::Write as _;

    /// The rules the property test compares: all of them.
    const RULES: &[KoRule] = &[
        KoRule::IngSpight,
        KoRule::Simple,
        KoRule::Positional,
        KoRule::Situational,
        KoRule::NaturalSituational,
        KoRule::Spight,
        KoRule::Fixed,
        KoRule::BasicFixed,
        KoRule::PassForKo,
    ];

    const SUICIDES: &[SuicideRule] =
        &[SuicideRule::Forbidden, SuicideRule::Multi, SuicideRule::All];

    fn rule_index(rule: KoRule) -> usize {
        RULES.iter().position(|&r| r == rule).unwrap()
    }

    fn vertex(size: usize, p: usize) -> String {
        let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
        format!("{}{}", letters[p % size] as char, p / size + 1)
    }

    fn engine_point(board: &Board, p: usize) -> Point {
        let size = board.size();
        board.point(Coord::new(p % size, p / size))
    }

    fn engine_index(board: &Board, p: Point) -> usize {
        let c = board.coord(p);
        c.row as usize * board.size() + c.col as usize
    }

    fn engine_grid(board: &Board) -> Grid {
        (0..board.size() * board.size())
            .map(|p| board.cell(engine_point(board, p)).color())
            .collect()
    }

    fn render(grid: &Grid, size: usize) -> String {
        let mut out = String::new();
        for row in (0..size).rev() {
            let _ = write!(out, "{:>2} ", row + 1);
            for col in 0..size {
                out.push(match grid[row * size + col] {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }

    /// The same game in the engine and in the reference, with the events that made it.
    struct Pair {
        seed: u64,
        size: usize,
        rules: Ruleset,
        game: Game,
        reference: RefGame,
        log: Vec<String>,
    }

    /// How many ko bans the reference saw, per rule in force.
    #[derive(Default)]
    struct Stats {
        /// Physically legal plays banned by the ko rule.
        bans: [u64; 9],
        /// Of those, the ones `simple` alone would not ban.
        beyond_simple: [u64; 9],
        /// Of those, the ones whose position after the play is neither the current one nor
        /// the one before it (longer cycles, or older repetitions).
        older: [u64; 9],
        /// Plays the reference could not judge (Ing-Spight search past its cap).
        undecided: u64,
        /// Positions compared.
        positions: u64,
        /// Positions compared under every rule (not just the one in force).
        all_rules_positions: u64,
    }

    impl Pair {
        fn fail(&self, what: &str) -> ! {
            panic!(
                "engine and reference disagree: {what}\nseed {} size {} rules {}\n\
                 moves: {}\nengine board:\n{}\nreference board:\n{}",
                self.seed,
                self.size,
                self.rules,
                self.log.join(" "),
                render(&engine_grid(self.game.board()), self.size),
                render(self.reference.current(), self.size),
            )
        }

        /// Compares boards, player to move and the legal plays of both colours under `ko`
        /// (with the game's rules switched to it for the check); counts bans.
        fn compare_under(&mut self, ko: KoRule, stats: &mut Stats) {
            let in_force = self.rules;
            let mut rules = in_force;
            rules.ko = ko;
            self.game.set_rules(rules);
            let suicide = rules.suicide;
            for color in Color::BOTH {
                let board = self.game.board();
                let engine: Vec<usize> = self
                    .game
                    .legal_plays(color)
                    .into_iter()
                    .map(|p| engine_index(board, p))
                    .collect();
                let mut reference = Vec::new();
                let mut undecided = Vec::new();
                for p in 0..self.size * self.size {
                    let verdict = self.reference.judge(ko, suicide, color, p);
                    if verdict == Verdict::Legal {
                        reference.push(p);
                        continue;
                    }
                    if verdict == Verdict::Undecided {
                        stats.undecided += 1;
                        undecided.push(p);
                        continue;
                    }
                    // Not legal: the engine must refuse it for the same kind of reason.
                    let engine_verdict = match self.game.check(color, engine_point(board, p)) {
                        Ok(_) => Verdict::Legal,
                        Err(Illegal::Occupied) => Verdict::Occupied,
                        Err(Illegal::Suicide) => Verdict::Suicide,
                        Err(Illegal::Ko(_)) => Verdict::Ko(""),
                        Err(Illegal::OffBoard) => self.fail("off board"),
                        Err(Illegal::Pass(_)) => self.fail("a board play judged as a pass"),
                    };
                    let same = match (verdict, engine_verdict) {
                        (Verdict::Ko(_), Verdict::Ko(_)) => true,
                        (a, b) => a == b,
                    };
                    if !same {
                        self.fail(&format!(
                            "under ko={ko}, {color} {}: engine {engine_verdict:?}, \
                             reference {verdict:?}",
                            vertex(self.size, p)
                        ));
                    }
                    if let Verdict::Ko(_) = verdict {
                        let r = rule_index(ko);
                        stats.bans[r] += 1;
                        let placed =
                            place(self.reference.current(), self.size, p, color, suicide).unwrap();
                        if !self.reference.simple(color, &placed.after) {
                            stats.beyond_simple[r] += 1;
                        }
                        let states = &self.reference.states;
                        if !states[states.len().saturating_sub(2)..].contains(&placed.after) {
                            stats.older[r] += 1;
                        }
                    }
                }
                let engine: Vec<usize> = engine
                    .into_iter()
                    .filter(|p| !undecided.contains(p))
                    .collect();
                if engine != reference {
                    let names = |v: &[usize]| {
                        v.iter()
                            .map(|&p| vertex(self.size, p))
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    let mut why = String::new();
                    for p in 0..self.size * self.size {
                        if engine.contains(&p) != reference.contains(&p) {
                            let e = self.game.check(color, engine_point(board, p));
                            let r = self.reference.judge(ko, suicide, color, p);
                            let _ = write!(
                                why,
                                "\n {}: engine {}, reference {r:?}",
                                vertex(self.size, p),
                                e.map_or_else(|e| e.to_string(), |_| "legal".to_string())
                            );
                        }
                    }
                    self.fail(&format!(
                        "legal plays of {color} under ko={ko}\n engine:    {}\n reference: {}{why}",
                        names(&engine),
                        names(&reference)
                    ));
                }
            }
            self.game.set_rules(in_force);
        }

        fn compare(&mut self, stats: &mut Stats, all_rules: bool) {
            if engine_grid(self.game.board()) != *self.reference.current() {
                self.fail("boards differ");
            }
            if self.game.to_move() != self.reference.to_move() {
                self.fail("player to move differs");
            }
            stats.positions += 1;
            if all_rules {
                stats.all_rules_positions += 1;
                for &ko in RULES {
                    self.compare_under(ko, stats);
                }
            } else {
                self.compare_under(self.rules.ko, stats);
            }
        }

        fn play(&mut self, color: Color, at: Option<usize>) {
            let point = match at {
                Some(p) => engine_point(self.game.board(), p),
                None => Point::PASS,
            };
            if let Err(e) = self.game.play(color, point) {
                self.fail(&format!("engine refused {color} {at:?}: {e}"));
            }
            self.reference.play(Move { color, at }, self.rules.suicide);
            let v = at.map_or("pass".to_string(), |p| vertex(self.size, p));
            self.log.push(format!("{}:{v}", color.letter()));
        }
    }

    /// Plays one random game, comparing after every event.
    fn random_game(seed: u64, stats: &mut Stats) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let size = [4, 4, 5, 5, 6, 7][rng.gen_range(0..6)];
        let rules = Ruleset {
            ko: RULES[seed as usize % RULES.len()],
            suicide: SUICIDES[(seed as usize / RULES.len()) % SUICIDES.len()],
            ..Ruleset::default()
        };
        let mut game = koan_core::testkit::new_game(size, rules);
        let mut log = Vec::new();
        // Some games start from setup stones, some with White to move.
        let mut start = Board::new(size);
        let mut to_move = Color::Black;
        if rng.gen_bool(0.2) {
            for _ in 0..rng.gen_range(1..=4) {
                let p = rng.gen_range(0..size * size);
                let color = if rng.gen_bool(0.5) {
                    Color::Black
                } else {
                    Color::White
                };
                let mut grid = engine_grid(&start);
                if grid[p].is_some() {
                    continue;
                }
                grid[p] = Some(color);
                // Keep every string with a liberty: setup should be a real position.
                let alive = (0..grid.len())
                    .filter(|&q| grid[q].is_some())
                    .all(|q| !liberties(&grid, size, &string(&grid, size, q)).is_empty());
                if alive {
                    start.place_setup(engine_point(&start, p), color);
                    log.push(format!("setup-{}:{}", color.letter(), vertex(size, p)));
                }
            }
        }
        if rng.gen_bool(0.3) {
            to_move = Color::White;
        }
        log.push(format!("start-{}", to_move.letter()));
        game.set_start(start.clone(), to_move, 0);
        let reference = RefGame::new(size, engine_grid(&start), to_move);
        let mut pair = Pair {
            seed,
            size,
            rules,
            game,
            reference,
            log,
        };
        let changes_rule = rng.gen_bool(0.25);
        let length = rng.gen_range(16..=80);
        // Every few positions, compare under every rule at once: the same history judged
        // by all of them.
        let all_rules_every = 10;
        pair.compare(stats, false);
        for i in 0..length {
            let roll: f64 = rng.gen();
            if changes_rule && roll < 0.03 {
                let ko = RULES[rng.gen_range(0..RULES.len())];
                pair.rules.ko = ko;
                pair.game.set_rules(pair.rules);
                pair.log.push(format!("ko={ko}"));
            } else if roll < 0.045 && !pair.reference.moves.is_empty() {
                // (Few undos: the engine's undo replays the game from the start.)
                for _ in 0..rng.gen_range(1..=2) {
                    let a = pair.game.undo();
                    let b = pair.reference.undo();
                    if a != b {
                        pair.fail("undo");
                    }
                    pair.log.push("undo".to_string());
                }
            } else {
                // Mostly the player to move; now and then the other one (out of turn).
                let mut color = pair.reference.to_move();
                if rng.gen_bool(0.03) {
                    color = color.opponent();
                }
                let legal = pair
                    .reference
                    .legal_plays(pair.rules.ko, pair.rules.suicide, color);
                let at = if legal.is_empty() || rng.gen_bool(0.1) {
                    None
                } else {
                    Some(legal[rng.gen_range(0..legal.len())])
                };
                pair.play(color, at);
            }
            pair.compare(stats, i % all_rules_every == 0);
        }
    }

    #[test]
    fn engine_agrees_with_the_reference_on_random_games() {
        let games = 3000;
        let mut stats = Stats::default();
        let started = std::time::Instant::now();
        // KOAN_REFERENCE_SEED=N replays game N alone (as a failure names it).
        if let Some(seed) = std::env::var("KOAN_REFERENCE_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
        {
            random_game(seed, &mut stats);
            return;
        }
        for seed in 0..games {
            random_game(seed, &mut stats);
        }
        let mut summary = String::new();
        for (i, rule) in RULES.iter().enumerate() {
            let _ = writeln!(
                summary,
                "{:>20}: {:>6} ko bans, {:>6} beyond simple ko, {:>6} recreating a position \
                 older than the last two",
                rule.name(),
                stats.bans[i],
                stats.beyond_simple[i],
                stats.older[i]
            );
        }
        eprintln!(
            "{games} games, {} positions ({} under every rule), {} undecided, {:.1?}\n{summary}",
            stats.positions,
            stats.all_rules_positions,
            stats.undecided,
            started.elapsed()
        );
        for (i, rule) in RULES.iter().enumerate() {
            assert!(stats.bans[i] > 0, "no ko ban seen under {rule}\n{summary}");
            // Every rule but simple bans something simple does not (fixed: later retakes,
            // pass-for-ko: retakes after passes, superkos: longer cycles), including plays
            // that would recreate a position older than the last two.
            if *rule != KoRule::Simple {
                assert!(
                    stats.beyond_simple[i] > 0 && stats.older[i] > 0,
                    "no ban beyond simple ko seen under {rule}\n{summary}"
                );
            }
        }
    }

    fn idx(size: usize, v: &str) -> usize {
        let c = Coord::parse_gtp(v, size).unwrap();
        c.row as usize * size + c.col as usize
    }

    /// The classic basic ko at C3/D3 on 5x5, Black having just taken at D3.
    fn basic_ko() -> RefGame {
        let mut g = RefGame::new(5, vec![None; 25], Color::Black);
        for (b, w) in [("B3", "D2"), ("C2", "D4"), ("C4", "E3"), ("A5", "C3")] {
            g.play(
                Move {
                    color: Color::Black,
                    at: Some(idx(5, b)),
                },
                SuicideRule::Forbidden,
            );
            g.play(
                Move {
                    color: Color::White,
                    at: Some(idx(5, w)),
                },
                SuicideRule::Forbidden,
            );
        }
        g.play(
            Move {
                color: Color::Black,
                at: Some(idx(5, "D3")),
            },
            SuicideRule::Forbidden,
        );
        g
    }

    #[test]
    fn reference_plays_go() {
        let g = basic_ko();
        assert_eq!(g.current()[idx(5, "C3")], None, "D3 captured C3");
        assert_eq!(g.ko_capture(9), Some((idx(5, "C3"), idx(5, "D3"))));
        // The capture starts an even cycle (White retakes): an Ing-Spight ko play, hot.
        assert_eq!(g.ko_play(9), Some(true));
        assert_eq!(
            g.ko_play(8),
            Some(false),
            "C3 neither captured nor was in atari"
        );
        assert_eq!(g.hot_stones(), Some(vec![idx(5, "D3")]));
        // A single-stone suicide: forbidden, forbidden under multi, allowed under all.
        let corner = RefGame::new(
            2,
            vec![None, Some(Color::White), Some(Color::White), None],
            Color::Black,
        );
        let a1 = 0;
        assert_eq!(
            corner.judge(KoRule::Simple, SuicideRule::Forbidden, Color::Black, a1),
            Verdict::Suicide
        );
        assert_eq!(
            corner.judge(KoRule::Simple, SuicideRule::Multi, Color::Black, a1),
            Verdict::Suicide
        );
        assert_eq!(
            corner.judge(KoRule::Simple, SuicideRule::All, Color::Black, a1),
            Verdict::Legal
        );
        // ... which recreates the position, so positional superko bans it.
        assert_eq!(
            corner.judge(KoRule::Positional, SuicideRule::All, Color::Black, a1),
            Verdict::Ko("positional")
        );
    }

    #[test]
    fn reference_reads_the_ko_rules() {
        let c3 = idx(5, "C3");
        let mut g = basic_ko();
        for &rule in RULES {
            let v = g.judge(rule, SuicideRule::Forbidden, Color::White, c3);
            // Fixed alone allows the first retake: it is a new transition.
            assert_eq!(
                matches!(v, Verdict::Ko(_)),
                rule != KoRule::Fixed,
                "{rule}: {v:?}"
            );
        }
        // After two passes simple ko is lifted, positional and spight are not... until the
        // passes lift spight: a pass has occurred since the position before D3 last stood.
        g.play(
            Move {
                color: Color::White,
                at: None,
            },
            SuicideRule::Forbidden,
        );
        g.play(
            Move {
                color: Color::Black,
                at: None,
            },
            SuicideRule::Forbidden,
        );
        let judge = |rule| g.judge(rule, SuicideRule::Forbidden, Color::White, c3);
        assert_eq!(judge(KoRule::Simple), Verdict::Legal);
        assert_eq!(judge(KoRule::Positional), Verdict::Ko("positional"));
        assert_eq!(judge(KoRule::Spight), Verdict::Legal);
        assert_eq!(judge(KoRule::PassForKo), Verdict::Legal, "white passed");
        assert_eq!(judge(KoRule::Situational), Verdict::Ko("situational"));
    }
}
