//! The definition, resource and reference checks on snippets: each case's expected problems
//! are what puppet-lint 4.3.0 with the plugins reports (exact duplicates removed), except where
//! a comment says why we differ.

use puppet_lint::{fix, lint_source, LintOptions};

/// The path the snippets are linted as (`autoloader_layout` reads it).
const PATH: &str = "/tmp/dl/t/foo/manifests/init.pp";

fn only(check: &str) -> LintOptions {
    let mut options = LintOptions::all();
    options.only([check]).unwrap();
    options
}

fn problems(check: &str, text: &str) -> Vec<(u32, u32, String)> {
    lint_source(text, Some(PATH), &only(check))
        .into_iter()
        .filter(|p| p.check.name == check)
        .map(|p| (p.line, p.column, p.message))
        .collect()
}

/// The problems of `check` in `text` are `expected`, in this order.
fn case(check: &str, text: &str, expected: &[(u32, u32, &str)]) {
    let got = problems(check, text);
    let want: Vec<(u32, u32, String)> = expected
        .iter()
        .map(|&(l, c, m)| (l, c, m.to_string()))
        .collect();
    assert_eq!(got, want, "{check} on\n{text}");
}

/// `--fix` with only `check` on makes `fixed` of `text`, and nothing of the check is left.
fn fixes(check: &str, text: &str, fixed: &str) {
    let outcome = fix(text, Some(PATH), &only(check));
    assert_eq!(outcome.text, fixed, "{check} fixing\n{text}");
    let left: Vec<_> = outcome
        .remaining
        .iter()
        .filter(|p| p.check.name == check)
        .map(|p| (p.line, p.column, p.message.clone()))
        .collect();
    assert!(left.is_empty(), "{check}: left after the fix: {left:?}");
}

#[test]
fn core_fixes() {
    fixes(
        "names_containing_uppercase",
        "class fooBar { }\n",
        "class foobar { }\n",
    );
    fixes(
        "unquoted_node_name",
        "node foo.example.com, bar { }\n",
        "node 'foo.example.com', 'bar' { }\n",
    );
    // The attribute texts are swapped; each comment stays on its line.
    fixes(
        "ensure_first_param",
        "file { '/x':\n  mode   => 644, # lint:ignore:unquoted_file_mode keep it\n  owner  => 'root',\n  ensure => file, # the ensure\n}\n",
        "file { '/x':\n  ensure => file, # lint:ignore:unquoted_file_mode keep it\n  owner  => 'root',\n  mode   => 644, # the ensure\n}\n",
    );
    fixes(
        "ensure_first_param",
        "file { '/y': mode => '0644', ensure => file }\n",
        "file { '/y': ensure => file, mode => '0644' }\n",
    );
    fixes(
        "ensure_not_symlink_target",
        "file { '/x':\n    ensure => '/y',\n}\nfile { '/z': ensure => \"/w/${v}\" }\n",
        "file { '/x':\n    ensure => link,\n    target => '/y',\n}\nfile { '/z': ensure => link, target => \"/w/${v}\" }\n",
    );
    fixes(
        "file_mode",
        "file { '/a': mode => '644' }\nfile { '/b': mode => 755 }\n",
        "file { '/a': mode => '0644' }\nfile { '/b': mode => '0755' }\n",
    );
    fixes(
        "unquoted_file_mode",
        "file { '/a': mode => 0644 }\n",
        "file { '/a': mode => '0644' }\n",
    );
    fixes(
        "unquoted_resource_title",
        "package { foo: ; bar-baz: }\n",
        "package { 'foo': ; 'bar-baz': }\n",
    );
}

#[test]
fn autoloader_layout_1() {
    case(
        "autoloader_layout",
        "class foo { }\nclass foo::bar { }\ndefine foo::baz::qux { }\nclass other { }\nclass ::foo { }\n",
        &[(2, 7, "foo::bar not in autoload module layout"), (4, 7, "other not in autoload module layout"), (5, 7, "::foo not in autoload module layout"), (3, 8, "foo::baz::qux not in autoload module layout")],
    );
}

#[test]
fn class_inherits_from_params_class_1() {
    case(
        "class_inherits_from_params_class",
        "class foo inherits foo::params { }\nclass foo::a inherits ::foo::params { }\nclass foo::b inherits foo::params_x { }\nclass foo::c {\n  class foo::d inherits bar::params { }\n}\n",
        &[(1, 20, "class inheriting from params class"), (2, 23, "class inheriting from params class"), (5, 25, "class inheriting from params class")],
    );
}

#[test]
fn inherits_across_namespaces_1() {
    case(
        "inherits_across_namespaces",
        "class foo inherits bar { }\nclass foo::a inherits foo { }\nclass foo::b inherits ::foo::c { }\nclass ::foo::e inherits foo { }\nclass foo::f {\n  class foo::g inherits bar::params { }\n}\n",
        &[(1, 20, "class inherits across module namespaces"), (6, 25, "class inherits across module namespaces")],
    );
}

#[test]
fn names_containing_dash_1() {
    case(
        "names_containing_dash",
        "class foo-bar { }\ndefine foo::a-b { }\nclass foo_bar { }\n",
        &[
            (1, 7, "class name containing a dash"),
            (2, 8, "defined type name containing a dash"),
        ],
    );
}

#[test]
fn names_containing_uppercase_1() {
    case(
        "names_containing_uppercase",
        "class fooBar { }\ndefine foo::baZ { }\nclass foo { }\n",
        &[
            (1, 7, "class 'fooBar' contains illegal uppercase"),
            (2, 8, "defined type 'foo::baZ' contains illegal uppercase"),
        ],
    );
}

#[test]
fn nested_classes_or_defines_1() {
    case(
        "nested_classes_or_defines",
        "class foo {\n  class bar {\n    define baz { }\n  }\n  class { 'x': }\n  include foo::bar\n}\ndefine foo::d {\n  class inner { }\n}\n",
        &[(2, 3, "class defined inside a class"), (3, 5, "defined type defined inside a class")],
    );
}

#[test]
fn parameter_order_1() {
    case(
        "parameter_order",
        "class foo($a = 1, $b, String $c, Array[String] $d = [], Foo::Bar $e, *$f) { }\ndefine foo::d(Optional[Hash] $a = { 'x' => 1 }, $b) { }\nclass foo::ok($b, $c, $a = 1) { }\n",
        &[(1, 19, "optional parameter listed before required parameter"), (1, 30, "optional parameter listed before required parameter"), (1, 66, "optional parameter listed before required parameter"), (2, 49, "optional parameter listed before required parameter")],
    );
}

#[test]
fn right_to_left_relationship_1() {
    case(
        "right_to_left_relationship",
        "Service['x'] <- Package['x']\nService['x'] <~ Package['x']\nPackage['x'] -> Service['x']\n",
        &[(1, 14, "right-to-left (<-) relationship")],
    );
}

#[test]
fn case_without_default_1() {
    case(
        "case_without_default",
        "case $x {\n  'a': {\n    case $y {\n      default: { }\n    }\n  }\n}\ncase $z {\n  'q', default: { }\n}\ncase $w { 'a': { } }\n",
        &[(1, 1, "case statement without a default case"), (11, 1, "case statement without a default case")],
    );
}

#[test]
fn selector_inside_resource_1() {
    case(
        "selector_inside_resource",
        "file { '/x':\n  mode  => $m ? { 'a' => '0644', default => '0600' },\n  owner => $facts['x'] ? { 'a' => 'b' },\n  group => foo($m) ? { 'a' => 'b' },\n  notify => 'x',\n}\nFile { mode => $m ? { 'a' => '0644' } }\n",
        &[(2, 9, "selector inside resource block"), (3, 9, "selector inside resource block")],
    );
}

#[test]
fn duplicate_params_1() {
    case(
        "duplicate_params",
        "file { '/x':\n  mode    => '0644',\n  mode    => '0600',\n  content => { a => 1, a => 2, 'b' => 1, 'b' => 2 },\n}\nfile { '/y': owner => 'a'; '/z': owner => 'b' }\n",
        &[(3, 3, "duplicate parameter found in resource"), (4, 24, "duplicate parameter found in resource")],
    );
}

#[test]
fn ensure_first_param_1() {
    case(
        "ensure_first_param",
        "file { '/x':\n  mode   => '0644',\n  ensure => file,\n}\nfile { '/y': ensure => file, mode => '0644' }\nclass { 'foo': bar => 1, ensure => present }\nfile { '/z': * => {}, owner => 'x', ensure => file }\n",
        &[(3, 3, "ensure found on line but it's not the first attribute"), (7, 37, "ensure found on line but it's not the first attribute")],
    );
}

#[test]
fn ensure_not_symlink_target_1() {
    case(
        "ensure_not_symlink_target",
        "file { '/x':\n  ensure => '/y',\n}\nfile { '/w': ensure => \"/z/${x}\" }\nfile { '/v': ensure => link }\npackage { 'p': ensure => '/x' }\n",
        &[(2, 13, "symlink target specified in ensure attr"), (4, 24, "symlink target specified in ensure attr")],
    );
}

#[test]
fn file_mode_1() {
    case(
        "file_mode",
        "file { '/a': mode => '644' }\nfile { '/b': mode => 644 }\nfile { '/c': mode => '0644' }\nfile { '/d': mode => 'u+rw,go=r' }\nfile { '/e': mode => $m }\nfile { '/f': mode => undef }\nfile { '/g': mode => \"0${m}\" }\nconcat { '/h': mode => '755' }\nfile { '/i': mode => '0644x' }\npackage { 'x': mode => '644' }\n",
        &[(1, 22, "mode should be represented as a 4 digit octal value or symbolic mode"), (2, 22, "mode should be represented as a 4 digit octal value or symbolic mode"), (7, 22, "mode should be represented as a 4 digit octal value or symbolic mode"), (8, 24, "mode should be represented as a 4 digit octal value or symbolic mode"), (9, 22, "mode should be represented as a 4 digit octal value or symbolic mode")],
    );
}

#[test]
fn unquoted_file_mode_1() {
    case(
        "unquoted_file_mode",
        "file { '/a': mode => 0644 }\nfile { '/b': mode => '0644' }\nconcat { '/c': mode => 644 }\nfile { '/d': mode => $m }\n",
        &[(1, 22, "unquoted file mode"), (3, 24, "unquoted file mode")],
    );
}

#[test]
fn unquoted_resource_title_1() {
    case(
        "unquoted_resource_title",
        "package { foo: }\npackage { 'bar': }\nfile { foo-bar: ; baz: }\npackage { foo :  }\n",
        &[
            (1, 11, "unquoted resource title"),
            (3, 8, "unquoted resource title"),
            (3, 19, "unquoted resource title"),
        ],
    );
}

#[test]
fn title_array_last() {
    case(
        "unquoted_resource_title",
        "package { [a, 'b', \"c\", d]: }\n",
        &[
            (1, 12, "unquoted resource title"),
            (1, 25, "unquoted resource title"),
        ],
    );
}

#[test]
fn title_array_not_last() {
    case(
        "unquoted_resource_title",
        "package { [a, b]: }\n$x = [1]\n",
        &[],
    );
}

#[test]
fn unquoted_node_name_1() {
    case(
        "unquoted_node_name",
        "node foo.example.com, bar, 'baz', default { }\nnode foo-bar { }\nnode /re/ { }\n",
        &[
            (1, 6, "unquoted node name found"),
            (1, 10, "unquoted node name found"),
            (1, 18, "unquoted node name found"),
            (1, 23, "unquoted node name found"),
            (2, 6, "unquoted node name found"),
        ],
    );
}

#[test]
fn code_on_top_scope_1() {
    case(
        "code_on_top_scope",
        "$a = \"x${b}y$c z${d['k']}\"\n$f = $g['h'][0]\n@@file { 'x': }\nclass foo { $q = 1 }\n$r = /re+/\ninclude ::foo\n",
        &[(1, 1, "code outside of class or define block - a"), (1, 4, "code outside of class or define block - ="), (1, 6, "code outside of class or define block - x"), (1, 10, "code outside of class or define block - b"), (1, 11, "code outside of class or define block - y"), (1, 13, "code outside of class or define block - c"), (1, 15, "code outside of class or define block -  z"), (1, 19, "code outside of class or define block - d"), (1, 20, "code outside of class or define block - ["), (1, 21, "code outside of class or define block - k"), (1, 24, "code outside of class or define block - ]"), (1, 25, "code outside of class or define block - "), (2, 1, "code outside of class or define block - f"), (2, 4, "code outside of class or define block - ="), (2, 6, "code outside of class or define block - g['h'][0]"), (3, 1, "code outside of class or define block - @"), (3, 2, "code outside of class or define block - @"), (3, 3, "code outside of class or define block - file"), (3, 8, "code outside of class or define block - {"), (3, 10, "code outside of class or define block - x"), (3, 13, "code outside of class or define block - :"), (3, 15, "code outside of class or define block - }"), (5, 1, "code outside of class or define block - r"), (5, 4, "code outside of class or define block - ="), (5, 6, "code outside of class or define block - re+"), (6, 1, "code outside of class or define block - include"), (6, 9, "code outside of class or define block - ::foo")],
    );
}

#[test]
fn code_on_top_scope_heredoc() {
    case(
        "code_on_top_scope",
        "$z = @(\"EOT\")\n  hi\n  EOT\n$y = @(EOT)\n  there\n  EOT\n",
        &[
            (1, 1, "code outside of class or define block - z"),
            (1, 4, "code outside of class or define block - ="),
            (1, 6, "code outside of class or define block - \"EOT\""),
            (2, 1, "code outside of class or define block -   hi"),
            (4, 1, "code outside of class or define block - y"),
            (4, 4, "code outside of class or define block - ="),
            (4, 6, "code outside of class or define block - EOT"),
            (5, 1, "code outside of class or define block -   there"),
        ],
    );
}

#[test]
fn code_on_top_scope_heredoc_tags() {
    case(
        "code_on_top_scope",
        "$z = @(EOT:json/L)\n\n  a\n\n  | - EOT\nnotice(@(X))\n  b X\n  X\n",
        &[
            (1, 1, "code outside of class or define block - z"),
            (1, 4, "code outside of class or define block - ="),
            (1, 6, "code outside of class or define block - EOT:json/L"),
            (2, 1, "code outside of class or define block - \n  a\n\n  "),
            (6, 1, "code outside of class or define block - notice"),
            (6, 7, "code outside of class or define block - ("),
            (6, 8, "code outside of class or define block - X"),
            (6, 12, "code outside of class or define block - )"),
            (7, 1, "code outside of class or define block -   b"),
            (8, 3, "code outside of class or define block - X"),
        ],
    );
}

#[test]
fn relative_classname_inclusion_1() {
    case(
        "relative_classname_inclusion",
        "include ::foo\ninclude ::foo, bar, '::baz', \"::qux\"\ncontain ::foo::bar\nrequire ::a\ninclude(::b)\ninclude foo(::c), ::d\nclass { '::e': }\nclass { ::f: }\nclass x inherits ::g { }\nfile { '/x': require => Class['::h'] }\ninclude ::i # ::j\n",
        &[(1, 9, "class included by absolute name (::$class)"), (2, 9, "class included by absolute name (::$class)"), (2, 21, "class included by absolute name (::$class)"), (3, 9, "class included by absolute name (::$class)"), (4, 9, "class included by absolute name (::$class)"), (5, 9, "class included by absolute name (::$class)"), (6, 19, "class included by absolute name (::$class)"), (7, 9, "class included by absolute name (::$class)"), (8, 9, "class included by absolute name (::$class)"), (9, 18, "class included by absolute name (::$class)"), (11, 9, "class included by absolute name (::$class)")],
    );
}

#[test]
fn relative_classname_reference_1() {
    case(
        "relative_classname_reference",
        "$a = Class['::foo']\n$b = Class[::bar]\n$c = Class['baz']\n$d = [Class['::x'], Class[\"::y\"]]\nFile['::z'] -> Class['::w']\n",
        &[(1, 12, "absolute class name reference"), (2, 12, "absolute class name reference"), (4, 13, "absolute class name reference"), (5, 22, "absolute class name reference")],
    );
}

#[test]
fn anchor_resource_1() {
    case(
        "anchor_resource",
        "anchor { 'a': }\nanchor { 'b': ; 'c': }\nclass foo {\n  anchor { 'foo::begin': } -> Class['foo::x'] -> anchor { 'foo::end': }\n}\nAnchor['a'] -> Anchor['b']\n",
        &[(1, 1, "manifest includes anchor resource"), (2, 1, "manifest includes anchor resource"), (4, 3, "manifest includes anchor resource"), (4, 50, "manifest includes anchor resource")],
    );
}

#[test]
fn exec_idempotency_1() {
    case(
        "exec_idempotency",
        "exec { 'a': command => '/bin/true' }\nexec { 'b': command => '/bin/true', unless => '/bin/false' }\nexec { 'c': command => '/bin/true', creates => '/x' }\nexec { 'd': command => '/bin/true', refreshonly => true }\nexec { 'e': command => '/bin/true', environment => { onlyif => 1 } }\nexec { 'f': command => '/bin/true'; 'g': onlyif => 'x' }\n",
        &[(1, 11, "exec without idempotency. set at least one of the attributes: onlyif, unless, creates, refreshonly"), (5, 11, "exec without idempotency. set at least one of the attributes: onlyif, unless, creates, refreshonly"), (6, 11, "exec without idempotency. set at least one of the attributes: onlyif, unless, creates, refreshonly")],
    );
}

#[test]
fn leading_zero_1() {
    case(
        "leading_zero",
        "$a = 0644\n$b = 644\n$c = '0644'\n$d = 0.5\n$e = 0x1f\n$f = 00\n$g = $h[01]\n$i = [01, 1]\n",
        // The plugin misses `$h[01]` (7, 9): puppet-lint's lexer makes `$h[01]` one variable.
        &[(1, 6, "unquoted number with leading zero"), (6, 6, "unquoted number with leading zero"), (7, 9, "unquoted number with leading zero"), (8, 7, "unquoted number with leading zero")],
    );
}

#[test]
fn lookup_in_parameter_1() {
    case(
        "lookup_in_parameter",
        "class foo($x = lookup('foo::x'), $y = lookup ('a'), $z = 'lookup') { }\ndefine foo::d(String $x = lookup('foo::x', String, 'first', 'a')) { $q = lookup('x') }\nclass foo::b { $q = lookup('x') }\nclass foo::c($a = $x.lookup('y')) { }\n",
        // The plugin reports none of these: puppet-lint's lexer reads `foo(` and `foo::d(` as
        // function names, so it never sees the parameter lists.
        &[(1, 16, "lookup used to set the default value of a parameter"), (1, 39, "lookup used to set the default value of a parameter"), (2, 27, "lookup used to set the default value of a parameter"), (4, 22, "lookup used to set the default value of a parameter")],
    );
}

#[test]
fn optional_default_1() {
    case(
        "optional_default",
        "class foo(\n  Optional[String] $a = 'x',\n  Optional[String] $b = undef,\n  Optional[String] $c = $foo,\n  Optional[String] $d = foo('x'),\n  Optional[String] $e,\n  Optional[Hash] $f = { 'a' => 1, 'b' => foo() },\n  Optional[Integer] $g = 1 + 2,\n  String $h = 'x',\n  Optional[String] $i = \"${x}\",\n) { }\ndefine foo::d(\n  Optional[String] $a,\n  Optional[String] $b = 'x',\n  Optional[String] $c = $x.y,\n) { }\n",
        &[(2, 20, "Optional parameter defaults to something other than undef"), (7, 18, "Optional parameter defaults to something other than undef"), (8, 21, "Optional parameter defaults to something other than undef"), (10, 20, "Optional parameter defaults to something other than undef"), (13, 20, "Optional defined type parameter doesn't have a default"), (14, 20, "Optional parameter defaults to something other than undef")],
    );
}

#[test]
fn params_empty_string_assignment_1() {
    case(
        "params_empty_string_assignment",
        "class foo(\n  String $a = '',\n  String[1] $b = '',\n  Variant[String, Integer] $c = '',\n  String $d = \"\",\n  Optional[String] $e = '',\n  String $f = 'x',\n  Stdlib::Foo $g = '',\n  $h = '',\n) { }\ndefine foo::d(String $a = '') { }\n",
        &[(2, 10, "class parameter with String type defaults to empty string"), (3, 13, "class parameter with String type defaults to empty string"), (4, 28, "class parameter with String type defaults to empty string"), (11, 22, "class parameter with String type defaults to empty string")],
    );
}

#[test]
fn params_not_optional_with_undef_1() {
    case(
        "params_not_optional_with_undef",
        "class foo(\n  String $a = undef,\n  Optional[String] $b = undef,\n  Variant[String, Undef] $c = undef,\n  Variant[String, Array[Undef]] $d = undef,\n  Stdlib::Foo $e = undef,\n  Integer $f = 1,\n  $g = undef,\n  Array[String] $h = undef,\n) { }\ndefine foo::d(String $a = undef) { }\n",
        &[(2, 10, "Not optional parameter defaults to undef"), (5, 33, "Not optional parameter defaults to undef"), (9, 17, "Not optional parameter defaults to undef"), (11, 22, "Not optional parameter defaults to undef")],
    );
}

#[test]
fn parameter_types_1() {
    case(
        "parameter_types",
        "class foo($a, String $b, *$c, Array[String] $d = [], $e = { 'x' => 1, 'y' => 2 }, Foo::Bar $f) { }\ndefine foo::d($a, $b = 1) { }\nclass foo::e { }\nclass foo::f() { }\n",
        &[(1, 11, "missing datatype for parameter foo::a"), (1, 27, "missing datatype for parameter foo::c"), (1, 54, "missing datatype for parameter foo::e"), (2, 15, "missing datatype for parameter foo::d::a"), (2, 19, "missing datatype for parameter foo::d::b")],
    );
}

#[test]
fn resource_reference_chain_without_whitespace_1() {
    case(
        "resource_reference_chain_without_whitespace",
        "$a = String [1]\n$b = String[1]\n$c = Class ['foo']\n$d = Foo ['x']\n$e = Optional\n  [String]\n",
        &[(1, 6, "whitespce between reference type and title"), (3, 6, "whitespce between reference type and title")],
    );
}

#[test]
fn resource_reference_without_whitespace_1() {
    case(
        "resource_reference_without_whitespace",
        "file { '/y': }\n$x = File ['/x']\n$z = Class ['foo']\n$w = File['/x']\n",
        &[(2, 6, "whitespce between reference type and title")],
    );
}

#[test]
fn resource_reference_without_whitespace_no_resource() {
    case(
        "resource_reference_without_whitespace",
        "$x = File ['/x']\n",
        &[],
    );
}

#[test]
fn resource_reference_with_unquoted_title_1() {
    case(
        "resource_reference_with_unquoted_title",
        "file { '/x':\n  require => Package[foo],\n  before  => [Service[bar], Service['baz'], File[Qux], Class[quux]],\n  notify  => Exec[ a ],\n  owner   => Package[b],\n}\nfile { '/y': subscribe => Package[c]; '/z': notify => Package[d] }\n",
        &[(2, 22, "unquoted title in resource reference"), (3, 23, "unquoted title in resource reference"), (7, 35, "unquoted title in resource reference"), (7, 63, "unquoted title in resource reference")],
    );
}

#[test]
fn resource_reference_without_title_capital_1() {
    case(
        "resource_reference_without_title_capital",
        "file { '/x':\n  require => Package[Foo],\n  before  => [Service[bar], Service[Baz::Qux], Class[Quux]],\n  owner   => Package[B],\n}\n",
        &[(2, 22, "resource reference with title with capital letter"), (3, 37, "resource reference with title with capital letter")],
    );
}

#[test]
fn unquoted_string_in_case_1() {
    case(
        "unquoted_string_in_case",
        "case $x {\n  foo: { }\n  bar, Baz, Qux::Q, 'q', default: { }\n  /re/, 1, true: { }\n  'x': { case $y { inner: { } } }\n}\ncase $z { a: { file { b: } } c: { } }\n",
        &[(2, 3, "unquoted string in case"), (3, 8, "unquoted string in case"), (3, 3, "unquoted string in case"), (5, 20, "unquoted string in case"), (7, 11, "unquoted string in case"), (7, 30, "unquoted string in case"), (7, 23, "unquoted string in case")],
    );
}

#[test]
fn unquoted_string_in_selector_1() {
    case(
        "unquoted_string_in_selector",
        "$a = $x ? { foo => bar, Baz => 'q', default => qux }\n$b = $x ? {\n  foo     => 'a',\n  'bar'   => b,\n  default => 'c',\n}\n",
        &[(1, 13, "unquoted string in selector"), (1, 25, "unquoted string in selector"), (1, 20, "unquoted string in selector"), (3, 3, "unquoted string in selector")],
    );
}

#[test]
fn version_comparison_1() {
    case(
        "version_comparison",
        "if $::operatingsystemmajrelease >= 7 { }\nif $version == 1 { }\nif $version == '1' { }\nif $release != 2.0 { }\nif $facts['os']['release'] > 7 { }\nif $foo_version < $bar { }\nnotice(\"${version}\")\nif $kernelversion <= '3.10' { }\n",
        &[(1, 4, "version compared as number"), (2, 4, "version compared as number"), (4, 4, "version compared as number"), (6, 4, "version compared as number"), (8, 4, "version compared as number")],
    );
}

#[test]
fn lookup_in_parameter_spaced() {
    case(
        "lookup_in_parameter",
        "class foo ($x = lookup('foo::x'), $y = lookup ('a'), $z = \"${lookup('b')}\") { $q = lookup('x') }\ndefine foo::d (String $x = lookup('foo::x', String, 'first', lookup('a'))) { }\nclass foo::c ($a = $x.lookup('y')) { }\n",
        // The plugin misses `lookup ('a')` (1, 40): a blank before `(` makes puppet-lint's lexer
        // read a word, not a function name.
        &[(1, 17, "lookup used to set the default value of a parameter"), (1, 40, "lookup used to set the default value of a parameter"), (1, 62, "lookup used to set the default value of a parameter"), (2, 28, "lookup used to set the default value of a parameter"), (2, 62, "lookup used to set the default value of a parameter"), (3, 23, "lookup used to set the default value of a parameter")],
    );
}

#[test]
fn plugin_fixes() {
    fixes(
        "relative_classname_inclusion",
        "include ::foo, '::bar'\nclass { '::baz': }\nclass x inherits ::y { }\n",
        "include foo, 'bar'\nclass { 'baz': }\nclass x inherits y { }\n",
    );
    fixes(
        "relative_classname_reference",
        "$a = [Class['::foo'], Class[::bar]]\n",
        "$a = [Class['foo'], Class[bar]]\n",
    );
    fixes(
        "leading_zero",
        "$a = [0644, 010]\n",
        "$a = ['0644', '010']\n",
    );
    fixes(
        "resource_reference_with_unquoted_title",
        "file { '/x': require => [Package[foo], Service[bar]] }\n",
        "file { '/x': require => [Package['foo'], Service['bar']] }\n",
    );
    fixes(
        "unquoted_string_in_case",
        "case $x {\n  foo, bar: { }\n  default: { }\n}\n",
        "case $x {\n  'foo', 'bar': { }\n  default: { }\n}\n",
    );
    fixes(
        "unquoted_string_in_selector",
        "$a = $x ? { foo => 'a', default => 'b' }\n",
        "$a = $x ? { 'foo' => 'a', default => 'b' }\n",
    );
    fixes(
        "version_comparison",
        "if $::operatingsystemmajrelease >= 7 and $kernelversion < '3.10' { }\n",
        "if versioncmp($::operatingsystemmajrelease, '7') >= 0 and versioncmp($kernelversion, '3.10') < 0 { }\n",
    );
}

/// `version_comparison` has no fix when the variable is not the whole left side or the right
/// side is not a literal (the plugin's fix would quote a variable's name, or call
/// `versioncmp` on part of a sum).
#[test]
fn version_comparison_without_fix() {
    for text in ["if $foo_version < $bar { }\n", "if 1 + $version > 2 { }\n"] {
        let outcome = fix(text, Some(PATH), &only("version_comparison"));
        assert_eq!(outcome.text, text);
        assert_eq!(problems("version_comparison", text).len(), 1);
    }
}
#[test]
fn relative_classname_inclusion_twice() {
    case(
        "relative_classname_inclusion",
        "include ::a include ::b\n",
        &[
            (1, 9, "class included by absolute name (::$class)"),
            (1, 21, "class included by absolute name (::$class)"),
        ],
    );
}

#[test]
fn relative_classname_reference_nested() {
    case(
        "relative_classname_reference",
        "$a = Class[Class['::x']]\n",
        &[(1, 18, "absolute class name reference")],
    );
}
#[test]
fn parameter_documentation_styles() {
    case(
        "parameter_documentation",
        "# @summary Foo.\n#\n# @param a The a.\n# @param [Hash[String, Integer]] b The b.\n# [*c*] The c.\n# $d:: The d.\n# @param e\n# @param a Again.\n# @param  f Two blanks: not read.\n# @param gone Not a parameter.\nclass foo($a, $b, $c, $d, $e, $f, $g) { }\n\n# @api private\n# @param x The x.\ndefine foo::d($name_x, $y) { }\n",
        &[(8, 10, "Duplicate class parameter documentation for foo::a"), (3, 10, "Duplicate class parameter documentation for foo::a"), (10, 10, "No matching class parameter for documentation of foo::gone"), (11, 31, "missing documentation for class parameter foo::f"), (11, 35, "missing documentation for class parameter foo::g"), (8, 10, "Duplicate defined type parameter documentation for foo::d::a"), (3, 10, "Duplicate defined type parameter documentation for foo::d::a"), (14, 10, "No matching defined type parameter for documentation of foo::d::x"), (10, 10, "No matching defined type parameter for documentation of foo::d::gone"), (8, 10, "No matching defined type parameter for documentation of foo::d::a"), (7, 10, "No matching defined type parameter for documentation of foo::d::e"), (6, 3, "No matching defined type parameter for documentation of foo::d::d"), (5, 3, "No matching defined type parameter for documentation of foo::d::c"), (4, 10, "No matching defined type parameter for documentation of foo::d::b")],
    );
}

#[test]
fn parameter_documentation_define_name() {
    case(
        "parameter_documentation",
        "# @param name The name.\n# @param title The title.\n# @param x The x.\ndefine foo::e($x) { }\n# Second class: sees the comments above.\nclass foo::f($x, $z) { }\n",
        &[(2, 10, "No matching class parameter for documentation of foo::f::title"), (1, 10, "No matching class parameter for documentation of foo::f::name"), (6, 18, "missing documentation for class parameter foo::f::z"), (2, 10, "Duplicate defined type parameter documentation for foo::e::name/title"), (1, 10, "Duplicate defined type parameter documentation for foo::e::name/title")],
    );
}

#[test]
fn documentation_placement() {
    case(
        "documentation",
        "# Doc.\n\nclass foo::a { }\n  # Doc.\n  class foo::b { }\n/* Doc. */\ndefine foo::c { }\nclass foo::d { }\n",
        &[(3, 1, "class not documented"), (8, 1, "class not documented")],
    );
}

#[test]
// puppet-lint 4.3.0 skips a body after one that ends in a resource reference (`'c'` here):
// we do not (docs/lint/differences.md, skipped-resources).
fn ensure_first_param_body_after_a_reference() {
    case(
        "ensure_first_param",
        "file { 'a': require => File['b']; 'c': mode => '0644', ensure => file }\nfile { 'd': owner => 'x'; 'e': mode => '0644', ensure => file }\n",
        &[(1, 56, "ensure found on line but it's not the first attribute"), (2, 48, "ensure found on line but it's not the first attribute")],
    );
}

#[test]
// As above: puppet-lint 4.3.0 skips `'d'`, we do not.
fn exec_idempotency_body_after_a_reference() {
    case(
        "exec_idempotency",
        "exec { 'a': command => 'x', unless => 'y'; 'b': command => 'z' }\nexec { 'c': require => File['x']; 'd': command => 'z' }\n",
        &[(1, 47, "exec without idempotency. set at least one of the attributes: onlyif, unless, creates, refreshonly"), (2, 11, "exec without idempotency. set at least one of the attributes: onlyif, unless, creates, refreshonly"), (2, 38, "exec without idempotency. set at least one of the attributes: onlyif, unless, creates, refreshonly")],
    );
}

#[test]
fn duplicate_params_nested() {
    case(
        "duplicate_params",
        "file { '/x':\n  content => $x ? { a => 1, a => 2 },\n  owner   => { b => { c => 1, c => 2 }, b => 3 },\n}\n",
        &[(2, 29, "duplicate parameter found in resource"), (3, 31, "duplicate parameter found in resource"), (3, 41, "duplicate parameter found in resource")],
    );
}

#[test]
fn version_comparison_strings() {
    case(
        "version_comparison",
        "notice(\"$version > 1\")\n$x = $facts['os']['release'] >= 7\n$y = $my_release.foo > 7\n",
        &[],
    );
}

#[test]
fn unquoted_string_in_case_multiline() {
    case(
        "unquoted_string_in_case",
        "case $x {\n  foo,\n  bar: {\n    case $y { baz: { } }\n  }\n  default: { }\n}\n",
        &[
            (3, 3, "unquoted string in case"),
            (4, 15, "unquoted string in case"),
        ],
    );
}
