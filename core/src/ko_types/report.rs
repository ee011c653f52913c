//! The ko classification as text, the lines GTP `ko-classify` and `ko-classify_detail` give
//! (and the tests and studies print): one report line per ko, the eight answers, the basis.

use super::{Answer, KoAnswers, KoReport, Role, Target};
use crate::board::{Board, Color, Point};

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
pub fn detail(board: &Board, answers: &KoAnswers) -> String {
    detail_with_lines(board, answers, |_, _, _| Vec::new())
}

/// The eight answer lines of `ko-classify_detail`: `COLOR ROLE TARGET yes MOVE|no|unknown`,
/// a yes followed by ` line=V,V,..` when `line` gives it a forcing line (Z's moves and the
/// opponent's replies in turn, Z first, `pass` for a pass; none when the line's reading was
/// cut off or the goal holds already).
pub fn detail_with_lines(
    board: &Board,
    answers: &KoAnswers,
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
