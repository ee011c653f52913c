//! Recorded kgsGtp sessions replayed against the real binary: every
//! `gtp-scripts/kgs/session-*.gtp` (recorded by `gtp-scripts/kgs/referee.py --record`, koan
//! against GNU Go as kgsGtp drives an engine: rules, time settings, moves with time_left,
//! final_status_list, a cleanup phase, kgs-game_over) is piped into koan with the options
//! in its first line, and every answer must equal the recorded one in `session-*.out`.
//! The session runs with one thread, a fixed playout count and the default seed, so it is
//! deterministic. Two answers are checked for content rather than byte for byte, since
//! they change whenever a command is added or the version moves: `list_commands` must list
//! every command kgsGtp uses, `version` must be non-empty.
//!
//! When the search changes, the engine's moves change and the sessions must be recorded
//! again: `python3 gtp-scripts/kgs/referee.py --record gtp-scripts/kgs/session-japanese ...`
//! (see `gtp-scripts/kgs/README.md`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The commands kgsGtp sends when the engine lists them.
const KGS_COMMANDS: &[&str] = &[
    "kgs-rules",
    "kgs-time_settings",
    "kgs-genmove_cleanup",
    "kgs-game_over",
    "kgs-chat",
    "final_status_list",
    "time_left",
];

fn sessions() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-scripts/kgs");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("gtp-scripts/kgs is readable")
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "gtp")
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("session-"))
        })
        .collect();
    out.sort();
    out
}

/// Splits GTP output into responses, each with its terminating blank line removed.
fn responses(out: &str) -> Vec<&str> {
    assert!(out.ends_with("\n\n"), "unterminated output");
    out.split_terminator("\n\n").collect()
}

/// The options in a session's first line, `# path/to/koan OPTIONS...`.
fn options(first_line: &str) -> Vec<String> {
    let line = first_line
        .strip_prefix('#')
        .expect("a session starts with '# koan OPTIONS'");
    line.split_whitespace().skip(1).map(String::from).collect()
}

#[test]
fn recorded_kgs_sessions_replay_exactly() {
    let files = sessions();
    assert!(files.len() >= 2, "expected recorded sessions");
    for gtp in files {
        let input = std::fs::read_to_string(&gtp).unwrap();
        let expected = std::fs::read_to_string(gtp.with_extension("out")).unwrap();
        let commands: Vec<&str> = input
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .collect();
        let mut child = Command::new(env!("CARGO_BIN_EXE_koan"))
            .args(options(input.lines().next().unwrap()))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let got = String::from_utf8(out.stdout).unwrap();
        let got = responses(&got);
        let want = responses(&expected);
        let name = gtp.display();
        assert_eq!(got.len(), commands.len(), "{name}: one answer per command");
        assert_eq!(want.len(), commands.len(), "{name}: recording is complete");
        for (i, ((cmd, g), w)) in commands.iter().zip(&got).zip(&want).enumerate() {
            assert!(g.starts_with("= "), "{name}:{i} '{cmd}' failed: {g}");
            match cmd.split_whitespace().next().unwrap() {
                "list_commands" => {
                    let listed: Vec<&str> = g[2..].lines().collect();
                    for c in KGS_COMMANDS {
                        assert!(listed.contains(c), "{name}: {c} not listed");
                    }
                }
                "version" => assert!(g.len() > 2, "{name}: empty version"),
                _ => assert_eq!(g, w, "{name}:{i} '{cmd}' answered differently"),
            }
        }
        // The story the session tells: a cleanup phase, then no dead stones left, a score,
        // and kgs-game_over answered with nothing.
        let last_dead = commands
            .iter()
            .rposition(|c| *c == "final_status_list dead")
            .expect("final_status_list dead");
        assert_eq!(
            got[last_dead], "= ",
            "{name}: dead stones left after cleanup"
        );
        assert!(commands
            .iter()
            .any(|c| c.starts_with("kgs-genmove_cleanup")));
        let score = commands.iter().position(|c| *c == "final_score").unwrap();
        assert!(got[score].starts_with("= B+") || got[score].starts_with("= W+"));
        let over = commands.iter().position(|c| *c == "kgs-game_over").unwrap();
        assert_eq!(got[over], "= ");
    }
}
