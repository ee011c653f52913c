use super::*;
use crate::board::{Cell, Coord, SuicideRule};
use crate::game::random::Odds;
use crate::game::{Game, Illegal};
use crate::rules::history::Candidate;
use crate::rules::judge::{FastJudge, WithFastJudge};
use crate::rules::ko::{judge, KoRule};
use crate::rules::memory::Past;
use crate::rules::Ruleset;

/// The judge of `rule` (other rules as by default) on `line`.
fn judge_of<'a>(line: &'a KoLine<'a>, rule: KoRule) -> Judge<'a, KoLine<'a>> {
    let rules = Ruleset {
        ko: rule,
        ..Ruleset::default()
    };
    Judge::new(&rules, line)
}

/// The fast judge `run` uses for `rule`, boxed, and whether the board's ko point is in force.
fn check_for<'a>(
    playout: &'a mut Playout,
    line: &'a KoLine<'a>,
    rule: KoRule,
    board: &Board,
) -> (Box<dyn FastJudge + 'a>, bool) {
    /// Boxes the fast judge it is handed.
    struct Boxed<'b>(&'b Board);
    impl<'a> WithFastJudge<'a> for Boxed<'_> {
        type Output = Box<dyn FastJudge + 'a>;
        fn board(&self) -> &Board {
            self.0
        }
        fn with<J: FastJudge + 'a>(self, judge: J) -> Self::Output {
            Box::new(judge)
        }
    }
    let check = judge_of(line, rule).fast(&mut playout.judges, Boxed(board));
    let board_ko = check.board_ko();
    (check, board_ko)
}

/// Makes `color`'s move `p` on `board` as the playout loop does, telling `check`.
fn make_move(board: &mut Board, check: &mut dyn FastJudge, color: Color, p: Point) {
    let before = board.hash();
    if p.is_pass() {
        board.clear_ko();
    } else {
        board.play_with(p, color, |s| check.removed(s, color.opponent()));
    }
    check.record(board, before, p, color);
}

/// The ko rule's judgement of `color` playing on the empty point `p` of `board`, with
/// history `past`: true when allowed.
fn judged_allowed(rule: KoRule, past: &impl Past, board: &Board, p: Point, color: Color) -> bool {
    let cand = Candidate::of(board, p, color);
    judge(rule, past, &cand).is_none()
}

/// A random game of `moves` moves under `rules` on a small board, captures favoured (kos
/// and repetitions come up), a pass now and then.
fn random_game(rules: Ruleset, size: usize, moves: usize, rng: &mut Rng) -> Game {
    let odds = Odds {
        pass: (1, 12),
        capture: (2, 3),
    };
    crate::testkit::random_game(rules, size, moves, odds, |n| rng.below(n))
}

/// A root game and a line on top of it: a random game of the rule split in two.
struct History {
    root: Game,
    /// The line's moves.
    line: Vec<(Color, Point)>,
}

impl History {
    fn random(rule: KoRule, round: usize, rng: &mut Rng) -> History {
        let rules = Ruleset {
            ko: rule,
            // Suicides in the history too (playouts never commit one).
            suicide: [SuicideRule::Forbidden, SuicideRule::Multi, SuicideRule::All][round % 3],
            ..Ruleset::default()
        };
        let size = [4, 5, 5, 6, 7][round % 5];
        let total = rng.below(60);
        let full = random_game(rules, size, total, rng);
        let split = if round.is_multiple_of(5) {
            0
        } else {
            rng.below(total + 1)
        };
        let mut root = crate::testkit::new_game(size, rules);
        for s in &full.moves()[..split] {
            root.play(s.color, s.point).unwrap();
        }
        let line = full.moves()[split..]
            .iter()
            .map(|s| (s.color, s.point))
            .collect();
        History { root, line }
    }

    /// The line played on a fresh [`KoLine`] and on the root's board.
    fn line(&self) -> (KoLine<'_>, Board) {
        let mut line = KoLine::new(self.root.memory());
        let mut board = self.root.board().clone();
        for &(c, p) in &self.line {
            line.play(&mut board, c, p);
        }
        (line, board)
    }

    /// Who moves next, and the passes in a row that end the history.
    fn next(&self) -> (Color, u32) {
        let moves = self
            .root
            .moves()
            .iter()
            .map(|s| (s.color, s.point))
            .chain(self.line.iter().copied());
        let mut passes = 0;
        let mut next = self.root.to_move();
        for (c, p) in moves {
            passes = if p.is_pass() { passes + 1 } else { 0 };
            next = c.opponent();
        }
        (next, passes)
    }
}

/// Step by step from random histories: at every move, for every empty point that is not a
/// suicide, the playout's check (with the board's ko point where it uses it) allows exactly
/// what [`judge`] allows against a line holding the history and the playout's moves. Moves
/// are drawn among the allowed ones (own eyes included), captures favoured. Returns the
/// number of bans seen, and of bans of plays that capture nothing.
fn steps_match_the_judge(rule: KoRule, rounds: usize, seed: u64) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let mut playout = Playout::new();
    let (mut bans, mut quiet_bans) = (0, 0);
    for round in 0..rounds {
        let history = History::random(rule, round, &mut rng);
        let (line, mut board) = history.line();
        let (mut reference, mut reference_board) = history.line();
        let (mut color, mut passes) = history.next();
        let (mut check, board_ko) = check_for(&mut playout, &line, rule, &board);
        let cap = 3 * board.size() * board.size();
        for _ in 0..cap {
            if passes >= 2 {
                break;
            }
            let mut allowed = Vec::new();
            for p in board.points() {
                if board.cell(p) != Cell::Empty || board.is_suicide(p, color) {
                    continue;
                }
                let got =
                    !(board_ko && board.ko() == Some((p, color))) && check.allows(&board, p, color);
                let want = judged_allowed(rule, &reference, &board, p, color);
                assert_eq!(
                    got,
                    want,
                    "{rule}, round {round}: {color} {}\n{board:?}",
                    board.vertex(p)
                );
                if got {
                    allowed.push(p);
                } else {
                    bans += 1;
                    quiet_bans += !board.is_capture(p, color) as usize;
                }
            }
            let capturing: Vec<Point> = allowed
                .iter()
                .copied()
                .filter(|&p| board.is_capture(p, color))
                .collect();
            let p = if allowed.is_empty() || rng.below(15) == 0 {
                Point::PASS
            } else if !capturing.is_empty() && rng.below(2) == 0 {
                capturing[rng.below(capturing.len())]
            } else {
                allowed[rng.below(allowed.len())]
            };
            make_move(&mut board, check.as_mut(), color, p);
            reference.play(&mut reference_board, color, p);
            assert_eq!(board, reference_board);
            passes = if p.is_pass() { passes + 1 } else { 0 };
            color = color.opponent();
        }
    }
    (bans, quiet_bans)
}

/// Whole playouts ([`Playout::run`]) from random histories: every board play is allowed by
/// [`judge`] against a line holding the history and the playout's moves before it.
fn playouts_obey_the_judge(rule: KoRule, rounds: usize, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut playout = Playout::new();
    let mut plays = 0;
    for round in 0..rounds {
        let history = History::random(rule, round, &mut rng);
        let (line, start) = history.line();
        let (color, passes) = history.next();
        for _ in 0..4 {
            let mut board = start.clone();
            let mut moves = Vec::new();
            playout.run_observed(
                &mut board,
                color,
                (Point::PASS, Point::PASS),
                passes,
                &mut rng,
                Some(judge_of(&line, rule)),
                |c, p| moves.push((c, p)),
            );
            let (mut reference, mut replay) = history.line();
            for &(c, p) in &moves {
                if !p.is_pass() {
                    assert_eq!(replay.cell(p), Cell::Empty);
                    assert!(!replay.is_suicide(p, c));
                    assert!(
                        judged_allowed(rule, &reference, &replay, p, c),
                        "{rule}, round {round}: {c} {}\n{replay:?}",
                        replay.vertex(p)
                    );
                    plays += 1;
                }
                reference.play(&mut replay, c, p);
            }
            assert_eq!(replay, board);
        }
    }
    plays
}

/// The test for one rule: step by step and whole playouts.
fn rule_is_exact(rule: KoRule) {
    let (bans, quiet) = steps_match_the_judge(rule, 400, 17);
    eprintln!("{rule}: {bans} bans, {quiet} of plays capturing nothing");
    assert!(bans > 200, "{rule}: only {bans} bans");
    assert!(playouts_obey_the_judge(rule, 100, 29) > 5000);
}

#[test]
fn simple_is_exact_in_playouts() {
    rule_is_exact(KoRule::Simple);
}

#[test]
fn positional_is_exact_in_playouts() {
    rule_is_exact(KoRule::Positional);
}

#[test]
fn situational_is_exact_in_playouts() {
    rule_is_exact(KoRule::Situational);
}

#[test]
fn natural_situational_is_exact_in_playouts() {
    rule_is_exact(KoRule::NaturalSituational);
}

#[test]
fn spight_is_exact_in_playouts() {
    rule_is_exact(KoRule::Spight);
}

#[test]
fn fixed_is_exact_in_playouts() {
    rule_is_exact(KoRule::Fixed);
}

#[test]
fn basic_fixed_is_exact_in_playouts() {
    rule_is_exact(KoRule::BasicFixed);
}

#[test]
fn pass_for_ko_is_exact_in_playouts() {
    rule_is_exact(KoRule::PassForKo);
}

/// Ing-Spight, approximated: step by step from random histories, every play the playout
/// refuses (the approximation's bans and the board's ko point) is banned by the exact rule,
/// judged by a [`Game`] that played the whole history and the playout; and whole playouts
/// never retake a basic ko at once.
#[test]
fn ing_spight_playouts_ban_only_what_the_rule_bans() {
    let rule = KoRule::IngSpight;
    let mut rng = Rng::new(5);
    let mut playout = Playout::new();
    let (mut bans, mut hot_bans) = (0, 0);
    for round in 0..150 {
        let history = History::random(rule, round, &mut rng);
        let (line, mut board) = history.line();
        let mut game = history.root.clone();
        for &(c, p) in &history.line {
            game.play_from_record(c, p).unwrap();
        }
        let (mut color, mut passes) = history.next();
        let (mut check, _) = check_for(&mut playout, &line, rule, &board);
        for _ in 0..3 * board.size() * board.size() {
            if passes >= 2 {
                break;
            }
            let mut allowed = Vec::new();
            for p in board.points() {
                if board.cell(p) != Cell::Empty || board.is_suicide(p, color) {
                    continue;
                }
                let ko_point = board.ko() == Some((p, color));
                if !ko_point && check.allows(&board, p, color) {
                    allowed.push(p);
                } else {
                    bans += 1;
                    hot_bans += !ko_point as usize;
                    assert!(
                        matches!(game.check(color, p), Err(Illegal::Ko(_))),
                        "round {round}: {color} {}\n{board:?}",
                        board.vertex(p)
                    );
                }
            }
            let capturing: Vec<Point> = allowed
                .iter()
                .copied()
                .filter(|&p| board.is_capture(p, color))
                .collect();
            let p = if allowed.is_empty() || rng.below(15) == 0 {
                Point::PASS
            } else if !capturing.is_empty() && rng.below(2) == 0 {
                capturing[rng.below(capturing.len())]
            } else {
                allowed[rng.below(allowed.len())]
            };
            make_move(&mut board, check.as_mut(), color, p);
            game.play_from_record(color, p).unwrap();
            assert_eq!(board, *game.board());
            passes = if p.is_pass() { passes + 1 } else { 0 };
            color = color.opponent();
        }
    }
    eprintln!("ing-spight: {bans} bans, {hot_bans} of them beyond the board's ko point");
    assert!(bans > 100, "only {bans} bans");
    // Whole playouts: judged by simple ko, which the exact rule implies.
    let plays = playouts_obey_the_judge_simple_under_ing(100, 31);
    assert!(plays > 1000, "only {plays} plays checked");
}

/// [`playouts_obey_the_judge`] for Ing-Spight playouts, judged by the simple ko rule.
fn playouts_obey_the_judge_simple_under_ing(rounds: usize, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut playout = Playout::new();
    let mut plays = 0;
    for round in 0..rounds {
        let history = History::random(KoRule::IngSpight, round, &mut rng);
        let (line, start) = history.line();
        let (color, passes) = history.next();
        let mut board = start.clone();
        let mut moves = Vec::new();
        let ko = Some(judge_of(&line, KoRule::IngSpight));
        playout.run_observed(
            &mut board,
            color,
            (Point::PASS, Point::PASS),
            passes,
            &mut rng,
            ko,
            |c, p| moves.push((c, p)),
        );
        let (mut reference, mut replay) = history.line();
        for &(c, p) in &moves {
            if !p.is_pass() {
                assert!(judged_allowed(KoRule::Simple, &reference, &replay, p, c));
                plays += 1;
            }
            reference.play(&mut replay, c, p);
        }
    }
    plays
}

/// A game from a diagram (top row first; `X` black, `O` white, `.` empty).
fn setup(rule: KoRule, rows: &[&str], to_move: Color) -> Game {
    let b = Board::from_diagram(&rows.join("\n"));
    let size = b.size();
    let mut g = crate::testkit::new_game(
        size,
        Ruleset {
            ko: rule,
            ..Ruleset::default()
        },
    );
    g.set_start(b, to_move, 0);
    g
}

fn at(g: &Game, v: &str) -> Point {
    g.board().point(Coord::parse_gtp(v, g.size()).unwrap())
}

/// Three kos (Black to take at B1 and G4, White at B7): after Black B1, White B7, Black G4,
/// the three stones are hot and White may retake neither at C1 nor at G5 under Ing-Spight
/// (under simple ko both are allowed). The playout bans them too: at the root of a search,
/// seeded with the root's hot stones; below it, seeded with the line's last move only (G4),
/// so it bans G5 but not C1.
#[test]
fn ing_spight_playouts_ban_the_triple_ko_retakes() {
    const TRIPLE: &[&str] = &[
        "X.XO...", "XXO...X", ".....XO", ".....O.", "......O", ".OX....", "O.OX...",
    ];
    let moves = [
        (Color::Black, "B1"),
        (Color::White, "B7"),
        (Color::Black, "G4"),
    ];
    let simple = {
        let mut g = setup(KoRule::Simple, TRIPLE, Color::Black);
        for (c, v) in moves {
            let p = at(&g, v);
            g.play(c, p).unwrap();
        }
        g
    };
    let mut g = setup(KoRule::IngSpight, TRIPLE, Color::Black);
    for (c, v) in &moves[..2] {
        let p = at(&g, v);
        g.play(*c, p).unwrap();
    }
    let before_g4 = g.clone();
    let g4 = at(&g, "G4");
    g.play(Color::Black, g4).unwrap();
    let (c1, g5) = (at(&g, "C1"), at(&g, "G5"));
    for p in [c1, g5] {
        assert!(g.check(Color::White, p).is_err());
    }
    // Under simple ko, only G5, the retake at once, is banned.
    assert!(simple.check(Color::White, c1).is_ok());
    assert!(simple.check(Color::White, g5).is_err());
    // At the root.
    let line = KoLine::new(g.memory());
    let mut playout = Playout::new();
    let (check, _) = check_for(&mut playout, &line, KoRule::IngSpight, g.board());
    assert!(!check.allows(g.board(), c1, Color::White));
    assert!(!check.allows(g.board(), g5, Color::White));
    // One move below the root.
    let mut line = KoLine::new(before_g4.memory());
    let mut board = before_g4.board().clone();
    line.play(&mut board, Color::Black, g4);
    let mut playout = Playout::new();
    let (check, _) = check_for(&mut playout, &line, KoRule::IngSpight, &board);
    assert!(check.allows(&board, c1, Color::White));
    assert!(!check.allows(&board, g5, Color::White));
}

/// Natural situational superko allows an immediate ko retake that recreates a position the
/// retaker's opponent created: here the start (created by Black, as White is to move), after
/// White passes and Black takes the ko. The playout and the tree agree with the game.
#[test]
fn natural_situational_allows_an_immediate_retake_after_a_pass() {
    let rows = [
        ". . . . .",
        ". . X O .",
        ". X O . O",
        ". . X O .",
        ". . . . .",
    ];
    for (rule, legal) in [
        (KoRule::NaturalSituational, true),
        (KoRule::Situational, false),
        (KoRule::Positional, false),
        (KoRule::Simple, false),
    ] {
        let mut g = setup(rule, &rows, Color::White);
        g.play(Color::White, Point::PASS).unwrap();
        let d3 = at(&g, "D3");
        g.play(Color::Black, d3).unwrap();
        let c3 = at(&g, "C3");
        assert_eq!(g.check(Color::White, c3).is_ok(), legal, "{rule}");
        let line = KoLine::new(g.memory());
        assert_eq!(
            Judge::new(g.rules(), &line).allows(g.board(), c3, Color::White),
            legal,
            "{rule}"
        );
        let mut playout = Playout::new();
        let (check, board_ko) = check_for(&mut playout, &line, rule, g.board());
        let ko_point = board_ko && g.board().ko() == Some((c3, Color::White));
        assert_eq!(
            !ko_point && check.allows(g.board(), c3, Color::White),
            legal,
            "{rule}"
        );
    }
}

#[test]
fn playouts_end_with_only_eyes_left() {
    let mut rng = Rng::new(3);
    let mut playout = Playout::new();
    for size in [5, 9, 13] {
        let game = crate::testkit::new_game(size, Ruleset::default());
        let line = KoLine::new(game.memory());
        for (i, ko) in [None, Some(judge_of(&line, KoRule::Positional))]
            .into_iter()
            .cycle()
            .take(60)
            .enumerate()
        {
            let mut b = Board::new(size);
            let end = playout.run(&mut b, Color::Black, 0, &mut rng, ko);
            b.check_invariants().unwrap();
            assert!(end.moves > 0, "{i}");
            if !end.capped {
                for i in 0..b.empty_count() {
                    let p = b.empty_point(i);
                    for c in Color::BOTH {
                        assert!(
                            b.is_eye(p, c) || !b.is_legal_simple(p, c, SuicideRule::Forbidden),
                            "{b:?}"
                        );
                    }
                }
            }
        }
    }
}

/// After warm-up, playouts allocate nothing: the buffers keep their capacity.
#[test]
fn buffers_are_reused() {
    let game = crate::testkit::new_game(9, Ruleset::default());
    let line = KoLine::new(game.memory());
    let mut rng = Rng::new(8);
    let mut playout = Playout::new();
    let mut board = game.board().clone();
    for _ in 0..20 {
        board.clone_from(game.board());
        playout.run(
            &mut board,
            Color::Black,
            0,
            &mut rng,
            Some(judge_of(&line, KoRule::Fixed)),
        );
    }
    let capacity = playout.judges.states.states.capacity();
    let heads = playout.judges.states.heads.capacity();
    for _ in 0..200 {
        board.clone_from(game.board());
        playout.run(
            &mut board,
            Color::Black,
            0,
            &mut rng,
            Some(judge_of(&line, KoRule::Fixed)),
        );
        assert!(playout.judges.states.states.len() <= capacity);
    }
    assert_eq!(playout.judges.states.states.capacity(), capacity);
    assert_eq!(playout.judges.states.heads.capacity(), heads);
}
