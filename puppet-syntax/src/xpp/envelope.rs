//! The XPP envelope: the MIME-type line of PRFC-23
//! (`application/vnd.puppet.pcore+msgpack; document-type=xpp; version=1; …`) written from and
//! parsed into an [`XppHeader`].

use super::error::{XppErrorKind, XppReadError};
use super::{sha256_hex, xxh3_hex, XppWriteOptions};
use crate::options::ParseOptions;

/// The base encoding of the payload.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum XppFormat {
    /// `application/vnd.puppet.pcore+msgpack` (compact; the default for builds).
    Msgpack,
    /// `application/vnd.puppet.pcore+json` (for humans, and for Ruby's own deserializer).
    Json,
}

impl XppFormat {
    /// The MIME type.
    pub fn mime_type(self) -> &'static str {
        match self {
            XppFormat::Msgpack => "application/vnd.puppet.pcore+msgpack",
            XppFormat::Json => "application/vnd.puppet.pcore+json",
        }
    }

    /// `"msgpack"` or `"json"`.
    pub fn as_str(self) -> &'static str {
        match self {
            XppFormat::Msgpack => "msgpack",
            XppFormat::Json => "json",
        }
    }
}

/// The parsed envelope of an XPP file: its format and its parameters in file order
/// ([`XppHeader::parameters`], `document-type` and `version` included).
///
/// The parameters are kept in one string with the places of their keys and values, not as a
/// `String` pair each: a header is read with every file, and its twenty-odd allocations showed
/// in profiles of the reader.
#[derive(Clone)]
pub struct XppHeader {
    /// The payload's encoding (from the MIME type).
    pub format: XppFormat,
    /// The parameters' text: as read from the file (between the MIME type and the line end),
    /// or the keys and values one after the other in a header made here.
    text: String,
    /// Where each parameter is in `text`, in file order.
    spans: Vec<ParameterSpan>,
}

/// The byte ranges of a parameter's key and value in [`XppHeader::text`].
#[derive(Clone, Copy)]
struct ParameterSpan {
    key: (u32, u32),
    value: (u32, u32),
}

impl PartialEq for XppHeader {
    /// The same format and the same parameters in the same order (whatever the spacing of
    /// the line they were read from).
    fn eq(&self, other: &XppHeader) -> bool {
        self.format == other.format && self.parameters().eq(other.parameters())
    }
}

impl Eq for XppHeader {}

impl std::fmt::Debug for XppHeader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("XppHeader")
            .field("format", &self.format)
            .field("parameters", &self.parameters().collect::<Vec<_>>())
            .finish()
    }
}

/// The size and modification time of a source when its XPP was written (`source-size`,
/// `source-mtime-ns`): what `xpp build` compares first to decide freshness without reading the
/// source (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceStat {
    /// Bytes.
    pub size: u64,
    /// Modification time, nanoseconds since the Unix epoch (negative before it).
    pub mtime_ns: i128,
}

impl SourceStat {
    /// The size and modification time of a file's metadata (`None` where the platform gives
    /// no modification time).
    pub fn of(metadata: &std::fs::Metadata) -> Option<SourceStat> {
        let mtime = metadata.modified().ok()?;
        let mtime_ns = match mtime.duration_since(std::time::UNIX_EPOCH) {
            Ok(after) => after.as_nanos() as i128,
            Err(before) => -(before.duration().as_nanos() as i128),
        };
        Some(SourceStat {
            size: metadata.len(),
            mtime_ns,
        })
    }
}

/// The XPP format version this library writes and reads.
pub const XPP_VERSION: &str = "1";

impl XppHeader {
    /// The parameters that depend on the source and settings only: all but the source's
    /// size and modification time, `errors` and the payload checksum.
    pub fn for_source(options: &ParseOptions, format: XppFormat, source: &[u8]) -> XppHeader {
        let mut header = XppHeader::base(options, format);
        header.push("source-sha256", &sha256_hex(source));
        header
    }

    /// The `source-size` and `source-mtime-ns` parameters, when the file records them.
    pub fn source_stat(&self) -> Option<SourceStat> {
        Some(SourceStat {
            size: self.get("source-size")?.parse().ok()?,
            mtime_ns: self.get("source-mtime-ns")?.parse().ok()?,
        })
    }

    /// This header followed by the `source-size` and `source-mtime-ns` of `stat`.
    pub fn with_source_stat(mut self, stat: SourceStat) -> XppHeader {
        self.push("source-size", &stat.size.to_string());
        self.push("source-mtime-ns", &stat.mtime_ns.to_string());
        self
    }

    /// The parameters that depend on the producer and the settings only: `document-type`,
    /// `version`, `producer`, `puppet-version`, `epp`, `tasks`, `strict`.
    pub fn for_settings(options: &ParseOptions, format: XppFormat) -> XppHeader {
        XppHeader::base(options, format)
    }

    fn base(p: &ParseOptions, format: XppFormat) -> XppHeader {
        let mut header = XppHeader {
            format,
            text: String::with_capacity(256),
            spans: Vec::with_capacity(13),
        };
        header.push("document-type", "xpp");
        header.push("version", XPP_VERSION);
        header.push("producer", &format!("puppet-syntax/{}", crate::VERSION));
        // The release whose rules validated the file (readers compare its rules with theirs).
        header.push("puppet-version", &p.release.to_string());
        header.push("epp", if p.epp { "true" } else { "false" });
        header.push("tasks", if p.tasks { "true" } else { "false" });
        header.push("strict", p.effective_strict().as_str());
        header
    }

    /// Appends parameter `key` with `value`.
    fn push(&mut self, key: &str, value: &str) {
        let mut place = |s: &str| {
            let start = self.text.len();
            self.text.push_str(s);
            (start as u32, self.text.len() as u32)
        };
        let key = place(key);
        let value = place(value);
        self.spans.push(ParameterSpan { key, value });
    }

    /// Every parameter, `(key, value)`, in file order.
    pub fn parameters(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        let text = |(start, end): (u32, u32)| &self.text[start as usize..end as usize];
        self.spans
            .iter()
            .map(move |span| (text(span.key), text(span.value)))
    }

    /// The header [`write_xpp`](super::write_xpp) writes for `payload`.
    pub(crate) fn for_payload(
        options: &XppWriteOptions<'_>,
        errors: usize,
        payload: &[u8],
    ) -> XppHeader {
        let mut header = match options.source {
            Some(source) => XppHeader::for_source(options.parse_options, options.format, source),
            None => XppHeader::base(options.parse_options, options.format),
        };
        if let Some(stat) = options.source_stat {
            header = header.with_source_stat(stat);
        }
        header.with_payload(errors, payload)
    }

    /// This header followed by `errors` (the number of error diagnostics) and the
    /// `payload-xxh3` of `payload`.
    pub fn with_payload(mut self, errors: usize, payload: &[u8]) -> XppHeader {
        self.push("errors", &errors.to_string());
        self.push("payload-xxh3", &xxh3_hex(payload));
        self
    }

    /// The value of parameter `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        // Keys compared as bytes, only the value found sliced: readers ask for several keys
        // of every file, and slicing each key on the way showed in profiles.
        let bytes = self.text.as_bytes();
        let span = self.spans.iter().find(|span| {
            let (start, end) = (span.key.0 as usize, span.key.1 as usize);
            end - start == key.len() && bytes[start..end] == *key.as_bytes()
        })?;
        Some(&self.text[span.value.0 as usize..span.value.1 as usize])
    }

    /// The MIME-type line, without its line end.
    pub fn to_line(&self) -> String {
        let mut line = self.format.mime_type().to_owned();
        for (key, value) in self.parameters() {
            line.push_str("; ");
            line.push_str(key);
            line.push('=');
            line.push_str(value);
        }
        line
    }
}

/// Splits an XPP file into its header and payload, checking the MIME type, `document-type`,
/// `version` and the payload checksum: `payload-xxh3` (what this library writes) or
/// `payload-sha256` (what it wrote before), every one the envelope has; one is required, so
/// that a corrupted parameter name cannot switch the check off.
pub(crate) fn parse_envelope(bytes: &[u8]) -> Result<(XppHeader, &[u8]), XppReadError> {
    let (header, payload) = parse_header(bytes)?;
    let mismatch = |key: &str| {
        XppReadError::new(
            XppErrorKind::PayloadDigest,
            format!("the payload does not match its {key}"),
        )
    };
    let xxh3 = header.get("payload-xxh3");
    let sha256 = header.get("payload-sha256");
    if xxh3.is_none() && sha256.is_none() {
        return Err(XppReadError::new(
            XppErrorKind::PayloadDigest,
            "the envelope has no payload-xxh3 (nor payload-sha256)",
        ));
    }
    if xxh3.is_some_and(|expected| !super::xxh3_matches(payload, expected)) {
        return Err(mismatch("payload-xxh3"));
    }
    if sha256.is_some_and(|expected| !super::sha256_matches(payload, expected)) {
        return Err(mismatch("payload-sha256"));
    }
    Ok((header, payload))
}

/// The header of an XPP file and where its payload starts, checking the MIME type,
/// `document-type` and `version` (not the payload).
pub(crate) fn parse_header(bytes: &[u8]) -> Result<(XppHeader, &[u8]), XppReadError> {
    let envelope = |message: &str| XppReadError::new(XppErrorKind::Envelope, message);
    let newline =
        memchr::memchr(b'\n', bytes).ok_or_else(|| envelope("no line end after the MIME type"))?;
    let line = bytes[..newline]
        .strip_suffix(b"\r")
        .unwrap_or(&bytes[..newline]);
    let rest = &bytes[newline + 1..];
    let payload = rest
        .strip_prefix(b"\r\n")
        .or_else(|| rest.strip_prefix(b"\n"))
        .ok_or_else(|| envelope("no blank line after the MIME type"))?;
    let line =
        std::str::from_utf8(line).map_err(|_| envelope("the MIME type line is not UTF-8"))?;
    if line.len() > u32::MAX as usize {
        return Err(envelope("a MIME type line of 4 GiB or more"));
    }
    // Byte-wise splitting and trimming: this runs once per file read, and `str` pattern
    // searches and `trim` showed in profiles.
    let (mime, parameters) = match memchr::memchr(b';', line.as_bytes()) {
        // Splitting at an ASCII byte keeps both halves UTF-8.
        Some(at) => (trim(&line[..at]), Some(&line[at + 1..])),
        None => (trim(line), None),
    };
    let format = match mime {
        "application/vnd.puppet.pcore+msgpack" => XppFormat::Msgpack,
        "application/vnd.puppet.pcore+json" => XppFormat::Json,
        other => {
            return Err(XppReadError::new(
                XppErrorKind::MimeType,
                format!("not an XPP MIME type: {other:?}"),
            ))
        }
    };
    // The parameters' text is copied once and split where it lies.
    let text = parameters.unwrap_or_default().to_owned();
    let mut spans = Vec::with_capacity(16);
    if parameters.is_some() {
        let place = |part: &str| {
            let trimmed = trim(part);
            let start = trimmed.as_ptr() as usize - text.as_ptr() as usize;
            (start as u32, (start + trimmed.len()) as u32)
        };
        let mut start = 0;
        for end in memchr::memchr_iter(b';', text.as_bytes()).chain([text.len()]) {
            let part = &text[start..end];
            let eq = memchr::memchr(b'=', part.as_bytes())
                .ok_or_else(|| envelope("a parameter without '='"))?;
            spans.push(ParameterSpan {
                key: place(&part[..eq]),
                value: place(&part[eq + 1..]),
            });
            start = end + 1;
        }
    }
    let header = XppHeader {
        format,
        text,
        spans,
    };
    match header.get("document-type") {
        Some("xpp") => {}
        other => {
            return Err(XppReadError::new(
                XppErrorKind::DocumentType,
                format!("document-type is {other:?}, not \"xpp\""),
            ))
        }
    }
    match header.get("version") {
        Some(XPP_VERSION) => {}
        other => {
            return Err(XppReadError::new(
                XppErrorKind::Version,
                format!("version {other:?}: this reader reads version {XPP_VERSION}"),
            ))
        }
    }
    Ok((header, payload))
}

/// `s` without leading and trailing white space ([`str::trim`]), ASCII white space trimmed
/// byte-wise first (decoding characters to trim showed in profiles of the reader).
fn trim(s: &str) -> &str {
    let trimmed = s.trim_ascii();
    // What `trim_ascii` leaves at either end and `trim` might not: a non-ASCII character, or
    // U+000B, which is white space to `trim` only.
    let unsure = |b: Option<&u8>| b.is_some_and(|&b| b >= 0x80 || b == 0x0b);
    let bytes = trimmed.as_bytes();
    if unsure(bytes.first()) || unsure(bytes.last()) {
        trimmed.trim()
    } else {
        trimmed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `trim` is `str::trim`, ASCII and other white space alike.
    #[test]
    fn trim_is_str_trim() {
        for s in [
            "",
            " ",
            "a",
            " a ",
            "\t a=b \r",
            "\u{b}a\u{b}",
            "\u{a0}a",
            "a\u{2003}",
            " \u{85}é ",
            "é",
            " é\u{b} ",
        ] {
            assert_eq!(trim(s), s.trim(), "{s:?}");
        }
    }
}
