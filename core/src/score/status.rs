//! The engine's judgement of every stone at the end of a game: alive, dead or in seki.
//! `final_score`, `final_status_list` and `gogui-rules_final_result` all read this one
//! judgement, so they agree. `docs/scoring.md` has the definition; in short, per string:
//!
//! 1. unconditionally alive (Benson) on the board as it stands: alive;
//! 2. otherwise, if its region is small enough, the confirmation search decides
//!    ([`confirmation`]): captured by the opponent moving first means dead (only when the
//!    region is closed: no empty point of it touches an empty point outside), not
//!    capturable means alive;
//!    under territory scoring the search obeys the confirmation-phase ko rule
//!    (`pass-for-ko`, Japanese 1989 Article 7), under area scoring simple ko;
//! 3. otherwise playout ownership decides: dead when the opponent owned its points at the
//!    end of most playouts (under `pass-for-ko` for territory scoring, else the game's ko
//!    rule).
//!
//! Then, with the dead stones removed, the live strings that [`seki`] finds are in seki; the
//! lone stones inside the kos of a seki live with it (see [`judge`]).

use super::confirmation::{self, Verdict};
use super::ownership::Ownership;
use crate::board::{Board, Color, Point, MAX_POINTS};
use crate::game::Game;
use crate::rules::{KoRule, Scoring};
use crate::tactics::benson::benson_alive;
use crate::tactics::regions::EmptyAreas;
use crate::tactics::seki;
use std::fmt;

/// Playouts the ownership estimate runs.
pub const PLAYOUTS: u32 = 400;
/// Strings whose colour owns their points in at least this share of playouts bound the
/// confirmation search's regions (walls).
pub const WALL_SHARE: f64 = 0.9;
/// Search nodes the confirmation search may spend on one string.
pub const NODE_BUDGET: usize = 4_000;

/// What the engine thinks of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Alive, not in seki.
    Alive,
    /// Dead: removed and counted as a prisoner.
    Dead,
    /// Alive in seki.
    Seki,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Seki => "seki",
        })
    }
}

/// What decided a string's life or death.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// Benson's unconditional life.
    Benson,
    /// The confirmation search.
    Search,
    /// Playout ownership.
    Playouts,
}

/// The status of every stone of a position.
#[derive(Clone, Debug)]
pub struct StatusMap {
    /// Per point: the stone's status and what decided it (`None` on empty points).
    status: Vec<Option<(Status, Basis)>>,
    ownership: Ownership,
}

impl StatusMap {
    /// The status of the stone on `p`, `None` for an empty point.
    pub fn status(&self, p: Point) -> Option<Status> {
        self.status[p.index()].map(|(s, _)| s)
    }

    /// What decided the status of the stone on `p`.
    pub fn basis(&self, p: Point) -> Option<Basis> {
        self.status[p.index()].map(|(_, b)| b)
    }

    /// True when the stone on `p` is dead.
    pub fn is_dead(&self, p: Point) -> bool {
        self.status(p) == Some(Status::Dead)
    }

    /// The stones of `board` with status `which`, in board order.
    pub fn list(&self, board: &Board, which: Status) -> Vec<Point> {
        board
            .points()
            .filter(|&p| self.status(p) == Some(which))
            .collect()
    }

    /// The playout ownership the judgement used.
    pub fn ownership(&self) -> &Ownership {
        &self.ownership
    }

    /// This judgement with the stones of `dead` dead and every other stone of `board` that
    /// it called dead alive instead (for scoring a list the players agreed on).
    pub fn with_dead(&self, board: &Board, dead: &[Point]) -> StatusMap {
        let mut out = self.clone();
        for p in board.points() {
            let Some((status, basis)) = out.status[p.index()] else {
                continue;
            };
            if dead.contains(&p) {
                out.status[p.index()] = Some((Status::Dead, basis));
            } else if status == Status::Dead {
                out.status[p.index()] = Some((Status::Alive, basis));
            }
        }
        out
    }
}

/// The ko rule that hypothetical play obeys when judging `game`: the confirmation-phase rule
/// under territory scoring, the game's own otherwise.
pub fn judging_rule(game: &Game) -> KoRule {
    match game.rules().scoring {
        Scoring::Territory => KoRule::PassForKo,
        Scoring::Area => game.rules().ko,
    }
}

/// Judges every stone of `game`'s position (random numbers seeded by `seed`), taking all
/// the time the reading needs.
pub fn judge(game: &Game, seed: u64) -> StatusMap {
    judge_within(game, seed, None)
}

/// Judges every stone of `game`'s position as [`judge`] does, but reads with the
/// confirmation search only until `bound` has passed since the start: the strings not read
/// by then are judged by playout ownership alone (the log says how many). The playouts and
/// Benson's test always run whole.
pub fn judge_within(game: &Game, seed: u64, bound: Option<std::time::Duration>) -> StatusMap {
    StringJudge::new(game, seed, bound).finish()
}

/// The judgement of one position string by string, on demand: the playouts and Benson's
/// test run when it is made, the confirmation search of a string when it is first asked
/// ([`StringJudge::judge`]). [`StringJudge::finish`] judges the strings not asked yet and
/// marks the seki: the whole position's judgement, [`judge_within`]. A caller that needs
/// only some strings (the walls around a ko) asks only those.
pub struct StringJudge<'g> {
    board: &'g Board,
    rule: KoRule,
    ownership: Ownership,
    /// Benson's unconditional life, Black's then White's.
    benson: [Vec<bool>; 2],
    /// Per string (at its head): the average share of playouts its colour owned its points.
    string_share: Vec<f64>,
    /// Per point: the status of the strings judged so far.
    status: Vec<Option<(Status, Basis)>>,
    started: std::time::Instant,
    bound: Option<std::time::Duration>,
    /// Strings judged by the playouts alone because the bound had passed.
    unread: usize,
}

impl<'g> StringJudge<'g> {
    /// A judgement of `game`'s position (random numbers seeded by `seed`) whose confirmation
    /// searches stop being run once `bound` has passed since now.
    pub fn new(game: &'g Game, seed: u64, bound: Option<std::time::Duration>) -> StringJudge<'g> {
        let started = std::time::Instant::now();
        let board = game.board();
        let rule = judging_rule(game);
        let ownership = Ownership::estimate(game, rule, PLAYOUTS, seed);
        let benson = [
            benson_alive(board, Color::Black),
            benson_alive(board, Color::White),
        ];
        let mut string_share = vec![0.0; MAX_POINTS];
        for p in board.points() {
            if let Some(c) = board.cell(p).color() {
                let h = board.string_head(p);
                string_share[h.index()] += ownership.share(p, c) / board.string_size(p) as f64;
            }
        }
        StringJudge {
            board,
            rule,
            ownership,
            benson,
            string_share,
            status: vec![None; MAX_POINTS],
            started,
            bound,
            unread: 0,
        }
    }

    /// The share of playouts in which the colour of the string on `p` owned its points (the
    /// average over its stones).
    pub fn share(&self, p: Point) -> f64 {
        self.string_share[self.board.string_head(p).index()]
    }

    /// The status of the string on `p` (a stone) and what decided it, before seki are
    /// marked: Benson's test, else the confirmation search while the bound has not passed,
    /// else playout ownership. Judged once per string.
    pub fn judge(&mut self, p: Point) -> (Status, Basis) {
        if let Some(decided) = self.status[p.index()] {
            return decided;
        }
        let board = self.board;
        let c = board.cell(p).color().expect("a stone");
        let head = board.string_head(p);
        let out_of_time = self.bound.is_some_and(|b| self.started.elapsed() >= b);
        let decided = if self.benson[c.index()][p.index()] {
            (Status::Alive, Basis::Benson)
        } else if out_of_time {
            self.unread += 1;
            self.by_playouts(p)
        } else {
            let wall = |q: Point| {
                let qc = board.cell(q).color().expect("a stone");
                self.benson[qc.index()][q.index()] || self.share(q) >= WALL_SHARE
            };
            let verdict =
                confirmation::region(board, p, |q| board.string_head(q) != head && wall(q)).map_or(
                    Verdict::Unknown,
                    |region| {
                        match confirmation::capturable(board, p, &region, self.rule, NODE_BUDGET) {
                            // Local play cannot use the empty space beyond an open region: a
                            // capture there proves nothing.
                            Verdict::Captured if !region.closed(board) => Verdict::Unknown,
                            v => v,
                        }
                    },
                );
            match verdict {
                Verdict::Captured => (Status::Dead, Basis::Search),
                Verdict::Safe => (Status::Alive, Basis::Search),
                Verdict::Unknown => self.by_playouts(p),
            }
        };
        tracing::debug!(
            string = %board.vertex(p),
            status = %decided.0,
            basis = ?decided.1,
            share = self.share(p),
            "judged"
        );
        for s in board.string_stones(p) {
            self.status[s.index()] = Some(decided);
        }
        decided
    }

    /// Dead when the opponent owned the string's points in most playouts, else alive.
    fn by_playouts(&self, p: Point) -> (Status, Basis) {
        if self.share(p) < 0.5 {
            (Status::Dead, Basis::Playouts)
        } else {
            (Status::Alive, Basis::Playouts)
        }
    }

    /// The whole position's judgement: every string not asked yet judged ([`judge`]), then
    /// the seki marked.
    ///
    /// [`judge`]: StringJudge::judge
    pub fn finish(mut self) -> StatusMap {
        let board = self.board;
        for p in board.points() {
            if board.cell(p).color().is_some() && board.string_head(p) == p {
                self.judge(p);
            }
        }
        if self.unread > 0 {
            tracing::info!(
                "judging life and death: the time bound of {:.2} s was hit; {} strings \
                 were judged by playout ownership alone",
                self.bound.unwrap_or_default().as_secs_f64(),
                self.unread
            );
        }
        mark_seki(board, &mut self.status);
        StatusMap {
            status: self.status,
            ownership: self.ownership,
        }
    }
}

/// Marks the live stones in seki on the board without the dead stones, after giving back
/// their life to the ko stones of a seki: a lone stone judged dead by the search, with one
/// liberty, whose point (dead stones removed) is a neutral point next to a group in seki.
/// Such a stone can be taken, but only as a ko capture inside the seki (the kos of a
/// double-ko seki), which the other side answers in the other ko: it lives with the seki.
fn mark_seki(board: &Board, status: &mut [Option<(Status, Basis)>]) {
    let alive_board = |status: &[Option<(Status, Basis)>]| {
        let mut alive = Board::new(board.size());
        for p in board.points() {
            if let (Some(c), Some((Status::Alive, _))) = (board.cell(p).color(), status[p.index()])
            {
                alive.place_setup(p, c);
            }
        }
        alive
    };
    let mut alive = alive_board(status);
    let mut seki = seki::seki_stones(&alive);
    let areas = EmptyAreas::new(&alive);
    let ko_stones: Vec<Point> = board
        .points()
        .filter(|&p| {
            status[p.index()] == Some((Status::Dead, Basis::Search))
                && board.string_size(p) == 1
                && board.liberties(p, 2).len() == 1
                && areas.of(p).is_some_and(|(_, area)| {
                    area.touches == [true, true]
                        && area
                            .points
                            .iter()
                            .flat_map(|&e| alive.neighbours(e))
                            .any(|n| seki[n.index()])
                })
        })
        .collect();
    if !ko_stones.is_empty() {
        for p in ko_stones {
            status[p.index()] = Some((Status::Alive, Basis::Search));
        }
        alive = alive_board(status);
        seki = seki::seki_stones(&alive);
    }
    for p in board.points() {
        if seki[p.index()] {
            if let Some((s, _)) = status[p.index()].as_mut() {
                *s = Status::Seki;
            }
        }
    }
}
