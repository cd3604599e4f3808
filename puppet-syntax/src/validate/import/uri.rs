//! `Locator#to_uri(definition)`: the origin of a loader entry, as `Attempt to redefine entity`
//! names it: `FILE_URI?line=L&pos=P`, where FILE_URI is `string:` without a file and
//! `Puppet::Util.path_to_uri(file)` otherwise.
//!
//! `path_to_uri` percent-encodes the path with `uri_encode`: the path splits like a URI
//! reference (`(scheme:)(//authority)path(?query)(#fragment)`); the path part keeps RFC 2396's
//! unreserved and reserved characters and escapes every other byte (`rfc2396_escape`); each
//! `&`/`=`-separated piece of a query, and the fragment (after `%23`), is `CGI.escape`d with a
//! space as `%20`. Then `URI::Generic.build(scheme: 'file', path:, query:)` prefixes `file://`.

/// `Locator#to_uri` for a definition at `line`/`pos` (1-based; `pos` in characters).
pub(super) fn locator_uri(file: Option<&str>, line: u32, pos: u32) -> String {
    let file = match file {
        Some(file) => path_to_uri(file),
        None => "string:".to_owned(),
    };
    format!("{file}?line={line}&pos={pos}")
}

/// `Puppet::Util.path_to_uri(path).to_s` for a POSIX path.
fn path_to_uri(path: &str) -> String {
    // `RFC_3986_URI_REGEX`; an absolute path has neither a scheme nor an authority (`File.expand_path`
    // leaves no leading `//`).
    let (before_fragment, fragment) = match path.split_once('#') {
        Some((before, fragment)) => (before, Some(fragment)),
        None => (path, None),
    };
    let (path_part, query) = match before_fragment.split_once('?') {
        Some((path_part, query)) => (path_part, Some(query)),
        None => (before_fragment, None),
    };
    let mut encoded = rfc2396_escape(path_part);
    if let Some(query) = query {
        let pairs: Vec<String> = ruby_split(query, '&')
            .into_iter()
            .map(|pair| {
                ruby_split(pair, '=')
                    .into_iter()
                    .map(uri_query_encode)
                    .collect::<Vec<_>>()
                    .join("=")
            })
            .collect();
        encoded.push('?');
        encoded.push_str(&pairs.join("&"));
    }
    if let Some(fragment) = fragment {
        encoded.push_str("%23");
        encoded.push_str(&uri_query_encode(fragment));
    }
    // `params[:path], params[:query] = encoded.split('?')`
    let parts = ruby_split(&encoded, '?');
    let path = parts.first().copied().unwrap_or("");
    let mut uri = if path.starts_with('/') {
        format!("file://{path}")
    } else {
        format!("file:{path}")
    };
    if let Some(query) = parts.get(1) {
        uri.push('?');
        uri.push_str(query);
    }
    uri
}

/// Ruby's `String#split(sep)`: trailing empty fields are dropped.
fn ruby_split(text: &str, separator: char) -> Vec<&str> {
    let mut fields: Vec<&str> = text.split(separator).collect();
    while fields.last() == Some(&"") {
        fields.pop();
    }
    fields
}

/// `Puppet::Util.rfc2396_escape`: every byte of a character that is neither unreserved
/// (`-_.!~*'()`, letters, digits) nor reserved (`;/?:@&=+$,[]`) as `%XX`.
fn rfc2396_escape(text: &str) -> String {
    escape(text, |c| {
        c.is_ascii_alphanumeric() || "-_.!~*'();/?:@&=+$,[]".contains(c)
    })
}

/// `uri_query_encode`: `CGI.escape` (keeps letters, digits and `_.-~`; a space becomes `+`,
/// a `+` `%2B`) with `+` then replaced by `%20`: a space is `%20`.
fn uri_query_encode(text: &str) -> String {
    escape(text, |c| c.is_ascii_alphanumeric() || "_.-~".contains(c))
}

/// Percent-encodes (upper-case hex) every byte of the characters `keep` refuses.
fn escape(text: &str, keep: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if keep(c) {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Expected values printed by Ruby Puppet 7.23 (`Puppet::Util.path_to_uri(p).to_s`, and the
    /// messages of `puppet parser validate`).
    #[test]
    fn paths_like_ruby() {
        assert_eq!(path_to_uri("/oracle/x.pp"), "file:///oracle/x.pp");
        assert_eq!(
            path_to_uri("/tmp/imp/e/sp ace/d%é#x?.pp"),
            "file:///tmp/imp/e/sp%20ace/d%25%C3%A9%23x%3F.pp"
        );
        assert_eq!(
            path_to_uri("/a b/c?d=e&f#g?h"),
            "file:///a%20b/c?d=e&f%23g%3Fh"
        );
        assert_eq!(path_to_uri("/x/a=b?c=&d==e&&"), "file:///x/a=b?c&d==e");
        assert_eq!(path_to_uri("/x/ü+~ é.pp"), "file:///x/%C3%BC+~%20%C3%A9.pp");
        assert_eq!(path_to_uri("/x/a?b?c"), "file:///x/a?b%3Fc");
        assert_eq!(path_to_uri("/x/#a#b"), "file:///x/%23a%23b");
        assert_eq!(path_to_uri("/x/;@$,!*"), "file:///x/;@$,!*");
        assert_eq!(locator_uri(None, 1, 1), "string:?line=1&pos=1");
        assert_eq!(
            locator_uri(Some("/x.pp"), 3, 6),
            "file:///x.pp?line=3&pos=6"
        );
    }
}
