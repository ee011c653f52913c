//! `RU` and game information through `loadsgf` and `printsgf`, checked with sgfmill (a Python
//! SGF library): the spellings other programs write are read, the standard name is written,
//! and the players, date, event and comments come back. `tests/sgfmill/roundtrip.py`
//! installs sgfmill with pip when it is missing.

use std::process::Command;

#[test]
fn rules_names_and_game_information_round_trip_through_sgfmill() {
    let work = std::env::temp_dir().join(format!("koan-sgfmill-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sgfmill/roundtrip.py");
    let out = Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_koan"), work.to_str().unwrap()])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("10 records, 0 problems"), "{stdout}");
}
