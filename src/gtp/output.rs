//! Where a command's response goes. Most commands return their whole answer and the loop
//! frames it; streaming commands (the analysis commands Sabaki, Lizzie and KataGo tools use)
//! open the response with `=ID ` (GTP's status, id and space) on a line of its own, write
//! lines as results come, and the loop ends the response with its empty line when the
//! command returns.

use super::protocol::format_response;
use std::io::Write;

/// One command's response channel.
pub struct Output<'a> {
    out: &'a mut (dyn Write + Send),
    id: Option<u64>,
    begun: bool,
    broken: bool,
}

impl<'a> Output<'a> {
    /// The response to the command with `id`, written to `out`.
    pub fn new(out: &'a mut (dyn Write + Send), id: Option<u64>) -> Output<'a> {
        Output {
            out,
            id,
            begun: false,
            broken: false,
        }
    }

    /// Starts a streamed success response: `=ID `, a space and a newline, at once (as Leela
    /// Zero and KataGo do), so that the controller knows the command was accepted. The space
    /// is GTP's framing (`=[id] result`): GoGui takes everything after the first space as
    /// the result, so without it a genmove_analyze's result would start inside `play D5`.
    pub fn begin(&mut self) {
        if self.begun {
            return;
        }
        self.begun = true;
        let head = format!("={} \n", self.id.map(|i| i.to_string()).unwrap_or_default());
        self.write(&head);
    }

    /// Writes one line of a streamed response (starting it if needed). Empty lines would
    /// end the response early, so they are dropped; so are line breaks inside `text`.
    pub fn line(&mut self, text: &str) {
        self.begin();
        let text = text.replace(['\n', '\r'], " ");
        if !text.trim().is_empty() {
            self.write(&format!("{}\n", text.trim_end()));
        }
    }

    /// True once a streamed response has begun.
    pub fn begun(&self) -> bool {
        self.begun
    }

    /// True when writing failed (the controller has gone away).
    pub fn broken(&self) -> bool {
        self.broken
    }

    /// Ends the response. A command that did not stream gets its result framed as usual. A
    /// streamed response gets the body's lines, then the empty line; an error after the
    /// response began can no longer change its status, so it is logged instead.
    pub fn finish(mut self, result: Result<String, String>) -> bool {
        if !self.begun {
            let text = format_response(self.id, &result);
            self.write(&text);
        } else {
            match result {
                Ok(body) => {
                    for line in body.lines() {
                        self.line(line);
                    }
                }
                Err(msg) => tracing::error!("streamed command failed after it began: {msg}"),
            }
            self.write("\n");
        }
        !self.broken
    }

    fn write(&mut self, text: &str) {
        if self.broken {
            return;
        }
        if self
            .out
            .write_all(text.as_bytes())
            .and_then(|_| self.out.flush())
            .is_err()
        {
            self.broken = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(id: Option<u64>, f: impl FnOnce(&mut Output)) -> String {
        let mut buf: Vec<u8> = Vec::new();
        let mut out = Output::new(&mut buf, id);
        f(&mut out);
        out.finish(Ok("play D4".into()));
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn streamed_responses_are_framed_with_the_space_after_the_id() {
        let text = run(Some(7), |o| {
            o.line("info move D4 visits 3");
            o.line("");
            o.line("info move\nQ16");
        });
        assert_eq!(
            text,
            "=7 \ninfo move D4 visits 3\ninfo move Q16\nplay D4\n\n"
        );
    }

    #[test]
    fn whole_responses_are_framed_as_before() {
        assert_eq!(run(None, |_| {}), "= play D4\n\n");
        let mut buf: Vec<u8> = Vec::new();
        let mut out = Output::new(&mut buf, Some(2));
        out.begin();
        out.finish(Err("late".into()));
        assert_eq!(String::from_utf8(buf).unwrap(), "=2 \n\n");
    }
}
