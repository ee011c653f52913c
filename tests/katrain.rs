//! `koan analysis` driven by KaTrain's own engine class (`katrain.core.engine.KataGoEngine`),
//! headless: `tests/katrain/drive.py` reviews a whole game through it, lets KaTrain's code
//! read every answer, stops a pondering query, and starts koan both as KaTrain's custom
//! command and as its KataGo executable. KaTrain is installed with pip into a virtual
//! environment under `target/` on the first run. Without Python 3 the test is skipped, with
//! the reason printed; a failing install fails it.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn katrain_reviews_a_whole_game_with_koan() {
    if Command::new("python3").arg("--version").output().is_err() {
        println!("SKIPPED: python3 is not installed, so KaTrain cannot run");
        return;
    }
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let venv = tmp.join("katrain-venv");
    let python = venv.join("bin").join("python");
    if !python.exists() {
        let made = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .expect("python3 runs");
        assert!(
            made.success(),
            "python3 -m venv {} failed (Debian: apt-get install python3-venv)",
            venv.display()
        );
    }
    let work = tmp.join(format!("katrain-work-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/katrain/drive.py");
    // Output to files, not pipes: a pip install could fill a pipe nobody reads yet.
    let (out_path, err_path) = (work.join("drive.out"), work.join("drive.err"));
    let mut child = Command::new(&python)
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_koan"))
        .arg(&work)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("the virtual environment's python runs");
    // The first run installs KaTrain and Kivy; after that the test takes seconds.
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(900) {
            let _ = child.kill();
            panic!("drive.py did not finish in 15 minutes");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let status = child.wait().unwrap();
    let stdout = std::fs::read_to_string(&out_path).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
    assert!(status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("122 positions analysed through KaTrain, 0 problems"),
        "{stdout}\n{stderr}"
    );
}
