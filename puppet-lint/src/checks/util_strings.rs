//! What the "strings" checks share: the variables of a source as puppet-lint's lexer has them
//! (its `VARIABLE` and `UNENC_VARIABLE` tokens, with their token values), the values of quoted
//! strings, the `#` lines a `/* */` comment becomes, and puppet-lint's table of legacy facts.

use puppet_syntax::model::NodeKind;
use puppet_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};

use crate::context::Context;

/// How a variable is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Form {
    /// `$x` in code, or `$x` inside a `${…}` interpolation.
    Code,
    /// The bare name that starts a `${…}` interpolation: `x` in `"${x}"`.
    Interpolated,
    /// `$x` directly in a string or heredoc text, without braces (puppet-lint's
    /// `UNENC_VARIABLE`).
    Unenclosed,
}

/// One variable reference or declaration, one of puppet-lint's `VARIABLE` / `UNENC_VARIABLE`
/// tokens.
#[derive(Clone, Debug)]
pub struct Var {
    /// The variable as written: `$x`, `x` (in `"${x}"`), `::x`.
    pub range: TextRange,
    /// puppet-lint's line.
    pub line: u32,
    /// puppet-lint's column.
    pub column: u32,
    /// The name as Puppet reads it, without `$`: `x`, `::osfamily`.
    pub name: String,
    /// puppet-lint's token value: the name as its lexer's regular expression takes it, with
    /// dashes (`$a-b` is one variable to it) and, in code, the `[…]` that follow at once.
    pub value: String,
    /// How it is written.
    pub form: Form,
    /// Whether it is in a heredoc's text (then it has no CST token).
    pub heredoc: bool,
    /// Its index in [`Context::tokens`] (`None` in a heredoc).
    pub index: Option<usize>,
    /// Where it sits in the tree: its own start, or for a heredoc's variable the start of the
    /// heredoc's `@(…)` header (a heredoc's text is a token elsewhere in the CST).
    pub anchor: TextSize,
}

impl Var {
    /// The text that replaces [`Var::range`] so that the variable becomes the expression
    /// `expr` (written without `$`: `facts['os']['family']`), in the form the place needs:
    /// `$expr` in code, `expr` at the start of an interpolation, `${expr}` directly in a string.
    pub fn rewritten(&self, expr: &str) -> String {
        match self.form {
            Form::Code => format!("${expr}"),
            Form::Interpolated => expr.to_string(),
            Form::Unenclosed => format!("${{{expr}}}"),
        }
    }

    /// The CST node holding its token (`LITERAL`, `PARAM`), when it has one.
    pub fn node<'c>(&self, cx: &'c Context) -> Option<&'c SyntaxNode> {
        self.index.map(|i| cx.node_of(i))
    }
}

fn is_w(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The end of `\w+(-\w+)*` at `i`.
fn word_dash(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    while j < b.len() && is_w(b[j]) {
        j += 1;
    }
    if j == i {
        return None;
    }
    while j + 1 < b.len() && b[j] == b'-' && is_w(b[j + 1]) {
        j += 1;
        while j < b.len() && is_w(b[j]) {
            j += 1;
        }
    }
    Some(j)
}

/// The end of `(::)?(\w+(-\w+)*::)*\w+(-\w+)*` at `i` (puppet-lint's variable name).
fn lint_var_name(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    if b[j..].starts_with(b"::") {
        j += 2;
    }
    let mut end = word_dash(b, j)?;
    while b[end..].starts_with(b"::") {
        match word_dash(b, end + 2) {
            Some(e) => end = e,
            None => break,
        }
    }
    Some(end)
}

/// The end of `(\[.+?\])*` at `i` (`.` does not match a line break).
fn brackets(b: &[u8], i: usize) -> usize {
    let mut j = i;
    while j < b.len() && b[j] == b'[' {
        let mut k = j + 2;
        let mut found = None;
        if j + 1 < b.len() && b[j + 1] != b'\n' {
            while k < b.len() && b[k] != b'\n' {
                if b[k] == b']' {
                    found = Some(k);
                    break;
                }
                k += 1;
            }
        }
        match found {
            Some(k) => j = k + 1,
            None => break,
        }
    }
    j
}

/// The end of puppet-lint's `NAME_RE` at `i`:
/// `(?:::)?[_a-z0-9][-\w]*(?:::[a-z0-9][-\w]*)*`.
fn lint_name(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    if b[j..].starts_with(b"::") {
        j += 2;
    }
    let first = |c: u8| c == b'_' || c.is_ascii_lowercase() || c.is_ascii_digit();
    if j >= b.len() || !first(b[j]) {
        return None;
    }
    j += 1;
    while j < b.len() && (is_w(b[j]) || b[j] == b'-') {
        j += 1;
    }
    while b[j..].starts_with(b"::")
        && b.get(j + 2)
            .is_some_and(|&c| c.is_ascii_lowercase() || c.is_ascii_digit())
    {
        j += 3;
        while j < b.len() && (is_w(b[j]) || b[j] == b'-') {
            j += 1;
        }
    }
    Some(j)
}

/// puppet-lint's token value of the variable written at `start` in `form`.
fn lint_value(text: &str, start: usize, form: Form, name: &str) -> String {
    let b = text.as_bytes();
    let got = match form {
        Form::Code | Form::Unenclosed if b.get(start) == Some(&b'$') => lint_var_name(b, start + 1)
            .map(|end| {
                let end = if form == Form::Code {
                    brackets(b, end)
                } else {
                    end
                };
                (start + 1, end)
            }),
        Form::Interpolated => lint_name(b, start).map(|end| (start, end)),
        _ => None,
    };
    match got {
        Some((from, to)) if text.is_char_boundary(from) && text.is_char_boundary(to) => {
            text[from..to].to_string()
        }
        _ => name.to_string(),
    }
}

/// Every variable of the source, in source order (puppet-lint's token order): the CST's
/// `VARIABLE` tokens, and the variables of the heredocs' texts (from the model).
pub fn variables(cx: &Context) -> std::rc::Rc<Vec<Var>> {
    // Seven checks read them: found once per source.
    cx.memo(find_variables)
}

fn find_variables(cx: &Context) -> Vec<Var> {
    let mut vars = Vec::new();
    let mut has_heredoc = false;
    for (i, t) in cx.tokens.iter().enumerate() {
        if t.kind == SyntaxKind::HEREDOC {
            has_heredoc = true;
        }
        if t.kind != SyntaxKind::VARIABLE {
            continue;
        }
        let text = cx.text_of(i);
        let form = if !text.starts_with('$') {
            Form::Interpolated
        } else if i > 0
            && matches!(cx.tokens[i - 1].kind, SyntaxKind::DQPRE | SyntaxKind::DQMID)
            && !cx.text_of(i - 1).ends_with("${")
        {
            Form::Unenclosed
        } else {
            Form::Code
        };
        let name = text.trim_start_matches('$').to_string();
        vars.push(Var {
            range: t.range,
            line: t.line,
            column: t.column,
            value: lint_value(cx.text, t.start() as usize, form, &name),
            name,
            form,
            heredoc: false,
            index: Some(i),
            anchor: t.range.start(),
        });
    }
    if has_heredoc {
        if let Some(model) = cx.model {
            let mut found = Vec::new();
            for id in model.walk() {
                let NodeKind::HeredocExpression { text_expr, .. } = model.kind(id) else {
                    continue;
                };
                let anchor = TextSize::from(model.offset(id));
                for inner in model.walk_from(*text_expr) {
                    let NodeKind::VariableExpression { expr } = model.kind(inner) else {
                        continue;
                    };
                    let NodeKind::QualifiedName { value } = model.kind(*expr) else {
                        continue;
                    };
                    let name = model.str(*value);
                    // Ruby puts a variable that starts the heredoc's text at the start of the
                    // text, before the margin: look for it from there.
                    let Some((start, form)) =
                        find_interpolated(cx.text, model.offset(inner) as usize, name)
                    else {
                        continue;
                    };
                    let len = name.len() + usize::from(form != Form::Interpolated);
                    let range =
                        TextRange::at(TextSize::from(start as u32), TextSize::from(len as u32));
                    let (line, column) = cx.line_col(range.start());
                    found.push(Var {
                        range,
                        line,
                        column,
                        value: lint_value(cx.text, start, form, name),
                        name: name.to_string(),
                        form,
                        heredoc: true,
                        index: None,
                        anchor,
                    });
                }
            }
            found.sort_by_key(|v| v.range.start());
            found.dedup_by_key(|v| v.range.start());
            vars.extend(found);
            vars.sort_by_key(|v| v.range.start());
        }
    }
    vars
}

/// The interpolation of the variable `name` at `from` in a heredoc's text, or the first one
/// after it on its line:
/// `$name` (unbraced, or inside `${…}`) or `${name}`, and how it is written.
fn find_interpolated(text: &str, from: usize, name: &str) -> Option<(usize, Form)> {
    let b = text.as_bytes();
    let ends_name = |at: usize| {
        text[at..].starts_with(name) && b.get(at + name.len()).is_none_or(|&c| !is_w(c))
    };
    if from > text.len() || !text.is_char_boundary(from) {
        return None;
    }
    let braced = |at: usize| {
        text[..at]
            .trim_end_matches([' ', '\t', '\r', '\n'])
            .ends_with("${")
    };
    if ends_name(from) && braced(from) {
        return Some((from, Form::Interpolated));
    }
    // Only on the same line.
    let end = text[from..].find('\n').map_or(text.len(), |e| from + e);
    let mut d = from;
    while d < end {
        let p = d + text[d..end].find('$')?;
        if ends_name(p + 1) {
            let form = if braced(p) {
                Form::Code
            } else {
                Form::Unenclosed
            };
            return Some((p, form));
        }
        if b.get(p + 1) == Some(&b'{') {
            let mut q = p + 2;
            while q < b.len() && matches!(b[q], b' ' | b'\t' | b'\r' | b'\n') {
                q += 1;
            }
            if ends_name(q) {
                return Some((q, Form::Interpolated));
            }
        }
        d = p + 1;
    }
    None
}

/// `value` with every `[…]` (shortest, puppet-lint's `gsub(/\[.+?\]/, '')`) removed.
pub fn without_brackets(value: &str) -> String {
    let b = value.as_bytes();
    let mut out = String::with_capacity(value.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'[' {
            let end = brackets(b, i);
            if end > i {
                // One `[…]` at a time: `brackets` takes a run, which is the same here.
                i = end;
                continue;
            }
        }
        let c = value[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8().max(1);
    }
    out
}

/// The key of `$var['key']` (a quoted string without interpolation, or a bare word) when the
/// variable is the base of an access with that one key, and the range from the variable to
/// the access's `]`.
pub fn access_key(cx: &Context, var: &Var) -> Option<(String, TextRange)> {
    if var.heredoc {
        return access_key_in_text(cx.text, var.range);
    }
    let literal = var.node(cx)?;
    if literal.kind() != SyntaxKind::LITERAL {
        return None;
    }
    let access = literal.parent()?;
    if access.kind() != SyntaxKind::ACCESS_EXPR || access.first_child().as_ref() != Some(literal) {
        return None;
    }
    let mut keys = access.children().skip(1);
    let key = keys.next()?;
    if keys.next().is_some() {
        return None;
    }
    let value = key_value(&key)?;
    Some((
        value,
        TextRange::new(var.range.start(), access.text_range().end()),
    ))
}

/// A hash key written as a plain string or a bare word: its text.
fn key_value(key: &SyntaxNode) -> Option<String> {
    if key.kind() != SyntaxKind::LITERAL {
        return None;
    }
    let token = key.first_token()?;
    let text = token.text();
    match token.kind() {
        SyntaxKind::NAME | SyntaxKind::WORD => Some(text.to_string()),
        SyntaxKind::STRING if text.len() >= 2 => {
            let inner = &text[1..text.len() - 1];
            (!inner.contains('\\')).then(|| inner.to_string())
        }
        _ => None,
    }
}

/// [`access_key`] read from the text (a heredoc's variables have no CST): `['key']`,
/// `["key"]` or `[key]` right after the variable.
fn access_key_in_text(text: &str, range: TextRange) -> Option<(String, TextRange)> {
    let rest = &text[usize::from(range.end())..];
    let inner = rest.strip_prefix('[')?;
    let close = inner.find(']')?;
    let key = inner[..close].trim();
    let value = if let Some(k) = key.strip_prefix('\'').and_then(|k| k.strip_suffix('\'')) {
        k
    } else if let Some(k) = key.strip_prefix('"').and_then(|k| k.strip_suffix('"')) {
        k
    } else {
        key
    };
    if value.is_empty() || value.contains(['\\', '$', '\'', '"', '[', '\n']) {
        return None;
    }
    let end = range.end() + TextSize::from((close + 2) as u32);
    Some((value.to_string(), TextRange::new(range.start(), end)))
}

/// Whether `'inner'` means the same text as `"inner"` (no interpolation in it): no escape
/// that only double quotes have (`\$ \" \r \n \t \s \u`, a backslash before a line break)
/// and no `'`.
pub fn single_quotes_keep_value(inner: &str) -> bool {
    let b = inner.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\'' => return false,
            b'\\' => {
                if let Some(
                    b'$' | b'"' | b'r' | b'n' | b't' | b's' | b'u' | b'\n' | b'\r' | b'\'',
                ) = b.get(i + 1)
                {
                    return false;
                }
                i += 2;
            }
            _ => i += 1,
        }
    }
    true
}

/// The `#` lines a `/* … */` comment becomes, as the formatter writes them
/// (`puppet-fmt/src/tokens.rs`, `comment_lines`): each line without the blanks and the `*`
/// that start it, blank lines at the start and the end dropped.
pub fn comment_lines(text: &str) -> Vec<String> {
    let inner = text.strip_prefix("/*").unwrap_or(text);
    let inner = inner.strip_suffix("*/").unwrap_or(inner);
    let mut lines: Vec<String> = inner
        .split('\n')
        .map(|line| {
            let line = line
                .trim_end_matches([' ', '\t', '\r'])
                .trim_start_matches([' ', '\t']);
            let line = match line.strip_prefix('*') {
                Some(rest) => rest.strip_prefix(' ').unwrap_or(rest),
                None => line,
            };
            if line.is_empty() {
                "#".to_string()
            } else {
                format!("# {line}")
            }
        })
        .collect();
    while lines.len() > 1 && lines.last().is_some_and(|l| l == "#") {
        lines.pop();
    }
    while lines.len() > 1 && lines.first().is_some_and(|l| l == "#") {
        lines.remove(0);
    }
    lines
}

/// The innermost class or defined type around a variable, and the lambdas between it and the
/// variable (innermost first); `None` outside a class or defined type.
pub fn definition_around(cx: &Context, var: &Var) -> Option<(SyntaxNode, Vec<SyntaxNode>)> {
    let index = match var.index {
        Some(i) => i,
        None => cx.token_at(var.anchor),
    };
    if index >= cx.tokens.len() {
        return None;
    }
    let mut lambdas = Vec::new();
    for node in cx.node_of(index).ancestors() {
        match node.kind() {
            SyntaxKind::LAMBDA_EXPR => lambdas.push(node),
            SyntaxKind::CLASS_DEF | SyntaxKind::DEFINE_DEF => return Some((node, lambdas)),
            SyntaxKind::FUNCTION_DEF | SyntaxKind::PLAN_DEF | SyntaxKind::NODE_DEF => return None,
            _ => {}
        }
    }
    None
}

// ---- puppet-lint's fact tables (lib/puppet-lint/plugins/legacy_facts/legacy_facts.rb) ----

/// puppet-lint's `UNCONVERTIBLE_FACTS`: legacy facts with no structured equivalent.
pub const UNCONVERTIBLE_FACTS: &[&str] = &[
    "memoryfree_mb",
    "memorysize_mb",
    "swapfree_mb",
    "swapsize_mb",
    "blockdevices",
    "interfaces",
    "zones",
    "sshfp_dsa",
    "sshfp_ecdsa",
    "sshfp_ed25519",
    "sshfp_rsa",
];

/// puppet-lint's `EASY_FACTS`: a legacy fact and its structured fact. Its keys, with `trusted`
/// and `facts`, are also `top_scope_facts`' allow-list.
pub const EASY_FACTS: &[(&str, &str)] = &[
    ("architecture", "facts['os']['architecture']"),
    ("augeasversion", "facts['augeas']['version']"),
    ("bios_release_date", "facts['dmi']['bios']['release_date']"),
    ("bios_vendor", "facts['dmi']['bios']['vendor']"),
    ("bios_version", "facts['dmi']['bios']['version']"),
    ("boardassettag", "facts['dmi']['board']['asset_tag']"),
    ("boardmanufacturer", "facts['dmi']['board']['manufacturer']"),
    ("boardproductname", "facts['dmi']['board']['product']"),
    (
        "boardserialnumber",
        "facts['dmi']['board']['serial_number']",
    ),
    ("chassisassettag", "facts['dmi']['chassis']['asset_tag']"),
    ("chassistype", "facts['dmi']['chassis']['type']"),
    ("domain", "facts['networking']['domain']"),
    ("fqdn", "facts['networking']['fqdn']"),
    ("gid", "facts['identity']['group']"),
    ("hardwareisa", "facts['processors']['isa']"),
    ("hardwaremodel", "facts['os']['hardware']"),
    ("hostname", "facts['networking']['hostname']"),
    ("id", "facts['identity']['user']"),
    ("ipaddress", "facts['networking']['ip']"),
    ("ipaddress6", "facts['networking']['ip6']"),
    ("lsbdistcodename", "facts['os']['distro']['codename']"),
    ("lsbdistdescription", "facts['os']['distro']['description']"),
    ("lsbdistid", "facts['os']['distro']['id']"),
    ("lsbdistrelease", "facts['os']['distro']['release']['full']"),
    (
        "lsbmajdistrelease",
        "facts['os']['distro']['release']['major']",
    ),
    (
        "lsbminordistrelease",
        "facts['os']['distro']['release']['minor']",
    ),
    (
        "lsbrelease",
        "facts['os']['distro']['release']['specification']",
    ),
    ("macaddress", "facts['networking']['mac']"),
    ("macosx_buildversion", "facts['os']['macosx']['build']"),
    ("macosx_productname", "facts['os']['macosx']['product']"),
    (
        "macosx_productversion",
        "facts['os']['macosx']['version']['full']",
    ),
    (
        "macosx_productversion_major",
        "facts['os']['macosx']['version']['major']",
    ),
    (
        "macosx_productversion_minor",
        "facts['os']['macosx']['version']['minor']",
    ),
    ("manufacturer", "facts['dmi']['manufacturer']"),
    ("memoryfree", "facts['memory']['system']['available']"),
    ("memorysize", "facts['memory']['system']['total']"),
    ("netmask", "facts['networking']['netmask']"),
    ("netmask6", "facts['networking']['netmask6']"),
    ("network", "facts['networking']['network']"),
    ("network6", "facts['networking']['network6']"),
    ("operatingsystem", "facts['os']['name']"),
    (
        "operatingsystemmajrelease",
        "facts['os']['release']['major']",
    ),
    ("operatingsystemrelease", "facts['os']['release']['full']"),
    ("osfamily", "facts['os']['family']"),
    (
        "physicalprocessorcount",
        "facts['processors']['physicalcount']",
    ),
    ("processorcount", "facts['processors']['count']"),
    ("productname", "facts['dmi']['product']['name']"),
    ("rubyplatform", "facts['ruby']['platform']"),
    ("rubysitedir", "facts['ruby']['sitedir']"),
    ("rubyversion", "facts['ruby']['version']"),
    ("selinux", "facts['os']['selinux']['enabled']"),
    (
        "selinux_config_mode",
        "facts['os']['selinux']['config_mode']",
    ),
    (
        "selinux_config_policy",
        "facts['os']['selinux']['config_policy']",
    ),
    (
        "selinux_current_mode",
        "facts['os']['selinux']['current_mode']",
    ),
    ("selinux_enforced", "facts['os']['selinux']['enforced']"),
    (
        "selinux_policyversion",
        "facts['os']['selinux']['policy_version']",
    ),
    ("serialnumber", "facts['dmi']['product']['serial_number']"),
    ("swapencrypted", "facts['memory']['swap']['encrypted']"),
    ("swapfree", "facts['memory']['swap']['available']"),
    ("swapsize", "facts['memory']['swap']['total']"),
    ("system32", "facts['os']['windows']['system32']"),
    ("uptime", "facts['system_uptime']['uptime']"),
    ("uptime_days", "facts['system_uptime']['days']"),
    ("uptime_hours", "facts['system_uptime']['hours']"),
    ("uptime_seconds", "facts['system_uptime']['seconds']"),
    ("uuid", "facts['dmi']['product']['uuid']"),
    ("xendomains", "facts['xen']['domains']"),
    ("zonename", "facts['solaris_zones']['current']"),
];

/// The last `_<attr>` of `rest` with `attr` one of `attrs` (a greedy `(?<name>.*)_(attr)$`):
/// the name before it and the attribute.
fn split_attr<'a>(rest: &'a str, attrs: &[&str]) -> Option<(&'a str, &'a str)> {
    let mut end = rest.len();
    while let Some(p) = rest[..end].rfind('_') {
        let attr = &rest[p + 1..];
        if attrs.contains(&attr) {
            return Some((&rest[..p], attr));
        }
        end = p;
    }
    None
}

/// puppet-lint's `REGEX_FACTS`, in its order, with the structured fact its fix writes: the
/// structured fact of a legacy fact whose name has a part that varies (`ipaddress_eth0`).
fn regex_fact(name: &str) -> Option<String> {
    // %r{^blockdevice_(?<devicename>.*)_(?<attribute>model|size|vendor)$}
    if let Some(rest) = name.strip_prefix("blockdevice_") {
        if let Some((device, attr)) = split_attr(rest, &["model", "size", "vendor"]) {
            return Some(format!("facts['disks']['{device}']['{attr}']"));
        }
    }
    // %r{^(?<attribute>ipaddress|ipaddress6|macaddress|mtu|netmask|netmask6|network|network6)_(?<interface>.*)$}
    for attr in [
        "ipaddress",
        "ipaddress6",
        "macaddress",
        "mtu",
        "netmask",
        "netmask6",
        "network",
        "network6",
    ] {
        if let Some(interface) = name.strip_prefix(attr).and_then(|r| r.strip_prefix('_')) {
            let key = attr.replacen("address", "", 1);
            return Some(format!(
                "facts['networking']['interfaces']['{interface}']['{key}']"
            ));
        }
    }
    // %r{^processor(?<id>[0-9]+)$}
    if let Some(id) = name.strip_prefix("processor") {
        if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
            return Some(format!("facts['processors']['models'][{id}]"));
        }
    }
    // %r{^sp_(?<name>.*)$}
    if let Some(rest) = name.strip_prefix("sp_") {
        return Some(format!("facts['system_profiler']['{rest}']"));
    }
    // %r{^ssh(?<algorithm>dsa|ecdsa|ed25519|rsa)key$}
    if let Some(algorithm) = name
        .strip_prefix("ssh")
        .and_then(|r| r.strip_suffix("key"))
        .filter(|a| ["dsa", "ecdsa", "ed25519", "rsa"].contains(a))
    {
        return Some(format!("facts['ssh']['{algorithm}']['key']"));
    }
    // %r{^ldom_(?<name>.*)$}
    if let Some(rest) = name.strip_prefix("ldom_") {
        return Some(format!("facts['ldom']['{rest}']"));
    }
    // %r{^zone_(?<name>.*)_(?<attribute>brand|iptype|name|uuid|id|path|status)$}
    if let Some(rest) = name.strip_prefix("zone_") {
        if let Some((zone, attr)) = split_attr(
            rest,
            &["brand", "iptype", "name", "uuid", "id", "path", "status"],
        ) {
            return Some(format!(
                "facts['solaris_zones']['zones']['{zone}']['{attr}']"
            ));
        }
    }
    None
}

/// What puppet-lint knows of a legacy fact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LegacyFact {
    /// It has this structured fact (written without `$`).
    Structured(String),
    /// It has none (`memorysize_mb`).
    Unconvertible,
}

/// Whether `name` is a legacy fact, and its structured fact.
pub fn legacy_fact(name: &str) -> Option<LegacyFact> {
    if let Some((_, new)) = EASY_FACTS.iter().find(|(old, _)| *old == name) {
        return Some(LegacyFact::Structured(new.to_string()));
    }
    if UNCONVERTIBLE_FACTS.contains(&name) {
        return Some(LegacyFact::Unconvertible);
    }
    regex_fact(name).map(LegacyFact::Structured)
}

/// The `${name}` text that interpolates the variable `$name` (written without `$`): a name
/// that does not start like a variable's in an interpolation (`Foo`) keeps its `$`.
pub fn enclosed(name: &str) -> String {
    let bare = name.strip_prefix("::").unwrap_or(name);
    if bare
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    {
        format!("${{{name}}}")
    } else {
        format!("${{${name}}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lint_values_follow_its_regular_expressions() {
        let t = "$a-b::c['x'][1] $::d::e:: ${f-g} $h[\n";
        assert_eq!(lint_value(t, 0, Form::Code, "a"), "a-b::c['x'][1]");
        assert_eq!(lint_value(t, 0, Form::Unenclosed, "a"), "a-b::c");
        assert_eq!(lint_value(t, 16, Form::Code, "::d::e"), "::d::e");
        assert_eq!(lint_value(t, 28, Form::Interpolated, "f"), "f-g");
        assert_eq!(lint_value(t, 33, Form::Code, "h"), "h");
        assert_eq!(without_brackets("facts['Os'][X]y"), "factsy");
    }

    #[test]
    fn legacy_facts_are_found_in_the_tables() {
        assert_eq!(
            legacy_fact("osfamily"),
            Some(LegacyFact::Structured("facts['os']['family']".into()))
        );
        assert_eq!(
            legacy_fact("memorysize_mb"),
            Some(LegacyFact::Unconvertible)
        );
        assert_eq!(
            legacy_fact("ipaddress6_eth0"),
            Some(LegacyFact::Structured(
                "facts['networking']['interfaces']['eth0']['ip6']".into()
            ))
        );
        assert_eq!(
            legacy_fact("blockdevice_sda_size"),
            Some(LegacyFact::Structured(
                "facts['disks']['sda']['size']".into()
            ))
        );
        assert_eq!(
            legacy_fact("zone_a_b_uuid"),
            Some(LegacyFact::Structured(
                "facts['solaris_zones']['zones']['a_b']['uuid']".into()
            ))
        );
        assert_eq!(
            legacy_fact("processor12"),
            Some(LegacyFact::Structured(
                "facts['processors']['models'][12]".into()
            ))
        );
        assert_eq!(legacy_fact("processor"), None);
        assert_eq!(legacy_fact("os"), None);
    }

    #[test]
    fn single_quotes_keep_the_value_without_double_quote_escapes() {
        assert!(single_quotes_keep_value("abc"));
        assert!(single_quotes_keep_value("^\\d+\\.x$"));
        assert!(single_quotes_keep_value("a\\\\b"));
        assert!(!single_quotes_keep_value("caf\\u00e9"));
        assert!(!single_quotes_keep_value("a\\rb"));
        assert!(!single_quotes_keep_value("it's"));
        assert!(!single_quotes_keep_value("\\$x"));
    }
}
