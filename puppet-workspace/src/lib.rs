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

pub mod cache;
pub mod environment;
pub mod index;
pub mod module;
pub mod walk;
