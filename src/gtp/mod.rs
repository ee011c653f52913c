//! The Go Text Protocol: the loop that reads commands and writes responses.
//!
//! A reader task keeps reading standard input while a command runs, so that a long command
//! (search, analysis) can be told that new input has arrived; commands are still answered
//! strictly in order. Standard output carries GTP only; logs go to standard error.

pub mod endgame;
pub mod engine;
pub mod handicap;
pub mod judgement;
pub mod protocol;

pub use engine::{Engine, EngineOptions};

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};
use tokio::sync::mpsc;

/// Counts input lines as they arrive, for commands that should stop when more input comes.
#[derive(Clone, Debug, Default)]
pub struct InputWatch {
    lines: Arc<AtomicU64>,
}

impl InputWatch {
    /// Number of lines read so far.
    pub fn lines(&self) -> u64 {
        self.lines.load(Ordering::SeqCst)
    }
}

/// Reads GTP commands from `input` and writes responses to `output` until `quit` or the end
/// of input. Invalid UTF-8 is replaced, never fatal.
pub async fn serve<R, W>(mut engine: Engine, input: R, mut output: W)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: Write,
{
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let watch = InputWatch::default();
    let counter = watch.lines.clone();
    engine.watch_input(watch);
    tokio::spawn(async move {
        let mut reader = BufReader::new(input);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf).await {
                Ok(0) => break,
                Ok(_) => {
                    counter.fetch_add(1, Ordering::SeqCst);
                    if tx.send(String::from_utf8_lossy(&buf).into_owned()).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    tracing::error!("reading input: {e}");
                    break;
                }
            }
        }
    });
    while let Some(raw) = rx.recv().await {
        let Some(line) = protocol::preprocess(&raw) else {
            continue;
        };
        let (id, result) = match protocol::parse(&line) {
            Ok(cmd) => {
                tracing::debug!("command: {line}");
                let result = tokio::task::block_in_place(|| engine.execute(&cmd));
                (cmd.id, result)
            }
            Err((id, msg)) => (id, Err(msg)),
        };
        let response = protocol::format_response(id, &result);
        if output
            .write_all(response.as_bytes())
            .and_then(|_| output.flush())
            .is_err()
        {
            break; // the controller has gone away
        }
        if engine.quit_requested() {
            break;
        }
    }
}
