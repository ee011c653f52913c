//! Helpers the tests share: positions from diagrams, points from GTP vertices, games from a
//! diagram, moves replayed from text, random games. Compiled for this crate's tests and,
//! with the `testkit` feature (which the `koan` engine turns on for its own tests), for
//! other crates' tests; not part of the library otherwise.

use crate::board::{Board, Color, Coord, Point};
use crate::game::Game;
use crate::rules::Ruleset;

pub use crate::game::random::{play_random_moves, random_game, Odds};

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
    let mut game = Game::new(board.size(), rules);
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
        let mut game = Game::new(5, Ruleset::default());
        replay(&mut game, &["b C3", "W pass", "B D4"]);
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.to_move(), Color::White);
        assert_eq!(
            game.board().cell(point(game.board(), "D4")),
            crate::board::Cell::stone(Color::Black)
        );
    }
}
