//! Types of basic ko: finding basic kos on a board and classifying each one as
//! fighting, disturbing-death, dead-ko or disturbing-life, internal or external, after
//! Jasiek's "Types of Basic Ko" and "External versus Internal Ko". `docs/ko-types-internals.md` has
//! the engine's definitions and the approximations made here.
//!
//! The work is done by a bounded proof-number search (`solver`) over the ko's *region*: the ko's
//! points, the strings touching them and their liberties, grown through every string that is
//! not unconditionally alive (Benson) on the whole board. Outside stones are walls treated as
//! alive. Every question gets `Yes` (with the first move of a forcing line), `No`, or
//! `Unknown` when the region or the search budget is too large.

pub mod pass_rule;
mod position_values;
pub mod report;
mod solver;
pub mod walls;

use crate::board::{Board, Cell, Color, Point};
use crate::game::Game;
use crate::tactics::benson::{benson_alive, benson_all_alive, benson_of, may_be_alive};
use crate::tactics::local_search::{Allowance, StopTest};
use smallvec::SmallVec;
use std::fmt;
use std::sync::Arc;
use walls::JudgedWalls;

/// Nodes of the local searches one classification call may spend by default: every
/// question of every ko the call classifies, the reading of the judged walls and the
/// forcing lines of `ko-classify_detail` included. The virtual-force search counts two per
/// step, one per move of each position it expands, one per new position it reads and four
/// per run of Benson's test on a 9x9 board (17 on 19x19; see
/// [`Budget::nodes`](crate::tactics::local_search::Budget)), so that the budget follows
/// the CPU time. A budget in nodes gives the same answers on any
/// machine and under any load.
pub const DEFAULT_NODES: usize = 2_900_000;

/// An outer limit the engine may put on each classification call besides its node budget
/// (a wall-clock one, say): when the call starts, [`Guard::start`] gives the call's "stop
/// now?" test. A call that its guard stops says `reason=time` for what it left unknown.
/// The rules core supplies no guard and reads no clock.
pub trait Guard: Send + Sync + fmt::Debug {
    /// The "stop now?" test of one call starting now.
    fn start(&self) -> StopTest;
}

/// The ko classifier: its work budget in nodes, and the engine's outer guard, if any.
#[derive(Clone, Debug)]
pub struct Classifier {
    /// Nodes one call may expand ([`DEFAULT_NODES`] by default).
    pub nodes: usize,
    /// The engine's outer limit on each call, if any.
    pub guard: Option<Arc<dyn Guard>>,
}

impl Default for Classifier {
    fn default() -> Classifier {
        Classifier::new(DEFAULT_NODES)
    }
}

impl Classifier {
    /// A classifier whose calls expand at most `nodes` nodes, with no guard.
    pub fn new(nodes: usize) -> Classifier {
        Classifier { nodes, guard: None }
    }

    /// This classifier with `guard` as the outer limit of each call.
    pub fn with_guard(mut self, guard: Arc<dyn Guard>) -> Classifier {
        self.guard = Some(guard);
        self
    }

    /// What one call starting now may spend.
    fn allowance(&self) -> Allowance {
        Allowance::nodes(self.nodes).with_guard(self.guard.as_ref().map(|g| g.start()))
    }

    /// Classifies the basic ko `ko` of `game`'s position asking the `questions` given:
    /// exactly when its region closes at unconditionally alive strings, otherwise with the
    /// strings the engine judges alive as walls too ([`JudgedWalls`]).
    pub fn classify(&self, game: &Game, ko: BasicKo, questions: Questions) -> KoReport {
        self.classify_with_walls(game, ko, questions).0
    }

    /// [`Classifier::classify`], with the judged walls the answers were read with (none
    /// when the answers are exact) and what the call has left to spend.
    fn classify_with_walls(
        &self,
        game: &Game,
        ko: BasicKo,
        questions: Questions,
    ) -> (KoReport, JudgedWalls, Allowance) {
        let mut allowance = self.allowance();
        let mut walls = None;
        let report = classify_in_game(game, ko, &mut allowance, &mut walls, questions);
        self.log_spent(&allowance);
        let walls = match walls {
            Some(w) if !report.judged_walls.is_empty() => w,
            _ => JudgedWalls::none(),
        };
        (report, walls, allowance)
    }

    /// Finds and classifies every basic ko of `game`'s position within one call's budget:
    /// the walls, when some ko needs them, are judged first with half of it; then each ko
    /// reads with its share of what is left (what one does not spend goes to the next).
    pub fn classify_all(&self, game: &Game) -> Vec<KoReport> {
        let kos = find_kos(game.board());
        self.classify_kos(game, &kos, Questions::Report, |_| false)
    }

    /// Classifies `kos` of `game`'s position in turn within one call's budget, asking the
    /// `questions` given, until `enough` says a report settles what the caller wants.
    fn classify_kos(
        &self,
        game: &Game,
        kos: &[BasicKo],
        questions: Questions,
        mut enough: impl FnMut(&KoReport) -> bool,
    ) -> Vec<KoReport> {
        let board = game.board();
        let mut allowance = self.allowance();
        let mut walls = None;
        if kos.iter().any(|&k| region(board, k).is_none()) {
            walls = Some(JudgedWalls::judge(game, &mut allowance));
        }
        let mut out = Vec::new();
        for (i, &k) in kos.iter().enumerate() {
            let share = allowance.nodes / (kos.len() - i);
            let report = allowance.with_part(share, |part| {
                classify_in_game(game, k, part, &mut walls, questions)
            });
            let done = enough(&report);
            out.push(report);
            if done {
                break;
            }
        }
        self.log_spent(&allowance);
        out
    }

    /// Logs what a call spent, `left` being what it had left.
    fn log_spent(&self, left: &Allowance) {
        tracing::debug!(
            nodes = self.nodes - left.nodes,
            guard_stopped = left.guard_stopped,
            "ko classification call"
        );
    }

    /// The eight answers of the ko `ko` of `game`'s position, each yes with its forcing
    /// line (read with the same judged walls and what the answers left of the call's
    /// budget: a yes whose line the budget cut has no line).
    pub fn detail(&self, game: &Game, ko: BasicKo) -> Detail {
        let board = game.board();
        let (report, walls, mut allowance) = self.classify_with_walls(game, ko, Questions::All);
        let mut lines: [[[Vec<Point>; 2]; 2]; 2] = Default::default();
        for z in Color::BOTH {
            for role in [Role::Open, Role::Closed] {
                for target in [Target::Ko, Target::Locale] {
                    if let Answer::Yes(_) = report.answers.get(z, role, target) {
                        let start = role_start(board, ko, z, role);
                        lines[z.index()][role as usize][target as usize] =
                            solver::forcing_line(&start, ko, z, target, &walls, &mut allowance);
                    }
                }
            }
        }
        Detail { report, lines }
    }
}

/// A ko's classification with the forcing lines of its yes answers ([`Classifier::detail`]).
#[derive(Clone, Debug)]
pub struct Detail {
    /// The classification, all eight questions asked.
    pub report: KoReport,
    /// Per player, role and target (indexed as [`KoAnswers::table`]), the forcing line of a
    /// yes: Z's moves and the opponent's most stubborn replies in turn; empty when the
    /// answer is not yes, the goal holds already, or the budget cut the line's reading.
    pub lines: [[[Vec<Point>; 2]; 2]; 2],
}

impl Detail {
    /// The forcing line of `color` moving first in `role`, aiming at `target`.
    pub fn line(&self, color: Color, role: Role, target: Target) -> &[Point] {
        &self.lines[color.index()][role as usize][target as usize]
    }
}

/// Most points a ko's region may hold before the classification gives up (`unknown`), when
/// only unconditionally alive strings bound it.
pub const MAX_REGION_POINTS: usize = 40;
/// Most empty points a ko's region may hold before the classification gives up, when only
/// unconditionally alive strings bound it.
pub const MAX_REGION_EMPTY: usize = 14;
/// Most points a ko's region may hold when judged walls bound it too.
pub const MAX_JUDGED_REGION_POINTS: usize = 60;
/// Most empty points a ko's region may hold when judged walls bound it too.
pub const MAX_JUDGED_REGION_EMPTY: usize = 20;
/// Search nodes one question may spend before its answer becomes `Unknown` (counted as
/// [`DEFAULT_NODES`] are).
pub const NODE_BUDGET: usize = 5_000_000;
/// Longest line of play (moves, passes included) the search follows.
pub const MAX_DEPTH: usize = 40;

/// A basic ko in its usual shape: a single stone of the closed player on `stone`, whose only
/// liberty is `empty`; the open player's play on `empty` captures it and leaves a single stone
/// whose only liberty is `stone`, and the recapture there recreates the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BasicKo {
    /// The empty point where the open player captures.
    pub empty: Point,
    /// The closed player's stone, capturable on `empty`.
    pub stone: Point,
    /// The player who may make the ko capture in this position.
    pub open: Color,
}

impl BasicKo {
    /// The player for whom the ko is closed (who owns the stone on `stone`).
    pub fn closed(&self) -> Color {
        self.open.opponent()
    }

    /// True when `p` is one of the ko's two points.
    pub fn contains(&self, p: Point) -> bool {
        p == self.empty || p == self.stone
    }
}

/// The three-valued answer to one question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The player can virtual-force the goal; the point is the first move of a forcing line
    /// (`Point::PASS` for a pass; the goal may already hold, then the move is a pass too).
    Yes(Point),
    /// The player cannot.
    No,
    /// The region bound, depth bound or node budget was hit.
    Unknown,
}

impl Answer {
    /// `Some(true)` for yes, `Some(false)` for no, `None` for unknown.
    pub fn known(self) -> Option<bool> {
        match self {
            Answer::Yes(_) => Some(true),
            Answer::No => Some(false),
            Answer::Unknown => None,
        }
    }
}

/// Why some answer is unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cutoff {
    /// The node budget (the call's or the question's) or the depth limit.
    Search,
    /// The region grew too large to search.
    Region,
    /// The search found a way to capture a string judged alive (a judged wall).
    Wall,
    /// The caller's outer guard ([`Guard`]), a time limit say.
    Time,
}

impl Cutoff {
    /// The GTP spelling.
    pub fn name(self) -> &'static str {
        match self {
            Cutoff::Search => "search",
            Cutoff::Region => "region",
            Cutoff::Wall => "wall",
            Cutoff::Time => "time",
        }
    }
}

/// Which role the player moving first takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The player may make the ko capture now.
    Open,
    /// The ko is closed for the player: the opponent may capture.
    Closed,
}

/// Where the player wants uncapturable life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The ko's two points.
    Ko,
    /// The ko's points and their neighbours.
    Locale,
}

/// Which of the eight questions a classification asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Questions {
    /// All eight (`ko-classify_detail`, the API's answers).
    All,
    /// Only those the type, the location and the killers rest on: both closed roles on the
    /// ko, the closed role on the locale of each closed killer (a player who is not one is
    /// no strong killer either), and both open roles on the ko when exactly one player is a
    /// closed killer (the dead-ko test). The others stay unknown, with no cutoff.
    Report,
}

/// The eight answers for one ko: per player, role and target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KoAnswers {
    /// Indexed `[color.index()][role][target]`, role 0 = open, 1 = closed; target 0 = ko,
    /// 1 = locale.
    pub table: [[[Answer; 2]; 2]; 2],
}

impl KoAnswers {
    /// The answer for `color` moving first in `role`, aiming at `target`.
    pub fn get(&self, color: Color, role: Role, target: Target) -> Answer {
        self.table[color.index()][role as usize][target as usize]
    }
}

/// The kind of a basic ko.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoType {
    /// Both players are closed killers.
    Fighting,
    /// Exactly one player is a closed killer (and the ko is not a dead ko).
    DisturbingDeath,
    /// A disturbing death where the killer, open or closed, can virtual-force uncapturable
    /// life on the ko while the other player, open or closed, cannot.
    DeadKo,
    /// No player is a closed killer.
    DisturbingLife,
    /// Some answer needed is unknown.
    Unknown,
}

impl KoType {
    /// The GTP spelling.
    pub fn name(self) -> &'static str {
        match self {
            KoType::Fighting => "fighting",
            KoType::DisturbingDeath => "disturbing-death",
            KoType::DeadKo => "dead-ko",
            KoType::DisturbingLife => "disturbing-life",
            KoType::Unknown => "unknown",
        }
    }
}

/// Internal or external.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// Every closed killer is a strong killer.
    Internal,
    /// Some closed killer is not a strong killer.
    External,
    /// Some answer needed is unknown.
    Unknown,
}

impl Location {
    /// The GTP spelling.
    pub fn name(self) -> &'static str {
        match self {
            Location::Internal => "internal",
            Location::External => "external",
            Location::Unknown => "unknown",
        }
    }
}

/// One classified basic ko.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KoReport {
    /// The ko's shape: points and open player.
    pub ko: BasicKo,
    /// The ko's type.
    pub ko_type: KoType,
    /// Internal or external.
    pub location: Location,
    /// The closed killers (Black first); only players answered yes.
    pub closed_killers: Vec<Color>,
    /// The strong killers (Black first); only players answered yes.
    pub strong_killers: Vec<Color>,
    /// The eight answers the classification rests on.
    pub answers: KoAnswers,
    /// Why some answer is unknown (the guard before a wall before the region before the
    /// node budget and depth limit), `None` when all are known.
    pub cutoff: Option<Cutoff>,
    /// The strings judged alive (not unconditionally) that bounded the regions, one stone
    /// each: empty when the answers are exact, otherwise they rest on this judgement.
    pub judged_walls: Vec<Point>,
    /// The judged walls that some line of the reading captured: a stone of the string
    /// each capture took (where it stood then; a string taken in several lines may be
    /// named more than once). An answer that needed such a line is unknown (`reason=wall`).
    pub walls_taken: Vec<Point>,
    /// Strings judged alive that an earlier reading of this ko captured, one stone each:
    /// the local search showed they can die, so these answers read them as ordinary stones
    /// inside the region.
    pub demoted_walls: Vec<Point>,
}

impl KoReport {
    /// How much the report knows: first one each for a known type and a known location,
    /// then the number of known answers.
    pub fn known(&self) -> (usize, usize) {
        let classified = usize::from(self.ko_type != KoType::Unknown)
            + usize::from(self.location != Location::Unknown);
        let answers = self.answers.table.iter().flatten().flatten();
        (classified, answers.filter(|a| a.known().is_some()).count())
    }

    /// `exact` when the answers rest only on unconditionally alive walls, else `judged`.
    pub fn basis(&self) -> &'static str {
        if self.judged_walls.is_empty() {
            "exact"
        } else {
            "judged"
        }
    }
}

/// Every basic ko on the board, in point order of the capturing point.
pub fn find_kos(board: &Board) -> Vec<BasicKo> {
    let mut out = Vec::new();
    for p in board.points() {
        if board.cell(p) != Cell::Empty {
            continue;
        }
        for open in Color::BOTH {
            if let Some(stone) = ko_capture(board, p, open) {
                out.push(BasicKo {
                    empty: p,
                    stone,
                    open,
                });
            }
        }
    }
    out
}

/// If `color` playing on the empty point `p` is a basic ko capture, the captured point.
fn ko_capture(board: &Board, p: Point, color: Color) -> Option<Point> {
    let opp = Cell::stone(color.opponent());
    let victim = board
        .neighbours(p)
        .into_iter()
        .find(|&n| board.cell(n) == opp && board.string_size(n) == 1 && board.in_atari(n))?;
    let mut b = board.clone();
    b.clear_ko();
    b.play(p, color);
    match b.ko() {
        Some((k, banned)) if k == victim && banned == color.opponent() => Some(victim),
        _ => None,
    }
}

/// The basic ko that has `p` as one of its points, if any.
pub fn ko_at(board: &Board, p: Point) -> Option<BasicKo> {
    find_kos(board).into_iter().find(|k| k.contains(p))
}

/// Classifies one basic ko of `game`'s position spending from `allowance`: exactly when its
/// region closes at unconditionally alive strings, otherwise with the strings the engine
/// judges alive as walls too ([`JudgedWalls`], judged once into `walls` and kept there for
/// the position's other kos; the judgement gets half the allowance), asking the
/// `questions` given.
fn classify_in_game(
    game: &Game,
    ko: BasicKo,
    allowance: &mut Allowance,
    walls: &mut Option<JudgedWalls>,
    questions: Questions,
) -> KoReport {
    let board = game.board();
    if region(board, ko).is_some() {
        // Exactly, the closed killers' locales reading without a reserve of what the type's
        // questions leave ([`EXACT_RESERVE`]); a location still open is then read with
        // judged walls.
        let read = answer_all_reading(
            board,
            ko,
            &JudgedWalls::none(),
            allowance,
            questions,
            questions == Questions::Report,
        );
        let report = report_of_reading(board, ko, read);
        if questions != Questions::Report
            || report.ko_type == KoType::Unknown
            || report.location != Location::Unknown
            || allowance.exhausted()
        {
            return report;
        }
        let walls = walls.get_or_insert_with(|| JudgedWalls::judge(game, allowance));
        if walls.is_empty() || allowance.exhausted() {
            return report;
        }
        let judged = classify_judged(board, ko, walls, allowance, questions);
        tracing::debug!(
            ko = %board.vertex(ko.empty),
            ty = judged.ko_type.name(),
            loc = judged.location.name(),
            "the exact reading left the location open: read again with judged walls"
        );
        // The judged reading stands only where it agrees with the exact one on the type
        // and the killers, and knows the location.
        if judged.ko_type == report.ko_type
            && judged.closed_killers == report.closed_killers
            && judged.location != Location::Unknown
        {
            return judged;
        }
        return report;
    }
    let walls = walls.get_or_insert_with(|| JudgedWalls::judge(game, allowance));
    let mut demoted = Vec::new();
    // The reading that knows the most so far, and the walls it was read with.
    let mut best: Option<(KoReport, JudgedWalls)> = None;
    loop {
        let mut report = classify_judged(board, ko, walls, allowance, questions);
        report.demoted_walls.clone_from(&demoted);
        // A reading without demoted walls may know less (its region may grow past the
        // bound, or its allowance run out): the one that knows the most (the first of equals)
        // is reported, and its walls are kept (for its forcing lines and the position's
        // other kos).
        if best
            .as_ref()
            .is_none_or(|(b, _)| report.known() > b.known())
        {
            best = Some((report.clone(), walls.clone()));
        }
        // A wall some needed line captured is no wall: read again without it while the
        // allowance lasts.
        let mut retry = false;
        if report.cutoff == Some(Cutoff::Wall) && !allowance.exhausted() {
            for &p in &report.walls_taken {
                if walls.demote(board, p) {
                    demoted.push(p);
                    retry = true;
                }
            }
        }
        if !retry {
            let (mut report, kept) = best.expect("a reading was made");
            *walls = kept;
            // With the call's nodes all spent, what is left unknown is for want of them: a
            // line that captured a wall only says why, if the budget had allowed, the ko
            // would have been read again without it.
            if report.cutoff == Some(Cutoff::Wall) && allowance.nodes == 0 {
                report.cutoff = Some(Cutoff::Search);
            }
            return report;
        }
        tracing::debug!(
            ko = %board.vertex(ko.empty),
            demoted = ?demoted.iter().map(|&p| board.vertex(p)).collect::<Vec<_>>(),
            "judged walls captured in the reading: read again without them"
        );
    }
}

/// Classifies one basic ko of `board` with `walls` judged alive bounding its regions besides
/// the unconditionally alive strings (none: exact answers), spending from `allowance`,
/// asking the `questions` given.
pub fn classify_judged(
    board: &Board,
    ko: BasicKo,
    walls: &JudgedWalls,
    allowance: &mut Allowance,
    questions: Questions,
) -> KoReport {
    let read = answer_all_judged(board, ko, walls, allowance, questions);
    report_of_reading(board, ko, read)
}

/// The report of one reading of the ko `ko` of `board`.
fn report_of_reading(board: &Board, ko: BasicKo, read: JudgedAnswers) -> KoReport {
    let mut report = report_from_answers(ko, read.answers);
    let unknown = report.ko_type == KoType::Unknown || report.location == Location::Unknown;
    report.cutoff = if unknown { read.cutoff } else { None };
    report.judged_walls = read.judged_walls;
    report.walls_taken = read.walls_taken;
    tracing::debug!(
        ko = %board.vertex(ko.empty),
        ty = report.ko_type.name(),
        loc = report.location.name(),
        cutoff = report.cutoff.map(Cutoff::name),
        "ko classified"
    );
    report
}

/// The type, location and killers that the eight answers imply (the definitions of
/// `docs/ko-types-internals.md`, with unknown answers making the type or location unknown).
pub fn report_from_answers(ko: BasicKo, answers: KoAnswers) -> KoReport {
    let mut closed_killers = Vec::new();
    let mut strong_killers = Vec::new();
    let mut unknown_killer = false;
    let mut unknown_strong = false;
    for z in Color::BOTH {
        match answers.get(z, Role::Closed, Target::Ko).known() {
            Some(true) => closed_killers.push(z),
            Some(false) => {}
            None => unknown_killer = true,
        }
        match answers.get(z, Role::Closed, Target::Locale).known() {
            Some(true) => strong_killers.push(z),
            Some(false) => {}
            None => unknown_strong = true,
        }
    }
    let ko_type = if unknown_killer {
        KoType::Unknown
    } else {
        match closed_killers.len() {
            2 => KoType::Fighting,
            0 => KoType::DisturbingLife,
            _ => {
                let z = closed_killers[0];
                let o = z.opponent();
                let yes = |c, r| answers.get(c, r, Target::Ko).known();
                let dead = [
                    yes(z, Role::Open),
                    yes(z, Role::Closed),
                    yes(o, Role::Open).map(|v| !v),
                    yes(o, Role::Closed).map(|v| !v),
                ];
                // One answer against the dead ko decides, whatever the others.
                if dead.contains(&Some(false)) {
                    KoType::DisturbingDeath
                } else if dead.contains(&None) {
                    KoType::Unknown
                } else {
                    KoType::DeadKo
                }
            }
        }
    };
    let location = if unknown_killer {
        Location::Unknown
    } else if closed_killers
        .iter()
        .any(|z| answers.get(*z, Role::Closed, Target::Locale) == Answer::No)
    {
        Location::External
    } else if unknown_strong
        && closed_killers
            .iter()
            .any(|z| answers.get(*z, Role::Closed, Target::Locale) == Answer::Unknown)
    {
        Location::Unknown
    } else {
        Location::Internal
    };
    KoReport {
        ko,
        ko_type,
        location,
        closed_killers,
        strong_killers,
        answers,
        cutoff: None,
        judged_walls: Vec::new(),
        walls_taken: Vec::new(),
        demoted_walls: Vec::new(),
    }
}

/// The eight answers for one ko, exact (no judged walls), within [`DEFAULT_NODES`]. The
/// board is taken as it stands for the open player's open role and the closed player's
/// closed role; for the other two roles the open player first makes the ko capture (the
/// *flipped* position), after which the ko is open for the other player. In every role the
/// player named moves first.
pub fn answer_all(board: &Board, ko: BasicKo) -> KoAnswers {
    let mut allowance = Allowance::nodes(DEFAULT_NODES);
    answer_all_judged(
        board,
        ko,
        &JudgedWalls::none(),
        &mut allowance,
        Questions::All,
    )
    .answers
}

/// The answers of one reading with judged walls ([`answer_all_judged`]).
#[derive(Clone, Debug)]
pub struct JudgedAnswers {
    /// The answers asked (the others unknown).
    pub answers: KoAnswers,
    /// The weightiest reason some answer asked is unknown.
    pub cutoff: Option<Cutoff>,
    /// The judged walls (one stone per string) some region used.
    pub judged_walls: Vec<Point>,
    /// The judged walls some line captured (a stone of each string taken, where it stood
    /// then).
    pub walls_taken: Vec<Point>,
}

/// The answers of one ko (see [`answer_all`]) with `walls` judged alive bounding the
/// regions too, spending from `allowance`, asking the `questions` given; also the judged
/// walls some region used and those some line captured.
pub fn answer_all_judged(
    board: &Board,
    ko: BasicKo,
    walls: &JudgedWalls,
    allowance: &mut Allowance,
    questions: Questions,
) -> JudgedAnswers {
    answer_all_reading(board, ko, walls, allowance, questions, false)
}

/// [`answer_all_judged`], the closed locales reading without one [`EXACT_RESERVE`]th of
/// what the other questions leave when `keep_reserve` (a strong killer's side reading
/// takes its share of all that is left, the reserve included).
fn answer_all_reading(
    board: &Board,
    ko: BasicKo,
    walls: &JudgedWalls,
    allowance: &mut Allowance,
    questions: Questions,
    keep_reserve: bool,
) -> JudgedAnswers {
    let mut table = [[[Answer::Unknown; 2]; 2]; 2];
    let mut cutoff = None;
    let mut judged = Vec::new();
    let mut taken = Vec::new();
    // The two roles of one player and target play the same game from different starts: the
    // second search starts from the first one's proof and disproof numbers (hints only).
    // The closed role of each player goes before its open role: it leaves the better hints.
    let mut memory: [[solver::Memory; 2]; 2] = Default::default();
    // The type's questions before the location's: the closed roles on the ko, then the
    // open ones (the dead-ko test), then the locales.
    let order = [
        (Role::Closed, Target::Ko),
        (Role::Open, Target::Ko),
        (Role::Closed, Target::Locale),
        (Role::Open, Target::Locale),
    ];
    for (role, target) in order {
        // Nodes kept back from the closed locales for another reading.
        let reserve = if keep_reserve && (role, target) == (Role::Closed, Target::Locale) {
            allowance.nodes / EXACT_RESERVE
        } else {
            0
        };
        allowance.nodes -= reserve;
        // A question cut by its share of the allowance is asked again with all that is left.
        let mut again = [false; 2];
        for first in [true, false] {
            for z in Color::BOTH {
                if !first && !again[z.index()] {
                    continue;
                }
                // The locale holds the ko's points, and a line reaching life on the locale
                // has reached it on the ko (the goal is checked after every move, the ends
                // of a line are the same): a "no" on the ko is a "no" on the locale.
                if target == Target::Locale
                    && table[z.index()][role as usize][Target::Ko as usize] == Answer::No
                {
                    table[z.index()][role as usize][target as usize] = Answer::No;
                    continue;
                }
                if !needed(questions, &table, z, role, target) {
                    continue;
                }
                // With the allowance spent the questions left are unknown without building
                // their regions.
                if allowance.exhausted() {
                    let why = if allowance.guard_stopped {
                        Cutoff::Time
                    } else {
                        Cutoff::Search
                    };
                    cutoff = cutoff.max(Some(why));
                    continue;
                }
                // For the report, when both players' questions of a group are needed (the
                // closed killers' locales; the open roles of the dead-ko test, where one
                // answer against it makes the ko a disturbing death), the first question
                // gets half the allowance left, so that the other one is asked too.
                let split = first
                    && questions == Questions::Report
                    && matches!(
                        (role, target),
                        (Role::Closed, Target::Locale) | (Role::Open, Target::Ko)
                    )
                    && z == Color::Black
                    && needed(questions, &table, Color::White, role, target);
                // A closed killer's locale once the location is settled (another closed
                // killer's is a no: the ko is external) only completes the strong killers'
                // list: it reads with a small share, the rest staying for the position's
                // other kos.
                let side = questions == Questions::Report
                    && target == Target::Locale
                    && location_settled(&table);
                let part = if side {
                    // (Of all that is left, the reserve included.)
                    ((allowance.nodes + reserve) / SIDE_SHARE).min(allowance.nodes)
                } else if split {
                    allowance.nodes / 2
                } else {
                    allowance.nodes
                };
                let pos = role_start(board, ko, z, role);
                let memory = &mut memory[z.index()][target as usize];
                let v = allowance.with_part(part, |part| {
                    let reading = solver::Reading {
                        prune: true,
                        walls,
                        allowance: part,
                        memory,
                    };
                    solver::virtual_force_judged(&pos, ko, z, target, reading)
                });
                table[z.index()][role as usize][target as usize] = v.answer;
                if split && v.allowance_spent {
                    again[z.index()] = true;
                } else {
                    cutoff = cutoff.max(v.cutoff);
                }
                judged.extend(v.judged_walls);
                taken.extend(v.walls_taken);
            }
        }
        allowance.nodes += reserve;
    }
    judged.sort();
    judged.dedup();
    taken.sort();
    taken.dedup();
    JudgedAnswers {
        answers: KoAnswers { table },
        cutoff,
        judged_walls: judged,
        walls_taken: taken,
    }
}

/// Whether the question of `z` in `role` on `target` is to be asked, given the answers so
/// far: always for [`Questions::All`]; for [`Questions::Report`] when the type, location or
/// killers may still rest on it (see there).
/// The part of what is left that a question reads with when the type and the location no
/// longer need it (a strong killer's locale once the ko is known to be external): one in
/// [`SIDE_SHARE`].
const SIDE_SHARE: usize = 10;

/// The part of what the type's questions leave that an exact reading keeps back from the
/// closed killers' locales (one in [`EXACT_RESERVE`]), for a reading with judged walls if
/// the location is still open.
const EXACT_RESERVE: usize = 8;

/// True when some closed killer's closed locale is a no: the ko is external whatever the
/// other answers.
fn location_settled(table: &[[[Answer; 2]; 2]; 2]) -> bool {
    let get = |c: Color, target: Target| table[c.index()][Role::Closed as usize][target as usize];
    Color::BOTH.into_iter().any(|c| {
        matches!(get(c, Target::Ko), Answer::Yes(_)) && get(c, Target::Locale) == Answer::No
    })
}

fn needed(
    questions: Questions,
    table: &[[[Answer; 2]; 2]; 2],
    z: Color,
    role: Role,
    target: Target,
) -> bool {
    let get =
        |c: Color, role: Role, target: Target| table[c.index()][role as usize][target as usize];
    let killer = |c: Color| matches!(get(c, Role::Closed, Target::Ko), Answer::Yes(_));
    match (questions, role, target) {
        (Questions::All, _, _) | (_, Role::Closed, Target::Ko) => true,
        // A closed killer's locale: the location, and whether it is a strong killer.
        (_, Role::Closed, Target::Locale) => killer(z),
        // Exactly one closed killer: the dead-ko test, until an answer decides against it.
        (_, Role::Open, Target::Ko) => {
            let known = Color::BOTH.map(|c| get(c, Role::Closed, Target::Ko).known());
            let Some(k) = Color::BOTH
                .into_iter()
                .find(|&c| known[c.index()] == Some(true))
            else {
                return false;
            };
            let o = k.opponent();
            known[o.index()] == Some(false)
                && get(k, Role::Open, Target::Ko) != Answer::No
                && !matches!(get(o, Role::Open, Target::Ko), Answer::Yes(_))
        }
        (_, Role::Open, Target::Locale) => false,
    }
}

/// A forcing line for `z` moving first on `start` towards `target` (see [`answer_all`] for
/// how the roles' start positions are made), exact (no judged walls), within
/// [`DEFAULT_NODES`]: Z's winning moves against the opponent's most stubborn replies; empty
/// when Z cannot virtual-force the goal or the search is cut off.
pub fn forcing_line(start: &Board, ko: BasicKo, z: Color, target: Target) -> Vec<Point> {
    let mut allowance = Allowance::nodes(DEFAULT_NODES);
    solver::forcing_line(start, ko, z, target, &JudgedWalls::none(), &mut allowance)
}

/// The position a role starts from: the board as it stands when `z` is the open player in
/// the open role or the closed player in the closed role, otherwise the board after the open
/// player's ko capture. Simple-ko bans are cleared; `z` moves first.
pub fn role_start(board: &Board, ko: BasicKo, z: Color, role: Role) -> Board {
    let mut start = board.clone();
    start.clear_ko();
    if (z == ko.open) != (role == Role::Open) {
        start.play(ko.empty, ko.open);
        start.clear_ko();
    }
    start
}

/// The points a target asks about: the ko's two points, or those and their neighbours.
pub fn target_points(board: &Board, ko: BasicKo, target: Target) -> Vec<Point> {
    let mut out = vec![ko.empty, ko.stone];
    if target == Target::Locale {
        for k in [ko.empty, ko.stone] {
            for n in board.neighbours(k) {
                if board.on_board(n) && !out.contains(&n) {
                    out.push(n);
                }
            }
        }
    }
    out
}

/// True when `point` is one of the two empty points of a two-eye-formation of `color`: one or
/// more `color` strings and exactly two empty points, each string adjacent to both points and
/// to no other empty point, each point adjacent only to those strings.
pub fn is_on_two_eye_formation(board: &Board, color: Color, point: Point) -> bool {
    two_eye_partner(board, color, point).is_some()
}

/// The other point of the two-eye-formation of `color` that has `point`, if any.
pub fn two_eye_partner(board: &Board, color: Color, point: Point) -> Option<Point> {
    if !board.on_board(point) || board.cell(point) != Cell::Empty {
        return None;
    }
    let own = Cell::stone(color);
    let heads = |x: Point| -> Option<SmallVec<[Point; 4]>> {
        let mut hs: SmallVec<[Point; 4]> = SmallVec::new();
        for n in board.neighbours(x) {
            match board.cell(n) {
                Cell::OffBoard => {}
                c if c == own => {
                    let h = board.string_head(n);
                    if !hs.contains(&h) {
                        hs.push(h);
                    }
                }
                _ => return None,
            }
        }
        hs.sort();
        (!hs.is_empty()).then_some(hs)
    };
    let strings = heads(point)?;
    let mut other = None;
    for &h in &strings {
        // Exactly two liberties, `point` and another.
        let o = board.other_liberty(h, point)?;
        match other {
            None => other = Some(o),
            Some(x) if x == o => {}
            _ => return None,
        }
    }
    let other = other?;
    (heads(other)? == strings).then_some(other)
}

/// True when `color` has uncapturable life on every point of `points`: each is a `color`
/// stone of a string that is unconditionally alive (Benson, whole board), or one of the two
/// empty points of a `color` two-eye-formation.
pub fn has_uncapturable_life(board: &Board, color: Color, points: &[Point]) -> bool {
    has_uncapturable_life_judged(board, color, points, &JudgedWalls::none())
}

/// [`has_uncapturable_life`] where a `color` string the judgement makes uncapturable counts
/// as unconditionally alive ([`JudgedWalls::string_uncapturable`]: one holding a judged wall
/// stone and not in atari, or a string a ko decided, judged alive, that the line has freed).
pub fn has_uncapturable_life_judged(
    board: &Board,
    color: Color,
    points: &[Point],
    walls: &JudgedWalls,
) -> bool {
    has_uncapturable_life_counted(board, color, points, walls, &mut 0)
}

/// [`has_uncapturable_life_judged`], adding one to `bensons` when it runs Benson's test.
pub(crate) fn has_uncapturable_life_counted(
    board: &Board,
    color: Color,
    points: &[Point],
    walls: &JudgedWalls,
    bensons: &mut usize,
) -> bool {
    let own = Cell::stone(color);
    let mut need_benson = false;
    let mut dead = false;
    for &p in points {
        match board.cell(p) {
            c if c == own => need_benson = true,
            Cell::Empty => {
                if !is_on_two_eye_formation(board, color, p) {
                    return false;
                }
            }
            Cell::OffBoard => return false,
            _ => {
                if !walls.dead_string(board, p) {
                    return false;
                }
                dead = true;
            }
        }
    }
    if !need_benson && !dead {
        return true;
    }
    // Benson's test only when every stone there may pass it (asked once a string, with
    // whether the judgement makes it uncapturable).
    let mut passed: SmallVec<[(Point, bool); 4]> = SmallVec::new();
    for &p in points {
        if board.cell(p) != own {
            continue;
        }
        let head = board.string_head(p);
        if passed.iter().any(|&(h, _)| h == head) {
            continue;
        }
        let uncapturable = walls.string_uncapturable(board, p);
        if !(uncapturable || may_be_alive(board, p)) {
            return false;
        }
        passed.push((head, uncapturable));
    }
    *bensons += 1;
    if !dead {
        // Benson's test asked only about the goal's strings that no judgement makes
        // uncapturable: the goal is reached when they are all alive.
        let uncapturable = |p: Point| {
            let head = board.string_head(p);
            passed.iter().any(|&(h, u)| h == head && u)
        };
        let asked: SmallVec<[Point; 8]> = points
            .iter()
            .copied()
            .filter(|&p| board.cell(p) == own && !uncapturable(p))
            .collect();
        return benson_all_alive(board, color, &asked);
    }
    // Benson's test asked about the goal's strings and those next to its dead strings.
    let mut asked: SmallVec<[Point; 32]> = SmallVec::new();
    for &p in points {
        match board.cell(p) {
            c if c == own => asked.push(p),
            Cell::Empty => {}
            _ => {
                for s in board.string_stones(p) {
                    asked.extend(
                        board
                            .neighbours(s)
                            .into_iter()
                            .filter(|&n| board.cell(n) == own),
                    );
                }
            }
        }
    }
    let mut alive = [false; crate::board::MAX_POINTS];
    benson_of(board, color, &asked, &mut alive);
    points.iter().all(|&p| match board.cell(p) {
        c if c == own => alive[p.index()] || walls.string_uncapturable(board, p),
        Cell::Empty => true,
        // A string judged dead: every string of `color` next to it is uncapturable, and
        // each that is so by the judgement alone has two liberties besides the ones it
        // shares with the dead string, so it can take them all (no seki with it).
        _ => {
            let dead_libs = board.liberties(p, crate::board::MAX_POINTS);
            board.string_stones(p).all(|s| {
                board.neighbours(s).iter().all(|&n| {
                    board.cell(n) != own
                        || alive[n.index()]
                        || (walls.string_uncapturable(board, n)
                            && board
                                .liberties(n, crate::board::MAX_POINTS)
                                .iter()
                                .filter(|l| !dead_libs.contains(l))
                                .count()
                                >= 2)
                })
            })
        }
    })
}

/// True when `z` can never have uncapturable life on all of `points`, whatever the line's
/// history: one of them is held for good by the opponent O, being
/// - a stone of an O string that is unconditionally alive (Benson), or
/// - a point of an area (a maximal connected set of points without O stones) bordered only by
///   such alive O stones, each of whose empty points touches one of them.
///
/// Sound because O may pass from here on: its alive strings are then never captured and such
/// an area never changes its border. A `z` string inside the area has no region (connected
/// points without `z` stones) free of O stones, as every empty point there touches one; and a
/// region holding an alive O string also holds a liberty of it in another of its vital
/// regions (O has at least two, each keeping an empty point since `z` may not fill it by
/// suicide), which is not a liberty of the `z` string. So no `z` string there is ever
/// Benson-alive, and an empty point touching an O stone is never on a `z` two-eye-formation.
pub fn goal_out_of_reach(board: &Board, z: Color, points: &[Point]) -> bool {
    goal_out_of_reach_judged(board, z, points, &JudgedWalls::none())
}

/// [`goal_out_of_reach`], or a goal point holds a stone of an opponent string that the
/// judgement makes uncapturable ([`JudgedWalls::string_uncapturable`]).
pub fn goal_out_of_reach_judged(
    board: &Board,
    z: Color,
    points: &[Point],
    walls: &JudgedWalls,
) -> bool {
    goal_out_of_reach_counted(board, z, points, walls, &mut 0)
}

/// [`goal_out_of_reach_judged`], adding one to `bensons` when it runs Benson's test.
pub(crate) fn goal_out_of_reach_counted(
    board: &Board,
    z: Color,
    points: &[Point],
    walls: &JudgedWalls,
    bensons: &mut usize,
) -> bool {
    let opp = Cell::stone(z.opponent());
    // Cheap filter: with no O stone on or next to the points, say "not out of reach".
    let near_opp = |p: Point| {
        board.cell(p) == opp || board.neighbours(p).iter().any(|&n| board.cell(n) == opp)
    };
    if !points.iter().any(|&p| near_opp(p)) {
        return false;
    }
    // Only what may pass Benson's test or a wall needs it: a stone whose string may be
    // alive, an area that would be held if all its border were.
    if !may_be_held(board, opp, points, walls) {
        return false;
    }
    // Benson's test is then asked about the goal's O strings and the O strings bordering
    // the goal's areas (as far as each area's flood went).
    let mut asked: SmallVec<[Point; 32]> = SmallVec::new();
    for &p in points {
        if board.cell(p) == opp {
            asked.push(p);
        } else {
            let border = |m: Point| {
                asked.push(m);
                true
            };
            held_area(board, opp, border, p);
        }
    }
    let mut alive = [false; crate::board::MAX_POINTS];
    *bensons += 1;
    benson_of(board, z.opponent(), &asked, &mut alive);
    points.iter().any(|&p| {
        if board.cell(p) == opp {
            alive[p.index()] || walls.string_uncapturable(board, p)
        } else {
            held_area(board, opp, |x| alive[x.index()], p)
        }
    })
}

/// True when some point of `points` may be held for good by `opp` (see
/// [`goal_out_of_reach`]): a stone of an `opp` string that may be alive
/// ([`may_be_alive`]) or that the judgement makes uncapturable, or a point of an area each of
/// whose empty points touches an `opp` stone (held if all its border is alive). When none
/// may be, Benson's test is not needed.
fn may_be_held(board: &Board, opp: Cell, points: &[Point], walls: &JudgedWalls) -> bool {
    AREA.with(|a| {
        let area = &mut *a.borrow_mut();
        area.make_room(points.len());
        // The floods of this question are stamped `first` and above. A point an earlier one
        // reached lies in that flood's area, which was not held (else the answer is already
        // known).
        let first = area.stamp + 1;
        // A string is asked once: its stones give the same answer.
        let mut failed: SmallVec<[Point; 4]> = SmallVec::new();
        for &p in points {
            if board.cell(p) == opp {
                let head = board.string_head(p);
                if failed.contains(&head) {
                    continue;
                }
                if walls.string_uncapturable(board, p) || may_be_alive(board, p) {
                    return true;
                }
                failed.push(head);
            } else if area.marks[p.index()] < first {
                let stamp = area.next_stamp();
                if area.flood(board, opp, |_| true, p, stamp, first) {
                    return true;
                }
            }
        }
        false
    })
}

/// True when the area of points without `opp` stones around `start` is bordered only by
/// alive `opp` stones and each of its empty points touches one.
fn held_area(board: &Board, opp: Cell, alive: impl FnMut(Point) -> bool, start: Point) -> bool {
    AREA.with(|a| {
        let area = &mut *a.borrow_mut();
        let stamp = area.next_stamp();
        area.flood(board, opp, alive, start, stamp, stamp)
    })
}

/// The working arrays of [`held_area`], kept from call to call (one set per thread) so that
/// a call neither allocates nor clears: the points a flood reached are those marked with its
/// stamp.
struct Area {
    marks: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
}

impl Area {
    /// Clears the marks if fewer than `n` stamps are left before the stamp wraps round.
    fn make_room(&mut self, n: usize) {
        if self.stamp as usize + n >= u32::MAX as usize {
            self.marks.fill(0);
            self.stamp = 0;
        }
    }

    /// A stamp no point is marked with yet.
    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// [`held_area`], marking the points it reaches with `stamp`; false as soon as it meets
    /// a point marked by an earlier flood stamped `first` or above (whose area, this one,
    /// was not held).
    fn flood(
        &mut self,
        board: &Board,
        opp: Cell,
        mut alive: impl FnMut(Point) -> bool,
        start: Point,
        stamp: u32,
        first: u32,
    ) -> bool {
        let Area { marks, stack, .. } = self;
        // A point is put on the stack once, when it is marked: it never holds more points
        // than the board has.
        stack[0] = start.0;
        let mut top = 1;
        marks[start.index()] = stamp;
        while top > 0 {
            top -= 1;
            let x = Point(stack[top]);
            let mut touches = false;
            for m in board.neighbours(x) {
                match board.cell(m) {
                    Cell::OffBoard => {}
                    c if c == opp => {
                        if !alive(m) {
                            return false;
                        }
                        touches = true;
                    }
                    _ => {
                        let mark = marks[m.index()];
                        if mark != stamp {
                            if mark >= first {
                                return false;
                            }
                            marks[m.index()] = stamp;
                            stack[top] = m.0;
                            top += 1;
                        }
                    }
                }
            }
            if board.cell(x) == Cell::Empty && !touches {
                return false;
            }
        }
        true
    }
}

thread_local! {
    static AREA: std::cell::RefCell<Area> = std::cell::RefCell::new(Area {
        marks: vec![0; crate::board::MAX_POINTS],
        stamp: 0,
        stack: vec![0; crate::board::MAX_POINTS],
    });
}

/// The ko's region on `board`: the ko's points, then repeatedly every string touching a
/// region point and every liberty of a region string, except strings that are unconditionally
/// alive (Benson) on the whole board, which stay outside as walls. `None` when it grows past
/// [`MAX_REGION_POINTS`] points or [`MAX_REGION_EMPTY`] empty points.
pub fn region(board: &Board, ko: BasicKo) -> Option<Vec<Point>> {
    region_judged(board, ko, &JudgedWalls::none()).map(|(r, _)| r)
}

/// [`region`] where strings holding judged wall stones stay outside as walls too; also the
/// judged walls met (one stone per string). With judged walls the bounds are
/// [`MAX_JUDGED_REGION_POINTS`] and [`MAX_JUDGED_REGION_EMPTY`]: a game's regions are read
/// that far, while a board whose exact region is within the smaller bounds is read exactly
/// ([`classify_in_game`]).
pub fn region_judged(
    board: &Board,
    ko: BasicKo,
    walls: &JudgedWalls,
) -> Option<(Vec<Point>, Vec<Point>)> {
    let (max_points, max_empty) = if walls.is_empty() {
        (MAX_REGION_POINTS, MAX_REGION_EMPTY)
    } else {
        (MAX_JUDGED_REGION_POINTS, MAX_JUDGED_REGION_EMPTY)
    };
    let (pts, judged) = grow_region(board, ko, max_points, |m| walls.string_holds_wall(board, m))?;
    let empties = pts
        .iter()
        .filter(|&&p| board.cell(p) == Cell::Empty)
        .count();
    (empties <= max_empty).then_some((pts, judged))
}

/// The growth of a ko's region (see [`region`]): from the ko's points, every string touching
/// a region point and every liberty of a region string, except the strings that are
/// unconditionally alive (Benson) and those `is_wall` (asked with a stone of the string, at
/// most once a string) calls walls, which stay outside. The region and the walls met (one
/// stone per string, the string's head); `None` once it holds more than `max_points`.
pub(crate) fn grow_region(
    board: &Board,
    ko: BasicKo,
    max_points: usize,
    mut is_wall: impl FnMut(Point) -> bool,
) -> Option<(Vec<Point>, Vec<Point>)> {
    let mut judged = Vec::new();
    let alive_b = benson_alive(board, Color::Black);
    let alive_w = benson_alive(board, Color::White);
    let alive = |p: Point| match board.cell(p) {
        Cell::Black => alive_b[p.index()],
        Cell::White => alive_w[p.index()],
        _ => false,
    };
    let mut inside = vec![false; crate::board::MAX_POINTS];
    let mut pts = vec![ko.empty, ko.stone];
    inside[ko.empty.index()] = true;
    inside[ko.stone.index()] = true;
    let mut i = 0;
    while i < pts.len() {
        let x = pts[i];
        i += 1;
        let stone = board.cell(x).color().is_some();
        let add = |m: Point, pts: &mut Vec<Point>, inside: &mut [bool]| {
            if !inside[m.index()] {
                inside[m.index()] = true;
                pts.push(m);
            }
        };
        if stone {
            for s in board.string_stones(x) {
                add(s, &mut pts, &mut inside);
            }
        }
        for m in board.neighbours(x) {
            match board.cell(m) {
                Cell::OffBoard => {}
                Cell::Empty => {
                    if stone {
                        add(m, &mut pts, &mut inside);
                    }
                }
                _ => {
                    if alive(m) || inside[m.index()] {
                        continue;
                    }
                    let h = board.string_head(m);
                    if judged.contains(&h) {
                        continue;
                    }
                    if is_wall(m) {
                        judged.push(h);
                    } else {
                        add(m, &mut pts, &mut inside);
                    }
                }
            }
        }
        if pts.len() > max_points {
            return None;
        }
    }
    Some((pts, judged))
}

#[cfg(test)]
mod pocket_search;
#[cfg(test)]
pub(crate) mod tests;
