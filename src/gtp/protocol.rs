//! GTP v2 framing: input preprocessing (spec section 3.1), command parsing, response format.

/// A parsed GTP command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The optional numeric id, echoed in the response.
    pub id: Option<u64>,
    /// The command name, as sent (GTP command names are case-sensitive).
    pub name: String,
    /// The arguments, split on spaces.
    pub args: Vec<String>,
}

/// Applies GTP's preprocessing to one input line: drops control characters other than tab,
/// cuts a `#` comment, turns tabs into spaces and trims. `None` for a line that gets no answer
/// (empty, blank or comment only).
pub fn preprocess(raw: &str) -> Option<String> {
    let no_comment = match raw.find('#') {
        Some(i) => &raw[..i],
        None => raw,
    };
    let cleaned: String = no_comment
        .chars()
        .filter(|&c| c == '\t' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let trimmed = cleaned.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// Splits a preprocessed line into id, command name and arguments. A leading all-digit word
/// is the id; a line with an id and nothing else is an error (answered with that id).
pub fn parse(line: &str) -> Result<Command, (Option<u64>, String)> {
    let mut words = line.split(' ').filter(|w| !w.is_empty());
    let first = words.next().ok_or((None, "empty command".to_string()))?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        let id = first
            .parse::<u64>()
            .map_err(|_| (None, "id out of range".to_string()))?;
        let name = words
            .next()
            .ok_or((Some(id), "missing command name".to_string()))?;
        (Some(id), name)
    } else {
        (None, first)
    };
    Ok(Command {
        id,
        name: name.to_string(),
        args: words.map(str::to_string).collect(),
    })
}

/// Formats a response: `=id result` or `?id message`, ending with one empty line. Empty lines
/// inside the body (which would end the response early) are dropped. An error message
/// quotes at most a few dozen characters of what it was given ([`shorten_quotes`]).
pub fn format_response(id: Option<u64>, result: &Result<String, String>) -> String {
    let shortened;
    let (prefix, body) = match result {
        Ok(body) => ('=', body.as_str()),
        Err(msg) => {
            shortened = shorten_quotes(msg);
            ('?', shortened.as_str())
        }
    };
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    let body: Vec<&str> = body
        .trim_end()
        .split('\n')
        .map(|l| l.trim_end_matches('\r'))
        .enumerate()
        .filter(|(i, l)| *i == 0 || !l.trim().is_empty())
        .map(|(_, l)| l)
        .collect();
    format!("{prefix}{id} {}\n\n", body.join("\n"))
}

/// The most characters of an argument an error message quotes.
pub const QUOTE_LIMIT: usize = 40;

/// `message` with every span between single quotes cut to [`QUOTE_LIMIT`] characters and
/// `...`, so an error about a huge argument does not echo it back whole; a message that
/// stays longer than 20 times the limit is cut too.
pub fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(QUOTE_LIMIT * 20));
    for (i, part) in message.split('\'').enumerate() {
        if i > 0 {
            out.push('\'');
        }
        // Odd parts are inside quotes.
        if i % 2 == 1 && part.chars().nth(QUOTE_LIMIT).is_some() {
            out.extend(part.chars().take(QUOTE_LIMIT));
            out.push_str("...");
        } else {
            out.push_str(part);
        }
    }
    if out.chars().nth(QUOTE_LIMIT * 20).is_some() {
        out = out.chars().take(QUOTE_LIMIT * 20).collect();
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_quote_only_the_start_of_a_long_argument() {
        let long = "x".repeat(10_000_000);
        let shown = format_response(None, &Err(format!("invalid vertex '{long}'")));
        assert_eq!(
            shown,
            format!("? invalid vertex '{}...'\n\n", "x".repeat(QUOTE_LIMIT))
        );
        let shown = format_response(Some(3), &Err(format!("unknown command {long}")));
        assert!(shown.len() < QUOTE_LIMIT * 21 + 10, "{}", shown.len());
        let ok = format!("'{long}'");
        assert_eq!(
            format_response(None, &Ok(ok.clone())),
            format!("= {ok}\n\n")
        );
        assert_eq!(
            shorten_quotes("don't 'é' stop"),
            "don't 'é' stop",
            "short quotes stay"
        );
    }

    #[test]
    fn preprocessing_follows_section_3_1() {
        assert_eq!(
            preprocess("  play\tb a1 # comment\r"),
            Some("play b a1".into())
        );
        assert_eq!(preprocess("# only a comment"), None);
        assert_eq!(preprocess("   \t "), None);
        assert_eq!(preprocess("na\u{1}me"), Some("name".into()));
    }

    #[test]
    fn ids_and_arguments_are_split() {
        let c = parse("12 play b  D4").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["b", "D4"]);
        assert_eq!(parse("name").unwrap().id, None);
        assert_eq!(parse("7").unwrap_err().0, Some(7));
    }

    #[test]
    fn responses_are_framed() {
        assert_eq!(format_response(Some(3), &Ok("2".into())), "=3 2\n\n");
        assert_eq!(format_response(None, &Ok(String::new())), "= \n\n");
        assert_eq!(
            format_response(None, &Err("illegal move".into())),
            "? illegal move\n\n"
        );
        assert_eq!(
            format_response(None, &Ok("\na\n\nb\n".into())),
            "= \na\nb\n\n"
        );
    }
}
