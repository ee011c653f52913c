//! The rule suite searched with KataGo's network: `engine-tests/genmove-rules-network.tst`
//! (genmove-rules.tst's tests, command for command, with the positions the network search
//! gets wrong marked `*`, expected to fail) through `koan regress` on
//! `koan --model NETWORK --threads 1 --playouts 300`, under every ko rule the suite names.
//!
//! The network is the one in KaTrain's package, set up as `tests/nn_katago.rs` sets it up
//! (`gtp-scripts/katago-cpu.sh` into a folder under `target/`, or the folder
//! `KOAN_KATAGO_DIR` names; whichever of the two tests runs first does it). Without Python 3
//! or when KaTrain cannot be installed the network test is skipped, with the reason printed.

use std::path::{Path, PathBuf};
use std::process::Command;

const CLASSICAL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/engine-tests/genmove-rules.tst"
);
const NETWORK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/engine-tests/genmove-rules-network.tst"
);

/// Evaluations per move: the suite's `# engine-args:` line says the same.
const EVALUATIONS: &str = "300";

/// The commands and expectations of a test file, comments and blank lines left out, the
/// expected-failure marker `*` dropped.
fn tests_of(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && (!l.starts_with('#') || l.starts_with("#?")))
        .map(|l| l.trim_end_matches('*').trim_end().to_string())
        .collect()
}

#[test]
fn the_network_suite_asks_what_the_classical_suite_asks() {
    let classical = std::fs::read_to_string(CLASSICAL).expect("genmove-rules.tst is readable");
    let network = std::fs::read_to_string(NETWORK).expect("genmove-rules-network.tst is readable");
    let (c, n) = (tests_of(&classical), tests_of(&network));
    for (i, (a, b)) in c.iter().zip(&n).enumerate() {
        assert_eq!(
            a,
            b,
            "line {} of the tests differs: genmove-rules-network.tst must ask what \
             genmove-rules.tst asks",
            i + 1
        );
    }
    assert_eq!(c.len(), n.len(), "the two suites have different lengths");
    assert!(
        network
            .lines()
            .nth(1)
            .is_some_and(|l| l.contains("--model")),
        "the network suite's engine-args name the network"
    );
}

fn katago_dir() -> PathBuf {
    match std::env::var_os("KOAN_KATAGO_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_TARGET_TMPDIR")).join("katago"),
    }
}

/// The network file, set up on the first run; `Err` says why it cannot be.
fn network() -> Result<PathBuf, String> {
    let model = katago_dir().join("model.bin.gz");
    if model.exists() {
        return Ok(model);
    }
    if Command::new("python3").arg("--version").output().is_err() {
        return Err(
            "python3 is not installed, so KaTrain (which ships the network) cannot be".into(),
        );
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/gtp-scripts/katago-cpu.sh");
    let out = Command::new("bash")
        .arg(script)
        .arg(katago_dir())
        .output()
        .expect("bash runs");
    if model.exists() {
        Ok(model)
    } else {
        Err(format!(
            "KaTrain could not be installed: {}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

#[test]
fn the_network_search_passes_the_rule_suite() {
    let model = match network() {
        Ok(m) => m,
        Err(why) => {
            println!("SKIPPED: {why}");
            return;
        }
    };
    let koan = env!("CARGO_BIN_EXE_koan");
    let engine = format!(
        "{koan} --model {} --threads 1 --playouts {EVALUATIONS}",
        model.display()
    );
    let out = Command::new(koan)
        .args(["regress", "--timeout", "900", "--engine", &engine, NETWORK])
        .output()
        .expect("koan runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "the network search fails tests it should pass (exit {:?}):\n{stdout}\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
}
