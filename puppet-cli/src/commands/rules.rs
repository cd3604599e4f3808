//! `--puppet-version` and `--strict`: the Puppet release whose validation rules apply, and
//! Puppet's `strict` setting, shared by `validate` and `xpp build|check`.

use clap::{Args, ValueEnum};
use puppet_syntax::{ParseOptions, PuppetRelease, Strict};

#[derive(Args, Debug, Clone, Copy)]
pub struct RulesArgs {
    /// The Puppet release whose validation rules apply: Puppet 7.23 to 7.34, Puppet 8.0 to
    /// 8.10, OpenVox 8.12 to 8.28.1 (`8.28.1`, `8.28`, `8`, `openvox-8.28.1`, `7.23`). A later
    /// 8.x gets the newest rules known, with a warning.
    #[arg(long, value_name = "VERSION", default_value_t = PuppetRelease::NEWEST,
          value_parser = PuppetRelease::parse_any)]
    pub puppet_version: PuppetRelease,

    /// Puppet's `strict` setting: the severity of DUPLICATE_KEY. Default: the release's
    /// (`warning` in Puppet 7, `error` in Puppet 8).
    #[arg(long, value_enum)]
    pub strict: Option<StrictArg>,
}

#[derive(ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum StrictArg {
    Off,
    Warning,
    Error,
}

impl From<StrictArg> for Strict {
    fn from(arg: StrictArg) -> Strict {
        match arg {
            StrictArg::Off => Strict::Off,
            StrictArg::Warning => Strict::Warning,
            StrictArg::Error => Strict::Error,
        }
    }
}

impl RulesArgs {
    /// The release whose rules apply: the one asked for, or for a release newer than any known
    /// in its line, the newest known (logged as a warning once).
    pub fn release(&self) -> PuppetRelease {
        let asked = self.puppet_version;
        if asked.is_supported() {
            return asked;
        }
        let newest = asked.newest_of_line().unwrap_or(PuppetRelease::NEWEST);
        static WARNED: std::sync::Once = std::sync::Once::new();
        WARNED.call_once(|| log::warn!(
            code = "UNKNOWN_PUPPET_VERSION";
            "Puppet {asked} is newer than any release this build knows; validating with the rules of {newest}"
        ));
        newest
    }

    /// `options` with this release and `strict` (when given).
    pub fn apply(&self, options: ParseOptions) -> ParseOptions {
        let mut options = options.release(self.release());
        options.strict = self.strict.map(Strict::from);
        options
    }
}
