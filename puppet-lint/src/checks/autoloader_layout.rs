use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::definitions;

/// `autoloader_layout`.
pub static CHECK: Check = Check {
    name: "autoloader_layout",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A class or defined type not in the file the autoloader looks in",
    why: "Puppet finds `foo::bar` in `foo/manifests/bar.pp` and `foo` in \
          `foo/manifests/init.pp`; anywhere else it is not found unless something loaded that \
          file before. The path is the one given, made absolute against the working directory; \
          with `relative` only the part below the module directory is compared.",
    fires: "class other { }\n",
    passes: "notice('no class here')\n",
    fixed: None,
    run: |cx, report| {
        let Some(path) = cx.path.filter(|p| !p.is_empty()) else {
            return;
        };
        let fullpath = expand(path);
        for def in definitions(cx).iter() {
            let Some(name) = def.name else { continue };
            let title = def.name_text.as_str();
            // Ruby's `split('::')` drops trailing empty pieces.
            let mut parts: Vec<&str> = title.split("::").collect();
            while parts.len() > 1 && parts.last() == Some(&"") {
                parts.pop();
            }
            let mut expected = if parts.len() > 1 {
                format!("/{}/manifests/{}.pp", parts[0], parts[1..].join("/"))
            } else {
                format!("/{title}/manifests/init.pp")
            };
            if cx.options.relative {
                let trimmed = expected.strip_prefix('/').unwrap_or(&expected);
                let pieces: Vec<&str> = trimmed.split('/').collect();
                expected = pieces[1.min(pieces.len())..].join("/");
            }
            if fullpath.ends_with(&expected) {
                continue;
            }
            report.at_token(cx, name, format!("{title} not in autoload module layout"));
        }
    },
};

/// The path made absolute as Ruby's `File.expand_path(path, ENV['PWD'])` does (without
/// resolving `..`, which the corpus never needs).
fn expand(path: &str) -> String {
    if path.starts_with('/') {
        return path.to_string();
    }
    let base = std::env::var("PWD")
        .ok()
        .filter(|p| p.starts_with('/'))
        .or_else(|| {
            std::env::current_dir()
                .ok()
                .map(|d| d.to_string_lossy().into_owned())
        });
    match base {
        Some(base) => format!(
            "{}/{}",
            base.trim_end_matches('/'),
            path.trim_start_matches("./")
        ),
        None => path.to_string(),
    }
}
