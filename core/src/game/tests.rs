use super::*;
use crate::board::Board;
use crate::board::Coord;
use crate::rules::memory::Past;
use crate::rules::KoRule;

fn pt(g: &Game, v: &str) -> Point {
    if v == "pass" {
        return Point::PASS;
    }
    g.board().point(Coord::parse_gtp(v, g.size()).unwrap())
}

fn game_with(rule: KoRule) -> Game {
    let rules = Ruleset {
        ko: rule,
        ..Ruleset::default()
    };
    crate::testkit::new_game(5, rules)
}

/// Builds the classic basic ko at C3/D3 on 5x5; Black to capture at D3 next.
fn basic_ko(rule: KoRule) -> Game {
    let mut g = game_with(rule);
    for (b, w) in [("B3", "D2"), ("C2", "D4"), ("C4", "E3"), ("A5", "C3")] {
        g.play(Color::Black, pt(&g, b)).unwrap();
        g.play(Color::White, pt(&g, w)).unwrap();
    }
    g.play(Color::Black, pt(&g, "D3")).unwrap();
    g
}

#[test]
fn basic_ko_retake_is_banned_under_every_rule() {
    for (rule, _) in crate::rules::ko::KO_RULES {
        if *rule == KoRule::Fixed {
            continue; // fixed alone allows the first retake: see the next tests
        }
        let g = basic_ko(*rule);
        let c3 = pt(&g, "C3");
        match g.check(Color::White, c3) {
            Err(Illegal::Ko(_)) => {}
            other => panic!("{rule}: retake gave {other:?}"),
        }
    }
}

#[test]
fn after_a_threat_exchange_the_retake_is_legal_under_simple_and_fixed() {
    for rule in [
        KoRule::Simple,
        KoRule::Fixed,
        KoRule::BasicFixed,
        KoRule::Positional,
    ] {
        let mut g = basic_ko(rule);
        g.play(Color::White, pt(&g, "A1")).unwrap();
        g.play(Color::Black, pt(&g, "B1")).unwrap();
        let legal = g.is_legal(Color::White, pt(&g, "C3"));
        assert!(legal, "{rule}");
    }
}

#[test]
fn fixed_ko_allows_the_same_recapture_once() {
    let mut g = basic_ko(KoRule::Fixed);
    assert!(
        g.is_legal(Color::White, pt(&g, "C3")),
        "the first retake is a new transition"
    );
    // Threats that change nothing lasting: passes do not count as board plays, but the
    // pass lifts only `simple`. Under fixed alone, W may retake at once after a pass.
    g.play(Color::White, Point::PASS).unwrap();
    g.play(Color::Black, Point::PASS).unwrap();
    g.play(Color::White, pt(&g, "C3")).unwrap(); // W retakes: new transition
                                                 // Black retaking now would repeat Black's D3 capture transition exactly.
    match g.check(Color::Black, pt(&g, "D3")) {
        Err(Illegal::Ko(ban)) => assert_eq!(ban.clause.as_str(), "fixed"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn undo_restores_board_and_memory() {
    let mut g = basic_ko(KoRule::Positional);
    let before = g.board().clone();
    g.play(Color::White, pt(&g, "E1")).unwrap();
    assert!(g.undo());
    assert_eq!(g.board(), &before);
    assert_eq!(g.to_move(), Color::White);
    assert!(!g.is_legal(Color::White, pt(&g, "C3")));
    let mut empty = game_with(KoRule::Simple);
    assert!(!empty.undo());
}

#[test]
fn two_passes_end_the_game() {
    let mut g = game_with(KoRule::Simple);
    g.play(Color::Black, Point::PASS).unwrap();
    assert!(!g.is_over());
    g.play(Color::White, Point::PASS).unwrap();
    assert!(g.is_over());
}

#[test]
fn spight_play_stops_on_second_pass_in_same_position() {
    let mut g = game_with(KoRule::Spight);
    g.set_rules(Ruleset::preset("spight").unwrap());
    g.play(Color::Black, Point::PASS).unwrap();
    g.play(Color::White, Point::PASS).unwrap();
    assert!(!g.is_over());
    g.play(Color::Black, Point::PASS).unwrap();
    assert!(g.is_over());
}

#[test]
fn the_first_mover_was_the_player_to_move_at_the_start() {
    let mut g = game_with(KoRule::Situational);
    g.play(Color::White, pt(&g, "C3")).unwrap();
    assert_eq!(g.start_to_move(), Color::White);
    let start = g.memory().position(Board::new(5).hash()).unwrap();
    assert!(start.stood_with_to_move[Color::White.index()]);
    assert!(!start.stood_with_to_move[Color::Black.index()]);
    assert!(start.created_by[Color::Black.index()]);
}

#[test]
fn undoing_an_out_of_turn_first_move_returns_to_the_declared_player() {
    let mut g = game_with(KoRule::Situational);
    g.play(Color::White, pt(&g, "C3")).unwrap();
    assert!(g.undo());
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.start_to_move(), Color::Black);
    let start = g.memory().position(Board::new(5).hash()).unwrap();
    assert!(start.stood_with_to_move[Color::Black.index()]);
}

/// A game copied into another with `clone_from` (whose buffers hold another, longer game)
/// is the source game: the same board, moves, ko bans and legal plays, and the same answers
/// as both go on and are taken back.
#[test]
fn a_game_refilled_by_clone_from_is_the_game_it_copies() {
    use crate::game::random::{play_random_moves, Odds};
    let odds = Odds {
        pass: (1, 40),
        capture: (3, 4),
    };
    let mut seed = 12345u64;
    let mut below = move |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n
    };
    let same = |a: &Game, b: &Game| {
        assert_eq!(a.board().hash(), b.board().hash());
        assert_eq!(a.moves(), b.moves());
        assert_eq!(a.to_move(), b.to_move());
        assert_eq!(a.is_over(), b.is_over());
        for c in [Color::Black, Color::White] {
            assert_eq!(a.legal_plays(c), b.legal_plays(c));
            assert_eq!(a.ko_bans(c), b.ko_bans(c));
            assert_eq!(a.hot_stones(), b.hot_stones());
        }
    };
    for &(rule, _) in crate::rules::ko::KO_RULES {
        for round in 0..6 {
            // The first source is a ko fought over passes (where fixed ko bans Black's
            // second capture), the others random games.
            let mut source = basic_ko(rule);
            source.play(Color::White, Point::PASS).unwrap();
            source.play(Color::Black, Point::PASS).unwrap();
            let retake = pt(&source, "C3");
            if source.is_legal(Color::White, retake) {
                source.play(Color::White, retake).unwrap();
            }
            if round > 0 {
                source = game_with(rule);
                play_random_moves(&mut source, 30 + below(30), odds, &mut below);
            }
            let mut copy = game_with(rule);
            play_random_moves(&mut copy, 40 + below(60), odds, &mut below);
            copy.clone_from(&source);
            same(&source, &copy);
            // Both go on with the same moves, and take them back.
            for _ in 0..12 {
                if source.is_over() {
                    break;
                }
                let c = source.to_move();
                let legal = source.legal_plays(c);
                let p = if legal.is_empty() {
                    Point::PASS
                } else {
                    legal[below(legal.len())]
                };
                source.play(c, p).unwrap();
                copy.play(c, p).unwrap();
                same(&source, &copy);
            }
            for _ in 0..8 {
                assert_eq!(source.undo(), copy.undo());
                same(&source, &copy);
            }
        }
    }
}
