//! Tests of the public value helpers and the heredoc API (expectations checked against Ruby
//! Puppet 7.23: token values of `Lexer2`, `SubLocator#to_global`).

use puppet_syntax::lexer::heredoc::{self, lex_heredoc_text, parse_header, process_body};
use puppet_syntax::lexer::{
    dq_segment_value, epp_text_value, lex, segment_opens_expression, sq_string_value,
    string_segment_inner, uq_segment_value, EscapeSet,
};
use puppet_syntax::{IssueCode, ParseOptions, SyntaxKind::*};

#[test]
fn single_quoted_values() {
    assert_eq!(sq_string_value(r"a\'b"), "a'b");
    assert_eq!(sq_string_value(r"a\\"), r"a\");
    assert_eq!(sq_string_value(r"a\nb\q"), r"a\nb\q");
    assert_eq!(sq_string_value("'"), "'", "the inner text of '''");
}

#[test]
fn double_quoted_values() {
    assert_eq!(
        dq_segment_value(r#"\\ \$ \' \" \r \n \t \s"#),
        "\\ $ ' \" \r \n \t  "
    );
    assert_eq!(dq_segment_value(r"\u0041\u{1F600}"), "A\u{1F600}");
    assert_eq!(
        dq_segment_value(r"\u005cn\u0041\u0042"),
        "\nAB",
        "repeated unicode passes, as Ruby"
    );
    assert_eq!(
        dq_segment_value("a\\\nb\\\r\nc"),
        "abc",
        "line continuation"
    );
    assert_eq!(
        dq_segment_value(r"\q \u12 \u{1234567}"),
        r"\q \u12 \u{1234567}"
    );
    assert_eq!(dq_segment_value(r"\\u0041"), r"\u0041");
    assert_eq!(dq_segment_value("a\\\rb"), "a\\\rb");
}

#[test]
fn unquoted_values_use_the_heredoc_escapes() {
    assert_eq!(
        uq_segment_value(r"\t\n\\ \$", EscapeSet::NONE),
        r"\t\n\\ \$"
    );
    let t = EscapeSet::BACKSLASH.union(EscapeSet::T);
    assert_eq!(
        uq_segment_value(r"\t\n\\ \$ \u0041", t),
        "\t\\n\\ \\$ \\u0041"
    );
    let all = parse_header("@(X/)").unwrap().escapes;
    assert_eq!(
        uq_segment_value("\\t\\n\\r\\s\\$\\u0041\\\na\\\"", all),
        "\t\n\r $Aa\\\""
    );
}

#[test]
fn epp_text_values() {
    assert_eq!(epp_text_value("x%%>y<%%z"), "x%>y<%z");
    assert_eq!(epp_text_value("<%%%>"), "<%%>");
    assert_eq!(epp_text_value("plain % text"), "plain % text");
}

#[test]
fn segment_delimiters() {
    assert!(segment_opens_expression("\"a${", true));
    assert!(!segment_opens_expression("\"a\\${", true));
    assert!(
        segment_opens_expression("a\\${", false),
        "no $ escape: \\${{ still interpolates"
    );
    assert!(segment_opens_expression("\"\\\\${", true));
    assert_eq!(string_segment_inner(STRING, "\"a\"", false), "a");
    assert_eq!(string_segment_inner(STRING, "'''", false), "'");
    assert_eq!(
        string_segment_inner(STRING, "\"abc", false),
        "abc",
        "unclosed"
    );
    assert_eq!(string_segment_inner(DQPRE, "\"a${", false), "a");
    assert_eq!(string_segment_inner(DQPRE, "\"a", false), "a");
    assert_eq!(string_segment_inner(DQMID, "}b${", true), "b");
    assert_eq!(string_segment_inner(DQMID, "b", false), "b");
    assert_eq!(string_segment_inner(DQPOST, "}c\"", true), "c");
    assert_eq!(
        string_segment_inner(DQPOST, "}\"", false),
        "}",
        "after a $var the }} is text"
    );
    assert_eq!(
        string_segment_inner(DQPOST, "", true),
        "",
        "unclosed at end of input"
    );
    assert_eq!(heredoc::segment_inner(DQPRE, "a${", false, true), "a");
    assert_eq!(heredoc::segment_inner(DQPOST, "}b\n", true, true), "b\n");
}

#[test]
fn heredoc_headers() {
    let h = parse_header("@(END:json/tn)").unwrap();
    assert_eq!(
        (h.tag.as_str(), h.interpolate, h.syntax.as_str()),
        ("END", false, "json")
    );
    assert!(
        h.escapes.contains(EscapeSet::T)
            && h.escapes.contains(EscapeSet::N)
            && h.escapes.contains(EscapeSet::BACKSLASH)
    );
    assert!(!h.escapes.contains(EscapeSet::DOLLAR));
    let h = parse_header("@( \"Some Tag\" : yaml+x /$ )").unwrap();
    assert_eq!(
        (h.tag.as_str(), h.interpolate, h.syntax.as_str()),
        ("Some Tag", true, "yaml+x")
    );
    assert!(h.escapes.contains(EscapeSet::DOLLAR));
    assert_eq!(parse_header("@(END)").unwrap().escapes, EscapeSet::NONE);
    let all = parse_header("@(END/)").unwrap().escapes;
    for e in [
        EscapeSet::T,
        EscapeSet::R,
        EscapeSet::N,
        EscapeSet::S,
        EscapeSet::U,
        EscapeSet::LINE,
        EscapeSet::DOLLAR,
    ] {
        assert!(all.contains(e));
    }
    assert_eq!(
        parse_header("@(END:J)").unwrap_err().code,
        IssueCode::HEREDOC_INVALID_SYNTAX
    );
    assert_eq!(
        parse_header("@(END:j)").unwrap_err().code,
        IssueCode::HEREDOC_INVALID_SYNTAX
    );
    assert_eq!(
        parse_header("@(\"\")").unwrap_err().code,
        IssueCode::HEREDOC_EMPTY_ENDTAG
    );
    let e = parse_header("@(END/tx)").unwrap_err();
    assert_eq!(
        (e.code, e.args.clone()),
        (
            IssueCode::HEREDOC_INVALID_ESCAPE,
            vec![("actual", "x".to_string())]
        )
    );
    assert_eq!(e.header.unwrap().tag, "END", "the tag is still known");
    let e = parse_header("@(END/tt)").unwrap_err();
    assert_eq!(
        (e.code, e.message.as_str()),
        (
            IssueCode::HEREDOC_MULTIPLE_AT_ESCAPES,
            "An escape char for @() may only appear once. Got 't, t'"
        )
    );
    // Ruby's pattern is unanchored: a later `@(` may match.
    assert_eq!(parse_header("@(a:B@(c)").unwrap().tag, "c");
}

#[test]
fn heredoc_bodies_margin_trim_and_offsets() {
    let h = parse_header("@(\"END\")").unwrap();
    // "  hi $x\n  | END\n" at offset 100, margin 2.
    let t = process_body(&h, "  hi $x\n  | END\n", 100);
    assert_eq!(t.text, "hi $x\n");
    assert_eq!(
        (t.has_margin, t.margin_per_line.clone(), t.raw_len),
        (true, vec![2], 8)
    );
    assert_eq!(
        t.to_global(0, 6),
        (100, 6),
        "Ruby: offset 0 maps to the line start, length is not widened"
    );
    assert_eq!(t.to_global(3, 2), (105, 2), "$x");
    // Lines without the full margin are kept as they are.
    let t = process_body(&h, "    a\n  b\nc\n    | END\n", 0);
    assert_eq!(t.text, "a\n  b\nc\n");
    assert_eq!(t.margin_per_line, vec![4, 0, 0]);
    assert_eq!(
        t.to_global(2, 1),
        (6, 1),
        "`b` line: margin of line 1 skipped"
    );
    assert_eq!(
        t.to_global(1, 3),
        (5, 3),
        "from line 1 to line 2: no widening for an unstripped line"
    );
    // `-` removes the final line break (CRLF too); no margin → plain shift.
    let t = process_body(&h, "a\r\nEND\r\nEND\n", 10);
    assert_eq!(t.text, "a\r\n");
    let t = process_body(&h, "a\r\n-END\n", 10);
    assert_eq!(t.text, "a");
    assert_eq!(t.to_global(0, 1), (10, 1));
    // The end line is not anchored: `this is the END` ends the text.
    let plain = parse_header("@(END/t)").unwrap();
    let t = process_body(&plain, "x\\ty\nthis is the END\nEND\n", 0);
    assert_eq!(t.text, "x\\ty\n");
    assert_eq!(t.string_value(), "x\ty\n");
}

#[test]
fn heredoc_text_lexing() {
    let text = "hi $x ${y} \\${z}\n";
    let l = lex_heredoc_text(text, true, EscapeSet::NONE, false);
    let kinds: Vec<String> = (0..l.kinds.len())
        .map(|i| format!("{}:{}", l.kinds[i].name(), l.text(text, i)))
        .collect();
    assert_eq!(
        kinds,
        [
            "DQPRE:hi ",
            "VARIABLE:$x",
            "DQMID: ${",
            "VARIABLE:y",
            "DQMID:} \\${",
            "VARIABLE:z",
            "DQPOST:}\n"
        ]
    );
    let dollar = EscapeSet::BACKSLASH.union(EscapeSet::DOLLAR);
    let l = lex_heredoc_text(text, true, dollar, false);
    assert_eq!(l.kinds.last().copied(), Some(DQPOST));
    assert_eq!(
        l.text(text, l.kinds.len() - 1),
        "} \\${z}\n",
        "with the $ flag, \\${{ is text"
    );
    let l = lex_heredoc_text("a $x", false, EscapeSet::NONE, false);
    assert_eq!((l.kinds.len(), l.kinds[0], l.token_len(0)), (1, STRING, 4));
    let l = lex_heredoc_text("", true, EscapeSet::NONE, false);
    assert_eq!((l.kinds.len(), l.kinds[0], l.token_len(0)), (1, STRING, 0));
}

#[test]
fn heredoc_spans_in_the_token_stream() {
    let src = "$a = @(A) + @(B)\nx\nA\ny\n  B\n";
    let l = lex(src, &ParseOptions::default());
    assert_eq!(l.heredocs.len(), 2);
    let a = l.heredocs[0];
    let b = l.heredocs[1];
    assert_eq!(&src[a.body_start as usize..a.text_end as usize], "x\n");
    assert_eq!(&src[a.text_end as usize..a.body_end as usize], "A\n");
    assert_eq!(&src[b.body_start as usize..b.body_end as usize], "y\n  B\n");
    assert_eq!(l.kinds[a.header as usize], HEREDOC);
    assert_eq!(l.heredoc_for(b.header as usize), Some(&b));
}
