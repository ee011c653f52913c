//! Reading a small endgame out to the end of the game, move by move, under the game's ko rule.
//!
//! Near the end of a game only a few points may still be open: a ko, a seki, a last dame,
//! the rest of the board held by strings that cannot be captured (Benson) and the small
//! regions they enclose. There a network's value can be confidently wrong about what the ko
//! rule does (a ko threat in a seki that can never be removed, say), and a search guided by
//! it may not read the ko fight far enough to see it. What is left is small enough to read
//! out: [`better_move`] plays every line on the open points to two passes in a row, judged
//! move by move by the rules layer's judge against the game's memory plus the line, and
//! counts each end by area (stones and the empty points they alone surround). A line stops
//! early once its count is decided whichever way the open points go.
//!
//! The reading is an AND-OR search on "the player wins", within a budget of nodes, so its
//! answers do not depend on the machine's load; each of the root's moves gets an equal
//! share. It is used only to overrule the search: when it reads the search's move as not
//! winning and another move as winning, that move is played; otherwise the search's move
//! stands.
//!
//! What the reading leaves out, so that it is a reading of the open points rather than a
//! proof over the whole board:
//! - **Points a capture empties.** The reading plays only on the points that are open and
//!   empty at the root. A point a capture empties in a line is counted at the end (the
//!   capturer's when only its stones border it) but not played on again: a big capture
//!   decides the count anyway, and playing there would multiply the lines beyond any budget
//!   (the seki of the example below, once given up, opens five points). It misses a
//!   throw-in, a snapback or a ko threat on such a point.
//! - **Settled points.** Strings of either colour that are unconditionally alive (Benson),
//!   and the empty regions each colour's such strings alone surround when every point of
//!   the region is one of their liberties, stay as they are: neither player plays there. For
//!   the owner such a play only fills its own area (a pass does as much); for the opponent
//!   it is a stone that cannot live.
//! - **History across transpositions.** Positions reached by different lines share one
//!   answer (the table is keyed by the position, the simple-ko point, the player to move
//!   and whether the last move was a pass). Under simple ko that is exact. Under the superko
//!   rules each move is still judged against the line's own history, but an answer found on
//!   one line is reused on another line with a different history.
//! - **Rules.** Only area scoring, free passes and the end by two passes in a row, under
//!   simple ko, positional, situational and natural situational superko. Under the other
//!   ko rules (fixed ko, Ing-Spight, pass-for-ko, Spight) the history decides too much for
//!   such a table, and [`better_move`] does not read.

use crate::board::{Board, Cell, Color, Point};
use crate::game::Game;
use crate::rules::judge::Judge;
use crate::rules::line::{KoLine, PointSet};
use crate::rules::{GameEnd, PassRule, Scoring};
use crate::search::SearchMove;
use crate::tactics::benson::benson_alive;
use crate::tactics::counting::area_score;
use crate::tactics::regions::EmptyAreas;
use fxhash::FxHashMap;

/// The most open (unsettled) empty points a position may have for the reading to start.
pub const MAX_OPEN_POINTS: usize = 10;
/// The longest line the reading follows, in moves (passes included) below the root.
pub const MAX_DEPTH: usize = 40;
/// The default budget: nodes one reading may expand over all the root's moves.
pub const DEFAULT_NODES: u64 = 50_000;

/// The move to play instead of the search's `chosen` one for `color`, the player to move in
/// `game`: `Some` only when, within `nodes` nodes, `chosen` is read not to win and the move
/// returned is read to win (a pass is never returned; `None` when the rules or the size of
/// the open part rule the reading out).
///
/// The example: genmove-rules.tst's L, a bent four in the corner with a ko threat in a seki
/// that White can never remove. Under simple ko or a superko White can never kill the
/// corner, so the big point J6 wins where living at once at B9 loses by 1.5 points; the
/// reading shows it in a few thousand nodes, where a network's value misses it.
pub fn better_move(game: &Game, color: Color, chosen: SearchMove, nodes: u64) -> Option<Point> {
    if nodes == 0 || game.to_move() != color || game.is_over() || !rules_allow(game) {
        return None;
    }
    let board = game.board();
    let root = survey(board);
    let open_empty = root.open_empty(board).count();
    tracing::debug!(
        "endgame: {open_empty} open empty points, {} open in all",
        root.open.len()
    );
    if open_empty > MAX_OPEN_POINTS {
        return None;
    }
    let last_was_pass = game.moves().last().is_some_and(|s| s.point.is_pass());
    let mut playable = PointSet::EMPTY;
    root.open_empty(board).for_each(|p| playable.insert(p));
    let mut reader = Reader {
        game,
        playable,
        komi: game.komi(),
        nodes_left: nodes,
        table: FxHashMap::default(),
        path: Vec::with_capacity(MAX_DEPTH + 1),
        line: KoLine::new(game.memory()),
    };
    let chosen = match chosen {
        SearchMove::Play(p) => Some(p),
        SearchMove::Pass => Some(Point::PASS),
        SearchMove::Resign => None,
    };
    // Each root move gets an equal share of the budget, so that one move whose lines do not
    // settle cannot starve the others.
    let candidates = reader.legal_at_root(color);
    let share = nodes / (candidates.len() as u64 + 1);
    let mut spent = 0;
    if let Some(p) = chosen {
        reader.nodes_left = share;
        let verdict = reader.root_move(color, p, last_was_pass);
        spent += share - reader.nodes_left;
        tracing::debug!("endgame: the search's move {verdict:?}");
        if verdict? {
            return None;
        }
    }
    for p in candidates {
        if Some(p) == chosen {
            continue;
        }
        reader.nodes_left = share;
        let verdict = reader.root_move(color, p, last_was_pass);
        spent += share - reader.nodes_left;
        tracing::debug!("endgame: {} {verdict:?}", board.vertex(p));
        if verdict == Some(true) {
            tracing::info!(
                "endgame read out: {} wins where the search's move does not ({spent} nodes)",
                board.vertex(p)
            );
            return Some(p);
        }
    }
    None
}

/// True when the game's rules are ones the reading handles (see the module documentation).
fn rules_allow(game: &Game) -> bool {
    let rules = game.rules();
    rules.scoring == Scoring::Area
        && rules.end == GameEnd::TwoPasses
        && rules.pass == PassRule::Free
        && rules.ko.bans_by_positions_alone()
}

/// What of a position is settled and what is still open.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Survey {
    /// The points still open: the stones of strings that are not unconditionally alive,
    /// and the empty points not in a region that one colour's unconditionally alive strings
    /// alone surround with every point of it one of their liberties.
    pub open: Vec<Point>,
    /// Black's settled points minus White's: unconditionally alive stones and the regions
    /// they settle.
    pub settled_margin: i32,
}

impl Survey {
    /// The open empty points.
    pub fn open_empty<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = Point> + 'a {
        self.open
            .iter()
            .copied()
            .filter(|&p| board.cell(p) == Cell::Empty)
    }
}

/// The [`Survey`] of `board`, its open points in board order.
pub fn survey(board: &Board) -> Survey {
    let alive = [
        benson_alive(board, Color::Black),
        benson_alive(board, Color::White),
    ];
    let sign = |c: Color| if c == Color::Black { 1 } else { -1 };
    let mut open = Vec::new();
    let mut settled_margin = 0;
    for p in board.points() {
        if let Some(c) = board.cell(p).color() {
            if alive[c.index()][p.index()] {
                settled_margin += sign(c);
            } else {
                open.push(p);
            }
        }
    }
    for area in EmptyAreas::new(board).all() {
        let settled_by = area
            .owner()
            .filter(|&c| settles(board, &area.points, c, &alive[c.index()]));
        match settled_by {
            Some(c) => settled_margin += sign(c) * area.points.len() as i32,
            None => open.extend_from_slice(&area.points),
        }
    }
    open.sort_unstable_by_key(|p| p.index());
    Survey {
        open,
        settled_margin,
    }
}

/// True when every point of the empty region `points`, which touches stones of `color`
/// only, is a liberty of them, and every one of those stones is unconditionally alive
/// (`alive`, by point).
fn settles(board: &Board, points: &[Point], color: Color, alive: &[bool]) -> bool {
    let own = Cell::stone(color);
    points.iter().all(|&p| {
        let wall = board
            .neighbours(p)
            .into_iter()
            .filter(|q| board.cell(*q) == own);
        let mut touches = false;
        for q in wall {
            if !alive[q.index()] {
                return false;
            }
            touches = true;
        }
        touches
    })
}

/// What the table knows of a position: "Black wins" read either way, or no answer
/// within the given number of moves still allowed below it.
#[derive(Clone, Copy, Debug)]
enum Entry {
    Proven(bool),
    Unknown(usize),
}

/// The reading's state: the game at the root, the open points, the budget left and the
/// table of answers ("Black wins") by position.
struct Reader<'g> {
    game: &'g Game,
    /// The points the reading plays on: those open and empty at the root.
    playable: PointSet,
    komi: f64,
    nodes_left: u64,
    table: FxHashMap<(u64, u16, u8, bool), Entry>,
    /// The line from the root, replayed on [`Reader::line`] at each node.
    path: Vec<(Color, Point)>,
    /// The game's ko memory with the path on top, for the judge.
    line: KoLine<'g>,
}

impl Reader<'_> {
    /// The root's legal plays on the open points, in board order.
    fn legal_at_root(&self, color: Color) -> Vec<Point> {
        self.game
            .board()
            .points()
            .filter(|&p| self.playable.contains(p) && self.game.is_legal(color, p))
            .collect()
    }

    /// Whether `color` wins after playing `p` (or passing) at the root; `None` when the
    /// budget ran out first or the move is not legal.
    fn root_move(&mut self, color: Color, p: Point, last_was_pass: bool) -> Option<bool> {
        if !p.is_pass() && !self.game.is_legal(color, p) {
            return None;
        }
        if p.is_pass() && last_was_pass {
            // The game ends now.
            return Some(self.wins(self.game.board(), color));
        }
        self.path.clear();
        self.path.push((color, p));
        let black_wins = self.solve(color.opponent(), p.is_pass())?;
        Some(black_wins == (color == Color::Black))
    }

    /// True when `color` is ahead by area at the end of the game on `board`, komi counted.
    fn wins(&self, board: &Board, color: Color) -> bool {
        let margin = area_score(board, self.komi);
        match color {
            Color::Black => margin > 0.0,
            Color::White => margin < 0.0,
        }
    }

    /// The position after the path, with the path recorded on [`Reader::line`].
    fn replay(&mut self) -> Board {
        let mut board = self.game.board().clone();
        self.line.reset();
        for &(c, p) in &self.path {
            self.line.play(&mut board, c, p);
        }
        board
    }

    /// "Black wins" from the position after the path, `to_move` to play, `passed` when the
    /// last move was a pass; `None` when the budget or the depth ran out.
    fn solve(&mut self, to_move: Color, passed: bool) -> Option<bool> {
        if self.path.len() > MAX_DEPTH || self.nodes_left == 0 {
            return None;
        }
        let board = self.replay();
        let ko = board.ko().map_or(0, |(p, _)| p.index() as u16);
        let key = (board.hash(), ko, to_move.index() as u8, passed);
        let allowed = MAX_DEPTH - self.path.len();
        match self.table.get(&key) {
            Some(&Entry::Proven(black_wins)) => return Some(black_wins),
            Some(&Entry::Unknown(depth)) if depth >= allowed => return None,
            _ => {}
        }
        self.nodes_left -= 1;
        // Bounds: every open point Black's, or every one White's.
        let here = survey(&board);
        let open = here.open.len() as f64;
        let settled = here.settled_margin as f64;
        if settled - open - self.komi > 0.0 {
            return Some(true);
        }
        if settled + open - self.komi < 0.0 {
            return Some(false);
        }
        let judge = Judge::new(self.game.rules(), &self.line);
        let mut moves: Vec<Point> = here
            .open_empty(&board)
            .filter(|&p| self.playable.contains(p) && judge.allows(&board, p, to_move))
            .collect();
        // Captures first: they decide kos and races.
        moves.sort_by_key(|&p| !board.is_capture(p, to_move));
        let wants_black = to_move == Color::Black;
        let mut unknown = false;
        for p in moves.into_iter().chain(std::iter::once(Point::PASS)) {
            let result = if p.is_pass() && passed {
                Some(self.wins(&board, Color::Black))
            } else {
                self.path.push((to_move, p));
                let r = self.solve(to_move.opponent(), p.is_pass());
                self.path.pop();
                r
            };
            match result {
                Some(black_wins) if black_wins == wants_black => {
                    self.table.insert(key, Entry::Proven(wants_black));
                    return Some(wants_black);
                }
                Some(_) => {}
                None => unknown = true,
            }
        }
        if unknown {
            if self.nodes_left > 0 {
                self.table.insert(key, Entry::Unknown(allowed));
            }
            return None;
        }
        self.table.insert(key, Entry::Proven(!wants_black));
        Some(!wants_black)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ko_types::pass_rule::GameMaker;
    use crate::rules::Ruleset;
    use crate::sgf;

    /// genmove-rules.tst's L: a bent four in the top left corner, a seki at the bottom right
    /// holding Black's ko threat at G1 that White can never remove, Black to move, komi 13.5.
    const BENT_FOUR_SEKI: &str = "(;GM[1]FF[4]SZ[9]KM[13.5]\
        AB[da][bb][cb][db][ac][bc][hc][ic][dd][ed][fd][gd][ae][be][ce][de][fe][ge][bf][df]\
        [ef][ff][gf][hf][if][ag][bg][cg][dg][bh][dh][hh][ih][ai][bi][ci][di][hi]\
        AW[ea][ga][ia][eb][fb][gb][hb][ib][cc][dc][ec][fc][gc][ad][bd][cd][hd][he][ie][eg]\
        [fg][gg][hg][ig][eh][gh][ei][fi]PL[B])";

    /// L under the ko rule `rules` (for the player's tests too).
    pub(crate) fn game(rules: &str) -> Game {
        let mut ruleset = Ruleset::preset("chinese").unwrap();
        ruleset.set(&format!("ko={rules}")).unwrap();
        let record = sgf::parse(BENT_FOUR_SEKI).unwrap();
        GameMaker::default()
            .game_from_sgf(&record, ruleset, 7.5, None)
            .unwrap()
    }

    /// The point `vertex` of `game`'s board.
    pub(crate) fn at(game: &Game, vertex: &str) -> Point {
        game.board()
            .point(crate::board::Coord::parse_gtp(vertex, 9).unwrap())
    }

    #[test]
    fn the_unremovable_threat_makes_the_big_point_win() {
        for rule in ["simple", "positional", "situational", "natural-situational"] {
            let g = game(rule);
            let living = SearchMove::Play(at(&g, "B9"));
            assert_eq!(
                better_move(&g, Color::Black, living, DEFAULT_NODES),
                Some(at(&g, "J6")),
                "{rule}"
            );
            // The winning move stands; so does anything when nothing is read.
            let j6 = SearchMove::Play(at(&g, "J6"));
            assert_eq!(better_move(&g, Color::Black, j6, DEFAULT_NODES), None);
            assert_eq!(better_move(&g, Color::Black, living, 0), None);
        }
    }

    #[test]
    fn other_rules_are_not_read() {
        for rule in [
            "fixed",
            "basic-fixed",
            "ing-spight",
            "pass-for-ko",
            "spight",
        ] {
            let g = game(rule);
            let living = SearchMove::Play(at(&g, "B9"));
            assert_eq!(
                better_move(&g, Color::Black, living, DEFAULT_NODES),
                None,
                "{rule}"
            );
        }
        let mut g = game("simple");
        let mut japanese = *g.rules();
        japanese.scoring = Scoring::Territory;
        g.set_rules(japanese);
        let living = SearchMove::Play(at(&g, "B9"));
        assert_eq!(better_move(&g, Color::Black, living, DEFAULT_NODES), None);
    }

    #[test]
    fn an_open_board_is_not_read() {
        let g = GameMaker::default().new_game(9, Ruleset::preset("chinese").unwrap());
        let pass = SearchMove::Pass;
        assert_eq!(better_move(&g, Color::Black, pass, DEFAULT_NODES), None);
        assert_eq!(survey(g.board()).open.len(), 81);
    }

    #[test]
    fn the_survey_finds_the_open_points_and_the_settled_count() {
        let g = game("simple");
        let board = g.board();
        let s = survey(board);
        let mut open: Vec<String> = s.open_empty(board).map(|p| board.vertex(p)).collect();
        open.sort();
        // The corner's eye space, the seki's three points, and J6; not the eyes of the
        // unconditionally alive groups (E5, A4, C4, A2, C2 Black's; F9, H9 White's).
        assert_eq!(open, ["A8", "A9", "B9", "C9", "F2", "G1", "J1", "J6"]);
        // Open stones: Black's corner (6), H7 J7 and the seki's H1 H2 J2; White's H6 H5 J5
        // and its seki group (9).
        assert_eq!(s.open.len() - open.len(), 6 + 2 + 3 + 3 + 9);
        // Settled: Black's other 27 stones and 5 eyes, White's other 16 stones and 2 eyes.
        assert_eq!(s.settled_margin, (27 + 5) - (16 + 2));
    }
}
