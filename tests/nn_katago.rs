//! koan's network evaluation against KataGo's own, number by number: for positions on 9x9
//! and 19x19 (empty to late game, with ko bans, under simple ko, positional and situational
//! superko, area and territory scoring), `kata-raw-nn SYMMETRY` from KataGo 1.18.1 running
//! the network of KaTrain's package on the CPU, and koan's evaluation of the same position,
//! agree within 1e-3 on every value, score, policy and ownership number (score figures of
//! lopsided games within one part in 10^4 of their size besides, see [`tolerance`]).
//!
//! The first run installs KaTrain into a virtual environment under `target/` (or the folder
//! `KOAN_KATAGO_DIR` names), extracts KataGo, installs the OpenCL packages
//! (`gtp-scripts/katago-cpu.sh`) and lets KataGo tune itself, minutes, once per machine
//! (KataGo keeps its tuning in `~/.katago`). Without Python 3 or when KaTrain cannot be
//! installed the test is skipped, with the reason printed; any other failure fails it.
//! `KOAN_NN_CASES=N` runs the first N positions only; `KOAN_NN_SHOW=1` prints both answers.

use koan::board::{Color, Coord, Point};
use koan::nn::{Evaluator, Model};
use koan::rules::Ruleset;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
#[path = "common/katago.rs"]
mod katago;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The policy optimism KataGo's GTP engine uses for `kata-raw-nn` by default.
const KATAGO_GTP_OPTIMISM: f32 = 0.2;

/// The largest difference allowed on a printed number: 1e-3, plus one part in 10^4 of its
/// size for the score figures of lopsided random games (a lead of 200 points, a mean square
/// of 40000), where single precision summed in another order differs in the fifth digit.
fn tolerance(katago: f64) -> f64 {
    1e-3 + 1e-4 * katago.abs() + 1e-9
}

/// One position: board size, rules (koan preset and KataGo's JSON), komi, moves.
struct Case {
    size: usize,
    koan_rules: &'static str,
    kata_rules: &'static str,
    komi: f64,
    moves: Vec<(Color, Point)>,
    symmetry: usize,
    label: String,
}

const POSITIONAL: &str = r#"{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":true}"#;
const SIMPLE_TERRITORY: &str = r#"{"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":false}"#;
const SITUATIONAL: &str = r#"{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":true}"#;

struct Gtp {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gtp {
    fn start(cmd: &Path, args: &[&std::ffi::OsStr], log: &Path) -> Gtp {
        let mut child = Command::new(cmd)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(log).unwrap())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Gtp {
            name: cmd.display().to_string(),
            child,
            input,
            output,
        }
    }

    fn send(&mut self, cmd: &str) -> String {
        writeln!(self.input, "{cmd}").unwrap();
        self.input.flush().unwrap();
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).unwrap();
            assert!(n > 0, "{} closed its output after {cmd}", self.name);
            if line.trim().is_empty() && !text.is_empty() {
                break;
            }
            text.push_str(&line);
        }
        assert!(text.starts_with('='), "{} refused {cmd}: {text}", self.name);
        text[1..].trim().to_string()
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

fn at(size: usize, v: &str) -> Point {
    let b = koan::board::Board::new(size);
    b.point(Coord::parse_gtp(v, size).unwrap())
}

/// Random legal games, cut at various lengths; a few passes on the way.
fn random_cases(size: usize, lengths: &[usize], seed: u64, first_symmetry: usize) -> Vec<Case> {
    let mut out = Vec::new();
    let mut rng = SmallRng::seed_from_u64(seed);
    for (k, &len) in lengths.iter().enumerate() {
        let (koan_rules, kata_rules) = match k % 3 {
            0 => ("chinese", POSITIONAL),
            1 => ("japanese", SIMPLE_TERRITORY),
            _ => ("aga", SITUATIONAL),
        };
        let mut game = koan_core::testkit::new_game(size, Ruleset::preset(koan_rules).unwrap());
        let mut moves = Vec::new();
        for i in 0..len {
            let color = game.to_move();
            let legal = game.legal_plays(color);
            let pass = legal.is_empty() || (i % 37 == 36 && i + 1 < len);
            let p = if pass {
                Point::PASS
            } else {
                legal[rng.gen_range(0..legal.len())]
            };
            game.play(color, p).unwrap();
            moves.push((color, p));
        }
        out.push(Case {
            size,
            koan_rules,
            kata_rules,
            komi: [7.5, 6.5, 7.0, 0.5, -3.0][k % 5],
            moves,
            symmetry: (first_symmetry + k) % 8,
            label: format!("{size}x{size} random game, {len} moves, {koan_rules}"),
        });
    }
    out
}

/// A basic ko on 9x9: Black takes, White is banned; then White takes back after a threat.
fn ko_cases() -> Vec<Case> {
    let seq = [
        "B3", "D2", "C2", "D4", "C4", "E3", "A5", "C3", "D3", "H8", "J1", "C3", "G7",
    ];
    let mut out = Vec::new();
    for (n, (koan_rules, kata_rules)) in [
        (10, ("japanese", SIMPLE_TERRITORY)),
        (9, ("chinese", POSITIONAL)),
        (12, ("aga", SITUATIONAL)),
        (9, ("japanese", SIMPLE_TERRITORY)),
    ] {
        let moves = seq[..n]
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let c = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                (c, at(9, v))
            })
            .collect();
        out.push(Case {
            size: 9,
            koan_rules,
            kata_rules,
            komi: 7.0,
            moves,
            symmetry: n % 8,
            label: format!("9x9 ko after {n} moves, {koan_rules}"),
        });
    }
    out
}

/// The numbers of a `kata-raw-nn` answer by name (`policy`, `whiteOwnership` as lists; NAN
/// as `None`).
fn parse(text: &str) -> Vec<(String, Vec<Option<f64>>)> {
    let mut out: Vec<(String, Vec<Option<f64>>)> = Vec::new();
    for line in text.lines() {
        let mut words = line.split_whitespace().peekable();
        let Some(first) = words.peek().copied() else {
            continue;
        };
        if first
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && first != "NAN"
        {
            words.next();
            out.push((first.to_string(), Vec::new()));
        }
        let entry = out.last_mut().expect("a name first");
        for w in words {
            entry.1.push(if w == "NAN" {
                None
            } else {
                Some(w.parse().unwrap())
            });
        }
    }
    out
}

#[test]
fn koan_evaluates_the_network_as_katago_does() {
    let gtp_cmd = match katago::katago_gtp() {
        Ok(p) => p,
        Err(why) => {
            println!("SKIPPED: {why}");
            return;
        }
    };
    let model_path = katago::dir().join("model.bin.gz");
    let model = Model::load(&model_path).expect("the network loads");
    let mut eval = Evaluator::new(model);
    let log = katago::dir().join("gtp-test.err");
    let mut katago = Gtp::start(&gtp_cmd, &[], &log);
    // The koan binary started with the same network answers `kata-raw-nn` over GTP exactly
    // as the library's evaluation prints it.
    let mut koan = Gtp::start(
        Path::new(env!("CARGO_BIN_EXE_koan")),
        &["--model".as_ref(), model_path.as_os_str()],
        &katago::dir().join("koan-test.err"),
    );

    let mut cases = ko_cases();
    cases.extend(random_cases(
        9,
        &[
            0, 1, 2, 5, 9, 14, 20, 27, 35, 44, 52, 61, 70, 80, 90, 100, 120, 140, 160, 180, 200,
            220, 240, 260,
        ],
        11,
        0,
    ));
    cases.extend(random_cases(
        19,
        &[
            0, 1, 3, 8, 20, 40, 70, 100, 150, 200, 260, 330, 400, 480, 560, 640, 720, 800, 880,
        ],
        12,
        3,
    ));
    if let Ok(n) = std::env::var("KOAN_NN_CASES") {
        cases.truncate(n.parse().unwrap());
    }

    let mut worst: Vec<(String, f64, String)> = Vec::new();
    let mut failures = Vec::new();
    for case in &cases {
        let mut game =
            koan_core::testkit::new_game(case.size, Ruleset::preset(case.koan_rules).unwrap());
        game.set_komi(case.komi);
        for (engine, rules) in [
            (&mut katago, format!("kata-set-rules {}", case.kata_rules)),
            (&mut koan, format!("rules {}", case.koan_rules)),
        ] {
            engine.send(&format!("boardsize {}", case.size));
            engine.send("clear_board");
            engine.send(&rules);
            engine.send(&format!("komi {}", case.komi));
        }
        for &(c, p) in &case.moves {
            game.play(c, p).unwrap();
            let color = if c == Color::Black { "B" } else { "W" };
            let play = format!("play {color} {}", game.board().vertex(p));
            katago.send(&play);
            koan.send(&play);
        }
        let raw_nn = format!("kata-raw-nn {}", case.symmetry);
        let theirs = katago.send(&raw_nn);
        let ours = eval
            .evaluate_game(&game, case.symmetry, KATAGO_GTP_OPTIMISM)
            .kata_raw_nn(case.symmetry, case.size);
        assert_eq!(
            koan.send(&raw_nn),
            ours.trim(),
            "{}: koan's kata-raw-nn over GTP and the library's evaluation differ",
            case.label
        );
        let (a, b) = (parse(&theirs), parse(&ours));
        let names_a: Vec<&str> = a.iter().map(|x| x.0.as_str()).collect();
        let names_b: Vec<&str> = b.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(
            names_a, names_b,
            "{}: the answers differ in shape",
            case.label
        );
        for ((name, xs), (_, ys)) in a.iter().zip(&b) {
            assert_eq!(xs.len(), ys.len(), "{}: {name} lengths", case.label);
            let mut max = 0.0f64;
            let mut over = false;
            for (x, y) in xs.iter().zip(ys) {
                match (x, y) {
                    (Some(x), Some(y)) => {
                        max = max.max((x - y).abs());
                        over |= (x - y).abs() > tolerance(*x);
                    }
                    (None, None) => {}
                    _ => {
                        max = f64::INFINITY;
                        over = true;
                    }
                }
            }
            match worst.iter_mut().find(|w| &w.0 == name) {
                Some(w) if w.1 < max => {
                    w.1 = max;
                    w.2 = case.label.clone();
                }
                Some(_) => {}
                None => worst.push((name.clone(), max, case.label.clone())),
            }
            if over {
                failures.push(format!("{}: {name} differs by {max}", case.label));
            }
        }
        if std::env::var_os("KOAN_NN_SHOW").is_some() {
            println!("== {}\n-- KataGo\n{theirs}\n-- koan\n{ours}", case.label);
        }
    }
    println!(
        "{} positions, koan's kata-raw-nn over GTP identical to the library's; largest difference per figure:",
        cases.len()
    );
    for (name, d, label) in &worst {
        println!("  {name:24} {d:.6}  ({label})");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_network_file_koan_cannot_read_is_refused_naming_what_is_wrong() {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("bad-nets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let not_gzip = dir.join("not-gzip.bin.gz");
    std::fs::write(&not_gzip, "plain text, not gzip").unwrap();
    let future = dir.join("future.txt");
    std::fs::write(&future, "b99c999-s1-d1 99\n").unwrap();
    let missing = dir.join("missing.bin.gz");
    for (file, why) in [
        (&missing, "cannot read"),
        (&not_gzip, "not a readable gzip file"),
        (&future, "unsupported model version 99"),
    ] {
        for tool in [&[][..], &["analysis"][..]] {
            let out = Command::new(env!("CARGO_BIN_EXE_koan"))
                .args(tool)
                .arg("--model")
                .arg(file)
                .stdin(Stdio::null())
                .output()
                .expect("koan runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(2),
                "{tool:?} {}: {stderr}",
                file.display()
            );
            assert!(out.stdout.is_empty(), "{tool:?} {}", file.display());
            assert!(
                stderr.contains(&*file.to_string_lossy()) && stderr.contains(why),
                "{tool:?} {}: {stderr}",
                file.display()
            );
        }
    }
}

#[test]
fn without_a_network_kata_raw_nn_is_not_offered() {
    let out = Command::new(env!("CARGO_BIN_EXE_koan"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"known_command kata-raw-nn\nkata-raw-nn 0\n")?;
            child.wait_with_output()
        })
        .expect("koan runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text, "= false\n\n? unknown command\n\n");
}

/// A small network in KataGo's text format (weights from a formula), for the tests that need
/// a network but not KataGo.
const TINY_NET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/nn/tiny-net.txt");

#[test]
fn kata_raw_nn_over_gtp_is_the_librarys_evaluation() {
    let model = Model::load(Path::new(TINY_NET)).expect("the small network loads");
    let mut eval = Evaluator::new(model);
    let log = Path::new(env!("CARGO_TARGET_TMPDIR")).join("koan-tiny-net.err");
    let mut koan = Gtp::start(
        Path::new(env!("CARGO_BIN_EXE_koan")),
        &["--model".as_ref(), TINY_NET.as_ref()],
        &log,
    );
    koan.send("boardsize 7");
    koan.send("rules japanese");
    koan.send("komi 6.5");
    let mut game = koan_core::testkit::new_game(7, Ruleset::preset("japanese").unwrap());
    game.set_komi(6.5);
    for (i, v) in ["D4", "C3", "E5", "pass", "B2"].iter().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let p = if *v == "pass" { Point::PASS } else { at(7, v) };
        game.play(color, p).unwrap();
        koan.send(&format!("play {color} {v}"));
        for symmetry in [i % 8, 7 - i % 8] {
            let ours = eval.evaluate_game(&game, symmetry, KATAGO_GTP_OPTIMISM);
            assert_eq!(
                koan.send(&format!("kata-raw-nn {symmetry}")),
                ours.kata_raw_nn(symmetry, 7).trim(),
                "after {v}, symmetry {symmetry}"
            );
        }
    }
    let all = koan.send("kata-raw-nn all 0");
    for symmetry in 0..8 {
        let ours = eval.evaluate_game(&game, symmetry, 0.0);
        assert!(all.contains(ours.kata_raw_nn(symmetry, 7).trim()), "{all}");
    }
    for bad in [
        "kata-raw-nn",
        "kata-raw-nn 8",
        "kata-raw-nn 0 2",
        "kata-raw-nn 0 0.1 x",
    ] {
        writeln!(koan.input, "{bad}").unwrap();
        koan.input.flush().unwrap();
        let mut answer = String::new();
        koan.output.read_line(&mut answer).unwrap();
        assert!(answer.starts_with("? syntax error"), "{bad}: {answer}");
        koan.output.read_line(&mut answer).unwrap();
    }
}

/// Whether the policy of a `kata-raw-nn` answer on a `size` board is `NAN` (no legal play)
/// at `vertex`.
fn policy_banned(answer: &str, size: usize, vertex: &str) -> bool {
    let c = Coord::parse_gtp(vertex, size).unwrap();
    let row = size - 1 - c.row as usize;
    let rows: Vec<&str> = answer
        .lines()
        .skip_while(|l| l.trim() != "policy")
        .skip(1)
        .take(size)
        .collect();
    rows[row].split_whitespace().nth(c.col as usize).unwrap() == "NAN"
}

#[test]
fn the_network_sees_koans_ko_bans_under_fixed_ko() {
    // A basic ko on 5x5: Black takes at D3. Under simple ko White may not retake at C3 at
    // once; under fixed ko the retake is a new transition and legal. Then after passes (which
    // lift a simple ko) and White's retake, passes again: Black's D3 would repeat its first
    // capture from the same position, banned by fixed ko though no simple ko stands.
    let opening = ["B3", "D2", "C2", "D4", "C4", "E3", "A5", "C3", "D3"];
    let log = Path::new(env!("CARGO_TARGET_TMPDIR")).join("koan-fixed-ko.err");
    for (rule, retake_banned, late_capture_banned) in
        [("simple", true, false), ("fixed", false, true)]
    {
        let mut koan = Gtp::start(
            Path::new(env!("CARGO_BIN_EXE_koan")),
            &["--model".as_ref(), TINY_NET.as_ref()],
            &log,
        );
        koan.send("boardsize 5");
        koan.send(&format!("ko-rule {rule}"));
        for (i, v) in opening.iter().enumerate() {
            koan.send(&format!("play {} {v}", if i % 2 == 0 { "b" } else { "w" }));
        }
        let answer = koan.send("kata-raw-nn 0");
        assert_eq!(
            policy_banned(&answer, 5, "C3"),
            retake_banned,
            "{rule}: {answer}"
        );
        assert!(!policy_banned(&answer, 5, "E1"), "{rule}: {answer}");
        for (color, v) in [
            ("w", "pass"),
            ("b", "pass"),
            ("w", "C3"),
            ("b", "pass"),
            ("w", "pass"),
        ] {
            koan.send(&format!("play {color} {v}"));
        }
        let bans = koan.send("ko-bans");
        assert_eq!(
            bans.starts_with("D3"),
            late_capture_banned,
            "{rule}: {bans}"
        );
        let answer = koan.send("kata-raw-nn 0");
        assert_eq!(
            policy_banned(&answer, 5, "D3"),
            late_capture_banned,
            "{rule}: {answer}"
        );
    }
}

#[test]
fn with_a_network_koan_plays_and_analyses_by_its_search() {
    let log = Path::new(env!("CARGO_TARGET_TMPDIR")).join("koan-tiny-play.err");
    let mut koan = Gtp::start(
        Path::new(env!("CARGO_BIN_EXE_koan")),
        &[
            "--model".as_ref(),
            TINY_NET.as_ref(),
            "--playouts".as_ref(),
            "12".as_ref(),
            "--threads".as_ref(),
            "1".as_ref(),
        ],
        &log,
    );
    koan.send("boardsize 7");
    koan.send("komi 7");
    let mut legal = true;
    for _ in 0..6 {
        let mv = koan.send("genmove b");
        legal &= mv == "pass" || Coord::parse_gtp(&mv, 7).is_ok();
        let mv = koan.send("genmove w");
        legal &= mv == "pass" || Coord::parse_gtp(&mv, 7).is_ok();
    }
    assert!(legal);
    let record = koan.send("printsgf");
    assert_eq!(record.matches(";B[").count(), 6, "{record}");
    // The figures of an analysis: visits counted in network evaluations, the ownership the
    // network's.
    writeln!(koan.input, "kata-analyze b 10 ownership true").unwrap();
    koan.input.flush().unwrap();
    let mut first = String::new();
    koan.output.read_line(&mut first).unwrap();
    assert_eq!(first.trim(), "=");
    let mut info = String::new();
    koan.output.read_line(&mut info).unwrap();
    writeln!(koan.input).unwrap();
    koan.input.flush().unwrap();
    assert!(info.starts_with("info move "), "{info}");
    let own = info.split(" ownership ").nth(1).expect("ownership");
    assert_eq!(own.split_whitespace().count(), 49, "{info}");
}

#[test]
fn with_a_network_koan_resigns_a_lost_game() {
    let model = match katago::network() {
        Ok(p) => p,
        Err(why) => {
            println!("SKIPPED: {why}");
            return;
        }
    };
    let log = Path::new(env!("CARGO_TARGET_TMPDIR")).join("koan-resign.err");
    let mut koan = Gtp::start(
        Path::new(env!("CARGO_BIN_EXE_koan")),
        &[
            "--model".as_ref(),
            model.as_os_str(),
            "--playouts".as_ref(),
            "16".as_ref(),
        ],
        &log,
    );
    koan.send("boardsize 9");
    koan.send("komi 7");
    // Black crawls along the first line while White takes the third: White owns two
    // thirds of the board, 20 moves in, with Black to play.
    for x in "ABCDEFGHJ".chars() {
        assert_eq!(koan.send(&format!("play b {x}1")), "");
        assert_eq!(koan.send(&format!("play w {x}3")), "");
    }
    koan.send("play b E2");
    koan.send("play w E5");
    // The first hopeless genmove resigns only if its best play is a pass (koan waits for
    // the win rate to stay low otherwise); the second resigns.
    if koan.send("genmove b") == "resign" {
        return;
    }
    assert_eq!(koan.send("play w D5"), "");
    let second = koan.send("genmove b");
    let why = std::fs::read_to_string(&log).unwrap_or_default();
    assert_eq!(second, "resign", "{why}");
}
