use super::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn at(b: &Board, v: &str) -> Point {
    b.point(Coord::parse_gtp(v, b.size()).unwrap())
}

#[test]
fn captures_a_single_stone_and_counts_it() {
    let mut b = Board::new(9);
    b.play(at(&b, "E5"), Color::White);
    for v in ["D5", "F5", "E4"] {
        b.play(at(&b, v), Color::Black);
    }
    assert!(b.in_atari(at(&b, "E5")));
    assert_eq!(b.atari_liberty(at(&b, "E5")), at(&b, "E6"));
    assert_eq!(b.play(at(&b, "E6"), Color::Black), 1);
    assert_eq!(b.cell(at(&b, "E5")), Cell::Empty);
    assert_eq!(b.captures(Color::Black), 1);
    b.check_invariants().unwrap();
}

#[test]
fn simple_ko_is_banned_for_one_move() {
    let mut b = Board::new(5);
    // Black: B3 C2 C4, White: D3 C2? build the classic ko around C3/D3.
    for v in ["B3", "C2", "C4"] {
        b.play(at(&b, v), Color::Black);
    }
    for v in ["D2", "D4", "E3", "C3"] {
        b.play(at(&b, v), Color::White);
    }
    // Black captures C3 by playing D3.
    assert_eq!(b.play(at(&b, "D3"), Color::Black), 1);
    assert_eq!(b.ko(), Some((at(&b, "C3"), Color::White)));
    assert!(!b.is_legal_simple(at(&b, "C3"), Color::White, SuicideRule::Forbidden));
    b.check_invariants().unwrap();
}

#[test]
fn suicide_follows_the_rule() {
    let mut b = Board::new(5);
    for v in ["A2", "B1"] {
        b.play(at(&b, v), Color::White);
    }
    let a1 = at(&b, "A1");
    assert!(b.is_suicide(a1, Color::Black));
    assert!(!b.suicide_allowed(a1, Color::Black, SuicideRule::Forbidden));
    assert!(!b.suicide_allowed(a1, Color::Black, SuicideRule::Multi));
    assert!(b.suicide_allowed(a1, Color::Black, SuicideRule::All));
    let before = b.hash();
    assert_eq!(b.hash_after(a1, Color::Black), before);
    b.play(a1, Color::Black);
    assert_eq!(b.cell(a1), Cell::Empty);
    assert_eq!(b.captures(Color::White), 1);
    assert_eq!(b.hash(), before);
    b.check_invariants().unwrap();
}

#[test]
fn multi_stone_suicide_removes_the_string() {
    let mut b = Board::new(5);
    for v in ["A3", "B2", "C1"] {
        b.play(at(&b, v), Color::White);
    }
    b.play(at(&b, "A2"), Color::Black);
    b.play(at(&b, "B1"), Color::Black);
    let a1 = at(&b, "A1");
    assert!(b.suicide_allowed(a1, Color::Black, SuicideRule::Multi));
    let predicted = b.hash_after(a1, Color::Black);
    b.play(a1, Color::Black);
    assert_eq!(b.hash(), predicted);
    assert_eq!(b.captures(Color::White), 3);
    b.check_invariants().unwrap();
}

#[test]
fn random_games_keep_every_invariant() {
    let mut rng = SmallRng::seed_from_u64(7);
    for size in [2, 3, 5, 9, 13, 19, 25] {
        for _ in 0..5 {
            let mut b = Board::new(size);
            let mut color = Color::Black;
            for _ in 0..size * size * 3 {
                let legal: Vec<Point> = b
                    .points()
                    .filter(|&p| b.is_legal_simple(p, color, SuicideRule::All))
                    .collect();
                if legal.is_empty() {
                    break;
                }
                let p = legal[rng.gen_range(0..legal.len())];
                let predicted = b.hash_after(p, color);
                b.play(p, color);
                assert_eq!(b.hash(), predicted);
                b.check_invariants().unwrap();
                color = color.opponent();
            }
        }
    }
}

#[test]
fn eyes_are_recognised() {
    let mut b = Board::new(5);
    for v in ["A2", "B1"] {
        b.play(at(&b, v), Color::Black);
    }
    assert!(b.is_eye(at(&b, "A1"), Color::Black));
    b.play(at(&b, "B2"), Color::White);
    assert!(!b.is_eye(at(&b, "A1"), Color::Black));
}

#[test]
fn diagrams_read_as_the_board_renders() {
    let mut b = Board::new(5);
    for (v, c) in [
        ("A5", Color::Black),
        ("C3", Color::White),
        ("E1", Color::Black),
    ] {
        b.play(at(&b, v), c);
    }
    // The rendering, with its coordinates, reads back; so does a bare diagram.
    assert_eq!(Board::from_diagram(&b.render()), b);
    let bare = Board::from_diagram(
        "
        X . . . .
        . . . . .
        . . O . .
        . . . . .
        . . . . X",
    );
    assert_eq!(bare, b);
    assert_eq!(bare.hash(), b.hash());
    bare.check_invariants().unwrap();
    let two = Board::from_diagram("X+\nOO");
    assert_eq!(two.cell(at(&two, "A2")), Cell::Black);
}

#[test]
fn removals_are_worked_out_without_playing() {
    let mut rng = SmallRng::seed_from_u64(5);
    for _ in 0..40 {
        let mut b = Board::new(5);
        for _ in 0..60 {
            let color = if rng.gen_bool(0.5) {
                Color::Black
            } else {
                Color::White
            };
            let empties: Vec<Point> = b.points().filter(|&p| b.cell(p) == Cell::Empty).collect();
            if empties.is_empty() {
                break;
            }
            let p = empties[rng.gen_range(0..empties.len())];
            let mut predicted = Vec::new();
            let count = b.for_each_removed(p, color, |s| predicted.push(s));
            let (captured, one) = b.capture_count(p, color);
            assert_eq!(b.is_capture(p, color), captured > 0);
            let hash = b.hash_after(p, color);
            let mut removed = Vec::new();
            b.play_with(p, color, |s| removed.push(s));
            predicted.sort();
            removed.sort();
            assert_eq!(predicted, removed);
            assert_eq!(count, removed.len());
            assert_eq!(hash, b.hash());
            if captured > 0 {
                assert_eq!(captured, removed.len());
                assert!(removed.contains(&one));
            }
        }
    }
}

/// `clone_from` between boards of one size copies only the cells in use, and the copy is
/// the same board as a full clone: same stones, strings, hash, ko and captures, and the
/// same after further plays.
/// A board of `size` after `plays` random plays, the colours alternating (suicides, ko
/// recaptures and eye fillings skipped).
fn random_board(rng: &mut SmallRng, size: usize, plays: usize) -> Board {
    let mut b = Board::new(size);
    for i in 0..plays {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let p = b.empty_point(rng.gen_range(0..b.empty_count()));
        if !b.is_suicide(p, color) && b.ko() != Some((p, color)) && !b.is_eye(p, color) {
            b.play(p, color);
        }
    }
    b
}

#[test]
fn clone_from_copies_the_used_cells_exactly() {
    let mut rng = SmallRng::seed_from_u64(7);
    for size in [9, 13, 19] {
        for _ in 0..20 {
            let source = random_board(&mut rng, size, 120);
            let mut copy = random_board(&mut rng, size, 60);
            copy.clone_from(&source);
            let mut full = source.clone();
            for _ in 0..40 {
                assert!(copy == full && copy.hash() == full.hash() && copy.ko() == full.ko());
                assert_eq!(copy.render(), full.render());
                copy.check_invariants().unwrap();
                if full.empty_count() == 0 {
                    break;
                }
                let p = full.empty_point(rng.gen_range(0..full.empty_count()));
                if !full.is_suicide(p, Color::Black) && full.ko() != Some((p, Color::Black)) {
                    assert_eq!(full.play(p, Color::Black), copy.play(p, Color::Black));
                }
            }
        }
    }
}

/// The liberty count agrees with the liberties collected, for every stone and every bound.
#[test]
fn liberty_count_is_the_number_of_liberties_collected() {
    let mut rng = SmallRng::seed_from_u64(11);
    for size in [5, 9, 19] {
        for _ in 0..20 {
            let plays = rng.gen_range(0..size * size * 2);
            let b = random_board(&mut rng, size, plays);
            for p in b.points().filter(|&p| b.cell(p).color().is_some()) {
                for max in 0..=MAX_COUNTED_LIBERTIES {
                    assert_eq!(b.liberty_count(p, max), b.liberties(p, max).len());
                }
            }
        }
    }
}

/// The other liberty told from the sums is the one collected, for every stone and every
/// point: some exactly when the string has two liberties and the point is one of them.
#[test]
fn other_liberty_is_the_second_of_two_liberties() {
    let mut rng = SmallRng::seed_from_u64(13);
    for size in [5, 9, 19] {
        for _ in 0..20 {
            let plays = rng.gen_range(0..size * size * 2);
            let b = random_board(&mut rng, size, plays);
            for p in b.points().filter(|&p| b.cell(p).color().is_some()) {
                let libs = b.liberties(p, 3);
                for lib in b.points() {
                    let want = (libs.len() == 2 && libs.contains(&lib)).then(|| {
                        if libs[0] == lib {
                            libs[1]
                        } else {
                            libs[0]
                        }
                    });
                    assert_eq!(b.other_liberty(p, lib), want);
                }
            }
        }
    }
}
