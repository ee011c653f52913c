//! The Go Text Protocol: the loop that reads commands and writes responses.
//!
//! A reader task keeps reading standard input while a command runs, so that a long command
//! (search, analysis) can be told that new input has arrived ([`input`]); commands are still
//! answered strictly in order. Analysis commands stream their response ([`output`]).
//! Standard output carries GTP only; logs go to standard error.

pub mod analyze;
pub mod command;
pub mod engine;
pub mod gogui;
pub mod gogui_rules;
pub mod input;
pub mod kata_rules;
pub mod ko_classify;
pub mod network;
pub mod output;
pub mod play;
pub mod protocol;
pub mod records;
pub mod ruleset;
pub mod setup;
pub mod time;

pub use engine::Engine;
pub use input::InputWatch;
pub use output::Output;

use std::io::Write;
use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};
use tokio::sync::mpsc;

/// Reads GTP commands from `input` and writes responses to `output` until `quit` or the end
/// of input. Invalid UTF-8 is replaced, never fatal.
pub async fn serve<R, W>(mut engine: Engine, input: R, mut output: W)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: Write + Send,
{
    let (tx, mut rx) = mpsc::unbounded_channel::<(u64, String)>();
    let watch = InputWatch::new(engine.stop_flag());
    engine.watch_input(watch.clone());
    tokio::spawn(async move {
        let mut reader = BufReader::new(input);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf).await {
                Ok(0) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf).into_owned();
                    let number = watch.line_arrived(&line);
                    if tx.send((number, line)).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    tracing::error!("reading input: {e}");
                    break;
                }
            }
        }
        watch.close();
    });
    while let Some((number, raw)) = rx.recv().await {
        let Some(line) = protocol::preprocess(&raw) else {
            continue;
        };
        let alive = match protocol::parse(&line) {
            Ok(cmd) => {
                tracing::debug!("command: {line}");
                tokio::task::block_in_place(|| {
                    let mut out = Output::new(&mut output, cmd.id);
                    let result = engine.execute_streaming(&cmd, number, &mut out);
                    out.finish(result)
                })
            }
            Err((id, msg)) => Output::new(&mut output, id).finish(Err(msg)),
        };
        if !alive {
            break; // the controller has gone away
        }
        if engine.quit_requested() {
            break;
        }
    }
}
