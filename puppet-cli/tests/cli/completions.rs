//! `completions` and `man`: made from the command tree, so they know every command and
//! option, `lint`'s puppet-lint options included.

use puppet_test_support::cli::{code, stdout, TempDir};

use super::parser;

#[test]
fn completion_scripts_know_every_command_and_lint_option() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = parser().run(["completions", shell]);
        assert_eq!(code(&out), 0, "{shell}");
        let script = stdout(&out);
        for word in [
            "validate",
            "lint",
            "lsp",
            "xpp",
            "no-140chars-check",
            "modulepath",
        ] {
            assert!(script.contains(word), "{shell} completion lacks {word}");
        }
    }
    let out = parser().run(["completions", "tcsh"]);
    assert_eq!(code(&out), 2, "an unknown shell is a usage error");
}

#[test]
fn man_pages_for_the_command_and_each_subcommand() {
    let out = parser().run(["man"]);
    assert_eq!(code(&out), 0);
    let page = stdout(&out);
    assert!(page.contains(".TH puppet-parser 1"), "{page}");
    assert!(page.contains("validate"));
    let dir = TempDir::new();
    let out = parser().run(["man", "--dir", dir.0.join("man1").to_str().unwrap()]);
    assert_eq!(code(&out), 0);
    for name in [
        "puppet-parser",
        "puppet-parser-validate",
        "puppet-parser-lint",
        "puppet-parser-lsp",
        "puppet-parser-fmt",
    ] {
        let text = std::fs::read_to_string(dir.0.join("man1").join(format!("{name}.1"))).unwrap();
        assert!(text.contains(&format!(".TH {name} 1")), "{name}");
    }
    let lint = std::fs::read_to_string(dir.0.join("man1/puppet-parser-lint.1")).unwrap();
    assert!(
        lint.contains("only\\-checks"),
        "lint's page has puppet-lint's options"
    );
}
