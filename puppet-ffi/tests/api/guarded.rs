//! Every exported function runs its body in `status::guard` (so no panic unwinds into C),
//! except the few listed here that cannot panic (a constant, a thread-local read with
//! `try_with`, a table lookup). A new export without a guard fails this test.

const SOURCES: &[(&str, &str)] = &[
    ("lib.rs", include_str!("../../src/lib.rs")),
    ("status.rs", include_str!("../../src/status.rs")),
    ("options.rs", include_str!("../../src/options.rs")),
    ("result.rs", include_str!("../../src/result.rs")),
    ("output.rs", include_str!("../../src/output.rs")),
    ("cst.rs", include_str!("../../src/cst.rs")),
    ("model.rs", include_str!("../../src/model.rs")),
    ("logging.rs", include_str!("../../src/logging.rs")),
    ("workspace.rs", include_str!("../../src/workspace.rs")),
    ("format.rs", include_str!("../../src/format.rs")),
    ("lint.rs", include_str!("../../src/lint.rs")),
];

/// Modules that export nothing (`model_enums` holds the generated enums and tables that
/// `model.rs` exports functions over; `sized` is private).
const WITHOUT_EXPORTS: &[&str] = &["model_enums", "sized", "strings"];

const UNGUARDED: &[&str] = &[
    "puppet_abi_version",
    "puppet_last_error_message",
    "puppet_last_error_clear",
    "puppet_cst_kind_is_trivia",
];

#[test]
fn every_export_is_guarded() {
    let mut exports = 0;
    for (file, source) in SOURCES {
        let mut rest = *source;
        while let Some(at) = rest.find("pub extern \"C\" fn ") {
            rest = &rest[at + "pub extern \"C\" fn ".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            // The body: up to the next item at the start of a line.
            let body_end = rest.find("\n}\n").unwrap_or(rest.len());
            let body = &rest[..body_end];
            exports += 1;
            if UNGUARDED.contains(&name.as_str()) {
                continue;
            }
            assert!(
                body.contains("guard(")
                    || body.contains("guard_status(")
                    || body.contains("run_parse(")
                    || body.contains("movement(")
                    || body.contains("pn_output("),
                "{file}: {name} does not run its body in status::guard"
            );
        }
    }
    assert!(exports >= 54, "{exports} exports found");
    // A new module must be listed in SOURCES (or be one without exports).
    for line in include_str!("../../src/lib.rs").lines() {
        if let Some(module) = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("mod "))
            .and_then(|m| m.strip_suffix(';'))
        {
            let file = format!("{module}.rs");
            assert!(
                WITHOUT_EXPORTS.contains(&module) || SOURCES.iter().any(|(f, _)| *f == file),
                "module {module} is not checked: add it to SOURCES"
            );
        }
    }
}
