//! Helpers the tests share: positions from diagrams, points from GTP vertices, games from a
//! diagram, moves replayed from text, random games. Compiled for this crate's tests and,
//! with the `testkit` feature (which the `koan` engine turns on for its own tests), for
//! other crates' tests; not part of the library otherwise.

use crate::board::{Board, Color, Coord, Point};
use crate::game::{Game, PassJudge};
use crate::ko_types::pass_rule::{GameMaker, Wmsg2008Judge};
use crate::rules::Ruleset;
use std::sync::Arc;

pub use crate::game::random::{play_random_moves, Odds};

/// A new game as the engine makes them, with the default judge of the WMSG 2008 pass rule
/// ([`GameMaker::default`]).
pub fn new_game(size: usize, rules: Ruleset) -> Game {
    GameMaker::default().new_game(size, rules)
}

/// The engine's default judge of passes ([`Wmsg2008Judge::default`]), for games made
/// without a maker.
pub fn pass_judge() -> Arc<dyn PassJudge> {
    Arc::new(Wmsg2008Judge::default())
}

/// A game of `moves` moves under `rules` on a `size` x `size` board, drawn as
/// [`play_random_moves`] draws them. The ruleset's pass rule must allow every pass.
pub fn random_game(
    rules: Ruleset,
    size: usize,
    moves: usize,
    odds: Odds,
    below: impl FnMut(usize) -> usize,
) -> Game {
    let mut game = new_game(size, rules);
    play_random_moves(&mut game, moves, odds, below);
    game
}

/// A board from rows written top to bottom: `X` black, `O` white, `.` empty, spaces ignored
/// ([`Board::from_diagram`]), its invariants checked.
pub fn diagram(rows: &[&str]) -> Board {
    let b = Board::from_diagram(&rows.join("\n"));
    b.check_invariants().unwrap();
    b
}

/// The point of the GTP vertex `vertex` (`"D4"`) on `board`; panics on a bad vertex.
pub fn point(board: &Board, vertex: &str) -> Point {
    board.point(Coord::parse_gtp(vertex, board.size()).unwrap())
}

/// A game under `rules` starting from the position of `rows` ([`diagram`]), `to_move` to play.
pub fn game_from(rows: &[&str], to_move: Color, rules: Ruleset) -> Game {
    let board = diagram(rows);
    let mut game = new_game(board.size(), rules);
    game.set_start(board, to_move, 0);
    game
}

/// Plays `moves` in `game`, each a colour and a GTP vertex (`"b D4"`, `"W pass"`); panics
/// with the position on an illegal one.
pub fn replay(game: &mut Game, moves: &[&str]) {
    for m in moves {
        let (c, v) = m.split_once(' ').expect("a move is `COLOR VERTEX`");
        let color: Color = c.parse().expect("a colour: b, w, black or white");
        let p = if v.eq_ignore_ascii_case("pass") {
            Point::PASS
        } else {
            point(game.board(), v)
        };
        if let Err(e) = game.play(color, p) {
            panic!("{m}: {e}\n{:?}", game.board());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_from_a_diagram_starts_there() {
        let rows = [". X O", "X . O", ". X O"];
        let game = game_from(&rows, Color::White, Ruleset::default());
        assert_eq!(game.size(), 3);
        assert_eq!(game.to_move(), Color::White);
        assert_eq!(
            game.board().cell(point(game.board(), "B3")),
            crate::board::Cell::stone(Color::Black)
        );
        assert_eq!(game.board().hash(), diagram(&rows).hash());
    }

    #[test]
    fn replay_plays_in_turn_and_passes() {
        let mut game = crate::testkit::new_game(5, Ruleset::default());
        replay(&mut game, &["b C3", "W pass", "B D4"]);
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.to_move(), Color::White);
        assert_eq!(
            game.board().cell(point(game.board(), "D4")),
            crate::board::Cell::stone(Color::Black)
        );
    }
}
