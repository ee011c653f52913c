//! Walls judged alive: the strings that bound a ko's region when Benson's unconditional life
//! leaves the region the whole board, as in a game before its end. They are the strings the
//! engine's own judgement of life and death ([`score::status`](crate::score::status)) calls
//! alive beyond reasonable doubt: alive by its confirmation search, or by playout ownership
//! when their colour owned their points in at least [`WALL_CONFIDENCE`] of the playouts.
//! The local search treats them as uncapturable; an answer resting on them says
//! `basis=judged`, and one that needs a line capturing a wall becomes unknown.
//!
//! These limits keep a wall from resting on what the classification asks:
//! - a string in atari in the position read is never judged a wall, however often its
//!   colour owns it at the end of the playouts: the opponent can take it at once;
//! - a mark carries the colour judged alive: a point is a wall only while a stone of that
//!   colour stands on it (after a ko capture, the other colour's stone on a wall's point is
//!   no wall);
//! - a wall string in atari is no wall at that node ([`JudgedWalls::string_holds_wall`]):
//!   the side to move could capture it at once, and the search is allowed to; the line
//!   that captures it ends with an unknown value, so an answer that needs it is unknown;
//! - a wall's owner answers an atari on its wall by extending, also outside the region
//!   ([`JudgedWalls::moves_outside`]);
//! - a wall's owner never fills its own wall's liberties down to one: the local search
//!   counts such a play as a loss for the owner and does not read it (the judgement says
//!   the wall lives, and a player who puts a living group in atari has only given the
//!   opponent a capture). Only the opponent can put a wall in atari;
//! - the strings a basic ko's fate decides are never judged walls ([`ko_dependent`]); one
//!   the judgement calls alive counts as uncapturable in a line's position once the line
//!   has freed it ([`JudgedWalls::settled_wall`]: four liberties), never as a region's
//!   bound. One the judgement calls dead is marked dead like any other
//!   ([`JudgedWalls::dead_string`]): it counts as its captor's only once the ko is over.

use super::{find_kos, grow_region, BasicKo, MAX_JUDGED_REGION_POINTS};
use crate::board::{Board, Cell, Color, Point, MAX_POINTS};
use crate::game::Game;
use crate::score::status::{Basis, Status, StringJudge};
use crate::tactics::local_search::Allowance;
use smallvec::SmallVec;

/// The least share of playouts in which a string's colour must own its points for playout
/// ownership alone to make it a wall.
pub const WALL_CONFIDENCE: f64 = 0.8;

/// Seed of the judgement's playouts (fixed, so a position always gets the same walls).
const SEED: u64 = 0x6b6f_7761_6c6c;

/// The stones judged alive that may bound a region (Benson-alive stones are not listed:
/// they are walls anyway, and exact).
#[derive(Clone, Debug)]
pub struct JudgedWalls {
    /// Per point, the colour of the wall stone judged alive there.
    stones: Vec<Option<Color>>,
    /// Number of points marked.
    count: usize,
    /// The points ever marked (some may have been demoted since), to scan the walls
    /// without scanning the board.
    marked: Vec<Point>,
    /// Per point, the colour judged alive there on a string a ko decides
    /// ([`ko_dependent`]): a wall only once a line has settled it ([`SETTLED_LIBERTIES`]).
    settled_if_free: Vec<Option<Color>>,
    /// Number of points in `settled_if_free`.
    pending: usize,
    /// Per point, the colour of a stone judged dead there beyond reasonable doubt
    /// ([`sure_dead`]) on a string no ko decides, and that string's liberties in the
    /// position read: see [`JudgedWalls::dead_string`].
    dead: Vec<Option<(Color, usize)>>,
    /// Number of points in `dead`.
    dead_count: usize,
    /// The capturing races imagined won ([`JudgedWalls::race_won`]): the string captured.
    races: Vec<Race>,
    /// Per point, the colour of a stone whose string the judgement calls alive once one of
    /// `races` is won, and those races (bit `i` for `races[i]`).
    race_winner: Vec<Option<(Color, u8)>>,
}

/// A string whose capture the judgement was asked about ([`JudgedWalls::race_won`]).
#[derive(Clone, Debug)]
struct Race {
    /// The colour of the string captured.
    color: Color,
    /// Its stones in the position read.
    stones: Vec<Point>,
}

impl Race {
    /// True when the string no longer stands on `board` as it did in the position read: a
    /// point of it holds no stone of its colour, which only its capture can have done.
    fn captured(&self, board: &Board) -> bool {
        let stone = Cell::stone(self.color);
        self.stones.iter().any(|&p| board.cell(p) != stone)
    }
}

/// Most strings whose capture one judgement imagines ([`JudgedWalls::race_won`]), those
/// with the fewest liberties first: each costs the judgement's playouts once more.
pub const MAX_RACES: usize = 4;

/// Points outside a region that a local search also plays (captures and saves of judged
/// walls in atari).
pub type Moves = SmallVec<[Point; 4]>;

/// A judged wall string in atari that a region's scan meets ([`JudgedWalls::moves_outside`]):
/// its colour, its head, its last liberty and where the scan meets it first (the region
/// point's index, then 0 for the point itself or 1 + the neighbour's).
type WallInAtari = (Color, Point, Point, (usize, usize));

/// Each point's place in a region's list of points, to ask it without scanning the list.
#[derive(Clone, Debug, Default)]
pub struct RegionIndex {
    /// Per point of the board: its index in the list, or [`RegionIndex::OUTSIDE`].
    at: Vec<u16>,
}

impl RegionIndex {
    /// The place of a point not in the region.
    const OUTSIDE: u16 = u16::MAX;

    /// The index of `points` (distinct points of one board).
    pub fn new(points: &[Point]) -> RegionIndex {
        let mut at = vec![RegionIndex::OUTSIDE; MAX_POINTS];
        for (i, p) in points.iter().enumerate() {
            at[p.index()] = i as u16;
        }
        RegionIndex { at }
    }

    /// The place of `p` in the region, if it is a region point.
    #[inline]
    pub fn index(&self, p: Point) -> Option<usize> {
        match self.at[p.index()] {
            RegionIndex::OUTSIDE => None,
            i => Some(i as usize),
        }
    }

    /// True when `p` is a region point.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.at[p.index()] != RegionIndex::OUTSIDE
    }
}

/// Liberties at which a string that a ko decided in the position read, and that the
/// judgement calls alive, counts as uncapturable in a line's position: two more than
/// [`KO_DEPENDENT_LIBERTIES`], so that no ko decides it any more, even when one of them is
/// the empty point of a ko (a ko's stone is in atari, and [`ko_dependent`] names the strings
/// around a ko with at most two). The judgement called it alive because its side usually
/// wins the ko in the playouts; once a line has won the ko and the fight around it for that
/// side, that is what the playouts said.
pub const SETTLED_LIBERTIES: usize = KO_DEPENDENT_LIBERTIES + 2;

/// True when a string judged dead on `basis`, its colour owning its points in `share` of
/// the playouts, is dead beyond reasonable doubt: its opponent owned its points in at least
/// [`WALL_CONFIDENCE`] of the playouts. (The confirmation search's "dead" alone is weaker
/// than its "alive": it says the opponent moving first captures the string.)
fn sure_dead(basis: Basis, share: f64) -> bool {
    basis != Basis::Benson && share <= 1.0 - WALL_CONFIDENCE
}

/// True when a string judged alive on `basis`, its colour owning its points in `share` of
/// the playouts, is alive beyond reasonable doubt: by the confirmation search, or by at least
/// [`WALL_CONFIDENCE`] of the playouts (Benson-alive strings are walls anyway, unlisted).
fn sure(basis: Basis, share: f64) -> bool {
    match basis {
        Basis::Search => true,
        Basis::Playouts => share >= WALL_CONFIDENCE,
        Basis::Benson => false,
    }
}

/// Most liberties a string next to a basic ko may have and still be one whose life the ko
/// decides ([`ko_dependent`]).
pub const KO_DEPENDENT_LIBERTIES: usize = 2;

/// True when the string on `p` of `board` is one whose life a basic ko of `kos` decides, and
/// so never a judged wall: it holds the ko's stone (the stone the open player captures); or
/// it has at most [`KO_DEPENDENT_LIBERTIES`] liberties and either one of them is the ko's
/// empty point or it touches the ko's stone (the strings that surround and capture it).
/// Such strings are alive in the judgement's playouts only because their side usually wins
/// the ko: taking them as walls would assume what the classification asks.
pub fn ko_dependent(board: &Board, kos: &[BasicKo], p: Point) -> bool {
    let stones: Vec<Point> = board.string_stones(p).collect();
    let libs = board.liberties(p, KO_DEPENDENT_LIBERTIES + 1);
    let few = libs.len() <= KO_DEPENDENT_LIBERTIES;
    kos.iter().any(|ko| {
        stones.contains(&ko.stone)
            || (few
                && (libs.contains(&ko.empty)
                    || stones
                        .iter()
                        .any(|&s| board.neighbours(s).contains(&ko.stone))))
    })
}

impl JudgedWalls {
    /// No judged walls: regions end only at unconditionally alive strings.
    pub fn none() -> JudgedWalls {
        JudgedWalls {
            stones: vec![None; MAX_POINTS],
            count: 0,
            marked: Vec::new(),
            settled_if_free: vec![None; MAX_POINTS],
            pending: 0,
            dead: vec![None; MAX_POINTS],
            dead_count: 0,
            races: Vec::new(),
            race_winner: vec![None; MAX_POINTS],
        }
    }

    /// The walls of `game`'s position, from a judgement whose confirmation searches spend
    /// half of `allowance` at most (counted there); strings whose life one of the
    /// position's basic kos decides ([`ko_dependent`]) are
    /// left out (marked dead, when judged dead, as any other). Only the strings that the regions of the position's kos meet as they grow
    /// (see [`region_judged`](super::region_judged)) are read with the confirmation search
    /// and can be walls: the others never bound a region, and a 19x19 board has dozens. The
    /// judgement is each string's own, before seki are marked (marking seki needs every
    /// string of the board read): a string in seki judged alive with confidence may be a
    /// wall, since neither side can approach it without giving stones away.
    pub fn judge(game: &Game, allowance: &mut Allowance) -> JudgedWalls {
        allowance.with_part(allowance.nodes / 2, |part| {
            JudgedWalls::judge_spending(game, part)
        })
    }

    /// [`JudgedWalls::judge`] spending all of `allowance`.
    fn judge_spending(game: &Game, allowance: &mut Allowance) -> JudgedWalls {
        let board = game.board();
        let kos = find_kos(board);
        let mut judge = StringJudge::new(game, SEED, allowance.clone());
        let mut walls = JudgedWalls::none();
        // The strings the regions meet, one stone each.
        let mut met: Vec<Point> = Vec::new();
        for &ko in &kos {
            // The growth stops where the classification's would: past the region bound.
            let _ = grow_region(board, ko, MAX_JUDGED_REGION_POINTS, |m| {
                let h = board.string_head(m);
                if !met.contains(&h) {
                    met.push(h);
                }
                let (status, basis) = judge.judge(m);
                if status == Status::Alive && !board.in_atari(m) && sure(basis, judge.share(m)) {
                    if ko_dependent(board, &kos, m) {
                        walls.mark_settled_if_free(board, m);
                    } else {
                        walls.mark(board, m);
                    }
                } else if status == Status::Dead && sure_dead(basis, judge.share(m)) {
                    walls.mark_dead(board, m);
                }
                // The classification's own test: a marked string in atari is no wall there.
                walls.string_holds_wall(board, m)
            });
        }
        *allowance = judge.allowance().clone();
        walls.mark_races(game, &kos, &met);
        walls
    }

    /// Imagines the capture of each of the strings `met` (the strings the kos' regions
    /// meet) that a capturing race may decide, and marks the opponent strings next to it
    /// that the judgement then calls alive beyond reasonable doubt
    /// ([`JudgedWalls::race_won`]).
    ///
    /// A string T is imagined captured when it has at least two stones, holds no ko's
    /// stone and is no wall; at most [`MAX_RACES`] of them, the fewest liberties first.
    /// The position without T, T's side to move (the captor has just taken it), is judged
    /// again with its own playouts (no confirmation search: a capture makes big eyes, which
    /// the playouts read well and the local search slowly). An opponent string next to T
    /// that is no wall, not in atari there, and alive there by Benson's test or in at least
    /// [`WALL_CONFIDENCE`] of the playouts is marked: once a line has captured T and the
    /// string has [`SETTLED_LIBERTIES`] liberties, it is uncapturable.
    fn mark_races(&mut self, game: &Game, kos: &[BasicKo], met: &[Point]) {
        let board = game.board();
        let holds_ko_stone = |p: Point| {
            board
                .string_stones(p)
                .any(|s| kos.iter().any(|k| k.stone == s))
        };
        let winners = |t: Point| -> Vec<Point> {
            let color = board.cell(t).color();
            let mut out: Vec<Point> = Vec::new();
            for s in board.string_stones(t) {
                for n in board.neighbours(s) {
                    if board.cell(n).color().is_some()
                        && board.cell(n).color() != color
                        && met.contains(&board.string_head(n))
                        && !self.holds_wall_stone(board, n)
                        && !out.contains(&board.string_head(n))
                    {
                        out.push(board.string_head(n));
                    }
                }
            }
            out
        };
        let mut targets: Vec<(usize, Point, Vec<Point>)> = met
            .iter()
            .copied()
            .filter(|&t| {
                board.string_size(t) >= 2 && !holds_ko_stone(t) && !self.holds_wall_stone(board, t)
            })
            .map(|t| (board.liberties(t, MAX_POINTS).len(), t, winners(t)))
            .filter(|(_, _, w)| !w.is_empty())
            .collect();
        targets.sort_by_key(|&(libs, t, _)| (libs, t.index()));
        targets.truncate(MAX_RACES);
        for (_, t, winners) in targets {
            let Some(color) = board.cell(t).color() else {
                continue;
            };
            let stones: Vec<Point> = board.string_stones(t).collect();
            let mut after = board.clone();
            for &s in &stones {
                after.remove_setup(s);
            }
            let mut imagined = game.clone();
            imagined.restart_from(after, color);
            let mut judge = StringJudge::new(&imagined, SEED, Allowance::nodes(0));
            let bit = 1u8 << self.races.len();
            let mut any = false;
            for s in winners {
                let (status, basis) = judge.judge(s);
                let sure_now = basis == Basis::Benson || sure(basis, judge.share(s));
                if status != Status::Alive || !sure_now || imagined.board().in_atari(s) {
                    continue;
                }
                any = true;
                tracing::debug!(
                    captured = %board.vertex(t),
                    winner = %board.vertex(s),
                    share = judge.share(s),
                    "a race won makes a string alive"
                );
                let winner = board.cell(s).color().expect("a stone");
                for x in board.string_stones(s) {
                    let mask = self.race_winner[x.index()].map_or(0, |(_, m)| m);
                    self.race_winner[x.index()] = Some((winner, mask | bit));
                }
            }
            if any {
                self.races.push(Race { color, stones });
            }
        }
    }

    /// True when the string on `p` of `board` holds a stone, of the colour standing there,
    /// of a string that the judgement called alive once a string next to it in the
    /// position read is captured ([`JudgedWalls::mark_races`]), the line has captured that
    /// string, and it has [`SETTLED_LIBERTIES`] liberties: the capturing race is won, and the
    /// captor's eyes are the judgement's.
    pub fn race_won(&self, board: &Board, p: Point) -> bool {
        // Usually no race is won in a line's position: the cheap test first.
        let won = self
            .races
            .iter()
            .enumerate()
            .filter(|(_, r)| r.captured(board))
            .fold(0u8, |m, (i, _)| m | 1 << i);
        if won == 0 {
            return false;
        }
        board.string_stones(p).any(|s| {
            self.race_winner[s.index()]
                .is_some_and(|(c, m)| m & won != 0 && board.cell(s) == Cell::stone(c))
        }) && board.liberty_count(p, SETTLED_LIBERTIES) >= SETTLED_LIBERTIES
    }

    /// Marks the string on `p` of `board` as judged dead beyond reasonable doubt.
    fn mark_dead(&mut self, board: &Board, p: Point) {
        let Some(color) = board.cell(p).color() else {
            return;
        };
        let libs = board.liberties(p, MAX_POINTS).len();
        for s in board.string_stones(p) {
            if self.dead[s.index()].is_none() {
                self.dead_count += 1;
            }
            self.dead[s.index()] = Some((color, libs));
        }
    }

    /// True when the string on `p` of `board` holds a stone judged dead beyond reasonable
    /// doubt in the position read, of the colour standing there, has no more liberties
    /// than that stone's string had there, and holds no wall stone. Its opponent counts its
    /// points as its own once every opponent string next to it is uncapturable
    /// ([`has_uncapturable_life_judged`](super::has_uncapturable_life_judged)): it can then
    /// neither capture its way out nor gain liberties, and, as the judgement found, it
    /// makes no two eyes.
    pub fn dead_string(&self, board: &Board, p: Point) -> bool {
        if self.dead_count == 0 {
            return false;
        }
        let Some(libs) = board.string_stones(p).find_map(|s| {
            self.dead[s.index()]
                .filter(|&(c, _)| board.cell(s) == Cell::stone(c))
                .map(|(_, libs)| libs)
        }) else {
            return false;
        };
        let counted = if libs < crate::board::MAX_COUNTED_LIBERTIES {
            board.liberty_count(p, libs + 1)
        } else {
            board.liberties(p, libs + 1).len()
        };
        counted <= libs && !self.holds_wall_stone(board, p)
    }

    /// Marks the string on `p` of `board` as a wall of its colour.
    fn mark(&mut self, board: &Board, p: Point) {
        let color = board.cell(p).color();
        for s in board.string_stones(p) {
            if self.stones[s.index()].is_none() {
                self.count += 1;
                self.marked.push(s);
            }
            self.stones[s.index()] = color;
        }
    }

    /// Marks the string on `p` of `board`, judged alive but decided by a ko, as a wall of
    /// its colour in the positions where it has [`SETTLED_LIBERTIES`] liberties.
    fn mark_settled_if_free(&mut self, board: &Board, p: Point) {
        let color = board.cell(p).color();
        for s in board.string_stones(p) {
            if self.settled_if_free[s.index()].is_none() {
                self.pending += 1;
            }
            self.settled_if_free[s.index()] = color;
        }
    }

    /// True when the string on `p` of `board` holds a stone judged alive on a string a ko
    /// decided in the position read, of the colour standing there, and has
    /// [`SETTLED_LIBERTIES`] liberties: the ko no longer decides it.
    pub fn settled_wall(&self, board: &Board, p: Point) -> bool {
        self.pending > 0
            // Each liberty counts at most four times among the pseudo-liberties.
            && board.pseudo_liberties(p) >= SETTLED_LIBERTIES
            && board.string_stones(p).any(|s| {
                self.settled_if_free[s.index()].is_some_and(|c| board.cell(s) == Cell::stone(c))
            })
            && board.liberty_count(p, SETTLED_LIBERTIES) >= SETTLED_LIBERTIES
    }

    /// One stone of each string of `region` on `board` that holds a stone judged alive on
    /// a string a ko decided ([`JudgedWalls::settled_wall`] may count it as a wall in a
    /// line), a stone judged alive once a race is won ([`JudgedWalls::race_won`]) or a stone
    /// judged dead ([`JudgedWalls::dead_string`]): an answer that rests on
    /// one rests on the judgement.
    pub fn settled_candidates(&self, board: &Board, region: &[Point]) -> Vec<Point> {
        let mut out: Vec<Point> = Vec::new();
        if self.pending == 0 && self.dead_count == 0 && self.races.is_empty() {
            return out;
        }
        for &p in region {
            let settled =
                self.settled_if_free[p.index()].is_some_and(|c| board.cell(p) == Cell::stone(c));
            let dead = self.dead[p.index()].is_some_and(|(c, _)| board.cell(p) == Cell::stone(c));
            let race =
                self.race_winner[p.index()].is_some_and(|(c, _)| board.cell(p) == Cell::stone(c));
            if settled || dead || race {
                let h = board.string_head(p);
                if !out.contains(&h) {
                    out.push(h);
                }
            }
        }
        out
    }

    /// Walls on the given stones' strings of `board` (for tests and for callers with their
    /// own judgement).
    pub fn from_strings(board: &Board, stones: &[Point]) -> JudgedWalls {
        let mut walls = JudgedWalls::none();
        for &p in stones {
            walls.mark(board, p);
        }
        walls
    }

    /// True when the stone on `p` of `board` is a judged wall stone: the point was marked
    /// and a stone of the colour judged alive there stands on it.
    pub fn contains(&self, board: &Board, p: Point) -> bool {
        self.stones[p.index()].is_some_and(|c| board.cell(p) == Cell::stone(c))
    }

    /// True when the string on `p` of `board` holds a judged wall stone ([`contains`]),
    /// whatever its liberties: a capture of it is a capture of a judged wall.
    ///
    /// [`contains`]: JudgedWalls::contains
    pub fn holds_wall_stone(&self, board: &Board, p: Point) -> bool {
        self.count > 0 && board.string_stones(p).any(|s| self.contains(board, s))
    }

    /// True when the string on `p` of `board` counts as a wall there: it holds a judged wall
    /// stone and is not in atari (a wall string in atari could be captured at once).
    pub fn string_holds_wall(&self, board: &Board, p: Point) -> bool {
        !board.in_atari(p) && self.holds_wall_stone(board, p)
    }

    /// True when the judgement makes the string on `p` of `board` uncapturable in a line's
    /// position: it counts as a wall there ([`JudgedWalls::string_holds_wall`]), or it is a
    /// string judged alive that a ko decided in the position read and that the line has
    /// freed ([`JudgedWalls::settled_wall`]). Regions are bounded by the walls alone.
    pub fn string_uncapturable(&self, board: &Board, p: Point) -> bool {
        self.string_holds_wall(board, p) || self.settled_wall(board, p) || self.race_won(board, p)
    }

    /// The moves outside `region` that `color` to move plays besides the region's points,
    /// each list in the order a scan of the region's points meets the strings (each point,
    /// then its neighbours), one point each:
    /// - the captures of the opponent's judged wall strings in atari that touch `region` (on
    ///   it or next to it), at their last liberty outside `region`: the local search plays
    ///   them too, since such a capture shows the wall can die;
    /// - the saves of `color`'s own judged wall strings in atari that touch `region`: each
    ///   such string's last liberty when it lies outside `region` (one inside is a candidate
    ///   anyway). An opponent's atari on a wall is answered as a player would answer it, by
    ///   extending, rather than leaving the wall to be taken.
    ///
    /// The strings are found from the marked stones, not by scanning the region: usually
    /// there is none.
    pub fn moves_outside(
        &self,
        board: &Board,
        region: &RegionIndex,
        color: Color,
    ) -> (Moves, Moves) {
        // The wall strings in atari with their last liberty outside the region.
        let mut met: SmallVec<[WallInAtari; 4]> = SmallVec::new();
        let mut last = Point::PASS;
        for &p in &self.marked {
            let Some(owner) = self.stones[p.index()] else {
                continue;
            };
            if board.cell(p) != Cell::stone(owner) {
                continue;
            }
            // The marked stones of a string mostly stand together in the list: a string
            // read for the stone before is not read again.
            let head = board.string_head(p);
            if head == last {
                continue;
            }
            last = head;
            if !board.in_atari(p) || met.iter().any(|&(_, h, _, _)| h == head) {
                continue;
            }
            let lib = board.atari_liberty(p);
            if region.contains(lib) {
                continue;
            }
            let mut first = None;
            for s in board.string_stones(p) {
                let here = region.index(s).map(|i| (i, 0));
                // `s` is the neighbour `3 - k` of its own neighbour `k`.
                let near = board
                    .neighbours(s)
                    .into_iter()
                    .enumerate()
                    .filter_map(|(k, x)| region.index(x).map(|i| (i, 4 - k)));
                first = here.into_iter().chain(near).chain(first).min();
            }
            if let Some(first) = first {
                met.push((owner, head, lib, first));
            }
        }
        let (mut captures, mut saves) = (Moves::new(), Moves::new());
        if met.is_empty() {
            return (captures, saves);
        }
        met.sort_unstable_by_key(|&(_, _, _, first)| first);
        for (owner, _, lib, _) in met {
            let out = if owner == color {
                &mut saves
            } else {
                &mut captures
            };
            if !out.contains(&lib) {
                out.push(lib);
            }
        }
        (captures, saves)
    }

    /// The rim of `region` (the region of a ko of `board`, `index` its index) for a reading
    /// with these walls: the empty points just outside the region where a string's last
    /// liberty may come to lie in a line. A play on a rim point is read when it is the last
    /// liberty of a string in atari, by either side: the capture, or the escape. Two kinds:
    /// - each empty point next to a region point: a string that grows onto that region
    ///   point gains it as a liberty, which no play of the region could fill (the string
    ///   would be uncapturable only because the reading stops at the region's edge);
    /// - the one liberty outside the region of a string next to a wall of the region
    ///   (standing outside the region, all its other liberties in it, if any): the wall's
    ///   owner may take it to give the wall room, as Black takes a White string in atari
    ///   next to its wall before filling the liberties the wall shares with the group it
    ///   attacks.
    ///
    /// None when there are no walls: an exact region ends at unconditionally alive strings,
    /// as the definitions say.
    pub fn rim(&self, board: &Board, region: &[Point], index: &RegionIndex) -> Vec<Point> {
        let mut rim: Vec<Point> = Vec::new();
        if self.is_empty() {
            return rim;
        }
        let push = |p: Point, rim: &mut Vec<Point>| {
            if !rim.contains(&p) {
                rim.push(p);
            }
        };
        let mut seen: Vec<Point> = Vec::new();
        for &r in region {
            for w in board.neighbours(r) {
                match board.cell(w) {
                    Cell::Empty if !index.contains(w) => push(w, &mut rim),
                    Cell::Black | Cell::White if !index.contains(w) => {
                        let head = board.string_head(w);
                        if seen.contains(&head) || !self.holds_wall_stone(board, w) {
                            continue;
                        }
                        seen.push(head);
                        let owner = board.cell(w);
                        for s in board.string_stones(w) {
                            for x in board.neighbours(s) {
                                let c = board.cell(x);
                                if c == owner || c.color().is_none() || index.contains(x) {
                                    continue;
                                }
                                let h = board.string_head(x);
                                if seen.contains(&h) {
                                    continue;
                                }
                                seen.push(h);
                                let mut outside = board
                                    .liberties(x, MAX_POINTS)
                                    .into_iter()
                                    .filter(|&l| !index.contains(l));
                                if let (Some(l), None) = (outside.next(), outside.next()) {
                                    push(l, &mut rim);
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        rim
    }

    /// Unmarks the wall that the stone on `p` belonged to when a line captured it: the
    /// whole string on `p` of `board` (the position read) when a stone of the marked colour
    /// stands there, else the point alone. False when `p` was not marked.
    pub fn demote(&mut self, board: &Board, p: Point) -> bool {
        let Some(color) = self.stones[p.index()].take() else {
            return false;
        };
        self.count -= 1;
        if board.cell(p) == Cell::stone(color) {
            for s in board.string_stones(p) {
                if self.stones[s.index()].take().is_some() {
                    self.count -= 1;
                }
            }
        }
        true
    }

    /// True when there are no judged walls and no strings judged dead.
    pub fn is_empty(&self) -> bool {
        self.count == 0 && self.dead_count == 0 && self.races.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;
    use crate::ko_types::{answer_all_judged, has_uncapturable_life_judged, Cutoff, Role, Target};
    use crate::ko_types::{Answer, BasicKo};
    use crate::rules::Ruleset;

    /// More nodes than any of these readings needs.
    fn plenty() -> Allowance {
        Allowance::nodes(10 * crate::ko_types::DEFAULT_NODES)
    }

    fn pt(b: &Board, v: &str) -> Point {
        b.point(Coord::parse_gtp(v, b.size()).unwrap())
    }

    /// A 9x9 board with Black stones on `black` and White stones on `white`.
    fn setup(black: &[&str], white: &[&str]) -> Board {
        let mut b = Board::new(9);
        for (stones, color) in [(black, Color::Black), (white, Color::White)] {
            for v in stones {
                b.place_setup(pt(&b, v), color);
            }
        }
        b
    }

    /// White's ko stone B1 in the corner (Black captures on A1), next to White's A2
    /// (liberties A1, A3) and Black's B2-C2-C1.
    fn corner_ko() -> Board {
        setup(&["B2", "C2", "C1"], &["A2", "B1"])
    }

    /// The position of a corpus game after its first `moves` moves (as `loadsgf FILE
    /// moves+1`).
    fn corpus(file: &str, moves: usize) -> Game {
        let path = format!(
            "{}/../engine-tests/ko-corpus/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let record = crate::sgf::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        Game::from_sgf(
            &record,
            Ruleset::default(),
            7.0,
            Some(moves + 1),
            crate::testkit::pass_judge(),
        )
        .unwrap()
    }

    /// The `ko-classify` report of the ko at `vertex` in `game`'s position, read with the
    /// default classifier.
    fn report_at(game: &Game, vertex: &str) -> crate::ko_types::KoReport {
        let b = game.board();
        let ko = crate::ko_types::ko_at(b, pt(b, vertex)).expect("a ko there");
        crate::ko_types::Classifier::default().classify(
            game,
            ko,
            crate::ko_types::Questions::Report,
        )
    }

    /// A centre ko (Black captures on E5, White's stone D5) with only White's ko stone
    /// marked as a wall.
    fn centre_ko() -> (Board, BasicKo, JudgedWalls) {
        let b = setup(&["D6", "C5", "D4"], &["E6", "D5", "F5", "E4"]);
        let ko = crate::ko_types::find_kos(&b)[0];
        let walls = JudgedWalls::from_strings(&b, &[pt(&b, "D5")]);
        (b, ko, walls)
    }

    /// A mark carries its colour: after Black's capture on E5 and connection on D5, Black's
    /// stone on White's wall point D5 is no wall, so Black's string there is not
    /// uncapturable by the judgement (it was, when marks were points).
    #[test]
    fn a_wall_point_holds_only_its_colour() {
        let (b, ko, walls) = centre_ko();
        let d5 = pt(&b, "D5");
        assert!(walls.contains(&b, d5));
        let mut c = b.clone();
        c.play(ko.empty, Color::Black);
        c.clear_ko();
        c.play(d5, Color::Black);
        assert!(!walls.contains(&c, d5));
        assert!(!walls.holds_wall_stone(&c, d5));
        assert!(!has_uncapturable_life_judged(
            &c,
            Color::Black,
            &[ko.empty, ko.stone],
            &walls
        ));
    }

    /// White's ko stone B1 in the corner, next to White's wall A2 (liberties A1, A3) and
    /// Black's wall B2-C2-C1. White connecting on A1 would leave A1-A2-B1, which holds the
    /// wall A2, with the one liberty A3 outside the region: the goal test must not count that
    /// string, and the search does not play the connection (a wall's owner never fills its
    /// own wall's liberties down to one). So White, closed, cannot make the ko uncapturable:
    /// no. Black's capture on A1 puts the wall A2 in atari; a line in which Black then takes
    /// it on A3 ends unknown, and the questions it leaves unknown say `reason=wall`.
    #[test]
    fn a_wall_string_left_in_atari_is_no_wall() {
        let b = corner_ko();
        let ko = crate::ko_types::find_kos(&b)[0];
        assert_eq!((ko.empty, ko.stone), (pt(&b, "A1"), pt(&b, "B1")));
        let walls = JudgedWalls::from_strings(&b, &[pt(&b, "A2"), pt(&b, "B2")]);
        let mut c = b.clone();
        c.play(ko.empty, Color::White);
        assert!(c.in_atari(ko.empty));
        assert!(walls.holds_wall_stone(&c, ko.empty));
        assert!(!walls.string_holds_wall(&c, ko.empty));
        assert!(!has_uncapturable_life_judged(
            &c,
            Color::White,
            &[ko.empty, ko.stone],
            &walls
        ));
        let read = answer_all_judged(
            &b,
            ko,
            &walls,
            &mut plenty(),
            crate::ko_types::Questions::All,
        );
        let (answers, cutoff) = (read.answers, read.cutoff);
        assert_eq!(
            answers.get(Color::White, Role::Closed, Target::Ko),
            Answer::No
        );
        assert_eq!(cutoff, Some(Cutoff::Wall));
    }

    /// A judged ko's forcing line is read with its walls (it was empty, the region being
    /// read with none): in the centre ko with the six strings around it as walls, Black,
    /// open, takes on E5, White may not retake at once and passes, and Black connects on D5.
    #[test]
    fn a_judged_ko_has_a_forcing_line() {
        let b = setup(&["D6", "C5", "D4"], &["E6", "D5", "F5", "E4"]);
        let ko = crate::ko_types::find_kos(&b)[0];
        let around = ["D6", "C5", "D4", "E6", "F5", "E4"].map(|v| pt(&b, v));
        let walls = JudgedWalls::from_strings(&b, &around);
        let line = crate::ko_types::solver::forcing_line(
            &b,
            ko,
            Color::Black,
            Target::Ko,
            &walls,
            &mut plenty(),
        );
        assert_eq!(line, [pt(&b, "E5"), Point::PASS, pt(&b, "D5")]);
    }

    /// A wall capture in a line no answer needs leaves the answer known: in
    /// `koan-gnugo-9x9-002` after move 79 (the ko J3/J2, Black open), White's play on G6
    /// puts Black's walls G5 and F6-F7 in atari together; Black saves them on F5, and only
    /// a line in which Black does not lets White take them. That line ends unknown and
    /// White's answers are still no (they were unknown, `reason=wall`, while any wall
    /// capture anywhere in the tree made the whole question unknown).
    #[test]
    fn a_wall_capture_no_answer_needs_leaves_the_answer_known() {
        let game = corpus("9x9/koan-gnugo-9x9-002.sgf", 79);
        let b = game.board();
        let ko = crate::ko_types::find_kos(b)[0];
        assert_eq!(ko.empty, pt(b, "J3"));
        let walls = JudgedWalls::judge(&game, &mut plenty());
        assert!(walls.contains(b, pt(b, "G5")) && walls.contains(b, pt(b, "F7")));
        let answers = answer_all_judged(
            b,
            ko,
            &walls,
            &mut plenty(),
            crate::ko_types::Questions::All,
        )
        .answers;
        for role in [Role::Open, Role::Closed] {
            for target in [Target::Ko, Target::Locale] {
                assert_eq!(answers.get(Color::White, role, target), Answer::No);
            }
        }
        assert!(matches!(
            answers.get(Color::Black, Role::Open, Target::Ko),
            Answer::Yes(_)
        ));
    }

    /// The strings a ko decides: the ko's stone, a string of at most two liberties with a
    /// liberty on the ko's empty point or touching the ko's stone; not a string of more
    /// liberties touching the ko's stone.
    #[test]
    fn ko_dependent_strings() {
        let b = corner_ko();
        let kos = crate::ko_types::find_kos(&b);
        let dependent = |v| ko_dependent(&b, &kos, pt(&b, v));
        assert!(dependent("B1"));
        assert!(dependent("A2"));
        assert!(!dependent("B2"));
        let mut c = b.clone();
        c.place_setup(pt(&c, "B3"), Color::White);
        c.place_setup(pt(&c, "C3"), Color::White);
        // B2-C2-C1 now has the two liberties D2, D1 and touches the ko stone B1.
        let kos = crate::ko_types::find_kos(&c);
        assert!(ko_dependent(&c, &kos, pt(&c, "C2")));
    }

    /// In corpus positions the judgement called the ko's own stone, and stones whose life
    /// the ko decides, alive: J5 of `koan-pachi-9x9-007` after move 47 (the ko J6/J5), B9
    /// and A8 of `koan-gnugo-9x9-006` after move 70 (the ko A9/B9). They are no walls now.
    #[test]
    fn the_kos_own_strings_are_not_judged_walls() {
        for (file, moves, points) in [
            ("9x9/koan-pachi-9x9-007.sgf", 47, &["J5"][..]),
            ("9x9/koan-gnugo-9x9-006.sgf", 70, &["B9", "A8"][..]),
        ] {
            let game = corpus(file, moves);
            let b = game.board();
            let walls = JudgedWalls::judge(&game, &mut plenty());
            assert!(!walls.is_empty(), "{file}: some wall is judged");
            for v in points {
                assert!(
                    b.cell(pt(b, v)).color().is_some() && !walls.contains(b, pt(b, v)),
                    "{file}:{moves} {v} is judged a wall"
                );
            }
        }
    }

    /// A string in atari is no wall, however sure the judgement: in `koan-gnugo-19x19-002`
    /// after move 330 (the ko M1/L1, White open) Black's T2 is in atari (liberty T1) and
    /// Black owns it in 83% of the playouts. Marked as a wall, White's capture of it ended
    /// lines unknown and Black's closed question on the ko was unknown (`reason=wall`);
    /// unmarked, the ko is a fighting ko with both players closed killers.
    #[test]
    fn a_string_in_atari_is_no_judged_wall() {
        let game = corpus("19x19/koan-gnugo-19x19-002.sgf", 330);
        let b = game.board();
        let t2 = pt(b, "T2");
        assert!(b.cell(t2) == Cell::stone(Color::Black) && b.in_atari(t2));
        let walls = JudgedWalls::judge(&game, &mut plenty());
        assert!(!walls.is_empty());
        assert!(!walls.contains(b, t2));
        let ko = crate::ko_types::ko_at(b, pt(b, "M1")).expect("the ko M1/L1");
        let report = crate::ko_types::classify_judged(
            b,
            ko,
            &walls,
            &mut plenty(),
            crate::ko_types::Questions::Report,
        );
        assert_eq!(report.ko_type, crate::ko_types::KoType::Fighting);
        assert_eq!(report.closed_killers, Color::BOTH);
    }

    /// A string a ko decides, judged alive, is uncapturable once a line has freed it: in
    /// `koan-pachi-9x9-009` after move 44 (the ko E9/D9, White open) Black's centre group
    /// E8-G6 (liberties E9 and H6) races White's G8-J7 group (the liberty H9). Black's
    /// capture on H9 gives the centre group five liberties: it no longer hangs on the ko,
    /// and the judgement calls it alive. Black's closed question then needs a few thousand
    /// nodes instead of half a million, and within the default budget the ko is a fighting
    /// ko, as db723d5 read it with its one second (it was unknown).
    #[test]
    fn a_string_a_ko_decided_is_a_wall_once_a_line_frees_it() {
        let game = corpus("9x9/koan-pachi-9x9-009.sgf", 44);
        let b = game.board();
        let e8 = pt(b, "E8");
        let walls = JudgedWalls::judge(&game, &mut plenty());
        assert!(!walls.contains(b, e8));
        assert!(!walls.string_uncapturable(b, e8));
        let mut c = b.clone();
        c.play(pt(b, "H9"), Color::Black);
        assert!(c.liberties(e8, SETTLED_LIBERTIES).len() >= SETTLED_LIBERTIES);
        assert!(walls.settled_wall(&c, e8));
        let report = report_at(&game, "E9");
        assert_eq!(report.ko_type, crate::ko_types::KoType::Fighting);
        assert_eq!(report.basis(), "judged");
    }

    /// A judged wall that a line the answers need captures is read again as an ordinary
    /// stone: in `koan-pachi-9x9-016` after move 63 (the ko C1/B1, White open) Black's G1
    /// (liberties G2, H1, next to White's F1-F2-E2) is judged alive, and White's captures of
    /// it leave a closed killer's locale unknown (`reason=wall`). Demoted, the region takes
    /// it in and the ko is an internal fighting ko.
    #[test]
    fn a_wall_the_answers_capture_is_read_again_as_a_stone() {
        let game = corpus("9x9/koan-pachi-9x9-016.sgf", 63);
        let b = game.board();
        let ko = crate::ko_types::ko_at(b, pt(b, "C1")).expect("the ko C1/B1");
        let g1 = pt(b, "G1");
        let judged = JudgedWalls::judge(&game, &mut plenty());
        assert!(judged.contains(b, g1));
        let questions = crate::ko_types::Questions::Report;
        let first = crate::ko_types::classify_judged(b, ko, &judged, &mut plenty(), questions);
        assert_eq!(first.cutoff, Some(Cutoff::Wall));
        assert_eq!(first.location, crate::ko_types::Location::Unknown);
        assert!(!first.walls_taken.is_empty());
        let mut walls = Some(judged);
        let report =
            crate::ko_types::classify_in_game(&game, ko, &mut plenty(), &mut walls, questions);
        assert_eq!(report.ko_type, crate::ko_types::KoType::Fighting);
        assert_eq!(report.location, crate::ko_types::Location::Internal);
        assert_eq!(report.demoted_walls, [g1]);
        assert!(!walls.expect("judged").contains(b, g1));
    }

    /// A string judged dead counts as its captor's once every captor string next to it is
    /// uncapturable with two liberties of its own: Black's B1-B2 (liberties A1, A2) inside
    /// White's judged wall A3-C3-C1. When Black also holds D2 to D4 and the wall's only
    /// liberty apart from A2 is D1, White cannot fill A2 without putting its wall in atari
    /// (a seki or a race, not a dead string), and the goal is not reached.
    #[test]
    fn a_dead_string_is_its_captors_once_they_are_uncapturable() {
        let white = ["A3", "B3", "C3", "C2", "C1"];
        let open = setup(&["B1", "B2"], &white);
        let short = setup(&["B1", "B2", "A4", "B4", "C4", "D4", "D3", "D2"], &white);
        for (b, reached) in [(open, true), (short, false)] {
            let goal = [pt(&b, "B2"), pt(&b, "C2")];
            let mut walls = JudgedWalls::from_strings(&b, &[pt(&b, "C3")]);
            assert!(!has_uncapturable_life_judged(
                &b,
                Color::White,
                &goal,
                &walls
            ));
            walls.mark_dead(&b, pt(&b, "B1"));
            assert!(walls.dead_string(&b, pt(&b, "B2")));
            assert_eq!(
                has_uncapturable_life_judged(&b, Color::White, &goal, &walls),
                reached
            );
        }
    }

    /// In `koan-pachi-9x9-010` after move 75 (the ko F1/G1, Black open) White's D1-E1-E2-F2
    /// on the ko's locale is judged dead: Black's locale needs its capture, a race with
    /// White's dead centre group read over most of the board; with the dead string counted
    /// as Black's once Black's strings around it are uncapturable, the dead ko is internal.
    #[test]
    fn a_dead_string_on_the_locale_settles_the_location() {
        let game = corpus("9x9/koan-pachi-9x9-010.sgf", 75);
        let b = game.board();
        let walls = JudgedWalls::judge(&game, &mut plenty());
        assert!(walls.dead_string(b, pt(b, "E1")));
        let report = report_at(&game, "F1");
        assert_eq!(report.ko_type, crate::ko_types::KoType::DeadKo);
        assert_eq!(report.location, crate::ko_types::Location::Internal);
        assert_eq!(report.basis(), "judged");
    }

    /// In `koan-gnugo-9x9-006` after move 78 (the ko A9/B9, White open) Black's closed
    /// locale (take White's centre group, B8 and C9 among its stones) has a root move that
    /// spends most of the reading without being settled; read alone in its order, it left
    /// the question, and the location, unknown. Read together once that move has spent its
    /// part, the root's moves settle it: Black is a strong killer too, the fighting ko
    /// internal.
    #[test]
    fn a_root_move_dear_to_read_leaves_the_rest_to_the_root_read_together() {
        let game = corpus("9x9/koan-gnugo-9x9-006.sgf", 78);
        let report = report_at(&game, "A9");
        assert_eq!(report.ko_type, crate::ko_types::KoType::Fighting);
        assert_eq!(report.location, crate::ko_types::Location::Internal);
        assert_eq!(report.strong_killers, vec![Color::Black, Color::White]);
    }

    /// In `koan-gnugo-9x9-006` after move 89 (the ko B9/A9, Black open) the region closes at
    /// unconditionally alive strings and the dead ko is read exactly, but Black's locale
    /// holds White's B8 and C9, stones of White's centre group, which Black captures in a
    /// race read over most of the board. With all but an eighth of what the type's
    /// questions left, the exact reading leaves the location open; read again with judged
    /// walls (the centre group judged dead), the dead ko is internal.
    #[test]
    fn an_open_location_of_an_exact_reading_is_read_again_with_judged_walls() {
        let game = corpus("9x9/koan-gnugo-9x9-006.sgf", 89);
        let b = game.board();
        let ko = crate::ko_types::ko_at(b, pt(b, "B9")).expect("the ko B9/A9");
        assert!(crate::ko_types::region(b, ko).is_some());
        let report = report_at(&game, "B9");
        assert_eq!(report.ko_type, crate::ko_types::KoType::DeadKo);
        assert_eq!(report.location, crate::ko_types::Location::Internal);
        assert_eq!(report.basis(), "judged");
    }

    /// In `koan-gnugo-9x9-006` after move 72 (the ko A9/B9, White open) White's centre
    /// group B8-C9-D7-E4 is judged dead: it races Black's A5-A8 string, whose liberties are
    /// A4 and the ko's empty point A9. White, the ko closed for it, captures on A9 and then
    /// takes the eight stones with A4; its group then encloses the top left corner (GNU Go's
    /// `dragon_status C9` there: alive). Imagined without Black's string, the judgement
    /// calls the group alive, so once a line has captured the string the group is
    /// uncapturable, and White's closed question, which read two million nodes without
    /// settling, is a yes at once: a fighting ko.
    #[test]
    fn a_string_that_wins_its_race_is_uncapturable() {
        let game = corpus("9x9/koan-gnugo-9x9-006.sgf", 72);
        let b = game.board();
        let c9 = pt(b, "C9");
        let walls = JudgedWalls::judge(&game, &mut plenty());
        assert!(!walls.string_uncapturable(b, c9));
        // The race lost: Black's A5-A8 is not marked as alive once C9's group is taken,
        // and White's group does not count before it has taken the string.
        let mut c = b.clone();
        c.play(pt(b, "A9"), Color::White);
        assert!(!walls.race_won(&c, c9));
        c.play(pt(b, "A4"), Color::White);
        assert_eq!(c.cell(pt(b, "A8")), Cell::Empty);
        assert!(walls.race_won(&c, c9));
        assert!(walls.string_uncapturable(&c, c9));
        let report = report_at(&game, "A9");
        assert_eq!(report.ko_type, crate::ko_types::KoType::Fighting);
        assert_eq!(report.basis(), "judged");
    }

    /// Only strings of two stones or more that hold no ko's stone are imagined captured (a
    /// ko's stone is taken by the flip of the roles, a lone stone by any atari), and a
    /// race's winner counts only while it has four liberties: in `koan-gnugo-9x9-006` after
    /// move 72, no race takes Black's ko stone B9, each imagined capture is of a string of
    /// two stones or more, and White's centre group, once it has taken Black's A5-A8, is
    /// no longer uncapturable when its liberties are filled down to three.
    #[test]
    fn races_are_read_only_where_a_capture_decides() {
        let game = corpus("9x9/koan-gnugo-9x9-006.sgf", 72);
        let b = game.board();
        let walls = JudgedWalls::judge(&game, &mut plenty());
        assert!(!walls.races.is_empty());
        for race in &walls.races {
            assert!(race.stones.len() >= 2);
            assert!(!race.stones.contains(&pt(b, "B9")));
        }
        let c9 = pt(b, "C9");
        let mut c = b.clone();
        c.play(pt(b, "A9"), Color::White);
        c.play(pt(b, "A4"), Color::White);
        assert!(walls.race_won(&c, c9));
        // Fill the group's liberties (Black's stones placed, as a test may) down to three.
        let mut libs: Vec<Point> = c.liberties(c9, MAX_POINTS).to_vec();
        libs.sort_by_key(|p| p.index());
        for &l in &libs[3..] {
            c.place_setup(l, Color::Black);
        }
        assert_eq!(c.liberties(c9, MAX_POINTS).len(), 3);
        assert!(!walls.race_won(&c, c9));
    }

    /// In `koan-gnugo-9x9-006` after move 80 (the ko A9/B9, White open) White's centre
    /// group is dead (GNU Go: `owl_defend C9` fails even with White to move): Black
    /// takes White's top right with H8, a point outside the region (White's string there
    /// touches only Black's walls F7 and E9), and then fills the liberties its wall F7
    /// shares with the centre group. With H8 on the region's rim Black's closed locale is
    /// a yes, the ko an internal fighting ko (it was external, from a "no" that rested on
    /// H8 being out of reach). The points next to the region's empty ones (G1, next to
    /// F1) are on the rim too; an exact reading has none.
    #[test]
    fn a_last_liberty_just_outside_the_region_is_read() {
        let game = corpus("9x9/koan-gnugo-9x9-006.sgf", 80);
        let b = game.board();
        let ko = crate::ko_types::ko_at(b, pt(b, "A9")).unwrap();
        let walls = JudgedWalls::judge(&game, &mut plenty());
        let (region, _) = crate::ko_types::region_judged(b, ko, &walls).unwrap();
        let index = RegionIndex::new(&region);
        let rim = walls.rim(b, &region, &index);
        for v in ["H8", "G1"] {
            assert!(!index.contains(pt(b, v)), "{v} outside the region");
            assert!(rim.contains(&pt(b, v)), "{v} on the rim");
        }
        assert!(JudgedWalls::none().rim(b, &region, &index).is_empty());
        let report = report_at(&game, "A9");
        assert_eq!(report.ko_type, crate::ko_types::KoType::Fighting);
        assert_eq!(report.location, crate::ko_types::Location::Internal);
        assert!(report.strong_killers.contains(&Color::Black));
    }

    /// A string judged dead that a ko decides is marked too: in `koan-gnugo-9x9-006` after
    /// move 83 (the ko A9/B9, White open), White's centre group has two liberties and
    /// touches Black's ko stone B9, and it is dead (GNU Go: `owl_defend C9` fails). It
    /// counts as Black's only once every Black string next to it is uncapturable, the ko
    /// stone's included, which is when the ko no longer decides it: Black, the ko closed
    /// for it, connects on A9, joins its left side to its wall with A4 and saves E1 with
    /// F1, and its closed locale is a yes; the ko is internal (it was unknown: the question
    /// had to read the capture of nineteen stones and the life in their place).
    #[test]
    fn a_dead_string_a_ko_decides_is_its_captors_once_the_ko_is_won() {
        let game = corpus("9x9/koan-gnugo-9x9-006.sgf", 83);
        let b = game.board();
        let c9 = pt(b, "C9");
        let kos = find_kos(b);
        assert!(ko_dependent(b, &kos, c9));
        let walls = JudgedWalls::judge(&game, &mut plenty());
        assert!(walls.dead_string(b, c9));
        // With the ko stone B9 standing alone, the group does not count as Black's.
        let goal: Vec<Point> = ["A9", "B9", "A8", "C9", "B8"]
            .iter()
            .map(|v| pt(b, v))
            .collect();
        let mut c = b.clone();
        c.play(pt(b, "F1"), Color::Black);
        c.play(pt(b, "A4"), Color::Black);
        assert!(!has_uncapturable_life_judged(
            &c,
            Color::Black,
            &goal,
            &walls
        ));
        c.play(pt(b, "A9"), Color::Black);
        assert!(has_uncapturable_life_judged(
            &c,
            Color::Black,
            &goal,
            &walls
        ));
        let report = report_at(&game, "A9");
        assert_eq!(report.ko_type, crate::ko_types::KoType::Fighting);
        assert_eq!(report.location, crate::ko_types::Location::Internal);
        assert!(report.strong_killers.contains(&Color::Black));
    }
}
