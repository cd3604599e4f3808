//! Semantic tokens (`textDocument/semanticTokens/full` and `/range`): a classification of the
//! document's tokens from the CST, so that a client colours names by what they are (a class
//! being declared, a function called, a resource type, an attribute, a parameter) where a
//! TextMate grammar only sees words.
//!
//! The tokens are in the protocol's relative encoding (each token's line and start relative to
//! the token before), with columns in the document's encoding (UTF-16 by default) through
//! [`Text::position`]. A token spanning lines (a heredoc body, a `/* */` comment, a string with
//! line breaks) is split into one token per line, since clients need not support multi-line
//! tokens. Tokens nothing is said about (punctuation, bare words such as `present`, EPP text)
//! are left out. A heredoc's text is one string even where it interpolates (`@("EOT")`): the
//! CST holds it as one token.
//!
//! The CST is error tolerant: a buffer with syntax errors is classified as far as it was
//! parsed, and the walk is iterative, however deep the tree.

use lsp_types::{SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokensLegend};
use puppet_syntax::syntax::ast::{
    AttributeOp, CallExpr, ClassDef, DefineDef, FunctionDef, MethodCallExpr, PlanDef, ResourceExpr,
};
use puppet_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};
use rowan::ast::AstNode;
use rowan::{NodeOrToken, WalkEvent};

use crate::document::Text;
use SyntaxKind::*;

/// The token types, by their index in the legend. This is the wire format: a client maps
/// these numbers through the legend the server announced, so the order of [`legend`] follows
/// them and neither changes without the other.
pub mod token_type {
    /// `keyword`: keywords, `true`/`false`, `undef`, `default`.
    pub const KEYWORD: u32 = 0;
    /// `comment`: `#`, `/* */` and EPP `<%# %>` comments.
    pub const COMMENT: u32 = 1;
    /// `string`: quoted strings, the literal parts of interpolated strings, heredocs.
    pub const STRING: u32 = 2;
    /// `number`.
    pub const NUMBER: u32 = 3;
    /// `regexp`: `/…/`.
    pub const REGEXP: u32 = 4;
    /// `variable`: `$x`, and the bare names inside `"${x}"`.
    pub const VARIABLE: u32 = 5;
    /// `parameter`: a parameter being declared (`$x` in `class c(String $x)` or `|$x|`).
    pub const PARAMETER: u32 = 6;
    /// `property`: a resource attribute name (`ensure` in `ensure => file`).
    pub const PROPERTY: u32 = 7;
    /// `function`: a function or plan being defined, a function called (with or without
    /// parentheses, or as a method).
    pub const FUNCTION: u32 = 8;
    /// `class`: a class or defined type being defined, and class names after `inherits`,
    /// `include`, `contain` and `require`.
    pub const CLASS: u32 = 9;
    /// `type`: type references (`String`, `File`), resource types (`file` in `file { … }`),
    /// type aliases being defined.
    pub const TYPE: u32 = 10;
    /// `operator`: `=`, `==`, `=~`, `+`, `->`, `=>`, `<| |>`, `@@`, `*` (splat), …
    pub const OPERATOR: u32 = 11;
    /// `macro`: the EPP tags `<%`, `<%=`, `%>`, `-%>` that switch between text and code.
    pub const MACRO: u32 = 12;
}

/// The token modifiers, as bits (bit `n` is the legend's `n`th modifier).
pub mod modifier {
    /// `declaration`: a name being declared (definitions, parameters, assignment targets).
    pub const DECLARATION: u32 = 1 << 0;
    /// `definition`: a class, defined type, function, plan or type alias being defined.
    pub const DEFINITION: u32 = 1 << 1;
}

use modifier::{DECLARATION, DEFINITION};

/// The legend announced in the server's capabilities. Token types, by index: 0 `keyword`,
/// 1 `comment`, 2 `string`, 3 `number`, 4 `regexp`, 5 `variable`, 6 `parameter`, 7 `property`,
/// 8 `function`, 9 `class`, 10 `type`, 11 `operator`, 12 `macro` (see [`token_type`]).
/// Modifiers, by bit: 0 `declaration`, 1 `definition` (see [`modifier`]).
pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: vec![
            SemanticTokenType::KEYWORD,
            SemanticTokenType::COMMENT,
            SemanticTokenType::STRING,
            SemanticTokenType::NUMBER,
            SemanticTokenType::REGEXP,
            SemanticTokenType::VARIABLE,
            SemanticTokenType::PARAMETER,
            SemanticTokenType::PROPERTY,
            SemanticTokenType::FUNCTION,
            SemanticTokenType::CLASS,
            SemanticTokenType::TYPE,
            SemanticTokenType::OPERATOR,
            SemanticTokenType::MACRO,
        ],
        token_modifiers: vec![
            SemanticTokenModifier::DECLARATION,
            SemanticTokenModifier::DEFINITION,
        ],
    }
}

/// Names that Puppet calls as functions without parentheses (`include foo`): its
/// `Factory::STATEMENT_CALLS`.
const STATEMENT_CALLS: &[&str] = &[
    "require", "realize", "include", "contain", "tag", "debug", "info", "notice", "warning", "err",
    "fail", "import", "break", "next", "return",
];

/// The statement calls and functions whose arguments are class names.
const CLASS_CALLS: &[&str] = &["include", "contain", "require"];

/// The semantic tokens of the CST `root` of `text`, encoded relatively; with `range`, only
/// the tokens (or lines of multi-line tokens) overlapping it.
pub fn semantic_tokens(
    root: &SyntaxNode,
    text: &Text,
    range: Option<TextRange>,
) -> Vec<SemanticToken> {
    let overlaps = |r: TextRange| match range {
        None => true,
        Some(range) if range.is_empty() => r.contains_inclusive(range.start()),
        Some(range) => r.start() < range.end() && range.start() < r.end(),
    };
    let mut encoder = Encoder {
        text,
        out: Vec::new(),
        last: (0, 0),
        end: (0, 0),
    };
    let mut walk = root.preorder_with_tokens();
    while let Some(event) = walk.next() {
        let token = match event {
            WalkEvent::Enter(NodeOrToken::Node(node)) => {
                if !overlaps(node.text_range()) {
                    walk.skip_subtree();
                }
                continue;
            }
            WalkEvent::Enter(NodeOrToken::Token(token)) => token,
            WalkEvent::Leave(_) => continue,
        };
        if token.text().is_empty() || !overlaps(token.text_range()) {
            continue;
        }
        let Some((kind, modifiers)) = classify(&token) else {
            continue;
        };
        // One token per line of the token's text.
        let mut start = token.text_range().start();
        for line in token.text().split('\n') {
            let content = line.strip_suffix('\r').unwrap_or(line);
            let segment = TextRange::at(start, TextSize::of(content));
            if !segment.is_empty() && overlaps(segment) {
                encoder.push(segment, kind, modifiers);
            }
            start = start
                .checked_add(TextSize::of(line))
                .and_then(|s| s.checked_add(TextSize::of('\n')))
                .unwrap_or(start);
        }
    }
    encoder.out
}

/// Builds the relative encoding.
struct Encoder<'a> {
    text: &'a Text,
    out: Vec<SemanticToken>,
    /// Line and start column of the last token pushed.
    last: (u32, u32),
    /// Line and end column of the last token pushed.
    end: (u32, u32),
}

impl Encoder<'_> {
    /// Appends the single-line `range`.
    fn push(&mut self, range: TextRange, kind: u32, modifiers: u32) {
        let start = self.text.position(range.start().into());
        let end = self.text.position(range.end().into());
        let length = end.character.saturating_sub(start.character);
        // Tokens must be in order and not overlap: the CST's tokens are, unless the text and
        // the tree disagree, and then a token out of place is dropped rather than sent.
        if end.line != start.line || length == 0 || (start.line, start.character) < self.end {
            return;
        }
        let delta_line = start.line.saturating_sub(self.last.0);
        let delta_start = if delta_line == 0 {
            start.character.saturating_sub(self.last.1)
        } else {
            start.character
        };
        self.out.push(SemanticToken {
            delta_line,
            delta_start,
            length,
            token_type: kind,
            token_modifiers_bitset: modifiers,
        });
        self.last = (start.line, start.character);
        self.end = (end.line, end.character);
    }
}

/// The type and modifiers of `token`, if it is one a client colours by meaning.
fn classify(token: &SyntaxToken) -> Option<(u32, u32)> {
    let kind = token.kind();
    let parent = token.parent()?;
    // An attribute name is a property even when it is a keyword (`unless => …` of `exec`).
    if parent.kind() == ATTRIBUTE_OP
        && AttributeOp::cast(parent.clone())
            .and_then(|op| op.name())
            .is_some_and(|name| name == *token && kind != TIMES)
    {
        return Some((token_type::PROPERTY, 0));
    }
    let class = match kind {
        COMMENT | ML_COMMENT | EPP_COMMENT => (token_type::COMMENT, 0),
        STRING | DQPRE | DQMID | DQPOST | HEREDOC | HEREDOC_BODY => (token_type::STRING, 0),
        NUMBER => (token_type::NUMBER, 0),
        REGEX => (token_type::REGEXP, 0),
        VARIABLE => variable(&parent),
        CLASSREF => {
            if definition_name(&parent).as_ref() == Some(token) {
                (definition_type(parent.kind())?, DECLARATION | DEFINITION)
            } else if is_alias_name(&parent) {
                (token_type::TYPE, DECLARATION | DEFINITION)
            } else {
                (token_type::TYPE, 0)
            }
        }
        NAME | WORD => name(token, &parent)?,
        EPP_CODE_START | EPP_CODE_END | RENDER_EXPR | EPP_END | EPP_END_TRIM => {
            (token_type::MACRO, 0)
        }
        _ if kind.is_keyword() => {
            if parent.kind() == METHOD_CALL_EXPR && is_method_name(token, &parent) {
                (token_type::FUNCTION, 0)
            } else {
                (token_type::KEYWORD, 0)
            }
        }
        _ if is_operator(kind) => (token_type::OPERATOR, 0),
        _ => return None,
    };
    Some(class)
}

/// A `$variable`: a parameter or assignment target being declared, else a use.
fn variable(parent: &SyntaxNode) -> (u32, u32) {
    if parent.kind() == PARAM {
        return (token_type::PARAMETER, DECLARATION);
    }
    // `$x = …`, and `[$a, $b] = …`.
    let mut target = parent.clone();
    if let Some(array) = target.parent().filter(|p| p.kind() == ARRAY_EXPR) {
        target = array;
    }
    let assigned = target.parent().is_some_and(|assignment| {
        assignment.kind() == ASSIGNMENT_EXPR
            && assignment.children().next().as_ref() == Some(&target)
    });
    if assigned {
        (token_type::VARIABLE, DECLARATION)
    } else {
        (token_type::VARIABLE, 0)
    }
}

/// A bare name: what its place in the tree makes it.
fn name(token: &SyntaxToken, parent: &SyntaxNode) -> Option<(u32, u32)> {
    match parent.kind() {
        CLASS_DEF | DEFINE_DEF | FUNCTION_DEF | PLAN_DEF => {
            if definition_name(parent).as_ref() == Some(token) {
                return Some((definition_type(parent.kind())?, DECLARATION | DEFINITION));
            }
            None
        }
        // `class c inherits parent`.
        INHERITS_CLAUSE if parent.parent().is_some_and(|p| p.kind() == CLASS_DEF) => {
            Some((token_type::CLASS, 0))
        }
        METHOD_CALL_EXPR if is_method_name(token, parent) => Some((token_type::FUNCTION, 0)),
        LITERAL => {
            let holder = parent.parent()?;
            match holder.kind() {
                CALL_EXPR if CallExpr::cast(holder.clone())?.callee().as_ref() == Some(parent) => {
                    Some((token_type::FUNCTION, 0))
                }
                RESOURCE_EXPR
                    if ResourceExpr::cast(holder.clone())?.type_expr().as_ref() == Some(parent) =>
                {
                    Some((token_type::TYPE, 0))
                }
                // `include foo` is two statements to the CST: a statement call's name and its
                // arguments.
                SOURCE_FILE | BLOCK if is_statement_call(parent) => Some((token_type::FUNCTION, 0)),
                SOURCE_FILE | BLOCK | COMMA_LIST | ARG_LIST if is_class_argument(parent) => {
                    Some((token_type::CLASS, 0))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The name token of a class, defined type, function or plan.
fn definition_name(node: &SyntaxNode) -> Option<SyntaxToken> {
    match node.kind() {
        CLASS_DEF => ClassDef::cast(node.clone())?.name(),
        DEFINE_DEF => DefineDef::cast(node.clone())?.name(),
        FUNCTION_DEF => FunctionDef::cast(node.clone())?.name(),
        PLAN_DEF => PlanDef::cast(node.clone())?.name(),
        _ => None,
    }
}

fn definition_type(kind: SyntaxKind) -> Option<u32> {
    match kind {
        CLASS_DEF | DEFINE_DEF => Some(token_type::CLASS),
        FUNCTION_DEF | PLAN_DEF => Some(token_type::FUNCTION),
        _ => None,
    }
}

/// Whether `literal` is the name of `type Name = …` or `type Name inherits … { … }`.
fn is_alias_name(literal: &SyntaxNode) -> bool {
    literal.kind() == LITERAL
        && literal.parent().is_some_and(|alias| {
            matches!(alias.kind(), TYPE_ALIAS | TYPE_DEF)
                && alias.children().next().as_ref() == Some(literal)
        })
}

fn is_method_name(token: &SyntaxToken, call: &SyntaxNode) -> bool {
    MethodCallExpr::cast(call.clone())
        .and_then(|call| call.method_name())
        .is_some_and(|name| name == *token)
}

/// The name of a statement of the statement-call names followed by its arguments.
fn is_statement_call(literal: &SyntaxNode) -> bool {
    STATEMENT_CALLS.contains(&literal.text().to_string().as_str())
        && next_statement(literal).is_some()
}

/// The statement after `node` in its statement list, when no `;` ends `node`'s.
fn next_statement(node: &SyntaxNode) -> Option<SyntaxNode> {
    let mut element = node.next_sibling_or_token();
    while let Some(current) = element {
        element = match current {
            NodeOrToken::Node(next) => return Some(next),
            NodeOrToken::Token(token) if token.kind().is_trivia() => token.next_sibling_or_token(),
            NodeOrToken::Token(_) => return None,
        };
    }
    None
}

/// A bare name given to `include`, `contain` or `require` (`include a, b`, `include(a)`).
fn is_class_argument(literal: &SyntaxNode) -> bool {
    let Some(holder) = literal.parent() else {
        return false;
    };
    let is_class_call = |callee: &SyntaxNode| {
        callee.kind() == LITERAL && CLASS_CALLS.contains(&callee.text().to_string().as_str())
    };
    match holder.kind() {
        // `include a`: the statement before is the call's name.
        SOURCE_FILE | BLOCK => previous_statement(literal).is_some_and(|p| is_class_call(&p)),
        // `include a, b`: the list follows the call's name.
        COMMA_LIST => {
            holder
                .parent()
                .is_some_and(|p| matches!(p.kind(), SOURCE_FILE | BLOCK))
                && previous_statement(&holder).is_some_and(|p| is_class_call(&p))
        }
        // `include(a)`.
        ARG_LIST => holder
            .parent()
            .and_then(CallExpr::cast)
            .and_then(|call| call.callee())
            .is_some_and(|callee| is_class_call(&callee)),
        _ => false,
    }
}

/// The statement before `node` in its list, when no `;` separates them.
fn previous_statement(node: &SyntaxNode) -> Option<SyntaxNode> {
    let previous = node.prev_sibling()?;
    next_statement(&previous).filter(|next| next == node)?;
    Some(previous)
}

/// The punctuation tokens that are operators: all but the brackets and separators.
fn is_operator(kind: SyntaxKind) -> bool {
    const DELIMITERS: &[SyntaxKind] = &[
        LBRACK, LISTSTART, RBRACK, LBRACE, SELBRACE, RBRACE, LPAREN, WSLPAREN, RPAREN, COMMA,
        SEMIC, DOT, PIPE, COLON,
    ];
    kind.fixed_text().is_some() && !kind.is_keyword() && !DELIMITERS.contains(&kind)
}

/// `textDocument/semanticTokens/full`.
pub fn handle_full(
    s: &crate::state::Snapshot,
    p: lsp_types::SemanticTokensParams,
) -> crate::state::LspResult<Option<lsp_types::SemanticTokensResult>> {
    let document = s.document(&p.text_document.uri)?;
    let analysis = s.analysis(&document);
    let data = semantic_tokens(&analysis.root(), &document.text, None);
    Ok(Some(lsp_types::SemanticTokensResult::Tokens(
        lsp_types::SemanticTokens {
            result_id: None,
            data,
        },
    )))
}

/// `textDocument/semanticTokens/range`.
pub fn handle_range(
    s: &crate::state::Snapshot,
    p: lsp_types::SemanticTokensRangeParams,
) -> crate::state::LspResult<Option<lsp_types::SemanticTokensRangeResult>> {
    let document = s.document(&p.text_document.uri)?;
    let analysis = s.analysis(&document);
    let range = document.text.text_range(p.range);
    let data = semantic_tokens(&analysis.root(), &document.text, Some(range));
    Ok(Some(lsp_types::SemanticTokensRangeResult::Tokens(
        lsp_types::SemanticTokens {
            result_id: None,
            data,
        },
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::Position;
    use puppet_syntax::{Encoding, ParseOptions};

    /// The tokens of `src`, one line of output per line of input holding tokens, each token
    /// as `kind(text)` with `.decl` and `.def` for the modifiers.
    fn render(src: &str, options: ParseOptions, range: Option<TextRange>) -> String {
        let result = puppet_syntax::parse(src.as_bytes(), &options.cst(true));
        let root = result.syntax_node().unwrap();
        let text = Text::new(src.to_string(), Encoding::Utf16);
        let legend = legend();
        let (mut line, mut column) = (0, 0);
        let mut out = String::new();
        for (i, token) in semantic_tokens(&root, &text, range).iter().enumerate() {
            if token.delta_line > 0 {
                line += token.delta_line;
                column = token.delta_start;
            } else {
                column += token.delta_start;
            }
            if i > 0 {
                out.push(if token.delta_line > 0 { '\n' } else { ' ' });
            }
            let start = text.offset(Position::new(line, column)) as usize;
            let end = text.offset(Position::new(line, column + token.length)) as usize;
            out.push_str(legend.token_types[token.token_type as usize].as_str());
            if token.token_modifiers_bitset & DECLARATION != 0 {
                out.push_str(".decl");
            }
            if token.token_modifiers_bitset & DEFINITION != 0 {
                out.push_str(".def");
            }
            out.push_str(&format!("({})", &text.text[start..end]));
        }
        out
    }

    fn manifest(src: &str) -> String {
        render(src, ParseOptions::new(), None)
    }

    #[test]
    fn the_legend_matches_the_indices() {
        let legend = legend();
        let types: Vec<&str> = legend.token_types.iter().map(|t| t.as_str()).collect();
        let expected = [
            (token_type::KEYWORD, "keyword"),
            (token_type::COMMENT, "comment"),
            (token_type::STRING, "string"),
            (token_type::NUMBER, "number"),
            (token_type::REGEXP, "regexp"),
            (token_type::VARIABLE, "variable"),
            (token_type::PARAMETER, "parameter"),
            (token_type::PROPERTY, "property"),
            (token_type::FUNCTION, "function"),
            (token_type::CLASS, "class"),
            (token_type::TYPE, "type"),
            (token_type::OPERATOR, "operator"),
            (token_type::MACRO, "macro"),
        ];
        assert_eq!(types.len(), expected.len());
        for (index, name) in expected {
            assert_eq!(types[index as usize], name);
        }
        let modifiers: Vec<&str> = legend.token_modifiers.iter().map(|m| m.as_str()).collect();
        assert_eq!(modifiers, ["declaration", "definition"]);
        assert_eq!((DECLARATION, DEFINITION), (1, 2));
    }

    #[test]
    fn a_class_with_parameters_and_resources() {
        let src = "\
# Apache.
class apache::vhost (
  String $docroot = '/var/www',
  Integer[1] $port = 80,
) inherits apache {
  include apache::params, apache::mod
  file { $docroot:
    ensure  => directory,
    unless  => true,
    content => \"port ${port} and $port\",
  }
  $real = $port + 1
}
";
        assert_eq!(
            manifest(src),
            "\
comment(# Apache.)
keyword(class) class.decl.def(apache::vhost)
type(String) parameter.decl($docroot) operator(=) string('/var/www')
type(Integer) number(1) parameter.decl($port) operator(=) number(80)
keyword(inherits) class(apache)
function(include) class(apache::params) class(apache::mod)
type(file) variable($docroot)
property(ensure) operator(=>)
property(unless) operator(=>) keyword(true)
property(content) operator(=>) string(\"port ${) variable(port) string(} and ) variable($port) string(\")
variable.decl($real) operator(=) variable($port) operator(+) number(1)"
        );
    }

    #[test]
    fn definitions_calls_and_operators() {
        let src = "\
define mymod::thing($x) { notice($x) }
function mymod::double(Integer $n) >> Integer { $n * 2 }
type Mymod::Port = Integer[0, 65535]
$list.each |$item| { warning $item }
[$a, $b] = [1, 2]
if $a =~ /^x/ and $b != undef { }
Package['x'] -> Service <| tag == 'web' |>
@@file { '/e': * => $h }
";
        assert_eq!(
            manifest(src),
            "\
keyword(define) class.decl.def(mymod::thing) parameter.decl($x) function(notice) variable($x)
keyword(function) function.decl.def(mymod::double) type(Integer) parameter.decl($n) \
operator(>>) type(Integer) variable($n) operator(*) number(2)
keyword(type) type.decl.def(Mymod::Port) operator(=) type(Integer) number(0) number(65535)
variable($list) function(each) parameter.decl($item) function(warning) variable($item)
variable.decl($a) variable.decl($b) operator(=) number(1) number(2)
keyword(if) variable($a) operator(=~) regexp(/^x/) keyword(and) variable($b) operator(!=) \
keyword(undef)
type(Package) string('x') operator(->) type(Service) operator(<|) operator(==) string('web') \
operator(|>)
operator(@@) type(file) string('/e') operator(*) operator(=>) variable($h)"
        );
    }

    #[test]
    fn multi_line_tokens_are_split_per_line() {
        let src = "$t = @(EOT)\n  one\n  two\n  | EOT\n/* a\n   b */\n$s = 'x\r\ny'\n";
        assert_eq!(
            manifest(src),
            "\
variable.decl($t) operator(=) string(@(EOT))
string(  one)
string(  two)
string(  | EOT)
comment(/* a)
comment(   b */)
variable.decl($s) operator(=) string('x)
string(y')"
        );
    }

    #[test]
    fn a_range_limits_the_tokens() {
        let src = "$a = 1\n$b = 'x'\n$c = 3\n/* one\ntwo\nthree */\n";
        let range = |start: u32, end: u32| Some(TextRange::new(start.into(), end.into()));
        let options = ParseOptions::new;
        assert_eq!(
            render(src, options(), range(7, 15)),
            "variable.decl($b) operator(=) string('x')"
        );
        // Only the lines of a multi-line token that overlap the range.
        assert_eq!(render(src, options(), range(30, 33)), "comment(two)");
        // The first token is relative to the start of the document.
        let result = puppet_syntax::parse(src.as_bytes(), &options().cst(true));
        let text = Text::new(src.to_string(), Encoding::Utf16);
        let tokens = semantic_tokens(&result.syntax_node().unwrap(), &text, range(7, 15));
        assert_eq!((tokens[0].delta_line, tokens[0].delta_start), (1, 0));
    }

    #[test]
    fn utf16_columns_and_lengths() {
        let src = "$s = 'ü😀'; $x = 1\n";
        let result = puppet_syntax::parse(src.as_bytes(), &ParseOptions::new().cst(true));
        let text = Text::new(src.to_string(), Encoding::Utf16);
        let tokens = semantic_tokens(&result.syntax_node().unwrap(), &text, None);
        let columns: Vec<(u32, u32)> = tokens.iter().map(|t| (t.delta_start, t.length)).collect();
        // `$s` at 0, `=` at 3, `'ü😀'` (5 units) at 5, `$x` at 12, `=` at 15, `1` at 17.
        assert_eq!(columns, [(0, 2), (3, 1), (2, 5), (7, 2), (3, 1), (2, 1)]);
        // In UTF-8 columns, the string is 8 bytes long.
        let text = Text::new(src.to_string(), Encoding::Utf8);
        let tokens = semantic_tokens(&result.syntax_node().unwrap(), &text, None);
        assert_eq!((tokens[2].length, tokens[3].delta_start), (8, 10));
    }

    #[test]
    fn epp_templates() {
        let src = "\
<%- | String $name = 'x' | -%>
Hello <%= $name %>!
<%# note %>
<% if $name { -%>
yes
<% } -%>
";
        assert_eq!(
            render(src, ParseOptions::new().epp(true), None),
            "\
macro(<%-) type(String) parameter.decl($name) operator(=) string('x') macro(-%>)
macro(<%=) variable($name) macro(%>)
comment(<%# note %>)
macro(<%) keyword(if) variable($name) macro(-%>)
macro(<%) macro(-%>)"
        );
    }

    #[test]
    fn broken_input_is_classified_as_far_as_it_goes() {
        let src = "class broken(String $x {\n  file { '/a':\n    ensure =>\n  }\n  notice($x\n";
        assert_eq!(
            manifest(src),
            "\
keyword(class) class.decl.def(broken) type(String) parameter.decl($x)
type(file) string('/a')
property(ensure) operator(=>)
function(notice) variable($x)"
        );
        assert_eq!(manifest(""), "");
        // Every prefix, as while typing (`render` decodes every token).
        for cut in (0..=src.len()).filter(|&cut| src.is_char_boundary(cut)) {
            manifest(&src[..cut]);
        }
        // An unterminated string runs to the end of the text.
        assert_eq!(
            manifest("$a = 'x\n"),
            "variable.decl($a) operator(=) string('x)"
        );
    }
}
