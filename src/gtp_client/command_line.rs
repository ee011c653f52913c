//! Engine command lines: split into words as a POSIX shell would for simple quoting, and
//! the word `koan` as program resolved to the running binary.

/// Splits `line` into words: whitespace separates words; `'...'` keeps everything literally;
/// `"..."` keeps everything but lets `\` escape `"`, `\` and `$`; outside quotes `\` escapes
/// the next character. Adjacent quoted and plain parts form one word, and `''` or `""` alone
/// is an empty word. An unterminated quote or a trailing `\` is an error.
pub fn split_command(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(q) => word.push(q),
                        None => return Err(format!("unterminated ' in {line:?}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e @ ('"' | '\\' | '$')) => word.push(e),
                            Some(other) => {
                                word.push('\\');
                                word.push(other);
                            }
                            None => return Err(format!("unterminated \" in {line:?}")),
                        },
                        Some(q) => word.push(q),
                        None => return Err(format!("unterminated \" in {line:?}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(e) => word.push(e),
                    None => return Err(format!("trailing \\ in {line:?}")),
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// Parses an engine command: at least a program name; a program named exactly `koan` is
/// replaced by the running koan binary, so `"koan --threads 2"` works without koan on PATH.
pub fn engine_argv(line: &str) -> Result<Vec<String>, String> {
    let mut argv = split_command(line)?;
    match argv.first() {
        None => return Err("empty engine command".to_string()),
        Some(p) if p.is_empty() => return Err(format!("no program in {line:?}")),
        Some(p) if p == "koan" => {
            if let Ok(exe) = std::env::current_exe() {
                argv[0] = exe.to_string_lossy().into_owned();
            }
        }
        Some(_) => {}
    }
    Ok(argv)
}

/// Checks that an engine's program exists: a path to a file, or a name found on `PATH`.
pub fn check_program(program: &str) -> Result<(), String> {
    let found = if program.contains('/') {
        std::path::Path::new(program).is_file()
    } else {
        std::env::var_os("PATH").is_some_and(|paths| {
            std::env::split_paths(&paths).any(|dir| dir.join(program).is_file())
        })
    };
    if found {
        Ok(())
    } else {
        Err(format!("engine program '{program}' not found"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        split_command(line).unwrap()
    }

    #[test]
    fn splits_on_whitespace() {
        assert_eq!(
            words("  /usr/games/gnugo --mode gtp\t--level 10 "),
            ["/usr/games/gnugo", "--mode", "gtp", "--level", "10"]
        );
        assert!(words("   ").is_empty());
    }

    #[test]
    fn quotes_group_and_escape() {
        assert_eq!(
            words(r#""/opt/my engine/bin" -x 'a b'c "" '' a\ b"#),
            ["/opt/my engine/bin", "-x", "a bc", "", "", "a b"]
        );
        assert_eq!(
            words(r#"'it''s' "say \"hi\" \n""#),
            ["its", r#"say "hi" \n"#]
        );
        assert_eq!(words(r#"'no \escape'"#), [r"no \escape"]);
    }

    #[test]
    fn command_line_splitting() {
        assert_eq!(words("  gnugo --mode gtp "), vec!["gnugo", "--mode", "gtp"]);
        assert_eq!(
            words(r#""/opt/my engine/bin" -x "a b"c """#),
            vec!["/opt/my engine/bin", "-x", "a bc", ""]
        );
        assert!(words("   ").is_empty());
    }

    #[test]
    fn unterminated_quotes_are_errors() {
        assert!(split_command("gnugo 'oops").is_err());
        assert!(split_command("gnugo \"oops").is_err());
        assert!(split_command("gnugo oops\\").is_err());
    }

    #[test]
    fn koan_is_the_running_binary() {
        let argv = engine_argv("koan --threads 2").unwrap();
        assert_ne!(argv[0], "koan");
        assert_eq!(&argv[1..], ["--threads", "2"]);
        assert_eq!(engine_argv("./koan -x").unwrap()[0], "./koan");
        assert!(engine_argv("").is_err());
        assert!(engine_argv("'' x").is_err());
    }
}
