//! Extra cases of the "whitespace" group (puppet-lint-manifest_whitespace-check 2.0.0): each
//! snippet's problems (line, column, check) as puppet-lint 4.3.0 with the plugin reports them
//! (recorded from the oracle; the one documented difference is marked), and what `--fix` makes
//! of the snippet (ours: where puppet-lint's fix differs, the test says how).

use puppet_lint::{fix, lint_source, LintOptions};

const GROUP: &[&str] = &[
    "manifest_whitespace_arrows_single_space_after",
    "manifest_whitespace_inherits_name_single_space_before",
    "manifest_whitespace_class_name_single_space_before",
    "manifest_whitespace_class_name_single_space_after",
    "manifest_whitespace_closing_brace_before",
    "manifest_whitespace_closing_brace_after",
    "manifest_whitespace_closing_bracket_before",
    "manifest_whitespace_closing_bracket_after",
    "manifest_whitespace_two_empty_lines",
    "manifest_whitespace_newline_beginning_of_file",
    "manifest_whitespace_missing_newline_end_of_file",
    "manifest_whitespace_double_newline_end_of_file",
    "manifest_whitespace_opening_brace_before",
    "manifest_whitespace_opening_brace_after",
    "manifest_whitespace_opening_bracket_before",
    "manifest_whitespace_opening_bracket_after",
];

fn message(check: &str) -> &'static str {
    match check {
        "arrows_single_space_after" => "there should be a single space after an arrow",
        "inherits_name_single_space_before" => {
            "there should be a single space between the inherits statement and the name"
        }
        "class_name_single_space_before" => {
            "there should be a single space between the class or defined resource statement and the name"
        }
        "class_name_single_space_after" => {
            "there should be a single space between the class or resource name and the next item"
        }
        "closing_brace_before" => "there should be a single space or newline before a closing brace",
        "closing_brace_after" => "there should be either a bracket, punctuation mark, closing quote or a newline after a closing brace, or whitespace and none of the aforementioned",
        "closing_bracket_before" => {
            "there should be no whitespace or a single newline before a closing bracket"
        }
        "closing_bracket_after" => "there should be either a bracket, punctuation mark, closing quote or a newline after a closing bracket, or whitespace and none of the aforementioned",
        "two_empty_lines" => "there should be no two consecutive empty lines",
        "newline_beginning_of_file" => "there should not be a newline at the beginning of a manifest",
        "missing_newline_end_of_file" | "double_newline_end_of_file" => {
            "there should be a single newline at the end of a manifest"
        }
        "opening_brace_before" => "there should be a single space before an opening brace",
        "opening_brace_after" => {
            "there should be a single space or single newline after an opening brace"
        }
        "opening_bracket_before" => "there should be a single space before an opening bracket",
        "opening_bracket_after" => {
            "there should be no whitespace or a single newline after an opening bracket"
        }
        _ => panic!("not a check of the group: {check}"),
    }
}

fn options() -> LintOptions {
    let mut options = LintOptions::all();
    options.only(GROUP.iter().copied()).unwrap();
    options
}

/// The group's problems in `text`, in puppet-lint's order, are `expected` (line, column, check
/// without its `manifest_whitespace_` prefix), each with its check's message.
fn expect(text: &str, expected: &[(u32, u32, &str)]) {
    let problems = lint_source(text, Some("manifests/init.pp"), &options());
    let got: Vec<(u32, u32, String)> = problems
        .iter()
        .map(|p| {
            let short = p.check.name.trim_start_matches("manifest_whitespace_");
            assert_eq!(p.message, message(short), "{}:{}", p.line, p.column);
            (p.line, p.column, short.to_string())
        })
        .collect();
    let want: Vec<(u32, u32, String)> = expected
        .iter()
        .map(|&(l, c, n)| (l, c, n.to_string()))
        .collect();
    assert_eq!(got, want);
}

/// `text` after `--fix` with the group's checks; no fix may be refused.
fn fixed(text: &str) -> String {
    let outcome = fix(text, Some("manifests/init.pp"), &options());
    assert!(
        outcome.refused.is_empty(),
        "refused: {:?}",
        outcome
            .refused
            .iter()
            .map(|r| &r.reason)
            .collect::<Vec<_>>()
    );
    outcome.text
}

// Generated from the oracle's verdicts (problems) and reviewed fixes. Where puppet-lint's own
// fix gives something else: `arrows` (it leaves `owner => ` with a trailing blank and the value
// on its line), `brace_after` (NoFix for `}else`, `}->`, `}# c`), `class_after` (it pulls the
// comment up to `class s # c`), `class_before` and `inherits` (NoFix across a line break),
// `empty_lines` (it joins the blanks of the removed line to the next line's indentation),
// `obracket_after` (it removes the blank before a comment: `[# c`).

#[test]
fn arrows() {
    let text = "file { '/x':\n  ensure =>file,\n  mode =>  '0644',\n  owner =>\n    'root',\n  group => # c\n    'root',\n}\n$h = { 'a' =>\t1, 'b' =>\n  # c\n  2 }\n";
    expect(
        text,
        &[
            (2, 12, "arrows_single_space_after"),
            (3, 10, "arrows_single_space_after"),
            (4, 11, "arrows_single_space_after"),
            (9, 14, "arrows_single_space_after"),
            (9, 24, "arrows_single_space_after"),
        ],
    );
    assert_eq!(fixed(text), "file { '/x':\n  ensure => file,\n  mode => '0644',\n  owner => 'root',\n  group => # c\n    'root',\n}\n$h = { 'a' => 1, 'b' =>\n  # c\n  2 }\n");
}

#[test]
fn beginning() {
    let text = "\n\nclass foo {\n}\n";
    expect(
        text,
        &[
            (1, 1, "newline_beginning_of_file"),
            (2, 1, "newline_beginning_of_file"),
        ],
    );
    assert_eq!(fixed(text), "class foo {\n}\n");
}

#[test]
fn beginning2() {
    let text = "  \n\nclass foo {\n}\n";
    expect(text, &[]);
    assert_eq!(fixed(text), "  \n\nclass foo {\n}\n");
}

#[test]
fn brace_after() {
    let text = "if $x {\n  $y = 1\n}else {\n  $y = 2\n}\n$h = { 'a' => { 'b' => 1 }}\n$k = [{ 'a' => 1 } ]\nfile { '/x': }->file { '/y': }\n$m = { 'a' => 1 } # c\n$n = { 'a' => 1 }# c\n$o = [{ 'a' => 1 } ,\n]\n$p = { 'a' => 1 } \n";
    expect(
        text,
        &[
            (6, 27, "closing_brace_before"),
            (3, 2, "closing_brace_after"),
            (6, 27, "closing_brace_after"),
            (7, 19, "closing_brace_after"),
            (8, 15, "closing_brace_after"),
            (10, 18, "closing_brace_after"),
            (11, 19, "closing_brace_after"),
            (7, 19, "closing_bracket_before"),
        ],
    );
    assert_eq!(fixed(text), "if $x {\n  $y = 1\n} else {\n  $y = 2\n}\n$h = { 'a' => { 'b' => 1 } }\n$k = [{ 'a' => 1 }]\nfile { '/x': } ->file { '/y': }\n$m = { 'a' => 1 } # c\n$n = { 'a' => 1 } # c\n$o = [{ 'a' => 1 },\n]\n$p = { 'a' => 1 } \n");
}

#[test]
fn brace_before() {
    let text = "$a = {}\n$b = { }\n$c = {'a' => 1}\n$d = { 'a' => 1  }\nif $x {\n  $y = 1\n\n}\nif $z {\n  $y = 1 \n}\nif $w {\n  $y = 1\n  \n  }\n$e = { 'a' => 1 /* c */}\n";
    expect(
        text,
        &[
            (2, 7, "closing_brace_before"),
            (3, 15, "closing_brace_before"),
            (4, 16, "closing_brace_before"),
            (6, 9, "closing_brace_before"),
            (10, 9, "closing_brace_before"),
            (13, 9, "closing_brace_before"),
            (16, 24, "closing_brace_before"),
            (3, 7, "opening_brace_after"),
        ],
    );
    assert_eq!(fixed(text), "$a = {}\n$b = {}\n$c = { 'a' => 1 }\n$d = { 'a' => 1 }\nif $x {\n  $y = 1\n}\nif $z {\n  $y = 1\n}\nif $w {\n  $y = 1\n  }\n$e = { 'a' => 1 /* c */ }\n");
}

#[test]
fn bracket_after() {
    let text = "$a = [[1, 2] , 3]\n$b = [1]\n$c = { 'a' => [1]}\nif [1] == [1]{\n}\n$d = [[1] ]\n$e = [1] \n";
    expect(
        text,
        &[
            (3, 18, "closing_brace_before"),
            (6, 10, "closing_bracket_before"),
            (1, 13, "closing_bracket_after"),
            (3, 18, "closing_bracket_after"),
            (4, 14, "closing_bracket_after"),
            (6, 10, "closing_bracket_after"),
            (4, 14, "opening_brace_before"),
        ],
    );
    assert_eq!(fixed(text), "$a = [[1, 2], 3]\n$b = [1]\n$c = { 'a' => [1] }\nif [1] == [1] {\n}\n$d = [[1]]\n$e = [1] \n");
}

#[test]
fn bracket_before() {
    let text =
        "$a = [1, 2 ]\n$b = [ ]\n$c = [\n  1,\n\n]\n$d = [\n  1, \n  ]\n$f = [1, [2, 3]  ]\n";
    expect(
        text,
        &[
            (1, 11, "closing_bracket_before"),
            (2, 7, "closing_bracket_before"),
            (4, 5, "closing_bracket_before"),
            (8, 5, "closing_bracket_before"),
            (10, 16, "closing_bracket_before"),
            (10, 16, "closing_bracket_after"),
            (2, 7, "opening_bracket_after"),
        ],
    );
    assert_eq!(
        fixed(text),
        "$a = [1, 2]\n$b = []\n$c = [\n  1,\n]\n$d = [\n  1,\n  ]\n$f = [1, [2, 3]]\n"
    );
}

#[test]
fn class_after() {
    let text = "class foo{\n}\nclass bar  {\n}\nclass baz\n{\n}\ndefine qux($a) {\n}\nclass q inherits foo {\n}\nclass r # c\n{\n}\nclass s\n# c\n{\n}\n";
    expect(
        text,
        &[
            (1, 7, "class_name_single_space_after"),
            (3, 7, "class_name_single_space_after"),
            (5, 7, "class_name_single_space_after"),
            (15, 7, "class_name_single_space_after"),
            (8, 8, "class_name_single_space_after"),
            (1, 10, "opening_brace_before"),
            (3, 12, "opening_brace_before"),
            (6, 1, "opening_brace_before"),
        ],
    );
    assert_eq!(fixed(text), "class foo {\n}\nclass bar {\n}\nclass baz {\n}\ndefine qux ($a) {\n}\nclass q inherits foo {\n}\nclass r # c\n{\n}\nclass s\n# c\n{\n}\n");
}

#[test]
fn class_before() {
    let text = "class  foo {\n}\ndefine\tbar () {\n}\nclass { 'baz': }\nclass\n  qux {\n}\n";
    expect(
        text,
        &[
            (1, 6, "class_name_single_space_before"),
            (6, 6, "class_name_single_space_before"),
            (3, 7, "class_name_single_space_before"),
        ],
    );
    assert_eq!(
        fixed(text),
        "class foo {\n}\ndefine bar () {\n}\nclass { 'baz': }\nclass qux {\n}\n"
    );
}

#[test]
fn crlf() {
    let text = "class foo {\r\n  $x = {'a' => 1}\r\n\r\n\r\n}\r\n";
    expect(
        text,
        &[
            (2, 17, "closing_brace_before"),
            (2, 18, "closing_brace_before"),
            (4, 1, "two_empty_lines"),
            (2, 9, "opening_brace_after"),
        ],
    );
    assert_eq!(fixed(text), "class foo {\r\n  $x = { 'a' => 1 }\r\n}\r\n");
}

#[test]
fn double() {
    let text = "class foo {\n}\n\n\n";
    expect(
        text,
        &[
            (4, 1, "two_empty_lines"),
            (4, 1, "double_newline_end_of_file"),
            (3, 1, "double_newline_end_of_file"),
        ],
    );
    assert_eq!(fixed(text), "class foo {\n}\n");
}

#[test]
fn double2() {
    let text = "class foo {\n}\n  \n\n";
    expect(
        text,
        &[
            (4, 1, "two_empty_lines"),
            (4, 1, "double_newline_end_of_file"),
        ],
    );
    assert_eq!(fixed(text), "class foo {\n}\n  \n");
}

#[test]
fn empty_lines() {
    let text = "$a = 1\n\n\n$b = 2\n\n  \n\n$c = 3\n\n\n\n$d = 4\n";
    expect(
        text,
        &[
            (3, 1, "two_empty_lines"),
            (6, 3, "two_empty_lines"),
            (7, 1, "two_empty_lines"),
            (10, 1, "two_empty_lines"),
            (11, 1, "two_empty_lines"),
        ],
    );
    assert_eq!(fixed(text), "$a = 1\n\n$b = 2\n\n$c = 3\n\n$d = 4\n");
}

#[test]
fn heredoc_interp() {
    let text = "$a = @(\"EOT\")\n  ${foo[ 1 ]} and ${ $x.map |$i| {$i}} $y\n  | EOT\nnotice($a)\n$b = @(\"EOT\"/L)\n    x ${ {'a' => 1}['a'] }\n    |- EOT\n$c = @(EOT)\n  ${foo[ 1 ]}\n  | EOT\nnotice($b, $c)\n";
    expect(
        text,
        &[
            (2, 37, "closing_brace_before"),
            (6, 19, "closing_brace_before"),
            (2, 11, "closing_bracket_before"),
            (6, 25, "closing_bracket_after"),
            (2, 35, "opening_brace_after"),
            (6, 11, "opening_brace_after"),
            (2, 9, "opening_bracket_after"),
        ],
    );
    assert_eq!(fixed(text), "$a = @(\"EOT\")\n  ${foo[1]} and ${ $x.map |$i| { $i }} $y\n  | EOT\nnotice($a)\n$b = @(\"EOT\"/L)\n    x ${ { 'a' => 1 }['a']}\n    |- EOT\n$c = @(EOT)\n  ${foo[ 1 ]}\n  | EOT\nnotice($b, $c)\n");
}

#[test]
fn heredoc_lines() {
    let text = "class foo {\n  $x = @(EOT)\n    text\n    | EOT\n}\n$z = @(EOT)\n  a\n  | EOT\n\n\n$w = [@(A), @(B)]\n  a\n  | A\n  b\n  | B\nnotice($w)\n";
    expect(text, &[(10, 1, "two_empty_lines")]);
    assert_eq!(fixed(text), "class foo {\n  $x = @(EOT)\n    text\n    | EOT\n}\n$z = @(EOT)\n  a\n  | EOT\n\n$w = [@(A), @(B)]\n  a\n  | A\n  b\n  | B\nnotice($w)\n");
}

#[test]
fn heredoc_pinned() {
    let text = "notice(@(EOT), { 'a' =>\n  t\n  | EOT\n  1 })\nnotice(@(EOT))\n  t\n  | EOT\n$y = {\n  'b' =>\n    @(EOT)\n    t\n    | EOT\n}\n";
    expect(
        text,
        &[
            (1, 24, "arrows_single_space_after"),
            (9, 9, "arrows_single_space_after"),
        ],
    );
    assert_eq!(fixed(text), "notice(@(EOT), { 'a' =>\n  t\n  | EOT\n  1 })\nnotice(@(EOT))\n  t\n  | EOT\n$y = {\n  'b' => @(EOT)\n    t\n    | EOT\n}\n");
}

#[test]
fn inherits() {
    let text = "class foo inherits  bar {\n}\nclass foo2 inherits\n  bar {\n}\nclass foo3 inherits bar {\n}\n";
    expect(
        text,
        &[
            (1, 19, "inherits_name_single_space_before"),
            (3, 20, "inherits_name_single_space_before"),
        ],
    );
    assert_eq!(
        fixed(text),
        "class foo inherits bar {\n}\nclass foo2 inherits bar {\n}\nclass foo3 inherits bar {\n}\n"
    );
}

#[test]
fn leading_ws() {
    let text = "  $a = {'b' => 1}\n";
    expect(
        text,
        &[
            (1, 17, "closing_brace_before"),
            (1, 9, "opening_brace_after"),
        ],
    );
    assert_eq!(fixed(text), "  $a = { 'b' => 1 }\n");
}

#[test]
fn misc() {
    let text = "$x = $y ? {'a' => 1, default => 2}\n[1].each |$i|{ notice($i) }\nFile['/x'] -> File['/y']\nnotice(\"${x['a']}\")\n$v = \"${x.map |$i| { $i }}\"\n$u = {'é' => 'ü'}\n";
    expect(
        text,
        &[
            (1, 34, "closing_brace_before"),
            (6, 17, "closing_brace_before"),
            (2, 14, "opening_brace_before"),
            (1, 12, "opening_brace_after"),
            (6, 7, "opening_brace_after"),
        ],
    );
    assert_eq!(fixed(text), "$x = $y ? { 'a' => 1, default => 2 }\n[1].each |$i| { notice($i) }\nFile['/x'] -> File['/y']\nnotice(\"${x['a']}\")\n$v = \"${x.map |$i| { $i }}\"\n$u = { 'é' => 'ü' }\n");
}

#[test]
fn missing() {
    let text = "class foo {\n}";
    expect(text, &[(2, 1, "missing_newline_end_of_file")]);
    assert_eq!(fixed(text), "class foo {\n}\n");
}

#[test]
fn missing2() {
    let text = "class foo {\n}  ";
    expect(text, &[(2, 2, "missing_newline_end_of_file")]);
    assert_eq!(fixed(text), "class foo {\n}  \n");
}

#[test]
fn missing3() {
    let text = "$a = 1 # c";
    expect(text, &[(1, 8, "missing_newline_end_of_file")]);
    assert_eq!(fixed(text), "$a = 1 # c\n");
}

#[test]
fn obrace_after() {
    let text = "$h = {'a' => 1 }\n$i = {  'a' => 1 }\nclass foo {\n\n  $x = 1\n}\nclass bar {\n  \n  $x = 1\n}\n$j = {}\n$k = {\t'a' => 1 }\nif $x {# c\n}\nif $y {  \n}\nclass baz {\n\n\n  $x = 1\n}\n";
    expect(
        text,
        &[
            (15, 8, "closing_brace_before"),
            (19, 1, "two_empty_lines"),
            (1, 7, "opening_brace_after"),
            (2, 7, "opening_brace_after"),
            (4, 1, "opening_brace_after"),
            (12, 7, "opening_brace_after"),
            (13, 8, "opening_brace_after"),
            (15, 8, "opening_brace_after"),
            (18, 1, "opening_brace_after"),
        ],
    );
    assert_eq!(fixed(text), "$h = { 'a' => 1 }\n$i = { 'a' => 1 }\nclass foo {\n  $x = 1\n}\nclass bar {\n  \n  $x = 1\n}\n$j = {}\n$k = { 'a' => 1 }\nif $x { # c\n}\nif $y {\n}\nclass baz {\n  $x = 1\n}\n");
}

#[test]
fn obrace_before() {
    let text = "class foo{\n}\nclass bar  {\n}\nclass baz\n{\n}\n$a = [{ 'a' => 1 }, {'b' => 2}]\n$b = foo( { 'a' => 1 })\n$c = foo({ 'a' => 1 })\n$x.each |$y|{\n}\ncase $x {\n  'a': {\n  }\n  default:{\n  }\n}\n$h = {\n  'a' =>\n  {\n    'b' => 1,\n  },\n}\n$i = [\n  { 'a' => 1 },\n  {'b' => 2},\n]\n";
    expect(
        text,
        &[
            (20, 9, "arrows_single_space_after"),
            (1, 7, "class_name_single_space_after"),
            (3, 7, "class_name_single_space_after"),
            (5, 7, "class_name_single_space_after"),
            (8, 30, "closing_brace_before"),
            (27, 12, "closing_brace_before"),
            (1, 10, "opening_brace_before"),
            (3, 12, "opening_brace_before"),
            (6, 1, "opening_brace_before"),
            (9, 11, "opening_brace_before"),
            (11, 13, "opening_brace_before"),
            (21, 3, "opening_brace_before"),
            (8, 22, "opening_brace_after"),
            (27, 4, "opening_brace_after"),
        ],
    );
    assert_eq!(fixed(text), "class foo {\n}\nclass bar {\n}\nclass baz {\n}\n$a = [{ 'a' => 1 }, { 'b' => 2 }]\n$b = foo({ 'a' => 1 })\n$c = foo({ 'a' => 1 })\n$x.each |$y| {\n}\ncase $x {\n  'a': {\n  }\n  default:{\n  }\n}\n$h = {\n  'a' => {\n    'b' => 1,\n  },\n}\n$i = [\n  { 'a' => 1 },\n  { 'b' => 2 },\n]\n");
}

#[test]
fn obracket_after() {
    let text = "$a = [ 1, 2]\n$b = [\n\n  1,\n]\n$c = [ # c\n  1,\n]\n$d = [\n  1,\n]\n$e = [\n\n\n  1,\n]\n";
    expect(
        text,
        &[
            (14, 1, "two_empty_lines"),
            (1, 7, "opening_bracket_after"),
            (3, 1, "opening_bracket_after"),
            (6, 7, "opening_bracket_after"),
            (13, 1, "opening_bracket_after"),
        ],
    );
    assert_eq!(
        fixed(text),
        "$a = [1, 2]\n$b = [\n  1,\n]\n$c = [ # c\n  1,\n]\n$d = [\n  1,\n]\n$e = [\n  1,\n]\n"
    );
}

#[test]
fn obracket_before() {
    let text = "$a = {\n  'b' =>[1, 2],\n  'c' =>  [3],\n  'd' =>\n  [4],\n}\n$e = foo( [1])\n$f = [ [1]]\nif $x in  ['a'] {\n}\n$g = [[1],\n  [2]]\n";
    expect(
        text,
        &[
            (2, 9, "arrows_single_space_after"),
            (3, 9, "arrows_single_space_after"),
            (4, 9, "arrows_single_space_after"),
            (2, 9, "opening_bracket_before"),
            (3, 11, "opening_bracket_before"),
            (5, 3, "opening_bracket_before"),
            (7, 11, "opening_bracket_before"),
            (8, 8, "opening_bracket_before"),
            (9, 11, "opening_bracket_before"),
            (8, 7, "opening_bracket_after"),
        ],
    );
    assert_eq!(fixed(text), "$a = {\n  'b' => [1, 2],\n  'c' => [3],\n  'd' => [4],\n}\n$e = foo([1])\n$f = [[1]]\nif $x in ['a'] {\n}\n$g = [[1],\n  [2]]\n");
}

/// puppet-lint's lexer takes `$x[ 'a' ]` for one variable token (its variable pattern ends in
/// `(\[.+?\])*`), so it sees none of these brackets: it reports nothing here. The three
/// `closing_bracket_after` problems the corpus has more than puppet-lint are this case
/// (`$vals_array[2]}`).
#[test]
fn brackets_after_a_variable_are_brackets() {
    let text = "$a = $x[ 'a' ]\n$b = $facts['os']['family']=='x'\n$c = { 'a' => $x[1]}\n";
    expect(
        text,
        &[
            (3, 20, "closing_brace_before"),
            (1, 13, "closing_bracket_before"),
            (2, 28, "closing_bracket_after"),
            (3, 20, "closing_bracket_after"),
            (1, 9, "opening_bracket_after"),
        ],
    );
    assert_eq!(
        fixed(text),
        "$a = $x['a']\n$b = $facts['os']['family'] =='x'\n$c = { 'a' => $x[1] }\n"
    );
}
