//! Reading an input: a file's bytes (or standard input's for `-`), decoded, and the name shown
//! for it. Decoding (BOM, UTF-8) is the library's job (`puppet_syntax::Decoded`); it is done
//! here, as the file is read, so that a thread reading ahead of the workers does it for them.

use std::io::{self, Read};
use std::path::Path;

use puppet_syntax::{Decoded, ParseOptions};

use crate::cli::ParseArgs;

/// One input, read.
#[derive(Debug)]
pub struct Input {
    /// The name shown in output and diagnostics: the path as given, or `<stdin>` for `-`.
    pub name: String,
    /// The input's bytes, as read, decoded.
    pub source: Decoded,
}

/// Reads and decodes `path` (`-` is standard input).
pub fn read(path: &Path) -> io::Result<Input> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        io::stdin().lock().read_to_end(&mut bytes)?;
        return Ok(Input {
            name: "<stdin>".to_owned(),
            source: Decoded::from(bytes),
        });
    }
    Ok(Input {
        name: display_name(path),
        source: Decoded::from(std::fs::read(path)?),
    })
}

/// `path.display().to_string()`, without its character-by-character pass over a path that is
/// valid UTF-8 (nearly all: a thousand instructions a file saved on `validate`'s reader).
pub fn display_name(path: &Path) -> String {
    match path.to_str() {
        Some(name) => name.to_owned(),
        None => path.display().to_string(),
    }
}

/// The options for parsing the input read from `path`: `base` with the input's name as the
/// file, and EPP for `--epp` or a file whose name ends in `.epp`. Standard input has no file,
/// as in Ruby (`puppet parser validate < x.pp`): no location checks, and messages that name
/// the file say nothing (`Class 'a' is already defined (line: 1); …`); its diagnostics are
/// shown under the input's name.
pub fn options_for(base: &ParseOptions, args: ParseArgs, path: &Path, name: &str) -> ParseOptions {
    let is_epp_path = path.extension().is_some_and(|e| e == "epp");
    let mut options = base.clone().epp(args.epp || is_epp_path).tasks(args.tasks);
    options.file = (path.as_os_str() != "-").then(|| name.to_owned());
    options
}
