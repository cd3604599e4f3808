//! The server under random typing: edits with random ranges and random text (pieces of Puppet,
//! bytes that are not, whole lines deleted) are sent as `didChange` to a document opened from
//! a corpus file, and after each edit every request is asked at a random position. No reply may
//! be an internal error (a panic caught), every result must decode as the protocol's type, and
//! the server must answer within the client's timeout (no hang). `LSP_FUZZ_EDITS` edits,
//! seeded by `LSP_FUZZ_SEED`.

use lsp_types::request::{self as req, Request};
use serde_json::{json, Value};

use crate::client::{fixture_copy, pos, Client};

/// xorshift64*: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const PIECES: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "'",
    "\"",
    "$",
    "${",
    "=>",
    "->",
    "::",
    "\n",
    " ",
    "\t",
    "class ",
    "define ",
    "include ",
    "if ",
    "else ",
    "case ",
    "node ",
    "function ",
    "|$x|",
    "file { '/tmp/x': ensure => file }",
    "$facts['os']['",
    "Class['",
    "apache::",
    "# lint:ignore:",
    "<%= $x %>",
    "@@",
    "<<| |>>",
    "\"${x}\"",
    "@(EOT)\n",
    "EOT\n",
    "😀",
    "é",
    "\u{feff}",
    "\\",
    "/* ",
    " */",
    "type A = ",
    "$a::b::",
    "unless ",
    ",",
    ";",
    ":",
];

/// Whether a result decodes as its request's result type.
type Check = fn(&Value) -> Result<(), String>;

fn decodes<R: Request>(value: &Value) -> Result<(), String> {
    serde_json::from_value::<R::Result>(value.clone())
        .map(|_| ())
        .map_err(|e| format!("{} gave an invalid result {value}: {e}", R::METHOD))
}

#[test]
fn random_edits_never_crash_or_hang_the_server() {
    let edits = puppet_test_support::knobs::number("LSP_FUZZ_EDITS");
    let seed = puppet_test_support::knobs::number("LSP_FUZZ_SEED");
    let mut rng = Rng(seed | 1);
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    // Texts to start from: corpus files when there is a corpus, else the fixture's.
    let mut sources: Vec<std::path::PathBuf> = puppet_test_support::corpus::files();
    sources.retain(|p| std::fs::metadata(p).is_ok_and(|m| m.len() < 40_000));
    if sources.is_empty() {
        sources = vec![
            root.join("site/profile/manifests/web.pp"),
            root.join("modules/apache/manifests/vhost.pp"),
        ];
    }
    let mut text = String::new();
    let mut uri = String::new();
    let mut version = 1;
    for step in 0..edits {
        if step % 50 == 0 {
            let source = &sources[rng.below(sources.len())];
            text = String::from_utf8_lossy(&std::fs::read(source).unwrap()).into_owned();
            let name = format!("site/profile/manifests/fuzz{step}.pp");
            uri = crate::client::uri(&root.join(name));
            client.open_text(&uri, &text);
            version = 1;
        }
        // A random range of whole characters, and random replacement text.
        let lines: Vec<String> = text.split('\n').map(str::to_owned).collect();
        let line = rng.below(lines.len() + 2) as u32; // past the end too
        let column = rng.below(
            lines
                .get(line as usize)
                .map_or(3, |l| l.chars().count() + 3),
        ) as u32;
        let end_line = line + rng.below(3) as u32;
        let end_column = rng.below(40) as u32;
        let mut insert = String::new();
        for _ in 0..rng.below(4) {
            insert.push_str(PIECES[rng.below(PIECES.len())]);
        }
        version += 1;
        let range = json!({"start": pos(line, column), "end": pos(end_line.max(line), if end_line > line { end_column } else { end_column.max(column) })});
        client.change(&uri, version, range.clone(), &insert);
        // Our copy of the text, edited as the server edits its own.
        text = apply(&text, &range, &insert);
        let (l, c) = (rng.below(lines.len() + 1) as u32, rng.below(60) as u32);
        let doc = json!({"uri": uri});
        let at = json!({"textDocument": doc, "position": pos(l, c)});
        let range_params = json!({"textDocument": doc, "range": {"start": pos(l, 0), "end": pos(l + 3, 0)}, "context": {"diagnostics": []}});
        let requests: Vec<(&str, Value, Check)> = vec![
            (
                req::DocumentSymbolRequest::METHOD,
                json!({"textDocument": doc}),
                decodes::<req::DocumentSymbolRequest>,
            ),
            (
                req::WorkspaceSymbolRequest::METHOD,
                json!({"query": "a"}),
                decodes::<req::WorkspaceSymbolRequest>,
            ),
            (
                req::GotoDefinition::METHOD,
                at.clone(),
                decodes::<req::GotoDefinition>,
            ),
            (
                req::References::METHOD,
                json!({"textDocument": doc, "position": pos(l, c), "context": {"includeDeclaration": true}}),
                decodes::<req::References>,
            ),
            (
                req::DocumentHighlightRequest::METHOD,
                at.clone(),
                decodes::<req::DocumentHighlightRequest>,
            ),
            (
                req::HoverRequest::METHOD,
                at.clone(),
                decodes::<req::HoverRequest>,
            ),
            (
                req::Completion::METHOD,
                at.clone(),
                decodes::<req::Completion>,
            ),
            (
                req::PrepareRenameRequest::METHOD,
                at.clone(),
                decodes::<req::PrepareRenameRequest>,
            ),
            (
                req::Rename::METHOD,
                json!({"textDocument": doc, "position": pos(l, c), "newName": "renamed"}),
                decodes::<req::Rename>,
            ),
            (
                req::FoldingRangeRequest::METHOD,
                json!({"textDocument": doc}),
                decodes::<req::FoldingRangeRequest>,
            ),
            (
                req::SelectionRangeRequest::METHOD,
                json!({"textDocument": doc, "positions": [pos(l, c)]}),
                decodes::<req::SelectionRangeRequest>,
            ),
            (
                req::SemanticTokensFullRequest::METHOD,
                json!({"textDocument": doc}),
                decodes::<req::SemanticTokensFullRequest>,
            ),
            (
                req::Formatting::METHOD,
                json!({"textDocument": doc, "options": {"tabSize": 2, "insertSpaces": true}}),
                decodes::<req::Formatting>,
            ),
            (
                req::RangeFormatting::METHOD,
                json!({"textDocument": doc, "range": {"start": pos(l, 0), "end": pos(l + 3, 0)}, "options": {"tabSize": 2, "insertSpaces": true}}),
                decodes::<req::RangeFormatting>,
            ),
            (
                req::CodeActionRequest::METHOD,
                range_params,
                decodes::<req::CodeActionRequest>,
            ),
        ];
        for (method, params, check) in requests {
            let id = client.send(method, params.clone());
            let response = client.reply(id);
            if let Some(error) = &response.error {
                assert_ne!(
                    error.code,
                    lsp_server::ErrorCode::InternalError as i32,
                    "{method} {params} after edit {step} (seed {seed:#x}): {}",
                    error.message
                );
                assert_ne!(
                    error.code,
                    lsp_server::ErrorCode::InvalidParams as i32,
                    "{method}: {}",
                    error.message
                );
            } else {
                check(response.result.as_ref().unwrap_or(&Value::Null))
                    .unwrap_or_else(|e| panic!("{e} (seed {seed:#x}, edit {step})"));
            }
        }
    }
    client.shutdown();
}

/// The text after the client's edit, as the server applies it (clamping positions).
fn apply(text: &str, range: &Value, insert: &str) -> String {
    let index = puppet_syntax::LineIndex::new(text);
    let offset = |p: &Value| {
        let position = puppet_syntax::Position {
            line: p["line"].as_u64().unwrap() as u32,
            column: p["character"].as_u64().unwrap() as u32,
        };
        index
            .offset(text, position, puppet_syntax::Encoding::Utf16)
            .unwrap_or(text.len() as u32) as usize
    };
    let start = offset(&range["start"]);
    let end = offset(&range["end"]).max(start);
    format!("{}{}{}", &text[..start], insert, &text[end..])
}
