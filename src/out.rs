//! Lines the command-line tools (`koan bench`, `match`, `referee`, `train`) print on
//! standard output. A reader that goes away early (`koan referee *.sgf | head`) ends the
//! program quietly, as it ends any Unix tool, instead of making `println!` panic.

use std::io::{self, Write};

/// The exit code of a program ended by a closed pipe (128 + SIGPIPE), as shells report it.
pub const CLOSED_PIPE_EXIT: i32 = 141;

/// Writes `text` to standard output and flushes it. On a closed pipe the program exits with
/// [`CLOSED_PIPE_EXIT`]; another write error is reported on standard error and ends the
/// program with code 1.
pub fn write(text: std::fmt::Arguments) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(text).and_then(|_| out.flush()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(CLOSED_PIPE_EXIT);
        }
        eprintln!("koan: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// `println!` for the tools' reports: see [`write`].
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::out::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` for the tools' reports: see [`write`].
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::out::write(format_args!($($arg)*))
    };
}
