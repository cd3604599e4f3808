//! Diagnostics for people and machines: the renderers of `puppet-diagnostics` (human with
//! carets, JSON Lines, SARIF, GitHub annotations, Code Climate), and here what only the command
//! line decides: whether to colour (`colour`), the default of `--max-errors`, and the library's
//! diagnostics converted to the tools' vocabulary.
//!
//! Every text from the input that reaches a terminal goes through the renderers' `escape`.

mod colour;

pub use colour::use_colour_for;
pub use puppet_diagnostics::render::human::Human;
pub use puppet_diagnostics::render::{escape, escape_path, limit, plural, Counts};
pub use puppet_diagnostics::Diagnostic;

/// The default of `--max-errors`: far more than anyone reads, far less than a garbage file
/// can produce (a binary file gives tens of thousands).
pub const DEFAULT_MAX_ERRORS: usize = 1000;

/// The parser's and validator's diagnostics as the renderers take them (their messages
/// moved, not copied).
pub fn converted(diagnostics: Vec<puppet_syntax::Diagnostic>) -> Vec<Diagnostic> {
    diagnostics.into_iter().map(Diagnostic::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::{parse, ParseOptions};

    #[test]
    fn converted_diagnostics_keep_their_positions_and_render_as_before() {
        let result = parse(b"$a = 1\n$b = )\n", &ParseOptions::new().file("x.pp"));
        let found = converted(result.diagnostics);
        assert_eq!((found[0].line, found[0].column), (2, 6));
        assert_eq!(
            Human::PLAIN.header("unused", &found[0]),
            "x.pp:2:6: error[SYNTAX_ERROR]: Syntax error at ')'; expected an expression"
        );
    }
}
