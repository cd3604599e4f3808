//! Go to definition on the Debian module path (`/usr/share/puppet/modules`, the corpus's
//! modules under their Puppet names): for a sample of 1,000 references (an `include`,
//! `contain`, `require`, `class { 'x': }`, `Class['x']`, a resource of a defined type or a
//! reference to one) naming a class or defined type that the module path defines where
//! Puppet's autoloader looks for it, the server must land on that definition's name.

use std::path::{Path, PathBuf};

use puppet_lsp::refs::{references, RefKind};
use serde_json::json;

use crate::client::{uri, Client};

/// Where the autoloader finds `name` in the module path `modules`, when a file there defines it.
fn autoloaded(modules: &Path, name: &str, kind: RefKind) -> Option<(PathBuf, u32)> {
    let segments: Vec<&str> = name.split("::").collect();
    let module = modules.join(segments[0]).join("manifests");
    let file = if segments.len() == 1 {
        module.join("init.pp")
    } else {
        let mut path = module;
        for s in &segments[1..] {
            path.push(s);
        }
        path.with_extension("pp")
    };
    let text = std::fs::read_to_string(&file).ok()?;
    let keyword = if kind == RefKind::Class {
        "class"
    } else {
        "define"
    };
    // The line of `class name` / `define name` (the header's name).
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix(keyword) {
            let rest = rest.trim_start();
            let written = rest.trim_start_matches("::");
            if written.starts_with(name)
                && !written[name.len()..]
                    .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':')
            {
                return Some((file, i as u32));
            }
        }
    }
    None
}

#[test]
fn definitions_land_on_the_autoloaded_definition() {
    let Some(corpus) = puppet_test_support::corpus::root() else {
        return;
    };
    let modules = corpus.parent().unwrap().join("modules");
    if !modules.is_dir() {
        println!("note: {} not found; skipping", modules.display());
        return;
    }
    let files = puppet_test_support::corpus::files_below(&modules, true);
    let mut candidates = Vec::new();
    for file in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "pp"))
    {
        let text = String::from_utf8_lossy(&std::fs::read(file).unwrap()).into_owned();
        let parsed = puppet_syntax::parse(
            text.as_bytes(),
            &puppet_syntax::ParseOptions::new().cst(true),
        );
        let Some(root) = parsed.syntax_node() else {
            continue;
        };
        let index = puppet_syntax::LineIndex::new(&text);
        for r in references(&root) {
            if r.definition || !matches!(r.kind, RefKind::Class | RefKind::Type) {
                continue;
            }
            let Some(expected) = autoloaded(&modules, &r.name, r.kind) else {
                continue;
            };
            let p = index.position(
                &text,
                u32::from(r.range.start()) + 1,
                puppet_syntax::Encoding::Utf16,
            );
            candidates.push((file.clone(), p, r.name.to_string(), expected));
        }
    }
    assert!(
        candidates.len() >= 1_000,
        "only {} references found",
        candidates.len()
    );
    let step = candidates.len() / 1_000;
    let sample: Vec<_> = candidates.into_iter().step_by(step).take(1_000).collect();
    let env = puppet_test_support::cli::TempDir::new();
    let mut client = Client::start(
        &env.0,
        json!({ "modulePath": [modules.display().to_string()] }),
    );
    let mut wrong = Vec::new();
    for (file, position, name, (expected_file, expected_line)) in &sample {
        let result = client.request(
            "textDocument/definition",
            json!({"textDocument": {"uri": uri(file)}, "position": {"line": position.line, "character": position.column}}),
        );
        let locations = if result.is_array() {
            result.as_array().unwrap().clone()
        } else {
            vec![result.clone()]
        };
        let hit = locations.iter().any(|l| {
            let Some(u) = l["uri"].as_str() else {
                return false;
            };
            let path = lsp_types::Url::parse(u).unwrap().to_file_path().unwrap();
            path.canonicalize().ok() == expected_file.canonicalize().ok()
                && l["range"]["start"]["line"].as_u64() == Some(u64::from(*expected_line))
        });
        if !hit {
            wrong.push(format!(
                "{}:{}:{} {name}: {result}",
                file.display(),
                position.line + 1,
                position.column + 1
            ));
        }
    }
    println!(
        "go to definition: {} of {} references land on the autoloaded definition",
        sample.len() - wrong.len(),
        sample.len()
    );
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    client.shutdown();
}
