//! Ruby arguments to [`ParseOptions`]: the `strict` setting and the environment (`location`).

use std::path::PathBuf;

use magnus::{prelude::*, Error, RArray, RString, Ruby, Symbol, Value};
use puppet_syntax::{LocationContext, ParseOptions, Strict};

/// Options for validation. `strict` is `:off`, `:warning` or `:error` (Puppet's setting, as
/// a Symbol or String); `location` is nil (no location checks) or
/// `[modulepath (Array of String), manifest (String or nil), working_dir (String), home
/// (String or nil)]`, which the Ruby side fills from its arguments, `Dir.pwd` and `$HOME`.
pub fn validation_options(
    ruby: &Ruby,
    file: Option<RString>,
    epp: bool,
    tasks: bool,
    strict: Value,
    location: Option<RArray>,
) -> Result<ParseOptions, Error> {
    let mut opts = ParseOptions::new()
        .epp(epp)
        .tasks(tasks)
        .strict(strict_of(ruby, strict)?);
    if let Some(file) = file {
        opts = opts.file(file.to_string()?);
    }
    if let Some(location) = location {
        opts = opts.location(location_of(ruby, location)?);
    }
    Ok(opts)
}

fn strict_of(ruby: &Ruby, value: Value) -> Result<Strict, Error> {
    let name = if let Some(symbol) = Symbol::from_value(value) {
        symbol.name()?.into_owned()
    } else if let Some(string) = RString::from_value(value) {
        string.to_string()?
    } else {
        return Err(Error::new(
            ruby.exception_type_error(),
            format!(
                "strict must be :off, :warning or :error, not {}",
                value.class().inspect()
            ),
        ));
    };
    match name.as_str() {
        "off" => Ok(Strict::Off),
        "warning" => Ok(Strict::Warning),
        "error" => Ok(Strict::Error),
        other => Err(Error::new(
            ruby.exception_arg_error(),
            format!("strict must be :off, :warning or :error, not :{other}"),
        )),
    }
}

fn location_of(ruby: &Ruby, location: RArray) -> Result<LocationContext, Error> {
    if location.len() != 4 {
        return Err(Error::new(
            ruby.exception_arg_error(),
            "location must be [modulepath, manifest, working_dir, home]",
        ));
    }
    let modulepath: Vec<String> = location.entry(0)?;
    let manifest: Option<String> = location.entry(1)?;
    let working_dir: String = location.entry(2)?;
    let home: Option<String> = location.entry(3)?;
    Ok(LocationContext::new(
        modulepath.into_iter().map(PathBuf::from).collect(),
        manifest.map(PathBuf::from),
        PathBuf::from(working_dir),
    )
    .with_home(home.map(PathBuf::from)))
}
