//! `puppet-diagnostics`: the vocabulary every tool of the project speaks, and the renderers
//! that print it.
//!
//! * [`edit`]: [`TextEdit`] (indels on one text, sorted, never overlapping) and
//!   [`SourceChange`] (the edits of several files): what a fix, the formatter or a rename
//!   changes;
//! * [`diagnostic`]: [`Diagnostic`] with a [`Code`] of one of three kinds ([`CodeKind`]: a
//!   syntax error, a Puppet issue, a lint rule), [`Label`]s and a [`Fix`] with its
//!   [`Applicability`]; the parser's and validator's diagnostics convert into it;
//! * [`render`]: human (carets, colour), JSON Lines, SARIF, GitHub annotations, Code Climate.
//!
//! Positions come from `puppet_syntax::LineIndex`: Puppet's line and character column on
//! every diagnostic, and editors' UTF-16 (or UTF-8, or character) columns on demand.
//!
//! ```
//! use puppet_diagnostics::{render::human::Human, Diagnostic};
//! use puppet_syntax::{parse_and_validate, ParseOptions};
//!
//! let text = "$x = $Abc\n";
//! let result = parse_and_validate(text.as_bytes(), &ParseOptions::new().file("init.pp"));
//! let found: Vec<Diagnostic> = result.diagnostics.into_iter().map(Diagnostic::from).collect();
//! let mut out = Vec::new();
//! Human::PLAIN.write_file(&mut out, "init.pp", Some(text), &found).unwrap();
//! assert!(String::from_utf8(out).unwrap().starts_with("init.pp:1:6: error[ILLEGAL_VAR_NAME]"));
//! ```

#![warn(missing_docs)]

pub mod diagnostic;
pub mod edit;
pub mod render;

pub use diagnostic::{Applicability, Code, CodeKind, Diagnostic, Fix, Label};
pub use edit::{Conflict, Indel, OutOfBounds, SourceChange, TextEdit};
