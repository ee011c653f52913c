//! End-of-game corrections to the search's move, and the cleanup move KGS asks for.
//!
//! The search counts by area whatever the rules, so near the end it is indifferent to two
//! things that matter: under area scoring, passing while dead opponent stones stand leaves
//! the result to a dispute over them; under territory scoring, a play inside one's own
//! territory costs a point. [`adjust`] corrects both (`docs/scoring.md`, "Endgame"):
//!
//! - **Area scoring, the search passes:** if the engine judges some opponent stones dead and
//!   has a [`cleanup_play`] against them, it plays that instead (captures settle the dispute
//!   on the board).
//! - **Territory scoring, the search plays inside its own territory needlessly:** the move is
//!   replaced by a safe play on a neutral point (dame), or by a pass when there is none. A
//!   move counts as needless when it captures nothing; its empty area touches the player's
//!   stones only and holds at most [`MAX_TERRITORY`] points; those stones are alive, none in
//!   seki, each string unconditionally alive or owned by the player in at least
//!   [`WALL_SHARE`] of the playouts, with three liberties or more; and the player owned every
//!   point of the area in at least [`SAFE_SHARE`] of the playouts.
//!
//! Neither applies after [`MAX_MOVES_FACTOR`] x (board area) moves, so a wrong judgement
//! cannot keep a game going forever.

use crate::board::{Board, Cell, Color, Point};
use crate::game::Game;
use crate::rules::Scoring;
use crate::score::status::{Basis, Status, StatusMap, WALL_SHARE};
use crate::search::SearchMove;
use crate::tactics::regions::EmptyAreas;

/// Share of playouts a player must own every point of an area in for a play there to be
/// needless.
pub const SAFE_SHARE: f64 = 0.8;
/// No corrections once the game is this many times the board's area long.
pub const MAX_MOVES_FACTOR: usize = 4;

/// The move to play instead of `chosen` (the search's move for `color`), which may be
/// `chosen` itself. `status` gives the engine's judgement of the position (it is only asked
/// for when a correction may apply).
pub fn adjust(
    game: &Game,
    color: Color,
    chosen: SearchMove,
    status: impl FnOnce() -> std::rc::Rc<StatusMap>,
) -> SearchMove {
    let size = game.size();
    if game.moves().len() > MAX_MOVES_FACTOR * size * size {
        return chosen;
    }
    match (game.rules().scoring, chosen) {
        (Scoring::Area, SearchMove::Pass) => match cleanup_play(game, color, &status()) {
            Some(p) => {
                tracing::info!(
                    "not passing: dead stones remain, playing {}",
                    game.board().vertex(p)
                );
                SearchMove::Play(p)
            }
            None => chosen,
        },
        (Scoring::Territory, SearchMove::Play(p)) if deep_inside(game.board(), color, p) => {
            let status = status();
            if !needless(game, color, p, &status) {
                return chosen;
            }
            let instead =
                dame_play(game, color, &status).map_or(SearchMove::Pass, SearchMove::Play);
            tracing::info!(
                "{} fills own territory needlessly; playing {}",
                game.board().vertex(p),
                match instead {
                    SearchMove::Play(q) => game.board().vertex(q),
                    _ => "pass".into(),
                }
            );
            instead
        }
        _ => chosen,
    }
}

/// A legal play for `color` that takes a liberty from an opponent string `status` judges
/// dead: a capture if there is one, else on the dead string with the fewest liberties;
/// never on an own eye nor a self-atari that captures nothing. `None` when no dead opponent
/// stone remains (or none can be approached).
pub fn cleanup_play(game: &Game, color: Color, status: &StatusMap) -> Option<Point> {
    let board = game.board();
    let opponent = color.opponent();
    let mut best: Option<(usize, Point)> = None;
    for stone in board.points() {
        if board.cell(stone).color() != Some(opponent)
            || board.string_head(stone) != stone
            || !status.is_dead(stone)
        {
            continue;
        }
        let libs = board.liberties(stone, 64);
        for &lib in &libs {
            if board.is_eye(lib, color)
                || !game.is_legal(color, lib)
                || (libs.len() > 1 && self_atari(board, color, lib))
            {
                continue;
            }
            if best.is_none_or(|(n, _)| libs.len() < n) {
                best = Some((libs.len(), lib));
            }
        }
    }
    best.map(|(_, p)| p)
}

/// True when `color`'s play on `p` leaves its own string with at most one liberty.
fn self_atari(board: &Board, color: Color, p: Point) -> bool {
    let mut after = board.clone();
    after.play(p, color);
    after.cell(p) != Cell::stone(color) || after.liberties(p, 2).len() < 2
}

/// Largest own area a play may be judged needless in (bigger ones are not territory yet).
pub const MAX_TERRITORY: usize = 40;

/// Cheap test before judging: `p` is empty, and its empty area on the board as it stands
/// touches `color`'s stones only and holds at most [`MAX_TERRITORY`] points.
fn deep_inside(board: &Board, color: Color, p: Point) -> bool {
    if board.cell(p) != Cell::Empty {
        return false;
    }
    let opp = Cell::stone(color.opponent());
    let mut seen = vec![p];
    let mut i = 0;
    while i < seen.len() {
        for n in board.neighbours(seen[i]) {
            match board.cell(n) {
                c if c == opp => return false,
                Cell::Empty if !seen.contains(&n) => {
                    if seen.len() == MAX_TERRITORY {
                        return false;
                    }
                    seen.push(n);
                }
                _ => {}
            }
        }
        i += 1;
    }
    true
}

/// The position with the stones `status` judges dead removed.
fn without_dead(board: &Board, status: &StatusMap) -> Board {
    let mut alive = Board::new(board.size());
    for p in board.points() {
        if let Some(c) = board.cell(p).color() {
            if !status.is_dead(p) {
                alive.place_setup(p, c);
            }
        }
    }
    alive
}

/// True when `color`'s play on `p` is a needless play inside its own territory (see the
/// module documentation).
fn needless(game: &Game, color: Color, p: Point, status: &StatusMap) -> bool {
    let board = game.board();
    if board.is_capture(p, color) {
        return false;
    }
    let alive = without_dead(board, status);
    let areas = EmptyAreas::new(&alive);
    let Some((_, area)) = areas.of(p) else {
        return false;
    };
    if area.owner() != Some(color) {
        return false;
    }
    let ownership = status.ownership();
    if area
        .points
        .iter()
        .any(|&e| ownership.share(e, color) < SAFE_SHARE)
    {
        return false;
    }
    area.points
        .iter()
        .flat_map(|&e| alive.neighbours(e))
        .filter(|&n| alive.cell(n) == Cell::stone(color))
        .all(|n| {
            let solid =
                status.basis(n) == Some(Basis::Benson) || ownership.share(n, color) >= WALL_SHARE;
            status.status(n) == Some(Status::Alive) && solid && board.liberties(n, 3).len() >= 3
        })
}

/// A play on a neutral point (an empty area touching both colours' live stones) that is legal,
/// touches no stone in seki and leaves the player's string at least two liberties; the one
/// leaving the most liberties, first in board order on ties.
fn dame_play(game: &Game, color: Color, status: &StatusMap) -> Option<Point> {
    let board = game.board();
    let alive = without_dead(board, status);
    let areas = EmptyAreas::new(&alive);
    let mut best: Option<(usize, Point)> = None;
    for q in board.points() {
        if board.cell(q) != Cell::Empty {
            continue;
        }
        let neutral = areas.of(q).is_some_and(|(_, a)| a.touches == [true, true]);
        let near_seki = board
            .neighbours(q)
            .iter()
            .any(|&n| status.status(n) == Some(Status::Seki));
        if !neutral || near_seki || !game.is_legal(color, q) {
            continue;
        }
        let mut after = board.clone();
        after.play(q, color);
        let libs = after.liberties(q, 8).len();
        if libs >= 2 && best.is_none_or(|(n, _)| libs > n) {
            best = Some((libs, q));
        }
    }
    best.map(|(_, q)| q)
}

#[cfg(test)]
mod tests;
