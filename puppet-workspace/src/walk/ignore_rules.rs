//! The ignore files of a walked tree, as ripgrep and ruff read them: `.ignore` files anywhere,
//! and, inside a git repository, `.gitignore` files and the repository's
//! `.git/info/exclude`. A directory's rules apply to everything below it; a deeper file's rules
//! come first, and a `.ignore` rule (ours to write) outranks a `.gitignore` one (the
//! repository's), which outranks `info/exclude`, as in ripgrep. A `.gitignore` above the
//! nearest repository root does not apply (git reads none there either).
//!
//! Rules are found as the walk goes: a directory's listing says whether it holds a `.ignore`,
//! `.gitignore` or `.git`, so a directory without them costs nothing more. Only the ancestors
//! of a walked root are looked at separately (a `stat` each), for the rules that apply from
//! above it. Patterns are git's (`ignore::gitignore`, ripgrep's matcher): negation,
//! directory-only patterns and anchoring included. Not read: git's global excludes file
//! (`core.excludesFile`) and the `info/exclude` of a repository whose `.git` is a file (a
//! worktree or submodule).
//!
//! The rules follow the path as walked: a directory reached through a symbolic link is under
//! the rules of the link's directory, whatever the link points to.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::Match;
use puppet_diagnostics::render::escape_path;

/// Which file a rule comes from, in order of precedence.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum RuleFile {
    Ignore,
    Gitignore,
    GitExclude,
}

/// The rules of one directory that has some.
struct RuleDir {
    rules: Vec<(RuleFile, Gitignore)>,
    /// The directory holds `.git`: `.gitignore` rules above it do not apply below it.
    repo_root: bool,
    /// The nearest directory above with rules.
    parent: Option<Arc<RuleDir>>,
    /// The path from `parent` to this directory.
    from_parent: PathBuf,
}

/// Why an entry is skipped.
#[derive(Debug)]
pub(crate) struct Ignored {
    /// The pattern as written.
    pub pattern: String,
    /// The file it is in.
    pub file: Option<PathBuf>,
}

/// Where a directory of the walk stands with respect to ignore rules.
#[derive(Clone, Default)]
pub(crate) struct IgnoreScope {
    /// Ignore files are read at all (`--no-ignore` turns this off).
    enabled: bool,
    /// The nearest directory with rules, at or above this one.
    rules: Option<Arc<RuleDir>>,
    /// The path from `rules` to this directory (empty when it is that directory).
    below: PathBuf,
    /// This directory is in a git repository: `.gitignore` files are read.
    in_repo: bool,
}

impl IgnoreScope {
    /// No rules: every entry is taken.
    pub(crate) fn disabled() -> IgnoreScope {
        IgnoreScope::default()
    }

    /// The scope of a walked root directory whose canonical path is `real`: the rules of its
    /// ancestors (its own are read when it is listed).
    pub(crate) fn for_root(real: &Path) -> IgnoreScope {
        let repo_root = real.ancestors().find(|dir| dir.join(".git").exists());
        let mut scope = IgnoreScope {
            enabled: true,
            ..IgnoreScope::default()
        };
        let ancestors: Vec<&Path> = real.ancestors().skip(1).collect();
        // From the top down, so that each directory's rules sit below its parent's.
        for dir in ancestors.into_iter().rev() {
            let in_repo = repo_root.is_some_and(|root| dir.starts_with(root));
            scope.in_repo = in_repo;
            scope = scope.with_rules_of(
                dir,
                dir.join(".ignore").is_file(),
                in_repo && dir.join(".gitignore").is_file(),
                repo_root == Some(dir),
            );
            if let Some(child) = real
                .strip_prefix(dir)
                .ok()
                .and_then(|rest| rest.iter().next())
            {
                scope = scope.descend(child);
            }
        }
        scope.in_repo = repo_root.is_some();
        scope
    }

    /// The scope of the directory `dir` (as walked; `real` its canonical path) given what its
    /// listing holds: `names` are its entries' names.
    pub(crate) fn enter<'a>(
        &self,
        real: &Path,
        mut names: impl Iterator<Item = &'a OsStr>,
    ) -> IgnoreScope {
        if !self.enabled {
            return self.clone();
        }
        let (mut ignore, mut gitignore, mut git) = (false, false, false);
        names.all(|name| {
            ignore |= name == ".ignore";
            gitignore |= name == ".gitignore";
            git |= name == ".git";
            !(ignore && gitignore && git)
        });
        let mut scope = self.clone();
        scope.in_repo |= git;
        let gitignore = gitignore && scope.in_repo;
        scope.with_rules_of(real, ignore, gitignore, git)
    }

    /// This scope with the rules of directory `dir` (canonical path) added, read from the
    /// files it is said to hold.
    fn with_rules_of(self, dir: &Path, ignore: bool, gitignore: bool, git: bool) -> IgnoreScope {
        let mut rules = Vec::new();
        if ignore {
            rules.extend(read_rules(dir, &dir.join(".ignore")).map(|r| (RuleFile::Ignore, r)));
        }
        if gitignore {
            rules
                .extend(read_rules(dir, &dir.join(".gitignore")).map(|r| (RuleFile::Gitignore, r)));
        }
        if git {
            let exclude = dir.join(".git").join("info").join("exclude");
            if exclude.is_file() {
                rules.extend(read_rules(dir, &exclude).map(|r| (RuleFile::GitExclude, r)));
            }
        }
        if rules.is_empty() && !git {
            return self;
        }
        IgnoreScope {
            enabled: self.enabled,
            rules: Some(Arc::new(RuleDir {
                rules,
                repo_root: git,
                parent: self.rules,
                from_parent: self.below,
            })),
            below: PathBuf::new(),
            in_repo: self.in_repo || git,
        }
    }

    /// The scope of subdirectory `name` of this directory, before it is listed.
    pub(crate) fn descend(&self, name: &OsStr) -> IgnoreScope {
        let mut scope = self.clone();
        if scope.rules.is_some() && !name.is_empty() {
            scope.below.push(name);
        }
        scope
    }

    /// Whether entry `name` of this directory (a directory when `is_dir`) is ignored, and by
    /// which rule. The first rule that matches (to ignore it, or to keep it: `!pattern`) in
    /// order of precedence decides.
    pub(crate) fn ignored(&self, name: &OsStr, is_dir: bool) -> Option<Ignored> {
        if !self.enabled {
            return None;
        }
        let top = self.rules.as_ref()?;
        for kind in [RuleFile::Ignore, RuleFile::Gitignore, RuleFile::GitExclude] {
            let mut relative = self.below.join(name);
            let mut level = Some(top);
            // `.gitignore` rules stop at the repository root.
            let mut past_repo_root = false;
            while let Some(dir) = level {
                if !(past_repo_root && kind != RuleFile::Ignore) {
                    for (_, rules) in dir.rules.iter().filter(|(file, _)| *file == kind) {
                        match rules.matched(&relative, is_dir) {
                            Match::None => {}
                            Match::Whitelist(_) => return None,
                            Match::Ignore(glob) => {
                                return Some(Ignored {
                                    pattern: glob.original().to_owned(),
                                    file: glob.from().map(Path::to_path_buf),
                                })
                            }
                        }
                    }
                }
                past_repo_root |= dir.repo_root;
                relative = dir.from_parent.join(relative);
                level = dir.parent.as_ref();
            }
        }
        None
    }
}

/// The rules of `file` for directory `dir`; `None` when there are none or it cannot be read
/// (logged: a broken ignore file must not stop the walk).
fn read_rules(dir: &Path, file: &Path) -> Option<Gitignore> {
    let mut builder = GitignoreBuilder::new(dir);
    if let Some(err) = builder.add(file) {
        // A bad line leaves the others in force.
        log::warn!(file = escape_path(file).as_ref(); "ignore file partly unusable: {err}");
    }
    match builder.build() {
        Ok(rules) if !rules.is_empty() => Some(rules),
        Ok(_) => None,
        Err(err) => {
            log::warn!(file = escape_path(file).as_ref(); "ignore file unusable: {err}");
            None
        }
    }
}
