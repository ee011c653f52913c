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
