//! What the protocol loop's reader has seen of the input while a command runs.
//!
//! GTP commands are answered strictly in order, but the reader keeps reading ahead. Each
//! input line gets a number as it arrives. A streaming analysis runs until a line numbered
//! after its own command arrives; GoGui's `# interrupt` comment line stops a running search
//! at once. Both act through the engine's stop flag, set here from the reader's side, so a
//! search notices within one playout however long the analysis interval is.
//!
//! The end of input acts as an `# interrupt` after the last line, unless a `quit` command
//! was read: a controller that went away gets its running search answered at once (the best
//! move so far) and koan exits, while a script that ends with `quit` is worked through in
//! full.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::SeqCst};
use std::sync::Arc;

/// The line GoGui sends to interrupt a running command (for engines listing `gogui-interrupt`).
pub const INTERRUPT: &str = "# interrupt";

/// Shared between the reader task and the engine: input line numbers, end of input, the last
/// interrupt and the search stop flag.
#[derive(Clone, Debug)]
pub struct InputWatch {
    state: Arc<State>,
}

#[derive(Debug)]
struct State {
    /// False for an engine without a reader (unit tests): input then always counts as
    /// pending, so an analysis ends after its first report instead of running forever.
    attached: bool,
    lines: AtomicU64,
    closed: AtomicBool,
    /// Number of the last `# interrupt` line (0: none yet; past every line once the input
    /// ended without `quit`).
    interrupt: AtomicU64,
    /// A `quit` command has been read.
    quit_read: AtomicBool,
    /// True while a command wants to stop at the next input line.
    armed: AtomicBool,
    stop: Arc<AtomicBool>,
}

impl InputWatch {
    /// A watch fed by a reader; `stop` is the flag a running search polls.
    pub fn new(stop: Arc<AtomicBool>) -> InputWatch {
        InputWatch::with(true, stop)
    }

    /// A watch with no reader behind it: input always counts as pending.
    pub fn detached(stop: Arc<AtomicBool>) -> InputWatch {
        InputWatch::with(false, stop)
    }

    /// The stop flag this watch sets.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.state.stop.clone()
    }

    fn with(attached: bool, stop: Arc<AtomicBool>) -> InputWatch {
        InputWatch {
            state: Arc::new(State {
                attached,
                lines: AtomicU64::new(0),
                closed: AtomicBool::new(false),
                interrupt: AtomicU64::new(0),
                quit_read: AtomicBool::new(false),
                armed: AtomicBool::new(false),
                stop,
            }),
        }
    }

    /// The reader saw one more raw line; returns its number (1 for the first line). An
    /// `# interrupt` line sets the stop flag, and so does any line while a command is armed.
    pub fn line_arrived(&self, raw: &str) -> u64 {
        let s = &self.state;
        let n = s.lines.fetch_add(1, SeqCst) + 1;
        if is_interrupt(raw) {
            s.interrupt.store(n, SeqCst);
            s.stop.store(true, SeqCst);
            tracing::debug!("interrupt (input line {n})");
        }
        if is_quit(raw) {
            s.quit_read.store(true, SeqCst);
        }
        if s.armed.load(SeqCst) {
            s.stop.store(true, SeqCst);
        }
        n
    }

    /// The input has ended: nothing more will arrive, so armed commands stop. Without a
    /// `quit` read, the end of input also interrupts the running search and every later one,
    /// as an `# interrupt` after the last line would.
    pub fn close(&self) {
        let s = &self.state;
        s.closed.store(true, SeqCst);
        if !s.quit_read.load(SeqCst) {
            s.interrupt.store(u64::MAX, SeqCst);
            s.stop.store(true, SeqCst);
            tracing::debug!("end of input without quit: searches stop");
        }
        if s.armed.load(SeqCst) {
            s.stop.store(true, SeqCst);
        }
    }

    /// Lines read so far.
    pub fn lines(&self) -> u64 {
        self.state.lines.load(SeqCst)
    }

    /// True when input after line `line` has arrived, the input has ended, or no reader is
    /// attached.
    pub fn pending_after(&self, line: u64) -> bool {
        let s = &self.state;
        !s.attached || s.closed.load(SeqCst) || s.lines.load(SeqCst) > line
    }

    /// Clears the stop flag for a search started by the command on input line `line`, unless
    /// an `# interrupt` already arrived after that line (GoGui may send it before the
    /// command is even dequeued).
    pub fn start_search(&self, line: u64) {
        let s = &self.state;
        s.stop.store(false, SeqCst);
        if s.interrupt.load(SeqCst) > line {
            s.stop.store(true, SeqCst);
        }
    }

    /// Makes the next input line (after line `line`) set the stop flag, until the returned
    /// guard is dropped. Call after [`InputWatch::start_search`].
    pub fn stop_on_input(&self, line: u64) -> Armed<'_> {
        self.state.armed.store(true, SeqCst);
        if self.pending_after(line) {
            self.state.stop.store(true, SeqCst);
        }
        Armed { watch: self }
    }
}

/// While alive, new input stops the running search.
pub struct Armed<'a> {
    watch: &'a InputWatch,
}

impl Drop for Armed<'_> {
    fn drop(&mut self) {
        self.watch.state.armed.store(false, SeqCst);
    }
}

/// True for GoGui's interrupt line, with any surrounding white space.
pub fn is_interrupt(raw: &str) -> bool {
    raw.trim()
        .strip_prefix('#')
        .is_some_and(|rest| rest.trim() == "interrupt")
}

/// True for a `quit` command line, with or without an id.
fn is_quit(raw: &str) -> bool {
    let mut words = raw.split_whitespace();
    let first = words.next();
    let command = match first {
        Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => words.next(),
        other => other,
    };
    command == Some("quit")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watch() -> (InputWatch, Arc<AtomicBool>) {
        let stop = Arc::new(AtomicBool::new(false));
        (InputWatch::new(stop.clone()), stop)
    }

    #[test]
    fn interrupt_lines_are_recognised() {
        assert!(is_interrupt("# interrupt\n"));
        assert!(is_interrupt("  #interrupt\r\n"));
        assert!(!is_interrupt("# interrupted"));
        assert!(!is_interrupt("interrupt"));
        assert!(!is_interrupt("genmove b # interrupt"));
    }

    #[test]
    fn an_interrupt_stops_the_search_it_follows_but_not_a_later_one() {
        let (w, stop) = watch();
        let genmove = w.line_arrived("genmove b\n");
        w.line_arrived("# interrupt\n");
        // The interrupt was read before the command started: it still counts.
        w.start_search(genmove);
        assert!(stop.load(SeqCst));
        let next = w.line_arrived("genmove w\n");
        w.start_search(next);
        assert!(!stop.load(SeqCst));
    }

    #[test]
    fn armed_commands_stop_at_the_next_line_only() {
        let (w, stop) = watch();
        let analyze = w.line_arrived("lz-analyze b 10\n");
        w.start_search(analyze);
        {
            let _armed = w.stop_on_input(analyze);
            assert!(!stop.load(SeqCst));
            w.line_arrived("play b D4\n");
            assert!(stop.load(SeqCst));
        }
        let genmove = w.line_arrived("genmove w\n");
        w.start_search(genmove);
        w.line_arrived("play b D5\n");
        assert!(!stop.load(SeqCst), "genmove is not stopped by new input");
    }

    #[test]
    fn input_read_ahead_or_closed_counts_as_pending() {
        let (w, stop) = watch();
        let analyze = w.line_arrived("lz-analyze b 10\n");
        w.line_arrived("name\n");
        w.start_search(analyze);
        let _armed = w.stop_on_input(analyze);
        assert!(stop.load(SeqCst));
        let (w, stop) = watch();
        let analyze = w.line_arrived("lz-analyze b 10\n");
        w.start_search(analyze);
        let _armed = w.stop_on_input(analyze);
        w.close();
        assert!(stop.load(SeqCst));
        assert!(InputWatch::detached(stop).pending_after(0));
    }

    #[test]
    fn end_of_input_without_quit_interrupts_every_search() {
        let (w, stop) = watch();
        let genmove = w.line_arrived("genmove b\n");
        w.close();
        w.start_search(genmove);
        assert!(stop.load(SeqCst), "a queued genmove stops at once");
        let (w, stop) = watch();
        let genmove = w.line_arrived("genmove b\n");
        w.start_search(genmove);
        assert!(!stop.load(SeqCst));
        w.close();
        assert!(stop.load(SeqCst), "a running genmove stops");
    }

    #[test]
    fn a_script_ending_in_quit_is_searched_in_full() {
        let (w, stop) = watch();
        let genmove = w.line_arrived("genmove b\n");
        w.line_arrived("7 quit\n");
        w.close();
        w.start_search(genmove);
        assert!(!stop.load(SeqCst));
        assert!(is_quit("quit\r\n") && is_quit("12 quit") && !is_quit("quitter"));
        assert!(!is_quit("name quit") && !is_quit(""));
    }
}
