//! The scope checks of this project (`unused_variable`, `undefined_variable`) on snippets.
//! puppet-lint has no such checks: the expected problems follow Puppet's scoping rules
//! (`Puppet::Parser::Scope`, the evaluator's multiple assignment).

use puppet_lint::{lint_source, LintOptions};

const PATH: &str = "/tmp/dl/t/foo/manifests/init.pp";

fn only(check: &str) -> LintOptions {
    let mut options = LintOptions::all();
    options.only([check]).unwrap();
    options
}

/// The problems of `check` in `text` are `expected`, in this order.
fn case(check: &str, text: &str, expected: &[(u32, u32, &str)]) {
    let got: Vec<(u32, u32, String)> = lint_source(text, Some(PATH), &only(check))
        .into_iter()
        .filter(|p| p.check.name == check)
        .map(|p| (p.line, p.column, p.message))
        .collect();
    let want: Vec<(u32, u32, String)> = expected
        .iter()
        .map(|&(l, c, m)| (l, c, m.to_string()))
        .collect();
    assert_eq!(got, want, "{check} on\n{text}");
}

fn unused(text: &str, expected: &[(u32, u32, &str)]) {
    case("unused_variable", text, expected);
}

fn undefined(text: &str, expected: &[(u32, u32, &str)]) {
    case("undefined_variable", text, expected);
}

#[test]
fn unused_in_a_define_a_function_and_a_lambda() {
    unused(
        "define foo($a) {\n  $x = 1\n  $y = 2\n  notice(\"${x}\")\n  $a.each |$i| {\n    $z = $i\n    notice($i)\n  }\n}\nfunction f($a) {\n  $b = $a\n  $a\n}\n",
        &[
            (3, 3, "variable '$y' is assigned but never used"),
            (6, 5, "variable '$z' is assigned but never used"),
            (11, 3, "variable '$b' is assigned but never used"),
        ],
    );
}

#[test]
fn unused_each_assignment_is_reported() {
    unused(
        "define foo($a) {\n  if $a {\n    $x = 1\n  } else {\n    $x = 2\n  }\n}\n",
        &[
            (3, 5, "variable '$x' is assigned but never used"),
            (5, 5, "variable '$x' is assigned but never used"),
        ],
    );
}

#[test]
fn unused_reads_in_strings_heredocs_and_nested_lambdas() {
    unused(
        "define foo($l) {\n  $a = 1\n  $b = 2\n  $c = 3\n  $d = 4\n  notice(\"$a\")\n  $h = @(\"E\")\n    ${b}\n    | E\n  notice($h)\n  $l.each |$i| {\n    $l.each |$j| { notice($c[$j]) }\n  }\n  $n = @(E)\n    ${d}\n    | E\n  notice($n)\n}\n",
        // `@(E)` does not interpolate: `$d` is not read.
        &[(5, 3, "variable '$d' is assigned but never used")],
    );
}

#[test]
fn unused_not_in_classes_or_top_scope() {
    unused(
        "$top = 1\nclass foo {\n  $x = 1\n  [1].each |$i| { $y = 2 notice($i) }\n}\n",
        &[(4, 19, "variable '$y' is assigned but never used")],
    );
}

#[test]
fn unused_templates_and_getvar_read_everything() {
    unused(
        "define foo {\n  $x = 1\n  file { '/x': content => template('foo/x.erb') }\n}\ndefine bar {\n  $x = 1\n  [1].each |$i| { notice(inline_epp('<%= $x %>')) }\n}\ndefine baz($n) {\n  $x = 1\n  $y = 2\n  notice(getvar(\"${n}\"))\n}\n",
        &[],
    );
    unused(
        "define foo {\n  $x = 1\n  $y = 2\n  $z = 3\n  if defined('$x') { notice(getvar('y')) }\n}\n",
        &[(4, 3, "variable '$z' is assigned but never used")],
    );
    // The method forms: `'y'.getvar` names `$y`; `$n.getvar` may name any variable.
    unused(
        "define foo {\n  $x = 1\n  $y = 2\n  notice('y'.getvar)\n}\ndefine bar($n) {\n  $x = 1\n  notice($n.getvar)\n}\n",
        &[(2, 3, "variable '$x' is assigned but never used")],
    );
}

#[test]
fn unused_multiple_assignment() {
    unused(
        "define foo {\n  [$a, $b, $c] = split($title, ' ')\n  notice($a)\n  [$d, $e] = [1, 2]\n  [$f, $g] = {'f' => 1, 'g' => 2}\n  notice($f)\n}\n",
        &[
            (4, 4, "variable '$d' is assigned but never used"),
            (4, 8, "variable '$e' is assigned but never used"),
            (5, 8, "variable '$g' is assigned but never used"),
        ],
    );
}

#[test]
fn unused_returned_values_are_used() {
    unused(
        "function f($a) {\n  if $a { $x = 1 } else { $y = 2 }\n}\ndefine foo($l) {\n  $m = $l.map |$v| { $r = $v * 2 }\n  notice($m)\n  $l.each |$v| { $s = $v\n    notice($v) }\n}\n",
        &[(7, 18, "variable '$s' is assigned but never used")],
    );
}

#[test]
fn unused_node_scope_is_seen_by_what_the_node_declares() {
    unused(
        "node a {\n  $role = 'web'\n  include profile\n}\nnode b {\n  $role = 'db'\n  foo::bar { 'x': }\n}\nnode c {\n  $role = 'x'\n  file { '/x': ensure => file }\n}\n",
        &[(10, 3, "variable '$role' is assigned but never used")],
    );
}

#[test]
fn undefined_in_a_define() {
    undefined(
        "$top = 1\ndefine foo($a, $b = $a) {\n  notice($a, $b, $c, $title, $name, $facts, $trusted, $module_name)\n  notice(\"${d} $e ${f[0]}\", $top, $osfamily, $kernel, $::x, $x::y, $settings::z)\n  $g = 1\n  notice($g)\n}\n",
        &[
            (3, 18, "variable '$c' is not assigned in its scope"),
            (4, 11, "variable '$d' is not assigned in its scope"),
            (4, 16, "variable '$e' is not assigned in its scope"),
            (4, 19, "variable '$f' is not assigned in its scope"),
        ],
    );
}

#[test]
fn undefined_before_assignment_and_in_own_right_side() {
    undefined(
        "define foo($l) {\n  notice($x)\n  $x = 1\n  $y = $l.map |$i| { $y }\n  if $l =~ /(a)/ { notice($1, $0) }\n}\n",
        &[
            (2, 10, "variable '$x' is not assigned in its scope"),
            (4, 22, "variable '$y' is not assigned in its scope"),
        ],
    );
}

#[test]
fn undefined_lambdas_see_their_scope() {
    undefined(
        "class foo($p) {\n  $v = 1\n  [1].each |$i| {\n    $w = 2\n    [2].each |$j| { notice($i, $j, $p, $v, $w, $later, $title) }\n  }\n  $later = 3\n}\nclass bar inherits foo {\n  [1].each |$i| { notice($v) }\n}\n",
        &[(5, 48, "variable '$later' is not assigned in its scope")],
    );
}

#[test]
fn undefined_a_define_does_not_see_the_class_around_it() {
    undefined(
        "class foo {\n  $v = 1\n  define foo::bar {\n    notice($v)\n  }\n}\n",
        &[(4, 12, "variable '$v' is not assigned in its scope")],
    );
}

#[test]
fn undefined_in_a_function() {
    undefined(
        "function foo::f(String $a, *$rest) {\n  $b = $a\n  notice($rest, $facts['os'], $c)\n  $b\n}\n",
        &[(3, 31, "variable '$c' is not assigned in its scope")],
    );
}

#[test]
fn undefined_not_in_classes_nodes_or_top_scope() {
    undefined(
        "notice($a)\nclass foo {\n  notice($b)\n}\nnode x {\n  notice($c)\n}\n",
        &[],
    );
}
