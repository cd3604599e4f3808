//! `puppet-syntax`: a native front end for the Puppet 7 language — the lexer, an
//! error-tolerant parser, a lossless CST, the exact `Puppet::AST` model Ruby Puppet 7.23 builds,
//! and its static validator (`Checker4_0`).
//!
//! # The front door
//!
//! Bytes in, one options struct, one result — the CLI, the C library and the Ruby gem are thin
//! layers over these:
//!
//! ```
//! use puppet_syntax::{parse_and_validate, ParseOptions, Strict};
//! let options = ParseOptions::new().file("init.pp").strict(Strict::Error);
//! let result = parse_and_validate(b"$a = {x => 1, x => 2}\n", &options);
//! let d = &result.diagnostics[0];
//! assert_eq!((d.code.as_str(), d.line, d.column), ("DUPLICATE_KEY", 1, 17));
//! ```
//!
//! # The pipeline
//!
//! One module per stage; nothing reaches backwards:
//!
//! `source` (bytes → text, BOM and UTF-8 policy) → [`lexer`] (text → tokens) → `parser`
//! (tokens → events) → [`syntax`] (events → lossless rowan CST) | `lower` (events → the Puppet
//! [`model`]) → `validate` (Ruby's `Checker4_0` over the model) → sinks ([`pn`]: PN and its
//! JSON; [`xpp`]: PRFC-23 XPP files, the parse result as Pcore msgpack or JSON). `parse` (the front door) wires them together. Shared by all stages: [`diagnostics`],
//! [`LineIndex`], [`ParseOptions`], [`ruby_format`] (Ruby's renderings of values), `scratch` (the
//! stages' work vectors, kept from one parse to the next on each thread).

#![warn(missing_docs)]

mod deep;
pub mod diagnostics;
pub mod lexer;
pub mod line_index;
mod lower;
pub mod model;
mod options;
mod parse;
mod parser;
pub mod pn;
pub mod recover;
pub mod release;
pub mod ruby_format;
mod scratch;
mod source;
pub mod span_map;
mod stack_list;
pub mod syntax;
pub mod syntax_kind;
mod validate;
pub mod xpp;

use std::path::PathBuf;

pub use diagnostics::{Diagnostic, IssueCode, Severity};
pub use line_index::{Encoding, LineIndex, Position};
pub use options::{LocationContext, ParseOptions, Strict, StrictError};
pub use parse::{
    parse, parse_and_validate, parse_and_validate_owned, parse_file, parse_owned, ParseResult,
};
pub use recover::{recover_model, RecoveredModel};
pub use release::{PuppetRelease, ReleaseError, Rules};
/// Byte ranges and offsets of a text, as the CST gives them ([`SyntaxNode::text_range`]) and as
/// the tools' edits take them.
pub use rowan::{TextRange, TextSize};
pub use source::Decoded;
pub use span_map::SpanMap;
pub use syntax::{Cst, SyntaxNode, SyntaxToken};
pub use syntax_kind::SyntaxKind;
pub use validate::check_module_metadata;

#[cfg(doctest)]
#[doc = include_str!("../../docs/library.md")]
pub struct LibraryDocs;

#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDocs;

/// This library's version (the crate version).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The Puppet release whose language and model (grammar, AST, PN, Pcore) this library was
/// proven against; they are the same in every release [`release`] knows. Validation follows
/// the release of [`ParseOptions::release`].
pub const PUPPET_VERSION: &str = "7.23.0";

/// Errors of the API itself (problems *in* a source are [`Diagnostic`]s, never errors).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}
