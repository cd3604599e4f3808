//! Golden-file comparison shared by the golden tests: compare `actual` with the file at `path`,
//! or (re)write the file when `UPDATE_EXPECT` is set (review the diff afterwards).

use std::fs;
use std::path::Path;

pub fn check_expect(path: &Path, actual: &str) -> Result<(), String> {
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        fs::write(path, actual).unwrap();
        return Ok(());
    }
    match fs::read_to_string(path) {
        Ok(expected) if expected == actual => Ok(()),
        Ok(expected) => Err(format!(
            "{} differs (run with UPDATE_EXPECT=1 to update)\n--- expected\n{expected}\n--- actual\n{actual}",
            path.display()
        )),
        Err(_) => Err(format!("{} is missing (run with UPDATE_EXPECT=1 to create it)", path.display())),
    }
}
