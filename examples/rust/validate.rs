//! Validates Puppet files with the library's front door and prints each diagnostic with its
//! file, line and column, then the PN of every file without errors:
//!
//! ```sh
//! cargo run -p puppet-syntax --example validate -- examples/environment/modules/*/manifests/*.pp
//! ```
//!
//! Exit status 1 when a file has an error, 2 when one cannot be read.

use std::path::Path;
use std::process::ExitCode;

use puppet_syntax::{parse_and_validate, ParseOptions};

fn main() -> ExitCode {
    let mut status = 0;
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(err) => {
                eprintln!("cannot read {path}: {err}");
                status = 2;
                continue;
            }
        };
        // One options struct for parsing and validation; `.epp` files are templates.
        let epp = Path::new(&path).extension().is_some_and(|e| e == "epp");
        let options = ParseOptions::new().file(path.as_str()).epp(epp);
        let result = parse_and_validate(&bytes, &options);
        for d in &result.diagnostics {
            // The library located every diagnostic: file, line, character column.
            let file = d.file.as_deref().unwrap_or("-");
            let severity = d.severity.as_str();
            println!(
                "{file}:{}:{}: {severity}[{}]: {}",
                d.line, d.column, d.code, d.message
            );
        }
        if result.has_errors() {
            status = status.max(1);
        } else if let Some(model) = &result.model {
            println!("{path}: {}", puppet_syntax::pn::to_pn_string(model));
        }
    }
    ExitCode::from(status)
}
