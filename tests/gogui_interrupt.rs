//! GoGui's interrupt protocol against the real binary: while a long `genmove` runs, the
//! comment line `# interrupt` makes it answer with its best move so far, and the comment
//! line itself gets no response.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

#[test]
fn an_interrupt_line_ends_a_long_genmove_at_once() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_koan"))
        .args(["--threads", "1", "--time-per-move", "600"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("koan starts");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let next = |what: &str| {
        rx.recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no {what} within a minute"))
    };
    stdin
        .write_all(b"1 known_command gogui-interrupt\nboardsize 9\n2 genmove b\n")
        .unwrap();
    assert_eq!(next("known_command"), "=1 true");
    assert_eq!(next("blank"), "");
    assert_eq!(next("boardsize"), "= ");
    assert_eq!(next("blank"), "");
    // The search is running now (it would take ten minutes); interrupt it.
    std::thread::sleep(Duration::from_millis(500));
    stdin.write_all(b"# interrupt\n").unwrap();
    let mv = next("genmove answer after the interrupt");
    assert!(mv.starts_with("=2 "), "{mv}");
    assert_ne!(
        &mv[3..],
        "resign",
        "an interrupted genmove still plays its best move"
    );
    assert_eq!(next("blank"), "");
    // The comment line got no response; the next command is answered normally.
    stdin.write_all(b"3 name\n").unwrap();
    assert_eq!(next("name"), "=3 koan");
    drop(stdin);
    child.wait().unwrap();
}
