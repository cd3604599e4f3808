//! Control comments, as puppet-lint reads them (`PuppetLint::Data.parse_control_comments`):
//!
//! * `# lint:ignore:<check> [lint:ignore:<other> …] [reason]` on a line of its own opens a
//!   region that `# lint:endignore` closes: the checks named are silenced on every line from
//!   the opening comment's to the closing one's (one `endignore` closes the whole group its
//!   opening comment named);
//! * the same comment after code on a line silences its checks on that line only;
//! * the words after the last `lint:` word are the reason, shown with `--show-ignored`.
//!
//! An `endignore` with nothing open, and an `ignore` never closed, are reported as puppet-lint
//! reports them (a warning line of its own, not a problem).

use std::collections::HashMap;

use crate::context::Context;

/// The lines on which each check is silenced, with the reason given.
#[derive(Default, Debug)]
pub struct Ignores {
    by_check: HashMap<String, HashMap<u32, String>>,
    /// puppet-lint's warnings about unmatched control comments, in its words.
    pub warnings: Vec<String>,
}

impl Ignores {
    /// The reason check `check` is silenced on `line`, if it is.
    pub fn reason(&self, check: &str, line: u32) -> Option<&str> {
        self.by_check.get(check)?.get(&line).map(String::as_str)
    }

    fn set(&mut self, check: &str, line: u32, reason: &str) {
        self.by_check
            .entry(check.to_string())
            .or_default()
            .insert(line, reason.to_string());
    }

    /// Reads the control comments of a source.
    pub fn collect(cx: &Context) -> Ignores {
        let mut ignores = Ignores::default();
        // Each open region: the (line, reason, check) of every check its comment named.
        let mut stack: Vec<Vec<(u32, String, String)>> = Vec::new();
        for (i, token) in cx.tokens.iter().enumerate() {
            if !token.is_comment() {
                continue;
            }
            let value = comment_value(cx.text_of(i));
            let value = value.trim();
            if !is_control(value) {
                continue;
            }
            let words: Vec<&str> = value.split_whitespace().collect();
            let controls = words
                .iter()
                .take_while(|w| w.starts_with("lint:ignore") || w.starts_with("lint:endignore"))
                .count();
            let reason = words[controls..].join(" ");
            // After code on its line: the comment is about that line only.
            let trailing = i
                .checked_sub(1)
                .is_some_and(|p| !(cx.tokens[p].is_newline() || cx.tokens[p].is_indent()));
            let mut opened = Vec::new();
            for control in &words[..controls] {
                let mut parts = control.split(':');
                let _lint = parts.next();
                match parts.next() {
                    Some("ignore") => {
                        let check = parts.next().unwrap_or("");
                        if trailing {
                            ignores.set(check, token.line, &reason);
                        } else {
                            opened.push((token.line, reason.clone(), check.to_string()));
                        }
                    }
                    _ => match stack.pop() {
                        None => ignores.warnings.push(format!(
                            "WARNING: lint:endignore comment with no opening lint:ignore:<check> comment found on line {}",
                            token.line
                        )),
                        Some(region) => {
                            for (start, why, check) in region {
                                for line in start..=token.line {
                                    ignores.set(&check, line, &why);
                                }
                            }
                        }
                    },
                }
            }
            if !opened.is_empty() {
                stack.push(opened);
            }
        }
        for region in stack {
            let (line, _, check) = &region[0];
            ignores.warnings.push(format!(
                "WARNING: lint:ignore:{check} comment on line {line} with no closing lint:endignore comment"
            ));
        }
        ignores
    }
}

/// A comment's text without its markers (`#`, `/* */`), as puppet-lint's token value has it.
fn comment_value(text: &str) -> &str {
    if let Some(rest) = text.strip_prefix("/*") {
        rest.strip_suffix("*/").unwrap_or(rest)
    } else {
        text.strip_prefix('#').unwrap_or(text)
    }
}

/// `lint:ignore:<word>` or `lint:endignore` at the start.
fn is_control(value: &str) -> bool {
    if value.starts_with("lint:endignore") {
        return true;
    }
    value
        .strip_prefix("lint:ignore:")
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| c.is_alphanumeric() || c == '_')
}
