//! `puppet-workspace`: Puppet environments and modules as they lie on disk, for the tools that
//! work on many files at once (the `puppet-parser` command, a formatter, a linter, a language
//! server).
//!
//! * [`walk`]: the files a command works on (named files, the Puppet files below named
//!   directories, each real file once, symbolic links followed, ignore files respected).
//! * [`module`]: modules and the module path (first name wins), the module directories and
//!   the definition name Puppet expects from a file's path.
//! * [`environment`]: directory environments (`environment.conf`), every source Puppet can
//!   load from one, and where each source's `.xpp` goes.
//! * [`cache`]: file identities ([`cache::FileId`], interned in a [`cache::Vfs`]) and the
//!   parse cache ([`cache::ParseCache`]: one parse per file, keyed by content and settings).
//! * [`index`]: the definitions of many files (classes, defined types, functions, type
//!   aliases, nodes, plans) with their parameters and documentation comments, by name and by
//!   file.
//!
//! The index of a module's files, looked up by name:
//!
//! ```
//! use puppet_workspace::cache::{ParseCache, Vfs};
//! use puppet_workspace::index::{build, DefinitionKind};
//!
//! let dir = std::env::temp_dir().join(format!("puppet-workspace-doc-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join("manifests")).unwrap();
//! let init = dir.join("manifests/init.pp");
//! std::fs::write(&init, "# @summary Installs demo.\nclass demo(String $version = 'latest') {}\n").unwrap();
//!
//! let (vfs, cache) = (Vfs::new(), ParseCache::new());
//! let (index, problems) = build(&[init], &vfs, &cache, &puppet_syntax::ParseOptions::new());
//! assert!(problems.unreadable.is_empty());
//! let demo = index.lookup(DefinitionKind::Class, "::Demo")[0];
//! assert_eq!(demo.parameters[0].name, "version");
//! assert_eq!(demo.doc.as_ref().unwrap().summary.as_deref(), Some("Installs demo."));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

pub mod cache;
pub mod environment;
pub mod index;
pub mod module;
pub mod walk;
