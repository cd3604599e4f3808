//! The XPP envelope: the MIME-type line of PRFC-23
//! (`application/vnd.puppet.pcore+msgpack; document-type=xpp; version=1; …`) written from and
//! parsed into an [`XppHeader`].

use super::error::{XppErrorKind, XppReadError};
use super::{sha256_hex, xxh3_hex, XppWriteOptions};
use crate::options::{ParseOptions, Strict};

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

/// The parsed envelope of an XPP file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XppHeader {
    /// The payload's encoding (from the MIME type).
    pub format: XppFormat,
    /// Every parameter in file order, `document-type` and `version` included.
    pub parameters: Vec<(String, String)>,
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

fn strict_str(strict: Strict) -> &'static str {
    match strict {
        Strict::Off => "off",
        Strict::Warning => "warning",
        Strict::Error => "error",
    }
}

impl XppHeader {
    /// The parameters that depend on the source and settings only: all but the source's
    /// size and modification time, `errors` and the payload checksum.
    pub fn for_source(options: &ParseOptions, format: XppFormat, source: &[u8]) -> XppHeader {
        let mut header = XppHeader::base(options, format);
        header
            .parameters
            .push(("source-sha256".to_owned(), sha256_hex(source)));
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
        self.parameters
            .push(("source-size".to_owned(), stat.size.to_string()));
        self.parameters
            .push(("source-mtime-ns".to_owned(), stat.mtime_ns.to_string()));
        self
    }

    /// The parameters that depend on the producer and the settings only: `document-type`,
    /// `version`, `producer`, `puppet-version`, `epp`, `tasks`, `strict`.
    pub fn for_settings(options: &ParseOptions, format: XppFormat) -> XppHeader {
        XppHeader::base(options, format)
    }

    fn base(p: &ParseOptions, format: XppFormat) -> XppHeader {
        let parameters = [
            ("document-type", "xpp".to_owned()),
            ("version", XPP_VERSION.to_owned()),
            ("producer", format!("puppet-syntax/{}", crate::VERSION)),
            ("puppet-version", crate::PUPPET_VERSION.to_owned()),
            ("epp", p.epp.to_string()),
            ("tasks", p.tasks.to_string()),
            ("strict", strict_str(p.strict).to_owned()),
        ];
        XppHeader {
            format,
            parameters: parameters
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        }
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
        self.parameters
            .push(("errors".to_owned(), errors.to_string()));
        self.parameters
            .push(("payload-xxh3".to_owned(), xxh3_hex(payload)));
        self
    }

    /// The value of parameter `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.parameters
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The MIME-type line, without its line end.
    pub fn to_line(&self) -> String {
        let mut line = self.format.mime_type().to_owned();
        for (key, value) in &self.parameters {
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
    let mut parts = line.split(';');
    let mime = parts.next().unwrap_or_default().trim();
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
    // Byte-wise splitting: this runs once per file read, and `str` pattern searches showed.
    let mut parameters = Vec::with_capacity(12);
    for part in parts {
        let bytes = part.as_bytes();
        let eq = memchr::memchr(b'=', bytes).ok_or_else(|| envelope("a parameter without '='"))?;
        // Splitting at an ASCII byte keeps both halves UTF-8.
        let (key, value) = (&part[..eq], &part[eq + 1..]);
        parameters.push((key.trim().to_owned(), value.trim().to_owned()));
    }
    let header = XppHeader { format, parameters };
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
