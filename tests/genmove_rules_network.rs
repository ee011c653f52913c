//! The rule suite searched with KataGo's network: `engine-tests/genmove-rules-network.tst`
//! (genmove-rules.tst's tests, command for command, with the positions the network search
//! gets wrong marked `*`, expected to fail) through `koan regress` on
//! `koan --model NETWORK --threads 1 --playouts 300`, under every ko rule the suite names.
//!
//! The network is the one in KaTrain's package, set up as `tests/common/katago.rs` says
//! (shared with `tests/nn_katago.rs`). Without Python 3
//! or when KaTrain cannot be installed the network test is skipped, with the reason printed.

#[path = "common/katago.rs"]
mod katago;

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

#[test]
fn the_network_search_passes_the_rule_suite() {
    let model = match katago::network() {
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
