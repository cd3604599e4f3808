//! One module per request of the protocol. Each handler takes the [`Snapshot`] and its typed
//! parameters and returns its typed result; [`handler`] is the one table from method names to
//! handlers, and [`capabilities`] what the server announces for them.

pub mod code_actions;
pub mod completion;
pub mod definition;
pub mod diagnostics;
pub mod folding;
pub mod formatting;
pub mod highlight;
pub mod hover;
pub mod references;
pub mod rename;
pub mod selection;
pub mod semantic_tokens;
pub mod symbols;
pub mod workspace_symbols;

use lsp_server::ErrorCode;
use lsp_types::request::{self as req, Request};
use serde_json::Value;

use crate::state::{LspError, LspResult, Snapshot};

/// A request handler on untyped parameters.
pub type Handler = fn(&Snapshot, Value) -> LspResult<Value>;

/// Decodes the parameters, runs `f`, encodes the result.
fn typed<R: Request>(
    snapshot: &Snapshot,
    params: Value,
    f: fn(&Snapshot, R::Params) -> LspResult<R::Result>,
) -> LspResult<Value> {
    let params: R::Params = serde_json::from_value(params)
        .map_err(|e| LspError::new(ErrorCode::InvalidParams, format!("{}: {e}", R::METHOD)))?;
    let result = f(snapshot, params)?;
    serde_json::to_value(result).map_err(|e| LspError::new(ErrorCode::InternalError, e.to_string()))
}

macro_rules! handlers {
    ($($request:ty => $f:path,)*) => {
        /// The handler of `method`, if the server answers it.
        pub fn handler(method: &str) -> Option<Handler> {
            $(
                if method == <$request>::METHOD {
                    return Some(|snapshot, params| typed::<$request>(snapshot, params, $f));
                }
            )*
            None
        }
    };
}

handlers! {
    req::DocumentSymbolRequest => symbols::handle,
    req::WorkspaceSymbolRequest => workspace_symbols::handle,
    req::GotoDefinition => definition::handle,
    req::References => references::handle,
    req::PrepareRenameRequest => rename::prepare,
    req::Rename => rename::handle,
    req::DocumentHighlightRequest => highlight::handle,
    req::FoldingRangeRequest => folding::handle,
    req::SelectionRangeRequest => selection::handle,
    req::SemanticTokensFullRequest => semantic_tokens::handle_full,
    req::SemanticTokensRangeRequest => semantic_tokens::handle_range,
    req::HoverRequest => hover::handle,
    req::Completion => completion::handle,
    req::Formatting => formatting::handle_document,
    req::RangeFormatting => formatting::handle_range,
    req::OnTypeFormatting => formatting::handle_on_type,
    req::CodeActionRequest => code_actions::handle,
}

/// The server's capabilities.
pub fn capabilities(encoding: puppet_syntax::Encoding) -> Value {
    let encoding = match encoding {
        puppet_syntax::Encoding::Utf8 => "utf-8",
        puppet_syntax::Encoding::Utf16 => "utf-16",
        puppet_syntax::Encoding::Utf32 => "utf-32",
    };
    serde_json::json!({
        "positionEncoding": encoding,
        "textDocumentSync": {
            "openClose": true,
            "change": 2,
            "save": { "includeText": false },
        },
        "documentSymbolProvider": true,
        "workspaceSymbolProvider": true,
        "definitionProvider": true,
        "referencesProvider": true,
        "renameProvider": { "prepareProvider": true },
        "documentHighlightProvider": true,
        "foldingRangeProvider": true,
        "selectionRangeProvider": true,
        "semanticTokensProvider": {
            "legend": semantic_tokens::legend(),
            "full": true,
            "range": true,
        },
        "hoverProvider": true,
        "completionProvider": {
            "triggerCharacters": ["$", ":", "'", "\"", "[", " "],
            "resolveProvider": false,
        },
        "documentFormattingProvider": true,
        "documentRangeFormattingProvider": true,
        "documentOnTypeFormattingProvider": {
            "firstTriggerCharacter": "}",
            "moreTriggerCharacter": ["\n"],
        },
        "codeActionProvider": {
            "codeActionKinds": ["quickfix", "source.fixAll"],
        },
    })
}
