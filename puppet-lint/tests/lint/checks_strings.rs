//! Extra cases of the "strings" group of checks (variables, strings, comments, facts). Each
//! expected list is puppet-lint 4.3.0's (with the plugins) on the same snippet, except where a
//! comment says where and why we differ on purpose.

use puppet_lint::{fix, lint_source, LintOptions};

fn options(check: &str) -> LintOptions {
    let mut options = LintOptions::all();
    options.only([check]).unwrap();
    options
}

fn problems_with(text: &str, options: &LintOptions) -> Vec<(u32, u32, String)> {
    lint_source(text, Some("manifests/init.pp"), options)
        .into_iter()
        .map(|p| (p.line, p.column, p.message))
        .collect()
}

fn problems(text: &str, check: &str) -> Vec<(u32, u32, String)> {
    problems_with(text, &options(check))
}

fn at(list: &[(u32, u32, &str)]) -> Vec<(u32, u32, String)> {
    list.iter()
        .map(|&(l, c, m)| (l, c, m.to_string()))
        .collect()
}

fn fixed(text: &str, checks: &[&str]) -> String {
    let mut options = LintOptions::all();
    options.only(checks.iter().copied()).unwrap();
    let outcome = fix(text, Some("manifests/init.pp"), &options);
    assert!(outcome.refused.is_empty(), "refused: {:?}", outcome.refused);
    outcome.text
}

const SCOPE: &str = "top-scope variable being used without an explicit namespace";

#[test]
fn variable_scope_uses_the_real_scopes() {
    let text = "class foo (
  $p = $q,
  $r = $p,
) {
  $::facts['partitions'].values.map |$data| { $data['mount'] }.each |$mount| {
    notice(\"Mount: ${mount} $data\")
  }
  $x = [1, 2]
  $x.each |$y| {
    $x.each |$z| {
      notify { \"${y}${z}\": }
    }
  }
  $x.each |$k, $v| { $w = $k }
  notice($w, $name, $title, $trusted['x'], $facts, $1, $::top, $other::x)
  [$aa, $bb] = [1, 2]
  notice($aa, $bb, $late)
  $late = 1
  $appended += 1
  notice(\"$unenc\")
}
define bar ($a) {
  notice($a, $x, $b)
  class inner { notice($inner_var) }
}
class baz {
  notice($x)
}
";
    // puppet-lint: 19:3, 24:24, 23:18, 24:24. It misses `$q` (2:8: a variable followed by `,`
    // in a parameter list is taken for a parameter), `"$data"` and `"$unenc"` (6:29, 20:11:
    // unbraced variables are never checked), `$w` (15:10: assigned inside a lambda, local to
    // it) and, because its set of known variables is shared by all the definitions of a
    // file, `$x` in `bar` (23:14) and `baz` (27:10); it reports the nested class's variable
    // once per enclosing definition.
    assert_eq!(
        problems(text, "variable_scope"),
        at(&[
            (2, 8, SCOPE),
            (6, 29, SCOPE),
            (15, 10, SCOPE),
            (19, 3, SCOPE),
            (20, 11, SCOPE),
            (24, 24, SCOPE),
            (27, 10, SCOPE),
            (23, 14, SCOPE),
            (23, 18, SCOPE),
        ])
    );
}

#[test]
fn variable_scope_nested_and_inline_lambdas() {
    // rodjek/puppet-lint#549, #576, #456: none of these is reported.
    let text = "class test {
  $::facts['partitions'].values.map |$data| { $data['mount'] }.each |$mount| {
    notice(\"Mount: ${mount}\")
  }
  $denmark.each |$ophelia, $elsinore| {
    with($ophelia['laertes']) |
      String[7,15] $laertes,
    | {
      horatio { $ophelia: ensure => $laertes }
    }
  }
  [[1, 2]].each |$y| {
    $y.each |$z| { notify { \"${y}${z}\": } }
  }
}
";
    assert_eq!(problems(text, "variable_scope"), at(&[(5, 3, SCOPE)]));
}

#[test]
fn variable_scope_accepts_the_top_scope_variables_option() {
    let text = "class foo {\n  notice($role, $location)\n}\n";
    let mut options = options("variable_scope");
    options.top_scope_variables = vec!["role".to_string()];
    assert_eq!(problems_with(text, &options), at(&[(2, 17, SCOPE)]));
}

#[test]
fn variable_scope_in_heredocs() {
    let text = "class foo {\n  $a = @(\"END\")\n    x ${y} ${facts['os']} ${::h}\n    | END\n  notice($a)\n}\n";
    assert_eq!(problems(text, "variable_scope"), at(&[(3, 9, SCOPE)]));
}

#[test]
fn slash_and_star_comments() {
    let text = "class a {\n  // slash  comment\n  $r = 1\n}\n";
    assert_eq!(
        problems(text, "slash_comments"),
        at(&[(2, 3, "// comment found")])
    );
    assert_eq!(
        fixed(text, &["slash_comments"]),
        "class a {\n  # slash  comment\n  $r = 1\n}\n"
    );
    let text =
        "class foo {\n  /* one\n   * two\n   */\n  $p = 1 /* three */\n  /* four */ $q = 2\n}\n";
    assert_eq!(
        problems(text, "star_comments"),
        at(&[
            (2, 3, "/* */ comment found"),
            (5, 10, "/* */ comment found"),
            (6, 3, "/* */ comment found"),
        ])
    );
    // puppet-lint's fix turns the last one into `# four $q = 2`, commenting out the code.
    assert_eq!(
        fixed(text, &["star_comments"]),
        "class foo {\n  # one\n  # two\n  $p = 1 # three\n  /* four */ $q = 2\n}\n"
    );
}

const DQ: &str = "double quoted string containing no variables";

#[test]
fn double_quoted_strings() {
    let text = "$x = \"a b\"\n  $y = \"a  b\"\n$v = \"a\\d\"\n$u = \"caf\\u00e9\"\n$t = \"a\\\\b\"\n$s = \"multi\nline\"\n$q = \"it's\"\n$r = \"${x}\"\n";
    // puppet-lint also reports `"caf\u00e9"` (4:6), and its fix makes it `'caf\u00e9'`.
    assert_eq!(
        problems(text, "double_quoted_strings"),
        at(&[(1, 6, DQ), (2, 8, DQ), (3, 6, DQ)])
    );
    assert_eq!(
        fixed(text, &["double_quoted_strings"]),
        "$x = 'a b'\n  $y = 'a  b'\n$v = 'a\\d'\n$u = \"caf\\u00e9\"\n$t = \"a\\\\b\"\n$s = \"multi\nline\"\n$q = \"it's\"\n$r = \"${x}\"\n"
    );
    // puppet-lint's lexer takes `["k"]` for part of the variable `$h`, and misses the key.
    assert_eq!(
        problems("$a = $h[\"k\"]\n", "double_quoted_strings"),
        at(&[(1, 9, DQ)])
    );
}

const ONLY: &str = "string containing only a variable";

#[test]
fn only_variable_string() {
    let text = "$e = \"${x}\"\n$f = \"$x\"\n$g = \"${x['a']}\"\n$h = { \"${x}\" => 1 }\n$i = \"${x.y}\"\n$j = \"${ x }\"\n$k = \"${::x::y}\"\n";
    // puppet-lint's lexer sees no variable in `"${ x }"` (6:10); Puppet does.
    assert_eq!(
        problems(text, "only_variable_string"),
        at(&[
            (1, 9, ONLY),
            (2, 7, ONLY),
            (3, 9, ONLY),
            (6, 10, ONLY),
            (7, 9, ONLY)
        ])
    );
    assert_eq!(
        fixed(text, &["only_variable_string"]),
        "$e = $x\n$f = $x\n$g = $x['a']\n$h = { \"${x}\" => 1 }\n$i = \"${x.y}\"\n$j = $x\n$k = $::x::y\n"
    );
}

const URL: &str = "puppet:// URL without modules/ found";

#[test]
fn puppet_url_without_modules() {
    let text = "$i = 'puppet:///files/x'\n$j = 'puppet://srv/foo/x'\n$k = \"puppet:///${module_name}/x\"\n$l = 'puppet:///modules/a/b'\n$m = 'puppet:///'\n";
    assert_eq!(
        problems(text, "puppet_url_without_modules"),
        at(&[(1, 6, URL), (2, 6, URL), (3, 6, URL), (5, 6, URL)])
    );
    assert_eq!(
        fixed(text, &["puppet_url_without_modules"]),
        "$i = 'puppet:///modules/files/x'\n$j = 'puppet://srv/modules/foo/x'\n$k = \"puppet:///modules/${module_name}/x\"\n$l = 'puppet:///modules/a/b'\n$m = 'puppet:///modules/'\n"
    );
}

#[test]
fn quoted_booleans() {
    let text = "$l = 'true'\nfile { 'false': ensure => \"false\" }\n";
    let found = "quoted boolean value found";
    assert_eq!(
        problems(text, "quoted_booleans"),
        at(&[(1, 6, found), (2, 8, found), (2, 27, found)])
    );
    // puppet-lint's fix also makes the title a Boolean.
    assert_eq!(
        fixed(text, &["quoted_booleans"]),
        "$l = true\nfile { 'false': ensure => false }\n"
    );
}

#[test]
fn single_quote_string_with_variables() {
    let text = "$a = 'x${b}'\n$z = inline_template('${x}')\n$w = inline_template( '${x}')\n";
    // puppet-lint also reports 3:23: it exempts the template only right after the `(`.
    assert_eq!(
        problems(text, "single_quote_string_with_variables"),
        at(&[(1, 6, "single quoted string containing a variable found")])
    );
}

const UNENC: &str = "variable not enclosed in {}";

#[test]
fn variables_not_enclosed() {
    let text = "$a = \"x$b[1] $c-d $Up\"\n$f = \"$x\"\n$g = \"$x$y\"\n";
    assert_eq!(
        problems(text, "variables_not_enclosed"),
        at(&[
            (1, 8, UNENC),
            (1, 14, UNENC),
            (1, 19, UNENC),
            (2, 7, UNENC),
            (3, 7, UNENC),
            (3, 9, UNENC),
        ])
    );
    // puppet-lint writes `"x${b[1]} ${c}-d ${Up}"`: `${b[1]}` indexes `$b` where Puppet reads
    // `$b` and the text `[1]`, and `${Up}` is a type reference, not the variable.
    assert_eq!(
        fixed(text, &["variables_not_enclosed"]),
        "$a = \"x${b}[1] ${c}-d ${$Up}\"\n$f = \"${x}\"\n$g = \"${x}${y}\"\n"
    );
    let heredoc = "$a = @(\"END\")\n  $x-y and ${z}\n  | END\n";
    assert_eq!(
        problems(heredoc, "variables_not_enclosed"),
        at(&[(2, 3, UNENC)])
    );
    assert_eq!(
        fixed(heredoc, &["variables_not_enclosed"]),
        "$a = @(\"END\")\n  ${x}-y and ${z}\n  | END\n"
    );
}

#[test]
fn variable_names() {
    let text = "$a = \"x$b-c ${d-e}\"\n$f = $g-h\n$i = $Jk['Lm']\n$n = $o['P-q']\n$r = \"${s}\"\n";
    assert_eq!(
        problems(text, "variable_contains_dash"),
        at(&[
            (1, 8, "variable contains a dash"),
            (1, 15, "variable contains a dash"),
            (2, 6, "variable contains a dash"),
        ])
    );
    assert_eq!(
        problems(text, "variable_is_lowercase"),
        at(&[(3, 6, "variable contains an uppercase letter")])
    );
    assert_eq!(
        problems(text, "variable_contains_upcase"),
        at(&[(3, 6, "variable contains a capital letter")])
    );
    // The plugin's fix downcases the key too (`$jk['lm']`).
    assert_eq!(
        fixed("$i = $Jk['Lm']\n", &["variable_contains_upcase"]),
        "$i = $jk['Lm']\n"
    );
}

#[test]
fn legacy_facts() {
    let text = "class foo {
  $a = \"x$::osfamily y\"
  $b = \"${::osfamily}\"
  $c = $facts['osfamily']
  $d = \"${facts['lsbdistcodename']}\"
  $e = $::memorysize_mb
  $f = $::ipaddress_eth0
  $g = $::processor0
  $h = $::sshrsakey
  $i = $::blockdevice_sda_size
  $j = $::zone_z1_uuid
  $k = $facts['osfamily']['x']
  $l = $facts[\"fqdn\"]
  $m = $osfamily
}
";
    let legacy = |f: &str| format!("legacy fact '{f}'");
    // puppet-lint does not see 12:8 and 13:8 (its regular expression wants a single-quoted key
    // and the whole variable to end with it).
    assert_eq!(
        problems(text, "legacy_facts"),
        vec![
            (2, 10, legacy("osfamily")),
            (3, 11, legacy("osfamily")),
            (4, 8, legacy("osfamily")),
            (5, 11, legacy("lsbdistcodename")),
            (6, 8, legacy("memorysize_mb")),
            (7, 8, legacy("ipaddress_eth0")),
            (8, 8, legacy("processor0")),
            (9, 8, legacy("sshrsakey")),
            (10, 8, legacy("blockdevice_sda_size")),
            (11, 8, legacy("zone_z1_uuid")),
            (12, 8, legacy("osfamily")),
            (13, 8, legacy("fqdn")),
        ]
    );
    // puppet-lint writes `"x$facts['os']['family'] y"` on line 2 (an interpolation of `$facts`
    // and the text `['os']['family']`) and reports `$::memorysize_mb` fixed without changing it.
    assert_eq!(
        fixed(text, &["legacy_facts"]),
        "class foo {
  $a = \"x${facts['os']['family']} y\"
  $b = \"${facts['os']['family']}\"
  $c = $facts['os']['family']
  $d = \"${facts['os']['distro']['codename']}\"
  $e = $::memorysize_mb
  $f = $facts['networking']['interfaces']['eth0']['ip']
  $g = $facts['processors']['models'][0]
  $h = $facts['ssh']['rsa']['key']
  $i = $facts['disks']['sda']['size']
  $j = $facts['solaris_zones']['zones']['z1']['uuid']
  $k = $facts['os']['family']['x']
  $l = $facts['networking']['fqdn']
  $m = $osfamily
}
"
    );
}

#[test]
fn legacy_facts_in_heredocs() {
    let text = "$a = @(\"END\")\n  ${facts['osfamily']} ${::hostname} $::fqdn\n  | END\n";
    assert_eq!(
        problems(text, "legacy_facts"),
        vec![
            (2, 5, "legacy fact 'osfamily'".to_string()),
            (2, 26, "legacy fact 'hostname'".to_string()),
            (2, 38, "legacy fact 'fqdn'".to_string()),
        ]
    );
    assert_eq!(
        fixed(text, &["legacy_facts"]),
        "$a = @(\"END\")\n  ${facts['os']['family']} ${facts['networking']['hostname']} ${facts['networking']['fqdn']}\n  | END\n"
    );
}

const TOP: &str = "top scope fact instead of facts hash";

#[test]
fn top_scope_facts() {
    let text = "$a = $::my_fact
$b = \"$::my_fact\"
$c = \"${::my_fact}\"
$d = $::my_fact['a']
$e = $::osfamily
$f = $::trusted['certname']
$g = $::memorysize_mb
$h = $::domainname
$i = $::a::b
$j = $::apache::x
$k = $::role
";
    // puppet-lint: 1:6, 2:7, 3:9, 4:6 and 9:6; it matches its allow-list as a prefix (so misses
    // 7:6 and 8:6, fix-findings.md #3) and takes `$::a::b` for a fact (its fix writes
    // `$facts['a::b']`).
    let mut options = options("top_scope_facts");
    options.top_scope_variables = vec!["role".to_string()];
    assert_eq!(
        problems_with(text, &options),
        at(&[
            (1, 6, TOP),
            (2, 7, TOP),
            (3, 9, TOP),
            (4, 6, TOP),
            (7, 6, TOP),
            (8, 6, TOP)
        ])
    );
    assert_eq!(
        fixed("$a = $::my_fact\n$b = \"$::my_fact\"\n$c = \"${::my_fact}\"\n$d = $::my_fact['a']\n", &["top_scope_facts"]),
        "$a = $facts['my_fact']\n$b = \"${facts['my_fact']}\"\n$c = \"${facts['my_fact']}\"\n$d = $facts['my_fact']['a']\n"
    );
}

#[test]
fn topscope_variable() {
    let text = "class foo {\n  $m = $::foo::bar\n  $n = \"${::foo::bar}\"\n  $o = \"$::foo::bar\"\n  $p = $::foo::bar['x']\n  $q = $::a::b\n  $r = $::foo\n}\n";
    // puppet-lint skips `$::a::b` (6:8): its pattern wants a namespace of two characters.
    assert_eq!(
        problems(text, "topscope_variable"),
        at(&[
            (2, 8, "use $foo::bar instead of $::foo::bar"),
            (3, 11, "use $foo::bar instead of $::foo::bar"),
            (5, 8, "use $foo::bar['x'] instead of $::foo::bar['x']"),
            (6, 8, "use $a::b instead of $::a::b"),
        ])
    );
    assert_eq!(
        fixed(text, &["topscope_variable"]),
        "class foo {\n  $m = $foo::bar\n  $n = \"${foo::bar}\"\n  $o = \"$::foo::bar\"\n  $p = $foo::bar['x']\n  $q = $a::b\n  $r = $::foo\n}\n"
    );
    // Not in a file without a class or defined type.
    assert_eq!(problems("$m = $::foo::bar\n", "topscope_variable"), at(&[]));
}
