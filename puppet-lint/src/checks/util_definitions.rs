//! What the definition, resource and reference checks share:
//!
//! * [`definitions`]: the classes and defined types as puppet-lint's `class_indexes` and
//!   `defined_type_indexes` list them (every class first, then every define, each in source
//!   order), with their name, parameters and parent;
//! * [`pl_tokens`]: the tokens as puppet-lint's lexer has them, where that differs from ours
//!   (`$x['a']` is one `VARIABLE`, `foo(` is a `FUNCTION_NAME`, `String` is a `TYPE`, `'a'` an
//!   `SSTRING`), for the checks whose rule is about tokens;
//! * [`pl_resources`]: the resource bodies as its `resource_indexes` has them (a titled body from
//!   its `:` to the `;` or `}` that ends it, its type and its attribute names), with its quirks.

use crate::checks::util::PL_TYPES;
use puppet_syntax::syntax::ast::{ClassDef, DefineDef, Param};
use puppet_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};
use rowan::ast::AstNode;
use std::rc::Rc;

use crate::context::Context;

/// A class or a defined type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DefKind {
    /// `class`.
    Class,
    /// `define`.
    Define,
}

impl DefKind {
    /// The word puppet-lint's messages use: `class` or `defined type`.
    pub fn word(self) -> &'static str {
        match self {
            DefKind::Class => "class",
            DefKind::Define => "defined type",
        }
    }
}

/// One class or defined type.
pub struct Definition {
    /// The `CLASS_DEF` or `DEFINE_DEF` node.
    pub node: SyntaxNode,
    /// Which of the two.
    pub kind: DefKind,
    /// The index (in [`Context::tokens`]) of its `class` or `define` keyword.
    pub keyword: usize,
    /// The index of its name (puppet-lint's `name_token`: the code token after the keyword).
    pub name: Option<usize>,
    /// The name as written.
    pub name_text: String,
    /// Its parameters, in order.
    pub params: Vec<Param>,
}

impl Definition {
    /// The token after the last `inherits` of its text (puppet-lint's `inherited_token`: the
    /// scan that finds it goes to the end of the class, nested classes included).
    pub fn inherited(&self, cx: &Context) -> Option<usize> {
        let range = self.node.text_range();
        let start = cx.token_at(range.start());
        let end = cx.token_at(range.end());
        (start..end)
            .rev()
            .find(|&i| cx.tokens[i].kind == SyntaxKind::INHERITS)
            .and_then(|i| cx.next_code(i))
    }
}

/// Every class (in source order), then every defined type (in source order).
pub fn definitions(cx: &Context) -> Rc<Vec<Definition>> {
    // Fourteen checks read them: found once per source.
    cx.memo(find_definitions)
}

fn find_definitions(cx: &Context) -> Vec<Definition> {
    let mut classes = Vec::new();
    let mut defines = Vec::new();
    for node in &cx.nodes {
        let (kind, list) = match node.kind() {
            SyntaxKind::CLASS_DEF => (
                DefKind::Class,
                ClassDef::cast(node.clone()).and_then(|c| c.param_list()),
            ),
            SyntaxKind::DEFINE_DEF => (
                DefKind::Define,
                DefineDef::cast(node.clone()).and_then(|d| d.param_list()),
            ),
            _ => continue,
        };
        let Some(first) = node.first_token() else {
            continue;
        };
        let keyword = cx.index_of(&first);
        let name = cx.next_code(keyword);
        let def = Definition {
            node: node.clone(),
            kind,
            keyword,
            name,
            name_text: name.map_or_else(String::new, |i| cx.text_of(i).to_string()),
            params: list.map(|l| l.params().collect()).unwrap_or_default(),
        };
        match kind {
            DefKind::Class => classes.push(def),
            DefKind::Define => defines.push(def),
        }
    }
    classes.extend(defines);
    classes
}

/// The index of a parameter's `$name` token.
pub fn param_variable(cx: &Context, param: &Param) -> Option<usize> {
    param.variable().map(|v| cx.index_of(&v))
}

/// The `TYPE` word a type reference starts with, as puppet-lint lexes it (`String` in
/// `String`, `String::Foo`; none in `Stringy`, `Foo`).
pub fn pl_type_word(text: &str) -> Option<&'static str> {
    PL_TYPES.iter().copied().find(|w| {
        text.strip_prefix(w)
            .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
    })
}

/// A token kind as puppet-lint's lexer has it, where that differs from ours.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pl {
    /// A bare word (`NAME`).
    Name,
    /// A bare word right before `(`.
    FunctionName,
    /// A type word of [`pl_type_word`], or the keyword `type`.
    Type,
    /// Any other type reference (`CLASSREF`).
    ClassRef,
    /// A single-quoted string (`SSTRING`).
    SString,
    /// A double-quoted string without interpolation (`STRING`).
    DqString,
    /// `"text${` or `"text` before `$var`.
    DqPre,
    /// A middle piece of an interpolated string.
    DqMid,
    /// The last piece of an interpolated string.
    DqPost,
    /// `$x`, `$x['a'][0]` (the brackets right after a variable are part of it), `${x}`.
    Variable,
    /// `$x` in a string without braces.
    UnencVariable,
    /// Whitespace, a line break or an indentation.
    Space,
    /// A comment.
    Comment,
    /// `@(TAG)`.
    HeredocOpen,
    /// A heredoc's text.
    Heredoc,
    /// Everything else, by our kind (`SELBRACE` is `LBRACE`, `LISTSTART` is `LBRACK`,
    /// `WSLPAREN` is `LPAREN`).
    Kind(SyntaxKind),
}

/// One token as puppet-lint's lexer has it: our tokens `first..=last`.
#[derive(Clone, Copy, Debug)]
pub struct PlToken {
    /// Its kind.
    pub kind: Pl,
    /// Our first token.
    pub first: usize,
    /// Our last token.
    pub last: usize,
}

impl PlToken {
    /// Whether it is code (not whitespace or a comment).
    pub fn is_code(&self) -> bool {
        !matches!(self.kind, Pl::Space | Pl::Comment)
    }

    /// Whether it is of our kind `kind` (after the normalisation of [`Pl::Kind`]).
    pub fn is(&self, kind: SyntaxKind) -> bool {
        self.kind == Pl::Kind(kind)
    }

    /// Its bytes.
    pub fn range(&self, cx: &Context) -> TextRange {
        TextRange::new(
            cx.tokens[self.first].range.start(),
            cx.tokens[self.last].range.end(),
        )
    }

    /// Its text as written.
    pub fn text<'a>(&self, cx: &Context<'a>) -> &'a str {
        cx.slice(self.range(cx))
    }

    /// puppet-lint's `value`: a string without its quotes, a variable without its `$`, a piece
    /// of an interpolated string without its `"`, `${` and `}`, a regex without its slashes.
    pub fn value<'a>(&self, cx: &Context<'a>) -> &'a str {
        let text = self.text(cx);
        match self.kind {
            Pl::SString | Pl::DqString => strip_quotes(text),
            Pl::DqPre => {
                let t = text.strip_prefix('"').unwrap_or(text);
                t.strip_suffix("${").unwrap_or(t)
            }
            Pl::DqMid => {
                let t = text.strip_prefix('}').unwrap_or(text);
                t.strip_suffix("${").unwrap_or(t)
            }
            Pl::DqPost => {
                let t = text.strip_prefix('}').unwrap_or(text);
                t.strip_suffix('"').unwrap_or(t)
            }
            Pl::Variable | Pl::UnencVariable => text.strip_prefix('$').unwrap_or(text),
            Pl::HeredocOpen => {
                let t = text.strip_prefix("@(").unwrap_or(text);
                t.strip_suffix(')').unwrap_or(t)
            }
            Pl::Kind(SyntaxKind::REGEX) => {
                let t = text.strip_prefix('/').unwrap_or(text);
                t.strip_suffix('/').unwrap_or(t)
            }
            Pl::Comment => {
                if let Some(t) = text.strip_prefix("/*") {
                    t.strip_suffix("*/").unwrap_or(t)
                } else {
                    text.strip_prefix('#').unwrap_or(text)
                }
            }
            _ => text,
        }
    }

    /// Its 1-based line and column.
    pub fn line_col(&self, cx: &Context) -> (u32, u32) {
        let t = &cx.tokens[self.first];
        (t.line, t.column)
    }
}

/// The text of a quoted string without its quotes.
pub fn strip_quotes(text: &str) -> &str {
    if text.len() >= 2 {
        &text[1..text.len() - 1]
    } else {
        ""
    }
}

/// The tokens as puppet-lint's lexer has them (see [`Pl`]).
pub fn pl_tokens(cx: &Context) -> Vec<PlToken> {
    use SyntaxKind::*;
    let bytes = cx.text.as_bytes();
    let mut out = Vec::with_capacity(cx.tokens.len());
    let mut i = 0;
    while i < cx.tokens.len() {
        let t = &cx.tokens[i];
        let text = cx.text_of(i);
        let next_is_paren = bytes.get(t.end() as usize) == Some(&b'(');
        let mut last = i;
        let kind = match t.kind {
            _ if t.is_whitespace() => Pl::Space,
            COMMENT | ML_COMMENT => Pl::Comment,
            k if next_is_paren && (matches!(k, NAME | WORD) || k.is_keyword()) => Pl::FunctionName,
            NAME if text == "import" => Pl::Kind(NAME),
            NAME | WORD => Pl::Name,
            TYPE => Pl::Type,
            CLASSREF if pl_type_word(text).is_some() => Pl::Type,
            CLASSREF => Pl::ClassRef,
            STRING if text.starts_with('\'') => Pl::SString,
            STRING => Pl::DqString,
            DQPRE => Pl::DqPre,
            DQMID => Pl::DqMid,
            DQPOST => Pl::DqPost,
            HEREDOC => Pl::HeredocOpen,
            HEREDOC_BODY => Pl::Heredoc,
            VARIABLE => {
                let unenclosed = text.starts_with('$')
                    && i > 0
                    && matches!(cx.tokens[i - 1].kind, DQPRE | DQMID)
                    && !cx.text_of(i - 1).ends_with("${");
                if unenclosed {
                    Pl::UnencVariable
                } else {
                    if text.starts_with('$') {
                        let end = variable_end(cx.text, t.start() as usize);
                        while last + 1 < cx.tokens.len()
                            && (cx.tokens[last + 1].start() as usize) < end
                        {
                            last += 1;
                        }
                    }
                    Pl::Variable
                }
            }
            SELBRACE => Pl::Kind(LBRACE),
            LISTSTART => Pl::Kind(LBRACK),
            WSLPAREN => Pl::Kind(LPAREN),
            k => Pl::Kind(k),
        };
        out.push(PlToken {
            kind,
            first: i,
            last,
        });
        i = last + 1;
    }
    out
}

/// The end of the variable that starts at `start` (a `$`) as puppet-lint's lexer matches it:
/// `\$((::)?(\w+(-\w+)*::)*\w+(-\w+)*(\[.+?\])*)`.
pub fn variable_end(text: &str, start: usize) -> usize {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut at = start + 1;
    if b.get(at) == Some(&b':') && b.get(at + 1) == Some(&b':') {
        at += 2;
    }
    loop {
        if b.get(at).is_some_and(|&c| word(c)) {
            at += 1;
        } else if (b.get(at) == Some(&b'-')
            || (b.get(at) == Some(&b':') && b.get(at + 1) == Some(&b':')))
            && at > start + 1
            && word(b[at - 1])
        {
            let skip = if b[at] == b'-' { 1 } else { 2 };
            if b.get(at + skip).is_some_and(|&c| word(c)) {
                at += skip;
            } else {
                break;
            }
        } else {
            break;
        }
    }
    while b.get(at) == Some(&b'[') {
        // `\[.+?\]`: at least one character, the first `]` after it, on this line.
        let mut j = at + 2;
        let mut found = None;
        if b.get(at + 1).is_some_and(|&c| c != b'\n' && c != b'\r') {
            while j < b.len() && b[j] != b'\n' && b[j] != b'\r' {
                if b[j] == b']' {
                    found = Some(j);
                    break;
                }
                j += 1;
            }
        }
        match found {
            Some(j) => at = j + 1,
            None => break,
        }
    }
    at
}

/// A view of [`pl_tokens`] with puppet-lint's navigation (`next_code_token` and so on).
pub struct PlStream {
    /// The tokens.
    pub toks: Vec<PlToken>,
    /// For each of our tokens, the index of the puppet-lint token holding it.
    pub of: Vec<usize>,
    /// For each of its tokens, whether the tree has it as a resource title's `:`.
    titles: Vec<bool>,
    resources: std::cell::OnceCell<Vec<PlResource>>,
}

impl PlStream {
    /// The stream of a source (made once for all the checks that ask for it).
    pub fn new(cx: &Context) -> Rc<PlStream> {
        cx.memo(PlStream::build)
    }

    fn build(cx: &Context) -> PlStream {
        let toks = pl_tokens(cx);
        let mut of = vec![0; cx.tokens.len()];
        for (k, t) in toks.iter().enumerate() {
            for o in &mut of[t.first..=t.last] {
                *o = k;
            }
        }
        let titles = toks
            .iter()
            .map(|t| crate::checks::util::is_resource_title(cx, t.first))
            .collect();
        PlStream {
            toks,
            of,
            titles,
            resources: std::cell::OnceCell::new(),
        }
    }

    /// The resources, as [`pl_resources`] finds them (found once).
    pub fn resources(&self) -> &[PlResource] {
        self.resources.get_or_init(|| pl_resources(self))
    }

    /// The next code token after `k`.
    pub fn next_code(&self, k: usize) -> Option<usize> {
        (k + 1..self.toks.len()).find(|&j| self.toks[j].is_code())
    }

    /// The code token before `k`.
    pub fn prev_code(&self, k: usize) -> Option<usize> {
        (0..k).rev().find(|&j| self.toks[j].is_code())
    }

    /// The kind of token `k`.
    pub fn kind(&self, k: usize) -> Pl {
        self.toks[k].kind
    }

    /// Whether token `k` exists and is of our kind `kind`.
    pub fn is(&self, k: Option<usize>, kind: SyntaxKind) -> bool {
        k.is_some_and(|k| self.toks[k].is(kind))
    }

    /// The index of the puppet-lint token that starts at or after `offset`.
    pub fn at_offset(&self, cx: &Context, offset: TextSize) -> usize {
        let i = cx.token_at(offset);
        if i >= cx.tokens.len() {
            self.toks.len()
        } else {
            self.of[i]
        }
    }
}

/// Whether puppet-lint's kind is an opening bracket of a block its `next_token_of` skips.
fn opens(kind: Pl) -> bool {
    matches!(
        kind,
        Pl::Kind(SyntaxKind::LBRACE) | Pl::Kind(SyntaxKind::LBRACK) | Pl::Kind(SyntaxKind::LPAREN)
    )
}

fn closes(kind: Pl) -> bool {
    matches!(
        kind,
        Pl::Kind(SyntaxKind::RBRACE) | Pl::Kind(SyntaxKind::RBRACK) | Pl::Kind(SyntaxKind::RPAREN)
    )
}

/// One titled resource body as puppet-lint's `resource_indexes` has it.
pub struct PlResource {
    /// The puppet-lint token of its `:` (the first of its `tokens`).
    pub colon: usize,
    /// Its last token: the `;` or `}` that ends it.
    pub end: usize,
    /// Its type token: the code token before the last `{` before the `:` that is not a
    /// selector's.
    pub type_token: Option<usize>,
    /// Its attribute names: bare words followed by `=>`, outside nested brackets.
    pub params: Vec<usize>,
}

impl PlResource {
    /// The value of its type token (`file`, `class`, …), empty when none.
    pub fn type_value<'a>(&self, cx: &Context<'a>, s: &PlStream) -> &'a str {
        self.type_token.map_or("", |k| s.toks[k].value(cx))
    }

    /// Whether its type token is the keyword `class`.
    pub fn is_class(&self, s: &PlStream) -> bool {
        self.type_token
            .is_some_and(|k| s.toks[k].is(SyntaxKind::CLASS))
    }

    /// The attribute names with this value.
    pub fn params_named<'a>(
        &'a self,
        cx: &'a Context,
        s: &'a PlStream,
        name: &'a str,
    ) -> impl Iterator<Item = usize> + 'a {
        self.params
            .iter()
            .copied()
            .filter(move |&k| s.toks[k].value(cx) == name)
    }
}

/// The resources as puppet-lint's `resource_indexes` finds them: every `:` not followed by
/// `{`, unless the code before it meets a type reference before a bare word (4.3.0 drops the
/// second body of `file { 'a': require => File['b']; 'c': }` this way), up to the `;` or `}`
/// that ends its body; the scan stops at a `:` inside the previous resource.
pub fn pl_resources(s: &PlStream) -> Vec<PlResource> {
    let mut out = Vec::new();
    let mut last_lbrace: Option<usize> = None;
    let mut marker = 0usize;
    for k in 0..s.toks.len() {
        let t = &s.toks[k];
        if t.is(SyntaxKind::LBRACE) {
            // A selector's `{` does not count (puppet-lint: its previous code token is `?`).
            let after_qmark = s.is(s.prev_code(k), SyntaxKind::QMARK);
            if !after_qmark {
                last_lbrace = Some(k);
            }
            continue;
        }
        if !t.is(SyntaxKind::COLON) {
            continue;
        }
        let Some(next) = s.next_code(k) else { continue };
        if s.toks[next].is(SyntaxKind::LBRACE) {
            continue;
        }
        // puppet-lint drops a title whose backwards scan meets a resource reference first
        // (`require => File['x']; 'b': …`): we do not, when the tree says it is a title.
        if classref_before(s, k) && !s.titles[k] {
            continue;
        }
        if k < marker {
            break;
        }
        // The end: the next `;` or `}`, nested blocks skipped.
        let mut depth = 0usize;
        let mut end = None;
        let mut params = Vec::new();
        for j in k + 1..s.toks.len() {
            let kind = s.toks[j].kind;
            if depth == 0
                && matches!(
                    kind,
                    Pl::Kind(SyntaxKind::SEMIC) | Pl::Kind(SyntaxKind::RBRACE)
                )
            {
                end = Some(j);
                break;
            }
            if opens(kind) {
                depth += 1;
            } else if closes(kind) {
                depth = depth.saturating_sub(1);
            } else if depth == 0 && kind == Pl::Name && s.is(s.next_code(j), SyntaxKind::FARROW) {
                params.push(j);
            }
        }
        let Some(end) = end else { break };
        marker = end;
        out.push(PlResource {
            colon: k,
            end,
            type_token: last_lbrace.and_then(|l| s.prev_code(l)),
            params,
        });
    }
    out
}

/// puppet-lint's `classref?`: the code before token `k` meets a type reference before a bare
/// word.
fn classref_before(s: &PlStream, k: usize) -> bool {
    let mut j = k;
    while let Some(p) = s.prev_code(j) {
        match s.toks[p].kind {
            Pl::ClassRef => return true,
            Pl::Name => return false,
            _ => j = p,
        }
    }
    false
}

/// The edit that drops the leading `::` of a name or of a single-quoted string's text.
pub fn strip_leading_colons(cx: &Context, t: &PlToken) -> Option<puppet_diagnostics::TextEdit> {
    let range = t.range(cx);
    let skip = match t.kind {
        Pl::SString => 1,
        _ => 0,
    };
    let start = range.start() + TextSize::from(skip);
    t.value(cx).starts_with("::").then(|| {
        puppet_diagnostics::TextEdit::single(puppet_diagnostics::Indel::delete(TextRange::new(
            start,
            start + TextSize::from(2),
        )))
    })
}

/// What the parameter plugins (optional_default, params_empty_string_assignment,
/// params_not_optional_with_undef) see of a parameter: the puppet-lint tokens of its type and
/// of its default (`first..=last`, code tokens at both ends).
pub struct PlParam {
    /// The `$name` token.
    pub variable: usize,
    /// The type's tokens, when it has one.
    pub type_tokens: Option<(usize, usize)>,
    /// The default's tokens, when it has one: from the code token after `=` to the one before
    /// the first `,` outside parentheses and brackets (braces are not counted: a hash default
    /// is cut at its first comma, as the plugins cut it).
    pub default_tokens: Option<(usize, usize)>,
}

impl PlParam {
    /// The parameter of a definition as the plugins see it.
    pub fn new(cx: &Context, s: &PlStream, param: &Param) -> Option<PlParam> {
        let var = param.variable()?;
        let variable = s.of[cx.index_of(&var)];
        let type_tokens = param.type_expr().and_then(|t| {
            let r = t.text_range();
            let first = s.at_offset(cx, r.start());
            let last = s.prev_code(variable)?;
            (first <= last).then_some((first, last))
        });
        let default_tokens = param.default_value().and_then(|d| {
            let first = s.at_offset(cx, d.text_range().start());
            let mut nesting = 0i32;
            let mut k = first;
            while k < s.toks.len() {
                match s.kind(k) {
                    Pl::Kind(SyntaxKind::LPAREN | SyntaxKind::LBRACK) => nesting += 1,
                    Pl::Kind(SyntaxKind::RBRACK) => nesting -= 1,
                    Pl::Kind(SyntaxKind::RPAREN) => {
                        nesting -= 1;
                        if nesting < 0 {
                            break;
                        }
                    }
                    Pl::Kind(SyntaxKind::COMMA) if nesting <= 0 => break,
                    _ => {}
                }
                k += 1;
            }
            let last = s.prev_code(k)?;
            (first <= last).then_some((first, last))
        });
        Some(PlParam {
            variable,
            type_tokens,
            default_tokens,
        })
    }

    /// The first token of its type.
    pub fn type_first<'s>(&self, s: &'s PlStream) -> Option<&'s PlToken> {
        self.type_tokens.map(|(f, _)| &s.toks[f])
    }

    /// The first token of its default.
    pub fn default_first<'s>(&self, s: &'s PlStream) -> Option<&'s PlToken> {
        self.default_tokens.map(|(f, _)| &s.toks[f])
    }

    /// Whether its type starts with the `TYPE` word `word`.
    pub fn type_is(&self, cx: &Context, s: &PlStream, word: &str) -> bool {
        self.type_first(s)
            .is_some_and(|t| t.kind == Pl::Type && t.value(cx) == word)
    }

    /// Whether its default holds a `.` or a `(` (the plugins' test for a function call).
    pub fn default_calls(&self, s: &PlStream) -> bool {
        self.default_tokens.is_some_and(|(f, l)| {
            s.toks[f..=l]
                .iter()
                .any(|t| t.is(SyntaxKind::DOT) || t.is(SyntaxKind::LPAREN))
        })
    }

    /// Its `$name` token's position.
    pub fn line_col(&self, cx: &Context, s: &PlStream) -> (u32, u32) {
        s.toks[self.variable].line_col(cx)
    }
}

/// Whether puppet-lint token `k` is a `WHITESPACE` (blanks inside a line, not a line break or
/// an indentation).
pub fn is_blank(cx: &Context, s: &PlStream, k: usize) -> bool {
    s.toks.get(k).is_some_and(|t| {
        t.kind == Pl::Space && cx.tokens[t.first].ws == Some(crate::tokens::Ws::Space)
    })
}

/// The resource_reference_syntax plugin's walk: for each attribute `require`, `subscribe`,
/// `notify`, `before`, `consume` or `export` of a resource, every type reference right before
/// `[` up to the next attribute name, and the token right after that `[`.
pub fn reference_titles(cx: &Context, s: &PlStream) -> Vec<usize> {
    let mut out = Vec::new();
    for r in s.resources() {
        for &p in &r.params {
            if !matches!(
                s.toks[p].value(cx),
                "require" | "subscribe" | "notify" | "before" | "consume" | "export"
            ) {
                continue;
            }
            let Some(arrow) = s.next_code(p) else {
                continue;
            };
            let mut j = arrow + 1;
            while j <= r.end && !r.params.contains(&j) {
                if s.kind(j) == Pl::ClassRef
                    && s.toks.get(j + 1).is_some_and(|t| t.is(SyntaxKind::LBRACK))
                    && j + 2 < s.toks.len()
                {
                    out.push(j + 2);
                }
                j += 1;
            }
        }
    }
    out
}

/// The unquoted_string plugin's look (`notify_tokens`): the pieces of each `case` (or
/// selector) outside its options' bodies, and in them, back from each `:` (or `=>`) to the
/// line's start or a `{`, every bare word and every type reference without `::` (each once,
/// in the plugin's order).
pub fn unquoted_in(
    cx: &Context,
    s: &PlStream,
    keyword: SyntaxKind,
    separator: SyntaxKind,
) -> Vec<usize> {
    let mut segments = Vec::new();
    for k in 0..s.toks.len() {
        if !s.toks[k].is(keyword) {
            continue;
        }
        let mut depth = 0i32;
        let mut start = k;
        for j in k + 1..s.toks.len() {
            if s.toks[j].is(SyntaxKind::LBRACE) {
                depth += 1;
                if depth == 2 {
                    segments.push((start, j));
                }
            } else if s.toks[j].is(SyntaxKind::RBRACE) {
                if depth == 2 {
                    start = j;
                }
                depth -= 1;
                if depth == 0 {
                    segments.push((start, j));
                    break;
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (start, end) in segments {
        for r in start..=end {
            if !s.toks[r].is(separator) {
                continue;
            }
            let mut j = r;
            while j > 0 {
                j -= 1;
                let t = &s.toks[j];
                if cx.tokens[t.first].is_newline() || t.is(SyntaxKind::LBRACE) {
                    break;
                }
                let unquoted =
                    t.kind == Pl::Name || (t.kind == Pl::ClassRef && !t.text(cx).contains("::"));
                if unquoted && seen.insert(j) {
                    out.push(j);
                }
            }
        }
    }
    out
}

/// The edit that quotes a bare word.
pub fn quote(cx: &Context, t: &PlToken) -> puppet_diagnostics::TextEdit {
    puppet_diagnostics::TextEdit::single(puppet_diagnostics::Indel::replace(
        t.range(cx),
        format!("'{}'", t.text(cx)),
    ))
}
