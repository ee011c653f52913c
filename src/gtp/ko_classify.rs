//! The GTP commands of the ko classification: `ko-classify`, `ko-classify VERTEX` and
//! `ko-classify_detail VERTEX`.

use super::command::CommandSpec;
use crate::board::{Board, Coord};
use crate::game::Game;
use crate::ko_types::report::{basis_line, detail_with_lines, report_line};
use crate::ko_types::walls::JudgedWalls;
use crate::ko_types::{
    call_deadline, classify_game, classify_in_game, forcing_line_judged, ko_at, role_start,
    KoReport, Questions,
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
