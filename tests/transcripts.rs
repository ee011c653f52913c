//! Exact GTP transcripts: every `engine-tests/transcripts/NAME.gtp` is piped into the real
//! binary (working directory: that folder) and its standard output must equal `NAME.out`
//! byte for byte. This is where exact error strings and framing are pinned down, since a
//! gogui-regress test cannot match an error response.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

#[test]
fn transcripts_match_exactly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/transcripts");
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for input in entries
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "gtp"))
    {
        let expected = std::fs::read_to_string(input.with_extension("out"))
            .unwrap_or_else(|_| panic!("{} has no .out file", input.display()));
        let mut child = Command::new(env!("CARGO_BIN_EXE_koan"))
            .args(["--threads", "1", "--playouts", "100"])
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let text = std::fs::read(input).unwrap();
        child.stdin.take().unwrap().write_all(&text).unwrap();
        let out = child.wait_with_output().unwrap();
        let got = String::from_utf8(out.stdout).unwrap();
        assert_eq!(got, expected, "transcript {} differs", input.display());
        checked += 1;
    }
    assert!(checked > 0, "no transcripts in {}", dir.display());
}
