//! The server's settings: one object, given as `initializationOptions` or as the `puppet`
//! section of `workspace/didChangeConfiguration` (the inner object alone is accepted too).
//! `docs/editors.md` documents each key; an unknown key or a value of the wrong type is
//! logged and ignored, never fatal, so that an editor's stale settings cannot stop the server.
//!
//! The lint checks come from puppet-lint's option files, as `puppet-parser lint` reads them
//! (`/etc/puppet-lint.rc`, `~/.puppet-lint.rc`, then the workspace folder's `.puppet-lint.rc`:
//! `--no-<check>-check`, `--<check>-check`, `--only-checks=a,b`, `--relative`,
//! `--top-scope-variables=a,b`, one or more to a line), then from `lint.checks`.

use std::path::{Path, PathBuf};

use puppet_lint::LintOptions;
use puppet_syntax::{ParseOptions, PuppetRelease, Strict};
use serde_json::Value;

/// The settings in force.
#[derive(Clone, Debug)]
pub struct Config {
    /// Whose validation rules apply.
    pub release: PuppetRelease,
    /// Puppet's `strict`; `None`: the release's default.
    pub strict: Option<Strict>,
    /// Bolt's `tasks` mode.
    pub tasks: bool,
    /// The module path as given (relative entries are relative to the first folder).
    pub module_path: Option<Vec<PathBuf>>,
    pub lint_enabled: bool,
    /// `lint.checks`: check name → on.
    pub lint_checks: Vec<(String, bool)>,
    pub format_enabled: bool,
    /// What `.puppet-lint.rc` and `lint.checks` give.
    pub lint: LintOptions,
    /// The problems found in the settings (logged, and shown once to the user).
    pub problems: Vec<String>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            release: PuppetRelease::NEWEST,
            strict: None,
            tasks: false,
            module_path: None,
            lint_enabled: true,
            lint_checks: Vec::new(),
            format_enabled: true,
            lint: LintOptions::default(),
            problems: Vec::new(),
        }
    }
}

impl Config {
    /// The settings of `value` (on top of the defaults), with the lint option file of `root`.
    pub fn from_value(value: Option<&Value>, root: Option<&Path>) -> Config {
        let mut config = Config::default();
        let value = value.map(|v| v.get("puppet").unwrap_or(v));
        if let Some(Value::Object(map)) = value {
            for (key, v) in map {
                config.set(key, v);
            }
        } else if let Some(v) = value.filter(|v| !v.is_null()) {
            config
                .problems
                .push(format!("the settings are not an object: {v}"));
        }
        config.lint = config.lint_options(root);
        for problem in &config.problems {
            log::warn!(code = "LSP_SETTING"; "{problem}");
        }
        config
    }

    fn set(&mut self, key: &str, value: &Value) {
        // `null`: the default (editors send unset settings so).
        if value.is_null() {
            return;
        }
        let wrong = |problems: &mut Vec<String>, what: &str| {
            problems.push(format!("setting '{key}' must be {what}, not {value}"));
        };
        match key {
            "puppetVersion" => match value.as_str().map(str::parse::<PuppetRelease>) {
                Some(Ok(release)) => self.release = release,
                Some(Err(err)) => self
                    .problems
                    .push(format!("setting 'puppetVersion': {err}")),
                None => wrong(&mut self.problems, "a string such as \"8.28.1\""),
            },
            "strict" => match value.as_str().map(str::parse::<Strict>) {
                Some(Ok(strict)) => self.strict = Some(strict),
                _ => wrong(&mut self.problems, "\"off\", \"warning\" or \"error\""),
            },
            "tasks" => match value.as_bool() {
                Some(on) => self.tasks = on,
                None => wrong(&mut self.problems, "a boolean"),
            },
            "modulePath" => match value {
                Value::Array(items) if items.iter().all(Value::is_string) => {
                    self.module_path = Some(
                        items
                            .iter()
                            .filter_map(Value::as_str)
                            .map(PathBuf::from)
                            .collect(),
                    );
                }
                // Puppet's own form: one string, entries separated by ':'.
                Value::String(text) => {
                    self.module_path = Some(std::env::split_paths(text).collect());
                }
                _ => wrong(&mut self.problems, "an array of paths"),
            },
            "lint" => self.set_section("lint", value),
            "lint.enable" => match value.as_bool() {
                Some(on) => self.lint_enabled = on,
                None => wrong(&mut self.problems, "a boolean"),
            },
            // Neovim sends an empty Lua table as `[]`.
            "lint.checks" if value.as_array().is_some_and(Vec::is_empty) => {}
            "lint.checks" => match value {
                Value::Object(map) => {
                    for (name, on) in map {
                        match on.as_bool() {
                            Some(on) if puppet_lint::find_check(name).is_some() => {
                                self.lint_checks.push((name.clone(), on))
                            }
                            Some(_) => self
                                .problems
                                .push(format!("lint.checks: unknown check '{name}'")),
                            None => self
                                .problems
                                .push(format!("lint.checks.{name} must be a boolean")),
                        }
                    }
                }
                _ => wrong(&mut self.problems, "an object of check names to booleans"),
            },
            "format" => self.set_section("format", value),
            "format.enable" => match value.as_bool() {
                Some(on) => self.format_enabled = on,
                None => wrong(&mut self.problems, "a boolean"),
            },
            // The VS Code extension's own settings, which it may pass along.
            "server" | "trace" => {}
            _ => self.problems.push(format!("unknown setting '{key}'")),
        }
    }

    fn set_section(&mut self, section: &str, value: &Value) {
        match value {
            Value::Object(map) => {
                for (key, v) in map {
                    self.set(&format!("{section}.{key}"), v);
                }
            }
            _ => self
                .problems
                .push(format!("setting '{section}' must be an object")),
        }
    }

    /// The parse options of a document (its path and EPP set by the caller).
    pub fn parse_options(&self) -> ParseOptions {
        let mut options = ParseOptions::new()
            .release(self.release)
            .tasks(self.tasks)
            .cst(true);
        if let Some(strict) = self.strict {
            options = options.strict(strict);
        }
        options
    }

    fn lint_options(&mut self, root: Option<&Path>) -> LintOptions {
        let mut options = LintOptions::default();
        // The option files puppet-lint and `puppet-parser lint` read, in their order, the
        // workspace folder standing for the working directory.
        let files = [
            Some(PathBuf::from("/etc/puppet-lint.rc")),
            std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".puppet-lint.rc")),
            root.map(|r| r.join(".puppet-lint.rc")),
        ];
        for rc in files.into_iter().flatten() {
            if let Ok(text) = std::fs::read_to_string(&rc) {
                let problems = apply_option_file(&mut options, &text);
                self.problems.extend(
                    problems
                        .into_iter()
                        .map(|p| format!("{}: {p}", rc.display())),
                );
            }
        }
        for (name, on) in &self.lint_checks {
            // (Names were checked when read.)
            let _ = options.set(name, *on);
        }
        options
    }
}

/// Applies the options of a puppet-lint option file that choose checks; returns what it could
/// not use. Options that change only the command's output (`--log-format`, `--fail-on-warnings`,
/// …) mean nothing to an editor and are skipped silently.
pub fn apply_option_file(options: &mut LintOptions, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for word in text
        .lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .flat_map(str::split_whitespace)
    {
        let (flag, value) = match word.split_once('=') {
            Some((flag, value)) => (flag, Some(value)),
            None => (word, None),
        };
        match (flag, value) {
            ("--only-checks", Some(list)) => {
                if let Err(err) = options.only(list.split(',').filter(|n| !n.is_empty())) {
                    problems.push(err.to_string());
                }
            }
            ("--relative", None) => options.relative = true,
            ("--top-scope-variables", Some(list)) => {
                options.top_scope_variables = list.split(',').map(str::to_owned).collect();
            }
            _ => {
                let Some(name) = flag
                    .strip_prefix("--")
                    .and_then(|f| f.strip_suffix("-check"))
                else {
                    continue;
                };
                let (name, on) = match name.strip_prefix("no-") {
                    Some(name) => (name, false),
                    None => (name, true),
                };
                if options.set(name, on).is_err() {
                    problems.push(format!("unknown check '{name}'"));
                }
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn settings_are_read_from_either_shape() {
        let inner = json!({"puppetVersion": "7.23", "lint": {"checks": {"80chars": true}}});
        for value in [inner.clone(), json!({ "puppet": inner })] {
            let config = Config::from_value(Some(&value), None);
            assert_eq!(config.release, PuppetRelease::PUPPET_7_23);
            assert!(config
                .lint
                .is_enabled(puppet_lint::find_check("80chars").unwrap()));
            assert!(config.problems.is_empty(), "{:?}", config.problems);
        }
    }

    #[test]
    fn bad_settings_are_reported_not_fatal() {
        let value = json!({"puppetVersion": "6.0", "tasks": "yes", "colour": 1,
                           "lint": {"checks": {"no_such_check": false}}});
        let config = Config::from_value(Some(&value), None);
        assert_eq!(config.release, PuppetRelease::NEWEST);
        assert!(!config.tasks);
        assert_eq!(config.problems.len(), 4, "{:?}", config.problems);
    }

    #[test]
    fn option_files_choose_checks() {
        let mut options = LintOptions::default();
        let problems = apply_option_file(
            &mut options,
            "# checks\n--no-140chars-check --80chars-check\n--fail-on-warnings\n--no-nope-check\n",
        );
        assert_eq!(problems, vec!["unknown check 'nope'".to_string()]);
        assert!(!options.is_enabled(puppet_lint::find_check("140chars").unwrap()));
        assert!(options.is_enabled(puppet_lint::find_check("80chars").unwrap()));
    }
}
