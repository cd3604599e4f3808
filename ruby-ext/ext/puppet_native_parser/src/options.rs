//! Ruby arguments to [`ParseOptions`]: the `strict` setting, the Puppet release whose rules
//! apply, and the environment (`location`).

use std::path::PathBuf;

use magnus::{prelude::*, Error, RArray, RString, Ruby, Symbol, Value};
use puppet_syntax::{LocationContext, ParseOptions, PuppetRelease, Rules, Strict};

/// Options for validation. `strict` is `:off`, `:warning` or `:error` (Puppet's setting, as
/// a Symbol or String), or nil for the release's default; `release` is the Puppet version
/// whose rules apply (`"8.28.1"`, `"7.23"`; nil: the newest known); `location` is nil (no location checks) or
/// `[modulepath (Array of String), manifest (String or nil), working_dir (String), home
/// (String or nil)]`, which the Ruby side fills from its arguments, `Dir.pwd` and `$HOME`.
pub fn validation_options(
    ruby: &Ruby,
    file: Option<RString>,
    epp: bool,
    tasks: bool,
    strict: Value,
    release: Option<RString>,
    location: Option<RArray>,
) -> Result<ParseOptions, Error> {
    let mut opts = ParseOptions::new().epp(epp).tasks(tasks);
    opts.strict = if strict.is_nil() {
        None
    } else {
        Some(strict_of(ruby, strict)?)
    };
    if let Some(release) = release {
        opts = opts.release(release_of(ruby, &release.to_string()?)?);
    }
    if let Some(file) = file {
        opts = opts.file(file.to_string()?);
    }
    if let Some(location) = location {
        opts = opts.location(location_of(ruby, location)?);
    }
    Ok(opts)
}

/// A supported release (`ArgumentError` otherwise, with the library's message).
fn release_of(ruby: &Ruby, version: &str) -> Result<PuppetRelease, Error> {
    version.parse().map_err(|e: puppet_syntax::ReleaseError| {
        Error::new(ruby.exception_arg_error(), e.to_string())
    })
}

/// `Native.release_rules(version)`: `[release, rules]` for a Puppet version this library has
/// the rules of (`release` the version as the library names it, `rules` a String equal for two
/// releases exactly when they validate alike), or `[nil, why]` for another (a 9.x, a 7.22, an
/// 8.x newer than any known).
pub fn release_rules(ruby: &Ruby, version: RString) -> Result<RArray, Error> {
    crate::errors::guard(ruby, || {
        let pair = ruby.ary_new_capa(2);
        match version.to_string()?.parse::<PuppetRelease>() {
            Ok(release) => {
                pair.push(release.to_string())?;
                pair.push(rules_key(&release.rules()))?;
            }
            Err(e) => {
                pair.push(ruby.qnil())?;
                pair.push(e.to_string())?;
            }
        }
        Ok(pair)
    })
}

/// Equal for equal rules.
fn rules_key(rules: &Rules) -> String {
    format!("{rules:?}")
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
