//! The diagnostics as Ruby sees them: `PuppetNativeParser::Diagnostic` objects, made here.
//!
//! `Diagnostic` is a Struct defined in Ruby (`lib/puppet_native_parser.rb`: its members, in
//! order, are `code, severity, message, file, line, column, offset, length, arguments, kind`, and it
//! adds `error?`, `to_s` and the older names `issue_code` and `pos`); the extension looks it
//! up on first use and makes each object with its `new`, frozen, in a frozen Array. Every
//! consumer (`ParseResult#diagnostics`, the drop-in) takes these objects, never raw rows.

use std::sync::OnceLock;

use magnus::value::Opaque;
use magnus::{prelude::*, Error, RArray, RClass, RModule, Ruby};
use puppet_syntax::Diagnostic;

/// `PuppetNativeParser::Diagnostic`, once looked up (a constant, kept from the GC as well).
static CLASS: OnceLock<Opaque<RClass>> = OnceLock::new();

fn class(ruby: &Ruby) -> Result<RClass, Error> {
    if let Some(class) = CLASS.get() {
        return Ok(ruby.get_inner(*class));
    }
    let class: RClass = ruby
        .class_object()
        .const_get::<_, RModule>("PuppetNativeParser")?
        .const_get("Diagnostic")?;
    ruby.gc_register_mark_object(class);
    Ok(ruby.get_inner(*CLASS.get_or_init(|| Opaque::from(class))))
}

/// `diagnostics` as a frozen Array of frozen `PuppetNativeParser::Diagnostic`s; `file`
/// replaces the file they name (a result read from an XPP file under another name). Severity
/// is a Symbol (`:error`, `:warning`, `:deprecation`), arguments a Hash of Symbol => String.
pub fn to_ruby(
    ruby: &Ruby,
    diagnostics: &[Diagnostic],
    file: Option<&str>,
) -> Result<RArray, Error> {
    let out = ruby.ary_new_capa(diagnostics.len());
    if diagnostics.is_empty() {
        out.freeze();
        return Ok(out);
    }
    let class = class(ruby)?;
    for d in diagnostics {
        let arguments = ruby.hash_new();
        for (name, value) in &d.args {
            arguments.aset(ruby.to_symbol(name), value.as_str())?;
        }
        let diagnostic = class.new_instance((
            d.code.as_str(),
            ruby.to_symbol(d.severity.as_str()),
            d.message.as_str(),
            file.or(d.file.as_deref()),
            d.line,
            d.column,
            d.offset,
            d.len,
            arguments,
            ruby.to_symbol(puppet_diagnostics::Code::from(d.code).kind.as_str()),
        ))?;
        diagnostic.freeze();
        out.push(diagnostic)?;
    }
    out.freeze();
    Ok(out)
}
