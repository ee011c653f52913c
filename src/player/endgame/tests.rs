//! The end-of-game corrections on small positions.

use super::*;
use crate::board::Coord;
use crate::rules::Ruleset;
use crate::score::status::judge;
use crate::testkit::diagram;

fn pt(b: &Board, v: &str) -> Point {
    b.point(Coord::parse_gtp(v, b.size()).unwrap())
}

fn game(rows: &[&str], preset: &str, to_move: Color) -> Game {
    let rules = Ruleset::preset(preset).unwrap();
    let mut g = crate::testkit::new_game(rows.len(), rules);
    g.set_start(diagram(rows), to_move, 0);
    g
}

/// A finished 9x9 game: Black owns the left, White the right, all areas small; White's A9
/// is dead in Black's corner.
const DEAD_INVADER: [&str; 9] = [
    "O . X . X O . O .",
    "X X X X X O O O O",
    ". . X . X O . . O",
    "X X X X X O O O O",
    ". . X . X O . O .",
    "X X X X X O O O O",
    ". . X . X O . . O",
    "X X X X X O O O O",
    ". . X . X O . O .",
];

#[test]
fn area_scoring_captures_dead_stones_before_passing() {
    let g = game(&DEAD_INVADER, "chinese", Color::Black);
    let status = std::rc::Rc::new(judge(&g, 7));
    assert!(status.is_dead(pt(g.board(), "A9")));
    let got = adjust(&g, Color::Black, SearchMove::Pass, || status.clone());
    let SearchMove::Play(p) = got else {
        panic!("passed: {got:?}");
    };
    assert_eq!(g.board().vertex(p), "B9");
    // White has nothing to clean up: its pass stands.
    assert_eq!(
        adjust(&g, Color::White, SearchMove::Pass, || status.clone()),
        SearchMove::Pass
    );
}

#[test]
fn territory_scoring_does_not_fill_own_territory() {
    let g = game(&DEAD_INVADER, "japanese", Color::Black);
    let status = std::rc::Rc::new(judge(&g, 7));
    // Black's play deep in its own area is replaced; there is no dame, so by a pass.
    let inside = SearchMove::Play(pt(g.board(), "B7"));
    assert_eq!(
        adjust(&g, Color::Black, inside, || status.clone()),
        SearchMove::Pass
    );
    // Passing stays passing under territory scoring, dead stones or not.
    assert_eq!(
        adjust(&g, Color::Black, SearchMove::Pass, || status.clone()),
        SearchMove::Pass
    );
    // A play next to the dead stone is not "deep inside": left alone.
    let near = SearchMove::Play(pt(g.board(), "B9"));
    assert_eq!(adjust(&g, Color::Black, near, || status.clone()), near);
    // White's play in its own area is replaced too.
    let near = SearchMove::Play(pt(g.board(), "G7"));
    assert_eq!(
        adjust(&g, Color::White, near, || status.clone()),
        SearchMove::Pass
    );
}

#[test]
fn a_dame_is_filled_instead_of_own_territory() {
    // F5 and G5 touch both colours: neutral points.
    let mut rows = DEAD_INVADER;
    rows[4] = ". . X . X . . O .";
    let g = game(&rows, "japanese", Color::Black);
    let status = std::rc::Rc::new(judge(&g, 3));
    let inside = SearchMove::Play(pt(g.board(), "A7"));
    let got = adjust(&g, Color::Black, inside, || status.clone());
    assert_eq!(got, SearchMove::Play(pt(g.board(), "F5")));
}
