//! A GTP response as a controller reads it.

/// A GTP response, reduced to what the tests look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// `=` (success) rather than `?` (error).
    pub success: bool,
    /// The result as GoGui's regression runner reads it: everything after the first space
    /// of the whole response, trimmed (may span several lines; empty when the response has
    /// no space at all).
    pub text: String,
}

impl Response {
    /// Parses a full response (`=10 C3`, `? unknown command`, multi-line allowed; the final
    /// empty line excluded) as gogui-regress does: the result starts after the first space,
    /// wherever it is. A response framed without the space after its id (`=1`, a line
    /// break, `play D5`) so reads as `D5`, as it does in GoGui.
    pub fn parse(full: &str) -> Response {
        let success = !full.starts_with('?');
        let text = full
            .find(' ')
            .map_or("", |i| full[i..].trim_matches(|c: char| c <= ' '));
        Response {
            success,
            text: text.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_result_starts_after_the_first_space_as_gogui_reads_it() {
        let r = |full: &str| Response::parse(full).text;
        assert_eq!(r("=10 C3"), "C3");
        assert_eq!(r("= "), "");
        assert_eq!(r("="), "");
        assert_eq!(
            r("=1 \ninfo move D5 visits 3\nplay D5"),
            "info move D5 visits 3\nplay D5"
        );
        // Without the space after the id, the result begins inside the last line.
        assert_eq!(r("=1\nplay D5"), "D5");
        assert_eq!(r("=\nplay D5"), "D5");
        let e = Response::parse("?3 unknown command");
        assert!(!e.success);
        assert_eq!(e.text, "unknown command");
    }
}
