//! Differential tests against Ruby Puppet's `Lexer2` (skipped with a note when `ruby` with
//! Puppet is not installed): our tokens, translated to what Ruby yields (`ruby_view`), must
//! equal Ruby's tokens (kind, value, offset, length), and our first error must be Ruby's
//! error (code, line, column, message). Inputs: the snippets below, the golden test files
//! and the Puppet module corpus (`PUPPET_CORPUS`) when present.

use crate::lexer_util;

use std::path::{Path, PathBuf};

use lexer_util::{compare_with_ruby, ruby_available, run_oracle};
use puppet_syntax::ParseOptions;
use puppet_test_support::{corpus, knobs};

fn pp_options() -> ParseOptions {
    ParseOptions::new()
}

fn epp_options() -> ParseOptions {
    ParseOptions::new().epp(true)
}

fn tasks_options() -> ParseOptions {
    ParseOptions::new().tasks(true)
}

/// Snippets covering every lexer rule (manifests unless marked).
const SNIPPETS: &[&str] = &[
    // punctuation and operators
    "$a = [1, 2] + {a => b} - 3 * 4 / 5 % 6",
    "a == b != c =~ d !~ e <= f >= g < h > i << j >> k",
    "A <| x |> B <<| y |>> C -> D ~> E <- F <~ G",
    "@x @@y | ! ~ ? : ; , . +> += -= ~",
    "foo(1) foo (1)\n(1)\n  (2) $a[1] $a [1] [1]\n[2]",
    "/* c */ (1) # c\n\t (2)",
    "/* a\n */ (1)",
    "$x ? { a => 1 } $y ? {",
    "{ a => 1 }\n{",
    // keywords and names
    "case class default define if elsif else inherits node and or undef in unless function type attr private true false plan apply application",
    "foo::bar ::foo ::foo::bar foo-bar _foo foo::_bar a::b-c _ foo- foo::Bar Foo-Bar Foo::Bar ::Foo x1 a_b",
    "$x $::x $x::y $_x $1 $x::1 $::1 $0123 $x-y $ $x::y:: $::",
    // numbers
    "0 00 0777 0x1F 0X1f 1e10 1E-5 1.5 0.5 1.2e3 1. 1.e5 .5 1.5.3 -5 1.5e",
    "08", "0x", "0xG", "1e+5", "3.14e", "3.1x", "123abc", "1_000", "00.5", "x.1abc", "1é", "0e5", "a1.2x", ".1x",
    // names errors
    "Foo::bar", "::Foo::bar", "x::Foo::bar", "ab::1c", "foo::", "Foo::", "$::",
    // regex and division
    "$x = /a/ $y / 2 /b/",
    "case $x { /a\\/b/: {} } $a =~ /x\\\\/ /y/",
    "$x = /a\\/b", "foo(/a/, 1) / 2", "[1] / 2 /x/", "x /a/", "$a = 1 /* c */ / 2",
    "/* unclosed",
    // single-quoted strings
    "'a' 'a\\'b' 'a\\\\' 'a\\nb' '' ''' + 1 'it''s'",
    "'unclosed", "'a\\'",
    // double-quoted strings and interpolation
    "\"a\" \"\" \"a\\\"b\" \"\\\\\" \"$\" \"$$x\" \"a$x\" \"$x$y\" \"${x}\" \"a${b}c${d}e\"",
    "\"${x[1]}\" \"${x.y}\" \"${10}\" \"${0x10}\" \"${default}\" \"${class}\" \"${x + 1}\" \"${true}\"",
    "\"${\"a${b}\"}\" \"${ \"${a}\" }\" \"${'a'}\" \"${$x}\" \"${x}}\" \"$x}\"",
    "\"$x[1] $x.y $x::y ${x::y} $::x $1 $_ ${a-b}\"",
    "$x = \"${a}\"\" + 1", "$x = \"$x\"$y\"", "\"${a}$b\"",
    "$x \"${ /a/ }\"", "$x = \"${ /a/ }\"", "$x \"${a}${ /a/ }\"", "$x = \"${ \"${a}\" /a/ }\"",
    "$x \"${ \"$a\" /a/ }\"", "$x = \"${ \"a\" /a/ }\"",
    "\"${ $x ? { a => 1 } }\"", "\"${x\n}\" (1)", "\"a\nb\" (1)",
    "\"\\q \\u12\" + \"\\s\"", "\"\\q $x \\p ${y} \\z\"", "\"\\u0041\\u{1F600}\\u005cn\"", "\"\\$x \\${y}\"",
    "\"a\\\nb\\\r\nc\"", "\"\\\r\"",
    "\"abc", "\"${x", "\"${x}", "\"${x }", "\"${x.}", "\"${'a'}", "\"${ \"a\" }", "\"${/a/}", "\"a$", "\"\\",
    "\"${x\n  }", "\"${}", "\"$x",
    // heredocs
    "$a = @(END)\nhello\nEND\n",
    "$a = @(END)\nhello\n  END\n$b = 1",
    "$a = @(\"END\")\nhi $x ${y}\nEND\n",
    "$a = @(END:json/tn)\n  a\\tb\\nc\\\\ \\$x\n  |- END\n",
    "foo(@(A), @(B))\na\nA\nb\nB\n(1)",
    "$a = @(END)\nthis is the END\nnot\nEND\n",
    "$a = @(\"END\"/$)\n  \\$x $y\n  | END\n",
    "$a = @(\"END\"/L)\n  a\\\n  b\n  |-END\n",
    "$a = @(END)\n\n|END",
    "$a = @(\"X\")\n    ${x}\n  ${y}\n    | X\n",
    "$a = @(END) # c\nt\nEND\n$b = [1]",
    "$a = @(END", "$a = @(END)", "$a = @(END)\nno end\n", "$a = @(END:J)\nEND\n", "$a = @()\nEND\n",
    "$a = @(END/x)\nEND\n", "$a = @(END/tt)\nEND\n", "$a = @(\"\")\nEND\n",
    "$a = @(\"END\")\n${08}\nEND\n",
    "$a = @(END/u)\n\\u12\nEND\n",
    // whitespace, comments, other characters
    "a\u{a0}b\u{3000}c\r\n\td",
    "a é ^ & ` \\ \u{7f}",
    "# only a comment",
    "",
    "  \n  ",
];

const EPP_SNIPPETS: &[&str] = &[
    "a <%# c %> b",
    "x <% $a -%>  y",
    "<% $a -%>\n",
    "a<%%",
    "a <%#- c -%>\n b",
    "a <%- $x -%> b<%= 1 %>c",
    "<%# x",
    "a <%",
    "<% 1",
    "<%= 1 -%>\nx%%>y<%%z",
    "",
    "a <%# c %>",
    "a <%# c %>\n",
    "a <%# c -%>",
    "a<%%b",
    "x<%%><%= 1 %>",
    "<%-x%>",
    "  <%# c -%>  <%= 1 %>",
    "<%- | $a, String $b = 'x' | -%>\nHello <%= $a %> <%= $b -%>\n",
    "<% if $x { -%>\n  yes\n<% } else { -%>\n  no\n<% } -%>\n",
    "<%= /a/ %> <% /b/ %>",
    "a  <%# c %><%- x %>",
    "<%= (1) %>\n<% (2) %>",
    "<%= \"${x}\" %>",
];

const TASKS_SNIPPETS: &[&str] = &[
    "plan foo() { apply($x) { } }",
    "\"${plan}${apply.x}${case}\"",
];

fn golden_files() -> Vec<(PathBuf, ParseOptions)> {
    let mut out = Vec::new();
    for dir in ["ok", "err"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("test_data/lexer")
            .join(dir);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            match p.extension().and_then(|e| e.to_str()) {
                Some("pp") => out.push((p, pp_options())),
                Some("epp") => out.push((p, epp_options())),
                _ => {}
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn check_all(inputs: Vec<(String, String, ParseOptions)>) {
    let pairs: Vec<(String, ParseOptions)> = inputs
        .iter()
        .map(|(_, s, o)| (s.clone(), o.clone()))
        .collect();
    let results = run_oracle(&pairs);
    let mut failures = Vec::new();
    let raised = results.iter().filter(|r| r.error.is_some()).count();
    let heredocs = results
        .iter()
        .filter(|r| r.error.is_none() && r.tokens.iter().any(|t| t.kind == "SUBLOCATE"))
        .count();
    eprintln!(
        "{} inputs: Ruby raised on {raised}, lexed {heredocs} with heredocs",
        inputs.len()
    );
    if knobs::is_set("LEXER_DIFF_CODES") {
        let mut codes = std::collections::BTreeMap::new();
        for r in &results {
            if let Some((code, ..)) = &r.error {
                *codes.entry(code.clone()).or_insert(0) += 1;
            }
        }
        eprintln!("Ruby errors: {codes:?}");
    }
    for ((name, source, options), ruby) in inputs.iter().zip(results.iter()) {
        if let Err(e) = compare_with_ruby(source, options, ruby) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} inputs differ from Ruby:\n{}",
        failures.len(),
        inputs.len(),
        failures.join("\n")
    );
}

#[test]
fn snippets_match_ruby() {
    if !ruby_available() {
        eprintln!("note: ruby with puppet is not installed; skipping the differential lexer test");
        return;
    }
    let mut inputs = Vec::new();
    for (list, options) in [
        (SNIPPETS, pp_options()),
        (EPP_SNIPPETS, epp_options()),
        (TASKS_SNIPPETS, tasks_options()),
    ] {
        for s in list {
            inputs.push((format!("{s:?}"), s.to_string(), options.clone()));
        }
    }
    for (path, options) in golden_files() {
        inputs.push((
            path.display().to_string(),
            std::fs::read_to_string(&path).unwrap(),
            options,
        ));
    }
    check_all(inputs);
}

#[test]
fn corpus_matches_ruby() {
    if !ruby_available() || !corpus::root_path().is_dir() {
        eprintln!("note: ruby with puppet or the module corpus is missing; skipping the corpus differential test");
        return;
    }
    let mut inputs = Vec::new();
    for (ext, options) in [("pp", pp_options()), ("epp", epp_options())] {
        for path in corpus::files_with_extension(ext) {
            if let Ok(source) = std::fs::read_to_string(&path) {
                inputs.push((path.display().to_string(), source, options.clone()));
            }
        }
    }
    check_all(inputs);
}

/// Debug aid:
/// `LEXER_DIFF_SHOW='source' cargo test --test lexer lexer_ruby_diff::show -- --nocapture`.
#[test]
fn show() {
    let Some(src) = knobs::var("LEXER_DIFF_SHOW") else {
        return;
    };
    let options = if knobs::is_set("LEXER_DIFF_EPP") {
        epp_options()
    } else {
        pp_options()
    };
    let lexed = puppet_syntax::lexer::lex(&src, &options);
    println!("{}", lexer_util::render(&src, &lexed));
    for t in lexer_util::ruby_view(&src, &lexed, false) {
        println!("ours: {t}");
    }
    let ruby = run_oracle(&[(src.clone(), options.clone())]);
    for t in &ruby[0].tokens {
        println!("ruby: {t}");
    }
    println!(
        "ruby error: {:?}\nruby warnings: {:?}",
        ruby[0].error, ruby[0].warnings
    );
    println!("compare: {:?}", compare_with_ruby(&src, &options, &ruby[0]));
}

/// Fragments for the random differential test.
const PIECES: &[&str] = &[
    "\"",
    "'",
    "$",
    "${",
    "}",
    "{",
    "[",
    "]",
    "(",
    ")",
    "@(E)",
    "@(\"E\")",
    "@(E:json/tL$)",
    "\nE\n",
    "| E\n",
    "|-E",
    "\n",
    " ",
    "  ",
    "\t",
    "\r\n",
    "\\",
    "/",
    "/*",
    "*/",
    "#",
    "::",
    ":",
    "a",
    "A",
    "x::y",
    "_",
    "-",
    "0x",
    "08",
    "1.5",
    "e",
    "é",
    "\u{a0}",
    "?",
    "=>",
    "\\u{41}",
    "\\u",
    "\\n",
    "%",
    "*",
    "$x",
    "1",
    ".",
    ",",
    "=",
    "<",
    ">",
    "|",
    "!",
    "${x}",
    "${x.y}",
    "${x[1]}",
    "'a'",
    "\"a\"",
    "${true}",
    "0",
    "e5",
    "E",
    "x",
    "\\$",
    "\\\"",
    "\\'",
    "\\\\",
    "\\\n",
    "@",
    "@@",
    "~",
    "&",
    "$::",
    "8",
    "x.",
    "1e",
    "\r",
    "-%>",
    "{}",
    "case",
    "Foo::",
    "::Bar",
    "\u{1F600}",
];
const HEREDOC_PIECES: &[&str] = &[
    "@(E)",
    "@(\"E\")",
    "@(E/)",
    "@(\"E\"/$)",
    "@(E/tu)",
    "@(\"E\"/L)",
    "@( E :json)",
    "\n",
    "\r\n",
    "E",
    " E",
    "  E",
    "|",
    "| ",
    "-",
    "- ",
    "\t",
    "  ",
    "\u{a0}",
    "\u{3000}",
    "x",
    "this is the",
    "${x}",
    "${y[1]}",
    "$x",
    "\\$x",
    "\\",
    "\\t",
    "\\u0041",
    "\\u",
    "\\n",
    "\\\n",
    "\\\r\n",
    "'",
    "\"",
    "}",
    "${",
    "ENDE",
    "E E",
];
const EPP_PIECES: &[&str] = &[
    "<%", "<%=", "<%-", "<%#", "%>", "-%>", "<%%", "%%>", " ", "\n", "a", "$x", "\"", "#", "-",
];

/// Random inputs (fixed seed) built from Puppet fragments, compared with Ruby.
#[test]
fn random_fragments_match_ruby() {
    if !ruby_available() {
        eprintln!(
            "note: ruby with puppet is not installed; skipping the random differential lexer test"
        );
        return;
    }
    let count = knobs::number("LEXER_DIFF_RANDOM") as usize;
    let seed = knobs::number("LEXER_DIFF_SEED");
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15 ^ seed.wrapping_mul(0x2545_F491_4F6C_DD1D);
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut inputs = Vec::new();
    for k in 0..count {
        let epp = k % 4 == 3;
        let heredocs = k % 4 == 1;
        let len = next(25);
        let mut s = String::new();
        for _ in 0..len {
            if heredocs && next(3) != 0 {
                s.push_str(HEREDOC_PIECES[next(HEREDOC_PIECES.len())]);
            } else if epp && next(2) == 0 {
                s.push_str(EPP_PIECES[next(EPP_PIECES.len())]);
            } else {
                s.push_str(PIECES[next(PIECES.len())]);
            }
        }
        inputs.push((
            format!("{s:?}"),
            s,
            if epp { epp_options() } else { pp_options() },
        ));
    }
    check_all(inputs);
}

/// Random well-formed heredocs (fixed seed): headers with flags, bodies with margins,
/// interpolation and escapes, end lines with `|` and `-`, compared with Ruby.
#[test]
fn random_heredocs_match_ruby() {
    if !ruby_available() {
        eprintln!("note: ruby with puppet is not installed; skipping the random heredoc differential test");
        return;
    }
    let count = knobs::number("LEXER_DIFF_RANDOM") as usize;
    let seed = knobs::number("LEXER_DIFF_SEED");
    let mut state: u64 = 0x2545_F491_4F6C_DD1D ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    const TAGS: &[&str] = &["END", "\"END\"", "E-1", "\"E x\""];
    const FLAGS: &[&str] = &[
        "",
        "/",
        "/t",
        "/$",
        "/u",
        "/L",
        "/tnrs$uL",
        ":json",
        ":yaml+x/n",
    ];
    const WORDS: &[&str] = &[
        "text",
        " ",
        "\t",
        "$x",
        "${x}",
        "${y[1]}",
        "${x.z}",
        "\\$x",
        "\\t",
        "\\n",
        "\\\\",
        "\\u0041",
        "\\u{1F600}",
        "\\u",
        "\\q",
        "'",
        "\"",
        "}",
        "$",
        "${\"a${b}\"}",
        "é",
        "\u{a0}",
        "\r",
        "END",
    ];
    const MARGINS: &[&str] = &["", " ", "  ", "\t", "    ", "\u{a0}"];
    let mut inputs = Vec::new();
    for _ in 0..count {
        let tag = TAGS[next(TAGS.len())];
        let bare = tag.trim_matches('"');
        let margin = MARGINS[next(MARGINS.len())];
        let mut s = format!(
            "$a = @({tag}{}) {}\n",
            FLAGS[next(FLAGS.len())],
            ["", "+ 1", "# c", "+ @(X)"][next(4)]
        );
        for _ in 0..next(4) {
            let line_margin = if next(4) == 0 {
                MARGINS[next(MARGINS.len())]
            } else {
                margin
            };
            s.push_str(line_margin);
            for _ in 0..next(5) {
                s.push_str(WORDS[next(WORDS.len())]);
            }
            s.push_str(if next(5) == 0 { "\r\n" } else { "\n" });
        }
        s.push_str(margin);
        s.push_str(["", "|", "| ", "|-", "-", " - "][next(6)]);
        s.push_str(bare);
        s.push_str(["\n", "", "  \n", "\r\n"][next(4)]);
        if s.contains("@(X)") {
            s.push_str("x\nX\n");
        }
        s.push_str(["", "$b = [1]\n", "(1)\n"][next(3)]);
        inputs.push((format!("{s:?}"), s, pp_options()));
    }
    check_all(inputs);
}
