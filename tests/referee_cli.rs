//! `koan referee`: the verdict of each record and the exit status a tournament director
//! scripts on (0 every record legal, 1 one is not, 2 one cannot be read).

use std::path::PathBuf;
use std::process::Command;

/// Writes `text` to a file of this test's own in the temporary folder.
fn record(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("koan-referee-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn referee(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_koan"))
        .arg("referee")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// The basic ko on 5x5; White retakes at once with move 10.
const RETAKE: &str =
    "(;SZ[5]RU[Japanese];B[bc];W[db];B[cb];W[dd];B[cd];W[ec];B[aa];W[cc];B[dc];W[cc])";

#[test]
fn legal_illegal_and_unreadable_records_give_0_1_2() {
    let legal = record("legal.sgf", "(;SZ[5]KM[0.5]RU[Chinese];B[cc];W[];B[])");
    let illegal = record("illegal.sgf", RETAKE);
    let broken = record("broken.sgf", "(;SZ[5];B[cc]");
    let (code, out) = referee(&[legal.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("legal: 3 moves"), "{out}");
    assert!(out.contains("end: two passes in a row"), "{out}");
    assert!(out.contains("count: B+24.5"), "{out}");
    let (code, out) = referee(&[legal.to_str().unwrap(), illegal.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("illegal: move 10: W C3 is illegal: retakes the ko at once: simple ko"),
        "{out}"
    );
    // Under fixed ko the first retake is allowed.
    let (code, out) = referee(&["--rules", "chinese ko=fixed", illegal.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    let (code, out) = referee(&[broken.to_str().unwrap(), legal.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("error: cannot read the SGF"), "{out}");
    let (code, _) = referee(&["/nonexistent/record.sgf"]);
    assert_eq!(code, 2);
    let (code, out) = referee(&["--rules", "klingon", legal.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.contains("unknown rules 'klingon'"), "{out}");
}

/// The triple ko of `engine-tests/ko/triple.sgf` round twice: the start stands a third
/// time after move 12.
fn triple_ko_twice(root: &str) -> String {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/engine-tests/ko/triple.sgf"
    ))
    .unwrap();
    let text = text.trim_end().trim_end_matches(')');
    let text = text.replacen("PL[B]", &format!("{root}PL[B]"), 1);
    format!("{text};W[dh];B[eb];W[de];B[eh];W[db];B[ee];W[dh])")
}

#[test]
fn a_cycle_is_found_from_the_moves_and_the_count_uses_the_record_s_dead_stones() {
    let japanese = record("triple-japanese.sgf", &triple_ko_twice("RU[Japanese]"));
    let (code, out) = referee(&[japanese.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(
            "end: no result: move 12 makes the position that stood at the start and after move \
             6 stand a third time with no pass between, a cycle under simple ko"
        ),
        "{out}"
    );
    // Under Chinese rules the cycle-completing capture is refused instead.
    let (code, out) = referee(&["--rules", "chinese", japanese.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("illegal: move 6: W D2 is illegal: recreates the position at the start: positional superko"),
        "{out}"
    );
    // White's A1 marked dead by TB; then marked alive by TW, where koan's view differs.
    let moves = ";B[cc];W[ae];B[ee];W[];B[]";
    let dead = record(
        "tb.sgf",
        &format!("(;SZ[5]KM[0.5]RU[Chinese]{moves}TB[ae])"),
    );
    let (code, out) = referee(&[dead.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("count: B+24.5 (dead stones from the record's TB/TW: A1)"),
        "{out}"
    );
    let alive = record(
        "tw.sgf",
        &format!("(;SZ[5]KM[0.5]RU[Chinese]{moves}TW[ae])"),
    );
    let (_, out) = referee(&[alive.to_str().unwrap()]);
    assert!(
        out.contains("count: B+0.5 (dead stones from the record's TB/TW: none)"),
        "{out}"
    );
    assert!(
        out.contains("koan's judgement differs: B+24.5 (dead stones: A1)"),
        "{out}"
    );
}

#[test]
fn a_reader_that_stops_early_ends_the_referee_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    // Enough records to fill the pipe: the reader takes one line and closes its end.
    let legal = record("legal-many.sgf", "(;SZ[5]KM[0.5]RU[Chinese];B[cc];W[];B[])");
    let path = legal.to_str().unwrap().to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_koan"))
        .arg("referee")
        .args(std::iter::repeat_n(&path, 5000))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The pipe is closed here, with most of the output unread.
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(141), "{stderr}");
}
