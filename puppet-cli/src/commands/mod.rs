//! One module per subcommand.

pub mod completions;
pub mod dump;
pub mod fmt;
pub mod lint;
pub mod lsp;
mod modulepath;
pub mod rules;
pub mod validate;
pub mod xpp;

use std::any::Any;
use std::io::Write;

/// Report a panic caught while processing one file (parsers must not panic, but if one does the
/// other files still get processed): logged with the file, and a clear line on stderr.
pub(crate) fn report_panic(payload: &(dyn Any + Send), file: &str, doing: &str) {
    let reason = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned());
    let file = crate::report::escape(file);
    let reason = crate::report::escape(&reason);
    log::error!(file = file.as_ref(); "panic while {doing}: {reason}");
    let _ = writeln!(
        std::io::stderr().lock(),
        "puppet-parser: internal error while {doing} {file}: {reason}"
    );
}
