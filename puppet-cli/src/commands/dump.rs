//! `puppet-parser dump --format cst|pn|json [--pretty] PATH...`: the lossless CST, or the Puppet
//! model as PN / PN-as-JSON exactly as `puppet parser dump` prints it. Directories are walked
//! as `validate` walks them (`crate::inputs`); the diagnostics go to stderr (`crate::report`).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use puppet_syntax::pn::{self, PnFormat};
use puppet_syntax::syntax::write_cst;
use puppet_syntax::{parse_owned, Decoded, Diagnostic, ParseOptions, ParseResult};

use crate::cli::{ColorChoice, DumpArgs, Format};
use crate::report::{self, escape, escape_path, Human};
use crate::source;
use crate::{inputs, Outcome};

pub fn run(args: &DumpArgs, color: ColorChoice) -> Outcome {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let stderr = io::stderr();
    let human = Human {
        colour: report::use_colour_for(color, stderr.is_terminal()),
        max_errors: args.report.max_errors,
    };
    let mut outcome = Outcome::Clean;
    let found = inputs::collect(&args.paths, args.walk.options());
    if found.problems > 0 {
        outcome = Outcome::Failure;
    }
    // A directory's files are always labelled, however many it has.
    let several = found.files.len() > 1 || found.had_directory;
    log::info!(files = found.files.len(), format = format_name(args.format); "dump");

    let base = ParseOptions::new()
        .cst(args.format == Format::Cst)
        .model(args.format != Format::Cst);
    for path in &found.files {
        let input = match source::read(path) {
            Ok(input) => input,
            Err(err) => {
                let _ = writeln!(
                    stderr.lock(),
                    "puppet-parser: cannot read {}: {err}",
                    escape_path(path)
                );
                outcome = outcome.merge(Outcome::Failure);
                continue;
            }
        };
        let options = source::options_for(&base, args.parse, path, &input.name);
        let started = Instant::now();
        let bytes = input.source.input_len();
        let Some(mut parse) = parse_guarded(input.source, &input.name, &options) else {
            outcome = outcome.merge(Outcome::Failure);
            continue;
        };
        log::debug!(
            file = escape(&input.name).as_ref(),
            bytes,
            diagnostics = parse.diagnostics.len(),
            micros = started.elapsed().as_micros() as u64;
            "parsed"
        );

        let written = (|| -> io::Result<Option<Diagnostic>> {
            let mut ruby_fails = None;
            if several {
                writeln!(out, "--- {}", escape(&input.name))?;
            }
            match (args.format, &parse.model) {
                (Format::Cst, _) => {
                    if let Some(root) = parse.syntax_node() {
                        write_cst(&root, &mut out)?;
                    }
                }
                (Format::Pn | Format::Json, Some(model)) => {
                    let format = match (args.format, args.pretty) {
                        (Format::Pn, false) => PnFormat::Pn,
                        (Format::Pn, true) => PnFormat::PrettyPn,
                        (_, false) => PnFormat::Json,
                        (_, true) => PnFormat::PrettyJson,
                    };
                    // Where Puppet's transformer raises, its dump fails: an error after ours.
                    ruby_fails = pn::write_program(model, format, &mut out)?
                        .map(|failure| failure.diagnostic(model));
                    writeln!(out)?
                }
                // Syntax errors: no model, only the diagnostics (below), as Puppet prints no dump.
                (_, None) => {}
            }
            // Keep stdout and stderr in step on a terminal.
            out.flush()?;
            Ok(ruby_fails)
        })();
        match written {
            Ok(ruby_fails) => parse.diagnostics.extend(ruby_fails),
            Err(err) => {
                if err.kind() != io::ErrorKind::BrokenPipe {
                    let _ = writeln!(stderr.lock(), "puppet-parser: cannot write output: {err}");
                }
                return outcome.merge(Outcome::Failure);
            }
        }

        let found: Vec<report::Diagnostic> = parse.diagnostics.iter().map(Into::into).collect();
        let _ = human.write_file(&mut stderr.lock(), &input.name, None, &found);
        if parse.diagnostics.iter().any(Diagnostic::is_error) {
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
/// are still processed. The source is handed over (the result's text is made from it).
fn parse_guarded(source: Decoded, name: &str, options: &ParseOptions) -> Option<ParseResult> {
    match panic::catch_unwind(AssertUnwindSafe(|| parse_owned(source, options))) {
        Ok(parse) => Some(parse),
        Err(payload) => {
            super::report_panic(payload.as_ref(), name, "parsing");
            None
        }
    }
}
