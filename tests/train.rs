//! `koan train` end to end: it learns from a directory of records, reports its accuracy on
//! the held-out games, writes weights the engine can read, skips a malformed record with a
//! warning naming it, and refuses inputs that do not exist.

use std::process::Command;

fn koan() -> Command {
    Command::new(env!("CARGO_BIN_EXE_koan"))
}

/// A fresh directory under the target directory.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn learns_from_records_and_writes_weights_the_engine_reads() {
    let dir = scratch("train-records");
    let corpus =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/ko-corpus/9x9");
    let mut n = 0;
    for entry in std::fs::read_dir(&corpus).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "sgf") && n < 12 {
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
            n += 1;
        }
    }
    std::fs::write(dir.join("broken.sgf"), "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
    let out = dir.join("weights.txt");
    let run = koan()
        .args(["train", "--holdout", "4", "--iterations", "3", "--out"])
        .arg(&out)
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stdout}\n{stderr}");
    assert!(stderr.contains("broken.sgf"), "{stderr}");
    assert!(stdout.contains("9x9: "), "{stdout}");
    assert!(stdout.contains("model top-1"), "{stdout}");
    assert!(stdout.contains("embedded weights top-1"), "{stdout}");
    let weights = std::fs::read_to_string(&out).unwrap();
    assert!(
        weights.lines().any(|l| l.starts_with("capture 1 ")),
        "{weights}"
    );
    assert!(
        weights.lines().any(|l| l.starts_with("shape ")),
        "{weights}"
    );
    // Large shapes around the moves played (the opening's, at least) are learned too.
    assert!(
        weights.lines().any(|l| l.starts_with("pattern ")),
        "{weights}"
    );
    // A capture is worth more than an average move to GNU Go.
    let capture: f64 = weights
        .lines()
        .find_map(|l| l.strip_prefix("capture 1 "))
        .unwrap()
        .parse()
        .unwrap();
    assert!(capture > 1.0, "{capture}");
}

#[test]
fn a_missing_input_is_refused() {
    let run = koan()
        .args(["train", "/nonexistent/records"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("/nonexistent/records"), "{stderr}");
    assert!(run.stdout.is_empty());
}

#[test]
fn the_engine_plays_with_the_model_priors() {
    let mut child = koan()
        .args(["--priors", "model", "--threads", "1", "--playouts", "500"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"boardsize 9\ngenmove b\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("= \n\n= "), "{text}");
    let bad = koan().args(["--priors", "magic"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
}
