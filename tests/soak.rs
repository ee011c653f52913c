//! A short seeded soak through the real binary (`gtp-scripts/soak.py`, which the long soak
//! runs with its defaults): 3,000 random command lines, valid and broken, with ids, analysis
//! stopped by the next line, interrupts, 100 mutated SGF records, huge arguments and the end
//! of input during searches. Every answer must come in time and be framed right, nothing may
//! panic, and the engine must exit once its input ends.

use std::process::Command;

#[test]
fn a_short_soak_finds_nothing_wrong() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/gtp-scripts/soak.py");
    let out = Command::new("python3")
        .args([script, "--koan", env!("CARGO_BIN_EXE_koan")])
        .args([
            "--lines",
            "3000",
            "--sgfs",
            "100",
            "--seed",
            "7",
            "--session",
            "1000",
        ])
        .output()
        .expect("python3 runs the soak script");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the soak found problems:\n{stdout}\n{}",
        &stderr[..stderr.len().min(20_000)]
    );
    assert!(stdout.contains("3000 lines sent"), "{stdout}");
}
