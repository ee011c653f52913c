//! Pure parsing of gogui-regress test files, test suites and expected-response patterns,
//! plus the pass/fail judgement of a response. No I/O here.

use crate::gtp_client::Response;
use regex::Regex;
use std::fmt;

/// An expected-response pattern, from a `#? [PATTERN]` line (optionally `#? [PATTERN]*`).
#[derive(Debug, Clone)]
pub struct Pattern {
    /// The text between the brackets, trimmed, as written (a leading `!` included).
    pub source: String,
    /// `[!...]`: the test passes when the response does NOT match.
    pub negated: bool,
    /// A trailing `*` after the closing bracket: the test is expected to fail.
    pub expected_fail: bool,
    regex: Regex,
}

impl Pattern {
    /// Parses the text after `#?` (non-empty), e.g. `[C3|D4]`, `[!pass]`, `[A1]*`.
    ///
    /// The regular expression must match the whole response, with `.` matching newlines and
    /// `^`/`$` matching at line breaks (Java's `MULTILINE | DOTALL` with `Matcher.matches`).
    pub fn parse(spec: &str) -> Result<Pattern, String> {
        let mut s = spec.trim();
        let expected_fail = s.ends_with('*');
        if expected_fail {
            s = s[..s.len() - 1].trim_end();
        }
        if !s.starts_with('[') {
            return Err(format!("pattern has no opening bracket: {spec}"));
        }
        if s.len() < 2 || !s.ends_with(']') {
            return Err(format!("pattern has no closing bracket: {spec}"));
        }
        let inner = s[1..s.len() - 1].trim();
        let (negated, body) = match inner.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, inner),
        };
        // Validate the body on its own first, so that an unbalanced `)` cannot escape the
        // anchoring group added below.
        Regex::new(body).map_err(|e| format!("invalid regular expression [{inner}]: {e}"))?;
        let regex = Regex::new(&format!(r"(?ms)\A(?:{body})\z"))
            .map_err(|e| format!("invalid regular expression [{inner}]: {e}"))?;
        Ok(Pattern {
            source: inner.to_string(),
            negated,
            expected_fail,
            regex,
        })
    }

    /// Whether `response` satisfies the pattern: whole-response match, inverted when negated.
    pub fn accepts(&self, response: &str) -> bool {
        self.regex.is_match(response) != self.negated
    }
}

/// One GTP command of a test file, with the expectation that follows it (if any).
#[derive(Debug, Clone)]
pub struct Line {
    /// 1-based line number in the test file.
    pub line_no: usize,
    /// The GTP id when the line starts with a number followed by a space (`10 genmove b`).
    pub id: Option<u64>,
    /// The line as sent to the engine (trimmed, tabs turned into spaces, id included).
    pub text: String,
    /// The command without its id.
    pub command: String,
    /// The `#? [...]` pattern on the next line, if there is one.
    pub pattern: Option<Pattern>,
}

impl Line {
    /// A numbered command, or any command followed by a pattern, is a test; other commands
    /// are setup commands.
    pub fn is_test(&self) -> bool {
        self.id.is_some() || self.pattern.is_some()
    }
}

/// A syntax error in a test file; gogui-regress aborts on these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line_no: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line_no, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses a test file into its commands. Blank lines and `#` comments are dropped; a `#?`
/// line must directly follow a command line (as in gogui-regress) and attaches to it.
pub fn parse_test_file(text: &str) -> Result<Vec<Line>, ParseError> {
    let mut lines: Vec<Line> = Vec::new();
    // Index of the command on the previous line, while it may still take a pattern.
    let mut pending: Option<usize> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if let Some(spec) = line.strip_prefix("#?") {
            let Some(idx) = pending.take() else {
                return Err(ParseError {
                    line_no,
                    message: format!("response pattern without preceding test command: {line}"),
                });
            };
            let spec = spec.trim();
            if !spec.is_empty() {
                let pattern =
                    Pattern::parse(spec).map_err(|message| ParseError { line_no, message })?;
                lines[idx].pattern = Some(pattern);
            }
            continue;
        }
        pending = None;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let text = line.replace('\t', " ");
        let (id, command) = match text.split_once(' ') {
            Some((num, rest)) if !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit()) => {
                match num.parse::<u64>() {
                    Ok(id) => (Some(id), rest.trim().to_string()),
                    Err(_) => (None, text.clone()),
                }
            }
            _ => (None, text.clone()),
        };
        pending = Some(lines.len());
        lines.push(Line {
            line_no,
            id,
            text,
            command,
            pattern: None,
        });
    }
    Ok(lines)
}

/// The engine arguments a test file asks for in a `# engine-args: ARGS` line among its first
/// five lines, trimmed. gogui-regress reads that line as a comment; `koan regress` gives the
/// arguments to its own binary when no `--engine` is given.
pub fn engine_args(text: &str) -> Option<&str> {
    text.lines()
        .take(5)
        .find_map(|l| l.trim().strip_prefix("# engine-args:"))
        .map(str::trim)
}

/// Parses a test-suite file: one entry per line, surrounding blanks trimmed, blank lines and
/// lines starting with `#` ignored. Entries starting with `@` name nested suites.
pub fn parse_suite(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The outcome of one test, in gogui-regress's four classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Passed, as expected ("pass").
    Pass,
    /// Failed, as the `*` said it would ("fail").
    ExpectedFail,
    /// Failed although expected to pass ("FAIL"): makes the run exit 1.
    UnexpectedFail,
    /// Passed although marked `*` ("PASS"): reported, but does not change the exit code.
    UnexpectedPass,
}

impl Outcome {
    /// Classifies a test from whether it failed and whether it was expected to fail.
    pub fn new(failed: bool, expected_fail: bool) -> Outcome {
        match (failed, expected_fail) {
            (false, false) => Outcome::Pass,
            (true, true) => Outcome::ExpectedFail,
            (true, false) => Outcome::UnexpectedFail,
            (false, true) => Outcome::UnexpectedPass,
        }
    }

    /// Whether the test itself failed (expected or not).
    pub fn failed(self) -> bool {
        matches!(self, Outcome::ExpectedFail | Outcome::UnexpectedFail)
    }
}

/// Judges a test response as gogui-regress does: an error response (`?`) always fails (even
/// against a negated pattern); otherwise the pattern decides; without a pattern, a success
/// response passes.
pub fn judge(pattern: Option<&Pattern>, response: &Response) -> Outcome {
    let expected_fail = pattern.is_some_and(|p| p.expected_fail);
    let failed = !response.success || pattern.is_some_and(|p| !p.accepts(&response.text));
    Outcome::new(failed, expected_fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> Response {
        Response {
            success: true,
            text: text.to_string(),
        }
    }

    fn err(text: &str) -> Response {
        Response {
            success: false,
            text: text.to_string(),
        }
    }

    #[test]
    fn parses_commands_ids_patterns_and_comments() {
        let text = "# a comment\n\nboardsize 9\n10 genmove b\n#? [C3|D4]\n  11\tplay b A1  \n\
                    #? [!pass]*\n12 showboard\n# 13 not a command\n";
        let lines = parse_test_file(text).unwrap();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0].id, None);
        assert_eq!(lines[0].text, "boardsize 9");
        assert!(!lines[0].is_test());
        assert_eq!(lines[1].id, Some(10));
        assert_eq!(lines[1].command, "genmove b");
        assert_eq!(lines[1].line_no, 4);
        let p = lines[1].pattern.as_ref().unwrap();
        assert_eq!(p.source, "C3|D4");
        assert!(!p.negated && !p.expected_fail);
        assert_eq!(lines[2].text, "11 play b A1");
        assert_eq!(lines[2].id, Some(11));
        let p = lines[2].pattern.as_ref().unwrap();
        assert!(p.negated && p.expected_fail);
        assert_eq!(p.source, "!pass");
        assert_eq!(lines[3].id, Some(12));
        assert!(lines[3].pattern.is_none());
        assert!(lines[3].is_test());
    }

    #[test]
    fn number_needs_a_following_space() {
        let lines = parse_test_file("10\n-5 foo\n12x foo\n").unwrap();
        assert!(lines.iter().all(|l| l.id.is_none()));
    }

    #[test]
    fn pattern_after_unnumbered_command_makes_a_test() {
        let lines = parse_test_file("name\n#? [koan]\n").unwrap();
        assert!(lines[0].is_test());
        assert_eq!(lines[0].id, None);
    }

    #[test]
    fn empty_pattern_is_no_pattern() {
        let lines = parse_test_file("1 foo\n#?\n").unwrap();
        assert!(lines[0].pattern.is_none());
        assert!(lines[0].is_test());
    }

    #[test]
    fn pattern_must_directly_follow_a_command() {
        for text in [
            "#? [x]\n",
            "1 foo\n\n#? [x]\n",
            "1 foo\n# c\n#? [x]\n",
            "1 foo\n#? [x]\n#? [y]\n",
        ] {
            let e = parse_test_file(text).unwrap_err();
            assert!(e.message.contains("without preceding"), "{text:?}: {e}");
        }
    }

    #[test]
    fn bracket_errors_and_bad_regex() {
        assert!(parse_test_file("1 a\n#? x]\n")
            .unwrap_err()
            .message
            .contains("opening"));
        assert!(parse_test_file("1 a\n#? [x\n")
            .unwrap_err()
            .message
            .contains("closing"));
        let e = parse_test_file("1 a\n\n2 b\n#? [a)|(b]\n").unwrap_err();
        assert_eq!(e.line_no, 4);
        assert!(e.message.contains("invalid regular expression"));
    }

    #[test]
    fn whole_response_must_match() {
        let p = Pattern::parse("[C3]").unwrap();
        assert!(p.accepts("C3"));
        assert!(!p.accepts("C34"));
        assert!(!p.accepts("xC3"));
        let p = Pattern::parse("[C3|D4]").unwrap();
        assert!(p.accepts("D4"));
        assert!(!p.accepts("C3 D4"));
        let p = Pattern::parse("[]").unwrap();
        assert!(p.accepts(""));
        assert!(!p.accepts("x"));
    }

    #[test]
    fn multi_line_and_dotall() {
        let p = Pattern::parse("[A1.*C3]").unwrap();
        assert!(p.accepts("A1\nB2\nC3"));
        let p = Pattern::parse("[^B2$.*]").unwrap();
        assert!(!p.accepts("A1\nB2"));
        let p = Pattern::parse("[.*^B2$.*]").unwrap();
        assert!(p.accepts("A1\nB2\nC3"));
        let p = Pattern::parse("[A1\\nB2]").unwrap();
        assert!(p.accepts("A1\nB2"));
    }

    #[test]
    fn negation_and_expected_failure() {
        let p = Pattern::parse("[!PASS]").unwrap();
        assert!(p.accepts("C3"));
        assert!(!p.accepts("PASS"));
        assert_eq!(judge(Some(&p), &ok("C3")), Outcome::Pass);
        assert_eq!(judge(Some(&p), &ok("PASS")), Outcome::UnexpectedFail);
        let p = Pattern::parse("[C3]*").unwrap();
        assert_eq!(judge(Some(&p), &ok("D4")), Outcome::ExpectedFail);
        assert_eq!(judge(Some(&p), &ok("C3")), Outcome::UnexpectedPass);
        let p = Pattern::parse("[!C3] *").unwrap();
        assert!(p.expected_fail && p.negated);
    }

    #[test]
    fn error_responses_always_fail() {
        let p = Pattern::parse("[!C3]").unwrap();
        assert_eq!(
            judge(Some(&p), &err("illegal move")),
            Outcome::UnexpectedFail
        );
        let p = Pattern::parse("[.*]*").unwrap();
        assert_eq!(judge(Some(&p), &err("x")), Outcome::ExpectedFail);
        assert_eq!(judge(None, &err("x")), Outcome::UnexpectedFail);
        assert_eq!(judge(None, &ok("")), Outcome::Pass);
    }

    #[test]
    fn response_parsing() {
        assert_eq!(Response::parse("=10 C3"), ok("C3"));
        assert_eq!(Response::parse("= C3"), ok("C3"));
        assert_eq!(Response::parse("=10"), ok(""));
        assert_eq!(Response::parse("?3 illegal move"), err("illegal move"));
        assert_eq!(Response::parse("=7 A1 B2\nC3 \n"), ok("A1 B2\nC3"));
        // As gogui-regress reads it: the result starts after the first space, and a response
        // with none has an empty result.
        assert_eq!(Response::parse("=7\nA1\nB2"), ok(""));
        assert_eq!(Response::parse("=7\nplay D5"), ok("D5"));
    }

    #[test]
    fn suite_parsing() {
        let s = parse_suite("# header\n a.tst \n\n@sub/more.suite\n#b.tst\n");
        assert_eq!(s, vec!["a.tst", "@sub/more.suite"]);
    }
}
