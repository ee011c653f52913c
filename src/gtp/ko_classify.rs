//! The GTP commands of the ko classification: `ko-classify`, `ko-classify VERTEX` and
//! `ko-classify_detail VERTEX`.

use super::command::CommandSpec;
use crate::board::{Board, Coord};
use crate::game::Game;
use crate::ko_types::report::{basis_line, detail_with_lines, report_line};
use crate::ko_types::{ko_at, Classifier, Questions};

/// The family's commands.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec::new(
        "ko-classify",
        "[VERTEX]: the kos' types in Jasiek's terms",
        |e, c, _| {
            classify_command(
                e.player.game(),
                &e.player.options().ko_classifier(),
                &c.args,
            )
        },
    )
    .gogui(5, "string", "Ko types (text)", ""),
    CommandSpec::new(
        "ko-classify_detail",
        "VERTEX: the eight answers behind a ko's type",
        |e, c, _| {
            detail_command(
                e.player.game(),
                &e.player.options().ko_classifier(),
                &c.args,
            )
        },
    ),
];

/// `ko-classify`: every basic ko's line; `ko-classify VERTEX`: the line of the ko there.
pub fn classify_command(
    game: &Game,
    classifier: &Classifier,
    args: &[String],
) -> Result<String, String> {
    let board = game.board();
    match args.first() {
        None => Ok(classifier
            .classify_all(game)
            .iter()
            .map(|r| report_line(board, r))
            .collect::<Vec<_>>()
            .join("\n")),
        Some(v) => ko_for(board, v)
            .map(|ko| report_line(board, &classifier.classify(game, ko, Questions::Report))),
    }
}

/// `ko-classify_detail VERTEX`: the eight answers behind the type of the ko there, each yes
/// with its forcing line (read with the same judged walls, with what the answers left of
/// the call's budget: a yes whose line the budget cut shows its first move only).
pub fn detail_command(
    game: &Game,
    classifier: &Classifier,
    args: &[String],
) -> Result<String, String> {
    let board = game.board();
    match args.first() {
        None => Err("syntax error: ko-classify_detail needs a vertex".into()),
        Some(v) => ko_for(board, v).map(|ko| {
            let detail = classifier.detail(game, ko);
            let report = &detail.report;
            let lines = detail_with_lines(board, &report.answers, |z, role, target| {
                detail.line(z, role, target).to_vec()
            });
            format!("{lines}\n{}", basis_line(board, report))
        }),
    }
}

fn ko_for(board: &Board, text: &str) -> Result<crate::ko_types::BasicKo, String> {
    let c = Coord::parse_gtp(text, board.size()).map_err(|e| format!("syntax error: {e}"))?;
    let p = board.point(c);
    ko_at(board, p).ok_or_else(|| format!("no basic ko at {}", board.vertex(p)))
}
