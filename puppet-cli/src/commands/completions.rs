//! `puppet-parser completions SHELL` and `puppet-parser man`: the completion scripts and the
//! man page, both made from the clap command tree, so they list every command and option the
//! binary has. `lint` takes puppet-lint's options, parsed by a command of its own
//! (`commands::lint::args`): it is put in the tree in place of the pass-through, so that its
//! options (one pair a check) are completed and documented too.

use std::io::Write;

use clap::CommandFactory;

use crate::cli::Cli;
use crate::Outcome;

/// The command tree with `lint`'s own options. The global options (`--log-level`,
/// `--log-format`, `--color`) are given to every command but `lint`, whose `--log-format` is
/// puppet-lint's.
pub fn command_tree() -> clap::Command {
    let mut tree = Cli::command();
    let globals: Vec<clap::Arg> = tree
        .get_arguments()
        .filter(|a| a.is_global_set())
        .map(|a| a.clone().global(false))
        .collect();
    for arg in &globals {
        tree = tree.mut_arg(arg.get_id().clone(), |a| a.global(false));
    }
    tree.mut_subcommands(|sub| {
        if sub.get_name() == "lint" {
            let about = sub.get_about().cloned();
            let mut lint = crate::commands::lint::args::command().name("lint");
            if let Some(about) = about {
                lint = lint.about(about);
            }
            lint
        } else {
            globals.iter().fold(sub, |sub, arg| sub.arg(arg.clone()))
        }
    })
}

fn write_out(bytes: &[u8]) -> Outcome {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Outcome::Clean,
        Err(err) => {
            log::error!("cannot write to stdout: {err}");
            Outcome::Failure
        }
    }
}

pub fn completions(shell: clap_complete::Shell) -> Outcome {
    let mut tree = command_tree();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut tree, "puppet-parser", &mut script);
    write_out(&script)
}

fn render(command: clap::Command) -> Result<Vec<u8>, std::io::Error> {
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page)?;
    Ok(page)
}

/// puppet-parser(1) on stdout, or every page into `dir`.
pub fn man(dir: Option<&std::path::Path>) -> Outcome {
    let tree = command_tree();
    let Some(dir) = dir else {
        return match render(tree) {
            Ok(page) => write_out(&page),
            Err(err) => {
                log::error!("cannot render the man page: {err}");
                Outcome::Failure
            }
        };
    };
    if let Err(err) = std::fs::create_dir_all(dir) {
        log::error!(dir = dir.to_string_lossy().as_ref(); "cannot make the directory: {err}");
        return Outcome::Failure;
    }
    let mut pages = vec![("puppet-parser".to_string(), tree.clone())];
    for sub in tree.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("puppet-parser-{}", sub.get_name());
        pages.push((name.clone(), sub.clone().name(name)));
    }
    for (name, command) in pages {
        let path = dir.join(format!("{name}.1"));
        let written = render(command).and_then(|page| std::fs::write(&path, page));
        if let Err(err) = written {
            log::error!(path = path.to_string_lossy().as_ref(); "cannot write the man page: {err}");
            return Outcome::Failure;
        }
        println!("{}", path.display());
    }
    Outcome::Clean
}
