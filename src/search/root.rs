//! The root of a search: the moves it considers and the priors they start with, which are
//! also the policy an analysis shows (KataGo's `policy`, `prior`).

use super::priors::{self, Prior, PriorSource};
use super::MoveFilter;
use crate::board::{Color, Point};
use crate::game::Game;

/// The board plays a search of `game` for `color` considers at its root: the legal plays
/// (under the game's full ko rule) that do not fill one of `color`'s own eyes, and that
/// `filter` permits at depth 0.
pub fn root_moves(game: &Game, color: Color, filter: &MoveFilter) -> Vec<Point> {
    let board = game.board();
    game.legal_plays(color)
        .into_iter()
        .filter(|&p| !board.is_eye(p, color) && filter.permits(0, color, p))
        .collect()
}

/// Each of `moves` and then the pass with its prior from `source`, as the root's children
/// get them.
pub fn root_priors(
    source: PriorSource,
    game: &Game,
    color: Color,
    moves: &[Point],
) -> Vec<(Point, Prior)> {
    let board = game.board();
    let m = game.moves();
    let last = super::last_play(game);
    let last2 = m.len().checked_sub(2).map_or(Point::PASS, |i| m[i].point);
    let mut kids: Vec<(Point, Prior)> = moves
        .iter()
        .copied()
        .chain([Point::PASS])
        .map(|p| (p, Prior::default()))
        .collect();
    priors::fill(
        source,
        board,
        color,
        (last, last2),
        &mut kids,
        &mut Vec::new(),
    );
    kids
}

/// The search's policy for `color` in `game` with priors from `source`: every root move and
/// the pass with its prior's [`policy_weight`](Prior::policy_weight) (the move model's
/// probability, or with the hand-made priors their win rate), scaled so that they sum to 1
/// (the `prior` an analysis reports).
pub fn policy(source: PriorSource, game: &Game, color: Color) -> Vec<(Point, f64)> {
    let moves = root_moves(game, color, &MoveFilter::default());
    let kids = root_priors(source, game, color, &moves);
    let sum = Prior::policy_total(source, kids.iter().map(|(_, p)| *p));
    kids.into_iter()
        .map(|(p, prior)| (p, prior.policy_weight(source) / sum))
        .collect()
}
