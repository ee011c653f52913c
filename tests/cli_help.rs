//! docs/cli.md shows exactly what `--help` prints, for the engine and every tool
//! (`gtp-scripts/update-cli-help.py` rewrites it), and bad options are refused with a pointer
//! to `--help` and exit code 2.

use std::process::Command;

/// What `koan ARGS --help` prints, each line's trailing blanks removed.
fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_koan"))
        .args(args)
        .arg("--help")
        .output()
        .expect("koan runs");
    assert!(out.status.success(), "koan {args:?} --help failed");
    let text = String::from_utf8(out.stdout).unwrap();
    text.trim_end()
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_cli_page_shows_every_help_text() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md"))
        .unwrap()
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n");
    for args in [
        &[][..],
        &["analysis"],
        &["bench"],
        &["regress"],
        &["match"],
        &["train"],
        &["referee"],
    ] {
        let block = format!("```text\n{}\n```", help(args));
        assert!(
            page.contains(&block),
            "docs/cli.md lacks the help of koan {args:?} (gtp-scripts/update-cli-help.py \
             writes it); it is now:\n{block}"
        );
    }
}

#[test]
fn bad_options_point_to_help() {
    for args in [
        &["--frobnicate"][..],
        &["--threads", "0"],
        &["bench", "--seconds", "-1"],
        &["regress", "--timeout", "0", "x.tst"],
        &["match", "--black", "a", "--white", "b", "--size", "40"],
        &["analysis", "--max-visits", "0"],
        &["analysis", "--report-as", "green"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_koan"))
            .args(args)
            .output()
            .expect("koan runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "koan {args:?}: {stderr}");
        assert!(stderr.contains("--help"), "koan {args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "koan {args:?} wrote to stdout");
    }
}

#[test]
fn a_bad_option_gets_one_line_and_a_pointer_to_help() {
    for args in [
        &["--frobnicate"][..],
        &["match", "--colour", "x"],
        &["bench", "nonsense"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_koan"))
            .args(args)
            .output()
            .expect("koan runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 2, "koan {args:?}: {stderr}");
        assert!(lines[0].starts_with("error: "), "koan {args:?}: {stderr}");
        assert_eq!(lines[1], "For more information, try '--help'.");
        assert_eq!(out.status.code(), Some(2));
    }
}
