//! Diagnostics shared by every stage: a stable issue code (Puppet's issue constant name), a
//! severity, a byte span and a message. Line/column are derived on demand through `LineIndex`.

use std::fmt;

macro_rules! issue_codes {
    ($($(#[doc = $doc:literal])* $code:ident,)*) => {
        /// Stable issue codes. The names are Puppet's own issue constants (`lib/puppet/pops/issues.rb`)
        /// where Puppet has one; the few we add (`INVALID_UTF8`, `NESTING_TOO_DEEP`, …) say so in
        /// their documentation.
        ///
        /// A variant without documentation is Puppet's issue of that name (its message is
        /// Puppet's, see `validate/messages.rs` and the lexer).
        #[allow(non_camel_case_types, clippy::upper_case_acronyms, missing_docs)]
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum IssueCode { $($(#[doc = $doc])* $code,)* }

        impl IssueCode {
            /// The code as Puppet names it, e.g. `"SYNTAX_ERROR"`.
            pub fn as_str(self) -> &'static str {
                match self { $(IssueCode::$code => stringify!($code),)* }
            }

            /// The code named `name` (`"SYNTAX_ERROR"`), if there is one.
            pub fn from_name(name: &str) -> Option<IssueCode> {
                match name { $(stringify!($code) => Some(IssueCode::$code),)* _ => None }
            }
        }
    };
}

issue_codes! {
    // lexer
    ILLEGAL_BOM,
    UNCLOSED_QUOTE,
    UNCLOSED_MLCOMMENT,
    ILLEGAL_CLASS_REFERENCE,
    ILLEGAL_FULLY_QUALIFIED_CLASS_REFERENCE,
    ILLEGAL_FULLY_QUALIFIED_NAME,
    ILLEGAL_NAME_OR_BARE_WORD,
    ILLEGAL_NUMBER,
    INVALID_HEX_NUMBER,
    INVALID_OCTAL_NUMBER,
    INVALID_DECIMAL_NUMBER,
    UNRECOGNIZED_ESCAPE,
    ILLEGAL_UNICODE_ESCAPE,
    HEREDOC_UNCLOSED_PARENTHESIS,
    HEREDOC_WITHOUT_END_TAGGED_LINE,
    HEREDOC_INVALID_ESCAPE,
    HEREDOC_INVALID_SYNTAX,
    HEREDOC_WITHOUT_TEXT,
    HEREDOC_EMPTY_ENDTAG,
    HEREDOC_MULTIPLE_AT_ESCAPES,
    /// Ours: a heredoc inside the text of another heredoc (Ruby Puppet 7.23 raises an internal
    /// `NoMethodError` positioning it).
    HEREDOC_IN_HEREDOC_TEXT,
    EPP_INTERNAL_ERROR,
    EPP_UNBALANCED_TAG,
    EPP_UNBALANCED_COMMENT,
    EPP_UNBALANCED_EXPRESSION,
    /// Ours: the source is not valid UTF-8 (Ruby raises a bare `ArgumentError`).
    INVALID_UTF8,
    /// Ours: the source is 4 GiB or larger (offsets are 32-bit); nothing is parsed.
    SOURCE_TOO_LARGE,
    /// Ours: an invalid regular expression (Ruby raises a bare `RegexpError`).
    INVALID_REGEXP,
    /// Ours: a string, comment or regular expression on a heredoc's header line runs past the
    /// heredoc's body, so Ruby lexes the text after the body a second time. Reported only
    /// when that second reading finds no error (Ruby would build a model from it; a tree of
    /// text read twice is not given).
    HEREDOC_BODY_READ_TWICE,
    /// Ours: `puppet parser dump --format pn|json` fails on this program (Ruby's PN transformer
    /// raises: a captures-rest or oddly named parameter, an `apply`); our dump prints the PN
    /// and reports this error (`pn::RubyPnFailure`).
    PN_TRANSFORM_FAILED,
    // parser
    SYNTAX_ERROR,
    /// Ours: nesting deeper than the parser's depth cap.
    NESTING_TOO_DEEP,
    /// Ours: a grammar-action error that Ruby raises as a plain `Puppet::ParseError`.
    PARSE_ERROR,
    // validator (`Checker4_0`, `TasksChecker`), see `validate`
    NOT_TOP_LEVEL,
    NOT_ABSOLUTE_TOP_LEVEL,
    CROSS_SCOPE_ASSIGNMENT,
    ILLEGAL_ASSIGNMENT,
    ILLEGAL_NUMERIC_ASSIGNMENT,
    ILLEGAL_ASSIGNMENT_CONTEXT,
    ILLEGAL_NUMERIC_PARAMETER,
    ILLEGAL_INDEXED_ASSIGNMENT,
    ILLEGAL_ASSIGNMENT_VIA_INDEX,
    APPENDS_DELETES_NO_LONGER_SUPPORTED,
    UNSUPPORTED_OPERATOR,
    UNSUPPORTED_OPERATOR_IN_CONTEXT,
    NOT_RVALUE,
    ILLEGAL_ATTRIBUTE_APPEND,
    /// The `issue_code` shared by Puppet's `ILLEGAL_SINGLE_TYPE_MAPPING` and
    /// `ILLEGAL_REGEXP_TYPE_MAPPING` (the message tells them apart).
    ILLEGAL_TYPE_MAPPING,
    ILLEGAL_PARAM_NAME,
    ILLEGAL_VAR_NAME,
    ILLEGAL_NUMERIC_VAR_NAME,
    ILLEGAL_CLASSREF,
    ILLEGAL_HOSTNAME_CHARS,
    ILLEGAL_HOSTNAME_INTERPOLATION,
    ILLEGAL_EXPRESSION,
    ILLEGAL_QUERY_EXPRESSION,
    NOT_VIRTUALIZEABLE,
    CLASS_NOT_VIRTUALIZABLE,
    UNSUPPORTED_EXPRESSION,
    ILLEGAL_DEFINITION_NAME,
    ILLEGAL_DEFINITION_LOCATION,
    ILLEGAL_TOP_CONSTRUCT_LOCATION,
    CAPTURES_REST_NOT_LAST,
    CAPTURES_REST_NOT_SUPPORTED,
    IDEM_EXPRESSION_NOT_LAST,
    RESOURCE_WITHOUT_TITLE,
    IDEM_NOT_ALLOWED_LAST,
    RESERVED_WORD,
    FUTURE_RESERVED_WORD,
    RESERVED_TYPE_NAME,
    ILLEGAL_NODE_INHERITANCE,
    DUPLICATE_PARAMETER,
    DUPLICATE_KEY,
    ILLEGAL_NONLITERAL_PARAMETER_TYPE,
    /// A unary minus of a literal that has no minus (`-true` as a hash key or in a class
    /// parameter's type, Puppet 7.29.1 and 8.5.1 and later): Ruby's validator raises an
    /// internal `NoMethodError` there; this is the message its evaluator gives such a minus.
    NOT_NUMERIC,
    /// Ours (Puppet raises `Puppet::Module::FaultyMetadata` or logs, without an issue code): a
    /// module's `metadata.json` that Ruby's JSON parser rejects.
    INVALID_MODULE_METADATA,
    DUPLICATE_DEFAULT,
    RESERVED_PARAMETER,
    MULTIPLE_ATTRIBUTES_UNFOLD,
    ILLEGAL_EPP_PARAMETERS,
    NUMERIC_OVERFLOW,
    EXPRESSION_NOT_SUPPORTED_WHEN_SCRIPTING,
    EXPRESSION_NOT_SUPPORTED_WHEN_COMPILING,
    // heredoc syntax checkers (ad-hoc issues that Ruby raises during validation)
    ILLEGAL_JSON,
    ILLEGAL_BASE64,
    ILLEGAL_PP,
    ILLEGAL_EPP,
    // the import after validation (`puppet parser validate`'s `known_resource_types`), see
    // `validate/import`: Puppet raises or logs these without an issue code
    /// Ours: a class, define or node whose name is already taken in the file (Ruby's
    /// `TypeCollection#add_*`: `Class 'a' is already defined (file: F, line: L); cannot
    /// redefine`, …); Ruby gives the line of the redefinition but no column.
    DUPLICATE_DEFINITION,
    /// Ours: a define, function, plan or type alias whose name is already bound (twice in the
    /// file, or a type alias named like a define of the file or a built-in type): Ruby's loader
    /// error `Attempt to redefine entity '…'. …`, without a position.
    REDEFINED_ENTITY,
    /// Ours: a class or define parameter without a default value named after a metaparameter
    /// (`notify is a metaparameter; please choose another parameter name in the foo
    /// definition`), an error without a position in Ruby.
    METAPARAM_PARAMETER,
    /// Ours: the same with a default value: Ruby's warning `tag is a metaparam; this value will
    /// inherit to all contained resources in the c definition`, without a position.
    METAPARAM_PARAMETER_WITH_DEFAULT,
    /// Ours: a type mapping (`type Runtime[ruby, 'X'] = …`) whose two sides Puppet's type
    /// system refuses when the import interprets them: Ruby's `TypeParser` (`The expression
    /// <$x> is not a valid type specification.`, `Invalid number of type parameters
    /// specified: …`), `Runtime`'s attribute types (`Runtime 'name_or_pattern' has wrong type,
    /// …`) or the implementation registry (`First argument of type mapping is incorrect, …`),
    /// each raised without a position; and, with a message of ours, the arguments on which
    /// Ruby fails with an internal error (`-true`).
    INVALID_TYPE_MAPPING,
}

impl IssueCode {
    /// Whether the lexer or the parser reports this code (the text is not Puppet, or cannot be
    /// read), rather than the validation of a program that parses. The lexer's and parser's
    /// codes are declared first, up to `PARSE_ERROR`.
    pub fn is_syntax(self) -> bool {
        self <= IssueCode::PARSE_ERROR
    }
}

impl fmt::Display for IssueCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Severity, named as Puppet names them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Severity {
    /// An error: Puppet refuses the source.
    Error,
    /// A warning: Puppet logs it and goes on.
    Warning,
    /// A deprecation (`FUTURE_RESERVED_WORD`): Puppet logs it and goes on.
    Deprecation,
}

impl Severity {
    /// `"error"`, `"warning"` or `"deprecation"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Deprecation => "deprecation",
        }
    }
}

/// The most bytes a diagnostic covers past the end of the parsed text: only one about the
/// input bytes the text stops before does (an invalid UTF-8 sequence, at most 3 bytes, or
/// another encoding's byte order mark, at most 4; see `source.rs`).
pub const MOST_BYTES_PAST_TEXT: u64 = 4;

/// Whether the span `offset..offset + len` is one a diagnostic of a parse of a `text_len`-byte
/// text can have: inside the text, or starting at its end and covering at most
/// [`MOST_BYTES_PAST_TEXT`]. The XPP reader refuses any other.
pub fn span_fits_text(offset: u64, len: u64, text_len: usize) -> bool {
    let end = text_len as u64;
    offset <= end && (len <= end - offset || (offset == end && len <= MOST_BYTES_PAST_TEXT))
}

/// One problem found in a source text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// The stable issue code (Puppet's issue name).
    pub code: IssueCode,
    /// How bad it is.
    pub severity: Severity,
    /// Byte offset into the source.
    pub offset: u32,
    /// Byte length (may be 0).
    pub len: u32,
    /// Our own clear English message.
    pub message: String,
    /// The named arguments of Puppet's message template for this issue, e.g. `("value", "08")`.
    pub args: Vec<(&'static str, String)>,
    /// The file the source came from, when known (set by [`Diagnostic::locate`]).
    pub file: Option<String>,
    /// 1-based line of `offset` (0 until located).
    pub line: u32,
    /// 1-based column of `offset`, counted in characters as Puppet does (0 until located).
    pub column: u32,
}

impl Diagnostic {
    /// An error at `offset..offset + len` (not located yet).
    pub fn error(code: IssueCode, offset: u32, len: u32, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Error,
            offset,
            len,
            message: message.into(),
            args: Vec::new(),
            file: None,
            line: 0,
            column: 0,
        }
    }

    /// A warning at `offset..offset + len` (not located yet).
    pub fn warning(
        code: IssueCode,
        offset: u32,
        len: u32,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Warning,
            offset,
            len,
            message: message.into(),
            args: Vec::new(),
            file: None,
            line: 0,
            column: 0,
        }
    }

    /// Adds a named argument of Puppet's message.
    pub fn with_arg(mut self, name: &'static str, value: impl Into<String>) -> Diagnostic {
        self.args.push((name, value.into()));
        self
    }

    /// Whether the severity is [`Severity::Error`].
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Fill in `file`, `line` and `column` from the source text the offsets point into.
    pub fn locate(&mut self, file: Option<&str>, text: &str, index: &crate::LineIndex) {
        self.locate_with(file, &mut crate::line_index::ColumnCursor::new(index, text));
    }

    /// [`Diagnostic::locate`] for each of `diagnostics` (linear in the text of their lines).
    pub fn locate_all(
        diagnostics: &mut [Diagnostic],
        file: Option<&str>,
        text: &str,
        index: &crate::LineIndex,
    ) {
        let mut cursor = crate::line_index::ColumnCursor::new(index, text);
        for d in diagnostics {
            d.locate_with(file, &mut cursor);
        }
    }

    /// [`Diagnostic::locate`] through a cursor over the text's lines.
    pub(crate) fn locate_with(
        &mut self,
        file: Option<&str>,
        cursor: &mut crate::line_index::ColumnCursor<'_>,
    ) {
        (self.line, self.column) = cursor.line_col(self.offset);
        self.file = file.map(str::to_owned);
    }
}
