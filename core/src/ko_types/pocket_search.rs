//! Searches for disturbing-life positions (ignored tests, the evidence behind the "Test
//! positions" section of `docs/ko-types-internals.md`), and a cross-check of the solver's prunings.
//!
//! Every colouring (empty, Black, White) of a small pocket inside unconditionally alive walls
//! is tried. A colouring is kept when every string has a liberty, the board has exactly one
//! basic ko and every empty pocket point is in the ko's region (an empty point outside the
//! region is never played, so an answer there could be an artefact of the region). For each,
//! the two closed-killer questions are asked; the positions where neither answer is yes are
//! printed, and the tally of answers is printed at the end.

use super::tests::{band, diagram};
use super::*;
use crate::board::Coord;
use std::collections::BTreeMap;

/// The positions of one pocket, one by one.
fn colourings<'a>(frame: &'a Board, pocket: &'a [Point]) -> impl Iterator<Item = Board> + 'a {
    (0..3usize.pow(pocket.len() as u32)).filter_map(move |code| {
        let mut b = frame.clone();
        let mut c = code;
        for &p in pocket {
            match c % 3 {
                1 => b.place_setup(p, Color::Black),
                2 => b.place_setup(p, Color::White),
                _ => {}
            }
            c /= 3;
        }
        let legal = pocket
            .iter()
            .all(|&p| b.cell(p) == Cell::Empty || !b.liberties(p, 1).is_empty());
        legal.then_some(b)
    })
}

/// The position's single basic ko, if its region holds every empty pocket point.
fn pocket_ko(b: &Board, pocket: &[Point]) -> Option<BasicKo> {
    let kos = find_kos(b);
    let [ko] = kos[..] else { return None };
    let reg = region(b, ko)?;
    pocket
        .iter()
        .all(|&p| b.cell(p) != Cell::Empty || reg.contains(&p))
        .then_some(ko)
}

fn answer_name(a: Answer) -> &'static str {
    match a {
        Answer::Yes(_) => "yes",
        Answer::No => "no",
        Answer::Unknown => "unknown",
    }
}

/// Classifies every position of the pocket; prints those with no closed killer shown (at
/// most `show` of those with both answers unknown) and the tally; returns how many positions
/// have no closed killer for sure (both answers no).
fn search(name: &str, frame: &Board, pocket: &[Point], show: usize) -> usize {
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    let (mut shown, mut lives) = (0, 0);
    for b in colourings(frame, pocket) {
        let Some(ko) = pocket_ko(&b, pocket) else {
            continue;
        };
        let killer = |z: Color| {
            let start = role_start(&b, ko, z, Role::Closed);
            solver::virtual_force(&start, ko, z, Target::Ko)
        };
        let (closed, open) = (killer(ko.closed()), killer(ko.open));
        let key = format!("{}/{}", answer_name(closed), answer_name(open));
        *tally.entry(key).or_default() += 1;
        if closed.known() == Some(true) || open.known() == Some(true) {
            continue;
        }
        if closed == Answer::No && open == Answer::No {
            lives += 1;
        } else if shown >= show {
            continue;
        }
        shown += 1;
        let r = super::tests::exact(&b, ko);
        eprintln!(
            "== {name}\n{}\n{}\n{}\n",
            b.render(),
            super::report::report_line(&b, &r),
            super::report::detail(&b, &r.answers)
        );
    }
    eprintln!("{name}: closed killer? (closed player/open player as the closed one) {tally:?}");
    lives
}

fn points(b: &Board, cols: std::ops::Range<usize>, rows: std::ops::Range<usize>) -> Vec<Point> {
    rows.flat_map(|r| cols.clone().map(move |c| (c, r)))
        .map(|(c, r)| b.point(Coord::new(c, r)))
        .collect()
}

/// The 9x9 band of the test positions, D7-G9 empty (a 4x3 pocket).
fn band_frame() -> Board {
    band([
        ". X X . . . . O .",
        ". X X . . . . O .",
        "X X X . . . . O O",
    ])
}

/// A 7x7 White wall with many eyes and an empty corner A5-D7: only inner groups there.
const CORNER: [&str; 7] = [
    ". . . . O . O",
    ". . . . O O O",
    ". . . . O . O",
    "O O O O O O O",
    ". O . O . O .",
    "O O O O O O O",
    ". O . O . O .",
];

/// The same wall with an empty edge pocket B5-E7.
const EDGE: [&str; 7] = [
    "O . . . . O .",
    "O . . . . O O",
    "O . . . . O .",
    "O O O O O O O",
    ". O . O . O .",
    "O O O O O O O",
    ". O . O . O .",
];

/// A 9x9 board with a 5x3 pocket C7-G9 between a Black wall (A-B, C6-D6) and a White wall
/// (H-J, E6-G6).
const WIDE: [&str; 9] = [
    ". X . . . . . O .",
    "X X . . . . . O O",
    ". X . . . . . O .",
    "X X X X O O O O O",
    ". X X X O O O O .",
    ". X X X O O O O .",
    "X X X X O O O O O",
    ". X X X O O O O .",
    ". X X X O O O O .",
];

/// `cargo test --lib ko_types::pocket_search::small_pockets -- --ignored --nocapture`
/// (about a minute): 3206 + 7616 + 4352 positions with one ko; none has two "no" answers.
#[test]
#[ignore]
fn small_pockets() {
    let b = band_frame();
    let mut lives = search("band D7-G9", &b, &points(&b, 3..7, 6..9), 4);
    let b = diagram(&CORNER);
    lives += search("corner A5-D7", &b, &points(&b, 0..4, 4..7), 4);
    let b = diagram(&EDGE);
    lives += search("edge B5-E7", &b, &points(&b, 1..5, 4..7), 4);
    eprintln!("disturbing lives: {lives}");
}

/// `cargo test --lib ko_types::pocket_search::wide_pocket -- --ignored --nocapture` (a few
/// minutes): 94274 positions with one ko; none has two "no" answers.
#[test]
#[ignore]
fn wide_pocket() {
    let b = diagram(&WIDE);
    let lives = search("band C7-G9", &b, &points(&b, 2..7, 6..9), 8);
    eprintln!("disturbing lives: {lives}");
}

/// Calls `ask` with every question of every position with one ko of the band and edge
/// pockets: the position, its ko, the player, the role's start and the target.
fn each_pocket_question(mut ask: impl FnMut(&Board, BasicKo, Color, Role, &Board, Target)) {
    let band = band_frame();
    let edge = diagram(&EDGE);
    let pockets = [
        (&band, points(&band, 3..7, 6..9)),
        (&edge, points(&edge, 1..5, 4..7)),
    ];
    for (frame, pocket) in pockets {
        for b in colourings(frame, &pocket) {
            let Some(ko) = pocket_ko(&b, &pocket) else {
                continue;
            };
            for z in Color::BOTH {
                for role in [Role::Open, Role::Closed] {
                    let start = role_start(&b, ko, z, role);
                    for target in [Target::Ko, Target::Locale] {
                        ask(&b, ko, z, role, &start, target);
                    }
                }
            }
        }
    }
}

/// Asks every question of the band and edge pockets of `solver::virtual_force` and of
/// `other`, asserts that no answer known to both differs, and prints how many questions were
/// asked and how many only one of the two answered.
fn agrees_with(other: fn(&Board, BasicKo, Color, Target) -> Answer) {
    let (mut checked, mut one_only) = (0, 0);
    each_pocket_question(|b, ko, z, role, start, target| {
        let first = solver::virtual_force(start, ko, z, target).known();
        let second = other(start, ko, z, target).known();
        checked += 1;
        if let (Some(x), Some(y)) = (first, second) {
            assert_eq!(x, y, "{z:?} {role:?} {target:?}\n{}", b.render());
        } else if first != second {
            one_only += 1;
        }
    });
    eprintln!("{checked} questions agree; {one_only} known to one reading only");
}

/// The prunings never change a yes into a no or back: on every position of the band and edge
/// pockets, each of the eight questions gets no contradicting answers from the pruned and the
/// plain search (about 20 minutes: the plain search often runs to its node budget).
/// `cargo test --lib ko_types::pocket_search::prunings_agree -- --ignored --nocapture`
#[test]
#[ignore]
fn prunings_agree() {
    agrees_with(solver::virtual_force_unpruned);
}

/// Sharing transpositions before captures never changes a yes into a no or back: on every
/// position of the band and edge pockets, each of the eight questions gets no contradicting
/// answers from the shared and the unshared reading (about 6 minutes in a debug build).
/// `cargo test --lib ko_types::pocket_search::sharing_agrees -- --ignored --nocapture`
#[test]
#[ignore]
fn sharing_agrees() {
    agrees_with(solver::virtual_force_unshared);
}
