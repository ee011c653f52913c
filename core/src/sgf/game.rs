//! A game and its record: [`Game::from_sgf`] reads a record's main line into a game,
//! [`Game::to_sgf`] writes a game as a record.

use super::{SgfGame, SgfNode};
use crate::board::{Board, Cell, Color, Point};
use crate::game::{Game, PassJudge};
use crate::rules::record_name::from_record_name;
use crate::rules::Ruleset;
use std::sync::Arc;

/// The rules a record's `RU` names, as `loadsgf` reads them.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordRules {
    /// The record names no rules.
    Absent,
    /// `RU` names rules koan knows (their komi is the ruleset's default).
    Named(Ruleset),
    /// `RU` holds a name koan does not know (the name).
    Unknown(String),
}

impl SgfGame {
    /// The rules this record's `RU` names ([`from_record_name`] reads the names).
    pub fn record_rules(&self) -> RecordRules {
        match self.rules.as_deref() {
            None => RecordRules::Absent,
            Some(name) => match from_record_name(name) {
                Some(rules) => RecordRules::Named(rules),
                None => RecordRules::Unknown(name.to_string()),
            },
        }
    }

    /// Puts the game information of `loaded`, the record a game was loaded from, into this
    /// record, the game as it is now (what `printsgf` writes after `loadsgf`): the players,
    /// date, event and the rest, the root's comment, the result while the game has not
    /// ended otherwise, and the comment of every move the game still shares with the
    /// loaded record.
    pub fn keep_game_information(&mut self, loaded: &SgfGame) {
        self.black_name = loaded.black_name.clone();
        self.white_name = loaded.white_name.clone();
        self.info = loaded.info.clone();
        if self.result.is_none() {
            self.result = loaded.result.clone();
        }
        self.nodes[0].comment = loaded.nodes[0].comment.clone();
        let loaded_moves = loaded.nodes.iter().skip(1);
        for (node, old) in self.nodes.iter_mut().skip(1).zip(loaded_moves) {
            let same = node.play == old.play
                && node.add_black == old.add_black
                && node.add_white == old.add_white
                && node.add_empty == old.add_empty;
            if !same {
                break;
            }
            node.comment = old.comment.clone();
        }
    }
}

impl Game {
    /// The game a record holds, up to (not including) move number `limit` if given, under
    /// `rules` (the record's own rules name is not read), with the record's komi or else
    /// `komi`, asking `pass_judge` about passes (see [`Game::new`]). Setup after moves makes the position so far a new start. Moves are played
    /// as a record plays them: a move the ko rule bans is kept, with a warning in the log;
    /// an impossible one (occupied point, forbidden suicide) is an error.
    pub fn from_sgf(
        record: &SgfGame,
        rules: Ruleset,
        komi: f64,
        limit: Option<usize>,
        pass_judge: Arc<dyn PassJudge>,
    ) -> Result<Game, String> {
        let size = record.size;
        let mut game = Game::new(size, rules, pass_judge);
        game.set_komi(record.komi.unwrap_or(komi));
        let mut start = Board::new(size);
        let mut to_move = if record.handicap.unwrap_or(0) >= 2 {
            Color::White
        } else {
            Color::Black
        };
        // Moves have been played since the last setup.
        let mut moves_since_setup = false;
        let mut move_number = 0;
        for (i, node) in record.nodes.iter().enumerate() {
            if node.has_setup() {
                if moves_since_setup {
                    // Setup among the moves: the position so far, changed, is a new start.
                    tracing::info!(
                        "SGF node {i}: setup after moves; the ko rules judge from here on"
                    );
                    let mut here = game.board().clone();
                    apply_setup(&mut here, node);
                    let to_move = node.player_to_move.unwrap_or(game.to_move());
                    game.restart_from(here.clone(), to_move);
                    start = here;
                } else {
                    apply_setup(&mut start, node);
                    if let Some(c) = node.player_to_move {
                        to_move = c;
                    } else if !game.earlier_parts().is_empty() {
                        to_move = game.to_move();
                    }
                    game.set_start(start.clone(), to_move, record.handicap.unwrap_or(0));
                }
                moves_since_setup = false;
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
                moves_since_setup = true;
            }
        }
        Ok(game)
    }

    /// The game as a record: its start (setup stones, the player to move when not the
    /// usual one), komi, handicap and moves. `rules` is the record's rules name and
    /// `result` its result, if the game is over. A game with earlier parts
    /// ([`Game::earlier_parts`]) is written whole: the first part's start, every part's
    /// moves, and between parts a setup node that turns one part's end into the next start.
    pub fn to_sgf(&self, rules: String, result: Option<String>) -> SgfGame {
        let g = self;
        let size = g.size();
        let mut rec = SgfGame::new(size);
        rec.komi = Some(g.komi());
        if g.handicap() > 0 {
            rec.handicap = Some(g.handicap());
        }
        rec.rules = Some(rules);
        let first = g.earlier_parts().first();
        let (start, start_to_move) = first.map_or((g.start(), g.start_to_move()), |part| {
            (&part.start, part.to_move)
        });
        let mut root = setup_node(&Board::new(size), start);
        let default_to_move = if g.handicap() >= 2 {
            Color::White
        } else {
            Color::Black
        };
        if start_to_move != default_to_move {
            root.player_to_move = Some(start_to_move);
        }
        rec.nodes = vec![root];
        let coord = |p: Point| (!p.is_pass()).then(|| start.coord(p));
        let later_starts = g
            .earlier_parts()
            .iter()
            .skip(1)
            .map(|part| (&part.start, part.to_move))
            .chain(std::iter::once((g.start(), g.start_to_move())));
        for (part, (next_start, next_to_move)) in g.earlier_parts().iter().zip(later_starts) {
            for &(color, p) in &part.moves {
                rec.push_move(color, coord(p));
            }
            let mut setup = setup_node(&part.end, next_start);
            setup.player_to_move = Some(next_to_move);
            rec.nodes.push(setup);
        }
        for step in g.moves() {
            rec.push_move(step.color, coord(step.point));
        }
        rec.result = result;
        rec
    }
}

/// The setup node (AB, AW, AE) that turns `from` into `to`.
fn setup_node(from: &Board, to: &Board) -> SgfNode {
    let mut node = SgfNode::default();
    for p in to.points() {
        let (was, now) = (from.cell(p), to.cell(p));
        if was == now {
            continue;
        }
        let c = to.coord(p);
        match now {
            Cell::Black => node.add_black.push(c),
            Cell::White => node.add_white.push(c),
            _ => node.add_empty.push(c),
        }
    }
    node
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
