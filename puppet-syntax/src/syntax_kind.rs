//! `SyntaxKind`: every token and node kind of the Puppet CST, in one table.
//!
//! Token kinds are named after the token symbols of Ruby Puppet's `Lexer2` (`LBRACK`, `LISTSTART`,
//! `DQPRE`, …) so that the reference (`puppet-ruby-reference.md` §1) reads directly onto this file.
//! Kinds that Ruby never hands to the grammar (whitespace, comments, heredoc bodies, EPP tags that
//! only switch modes) are *trivia*: they are kept in the CST for losslessness but the parser never
//! sees them. Tokens come first so that `TokenSet` (a `u128` bit set) can hold every token kind.

macro_rules! syntax_kinds {
    (
        tokens { $($(#[doc = $tdoc:literal])* $tok:ident $( = $text:literal )?,)* }
        nodes { $($(#[doc = $ndoc:literal])* $node:ident,)* }
    ) => {
        /// A token or node kind. `#[repr(u16)]` so it converts to `rowan::SyntaxKind`.
        ///
        /// A token kind without documentation is the punctuation or keyword it is named after.
        #[allow(non_camel_case_types, clippy::upper_case_acronyms, missing_docs)]
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u16)]
        pub enum SyntaxKind {
            $($(#[doc = $tdoc])* $tok,)*
            $($(#[doc = $ndoc])* $node,)*
        }

        impl SyntaxKind {
            /// All kinds in declaration order (used to convert back from `u16`).
            const ALL: &'static [SyntaxKind] = &[$(SyntaxKind::$tok,)* $(SyntaxKind::$node,)*];

            /// The kind's name as printed in CST dumps (`LBRACE`, `RESOURCE_EXPR`, …).
            pub fn name(self) -> &'static str {
                match self {
                    $(SyntaxKind::$tok => stringify!($tok),)*
                    $(SyntaxKind::$node => stringify!($node),)*
                }
            }

            /// The fixed text of a punctuation/keyword token, if it has one (used in messages).
            pub fn fixed_text(self) -> Option<&'static str> {
                match self {
                    $($(SyntaxKind::$tok => Some($text),)?)*
                    _ => None,
                }
            }
        }
    };
}

syntax_kinds! {
    tokens {
        // ---- trivia: kept in the CST, never seen by the grammar ----
        /// `[[:blank:]\r\n]+` (Unicode blanks included).
        WHITESPACE,
        /// `# …` to the end of the line (newline excluded).
        COMMENT,
        /// `/* … */`.
        ML_COMMENT,
        /// The text lines and the end-tag line of a heredoc (they follow the line holding `@(…)`).
        HEREDOC_BODY,
        /// EPP `<%` / `<%-` opening a code tag (only switches the lexer mode).
        EPP_CODE_START,
        /// EPP `%>` / `-%>` closing a code tag that is not a `<%=` tag.
        EPP_CODE_END,
        /// EPP `<%# … %>` comment.
        EPP_COMMENT,
        /// EPP text Ruby drops: spaces/tabs/line break removed by a trimming tag, or text that ends
        /// the template right after `<%%` or a `<%# %>` comment.
        EPP_TRIMMED,

        // ---- punctuation and operators ----
        LBRACK = "[",
        LISTSTART = "[",
        RBRACK = "]",
        LBRACE = "{",
        SELBRACE = "{",
        RBRACE = "}",
        LPAREN = "(",
        WSLPAREN = "(",
        RPAREN = ")",
        COMMA = ",",
        SEMIC = ";",
        QMARK = "?",
        TIMES = "*",
        DOT = ".",
        MODULO = "%",
        AT = "@",
        ATAT = "@@",
        PIPE = "|",
        RCOLLECT = "|>",
        RRCOLLECT = "|>>",
        ISEQUAL = "==",
        FARROW = "=>",
        MATCH = "=~",
        EQUALS = "=",
        APPENDS = "+=",
        PARROW = "+>",
        PLUS = "+",
        IN_EDGE = "->",
        DELETES = "-=",
        MINUS = "-",
        NOTEQUAL = "!=",
        NOMATCH = "!~",
        NOT = "!",
        IN_EDGE_SUB = "~>",
        TILDE = "~",
        LLCOLLECT = "<<|",
        LSHIFT = "<<",
        LESSEQUAL = "<=",
        LCOLLECT = "<|",
        OUT_EDGE = "<-",
        OUT_EDGE_SUB = "<~",
        LESSTHAN = "<",
        RSHIFT = ">>",
        GREATEREQUAL = ">=",
        GREATERTHAN = ">",
        COLON = ":",
        DIV = "/",

        // ---- keywords (lexed only when the whole bare word matches the NAME pattern) ----
        CASE = "case",
        CLASS = "class",
        DEFAULT = "default",
        DEFINE = "define",
        IF = "if",
        ELSIF = "elsif",
        ELSE = "else",
        INHERITS = "inherits",
        NODE = "node",
        AND = "and",
        OR = "or",
        UNDEF = "undef",
        IN = "in",
        UNLESS = "unless",
        FUNCTION = "function",
        TYPE = "type",
        ATTR = "attr",
        PRIVATE = "private",
        /// `true` or `false`.
        BOOLEAN,
        /// `plan` (tasks mode only; otherwise a NAME).
        PLAN = "plan",
        /// `apply` (tasks mode only; otherwise a NAME).
        APPLY = "apply",

        // ---- words, names, literals ----
        /// A name matching `PATTERN_NAME` (`foo`, `foo::bar`, `::foo`).
        NAME,
        /// A bare word that is not a NAME (`foo-bar`, `_x`).
        WORD,
        /// `Foo`, `Foo::Bar`, `::Foo`.
        CLASSREF,
        /// `$x`, `$::x::y`, `$1`; also a `${x}`-style name rewritten to a variable (no `$` in its text).
        VARIABLE,
        NUMBER,
        /// A single-quoted string, or a double-quoted one without interpolation (quotes included).
        STRING,
        /// `"text${` or `"text` before a `$var`: the start of an interpolated string.
        DQPRE,
        /// `}text${` (or text between two `$var`s): a middle segment.
        DQMID,
        /// `}text"`: the last segment, closing quote included.
        DQPOST,
        /// `/re/`.
        REGEX,
        /// The `@(TAG:syntax/escapes)` heredoc header (its text follows later as `HEREDOC_BODY`).
        HEREDOC,

        // ---- EPP ----
        /// Zero-length token at offset 0 of an EPP template.
        EPP_START,
        /// Literal template text (may be empty).
        RENDER_STRING,
        /// `<%=`: opens a render expression.
        RENDER_EXPR,
        /// `%>` closing a `<%=` tag.
        EPP_END,
        /// `-%>` closing a `<%=` tag.
        EPP_END_TRIM,

        // ---- errors ----
        /// A byte the lexer has no rule for (Ruby's `OTHER`), or an unusable lexeme.
        ERROR_TOKEN,
        /// End of input (never stored in the tree).
        EOF,
    }
    nodes {
        /// The root: a manifest (statements) or an EPP template.
        SOURCE_FILE,
        /// A node wrapping tokens the parser could not use.
        ERROR,
        /// `a, b, c` at statement level (the argument list of a statement call like `notice a, b`).
        COMMA_LIST,
        /// A single-token expression: number, string, word, name, type reference, variable, regex,
        /// boolean, `default`, `undef`, reserved word, `type`/`function` used as a value, EPP text.
        LITERAL,
        /// `"…${e}…$v…"`: DQPRE, expressions and DQMID/DQPOST tokens.
        DQ_STRING,
        /// `@(TAG)` header token (the text is the matching `HEREDOC_BODY`).
        HEREDOC_EXPR,
        /// `[a, b]`.
        ARRAY_EXPR,
        /// `{k => v, …}` (hash literal).
        HASH_EXPR,
        /// `k => v` inside a hash, argument list, array or access.
        KEYED_ENTRY,
        /// `( e )`.
        PAREN_EXPR,
        /// `!e`, `-e`, `*e`.
        PREFIX_EXPR,
        /// `a op b` for arithmetic, comparison, match, `in`, `and`, `or`.
        BINARY_EXPR,
        /// `a = b`, `a += b`, `a -= b`.
        ASSIGNMENT_EXPR,
        /// `a -> b`, `a ~> b`, `a <- b`, `a <~ b`.
        RELATIONSHIP_EXPR,
        /// `e ? { m => v, … }` or `e ? m => v`.
        SELECTOR_EXPR,
        /// `m => v` in a selector.
        SELECTOR_ENTRY,
        /// `e[k, …]`.
        ACCESS_EXPR,
        /// `e(args)` with an optional lambda.
        CALL_EXPR,
        /// `e.name`, `e.name(args)`, with an optional lambda.
        METHOD_CALL_EXPR,
        /// `( args )` of a call.
        ARG_LIST,
        /// `|params| >> T { … }`.
        LAMBDA_EXPR,
        /// `( … )` or `| … |` parameter list.
        PARAM_LIST,
        /// `Type *$name = default`.
        PARAM,
        /// `>> Type` of a function or lambda.
        RETURN_TYPE,
        /// `{ statements }` used as a body.
        BLOCK,
        /// `if`/`elsif` with test, then-block and optional elsif/else.
        IF_EXPR,
        /// `unless` with test, then-block and optional else.
        UNLESS_EXPR,
        /// `else { … }`.
        ELSE_CLAUSE,
        /// `case e { … }`.
        CASE_EXPR,
        /// `v1, v2: { … }`.
        CASE_OPTION,
        /// `T <| q |>` / `T <<| q |>>` with optional `{ ops }`.
        COLLECT_EXPR,
        /// `<| q |>` / `<<| q |>>`.
        COLLECT_QUERY,
        /// `e { bodies }`, `class { … }`: resource, defaults, override (decided by the model).
        RESOURCE_EXPR,
        /// `title: ops` or just `ops` inside a resource expression.
        RESOURCE_BODY,
        /// `name => v`, `name +> v`, `* => v`.
        ATTRIBUTE_OP,
        /// `@resource` / `@@resource`.
        VIRTUAL_RESOURCE,
        /// `class name(params) inherits p { … }`.
        CLASS_DEF,
        /// `define name(params) { … }`.
        DEFINE_DEF,
        /// `plan name(params) { … }` (tasks mode).
        PLAN_DEF,
        /// `function name(params) >> T { … }`.
        FUNCTION_DEF,
        /// `node host, … inherits p { … }`.
        NODE_DEF,
        /// `a.b.c` or `192.168.0.1` as a node host name.
        DOTTED_NAME,
        /// `inherits x` of a class or node.
        INHERITS_CLAUSE,
        /// `type Name = T` / `type Runtime[…] = T`.
        TYPE_ALIAS,
        /// `type Name inherits P { … }`.
        TYPE_DEF,
        /// `apply(args) { … }` (tasks mode).
        APPLY_EXPR,
        /// `<%= e %>` in EPP.
        RENDER_EXPR_NODE,
        /// `|params|` at the start of an EPP template.
        EPP_PARAMS,
    }
}

use SyntaxKind::*;

impl SyntaxKind {
    /// Trivia tokens are kept in the CST but skipped by the parser.
    #[inline]
    pub fn is_trivia(self) -> bool {
        matches!(
            self,
            WHITESPACE
                | COMMENT
                | ML_COMMENT
                | HEREDOC_BODY
                | EPP_CODE_START
                | EPP_CODE_END
                | EPP_COMMENT
                | EPP_TRIMMED
        )
    }

    /// Whether this is a token kind (not a node kind).
    #[inline]
    pub fn is_token(self) -> bool {
        (self as u16) <= (EOF as u16)
    }

    /// Keyword tokens (the `keyword` rule of the grammar, plus `true`/`false`).
    #[inline]
    pub fn is_keyword(self) -> bool {
        (self as u16) >= (CASE as u16) && (self as u16) <= (APPLY as u16)
    }

    /// The kind whose number (`kind as u16`) is `raw`.
    pub fn from_u16(raw: u16) -> Option<SyntaxKind> {
        SyntaxKind::ALL.get(raw as usize).copied()
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_fit_in_a_token_set() {
        assert!((EOF as u16) < 128, "TokenSet is a u128");
    }

    #[test]
    fn round_trips_through_u16() {
        for &k in SyntaxKind::ALL {
            assert_eq!(SyntaxKind::from_u16(k as u16), Some(k));
        }
        assert_eq!(ELSIF.fixed_text(), Some("elsif"));
        assert!(
            BOOLEAN.is_keyword() && CASE.is_keyword() && APPLY.is_keyword() && !NAME.is_keyword()
        );
    }
}
