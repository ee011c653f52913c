//! End-to-end protocol tests: the real binary, fed over a pipe.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs koan with `input` on standard input; returns stdout and stderr.
fn run(input: &[u8]) -> (String, String) {
    run_with(&["--threads", "1", "--playouts", "200"], input)
}

/// Runs koan with the options `args` and `input` on standard input.
fn run_with(args: &[&str], input: &[u8]) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_koan"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("koan starts");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "koan hung");
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Splits GTP output into responses (each ends with an empty line).
fn responses(out: &str) -> Vec<&str> {
    assert!(
        out.is_empty() || out.ends_with("\n\n"),
        "unterminated: {out:?}"
    );
    out.split_terminator("\n\n").collect()
}

#[test]
fn pipelined_commands_are_answered_in_order_with_ids() {
    let (out, _) = run(
        b"1 name\n2 protocol_version\nboardsize 9\n3 play b E5\n4 genmove w\n5 showboard\nquit\n",
    );
    let r = responses(&out);
    assert_eq!(r[0], "=1 koan");
    assert_eq!(r[1], "=2 2");
    assert_eq!(r[2], "= ");
    assert_eq!(r[3], "=3 ");
    assert!(r[4].starts_with("=4 "), "{}", r[4]);
    assert!(r[5].starts_with("=5 \n"));
    assert_eq!(r[6], "= ");
    assert_eq!(r.len(), 7);
}

#[test]
fn comments_blank_lines_and_control_characters_get_no_answer() {
    let (out, _) = run(b"# a comment\n\n   \n\t\n\x01\x02\nname # trailing\r\n7\tversion\n");
    let r = responses(&out);
    assert_eq!(r.len(), 2, "{out:?}");
    assert_eq!(r[0], "= koan");
    assert!(r[1].starts_with("=7 "));
}

#[test]
fn garbage_never_panics_or_pollutes_stdout() {
    let mut input: Vec<u8> = Vec::new();
    input.extend_from_slice(b"\xff\xfe invalid utf8\n");
    input.extend_from_slice(b"play\nplay b\nplay b Z99\nplay b A0\nplay purple A1\n");
    input.extend_from_slice(b"boardsize -1\nboardsize 99999999999999999999\nkomi inf\nkomi NaN\n");
    input.extend_from_slice(b"fixed_handicap 999999999999\ntime_settings -1 0 0\ntime_left b\n");
    input.extend_from_slice(
        b"loadsgf /nonexistent\nloadsgf /dev/null\nloadsgf /\nloadsgf /dev/zero\n",
    );
    input.extend_from_slice(b"99999999999999999999999 name\n42\nko-rule nonsense\nrules ko=\n");
    input.extend_from_slice(b"rules nonsense\nkgs-rules martian\nfinal_status_list\nis_legal\n");
    input.extend_from_slice(&[b'x'; 100_000]);
    input.extend_from_slice(b"\nname\n");
    let (out, err) = run(&input);
    let r = responses(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(*r.last().unwrap(), "= koan");
    for resp in &r[..r.len() - 1] {
        assert!(resp.starts_with('?'), "expected an error: {resp:?}");
        assert!(resp.len() > 2, "error without a message: {resp:?}");
    }
    assert!(r.iter().any(|x| x.starts_with("?42 ")));
    assert!(r.contains(&"? unknown ko rule"));
    assert!(r.contains(&"? unknown rules"));
}

#[test]
fn end_of_input_ends_the_engine() {
    let (out, _) = run(b"name\n");
    assert_eq!(out, "= koan\n\n");
}

#[test]
fn a_whole_game_can_be_played_to_the_end() {
    let mut input = String::from("boardsize 7\nkomi 0.5\n");
    for _ in 0..60 {
        input.push_str("genmove b\ngenmove w\n");
    }
    input.push_str("final_score\nfinal_status_list dead\nprintsgf\nquit\n");
    let (out, err) = run(input.as_bytes());
    let r = responses(&out);
    assert!(!err.contains("panicked"), "{err}");
    for resp in &r {
        assert!(resp.starts_with('='), "{resp:?}\n{err}");
    }
    let score = r[r.len() - 4];
    assert!(
        score == "= 0" || score.starts_with("= B+") || score.starts_with("= W+"),
        "{score}"
    );
}

#[test]
fn help_and_version_and_bad_flags() {
    let out = Command::new(env!("CARGO_BIN_EXE_koan"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("koan "));
    let out = Command::new(env!("CARGO_BIN_EXE_koan"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--threads",
        "--playouts",
        "--time-per-move",
        "--rules",
        "--seed",
        "--log",
        "--version",
    ] {
        assert!(help.contains(flag), "{flag} missing from --help");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_koan"))
        .arg("--rules")
        .arg("martian")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown preset"));
}

#[test]
fn resigns_only_when_the_position_stays_lost() {
    // 9x9 with a komi Black cannot overcome, past the opening (20 moves): the first
    // hopeless genmove still plays, the second in a row resigns.
    let mut input = String::from("boardsize 9\nclear_board\nkomi 150\n");
    let cols = "ABCDEFGHJ";
    for i in 0..20 {
        // Black along rows 1 and 2, White along rows 9 and 8.
        let (color, row) = if i % 2 == 0 {
            ("b", 1 + i / 18)
        } else {
            ("w", 9 - i / 18)
        };
        let c = cols.as_bytes()[(i / 2) % 9] as char;
        input.push_str(&format!("play {color} {c}{row}\n"));
    }
    input.push_str("genmove b\nplay w E5\ngenmove b\nquit\n");
    let (out, _) = run_with(&["--threads", "1", "--playouts", "3000"], input.as_bytes());
    let r = responses(&out);
    assert!(r.iter().all(|x| x.starts_with('=')), "{out}");
    // The last answer is quit's.
    assert_eq!(r[r.len() - 1], "= ");
    let first = r[r.len() - 4];
    let last = r[r.len() - 2];
    assert!(first.starts_with("= ") && first != "= resign", "{first}");
    assert_eq!(last, "= resign");
}

#[test]
fn resigns_a_settled_lost_position_instead_of_passing() {
    // White's two-eyed group in the corner (eyes A1, D1) against Black's wall with
    // single-point eyes everywhere else: neither side has a useful play left, and White
    // loses by some 60 points. koan used to pass there at once, with an unsearched win rate
    // of 0.500; a pass cannot turn the game, so it resigns.
    //
    //  9 X.X.X.X.X
    //  8 XXXXXXXXX
    //  7 X.X.X.X.X
    //  6 XXXXXXXXX
    //  5 X.X.X.X.X
    //  4 XXXXXXXX.
    //  3 XXXXXXXXX
    //  2 OOOOOXX.X
    //  1 .OO.OXXXX
    //    ABCDEFGHJ
    let white = ["A2", "B2", "C2", "D2", "E2", "E1", "C1", "B1"];
    let empty = [
        "A1", "D1", "B5", "D5", "F5", "H5", "B7", "D7", "F7", "H7", "B9", "D9", "F9", "H9", "H2",
        "J4",
    ];
    let mut input = String::from("boardsize 9\nclear_board\nkomi 7\n");
    let mut white_moves = white.iter();
    for row in 1..=9 {
        for col in "ABCDEFGHJ".chars() {
            let v = format!("{col}{row}");
            if white.contains(&v.as_str()) || empty.contains(&v.as_str()) {
                continue;
            }
            input.push_str(&format!("play b {v}\n"));
            match white_moves.next() {
                Some(w) => input.push_str(&format!("play w {w}\n")),
                None => input.push_str("play w pass\n"),
            }
        }
    }
    // The last White reply was a pass; Black passes too would end the game, so Black's
    // last stone is answered by White's genmove instead.
    input.truncate(input.len() - "play w pass\n".len());
    input.push_str("genmove w\nquit\n");
    let (out, err) = run_with(
        &["--threads", "1", "--playouts", "5000", "--seed", "3"],
        input.as_bytes(),
    );
    let r = responses(&out);
    assert!(r.iter().all(|x| x.starts_with('=')), "{out}");
    assert_eq!(r[r.len() - 2], "= resign", "{err}");
}

#[test]
fn pondering_stops_at_the_next_command_and_its_tree_is_reused() {
    // The opponent "thinks" for a while (the input pauses), koan ponders White's position
    // meanwhile, the next command stops it, and a genmove for White in that position starts
    // from the pondered tree (whatever White's pondered tree looks like, its root is reused).
    let mut child = Command::new(env!("CARGO_BIN_EXE_koan"))
        .args([
            "--threads",
            "1",
            "--playouts",
            "500",
            "--ponder",
            "--verbose",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("koan starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"boardsize 9\nclear_board\ngenmove b\n")
        .unwrap();
    std::thread::sleep(Duration::from_millis(600));
    stdin.write_all(b"genmove w\nplay b pass\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let r = responses(&stdout);
    assert_eq!(r.len(), 6, "{stdout}");
    assert!(r.iter().all(|x| x.starts_with('=')), "{stdout}");
    assert!(stderr.contains("pondered:"), "{stderr}");
    assert!(stderr.contains("(reused)"), "{stderr}");
}

#[test]
fn gogui_rules_commands_are_a_rulers_only() {
    // GoGui hands the game to a program that lists gogui-rules_*: a player lists none, so
    // GoGui keeps the user's game; --gogui-ruler makes koan a ruler.
    let input =
        b"list_commands\nknown_command gogui-rules_board_size\ngogui-rules_board_size\nquit\n";
    let (out, _) = run(input);
    let r = responses(&out);
    assert!(!r[0].contains("gogui-rules_"), "{}", r[0]);
    assert_eq!(r[1], "= false");
    assert_eq!(r[2], "? unknown command");
    let (out, _) = run_with(&["--threads", "1", "--gogui-ruler"], input);
    let r = responses(&out);
    for c in [
        "gogui-rules_game_id",
        "gogui-rules_board_size",
        "gogui-rules_legal_moves",
    ] {
        assert!(r[0].contains(c), "{c}: {}", r[0]);
    }
    assert_eq!(r[1], "= true");
    assert_eq!(r[2], "= 19");
}

#[test]
fn a_presets_komi_is_the_same_however_it_is_chosen_and_never_replaces_the_controllers() {
    let komi = |args: &[&str], input: &str| -> Vec<String> {
        let (out, _) = run_with(args, input.as_bytes());
        out.split_whitespace()
            .filter_map(|w| w.strip_prefix("komi="))
            .map(str::to_string)
            .collect()
    };
    let one = ["--threads", "1"];
    for preset in ["japanese", "ing", "new_zealand", "jasiek", "chinese", "aga"] {
        let by_flag = komi(&["--threads", "1", "--rules", preset], "rules\nquit\n");
        let by_rules = komi(&one, &format!("rules {preset}\nrules\nquit\n"));
        assert_eq!(by_flag, by_rules, "{preset}");
        if ["japanese", "chinese", "aga", "new_zealand"].contains(&preset) {
            let by_kgs = komi(&one, &format!("kgs-rules {preset}\nrules\nquit\n"));
            assert_eq!(by_flag, by_kgs, "{preset}");
        }
    }
    assert_eq!(komi(&one, "rules japanese\nrules\nquit\n"), ["6.5"]);
    // The controller's komi stays, whichever way a preset comes later.
    let kept = komi(
        &["--threads", "1", "--rules", "japanese"],
        "komi 0.5\nrules chinese\nrules\nkgs-rules aga\nrules\nrules ing\nrules\nquit\n",
    );
    assert_eq!(kept, ["0.5", "0.5", "0.5"]);
}

#[test]
fn the_version_names_the_commit() {
    let (out, _) = run(b"version\nquit\n");
    let version = responses(&out)[0].strip_prefix("= ").unwrap().to_string();
    assert_eq!(version, koan::VERSION);
    let (pkg, commit) = version.split_once('+').expect("version+commit");
    assert_eq!(pkg, env!("CARGO_PKG_VERSION"));
    assert!(!commit.is_empty());
    let cli = Command::new(env!("CARGO_BIN_EXE_koan"))
        .arg("--version")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&cli.stdout).trim(),
        format!("koan {version}")
    );
    let license = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/LICENSE"))
        .expect("a LICENSE file");
    assert!(license.starts_with("MIT License"), "Cargo.toml says MIT");
}

#[test]
fn each_move_gets_one_line_on_stderr_unless_quiet() {
    let input = b"boardsize 9\ngenmove b\ngenmove w\nplay b E5\nplay b E5\nquit\n";
    let (out, err) = run_with(&["--threads", "1", "--playouts", "300"], input);
    assert!(responses(&out).iter().all(|r| !r.is_empty()), "{out}");
    let lines: Vec<&str> = err.lines().filter(|l| l.contains("playouts in")).collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].contains("black ") && lines[0].contains("win rate"),
        "{err}"
    );
    assert!(lines[0].contains(" pv "), "{err}");
    // The refused play says why.
    assert!(
        err.contains("illegal move black E5: the point is occupied"),
        "{err}"
    );
    let (_, err) = run_with(&["--threads", "1", "--playouts", "300", "--quiet"], input);
    assert!(!err.contains("playouts in"), "{err}");
}

#[test]
fn the_readme_demo_shows_the_fixed_ko_retake_the_same_way_every_time() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let command =
        "./target/release/koan --threads 1 --playouts 3000 --seed 1 < gtp-scripts/demo.gtp";
    assert!(readme.contains(command), "the README runs the demo so");
    let demo = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/gtp-scripts/demo.gtp")).unwrap();
    let args = ["--threads", "1", "--playouts", "3000", "--seed", "1"];
    let (first, _) = run_with(&args, &demo);
    let (second, _) = run_with(&args, &demo);
    assert_eq!(first, second, "the demo is deterministic");
    let r = responses(&first);
    let banned = r
        .iter()
        .position(|x| x.starts_with("= D5 positional"))
        .expect("the ban");
    assert_eq!(r[banned + 1], "= 0", "the default rule bans the retake");
    // ko-rule fixed, ko-bans w (none), is_legal w D5, play w D5.
    assert_eq!(&r[banned + 2..banned + 6], ["= ", "= ", "= 1", "= "]);
    assert!(r.iter().any(|x| x.starts_with("= E5 fixed")), "{first}");
}
