//! End-to-end tests of `koan match`: the real binary against itself and against small fake
//! engines (bash scripts) that answer `genmove` badly, late, or not at all.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A scratch folder of its own for one test, emptied first.
fn scratch(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    let pid = std::process::id();
    let dir = std::env::temp_dir().join(format!("koan-match-{pid}-{n}-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `koan match ARGS`; returns the exit code, stdout and stderr. Fails if it hangs.
fn koan_match(args: &[&str]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_koan"))
        .arg("match")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("koan starts");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("koan match hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The two numbers (engine A, engine B) of a table row.
fn row(table: &str, name: &str) -> (String, String) {
    let line = table
        .lines()
        .find(|l| l.starts_with(name) && l[name.len()..].starts_with(' '))
        .unwrap_or_else(|| panic!("no row '{name}' in:\n{table}"));
    let cells: Vec<&str> = line[name.len()..].split_whitespace().collect();
    assert_eq!(cells.len(), 2, "{line}");
    (cells[0].to_string(), cells[1].to_string())
}

fn counts(a: u32, b: u32) -> (String, String) {
    (a.to_string(), b.to_string())
}

/// A GTP engine in bash that says yes to everything and answers `genmove` as `mode` says.
const FAKE_ENGINE: &str = r#"#!/bin/bash
mode="$1"
while read -r cmd args; do
  case "$cmd" in
    name) echo "= fake-$mode" ;;
    version) echo "= 1" ;;
    known_command) echo "= false" ;;
    quit) printf '= \n\n'; exit 0 ;;
    genmove)
      case "$mode" in
        occupied) echo "= A1" ;;
        error) echo "? nope" ;;
        garbage) echo "= Z99" ;;
        slow) sleep 3; echo "= pass" ;;
        die) exit 3 ;;
      esac ;;
    *) echo "= " ;;
  esac
  echo
done
"#;

/// Plays two 5x5 games of koan against the fake engine in `mode`; returns the table.
fn against_fake(mode: &str, extra: &[&str]) -> (String, String) {
    let dir = scratch(mode);
    let script = dir.join("fake.sh");
    std::fs::write(&script, FAKE_ENGINE).unwrap();
    let fake = format!("bash '{}' {mode}", script.display());
    let mut args = vec![
        "--black",
        "koan --threads 1 --playouts 50",
        "--white",
        &fake,
        "--size",
        "5",
        "--games",
        "2",
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = koan_match(&args);
    assert_eq!(code, 0, "stdout:\n{out}\nstderr:\n{err}");
    assert_eq!(row(&out, "games"), counts(2, 2), "{out}");
    assert_eq!(row(&out, "wins"), counts(2, 0), "{out}");
    assert!(out.contains("win rate of A: 100.0% (2 of 2;"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
    (out, err)
}

#[test]
fn koan_against_koan_writes_a_table_and_sgf_files() {
    let dir = scratch("self");
    let sgf_dir = dir.join("sgf");
    let logs = dir.join("logs");
    let (code, out, err) = koan_match(&[
        "--black",
        "koan --threads 1 --playouts 50",
        "--white",
        "koan --threads 1 --playouts 50 --seed 7",
        "--size",
        "7",
        "--games",
        "2",
        "--sgf-dir",
        sgf_dir.to_str().unwrap(),
        "--stderr-dir",
        logs.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "stdout:\n{out}\nstderr:\n{err}");
    assert!(out.starts_with("koan match: 2 games, 7x7, komi 7"), "{out}");
    assert_eq!(row(&out, "games"), counts(2, 2));
    for fault in ["illegal moves", "protocol errors", "timeouts"] {
        assert_eq!(row(&out, fault), counts(0, 0), "{out}");
    }
    let (a, b) = row(&out, "wins");
    let (draws, _) = row(&out, "draws");
    let total: u32 = [a, b, draws]
        .iter()
        .map(|n| n.parse::<u32>().unwrap())
        .sum();
    assert_eq!(total, 2, "{out}");
    assert!(out.contains("95% Wilson interval"), "{out}");
    // One progress line per game on stderr, none of it on stdout.
    assert!(err.contains("game 1/2: black A, white B: "), "{err}");
    assert!(err.contains("game 2/2: black B, white A: "), "{err}");
    assert!(!out.contains("game 1/2"), "{out}");
    for game in 1..=2 {
        let path = sgf_dir.join(format!("game-00{game}.sgf"));
        let text = std::fs::read_to_string(&path).unwrap();
        let sgf = koan::sgf::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(sgf.size, 7);
        assert_eq!(sgf.komi, Some(7.0));
        assert_eq!(sgf.rules.as_deref(), Some("chinese"));
        assert_eq!(
            sgf.black_name.as_deref(),
            Some(format!("koan {}", koan::VERSION).as_str())
        );
        let result = sgf.result.clone().unwrap();
        assert!(
            result == "0" || result.starts_with("B+") || result.starts_with("W+"),
            "{result}"
        );
        assert!(
            text.contains("DT[") && text.contains("GC[koan match: "),
            "{text}"
        );
        // The record replays legally.
        let mut game = koan_core::testkit::new_game(7, koan::rules::Ruleset::default());
        for (color, coord) in sgf.moves() {
            let point = coord.map_or(koan::board::Point::PASS, |c| game.board().point(c));
            game.play(color, point).unwrap();
        }
    }
    assert!(logs.join("engine-a.log").exists() && logs.join("engine-b.log").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_handicap_game_starts_with_blacks_stones_and_white_to_move() {
    let dir = scratch("handicap");
    let sgf_dir = dir.join("sgf");
    let (code, out, err) = koan_match(&[
        "--black",
        "koan --threads 1 --playouts 30",
        "--white",
        "koan --threads 1 --playouts 30 --seed 3",
        "--size",
        "9",
        "--komi",
        "0.5",
        "--handicap",
        "3",
        "--games",
        "1",
        "--sgf-dir",
        sgf_dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "stdout:\n{out}\nstderr:\n{err}");
    assert!(out.contains("komi 0.5, handicap 3,"), "{out}");
    assert_eq!(row(&out, "protocol errors"), counts(0, 0), "{out}");
    assert_eq!(row(&out, "illegal moves"), counts(0, 0), "{out}");
    let text = std::fs::read_to_string(sgf_dir.join("game-001.sgf")).unwrap();
    let sgf = koan::sgf::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(sgf.handicap, Some(3), "{text}");
    let mut stones: Vec<String> = sgf.nodes[0].add_black.iter().map(|c| c.to_gtp()).collect();
    stones.sort();
    assert_eq!(stones, ["C3", "C7", "G7"], "{text}");
    let first = sgf.moves().next().expect("a move");
    assert_eq!(first.0, koan::board::Color::White, "{text}");
    // The record loads and replays as any handicap record does.
    let game = koan::ko_types::pass_rule::GameMaker::default()
        .game_from_sgf(&sgf, koan::rules::Ruleset::default(), 0.5, None)
        .unwrap();
    assert_eq!(game.handicap(), 3);
    // A placement that does not exist, and a handicap with openings, are refused.
    let (code, _, err) = koan_match(&[
        "--black",
        "koan",
        "--white",
        "koan",
        "--size",
        "8",
        "--handicap",
        "5",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no fixed placement of 5 stones on 8x8"),
        "{err}"
    );
    let (code, _, err) = koan_match(&["--black", "koan", "--white", "koan", "--handicap", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("'1' for '--handicap"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_occupied_point_is_an_illegal_move_and_loses() {
    let (out, err) = against_fake("occupied", &[]);
    assert_eq!(row(&out, "illegal moves"), counts(0, 2), "{out}");
    assert_eq!(row(&out, "protocol errors"), counts(0, 0), "{out}");
    assert!(out.contains("2 by illegal move"), "{out}");
    assert!(
        err.contains("illegal move: ") && err.contains("point is occupied"),
        "{err}"
    );
}

#[test]
fn error_and_malformed_answers_are_protocol_errors() {
    for mode in ["error", "garbage"] {
        let (out, err) = against_fake(mode, &[]);
        assert_eq!(row(&out, "protocol errors"), counts(0, 2), "{out}");
        assert_eq!(row(&out, "illegal moves"), counts(0, 0), "{out}");
        assert!(out.contains("2 by protocol error"), "{out}");
        assert!(err.contains("B+F") || err.contains("W+F"), "{err}");
    }
}

#[test]
fn a_dead_engine_is_a_protocol_error_and_is_restarted() {
    let (out, err) = against_fake("die", &[]);
    assert_eq!(row(&out, "protocol errors"), counts(0, 2), "{out}");
    assert!(err.contains("engine died"), "{err}");
    assert_eq!(row(&out, "restarts"), counts(0, 1), "{out}");
}

#[test]
fn a_slow_answer_loses_on_time_without_hanging() {
    let start = Instant::now();
    let (out, err) = against_fake("slow", &["--time-per-move-limit", "0.5"]);
    assert_eq!(row(&out, "timeouts"), counts(0, 2), "{out}");
    assert!(out.contains("2 on time"), "{out}");
    assert!(err.contains("B+T") && err.contains("W+T"), "{err}");
    // Two killed engines, not two full sleeps and more.
    assert!(start.elapsed() < Duration::from_secs(30));
}

#[test]
fn the_clock_is_sent_and_enforced() {
    // Absolute time of 1 s: the slow engine's flag falls long before its 60 s move limit.
    let (out, err) = against_fake("slow", &["--time-settings", "1 0 0"]);
    assert_eq!(row(&out, "timeouts"), counts(0, 2), "{out}");
    assert!(out.contains("clock 1 s + 0 s per 0 moves"), "{out}");
    assert!(err.contains("within 1.00 s"), "{err}");
}

#[test]
fn bad_options_exit_2_and_a_missing_engine_exits_1() {
    let (code, out, err) = koan_match(&["--black", "koan"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("both --black and --white are needed"), "{err}");
    let (code, _, err) = koan_match(&["--black", "koan", "--white", "koan", "--size", "40"]);
    assert_eq!(code, 2);
    assert!(err.contains("'40' for '--size"), "{err}");
    let (code, _, err) = koan_match(&["--black", "koan", "--white", "/nonexistent/engine"]);
    assert_eq!(code, 1);
    assert!(err.contains("engine B cannot start"), "{err}");
    let (code, _, err) = koan_match(&["--black", "bash -c 'exit 3'", "--white", "koan"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("engine A cannot start: 'name': engine died"),
        "{err}"
    );
    let (code, out, _) = koan_match(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--time-per-move-limit"), "{out}");
}

#[test]
fn concurrent_games_with_seeds_and_openings_start_from_the_opening() {
    let dir = scratch("openings");
    let sgf_dir = dir.join("sgf");
    // Two openings of 7x7; the match plays the first 3 moves of each, twice.
    std::fs::write(dir.join("a.sgf"), "(;SZ[7];B[dd];W[cc];B[ec];W[ee])").unwrap();
    std::fs::write(dir.join("b.sgf"), "(;SZ[7];B[cd];W[ed];B[dc])").unwrap();
    let engine = "koan --threads 1 --playouts 50 --seed {seed}";
    let (code, out, err) = koan_match(&[
        "--black",
        engine,
        "--white",
        engine,
        "--size",
        "7",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--openings",
        dir.to_str().unwrap(),
        "--opening-moves",
        "3",
        "--progress",
        "0.05",
        "--sgf-dir",
        sgf_dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "stdout:\n{out}\nstderr:\n{err}");
    assert_eq!(row(&out, "games"), counts(4, 4), "{out}");
    assert!(out.contains("2 openings of 3 moves"), "{out}");
    assert!(out.contains("Elo of A over B: "), "{out}");
    // Both games run at once and the progress lines show their move counts.
    assert!(err.contains("running: game "), "{err}");
    assert!(err.contains(" at move "), "{err}");
    let mut records = Vec::new();
    for game in 1..=4 {
        let sgf = std::fs::read_to_string(sgf_dir.join(format!("game-{game:03}.sgf"))).unwrap();
        let opening = if game <= 2 {
            ";B[dd];W[cc];B[ec];"
        } else {
            ";B[cd];W[ed];B[dc];"
        };
        assert!(sgf.contains(opening), "game {game}: {sgf}");
        let moves = &sgf[sgf.find(opening).unwrap()..];
        records.push(moves.to_string());
    }
    // Seeds differ per game: the games of one opening are not all the same.
    assert!(records[0] != records[1] || records[2] != records[3]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_sprt_stops_a_one_sided_match() {
    let dir = scratch("sprt");
    let script = dir.join("fake.sh");
    std::fs::write(&script, FAKE_ENGINE).unwrap();
    let fake = format!("bash '{}' occupied", script.display());
    let (code, out, err) = koan_match(&[
        "--black",
        "koan --threads 1 --playouts 20 --seed {seed}",
        "--white",
        &fake,
        "--size",
        "5",
        "--games",
        "100",
        "--sprt",
        "0",
        "10",
    ]);
    assert_eq!(code, 0, "stdout:\n{out}\nstderr:\n{err}");
    // Every game is won by A; with one draw added to scores without spread, the LLR
    // crosses 2.94 after 10 wins.
    assert_eq!(row(&out, "games"), counts(10, 10), "{out}");
    assert!(err.contains("the SPRT decided after 10 games"), "{err}");
    assert!(
        out.contains("Elo of A over B: unbounded (every game went one way)"),
        "{out}"
    );
    assert!(err.contains(", LLR 3.43 (-2.94, 2.94) [0, 10]"), "{err}");
    assert!(
        out.contains("SPRT elo0 0, elo1 10, alpha 0.05, beta 0.05: LLR 3.43 (-2.94, 2.94) [0, 10], H1 accepted"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_openings_and_numbers_get_one_line_and_exit_2() {
    let dir = scratch("bad");
    let broken = dir.join("broken.sgf");
    std::fs::write(&broken, "(;SZ[9];B[ee]").unwrap();
    let short = dir.join("short.sgf");
    std::fs::write(&short, "(;SZ[9];B[ee])").unwrap();
    let base = ["--black", "koan", "--white", "koan"];
    for (extra, says) in [
        (vec!["--openings", broken.to_str().unwrap()], "broken.sgf"),
        (vec!["--openings", "/nonexistent.sgf"], "cannot read"),
        (
            vec![
                "--openings",
                short.to_str().unwrap(),
                "--opening-moves",
                "4",
            ],
            "only 1 moves, 4 needed",
        ),
        (vec!["--concurrency", "0"], "--concurrency"),
        (vec!["--sprt", "5", "0"], "must be below ELO1"),
        (vec!["--sprt", "0"], "--sprt"),
        (vec!["--sprt-alpha", "0.7"], "not a probability"),
        (vec!["--progress", "x"], "--progress"),
    ] {
        let mut args: Vec<&str> = base.to_vec();
        args.extend(extra);
        let (code, out, err) = koan_match(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains(says), "{args:?}: {err}");
        if args[4] == "--openings" || says.contains("ELO1") {
            // One line, then the pointer to --help.
            assert_eq!(err.lines().count(), 2, "{err}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
