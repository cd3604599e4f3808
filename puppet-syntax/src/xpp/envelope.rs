//! The XPP envelope: the MIME-type line of PRFC-23
//! (`application/vnd.puppet.pcore+msgpack; document-type=xpp; version=1; …`) written from and
//! parsed into an [`XppHeader`].

use super::{sha256_hex, XppWriteOptions};
use crate::options::Strict;

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
    /// The header [`write_xpp`](super::write_xpp) writes for `payload`.
    pub(crate) fn for_payload(options: &XppWriteOptions<'_>, payload: &[u8]) -> XppHeader {
        let p = options.parse_options;
        let mut parameters = vec![
            ("document-type", "xpp".to_owned()),
            ("version", XPP_VERSION.to_owned()),
            ("producer", format!("puppet-syntax/{}", crate::VERSION)),
            ("puppet-version", crate::PUPPET_VERSION.to_owned()),
            ("epp", p.epp.to_string()),
            ("tasks", p.tasks.to_string()),
            ("strict", strict_str(p.strict).to_owned()),
        ];
        if let Some(source) = options.source {
            parameters.push(("source-sha256", sha256_hex(source)));
        }
        parameters.push(("payload-sha256", sha256_hex(payload)));
        XppHeader {
            format: options.format,
            parameters: parameters
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        }
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
