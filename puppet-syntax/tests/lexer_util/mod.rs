//! Helpers shared by the lexer tests: the golden token dump, the "Ruby view" of our tokens
//! (what Ruby's `Lexer2` would yield, used by the differential test) and the Ruby oracle.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

use puppet_syntax::lexer::{
    dq_segment_value, epp_text_value, heredoc, lex, segment_opens_expression, sq_string_value,
    string_segment_inner, uq_segment_value, EscapeSet, Lexed,
};
use puppet_syntax::ParseOptions;
use puppet_syntax::SyntaxKind::{self, *};

/// `s` as a JSON string literal.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The golden dump: `KIND@START..END "TEXT"` per token, then the diagnostics.
pub fn render(source: &str, lexed: &Lexed) -> String {
    let mut out = String::new();
    for i in 0..lexed.kinds.len() {
        let r = lexed.range(i);
        out.push_str(&format!(
            "{}@{}..{} {}\n",
            lexed.kinds[i].name(),
            r.start,
            r.end,
            json_string(&source[r.clone()])
        ));
    }
    for d in &lexed.diagnostics {
        let args: Vec<String> = d
            .args
            .iter()
            .map(|(k, v)| format!("{k}={}", json_string(v)))
            .collect();
        out.push_str(&format!(
            "{}[{}]@{}..{}: {}{}\n",
            d.severity.as_str(),
            d.code,
            d.offset,
            d.offset + d.len,
            d.message,
            if args.is_empty() {
                String::new()
            } else {
                format!(" ({})", args.join(", "))
            }
        ));
    }
    out
}

/// Check the lossless invariants: tokens tile the input, `starts` is consistent.
pub fn assert_covers(source: &str, lexed: &Lexed) {
    assert_eq!(
        lexed.starts.len(),
        lexed.kinds.len() + 1,
        "starts has one extra entry"
    );
    let mut at = 0usize;
    for (i, t) in lexed.tokens().enumerate() {
        assert_eq!(
            lexed.starts[i] as usize, at,
            "token {i} ({:?}) does not start where the previous ended",
            t.kind
        );
        at += t.len as usize;
        assert!(
            source.is_char_boundary(at),
            "token {i} ({:?}) ends inside a character",
            t.kind
        );
    }
    assert_eq!(at, source.len(), "tokens do not cover the input");
    assert_eq!(*lexed.starts.last().unwrap() as usize, source.len());
    let joined: String = (0..lexed.kinds.len())
        .map(|i| lexed.text(source, i))
        .collect();
    assert_eq!(joined, source);
}

/// One token as Ruby's `Lexer2` yields it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RubyToken {
    pub kind: String,
    pub value: Option<String>,
    pub offset: usize,
    pub len: usize,
    pub sub: bool,
}

impl std::fmt::Display for RubyToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = self.value.as_deref().map_or("nil".to_string(), json_string);
        write!(
            f,
            "{} {} @{}+{}{}",
            self.kind,
            v,
            self.offset,
            self.len,
            if self.sub { " (sub)" } else { "" }
        )
    }
}

/// Translate our lossless tokens into the tokens Ruby yields (trivia dropped, `}` moved out
/// of DQMID/DQPOST, EPP text runs merged, heredoc text lexed and appended after the header,
/// values computed with the public value helpers).
pub fn ruby_view(source: &str, lexed: &Lexed, tasks: bool) -> Vec<RubyToken> {
    let mut out = Vec::new();
    convert(source, lexed, false, None, tasks, &mut out);
    out
}

fn convert(
    source: &str,
    lexed: &Lexed,
    sub: bool,
    uq: Option<EscapeSet>,
    tasks: bool,
    out: &mut Vec<RubyToken>,
) {
    let n = lexed.kinds.len();
    // Per open interpolated string: (previous segment opened an expression, unquoted).
    let mut string_stack: Vec<(bool, bool)> = Vec::new();
    let mut i = 0;
    let tok = |kind: &str, value: Option<String>, offset: usize, len: usize| RubyToken {
        kind: kind.to_string(),
        value,
        offset,
        len,
        sub,
    };
    let dollar_escapes = uq.is_none_or(|e| e.contains(EscapeSet::DOLLAR));
    // Only the outermost segments of heredoc text are unquoted; strings inside `${}` are not.
    let inner = |kind: SyntaxKind, text: &'_ str, after: bool, unquoted: bool| -> String {
        match uq {
            Some(e) if unquoted => {
                uq_segment_value(heredoc::segment_inner(kind, text, after, dollar_escapes), e)
                    .into_owned()
            }
            _ => dq_segment_value(string_segment_inner(kind, text, after)).into_owned(),
        }
    };
    while i < n {
        let kind = lexed.kinds[i];
        let r = lexed.range(i);
        let text = &source[r.clone()];
        match kind {
            k if k.is_trivia() => {}
            RENDER_STRING | RENDER_EXPR => {
                // Ruby's text scan starts after the previous tag.
                let mut run_start = i;
                while run_start > 0
                    && matches!(
                        lexed.kinds[run_start - 1],
                        RENDER_STRING | EPP_COMMENT | EPP_TRIMMED
                    )
                {
                    run_start -= 1;
                }
                let start = lexed.starts[run_start] as usize;
                if kind == RENDER_EXPR {
                    out.push(tok("RENDER_EXPR", None, start, 0));
                } else {
                    let mut j = i;
                    let mut value = String::new();
                    while j < n
                        && matches!(lexed.kinds[j], RENDER_STRING | EPP_COMMENT | EPP_TRIMMED)
                    {
                        if lexed.kinds[j] == RENDER_STRING {
                            value.push_str(&epp_text_value(lexed.text(source, j)));
                        }
                        j += 1;
                    }
                    let end = if j < n && matches!(lexed.kinds[j], EPP_CODE_START | RENDER_EXPR) {
                        lexed.range(j).end
                    } else {
                        lexed.starts[j] as usize
                    };
                    out.push(tok("RENDER_STRING", Some(value), start, end - start));
                    i = j;
                    continue;
                }
            }
            VARIABLE => {
                let value = text.strip_prefix('$').unwrap_or(text);
                out.push(tok("VARIABLE", Some(value.to_string()), r.start, r.len()));
            }
            STRING => {
                let value = match (uq, text.as_bytes().first()) {
                    (Some(e), _) if i == 0 => uq_segment_value(text, e),
                    (_, Some(b'\'')) => sq_string_value(string_segment_inner(kind, text, false)),
                    (_, _) => dq_segment_value(string_segment_inner(kind, text, false)),
                };
                out.push(tok("STRING", Some(value.into_owned()), r.start, r.len()));
            }
            DQPRE => {
                let unquoted = uq.is_some() && string_stack.is_empty();
                let escapes = !unquoted || dollar_escapes;
                string_stack.push((segment_opens_expression(text, escapes), unquoted));
                out.push(tok(
                    "DQPRE",
                    Some(inner(kind, text, false, unquoted)),
                    r.start,
                    r.len(),
                ));
            }
            DQMID | DQPOST => {
                let (after, unquoted) = string_stack.last().copied().unwrap_or((false, false));
                if kind == DQMID {
                    if let Some(top) = string_stack.last_mut() {
                        top.0 = segment_opens_expression(text, !unquoted || dollar_escapes);
                    }
                } else {
                    string_stack.pop();
                }
                let skip = usize::from(after && text.starts_with('}'));
                out.push(tok(
                    kind.name(),
                    Some(inner(kind, text, after, unquoted)),
                    r.start + skip,
                    r.len() - skip,
                ));
            }
            REGEX => {
                let body = &text[1..text.len() - 1];
                out.push(tok(
                    "REGEX",
                    Some(body.replace("\\/", "/")),
                    r.start,
                    r.len(),
                ));
            }
            BOOLEAN | EPP_END | EPP_END_TRIM => {
                out.push(tok(kind.name(), Some(text.to_string()), r.start, r.len()))
            }
            EPP_START => out.push(tok("EPP_START", None, r.start, 0)),
            ERROR_TOKEN => {
                for k in r.clone() {
                    out.push(tok("OTHER", Some(String::new()), k, 1));
                }
            }
            HEREDOC => {
                let header = heredoc::parse_header(text).ok();
                out.push(tok(
                    "HEREDOC",
                    Some(header.as_ref().map_or(String::new(), |h| h.syntax.clone())),
                    r.start,
                    r.len(),
                ));
                if let (Some(h), Some(span)) = (header, lexed.heredoc_for(i)) {
                    let body = &source[span.body_start as usize..span.body_end as usize];
                    let text = heredoc::process_body(&h, body, span.body_start);
                    let raw = &source[span.body_start as usize..span.text_end as usize];
                    out.push(RubyToken {
                        kind: "SUBLOCATE".into(),
                        value: Some(raw.to_string()),
                        offset: span.body_start as usize,
                        len: raw.chars().count(),
                        sub: true,
                    });
                    let sublexed =
                        heredoc::lex_heredoc_text(&text.text, h.interpolate, h.escapes, tasks);
                    let mut subs = Vec::new();
                    convert(
                        &text.text,
                        &sublexed,
                        true,
                        Some(h.escapes),
                        tasks,
                        &mut subs,
                    );
                    out.extend(subs);
                }
            }
            _ => out.push(tok(kind.name(), Some(text.to_string()), r.start, r.len())),
        }
        i += 1;
    }
}

/// 1-based line and character column of a byte offset, as Ruby's locator reports them.
pub fn line_pos(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, source[line_start..offset].chars().count() + 1)
}

/// What Ruby reported for one input.
#[derive(Clone, Debug, Default)]
pub struct OracleResult {
    pub tokens: Vec<RubyToken>,
    /// (code, line, pos, message) of the raised error.
    pub error: Option<(String, Option<usize>, Option<usize>, String)>,
    pub warnings: Vec<(String, Option<usize>, Option<usize>, String)>,
}

fn unhex(s: &str) -> Option<String> {
    match s {
        "-" => None,
        "=" => Some(String::new()),
        _ => {
            let bytes: Vec<u8> = (0..s.len() / 2)
                .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
                .collect();
            Some(String::from_utf8_lossy(&bytes).into_owned())
        }
    }
}

fn hex(s: &str) -> String {
    if s.is_empty() {
        return "=".to_string();
    }
    s.bytes().map(|b| format!("{b:02x}")).collect()
}

/// Whether Ruby Puppet is available to run the oracle.
pub fn ruby_available() -> bool {
    Command::new("ruby")
        .args(["-e", "require 'puppet'"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Run the Ruby oracle on `(source, options)` pairs.
pub fn run_oracle(inputs: &[(String, ParseOptions)]) -> Vec<OracleResult> {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/test_data/lexer/ruby_lexer_oracle.rb"
    );
    let mut child = Command::new("ruby")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ruby runs");
    let mut stdin = child.stdin.take().unwrap();
    let payload: String = inputs
        .iter()
        .map(|(s, o)| format!("SRC {} {} {}\n", u8::from(o.epp), u8::from(o.tasks), hex(s)))
        .collect();
    let writer = std::thread::spawn(move || {
        stdin.write_all(payload.as_bytes()).unwrap();
    });
    let output = child.wait_with_output().expect("ruby finishes");
    writer.join().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let mut results = Vec::new();
    let mut current = OracleResult::default();
    for line in text.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let num = |s: &str| s.parse::<usize>().ok();
        match f[0] {
            "INPUT" => current = OracleResult::default(),
            "T" => current.tokens.push(RubyToken {
                kind: f[1].to_string(),
                value: unhex(f[5]),
                offset: num(f[2]).unwrap(),
                len: num(f[3]).unwrap(),
                sub: f[4] == "1",
            }),
            "E" => {
                current.error = Some((
                    f[1].to_string(),
                    num(f[2]),
                    num(f[3]),
                    unhex(f[4]).unwrap_or_default(),
                ))
            }
            "W" => current.warnings.push((
                f[1].to_string(),
                num(f[2]),
                num(f[3]),
                unhex(f[4]).unwrap_or_default(),
            )),
            "END" => results.push(std::mem::take(&mut current)),
            _ => {}
        }
    }
    assert_eq!(
        results.len(),
        inputs.len(),
        "the oracle answered every input"
    );
    results
}

/// Compare our lexing of `source` with Ruby's result; `Err` describes the first difference.
pub fn compare_with_ruby(
    source: &str,
    options: &ParseOptions,
    ruby: &OracleResult,
) -> Result<(), String> {
    let lexed = lex(source, options);
    if heredoc_body_overlaps(&lexed) {
        // Known deviation: a multi-line token after a heredoc header on the same line runs
        // into the heredoc's text; Ruby then lexes some bytes twice (it jumps back at the next
        // newline), which a lossless token stream cannot reproduce.
        return Ok(());
    }
    let first_error = lexed.diagnostics.iter().find(|d| d.is_error());
    match (&ruby.error, first_error) {
        (Some((code, line, pos, message)), Some(d)) => {
            if code.starts_with("RUBY_") {
                return Ok(()); // Ruby crashed: any error of ours is fine.
            }
            let ours = line_pos(source, d.offset as usize);
            if d.code.as_str() != code || line.is_some_and(|l| (l, pos.unwrap_or(0)) != ours) {
                return Err(format!(
                    "error differs: ruby {code} at {line:?}:{pos:?} ({message}); ours {} at {}:{} ({})",
                    d.code, ours.0, ours.1, d.message
                ));
            }
            if d.message != *message {
                return Err(format!(
                    "error message differs: ruby {message:?}; ours {:?}",
                    d.message
                ));
            }
            return Ok(());
        }
        (Some((code, ..)), None) if code.starts_with("RUBY_") => return Ok(()),
        (Some((code, line, pos, message)), None) => {
            return Err(format!(
                "ruby raised {code} at {line:?}:{pos:?} ({message}); we report no error"
            ))
        }
        (None, Some(d)) => {
            return Err(format!(
                "we report {} ({}) at {}; ruby lexes fine",
                d.code, d.message, d.offset
            ))
        }
        (None, None) => {}
    }
    let ours = ruby_view(source, &lexed, options.tasks);
    for (k, (a, b)) in ruby.tokens.iter().zip(ours.iter()).enumerate() {
        if a != b {
            let ctx: Vec<String> = ruby.tokens[k.saturating_sub(3)..k]
                .iter()
                .map(|t| t.to_string())
                .collect();
            return Err(format!(
                "token {k} differs: ruby {a}, ours {b} (after {})",
                ctx.join(", ")
            ));
        }
    }
    if ruby.tokens.len() != ours.len() {
        return Err(format!(
            "token count differs: ruby {}, ours {} (first extra: {:?} / {:?})",
            ruby.tokens.len(),
            ours.len(),
            ruby.tokens.get(ours.len()).map(|t| t.to_string()),
            ours.get(ruby.tokens.len()).map(|t| t.to_string())
        ));
    }
    let heredoc_text = lexed.kinds.contains(&HEREDOC);
    if !heredoc_text {
        let ours: Vec<(String, usize, usize)> = lexed
            .diagnostics
            .iter()
            .map(|d| {
                let (l, p) = line_pos(source, d.offset as usize);
                (d.code.to_string(), l, p)
            })
            .collect();
        let theirs: Vec<(String, usize, usize)> = ruby
            .warnings
            .iter()
            .map(|(c, l, p, _)| (c.clone(), l.unwrap_or(0), p.unwrap_or(0)))
            .collect();
        if ours != theirs {
            return Err(format!("warnings differ: ruby {theirs:?}, ours {ours:?}"));
        }
    }
    Ok(())
}

/// Whether some heredoc body is not exactly covered by `HEREDOC_BODY` tokens.
pub fn heredoc_body_overlaps(lexed: &Lexed) -> bool {
    lexed.heredocs.iter().any(|h| {
        let (start, end) = (h.body_start, h.body_end);
        if start == end {
            return false;
        }
        match lexed.starts.binary_search(&start) {
            Ok(i) => {
                let mut k = i;
                while k < lexed.kinds.len() && lexed.starts[k] < end {
                    if lexed.kinds[k] != HEREDOC_BODY {
                        return true;
                    }
                    k += 1;
                }
                lexed.starts[k] != end
            }
            Err(_) => true,
        }
    })
}
