//! Workspace symbols: the definitions of the index (classes, defined types, functions, type
//! aliases, nodes, plans) whose name holds the query's characters in order (the fuzzy match
//! editors use), best matches first.

use lsp_types::{SymbolInformation, SymbolKind, WorkspaceSymbolParams, WorkspaceSymbolResponse};
use puppet_workspace::index::DefinitionKind;

use crate::state::{LspResult, Snapshot};

/// At most this many symbols.
const LIMIT: usize = 500;

pub fn symbol_kind(kind: DefinitionKind) -> SymbolKind {
    match kind {
        DefinitionKind::Class => SymbolKind::CLASS,
        DefinitionKind::DefinedType => SymbolKind::STRUCT,
        DefinitionKind::Function => SymbolKind::FUNCTION,
        DefinitionKind::TypeAlias => SymbolKind::TYPE_PARAMETER,
        DefinitionKind::Node => SymbolKind::MODULE,
        DefinitionKind::Plan => SymbolKind::EVENT,
    }
}

/// How well `name` matches `query`: `None` when its characters are not all there in order;
/// lower is better (a substring beats scattered characters, a prefix beats both).
fn score(name: &str, query: &str) -> Option<u32> {
    if query.is_empty() {
        return Some(2);
    }
    let name = name.to_lowercase();
    if name.starts_with(query)
        || name
            .rsplit("::")
            .next()
            .is_some_and(|last| last.starts_with(query))
    {
        return Some(0);
    }
    if name.contains(query) {
        return Some(1);
    }
    let mut chars = name.chars();
    query.chars().all(|q| chars.any(|c| c == q)).then_some(3)
}

pub fn handle(
    s: &Snapshot,
    p: WorkspaceSymbolParams,
) -> LspResult<Option<WorkspaceSymbolResponse>> {
    let query = p.query.to_lowercase();
    let mut hits: Vec<(u32, puppet_workspace::index::Definition)> = {
        let workspace = s.workspace();
        workspace
            .index
            .definitions()
            .filter_map(|d| score(&d.name, &query).map(|score| (score, d.clone())))
            .collect()
    };
    hits.sort_by(|a, b| (a.0, &a.1.name).cmp(&(b.0, &b.1.name)));
    hits.truncate(LIMIT);
    #[allow(deprecated)] // `deprecated` is a field every SymbolInformation must have
    let symbols: Vec<SymbolInformation> = hits
        .into_iter()
        .filter_map(|(_, d)| {
            let location = s.definition_location(&d)?;
            Some(SymbolInformation {
                name: d.name.clone(),
                kind: symbol_kind(d.kind),
                tags: None,
                deprecated: None,
                location,
                container_name: None,
            })
        })
        .collect();
    Ok(Some(WorkspaceSymbolResponse::Flat(symbols)))
}

#[cfg(test)]
mod tests {
    use super::score;

    #[test]
    fn prefixes_first_then_substrings_then_scattered() {
        assert_eq!(score("apache::mod::ssl", "ssl"), Some(0));
        assert_eq!(score("apache::vhost", "apa"), Some(0));
        assert_eq!(score("apache::vhost", "vho"), Some(0));
        assert_eq!(score("apache::vhost", "che::v"), Some(1));
        assert_eq!(score("apache::vhost", "avh"), Some(3));
        assert_eq!(score("apache::vhost", "xyz"), None);
    }
}
