//! What the gem takes from the tools' library crates, so that Ruby sees what the command line
//! and the C library see: `puppet-diagnostics`' renderers (`ParseResult#render`), editor
//! positions from `puppet-syntax`'s line index (`ParseResult#editor_position`,
//! `#editor_offset`), and `puppet-workspace`'s rule for where `puppet-parser xpp build` puts a
//! source's `.xpp` (`Native.xpp_location`, which the drop-in asks for the file Puppet is about
//! to parse), and `puppet-fmt`'s formatter (`Native.format`).

use std::path::PathBuf;

use magnus::{Error, RArray, RString, Ruby, Symbol};
use puppet_diagnostics::render::{render_file, sarif, Format};
use puppet_syntax::{Encoding, LineIndex, Position};

use crate::errors::guard;
use crate::NativeResult;

/// `format` (`:human`, `:json`, `:sarif`, `:github`, `:codeclimate`) of the result's
/// diagnostics, as `puppet-parser validate --format FORMAT` prints one file's; `name` is the
/// file name shown.
pub fn render(
    ruby: &Ruby,
    rb_self: &NativeResult,
    format: Symbol,
    name: String,
) -> Result<String, Error> {
    guard(ruby, || {
        let result = rb_self.get(ruby)?;
        let format: Format = format
            .name()?
            .parse()
            .map_err(|message| argument_error(ruby, message))?;
        let found: Vec<puppet_diagnostics::Diagnostic> =
            result.diagnostics.iter().map(Into::into).collect();
        let tool = sarif::Tool {
            name: "puppet-native-parser".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            information_uri: None,
        };
        Ok(render_file(
            format,
            &tool,
            &name,
            Some(&result.text),
            &found,
        ))
    })
}

fn argument_error(ruby: &Ruby, message: String) -> Error {
    Error::new(ruby.exception_arg_error(), message)
}

fn encoding(ruby: &Ruby, name: Symbol) -> Result<Encoding, Error> {
    match name.name()?.as_ref() {
        "utf8" => Ok(Encoding::Utf8),
        "utf16" => Ok(Encoding::Utf16),
        "utf32" => Ok(Encoding::Utf32),
        other => Err(argument_error(
            ruby,
            format!("unknown encoding :{other} (utf8, utf16, utf32)"),
        )),
    }
}

/// `[line, column]`, 0-based, of byte `offset` of the parsed text, the column in code units
/// of `encoding`.
pub fn editor_position(
    ruby: &Ruby,
    rb_self: &NativeResult,
    offset: u32,
    encoding_name: Symbol,
) -> Result<RArray, Error> {
    guard(ruby, || {
        let encoding = encoding(ruby, encoding_name)?;
        let result = rb_self.get(ruby)?;
        let text = &result.text;
        if offset as usize > text.len() {
            return Err(argument_error(
                ruby,
                format!(
                    "offset {offset} is past the end of the text ({} bytes)",
                    text.len()
                ),
            ));
        }
        let position = line_index(&result).position(text, offset, encoding);
        let pair = ruby.ary_new_capa(2);
        pair.push(position.line)?;
        pair.push(position.column)?;
        Ok(pair)
    })
}

/// The byte offset of 0-based `line` and `column` (code units of `encoding`), or nil when the
/// line is past the last.
pub fn editor_offset(
    ruby: &Ruby,
    rb_self: &NativeResult,
    line: u32,
    column: u32,
    encoding_name: Symbol,
) -> Result<Option<u32>, Error> {
    guard(ruby, || {
        let encoding = encoding(ruby, encoding_name)?;
        let result = rb_self.get(ruby)?;
        Ok(line_index(&result).offset(&result.text, Position { line, column }, encoding))
    })
}

fn line_index(result: &puppet_syntax::ParseResult) -> std::borrow::Cow<'_, LineIndex> {
    match &result.model {
        Some(model) => std::borrow::Cow::Borrowed(model.line_index()),
        None => std::borrow::Cow::Owned(LineIndex::new(&result.text)),
    }
}

/// Where `puppet-parser xpp build ENVDIR` puts the `.xpp` of source `path`, given the
/// environment's modules as `[[directory, name], …]` in module path order (Puppet's
/// `env.modules`); nil when `path` is not one of the environment's sources.
pub fn xpp_location(
    ruby: &Ruby,
    envdir: PathBuf,
    modules: Vec<(PathBuf, String)>,
    path: PathBuf,
) -> Result<Option<PathBuf>, Error> {
    guard(ruby, || {
        Ok(puppet_workspace::environment::xpp_location_in(
            &envdir,
            modules
                .iter()
                .map(|(dir, name)| (dir.as_path(), name.as_str())),
            &path,
        ))
    })
}

/// `Native.format(source, file, epp)`: the source formatted as `puppet-parser fmt` formats it,
/// or nil when it has syntax errors or is not UTF-8 (the Ruby side parses it for them).
pub fn format(
    ruby: &Ruby,
    source: RString,
    file: Option<RString>,
    epp: bool,
) -> Result<Option<String>, Error> {
    guard(ruby, || {
        let mut options = puppet_fmt::FormatOptions::new().epp(epp);
        if let Some(file) = file {
            options = options.file(file.to_string()?);
        }
        // SAFETY: the bytes are copied before any Ruby code can run.
        let bytes = unsafe { source.as_slice() }.to_vec();
        let Ok(text) = String::from_utf8(bytes) else {
            return Ok(None);
        };
        match puppet_fmt::format(&text, &options) {
            Ok(formatted) => Ok(Some(formatted)),
            Err(puppet_fmt::FormatError::Syntax(_)) => Ok(None),
            Err(error) => Err(crate::errors::internal(ruby, &error.to_string())),
        }
    })
}
