//! GoGui's rules extension (`gogui-rules_*`), answered only as a ruler (`--gogui-ruler`):
//! GoGui hands a program that lists these commands the definition of the game, and takes
//! its board size, dropping the game the user had open; a player must not list them.

use super::command::{CommandSpec, Engine, Reply};
use super::output::Output;
use super::protocol::Command;
use crate::board::{Cell, Color, Coord, Point};

/// Answered only by a ruler.
fn ruler(e: &Engine) -> bool {
    e.gogui_ruler
}

/// The family's commands.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec::new("gogui-rules_game_id", "the game: Go", |_, _, _| {
        Ok("Go".into())
    })
    .listed_when(ruler),
    CommandSpec::new("gogui-rules_board_size", "the board size", |e, _, _| {
        Ok(e.player.game().size().to_string())
    })
    .listed_when(ruler),
    CommandSpec::new(
        "gogui-rules_side_to_move",
        "the player to move",
        |e, _, _| Ok(e.player.game().to_move().to_string()),
    )
    .listed_when(ruler),
    CommandSpec::new("gogui-rules_board", "the board, a row a line", board).listed_when(ruler),
    CommandSpec::new("gogui-rules_captured_count", "the prisoners", |e, _, _| {
        let b = e.player.game().board();
        // GoGui's order: the stones captured by Black, then those captured by White.
        Ok(format!(
            "{} {}",
            b.captures(Color::Black),
            b.captures(Color::White)
        ))
    })
    .listed_when(ruler),
    CommandSpec::new(
        "gogui-rules_legal_moves",
        "the legal moves of the player to move",
        legal_moves,
    )
    .listed_when(ruler),
    CommandSpec::new(
        "gogui-rules_final_result",
        "the result once the game is over",
        |e, _, _| {
            Ok(if e.player.game().is_over() {
                e.player.final_score()
            } else {
                "unknown".into()
            })
        },
    )
    .listed_when(ruler),
];

fn board(e: &mut Engine, _: &Command, _: &mut Output) -> Reply {
    let b = e.player.game().board();
    let n = b.size();
    let mut rows = Vec::with_capacity(n);
    for row in (0..n).rev() {
        let line: String = (0..n)
            .map(|col| match b.cell(b.point(Coord::new(col, row))) {
                Cell::Black => 'X',
                Cell::White => 'O',
                _ => '.',
            })
            .collect();
        rows.push(line);
    }
    Ok(rows.join("\n"))
}

fn legal_moves(e: &mut Engine, _: &Command, _: &mut Output) -> Reply {
    let game = e.player.game();
    if game.is_over() {
        return Ok(String::new());
    }
    let color = game.to_move();
    let mut moves = e.vertices(&game.legal_plays(color));
    if game.is_legal(color, Point::PASS) {
        if !moves.is_empty() {
            moves.push(' ');
        }
        moves.push_str("pass");
    }
    Ok(moves)
}
