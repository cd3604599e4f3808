//! Which module a file belongs to: Ruby `Checker4_0#namespace_for_file` and its helpers, used by
//! `ILLEGAL_DEFINITION_LOCATION` (a class/define/function/plan must be named after its file) and
//! `ILLEGAL_TOP_CONSTRUCT_LOCATION` (a module file may only contain definitions).
//!
//! Ruby computes the answer from strings, never touching the file system (symbolic links are not
//! resolved), and so does this module:
//!
//! 1. a file whose extension is not `.pp` has no namespace;
//! 2. the path is made absolute (`File.expand_path`: relative to the working directory, `.`/`..`
//!    resolved lexically);
//! 3. a file equal to, or starting with, the environment's `manifest` (a plain string prefix) has
//!    no namespace;
//! 4. the first module path directory `D` (also expanded) such that the path starts with `D/`
//!    gives the module-relative path `module/dir/sub/…/file.pp`; none → no namespace;
//! 5. `dir` must be `manifests`, `functions`, `types` or `plans`, else the file is a *bad module
//!    file* (every definition in it is misplaced); otherwise the namespace is
//!    `module::sub::…::file` (lower-cased; `init.pp` directly in `dir` adds nothing).

use std::path::{Path, PathBuf};

pub use crate::options::LocationContext;

impl LocationContext {
    /// `namespace_for_file(file)`.
    pub fn namespace_for_file(&self, file: &str) -> FileNamespace {
        // Without a module path no file is a module file (whatever the manifest).
        if self.modulepath.is_empty() || !has_pp_extension(file) {
            return FileNamespace::None;
        }
        let path = self.expand_path(file);
        if let Some(manifest) = &self.manifest {
            let manifest = self.expand_path(&manifest.to_string_lossy());
            if path.starts_with(&manifest) {
                return FileNamespace::None;
            }
        }
        let relative = self.modulepath.iter().find_map(|dir| {
            let parent = format!("{}/", self.expand_path(&dir.to_string_lossy()));
            path.strip_prefix(&parent).map(str::to_owned)
        });
        match relative {
            None => FileNamespace::None,
            Some(relative) => dir_to_names(&relative),
        }
    }
}

/// The namespace a file's definitions must have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileNamespace {
    /// Not a module file (or no environment): no location checks.
    None,
    /// A module file outside `manifests`, `functions`, `types` and `plans`.
    BadModuleFile,
    /// Definitions must start with this (lower-case) name, e.g. `apt::source`.
    Namespace(String),
}

/// `Pathname#extname == ".pp"` (a leading dot of the base name does not start an extension).
fn has_pp_extension(file: &str) -> bool {
    let base = file.rsplit('/').next().unwrap_or(file);
    let stem = base.trim_start_matches('.');
    stem.rfind('.').is_some_and(|i| &stem[i..] == ".pp")
}

impl LocationContext {
    /// `File.expand_path` (lexical): absolute, `.` and `..` resolved, duplicate `/` removed, `~`
    /// expanded from [`LocationContext::home`], relative paths taken from
    /// [`LocationContext::working_dir`].
    pub(crate) fn expand_path(&self, file: &str) -> String {
        let absolute: PathBuf = if let Some(rest) = file
            .strip_prefix("~")
            .filter(|r| r.is_empty() || r.starts_with('/'))
        {
            let home = self.home.as_deref().unwrap_or(Path::new(""));
            PathBuf::from(format!("{}{rest}", home.display()))
        } else if Path::new(file).is_absolute() {
            PathBuf::from(file)
        } else {
            Path::new("/").join(&self.working_dir).join(file)
        };
        let mut parts: Vec<&str> = Vec::new();
        let text = absolute.to_string_lossy().into_owned();
        for part in text.split('/') {
            match part {
                "" | "." => {}
                ".." => {
                    parts.pop();
                }
                other => parts.push(other),
            }
        }
        format!("/{}", parts.join("/"))
    }
}

/// `dir_to_names(relative_path)`.
fn dir_to_names(relative: &str) -> FileNamespace {
    let lower = relative.to_lowercase();
    // Ruby's `split('/')` drops trailing empty strings.
    let mut components: Vec<&str> = lower.split('/').collect();
    while components.last() == Some(&"") {
        components.pop();
    }
    if !matches!(
        components.get(1),
        Some(&("manifests" | "functions" | "types" | "plans"))
    ) {
        return FileNamespace::BadModuleFile;
    }
    let mut names: Vec<&str> = vec![components[0]];
    if components.len() > 3 {
        names.extend_from_slice(&components[2..components.len() - 1]);
    }
    let filename = components[components.len() - 1];
    if !(components.len() == 3 && filename == "init.pp") {
        // Ruby `filename[0..-4]`: all but the last three characters.
        let keep = filename.char_indices().rev().nth(2).map_or(0, |(i, _)| i);
        names.push(&filename[..keep]);
    }
    FileNamespace::Namespace(names.join("::"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ns(file: &str) -> FileNamespace {
        LocationContext::new(
            vec![PathBuf::from("/etc/puppet/code/modules")],
            Some(PathBuf::from("/etc/puppet/site.pp")),
            PathBuf::from("/srv"),
        )
        .namespace_for_file(file)
    }

    #[test]
    fn namespaces_like_ruby() {
        let n = |s: &str| FileNamespace::Namespace(s.to_owned());
        assert_eq!(
            ns("/etc/puppet/code/modules/apt/manifests/init.pp"),
            n("apt")
        );
        assert_eq!(
            ns("/etc/puppet/code/modules/apt/manifests/source.pp"),
            n("apt::source")
        );
        assert_eq!(
            ns("/etc/puppet/code/modules/Apt/manifests/A/B.pp"),
            n("apt::a::b")
        );
        assert_eq!(
            ns("/etc/puppet/code/modules/apt/manifests/sub/init.pp"),
            n("apt::sub::init")
        );
        assert_eq!(
            ns("/etc/puppet/code/modules/apt/functions/f.pp"),
            n("apt::f")
        );
        assert_eq!(
            ns("/etc/puppet/code/modules/apt/examples/f.pp"),
            FileNamespace::BadModuleFile
        );
        assert_eq!(
            ns("/etc/puppet/code/modules/apt.pp"),
            FileNamespace::BadModuleFile
        );
        assert_eq!(
            ns("/etc/puppet/code/modules/apt/manifests/x.epp"),
            FileNamespace::None
        );
        assert_eq!(
            ns("/etc/puppet/code/modules/../modules/apt/manifests/init.pp"),
            n("apt")
        );
        assert_eq!(ns("/etc/puppet/site.pp"), FileNamespace::None);
        assert_eq!(ns("/srv/x.pp"), FileNamespace::None);
        assert_eq!(ns("/etc/puppet/code/modules/.pp"), FileNamespace::None);
    }

    #[test]
    fn expansion() {
        let context = LocationContext::new(Vec::new(), None, PathBuf::from("/work/env"))
            .with_home(Some(PathBuf::from("/home/me")));
        assert_eq!(context.expand_path("/a//b/./c/../d"), "/a/b/d");
        assert_eq!(context.expand_path("/.."), "/");
        assert_eq!(context.expand_path("x.pp"), "/work/env/x.pp");
        assert_eq!(context.expand_path("../x.pp"), "/work/x.pp");
        assert_eq!(context.expand_path("~/x.pp"), "/home/me/x.pp");
        assert_eq!(context.expand_path("~x.pp"), "/work/env/~x.pp");
        let no_home = LocationContext::new(Vec::new(), None, PathBuf::new());
        assert_eq!(no_home.expand_path("~/x.pp"), "/x.pp");
        assert_eq!(no_home.expand_path("x.pp"), "/x.pp");
    }
}
