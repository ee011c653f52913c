//! The confirmation search on classic shapes.

use super::*;
use crate::board::Coord;
use crate::testkit::diagram;

fn pt(b: &Board, v: &str) -> Point {
    b.point(Coord::parse_gtp(v, b.size()).unwrap())
}

/// The verdict on the string at `target` under `rule`, with the strings through `walls`
/// (vertices) as walls.
fn verdict(b: &Board, target: &str, walls: &[&str], rule: KoRule) -> Verdict {
    let heads: Vec<Point> = walls.iter().map(|v| b.string_head(pt(b, v))).collect();
    let wall = |p: Point| heads.contains(&b.string_head(p));
    let region = region(b, pt(b, target), wall).expect("small region");
    capturable(b, pt(b, target), &region, rule, 200_000)
}

/// Both ko modes give `want`.
fn both(b: &Board, target: &str, walls: &[&str], want: Verdict) {
    for rule in [KoRule::PassForKo, KoRule::Simple] {
        assert_eq!(
            verdict(b, target, walls, rule),
            want,
            "{target} under {rule}\n{b:?}"
        );
    }
}

/// Black's corner group with the bent-four eye space A9 B9 C9 A8, White to play, no outside
/// liberty: White kills by a ko that Black cannot win without threats.
const BENT_FOUR: [&str; 9] = [
    ". . . X O . . . .",
    ". X X X O . . . .",
    "X X X X O . . . .",
    "O O O O O . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

/// The bent-four shape the Japanese rules rule on: White's B9 and A8 inside, Black to gain
/// nothing by moving, White able to start the ko whenever it likes.
const BENT_FOUR_SEKI: [&str; 9] = [
    ". O . X O . . . .",
    "O X X X O . . . .",
    ". X X X O . . . .",
    "X X X X O . . . .",
    "O O O O O . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

#[test]
fn bent_four_in_the_corner_is_dead() {
    let b = diagram(&BENT_FOUR);
    both(&b, "D9", &["E9"], Verdict::Captured);
    let b = diagram(&BENT_FOUR_SEKI);
    both(&b, "D9", &["E9"], Verdict::Captured);
}

#[test]
fn straight_four_and_two_eyes_live() {
    let b = diagram(&[
        ". . . . X O . . .",
        "X X X X X O . . .",
        "O O O O O O . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    both(&b, "E9", &["F9"], Verdict::Safe);
    // Straight three: dead.
    let b = diagram(&[
        ". . . X O . . . .",
        "X X X X O . . . .",
        "O O O O O . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    both(&b, "D9", &["E9"], Verdict::Captured);
}

/// A double-ko seki on 9x9 (walls alive on both sides). Black's inner group C1-C6, D2, D4,
/// D6 has the liberties D1 (shared) and D5 (ko b: White may take Black's E5); White's inner
/// group E1, E2, E4, E6, F1-F6 has D1 and E3 (ko a: Black may take White's D3).
pub(crate) const DOUBLE_KO_SEKI: [&str; 9] = [
    ". O . O X . X . X",
    "O O O O X X X X X",
    "O O O O X X X . X",
    ". O X X O O X X X",
    "O O X . X O X . X",
    "O O X X O O X X X",
    ". O X O . O X . X",
    "O O X X O O X X X",
    "O O X . O O X . X",
];

#[test]
fn double_ko_seki_lives_on_both_sides() {
    let b = diagram(&DOUBLE_KO_SEKI);
    both(&b, "C1", &["B1", "G1"], Verdict::Safe);
    both(&b, "F1", &["B1", "G1"], Verdict::Safe);
    // The lone stones in the kos can be taken.
    both(&b, "D3", &["B1", "G1"], Verdict::Captured);
    both(&b, "E5", &["B1", "G1"], Verdict::Captured);
}

/// A seki without eyes: Black B9 B8 B7 C7 and White D9 D8 D7 share C9 and C8; the walls are
/// alive.
pub(crate) const SEKI: [&str; 9] = [
    "O X . O X . X . X",
    "O X . O X X X X X",
    "O X X O X . X . X",
    "O O O X X X X X X",
    "O . O X . X . X .",
    "O O O X X X X X X",
    ". O O X . X . X .",
    "O O O X X X X X X",
    "O . O X . X . X .",
];

#[test]
fn a_plain_seki_lives_and_an_invader_dies() {
    let b = diagram(&SEKI);
    both(&b, "B9", &["A9", "D1"], Verdict::Safe);
    both(&b, "D9", &["A9", "D1"], Verdict::Safe);
    // A lone black stone in White's corner, free to run: it is still caught.
    let b = diagram(&[
        ". . . O . . . . .",
        ". X . O . . . . .",
        ". . . O . . . . .",
        "O O O O . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    both(&b, "B8", &["D9"], Verdict::Captured);
}

/// White's corner group has one eye (A9) and two kos: ko 1 (Black may take White's D9 at C9),
/// ko 2 (White may take Black's C7 at D7). Black takes ko 1 (atari), White takes ko 2, Black
/// connects at D9 and retakes ko 2 once its ban is lifted; White may recapture only after
/// passing, too late. With ko threats, White could fight the last ko; in the confirmation
/// phase threats do not exist, so a double ko death is a death.
const DOUBLE_KO_DEATH: [&str; 9] = [
    ". O . O X . X . X",
    "O O O X X X X X X",
    "O O X . X . X . X",
    "X O O X X X X X X",
    "X X X X . X . X .",
    "X X X X X X X X X",
    ". X . X . X . X .",
    "X X X X X X X X X",
    ". X . X . X . X .",
];

#[test]
fn a_double_ko_death_is_a_death() {
    let b = diagram(&DOUBLE_KO_DEATH);
    both(&b, "B9", &["E9"], Verdict::Captured);
}
