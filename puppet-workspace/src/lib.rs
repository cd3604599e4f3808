//! `puppet-workspace`: Puppet environments and modules as they lie on disk, for the tools that
//! work on many files at once (the `puppet-parser` command, a formatter, a linter, a language
//! server).
//!
//! * [`walk`]: the files a command works on (named files, the Puppet files below named
//!   directories, each real file once, symbolic links followed, ignore files respected).

pub mod walk;
