//! [`XppReadError`]: why an XPP file is refused, with a stable [`XppErrorKind`] per reason.

/// The stable kind of an [`XppReadError`] (for logs, codes and tests).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum XppErrorKind {
    /// The MIME-type line or the blank line after it is missing or malformed.
    Envelope,
    /// Not `application/vnd.puppet.pcore+msgpack` or `+json`.
    MimeType,
    /// `document-type` is missing or not `xpp`.
    DocumentType,
    /// `version` is missing or not one this library reads.
    Version,
    /// The payload does not match its `payload-sha256`.
    PayloadDigest,
    /// The source given does not match `source-sha256` (or the file records none).
    SourceDigest,
    /// The payload ends in the middle of a value.
    Truncated,
    /// The payload is not a well-formed msgpack / JSON Pcore stream.
    Malformed,
    /// A Pcore type name that is not a concrete class of the model.
    UnknownClass,
    /// An object with an attribute count its class does not allow.
    AttributeCount,
    /// An attribute value of the wrong type (or a node of the wrong class).
    AttributeType,
    /// An offset or length outside the source text.
    Position,
    /// A tabulation index that refers to nothing (or to a value of another kind).
    Tabulation,
    /// Bytes after the last value of the payload.
    TrailingBytes,
    /// A diagnostic with an unknown issue code or severity, or a malformed field.
    Diagnostic,
}

impl XppErrorKind {
    /// A stable code, e.g. `"XPP_TRUNCATED"`.
    pub fn code(self) -> &'static str {
        match self {
            XppErrorKind::Envelope => "XPP_ENVELOPE",
            XppErrorKind::MimeType => "XPP_MIME_TYPE",
            XppErrorKind::DocumentType => "XPP_DOCUMENT_TYPE",
            XppErrorKind::Version => "XPP_VERSION",
            XppErrorKind::PayloadDigest => "XPP_PAYLOAD_DIGEST",
            XppErrorKind::SourceDigest => "XPP_SOURCE_DIGEST",
            XppErrorKind::Truncated => "XPP_TRUNCATED",
            XppErrorKind::Malformed => "XPP_MALFORMED",
            XppErrorKind::UnknownClass => "XPP_UNKNOWN_CLASS",
            XppErrorKind::AttributeCount => "XPP_ATTRIBUTE_COUNT",
            XppErrorKind::AttributeType => "XPP_ATTRIBUTE_TYPE",
            XppErrorKind::Position => "XPP_POSITION",
            XppErrorKind::Tabulation => "XPP_TABULATION",
            XppErrorKind::TrailingBytes => "XPP_TRAILING_BYTES",
            XppErrorKind::Diagnostic => "XPP_DIAGNOSTIC",
        }
    }
}

/// An XPP file that cannot be read: its [`XppErrorKind`] and what exactly was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}", kind.code())]
pub struct XppReadError {
    /// The stable kind.
    pub kind: XppErrorKind,
    /// What was wrong, for humans.
    pub message: String,
}

impl XppReadError {
    pub(crate) fn new(kind: XppErrorKind, message: impl Into<String>) -> XppReadError {
        XppReadError {
            kind,
            message: message.into(),
        }
    }
}

/// The error type inside the reader: boxed, so that the `Result`s of the hot path stay small (a
/// `Result<Value, XppReadError>` was 40 bytes, written and copied at every `?`; profiles showed
/// the copies). [`read_payload`](super::read_payload) unboxes it.
pub(crate) type Fail = Box<XppReadError>;

/// A [`Fail`]; out of line, so that the error paths do not bloat the hot ones.
#[cold]
#[inline(never)]
pub(crate) fn fail(kind: XppErrorKind, message: impl Into<String>) -> Fail {
    Box::new(XppReadError::new(kind, message))
}
