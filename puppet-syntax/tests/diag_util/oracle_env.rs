//! Which Ruby Puppet the differential tests ask, and which release our side validates as: the
//! variables `scripts/oracle/env.sh` reads for the scripts.
//!
//! * `PUPPET_ORACLE_RUBY`: the ruby command and its arguments, split at blanks (default `ruby`,
//!   which loads Debian's Puppet 7.23), e.g.
//!   `ruby -I/tmp/openvox-8.28.1/lib -r/tmp/openvox-8.28.1/env.rb`;
//! * `PUPPET_ORACLE_RELEASE`: the release that command loads (default 7.23.0), whose rules our
//!   validation then applies.
//!
//! Ruby's answers about another release than the default are kept apart, in
//! `target/oracle/release-RELEASE/`, and the answer caches of another command than `ruby` are
//! keyed by the command too, so that one Puppet's answers are never taken for another's.
//! Included both from `diag_util` and, by path, by tests without it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

use puppet_syntax::PuppetRelease;

/// `PUPPET_ORACLE_RELEASE`, or Puppet 7.23.0 (Debian 12's).
pub fn release() -> PuppetRelease {
    match std::env::var("PUPPET_ORACLE_RELEASE") {
        Ok(text) if !text.trim().is_empty() => text
            .parse()
            .unwrap_or_else(|e| panic!("PUPPET_ORACLE_RELEASE: {e}")),
        _ => PuppetRelease::PUPPET_7_23,
    }
}

/// The words of `PUPPET_ORACLE_RUBY`, or `ruby`.
fn ruby_words() -> Vec<String> {
    let words: Vec<String> = std::env::var("PUPPET_ORACLE_RUBY")
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    if words.is_empty() {
        vec!["ruby".to_owned()]
    } else {
        words
    }
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
    let base = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/oracle");
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
