//! One version of a document analysed: parsed with its CST (whatever the errors), linted
//! (when it parses), validated with the configured release's rules, and its definitions and
//! references read off. Computed once per version, on a worker, and shared by every request
//! about that version.

use puppet_lint::Problem;
use puppet_syntax::{ParseResult, SyntaxNode};
use puppet_workspace::cache::FileId;
use puppet_workspace::index::{definitions_of_parse, Definition, Source};

use crate::config::Config;
use crate::refs::{references, Reference};

/// What one version of a document gives.
#[derive(Debug)]
pub struct Analysis {
    /// The parse, with its CST and (when it parses) its model; its diagnostics are the
    /// parser's and the validator's.
    pub parse: ParseResult,
    /// The lint problems (none when linting is off or the document does not parse).
    pub lint: Vec<Problem>,
    /// Its definitions, as the workspace index keeps them.
    pub definitions: Vec<Definition>,
    pub source: Source,
    /// Every reference and definition of a name, in source order.
    pub refs: Vec<Reference>,
}

impl Analysis {
    /// The CST root (every analysis has one).
    pub fn root(&self) -> SyntaxNode {
        self.parse
            .syntax_node()
            .expect("an analysis parses with the CST")
    }
}

/// Analyses `text` (of `path`, an EPP template with `epp`) as `config` says; `lint` off for a
/// file that is only read for navigation (its problems are shown only once it is opened).
pub fn analyze(
    text: &str,
    path: &str,
    epp: bool,
    file: FileId,
    config: &Config,
    lint: bool,
) -> Analysis {
    let options = config.parse_options().file(path).epp(epp);
    let mut parse = puppet_syntax::parse(text.as_bytes(), &options);
    // Linted before validation: the linter takes a document with errors to be one that does
    // not parse.
    let lint = if lint && config.lint_enabled && !parse.has_errors() {
        puppet_lint::lint_full_threads(&parse, &config.lint, lint_threads(text))
            .problems
            .into_iter()
            .filter(|p| p.kind != puppet_lint::ProblemKind::Ignored)
            .collect()
    } else {
        Vec::new()
    };
    parse.validate(&options);
    let (definitions, source, refs) = index_parts(&parse, file, epp);
    Analysis {
        parse,
        lint,
        definitions,
        source,
        refs,
    }
}

/// The threads to lint `text` on: one for most files; for a large one (more than about 500
/// lines), up to four, so that its problems are there sooner after each keystroke (each
/// thread costs a tenth more CPU, see [`puppet_lint::lint_full_threads`]).
fn lint_threads(text: &str) -> usize {
    if text.len() < 16 * 1024 {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
}

/// What the workspace index keeps of a parse of `file` (with its CST): its definitions (none
/// for an EPP template), where they came from, and its references.
pub fn index_parts(
    parse: &ParseResult,
    file: FileId,
    epp: bool,
) -> (Vec<Definition>, Source, Vec<Reference>) {
    let (definitions, source) = if epp {
        (Vec::new(), Source::None)
    } else {
        definitions_of_parse(parse, file)
    };
    let refs = parse
        .syntax_node()
        .map(|root| references(&root))
        .unwrap_or_default();
    (definitions, source, refs)
}

/// What the workspace index keeps of a document's version: keyed by path, since the file ids
/// of the workspace the analysis was made against may not be those of the workspace in place
/// when the entry arrives (the index is swapped when indexing ends).
#[derive(Debug)]
pub struct IndexEntry {
    pub path: std::path::PathBuf,
    pub definitions: Vec<Definition>,
    pub source: Source,
    pub refs: Vec<Reference>,
}

impl IndexEntry {
    /// The entry of `analysis` (of the file at `path`).
    pub fn of(path: std::path::PathBuf, analysis: &Analysis) -> IndexEntry {
        IndexEntry {
            path,
            definitions: analysis.definitions.clone(),
            source: analysis.source,
            refs: analysis.refs.clone(),
        }
    }
}
