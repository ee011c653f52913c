use super::*;
use crate::board::Coord;
use crate::game::{Game, Illegal};
use crate::rules::{KoRule, Ruleset};

use Color::{Black as B, White as W};

/// A game under `rule` starting from `rows` (top row first; `X` black, `O` white, `.` empty,
/// spaces ignored), `to_move` to play.
fn setup(rule: KoRule, rows: &[&str], to_move: Color) -> Game {
    let board = Board::from_diagram(&rows.join("\n"));
    let size = board.size();
    let rules = Ruleset {
        ko: rule,
        ..Ruleset::default()
    };
    let mut g = crate::testkit::new_game(size, rules);
    g.set_start(board, to_move, 0);
    g
}

fn pt(g: &Game, v: &str) -> Point {
    g.board().point(Coord::parse_gtp(v, g.size()).unwrap())
}

fn play(g: &mut Game, color: Color, v: &str) {
    let p = pt(g, v);
    if let Err(e) = g.play(color, p) {
        panic!("{color} {v}: {e}\n{:?}", g.board());
    }
}

fn ko_play(g: &Game, color: Color, v: &str) -> bool {
    is_ko_play(g.board(), color, pt(g, v))
}

fn hot(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g
        .hot_stones()
        .iter()
        .map(|&p| g.board().vertex(p))
        .collect();
    v.sort();
    v
}

/// The clause of the ban on `color` playing `v`, or `None` if the play is legal.
fn ban(g: &Game, color: Color, v: &str) -> Option<&'static str> {
    match g.check(color, pt(g, v)) {
        Ok(_) => None,
        Err(Illegal::Ko(ban)) => Some(ban.clause.as_str()),
        Err(e) => panic!("{color} {v}: {e}"),
    }
}

const HOT: Option<&str> = Some("ing-spight hot stone");
const ODD: Option<&str> = Some("ing-spight odd cycle");

/// A basic ko; White to take at B3 (capturing C3).
/// ```text
///    A B C D E
///  5 . . . . .
///  4 . X O . .
///  3 X . X O .
///  2 . X O . .
///  1 . . . . .
/// ```
const BASIC: &[&str] = &[".....", ".XO..", "X.XO.", ".XO..", "....."];

#[test]
fn basic_ko_retake_is_banned_until_a_non_ko_play() {
    let mut g = setup(KoRule::IngSpight, BASIC, W);
    assert!(ko_play(&g, W, "B3"));
    play(&mut g, W, "B3");
    assert_eq!(hot(&g), ["B3"]);
    assert_eq!(ban(&g, B, "C3"), HOT);
    // A play elsewhere that is not a ko play cools B3; so does White's answer.
    assert!(!ko_play(&g, B, "E1"));
    play(&mut g, B, "E1");
    assert!(hot(&g).is_empty());
    play(&mut g, W, "E5");
    assert_eq!(ban(&g, B, "C3"), None);
    play(&mut g, B, "C3");
    assert_eq!(hot(&g), ["C3"]);
    assert_eq!(ban(&g, W, "B3"), HOT);
    // A pass cools too.
    g.play(W, Point::PASS).unwrap();
    assert!(hot(&g).is_empty());
    play(&mut g, B, "E2");
    assert_eq!(ban(&g, W, "B3"), None);
}

#[test]
fn basic_ko_behaves_as_under_simple() {
    for rule in [KoRule::Simple, KoRule::IngSpight] {
        let mut g = setup(rule, BASIC, W);
        play(&mut g, W, "B3");
        assert!(!g.is_legal(B, pt(&g, "C3")), "{rule}");
        play(&mut g, B, "A1");
        play(&mut g, W, "A5");
        assert!(g.is_legal(B, pt(&g, "C3")), "{rule}");
    }
}

/// Three kos: Black to take at B1 and G4, White at B7.
/// ```text
///    A B C D E F G
///  7 X . X O . . .
///  6 X X O . . . X
///  5 . . . . . X O
///  4 . . . . . O .
///  3 . . . . . . O
///  2 . O X . . . .
///  1 O . O X . . .
/// ```
const TRIPLE: &[&str] = &[
    "X.XO...", "XXO...X", ".....XO", ".....O.", "......O", ".OX....", "O.OX...",
];

#[test]
fn triple_ko_after_three_captures_the_player_to_move_takes_no_ko() {
    let mut g = setup(KoRule::IngSpight, TRIPLE, B);
    play(&mut g, B, "B1");
    play(&mut g, W, "B7");
    play(&mut g, B, "G4");
    assert_eq!(hot(&g), ["B1", "B7", "G4"]);
    assert_eq!(ban(&g, W, "C1"), HOT);
    assert_eq!(ban(&g, W, "G5"), HOT);
    // No legal play of White captures anything.
    let board = g.board().clone();
    for p in g.legal_plays(W) {
        let mut after = board.clone();
        assert_eq!(after.play(p, W), 0, "W {} captures", board.vertex(p));
    }
    // Under simple and under positional superko, White may still retake at C1.
    for rule in [KoRule::Simple, KoRule::Positional] {
        let mut g = setup(rule, TRIPLE, B);
        for (c, v) in [(B, "B1"), (W, "B7"), (B, "G4")] {
            play(&mut g, c, v);
        }
        assert_eq!(ban(&g, W, "C1"), None, "{rule}");
    }
    // A play elsewhere cools everything.
    play(&mut g, W, "D4");
    play(&mut g, B, "D3");
    assert_eq!(ban(&g, W, "C1"), None);
}

/// The four-play cycle of eternal life (chōsei); Black to play.
/// ```text
///    A B C D E F
///  6 . . . . . .
///  5 . . . . . .
///  4 . . . . . .
///  3 . . . . . .
///  2 O O X X . .
///  1 . X . O X .
/// ```
/// Black sacrifices two at A1, White captures them at C1, Black takes two back at B1, White
/// throws in at D1: the starting position again.
const ETERNAL: &[&str] = &["......", "......", "......", "......", "OOXX..", ".X.OX."];

#[test]
fn eternal_life_is_a_ko() {
    // The sacrifice, the capture and the recapture each start the four-play cycle. The
    // throw-in does not: the sacrifice that follows it (A1) is not next to D1, the only point
    // then differing, so the locality clause rules the cycle out and the throw-in cools.
    let cycle = [
        (B, "A1", true),
        (W, "C1", true),
        (B, "B1", true),
        (W, "D1", false),
    ];
    let hot_after = [vec!["A1"], vec!["C1"], vec!["B1"], vec![]];
    let mut g = setup(KoRule::Simple, ETERNAL, B);
    let start = g.board().clone();
    for ((c, v, ko), want) in cycle.into_iter().zip(hot_after) {
        assert_eq!(ko_play(&g, c, v), ko, "{c} {v}");
        play(&mut g, c, v);
        assert_eq!(hot(&g), want, "after {c} {v}");
    }
    assert_eq!(g.board(), &start);

    // Under Ing-Spight each capture of a hot stone needs a threat first.
    let mut g = setup(KoRule::IngSpight, ETERNAL, B);
    play(&mut g, B, "A1");
    assert_eq!(ban(&g, W, "C1"), HOT);
    play(&mut g, W, "F6");
    play(&mut g, B, "F5");
    assert_eq!(ban(&g, W, "C1"), None);
    play(&mut g, W, "C1");
    assert_eq!(ban(&g, B, "B1"), HOT);
    play(&mut g, B, "F4");
    play(&mut g, W, "F3");
    play(&mut g, B, "B1");
    assert_eq!(ban(&g, W, "D1"), None);
    play(&mut g, W, "D1");
    assert_eq!(ban(&g, B, "A1"), None);
}

/// Sending two, returning one; Black to play.
/// ```text
///    A B C D E F
///  6 . . . . . .
///  5 . . . . . .
///  4 . . . . . .
///  3 . . . . . .
///  2 O O X X . .
///  1 . X . X . .
/// ```
/// Black sends two at A1, White captures at C1, Black takes one back at B1: the starting
/// position again, after three plays.
const SEND_TWO: &[&str] = &["......", "......", "......", "......", "OOXX..", ".X.X.."];

#[test]
fn sending_two_returning_one_may_be_played_once() {
    let mut g = setup(KoRule::IngSpight, SEND_TWO, B);
    let start = g.board().clone();
    for (c, v) in [(B, "A1"), (W, "C1"), (B, "B1")] {
        assert!(!ko_play(&g, c, v), "{c} {v}");
        play(&mut g, c, v);
        assert!(hot(&g).is_empty());
    }
    assert_eq!(g.board(), &start);
    play(&mut g, W, "F6");
    play(&mut g, B, "A1");
    play(&mut g, W, "C1");
    assert_eq!(ban(&g, B, "B1"), ODD);

    // Plays elsewhere in between do not hide the cycle.
    let mut g = setup(KoRule::IngSpight, SEND_TWO, B);
    for (c, v) in [(B, "A1"), (W, "C1"), (B, "B1"), (W, "F6"), (B, "A1")] {
        play(&mut g, c, v);
    }
    play(&mut g, W, "F4");
    play(&mut g, B, "F5");
    play(&mut g, W, "C1");
    assert_eq!(ban(&g, B, "B1"), ODD);
    // Black may play elsewhere, and B1 stays banned while the cycle is pending.
    play(&mut g, B, "E6");
    play(&mut g, W, "E5");
    assert_eq!(ban(&g, B, "B1"), ODD);

    // Passes between the plays do not hide the first round either.
    let mut g = setup(KoRule::IngSpight, SEND_TWO, B);
    play(&mut g, B, "A1");
    g.play(W, Point::PASS).unwrap();
    g.play(B, Point::PASS).unwrap();
    for (c, v) in [(W, "C1"), (B, "B1"), (W, "F6"), (B, "A1"), (W, "C1")] {
        play(&mut g, c, v);
    }
    assert_eq!(ban(&g, B, "B1"), ODD);

    // Under simple the second round is legal.
    let mut g = setup(KoRule::Simple, SEND_TWO, B);
    for (c, v) in [
        (B, "A1"),
        (W, "C1"),
        (B, "B1"),
        (W, "F6"),
        (B, "A1"),
        (W, "C1"),
    ] {
        play(&mut g, c, v);
    }
    assert_eq!(ban(&g, B, "B1"), None);
}

/// A snapback; Black to play.
/// ```text
///    A B C D E
///  5 . . . . .
///  4 . . . . .
///  3 X X X X .
///  2 X O O O X
///  1 X O . . X
/// ```
/// Black throws in at C1, White captures at D1, Black takes five at C1.
const SNAPBACK: &[&str] = &[".....", ".....", "XXXX.", "XOOOX", "XO..X"];

#[test]
fn snapback_is_not_a_ko_play() {
    let mut g = setup(KoRule::IngSpight, SNAPBACK, B);
    play(&mut g, B, "C1");
    play(&mut g, W, "D1");
    assert!(!ko_play(&g, B, "C1"));
    assert_eq!(ban(&g, B, "C1"), None);
    // Even were D1 hot, the snapback would take it: only ko plays are barred.
    assert_eq!(judge_with_hot(&g, &["D1"], B, "C1"), None);
    play(&mut g, B, "C1");
    assert!(hot(&g).is_empty());
    assert_eq!(g.board().captures(B), 5);
    // Whereas a ko retake of a hot stone is barred.
    let mut g = setup(KoRule::IngSpight, BASIC, W);
    play(&mut g, W, "B3");
    assert_eq!(judge_with_hot(&g, &["B3"], B, "C3"), HOT);
    assert_eq!(judge_with_hot(&g, &[], B, "C3"), None);
}

/// [`judge`]'s clause for `color` playing `v` in `g` if exactly the stones `hot` were hot.
fn judge_with_hot(g: &Game, hot: &[&str], color: Color, v: &str) -> Option<&'static str> {
    let mut ing = IngMemory::default();
    for h in hot {
        let p = pt(g, h);
        ing.run.push((p, g.board().cell(p).color().unwrap()));
        ing.hot.push(p);
    }
    let cand = Candidate::of(g.board(), pt(g, v), color);
    judge(&ing, &cand).map(|b| b.clause.as_str())
}

/// Black's self-atari at C1 would start this 8-play cycle back to the position:
/// B C1, W B3 (takes four), B A1, W A3, B B1, W A4, B B2 (takes four), W A2. But W A3
/// neither restores a stone, captures nor leaves its string in atari, so C1 is no ko play.
/// ```text
///    A B C D E
///  5 X X . X X
///  4 . X O . X
///  3 . . X . .
///  2 O X O O X
///  1 X X . O .
/// ```
const APPROACH: &[&str] = &["XX.XX", ".XO.X", "..X..", "OXOOX", "XX.O."];

#[test]
fn a_cycle_needing_an_approach_play_does_not_make_a_ko_play() {
    let mut g = setup(KoRule::Simple, APPROACH, B);
    assert!(!ko_play(&g, B, "C1"));
    let start = g.board().clone();
    let line = [
        (B, "C1"),
        (W, "B3"),
        (B, "A1"),
        (W, "A3"),
        (B, "B1"),
        (W, "A4"),
        (B, "B2"),
        (W, "A2"),
    ];
    for (c, v) in line {
        play(&mut g, c, v);
    }
    assert_eq!(g.board(), &start);
}

#[test]
fn a_play_is_identified_by_its_string_and_removed_stones() {
    let id = |g: &Game, c: Color, v: &str| {
        let mut after = g.board().clone();
        let mut removed: Vec<Point> = Vec::new();
        after.play_with(pt(g, v), c, |r| removed.push(r));
        PlayId::new(c, pt(g, v), &after, &removed)
    };
    // The throw-in and the snapback at C1: the same point, different removed stones.
    let mut g = setup(KoRule::Simple, SNAPBACK, B);
    let throw_in = id(&g, B, "C1");
    play(&mut g, B, "C1");
    play(&mut g, W, "D1");
    assert_ne!(id(&g, B, "C1"), throw_in);
    // A1 joining B1, or standing alone: the same point, different strings.
    let g = setup(KoRule::Simple, SEND_TWO, B);
    let empty = setup(KoRule::Simple, &["......"; 6], B);
    assert_ne!(id(&g, B, "A1"), id(&empty, B, "A1"));
    assert_eq!(id(&g, B, "A1"), id(&g, B, "A1"));
    assert_ne!(id(&empty, B, "A1"), id(&empty, W, "A1"));
}

#[test]
fn occupied_points_and_suicides_are_not_ko_plays() {
    let g = setup(KoRule::IngSpight, BASIC, W);
    assert!(!ko_play(&g, W, "C3"));
    // A1 is not a suicide; a lone stone in the open is no ko play.
    assert!(!ko_play(&g, B, "A1"));
    let g = setup(KoRule::IngSpight, &["X.X", "XXX", "..."], W);
    assert!(!ko_play(&g, W, "B3")); // suicide
}
