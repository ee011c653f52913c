use super::*;

fn c(col: usize, row: usize) -> Coord {
    Coord::new(col, row)
}

fn ok(text: &str) -> SgfGame {
    match parse(text) {
        Ok(game) => game,
        Err(e) => panic!("failed to parse {text:?}: {e}"),
    }
}

fn err(text: &str) -> String {
    match parse(text) {
        Ok(game) => panic!("{text:?} parsed but should not: {game:?}"),
        Err(e) => e.message,
    }
}

/// Writing `game` and parsing it back gives `game` again.
fn assert_round_trip(game: &SgfGame) {
    let text = write(game);
    match parse(&text) {
        Ok(back) => assert_eq!(&back, game, "round trip through {text:?}"),
        Err(e) => panic!("written record {text:?} does not parse: {e}"),
    }
}

#[test]
fn reads_a_simple_record() {
    let game = ok(
        "(;GM[1]FF[4]SZ[9]KM[6.5]HA[0]RU[Japanese]RE[W+R]PB[Ann]PW[Bob]\n\
         ;B[ee];W[cc];B[];W[tt])",
    );
    assert_eq!(game.size, 9);
    assert_eq!(game.komi, Some(6.5));
    assert_eq!(game.handicap, Some(0));
    assert_eq!(game.rules.as_deref(), Some("Japanese"));
    assert_eq!(game.result.as_deref(), Some("W+R"));
    assert_eq!(game.black_name.as_deref(), Some("Ann"));
    assert_eq!(game.white_name.as_deref(), Some("Bob"));
    assert_eq!(game.nodes.len(), 5);
    assert_eq!(game.nodes[0], SgfNode::default());
    let moves: Vec<_> = game.moves().collect();
    assert_eq!(
        moves,
        vec![
            (Color::Black, Some(c(4, 4))),
            (Color::White, Some(c(2, 6))),
            (Color::Black, None),
            // tt on 9x9 is off the board but is still the traditional pass.
            (Color::White, None),
        ]
    );
}

#[test]
fn defaults_when_root_is_bare() {
    let game = ok("(;)");
    assert_eq!(game, SgfGame::new(19));
    let game = ok("  \n(;B[aa])\n");
    assert_eq!(game.size, 19);
    assert_eq!(game.nodes[0].play, Some((Color::Black, Some(c(0, 18)))));
    // A byte-order mark is allowed.
    assert_eq!(ok("\u{feff}(;SZ[5])").size, 5);
}

#[test]
fn whitespace_between_tokens() {
    let game = ok(" ( ; SZ [9] AB [aa] \n [bb]\r\n ; W [cc] ( ; B [dd] ) ) ");
    assert_eq!(game.size, 9);
    assert_eq!(game.nodes[0].add_black, vec![c(0, 8), c(1, 7)]);
    assert_eq!(game.nodes[1].play, Some((Color::White, Some(c(2, 6)))));
    assert_eq!(game.nodes[2].play, Some((Color::Black, Some(c(3, 5)))));
}

#[test]
fn ff3_lowercase_identifiers_are_read_by_their_capitals() {
    let game = ok("(;GaMe[1]SiZe[9]AddBlack[aa][bb]AddWhite[cc]PLayer[W];White[dd];Black[ee])");
    assert_eq!(game.size, 9);
    assert_eq!(game.nodes[0].add_black, vec![c(0, 8), c(1, 7)]);
    assert_eq!(game.nodes[0].add_white, vec![c(2, 6)]);
    assert_eq!(game.nodes[0].player_to_move, Some(Color::White));
    assert_eq!(game.nodes[1].play, Some((Color::White, Some(c(3, 5)))));
    assert_eq!(game.nodes[2].play, Some((Color::Black, Some(c(4, 4)))));
}

#[test]
fn compressed_point_lists_are_expanded() {
    let game = ok("(;SZ[9]AB[aa:cc]AW[ii]AE[gh:hg])");
    let root = &game.nodes[0];
    assert_eq!(root.add_black.len(), 9);
    for col in 0..3 {
        for row in 6..9 {
            assert!(root.add_black.contains(&c(col, row)));
        }
    }
    assert_eq!(root.add_white, vec![c(8, 0)]);
    assert_eq!(root.add_empty.len(), 4);
    // Corners in either order, a 1x1 rectangle, duplicates dropped.
    let a = ok("(;SZ[9]AB[cc:aa])").nodes[0].add_black.clone();
    let mut b = root.add_black.clone();
    b.sort();
    let mut a_sorted = a.clone();
    a_sorted.sort();
    assert_eq!(a_sorted, b);
    assert_eq!(ok("(;SZ[9]AB[bb:bb])").nodes[0].add_black, vec![c(1, 7)]);
    assert_eq!(
        ok("(;SZ[9]AB[aa:ab][aa]AB[ab][ac])").nodes[0].add_black,
        vec![c(0, 8), c(0, 7), c(0, 6)]
    );
    // The whole board.
    assert_eq!(ok("(;SZ[25]AE[aa:yy])").nodes[0].add_empty.len(), 625);
    assert!(err("(;SZ[9]AB[aa:jj])").contains("off the 9x9 board"));
}

#[test]
fn escapes_and_line_continuations() {
    let game = ok("(;PB[a\\]b\\\\c]PW[x\\\ny\\\r\nz\\\n\rw]RE[\\B+\\:3\\é]RU[line\nbreak])");
    assert_eq!(game.black_name.as_deref(), Some("a]b\\c"));
    assert_eq!(game.white_name.as_deref(), Some("xyzw"));
    assert_eq!(game.result.as_deref(), Some("B+:3é"));
    assert_eq!(game.rules.as_deref(), Some("line\nbreak"));
    // Escaped brackets in skipped properties and variations do not end the value.
    let game = ok("(;C[a \\] (;B[aa\\]) b];B[bb](;W[cc]C[x\\]])(;W[dd]C[\\]\\\\]))");
    assert_eq!(game.nodes.len(), 3);
    assert_eq!(game.nodes[2].play, Some((Color::White, Some(c(2, 16)))));
}

#[test]
fn tt_is_a_pass_up_to_19_and_a_point_above() {
    let on19 = ok("(;SZ[19];B[tt];W[ss])");
    assert_eq!(on19.nodes[1].play, Some((Color::Black, None)));
    assert_eq!(on19.nodes[2].play, Some((Color::White, Some(c(18, 0)))));
    let on21 = ok("(;SZ[21];B[tt];W[];B[uu])");
    assert_eq!(on21.nodes[1].play, Some((Color::Black, Some(c(19, 1)))));
    assert_eq!(on21.nodes[2].play, Some((Color::White, None)));
    assert_eq!(on21.nodes[3].play, Some((Color::Black, Some(c(20, 0)))));
    let on20 = ok("(;SZ[20];B[tt])");
    assert_eq!(on20.nodes[1].play, Some((Color::Black, Some(c(19, 0)))));
    // ...but tt is never a setup pass.
    assert!(err("(;AB[tt])").contains("off the 19x19 board"));
    // Round trips keep the difference.
    assert_round_trip(&on19);
    assert_round_trip(&on21);
    assert!(write(&on19).contains(";B[]"));
    assert!(write(&on21).contains(";B[tt]"));
}

#[test]
fn variations_follow_the_first_child() {
    let game = ok("(;SZ[9];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff];B[gg])(;W[hh]))");
    let moves: Vec<_> = game.moves().map(|(_, p)| p.unwrap().to_sgf(9)).collect();
    assert_eq!(moves, vec!["aa", "bb", "cc", "dd"]);
    // Variations right under the root.
    let game = ok("(;SZ[9](;B[aa];W[bb])(;B[cc]))");
    assert_eq!(game.nodes.len(), 3);
    // Content after a first variation that is skipped (nested deeper in a second one).
    let game = ok("(;(;B[aa](;W[bb]))(;B[cc](;W[dd](;B[ee]))))");
    assert_eq!(game.moves().count(), 2);
}

#[test]
fn collections_give_the_first_game() {
    let game = ok("(;SZ[9];B[aa])\n(;SZ[13];B[bb];W[cc])");
    assert_eq!(game.size, 9);
    assert_eq!(game.nodes.len(), 2);
    // The other games must still be well formed.
    assert!(err("(;SZ[9];B[aa])(;SZ[13]").contains("unexpected end of file"));
}

#[test]
fn root_properties_are_read_before_points() {
    // AB comes before SZ in the root: it is interpreted on the 9x9 board.
    let game = ok("(;AB[ii]B[aa]SZ[9])");
    assert_eq!(game.nodes[0].add_black, vec![c(8, 0)]);
    assert_eq!(game.nodes[0].play, Some((Color::Black, Some(c(0, 8)))));
    assert!(err("(;AB[jj]SZ[9])").contains("point 'jj' is off the 9x9 board"));
    // SZ outside the root is ignored.
    assert_eq!(ok("(;;SZ[9]B[pp])").size, 19);
}

#[test]
fn game_info_details() {
    assert_eq!(ok("(;KM[6,5])").komi, Some(6.5));
    assert_eq!(ok("(;KM[-7])").komi, Some(-7.0));
    assert_eq!(ok("(;KM[])").komi, None);
    assert_eq!(ok("(;SZ[19:19])").size, 19);
    assert_eq!(ok("(;SZ[ 13 ])").size, 13);
    assert_eq!(ok("(;SZ[2])").size, 2);
    assert_eq!(ok("(;SZ[25])").size, 25);
    // Game info in a later node counts; the first occurrence wins.
    let game = ok("(;KM[5.5];B[aa]KM[7.5]PB[late]HA[2];W[bb]PB[later])");
    assert_eq!(game.komi, Some(5.5));
    assert_eq!(game.handicap, Some(2));
    assert_eq!(game.black_name.as_deref(), Some("late"));
    assert_eq!(ok("(;PL[b])").nodes[0].player_to_move, Some(Color::Black));
    // Unknown properties, even with many values, are skipped.
    assert_eq!(
        ok("(;XX[1][2][3]LB[aa:x]MN[5];TR[aa][bb]B[aa])")
            .moves()
            .count(),
        1
    );
}

#[test]
fn setup_and_move_in_one_node_are_both_kept() {
    let game = ok("(;SZ[9];B[aa];AE[aa]AW[bb]PL[B]W[cc])");
    let node = &game.nodes[2];
    assert!(node.has_setup());
    assert_eq!(node.add_empty, vec![c(0, 8)]);
    assert_eq!(node.add_white, vec![c(1, 7)]);
    assert_eq!(node.player_to_move, Some(Color::Black));
    assert_eq!(node.play, Some((Color::White, Some(c(2, 6)))));
    assert_round_trip(&game);
}

#[test]
fn malformed_inputs_are_errors() {
    let cases: &[(&str, &str)] = &[
        ("", "no game found"),
        ("   \n ", "no game found"),
        ("garbage", "unexpected character"),
        ("hello (;B[aa])", "unexpected character"),
        ("(;B[aa])junk", "unexpected character"),
        ("(;SZ[9])é", "unexpected character"),
        ("\u{0}", "unexpected character"),
        ("(", "unexpected end of file"),
        ("(;", "unexpected end of file"),
        ("(;B[aa]", "unexpected end of file"),
        ("(;B[aa", "unexpected end of file"),
        ("(;B[aa\\", "unexpected end of file"),
        ("(;B[aa\\]", "unexpected end of file"),
        ("(;B", "unexpected end of file"),
        ("(;B[aa](;W[bb])", "unexpected end of file"),
        ("(;B[aa]))", "unbalanced ')'"),
        (")", "unbalanced ')'"),
        ("()", "empty game tree"),
        ("(;B[aa]())", "empty game tree"),
        ("((;B[aa]))", "expected ';' after '('"),
        (";B[aa]", "expected '('"),
        ("(;B[aa](;W[bb]);B[cc])", "cannot follow variations"),
        ("(;[aa])", "without a property name"),
        ("(;b[aa])", "no capital letter"),
        ("(;B;W[aa])", "has no value"),
        ("(;B1[aa])", "has no value"),
        ("(;SZ[30])", "SZ 30 is not supported (2 to 25)"),
        ("(;SZ[1])", "SZ 1 is not supported"),
        ("(;SZ[0])", "SZ 0 is not supported"),
        ("(;SZ[99999999999999999999999999])", "is not supported"),
        ("(;SZ[19:17])", "non-square board sizes are not supported"),
        ("(;SZ[nine])", "bad SZ value"),
        ("(;SZ[])", "bad SZ value"),
        ("(;SZ[-9])", "bad SZ value"),
        ("(;SZ[9:])", "bad SZ value"),
        ("(;SZ[9][9])", "has 2 values"),
        ("(;SZ[9];B[zz])", "point 'zz' is off the 9x9 board"),
        ("(;SZ[9];B[jj])", "point 'jj' is off the 9x9 board"),
        ("(;SZ[9];B[a])", "bad point"),
        ("(;SZ[9];B[abc])", "bad point"),
        ("(;SZ[9];B[AA])", "bad point"),
        ("(;SZ[9];B[aa][bb])", "has 2 values"),
        ("(;SZ[9];B[aa]W[bb])", "more than one move"),
        ("(;SZ[9];AB[aa:])", "bad point"),
        ("(;SZ[9];AW[aa:bb:cc])", "bad point"),
        ("(;SZ[9];AE[tt])", "off the 9x9 board"),
        ("(;KM[abc])", "bad KM value"),
        ("(;KM[inf])", "bad KM value"),
        ("(;KM[NaN])", "bad KM value"),
        ("(;KM[6.5.5])", "bad KM value"),
        ("(;HA[-1])", "bad HA value"),
        ("(;HA[two])", "bad HA value"),
        ("(;PL[X])", "bad PL value"),
        ("(;GM[2])", "not a game of Go"),
    ];
    for &(text, expected) in cases {
        let message = err(text);
        assert!(
            message.contains(expected),
            "{text:?} gave {message:?}, expected it to mention {expected:?}"
        );
    }
}

#[test]
fn errors_say_where() {
    assert_eq!(
        err("(;SZ[9]\n;B[aa]\n;W[zz])"),
        "node 3: point 'zz' is off the 9x9 board"
    );
    assert!(err("(;SZ[9]\n;B[aa]\n;W[bb]\n").starts_with("line 4:"));
    assert!(err("(;C[\n\n\n").starts_with("line 1:"));
    let long = format!("(;SZ[{}])", "x".repeat(10_000));
    assert!(err(&long).len() < 100);
}

#[test]
fn writes_a_valid_record() {
    let mut game = SgfGame::new(9);
    game.komi = Some(7.0);
    game.handicap = Some(2);
    game.rules = Some("Chinese".to_string());
    game.result = Some("B+0.5".to_string());
    game.black_name = Some("a]b\\c".to_string());
    game.white_name = Some("Ünïcødé \n second line".to_string());
    game.nodes[0].add_black = vec![c(2, 2), c(6, 6)];
    game.nodes[0].player_to_move = Some(Color::White);
    game.push_move(Color::White, Some(c(4, 4)));
    game.push_move(Color::Black, None);
    game.nodes.push(SgfNode {
        add_black: vec![c(0, 0)],
        add_white: vec![c(8, 8), c(8, 7)],
        add_empty: vec![c(4, 4)],
        player_to_move: Some(Color::Black),
        play: None,
        comment: None,
        ..SgfNode::default()
    });
    for i in 0..30 {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        game.push_move(color, Some(c(i % 9, i / 9)));
    }
    let text = write(&game);
    let version = env!("CARGO_PKG_VERSION");
    assert!(text.starts_with(&format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[koan:{version}]SZ[9]KM[7]HA[2]RU[Chinese]RE[B+0.5]PB[a\\]b\\\\c]"
    )));
    assert!(text.contains("AB[cg][gc]PL[W]\n;W[ee];B[];AB[ai]AW[ia][ib]AE[ee]PL[B];B[ai]"));
    assert!(text.ends_with(")\n"));
    assert_round_trip(&game);
    // An empty record, and every size.
    for size in 2..=25 {
        let mut game = SgfGame::new(size);
        assert_round_trip(&game);
        game.push_move(Color::Black, Some(c(size - 1, 0)));
        game.push_move(Color::White, Some(c(0, size - 1)));
        game.push_move(Color::Black, None);
        assert_round_trip(&game);
    }
}

#[test]
fn writer_survives_bad_coordinates() {
    let mut game = SgfGame::new(9);
    game.komi = Some(f64::NAN);
    game.nodes[0].add_black = vec![c(9, 0), c(0, 0)];
    game.nodes[0].add_white = vec![c(20, 20)];
    game.push_move(Color::Black, Some(c(100, 3)));
    let back = ok(&write(&game));
    assert_eq!(back.komi, None);
    assert_eq!(back.nodes[0].add_black, vec![c(0, 0)]);
    assert!(back.nodes[0].add_white.is_empty());
    assert_eq!(back.nodes[1].play, Some((Color::Black, None)));
}

#[test]
fn parsed_records_round_trip() {
    let texts = [
        "(;GM[1]FF[4]SZ[19]KM[6.5]HA[2]AB[dd][pp]PL[W]PB[x\\]y];W[qd];B[];W[tt])",
        "(;FF[3]SiZe[13]AddBlack[aa:cc]AddWhite[mm];B[dd](;W[ee])(;W[ff]))",
        "(;SZ[25]KM[0.0000001];B[yy];W[aa];B[tt];AE[yy]AB[tt:uu])",
    ];
    for text in texts {
        assert_round_trip(&ok(text));
    }
}

/// A tiny xorshift generator so the fuzz tests need no crates.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Parses `text` (which must not panic) and, when it parses, checks the round trip.
fn check_no_panic(text: &str) {
    if let Ok(game) = parse(text) {
        assert!(!game.nodes.is_empty());
        assert_round_trip(&game);
    }
}

#[test]
fn fuzz_random_bytes_never_panic() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let pieces: &[&str] = &[
        "(", ")", ";", "[", "]", "\\", ":", "(;", "B", "W", "AB", "AW", "AE", "PL", "SZ", "KM",
        "HA", "PB", "RE", "GM", "tt", "aa", "ss", "zz", "yy", "[]", "[aa]", "[tt]", "[dd:ff]",
        "[19]", "[9]", "[25]", "[19:17]", "[6.5]", "[B]", "\n", " ", "\r\n", "é", "\\\n", "x",
        "Add", "[1e400]", "[-0]",
    ];
    let mut parsed = 0;
    for _ in 0..20_000 {
        let len = rng.below(40);
        let text = if rng.below(4) == 0 {
            // Raw random bytes, made UTF-8 the lossy way.
            let bytes: Vec<u8> = (0..len * 2).map(|_| rng.next() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            let mut s = String::from("(;");
            for _ in 0..len {
                s.push_str(pieces[rng.below(pieces.len())]);
            }
            if rng.below(2) == 0 {
                s.push(')');
            }
            s
        };
        check_no_panic(&text);
        parsed += parse(&text).is_ok() as usize;
    }
    // The generator is biased enough to produce some valid records too.
    assert!(parsed > 100, "only {parsed} random inputs parsed");
}

#[test]
fn fuzz_truncations_and_mutations_never_panic() {
    let record = "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]HA[2]RU[Japanese]PB[Bl\\]ack]PW[Whité]\
        AB[dd][pp]AW[aa:bb]PL[W]\n;W[qd];B[dc](;W[];B[tt];W[ss]C[a comment \\\\ \\]])\
        (;W[ce]AE[dd]PL[B];B[qq]))(;SZ[9];B[ee])";
    assert_eq!(ok(record).nodes.len(), 6);
    // Every truncation at a character boundary is an error, except the complete first game.
    for end in 0..record.len() {
        if record.is_char_boundary(end) {
            let prefix = &record[..end];
            check_no_panic(prefix);
            if !prefix.ends_with(')') {
                assert!(parse(prefix).is_err(), "{prefix:?} parsed");
            }
        }
    }
    let mut rng = XorShift(12345);
    let alphabet = b"();[]\\:BWAEaz tS9\n";
    for _ in 0..20_000 {
        let mut bytes = record.as_bytes().to_vec();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(bytes.len());
            match rng.below(3) {
                0 => bytes[i] = alphabet[rng.below(alphabet.len())],
                1 => {
                    bytes.remove(i);
                }
                _ => bytes.insert(i, alphabet[rng.below(alphabet.len())]),
            }
            if bytes.is_empty() {
                break;
            }
        }
        check_no_panic(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    const N: usize = 100_000;
    assert!(err(&"(".repeat(N)).contains("expected ';' after '('"));
    assert!(err(&"(;".repeat(N)).contains("unexpected end of file"));
    assert!(err(&")".repeat(N)).contains("unbalanced"));
    // 100k nested variations, each the first child: a 100k-move main line.
    let text = format!("{}{}", "(;B[aa]".repeat(N), ")".repeat(N));
    let game = ok(&text);
    assert_eq!(game.nodes.len(), N);
    // 100k nested second variations: all skipped.
    let text = format!(
        "(;SZ[9];B[aa](;W[bb]){}{})",
        "(;B[cc]".repeat(N),
        ")".repeat(N)
    );
    assert_eq!(ok(&text).nodes.len(), 3);
    // A long flat sequence round trips.
    let mut game = SgfGame::new(19);
    for i in 0..N {
        game.push_move(
            if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            },
            Some(c(i % 19, (i / 19) % 19)),
        );
    }
    assert_round_trip(&game);
}

#[test]
fn text_values_are_escaped() {
    let mut out = String::new();
    push_text_value(&mut out, r"a]b\c");
    assert_eq!(out, r"[a\]b\\c]");
}

/// Random legal moves (captures favoured) for the player to move, `n` of them.
fn play_randomly(game: &mut crate::game::Game, n: usize, rng: &mut impl rand::Rng) {
    use crate::game::random::{play_random_moves, Odds};
    let odds = Odds {
        pass: (1, 20),
        capture: (1, 2),
    };
    play_random_moves(game, n, odds, |k| rng.gen_range(0..k));
}

#[test]
fn a_save_and_reload_keeps_board_prisoners_and_turn_with_setup_among_the_moves() {
    use crate::board::Cell;
    use crate::game::Game;
    use crate::rules::Ruleset;
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(16);
    let rules = Ruleset::preset("japanese").unwrap();
    for round in 0..300 {
        let size = rng.gen_range(4..=9);
        let mut game = crate::testkit::new_game(size, rules);
        // Up to three parts, each some moves then a setup node that changes a few points.
        for _ in 0..rng.gen_range(1..=3) {
            let n = rng.gen_range(0..3 * size * size / 2);
            play_randomly(&mut game, n, &mut rng);
            let mut record = game.to_sgf("Japanese".into(), None);
            let mut setup = SgfNode::default();
            for _ in 0..rng.gen_range(1..5) {
                let coord = Coord::new(rng.gen_range(0..size), rng.gen_range(0..size));
                let seen = setup.add_black.contains(&coord)
                    || setup.add_white.contains(&coord)
                    || setup.add_empty.contains(&coord);
                if !seen {
                    match rng.gen_range(0..3) {
                        0 => setup.add_black.push(coord),
                        1 => setup.add_white.push(coord),
                        _ => setup.add_empty.push(coord),
                    }
                }
            }
            if rng.gen_range(0..2) == 0 {
                setup.player_to_move = Some(game.to_move().opponent());
            }
            record.nodes.push(setup);
            game = match Game::from_sgf(
                &parse(&write(&record)).unwrap(),
                rules,
                6.5,
                None,
                crate::testkit::pass_judge(),
            ) {
                Ok(g) => g,
                // A setup can leave a string without liberties; such a record is refused
                // later by its next move at most, never here.
                Err(e) => panic!("round {round}: {e}"),
            };
        }
        play_randomly(&mut game, rng.gen_range(0..size * size), &mut rng);
        let text = write(&game.to_sgf("Japanese".into(), None));
        let back = Game::from_sgf(
            &parse(&text).unwrap(),
            rules,
            6.5,
            None,
            crate::testkit::pass_judge(),
        )
        .unwrap_or_else(|e| panic!("round {round}: {e} reading {text}"));
        let (a, b) = (game.board(), back.board());
        let cells = |b: &crate::board::Board| b.points().map(|p| b.cell(p)).collect::<Vec<Cell>>();
        assert_eq!(cells(a), cells(b), "round {round}: {text}");
        for color in [Color::Black, Color::White] {
            assert_eq!(
                a.captures(color),
                b.captures(color),
                "round {round}: {text}"
            );
        }
        assert_eq!(game.to_move(), back.to_move(), "round {round}: {text}");
        assert_eq!(
            game.moves().len(),
            back.moves().len(),
            "round {round}: {text}"
        );
        assert_eq!(
            write(&back.to_sgf("Japanese".into(), None)),
            text,
            "round {round}"
        );
    }
}

#[test]
fn a_main_line_of_millions_of_nodes_is_refused_early() {
    let n = MAX_MAIN_LINE_NODES + 10;
    let text = format!("(;SZ[19]{}{})", "(;C[x]".repeat(n), ")".repeat(n));
    assert!(err(&text).contains("more than 250000 nodes"));
    let fits = format!("(;SZ[19]{}{})", "(;C[x]".repeat(1000), ")".repeat(1000));
    assert_eq!(ok(&fits).nodes.len(), 1001);
    // Side variations are skipped, however many.
    let side = format!(
        "(;SZ[19];B[aa]{}{})",
        "(;W[bb])(;W[cc]".repeat(n),
        ")".repeat(n)
    );
    assert_eq!(ok(&side).nodes.len(), 3);
}

#[test]
fn game_information_and_comments_round_trip() {
    let text = "(;GM[1]FF[4]SZ[9]RU[Japanese]PB[Honinbo]DT[1846-09-11]EV[Castle game]\
                GN[Ear-reddening]PC[Osaka]C[A famous game];B[ee]C[the move \\] here];W[ec])";
    let game = ok(text);
    assert_eq!(game.rules.as_deref(), Some("Japanese"));
    assert_eq!(game.black_name.as_deref(), Some("Honinbo"));
    let info: Vec<(&str, &str)> = game
        .info
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        info,
        [
            ("DT", "1846-09-11"),
            ("EV", "Castle game"),
            ("GN", "Ear-reddening"),
            ("PC", "Osaka")
        ]
    );
    assert_eq!(game.nodes[0].comment.as_deref(), Some("A famous game"));
    assert_eq!(game.nodes[1].comment.as_deref(), Some("the move ] here"));
    assert_round_trip(&game);
}

#[test]
fn territory_marks_are_read_and_written_back() {
    // TB/TW as a program leaves them after counting: lists and rectangles, in the last node.
    let game = ok("(;SZ[5];B[cc];W[dd];B[];W[]TB[aa:bb][cc]TW[ee][dd])");
    let last = game.nodes.last().unwrap();
    assert_eq!(
        last.territory_black,
        vec![c(0, 4), c(1, 4), c(0, 3), c(1, 3), c(2, 2)]
    );
    assert_eq!(last.territory_white, vec![c(4, 0), c(3, 1)]);
    // Marks are not setup: they change no position.
    assert!(!last.has_setup());
    assert_round_trip(&game);
    assert!(err("(;SZ[5]TB[zz])").contains("off the 5x5 board"));
}
