use super::*;
use crate::board::{Board, Coord};
use crate::rules::judge::Judge;
use crate::rules::line::KoLine;
use crate::rules::{KoRule, Ruleset};
use crate::tactics::counting;

fn at(b: &Board, v: &str) -> Point {
    b.point(Coord::parse_gtp(v, b.size()).unwrap())
}

/// A game starting from a diagram (top row first; `X` black, `O` white, `.` empty).
fn setup(rows: &[&str], to_move: Color, rules: Ruleset, komi: f64) -> Game {
    let size = rows.len();
    let mut g = crate::testkit::new_game(size, rules);
    g.set_komi(komi);
    let b = Board::from_diagram(&rows.join("\n"));
    assert_eq!(b.size(), size);
    b.check_invariants().unwrap();
    g.set_start(b, to_move, 0);
    g
}

fn params(playouts: u64, seed: u64) -> SearchParams {
    SearchParams {
        threads: 1,
        max_playouts: Some(playouts),
        max_time: None,
        time_cap: None,
        seed,
        always_search: false,
        ..SearchParams::default()
    }
}

fn search(g: &Game, color: Color, p: &SearchParams) -> SearchResult {
    genmove(g, color, p, &AtomicBool::new(false))
}

fn assert_legal(g: &Game, color: Color, m: SearchMove) {
    if let SearchMove::Play(p) = m {
        assert!(g.check(color, p).is_ok(), "illegal {}", g.board().vertex(p));
    }
}

#[test]
fn captures_a_big_string_in_atari() {
    // The white string on row 4 has one liberty, F4; the black strings beside it are short
    // of liberties too, so capturing decides the game.
    let g = setup(
        &[
            ". . . . . . .",
            ". O O O O O .",
            "X X X X X . .",
            "O O O O O . X",
            "X X X X X . .",
            ". O O O O O .",
            ". . . . . . .",
        ],
        Color::Black,
        Ruleset::default(),
        0.5,
    );
    for seed in 0..3 {
        let r = search(&g, Color::Black, &params(3000, seed));
        assert_eq!(r.best, SearchMove::Play(at(g.board(), "F4")), "seed {seed}");
    }
}

/// 7x7, each side alive with two eyes, one dame at D4; Black has eyes at A6 and A2 (and
/// B4 is an eye-like point for Black too), White at G6 and G2.
fn finished() -> Game {
    setup(
        &[
            "X X X . O O O",
            ". X X . O O .",
            "X X X . O O O",
            "X . X . O . O",
            "X X X . O O O",
            ". X X . O O .",
            "X X X . O O O",
        ],
        Color::Black,
        Ruleset::default(),
        0.5,
    )
}

#[test]
fn never_fills_its_own_eyes() {
    let g = finished();
    let b = g.board();
    for seed in 0..4 {
        for color in Color::BOTH {
            let r = search(&g, color, &params(1500, seed));
            assert_legal(&g, color, r.best);
            if let SearchMove::Play(p) = r.best {
                assert!(!b.is_eye(p, color), "{color} filled {}", b.vertex(p));
                assert_eq!(b.coord(p).col, 3, "{color} played {}", b.vertex(p));
            }
        }
    }
}

#[test]
fn passes_when_the_opponent_passed_and_it_is_ahead() {
    let mut g = finished();
    // Black: 21 stones + 3 eyes... count by area: columns A-C are Black's, E-G White's.
    g.play(Color::Black, at(g.board(), "D1")).unwrap();
    g.play(Color::White, Point::PASS).unwrap();
    assert!(counting::area_score(g.board(), g.komi()) > 0.0);
    let r = search(&g, Color::Black, &params(1000, 1));
    assert_eq!(r.best, SearchMove::Pass);
    // Behind (the same position with a big komi), it does not pass at once: it searches.
    g.set_komi(10.5);
    let r = search(&g, Color::Black, &params(500, 1));
    assert!(r.playouts == 500);
    assert_legal(&g, Color::Black, r.best);
}

/// [`finished`] with Black's wall on the D line: Black has only eye fills left.
fn only_eye_fills_left() -> Game {
    let mut g = finished();
    for v in ["D1", "D2", "D3", "D4", "D5", "D6", "D7"] {
        let p = at(g.board(), v);
        g.play(Color::Black, p).unwrap();
    }
    g
}

#[test]
fn passes_when_only_eye_fills_are_left() {
    let g = only_eye_fills_left();
    let r = search(&g, Color::Black, &params(100, 0));
    assert_eq!((r.best, r.playouts), (SearchMove::Pass, 0));
}

#[test]
fn an_analysis_searches_where_a_move_would_be_decided_at_once() {
    let g = only_eye_fills_left();
    let p = SearchParams {
        always_search: true,
        ..params(100, 0)
    };
    let r = search(&g, Color::Black, &p);
    assert_eq!((r.best, r.playouts), (SearchMove::Pass, 100));
    let snap = r.snapshot.expect("a searched position has a snapshot");
    assert_eq!(snap.moves.len(), 1, "only the pass is searched");
    assert_eq!(snap.moves[0].visits, 100);
}

/// 5x5 with a ko at C3/D3: Black has captured at D3, White passed. White's retake at C3
/// recreates the starting position: banned by positional superko though simple ko (the
/// last move was a pass) allows it.
fn ko_after_pass(rule: KoRule) -> Game {
    let rules = Ruleset {
        ko: rule,
        ..Ruleset::default()
    };
    let mut g = setup(
        &[
            ". . . . .",
            ". . X O .",
            ". X O . O",
            ". . X O .",
            ". . . . .",
        ],
        Color::Black,
        rules,
        0.5,
    );
    g.play(Color::Black, at(g.board(), "D3")).unwrap();
    g.play(Color::White, Point::PASS).unwrap();
    g
}

#[test]
fn superko_retake_is_never_chosen() {
    let g = ko_after_pass(KoRule::Positional);
    let c3 = at(g.board(), "C3");
    assert!(g.check(Color::White, c3).is_err());
    let simple = ko_after_pass(KoRule::Simple);
    assert!(simple.check(Color::White, c3).is_ok());
    // White out of turn (GTP allows it): the retake is the obvious move but banned.
    for seed in 0..4 {
        let r = search(&g, Color::White, &params(800, seed));
        assert_legal(&g, Color::White, r.best);
        assert_ne!(r.best, SearchMove::Play(c3));
    }
}

#[test]
fn the_tree_judges_superko_along_its_line() {
    for (rule, banned) in [(KoRule::Positional, true), (KoRule::Simple, false)] {
        let mut g = ko_after_pass(rule);
        g.undo(); // back to Black's capture; White to move
        let c3 = at(g.board(), "C3");
        let mut line = KoLine::new(g.memory());
        let mut b = g.board().clone();
        // The retake at once is banned by every rule, at the root of the line.
        assert!(!Judge::new(g.rules(), &line).allows(&b, c3, Color::White));
        // After a pass in the line, only superko still bans it.
        line.play(&mut b, Color::White, Point::PASS);
        assert_eq!(
            Judge::new(g.rules(), &line).allows(&b, c3, Color::White),
            !banned,
            "{rule}"
        );
    }
}

#[test]
fn tree_legality_matches_the_game_along_a_line() {
    use crate::rules::SuicideRule;
    let mut rng = super::rng::Rng::new(99);
    let mut checked = 0;
    for &(rule, _) in crate::rules::ko::KO_RULES {
        for round in 0..16 {
            let rules = Ruleset {
                ko: rule,
                suicide: [SuicideRule::Forbidden, SuicideRule::Multi, SuicideRule::All][round % 3],
                ..Ruleset::default()
            };
            let size = 4 + round % 2;
            // A random game, captures favoured so that kos come up.
            let mut full = crate::testkit::new_game(size, rules);
            let total = 20 + rng.below(50);
            for _ in 0..total {
                let c = full.to_move();
                let legal = full.legal_plays(c);
                let b = full.board();
                let capturing: Vec<Point> = legal
                    .iter()
                    .copied()
                    .filter(|&p| b.is_capture(p, c))
                    .collect();
                let p = if legal.is_empty() || rng.below(12) == 0 {
                    Point::PASS
                } else if !capturing.is_empty() && rng.below(3) > 0 {
                    capturing[rng.below(capturing.len())]
                } else {
                    legal[rng.below(legal.len())]
                };
                full.play(c, p).unwrap();
            }
            let split = rng.below(total + 1);
            let mut root = crate::testkit::new_game(size, rules);
            for s in &full.moves()[..split] {
                root.play(s.color, s.point).unwrap();
            }
            let mut line = KoLine::new(root.memory());
            let mut board = root.board().clone();
            let mut game = root.clone();
            for i in split..=total {
                for color in Color::BOTH {
                    for p in board.points() {
                        let tree = Judge::new(&rules, &line).allows(&board, p, color);
                        let exact = game.check(color, p).is_ok();
                        checked += 1;
                        if rule == KoRule::IngSpight && i > split {
                            // Deeper than the root, judged against the root's memory only:
                            // never more permissive than the board's simple ko.
                            assert!(!tree || board.is_legal_simple(p, color, rules.suicide));
                        } else {
                            assert_eq!(tree, exact, "{rule} {color} {}", board.vertex(p));
                        }
                    }
                }
                if i < total {
                    let s = &full.moves()[i];
                    line.play(&mut board, s.color, s.point);
                    game.play(s.color, s.point).unwrap();
                }
            }
        }
    }
    assert!(checked > 10_000);
}

#[test]
fn respects_max_playouts_and_is_deterministic() {
    let g = crate::testkit::new_game(9, Ruleset::default());
    let a = search(&g, Color::Black, &params(700, 42));
    let b = search(&g, Color::Black, &params(700, 42));
    assert_eq!(a.playouts, 700);
    assert_eq!((a.best, a.winrate), (b.best, b.winrate));
    let mut p = params(900, 42);
    p.threads = 2;
    let r = search(&g, Color::Black, &p);
    assert_eq!(r.playouts, 900);
    assert_legal(&g, Color::Black, r.best);
}

#[test]
fn an_analysis_stopped_before_it_starts_keeps_the_small_arena() {
    // An analysis whose stop line came with it answers at once: it does not first grow the
    // arena to the size a long analysis needs.
    let g = crate::testkit::new_game(19, Ruleset::default());
    let mut p = params(0, 1);
    p.max_playouts = None;
    assert!(p.is_unlimited());
    let mut searcher = Searcher::new();
    searcher.search(&g, Color::Black, &p, &AtomicBool::new(true), None);
    assert!(searcher.tree.capacity() < ANALYSIS_NODES);
    searcher.search(&g, Color::White, &p, &AtomicBool::new(true), None);
    assert!(searcher.tree.capacity() < ANALYSIS_NODES);
}

#[test]
fn a_stop_flag_ends_the_search() {
    let g = crate::testkit::new_game(9, Ruleset::default());
    let mut p = params(0, 1);
    p.max_playouts = None;
    // Already set: no playout at all, still a legal move.
    let r = genmove(&g, Color::Black, &p, &AtomicBool::new(true));
    assert_eq!(r.playouts, 0);
    assert!(matches!(r.best, SearchMove::Play(_)));
    // Set from another thread once the search has made playouts (seen through its
    // observer): no time bound is assumed, however slow or busy the machine.
    let stop = AtomicBool::new(false);
    let seen = std::sync::atomic::AtomicU64::new(0);
    p.threads = 2;
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            while seen.load(Ordering::SeqCst) == 0 {
                std::thread::sleep(Duration::from_millis(10));
            }
            stop.store(true, Ordering::SeqCst);
        });
        let mut observe = |snap: &Snapshot| seen.store(snap.playouts, Ordering::SeqCst);
        let observer: Observer = (Duration::from_millis(20), &mut observe);
        Searcher::new().search(&g, Color::Black, &p, &stop, Some(observer))
    });
    assert!(r.playouts > 0);
    assert_legal(&g, Color::Black, r.best);
}

#[test]
fn respects_max_time() {
    let g = crate::testkit::new_game(9, Ruleset::default());
    let mut p = params(0, 1);
    p.max_playouts = None;
    p.max_time = Some(Duration::from_millis(150));
    let r = search(&g, Color::Black, &p);
    // However busy the machine (the search may not even start in 150 ms), it stops soon.
    assert!(r.elapsed < Duration::from_secs(2), "{:?}", r.elapsed);
    assert_legal(&g, Color::Black, r.best);
}

#[test]
fn every_rule_gives_legal_moves_through_a_game() {
    // Self-play on 5x5 with few playouts, under each ko rule: every move must be legal.
    for &(rule, _) in crate::rules::ko::KO_RULES {
        let rules = Ruleset {
            ko: rule,
            ..Ruleset::default()
        };
        let mut g = crate::testkit::new_game(5, rules);
        for i in 0..60 {
            if g.is_over() {
                break;
            }
            let c = g.to_move();
            let r = search(&g, c, &params(200, i));
            let p = match r.best {
                SearchMove::Play(p) => p,
                SearchMove::Pass => Point::PASS,
                SearchMove::Resign => break,
            };
            g.play(c, p).unwrap_or_else(|e| panic!("{rule}: {e}"));
        }
    }
}

/// Throughput of the search from the empty board, for measurement:
/// `cargo test --release --lib search::tests::search_speed -- --ignored --nocapture`
#[test]
#[ignore]
fn search_speed() {
    for size in [9, 19] {
        let g = crate::testkit::new_game(size, Ruleset::default());
        let mut p = params(0, 1);
        p.max_playouts = None;
        p.max_time = Some(Duration::from_secs(2));
        let r = search(&g, Color::Black, &p);
        eprintln!(
            "{size}x{size}: {:.0} playouts/s, best {:?} win {:.3}",
            r.playouts as f64 / r.elapsed.as_secs_f64(),
            r.best,
            r.winrate
        );
    }
}

/// Every expanded node of the tree has exactly the legal moves (minus own-eye fills, plus
/// the pass) of the game replayed along its path, under `rule`: the tree obeys the ko rule
/// at every depth, not only at the root.
fn tree_children_are_exactly_legal(rule: KoRule) {
    let rules = Ruleset {
        ko: rule,
        ..Ruleset::default()
    };
    // A ko on 5x5 (C3/D3) with White to retake, and room for more kos to arise.
    let g = setup(
        &[
            ". . . . .",
            ". . X O .",
            ". X O . O",
            ". . X O .",
            ". . . . .",
        ],
        Color::Black,
        rules,
        0.5,
    );
    let mut g = g;
    g.play(Color::Black, at(g.board(), "D3")).unwrap();
    let mut searcher = Searcher::new();
    let p = params(3000, 7);
    searcher.search(&g, Color::White, &p, &AtomicBool::new(false), None);
    let tree = &searcher.tree;
    let mut checked = 0;
    let mut stack = vec![(0usize, g.clone(), Color::White)];
    while let Some((node, game, color)) = stack.pop() {
        let kids: Vec<usize> = tree.children(node).collect();
        if kids.is_empty() {
            continue;
        }
        let mut have: Vec<Point> = kids.iter().map(|&k| tree.node(k).point()).collect();
        let mut want: Vec<Point> = game
            .legal_plays(color)
            .into_iter()
            .filter(|&q| !game.board().is_eye(q, color))
            .chain([Point::PASS])
            .collect();
        have.sort();
        want.sort();
        assert_eq!(
            have,
            want,
            "{rule}: node {node} after {:?}",
            game.moves().len()
        );
        checked += 1;
        for k in kids {
            if tree.node(k).visits() >= 8 {
                let mut next = game.clone();
                next.play(color, tree.node(k).point()).unwrap();
                stack.push((k, next, color.opponent()));
            }
        }
    }
    assert!(checked > 20, "{rule}: only {checked} nodes checked");
}

#[test]
fn the_tree_obeys_positional_superko_at_every_depth() {
    tree_children_are_exactly_legal(KoRule::Positional);
}

#[test]
fn the_tree_obeys_fixed_ko_at_every_depth() {
    tree_children_are_exactly_legal(KoRule::Fixed);
}

#[test]
fn the_tree_obeys_situational_superko_at_every_depth() {
    tree_children_are_exactly_legal(KoRule::Situational);
}

#[test]
fn saves_a_string_in_atari() {
    // White's F5 has put Black's E5 in atari (liberty E4); extending there gives three
    // liberties and leaves White's D5, E6 and F5 thin (GNU Go 3.8 agrees: E4).
    let mut g = crate::testkit::new_game(9, Ruleset::default());
    g.set_komi(7.0);
    for (c, v) in [
        (Color::Black, "E5"),
        (Color::White, "D5"),
        (Color::Black, "C3"),
        (Color::White, "E6"),
        (Color::Black, "G3"),
        (Color::White, "F5"),
    ] {
        let p = at(g.board(), v);
        g.play(c, p).unwrap();
    }
    assert!(g.board().in_atari(at(g.board(), "E5")));
    for seed in 0..3 {
        let r = search(&g, Color::Black, &params(3000, seed));
        assert_eq!(r.best, SearchMove::Play(at(g.board(), "E4")), "seed {seed}");
    }
}

#[test]
fn reuses_the_tree_when_the_game_goes_on() {
    let mut g = crate::testkit::new_game(9, Ruleset::default());
    let mut searcher = Searcher::new();
    let stop = AtomicBool::new(false);
    let r = searcher.search(&g, Color::Black, &params(2000, 1), &stop, None);
    let SearchMove::Play(p) = r.best else {
        panic!("{r:?}")
    };
    g.play(Color::Black, p).unwrap();
    // The reply most searched by Black's tree: its subtree becomes the new root.
    let reply = searcher
        .tree
        .children(0)
        .find(|&i| searcher.tree.node(i).point() == p)
        .and_then(|i| {
            searcher
                .tree
                .children(i)
                .max_by_key(|&c| searcher.tree.node(c).visits())
        })
        .map(|c| searcher.tree.node(c).point())
        .unwrap();
    g.play(Color::White, reply).unwrap();
    assert!(searcher.reuse(
        &RootKey {
            start: g.start().hash(),
            size: 9,
            rules: *g.rules(),
            komi: g.komi(),
            moves: g.moves().iter().map(|s| (s.color, s.point)).collect(),
            color: Color::Black,
        },
        &g.legal_plays(Color::Black)
            .into_iter()
            .filter(|&q| !g.board().is_eye(q, Color::Black))
            .collect::<Vec<_>>(),
    ));
    assert!(searcher.tree.node(0).visits() > 0);
    // A move the tree does not expect (an undo, a different game) starts afresh.
    g.undo();
    let r = searcher.search(&g, Color::White, &params(500, 2), &stop, None);
    assert_legal(&g, Color::White, r.best);
}

#[test]
fn observer_gets_snapshots_with_pv_and_ownership() {
    let g = crate::testkit::new_game(7, Ruleset::default());
    let p = params(3000, 3);
    let mut seen = Vec::new();
    let mut observe = |s: &Snapshot| seen.push(s.clone());
    let r = Searcher::new().search(
        &g,
        Color::Black,
        &p,
        &AtomicBool::new(false),
        Some((Duration::from_micros(100), &mut observe)),
    );
    assert!(!seen.is_empty());
    let last = r.snapshot.unwrap();
    assert_eq!(last.ownership.len(), 49);
    assert!(last.ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
    assert!(!last.moves.is_empty());
    assert_eq!(last.moves[0].pv[0], last.moves[0].point);
    let prior_sum: f64 = last.moves.iter().map(|m| m.prior).sum();
    assert!(prior_sum <= 1.0 + 1e-9);
    assert!(last.moves.windows(2).all(|w| w[0].visits >= w[1].visits));
}

#[test]
fn dynamic_komi_favours_a_margin_early_in_handicap_games_only() {
    let mut even = crate::testkit::new_game(19, Ruleset::default());
    even.set_komi(7.5);
    assert_eq!(dynamic_komi(&even), 7.5);
    let mut g = crate::testkit::new_game(19, Ruleset::default());
    let mut b = Board::new(19);
    for v in ["D4", "Q16", "D16", "Q4"] {
        let p = at(&b, v);
        b.place_setup(p, Color::Black);
    }
    g.set_start(b, Color::White, 4);
    g.set_komi(0.5);
    // 7 points per stone at the start, falling linearly to the game's komi by move 180.
    assert_eq!(dynamic_komi(&g), 0.5 + 28.0);
    let mut moves = 0;
    while moves < 200 {
        let c = g.to_move();
        g.play(c, Point::PASS).unwrap();
        moves += 1;
        if moves == 90 {
            assert!((dynamic_komi(&g) - (0.5 + 28.0 * (1.0 - 90.0 / 180.5))).abs() < 1e-9);
        }
    }
    assert_eq!(dynamic_komi(&g), 0.5);
}

/// Plays `plays`, each `b V` or `w V`, in `g`.
fn play_all(g: &mut Game, plays: &[&str]) {
    for m in plays {
        let (c, v) = m.split_once(' ').unwrap();
        let color = if c == "b" { Color::Black } else { Color::White };
        let p = at(g.board(), v);
        g.play(color, p).unwrap();
    }
}

/// A 9x9 game (komi 7.5) after `plays`, each `b V` or `w V`.
fn played(plays: &[&str]) -> Game {
    let mut g = crate::testkit::new_game(9, Ruleset::default());
    g.set_komi(7.5);
    play_all(&mut g, plays);
    g
}

/// The move the search chooses for `color` in `g` with each seed of `seeds`.
fn choices(
    g: &Game,
    color: Color,
    playouts: u64,
    seeds: std::ops::RangeInclusive<u64>,
) -> Vec<String> {
    seeds
        .map(
            |seed| match search(g, color, &params(playouts, seed)).best {
                SearchMove::Play(p) => g.board().vertex(p),
                other => format!("{other:?}"),
            },
        )
        .collect()
}

/// The moves Black, to move in the 9x9 diagram `rows` (komi 7.5), plays with `seeds` and
/// `playouts` playouts.
fn black_plays(rows: &[&str], playouts: u64, seeds: std::ops::RangeInclusive<u64>) -> Vec<String> {
    let g = setup(rows, Color::Black, Ruleset::default(), 7.5);
    choices(&g, Color::Black, playouts, seeds)
}

#[test]
fn takes_the_free_capture_when_far_ahead() {
    // White's E5 is in atari and could still run out at E6; Black leads whatever it plays,
    // so the win rate alone hardly tells the capture from any other move.
    let g = played(&["b D5", "b F5", "b E4", "w E5", "w A9"]);
    assert_eq!(g.to_move(), Color::Black);
    let moves = choices(&g, Color::Black, 20_000, 1..=5);
    assert!(moves.iter().all(|m| m == "E6"), "{moves:?}");
}

#[test]
fn takes_the_capture_that_could_turn_a_lost_game() {
    // Black is far behind; capturing White's three stones at B6 is the only way back (GNU
    // Go: W+10.8 after B6, W+24.4 after G6, which only protects F6). It is easy to miss:
    // after G6 White's escape at B6 can lose its first simulations, and the AMAF statistics
    // then keep it down for a long time, so G6 looks better than it is. Most seeds must
    // take the capture.
    let moves = black_plays(
        &[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . X X X . . . .",
            ". . O O O X . . .",
            ". . X X X O . . .",
            ". . . . . O . . .",
            "O O O O O O . . .",
            ". . . . . O . . .",
            ". . . . . O . . .",
        ],
        20_000,
        1..=8,
    );
    let captures = moves.iter().filter(|m| *m == "B6").count();
    assert!(captures >= 6, "{moves:?}");
}

/// Black's area margin (komi included) once `line` (each `b V` or `w V`) is played from `g`:
/// the count at the end of a settled endgame, every stone alive.
fn margin_after(g: &Game, line: &[&str]) -> f64 {
    let mut g = g.clone();
    play_all(&mut g, line);
    counting::area_score(g.board(), g.komi())
}

#[test]
fn gives_away_no_points_in_a_won_endgame() {
    // Black leads by over 20 points and every group is settled: both have many eyes, and
    // Black's territories are two lines wide or boxed in, too narrow for an invasion to
    // live even in a playout. Three places are left on the boundary:
    // - E7: Black pushes into White's opening, White must block at E8 and Black connects
    //   at E6: both points are Black's. Had White played first, E6 (Black blocks at E5,
    //   White connects at E7) makes both White's. The biggest move.
    // - B7 and J7: dame, one point each.
    // After E7 and the dames shared, Black wins by 23.5; after E6 (White takes E7) or a
    // dame first (White takes the opening) by 21.5; after a move inside its own territory
    // or a pass by 19.5. Every one of them wins every playout: only the score tells them
    // apart.
    let g = setup(
        &[
            ". O . O O O . O .",
            "O O O O . O O O O",
            "O . O O . O O O .",
            "X X X X . X X X X",
            ". . . X . X . . .",
            ". . . X X X . . .",
            "X X X X X X X X X",
            ". . X . . X . . .",
            ". . X . . X . . .",
        ],
        Color::Black,
        Ruleset::default(),
        7.5,
    );
    assert_eq!(
        margin_after(&g, &["b E7", "w E8", "b E6", "w B7", "b J7"]),
        23.5
    );
    assert_eq!(margin_after(&g, &["b E6", "w E7", "b B7", "w J7"]), 21.5);
    assert_eq!(
        margin_after(&g, &["b J7", "w E6", "b E5", "w E7", "b B7"]),
        21.5
    );
    assert_eq!(
        margin_after(&g, &["b G5", "w E6", "b E5", "w E7", "b B7", "w J7"]),
        19.5
    );
    let moves = choices(&g, Color::Black, 20_000, 1..=6);
    assert!(moves.iter().all(|m| m == "E7"), "{moves:?}");
    // With only one dame left, Black still takes it rather than pass or fill its own
    // territory.
    let mut g = g;
    play_all(&mut g, &["b E7", "w E8", "b E6", "w B7"]);
    let moves = choices(&g, Color::Black, 20_000, 1..=6);
    assert!(moves.iter().all(|m| m == "J7"), "{moves:?}");
}

#[test]
fn gives_away_no_points_in_a_won_endgame_as_white() {
    // White to move, some 30 points ahead; every group settled, with many eyes, and the
    // territories boxed in. Three places are left on the boundary:
    // - F9, the hane on the first line: Black must block at G9 and White connects at E9,
    //   both points White's. Black's own hane at E9 (White blocks at D9, Black connects at
    //   F9) would make both Black's. The biggest move.
    // - E5 and E3: dame, one point each.
    // After F9 and the dames shared, White wins by 32.5; after E9 (Black takes F9) or a
    // dame first (Black takes the hane) by 30.5; after a move inside its own territory or
    // a pass by 28.5.
    let g = setup(
        &[
            ". O . . . . . X .",
            "O O O O O X X X X",
            ". O . . O X . . .",
            "O O O O O X . X .",
            ". O . O . X . X .",
            "O O O O O X . X .",
            ". O . O . X X X X",
            "O O O O O O O O O",
            ". O . . O . O . .",
        ],
        Color::White,
        Ruleset::default(),
        7.5,
    );
    assert_eq!(
        margin_after(&g, &["w F9", "b G9", "w E9", "b E5", "w E3"]),
        -32.5
    );
    assert_eq!(margin_after(&g, &["w E9", "b F9", "w E5", "b E3"]), -30.5);
    assert_eq!(
        margin_after(&g, &["w E3", "b E9", "w D9", "b F9", "w E5"]),
        -30.5
    );
    assert_eq!(
        margin_after(&g, &["w C7", "b E9", "w D9", "b F9", "w E5", "b E3"]),
        -28.5
    );
    let moves = choices(&g, Color::White, 20_000, 1..=6);
    assert!(moves.iter().all(|m| m == "F9"), "{moves:?}");
}

#[test]
fn moves_report_their_own_score() {
    let g = played(&["b D5", "b F5", "b E4", "w E5", "w A9"]);
    let mut ignore = |_: &Snapshot| {};
    let r = Searcher::new().search(
        &g,
        Color::Black,
        &params(5000, 1),
        &AtomicBool::new(false),
        Some((Duration::MAX, &mut ignore)),
    );
    let snap = r.snapshot.unwrap();
    assert!(snap.score_lead > 0.0 && snap.score_stdev > 0.0, "{snap:?}");
    let leads: Vec<f64> = snap.moves.iter().map(|m| m.score_lead).collect();
    assert!(
        leads.windows(2).any(|w| w[0] != w[1]),
        "one figure for all: {leads:?}"
    );
    assert!(snap.moves.iter().all(|m| m.score_stdev >= 0.0));
    // The root's mean is the visit-weighted mean of its moves' (every simulation goes
    // through one of them).
    let visits: u64 = snap.moves.iter().map(|m| m.visits).sum();
    let weighted: f64 = snap
        .moves
        .iter()
        .map(|m| m.score_lead * m.visits as f64)
        .sum();
    assert!((weighted / visits as f64 - snap.score_lead).abs() < 1e-6);
}

#[test]
fn two_searches_in_one_process_keep_their_own_priors_and_replies() {
    let mut g = crate::testkit::new_game(9, Ruleset::default());
    let e5 = at(g.board(), "E5");
    g.play(Color::Black, e5).unwrap();
    let observe = |p: &SearchParams| {
        let mut snap = None;
        let mut keep = |s: &Snapshot| snap = Some(s.clone());
        let r = Searcher::new().search(
            &g,
            Color::White,
            p,
            &AtomicBool::new(false),
            Some((Duration::MAX, &mut keep)),
        );
        r.snapshot.unwrap()
    };
    let model = params(300, 5);
    let hand = SearchParams {
        priors: priors::PriorSource::Hand,
        ..model.clone()
    };
    let replies = SearchParams {
        playout_replies: true,
        ..model.clone()
    };
    // Interleaved, so that a setting left behind by one search would show in the next.
    let (a, b, c, a2) = (
        observe(&model),
        observe(&hand),
        observe(&replies),
        observe(&model),
    );
    assert_eq!(a.moves, a2.moves, "the same settings give the same search");
    assert_eq!(
        (a.priors, b.priors),
        (priors::PriorSource::Model, priors::PriorSource::Hand)
    );
    assert_ne!(a.moves, b.moves, "the priors' source changes the search");
    assert_ne!(a.moves, c.moves, "last good replies change the playouts");
}
