//! Which Ruby Puppet the differential tests ask, and which release our side validates as: the
//! variables `scripts/oracle/env.sh` reads for the scripts.
//!
//! * `PUPPET_ORACLE_RUBY`: the ruby command and its arguments, split at blanks (default `ruby`,
//!   which loads Debian's Puppet 7.23), e.g.
//!   `ruby -I/tmp/openvox-8.28.1/lib -r/tmp/openvox-8.28.1/env.rb`;
//! * `PUPPET_ORACLE_RELEASE`: the release that command loads (default 7.23.0), whose rules our
//!   validation then applies;
//! * `PUPPET_ORACLE_REQUIRED`: missing answers are a failure rather than a skip.
//!
//! Ruby's answers about another release than the default are kept apart, in
//! `target/oracle/release-RELEASE/`, and the answer caches of another command than `ruby` are
//! keyed by the command too, so that one Puppet's answers are never taken for another's.

use std::path::{Path, PathBuf};
use std::process::Command;

use puppet_syntax::PuppetRelease;

use crate::knobs;

/// The workspace root (the parent of this crate).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("test-support lies in the workspace")
        .to_path_buf()
}

/// `PUPPET_ORACLE_RELEASE`, or Puppet 7.23.0 (Debian 12's).
pub fn release() -> PuppetRelease {
    let text = knobs::text("PUPPET_ORACLE_RELEASE");
    text.trim()
        .parse()
        .unwrap_or_else(|e| panic!("PUPPET_ORACLE_RELEASE: {e}"))
}

/// The words of `PUPPET_ORACLE_RUBY`, or `ruby`.
pub fn ruby_words() -> Vec<String> {
    knobs::text("PUPPET_ORACLE_RUBY")
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// The command that runs a Ruby script under the oracle's Puppet: add the script and its
/// arguments.
pub fn ruby_command() -> Command {
    let words = ruby_words();
    let mut command = Command::new(&words[0]);
    command.args(&words[1..]);
    command
}

/// Whether the oracle is the default one: plain `ruby` (Debian's Puppet 7.23) and 7.23.0.
pub fn is_default() -> bool {
    ruby_words() == ["ruby"] && release() == PuppetRelease::PUPPET_7_23
}

/// Where Ruby's answers are kept: `target/oracle/`, or `target/oracle/release-RELEASE/` for
/// another oracle than the default.
pub fn oracle_dir() -> PathBuf {
    let base = workspace_root().join("target/oracle");
    if is_default() {
        base
    } else {
        base.join(format!("release-{}", release()))
    }
}

/// What Ruby's answers depend on besides the inputs and the scripts: nothing for the default
/// oracle, else the command and the release (hashed into the answer caches' keys).
pub fn cache_key() -> String {
    if is_default() {
        String::new()
    } else {
        format!("ruby={} release={}", ruby_words().join(" "), release())
    }
}

/// Whether a missing oracle answer must fail the test (`PUPPET_ORACLE_REQUIRED`).
pub fn required() -> bool {
    knobs::is_set("PUPPET_ORACLE_REQUIRED")
}

/// The answer file named by knob `knob`, else `default` in [`oracle_dir`].
pub fn answers_path(knob: &str, default: &str) -> PathBuf {
    knobs::var(knob).map_or_else(|| oracle_dir().join(default), PathBuf::from)
}
