//! The GTP commands of the ko classification: `ko-classify`, `ko-classify VERTEX` and
//! `ko-classify_detail VERTEX`.

use super::engine::CommandSpec;
use crate::board::{Board, Color, Coord, Point};
use crate::game::Game;
use crate::ko_types::walls::JudgedWalls;
use crate::ko_types::{
    call_deadline, classify_game, classify_in_game, forcing_line_judged, ko_at, role_start, Answer,
    KoReport, Questions, Role, Target,
};
use std::time::Instant;

/// The family's commands.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec::new(
        "ko-classify",
        "[VERTEX]: the kos' types in Jasiek's terms",
        |e, c, _| classify_command(e.player.game(), &c.args),
    )
    .gogui(5, "string", "Ko types (text)", ""),
    CommandSpec::new(
        "ko-classify_detail",
        "VERTEX: the eight answers behind a ko's type",
        |e, c, _| detail_command(e.player.game(), &c.args),
    ),
];

/// `ko-classify`: every basic ko's line; `ko-classify VERTEX`: the line of the ko there.
pub fn classify_command(game: &Game, args: &[String]) -> Result<String, String> {
    let start = Instant::now();
    let board = game.board();
    match args.first() {
        None => Ok(classify_game(game)
            .iter()
            .map(|r| report_line(board, r))
            .collect::<Vec<_>>()
            .join("\n")),
        Some(v) => ko_for(board, v)
            .map(|ko| report_line(board, &classify_one(game, ko, start, Questions::Report))),
    }
}

/// The classification of one ko of `game` within the time limit, counted from `start`
/// (the command's arrival), asking the `questions` given.
fn classify_one(
    game: &Game,
    ko: crate::ko_types::BasicKo,
    start: Instant,
    questions: Questions,
) -> KoReport {
    classify_with_walls(game, ko, start, questions).0
}

/// [`classify_one`], with the judged walls the answers were read with (none when the region
/// is exact).
fn classify_with_walls(
    game: &Game,
    ko: crate::ko_types::BasicKo,
    start: Instant,
    questions: Questions,
) -> (KoReport, JudgedWalls) {
    let mut walls = None;
    let report = classify_in_game(game, ko, call_deadline(start), &mut walls, questions);
    let walls = match walls {
        Some(w) if !report.judged_walls.is_empty() => w,
        _ => JudgedWalls::none(),
    };
    (report, walls)
}

/// `ko-classify_detail VERTEX`: the eight answers behind the type of the ko there, each yes
/// with its forcing line (read with the same judged walls, in the time the answers left of
/// the call's limit: a yes whose line the limit cut shows its first move only).
pub fn detail_command(game: &Game, args: &[String]) -> Result<String, String> {
    let start = Instant::now();
    let board = game.board();
    match args.first() {
        None => Err("syntax error: ko-classify_detail needs a vertex".into()),
        Some(v) => ko_for(board, v).map(|ko| {
            let (report, walls) = classify_with_walls(game, ko, start, Questions::All);
            let deadline = call_deadline(start);
            let answers = report.answers;
            let lines = detail_with_lines(board, &answers, |z, role, target| {
                let start = role_start(board, ko, z, role);
                forcing_line_judged(&start, ko, z, target, &walls, deadline)
            });
            format!("{lines}\n{}", basis_line(board, &report))
        }),
    }
}

fn ko_for(board: &Board, text: &str) -> Result<crate::ko_types::BasicKo, String> {
    let c = Coord::parse_gtp(text, board.size()).map_err(|e| format!("syntax error: {e}"))?;
    let p = board.point(c);
    ko_at(board, p).ok_or_else(|| format!("no basic ko at {}", board.vertex(p)))
}

fn colors(list: &[Color]) -> String {
    if list.is_empty() {
        "none".into()
    } else {
        list.iter()
            .map(|c| c.letter().to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// One line of `ko-classify`: `P Q open=.. type=.. location=.. closed-killers=..
/// strong-killers=..` with P the capturing point and Q the capturable stone, and when the
/// type or location is unknown, why: ` reason=time|region|wall|search`; then `basis=exact`
/// or `basis=judged` (the answers rest on strings judged alive).
pub fn report_line(board: &Board, r: &KoReport) -> String {
    let reason = r
        .cutoff
        .map(|c| format!(" reason={}", c.name()))
        .unwrap_or_default();
    format!(
        "{} {} open={} type={} location={} closed-killers={} strong-killers={} basis={}{reason}",
        board.vertex(r.ko.empty),
        board.vertex(r.ko.stone),
        r.ko.open.letter(),
        r.ko_type.name(),
        r.location.name(),
        colors(&r.closed_killers),
        colors(&r.strong_killers),
        r.basis()
    )
}

/// The last line of `ko-classify_detail`: `basis=exact`, or `basis=judged walls=V,V..` with
/// a stone of each string judged alive that the answers rest on; then, when an earlier
/// reading captured some strings judged alive and the answers were read again without
/// them, `demoted=V,V..` with a stone of each.
pub fn basis_line(board: &Board, report: &KoReport) -> String {
    let list = |points: &[Point]| -> String {
        let vertices: Vec<String> = points.iter().map(|&p| board.vertex(p)).collect();
        vertices.join(",")
    };
    let mut line = if report.judged_walls.is_empty() {
        "basis=exact".to_string()
    } else {
        format!("basis=judged walls={}", list(&report.judged_walls))
    };
    if !report.demoted_walls.is_empty() {
        line.push_str(&format!(" demoted={}", list(&report.demoted_walls)));
    }
    line
}

/// The eight answer lines of `ko-classify_detail` without forcing lines:
/// `COLOR ROLE TARGET yes MOVE|no|unknown`.
pub fn detail(board: &Board, answers: &crate::ko_types::KoAnswers) -> String {
    detail_with_lines(board, answers, |_, _, _| Vec::new())
}

/// The eight answer lines of `ko-classify_detail`: `COLOR ROLE TARGET yes MOVE|no|unknown`,
/// a yes followed by ` line=V,V,..` when `line` gives it a forcing line (Z's moves and the
/// opponent's replies in turn, Z first, `pass` for a pass; none when the line's reading was
/// cut off or the goal holds already).
pub fn detail_with_lines(
    board: &Board,
    answers: &crate::ko_types::KoAnswers,
    mut line: impl FnMut(Color, Role, Target) -> Vec<Point>,
) -> String {
    let mut lines = Vec::new();
    for z in Color::BOTH {
        for (role, rname) in [(Role::Open, "open"), (Role::Closed, "closed")] {
            for (target, tname) in [(Target::Ko, "ko"), (Target::Locale, "locale")] {
                let a = match answers.get(z, role, target) {
                    Answer::Yes(m) => {
                        let moves = line(z, role, target);
                        let shown = if moves.is_empty() {
                            String::new()
                        } else {
                            let vs: Vec<String> =
                                moves.iter().map(|&p| move_name(board, p)).collect();
                            format!(" line={}", vs.join(","))
                        };
                        format!("yes {}{shown}", move_name(board, m))
                    }
                    Answer::No => "no".into(),
                    Answer::Unknown => "unknown".into(),
                };
                lines.push(format!("{} {rname} {tname} {a}", z.letter()));
            }
        }
    }
    lines.join("\n")
}

fn move_name(board: &Board, m: Point) -> String {
    board.vertex(m)
}
