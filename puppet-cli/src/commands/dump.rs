//! `puppet-parser dump --format cst|pn|json [--pretty] FILE...`: the lossless CST, or the Puppet
//! model as PN / PN-as-JSON exactly as `puppet parser dump` prints it.

use std::io::{self, BufWriter, Write};
use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use puppet_syntax::pn;
use puppet_syntax::syntax::dump_cst;
use puppet_syntax::{parse, Diagnostic, ParseOptions, ParseResult};

use crate::cli::{DumpArgs, Format};
use crate::report;
use crate::source::{self, Source};
use crate::Outcome;

pub fn run(args: &DumpArgs) -> Outcome {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let stderr = io::stderr();
    let several = args.files.len() > 1;
    let mut outcome = Outcome::Clean;
    log::info!(files = args.files.len(), format = format_name(args.format); "dump");

    for path in &args.files {
        let source = match source::read(path) {
            Ok(source) => source,
            Err(err) => {
                let _ = writeln!(
                    stderr.lock(),
                    "puppet-parser: cannot read {}: {err}",
                    path.display()
                );
                outcome = outcome.merge(Outcome::Failure);
                continue;
            }
        };
        let options = ParseOptions {
            epp: args.parse.epp || source::is_epp_path(path),
            tasks: args.parse.tasks,
        };
        let started = Instant::now();
        let Some(parse) = parse_guarded(&source, &options, args.format == Format::Cst) else {
            outcome = outcome.merge(Outcome::Failure);
            continue;
        };
        log::debug!(
            file = source.name.as_str(),
            bytes = source.text.len(),
            diagnostics = parse.diagnostics.len(),
            micros = started.elapsed().as_micros() as u64;
            "parsed"
        );

        let written = (|| -> io::Result<()> {
            if several {
                writeln!(out, "--- {}", source.name)?;
            }
            match (args.format, &parse.model) {
                (Format::Cst, _) => {
                    if let Some(root) = parse.syntax_node() {
                        out.write_all(dump_cst(&root).as_bytes())?;
                    }
                }
                (Format::Pn, Some(model)) if args.pretty => {
                    writeln!(out, "{}", pn::transform(model).to_pretty_string())?
                }
                (Format::Pn, Some(model)) => writeln!(out, "{}", pn::to_pn_string(model))?,
                (Format::Json, Some(model)) if args.pretty => {
                    writeln!(out, "{}", pn::transform(model).to_pretty_json_string())?
                }
                (Format::Json, Some(model)) => writeln!(out, "{}", pn::to_json_string(model))?,
                // Syntax errors: no model, only the diagnostics (below), as Puppet prints no dump.
                (_, None) => {}
            }
            // Keep stdout and stderr in step on a terminal.
            out.flush()
        })();
        if let Err(err) = written {
            if err.kind() != io::ErrorKind::BrokenPipe {
                let _ = writeln!(stderr.lock(), "puppet-parser: cannot write output: {err}");
            }
            return outcome.merge(Outcome::Failure);
        }

        let diagnostics = source::merge_input_diagnostics(&source, parse.diagnostics.clone());
        let _ =
            report::write_diagnostics(&mut stderr.lock(), &source.name, &source.text, &diagnostics);
        if diagnostics.iter().any(Diagnostic::is_error) {
            outcome = outcome.merge(Outcome::Errors);
        }
    }
    outcome
}

fn format_name(format: Format) -> &'static str {
    match format {
        Format::Cst => "cst",
        Format::Pn => "pn",
        Format::Json => "json",
    }
}

/// Parse, turning a parser panic into an error report instead of a crash, so the other files
/// are still processed.
fn parse_guarded(source: &Source, options: &ParseOptions, with_cst: bool) -> Option<ParseResult> {
    let file = Some(source.name.as_str());
    match panic::catch_unwind(AssertUnwindSafe(|| {
        parse(&source.text, file, options, with_cst)
    })) {
        Ok(parse) => Some(parse),
        Err(payload) => {
            super::report_panic(payload.as_ref(), &source.name, "parsing");
            None
        }
    }
}
