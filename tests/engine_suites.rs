//! Runs every regression suite in `engine-tests/` through `koan regress`, against the real
//! binary, and fails on any unexpected result. Each suite runs as `koan regress FILE` runs it
//! by hand: on `koan --threads 1 --playouts 300`, unless a `# engine-args: ...` line near its
//! top says otherwise (the tactical suites need more playouts, the suites that read the board
//! through GoGui's rules commands `--gogui-ruler`). Suites whose engine-args name a network
//! (`--model`) are left to the tests that set the network up.

use std::path::{Path, PathBuf};
use std::process::Command;

fn suites(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("engine-tests/ is readable")
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            suites(&path, out);
        } else if path.extension().is_some_and(|e| e == "tst") {
            out.push(path);
        }
    }
}

#[test]
fn every_engine_test_suite_passes() {
    let koan = env!("CARGO_BIN_EXE_koan");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests");
    let mut files = Vec::new();
    suites(&root, &mut files);
    assert!(
        files.len() >= 4,
        "expected the suites in {}",
        root.display()
    );
    // The suite that checks genmove against the ko rule in force (the rule changes the move).
    assert!(
        files.iter().any(|f| f.ends_with("genmove-rules.tst")),
        "expected genmove-rules.tst in {}",
        root.display()
    );
    let mut failures = Vec::new();
    for file in &files {
        // A suite searched with a network (its engine-args name one) runs in the test that
        // sets the network up (tests/genmove_rules_network.rs).
        let text = std::fs::read_to_string(file).expect("the suite is readable");
        if text
            .lines()
            .take(5)
            .any(|l| l.starts_with("# engine-args:") && l.contains("--model"))
        {
            eprintln!(
                "{}: searched with a network, left to its own test",
                file.display()
            );
            continue;
        }
        let out = Command::new(koan)
            .arg("regress")
            .arg(file)
            .output()
            .expect("koan runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        eprintln!("{}:\n{stdout}", file.display());
        if !out.status.success() {
            failures.push(format!(
                "{} (exit {:?}):\n{stdout}\n{}",
                file.display(),
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "suites failed:\n{}",
        failures.join("\n")
    );
}
