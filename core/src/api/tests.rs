use super::*;

fn game(size: i64, rules: &str, ko: Option<&str>) -> Game {
    Game::new(size, rules, ko, None, None).unwrap()
}

fn play(g: &mut Game, moves: &[&str]) {
    for m in moves {
        let (c, v) = m.split_once(' ').unwrap();
        let (c, v) = (color(c).unwrap(), g.vertex(v).unwrap());
        g.play(c, v).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// The basic ko of the crate's example: Black has just taken at D3 (move 9).
fn basic_ko(ko: &str) -> Game {
    let mut g = game(5, "chinese", Some(ko));
    play(
        &mut g,
        &[
            "B B3", "W D2", "B C2", "W D4", "B C4", "W E3", "B A5", "W C3", "B D3",
        ],
    );
    g
}

fn refusal(g: &Game, c: &str, v: &str) -> Option<Refusal> {
    g.why_illegal(color(c).unwrap(), g.vertex(v).unwrap())
}

#[test]
fn the_basic_ko_retake_is_refused_with_the_rules_words() {
    let w = Color::White;
    for (ko, code) in [
        ("simple", "ko"),
        ("positional", "superko"),
        ("situational", "superko"),
        // Pass-for-ko includes basic ko's ban of the immediate retake.
        ("pass-for-ko", "ko"),
        ("ing-spight", "ing-spight"),
    ] {
        let g = basic_ko(ko);
        let r = refusal(&g, "W", "C3").unwrap_or_else(|| panic!("{ko} allows the retake"));
        assert_eq!(r.reason.code(), code, "{ko}: {}", r.message);
        // What the retake does, then the rule that forbids it, by name.
        assert!(r.message.starts_with("W C3 is illegal: "), "{}", r.message);
        let rule = match ko {
            "simple" => ": simple ko",
            "positional" => ": positional superko",
            "situational" => ": situational superko",
            "pass-for-ko" => ": simple ko",
            _ => ": Ing-Spight ko rule",
        };
        assert!(r.message.ends_with(rule), "{ko}: {}", r.message);
        assert!(!g.is_legal(w, g.vertex("C3").unwrap()));
    }
    // The superko ban names the move whose position would come back.
    let r = refusal(&basic_ko("positional"), "W", "C3").unwrap();
    assert_eq!(
        r.message,
        "W C3 is illegal: recreates the position after move 8 (W C3): positional superko"
    );
    // Fixed ko allows the first retake.
    assert!(refusal(&basic_ko("fixed"), "W", "C3").is_none());
}

#[test]
fn occupied_and_suicide_are_refused() {
    let g = basic_ko("simple");
    let r = refusal(&g, "W", "D3").unwrap();
    assert_eq!(r.reason, Reason::Occupied);
    assert_eq!(r.message, "W D3 is illegal: the point is occupied");
    // A1 is a one-point eye of nobody: surround it and play inside.
    let mut g = game(5, "chinese", None);
    play(&mut g, &["B A2", "W pass", "B B1"]);
    assert_eq!(refusal(&g, "W", "A1").unwrap().reason, Reason::Suicide);
    // A lone stone's suicide leaves the position as it was: superko would ban it.
    let mut all = Game::new(5, "chinese", Some("simple"), Some("all"), None).unwrap();
    play(&mut all, &["B A2", "W pass", "B B1"]);
    assert!(refusal(&all, "W", "A1").is_none());
    play(&mut all, &["W A1"]);
    assert_eq!(all.stone_at(all.vertex("A1").unwrap()), None);
}

#[test]
fn play_undo_and_the_board_read_back() {
    let mut g = game(5, "japanese", None);
    assert!(matches!(g.undo(), Err(Error::Input(m)) if m.contains("nothing to undo")));
    play(&mut g, &["B A5", "W E1", "B pass"]);
    assert_eq!(g.to_move(), Color::White);
    let rows = g.rows();
    assert_eq!(rows[0][0], Some(Color::Black));
    assert_eq!(rows[4][4], Some(Color::White));
    assert_eq!(g.vertex_xy(0, 0).unwrap(), g.vertex("A5").unwrap());
    let moves: Vec<String> = g
        .moves()
        .iter()
        .map(|(c, v)| format!("{} {}", c.letter(), g.gtp(*v)))
        .collect();
    assert_eq!(moves, ["B A5", "W E1", "B pass"]);
    assert_eq!(g.legal_moves(Color::White).len(), 23);
    g.undo().unwrap();
    assert_eq!(g.to_move(), Color::Black);
    assert!(!g.is_over());
    play(&mut g, &["B pass", "W pass"]);
    assert!(g.is_over());
}

#[test]
fn bad_input_is_an_input_error() {
    for size in [0, 1, 26, 1000] {
        assert!(matches!(
            Game::new(size, "chinese", None, None, None),
            Err(Error::Input(_))
        ));
    }
    for (rules, ko, suicide, komi) in [
        ("klingon", None, None, None),
        ("chinese", Some("nope"), None, None),
        ("chinese", None, Some("sometimes"), None),
        ("chinese", None, None, Some(f64::NAN)),
        ("chinese", None, None, Some(1e9)),
    ] {
        let e = Game::new(9, rules, ko, suicide, komi).unwrap_err();
        assert!(matches!(e, Error::Input(_)), "{e:?}");
    }
    let g = game(9, "chinese", None);
    assert!(g.vertex("J10").is_err());
    assert!(g.vertex_xy(9, 0).is_err());
    for broken in [
        "",
        "(;SZ[19]",
        "(;SZ[1000])",
        "(;B[zz])",
        "garbage",
        "(;SZ[5];B[aa];W[aa])",
    ] {
        assert!(
            matches!(Game::from_sgf(broken), Err(Error::Input(_))),
            "{broken}"
        );
    }
    assert!(g.score(Some(&[g.vertex("A1").unwrap()])).is_err());
}

#[test]
fn records_read_rules_and_write_them_back() {
    let g = Game::from_sgf("(;GM[1]FF[4]SZ[9]RU[Japanese]KM[6.5]PB[Kim];B[cc];W[gg];B[])").unwrap();
    assert_eq!(g.rules().ko.to_string(), "simple");
    assert_eq!(g.komi(), 6.5);
    assert_eq!(g.moves().len(), 3);
    let text = g.to_sgf();
    assert!(text.contains("RU[Japanese]"), "{text}");
    assert!(text.contains("PB[Kim]"), "{text}");
    let again = Game::from_sgf(&text).unwrap();
    assert_eq!(again.rows(), g.rows());
    assert_eq!(again.moves(), g.moves());
    // A game of koan's own rules writes them as key=value words and reads them back.
    let custom = Game::new(9, "chinese", Some("fixed"), Some("multi"), Some(5.0)).unwrap();
    let back = Game::from_sgf(&custom.to_sgf()).unwrap();
    assert_eq!(back.rules().ko, custom.rules().ko);
    assert_eq!(back.rules().suicide, custom.rules().suicide);
    assert_eq!(back.komi(), 5.0);
}

#[test]
fn the_count_follows_the_scoring_and_the_named_dead() {
    // Black owns columns A to C, White D and E; a white stone sits in Black's area.
    let setup = "(;SZ[5]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][ab])";
    let g = Game::from_sgf(setup).unwrap();
    let named = g.score(Some(&[g.vertex("A4").unwrap()])).unwrap();
    assert_eq!(named.points, 15.0 - 10.0 - 0.5);
    assert_eq!(named.result, "B+4.5");
    assert!(!named.judged);
    assert_eq!(named.dead, vec![g.vertex("A4").unwrap()]);
    let judged = g.score(None).unwrap();
    assert!(judged.judged);
    assert_eq!(judged.result, "B+4.5");
}

#[test]
fn kos_are_classified_as_ko_classify_answers() {
    let g = basic_ko("simple");
    let kos = g.kos();
    assert_eq!(kos.len(), 1);
    let k = &kos[0];
    assert_eq!(g.gtp(k.points[0]), "C3");
    assert_eq!(g.gtp(k.points[1]), "D3");
    assert_eq!(k.open, Color::White);
    assert!(k.line.starts_with("C3 D3 open=W type="), "{}", k.line);
    assert!(k.line.contains(&format!("type={}", k.ko_type)));
}

#[test]
fn the_wmsg2008_pass_rule_is_judged() {
    let g = basic_ko("positional");
    let mut w = Game::new(5, "wmsg2008", None, None, None).unwrap();
    for (c, v) in g.moves() {
        w.play(c, v).unwrap();
    }
    // Whatever the judge says of this ko, a refusal of the pass has the pass rule's code.
    if let Some(r) = w.why_illegal(Color::White, Vertex::Pass) {
        assert_eq!(r.reason, Reason::PassRule);
        assert!(r
            .message
            .starts_with("W pass is illegal: passing is not allowed while "));
    }
}

#[test]
fn records_read_with_options_and_rules_changed_midgame() {
    let text = "(;SZ[5];B[bc];W[db];B[cd];W[dd];B[cb];W[ec];B[aa];W[cc];B[dc])";
    let options = SgfOptions {
        rules: Some("japanese"),
        moves: Some(9),
        ..SgfOptions::default()
    };
    let mut g = Game::from_sgf_with(text, &options).unwrap();
    assert_eq!(g.moves().len(), 8);
    assert_eq!(g.rules().ko.to_string(), "simple");
    play(&mut g, &["B D3"]);
    assert_eq!(g.ko_bans(Color::White).len(), 1);
    let (at, why) = &g.ko_bans(Color::White)[0];
    assert_eq!(
        (g.gtp(*at).as_str(), why.as_str()),
        ("C3", "simple: retakes the ko at once")
    );
    g.set_rules(None, Some("fixed"), None).unwrap();
    assert!(g.ko_bans(Color::White).is_empty());
    assert!(g.set_rules(Some("nonsense"), None, None).is_err());
    let fixed = SgfOptions {
        ko: Some("fixed"),
        ..SgfOptions::default()
    };
    let f = Game::from_sgf_with("(;SZ[5]RU[Japanese])", &fixed).unwrap();
    assert_eq!(f.rules().ko.to_string(), "fixed");
}

#[test]
fn one_ko_is_classified_alone_by_either_point() {
    let g = basic_ko("simple");
    let by_stone = g.ko_at(g.vertex("D3").unwrap()).unwrap();
    assert_eq!(by_stone, g.ko_at(g.vertex("C3").unwrap()).unwrap());
    assert_eq!(by_stone.line, g.kos()[0].line);
    let e = g.ko_at(g.vertex("A1").unwrap()).unwrap_err();
    assert_eq!(e, Error::input("no basic ko at A1"));
    assert!(g.ko_at(Vertex::Pass).is_err());
}

#[test]
fn komi_is_set_within_range() {
    let mut g = game(9, "chinese", None);
    g.set_komi(0.5).unwrap();
    assert_eq!(g.komi(), 0.5);
    for bad in [f64::NAN, f64::INFINITY, 1e9] {
        assert!(matches!(g.set_komi(bad), Err(Error::Input(_))));
    }
    assert_eq!(g.komi(), 0.5);
}
