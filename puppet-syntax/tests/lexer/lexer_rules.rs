//! Unit tests for the lexer rules. Every expectation here was checked against Ruby Puppet
//! 7.23's `Lexer2` (the same inputs are in `lexer_ruby_diff.rs`, which re-checks them when
//! Ruby is installed). `toks` shows the non-trivia tokens as `KIND:text`.

use crate::lexer_util;

use puppet_syntax::lexer::{lex, Lexed};
use puppet_syntax::{IssueCode, ParseOptions, Severity, SyntaxKind};

fn pp() -> ParseOptions {
    ParseOptions::new()
}

fn epp() -> ParseOptions {
    ParseOptions::new().epp(true)
}

fn tasks() -> ParseOptions {
    ParseOptions::new().tasks(true)
}

fn lexed(src: &str, options: ParseOptions) -> Lexed {
    let l = lex(src, &options);
    lexer_util::assert_covers(src, &l);
    l
}

/// Non-trivia tokens as `KIND:text`, space separated.
fn toks_with(src: &str, options: ParseOptions) -> String {
    let l = lexed(src, options);
    (0..l.kinds.len())
        .filter(|&i| !l.kinds[i].is_trivia())
        .map(|i| format!("{}:{}", l.kinds[i].name(), l.text(src, i)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn toks(src: &str) -> String {
    toks_with(src, pp())
}

/// All tokens (trivia included) as `KIND:text`.
fn all_toks(src: &str, options: ParseOptions) -> String {
    let l = lexed(src, options);
    (0..l.kinds.len())
        .map(|i| format!("{}:{}", l.kinds[i].name(), l.text(src, i)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Diagnostics as `severity CODE@offset+len value` (value = the `value` arg if any).
fn diags(src: &str, options: ParseOptions) -> Vec<String> {
    lexed(src, options)
        .diagnostics
        .iter()
        .map(|d| {
            let sev = if d.severity == Severity::Error {
                "error"
            } else {
                "warning"
            };
            format!("{sev} {}@{}+{}", d.code, d.offset, d.len)
        })
        .collect()
}

fn error_codes(src: &str) -> Vec<IssueCode> {
    lexed(src, pp())
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.code)
        .collect()
}

#[test]
fn punctuation_longest_match() {
    assert_eq!(toks("|>> |> | <<| << <= <| <- <~ <"), "RRCOLLECT:|>> RCOLLECT:|> PIPE:| LLCOLLECT:<<| LSHIFT:<< LESSEQUAL:<= LCOLLECT:<| OUT_EDGE:<- OUT_EDGE_SUB:<~ LESSTHAN:<");
    assert_eq!(toks("== => =~ = += +> + -> -= - != !~ ! ~> ~"), "ISEQUAL:== FARROW:=> MATCH:=~ EQUALS:= APPENDS:+= PARROW:+> PLUS:+ IN_EDGE:-> DELETES:-= MINUS:- NOTEQUAL:!= NOMATCH:!~ NOT:! IN_EDGE_SUB:~> TILDE:~");
    assert_eq!(toks(">> >= > @@ @ ; , . ? * % : ]"), "RSHIFT:>> GREATEREQUAL:>= GREATERTHAN:> ATAT:@@ AT:@ SEMIC:; COMMA:, DOT:. QMARK:? TIMES:* MODULO:% COLON:: RBRACK:]");
}

#[test]
fn liststart_depends_on_the_previous_byte() {
    assert_eq!(toks("[1]"), "LISTSTART:[ NUMBER:1 RBRACK:]");
    assert_eq!(
        toks("$a[1] $a [1]"),
        "VARIABLE:$a LBRACK:[ NUMBER:1 RBRACK:] VARIABLE:$a LISTSTART:[ NUMBER:1 RBRACK:]"
    );
    assert_eq!(toks("a\n[1"), "NAME:a LISTSTART:[ NUMBER:1");
    assert_eq!(
        toks("a\u{a0}[1"),
        "NAME:a LISTSTART:[ NUMBER:1",
        "a Unicode blank counts"
    );
    assert_eq!(toks("a/*c*/[1"), "NAME:a LBRACK:[ NUMBER:1");
}

#[test]
fn wslparen_when_only_blanks_since_the_line_start() {
    assert_eq!(toks("(1)"), "WSLPAREN:( NUMBER:1 RPAREN:)");
    assert_eq!(toks("foo(1) foo (1)\n  (2)"), "NAME:foo LPAREN:( NUMBER:1 RPAREN:) NAME:foo LPAREN:( NUMBER:1 RPAREN:) WSLPAREN:( NUMBER:2 RPAREN:)");
    // The line start only moves at a newline lexed in code mode.
    assert_eq!(toks("/* a\n */ (1)"), "LPAREN:( NUMBER:1 RPAREN:)");
    assert_eq!(
        toks("$y = \"a\nb\" (2)"),
        "VARIABLE:$y EQUALS:= STRING:\"a\nb\" LPAREN:( NUMBER:2 RPAREN:)"
    );
    assert_eq!(
        toks("\"${x\n}\" (1)"),
        "DQPRE:\"${ VARIABLE:x DQPOST:}\" LPAREN:( NUMBER:1 RPAREN:)"
    );
    assert_eq!(toks("# c\n\t (3)"), "WSLPAREN:( NUMBER:3 RPAREN:)");
}

#[test]
fn selbrace_only_after_qmark() {
    assert_eq!(
        toks("$x ? { a => 1 } {"),
        "VARIABLE:$x QMARK:? SELBRACE:{ NAME:a FARROW:=> NUMBER:1 RBRACE:} LBRACE:{"
    );
    assert_eq!(toks("$x ? /* c */ {"), "VARIABLE:$x QMARK:? SELBRACE:{");
}

#[test]
fn keywords_and_tasks_keywords() {
    assert_eq!(
        toks("case class default define if elsif else inherits node and or undef in unless"),
        "CASE:case CLASS:class DEFAULT:default DEFINE:define IF:if ELSIF:elsif ELSE:else INHERITS:inherits NODE:node AND:and OR:or UNDEF:undef IN:in UNLESS:unless"
    );
    assert_eq!(
        toks("function type attr private true false"),
        "FUNCTION:function TYPE:type ATTR:attr PRIVATE:private BOOLEAN:true BOOLEAN:false"
    );
    assert_eq!(
        toks("plan apply application site ::if"),
        "NAME:plan NAME:apply NAME:application NAME:site NAME:::if"
    );
    assert_eq!(toks_with("plan apply", tasks()), "PLAN:plan APPLY:apply");
}

#[test]
fn names_words_and_class_references() {
    assert_eq!(
        toks("foo::bar ::foo foo-bar _foo foo::_bar a::b-c _"),
        "NAME:foo::bar NAME:::foo WORD:foo-bar WORD:_foo WORD:foo::_bar WORD:a::b-c WORD:_"
    );
    assert_eq!(toks("foo- foo::Bar Foo-Bar ::Foo::Bar"), "NAME:foo MINUS:- NAME:foo CLASSREF:::Bar CLASSREF:Foo MINUS:- CLASSREF:Bar CLASSREF:::Foo::Bar");
    assert_eq!(toks("x1 a_b a--b"), "NAME:x1 NAME:a_b WORD:a--b");
}

#[test]
fn name_errors_are_reported_where_ruby_reports_them() {
    assert_eq!(
        diags("Foo::bar", pp()),
        ["error ILLEGAL_CLASS_REFERENCE@4+4"]
    );
    assert_eq!(toks("Foo::bar x"), "CLASSREF:Foo::bar NAME:x");
    assert_eq!(
        diags("::Foo::bar", pp()),
        ["error ILLEGAL_FULLY_QUALIFIED_CLASS_REFERENCE@8+2"]
    );
    assert_eq!(
        diags("ab::1c", pp()),
        ["error ILLEGAL_FULLY_QUALIFIED_NAME@4+2"]
    );
    assert_eq!(toks("ab::1c"), "NAME:ab ERROR_TOKEN:::1c");
    // Ruby crashes on these; we report a clean issue.
    assert_eq!(
        diags("foo::", pp()),
        ["error ILLEGAL_FULLY_QUALIFIED_NAME@5+0"]
    );
    assert_eq!(
        diags("$::", pp()),
        ["error ILLEGAL_FULLY_QUALIFIED_NAME@3+0"]
    );
}

#[test]
fn variables() {
    assert_eq!(toks("$x $::x $x::y $_x $1 $x::1 $::1 $0123"), "VARIABLE:$x VARIABLE:$::x VARIABLE:$x::y VARIABLE:$_x VARIABLE:$1 VARIABLE:$x::1 VARIABLE:$::1 VARIABLE:$0123");
    assert_eq!(
        toks("$x-y $ $x::y::"),
        "VARIABLE:$x MINUS:- NAME:y VARIABLE:$ VARIABLE:$x::y ERROR_TOKEN:::"
    );
}

#[test]
fn numbers() {
    assert_eq!(toks("0 00 0777 0x1F 0X1f 1e10 1E-5 1.5 0.5 1.2e3"), "NUMBER:0 NUMBER:00 NUMBER:0777 NUMBER:0x1F NUMBER:0X1f NUMBER:1e10 NUMBER:1E-5 NUMBER:1.5 NUMBER:0.5 NUMBER:1.2e3");
    assert_eq!(toks("1. 1.e5 .5 1.5.3 -5"), "NUMBER:1 DOT:. NUMBER:1 DOT:. NAME:e5 DOT:. NUMBER:5 NUMBER:1.5 DOT:. NUMBER:3 MINUS:- NUMBER:5");
}

#[test]
fn number_errors() {
    let cases: &[(&str, &str, &str)] = &[
        ("08", "error INVALID_OCTAL_NUMBER@0+2", "NUMBER:08"),
        ("00.5", "error INVALID_OCTAL_NUMBER@0+4", "NUMBER:00.5"),
        ("0e5", "error INVALID_OCTAL_NUMBER@0+3", "NUMBER:0e5"),
        ("0x", "error INVALID_HEX_NUMBER@0+2", "NUMBER:0x"),
        ("0xG", "error INVALID_HEX_NUMBER@0+3", "NUMBER:0xG"),
        (
            "1e+5",
            "error INVALID_DECIMAL_NUMBER@0+2",
            "NUMBER:1e PLUS:+ NUMBER:5",
        ),
        ("3.14e", "error INVALID_DECIMAL_NUMBER@0+5", "NUMBER:3.14e"),
        (
            "$x = 3.1x",
            "error INVALID_DECIMAL_NUMBER@5+4",
            "VARIABLE:$x EQUALS:= NUMBER:3.1x",
        ),
        ("123abc", "error ILLEGAL_NUMBER@0+6", "NUMBER:123abc"),
        ("1_000", "error ILLEGAL_NUMBER@0+5", "NUMBER:1_000"),
        (
            "x.1abc",
            "error ILLEGAL_NUMBER@2+4",
            "NAME:x DOT:. NUMBER:1abc",
        ),
        ("1é", "error ILLEGAL_NUMBER@1+0", "NUMBER:1 ERROR_TOKEN:é"),
    ];
    for (src, diag, tokens) in cases {
        assert_eq!(diags(src, pp()), [*diag], "{src}");
        assert_eq!(toks(src), *tokens, "{src}");
        let d = &lexed(src, pp()).diagnostics[0];
        assert!(
            d.args.iter().any(|(k, _)| *k == "value"),
            "{src}: value arg"
        );
    }
    assert_eq!(
        lexed("3.14e", pp()).diagnostics[0].args,
        [("value", "3.14e".to_string())]
    );
}

#[test]
fn slash_is_comment_regex_or_div() {
    assert_eq!(
        toks("$x = /a/ $y / 2 /b/"),
        "VARIABLE:$x EQUALS:= REGEX:/a/ VARIABLE:$y DIV:/ NUMBER:2 DIV:/ NAME:b DIV:/"
    );
    assert_eq!(
        toks("case $x { /a\\/b/: {} }"),
        "CASE:case VARIABLE:$x LBRACE:{ REGEX:/a\\/b/ COLON:: LBRACE:{ RBRACE:} RBRACE:}"
    );
    assert_eq!(
        toks("$a =~ /x\\\\/ /y/"),
        "VARIABLE:$a MATCH:=~ REGEX:/x\\\\/ DIV:/ NAME:y DIV:/"
    );
    assert_eq!(
        toks("$x = /a\\/b"),
        "VARIABLE:$x EQUALS:= DIV:/ NAME:a ERROR_TOKEN:\\ DIV:/ NAME:b"
    );
    assert_eq!(
        toks("} /a/ ) /a/"),
        "RBRACE:} REGEX:/a/ RPAREN:) DIV:/ NAME:a DIV:/"
    );
    assert_eq!(toks("$r = /a\nb/"), "VARIABLE:$r EQUALS:= REGEX:/a\nb/");
    assert_eq!(all_toks("1/*c*/", pp()), "NUMBER:1 ML_COMMENT:/*c*/");
    assert_eq!(diags("/* x", pp()), ["error UNCLOSED_MLCOMMENT@0+4"]);
}

#[test]
fn whitespace_and_comments_are_trivia() {
    assert_eq!(all_toks("a \u{a0}\t\r\n b # c\r\n/* d */", pp()), "NAME:a WHITESPACE: \u{a0}\t\r\n  NAME:b WHITESPACE:  COMMENT:# c\r WHITESPACE:\n ML_COMMENT:/* d */");
    assert_eq!(
        all_toks("a ^é", pp()),
        "NAME:a WHITESPACE:  ERROR_TOKEN:^ ERROR_TOKEN:é"
    );
}

#[test]
fn single_quoted_strings() {
    assert_eq!(
        toks("'a' 'a\\'b' 'a\\\\' '' ''' + 1"),
        "STRING:'a' STRING:'a\\'b' STRING:'a\\\\' STRING:'' STRING:''' PLUS:+ NUMBER:1"
    );
    assert_eq!(diags("'abc", pp()), ["error UNCLOSED_QUOTE@1+3"]);
    let d = &lexed("'abc", pp()).diagnostics[0];
    assert_eq!(d.message, "Unclosed quote after \"'\" followed by 'abc...'");
    assert_eq!(
        d.args,
        [
            ("after", "\"'\"".to_string()),
            ("followed_by", "abc...".to_string())
        ]
    );
}

#[test]
fn double_quoted_strings_and_interpolation() {
    assert_eq!(
        toks("\"a\" \"\" \"a\\\"b\" \"$\" \"$$x\""),
        "STRING:\"a\" STRING:\"\" STRING:\"a\\\"b\" STRING:\"$\" DQPRE:\"$ VARIABLE:$x DQPOST:\""
    );
    assert_eq!(
        toks("\"a$x\" \"$x$y\""),
        "DQPRE:\"a VARIABLE:$x DQPOST:\" DQPRE:\" VARIABLE:$x DQMID: VARIABLE:$y DQPOST:\""
    );
    assert_eq!(
        toks("\"a${b}c${d}e\""),
        "DQPRE:\"a${ VARIABLE:b DQMID:}c${ VARIABLE:d DQPOST:}e\""
    );
    assert_eq!(
        toks("\"${ $x ? { a => 1 } }\""),
        "DQPRE:\"${ VARIABLE:$x QMARK:? SELBRACE:{ NAME:a FARROW:=> NUMBER:1 RBRACE:} DQPOST:}\""
    );
    assert_eq!(
        toks("\"$x[1] $x.y\""),
        "DQPRE:\" VARIABLE:$x DQMID:[1]  VARIABLE:$x DQPOST:.y\""
    );
    // The `(?:[^\\]|^)` quirk of Ruby's slurp patterns at the start of a segment.
    assert_eq!(
        toks("\"${a}\"\" + 1"),
        "DQPRE:\"${ VARIABLE:a DQPOST:}\"\" PLUS:+ NUMBER:1"
    );
    assert_eq!(
        toks("\"$x\"$y\""),
        "DQPRE:\" VARIABLE:$x DQMID:\" VARIABLE:$y DQPOST:\""
    );
}

#[test]
fn interpolation_rewrites_the_first_token_to_a_variable() {
    assert_eq!(
        toks("\"${x[1]}\""),
        "DQPRE:\"${ VARIABLE:x LBRACK:[ NUMBER:1 RBRACK:] DQPOST:}\""
    );
    assert_eq!(
        toks("\"${x.y}\""),
        "DQPRE:\"${ VARIABLE:x DOT:. NAME:y DQPOST:}\""
    );
    assert_eq!(toks("\"${10}${0x10}${default}${true}\""), "DQPRE:\"${ VARIABLE:10 DQMID:}${ VARIABLE:0x10 DQMID:}${ VARIABLE:default DQMID:}${ VARIABLE:true DQPOST:}\"");
    assert_eq!(
        toks("\"${x + 1}\""),
        "DQPRE:\"${ NAME:x PLUS:+ NUMBER:1 DQPOST:}\""
    );
    assert_eq!(toks("\"${ x }\""), "DQPRE:\"${ VARIABLE:x DQPOST:}\"");
    assert_eq!(toks("\"${Foo}\""), "DQPRE:\"${ CLASSREF:Foo DQPOST:}\"");
    assert_eq!(
        toks_with("\"${plan}${case}\"", tasks()),
        "DQPRE:\"${ PLAN:plan DQMID:}${ VARIABLE:case DQPOST:}\""
    );
}

#[test]
fn nested_strings() {
    assert_eq!(
        toks("\"${\"a${b}\"}\""),
        "DQPRE:\"${ DQPRE:\"a${ VARIABLE:b DQPOST:}\" DQPOST:}\""
    );
    assert_eq!(
        toks("\"${x}}\" \"$x}\""),
        "DQPRE:\"${ VARIABLE:x DQPOST:}}\" DQPRE:\" VARIABLE:$x DQPOST:}\""
    );
    assert_eq!(toks("\"${ {a => 1}[a] }\""), "DQPRE:\"${ LBRACE:{ NAME:a FARROW:=> NUMBER:1 RBRACE:} LBRACK:[ NAME:a RBRACK:] DQPOST:}\"");
}

#[test]
fn regex_context_inside_interpolation_follows_ruby() {
    // Inside `${`, Ruby's `after` is the token before the string (DQPRE is not seen).
    assert_eq!(
        toks("$x \"${ /a/ }\""),
        "VARIABLE:$x DQPRE:\"${ DIV:/ NAME:a DIV:/ DQPOST:}\""
    );
    assert_eq!(
        toks("$x = \"${ /a/ }\""),
        "VARIABLE:$x EQUALS:= DQPRE:\"${ REGEX:/a/ DQPOST:}\""
    );
    assert_eq!(
        toks("$x \"${a}${ /a/ }\""),
        "VARIABLE:$x DQPRE:\"${ VARIABLE:a DQMID:}${ REGEX:/a/ DQPOST:}\""
    );
    assert_eq!(
        toks("$x \"${ \"$a\" /a/ }\""),
        "VARIABLE:$x DQPRE:\"${ DQPRE:\" VARIABLE:$a DQPOST:\" DIV:/ NAME:a DIV:/ DQPOST:}\""
    );
}

#[test]
fn escape_warnings_are_at_the_end_of_the_segment() {
    assert_eq!(
        diags("\"\\q $x \\p ${y} \\z\"", pp()),
        [
            "warning UNRECOGNIZED_ESCAPE@5+0",
            "warning UNRECOGNIZED_ESCAPE@12+0",
            "warning UNRECOGNIZED_ESCAPE@18+0"
        ]
    );
    assert_eq!(
        diags("\"\\q \\u12\"", pp()),
        [
            "warning UNRECOGNIZED_ESCAPE@9+0",
            "warning ILLEGAL_UNICODE_ESCAPE@9+0"
        ]
    );
    assert_eq!(
        lexed("\"\\q\"", pp()).diagnostics[0].args,
        [("ch", "q".to_string())]
    );
    assert!(diags(
        "\"\\\\ \\$ \\' \\\" \\r \\n \\t \\s \\u0041 \\\n\" 'a\\q'",
        pp()
    )
    .is_empty());
    assert_eq!(
        diags("\"\\u{110000}\"", pp()),
        ["error ILLEGAL_UNICODE_ESCAPE@12+0"]
    );
}

#[test]
fn unclosed_double_quotes_report_rubys_after_argument() {
    let after = |src: &str| lexed(src, pp()).diagnostics[0].args[0].1.clone();
    assert_eq!(after("\"abc"), "'\"'");
    assert_eq!(after("\"${x"), "'x'");
    assert_eq!(after("\"${x}"), "'x'");
    assert_eq!(after("\"${x }"), "''");
    assert_eq!(after("\"${x.}"), "'x'");
    assert_eq!(after("\"${'a'}"), "'a''");
    assert_eq!(after("\"${/a/}"), "'/a/'");
    assert_eq!(after("\"a$"), "''");
    assert_eq!(toks("\"${x"), "DQPRE:\"${ NAME:x DQPOST:");
    assert_eq!(diags("\"${x}", pp()), ["error UNCLOSED_QUOTE@5+0"]);
}

#[test]
fn heredoc_body_follows_the_header_line() {
    let src = "$a = @(END) + 1\nhello\nEND\n$b";
    assert_eq!(all_toks(src, pp()), "VARIABLE:$a WHITESPACE:  EQUALS:= WHITESPACE:  HEREDOC:@(END) WHITESPACE:  PLUS:+ WHITESPACE:  NUMBER:1 WHITESPACE:\n HEREDOC_BODY:hello\nEND\n VARIABLE:$b");
    let l = lexed(src, pp());
    let span = l.heredoc_for(4).expect("heredoc span");
    assert_eq!(
        (span.body_start, span.text_end, span.body_end),
        (16, 22, 26)
    );
    let two = "foo(@(A), @(B))\na\nA\nb\nB\n(1)";
    assert_eq!(all_toks(two, pp()), "NAME:foo LPAREN:( HEREDOC:@(A) COMMA:, WHITESPACE:  HEREDOC:@(B) RPAREN:) WHITESPACE:\n HEREDOC_BODY:a\nA\n HEREDOC_BODY:b\nB\n WSLPAREN:( NUMBER:1 RPAREN:)");
    // The end line regexp is not anchored at the line start.
    assert_eq!(
        all_toks("@(END)\nthis is the END\nnot\n", pp()),
        "HEREDOC:@(END) WHITESPACE:\n HEREDOC_BODY:this is the END\n NAME:not WHITESPACE:\n"
    );
}

#[test]
fn heredoc_errors() {
    assert_eq!(
        diags("@(END", pp()),
        ["error HEREDOC_UNCLOSED_PARENTHESIS@0+2"]
    );
    assert_eq!(diags("@(END)", pp()), ["error HEREDOC_WITHOUT_TEXT@6+0"]);
    assert_eq!(
        diags("@(END)\nx\n", pp()),
        ["error HEREDOC_WITHOUT_END_TAGGED_LINE@7+0"]
    );
    assert_eq!(
        diags("@(END:J)\nEND\n", pp()),
        ["error HEREDOC_INVALID_SYNTAX@8+0"]
    );
    assert_eq!(
        diags("@(\"\")\nEND\n", pp()),
        ["error HEREDOC_EMPTY_ENDTAG@5+0"]
    );
    assert_eq!(
        diags("@(END/x)\nEND\n", pp()),
        ["error HEREDOC_INVALID_ESCAPE@8+0"]
    );
    assert_eq!(
        diags("@(END/tt)\nEND\n", pp()),
        ["error HEREDOC_MULTIPLE_AT_ESCAPES@9+0"]
    );
    // Errors in the heredoc text are mapped to the source.
    assert_eq!(
        diags("@(\"END\")\n  ${08}\n  | END\n", pp()),
        ["error INVALID_OCTAL_NUMBER@13+2"]
    );
}

#[test]
fn epp_tokens() {
    assert_eq!(
        all_toks("a <%# c %> b", epp()),
        "EPP_START: RENDER_STRING:a  EPP_COMMENT:<%# c %> RENDER_STRING: b"
    );
    assert_eq!(
        all_toks("x <%- $a -%>  y<%= 1 %>", epp()),
        "EPP_START: RENDER_STRING:x EPP_TRIMMED:  EPP_CODE_START:<%- WHITESPACE:  VARIABLE:$a WHITESPACE:  EPP_CODE_END:-%> EPP_TRIMMED:   RENDER_STRING:y RENDER_EXPR:<%= WHITESPACE:  NUMBER:1 WHITESPACE:  EPP_END:%>"
    );
    assert_eq!(all_toks("<% $a -%>\n", epp()), "EPP_START: EPP_CODE_START:<% WHITESPACE:  VARIABLE:$a WHITESPACE:  EPP_CODE_END:-%> EPP_TRIMMED:\n RENDER_STRING:");
    assert_eq!(all_toks("<%= 1 -%>\nx%%>y<%%z", epp()), "EPP_START: RENDER_EXPR:<%= WHITESPACE:  NUMBER:1 WHITESPACE:  EPP_END_TRIM:-%> EPP_TRIMMED:\n RENDER_STRING:x%%>y<%%z");
    // Ruby drops text that reaches the end right after a comment or `<%%`.
    assert_eq!(
        all_toks("a <%# c %>", epp()),
        "EPP_START: EPP_TRIMMED:a  EPP_COMMENT:<%# c %>"
    );
    assert_eq!(all_toks("a<%%", epp()), "EPP_START: EPP_TRIMMED:a<%%");
    // Trimming reaches back over a comment.
    assert_eq!(all_toks("a  <%# c %><%- x %>", epp()), "EPP_START: RENDER_STRING:a EPP_TRIMMED:   EPP_COMMENT:<%# c %> EPP_CODE_START:<%- WHITESPACE:  NAME:x WHITESPACE:  EPP_CODE_END:%>");
    assert_eq!(toks_with("<%= (1) %>\n<% (2) %>", epp()), "EPP_START: RENDER_EXPR:<%= LPAREN:( NUMBER:1 RPAREN:) EPP_END:%> RENDER_STRING:\n LPAREN:( NUMBER:2 RPAREN:)");
}

#[test]
fn epp_errors() {
    assert_eq!(diags("<%# x", epp()), ["error EPP_UNBALANCED_COMMENT@2+3"]);
    assert_eq!(
        diags("a <%", epp()),
        ["error EPP_UNBALANCED_EXPRESSION@4+0"]
    );
    assert_eq!(diags("<% 1", epp()), ["error EPP_UNBALANCED_TAG@4+0"]);
}

#[test]
fn bom_is_reported_and_lexed_as_whitespace() {
    assert_eq!(error_codes("\u{feff}$x"), [IssueCode::ILLEGAL_BOM]);
    assert_eq!(
        all_toks("\u{feff}$x", pp()),
        "WHITESPACE:\u{feff} VARIABLE:$x"
    );
}

#[test]
fn deep_nesting_does_not_overflow() {
    let src = "\"${".repeat(100_000);
    let l = lexed(&src, pp());
    assert_eq!(
        l.kinds.iter().filter(|&&k| k == SyntaxKind::DQPOST).count(),
        100_000
    );
    let heredocs = "@(\"A\")\n${@(\"A\")\n".repeat(200);
    lexed(&heredocs, pp());
}
