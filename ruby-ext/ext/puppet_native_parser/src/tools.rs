//! What the gem takes from the tools' library crates, so that Ruby sees what the command line
//! and the C library see: `puppet-diagnostics`' renderers (`ParseResult#render`), editor
//! positions from `puppet-syntax`'s line index (`ParseResult#editor_position`,
//! `#editor_offset`), and `puppet-workspace`'s rule for where `puppet-parser xpp build` puts a
//! source's `.xpp` (`Native.xpp_location`, which the drop-in asks for the file Puppet is about
//! to parse), `puppet-fmt`'s formatter (`Native.format`), and `puppet-lint`'s checks
//! (`Native.lint`, `Native.lint_fix`, `Native.lint_checks`).

use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::OnceLock;

use magnus::value::Opaque;
use magnus::{prelude::*, Error, RArray, RClass, RModule, RString, Ruby, Symbol};
use puppet_diagnostics::render::{render_file, sarif, Format};
use puppet_lint::checks::{syntax::SYNTAX, CHECKS};
use puppet_lint::{LintOptions, Problem};
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

/// The checks that run: puppet-lint's defaults (every check with `all`), or only those of
/// `only`; then `enable` turned on and `disable` off. An unknown name is an `ArgumentError`.
fn lint_options(
    ruby: &Ruby,
    only: Option<Vec<String>>,
    enable: Vec<String>,
    disable: Vec<String>,
    all: bool,
) -> Result<LintOptions, Error> {
    let unknown = |e: puppet_lint::UnknownCheck| {
        argument_error(
            ruby,
            format!("{e} (PuppetNativeParser.lint_checks lists the checks)"),
        )
    };
    let mut options = if all {
        LintOptions::all()
    } else {
        LintOptions::default()
    };
    if let Some(only) = &only {
        options
            .only(only.iter().map(String::as_str))
            .map_err(unknown)?;
    }
    for name in &enable {
        options.set(name, true).map_err(unknown)?;
    }
    for name in &disable {
        options.set(name, false).map_err(unknown)?;
    }
    Ok(options)
}

/// Whether a source is an EPP template: `epp`, or a file name ending in `.epp` (as
/// `puppet-parser lint` and `puppet_lint::fix` tell).
fn lint_epp(epp: bool, file: Option<&str>) -> bool {
    epp || file.is_some_and(|f| f.ends_with(".epp"))
}

/// `PuppetNativeParser::LintProblem`, once looked up (a constant, kept from the GC as well).
static LINT_PROBLEM: OnceLock<Opaque<RClass>> = OnceLock::new();

fn lint_problem_class(ruby: &Ruby) -> Result<RClass, Error> {
    if let Some(class) = LINT_PROBLEM.get() {
        return Ok(ruby.get_inner(*class));
    }
    let class: RClass = ruby
        .class_object()
        .const_get::<_, RModule>("PuppetNativeParser")?
        .const_get("LintProblem")?;
    ruby.gc_register_mark_object(class);
    Ok(ruby.get_inner(*LINT_PROBLEM.get_or_init(|| Opaque::from(class))))
}

/// A frozen copy of `text`.
fn frozen_str(ruby: &Ruby, text: &str) -> RString {
    let s = ruby.str_new(text);
    s.freeze();
    s
}

/// A problem as a frozen `LintProblem`: check, kind, line, column, offset, length, message,
/// reason, fix (a frozen Array of frozen `[offset, length, text]`, or nil).
fn lint_problem(ruby: &Ruby, class: RClass, p: &Problem) -> Result<magnus::Value, Error> {
    let fix = match &p.fix {
        None => None,
        Some(edit) => {
            let edits = ruby.ary_new_capa(edit.indels().len());
            for indel in edit.indels() {
                let row = ruby.ary_new_capa(3);
                row.push(u32::from(indel.delete.start()))?;
                row.push(u32::from(indel.delete.len()))?;
                row.push(frozen_str(ruby, &indel.insert))?;
                row.freeze();
                edits.push(row)?;
            }
            edits.freeze();
            Some(edits)
        }
    };
    let problem: magnus::Value = class.new_instance((
        frozen_str(ruby, p.check.name),
        ruby.to_symbol(p.kind.as_str()),
        p.line,
        p.column,
        u32::from(p.range.start()),
        u32::from(p.range.len()),
        frozen_str(ruby, &p.message),
        p.reason.as_deref().map(|r| frozen_str(ruby, r)),
        fix,
    ))?;
    problem.freeze();
    Ok(problem)
}

/// `Native.lint(source, file, epp, only, enable, disable, all)`: the problems of the source as
/// `puppet-parser lint` finds them, a frozen Array of frozen `LintProblem`s in puppet-lint's
/// order; a source that does not parse gives one problem of check `syntax` per syntax error.
/// The work runs without the GVL for a large source.
#[allow(clippy::too_many_arguments)]
pub fn lint(
    ruby: &Ruby,
    source: RString,
    file: Option<RString>,
    epp: bool,
    only: Option<Vec<String>>,
    enable: Vec<String>,
    disable: Vec<String>,
    all: bool,
) -> Result<RArray, Error> {
    guard(ruby, || {
        let options = lint_options(ruby, only, enable, disable, all)?;
        let file = file.map(|f| f.to_string()).transpose()?;
        // SAFETY: the bytes are copied at once, before any other Ruby call can change the string.
        let bytes = unsafe { source.as_slice() }.to_vec();
        let release = bytes.len() >= crate::nogvl::RELEASE_THRESHOLD;
        let problems = crate::nogvl::run(release, move || {
            let mut parse = puppet_syntax::ParseOptions::new()
                .cst(true)
                .epp(lint_epp(epp, file.as_deref()));
            if let Some(file) = file {
                parse = parse.file(file);
            }
            let parsed = puppet_syntax::parse(&bytes, &parse);
            puppet_lint::lint_full(&parsed, &options).problems
        })
        .map_err(|panic| crate::errors::internal(ruby, &panic))?;
        let out = ruby.ary_new_capa(problems.len());
        if !problems.is_empty() {
            let class = lint_problem_class(ruby)?;
            for p in &problems {
                out.push(lint_problem(ruby, class, p)?)?;
            }
        }
        out.freeze();
        Ok(out)
    })
}

/// `Native.lint_fix(source, file, epp, only, enable, disable, all)`: the text
/// `puppet-parser lint --fix` writes for the source, or nil when it has syntax errors or is
/// not UTF-8 (the Ruby side parses it for them). The work runs without the GVL for a large
/// source.
#[allow(clippy::too_many_arguments)]
pub fn lint_fix(
    ruby: &Ruby,
    source: RString,
    file: Option<RString>,
    epp: bool,
    only: Option<Vec<String>>,
    enable: Vec<String>,
    disable: Vec<String>,
    all: bool,
) -> Result<Option<String>, Error> {
    guard(ruby, || {
        let options = lint_options(ruby, only, enable, disable, all)?;
        let file = file.map(|f| f.to_string()).transpose()?;
        // SAFETY: the bytes are copied before any Ruby code can run.
        let bytes = unsafe { source.as_slice() }.to_vec();
        let release = bytes.len() >= crate::nogvl::RELEASE_THRESHOLD;
        let Ok(text) = String::from_utf8(bytes) else {
            return Ok(None);
        };
        crate::nogvl::run(release, move || {
            // `puppet_lint::fix` tells an EPP template by its path alone: an EPP source under
            // another name (or none) is given one ending in `.epp`.
            let epp = lint_epp(epp, file.as_deref());
            let path: Option<Cow<'_, str>> = match file.as_deref() {
                Some(f) if !epp || f.ends_with(".epp") => Some(Cow::Borrowed(f)),
                Some(f) => Some(Cow::Owned(format!("{f}.epp"))),
                None if epp => Some(Cow::Borrowed("-.epp")),
                None => None,
            };
            let outcome = puppet_lint::fix(&text, path.as_deref(), &options);
            let syntax = outcome
                .remaining
                .iter()
                .any(|p| p.check.name == SYNTAX.name);
            (!syntax).then_some(outcome.text)
        })
        .map_err(|panic| crate::errors::internal(ruby, &panic))
    })
}

/// `Native.lint_checks`: `[name, enabled by default]` of every check, in puppet-lint's order.
pub fn lint_checks(ruby: &Ruby) -> Result<RArray, Error> {
    guard(ruby, || {
        let out = ruby.ary_new_capa(CHECKS.len());
        for check in CHECKS {
            let row = ruby.ary_new_capa(2);
            row.push(frozen_str(ruby, check.name))?;
            row.push(check.default_enabled)?;
            row.freeze();
            out.push(row)?;
        }
        out.freeze();
        Ok(out)
    })
}
