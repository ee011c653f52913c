//! KataGo 1.18.1 and the network of KaTrain's package, for the tests that need them: set up
//! once per machine by `gtp-scripts/katago-cpu.sh` into a folder under `target/` (or the
//! folder `KOAN_KATAGO_DIR` names), whichever test runs first.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The folder KataGo and the network are set up in.
pub fn dir() -> PathBuf {
    match std::env::var_os("KOAN_KATAGO_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_TARGET_TMPDIR")).join("katago"),
    }
}

/// Runs the set-up script; `Err` when Python 3 is missing (KaTrain cannot be installed).
fn run_setup() -> Result<Output, String> {
    if Command::new("python3").arg("--version").output().is_err() {
        return Err(
            "python3 is not installed, so KaTrain (which ships KataGo and the network) cannot be"
                .into(),
        );
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/gtp-scripts/katago-cpu.sh");
    Ok(Command::new("bash")
        .arg(script)
        .arg(dir())
        .output()
        .expect("bash runs"))
}

fn not_installed(out: &Output) -> String {
    format!(
        "KaTrain could not be installed: {}",
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The network file (KaTrain's b10c384), set up on the first run; `Err` says why it cannot be.
#[allow(dead_code)]
pub fn network() -> Result<PathBuf, String> {
    let model = dir().join("model.bin.gz");
    if model.exists() {
        return Ok(model);
    }
    let out = run_setup()?;
    if model.exists() {
        Ok(model)
    } else {
        Err(not_installed(&out))
    }
}

/// KataGo's GTP command (a script running it on the CPU), set up with the network on the
/// first run; `Err` says why KaTrain cannot be installed, and a set-up that fails after
/// that fails the test.
#[allow(dead_code)]
pub fn katago_gtp() -> Result<PathBuf, String> {
    let gtp = dir().join("katago-gtp");
    if gtp.exists() && dir().join("model.bin.gz").exists() {
        return Ok(gtp);
    }
    let out = run_setup()?;
    if !dir().join("model.bin.gz").exists() {
        return Err(not_installed(&out));
    }
    assert!(
        out.status.success(),
        "setting up KataGo failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(gtp)
}
