//! `puppet-syntax`: a native front end for the Puppet 7 language.
//!
//! The pipeline, one module per stage (nothing reaches backwards):
//! `lexer` (text → tokens) → `parser` (tokens → events) → `syntax` (events → lossless rowan CST)
//! | `lower` (events → the Puppet `model`) → `pn` (model → PN text); `validate` checks a model as
//! Puppet's `Checker4_0` does. `parse` runs the pipeline, `parse_and_validate` also validates.

pub mod diagnostics;
pub mod lexer;
pub mod line_index;
mod lower;
pub mod model;
mod parse;
pub mod parser;
pub mod pn;
pub mod syntax;
pub mod syntax_kind;
pub mod validate;

pub use diagnostics::{Diagnostic, IssueCode, Severity};
pub use line_index::LineIndex;
pub use parse::{parse, parse_and_validate, ParseResult};
pub use syntax::{parse_cst, CstParse, ParseOptions, SyntaxNode, SyntaxToken};
pub use syntax_kind::SyntaxKind;
pub use validate::{LocationContext, Strict, ValidateOptions};
