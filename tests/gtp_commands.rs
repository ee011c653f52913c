//! The documentation names exactly the GTP commands the engine answers: docs/gtp.md has a row
//! for every command `list_commands` gives (with every optional command switched on) and for
//! no other, and every command the README's GTP section names exists.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

/// The commands the real binary lists, with the flags that add commands switched on (a
/// network: a small one in KataGo's text format).
fn engine_commands() -> BTreeSet<String> {
    let tiny_net = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/nn/tiny-net.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_koan"))
        .args([
            "--gogui-ruler",
            "--kgs-chat",
            "--quiet",
            "--model",
            tiny_net,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("koan runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"list_commands\nquit\n")
        .unwrap();
    let out = child.wait_with_output().expect("koan answers");
    let text = String::from_utf8(out.stdout).unwrap();
    let listed = text
        .split("\n\n")
        .next()
        .and_then(|r| r.strip_prefix("= "))
        .expect("a list_commands response");
    listed.lines().map(|l| l.trim().to_string()).collect()
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(format!("{}/{rel}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The first word of the first backticked cell of every row of docs/gtp.md's command tables
/// (the tables whose header starts with `| command |`).
fn documented_commands(page: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_table = false;
    for line in page.lines() {
        if !line.starts_with('|') {
            in_table = false;
            continue;
        }
        if line.starts_with("| command |") {
            in_table = true;
            continue;
        }
        if !in_table || line.starts_with("|---") {
            continue;
        }
        let cell = line.trim_start_matches('|').split('|').next().unwrap_or("");
        let name = cell.trim().trim_matches('`');
        names.push(name.split_whitespace().next().unwrap_or("").to_string());
    }
    names
}

#[test]
fn docs_gtp_names_every_command_once_and_no_other() {
    let commands = engine_commands();
    assert!(commands.contains("genmove") && commands.contains("kgs-chat"));
    let documented = documented_commands(&read("docs/gtp.md"));
    let mut seen = BTreeSet::new();
    for name in &documented {
        assert!(seen.insert(name.clone()), "docs/gtp.md names {name} twice");
    }
    let missing: Vec<_> = commands.difference(&seen).collect();
    let unknown: Vec<_> = seen.difference(&commands).collect();
    assert!(
        missing.is_empty(),
        "docs/gtp.md has no row for {missing:?}: add one to its family's table"
    );
    assert!(
        unknown.is_empty(),
        "docs/gtp.md names {unknown:?}, which koan does not answer"
    );
}

#[test]
fn the_readme_names_only_commands_that_exist() {
    let commands = engine_commands();
    let readme = read("README.md");
    let section = readme
        .split("\n## ")
        .find(|s| s.starts_with("GTP commands"))
        .expect("README.md has a section \"GTP commands\"");
    let mut named = 0;
    for line in section.lines().filter(|l| l.starts_with("- ")) {
        // Every backticked word in the section's list is a command (or a flag, or a line).
        for (i, piece) in line.split('`').enumerate() {
            let word = piece.split_whitespace().next().unwrap_or("");
            if i % 2 == 0 || word.starts_with('-') || word.starts_with('#') {
                continue;
            }
            assert!(
                commands.contains(word),
                "README.md's GTP section names `{word}`, which koan does not answer"
            );
            named += 1;
        }
    }
    assert!(named >= 20, "README.md's GTP section lists the commands");
}
