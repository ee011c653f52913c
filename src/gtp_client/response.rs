//! A GTP response as a controller reads it.

/// A GTP response, reduced to what the tests look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// `=` (success) rather than `?` (error).
    pub success: bool,
    /// The text after the status character and the id, trimmed (may span several lines).
    pub text: String,
}

impl Response {
    /// Parses a full response (`=10 C3`, `? unknown command`, multi-line allowed; the final
    /// empty line excluded).
    pub fn parse(full: &str) -> Response {
        let mut chars = full.chars();
        let success = chars.next() != Some('?');
        let rest = chars
            .as_str()
            .trim_start_matches(|c: char| c.is_ascii_digit());
        Response {
            success,
            text: rest.trim().to_string(),
        }
    }
}
