//! Whether human output is coloured (the styles are the renderer's: rustc's bold red errors,
//! bold yellow warnings, blue line numbers).
//!
//! `--color auto` (the default) colours a stream that is a terminal, unless `NO_COLOR` is set
//! to a non-empty value (<https://no-color.org>) or `TERM` is `dumb`; `--color always` and
//! `--color never` decide regardless (a command-line choice overrides `NO_COLOR`, as that
//! convention asks).

use std::ffi::OsStr;

use crate::cli::ColorChoice;

/// Whether to colour a stream: `is_terminal` for that stream, `no_color` and `term` the
/// values of `NO_COLOR` and `TERM`.
pub fn use_colour(
    choice: ColorChoice,
    is_terminal: bool,
    no_color: Option<&OsStr>,
    term: Option<&OsStr>,
) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            is_terminal && no_color.is_none_or(OsStr::is_empty) && term != Some(OsStr::new("dumb"))
        }
    }
}

/// [`use_colour`] with this process's environment.
pub fn use_colour_for(choice: ColorChoice, is_terminal: bool) -> bool {
    use_colour(
        choice,
        is_terminal,
        std::env::var_os("NO_COLOR").as_deref(),
        std::env::var_os("TERM").as_deref(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_needs_a_terminal_and_respects_no_color_and_dumb_terminals() {
        let auto = ColorChoice::Auto;
        assert!(use_colour(auto, true, None, Some(OsStr::new("xterm"))));
        assert!(!use_colour(auto, false, None, None));
        assert!(!use_colour(auto, true, Some(OsStr::new("1")), None));
        // An empty NO_COLOR does not count (no-color.org).
        assert!(use_colour(auto, true, Some(OsStr::new("")), None));
        assert!(!use_colour(auto, true, None, Some(OsStr::new("dumb"))));
    }

    #[test]
    fn always_and_never_decide_alone() {
        assert!(use_colour(
            ColorChoice::Always,
            false,
            Some(OsStr::new("1")),
            None
        ));
        assert!(!use_colour(ColorChoice::Never, true, None, None));
    }
}
