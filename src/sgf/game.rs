//! A game and its record: [`Game::from_sgf`] reads a record's main line into a game,
//! [`Game::to_sgf`] writes a game as a record.

use super::{SgfGame, SgfNode};
use crate::board::{Board, Cell, Color, Point};
use crate::game::Game;
use crate::rules::Ruleset;

impl Game {
    /// The game a record holds, up to (not including) move number `limit` if given, under
    /// `rules` (the record's own rules name is not read), with the record's komi or else
    /// `komi`. Setup after moves makes the position so far a new start. Moves are played
    /// as a record plays them: a move the ko rule bans is kept, with a warning in the log;
    /// an impossible one (occupied point, forbidden suicide) is an error.
    pub fn from_sgf(
        record: &SgfGame,
        rules: Ruleset,
        komi: f64,
        limit: Option<usize>,
    ) -> Result<Game, String> {
        let size = record.size;
        let mut game = Game::new(size, rules);
        game.set_komi(record.komi.unwrap_or(komi));
        let mut start = Board::new(size);
        let mut to_move = if record.handicap.unwrap_or(0) >= 2 {
            Color::White
        } else {
            Color::Black
        };
        let mut setup_done = false;
        let mut move_number = 0;
        for (i, node) in record.nodes.iter().enumerate() {
            if node.has_setup() {
                if setup_done {
                    // Setup after moves: the position so far becomes a new start.
                    tracing::warn!("SGF node {i}: setup after moves; history before it is dropped");
                    start = game.board().clone();
                }
                apply_setup(&mut start, node);
                if let Some(c) = node.player_to_move {
                    to_move = c;
                } else if setup_done {
                    to_move = game.to_move();
                }
                game.set_start(start.clone(), to_move, record.handicap.unwrap_or(0));
                setup_done = false;
            }
            if let Some((color, coord)) = node.play {
                move_number += 1;
                if limit.is_some_and(|l| move_number >= l) {
                    break;
                }
                let point = coord.map_or(Point::PASS, |c| game.board().point(c));
                match game.play_from_record(color, point) {
                    Ok(None) => {}
                    Ok(Some(why)) => tracing::warn!(
                        "SGF move {move_number} ({color} {}) breaks the current rules: {why}",
                        game.board().vertex(point)
                    ),
                    Err(why) => {
                        return Err(format!("move {move_number} is impossible ({why})"));
                    }
                }
                setup_done = true;
            }
        }
        Ok(game)
    }

    /// The game as a record: its start (setup stones, the player to move when not the
    /// usual one), komi, handicap and moves. `rules` is the record's rules name and
    /// `result` its result, if the game is over.
    pub fn to_sgf(&self, rules: String, result: Option<String>) -> SgfGame {
        let g = self;
        let size = g.size();
        let mut rec = SgfGame::new(size);
        rec.komi = Some(g.komi());
        if g.handicap() > 0 {
            rec.handicap = Some(g.handicap());
        }
        rec.rules = Some(rules);
        let start = g.start();
        let mut root = SgfNode::default();
        for p in start.points() {
            match start.cell(p) {
                Cell::Black => root.add_black.push(start.coord(p)),
                Cell::White => root.add_white.push(start.coord(p)),
                _ => {}
            }
        }
        let default_to_move = if g.handicap() >= 2 {
            Color::White
        } else {
            Color::Black
        };
        if g.start_to_move() != default_to_move {
            root.player_to_move = Some(g.start_to_move());
        }
        rec.nodes = vec![root];
        for step in g.moves() {
            let coord = (!step.point.is_pass()).then(|| g.board().coord(step.point));
            rec.push_move(step.color, coord);
        }
        rec.result = result;
        rec
    }
}

/// Applies a node's AE, AB, AW to a starting position.
fn apply_setup(board: &mut Board, node: &SgfNode) {
    for &c in &node.add_empty {
        let p = board.point(c);
        board.remove_setup(p);
    }
    for (list, color) in [
        (&node.add_black, Color::Black),
        (&node.add_white, Color::White),
    ] {
        for &c in list {
            let p = board.point(c);
            if board.cell(p) != Cell::Empty {
                board.remove_setup(p);
            }
            board.place_setup(p, color);
        }
    }
}
