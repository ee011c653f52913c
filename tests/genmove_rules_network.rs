//! The rule suite searched with KataGo's network: `engine-tests/genmove-rules-network.tst`
//! (genmove-rules.tst's tests, command for command, with the positions the network search
//! would get wrong marked `*`, expected to fail: none today) through `koan regress` on
//! `koan --model NETWORK --threads 1 --playouts 300`, under every ko rule the suite names.
//! A few hard positions get a longer search (`koan-param playouts N` before the test, set
//! back after it); nothing else in the engine's settings may differ from test to test.
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

/// The commands and expectations of a test file, comments, blank lines and the network
/// suite's search budgets (`koan-param playouts N`, see [`budgets`]) left out, the
/// expected-failure marker `*` dropped.
fn tests_of(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && (!l.starts_with('#') || l.starts_with("#?")))
        .filter(|l| !l.starts_with("koan-param"))
        .map(|l| l.trim_end_matches('*').trim_end().to_string())
        .collect()
}

/// The tests of the network suite that get a search budget other than [`EVALUATIONS`], each
/// with its budget. Panics unless every `koan-param` line sets the budget
/// (`koan-param playouts N`), each other budget serves exactly one test and is set back to
/// [`EVALUATIONS`] right after it, so that no other setting differs from the engine-args and
/// no budget runs on into the next test.
fn budgets(text: &str) -> Vec<(String, u64)> {
    let default: u64 = EVALUATIONS.parse().expect("a number");
    let (mut budget, mut tests_at_budget, mut raised) = (default, 0, Vec::new());
    let commands = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    for line in commands {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"koan-param") {
            let n = match words[1..] {
                ["playouts", n] => n.parse::<u64>().ok(),
                _ => None,
            };
            let n =
                n.unwrap_or_else(|| panic!("`{line}`: only `koan-param playouts N` may be set"));
            assert!(
                budget == default || (n == default && tests_at_budget == 1),
                "`{line}`: a budget of {budget} must serve one test and be set back to {default}"
            );
            (budget, tests_at_budget) = (n, 0);
        } else if words.get(1) == Some(&"reg_genmove") {
            tests_at_budget += 1;
            if budget != default {
                assert_eq!(
                    tests_at_budget, 1,
                    "test {}: the budget of {budget} runs on",
                    words[0]
                );
                raised.push((words[0].to_string(), budget));
            }
        }
    }
    assert_eq!(
        budget, default,
        "the budget is set back to {default} at the end"
    );
    raised
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
        network.lines().nth(1).is_some_and(
            |l| l.contains("--model") && l.contains(&format!("--playouts {EVALUATIONS}"))
        ),
        "the network suite's engine-args name the network and {EVALUATIONS} evaluations"
    );
    let raised = budgets(&network);
    assert_eq!(
        raised,
        [("500".to_string(), 1000), ("510".to_string(), 1000)],
        "the tests with a longer search are those the suite's header names"
    );
}

#[test]
fn a_budget_serves_one_test_and_is_set_back() {
    let ok = "koan-param playouts 1000\n1 reg_genmove b\n#? [A1]\nkoan-param playouts 300\n";
    assert_eq!(budgets(ok), [("1".to_string(), 1000)]);
    let bad = [
        "koan-param playouts 1000\n1 reg_genmove b\n2 reg_genmove b\nkoan-param playouts 300\n",
        "koan-param playouts 1000\n1 reg_genmove b\n",
        "koan-param playouts 1000\nkoan-param playouts 300\n",
        "koan-param ko_rule simple\n",
    ];
    for text in bad {
        assert!(
            std::panic::catch_unwind(|| budgets(text)).is_err(),
            "accepted: {text:?}"
        );
    }
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
