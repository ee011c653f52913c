//! koan under Sabaki's own GTP library: installs `@sabaki/gtp` from npm into the target
//! folder (once), then runs `tests/sabaki/attach.cjs`, which attaches the real binary the way
//! Sabaki does and fails on any error response or unparsable analysis line. Node.js and npm
//! are required: without them this test fails and says so.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The library version the script is written against.
const PACKAGE: &str = "@sabaki/gtp@3.0.0";

fn run(cmd: &mut Command, what: &str, limit: Duration) -> Output {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot run {what}: {e}. This test needs Node.js and npm (e.g. apt-get install nodejs npm).")
        });
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "{what} took more than {limit:?}\nstdout:\n{}\nstderr:\n{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// The folder that holds `node_modules/@sabaki/gtp`, installed on first use.
fn library_dir(koan: &Path) -> PathBuf {
    // target/<profile>/koan -> target/sabaki-gtp
    let target = koan.parent().and_then(Path::parent).expect("target folder");
    let dir = target.join("sabaki-gtp");
    let installed = dir.join("node_modules/@sabaki/gtp/package.json");
    if installed.is_file() {
        return dir;
    }
    std::fs::create_dir_all(&dir).unwrap();
    let out = run(
        Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--prefix"])
            .arg(&dir)
            .arg(PACKAGE),
        "npm install",
        Duration::from_secs(300),
    );
    assert!(
        out.status.success() && installed.is_file(),
        "npm install {PACKAGE} failed (is the npm registry reachable?)\nstdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}

#[test]
fn sabaki_attaches_syncs_analyzes_and_generates_moves() {
    let koan = PathBuf::from(env!("CARGO_BIN_EXE_koan"));
    let dir = library_dir(&koan);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki/attach.cjs");
    let out = run(
        Command::new("node").arg(&script).arg(&koan).arg(&dir),
        "node",
        Duration::from_secs(120),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("attach: ok"),
        "the Sabaki attach script failed\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
}
