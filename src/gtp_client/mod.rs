//! The controller's side of GTP, shared by the tools that drive engines (`koan regress`,
//! `koan match`): an engine's command line split as a shell would ([`command_line`]), the
//! engine as a child process with a per-command timeout ([`process`]), and its responses
//! ([`response`]).

pub mod command_line;
pub mod process;
pub mod response;

pub use response::Response;
